/* mkcases GEN DIR: writes, for generation GEN (a5xx, a6xx or a7xx), one
 * capture per opcode that the drivers (Mesa's freedreno and turnip) or
 * the msm kernel send on that generation, DIR/OPCODE.rd, each with
 * several payloads of that opcode shaped as the driver fills them (each
 * flag it sets, addresses into the buffers the capture holds, conditions
 * that already hold). It prints one line per capture for
 * tests/firmware/opcodes.sh: "OPCODE<tab>name<tab>how<tab>why", how being
 * "check" (the SDK's firmware must agree with the vendor's), "todo" (it
 * does not yet: why) or "skip" (the emulator's model lacks what the
 * vendor path needs: why), name the opcode's name in the generation's
 * packet table (what afuc-emu --stats calls it). The table below is where each opcode's cases
 * and standing are written, once. docs/firmware.md lists the opcodes
 * with where the drivers emit them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/a6xx_regs.h"
#include "afuc/a7xx_regs.h"
#include "afuc/pm4.h"
#include "rd/rd.h"
#include "stream.h"

/* Where the buffers live (GPU addresses). */
#define IB_BASE 0x100000ull
#define IB2_BASE 0x110000ull   /* a second-level IB */
#define IB2_DWORDS 3           /* its size: a CP_NOP and a CP_WAIT_FOR_IDLE */
#define DRAWS_BASE 0x118000ull /* two IB2s of three draws, USE_VISIBILITY */
#define DRAWS_DWORDS 12
#define STATE_BASE 0x120000ull  /* a draw-state group */
#define DATA_BASE 0x200000ull   /* what packets read (below) */
#define RESULT_BASE 0x300000ull /* what they write */

/* In the data buffer, byte offsets: */
#define D_DRAW 0x00     /* two VkDrawIndirectCommand, stride 16 */
#define D_INDEXED 0x20  /* two VkDrawIndexedIndirectCommand, stride 20 */
#define D_COUNT 0x48    /* a draw count: 2 */
#define D_DISPATCH 0x50 /* VkDispatchIndirectCommand */
#define D_INDEX 0x60    /* 16-bit indices */
#define D_CONST 0x80    /* 16 constants */
#define D_VALUES 0xc0   /* 64-bit values (query start and end) */
#define D_ZERO64 0xd0   /* a 64-bit 0 (a predicate that fails) */
#define D_ONE 0xe0      /* 1 (a predicate that passes, an availability) */
#define D_ZERO 0xe4     /* 0 */
#define D_BINSIZE 0xe8  /* two pipes' draw-stream sizes, as VSC writes them */
#define D_XFB 0xf0      /* a transform-feedback byte count */
#define D_VIS 0xf4      /* two bins' visibility streams, a word each */
#define D_VISSIZE 0xfc  /* their size in bytes: 4 */
#define DATA_WORDS 64

#define DATA(off) (DATA_BASE + (off))
#define RESULT(off) (RESULT_BASE + (off))

/* A generation's choices: the capture's GPU, and registers of it that a
 * packet reads or writes (any plain register would do; these are the
 * ones the drivers name there). */
struct gen {
	const char *name;
	unsigned bit;
	uint32_t gpu_id;
	uint32_t chip_hi, chip_lo;
	uint32_t reg;     /* a register written and read: VFD_INDEX_OFFSET */
	uint32_t counter; /* a 64-bit counter the kernel reads: CP_ALWAYS_ON_COUNTER */
	uint32_t so_offset;
};

enum { A5 = 1, A6 = 2, A7 = 4 };

static const struct gen gens[] = {
	{"a5xx", A5, 540, 0x05040000, 0, 0xe408, 0x3a0, 0xe2ab},
	{"a6xx", A6, 630, 0x06030000, 0, 0xa00e, 0x980, 0x921e},
	{"a7xx", A7, 730, 0x07030001, 0, 0xa00e, 0x980, 0x921e},
};

/* vgt_draw_initiator: triangles, AUTO_INDEX or DMA (indices from
 * memory, 16-bit) */
#define DI_AUTO (4u | 2u << 6)
#define DI_DMA16 (4u | 0u << 6 | 1u << 11)
#define DI_INSTANCED_AUTO (DI_AUTO | 1u << 9)

/* CP_LOAD_STATE6 header: DST_OFF, STATE_TYPE, STATE_SRC, STATE_BLOCK,
 * NUM_UNIT */
#define LS6(dst, type, src, block, units)                                                   \
	((dst) | (uint32_t)(type) << 14 | (uint32_t)(src) << 16 | (uint32_t)(block) << 18 | \
	 (uint32_t)(units) << 22)
enum { ST6_SHADER = 0, ST6_CONSTANTS = 1, ST6_UBO = 2, ST6_IBO = 3 };
enum { SS6_DIRECT = 0, SS6_BINDLESS = 1, SS6_INDIRECT = 2 };
enum { SB6_VS_SHADER = 8, SB6_FS_SHADER = 12, SB6_CS_SHADER = 13, SB6_IBO = 14 };

static void cp_nop(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_NOP);
	PKT7(b, PM4_CP_NOP, 0xdeadbeef, 1, 2);
}

static void pkt4_case(struct words *b, const struct gen *g)
{
	PKT4(b, g->reg, 0x11);
	PKT4(b, g->reg, 1, 2, 3);
}

static void mem_write(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_MEM_WRITE, LO(RESULT(0)), HI(RESULT(0)), 1);
	/* a query's 64-bit result and availability */
	PKT7(b, PM4_CP_MEM_WRITE, LO(RESULT(0x10)), HI(RESULT(0x10)), 5, 0, 1, 0);
}

/* CP_MEM_TO_MEM: NEG_A/B/C bits 0..2, DOUBLE 29, WAIT_FOR_MEM_WRITES 30 */
static void mem_to_mem(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_MEM_TO_MEM, 0, LO(RESULT(0)), HI(RESULT(0)), LO(DATA(D_COUNT)),
	     HI(DATA(D_COUNT)));
	PKT7(b, PM4_CP_MEM_TO_MEM, 1u << 29, LO(RESULT(0x10)), HI(RESULT(0x10)), LO(DATA(D_VALUES)),
	     HI(DATA(D_VALUES)));
	/* result += end - start, as the occlusion queries accumulate */
	PKT7(b, PM4_CP_MEM_TO_MEM, 1u << 29 | 1u << 2, LO(RESULT(0x20)), HI(RESULT(0x20)),
	     LO(RESULT(0x20)), HI(RESULT(0x20)), LO(DATA(D_VALUES + 8)), HI(DATA(D_VALUES + 8)),
	     LO(DATA(D_VALUES)), HI(DATA(D_VALUES)));
	/* a query result copied once earlier writes have landed */
	PKT7(b, PM4_CP_MEM_TO_MEM, 1u << 30 | 1u << 29, LO(RESULT(0x30)), HI(RESULT(0x30)),
	     LO(DATA(D_VALUES)), HI(DATA(D_VALUES)));
}

/* CP_MEM_TO_REG: REG 0..17, CNT 19..29 */
static void mem_to_reg(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_MEM_TO_REG, g->reg | 1u << 19, LO(DATA(D_COUNT)), HI(DATA(D_COUNT)));
	PKT7(b, PM4_CP_MEM_TO_REG, g->reg | 2u << 19, LO(DATA(D_DRAW)), HI(DATA(D_DRAW)));
	/* a transform-feedback buffer's offset, as turnip resumes it (UNK31) */
	PKT7(b, PM4_CP_MEM_TO_REG, g->so_offset | 1u << 19 | 1u << 31, LO(DATA(D_XFB)),
	     HI(DATA(D_XFB)));
}

/* CP_REG_TO_MEM: REG 0..17, CNT 18.., 64B 30; the kernel reads its
 * 64-bit counters this way */
static void reg_to_mem(struct words *b, const struct gen *g)
{
	PKT4(b, g->reg, 0x1234);
	PKT7(b, PM4_CP_REG_TO_MEM, g->reg | 1u << 18, LO(RESULT(0)), HI(RESULT(0)));
	PKT7(b, PM4_CP_REG_TO_MEM, g->counter | 2u << 18 | 1u << 30, LO(RESULT(0x10)),
	     HI(RESULT(0x10)));
}

/* CP_REG_TO_MEM_OFFSET_REG: CP_REG_TO_MEM's word and DEST, then OFFSET0
 * (a register, or with bit 19 a scratch register) and maybe OFFSET1, the
 * offset's high half */
