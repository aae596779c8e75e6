/* sdk/ld: links of objects built in memory, every expected word worked
 * out by hand from the rules (Mesa's afuc-asm for Mesa-style objects:
 * a zero word, the words, the table at .jumptbl, sections aligned with
 * nops, [#label] = nop | address in its own section), and the errors,
 * compared word for word with their locations.
 *
 * Encodings used (from reference/emu/a630_sqe-boot-nop-memwrite.trace
 * and reference/isa/afuc.xml): a6xx/a7xx nop 0x01000000, waitin
 * 0xd8000000, mov $01, $data 0x981f0806, mov $02, 0x1 0x88020001, jump
 * (brne $00, b0) 0xc8000000 | offset, call 0xd4000000 | target. */
#include <stdlib.h>
#include <string.h>

#include "ldtest.h"

#define NOP6 0x01000000u
#define WAITIN 0xd8000000u
#define MOV_01_DATA 0x981f0806u
#define JUMP 0xc8000000u
#define CALL 0xd4000000u

static const char *const ab[] = {"a.o", "b.o", "c.o"};

/* The words of the image from file word `from`, compared with want. */
static bool words_are(struct tap *t, const struct tlink *l, uint32_t from, const uint32_t *want,
		      size_t n, const char *what)
{
	for (size_t i = 0; i < n; i++)
		if (tlink_word(l, from + (uint32_t)i) != want[i])
			return tap_is_hex(t, tlink_word(l, from + (uint32_t)i), want[i],
					  "%s: file word %zu", what, from + i);
	return tap_ok(t, true, "%s: file words %u..%zu", what, from, from + n - 1);
}

/* A packet table at file word at: entries given, everything else fill. */
static bool table_is(struct tap *t, const struct tlink *l, uint32_t at, uint32_t size,
		     uint32_t fill, const uint32_t (*entries)[2], size_t n, const char *what)
{
	uint32_t *want = util_xmalloc(size * sizeof(*want));
	for (uint32_t k = 0; k < size; k++)
		want[k] = fill;
	for (size_t k = 0; k < n; k++)
		want[entries[k][0]] = entries[k][1];
	bool ok = words_are(t, l, at, want, size, what);
	free(want);
	return ok;
}

static bool linked(struct tap *t, struct tlink *l, const char *what)
{
	if (tap_ok(t, l->ok, "%s links", what))
		return true;
	tlink_diag(t, l);
	return false;
}

/* [016ee207] [#jumptbl] nop / CP_ME_INIT: mov $02, 0x1 / waitin /
 * mov $01, $data / CP_NOP: jump #CP_ME_INIT / nop / jumptbl: .jumptbl */
static void test_mesa_a6xx(struct tap *t, const char *script)
{
	struct tobj o;
	tobj_init(&o, ISA_A6XX, "mesa.s");
	tobj_word(&o, 0x016ee207);
	tobj_word(&o, NOP6);
	tobj_reloc(&o, OBJ_R_PAYLOAD24, "jumptbl", 0, 1);
	tobj_word(&o, NOP6);
	tobj_label(&o, "CP_ME_INIT", false);
	tobj_word(&o, 0x88020001);
	tobj_word(&o, WAITIN);
	tobj_word(&o, MOV_01_DATA);
	tobj_label(&o, "CP_NOP", false);
	tobj_word(&o, JUMP);
	tobj_reloc(&o, OBJ_R_BRANCH16, "CP_ME_INIT", 0, 7);
	tobj_word(&o, NOP6);
	tobj_label(&o, "jumptbl", false);
	tobj_jumptbl(&o);
	tobj_handler(&o, 0x48, "CP_ME_INIT", 4);
	tobj_handler(&o, 0x10, "CP_NOP", 7);

	struct tlink l;
	tlink_run(&l, script, &o, ab, 1, NULL);
	if (linked(t, &l, "Mesa-style a6xx source, default script")) {
		tap_is_int(t, l.words, 1 + 8 + 0x80, "zero word + 8 words + the table");
		static const uint32_t want[] = {0,           0x016ee207,    0x01000008,
						NOP6,        0x88020001,    WAITIN,
						MOV_01_DATA, JUMP | 0xfffd, NOP6};
		words_are(t, &l, 0, want, UTIL_ARRAY_SIZE(want), "header, code, branch -3");
		static const uint32_t entries[][2] = {{0x10, 6}, {0x48, 3}};
		table_is(t, &l, 9, 0x80, 0, entries, 2, "table at .jumptbl, unhandled 0");
		tap_ok(t, l.out.map && strstr(l.out.map, "packet table at 0x00008 (.jumptbl)"),
		       "the map says where the table is");
	}
	tlink_free(&l);
	tobj_free(&o);
}

