/* Differential tests: the same PM4 streams through the SDK's a6xx image
 * and the vendor's a630_sqe.fw, and through the SDK's a7xx bundle and
 * gen70500_sqe.fw, in the emulator; their memory and register effects
 * must agree. Every handler of the SDK firmware is covered, with its
 * edge cases: zero-length and longest packets, indirect-buffer nesting
 * past the last level, 64-bit addresses that cross 4 GiB.
 *
 * The vendor images are looked for in $AFUC_FIRMWARE_DIR,
 * $SDK_ROOT/../shared/firmware/qcom and /usr/lib/firmware/qcom; without
 * them the comparisons are skipped. */
#include <stdlib.h>
#include <string.h>

#include "../lib/firmware.h"
#include "afuc/pm4.h"
#include "diff.h"
#include "util/util.h"

/* Memory the cases use. */
#define SRC 0x10000ull /* data to read */
#define DST 0x20000ull /* where results go */
#define IB1 0x30000ull /* indirect buffers */
#define IB2 0x31000ull
#define IB3 0x32000ull
#define IB4 0x33000ull
#define HIGH 0xfffffff8ull /* 8 bytes below 4 GiB */

/* CP_SCRATCH_REG[0..7]: registers nothing else touches. */
#define SCRATCH_REG(i) (0x883u + (i))

#define LO(a) ((uint32_t)(a))
#define HI(a) ((uint32_t)((a) >> 32))

/* ---- packets with nothing or everything ---- */

static void c_nop(struct diff *d)
{
	diff_pkt7(d, PM4_CP_NOP, NULL, 0);
	DIFF_PKT7(d, PM4_CP_NOP, 1, 2, 3, 4, 5);
	/* a following packet still parses */
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0x11);
}

static void c_nop_longest(struct diff *d)
{
	static uint32_t words[0x3fff];
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(words); i++)
		words[i] = 0x70000000u | (uint32_t)i; /* headers-looking words */
	diff_pkt7(d, PM4_CP_NOP, words, UTIL_ARRAY_SIZE(words));
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0x22);
}

static void c_pkt4(struct diff *d)
{
	DIFF_PKT4(d, SCRATCH_REG(1), 0xa);
	DIFF_PKT4(d, SCRATCH_REG(3), 0xb, 0xc, 0xd, 0xe, 0xf);
	diff_watch_regs(d, SCRATCH_REG(0), 8);
}

static void c_pkt4_longest(struct diff *d)
{
	uint32_t values[0x7f];
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(values); i++)
		values[i] = 0x1000u + (uint32_t)i;
	diff_pkt4(d, 0x8a00, values, UTIL_ARRAY_SIZE(values));
	diff_watch_regs(d, 0x8a00, 0x7f);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0x33);
}

/* Packets with no payload at all. (Malformed packets where the two
 * firmwares differ on purpose are not compared: a CP_SCRATCH_WRITE with
 * no data word makes vendor firmware take the next header as data; the
 * SDK's firmware skips it cleanly, see the handler tests in
 * tests/firmware/.) */
static void c_empty(struct diff *d)
{
	diff_pkt4(d, SCRATCH_REG(0), NULL, 0);
	diff_pkt7(d, PM4_CP_CONTEXT_REG_BUNCH, NULL, 0);
	diff_pkt7(d, PM4_CP_SET_DRAW_STATE, NULL, 0);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0xe0);
	diff_watch_regs(d, SCRATCH_REG(0), 8);
	diff_watch_mem(d, DST, 1);
}

static void c_context_reg_bunch(struct diff *d)
{
	DIFF_PKT7(d, PM4_CP_CONTEXT_REG_BUNCH, SCRATCH_REG(0), 0x100, SCRATCH_REG(5), 0x105,
		  SCRATCH_REG(2), 0x102);
	diff_watch_regs(d, SCRATCH_REG(0), 8);
}

/* ---- memory ---- */

