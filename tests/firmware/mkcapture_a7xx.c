/* mkcapture-a7xx OUT.rd: writes a capture of a7xx command streams as
 * turnip builds them (no real a7xx capture is shipped), for
 * tests/firmware/vendor-diff.sh to replay through the SDK's a7xx BR and
 * gen70500's. The packet sequences follow Mesa's turnip for a7xx: the
 * hardware setup of a command buffer, a sysmem render pass with draw
 * states and draws (direct, indexed), a dispatch, the cache events and
 * timestamp writes between them, queries and predication. The register
 * values are plausible, not a real pipeline: the firmware passes them on
 * without looking. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/a7xx_regs.h"
#include "afuc/pm4.h"
#include "rd/rd.h"
#include "stream.h"

/* Where the buffers live (GPU addresses). */
#define IB_BASE 0x100000ull     /* each submission's command stream */
#define STATE_BASE 0x140000ull  /* draw-state groups */
#define INDEX_BASE 0x180000ull  /* an index buffer */
#define RESULT_BASE 0x1c0000ull /* queries and timestamps */
#define CS_CONST_BASE 0x1d0000ull

/* events: vgt_event_type of the register database, A7XX_EV_* */
#define EV7_WRITE_ENABLED (1u << 27)
#define EV7_SRC(s) ((uint32_t)(s) << 20) /* 0 USER_32B, 1 USER_64B, 3 ALWAYSON */

/* CP_SET_MARKER modes and CP_THREAD_CONTROL's BR thread */
#define RM6_DIRECT_RENDER 4
#define RM6_COMPUTE 8
#define RM6_BLIT2DSCALE 12
#define THREAD_BR 1

/* tu_emit_event_write for a7xx: an event alone, or one that writes. */
static void event(struct words *b, uint32_t ev)
{
	PKT7(b, PM4_CP_EVENT_WRITE7, ev);
}

static void event_write(struct words *b, uint32_t ev, uint32_t src, uint64_t addr, uint32_t value)
{
	if (src == 1) /* USER_64B: two payload words */
		PKT7(b, PM4_CP_EVENT_WRITE7, ev | EV7_WRITE_ENABLED | EV7_SRC(src), LO(addr),
		     HI(addr), value, 0);
	else
		PKT7(b, PM4_CP_EVENT_WRITE7, ev | EV7_WRITE_ENABLED | EV7_SRC(src), LO(addr),
		     HI(addr), value);
}

/* The cache maintenance turnip does between a render pass and what
 * reads its results (tu_emit_cache_flush). */
static void cache_flush(struct words *b)
{
	event(b, A7XX_EV_CCU_CLEAN_COLOR);
	event(b, A7XX_EV_CCU_CLEAN_DEPTH);
	event(b, A7XX_EV_CACHE_CLEAN);
	PKT7(b, PM4_CP_WAIT_FOR_IDLE);
	event(b, A7XX_EV_CACHE_INVALIDATE7);
	PKT7(b, PM4_CP_WAIT_FOR_ME);
}

/* tu6_init_hw for a7xx, shortened: the first thing a command buffer's
 * submission does. Concurrent binning off, BR alone: BV, which the
 * kernel's CP_THREAD_CONTROL BOTH brought into this IB, meets BR to turn
 * binning off and passes the rest over. */
static void init_hw(struct words *b)
{
	PKT7(b, PM4_CP_THREAD_CONTROL,
	     A7XX_CP_THREAD_CONTROL_0_CONCURRENT_BIN_DISABLE__MASK | THREAD_BR);
	event(b, A7XX_EV_CACHE_INVALIDATE7);
	event(b, A7XX_EV_CCU_INVALIDATE_COLOR);
	event(b, A7XX_EV_CCU_INVALIDATE_DEPTH);
	PKT7(b, PM4_CP_WAIT_FOR_IDLE);
	PKT4(b, REG_A7XX_RB_CCU_CNTL, 0x10000000);
	PKT4(b, REG_A7XX_PC_MODE_CNTL, 0x1f);
	PKT4(b, REG_A7XX_VFD_CONTROL_0, 0x00000000);
	PKT4(b, REG_A7XX_GRAS_LRZ_CNTL, 0);
	PKT4(b, REG_A7XX_RB_DEPTH_CNTL, 0);
	PKT7(b, PM4_CP_SET_MODE, 0);
	PKT7(b, PM4_CP_WAIT_FOR_ME);
}

/* Draw-state groups: each a small stream of register writes at
 * STATE_BASE + 0x100 * group. */
struct group {
	uint32_t id;
	struct words words;
};

static void draw_states(struct words *b, struct group *groups, size_t count)
{
	struct words payload = {0};
	for (size_t i = 0; i < count; i++) {
		uint64_t addr = STATE_BASE + 0x100 * groups[i].id;
		/* COUNT, the enable mask (all modes: 0x7 << 20), GROUP_ID */
		emit(&payload, (uint32_t)groups[i].words.len | 0x7u << 20 | groups[i].id << 24);
		emit(&payload, LO(addr));
		emit(&payload, HI(addr));
	}
	pkt7(b, PM4_CP_SET_DRAW_STATE, payload.w, payload.len);
	free(payload.w);
}

