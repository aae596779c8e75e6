/* The SDK's open PFP firmware for a5xx (build/firmware/a5xx/pfp.fw).
 *
 * The PFP reads the command stream ahead of the ME and passes packets on
 * through the queue between them (its $data writes): the header, then
 * the payload. As on the hardware, it handles itself what decides which
 * words of the stream run: indirect buffers (IB1 and IB2, which it
 * fetches), conditional execution with its predicates and render mode;
 * and it keeps the draw states. Skipped words are dropped here, so that
 * a skipped CP_INDIRECT_BUFFER is never called. Every other packet goes
 * to the ME (me.S), which does the register and memory work. Header
 * words as on a6xx (ld/a5xx-pfp.ld). */
#define FW_GEN 5
#define FW_A5XX_PFP
#include "../common/fw.h"

/* The CP's draw-state unit, which keeps the groups of CP_SET_DRAW_STATE
 * for the draws: the packet's first word goes to DS_HDR, every other to
 * DS_WORDS, as a530_pfp hands them over (control registers; the
 * emulator keeps only the last word of each). */
#define DS_HDR 0x02c
#define DS_WORDS 0x02b

/* The bits of a530_pfp's state word that the SDK keeps
 * (render-mode.S). */
#define PFP_STATE $16

[FW_ID_A5XX]
[#__packet_table]

; The PFP reads memory and registers through its control registers:
; PFP_START_MEM_READ(lo, hi, count, tmp) queues count words at hi:lo for
; $memdata (count a register or an immediate, which tmp holds), and
; PFP_READ_REG(dst, reg) reads one GPU register (the address alone
; queues one read).
DEFINE_MACRO(PFP_START_MEM_READ, {
	cwrite $1, [$00 + @MEM_READ_ADDR]
	cwrite $2, [$00 + @MEM_READ_ADDR+0x1]
	mov $4, $3
	cwrite $4, [$00 + @MEM_READ_DWORDS]
})
DEFINE_MACRO(PFP_READ_REG, {
	mov $1, $2
	cwrite $1, [$00 + @REG_READ_ADDR]
	mov $1, $regdata
})

; FORWARD(): the packet, header and payload, to the ME.
DEFINE_MACRO(FORWARD, {
	mov $data, $01
	(rep)mov $data, $data
})

.global bootstrap
bootstrap:
	; the image's address: CP_PFP_INSTR_BASE through the register read
	; queue
	mov $02, 0x2
	cwrite $02, [$00 + @REG_READ_DWORDS]
	mov $02, CP_PFP_INSTR_BASE_LO
	cwrite $02, [$00 + @REG_READ_ADDR]
	mov $03, $regdata
	mov $04, $regdata
	; word 1: the packet table's offset
	add $05, $03, 0x4
	addhi $06, $04, $00
	PFP_START_MEM_READ($05, $06, 0x1, $02)
	shl $07, $memdata, 0x2
	add $07, $03, $07
	addhi $08, $04, $00
	mov $rem, 0x80
	PFP_START_MEM_READ($07, $08, $rem, $rem)
	cwrite $00, [$00 + @PACKET_TABLE_WRITE_ADDR]
	(rep)cwrite $memdata, [$00 + @PACKET_TABLE_WRITE]
	mov G_LEVEL, 0x0
	mov G_MODE, G_MODE_GMEM
	mov G_PRED, 0x0
	mov PFP_STATE, 0x0
	cwrite $00, [$00 + @IB_LEVEL]
	NEXT_PACKET()

; Every packet without a handler here goes to the ME.
.global __default_handler
__default_handler:
	FORWARD()
	NEXT_PACKET()

; CP_NOP needs no ME, nor do the kernel's secure mode, read-pointer
; shadow and page-table switch, whose state this firmware does not keep
; (a530_pfp keeps the first two to itself as well, and drops a
; page-table switch from an IB).
HANDLER(CP_NOP, CP_SET_SECURE_MODE, CP_WHERE_AM_I, CP_SMMU_TABLE_UPDATE)
	SKIP_PAYLOAD()
END_HANDLER()

; CP_SET_PROTECTED_MODE: the kernel's, from the ring, to the ME; one in
; an IB is dropped, as a530_pfp does.
HANDLER(CP_SET_PROTECTED_MODE)
	breq G_LEVEL, 0x0, #__default_handler
	nop
	SKIP_PAYLOAD()
END_HANDLER()

; CP_ME_INIT: the PFP's state starts afresh too; the ME gets the packet.
; One in an IB is dropped, as a530_pfp does.
HANDLER(CP_ME_INIT)
	IF_NE(G_LEVEL, 0)
		SKIP_PAYLOAD()
		NEXT_PACKET()
	ENDIF()
	mov G_MODE, G_MODE_GMEM
	mov G_PRED, 0x0
	FORWARD()
END_HANDLER()

; WAIT_ME_IDLE(tmp, label): waits until control register 0x008, the
; ME's busy state, reads 0: the ME is done with every packet passed to
; it. The PFP reads ahead of the ME, so what it reads itself (registers,
; memory) may not be what the packets before wrote until then. label
; names the poll, once per use.
#define A5XX_PFP_ME_BUSY 0x008
DEFINE_MACRO(WAIT_ME_IDLE, {
	cread $1, [$00 + A5XX_PFP_ME_BUSY]
$2:
	brne $1, 0x0, #$2
	cread $1, [$00 + A5XX_PFP_ME_BUSY]
})

; CP_WAIT_FOR_ME: the ME done, as a530_pfp waits for it, then the packet
; goes on to the ME. The packets after it that the PFP runs (CP_REG_TEST,
; CP_COND_EXEC) see what the ones before wrote.
HANDLER(CP_WAIT_FOR_ME)
	WAIT_ME_IDLE($02, wait_for_me.poll)
	FORWARD()
END_HANDLER()

; CP_REG_TEST: REG (0..17), BIT (20..24); the predicate, one bit (bit 0)
; on a5xx as in a530_pfp, becomes bit BIT of the register, read at once
; (a CP_WAIT_FOR_ME before makes it what the packets before wrote).
; PRED_BIT, SKIP_WAIT_FOR_ME and PRED_UPDATE are a6xx's: the word is a
; register test here too, and the words after it are dropped.
HANDLER(CP_REG_TEST)
	mov $02, $data
	EXTRACT_BITS($03, $02, 0, 17)
	cwrite $03, [$00 + @REG_READ_ADDR]
	EXTRACT_BITS($04, $02, 20, 24)
	ushr $04, $regdata, $04
	and G_PRED, $04, 0x1
	SKIP_PAYLOAD()
END_HANDLER()

#include "../common/cond-handlers.S"
#include "../common/ib-handlers.S"

; CP_SET_DRAW_STATE: groups of three words, a header (COUNT 0..15, DIRTY
; 16, DISABLE 17, DISABLE_ALL_GROUPS 18, LOAD_IMMED 19, GROUP_ID 24..28)
; and the group's 64-bit address, handed to the draw-state unit word by
; word, as a530_pfp does; an empty packet hands nothing (a530_pfp would
; take the next header for its first word). The groups are not run: the
; draws of this firmware do not load them, nor does LOAD_IMMED.
HANDLER(CP_SET_DRAW_STATE)
	breq $rem, 0x0, #draw_state.done
	nop
	cwrite $data, [$00 + DS_HDR]
	(rep)cwrite $data, [$00 + DS_WORDS]
draw_state.done:
END_HANDLER()

; GPU register 0xa890 (unnamed in the register database) holds what the
; GPU is about to do; a530_pfp writes 0xe there before the events that
; flush or resolve (their bits in A5XX_FLUSH_EVENTS: 13, 14, ZPASS_DONE,
; the CCU invalidates and flushes, BLIT).
#define A5XX_RENDER_STATE 0xa890
#define A5XX_FLUSH_EVENTS_HI 0x7320
#define A5XX_FLUSH_EVENTS_LO 0x6000
#define A5XX_STATE_FLUSH 0xe

; CP_EVENT_WRITE: to the ME (me.S), after the state write for the events
; that flush. Events from 32 up are never among them.
HANDLER(CP_EVENT_WRITE)
	mov $data, $01
	mov $02, $data
	and $03, $02, 0x3f
	IF_LT($03, 32, $11)
		mov $04, A5XX_FLUSH_EVENTS_HI << 16
		or $04, $04, A5XX_FLUSH_EVENTS_LO
		ushr $04, $04, $03
		IF_BIT_SET($04, 0)
			mov $05, A5XX_STATE_FLUSH
			WRITE_REG_DIRECT(A5XX_RENDER_STATE, $05, $11)
		ENDIF()
	ENDIF()
	mov $data, $02
	(rep)mov $data, $data
END_HANDLER()

; CP_SET_VISIBILITY_OVERRIDE: bit 0 to the GPU register 0x0d0e (unnamed
; in the register database; PC_VISIBILITY_OVERRIDE on a6xx), at once.
#define A5XX_VISIBILITY_OVERRIDE 0x0d0e
HANDLER(CP_SET_VISIBILITY_OVERRIDE)
	and $02, $data, 0x1
	SKIP_PAYLOAD()
	WRITE_REG_DIRECT(A5XX_VISIBILITY_OVERRIDE, $02, $11)
END_HANDLER()

#include "render-mode.S"

/* The indirect draws as the ME takes them (draws.S): the arguments read
 * here, after the packet's other words, in a packet made up for the ME */
#define DRAW_INDIRECT_ME_HDR_HI 0x70a8        /* 0x70a88005: 5 words */
#define DRAW_INDIRECT_ME_HDR_LO 0x8005
#define DRAW_INDX_INDIRECT_ME_HDR_HI 0x7029   /* 0x70298009: 9 words */
#define DRAW_INDX_INDIRECT_ME_HDR_LO 0x8009
/* and CP_EXEC_CS_INDIRECT's group counts, after its first word and the
 * local size (events.S) */
#define EXEC_CS_INDIRECT_ME_HDR_HI 0x70c1     /* 0x70c18005: 5 words */
#define EXEC_CS_INDIRECT_ME_HDR_LO 0x8005

; forward_args: to the ME, the $05 words of arguments at $06:$07 (the
; packet's payload all read). The handlers wait for the ME before they
; pass the made-up header, as a530_pfp does, so that the arguments are
; those the packets before wrote.
SUBROUTINE(forward_args)
	PFP_START_MEM_READ($06, $07, $05, $05)
	mov $rem, $05
	(rep)mov $data, $memdata
END_SUBROUTINE()

; CP_DRAW_INDIRECT: the initiator, the arguments' address.
HANDLER(CP_DRAW_INDIRECT)
	mov $02, $data
	READ_ADDR64($06, $07)
	SKIP_PAYLOAD()
	WAIT_ME_IDLE($04, draw_indirect.wait)
	mov $04, DRAW_INDIRECT_ME_HDR_HI << 16
	or $data, $04, DRAW_INDIRECT_ME_HDR_LO
	mov $data, $02
	mov $05, 0x4
	CALL(forward_args)
END_HANDLER()

; CP_EXEC_CS_INDIRECT: a word the ME passes on, the group counts'
; address, the local size. The PFP reads the counts, as a530_pfp does.
HANDLER(CP_EXEC_CS_INDIRECT)
	mov $02, $data
	READ_ADDR64($06, $07)
	mov $08, $data
	SKIP_PAYLOAD()
	WAIT_ME_IDLE($04, exec_cs_indirect.wait)
	mov $04, EXEC_CS_INDIRECT_ME_HDR_HI << 16
	or $data, $04, EXEC_CS_INDIRECT_ME_HDR_LO
	mov $data, $02
	mov $data, $08
	mov $05, 0x3
	CALL(forward_args)
END_HANDLER()

; CP_DRAW_INDX_INDIRECT: the initiator, the index buffer and its size,
; the arguments' address.
HANDLER(CP_DRAW_INDX_INDIRECT)
	mov $02, $data
	mov $08, $data
	mov $09, $data
	mov $0a, $data
	READ_ADDR64($06, $07)
	SKIP_PAYLOAD()
	WAIT_ME_IDLE($04, draw_indx_indirect.wait)
	mov $04, DRAW_INDX_INDIRECT_ME_HDR_HI << 16
	or $data, $04, DRAW_INDX_INDIRECT_ME_HDR_LO
	mov $data, $02
	mov $data, $08
	mov $data, $09
	mov $data, $0a
	mov $05, 0x5
	CALL(forward_args)
END_HANDLER()

; CP_BLIT: to the ME, after the state write of the events that flush.
HANDLER(CP_BLIT)
	mov $05, A5XX_STATE_FLUSH
	WRITE_REG_DIRECT(A5XX_RENDER_STATE, $05, $11)
	FORWARD()
END_HANDLER()

/* CP_SET_BIN_DATA5 as the ME takes it (draws.S): the bin's size read
 * here, as a530's PFP does, in a packet made up for the ME */
#define BIN_DATA5_ME_HDR_HI 0x702f            /* 0x702f0004: 4 words */
#define BIN_DATA5_ME_HDR_LO 0x0004

; CP_SET_BIN_DATA5: VSC_SIZE/VSC_N, the bin's data (64-bit), the address
; of its size (64-bit); the ME gets the first three and the size.
HANDLER(CP_SET_BIN_DATA5)
	mov $02, $data
	mov $08, $data
	mov $09, $data
	READ_ADDR64($06, $07)
	SKIP_PAYLOAD()
	mov $04, BIN_DATA5_ME_HDR_HI << 16
	or $data, $04, BIN_DATA5_ME_HDR_LO
	mov $data, $02
	mov $data, $08
	mov $data, $09
	PFP_START_MEM_READ($06, $07, 0x1, $05)
	mov $data, $memdata
END_HANDLER()
