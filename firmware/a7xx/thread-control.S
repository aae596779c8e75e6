/* CP_THREAD_CONTROL and concurrent binning, for a7xx BR and BV, which
 * both read every CP_THREAD_CONTROL: THREAD (bits 0..1: BR, BV, which
 * of them runs the packets up to the next one), CONCURRENT_BIN_DISABLE
 * (27), SYNC_THREADS (31: the two meet first). As gen70500's do:
 * - the first one after boot reports the processor's event number to
 *   CP_EVENT_END;
 * - without CONCURRENT_BIN_DISABLE, while binning is off, the two turn it
 *   on together (concurrent_bin_start); from then on each runs only the
 *   sections its THREAD bit names and passes the others over;
 * - with it, they turn binning off if it was on (concurrent_bin_stop);
 *   BR then runs every packet and BV passes every packet over.
 * Left out: bit 28, the preemption and clock controls gen70500 writes
 * around the meetings, and the thread bits it keeps in a control
 * register (docs/firmware.md). Included once in each processor's
 * section, after events.S and ib-handlers.S, with THREAD_SELF defined: 1
 * for BR, 2 for BV, its THREAD bit. */
#if THREAD_SELF == 1
#define THREAD_BIT 0 /* its bit in THREAD */
#define MEET_SELF 4 /* the processor's own @THREAD_SYNC bit */
#define MEET_OTHER 5
#else
#define THREAD_BIT 1
#define MEET_SELF 5
#define MEET_OTHER 4
#endif

/* GPU registers of concurrent binning, unnamed in the register
 * database: both processors write the three unit controls (3 to turn
 * binning on, 0 off; 0x9640 takes bits 1..2 of that), then BR sets
 * CONCURRENT_BIN_ON's bit 0, which BV waits for. */
#define CONCURRENT_BIN_ON 0x0df1
#define BIN_CNTL_9E40 0x9e40
#define BIN_CNTL_A638 0xa638
#define BIN_CNTL_9640 0x9640

HANDLER(CP_THREAD_CONTROL)
thread_control:                         ; pass_over comes here with the header read
	IF_BIT_CLEAR(G_FLAGS, G_EVENT_END_BIT)
		or G_FLAGS, G_FLAGS, 0x1 << G_EVENT_END_BIT
		WRITE_REG(CP_EVENT_END, G_SEQ)
	ENDIF()
	mov $0b, $00
	IF_NE($rem, 0)
		mov $0b, $data
	ENDIF()
	SKIP_PAYLOAD()
	mov $0d, G_LEVEL                ; pass_over enters IBs called from below it
	IF_BIT_SET($0b, SHIFT(CP_THREAD_CONTROL_0_SYNC_THREADS))
		CALL(meet)
	ENDIF()
	READ_REG($0c, CONCURRENT_BIN_ON)
	IF_BIT_SET($0b, SHIFT(CP_THREAD_CONTROL_0_CONCURRENT_BIN_DISABLE))
		IF_BIT_SET($0c, 0)
			CALL(concurrent_bin_stop)
		ENDIF()
#if THREAD_SELF == 2
		jump #pass_over
		nop
#endif
		NEXT_PACKET()
	ENDIF()
	IF_BIT_CLEAR($0c, 0)
		CALL(concurrent_bin_start)
	ENDIF()
	IF_BIT_CLEAR($0b, THREAD_BIT)
		jump #pass_over
		nop
	ENDIF()
END_HANDLER()

; pass_over: the packets up to the next CP_THREAD_CONTROL are not this
; processor's. Each header is read and its payload skipped, except that
; IBs called from below the level of the CP_THREAD_CONTROL that started
; the pass ($0d) are entered and left at their ends, as gen70500 does, so
; that the pass ends where the other processor's section does; the next
; CP_THREAD_CONTROL is handled at once.
pass_over:
	mov $01, $data
; the delay slots are filled by hand, so that a type-4 packet takes five
; instructions and a type-7 one that is none of the three twelve, the
; next header read in the last one's slot (gen70500's BR and BV together
; run no more on a packet only BR has). Bit 28 tells the types apart: a
; header with it set is taken for type 7, one with it clear for type 4.
pass_over_header:
	brne $01, b28, #pass_over_type4
	and $rem, $01, 0x7f
	EXTRACT_BITS($03, $01, 16, 22)
	breq $03, CP_THREAD_CONTROL, #thread_control
	and $rem, $01, 0x3fff
	breq $03, IB_END_OPCODE, #pass_over_ib_end
	xor $04, $03, CP_INDIRECT_BUFFER
	breq $04, 0x0, #pass_over_ib
	nop
