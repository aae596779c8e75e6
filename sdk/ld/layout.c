/* The script-driven layout: after the matching (match.c), addresses, in
 * one walk of the script in order. Data words (LONG, NOP) and symbol
 * values are computed afterwards, when every address is known. */
#include <stdlib.h>
#include <string.h>

#include "ld/internal.h"

/* Past this, an image is surely a mistake (`. = 0xffffffff`), and
 * allocating it would not be kind. The 24-bit NOP payloads that carry
 * addresses could not reach further anyway. */
#define LD_MAX_WORDS 0x1000000u
#define LD_IMAGE_ALIGN 8 /* words: 32 bytes */

uint32_t ld_align_up(uint32_t value, uint32_t align)
{
	return (value + align - 1) & ~(align - 1);
}

uint32_t ld_add_proc(struct ld_ctx *c, const char *name, uint32_t start, struct diag_loc loc)
{
	struct ld_proc *p = UTIL_PUSH(c->procs, c->proc_count, c->proc_cap);
	p->name = util_xstrdup(name);
	p->start = start;
	p->loc = loc;
	p->table_symbol = LD_NONE;
	p->jumptbl_input = LD_NONE;
	return (uint32_t)(c->proc_count - 1);
}

void ld_add_input_chunk(struct ld_ctx *c, uint32_t input, uint32_t section)
{
	const struct ld_place *pl = ld_place(c, input, section);
	*UTIL_PUSH(c->chunks, c->chunk_count, c->chunk_cap) = (struct ld_chunk){
		.kind = LD_C_INPUT,
		.proc = pl->proc,
		.addr = pl->addr,
		.count = (uint32_t)c->inputs[input].obj->sections[section].count,
		.input = input,
		.section = section};
}

void ld_pad_to(struct ld_ctx *c, uint32_t proc, uint32_t addr, uint32_t count)
{
	if (count)
		*UTIL_PUSH(c->chunks, c->chunk_count, c->chunk_cap) = (struct ld_chunk){
			.kind = LD_C_PAD, .proc = proc, .addr = addr, .count = count};
}

bool ld_section_align(struct ld_ctx *c, uint32_t input, uint32_t section, uint32_t *words)
{
	uint32_t bytes = c->inputs[input].obj->sections[section].align;
	if (bytes && (bytes & (bytes - 1)) == 0 && bytes <= LD_MAX_WORDS) {
		*words = bytes < 4 ? 1 : bytes / 4;
		return true;
	}
	diag_error(c->d, diag_at(c->inputs[input].name, 0, 0),
		   "section %s has alignment %u, which is not a power of two",
		   c->inputs[input].obj->sections[section].name, bytes);
	return false;
}

struct lay {
	struct ld_ctx *c;
	uint32_t proc; /* LD_NONE between PROCESSOR blocks */
	int64_t dot;   /* in the current image */
	uint32_t file; /* file word of the next image's start */
};

/* Whether `.` may go to to. */
static bool check_dot(struct lay *l, int64_t to, struct diag_loc loc)
{
	struct ld_ctx *c = l->c;
	if (to < l->dot) {
		diag_add(c->d, DIAG_ERROR, loc, ld_source_line(c, loc),
			 "this moves '.' backwards, from 0x%llx to 0x%llx", (long long)l->dot,
			 (long long)to);
		return false;
	}
	if (to + c->procs[l->proc].start > LD_MAX_WORDS) {
		diag_add(c->d, DIAG_ERROR, loc, ld_source_line(c, loc),
			 "this moves '.' to 0x%llx, past the largest image afuc-ld makes "
			 "(0x%x words)",
			 (long long)to, LD_MAX_WORDS);
		return false;
	}
	return true;
}

/* Moves `.` forward to to, filling with nops. */
static bool move_dot(struct lay *l, int64_t to, struct diag_loc loc)
{
	if (!check_dot(l, to, loc))
		return false;
	ld_pad_to(l->c, l->proc, (uint32_t)l->dot, (uint32_t)(to - l->dot));
	l->dot = to;
	return true;
}

/* Moves `.` over count words that a chunk just placed. */
static bool skip_dot(struct lay *l, uint32_t count, struct diag_loc loc)
{
	if (!check_dot(l, l->dot + count, loc))
		return false;
	l->dot += count;
	return true;
}

