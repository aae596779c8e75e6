/* sdk/as: every operand syntax, expressions, names from the register
 * database, directives, relocations, handler records, sections, line
 * markers and the generation rules, checked on the object as_assemble
 * returns.
 *
 * Expected instruction words were worked out by hand from the bit
 * layouts of afuc.xml (many are the hand-checked words of
 * tests/isa/test_isa.c); register and packet numbers were read from the
 * rnndb XML (adreno_control_regs.xml, adreno_pipe_regs.xml,
 * adreno_pm4.xml, a5xx.xml, a6xx.xml). */
#include <stdlib.h>
#include <string.h>

#include "../lib/firmware.h"
#include "afuc/tap.h"
#include "as/as.h"
#include "fw/fw.h"

static struct as_options options;

/* Assembles src; the caller frees o and d. */
static bool assemble(const char *src, struct obj_file *o, struct diag *d)
{
	diag_init(d);
	return as_assemble(src, strlen(src), "t.s", &options, o, d);
}

static void show_errors(struct tap *t, const struct diag *d)
{
	for (size_t i = 0; i < d->count && i < 3; i++)
		tap_diag(t, "%s:%u:%u: %s", d->msgs[i].file ? d->msgs[i].file : "", d->msgs[i].line,
			 d->msgs[i].col, d->msgs[i].text);
}

/* The first word of .text when line is assembled for gen. */
static void check_word(struct tap *t, const char *gen, const char *line, uint32_t want)
{
	char *src = util_xasprintf(".gpu %s\n%s\n", gen, line);
	struct obj_file o;
	struct diag d;
	bool ok = assemble(src, &o, &d);
	uint32_t got = ok && o.section_count && o.sections[0].count ? o.sections[0].words[0]
								    : 0xdead;
	if (!tap_is_hex(t, got, want, "%s: %s", gen, line))
		show_errors(t, &d);
	obj_free(&o);
	diag_free(&d);
	free(src);
}

/* The text of the first error assembling src, or "" when none. */
static void check_error(struct tap *t, const char *src, unsigned line, unsigned col,
			const char *want)
{
	struct obj_file o;
	struct diag d;
	bool ok = assemble(src, &o, &d);
	const struct diag_msg *m = d.count ? &d.msgs[0] : NULL;
	tap_ok(t, !ok && m, "refused: %s", want);
	if (m) {
		tap_is_str(t, m->text, want, "message");
		tap_ok(t, m->line == line && m->col == col, "at %u:%u (got %u:%u)", line, col,
		       m->line, m->col);
	} else {
		tap_skip(t, 2, "no message");
	}
	tap_ok(t, o.section_count == 0 && o.symbol_count == 0, "no object on error");
	obj_free(&o);
	diag_free(&d);
}

