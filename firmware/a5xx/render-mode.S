/* The a5xx PFP's render modes and compute checkpoints, as a530_pfp
 * does them (cpp-included by pfp.S).
 *
 * a530_pfp keeps a state word of its own; the SDK keeps the bits of it
 * that the packets here set, in the same places, because the ME hands
 * the whole word to the GPU at each CP_COMPUTE_CHECKPOINT (its pipe
 * register 0xf4). The vendor's other bits (preemption and IB2
 * skipping) are not kept: the SDK has neither. The word is PFP_STATE
 * (pfp.S). */
#define ST_MODE_BITS 0x7800   /* bit 11: 2D (BLIT2D..END2D); 12..14: the mode */
#define ST_2D 0x800
#define ST_MODE_SHIFT 12      /* 0, BYPASS (GMEM too), BINNING, 4 checkpoint */
#define ST_PREEMPT 18         /* CP_PREEMPT_ENABLE_LOCAL's bit 0 */
#define ST_CKPT 30            /* flips at every CP_COMPUTE_CHECKPOINT */

/* CP_SET_RENDER_MODE's MODE values (adreno_pm4.xml render_mode_cmd) */
#define RM5_BYPASS 1
#define RM5_BINNING 2
#define RM5_GMEM 3
#define RM5_BLIT2D 5
#define RM5_END2D 8
#define RM5_CHECKPOINT 4      /* the mode CP_COMPUTE_CHECKPOINT sets */
#define ST_CHECKPOINT 0x4000  /* RM5_CHECKPOINT << ST_MODE_SHIFT */

/* What a530_pfp has its ME write when the mode turns to BYPASS, GMEM or
 * BINNING: 30 zeros from 0xe7c0 (the HLSQ's per-stage CONSTLEN and
 * INSTRLEN among them), as a PKT4 with the kernel's parity bits. */
#define HLSQ_CLEAR_HDR_HI 0x48e7   /* 0x48e7c09e: 0xe7c0, 30 words */
#define HLSQ_CLEAR_HDR_LO 0xc09e
#define HLSQ_CLEAR_COUNT 30

/* The CP_COMPUTE_CHECKPOINT the PFP makes up for the ME: 6 words */
#define CKPT_HDR_HI 0x706e         /* 0x706e8006 */
#define CKPT_HDR_LO 0x8006
/* Control registers a530_pfp reads for the checkpoint, by queue: one
 * per level, IB1's at CKPT_POS_BASE, IB2's 4 higher, the ring's 8
 * higher (the emulator's model keeps them 0). */
#define CKPT_POS_BASE 0x0ab

; CP_SET_RENDER_MODE: MODE (bits 0..3 of the first word; GMEM counts as
; BYPASS) to A5XX_RENDER_STATE at once, then per mode: BYPASS and
; BINNING have the ME clear 0xe7c0..0xe7dd and, with 0, become the
; state's mode; BLIT2D..7 set the 2D bit and END2D clears it. The
; buffers of the payload are for preemption, which the SDK does not do.
HANDLER(CP_SET_RENDER_MODE)
	mov $02, 0x0
	IF_NE($rem, 0)
		and $02, $data, 0xf
	ENDIF()
	SKIP_PAYLOAD()
	IF_EQ($02, RM5_GMEM)
		mov $02, RM5_BYPASS
	ENDIF()
	WRITE_REG_DIRECT(A5XX_RENDER_STATE, $02, $03)
	IF_LT($02, RM5_GMEM, $06)
		IF_NE($02, 0)
			mov $03, HLSQ_CLEAR_HDR_HI << 16
			or $data, $03, HLSQ_CLEAR_HDR_LO
			mov $rem, HLSQ_CLEAR_COUNT
			(rep)mov $data, $00
		ENDIF()
		or PFP_STATE, PFP_STATE, ST_MODE_BITS
		xor PFP_STATE, PFP_STATE, ST_MODE_BITS
		shl $03, $02, ST_MODE_SHIFT
		or PFP_STATE, PFP_STATE, $03
		NEXT_PACKET()
	ENDIF()
	IF_EQ($02, RM5_END2D)
		or PFP_STATE, PFP_STATE, ST_2D
		xor PFP_STATE, PFP_STATE, ST_2D
		NEXT_PACKET()
	ENDIF()
	IF_GE($02, RM5_BLIT2D, $06)
		IF_LT($02, RM5_END2D, $06)
			or PFP_STATE, PFP_STATE, ST_2D
		ENDIF()
	ENDIF()
END_HANDLER()

; CP_COMPUTE_CHECKPOINT: ADDR_0 (two words), a word, a word whose bits
; 0..3 matter, then buffers for preemption. The mode (RM5_CHECKPOINT)
; goes to A5XX_RENDER_STATE; the ME gets six words for its pipe
; registers (me.S): a zero, ADDR_0, the third word, then bits 0..3 of
; the fourth at 24..27 with the queue's level at 28..29 and the low 24
; bits of the queue's CKPT_POS_BASE register, and the state word with
; ST_CKPT flipped and bit 31 set. A packet of fewer than four words is
; skipped.
HANDLER(CP_COMPUTE_CHECKPOINT)
	IF_LT($rem, 4, $06)
		SKIP_PAYLOAD()
		NEXT_PACKET()
	ENDIF()
	mov $02, RM5_CHECKPOINT
	WRITE_REG_DIRECT(A5XX_RENDER_STATE, $02, $03)
	mov $03, CKPT_HDR_HI << 16
	or $data, $03, CKPT_HDR_LO
	mov $data, $00
	mov $data, $data
	mov $data, $data
	mov $data, $data
	and $05, $data, 0xf
	shl $05, $05, 24
	and $03, G_LEVEL, 0x3
	shl $03, $03, 28
	or $05, $05, $03
	; the queue's register: IB1 +0, IB2 +4, the ring +8
	sub $04, G_LEVEL, 0x1
	IF_EQ(G_LEVEL, 0)
		mov $04, 0x2
	ENDIF()
	shl $04, $04, 0x2
	cread $03, [$04 + CKPT_POS_BASE]
	shl $03, $03, 8
	ushr $03, $03, 8
	or $data, $05, $03
	mov $03, 0x1 << ST_CKPT
	xor PFP_STATE, PFP_STATE, $03
	mov $03, 0x1 << 31
	or $data, PFP_STATE, $03
	SKIP_PAYLOAD()
	; the mode, unless it is already (the 2D bit stays then)
	and $03, PFP_STATE, 0x7000
	IF_NE($03, ST_CHECKPOINT, $04)
		or PFP_STATE, PFP_STATE, ST_MODE_BITS
		xor PFP_STATE, PFP_STATE, ST_MODE_BITS
		or PFP_STATE, PFP_STATE, ST_CHECKPOINT
	ENDIF()
END_HANDLER()

; CP_PREEMPT_ENABLE_LOCAL: bit 0 into the state (ST_PREEMPT); the ME
; has nothing to do.
HANDLER(CP_PREEMPT_ENABLE_LOCAL)
	mov $02, 0x0
	IF_NE($rem, 0)
		and $02, $data, 0x1
	ENDIF()
	SKIP_PAYLOAD()
	mov $03, 0x1 << ST_PREEMPT
	or PFP_STATE, PFP_STATE, $03
	xor PFP_STATE, PFP_STATE, $03
	shl $02, $02, ST_PREEMPT
	or PFP_STATE, PFP_STATE, $02
END_HANDLER()
