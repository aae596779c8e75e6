/* --base: linking new code onto a vendor image.
 *
 * Every vendor word stays where it is. The new code goes after the last
 * vendor word, where each processor still reaches it: the kernel loads
 * the whole file and each processor addresses it from its own base (BR
 * from file word 0, BV and LPAC from where the BR bootstrap says), so
 * an address past the vendor end is the same file word from any of them.
 * What changes: the packet-table entries of the opcodes the objects
 * handle and, on a7xx, the BR header word that holds the file's size.
 *
 * The header facts, from the bootstraps (the listings in reference/disasm):
 *  - a5xx, a6xx: one image; address 1 is a nop whose payload is the
 *    packet table's address. The table is followed by nothing the
 *    bootstrap reads.
 *  - a7xx: BR, BV, LPAC. BR address 1 is a nop carrying the number of
 *    words after the zero word (gen70500: 0x4b84 = 19332), address 3 a
 *    nop carrying BR's table address. BV starts at the first 32-byte
 *    boundary after BR's table (the BR bootstrap computes BV_INSTR_BASE
 *    so), its address 1 carries its table address; LPAC follows BV's
 *    table the same way.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ld/internal.h"

#define LD_IMAGE_ALIGN 8 /* words: 32 bytes */

struct vendor_layout {
	enum isa_gen gen;
	uint8_t count;
	const char *names[3];
	uint32_t table_word[3]; /* address of the nop carrying each table's address */
	bool size_word;         /* one of the first image's header words carries the
				   file's size in words (after the zero word) */
};

static const struct vendor_layout layouts[] = {
	{ISA_A5XX, 1, {"ME"}, {1}, false},
	{ISA_A6XX, 1, {"SQE"}, {1}, false},
	{ISA_A7XX, 3, {"BR", "BV", "LPAC"}, {3, 1, 1}, true},
};

/* BR's header words, where other a7xx images may keep what gen70500
 * keeps in words 1 and 3. */
#define LD_HEADER_WORDS 8

static const struct vendor_layout *layout_of(enum isa_gen gen)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(layouts); i++)
		if (layouts[i].gen == gen)
			return &layouts[i];
	return NULL;
}

static bool base_error(struct ld_ctx *c, struct diag *d, const char *fmt, ...) UTIL_PRINTF(3, 4);
static bool base_error(struct ld_ctx *c, struct diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vadd(d, DIAG_ERROR, diag_at(c->opt->base_name, 0, 0), NULL, fmt, ap);
	va_end(ap);
	return false;
}

/* The payload of a header nop, or false if the word is no nop. */
static bool header_payload(const struct ld_ctx *c, uint32_t word, uint32_t *payload)
{
	uint32_t bare;
	if (!ld_nop_word(c, 0, &bare) || (word & 0xff000000u) != (bare & 0xff000000u))
		return false;
	*payload = word & 0x00ffffffu;
	return true;
}

/* Where each image starts and has its table, the first image's table
 * address being in its header word first_word. */
struct images {
	unsigned count;
	uint32_t start[3], table[3];
};

static const char *image_name(const struct ld_ctx *c, const struct vendor_layout *lay, unsigned k)
{
	/* a5xx: PFP and ME images look alike; --processor names it. */
	if (lay->count == 1 && c->opt->processor && !strcasecmp(c->opt->processor, "PFP"))
		return "PFP";
	return lay->names[k];
}

static bool find_images(struct ld_ctx *c, const struct vendor_layout *lay, uint32_t first_word,
			struct images *im, struct diag *d)
{
	uint32_t start = 0;
	im->count = 0;
	for (unsigned k = 0; k < lay->count && start < c->vendor_words; k++) {
		const char *name = image_name(c, lay, k);
		uint32_t hdr = start + (k ? lay->table_word[k] : first_word), table;
		if (hdr >= c->vendor_words)
			return base_error(c, d,
					  "truncated: the %s image at file word 0x%x ends "
					  "before its header word 0x%x",
					  name, start + 1, hdr + 1);
		if (!header_payload(c, c->words[hdr], &table))
			return base_error(c, d,
					  "file word 0x%x is 0x%08x, not the nop carrying the "
					  "%s packet table's address that the bootstrap reads "
					  "there: not an %s image?",
					  hdr + 1, c->words[hdr], name, isa_gen_name(c->gen));
		if ((uint64_t)start + table + OBJ_PACKET_TABLE_WORDS > c->vendor_words)
			return base_error(c, d,
					  "the %s packet table at file word 0x%x runs past the "
					  "end of the image (0x%x words): truncated?",
					  name, start + table + 1, c->vendor_words + 1);
		im->start[k] = start;
		im->table[k] = table;
		im->count++;
		start = ld_align_up(start + table + OBJ_PACKET_TABLE_WORDS, LD_IMAGE_ALIGN);
	}
	return true;
}

