/* sdk/obj: the model builders, relocation arithmetic, the ELF round
 * trip, the ELF layout byte by byte, and truncated/corrupt inputs.
 *
 *   test-obj               runs the tests (TAP)
 *   test-obj --write PATH  writes the sample object, for tests/obj/readelf.sh
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "obj/obj.h"

/* A small object using every feature: two sections, each relocation
 * kind, local/global/undefined/absolute symbols, handlers, a packet
 * table and source locations. */
static void make_sample(struct obj_file *o)
{
	obj_init(o, ISA_A7XX);
	const char *file = obj_intern(o, "sample.s");
	uint32_t text = obj_add_section(o, ".text");
	for (uint32_t i = 0; i < 8; i++)
		obj_emit(&o->sections[text], 0x01000000 | i);
	uint32_t bv = obj_add_section(o, "BV");
	o->sections[bv].align = 32;
	for (uint32_t i = 0; i < 4 + OBJ_PACKET_TABLE_WORDS; i++)
		obj_emit(&o->sections[bv], 0);
	o->sections[bv].table_offset = 4;

	uint32_t start = obj_symbol(o, "start");
	o->symbols[start] = (struct obj_symbol){
		o->symbols[start].name, text, 0, true, {file, 1, 1}};
	uint32_t loop = obj_symbol(o, "loop");
	o->symbols[loop].section = text;
	o->symbols[loop].value = 5;
	o->symbols[loop].loc = (struct obj_loc){file, 7, 1};
	uint32_t ext = obj_symbol(o, "external_fn");
	uint32_t k = obj_symbol(o, "SIZE");
	o->symbols[k].section = OBJ_SECTION_ABS;
	o->symbols[k].value = 0x1234;
	uint32_t bv_entry = obj_symbol(o, "bv_entry");
	o->symbols[bv_entry].section = bv;
	o->symbols[bv_entry].value = 1;

	obj_add_reloc(o, text, (struct obj_reloc){1, OBJ_R_BRANCH16, loop, 0, {file, 2, 10}});
	obj_add_reloc(o, text, (struct obj_reloc){2, OBJ_R_ABS26, ext, 0, {file, 3, 6}});
	obj_add_reloc(o, text, (struct obj_reloc){3, OBJ_R_IMM16, loop, 2, {file, 4, 10}});
	obj_add_reloc(o, text, (struct obj_reloc){4, OBJ_R_IMM12, loop, -1, {NULL, 0, 0}});
	obj_add_reloc(o, text, (struct obj_reloc){6, OBJ_R_PAYLOAD24, start, 0, {file, 6, 2}});
	obj_add_reloc(o, bv, (struct obj_reloc){0, OBJ_R_WORD32, bv_entry, 3, {file, 9, 7}});
	obj_add_handler(o, (struct obj_handler){0x10, loop, {file, 7, 1}, false});
	obj_add_handler(o, (struct obj_handler){4, start, {NULL, 0, 0}, true});
}

static bool same_loc(const struct obj_loc *a, const struct obj_loc *b)
{
	if (!a->file || !b->file)
		return a->file == b->file;
	return strcmp(a->file, b->file) == 0 && a->line == b->line && a->col == b->col;
}

static void test_builders(struct tap *t)
{
	struct obj_file o;
	obj_init(&o, ISA_A6XX);
	tap_is_int(t, obj_find_symbol(&o, "x"), UINT32_MAX, "no symbols: none found");
	uint32_t a = obj_symbol(&o, "a");
	tap_is_int(t, obj_symbol(&o, "a"), a, "obj_symbol finds an existing name");
	tap_is_int(t, o.symbols[a].section, OBJ_SECTION_UNDEF, "new symbols are undefined");
	tap_ok(t, !o.symbols[a].global, "and local");
	/* Enough names to make the index grow several times. */
	char name[32];
	for (int i = 0; i < 5000; i++) {
		snprintf(name, sizeof name, "label%d", i);
		obj_symbol(&o, name);
	}
	tap_is_int(t, obj_find_symbol(&o, "label4321"), 4322, "found among 5000");
	/* Symbols pushed without obj_symbol are still found. */
	struct obj_symbol *s = UTIL_PUSH(o.symbols, o.symbol_count, o.symbol_cap);
	s->name = util_xstrdup("pushed");
	tap_is_int(t, obj_find_symbol(&o, "pushed"), 5001, "directly pushed symbols are found");
	tap_is_int(t, obj_add_section(&o, ".text"), 0, "first section");
	tap_is_int(t, obj_add_section(&o, "BV"), 1, "second section");
	tap_is_int(t, obj_find_section(&o, "BV"), 1, "found by name");
	tap_is_int(t, obj_find_section(&o, "LPAC"), UINT32_MAX, "absent section");
	tap_is_int(t, o.sections[1].align, 4, "default alignment 4 bytes");
	tap_is_int(t, o.sections[1].table_offset, OBJ_NO_TABLE, "no table by default");
	const char *f1 = obj_intern(&o, "a.s");
	char again[] = "a.s";
	tap_ok(t, obj_intern(&o, again) == f1, "interned strings are shared");
	tap_ok(t, obj_intern(&o, NULL) == NULL, "NULL interns to NULL");
	obj_free(&o);
}

