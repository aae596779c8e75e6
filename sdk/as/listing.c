/* afuc-as -a: what each source line assembled to. */
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

void as_listing_free(struct as_listing *l)
{
	for (size_t i = 0; i < l->count; i++) {
		free(l->lines[i].file);
		free(l->lines[i].text);
	}
	free(l->lines);
	*l = (struct as_listing){0};
}

void as_listing_print(const struct as_listing *l, const struct obj_file *o, struct util_str *out)
{
	const char *file = NULL;
	uint32_t section = UINT32_MAX;
	for (size_t i = 0; i < l->count; i++) {
		const struct as_list_line *ll = &l->lines[i];
		if (!file || strcmp(file, ll->file) != 0)
			util_str_printf(out, "; %s\n", ll->file);
		file = ll->file;
		const struct obj_section *s = ll->section < o->section_count
						      ? &o->sections[ll->section]
						      : NULL;
		if (s && ll->count && ll->section != section)
			util_str_printf(out, "; section %s\n", s->name);
		if (s && ll->count)
			section = ll->section;
		if (!s || !ll->count) {
			util_str_printf(out, "%5u %4s %8s  %s\n", ll->line, "", "", ll->text);
			continue;
		}
		/* the words beyond the first go on lines of their own, as GNU as does */
		for (uint32_t k = 0; k < ll->count && ll->first + k < s->count; k++) {
			uint32_t at = ll->first + k;
			if (k == 0)
				util_str_printf(out, "%5u %04x %08x  %s\n", ll->line, at,
						s->words[at], ll->text);
			else
				util_str_printf(out, "%5s %04x %08x\n", "", at, s->words[at]);
		}
	}
}
