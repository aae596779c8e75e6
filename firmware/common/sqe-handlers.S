/* Packet handlers of the a6xx SQE and the a7xx BR only: indirect buffers,
 * draw states, render modes, the scratch registers, memcpy. Included
 * after cp-handlers.S. */

; CP_MEMCPY: DWORDS, SRC_LO, SRC_HI, DST_LO, DST_HI.
HANDLER(CP_MEMCPY)
	mov $02, $data
	READ_ADDR64($03, $04)
	READ_ADDR64($05, $06)
	SKIP_PAYLOAD()
	IF_NE($02, 0)
		START_MEM_READ($03, $04, $02)
		SET_NRT_ADDR($05, $06)
		NRT_SELECT_DATA()
		mov $rem, $02
		(rep)mov $data, $memdata
	ENDIF()
END_HANDLER()

; ---- The scratch registers -----------------------------------------------------

; Eight scratch words (SCRATCH_BASE..+7); a packet's SCRATCH field (bits
; 20..22) picks the first, and indices wrap around.

; CP_SCRATCH_TO_REG: REG (0..17), SCRATCH (20..22), CNT (24..26): copies
; CNT + 1 scratch words to consecutive registers from REG.
HANDLER(CP_SCRATCH_TO_REG)
	mov $02, $data
	SKIP_PAYLOAD()
	EXTRACT_BITS($03, $02, 0, 17)
	EXTRACT_BITS($04, $02, 20, 22)
	EXTRACT_BITS($05, $02, 24, 26)
	add $05, $05, 0x1
	mov $usraddr, $03
	LOOP_COUNT($05)
		cread $data, [$04 + SCRATCH_BASE]
		add $04, $04, 0x1
		and $04, $04, 0x7
	ENDLOOP()
END_HANDLER()

; CP_REG_TO_SCRATCH: the other way round.
HANDLER(CP_REG_TO_SCRATCH)
	mov $02, $data
	SKIP_PAYLOAD()
	EXTRACT_BITS($03, $02, 0, 17)
	EXTRACT_BITS($04, $02, 20, 22)
	EXTRACT_BITS($05, $02, 24, 26)
	add $05, $05, 0x1
	START_REG_READ($03, $05)
	LOOP_COUNT($05)
		cwrite $regdata, [$04 + SCRATCH_BASE]
		add $04, $04, 0x1
		and $04, $04, 0x7
	ENDLOOP()
END_HANDLER()

; CP_SCRATCH_WRITE (a6xx; the same opcode, unnamed, on a7xx): SCRATCH
; (20..22), then words for consecutive scratch registers.
HANDLER(SCRATCH_WRITE_OPCODE)
	EXTRACT_BITS($02, $data, 20, 22)
	LOOP_REM()
		cwrite $data, [$02 + SCRATCH_BASE]
		add $02, $02, 0x1
		and $02, $02, 0x7
	ENDLOOP()
END_HANDLER()

; ---- Indirect buffers, render modes, draw states ---------------------------------

; CP_INDIRECT_BUFFER: IB_BASE_LO, IB_BASE_HI, IB_SIZE (bits 0..19, in
; words). The next packets come from the buffer; when it is used up the
; queue hands the firmware an IN_IB_END packet. An empty buffer is
; skipped; one past the deepest level is a fatal error, as in vendor
; firmware.
HANDLER(CP_INDIRECT_BUFFER)
	READ_ADDR64($02, $03)
	EXTRACT_BITS($04, $data, 0, 19)
	SKIP_PAYLOAD()
	IF_NE($04, 0)
		IF_GE(G_LEVEL, MAX_IB_LEVEL)
			jump #fatal_error
			nop
		ENDIF()
		shl $05, G_LEVEL, 0x2           ; IBn_BASE of the next level
		cwrite $02, [$05 + @IB1_BASE]
		cwrite $03, [$05 + @IB1_BASE+0x1]
		cwrite $04, [$05 + @IB1_DWORDS]
		add G_LEVEL, G_LEVEL, 0x1
		cwrite G_LEVEL, [$00 + @IB_LEVEL]
	ENDIF()
END_HANDLER()

; A command stream the firmware cannot go on with: raise the CP's error
; (what vendor firmware writes to control register 0x064 before it stops)
; and stop for good; the kernel sees the error and resets the GPU.
fatal_error:
	mov $02, 0x1
	cwrite $02, [$00 + CP_FATAL_ERROR_CTRL]
fatal_stop:
	jump #fatal_stop
	nop

; IN_IB_END: made up by the queue when a buffer runs out; back to the
; level the buffer was called from.
HANDLER(IN_IB_END)
	IF_NE(G_LEVEL, 0)
		sub G_LEVEL, G_LEVEL, 0x1
	ENDIF()
	cwrite G_LEVEL, [$00 + @IB_LEVEL]
END_HANDLER()

; CP_SET_MARKER: MODE (bits 0..8). With bit 8 clear the low four bits are
; the render mode (RM6_*), which CP_COND_REG_EXEC and draw states test;
; with it set they are kernel requests (IFPC) this firmware ignores.
HANDLER(CP_SET_MARKER)
	mov $02, $data
	SKIP_PAYLOAD()
	IF_BIT_CLEAR($02, 8)
		and G_MODE, $02, 0xf
	ENDIF()
END_HANDLER()

; CP_SET_DRAW_STATE: groups of three words, a header (COUNT 0..15, DIRTY
; 16, DISABLE 17, DISABLE_ALL_GROUPS 18, LOAD_IMMED 19, GROUP_ID 24..28)
; and the group's 64-bit address. (sds2) stores a header and its address
; in the draw-state RAM in one instruction, and (rep) does every group;
; the groups run later, with the draws.
HANDLER(CP_SET_DRAW_STATE)
	(rep)(sds2)cwrite $data, [$00 + @DRAW_STATE_SET_HDR]
END_HANDLER()