/* Three sections as Mesa's .section makes them; no .align in BR, so the
 * linker pads BR to 32 bytes before BV, and BV before LPAC. */
static void test_mesa_a7xx(struct tap *t, const char *script)
{
	struct tobj o;
	tobj_init(&o, ISA_A7XX, "mesa7.s");
	tobj_word(&o, 0x01512162);
	tobj_word(&o, NOP6);
	tobj_reloc(&o, OBJ_R_PAYLOAD24, "jumptbl", 0, 1);
	tobj_word(&o, NOP6);
	tobj_label(&o, "CP_NOP", false);
	tobj_word(&o, WAITIN);
	tobj_word(&o, MOV_01_DATA);
	tobj_label(&o, "jumptbl", false);
	tobj_jumptbl(&o); /* BR: 5 + 0x80 = 133 words */
	tobj_handler(&o, 0x10, "CP_NOP", 4);
	tobj_section(&o, "BV", 32);
	tobj_word(&o, 0x01512134);
	tobj_word(&o, NOP6);
	tobj_reloc(&o, OBJ_R_PAYLOAD24, "jumptbl", 0, 1);
	tobj_label(&o, "CP_NOP", false);
	tobj_word(&o, WAITIN);
	tobj_word(&o, MOV_01_DATA);
	tobj_label(&o, "jumptbl", false);
	tobj_jumptbl(&o); /* BV: 4 + 0x80 = 132 words */
	tobj_handler(&o, 0x10, "CP_NOP", 20);
	tobj_section(&o, "LPAC", 32);
	tobj_word(&o, 0x01512054);
	tobj_word(&o, NOP6);
	tobj_reloc(&o, OBJ_R_PAYLOAD24, "jumptbl", 0, 1);
	tobj_label(&o, "jumptbl", false);
	tobj_jumptbl(&o);
	tobj_word(&o, 0xdeadbeef); /* LPAC: 2 + 0x80 + 1 = 131 words */

	struct tlink l;
	tlink_run(&l, script, &o, ab, 1, NULL);
	if (linked(t, &l, "Mesa-style a7xx bundle, default script")) {
		/* BR at file word 1, BV at 1 + 136, LPAC at 137 + 136. */
		tap_is_int(t, l.words, 1 + 136 + 136 + 131, "BR and BV padded to 32 bytes");
		static const uint32_t br[] = {0, 0x01512162, 0x01000005, NOP6, WAITIN, MOV_01_DATA};
		words_are(t, &l, 0, br, UTIL_ARRAY_SIZE(br), "BR header and code");
		static const uint32_t br_table[][2] = {{0x10, 3}};
		table_is(t, &l, 6, 0x80, 0, br_table, 1, "BR table");
		static const uint32_t pad3[] = {NOP6, NOP6, NOP6};
		words_are(t, &l, 134, pad3, 3, "BR padded with nops");
		static const uint32_t bv[] = {0x01512134, 0x01000004, WAITIN, MOV_01_DATA};
		words_are(t, &l, 137, bv, 4,
			  "BV at file word 137, its jumptbl payload in BV addresses");
		static const uint32_t bv_table[][2] = {{0x10, 2}};
		table_is(t, &l, 141, 0x80, 0, bv_table, 1, "BV table");
		static const uint32_t pad4[] = {NOP6, NOP6, NOP6, NOP6};
		words_are(t, &l, 269, pad4, 4, "BV padded with nops");
		static const uint32_t lpac[] = {0x01512054, 0x01000002};
		words_are(t, &l, 273, lpac, 2, "LPAC at file word 273");
		table_is(t, &l, 275, 0x80, 0, NULL, 0, "LPAC table, all 0");
		tap_is_hex(t, tlink_word(&l, 403), 0xdeadbeef, "words after LPAC's table stay");
		tap_ok(t,
		       l.out.map && strstr(l.out.map, "processor image BV: address 0 = file word "
						      "0x89, 0x84 words"),
		       "the map places BV");
	}
	tlink_free(&l);
	tobj_free(&o);
}

