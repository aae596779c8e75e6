/* Constants of the SDK's own firmware (cpp, before the m4 macros).
 *
 * A top-level source defines FW_GEN (5, 6 or 7) before including this,
 * and says nothing else about its generation: this header turns FW_GEN
 * into the GPU() line the m4 macros and the assembler read.
 * The register convention is the spec's: $01 holds the packet header,
 * $02-$11 are scratch that every handler may clobber, $12 and up keep
 * state between packets (but $18-$1a, CP_DRAW_INDIRECT_MULTI's scratch
 * on a6xx and a7xx). The SDK firmware's state: */
#ifndef FW_COMMON_FW_H
#define FW_COMMON_FW_H

#if FW_GEN == 5
GPU(a5xx)
#include "afuc/a5xx_regs.h"
#define EV(name) A5XX_EV_##name
#define SHIFT(field) A5XX_##field##__SHIFT
#elif FW_GEN == 6
GPU(a6xx)
#include "afuc/a6xx_regs.h"
#define EV(name) A6XX_EV_##name
#define SHIFT(field) A6XX_##field##__SHIFT
#elif FW_GEN == 7
GPU(a7xx)
#include "afuc/a7xx_regs.h"
#define EV(name) A7XX_EV_##name
#define SHIFT(field) A7XX_##field##__SHIFT
#else
#error "FW_GEN must be 5, 6 or 7, defined before including fw.h"
#endif
/* EV(NAME): the generation's number of the event NAME (vgt_event_type in
 * the register database; the generated header names it A6XX_EV_NAME).
 * SHIFT(FIELD): the low bit of a packet word's bit field
 * (pm4_packet_fields: CP_MEM_TO_MEM_0_DOUBLE...), for IF_BIT_SET and
 * IF_BIT_CLEAR on one-bit flags (the generated value, "(30)", is a
 * constant expression the macros work out). */

#define G_LEVEL $12 /* queue being read: 0 ring, 1 IB1, 2 IB2 (, 3 IB3) */
#define G_MODE $14  /* render mode of the last CP_SET_MARKER (RM6_*, bits 0..3),
		     * with the bit CP_COND_REG_EXEC's RENDER_MODE tests for it
		     * (25 BINNING, 26 GMEM and every other mode, 27 SYSMEM),
		     * and on a6xx and a7xx CP_SET_MODE's two bits at 30 and 31
		     * (a630 and gen70500 keep them at 29 and 30, where the SDK's
		     * RENDER_MODE test would see bit 29 of its MODE field) */
/* those bits as mov immediates; mode 0, as at boot, has GMEM's */
#define G_MODE_BINNING 0x2 << 24
#define G_MODE_GMEM 0x4 << 24
#define G_MODE_SYSMEM 0x8 << 24
#define G_MODE_SET_MODE 0x3 << 30 /* kept across CP_SET_MARKER */
#define G_PRED $15  /* predicate bits set by CP_REG_TEST */
#define G_SEQ $13   /* a6xx: number of the next event or draw (0..0xff) */
#define G_BANK $16  /* a5xx ME: the context's register bank (0 or 0x800) */
#define G_BANK2D $17 /* a5xx ME: the 2D engine's register bank (0 or 0x400) */
#define G_SEQ2D $16 /* a6xx: number of the next 2D blit (0..0xff) */
#define G_FLAGS $17 /* a6xx, a7xx: draw predication (PRED_*), and on a7xx BR
		     * G_EVENT_END once CP_THREAD_CONTROL reported CP_EVENT_END */
/* The predication bits of G_FLAGS, where a630 and gen70500 keep theirs
 * too: CP_DRAW_PRED_ENABLE_GLOBAL sets the last three or clears all four,
 * CP_DRAW_PRED_ENABLE_LOCAL sets or clears PRED_LOCAL, CP_DRAW_PRED_SET
 * (while PRED_GLOBAL is set) PRED_SET and, when the predicate fails,
 * PRED_FAIL. With all four set (PRED_OFF) draws and dispatches are
 * predicated off. */
