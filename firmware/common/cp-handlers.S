/* Packet handlers of every generation's SDK firmware (the a5xx ME, the
 * a6xx SQE, the a7xx BR and LPAC), written from the packets' documented behaviour
 * (Mesa's adreno_pm4.xml, the afuc spec); the macros hide what differs
 * between generations. These do the work: registers, memory, scratch
 * registers, waits. Those of the processor that reads the command
 * stream (conditions, render modes, indirect buffers: the a5xx PFP's)
 * are cond-handlers.S and ib-handlers.S; sqe-handlers.S adds them and
 * the draw states for a6xx and a7xx. Included after GPU() and fw.h.
 * Each handler starts with $01 = its header and $rem = its payload
 * words, and ends with the waitin sequence (END_HANDLER). */
#include "sync.S"

; ---- Set-up and the simple packets ------------------------------------------

#if FW_GEN >= 6 /* CP_ME_INIT: the kernel's first packet (a5xx ME: a5xx/me.S) */
; Its payload configures features this firmware does not have: it starts from a known state.
HANDLER(CP_ME_INIT)
	SKIP_PAYLOAD()
	mov G_MODE, G_MODE_GMEM
	mov G_PRED, 0x0
END_HANDLER()
#endif
; CP_NOP: its payload is ignored.
HANDLER(CP_NOP)
	SKIP_PAYLOAD()
END_HANDLER()

