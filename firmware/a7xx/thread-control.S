/* CP_THREAD_CONTROL for a7xx BR and BV, which both read it: THREAD (bits
 * 0..1), CONCURRENT_BIN_DISABLE (27), SYNC_THREADS (31). This bundle
 * never turns concurrent binning on, so BR runs every packet, BV's
 * sections too, and has no binning pass to hand BV, which passes every
 * other packet over. With SYNC_THREADS the two meet first. The first one
 * after boot reports the processor's event number to CP_EVENT_END, as
 * gen70500's BR and BV do. Included once in each processor's image, with
 * MEET_NAME, MEET_CHANGE (subroutine names), MEET_SELF and MEET_OTHER (the
 * @THREAD_SYNC bits: BR's 4, BV's 5) defined. */
HANDLER(CP_THREAD_CONTROL)
	IF_BIT_CLEAR(G_FLAGS, 0)
		or G_FLAGS, G_FLAGS, 0x1
		WRITE_REG(CP_EVENT_END, G_SEQ)
	ENDIF()
	IF_NE($rem, 0)
		mov $05, $data
		IF_BIT_SET($05, 31)
			CALL(MEET_NAME)
		ENDIF()
	ENDIF()
	SKIP_PAYLOAD()
END_HANDLER()

/* MEET_NAME: BR and BV meet at @THREAD_SYNC, as gen70500's do: each
 * waits for its own bit (MEET_SELF) to be clear, sets it, waits for the
 * other's (MEET_OTHER), and clears that one, so that neither goes on
 * before both have arrived. Uses $02..$05. */
SUBROUTINE(MEET_NAME)
	LOOP()
		cread $02, [$00 + @THREAD_SYNC]
		IF_BIT_CLEAR($02, MEET_SELF)
			BREAK()
		ENDIF()
	ENDLOOP()
	mov $03, 0x1
	shl $03, $03, MEET_SELF
	not $04, $00
	CALL(MEET_CHANGE)
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
	CALL(MEET_CHANGE)
END_SUBROUTINE()

/* MEET_CHANGE: @THREAD_SYNC = (@THREAD_SYNC & $04) | $03. It is shared,
 * so the change holds COPROCESSOR_LOCK's bit 0, waiting while the other
 * processor holds it. Uses $02 and $05. */
SUBROUTINE(MEET_CHANGE)
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

#undef MEET_NAME
#undef MEET_CHANGE
#undef MEET_SELF
#undef MEET_OTHER
