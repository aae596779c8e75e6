/* afuc-emu's coverage (afuc-emu-coverage.c): --coverage's text summary
 * and --coverage-out's tracefile, gathered over every emulator a run
 * of afuc-emu used (test files, replays) and added to the file once at
 * the end. */
#ifndef SDK_CLI_AFUC_EMU_COVERAGE_H
#define SDK_CLI_AFUC_EMU_COVERAGE_H

#include <stdbool.h>
#include <stdio.h>

#include "afuc/emu.h"
#include "lcov/lcov.h"

/* --coverage: per packet handler of each processor, the instructions run
 * out of those its entry reaches, where it is and what did not run;
 * then the source lines nothing reaches. TAP comments on out. */
void afuc_emu_print_coverage(const struct emu *emu, FILE *out);

/* The environment variable that sets --coverage-out when the option is
 * not given: make coverage gathers the whole suite through it. */
#define AFUC_COVERAGE_ENV "AFUC_COVERAGE_OUT"

struct afuc_emu_coverage {
	const char *path; /* the tracefile, or NULL: nothing gathered */
	bool quiet;       /* no note (the path came from the environment) */
	struct lcov lcov;
	bool any, noted;
};

/* Takes what emu ran (nothing when c is NULL or has no path); for the
 * first image without source lines, unless quiet, says on standard
 * error (name: the image or test file) that it adds nothing: a test
 * suite gathering through the environment prints what it printed. */
void afuc_emu_coverage_take(struct afuc_emu_coverage *c, const struct emu *emu, const char *name);
/* Adds what was taken to c->path (lcov_merge_file); false after
 * printing why on standard error. Frees what was taken either way. */
bool afuc_emu_coverage_finish(struct afuc_emu_coverage *c);

#endif
