/* Packet handlers of the a6xx SQE and the a7xx BR only, included after
 * cp-handlers.S: those of the front end (conditions, render modes,
 * indirect buffers), which the a5xx PFP has too, and draw states. */
#include "cond-handlers.S"
#include "vis.S"
#define IB_VISIBILITY /* IB2s consult the visibility stream (vis.S) */
#include "ib-handlers.S"
#undef IB_VISIBILITY
#include "smmu.S"

; CP_SET_DRAW_STATE: groups of three words, a header (COUNT 0..15, DIRTY
; 16, DISABLE 17, DISABLE_ALL_GROUPS 18, LOAD_IMMED 19, GROUP_ID 24..28)
; and the group's 64-bit address. (sds2) stores a header and its address
; in the draw-state RAM in one instruction, and (rep) does every group;
; the groups run later, with the draws.
HANDLER(CP_SET_DRAW_STATE)
	(rep)(sds2)cwrite $data, [$00 + @DRAW_STATE_SET_HDR]
END_HANDLER()

; Draw predication (conditional rendering), in G_FLAGS (fw.h).
; CP_DRAW_PRED_ENABLE_GLOBAL: bit 0 turns it on (not yet evaluated:
; PRED_ON) or off.
HANDLER(CP_DRAW_PRED_ENABLE_GLOBAL)
	and $02, $data, 0x1
	mul8 $02, $02, PRED_ON
#if FW_GEN >= 7
	bic G_FLAGS, G_FLAGS, PRED_OFF  ; a7xx clears the bits in one
#else
	or G_FLAGS, G_FLAGS, PRED_OFF
	xor G_FLAGS, G_FLAGS, PRED_OFF
#endif
	or G_FLAGS, G_FLAGS, $02
END_HANDLER()

; CP_DRAW_PRED_ENABLE_LOCAL: bit 0 sets PRED_LOCAL. (Vendor firmware
; leaves it alone while predication is off globally, which cannot be
; seen: draws test all four bits, and the global enable sets it again.)
HANDLER(CP_DRAW_PRED_ENABLE_LOCAL)
	mov $02, $data
	or G_FLAGS, G_FLAGS, PRED_LOCAL
	IF_BIT_CLEAR($02, 0)
		xor G_FLAGS, G_FLAGS, PRED_LOCAL
	ENDIF()
END_HANDLER()

; CP_DRAW_PRED_SET: SRC (4..7), TEST (8: EQ_0_PASS, else NE_0_PASS), the
; address. While predication is on, PRED_SRC_MEM (5), what turnip and
; freedreno send, tests the 64-bit word there; the other sources leave
; the state alone (docs/firmware.md).
HANDLER(CP_DRAW_PRED_SET)
	mov $02, $data
	READ_ADDR64($03, $04)
	IF_BIT_SET(G_FLAGS, PRED_GLOBAL_BIT)
		EXTRACT_BITS($05, $02, 4, 7)
		IF_EQ($05, 5)
			FE_START_MEM_READ($03, $04, 2, $06)
			mov $06, $memdata
			or $06, $06, $memdata       ; 0: the value is 0
			or G_FLAGS, G_FLAGS, PRED_SET | PRED_FAIL
			IF_NE($06, 0)
				xor G_FLAGS, G_FLAGS, PRED_FAIL
			ENDIF()
			IF_BIT_SET($02, 8)
				xor G_FLAGS, G_FLAGS, PRED_FAIL
			ENDIF()
		ENDIF()
	ENDIF()
END_HANDLER()

; CP_SET_MODE: bit 0 sets or clears two bits of G_MODE (fw.h), as a630
; and gen70500 keep them in the same register ($14, at 29 and 30; their
; CP_SET_DRAW_STATE then runs the groups at once, not modelled yet).
; Clearing, vendor firmware clears only bit 29 when its $12 has bit
; 5, which the SDK's G_LEVEL never has.
HANDLER(CP_SET_MODE)
	mov $02, $data
	mov $03, G_MODE_SET_MODE
	or G_MODE, G_MODE, $03
	IF_BIT_CLEAR($02, 0)
		xor G_MODE, G_MODE, $03
	ENDIF()
END_HANDLER()