static void test_apply(struct tap *t)
{
	const char *why = NULL;
	uint32_t w = 0xc0400000; /* brne $02, 0x0, offset 0 */
	tap_ok(t, obj_apply_reloc(OBJ_R_BRANCH16, &w, 10, 0, 15, &why), "backward branch fits");
	tap_is_hex(t, w, 0xc040fffb, "offset -5 in bits 0-15, rest kept");
	w = 0xc040ffff;
	tap_ok(t, obj_apply_reloc(OBJ_R_BRANCH16, &w, 0x100, 2, 0x80, &why), "forward branch");
	tap_is_hex(t, w, 0xc0400082, "S + A - P = 0x82, old field replaced");
	tap_ok(t, !obj_apply_reloc(OBJ_R_BRANCH16, &w, 0x8000, 0, 0, &why), "+0x8000 too far");
	tap_is_str(t, why, "does not fit a signed 16-bit branch offset", "why");
	tap_ok(t, obj_apply_reloc(OBJ_R_BRANCH16, &w, 0, 0, 0x8000, &why), "-0x8000 fits");
	tap_is_hex(t, w & 0xffff, 0x8000, "as 0x8000");
	w = 0xd4000000; /* call */
	tap_ok(t, obj_apply_reloc(OBJ_R_ABS26, &w, 0x3ffffff, 0, 0, &why), "26-bit max");
	tap_is_hex(t, w, 0xd7ffffff, "call 0x3ffffff");
	tap_ok(t, !obj_apply_reloc(OBJ_R_ABS26, &w, 0x4000000, 0, 0, &why), "2^26 does not fit");
	w = 0x88020000; /* mov $02, 0 << 0 (a6xx movi) */
	tap_ok(t, obj_apply_reloc(OBJ_R_IMM16, &w, 0x1230, 4, 99, &why), "imm16 ignores P");
	tap_is_hex(t, w, 0x88021234, "mov $02, 0x1234");
	tap_ok(t, !obj_apply_reloc(OBJ_R_IMM16, &w, 0x10000, 0, 0, &why), "0x10000 too big");
	tap_ok(t, !obj_apply_reloc(OBJ_R_IMM16, &w, 0, -1, 0, &why), "negative does not fit");
	tap_is_str(t, why, "does not fit an unsigned 16-bit immediate", "why");
	w = 0xa8000000;
	tap_ok(t, obj_apply_reloc(OBJ_R_IMM12, &w, 0xfff, 0, 0, &why), "imm12 max");
	tap_is_hex(t, w, 0xa8000fff, "imm12 field");
	tap_ok(t, !obj_apply_reloc(OBJ_R_IMM12, &w, 0x1000, 0, 0, &why), "imm12 overflow");
	w = 0x01000000;
	tap_ok(t, obj_apply_reloc(OBJ_R_PAYLOAD24, &w, 0xabcd, 1, 0, &why), "payload");
	tap_is_hex(t, w, 0x0100abce, "a6xx NOP high byte kept");
	tap_ok(t, !obj_apply_reloc(OBJ_R_PAYLOAD24, &w, 0x1000000, 0, 0, &why), "payload overflow");
	w = 0x12345678;
	tap_ok(t, obj_apply_reloc(OBJ_R_WORD32, &w, 0x10, -0x20, 0, &why), "word32 negative");
	tap_is_hex(t, w, 0xfffffff0, "two's complement");
	tap_ok(t, !obj_apply_reloc(OBJ_R_WORD32, &w, 0x100000000, 0, 0, &why), "word32 overflow");
	w = 7;
	tap_ok(t, obj_apply_reloc(OBJ_R_NONE, &w, 5, 5, 5, &why) && w == 7, "NONE changes nothing");
	tap_is_str(t, obj_reloc_name(OBJ_R_IMM16), "R_AFUC_IMM16", "names");
	tap_is_str(t, obj_reloc_name(OBJ_R_COUNT), "R_AFUC_<invalid>", "no name past the end");
}

