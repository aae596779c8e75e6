/* What the emulator takes from an image's bootstrap (through sdk/fw):
 * the value control register 0 is checked for, the control map of
 * gen70900-like a7xx parts, and a6xx's LPAC, which the SQE starts
 * through CP_LPAC_SQE_INSTR_BASE/CP_LPAC_SQE_CNTL and meets at
 * THREAD_SYNC. Small hand-written images, hand-computed expectations. */
#include "afuc/tap.h"
#include "prog.h"

#define R_DATA ISA_REG_DATA
#define R_ADDR ISA_REG_ADDR
#define R_REGDATA ISA_REG_REGDATA

/* a6xx control registers (A6XX_CONTROL_REG) and GPU registers (a6xx.xml) */
#define A6_REG_WRITE_ADDR 0x024
#define A6_REG_WRITE 0x025
#define A6_REG_READ_DWORDS 0x026
#define A6_REG_READ_ADDR 0x027
#define A6_THREAD_SYNC 0x200
#define CP_SQE_INSTR_BASE 0x830
#define CP_LPAC_SQE_CNTL 0xb81
#define CP_LPAC_SQE_INSTR_BASE 0xb82

#define SQE_FAIL 0x171  /* a scratch register each image marks when a check fails */
#define LPAC_START 0x60 /* LPAC's image, in words from the SQE's */
#define INSTR_BASE 0x100000000ull

static void cwrite(struct prog *p, unsigned src, uint32_t reg)
{
	put(p, A(p, "cwrite", F(SRC1, src), F(SRC2, 0), F(IMM, reg)));
}

static void cread(struct prog *p, unsigned dst, uint32_t reg)
{
	put(p, A(p, "cread", F(DST, dst), F(SRC1, 0), F(IMM, reg)));
}

/* The a660 bootstraps' first check: control register 0 bits 28-31 must
 * be id, else the check branches to a routine that marks SQE_FAIL and
 * waits. Returns the branch, whose target fail() fills in. */
static uint32_t check_ctrl0(struct prog *p, uint32_t id)
{
	cread(p, 2, 0x000);
	put(p, A(p, "mov", F(DST, 3), F(IMM, id)));
	put(p, A(p, "ushr", F(DST, 2), F(SRC1, 2), F(IMM, 28)));
	put(p, A(p, "cmp", F(DST, 2), F(SRC1, 2), F(SRC2, 3)));
	uint32_t br = here(p);
	put(p, 0); /* brne $02, b0, #fail */
	nop(p);
	return br;
}

static void fail(struct prog *p, uint32_t br, uint32_t mark)
{
	uint32_t at = here(p);
	p->words[br + 1] = A(p, "brne", F(SRC1, 2), F(BIT, 0), F(OFFSET, at - br));
	li(p, 2, mark);
	cwrite(p, 2, SQE_FAIL);
	prog_end(p);
}

/* Sets bit `mine` of THREAD_SYNC and waits for bit `theirs`. */
static void thread_sync(struct prog *p, unsigned mine, unsigned theirs)
{
	cread(p, 2, A6_THREAD_SYNC);
	put(p, A(p, "or", F(DST, 2), F(SRC1, 2), F(IMM, 1u << mine)));
	cwrite(p, 2, A6_THREAD_SYNC);
	uint32_t wait = here(p);
	cread(p, 2, A6_THREAD_SYNC);
	put(p, A(p, "brne", F(SRC1, 2), F(BIT, theirs), F(OFFSET, to(p, wait))));
	nop(p);
}

/* Two GPU registers from reg through REG_READ: into $03 (low), $04. */
static void read64(struct prog *p, uint32_t reg)
{
	put(p, A(p, "mov", F(DST, 2), F(IMM, 2)));
	cwrite(p, 2, A6_REG_READ_DWORDS);
	put(p, A(p, "mov", F(DST, 2), F(IMM, reg)));
	cwrite(p, 2, A6_REG_READ_ADDR);
	put(p, A(p, "mov", F(DST, 3), F(SRC2, R_REGDATA)));
	put(p, A(p, "mov", F(DST, 4), F(SRC2, R_REGDATA)));
}

