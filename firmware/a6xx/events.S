/* Events, draws and dispatches of the a6xx SQE, as a630 firmware sends
 * them down the pipeline (cpp-included by sqe.S).
 *
 * Every event, draw and dispatch has a number, G_SEQ (0..0xff, then
 * 0 again). It goes to CP_EVENT_START, in bits 16..23 of HLSQ_EVENT_CMD
 * and PC_EVENT_CMD (the number alone for HLSQ/PC_DRAW_CMD and
 * _DISPATCH_CMD) and to CP_EVENT_END; after each one the SQE sends a
 * CONTEXT_DONE event with the same number, which moves the GPU to its
 * other 3D context (the parity SET_APERTURE reads back, sync.S). What
 * a630 firmware also writes around them, PC_MARKER bookkeeping and
 * performance-counter controls, the SDK leaves out. */

#define EV_CONTEXT_DONE 0x5
#define EV_CACHE_FLUSH_TS 0x4

; seq_start: $09 = G_SEQ << 16, CP_EVENT_START = G_SEQ.
SUBROUTINE(seq_start)
	and $09, G_SEQ, 0xff
	WRITE_REG(CP_EVENT_START, $09)
	shl $09, $09, 0x10
END_SUBROUTINE()

; seq_end: with $09 = G_SEQ << 16, the CONTEXT_DONE event, CP_EVENT_END,
; and the next number.
SUBROUTINE(seq_end)
	or $08, $09, EV_CONTEXT_DONE
	WRITE_REG(HLSQ_EVENT_CMD, $08)
	WRITE_REG(PC_EVENT_CMD, $08)
	ushr $08, $09, 0x10
	WRITE_REG(CP_EVENT_END, $08)
	add G_SEQ, G_SEQ, 0x1
	and G_SEQ, G_SEQ, 0xff
END_SUBROUTINE()

; fire_event: the event $03 between CP_EVENT_START and CP_EVENT_END
; (the EVENT_CMD pipe register is the caller's).
SUBROUTINE(fire_event)
	CALL(seq_start)
	or $08, $09, $03
	WRITE_REG(HLSQ_EVENT_CMD, $08)
	WRITE_REG(PC_EVENT_CMD, $08)
	CALL(seq_end)
END_SUBROUTINE()

; CP_EVENT_WRITE: EVENT (bits 0..5), TIMESTAMP (30), IRQ (31); for the
; timestamp events ADDR_LO, ADDR_HI and the value. EVENT_CMD (bit 0:
; an event, bit 2: with a timestamp write, bit 3: a cache flush) goes
; first; a timestamp event then fills EVENT_TS_ADDR, EVENT_TS_CTRL (bits
; 1 TIMESTAMP and 2 IRQ, which only the ring may ask for, and in bits
; 8..10 which unit writes the value) and EVENT_TS_DATA. An event with
; bit 6 set is only written to PC_EVENT_CMD; event 0 is only the
; CONTEXT_DONE that closes every event.
HANDLER(CP_EVENT_WRITE)
	mov $02, $data
	and $03, $02, 0x3f
	IF_BIT_SET($02, 6)
		SKIP_PAYLOAD()
		and $04, $02, 0x7f
		shl $09, G_SEQ, 0x10
		or $04, $04, $09
		WRITE_REG(PC_EVENT_CMD, $04)
		NEXT_PACKET()
	ENDIF()
	ushr $04, $02, 29
	and $04, $04, 0x6
	IF_NE(G_LEVEL, 0)
		and $04, $04, 0x2
	ENDIF()
	mov $05, 0x0                    ; the unit that writes the timestamp
	mov $06, 0x1                    ; EVENT_CMD
	SWITCH($03)
	CASE(EV_CACHE_FLUSH_TS)
		cwrite $00, [$00 + @CACHE_FLUSH_PEND_INCR]
		mov $05, 0x100
		mov $06, 0x9
	CASE(0x08)                      ; WT_DONE_TS
		mov $05, 0x200
	CASE(0x16)                      ; RB_DONE_TS
		mov $05, 0x300
	CASE(0x1c)                      ; PC_CCU_FLUSH_DEPTH_TS
		mov $05, 0x400
	CASE(0x1d)                      ; PC_CCU_FLUSH_COLOR_TS
		mov $05, 0x500
	CASE(0x1a)                      ; PC_CCU_RESOLVE_TS
		mov $05, 0x600
	CASE(0x09, 0x15)                ; WRITE_PRIMITIVE_COUNTS, ZPASS_DONE:
		; queries write memory themselves: let earlier writes land
		cwrite $00, [$00 + @QUERY_PEND_INCR]
		WAIT_MEM_WRITES()
		mov $addr, |QUERY_PEND_DECR << 24
	CASE(0x11, 0x12, 0x13, 0x14)    ; FLUSH_SO_n, then a CACHE_FLUSH_TS
		WRITE_REG(|EVENT_CMD << 24, 0x1)
		CALL(fire_event)
		cwrite $00, [$00 + @CACHE_FLUSH_PEND_INCR]
		mov $06, 0x9
		mov $03, EV_CACHE_FLUSH_TS
	CASE(0)
		SKIP_PAYLOAD()
		WRITE_REG(|EVENT_CMD << 24, 0x0)
		shl $09, G_SEQ, 0x10
		CALL(seq_end)
		NEXT_PACKET()
	ENDSWITCH()
	IF_NE($05, 0)
		IF_GE($rem, 3, $11)
			or $06, $06, 0x4
			or $05, $05, $04
			WRITE_REG(|EVENT_CMD << 24, $06)
			mov $addr, |EVENT_TS_ADDR << 24
			(xmov1)mov $data, $data
			mov $data, $05
			mov $data, $data
			mov $06, 0x0            ; written
		ENDIF()
	ENDIF()
	IF_NE($06, 0)
		WRITE_REG(|EVENT_CMD << 24, $06)
	ENDIF()
	SKIP_PAYLOAD()
	CALL(fire_event)
END_HANDLER()

; CP_DRAW_INDX_OFFSET: the draw initiator (SOURCE_SELECT in bits 6..7:
; 0 DMA, indices from memory; 2 AUTO_INDEX), NUM_INSTANCES,
; NUM_INDICES; with DMA also FIRST_INDX, INDX_BASE (64-bit) and
; MAX_INDICES. The PC registers, then the draw down the pipeline
; (EVENT_CMD 2: a draw) with its number.
HANDLER(CP_DRAW_INDX_OFFSET)
	mov $02, $data
	mov $03, $data
	mov $04, $data
	EXTRACT_BITS($05, $02, 6, 7)
	IF_EQ($05, 0)
		IF_GE($rem, 4, $11)
			mov $05, $data          ; FIRST_INDX
			READ_ADDR64($06, $07)
			WRITE_REG(PC_DRAW_INDX_BASE, $06, $07, $05, $data)
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
	WRITE_REG(PC_DRAW_INITIATOR, $02, $03, $04)
	WRITE_REG(|EVENT_CMD << 24, 0x2)
	CALL(seq_start)
	ushr $08, $09, 0x10
	WRITE_REG(HLSQ_DRAW_CMD, $08)
	WRITE_REG(PC_DRAW_CMD, $08)
	CALL(seq_end)
END_HANDLER()