static const struct {
	const char *gen, *line;
	uint32_t word;
} words[] = {
	/* one of every syntax, words from tests/isa/test_isa.c */
	{"a6xx", "mov $02, 0x1", 0x88020001},
	{"a5xx", "cwrite $02, [$00 + 0x0bb]", 0xa80280bb},
	{"a6xx", "cwrite $02, [$00 + 0x080]", 0xa8020080},
	{"a5xx", "mov $addr, 0xe1 << 24", 0x8b1d00e1},
	{"a6xx", "mov $01, $data", 0x981f0806},
	{"a7xx", "(rep)(xmov3)mov $usraddr, $data", 0x9c1ff606},
	{"a6xx", "(rep)(sds2)cwrite $data, [$00 + 0x04a]", 0xac1f204a},
	{"a7xx", "(peek)mov $03, $data", 0x981f1906},
	{"a6xx", "(rep)cwrite $00, [$03 + 0x1]!", 0xac604001},
	{"a7xx", "cread $02, [$00 + 0x000]", 0xb8020000},
	{"a5xx", "cread $02, [$00 + 0x000]", 0xb0028000},
	{"a7xx", "ubfx $03, $03, b8, b19", 0x90637268},
	{"a7xx", "cmp $04, $03, 0x41", 0x68640041},
	{"a6xx", "cmp $04, $03, 0x41", 0x80640041},
	{"a7xx", "shl $05, $05, 0x14", 0x90a52014},
	{"a6xx", "shl $05, $05, 0x14", 0x48a50014},
	{"a6xx", "setbit $03, $03, b5", 0x9063000b},
	{"a7xx", "clrbit $12, $12, b17", 0x92526022},
	{"a6xx", "brne $0a, 0x0, #5", 0xc1400005},
	{"a6xx", "jump #10", 0xc800000a},
	{"a6xx", "call #291", 0xd4000123},
	{"a6xx", "waitin", 0xd8000000},
	{"a6xx", "ret", 0xd0000000},
	{"a6xx", "iret", 0xd2000000},
	{"a5xx", "nop", 0x00000000},
	{"a6xx", "nop", 0x01000000},
	{"a6xx", "(rep)nop", 0x05000000},
	{"a7xx", "jump $lr", 0xdf70001b},
	{"a6xx", "store $04, [$0e + 0x4]!", 0xa1c44004},
	{"a5xx", "store $04, [$0e + 0x4]!", 0xa9c44004},
	{"a6xx", "load $02, [$07 + 0x3c]", 0xb0e2003c},
	{"a6xx", "swrite $02, [$00 + 0x004]", 0xa8028004},
	{"a6xx", "sread $05, [$00 + 0x005]", 0xb8058005},
	{"a6xx", "not $05, 0x1000", 0x40051000},
	{"a6xx", "not $07, $04", 0x98043808},
	{"a6xx", "msb $03, $04", 0x98041814},
	{"a7xx", "msb $03, $04", 0x98041819},
	{"a7xx", "bic $12, $12, 0x2000", 0x4a522000},
	{"a7xx", "mov $02, 0x3039", 0x70023039},
	{"a6xx", "bl #64", 0xe0000040},
	{"a7xx", "jumpa #64", 0xe4000040},
	{"a6xx", "add $03, $03, $06", 0x98661801},
	{"a7xx", "setbit $02, $03, $04", 0x98641016},
	{"a6xx", "setsecure $02, #3", 0xec000000},
	{"a7xx", "sret", 0xdf600000},
	/* numeric register names and spacing */
	{"a6xx", "add $1a, $sp, $1f", 0x9b5fd001},
	{"a6xx", "  addhi   $02 ,$03,$04   ; comment", 0x98641002},
	/* mov's shift field (Mesa: imm << shift), and parentheses to opt out */
	{"a6xx", "mov $02, 0x12 << 4", 0x88820012},
	{"a6xx", "mov $02, (0x12 << 4)", 0x88020120},
	/* expressions, C precedence; add $02, $03, imm is 0x08620000 | imm */
	{"a6xx", "add $02, $03, 1 + 2 * 3", 0x08620007},
	{"a6xx", "add $02, $03, (1 + 2) * 3", 0x08620009},
	{"a6xx", "add $02, $03, 0x10 >> 2 | 1", 0x08620005},
	{"a6xx", "add $02, $03, ~0 & 0xff", 0x086200ff},
	{"a6xx", "add $02, $03, -1 + 5", 0x08620004},
	{"a6xx", "add $02, $03, 10 / 3 + 10 % 3 * 0x10", 0x08620013},
	{"a6xx", "add $02, $03, 1 << 4 ^ 3", 0x08620013},
	{"a6xx", "add $02, $03, 0b101 + 010", 0x0862000d},
	{"a6xx", "add $02, $03, 0x3 & 6 | 8", 0x0862000a},
	{"a6xx", "mov $02, 1 << 4 ^ 3", 0x88020013},
	/* control, SQE and pipe registers (adreno_control_regs.xml,
	 * adreno_pipe_regs.xml): a6xx REG_WRITE 0x025, IB1_BASE 0x010,
	 * a5xx REG_WRITE 0x011, SQE PREEMPT_INSTR 0x004, pipe NRT_DATA 0xa2 */
	{"a6xx", "cwrite $02, [$00 + @REG_WRITE]", 0xa8020025},
	{"a6xx", "cwrite $02, [$00 + @IB1_BASE+0x1]", 0xa8020011},
	{"a5xx", "cwrite $02, [$00 + @REG_WRITE]", 0xa8028011},
	{"a6xx", "swrite $02, [$00 + %PREEMPT_INSTR]", 0xa8028004},
	{"a6xx", "mov $addr, |NRT_DATA << 24", 0x8b1d00a2},
	{"a6xx", "mov $addr, |WAIT_MEM_WRITES << 24", 0x8b1d0084},
	{"a6xx", "add $02, $03, %PREEMPT_INSTR % 3", 0x08620001},
	/* GPU registers (a6xx.xml CP_SCRATCH at 0x883, a5xx.xml at 0xb78)
	 * and PM4 packets (adreno_pm4.xml CP_ME_INIT 0x48) */
	{"a6xx", "mov $04, CP_SCRATCH[0x6].REG", 0x88040889},
	{"a5xx", "mov $02, CP_SCRATCH_REG[0x2]", 0x88020b7a},
	{"a6xx", "mov $02, CP_ME_INIT + 1", 0x88020049},
};

static void test_words(struct tap *t)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(words); i++)
		check_word(t, words[i].gen, words[i].line, words[i].word);
	/* upper-case mnemonics are not Mesa's: an error */
	struct obj_file o;
	struct diag d;
	tap_ok(t, !assemble(".gpu a6xx\nADDHI $02, $03, $04\n", &o, &d),
	       "mnemonics are lower case");
	obj_free(&o);
	diag_free(&d);
}