static void c_mem_write(struct diff *d)
{
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0xdeadbeef);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 0x40), HI(DST), 1, 2, 3, 4, 5, 6, 7);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 0x80), HI(DST)); /* no data */
	diff_watch_mem(d, DST + 0x80, 2);
}

static void c_mem_write_4gib(struct diff *d)
{
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(HIGH), HI(HIGH), 0xa, 0xb, 0xc, 0xd);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, 0x40, 0x1234, 0xe); /* a high address */
}

static void c_mem_write_longest(struct diff *d)
{
	static uint32_t words[0x3fff];
	words[0] = LO(DST);
	words[1] = HI(DST);
	for (size_t i = 2; i < UTIL_ARRAY_SIZE(words); i++)
		words[i] = 0xc0000000u | (uint32_t)i;
	diff_pkt7(d, PM4_CP_MEM_WRITE, words, UTIL_ARRAY_SIZE(words));
}

static void c_memcpy(struct diff *d)
{
	DIFF_MEM(d, SRC, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17);
	DIFF_PKT7(d, PM4_CP_MEMCPY, 5, LO(SRC), HI(SRC), LO(DST), HI(DST));
	DIFF_PKT7(d, PM4_CP_MEMCPY, 0, LO(SRC), HI(SRC), LO(DST + 0x100), HI(DST));
	DIFF_PKT7(d, PM4_CP_MEMCPY, 1, LO(SRC + 4), HI(SRC), LO(DST + 0x200), HI(DST));
	diff_watch_mem(d, DST, 8);
	diff_watch_mem(d, DST + 0x100, 2);
}

static void c_memcpy_4gib(struct diff *d)
{
	DIFF_MEM(d, HIGH, 1, 2, 3, 4);
	DIFF_PKT7(d, PM4_CP_MEMCPY, 4, LO(HIGH), HI(HIGH), LO(DST), HI(DST));
	DIFF_PKT7(d, PM4_CP_MEMCPY, 3, LO(SRC), HI(SRC), LO(HIGH - 4), HI(HIGH));
}

static void c_mem_to_mem(struct diff *d)
{
	DIFF_MEM(d, SRC, 100, 0, 30, 0, 5, 0);
	/* dst = a + b, dst = a - b, dst = -a + b - c */
	DIFF_PKT7(d, PM4_CP_MEM_TO_MEM, 0, LO(DST), HI(DST), LO(SRC), HI(SRC), LO(SRC + 8),
		  HI(SRC));
	DIFF_PKT7(d, PM4_CP_MEM_TO_MEM, 0x2, LO(DST + 4), HI(DST), LO(SRC), HI(SRC), LO(SRC + 8),
		  HI(SRC));
	DIFF_PKT7(d, PM4_CP_MEM_TO_MEM, 0x5, LO(DST + 8), HI(DST), LO(SRC), HI(SRC), LO(SRC + 8),
		  HI(SRC), LO(SRC + 16), HI(SRC));
	diff_watch_mem(d, DST, 4);
}

static void c_mem_to_mem_double(struct diff *d)
{
	DIFF_MEM(d, SRC, 0xffffffff, 0x1, 0x1, 0x0, 0x2, 0x2);
	DIFF_PKT7(d, PM4_CP_MEM_TO_MEM, 1u << 29, LO(DST), HI(DST), LO(SRC), HI(SRC), LO(SRC + 8),
		  HI(SRC));
	DIFF_PKT7(d, PM4_CP_MEM_TO_MEM, 1u << 29 | 0x2, LO(DST + 8), HI(DST), LO(SRC), HI(SRC),
		  LO(SRC + 16), HI(SRC));
	DIFF_MEM(d, HIGH, 0x40, 0x50);
	DIFF_PKT7(d, PM4_CP_MEM_TO_MEM, 1u << 30, LO(HIGH + 4), HI(HIGH + 4), LO(HIGH), HI(HIGH),
		  LO(SRC + 8), HI(SRC));
	diff_watch_mem(d, DST, 4);
}

