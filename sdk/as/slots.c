/* Filling delay slots (afuc-as -O). Every afuc branch runs the word
 * after it before it lands; sources (and the flow macros) put a nop
 * there. Where the instruction just before the branch could run in the
 * slot instead, this moves it there and drops the nop:
 *
 *     I          B              I: the instruction, B: the branch
 *     B    ->    I              (a label on I stays: it now names B,
 *     nop                        and I still runs before the target)
 *
 * It runs after the last line and before the fixups are resolved, so
 * that labels, fixups, relocations, line records and the listing are
 * all still per section and offset, and are moved here with the words.
 * It moves only what provably keeps the program's meaning (see can_move
 * and movable_sections); anything it is unsure of stays as written.
 */
#include <stdlib.h>

#include "as/internal.h"

/* What an op is to the pass. FILL: a branch whose nop slot may take
 * the instruction before it. KEEP: other control flow, never moved and
 * its slot never filled (waitin's slot is the idiom that reads the next
 * packet's header; ret's, iret's and sret's stay as written; setsecure
 * skips a fixed number of words). */
enum flow { FLOW_NONE, FLOW_FILL, FLOW_KEEP };
static const uint8_t flow_of[ISA_OP_COUNT] = {
	[ISA_OP_BRNE] = FLOW_FILL,      [ISA_OP_BREQ] = FLOW_FILL,  [ISA_OP_BRNEB] = FLOW_FILL,
	[ISA_OP_BREQB] = FLOW_FILL,     [ISA_OP_CALL] = FLOW_FILL,  [ISA_OP_BL] = FLOW_FILL,
	[ISA_OP_JUMPA] = FLOW_FILL,     [ISA_OP_JUMPR] = FLOW_FILL, [ISA_OP_RET] = FLOW_KEEP,
	[ISA_OP_IRET] = FLOW_KEEP,      [ISA_OP_SRET] = FLOW_KEEP,  [ISA_OP_WAITIN] = FLOW_KEEP,
	[ISA_OP_SETSECURE] = FLOW_KEEP, [ISA_OP_CALLR] = FLOW_KEEP,
};

/* Registers whose reading pops a queue and counts $rem down ($rem,
 * $memdata, $regdata, $data): a branch that tests one of them keeps its
 * nop, whatever the instruction before it does. */
#define QUEUE_REGS (0xfu << ISA_REG_REM)

/* Old offset -> new, for a word that moved or went. */
#define GONE UINT32_MAX     /* the nop of a filled slot */
#define PADDING (GONE - 1u) /* .align padding, made anew */

struct section_pass {
	uint32_t s;
	size_t count;                    /* words before the pass */
	const struct as_insn_rec **insn; /* by offset: the instruction there, or NULL */
	bool *labelled;                  /* by offset (0..count): a symbol is there */
	bool *aligned;                   /* by offset (0..count): .align asked for it */
	bool *move;                      /* by offset: the instruction there moves */
	uint32_t *word_at;               /* by offset: where the word went, or GONE/PADDING */
	uint32_t *bound;                 /* by offset (0..count): where a label there goes */
};

/* A section's words may move unless some value names an address in it
 * other than through a label with nothing added (`#l + 1` would change
 * meaning), or some branch target is a number. Fixups are evaluated
 * here into a scratch diag: their errors are reported once, after. */
static void movable_sections(struct as_ctx *c, bool *movable)
{
	struct diag scratch, *real = c->d;
	diag_init(&scratch);
	c->d = &scratch;
	for (size_t i = 0; i < c->fix_count; i++) {
		const struct as_fixup *f = &c->fix[i];
		struct as_value v;
		bool target = f->kind == AS_FIX_FIELD &&
			      (f->field == ISA_F_OFFSET || f->field == ISA_F_TARGET);
		if (!as_eval(c, f->expr, f->section, &f->src, false, &v) || v.minus != AS_NONE) {
			movable[f->section] = false;
			continue;
		}
		uint32_t in = v.plus == AS_NONE ? OBJ_SECTION_UNDEF : c->o->symbols[v.plus].section;
		if (target && (v.plus == AS_NONE || v.c != 0))
			movable[f->section] = false;
		if (in < c->o->section_count && v.c != 0)
			movable[in] = false;
	}
	c->d = real;
	diag_free(&scratch);
}

/* Whether the word at p (an instruction, I) may move into the slot of
 * the branch B at p + 1, whose slot p + 2 holds a nop. */