static void reg_to_mem_offset_reg(struct words *b, const struct gen *g)
{
	PKT4(b, g->reg, 0x1234, 0x10, 0);
	PKT7(b, PM4_CP_SCRATCH_WRITE, 1u << 20, 0x20);
	PKT7(b, PM4_CP_REG_TO_MEM_OFFSET_REG, g->reg | 1u << 18, LO(RESULT(0)), HI(RESULT(0)),
	     g->reg + 1);
	PKT7(b, PM4_CP_REG_TO_MEM_OFFSET_REG, g->reg | 1u << 18, LO(RESULT(0)), HI(RESULT(0)),
	     1u | 1u << 19, g->reg + 2);
	PKT7(b, PM4_CP_REG_TO_MEM_OFFSET_REG, g->counter | 2u << 18 | 1u << 30, LO(RESULT(0x40)),
	     HI(RESULT(0x40)), 1u | 1u << 19);
}

/* CP_REG_TO_MEM_OFFSET_MEM: CP_REG_TO_MEM's word and DEST, then where a
 * 32-bit offset is */
static void reg_to_mem_offset_mem(struct words *b, const struct gen *g)
{
	PKT4(b, g->reg, 0x1234, 0x5678);
	PKT7(b, PM4_CP_REG_TO_MEM_OFFSET_MEM, g->reg | 2u << 18, LO(RESULT(0)), HI(RESULT(0)),
	     LO(DATA(D_XFB)), HI(DATA(D_XFB)));
	PKT7(b, PM4_CP_REG_TO_MEM_OFFSET_MEM, g->counter | 2u << 18 | 1u << 30, LO(RESULT(0x40)),
	     HI(RESULT(0x40)), LO(DATA(D_ZERO)), HI(DATA(D_ZERO)));
}

/* CP_INTERRUPT: RB_INT (31), as the kernel sent it before a5xx, and 0 */
static void interrupt(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_INTERRUPT, 0x80000000);
	PKT7(b, PM4_CP_INTERRUPT, 0);
}

/* CP_REG_RMW: DST_REG, then the AND mask and the OR value; SRC1_ADD
 * (29) adds instead */
static void reg_rmw(struct words *b, const struct gen *g)
{
	PKT4(b, g->reg, 0xf0f0);
	PKT7(b, PM4_CP_REG_RMW, g->reg, 0xff00ff00, 0x5);
	PKT7(b, PM4_CP_REG_RMW, g->reg | 1u << 29, 0xffffffff, 0x10);
	if (g->bit == A5) /* ROTATE, which a530_pm4 hands to the ME's hardware */
		PKT7(b, PM4_CP_REG_RMW, g->reg | 4u << 24, 0x0ff0ffff, 0x3);
}

/* CP_REG_TO_SCRATCH: REG, SCRATCH 20..22, CNT 24..26 (CNT + 1 registers) */
static void reg_to_scratch(struct words *b, const struct gen *g)
{
	PKT4(b, g->reg, 0x77, 0x88);
	PKT7(b, PM4_CP_REG_TO_SCRATCH, g->reg | 0u << 20);
	PKT7(b, PM4_CP_REG_TO_SCRATCH, g->reg | 2u << 20 | 1u << 24);
	/* and back to a register */
	PKT7(b, PM4_CP_SCRATCH_TO_REG, (g->reg + 1) | 2u << 20);
}

/* CP_SCRATCH_TO_REG: REG, SCRATCH 20..22, CNT 24..26 (count - 1); turnip
 * (tu_scratch_ram.h) saves two registers around a 3D blit, one word each
 * (CP_REG_TO_SCRATCH), and puts them back this way. */
static void scratch_to_reg(struct words *b, const struct gen *g)
{
	PKT4(b, g->reg, 0x55, 0x66);
	PKT7(b, PM4_CP_REG_TO_SCRATCH, g->reg | 0u << 20);
	PKT7(b, PM4_CP_REG_TO_SCRATCH, (g->reg + 1) | 1u << 20);
	PKT4(b, g->reg, 0, 0);
	PKT7(b, PM4_CP_SCRATCH_TO_REG, g->reg | 0u << 20);
	PKT7(b, PM4_CP_SCRATCH_TO_REG, (g->reg + 1) | 1u << 20);
}

/* CP_SCRATCH_WRITE: SCRATCH 20..22, then the words; turnip's unaligned
 * indirect dispatch (tu_dispatch) writes one, scratch word 0, per
 * dispatch (longer packets, wrapping at 7, are in aNxx-handlers.emu).
 * Read back with CP_SCRATCH_TO_REG: scratch words are not compared. */
static void scratch_write(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_SCRATCH_WRITE, 0u << 20, 0x40);
	PKT7(b, PM4_CP_SCRATCH_TO_REG, g->reg | 0u << 20);
	PKT7(b, PM4_CP_SCRATCH_WRITE, 0u << 20, 0x41);
	PKT7(b, PM4_CP_SCRATCH_TO_REG, g->reg | 0u << 20);
}

/* BARE_CASE(name, opcode): a case of the packet alone, without payload */
#define BARE_CASE(name, opcode)                                \
	static void name(struct words *b, const struct gen *g) \
	{                                                      \
		(void)g;                                       \
		PKT7(b, opcode);                               \
	}
BARE_CASE(wait_for_idle, PM4_CP_WAIT_FOR_IDLE)
BARE_CASE(wait_for_me, PM4_CP_WAIT_FOR_ME)
BARE_CASE(wait_mem_writes, PM4_CP_WAIT_MEM_WRITES)

/* CP_EVENT_WRITE7 of value to on-chip slot (WRITE_DST 24, WRITE_ENABLED
 * 27, USER_32B): ONCHIP_ADDR_0, a word left 0, PAYLOAD_0, as the
 * register database lays it out for concurrent binning's timestamps */
static void onchip_write(struct words *b, uint32_t slot, uint32_t value)
{
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_RB_DONE_TS | 1u << 24 | 1u << 27, slot, 0, value);
}

/* CP_WAIT_REG_MEM: FUNCTION 0..2 (3 WRITE_EQ), POLL_MEMORY 4; conditions
 * that hold */
static void wait_reg_mem(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_WAIT_REG_MEM, 3 | 1u << 4, LO(DATA(D_ONE)), HI(DATA(D_ONE)), 1, 0xffffffff,
	     16);
	PKT4(b, g->reg, 1);
	PKT7(b, PM4_CP_WAIT_REG_MEM, 3, g->reg, 0, 1, 0x1, 0);
	if (g->bit == A7) {
		/* concurrent binning: POLL_ON_CHIP (POLL 3) on an on-chip slot
		 * (POLL_ADDR_LO) an on-chip event wrote; EQ, then GE */
		onchip_write(b, 1, 5);
		PKT7(b, PM4_CP_WAIT_REG_MEM, 3 | 3u << 4, 1, 0, 5, 0xffffffff, 16);
		PKT7(b, PM4_CP_WAIT_REG_MEM, 5 | 3u << 4, 1, 0, 4, 0xffffffff, 16);
	}
}

/* CP_WAIT_MEM_GTE: reserved, the address, the reference */
static void wait_mem_gte(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_WAIT_MEM_GTE, 0, LO(DATA(D_ONE)), HI(DATA(D_ONE)), 1);
}

/* CP_EVENT_WRITE (a5xx, a6xx): EVENT 0..7, TIMESTAMP 30, IRQ 31. The
 * timestamp events (*_TS) always write: the address and a value follow
 * (the sequence number, the kernel's fence); with TIMESTAMP (a6xx, a
 * timestamp query: the GPU writes its 64-bit counter) the value is 0.
 * The rest are one word. */
static void event_write(struct words *b, const struct gen *g)
{
	/* a5xx numbers these events as a6xx does */
	PKT7(b, PM4_CP_EVENT_WRITE, A6XX_EV_CACHE_FLUSH_TS, LO(RESULT(0)), HI(RESULT(0)), 7);
	PKT7(b, PM4_CP_EVENT_WRITE, A6XX_EV_PC_CCU_FLUSH_DEPTH_TS, LO(RESULT(8)), HI(RESULT(8)), 0);
	PKT7(b, PM4_CP_EVENT_WRITE, A6XX_EV_PC_CCU_FLUSH_COLOR_TS, LO(RESULT(16)), HI(RESULT(16)),
	     0);
	PKT7(b, PM4_CP_EVENT_WRITE, A6XX_EV_RB_DONE_TS, LO(RESULT(24)), HI(RESULT(24)), 8);
	if (g->bit == A6)
		PKT7(b, PM4_CP_EVENT_WRITE, A6XX_EV_RB_DONE_TS | 1u << 30, LO(RESULT(32)),
		     HI(RESULT(32)), 0);
	if (g->bit == A5) /* the kernel's a5xx_submit fence, with IRQ */
		PKT7(b, PM4_CP_EVENT_WRITE, A6XX_EV_CACHE_FLUSH_TS | 1u << 31, LO(RESULT(40)),
		     HI(RESULT(40)), 9);
	static const uint32_t plain[] = {
		A6XX_EV_CACHE_INVALIDATE,
		A6XX_EV_PC_CCU_INVALIDATE_DEPTH,
		A6XX_EV_PC_CCU_INVALIDATE_COLOR,
		A6XX_EV_FLUSH_SO_0,
		A6XX_EV_ZPASS_DONE,
		A6XX_EV_START_PRIMITIVE_CTRS,
		A6XX_EV_WRITE_PRIMITIVE_COUNTS,
		A6XX_EV_LRZ_FLUSH,
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(plain); i++)
		PKT7(b, PM4_CP_EVENT_WRITE, plain[i]);
}

