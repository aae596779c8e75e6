/* sdk/obj: source lines of words (.afuc.locs records on code sections)
 * and linked files (afuc-ld --elf: ET_EXEC, section addresses, one
 * PT_LOAD per section), through the ELF and back, and what the reader
 * refuses in them. */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "obj/obj.h"
#include "util/util.h"

static void test_add_line(struct tap *t)
{
	struct obj_file o;
	obj_init(&o, ISA_A6XX);
	const char *a = obj_intern(&o, "a.S"), *b = obj_intern(&o, "b.S");
	uint32_t s = obj_add_section(&o, ".text");
	obj_add_line(&o, s, 0, (struct obj_loc){a, 3, 0});
	obj_add_line(&o, s, 1, (struct obj_loc){a, 3, 0}); /* same line: no record */
	obj_add_line(&o, s, 2, (struct obj_loc){a, 4, 0});
	obj_add_line(&o, s, 2, (struct obj_loc){b, 9, 0}); /* nothing from line 4 */
	const struct obj_section *sec = &o.sections[s];
	tap_is_int(t, sec->line_count, 2, "a line that goes on adds no record");
	tap_ok(t,
	       sec->line_count == 2 && sec->lines[1].offset == 2 && sec->lines[1].loc.file == b &&
		       sec->lines[1].loc.line == 9,
	       "a line that made no word is replaced by the next");
	obj_free(&o);
}

/* A linked file: BR at file word 0 (words 0..5), BV at file word 6. */
static void make_linked(struct obj_file *o)
{
	obj_init(o, ISA_A7XX);
	o->linked = true;
	const char *f = obj_intern(o, "firmware/common/cp.S"), *none = obj_intern(o, "");
	uint32_t br = obj_add_section(o, "BR"), bv = obj_add_section(o, "BV");
	for (uint32_t i = 0; i < 6; i++)
		obj_emit(&o->sections[br], 0x88000000 | i);
	for (uint32_t i = 0; i < 3; i++)
		obj_emit(&o->sections[bv], 0x88100000 | i);
	o->sections[bv].load = 6;
	obj_add_line(o, br, 0, (struct obj_loc){f, 10, 0});
	obj_add_line(o, br, 2, (struct obj_loc){f, 12, 0});
	obj_add_line(o, br, 4, (struct obj_loc){none, 0, 0});
	obj_add_line(o, bv, 1, (struct obj_loc){f, 40, 0});
	uint32_t sym = obj_symbol(o, "handler");
	o->symbols[sym].section = br;
	o->symbols[sym].value = 2; /* an image address */
	o->symbols[sym].global = true;
	sym = obj_symbol(o, "bv_loop");
	o->symbols[sym].section = bv;
	o->symbols[sym].value = 1;
}

/* The sample's ELF bytes (malloc'ed); false if it cannot be written. */
static bool linked_bytes(uint8_t **data, size_t *len)
{
	struct obj_file o;
	struct diag d;
	diag_init(&d);
	make_linked(&o);
	*data = NULL;
	*len = 0;
	bool ok = obj_write_mem(&o, data, len, &d);
	obj_free(&o);
	diag_free(&d);
	return ok;
}

/* The first message of d says want. */
static void first_message_is(struct tap *t, const struct diag *d, bool refused, const char *want,
			     const char *what)
{
	bool says = d->count && strstr(d->msgs[0].text, want);
	tap_ok(t, refused && says, "refused: %s", what);
	if (d->count && !says)
		tap_diag(t, "got: %s", d->msgs[0].text);
}

