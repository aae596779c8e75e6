/* Dispatches and state loads of the a6xx SQE and the a7xx BR and LPAC,
 * as a630's and gen70500's do them (cpp-included by a6xx/events.S and
 * a7xx/sqe.S after seq.S, in each processor's section that runs them).
 * a7xx LPAC, which drives the compute pipeline only (FW_COMPUTE_ONLY),
 * sends its dispatches to the HLSQ alone. */
#ifndef FW_COMMON_DISPATCH_S_REGS
#define FW_COMMON_DISPATCH_S_REGS
; PREDICATED_OFF_SKIP(tmp): ends the packet, its payload dropped, when
; draw predication has it off (PRED_OFF, fw.h), as a630 does for draws
; and dispatches and gen70500 for dispatches.
DEFINE_MACRO(PREDICATED_OFF_SKIP, {
	and $1, G_FLAGS, PRED_OFF
	IF_EQ($1, PRED_OFF)
		SKIP_PAYLOAD()
		NEXT_PACKET()
	ENDIF()
})

/* CP_LOAD_STATE6's registers: the packet's first word goes to ..._CMD
 * (after the state's address, when it is in memory, to the two registers
 * above it), inline state to ..._DATA, all of it to the one register.
 * gen70500 has them elsewhere than a6xx, unnamed in the register
 * database (whose a7xx names are a6xx's places). */
#if FW_GEN == 6
#define LOAD_STATE_FRAG_CMD HLSQ_LOAD_STATE_FRAG_CMD
#define LOAD_STATE_FRAG_DATA HLSQ_LOAD_STATE_FRAG_DATA
#define LOAD_STATE_GEOM_CMD HLSQ_LOAD_STATE_GEOM_CMD
#define LOAD_STATE_GEOM_DATA HLSQ_LOAD_STATE_GEOM_DATA
#else
#define LOAD_STATE_FRAG_CMD 0xa9fa
#define LOAD_STATE_FRAG_DATA 0xa9fe
#define LOAD_STATE_GEOM_CMD 0xa828
#define LOAD_STATE_GEOM_DATA 0xa82c
#endif
#endif

; CP_EXEC_CS: a word not used here, then NGROUPS_X, _Y, _Z to
; HLSQ_CS_KERNEL_GROUP_X.._Z; the dispatch (EVENT_CMD 3) with its number.
HANDLER(CP_EXEC_CS)
	PREDICATED_OFF_SKIP($02)
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
#ifndef FW_COMPUTE_ONLY
	WRITE_REG(PC_DISPATCH_CMD, $08)
#endif
	CALL(seq_end)
END_SUBROUTINE()

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

; CP_EXEC_CS_INDIRECT: a word not used here, the address of the
; group counts (x, y, z) and the local size (LOCALSIZEX, Y, Z in bits
; 2..11, 12..21, 22..31, each one less than the size). No dispatch when
; a count is 0; else HLSQ_CS_NDRANGE_1, 3, 5 get the global sizes (2, 4
; and 6 their offsets, 0), the counts go to HLSQ_CS_KERNEL_GROUP_X.._Z,
; and the dispatch follows as for CP_EXEC_CS.
HANDLER(CP_EXEC_CS_INDIRECT)
	PREDICATED_OFF_SKIP($02)
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

; LOAD_STATE6(CMD, DATA): CP_LOAD_STATE6_FRAG's and _GEOM's work: the
; first word (STATE_SRC in bits 16..17: 0 inline; else from memory, or
; bindless, at the address that follows) to CMD, after the address (to
; the two registers above CMD); or after it, the inline state (past
; two unused words) to DATA, two words a cycle. gen70500 keeps 17 bits
; of the address's high word, a630 all of it.
DEFINE_MACRO(LOAD_STATE6, {
	mov $03, $data
	EXTRACT_BITS($04, $03, 16, 17)
	mov $05, FIXED_ADDR             ; every word to the one register
	IF_NE($04, 0)
		mov $addr, $1 + 0x1
#if FW_GEN == 7
		mov $data, $data
		ubfx $data, $data, b0, b16
#else
		(xmov1)mov $data, $data
#endif
		WRITE_REG($1, $03)
		NEXT_PACKET()
	ENDIF()
	WRITE_REG($1, $03)
	(xmov1)mov $00, $data
	or $addr, $05, $2
	(rep)(xmov1)mov $data, $data
})

; CP_LOAD_STATE6_FRAG and _GEOM (LOAD_STATE6 above).
HANDLER(CP_LOAD_STATE6_FRAG)
	LOAD_STATE6(LOAD_STATE_FRAG_CMD, LOAD_STATE_FRAG_DATA)
END_HANDLER()

HANDLER(CP_LOAD_STATE6_GEOM)
	LOAD_STATE6(LOAD_STATE_GEOM_CMD, LOAD_STATE_GEOM_DATA)
END_HANDLER()

#ifndef FW_COMPUTE_ONLY
; CP_LOAD_STATE6: as CP_LOAD_STATE6_GEOM and _FRAG at once, to both
; (each register of the one, then the same of the other).
HANDLER(CP_LOAD_STATE6)
	mov $03, $data
	EXTRACT_BITS($04, $03, 16, 17)
	IF_NE($04, 0)
		mov $04, $data
		mov $05, $data
#if FW_GEN == 7
		ubfx $05, $05, b0, b16
#endif
		WRITE_REG(LOAD_STATE_GEOM_CMD + 0x1, $04, $05)
		WRITE_REG(LOAD_STATE_GEOM_CMD, $03)
		WRITE_REG(LOAD_STATE_FRAG_CMD + 0x1, $04, $05)
		WRITE_REG(LOAD_STATE_FRAG_CMD, $03)
		NEXT_PACKET()
	ENDIF()
	WRITE_REG(LOAD_STATE_GEOM_CMD, $03)
	WRITE_REG(LOAD_STATE_FRAG_CMD, $03)
	(xmov1)mov $00, $data
	; each word to both (a direct load has at least one; the last
	; write sits in the loop branch's delay slot)
load_state6_word:
	mov $04, $data
	WRITE_REG(LOAD_STATE_GEOM_DATA, $04)
	mov $addr, LOAD_STATE_FRAG_DATA
	brne $rem, 0x0, #load_state6_word
	mov $data, $04
END_HANDLER()
#endif
