/* afuc-emu --replay: a freedreno capture through one firmware (TAP, one
 * test per submission), its write log (--writes), or through two
 * firmwares compared packet by packet (--diff). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "afuc/replay.h"
#include "afuc/tap.h"
#include "cli/afuc-emu-coverage.h"
#include "cli/afuc-emu-replay.h"
#include "emuload/emuload.h"
#include "fw/fw.h"
#include "util/util.h"

/* How many differing packets --diff shows. */

/* One firmware's replay. */
struct side {
	const char *image; /* as given: FILE or PFP,ME */
	uint8_t *bytes[2];
	size_t len[2];
	bool pair;
	enum emu_gen gen;
	struct emu_replay_run run; /* its log, and the last emulator: names, packet table */
};

static int read_image(struct side *s, int gen_option)
{
	char *copy = util_xstrdup(s->image);
	char *comma = strchr(copy, ',');
	const char *paths[2] = {copy, NULL};
	if (comma) {
		*comma = '\0';
		paths[1] = comma + 1;
		s->pair = true;
	}
	int status = 0;
	for (int i = 0; i < 2 && paths[i]; i++) {
		/* .fw.xz and .fw.zst as distributions ship them */
		int err = util_read_image(paths[i], 4ull * (EMU_MAX_IMAGE_WORDS + 1), &s->bytes[i],
					  &s->len[i]);
		if (err) {
			fprintf(stderr, "afuc-emu: %s: error: %s\n", paths[i],
				err == EFBIG ? "too large for a firmware image"
					     : util_read_error(err));
			status = 1;
			break;
		}
	}
	if (!status && gen_option) {
		s->gen = (enum emu_gen)gen_option;
	} else if (!status && !emu_guess_gen_bytes(s->bytes[0], s->len[0], &s->gen)) {
		/* from the whole image: a702's a7xx-looking id is an a6xx */
		fprintf(stderr,
			"afuc-emu: %s: error: not an afuc image this SDK knows; say which "
			"generation "
			"with --gpu\n",
			paths[0]);
		status = 1;
	}
	free(copy);
	return status;
}

/* A capture taken on a GPU of another generation than the image's says
 * little about the image: worth a warning, not a refusal (--gpu may be
 * deliberate). The capture's GPU_ID is the fact; a CHIP_ID alone is not
 * read here. */
static void check_gpu(const char *capture, uint32_t gpu_id, const struct side *s)
{
	char part[16];
	enum isa_gen gen;
	snprintf(part, sizeof part, "a%u", gpu_id);
	if (!gpu_id || !fw_gen_of_part(part, &gen) || (int)gen == (int)s->gen)
		return;
	fprintf(stderr,
		"afuc-emu: warning: %s: captured on an %s (a%dxx), but %s is an a%dxx "
		"firmware: the replay may not show what the %s does\n",
		capture, part, (int)gen, s->image, (int)s->gen, part);
}

/* The labels and source lines of the ELF beside each image (FILE or
 * PFP,ME), for coverage and messages; without them, numbers. */
static void load_lines(struct emu *emu, const struct side *s, struct rnn_db *db)
{
	char *copy = util_xstrdup(s->image), *comma = strchr(copy, ',');
	if (comma)
		*comma = '\0';
	const char *paths[2] = {copy, comma ? comma + 1 : NULL};
	for (int i = 0; i < 2 && paths[i]; i++) {
		char *note = NULL;
		if (!emu_load_debug_beside(emu, i ? EMU_ME : EMU_MAIN, paths[i], s->bytes[i],
					   s->len[i], db, &note))
			fprintf(stderr, "afuc-emu: warning: %s\n", note);
		free(note);
	}
	free(copy);
}

/* What the replay's hooks need: the side, the options, the TAP stream. */
struct side_run {
	struct side *s;
	const struct replay_options *o;
	struct tap *t;
	struct emu_replay *r;
	bool quit; /* the debugger's user quit: the replay stopped there */
};

static void prepare(void *ctx, struct emu *emu)
{
	struct side_run *sr = ctx;
	load_lines(emu, sr->s, sr->o->rnn);
	if (sr->o->trace)
		emu_set_trace(emu, sr->o->trace, sr->o->trace_ctx);
}

static bool before_run(void *ctx, struct emu *emu)
{
	struct side_run *sr = ctx;
	sr->quit = sr->o->before_run && !sr->o->before_run(sr->o->debug_ctx, emu);
	return !sr->quit;
}

static bool after_run(void *ctx, struct emu *emu, enum emu_status st)
{
	struct side_run *sr = ctx;
	bool again = sr->o->after_run && sr->o->after_run(sr->o->debug_ctx, emu, st);
	/* left stopped: the user quit at a breakpoint */
	sr->quit |= !again && st == EMU_STOPPED;
	return again;
}

