/* The machine behind the instructions: packet dispatch, the queues, the
 * register spaces and their side effects, the write log, errors, the
 * API's helpers; then a fuzz run and two emulators side by side. */
#include "afuc/emuload.h"
#include "afuc/tap.h"
#include "prog.h"

#define R_DATA ISA_REG_DATA
#define R_ADDR ISA_REG_ADDR
#define R_REM ISA_REG_REM

static void test_headers(struct tap *t)
{
	/* Headers the kernel would build (checked against the reference
	 * trace of Mesa's emulator: CP_NOP with 4 words, CP_MEM_WRITE with
	 * 3), and type-4 by hand: reg 0x8c1 nibbles 8^c^1 = 5, 0x9669 bit 5
	 * is 1; count 1: bit 1 is 0. */
	tap_is_hex(t, emu_pkt7_header(0x10, 4), 0x70100004, "pkt7 CP_NOP, 4 words");
	tap_is_hex(t, emu_pkt7_header(0x3d, 3), 0x703d8003, "pkt7 CP_MEM_WRITE, 3 words");
	tap_is_hex(t, emu_pkt4_header(0x8c1, 1), 0x4808c101, "pkt4 0x8c1, 1 word");
	tap_is_int(t, emu_pm4_parity(0), 1, "odd parity of 0 is 1");
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX}, NULL);
	tap_ok(t, !emu_push_pkt7(emu, 0x80, NULL, 0), "pkt7 refuses opcode 0x80");
	tap_ok(t, !emu_push_pkt4(emu, 0x40000, NULL, 0), "pkt4 refuses register 0x40000");
	uint32_t many[0x80] = {0};
	tap_ok(t, !emu_push_pkt4(emu, 0, many, 0x80), "pkt4 refuses 128 words");
	tap_is_int(t, (long long)emu_ring_pending(emu), 0, "and appends nothing");
	uint64_t op = 0;
	tap_ok(t, emu_lookup(emu, EMU_SPACE_PM4, "UNKN76", &op) && op == 76,
	       "UNKN76 is opcode 76 without a database");
	tap_ok(t, emu_lookup(emu, EMU_SPACE_PM4, "UNKN127", &op) && op == 127, "UNKN127 is 127");
	tap_ok(t,
	       !emu_lookup(emu, EMU_SPACE_PM4, "UNKN128", &op) &&
		       !emu_lookup(emu, EMU_SPACE_PM4, "UNKN07", &op) &&
		       !emu_lookup(emu, EMU_SPACE_PM4, "UNKN", &op) &&
		       !emu_lookup(emu, EMU_SPACE_PM4, "UNKN1x", &op) &&
		       !emu_lookup(emu, EMU_SPACE_PM4, "UNKN-1", &op),
	       "UNKN128, UNKN07, UNKN, UNKN1x and UNKN-1 are not");
	tap_ok(t, !emu_lookup(emu, EMU_SPACE_GPU, "UNKN5", &op), "UNKNn names only packets");
	tap_ok(t, emu_run(emu) == EMU_ERROR && emu_error_kind(emu) == EMU_ERR_NO_IMAGE,
	       "run without an image: %s", emu_error(emu));
	emu_free(emu);
	char *why = NULL;
	tap_ok(t, !emu_new(&(struct emu_config){.gen = 4}, &why) && why, "gen 4 is refused: %s",
	       why ? why : "");
	free(why);
	uint32_t head[] = {0, 0x016ee207};
	enum emu_gen gen;
	tap_ok(t, emu_guess_gen(head, 2, &gen) && gen == EMU_A6XX, "0x016ee207 is a6xx");
	head[1] = 0x01512162;
	tap_ok(t, emu_guess_gen(head, 2, &gen) && gen == EMU_A7XX, "0x01512162 is a7xx");
	head[1] = 0x005ff063;
	tap_ok(t, emu_guess_gen(head, 2, &gen) && gen == EMU_A5XX, "0x005ff063 is a5xx");
}

/* A program whose handler for opcode 0x10 and PKT4 is body. */
static struct emu *handler(struct prog *p, enum emu_gen gen, void (*body)(struct prog *))
{
	prog_init(p, gen);
	prog_end(p);
	body(p);
	prog_end(p);
	struct emu *emu = prog_emu(p);
	emu_set_packet_entry(emu, EMU_MAIN, 0x10, 2);
	emu_set_packet_entry(emu, EMU_MAIN, 4, 2);
	return emu;
}

static void body_keep(struct prog *p)
{
	put(p, A(p, "mov", F(DST, 2), F(SRC2, 1)));
	put(p, A(p, "mov", F(DST, 3), F(SRC2, R_REM)));
	put(p, A(p, "mov", F(REP, 1), F(DST, 0), F(SRC2, R_DATA)));
}

static void test_dispatch(struct tap *t)
{
	struct prog p;
	struct emu *emu = handler(&p, EMU_A6XX, body_keep);
	emu_push_pkt7(emu, 0x10, (uint32_t[]){1, 2, 3}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "type-7 packet handled");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 2), 0x70108003, "$01 holds the header");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 3, "$rem holds the count");
	tap_is_int(t, (long long)emu_ring_pending(emu), 0, "every word read");
	emu_push_pkt4(emu, 0x8c1, (uint32_t[]){9}, 1);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "type-4 packet handled through entry 4");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 2), 0x4808c101, "$01 holds the type-4 header");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 1, "$rem its count");
	tap_is_hex(t, emu_pc(emu, EMU_MAIN), 5, "idle at the handler's waitin");
	emu_push_raw(emu, (uint32_t[]){0x12345678}, 1);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "a word that is no header stops the run");
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_PACKET, "as a packet error");
	tap_is_int(t, emu_run(emu), EMU_ERROR, "and the emulator stays stopped");
	emu_free(emu);

	emu = handler(&p, EMU_A6XX, body_keep);
	emu_push_raw(emu, (uint32_t[]){emu_pkt7_header(0x10, 0) ^ 0x8000},
		     1); /* count parity flipped */
	emu_run(emu);
	tap_ok(t, emu_error_kind(emu) == EMU_ERR_PACKET && strstr(emu_error(emu), "parity"),
	       "bad parity is refused: %s", emu_error(emu));
	emu_free(emu);

	emu = handler(&p, EMU_A6XX, body_keep);
	emu_push_pkt7(emu, 0x11, NULL, 0); /* entry 0x11 still 0: the bootstrap */
	emu_set_packet_entry(emu, EMU_MAIN, 0x11, 0x1000);
	emu_run(emu);
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_BRANCH, "a packet-table entry past the image");
	emu_free(emu);
}

static void body_overread(struct prog *p)
{
	put(p, A(p, "mov", F(DST, 2), F(SRC2, R_DATA)));
	put(p, A(p, "mov", F(DST, 3), F(SRC2, R_DATA)));
}

static void test_queue_errors(struct tap *t)
{
	struct prog p;
	struct emu *emu = handler(&p, EMU_A6XX, body_overread);
	emu_push_pkt7(emu, 0x10, (uint32_t[]){1}, 1);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "reading past the ring buffer stops the run");
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_QUEUE_EMPTY, "as queue-empty");
	const char *msg = emu_error(emu);
	tap_ok(t,
	       strstr(msg, "$data read with the ring buffer queue empty") &&
		       strstr(msg, "at SQE pc 0003:") && strstr(msg, "981f1806  mov $03, $data") &&
		       strstr(msg, "instructions before it"),
	       "the message names the pc, the instruction and what ran before:\n%s", msg);
	emu_free(emu);
}

static void body_memdata(struct prog *p)
{
	li(p, 2, 0x2000);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x018))); /* MEM_READ_ADDR */
	put(p, A(p, "cwrite", F(SRC1, 0), F(SRC2, 0), F(IMM, 0x019)));
	li(p, 2, 2);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x01a))); /* MEM_READ_DWORDS */
	put(p, A(p, "mov", F(DST, 3), F(SRC2, ISA_REG_MEMDATA)));
	put(p, A(p, "mov", F(DST, 4), F(SRC2, ISA_REG_MEMDATA)));
	put(p, A(p, "cread", F(DST, 5), F(SRC1, 0), F(IMM, 0x018)));
	put(p, A(p, "mov", F(DST, 6), F(SRC2, ISA_REG_MEMDATA))); /* empty */
}

