/* Events and waits of the a7xx BR, BV and LPAC, as gen70500's do them
 * (cpp-included by sqe.S in each processor's section: each numbers its
 * own events); the numbering is ../common/seq.S. LPAC, which drives the
 * compute pipeline only (FW_COMPUTE_ONLY), writes no PC register and
 * sends no event before a wait for idle. Left out, as on a6xx: PC_MARKER
 * bookkeeping and performance-counter controls. */
#include "../common/seq.S"

; query_event: what ZPASS_DONE and WRITE_PRIMITIVE_COUNTS do first
; (CP_EVENT_WRITE7's word 0 in $0a): wait for earlier memory writes, then,
; with WRITE_SAMPLE_COUNT, the sample count's address and where it goes
; (EVENT_TS_CTRL 5 at ADDR, 6 at ADDR + 16, 0x36 with the difference
; added) through the EVENT_TS_* pipe registers; $09 counts the write.
; gen70500's BV (FW_BV) waits, but leaves the sample count to BR.
SUBROUTINE(query_event)
	cwrite $00, [$00 + @QUERY_PEND_INCR]
	WAIT_MEM_WRITES()
	mov $addr, |QUERY_PEND_DECR << 24
#ifndef FW_BV
	IF_BIT_SET($0a, SHIFT(CP_EVENT_WRITE7_0_WRITE_SAMPLE_COUNT))
		IF_GE($rem, 2, $0b)
			mov $04, 0x5
			IF_BIT_SET($0a, SHIFT(CP_EVENT_WRITE7_0_SAMPLE_COUNT_END_OFFSET))
				mov $04, 0x6
				IF_BIT_SET($0a, SHIFT(CP_EVENT_WRITE7_0_WRITE_ACCUM_SAMPLE_COUNT_DIFF))
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
#endif
END_SUBROUTINE()

; CP_EVENT_WRITE7: EVENT (bits 0..6), WRITE_SAMPLE_COUNT (12),
; SAMPLE_COUNT_END_OFFSET (13), WRITE_ACCUM_SAMPLE_COUNT_DIFF (14),
; WRITE_SRC (20..22), WRITE_DST (24: 0 memory, 1 on-chip), WRITE_ENABLED (27), IRQ
; (31); then the address and the payload. An event with bit 6 set goes
; only to PC_EVENT_CMD (LPAC, without a PC, numbers it as any other).
; The EVENT_CMD pipe register (bit 0: an event; +8 for each timestamp
; write the event carries; bit 13: a cache clean)
; comes first, after the EVENT_TS_* pipe registers of a write: where,
; what (EVENT_TS_CTRL: 1 memory or 2 on-chip, 8 | the value's size (0x08 32 bits,
; 0x10 64 bits, 0x18 the always-on counter), and, for an interrupting
; event that writes out a cache, which one in bits 7.. with 0x40) and the
; value. Queries (ZPASS_DONE, WRITE_PRIMITIVE_COUNTS) wait for memory
; writes first and write their sample counts through the same registers;
; FLUSH_SO_n is followed by a CACHE_CLEAN.
HANDLER(CP_EVENT_WRITE7)
	mov $0a, $data
	and $03, $0a, 0x7f
#ifndef FW_COMPUTE_ONLY
	IF_BIT_SET($0a, 6)
		SKIP_PAYLOAD()
		shl $09, G_SEQ, 0x10
		or $04, $09, $03
		WRITE_REG(PC_EVENT_CMD, $04)
		NEXT_PACKET()
	ENDIF()
