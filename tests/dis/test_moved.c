/* The listing is relocatable: for each vendor image, one `nop` is
 * inserted after the header words of afuc-objdump's listing, the result
 * is assembled and linked (sdk/as, sdk/ld, default script), and every
 * word of the new image must be what the edited listing says at the
 * address the listing gives it: instructions decode to the same text with
 * labels at their new addresses, raw words are unchanged, [#jumptbl] and
 * [#__image_size] carry the new table address and size, and each packet
 * table entry is the new address of its handler label. So every branch,
 * call, table offset and handler the listing expresses as a label moved
 * with the code (what the listing leaves as a number cannot be checked
 * here: the emulator tests run the rebuilt images). */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "as/as.h"
#include "dis/dis.h"
#include "ld/ld.h"
#include "listing.h"
#include "rnn/rnn.h"
#include "vendor.h"

/* The listing with "nop" after the first section's leading raw words
 * and labels (its header). */
static char *insert_nop(const char *text)
{
	const char *p = text;
	bool in_header = false;
	while (*p) {
		const char *end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		bool header_line = *p == '[' || (end > p && end[-1] == ':');
		bool skip = p == end || *p == ';' || *p == '.';
		if (in_header && !header_line)
			break;
		if (header_line)
			in_header = true;
		else if (!skip)
			break;
		p = *end ? end + 1 : end;
	}
	return util_xasprintf("%.*snop\n%s", (int)(p - text), text, p);
}

static struct ld_script *default_script(enum isa_gen gen, struct diag *d)
{
	const char *build = getenv("SDK_BUILD");
	char *path = util_xasprintf("%s/share/afuc-sdk/ld/%s", build ? build : "build",
				    ld_default_script(gen));
	uint8_t *text;
	size_t len;
	struct ld_script *s = NULL;
	if (util_read_file(path, &text, &len) == 0) {
		s = ld_script_parse(path, (const char *)text, len, d);
		free(text);
	} else {
		diag_error(d, diag_at(path, 0, 0), "cannot read the default script");
	}
	free(path);
	return s;
}

static bool build(const char *text, enum isa_gen gen, struct rnn_db *db, struct ld_output *out,
		  struct diag *d)
{
	struct as_options aopt = {0};
	aopt.db = db;
	struct obj_file obj;
	if (!as_assemble(text, strlen(text), "moved.s", &aopt, &obj, d))
		return false;
	struct ld_script *script = default_script(gen, d);
	bool ok = false;
	if (script) {
		struct ld_input in = {"moved.o", &obj};
		struct ld_options lopt = {0};
		lopt.script = script;
		lopt.pm4 = rnn_view(db, RNN_PM4, vendor_variant(gen), d);
		ok = ld_link(&in, 1, &lopt, out, d);
		ld_script_free(script);
	}
	obj_free(&obj);
	return ok;
}

struct check {
	struct isa isa;
	const struct listing *l;
	const uint8_t *image;
	size_t words; /* instruction words in image */
	const struct rnn_view *control, *sqe, *pm4;
	uint32_t sect_start[4];
	size_t checked, wrong;
};

static uint32_t image_word(const struct check *c, unsigned sect, uint32_t addr)
{
	size_t at = (size_t)c->sect_start[sect] + addr;
	return at < c->words ? util_le32(c->image + 4 * (at + 1)) : 0xdeadbeef;
}

/* Section starts: each after the previous one's last word, 32-byte aligned. */
static void find_starts(struct check *c)
{
	uint32_t start = 0, end = 0;
	for (unsigned s = 0; s < c->l->sections && s < 4; s++) {
		if (s)
			start = (start + end + 7) / 8 * 8;
		c->sect_start[s] = start;
		for (size_t i = 0; i < c->l->word_count; i++)
			if (c->l->words[i].sect == s)
				end = c->l->words[i].addr +
				      (strcmp(c->l->words[i].text, ".jumptbl") ? 1 : 0x80);
	}
}

static void wrong(struct tap *t, struct check *c, const struct listing_word *w, const char *want,
		  const char *got)
{
	if (++c->wrong <= 10)
		tap_diag(t, "%u:%04x '%s': wanted '%s', the image has '%s'", w->sect, w->addr,
			 w->text, want, got);
}

