/* Checked 64-bit signed arithmetic for the expression languages of the
 * SDK (afuc-as operands, afuc-ld scripts), so that every tool refuses the
 * same expressions with the same words instead of trapping (INT64_MIN / -1
 * raises SIGFPE) or overflowing (undefined behaviour in C).
 *
 *   int64_t v;
 *   struct util_str why = {0};
 *   if (!util_arith(UTIL_ARITH_DIV, a, b, &v, &why))
 *           report why.text ("division by -1 overflows") at the operator
 *   util_str_free(&why);
 */
#ifndef SDK_UTIL_ARITH_H
#define SDK_UTIL_ARITH_H

#include <stdbool.h>
#include <stdint.h>

#include "util/util.h"

/* How deep parentheses and unary operators may nest in one expression,
 * and how many operators and operands it may have: parsers and
 * evaluators recurse as deep as the tree, and these keep the stack
 * bounded whatever the input. */
#define UTIL_EXPR_MAX_DEPTH 200
#define UTIL_EXPR_MAX_NODES 4000

enum util_arith_op {
	UTIL_ARITH_ADD,
	UTIL_ARITH_SUB,
	UTIL_ARITH_MUL,
	UTIL_ARITH_DIV,
	UTIL_ARITH_MOD,
	UTIL_ARITH_SHL, /* a << b: b in 0..63, no bit of a lost */
	UTIL_ARITH_SHR, /* a >> b: arithmetic, b in 0..63 */
	UTIL_ARITH_NEG, /* -a (b is ignored) */
};

/* *out = a op b as C computes it when the result fits 64 signed bits.
 * Otherwise returns false with the reason appended to why:
 *   "division by zero", "division by -1 overflows",
 *   "shift count 64 is not in 0..63",
 *   "9223372036854775807 + 1 overflows 64-bit signed arithmetic". */
bool util_arith(enum util_arith_op op, int64_t a, int64_t b, int64_t *out, struct util_str *why);

#endif
