/* Source terms: labels and source lines of the image's words, given one
 * by one by a loader (sdk/emuload: the ELF afuc-ld --elf writes, a map,
 * afuc-objdump's labels for a vendor image), so that errors, traces,
 * coverage and the debugger say `cp-handlers.S:73 CP_MEM_WRITE+3`
 * rather than a bare pc. Both tables are kept sorted by image index. */
#include <stdlib.h>
#include <string.h>

#include "emu/machine.h"

struct emu_label {
	uint32_t index;
	char *name;
};

struct emu_srcline {
	uint32_t index;
	const char *file; /* from files */
	uint32_t line;    /* 0: the words from here on have no line */
};

struct emu_debug {
	struct emu_label *labels;
	size_t label_count, label_cap;
	struct emu_srcline *lines;
	size_t line_count, line_cap;
	char **files;
	size_t file_count, file_cap;
};

void emu_debug_free(struct emu_debug *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->label_count; i++)
		free(d->labels[i].name);
	for (size_t i = 0; i < d->file_count; i++)
		free(d->files[i]);
	free(d->labels);
	free(d->lines);
	free(d->files);
	free(d);
}

bool emu_defer_labels(struct emu *e, void (*fn)(void *ctx, struct emu *emu), void *ctx,
		      void (*free_ctx)(void *ctx))
{
	if (e->deferred_count == UTIL_ARRAY_SIZE(e->deferred)) {
		free_ctx(ctx);
		return false;
	}
	e->deferred[e->deferred_count++] = (struct emu_deferred){fn, ctx, free_ctx};
	return true;
}

void emu_deferred_free(struct emu *e)
{
	for (unsigned i = 0; i < e->deferred_count; i++)
		e->deferred[i].free_ctx(e->deferred[i].ctx);
	e->deferred_count = 0;
}

/* The labels and lines, the deferred ones loaded first. Through a const
 * emulator, as a cache: what a reader sees does not depend on when. */
static const struct emu_debug *known(const struct emu *e)
{
	struct emu *m = (struct emu *)e;
	const unsigned n = m->deferred_count;
	m->deferred_count = 0; /* a loader asking a question does not rerun */
	for (unsigned i = 0; i < n; i++) {
		m->deferred[i].fn(m->deferred[i].ctx, m);
		m->deferred[i].free_ctx(m->deferred[i].ctx);
	}
	return e->debug;
}

static struct emu_debug *debug_of(struct emu *e)
{
	if (!e->debug)
		e->debug = util_xcalloc(1, sizeof *e->debug);
	return e->debug;
}

static const char *intern(struct emu_debug *d, const char *file)
{
	for (size_t i = d->file_count; i-- > 0;)
		if (strcmp(d->files[i], file) == 0)
			return d->files[i];
	return *UTIL_PUSH(d->files, d->file_count, d->file_cap) = util_xstrdup(file);
}

/* The first entry of a table sorted by index with index > key; every
 * entry starts with its uint32_t index. */
