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

/* The shortest single wait that lasts at least us (us <= HWSQ_WAIT_MAX_US). */
static void single_at_least(uint64_t us, unsigned *count, unsigned *shift)
{
	for (unsigned s = 0; s < 16; s++) {
		for (unsigned c = 1; c <= 3; c++) {
			if (hwsq_wait_us(c, s) >= us) {
				*count = c;
				*shift = s;
				return;
			}
		}
	}
	*count = 3;
	*shift = 15;
}

size_t hwsq_delay_encode(uint64_t us, bool exact, uint8_t *bytes, size_t max, uint64_t *encoded_us)
{
	size_t n = 0;
	*encoded_us = 0;
	if (exact) {
		/* One byte per nonzero base-4 digit, largest first; digits above
		 * shift 15 become full-length waits. */
		while (us > HWSQ_WAIT_MAX_US) {
			put(bytes, max, &n, 3, 15);
			us -= HWSQ_WAIT_MAX_US;
			*encoded_us += HWSQ_WAIT_MAX_US;
		}
		for (int s = 15; s >= 0; s--) {
			unsigned digit = (unsigned)((us >> (2 * s)) & 3);
			if (digit) {
				put(bytes, max, &n, digit, (unsigned)s);
				*encoded_us += hwsq_wait_us(digit, (unsigned)s);
			}
		}
		return n;
	}
	/* Fewest bytes: full-length waits until the rest fits one byte, then
	 * the shortest byte that covers the rest. */
	while (us > HWSQ_WAIT_MAX_US) {
		put(bytes, max, &n, 3, 15);
		us -= HWSQ_WAIT_MAX_US;
		*encoded_us += HWSQ_WAIT_MAX_US;
	}
	if (us) {
		unsigned c, s;
		single_at_least(us, &c, &s);
		put(bytes, max, &n, c, s);
		*encoded_us += hwsq_wait_us(c, s);
	}
	return n;
}
