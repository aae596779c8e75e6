/* Example: a packet that fills memory with a value, with subroutines.
 *
 *   CP_FILL (opcode 0x76): ADDR_LO, ADDR_HI, COUNT, VALUE[, STEP]
 *
 * Writes COUNT words at ADDR: VALUE, VALUE + STEP, VALUE + 2 * STEP...
 * (STEP is 0 when the packet leaves it out). Shows CALL/SUBROUTINE, the
 * registers a handler may use ($02-$11) and an optional packet word
 * ($rem says how many are left). Test: fill.emu. */
GPU(a6xx)

HANDLER(UNKN118)
	READ_ADDR64($02, $03)
	mov $04, $data                ; COUNT
	mov $05, $data                ; VALUE
	mov $06, 0x0                  ; STEP, unless the packet has one
	IF_NE($rem, 0)
		mov $06, $data
	ENDIF()
	SET_NRT_ADDR($02, $03)
	NRT_SELECT_DATA()
	LOOP_COUNT($04)
		CALL(write_next)
	ENDLOOP()
END_HANDLER()

; write_next: writes $05 to memory and steps it by $06.
SUBROUTINE(write_next)
	mov $data, $05
	add $05, $05, $06
END_SUBROUTINE()
