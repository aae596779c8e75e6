/* Draws and blits of the a7xx BR, as gen70500's BR does them
 * (cpp-included by sqe.S, after events.S and dispatch.S); the draw itself
 * is ../common/draw.S. Left out, as on a6xx: the draw-state groups at
 * draw and dispatch time (the emulator has no draw-state engine to hand
 * them over; docs/firmware.md). */
#include "../common/draw.S"

#define EV_BLIT_OP_SCALE_2D 0x2a
#define EV_CONTEXT_DONE_2D 0x2b

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
	EVENT_CMD_WRITE($08)
	or $08, $09, EV_CONTEXT_DONE_2D
	EVENT_CMD_WRITE($08)
	CALL(seq_next)
END_HANDLER()