/* ---- registers and memory ---- */

static void c_reg_to_mem(struct diff *d)
{
	for (uint32_t i = 0; i < 8; i++)
		diff_reg(d, SCRATCH_REG(i), 0x500 + i);
	DIFF_PKT7(d, PM4_CP_REG_TO_MEM, SCRATCH_REG(1), LO(DST), HI(DST)); /* CNT 0 */
	DIFF_PKT7(d, PM4_CP_REG_TO_MEM, SCRATCH_REG(2) | 4u << 18, LO(DST + 0x10), HI(DST));
	DIFF_PKT7(d, PM4_CP_REG_TO_MEM, SCRATCH_REG(0) | 3u << 18, LO(HIGH), HI(HIGH));
	diff_watch_mem(d, DST, 8);
}

static void c_reg_to_mem_accumulate(struct diff *d)
{
	diff_reg(d, SCRATCH_REG(0), 0xffffffff);
	diff_reg(d, SCRATCH_REG(1), 0x2);
	diff_reg(d, SCRATCH_REG(2), 0x10);
	DIFF_MEM(d, DST, 0x1, 0x1, 0x5);
	DIFF_PKT7(d, PM4_CP_REG_TO_MEM, SCRATCH_REG(2) | 1u << 18 | 1u << 31, LO(DST + 8), HI(DST));
	DIFF_PKT7(d, PM4_CP_REG_TO_MEM, SCRATCH_REG(0) | 2u << 18 | 1u << 30 | 1u << 31, LO(DST),
		  HI(DST));
	diff_watch_mem(d, DST, 4);
}

static void c_mem_to_reg(struct diff *d)
{
	DIFF_MEM(d, SRC, 0x21, 0x22, 0x23, 0x24, 0x25);
	DIFF_PKT7(d, PM4_CP_MEM_TO_REG, SCRATCH_REG(0), LO(SRC), HI(SRC)); /* CNT 0 */
	DIFF_PKT7(d, PM4_CP_MEM_TO_REG, SCRATCH_REG(2) | 3u << 19, LO(SRC + 4), HI(SRC));
	DIFF_PKT7(d, PM4_CP_MEM_TO_REG, SCRATCH_REG(6) | 2u << 19 | 1u << 30, LO(SRC), HI(SRC));
	diff_watch_regs(d, SCRATCH_REG(0), 8);
}

static void c_mem_to_reg_longest(struct diff *d)
{
	static uint32_t words[0x7ff];
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(words); i++)
		words[i] = 0x9000u + (uint32_t)i;
	diff_mem(d, SRC, words, UTIL_ARRAY_SIZE(words));
	DIFF_PKT7(d, PM4_CP_MEM_TO_REG, 0x8800 | 0x7ffu << 19, LO(SRC), HI(SRC));
	diff_watch_regs(d, 0x8800, 8);
	diff_watch_regs(d, 0x8800 + 0x7f8, 8);
}

static void c_reg_to_mem_longest(struct diff *d)
{
	for (uint32_t i = 0; i < 0xfff; i += 0x101)
		diff_reg(d, 0x8800 + i, 0xabc0000 + i);
	DIFF_PKT7(d, PM4_CP_REG_TO_MEM, 0x8800 | 0xfffu << 18, LO(DST), HI(DST));
	diff_watch_mem(d, DST + 4 * 0xff8, 8);
}

static void c_mem_to_reg_4gib(struct diff *d)
{
	DIFF_MEM(d, HIGH, 0x31, 0x32, 0x33, 0x34);
	DIFF_PKT7(d, PM4_CP_MEM_TO_REG, SCRATCH_REG(1) | 4u << 19, LO(HIGH), HI(HIGH));
	diff_watch_regs(d, SCRATCH_REG(0), 8);
}