/* gen70500's layout first; for a bundle whose BR keeps its table address
 * elsewhere, the first other header word that gives a consistent one
 * (every table inside its image). Errors are those of gen70500's. */
static bool find_layout(struct ld_ctx *c, const struct vendor_layout *lay, struct images *im,
			uint32_t *table_word)
{
	struct diag first;
	diag_init(&first);
	*table_word = lay->table_word[0];
	bool ok = find_images(c, lay, *table_word, im, &first);
	for (uint32_t w = 1; !ok && lay->count > 1 && w < LD_HEADER_WORDS; w++) {
		struct diag quiet;
		diag_init(&quiet);
		*table_word = w;
		ok = w != lay->table_word[0] && find_images(c, lay, w, im, &quiet);
		diag_free(&quiet);
	}
	if (!ok)
		diag_append(c->d, &first);
	diag_free(&first);
	return ok;
}

/* Reads the base into c->words and finds its processor images. */
static bool read_vendor(struct ld_ctx *c, const struct vendor_layout *lay)
{
	const uint8_t *b = c->opt->base;
	size_t len = c->opt->base_len;
	if (len % 4)
		return base_error(c, c->d,
				  "%zu bytes is not a whole number of 32-bit words: not "
				  "a firmware image",
				  len);
	if (len < 4 * (2 + (size_t)lay->table_word[0]))
		return base_error(c, c->d, "only %zu bytes: too short for an %s firmware image",
				  len, isa_gen_name(c->gen));
	if (util_le32(b) != 0)
		return base_error(c, c->d,
				  "word 0 is 0x%08x, not the zero word a firmware image "
				  "starts with",
				  util_le32(b));
	c->vendor_words = (uint32_t)(len / 4 - 1);
	c->word_count = c->vendor_words;
	c->words = util_xmalloc(c->word_count * sizeof(*c->words));
	for (uint32_t w = 0; w < c->vendor_words; w++)
		c->words[w] = util_le32(b + 4 * (w + 1));

	struct images im;
	uint32_t table_word;
	if (!find_layout(c, lay, &im, &table_word))
		return false;
	for (unsigned k = 0; k < im.count; k++) {
		uint32_t p = ld_add_proc(c, image_name(c, lay, k), im.start[k], DIAG_NOWHERE);
		struct ld_proc *pr = &c->procs[p];
		pr->has_table = true;
		pr->table_addr = im.table[k];
		pr->table_size = OBJ_PACKET_TABLE_WORDS;
		pr->table_where = "vendor";
		pr->size = (k + 1 < im.count ? im.start[k + 1] : c->vendor_words) - im.start[k];
		pr->vendor_end = pr->start + pr->size;
	}
	/* The size word: the header word (not the table's) that holds it. */
	c->size_word = LD_NONE;
	for (uint32_t w = 1; lay->size_word && w < LD_HEADER_WORDS && w < c->vendor_words; w++) {
		uint32_t size;
		if (w != table_word && header_payload(c, c->words[w], &size) &&
		    size == c->vendor_words) {
			c->size_word = w;
			break;
		}
	}
	return true;
}

static uint32_t find_proc(const struct ld_ctx *c, const char *name)
{
	for (uint32_t p = 0; p < c->proc_count; p++)
		if (!strcasecmp(c->procs[p].name, name))
			return p;
	return LD_NONE;
}

static bool pick_target(struct ld_ctx *c, uint32_t *target)
{
	*target = 0;
	if (!c->opt->processor)
		return true;
	*target = find_proc(c, c->opt->processor);
	if (*target != LD_NONE)
		return true;
	struct util_str have = {0};
	for (size_t p = 0; p < c->proc_count; p++)
		util_str_printf(&have, "%s%s", p ? ", " : "", c->procs[p].name);
	diag_error(c->d, diag_at(c->opt->base_name, 0, 0),
		   "--processor %s: this %s image has no such processor image (it has %s)",
		   c->opt->processor, isa_gen_name(c->gen), have.text);
	util_str_free(&have);
	return false;
}

/* Sections named after a processor image go there; the rest to target. */
static bool assign_sections(struct ld_ctx *c, uint32_t target)
{
	bool ok = true;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		const struct obj_section *s = &c->inputs[i].obj->sections[j];
		if (s->table_offset != OBJ_NO_TABLE) {
			diag_error(
				c->d, diag_at(c->inputs[i].name, 0, 0),
				"section %s has a .jumptbl: code linked onto a vendor image uses "
				"the vendor's packet table (its handler records replace entries), "
				"so leave .jumptbl out",
				s->name);
			ok = false;
		}
		uint32_t p = find_proc(c, s->name);
		*ld_place(c, i, j) = (struct ld_place){p == LD_NONE ? target : p, LD_NONE, LD_NONE,
						       NULL};
	}
	return ok;
}

