/* afuc-emu: runs afuc-emu test files (docs/afuc-emu.md) and prints TAP;
 * --trace shows every instruction, --coverage what each packet handler
 * ran out of what it can reach. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/emu.h"
#include "afuc/tap.h"
#include "cli/afuc-emu-coverage.h"
#include "cli/afuc-emu-replay.h"
#include "cmd/cmd.h"
#include "dbg/dbg.h"
#include "emutest/emutest.h"
#include "util/diag.h"
#include "util/util.h"

enum {
	OPT_REPLAY = 1,
	OPT_WRITES,
	OPT_DIFF,
	OPT_IGNORE,
	OPT_STATS,
	OPT_GPU,
	OPT_STEPS,
	OPT_SHOW_DIFFS,
	OPT_TRACE,
	OPT_COVERAGE,
	OPT_COVERAGE_OUT,
	OPT_RNNDB,
	OPT_INTERACTIVE,
	OPT_COMMANDS,
};

struct args {
	const char **files;
	size_t nfiles, cap;
	const char *rnndb;
	int gen;
	uint64_t steps;
	bool trace, coverage;
	const char *coverage_out;
	/* --replay and its options */
	const char *replay, *writes, *ignore, *diff[2];
	bool stats;
	uint64_t show_diffs; /* --show-diffs: 0 all, else how many */
	bool show_diffs_given;
	/* -i and -x FILE: the debugger */
	bool interactive;
	const char *commands;
	struct dbg *debug;
};

static const struct cmd_option options[] = {
	{OPT_REPLAY, 0, "replay", "CAPTURE",
	 "replay CAPTURE (docs/afuc-emu.md, \"Replaying captures\")", 0,
	 CMD_KEEP_STRING(struct args, replay)},
	{OPT_WRITES, 0, "writes", "FILE", "with --replay: write the write log, packet by packet", 0,
	 CMD_KEEP_STRING(struct args, writes)},
	{OPT_DIFF, 0, "diff", "A B",
	 "with --replay: replay through A and B and compare their\n"
	 "writes packet by packet (exit 1 when they differ)",
	 0, CMD_CALL, 0},
	{OPT_IGNORE, 0, "ignore", "FILE", "with --diff: registers to leave out of the comparison",
	 0, CMD_KEEP_STRING(struct args, ignore)},
	{OPT_SHOW_DIFFS, 0, "show-diffs", "N",
	 "with --diff: print the writes of the first N differing\n"
	 "packets (default 10; 0: all of them)",
	 0, CMD_CALL, 0},
	{OPT_STATS, 0, "stats", NULL, "with --replay: instructions per packet, by opcode", 0,
	 CMD_KEEP_FLAG(struct args, stats)},
	{OPT_GPU, 0, "gpu", "GPU",
	 "a5xx, a6xx, a7xx (or a630, gen70500...) for a file whose\n"
	 "image does not tell and that has no 'gpu' statement",
	 0, CMD_CALL, 0},
	{OPT_STEPS, 0, "steps", "N", "instructions one 'run' may execute (default 10000000)", 0,
	 CMD_CALL, 0},
	{OPT_TRACE, 0, "trace", NULL,
	 "print every instruction executed, and what it changed,\n"
	 "on standard error",
	 0, CMD_KEEP_FLAG(struct args, trace)},
	{OPT_COVERAGE, 0, "coverage", NULL,
	 "print, per packet handler, the instructions executed\n"
	 "out of those reachable from its entry (TAP comments)",
	 0, CMD_KEEP_FLAG(struct args, coverage)},
	{OPT_COVERAGE_OUT, 0, "coverage-out", "FILE",
	 "add what ran, by source line, to the lcov tracefile FILE\n"
	 "(made when missing; also $AFUC_COVERAGE_OUT)",
	 0, CMD_KEEP_STRING(struct args, coverage_out)},
	{OPT_RNNDB, 0, "rnndb", "DIR", "register database for names (default: the SDK's own)", 0,
	 CMD_KEEP_STRING(struct args, rnndb)},
	{OPT_INTERACTIVE, 'i', "interactive", NULL,
	 "debug: breakpoints, watchpoints, stepping and printing\n"
	 "at a prompt (docs/afuc-emu.md, \"Debugging\")",
	 0, CMD_KEEP_FLAG(struct args, interactive)},
	{OPT_COMMANDS, 'x', NULL, "FILE", "with -i: run the debugger commands of FILE first", 0,
	 CMD_KEEP_STRING(struct args, commands)},
};

