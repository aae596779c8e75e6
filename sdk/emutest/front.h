/* The front end every emulator test file shares, whichever machine it
 * drives (.emu: afuc, sdk/emutest/script*.c; .hemu: HWSQ,
 * sdk/hwsq/emutest*.c): the lines of the file, the words of a line with
 * their columns, errors at a line and column with the line and a caret
 * (every one of a file, through one struct diag), the nearest keyword
 * for a misspelt one, and the `expect writes` matcher. The back ends
 * give meaning to the words and run the machine.
 *
 *   struct emutest_lines in = {.text = text, .len = len};
 *   struct emutest_line line;
 *   while (emutest_next_line(&in, &line))   (line.nul_col: an error there)
 *           n = emutest_words(line.text, line.len, &toks);
 */
#ifndef SDK_EMUTEST_FRONT_H
#define SDK_EMUTEST_FRONT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"
#include "util/util.h"

/* A word of a line and its column (from 1). */
struct emutest_tok {
	char *text;
	unsigned col;
};

/* The lines of a test file's text (not NUL-terminated: len bytes). */
struct emutest_lines {
	const char *text;
	size_t len;
	size_t pos;
	unsigned line; /* the number of the line last returned */
};

struct emutest_line {
	const char *text; /* into the file's text: not NUL-terminated */
	size_t len;       /* without its newline */
	unsigned no;
	/* The column of a NUL byte in it, else 0: the back end reports
	 * EMUTEST_NUL_ERROR there and skips the line (a NUL would end the
	 * text early and hide what follows). */
	unsigned nul_col;
};

#define EMUTEST_NUL_ERROR "expected text, found a NUL byte"

/* The next line; false at the end. */
bool emutest_next_line(struct emutest_lines *in, struct emutest_line *line);

/* Splits a line into words at blanks, dropping a '#' comment. Returns
 * how many; *toks is malloc'ed (emutest_free_words frees it). */
size_t emutest_words(const char *text, size_t len, struct emutest_tok **toks);
void emutest_free_words(struct emutest_tok *toks, size_t n);

/* An error at line:col of path, with the line (up to its newline) and a
 * caret under col. */
void emutest_error(struct diag *d, const char *path, unsigned line, unsigned col,
		   const char *line_text, const char *fmt, ...) UTIL_PRINTF(6, 7);

/* "; did you mean 'a' or 'b'?" (nothing when no word is near) for a
 * word not among words[0..n) (NULL entries are passed over), appended to
 * out. */
void emutest_nearest(const char *word, const char *const *words, size_t n, struct util_str *out);

/* `expect writes`: do the expected entries (want_n of them) match the
 * log (log_n writes)? In order and nothing else (exact), or in order
 * with other writes between them (include). same(ctx, i, j) compares
 * log entry i with expected entry j. Returns whether it matched, and in
 * *first_missing the first expected entry not found (want_n when all
 * were). */
bool emutest_match_writes(size_t log_n, size_t want_n, bool include,
			  bool (*same)(void *ctx, size_t log_i, size_t want_j), void *ctx,
			  size_t *first_missing);

#endif
