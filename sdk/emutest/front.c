/* The test-file front end both emulators' runners share (front.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "emutest/front.h"

bool emutest_next_line(struct emutest_lines *in, struct emutest_line *line)
{
	if (in->pos >= in->len)
		return false;
	const char *start = in->text + in->pos;
	const char *nl = memchr(start, '\n', in->len - in->pos);
	size_t len = nl ? (size_t)(nl - start) : in->len - in->pos;
	in->pos += len + (nl != NULL);
	const char *nul = memchr(start, 0, len);
	*line = (struct emutest_line){start, len, ++in->line,
				      nul ? (unsigned)(nul - start) + 1 : 0};
	return true;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

size_t emutest_words(const char *text, size_t len, struct emutest_tok **toks)
{
	size_t n = 0, cap = 0;
	*toks = NULL;
	size_t i = 0;
	while (i < len) {
		while (i < len && blank(text[i]))
			i++;
		if (i == len || text[i] == '#')
			break;
		size_t start = i;
		while (i < len && !blank(text[i]) && text[i] != '#')
			i++;
		struct emutest_tok *t = UTIL_PUSH(*toks, n, cap);
		t->text = util_xstrndup(text + start, i - start);
		t->col = (unsigned)start + 1;
	}
	return n;
}

void emutest_free_words(struct emutest_tok *toks, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(toks[i].text);
	free(toks);
}

void emutest_error(struct diag *d, const char *path, unsigned line, unsigned col,
		   const char *line_text, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vadd(d, DIAG_ERROR, diag_at(path, line, col), line_text, fmt, ap);
	va_end(ap);
}

void emutest_nearest(const char *word, const char *const *words, size_t n, struct util_str *out)
{
	struct util_near near;
	util_near_init(&near, word, 2, 3);
	for (size_t i = 0; i < n; i++)
		if (words[i])
			util_near_add(&near, words[i]);
	util_near_closest_only(&near);
	util_near_write(&near, out);
}

bool emutest_match_writes(size_t log_n, size_t want_n, bool include,
			  bool (*same)(void *ctx, size_t log_i, size_t want_j), void *ctx,
			  size_t *first_missing)
{
	size_t i = 0, j = 0;
	if (include) {
		for (; i < log_n && j < want_n; i++)
			if (same(ctx, i, j))
				j++;
	} else {
		while (i < log_n && j < want_n && same(ctx, i, j))
			i++, j++;
	}
	*first_missing = j;
	return j == want_n && (include || i == log_n);
}