pass_over_type4:
	SKIP_PAYLOAD()
	jump #pass_over_header
	mov $01, $data
pass_over_ib_end:
	CALL(leave_ib)
	jump #pass_over
	nop
pass_over_ib:
	; entered when called from below the level of the pass
	IF_LT(G_LEVEL, $0d, $02)
		CALL(enter_ib)
		jump #pass_over
		nop
	ENDIF()
	SKIP_PAYLOAD()
	jump #pass_over
	nop

; concurrent_bin_start: both processors wait for idle and meet; each
; writes the units' binning controls (BR also CONCURRENT_BIN_ON, which
; BV waits for) and sends CONCURRENT_BIN_START, numbered as its own
; events are; then they meet again.
SUBROUTINE(concurrent_bin_start)
	CALL(wait_for_idle)
	CALL(meet)
	mov $0e, 0x3
	CALL(bin_controls)
#if THREAD_SELF == 1
	WRITE_REG(CONCURRENT_BIN_ON, 0x1)
#else
	LOOP()
		READ_REG($02, CONCURRENT_BIN_ON)
		IF_BIT_SET($02, 0)
			BREAK()
		ENDIF()
	ENDLOOP()
#endif
	WRITE_REG(|EVENT_CMD << 24, 0x1)
	mov $03, EV(CONCURRENT_BIN_START)
	CALL(fire_event)
	CALL(meet)
END_SUBROUTINE()

; concurrent_bin_stop: as at the start, both processors wait for idle
; and meet; each sends CONCURRENT_BIN_STOP and waits for idle again;
; they meet, clear the binning controls (BR also CONCURRENT_BIN_ON), and
; meet again.
SUBROUTINE(concurrent_bin_stop)
	CALL(wait_for_idle)
	CALL(meet)
	WRITE_REG(|EVENT_CMD << 24, 0x1)
	mov $03, EV(CONCURRENT_BIN_STOP)
	CALL(fire_event)
	CALL(wait_for_idle)
	CALL(meet)
	mov $0e, 0x0
	CALL(bin_controls)
#if THREAD_SELF == 1
	WRITE_REG(CONCURRENT_BIN_ON, $00)
#endif
	CALL(meet)
END_SUBROUTINE()

; bin_controls: the units' binning controls from $0e (3 or 0).
SUBROUTINE(bin_controls)
	WRITE_REG(BIN_CNTL_9E40, $0e)
	WRITE_REG(BIN_CNTL_A638, $0e)
	and $02, $0e, 0x6
	WRITE_REG(BIN_CNTL_9640, $02)
END_SUBROUTINE()

; meet: BR and BV meet at @THREAD_SYNC, as gen70500's do: each waits
; for its own bit (MEET_SELF) to be clear, sets it, waits for the
; other's (MEET_OTHER), and clears that one, so that neither goes on
; before both have arrived. Uses $02..$05.
SUBROUTINE(meet)
	LOOP()
		cread $02, [$00 + @THREAD_SYNC]
		IF_BIT_CLEAR($02, MEET_SELF)
			BREAK()
		ENDIF()
	ENDLOOP()
	mov $03, 0x1
	shl $03, $03, MEET_SELF
	not $04, $00
	CALL(change_sync)
	LOOP()
		cread $02, [$00 + @THREAD_SYNC]
		IF_BIT_SET($02, MEET_OTHER)
			BREAK()
		ENDIF()
	ENDLOOP()
	mov $04, 0x1
	shl $04, $04, MEET_OTHER
	not $04, $04
	mov $03, 0x0
	CALL(change_sync)
END_SUBROUTINE()

; change_sync: @THREAD_SYNC = (@THREAD_SYNC & $04) | $03. It is shared,
; so the change holds COPROCESSOR_LOCK's bit 0, waiting while the other
; processor holds it. Uses $02 and $05.
SUBROUTINE(change_sync)
	mov $05, 0x1
	LOOP()
		cwrite $05, [$00 + @COPROCESSOR_LOCK]
		cread $02, [$00 + @COPROCESSOR_LOCK]
		IF_BIT_SET($02, 0)
			BREAK()
		ENDIF()
	ENDLOOP()
	cread $02, [$00 + @THREAD_SYNC]
	and $02, $02, $04
	or $02, $02, $03
	cwrite $02, [$00 + @THREAD_SYNC]
	cwrite $00, [$00 + @COPROCESSOR_LOCK]
END_SUBROUTINE()

#undef MEET_SELF
#undef MEET_OTHER
#undef THREAD_BIT
