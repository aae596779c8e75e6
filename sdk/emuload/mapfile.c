/* Labels from the map afuc-ld writes (-Map), for an image with a map and
 * no ELF beside it: each "processor image NAME: address 0 = file word
 * 0xN" line places a processor's addresses in the image, and the lines
 * of its "symbols (N)" block ("  0xADDR  NAME  FROM") are its labels.
 * Everything else in the map is left alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emuload/emuload.h"
#include "ld/mapfmt.h"
#include "util/util.h"

#define MAP_MAX_LINE 4096

static bool fail(char **error, const char *name, unsigned line, const char *fmt, const char *found)
{
	*error = util_xasprintf("%s:%u: %s, found '%.60s'", name, line, fmt, found);
	return false;
}

bool emu_load_map_labels(const char *text, size_t len, const char *name, size_t image_words,
			 emu_load_label_fn fn, void *ctx, char **error)
{
	*error = NULL;
	if (memchr(text, '\0', len))
		return fail(error, name, 1, "expected an afuc-ld map, a text file", "a NUL byte");
	bool in_symbols = false, placed = false;
	unsigned long base = 0;
	unsigned line_no = 0;
	for (const char *at = text, *end = text + len; at < end;) {
		const char *nl = memchr(at, '\n', (size_t)(end - at));
		size_t n = (size_t)((nl ? nl : end) - at);
		char line[MAP_MAX_LINE];
		line_no++;
		if (n >= sizeof line)
			return fail(error, name, line_no, "expected a line of a map",
				    "a line too long");
		memcpy(line, at, n);
		line[n] = '\0';
		at = nl ? nl + 1 : end;
		unsigned long word, addr, total;
		char label[MAP_MAX_LINE];
		if (line_no == 1) {
			if (sscanf(line, LD_MAP_TITLE_SCAN, &total) != 1)
				return fail(error, name, 1,
					    "expected 'afuc-ld map of FILE: GPU, N words'", line);
			if (total != image_words)
				return fail(error, name, 1, "expected a map of this image's words",
					    "a map of another size (older than the image?)");
		} else if (sscanf(line, LD_MAP_IMAGE_SCAN, &word) == 1) {
			if (word == 0 || word > image_words)
				return fail(error, name, line_no,
					    "expected the file word of an image inside the file",
					    line);
			base = word - 1;
			placed = true;
			in_symbols = false;
		} else if (strncmp(line, LD_MAP_SYMBOLS_PREFIX, strlen(LD_MAP_SYMBOLS_PREFIX)) ==
			   0) {
			in_symbols = placed;
		} else if (!n) {
			in_symbols = false;
		} else if (in_symbols) {
			if (sscanf(line, LD_MAP_SYMBOL_SCAN, &addr, label) != 2)
				return fail(error, name, line_no,
					    "expected a symbol line '  0xADDR  NAME  FROM'", line);
			if (base + addr < image_words)
				fn(ctx, (uint32_t)(base + addr), label);
		}
	}
	if (!placed)
		return fail(error, name, line_no, "expected a 'processor image' line", "none");
	return true;
}
