/* After the layout: the image's words, the relocations, the packet
 * tables and the script's deferred checks. */
#include <stdlib.h>
#include <string.h>

#include "ld/internal.h"

/* The ranges of the relocation fields, for messages (the arithmetic
 * itself is obj_apply_reloc's). */
static const struct {
	int64_t lo, hi;
	bool pcrel;
} reloc_ranges[OBJ_R_COUNT] = {
	[OBJ_R_BRANCH16] = {-0x8000, 0x7fff, true},
	[OBJ_R_ABS26] = {0, 0x3ffffff, false},
	[OBJ_R_IMM16] = {0, 0xffff, false},
	[OBJ_R_IMM12] = {0, 0xfff, false},
	[OBJ_R_PAYLOAD24] = {0, 0xffffff, false},
	[OBJ_R_WORD32] = {-0x80000000ll, 0xffffffffll, false},
};

static void put_hex(struct util_str *s, int64_t v)
{
	if (v < 0)
		util_str_printf(s, "-0x%llx", (unsigned long long)-v);
	else
		util_str_printf(s, "0x%llx", (unsigned long long)v);
}

bool ld_nop_word(const struct ld_ctx *c, int64_t payload, uint32_t *word)
{
	const char *why;
	*word = c->nop;
	return obj_apply_reloc(OBJ_R_PAYLOAD24, word, payload, 0, 0, &why);
}

void ld_opcode_name(const struct ld_ctx *c, uint32_t opcode, struct util_str *out)
{
	rnn_pm4_name(c->opt->pm4, opcode, out);
}

bool ld_parse_opcode(const struct ld_ctx *c, const char *name, uint32_t *opcode)
{
	return rnn_pm4_opcode(c->opt->pm4, name, opcode);
}

static struct diag_loc reloc_loc(const struct ld_ctx *c, uint32_t input, struct obj_loc l)
{
	return l.file ? diag_at(l.file, l.line, l.col) : diag_at(c->inputs[input].name, 0, 0);
}

/* ---- words ---- */

static bool fill_data(struct ld_ctx *c, const struct ld_chunk *ch, uint32_t *word)
{
	const struct ld_stmt *st = ch->stmt;
	int64_t v;
	if (!ld_eval(c, st->expr, ch->proc, ch->dot, true, &v))
		return false;
	if (st->kind == LD_S_NOP ? ld_nop_word(c, v, word)
				 : (v >= -0x80000000ll && v <= 0xffffffffll)) {
		if (st->kind == LD_S_LONG)
			*word = (uint32_t)v;
		return true;
	}
	struct util_str s = {0};
	put_hex(&s, v);
	diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
		 st->kind == LD_S_NOP ? "NOP payload %s does not fit 24 bits (0..0xffffff)"
				      : "LONG value %s does not fit 32 bits",
		 s.text);
	util_str_free(&s);
	return false;
}

bool ld_fill_words(struct ld_ctx *c)
{
	if (!c->patching)
		c->words = util_xcalloc(c->word_count + 1, sizeof(*c->words));
	bool ok = true;
	for (size_t k = 0; k < c->chunk_count; k++) {
		const struct ld_chunk *ch = &c->chunks[k];
		uint32_t *w = c->words + c->procs[ch->proc].start + ch->addr;
		switch (ch->kind) {
		case LD_C_PAD:
			for (uint32_t i = 0; i < ch->count; i++)
				w[i] = c->nop;
			break;
		case LD_C_INPUT:
			if (ch->count)
				memcpy(w, c->inputs[ch->input].obj->sections[ch->section].words,
				       ch->count * sizeof(*w));
			break;
		case LD_C_DATA:
			ok &= fill_data(c, ch, w);
			break;
		default: /* tables: ld_fill_tables */
			break;
		}
	}
	return ok;
}

/* ---- relocations ---- */

