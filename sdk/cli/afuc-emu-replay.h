/* afuc-emu's --replay mode (afuc-emu-replay.c), called from its main. */
#ifndef SDK_CLI_AFUC_EMU_REPLAY_H
#define SDK_CLI_AFUC_EMU_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "afuc/emu.h"

struct replay_options {
	const char *capture;
	const char *images[2]; /* FILE or PFP,ME; images[1] set for --diff */
	const char *writes;    /* --writes FILE, or NULL */
	const char *ignore;    /* --ignore FILE, or NULL */
	bool stats;
	int gen; /* --gpu, or 0: from the image */
	uint64_t steps;
	struct rnn_db *rnn;
	emu_trace_fn trace;
	void *trace_ctx;
};

/* Runs the replay and prints its TAP; returns the exit status. */
int afuc_emu_replay(const struct replay_options *o);

#endif
