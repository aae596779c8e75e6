/* Packet handlers of the a6xx SQE and the a7xx BR only, included after
 * cp-handlers.S: those of the front end (conditions, render modes,
 * indirect buffers), which the a5xx PFP has too, and draw states. */
#include "cond-handlers.S"
#include "ib-handlers.S"

; The end of CP_EVENT_WRITE, the same on a6xx and a7xx: the event command
; ($1, with its flags) to the EVENT_CMD pipe register, and the event ($2)
; to HLSQ and PC between CP_EVENT_START and CP_EVENT_END.
DEFINE_MACRO(FIRE_EVENT, {
	mov $addr, |EVENT_CMD << 24
	mov $data, $1
	WRITE_REG(CP_EVENT_START, 0x0)
	WRITE_REG(HLSQ_EVENT_CMD, $2)
	WRITE_REG(PC_EVENT_CMD, $2)
	WRITE_REG(CP_EVENT_END, 0x0)
})

; CP_SET_DRAW_STATE: groups of three words, a header (COUNT 0..15, DIRTY
; 16, DISABLE 17, DISABLE_ALL_GROUPS 18, LOAD_IMMED 19, GROUP_ID 24..28)
; and the group's 64-bit address. (sds2) stores a header and its address
; in the draw-state RAM in one instruction, and (rep) does every group;
; the groups run later, with the draws.
HANDLER(CP_SET_DRAW_STATE)
	(rep)(sds2)cwrite $data, [$00 + @DRAW_STATE_SET_HDR]
END_HANDLER()
