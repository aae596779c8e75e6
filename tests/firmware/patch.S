/* What tests/firmware/patch.sh links onto vendor images with afuc-ld
 * --base: a new packet on an opcode the vendor firmware does not use,
 * and a replacement for one of its own packets. PATCH_GPU comes from
 * afuc-as -D. */
GPU(PATCH_GPU)

; UNKN123 ADDR_LO ADDR_HI A B: writes A + B, then A - B.
HANDLER(UNKN123)
	READ_ADDR64($02, $03)
	mov $04, $data
	mov $05, $data
	add $06, $04, $05
	sub $07, $04, $05
	MEM_WRITE($02, $03, $06, $07)
END_HANDLER()

; CP_MEM_WRITE, as the SDK's firmware does it, counting its packets in a
; scratch control register of the spill area (one the vendor firmware
; leaves alone) so that a test can tell it ran.
HANDLER(CP_MEM_WRITE)
	RESTORE(7, $04)
	add $04, $04, 0x1
	SPILL(7, $04)
	READ_ADDR64($02, $03)
	SET_NRT_ADDR($02, $03)
	NRT_SELECT_DATA()
	(rep)(xmov1)mov $data, $data
END_HANDLER()
