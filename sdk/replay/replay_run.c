/* A whole capture through one firmware (emu_replay_run): the loop that
 * afuc-emu --replay and a C user share; the caller says what to print
 * through the hooks. */
#include <stdlib.h>

#include "afuc/replay.h"
#include "util/util.h"

/* A fresh emulator with run's image loaded; NULL with run->error. */
static struct emu *boot(struct emu_replay_run *run)
{
	char *error = NULL;
	struct emu *emu = emu_new(&run->config, &error);
	if (!emu) {
		run->error = error;
		return NULL;
	}
	bool ok = run->image[1] ? emu_load_pair_bytes(emu, run->image[0], run->image_len[0],
						      run->image[1], run->image_len[1])
				: emu_load_image_bytes(emu, run->image[0], run->image_len[0]);
	if (!ok) {
		run->error = util_xstrdup(emu_error(emu));
		emu_free(emu);
		return NULL;
	}
	if (run->prepare)
		run->prepare(run->ctx, emu);
	return emu;
}

/* The replay is done with emu: the caller sees it, and it is kept as
 * run->emu in place of the one before. */
static void retire(struct emu_replay_run *run, struct emu *emu)
{
	if (run->retire)
		run->retire(run->ctx, emu);
	emu_free(run->emu);
	run->emu = emu;
}

/* Runs emu until it is idle or fails, through the debugger's hooks;
 * EMU_STOPPED when the user quit at a stop. */
static enum emu_status run_once(struct emu_replay_run *run, struct emu *emu)
{
	enum emu_status st;
	do
		st = emu_run(emu);
	while (run->after_run && run->after_run(run->ctx, emu, st));
	return st;
}

bool emu_replay_run_one(struct emu_replay *r, struct emu_replay_run *run, size_t i)
{
	struct emu *emu = run->current;
	if (!emu) {
		emu = run->current = boot(run);
		if (!emu)
			return false;
		run->fresh = true;
	}
	struct emu_replay_step step = {.index = i, .emu = emu};
	step.missing = emu_replay_missing(r, i, &step.missing_addr);
	char *error = NULL;
	if (!emu_replay_push(r, i, emu, run->fresh, &error)) {
		step.push_error = error;
		if (run->submitted)
			run->submitted(run->ctx, run, &step);
		free(error);
		return true;
	}
	run->fresh = false;
	const uint64_t before = emu_total_steps(emu);
	if (run->before_run && !run->before_run(run->ctx, emu))
		return false; /* the debugger's user quit */
	step.status = run_once(run, emu);
	if (step.status == EMU_STOPPED)
		return false;
	if (run->keep_log || run->log_each) {
		if (!run->keep_log) /* this submission's alone, in the same memory */
			run->log.count = run->log.write_count = 0;
		const size_t packets_before = run->log.count;
		emu_replay_log_take(&run->log, emu, (uint32_t)(i + 1));
		step.packets = run->log.count - packets_before;
	} else {
		step.packets = emu_replay_log_take_last(&run->log, emu, (uint32_t)(i + 1));
	}
	step.steps = emu_total_steps(emu) - before;
	run->steps += step.steps;
	step.fenced = step.status == EMU_IDLE && emu_replay_fenced(r, i, emu);
	if (run->submitted)
		run->submitted(run->ctx, run, &step);
	if (step.status != EMU_IDLE) {
		/* a stopped emulator runs nothing more: boot a fresh one */
		retire(run, emu);
		run->current = NULL;
	}
	return true;
}

void emu_replay_run_end(struct emu_replay_run *run)
{
	if (run->current)
		retire(run, run->current);
	run->current = NULL;
}

bool emu_replay_run(struct emu_replay *r, struct emu_replay_run *run)
{
	for (size_t i = 0; i < emu_replay_count(r) && emu_replay_run_one(r, run, i); i++)
		;
	emu_replay_run_end(run);
	return !run->error;
}

void emu_replay_run_free(struct emu_replay_run *run)
{
	emu_replay_run_end(run);
	emu_free(run->emu);
	run->emu = NULL;
	emu_replay_log_free(&run->log);
	free(run->error);
	run->error = NULL;
}

char *emu_replay_log_text(const struct emu_replay_log *log, const struct emu *emu)
{
	struct util_str text = {0};
	char line[256];
	for (size_t p = 0; p < log->count; p++) {
		const struct emu_replay_packet *pk = &log->packets[p];
		emu_replay_packet_line(emu, pk, line, sizeof line);
		util_str_printf(&text, "%s\n", line);
		for (size_t w = pk->write_first; w < pk->write_first + pk->write_count; w++) {
			emu_replay_write_line(emu, &log->writes[w], line, sizeof line);
			util_str_printf(&text, "%s\n", line);
		}
	}
	return text.text ? util_str_take(&text) : util_xstrdup("");
}
