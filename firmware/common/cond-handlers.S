/* Conditional execution and the render mode, on the processor that
 * reads the command stream (the a6xx SQE, the a7xx BR, the a5xx PFP):
 * the words a condition skips are dropped from the stream there, so
 * that a skipped CP_INDIRECT_BUFFER is never called. Included after
 * GPU() and fw.h. Memory and registers are read with FE_START_MEM_READ
 * and FE_READ_REG (fw.h). State: G_PRED, the predicate bits of
 * CP_REG_TEST; G_MODE, the render mode of CP_SET_MARKER (fw.h). */
#include "sync.S"

; SKIP_DWORDS(reg): drops the next reg words of the command stream (after
; the current packet's payload).
DEFINE_MACRO(SKIP_DWORDS, {
	mov $rem, $1
	SKIP_PAYLOAD()
})

; CP_COND_EXEC: ADDR0 (64-bit), ADDR1 (64-bit), REF, DWORDS. The next
; DWORDS words run only when the word at ADDR0 is not 0 and the word at
; ADDR1 is at most REF (signed); otherwise they are skipped. (Mesa's
; description says "less than"; vendor firmware runs them on equal too,
; and so does this.) turnip's query copies send ADDR0 = ADDR1 with REF 2:
; available == 1. ADDR0 goes from the packet straight to the read queue,
; and "at most" is the sign bit of REF - *ADDR1 (a wrapping difference,
; as the vendor's compare is): on every path no more instructions than
; a530's, a630's and gen70500's.
HANDLER(CP_COND_EXEC)
	mov $06, 0x1
	cwrite $data, [$00 + @MEM_READ_ADDR]
	cwrite $data, [$00 + @MEM_READ_ADDR+0x1]
	cwrite $06, [$00 + @MEM_READ_DWORDS]
	mov $04, $data                  ; ADDR1
	mov $05, $data
	breq $memdata, 0x0, #cond_exec.skip
	mov $07, $data                  ; REF (the delay slot)
	cwrite $04, [$00 + @MEM_READ_ADDR]
	cwrite $05, [$00 + @MEM_READ_ADDR+0x1]
	cwrite $06, [$00 + @MEM_READ_DWORDS]
	sub $07, $07, $memdata
	breq $07, b31, #cond_exec.skip
	nop
	mov $00, $data                  ; DWORDS: the words run
	NEXT_PACKET()
cond_exec.skip:
	mov $rem, $data                 ; DWORDS words dropped
	SKIP_PAYLOAD()
END_HANDLER()

; CP_REG_TEST (the a5xx PFP's, with one predicate bit, is its own):
; REG (0..17), BIT (20..24), SKIP_WAIT_FOR_ME (25), PRED_BIT
; (26..30): predicate bit PRED_BIT = bit BIT of the register, read after
; the pipeline unless SKIP_WAIT_FOR_ME (sync.S). With PRED_UPDATE (31) two
; more words, PRED_MASK and PRED_VAL, set the predicate bits directly.
#if FW_GEN >= 6
HANDLER(CP_REG_TEST)
	mov $02, $data
	IF_BIT_CLEAR($02, 31)
		IF_BIT_CLEAR($02, 25)
			WAIT_FOR_ME_SYNC($03)
		ENDIF()
		SET_APERTURE($03, $11)
	ENDIF()
	IF_BIT_SET($02, 31)
		mov $03, $data                  ; mask
		mov $04, $data                  ; values
		and $04, $04, $03
		or G_PRED, G_PRED, $03
		xor G_PRED, G_PRED, $03
		or G_PRED, G_PRED, $04
	ELSE()
		EXTRACT_BITS($03, $02, 0, 17)
		FE_READ_REG($04, $03)
		EXTRACT_BITS($05, $02, 20, 24)
		ushr $04, $04, $05
		and $04, $04, 0x1
		EXTRACT_BITS($05, $02, 26, 30)
		mov $06, 0x1
		shl $06, $06, $05
		or G_PRED, G_PRED, $06          ; clear the bit,
		xor G_PRED, G_PRED, $06
		shl $04, $04, $05               ; then set it from the test
		or G_PRED, G_PRED, $04
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()
#endif

; CP_COND_REG_EXEC: MODE (28..31) says what to test; the next DWORDS words
; run only when the test passes.
;   PRED_TEST (1): predicate bit PRED_BIT (18..22); DWORDS
;   REG_COMPARE (2): registers REG0 (0..17) and REG1 equal; REG1, DWORDS
;                    (a7xx: either an on-chip slot, with bit 24 set)
;   RENDER_MODE (3): the mode of CP_SET_MARKER is among BINNING (25),
;                    GMEM (26, every other mode), SYSMEM (27); DWORDS
;   REG_COMPARE_IMM (4, a7xx): register REG0 equals IMM; IMM, DWORDS
;   THREAD_MODE (5, a7xx): this processor's bit is set, BR (26) or, on
;                    the a7xx BV (FW_BV), BV (25); DWORDS
; What the drivers send (freedreno's bins, turnip's sections) is PRED_TEST
; of predicate bit 0 with nothing else in the first word, 0x10000000:
; rotated left by 4 it is 1, which one branch tests, and the second word
; is read in that branch's slot (the other modes start from it).
HANDLER(CP_COND_REG_EXEC)
	mov $02, $data
	rot $05, $02, 4
	brne $05, 0x1, #cond_reg_exec.modes
	mov $04, $data                  ; DWORDS, or the others' second word
	IF_BIT_CLEAR(G_PRED, 0)
		SKIP_DWORDS($04)
	ENDIF()
	NEXT_PACKET()
cond_reg_exec.modes:
	ushr $05, $02, 28               ; MODE
	brne $05, 0x3, #cond_reg_exec.pred_test
	and $06, $02, G_MODE            ; RENDER_MODE: the current mode's bit
	ushr $06, $06, 25               ; among BINNING, GMEM, SYSMEM
	IF_EQ($06, 0)
		SKIP_DWORDS($04)
	ENDIF()
	NEXT_PACKET()
cond_reg_exec.pred_test:
	brne $05, 0x1, #cond_reg_exec.others
#if FW_GEN == 5
	; a5xx: one predicate whatever PRED_BIT names, as a530_pfp (and
	; CP_REG_TEST)
	mov $06, G_PRED
#else
	shl $07, $02, 9
	ushr $07, $07, 27               ; PRED_TEST of another bit
	ushr $06, G_PRED, $07
#endif
	IF_BIT_CLEAR($06, 0)
		SKIP_DWORDS($04)
	ENDIF()
	NEXT_PACKET()
cond_reg_exec.others:
#if FW_GEN >= 7
	brne $05, 0x5, #cond_reg_exec.compare
	mov $03, $04
#ifdef FW_BV
	IF_BIT_CLEAR($02, 25)           ; THREAD_MODE: BV (25) is set
#else
	IF_BIT_CLEAR($02, 26)           ; THREAD_MODE: BR (26) is set
#endif
		SKIP_DWORDS($04)
	ENDIF()
	NEXT_PACKET()
cond_reg_exec.compare:
#else
	mov $03, $04
#endif
	mov $06, 0x1                    ; passes?
	SWITCH($05)
	CASE(2)
		mov $04, $data
#if FW_GEN >= 7
		; a7xx, as gen70500: REG0 and REG1 each an on-chip slot with
		; bit 24 set (ONCHIP_MEM: REG1's in the database, REG0's too
		; in gen70500), and before REG0, unless bit 23, a wait: for
		; idle before a slot, for pending reads before a register
		IF_BIT_SET($02, 24)
			IF_BIT_CLEAR($02, 23)
				CALL(wait_for_idle)
			ENDIF()
			ONCHIP_WORD($07, $02, $0b, ONCHIP_BANK)
			cread $08, [$07 + ONCHIP_BASE]
		ELSE()
			IF_BIT_CLEAR($02, 23)
				READ_SYNC($0a, $11)
			ENDIF()
			EXTRACT_BITS($07, $02, 0, 17)
			FE_READ_REG($08, $07)
		ENDIF()
		IF_BIT_SET($03, 24)
			ONCHIP_WORD($07, $03, $0b, ONCHIP_BANK)
			cread $09, [$07 + ONCHIP_BASE]
		ELSE()
			EXTRACT_BITS($07, $03, 0, 17)
			FE_READ_REG($09, $07)
		ENDIF()
#else
		EXTRACT_BITS($07, $02, 0, 17)
		FE_READ_REG($08, $07)
		EXTRACT_BITS($07, $03, 0, 17)
		FE_READ_REG($09, $07)
#endif
		IF_NE($08, $09, $11)
			mov $06, 0x0
		ENDIF()
#if FW_GEN >= 7
	CASE(4)
		mov $04, $data
		EXTRACT_BITS($07, $02, 0, 17)
		FE_READ_REG($08, $07)
		IF_NE($08, $03, $11)
			mov $06, 0x0
		ENDIF()
#endif
	ENDSWITCH()
	SKIP_PAYLOAD()
	IF_EQ($06, 0)
		SKIP_DWORDS($04)
	ENDIF()
END_HANDLER()

; CP_SET_MARKER (unnamed on a5xx): MODE (bits 0..8). With bit 8 clear
; the low four bits are the render mode (RM6_*), which CP_COND_REG_EXEC
; and draw states test; with it set, the kernel's IFPC requests
; (RM6_IFPC_ENABLE 0x100, _DISABLE 0x101), which a630 and gen70500 pass
; to the GMU in bit 0 of CP_CP2GMU_STATUS (set: no power collapse).
#if FW_GEN == 6
#define PC_ENDVIS PC_UNKNOWN_9E19
#else
#define PC_ENDVIS 0x9e19 /* unnamed in the a7xx register database */
#endif
HANDLER(SET_MARKER_OPCODE)
	mov $02, $data
	SKIP_PAYLOAD()
	IF_BIT_CLEAR($02, 8)
#if FW_GEN == 7
		; the kernel's marks around its IBs (a7xx_submit: 0xd before,
		; 0xe after), not render modes: after them gen70500 waits for
		; idle
		IF_EQ($02, MARK_IB1LIST_END)
			CALL(wait_for_idle)
#ifdef FW_BV
			CALL(flag_preempt_record)
#endif
			NEXT_PACKET()
		ENDIF()
		IF_EQ($02, MARK_IB1LIST_START)
			NEXT_PACKET()
		ENDIF()
#endif
		and $02, $02, 0xf
		; with the bit CP_COND_REG_EXEC's RENDER_MODE tests for it
#if FW_GEN >= 6
		mov $04, G_MODE_SET_MODE        ; CP_SET_MODE's bits stay
		and $04, $04, G_MODE
#endif
		mov G_MODE, G_MODE_GMEM
		IF_EQ($02, RM6_BINNING)
			mov G_MODE, G_MODE_BINNING
		ENDIF()
		IF_EQ($02, RM6_BYPASS)
			mov G_MODE, G_MODE_SYSMEM
		ENDIF()
		or G_MODE, G_MODE, $02
#if FW_GEN >= 6
		or G_MODE, G_MODE, $04
		; RM6_ENDVIS, the end of the binning pass: PC register 0x9e19 =
		; 1, as a630 and gen70500 firmware write it
		IF_EQ($02, RM6_ENDVIS)
			mov $03, 0x1
			WRITE_REG_DIRECT(PC_ENDVIS, $03, $11)
		ENDIF()
	ELSE()
		IFPC_MARKER($02, $03, $11)
#endif
	ENDIF()
END_HANDLER()