static void compare(struct tap *t, const struct obj_file *a, const struct obj_file *b)
{
	tap_is_int(t, b->gen, a->gen, "generation");
	tap_is_int(t, b->section_count, a->section_count, "section count");
	for (size_t i = 0; i < a->section_count && i < b->section_count; i++) {
		const struct obj_section *x = &a->sections[i], *y = &b->sections[i];
		tap_is_str(t, y->name, x->name, "section %zu name", i);
		tap_is_int(t, y->count, x->count, "%s size", x->name);
		tap_ok(t,
		       x->count == y->count &&
			       memcmp(x->words, y->words, x->count * sizeof *x->words) == 0,
		       "%s words", x->name);
		tap_is_int(t, y->align, x->align, "%s align", x->name);
		tap_is_int(t, y->table_offset, x->table_offset, "%s table", x->name);
		tap_is_int(t, y->reloc_count, x->reloc_count, "%s relocation count", x->name);
		for (size_t r = 0; r < x->reloc_count && r < y->reloc_count; r++) {
			const struct obj_reloc *p = &x->relocs[r], *q = &y->relocs[r];
			tap_ok(t,
			       p->offset == q->offset && p->kind == q->kind &&
				       p->addend == q->addend && same_loc(&p->loc, &q->loc) &&
				       strcmp(a->symbols[p->symbol].name,
					      b->symbols[q->symbol].name) == 0,
			       "%s relocation %zu (%s)", x->name, r, obj_reloc_name(p->kind));
		}
	}
	tap_is_int(t, b->symbol_count, a->symbol_count, "symbol count");
	for (size_t i = 0; i < a->symbol_count; i++) {
		const struct obj_symbol *s = &a->symbols[i];
		uint32_t j = obj_find_symbol(b, s->name);
		if (!tap_ok(t, j != UINT32_MAX, "symbol %s is there", s->name))
			continue;
		const struct obj_symbol *u = &b->symbols[j];
		bool global = s->global || s->section == OBJ_SECTION_UNDEF;
		tap_ok(t,
		       u->section == s->section && u->value == s->value && u->global == global &&
			       same_loc(&u->loc, &s->loc),
		       "symbol %s: section %u value %u global %d", s->name, u->section, u->value,
		       u->global);
	}
	tap_is_int(t, b->handler_count, a->handler_count, "handler count");
	for (size_t i = 0; i < a->handler_count && i < b->handler_count; i++) {
		const struct obj_handler *h = &a->handlers[i], *k = &b->handlers[i];
		tap_ok(t,
		       h->opcode == k->opcode && h->from_label == k->from_label &&
			       same_loc(&h->loc, &k->loc) &&
			       strcmp(a->symbols[h->symbol].name, b->symbols[k->symbol].name) == 0,
		       "handler %zu: opcode 0x%x", i, h->opcode);
	}
}

