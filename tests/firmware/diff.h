/* Differential runs: the same PM4 stream through two firmware images in
 * two emulators (the SDK's image and a vendor's), then their effects
 * compared. A case presets memory and registers in both, pushes packets
 * to both, names what to compare, and diff_run() runs both and prints
 * one TAP test per compared value.
 *
 *   diff_mem(d, 0x1000, words, 2);                 (both emulators)
 *   DIFF_PKT7(d, PM4_CP_MEM_WRITE, 0x2000, 0, 7);
 *   diff_watch_reg(d, 0x883);
 *   diff_run(d);
 *
 * Memory every image wrote is compared word by word, watched or not. */
#ifndef TESTS_FIRMWARE_DIFF_H
#define TESTS_FIRMWARE_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "afuc/emu.h"
#include "afuc/tap.h"

#define DIFF_MAX_WATCH 64

struct diff_range {
	uint64_t addr;
	uint32_t count;
};

struct diff {
	struct tap *t;
	enum emu_gen gen;
	const char *name;     /* the case, for test names */
	const char *names[2]; /* "sdk", "a630_sqe" */
	struct emu *emu[2];
	uint32_t regs[DIFF_MAX_WATCH];
	size_t nregs;
	uint32_t pipes[DIFF_MAX_WATCH];
	size_t npipes;
	struct diff_range ranges[DIFF_MAX_WATCH];
	size_t nranges;
	bool expect_stop; /* both must stop with an error, not go idle */
};

/* Where the images are put: above 4 GiB, clear of the test addresses. */
#define DIFF_INSTR_BASE 0x7000000000ull

/* Starts a case: two fresh emulators, each booted and through CP_ME_INIT,
 * with their write logs cleared. False (with a failed test) when either
 * does not boot. */
bool diff_begin(struct diff *d, const char *name, const uint8_t *const images[2],
		const size_t sizes[2]);
/* Compares, prints the results and frees the emulators. */
void diff_run(struct diff *d);

void diff_mem(struct diff *d, uint64_t addr, const uint32_t *words, size_t count);
void diff_reg(struct diff *d, uint32_t offset, uint32_t value);
void diff_pkt7(struct diff *d, uint32_t opcode, const uint32_t *payload, size_t count);
void diff_pkt4(struct diff *d, uint32_t reg, const uint32_t *values, size_t count);
void diff_watch_reg(struct diff *d, uint32_t offset);
void diff_watch_regs(struct diff *d, uint32_t offset, uint32_t count);
void diff_watch_pipe(struct diff *d, uint32_t reg);
void diff_watch_mem(struct diff *d, uint64_t addr, uint32_t count);
/* The stream is fatal: both firmwares must stop (hang) rather than go
 * idle; what they did before is still compared. */
void diff_expect_stop(struct diff *d);

#define DIFF_WORDS(...)                    \
	((const uint32_t[]){__VA_ARGS__}), \
		(sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))
#define DIFF_PKT7(d, op, ...) diff_pkt7((d), (op), DIFF_WORDS(__VA_ARGS__))
#define DIFF_PKT4(d, reg, ...) diff_pkt4((d), (reg), DIFF_WORDS(__VA_ARGS__))
#define DIFF_MEM(d, addr, ...) diff_mem((d), (addr), DIFF_WORDS(__VA_ARGS__))

/* The PM4 words of one packet, for building indirect buffers in memory. */
size_t diff_build_pkt7(uint32_t *out, uint32_t opcode, const uint32_t *payload, size_t count);

#endif
