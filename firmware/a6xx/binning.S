/* Binning and register packets of the a6xx SQE (cpp-included by sqe.S),
 * with the writes a630 firmware makes for them. */

; The decoder's state, in control registers free on a6xx: how many draws
; of the bin have been counted, and the next visible one's number (0:
; not read yet; VIS_NONE: the stream has no more).
#define VIS_DRAWS 0x1a0
#define VIS_NEXT 0x1a1
#define VIS_NONE 0x4000 << 16   /* past any draw number (30 bits) */

; CP_SET_BIN_DATA5: VSC_SIZE/VSC_N, the bin's draw stream (64-bit), the
; address of its size (64-bit), its primitive stream (64-bit). The PC
; registers get them in this order: control, primitive stream, draw
; stream, then the size itself, read from memory (PC register 0x9e16,
; unnamed in the register database): bin_streams.
HANDLER(CP_SET_BIN_DATA5)
	mov $02, $data
	READ_ADDR64($03, $04)           ; draw stream
	READ_ADDR64($05, $06)           ; where the size is
	READ_ADDR64($07, $08)           ; primitive stream
	SKIP_PAYLOAD()
	CALL(bin_streams)
END_HANDLER()

; CP_SET_BIN_DATA5_OFFSET: as CP_SET_BIN_DATA5, with offsets (32-bit)
; from the streams' bases in the VSC registers: a630 adds each to the
; low word of its base and takes the high word as it is.
HANDLER(CP_SET_BIN_DATA5_OFFSET)
	mov $02, $data
	mov $03, $data                  ; draw stream
	mov $05, $data                  ; size
	mov $07, $data                  ; primitive stream
	SKIP_PAYLOAD()
	START_REG_READ(VSC_DRAW_STRM_ADDRESS, 2, $09)
	add $03, $03, $regdata
	mov $04, $regdata
	START_REG_READ(VSC_PRIM_STRM_ADDRESS, 2, $09)
	add $07, $07, $regdata
	mov $08, $regdata
	START_REG_READ(VSC_DRAW_STRM_SIZE_ADDRESS, 2, $09)
	add $05, $05, $regdata
	mov $06, $regdata
	CALL(bin_streams)
END_HANDLER()

; bin_streams: $02 the control word, $03:$04 the draw stream, $05:$06
; where its size is, $07:$08 the primitive stream, to the PC.
; The draw stream is also the visibility stream the CP's decoder reads
; (docs/emu-api.md, "Hardware binning"): emptied, pointed at the stream
; and its length in dwords, and started, as a630 does; the draws and IB2s
; of the bin then ask it which draws are visible (vis_skip).
SUBROUTINE(bin_streams)
	START_MEM_READ($05, $06, 1, $09)
	mov $09, 0x4
	cwrite $09, [$00 + @VSD_CNTL]
	cwrite $03, [$00 + @VSD_ADDR]
	cwrite $04, [$00 + @VSD_ADDR+0x1]
	mov $09, $memdata
	WRITE_REG(PC_VSTREAM_CONTROL, $02, $07, $08, $03, $04, $09)
	ushr $09, $09, 0x2
	cwrite $09, [$00 + @VSD_DWORDS]
	mov $09, 0x1
	cwrite $09, [$00 + @VSD_CNTL]
	cwrite $00, [$00 + VIS_DRAWS]
	cwrite $00, [$00 + VIS_NEXT]
	or G_FLAGS, G_FLAGS, VIS_ON
END_SUBROUTINE()

; vis_skip: whether the next $05 draws of the bin (one draw, or an
; IB2's draw count) are all invisible: $06 1 if so, else 0. Skipped
; draws are counted, and on $06 1 going in (a draw) visible ones too: an
; IB2 that runs leaves its draws to count themselves. Draws count while
; the decoder is on, in a GMEM pass (mode 4, RM6_GMEM) without
; CP_SET_VISIBILITY_OVERRIDE 1. $07: the count of the bin's draws so
; far (0 when they are not counted). Clobbers $08, $09.
SUBROUTINE(vis_skip)
	and $07, G_FLAGS, VIS_ON | VIS_OVERRIDE
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

; vis_done: a draw found no visible draw left in the bin. As a630 does,
; the PC is told that the rest of the bin is invisible (PC register
; 0x9e19, unnamed in the register database), and with IB2 skipping on
; the IB2 being read is left: its other draws are invisible too.
; $09 is 1.
SUBROUTINE(vis_done)
	WRITE_REG(PC_UNKNOWN_9E19, $09)
	and $09, G_FLAGS, SKIP_IB2_BOTH
	IF_EQ($09, SKIP_IB2_BOTH, $09)
		IF_EQ(G_LEVEL, 2)
			CALL(leave_ib)
		ENDIF()
	ENDIF()
END_SUBROUTINE()

; SET_FLAG_BIT(value, bit): bit of G_FLAGS = value (0 or 1).
DEFINE_MACRO(SET_FLAG_BIT, {
	shl $1, $1, $2
	or G_FLAGS, G_FLAGS, 0x1 << $2
	xor G_FLAGS, G_FLAGS, 0x1 << $2
	or G_FLAGS, G_FLAGS, $1
})

HANDLER(CP_SET_VISIBILITY_OVERRIDE)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	WRITE_REG_DIRECT(PC_VISIBILITY_OVERRIDE, $02, $11)
	SET_FLAG_BIT($02, VIS_OVERRIDE_BIT)
END_HANDLER()

; CP_SKIP_IB2_ENABLE_GLOBAL, CP_SKIP_IB2_ENABLE_LOCAL: bit 0 turns IB2
; skipping on or off; with both on, an IB2 whose draw count
; CP_INDIRECT_BUFFER gives and none of whose draws is visible is passed
; over (vis_skip), as a630 does.
HANDLER(CP_SKIP_IB2_ENABLE_GLOBAL)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	SET_FLAG_BIT($02, SKIP_IB2_GLOBAL_BIT)
END_HANDLER()

HANDLER(CP_SKIP_IB2_ENABLE_LOCAL)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	SET_FLAG_BIT($02, SKIP_IB2_LOCAL_BIT)
END_HANDLER()
