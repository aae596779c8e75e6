/* Draws and blits of the a7xx BR, as gen70500's BR does them
 * (cpp-included by sqe.S, after events.S and ../common/dispatch.S); the
 * draws are ../common/draw.S. Left out, as on a6xx: the draw-state groups at
 * draw and dispatch time (the emulator has no draw-state engine to hand
 * them over; docs/firmware.md). */
#include "../common/draw.S"

; CP_SET_VISIBILITY_OVERRIDE: bit 0 to PC_VISIBILITY_OVERRIDE (and to
; the visibility flags, ../common/vis.S).
HANDLER(CP_SET_VISIBILITY_OVERRIDE)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	WRITE_REG(PC_VISIBILITY_OVERRIDE, $02)
	SET_FLAG_BIT($02, VIS_OVERRIDE_BIT, $03)
END_HANDLER()

; CP_BLIT: gen70500 sends a 2D scale blit (BLIT_OP_SCALE_2D, EVENT_CMD
; 4) whatever the packet's operation, closed by CONTEXT_DONE_2D rather
; than CONTEXT_DONE; the blit's registers are written before it.
HANDLER(CP_BLIT)
	SKIP_PAYLOAD()
	WRITE_REG(|EVENT_CMD << 24, 0x4)
	CALL(seq_start)
	or $08, $09, EV(BLIT_OP_SCALE_2D)
	EVENT_CMD_WRITE($08)
	or $08, $09, EV(CONTEXT_DONE_2D)
	EVENT_CMD_WRITE($08)
	CALL(seq_next)
END_HANDLER()