; CP_CONTEXT_SWITCH_YIELD, from the ring only (an IB's is dropped, as
; vendor firmware drops it): the first three words into the preemption
; control registers as a630 and gen70500 keep them, and with bit 1 of the
; fourth the next three too (else the first of those cleared). Vendor
; firmware then writes PREEMPT_TRIGGER; this one does not: the trigger
; hands the CP to a preemption that saves this context and switches
; rings, and this firmware has no save and restore code to run it
; (docs/firmware.md, "Not done").
#if FW_GEN == 6
#define YIELD_A 0x11a /* and 0x11b, 0x11c */
#define YIELD_B 0x11f
#define YIELD_C 0x11d /* and 0x11e */
#else
#define YIELD_A 0x11d
#define YIELD_B 0x122
#define YIELD_C 0x120
#endif
HANDLER(CP_CONTEXT_SWITCH_YIELD)
	brne G_LEVEL, 0x0, #yield.ib
	nop
	cwrite $data, [$00 + YIELD_A]
	cwrite $data, [$00 + YIELD_A + 0x1]
	cwrite $data, [$00 + YIELD_A + 0x2]
	mov $02, $data
	cwrite $00, [$00 + YIELD_B]
	IF_BIT_SET($02, 1)
		cwrite $data, [$00 + YIELD_B]
		cwrite $data, [$00 + YIELD_C]
		cwrite $data, [$00 + YIELD_C + 0x1]
	ENDIF()
yield.ib:
	SKIP_PAYLOAD()
END_HANDLER()
#undef YIELD_A
#undef YIELD_B
#undef YIELD_C

; Packets whose effect is state this firmware does not keep, accepted
; and their payload dropped: the kernel's secure mode, page-table
; switch and preemption records, which vendor firmware also drops when
; an IB carries them. What vendor firmware does with them lands in its control
; registers and state, which the replay does not compare, or (from the
; ring: CP_SET_PSEUDO_REG on a6xx) in hardware the emulator does not have
; (docs/firmware.md, "Not done"). CP_SET_SECURE_MODE: a mode change
; runs the vendor's setsecure, which needs the zap shader (the emulator's
; fails it); an unchanged mode does nothing there, as here.
; CP_SMMU_TABLE_UPDATE is smmu.S's.
#if FW_GEN == 6
#define DROPPED_PSEUDO_REG , CP_SET_PSEUDO_REG
#else /* a7xx keeps the binning streams' bases (a7xx/binning.S) */
#define DROPPED_PSEUDO_REG
#endif
HANDLER(CP_SET_SECURE_MODE DROPPED_PSEUDO_REG)
	SKIP_PAYLOAD()
END_HANDLER()
#undef DROPPED_PSEUDO_REG

; CP_SET_PROTECTED_MODE: bit 0 turns register protection on or off, in
; the SQE's control register PROTECT_CNTL (0x05a, unnamed in the register
; database), which the model does not act on; a6xx-kernel.emu and
; a7xx-handlers.emu check what lands there, on the vendor images too.
; a630, from the ring only: 0, or for on what control 0x107 holds;
; gen70500: bit 30, copied to control 0x104.
#define PROTECT_CNTL 0x05a
HANDLER(CP_SET_PROTECTED_MODE)
#if FW_GEN == 6
	brne G_LEVEL, 0x0, #protected_mode.ib
	nop
	breq $data, 0x0, #protected_mode.write
	mov $02, 0x0                    ; off (in the slot: on reads 0x107)
	cread $02, [$00 + 0x107]
protected_mode.write:
	cwrite $02, [$00 + PROTECT_CNTL]
	NEXT_PACKET()
protected_mode.ib:
	SKIP_PAYLOAD()
#else
	and $02, $data, 0x1
	cread $03, [$00 + PROTECT_CNTL]
	shl $02, $02, 0x1e
	clrbit $03, $03, b30
	or $03, $03, $02
	cwrite $03, [$00 + PROTECT_CNTL]
	cwrite $03, [$00 + 0x104]
#endif
END_HANDLER()

