/* Packet handlers of the a6xx SQE and the a7xx BR only, included after
 * cp-handlers.S: those of the front end (conditions, render modes,
 * indirect buffers), which the a5xx PFP has too, and draw states. */
#include "cond-handlers.S"
#include "ib-handlers.S"
#include "smmu.S"

; CP_SET_DRAW_STATE: groups of three words, a header (COUNT 0..15, DIRTY
; 16, DISABLE 17, DISABLE_ALL_GROUPS 18, LOAD_IMMED 19, GROUP_ID 24..28)
; and the group's 64-bit address. (sds2) stores a header and its address
; in the draw-state RAM in one instruction, and (rep) does every group;
; the groups run later, with the draws.
HANDLER(CP_SET_DRAW_STATE)
	(rep)(sds2)cwrite $data, [$00 + @DRAW_STATE_SET_HDR]
END_HANDLER()

; Packets whose effect is state this firmware does not keep, accepted
; and their payload dropped: CP_SET_MODE's mode bits, IB2 skipping in
; binning passes (the IB2s then run, which draws the same), draw
; predication (conditional rendering: the draws run), and the kernel's
; protected and secure mode, page-table switch, preemption records and
; context-switch points, which vendor firmware also drops when an IB
; carries them. What vendor firmware does with them lands in its control
; registers and state, which the replay does not compare, or (from the
; ring: CP_SET_PSEUDO_REG) in hardware the emulator does not have
; (docs/firmware.md, "Not done"). CP_SMMU_TABLE_UPDATE is smmu.S's.
HANDLER(CP_SET_MODE, CP_SKIP_IB2_ENABLE_GLOBAL, CP_SKIP_IB2_ENABLE_LOCAL,
	CP_DRAW_PRED_ENABLE_GLOBAL, CP_DRAW_PRED_ENABLE_LOCAL, CP_DRAW_PRED_SET,
	CP_SET_PROTECTED_MODE, CP_SET_SECURE_MODE, CP_SET_PSEUDO_REG, CP_CONTEXT_SWITCH_YIELD, CP_SET_CTXSWITCH_IB)
	SKIP_PAYLOAD()
END_HANDLER()

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
