/* Where the processors and packet tables of an image are, found the way
 * each bootstrap finds them:
 *
 * - a5xx and a6xx: one processor. Header word 1 is a NOP whose payload is
 *   the packet table's offset (in words from address 0).
 * - a7xx: a BR, BV and LPAC bundle. BR's bootstrap reads header words 2
 *   and 3 (INSTR_BASE + 8); word 3's payload is BR's table offset. BV
 *   starts at the first 32-byte boundary after BR's table; its header word
 *   1 gives its table offset. LPAC starts at the first 32-byte boundary
 *   after BV's table, and likewise. Words after LPAC's table (a version
 *   string in gen70500) belong to LPAC. BR's header word 1 is a NOP whose
 *   payload is the bundle's size in words (the zero word aside): afuc-ld's
 *   a7xx script offers that number as the symbol __image_size.
 */
#include "dis/priv.h"

#define BUNDLE_ALIGN 8 /* words: 32 bytes */

uint32_t dis_nop_high(enum isa_gen gen)
{
	return gen >= ISA_A6XX ? 0x01 : 0x00;
}

bool dis_infer_gen(uint32_t id_word, enum isa_gen *gen)
{
	uint32_t high = id_word >> 24, id = (id_word >> 12) & 0xfff;
	if (high == 0x00 && (id >> 8) == 0x5)
		*gen = ISA_A5XX;
	else if (high == 0x01 && (id >> 8) == 0x6)
		*gen = ISA_A6XX;
	else if (high == 0x01 && ((id >> 8) == 0x7 || (id >> 8) == 0x5))
		*gen = ISA_A7XX;
	else
		return false;
	return true;
}

static uint32_t align_up(uint32_t v, uint32_t a)
{
	return (v + a - 1) / a * a;
}

/* Checks the header word at s->table_ref and fills s->table. limit is how
 * many words the section may use. */
static bool find_table(struct dis *dis, struct dis_sect *s, uint32_t limit)
{
	const char *what = s->name ? s->name : "the image";
	if (s->table_ref >= limit) {
		diag_error(dis->d, diag_at(dis->name, 0, 0),
			   "%s: too small for its header (%u words; the packet table offset is "
			   "in word %u)",
			   what, limit, s->table_ref);
		return false;
	}
	uint32_t w = s->w[s->table_ref];
	if (w >> 24 != dis_nop_high(dis->gen)) {
		diag_error(dis->d, diag_at(dis->name, 0, 0),
			   "%s: header word %u (file word %u) is 0x%08x, not the NOP (high byte "
			   "0x%02x on %s) that carries the packet table offset",
			   what, s->table_ref, s->file_word + s->table_ref, w,
			   dis_nop_high(dis->gen), isa_gen_name(dis->gen));
		return false;
	}
	s->table = w & 0xffffff;
	if (s->table <= s->table_ref || (uint64_t)s->table + DIS_TABLE_WORDS > limit) {
		diag_error(dis->d, diag_at(dis->name, 0, 0),
			   "%s: packet table offset 0x%x (header word %u) is past the end: the "
			   "0x%x-word table needs words 0x%x-0x%x, the %s has 0x%x words",
			   what, s->table, s->table_ref, DIS_TABLE_WORDS, s->table,
			   s->table + DIS_TABLE_WORDS - 1, s->name ? "section" : "image", limit);
		return false;
	}
	return true;
}

/* The words between a table's end and the next section's start are the
 * section alignment; when they are all NOPs the assembler makes them
 * again, otherwise they are kept as data of the section. */
static uint32_t section_end(struct dis *dis, const struct dis_sect *s, uint32_t next)
{
	uint32_t end = s->table + DIS_TABLE_WORDS;
	for (uint32_t i = end; i < next; i++)
		if (s->w[i] != dis->isa.nop)
			return next;
	return end;
}

static struct dis_sect *add_sect(struct dis *dis, const char *name, uint32_t start)
{
	struct dis_sect *s = &dis->sect[dis->sect_count++];
	s->name = name;
	s->w = dis->words + start;
	s->file_word = start + 1;
	s->table_ref = 1;
	s->size_ref = DIS_NONE;
	return s;
}

/* The layout with BR's table offset in header word br_ref (a7xx). */
static bool try_layout(struct dis *dis, uint32_t br_ref)
{
	static const char *const bundle[] = {NULL, "BV", "LPAC"};
	dis->sect_count = 0;
	unsigned sections = dis->gen == ISA_A7XX ? 3 : 1;
	uint32_t start = 0;
	for (unsigned i = 0; i < sections; i++) {
		if (start >= dis->count) {
			diag_error(
				dis->d, diag_at(dis->name, 0, 0),
				"%s image of the a7xx bundle would start at file word 0x%x (the "
				"first 32-byte boundary after the previous packet table), past the "
				"end of the file (0x%x words)",
				bundle[i], start + 1, dis->count + 1);
			return false;
		}
		struct dis_sect *s = add_sect(dis, bundle[i], start);
		if (dis->gen == ISA_A7XX && i == 0) {
			s->table_ref = br_ref;
			if (dis->count > 1 && dis->words[1] == (dis->isa.nop | dis->count))
				s->size_ref = 1;
		}
		if (!find_table(dis, s, dis->count - start))
			return false;
		start = align_up(start + s->table + DIS_TABLE_WORDS, BUNDLE_ALIGN);
	}
	for (unsigned i = 0; i < dis->sect_count; i++) {
		struct dis_sect *s = &dis->sect[i];
		if (i + 1 < dis->sect_count)
			s->count = section_end(dis, s, dis->sect[i + 1].file_word - s->file_word);
		else
			s->count = dis->count - (s->file_word - 1);
		for (unsigned k = 0; k < DIS_TABLE_WORDS; k++) {
			s->handler[k] = s->w[s->table + k];
			uint32_t h = s->handler[k];
			const char *why = h > s->count ? "past the end of its image"
					  : h > s->table && h < s->table + DIS_TABLE_WORDS
						  ? "inside the packet table"
						  : NULL;
			if (why) {
				diag_error(dis->d, diag_at(dis->name, 0, 0),
					   "%s: packet table entry 0x%x (file word %u) is 0x%x, %s "
					   "(0x%x words)",
					   s->name ? s->name : "the image", k,
					   s->file_word + s->table + k, h, why, s->count);
				return false;
			}
		}
	}
	return true;
}

/* a7xx BRs other than gen70500's may keep their table offset in another
 * header word: when word 3 does not give a consistent bundle, the first
 * other word of 1-7 that does is taken (and the error about word 3 is
 * reported when none does). */
bool dis_layout(struct dis *dis)
{
	if (dis->gen != ISA_A7XX)
		return try_layout(dis, 1);
	struct diag *d = dis->d, first;
	diag_init(&first);
	dis->d = &first;
	bool ok = try_layout(dis, 3);
	for (uint32_t ref = 1; !ok && ref < 8; ref++) {
		struct diag quiet;
		diag_init(&quiet);
		dis->d = &quiet;
		ok = ref != 3 && try_layout(dis, ref);
		diag_free(&quiet);
	}
	dis->d = d;
	if (!ok)
		diag_append(d, &first);
	diag_free(&first);
	return ok;
}
