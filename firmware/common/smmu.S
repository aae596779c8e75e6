/* CP_SMMU_TABLE_UPDATE of the a6xx SQE and the a7xx BR (cpp-included by
 * sqe-handlers.S): the kernel's page-table switch (a6xx_set_pagetable),
 * with the register writes a630 and gen70500 firmware make for it.
 *
 * The caches are flushed and invalidated by events, the GPU waits for
 * idle, then the bus is halted and the SMMU's context bank reprogrammed:
 * its TLB invalidated, TCR bits 7 and 23 set while TTBR0 (with the
 * ASID in the high word) and CONTEXTIDR are written, the TLB invalidated
 * again, TTBR0 read back until it holds the new value, TCR restored, the
 * bus released. The context bank's registers are SMMU register words
 * (TLBIALL 0x186, TLBSYNC 0x1fc, TLBSTATUS 0x1fd, TTBR0 0x8, TCR 0xc,
 * CONTEXTIDR 0xd; 0x400 words a bank) in a GPU register window chosen by
 * bits 16 and up (a630: 0x12000 on; gen70500: 0x30000 on). Both firmwares
 * first run the same steps on registers that reach no SMMU (scratch
 * registers and 0x938, unnamed in the register database), which this
 * firmware does too, so that the writes are the same. */

#if FW_GEN == 6
#define SMMU_WINDOW 0x1 << 16   /* a630's context banks, from 0x12000 on */
#define SMMU_BANKS 0x2000
#define SMMU_HALT 0x3800        /* a630's bus halt request (unnamed) */
#define SMMU_HALT_ACK 0x3801    /* and its acknowledgement, bit 0 */
#define SMMU_REHEARSE 0x889     /* CP_SCRATCH[6]: a630 rehearses in scratch 6 and 7 */
#define SMMU_EV_FLUSH_DEPTH EV(PC_CCU_FLUSH_DEPTH_TS)
#define SMMU_EV_INVALIDATE_DEPTH EV(PC_CCU_INVALIDATE_DEPTH)
#define SMMU_EV_FLUSH_COLOR EV(PC_CCU_FLUSH_COLOR_TS)
#define SMMU_EV_INVALIDATE_COLOR EV(PC_CCU_INVALIDATE_COLOR)
#else
#define SMMU_WINDOW 0x3 << 16
#define SMMU_BANKS 0
#define SMMU_HALT RBBM_GBIF_HALT
#define SMMU_HALT_ACK RBBM_GBIF_HALT_ACK
#define SMMU_REHEARSE 0xa9c /* gen70500's rehearsal registers (unnamed) */
#define SMMU_EV_FLUSH_DEPTH EV(CCU_FLUSH_DEPTH)
#define SMMU_EV_INVALIDATE_DEPTH EV(CCU_INVALIDATE_DEPTH)
#define SMMU_EV_FLUSH_COLOR EV(CCU_FLUSH_COLOR)
#define SMMU_EV_INVALIDATE_COLOR EV(CCU_INVALIDATE_COLOR)
#endif
#define SMMU_REHEARSE_TLB 0x938 /* unnamed: the rehearsal's TLB and TCR */

; smmu_event: the event $03, as CP_EVENT_WRITE sends one without a
; timestamp (clobbers $08, $09)
SUBROUTINE(smmu_event)
	WRITE_REG(|EVENT_CMD << 24, 0x1)
	CALL(fire_event)
END_SUBROUTINE()

; smmu_tlb_flush: TLBIALL and TLBSYNC ($06, $09) written, then TLBSTATUS
; ($0a) read until bit 0 (sync active) is clear
SUBROUTINE(smmu_tlb_flush)
	cwrite $06, [$00 + @REG_WRITE_ADDR]
	cwrite $00, [$00 + @REG_WRITE]
	cwrite $09, [$00 + @REG_WRITE_ADDR]
	cwrite $00, [$00 + @REG_WRITE]
	LOOP()
		cwrite $0a, [$00 + @REG_READ_ADDR]
		IF_BIT_CLEAR($regdata, 0)
			BREAK()
		ENDIF()
	ENDLOOP()
END_SUBROUTINE()

; HALT(request, acknowledgement, bit): sets the bit in the GPU register
; whose offset the first names, then polls the second until the bit shows.
DEFINE_MACRO(HALT, {
	mov $02, m4_eval(1 << $3)
	cwrite $1, [$00 + @REG_WRITE_ADDR]
	cwrite $02, [$00 + @REG_WRITE]
	LOOP()
		cwrite $2, [$00 + @REG_READ_ADDR]
		IF_BIT_SET($regdata, $3)
			BREAK()
		ENDIF()
	ENDLOOP()
})

