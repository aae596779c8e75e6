/* Waiting for the pipeline before reading what it may still be changing
 * (cpp-included by cp-handlers.S and cond-handlers.S; once), as a630 and
 * gen70500 firmware do; on a5xx the macros are empty.
 *
 * WAIT_FOR_ME_SYNC(tmp): CP_WAIT_FOR_ME, and the wait a read implies:
 * count a pending wait (WFI_PEND_INCR), wait until the counter of pending
 * waits drains, and hand the wait down the pipeline (the WFI_PEND_DECR
 * pipe register), which the GPU acts on.
 *
 * SET_APERTURE(tmp, tmp2), a6xx: point the SQE's register reads at the
 * context the registers were last written in. The GPU switches between
 * its two 3D contexts at every CONTEXT_DONE, and the a6xx SQE sends one
 * after every event and draw (seq.S), so the 3D context (bit 4) is the
 * parity of G_SEQ; the same for the 2D context (bit 0), switched by
 * each blit's CONTEXT_DONE_2D, and G_SEQ2D. Both arguments are scratch
 * registers.
 *
 * READ_SYNC(tmp, tmp2): both, what a630 does before it reads registers
 * (gen70500: the wait). */
#ifndef FW_COMMON_SYNC_S
#define FW_COMMON_SYNC_S
#if FW_GEN >= 6
DEFINE_MACRO(WAIT_FOR_ME_SYNC, {
	cwrite $00, [$00 + @WFI_PEND_INCR]
	LOOP()
		cread $1, [$00 + @WFI_PEND_CTR]
		IF_EQ($1, 0)
			BREAK()
		ENDIF()
	ENDLOOP()
	mov $addr, |WFI_PEND_DECR << 24
})
#else
DEFINE_MACRO(WAIT_FOR_ME_SYNC, {})
#endif
#if FW_GEN == 6
DEFINE_MACRO(SET_APERTURE, {
	and $1, G_SEQ, 0x1
	shl $1, $1, 0x4
	and $2, G_SEQ2D, 0x1
	or $1, $1, $2
	WRITE_REG_DIRECT(CP_APERTURE_CNTL_SQE, $1, $2)
})
#else
DEFINE_MACRO(SET_APERTURE, {})
#endif
DEFINE_MACRO(READ_SYNC, {
	WAIT_FOR_ME_SYNC($1)
	SET_APERTURE($1, $2)
})
#endif
