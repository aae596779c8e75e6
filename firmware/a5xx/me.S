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

/* The CP's mode word as CP_ME_INIT sets it (multiple contexts, error
 * detection), which CP_SET_PROTECTED_MODE puts back. */
#define ME_CP_MODE $18

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
	mov ME_CP_MODE, 0x0
	NEXT_PACKET()

#include "../common/cp-handlers.S"

; CP_ME_INIT, as a530_pm4 takes it: a mask of the words that follow;
; bit 0's word gives the mode word's bits 0..1 (multiple contexts), bit
; 1's its bits 29 and 31 (error detection), which go to the CP at once
; (@REG_WRITE, where a530_pm4 writes them without an address). The
; other words configure what this firmware does not have.
HANDLER(CP_ME_INIT)
	mov $02, $data
	mov ME_CP_MODE, 0x0
	IF_BIT_SET($02, 0)
		and ME_CP_MODE, $data, 0x3
	ENDIF()
	IF_BIT_SET($02, 1)
		mov $03, 0x5 << 29
		and $03, $03, $data
		cwrite $03, [$00 + @REG_WRITE]
		or ME_CP_MODE, ME_CP_MODE, $03
	ENDIF()
	SKIP_PAYLOAD()
	mov G_MODE, G_MODE_GMEM
	mov G_PRED, 0x0
END_HANDLER()

; CP_SET_PROTECTED_MODE: 0 turns the CP's checks off (the mode word
; 0), anything else back on (CP_ME_INIT's mode word), through
; @REG_WRITE as for CP_ME_INIT. The PFP passes only the ring's on.
HANDLER(CP_SET_PROTECTED_MODE)
	breq $data, 0x0, #protected_mode.write
	mov $02, 0x0
	mov $02, ME_CP_MODE
protected_mode.write:
	cwrite $02, [$00 + @REG_WRITE]
END_HANDLER()

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
; a530_pm4): state it does not keep (performance counters, IB2
; skipping), and the preemption packets, which the PFP keeps to itself.
HANDLER(CP_PERFCOUNTER_ACTION, CP_SKIP_IB2_ENABLE_GLOBAL, CP_SKIP_IB2_ENABLE_LOCAL,
	CP_PREEMPT_ENABLE, CP_PREEMPT_ENABLE_LOCAL, CP_CONTEXT_SWITCH_YIELD)
	SKIP_PAYLOAD()
END_HANDLER()
