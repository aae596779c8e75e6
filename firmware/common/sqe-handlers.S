/* Packet handlers of the a6xx SQE and the a7xx BR only, included after
 * cp-handlers.S: those of the front end (conditions, render modes,
 * indirect buffers), which the a5xx PFP has too, and draw states. */
#include "cond-handlers.S"
#include "ib-handlers.S"

; CP_SET_DRAW_STATE: groups of three words, a header (COUNT 0..15, DIRTY
; 16, DISABLE 17, DISABLE_ALL_GROUPS 18, LOAD_IMMED 19, GROUP_ID 24..28)
; and the group's 64-bit address. (sds2) stores a header and its address
; in the draw-state RAM in one instruction, and (rep) does every group;
; the groups run later, with the draws.
HANDLER(CP_SET_DRAW_STATE)
	(rep)(sds2)cwrite $data, [$00 + @DRAW_STATE_SET_HDR]
END_HANDLER()
