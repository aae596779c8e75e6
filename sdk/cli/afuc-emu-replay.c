/* afuc-emu --replay: a freedreno capture through one firmware (TAP, one
 * test per submission), its write log (--writes), or through two
 * firmwares compared packet by packet (--diff). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/replay.h"
#include "afuc/tap.h"
#include "cli/afuc-emu-coverage.h"
#include "cli/afuc-emu-replay.h"
#include "emuload/emuload.h"
#include "util/util.h"

/* How many differing packets --diff shows. */

/* One firmware's replay. */
struct side {
	const char *image; /* as given: FILE or PFP,ME */
	uint8_t *bytes[2];
	size_t len[2];
	bool pair;
	enum emu_gen gen;
	struct emu *emu; /* the last emulator run: names, packet table */
	struct emu_replay_log log;
	uint64_t steps;
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
			fprintf(stderr, "afuc-emu: %s: %s\n", paths[i],
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
			"afuc-emu: %s: not an afuc image this SDK knows; say which generation "
			"with --gpu\n",
			paths[0]);
		status = 1;
	}
	free(copy);
	return status;
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

/* A fresh emulator with s's image loaded; NULL after printing why. */
static struct emu *boot(struct side *s, const struct replay_options *o)
{
	char *error = NULL;
	struct emu *emu = emu_new(
		&(struct emu_config){.gen = s->gen, .step_limit = o->steps, .rnn = o->rnn}, &error);
	if (!emu) {
		fprintf(stderr, "afuc-emu: %s: %s\n", s->image, error);
		free(error);
		return NULL;
	}
	bool ok = s->pair ? emu_load_pair_bytes(emu, s->bytes[0], s->len[0], s->bytes[1], s->len[1])
			  : emu_load_image_bytes(emu, s->bytes[0], s->len[0]);
	if (!ok) {
		fprintf(stderr, "afuc-emu: %s: %s\n", s->image, emu_error(emu));
		emu_free(emu);
		return NULL;
	}
	load_lines(emu, s, o->rnn);
	if (o->trace)
		emu_set_trace(emu, o->trace, o->trace_ctx);
	return emu;
}

/* The test of submission i that did not run to idle and fence. */
static void report_failure(struct tap *t, const struct side *s, struct emu_replay *r, size_t i,
			   struct emu *emu, enum emu_status st, size_t packets)
{
	if (st == EMU_IDLE) {
		tap_result(t, false, NULL, 0, NULL, NULL,
			   "submission %zu: ran to idle, but the fence at 0x%llx holds 0x%08x, not "
			   "%zu",
			   i + 1, (unsigned long long)emu_replay_fence_addr(r),
			   emu_mem_read32(emu, emu_replay_fence_addr(r)), i + 1);
		return;
	}
	const char *where = "";
	char line[160];
	if (packets) {
		emu_replay_packet_line(emu, &s->log.packets[s->log.count - 1], line, sizeof line);
		/* "# packet S LEVEL ADDR NAME" without its "# packet S " */
		const char *at = strchr(line + 9, ' ');
		where = at ? at + 1 : line;
	}
	tap_result(t, false, NULL, 0, NULL, emu_error(emu), "submission %zu: %s%s%s", i + 1,
		   emu_error_kind_name(emu_error_kind(emu)), *where ? " in " : "", where);
}

/* Runs the whole capture through s, a test per submission. Returns false
 * when it could not start. */
