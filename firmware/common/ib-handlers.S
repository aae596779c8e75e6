/* Indirect buffers, on the processors that read a command stream: the
 * a6xx SQE, the a7xx BR, BV and LPAC, the a5xx PFP. Included after GPU()
 * and fw.h; the level being read is G_LEVEL, which the firmware mirrors
 * into the queue's level register (@IB_LEVEL). The IBn_BASE/IBn_DWORDS
 * registers of consecutive levels are 4 control registers apart on
 * every generation (0x010, 0x014... on a6xx and a7xx; 0x0b0, 0x0b4 on
 * a5xx). */

; CP_INDIRECT_BUFFER: IB_BASE_LO, IB_BASE_HI, IB_SIZE (bits 0..19, in
; words). The next packets come from the buffer; when it is used up the
; queue hands the firmware an IN_IB_END packet.
HANDLER(CP_INDIRECT_BUFFER)
	CALL(enter_ib)
END_HANDLER()

; enter_ib: reads CP_INDIRECT_BUFFER's payload and goes one level up
; into the buffer (the a7xx loop passing packets over calls it too). An
; empty buffer is skipped; one past the deepest level is a fatal error,
; as in vendor firmware.
SUBROUTINE(enter_ib)
	READ_ADDR64($02, $03)
	EXTRACT_BITS($04, $data, 0, 19)
#ifdef IB_VISIBILITY
	; with IB2 skipping on (vis.S), an IB2 none of whose draws is
	; visible is passed over: a630 looks at those its fourth word
	; counts, or (none given) every draw left in the bin; gen70500
	; only passes IB2s over once a draw has found the stream done
	cread $06, [$00 + VIS_FLAGS]
	and $06, $06, SKIP_IB2_BOTH
	IF_EQ($06, SKIP_IB2_BOTH, $07)
		IF_EQ(G_LEVEL, 1)
#if FW_GEN == 6
			mov $05, VIS_UNCOUNTED
			IF_NE($rem, 0)
				mov $05, $data
			ENDIF()
			mov $06, 0x0
			CALL(vis_skip)
#else
			cread $05, [$00 + VIS_NEXT]
			ushr $06, $05, 0x1e     ; 1: VIS_NONE
#endif
			IF_NE($06, 0)
				mov $04, 0x0
			ENDIF()
		ENDIF()
	ENDIF()
#endif
	SKIP_PAYLOAD()
	IF_NE($04, 0)
		IF_GE(G_LEVEL, MAX_IB_LEVEL, $11)
			jump #fatal_error
			nop
		ENDIF()
		shl $05, G_LEVEL, 0x2           ; IBn_BASE of the next level
		cwrite $02, [$05 + @IB1_BASE]
		cwrite $03, [$05 + @IB1_BASE+0x1]
		cwrite $04, [$05 + @IB1_DWORDS]
		add G_LEVEL, G_LEVEL, 0x1
		cwrite G_LEVEL, [$00 + @IB_LEVEL]
	ENDIF()
END_SUBROUTINE()

; A command stream the firmware cannot go on with (fw.h).
fatal_error:
	FATAL_ERROR(fatal_stop)

; IN_IB_END (0x0a; unnamed on a5xx): made up by the queue when a buffer
; runs out.
HANDLER(IB_END_OPCODE)
	CALL(leave_ib)
END_HANDLER()

; leave_ib: back to the level the buffer was called from.
SUBROUTINE(leave_ib)
	IF_NE(G_LEVEL, 0)
		sub G_LEVEL, G_LEVEL, 0x1
	ENDIF()
	cwrite G_LEVEL, [$00 + @IB_LEVEL]
END_SUBROUTINE()