/* Hand-checks the fixed parts of the layout docs/objects.md promises. */
static void test_layout(struct tap *t, const uint8_t *p, size_t len)
{
	tap_ok(t, len > 52 && memcmp(p, "\177ELF\1\1\1", 7) == 0, "ELF32 LSB version 1");
	tap_is_int(t, util_le16(p + 16), 1, "ET_REL");
	tap_is_hex(t, util_le16(p + 18), 0xafc0, "e_machine");
	tap_is_int(t, util_le32(p + 36), 7, "e_flags = generation");
	uint32_t shoff = util_le32(p + 32);
	unsigned shnum = util_le16(p + 48);
	/* null .text BV .rela.text .rela.BV .afuc.handlers .afuc.jumptbl
	 * .afuc.locs .symtab .strtab .shstrtab */
	tap_is_int(t, shnum, 11, "section count");
	if (shoff + shnum * 40u > len)
		return;
	const uint8_t *shstr = p + shoff + util_le16(p + 50) * 40u;
	const char *names = (const char *)p + util_le32(shstr + 16);
	static const char *const want[] = {"",
					   ".text",
					   "BV",
					   ".rela.text",
					   ".rela.BV",
					   ".afuc.handlers",
					   ".afuc.jumptbl",
					   ".afuc.locs",
					   ".symtab",
					   ".strtab",
					   ".shstrtab"};
	for (unsigned i = 1; i < shnum && i < 11; i++)
		tap_is_str(t, names + util_le32(p + shoff + i * 40), want[i], "section %u name", i);
	const uint8_t *bv = p + shoff + 2 * 40;
	tap_is_int(t, util_le32(bv + 32), 32, "BV sh_addralign 32");
	tap_is_int(t, util_le32(bv + 16) % 32, 0, "BV file offset aligned");
	tap_is_int(t, util_le32(bv + 20), (4 + 0x80) * 4, "BV size in bytes");
	const uint8_t *text = p + shoff + 40;
	tap_is_hex(t, util_le32(text + 8), 0x6, "SHF_ALLOC|SHF_EXECINSTR");
	tap_is_hex(t, util_le32(p + util_le32(text + 16) + 4 * 3), 0x01000003, "word 3 of .text");
	const uint8_t *rela = p + shoff + 3 * 40;
	tap_is_int(t, util_le32(rela + 4), 4, "SHT_RELA");
	tap_is_int(t, util_le32(rela + 24), 8, "links .symtab");
	tap_is_int(t, util_le32(rela + 28), 1, "applies to .text");
	const uint8_t *r2 = p + util_le32(rela + 16) + 2 * 12; /* IMM16, loop + 2, at word 3 */
	tap_is_int(t, util_le32(r2), 12, "r_offset in bytes");
	tap_is_int(t, util_le32(r2 + 4) & 0xff, OBJ_R_IMM16, "r_info type = obj_reloc_kind");
	tap_is_int(t, (int32_t)util_le32(r2 + 8), 8, "r_addend in bytes");
	const uint8_t *symtab = p + shoff + 8 * 40;
	tap_is_int(t, util_le32(symtab + 28), 4, "sh_info: 3 locals (loop, SIZE, bv_entry) + null");
	const uint8_t *jt = p + util_le32(p + shoff + 6 * 40 + 16);
	tap_is_int(t, util_le32(jt), 2, "jumptbl record: section BV");
	tap_is_int(t, util_le32(jt + 4), 16, "at byte 16");
}

static void test_round_trip(struct tap *t)
{
	struct obj_file a, b;
	struct diag d;
	diag_init(&d);
	make_sample(&a);
	uint8_t *data = NULL;
	size_t len = 0;
	tap_ok(t, obj_write_mem(&a, &data, &len, &d), "sample writes");
	test_layout(t, data, len);
	tap_ok(t, obj_read_mem(&b, data, len, "mem.o", &d), "and reads back");
	compare(t, &a, &b);
	/* Written again, the bytes are the same. */
	uint8_t *again = NULL;
	size_t again_len = 0;
	tap_ok(t, obj_write_mem(&b, &again, &again_len, &d), "rewrites");
	tap_ok(t, again_len == len && memcmp(again, data, len) == 0, "byte-identical rewrite");
	tap_is_int(t, d.errors, 0, "no errors");
	free(again);
	obj_free(&b);
	free(data);
	obj_free(&a);

	/* An object with nothing in it is still valid. */
	obj_init(&a, ISA_A5XX);
	tap_ok(t, obj_write_mem(&a, &data, &len, &d), "empty object writes");
	tap_ok(t, obj_read_mem(&b, data, len, "empty.o", &d), "and reads");
	tap_ok(t, b.gen == ISA_A5XX && b.section_count == 0 && b.symbol_count == 0,
	       "empty a5xx object");
	obj_free(&b);
	free(data);
	obj_free(&a);
	diag_free(&d);
}