static bool run_side(struct side *s, struct emu_replay *r, const struct replay_options *o,
		     struct tap *t)
{
	struct emu *emu = NULL;
	bool first = true;
	for (size_t i = 0; i < emu_replay_count(r); i++) {
		if (!emu) {
			emu = boot(s, o);
			if (!emu)
				return false;
			first = true;
		}
		uint64_t missing_addr = 0;
		size_t missing = emu_replay_missing(r, i, &missing_addr);
		char *error = NULL;
		const char *label = emu_replay_label(r, i);
		if (!emu_replay_push(r, i, emu, first, &error)) {
			tap_result(t, false, NULL, 0, NULL, NULL, "submission %zu: %s", i + 1,
				   error);
			free(error);
			continue;
		}
		first = false;
		uint64_t before = emu_total_steps(emu);
		if (o->before_run && !o->before_run(o->debug_ctx, emu))
			break; /* the debugger's user quit */
		enum emu_status st;
		do
			st = emu_run(emu);
		while (o->after_run && o->after_run(o->debug_ctx, emu, st));
		if (st == EMU_STOPPED)
			break;
		size_t packets_before = s->log.count;
		emu_replay_log_take(&s->log, emu, (uint32_t)(i + 1));
		size_t packets = s->log.count - packets_before;
		uint64_t steps = emu_total_steps(emu) - before;
		s->steps += steps;
		bool fenced = st == EMU_IDLE && emu_replay_fenced(r, i, emu);
		if (fenced)
			tap_result(t, true, NULL, 0, NULL, NULL,
				   "submission %zu%s%s%s: %zu packets ran to idle (%llu "
				   "instructions), fence written",
				   i + 1, *label ? " (" : "", label, *label ? ")" : "", packets,
				   (unsigned long long)steps);
		else
			report_failure(t, s, r, i, emu, st, packets);
		if (missing)
			tap_diag(t,
				 "submission %zu: %zu command stream%s not in the capture (the "
				 "first at 0x%llx): left out of the ring",
				 i + 1, missing, missing == 1 ? " is" : "s are",
				 (unsigned long long)missing_addr);
		if (st != EMU_IDLE) {
			/* a stopped emulator runs nothing more: boot a fresh one */
			afuc_emu_coverage_take(o->coverage, emu, s->image);
			if (s->emu)
				emu_free(s->emu);
			s->emu = emu;
			emu = NULL;
		}
	}
	if (emu) {
		afuc_emu_coverage_take(o->coverage, emu, s->image);
		if (s->emu)
			emu_free(s->emu);
		s->emu = emu;
	}
	return true;
}

static bool write_log(const struct side *s, const char *path)
{
	struct util_str text = {0};
	char line[256];
	for (size_t p = 0; p < s->log.count; p++) {
		const struct emu_replay_packet *pk = &s->log.packets[p];
		emu_replay_packet_line(s->emu, pk, line, sizeof line);
		util_str_printf(&text, "%s\n", line);
		for (size_t w = pk->write_first; w < pk->write_first + pk->write_count; w++) {
			emu_replay_write_line(s->emu, &s->log.writes[w], line, sizeof line);
			util_str_printf(&text, "%s\n", line);
		}
	}
	int err = util_write_file(path, text.text ? text.text : "", text.len);
	util_str_free(&text);
	if (err)
		fprintf(stderr, "afuc-emu: %s: %s\n", path, strerror(err));
	return err == 0;
}

/* --stats: instructions per packet, by opcode. */
static void print_stats(struct tap *t, const struct side *s, const char *tag)
{
	uint64_t steps[EMU_PACKET_TABLE_SIZE] = {0}, count[EMU_PACKET_TABLE_SIZE] = {0};
	uint64_t total = 0;
	for (size_t i = 0; i < s->log.count; i++) {
		const struct emu_replay_packet *p = &s->log.packets[i];
		uint32_t op = emu_pm4_entry(p->header);
		steps[op] += p->steps;
		count[op]++;
		total += p->steps;
	}
	tap_diag(t, "stats%s: %zu packets, %llu instructions, %.1f per packet", tag, s->log.count,
		 (unsigned long long)total,
		 s->log.count ? (double)total / (double)s->log.count : 0.0);
	for (unsigned op = 0; op < EMU_PACKET_TABLE_SIZE; op++) {
		if (!count[op])
			continue;
		char name[64];
		emu_entry_name(s->emu, op, name, sizeof name);
		tap_diag(t, "  %-32s %6llu packets %9llu instructions %8.1f per packet", name,
			 (unsigned long long)count[op], (unsigned long long)steps[op],
			 (double)steps[op] / (double)count[op]);
	}
}

