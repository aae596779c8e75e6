/* The disassembler's driver: checks the image, runs the passes over each
 * processor image and prints the listing. */
#include <stdlib.h>

#include "dis/priv.h"

/* The smallest image: the zero word, then a header word and its packet
 * table offset. */
#define MIN_WORDS 3

void dis_sect_alloc(struct dis_sect *s)
{
	size_t n = (size_t)s->count + 1; /* one past the end may carry a label */
	s->ins = util_xcalloc(n, sizeof *s->ins);
	s->decoded = util_xcalloc(n, 1);
	s->kind = util_xcalloc(n, 1);
	s->label = util_xcalloc(n, 1);
	s->align = util_xcalloc(n, 1);
	s->ref = util_xmalloc(n * sizeof *s->ref);
	s->ref_bytes = util_xcalloc(n, 1);
	s->handler_at = util_xmalloc(n);
	for (size_t i = 0; i < n; i++) {
		s->ref[i] = DIS_NONE;
		s->handler_at[i] = 0xff;
	}
	/* Chains from the highest opcode down, so each starts at the lowest.
	 * (An object's handlers are records, not a table: see object.c.) */
	for (unsigned op = DIS_TABLE_WORDS; !s->obj && s->table != DIS_NONE && op-- > 0;) {
		uint32_t h = s->handler[op];
		s->handler_next[op] = s->handler_at[h];
		s->handler_at[h] = (uint8_t)op;
	}
}

void dis_sect_free(struct dis_sect *s)
{
	free(s->ins);
	free(s->decoded);
	free(s->kind);
	free(s->label);
	free(s->align);
	free(s->ref);
	free(s->ref_bytes);
	free(s->roots);
	free(s->sym_at);
	free(s->sym_next);
	free(s->reloc_at);
	free(s->handler_at);
	free(s->named);
}

static bool check_size(size_t len, const char *name, struct diag *d)
{
	if (len % 4) {
		diag_error(d, diag_at(name, 0, 0),
			   "%zu bytes is not a whole number of 32-bit words: truncated or not a "
			   "firmware image",
			   len);
		return false;
	}
	if (len / 4 < MIN_WORDS) {
		diag_error(d, diag_at(name, 0, 0),
			   "%zu bytes is too small for a firmware image (the zero word and at "
			   "least two header words: %d bytes)",
			   len, MIN_WORDS * 4);
		return false;
	}
	return true;
}

/* Reads the image and runs every pass over each processor image; on
 * false the error is in d. dis_release frees what it made either way. */
static bool analyse(struct dis *dis, struct fw_info *fw, const uint8_t *bytes, size_t len,
		    const struct dis_options *opt)
{
	const char *name = dis->name;
	struct diag *d = dis->d;
	if (!check_size(len, name, d))
		return false;
	if (util_le32(bytes) != 0) {
		diag_error(d, diag_at(name, 0, 0),
			   "file word 0 is 0x%08x: firmware images start with a zero word that "
			   "the kernel skips",
			   util_le32(bytes));
		return false;
	}
	dis->addresses = opt->addresses;
	dis->numbers_only = opt->numbers_only;
	dis->count = (uint32_t)(len / 4 - 1);
	dis->words = util_xmalloc((size_t)dis->count * sizeof *dis->words);
	for (uint32_t i = 0; i < dis->count; i++)
		dis->words[i] = util_le32(bytes + 4 * (i + 1));
	/* The generation: --gpu, else the ELF afuc-ld wrote beside the
	 * image (its objects' .gpu), else what sdk/fw reads. */
	enum isa_gen gen = opt->gen;
	if (!gen && dis_elf_holds(opt->elf, dis->words, dis->count))
		gen = opt->elf->gen;
	if (!fw_identify(dis->words, dis->count, gen, fw)) {
		diag_error(d, diag_at(name, 0, 0),
			   "cannot tell the GPU generation: %s; give it with --gpu a5xx|a6xx|a7xx",
			   fw->why);
		return false;
	}
	if (fw->truncated) {
		diag_error(d, diag_at(name, 0, 0), "%s", fw->why);
		return false;
	}
	dis->gen = fw->gen;
	dis->fw = fw;
	isa_init(&dis->isa, dis->gen);
	dis_layout(dis, fw);
	if (opt->db) {
		dis->control = dis_control_variant(opt->db, dis->gen, fw->reg_read_addr);
		dis->names = dis_names_new(opt->db, dis->gen, dis->control, d);
		if (!dis->names)
			return false;
	}
	for (unsigned i = 0; i < dis->sect_count; i++) {
		struct dis_sect *s = &dis->sect[i];
		dis_sect_alloc(s);
		/* Code addresses found in immediates are entries too; each
		 * round can only add roots, so this ends. */
		do
			dis_flow(dis, s);
		while (dis_code_refs(dis, s));
		dis_data_refs(dis, s);
		dis_tidy(dis, s);
	}
	if (dis_elf_holds(opt->elf, dis->words, dis->count))
		dis_elf_names(dis, opt->elf);
	else if (opt->map)
		dis_map_names(dis, opt->map, opt->map_len, opt->map_name);
	return true;
}

static void release(struct dis *dis)
{
	for (unsigned i = 0; i < dis->sect_count; i++)
		dis_sect_free(&dis->sect[i]);
	dis_names_free(dis->names);
	free(dis->words);
	for (size_t i = 0; i < dis->owned_count; i++)
		free(dis->owned[i]);
	free(dis->owned);
}

bool dis_image(const uint8_t *bytes, size_t len, const char *name, const struct dis_options *opt,
	       struct util_str *out, struct diag *d)
{
	struct dis dis = {.name = name, .d = d};
	struct fw_info fw;
	bool ok = analyse(&dis, &fw, bytes, len, opt);
	if (ok)
		dis_print(&dis, out);
	release(&dis);
	return ok;
}

bool dis_labels(const uint8_t *bytes, size_t len, const char *name, const struct dis_options *opt,
		dis_label_fn fn, void *ctx, struct diag *d)
{
	struct dis dis = {.name = name, .d = d};
	struct fw_info fw;
	bool ok = analyse(&dis, &fw, bytes, len, opt);
	for (unsigned i = 0; ok && i < dis.sect_count; i++)
		dis_each_label(&dis, &dis.sect[i], fn, ctx);
	release(&dis);
	return ok;
}