/* a7xx (MEM_READ_ADDR 0x01c, MEM_READ_DWORDS 0x01e): a word at 0x2000
 * asked for, then one at 0x3000 before the first is read (gen70500's
 * CP_SET_BIN_DATA5) */
static void body_a7_memdata(struct prog *p)
{
	for (uint32_t addr = 0x2000; addr <= 0x3000; addr += 0x1000) {
		li(p, 2, addr);
		put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x01c)));
		put(p, A(p, "cwrite", F(SRC1, 0), F(SRC2, 0), F(IMM, 0x01d)));
		li(p, 2, 1);
		put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x01e)));
	}
	put(p, A(p, "mov", F(DST, 3), F(SRC2, ISA_REG_MEMDATA)));
	put(p, A(p, "mov", F(DST, 4), F(SRC2, ISA_REG_MEMDATA)));
}

static void body_regdata(struct prog *p)
{
	li(p, 2, 2);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x026))); /* REG_READ_DWORDS */
	li(p, 2, 0x8c1);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x027))); /* REG_READ_ADDR */
	put(p, A(p, "mov", F(DST, 3), F(SRC2, ISA_REG_REGDATA)));
	put(p, A(p, "mov", F(DST, 4), F(SRC2, ISA_REG_REGDATA)));
	/* two reads without a count, queued before either is read (the
	 * 2023 a630_sqe's CP_SET_BIN_DATA5_OFFSET) */
	li(p, 2, 0x8c2);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x027)));
	li(p, 2, 0x8c1);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x027)));
	put(p, A(p, "mov", F(DST, 5), F(SRC2, ISA_REG_REGDATA)));
	put(p, A(p, "mov", F(DST, 6), F(SRC2, ISA_REG_REGDATA)));
	put(p, A(p, "mov", F(DST, 7), F(SRC2, ISA_REG_REGDATA))); /* empty */
}

static void body_a5_regdata(struct prog *p)
{
	li(p, R_ADDR, 0x8c1);
	put(p, A(p, "mov", F(DST, 3), F(SRC2, ISA_REG_REGDATA)));
	put(p, A(p, "mov", F(DST, 4), F(SRC2, ISA_REG_REGDATA)));
}

/* a7xx storex and loadx (store and load with bit 15 set): the same
 * address as store and load, ! in bit 14 */
static void body_a7_storex(struct prog *p)
{
	li(p, 4, 0x80000001);
	put(p, A(p, "cwrite", F(SRC1, 4), F(SRC2, 0), F(IMM, 0x058)));
	li(p, 5, 0x4000);
	li(p, 6, 0xfeed);
	put(p, A(p, "storex", F(SRC1, 6), F(SRC2, 5), F(IMM, 0x101c)));
	put(p, A(p, "loadx", F(DST, 7), F(SRC1, 5), F(IMM, 0x101c)));
	put(p, A(p, "storex", F(PREINC, 1), F(SRC1, 4), F(SRC2, 5), F(IMM, 0x4)));
	put(p, A(p, "storex", F(PREINC, 1), F(SRC1, 6), F(SRC2, 5), F(IMM, 0x4)));
}

static void test_storex(struct tap *t)
{
	struct prog p;
	struct emu *emu = handler(&p, EMU_A7XX, body_a7_storex);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a7xx storex and loadx run");
	tap_is_hex(t, emu_mem_read32(emu, 0x10000501cull), 0xfeed,
		   "storex writes (LOAD_STORE_HI << 32) + $05 + 0x101c");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 7), 0xfeed, "loadx reads it back");
	tap_ok(t,
	       emu_mem_read32(emu, 0x100004004ull) == 0x80000001 &&
		       emu_mem_read32(emu, 0x100004008ull) == 0xfeed,
	       "storex with ! writes consecutive words (gen 8's dumps)");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0x4008, "and moves the base");
	emu_free(emu);
}

static void test_read_queues(struct tap *t)
{
	struct prog p;
	struct emu *emu = handler(&p, EMU_A6XX, body_memdata);
	emu_mem_write(emu, 0x2000, (uint32_t[]){0xaaaa, 0xbbbb}, 2);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "$memdata: a third read of two fails");
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_QUEUE_EMPTY, "as queue-empty");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0xaaaa, "$memdata reads MEM_READ_ADDR");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0xbbbb, "then the next word");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0x2008, "MEM_READ_ADDR advances");
	emu_free(emu);

	emu = handler(&p, EMU_A7XX, body_a7_memdata);
	emu_mem_write(emu, 0x2000, (uint32_t[]){0xaaaa}, 1);
	emu_mem_write(emu, 0x3000, (uint32_t[]){0xbbbb}, 1);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a7xx: two memory reads asked for, then read");
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 3) == 0xaaaa && emu_gpr(emu, EMU_MAIN, 4) == 0xbbbb,
	       "a7xx: the second queues behind the first");
	emu_free(emu);

	emu = handler(&p, EMU_A6XX, body_regdata);
	emu_set_reg(emu, 0x8c1, 0x11);
	emu_set_reg(emu, 0x8c2, 0x22);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_error_kind((emu_run(emu), emu)), EMU_ERR_QUEUE_EMPTY,
		   "$regdata: a read with nothing queued fails");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0x11, "$regdata reads REG_READ_ADDR");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0x22, "then the next register");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0x22, "REG_READ_ADDR alone queues one read");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 6), 0x11, "a second queues behind the first");
	emu_free(emu);

	emu = handler(&p, EMU_A5XX, body_a5_regdata);
	emu_set_reg(emu, 0x8c1, 0x11);
	emu_set_reg(emu, 0x8c2, 0x22);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a5xx: $regdata reads at $addr");
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 3) == 0x11 && emu_gpr(emu, EMU_MAIN, 4) == 0x22,
	       "and $addr increments");
	emu_free(emu);
}

static void body_regs(struct prog *p)
{
	/* $addr with bit 18: no increment */
	li(p, R_ADDR, 0x40000 | 0x123);
	put(p, A(p, "mov", F(DST, R_DATA), F(IMM, 1)));
	put(p, A(p, "mov", F(DST, R_DATA), F(IMM, 2)));
	/* REG_WRITE_ADDR with flag bits kept, REG_WRITE increments */
	li(p, 2, 0x00300000 | 0x9e0b);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x024)));
	put(p, A(p, "cwrite", F(SRC1, R_REM), F(SRC2, 0), F(IMM, 0x025)));
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x025)));
	/* a payload-less pipe register acts on the $addr write */
	put(p, A(p, "mov", F(DST, R_ADDR), F(IMM, 0x84), F(SHIFT, 24)));
	/* NRT_ADDR, NRT_ADDR+1, then NRT_DATA twice with bit 18 */
	put(p, A(p, "mov", F(DST, R_ADDR), F(IMM, 0xa0), F(SHIFT, 24)));
	li(p, 3, 0x3000);
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 3)));
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 0)));
	put(p, A(p, "mov", F(DST, R_ADDR), F(IMM, 0xa204), F(SHIFT, 16)));
	put(p, A(p, "mov", F(DST, R_DATA), F(IMM, 0x51)));
	put(p, A(p, "mov", F(DST, R_DATA), F(IMM, 0x52)));
	/* NRT_ADDR with bit 0 set keeps the address */
	put(p, A(p, "mov", F(DST, R_ADDR), F(IMM, 0xa0), F(SHIFT, 24)));
	li(p, 3, 0x3101);
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 3)));
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 0)));
	put(p, A(p, "mov", F(DST, R_ADDR), F(IMM, 0xa204), F(SHIFT, 16)));
	put(p, A(p, "mov", F(DST, R_DATA), F(IMM, 0x61)));
	put(p, A(p, "mov", F(DST, R_DATA), F(IMM, 0x62)));
	/* store and load through LOAD_STORE_HI; bit 31 is not an address bit */
	li(p, 4, 0x80000001);
	put(p, A(p, "cwrite", F(SRC1, 4), F(SRC2, 0), F(IMM, 0x058)));
	li(p, 5, 0x4000);
	li(p, 6, 0xfeed);
	put(p, A(p, "store", F(SRC1, 6), F(SRC2, 5), F(IMM, 0x10)));
	put(p, A(p, "load", F(DST, 7), F(SRC1, 5), F(IMM, 0x10)));
	put(p, A(p, "load", F(PREINC, 1), F(DST, 8), F(SRC1, 5), F(IMM, 0x14)));
	/* SQE registers */
	put(p, A(p, "swrite", F(SRC1, 6), F(SRC2, 0), F(IMM, 0x30)));
	put(p, A(p, "sread", F(DST, 9), F(SRC1, 0), F(IMM, 0x30)));
}