#if FW_GEN == 7
; CP_SET_AMBLE (CP_SET_CTXSWITCH_IB in the register database; a7xx): an
; IB's address and DWORDS (0..19) with its TYPE (20..22), which the SQE
; keeps, three words, for the preemption that runs it (not modelled):
; TYPE 0..2 (pre-, bin pre- and postamble) at control AMBLE_BASE +
; 3 * TYPE, 3 (the kernel's own, from the ring only) at AMBLE_KMD, 4 at
; AMBLE_4, as gen70500 has them; other types are dropped.
#define AMBLE_BASE 0x139
#define AMBLE_KMD 0x12c
#define AMBLE_4 0x17d
HANDLER(CP_SET_CTXSWITCH_IB)
	mov $02, $data
	ubfx $03, $data, b0, b16
	mov $04, $data
	ubfx $05, $04, b20, b22
	mul8 $06, $05, 0x3
	cmp $07, $05, 0x3
	ubfx $04, $04, b0, b19
	brne $07, b2, #amble.other      ; TYPE 3 and up
	add $06, $06, AMBLE_BASE
amble.write:
	cwrite $02, [$06 + 0x0]
	cwrite $03, [$06 + 0x1]
	cwrite $04, [$06 + 0x2]
	NEXT_PACKET()
amble.other:
	brne $05, 0x3, #amble.type4
	mov $06, AMBLE_KMD
	breq G_LEVEL, 0x0, #amble.write
	nop
	NEXT_PACKET()
amble.type4:
	breq $05, 0x4, #amble.write
	mov $06, AMBLE_4
END_HANDLER()

; CP_BV_BR_COUNT_OPS (a7xx BR): OP (bits 0..2) on the counts BR and BV
; keep for concurrent binning, control registers as gen70500's BR has
; them: 1 clears them (0x0dc, 0x0dd, 0x117, 0x118, 0x230), 2 sets 0x116
; from the next word, 3 waits until 0x0dd (BV's count) is ahead of 0x117
; (BR's) by 1..0x7fff, modulo 2^16; any other is fatal. Nothing counts
; them in the model (nor does the SDK's BV), so the wait is left out of the
; cases (a7xx-handlers.emu presets the counts): with the counts equal it
; never ends, on either firmware.
#define BV_COUNT 0x0dd
#define BR_COUNT 0x117
HANDLER(CP_BV_BR_COUNT_OPS)
	and $02, $data, 0x7
	brne $02, 0x1, #bv_br.other
	nop
	cwrite $00, [$00 + 0x0dc]
	cwrite $00, [$00 + BV_COUNT]
	cwrite $00, [$00 + BR_COUNT]
	cwrite $00, [$00 + 0x118]
	cwrite $00, [$00 + 0x230]
	NEXT_PACKET()
bv_br.other:
	brne $02, 0x2, #bv_br.wait
	nop
	cwrite $data, [$00 + 0x116]
	NEXT_PACKET()
bv_br.wait:
	brne $02, 0x3, #fatal_error
	nop
	LOOP()
		cread $03, [$00 + BV_COUNT]
		cread $04, [$00 + BR_COUNT]
		sub $03, $03, $04
		and $03, $03, 0xffff
		IF_NE($03, 0)
			IF_LT($03, 0x8000, $04)
				BREAK()
			ENDIF()
		ENDIF()
	ENDLOOP()
END_HANDLER()

; CP_RESOURCE_LIST (a7xx): the buffers of a concurrent-binning pass, for
; BV and BR; gen70500's BR drops it as CP_NOP, and so does this.
HANDLER(CP_RESOURCE_LIST)
	SKIP_PAYLOAD()
END_HANDLER()
#endif

#if FW_GEN == 6
; CP_WAIT_MEM_GTE: a word not used here, POLL_ADDR (64-bit), REF: polls
; the memory word until it is at least REF, as a630 tests it (the
; difference, taken as signed, is not negative: it survives wrapping).
HANDLER(CP_WAIT_MEM_GTE)
	mov $00, $data
	READ_ADDR64($02, $03)
	mov $04, $data
	SKIP_PAYLOAD()
	LOOP()
		START_MEM_READ($02, $03, 1, $05)
		sub $05, $memdata, $04
		IF_BIT_CLEAR($05, 31)
			BREAK()
		ENDIF()
	ENDLOOP()
END_HANDLER()

; CP_WHERE_AM_I (the kernel's, from the ring): the ring's read pointer
; to the 64-bit address (the kernel's shadow of it), then the wait for
; the write, as a630 firmware does. From an IB it is dropped.
; The address goes from the packet straight to NRT_ADDR (and its high
; word), after which $addr has moved on to NRT_DATA.
HANDLER(CP_WHERE_AM_I)
	IF_EQ(G_LEVEL, 0)
		mov $addr, |NRT_ADDR << 24
		(xmov1)mov $data, $data
		cread $04, [$00 + @RB_RPTR]
		mov $data, $04
		WAIT_MEM_WRITES()
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()
#endif

; CP_REG_WRITE (unnamed on a7xx): TRACKER (bits 0..3), the register,
; the value. The value is written at once whatever the tracker asks
; (vendor firmware keeps TRACK_CNTL_REG registers for the next draw and
; may wait for idle before an RB_RENDER_CNTL write; docs/firmware.md).
HANDLER(REG_WRITE_OPCODE)
	mov $00, $data
	mov $usraddr, $data
	mov $data, $data
	SKIP_PAYLOAD()
END_HANDLER()

#if FW_GEN == 7
; CP_CONTEXT_REG_BUNCH2 (a7xx): two words gen70500 reads and drops, then
; (register, value) pairs, one (xmov1) move a pair: the register to
; $usraddr, the value after it. A lone last word names a register without
; a value and writes nothing.
HANDLER(CP_CONTEXT_REG_BUNCH2)
	mov $00, $data
	mov $00, $data
	(rep)(xmov1)mov $usraddr, $data
END_HANDLER()

; CP_MEM_TO_SCRATCH_MEM (a7xx): CNT (bits 0..6), OFFSET (bits 0..6 of
; the second word), the address: CNT words of memory to the SQE's scratch
; memory, control registers SCRATCH_MEM + OFFSET on. It has SCRATCH_MEM_SIZE
; words: the count stops at its end, and an OFFSET past it is fatal, as
; gen70500 has them.
#define SCRATCH_MEM 0x1c0
#define SCRATCH_MEM_SIZE 0x30
HANDLER(CP_MEM_TO_SCRATCH_MEM)
	and $02, $data, 0x7f
	and $03, $data, 0x7f
	IF_GE($03, SCRATCH_MEM_SIZE, $04)
		jump #fatal_error
		nop
	ENDIF()
	mov $04, SCRATCH_MEM_SIZE
	sub $04, $04, $03
	min $02, $02, $04
	IF_NE($02, 0)
		READ_ADDR64($05, $06)
		START_MEM_READ($05, $06, $02)
		add $03, $03, SCRATCH_MEM - 1
		mov $rem, $02
		(rep)cwrite $memdata, [$03 + 0x1]!
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()

; CP_MODIFY_TIMESTAMP (a7xx): ADD (bits 0..7), OP (28..31). OP 0 clears
; the SQE's timestamps (@GLOBAL_TIMESTAMP, @LOCAL_TIMESTAMP and control
; 0x243, unnamed in the register database); OP n adds ADD to the nth
; (1 global, 2 local) and to 0x243, as gen70500 does.
#define TIMESTAMP_TOTAL 0x243
HANDLER(CP_MODIFY_TIMESTAMP)
	mov $02, $data
	ushr $03, $02, 0x1c
	add $05, $03, @GLOBAL_TIMESTAMP - 1
	IF_EQ($03, 0)
		cwrite $00, [$00 + @GLOBAL_TIMESTAMP]
		cwrite $00, [$00 + @LOCAL_TIMESTAMP]
		cwrite $00, [$00 + TIMESTAMP_TOTAL]
	ELSE()
		and $02, $02, 0xff
		cread $04, [$05 + 0x0]
		add $04, $04, $02
		cwrite $04, [$05 + 0x0]
		cread $04, [$00 + TIMESTAMP_TOTAL]
		add $04, $04, $02
		cwrite $04, [$00 + TIMESTAMP_TOTAL]
	ENDIF()
END_HANDLER()

; CP_CCHE_INVALIDATE (a7xx): a plain register write underneath, 1 to
; 0x9881 (unnamed in the register database), as gen70500 does it; turnip
; waits for idle before it. gen70500's BV (FW_BV) leaves it to BR.
HANDLER(CP_CCHE_INVALIDATE)
#ifdef FW_BV
	SKIP_PAYLOAD()
#else
	WRITE_REG(0x9881, 0x1)
#endif
END_HANDLER()
#endif
