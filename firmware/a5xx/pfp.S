/* The SDK's open PFP firmware for a5xx (build/firmware/a5xx/pfp.fw).
 *
 * The PFP reads the command stream ahead of the ME and passes each packet
 * on through the queue between them (its $data writes): the header, then
 * the payload. This PFP handles nothing itself: every packet goes to the
 * ME (me.S). Header words as on a6xx (ld/a5xx-pfp.ld). */
#define FW_GEN 5
#include "../common/fw.h"
GPU(a5xx)

[FW_ID_A5XX]
[#__packet_table]

.global bootstrap
bootstrap:
	; the image's address: CP_PFP_INSTR_BASE through the register read
	; queue (the PFP's read registers are unnamed: 0x012 count, 0x013 address)
	mov $02, 0x2
	cwrite $02, [$00 + A5XX_REG_READ_DWORDS]
	mov $02, CP_PFP_INSTR_BASE_LO
	cwrite $02, [$00 + A5XX_REG_READ_ADDR]
	mov $03, $regdata
	mov $04, $regdata
	; word 1: the packet table's offset
	add $05, $03, 0x4
	addhi $06, $04, $00
	mov $02, 0x1
	cwrite $05, [$00 + @MEM_READ_ADDR]
	cwrite $06, [$00 + @MEM_READ_ADDR+0x1]
	cwrite $02, [$00 + @MEM_READ_DWORDS]
	shl $07, $memdata, 0x2
	add $07, $03, $07
	addhi $08, $04, $00
	mov $rem, 0x80
	cwrite $07, [$00 + @MEM_READ_ADDR]
	cwrite $08, [$00 + @MEM_READ_ADDR+0x1]
	cwrite $rem, [$00 + @MEM_READ_DWORDS]
	cwrite $00, [$00 + A5XX_PACKET_TABLE_WRITE_ADDR]
	(rep)cwrite $memdata, [$00 + A5XX_PACKET_TABLE_WRITE]
	NEXT_PACKET()

; Every packet: the header, then the payload, to the ME.
.global __default_handler
__default_handler:
	mov $data, $01
	(rep)mov $data, $data
	NEXT_PACKET()

; CP_NOP needs no ME.
HANDLER(CP_NOP)
	SKIP_PAYLOAD()
END_HANDLER()
