/* Delays as wait bytes. A wait byte lasts count << (2 * shift)
 * microseconds (count 0-3, shift 0-15), so one byte reaches any of
 * {1, 2, 3} * 4^k and a sum of bytes any whole number of microseconds. */
#include "hwsq/hwsq.h"

uint64_t hwsq_delay_ns_to_us(uint64_t ns)
{
	return ns / 1000 + (ns % 1000 != 0);
}

static uint8_t wait_byte(unsigned count, unsigned shift)
{
	uint64_t raw = 0;
	const uint32_t operands[HWSQ_MAX_OPERANDS] = {count, shift};
	hwsq_encode(hwsq_opcode_of(HWSQ_OP_WAIT), operands, &raw);
	return (uint8_t)raw;
}

static void put(uint8_t *bytes, size_t max, size_t *n, unsigned count, unsigned shift)
{
	if (*n < max)
		bytes[*n] = wait_byte(count, shift);
	(*n)++;
}

/* The nonzero base-4 digits of v: the bytes that wait exactly v. */
static unsigned digit_count(uint64_t v)
{
	unsigned n = 0;
	for (; v; v >>= 2)
		n += (v & 3) != 0;
	return n;
}

/* One byte per nonzero base-4 digit of us (us <= HWSQ_WAIT_MAX_US),
 * largest first: exactly us. */
static void put_digits(uint8_t *bytes, size_t max, size_t *n, uint64_t us)
{
	for (int s = 15; s >= 0; s--) {
		unsigned digit = (unsigned)((us >> (2 * s)) & 3);
		if (digit)
			put(bytes, max, n, digit, (unsigned)s);
	}
}

/* The shortest wait of at most k bytes that lasts at least us (us <=
 * HWSQ_WAIT_MAX_US). Bytes whose shortest shift is p sum to a multiple of
 * 4^p, at least us rounded up to one, and that multiple takes one byte per
 * nonzero base-4 digit: so the candidates are us rounded up at each p. */
static uint64_t least_cover(uint64_t us, unsigned k)
{
	uint64_t best = UINT64_MAX;
	for (unsigned p = 0; p < 16; p++) {
		uint64_t unit = UINT64_C(1) << (2 * p);
		uint64_t v = (us + unit - 1) / unit * unit;
		if (v <= HWSQ_WAIT_MAX_US && digit_count(v) <= k && v < best)
			best = v;
	}
	return best;
}

size_t hwsq_delay_encode(uint64_t us, bool exact, uint8_t *bytes, size_t max, uint64_t *encoded_us)
{
	size_t n = 0;
	*encoded_us = 0;
	/* full-length waits until the rest fits the longest byte */
	while (us > HWSQ_WAIT_MAX_US) {
		put(bytes, max, &n, 3, 15);
		us -= HWSQ_WAIT_MAX_US;
		*encoded_us += HWSQ_WAIT_MAX_US;
	}
	if (!us)
		return n;
	uint64_t v = us;
	if (!exact) {
		/* The fewest bytes that wait at least us and at most an eighth
		 * more; three always do (the rest below the third digit is
		 * under a sixteenth of us). */
		for (unsigned k = 1; k <= 3; k++) {
			v = least_cover(us, k);
			if (v - us <= us / HWSQ_DELAY_SLACK)
				break;
		}
	}
	put_digits(bytes, max, &n, v);
	*encoded_us += v;
	return n;
}
