/* The first pass of a script link: which input section goes into which
 * output section of which processor image (the first matching pattern
 * wins, as in GNU ld), the handler records, and which images need the
 * script to place their packet table. */
#include <fnmatch.h>
#include <string.h>

#include "ld/internal.h"

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
					proc = ld_place(c, r->input, go->symbols[r->symbol].section)
						       ->proc;
			}
			struct diag_loc loc = h->loc.file ? diag_at(h->loc.file, h->loc.line,
								    h->loc.col)
							  : diag_at(c->inputs[i].name, 0, 0);
			*UTIL_PUSH(c->handlers, c->handler_count,
				   c->handler_cap) = (struct ld_handler){
				.opcode = h->opcode,
				.proc = proc,
				.input = i,
				.symbol = h->symbol,
				.from_label = h->from_label,
				.loc = loc};
		}
	}
}

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
				 "or a number 0..0x7f",
				 st->name);
			return false;
		}
	} else if (!ld_eval_u32(c, st->aux, proc, 0, false, "a packet opcode", &opcode)) {
		return false;
	}
	*UTIL_PUSH(c->handlers, c->handler_count,
		   c->handler_cap) = (struct ld_handler){.opcode = opcode,
							 .proc = proc,
							 .input = LD_NONE,
							 .symbol = LD_NONE,
							 .stmt = st,
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
		*UTIL_PUSH(c->outsecs, c->outsec_count, c->outsec_cap) = (struct ld_outsec){
			.stmt = st, .proc = proc, .addr = LD_NONE};
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
	static const char *const names[] = {
		[ISA_A5XX] = "ME", [ISA_A6XX] = "SQE", [ISA_A7XX] = "BR"};
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

/* The image where a script placed an input section called name[0..len). */
static uint32_t proc_of_section(struct ld_ctx *c, const char *name, size_t len)
{
	LD_FOR_EACH_SECTION(c, i, j)
	{
		const char *other = c->inputs[i].obj->sections[j].name;
		const struct ld_place *at = ld_place(c, i, j);
		if (at->outsec != LD_NONE && strlen(other) == len && !strncmp(other, name, len))
			return at->proc;
	}
	return LD_NONE;
}

/* NAME.append (and NAME.append2 ...) continues the image where section
 * NAME went, after every image (as afuc-ld --base appends new code;
 * afuc-objdump prints such code so): no output section, its address set
 * by ld_append_proc. */
static void place_appended(struct ld_ctx *c)
{
	LD_FOR_EACH_SECTION(c, i, j)
	{
		const char *name = c->inputs[i].obj->sections[j].name;
		size_t len;
		if (ld_place(c, i, j)->proc != LD_NONE || !obj_append_round(name, &len))
			continue;
		uint32_t p = proc_of_section(c, name, len);
		if (p != LD_NONE)
			*ld_place(c, i, j) = (struct ld_place){p, LD_NONE, LD_NONE, NULL};
	}
}

/* Every input section with contents must have found a place. */
static bool check_unplaced(struct ld_ctx *c)
{
	bool ok = true;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		const struct obj_section *s = &c->inputs[i].obj->sections[j];
		if (ld_place(c, i, j)->proc != LD_NONE || s->count == 0)
			continue;
		diag_error(c->d, diag_at(c->inputs[i].name, 0, 0),
			   "section %s (%zu words) is not placed: no input section pattern of %s "
			   "matches it",
			   s->name, s->count, c->script->name);
		ok = false;
	}
	return ok;
}

/* Which images have a .jumptbl, and which need the script to place a
 * table (.handler records, no .jumptbl; records made from label names
 * only fill tables, as in Mesa). */
static bool decide_tables(struct ld_ctx *c)
{
	bool ok = true;
	LD_FOR_EACH_SECTION(c, i, j)
	{
		uint32_t p = ld_place(c, i, j)->proc;
		if (p == LD_NONE || c->inputs[i].obj->sections[j].table_offset == OBJ_NO_TABLE)
			continue;
		struct ld_proc *pr = &c->procs[p];
		if (pr->jumptbl_input != LD_NONE) {
			diag_error(c->d, diag_at(c->inputs[i].name, 0, 0),
				   "a second .jumptbl for processor image %s (in section %s; the "
				   "first is in %s(%s))",
				   pr->name, c->inputs[i].obj->sections[j].name,
				   c->inputs[pr->jumptbl_input].name,
				   c->inputs[pr->jumptbl_input]
					   .obj->sections[pr->jumptbl_section]
					   .name);
			ok = false;
			continue;
		}
		pr->jumptbl_input = i;
		pr->jumptbl_section = j;
	}
	for (size_t h = 0; h < c->handler_count; h++) {
		uint32_t p = c->handlers[h].proc;
		if (p == LD_NONE || c->handlers[h].from_label ||
		    c->procs[p].jumptbl_input != LD_NONE || c->procs[p].needs_table)
			continue;
		c->procs[p].needs_table = true;
		if (!c->procs[p].table_stmt) {
			struct util_str op = {0};
			ld_opcode_name(c, c->handlers[h].opcode, &op);
			diag_add(c->d, DIAG_ERROR, c->handlers[h].loc,
				 ld_source_line(c, c->handlers[h].loc),
				 "handler for %s, but processor image %s has no .jumptbl and the "
				 "script (%s) puts no PACKET_TABLE in it",
				 op.text, c->procs[p].name, c->script->name);
			util_str_free(&op);
			ok = false;
		}
	}
	return ok;
}

/* Pass A of the layout: processor images, output sections, which input
 * section goes where, handler records, and which images need the script
 * to place their packet table. */
bool ld_match_script(struct ld_ctx *c)
{
	c->outsec_of = util_xcalloc(c->script->stmt_total + 1, sizeof(*c->outsec_of));
	const struct ld_stmt *sec = find_sections(c);
	if (!sec || !match_all(c, sec))
		return false;
	place_appended(c);
	bool ok = check_unplaced(c);
	ld_collect_handlers(c);
	ok &= decide_tables(c);
	return ok;
}
