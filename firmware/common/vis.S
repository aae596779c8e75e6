/* Hardware binning's visibility stream, as a630 and gen70500 use it
 * (cpp-included by sqe-handlers.S; a6xx/binning.S's and a7xx/binning.S's
 * CP_SET_BIN_DATA5 start the CP's decoder: VIS_START): the bin's
 * USE_VISIBILITY draws (draw.S) and its IB2s (ib-handlers.S) ask it
 * which draws are visible, and CP_SKIP_IB2_ENABLE_GLOBAL/LOCAL let it
 * pass IB2s over. */

; The decoder's state, in control registers free on a6xx and a7xx: how
; many draws of the bin have been counted, and the next visible one's
; number (0: not read yet; VIS_NONE: the stream has no more).
#define VIS_DRAWS 0x1b0
#define VIS_NEXT 0x1b1
/* and flags: CP_SET_BIN_DATA5 started the decoder (VIS_ON),
 * CP_SET_VISIBILITY_OVERRIDE 1 (VIS_OVERRIDE), CP_SKIP_IB2_ENABLE_GLOBAL
 * and _LOCAL (both set: IB2 skipping on) */
#define VIS_FLAGS 0x1b2
#define VIS_ON 0x1
#define VIS_OVERRIDE 0x2
#define VIS_OVERRIDE_BIT 1
#define SKIP_IB2_GLOBAL_BIT 2
#define SKIP_IB2_LOCAL_BIT 3
#define SKIP_IB2_BOTH 0xc
#define VIS_NONE 0x4000 << 16   /* past any draw number (30 bits) */
#define VIS_UNCOUNTED 0x3fff << 16 /* an IB2 without a draw count: the bin's rest */

; VIS_START(dwords, tmp): the decoder emptied, pointed at the stream
; ($03:$04, dwords long) and started in the form that gives each
; visible draw (VSD_MODE 0), as a630 does; the bin's count starts over.
DEFINE_MACRO(VIS_START, {
	mov $2, 0x4
	cwrite $2, [$00 + @VSD_CNTL]
	cwrite $03, [$00 + @VSD_ADDR]
	cwrite $04, [$00 + @VSD_ADDR+0x1]
	cwrite $1, [$00 + @VSD_DWORDS]
	cwrite $00, [$00 + @VSD_MODE]
	mov $2, 0x1
	cwrite $2, [$00 + @VSD_CNTL]
	cwrite $00, [$00 + VIS_DRAWS]
	cwrite $00, [$00 + VIS_NEXT]
	cread $2, [$00 + VIS_FLAGS]
	or $2, $2, VIS_ON
	cwrite $2, [$00 + VIS_FLAGS]
})

; vis_skip: whether the next $05 draws of the bin (one draw, or an
; IB2's draw count) are all invisible: $06 1 if so, else 0. Skipped
; draws are counted, and on $06 1 going in (a draw) visible ones too: an
; IB2 that runs leaves its draws to count themselves. Draws count while
; the decoder is on, in a GMEM pass (mode 4, RM6_GMEM) without
; CP_SET_VISIBILITY_OVERRIDE 1. $07: the count of the bin's draws so
; far (0 when they are not counted). Clobbers $08, $09.
SUBROUTINE(vis_skip)
	cread $07, [$00 + VIS_FLAGS]
	and $07, $07, VIS_ON | VIS_OVERRIDE
	xor $07, $07, VIS_ON
	and $08, G_MODE, 0xf
	xor $08, $08, 0x4
	or $07, $07, $08
	IF_NE($07, 0)
		mov $06, 0x0
		mov $07, 0x0
		RETURN()
	ENDIF()
	cread $07, [$00 + VIS_DRAWS]
	cread $08, [$00 + VIS_NEXT]
	LOOP()                          ; to the first visible draw after them
		IF_GT($08, $07, $09)
			BREAK()
		ENDIF()
		cread $08, [$00 + @VSD_FIFO]
		IF_EQ($08, 0)
			; empty: the stream is done (state 1), or not read yet
			cread $09, [$00 + @VSD_STATUS]
			ushr $09, $09, 0x1e
			IF_EQ($09, 1)
				mov $08, VIS_NONE
				IF_NE($06, 0)
					CALL(vis_done)
				ENDIF()
			ENDIF()
		ENDIF()
	ENDLOOP()
	cwrite $08, [$00 + VIS_NEXT]
	add $07, $07, $05               ; the last of them
	IF_GT($08, $07, $09)
		mov $06, 0x1
	ELSE()
		IF_EQ($06, 0)
			RETURN()
		ENDIF()
		mov $06, 0x0
	ENDIF()
	cwrite $07, [$00 + VIS_DRAWS]
END_SUBROUTINE()

; vis_done: a draw found no visible draw left in the bin. As a630 and
; gen70500 do,
; the PC is told that the rest of the bin is invisible (PC register
; 0x9e19, unnamed in the register database), and with IB2 skipping on
; the IB2 being read is left: its other draws are invisible too.
; $09 is 1.
#define PC_VIS_REST 0x9e19 /* PC_UNKNOWN_9E19 on a6xx */
SUBROUTINE(vis_done)
	WRITE_REG(PC_VIS_REST, $09)
	cread $09, [$00 + VIS_FLAGS]
	and $09, $09, SKIP_IB2_BOTH
	IF_EQ($09, SKIP_IB2_BOTH, $09)
		IF_EQ(G_LEVEL, 2)
			CALL(leave_ib)
		ENDIF()
	ENDIF()
END_SUBROUTINE()

; SET_FLAG_BIT(value, bit, tmp): bit of VIS_FLAGS = value (0 or 1).
DEFINE_MACRO(SET_FLAG_BIT, {
	cread $3, [$00 + VIS_FLAGS]
	shl $1, $1, $2
	or $3, $3, 0x1 << $2
	xor $3, $3, 0x1 << $2
	or $3, $3, $1
	cwrite $3, [$00 + VIS_FLAGS]
})

; CP_SKIP_IB2_ENABLE_GLOBAL, CP_SKIP_IB2_ENABLE_LOCAL: bit 0 turns IB2
; skipping on or off; with both on, IB2s without a visible draw are
; passed over (ib-handlers.S: a630 by their draw count, gen70500 once
; the stream is done) and a draw that finds the stream done leaves its
; IB2 (vis_done), as the vendor's firmware does.
HANDLER(CP_SKIP_IB2_ENABLE_GLOBAL)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	SET_FLAG_BIT($02, SKIP_IB2_GLOBAL_BIT, $03)
END_HANDLER()

HANDLER(CP_SKIP_IB2_ENABLE_LOCAL)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	SET_FLAG_BIT($02, SKIP_IB2_LOCAL_BIT, $03)
END_HANDLER()
