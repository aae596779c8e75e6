/* afuc-as -O (as_options.fill_delay_slots): where an instruction moves
 * into a branch's nop delay slot, the words, labels, relocations, line
 * records and listing that come out; and for every rule of the pass a
 * source it must leave exactly as written.
 *
 * Expected words were worked out by hand from the bit layouts of
 * afuc.xml (a6xx: mov imm 0x88000000 | dst << 16, brne imm 0xc0000000 |
 * src << 21 | imm << 16, jump 0xc8000000, call 0xd4000000, ret
 * 0xd0000000, waitin 0xd8000000, nop 0x01000000; a5xx nop 0). */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "as/as.h"

/* Assembles src with or without the pass; the caller frees o and d. */
static bool assemble(const char *src, bool fill, struct as_listing *listing, struct obj_file *o,
		     struct diag *d)
{
	struct as_options opt = {.fill_delay_slots = fill, .listing = listing};
	diag_init(d);
	return as_assemble(src, strlen(src), "t.s", &opt, o, d);
}

static bool check_words(struct tap *t, const struct obj_file *o, const uint32_t *want, size_t n,
			const char *what)
{
	const struct obj_section *s = &o->sections[0];
	bool same = s->count == n;
	for (size_t i = 0; same && i < n; i++)
		same = s->words[i] == want[i];
	if (!tap_ok(t, same, "%s: %zu words as worked out by hand", what, n)) {
		for (size_t i = 0; i < s->count || i < n; i++)
			tap_diag(t, "  word %zu: got 0x%08x, want 0x%08x", i,
				 i < s->count ? s->words[i] : 0, i < n ? want[i] : 0);
	}
	return same;
}

static uint32_t symbol_value(const struct obj_file *o, const char *name)
{
	uint32_t i = obj_find_symbol(o, name);
	return i == UINT32_MAX ? UINT32_MAX : o->symbols[i].value;
}

static const struct obj_reloc *reloc_at(const struct obj_section *s, uint32_t offset)
{
	for (size_t i = 0; i < s->reloc_count; i++)
		if (s->relocs[i].offset == offset)
			return &s->relocs[i];
	return NULL;
}

/* The source line of a word, from the object's line records. */
static uint32_t line_of(const struct obj_section *s, uint32_t offset)
{
	uint32_t line = 0;
	for (size_t i = 0; i < s->line_count && s->lines[i].offset <= offset; i++)
		line = s->lines[i].loc.line;
	return line;
}

struct move_case {
	const char *what, *src;
	uint32_t words[16];
	size_t count;
};

static const struct move_case moves[] = {
	{"a forward brne takes the mov before it",
	 ".gpu a6xx\n"
	 "\tmov $05, 0x1\n"
	 "\tmov $01, 0x5\n"
	 "\tbrne $04, 0x3, #out\n"
	 "\tnop\n"
	 "\tmov $05, $02\n"
	 "out:\twaitin\n"
	 "\tmov $01, $data\n",
	 /* brne at 1, out at 4: offset 3 */
	 {0x88050001, 0xc0830003, 0x88010005, 0x98022806, 0xd8000000, 0x981f0806},
	 6},
	{"a label on the instruction stays put and names the jump",
	 ".gpu a6xx\n"
	 "\tmov $05, 0x1\n"
	 "top:\tor $06, $06, 0x2\n"
	 "\tjump #top\n"
	 "\tnop\n"
	 "\twaitin\n"
	 "\tnop\n",
	 /* jump at 1 to top, now 1: offset 0, the or runs in its slot */
	 {0x88050001, 0xc8000000, 0x30c60002, 0xd8000000, 0x01000000},
	 5},
	{"a5xx: two slots filled, the branches' offsets follow",
	 ".gpu a5xx\n"
	 "\tmov $05, 0x1\n"
	 "\tmov $01, 0x5\n"
	 "\tjump #l\n"
	 "\tnop\n"
	 "\tmov $02, 0x7\n"
	 "\tjump #l\n"
	 "\tnop\n"
	 "l:\twaitin\n"
	 "\tnop\n",
	 /* jumps at 1 and 3, l at 5 */
	 {0x88050001, 0xc8000004, 0x88010005, 0xc8000002, 0x88020007, 0xd8000000, 0x00000000},
	 7},
	{".align pads anew after a filled slot",
	 ".gpu a6xx\n"
	 "\tmov $05, 0x1\n"
	 "\tmov $01, 0x5\n"
	 "\tjump #l\n"
	 "\tnop\n"
	 "\t.align 32\n"
	 "l:\twaitin\n"
	 "\tnop\n",
	 /* 3 words, then 5 nops up to 8: l stays at 8, the jump at 1 */
	 {0x88050001, 0xc8000007, 0x88010005, 0x01000000, 0x01000000, 0x01000000, 0x01000000,
	  0x01000000, 0xd8000000, 0x01000000},
	 10},
	{"an .align that needed no padding pads after a filled slot",
	 ".gpu a6xx\n"
	 "\tmov $05, 0x1\n"
	 "\tmov $01, 0x5\n"
	 "\tjump #l\n"
	 "\tnop\n"
	 "\t.align 16\n"
	 "l:\twaitin\n"
	 "\tnop\n",
	 /* 3 words, one nop up to 4: l stays at 4, the jump at 1 */
	 {0x88050001, 0xc8000003, 0x88010005, 0x01000000, 0xd8000000, 0x01000000},
	 6},
};