#endif
	mov $09, 0x1                    ; EVENT_CMD
	mov $08, 0x0                    ; the cache an IRQ event reports
	mov $0e, 0x0                    ; 1: a CACHE_CLEAN follows
	; SWITCH takes 0..31: the events from 0x20 on in a second one
	IF_LT($03, 0x20, $0b)
		SWITCH($03)
		CASE(EV(RB_DONE_TS))
			mov $08, 0x11
		CASE(EV(CCU_RESOLVE_CLEAN))
			mov $08, 0xc
		CASE(EV(ZPASS_DONE), EV(WRITE_PRIMITIVE_COUNTS))
			CALL(query_event)
		CASE(EV(FLUSH_SO_0), EV(FLUSH_SO_1), EV(FLUSH_SO_2), EV(FLUSH_SO_3))
			mov $0e, 0x1
		ENDSWITCH()
	ELSE()
		sub $0c, $03, 0x20
		SWITCH($0c)
		CASE(EV(CCU_CLEAN_DEPTH) - 0x20)
			mov $08, 0xa
		CASE(EV(CCU_CLEAN_COLOR) - 0x20)
			mov $08, 0xb
		CASE(EV(CACHE_CLEAN) - 0x20)
			cwrite $00, [$00 + @CACHE_CLEAN_PEND_INCR]
			or $09, $09, 0x2000
			mov $08, 0x14
		CASE(EV(CACHE_FLUSH7) - 0x20)
			cwrite $00, [$00 + @CACHE_CLEAN_PEND_INCR]
			or $09, $09, 0x2000
		ENDSWITCH()
	ENDIF()
	IF_BIT_SET($0a, SHIFT(CP_EVENT_WRITE7_0_IRQ))
		shl $08, $08, 0x7
		IF_NE($08, 0)
			or $08, $08, 0x40
		ENDIF()
	ELSE()
		mov $08, 0x0
	ENDIF()
	IF_BIT_SET($0a, SHIFT(CP_EVENT_WRITE7_0_WRITE_ENABLED))
		IF_GE($rem, 2, $0b)       ; the address; the payload as the source needs
			mov $addr, |EVENT_TS_ADDR << 24
			mov $0d, 0x1            ; to memory
			IF_BIT_SET($0a, SHIFT(CP_EVENT_WRITE7_0_WRITE_DST))
				; on-chip: the slot's word, as bytes; word 2 unused
				ONCHIP_WORD($0b, $data, $0c, ONCHIP_BANK)
				shl $data, $0b, 0x2
				mov $data, $00
				mov $00, $data
				mov $0d, 0x2
			ELSE()
				mov $data, $data
				ubfx $data, $data, b0, b16
			ENDIF()
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
			or $05, $05, $0d
			mov $data, $05
			mov $data, $06
			mov $data, $07
			add $09, $09, 0x8
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
	WRITE_REG(|EVENT_CMD << 24, $09)
	CALL(fire_event)
	IF_NE($0e, 0)
		cwrite $00, [$00 + @CACHE_CLEAN_PEND_INCR]
		WRITE_REG(|EVENT_CMD << 24, 0x2001)
		mov $03, EV(CACHE_CLEAN)
		CALL(fire_event)
	ENDIF()
END_HANDLER()

; CP_WAIT_FOR_IDLE: event 0x34 (not on LPAC), then the wait.
HANDLER(CP_WAIT_FOR_IDLE)
	SKIP_PAYLOAD()
#ifndef FW_COMPUTE_ONLY
	WRITE_REG(|EVENT_CMD << 24, 0x1)
	mov $03, EV(WFI_EVENT)
	CALL(fire_event)
#endif
	CALL(wait_for_idle)
END_HANDLER()

; wait_for_idle: the wait through the WAIT_FOR_IDLE pipe register (on
; LPAC pipe register 0x80, unnamed), counted as a pending wait
; (WFI_PEND_INCR, then the WFI_PEND_DECR pipe register).
#ifdef FW_COMPUTE_ONLY
#define WFI_PIPE 0x80
#else
#define WFI_PIPE |WAIT_FOR_IDLE
#endif
SUBROUTINE(wait_for_idle)
	cwrite $00, [$00 + @WFI_PEND_INCR]
	mov $addr, WFI_PIPE << 24
	mov $addr, |WFI_PEND_DECR << 24
END_SUBROUTINE()
#undef WFI_PIPE

; CP_WAIT_TIMESTAMP: waits until the 32-bit timestamp at ADDR (words 1-2)
; has reached REF (word 3), counting with wraparound, as the kernel's
; a7xx submission waits for BV's fence before it writes its own. With
; WAIT_DST (bit 4) on-chip, as turnip's concurrent binning waits, the
; hardware waits: gen70500 gives pipe register 0xa4 (unnamed) the
; slot's word (ONCHIP_WORD; word 2 unused) and 0xa5 the value, SRC_0
; (word 3) or, with WAIT_VALUE_SRC (bits 0-1) TIMESTAMP_SUM, the sum of
; the local and global timestamps. In memory, 64-bit and the sum are
; not waited for.
#define TS_WAIT_ONCHIP_PIPE 0xa4
HANDLER(CP_WAIT_TIMESTAMP)
	mov $02, $data
	IF_BIT_SET($02, 4)
		ONCHIP_WORD($03, $data, $0c, ONCHIP_BANK)
		mov $00, $data
		and $05, $02, 0x3
		IF_EQ($05, 2)
			cread $06, [$00 + @LOCAL_TIMESTAMP]
			cread $07, [$00 + @GLOBAL_TIMESTAMP]
			add $06, $06, $07
		ELSE()
			mov $06, $data
		ENDIF()
		mov $addr, TS_WAIT_ONCHIP_PIPE << 24
		mov $data, $03
		mov $addr, (TS_WAIT_ONCHIP_PIPE + 1) << 24
		mov $data, $06
		SKIP_PAYLOAD()
		NEXT_PACKET()
	ENDIF()
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
#undef TS_WAIT_ONCHIP_PIPE