static const struct cmd_spec spec = {
	"afuc-emu",
	"[options] TEST.emu...\n"
	"[options] --replay CAPTURE IMAGE\n"
	"[options] --replay CAPTURE --diff IMAGE_A IMAGE_B\n"
	"-i [-x FILE] [options] TEST.emu | IMAGE | --replay CAPTURE IMAGE",
	"Runs test files and prints TAP (the language is in docs/afuc-emu.md), or\n"
	"replays a freedreno capture (.rd, .rd.gz) through a firmware image (FILE,\n"
	"or PFP.fw,ME.fw for an a5xx pair): one TAP test per submission.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	"Vendor images (image vendor:NAME) are looked for in $AFUC_FIRMWARE_DIR,\n"
	"$SDK_ROOT/../shared/firmware/qcom and /usr/lib/firmware/qcom, as NAME,\n"
	"NAME.xz or NAME.zst; a file whose image is missing is skipped, or fails\n"
	"when AFUC_REQUIRE_FIRMWARE=1. Images compressed with xz or zstd are read\n"
	"as they are. A file without an 'expect' statement is an error.\n",
	NULL,
};

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	enum emu_gen g;
	switch (id) {
	case CMD_OPERAND:
		*UTIL_PUSH(a->files, a->nfiles, a->cap) = c->value;
		break;
	case OPT_DIFF:
		a->diff[0] = c->value;
		a->diff[1] = cmd_next_arg(c);
		if (!a->diff[1])
			return cmd_usage_error(c, "--diff needs two images");
		break;
	case OPT_GPU:
		if (!emutest_parse_gen(c->value, &g))
			return cmd_bad_value(c,
					     "a5xx, a6xx or a7xx (or a part: a630, gen70500...)");
		a->gen = (int)g;
		break;
	case OPT_STEPS:
		if (!util_parse_u64(c->value, &a->steps) || !a->steps)
			return cmd_bad_value(c, "a number of instructions, at least 1");
		break;
	case OPT_SHOW_DIFFS:
		if (!util_parse_u64(c->value, &a->show_diffs))
			return cmd_bad_value(c, "a number of packets (0: all)");
		a->show_diffs_given = true;
		break;
	}
	return -1;
}

/* The command line as a whole: -1 when it is good, else the exit
 * status. */
static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	if (!a->replay && (a->diff[0] || a->writes || a->ignore || a->stats))
		return cmd_usage_error(c,
				       "--diff, --writes, --ignore and --stats go with --replay");
	if (a->replay && a->diff[0] ? a->nfiles != 0 : a->replay && a->nfiles != 1)
		return cmd_usage_error(c, "%s",
				       a->diff[0] ? "--diff names both images: no other file"
						  : "--replay needs one image (FILE or PFP,ME)");
	if (a->ignore && !a->diff[0])
		return cmd_usage_error(c, "--ignore goes with --diff");
	if (a->show_diffs_given && !a->diff[0])
		return cmd_usage_error(c, "--show-diffs goes with --diff");
	if (a->commands && !a->interactive)
		return cmd_usage_error(c, "-x goes with -i");
	if (a->interactive && (a->diff[0] || (!a->replay && a->nfiles != 1)))
		return cmd_usage_error(c, "-i debugs one test file, image or --replay");
	if (!a->nfiles && !a->replay)
		return cmd_usage_error(c, "no test file");
	return -1;
}

static void put_text(void *ctx, const char *text)
{
	fputs(text, ctx);
	fflush(ctx);
}

/* ---- --trace ---- */

static void print_name(const struct emu *emu, enum emu_space space, uint64_t value, FILE *out)
{
	char name[128];
	if (emu_name(emu, space, value, name, sizeof name))
		fputs(name, out);
	else
		fprintf(out, "0x%llx", (unsigned long long)value);
}