static void test_bad_models(struct tap *t)
{
	struct obj_file o;
	struct diag d;
	uint8_t *data = NULL;
	size_t len = 0;
	make_sample(&o);
	o.sections[0].relocs[0].symbol = 999;
	diag_init(&d);
	tap_ok(t, !obj_write_mem(&o, &data, &len, &d), "a relocation naming no symbol is refused");
	tap_is_str(t, d.count ? d.msgs[0].text : "",
		   "cannot write object: section '.text' relocation 0 names no symbol", "message");
	diag_free(&d);
	o.sections[0].relocs[0].symbol = 0;
	o.sections[1].align = 12;
	diag_init(&d);
	tap_ok(t, !obj_write_mem(&o, &data, &len, &d), "alignment 12 is refused");
	diag_free(&d);
	o.sections[1].align = 32;
	o.sections[1].table_offset = 5; /* 5 + 0x80 > 4 + 0x80 words */
	diag_init(&d);
	tap_ok(t, !obj_write_mem(&o, &data, &len, &d), "a table past the end is refused");
	diag_free(&d);
	obj_free(&o);
}

/* The sample object's bytes (the caller frees them). */
static uint8_t *sample_bytes(size_t *len)
{
	struct obj_file o;
	struct diag d;
	diag_init(&d);
	make_sample(&o);
	uint8_t *data = NULL;
	obj_write_mem(&o, &data, len, &d);
	obj_free(&o);
	diag_free(&d);
	return data;
}

/* Writes the sample, lets corrupt() damage it, and expects obj_read_mem to
 * fail with a message containing want. */
static void expect_corrupt(struct tap *t, const char *what, void (*corrupt)(uint8_t *, size_t *),
			   const char *want)
{
	struct obj_file b;
	struct diag d;
	diag_init(&d);
	size_t len = 0;
	uint8_t *data = sample_bytes(&len);
	corrupt(data, &len);
	bool ok = obj_read_mem(&b, data, len, "bad.o", &d);
	tap_ok(t, !ok, "%s: refused", what);
	const char *msg = d.count ? d.msgs[0].text : "";
	if (!tap_ok(t, strstr(msg, want) != NULL, "%s: says '%s'", what, want))
		tap_diag(t, "message: %s", msg);
	tap_ok(t, d.count && d.msgs[0].file && strcmp(d.msgs[0].file, "bad.o") == 0,
	       "%s: names the file", what);
	tap_ok(t, b.section_count == 0 && b.symbol_count == 0, "%s: object left empty", what);
	obj_free(&b);
	free(data);
	diag_free(&d);
}