static const struct obj_reloc *reloc_at(const struct obj_section *s, uint32_t offset)
{
	for (size_t i = 0; i < s->reloc_count; i++)
		if (s->relocs[i].offset == offset)
			return &s->relocs[i];
	return NULL;
}

static void check_reloc(struct tap *t, const struct obj_file *o, uint32_t section, uint32_t offset,
			enum obj_reloc_kind kind, const char *symbol, int32_t addend)
{
	const struct obj_reloc *r = reloc_at(&o->sections[section], offset);
	if (!tap_ok(t, r != NULL, "a relocation at %s word %u", o->sections[section].name, offset))
		return;
	tap_ok(t,
	       r->kind == kind && strcmp(o->symbols[r->symbol].name, symbol) == 0 &&
		       r->addend == addend,
	       "  %s against %s%+d (got %s against %s%+d)", obj_reloc_name(kind), symbol, addend,
	       obj_reloc_name((enum obj_reloc_kind)r->kind), o->symbols[r->symbol].name, r->addend);
	tap_ok(t, r->loc.file && strcmp(r->loc.file, "t.s") == 0 && r->loc.line > 1,
	       "  with its source line (%u)", r->loc.line);
}

static const struct obj_symbol *symbol_named(const struct obj_file *o, const char *name)
{
	uint32_t i = obj_find_symbol(o, name);
	return i == UINT32_MAX ? NULL : &o->symbols[i];
}

static void test_relocations(struct tap *t)
{
	static const char src[] = ".gpu a6xx\n"
				  "start:\n"
				  "	mov $02, #table << 2\n"
				  "	add $03, $03, #table + 4\n"
				  "	cwrite $02, [$00 + #table]\n"
				  "	call #func\n"
				  "	jump #elsewhere\n"
				  "	brne $02, b1, #start\n"
				  "	[#table + 1]\n"
				  "	.word #func, #table - #start, 7\n"
				  "table:\n"
				  "	.word 1, 2\n"
				  "	call #table\n"
				  "	breq $02, 0x3, #table + 1\n"
				  "	mov $02, #end - #table\n"
				  "end:\n";
	struct obj_file o;
	struct diag d;
	if (!tap_ok(t, assemble(src, &o, &d), "the relocation source assembles")) {
		show_errors(t, &d);
		goto out;
	}
	const struct obj_section *s = &o.sections[0];
	static const uint32_t want[] = {0x88420000, 0x08630000, 0xa8020000, 0xd4000000, 0xc8000000,
					0xc841fffb, 0x01000000, 0x00000000, 10,         7,
					1,          2,          0xd4000000, 0xc443fffe, 0x88020005};
	tap_is_int(t, s->count, UTIL_ARRAY_SIZE(want), "15 words");
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(want) && i < s->count; i++)
		tap_is_hex(t, s->words[i], want[i], "word %zu", i);
	check_reloc(t, &o, 0, 0, OBJ_R_IMM16, "table", 0);
	check_reloc(t, &o, 0, 1, OBJ_R_IMM16, "table", 4);
	check_reloc(t, &o, 0, 2, OBJ_R_IMM12, "table", 0);
	check_reloc(t, &o, 0, 3, OBJ_R_ABS26, "func", 0);
	check_reloc(t, &o, 0, 4, OBJ_R_BRANCH16, "elsewhere", 0);
	check_reloc(t, &o, 0, 6, OBJ_R_PAYLOAD24, "table", 1);
	check_reloc(t, &o, 0, 7, OBJ_R_WORD32, "func", 0);
	check_reloc(t, &o, 0, 12, OBJ_R_ABS26, "table", 0);
	tap_is_int(t, s->reloc_count, 8, "and no others (branches within the section resolve)");
	const struct obj_symbol *func = symbol_named(&o, "func"),
				*table = symbol_named(&o, "table");
	tap_ok(t, func && func->section == OBJ_SECTION_UNDEF && func->global,
	       "an undefined label is an undefined global symbol, not an error");
	tap_ok(t, table && table->section == 0 && table->value == 10 && !table->global,
	       "labels are local symbols at their word");
	tap_ok(t, table && table->loc.line == 11 && table->loc.col == 1, "with their location");
out:
	obj_free(&o);
	diag_free(&d);

	/* a7xx: 12-bit shift immediates take IMM12, mov IMM16 */
	if (!tap_ok(t, assemble(".gpu a7xx\nshl $02, $02, #x\nmov $02, #x\nx:\n", &o, &d),
		    "a7xx label immediates")) {
		show_errors(t, &d);
	} else {
		tap_is_hex(t, o.sections[0].words[0], 0x90422000, "shl $02, $02, #x");
		tap_is_hex(t, o.sections[0].words[1], 0x70020000, "mov $02, #x");
		check_reloc(t, &o, 0, 0, OBJ_R_IMM12, "x", 0);
		check_reloc(t, &o, 0, 1, OBJ_R_IMM16, "x", 0);
	}
	obj_free(&o);
	diag_free(&d);
}

