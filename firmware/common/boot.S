/* The start of a bootstrap, as vendor images do it (cpp-included at the
 * processor's first instruction): find the image through its instruction
 * base, read the header word TABLE_WORD (a NOP whose payload is the packet
 * table's offset in words), and copy the 0x80 table entries into the
 * processor with PACKET_TABLE_WRITE. Leaves the image's base in $03:$04
 * and the table's address in $07:$08; sets the firmware's state.
 *
 * INSTR_BASE_FROM_REG: the base is the GPU register CP_SQE_INSTR_BASE
 * (a6xx, a7xx BR); otherwise the control register INSTR_BASE_CTRL (a7xx BV
 * and LPAC). */
#ifdef INSTR_BASE_FROM_REG
	START_REG_READ(CP_SQE_INSTR_BASE, 2, $02)
	mov $03, $regdata
	mov $04, $regdata
#else
	cread $03, [$00 + INSTR_BASE_CTRL]
	cread $04, [$00 + INSTR_BASE_CTRL+0x1]
#endif
	add $05, $03, TABLE_WORD * 4
	addhi $06, $04, $00
	START_MEM_READ($05, $06, 1, $02)
	shl $07, $memdata, 0x8          ; drop the NOP byte,
	ushr $07, $07, 0x6              ; payload * 4 = the table's byte offset
	add $07, $03, $07
	addhi $08, $04, $00
	mov $rem, 0x80
	START_MEM_READ($07, $08, $rem)
	cwrite $00, [$00 + @PACKET_TABLE_WRITE_ADDR]
	(rep)cwrite $memdata, [$00 + @PACKET_TABLE_WRITE]
#ifdef INSTR_BASE_FROM_REG
	; the SQE (a7xx BR) is up: bit 2 of CP_CP2GMU_STATUS, which a630
	; and gen70500 set at boot (CP_SET_MARKER's IFPC bit is bit 0)
	mov $02, 0x1 << 2
	WRITE_REG_DIRECT(CP_CP2GMU_STATUS, $02, $03)
#endif
	mov G_LEVEL, 0x0
	mov G_MODE, G_MODE_GMEM
	mov G_PRED, 0x0
	mov G_SEQ, 0x0
#if FW_GEN >= 6
	mov G_FLAGS, 0x0
#endif
#if FW_GEN == 6
	mov G_SEQ2D, 0x0
#endif