/* The SDK's way: .handler records, no .jumptbl, the header naming the
 * table the script places, a global __default_handler. */
static void sdk_style(struct tobj *o, enum isa_gen gen, uint32_t code_words)
{
	tobj_init(o, gen, "sdk.s");
	tobj_word(o, 0x016ee207);
	tobj_word(o, NOP6);
	tobj_reloc(o, OBJ_R_PAYLOAD24, "__packet_table", 0, 2);
	if (gen == ISA_A7XX) {
		tobj_word(o, NOP6);
		tobj_reloc(o, OBJ_R_PAYLOAD24, "__image_size", 0, 2);
	}
	tobj_label(o, "__default_handler", true);
	tobj_word(o, WAITIN);
	tobj_word(o, MOV_01_DATA);
	tobj_label(o, "h_nop", false);
	while (tobj_here(o) < code_words)
		tobj_word(o, 0x88020001);
	tobj_handler(o, 0x10, "h_nop", 5);
	tobj_handler(o, 0x3d, "h_nop", 6);
}

static void test_sdk_style(struct tap *t, const char *a6, const char *a7)
{
	struct tobj o;
	sdk_style(&o, ISA_A6XX, 6);
	struct tlink l;
	tlink_run(&l, a6, &o, ab, 1, NULL);
	if (linked(t, &l, "handler records, no .jumptbl, a6xx default script")) {
		tap_is_int(t, l.words, 1 + 6 + 0x80, "the table follows the code");
		tap_is_hex(t, tlink_word(&l, 2), 0x01000006,
			   "the __packet_table payload = nop | 6");
		static const uint32_t entries[][2] = {{0x10, 4}, {0x3d, 4}};
		table_is(t, &l, 7, 0x80, 2, entries, 2, "unhandled entries: __default_handler (2)");
		tap_ok(t,
		       l.out.map && strstr(l.out.map, "default handler 0x00002 caught 126 "
						      "opcodes: UNKN0 UNKN1"),
		       "the map lists what the default handler caught");
	}
	tlink_free(&l);
	tobj_free(&o);

	sdk_style(&o, ISA_A7XX, 6);
	tlink_run(&l, a7, &o, ab, 1, NULL);
	if (linked(t, &l, "handler records, no .jumptbl, a7xx default script")) {
		tap_is_int(t, l.words, 1 + 8 + 0x80, "table aligned to 32 bytes");
		static const uint32_t want[] = {0x016ee207,  0x01000008, 0x01000088, WAITIN,
						MOV_01_DATA, 0x88020001, NOP6,       NOP6};
		words_are(t, &l, 1, want, UTIL_ARRAY_SIZE(want),
			  "__packet_table and __image_size payloads, nop padding");
		static const uint32_t entries[][2] = {{0x10, 5}, {0x3d, 5}};
		table_is(t, &l, 9, 0x80, 3, entries, 2, "BR table");
	}
	tlink_free(&l);
	tobj_free(&o);
}

/* Every relocation kind, across two objects. */
static void reloc_objects(struct tobj *a, struct tobj *b)
{
	tobj_init(a, ISA_A6XX, "a.s");
	tobj_label(a, "back", false);
	tobj_word(a, CALL);
	tobj_reloc(a, OBJ_R_ABS26, "far", 0, 6);
	tobj_word(a, 0x88420000); /* mov $02, #tbl << 2 */
	tobj_reloc(a, OBJ_R_IMM16, "tbl", 0, 10);
	tobj_word(a, 0xa8020000); /* cwrite $02, [$00 + #tbl + 1] */
	tobj_reloc(a, OBJ_R_IMM12, "tbl", 1, 20);
	tobj_word(a, 0xc1400000); /* brne $0a, 0x0, #back */
	tobj_reloc(a, OBJ_R_BRANCH16, "back", 0, 17);
	tobj_word(a, NOP6); /* [#far] */
	tobj_reloc(a, OBJ_R_PAYLOAD24, "far", 0, 2);
	tobj_init(b, ISA_A6XX, "b.s");
	tobj_word(b, NOP6);
	tobj_label(b, "far", true);
	tobj_word(b, NOP6);
	tobj_label(b, "tbl", true);
	tobj_word(b, 0x12345678);
	tobj_word(b, 0); /* .word #far + 0x100 */
	tobj_reloc(b, OBJ_R_WORD32, "far", 0x100, 7);
}

