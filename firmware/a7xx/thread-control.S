/* CP_THREAD_CONTROL for a7xx BR and BV, which both read it: THREAD (bits
 * 0..1), CONCURRENT_BIN_DISABLE (27), SYNC_THREADS (31). This bundle
 * never turns concurrent binning on, so BR runs every packet, BV's
 * sections too, and has no binning pass to hand BV, which passes every
 * other packet over. With SYNC_THREADS the two meet first. The first one
 * after boot reports the processor's event number to CP_EVENT_END, as
 * gen70500's BR and BV do. Included once in each processor's image, with
 * MEET_NAME, MEET_LOCK (subroutine names), MEET_SELF and MEET_OTHER (the
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
 * before both have arrived. @THREAD_SYNC is shared, so each change of
 * it holds COPROCESSOR_LOCK's bit 0. Uses $02..$04. */
SUBROUTINE(MEET_NAME)
	LOOP()
		cread $02, [$00 + @THREAD_SYNC]
		IF_BIT_CLEAR($02, MEET_SELF)
			BREAK()
		ENDIF()
	ENDLOOP()
	CALL(MEET_LOCK)
	cread $02, [$00 + @THREAD_SYNC]
	mov $03, 0x1
	shl $03, $03, MEET_SELF
	or $02, $02, $03
	cwrite $02, [$00 + @THREAD_SYNC]
	cwrite $00, [$00 + @COPROCESSOR_LOCK]
	LOOP()
		cread $02, [$00 + @THREAD_SYNC]
		IF_BIT_SET($02, MEET_OTHER)
			BREAK()
		ENDIF()
	ENDLOOP()
	CALL(MEET_LOCK)
	cread $02, [$00 + @THREAD_SYNC]
	mov $03, 0x1
	shl $03, $03, MEET_OTHER
	not $03, $03
	and $02, $02, $03
	cwrite $02, [$00 + @THREAD_SYNC]
	cwrite $00, [$00 + @COPROCESSOR_LOCK]
END_SUBROUTINE()

/* MEET_LOCK: takes COPROCESSOR_LOCK's bit 0, waiting while the other
 * processor holds it. */
SUBROUTINE(MEET_LOCK)
	mov $03, 0x1
	LOOP()
		cwrite $03, [$00 + @COPROCESSOR_LOCK]
		cread $04, [$00 + @COPROCESSOR_LOCK]
		IF_BIT_SET($04, 0)
			BREAK()
		ENDIF()
	ENDLOOP()
END_SUBROUTINE()

#undef MEET_NAME
#undef MEET_LOCK
#undef MEET_SELF
#undef MEET_OTHER