static void c_reg_rmw(struct diff *d)
{
	diff_reg(d, SCRATCH_REG(0), 0x12345678);
	diff_reg(d, SCRATCH_REG(1), 0xff00ff00);
	diff_reg(d, SCRATCH_REG(2), 0x0000000f);
	diff_reg(d, SCRATCH_REG(3), 0x80000001);
	/* (dst & 0xffff0000) | 0x42 */
	DIFF_PKT7(d, PM4_CP_REG_RMW, SCRATCH_REG(0), 0xffff0000, 0x42);
	/* ((dst & src0 reg) rot 4) + 3 */
	DIFF_PKT7(d, PM4_CP_REG_RMW, SCRATCH_REG(1) | 4u << 24 | 1u << 29 | 1u << 31,
		  SCRATCH_REG(2), 3);
	/* (dst & ~0) | src1 reg */
	DIFF_PKT7(d, PM4_CP_REG_RMW, SCRATCH_REG(3) | 1u << 30, 0xffffffff, SCRATCH_REG(2));
	diff_watch_regs(d, SCRATCH_REG(0), 4);
}

/* ---- the scratch registers ---- */

static void c_scratch(struct diff *d)
{
	uint32_t write = d->gen == EMU_A6XX ? PM4_CP_SCRATCH_WRITE : 0x4c;
	DIFF_PKT7(d, write, 2u << 20, 0x70, 0x71, 0x72);
	DIFF_PKT7(d, PM4_CP_SCRATCH_TO_REG, SCRATCH_REG(0) | 2u << 20 | 2u << 24);
	/* wrapping: scratch 6, 7, 0 */
	DIFF_PKT7(d, write, 6u << 20, 0x76, 0x77, 0x78);
	DIFF_PKT7(d, PM4_CP_SCRATCH_TO_REG, SCRATCH_REG(4) | 6u << 20 | 2u << 24);
	diff_watch_regs(d, SCRATCH_REG(0), 8);
}

static void c_reg_to_scratch(struct diff *d)
{
	diff_reg(d, 0x8a00, 0x61);
	diff_reg(d, 0x8a01, 0x62);
	diff_reg(d, 0x8a02, 0x63);
	DIFF_PKT7(d, PM4_CP_REG_TO_SCRATCH, 0x8a00 | 5u << 20 | 2u << 24);
	DIFF_PKT7(d, PM4_CP_SCRATCH_TO_REG, SCRATCH_REG(0) | 5u << 20 | 2u << 24);
	diff_watch_regs(d, SCRATCH_REG(0), 8);
}

/* ---- indirect buffers ---- */

/* Writes an IB holding packets [w, w + n) at addr; returns its size. */
static uint32_t ib(struct diff *d, uint64_t addr, const uint32_t *w, size_t n)
{
	diff_mem(d, addr, w, n);
	return (uint32_t)n;
}

static void c_ib1(struct diff *d)
{
	uint32_t w[16];
	size_t n = diff_build_pkt7(w, PM4_CP_MEM_WRITE, DIFF_WORDS(LO(DST), HI(DST), 0x1b1));
	n += diff_build_pkt7(w + n, PM4_CP_MEM_WRITE, DIFF_WORDS(LO(DST + 4), HI(DST), 0x1b2));
	uint32_t size = ib(d, IB1, w, n);
	DIFF_PKT7(d, PM4_CP_INDIRECT_BUFFER, LO(IB1), HI(IB1), size);
	/* back in the ring after it */
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 8), HI(DST), 0x1b3);
	/* an empty one */
	DIFF_PKT7(d, PM4_CP_INDIRECT_BUFFER, LO(IB2), HI(IB2), 0);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 12), HI(DST), 0x1b4);
	diff_watch_mem(d, DST, 4);
}

/* IBs nested `depth` deep (each writes a word before and after calling
 * the next), called from the ring. */