static void test_linked_round_trip(struct tap *t)
{
	struct obj_file back;
	struct diag d;
	diag_init(&d);
	uint8_t *data;
	size_t len;
	bool ok = linked_bytes(&data, &len);
	tap_ok(t, ok, "a linked file is written");
	tap_is_int(t, util_le16(data + 16), 2, "e_type ET_EXEC");
	tap_is_int(t, util_le16(data + 44), 2, "one program header per section");
	/* the second PT_LOAD: p_paddr, the byte offset from file word 1 */
	uint32_t phoff = util_le32(data + 28);
	tap_is_hex(t, util_le32(data + phoff + 32 + 12), 24, "BV's p_paddr is 4 x its load");
	ok = obj_read_mem(&back, data, len, "linked.elf", &d);
	tap_ok(t, ok, "and read back");
	if (ok) {
		tap_ok(t, back.linked, "as a linked file");
		tap_is_int(t, back.sections[1].load, 6, "BV's place in the file");
		const struct obj_section *br = &back.sections[0], *bv = &back.sections[1];
		tap_is_int(t, br->line_count, 3, "BR's line records");
		tap_ok(t,
		       br->line_count == 3 && br->lines[1].offset == 2 &&
			       br->lines[1].loc.line == 12 &&
			       strcmp(br->lines[1].loc.file, "firmware/common/cp.S") == 0,
		       "word 2 comes from cp.S:12");
		tap_ok(t, br->line_count == 3 && br->lines[2].loc.line == 0,
		       "a line 0 record ends the run");
		tap_ok(t, bv->line_count == 1 && bv->lines[0].offset == 1,
		       "BV's record is its own");
		uint32_t sym = obj_find_symbol(&back, "bv_loop");
		tap_ok(t,
		       sym != UINT32_MAX && back.symbols[sym].section == 1 &&
			       back.symbols[sym].value == 1,
		       "symbols keep their image address and section");
		obj_free(&back);
	}
	free(data);
	diag_free(&d);
}

static void expect_write_refused(struct tap *t, struct obj_file *o, const char *want,
				 const char *what)
{
	struct diag d;
	diag_init(&d);
	uint8_t *data = NULL;
	size_t len = 0;
	bool ok = obj_write_mem(o, &data, &len, &d);
	first_message_is(t, &d, !ok, want, what);
	free(data);
	diag_free(&d);
	obj_free(o);
}

static void test_bad_models(struct tap *t)
{
	struct obj_file o;
	make_linked(&o);
	o.sections[0].lines[1].offset = 0;
	expect_write_refused(t, &o, "out of order", "line records out of order");
	make_linked(&o);
	o.sections[0].lines[2].offset = 6;
	expect_write_refused(t, &o, "past its end", "a line record past the section");
	make_linked(&o);
	obj_add_reloc(&o, 0, (struct obj_reloc){.offset = 0, .kind = OBJ_R_ABS26, .symbol = 0});
	expect_write_refused(t, &o, "relocations", "a linked file with relocations");
}

/* Bytes of a good linked file with one thing changed by corrupt. */
static void expect_read_refused(struct tap *t, void (*corrupt)(uint8_t *), const char *want,
				const char *what)
{
	struct obj_file back;
	struct diag d;
	diag_init(&d);
	uint8_t *data;
	size_t len;
	linked_bytes(&data, &len);
	corrupt(data);
	bool ok = obj_read_mem(&back, data, len, "bad.elf", &d);
	first_message_is(t, &d, !ok, want, what);
	if (ok)
		obj_free(&back);
	free(data);
	diag_free(&d);
}

/* The .afuc.locs records: find them through the section headers. */
static uint8_t *locs_of(uint8_t *p)
{
	uint32_t shoff = util_le32(p + 32), shnum = util_le16(p + 48);
	uint32_t shstr = util_le32(p + shoff + 40 * util_le16(p + 50) + 16);
	for (uint32_t i = 1; i < shnum; i++) {
		const uint8_t *h = p + shoff + 40 * i;
		if (strcmp((const char *)p + shstr + util_le32(h), ".afuc.locs") == 0)
			return p + util_le32(h + 16);
	}
	return NULL;
}

static void c_line_order(uint8_t *p)
{
	util_put_le32(locs_of(p) + 20 + 4, 0); /* BR's second record at word 0 again */
}

static void c_line_past(uint8_t *p)
{
	util_put_le32(locs_of(p) + 4, 99);
}

static void c_phdr_offset(uint8_t *p)
{
	uint32_t phoff = util_le32(p + 28);
	util_put_le32(p + phoff + 4, 3); /* loads no section */
}

static void c_phdr_count(uint8_t *p)
{
	util_put_le16(p + 44, 0x7fff); /* past the end of the file */
}

static void test_corrupt(struct tap *t)
{
	expect_read_refused(t, c_line_order, "not in increasing word order",
			    "line records out of order");
	expect_read_refused(t, c_line_past, "past its end", "a line record past its section");
	expect_read_refused(t, c_phdr_offset, "loads no code section",
			    "a program header that loads nothing");
	expect_read_refused(t, c_phdr_count, "program headers", "program headers past the end");
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_add_line(&t);
	test_linked_round_trip(&t);
	test_bad_models(&t);
	test_corrupt(&t);
	return tap_done_testing(&t);
}