static void retire(void *ctx, struct emu *emu)
{
	struct side_run *sr = ctx;
	afuc_emu_coverage_take(sr->o->coverage, emu, sr->s->image);
}

/* The test of submission i that did not run to idle and fence. */
static void report_failure(struct tap *t, struct emu_replay *r, const struct emu_replay_run *run,
			   const struct emu_replay_step *step)
{
	const size_t i = step->index;
	struct emu *emu = step->emu;
	if (step->status == EMU_IDLE) {
		tap_result(t, false, NULL, 0, NULL, NULL,
			   "submission %zu: ran to idle, but the fence at 0x%llx holds 0x%08x, not "
			   "%zu",
			   i + 1, (unsigned long long)emu_replay_fence_addr(r),
			   emu_mem_read32(emu, emu_replay_fence_addr(r)), i + 1);
		return;
	}
	const char *where = "";
	char line[160];
	if (step->packets) {
		emu_replay_packet_line(emu, &run->log.packets[run->log.count - 1], line,
				       sizeof line);
		/* "# packet S LEVEL ADDR NAME" without its "# packet S " */
		const char *at = strchr(line + 9, ' ');
		where = at ? at + 1 : line;
	}
	tap_result(t, false, NULL, 0, NULL, emu_error(emu), "submission %zu: %s%s%s", i + 1,
		   emu_error_kind_name(emu_error_kind(emu)), *where ? " in " : "", where);
}

/* A submission's test, and a note of the streams it left out. */
static void submitted(void *ctx, const struct emu_replay_run *run,
		      const struct emu_replay_step *step)
{
	struct side_run *sr = ctx;
	const size_t i = step->index;
	const char *label = emu_replay_label(sr->r, i);
	if (step->push_error) {
		tap_result(sr->t, false, NULL, 0, NULL, NULL, "submission %zu: %s", i + 1,
			   step->push_error);
		return;
	}
	if (step->fenced)
		tap_result(sr->t, true, NULL, 0, NULL, NULL,
			   "submission %zu%s%s%s: %zu packets ran to idle (%llu "
			   "instructions), fence written",
			   i + 1, *label ? " (" : "", label, *label ? ")" : "", step->packets,
			   (unsigned long long)step->steps);
	else
		report_failure(sr->t, sr->r, run, step);
	if (step->missing)
		tap_diag(sr->t,
			 "submission %zu: %zu command stream%s not in the capture (the "
			 "first at 0x%llx): left out of the ring",
			 i + 1, step->missing, step->missing == 1 ? " is" : "s are",
			 (unsigned long long)step->missing_addr);
}

/* Runs the whole capture through s, a test per submission. Returns false
 * when it could not start; *quit says the debugger's user stopped it. */
static bool run_side(struct side *s, struct emu_replay *r, const struct replay_options *o,
		     struct tap *t, bool *quit)
{
	struct side_run sr = {.s = s, .o = o, .t = t, .r = r};
	s->run = (struct emu_replay_run){
		.image = {s->bytes[0], s->pair ? s->bytes[1] : NULL},
		.image_len = {s->len[0], s->len[1]},
		.config = {.gen = s->gen, .step_limit = o->steps, .rnn = o->rnn},
		/* the whole log only for what reads it: --writes, --diff, --stats */
		.keep_log = o->writes || o->images[1] || o->stats,
		.prepare = prepare,
		.before_run = before_run,
		.after_run = after_run,
		.submitted = submitted,
		.retire = retire,
		.ctx = &sr,
	};
	bool ran = emu_replay_run(r, &s->run);
	*quit = sr.quit;
	if (!ran)
		fprintf(stderr, "afuc-emu: %s: error: %s\n", s->image, s->run.error);
	return ran;
}

/* --writes is tried before the replay, so that a path that cannot be
 * written (a folder that does not exist) fails at once rather than after
 * the whole capture. Devices and FIFOs are left to the end: opening a
 * FIFO now would wait for its reader. */
static bool writes_ok(const char *path)
{
	struct stat st;
	int err = 0;
	if (strcmp(path, "-") && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		err = EISDIR;
	} else if (strcmp(path, "-") && (stat(path, &st) != 0 || S_ISREG(st.st_mode))) {
		struct util_outputs g = {0};
		err = util_outputs_add(&g, path, "", 0);
		util_outputs_abort(&g);
	}
	if (err)
		fprintf(stderr, "afuc-emu: %s: error: %s\n", path, strerror(err));
	return !err;
}