static bool log_is(const struct emu *emu, size_t i, enum emu_write_kind kind, uint64_t addr,
		   uint32_t value)
{
	const struct emu_write *w = &emu_writes(emu)[i];
	return i < emu_write_count(emu) && w->kind == kind && w->addr == addr && w->value == value;
}

static void cwrite(struct prog *p, unsigned src, uint32_t offset)
{
	put(p, A(p, "cwrite", F(SRC1, src), F(SRC2, 0), F(IMM, offset)));
}

static void cread(struct prog *p, unsigned dst, uint32_t offset)
{
	put(p, A(p, "cread", F(DST, dst), F(SRC1, 0), F(IMM, offset)));
}

/* a6xx: the decoder started on the stream at 0x2000 (one dword), read
 * with the look-ahead on (VSD_MODE bit 0), then without it; and the
 * packet's payload dwords and how many were read */
static void body_vsd(struct prog *p)
{
	li(p, 2, 0x2000);
	cwrite(p, 2, 0x020); /* VSD_ADDR */
	cwrite(p, 0, 0x021);
	li(p, 2, 1);
	cwrite(p, 2, 0x022); /* VSD_DWORDS */
	cwrite(p, 2, 0x02c); /* VSD_CNTL: start */
	cwrite(p, 2, 0x02e); /* VSD_MODE: look ahead */
	cread(p, 3, 0x028);  /* VSD_FIFO */
	cread(p, 4, 0x028);
	cwrite(p, 0, 0x02e);
	cread(p, 5, 0x028);
	cread(p, 6, 0x029); /* VSD_STATUS */
	put(p, A(p, "mov", F(DST, 7), F(SRC2, R_DATA)));
	cread(p, 8, 0x008); /* PACKET_DWORDS */
	cread(p, 9, 0x009); /* PACKET_DWORDS_READ */
	put(p, A(p, "mov", F(REP, 1), F(DST, 0), F(SRC2, R_DATA)));
}

/* a5xx: the PFP's CP_SET_BIN_DATA5 writes the stream's address and size
 * (bytes) through REG_WRITE (0x010/0x011) to 0xb26-0xb28 */
static void body_a5_vsd(struct prog *p)
{
	li(p, 2, 0xb26);
	cwrite(p, 2, 0x010);
	li(p, 2, 0x2000);
	cwrite(p, 2, 0x011);
	cwrite(p, 0, 0x011);
	li(p, 2, 4);
	cwrite(p, 2, 0x011);
	cread(p, 3, 0x080); /* VSD_FIFO */
	cread(p, 4, 0x080);
	cread(p, 5, 0x080);
	cread(p, 6, 0x080);
	cread(p, 7, 0x080);
	cread(p, 8, 0x081); /* VSD_STATUS */
	cread(p, 9, 0x082); /* VSD_REACHED */
}

static void test_vsd(struct tap *t)
{
	struct prog p;
	struct emu *emu = handler(&p, EMU_A6XX, body_vsd);
	emu_mem_write(emu, 0x2000, (uint32_t[]){0xa}, 1); /* draws 2 and 4 visible */
	emu_push_pkt7(emu, 0x10, (uint32_t[]){5, 6, 7}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a6xx decoder: runs");
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 3) == 2 && emu_gpr(emu, EMU_MAIN, 4) == 4,
	       "the look-ahead reads the visible draws, 2 and 4 (%u, %u)",
	       emu_gpr(emu, EMU_MAIN, 3), emu_gpr(emu, EMU_MAIN, 4));
	tap_is_int(t, emu_gpr(emu, EMU_MAIN, 5), 2, "and leaves them: the next read is 2 again");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 6), 1u << 30 | 32, "status: decoded, 32 draws");
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 8) == 3 && emu_gpr(emu, EMU_MAIN, 9) == 1,
	       "PACKET_DWORDS 3, PACKET_DWORDS_READ 1 (%u, %u)", emu_gpr(emu, EMU_MAIN, 8),
	       emu_gpr(emu, EMU_MAIN, 9));
	emu_free(emu);

	emu = handler(&p, EMU_A5XX, body_a5_vsd);
	emu_mem_write(emu, 0x2000, (uint32_t[]){0xa}, 1);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a5xx decoder: started by the size's REG_WRITE");
	tap_ok(t,
	       emu_gpr(emu, EMU_MAIN, 3) == 2 && emu_gpr(emu, EMU_MAIN, 4) == 1 &&
		       emu_gpr(emu, EMU_MAIN, 5) == 4 && emu_gpr(emu, EMU_MAIN, 6) == 1 &&
		       emu_gpr(emu, EMU_MAIN, 7) == 0,
	       "its FIFO: each visible draw and its instance 0 + 1, then 0");
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 8) == 2 && emu_gpr(emu, EMU_MAIN, 9) == 32,
	       "status: decoded, the rest invisible; 32 draws decoded");
	emu_free(emu);
}

static void test_register_spaces(struct tap *t)
{
	struct prog p;
	struct emu *emu = handler(&p, EMU_A6XX, body_regs);
	emu_mem_write32(emu, 0x100004014ull, 0xbeef);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	enum emu_status st = emu_run(emu);
	tap_is_int(t, st, EMU_IDLE, "register program runs: %s", emu_error(emu));
	tap_ok(t,
	       log_is(emu, 0, EMU_WRITE_GPU, 0x123, 1) && log_is(emu, 1, EMU_WRITE_GPU, 0x123, 2),
	       "$addr bit 18: both writes to one register");
	tap_ok(t,
	       log_is(emu, 2, EMU_WRITE_GPU, 0x9e0b, 0) &&
		       log_is(emu, 3, EMU_WRITE_GPU, 0x9e0c, 0x309e0b),
	       "REG_WRITE writes at REG_WRITE_ADDR and increments it");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x024), 0x309e0d, "keeping the flag bits");
	tap_ok(t, log_is(emu, 4, EMU_WRITE_PIPE, 0x84, 0),
	       "mov $addr, 0x84 << 24 writes |WAIT_MEM_WRITES");
	tap_ok(t,
	       log_is(emu, 5, EMU_WRITE_PIPE, 0xa0, 0x3000) &&
		       log_is(emu, 6, EMU_WRITE_PIPE, 0xa1, 0),
	       "$data through a pipe $addr increments the high byte");
	tap_ok(t,
	       log_is(emu, 8, EMU_WRITE_MEM, 0x3000, 0x51) &&
		       log_is(emu, 10, EMU_WRITE_MEM, 0x3004, 0x52),
	       "NRT_DATA writes memory at NRT_ADDR, which advances");
	tap_is_hex(t, emu_mem_read32(emu, 0x3004), 0x52, "memory holds it");
	tap_ok(t,
	       log_is(emu, 14, EMU_WRITE_MEM, 0x3100, 0x61) &&
		       log_is(emu, 16, EMU_WRITE_MEM, 0x3100, 0x62),
	       "NRT_ADDR bit 0 keeps the address (flags cleared)");
	tap_ok(t, log_is(emu, 17, EMU_WRITE_MEM, 0x100004010ull, 0xfeed),
	       "store at (LOAD_STORE_HI << 32) + $05 + 0x10");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 7), 0xfeed, "load reads it back");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 8), 0xbeef, "load with pre-increment");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0x4014, "which updates the base");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 9), 0xfeed, "sread reads what swrite wrote");
	tap_is_int(t, (long long)emu_write_count(emu), 18, "18 writes logged in all");
	emu_free(emu);
}

/* CP_INDIRECT_BUFFER as a6xx firmware does it: IB1_BASE/DWORDS, then
 * IB_LEVEL (level_word: 1, or on a7xx 1 with mode bits above); the IB's
 * packets run, then IN_IB_END (0x0a) returns. */