static void nested_ibs(struct diff *d, unsigned depth)
{
	static const uint64_t bases[] = {IB1, IB2, IB3, IB4};
	uint32_t w[16], size = 0;
	for (unsigned level = depth; level >= 1; level--) {
		uint64_t out = DST + 8 * (level - 1);
		size_t n = diff_build_pkt7(w, PM4_CP_MEM_WRITE,
					   DIFF_WORDS(LO(out), HI(out), 0x100 * level + 1));
		if (level < depth)
			n += diff_build_pkt7(w + n, PM4_CP_INDIRECT_BUFFER,
					     DIFF_WORDS(LO(bases[level]), HI(bases[level]), size));
		n += diff_build_pkt7(w + n, PM4_CP_MEM_WRITE,
				     DIFF_WORDS(LO(out + 4), HI(out), 0x100 * level + 2));
		size = ib(d, bases[level - 1], w, n);
	}
	DIFF_PKT7(d, PM4_CP_INDIRECT_BUFFER, LO(IB1), HI(IB1), size);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 0x40), HI(DST), 0xbbb);
	diff_watch_mem(d, DST, 8);
	diff_watch_mem(d, DST + 0x40, 1);
}

/* As deep as the GPU goes: IB2 on a6xx, IB3 on a7xx. */
static void c_ib_deepest(struct diff *d)
{
	nested_ibs(d, d->gen == EMU_A6XX ? 2 : 3);
}

/* One level deeper is fatal: the firmware stops. */
static void c_ib_too_deep(struct diff *d)
{
	nested_ibs(d, d->gen == EMU_A6XX ? 3 : 4);
	diff_expect_stop(d);
}

static void c_ib_4gib(struct diff *d)
{
	/* the buffer itself straddles 4 GiB */
	uint32_t w[8];
	size_t n = diff_build_pkt7(w, PM4_CP_MEM_WRITE, DIFF_WORDS(LO(DST), HI(DST), 0x4a4));
	diff_mem(d, HIGH - 4, w, n);
	DIFF_PKT7(d, PM4_CP_INDIRECT_BUFFER, LO(HIGH - 4), HI(HIGH - 4), (uint32_t)n);
	diff_watch_mem(d, DST, 1);
}

/* ---- conditions ---- */

static void c_cond_exec(struct diff *d)
{
	DIFF_MEM(d, SRC, 1, 5, 0, 0xfffffffe);
	/* taken: *SRC != 0 and *(SRC + 4) = 5 < 6; the 4 words are a CP_MEM_WRITE */
	DIFF_PKT7(d, PM4_CP_COND_EXEC, LO(SRC), HI(SRC), LO(SRC + 4), HI(SRC), 6, 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0xc1);
	/* not taken: 5 < 5 is false */
	DIFF_PKT7(d, PM4_CP_COND_EXEC, LO(SRC), HI(SRC), LO(SRC + 4), HI(SRC), 5, 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 4), HI(DST), 0xc2);
	/* not taken: *ADDR0 == 0 */
	DIFF_PKT7(d, PM4_CP_COND_EXEC, LO(SRC + 8), HI(SRC), LO(SRC + 4), HI(SRC), 6, 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 8), HI(DST), 0xc3);
	/* signed: -2 < 1 */
	DIFF_PKT7(d, PM4_CP_COND_EXEC, LO(SRC), HI(SRC), LO(SRC + 12), HI(SRC), 1, 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 12), HI(DST), 0xc4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 16), HI(DST), 0xc5);
	diff_watch_mem(d, DST, 5);
}

static void c_reg_test(struct diff *d)
{
	diff_reg(d, SCRATCH_REG(7), 0x5); /* bits 0 and 2 */
	/* predicate 0 = bit 2 (set): the write runs */
	DIFF_PKT7(d, PM4_CP_REG_TEST, SCRATCH_REG(7) | 2u << 20);
	DIFF_PKT7(d, PM4_CP_COND_REG_EXEC, 1u << 28, 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0xd1);
	/* predicate 0 = bit 1 (clear): skipped */
	DIFF_PKT7(d, PM4_CP_REG_TEST, SCRATCH_REG(7) | 1u << 20);
	DIFF_PKT7(d, PM4_CP_COND_REG_EXEC, 1u << 28, 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 4), HI(DST), 0xd2);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 8), HI(DST), 0xd3);
	diff_watch_mem(d, DST, 3);
}

