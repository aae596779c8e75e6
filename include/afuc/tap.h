/* TAP (Test Anything Protocol) output for C tests.
 *
 *   struct tap t;
 *   tap_init(&t, stdout);
 *   tap_plan(&t, 3);                          (or tap_done_testing at the end)
 *   tap_ok(&t, x > 0, "x is positive");
 *   tap_is_hex(&t, got, 0xdeadbeef, "word %d", i);
 *   tap_is_str(&t, name, "CP_NOP", "opcode name");
 *   return tap_done_testing(&t);              (exit status: 0 if all passed)
 *
 * A failing check prints, as TAP diagnostics, where it is (file:line) and
 * the values it compared. The state lives in struct tap: nothing global.
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

struct tap {
	FILE *out;
	int planned; /* -1 until a plan is printed */
	int run;
	int failed;
	int skipped;
};

void tap_init(struct tap *t, FILE *out);
void tap_plan(struct tap *t, int count);
/* Prints "1..0 # SKIP reason"; the caller then returns 0. */
void tap_skip_all(struct tap *t, const char *fmt, ...) TAP_PRINTF(2, 3);
/* Records count tests as skipped, with a reason. */
void tap_skip(struct tap *t, int count, const char *fmt, ...) TAP_PRINTF(3, 4);
void tap_diag(struct tap *t, const char *fmt, ...) TAP_PRINTF(2, 3);
/* Prints the plan if none was given; returns the exit status for main. */
int tap_done_testing(struct tap *t);

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
