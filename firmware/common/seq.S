/* Numbered events, draws and dispatches: what the a6xx SQE and the a7xx
 * BR and BV send down the pipeline around each one, as a630 and gen70500
 * firmware do (cpp-included by a6xx/events.S and a7xx/events.S, once in
 * each processor's section: the a7xx BV numbers its own events).
 *
 * Every event, draw and dispatch has a number, G_SEQ (0..0xff, then 0
 * again). It goes to CP_EVENT_START, in bits 16..23 of HLSQ_EVENT_CMD
 * and PC_EVENT_CMD (the number alone to HLSQ/PC_DRAW_CMD and
 * _DISPATCH_CMD); after each one comes a CONTEXT_DONE event with the
 * same number, which moves the GPU to its other 3D context (the parity
 * SET_APERTURE reads back, sync.S), then CP_EVENT_END: the same number
 * on a6xx, the next one on a7xx. What the vendor firmware also writes
 * around them, PC_MARKER bookkeeping and performance-counter controls,
 * the SDK leaves out. A processor that drives the compute pipeline only
 * (a7xx LPAC, where the source defines FW_COMPUTE_ONLY) writes the HLSQ's
 * registers alone, not the PC's. */

/* EVENT_CMD_WRITE(value): an event command to the HLSQ and, but on a
 * compute-only processor, the PC. */
#ifdef FW_COMPUTE_ONLY
DEFINE_MACRO(EVENT_CMD_WRITE, {
	WRITE_REG(HLSQ_EVENT_CMD, $1)
})
#else
DEFINE_MACRO(EVENT_CMD_WRITE, {
	WRITE_REG(HLSQ_EVENT_CMD, $1)
	WRITE_REG(PC_EVENT_CMD, $1)
})
#endif

; seq_start: $09 = G_SEQ << 16, CP_EVENT_START = G_SEQ.
SUBROUTINE(seq_start)
	and $09, G_SEQ, 0xff
	WRITE_REG(CP_EVENT_START, $09)
	shl $09, $09, 0x10
END_SUBROUTINE()

; seq_end: with $09 = G_SEQ << 16, the CONTEXT_DONE event, CP_EVENT_END,
; and the next number.
SUBROUTINE(seq_end)
	or $08, $09, EV(CONTEXT_DONE)
	EVENT_CMD_WRITE($08)
#if FW_GEN == 6
	ushr $08, $09, 0x10
	WRITE_REG(CP_EVENT_END, $08)
#endif
	CALL(seq_next)
END_SUBROUTINE()

; seq_next: the next number (on a7xx, also to CP_EVENT_END).
SUBROUTINE(seq_next)
	add G_SEQ, G_SEQ, 0x1
	and G_SEQ, G_SEQ, 0xff
#if FW_GEN == 7
	WRITE_REG(CP_EVENT_END, G_SEQ)
#endif
END_SUBROUTINE()

; fire_event: the event $03 between CP_EVENT_START and CP_EVENT_END
; (the EVENT_CMD pipe register is the caller's).
SUBROUTINE(fire_event)
	CALL(seq_start)
	or $08, $09, $03
	EVENT_CMD_WRITE($08)
	CALL(seq_end)
END_SUBROUTINE()