static const struct obj_handler *handler_for(const struct obj_file *o, uint32_t opcode)
{
	for (size_t i = 0; i < o->handler_count; i++)
		if (o->handlers[i].opcode == opcode)
			return &o->handlers[i];
	return NULL;
}

static void check_handler(struct tap *t, const struct obj_file *o, uint32_t opcode,
			  const char *name, uint32_t value)
{
	const struct obj_handler *h = handler_for(o, opcode);
	const struct obj_symbol *s = h ? &o->symbols[h->symbol] : NULL;
	tap_ok(t, s && s->value == value && (!name || strcmp(s->name, name) == 0),
	       "packet 0x%02x is handled at word %u%s%s (got %s at %u)", opcode, value,
	       name ? " by " : "", name ? name : "", s ? s->name : "nothing", s ? s->value : 0);
	tap_ok(t, h && h->loc.file && h->loc.line > 1, "  the record has a location");
}

static void test_handlers(struct tap *t)
{
	static const char src[] = ".gpu a6xx\n"
				  "CP_NOP:\n"
				  "	nop\n"
				  "UNKN5:\n"
				  "	nop\n"
				  ".handler CP_ME_INIT, 0x7f, UNKN3\n"
				  "	waitin\n"
				  "mine:\n"
				  ".handler PKT4\n"
				  "	nop\n"
				  "l7:\n"
				  "fxn9: nop\n";
	struct obj_file o;
	struct diag d;
	if (tap_ok(t, assemble(src, &o, &d), "the handler source assembles")) {
		/* adreno_pm4.xml: CP_NOP 0x10, CP_ME_INIT 0x48, PKT4 0x04 */
		check_handler(t, &o, 0x10, "CP_NOP", 0);
		check_handler(t, &o, 5, "UNKN5", 1);
		check_handler(t, &o, 0x48, NULL, 2);
		check_handler(t, &o, 0x7f, NULL, 2);
		check_handler(t, &o, 3, NULL, 2);
		check_handler(t, &o, 4, "mine", 3);
		tap_is_int(t, o.handler_count, 6, "six records: other labels make none");
		const struct obj_handler *h = handler_for(&o, 0x48);
		tap_ok(t, h && h->loc.line == 6 && h->loc.col == 10,
		       ".handler records point at the opcode");
	} else {
		show_errors(t, &d);
	}
	obj_free(&o);
	diag_free(&d);
}

static void test_sections(struct tap *t)
{
	static const char src[] = ".gpu a6xx\n"
				  "	nop\n"
				  ".align 16\n"
				  "x:	nop\n"
				  ".section BV\n"
				  "	nop\n"
				  ".jumptbl\n"
				  "y:	nop\n"
				  "x:	jump #x\n"
				  "	jump #y\n"
				  "	call #only_text\n"
				  "	jump #only_text + 1\n"
				  ".section .text\n"
				  "only_text: nop\n";
	struct obj_file o;
	struct diag d;
	if (!tap_ok(t, assemble(src, &o, &d), "the section source assembles")) {
		show_errors(t, &d);
		goto out;
	}
	tap_is_int(t, o.section_count, 2, ".text and BV");
	const struct obj_section *text = &o.sections[0], *bv = &o.sections[1];
	tap_is_str(t, text->name, ".text", "the implicit first section");
	tap_is_int(t, text->count, 9, ".text: 2 nops, .align padding, .section padding, 1 more");
	tap_is_hex(t, text->words[2], 0x01000000, ".align pads with the a6xx nop");
	tap_is_int(t, text->words[5] == 0x01000000 && text->words[7] == 0x01000000, 1,
		   ".section pads the section it leaves to 32 bytes");
	tap_is_int(t, text->align, 32, "which then needs 32-byte alignment");
	tap_is_str(t, bv->name, "BV", ".section BV");
	tap_is_int(t, bv->align, 32, "new sections are 32-byte aligned");
	tap_is_int(t, bv->table_offset, 1, ".jumptbl position");
	tap_ok(t,
	       bv->count >= 132 && bv->words[1] == 0 && bv->words[128] == 0 &&
		       bv->words[129] == 0x01000000,
	       "0x80 zero words reserved for the table");
	tap_is_int(t, bv->count, 136, "BV padded to 32 bytes when left");
	tap_is_hex(t, bv->words[130], 0xc8000000, "BV's own x (labels are per section)");
	tap_is_hex(t, bv->words[131], 0xc800fffe, "jump #y: -2");
	check_reloc(t, &o, 1, 132, OBJ_R_ABS26, "only_text", 0);
	check_reloc(t, &o, 1, 133, OBJ_R_BRANCH16, "only_text", 1);
	tap_is_hex(t, bv->words[133], 0xc8000000, "a branch to another section: offset left 0");
	const struct obj_symbol *ot = symbol_named(&o, "only_text");
	tap_ok(t, ot && ot->section == 0 && ot->value == 8,
	       "a label in another section is used "
	       "when only that section has it");
out:
	obj_free(&o);
	diag_free(&d);

	if (tap_ok(t, assemble(".gpu a5xx\nnop\n.align 8\nwaitin\n.align 4\n", &o, &d),
		   "a5xx .align")) {
		tap_ok(t,
		       o.sections[0].count == 3 && o.sections[0].words[1] == 0 &&
			       o.sections[0].words[2] == 0xd8000000,
		       "pads with the a5xx nop (0)");
		tap_is_int(t, o.sections[0].align, 8, "the section alignment follows .align");
	}
	obj_free(&o);
	diag_free(&d);
}

