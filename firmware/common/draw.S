/* Draws of the a6xx SQE and the a7xx BR, as a630's and gen70500's do
 * them, numbered as seq.S numbers events (cpp-included by a6xx/events.S
 * and a7xx/draws.S, after seq.S and dispatch.S, whose CP_LOAD_STATE6
 * registers the draw parameters go through). */

; draw: the draw with initiator $02, $03 instances of $04 indices: the
; PC registers, then the draw down the pipeline (EVENT_CMD 2: a draw)
; with its number. a630 and gen70500 leave bits 9, 15 and 20.. of the
; initiator out. In sysmem (RM6_BYPASS) a630 first closes the context
; with a numbered CONTEXT_DONE alone (EVENT_CMD 0). A draw predicated
; off (PRED_OFF, fw.h) never gets here on a6xx (DRAW_PREDICATION): a630
; drops it; gen70500 draws it with bit 14 of the initiator set. A draw
; the bin's visibility stream marks invisible (vis_skip, vis.S) is
; dropped, as a630 and gen70500 drop it, and one they draw carries the
; count of the bin's draws so far in bits 24..31.
; Clobbers $05-$09.
SUBROUTINE(draw)
	mov $07, 0x0
	IF_BIT_SET($02, 8)              ; USE_VISIBILITY: ask the decoder
		mov $05, 0x1
		mov $06, 0x1
		CALL(vis_skip)
		IF_NE($06, 0)
			RETURN()
		ENDIF()
	ENDIF()
	shl $07, $07, 0x18              ; the bin's draw count, as a630
	mov $05, 0xf << 16
	or $05, $05, 0x7dff
	and $02, $02, $05
	or $02, $02, $07
#if FW_GEN >= 7
	and $05, G_FLAGS, PRED_OFF
	IF_EQ($05, PRED_OFF)
		or $02, $02, 0x4000
	ENDIF()
#endif
	WRITE_REG(PC_DRAW_INITIATOR, $02, $03, $04)
#if FW_GEN == 6
	IF_BIT_SET(G_MODE, 27)          ; RM6_BYPASS (fw.h)
		WRITE_REG(|EVENT_CMD << 24, 0x0)
		CALL(seq_start)
		CALL(seq_end)
	ENDIF()
#endif
	WRITE_REG(|EVENT_CMD << 24, 0x2)
	CALL(seq_start)
	ushr $08, $09, 0x10
	WRITE_REG(HLSQ_DRAW_CMD, $08)
	WRITE_REG(PC_DRAW_CMD, $08)
	CALL(seq_end)
END_SUBROUTINE()

; DRAW_PREDICATION(): what a draw handler does first about predication.
#if FW_GEN == 6
#define DRAW_PREDICATION() PREDICATED_OFF_SKIP($02)
#else
#define DRAW_PREDICATION()
#endif

; CP_DRAW_INDX_OFFSET (DRAW_INDX_OFFSET_ARGS, fw.h).
HANDLER(CP_DRAW_INDX_OFFSET)
	DRAW_PREDICATION()
	DRAW_INDX_OFFSET_ARGS()
	SKIP_PAYLOAD()
	CALL(draw)
END_HANDLER()

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
	DRAW_PREDICATION()
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
	DRAW_PREDICATION()
	IF_GE($rem, 6, $0b)
		mov $02, $data
		mov $0c, $data
		mov $0d, $data
		EXTRACT_BITS($0d, $0d, 0, 16)
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

/* CP_DRAW_INDIRECT_MULTI's OPCODE (word 1, bits 0..3) */
#define INDIRECT_OP_NORMAL 2
#define INDIRECT_OP_INDEXED 4
#define INDIRECT_OP_INDIRECT_COUNT 6
#define INDIRECT_OP_INDIRECT_COUNT_INDEXED 7
/* the vertex shader's draw parameters, as CP_LOAD_STATE6's first word:
 * ST6_CONSTANTS (14), SB6_VS_SHADER (18..21), one unit (22..) */
#define DRAW_PARAMS_LOAD 0x6040 << 8