static void defer(struct lay *l, const struct ld_stmt *st)
{
	*UTIL_PUSH(l->c->deferred, l->c->deferred_count, l->c->deferred_cap) = (struct ld_deferred){
		st, l->proc, l->dot, l->proc != LD_NONE};
}

/* Assignments, ASSERT and SIZE_LIMIT, wherever they are. */
static bool lay_common(struct lay *l, const struct ld_stmt *st)
{
	struct ld_ctx *c = l->c;
	switch (st->kind) {
	case LD_S_ASSIGN:
		if (!st->name) {
			int64_t to;
			if (l->proc == LD_NONE) {
				diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
					 "'.' has no value outside a processor image; between "
					 "images use PROCESSOR NAME ALIGN(n)");
				return false;
			}
			return ld_eval(c, st->expr, l->proc, l->dot, true, &to) &&
			       move_dot(l, to, st->loc);
		}
		ld_add_ssym(c, (struct ld_ssym){.name = st->name,
						.proc = l->proc,
						.scope = l->proc,
						.stmt = st,
						.dot = l->dot,
						.dot_known = l->proc != LD_NONE,
						.origin = "the script",
						.loc = st->loc});
		return true;
	case LD_S_ASSERT:
	case LD_S_SIZE_LIMIT:
		defer(l, st);
		return true;
	case LD_S_DEFAULT_HANDLER:
		if (c->procs[l->proc].default_stmt) {
			diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
				 "a second DEFAULT_HANDLER for processor image %s",
				 c->procs[l->proc].name);
			return false;
		}
		c->procs[l->proc].default_stmt = st;
		return true;
	default:
		return true;
	}
}

static bool outsec_has_content(const struct ld_ctx *c, uint32_t proc, const struct ld_stmt *st)
{
	for (size_t b = 0; b < st->body_count; b++) {
		const struct ld_stmt *in = &st->body[b];
		if (in->kind == LD_S_LONG || in->kind == LD_S_NOP)
			return true;
		if (in->kind == LD_S_PACKET_TABLE && c->procs[proc].needs_table)
			return true;
		if (in->kind != LD_S_INPUT)
			continue;
		LD_FOR_EACH_SECTION(c, i, j)
		if (ld_place(c, i, j)->stmt == in && c->inputs[i].obj->sections[j].count)
			return true;
	}
	return false;
}

static bool lay_input(struct lay *l, const struct ld_stmt *st)
{
	struct ld_ctx *c = l->c;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		struct ld_place *pl = ld_place(c, i, j);
		uint32_t align;
		if (pl->stmt != st)
			continue;
		/* An empty section only lends its address to its labels: it
		 * is not worth padding for. */
		if (!ld_section_align(c, i, j, &align))
			return false;
		if (c->inputs[i].obj->sections[j].count &&
		    !move_dot(l, ld_align_up((uint32_t)l->dot, align), st->loc))
			return false;
		pl->addr = (uint32_t)l->dot;
		ld_add_input_chunk(c, i, j);
		if (!skip_dot(l, (uint32_t)c->inputs[i].obj->sections[j].count, st->loc))
			return false;
	}
	return true;
}

static bool lay_packet_table(struct lay *l, const struct ld_stmt *st)
{
	struct ld_ctx *c = l->c;
	struct ld_proc *pr = &c->procs[l->proc];
	if (pr->needs_table) {
		uint32_t size = OBJ_PACKET_TABLE_WORDS;
		if (st->aux &&
		    !ld_eval_u32(c, st->aux, l->proc, l->dot, true, "the table size", &size))
			return false;
		if (size == 0 || size > OBJ_PACKET_TABLE_WORDS) {
			diag_add(c->d, DIAG_ERROR, st->aux->loc, ld_source_line(c, st->aux->loc),
				 "a packet table has 1..0x80 entries, not 0x%x", size);
			return false;
		}
		pr->has_table = true;
		pr->table_addr = (uint32_t)l->dot;
		pr->table_size = size;
		pr->table_where = "PACKET_TABLE";
		*UTIL_PUSH(c->chunks, c->chunk_count, c->chunk_cap) = (struct ld_chunk){
			.kind = LD_C_TABLE, .proc = l->proc, .addr = pr->table_addr, .count = size};
		if (!skip_dot(l, size, st->loc))
			return false;
	}
	if (pr->needs_table || pr->jumptbl_input != LD_NONE)
		pr->table_symbol = ld_add_ssym(c, (struct ld_ssym){.name = st->name,
								   .proc = l->proc,
								   .scope = l->proc,
								   .origin = "PACKET_TABLE",
								   .loc = st->loc});
	return true;
}

