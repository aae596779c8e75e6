/* Binning packets of the a7xx BR (cpp-included by sqe.S, after
 * thread-control.S), with the writes gen70500's BR makes for them.
 * The streams' bases that CP_SET_PSEUDO_REG sets (ids 8-12) are kept
 * where gen70500 keeps them, in control registers BIN_BASES + 2 * (id -
 * 8), 64-bit each: the draw stream, the address of its size, the
 * primitive stream, and two more turnip does not name (their registers
 * SP_UNKNOWN_0CE2/0CE6). */
#define BIN_BASES 0x1a0

; vsc_stream_write: $03:$04 to the VSC register of pseudo register $02
; (8-12).
SUBROUTINE(vsc_stream_write)
	SWITCH($02)
	CASE(8)
		mov $addr, VSC_DRAW_STRM_ADDRESS
	CASE(9)
		mov $addr, VSC_DRAW_STRM_SIZE_ADDRESS
	CASE(10)
		mov $addr, VSC_PRIM_STRM_ADDRESS
	CASE(11)
		mov $addr, SP_UNKNOWN_0CE2
	DEFAULT()
		mov $addr, SP_UNKNOWN_0CE6
	ENDSWITCH()
	mov $data, $03
	mov $data, $04
END_SUBROUTINE()

; CP_SET_PSEUDO_REG: (id, 64-bit value) triples, of whose high words
; gen70500 keeps 17 bits. Ids 8-12 are kept, and while concurrent
; binning is off they go to their VSC registers too, as gen70500 does.
; Ids 0-4 (the kernel's SMMU and preemption records, state this firmware
; does not keep; docs/firmware.md, "Not done") end the packet in an IB,
; as in gen70500; the others are passed over.
; gen70500's BV (FW_BV) sends ids 8-12 to their VSC registers whatever
; the binning state and keeps none (BR keeps them for
; CP_SET_BIN_DATA5_OFFSET); of the others it keeps id 1, the preemption
; record, at PREEMPT_RECORD (where gen70500's BV does), for
; flag_preempt_record, and passes the rest over.
#define PREEMPT_RECORD 0x10e
HANDLER(CP_SET_PSEUDO_REG)
	LOOP_REM()
		and $02, $data, 0x1f
		mov $03, $data
		EXTRACT_BITS($04, $data, 0, 16)
		sub $05, $02, 0x8
#ifdef FW_BV
		IF_LE($05, 4, $06)
			CALL(vsc_stream_write)
		ENDIF()
		IF_EQ($02, 1)
			cwrite $03, [$00 + PREEMPT_RECORD]
			cwrite $04, [$00 + PREEMPT_RECORD + 0x1]
		ENDIF()
#else
		IF_GT($05, 4, $06)
			IF_LT($02, 5, $06)
				IF_NE(G_LEVEL, 0)
					SKIP_PAYLOAD()
				ENDIF()
			ENDIF()
		ELSE()
			shl $05, $05, 0x1
			cwrite $03, [$05 + BIN_BASES]
			cwrite $04, [$05 + BIN_BASES + 0x1]
			READ_REG($06, CONCURRENT_BIN_ON)
			IF_BIT_CLEAR($06, 0)
				CALL(vsc_stream_write)
			ENDIF()
		ENDIF()
#endif
	ENDLOOP()
END_HANDLER()

#ifdef FW_BV
; flag_preempt_record: at the kernel's end-of-IBs marker gen70500's BV
; writes 1 at 0x101c of the preemption record CP_SET_PSEUDO_REG gave it
; (after the flush of @FLUSH_CNTL, which this firmware does not ask
; for); with storex, whose 14-bit offset reaches it (docs/afuc-as.md).
SUBROUTINE(flag_preempt_record)
	cread $02, [$00 + PREEMPT_RECORD]
	cread $03, [$00 + PREEMPT_RECORD + 0x1]
	or $04, $02, $03
	IF_NE($04, 0)
		cwrite $03, [$00 + @LOAD_STORE_HI]
		mov $04, 0x1
		storex $04, [$02 + 0x101c]
	ENDIF()
END_SUBROUTINE()

; CP_SET_BIN_DATA5, CP_SET_BIN_DATA5_OFFSET: BR's, which gives the PC
; its streams; gen70500's BV passes them over.
HANDLER(CP_SET_BIN_DATA5)
	SKIP_PAYLOAD()
END_HANDLER()

HANDLER(CP_SET_BIN_DATA5_OFFSET)
	SKIP_PAYLOAD()
END_HANDLER()
#else
; CP_SET_BIN_DATA5: VSC_SIZE/VSC_N, the bin's draw stream, the address
; of its size, its primitive stream, and (a7xx) two more addresses, all
; 64-bit, of whose high words gen70500 keeps 17 bits: bin_streams.
HANDLER(CP_SET_BIN_DATA5)
	mov $02, $data
	mov $03, $data                  ; draw stream
	EXTRACT_BITS($04, $data, 0, 16)
	mov $05, $data                  ; where the size is
	EXTRACT_BITS($06, $data, 0, 16)
	mov $07, $data                  ; primitive stream
	EXTRACT_BITS($08, $data, 0, 16)
	mov $09, $00
	mov $0a, $00
	mov $0b, $00
	mov $0c, $00
	IF_NE($rem, 0)
		mov $09, $data
		EXTRACT_BITS($0a, $data, 0, 16)
		mov $0b, $data
		EXTRACT_BITS($0c, $data, 0, 16)
	ENDIF()
	SKIP_PAYLOAD()
	CALL(bin_streams)
END_HANDLER()

; BIN_BASE(lo, hi, n): hi:lo = the base at BIN_BASES + n plus lo.
DEFINE_MACRO(BIN_BASE, {
	cread $0d, [$00 + BIN_BASES + $3]
	cread $2, [$00 + BIN_BASES + $3 + 0x1]
	add $1, $0d, $1
	addhi $2, $2, $00
})

; BIN_OPTIONAL(lo, hi, n): hi:lo = the base at BIN_BASES + n with lo
; added to its low word, or 0 when the base is 0.
DEFINE_MACRO(BIN_OPTIONAL, {
	cread $0d, [$00 + BIN_BASES + $3]
	cread $2, [$00 + BIN_BASES + $3 + 0x1]
	or $0e, $0d, $2
	IF_EQ($0e, 0)
		mov $1, $00
	ELSE()
		add $1, $1, $0d
	ENDIF()
})

; CP_SET_BIN_DATA5_OFFSET: as CP_SET_BIN_DATA5, with 32-bit offsets
; from the bases CP_SET_PSEUDO_REG set: 64-bit sums for the draw
; stream, its size and the primitive stream; the two others (optional)
; are added to their base's low word where the base is set, and are 0
; where it is not.
HANDLER(CP_SET_BIN_DATA5_OFFSET)
	mov $02, $data
	mov $03, $data                  ; draw stream
	mov $05, $data                  ; size
	mov $07, $data                  ; primitive stream
	mov $09, $00
	mov $0b, $00
	IF_NE($rem, 0)
		mov $09, $data
		mov $0b, $data
	ENDIF()
	SKIP_PAYLOAD()
	BIN_BASE($03, $04, 0)
	BIN_BASE($05, $06, 2)
	BIN_BASE($07, $08, 4)
	BIN_OPTIONAL($09, $0a, 6)
	BIN_OPTIONAL($0b, $0c, 8)
	CALL(bin_streams)
END_HANDLER()

; bin_streams: $02 the control word, $03:$04 the draw stream, $05:$06
; where its size is, $07:$08 the primitive stream, $09:$0a and $0b:$0c
; the two more, to the PC in gen70500's order: the first of the two
; more (0 unless both are set), control, primitive stream, draw stream,
; then the word at the second (PC register 0x9e02, 0 unless both are
; set) and the size read from memory (0x9e16).
SUBROUTINE(bin_streams)
	mov $0d, $00
	or $0e, $09, $0a
	IF_NE($0e, 0)
		or $0e, $0b, $0c
	ENDIF()
	IF_EQ($0e, 0)
		mov $09, $00
		mov $0a, $00
	ELSE()
		START_MEM_READ($0b, $0c, 1, $0e)
		mov $0d, $memdata
	ENDIF()
	START_MEM_READ($05, $06, 1, $0e)
	WRITE_REG(0x9e0f, $09, $0a, $02, $07, $08, $03, $04)
	WRITE_REG(0x9e02, $0d)
	mov $0e, $memdata
	WRITE_REG(0x9e16, $0e)
	ushr $0e, $0e, 0x2
	VIS_START($0e, $0d)             ; the decoder (../common/vis.S)
END_SUBROUTINE()
#endif
