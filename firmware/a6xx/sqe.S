/* The SDK's open SQE firmware for a6xx (one image: build/firmware/a6xx/sqe.fw).
 *
 * The image starts with two header words: the firmware id, and a NOP
 * whose payload is the packet table's address, which ld/a6xx-sqe.ld
 * places after the code and names __packet_table. The bootstrap follows;
 * the handlers are firmware/common/*-handlers.S and the a6xx-specific
 * ones at the end. */
#define FW_GEN 6
#define TABLE_WORD 1
#include "../common/fw.h"
GPU(a6xx)

[FW_ID_A6XX]
[#__packet_table]

.global bootstrap
bootstrap:
#define INSTR_BASE_FROM_REG
#include "../common/boot.S"
	NEXT_PACKET()

#include "../common/cp-handlers.S"
#include "../common/sqe-handlers.S"

; CP_WAIT_FOR_IDLE: a630-era GPUs wait for idle through this register
; (later a6xx firmware uses the WAIT_FOR_IDLE pipe register).
HANDLER(CP_WAIT_FOR_IDLE)
	SKIP_PAYLOAD()
	WRITE_REG(RBBM_WAIT_FOR_GPU_IDLE_CMD, 0x1)
END_HANDLER()

; CP_EVENT_WRITE: EVENT (bits 0..7), TIMESTAMP (30), IRQ (31); for the
; events that write something, ADDR_LO, ADDR_HI and the value. The event
; goes down the pipeline in the documented sequence (EVENT_CMD, then
; CP_EVENT_START, HLSQ_EVENT_CMD, PC_EVENT_CMD, CP_EVENT_END); a write
; rides along as the EVENT_TS_* pipe registers, which the CP turns into
; a memory write once the event is done.
HANDLER(CP_EVENT_WRITE)
	mov $02, $data
	and $03, $02, 0xff
	mov $07, 0x1                    ; EVENT_CMD: EVENT_TYPE = EVENT
	IF_GE($rem, 2)
		READ_ADDR64($04, $05)
		mov $06, 0x0
		IF_NE($rem, 0)
			mov $06, $data
		ENDIF()
		ushr $08, $02, 29               ; TIMESTAMP, IRQ -> EVENT_TS_CTRL bits 1, 2
		and $08, $08, 0x6
		mov $addr, |EVENT_TS_ADDR << 24
		mov $data, $04
		mov $data, $05
		mov $data, $08                  ; EVENT_TS_CTRL
		mov $data, $06                  ; EVENT_TS_DATA
		or $07, $07, 0x4                ; EVENT_CMD.TS_WRITE
	ENDIF()
	SKIP_PAYLOAD()
	FIRE_EVENT($07, $03)
END_HANDLER()
