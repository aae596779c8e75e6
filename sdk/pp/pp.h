/* sdk/pp: reads a source the way the assemblers do, through the C
 * preprocessor (assembler-with-cpp) and then, when a macro library is
 * given, m4 with that library loaded first.
 *
 * The output keeps enough line information for the assemblers to report
 * errors at the original file and line: cpp's linemarkers
 * (# 12 "file.S" ...) pass through m4 untouched, and m4 runs with -s so
 * that its "#line N" sync lines say which line of cpp's output each
 * expanded line came from. pp_locate() follows both. */
#ifndef SDK_PP_H
#define SDK_PP_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

/* The files a run read, in the order first read, each once: the source,
 * what cpp #included (its own stdc-predef.h too, as gcc -MD lists it),
 * the m4 library and what m4 include()d. */
struct pp_deps {
	char **files;
	size_t count, cap;
};

struct pp_options {
	const char *const *include_dirs; /* -I, searched before the SDK's include/ */
	size_t include_count;
	const char *const *defines; /* NAME or NAME=VALUE */
	size_t define_count;
	const char *m4_library;  /* read by m4 before the source; NULL: no m4 pass */
	bool m4_prefix_builtins; /* m4 -P: builtins are m4_define, m4_ifelse, ... */
	struct pp_deps *deps;    /* NULL, or where to add the files read */
};

/* The bounds of one run, so that a source that includes itself or a
 * macro that expands without end ends with an error:
 *   cpp stops at 200 nested #includes (its own limit);
 *   m4 stops at PP_M4_NESTING nested macro calls (m4 -L);
 *   each program may run PP_TIME_LIMIT seconds ($AFUC_PP_TIME_LIMIT
 *   overrides it) and write PP_MAX_OUTPUT bytes, then it is stopped. */
#define PP_M4_NESTING 1024
#define PP_TIME_LIMIT 60
#define PP_MAX_OUTPUT (64u << 20)
#define PP_STR_(x) #x
#define PP_STR(x) PP_STR_(x)

/* Runs path ("-" for standard input) through cpp and m4. On success
 * returns true and hands the text (NUL-terminated, length *len) to the
 * caller, who frees it. cpp's messages (already in file:line form) pass
 * through to standard error; a NUL byte cpp dropped becomes an error in d
 * at its place. m4's messages about its input go into d at the source
 * file and line they came from; d also says which program failed.
 * The programs are $CPP and $M4 when set, otherwise cpp and m4. */
bool pp_run(const char *path, const struct pp_options *o, char **text, size_t *len, struct diag *d);

/* Follows the line markers of preprocessed text, one line at a time:
 *
 *   struct pp_lines lines;
 *   pp_lines_init(&lines, "x.S");
 *   for each line:  if (pp_lines_next(&lines, line)) { it was a marker: skip it }
 *                   else diag_at(lines.file, lines.line, col) is where it came from
 *
 * Text that was never preprocessed has no markers and simply counts lines
 * of the named file. */
struct pp_lines {
	char *file;    /* file the current line came from (owned) */
	unsigned line; /* its line number there */
	/* internal: positions in cpp's output (m4's input) */
	unsigned cpp_line;
	unsigned marker_cpp_line;
	unsigned marker_line;
	bool in_m4_input;
};
void pp_lines_init(struct pp_lines *l, const char *file);
/* Advances to line (without its newline). Returns true when the line is a
 * marker, which carries no source and must be skipped. */
bool pp_lines_next(struct pp_lines *l, const char *line);
void pp_lines_free(struct pp_lines *l);

/* ---- dependencies and -E (deps.c) ---- */

/* Adds file unless it is there already ("-" and "<built-in>" are no files). */
void pp_deps_add(struct pp_deps *deps, const char *file);
void pp_deps_free(struct pp_deps *deps);
/* What cpp -MD -MF wrote, and what m4 --debug=i traced. */
void pp_deps_parse_make(struct pp_deps *deps, const char *rule);
void pp_deps_parse_m4(struct pp_deps *deps, const char *trace);
/* The make rule gcc -MD -MP writes: "target: file...", then an empty
 * rule for each file after the first (the source), so that make goes on
 * when a header is deleted. File names are escaped for make (space, '#',
 * '$'); the target too when quote_target (gcc's -MQ; -MT is as given).
 * A name with a newline, which make cannot read in any form, is an error
 * in d at the source (false, nothing written). */
bool pp_deps_rule(const struct pp_deps *deps, const char *target, bool quote_target,
		  struct util_str *out, struct diag *d);

/* Whether a line is a marker: a cpp linemarker (# 12 "x.S" 1) or an m4
 * sync line (#line 12 "stdin"). */
bool pp_is_marker(const char *line);
/* Removes the marker lines of preprocessed text in place (-E's output:
 * the text the assembler reads, without what only locates it). */
void pp_strip_markers(char *text, size_t *len);

#endif