/* An a660-like pair: the SQE checks control 0 for 3, finds its own
 * address in CP_SQE_INSTR_BASE, points CP_LPAC_SQE_INSTR_BASE at the
 * LPAC image LPAC_START words further, starts it through
 * CP_LPAC_SQE_CNTL (REG_WRITE, as the vendor bootstrap does), and both
 * meet at THREAD_SYNC (SQE bit 0, LPAC bit 1). LPAC makes the same
 * check, reads its own address back from CP_LPAC_SQE_INSTR_BASE into
 * its control registers 0x150/0x151 and writes GPU register 0xe30. */
static void build_pair(struct prog *p)
{
	prog_init(p, EMU_A6XX);
	uint32_t br = check_ctrl0(p, 3);
	read64(p, CP_SQE_INSTR_BASE);
	put(p, A(p, "add", F(DST, 3), F(SRC1, 3), F(IMM, LPAC_START * 4)));
	put(p, A(p, "addhi", F(DST, 4), F(SRC1, 4), F(SRC2, 0)));
	put(p, A(p, "mov", F(DST, 5), F(IMM, CP_LPAC_SQE_INSTR_BASE)));
	cwrite(p, 5, A6_REG_WRITE_ADDR);
	cwrite(p, 3, A6_REG_WRITE);
	cwrite(p, 4, A6_REG_WRITE);
	put(p, A(p, "mov", F(DST, 5), F(IMM, CP_LPAC_SQE_CNTL)));
	cwrite(p, 5, A6_REG_WRITE_ADDR);
	put(p, A(p, "mov", F(DST, 5), F(IMM, 1)));
	cwrite(p, 5, A6_REG_WRITE);
	thread_sync(p, 0, 1);
	prog_end(p);
	fail(p, br, 0xbad0);
	if (here(p) > LPAC_START)
		abort();
	while (here(p) < LPAC_START)
		nop(p);

	/* LPAC: built alone, its branches relative, then appended */
	struct prog l;
	prog_init(&l, EMU_A6XX);
	br = check_ctrl0(&l, 3);
	read64(&l, CP_LPAC_SQE_INSTR_BASE);
	cwrite(&l, 3, 0x150);
	cwrite(&l, 4, 0x151);
	thread_sync(&l, 1, 0);
	put(&l, A(&l, "mov", F(DST, R_ADDR), F(IMM, 0xe30)));
	li(&l, 2, 0x1234);
	put(&l, A(&l, "mov", F(DST, R_DATA), F(SRC2, 2)));
	prog_end(&l);
	fail(&l, br, 0xbad1);
	for (size_t i = 1; i < l.count; i++)
		put(p, l.words[i]);
}

