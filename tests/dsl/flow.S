/* What the macro language's constructs do when they run: handlers on
 * unused opcodes, linked with the SDK's a6xx firmware and driven by
 * tests/dsl/flow.sh in the emulator. Each writes its results to the
 * memory address in its first two payload words. */
GPU(FLOW_GPU) /* afuc-as -DFLOW_GPU=a6xx (or a7xx) */

; UNKN121 addr_lo addr_hi a b: one bit per condition that held, for
; register and immediate right-hand sides:
;   b0 EQ  b1 NE  b2 LT  b3 LE  b4 GT  b5 GE  (a against b)
;   b8 EQ  b9 NE  b10 LT b11 LE b12 GT b13 GE (a against 5)
;   b16 IF_BIT_SET(a, 3)  b17 IF_BIT_CLEAR(a, b3)  b18 the ELSE of b16
;   b20 EQ  b21 NE  (a against CP_INDIRECT_BUFFER, a name for 0x3f)
HANDLER(UNKN121)
	READ_ADDR64($02, $03)
	mov $04, $data
	mov $05, $data
	mov $06, 0x0
	IF_EQ($04, $05, $11)
		or $06, $06, 0x1
	ENDIF()
	IF_NE($04, $05, $11)
		or $06, $06, 0x2
	ENDIF()
	IF_LT($04, $05, $11)
		or $06, $06, 0x4
	ENDIF()
	IF_LE($04, $05, $11)
		or $06, $06, 0x8
	ENDIF()
	IF_GT($04, $05, $11)
		or $06, $06, 0x10
	ENDIF()
	IF_GE($04, $05, $07)
		or $06, $06, 0x20
	ENDIF()
	IF_EQ($04, 5)
		or $06, $06, 0x100
	ENDIF()
	IF_NE($04, 5)
		or $06, $06, 0x200
	ENDIF()
	IF_LT($04, 5, $11)
		or $06, $06, 0x400
	ENDIF()
	IF_LE($04, 5, $11)
		or $06, $06, 0x800
	ENDIF()
	IF_GT($04, 5, $11)
		or $06, $06, 0x1000
	ENDIF()
	IF_GE($04, 5, $11)
		or $06, $06, 0x2000
	ENDIF()
	IF_BIT_SET($04, 3)
		mov $07, 0x1 << 16
		or $06, $06, $07
	ELSE()
		mov $07, 0x4 << 16
		or $06, $06, $07
	ENDIF()
	IF_BIT_CLEAR($04, b3)
		mov $07, 0x2 << 16
		or $06, $06, $07
	ENDIF()
	IF_EQ($04, CP_INDIRECT_BUFFER, $11)
		mov $07, 0x10 << 16
		or $06, $06, $07
	ENDIF()
	IF_NE($04, CP_INDIRECT_BUFFER, $11)
		mov $07, 0x20 << 16
		or $06, $06, $07
	ENDIF()
	MEM_WRITE($02, $03, $06)
END_HANDLER()

; UNKN122 addr_lo addr_hi n word...: four sums
;   1 + 2 + ... + n               (LOOP_COUNT with a register count)
;   the words after n             (LOOP_REM)
;   0 + 1 + ... of the counter until it reaches 3, skipping 1 (BREAK,
;   CONTINUE in LOOP with a nested IF)
;   4 rounds of 3 rounds of 1     (nested LOOP_COUNTs with immediates)
HANDLER(UNKN122)
	READ_ADDR64($02, $03)
	mov $04, $data                  ; n
	mov $05, 0x0
	mov $06, $04
	LOOP_COUNT($06)
		add $05, $05, $06
	ENDLOOP()
	mov $07, 0x0
	LOOP_REM()
		add $07, $07, $data
	ENDLOOP()
	mov $08, 0x0
	mov $09, 0x0
	LOOP()
		IF_EQ($09, 3)
			BREAK()
		ENDIF()
		add $09, $09, 0x1
		IF_EQ($09, 2)
			CONTINUE()
		ENDIF()
		add $08, $08, $09
	ENDLOOP()
	mov $0a, 0x0
	LOOP_COUNT($0b, 4)
		LOOP_COUNT($0c, 3)
			add $0a, $0a, 0x1
		ENDLOOP()
	ENDLOOP()
	MEM_WRITE($02, $03, $05, $07, $08, $0a)
END_HANDLER()

; UNKN123 addr_lo addr_hi v: which case of a dense switch ran (0x100 for
; the default), and the same without a DEFAULT (0 when nothing matched)
HANDLER(UNKN123)
	READ_ADDR64($02, $03)
	mov $04, $data
	SWITCH($04)
	CASE(0)
		mov $05, 0x10
	CASE(1, 2)
		mov $05, 0x12
	CASE(7)
		mov $05, 0x17
	CASE(31)
		mov $05, 0x31
	DEFAULT()
		mov $05, 0x100
	ENDSWITCH()
	mov $06, 0x0
	SWITCH($04)
	CASE(3)
		mov $06, 0x3
	CASE(4)
		mov $06, 0x4
	ENDSWITCH()
	MEM_WRITE($02, $03, $05, $06)
END_HANDLER()

; UNKN124 addr_lo addr_hi v: subroutines, nested calls and an early
; RETURN: triple(v) = 3 * v, then clamp(v) = min(v, 10) by an early exit
HANDLER(UNKN124)
	READ_ADDR64($02, $03)
	mov $04, $data
	mov $05, $04
	CALL(triple)
	mov $06, $04
	CALL(clamp)
	MEM_WRITE($02, $03, $05, $06)
END_HANDLER()

SUBROUTINE(triple)
	mov $07, $05
	CALL(add_07_to_05)
	CALL(add_07_to_05)
END_SUBROUTINE()

SUBROUTINE(add_07_to_05)
	add $05, $05, $07
END_SUBROUTINE()

SUBROUTINE(clamp)
	IF_LE($06, 10, $11)
		RETURN()
	ENDIF()
	mov $06, 10
END_SUBROUTINE()

; UNKN125 addr_lo addr_hi: SPILL and RESTORE keep registers across code
; that clobbers them; EXTRACT_BITS takes fields apart.
HANDLER(UNKN125)
	READ_ADDR64($02, $03)
	mov $04, 0x1234
	mov $05, 0xabcd << 16
	SPILL(0, $04, $05)
	mov $04, 0x0
	mov $05, 0x0
	RESTORE(0, $05, $04)            ; swapped on the way back
	mov $06, 0xbeef << 16
	or $06, $06, 0xcafe
	EXTRACT_BITS($07, $06, 0, 3)    ; 0xe
	EXTRACT_BITS($08, $06, 4, 27)   ; 0xeefcaf
	EXTRACT_BITS($09, $06, 28, 31)  ; 0xb
	MEM_WRITE($02, $03, $04, $05, $07, $08, $09)
END_HANDLER()

; UNKN126 addr_lo addr_hi: the words of a data table, read back from the
; image in memory: the linker fills them with label addresses.
HANDLER(UNKN126)
	READ_ADDR64($02, $03)
	START_REG_READ(CP_SQE_INSTR_BASE, 2, $11)
	mov $04, $regdata
	mov $05, $regdata
	mov $06, #targets << 2          ; the table's byte offset in the image
	add $04, $04, $06
	addhi $05, $05, $00
	START_MEM_READ($04, $05, 3, $11)
	mov $06, $memdata
	mov $07, $memdata
	mov $08, $memdata
	MEM_WRITE($02, $03, $06, $07, $08)
END_HANDLER()

TABLE(targets)
	ENTRY(triple, clamp)
	ENTRY(#add_07_to_05)
END_TABLE()