static void ib_body(struct prog *p, uint32_t level_word)
{
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x010)));
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x011)));
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x012)));
	li(p, 2, level_word);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x054)));
	prog_end(p);
	/* IN_IB_END: back to the ring */
	put(p, A(p, "cwrite", F(SRC1, 0), F(SRC2, 0), F(IMM, 0x054)));
	put(p, A(p, "add", F(DST, 9), F(SRC1, 9), F(IMM, 1)));
	prog_end(p);
	/* 0x3d: write its words to registers from 0x100 + $rem */
	put(p, A(p, "add", F(DST, R_ADDR), F(SRC1, R_REM), F(IMM, 0x100)));
	put(p, A(p, "mov", F(REP, 1), F(DST, R_DATA), F(SRC2, R_DATA)));
}

static void body_ib(struct prog *p)
{
	ib_body(p, 1);
}

/* a state word like gen70500's in a bin's body (0x1002), at level 1 */
static void body_ib_mode(struct prog *p)
{
	ib_body(p, 0x1001);
}

static struct emu *ib_handler_for(struct prog *p, enum emu_gen gen, void (*body)(struct prog *))
{
	struct emu *emu = handler(p, gen, body);
	emu_set_packet_entry(emu, EMU_MAIN, 0x3f, 2); /* CP_INDIRECT_BUFFER */
	emu_set_packet_entry(emu, EMU_MAIN, 0x0a, 9); /* IN_IB_END */
	emu_set_packet_entry(emu, EMU_MAIN, 0x3d, 13);
	return emu;
}

static struct emu *ib_handler(struct prog *p)
{
	return ib_handler_for(p, EMU_A6XX, body_ib);
}

/* Only IB_LEVEL's level bits select the queue on a7xx: the images write
 * their IB state word there, mode bits above the level; before a7xx
 * every bit is the level. */
static void test_ib_level_mask(struct tap *t)
{
	struct prog p;
	struct emu *emu = ib_handler_for(&p, EMU_A7XX, body_ib_mode);
	uint32_t ib[] = {emu_pkt7_header(0x3d, 1), 0xaa};
	emu_mem_write(emu, 0x100008000ull, ib, 2);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){0x8000, 1, 2}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a7xx: IB_LEVEL 0x1001 reads IB1: %s",
		   emu_error(emu));
	tap_ok(t, log_is(emu, 0, EMU_WRITE_GPU, 0x101, 0xaa) && emu_gpr(emu, EMU_MAIN, 9) == 1,
	       "a7xx: the IB's packet runs, then IN_IB_END");
	emu_free(emu);

	emu = ib_handler_for(&p, EMU_A6XX, body_ib_mode);
	emu_mem_write(emu, 0x100008000ull, ib, 2);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){0x8000, 1, 2}, 3);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "a6xx: IB_LEVEL 0x1001 is no level");
	tap_ok(t, strstr(emu_error(emu), "IB_LEVEL is 4097: A6XX has no such queue") != NULL,
	       "a6xx: every bit is the level: %s", emu_error(emu));
	emu_free(emu);
}

static void test_ib(struct tap *t)
{
	struct prog p;
	struct emu *emu = ib_handler(&p);
	uint32_t ib[] = {emu_pkt7_header(0x3d, 1), 0xaa, emu_pkt7_header(0x3d, 2), 0xbb, 0xbc};
	emu_mem_write(emu, 0x100008000ull, ib, 5);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){0x8000, 1, 5}, 3);
	emu_push_pkt7(emu, 0x3d, (uint32_t[]){0xcc, 0, 0}, 3);
	enum emu_status st = emu_run(emu);
	tap_is_int(t, st, EMU_IDLE, "IB program runs: %s", emu_error(emu));
	tap_ok(t,
	       log_is(emu, 0, EMU_WRITE_GPU, 0x101, 0xaa) &&
		       log_is(emu, 1, EMU_WRITE_GPU, 0x102, 0xbb) &&
		       log_is(emu, 2, EMU_WRITE_GPU, 0x103, 0xbc),
	       "the IB's packets run");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 9), 1, "IN_IB_END runs once at its end");
	tap_ok(t, log_is(emu, 3, EMU_WRITE_GPU, 0x103, 0xcc) && emu_write_count(emu) == 6,
	       "then the ring's next packet");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x012), 0, "IB1_DWORDS counted down");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x010), 0x8014, "IB1_BASE advanced");

	/* $data reads an IB through a host pointer: across a page's end it
	 * looks up the next page, and memory written between two runs at
	 * an address it read before is read anew */
	emu_clear_writes(emu);
	const uint64_t cross = 0x100008ff8ull; /* 2 words before a page ends */
	emu_mem_write(emu, cross, ib, 5);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){(uint32_t)cross, 1, 5}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "an IB across a page's end: %s", emu_error(emu));
	tap_ok(t,
	       log_is(emu, 0, EMU_WRITE_GPU, 0x101, 0xaa) &&
		       log_is(emu, 1, EMU_WRITE_GPU, 0x102, 0xbb) &&
		       log_is(emu, 2, EMU_WRITE_GPU, 0x103, 0xbc),
	       "its words come from both pages");
	emu_clear_writes(emu);
	emu_mem_write32(emu, cross + 4, 0xdd);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){(uint32_t)cross, 1, 2}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "the same IB again: %s", emu_error(emu));
	tap_ok(t, log_is(emu, 0, EMU_WRITE_GPU, 0x101, 0xdd), "a word written since is read anew");
	emu_clear_writes(emu);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){0x20000, 0, 1}, 3);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "an IB in memory never written reads 0s");
	tap_ok(t, strstr(emu_error(emu), "0x00000000") != NULL, "a 0 header: %s", emu_error(emu));
	emu_free(emu);
}

/* Bases near 2^64: words that reach its end are read; one more would
 * wrap to address 0, which is a located fault, never a read of 0. */
static void body_memdata_at(struct prog *p)
{
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x018))); /* MEM_READ_ADDR */
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x019)));
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x01a))); /* MEM_READ_DWORDS */
	put(p, A(p, "mov", F(DST, 3), F(SRC2, ISA_REG_MEMDATA)));
}

/* A run that stops with an address error whose message holds msg. */
static void stops_past_top(struct tap *t, struct emu *emu, const char *msg, const char *what)
{
	enum emu_status st = emu_run(emu);
	tap_ok(t,
	       st == EMU_ERROR && emu_error_kind(emu) == EMU_ERR_ADDRESS &&
		       strstr(emu_error(emu), msg) != NULL,
	       "%s: an address error naming where and how much: %s", what, emu_error(emu));
}

static void test_top_of_memory(struct tap *t)
{
	const uint64_t top = ~7ull; /* the last two words */
	struct prog p;
	struct emu *emu = ib_handler(&p);
	const uint32_t ib[] = {emu_pkt7_header(0x3d, 1), 0xaa};
	tap_ok(t, !emu_mem_write(emu, top, ib, 3) && emu_mem_read32(emu, 0) == 0,
	       "emu_mem_write: 3 words from 2^64 - 8 refused, nothing wrapped to 0");
	tap_ok(t,
	       !emu_mem_write_le(emu, top, (const uint8_t[12]){1}, 3) &&
		       emu_mem_read32(emu, 0) == 0,
	       "emu_mem_write_le: the same");
	tap_ok(t, emu_mem_write(emu, top, ib, 2), "2 words up to 2^64 are written");
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){(uint32_t)top, (uint32_t)(top >> 32), 2}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "an IB that ends at 2^64 runs: %s", emu_error(emu));
	tap_ok(t, log_is(emu, 0, EMU_WRITE_GPU, 0x101, 0xaa), "its packet ran");
	emu_clear_writes(emu);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){(uint32_t)top, (uint32_t)(top >> 32), 5}, 3);
	stops_past_top(t, emu,
		       "IB1 at 0xfffffffffffffff8 of 5 dwords runs past the top of the 64-bit "
		       "address space",
		       "an IB of 5 words at 2^64 - 8");
	emu_free(emu);

	/* an IB set again where the last one stopped, in the cached page */
	emu = ib_handler(&p);
	const uint64_t at = ~15ull;
	const uint32_t two[] = {emu_pkt7_header(0x3d, 1), 0xaa, emu_pkt7_header(0x3d, 1), 0xbb};
	emu_mem_write(emu, at, two, 4);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){(uint32_t)at, (uint32_t)(at >> 32), 2}, 3);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){(uint32_t)top, (uint32_t)(top >> 32), 3}, 3);
	stops_past_top(t, emu, "IB1 at 0xfffffffffffffffc of 2 dwords",
		       "an IB continuing the last one past 2^64, at its last word");
	emu_free(emu);

	emu = handler(&p, EMU_A6XX, body_memdata_at);
	emu_mem_write32(emu, ~3ull, 0x5a5a);
	emu_push_pkt7(emu, 0x10, (uint32_t[]){0xfffffffc, 0xffffffff, 1}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "$memdata reads the last word: %s", emu_error(emu));
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0x5a5a, "its value");
	emu_push_pkt7(emu, 0x10, (uint32_t[]){0xfffffff8, 0xffffffff, 3}, 3);
	stops_past_top(t, emu,
		       "the memory read (MEM_READ_ADDR) at 0xfffffffffffffff8 of 3 dwords runs "
		       "past the top",
		       "$memdata: a read of 3 words at 2^64 - 8");
	emu_free(emu);
}

