/* Binning and register packets of the a6xx SQE (cpp-included by sqe.S),
 * with the writes a630 firmware makes for them; the visibility stream's
 * use is ../common/vis.S. */

; CP_SET_BIN_DATA5: VSC_SIZE/VSC_N, the bin's draw stream (64-bit), the
; address of its size (64-bit), its primitive stream (64-bit). The PC
; registers get them in this order: control, primitive stream, draw
; stream, then the size itself, read from memory (PC register 0x9e16,
; unnamed in the register database): bin_streams.
HANDLER(CP_SET_BIN_DATA5)
	mov $02, $data
	READ_ADDR64($03, $04)           ; draw stream
	READ_ADDR64($05, $06)           ; where the size is
	READ_ADDR64($07, $08)           ; primitive stream
	SKIP_PAYLOAD()
	CALL(bin_streams)
END_HANDLER()

; CP_SET_BIN_DATA5_OFFSET: as CP_SET_BIN_DATA5, with offsets (32-bit)
; from the streams' bases in the VSC registers: a630 adds each to the
; low word of its base and takes the high word as it is.
HANDLER(CP_SET_BIN_DATA5_OFFSET)
	mov $02, $data
	mov $03, $data                  ; draw stream
	mov $05, $data                  ; size
	mov $07, $data                  ; primitive stream
	SKIP_PAYLOAD()
	START_REG_READ(VSC_DRAW_STRM_ADDRESS, 2, $09)
	add $03, $03, $regdata
	mov $04, $regdata
	START_REG_READ(VSC_PRIM_STRM_ADDRESS, 2, $09)
	add $07, $07, $regdata
	mov $08, $regdata
	START_REG_READ(VSC_DRAW_STRM_SIZE_ADDRESS, 2, $09)
	add $05, $05, $regdata
	mov $06, $regdata
	CALL(bin_streams)
END_HANDLER()

; bin_streams: $02 the control word, $03:$04 the draw stream, $05:$06
; where its size is, $07:$08 the primitive stream, to the PC.
; The draw stream is also the visibility stream the CP's decoder reads
; (docs/emu-api.md, "Hardware binning"): VIS_START (vis.S).
SUBROUTINE(bin_streams)
	START_MEM_READ($05, $06, 1, $09)
	mov $09, $memdata
	WRITE_REG(PC_VSTREAM_CONTROL, $02, $07, $08, $03, $04, $09)
	ushr $09, $09, 0x2
	VIS_START($09, $0a)
END_SUBROUTINE()

; CP_SET_VISIBILITY_OVERRIDE: bit 0 to PC_VISIBILITY_OVERRIDE (1: draw
; every primitive, whatever the binning pass found; vis.S).
HANDLER(CP_SET_VISIBILITY_OVERRIDE)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	WRITE_REG_DIRECT(PC_VISIBILITY_OVERRIDE, $02, $11)
	SET_FLAG_BIT($02, VIS_OVERRIDE_BIT, $03)
END_HANDLER()