/* output_section: its address, then its statements in order. */
static bool lay_outsec(struct lay *l, const struct ld_stmt *st)
{
	struct ld_ctx *c = l->c;
	struct ld_outsec *os = &c->outsecs[c->outsec_of[st->id]];
	os->present = outsec_has_content(c, l->proc, st);
	if (os->present) {
		int64_t addr = l->dot;
		uint32_t align;
		if (st->expr && !ld_eval(c, st->expr, l->proc, l->dot, true, &addr))
			return false;
		if (st->aux) {
			if (!ld_eval_align(c, st->aux, l->proc, l->dot, true, &align))
				return false;
			addr = (addr + align - 1) & ~(int64_t)(align - 1);
		}
		if (!move_dot(l, addr, st->loc))
			return false;
	}
	os->addr = (uint32_t)l->dot;
	bool ok = true;
	for (size_t b = 0; b < st->body_count && ok; b++) {
		const struct ld_stmt *in = &st->body[b];
		switch (in->kind) {
		case LD_S_INPUT:
			ok = lay_input(l, in);
			break;
		case LD_S_LONG:
		case LD_S_NOP:
			*UTIL_PUSH(c->chunks, c->chunk_count,
				   c->chunk_cap) = (struct ld_chunk){.kind = LD_C_DATA,
								     .proc = l->proc,
								     .addr = (uint32_t)l->dot,
								     .count = 1,
								     .stmt = in,
								     .dot = l->dot};
			ok = skip_dot(l, 1, in->loc);
			break;
		case LD_S_PACKET_TABLE:
			ok = lay_packet_table(l, in);
			break;
		default:
			ok = lay_common(l, in);
			break;
		}
	}
	os = &c->outsecs[c->outsec_of[st->id]];
	os->size = (uint32_t)l->dot - os->addr;
	return ok;
}

static bool lay_body(struct lay *l, const struct ld_stmt *body, size_t n)
{
	bool ok = true;
	for (size_t k = 0; k < n && !diag_full(l->c->d); k++) {
		if (body[k].kind == LD_S_OUTPUT_SECTION)
			ok &= lay_outsec(l, &body[k]);
		else if (body[k].kind != LD_S_PROCESSOR)
			ok &= lay_common(l, &body[k]);
	}
	return ok;
}

/* Starts image proc at the next file word aligned to align. Addresses
 * inside an image do not depend on where it starts, so whether that
 * alignment costs padding is decided at its end. */
static void start_proc(struct lay *l, uint32_t proc, uint32_t align)
{
	l->c->procs[proc].start = ld_align_up(l->file, align);
	l->proc = proc;
	l->dot = 0;
}

/* An empty image takes no room and moves nothing; otherwise the words
 * before its start are nops at the end of the image before it. */
static void end_proc(struct lay *l)
{
	struct ld_ctx *c = l->c;
	struct ld_proc *p = &c->procs[l->proc];
	p->size = (uint32_t)l->dot;
	if (p->size == 0)
		p->start = l->file;
	if (p->start > l->file && l->proc > 0) {
		struct ld_proc *prev = &c->procs[l->proc - 1];
		prev->pad = p->start - l->file;
		ld_pad_to(c, l->proc - 1, prev->size, prev->pad);
	}
	l->file = p->start + p->size;
	l->proc = LD_NONE;
}

