/* Example: a packet that copies N consecutive registers to memory.
 *
 *   CP_COPY_REGS (opcode 0x7b): REG, N, ADDR_LO, ADDR_HI
 *
 * N = 0 copies nothing. Shows a loop over a count from the packet, and
 * how the register read queue ($regdata) and the memory write pipe
 * (NRT_ADDR/NRT_DATA) work one word at a time. Test: copy-regs.emu. */
GPU(a6xx)

HANDLER(UNKN123)
	mov $02, $data                ; first register
	mov $03, $data                ; how many
	READ_ADDR64($04, $05)         ; where to
	IF_NE($03, 0)
		START_REG_READ($02, $03)  ; queue N registers...
		SET_NRT_ADDR($04, $05)    ; ...and aim the writes at ADDR
		NRT_SELECT_DATA()         ; $data writes now go to memory
		LOOP_COUNT($03)           ; N times (counts $03 down)
			mov $data, $regdata
		ENDLOOP()
	ENDIF()
END_HANDLER()