static uint32_t shoff_of(const uint8_t *p)
{
	return util_le32(p + 32);
}
static void c_magic(uint8_t *p, size_t *len)
{
	(void)len;
	p[1] = 'X';
}
static void c_short_header(uint8_t *p, size_t *len)
{
	(void)p;
	*len = 30;
}
static void c_class(uint8_t *p, size_t *len)
{
	(void)len;
	p[4] = 2;
}
static void c_machine(uint8_t *p, size_t *len)
{
	(void)len;
	util_put_le16(p + 18, 0x3e);
}
static void c_flags(uint8_t *p, size_t *len)
{
	(void)len;
	util_put_le32(p + 36, 9);
}
static void c_cut_headers(uint8_t *p, size_t *len)
{
	*len = shoff_of(p) + 40 * 3;
}
static void c_cut_half(uint8_t *p, size_t *len)
{
	(void)p;
	*len /= 2;
}
static void c_section_offset(uint8_t *p, size_t *len)
{
	util_put_le32(p + shoff_of(p) + 40 + 16, (uint32_t)*len); /* .text past the end */
}
static void c_shstrndx(uint8_t *p, size_t *len)
{
	(void)len;
	util_put_le16(p + 50, 200);
}
static void c_name_offset(uint8_t *p, size_t *len)
{
	(void)len;
	util_put_le32(p + shoff_of(p) + 40, 0x7fffffff);
}
static void c_odd_size(uint8_t *p, size_t *len)
{
	(void)len;
	util_put_le32(p + shoff_of(p) + 40 + 20, 30);
}
static void c_reloc_symbol(uint8_t *p, size_t *len)
{
	(void)len;
	const uint8_t *rela = p + shoff_of(p) + 3 * 40;
	uint8_t *r0 = p + util_le32(rela + 16);
	util_put_le32(r0 + 4, 4000u << 8 | OBJ_R_BRANCH16);
}
static void c_reloc_type(uint8_t *p, size_t *len)
{
	(void)len;
	uint8_t *r0 = p + util_le32(p + shoff_of(p) + 3 * 40 + 16);
	util_put_le32(r0 + 4, (util_le32(r0 + 4) & ~0xffu) | 77);
}
static void c_reloc_offset(uint8_t *p, size_t *len)
{
	(void)len;
	uint8_t *r0 = p + util_le32(p + shoff_of(p) + 3 * 40 + 16);
	util_put_le32(r0, 4 * 100);
}
static void c_symbol_section(uint8_t *p, size_t *len)
{
	(void)len;
	uint8_t *s1 = p + util_le32(p + shoff_of(p) + 8 * 40 + 16) + 16;
	util_put_le16(s1 + 14, 5); /* .rela.BV: not code */
}
static void c_symbol_name(uint8_t *p, size_t *len)
{
	(void)len;
	uint8_t *s1 = p + util_le32(p + shoff_of(p) + 8 * 40 + 16) + 16;
	util_put_le32(s1, 0x100000);
}
static void c_handler_opcode(uint8_t *p, size_t *len)
{
	(void)len;
	uint8_t *h = p + util_le32(p + shoff_of(p) + 5 * 40 + 16);
	util_put_le32(h, 0x80);
}
static void c_jumptbl(uint8_t *p, size_t *len)
{
	(void)len;
	uint8_t *j = p + util_le32(p + shoff_of(p) + 6 * 40 + 16);
	util_put_le32(j + 4, 20);
}
static void c_loc(uint8_t *p, size_t *len)
{
	(void)len;
	uint8_t *l = p + util_le32(p + shoff_of(p) + 7 * 40 + 16);
	util_put_le32(l + 4, 999);
}
static void c_symtab_entsize(uint8_t *p, size_t *len)
{
	(void)len;
	util_put_le32(p + shoff_of(p) + 8 * 40 + 36, 12);
}

static void test_corrupt(struct tap *t)
{
	expect_corrupt(t, "bad magic", c_magic, "no ELF magic");
	expect_corrupt(t, "short header", c_short_header, "truncated ELF header (30 bytes");
	expect_corrupt(t, "64-bit class", c_class, "ELF class 2, expected 1 (32-bit)");
	expect_corrupt(t, "x86-64 machine", c_machine, "machine 0x3e, expected 0xafc0");
	expect_corrupt(t, "generation 9", c_flags, "e_flags 9 names no generation");
	expect_corrupt(t, "headers cut", c_cut_headers, "truncated: the section headers");
	expect_corrupt(t, "file cut in half", c_cut_half, "truncated");
	expect_corrupt(t, "section past the end", c_section_offset, "truncated: section 1 (offset");
	expect_corrupt(t, "shstrndx", c_shstrndx, "section name table index 200");
	expect_corrupt(t, "section name", c_name_offset, "section 1: name offset 0x7fffffff");
	expect_corrupt(t, "partial word", c_odd_size, "is 0x1e bytes, not whole 32-bit words");
	expect_corrupt(t, "relocation symbol", c_reloc_symbol, "refers to symbol 4000");
	expect_corrupt(t, "relocation type", c_reloc_type, "unknown relocation type 77");
	expect_corrupt(t, "relocation offset", c_reloc_offset, "offset 0x190 is not a word inside");
	expect_corrupt(t, "symbol section", c_symbol_section, "refers to section 5, which is not");
	expect_corrupt(t, "symbol name", c_symbol_name, "outside .strtab");
	expect_corrupt(t, "handler opcode", c_handler_opcode, "opcode 0x80 is above 0x7f");
	expect_corrupt(t, "packet table", c_jumptbl, "packet table of BV at byte 0x14");
	expect_corrupt(t, "location", c_loc, "refers to entry 999");
	expect_corrupt(t, "symtab entsize", c_symtab_entsize, "symbol table entry size 12");

	/* Every truncation of a valid object fails cleanly (run under ASan
	 * and valgrind, this is what proves no read goes past the end). */
	struct obj_file b;
	struct diag d;
	diag_init(&d);
	size_t len = 0;
	uint8_t *data = sample_bytes(&len);
	int accepted = 0;
	for (size_t cut = 0; cut < len; cut++) {
		uint8_t *copy = util_xmalloc(cut + 1);
		memcpy(copy, data, cut);
		if (obj_read_mem(&b, copy, cut, "cut.o", &d))
			accepted++;
		obj_free(&b);
		free(copy);
	}
	tap_is_int(t, accepted, 0, "no truncation of %zu bytes is accepted", len);
	/* Every single flipped byte either reads or fails cleanly. */
	int refused = 0;
	for (size_t at = 0; at < len; at++) {
		data[at] ^= 0xa5;
		if (!obj_read_mem(&b, data, len, "flip.o", &d))
			refused++;
		obj_free(&b);
		data[at] ^= 0xa5;
	}
	tap_ok(t, refused > 0, "byte flips: %d of %zu refused, none crashed", refused, len);
	free(data);
	diag_free(&d);
}

