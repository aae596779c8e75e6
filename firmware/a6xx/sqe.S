/* The SDK's open SQE firmware for a6xx (one image: build/firmware/a6xx/sqe.fw).
 *
 * The image starts with two header words: the firmware id, and a NOP
 * whose payload is the packet table's address, which ld/a6xx-sqe.ld
 * places after the code and names __packet_table. The bootstrap follows;
 * the handlers are firmware/common/*-handlers.S and the a6xx-specific
 * ones at the end (events.S: events and draws; binning.S). */
#define FW_GEN 6
#define TABLE_WORD 1
#include "../common/fw.h"

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
; (later a6xx firmware uses the WAIT_FOR_IDLE pipe register), counted as
; a pending wait that the WFI_PEND_DECR pipe register hands down the
; pipeline, as a630 firmware does.
HANDLER(CP_WAIT_FOR_IDLE)
	cwrite $00, [$00 + @WFI_PEND_INCR]
	WRITE_REG(RBBM_WAIT_FOR_GPU_IDLE_CMD, 0x1)
	mov $addr, |WFI_PEND_DECR << 24
END_HANDLER()

#include "events.S"
#include "binning.S"