static void trace(void *ctx, const struct emu *emu, const struct emu_trace *t)
{
	static const char *const procs[EMU_PROC_COUNT] = {"main", "BV",    "LPAC",
							  "ME",   "PROC4", "PROC4B"};
	static const char *const gprs[32] = {
		[0x1a] = "$sp", [0x1b] = "$lr", [0x1c] = "$rem", [0x1d] = "$addr"};
	FILE *out = ctx;
	char text[160];
	emu_disasm(emu, t->proc, t->pc, text, sizeof text);
	fprintf(out, "%-4s %04x: %08x  %-40s", procs[t->proc], t->pc, t->word, text);
	if (t->iteration)
		fprintf(out, " (rep %u)", t->iteration);
	for (unsigned i = 0; i < t->change_count; i++) {
		const struct emu_reg_change *c = &t->changes[i];
		fputc(' ', out);
		if (c->kind == EMU_CHANGE_GPR) {
			if (gprs[c->offset])
				fputs(gprs[c->offset], out);
			else
				fprintf(out, "$%02x", c->offset);
		} else {
			fputc(c->kind == EMU_CHANGE_CONTROL ? '@' : '%', out);
			print_name(emu,
				   c->kind == EMU_CHANGE_CONTROL ? EMU_SPACE_CONTROL
								 : EMU_SPACE_SQE,
				   c->offset, out);
		}
		fprintf(out, "=%08x", c->value);
	}
	if (t->dropped)
		fprintf(out, " (+%u more)", t->dropped);
	for (size_t i = 0; i < t->write_count; i++) {
		const struct emu_write *w = &emu_writes(emu)[t->write_first + i];
		if (w->kind == EMU_WRITE_MEM) {
			fprintf(out, " MEM[0x%llx]=%08x", (unsigned long long)w->addr, w->value);
			continue;
		}
		if (w->kind == EMU_WRITE_MEQ) {
			fprintf(out, " MEQ=%08x", w->value);
			continue;
		}
		fputs(w->kind == EMU_WRITE_GPU ? " GPU " : " PIPE |", out);
		print_name(emu, w->kind == EMU_WRITE_GPU ? EMU_SPACE_GPU : EMU_SPACE_PIPE, w->addr,
			   out);
		fprintf(out, "=%08x", w->value);
	}
	/* where it is in the source (or afuc-objdump's labels) */
	if (emu_where(emu, t->proc, t->pc, text, sizeof text))
		fprintf(out, " ; %s", text);
	fputc('\n', out);
}

/* ---- running files ---- */

/* A firmware image or ELF given where a test file is expected: one
 * error saying what it is and what to do with it, rather than a syntax
 * error per NUL byte. */
static bool not_a_test_file(const struct cmd *c, const char *path, const uint8_t *bytes, size_t len)
{
	enum emu_gen gen;
	bool elf = len >= 4 && memcmp(bytes, "\177ELF", 4) == 0;
	if (!memchr(bytes, 0, len) || (!elf && !emu_guess_gen_bytes(bytes, len, &gen)))
		return false;
	char what[32] = "an ELF file";
	if (!elf)
		snprintf(what, sizeof what, "an a%dxx firmware image", (int)gen);
	cmd_error(c,
		  "%s: this looks like %s, not a test file: replay a capture through it "
		  "(--replay CAPTURE %s), debug it (-i %s), or name it in a test file's "
		  "'image' line",
		  path, what, path, path);
	return true;
}

static int run_file(const struct cmd *c, const char *path, const struct args *a, struct rnn_db *db,
		    const char *const *dirs, const char *const *capture_dirs,
		    struct afuc_emu_coverage *cov)
{
	uint8_t *text;
	size_t len;
	int err = util_read_file_max(path, EMU_SCRIPT_MAX_TEXT_BYTES, &text, &len);
	if (err == EFBIG) {
		cmd_error(c, "%s: larger than %u bytes: not a test file", path,
			  EMU_SCRIPT_MAX_TEXT_BYTES);
		return 1;
	}
	if (err) {
		cmd_error(c, "%s: %s", path, strerror(err));
		return 1;
	}
	if (not_a_test_file(c, path, text, len)) {
		free(text);
		return 1;
	}
	struct diag d;
	diag_init(&d);
	struct emutest *s = emutest_parse_len(path, (const char *)text, len, &d);
	/* run, or with syntax errors only checked: every error at once */
	struct emutest_run r = {
		.emit = put_text,
		.ctx = stdout,
		.rnn = db,
		.gen = a->gen,
		.step_limit = a->steps,
		.trace = a->trace ? trace : NULL,
		.trace_ctx = stderr,
		.firmware_dirs = dirs,
		.capture_dirs = capture_dirs,
		.require_firmware = util_require_firmware(),
		.before_run = a->debug ? dbg_before_run : NULL,
		.after_run = a->debug ? dbg_after_run : NULL,
		.debug_ctx = a->debug,
	};
	int failed = emutest_exec(s, &r, &d);
	if (a->debug)
		dbg_end(a->debug, r.emu);
	if (r.emu && a->coverage)
		afuc_emu_print_coverage(r.emu, stdout);
	afuc_emu_coverage_take(cov, r.emu, path);
	emu_free(r.emu);
	if (failed < 0) {
		struct tap t;
		tap_init(&t, stdout);
		tap_bail_out(&t, "%s does not run (see the errors)", path);
	}
	cmd_print_diag(c, &d); /* the warnings of a file that runs too */
	diag_free(&d);
	emutest_free(s);
	free(text);
	return failed == 0 ? 0 : 1;
}

