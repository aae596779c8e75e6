/* The script-driven layout: which input section goes into which output
 * section of which processor image (first matching pattern wins, as in
 * GNU ld), then addresses, in one walk of the script in order. Data
 * words (LONG, NOP) and symbol values are computed afterwards, when
 * every address is known. */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "ld/internal.h"

/* Past this, an image is surely a mistake (`. = 0xffffffff`), and
 * allocating it would not be kind. The 24-bit NOP payloads that carry
 * addresses could not reach further anyway. */
#define LD_MAX_WORDS 0x1000000u

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
		.kind = LD_C_INPUT, .proc = pl->proc, .addr = pl->addr,
		.count = (uint32_t)c->inputs[input].obj->sections[section].count, .input = input,
		.section = section};
}

void ld_pad_to(struct ld_ctx *c, uint32_t proc, uint32_t addr, uint32_t count)
{
	if (count)
		*UTIL_PUSH(c->chunks, c->chunk_count, c->chunk_cap) =
			(struct ld_chunk){.kind = LD_C_PAD, .proc = proc, .addr = addr, .count = count};
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

void ld_collect_handlers(struct ld_ctx *c)
{
	for (uint32_t i = 0; i < c->input_count; i++) {
		const struct obj_file *o = c->inputs[i].obj;
		for (size_t k = 0; k < o->handler_count; k++) {
			const struct obj_handler *h = &o->handlers[k];
			const struct obj_symbol *s = &o->symbols[h->symbol];
			uint32_t proc = LD_NONE;
			if (s->section < o->section_count) {
				proc = ld_place(c, i, s->section)->proc;
			} else if (s->section == OBJ_SECTION_UNDEF) {
				uint32_t g = ld_names_get(&c->globals, s->name);
				const struct ld_globref *r = g == LD_NONE ? NULL : &c->globrefs[g];
				const struct obj_file *go = r ? c->inputs[r->input].obj : NULL;
				if (r && go->symbols[r->symbol].section < go->section_count)
					proc = ld_place(c, r->input, go->symbols[r->symbol].section)->proc;
			}
			struct diag_loc loc = h->loc.file ? diag_at(h->loc.file, h->loc.line, h->loc.col)
							  : diag_at(c->inputs[i].name, 0, 0);
			*UTIL_PUSH(c->handlers, c->handler_count, c->handler_cap) = (struct ld_handler){
				.opcode = h->opcode, .proc = proc, .input = i, .symbol = h->symbol,
				.loc = loc};
		}
	}
}

/* ---- matching ---- */

static void match_input(struct ld_ctx *c, uint32_t proc, uint32_t outsec, const struct ld_stmt *st)
{
	for (uint32_t i = 0; i < c->input_count; i++) {
		if (fnmatch(st->file_pattern, c->inputs[i].name, 0))
			continue;
		const struct obj_file *o = c->inputs[i].obj;
		for (uint32_t j = 0; j < o->section_count; j++) {
			struct ld_place *pl = ld_place(c, i, j);
			if (pl->proc != LD_NONE)
				continue;
			for (size_t k = 0; k < st->pattern_count; k++) {
				if (!fnmatch(st->patterns[k], o->sections[j].name, 0)) {
					*pl = (struct ld_place){proc, LD_NONE, outsec, st};
					break;
				}
			}
		}
	}
}

static bool is_loose(const struct ld_stmt *st)
{
	return st->kind == LD_S_OUTPUT_SECTION || st->kind == LD_S_DEFAULT_HANDLER ||
	       st->kind == LD_S_HANDLER;
}

static bool add_script_handler(struct ld_ctx *c, uint32_t proc, const struct ld_stmt *st)
{
	uint32_t opcode;
	if (st->name) {
		if (!ld_parse_opcode(c, st->name, &opcode)) {
			diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
				 "unknown packet '%s': expected a PM4 name (CP_NOP, PKT4), UNKNn "
				 "or a number 0..0x7f", st->name);
			return false;
		}
	} else if (!ld_eval_u32(c, st->aux, proc, 0, false, "a packet opcode", &opcode)) {
		return false;
	}
	*UTIL_PUSH(c->handlers, c->handler_count, c->handler_cap) = (struct ld_handler){
		.opcode = opcode, .proc = proc, .input = LD_NONE, .symbol = LD_NONE, .stmt = st,
		.loc = st->loc};
	return true;
}

/* Pass A over one image's statements: output sections, their inputs,
 * PACKET_TABLE and HANDLER. */