static bool relocate_one(struct ld_ctx *c, uint32_t input, const struct ld_place *pl,
			 const struct obj_reloc *r)
{
	if (r->kind == OBJ_R_NONE)
		return true;
	const struct obj_file *o = c->inputs[input].obj;
	const char *name = o->symbols[r->symbol].name;
	struct diag_loc loc = reloc_loc(c, input, r->loc);
	struct ld_value s;
	if (!ld_object_symbol(c, input, r->symbol, pl->proc, loc, &s))
		return false;
	if (s.proc != LD_NONE && s.proc != pl->proc) {
		diag_add(c->d, DIAG_ERROR, loc, ld_source_line(c, loc),
			 "%s against '%s' (%s): '%s' is an address in processor image %s, but "
			 "this word is in %s",
			 obj_reloc_name(r->kind), name, c->inputs[input].name, name,
			 ld_proc_name(c, s.proc), ld_proc_name(c, pl->proc));
		return false;
	}
	uint32_t p = pl->addr + r->offset;
	uint32_t *word = &c->words[c->procs[pl->proc].start + p];
	const char *why;
	if (obj_apply_reloc(r->kind, word, s.value, r->addend, p, &why))
		return true;
	if (r->kind >= OBJ_R_COUNT) {
		diag_add(c->d, DIAG_ERROR, loc, ld_source_line(c, loc), "%s: %s",
			 c->inputs[input].name, why);
		return false;
	}
	int64_t v = s.value + r->addend - (reloc_ranges[r->kind].pcrel ? p : 0);
	struct util_str vs = {0}, lo = {0}, hi = {0};
	put_hex(&vs, v);
	put_hex(&lo, reloc_ranges[r->kind].lo);
	put_hex(&hi, reloc_ranges[r->kind].hi);
	diag_add(c->d, DIAG_ERROR, loc, ld_source_line(c, loc),
		 "%s against '%s' (%s): %s %s %s (%s..%s)", obj_reloc_name(r->kind), name,
		 c->inputs[input].name, reloc_ranges[r->kind].pcrel ? "offset" : "value", vs.text,
		 why, lo.text, hi.text);
	util_str_free(&vs);
	util_str_free(&lo);
	util_str_free(&hi);
	return false;
}

bool ld_relocate(struct ld_ctx *c)
{
	bool ok = true;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		const struct obj_section *s = &c->inputs[i].obj->sections[j];
		const struct ld_place *pl = ld_place(c, i, j);
		for (size_t k = 0; pl->proc != LD_NONE && k < s->reloc_count; k++)
			if (!diag_full(c->d))
				ok &= relocate_one(c, i, pl, &s->relocs[k]);
	}
	return ok;
}

/* ---- packet tables ---- */

static bool handler_value(struct ld_ctx *c, const struct ld_handler *h, uint32_t *out)
{
	struct ld_value v;
	if (h->stmt) {
		int64_t x;
		if (!ld_eval(c, h->stmt->expr, h->proc, 0, false, &x))
			return false;
		v = (struct ld_value){x, LD_NONE};
	} else if (!ld_object_symbol(c, h->input, h->symbol, h->proc, h->loc, &v)) {
		return false;
	}
	if (v.value < 0 || v.value > UINT32_MAX) {
		diag_add(c->d, DIAG_ERROR, h->loc, ld_source_line(c, h->loc),
			 "handler address %lld does not fit a packet-table entry",
			 (long long)v.value);
		return false;
	}
	*out = (uint32_t)v.value;
	return true;
}

static void describe_handler(const struct ld_ctx *c, const struct ld_handler *h,
			     struct util_str *out)
{
	if (h->stmt)
		util_str_printf(out, "HANDLER in %s", c->script->name);
	else
		util_str_printf(out, "'%s' (%s)", c->inputs[h->input].obj->symbols[h->symbol].name,
				c->inputs[h->input].name);
}

static bool add_entry(struct ld_ctx *c, struct ld_proc *pr, uint32_t index)
{
	const struct ld_handler *h = &c->handlers[index];
	uint32_t value;
	if (!handler_value(c, h, &value))
		return false;
	struct util_str op = {0};
	ld_opcode_name(c, h->opcode, &op);
	bool ok = false;
	if (h->opcode >= pr->table_size) {
		diag_add(c->d, DIAG_ERROR, h->loc, ld_source_line(c, h->loc),
			 "handler for %s (0x%x): the packet table of processor image %s has only "
			 "0x%x entries",
			 op.text, h->opcode, pr->name, pr->table_size);
	} else if (pr->entry_src[h->opcode] < c->handler_count && pr->entries[h->opcode] != value) {
		const struct ld_handler *first = &c->handlers[pr->entry_src[h->opcode]];
		struct util_str a = {0}, b = {0};
		describe_handler(c, first, &a);
		describe_handler(c, h, &b);
		diag_add(c->d, DIAG_ERROR, h->loc, ld_source_line(c, h->loc),
			 "two handlers for %s in processor image %s: %s at 0x%x and %s at 0x%x",
			 op.text, pr->name, a.text, pr->entries[h->opcode], b.text, value);
		diag_add(c->d, DIAG_NOTE, first->loc, ld_source_line(c, first->loc),
			 "the first handler for %s is here", op.text);
		util_str_free(&a);
		util_str_free(&b);
	} else {
		pr->entries[h->opcode] = value;
		pr->entry_src[h->opcode] = index;
		ok = true;
	}
	util_str_free(&op);
	return ok;
}