static bool can_move(const struct as_ctx *c, const struct section_pass *sp, uint32_t p)
{
	const struct as_insn_rec *i = sp->insn[p], *b = sp->insn[p + 1], *n = sp->insn[p + 2];
	if (!i || !b || !n || p == 0)
		return false;
	/* a plain nop, no label on the branch or the slot */
	const struct obj_section *sec = &c->o->sections[sp->s];
	if (n->in.form->op != ISA_OP_NOP || sec->words[p + 2] != c->isa.nop ||
	    sp->labelled[p + 1] || sp->labelled[p + 2] || sp->aligned[p + 1] || sp->aligned[p + 2])
		return false;
	if (flow_of[b->in.form->op] != FLOW_FILL || flow_of[i->in.form->op] != FLOW_NONE ||
	    i->in.form->op == ISA_OP_NOP)
		return false;
	/* I is not in another branch's delay slot (whatever made the word
	 * before it: a raw word may be a branch too) */
	struct isa_instr before;
	if (isa_decode(&c->isa, sec->words[p - 1], &before) &&
	    flow_of[before.form->op] != FLOW_NONE)
		return false;
	/* modifiers that move more words than their operands say */
	const uint32_t *f = i->in.f;
	if (f[ISA_F_REP] || f[ISA_F_PEEK] || f[ISA_F_XMOV] || f[ISA_F_SDS])
		return false;
	uint32_t i_reads, i_writes, b_reads, b_writes;
	isa_instr_regs(&i->in, &i_reads, &i_writes);
	isa_instr_regs(&b->in, &b_reads, &b_writes);
	return !(b_reads & QUEUE_REGS) && !(i_writes & b_reads) &&
	       !(b_writes & (i_reads | i_writes));
}

/* The new order of the words: moves applied, padding made anew. */
static uint32_t *rebuild_words(struct as_ctx *c, struct section_pass *sp, size_t *new_count,
			       size_t *new_cap)
{
	const struct obj_section *sec = &c->o->sections[sp->s];
	uint32_t *words = NULL;
	size_t n = 0, cap = 0, pad = 0;
	for (uint32_t o = 0; o <= sp->count;) {
		sp->bound[o] = (uint32_t)n;
		while (pad < c->pad_count && (c->pads[pad].section != sp->s || c->pads[pad].at < o))
			pad++;
		if (pad < c->pad_count && c->pads[pad].at == o) {
			const struct as_pad *a = &c->pads[pad++];
			uint32_t words_per = a->bytes / 4;
			while (n % words_per)
				*UTIL_PUSH(words, n, cap) = a->fill;
			for (uint32_t k = 0; k < a->count; k++) {
				sp->word_at[o + k] = PADDING;
				sp->bound[o + k + 1] = (uint32_t)n;
			}
			/* a label written after the .align is after the padding
			 * (with none to tell, one before it is taken so too) */
			o += a->count;
			if (a->count == 0)
				sp->bound[o] = (uint32_t)n;
			continue;
		}
		if (o == sp->count)
			break;
		if (sp->move[o]) {
			sp->word_at[o + 1] = (uint32_t)n;
			*UTIL_PUSH(words, n, cap) = sec->words[o + 1];
			sp->word_at[o] = (uint32_t)n;
			*UTIL_PUSH(words, n, cap) = sec->words[o];
			sp->word_at[o + 2] = GONE;
			sp->bound[o + 1] = (uint32_t)n - 1;
			sp->bound[o + 2] = (uint32_t)n;
			o += 3;
			continue;
		}
		sp->word_at[o] = (uint32_t)n;
		*UTIL_PUSH(words, n, cap) = sec->words[o++];
	}
	*new_count = n;
	*new_cap = cap;
	return words;
}

/* The line records anew: each word keeps its line; new padding takes
 * the line of the word before it, as the old did. */
static void move_lines(struct obj_section *sec, const struct section_pass *sp, size_t new_count)
{
	struct obj_loc *old = util_xcalloc(sp->count + 1, sizeof *old);
	for (size_t r = 0; r < sec->line_count; r++) {
		size_t end = r + 1 < sec->line_count ? sec->lines[r + 1].offset : sp->count;
		for (size_t o = sec->lines[r].offset; o < end && o < sp->count; o++)
			old[o] = sec->lines[r].loc;
	}
	struct obj_loc *now = util_xcalloc(new_count + 1, sizeof *now);
	for (size_t o = 0; o < sp->count; o++)
		if (sp->word_at[o] < new_count)
			now[sp->word_at[o]] = old[o];
	sec->line_count = 0;
	for (size_t w = 0; w < new_count; w++) {
		if (!now[w].file && w > 0 && sec->line_count)
			now[w] = now[w - 1];
		if (!now[w].file)
			continue; /* before the first line (a .jumptbl's words) */
		const struct obj_line *last = sec->line_count ? &sec->lines[sec->line_count - 1]
							      : NULL;
		if (!last || last->loc.file != now[w].file || last->loc.line != now[w].line)
			*UTIL_PUSH(sec->lines, sec->line_count,
				   sec->line_cap) = (struct obj_line){(uint32_t)w, now[w]};
	}
	free(old);
	free(now);
}

