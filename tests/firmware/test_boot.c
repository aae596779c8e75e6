/* The SDK firmware's bootstraps: each processor of each image starts and
 * loads the packet table its header points at, entry for entry, as
 * vendor bootstraps do. The table's place comes from the header words
 * alone (a NOP whose payload is the table's address: word 1 of a5xx and
 * a6xx images, of a7xx BV and LPAC; word 3 of a7xx BR), not from the
 * firmware's own arithmetic. */
#include <stdlib.h>

#include "afuc/emu.h"
#include "afuc/tap.h"
#include "util/util.h"

struct image {
	const char *path; /* under $SDK_BUILD/firmware */
	enum emu_gen gen;
	unsigned procs; /* processors it starts */
	unsigned table_word[EMU_PROC_COUNT];
};

static const struct image images[] = {
	{"a5xx/me.fw", EMU_A5XX, 1, {1}},
	{"a5xx/pfp.fw", EMU_A5XX, 1, {1}},
	{"a6xx/sqe.fw", EMU_A6XX, 1, {1}},
	{"a7xx/sqe.fw", EMU_A7XX, 3, {3, 1, 1}},
};

static const char *const proc_names[EMU_PROC_COUNT] = {"main", "BV", "LPAC", "ME"};

static void check_image(struct tap *t, const struct image *im)
{
	const char *build = getenv("SDK_BUILD");
	char *path = util_xasprintf("%s/firmware/%s", build && *build ? build : "build", im->path);
	uint8_t *data;
	size_t len;
	if (util_read_file(path, &data, &len) != 0) {
		tap_ok(t, false, "%s is built", path);
		free(path);
		return;
	}
	struct emu *e = emu_new(&(struct emu_config){.gen = im->gen}, NULL);
	bool loaded = emu_load_image_bytes(e, data, len);
	tap_ok(t, loaded && emu_run(e) == EMU_IDLE, "%s boots to idle", im->path);
	size_t words = len / 4 - 1; /* after the zero word */
	for (unsigned p = 0; p < EMU_PROC_COUNT; p++) {
		bool want = p < im->procs;
		if (!tap_ok(t, emu_proc_started(e, (enum emu_proc)p) == want, "%s: %s %s", im->path,
			    proc_names[p], want ? "starts" : "does not start") ||
		    !want)
			continue;
		uint32_t base = 0;
		emu_proc_base(e, (enum emu_proc)p, &base);
		uint32_t hdr = base + im->table_word[p];
		uint32_t table = hdr < words ? base + (util_le32(data + 4 * (hdr + 1)) & 0xffffff)
					     : 0;
		if (!tap_ok(t, table && table + 0x80 <= words,
			    "%s: %s's header word %u points at a table", im->path, proc_names[p],
			    im->table_word[p]))
			continue;
		unsigned wrong = 0;
		for (uint32_t i = 0; i < 0x80; i++) {
			uint32_t want_entry = util_le32(data + 4 * (table + i + 1));
			if (emu_packet_entry(e, (enum emu_proc)p, i) != want_entry && wrong++ < 4)
				tap_diag(t, "entry 0x%02x: loaded 0x%x, the image has 0x%x", i,
					 emu_packet_entry(e, (enum emu_proc)p, i), want_entry);
		}
		tap_ok(t, wrong == 0, "%s: %s loaded the 0x80 entries of its table", im->path,
		       proc_names[p]);
		/* no entry is left 0: unused opcodes go to a default handler */
		unsigned zero = 0;
		for (uint32_t i = 0; i < 0x80; i++)
			zero += emu_packet_entry(e, (enum emu_proc)p, i) == 0;
		tap_is_int(t, zero, 0, "%s: %s's table has a handler for every opcode", im->path,
			   proc_names[p]);
	}
	emu_free(e);
	free(data);
	free(path);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(images); i++)
		check_image(&t, &images[i]);
	return tap_done_testing(&t);
}
