/* The SDK's open ME firmware for a5xx (build/firmware/a5xx/me.fw).
 *
 * On a5xx the PFP (pfp.S) reads the command stream, follows indirect
 * buffers and conditions, and passes the packets that run on to the ME,
 * which does the work: register writes through $addr/$data, memory
 * through the CP_ME_NRT_* registers, its scratch registers. Header words
 * as on a6xx (ld/a5xx-me.ld): the firmware id, and a NOP whose payload
 * is the packet table's address. */
#define FW_GEN 5
#include "../common/fw.h"

[FW_ID_A5XX]
[#__packet_table]

.global bootstrap
bootstrap:
	; the image's address: CP_ME_INSTR_BASE, read directly at $addr
	mov $addr, CP_ME_INSTR_BASE_LO
	mov $03, $regdata
	mov $04, $regdata
	; word 1: the packet table's offset (a5xx NOPs have a zero top byte)
	add $05, $03, 0x4
	addhi $06, $04, $00
	START_MEM_READ($05, $06, 0x1)
	shl $07, $memdata, 0x2
	add $07, $03, $07
	addhi $08, $04, $00
	START_MEM_READ($07, $08, 0x80)
	mov $rem, 0x80
	cwrite $00, [$00 + @PACKET_TABLE_WRITE_ADDR]
	(rep)cwrite $memdata, [$00 + @PACKET_TABLE_WRITE]
	mov G_BANK, 0x0
	mov G_BANK2D, 0x0
	NEXT_PACKET()

#include "../common/cp-handlers.S"

#include "events.S"
#include "draws.S"

; CP_COMPUTE_CHECKPOINT, as the PFP makes it up (render-mode.S): a word
; a530_pm4 keeps for itself, which the SDK drops, then five words for
; the pipe registers from A5XX_CKPT_PIPE, where the GPU takes the
; checkpoint (unnamed in the register database).
#define A5XX_CKPT_PIPE 0xf0
HANDLER(CP_COMPUTE_CHECKPOINT)
	mov $00, $data
	mov $addr, A5XX_CKPT_PIPE << 24
	(rep)mov $data, $data
END_HANDLER()

; Packets the PFP passes on that this ME does not carry out yet, accepted
; and their payload dropped (an opcode without a handler is fatal, as in
; a530_pm4): state it does not keep (performance counters, IB2 skipping,
; protected mode, preemption).
HANDLER(CP_PERFCOUNTER_ACTION, CP_SKIP_IB2_ENABLE_GLOBAL, CP_SKIP_IB2_ENABLE_LOCAL,
	CP_SET_PROTECTED_MODE, CP_PREEMPT_ENABLE_LOCAL, CP_CONTEXT_SWITCH_YIELD)
	SKIP_PAYLOAD()
END_HANDLER()