/* A sysmem render pass: two draws over draw states, an indexed draw,
 * an occlusion query around them, the end-of-pass flushes. */
static void render_pass(struct words *b, struct group *groups, size_t group_count)
{
	PKT7(b, PM4_CP_SET_MARKER, RM6_DIRECT_RENDER);
	PKT4(b, REG_A7XX_GRAS_SC_SCREEN_SCISSOR_TL(0), 0, 0x00ff00ff);
	PKT4(b, REG_A7XX_RB_RENDER_CNTL, 0);
	draw_states(b, groups, group_count);
	/* occlusion query begin: RB_SAMPLE_COUNT_ADDR then ZPASS_DONE */
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_ZPASS_DONE | 1u << 12 /* WRITE_SAMPLE_COUNT */,
	     LO(RESULT_BASE), HI(RESULT_BASE));
	/* CP_DRAW_INDX_OFFSET: triangles, auto index, visibility unused */
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, 4 /* DI_PT_TRILIST */ | 2u << 6 /* AUTO_INDEX */, 1, 3);
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, 4 | 2u << 6, 2, 6);
	/* indexed: 16-bit indices from INDEX_BASE */
	PKT7(b, PM4_CP_DRAW_INDX_OFFSET, 4 | 0u << 6 /* DMA */ | 1u << 11 /* INDEX_SIZE 16 */, 1, 6,
	     0, LO(INDEX_BASE), HI(INDEX_BASE), 6);
	PKT7(b, PM4_CP_EVENT_WRITE7,
	     A7XX_EV_ZPASS_DONE | 1u << 12 | 1u << 13 /* SAMPLE_COUNT_END_OFFSET */ |
		     1u << 14 /* WRITE_ACCUM_SAMPLE_COUNT_DIFF */,
	     LO(RESULT_BASE), HI(RESULT_BASE));
	event(b, A7XX_EV_CCU_FLUSH_COLOR);
	event(b, A7XX_EV_CCU_FLUSH_DEPTH);
	event_write(b, A7XX_EV_RB_DONE_TS, 0, RESULT_BASE + 0x40, 0x1234);
}

/* A dispatch: compute state, constants inline, CP_EXEC_CS. */
static void dispatch(struct words *b)
{
	PKT7(b, PM4_CP_SET_MARKER, RM6_COMPUTE);
	PKT4(b, REG_A7XX_SP_CS_CONFIG, 0x100);
	PKT4(b, REG_A7XX_HLSQ_CS_NDRANGE_0, 0x3f, 64, 0, 1, 0, 1, 0);
	PKT4(b, REG_A7XX_HLSQ_CS_CNTL, 0xfcfcfcfc);
	/* CP_LOAD_STATE6_FRAG: 4 constants, SB6_CS_SHADER, indirect */
	PKT7(b, PM4_CP_LOAD_STATE6_FRAG, 0 | 1u << 16 /* SS6_INDIRECT */ | 13u << 18 | 1u << 22,
	     LO(CS_CONST_BASE), HI(CS_CONST_BASE));
	PKT7(b, PM4_CP_EXEC_CS, 0, 4, 2, 1);
	cache_flush(b);
	event_write(b, A7XX_EV_CACHE_CLEAN, 0, RESULT_BASE + 0x80, 0x5678);
}

/* The rest of what turnip emits around draws on a7xx: BR-only sections
 * (CP_COND_REG_EXEC in THREAD_MODE), transform-feedback flushes,
 * inline geometry constants, the visibility override, query results
 * copied and written, indirect draws and dispatches, a 2D blit, waits on
 * memory. */