/* CP_EVENT_WRITE7 (a7xx): EVENT, WRITE_SRC 20.., WRITE_ENABLED 27 */
static void event_write7(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_CCU_CLEAN_COLOR);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_CACHE_INVALIDATE7);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_CACHE_CLEAN | 1u << 27, LO(RESULT(0)), HI(RESULT(0)),
	     7);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_RB_DONE_TS | 1u << 27 | 1u << 20, LO(RESULT(8)),
	     HI(RESULT(8)), 8, 0);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_RB_DONE_TS | 1u << 27 | 3u << 20, LO(RESULT(16)),
	     HI(RESULT(16)));
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_LRZ_FLUSH);
	/* on-chip writes (WRITE_DST 24): a user value to slot 1, the
	 * timestamp sum (WRITE_SRC 2) to slot 9, in gen70500's second bank */
	onchip_write(b, 1, 5);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_RB_DONE_TS | 2u << 20 | 1u << 24 | 1u << 27, 9, 0);
}

static void draw_indx_offset(struct words *b, const struct gen *g)
{
	if (g->bit != A5) { /* sysmem: a630 closes the context before each draw */
		PKT7(b, PM4_CP_SET_MARKER, 1 /* RM6_BYPASS */);
		PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
		PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
		PKT7(b, PM4_CP_SET_MARKER, 4 /* RM6_GMEM */);
	}
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_INSTANCED_AUTO, 4, 6);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_DMA16, 1, 6, 0, LO(DATA(D_INDEX)), HI(DATA(D_INDEX)),
	     16);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_DMA16, 2, 3, 2, LO(DATA(D_INDEX)), HI(DATA(D_INDEX)),
	     16);
}

static void draw_indirect(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_DRAW_INDIRECT, DI_AUTO, LO(DATA(D_DRAW)), HI(DATA(D_DRAW)));
	if (g->bit != A5) /* in sysmem too */
		PKT7(b, PM4_CP_SET_MARKER, 1 /* RM6_BYPASS */);
	PKT7(b, PM4_CP_DRAW_INDIRECT, DI_AUTO, LO(DATA(D_DRAW + 16)), HI(DATA(D_DRAW + 16)));
	if (g->bit == A5) {
		/* arguments the packet before writes: the a5xx PFP, which reads
		 * them, waits for the ME first, as a530_pfp does */
		PKT7(b, PM4_CP_MEM_WRITE, LO(RESULT(0x40)), HI(RESULT(0x40)), 6, 1, 2, 0);
		PKT7(b, PM4_CP_DRAW_INDIRECT, DI_AUTO, LO(RESULT(0x40)), HI(RESULT(0x40)));
	}
}

static void draw_indx_indirect(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_DRAW_INDX_INDIRECT, DI_DMA16, LO(DATA(D_INDEX)), HI(DATA(D_INDEX)), 16,
	     LO(DATA(D_INDEXED)), HI(DATA(D_INDEXED)));
}

/* CP_DRAW_INDIRECT_MULTI: the initiator; OPCODE (2 normal, 4 indexed, 6
 * and 7 with a count buffer) and DST_OFF (where the vertex shader's
 * draw parameters go, 0: none); DRAW_COUNT; then the buffers */
static void draw_indirect_multi(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_DRAW_INDIRECT_MULTI, DI_AUTO, 2, 2, LO(DATA(D_DRAW)), HI(DATA(D_DRAW)), 16);
	PKT7(b, PM4_CP_DRAW_INDIRECT_MULTI, DI_AUTO, 2 | 0x10u << 8, 1, LO(DATA(D_DRAW)),
	     HI(DATA(D_DRAW)), 16);
	PKT7(b, PM4_CP_DRAW_INDIRECT_MULTI, DI_DMA16, 4, 2, LO(DATA(D_INDEX)), HI(DATA(D_INDEX)),
	     16, LO(DATA(D_INDEXED)), HI(DATA(D_INDEXED)), 20);
	PKT7(b, PM4_CP_DRAW_INDIRECT_MULTI, DI_AUTO, 6, 4, LO(DATA(D_DRAW)), HI(DATA(D_DRAW)),
	     LO(DATA(D_COUNT)), HI(DATA(D_COUNT)), 16);
	PKT7(b, PM4_CP_DRAW_INDIRECT_MULTI, DI_DMA16, 7, 4, LO(DATA(D_INDEX)), HI(DATA(D_INDEX)),
	     16, LO(DATA(D_INDEXED)), HI(DATA(D_INDEXED)), LO(DATA(D_COUNT)), HI(DATA(D_COUNT)),
	     20);
}

/* CP_DRAW_AUTO: a transform-feedback draw (the byte count in memory) */
static void draw_auto(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_DRAW_AUTO, DI_AUTO, 1, LO(DATA(D_XFB)), HI(DATA(D_XFB)), 0, 16);
	PKT7(b, PM4_CP_DRAW_AUTO, DI_INSTANCED_AUTO, 3, LO(DATA(D_XFB)), HI(DATA(D_XFB)), 16, 8);
}

/* conditional rendering: enable, the predicate from memory, a draw */
static void draw_pred(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_GLOBAL, 1);
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_LOCAL, 1);
	PKT7(b, PM4_CP_DRAW_PRED_SET, 5u << 4 /* PRED_SRC_MEM */ | 0u << 8 /* NE_0_PASS */,
	     LO(DATA(D_ONE)), HI(DATA(D_ONE)));
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
	PKT7(b, PM4_CP_DRAW_PRED_SET, 5u << 4 | 0u << 8, LO(DATA(D_ZERO64)), HI(DATA(D_ZERO64)));
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
	PKT7(b, PM4_CP_DRAW_INDIRECT, DI_AUTO, LO(DATA(D_DRAW)), HI(DATA(D_DRAW)));
	PKT7(b, PM4_CP_DRAW_INDX_INDIRECT, DI_DMA16, LO(DATA(D_INDEX)), HI(DATA(D_INDEX)), 16,
	     LO(DATA(D_INDEXED)), HI(DATA(D_INDEXED)));
	PKT7(b, PM4_CP_DRAW_INDIRECT_MULTI, DI_AUTO, 2, 2, LO(DATA(D_DRAW)), HI(DATA(D_DRAW)), 16);
	PKT7(b, PM4_CP_DRAW_AUTO, DI_AUTO, 1, LO(DATA(D_XFB)), HI(DATA(D_XFB)), 0, 16);
	PKT7(b, PM4_CP_EXEC_CS, 0, 4, 2, 1);
	PKT7(b, PM4_CP_EXEC_CS_INDIRECT, 0, LO(DATA(D_DISPATCH)), HI(DATA(D_DISPATCH)), 0);
	/* EQ_0_PASS (8) turns the test round */
	PKT7(b, PM4_CP_DRAW_PRED_SET, 5u << 4 | 1u << 8, LO(DATA(D_ZERO64)), HI(DATA(D_ZERO64)));
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
	/* local off (the draw runs), then on again (dropped, or bit 14) */
	PKT7(b, PM4_CP_DRAW_PRED_SET, 5u << 4 | 0u << 8, LO(DATA(D_ZERO64)), HI(DATA(D_ZERO64)));
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_LOCAL, 0);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_LOCAL, 1);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_LOCAL, 0);
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_GLOBAL, 0);
}

/* CP_DRAW_PRED_ENABLE_GLOBAL/LOCAL: conditional rendering on, and a
 * turnip blit inside it (local predication off, then on again), then
 * off; the predicate fails, so the draws show which enables are in
 * force. No draw is predicated off (the 2023 a630_sqe draws those). */
