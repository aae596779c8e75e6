/* The draw of the a6xx SQE and the a7xx BR, numbered as seq.S numbers
 * events (cpp-included by a6xx/events.S and a7xx/draws.S, after seq.S). */

; draw: the draw with initiator $02, $03 instances of $04 indices: the
; PC registers, then the draw down the pipeline (EVENT_CMD 2: a draw)
; with its number. gen70500 leaves bits 9, 15 and 20.. of the initiator
; out.
SUBROUTINE(draw)
#if FW_GEN == 7
	mov $05, 0xf << 16
	or $05, $05, 0x7dff
	and $02, $02, $05
#endif
	WRITE_REG(PC_DRAW_INITIATOR, $02, $03, $04)
	WRITE_REG(|EVENT_CMD << 24, 0x2)
	CALL(seq_start)
	ushr $08, $09, 0x10
	WRITE_REG(HLSQ_DRAW_CMD, $08)
	WRITE_REG(PC_DRAW_CMD, $08)
	CALL(seq_end)
END_SUBROUTINE()

; CP_DRAW_INDX_OFFSET: the draw initiator (SOURCE_SELECT in bits 6..7:
; 0 DMA, indices from memory; 2 AUTO_INDEX), NUM_INSTANCES,
; NUM_INDICES; with DMA also FIRST_INDX, INDX_BASE (64-bit) and
; MAX_INDICES, which go to the PC first.
HANDLER(CP_DRAW_INDX_OFFSET)
	mov $02, $data
	mov $03, $data
	mov $04, $data
	EXTRACT_BITS($05, $02, 6, 7)
	IF_EQ($05, 0)
		IF_GE($rem, 4, $0b)
			mov $05, $data          ; FIRST_INDX
			READ_ADDR64($06, $07)
			WRITE_REG(PC_DRAW_INDX_BASE, $06, $07, $05, $data)
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
	CALL(draw)
END_HANDLER()