static void print_packet_writes(struct tap *t, const struct side *s, size_t index,
				const struct emu_replay_ignore *ignore)
{
	char line[256];
	if (index >= s->log.count) {
		tap_diag(t, "    (no such packet: this firmware took %zu)", s->log.count);
		return;
	}
	const struct emu_replay_packet *p = &s->log.packets[index];
	uint32_t op = emu_pm4_entry(p->header);
	tap_diag(t, "  %s: handler at %04x, %llu instructions", s->image,
		 emu_packet_entry(s->emu, EMU_MAIN, op), (unsigned long long)p->steps);
	size_t shown = 0;
	for (size_t w = p->write_first; w < p->write_first + p->write_count; w++) {
		if (!emu_replay_counts(&s->log.writes[w], ignore))
			continue;
		emu_replay_write_line(s->emu, &s->log.writes[w], line, sizeof line);
		tap_diag(t, "    %s", line);
		shown++;
	}
	if (!shown)
		tap_diag(t, "    (no writes)");
}

static int diff_sides(struct side *a, struct side *b, const struct replay_options *o, FILE *out,
		      struct tap *t)
{
	struct emu_replay_ignore *ignore = NULL;
	if (o->ignore) {
		uint8_t *text;
		size_t len;
		int err = util_read_file_max(o->ignore, 1u << 24, &text, &len);
		if (err) {
			fprintf(stderr, "afuc-emu: %s: %s\n", o->ignore, strerror(err));
			return 2;
		}
		char *str = util_xcalloc(1, len + 1);
		memcpy(str, text, len);
		free(text);
		if (memchr(str, '\0', len)) {
			fprintf(stderr, "afuc-emu: %s: a NUL byte: not a text file\n", o->ignore);
			free(str);
			return 2;
		}
		ignore = util_xmalloc(sizeof *ignore);
		char *error = NULL;
		bool ok = emu_replay_ignore_parse(a->emu, o->ignore, str, ignore, &error);
		free(str);
		if (!ok) {
			fprintf(stderr, "afuc-emu: %s\n", error);
			free(error);
			free(ignore);
			return 2;
		}
	}
	struct emu_replay_diff d;
	emu_replay_diff(&a->log, &b->log, ignore, &d);
	/* the summary line is not TAP: a harness passes over it */
	fprintf(out, "agree: %zu of %zu packets\n", d.agree, d.total);
	if (d.diverge != (size_t)-1) {
		char la[160] = "(none)", lb[160] = "(none)";
		if (d.diverge < a->log.count)
			emu_replay_packet_line(a->emu, &a->log.packets[d.diverge], la, sizeof la);
		if (d.diverge < b->log.count)
			emu_replay_packet_line(b->emu, &b->log.packets[d.diverge], lb, sizeof lb);
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
		const struct side *named = i < a->log.count ? a : b;
		emu_replay_packet_line(named->emu, &named->log.packets[i], line, sizeof line);
		/* "# packet S LEVEL ADDR NAME" as "submission S, LEVEL ADDR NAME" */
		const char *rest = strchr(line + 9, ' ');
		tap_diag(t, "differs: packet %zu of %zu: submission %u, %s", i + 1, d.total,
			 named->log.packets[i].submit, rest ? rest + 1 : line);
		print_packet_writes(t, a, i, ignore);
		print_packet_writes(t, b, i, ignore);
	}
	if (d.differ_count > shown)
		tap_diag(t, "... and %zu more differing packets (--show-diffs 0 shows all)",
			 d.differ_count - shown);
	int status = d.differ_count ? 1 : 0;
	emu_replay_diff_free(&d);
	free(ignore);
	return status;
}

static void free_side(struct side *s)
{
	free(s->bytes[0]);
	free(s->bytes[1]);
	emu_free(s->emu);
	emu_replay_log_free(&s->log);
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
			if (!run_side(&sides[k], r, o, &t)) {
				status = 1;
				break;
			}
			if (o->stats)
				print_stats(&t, &sides[k], nsides == 2 ? (k ? " B" : " A") : "");
		}
		tests_status = tap_done_testing(&t);
	}
	if (!status && o->writes && !write_log(&sides[0], o->writes))
		status = 1;
	/* --diff judges by the comparison, not by the submissions */
	if (!status && nsides == 2)
		status = diff_sides(&sides[0], &sides[1], o, out, &t);
	else if (!status)
		status = tests_status;
	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "afuc-emu: standard output: %s\n", strerror(errno));
		status = 1;
	}
	for (size_t k = 0; k < 2; k++)
		free_side(&sides[k]);
	emu_replay_close(r);
	return status;
}
