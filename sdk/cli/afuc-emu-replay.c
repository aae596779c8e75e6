/* afuc-emu --replay: a freedreno capture through one firmware (TAP, one
 * test per submission), its write log (--writes), or through two
 * firmwares compared packet by packet (--diff). */
#define _DEFAULT_SOURCE /* realpath, mkstemp, fchmod, fdopen */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "afuc/replay.h"
#include "afuc/tap.h"
#include "cli/afuc-emu-coverage.h"
#include "cli/afuc-emu-replay.h"
#include "emuload/emuload.h"
#include "fw/fw.h"
#include "util/util.h"

/* One firmware's replay. */
struct side {
	const char *image; /* as given: FILE or PFP,ME */
	uint8_t *bytes[2];
	size_t len[2];
	bool pair;
	enum emu_gen gen;
	struct emu_replay_run run; /* its log, and the last emulator: names, packet table */
	/* what the replay's hooks need: the options, the TAP stream */
	const struct replay_options *o;
	struct tap *t;
	struct emu_replay *r;
	bool quit;  /* the debugger's user quit: the replay stopped there */
	bool taken; /* run.log holds the submission just run (it was pushed) */
	/* streamed as submissions retire, not kept: --writes (side A) */
	FILE *writes;
	/* --stats: packets and instructions by opcode */
	uint64_t stat_packets, stat_steps, op_count[EMU_PACKET_TABLE_SIZE],
		op_steps[EMU_PACKET_TABLE_SIZE];
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

static void prepare(void *ctx, struct emu *emu)
{
	struct side *sr = ctx;
	load_lines(emu, sr, sr->o->rnn);
	if (sr->o->trace)
		emu_set_trace(emu, sr->o->trace, sr->o->trace_ctx);
}

static bool before_run(void *ctx, struct emu *emu)
{
	struct side *sr = ctx;
	sr->quit = sr->o->before_run && !sr->o->before_run(sr->o->debug_ctx, emu);
	return !sr->quit;
}

static bool after_run(void *ctx, struct emu *emu, enum emu_status st)
{
	struct side *sr = ctx;
	bool again = sr->o->after_run && sr->o->after_run(sr->o->debug_ctx, emu, st);
	/* left stopped: the user quit at a breakpoint */
	sr->quit |= !again && st == EMU_STOPPED;
	return again;
}

static void retire(void *ctx, struct emu *emu)
{
	struct side *sr = ctx;
	afuc_emu_coverage_take(sr->o->coverage, emu, sr->image);
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

/* A submission's lines for --writes and its packets for --stats, as it
 * retires: nothing of it is kept. */
static void stream_log(struct side *s, const struct emu *emu)
{
	const struct emu_replay_log *log = &s->run.log;
	if (s->writes) {
		char *text = emu_replay_log_text(log, emu);
		fputs(text, s->writes);
		free(text);
	}
	for (size_t i = 0; i < log->count; i++) {
		uint32_t op = emu_pm4_entry(log->packets[i].header);
		s->op_count[op]++;
		s->op_steps[op] += log->packets[i].steps;
		s->stat_steps += log->packets[i].steps;
	}
	s->stat_packets += log->count;
}

/* A submission's test, and a note of the streams it left out. */
static void submitted(void *ctx, const struct emu_replay_run *run,
		      const struct emu_replay_step *step)
{
	struct side *sr = ctx;
	const size_t i = step->index;
	const char *label = emu_replay_label(sr->r, i);
	sr->taken = !step->push_error;
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
	stream_log(sr, step->emu);
}

/* Sets s up to replay r, a test per submission into t. */
static void setup_side(struct side *s, struct emu_replay *r, const struct replay_options *o,
		       struct tap *t)
{
	s->o = o;
	s->t = t;
	s->r = r;
	s->run = (struct emu_replay_run){
		.image = {s->bytes[0], s->pair ? s->bytes[1] : NULL},
		.image_len = {s->len[0], s->len[1]},
		.config = {.gen = s->gen, .step_limit = o->steps, .rnn = o->rnn},
		/* a submission's whole log only for what reads it, streamed:
		 * --writes, --diff, --stats */
		.log_each = o->writes || o->images[1] || o->stats,
		.prepare = prepare,
		.before_run = before_run,
		.after_run = after_run,
		.submitted = submitted,
		.retire = retire,
		.ctx = s,
	};
}

/* Whether s's replay ran to its end; says why not when it did not. */
static bool side_done(struct side *s)
{
	if (s->run.error)
		fprintf(stderr, "afuc-emu: %s: error: %s\n", s->image, s->run.error);
	else if (s->quit)
		tap_diag(s->t, "quit in the debugger: the replay did not finish");
	return !s->run.error && !s->quit;
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

/* --writes, written as the run goes: into a temporary file beside a
 * regular file (renamed over it at the end, so that a failed replay
 * leaves no half-written log), or, for standard output and devices, an
 * anonymous one copied there at the end (after the TAP lines). */
struct writes_file {
	FILE *f;
	char *tmp; /* the file beside the target, or NULL */
	char *target;
};

/* Where a symbolic link that names no file yet points (malloc'ed), or
 * NULL when path is not one. */
static char *link_target(const char *path)
{
	char buf[4096];
	ssize_t n = readlink(path, buf, sizeof buf - 1);
	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	const char *slash = strrchr(path, '/');
	if (buf[0] == '/' || !slash)
		return util_xstrdup(buf);
	return util_xasprintf("%.*s/%s", (int)(slash - path), path, buf);
}

static bool writes_open(struct writes_file *w, const char *path)
{
	struct stat st;
	const bool exists = stat(path, &st) == 0;
	w->target = util_xstrdup(path);
	if (!strcmp(path, "-") || (exists && !S_ISREG(st.st_mode))) {
		w->f = tmpfile();
	} else {
		/* through a symbolic link to the file it names */
		char *real = realpath(path, NULL);
		if (!real)
			real = link_target(path);
		if (real) {
			free(w->target);
			w->target = real;
		}
		w->tmp = util_xasprintf("%s.XXXXXX", w->target);
		int fd = mkstemp(w->tmp);
		mode_t mask = umask(0);
		umask(mask);
		if (fd >= 0 &&
		    fchmod(fd, exists ? st.st_mode & 07777 & ~(mode_t)06000 : 0666 & ~mask) == 0)
			w->f = fdopen(fd, "w");
		else if (fd >= 0)
			close(fd);
		if (!w->f && fd >= 0)
			remove(w->tmp);
	}
	if (!w->f) {
		fprintf(stderr, "afuc-emu: %s: error: %s\n", path, strerror(errno));
		free(w->tmp);
		free(w->target);
		*w = (struct writes_file){0};
	}
	return w->f != NULL;
}

/* Finishes w: keep says whether the log is complete (else it is
 * dropped). Returns false after saying why it could not be written. */
static bool writes_close(struct writes_file *w, bool keep)
{
	if (!w->f)
		return true;
	int err = fflush(w->f) || ferror(w->f) ? errno : 0;
	if (!w->tmp && keep && !err) {
		FILE *to = strcmp(w->target, "-") ? fopen(w->target, "w") : stdout;
		char buf[65536];
		size_t n;
		rewind(w->f);
		while (to && (n = fread(buf, 1, sizeof buf, w->f)) > 0)
			if (fwrite(buf, 1, n, to) != n)
				break;
		if (!to || ferror(w->f) || fflush(to) || ferror(to))
			err = errno ? errno : EIO;
		if (to && to != stdout && fclose(to) && !err)
			err = errno;
	}
	if (fclose(w->f) && !err)
		err = errno;
	if (w->tmp && keep && !err && rename(w->tmp, w->target))
		err = errno;
	if (w->tmp && (!keep || err))
		remove(w->tmp);
	if (keep && err)
		fprintf(stderr, "afuc-emu: %s: error: %s\n", w->target, strerror(err));
	free(w->tmp);
	free(w->target);
	*w = (struct writes_file){0};
	return !keep || !err;
}

/* --stats: instructions per packet, by opcode. */
static void print_stats(struct tap *t, const struct side *s, const char *tag)
{
	tap_diag(t, "stats%s: %llu packets, %llu instructions, %.1f per packet", tag,
		 (unsigned long long)s->stat_packets, (unsigned long long)s->stat_steps,
		 s->stat_packets ? (double)s->stat_steps / (double)s->stat_packets : 0.0);
	for (unsigned op = 0; op < EMU_PACKET_TABLE_SIZE; op++) {
		if (!s->op_count[op])
			continue;
		char name[64];
		emu_entry_name(s->run.emu, op, name, sizeof name);
		tap_diag(t, "  %-32s %6llu packets %9llu instructions %8.1f per packet", name,
			 (unsigned long long)s->op_count[op], (unsigned long long)s->op_steps[op],
			 (double)s->op_steps[op] / (double)s->op_count[op]);
	}
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

/* --diff a submission at a time: what is kept is counts and the text of
 * the differing packets it will show (at most --show-diffs of them). */
struct shown {
	size_t index;
	uint32_t submit[2];
	char *line[2];   /* each side's "# packet ..." line; NULL: none (yet) */
	char *writes[2]; /* each side's handler and writes, a line each */
};

struct diff_stream {
	size_t agree;
	size_t packets[2]; /* taken by each side so far */
	size_t diverge;    /* the first packet the sides took differently, or -1 */
	size_t limit;      /* differing packets shown */
	struct shown *shown;
	size_t count, cap;
	struct shown *at_diverge; /* the shown entry of packet diverge, or NULL */
	char *diverge_line[2];
	bool pending[2]; /* side k's packet diverge is its next one */
};

/* The emulator that names side s's packets: the one running, or the last. */
static const struct emu *names_of(const struct side *s)
{
	return s->run.current ? s->run.current : s->run.emu;
}

static void describe(const struct side *s, const struct emu_replay_packet *p,
		     const struct emu_replay_ignore *ignore, char **line, char **writes)
{
	const struct emu *emu = names_of(s);
	char buf[256];
	emu_replay_packet_line(emu, p, buf, sizeof buf);
	*line = util_xstrdup(buf);
	struct util_str text = {0};
	util_str_printf(&text, "  %s: handler at %04x, %llu instructions", s->image,
			emu_packet_entry(emu, EMU_MAIN, emu_pm4_entry(p->header)),
			(unsigned long long)p->steps);
	size_t shown = 0;
	for (size_t w = p->write_first; w < p->write_first + p->write_count; w++) {
		if (!emu_replay_counts(&s->run.log.writes[w], ignore))
			continue;
		emu_replay_write_line(emu, &s->run.log.writes[w], buf, sizeof buf);
		util_str_printf(&text, "\n    %s", buf);
		shown++;
	}
	if (!shown)
		util_str_printf(&text, "\n    (no writes)");
	*writes = util_str_take(&text);
}

static struct shown *add_shown(struct diff_stream *d, size_t index)
{
	if (d->count >= d->limit)
		return NULL;
	struct shown *e = UTIL_PUSH(d->shown, d->count, d->cap);
	*e = (struct shown){.index = index};
	return e;
}

/* Side k's packet p is the packet where the sides diverge. */
static void take_diverge(struct diff_stream *d, int k, const struct side *s,
			 const struct emu_replay_packet *p, const struct emu_replay_ignore *ignore)
{
	char *writes;
	describe(s, p, ignore, &d->diverge_line[k], &writes);
	d->pending[k] = false;
	if (!d->at_diverge) {
		free(writes);
		return;
	}
	d->at_diverge->line[k] = util_xstrdup(d->diverge_line[k]);
	d->at_diverge->submit[k] = p->submit;
	d->at_diverge->writes[k] = writes;
}

/* Compares the submission both sides just ran; their logs are dropped
 * with the next. */
static void diff_submission(struct diff_stream *d, struct side *s[2],
			    const struct emu_replay_ignore *ignore)
{
	const struct emu_replay_log *log[2] = {&s[0]->run.log, &s[1]->run.log};
	size_t n[2];
	for (int k = 0; k < 2; k++) {
		n[k] = s[k]->taken ? log[k]->count : 0;
		if (d->pending[k] && n[k])
			take_diverge(d, k, s[k], &log[k]->packets[0], ignore);
	}
	if (d->diverge == (size_t)-1) {
		const size_t m = n[0] < n[1] ? n[0] : n[1];
		size_t j = 0;
		for (; j < m; j++) {
			const struct emu_replay_packet *pa = &log[0]->packets[j],
						       *pb = &log[1]->packets[j];
			if (!emu_replay_same_packet(pa, pb))
				break;
			if (emu_replay_packets_agree(log[0], pa, log[1], pb, ignore)) {
				d->agree++;
				continue;
			}
			struct shown *e = add_shown(d, d->packets[0] + j);
			for (int k = 0; e && k < 2; k++) {
				e->submit[k] = log[k]->packets[j].submit;
				describe(s[k], &log[k]->packets[j], ignore, &e->line[k],
					 &e->writes[k]);
			}
		}
		if (j < m || n[0] != n[1]) {
			d->diverge = d->packets[0] + j;
			d->at_diverge = add_shown(d, d->diverge);
			for (int k = 0; k < 2; k++) {
				d->pending[k] = true;
				if (j < n[k])
					take_diverge(d, k, s[k], &log[k]->packets[j], ignore);
			}
		}
	}
	d->packets[0] += n[0];
	d->packets[1] += n[1];
}

/* Prints a side's lines of a shown packet, one diagnostic each. */
static void print_writes(struct tap *t, const char *writes, size_t packets)
{
	if (!writes) {
		tap_diag(t, "    (no such packet: this firmware took %zu)", packets);
		return;
	}
	for (const char *p = writes; *p;) {
		size_t len = strcspn(p, "\n");
		tap_diag(t, "%.*s", (int)len, p);
		p += len + (p[len] == '\n');
	}
}

/* The comparison's report; returns the exit status (1: they differ). */
static int diff_report(const struct diff_stream *d, const struct side *a, const struct side *b,
		       FILE *out, struct tap *t)
{
	const size_t total = d->packets[0] > d->packets[1] ? d->packets[0] : d->packets[1];
	const size_t differ = total - d->agree;
	/* the summary line is not TAP: a harness passes over it */
	fprintf(out, "agree: %zu of %zu packets\n", d->agree, total);
	if (d->diverge != (size_t)-1) {
		const char *la = d->diverge_line[0] ? d->diverge_line[0] : "(none)",
			   *lb = d->diverge_line[1] ? d->diverge_line[1] : "(none)";
		tap_diag(t,
			 "the firmwares took different packets from packet %zu on (%s took %s, "
			 "%s took %s): the rest count as differing",
			 d->diverge + 1, a->image, la + (la[0] == '#' ? 2 : 0), b->image,
			 lb + (lb[0] == '#' ? 2 : 0));
	}
	const size_t shown = d->limit < differ ? d->limit : differ;
	for (size_t k = 0; k < d->count && k < shown; k++) {
		const struct shown *e = &d->shown[k];
		const int named = e->index < d->packets[0] ? 0 : 1;
		const char *line = e->line[named] ? e->line[named] : "";
		/* "# packet S LEVEL ADDR NAME" as "submission S, LEVEL ADDR NAME" */
		const char *rest = strchr(line + (strlen(line) > 9 ? 9 : 0), ' ');
		tap_diag(t, "differs: packet %zu of %zu: submission %u, %s", e->index + 1, total,
			 e->submit[named], rest ? rest + 1 : line);
		print_writes(t, e->writes[0], d->packets[0]);
		print_writes(t, e->writes[1], d->packets[1]);
	}
	if (differ > shown)
		tap_diag(t, "... and %zu more differing packets (--show-diffs 0 shows all)",
			 differ - shown);
	return differ ? 1 : 0;
}

static void diff_free(struct diff_stream *d)
{
	for (size_t k = 0; k < d->count; k++)
		for (int s = 0; s < 2; s++) {
			free(d->shown[k].line[s]);
			free(d->shown[k].writes[s]);
		}
	free(d->shown);
	free(d->diverge_line[0]);
	free(d->diverge_line[1]);
}

/* Side A and side B a submission at a time, compared as they go. Side
 * A's tests print at once and B's go through a temporary file, so that
 * the output reads as two replays one after the other. Returns false
 * when a side did not run to its end (the report is then not made). */
static bool run_both(struct side *s[2], struct emu_replay *r, struct tap *t, struct diff_stream *d,
		     const struct emu_replay_ignore *ignore)
{
	FILE *later = tmpfile();
	if (!later) {
		fprintf(stderr, "afuc-emu: error: a temporary file: %s\n", strerror(errno));
		return false;
	}
	struct tap tb;
	tap_init(&tb, later);
	const size_t count = emu_replay_count(r);
	tb.run = (int)count; /* B's tests follow A's */
	s[1]->t = &tb;
	for (int k = 0; k < 2; k++)
		tap_diag(s[k]->t, "replay of %s (GPU %u, %zu submissions) through %s",
			 s[0]->o->capture, emu_replay_gpu_id(r), count, s[k]->image);
	bool live_b = true;
	for (size_t i = 0; i < count; i++) {
		if (!emu_replay_run_one(r, &s[0]->run, i))
			break;
		live_b = live_b && emu_replay_run_one(r, &s[1]->run, i);
		if (live_b)
			diff_submission(d, s, ignore);
	}
	emu_replay_run_end(&s[0]->run);
	emu_replay_run_end(&s[1]->run);
	s[1]->t = t;
	bool ok = side_done(s[0]);
	if (ok && s[0]->o->stats)
		print_stats(t, s[0], " A");
	if (ok) {
		char buf[65536];
		size_t n;
		rewind(later);
		while ((n = fread(buf, 1, sizeof buf, later)) > 0)
			fwrite(buf, 1, n, t->out);
		fflush(t->out);
		t->run = tb.run;
		t->failed += tb.failed;
		t->skipped += tb.skipped;
		ok = side_done(s[1]);
	}
	if (ok && s[0]->o->stats)
		print_stats(t, s[1], " B");
	fclose(later);
	return ok;
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
	struct writes_file writes = {0};
	if (!status && o->writes && (!writes_ok(o->writes) || !writes_open(&writes, o->writes)))
		status = 1;
	sides[0].writes = writes.f;
	FILE *out = stdout;
	struct tap t;
	tap_init(&t, out);
	int tests_status = 0;
	struct diff_stream d = {.diverge = (size_t)-1,
				.limit = o->show_diffs ? (size_t)o->show_diffs : (size_t)-1};
	if (!status) {
		tap_plan(&t, (int)(nsides * emu_replay_count(r)));
		for (size_t k = 0; k < nsides; k++)
			setup_side(&sides[k], r, o, &t);
		bool ran;
		if (nsides == 2) {
			ran = run_both((struct side *[]){&sides[0], &sides[1]}, r, &t, &d, ignore);
		} else {
			tap_diag(&t, "replay of %s (GPU %u, %zu submissions) through %s",
				 o->capture, emu_replay_gpu_id(r), emu_replay_count(r),
				 sides[0].image);
			emu_replay_run(r, &sides[0].run);
			ran = side_done(&sides[0]);
			if (ran && o->stats)
				print_stats(&t, &sides[0], "");
		}
		status = !ran;
		if (!status)
			tests_status = tap_done_testing(&t);
	}
	if (!writes_close(&writes, !status))
		status = 1;
	/* --diff judges by the comparison, not by the submissions */
	if (!status && nsides == 2)
		status = diff_report(&d, &sides[0], &sides[1], out, &t);
	else if (!status)
		status = tests_status;
	if (fflush(out) || ferror(out)) {
		fprintf(stderr, "afuc-emu: standard output: error: %s\n", strerror(errno));
		status = 1;
	}
	diff_free(&d);
	for (size_t k = 0; k < 2; k++)
		free_side(&sides[k]);
	free(ignore);
	emu_replay_close(r);
	return status;
}