static void more(struct words *b)
{
	/* a section only BR runs: two dwords */
	PKT7(b, PM4_CP_COND_REG_EXEC, 5u << 28 /* THREAD_MODE */ | 1u << 26 /* BR */, 2);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_CCU_INVALIDATE_COLOR);
	/* a section only BV runs, skipped here */
	PKT7(b, PM4_CP_COND_REG_EXEC, 5u << 28 | 1u << 25 /* BV */, 2);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_CCU_INVALIDATE_DEPTH);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_FLUSH_SO_0);
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_FLUSH_SO_3);
	/* 4 inline constants for the vertex shader */
	PKT7(b, PM4_CP_LOAD_STATE6_GEOM, 0 | 0u << 16 /* SS6_DIRECT */ | 8u << 18 | 1u << 22, 0, 0,
	     0x3f800000, 0, 0, 0x3f800000);
	PKT7(b, PM4_CP_SET_VISIBILITY_OVERRIDE, 1);
	/* VIS_CULL USE_VISIBILITY (bit 9), which gen70500 leaves out */
	PKT7(b, PM4_CP_DRAW_INDIRECT, 4 | 2u << 6 | 1u << 9, LO(RESULT_BASE + 0x100),
	     HI(RESULT_BASE + 0x100));
	PKT7(b, PM4_CP_DRAW_INDX_INDIRECT, 4 | 1u << 11, LO(INDEX_BASE), HI(INDEX_BASE), 6,
	     LO(RESULT_BASE + 0x140), HI(RESULT_BASE + 0x140));
	PKT7(b, PM4_CP_SET_VISIBILITY_OVERRIDE, 0);
	/* local size 64 x 2 x 1 */
	PKT7(b, PM4_CP_EXEC_CS_INDIRECT, 0, LO(RESULT_BASE + 0x120), HI(RESULT_BASE + 0x120),
	     63u << 2 | 1u << 12);
	/* a 2D blit */
	PKT7(b, PM4_CP_SET_MARKER, RM6_BLIT2DSCALE);
	PKT7(b, PM4_CP_BLIT, 3 /* BLIT_OP_SCALE */);
	/* an availability word written, waited for, and the result copied */
	PKT7(b, PM4_CP_MEM_WRITE, LO(RESULT_BASE + 0x70), HI(RESULT_BASE + 0x70), 1, 2);
	PKT7(b, PM4_CP_WAIT_MEM_WRITES);
	PKT7(b, PM4_CP_WAIT_REG_MEM, 3 /* EQ */ | 1u << 4 /* memory */, LO(RESULT_BASE + 0x70),
	     HI(RESULT_BASE + 0x70), 1, 0xffffffff, 16);
	PKT7(b, PM4_CP_MEM_TO_MEM, 0, LO(RESULT_BASE + 0x60), HI(RESULT_BASE + 0x60),
	     LO(RESULT_BASE + 0x74), HI(RESULT_BASE + 0x74));
	event_write(b, A7XX_EV_RB_DONE_TS, 1 /* USER_64B */, RESULT_BASE + 0x78, 0x9abc);
	/* a timestamp query: the always-on counter, no payload */
	PKT7(b, PM4_CP_EVENT_WRITE7, A7XX_EV_RB_DONE_TS | EV7_WRITE_ENABLED | EV7_SRC(3),
	     LO(RESULT_BASE + 0x88), HI(RESULT_BASE + 0x88));
}

/* One submission: its command stream at IB_BASE + 0x10000 * index, the
 * buffers it reads, then the stream. */
static void submit(struct rd_out *out, const struct words *ib, size_t index,
		   const struct group *groups, size_t group_count)
{
	const uint32_t indices[4] = {0x00010000, 0x00020001, 0x00030002, 0x00000003};
	/* at RESULT_BASE + 0x100: VkDrawIndirectCommand, at + 0x120:
	 * VkDispatchIndirectCommand, at + 0x140:
	 * VkDrawIndexedIndirectCommand */
	uint32_t results[96] = {0};
	const uint32_t draw[] = {3, 2, 4, 9}, dispatch[] = {2, 3, 1}, indexed[] = {6, 2, 1, 5, 7};
	memcpy(&results[0x100 / 4], draw, sizeof draw);
	memcpy(&results[0x120 / 4], dispatch, sizeof dispatch);
	memcpy(&results[0x140 / 4], indexed, sizeof indexed);
	const uint32_t zeros[16] = {0};
	uint64_t addr = IB_BASE + 0x10000 * index;
	for (size_t i = 0; i < group_count; i++)
		rd_out_buffer(out, STATE_BASE + 0x100 * groups[i].id, groups[i].words.w,
			      groups[i].words.len);
	rd_out_buffer(out, INDEX_BASE, indices, UTIL_ARRAY_SIZE(indices));
	rd_out_buffer(out, RESULT_BASE, results, UTIL_ARRAY_SIZE(results));
	rd_out_buffer(out, CS_CONST_BASE, zeros, UTIL_ARRAY_SIZE(zeros));
	rd_out_buffer(out, addr, ib->w, ib->len);
	rd_out_stream(out, addr, (uint32_t)ib->len);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: mkcapture-a7xx OUT.rd\n");
		return 2;
	}
	struct rd_out out = {0};
	rd_out_section(&out, RD_GPU_ID, WORDS(730));
	rd_out_section(&out, RD_CHIP_ID, WORDS(0x07030001, 0));

	struct group groups[3] = {{.id = 0}, {.id = 1}, {.id = 2}};
	PKT4(&groups[0].words, REG_A7XX_SP_CS_CNTL_0, 1, 2);
	PKT4(&groups[1].words, REG_A7XX_VFD_CONTROL_0, 0x0101);
	PKT4(&groups[2].words, REG_A7XX_GRAS_LRZ_CNTL, 0);

	struct words ibs[4] = {{0}};
	init_hw(&ibs[0]);
	render_pass(&ibs[1], groups, UTIL_ARRAY_SIZE(groups));
	dispatch(&ibs[2]);
	more(&ibs[3]);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(ibs); i++)
		submit(&out, &ibs[i], i, groups, UTIL_ARRAY_SIZE(groups));

	int err = util_write_file(argv[1], out.bytes, out.len);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(ibs); i++)
		free(ibs[i].w);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(groups); i++)
		free(groups[i].words.w);
	rd_out_free(&out);
	if (err) {
		fprintf(stderr, "mkcapture-a7xx: %s: %s\n", argv[1], util_read_error(err));
		return 1;
	}
	return 0;
}
