/* Source terms: labels and source lines of the image's words, from the
 * ELF afuc-ld --elf writes (or given one by one, as afuc-emu does for a
 * vendor image with afuc-objdump's labels), so that errors, traces,
 * coverage and the debugger say `cp-handlers.S:73 CP_MEM_WRITE+3`
 * rather than a bare pc. Both tables are kept sorted by image index. */
#include <stdlib.h>
#include <string.h>

#include "emu/machine.h"
#include "obj/obj.h"

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

/* ---- the ELF of afuc-ld --elf ---- */

static char *diag_text(const struct diag *dg)
{
	struct util_str s = {0};
	for (size_t i = 0; i < dg->count; i++)
		util_str_printf(&s, "%s%s", i ? "; " : "", dg->msgs[i].text);
	return s.text ? util_str_take(&s) : util_xstrdup("not a linked afuc ELF");
}

static bool read_linked(const uint8_t *bytes, size_t len, const char *name, struct obj_file *o,
			char **error)
{
	struct diag dg;
	diag_init(&dg);
	bool ok = obj_read_mem(o, bytes, len, name, &dg);
	if (ok && !o->linked) {
		obj_free(o);
		ok = false;
		diag_error(&dg, DIAG_NOWHERE,
			   "an object (ET_REL), not a linked image: link it with afuc-ld --elf");
	}
	if (!ok && error)
		*error = diag_text(&dg);
	diag_free(&dg);
	return ok;
}

/* The image word of word k of a linked section, for an image whose
 * first word (file word 1) is at image index base. */
static bool section_index(const struct emu *e, const struct obj_section *s, uint32_t base, size_t k,
			  uint32_t *index)
{
	uint64_t at = (uint64_t)base + s->load + k;
	*index = (uint32_t)at;
	return at < e->image_size;
}

/* The labels and lines of a linked file o into e, whose words it must
 * hold; base: the image index of o's file word 1. */
static bool apply_linked(struct emu *e, uint32_t base, const struct obj_file *o, const char *name,
			 char **error)
{
	for (size_t i = 0; i < o->section_count; i++) {
		const struct obj_section *s = &o->sections[i];
		for (size_t k = 0; k < s->count; k++) {
			uint32_t index;
			if (!section_index(e, s, base, k, &index) ||
			    e->image[index] != s->words[k]) {
				if (error)
					*error = util_xasprintf(
						"%s does not describe this image: word %zu of "
						"section %s (image word 0x%x) %s",
						name, k, s->name, index,
						index < e->image_size ? "differs"
								      : "is past its end");
				return false;
			}
		}
	}
	for (size_t i = 0; i < o->symbol_count; i++) {
		const struct obj_symbol *sym = &o->symbols[i];
		if (sym->section >= o->section_count)
			continue; /* a plain number */
		const struct obj_section *s = &o->sections[sym->section];
		uint32_t index;
		if (sym->value >= s->addr &&
		    section_index(e, s, base, sym->value - s->addr, &index))
			emu_add_label(e, index, sym->name);
	}
	for (size_t i = 0; i < o->section_count; i++) {
		const struct obj_section *s = &o->sections[i];
		for (size_t k = 0; k < s->line_count; k++) {
			uint32_t index;
			if (section_index(e, s, base, s->lines[k].offset, &index))
				emu_add_line(e, index, s->lines[k].loc.file, s->lines[k].loc.line);
		}
	}
	return true;
}

bool emu_load_debug(struct emu *e, enum emu_proc proc, const uint8_t *bytes, size_t len,
		    const char *name, char **error)
{
	if (error)
		*error = NULL;
	if (!e->loaded || proc >= EMU_PROC_COUNT) {
		if (error)
			*error = util_xstrdup("no image loaded, or no such processor");
		return false;
	}
	struct obj_file o;
	if (!read_linked(bytes, len, name, &o, error))
		return false;
	/* a pair's ME: its file word 1 is where its window starts */
	bool ok = apply_linked(e, proc == EMU_ME ? e->cpu[EMU_ME].base : 0, &o, name, error);
	obj_free(&o);
	return ok;
}

bool emu_is_elf(const uint8_t *bytes, size_t len)
{
	return len >= 4 && memcmp(bytes, "\177ELF", 4) == 0;
}

/* The firmware file again from a linked file: word 0 (which the kernel
 * skips), then each section at its place from file word 1. */
static uint32_t *file_words(const struct obj_file *o, size_t *count, char **error)
{
	size_t n = 1;
	for (size_t i = 0; i < o->section_count; i++) {
		const struct obj_section *s = &o->sections[i];
		if (1 + (size_t)s->load + s->count > n)
			n = 1 + (size_t)s->load + s->count;
	}
	if (n > 1 + (size_t)EMU_MAX_IMAGE_WORDS) {
		*error = util_xasprintf("the image would be %zu words, past %u", n - 1,
					EMU_MAX_IMAGE_WORDS);
		return NULL;
	}
	uint32_t *words = util_xcalloc(n, sizeof *words);
	for (size_t i = 0; i < o->section_count; i++)
		memcpy(words + 1 + o->sections[i].load, o->sections[i].words,
		       o->sections[i].count * sizeof *words);
	*count = n;
	return words;
}

uint32_t *emu_elf_words(const uint8_t *bytes, size_t len, const char *name, size_t *count,
			char **error)
{
	struct obj_file o;
	if (!read_linked(bytes, len, name, &o, error))
		return NULL;
	uint32_t *words = file_words(&o, count, error);
	obj_free(&o);
	return words;
}

bool emu_load_elf(struct emu *e, const uint8_t *bytes, size_t len, const char *name)
{
	char *error = NULL;
	struct obj_file o;
	if (!read_linked(bytes, len, name, &o, &error)) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE, "%s: %s", name, error);
		free(error);
		return false;
	}
	size_t count;
	uint32_t *words = file_words(&o, &count, &error);
	bool ok = words && emu_load_image(e, words, count) && apply_linked(e, 0, &o, name, &error);
	free(words);
	obj_free(&o);
	if (error)
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE, "%s: %s", name, error);
	free(error);
	return ok;
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
	const struct emu_debug *d = e->debug;
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
	const struct emu_debug *d = e->debug;
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
	const struct emu_debug *d = e->debug;
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
	const struct emu_debug *d = e->debug;
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
	const struct emu_debug *d = e->debug;
	if (!d || index >= e->image_size)
		return false;
	size_t at = line_upper(d, index);
	if (!at || d->lines[at - 1].line == 0)
		return false;
	*file = d->lines[at - 1].file;
	*line = d->lines[at - 1].line;
	return true;
}
