/* Events, dispatches, state loads and thread control of the a7xx BR, as
 * gen70500's BR does them (cpp-included by sqe.S); the numbering of
 * events, draws and dispatches and the draw itself are ../common/seq.S.
 * Left out, as on a6xx: PC_MARKER bookkeeping, performance-counter
 * controls, and the draw-state groups at draw and dispatch time (the
 * emulator has no draw-state engine to hand them over; docs/firmware.md). */
#include "../common/seq.S"

/* Events with a meaning here (vgt_event_type, a7xx). */
#define EV_WRITE_PRIMITIVE_COUNTS 0x09
#define EV_FLUSH_SO_0 0x11
#define EV_FLUSH_SO_3 0x14
#define EV_ZPASS_DONE 0x15
#define EV_RB_DONE_TS 0x16
#define EV_CCU_RESOLVE_CLEAN 0x1a
#define EV_CCU_CLEAN_DEPTH 0x20
#define EV_CCU_CLEAN_COLOR 0x21
#define EV_CACHE_CLEAN 0x31
#define EV_CACHE_CLEAN_32 0x32 /* unnamed; counted as a cache clean */
#define EV_WFI_34 0x34         /* unnamed; sent before every wait for idle */
#define EV_BLIT_OP_SCALE_2D 0x2a
#define EV_CONTEXT_DONE_2D 0x2b

/* CP_LOAD_STATE6's registers, unnamed in the register database: the
 * packet's first word goes to ..._CMD (after the state's address, when
 * it is in memory, to the two registers above it), inline state to
 * ..._DATA, all of it to the one register. */
#define LOAD_STATE_FRAG_CMD 0xa9fa
#define LOAD_STATE_FRAG_DATA 0xa9fe
#define LOAD_STATE_GEOM_CMD 0xa828
#define LOAD_STATE_GEOM_DATA 0xa82c

