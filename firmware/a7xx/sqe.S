/* The SDK's open firmware for a7xx: BR, BV and LPAC in one bundle
 * (build/firmware/a7xx/sqe.fw).
 *
 * As in vendor bundles (and as ld/a7xx-sqe.ld lays them out), each
 * processor's image starts with header words and ends with its packet
 * table, and the next image starts at the following 32-byte boundary.
 * BR's bootstrap loads its table, then starts BV and LPAC, whose own
 * bootstraps load theirs. BV reads the stream BR reads. As in
 * gen70500, CP_THREAD_CONTROL turns concurrent binning on and off
 * (thread-control.S): while it is on, BR and BV each run the sections
 * meant for them (BV with a copy of BR's handlers, as gen70500's) and
 * pass the others over; while it is off, BR runs everything and BV
 * passes everything over.
 * LPAC reads a ring of its own and runs compute work. */
#define FW_GEN 7
#include "../common/fw.h"
#define ONCHIP_BANK 0x10 /* BR's on-chip slots 8-15 (fw.h, ONCHIP_WORD) */

; ---- BR ------------------------------------------------------------------------

/* BR's header: its id, the size of the whole file after its zero word,
 * the id of BV and LPAC, and the packet table's address. */
#define TABLE_WORD 3
[FW_ID_A7XX]
[#__image_size]
[FW_ID_A7XX]
[#__packet_table]

.global bootstrap
bootstrap:
#define INSTR_BASE_FROM_REG
#include "../common/boot.S"
#undef INSTR_BASE_FROM_REG
#undef TABLE_WORD
	; BV's image starts at the 32-byte boundary after BR's table ($07:$08)
	CALL(next_image)
	cwrite $07, [$00 + @BV_INSTR_BASE]
	cwrite $08, [$00 + @BV_INSTR_BASE+0x1]
	; and LPAC's after BV's table, whose offset is in BV's header word 1
	add $05, $07, 0x4
	addhi $06, $08, $00
	START_MEM_READ($05, $06, 1, $02)
	shl $02, $memdata, 0x8
	ushr $02, $02, 0x6
	add $07, $07, $02
	addhi $08, $08, $00
	CALL(next_image)
	cwrite $07, [$00 + @LPAC_INSTR_BASE]
	cwrite $08, [$00 + @LPAC_INSTR_BASE+0x1]
	mov $02, 0x1
	cwrite $02, [$00 + @BV_CNTL]
	cwrite $02, [$00 + @LPAC_CNTL]
	NEXT_PACKET()

; next_image: $07:$08 = the 32-byte boundary after the 0x80-word packet
; table at $07:$08.
SUBROUTINE(next_image)
	add $07, $07, 0x200 + 0x1f
	addhi $08, $08, $00
	ushr $07, $07, 0x5
	shl $07, $07, 0x5
END_SUBROUTINE()

#include "../common/cp-handlers.S"
#include "../common/sqe-handlers.S"

#include "events.S"
#include "../common/dispatch.S"
#include "draws.S"
#define THREAD_SELF 1
#include "thread-control.S"
#undef THREAD_SELF
#include "binning.S"

; ---- BV --------------------------------------------------------------------------

.section BV
#define TABLE_WORD 1
[FW_ID_A7XX]
[#__packet_table]
#define INSTR_BASE_CTRL @BV_INSTR_BASE
.global bv_bootstrap
bv_bootstrap:
#include "../common/boot.S"
	; binning is off at boot: nothing is BV's until a CP_THREAD_CONTROL
	; (in the delay slot: a pass begun at the ring enters no IB)
	jump #pass_over
	mov $0d, $00

; BV has BR's handlers, as gen70500's BV has a copy of BR's: what
; reaches it (the sections CP_THREAD_CONTROL gives it, BOTH included)
; it runs as BR does, numbering its own events; an opcode without a
; handler is fatal, as on BR. FW_BV marks where BV's differ.
#define FW_BV
#undef ONCHIP_BANK
#define ONCHIP_BANK 0x18
#define DEFAULT_HANDLER_NAME __bv_default_handler
#include "../common/cp-handlers.S"
#include "../common/sqe-handlers.S"
#include "events.S"
#include "../common/dispatch.S"
#include "draws.S"
#define THREAD_SELF 2
#include "thread-control.S"
#undef THREAD_SELF
#include "binning.S"
#undef FW_BV
#undef INSTR_BASE_CTRL

; ---- LPAC ------------------------------------------------------------------------

/* LPAC reads a ring of its own and runs compute work: the common
 * packets, IBs, events and waits, dispatches and state loads, as
 * gen70500's LPAC does, which drives the compute pipeline only. */
.section LPAC
#define INSTR_BASE_CTRL @LPAC_INSTR_BASE
[FW_ID_A7XX]
[#__packet_table]
.global lpac_bootstrap
lpac_bootstrap:
#include "../common/boot.S"
	NEXT_PACKET()
#define FW_COMPUTE_ONLY
#undef ONCHIP_BANK
#define ONCHIP_BANK 0x0
#define DEFAULT_HANDLER_NAME __lpac_default_handler
#include "../common/cp-handlers.S"
#include "../common/ib-handlers.S"
#include "events.S"
#include "../common/dispatch.S"
