/* The debugger library (sdk/dbg) behind afuc-emu -i (docs/afuc-emu.md,
 * "Debugging"). afuc-emu.c makes one session and hands its hooks to the test-file
 * runner (struct emutest_run) or the replay (struct replay_options):
 * breakpoints stop the runs those make, and the prompt comes up before
 * the first run and at every stop.
 *
 *   struct dbg *d = dbg_new(&(struct dbg_options){.commands = path}, &error);
 *   r.before_run = dbg_before_run; r.after_run = dbg_after_run; r.debug_ctx = d;
 *   ... emutest_exec(s, &r, &diag) ...
 *   dbg_end(d, r.emu);               (the prompt stays until quit)
 *   dbg_free(d);
 */
#ifndef SDK_DBG_DBG_H
#define SDK_DBG_DBG_H

#include <stdbool.h>
#include <stdio.h>

#include "afuc/emu.h"

struct dbg_options {
	/* -x FILE: commands read from it, then from standard input; NULL:
	 * standard input alone (line editing when it is a terminal) */
	const char *commands;
	/* the image whose ELF (labels, source lines) goes with each
	 * emulator the replay boots; NULL when the runner loads it */
	const char *image;
	struct rnn_db *rnn; /* for emu_load_debug_beside's vendor labels */
	/* the end of -x's file is the end of the input: standard input is
	 * not read (a script, a fuzzer) */
	bool script_only;
	FILE *out; /* the transcript; NULL: standard output */
};

struct dbg;

/* NULL with a malloc'ed message in *error when -x's file cannot be read. */
struct dbg *dbg_new(const struct dbg_options *o, char **error);
void dbg_free(struct dbg *d);

/* The hooks (ctx is the session): before_run puts the stop hook on emu
 * and, the first time, prompts; false when the user quit. after_run
 * reports how the run ended and, at a stop, prompts: true to resume. */
bool dbg_before_run(void *ctx, struct emu *emu);
bool dbg_after_run(void *ctx, struct emu *emu, enum emu_status status);

/* After the test file: the prompt stays (push, continue...) until quit
 * or the end of input. Nothing when the user quit already or emu is
 * NULL. */
void dbg_end(struct dbg *d, struct emu *emu);

/* afuc-emu -i IMAGE: an emulator of its own for the image (.fw, .elf, or
 * compressed), then the prompt. Returns the exit status. */
int dbg_run_image(struct dbg *d, const char *path, int gen, uint64_t steps, struct rnn_db *rnn,
		  char **error);

/* Whether the user quit (then afuc-emu stops after this file). */
bool dbg_quit(const struct dbg *d);

#endif
