/* Checked 64-bit signed arithmetic (util/arith.h). Every test is made
 * before the operation, so no overflow ever happens in C. */
#include "util/arith.h"

static int64_t shift_right(int64_t a, int64_t b)
{
	/* arithmetic, without relying on what the compiler does with >> */
	uint64_t u = (uint64_t)a >> b;
	if (a < 0 && b)
		u |= ~(UINT64_MAX >> b);
	return (int64_t)u;
}

static bool mul_overflows(int64_t a, int64_t b)
{
	if (a > 0)
		return b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a;
	if (a < 0)
		return b > 0 ? a < INT64_MIN / b : b < 0 && a < INT64_MAX / b;
	return false;
}

/* How each operator is written in "A op B overflows ...". */
static const char *const op_text[] = {
	[UTIL_ARITH_ADD] = "+",  [UTIL_ARITH_SUB] = "-", [UTIL_ARITH_MUL] = "*",
	[UTIL_ARITH_DIV] = "/",  [UTIL_ARITH_MOD] = "%", [UTIL_ARITH_SHL] = "<<",
	[UTIL_ARITH_SHR] = ">>", [UTIL_ARITH_NEG] = "-",
};

static bool overflows(enum util_arith_op op, int64_t a, int64_t b, struct util_str *why)
{
	if (op == UTIL_ARITH_NEG)
		util_str_printf(why, "-(%lld) overflows 64-bit signed arithmetic", (long long)a);
	else
		util_str_printf(why, "%lld %s %lld overflows 64-bit signed arithmetic",
				(long long)a, op_text[op], (long long)b);
	return false;
}

bool util_arith(enum util_arith_op op, int64_t a, int64_t b, int64_t *out, struct util_str *why)
{
	switch (op) {
	case UTIL_ARITH_ADD:
		if (b > 0 ? a > INT64_MAX - b : a < INT64_MIN - b)
			return overflows(op, a, b, why);
		*out = a + b;
		return true;
	case UTIL_ARITH_SUB:
		if (b < 0 ? a > INT64_MAX + b : a < INT64_MIN + b)
			return overflows(op, a, b, why);
		*out = a - b;
		return true;
	case UTIL_ARITH_MUL:
		if (mul_overflows(a, b))
			return overflows(op, a, b, why);
		*out = a * b;
		return true;
	case UTIL_ARITH_DIV:
	case UTIL_ARITH_MOD:
		if (b == 0 || (a == INT64_MIN && b == -1)) {
			util_str_puts(why, b ? "division by -1 overflows" : "division by zero");
			return false;
		}
		*out = op == UTIL_ARITH_DIV ? a / b : a % b;
		return true;
	case UTIL_ARITH_SHL:
	case UTIL_ARITH_SHR: {
		if (b < 0 || b > 63) {
			util_str_printf(why, "shift count %lld is not in 0..63", (long long)b);
			return false;
		}
		if (op == UTIL_ARITH_SHR) {
			*out = shift_right(a, b);
			return true;
		}
		int64_t r = (int64_t)((uint64_t)a << b);
		if (shift_right(r, b) != a)
			return overflows(op, a, b, why);
		*out = r;
		return true;
	}
	case UTIL_ARITH_NEG:
		if (a == INT64_MIN)
			return overflows(op, a, b, why);
		*out = -a;
		return true;
	}
	util_str_puts(why, "unknown operator");
	return false;
}