static void c_reg_test_update(struct diff *d)
{
	/* PRED_UPDATE: bits 3 and 4 from PRED_VAL under PRED_MASK */
	DIFF_PKT7(d, PM4_CP_REG_TEST, 1u << 31, 0x18, 0x08);
	DIFF_PKT7(d, PM4_CP_COND_REG_EXEC, 1u << 28 | 3u << 18, 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0xd4);
	DIFF_PKT7(d, PM4_CP_COND_REG_EXEC, 1u << 28 | 4u << 18, 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 4), HI(DST), 0xd5);
	diff_watch_mem(d, DST, 2);
}

static void c_cond_reg_compare(struct diff *d)
{
	diff_reg(d, SCRATCH_REG(0), 0x77);
	diff_reg(d, SCRATCH_REG(1), 0x77);
	diff_reg(d, SCRATCH_REG(2), 0x78);
	DIFF_PKT7(d, PM4_CP_COND_REG_EXEC, 2u << 28 | SCRATCH_REG(0), SCRATCH_REG(1), 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0xe1);
	DIFF_PKT7(d, PM4_CP_COND_REG_EXEC, 2u << 28 | SCRATCH_REG(0), SCRATCH_REG(2), 4);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 4), HI(DST), 0xe2);
	diff_watch_mem(d, DST, 2);
}

static void c_set_marker(struct diff *d)
{
	static const uint32_t modes[] = {1, 2, 4}; /* RM6_BYPASS, RM6_BINNING, RM6_GMEM */
	for (uint32_t m = 0; m < UTIL_ARRAY_SIZE(modes); m++) {
		DIFF_PKT7(d, PM4_CP_SET_MARKER, modes[m]);
		/* SYSMEM (27), BINNING (25), GMEM (26) in turn */
		for (uint32_t b = 0; b < 3; b++) {
			DIFF_PKT7(d, PM4_CP_COND_REG_EXEC, 3u << 28 | 1u << (25 + b), 4);
			DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 4 * (3 * m + b)), HI(DST),
				  0xf0 + 3 * m + b);
		}
	}
	diff_watch_mem(d, DST, 9);
}

static void c_set_draw_state(struct diff *d)
{
	/* two groups stored; nothing runs until a draw */
	uint32_t w[3] = {emu_pkt4_header(SCRATCH_REG(4), 2), 0x44, 0x45};
	diff_mem(d, IB1, w, 3);
	DIFF_PKT7(d, PM4_CP_SET_DRAW_STATE, 3 | 1u << 19 | 3u << 24, LO(IB1), HI(IB1), 3 | 5u << 24,
		  LO(IB1), HI(IB1));
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0x5d5);
	diff_watch_regs(d, SCRATCH_REG(0), 8);
	diff_watch_mem(d, DST, 1);
}

/* ---- waiting ---- */

static void c_waits(struct diff *d)
{
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0x61);
	diff_pkt7(d, PM4_CP_WAIT_MEM_WRITES, NULL, 0);
	diff_pkt7(d, PM4_CP_WAIT_FOR_IDLE, NULL, 0);
	diff_pkt7(d, PM4_CP_WAIT_FOR_ME, NULL, 0);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 4), HI(DST), 0x62);
	diff_watch_mem(d, DST, 2);
}