static void draw_pred_enable(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_GLOBAL, 1);
	PKT7(b, PM4_CP_DRAW_PRED_SET, 5u << 4 | 0u << 8, LO(DATA(D_ZERO64)), HI(DATA(D_ZERO64)));
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_LOCAL, 0);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_LOCAL, 1);
	PKT7(b, PM4_CP_DRAW_PRED_ENABLE_GLOBAL, 0);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
}

static void set_subdraw_size(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_SUBDRAW_SIZE, 0x40);
	PKT7(b, PM4_CP_SET_SUBDRAW_SIZE, 0x100);
}

static void load_state6(struct words *b, uint32_t opcode)
{
	/* 4 constants inline */
	PKT7(b, opcode, LS6(0, ST6_CONSTANTS, SS6_DIRECT, SB6_VS_SHADER, 1), 0, 0, 0x3f800000, 0, 0,
	     0x3f800000);
	/* constants and a shader from memory */
	PKT7(b, opcode, LS6(4, ST6_CONSTANTS, SS6_INDIRECT, SB6_FS_SHADER, 2), LO(DATA(D_CONST)),
	     HI(DATA(D_CONST)));
	PKT7(b, opcode, LS6(0, ST6_SHADER, SS6_INDIRECT, SB6_CS_SHADER, 1), LO(DATA(D_CONST)),
	     HI(DATA(D_CONST)));
	/* a bindless descriptor set's UBOs: the set (28..31) and offset */
	PKT7(b, opcode, LS6(0, ST6_UBO, SS6_BINDLESS, SB6_FS_SHADER, 2), 3u << 28 | 0x40, 0);
	/* UBO descriptors inline */
	PKT7(b, opcode, LS6(0, ST6_UBO, SS6_DIRECT, SB6_FS_SHADER, 1), 0, 0, LO(DATA(D_CONST)),
	     HI(DATA(D_CONST)) | 4u << 17);
}

static void load_state6_geom(struct words *b, const struct gen *g)
{
	(void)g;
	load_state6(b, PM4_CP_LOAD_STATE6_GEOM);
}

static void load_state6_frag(struct words *b, const struct gen *g)
{
	(void)g;
	load_state6(b, PM4_CP_LOAD_STATE6_FRAG);
}

static void load_state6_any(struct words *b, const struct gen *g)
{
	(void)g;
	load_state6(b, PM4_CP_LOAD_STATE6);
}

/* CP_LOAD_STATE4 (a5xx): DST_OFF, STATE_SRC 16..17, STATE_BLOCK
 * 18..21, NUM_UNIT 22..; STATE_TYPE 0..1 and the address; as fd5_emit
 * fills them: constants inline and from memory, a sampler, SSBO sizes */
enum { SB4_FS_TEX = 4, SB4_VS_SHADER = 8, SB4_FS_SHADER = 12, SB4_SSBO = 14 };
enum { ST4_SHADER = 0, ST4_CONSTANTS = 1 };
#define LS4(dst, src, block, units) \
	((dst) | (uint32_t)(src) << 16 | (uint32_t)(block) << 18 | (uint32_t)(units) << 22)
static void load_state4(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_LOAD_STATE4, LS4(0, 0, SB4_VS_SHADER, 1), ST4_CONSTANTS, 0, 0x3f800000, 0, 0,
	     0x3f800000);
	PKT7(b, PM4_CP_LOAD_STATE4, LS4(4, 2, SB4_FS_SHADER, 2), LO(DATA(D_CONST)) | ST4_CONSTANTS,
	     HI(DATA(D_CONST)));
	PKT7(b, PM4_CP_LOAD_STATE4, LS4(0, 0, SB4_FS_TEX, 1), ST4_SHADER, 0, 0x1, 0x2, 0x3, 0x4);
	PKT7(b, PM4_CP_LOAD_STATE4, LS4(0, 0, SB4_SSBO, 1), ST4_CONSTANTS, 0, 0x100, 0);
}

static void exec_cs(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_EXEC_CS, 0, 4, 2, 1);
	PKT7(b, PM4_CP_EXEC_CS, 0, 1, 1, 1);
}

/* CP_EXEC_CS_INDIRECT: the address, then LOCALSIZEX/Y/Z - 1 at 2, 12, 22 */
static void exec_cs_indirect(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_EXEC_CS_INDIRECT, 0, LO(DATA(D_DISPATCH)), HI(DATA(D_DISPATCH)),
	     63u << 2 | 1u << 12);
	PKT7(b, PM4_CP_EXEC_CS_INDIRECT, 0, LO(DATA(D_DISPATCH)), HI(DATA(D_DISPATCH)), 0);
}

/* CP_BLIT: the 2D engine; a5xx sends the rectangles too. A register
 * read after each blit (the context it switched to). */
static void blit(struct words *b, const struct gen *g)
{
	for (unsigned i = 0; i < 2; i++) {
		if (g->bit == A5)
			PKT7(b, PM4_CP_BLIT, 3 /* BLIT_OP_SCALE */, 0, 15u | 15u << 16, 0,
			     15u | 15u << 16);
		else
			PKT7(b, PM4_CP_BLIT, 3);
		PKT7(b, PM4_CP_REG_TO_MEM, g->reg | 1u << 18, LO(RESULT(4 * i)), HI(RESULT(4 * i)));
	}
}

/* CP_SET_DRAW_STATE: COUNT, DIRTY 16, DISABLE 17, DISABLE_ALL_GROUPS 18,
 * LOAD_IMMED 19, GROUP_ID 24.., and the group's address */
static void set_draw_state(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_DRAW_STATE, 2 | 0x7u << 20 | 1u << 24, LO(STATE_BASE), HI(STATE_BASE),
	     2 | 0x7u << 20 | 2u << 24, LO(STATE_BASE), HI(STATE_BASE));
	PKT7(b, PM4_CP_SET_DRAW_STATE, 1u << 17 | 1u << 24, 0, 0);
	PKT7(b, PM4_CP_SET_DRAW_STATE, 2 | 1u << 19 | 3u << 24, LO(STATE_BASE), HI(STATE_BASE));
	PKT7(b, PM4_CP_SET_DRAW_STATE, 1u << 18, 0, 0);
	if (g->bit == A5) /* the kernel's a5xx_set_pagetable */
		PKT7(b, PM4_CP_SET_DRAW_STATE, 1u << 18, 1, 0);
}

/* CP_SET_BIN_DATA5: VSC_SIZE/VSC_N, the bin's draw stream, where its
 * size is, (a6xx-) its primitive stream, (a7xx) two more addresses */
static void set_bin_data5(struct words *b, const struct gen *g)
{
	if (g->bit == A5)
		PKT7(b, PM4_CP_SET_BIN_DATA5, 1u << 16, LO(RESULT(0x40)), HI(RESULT(0x40)),
		     LO(DATA(D_BINSIZE)), HI(DATA(D_BINSIZE)));
	else if (g->bit == A6)
		PKT7(b, PM4_CP_SET_BIN_DATA5, 1u << 16, LO(RESULT(0x40)), HI(RESULT(0x40)),
		     LO(DATA(D_BINSIZE)), HI(DATA(D_BINSIZE)), LO(RESULT(0x80)), HI(RESULT(0x80)));
	else
		PKT7(b, PM4_CP_SET_BIN_DATA5, 1u << 16, LO(RESULT(0x40)), HI(RESULT(0x40)),
		     LO(DATA(D_BINSIZE)), HI(DATA(D_BINSIZE)), LO(RESULT(0x80)), HI(RESULT(0x80)),
		     LO(RESULT(0x300)), HI(RESULT(0x300)), LO(DATA(D_COUNT)), HI(DATA(D_COUNT)));
}

/* CP_SET_BIN_DATA5_OFFSET: offsets into the streams whose bases are set
 * before, as turnip's binning does: the VSC registers (a6xx: draw
 * stream 0xc34, primitive stream 0xc30, size 0xc03), CP_SET_PSEUDO_REG
 * (a7xx: DRAW_STRM_ADDRESS 8, DRAW_STRM_SIZE_ADDRESS 9,
 * PRIM_STRM_ADDRESS 10) */