static void check_gen(struct tap *t, enum isa_gen opt_gen, const char *src, enum isa_gen want,
		      uint32_t nop_at, uint32_t nop)
{
	struct obj_file o;
	struct diag d;
	options.gen = opt_gen;
	bool ok = assemble(src, &o, &d);
	options.gen = 0;
	if (!tap_ok(t, ok && o.gen == want, "%s (with --gpu %s) is %s", src,
		    opt_gen ? isa_gen_name(opt_gen) : "none", isa_gen_name(want)))
		show_errors(t, &d);
	else
		tap_is_hex(t, o.sections[0].words[nop_at], nop, "  nop is %08x", nop);
	obj_free(&o);
	diag_free(&d);
}

static void test_generation(struct tap *t)
{
	check_gen(t, 0, "[016ee207]\nnop\n", ISA_A6XX, 1, 0x01000000);
	check_gen(t, 0, "[005ff08a]\nnop\n", ISA_A5XX, 1, 0);
	check_gen(t, 0, "[01512162]\n[0]\nnop\n", ISA_A7XX, 2, 0x01000000);
	check_gen(t, ISA_A5XX, "[016ee207]\nnop\n", ISA_A5XX, 1, 0);
	check_gen(t, ISA_A5XX, ".gpu a7xx\nnop\n", ISA_A7XX, 0, 0x01000000);
	check_gen(t, 0, "[00000000]\n.gpu a6xx\nnop\n", ISA_A6XX, 1, 0x01000000);
	check_error(
		t, "nop\n", 1, 1,
		"which GPU generation is this for? Write .gpu a5xx, a6xx or a7xx before the "
		"code, pass --gpu, or begin with the firmware id word as Mesa does ([016ee207])");
	check_error(
		t, "[12345678]\nnop\n", 2, 1,
		"which GPU generation is this for? Write .gpu a5xx, a6xx or a7xx before the "
		"code, pass --gpu, or begin with the firmware id word as Mesa does ([016ee207])");
	check_error(t, ".gpu a6xx\nnop\n.gpu a7xx\n", 3, 6,
		    ".gpu a7xx comes after code assembled for a6xx: put .gpu first");
	check_error(t, ".gpu a8xx\n", 1, 6,
		    "unknown generation 'a8xx': .gpu takes a5xx, a6xx or a7xx");
	enum isa_gen gen;
	tap_ok(t, fw_gen_of_id(0x016ee207, &gen) && gen == ISA_A6XX, "fwid 0x6ee: a630");
	tap_ok(t, fw_gen_of_id(0x017aa047, &gen) && gen == ISA_A6XX, "fwid 0x7aa: a702 is a6xx");
	tap_ok(t, !fw_gen_of_id(0x02999000, &gen), "high byte 0x02: no generation's NOP");
}

static void check_location(struct tap *t, const char *src, const char *file, unsigned line,
			   unsigned col)
{
	struct obj_file o;
	struct diag d;
	assemble(src, &o, &d);
	const struct diag_msg *m = d.count ? &d.msgs[0] : NULL;
	tap_ok(t, m && m->file && strcmp(m->file, file) == 0 && m->line == line && m->col == col,
	       "error reported at %s:%u:%u (got %s:%u:%u)", file, line, col,
	       m && m->file ? m->file : "-", m ? m->line : 0, m ? m->col : 0);
	tap_ok(t, m && m->source_line && strstr(m->source_line, "badinstr"),
	       "  with the source line for the caret");
	obj_free(&o);
	diag_free(&d);
}