static void test_moves(struct tap *t)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(moves); i++) {
		const struct move_case *m = &moves[i];
		struct obj_file o;
		struct diag d;
		if (tap_ok(t, assemble(m->src, true, NULL, &o, &d), "%s: assembles", m->what))
			check_words(t, &o, m->words, m->count, m->what);
		obj_free(&o);
		diag_free(&d);
	}
	struct obj_file o;
	struct diag d;
	assemble(moves[1].src, true, NULL, &o, &d);
	tap_is_int(t, symbol_value(&o, "top"), 1, "the label on the moved mov names the jump");
	obj_free(&o);
	diag_free(&d);
	assemble(moves[3].src, true, NULL, &o, &d);
	tap_is_int(t, symbol_value(&o, "l"), 8, "the label after .align stays aligned");
	obj_free(&o);
	diag_free(&d);
}

/* Relocations and line records go with their words. */
static void test_what_moves_along(struct tap *t)
{
	static const char src[] = ".gpu a6xx\n"       /* 1 */
				  "\tmov $05, 0x1\n"  /* 2 */
				  "\tmov $02, #ext\n" /* 3: IMM16 against ext */
				  "\tcall #func\n"    /* 4: ABS26 against func */
				  "\tnop\n"           /* 5 */
				  "\twaitin\n"        /* 6 */
				  "\tnop\n"           /* 7 */
				  "func:\tret\n"      /* 8 */
				  "\tnop\n";          /* 9 */
	static const uint32_t want[] = {0x88050001, 0xd4000000, 0x88020000, 0xd8000000,
					0x01000000, 0xd0000000, 0x01000000};
	struct obj_file o;
	struct diag d;
	if (!tap_ok(t, assemble(src, true, NULL, &o, &d), "call with relocations: assembles")) {
		tap_skip(t, 6, "no object");
	} else {
		const struct obj_section *s = &o.sections[0];
		check_words(t, &o, want, UTIL_ARRAY_SIZE(want), "the mov went into call's slot");
		const struct obj_reloc *call = reloc_at(s, 1), *mov = reloc_at(s, 2);
		tap_ok(t,
		       call && call->kind == OBJ_R_ABS26 &&
			       strcmp(o.symbols[call->symbol].name, "func") == 0 &&
			       call->loc.line == 4,
		       "the call's relocation is at word 1, from line 4");
		tap_ok(t,
		       mov && mov->kind == OBJ_R_IMM16 &&
			       strcmp(o.symbols[mov->symbol].name, "ext") == 0 &&
			       mov->loc.line == 3,
		       "the mov's relocation is at word 2, from line 3");
		tap_is_int(t, symbol_value(&o, "func"), 5, "func is one word earlier");
		tap_is_int(t, line_of(s, 1), 4, "word 1 comes from line 4 (call)");
		tap_is_int(t, line_of(s, 2), 3, "word 2 comes from line 3 (mov)");
		tap_is_int(t, line_of(s, 3), 6,
			   "word 3 from line 6 (waitin): the nop of line 5 went");
	}
	obj_free(&o);
	diag_free(&d);

	/* the listing shows where each line's words went */
	struct as_listing l = {0};
	assemble(moves[0].src, true, &l, &o, &d);
	const struct as_list_line *mov = NULL, *brne = NULL, *nop = NULL;
	for (size_t i = 0; i < l.count; i++) {
		mov = l.lines[i].line == 3 ? &l.lines[i] : mov;
		brne = l.lines[i].line == 4 ? &l.lines[i] : brne;
		nop = l.lines[i].line == 5 ? &l.lines[i] : nop;
	}
	tap_ok(t, mov && mov->first == 2 && mov->count == 1, "listing: the mov at word 2");
	tap_ok(t, brne && brne->first == 1 && brne->count == 1, "listing: the brne at word 1");
	tap_ok(t, nop && nop->count == 0, "listing: the nop made no word");
	as_listing_free(&l);
	obj_free(&o);
	diag_free(&d);
}