static void set_bin_data5_offset(struct words *b, const struct gen *g)
{
	if (g->bit == A6) {
		PKT4(b, 0xc34, LO(RESULT(0x100)), HI(RESULT(0x100)));
		PKT4(b, 0xc30, LO(RESULT(0x200)), HI(RESULT(0x200)));
		PKT4(b, 0xc03, LO(DATA(D_BINSIZE)), HI(DATA(D_BINSIZE)));
	} else {
		PKT7(b, PM4_CP_SET_PSEUDO_REG, 8, LO(RESULT(0x100)), HI(RESULT(0x100)), 9,
		     LO(DATA(D_BINSIZE)), HI(DATA(D_BINSIZE)), 10, LO(RESULT(0x200)),
		     HI(RESULT(0x200)));
	}
	PKT7(b, PM4_CP_SET_BIN_DATA5_OFFSET, 1u << 16, 0x40, 0x4, 0x80);
	PKT7(b, PM4_CP_SET_BIN_DATA5_OFFSET, 2u << 16 | 1u << 22, 0x20, 0x0, 0x10);
	if (g->bit != A7)
		return;
	/* the two more bases (ids 11, 12) give the optional words a base */
	PKT7(b, PM4_CP_SET_PSEUDO_REG, 11, LO(RESULT(0x300)), HI(RESULT(0x300)), 12,
	     LO(DATA(D_COUNT)), HI(DATA(D_COUNT)));
	PKT7(b, PM4_CP_SET_BIN_DATA5_OFFSET, 1u << 16, 0x40, 0x4, 0x80, 0x8, 0x0);
}

static void set_mode(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_MARKER, 2 /* RM6_BINNING */);
	PKT7(b, PM4_CP_SET_MODE, 1);
	PKT7(b, PM4_CP_SET_DRAW_STATE, 2 | 0x7u << 20 | 1u << 24, LO(STATE_BASE), HI(STATE_BASE));
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
	PKT7(b, PM4_CP_SET_MARKER, 4 /* RM6_GMEM */);
	PKT7(b, PM4_CP_SET_MODE, 0);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO, 1, 3);
}

static void set_visibility_override(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_VISIBILITY_OVERRIDE, 1);
	PKT7(b, PM4_CP_SET_VISIBILITY_OVERRIDE, 0);
}

/* CP_SET_MARKER: the render modes a6xx drivers mark, with IFPC */
static void set_marker(struct words *b, const struct gen *g)
{
	(void)g;
	static const uint32_t modes[] = {1, 2, 5, 4, 6, 8, 0xc, 0x101, 0x100};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(modes); i++)
		PKT7(b, PM4_CP_SET_MARKER, modes[i]);
}

/* CP_SET_RENDER_MODE (a5xx): MODE, an address (none), GMEM_ENABLE (bit
 * 4 of the third word) or VSC_ENABLE (bit 5) and a fourth word, as
 * fd5_set_render_mode sends them */
static void set_render_mode(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_RENDER_MODE, 2 /* BINNING */, 0, 0, 1u << 5, 0);
	PKT7(b, PM4_CP_SET_RENDER_MODE, 3 /* GMEM */, 0, 0, 1u << 4, 0);
	PKT7(b, PM4_CP_SET_RENDER_MODE, 1 /* BYPASS */, 0, 0, 0, 0);
	/* the kernel's a5xx_submit after the IBs: NULL, "done rendering" */
	PKT7(b, PM4_CP_SET_RENDER_MODE, 0, 0, 0, 0, 0);
}

/* A hardware-binned GMEM pass (a6xx, a7xx), as the drivers render a bin: the
 * visibility stream (the emulator's format, docs/emu-api.md "Hardware
 * binning": bit i set when draw i + 1 is visible), IB2 skipping on, two
 * IB2s of three USE_VISIBILITY draws with their draw counts, then the
 * first again without one. The first bin sees draws 2 and 5 (no IB2 is
 * passed over but the last), the second 4, 5 and 6 (the first is). */
static void binned_pass(struct words *b, const struct gen *g)
{
	/* a7xx: BR's alone, as turnip renders its tiles (tu7_thread_control;
	 * under the kernel's THREAD_BOTH BV would run the draws too) */
	if (g->bit == A7)
		PKT7(b, PM4_CP_THREAD_CONTROL, 1 /* THREAD_BR */);
	for (uint64_t bin = 0; bin < 2; bin++) {
		PKT7(b, PM4_CP_SET_MARKER, 4 /* RM6_GMEM */);
		PKT7(b, PM4_CP_SET_VISIBILITY_OVERRIDE, 0);
		PKT7(b, PM4_CP_SET_MODE, 0);
		if (g->bit == A6)
			PKT7(b, PM4_CP_SET_BIN_DATA5, 1, LO(DATA(D_VIS + 4 * bin)),
			     HI(DATA(D_VIS + 4 * bin)), LO(DATA(D_VISSIZE)), HI(DATA(D_VISSIZE)),
			     LO(RESULT(0x80)), HI(RESULT(0x80)));
		else /* without a7xx's two more addresses */
			PKT7(b, PM4_CP_SET_BIN_DATA5, 1, LO(DATA(D_VIS + 4 * bin)),
			     HI(DATA(D_VIS + 4 * bin)), LO(DATA(D_VISSIZE)), HI(DATA(D_VISSIZE)),
			     LO(RESULT(0x80)), HI(RESULT(0x80)), 0, 0, 0, 0);
		PKT7(b, PM4_CP_SKIP_IB2_ENABLE_GLOBAL, 1);
		PKT7(b, PM4_CP_SKIP_IB2_ENABLE_LOCAL, 1);
		for (uint64_t ib = 0; ib < 2; ib++)
			PKT7(b, PM4_CP_INDIRECT_BUFFER, LO(DRAWS_BASE + 4 * DRAWS_DWORDS * ib),
			     HI(DRAWS_BASE + 4 * DRAWS_DWORDS * ib), DRAWS_DWORDS, 3);
		PKT7(b, PM4_CP_INDIRECT_BUFFER, LO(DRAWS_BASE), HI(DRAWS_BASE), DRAWS_DWORDS);
	}
	PKT7(b, PM4_CP_SKIP_IB2_ENABLE_LOCAL, 0);
	PKT7(b, PM4_CP_SKIP_IB2_ENABLE_GLOBAL, 0);
	PKT7(b, PM4_CP_SET_VISIBILITY_OVERRIDE, 1);
	if (g->bit == A7)
		PKT7(b, PM4_CP_THREAD_CONTROL, 3 /* THREAD_BOTH */);
}

static void skip_ib2_global(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_SKIP_IB2_ENABLE_GLOBAL, 1);
	PKT7(b, PM4_CP_SKIP_IB2_ENABLE_GLOBAL, 0);
	if (g->bit != A5)
		binned_pass(b, g);
}

static void skip_ib2_local(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SKIP_IB2_ENABLE_LOCAL, 1);
	PKT7(b, PM4_CP_SKIP_IB2_ENABLE_LOCAL, 0);
}

/* CP_REG_TEST and CP_COND_REG_EXEC (PRED_TEST), as
 * freedreno's GMEM bins and turnip's conditional sections use them. The
 * a5xx PFP reads the register without waiting for the ME, which may not
 * have written it yet: a CP_WAIT_FOR_ME first, as drivers send before
 * register reads. */
static void conditions(struct words *b, const struct gen *g)
{
	PKT4(b, g->reg, 1);
	if (g->bit == A5)
		PKT7(b, PM4_CP_WAIT_FOR_ME);
	PKT7(b, PM4_CP_REG_TEST, g->reg | 0u << 25);
	PKT7(b, PM4_CP_COND_REG_EXEC, 0x10000000 /* PRED_TEST */, 2);
	PKT4(b, g->reg, 2);
	/* a failing test skips its words */
	PKT7(b, PM4_CP_REG_TEST, g->reg | 1u << 20 | 1u << 25 /* SKIP_WAIT_FOR_ME */);
	PKT7(b, PM4_CP_COND_REG_EXEC, 0x10000000, 2);
	PKT4(b, g->reg, 4);
	if (g->bit != A5) {
		/* another predicate bit (PRED_BIT 26..30 of CP_REG_TEST,
		 * 18..22 here) */
		PKT7(b, PM4_CP_REG_TEST, g->reg | 2u << 20 | 3u << 26);
		PKT7(b, PM4_CP_COND_REG_EXEC, 0x10000000 | 3u << 18, 2);
		PKT4(b, g->reg, 8);
		/* turnip's sections for GMEM or sysmem (RENDER_MODE, GMEM 26,
		 * SYSMEM 27) in sysmem, and on a7xx for BR alone (THREAD_MODE,
		 * BR 26) */
		PKT7(b, PM4_CP_SET_MARKER, 1 /* RM6_BYPASS */);
		PKT7(b, PM4_CP_COND_REG_EXEC, 3u << 28 | 1u << 26, 2);
		PKT4(b, g->reg, 5);
		PKT7(b, PM4_CP_COND_REG_EXEC, 3u << 28 | 1u << 27, 2);
		PKT4(b, g->reg, 6);
		if (g->bit == A7) {
			PKT7(b, PM4_CP_COND_REG_EXEC, 5u << 28 | 1u << 26, 2);
			PKT4(b, g->reg, 7);
			/* turnip's a7xx predicate bits (tu7_set_pred_mask):
			 * PRED_UPDATE (31) with SKIP_WAIT_FOR_ME, a mask and
			 * the values; one bit set, one cleared */
			PKT7(b, PM4_CP_REG_TEST, 1u << 31 | 1u << 25, 0x30, 0x10);
			PKT7(b, PM4_CP_COND_REG_EXEC, 0x10000000 | 4u << 18, 2);
			PKT4(b, g->reg, 9);
			PKT7(b, PM4_CP_COND_REG_EXEC, 0x10000000 | 5u << 18, 2);
			PKT4(b, g->reg, 10);
			/* REG_COMPARE (2) of register REG0 with an on-chip
			 * slot (REG1 with ONCHIP_MEM, 24): equal, then not */
			onchip_write(b, 1, 10);
			PKT7(b, PM4_CP_COND_REG_EXEC, 2u << 28 | g->reg, 1 | 1u << 24, 2);
			PKT4(b, g->reg, 11);
			PKT7(b, PM4_CP_COND_REG_EXEC, 2u << 28 | g->reg, 1 | 1u << 24, 2);
			PKT4(b, g->reg, 12);
		}
	}
}