static void test_markers(struct tap *t)
{
	/* cpp linemarkers */
	check_location(t, "# 10 \"foo.S\"\n.gpu a6xx\n\tbadinstr\n", "foo.S", 11, 2);
	check_location(t,
		       "# 1 \"x.S\"\n.gpu a6xx\n# 1 \"inc.h\" 1\nnop\n\tbadinstr\n# 3 \"x.S\" 2\n",
		       "inc.h", 2, 2);
	/* m4 -s sync lines: two lines of a macro expansion count as one line
	 * of cpp's output, so badinstr is line 4 of x.S, not 5 */
	check_location(t,
		       "#line 1 \"stdin\"\n# 1 \"x.S\"\n.gpu a6xx\nnop\nnop\n#line 5\nbadinstr\n",
		       "x.S", 4, 1);
	/* a marker without a file name is skipped, not an error */
	check_location(t, ".gpu a6xx\n# 7\nbadinstr\n", "t.s", 3, 1);
}

static void test_errors(struct tap *t)
{
	check_error(t, ".gpu a6xx\na: nop\na: nop\n", 3, 1, "duplicate label 'a'");
	check_error(t, ".gpu a6xx\nmov $02, 0x10000\n", 2, 10,
		    "value 0x10000 does not fit the 16-bit immediate of mov (0..0xffff)");
	check_error(t, ".gpu a6xx\njump #0x8000\n", 2, 6,
		    "branch offset 32768 is out of range for jump: -32768..32767 (signed 16 bits)");
	check_error(t, ".gpu a6xx\nx: nop\n.rept 3\n", 3, 1,
		    "unknown directive '.rept'; the directives are .align, .control, .error, "
		    ".global, .globl, "
		    ".gpu, .handler, .jumptbl, .local, .section, .set, .warning, .word");
	check_error(t, ".gpu a6xx\n  .error \"IF_EQ: a \\\"message\\\"; with a semicolon\"\n", 2, 3,
		    "IF_EQ: a \"message\"; with a semicolon");
	check_error(t, ".gpu a6xx\n.error oops\n", 2, 8,
		    "expected a \"quoted message\", found 'oops'");
	check_error(t, ".gpu a6xx\na: nop\n.section BV\nb: nop\n.word #b - #a\n", 5, 7,
		    "the difference of 'b' and 'a' is not known here: only labels of one section "
		    "subtract to a number");
	check_error(
		t, ".gpu a6xx\nx: brne $02, #x, #x\n", 2, 14,
		"a label address cannot go in the 5-bit immediate of brne (labels fit 16-bit and "
		"12-bit immediates)");
	check_error(t, ".gpu a6xx\nsetsecure $02, #x\nnop\nx: nop\n", 2, 16,
		    "the target of setsecure is fixed 3 words after it (address 0x3), not 0x2");
	check_error(t, ".gpu a6xx\n.set A, #later\nlater:\n", 2, 9,
		    "'#later' is not defined at this point; this value must be known where it is "
		    "written");
	check_error(t, ".gpu a6xx\n.handler CP_NOP\nnop\nCP_NOP: nop\n", 4, 1,
		    "a second handler for packet 0x10 (CP_NOP) in section .text");
	check_error(t, ".gpu a6xx\nmov $adr, $03\n", 2, 5,
		    "unknown register '$adr'; did you mean '$addr'?");
	check_error(t, ".gpu a6xx\nmov $02, $zz\n", 2, 10,
		    "unknown register '$zz' (registers are $00..$19, $sp, $lr, $rem, $data, $addr, "
		    "$usraddr, $memdata, $regdata)");
	check_error(t, ".gpu a6xx\nmovv $02, $03\n", 2, 1,
		    "unknown instruction 'movv'; did you mean 'mov'?");
	check_error(t, ".gpu a6xx\nmvo $02, $03\n", 2, 1,
		    "unknown instruction 'mvo'; did you mean 'mov', 'min' or 'max'?");
	check_error(t, ".gpu a6xx\nl: nop\n.section BV\nl: nop\n.section LPAC\ncall #l\n", 6, 6,
		    "'#l' is not defined in this section and 2 other sections define it: which one "
		    "is meant?");
	check_error(t, ".gpu a6xx\n.global l\nl: nop\n.section BV\nl: nop\n", 2, 9,
		    "'l' cannot be global: 2 sections define it");
	check_error(t, ".gpu a6xx\n.jumptbl\n.jumptbl\n", 3, 1,
		    "a second .jumptbl in section .text");
	check_error(t, ".gpu a6xx\nmov $02, 5 / (3 - 3)\n", 2, 12, "division by zero");
	check_error(t, ".gpu a6xx\n[123456789]\n", 2, 2,
		    "raw word [123456789] has more than 8 hex digits");
	check_error(t, ".gpu a6xx\n.local nothing\n", 2, 8,
		    ".local 'nothing': nothing of that name is defined in this file");
	check_error(t, ".gpu a6xx\nadd $02, $03\n", 2, 13,
		    "missing a register or an immediate or #label: add takes 'add $dst, $src1, "
		    "$src2' or 'add $dst, $src1, immediate'");

	/* pathological expressions are errors, not stack overflows */
	struct util_str deep = {0}, wide = {0};
	util_str_puts(&deep, ".gpu a6xx\nmov $02, ");
	util_str_puts(&wide, ".gpu a6xx\nmov $02, 0");
	for (int i = 0; i < 300; i++)
		util_str_puts(&deep, "(-");
	for (int i = 0; i < 5000; i++)
		util_str_puts(&wide, "+1");
	check_error(t, deep.text, 2, 210, "expression nested more than 200 deep");
	check_error(t, wide.text, 2, 4011, "expression with more than 4000 operators and operands");
	util_str_free(&deep);
	util_str_free(&wide);

	/* all errors of a file are reported, not just the first */
	struct obj_file o;
	struct diag d;
	bool ok = assemble(".gpu a6xx\n.warning \"careful\"\nnop\n", &o, &d);
	tap_ok(t,
	       ok && d.count == 1 && d.msgs[0].level == DIAG_WARNING &&
		       strcmp(d.msgs[0].text, "careful") == 0,
	       ".warning reports and assembles on");
	obj_free(&o);
	diag_free(&d);
	assemble(".gpu a6xx\nbad1\nbad2\nmov $02, 0x10000\n", &o, &d);
	tap_is_int(t, d.errors, 3, "three bad lines, three errors");
	obj_free(&o);
	diag_free(&d);
}