static void test_relocations(struct tap *t)
{
	struct tobj o[2];
	reloc_objects(&o[0], &o[1]);
	struct tlink l;
	tlink_run(&l, "SECTIONS { .text : { *(.text) } }", o, ab, 2, NULL);
	if (linked(t, &l, "every relocation kind")) {
		/* a.o at 0..4, b.o at 5..8: far = 6, tbl = 7. */
		static const uint32_t want[] = {CALL | 6,   0x88420007, 0xa8020008,
						0xc140fffd, 0x01000006, NOP6,
						NOP6,       0x12345678, 0x106};
		words_are(t, &l, 1, want, UTIL_ARRAY_SIZE(want),
			  "ABS26, IMM16 (shift kept), IMM12 + 1, BRANCH16 -3, PAYLOAD24, WORD32");
		tap_ok(t, strstr(l.out.map, "processor image SQE") != NULL,
		       "output sections outside PROCESSOR make an SQE image on a6xx");
	}
	tlink_free(&l);
	tobj_free(&o[0]);
	tobj_free(&o[1]);
}

/* Script commands, symbols and expressions, every value by hand. */
static const char feature_script[] =
	"OUTPUT_ARCH(a6xx)\n"
	"start_sym = 0x40;\n"
	"SECTIONS\n"
	"{\n"
	"  PROCESSOR SQE\n"
	"  {\n"
	"    .head : { NOP(0x6ee207) NOP(__packet_table) LONG(IMAGE_SIZE) LONG(-1) }\n"
	"    .text ALIGN(8) : { b.o(.text) *(.text) __text_end = .; }\n"
	"    PROVIDE(far = 0x999);\n"
	"    PROVIDE(other = 0x123);\n"
	"    .data : {\n"
	"      . = ALIGN(4);\n"
	"      LONG(SIZEOF(.text)) LONG(ADDR(.text)) LONG(MAX(3, 7) + MIN(3, 7))\n"
	"      LONG(DEFINED(nothing) ? 1 : 2) LONG(other) LONG(start_sym)\n"
	"    }\n"
	"    .empty ALIGN(64) : { *(.nothing) }\n"
	"    .table : { PACKET_TABLE(__packet_table, 0x20) }\n"
	"    HANDLER(UNKN3, __text_end)\n"
	"    HANDLER(0x5, far)\n"
	"    DEFAULT_HANDLER(0x77)\n"
	"  }\n"
	"}\n";

static void test_script_features(struct tap *t)
{
	struct tobj o[2];
	tobj_init(&o[0], ISA_A6XX, "a.s");
	tobj_label(&o[0], "a_entry", false);
	tobj_word(&o[0], 0xa0);
	tobj_word(&o[0], 0xa1);
	tobj_handler(&o[0], 0x10, "a_entry", 1);
	tobj_init(&o[1], ISA_A6XX, "b.s");
	tobj_word(&o[1], 0xb0);
	tobj_label(&o[1], "far", true);
	tobj_word(&o[1], 0xb1);
	tobj_word(&o[1], 0xb2);
	struct tlink l;
	tlink_run(&l, feature_script, o, ab, 2, NULL);
	if (linked(t, &l, "script commands")) {
		/* .head 0..3, pad 4..7, .text 8..12 (b.o first: far = 9, then
		 * a.o: a_entry = 11), __text_end = 13, .data pads 13..15 then
		 * 16..21, .empty dropped, .table 22..53: 54 words. */
		tap_is_int(t, l.words, 55, "image size");
		static const uint32_t want[] = {
			0x016ee207, 0x01000016, 54,   0xffffffff, NOP6,  NOP6, NOP6, NOP6,
			0xb0,       0xb1,       0xb2, 0xa0,       0xa1,  NOP6, NOP6, NOP6,
			5,          8,          10,   2,          0x123, 0x40};
		words_are(t, &l, 1, want, UTIL_ARRAY_SIZE(want),
			  "NOP, LONG, ALIGN, file patterns, SIZEOF/ADDR/MIN/MAX/DEFINED, PROVIDE");
		static const uint32_t entries[][2] = {{3, 13}, {5, 9}, {0x10, 11}};
		table_is(t, &l, 23, 0x20, 0x77, entries, 3,
			 "0x20-entry table: HANDLER by name, by number, default 0x77");
		tap_ok(t, strstr(l.out.map, "caught 29 opcodes") != NULL, "default caught 29");
		tap_ok(t, !strstr(l.out.map, ".empty"), "an empty output section is dropped");
		tap_ok(t, strstr(l.out.map, "0x00123  other") != NULL,
		       "PROVIDE defines what no object defines");
	}
	tlink_free(&l);
	tobj_free(&o[0]);
	tobj_free(&o[1]);
}