#define PRED_FAIL 0x1
#define PRED_SET 0x2
#define PRED_LOCAL 0x4
#define PRED_GLOBAL_BIT 3
#define PRED_ON 0xe /* PRED_GLOBAL, PRED_LOCAL, PRED_SET */
#define PRED_OFF 0xf
#define G_EVENT_END_BIT 4

/* Registers are named from the register database (sdk/rnn/db): @NAME
 * control registers, bare GPU register names, which afuc-as resolves for
 * the generation. The CP_SCRATCH_* packets' eight scratch words are
 * @SCRATCH_REG0..7 on every generation. */
#define SCRATCH_BASE @SCRATCH_REG0

#if FW_GEN == 5
#define MAX_IB_LEVEL 2       /* IB1 and IB2 */
#define REG_TO_MEM_CNT_HI 29
/* packets a5xx has without a name in the database: a6xx numbers */
#define SCRATCH_WRITE_OPCODE UNKN76 /* CP_SCRATCH_WRITE */
#define MEMCPY_OPCODE UNKN117       /* CP_MEMCPY */
#define SET_MARKER_OPCODE UNKN101   /* CP_SET_MARKER */
#define IB_END_OPCODE UNKN10        /* IN_IB_END */
#elif FW_GEN == 6
#define MAX_IB_LEVEL 2             /* IB1 and IB2 */
#define SCRATCH_WRITE_OPCODE CP_SCRATCH_WRITE
#define REG_WRITE_OPCODE CP_REG_WRITE
#define REG_TO_MEM_CNT_HI 29 /* CP_REG_TO_MEM's CNT: bits 18..29 */
#elif FW_GEN == 7
#define MAX_IB_LEVEL 3              /* IB1, IB2 and IB3 */
#define SCRATCH_WRITE_OPCODE UNKN76 /* CP_SCRATCH_WRITE is a6xx-only by name */
#define REG_WRITE_OPCODE UNKN109    /* CP_REG_WRITE, likewise */
#define REG_TO_MEM_CNT_HI 28        /* bit 29 is a flag on a7xx */
#endif

#if FW_GEN >= 6
#define MEMCPY_OPCODE CP_MEMCPY
#define SET_MARKER_OPCODE CP_SET_MARKER
#define IB_END_OPCODE IN_IB_END
#endif

/* Reading memory and registers on the processor that reads the command
 * stream (the front end: the SQE, or the a5xx PFP, which reads them
 * through its control registers where the library's a5xx macros use the
 * ME's way; pfp.S defines FW_A5XX_PFP and the two PFP macros). */
#ifdef FW_A5XX_PFP
#define FE_START_MEM_READ PFP_START_MEM_READ
#define FE_READ_REG PFP_READ_REG
#else
#define FE_START_MEM_READ START_MEM_READ
#define FE_READ_REG READ_REG
#endif

/* Firmware ids (header word 0): the NOP byte, then a payload whose bits
 * 20..23 name the generation, as in vendor ids (which tools read to guess
 * it); 0xd.... marks the SDK's own firmware, the low bits its version. */
#define FW_ID_A5XX 005d0001
#define FW_ID_A6XX 016d0001
#define FW_ID_A7XX 017d0001

/* FATAL_ERROR(stop): what vendor firmware does with a command stream it
 * cannot go on with (an opcode it does not know, an IB past the deepest
 * level): raise the CP's error (1 to @FATAL_ERROR_CTRL) and stop for
 * good at the label stop; the kernel sees the error and resets the GPU. */
DEFINE_MACRO(FATAL_ERROR, {
	mov $02, 0x1
	cwrite $02, [$00 + @FATAL_ERROR_CTRL]
$1:
	jump #$1
	nop
})

#if FW_GEN >= 7
/* ONCHIP_WORD(dst, slot, tmp, bank): the word of a7xx on-chip memory (control
 * registers ONCHIP_BASE on, shared by BR, BV and LPAC) that holds on-chip
 * slot ONCHIP_ADDR (its low four bits), as gen70500 lays them out: slots
 * 0-7 in words 0-7, the processors' common ones; slots 8-15 each
 * processor's own, bank words on (ONCHIP_BANK, which each processor's
 * section of sqe.S defines: BR 0x10, words 0x18-0x1f; BV 0x18; LPAC 0,
 * words 8-15). */