/* The a5xx model, as a530_pfp uses it: IBn_BASE/IBn_DWORDS at 0x0b0 +
 * 4 * level, the level in control register 0x031, and opcode 0x0a made
 * up at the end of each IB. The handlers below keep the level in 0x031
 * itself, so IB1 can call IB2. */
enum { A5_LEVEL = 0x031, A5_IB1_BASE = 0x0b0, A5_IB1_DWORDS = 0x0b2, A5_IB2_BASE = 0x0b4 };

struct a5_ib_prog {
	struct prog p;
	uint32_t ib, ib_end, write; /* entries: 0x3f, 0x0a, 0x3d */
};

static struct emu *a5_ib_emu(struct a5_ib_prog *a)
{
	struct prog *p = &a->p;
	prog_init(p, EMU_A5XX);
	prog_end(p);
	/* 0x3f: the next level's base and size from the packet, then the level */
	a->ib = here(p);
	put(p, A(p, "cread", F(DST, 3), F(SRC1, 0), F(IMM, A5_LEVEL)));
	put(p, A(p, "shl", F(DST, 4), F(SRC1, 3), F(IMM, 2)));
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 4), F(IMM, A5_IB1_BASE)));
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 4), F(IMM, A5_IB1_BASE + 1)));
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 4), F(IMM, A5_IB1_DWORDS)));
	put(p, A(p, "add", F(DST, 3), F(SRC1, 3), F(IMM, 1)));
	put(p, A(p, "cwrite", F(SRC1, 3), F(SRC2, 0), F(IMM, A5_LEVEL)));
	prog_end(p);
	/* 0x0a: one level back, counted in $09 */
	a->ib_end = here(p);
	put(p, A(p, "cread", F(DST, 3), F(SRC1, 0), F(IMM, A5_LEVEL)));
	put(p, A(p, "sub", F(DST, 3), F(SRC1, 3), F(IMM, 1)));
	put(p, A(p, "cwrite", F(SRC1, 3), F(SRC2, 0), F(IMM, A5_LEVEL)));
	put(p, A(p, "add", F(DST, 9), F(SRC1, 9), F(IMM, 1)));
	prog_end(p);
	/* 0x3d: its words to registers from 0x100 + $rem */
	a->write = here(p);
	put(p, A(p, "add", F(DST, R_ADDR), F(SRC1, R_REM), F(IMM, 0x100)));
	put(p, A(p, "mov", F(REP, 1), F(DST, R_DATA), F(SRC2, R_DATA)));
	prog_end(p);
	struct emu *emu = prog_emu(p);
	emu_set_packet_entry(emu, EMU_MAIN, 0x3f, a->ib);
	emu_set_packet_entry(emu, EMU_MAIN, 0x0a, a->ib_end);
	emu_set_packet_entry(emu, EMU_MAIN, 0x3d, a->write);
	return emu;
}

static void test_ib_a5xx(struct tap *t)
{
	struct a5_ib_prog a;
	struct emu *emu = a5_ib_emu(&a);
	/* IB1 at 0x1_0000_8000 calls IB2 at 0x1_0000_9000 between its two
	 * packets; the ring goes on after IB1 */
	uint32_t ib2[] = {emu_pkt7_header(0x3d, 1), 0xb1};
	uint32_t ib1[] = {emu_pkt7_header(0x3d, 1),
			  0xa1,
			  emu_pkt7_header(0x3f, 3),
			  0x9000,
			  1,
			  2,
			  emu_pkt7_header(0x3d, 2),
			  0xa2,
			  0xa3};
	emu_mem_write(emu, 0x100009000ull, ib2, 2);
	emu_mem_write(emu, 0x100008000ull, ib1, 9);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){0x8000, 1, 9}, 3);
	emu_push_pkt7(emu, 0x3d, (uint32_t[]){0xc1, 0, 0}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a5xx IB program runs: %s", emu_error(emu));
	tap_ok(t,
	       log_is(emu, 0, EMU_WRITE_GPU, 0x101, 0xa1) &&
		       log_is(emu, 1, EMU_WRITE_GPU, 0x101, 0xb1) &&
		       log_is(emu, 2, EMU_WRITE_GPU, 0x102, 0xa2) &&
		       log_is(emu, 3, EMU_WRITE_GPU, 0x103, 0xa3),
	       "a5xx: IB1's first packet, IB2's, then the rest of IB1");
	tap_ok(t, log_is(emu, 4, EMU_WRITE_GPU, 0x103, 0xc1) && emu_write_count(emu) == 7,
	       "a5xx: then the ring's packet");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 9), 2, "a5xx: opcode 0x0a once per IB");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, A5_LEVEL), 0, "a5xx: back at level 0");
	tap_ok(t,
	       emu_ctrl(emu, EMU_MAIN, A5_IB1_BASE) == 0x8024 &&
		       emu_ctrl(emu, EMU_MAIN, A5_IB1_BASE + 1) == 1 &&
		       emu_ctrl(emu, EMU_MAIN, A5_IB1_DWORDS) == 0,
	       "a5xx: IB1_BASE advanced 9 words, IB1_DWORDS counted down");
	tap_ok(t,
	       emu_ctrl(emu, EMU_MAIN, A5_IB2_BASE) == 0x9008 &&
		       emu_ctrl(emu, EMU_MAIN, A5_IB2_BASE + 2) == 0,
	       "a5xx: IB2_BASE advanced 2 words, IB2_DWORDS counted down");

	/* an empty IB ends at once */
	emu_clear_writes(emu);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){0xa000, 1, 0}, 3);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a5xx: an empty IB runs: %s", emu_error(emu));
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 9) == 3 && emu_write_count(emu) == 0,
	       "a5xx: an empty IB only makes up opcode 0x0a");

	/* from IB2 one more level: 0x031 = 3 names no queue */
	uint32_t deep[] = {emu_pkt7_header(0x3f, 3), 0xb000, 1, 2};
	uint32_t mid[] = {emu_pkt7_header(0x3f, 3), 0xc000, 1, 4};
	emu_mem_write(emu, 0x10000c000ull, deep, 4);
	emu_mem_write(emu, 0x10000d000ull, mid, 4);
	emu_push_pkt7(emu, 0x3f, (uint32_t[]){0xd000, 1, 4}, 3);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "a5xx: a third IB level stops the run");
	tap_ok(t,
	       emu_error_kind(emu) == EMU_ERR_ADDRESS &&
		       strstr(emu_error(emu), "IB_LEVEL is 3: A5XX has no such queue") &&
		       strstr(emu_error(emu), "at PFP/ME pc "),
	       "as an address error (of the PFP or ME: the image does not say): %s",
	       emu_error(emu));
	emu_free(emu);
}