; query_event: what ZPASS_DONE and WRITE_PRIMITIVE_COUNTS do first
; (CP_EVENT_WRITE7's word 0 in $0a): wait for earlier memory writes, then,
; with WRITE_SAMPLE_COUNT, the sample count's address and where it goes
; (EVENT_TS_CTRL 5 at ADDR, 6 at ADDR + 16, 0x36 with the difference
; added) through the EVENT_TS_* pipe registers; $09 counts the write.
SUBROUTINE(query_event)
	cwrite $00, [$00 + @QUERY_PEND_INCR]
	WAIT_MEM_WRITES()
	mov $addr, |QUERY_PEND_DECR << 24
	IF_BIT_SET($0a, 12)
		IF_GE($rem, 2, $0b)
			mov $04, 0x5
			IF_BIT_SET($0a, 13)
				mov $04, 0x6
				IF_BIT_SET($0a, 14)
					mov $04, 0x36
				ENDIF()
			ENDIF()
			mov $addr, |EVENT_TS_ADDR << 24
			mov $data, $data
			ubfx $data, $data, b0, b16
			mov $data, $04
			mov $data, $00
			mov $data, $00
			add $09, $09, 0x8
		ENDIF()
	ENDIF()
END_SUBROUTINE()

; CP_EVENT_WRITE7: EVENT (bits 0..6), WRITE_SAMPLE_COUNT (12),
; SAMPLE_COUNT_END_OFFSET (13), WRITE_ACCUM_SAMPLE_COUNT_DIFF (14),
; WRITE_SRC (20..22), WRITE_DST (24: 0 memory), WRITE_ENABLED (27), IRQ
; (31); then the address and the payload. An event with bit 6 set goes
; only to PC_EVENT_CMD. The EVENT_CMD pipe register (bit 0: an event;
; +8 for each timestamp write the event carries; bit 13: a cache clean)
; comes first, after the EVENT_TS_* pipe registers of a write: where,
; what (EVENT_TS_CTRL: 1 memory, 8 | the value's size (0x08 32 bits,
; 0x10 64 bits, 0x18 the always-on counter), and, for an interrupting
; event that writes out a cache, which one in bits 7.. with 0x40) and the
; value. Queries (ZPASS_DONE, WRITE_PRIMITIVE_COUNTS) wait for memory
; writes first and write their sample counts through the same registers;
; FLUSH_SO_n is followed by a CACHE_CLEAN.
HANDLER(CP_EVENT_WRITE7)
	mov $0a, $data
	and $03, $0a, 0x7f
	IF_BIT_SET($0a, 6)
		SKIP_PAYLOAD()
		shl $09, G_SEQ, 0x10
		or $04, $09, $03
		WRITE_REG(PC_EVENT_CMD, $04)
		NEXT_PACKET()
	ENDIF()
	mov $09, 0x1                    ; EVENT_CMD
	mov $08, 0x0                    ; the cache an IRQ event reports
	mov $0e, 0x0                    ; 1: a CACHE_CLEAN follows
	; SWITCH takes 0..31: the events from 0x20 on in a second one
	IF_LT($03, 0x20, $0b)
		SWITCH($03)
		CASE(EV_RB_DONE_TS)
			mov $08, 0x11
		CASE(EV_CCU_RESOLVE_CLEAN)
			mov $08, 0xc
		CASE(EV_ZPASS_DONE, EV_WRITE_PRIMITIVE_COUNTS)
			CALL(query_event)
		CASE(EV_FLUSH_SO_0, 0x12, 0x13, EV_FLUSH_SO_3)
			mov $0e, 0x1
		ENDSWITCH()
	ELSE()
		sub $0c, $03, 0x20
		SWITCH($0c)
		CASE(EV_CCU_CLEAN_DEPTH - 0x20)
			mov $08, 0xa
		CASE(EV_CCU_CLEAN_COLOR - 0x20)
			mov $08, 0xb
		CASE(EV_CACHE_CLEAN - 0x20)
			cwrite $00, [$00 + @CACHE_CLEAN_PEND_INCR]
			or $09, $09, 0x2000
			mov $08, 0x14
		CASE(EV_CACHE_CLEAN_32 - 0x20)
			cwrite $00, [$00 + @CACHE_CLEAN_PEND_INCR]
			or $09, $09, 0x2000
		ENDSWITCH()
	ENDIF()
	IF_BIT_SET($0a, 31)
		shl $08, $08, 0x7
		IF_NE($08, 0)
			or $08, $08, 0x40
		ENDIF()
	ELSE()
		mov $08, 0x0
	ENDIF()
	IF_BIT_SET($0a, 27)
		IF_BIT_CLEAR($0a, 24)
			IF_GE($rem, 2, $0b)       ; the address; the payload as the source needs
				mov $addr, |EVENT_TS_ADDR << 24
				mov $data, $data
				ubfx $data, $data, b0, b16
				EXTRACT_BITS($04, $0a, 20, 22)
				mov $05, 0x8
				mov $06, 0x0
				mov $07, 0x0
				SWITCH($04)
				CASE(0)                 ; USER_32B
					IF_NE($rem, 0)
						mov $06, $data
					ENDIF()
				CASE(1)                 ; USER_64B
					mov $05, 0x10
					IF_NE($rem, 0)
						mov $06, $data
					ENDIF()
					IF_NE($rem, 0)
						mov $07, $data
					ENDIF()
				CASE(2)                 ; TIMESTAMP_SUM
					cread $06, [$00 + @LOCAL_TIMESTAMP]
					cread $07, [$00 + @GLOBAL_TIMESTAMP]
					add $06, $06, $07
					mov $07, 0x0
				CASE(3)                 ; ALWAYSON
					mov $05, 0x18
				ENDSWITCH()
				or $05, $05, $08
				or $05, $05, 0x1        ; to memory
				mov $data, $05
				mov $data, $06
				mov $data, $07
				add $09, $09, 0x8
			ENDIF()
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
	WRITE_REG(|EVENT_CMD << 24, $09)
	CALL(fire_event)
	IF_NE($0e, 0)
		cwrite $00, [$00 + @CACHE_CLEAN_PEND_INCR]
		WRITE_REG(|EVENT_CMD << 24, 0x2001)
		mov $03, EV_CACHE_CLEAN
		CALL(fire_event)
	ENDIF()
END_HANDLER()

; CP_WAIT_FOR_IDLE: event 0x34, then the wait through the WAIT_FOR_IDLE
; pipe register, counted as a pending wait (WFI_PEND_INCR, then the
; WFI_PEND_DECR pipe register).
HANDLER(CP_WAIT_FOR_IDLE)
	SKIP_PAYLOAD()
	WRITE_REG(|EVENT_CMD << 24, 0x1)
	mov $03, EV_WFI_34
	CALL(fire_event)
	cwrite $00, [$00 + @WFI_PEND_INCR]
	mov $addr, |WAIT_FOR_IDLE << 24
	mov $addr, |WFI_PEND_DECR << 24
END_HANDLER()

