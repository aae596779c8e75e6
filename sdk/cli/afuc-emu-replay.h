/* afuc-emu's --replay mode (afuc-emu-replay.c), called from its main. */
#ifndef SDK_CLI_AFUC_EMU_REPLAY_H
#define SDK_CLI_AFUC_EMU_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "afuc/emu.h"

struct afuc_emu_coverage; /* cli/afuc-emu-coverage.h */

struct replay_options {
	const char *capture;
	const char *images[2]; /* FILE or PFP,ME; images[1] set for --diff */
	const char *writes;    /* --writes FILE, or NULL */
	const char *ignore;    /* --ignore FILE, or NULL */
	uint64_t show_diffs;   /* differing packets whose writes are printed; 0: all */
	bool stats;
	int gen; /* --gpu, or 0: from the image */
	uint64_t steps;
	struct rnn_db *rnn;
	emu_trace_fn trace;
	void *trace_ctx;
	/* afuc-emu -i: the debugger's hooks, as struct emutest_run's */
	bool (*before_run)(void *ctx, struct emu *emu);
	bool (*after_run)(void *ctx, struct emu *emu, enum emu_status status);
	void *debug_ctx;
	/* --coverage-out: takes each emulator the replay ran (NULL: none) */
	struct afuc_emu_coverage *coverage;
};

/* Runs the replay and prints its TAP; returns the exit status. */
int afuc_emu_replay(const struct replay_options *o);

#endif