/* ---- errors ---- */

struct error_case {
	const char *what;
	const char *script;
	const char *file;
	unsigned line, col;
	const char *text;
};

static void expect_error(struct tap *t, const struct error_case *e, struct tobj *o, size_t n)
{
	struct tlink l;
	tlink_run(&l, e->script, o, ab, n, NULL);
	tap_ok(t, !l.ok && !l.out.image && !l.out.map && !l.out.elf,
	       "%s: the link fails, with no output", e->what);
	if (!tap_ok(t, tlink_has_error(&l, e->file, e->line, e->col, e->text), "%s: %s:%u:%u: %s",
		    e->what, e->file ? e->file : "-", e->line, e->col, e->text))
		tlink_diag(t, &l);
	tlink_free(&l);
}

static const char plain[] = "SECTIONS { .text : { *(.text) } }";

static void test_symbol_errors(struct tap *t)
{
	struct tobj o[2];
	reloc_objects(&o[0], &o[1]);
	tobj_word(&o[0], 0);
	tobj_reloc(&o[0], OBJ_R_WORD32, "tbl2", 0, 9); /* a.s:6:9 */
	struct error_case undefined = {"undefined symbol",
				       plain,
				       "a.s",
				       6,
				       9,
				       "undefined symbol 'tbl2' (referenced from a.o); did you "
				       "mean 'tbl'?"};
	expect_error(t, &undefined, o, 2);
	tobj_free(&o[0]);
	tobj_free(&o[1]);

	reloc_objects(&o[0], &o[1]);
	tobj_label(&o[0], "far", true); /* a.s:6 */
	struct error_case dup = {"duplicate global",
				 plain,
				 "b.s",
				 2,
				 1,
				 "duplicate symbol 'far': defined in a.o (a.s:6:1) and again in "
				 "b.o"};
	expect_error(t, &dup, o, 2);
	tobj_free(&o[0]);
	tobj_free(&o[1]);

	reloc_objects(&o[0], &o[1]);
	tobj_abs(&o[1], "big", 0x1000, true);
	tobj_word(&o[0], 0xa8020000);
	tobj_reloc(&o[0], OBJ_R_IMM12, "big", 0, 25);
	struct error_case range = {"value out of range",
				   plain,
				   "a.s",
				   6,
				   25,
				   "R_AFUC_IMM12 against 'big' (a.o): value 0x1000 does not fit an "
				   "unsigned 12-bit field (0x0..0xfff)"};
	expect_error(t, &range, o, 2);
	struct error_case branch = {
		"branch out of range",
		"SECTIONS { .text : { a.o(.text) . = 0x8003; b.o(.text) } }",
		"a.s",
		4,
		17,
		"R_AFUC_BRANCH16 against 'far' (a.o): offset 0x8001 does not fit a signed 16-bit "
		"branch offset (-0x8000..0x7fff)"};
	o[0].o.sections[0].relocs[3].symbol = o[0].o.sections[0].relocs[0].symbol; /* #far */
	expect_error(t, &branch, o, 2);
	struct error_case unplaced = {"unplaced section",
				      "SECTIONS { .text : { a.o(.text) } }",
				      "b.o",
				      0,
				      0,
				      "section .text (4 words) is not placed: no input section "
				      "pattern of test.ld matches it"};
	expect_error(t, &unplaced, o, 2);
	struct error_case limit = {
		"size limit",
		"SECTIONS { PROCESSOR SQE { .text : { *(.text) }\n"
		"  SIZE_LIMIT(8) } }",
		"test.ld",
		2,
		3,
		"processor image SQE is 0xa words, 0x2 words over its SIZE_LIMIT "
		"of 0x8"};
	expect_error(t, &limit, o, 2);
	tobj_free(&o[0]);
	tobj_free(&o[1]);

	tobj_init(&o[0], ISA_A6XX, "a.s");
	tobj_init(&o[1], ISA_A7XX, "b.s");
	struct error_case gens = {"generations differ",
				  plain,
				  "b.o",
				  0,
				  0,
				  "this object is for a7xx, but a.o is for a6xx: one link makes "
				  "one generation's image"};
	expect_error(t, &gens, o, 2);
	tobj_free(&o[0]);
	tobj_free(&o[1]);
}

