/* CP_NOP and the default handler of a processor without cp-handlers.S
 * (a7xx BV): both skip the packet. IDLE_DEFAULT_HANDLER names the
 * default handler the linker script looks for. */
HANDLER(CP_NOP)
	SKIP_PAYLOAD()
END_HANDLER()

.global IDLE_DEFAULT_HANDLER
IDLE_DEFAULT_HANDLER:
	SKIP_PAYLOAD()
	NEXT_PACKET()
