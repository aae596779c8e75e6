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

; CP_DRAW_INDX_OFFSET (DRAW_INDX_OFFSET_ARGS, fw.h).
HANDLER(CP_DRAW_INDX_OFFSET)
	DRAW_INDX_OFFSET_ARGS()
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

/* The 2D engine's registers, in two banks as the 3D ones (the second
 * A5XX_2D_BANK_SIZE above; unnamed in the register database): the 2D
 * event (two units), the rectangles (one register, written again and
 * again, the last word marked with bit 31), and the bank that comes next
 * (A5XX_2D_BANK_SWITCH: bit 16 the upper, bit 0 the lower). */
#define A5XX_2D_EVENT_A 0x2080
#define A5XX_2D_EVENT_B 0x20c0
#define A5XX_2D_RECT 0x2190
#define A5XX_2D_BANK_SWITCH 0x028
#define A5XX_2D_BANK_SIZE 0x400
#define A5XX_RECT_LAST 0x8000 << 16

; event_2d: the 2D event $03 to both units of the current 2D bank.
; Clobbers $06.
SUBROUTINE(event_2d)
	or $06, G_BANK2D, A5XX_2D_EVENT_A
	mov $addr, $06
	mov $data, $03
	or $06, G_BANK2D, A5XX_2D_EVENT_B
	mov $addr, $06
	mov $data, $03
END_SUBROUTINE()

; CP_BLIT: the operation, the source's and the destination's corners;
; a530_pm4 sends a 2D scale blit (BLIT_OP_SCALE_2D) whatever the
; operation, the four corners to the rectangle register, closes it with
; CONTEXT_DONE_2D and moves to the other 2D bank.
HANDLER(CP_BLIT)
	mov $00, $data
	mov $03, EV(BLIT_OP_SCALE_2D)
	CALL(event_2d)
	or $06, G_BANK2D, A5XX_2D_RECT
	mov $07, FIXED_ADDR
	or $addr, $06, $07
	mov $data, $data
	mov $data, $data
	mov $data, $data
	mov $07, A5XX_RECT_LAST
	or $data, $data, $07
	SKIP_PAYLOAD()
	mov $03, EV(CONTEXT_DONE_2D)
	CALL(event_2d)
	xor G_BANK2D, G_BANK2D, A5XX_2D_BANK_SIZE
	mov $07, 0x1
	IF_NE(G_BANK2D, 0)
		shl $07, $07, 0x10
	ENDIF()
	WRITE_REG(A5XX_2D_BANK_SWITCH, $07)
END_HANDLER()

/* CP_SET_BIN_DATA5 as the PFP passes it on: VSC_SIZE/VSC_N, the bin's
 * data (64-bit), its size (read by the PFP). They go to the VSC's
 * registers (A5XX_BIN_DATA) and to those of the current bank (the
 * control word to A5XX_BIN_DATA_CTX + 3 first, then the data's address
 * and the size from A5XX_BIN_DATA_CTX), unnamed in the register
 * database; then the count of pending waits is cleared, as a530_pm4
 * does. */
#define A5XX_BIN_DATA 0x0b25
#define A5XX_BIN_DATA_CTX 0xe380
HANDLER(CP_SET_BIN_DATA5)
	mov $02, $data
	mov $03, $data
	mov $04, $data
	mov $05, $data
	WRITE_REG(A5XX_BIN_DATA, $02, $03, $04, $05)
	or $06, G_BANK, A5XX_BIN_DATA_CTX + 0x3
	mov $addr, $06
	mov $data, $02
	sub $addr, $06, 0x3
	mov $data, $03
	mov $data, $04
	mov $data, $05
	WRITE_REG(CP_WFI_PEND_CTR, 0x0)
END_HANDLER()
