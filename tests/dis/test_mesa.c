/* Decoding agrees with Mesa: for each vendor image whose Mesa 24.3
 * listing is in the reference tree, afuc-objdump's listing (the library,
 * with the SDK's own register database) is read back word by word, and
 * every word that both listings print as an instruction must be the same
 * instruction: mnemonic, modifiers and operands, with labels compared by
 * the address they stand for, @/% names by their value, constant
 * expressions by their value, and comments left out.
 *
 * Also checked: our listing accounts for every word of the image (its
 * addresses end where the image ends), and it prints at least 90% of the
 * words Mesa decodes as instructions (so that the comparison cannot pass
 * by printing everything raw). */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "dis/dis.h"
#include "listing.h"
#include "rnn/rnn.h"
#include "vendor.h"

/* How many words a listing places: each section starts at the 32-byte
 * boundary after the previous one's last word. */
static uint32_t listing_end(const struct listing *l)
{
	uint32_t start = 0, end = 0;
	for (unsigned s = 0; s < l->sections; s++) {
		if (s)
			start = (start + end + 7) / 8 * 8;
		end = 0;
		for (size_t i = 0; i < l->word_count; i++)
			if (l->words[i].sect == s)
				end = l->words[i].addr +
				      (strcmp(l->words[i].text, ".jumptbl") ? 1 : 0x80);
	}
	return start + end;
}

static void check_image(struct tap *t, const char *ref_dir, const struct vendor_image *img,
			struct rnn_db *db, size_t *total)
{
	uint8_t *fw = NULL, *mesa_text = NULL;
	size_t fw_len, mesa_len;
	char *mesa_path = util_xasprintf("%s/disasm/%s.s", ref_dir, img->name);
	if (!vendor_read(img->name, &fw, &fw_len) ||
	    util_read_file(mesa_path, &mesa_text, &mesa_len)) {
		tap_skip(t, 5, "%s: image or Mesa listing %s absent", img->name, mesa_path);
		goto out;
	}
	struct diag d;
	diag_init(&d);
	struct dis_options opt = {.gen = img->gen, .db = db};
	struct util_str ours_text = {0};
	bool ok = dis_image(fw, fw_len, img->name, &opt, &ours_text, &d);
	tap_ok(t, ok, "%s: disassembles", img->name);
	diag_print(&d, stdout, "# test-mesa");
	diag_free(&d);

	struct listing mesa, ours;
	unsigned mesa_line, our_line;
	bool parsed = listing_parse(&mesa, (const char *)mesa_text, &mesa_line);
	parsed &= listing_parse(&ours, ours_text.text ? ours_text.text : "", &our_line);
	tap_ok(t, parsed, "%s: both listings parse (Mesa's to line %u, ours to line %u)", img->name,
	       mesa_line, our_line);
	tap_is_int(t, listing_end(&ours), fw_len / 4 - 1, "%s: our listing places every word",
		   img->name);

	const char *v = vendor_variant(img->gen);
	diag_init(&d);
	const struct rnn_view *control = rnn_view(db, RNN_CONTROL, v, &d);
	const struct rnn_view *sqe = img->gen >= ISA_A6XX ? rnn_view(db, RNN_SQE, v, &d) : NULL;
	diag_print(&d, stdout, "# test-mesa");
	diag_free(&d);
	size_t compared = 0, differ = 0, mesa_instrs = 0;
	struct util_str a = {0}, b = {0};
	for (size_t i = 0; i < mesa.word_count; i++) {
		const struct listing_word *mw = &mesa.words[i];
		if (!listing_is_instr(mw))
			continue;
		mesa_instrs++;
		const struct listing_word *ow = listing_at(&ours, mw->sect, mw->addr);
		if (!ow || !listing_is_instr(ow))
			continue;
		a.len = b.len = 0;
		listing_normalise(&mesa, mw, control, sqe, &a);
		listing_normalise(&ours, ow, control, sqe, &b);
		compared++;
		if (strcmp(a.text, b.text)) {
			if (++differ <= 10)
				tap_diag(t, "%s %u:%04x: Mesa '%s' (%s), ours '%s' (%s)", img->name,
					 mw->sect, mw->addr, mw->text, a.text, ow->text, b.text);
		}
	}
	tap_ok(t, differ == 0, "%s: %zu words both decode, %zu differ", img->name, compared,
	       differ);
	tap_ok(t, compared * 10 >= mesa_instrs * 9,
	       "%s: %zu of Mesa's %zu instruction words are instructions in ours too", img->name,
	       compared, mesa_instrs);
	*total += compared;
	util_str_free(&a);
	util_str_free(&b);
	util_str_free(&ours_text);
	listing_free(&mesa);
	listing_free(&ours);
out:
	free(mesa_path);
	free(fw);
	free(mesa_text);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	const char *ref = getenv("AFUC_REFERENCE_DIR");
	const char *root = getenv("SDK_ROOT");
	char *ref_dir = ref && *ref ? util_xstrdup(ref)
				    : util_xasprintf("%s/../shared/reference", root ? root : ".");
	struct rnn_db *db = vendor_open_db(&t);
	if (db) {
		size_t total = 0;
		for (size_t i = 0; i < vendor_image_count; i++)
			check_image(&t, ref_dir, &vendor_images[i], db, &total);
		tap_diag(&t, "%zu words compared with Mesa's listings", total);
		rnn_close(db);
	}
	free(ref_dir);
	return tap_done_testing(&t);
}