static void test_lpac(struct tap *t)
{
	struct prog p;
	build_pair(&p);
	struct emu *emu = prog_emu(&p);
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0), 3u << 28,
		   "control 0 preset to what the bootstrap checks (3 << 28)");
	tap_is_int(t, emu_run(emu), EMU_IDLE, "the SQE and LPAC boot to idle: %s", emu_error(emu));
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, SQE_FAIL), 0, "the SQE's check passed");
	tap_ok(t, emu_proc_started(emu, EMU_LPAC), "CP_LPAC_SQE_CNTL started LPAC");
	uint32_t base = 0;
	bool has_base = emu_proc_base(emu, EMU_LPAC, &base);
	tap_ok(t, has_base && base == LPAC_START, "at CP_LPAC_SQE_INSTR_BASE: image word 0x%x",
	       base);
	tap_is_hex(t, emu_ctrl(emu, EMU_LPAC, SQE_FAIL), 0,
		   "LPAC's check passed (control 0 preset)");
	uint64_t lpac_addr = INSTR_BASE + 4 * LPAC_START;
	tap_is_hex(t, emu_get_reg(emu, CP_LPAC_SQE_INSTR_BASE), (uint32_t)lpac_addr,
		   "CP_LPAC_SQE_INSTR_BASE holds LPAC's address");
	tap_is_hex(t,
		   (uint64_t)emu_ctrl(emu, EMU_LPAC, 0x151) << 32 | emu_ctrl(emu, EMU_LPAC, 0x150),
		   lpac_addr, "LPAC read its address back through REG_READ");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x150), 0, "into its own control registers");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, A6_THREAD_SYNC), 3,
		   "THREAD_SYNC has both bits: the SQE's and LPAC's");
	tap_is_hex(t, emu_ctrl(emu, EMU_LPAC, A6_THREAD_SYNC), 3, "one copy for both");
	tap_is_hex(t, emu_get_reg(emu, 0xe30), 0x1234, "LPAC ran past the sync and wrote 0xe30");
	const struct emu_write *w = emu_writes(emu);
	size_t n = emu_write_count(emu), found = n;
	for (size_t i = 0; i < n; i++)
		if (w[i].kind == EMU_WRITE_GPU && w[i].addr == 0xe30)
			found = i;
	tap_ok(t, found < n && w[found].proc == EMU_LPAC, "the log names LPAC as the writer");
	tap_ok(t, emu_pc(emu, EMU_MAIN) < LPAC_START && emu_pc(emu, EMU_LPAC) < 0x40,
	       "both wait at their waitin (SQE pc 0x%x, LPAC pc 0x%x)", emu_pc(emu, EMU_MAIN),
	       emu_pc(emu, EMU_LPAC));
	uint32_t lpac_pc = emu_pc(emu, EMU_LPAC);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	emu_set_packet_entry(emu, EMU_MAIN, 0x10, emu_pc(emu, EMU_MAIN) - 1);
	tap_ok(t,
	       emu_run(emu) == EMU_IDLE && emu_ring_pending(emu) == 0 &&
		       emu_pc(emu, EMU_LPAC) == lpac_pc,
	       "packets go to the SQE, LPAC keeps waiting: %s", emu_error(emu));
	emu_free(emu);

	/* Without the preset the check fails: the test above can fail. */
	emu = prog_emu(&p);
	emu_set_ctrl(emu, EMU_MAIN, 0, 1u << 28);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "with control 0 = 1 << 28 the SQE gives up");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, SQE_FAIL), 0xbad0, "through its check");
	tap_ok(t, !emu_proc_started(emu, EMU_LPAC), "and LPAC never starts");
	emu_free(emu);

	/* A write of CP_LPAC_SQE_CNTL without bit 0 starts nothing. */
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "mov", F(DST, R_ADDR), F(IMM, CP_LPAC_SQE_CNTL)));
	put(&p, A(&p, "mov", F(DST, R_DATA), F(IMM, 2)));
	prog_end(&p);
	enum emu_status st;
	emu = prog_run(&p, &st);
	tap_ok(t, st == EMU_IDLE && !emu_proc_started(emu, EMU_LPAC),
	       "CP_LPAC_SQE_CNTL = 2 starts nothing");
	emu_free(emu);

	/* LPAC outside the image is an error naming it. */
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "mov", F(DST, R_ADDR), F(IMM, CP_LPAC_SQE_CNTL)));
	put(&p, A(&p, "mov", F(DST, R_DATA), F(IMM, 1)));
	prog_end(&p);
	emu = prog_run(&p, &st);
	tap_ok(t,
	       st == EMU_ERROR && emu_error_kind(emu) == EMU_ERR_BRANCH &&
		       strstr(emu_error(emu), "LPAC started at 0x0"),
	       "LPAC started at address 0: %.60s", emu_error(emu));
	emu_free(emu);
}

/* gen70900-like a7xx: a bootstrap that reads GPU registers through
 * control 0x01a/0x01b gets the A7XX_GEN3 map: REG_READ there, the packet
 * table at 0x070/0x071, REG_WRITE at 0x018/0x019, CP_SQE_INSTR_BASE in
 * 0x830 and 0x816, the id in 0x002. */
