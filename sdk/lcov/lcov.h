/* Coverage of firmware sources as lcov tracefiles (the format genhtml
 * reads), for afuc-emu --coverage-out: what an emulator ran, by source
 * line and label, added to the counts a tracefile already holds.
 *
 *   struct lcov cov = {0};
 *   lcov_add_emu(&cov, emu);              (each emulator that ran)
 *   lcov_merge_file(&cov, "out.info", &d) (adds to out.info, locked)
 *   lcov_free(&cov);
 *
 * What a record says (docs/afuc-emu.md, "Coverage tracefiles"):
 *  - SF: a source file as the image's ELF records it, with "dir/../"
 *    and "./" taken out (lexically: symbolic links are not followed).
 *  - DA: a source line some instruction of which can run: reachable
 *    from the bootstrap or a packet-table entry, or executed. Its count
 *    is, per processor, the count of the line's most executed
 *    instruction, summed over processors, images and runs.
 *  - Lines whose instructions nothing reaches get no DA (genhtml shows
 *    them as it shows comments); they are kept in unreachable, for the
 *    text summary, and never written.
 *  - FN/FNDA: each label a reader wrote (not the .L and afuc. ones the
 *    assembler and macros make up; .Lhandler.CP_X as CP_X), at the line
 *    of its first instruction, counted as that instruction ran; a name
 *    met at several lines of a file keeps the lowest.
 * Test names (TN) are not kept: a merged file has one, empty. */
#ifndef SDK_LCOV_LCOV_H
#define SDK_LCOV_LCOV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "afuc/emu.h"
#include "util/diag.h"

struct lcov_line {
	uint32_t line;
	uint64_t count;
};

struct lcov_fn {
	char *name;
	uint32_t line;
	uint64_t count;
};

/* The three lists may hold repeats and be out of order until
 * lcov_tidy: adding stays cheap whatever the order of the input. */
struct lcov_file {
	char *path;
	struct lcov_line *lines; /* DA; tidy: by line, one per line */
	size_t line_count, line_cap;
	struct lcov_fn *fns; /* FN; tidy: by line then name, one per name */
	size_t fn_count, fn_cap;
	uint32_t *unreachable; /* tidy: sorted, one per line, none in lines */
	size_t unreachable_count, unreachable_cap;
};

struct lcov {
	struct lcov_file *files; /* in order of addition; tidy: by path */
	size_t count, cap;
};

void lcov_free(struct lcov *cov);

/* The record of path (normalised), added when missing. */
struct lcov_file *lcov_file(struct lcov *cov, const char *path);
/* Adds count to a line's DA or a function's FNDA (counts saturate);
 * marks a line whose instructions nothing reaches. */
void lcov_add_line(struct lcov_file *f, uint32_t line, uint64_t count);
void lcov_add_fn(struct lcov_file *f, const char *name, uint32_t line, uint64_t count);
void lcov_add_unreachable(struct lcov_file *f, uint32_t line);
/* Sorts every list and folds repeats together (see above). */
void lcov_tidy(struct lcov *cov);
/* Adds every count of src to dst. */
void lcov_merge(struct lcov *dst, const struct lcov *src);

/* "a/b/../c/./d.S" as "a/c/d.S" (malloc'ed). */
char *lcov_normalize(const char *path);

/* Adds what emu ran (sdk/emu/lcov_emu.c): nothing for an image without
 * source lines (a vendor image). Returns how many instructions with a
 * source line it found. */
size_t lcov_add_emu(struct lcov *cov, const struct emu *emu);

/* Parses a tracefile (text of len bytes, name for messages) and adds its
 * counts to cov (sdk/emu/lcov_parse.c). False, with each error located
 * (name:line:column, what was expected and what was found) in d, for a
 * file that is not one; cov may then hold part of it. */
bool lcov_parse(struct lcov *cov, const char *name, const char *text, size_t len, struct diag *d);

/* The tracefile of cov, tidied first, appended to out. Files without DA
 * or FN are left out. */
void lcov_format(struct lcov *cov, struct util_str *out);

/* Adds cov to the tracefile at path (sdk/emu/lcov_file.c): holds a lock
 * on path.lock (fcntl, so parallel writers take turns), reads path when
 * it exists, parses it, adds cov and writes the sum to a temporary file
 * renamed over path. On any error (a malformed tracefile, an I/O error)
 * path is left as it was and d says why. The .lock file stays: removing
 * it would race with a writer waiting on it. */
bool lcov_merge_file(const struct lcov *cov, const char *path, struct diag *d);

#endif
