/* The handlers of a processor that only boots (a7xx BV and LPAC in the
 * SDK's bundle): every packet is skipped. IDLE_DEFAULT_HANDLER names the
 * default handler the linker script looks for. */
HANDLER(CP_NOP)
	SKIP_PAYLOAD()
END_HANDLER()

.global IDLE_DEFAULT_HANDLER
IDLE_DEFAULT_HANDLER:
	SKIP_PAYLOAD()
	NEXT_PACKET()