static bool lay_sections(struct lay *l, const struct ld_stmt *sec)
{
	struct ld_ctx *c = l->c;
	if (c->implicit_proc) {
		start_proc(l, 0, 1);
		bool ok = lay_body(l, sec->body, sec->body_count);
		end_proc(l);
		return ok;
	}
	bool ok = true;
	uint32_t next = 0;
	for (size_t k = 0; k < sec->body_count && !diag_full(c->d); k++) {
		const struct ld_stmt *st = &sec->body[k];
		if (st->kind != LD_S_PROCESSOR) {
			ok &= lay_common(l, st);
			continue;
		}
		uint32_t align = 1;
		if (st->aux && !ld_eval_align(c, st->aux, LD_NONE, 0, false, &align))
			return false;
		start_proc(l, next++, align);
		ok &= lay_body(l, st->body, st->body_count);
		end_proc(l);
	}
	return ok;
}

/* Whether input section (i, j) of image p comes after every image in
 * round (0: any; else only NAME.append for 1, NAME.appendN for N). */
static bool appended_in(const struct ld_ctx *c, uint32_t i, uint32_t j, uint32_t p, unsigned round)
{
	const struct ld_place *pl = ld_place(c, i, j);
	size_t len;
	return pl->proc == p && pl->outsec == LD_NONE &&
	       (!round || obj_append_round(c->inputs[i].obj->sections[j].name, &len) == round);
}

/* Places the sections of image p that come after every image (all of
 * them with --base; NAME.append ones of a round in a script link) after
 * file word *file, addressed from p's address 0, and moves *file past
 * them. patch_start/patch_size span every block placed so. */
bool ld_append_proc(struct ld_ctx *c, uint32_t p, unsigned round, uint32_t *file)
{
	struct ld_proc *pr = &c->procs[p];
	uint32_t align = LD_IMAGE_ALIGN, a;
	bool any = false;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		if (!appended_in(c, i, j, p, round))
			continue;
		if (!ld_section_align(c, i, j, &a))
			return false;
		align = a > align ? a : align;
		any |= c->inputs[i].obj->sections[j].count != 0;
	}
	if (round > 1 && !any)
		return true; /* nothing of this image in this round */
	uint32_t addr = *file - pr->start, at = any ? ld_align_up(addr, align) : addr;
	ld_pad_to(c, p, addr, at - addr);
	if (!pr->patch_size)
		pr->patch_start = pr->start + at;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		struct ld_place *pl = ld_place(c, i, j);
		if (!appended_in(c, i, j, p, round))
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

bool ld_layout_script(struct ld_ctx *c)
{
	if (!ld_match_script(c))
		return false;
	bool ok = true;
	struct lay l = {.c = c, .proc = LD_NONE};
	for (size_t k = 0; k < c->script->stmt_count && ok; k++) {
		const struct ld_stmt *st = &c->script->stmts[k];
		if (st->kind == LD_S_SECTIONS)
			ok = lay_sections(&l, st);
		else if (st->kind != LD_S_OUTPUT_ARCH)
			ok = lay_common(&l, st);
	}
	/* NAME.append sections (match.c) after the last image, every
	 * image's first ones, then every NAME.append2 ... (an image patched
	 * more than once, as afuc-objdump prints it). */
	unsigned rounds = 1;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		size_t len;
		unsigned r = obj_append_round(c->inputs[i].obj->sections[j].name, &len);
		rounds = r > rounds ? r : rounds;
	}
	for (unsigned r = 1; r <= rounds && ok; r++)
		for (uint32_t p = 0; p < c->proc_count && ok; p++)
			ok = ld_append_proc(c, p, r, &l.file);
	if (!ok)
		return false;
	c->word_count = l.file;

	for (uint32_t p = 0; p < c->proc_count; p++) {
		struct ld_proc *pr = &c->procs[p];
		if (pr->jumptbl_input != LD_NONE) {
			const struct ld_place *pl = ld_place(c, pr->jumptbl_input,
							     pr->jumptbl_section);
			pr->has_table = true;
			pr->table_addr = pl->addr + c->inputs[pr->jumptbl_input]
							    .obj->sections[pr->jumptbl_section]
							    .table_offset;
			pr->table_size = OBJ_PACKET_TABLE_WORDS;
			pr->table_where = ".jumptbl";
		}
		if (pr->table_symbol != LD_NONE) {
			c->ssyms[pr->table_symbol].value = pr->table_addr;
			c->ssyms[pr->table_symbol].state = LD_SYM_DONE;
		}
	}
	return true;
}
