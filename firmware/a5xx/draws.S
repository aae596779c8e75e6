/* Draws of the a5xx ME, as a530_pm4 makes them (cpp-included by me.S,
 * after events.S, whose context_done closes each draw). The PC takes
 * draws from a queue of registers (A5XX_DRAW_QUEUE on, unnamed in the
 * register database): one draw per instance, each the initiator with
 * whether more follow (A5XX_DRAW_MORE) or it is the last (A5XX_DRAW_LAST),
 * the instance, the count of indices; then each is started in the
 * current register bank (A5XX_DRAW_CMD_A/_B), and a CONTEXT_DONE
 * follows, as after an event. */
#define A5XX_DRAW_QUEUE 0x0d0b
#define A5XX_DRAW_MORE 0x0200 << 16
#define A5XX_DRAW_LAST 0x0400 << 16
#define A5XX_DRAW_CMD_A 0xe780
#define A5XX_DRAW_CMD_B 0xe3a0

; draw_queue: the draw with initiator $02, $03 instances (at least one)
; of $04 indices, into the PC's queue, one entry per instance. Leaves the
; instance count in $03; clobbers $05-$08.
SUBROUTINE(draw_queue)
	max $03, $03, 0x1
	mov $05, 0x0                    ; the instance
	mov $addr, A5XX_DRAW_QUEUE
	LOOP()
		add $06, $05, 0x1
		mov $07, A5XX_DRAW_MORE
		IF_EQ($06, $03, $08)
			mov $07, A5XX_DRAW_LAST
		ENDIF()
		or $data, $02, $07
		mov $data, $05
		mov $data, $04
		mov $05, $06
		IF_EQ($05, $03, $08)
			BREAK()
		ENDIF()
	ENDLOOP()
END_SUBROUTINE()

; draw_start: each of the $03 queued draws started in the current bank,
; then CONTEXT_DONE.
SUBROUTINE(draw_start)
	LOOP_COUNT($03)
		or $06, G_BANK, A5XX_DRAW_CMD_A
		mov $addr, $06
		mov $data, $00
		or $06, G_BANK, A5XX_DRAW_CMD_B
		mov $addr, $06
		mov $data, $00
	ENDLOOP()
	CALL(context_done)
END_SUBROUTINE()

; CP_DRAW_INDX_OFFSET: the initiator (SOURCE_SELECT in bits 6..7: 0
; DMA, indices from memory), NUM_INSTANCES, NUM_INDICES; with DMA
; FIRST_INDX, INDX_BASE (64-bit) and MAX_INDICES, which go to the PC
; first.
HANDLER(CP_DRAW_INDX_OFFSET)
	mov $02, $data
	mov $03, $data
	mov $04, $data
	EXTRACT_BITS($05, $02, 6, 7)
	IF_EQ($05, 0)
		IF_GE($rem, 4, $0b)
			mov $05, $data          ; FIRST_INDX
			READ_ADDR64($06, $07)
			WRITE_REG(PC_INDEX_BUF_LO, $06, $07, $05, $data)
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
	CALL(draw_queue)
	CALL(draw_start)
END_HANDLER()

; The indirect draws' arguments are read by the PFP (pfp.S), as a530's
; PFP does, and come with the packet it passes on: CP_DRAW_INDIRECT with
; the initiator and VkDrawIndirectCommand (vertices, instances, first
; vertex, first instance), CP_DRAW_INDX_INDIRECT with the initiator, the
; index buffer (64-bit) and its size, and VkDrawIndexedIndirectCommand
; (indices, instances, first index, vertex offset, first instance).

; indirect_draw: with the initiator in $02, the count in $04 and the
; instances in $03 queued; the last two words (first vertex or vertex
; offset, first instance) to VFD_INDEX_OFFSET and
; VFD_INSTANCE_START_OFFSET of the current bank; then the draws start.
SUBROUTINE(indirect_draw)
	mov $0c, $data
	mov $0d, $data
	CALL(draw_queue)
	or $06, G_BANK, VFD_INDEX_OFFSET
	mov $addr, $06
	mov $data, $0c
	mov $data, $0d
	CALL(draw_start)
END_SUBROUTINE()

HANDLER(CP_DRAW_INDIRECT)
	mov $02, $data
	mov $04, $data
	mov $03, $data
	CALL(indirect_draw)
END_HANDLER()

HANDLER(CP_DRAW_INDX_INDIRECT)
	mov $02, $data
	READ_ADDR64($06, $07)
	mov $08, $data                  ; the size
	mov $04, $data
	mov $03, $data
	WRITE_REG(PC_INDEX_BUF_LO, $06, $07, $data, $08)
	CALL(indirect_draw)
END_HANDLER()