static void test_handler_errors(struct tap *t)
{
	struct tobj o[2];
	tobj_init(&o[0], ISA_A6XX, "a.s");
	tobj_label(&o[0], "x", false);
	tobj_word(&o[0], WAITIN);
	tobj_handler(&o[0], 0x10, "x", 3);
	tobj_init(&o[1], ISA_A6XX, "b.s");
	tobj_label(&o[1], "y", false);
	tobj_word(&o[1], WAITIN);
	tobj_handler(&o[1], 0x10, "y", 5);
	struct error_case two = {"two handlers for one opcode",
				 "SECTIONS { .text : { *(.text) } .t : { PACKET_TABLE(t) } }",
				 "b.s",
				 5,
				 1,
				 "two handlers for UNKN16 in processor image SQE: 'x' (a.o) at 0x0 "
				 "and 'y' (b.o) at 0x1"};
	expect_error(t, &two, o, 2);
	struct error_case no_table = {"handlers without a table",
				      plain,
				      "a.s",
				      3,
				      1,
				      "handler for UNKN16, but processor image SQE has no .jumptbl "
				      "and the script (test.ld) puts no PACKET_TABLE in it"};
	expect_error(t, &no_table, o, 1);
	tobj_free(&o[0]);
	tobj_free(&o[1]);

	/* A BV word naming a BR address; BV's default handler in BR. */
	tobj_init(&o[0], ISA_A7XX, "a.s");
	tobj_label(&o[0], "brlabel", true);
	tobj_word(&o[0], WAITIN);
	tobj_section(&o[0], "BV", 32);
	tobj_word(&o[0], NOP6);
	tobj_reloc(&o[0], OBJ_R_PAYLOAD24, "brlabel", 0, 2);
	static const char two_images[] = "SECTIONS {\n"
					 " PROCESSOR BR { .text : { *(.text) } }\n"
					 " PROCESSOR BV ALIGN(8) { .text : { *(BV) }\n"
					 "  DEFAULT_HANDLER(brlabel) } }";
	struct error_case cross = {"address of another processor image",
				   two_images,
				   "a.s",
				   2,
				   2,
				   "R_AFUC_PAYLOAD24 against 'brlabel' (a.o): 'brlabel' is an "
				   "address in processor image BR, but this word is in BV"};
	expect_error(t, &cross, o, 1);
	o[0].o.sections[1].relocs[0].kind = OBJ_R_NONE;
	tobj_jumptbl(&o[0]);
	struct error_case cross_default = {"default handler in another image",
					   two_images,
					   "test.ld",
					   4,
					   19,
					   "'brlabel' is an address in processor image BR, but "
					   "this is BV"};
	expect_error(t, &cross_default, o, 1);
	tobj_free(&o[0]);
}

static void test_script_errors(struct tap *t)
{
	struct tobj o;
	tobj_init(&o, ISA_A6XX, "a.s");
	for (int i = 0; i < 3; i++)
		tobj_word(&o, NOP6);
	static const struct error_case cases[] = {
		{"ASSERT", "SECTIONS { .text : { *(.text) }\n ASSERT(. < 3, \"too big\") }",
		 "test.ld", 2, 2, "ASSERT failed: too big"},
		{"'.' backwards", "SECTIONS { .text : { *(.text) . = 1; } }", "test.ld", 1, 31,
		 "this moves '.' backwards, from 0x3 to 0x1"},
		{"IMAGE_SIZE decides a place", "SECTIONS { . = IMAGE_SIZE; .text : { *(.text) } }",
		 "test.ld", 1, 16,
		 "IMAGE_SIZE is not known yet at this point of the script: only what is already "
		 "placed can decide where things go"},
		{"undefined in the script", "SECTIONS { .text : { *(.text) LONG(tex) } }",
		 "test.ld", 1, 36, "undefined symbol 'tex'"},
		{"NOP payload", "SECTIONS { .text : { *(.text) NOP(0x1000000) } }", "test.ld", 1,
		 31, "NOP payload 0x1000000 does not fit 24 bits (0..0xffffff)"},
		{"defined twice", "x = 1;\nx = 2;\nSECTIONS { .text : { *(.text) } }", "test.ld", 2,
		 1, "symbol 'x' is defined twice: first by the script (test.ld:1:1)"},
		{"OUTPUT_ARCH", "OUTPUT_ARCH(a7xx) SECTIONS { .text : { *(.text) } }", "test.ld", 1,
		 1, "this script is for a7xx, but a.o is for a6xx"},
		{"self-reference", "x = x + 1; SECTIONS { .text : { *(.text) LONG(x) } }",
		 "test.ld", 1, 1, "symbol 'x' is defined in terms of itself"},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++)
		expect_error(t, &cases[i], &o, 1);
	tobj_free(&o);
}

