/* Events and waits of the a5xx ME, as a530_pm4 sends them (cpp-included
 * by me.S).
 *
 * a5xx keeps two copies of the context registers, the second 0x800
 * above the first; the GPU moves to the other one at every CONTEXT_DONE
 * event, which the ME sends after every event. G_BANK says which copy
 * is current: the event registers are written there, and after the
 * CONTEXT_DONE the ME tells the GPU which copy comes next (register
 * 0x027: bit 16 for the upper, bit 0 for the lower). These registers are
 * unnamed in the register database. */
#define A5XX_EVENT_CMD_A 0xe782     /* the event, in two units */
#define A5XX_EVENT_CMD_B 0xe3a2
#define A5XX_BANK_SWITCH 0x027
#define A5XX_BANK_SIZE 0x800
#define A5XX_EVENT_TS 0x813         /* control, address (64-bit), value */
#define A5XX_QUERY_SYNC 0xb16       /* written 0 before a query's event */
#define A5XX_WFI_CMD 0x02c          /* 1: wait for the GPU to go idle */

; send_event: the event $03 to both units of the current bank, then
; CONTEXT_DONE, and the switch to the other bank. Clobbers $06, $07.
SUBROUTINE(send_event)
	or $06, G_BANK, A5XX_EVENT_CMD_A
	mov $addr, $06
	mov $data, $03
	or $06, G_BANK, A5XX_EVENT_CMD_B
	mov $addr, $06
	mov $data, $03
	CALL(context_done)
END_SUBROUTINE()

SUBROUTINE(context_done)
	or $06, G_BANK, A5XX_EVENT_CMD_A
	mov $addr, $06
	mov $data, EV(CONTEXT_DONE)
	or $06, G_BANK, A5XX_EVENT_CMD_B
	mov $addr, $06
	mov $data, EV(CONTEXT_DONE)
	xor G_BANK, G_BANK, A5XX_BANK_SIZE
	mov $07, 0x1
	IF_NE(G_BANK, 0)
		shl $07, $07, 0x10
	ENDIF()
	WRITE_REG(A5XX_BANK_SWITCH, $07)
END_SUBROUTINE()

; CP_WAIT_FOR_IDLE: the GPU's wait for idle, then the count of pending
; waits (CP_WFI_PEND_CTR) back to 0.
HANDLER(CP_WAIT_FOR_IDLE)
	WRITE_REG(A5XX_WFI_CMD, 0x1)
	WRITE_REG(CP_WFI_PEND_CTR, 0x0)
END_HANDLER()

