/* Example: a packet that writes a 64-bit GPU timestamp to memory.
 *
 *   CP_TIMESTAMP (opcode 0x7a, unused by the SDK's and vendor a6xx/a7xx
 *   firmware): ADDR_LO, ADDR_HI
 *
 * It reads the always-on counter, a 64-bit register pair that counts at a
 * fixed rate, and stores it at ADDR as two words, low first.
 *
 * Build it onto the SDK's firmware (make does: build/firmware/examples/
 * timestamp.fw) or onto a vendor image:
 *   afuc-as -o timestamp.o timestamp.S
 *   afuc-ld --base a630_sqe.fw -o patched.fw timestamp.o
 * Test: timestamp.emu. */
GPU(a6xx)

HANDLER(UNKN122)                      ; the packet-table entry for 0x7a
	READ_ADDR64($02, $03)         ; where to write
	; two registers from CP_ALWAYS_ON_COUNTER on: its low, then high word
	START_REG_READ(CP_ALWAYS_ON_COUNTER, 2, $11)
	mov $04, $regdata
	mov $05, $regdata
	MEM_WRITE($02, $03, $04, $05)
END_HANDLER()                         ; waitin: on to the next packet
