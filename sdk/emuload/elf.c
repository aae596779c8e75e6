/* The ELF afuc-ld --elf writes: the firmware file's words at their
 * places, and the labels and source lines the loader gives the machine
 * (emu_add_label, emu_add_line). */
#include <stdlib.h>
#include <string.h>

#include "emuload/emuload.h"
#include "obj/obj.h"
#include "util/util.h"

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
	return at < emu_image_size(e);
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
			    emu_image(e)[index] != s->words[k]) {
				if (error)
					*error = util_xasprintf(
						"%s does not describe this image: word %zu of "
						"section %s (image word 0x%x) %s",
						name, k, s->name, index,
						index < emu_image_size(e) ? "differs"
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
	uint32_t base = 0;
	if (!emu_image_size(e) || proc >= EMU_PROC_COUNT ||
	    (proc == EMU_ME && !emu_proc_base(e, EMU_ME, &base))) {
		if (error)
			*error = util_xstrdup("no image loaded, or no such processor");
		return false;
	}
	struct obj_file o;
	if (!read_linked(bytes, len, name, &o, error))
		return false;
	/* a pair's ME: its file word 1 is where its window starts */
	bool ok = apply_linked(e, base, &o, name, error);
	obj_free(&o);
	return ok;
}

bool emu_load_is_elf(const uint8_t *bytes, size_t len)
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

uint32_t *emu_load_elf_words(const uint8_t *bytes, size_t len, const char *name, size_t *count,
			     char **error)
{
	struct obj_file o;
	if (!read_linked(bytes, len, name, &o, error))
		return NULL;
	uint32_t *words = file_words(&o, count, error);
	obj_free(&o);
	return words;
}

/* Records why name did not load (and frees why). */
static void load_failed(struct emu *e, const char *name, char *why)
{
	char *msg = util_xasprintf("%s: %s", name, why);
	emu_set_error(e, EMU_ERR_NO_IMAGE, msg);
	free(msg);
	free(why);
}

bool emu_load_elf(struct emu *e, const uint8_t *bytes, size_t len, const char *name)
{
	char *error = NULL;
	struct obj_file o;
	if (!read_linked(bytes, len, name, &o, &error)) {
		load_failed(e, name, error);
		return false;
	}
	size_t count;
	uint32_t *words = file_words(&o, &count, &error);
	bool ok = words && emu_load_image(e, words, count) && apply_linked(e, 0, &o, name, &error);
	free(words);
	obj_free(&o);
	if (error)
		load_failed(e, name, error);
	return ok;
}
