/* Command streams built in memory by the tests' capture writers
 * (mkcapture-a7xx, mkcases): a growing array of words and the PM4
 * packets appended to it. */
#ifndef TESTS_FIRMWARE_STREAM_H
#define TESTS_FIRMWARE_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "afuc/emu.h"
#include "util/util.h"

/* A buffer being filled with words (owned: free w). */
struct words {
	uint32_t *w;
	size_t len, cap;
};

static inline void emit(struct words *b, uint32_t word)
{
	*UTIL_PUSH(b->w, b->len, b->cap) = word;
}

static inline void pkt7(struct words *b, uint32_t opcode, const uint32_t *payload, size_t count)
{
	emit(b, emu_pkt7_header(opcode, (uint32_t)count));
	for (size_t i = 0; i < count; i++)
		emit(b, payload[i]);
}

static inline void pkt4(struct words *b, uint32_t reg, const uint32_t *values, size_t count)
{
	emit(b, emu_pkt4_header(reg, (uint32_t)count));
	for (size_t i = 0; i < count; i++)
		emit(b, values[i]);
}

#define WORDS(...) \
	((const uint32_t[]){__VA_ARGS__}), UTIL_ARRAY_SIZE(((const uint32_t[]){__VA_ARGS__}))
#define PKT7(b, op, ...) pkt7((b), (op), WORDS(__VA_ARGS__))
#define PKT4(b, reg, ...) pkt4((b), (reg), WORDS(__VA_ARGS__))
#define LO(a) ((uint32_t)(a))
#define HI(a) ((uint32_t)((a) >> 32))

#endif