static void test_symbols(struct tap *t)
{
	static const char src[] = ".gpu a6xx\n"
				  ".global entry, ext\n"
				  ".set SIZE, 0x20\n"
				  ".set SIZE, SIZE + 1\n"
				  ".global SIZE\n"
				  "entry: add $02, $02, SIZE\n"
				  "	add $02, $02, #SIZE\n";
	struct obj_file o;
	struct diag d;
	if (tap_ok(t, assemble(src, &o, &d), "the symbol source assembles")) {
		const struct obj_symbol *e = symbol_named(&o, "entry"),
					*x = symbol_named(&o, "ext"), *k = symbol_named(&o, "SIZE");
		tap_ok(t, e && e->global && e->section == 0, ".global makes a label global");
		tap_ok(t, x && x->global && x->section == OBJ_SECTION_UNDEF,
		       ".global on a name defined nowhere: an undefined global");
		tap_ok(t, k && k->global && k->section == OBJ_SECTION_ABS && k->value == 0x21,
		       ".set makes an absolute symbol, redefined in place");
		tap_is_hex(t, o.sections[0].words[0], 0x08420021, "SIZE in an expression");
		tap_is_hex(t, o.sections[0].words[1], 0x08420021, "#SIZE too");
	} else {
		show_errors(t, &d);
	}
	obj_free(&o);
	diag_free(&d);
}