/* 64-bit arithmetic that would trap (INT64_MIN / -1 raised SIGFPE) or
 * overflow (undefined behaviour) is an error at its operator, in the
 * words afuc-as uses. 0x80000000 * 0x80000000 is 2^62; numbers in
 * scripts are at most 32 bits, so big values are built from them. */
#define LONG_OF(expr) "SECTIONS { .text : { *(.text) LONG(" expr ") } }"
#define MIN64 "(-0x80000000 * 0x80000000 * 2)"
#define MAX64 "(0x80000000 * 0x80000000 - 1 + 0x80000000 * 0x80000000)"

static void test_arithmetic(struct tap *t)
{
	struct tobj o;
	tobj_init(&o, ISA_A6XX, "a.s");
	tobj_word(&o, NOP6);
	static const struct error_case cases[] = {
		{"INT64_MIN / -1", LONG_OF(MIN64 " / -1"), "test.ld", 1, 67,
		 "division by -1 overflows"},
		{"INT64_MIN % -1", LONG_OF(MIN64 " % -1"), "test.ld", 1, 67,
		 "division by -1 overflows"},
		{"% 0", LONG_OF("1 % 0"), "test.ld", 1, 38, "division by zero"},
		{"+", LONG_OF(MAX64 " + 1"), "test.ld", 1, 92,
		 "9223372036854775807 + 1 overflows 64-bit signed arithmetic"},
		{"-", LONG_OF(MIN64 " - 1"), "test.ld", 1, 67,
		 "-9223372036854775808 - 1 overflows 64-bit signed arithmetic"},
		{"*", LONG_OF("0x80000000 * 0x80000000 * 2"), "test.ld", 1, 60,
		 "4611686018427387904 * 2 overflows 64-bit signed arithmetic"},
		{"unary -", LONG_OF("-" MIN64), "test.ld", 1, 36,
		 "-(-9223372036854775808) overflows 64-bit signed arithmetic"},
		{"<< losing bits", LONG_OF("1 << 63"), "test.ld", 1, 38,
		 "1 << 63 overflows 64-bit signed arithmetic"},
		{"shift count", LONG_OF("1 >> 64"), "test.ld", 1, 38,
		 "shift count 64 is not in 0..63"},
		{"ALIGN", LONG_OF("ALIGN(" MAX64 ", 16)"), "test.ld", 1, 36,
		 "9223372036854775807 + 15 overflows 64-bit signed arithmetic"},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++)
		expect_error(t, &cases[i], &o, 1);
	/* What still fits is computed, not refused. */
	struct tlink l;
	tlink_run(&l, LONG_OF("(" MIN64 " + 1) / -1 - " MAX64 " + (-1 << 4) + 17"), &o, ab, 1,
		  NULL);
	if (linked(t, &l, "arithmetic at the edges of 64 bits"))
		tap_is_hex(t, tlink_word(&l, 2), 1, "LONG(INT64_MAX - INT64_MAX - 16 + 17) = 1");
	tlink_free(&l);
	tobj_free(&o);
}

/* A symbol defined by a symbol defined by ... is evaluated by recursion:
 * a long enough chain overflowed the stack. The chain is bounded. */
