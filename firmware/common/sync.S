/* Waiting for the pipeline (cpp-included by cp-handlers.S and
 * cond-handlers.S; once), as the a6xx SQE and the a7xx BR do.
 *
 * PIPELINE_WAIT(tmp): CP_WAIT_FOR_ME on a6xx and a7xx: count a pending
 * wait (WFI_PEND_INCR), wait until the counter of pending waits drains,
 * and hand the wait down the pipeline (the WFI_PEND_DECR pipe register),
 * which the GPU acts on. Empty on a5xx.
 *
 * WAIT_FOR_ME_SYNC(tmp): the same wait, which the a6xx SQE also makes
 * before it reads GPU state that the pipeline may still be changing (a630
 * firmware does; gen70500 does not). Empty on a5xx and a7xx.
 *
 * SET_APERTURE(tmp): point the SQE's register reads at the context the
 * registers were last written in. The GPU switches between its two 3D
 * contexts at every CONTEXT_DONE, and the a6xx SQE sends one after every
 * event and draw (events.S), so the context is the parity of G_SEQ. The
 * SDK sends no 2D events, so the 2D context (bit 0) stays 0. */
#ifndef FW_COMMON_SYNC_S
#define FW_COMMON_SYNC_S
#if FW_GEN >= 6
DEFINE_MACRO(PIPELINE_WAIT, {
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
DEFINE_MACRO(PIPELINE_WAIT, {})
#endif
#if FW_GEN == 6
DEFINE_MACRO(WAIT_FOR_ME_SYNC, {PIPELINE_WAIT($1)})
DEFINE_MACRO(SET_APERTURE, {
	and $1, G_SEQ, 0x1
	shl $1, $1, 0x4
	WRITE_REG_DIRECT(CP_APERTURE_CNTL_SQE, $1)
})
#else
DEFINE_MACRO(WAIT_FOR_ME_SYNC, {})
DEFINE_MACRO(SET_APERTURE, {})
#endif
#endif