static const char *keep_string(struct ld_ctx *c, char *s)
{
	*UTIL_PUSH(c->strings, c->string_count, c->string_cap) = s;
	return s;
}

/* __vendor_packet_table and __vendor_<PACKET> (each vendor handler's
 * address) in every image, so new code can fall back to vendor code. */
static void add_vendor_symbols(struct ld_ctx *c)
{
	for (uint32_t p = 0; p < c->proc_count; p++) {
		const struct ld_proc *pr = &c->procs[p];
		struct ld_ssym base = {.proc = p,
				       .scope = p,
				       .state = LD_SYM_DONE,
				       .origin = c->opt->base_name,
				       .loc = diag_at(c->opt->base_name, 0, 0)};
		base.name = "__vendor_packet_table";
		base.value = pr->table_addr;
		ld_add_ssym(c, base);
		for (uint32_t op = 0; op < pr->table_size; op++) {
			struct util_str name = {0};
			util_str_puts(&name, "__vendor_");
			ld_opcode_name(c, op, &name);
			base.name = keep_string(c, util_str_take(&name));
			base.value = c->words[pr->start + pr->table_addr + op];
			ld_add_ssym(c, base);
		}
	}
}

/* Places the new sections of image p after file word *file. */
static bool append_proc(struct ld_ctx *c, uint32_t p, uint32_t *file)
{
	struct ld_proc *pr = &c->procs[p];
	uint32_t align = LD_IMAGE_ALIGN, a;
	bool any = false;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		if (ld_place(c, i, j)->proc != p)
			continue;
		if (!ld_section_align(c, i, j, &a))
			return false;
		align = a > align ? a : align;
		any |= c->inputs[i].obj->sections[j].count != 0;
	}
	uint32_t addr = *file - pr->start, at = any ? ld_align_up(addr, align) : addr;
	ld_pad_to(c, p, addr, at - addr);
	pr->patch_start = pr->start + at;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		struct ld_place *pl = ld_place(c, i, j);
		if (pl->proc != p)
			continue;
		ld_section_align(c, i, j, &a);
		uint32_t to = c->inputs[i].obj->sections[j].count ? ld_align_up(at, a) : at;
		ld_pad_to(c, p, at, to - at);
		pl->addr = to;
		ld_add_input_chunk(c, i, j);
		at = to + (uint32_t)c->inputs[i].obj->sections[j].count;
	}
	pr->patch_size = pr->start + at - pr->patch_start;
	*file = pr->start + at;
	return true;
}

static void record_change(struct ld_ctx *c, uint32_t file_word, uint32_t new_word, uint32_t proc,
			  const char *why, uint32_t opcode)
{
	*UTIL_PUSH(c->changes, c->change_count, c->change_cap) = (struct ld_change){
		file_word, c->words[file_word], new_word, proc, why, opcode};
	c->words[file_word] = new_word;
}

void ld_patch_table_entry(struct ld_ctx *c, uint32_t proc, uint32_t opcode, uint32_t value)
{
	const struct ld_proc *pr = &c->procs[proc];
	uint32_t w = pr->start + pr->table_addr + opcode;
	if (c->words[w] != value)
		record_change(c, w, value, proc, "packet table", opcode);
}

/* a7xx: the size word follows the file's growth. */
static bool update_size_word(struct ld_ctx *c, const struct vendor_layout *lay)
{
	if (!lay->size_word || c->word_count == c->vendor_words)
		return true;
	uint32_t word;
	if (c->size_word == LD_NONE) {
		diag_warning(c->d, diag_at(c->opt->base_name, 0, 0),
			     "no %s header word holds the image size (0x%x words), so none says "
			     "the new size (0x%zx)",
			     c->procs[0].name, c->vendor_words, c->word_count);
		return true;
	}
	if (!ld_nop_word(c, c->word_count, &word))
		return base_error(c, c->d,
				  "the patched image (0x%zx words) is too large for the "
				  "size word",
				  c->word_count);
	record_change(c, c->size_word, word, 0, "header: image size in words", 0);
	return true;
}

bool ld_layout_patch(struct ld_ctx *c)
{
	const struct vendor_layout *lay = layout_of(c->gen);
	uint32_t target;
	if (!read_vendor(c, lay) || !pick_target(c, &target) || !assign_sections(c, target))
		return false;
	ld_collect_handlers(c);
	for (size_t h = 0; h < c->handler_count; h++)
		if (c->handlers[h].proc == LD_NONE)
			c->handlers[h].proc = target;
	add_vendor_symbols(c);
	uint32_t file = c->vendor_words;
	for (uint32_t p = 0; p < c->proc_count; p++)
		if (!append_proc(c, p, &file))
			return false;
	c->word_count = file;
	c->words = util_xrealloc(c->words, (c->word_count + 1) * sizeof(*c->words));
	return update_size_word(c, lay);
}