static void test_gen3(struct tap *t)
{
	struct prog p;
	prog_init(&p, EMU_A7XX);
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 2)));
	cwrite(&p, 2, 0x01a);
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 0x816)));
	cwrite(&p, 2, 0x01b);
	put(&p, A(&p, "mov", F(DST, 3), F(SRC2, R_REGDATA)));
	put(&p, A(&p, "mov", F(DST, 4), F(SRC2, R_REGDATA)));
	cwrite(&p, 0, 0x070);
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 0x20)));
	cwrite(&p, 2, 0x071); /* entry 0: the handler at 0x20 */
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 0xe40)));
	cwrite(&p, 2, 0x018);
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 0x77)));
	cwrite(&p, 2, 0x019);
	cwrite(&p, 2, 0x019); /* REG_WRITE_ADDR increments: 0xe41 */
	prog_end(&p);
	while (here(&p) < 0x20)
		nop(&p);
	put(&p, A(&p, "mov", F(DST, 5), F(IMM, 0x55))); /* opcode 0's handler */
	prog_end(&p);
	enum emu_status st;
	struct emu *emu = prog_run(&p, &st);
	tap_is_int(t, st, EMU_IDLE, "a7xx bootstrap reading through 0x01b boots: %s",
		   emu_error(emu));
	tap_is_hex(t, (uint64_t)emu_gpr(emu, EMU_MAIN, 4) << 32 | emu_gpr(emu, EMU_MAIN, 3),
		   INSTR_BASE, "REG_READ_DWORDS 0x01a, REG_READ_ADDR 0x01b: 0x816 = the image");
	tap_is_hex(t, emu_packet_entry(emu, EMU_MAIN, 0), 0x20,
		   "PACKET_TABLE_WRITE_ADDR 0x070, PACKET_TABLE_WRITE 0x071");
	tap_ok(t, emu_get_reg(emu, 0xe40) == 0x77 && emu_get_reg(emu, 0xe41) == 0x77,
	       "REG_WRITE_ADDR 0x018, REG_WRITE 0x019 (incrementing)");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x002), 1u << 21, "the processor id in 0x002");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x0ef), 0, "not in gen70500's 0x0ef");
	emu_push_pkt7(emu, 0x00, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "packet 0 runs");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0x55, "through the entry 0x071 wrote");
	emu_free(emu);

	/* the same reads through gen70500's map find nothing queued */
	prog_init(&p, EMU_A7XX);
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 0x830)));
	cwrite(&p, 2, 0x039);
	put(&p, A(&p, "mov", F(DST, 3), F(SRC2, R_REGDATA)));
	cwrite(&p, 2, 0x01b);
	put(&p, A(&p, "mov", F(DST, 4), F(SRC2, R_REGDATA)));
	prog_end(&p);
	emu = prog_run(&p, &st);
	tap_ok(t, st == EMU_ERROR && emu_error_kind(emu) == EMU_ERR_QUEUE_EMPTY,
	       "a bootstrap reading through 0x039 keeps gen70500's map: 0x01b queues nothing");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0, "(0x039 read CP_SQE_INSTR_BASE's low word)");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x0ef), 1u << 21, "and the id is in 0x0ef");
	emu_free(emu);
}

static void test_guess(struct tap *t)
{
	enum emu_gen gen = 0;
	uint32_t a702[] = {0, 0x017aa047};
	bool known = emu_guess_gen(a702, 2, &gen);
	tap_ok(t, known && gen == EMU_A6XX, "a702's id 0x017aa047 names an a6xx image (got %d)",
	       (int)gen);
	uint32_t gen8[] = {0, 0x01500077};
	tap_ok(t, emu_guess_gen(gen8, 2, &gen) && gen == EMU_A7XX, "gen80000's id is a7xx");
	uint32_t junk[] = {0, 0x12345678};
	tap_ok(t, !emu_guess_gen(junk, 2, &gen), "0x12345678 is no afuc id");
	tap_ok(t, !emu_guess_gen(junk, 1, &gen), "one word is too few");
	/* the same from a file's bytes, as afuc-emu --replay reads an image */
	const uint8_t a702_bytes[] = {0, 0, 0, 0, 0x47, 0xa0, 0x7a, 0x01};
	gen = 0;
	tap_ok(t, emu_guess_gen_bytes(a702_bytes, sizeof a702_bytes, &gen) && gen == EMU_A6XX,
	       "emu_guess_gen_bytes reads the words little-endian");
	tap_ok(t, !emu_guess_gen_bytes(a702_bytes, 7, &gen), "and wants two whole words");
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_lpac(&t);
	test_gen3(&t);
	test_guess(&t);
	return tap_done_testing(&t);
}
