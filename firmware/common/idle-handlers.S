/* The handlers of a processor that only boots (a7xx BV and LPAC in the
 * SDK's bundle): every packet is skipped. */
HANDLER(CP_NOP)
	SKIP_PAYLOAD()
END_HANDLER()

unknown_packet_idle:
	SKIP_PAYLOAD()
	NEXT_PACKET()