static void test_limits(struct tap *t)
{
	struct prog p;
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "jump", F(OFFSET, 0)));
	nop(&p);
	struct emu *emu = prog_emu(&p);
	emu_set_step_limit(emu, 1000);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "an endless loop stops");
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_STEP_LIMIT, "at the step limit");
	tap_is_int(t, (long long)emu_last_steps(emu), 1000, "after exactly 1000 instructions");
	tap_ok(t, strstr(emu_error(emu), "the last 16 instructions executed") != NULL,
	       "naming what ran: %s", emu_error(emu));
	emu_free(emu);

	/* a (rep) with a huge $rem is bounded too */
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "mov", F(DST, R_REM), F(IMM, 0xffff), F(SHIFT, 16)));
	put(&p, A(&p, "add", F(REP, 1), F(DST, 2), F(SRC1, 2), F(IMM, 1)));
	emu = prog_emu(&p);
	emu_set_step_limit(emu, 5000);
	tap_is_int(t, emu_error_kind((emu_run(emu), emu)), EMU_ERR_STEP_LIMIT,
		   "(rep) stops at the limit");
	emu_free(emu);

	prog_init(&p, EMU_A6XX);
	put(&p, A0(&p, "iret"));
	emu = prog_run(&p, &(enum emu_status){0});
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_UNSUPPORTED, "iret is not emulated");
	emu_free(emu);

	prog_init(&p, EMU_A6XX);
	li(&p, 2, 0x1000);
	put(&p, A(&p, "cwrite", F(SRC1, 0), F(SRC2, 2), F(IMM, 0)));
	emu = prog_run(&p, &(enum emu_status){0});
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_ADDRESS, "cwrite past the control space");
	emu_free(emu);

	prog_init(&p, EMU_A6XX);
	li(&p, 2, 2);
	put(&p, A(&p, "load", F(DST, 3), F(SRC1, 2), F(IMM, 0)));
	emu = prog_run(&p, &(enum emu_status){0});
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_ADDRESS, "unaligned load");
	emu_free(emu);

	prog_init(&p, EMU_A6XX);
	nop(&p);
	emu = prog_run(&p, &(enum emu_status){0});
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_BRANCH, "running off the end of the image");
	emu_free(emu);

	emu = emu_new(&(struct emu_config){.gen = EMU_A6XX}, NULL);
	tap_ok(t, !emu_load_image(emu, (uint32_t[]){0}, 1), "an image of one word is refused: %s",
	       emu_error(emu));
	emu_free(emu);

	/* A loop storing to a new 4 KiB page each time stops at the memory
	 * limit (256 MiB) instead of taking the host's memory: at page
	 * 0xffff, since the image itself takes one. */
	prog_init(&p, EMU_A6XX);
	li(&p, 3, 0x1000);
	uint32_t loop = here(&p);
	put(&p, A(&p, "store", F(SRC1, 0), F(SRC2, 2), F(IMM, 0)));
	put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(SRC2, 3)));
	put(&p, A(&p, "jump", F(OFFSET, (uint32_t)(loop - here(&p)))));
	nop(&p);
	emu = prog_emu(&p);
	emu_set_step_limit(emu, 1000000);
	emu_run(emu);
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_ADDRESS, "writing memory without end stops");
	tap_ok(t,
	       strstr(emu_error(emu), "GPU memory full: the firmware has written 65536 pages of "
				      "4 KiB (256 MiB), the emulator's limit; the write of "
				      "0x00000000 to 0xffff000 is lost") != NULL,
	       "at the memory limit: %s", emu_error(emu));
	emu_free(emu);
	emu = emu_new(&(struct emu_config){.gen = EMU_A6XX}, NULL);
	bool all = true;
	for (uint64_t page = 0; page < EMU_MEM_MAX_BYTES >> 12; page++)
		all = all && emu_mem_write32(emu, page << 12, 1);
	tap_ok(t, all && !emu_mem_write32(emu, EMU_MEM_MAX_BYTES, 1) && emu_mem_write32(emu, 4, 2),
	       "emu_mem_write32: 256 MiB of pages, then no new page (an old one still)");
	emu_free(emu);
}

/* A packet that waits on a control register (gen70500's draws wait on
 * bit 0 of @DRAW_STATE_STATUS), and one whose handler raises the CP's
 * error and stops (vendor images' handler of the opcodes they lack):
 * the a7xx model presets the status ready, and each stop says what the
 * firmware waited on or did, with the database's names. */
static void test_stops(struct tap *t)
{
	/* the build's database (make check sets SDK_BUILD) */
	const char *build = getenv("SDK_BUILD");
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/share/afuc-sdk/rnndb", build ? build : "build");
	char *why = NULL;
	struct rnn_db *db = emu_rnndb_open(dir, &why);
	if (!db) {
		tap_skip(t, 6, "no register database: %s", why ? why : "");
		free(why);
		return;
	}
	struct prog p;
	prog_init(&p, EMU_A7XX);
	prog_end(&p);
	uint32_t loop = here(&p);
	cread(&p, 5, 0x051);
	put(&p, A(&p, "brne", F(SRC1, 5), F(BIT, 0), F(OFFSET, (uint32_t)(loop - here(&p)))));
	nop(&p);
	prog_end(&p);
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A7XX, .rnn = db}, NULL);
	emu_load_image(emu, p.words, p.count);
	emu_set_stall_limit(emu, 1000);
	emu_set_packet_entry(emu, EMU_MAIN, 0x10, 2);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a7xx: the draw-state engine is ready at once");
	emu_set_ctrl(emu, EMU_MAIN, 0x051, 0);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	emu_run(emu);
	tap_ok(t,
	       emu_error_kind(emu) == EMU_ERR_WAIT &&
		       strstr(emu_error(emu), "it last read control register 0x051 "
					      "(@DRAW_STATE_STATUS), which holds 0x00000000"),
	       "a wait names the control register it polls: %s", emu_error(emu));
	emu_free(emu);

	/* one the database does not name (0x080 in the A7XX map) */
	p.words[3] = A(&p, "cread", F(DST, 5), F(SRC1, 0), F(IMM, 0x080));
	emu = emu_new(&(struct emu_config){.gen = EMU_A7XX, .rnn = db}, NULL);
	emu_load_image(emu, p.words, p.count);
	emu_set_stall_limit(emu, 1000);
	emu_set_packet_entry(emu, EMU_MAIN, 0x10, 2);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	emu_run(emu);
	tap_ok(t,
	       strstr(emu_error(emu), "it last read control register 0x080 (not in the register "
				      "database), which holds 0x00000000") != NULL,
	       "and says when the database has no name for it: %s", emu_error(emu));
	emu_free(emu);

	prog_init(&p, EMU_A6XX);
	prog_end(&p);
	li(&p, 2, 1);
	cwrite(&p, 2, 0x064);
	loop = here(&p);
	put(&p, A(&p, "jump", F(OFFSET, 0)));
	put(&p, A(&p, "jump", F(OFFSET, (uint32_t)(loop - here(&p)))));
	emu = emu_new(&(struct emu_config){.gen = EMU_A6XX, .rnn = db}, NULL);
	emu_load_image(emu, p.words, p.count);
	emu_set_packet_entry(emu, EMU_MAIN, 0, 2);
	emu_set_packet_entry(emu, EMU_MAIN, 0x6d, 2);
	emu_set_packet_entry(emu, EMU_MAIN, 0x10, 2);
	emu_push_pkt7(emu, 0x6d, NULL, 0);
	emu_run(emu);
	tap_ok(t,
	       emu_error_kind(emu) == EMU_ERR_BRANCH &&
		       strstr(emu_error(emu),
			      "after the firmware raised the CP's error (@FATAL_ERROR_CTRL = 0x1 "
			      "at "
			      "pc 0003): CP_REG_WRITE's table entry is opcode 0's, the image's "
			      "handler for opcodes it does not implement"),
	       "a stop after the CP's error says so, and that the opcode has no handler: %s",
	       emu_error(emu));
	emu_free(emu);

	/* the opcode's own handler raising it: no word on the table */
	emu = emu_new(&(struct emu_config){.gen = EMU_A6XX, .rnn = db}, NULL);
	emu_load_image(emu, p.words, p.count);
	emu_set_packet_entry(emu, EMU_MAIN, 0x6d, 2);
	emu_push_pkt7(emu, 0x6d, NULL, 0);
	emu_run(emu);
	tap_ok(t, strstr(emu_error(emu), "(@FATAL_ERROR_CTRL = 0x1 at pc 0003)\n") != NULL,
	       "a handler of its own raising it: %s", emu_error(emu));
	emu_free(emu);

	/* a stop with no error raised names none */
	emu = emu_new(&(struct emu_config){.gen = EMU_A6XX, .rnn = db}, NULL);
	emu_load_image(emu, p.words, p.count);
	emu_set_packet_entry(emu, EMU_MAIN, 0x6d, 2);
	emu_set_packet_entry(emu, EMU_MAIN, 0x10, 0x1000);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	emu_run(emu);
	tap_ok(t, strstr(emu_error(emu), "raised") == NULL, "no error raised, none named: %s",
	       emu_error(emu));
	emu_free(emu);
	emu_rnndb_close(db);
}

