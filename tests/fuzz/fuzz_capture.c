/* A freedreno capture (.rd, .rd.gz) as afuc-emu --replay reads it: the
 * section reader, then each submission pushed into an emulator (its
 * buffers into memory, the kernel's packets into the ring). */
#include <stdlib.h>
#include <string.h>

#include "afuc/replay.h"
#include "fuzz.h"
#include "rd/rd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	struct diag d;
	diag_init(&d);
	struct rd_capture cap;
	uint8_t *copy = malloc(size ? size : 1);
	memcpy(copy, data, size);
	rd_parse("fuzz.rd", copy, size, &cap, &d); /* takes copy */
	rd_free(&cap);
	diag_free(&d);

	char *error = NULL;
	struct emu_replay *r = emu_replay_open(fuzz_file(".rd", data, size), &error);
	free(error);
	if (!r)
		return 0;
	struct emu *e = emu_new(&(struct emu_config){.gen = EMU_A6XX, .step_limit = 1000}, NULL);
	for (size_t i = 0; i < emu_replay_count(r) && i < 8; i++) {
		error = NULL;
		emu_replay_push(r, i, e, i == 0, &error);
		free(error);
		emu_replay_missing(r, i, NULL);
		emu_replay_label(r, i);
	}
	emu_run(e); /* no image: refused, but after the pushes */
	emu_free(e);
	emu_replay_close(r);
	return 0;
}