static bool fill_table(struct ld_ctx *c, uint32_t p)
{
	struct ld_proc *pr = &c->procs[p];
	uint32_t *table = c->words + pr->start + pr->table_addr;
	uint32_t fill = 0, src = LD_SRC_NONE;
	if (c->patching) {
		src = LD_SRC_VENDOR;
	} else if (pr->default_stmt) {
		if (!ld_eval_u32(c, pr->default_stmt->expr, p, 0, false, "DEFAULT_HANDLER", &fill))
			return false;
		/* Address 0 holds the firmware id, never a handler: 0 means
		 * "leave unhandled entries 0". */
		pr->has_default = fill != 0;
		pr->default_value = fill;
		src = fill ? LD_SRC_DEFAULT : LD_SRC_NONE;
	}
	pr->entries = util_xmalloc(pr->table_size * sizeof(*pr->entries));
	pr->entry_src = util_xmalloc(pr->table_size * sizeof(*pr->entry_src));
	for (uint32_t k = 0; k < pr->table_size; k++) {
		pr->entries[k] = c->patching ? table[k] : fill;
		pr->entry_src[k] = src;
	}
	bool ok = true;
	for (uint32_t h = 0; h < c->handler_count; h++)
		if (c->handlers[h].proc == p)
			ok &= add_entry(c, pr, h);
	for (uint32_t k = 0; k < pr->table_size; k++) {
		if (c->patching)
			ld_patch_table_entry(c, p, k, pr->entries[k]);
		else
			table[k] = pr->entries[k];
	}
	return ok;
}

bool ld_fill_tables(struct ld_ctx *c)
{
	bool ok = true;
	for (size_t h = 0; h < c->handler_count; h++) {
		const struct ld_handler *hd = &c->handlers[h];
		if (hd->proc != LD_NONE)
			continue;
		struct util_str op = {0}, who = {0};
		ld_opcode_name(c, hd->opcode, &op);
		describe_handler(c, hd, &who);
		diag_add(c->d, DIAG_ERROR, hd->loc, ld_source_line(c, hd->loc),
			 "handler for %s: %s is in no processor image, so no packet table can "
			 "take it",
			 op.text, who.text);
		util_str_free(&op);
		util_str_free(&who);
		ok = false;
	}
	for (uint32_t p = 0; p < c->proc_count; p++)
		if (c->procs[p].has_table)
			ok &= fill_table(c, p);
	return ok;
}

/* ---- ASSERT, SIZE_LIMIT, unused symbols ---- */

static bool check_size_limit(struct ld_ctx *c, const struct ld_deferred *df)
{
	const struct ld_stmt *st = df->stmt;
	uint32_t limit;
	if (!ld_eval_u32(c, st->expr, df->proc, df->dot, df->dot_known, "SIZE_LIMIT", &limit))
		return false;
	uint64_t size = df->proc == LD_NONE ? c->word_count : c->procs[df->proc].size;
	if (size <= limit)
		return true;
	if (df->proc == LD_NONE)
		diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
			 "the image is 0x%llx words, 0x%llx words over its SIZE_LIMIT of 0x%x",
			 (unsigned long long)size, (unsigned long long)(size - limit), limit);
	else
		diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
			 "processor image %s is 0x%llx words, 0x%llx words over its SIZE_LIMIT "
			 "of 0x%x",
			 c->procs[df->proc].name, (unsigned long long)size,
			 (unsigned long long)(size - limit), limit);
	return false;
}

bool ld_check_deferred(struct ld_ctx *c)
{
	bool ok = true;
	for (uint32_t s = 0; s < c->ssym_count; s++) {
		struct ld_value v;
		ok &= ld_ssym_value(c, s, &v);
	}
	for (size_t k = 0; k < c->deferred_count; k++) {
		const struct ld_deferred *df = &c->deferred[k];
		if (df->stmt->kind == LD_S_SIZE_LIMIT) {
			ok &= check_size_limit(c, df);
			continue;
		}
		int64_t v;
		if (!ld_eval(c, df->stmt->expr, df->proc, df->dot, df->dot_known, &v)) {
			ok = false;
		} else if (!v) {
			diag_add(c->d, DIAG_ERROR, df->stmt->loc, ld_source_line(c, df->stmt->loc),
				 "ASSERT failed: %s", df->stmt->message);
			ok = false;
		}
	}
	return ok;
}