/* Where a listing line's words went: one word follows its word (which
 * may have moved, or gone); several, or padding, follow their bounds. */
static void move_listing(struct as_listing *l, const struct section_pass *sp)
{
	for (size_t k = 0; l && k < l->count; k++) {
		struct as_list_line *ll = &l->lines[k];
		if (ll->section != sp->s)
			continue;
		uint32_t to = ll->count == 1 ? sp->word_at[ll->first] : PADDING;
		if (to == GONE) {
			ll->first = sp->bound[ll->first];
			ll->count = 0;
		} else if (to != PADDING) {
			ll->first = to;
		} else {
			uint32_t first = sp->bound[ll->first];
			ll->count = sp->bound[ll->first + ll->count] - first;
			ll->first = first;
		}
	}
}

static void apply(struct as_ctx *c, struct section_pass *sp)
{
	struct obj_section *sec = &c->o->sections[sp->s];
	size_t new_count, new_cap;
	uint32_t *words = rebuild_words(c, sp, &new_count, &new_cap);
	move_lines(sec, sp, new_count);
	for (size_t k = 0; k < c->o->symbol_count; k++) {
		struct obj_symbol *sym = &c->o->symbols[k];
		if (sym->section == sp->s && sym->value <= sp->count)
			sym->value = sp->bound[sym->value];
	}
	for (size_t k = 0; k < c->pend_count; k++)
		if (c->pend[k].section == sp->s)
			c->pend[k].offset = sp->word_at[c->pend[k].offset];
	for (size_t k = 0; k < c->fix_count; k++)
		if (c->fix[k].section == sp->s)
			c->fix[k].offset = sp->word_at[c->fix[k].offset];
	if (sec->table_offset != OBJ_NO_TABLE)
		sec->table_offset = sp->bound[sec->table_offset];
	move_listing(c->opt->listing, sp);
	free(sec->words);
	sec->words = words; /* a move keeps two words: never empty */
	sec->count = new_count;
	sec->cap = new_cap;
}

static void fill_section(struct as_ctx *c, uint32_t s)
{
	struct obj_section *sec = &c->o->sections[s];
	struct section_pass sp = {
		.s = s,
		.count = sec->count,
		.insn = util_xcalloc(sec->count + 1, sizeof *sp.insn),
		.labelled = util_xcalloc(sec->count + 1, sizeof *sp.labelled),
		.aligned = util_xcalloc(sec->count + 1, sizeof *sp.aligned),
		.move = util_xcalloc(sec->count + 1, sizeof *sp.move),
		.word_at = util_xcalloc(sec->count + 1, sizeof *sp.word_at),
		.bound = util_xcalloc(sec->count + 1, sizeof *sp.bound),
	};
	for (size_t k = 0; k < c->insn_count; k++)
		if (c->insns[k].section == s)
			sp.insn[c->insns[k].offset] = &c->insns[k];
	for (size_t k = 0; k < c->o->symbol_count; k++)
		if (c->o->symbols[k].section == s && c->o->symbols[k].value <= sec->count)
			sp.labelled[c->o->symbols[k].value] = true;
	for (size_t k = 0; k < c->pad_count; k++)
		if (c->pads[k].section == s)
			sp.aligned[c->pads[k].at + c->pads[k].count] = true;
	size_t moves = 0;
	for (uint32_t p = 0; p + 2 < sec->count; p++) {
		if (can_move(c, &sp, p)) {
			sp.move[p] = true;
			moves++;
			p += 2; /* the branch is filled, its slot gone */
		}
	}
	if (moves)
		apply(c, &sp);
	free(sp.insn);
	free(sp.labelled);
	free(sp.aligned);
	free(sp.move);
	free(sp.word_at);
	free(sp.bound);
}

void as_fill_delay_slots(struct as_ctx *c)
{
	if (c->numeric_address || !c->o->section_count)
		return;
	bool *movable = util_xmalloc(c->o->section_count * sizeof *movable);
	for (size_t s = 0; s < c->o->section_count; s++)
		movable[s] = true;
	movable_sections(c, movable);
	for (uint32_t s = 0; s < c->o->section_count; s++)
		if (movable[s])
			fill_section(c, s);
	free(movable);
}