/* Sources the pass must leave as written, one per rule: each would
 * have a word moved without its rule (the text around it is movable). */
#define P "\tmov $05, 0x1\n" /* so that the case is not the section's first word */
static const struct {
	const char *rule, *body;
} stays[] = {
	{"the slot is not a plain nop", P "\tmov $01, 0x5\n\tjump #l\n\t(rep)nop\n"},
	{"the slot is a raw word, not a nop instruction",
	 P "\tmov $01, 0x5\n\tjump #l\n\t[01000000]\n"},
	{"a label on the slot", P "\tmov $01, 0x5\n\tjump #l\nx:\tnop\n"},
	{"a label on the branch", P "\tmov $01, 0x5\nx:\tjump #l\n\tnop\n"},
	{"the instruction is a call", P "\tcall #l\n\tjump #l\n\tnop\n"},
	{"the instruction is a waitin", P "\twaitin\n\tjump #l\n\tnop\n"},
	{"the instruction is a setsecure", P "\tsetsecure $02, #s\n\tjump #l\n\tnop\ns:\tnop\n"},
	{"the instruction is in another branch's slot",
	 P "\tjump #l\n\tmov $01, 0x5\n\tjump #l\n\tnop\n"},
	{"(rep)", P "\t(rep)mov $data, $02\n\tjump #l\n\tnop\n"},
	{"(xmov1)", P "\t(xmov1)mov $data, $data\n\tjump #l\n\tnop\n"},
	{"(peek)", P "\t(peek)add $01, $02, $data\n\tjump #l\n\tnop\n"},
	{"(sds1)", P "\t(sds1)cwrite $02, [$00 + 0x0bb]\n\tjump #l\n\tnop\n"},
	{"the branch reads what the instruction writes",
	 P "\tmov $04, 0x5\n\tbrne $04, 0x3, #l\n\tnop\n"},
	{"the branch writes what the instruction reads (bl, $lr)",
	 P "\tmov $01, $lr\n\tbl #l\n\tnop\n"},
	{"the branch tests a queue register", P "\tmov $01, $data\n\tbrne $rem, 0x0, #l\n\tnop\n"},
	{"waitin's slot", P "\tmov $01, 0x5\n\twaitin\n\tnop\n"},
	{"ret's slot", P "\tmov $01, 0x5\n\tret\n\tnop\n"},
	{"the first word of a section", "\tmov $01, 0x5\n\tjump #l\n\tnop\n"},
	{"a numeric address (#4) anywhere", P "\tmov $01, 0x5\n\tjump #l\n\tnop\n\tmov $02, #4\n"},
	{"a label plus a number", P "\tmov $01, 0x5\n\tjump #l\n\tnop\n\tmov $02, #l + 1\n"},
	{".align at the branch",
	 P "\tmov $05, 0x1\n\tmov $05, 0x1\n\tmov $01, 0x5\n\t.align 16\n\tjump #l\n\tnop\n"},
};

static void test_stays(struct tap *t)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(stays); i++) {
		char *src = util_xasprintf(".gpu a6xx\n%sl:\twaitin\n\tnop\n", stays[i].body);
		struct obj_file plain, filled;
		struct diag d1, d2;
		bool ok = assemble(src, false, NULL, &plain, &d1);
		ok &= assemble(src, true, NULL, &filled, &d2);
		if (tap_ok(t, ok, "%s: assembles", stays[i].rule))
			check_words(t, &filled, plain.sections[0].words, plain.sections[0].count,
				    stays[i].rule);
		obj_free(&plain);
		obj_free(&filled);
		diag_free(&d1);
		diag_free(&d2);
		free(src);
	}
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_moves(&t);
	test_what_moves_along(&t);
	test_stays(&t);
	return tap_done_testing(&t);
}