/* Random words as an image never hang or crash the emulator. */
static void test_fuzz(struct tap *t)
{
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	unsigned idle = 0, errors = 0, runs = 0;
	for (int gen = EMU_A5XX; gen <= EMU_A7XX; gen++) {
		for (int i = 0; i < 300; i++) {
			uint32_t words[64];
			for (size_t w = 0; w < 64; w++) {
				seed ^= seed << 13;
				seed ^= seed >> 7;
				seed ^= seed << 17;
				words[w] = (uint32_t)(seed >> 16);
			}
			struct emu *emu = emu_new(
				&(struct emu_config){.gen = (enum emu_gen)gen, .step_limit = 20000},
				NULL);
			emu_load_image(emu, words, 64);
			emu_push_raw(emu, words + 32, 16);
			for (int r = 0; r < 3; r++, runs++) {
				if (emu_run(emu) == EMU_IDLE)
					idle++;
				emu_push_pkt7(emu, (uint32_t)(seed & 0x7f), words, seed % 8);
			}
			errors += emu_error_kind(emu) != EMU_ERR_NONE;
			emu_free(emu);
		}
	}
	tap_ok(t, runs == 2700, "2700 runs of random images ended (%u idle, %u emulators stopped)",
	       idle, errors);
	tap_ok(t, errors > 0, "and random words do fault");
}

/* Two emulators in one process share nothing. */
static void body_count(struct prog *p)
{
	put(p, A(p, "add", F(DST, 9), F(SRC1, 9), F(IMM, 1)));
	put(p, A(p, "mov", F(DST, R_ADDR), F(IMM, 0x200)));
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 9)));
}

static void test_two(struct tap *t)
{
	struct prog p;
	struct emu *a = handler(&p, EMU_A6XX, body_count);
	struct emu *b = handler(&p, EMU_A6XX, body_count);
	emu_push_pkt7(a, 0x10, NULL, 0);
	emu_push_pkt7(a, 0x10, NULL, 0);
	emu_push_pkt7(b, 0x10, NULL, 0);
	emu_mem_write32(a, 0x40, 1);
	emu_set_reg(b, 0x300, 7);
	tap_ok(t, emu_run(a) == EMU_IDLE && emu_run(b) == EMU_IDLE, "two emulators run");
	tap_is_hex(t, emu_gpr(a, EMU_MAIN, 9), 2, "the first ran two packets");
	tap_is_hex(t, emu_gpr(b, EMU_MAIN, 9), 1, "the second one");
	tap_is_hex(t, emu_get_reg(a, 0x200), 2, "each has its registers");
	tap_is_hex(t, emu_get_reg(b, 0x200), 1, "...");
	tap_ok(t, emu_mem_read32(b, 0x40) == 0 && emu_get_reg(a, 0x300) == 0, "and its memory");
	tap_ok(t, emu_write_count(a) == 2 && emu_write_count(b) == 1, "and its log");
	emu_free(a);
	emu_free(b);
}

struct trace_seen {
	unsigned events;
	bool saw_gpr, saw_ctrl, saw_write;
};

static void on_trace(void *ctx, const struct emu *emu, const struct emu_trace *tr)
{
	struct trace_seen *s = ctx;
	(void)emu;
	s->events++;
	for (unsigned i = 0; i < tr->change_count; i++) {
		if (tr->changes[i].kind == EMU_CHANGE_GPR && tr->changes[i].offset == 9)
			s->saw_gpr = tr->changes[i].value == 1;
		if (tr->changes[i].kind == EMU_CHANGE_CONTROL && tr->changes[i].offset == 0x100)
			s->saw_ctrl = tr->changes[i].value == 5;
	}
	s->saw_write |= tr->write_count == 1;
}

static void body_trace(struct prog *p)
{
	body_count(p);
	li(p, 2, 5);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x100)));
}

static void test_trace_and_reach(struct tap *t)
{
	struct prog p;
	struct emu *emu = handler(&p, EMU_A6XX, body_trace);
	struct trace_seen seen = {0};
	emu_set_trace(emu, on_trace, &seen);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	emu_run(emu);
	/* waitin, slot, add, mov, mov, mov, cwrite; the last waitin waits */
	tap_is_int(t, seen.events, 7, "one trace event per instruction");
	tap_ok(t, seen.saw_gpr && seen.saw_ctrl && seen.saw_write,
	       "events carry GPR, control and log changes");
	uint8_t mask[PROG_MAX] = {0};
	size_t n = emu_reachable(emu, EMU_MAIN, 2, mask);
	tap_is_int(t, (long long)n, 6, "a straight handler reaches its 5 instructions and waitin");
	tap_ok(t, emu_exec_count(emu, 2) == 1 && emu_exec_count(emu, 7) == 1, "each ran once");
	char text[64];
	emu_disasm(emu, EMU_MAIN, 6, text, sizeof text);
	tap_is_str(t, text, "cwrite $02, [$00 + 0x100]", "disassembly of pc 6");
	emu_free(emu);

	/* reachability follows branches and calls, not past jumps */
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "breq", F(SRC1, 2), F(IMM, 1), F(OFFSET, 4))); /* 0 -> 4 */
	nop(&p);                                                     /* 1 */
	put(&p, A(&p, "jump", F(OFFSET, 5)));                        /* 2 -> 7 */
	nop(&p);                                                     /* 3: slot */
	put(&p, A(&p, "call", F(TARGET, 9)));                        /* 4 */
	nop(&p);                                                     /* 5 */
	put(&p, A0(&p, "waitin"));                                   /* 6 */
	put(&p, A0(&p, "waitin"));                                   /* 7 */
	put(&p, A0(&p, "ret"));                                      /* 8: unreachable */
	put(&p, A0(&p, "ret"));                                      /* 9 */
	nop(&p);                                                     /* 10: slot */
	nop(&p);                                                     /* 11: unreachable */
	emu = prog_emu(&p);
	memset(mask, 0, sizeof mask);
	n = emu_reachable(emu, EMU_MAIN, 0, mask);
	tap_is_int(t, (long long)n, 10, "reachable: all but the two after jumps");
	tap_ok(t, !mask[8] && !mask[11], "not after an unconditional transfer's slot");
	emu_free(emu);
}

/* `(rep)(xmovN)mov $data, $data` runs as one bulk copy when nothing
 * watches it and as single steps under a trace: both must write the
 * same words to the same places in the same number of steps. */
static unsigned bulk_xmov;
static uint32_t bulk_addr;

static void body_bulk(struct prog *p)
{
	li(p, R_ADDR, bulk_addr);
	put(p, A(p, "mov", F(REP, 1), F(XMOV, bulk_xmov), F(DST, R_DATA), F(SRC2, R_DATA)));
}

static void ignore_trace(void *ctx, const struct emu *emu, const struct emu_trace *trace)
{
	(void)ctx, (void)emu, (void)trace;
}

static struct emu *run_bulk(uint32_t addr, unsigned xmov, unsigned count, bool traced)
{
	struct prog p;
	bulk_addr = addr;
	bulk_xmov = xmov;
	struct emu *emu = handler(&p, EMU_A6XX, body_bulk);
	if (traced)
		emu_set_trace(emu, ignore_trace, NULL);
	uint32_t words[40];
	for (unsigned i = 0; i < count; i++)
		words[i] = 0x1000 + i;
	emu_push_pkt7(emu, 0x10, words, count);
	emu_push_pkt7(emu, 0x10, words, count / 2);
	emu_run(emu);
	return emu;
}