/* Reads data and expects exactly one error, on the file, with this text. */
static void expect_refused(struct tap *t, const uint8_t *data, size_t len, const char *want,
			   const char *what)
{
	struct obj_file b;
	struct diag d;
	diag_init(&d);
	tap_ok(t, !obj_read_mem(&b, data, len, "bad.o", &d), "%s: refused", what);
	tap_is_str(t,
		   d.count == 1 && d.msgs[0].file && !strcmp(d.msgs[0].file, "bad.o")
			   ? d.msgs[0].text
			   : "(not one error on bad.o)",
		   want, "%s: the message", what);
	obj_free(&b);
	diag_free(&d);
}

/* The SDK's own sections are found by name. One whose type says it has
 * no contents in the file (SHT_NULL, SHT_NOBITS) was not bounds-checked
 * with the others and was then read at its offset: far outside the file
 * here. Each is now an error naming the section and both types. */
static void test_contentless(struct tap *t)
{
	static const struct {
		unsigned section;
		const char *name;
	} secs[] = {{5, ".afuc.handlers"}, {6, ".afuc.jumptbl"}, {7, ".afuc.locs"}};
	static const struct {
		uint32_t type;
		const char *name;
	} types[] = {{0, "SHT_NULL"}, {8, "SHT_NOBITS"}};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(secs); i++) {
		for (size_t k = 0; k < UTIL_ARRAY_SIZE(types); k++) {
			size_t len = 0;
			uint8_t *data = sample_bytes(&len);
			uint8_t *h = data + shoff_of(data) + secs[i].section * 40;
			util_put_le32(h + 4, types[k].type);
			util_put_le32(h + 16, 0x7fffff00);
			char want[200], what[100];
			snprintf(want, sizeof want,
				 "not a valid afuc object: section %u (%s) has type %u (%s), "
				 "expected 1 (SHT_PROGBITS)",
				 secs[i].section, secs[i].name, (unsigned)types[k].type,
				 types[k].name);
			snprintf(what, sizeof what, "%s as %s far past the end", secs[i].name,
				 types[k].name);
			expect_refused(t, data, len, want, what);
			free(data);
		}
	}
}

/* The sample with size bytes of zeros appended, and section `section`
 * moved onto them (an object far bigger than any real one). */
static uint8_t *grown_sample(unsigned section, size_t size, size_t *len)
{
	size_t small = 0;
	uint8_t *sample = sample_bytes(&small);
	uint8_t *data = util_xcalloc(small + size, 1);
	memcpy(data, sample, small);
	free(sample);
	uint8_t *h = data + shoff_of(data) + section * 40;
	util_put_le32(h + 16, (uint32_t)small);
	util_put_le32(h + 20, (uint32_t)size);
	*len = small + size;
	return data;
}

/* Counts past the limits of obj.h are refused, with the limit, before
 * anything is allocated for them; the writer refuses them too. */
