/* Draws, dispatches, blits and state loads of the a7xx BR, as gen70500's
 * BR does them (cpp-included by sqe.S, after events.S); the draw itself
 * is ../common/draw.S. Left out, as on a6xx: the draw-state groups at
 * draw and dispatch time (the emulator has no draw-state engine to hand
 * them over; docs/firmware.md). */
#include "../common/draw.S"

#define EV_BLIT_OP_SCALE_2D 0x2a
#define EV_CONTEXT_DONE_2D 0x2b

/* CP_LOAD_STATE6's registers, unnamed in the register database: the
 * packet's first word goes to ..._CMD (after the state's address, when
 * it is in memory, to the two registers above it), inline state to
 * ..._DATA, all of it to the one register. */
#define LOAD_STATE_FRAG_CMD 0xa9fa
#define LOAD_STATE_FRAG_DATA 0xa9fe
#define LOAD_STATE_GEOM_CMD 0xa828
#define LOAD_STATE_GEOM_DATA 0xa82c

; CP_EXEC_CS: a word the BR does not use, then NGROUPS_X, _Y, _Z to
; HLSQ_CS_KERNEL_GROUP_X.._Z; the dispatch (EVENT_CMD 3) with its number.
HANDLER(CP_EXEC_CS)
	IF_GE($rem, 4, $0b)
		mov $00, $data
		mov $addr, HLSQ_CS_KERNEL_GROUP_X
		mov $data, $data
		mov $data, $data
		mov $data, $data
	ENDIF()
	SKIP_PAYLOAD()
	CALL(dispatch)
END_HANDLER()

; dispatch: the dispatch (EVENT_CMD 3) with its number.
SUBROUTINE(dispatch)
	WRITE_REG(|EVENT_CMD << 24, 0x3)
	CALL(seq_start)
	ushr $08, $09, 0x10
	WRITE_REG(HLSQ_DISPATCH_CMD, $08)
	WRITE_REG(PC_DISPATCH_CMD, $08)
	CALL(seq_end)
END_SUBROUTINE()

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

; mul16: $04 = $02 * $03, both below 0x10000, from 8-bit products.
SUBROUTINE(mul16)
	ushr $05, $02, 0x8
	ushr $06, $03, 0x8
	mul8 $04, $02, $03              ; low * low
	mul8 $07, $05, $03              ; high * low
	mul8 $08, $02, $06              ; low * high
	add $07, $07, $08
	shl $07, $07, 0x8
	add $04, $04, $07
	mul8 $07, $05, $06              ; high * high
	shl $07, $07, 0x10
	add $04, $04, $07
END_SUBROUTINE()

; CP_EXEC_CS_INDIRECT: a word the BR does not use, the address of the
; group counts (x, y, z) and the local size (LOCALSIZEX, Y, Z in bits
; 2..11, 12..21, 22..31, each one less than the size). No dispatch when
; a count is 0; else HLSQ_CS_NDRANGE_1, 3, 5 get the global sizes (2, 4
; and 6 their offsets, 0), the counts go to HLSQ_CS_KERNEL_GROUP_X.._Z,
; and the dispatch follows as for CP_EXEC_CS.
HANDLER(CP_EXEC_CS_INDIRECT)
	IF_GE($rem, 4, $0b)
		mov $00, $data
		READ_ADDR64($05, $06)
		mov $0a, $data                  ; the local size
		START_MEM_READ($05, $06, 3, $07)
		mov $0c, $memdata
		mov $0d, $memdata
		mov $0e, $memdata
		IF_NE($0c, 0)
			IF_NE($0d, 0)
				IF_NE($0e, 0)
					CALL(dispatch_indirect)
				ENDIF()
			ENDIF()
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()

; global_size: with $02 = a LOCALSIZE field, $03 = its group count,
; writes (LOCALSIZE + 1) * count and 0 to the next two NDRANGE registers.
SUBROUTINE(global_size)
	and $02, $02, 0x3ff
	add $02, $02, 0x1
	CALL(mul16)
	mov $data, $04
	mov $data, $00
END_SUBROUTINE()

; dispatch_indirect: $0a the local sizes, $0c-$0e the group counts.
SUBROUTINE(dispatch_indirect)
	mov $addr, HLSQ_CS_NDRANGE_1
	ushr $02, $0a, 0x2
	mov $03, $0c
	CALL(global_size)
	ushr $02, $0a, 0xc
	mov $03, $0d
	CALL(global_size)
	ushr $02, $0a, 0x16
	mov $03, $0e
	CALL(global_size)
	WRITE_REG(HLSQ_CS_KERNEL_GROUP_X, $0c, $0d, $0e)
	CALL(dispatch)
END_SUBROUTINE()

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
	WRITE_REG(HLSQ_EVENT_CMD, $08)
	WRITE_REG(PC_EVENT_CMD, $08)
	or $08, $09, EV_CONTEXT_DONE_2D
	WRITE_REG(HLSQ_EVENT_CMD, $08)
	WRITE_REG(PC_EVENT_CMD, $08)
	CALL(seq_next)
END_HANDLER()

; CP_LOAD_STATE6_FRAG and _GEOM: the first word (STATE_SRC in bits
; 16..17: 0 inline, else from memory) and the state's 64-bit address;
; inline state follows.
HANDLER(CP_LOAD_STATE6_FRAG)
	mov $06, LOAD_STATE_FRAG_CMD
	mov $07, LOAD_STATE_FRAG_DATA
	CALL(load_state6)
END_HANDLER()

HANDLER(CP_LOAD_STATE6_GEOM)
	mov $06, LOAD_STATE_GEOM_CMD
	mov $07, LOAD_STATE_GEOM_DATA
	CALL(load_state6)
END_HANDLER()

; load_state6: $06 the command register, $07 the data register.
SUBROUTINE(load_state6)
	IF_GE($rem, 3, $0b)
		mov $03, $data
		EXTRACT_BITS($05, $03, 16, 17)
		IF_NE($05, 0)
			add $addr, $06, 0x1
			mov $data, $data
			ubfx $data, $data, b0, b16
			WRITE_REG($06, $03)
		ELSE()
			WRITE_REG($06, $03)
			mov $00, $data
			mov $00, $data
			mov $04, 0x1 << 18      ; every word to the one register
			or $addr, $04, $07
			(rep)mov $data, $data
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
END_SUBROUTINE()