; CP_DRAW_INDIRECT_MULTI: the initiator; OPCODE (0..3) and DST_OFF
; (8..21); DRAW_COUNT; with the indexed opcodes the index buffer and its
; size; the arguments' address; with the INDIRECT_COUNT opcodes the
; address of a draw count, which the count is capped at; the stride
; between the arguments. Each draw is as CP_DRAW_INDIRECT's or
; CP_DRAW_INDX_INDIRECT's; with DST_OFF, the draw's number, its first
; vertex (or vertex offset) and first instance are first loaded as a
; vertex shader constant at DST_OFF.
HANDLER(CP_DRAW_INDIRECT_MULTI)
	DRAW_PREDICATION()
	mov $18, $data                  ; the initiator
	mov $0a, $data                  ; OPCODE, DST_OFF
	mov $0b, $data                  ; DRAW_COUNT
	and $0f, $0a, 0xf
	mov $19, 0x0                    ; indexed?
	IF_EQ($0f, INDIRECT_OP_INDEXED)
		mov $19, 0x1
	ENDIF()
	IF_EQ($0f, INDIRECT_OP_INDIRECT_COUNT_INDEXED, $02)
		mov $19, 0x1
	ENDIF()
	IF_NE($19, 0)
		READ_ADDR64($0c, $0d)
		mov $0e, $data          ; MAX_INDICES
	ENDIF()
	READ_ADDR64($10, $11)           ; the arguments
	IF_GE($0f, INDIRECT_OP_INDIRECT_COUNT, $02)
		READ_ADDR64($05, $06)
		START_MEM_READ($05, $06, 1, $07)
		min $0b, $0b, $memdata
	ENDIF()
	mov $0f, $data                  ; the stride
	SKIP_PAYLOAD()
	EXTRACT_BITS($0a, $0a, 8, 21)
	mov $1a, 0x0                    ; the draw's number
	LOOP_COUNT($0b)
		IF_NE($19, 0)
			START_MEM_READ($10, $11, 5, $07)
			mov $04, $memdata
			mov $03, $memdata
			WRITE_REG(PC_DRAW_INDX_BASE, $0c, $0d, $memdata, $0e)
		ELSE()
			START_MEM_READ($10, $11, 4, $07)
			mov $04, $memdata
			mov $03, $memdata
		ENDIF()
		mov $05, $memdata
		mov $06, $memdata
		WRITE_REG(VFD_INDEX_OFFSET, $05, $06)
		IF_NE($0a, 0)
			mov $07, DRAW_PARAMS_LOAD
			or $07, $07, $0a
			WRITE_REG(LOAD_STATE_GEOM_CMD, $07)
			mov $07, FIXED_ADDR
			or $addr, $07, LOAD_STATE_GEOM_DATA
			mov $data, $1a
			mov $data, $05
			mov $data, $06
			mov $data, $00
		ENDIF()
		mov $02, $18
		CALL(draw)
		add $10, $10, $0f
		addhi $11, $11, $00
		add $1a, $1a, 0x1
	ENDLOOP()
END_HANDLER()

; CP_DRAW_AUTO: a draw of what transform feedback wrote: the initiator,
; the instances, the address of the byte count, an offset into it and
; the stride, which goes to PC register 0x9e0a (unnamed in the register
; database). The draw's count is the byte count less the offset: a630
; takes the offset in words, gen70500 in bytes and counts words.
#define PC_DRAW_AUTO_STRIDE 0x9e0a
HANDLER(CP_DRAW_AUTO)
	DRAW_PREDICATION()
	IF_GE($rem, 6, $0b)
		mov $02, $data
		mov $03, $data
		READ_ADDR64($05, $06)
		mov $07, $data                  ; the offset
		START_MEM_READ($05, $06, 1, $08)
		mov $04, $memdata
#if FW_GEN == 6
		ushr $07, $07, 0x2
		sub $04, $04, $07
#else
		sub $04, $04, $07
		ushr $04, $04, 0x2
#endif
		WRITE_REG(PC_DRAW_AUTO_STRIDE, $data)
		CALL(draw)
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()

; CP_SET_SUBDRAW_SIZE: to PC register 0x9e0e (unnamed in the register
; database).
#define PC_SUBDRAW_SIZE 0x9e0e
HANDLER(CP_SET_SUBDRAW_SIZE)
	mov $02, $data
	SKIP_PAYLOAD()
	WRITE_REG(PC_SUBDRAW_SIZE, $02)
END_HANDLER()