static void c_wait_reg_mem(struct diff *d)
{
	DIFF_MEM(d, SRC, 0x1234, 0xfffffff0);
	diff_reg(d, SCRATCH_REG(0), 0x8);
	/* memory: (0x1234 & 0xff) == 0x34 */
	DIFF_PKT7(d, PM4_CP_WAIT_REG_MEM, 3 | 1u << 4, LO(SRC), HI(SRC), 0x34, 0xff, 16);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST), HI(DST), 0x71);
	/* register: 8 >= 8 */
	DIFF_PKT7(d, PM4_CP_WAIT_REG_MEM, 5, SCRATCH_REG(0), 0, 0x8, 0xffffffff, 16);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 4), HI(DST), 0x72);
	/* signed: -16 < 1 */
	DIFF_PKT7(d, PM4_CP_WAIT_REG_MEM, 1 | 1u << 3 | 1u << 4, LO(SRC + 4), HI(SRC), 1,
		  0xffffffff, 16);
	DIFF_PKT7(d, PM4_CP_MEM_WRITE, LO(DST + 8), HI(DST), 0x73);
	diff_watch_mem(d, DST, 3);
}

/* ---- events ---- */

static void c_event_write(struct diff *d)
{
	if (d->gen == EMU_A6XX) {
		DIFF_PKT7(d, PM4_CP_EVENT_WRITE, 4 /* CACHE_FLUSH_TS */, LO(DST), HI(DST), 0x5eed);
	} else {
		/* CACHE_FLUSH_TS, WRITE_SRC USER_32B, WRITE_ENABLED */
		DIFF_PKT7(d, PM4_CP_EVENT_WRITE7, 4 | 1u << 27, LO(DST), HI(DST), 0x5eed, 0);
	}
	diff_watch_pipe(d, 0xe8); /* EVENT_TS_ADDR */
	diff_watch_pipe(d, 0xe9);
	diff_watch_pipe(d, 0xeb); /* EVENT_TS_DATA */
	diff_watch_mem(d, DST, 1);
}

/* ---- the runner ---- */

struct diff_case {
	const char *name;
	void (*run)(struct diff *d);
};

static const struct diff_case cases[] = {
	{"CP_NOP", c_nop},
	{"CP_NOP longest", c_nop_longest},
	{"PKT4", c_pkt4},
	{"PKT4 longest", c_pkt4_longest},
	{"empty packets", c_empty},
	{"CP_CONTEXT_REG_BUNCH", c_context_reg_bunch},
	{"CP_MEM_WRITE", c_mem_write},
	{"CP_MEM_WRITE across 4 GiB", c_mem_write_4gib},
	{"CP_MEM_WRITE longest", c_mem_write_longest},
	{"CP_MEMCPY", c_memcpy},
	{"CP_MEMCPY across 4 GiB", c_memcpy_4gib},
	{"CP_MEM_TO_MEM", c_mem_to_mem},
	{"CP_MEM_TO_MEM 64-bit", c_mem_to_mem_double},
	{"CP_REG_TO_MEM", c_reg_to_mem},
	{"CP_REG_TO_MEM accumulate", c_reg_to_mem_accumulate},
	{"CP_MEM_TO_REG", c_mem_to_reg},
	{"CP_MEM_TO_REG across 4 GiB", c_mem_to_reg_4gib},
	{"CP_MEM_TO_REG longest", c_mem_to_reg_longest},
	{"CP_REG_TO_MEM longest", c_reg_to_mem_longest},
	{"CP_REG_RMW", c_reg_rmw},
	{"CP_SCRATCH_WRITE, CP_SCRATCH_TO_REG", c_scratch},
	{"CP_REG_TO_SCRATCH", c_reg_to_scratch},
	{"CP_INDIRECT_BUFFER", c_ib1},
	{"CP_INDIRECT_BUFFER to the deepest level", c_ib_deepest},
	{"CP_INDIRECT_BUFFER one level too deep", c_ib_too_deep},
	{"CP_INDIRECT_BUFFER across 4 GiB", c_ib_4gib},
	{"CP_COND_EXEC", c_cond_exec},
	{"CP_REG_TEST, CP_COND_REG_EXEC", c_reg_test},
	{"CP_REG_TEST PRED_UPDATE", c_reg_test_update},
	{"CP_COND_REG_EXEC REG_COMPARE", c_cond_reg_compare},
	{"CP_SET_MARKER", c_set_marker},
	{"CP_SET_DRAW_STATE", c_set_draw_state},
	{"waits", c_waits},
	{"CP_WAIT_REG_MEM", c_wait_reg_mem},
	{"CP_EVENT_WRITE", c_event_write},
};