; A packet without a handler of its own is fatal, as in vendor firmware
; (a630, gen70500, a530's ME): the firmware cannot know how long it is
; or what it asks. The linker script points every unused packet-table
; entry here (the a7xx LPAC section names it DEFAULT_HANDLER_NAME, as
; the linker script asks).
#ifndef DEFAULT_HANDLER_NAME
#define DEFAULT_HANDLER_NAME __default_handler
#endif
.global DEFAULT_HANDLER_NAME
DEFAULT_HANDLER_NAME:
	FATAL_ERROR(unknown_opcode_stop)
#undef DEFAULT_HANDLER_NAME

; Type-4 packet: the header holds the first register (bits 8..25); the
; payload goes to consecutive registers, two per cycle with (xmov1). The
; address comes from the command stream, so it is checked ($usraddr).
; The header shifted down is the address: what lands above the register
; field (the parity bit and the packet type, in $usraddr's bits 19 and
; 22) the hardware leaves alone, as vendor firmware counts on.
HANDLER(PKT4)
	ushr $usraddr, $01, 0x8
	(rep)(xmov1)mov $data, $data
END_HANDLER()

; CP_CONTEXT_REG_BUNCH: (register, value) pairs.
#if FW_GEN == 5
; The a5xx ME drops a lone last word (a register without a value).
HANDLER(CP_CONTEXT_REG_BUNCH)
	LOOP_REM()
		mov $usraddr, $data
		IF_EQ($rem, 0)
			BREAK()
		ENDIF()
		mov $data, $data
	ENDLOOP()
END_HANDLER()
#else
; a6xx, a7xx: one repeated instruction takes two pairs a round: a
; register to $usraddr, and (xmov3) its value to $data, the next
; register to $usraddr (the middle move), its value to $data
; (docs/emu-api.md, "(xmovN)"), as in the 2023 a630_sqe; later a630 and
; gen70500 first set bit 18 (no auto-increment), one instruction more.
; A lone last word of a packet of 3, 7... words is written as a value
; to the register after the one before it (with bit 18: to that one);
; of 1, 5... words it is dropped.
HANDLER(CP_CONTEXT_REG_BUNCH)
	(rep)(xmov3)mov $usraddr, $data
END_HANDLER()
#endif

; ---- Memory ------------------------------------------------------------------

; CP_MEM_WRITE: ADDR_LO, ADDR_HI, then the words to write there.
HANDLER(CP_MEM_WRITE)
	SET_NRT_ADDR($data, $data)      ; the address straight from the packet
	NRT_SELECT_DATA($11)
	(rep)(xmov1)mov $data, $data
END_HANDLER()

; CP_MEM_TO_MEM: flags (NEG_A/B/C in bits 0..2, DOUBLE 29,
; WAIT_FOR_MEM_WRITES 30), the destination, then source addresses. The
; destination gets the sum of the sources, source n subtracted when bit n
; is set; DOUBLE makes every value 64-bit (and only then are two words
; read, as a530 shows).
HANDLER(CP_MEM_TO_MEM)
	mov $02, $data                  ; flags
	READ_ADDR64($03, $04)           ; destination
	IF_BIT_SET($02, SHIFT(CP_MEM_TO_MEM_0_WAIT_FOR_MEM_WRITES))
		WAIT_MEM_WRITES()
	ENDIF()
	WAIT_FOR_ME_SYNC($05)           ; a630 and gen70500 wait before reading memory
	mov $05, 0x0                    ; sum, low word
	mov $06, 0x0                    ; sum, high word
	mov $07, $02                    ; NEG bits, one source per shift
	EXTRACT_BITS($0c, $02, 29, 29)
	add $0c, $0c, 0x1               ; words per value
	; LOOP_REM's loop, with the shift to the next NEG bit in the delay
	; slot of its branch (ENDLOOP's is a nop), as a530 does
	IF_NE($rem, 0)
mem_to_mem.source:
		READ_ADDR64($08, $09)
		START_MEM_READ($08, $09, $0c)
		mov $0a, $memdata
		mov $0b, 0x0
		IF_BIT_SET($02, SHIFT(CP_MEM_TO_MEM_0_DOUBLE))
			mov $0b, $memdata
		ENDIF()
		IF_BIT_SET($07, 0)
			sub $05, $05, $0a
			subhi $06, $06, $0b
		ELSE()
			add $05, $05, $0a
			addhi $06, $06, $0b
		ENDIF()
		brne $rem, 0x0, #mem_to_mem.source
		ushr $07, $07, 0x1              ; the next source's NEG bit
	ENDIF()
	SET_NRT_ADDR($03, $04)
	NRT_WRITE($05)
	IF_BIT_SET($02, SHIFT(CP_MEM_TO_MEM_0_DOUBLE))
		NRT_WRITE($06)
	ENDIF()
END_HANDLER()

; CP_MEMCPY (unnamed on a5xx): DWORDS, SRC_LO, SRC_HI, DST_LO, DST_HI.
; Both addresses go from the packet straight where they are used; DWORDS
; 0 reads and writes nothing.
HANDLER(MEMCPY_OPCODE)
	mov $02, $data
	START_MEM_READ($data, $data, $02)
	SET_NRT_ADDR($data, $data)
	NRT_SELECT_DATA($11)
	mov $rem, $02
	(rep)mov $data, $memdata
END_HANDLER()

; ---- Registers and memory ----------------------------------------------------

; CP_REG_TO_MEM: REG (bits 0..17), CNT (18..29, at least 1; 18..28 on
; a7xx, where bit 29 means something else), 64B (30), ACCUMULATE (31);
; DEST_LO, DEST_HI. Copies CNT registers to memory, or
; with ACCUMULATE adds them to what memory holds (64B: as 64-bit pairs).
HANDLER(CP_REG_TO_MEM)
	mov $02, $data
	READ_ADDR64($03, $04)
	SKIP_PAYLOAD()
reg_to_mem.copy:                        ; the OFFSET forms join here
	READ_SYNC($05, $06)             ; a630 and gen70500 wait before reading registers
	EXTRACT_BITS($05, $02, 0, 17)
	EXTRACT_BITS($06, $02, 18, REG_TO_MEM_CNT_HI)
	max $06, $06, 0x1
#if FW_GEN >= 6
	START_REG_READ($05, $06)
	IF_BIT_SET($02, SHIFT(CP_REG_TO_MEM_0_ACCUMULATE))
		START_MEM_READ($03, $04, $06, $07)
		SET_NRT_ADDR($03, $04)
		NRT_SELECT_DATA()
		IF_BIT_SET($02, SHIFT(CP_REG_TO_MEM_0_64B))
			ushr $06, $06, 0x1
			LOOP_COUNT($06)
				mov $07, $regdata
				mov $08, $regdata
				add $07, $07, $memdata
				addhi $08, $08, $memdata
				mov $data, $07
				mov $data, $08
			ENDLOOP()
		ELSE()
			LOOP_COUNT($06)
				mov $07, $regdata
				add $data, $07, $memdata
			ENDLOOP()
		ENDIF()
	ELSE()
		SET_NRT_ADDR($03, $04)
		NRT_SELECT_DATA()
		mov $rem, $06
		(rep)mov $data, $regdata
	ENDIF()
#else
	; The a5xx ME, as a530_pm4: the register reads are queued
	; (START_REG_READ) while $addr writes memory; 64B copies an even
	; count to an 8-byte aligned address. (ACCUMULATE is not supported
	; here.)
	IF_BIT_SET($02, SHIFT(CP_REG_TO_MEM_0_64B))
		and $07, $06, 0x1
		add $06, $06, $07
		or $03, $03, 0x7
		xor $03, $03, 0x7
	ENDIF()
	mov $rem, $06
	START_REG_READ($05, $06, $07)
	SET_NRT_ADDR($03, $04)
	NRT_SELECT_DATA($07)
	(rep)mov $data, $regdata
#endif
END_HANDLER()

#if FW_GEN >= 6
; CP_REG_TO_MEM_OFFSET_REG: CP_REG_TO_MEM's first word and DEST, then
; OFFSET0 and, when the packet has it, OFFSET1: each a register (0..17),
; or with bit 19 a scratch register (0..2); DEST plus the 64-bit offset
; (OFFSET1 the high half, else 0) is where the registers go. A register
; offset is read after the pipeline, as a630 and gen70500 read it.
HANDLER(CP_REG_TO_MEM_OFFSET_REG)
	mov $02, $data
	READ_ADDR64($03, $04)
	mov $07, $data
	CALL(reg_to_mem.offset)
	mov $0a, $07                    ; the low half
	mov $07, $00
	IF_NE($rem, 0)
		mov $07, $data
		CALL(reg_to_mem.offset)
	ENDIF()
	SKIP_PAYLOAD()
	add $03, $03, $0a
	jump #reg_to_mem.copy
	addhi $04, $04, $07
END_HANDLER()

; reg_to_mem.offset: the value of the offset word $07 in $07. Clobbers
; $05, $06.
SUBROUTINE(reg_to_mem.offset)
	IF_BIT_SET($07, 19)
		and $07, $07, 0x7
		cread $07, [$07 + SCRATCH_BASE]
	ELSE()
		READ_SYNC($05, $06)
		EXTRACT_BITS($05, $07, 0, 17)
		FE_READ_REG($07, $05)
	ENDIF()
END_SUBROUTINE()

; CP_REG_TO_MEM_OFFSET_MEM: CP_REG_TO_MEM's first word and DEST, then
; the address of a 32-bit offset (after the pipeline) that DEST gets.
HANDLER(CP_REG_TO_MEM_OFFSET_MEM)
	mov $02, $data
	READ_ADDR64($03, $04)
	READ_ADDR64($05, $06)
	SKIP_PAYLOAD()
	WAIT_FOR_ME_SYNC($07)
	START_MEM_READ($05, $06, 1, $07)
	add $03, $03, $memdata
	jump #reg_to_mem.copy
	addhi $04, $04, $00
END_HANDLER()
#endif

#if FW_GEN >= 6
; CP_INTERRUPT: one word (the kernel's before a5xx sent CP_INT_CNTL's
; RB_INT, bit 31). a630 writes its bits 16..31 masked with 0xe100 to
; register 0x36 (unnamed in the register database), from the ring only;
; gen70500 writes bit 31 there as bit 15, from anywhere.
#define INTERRUPT_REG 0x36
HANDLER(CP_INTERRUPT)
#if FW_GEN == 6
	IF_EQ(G_LEVEL, 0)
		ushr $02, $data, 0x10
		and $02, $02, 0xe100
		WRITE_REG(INTERRUPT_REG, $02)
	ENDIF()
	SKIP_PAYLOAD()
#else
	ushr $02, $data, 0x1f
	mov $addr, INTERRUPT_REG
	shl $data, $02, 0xf
#endif
END_HANDLER()
#endif

; CP_MEM_TO_REG: REG (0..17), CNT (19..29, at least 1), SHIFT_BY_2 (30);
; SRC_LO, SRC_HI. Copies CNT words of memory to consecutive registers,
; after the pipeline (WAIT_FOR_ME_SYNC, sync.S).
HANDLER(CP_MEM_TO_REG)
	WAIT_FOR_ME_SYNC($02)
	mov $02, $data
	READ_ADDR64($03, $04)
	SKIP_PAYLOAD()
	EXTRACT_BITS($05, $02, 0, 17)
	EXTRACT_BITS($06, $02, 19, 29)
	max $06, $06, 0x1
	START_MEM_READ($03, $04, $06)
	mov $usraddr, $05
	mov $rem, $06
	IF_BIT_SET($02, 30)
		(rep)shl $data, $memdata, 0x2
	ELSE()
		(rep)mov $data, $memdata
	ENDIF()
END_HANDLER()

; CP_REG_RMW: DST_REG (0..17), ROTATE (24..28), SRC1_ADD (29), SRC1_IS_REG
; (30), SRC0_IS_REG (31); SRC0; SRC1.
;   dst = ((dst & src0) rotated left by ROTATE) + or | src1
; where a source flagged _IS_REG is the register at that offset.
HANDLER(CP_REG_RMW)
	READ_SYNC($02, $03)
	mov $02, $data
	mov $03, $data                  ; src0
	mov $04, $data                  ; src1
	SKIP_PAYLOAD()
	IF_BIT_SET($02, SHIFT(CP_REG_RMW_0_SRC0_IS_REG))
		EXTRACT_BITS($05, $03, 0, 17)
		READ_REG($03, $05)
	ENDIF()
	IF_BIT_SET($02, SHIFT(CP_REG_RMW_0_SRC1_IS_REG))
		EXTRACT_BITS($05, $04, 0, 17)
		READ_REG($04, $05)
	ENDIF()
	EXTRACT_BITS($05, $02, 0, 17)
	READ_REG($06, $05)
	and $06, $06, $03
	EXTRACT_BITS($07, $02, 24, 28)
	rot $06, $06, $07
	IF_BIT_SET($02, SHIFT(CP_REG_RMW_0_SRC1_ADD))
		add $06, $06, $04
	ELSE()
		or $06, $06, $04
	ENDIF()
	mov $usraddr, $05
	mov $data, $06
END_HANDLER()

; ---- The scratch registers -----------------------------------------------------

; Eight scratch words (SCRATCH_BASE..+7: control registers of the SQE,
; of the ME on a5xx); a packet's SCRATCH field (bits 20..22) picks the
; first, and indices wrap around.

; CP_SCRATCH_TO_REG: REG (0..17), SCRATCH (20..22), CNT (24..26): copies
; CNT + 1 scratch words to consecutive registers from REG.
; The index is masked at the top of each round, the count (CNT, one
; less than the words) tested at the bottom.
HANDLER(CP_SCRATCH_TO_REG)
	mov $02, $data
	SKIP_PAYLOAD()
	shl $03, $02, 14
	ushr $usraddr, $03, 14          ; REG
	ushr $04, $02, 24
	and $04, $04, 0x7               ; CNT
	ushr $03, $02, 20               ; SCRATCH, and bits above it
scratch_to_reg.word:
	and $03, $03, 0x7
	cread $data, [$03 + SCRATCH_BASE]
	add $03, $03, 0x1
	brne $04, 0x0, #scratch_to_reg.word
	sub $04, $04, 0x1
END_HANDLER()

; CP_REG_TO_SCRATCH: the other way round.
HANDLER(CP_REG_TO_SCRATCH)
	READ_SYNC($02, $03)
	mov $02, $data
	SKIP_PAYLOAD()
	EXTRACT_BITS($03, $02, 0, 17)
	EXTRACT_BITS($04, $02, 20, 22)
	EXTRACT_BITS($05, $02, 24, 26)
	add $05, $05, 0x1
	START_REG_READ($03, $05, $06)
	LOOP_COUNT($05)
		cwrite $regdata, [$04 + SCRATCH_BASE]
		add $04, $04, 0x1
		and $04, $04, 0x7
	ENDLOOP()
END_HANDLER()

; CP_SCRATCH_WRITE (a6xx; the same opcode, unnamed, on a5xx and a7xx):
; SCRATCH (20..22), then words for consecutive scratch registers. One
; word (what turnip sends) on a path of its own; a packet without data
; words writes nothing (vendor firmware would take the next header as
; data), which costs the other lengths a test.
HANDLER(SCRATCH_WRITE_OPCODE)
	brne $rem, 0x2, #scratch_write.words
	ushr $02, $data, 20             ; SCRATCH, and bits above it
	and $02, $02, 0x7
	cwrite $data, [$02 + SCRATCH_BASE]
	NEXT_PACKET()
scratch_write.words:
	breq $rem, 0x0, #scratch_write.done
	nop
scratch_write.word:
	and $02, $02, 0x7
	cwrite $data, [$02 + SCRATCH_BASE]
	brne $rem, 0x0, #scratch_write.word
	add $02, $02, 0x1
scratch_write.done:
END_HANDLER()

; ---- Waiting -------------------------------------------------------------------

; CP_WAIT_MEM_WRITES: until earlier memory writes have landed.
HANDLER(CP_WAIT_MEM_WRITES)
	WAIT_MEM_WRITES()
END_HANDLER()

; CP_WAIT_FOR_ME: the SQE is its own ME; what is left is the wait for
; the pipeline that the a6xx SQE and a7xx BR hand down (WAIT_FOR_ME_SYNC,
; sync.S).
HANDLER(CP_WAIT_FOR_ME)
	SKIP_PAYLOAD()
	WAIT_FOR_ME_SYNC($02)
#if FW_GEN == 5
	; the a5xx ME, which the PFP waits for, clears the counter of
	; pending waits, as a530_pm4 does
	WRITE_REG(CP_WFI_PEND_CTR, 0x0)
#endif
END_HANDLER()

; poll_test: one test of CP_WAIT_REG_MEM and CP_COND_WRITE5. $02 holds
; FUNCTION (0..2), SIGNED_COMPARE (3) and POLL (4..5: 0 register, 1
; memory, 2 scratch where there is one, 3 a7xx on-chip memory); $03:$04
; the address (the register or the slot in $03); $05 REF; $06 MASK. Sets bit 0 of $0b when
; (value & MASK) FUNCTION REF holds, else clears it (the other bits are
; left over). Clobbers $07..$0b.
; The functions ALWAYS, LT, LE, EQ, NE, GE, GT (and 7, never) are a
; table of nibbles, one per function: bit 2 inverts, bits 0..1 pick the
; bit of cmp's result (0x2b equal, 0x1e less, 0 greater: b0 ==, b1 <=,
; b2 <; b3 is 0 in all three).
#define POLL_FUNCTIONS_HI 0x3564
#define POLL_FUNCTIONS_LO 0x0127
SUBROUTINE(poll_test)
	; POLL tested bit by bit, as a530_pm4 does (no field to extract)
#if FW_GEN >= 6
	IF_BIT_CLEAR($02, 5)            ; registers and memory, not scratch
		READ_SYNC($0a, $11)
	ENDIF()
#endif
	IF_BIT_SET($02, 4)
#if FW_GEN >= 7
		IF_BIT_SET($02, 5)      ; POLL_ON_CHIP: words 0-7, as gen70500
			and $0b, $03, 0x7
			cread $0a, [$0b + ONCHIP_BASE]
		ELSE()
			START_MEM_READ($03, $04, 1, $0a)
			mov $0a, $memdata
		ENDIF()
#else
		START_MEM_READ($03, $04, 1, $0a)
		mov $0a, $memdata
#endif
#ifdef SCRATCH_BASE
	ELSE()
		IF_BIT_SET($02, 5)
			and $0b, $03, 0x7
			cread $0a, [$0b + SCRATCH_BASE]
		ELSE()
			READ_REG($0a, $03)
		ENDIF()
#else
	ELSE()
		READ_REG($0a, $03)
#endif
	ENDIF()
	and $0a, $0a, $06
	mov $07, $05                    ; REF
	IF_BIT_SET($02, 3)              ; SIGNED_COMPARE: flip both signs
		mov $08, 0x8000 << 16
		xor $0a, $0a, $08
		xor $07, $05, $08
	ENDIF()
	cmp $09, $0a, $07
	and $09, $09, 0x7
	mov $08, POLL_FUNCTIONS_HI << 16
	or $08, $08, POLL_FUNCTIONS_LO
	and $0b, $02, 0x7               ; FUNCTION
	shl $0b, $0b, 0x2
	ushr $08, $08, $0b              ; the function's nibble
	and $0b, $08, 0x3
	ushr $09, $09, $0b
	ushr $08, $08, 0x2
	xor $0b, $09, $08               ; bit 0; the callers test only it
END_SUBROUTINE()

; CP_WAIT_REG_MEM: the test of poll_test (its first word, POLL_ADDR_LO/HI,
; REF, MASK; then a delay, ignored), repeated until it holds.
HANDLER(CP_WAIT_REG_MEM)
	mov $02, $data
	READ_ADDR64($03, $04)
	mov $05, $data                  ; REF
	mov $06, $data                  ; MASK
	SKIP_PAYLOAD()
wait_reg_mem.poll:
	CALL(poll_test)
	brne $0b, b0, #wait_reg_mem.poll ; again while the test fails
	nop
END_HANDLER()

; CP_COND_WRITE5: the test of poll_test once (with WRITE_MEMORY in bit 8
; of the first word), then WRITE_ADDR_LO, WRITE_ADDR_HI and WRITE_DATA.
; When the test holds, the data goes to memory at WRITE_ADDR
; (WRITE_MEMORY: every word left), or to the register WRITE_ADDR_LO.
HANDLER(CP_COND_WRITE5)
	mov $02, $data
	READ_ADDR64($03, $04)
	mov $05, $data                  ; REF
	mov $06, $data                  ; MASK
	CALL(poll_test)
	IF_BIT_SET($0b, 0)
		READ_ADDR64($07, $08)
		IF_BIT_SET($02, 8)
			SET_NRT_ADDR($07, $08)
			NRT_SELECT_DATA($11)
			(rep)mov $data, $data
			NEXT_PACKET()           ; nothing left to skip
		ENDIF()
		EXTRACT_BITS($07, $07, 0, 17)   ; a register
		mov $usraddr, $07
		mov $data, $data
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()