static void test_bulk_copy(struct tap *t)
{
	/* GPU registers from 0x100 on, and NRT_DATA without increment (the
	 * pipe register CP_MEM_WRITE repeats) */
	static const uint32_t addrs[] = {0x0100, 0xa2040000};
	int bad = 0, cases = 0;
	for (unsigned k = 0; k < 2 * 4 * 10; k++, cases++) {
		uint32_t addr = addrs[k / 40];
		unsigned xmov = k / 10 % 4, count = k % 10;
		struct emu *fast = run_bulk(addr, xmov, count, false);
		struct emu *slow = run_bulk(addr, xmov, count, true);
		size_t n = emu_write_count(fast);
		bool same = emu_error_kind(fast) == emu_error_kind(slow) &&
			    emu_last_steps(fast) == emu_last_steps(slow) &&
			    n == emu_write_count(slow) &&
			    emu_gpr(fast, EMU_MAIN, R_ADDR) == emu_gpr(slow, EMU_MAIN, R_ADDR);
		/* NRT_ADDR (0xa0, 0xa1) and NRT_DATA (0xa2) end the same too */
		for (uint32_t reg = 0xa0; reg <= 0xa2; reg++)
			same = same &&
			       emu_pipe(fast, EMU_MAIN, reg) == emu_pipe(slow, EMU_MAIN, reg);
		for (size_t i = 0; same && i < n; i++) {
			const struct emu_write *a = &emu_writes(fast)[i], *b = &emu_writes(slow)[i];
			same = a->kind == b->kind && a->addr == b->addr && a->value == b->value &&
			       a->pc == b->pc;
		}
		if (!same && bad++ < 3)
			tap_diag(t, "$addr 0x%x, (xmov%u) with %u words: the bulk copy differs",
				 addr, xmov, count);
		emu_free(fast);
		emu_free(slow);
	}
	tap_is_int(t, bad, 0,
		   "bulk (rep)(xmovN)mov $data, $data = the traced single steps (%d cases)", cases);
}

/* Streams the model is never told the size of: NRT writes (NRT_ADDR from
 * the packet, then its words to NRT_DATA) and the a5xx reads without a
 * count. The words up to 2^64 are taken; the next, which would wrap to
 * address 0, is a fault naming the stream, its start and its size. */
static void body_nrt_at(struct prog *p)
{
	li(p, R_ADDR, 0xa0000000); /* NRT_ADDR and NRT_ADDR + 1 */
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, R_DATA)));
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, R_DATA)));
	li(p, R_ADDR, 0xa2040000); /* NRT_DATA, not incremented */
	put(p, A(p, "mov", F(REP, 1), F(DST, R_DATA), F(SRC2, R_DATA)));
}

static void body_a5_uncounted(struct prog *p)
{
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x0b8))); /* MEM_READ_ADDR */
	put(p, A(p, "cwrite", F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x0b9)));
	put(p, A(p, "mov", F(DST, 3), F(SRC2, ISA_REG_MEMDATA)));
	put(p, A(p, "mov", F(DST, 4), F(SRC2, ISA_REG_MEMDATA)));
}

static void test_streams_past_top(struct tap *t)
{
	struct prog p;
	for (int traced = 0; traced < 2; traced++) {
		const char *how = traced ? "word by word (traced)" : "in bulk";
		struct emu *emu = handler(&p, EMU_A6XX, body_nrt_at);
		if (traced)
			emu_set_trace(emu, ignore_trace, NULL);
		emu_push_pkt7(emu, 0x10, (uint32_t[]){0xfffffff8, 0xffffffff, 5, 6}, 4);
		emu_push_pkt7(emu, 0x10, (uint32_t[]){0x1000, 0, 9}, 3);
		tap_is_int(t, emu_run(emu), EMU_IDLE, "NRT %s: the last two words: %s", how,
			   emu_error(emu));
		tap_ok(t,
		       emu_mem_read32(emu, ~7ull) == 5 && emu_mem_read32(emu, ~3ull) == 6 &&
			       emu_mem_read32(emu, 0x1000) == 9 && emu_mem_read32(emu, 0) == 0,
		       "written; NRT_ADDR set again starts a new stream");
		emu_push_pkt7(emu, 0x10, (uint32_t[]){0xfffffff8, 0xffffffff, 5, 6, 7}, 5);
		stops_past_top(t, emu,
			       "the NRT_DATA write stream at 0xfffffffffffffff8 of 3 dwords runs "
			       "past the top of the 64-bit address space (0xc bytes)",
			       how);
		tap_is_int(t, emu_mem_read32(emu, 0), 0, "nothing written at address 0");
		emu_free(emu);
	}

	struct emu *emu = handler(&p, EMU_A5XX, body_a5_uncounted);
	emu_mem_write(emu, ~7ull, (uint32_t[]){7, 8}, 2);
	emu_mem_write32(emu, 0, 0xbad);
	emu_push_pkt7(emu, 0x10, (uint32_t[]){0xfffffff8, 0xffffffff}, 2);
	tap_is_int(t, emu_run(emu), EMU_IDLE,
		   "a5xx $memdata without a count: the last two words: %s", emu_error(emu));
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 3) == 7 && emu_gpr(emu, EMU_MAIN, 4) == 8, "read");
	emu_push_pkt7(emu, 0x10, (uint32_t[]){0xfffffffc, 0xffffffff}, 2);
	stops_past_top(t, emu,
		       "the uncounted memory read stream (MEM_READ_ADDR) at 0xfffffffffffffffc of "
		       "2 dwords",
		       "a5xx $memdata without a count, one word past 2^64");
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 4) != 0xbad, "address 0 is not read");
	emu_free(emu);
}

/* Observers see each packet and each write as it happens, in the order
 * the logs keep them. */
struct observed {
	size_t packets, writes, in_order;
	uint32_t last_header;
};

static void observe(void *ctx, const struct emu *emu, const struct emu_event *event)
{
	struct observed *o = ctx;
	if (event->kind == EMU_EVENT_PACKET) {
		o->in_order += event->packet == &emu_packets(emu)[o->packets];
		o->last_header = event->packet->header;
		o->packets++;
	} else {
		o->in_order += event->write == &emu_writes(emu)[o->writes];
		o->writes++;
	}
}

static void test_observers(struct tap *t)
{
	struct prog p;
	struct emu *emu = handler(&p, EMU_A6XX, body_regs);
	struct observed a = {0}, b = {0};
	tap_ok(t, emu_add_observer(emu, observe, &a) && emu_add_observer(emu, observe, &b),
	       "two observers attach");
	emu_push_pkt7(emu, 0x10, NULL, 0);
	emu_push_pkt7(emu, 0x11, NULL, 0);
	emu_set_packet_entry(emu, EMU_MAIN, 0x11, emu_packet_entry(emu, EMU_MAIN, 0x10));
	enum emu_status st = emu_run(emu);
	tap_is_int(t, st, EMU_IDLE, "the packets run (%s)", emu_error(emu));
	tap_ok(t, a.packets == 2 && a.packets == emu_packet_count(emu),
	       "each packet taken is reported (%zu)", a.packets);
	tap_ok(t, a.writes > 0 && a.writes == emu_write_count(emu),
	       "each write that lands is reported (%zu)", a.writes);
	tap_ok(t, a.in_order == a.packets + a.writes, "as the logs list them, when they happen");
	tap_is_hex(t, a.last_header, emu_pkt7_header(0x11, 0), "the last one the second packet");
	tap_ok(t, b.packets == a.packets && b.writes == a.writes, "the second sees the same");
	tap_ok(t, emu_remove_observer(emu, observe, &b) && !emu_remove_observer(emu, observe, &b),
	       "an observer is removed once");
	emu_clear_writes(emu);
	a = (struct observed){0};
	emu_push_pkt7(emu, 0x10, NULL, 0);
	emu_run(emu);
	tap_ok(t, a.packets == 1 && b.packets == 2, "a removed observer hears nothing more");
	struct observed more[EMU_MAX_OBSERVERS];
	size_t added = 0;
	while (added < EMU_MAX_OBSERVERS && emu_add_observer(emu, observe, &more[added]))
		added++;
	tap_is_int(t, (long long)added, EMU_MAX_OBSERVERS - 1,
		   "EMU_MAX_OBSERVERS at most: the one attached and %d more",
		   EMU_MAX_OBSERVERS - 1);
	emu_free(emu);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_headers(&t);
	test_dispatch(&t);
	test_queue_errors(&t);
	test_read_queues(&t);
	test_storex(&t);
	test_register_spaces(&t);
	test_vsd(&t);
	test_ib(&t);
	test_ib_level_mask(&t);
	test_ib_a5xx(&t);
	test_top_of_memory(&t);
	test_streams_past_top(&t);
	test_limits(&t);
	test_stops(&t);
	test_fuzz(&t);
	test_two(&t);
	test_trace_and_reach(&t);
	test_bulk_copy(&t);
	test_observers(&t);
	return tap_done_testing(&t);
}