static uint32_t next_random(uint32_t *state)
{
	uint32_t x = *state; /* xorshift */
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

/* afuc-as reads what isa_format prints: random instructions of every form
 * of a generation, formatted at their address, assemble to the same
 * words (bits the hardware ignores aside: the text does not hold them). */
static void test_format_round_trip(struct tap *t, enum isa_gen gen)
{
	enum { BASE = 0x8000, PER_FORM = 20 }; /* BASE: room for backward branches */
	struct isa isa;
	isa_init(&isa, gen);
	struct util_str src = {0};
	util_str_printf(&src, ".gpu %s\n", isa_gen_name(gen));
	for (int i = 0; i < BASE; i++)
		util_str_puts(&src, "nop\n");
	uint32_t *want = NULL;
	size_t count = 0, cap = 0;
	uint32_t seed = 0x9e3779b9u ^ (uint32_t)gen;
	for (unsigned i = 0; i < isa_form_count; i++) {
		const struct isa_form *form = &isa_forms[i];
		if (!isa_form_in_gen(form, gen))
			continue;
		for (int n = 0; n < PER_FORM; n++) {
			struct isa_instr in = {.form = form}, out;
			for (unsigned k = 0; k < form->shape->field_count; k++) {
				const struct isa_field *f = &form->shape->fields[k];
				uint32_t v = next_random(&seed) &
					     (uint32_t)((1ull << (f->hi - f->lo + 1)) - 1);
				if (f->kind == ISA_F_OFFSET && (v & 0x8000))
					v |= 0xffff0000u;
				in.f[f->kind] = v;
			}
			uint32_t word;
			/* a decode-only form is a word the assembler spells otherwise */
			if (!isa_encode(&in, &word, NULL) || !isa_decode(&isa, word, &out) ||
			    out.form->decode_only)
				continue;
			out.ignored_bits = 0;
			isa_encode(&out, &word, NULL);
			isa_format(&out, BASE + (uint32_t)count, NULL, &src);
			util_str_putc(&src, '\n');
			util_grow(&want, &cap, count + 1, sizeof *want);
			want[count++] = word;
		}
	}
	struct obj_file o;
	struct diag d;
	bool ok = assemble(src.text, &o, &d);
	if (!tap_ok(t, ok, "%s: %zu formatted instructions assemble", isa_gen_name(gen), count))
		show_errors(t, &d);
	size_t bad = 0;
	for (size_t i = 0; ok && i < count; i++) {
		uint32_t got = o.sections[0].words[BASE + i];
		if (got != want[i] && bad++ < 5)
			tap_diag(t, "word %zu: 0x%08x, want 0x%08x", i, got, want[i]);
	}
	tap_ok(t, ok && bad == 0, "%s: and give the same words back", isa_gen_name(gen));
	obj_free(&o);
	diag_free(&d);
	util_str_free(&src);
	free(want);
}

/* A vendor image, from where tests look for them (docs/testing.md). */
static bool read_firmware(const char *name, uint8_t **data, size_t *len)
{
	char *file = util_xasprintf("%s.fw", name);
	*data = test_firmware(file, len, NULL);
	free(file);
	return *data != NULL;
}

/* Words of o that differ from the image, laid out as Mesa does: after
 * the leading zero word, each section at a multiple of 8 words. Words a
 * relocation or the packet table fills are not compared. */
static size_t compare_image(struct tap *t, const struct obj_file *o, const uint8_t *img, size_t len,
			    bool show)
{
	size_t bad = 0, base = 1;
	for (size_t s = 0; s < o->section_count; s++) {
		const struct obj_section *sec = &o->sections[s];
		bool *skip = util_xcalloc(sec->count + 1, 1);
		for (size_t r = 0; r < sec->reloc_count; r++)
			skip[sec->relocs[r].offset] = true;
		for (size_t w = 0; sec->table_offset != OBJ_NO_TABLE && w < OBJ_PACKET_TABLE_WORDS;
		     w++)
			skip[sec->table_offset + w] = true;
		for (size_t w = 0; w < sec->count; w++) {
			size_t at = (base + w) * 4;
			if (skip[w])
				continue;
			if (at + 4 > len || util_le32(img + at) != sec->words[w]) {
				if (show && bad < 8)
					tap_diag(t, "%s word %zu: 0x%08x, image 0x%08x", sec->name,
						 w, sec->words[w],
						 at + 4 > len ? 0 : util_le32(img + at));
				bad++;
			}
		}
		free(skip);
		base += (sec->count + 7) / 8 * 8;
	}
	return bad;
}

/* The four listings Mesa's afuc-disasm printed assemble without error,
 * and give back the vendor image's words. In a630_sqe.s four words of a
 * data table are printed as instructions whose ignored bits (3 words)
 * and out-of-image branch offset (#1792: Mesa prints the raw offset, we
 * read #N as an address) the listing does not hold. */
static void test_listings(struct tap *t)
{
	static const struct {
		const char *name;
		size_t differ;
	} listings[] = {{"a530_pfp", 0}, {"a530_pm4", 0}, {"a630_sqe", 4}, {"gen70500_sqe", 0}};
	const char *root = getenv("SDK_ROOT");
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(listings); i++) {
		char *path = util_xasprintf("%s/../shared/reference/disasm/%s.s", root ? root : ".",
					    listings[i].name);
		uint8_t *text, *img;
		size_t len, img_len;
		if (util_read_file(path, &text, &len) != 0) {
			tap_skip(t, 2, "%s is absent", path);
			free(path);
			continue;
		}
		struct obj_file o;
		struct diag d;
		diag_init(&d);
		bool ok = as_assemble((const char *)text, len, path, &options, &o, &d);
		if (!tap_ok(t, ok, "%s assembles without error", listings[i].name))
			show_errors(t, &d);
		if (!read_firmware(listings[i].name, &img, &img_len)) {
			tap_skip(t, 1, "vendor image %s.fw not found", listings[i].name);
		} else {
			size_t bad = compare_image(t, &o, img, img_len, false);
			if (!tap_is_int(t, bad, listings[i].differ,
					"%s: the words match the vendor image", listings[i].name))
				compare_image(t, &o, img, img_len, true);
			free(img);
		}
		obj_free(&o);
		diag_free(&d);
		free(text);
		free(path);
	}
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	const char *build = getenv("SDK_BUILD");
	char *db = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	options.rnndb_dir = db;
	test_words(&t);
	for (int g = ISA_GEN_MIN; g <= ISA_GEN_MAX; g++)
		test_format_round_trip(&t, (enum isa_gen)g);
	test_relocations(&t);
	test_handlers(&t);
	test_sections(&t);
	test_generation(&t);
	test_markers(&t);
	test_errors(&t);
	test_symbols(&t);
	test_listings(&t);
	free(db);
	return tap_done_testing(&t);
}