/* CP_COND_EXEC as turnip's vkCmdCopyQueryPoolResults sends it (tu_query.cc):
 * ADDR0 = ADDR1 = the query's availability, REF 2 (0 < available < 2),
 * over the 6 words of the CP_MEM_TO_MEM that copies the result; an
 * available query (32-bit and 64-bit results) and one that is not. */
static void cond_exec_query(struct words *b, uint64_t avail, uint32_t flags, uint64_t dst)
{
	PKT7(b, PM4_CP_COND_EXEC, LO(avail), HI(avail), LO(avail), HI(avail), 2, 6);
	PKT7(b, PM4_CP_MEM_TO_MEM, flags, LO(dst), HI(dst), LO(DATA(D_VALUES)), HI(DATA(D_VALUES)));
}

static void cond_exec(struct words *b, const struct gen *g)
{
	(void)g;
	cond_exec_query(b, DATA(D_ONE), 0, RESULT(0));
	cond_exec_query(b, DATA(D_ONE), 1u << 29 /* DOUBLE */, RESULT(0x10));
	cond_exec_query(b, DATA(D_ZERO), 1u << 29, RESULT(0x20));
}

/* CP_COND_WRITE5: FUNCTION, POLL_MEMORY 4, WRITE_MEMORY 8; poll, ref,
 * mask, write address and data */
static void cond_write5(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_COND_WRITE5, 3 | 1u << 4 | 1u << 8, LO(DATA(D_ONE)), HI(DATA(D_ONE)), 1,
	     0xffffffff, LO(RESULT(0)), HI(RESULT(0)), 0x55);
}

static void indirect_buffer(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_INDIRECT_BUFFER, LO(IB2_BASE), HI(IB2_BASE), IB2_DWORDS);
}

/* CP_REG_WRITE: TRACKER, the register, the value */
static void reg_write(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_REG_WRITE, 1u << 0 /* TRACK_CNTL_REG */, g->reg, 0x42);
}

/* the kernel's: page tables and protected mode (a6xx_set_pagetable) */
static void set_protected_mode(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_PROTECTED_MODE, 0);
	PKT7(b, PM4_CP_SET_PROTECTED_MODE, 1);
}

static void smmu_table_update(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SMMU_TABLE_UPDATE, 0x80001000, 0x1u << 16 | 0x1, 0, 0);
}

static void set_secure_mode(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_SECURE_MODE, 0);
}

static void where_am_i(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_WHERE_AM_I, LO(RESULT(0x40)), HI(RESULT(0x40)));
}

/* a6xx_preempt: where the CP saves a preempted context */
static void set_pseudo_reg(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_PSEUDO_REG, 0 /* SMMU_INFO */, LO(RESULT(0x100)), HI(RESULT(0x100)),
	     1 /* NON_SECURE_SAVE_ADDR */, LO(RESULT(0x200)), HI(RESULT(0x200)),
	     3 /* NON_PRIV_SAVE_ADDR */, LO(RESULT(0x300)), HI(RESULT(0x300)));
}

/* the kernel's preemption point at the end of a submission */
static void context_switch_yield(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_CONTEXT_SWITCH_YIELD, 0, 0, 1, 1);
}

/* CP_SET_AMBLE (CP_SET_CTXSWITCH_IB): an IB, its size and its kind
 * (the preamble of a7xx preemption) */
static void set_amble(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_CTXSWITCH_IB, LO(IB2_BASE), HI(IB2_BASE), IB2_DWORDS | 0u << 20);
	PKT7(b, PM4_CP_SET_CTXSWITCH_IB, 0, 0, 0 | 2u << 20);
	/* the kernel's own (KMD_AMBLE_TYPE), which vendor firmware takes
	 * from the ring only */
	PKT7(b, PM4_CP_SET_CTXSWITCH_IB, LO(IB2_BASE), HI(IB2_BASE), IB2_DWORDS | 3u << 20);
}

static void preempt_enable(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_PREEMPT_ENABLE_GLOBAL, 0);
	PKT7(b, PM4_CP_PREEMPT_ENABLE_LOCAL, 1);
	PKT7(b, PM4_CP_YIELD_ENABLE, 1);
}

static void me_init(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_ME_INIT, 0x2f, 3, 0x20000000, 0, 0, 0, 0, 0);
}

/* CP_THREAD_CONTROL (a7xx): BR alone, then both */
static void thread_control(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_THREAD_CONTROL, 1);
	PKT7(b, PM4_CP_THREAD_CONTROL, 3);
}

/* CP_WAIT_TIMESTAMP (a7xx): a memory value already reached; then
 * TS_WAIT_ONCHIP (WAIT_DST 4: ONCHIP_ADDR_0, a word left 0, SRC_0) on a
 * slot an on-chip event wrote, against SRC_0 and (WAIT_VALUE_SRC 2)
 * against the timestamp sum */
static void wait_timestamp(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_WAIT_TIMESTAMP, 0, LO(DATA(D_ONE)), HI(DATA(D_ONE)), 1);
	onchip_write(b, 1, 5);
	PKT7(b, PM4_CP_WAIT_TIMESTAMP, 1u << 4, 1, 0, 5);
	PKT7(b, PM4_CP_WAIT_TIMESTAMP, 2 | 1u << 4, 9, 0);
}

BARE_CASE(cche_invalidate, PM4_CP_CCHE_INVALIDATE)

/* CP_CONTEXT_REG_BUNCH: (register, value) pairs; turnip turns stream-out
 * off with VPC_SO_CNTL and VPC_SO_STREAM_CNTL (tu_pipeline, with a third
 * pair where tessellation shares its state), and at the start of a
 * command buffer. */
static void context_reg_bunch(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_CONTEXT_REG_BUNCH, REG_A6XX_VPC_SO_CNTL, 0, REG_A6XX_VPC_SO_STREAM_CNTL, 0);
	PKT7(b, PM4_CP_CONTEXT_REG_BUNCH, REG_A6XX_VPC_SO_CNTL, 0, REG_A6XX_VPC_SO_STREAM_CNTL, 0,
	     g->reg, 0x31);
}

/* CP_RESET_CONTEXT_STATE (a7xx): the kernel's a6xx_set_pagetable sends
 * CLEAR_ON_CHIP_TS | CLEAR_RESOURCE_TABLE | CLEAR_BV_BR_COUNTER |
 * RESET_GLOBAL_LOCAL_TS (bits 0..3) before a page-table switch. */
static void reset_context_state(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_RESET_CONTEXT_STATE, 0xf);
}

/* CP_START_BIN (a7xx): BIN_COUNT, PREFIX_ADDR (64-bit), PREFIX_DWORDS,
 * BODY_DWORDS; the body (ending in CP_END_BIN) runs once per bin, after
 * that bin's prefix IB at PREFIX_ADDR + bin * PREFIX_DWORDS * 4. No Mesa
 * driver nor the kernel sends it (Qualcomm's driver does, as Google
 * Dive's parser of its captures shows); shaped from the packet's layout:
 * two bins, each prefix the IB2 buffer's 3 words. */
static void start_bin(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_START_BIN, 2, LO(IB2_BASE), HI(IB2_BASE), 0, 3);
	PKT4(b, g->reg, 0x5);
	PKT7(b, PM4_CP_END_BIN);
	PKT4(b, g->reg, 0x6);
}

