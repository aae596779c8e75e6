/* Diagnostics: libraries collect them, tools print them.
 *
 * Every message carries a location (file, line, column; column 0 means
 * "the whole line", line 0 "the whole file", no file "the tool itself")
 * and, when the caller has it, the text of the source line so that the
 * printout can show it with a caret under the column:
 *
 *   foo.s:12:9: error: expected a register, found '0x12'
 *    mov $02 0x12
 *            ^
 */
#ifndef SDK_DIAG_H
#define SDK_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/util.h"

struct diag_loc {
	const char *file; /* borrowed: the message keeps its own copy */
	unsigned line;
	unsigned col;
};

enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE };

struct diag_msg {
	enum diag_level level;
	char *file;
	unsigned line, col;
	char *text;
	char *source_line; /* NULL when unknown */
};

struct diag {
	struct diag_msg *msgs;
	size_t count, cap;
	size_t errors;
	/* A pass stops reporting (and should stop working) after this many
	 * errors; diag_full() tells it so. 0 means no limit. */
	size_t max_errors;
};

#define DIAG_DEFAULT_MAX_ERRORS 20

void diag_init(struct diag *d);
void diag_free(struct diag *d);

/* Adds a message. source_line may be NULL; it is copied up to its first
 * newline. Messages past max_errors are counted but not kept. */
void diag_add(struct diag *d, enum diag_level level, struct diag_loc loc, const char *source_line,
	      const char *fmt, ...) UTIL_PRINTF(5, 6);
void diag_vadd(struct diag *d, enum diag_level level, struct diag_loc loc, const char *source_line,
	       const char *fmt, va_list ap);

#define diag_error(d, loc, ...) diag_add((d), DIAG_ERROR, (loc), NULL, __VA_ARGS__)
#define diag_warning(d, loc, ...) diag_add((d), DIAG_WARNING, (loc), NULL, __VA_ARGS__)
#define diag_note(d, loc, ...) diag_add((d), DIAG_NOTE, (loc), NULL, __VA_ARGS__)

/* A location with no file, for errors about the tool's own arguments. */
#define DIAG_NOWHERE ((struct diag_loc){NULL, 0, 0})
static inline struct diag_loc diag_at(const char *file, unsigned line, unsigned col)
{
	return (struct diag_loc){file, line, col};
}

static inline bool diag_has_errors(const struct diag *d)
{
	return d->errors != 0;
}
static inline bool diag_full(const struct diag *d)
{
	return d->max_errors && d->errors >= d->max_errors;
}

/* Prints every message, in order, as "file:line:col: level: text" (with
 * the source line and a caret when known); messages without a file are
 * prefixed by tool. Ends with a count when errors were dropped. */
void diag_print(const struct diag *d, FILE *out, const char *tool);
/* One message as diag_print writes its first line ("FILE:LINE:COL: error:
 * TEXT", without the caret), for a library that returns its error as a
 * string; the caller frees it. */
char *diag_msg_string(const struct diag_msg *m);

/* Moves all messages of src to the end of dst, leaving src empty. */
void diag_append(struct diag *dst, struct diag *src);

#endif