; smmu_switch: the switch to TTBR0 $0d:$0e and CONTEXTIDR $10, with the
; halt request and acknowledgement in registers $04 and $05 (a7xx: the
; GBIF's in $0c and $0f too), TLBIALL $06, TLBSYNC $09, TLBSTATUS $0a,
; TCR $08, TTBR0 $07, CONTEXTIDR $0b.
SUBROUTINE(smmu_switch)
	HALT($04, $05, 0)
#if FW_GEN == 7
	HALT($0c, $0f, 1)
#endif
	CALL(smmu_tlb_flush)
	mov $03, 0x1 << 23
	or $03, $03, 0x80               ; TCR bits 7 and 23
	cwrite $08, [$00 + @REG_READ_ADDR]
	or $02, $03, $regdata
	cwrite $08, [$00 + @REG_WRITE_ADDR]
	cwrite $02, [$00 + @REG_WRITE]
	cwrite $07, [$00 + @REG_WRITE_ADDR]
	cwrite $0d, [$00 + @REG_WRITE]
	cwrite $0e, [$00 + @REG_WRITE]
	cwrite $0b, [$00 + @REG_WRITE_ADDR]
	cwrite $10, [$00 + @REG_WRITE]
	CALL(smmu_tlb_flush)
	; the switch is done when TTBR0 reads back as written
	LOOP()
		START_REG_READ($07, 0x2, $02)
		xor $02, $regdata, $0d
		xor $0c, $regdata, $0e
		or $02, $02, $0c
		IF_EQ($02, 0)
			BREAK()
		ENDIF()
	ENDLOOP()
	not $03, $03
	cwrite $08, [$00 + @REG_READ_ADDR]
	and $02, $03, $regdata
	cwrite $08, [$00 + @REG_WRITE_ADDR]
	cwrite $02, [$00 + @REG_WRITE]
#if FW_GEN == 7
	; gen70500 releases the GBIF, rehearsal or not
	mov $02, GBIF_HALT
	cwrite $02, [$00 + @REG_WRITE_ADDR]
	cwrite $00, [$00 + @REG_WRITE]
#endif
	cwrite $04, [$00 + @REG_WRITE_ADDR]
	cwrite $00, [$00 + @REG_WRITE]
END_SUBROUTINE()

; CP_SMMU_TABLE_UPDATE (the kernel's, from the ring): TTBR0_LO,
; TTBR0_HI | ASID << 16, CONTEXTIDR and, optionally, the context bank.
; From an IB it is dropped, as vendor firmware drops it.
HANDLER(CP_SMMU_TABLE_UPDATE)
	IF_NE(G_LEVEL, 0)
		SKIP_PAYLOAD()
		NEXT_PACKET()
	ENDIF()
	mov $0d, $data
	mov $0e, $data
	mov $10, $data
	mov $11, 0x0
	IF_NE($rem, 0)
		shl $11, $data, 0xa
	ENDIF()
	SKIP_PAYLOAD()
	cwrite $00, [$00 + @WFI_PEND_INCR]
	mov $03, SMMU_EV_FLUSH_DEPTH
	CALL(smmu_event)
	mov $03, SMMU_EV_INVALIDATE_DEPTH
	CALL(smmu_event)
	mov $03, SMMU_EV_FLUSH_COLOR
	CALL(smmu_event)
	mov $03, SMMU_EV_INVALIDATE_COLOR
	CALL(smmu_event)
#if FW_GEN == 6
	mov $03, EV(CACHE_FLUSH_TS)
	CALL(smmu_event)
	WRITE_REG(RBBM_WAIT_FOR_GPU_IDLE_CMD, 0x1)
	mov $03, EV(CACHE_INVALIDATE)
	CALL(smmu_event)
	WRITE_REG(RBBM_WAIT_FOR_GPU_IDLE_CMD, 0x1)
#else
	mov $03, EV(CACHE_FLUSH7)
	CALL(smmu_event)
	mov $addr, |WAIT_FOR_IDLE << 24
	mov $03, EV(CACHE_INVALIDATE7)
	CALL(smmu_event)
	mov $addr, |WAIT_FOR_IDLE << 24
#endif
	mov $addr, |WFI_PEND_DECR << 24
	; the rehearsal
	mov $04, SMMU_REHEARSE
	mov $05, $04
	mov $07, $04
	add $0c, $04, 0x1
	mov $0f, $0c
	mov $06, SMMU_REHEARSE_TLB
	mov $08, $06
	mov $09, $06
	mov $0a, $06
	mov $0b, $06
	CALL(smmu_switch)
	; the switch: the context bank's registers in the SMMU's window
	mov $02, SMMU_WINDOW
	or $02, $02, SMMU_BANKS
	or $02, $02, $11
	add $06, $02, 0x186
	add $09, $02, 0x1fc
	add $0a, $02, 0x1fd
	add $08, $02, 0xc
	add $07, $02, 0x8
	add $0b, $02, 0xd
	mov $04, SMMU_HALT
	mov $05, SMMU_HALT_ACK
#if FW_GEN == 7
	mov $0c, GBIF_HALT
	mov $0f, GBIF_HALT_ACK
#endif
	CALL(smmu_switch)
#if FW_GEN == 7
	; gen70500 then clears bit 28 of 0xa980 (SP_FS_CTRL_REG0 in the
	; database's a6xx names; its meaning here is not known), twice
	mov $04, 0xa980
	cwrite $04, [$00 + @REG_READ_ADDR]
	clrbit $02, $regdata, b28
	cwrite $04, [$00 + @REG_WRITE_ADDR]
	cwrite $02, [$00 + @REG_WRITE]
	cwrite $04, [$00 + @REG_READ_ADDR]
	clrbit $02, $regdata, b28
	cwrite $04, [$00 + @REG_WRITE_ADDR]
	cwrite $02, [$00 + @REG_WRITE]
#endif
END_HANDLER()

#undef SMMU_WINDOW
#undef SMMU_BANKS
#undef SMMU_HALT
#undef SMMU_HALT_ACK
#undef SMMU_REHEARSE
#undef SMMU_REHEARSE_TLB
#undef SMMU_EV_FLUSH_DEPTH
#undef SMMU_EV_INVALIDATE_DEPTH
#undef SMMU_EV_FLUSH_COLOR
#undef SMMU_EV_INVALIDATE_COLOR

#if FW_GEN == 7
; CP_RESET_CONTEXT_STATE (a7xx): the kernel sends it before a page-table
; switch, to clear what BR and BV share; gen70500 makes no register or
; memory write for it, nor does this firmware, which keeps no such state.
HANDLER(CP_RESET_CONTEXT_STATE)
	SKIP_PAYLOAD()
END_HANDLER()
#endif