; CP_EVENT_WRITE: EVENT (bits 0..5), TIMESTAMP (30), IRQ (31); for the
; timestamp events ADDR_LO, ADDR_HI and the value, which go to the
; GPU's event registers (A5XX_EVENT_TS: the control word has TIMESTAMP
; and IRQ in bits 1 and 2 and in bits 8..10 the unit that writes, as on
; a6xx); the GPU writes the value when the event is done. FLUSH_SO_n
; is followed by a CACHE_FLUSH_TS; event 0 is only the CONTEXT_DONE.
HANDLER(CP_EVENT_WRITE)
	mov $02, $data
	and $03, $02, 0x3f
	ushr $04, $02, 29
	and $04, $04, 0x6
	mov $05, 0x0                    ; the unit that writes the timestamp
	SWITCH($03)
	CASE(EV(CACHE_FLUSH_TS))
		mov $05, 0x100
	TS_UNIT_CASES($05)
	CASE(0x09, EV(ZPASS_DONE))      ; WRITE_PRIMITIVE_COUNTS (a6xx's number), ZPASS_DONE
		WAIT_MEM_WRITES()
		WRITE_REG(A5XX_QUERY_SYNC, 0x0)
	CASE(EV(FLUSH_SO_0), EV(FLUSH_SO_1), EV(FLUSH_SO_2), EV(FLUSH_SO_3))
		CALL(send_event)
		mov $03, EV(CACHE_FLUSH_TS)
	CASE(0)
		SKIP_PAYLOAD()
		CALL(context_done)
		NEXT_PACKET()
	ENDSWITCH()
	IF_NE($05, 0)
		IF_GE($rem, 3, $11)
			or $05, $05, $04
			mov $addr, A5XX_EVENT_TS
			mov $data, $05
			mov $data, $data
			mov $data, $data
			mov $data, $data
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
	CALL(send_event)
END_HANDLER()

; CP_EXEC_CS: a word the ME passes on as the dispatch, then NGROUPS_X,
; _Y, _Z for HLSQ_CS_KERNEL_GROUP_X.. of the current bank; the dispatch
; goes to both units as an event would (A5XX_DISPATCH_A/_B, unnamed in
; the register database), and CONTEXT_DONE follows.
#define A5XX_DISPATCH_A 0xe781
#define A5XX_DISPATCH_B 0xe3a1
; SEND_DISPATCH(word): the dispatch word to both units of the current
; bank, then CONTEXT_DONE (a macro: CP_EXEC_CS pays no call for it).
DEFINE_MACRO(SEND_DISPATCH, {
	or $06, G_BANK, A5XX_DISPATCH_A
	mov $addr, $06
	mov $data, $1
	or $06, G_BANK, A5XX_DISPATCH_B
	mov $addr, $06
	mov $data, $1
	CALL(context_done)
})
HANDLER(CP_EXEC_CS)
	mov $02, $data
	or $06, G_BANK, HLSQ_CS_KERNEL_GROUP_X
	mov $addr, $06
	(rep)mov $data, $data
	SEND_DISPATCH($02)
END_HANDLER()

; CP_EXEC_CS_INDIRECT, as the PFP makes it up (pfp.S): the word the ME
; passes on as the dispatch, the local size (LOCALSIZEX, Y, Z in bits
; 2..11, 12..21, 22..31, each one less than the size), then the group
; counts (x, y, z) the PFP read from memory. As a530_pm4 does:
; HLSQ_CS_NDRANGE_1, 3, 5 of the current bank get the global sizes (2, 4
; and 6 their offsets, 0), the counts go to HLSQ_CS_KERNEL_GROUP_X.._Z,
; and the dispatch follows as for CP_EXEC_CS.
HANDLER(CP_EXEC_CS_INDIRECT)
	mov $02, $data
	mov $0a, $data                  ; the local size
	mov $0c, $data
	mov $0d, $data
	mov $0e, $data
	or $06, G_BANK, HLSQ_CS_NDRANGE_1
	mov $addr, $06
	ushr $08, $0a, 0x2
	mov $09, $0c
	CALL(a5xx_global_size)
	ushr $08, $0a, 0xc
	mov $09, $0d
	CALL(a5xx_global_size)
	ushr $08, $0a, 0x16
	mov $09, $0e
	CALL(a5xx_global_size)
	or $06, G_BANK, HLSQ_CS_KERNEL_GROUP_X
	mov $addr, $06
	mov $data, $0c
	mov $data, $0d
	mov $data, $0e
	SEND_DISPATCH($02)
END_HANDLER()

; a5xx_global_size: with $08 = a LOCALSIZE field and $09 its group count,
; writes (LOCALSIZE + 1) * count, then the offset 0, at $addr. The
; product from 8-bit multiplies (mul8 takes the low byte of each), as
; the counts and sizes stay below 0x10000.
SUBROUTINE(a5xx_global_size)
	and $08, $08, 0x3ff
	add $08, $08, 0x1
	ushr $05, $09, 0x8
	mul8 $07, $08, $09              ; size * count's low byte
	mul8 $05, $08, $05              ; size * count's high byte
	ushr $0b, $08, 0x8
	mul8 $0f, $0b, $09              ; size's high byte * count's low byte
	add $05, $05, $0f
	shl $05, $05, 0x8
	add $07, $07, $05
	mov $data, $07
	mov $data, $00
END_SUBROUTINE()

; CP_LOAD_STATE4: DST_OFF (0..13), STATE_SRC (16..17), STATE_BLOCK
; (18..21), NUM_UNIT (22..31); STATE_TYPE and EXT_SRC_ADDR; its high
; word. The three words go to the load-state registers of the current
; bank (A5XX_LOAD_STATE: command, address low and high); with STATE_SRC
; direct (0) the words that follow are the state, written one after the
; other to the data register after them. (a530_pm4 can also take the
; state from its scratch registers, STATE_SRC 1; the SDK writes the three
; words and drops the rest. STATE_SRC 3 is indirect, bit 17 being set.)
#define A5XX_LOAD_STATE 0xe7a0
#define A5XX_LOAD_STATE_DATA 0xe7a3
HANDLER(CP_LOAD_STATE4)
	mov $02, $data
	or $addr, G_BANK, A5XX_LOAD_STATE
	; indirect (bit 17) first, on its own path, as a530_pm4 does: it is
	; the three words only
	IF_BIT_SET($02, 17)
		mov $data, $02
		mov $data, $data
		mov $data, $data
		SKIP_PAYLOAD()
		NEXT_PACKET()
	ENDIF()
	mov $data, $02
	mov $data, $data
	mov $data, $data
	IF_BIT_CLEAR($02, 16)           ; direct: the state follows
		or $06, G_BANK, A5XX_LOAD_STATE_DATA
		mov $07, FIXED_ADDR
		or $addr, $06, $07
		(rep)mov $data, $data
		NEXT_PACKET()           ; nothing left to skip
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()
