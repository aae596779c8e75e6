/* Events of the a6xx SQE, as a630 firmware sends them down the pipeline
 * (cpp-included by sqe.S); the numbering, the dispatches and the draws
 * are ../common/seq.S, dispatch.S and draw.S. */
#include "../common/seq.S"
#include "../common/dispatch.S"
#include "../common/draw.S"

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
	CASE(EV(CACHE_FLUSH_TS))
		cwrite $00, [$00 + @CACHE_FLUSH_PEND_INCR]
		mov $05, 0x100
		mov $06, 0x9
	TS_UNIT_CASES($05)
	CASE(EV(WRITE_PRIMITIVE_COUNTS), EV(ZPASS_DONE))
		; queries write memory themselves: let earlier writes land
		cwrite $00, [$00 + @QUERY_PEND_INCR]
		WAIT_MEM_WRITES()
		mov $addr, |QUERY_PEND_DECR << 24
	CASE(EV(FLUSH_SO_0), EV(FLUSH_SO_1), EV(FLUSH_SO_2), EV(FLUSH_SO_3)) ; then a CACHE_FLUSH_TS
		WRITE_REG(|EVENT_CMD << 24, 0x1)
		CALL(fire_event)
		cwrite $00, [$00 + @CACHE_FLUSH_PEND_INCR]
		mov $06, 0x9
		mov $03, EV(CACHE_FLUSH_TS)
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


; CP_BLIT: a630 numbers 2D blits apart from the 3D events (G_SEQ2D, to
; CP_2D_EVENT_START and _END, in bits 8.. of the 2D event commands),
; waits for idle, then sends a 2D scale blit (BLIT_OP_SCALE_2D) whatever
; the packet's operation, closed by CONTEXT_DONE_2D.
HANDLER(CP_BLIT)
	SKIP_PAYLOAD()
	WRITE_REG(CP_2D_EVENT_START, G_SEQ2D)
	cwrite $00, [$00 + @WFI_PEND_INCR]
	WRITE_REG(RBBM_WAIT_FOR_GPU_IDLE_CMD, 0x1)
	mov $addr, |WFI_PEND_DECR << 24
	shl $02, G_SEQ2D, 0x8
	or $03, $02, EV(BLIT_OP_SCALE_2D)
	WRITE_REG(HLSQ_2D_EVENT_CMD, $03)
	WRITE_REG(PC_2D_EVENT_CMD, $03)
	or $03, $02, EV(CONTEXT_DONE_2D)
	WRITE_REG(HLSQ_2D_EVENT_CMD, $03)
	WRITE_REG(PC_2D_EVENT_CMD, $03)
	WRITE_REG(CP_2D_EVENT_END, G_SEQ2D)
	add G_SEQ2D, G_SEQ2D, 0x1
	and G_SEQ2D, G_SEQ2D, 0xff
END_HANDLER()