static size_t upper_bound(const void *table, size_t count, size_t stride, uint32_t key)
{
	size_t lo = 0, hi = count;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		uint32_t index;
		memcpy(&index, (const char *)table + mid * stride, sizeof index);
		if (index <= key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static size_t label_upper(const struct emu_debug *d, uint32_t index)
{
	return upper_bound(d->labels, d->label_count, sizeof *d->labels, index);
}

static size_t line_upper(const struct emu_debug *d, uint32_t index)
{
	return upper_bound(d->lines, d->line_count, sizeof *d->lines, index);
}

bool emu_add_label(struct emu *e, uint32_t index, const char *name)
{
	if (!e->loaded || index >= e->image_size || !name || !*name)
		return false;
	struct emu_debug *d = debug_of(e);
	size_t at = label_upper(d, index);
	util_grow(&d->labels, &d->label_cap, d->label_count + 1, sizeof *d->labels);
	memmove(&d->labels[at + 1], &d->labels[at], (d->label_count - at) * sizeof *d->labels);
	d->labels[at] = (struct emu_label){index, util_xstrdup(name)};
	d->label_count++;
	return true;
}

bool emu_add_line(struct emu *e, uint32_t index, const char *file, uint32_t line)
{
	if (!e->loaded || index >= e->image_size || !file)
		return false;
	struct emu_debug *d = debug_of(e);
	size_t at = line_upper(d, index);
	if (at && d->lines[at - 1].index == index) {
		d->lines[at - 1] = (struct emu_srcline){index, intern(d, file), line};
		return true;
	}
	util_grow(&d->lines, &d->line_cap, d->line_count + 1, sizeof *d->lines);
	memmove(&d->lines[at + 1], &d->lines[at], (d->line_count - at) * sizeof *d->lines);
	d->lines[at] = (struct emu_srcline){index, intern(d, file), line};
	d->line_count++;
	return true;
}

/* ---- lookups ---- */

/* Labels the flow macros and the assembler make up say nothing to a
 * reader; a handler's own label says its packet. */
static const char *shown_name(const char *name)
{
	static const char handler_prefix[] = ".Lhandler.";
	if (strncmp(name, handler_prefix, sizeof handler_prefix - 1) == 0)
		return name + sizeof handler_prefix - 1;
	if (strncmp(name, ".L", 2) == 0 || strncmp(name, "afuc.", 5) == 0)
		return NULL;
	return name;
}

static const struct emu_cpu *window_of(const struct emu *e, enum emu_proc proc)
{
	return proc < EMU_PROC_COUNT ? &e->cpu[proc] : NULL;
}

bool emu_source_line(const struct emu *e, enum emu_proc proc, uint32_t pc, const char **file,
		     uint32_t *line)
{
	const struct emu_cpu *c = window_of(e, proc);
	return c && pc < c->size && emu_line_of_index(e, c->base + pc, file, line);
}

bool emu_label_of(const struct emu *e, enum emu_proc proc, uint32_t pc, const char **name,
		  uint32_t *offset)
{
	const struct emu_cpu *c = window_of(e, proc);
	const struct emu_debug *d = known(e);
	if (!c || !d || pc >= c->size)
		return false;
	for (size_t at = label_upper(d, c->base + pc); at-- > 0;) {
		const struct emu_label *l = &d->labels[at];
		if (l->index < c->base)
			break; /* another processor's code */
		const char *shown = shown_name(l->name);
		if (shown) {
			*name = shown;
			*offset = c->base + pc - l->index;
			return true;
		}
	}
	return false;
}

size_t emu_where(const struct emu *e, enum emu_proc proc, uint32_t pc, char *buf, size_t size)
{
	struct util_str s = {0};
	const char *file, *name;
	uint32_t line, offset;
	if (emu_source_line(e, proc, pc, &file, &line)) {
		const char *slash = strrchr(file, '/');
		util_str_printf(&s, "%s:%u", slash ? slash + 1 : file, line);
	}
	if (emu_label_of(e, proc, pc, &name, &offset)) {
		util_str_printf(&s, "%s%s", s.len ? " " : "", name);
		if (offset)
			util_str_printf(&s, "+%u", offset);
	}
	size_t n = s.len;
	if (size) {
		size_t k = n < size - 1 ? n : size - 1;
		memcpy(buf, s.text ? s.text : "", k);
		buf[k] = '\0';
	}
	util_str_free(&s);
	return n;
}

bool emu_find_label(const struct emu *e, const char *name, enum emu_proc *proc, uint32_t *pc)
{
	const struct emu_debug *d = known(e);
	for (size_t i = 0; d && i < d->label_count; i++) {
		const char *shown = shown_name(d->labels[i].name);
		if (strcmp(d->labels[i].name, name) != 0 && !(shown && strcmp(shown, name) == 0))
			continue;
		for (int p = 0; p < EMU_PROC_COUNT; p++) {
			const struct emu_cpu *c = &e->cpu[p];
			uint32_t index = d->labels[i].index;
			if (c->size && index >= c->base && index < c->base + c->size) {
				*proc = (enum emu_proc)p;
				*pc = index - c->base;
				return true;
			}
		}
	}
	return false;
}

/* Whether a recorded file names the one asked for: the same path, or
 * the asked one is a trailing part of it after a '/'. */
static bool same_file(const char *recorded, const char *asked)
{
	size_t r = strlen(recorded), a = strlen(asked);
	return r >= a && strcmp(recorded + r - a, asked) == 0 &&
	       (r == a || recorded[r - a - 1] == '/');
}

size_t emu_line_pcs(const struct emu *e, const char *file, uint32_t line,
		    struct emu_code_place *places, size_t max)
{
	const struct emu_debug *d = known(e);
	size_t n = 0;
	for (size_t i = 0; d && i < d->line_count; i++) {
		const struct emu_srcline *l = &d->lines[i];
		if (l->line != line || !same_file(l->file, file))
			continue;
		for (int p = 0; p < EMU_PROC_COUNT; p++) {
			const struct emu_cpu *c = &e->cpu[p];
			if (!c->size || l->index < c->base || l->index >= c->base + c->size)
				continue;
			if (n < max)
				places[n] = (struct emu_code_place){(enum emu_proc)p,
								    l->index - c->base};
			n++;
		}
	}
	return n;
}

size_t emu_source_files(const struct emu *e, const char **files, size_t max)
{
	const struct emu_debug *d = known(e);
	size_t n = 0;
	for (size_t i = 0; d && i < d->file_count; i++)
		if (*d->files[i]) {
			if (n < max)
				files[n] = d->files[i];
			n++;
		}
	return n;
}

bool emu_line_of_index(const struct emu *e, uint32_t index, const char **file, uint32_t *line)
{
	const struct emu_debug *d = known(e);
	if (!d || index >= e->image_size)
		return false;
	size_t at = line_upper(d, index);
	if (!at || d->lines[at - 1].line == 0)
		return false;
	*file = d->lines[at - 1].file;
	*line = d->lines[at - 1].line;
	return true;
}
