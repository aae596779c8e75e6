/* TAP (Test Anything Protocol) output: the one writer of TAP lines in the
 * SDK, for C tests and for the test-file runners (afuc-emu, hwsq-emu).
 *
 *   struct tap t;
 *   tap_init(&t, stdout);
 *   tap_plan(&t, 3);                          (or tap_done_testing at the end)
 *   tap_ok(&t, x > 0, "x is positive");
 *   tap_is_hex(&t, got, 0xdeadbeef, "word %d", i);
 *   tap_is_str(&t, name, "CP_NOP", "opcode name");
 *   return tap_done_testing(&t);              (exit status: 0 if all passed)
 *
 * What it prints:
 *
 *   ok 1 - x is positive
 *   not ok 2 - word 3
 *   #   Failed at tests/x.c line 12.          (where the check is)
 *   #          got: 0x00000001                (why it failed, a line each)
 *   #     expected: 0xdeadbeef
 *   ok 3 # skip no image                      (tap_skip)
 *   # a diagnostic                            (tap_diag)
 *   1..3                                      (tap_plan, tap_done_testing)
 *   1..0 # SKIP no image                      (tap_skip_all)
 *   Bail out! t.emu does not run              (tap_bail_out)
 *
 * A '#' in a name is written "\#", as Test::More does (TAP reads a
 * directive after a bare one: "# TODO" makes a failure pass), and
 * a line break in a name or a reason becomes a space. The state lives in
 * struct tap: nothing global. Text goes to a FILE (tap_init) or, a line
 * or more at a time, to a function (tap_init_write: a library that must
 * not print hands it on).
 */
#ifndef AFUC_TAP_H
#define AFUC_TAP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__) || defined(__clang__)
#define TAP_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define TAP_PRINTF(fmt, args)
#endif

/* Receives TAP text: whole lines, NUL-terminated. */
typedef void (*tap_write_fn)(void *ctx, const char *text);

struct tap {
	FILE *out;          /* where the text goes (tap_init), or */
	tap_write_fn write; /* to whom, with ctx (tap_init_write) */
	void *ctx;
	int planned; /* -1 until a plan is printed */
	int run;
	int failed;
	int skipped;
	bool bailed;
};

/* out NULL: stdout. Output is flushed after each write. */
void tap_init(struct tap *t, FILE *out);
void tap_init_write(struct tap *t, tap_write_fn write, void *ctx);
void tap_plan(struct tap *t, int count);
/* Prints "1..0 # SKIP reason"; the caller then returns 0. */
void tap_skip_all(struct tap *t, const char *fmt, ...) TAP_PRINTF(2, 3);
/* Records count tests as skipped, with a reason. */
void tap_skip(struct tap *t, int count, const char *fmt, ...) TAP_PRINTF(3, 4);
/* Each line of the text behind "# ". */
void tap_diag(struct tap *t, const char *fmt, ...) TAP_PRINTF(2, 3);
/* Prints "Bail out! reason" (one line): the rest is not run, and
 * tap_done_testing prints no plan and returns 1. */
void tap_bail_out(struct tap *t, const char *fmt, ...) TAP_PRINTF(2, 3);
/* Prints the plan if none was given; returns the exit status for main:
 * 1 after a failure, a bail out, or a run short of its plan. */
int tap_done_testing(struct tap *t);

/* A test whose check the caller made (what the others below use). When
 * it fails and file is not NULL, "#   Failed at FILE line LINE." follows
 * (": SOURCE" instead of the full stop when source, the line's text, is
 * not NULL), then each line of why (NULL: none) behind "#   ".
 * Returns pass. */
bool tap_result(struct tap *t, bool pass, const char *file, int line, const char *source,
		const char *why, const char *fmt, ...) TAP_PRINTF(7, 8);

bool tap_ok_at(struct tap *t, bool pass, const char *file, int line, const char *fmt, ...)
	TAP_PRINTF(5, 6);
bool tap_is_int_at(struct tap *t, long long got, long long want, const char *file, int line,
		   const char *fmt, ...) TAP_PRINTF(6, 7);
bool tap_is_hex_at(struct tap *t, uint64_t got, uint64_t want, const char *file, int line,
		   const char *fmt, ...) TAP_PRINTF(6, 7);
bool tap_is_str_at(struct tap *t, const char *got, const char *want, const char *file, int line,
		   const char *fmt, ...) TAP_PRINTF(6, 7);

#define tap_ok(t, pass, ...) tap_ok_at((t), (pass), __FILE__, __LINE__, __VA_ARGS__)
#define tap_is_int(t, got, want, ...) \
	tap_is_int_at((t), (got), (want), __FILE__, __LINE__, __VA_ARGS__)
#define tap_is_hex(t, got, want, ...) \
	tap_is_hex_at((t), (got), (want), __FILE__, __LINE__, __VA_ARGS__)
#define tap_is_str(t, got, want, ...) \
	tap_is_str_at((t), (got), (want), __FILE__, __LINE__, __VA_ARGS__)

#endif