#define ONCHIP_BASE 0x200
DEFINE_MACRO(ONCHIP_WORD, {
	and $1, $2, 0xf
	IF_GE($1, 0x8, $3)
		add $1, $1, $4
	ENDIF()
})
#endif

/* IFPC_MARKER(word, tmp, tmp2): CP_SET_MARKER's IFPC request (bit 8 of
 * word set; bit 0 set: no power collapse) to bit 0 of CP_CP2GMU_STATUS,
 * where a630 and gen70500 pass it to the GMU (a6xx and a7xx: the SQE or
 * BR, and the a7xx BV alike). */
DEFINE_MACRO(IFPC_MARKER, {
	READ_REG($2, CP_CP2GMU_STATUS)
	or $2, $2, 0x1
	IF_BIT_CLEAR($1, 0)
		xor $2, $2, 0x1
	ENDIF()
	WRITE_REG_DIRECT(CP_CP2GMU_STATUS, $2, $3)
})

/* TS_UNIT_CASES(reg): the CASEs of a SWITCH over a timestamp event
 * (a5xx and a6xx CP_EVENT_WRITE) that put in reg the unit writing its
 * value, as bits 8..10 of EVENT_TS_CTRL take it: WT_DONE_TS 2,
 * RB_DONE_TS 3, the CCU's depth and color flushes 4 and 5, and 6 the
 * resolve (BLIT on a5xx, PC_CCU_RESOLVE_TS on a6xx); CACHE_FLUSH_TS (1)
 * is each generation's own case. */
#if FW_GEN == 5
#define EV_TS_RESOLVE EV(BLIT)
#else
#define EV_TS_RESOLVE EV(PC_CCU_RESOLVE_TS)
#endif
DEFINE_MACRO(TS_UNIT_CASES, {
	CASE(EV(WT_DONE_TS))
		mov $1, 0x200
	CASE(EV(RB_DONE_TS))
		mov $1, 0x300
	CASE(EV(PC_CCU_FLUSH_DEPTH_TS))
		mov $1, 0x400
	CASE(EV(PC_CCU_FLUSH_COLOR_TS))
		mov $1, 0x500
	CASE(EV_TS_RESOLVE)
		mov $1, 0x600
})

/* DRAW_INDX_OFFSET_ARGS(): CP_DRAW_INDX_OFFSET's words, read the same on
 * every generation: the draw initiator ($02; SOURCE_SELECT in bits 6..7:
 * 0 DMA, indices from memory; 2 AUTO_INDEX), NUM_INSTANCES ($03),
 * NUM_INDICES ($04); with DMA also FIRST_INDX, INDX_BASE (64-bit) and
 * MAX_INDICES, which go to the PC's index buffer registers first (from
 * INDEX_BUF_REG). Clobbers $05-$07, $0b. */
#if FW_GEN == 5
#define INDEX_BUF_REG PC_INDEX_BUF_LO
#else
#define INDEX_BUF_REG PC_DRAW_INDX_BASE
#endif
DEFINE_MACRO(DRAW_INDX_OFFSET_ARGS, {
	mov $02, $data
	mov $03, $data
	mov $04, $data
	EXTRACT_BITS($05, $02, 6, 7)
	IF_EQ($05, 0)
		IF_GE($rem, 4, $0b)
			mov $05, $data          ; FIRST_INDX
			READ_ADDR64($06, $07)
			WRITE_REG(INDEX_BUF_REG, $06, $07, $05, $data)
		ENDIF()
	ENDIF()
})

/* One register written again and again: $addr with this bit does not
 * move on after each $data (every generation). */
#define FIXED_ADDR 0x1 << 18

/* render modes of CP_SET_MARKER */
#define RM6_BYPASS 1
#define RM6_BINNING 2
#define RM6_ENDVIS 5
/* and the kernel's marks around the IBs of a submission (a7xx) */
#define MARK_IB1LIST_START 0xd
#define MARK_IB1LIST_END 0xe

#endif
