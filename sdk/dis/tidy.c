/* After the flow and the references: where the vendor padded (printed as
 * `.align`), which unreached words are dead code rather than data, and
 * the labels every target and reference needs. */
#include "dis/priv.h"

static bool is_pad_word(const struct dis *dis, const struct dis_sect *s, uint32_t pc)
{
	return s->kind[pc] == DIS_K_DATA && s->w[pc] == dis->isa.nop && !s->label[pc] &&
	       s->handler_at[pc] == 0xff && !dis_in_hole(s, pc);
}

static unsigned log2_of(uint32_t v)
{
	unsigned n = 0;
	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

/* Unreached NOPs in front of addr are padding when addr is aligned to the
 * smallest power of two longer than them: `.align` then makes exactly
 * them, and keeps addr aligned when the code above it changes. A table in
 * BV or LPAC is aligned to 32 bytes at most, as its section is. */
static void pad_before(struct dis *dis, struct dis_sect *s, uint32_t addr, bool always)
{
	uint32_t max_words = s->name ? 8 : 64;
	uint32_t pad = addr;
	while (pad > 0 && addr - pad < max_words - 1 && is_pad_word(dis, s, pad - 1))
		pad--;
	uint32_t k = addr - pad, p = 1;
	while (p <= k)
		p <<= 1;
	if (always && p < 8)
		p = 8;
	if (addr % p || (k == 0 && !always))
		return;
	for (uint32_t i = pad; i < addr; i++)
		s->kind[i] = DIS_K_PAD;
	s->align[addr] = (uint8_t)log2_of(p);
}

/* Unreached words that decode cleanly, branch only to code or among
 * themselves, and end in an unconditional transfer's delay slot or run
 * into code, are code whose entry the analysis cannot see (interrupt
 * entries, stubs entered through saved return addresses). */
static bool dead_code(const struct dis_sect *s, uint32_t a, uint32_t b)
{
	for (uint32_t pc = a; pc < b; pc++) {
		if (!s->decoded[pc] || s->ins[pc].ignored_bits || (s->label[pc] & DIS_L_DATA))
			return false;
		if (!dis_is_transfer(&s->ins[pc]))
			continue;
		int64_t t = dis_target(&s->ins[pc], pc);
		if (t < 0 && !dis_ends_flow(&s->ins[pc]))
			return false;
		if (t >= 0 && !(t >= a && t < b) &&
		    (t >= s->count || (s->kind[t] != DIS_K_CODE && s->kind[t] != DIS_K_RAW)))
			return false;
	}
	if (b < s->count &&
	    (s->kind[b] == DIS_K_CODE || s->kind[b] == DIS_K_RAW || s->kind[b] == DIS_K_TABLE))
		return true;
	return b - a >= 2 && dis_ends_flow(&s->ins[b - 2]);
}

/* Only in front of the packet table: what follows it (a trailer, or an
 * appended image this tool does not know) stays data. */
static void promote_dead_code(struct dis_sect *s)
{
	uint32_t end = s->table != DIS_NONE ? s->table : s->count;
	for (uint32_t a = 0; a < end;) {
		if (s->kind[a] != DIS_K_DATA) {
			a++;
			continue;
		}
		uint32_t b = a;
		while (b < end && s->kind[b] == DIS_K_DATA)
			b++;
		if (dead_code(s, a, b))
			for (uint32_t pc = a; pc < b; pc++)
				s->kind[pc] = DIS_K_CODE;
		a = b;
	}
}

static void label_targets(struct dis_sect *s)
{
	for (uint32_t pc = 0; pc < s->count; pc++) {
		if (s->kind[pc] != DIS_K_CODE)
			continue;
		if (s->ref[pc] != DIS_NONE) {
			uint32_t t = s->ref[pc];
			s->label[t] |= s->kind[t] == DIS_K_DATA ? DIS_L_DATA : DIS_L_BRANCH;
			if (s->ref_bytes[pc])
				s->label[0] |= DIS_L_BRANCH;
		}
		if (!dis_is_transfer(&s->ins[pc]))
			continue;
		int64_t t = dis_target(&s->ins[pc], pc);
		if (t < 0)
			continue;
		enum isa_op op = s->ins[pc].form->op;
		bool call = op == ISA_OP_CALL || op == ISA_OP_BL || op == ISA_OP_JUMPA;
		s->label[t] |= call ? DIS_L_CALL : DIS_L_BRANCH;
	}
}

void dis_tidy(struct dis *dis, struct dis_sect *s)
{
	/* Data labels first: they decide which unreached words are tables. */
	for (uint32_t pc = 0; pc < s->count; pc++)
		if (s->kind[pc] == DIS_K_CODE && s->ref[pc] != DIS_NONE &&
		    s->kind[s->ref[pc]] == DIS_K_DATA)
			s->label[s->ref[pc]] |= DIS_L_DATA;
	/* a7xx tables are 32-byte aligned by convention, padded or not
	 * (Mesa prints the directive there too). */
	if (s->table != DIS_NONE)
		pad_before(dis, s, s->table, dis->gen >= ISA_A7XX);
	for (uint32_t pc = 0; pc < s->count; pc++)
		if (s->label[pc] & DIS_L_DATA)
			pad_before(dis, s, pc, false);
	/* Handlers after the table: code afuc-ld --base appended, aligned. */
	for (unsigned k = 0; s->table != DIS_NONE && k < DIS_TABLE_WORDS; k++)
		if (s->handler[k] >= s->table + DIS_TABLE_WORDS && s->handler[k] < s->count)
			pad_before(dis, s, s->handler[k], false);
	promote_dead_code(s);
	label_targets(s);
}