/* afuc-emu -i: the debugger's session in a.debug; for an image alone
 * (.fw, .elf...) its own emulator too. Returns the exit status when
 * that is all there is to do, -1 when the test file or replay runs. */
static int start_debugger(const struct cmd *c, struct args *a, struct rnn_db *db)
{
	char *error = NULL;
	a->debug = dbg_new(&(struct dbg_options){.commands = a->commands,
						 .image = a->replay ? a->files[0] : NULL,
						 .rnn = db},
			   &error);
	if (!a->debug) {
		cmd_error(c, "%s", error);
		free(error);
		return 1;
	}
	size_t n = strlen(a->files[0]);
	if (a->replay || (n >= 4 && strcmp(a->files[0] + n - 4, ".emu") == 0))
		return -1;
	int status = dbg_run_image(a->debug, a->files[0], a->gen, a->steps, db, &error);
	if (error)
		fprintf(stderr, "afuc-emu: %s\n", error);
	free(error);
	return status;
}

static int run_replay(struct args *a, struct rnn_db *db, struct afuc_emu_coverage *cov)
{
	struct replay_options o = {
		.capture = a->replay,
		.images = {a->diff[0] ? a->diff[0] : a->files[0], a->diff[1]},
		.writes = a->writes,
		.ignore = a->ignore,
		.show_diffs = a->show_diffs_given ? a->show_diffs : 10,
		.stats = a->stats,
		.gen = a->gen,
		.steps = a->steps,
		.rnn = db,
		.trace = a->trace ? trace : NULL,
		.trace_ctx = stderr,
		.coverage = cov,
		.before_run = a->debug ? dbg_before_run : NULL,
		.after_run = a->debug ? dbg_after_run : NULL,
		.debug_ctx = a->debug,
	};
	int status = afuc_emu_replay(&o);
	if (!afuc_emu_coverage_finish(cov) && !status)
		status = 1;
	return status;
}

static int run_files(const struct cmd *c, const struct args *a, struct rnn_db *db,
		     struct afuc_emu_coverage *cov)
{
	/* without SDK_ROOT: beside the tree this program was built in */
	char *root = util_sdk_path("..");
	struct util_fw_dirs dirs, capture_dirs;
	util_fw_dirs_init(&dirs, root);
	util_capture_dirs_init(&capture_dirs, root);
	free(root);
	int status = 0;
	for (size_t i = 0; i < a->nfiles; i++)
		if (run_file(c, a->files[i], a, db, (const char *const *)dirs.dirs,
			     (const char *const *)capture_dirs.dirs, cov))
			status = 1;
	if (!afuc_emu_coverage_finish(cov))
		status = 1;
	util_fw_dirs_free(&dirs);
	util_fw_dirs_free(&capture_dirs);
	return status;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct args a = {0};
	struct rnn_db *db = NULL;
	int status = cmd_parse(&c, take, check, &a);
	if (status < 0) {
		char *error = NULL;
		db = emu_rnndb_open(a.rnndb, &error);
		if (!db && a.rnndb) {
			cmd_error(&c, "%s", error);
			status = 1;
		}
		free(error); /* without the SDK's database, numbers still work */
	}
	/* the environment, for a whole test suite (make coverage) */
	const char *env_cov = getenv(AFUC_COVERAGE_ENV);
	struct afuc_emu_coverage cov = {.path = a.coverage_out        ? a.coverage_out
						: env_cov && *env_cov ? env_cov
								      : NULL,
					.quiet = !a.coverage_out};
	/* a trace line is many small prints: one write per line, not per
	 * print (unbuffered stderr made --trace runs mostly system time) */
	if (status < 0 && a.trace && !a.interactive)
		setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
	if (status < 0 && a.interactive)
		status = start_debugger(&c, &a, db);
	if (status < 0)
		status = a.replay ? run_replay(&a, db, &cov) : run_files(&c, &a, db, &cov);
	/* one cleanup, whichever way it went */
	dbg_free(a.debug);
	if (db)
		emu_rnndb_close(db);
	free(a.files);
	return cmd_finish(&c, status);
}
