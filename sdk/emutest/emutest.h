/* The afuc-emu test-file language (docs/afuc-emu.md): parse a file into
 * statements, resolve names against the emulator's register database
 * (through include/afuc/emu.h only), run it, and report TAP, written by
 * include/afuc/tap.h, through a callback (the library prints nothing
 * itself).
 *
 *   struct emutest *s = emutest_parse("t.emu", text, &d);
 *   struct emutest_run r = {.emit = put, .ctx = stdout, ...};
 *   int failed = emutest_exec(s, &r, &d);   (-1: could not start)
 *   emutest_free(s);
 */
#ifndef SDK_EMUTEST_EMUTEST_H
#define SDK_EMUTEST_EMUTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "afuc/emu.h"
#include "afuc/tap.h"
#include "emutest/front.h"
#include "util/diag.h"

enum emutest_stmt_kind {
	EMUTEST_IMAGE,
	EMUTEST_GPU,
	EMUTEST_PROC,
	EMUTEST_RING,
	EMUTEST_STEPS,
	EMUTEST_MEM,
	EMUTEST_REG,
	EMUTEST_CTRL,
	EMUTEST_PKT7,
	EMUTEST_PKT4,
	EMUTEST_RAW,
	EMUTEST_IB,
	EMUTEST_REPLAY, /* runs a capture: a test per submission */
	EMUTEST_RUN,
	/* every kind from here on is an expectation: a test */
	EMUTEST_EXPECT_MEM,
	EMUTEST_EXPECT_REG,
	EMUTEST_EXPECT_CTRL,
	EMUTEST_EXPECT_SCRATCH,
	EMUTEST_EXPECT_SQE,
	EMUTEST_EXPECT_GPR,
	EMUTEST_EXPECT_PIPE,
	EMUTEST_EXPECT_IDLE,
	EMUTEST_EXPECT_ERROR,
	EMUTEST_EXPECT_WRITES,
};

/* An expected log entry of `expect writes` (meq: addr 0). */
struct emutest_write_exp {
	enum emu_write_kind kind;
	uint64_t addr;
	uint32_t value;
	unsigned line;
};

struct emutest_stmt {
	enum emutest_stmt_kind kind;
	unsigned line;
	char *text;               /* the statement as written, for test names */
	struct emutest_tok *toks; /* the words after the keyword(s) */
	size_t ntoks;
	struct emutest_stmt *body; /* ib and expect writes blocks */
	size_t nbody;
	/* filled by resolving */
	uint64_t addr;   /* mem, reg, ctrl, ib, expectations: where */
	uint32_t *words; /* values, or the packet words built */
	size_t nwords;
	struct emutest_write_exp *writes;
	size_t nwrites;
	bool include;   /* expect writes include: in order, others between */
	bool any_error; /* expect error without a kind */
	enum emu_error_kind error_kind;
	bool error_checked;        /* run: an expect error follows before the next run */
	bool bad;                  /* a syntax error: not resolved, never run */
	struct emu_replay *replay; /* replay: the capture, loaded by emutest_exec */
};

struct emutest {
	char *path;
	struct emutest_stmt *stmts;
	size_t count;
	/* Syntax errors emutest_parse reported: emutest_exec then checks the
	 * names of the statements that parsed, so that every error of the
	 * file is reported at once, and runs nothing (returns -1). */
	size_t parse_errors;
};

/* The parsed file, with messages in d for syntax errors (every line is
 * checked; see parse_errors). An unknown statement is left out, a
 * statement with the wrong words is kept but marked bad.
 * emutest_parse_len reads text_len bytes, where a NUL byte is an
 * error at its line and column; emutest_parse reads up to the first. */
/* The longest test file afuc-emu reads (a bound for /dev/zero). */
#define EMU_SCRIPT_MAX_TEXT_BYTES (64u << 20)
struct emutest *emutest_parse(const char *path, const char *text, struct diag *d);
struct emutest *emutest_parse_len(const char *path, const char *text, size_t text_len,
				  struct diag *d);
void emutest_free(struct emutest *s);

struct emutest_run {
	/* Receives TAP text, a line or more at a time. */
	tap_write_fn emit;
	void *ctx;
	struct rnn_db *rnn;  /* names; may be NULL (numbers only) */
	int gen;             /* 0, or the generation to use (--gpu) */
	uint64_t step_limit; /* 0: the default */
	emu_trace_fn trace;  /* NULL: no trace */
	void *trace_ctx;
	/* Where vendor:NAME images are looked for, in order (NULL-ended). */
	const char *const *firmware_dirs;
	/* Where `replay` captures not found beside the test file are looked
	 * for, in order (NULL-ended). */
	const char *const *capture_dirs;
	/* A vendor image that is not found is an error, not a skip
	 * (afuc-emu sets it from AFUC_REQUIRE_FIRMWARE=1). */
	bool require_firmware;
	/* Set by emutest_exec: the emulator after the run (for coverage);
	 * the caller frees it. NULL when the file was skipped. */
	struct emu *emu;
	/* A debugger (afuc-emu -i), or NULL. before_run is called before
	 * each run's emu_run (the stop hook goes on there); after_run after
	 * each emu_run, and returning true runs it again (resuming a stop).
	 * false from before_run, or an EMU_STOPPED run left stopped, means
	 * the user quit: no statement runs after it. */
	bool (*before_run)(void *ctx, struct emu *emu);
	bool (*after_run)(void *ctx, struct emu *emu, enum emu_status status);
	void *debug_ctx;
};

/* Runs s: prints the plan and one test per expectation. Returns the
 * number of failed tests, or -1 (with messages in d) when the file
 * cannot run: no test (no expect statement), no image, an image past
 * FW_MAX_IMAGE_BYTES, a name that does not resolve, a bad value.
 * A missing vendor image is a TAP skip of the whole file (whose reason
 * names the directories searched and near names found there), not an
 * error, unless r->require_firmware. */
/* The largest image file `image` reads is every tool's, sdk/fw's
 * FW_MAX_IMAGE_BYTES: anything longer, /dev/zero included, is refused
 * without reading it all. */

int emutest_exec(struct emutest *s, struct emutest_run *r, struct diag *d);

/* "a5xx", "a6xx", "a7xx", "a630", "a530", "gen70500", "5".."7". */
bool emutest_parse_gen(const char *text, enum emu_gen *gen);

#endif