static void test_symbol_chain(struct tap *t)
{
	struct tobj o;
	tobj_init(&o, ISA_A6XX, "a.s");
	tobj_word(&o, NOP6);
	struct util_str text = {0};
	util_str_puts(&text, "SECTIONS { .text : { *(.text) LONG(a0) } }\n");
	for (unsigned i = 0; i < 100000; i++)
		util_str_printf(&text, "a%u = a%u;\n", i, i + 1);
	util_str_puts(&text, "a100000 = 1;\n");
	struct error_case e = {"a chain of 100000 symbols",
			       text.text,
			       "test.ld",
			       10001,
			       9,
			       "evaluation nested more than 10000 deep (operators, and symbols "
			       "defined by other symbols)"};
	expect_error(t, &e, &o, 1);
	util_str_free(&text);
	tobj_free(&o);
}

/* The a7xx script's check that BV is where BR's bootstrap looks. */
static void test_a7xx_assert(struct tap *t, const char *a7)
{
	struct tobj o;
	tobj_init(&o, ISA_A7XX, "a.s");
	tobj_word(&o, 0x01512162);
	tobj_label(&o, "CP_NOP", false);
	tobj_word(&o, WAITIN);
	tobj_jumptbl(&o);
	tobj_handler(&o, 0x10, "CP_NOP", 2);
	for (int i = 0; i < 8; i++)
		tobj_word(&o, 0x88020001); /* 8 words after the table: not padding */
	/* With nothing after it, BR's trailer is only a trailer (gen71700). */
	struct tlink l;
	tlink_run(&l, a7, &o, ab, 1, NULL);
	tap_ok(t, l.ok, "a BR-only bundle may end in trailer words");
	if (!l.ok)
		tlink_diag(t, &l);
	tlink_free(&l);
	tobj_section(&o, "BV", 32);
	tobj_word(&o, 0x01512134);
	struct error_case e = {"words after BR's table, then BV",
			       a7,
			       "test.ld",
			       47,
			       3,
			       "ASSERT failed: BV must start where the bootstrap looks for it: "
			       "only padding to 32 bytes may follow BR's packet table"};
	expect_error(t, &e, &o, 1);
	tobj_free(&o);
}

/* The ELF beside the image: one PT_LOAD per processor image. */
static void test_elf(struct tap *t, const char *a7)
{
	struct tobj o;
	sdk_style(&o, ISA_A7XX, 6);
	tobj_section(&o, "BV", 32);
	tobj_label(&o, "bv_start", true);
	tobj_word(&o, WAITIN);
	struct tlink l;
	tlink_run(&l, a7, &o, ab, 1, NULL);
	if (linked(t, &l, "a7xx with BR and BV, for the ELF")) {
		const uint8_t *e = l.out.elf;
		tap_is_int(t, util_le16(e + 16), 2, "ET_EXEC");
		tap_is_hex(t, util_le16(e + 18), 0xafc0, "the objects' e_machine");
		tap_is_int(t, util_le32(e + 36), 7, "e_flags: the generation");
		tap_is_int(t, util_le16(e + 44), 2, "a PT_LOAD per processor image");
		const uint8_t *ph = e + util_le32(e + 28) + 32;
		tap_is_hex(t, util_le32(ph + 12), 4 * 0x88,
			   "BV's p_paddr: its byte offset from "
			   "file word 1");
		tap_is_hex(t, util_le32(ph + 8), 0, "BV's p_vaddr: its own address 0");
		tap_is_hex(t, util_le32(e + util_le32(ph + 4)), WAITIN, "BV's words");
	}
	tlink_free(&l);
	tobj_free(&o);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	char *a6 = ldtest_read_script("a6xx-sqe.ld"), *a7 = ldtest_read_script("a7xx-sqe.ld");
	if (!a6 || !a7) {
		tap_skip_all(&t, "ld/a6xx-sqe.ld or ld/a7xx-sqe.ld not found: run from the "
				 "project root");
		return 0;
	}
	test_mesa_a6xx(&t, a6);
	test_mesa_a7xx(&t, a7);
	test_sdk_style(&t, a6, a7);
	test_relocations(&t);
	test_script_features(&t);
	test_symbol_errors(&t);
	test_handler_errors(&t);
	test_script_errors(&t);
	test_arithmetic(&t);
	test_symbol_chain(&t);
	test_a7xx_assert(&t, a7);
	test_elf(&t, a7);
	free(a6);
	free(a7);
	return tap_done_testing(&t);
}