static bool write_log(const struct side *s, const char *path)
{
	char *text = emu_replay_log_text(&s->run.log, s->run.emu);
	int err = util_write_file(path, text, strlen(text));
	free(text);
	if (err)
		fprintf(stderr, "afuc-emu: %s: error: %s\n", path, strerror(err));
	return err == 0;
}

/* --stats: instructions per packet, by opcode. */
static void print_stats(struct tap *t, const struct side *s, const char *tag)
{
	uint64_t steps[EMU_PACKET_TABLE_SIZE] = {0}, count[EMU_PACKET_TABLE_SIZE] = {0};
	uint64_t total = 0;
	for (size_t i = 0; i < s->run.log.count; i++) {
		const struct emu_replay_packet *p = &s->run.log.packets[i];
		uint32_t op = emu_pm4_entry(p->header);
		steps[op] += p->steps;
		count[op]++;
		total += p->steps;
	}
	tap_diag(t, "stats%s: %zu packets, %llu instructions, %.1f per packet", tag,
		 s->run.log.count, (unsigned long long)total,
		 s->run.log.count ? (double)total / (double)s->run.log.count : 0.0);
	for (unsigned op = 0; op < EMU_PACKET_TABLE_SIZE; op++) {
		if (!count[op])
			continue;
		char name[64];
		emu_entry_name(s->run.emu, op, name, sizeof name);
		tap_diag(t, "  %-32s %6llu packets %9llu instructions %8.1f per packet", name,
			 (unsigned long long)count[op], (unsigned long long)steps[op],
			 (double)steps[op] / (double)count[op]);
	}
}

static void print_packet_writes(struct tap *t, const struct side *s, size_t index,
				const struct emu_replay_ignore *ignore)
{
	char line[256];
	if (index >= s->run.log.count) {
		tap_diag(t, "    (no such packet: this firmware took %zu)", s->run.log.count);
		return;
	}
	const struct emu_replay_packet *p = &s->run.log.packets[index];
	uint32_t op = emu_pm4_entry(p->header);
	tap_diag(t, "  %s: handler at %04x, %llu instructions", s->image,
		 emu_packet_entry(s->run.emu, EMU_MAIN, op), (unsigned long long)p->steps);
	size_t shown = 0;
	for (size_t w = p->write_first; w < p->write_first + p->write_count; w++) {
		if (!emu_replay_counts(&s->run.log.writes[w], ignore))
			continue;
		emu_replay_write_line(s->run.emu, &s->run.log.writes[w], line, sizeof line);
		tap_diag(t, "    %s", line);
		shown++;
	}
	if (!shown)
		tap_diag(t, "    (no writes)");
}

/* --ignore, read before any replay runs so that a mistake in it costs
 * nothing; names come from a bare emulator of side a's generation.
 * Returns an exit status. */
static int read_ignore(const struct replay_options *o, const struct side *a,
		       struct emu_replay_ignore **ignore)
{
	*ignore = NULL;
	if (!o->ignore)
		return 0;
	uint8_t *text;
	size_t len;
	int err = util_read_file_max(o->ignore, 1u << 24, &text, &len);
	if (err) {
		fprintf(stderr, "afuc-emu: %s: error: %s\n", o->ignore, strerror(err));
		return 2;
	}
	char *str = util_xcalloc(1, len + 1);
	memcpy(str, text, len);
	free(text);
	if (memchr(str, '\0', len)) {
		fprintf(stderr, "afuc-emu: %s: error: a NUL byte: not a text file\n", o->ignore);
		free(str);
		return 2;
	}
	char *error = NULL;
	struct emu *names = emu_new(&(struct emu_config){.gen = a->gen, .rnn = o->rnn}, &error);
	bool ok = names != NULL;
	if (ok) {
		*ignore = util_xmalloc(sizeof **ignore);
		ok = emu_replay_ignore_parse(names, o->ignore, str, *ignore, &error);
	}
	emu_free(names);
	free(str);
	if (!ok) {
		fprintf(stderr, "afuc-emu: %s\n", error);
		free(error);
		free(*ignore);
		*ignore = NULL;
		return 2;
	}
	return 0;
}

