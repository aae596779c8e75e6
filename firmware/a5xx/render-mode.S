/* The a5xx PFP's render modes and compute checkpoints, as a530_pfp
 * does them (cpp-included by pfp.S).
 *
 * a530_pfp keeps a state word of its own; the SDK keeps the bits of it
 * that the packets here set, in the same places, because the ME hands
 * the whole word to the GPU at each CP_COMPUTE_CHECKPOINT (its pipe
 * register 0xf4); the preemption bits too (below). The vendor's
 * IB2-skipping bits are not kept. The word is PFP_STATE (pfp.S). */
#define ST_MODE_BITS 0x7800   /* bit 11: 2D (BLIT2D..END2D); 12..14: the mode */
#define ST_2D 0x800
#define ST_MODE_SHIFT 12      /* 0, BYPASS (GMEM too), BINNING, 4 checkpoint */
#define ST_PREEMPT 18         /* CP_PREEMPT_ENABLE_LOCAL's bit 0 */
#define ST_CKPT 30            /* flips at every CP_COMPUTE_CHECKPOINT */
/* The preemption bits (CP_PREEMPT_ENABLE_LOCAL below) */
#define ST_GLOBAL 16          /* 2 bits */
#define ST_PREEMPTING 19
#define ST_YIELD 20           /* 2 bits */
#define CKPT_PREEMPT_EVENT 0x32 /* unnamed in the register database */
#define EVENT_ME_HDR_HI 0x7046  /* 0x70460001: CP_EVENT_WRITE, 1 word */
#define EVENT_ME_HDR_LO 0x0001

; PREEMPT_EVENT(): the ME's CP_EVENT_WRITE of CKPT_PREEMPT_EVENT.
; Clobbers $03.
DEFINE_MACRO(PREEMPT_EVENT, {
	mov $03, EVENT_ME_HDR_HI << 16
	or $data, $03, EVENT_ME_HDR_LO
	mov $data, CKPT_PREEMPT_EVENT
})

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
	; the mode, unless it is already (the 2D bit stays then); with
	; preemption on, the event that tells the GPU
	and $03, PFP_STATE, 0x7000
	IF_NE($03, ST_CHECKPOINT, $04)
		or PFP_STATE, PFP_STATE, ST_MODE_BITS
		xor PFP_STATE, PFP_STATE, ST_MODE_BITS
		or PFP_STATE, PFP_STATE, ST_CHECKPOINT
		IF_BIT_SET(PFP_STATE, ST_PREEMPTING)
			PREEMPT_EVENT()
		ENDIF()
	ENDIF()
END_HANDLER()

; Preemption, as a530_pfp keeps it in its state word: the kernel's
; CP_PREEMPT_ENABLE_GLOBAL (ST_GLOBAL) and CP_YIELD_ENABLE (ST_YIELD),
; taken from the ring only and ignored when 3, and
; CP_PREEMPT_ENABLE_LOCAL (ST_PREEMPT), from anywhere. Preemption is on
; (ST_PREEMPTING) with GLOBAL 1, or 2..3 with LOCAL set; a530_pfp
; tells the CP's preemption unit (its control registers, which the
; emulator does not model), and, when preemption comes on during a
; compute checkpoint, has the ME send event CKPT_PREEMPT_EVENT. The SDK
; sends the event and keeps the bits, which the checkpoints hand on
; (pipe register 0xf4); it does not preempt.
; The state's fields are set with a rotation, as a530_pfp does: the
; field rotated to the top, shifted out, the new value put in, rotated
; back. SET_FIELD(value, shift, width): $02 = PFP_STATE rotated, with
; the field of width bits at shift set to value; the caller stores it
; rotated back by shift.
DEFINE_MACRO(SET_FIELD, {
	rot $02, PFP_STATE, m4_eval(32 - $2 - $3)
	shl $02, $02, $3
	or $02, $02, $1
})

; CP_PREEMPT_ENABLE_LOCAL: bit 0 into the state (ST_PREEMPT), then on to
; preempt_update, in CP_PREEMPT_ENABLE_GLOBAL (a jump, not a call: the
; words END_HANDLER adds after it are not reached).
HANDLER(CP_PREEMPT_ENABLE_LOCAL)
	and $03, $data, 0x1
	SET_FIELD($03, ST_PREEMPT, 1)
	rot PFP_STATE, $02, ST_PREEMPT
	jump #preempt_update
	ushr $03, $02, 30               ; in the slot: ST_GLOBAL, at the top of $02
END_HANDLER()

; RING_FIELD(shift, skip): the packet's bits 0..1 into the state's
; field at shift, when it comes from the ring and is not 3; else to
; skip.
DEFINE_MACRO(RING_FIELD, {
	and $03, $data, 0x3
	brne G_LEVEL, 0x0, #$2
	nop
	breq $03, 0x3, #$2
	SET_FIELD($03, $1, 2)           ; its rot in the slot
	rot PFP_STATE, $02, $1
})

; CP_PREEMPT_ENABLE_GLOBAL: bits 0..1 into ST_GLOBAL, from the ring
; (one from an IB, or 3, changes nothing).
; preempt_update (also CP_PREEMPT_ENABLE_LOCAL's tail): ST_PREEMPTING from
; $03 = the new ST_GLOBAL and ST_PREEMPT; coming on in checkpoint mode,
; the event. (Branches with their delay slots filled by hand, as these
; handlers are on the kernel's every submission.)
HANDLER(CP_PREEMPT_ENABLE_GLOBAL)
	RING_FIELD(ST_GLOBAL, preempt_update.done)
preempt_update:
	breq $03, 0x0, #preempt_update.off
	mov $04, 0x1 << ST_PREEMPTING
	breq $03, 0x1, #preempt_update.on
	and $05, PFP_STATE, $04         ; on already?
	brne PFP_STATE, b18, #preempt_update.off  ; ST_PREEMPT
	nop
preempt_update.on:
	brne $05, 0x0, #preempt_update.done
	and $05, PFP_STATE, 0x7000      ; the mode
	or PFP_STATE, PFP_STATE, $04
	IF_EQ($05, ST_CHECKPOINT, $02)
		PREEMPT_EVENT()
	ENDIF()
	NEXT_PACKET()
preempt_update.off:
	or PFP_STATE, PFP_STATE, $04
	xor PFP_STATE, PFP_STATE, $04
preempt_update.done:
END_HANDLER()

; CP_YIELD_ENABLE: bits 0..1 into ST_YIELD, from the ring as
; CP_PREEMPT_ENABLE_GLOBAL: which CP_CONTEXT_SWITCH_YIELDs may yield (1
; the ring's, 2 any).
HANDLER(CP_YIELD_ENABLE)
	RING_FIELD(ST_YIELD, yield_enable.done)
yield_enable.done:
END_HANDLER()

; CP_CONTEXT_SWITCH_YIELD: a point where the CP may switch rings. a530_pfp
; hands its words (an address, a value to write there when the switch is
; done, an interrupt flag) to the preemption unit; with no other ring
; waiting, nothing follows. The SDK does not switch.
HANDLER(CP_CONTEXT_SWITCH_YIELD)
	SKIP_PAYLOAD()
END_HANDLER()