; CP_EXEC_CS: a word the BR does not use, then NGROUPS_X, _Y, _Z to
; HLSQ_CS_KERNEL_GROUP_X.._Z; the dispatch (EVENT_CMD 3) with its number.
HANDLER(CP_EXEC_CS)
	IF_GE($rem, 4, $0b)
		mov $00, $data
		mov $addr, HLSQ_CS_KERNEL_GROUP_X
		mov $data, $data
		mov $data, $data
		mov $data, $data
	ENDIF()
	SKIP_PAYLOAD()
	CALL(dispatch)
END_HANDLER()

; dispatch: the dispatch (EVENT_CMD 3) with its number.
SUBROUTINE(dispatch)
	WRITE_REG(|EVENT_CMD << 24, 0x3)
	CALL(seq_start)
	ushr $08, $09, 0x10
	WRITE_REG(HLSQ_DISPATCH_CMD, $08)
	WRITE_REG(PC_DISPATCH_CMD, $08)
	CALL(seq_end)
END_SUBROUTINE()

; indirect_draw: the arguments' last two words, still in $memdata (the
; first vertex or vertex offset, the first instance), to VFD, then the
; draw.
SUBROUTINE(indirect_draw)
	WRITE_REG(VFD_INDEX_OFFSET, $memdata, $memdata)
	CALL(draw)
END_SUBROUTINE()

; CP_DRAW_INDIRECT: the initiator and the address of the draw's
; arguments (VkDrawIndirectCommand: vertices, instances, first vertex,
; first instance), which go to VFD_INDEX_OFFSET and
; VFD_INSTANCE_START_OFFSET before the draw.
HANDLER(CP_DRAW_INDIRECT)
	IF_GE($rem, 3, $0b)
		mov $02, $data
		READ_ADDR64($05, $06)
		START_MEM_READ($05, $06, 4, $07)
		mov $04, $memdata
		mov $03, $memdata
		CALL(indirect_draw)
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()

; CP_DRAW_INDX_INDIRECT: the initiator, the index buffer (64-bit) and
; its size in indices, then the address of the arguments
; (VkDrawIndexedIndirectCommand: indices, instances, first index, vertex
; offset, first instance).
HANDLER(CP_DRAW_INDX_INDIRECT)
	IF_GE($rem, 6, $0b)
		mov $02, $data
		mov $0c, $data
		ubfx $0d, $data, b0, b16
		mov $0e, $data                  ; MAX_INDICES
		READ_ADDR64($05, $06)
		START_MEM_READ($05, $06, 5, $07)
		mov $04, $memdata
		mov $03, $memdata
		WRITE_REG(PC_DRAW_INDX_BASE, $0c, $0d, $memdata, $0e)
		CALL(indirect_draw)
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()

; mul16: $04 = $02 * $03, both below 0x10000, from 8-bit products.
SUBROUTINE(mul16)
	ushr $05, $02, 0x8
	ushr $06, $03, 0x8
	mul8 $04, $02, $03              ; low * low
	mul8 $07, $05, $03              ; high * low
	mul8 $08, $02, $06              ; low * high
	add $07, $07, $08
	shl $07, $07, 0x8
	add $04, $04, $07
	mul8 $07, $05, $06              ; high * high
	shl $07, $07, 0x10
	add $04, $04, $07
END_SUBROUTINE()

; CP_EXEC_CS_INDIRECT: a word the BR does not use, the address of the
; group counts (x, y, z) and the local size (LOCALSIZEX, Y, Z in bits
; 2..11, 12..21, 22..31, each one less than the size). No dispatch when
; a count is 0; else HLSQ_CS_NDRANGE_1, 3, 5 get the global sizes (2, 4
; and 6 their offsets, 0), the counts go to HLSQ_CS_KERNEL_GROUP_X.._Z,
; and the dispatch follows as for CP_EXEC_CS.
HANDLER(CP_EXEC_CS_INDIRECT)
	IF_GE($rem, 4, $0b)
		mov $00, $data
		READ_ADDR64($05, $06)
		mov $0a, $data                  ; the local size
		START_MEM_READ($05, $06, 3, $07)
		mov $0c, $memdata
		mov $0d, $memdata
		mov $0e, $memdata
		IF_NE($0c, 0)
			IF_NE($0d, 0)
				IF_NE($0e, 0)
					CALL(dispatch_indirect)
				ENDIF()
			ENDIF()
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()