/* CP_FIXED_STRIDE_DRAW_TABLE (a7xx): the table's address, its entries'
 * size in dwords (bits 20..31; cffdec steps from entry to entry by it),
 * their count; each entry, an IB of one draw, runs when the visibility
 * stream says its draw is visible. Not sent by Mesa or the kernel
 * either: two entries of the IB2 buffer's 3 words, visibility
 * overridden. */
static void fixed_stride_draw_table(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_SET_VISIBILITY_OVERRIDE, 1);
	PKT7(b, PM4_CP_FIXED_STRIDE_DRAW_TABLE, LO(IB2_BASE), HI(IB2_BASE), IB2_DWORDS << 20, 2);
}

/* CP_CONTEXT_REG_BUNCH2 (a7xx): two words, then (register, value) pairs */
static void context_reg_bunch2(struct words *b, const struct gen *g)
{
	PKT7(b, PM4_CP_CONTEXT_REG_BUNCH2, 0, 0, g->reg, 0x21, g->reg + 1, 0x22);
	PKT7(b, PM4_CP_CONTEXT_REG_BUNCH2, 0, 0, g->reg, 0x23);
}

/* CP_MEM_TO_SCRATCH_MEM (a7xx): CNT, OFFSET, the address; the SQE's
 * scratch memory (control registers) is not compared, what it holds is
 * checked in a7xx-handlers.emu */
static void mem_to_scratch_mem(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_MEM_TO_SCRATCH_MEM, 4, 0, LO(DATA(D_CONST)), HI(DATA(D_CONST)));
	PKT7(b, PM4_CP_MEM_TO_SCRATCH_MEM, 2, 0x2f, LO(DATA(D_CONST)), HI(DATA(D_CONST)));
}

/* CP_MODIFY_TIMESTAMP (a7xx): ADD (0..7), OP (28..31: 0 clear, 1 global,
 * 2 local) */
static void modify_timestamp(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_MODIFY_TIMESTAMP, 8 | 1u << 28);
	PKT7(b, PM4_CP_MODIFY_TIMESTAMP, 1 | 2u << 28);
	PKT7(b, PM4_CP_MODIFY_TIMESTAMP, 0);
}

/* CP_RESOURCE_LIST (a7xx): a count and buffers, in a section of BR's
 * (gen70500's BR drops it; its BV hands each buffer to a unit behind
 * control registers 0x244-0x247 and polls that unit, which the model
 * does not have: a section for BV alone would never end) */
static void resource_list(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_THREAD_CONTROL, 1 /* THREAD_BR */);
	PKT7(b, PM4_CP_RESOURCE_LIST, 1, LO(DATA(0)), HI(DATA(0)), 0);
	PKT7(b, PM4_CP_THREAD_CONTROL, 3 /* THREAD_BOTH */);
}

/* CP_MEMCPY: DWORDS, SRC, DST (turnip's preemption-latency copies) */
static void memcpy_case(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_MEMCPY, 2, LO(DATA(D_VALUES)), HI(DATA(D_VALUES)), LO(RESULT(0)),
	     HI(RESULT(0)));
	PKT7(b, PM4_CP_MEMCPY, 1, LO(DATA(D_ONE)), HI(DATA(D_ONE)), LO(RESULT(0x10)),
	     HI(RESULT(0x10)));
}

/* CP_BV_BR_COUNT_OPS (a7xx): OP 1 clears the counts, 2 sets BR's offset
 * from the next word (3, BR waiting for BV, needs counts nothing here
 * makes) */
static void bv_br_count_ops(struct words *b, const struct gen *g)
{
	(void)g;
	PKT7(b, PM4_CP_BV_BR_COUNT_OPS, 1);
	PKT7(b, PM4_CP_BV_BR_COUNT_OPS, 2, 0x20);
}

/* One opcode: its cases, the generations whose drivers send it, and
 * where the SDK's firmware stands on each (NULL: it must agree). */
struct opcode {
	const char *name;
	unsigned gens;
	void (*cases)(struct words *b, const struct gen *g);
	const char *todo[3];   /* a5xx, a6xx, a7xx: why it does not agree yet */
	const char *skip[3];   /* why the vendor's path cannot run in the model */
	const char *a5xx_name; /* its name in the a5xx packet tables, when another */
	const char *a7xx_name; /* its name in the a7xx packet table, when another */
};

/* OP(name, gens, cases[, TODOn(why)...]) */
#define OP(n, g, c, ...)                                            \
	{                                                           \
		.name = (n), .gens = (g), .cases = (c), __VA_ARGS__ \
	}
#define TODO5(why) .todo[0] = (why)
#define TODO6(why) .todo[1] = (why)
#define TODO7(why) .todo[2] = (why)
#define SKIP5(why) .skip[0] = (why)
#define SKIP6(why) .skip[1] = (why)
#define SKIP7(why) .skip[2] = (why)

/* CP_START_BIN, CP_END_BIN and CP_FIXED_STRIDE_DRAW_TABLE: the vendor
 * images run them to idle; the SDK's firmware sends them to its fatal
 * default entry. */
#define NO_SDK_HANDLER "the SDK has no handler yet"