static bool read_sdk_image(const char *rel, uint8_t **data, size_t *len)
{
	const char *build = getenv("SDK_BUILD");
	char *path = util_xasprintf("%s/firmware/%s", build && *build ? build : "build", rel);
	bool ok = util_read_file(path, data, len) == 0;
	free(path);
	return ok;
}

static bool read_vendor_image(const char *name, uint8_t **data, size_t *len)
{
	*data = test_firmware(name, len, NULL);
	return *data != NULL;
}

/* Runs every case through the two images (names for messages). */
static void compare_images(struct tap *t, enum emu_gen gen, const char *names[2],
			   uint8_t *const images[2], const size_t sizes[2], const char *only)
{
	struct diff d = {.t = t, .gen = gen, .names = {names[0], names[1]}};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++) {
		if (only && !strstr(cases[i].name, only))
			continue;
		char *name = util_xasprintf("%s vs %s: %s", names[0], names[1], cases[i].name);
		if (diff_begin(&d, name, (const uint8_t *const *)images, sizes)) {
			cases[i].run(&d);
			diff_run(&d);
		}
		free(name);
	}
}

static void compare(struct tap *t, enum emu_gen gen, const char *sdk, const char *vendor,
		    const char *only)
{
	uint8_t *images[2] = {NULL, NULL};
	size_t sizes[2];
	if (!read_sdk_image(sdk, &images[0], &sizes[0])) {
		tap_ok(t, false, "the SDK's %s is built (make)", sdk);
		return;
	}
	if (!read_vendor_image(vendor, &images[1], &sizes[1])) {
		tap_skip(t, 1, "vendor image %s not found: no comparison with %s", vendor, sdk);
		free(images[0]);
		return;
	}
	compare_images(t, gen, (const char *[]){sdk, vendor}, images, sizes, only);
	free(images[0]);
	free(images[1]);
}

/* test-diff --images GEN A.fw B.fw [CASE]: the same cases through any two
 * images (tests/firmware/patch.sh compares a vendor image with itself
 * patched). */
static int images_main(struct tap *t, char **argv, const char *only)
{
	enum emu_gen gen = strcmp(argv[0], "a6xx") == 0 ? EMU_A6XX : EMU_A7XX;
	uint8_t *images[2] = {NULL, NULL};
	size_t sizes[2];
	for (int i = 0; i < 2; i++) {
		if (util_read_file(argv[1 + i], &images[i], &sizes[i]) != 0) {
			tap_ok(t, false, "cannot read %s", argv[1 + i]);
			free(images[0]);
			return tap_done_testing(t);
		}
	}
	compare_images(t, gen, (const char *[]){argv[1], argv[2]}, images, sizes, only);
	free(images[0]);
	free(images[1]);
	return tap_done_testing(t);
}

int main(int argc, char **argv)
{
	struct tap t;
	tap_init(&t, stdout);
	if (argc >= 5 && strcmp(argv[1], "--images") == 0)
		return images_main(&t, argv + 2, argc > 5 ? argv[5] : NULL);
	/* test-diff [CASE]: only the cases whose name contains CASE */
	const char *only = argc > 1 ? argv[1] : NULL;
	compare(&t, EMU_A6XX, "a6xx/sqe.fw", "a630_sqe.fw", only);
	compare(&t, EMU_A7XX, "a7xx/sqe.fw", "gen70500_sqe.fw", only);
	return tap_done_testing(&t);
}
