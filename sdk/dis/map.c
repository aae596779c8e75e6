/* What the map afuc-ld writes (-Map) says of an image's words, for an
 * image with a map and no ELF beside it (afuc-objdump, afuc-ld --base,
 * afuc-emu): each "processor image NAME: address 0 = file word 0xN" line
 * places a processor's addresses in the image; the lines of its
 * "symbols (N)" block ("  0xADDR  NAME  FROM") are its labels, and its
 * "new code:" and "base code:" lines the code afuc-ld --base appended.
 * Everything else in the map is left alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dis/dis.h"
#include "ld/mapfmt.h"
#include "util/util.h"

#define MAP_MAX_LINE 4096

static bool fail(char **error, const char *name, unsigned line, const char *fmt, const char *found)
{
	*error = util_xasprintf("%s:%u: %s, found '%.60s'", name, line, fmt, found);
	return false;
}

bool dis_map_read(const char *text, size_t len, const char *name, size_t image_words,
		  const struct dis_map_visitor *v, char **error)
{
	*error = NULL;
	if (memchr(text, '\0', len))
		return fail(error, name, 1, "expected an afuc-ld map, a text file", "a NUL byte");
	bool in_symbols = false, placed = false;
	unsigned long base = 0;
	char proc[LD_MAP_NAME_MAX + 1] = "";
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
		unsigned long word, addr, total, last, first_word, last_word;
		char label[MAP_MAX_LINE], kind[16], code_proc[LD_MAP_NAME_MAX + 1];
		if (line_no == 1) {
			if (sscanf(line, LD_MAP_TITLE_SCAN, &total) != 1)
				return fail(error, name, 1,
					    "expected 'afuc-ld map of FILE: GPU, N words'", line);
			if (total != image_words)
				return fail(error, name, 1, "expected a map of this image's words",
					    "a map of another size (older than the image?)");
		} else if (sscanf(line, LD_MAP_IMAGE_SCAN, proc, &word) == 2) {
			if (word == 0 || word > image_words)
				return fail(error, name, line_no,
					    "expected the file word of an image inside the file",
					    line);
			base = word - 1;
			placed = true;
			in_symbols = false;
		} else if (sscanf(line, LD_MAP_CODE_SCAN, kind, code_proc, &addr, &last,
				  &first_word, &last_word) == 6 &&
			   (!strcmp(kind, "new") || !strcmp(kind, "base"))) {
			if (first_word == 0 || last < addr || last_word < first_word ||
			    last - addr != last_word - first_word || last_word >= image_words)
				return fail(error, name, line_no,
					    "expected a block of code inside the file", line);
			if (v->code)
				v->code(v->ctx, code_proc, (uint32_t)addr,
					(uint32_t)(first_word - 1), (uint32_t)(last - addr + 1));
		} else if (strncmp(line, LD_MAP_SYMBOLS_PREFIX, strlen(LD_MAP_SYMBOLS_PREFIX)) ==
			   0) {
			in_symbols = placed;
		} else if (!n) {
			in_symbols = false;
		} else if (in_symbols) {
			if (sscanf(line, LD_MAP_SYMBOL_SCAN, &addr, label) != 2)
				return fail(error, name, line_no,
					    "expected a symbol line '  0xADDR  NAME  FROM'", line);
			if (base + addr < image_words && v->symbol)
				v->symbol(v->ctx, proc, (uint32_t)addr, (uint32_t)(base + addr),
					  label);
		}
	}
	if (!placed)
		return fail(error, name, line_no, "expected a 'processor image' line", "none");
	return true;
}

struct labels {
	dis_label_fn fn;
	void *ctx;
};

static void label_symbol(void *ctx, const char *proc, uint32_t addr, uint32_t index,
			 const char *label)
{
	(void)proc, (void)addr;
	const struct labels *l = ctx;
	l->fn(l->ctx, index, label);
}

bool dis_map_labels(const char *text, size_t len, const char *name, size_t image_words,
		    dis_label_fn fn, void *ctx, char **error)
{
	struct labels l = {fn, ctx};
	const struct dis_map_visitor v = {.symbol = label_symbol, .ctx = &l};
	return dis_map_read(text, len, name, image_words, &v, error);
}

static bool ends_with(const char *s, size_t len, const char *tail)
{
	size_t n = strlen(tail);
	return len >= n && memcmp(s + len - n, tail, n) == 0;
}

char *dis_beside_path(const char *image_path, const char *ext)
{
	size_t len = strlen(image_path);
	if (ends_with(image_path, len, ".elf"))
		return NULL;
	static const char *const packed[] = {".xz", ".zst", ".gz"};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(packed); i++)
		if (ends_with(image_path, len, packed[i])) {
			len -= strlen(packed[i]);
			break;
		}
	if (ends_with(image_path, len, ".fw"))
		len -= 3;
	return util_xasprintf("%.*s%s", (int)len, image_path, ext);
}