static void test_limits(struct tap *t)
{
	size_t len = 0;
	uint8_t *data = sample_bytes(&len);
	util_put_le16(data + 48, OBJ_MAX_SECTIONS + 1);
	expect_refused(t, data, len,
		       "not a valid afuc object: too many sections (4097; the limit is 4096)",
		       "4097 sections");
	free(data);
	/* symbol 0 is not counted: 1048577 entries are the limit */
	data = grown_sample(8, (OBJ_MAX_SYMBOLS + 1) * 16u, &len);
	struct obj_file b;
	struct diag d;
	diag_init(&d);
	obj_read_mem(&b, data, len, "big.o", &d); /* refused, for the zero symbols' names */
	tap_ok(t, d.count && !strstr(d.msgs[0].text, "too many"),
	       "1048576 symbols are not too many");
	obj_free(&b);
	diag_free(&d);
	free(data);
	data = grown_sample(8, (OBJ_MAX_SYMBOLS + 2) * 16u, &len);
	expect_refused(t, data, len,
		       "not a valid afuc object: too many symbols (1048577; the limit is 1048576)",
		       "1048577 symbols");
	free(data);
	data = grown_sample(3, (OBJ_MAX_RELOCS + 1) * 12u, &len);
	expect_refused(
		t, data, len,
		"not a valid afuc object: too many relocations (1048577; the limit is 1048576)",
		"1048577 relocations");
	free(data);

	/* The writer refuses what the reader would. */
	static const struct {
		size_t which; /* 0 sections, 1 symbols, 2 relocations */
		const char *want;
	} models[] = {
		{0, "cannot write object: too many sections (4097; the limit is 4096)"},
		{1, "cannot write object: too many symbols (1048577; the limit is 1048576)"},
		{2, "cannot write object: too many relocations (1048577; the limit is 1048576)"},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(models); i++) {
		struct obj_file o;
		make_sample(&o);
		if (models[i].which == 0) {
			/* null, the code sections, .rela.text and .rela.BV, six more */
			while (o.section_count < 4097 - 1 - 2 - 6) {
				char name[32];
				snprintf(name, sizeof name, "s%zu", o.section_count);
				obj_add_section(&o, name);
			}
		} else if (models[i].which == 1) {
			/* named, so that only their number is wrong */
			while (o.symbol_count < OBJ_MAX_SYMBOLS + 1) {
				struct obj_symbol *sym = UTIL_PUSH(o.symbols, o.symbol_count,
								   o.symbol_cap);
				sym->name = util_xstrdup("s");
				sym->section = OBJ_SECTION_UNDEF;
			}
		} else {
			struct obj_section *text = &o.sections[0];
			struct obj_reloc copy = text->relocs[0];
			while (text->reloc_count + o.sections[1].reloc_count < OBJ_MAX_RELOCS + 1)
				*UTIL_PUSH(text->relocs, text->reloc_count, text->reloc_cap) = copy;
		}
		uint8_t *out = NULL;
		size_t out_len = 0;
		diag_init(&d);
		tap_ok(t, !obj_write_mem(&o, &out, &out_len, &d), "writer: %s", models[i].want);
		tap_is_str(t, d.count == 1 ? d.msgs[0].text : "(not one error)", models[i].want,
			   "writer: the message");
		diag_free(&d);
		free(out);
		obj_free(&o);
	}
}

static void test_file(struct tap *t)
{
	struct obj_file o, b;
	struct diag d;
	diag_init(&d);
	tap_ok(t, !obj_read(&b, "/nonexistent/x.o", &d), "a missing file fails");
	tap_is_str(t, d.count ? d.msgs[0].text : "",
		   "cannot read object: No such file or directory", "with the system's reason");
	obj_free(&b);
	make_sample(&o);
	tap_ok(t, !obj_write(&o, "/nonexistent/dir/x.o", &d), "an unwritable path fails");
	obj_free(&o);
	diag_free(&d);
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--write") == 0) {
		struct obj_file o;
		struct diag d;
		diag_init(&d);
		make_sample(&o);
		bool ok = obj_write(&o, argv[2], &d);
		diag_print(&d, stderr, "test-obj");
		obj_free(&o);
		diag_free(&d);
		return ok ? 0 : 1;
	}
	struct tap t;
	tap_init(&t, stdout);
	test_builders(&t);
	test_apply(&t);
	test_round_trip(&t);
	test_bad_models(&t);
	test_corrupt(&t);
	test_contentless(&t);
	test_limits(&t);
	test_file(&t);
	return tap_done_testing(&t);
}