static bool match_body(struct ld_ctx *c, uint32_t proc, const struct ld_stmt *body, size_t n)
{
	bool ok = true;
	for (size_t k = 0; k < n; k++) {
		const struct ld_stmt *st = &body[k];
		if (st->kind == LD_S_HANDLER)
			ok &= add_script_handler(c, proc, st);
		if (st->kind != LD_S_OUTPUT_SECTION)
			continue;
		uint32_t os = (uint32_t)c->outsec_count;
		*UTIL_PUSH(c->outsecs, c->outsec_count, c->outsec_cap) =
			(struct ld_outsec){.stmt = st, .proc = proc, .addr = LD_NONE};
		c->outsec_of[st->id] = os;
		for (size_t b = 0; b < st->body_count; b++) {
			const struct ld_stmt *in = &st->body[b];
			if (in->kind == LD_S_INPUT)
				match_input(c, proc, os, in);
			if (in->kind != LD_S_PACKET_TABLE)
				continue;
			if (c->procs[proc].table_stmt) {
				diag_add(c->d, DIAG_ERROR, in->loc, ld_source_line(c, in->loc),
					 "a second PACKET_TABLE for processor image %s",
					 c->procs[proc].name);
				ok = false;
			}
			c->procs[proc].table_stmt = in;
		}
	}
	return ok;
}

/* The image that output sections outside any PROCESSOR block go to. */
static const char *implicit_proc_name(enum isa_gen gen)
{
	static const char *const names[] = {[ISA_A5XX] = "ME", [ISA_A6XX] = "SQE",
					    [ISA_A7XX] = "BR"};
	return names[gen];
}

static const struct ld_stmt *find_sections(struct ld_ctx *c)
{
	const struct ld_stmt *found = NULL;
	for (size_t k = 0; k < c->script->stmt_count; k++) {
		const struct ld_stmt *st = &c->script->stmts[k];
		if (st->kind != LD_S_SECTIONS)
			continue;
		if (found) {
			diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
				 "a second SECTIONS: put everything in one");
			return NULL;
		}
		found = st;
	}
	if (!found)
		diag_error(c->d, diag_at(c->script->name, 0, 0), "the script has no SECTIONS");
	return found;
}

static bool match_all(struct ld_ctx *c, const struct ld_stmt *sec)
{
	const struct ld_stmt *loose = NULL, *processor = NULL;
	for (size_t k = 0; k < sec->body_count; k++) {
		if (sec->body[k].kind == LD_S_PROCESSOR && !processor)
			processor = &sec->body[k];
		if (is_loose(&sec->body[k]) && !loose)
			loose = &sec->body[k];
	}
	if (loose && processor) {
		diag_add(c->d, DIAG_ERROR, loose->loc, ld_source_line(c, loose->loc),
			 "this belongs in a PROCESSOR block: once a script has PROCESSOR blocks, "
			 "every output section, HANDLER and DEFAULT_HANDLER is inside one");
		return false;
	}
	if (loose) {
		c->implicit_proc = true;
		uint32_t p = ld_add_proc(c, implicit_proc_name(c->gen), 0, sec->loc);
		return match_body(c, p, sec->body, sec->body_count);
	}
	bool ok = true;
	for (size_t k = 0; k < sec->body_count; k++) {
		const struct ld_stmt *st = &sec->body[k];
		if (st->kind != LD_S_PROCESSOR)
			continue;
		for (size_t q = 0; q < c->proc_count; q++) {
			if (!strcmp(c->procs[q].name, st->name)) {
				diag_add(c->d, DIAG_ERROR, st->loc, ld_source_line(c, st->loc),
					 "a second processor image called %s", st->name);
				return false;
			}
		}
		uint32_t p = ld_add_proc(c, st->name, 0, st->loc);
		ok &= match_body(c, p, st->body, st->body_count);
	}
	return ok;
}

/* Every input section with contents must have found a place. */
static bool check_unplaced(struct ld_ctx *c)
{
	bool ok = true;
	LD_FOR_EACH_SECTION(c, i, j) {
		const struct obj_section *s = &c->inputs[i].obj->sections[j];
		if (ld_place(c, i, j)->proc != LD_NONE || s->count == 0)
			continue;
		diag_error(c->d, diag_at(c->inputs[i].name, 0, 0),
			   "section %s (%zu words) is not placed: no input section pattern of %s "
			   "matches it", s->name, s->count, c->script->name);
		ok = false;
	}
	return ok;
}

/* Which images have a .jumptbl, and which need the script to place a
 * table (handler records, no .jumptbl). */