static void check_table(struct tap *t, struct check *c, const struct listing_word *w)
{
	for (unsigned op = 0; op < 0x80; op++) {
		struct util_str name = {0};
		uint32_t want = 0, got = image_word(c, w->sect, w->addr + op);
		if (!(c->pm4 && rnn_value_to_name(c->pm4, op, &name) &&
		      listing_label(c->l, w->sect, name.text, &want))) {
			char unkn[16];
			snprintf(unkn, sizeof unkn, "UNKN%u", op);
			listing_label(c->l, w->sect, unkn, &want);
		}
		util_str_free(&name);
		c->checked++;
		if (got != want) {
			char a[32], b[32];
			snprintf(a, sizeof a, "entry 0x%x = 0x%x", op, want);
			snprintf(b, sizeof b, "0x%x", got);
			wrong(t, c, w, a, b);
		}
	}
}

static void check_word(struct tap *t, struct check *c, const struct listing_word *w)
{
	if (!strcmp(w->text, ".jumptbl")) {
		check_table(t, c, w);
		return;
	}
	uint32_t got = image_word(c, w->sect, w->addr);
	struct util_str want = {0}, have = {0};
	struct listing_word as_image = {w->sect, w->addr, NULL};
	uint32_t nop = c->isa.nop, addr;
	if (!strcmp(w->text, "[#jumptbl]") && listing_label(c->l, w->sect, "jumptbl", &addr)) {
		util_str_printf(&want, "%08x", nop | addr);
		util_str_printf(&have, "%08x", got);
	} else if (!strcmp(w->text, "[#__image_size]")) {
		util_str_printf(&want, "%08x", nop | (uint32_t)c->words);
		util_str_printf(&have, "%08x", got);
	} else if (w->text[0] == '[') {
		util_str_printf(&want, "%s", w->text);
		util_str_printf(&have, "[%08x]", got);
	} else {
		struct isa_instr in;
		listing_normalise(c->l, w, c->control, c->sqe, &want);
		struct util_str text = {0};
		if (isa_decode(&c->isa, got, &in))
			isa_format(&in, w->addr, NULL, &text);
		else
			util_str_printf(&text, "[%08x]", got);
		as_image.text = text.text;
		listing_normalise(c->l, &as_image, c->control, c->sqe, &have);
		util_str_free(&text);
	}
	c->checked++;
	if (strcmp(want.text, have.text))
		wrong(t, c, w, want.text, have.text);
	util_str_free(&want);
	util_str_free(&have);
}

static void check_image(struct tap *t, const struct vendor_image *img, struct rnn_db *db)
{
	uint8_t *fw;
	size_t len;
	if (!vendor_read(img->name, &fw, &len)) {
		tap_skip(t, 3,
			 "%s.fw is not in $AFUC_FIRMWARE_DIR, ../shared/firmware/qcom or "
			 "/usr/lib/firmware/qcom",
			 img->name);
		return;
	}
	struct diag d;
	diag_init(&d);
	struct dis_options opt = {.gen = img->gen, .db = db};
	struct util_str text = {0};
	bool ok = dis_image(fw, len, img->name, &opt, &text, &d);
	char *moved = ok ? insert_nop(text.text) : NULL;
	struct ld_output out = {0};
	ok = ok && build(moved, img->gen, db, &out, &d);
	tap_ok(t, ok, "%s: the listing with a nop after the header builds", img->name);
	diag_print(&d, stdout, "# test-moved");
	diag_free(&d);

	struct listing l;
	unsigned line;
	if (ok && listing_parse(&l, moved, &line)) {
		struct check c = {.l = &l, .image = out.image, .words = out.image_len / 4 - 1};
		isa_init(&c.isa, img->gen);
		diag_init(&d);
		c.control = rnn_view(db, RNN_CONTROL, vendor_variant(img->gen), &d);
		c.sqe = img->gen >= ISA_A6XX ? rnn_view(db, RNN_SQE, vendor_variant(img->gen), &d)
					     : NULL;
		c.pm4 = rnn_view(db, RNN_PM4, vendor_variant(img->gen), &d);
		diag_free(&d);
		find_starts(&c);
		for (size_t i = 0; i < l.word_count; i++)
			check_word(t, &c, &l.words[i]);
		tap_ok(t, c.wrong == 0, "%s: %zu words of the rebuilt image checked, %zu wrong",
		       img->name, c.checked, c.wrong);
		tap_ok(t, out.image_len >= len, "%s: rebuilt %zu bytes (vendor %zu)", img->name,
		       out.image_len, len);
		listing_free(&l);
	} else {
		tap_skip(t, 2, "%s: nothing to check", img->name);
	}
	ld_output_free(&out);
	free(moved);
	util_str_free(&text);
	free(fw);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	struct rnn_db *db = vendor_open_db(&t);
	if (db) {
		for (size_t i = 0; i < vendor_image_count; i++)
			check_image(&t, &vendor_images[i], db);
		rnn_close(db);
	}
	return tap_done_testing(&t);
}