static int diff_sides(struct side *a, struct side *b, const struct replay_options *o,
		      const struct emu_replay_ignore *ignore, FILE *out, struct tap *t)
{
	struct emu_replay_diff d;
	emu_replay_diff(&a->run.log, &b->run.log, ignore, &d);
	/* the summary line is not TAP: a harness passes over it */
	fprintf(out, "agree: %zu of %zu packets\n", d.agree, d.total);
	if (d.diverge != (size_t)-1) {
		char la[160] = "(none)", lb[160] = "(none)";
		if (d.diverge < a->run.log.count)
			emu_replay_packet_line(a->run.emu, &a->run.log.packets[d.diverge], la,
					       sizeof la);
		if (d.diverge < b->run.log.count)
			emu_replay_packet_line(b->run.emu, &b->run.log.packets[d.diverge], lb,
					       sizeof lb);
		tap_diag(t,
			 "the firmwares took different packets from packet %zu on (%s took %s, "
			 "%s took %s): the rest count as differing",
			 d.diverge + 1, a->image, la + (la[0] == '#' ? 2 : 0), b->image,
			 lb + (lb[0] == '#' ? 2 : 0));
	}
	const size_t shown = o->show_diffs && o->show_diffs < d.differ_count ? (size_t)o->show_diffs
									     : d.differ_count;
	for (size_t k = 0; k < shown; k++) {
		size_t i = d.differ[k];
		if (d.diverge != (size_t)-1 && i > d.diverge)
			break;
		char line[160];
		const struct side *named = i < a->run.log.count ? a : b;
		emu_replay_packet_line(named->run.emu, &named->run.log.packets[i], line,
				       sizeof line);
		/* "# packet S LEVEL ADDR NAME" as "submission S, LEVEL ADDR NAME" */
		const char *rest = strchr(line + 9, ' ');
		tap_diag(t, "differs: packet %zu of %zu: submission %u, %s", i + 1, d.total,
			 named->run.log.packets[i].submit, rest ? rest + 1 : line);
		print_packet_writes(t, a, i, ignore);
		print_packet_writes(t, b, i, ignore);
	}
	if (d.differ_count > shown)
		tap_diag(t, "... and %zu more differing packets (--show-diffs 0 shows all)",
			 d.differ_count - shown);
	int status = d.differ_count ? 1 : 0;
	emu_replay_diff_free(&d);
	return status;
}

static void free_side(struct side *s)
{
	free(s->bytes[0]);
	free(s->bytes[1]);
	emu_replay_run_free(&s->run);
}

int afuc_emu_replay(const struct replay_options *o)
{
	char *error = NULL;
	struct emu_replay *r = emu_replay_open(o->capture, &error);
	if (!r) {
		fprintf(stderr, "afuc-emu: %s\n", error);
		free(error);
		return 1;
	}
	struct side sides[2] = {{.image = o->images[0]}, {.image = o->images[1]}};
	size_t nsides = o->images[1] ? 2 : 1;
	int status = 0;
	for (size_t k = 0; k < nsides && !status; k++)
		status = read_image(&sides[k], o->gen);
	for (size_t k = 0; k < nsides && !status; k++) {
		check_gpu(o->capture, emu_replay_gpu_id(r), &sides[k]);
		char *note = emu_replay_address_note(r, sides[k].gen);
		if (note && (k == 0 || sides[k].gen != sides[0].gen))
			fprintf(stderr, "afuc-emu: warning: %s: %s\n", o->capture, note);
		free(note);
	}
	struct emu_replay_ignore *ignore = NULL;
	if (!status)
		status = read_ignore(o, &sides[0], &ignore);
	if (!status && o->writes && !writes_ok(o->writes))
		status = 1;
	FILE *out = stdout;
	struct tap t;
	tap_init(&t, out);
	int tests_status = 0;
	if (!status) {
		tap_plan(&t, (int)(nsides * emu_replay_count(r)));
		for (size_t k = 0; k < nsides; k++) {
			tap_diag(&t, "replay of %s (GPU %u, %zu submissions) through %s",
				 o->capture, emu_replay_gpu_id(r), emu_replay_count(r),
				 sides[k].image);
			bool quit = false;
			if (!run_side(&sides[k], r, o, &t, &quit) || quit) {
				if (quit)
					tap_diag(&t,
						 "quit in the debugger: the replay did not finish");
				status = 1;
				break;
			}
			if (o->stats)
				print_stats(&t, &sides[k], nsides == 2 ? (k ? " B" : " A") : "");
		}
		if (!status)
			tests_status = tap_done_testing(&t);
	}
	if (!status && o->writes && !write_log(&sides[0], o->writes))
		status = 1;
	/* --diff judges by the comparison, not by the submissions */
	if (!status && nsides == 2)
		status = diff_sides(&sides[0], &sides[1], o, ignore, out, &t);
	else if (!status)
		status = tests_status;
	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "afuc-emu: standard output: error: %s\n", strerror(errno));
		status = 1;
	}
	for (size_t k = 0; k < 2; k++)
		free_side(&sides[k]);
	free(ignore);
	emu_replay_close(r);
	return status;
}