; global_size: with $02 = a LOCALSIZE field, $03 = its group count,
; writes (LOCALSIZE + 1) * count and 0 to the next two NDRANGE registers.
SUBROUTINE(global_size)
	and $02, $02, 0x3ff
	add $02, $02, 0x1
	CALL(mul16)
	mov $data, $04
	mov $data, $00
END_SUBROUTINE()

; dispatch_indirect: $0a the local sizes, $0c-$0e the group counts.
SUBROUTINE(dispatch_indirect)
	mov $addr, HLSQ_CS_NDRANGE_1
	ushr $02, $0a, 0x2
	mov $03, $0c
	CALL(global_size)
	ushr $02, $0a, 0xc
	mov $03, $0d
	CALL(global_size)
	ushr $02, $0a, 0x16
	mov $03, $0e
	CALL(global_size)
	WRITE_REG(HLSQ_CS_KERNEL_GROUP_X, $0c, $0d, $0e)
	CALL(dispatch)
END_SUBROUTINE()

; CP_SET_VISIBILITY_OVERRIDE: bit 0 to PC_VISIBILITY_OVERRIDE.
HANDLER(CP_SET_VISIBILITY_OVERRIDE)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	WRITE_REG(PC_VISIBILITY_OVERRIDE, $02)
END_HANDLER()

; CP_BLIT: gen70500 sends a 2D scale blit (BLIT_OP_SCALE_2D, EVENT_CMD
; 4) whatever the packet's operation, closed by CONTEXT_DONE_2D rather
; than CONTEXT_DONE; the blit's registers are written before it.
HANDLER(CP_BLIT)
	SKIP_PAYLOAD()
	WRITE_REG(|EVENT_CMD << 24, 0x4)
	CALL(seq_start)
	or $08, $09, EV_BLIT_OP_SCALE_2D
	WRITE_REG(HLSQ_EVENT_CMD, $08)
	WRITE_REG(PC_EVENT_CMD, $08)
	or $08, $09, EV_CONTEXT_DONE_2D
	WRITE_REG(HLSQ_EVENT_CMD, $08)
	WRITE_REG(PC_EVENT_CMD, $08)
	CALL(seq_next)
END_HANDLER()

; CP_LOAD_STATE6_FRAG and _GEOM: the first word (STATE_SRC in bits
; 16..17: 0 inline, else from memory) and the state's 64-bit address;
; inline state follows.
HANDLER(CP_LOAD_STATE6_FRAG)
	mov $06, LOAD_STATE_FRAG_CMD
	mov $07, LOAD_STATE_FRAG_DATA
	CALL(load_state6)
END_HANDLER()

HANDLER(CP_LOAD_STATE6_GEOM)
	mov $06, LOAD_STATE_GEOM_CMD
	mov $07, LOAD_STATE_GEOM_DATA
	CALL(load_state6)
END_HANDLER()

; load_state6: $06 the command register, $07 the data register.
SUBROUTINE(load_state6)
	IF_GE($rem, 3, $0b)
		mov $03, $data
		EXTRACT_BITS($05, $03, 16, 17)
		IF_NE($05, 0)
			add $addr, $06, 0x1
			mov $data, $data
			ubfx $data, $data, b0, b16
			WRITE_REG($06, $03)
		ELSE()
			WRITE_REG($06, $03)
			mov $00, $data
			mov $00, $data
			mov $04, 0x1 << 18      ; every word to the one register
			or $addr, $04, $07
			(rep)mov $data, $data
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
END_SUBROUTINE()

#define MEET_NAME br_meets_bv
#define MEET_CHANGE br_changes_sync
#define MEET_SELF 4
#define MEET_OTHER 5
#include "thread-control.S"

; CP_WAIT_TIMESTAMP: waits until the 32-bit timestamp at ADDR (words 1-2)
; has reached REF (word 3), counting with wraparound, as the kernel's
; a7xx submission waits for BV's fence before it writes its own. The
; other kinds (word 0 bit 4: an on-chip timestamp; bits 0-1: 64-bit or
; the local timestamp) are not waited for.
HANDLER(CP_WAIT_TIMESTAMP)
	mov $02, $data
	READ_ADDR64($03, $04)
	mov $05, $data
	and $02, $02, 0x13
	IF_EQ($02, 0)
		LOOP()
			START_MEM_READ($03, $04, 1, $06)
			sub $06, $memdata, $05
			IF_BIT_CLEAR($06, 31)
				BREAK()
			ENDIF()
		ENDLOOP()
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()
