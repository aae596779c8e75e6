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

#include "fw/fw.h"
#include "ld/internal.h"

static bool base_error(struct ld_ctx *c, struct diag *d, const char *fmt, ...) UTIL_PRINTF(3, 4);
static bool base_error(struct ld_ctx *c, struct diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vadd(d, DIAG_ERROR, diag_at(c->opt->base_name, 0, 0), NULL, fmt, ap);
	va_end(ap);
	return false;
}

static const char *image_name(const struct ld_ctx *c, const struct fw_info *fw, unsigned k)
{
	/* a5xx: PFP and ME images look alike; --processor names it. */
	if (fw->gen == ISA_A5XX)
		return c->opt->processor && !strcasecmp(c->opt->processor, "PFP") ? "PFP" : "ME";
	return fw->proc[k].name;
}

/* Reads the base into c->words and finds its processor images. */
static bool read_vendor(struct ld_ctx *c, struct fw_info *fw)
{
	const uint8_t *b = c->opt->base;
	size_t len = c->opt->base_len;
	if (len % 4)
		return base_error(c, c->d,
				  "%zu bytes is not a whole number of 32-bit words: not "
				  "a firmware image",
				  len);
	if (len < 4 * 3)
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

	if (!fw_identify(c->words, c->vendor_words, c->opt->gen, fw))
		return base_error(c, c->d, "not an afuc firmware image: %s", fw->why);
	if (fw->truncated)
		return base_error(c, c->d, "%s", fw->why);
	if (fw->gen != c->gen)
		return base_error(c, c->d,
				  "this is an %s image (%s%s%s), but the objects are for %s: code "
				  "assembled for one generation does not run on another",
				  isa_gen_name(fw->gen), fw->gpu ? fw->gpu : "", fw->gpu ? " " : "",
				  fw->kind, isa_gen_name(c->gen));
	if (fw->layout == FW_LAYOUT_UNKNOWN)
		return base_error(c, c->d,
				  "cannot patch an image whose layout is not understood: %s",
				  fw->why);
	if (fw->proc[0].table == FW_NONE)
		return base_error(c, c->d,
				  "this %s image has no packet table for new handlers to go in",
				  fw->kind);
	for (unsigned k = 0; k < fw->proc_count; k++) {
		const struct fw_proc *fp = &fw->proc[k];
		uint32_t p = ld_add_proc(c, image_name(c, fw, k), fp->start, DIAG_NOWHERE);
		struct ld_proc *pr = &c->procs[p];
		pr->has_table = true;
		pr->table_addr = fp->table;
		pr->table_size = OBJ_PACKET_TABLE_WORDS;
		pr->table_where = "vendor";
		pr->size = fp->count;
		pr->vendor_end = pr->start + pr->size;
	}
	c->size_word = fw->proc[0].size_ref == FW_NONE ? LD_NONE : fw->proc[0].size_ref;
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

/* Whether an object defines name (any symbol, local ones too: a second
 * definition would give the listing a label twice). */
static bool objects_define(const struct ld_ctx *c, const char *name)
{
	for (size_t i = 0; i < c->input_count; i++) {
		const struct obj_file *o = c->inputs[i].obj;
		for (size_t k = 0; k < o->symbol_count; k++)
			if (o->symbols[k].section != OBJ_SECTION_UNDEF &&
			    !strcmp(o->symbols[k].name, name))
				return true;
	}
	return false;
}

/* The names an earlier link gave the base's addresses
 * (ld_options.base_names), as symbols of their processor images; the
 * __vendor_ ones are made again for this base. */
static void add_base_names(struct ld_ctx *c)
{
	for (size_t k = 0; k < c->opt->base_name_count; k++) {
		const struct ld_name *n = &c->opt->base_names[k];
		uint32_t p = find_proc(c, n->proc);
		if (p == LD_NONE || !strncmp(n->name, "__vendor_", 9) ||
		    !strncmp(n->name, ".L", 2) || objects_define(c, n->name))
			continue;
		ld_add_ssym(c, (struct ld_ssym){.name = n->name,
						.proc = p,
						.scope = p,
						.state = LD_SYM_DONE,
						.value = n->addr,
						.origin = c->opt->base_name,
						.loc = diag_at(c->opt->base_name, 0, 0)});
	}
}

bool ld_base_code_of(const struct ld_ctx *c, uint32_t p, size_t k)
{
	const struct ld_base_code *b = &c->opt->base_code[k];
	return c->patching && !strcasecmp(b->proc, c->procs[p].name) && b->count &&
	       (uint64_t)b->index + b->count <= c->vendor_words;
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

/* a660 and a7xx/a8xx: the size word follows the file's growth. */
static bool update_size_word(struct ld_ctx *c, const struct fw_info *fw)
{
	if (c->word_count == c->vendor_words)
		return true;
	uint32_t word;
	if (c->size_word == LD_NONE) {
		if (fw->layout == FW_LAYOUT_BUNDLE)
			diag_warning(c->d, diag_at(c->opt->base_name, 0, 0),
				     "no %s header word holds the image size (0x%x words), so none "
				     "says the new size (0x%zx)",
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

/* The SIZE_LIMIT statement the script gives processor image p: in its
 * PROCESSOR block, or for the first image a single-image script's own. */
static const struct ld_stmt *size_limit_of(const struct ld_ctx *c, uint32_t p)
{
	for (size_t k = 0; c->script && k < c->script->stmt_count; k++) {
		const struct ld_stmt *sec = &c->script->stmts[k];
		for (size_t i = 0; sec->kind == LD_S_SECTIONS && i < sec->body_count; i++) {
			const struct ld_stmt *st = &sec->body[i];
			if (st->kind == LD_S_SIZE_LIMIT && p == 0)
				return st;
			if (st->kind != LD_S_PROCESSOR || strcasecmp(st->name, c->procs[p].name))
				continue;
			for (size_t j = 0; j < st->body_count; j++)
				if (st->body[j].kind == LD_S_SIZE_LIMIT)
					return &st->body[j];
		}
	}
	return NULL;
}

/* The same limits as a normal link with the generation's script: each
 * image addresses its new code from its own address 0. */
static bool check_limits(struct ld_ctx *c)
{
	bool ok = true;
	for (uint32_t p = 0; p < c->proc_count; p++) {
		const struct ld_proc *pr = &c->procs[p];
		const struct ld_stmt *st = size_limit_of(c, p);
		uint32_t limit, span = pr->patch_size ? pr->patch_start + pr->patch_size - pr->start
						      : pr->size;
		if (!st || !ld_eval_u32(c, st->expr, p, 0, false, "SIZE_LIMIT", &limit))
			continue;
		if (span <= limit)
			continue;
		diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
			 "patched onto %s, processor image %s spans 0x%x words with its new code, "
			 "0x%x over this SIZE_LIMIT of 0x%x",
			 c->opt->base_name, pr->name, span, span - limit, limit);
		ok = false;
	}
	return ok;
}

bool ld_layout_patch(struct ld_ctx *c)
{
	struct fw_info fw;
	uint32_t target;
	if (!read_vendor(c, &fw) || !pick_target(c, &target) || !assign_sections(c, target))
		return false;
	ld_collect_handlers(c);
	for (size_t h = 0; h < c->handler_count; h++)
		if (c->handlers[h].proc == LD_NONE)
			c->handlers[h].proc = target;
	add_vendor_symbols(c);
	add_base_names(c);
	uint32_t file = c->vendor_words;
	for (uint32_t p = 0; p < c->proc_count; p++)
		if (!ld_append_proc(c, p, 0, &file))
			return false;
	c->word_count = file;
	c->words = util_xrealloc(c->words, (c->word_count + 1) * sizeof(*c->words));
	if (c->opt->check_state)
		ld_check_state(c);
	return check_limits(c) && update_size_word(c, &fw);
}