static const struct opcode opcodes[] = {
	OP("CP_NOP", A5 | A6 | A7, cp_nop),
	OP("PKT4", A5 | A6 | A7, pkt4_case),
	OP("CP_MEM_WRITE", A5 | A6 | A7, mem_write),
	OP("CP_MEM_TO_MEM", A5 | A6 | A7, mem_to_mem),
	OP("CP_MEM_TO_REG", A5 | A6 | A7, mem_to_reg),
	OP("CP_REG_TO_MEM", A5 | A6 | A7, reg_to_mem),
	OP("CP_REG_RMW", A5 | A6 | A7, reg_rmw),
	OP("CP_REG_TO_SCRATCH", A6 | A7, reg_to_scratch),
	OP("CP_SCRATCH_TO_REG", A6 | A7, scratch_to_reg),
	OP("CP_SCRATCH_WRITE", A6 | A7, scratch_write, .a7xx_name = "UNKN76"),
	OP("CP_CONTEXT_REG_BUNCH", A6 | A7, context_reg_bunch),
	OP("CP_REG_TO_MEM_OFFSET_REG", A6 | A7, reg_to_mem_offset_reg),
	OP("CP_REG_TO_MEM_OFFSET_MEM", A6 | A7, reg_to_mem_offset_mem),
	OP("CP_INTERRUPT", A6 | A7, interrupt),
	OP("CP_MEMCPY", A6 | A7, memcpy_case),
	OP("CP_WAIT_FOR_IDLE", A5 | A6 | A7, wait_for_idle),
	OP("CP_WAIT_FOR_ME", A5 | A6 | A7, wait_for_me),
	OP("CP_WAIT_MEM_WRITES", A5 | A6 | A7, wait_mem_writes),
	OP("CP_WAIT_REG_MEM", A5 | A6 | A7, wait_reg_mem),
	OP("CP_WAIT_MEM_GTE", A6, wait_mem_gte),
	OP("CP_EVENT_WRITE", A5 | A6, event_write),
	OP("CP_EVENT_WRITE7", A7, event_write7),
	OP("CP_DRAW_INDX_OFFSET", A5 | A6 | A7, draw_indx_offset),
	OP("CP_DRAW_INDIRECT", A5 | A6 | A7, draw_indirect),
	OP("CP_DRAW_INDX_INDIRECT", A5 | A6 | A7, draw_indx_indirect),
	OP("CP_DRAW_INDIRECT_MULTI", A6 | A7, draw_indirect_multi),
	OP("CP_DRAW_AUTO", A6 | A7, draw_auto),
	OP("CP_DRAW_PRED_SET", A6 | A7, draw_pred),
	OP("CP_DRAW_PRED_ENABLE_GLOBAL", A6 | A7, draw_pred_enable),
	OP("CP_DRAW_PRED_ENABLE_LOCAL", A6 | A7, draw_pred_enable),
	OP("CP_SET_SUBDRAW_SIZE", A6 | A7, set_subdraw_size),
	OP("CP_LOAD_STATE4", A5, load_state4),
	OP("CP_LOAD_STATE6_GEOM", A6 | A7, load_state6_geom),
	OP("CP_LOAD_STATE6_FRAG", A6 | A7, load_state6_frag),
	OP("CP_LOAD_STATE6", A6 | A7, load_state6_any),
	OP("CP_EXEC_CS", A5 | A6 | A7, exec_cs),
	OP("CP_EXEC_CS_INDIRECT", A5 | A6 | A7, exec_cs_indirect),
	OP("CP_BLIT", A5 | A6 | A7, blit),
	OP("CP_SET_DRAW_STATE", A5 | A6 | A7, set_draw_state),
	OP("CP_SET_BIN_DATA5", A5 | A6 | A7, set_bin_data5),
	OP("CP_SET_BIN_DATA5_OFFSET", A6 | A7, set_bin_data5_offset),
	OP("CP_SET_MODE", A6 | A7, set_mode),
	OP("CP_SET_VISIBILITY_OVERRIDE", A5 | A6 | A7, set_visibility_override),
	OP("CP_SET_MARKER", A6 | A7, set_marker),
	OP("CP_SET_RENDER_MODE", A5, set_render_mode),
	OP("CP_SKIP_IB2_ENABLE_GLOBAL", A5 | A6 | A7, skip_ib2_global),
	OP("CP_SKIP_IB2_ENABLE_LOCAL", A5 | A6 | A7, skip_ib2_local),
	OP("CP_COND_REG_EXEC", A5 | A6 | A7, conditions),
	OP("CP_REG_TEST", A5 | A6 | A7, conditions),
	OP("CP_COND_EXEC", A5 | A6 | A7, cond_exec),
	OP("CP_COND_WRITE5", A5 | A6 | A7, cond_write5),
	OP("CP_INDIRECT_BUFFER", A5 | A6 | A7, indirect_buffer),
	OP("CP_REG_WRITE", A6 | A7, reg_write, .a7xx_name = "UNKN109"),
	OP("CP_ME_INIT", A5 | A6 | A7, me_init),
	OP("CP_SET_PROTECTED_MODE", A5 | A6 | A7, set_protected_mode),
	OP("CP_SMMU_TABLE_UPDATE", A5 | A6 | A7, smmu_table_update),
	OP("CP_SET_SECURE_MODE", A5 | A6 | A7, set_secure_mode),
	OP("CP_WHERE_AM_I", A5 | A6, where_am_i),
	OP("CP_SET_PSEUDO_REG", A6 | A7, set_pseudo_reg),
	OP("CP_CONTEXT_SWITCH_YIELD", A5 | A6 | A7, context_switch_yield),
	OP("CP_SET_AMBLE", A7, set_amble, .a7xx_name = "CP_SET_CTXSWITCH_IB"),
	OP("CP_PREEMPT_ENABLE_GLOBAL", A5, preempt_enable),
	OP("CP_PREEMPT_ENABLE_LOCAL", A5, preempt_enable),
	OP("CP_YIELD_ENABLE", A5, preempt_enable, .a5xx_name = "CP_PREEMPT_ENABLE"),
	OP("CP_THREAD_CONTROL", A7, thread_control),
	OP("CP_WAIT_TIMESTAMP", A7, wait_timestamp),
	OP("CP_CCHE_INVALIDATE", A7, cche_invalidate),
	OP("CP_RESET_CONTEXT_STATE", A7, reset_context_state),
	OP("CP_CONTEXT_REG_BUNCH2", A7, context_reg_bunch2),
	OP("CP_MEM_TO_SCRATCH_MEM", A7, mem_to_scratch_mem),
	OP("CP_MODIFY_TIMESTAMP", A7, modify_timestamp),
	OP("CP_RESOURCE_LIST", A7, resource_list),
	OP("CP_BV_BR_COUNT_OPS", A7, bv_br_count_ops),
	OP("CP_START_BIN", A7, start_bin, TODO7(NO_SDK_HANDLER)),
	OP("CP_END_BIN", A7, start_bin, TODO7(NO_SDK_HANDLER)),
	OP("CP_FIXED_STRIDE_DRAW_TABLE", A7, fixed_stride_draw_table, TODO7(NO_SDK_HANDLER)),
};

/* The buffers every capture holds. */
static void buffers(struct rd_out *out)
{
	uint32_t data[DATA_WORDS] = {0};
	static const uint32_t draw[] = {3, 2, 4, 9, 5, 1, 0, 0};
	static const uint32_t indexed[] = {6, 2, 1, 5, 7, 3, 1, 0, 0, 0};
	static const uint32_t dispatch[] = {2, 3, 1};
	static const uint32_t indices[] = {0x00010000, 0x00020001, 0x00030002, 0x00000003};
	static const uint32_t values[] = {7, 5, 3, 1};
	memcpy(&data[D_DRAW / 4], draw, sizeof draw);
	memcpy(&data[D_INDEXED / 4], indexed, sizeof indexed);
	data[D_COUNT / 4] = 2;
	memcpy(&data[D_DISPATCH / 4], dispatch, sizeof dispatch);
	memcpy(&data[D_INDEX / 4], indices, sizeof indices);
	for (unsigned i = 0; i < 16; i++)
		data[D_CONST / 4 + i] = 0x3f800000 + i;
	memcpy(&data[D_VALUES / 4], values, sizeof values);
	data[D_ONE / 4] = 1;
	data[D_BINSIZE / 4] = 0x40;
	data[D_BINSIZE / 4 + 1] = 0x20;
	data[D_XFB / 4] = 48;
	data[D_VIS / 4] = 0x12;
	data[D_VIS / 4 + 1] = 0x38;
	data[D_VISSIZE / 4] = 4;
	rd_out_buffer(out, DATA_BASE, data, DATA_WORDS);

	uint32_t result[0x400 / 4] = {0};
	rd_out_buffer(out, RESULT_BASE, result, UTIL_ARRAY_SIZE(result));

	/* twice over: CP_FIXED_STRIDE_DRAW_TABLE's second entry follows
	 * the first */
	struct words ib2 = {0};
	for (int copy = 0; copy < 2; copy++) {
		PKT7(&ib2, PM4_CP_NOP, 0);
		PKT7(&ib2, PM4_CP_WAIT_FOR_IDLE);
	}
	rd_out_buffer(out, IB2_BASE, ib2.w, ib2.len);
	free(ib2.w);

	struct words draws = {0};
	for (uint32_t i = 0; i < 6; i++)
		PKT7(&draws, PM4_CP_DRAW_INDX_OFFSET, DI_AUTO | 1u << 8 /* USE_VISIBILITY */, 1,
		     3 + i);
	rd_out_buffer(out, DRAWS_BASE, draws.w, draws.len);
	free(draws.w);
}

static int write_case(const char *dir, const struct gen *g, const struct opcode *op)
{
	struct words ib = {0};
	op->cases(&ib, g);
	struct rd_out out = {0};
	rd_out_section(&out, RD_GPU_ID, WORDS(g->gpu_id));
	rd_out_section(&out, RD_CHIP_ID, WORDS(g->chip_hi, g->chip_lo));
	buffers(&out);
	/* the group a CP_SET_DRAW_STATE names: two register writes */
	struct words group = {0};
	PKT4(&group, g->reg, 0x99, 0x98);
	rd_out_buffer(&out, STATE_BASE, group.w, group.len);
	rd_out_buffer(&out, IB_BASE, ib.w, ib.len);
	rd_out_stream(&out, IB_BASE, (uint32_t)ib.len);

	char path[4096];
	int err = 0;
	if ((size_t)snprintf(path, sizeof path, "%s/%s.rd", dir, op->name) >= sizeof path)
		fprintf(stderr, "mkcases: %s: the path is too long\n", dir), err = 1;
	else if ((err = util_write_file(path, out.bytes, out.len)) != 0)
		fprintf(stderr, "mkcases: %s: %s\n", path, util_read_error(err));
	free(ib.w);
	free(group.w);
	rd_out_free(&out);
	return err != 0;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: mkcases a5xx|a6xx|a7xx DIR\n");
		return 2;
	}
	size_t gi = 0;
	while (gi < UTIL_ARRAY_SIZE(gens) && strcmp(gens[gi].name, argv[1]) != 0)
		gi++;
	if (gi == UTIL_ARRAY_SIZE(gens)) {
		fprintf(stderr, "mkcases: unknown generation '%s' (a5xx, a6xx or a7xx)\n", argv[1]);
		return 2;
	}
	const struct gen *g = &gens[gi];
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(opcodes); i++) {
		const struct opcode *op = &opcodes[i];
		if (!(op->gens & g->bit))
			continue;
		if (write_case(argv[2], g, op))
			return 1;
		const char *how = op->skip[gi] ? "skip" : op->todo[gi] ? "todo" : "check";
		const char *why = op->skip[gi] ? op->skip[gi] : op->todo[gi] ? op->todo[gi] : "";
		const char *name = g->bit == A7 && op->a7xx_name   ? op->a7xx_name
				   : g->bit == A5 && op->a5xx_name ? op->a5xx_name
								   : op->name;
		printf("%s\t%s\t%s\t%s\n", op->name, name, how, why);
	}
	return 0;
}