static bool decide_tables(struct ld_ctx *c)
{
	bool ok = true;
	LD_FOR_EACH_SECTION(c, i, j) {
		uint32_t p = ld_place(c, i, j)->proc;
		if (p == LD_NONE || c->inputs[i].obj->sections[j].table_offset == OBJ_NO_TABLE)
			continue;
		struct ld_proc *pr = &c->procs[p];
		if (pr->jumptbl_input != LD_NONE) {
			diag_error(c->d, diag_at(c->inputs[i].name, 0, 0),
				   "a second .jumptbl for processor image %s (in section %s; the "
				   "first is in %s(%s))", pr->name, c->inputs[i].obj->sections[j].name,
				   c->inputs[pr->jumptbl_input].name,
				   c->inputs[pr->jumptbl_input].obj->sections[pr->jumptbl_section].name);
			ok = false;
			continue;
		}
		pr->jumptbl_input = i;
		pr->jumptbl_section = j;
	}
	for (size_t h = 0; h < c->handler_count; h++) {
		uint32_t p = c->handlers[h].proc;
		if (p == LD_NONE || c->procs[p].jumptbl_input != LD_NONE || c->procs[p].needs_table)
			continue;
		c->procs[p].needs_table = true;
		if (!c->procs[p].table_stmt) {
			struct util_str op = {0};
			ld_opcode_name(c, c->handlers[h].opcode, &op);
			diag_add(c->d, DIAG_ERROR, c->handlers[h].loc,
				 ld_source_line(c, c->handlers[h].loc),
				 "handler for %s, but processor image %s has no .jumptbl and the "
				 "script (%s) puts no PACKET_TABLE in it", op.text, c->procs[p].name,
				 c->script->name);
			util_str_free(&op);
			ok = false;
		}
	}
	return ok;
}

/* ---- addresses ---- */

struct lay {
	struct ld_ctx *c;
	uint32_t proc;   /* LD_NONE between PROCESSOR blocks */
	int64_t dot;     /* in the current image */
	uint32_t file;   /* file word of the next image's start */
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
			 "(0x%x words)", (long long)to, LD_MAX_WORDS);
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
	*UTIL_PUSH(l->c->deferred, l->c->deferred_count, l->c->deferred_cap) =
		(struct ld_deferred){st, l->proc, l->dot, l->proc != LD_NONE};
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
		ld_add_ssym(c, (struct ld_ssym){.name = st->name, .proc = l->proc,
						.scope = l->proc, .stmt = st, .dot = l->dot,
						.dot_known = l->proc != LD_NONE, .origin = "the script",
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
	LD_FOR_EACH_SECTION(c, i, j) {
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
		if (st->aux && !ld_eval_u32(c, st->aux, l->proc, l->dot, true, "the table size", &size))
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
		pr->table_symbol = ld_add_ssym(c, (struct ld_ssym){
			.name = st->name, .proc = l->proc, .scope = l->proc,
			.origin = "PACKET_TABLE", .loc = st->loc});
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
			*UTIL_PUSH(c->chunks, c->chunk_count, c->chunk_cap) = (struct ld_chunk){
				.kind = LD_C_DATA, .proc = l->proc, .addr = (uint32_t)l->dot,
				.count = 1, .stmt = in, .dot = l->dot};
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

bool ld_layout_script(struct ld_ctx *c)
{
	c->outsec_of = util_xcalloc(c->script->stmt_total + 1, sizeof(*c->outsec_of));
	const struct ld_stmt *sec = find_sections(c);
	if (!sec || !match_all(c, sec))
		return false;
	bool ok = check_unplaced(c);
	ld_collect_handlers(c);
	ok &= decide_tables(c);
	if (!ok)
		return false;

	struct lay l = {.c = c, .proc = LD_NONE};
	for (size_t k = 0; k < c->script->stmt_count && ok; k++) {
		const struct ld_stmt *st = &c->script->stmts[k];
		if (st->kind == LD_S_SECTIONS)
			ok = lay_sections(&l, st);
		else if (st->kind != LD_S_OUTPUT_ARCH)
			ok = lay_common(&l, st);
	}
	if (!ok)
		return false;
	c->word_count = l.file;

	for (uint32_t p = 0; p < c->proc_count; p++) {
		struct ld_proc *pr = &c->procs[p];
		if (pr->jumptbl_input != LD_NONE) {
			const struct ld_place *pl = ld_place(c, pr->jumptbl_input, pr->jumptbl_section);
			pr->has_table = true;
			pr->table_addr = pl->addr +
				c->inputs[pr->jumptbl_input].obj->sections[pr->jumptbl_section].table_offset;
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
