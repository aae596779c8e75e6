/* Coverage of firmware sources as lcov tracefiles (the format genhtml
 * reads), for afuc-emu --coverage-out: what an emulator ran, by source
 * line and label, added to the counts a tracefile already holds.
 *
 *   struct emu_lcov cov = {0};
 *   emu_lcov_add_emu(&cov, emu);              (each emulator that ran)
 *   emu_lcov_merge_file(&cov, "out.info", &d) (adds to out.info, locked)
 *   emu_lcov_free(&cov);
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
#ifndef SDK_EMU_LCOV_H
#define SDK_EMU_LCOV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "afuc/emu.h"
#include "util/diag.h"

struct emu_lcov_line {
	uint32_t line;
	uint64_t count;
};

struct emu_lcov_fn {
	char *name;
	uint32_t line;
	uint64_t count;
};

/* The three lists may hold repeats and be out of order until
 * emu_lcov_tidy: adding stays cheap whatever the order of the input. */
struct emu_lcov_file {
	char *path;
	struct emu_lcov_line *lines; /* DA; tidy: by line, one per line */
	size_t line_count, line_cap;
	struct emu_lcov_fn *fns; /* FN; tidy: by line then name, one per name */
	size_t fn_count, fn_cap;
	uint32_t *unreachable; /* tidy: sorted, one per line, none in lines */
	size_t unreachable_count, unreachable_cap;
};

struct emu_lcov {
	struct emu_lcov_file *files; /* in order of addition; tidy: by path */
	size_t count, cap;
};

void emu_lcov_free(struct emu_lcov *cov);

/* The record of path (normalised), added when missing. */
struct emu_lcov_file *emu_lcov_file(struct emu_lcov *cov, const char *path);
/* Adds count to a line's DA or a function's FNDA (counts saturate);
 * marks a line whose instructions nothing reaches. */
void emu_lcov_add_line(struct emu_lcov_file *f, uint32_t line, uint64_t count);
void emu_lcov_add_fn(struct emu_lcov_file *f, const char *name, uint32_t line, uint64_t count);
void emu_lcov_add_unreachable(struct emu_lcov_file *f, uint32_t line);
/* Sorts every list and folds repeats together (see above). */
void emu_lcov_tidy(struct emu_lcov *cov);
/* Adds every count of src to dst. */
void emu_lcov_merge(struct emu_lcov *dst, const struct emu_lcov *src);

/* "a/b/../c/./d.S" as "a/c/d.S" (malloc'ed). */
char *emu_lcov_normalize(const char *path);

/* Adds what emu ran (sdk/emu/lcov_emu.c): nothing for an image without
 * source lines (a vendor image). Returns how many instructions with a
 * source line it found. */
size_t emu_lcov_add_emu(struct emu_lcov *cov, const struct emu *emu);

/* Parses a tracefile (text of len bytes, name for messages) and adds its
 * counts to cov (sdk/emu/lcov_parse.c). False, with each error located
 * (name:line:column, what was expected and what was found) in d, for a
 * file that is not one; cov may then hold part of it. */
bool emu_lcov_parse(struct emu_lcov *cov, const char *name, const char *text, size_t len,
		    struct diag *d);

/* The tracefile of cov, tidied first, appended to out. Files without DA
 * or FN are left out. */
void emu_lcov_format(struct emu_lcov *cov, struct util_str *out);

/* Adds cov to the tracefile at path (sdk/emu/lcov_file.c): holds a lock
 * on path.lock (fcntl, so parallel writers take turns), reads path when
 * it exists, parses it, adds cov and writes the sum to a temporary file
 * renamed over path. On any error (a malformed tracefile, an I/O error)
 * path is left as it was and d says why. The .lock file stays: removing
 * it would race with a writer waiting on it. */
bool emu_lcov_merge_file(const struct emu_lcov *cov, const char *path, struct diag *d);

#endif
