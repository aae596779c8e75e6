/* Every afuc instruction and modifier against results computed by hand
 * from ../shared/spec/afuc.rst. Each check runs a tiny program that ends
 * at waitin and looks at the registers it left. */
#include "afuc/tap.h"
#include "prog.h"

#define R_DATA ISA_REG_DATA
#define R_ADDR ISA_REG_ADDR
#define R_REM ISA_REG_REM

/* Runs p and returns GPR reg of the main processor. */
static uint32_t run_gpr(struct tap *t, struct prog *p, unsigned reg, const char *what)
{
	prog_end(p);
	enum emu_status st;
	struct emu *emu = prog_run(p, &st);
	if (st != EMU_IDLE)
		tap_diag(t, "%s: %s", what, emu_error(emu));
	uint32_t v = emu_gpr(emu, EMU_MAIN, reg);
	emu_free(emu);
	return v;
}

/* op $04, $02, $03 with $02 = a, $03 = b (register and immediate forms). */
static void alu2(struct tap *t, enum emu_gen gen, const char *op, uint32_t a, uint32_t b,
		 uint32_t want)
{
	struct prog p;
	prog_init(&p, gen);
	li(&p, 2, a);
	li(&p, 3, b);
	put(&p, A(&p, op, F(DST, 4), F(SRC1, 2), F(SRC2, 3)));
	tap_is_hex(t, run_gpr(t, &p, 4, op), want, "%s 0x%x, 0x%x (registers, %s)", op, a, b,
		   gen == EMU_A7XX ? "a7xx" : "a6xx");
	if (b >> 16 || !strcmp(op, "setbit")) /* setbit's immediate form takes a bit */
		return;
	prog_init(&p, gen);
	li(&p, 2, a);
	put(&p, A(&p, op, F(DST, 4), F(SRC1, 2), F(IMM, b)));
	tap_is_hex(t, run_gpr(t, &p, 4, op), want, "%s 0x%x, 0x%x (immediate)", op, a, b);
}

static void test_alu(struct tap *t)
{
	alu2(t, EMU_A6XX, "add", 0x12345678, 0x1111, 0x12346789);
	alu2(t, EMU_A6XX, "sub", 0x10, 0x11, 0xffffffff);
	alu2(t, EMU_A6XX, "and", 0xf0f0f0f0, 0xff00, 0x0000f000);
	alu2(t, EMU_A6XX, "or", 0xf0000000, 0x000f, 0xf000000f);
	alu2(t, EMU_A6XX, "xor", 0xffff0000, 0xf0f0, 0xfffff0f0);
	alu2(t, EMU_A6XX, "shl", 0x80000001, 4, 0x00000010);
	alu2(t, EMU_A6XX, "ushr", 0x80000010, 4, 0x08000001);
	alu2(t, EMU_A6XX, "ishr", 0x80000010, 4, 0xf8000001);
	alu2(t, EMU_A6XX, "ishr", 0x40000010, 4, 0x04000001);
	alu2(t, EMU_A6XX, "rot", 0x80000001, 4, 0x00000018);
	alu2(t, EMU_A6XX, "rot", 0x12345678, 8, 0x34567812);
	alu2(t, EMU_A6XX, "mul8", 0x123456ff, 0x03ff, 0xfe01);
	alu2(t, EMU_A6XX, "min", 0x80000000, 5, 5);
	alu2(t, EMU_A6XX, "max", 0x80000000, 5, 0x80000000);
	/* cmp: 0x00 greater, 0x2b equal, 0x1e less (unsigned) */
	alu2(t, EMU_A6XX, "cmp", 7, 3, 0x00);
	alu2(t, EMU_A6XX, "cmp", 3, 3, 0x2b);
	alu2(t, EMU_A6XX, "cmp", 3, 7, 0x1e);
	alu2(t, EMU_A6XX, "cmp", 0xffffffff, 7, 0x00);
	/* shift amounts use the low 5 bits */
	alu2(t, EMU_A6XX, "shl", 1, 33, 2);
	/* a7xx moved and added ALU forms */
	alu2(t, EMU_A7XX, "bic", 0xff00ff00, 0x0ff0, 0xff00f000);
	alu2(t, EMU_A7XX, "min", 9, 4, 4);
	alu2(t, EMU_A7XX, "cmp", 4, 9, 0x1e);
	alu2(t, EMU_A7XX, "shl", 0x3, 2, 0xc);
	alu2(t, EMU_A7XX, "ushr", 0xc0000000, 30, 3);
	alu2(t, EMU_A7XX, "rot", 0xf0000000, 4, 0xf);
	alu2(t, EMU_A7XX, "mul8", 0x10, 0x10, 0x100);
	/* register setbit: src2 bits 1-5 pick the bit, bit 0 its value */
	alu2(t, EMU_A7XX, "setbit", 0x00000000, (7 << 1) | 1, 0x80);
	alu2(t, EMU_A7XX, "setbit", 0xffffffff, (31 << 1) | 0, 0x7fffffff);

	struct prog p;
	prog_init(&p, EMU_A6XX);
	li(&p, 3, 0x0f0f0f0f);
	put(&p, A(&p, "not", F(DST, 4), F(SRC2, 3)));
	tap_is_hex(t, run_gpr(t, &p, 4, "not"), 0xf0f0f0f0, "not $04, $03");
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "not", F(DST, 4), F(IMM, 0x00ff)));
	tap_is_hex(t, run_gpr(t, &p, 4, "not"), 0xffffff00, "not $04, 0xff");
	prog_init(&p, EMU_A6XX);
	li(&p, 3, 0x00012345);
	put(&p, A(&p, "msb", F(DST, 4), F(SRC2, 3)));
	tap_is_hex(t, run_gpr(t, &p, 4, "msb"), 16, "msb of 0x12345 is bit 16");
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "msb", F(DST, 4), F(SRC2, 0)));
	tap_is_hex(t, run_gpr(t, &p, 4, "msb"), 0, "msb of 0 is 0");
	prog_init(&p, EMU_A7XX);
	li(&p, 3, 0x354);
	put(&p, A(&p, "popcnt", F(DST, 4), F(SRC2, 3)));
	tap_is_hex(t, run_gpr(t, &p, 4, "popcnt"), 5, "popcnt of 0x354 is 5");
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "mov", F(DST, 4), F(IMM, 0x1234), F(SHIFT, 16)));
	tap_is_hex(t, run_gpr(t, &p, 4, "movi"), 0x12340000, "mov $04, 0x1234 << 16");
	prog_init(&p, EMU_A6XX);
	li(&p, 3, 0xabcd);
	put(&p, A(&p, "mov", F(DST, 4), F(SRC2, 3)));
	tap_is_hex(t, run_gpr(t, &p, 4, "mov"), 0xabcd, "mov $04, $03");
	prog_init(&p, EMU_A6XX);
	li(&p, 3, 0x12);
	put(&p, A(&p, "mov", F(DST, 0), F(SRC2, 3)));
	tap_is_hex(t, run_gpr(t, &p, 0, "$00"), 0, "writes to $00 are discarded");
}

static void test_carry(struct tap *t)
{
	/* 64-bit 0x1_ffffffff + 0x0_00000001 = 0x2_00000000 */
	struct prog p;
	prog_init(&p, EMU_A6XX);
	li(&p, 2, 0xffffffff);
	li(&p, 3, 1);
	li(&p, 4, 1); /* high word */
	put(&p, A(&p, "add", F(DST, 5), F(SRC1, 2), F(SRC2, 3)));
	put(&p, A(&p, "addhi", F(DST, 6), F(SRC1, 4), F(SRC2, 0)));
	prog_end(&p);
	enum emu_status st;
	struct emu *emu = prog_run(&p, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0, "add: low word wraps");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 6), 2, "addhi adds the carry");
	emu_free(emu);
	/* 0x5_00000000 - 0x0_00000001 = 0x4_ffffffff */
	prog_init(&p, EMU_A6XX);
	li(&p, 4, 5);
	put(&p, A(&p, "sub", F(DST, 5), F(SRC1, 0), F(IMM, 1)));
	put(&p, A(&p, "subhi", F(DST, 6), F(SRC1, 4), F(IMM, 0)));
	/* no borrow: the flag is clear again */
	put(&p, A(&p, "sub", F(DST, 7), F(SRC1, 4), F(IMM, 1)));
	put(&p, A(&p, "subhi", F(DST, 8), F(SRC1, 4), F(IMM, 0)));
	prog_end(&p);
	emu = prog_run(&p, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0xffffffff, "sub: low word borrows");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 6), 4, "subhi subtracts the borrow");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 8), 5, "subhi without a borrow");
	emu_free(emu);
}

static void test_bits(struct tap *t)
{
	struct prog p;
	prog_init(&p, EMU_A6XX);
	li(&p, 2, 0x0f);
	put(&p, A(&p, "setbit", F(DST, 3), F(SRC1, 2), F(BIT, 31)));
	put(&p, A(&p, "clrbit", F(DST, 4), F(SRC1, 2), F(BIT, 1)));
	prog_end(&p);
	enum emu_status st;
	struct emu *emu = prog_run(&p, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0x8000000f, "setbit $03, $02, b31");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0x0000000d, "clrbit $04, $02, b1");
	emu_free(emu);

	prog_init(&p, EMU_A7XX);
	li(&p, 2, 0x12345678);
	put(&p, A(&p, "ubfx", F(DST, 3), F(SRC1, 2), F(BIT, 8), F(HI, 15)));
	put(&p, A(&p, "ubfx", F(DST, 4), F(SRC1, 2), F(BIT, 0), F(HI, 31)));
	li(&p, 5, 0xffffffff);
	li(&p, 6, 0x5);
	/* insert 3 bits of $06 (101b) at bits 4-6 of all-ones: bit 5 clears */
	put(&p, A(&p, "bfi", F(DST, 5), F(SRC1, 6), F(BIT, 4), F(HI, 6)));
	put(&p, A(&p, "setbit", F(DST, 7), F(SRC1, 0), F(BIT, 3)));
	put(&p, A(&p, "clrbit", F(DST, 8), F(SRC1, 5), F(BIT, 31)));
	prog_end(&p);
	emu = prog_run(&p, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0x56, "ubfx b8..b15 of 0x12345678");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0x12345678, "ubfx b0..b31 is the whole word");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0xffffffdf, "bfi replaces the field");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 7), 0x8, "a7xx setbit b3");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 8), 0x7fffffdf, "a7xx clrbit b31");
	emu_free(emu);
}

/* breq/brne with an immediate and with a bit; the delay slot always runs. */
static void test_branches(struct tap *t)
{
	struct prog p;
	prog_init(&p, EMU_A6XX);
	li(&p, 2, 5);
	uint32_t b = here(&p);
	put(&p, A(&p, "breq", F(SRC1, 2), F(IMM, 5), F(OFFSET, 4))); /* taken */
	put(&p, A(&p, "mov", F(DST, 3), F(IMM, 1)));                 /* delay slot: runs */
	put(&p, A(&p, "mov", F(DST, 4), F(IMM, 1)));                 /* skipped */
	put(&p, A(&p, "mov", F(DST, 4), F(IMM, 2)));                 /* skipped */
	(void)b;
	put(&p, A(&p, "brne", F(SRC1, 2), F(IMM, 5), F(OFFSET, 3))); /* not taken */
	nop(&p);
	put(&p, A(&p, "mov", F(DST, 5), F(IMM, 1)));                 /* runs */
	put(&p, A(&p, "breq", F(SRC1, 2), F(BIT, 2), F(OFFSET, 3))); /* 5 has bit 2: taken */
	nop(&p);
	put(&p, A(&p, "mov", F(DST, 6), F(IMM, 1)));                 /* skipped */
	put(&p, A(&p, "brne", F(SRC1, 2), F(BIT, 1), F(OFFSET, 3))); /* bit 1 clear: taken */
	nop(&p);
	put(&p, A(&p, "mov", F(DST, 7), F(IMM, 1))); /* skipped */
	put(&p, A(&p, "jump", F(OFFSET, 3)));
	nop(&p);
	put(&p, A(&p, "mov", F(DST, 8), F(IMM, 1))); /* skipped */
	prog_end(&p);
	enum emu_status st;
	struct emu *emu = prog_run(&p, &st);
	tap_is_int(t, st, EMU_IDLE, "branch program runs to waitin");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 1, "the delay slot of a taken branch runs");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0, "a taken branch skips what follows its slot");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 1, "an untaken branch falls through");
	tap_is_hex(t,
		   emu_gpr(emu, EMU_MAIN, 6) | emu_gpr(emu, EMU_MAIN, 7) |
			   emu_gpr(emu, EMU_MAIN, 8),
		   0, "breq bN, brne bN and jump are taken");
	emu_free(emu);

	/* A branch in a delay slot: the first not taken, the second taken
	 * (the spec's double jump). */
	prog_init(&p, EMU_A6XX);
	li(&p, 2, 1);
	put(&p, A(&p, "breq", F(SRC1, 2), F(IMM, 0), F(OFFSET, 5)));
	put(&p, A(&p, "brne", F(SRC1, 2), F(IMM, 0), F(OFFSET, 5)));
	nop(&p);
	put(&p, A(&p, "mov", F(DST, 3), F(IMM, 1))); /* skipped */
	put(&p, A(&p, "mov", F(DST, 3), F(IMM, 2))); /* the first branch's target, skipped */
	put(&p, A(&p, "mov", F(DST, 3), F(IMM, 3))); /* skipped */
	put(&p, A(&p, "mov", F(DST, 4), F(IMM, 4))); /* the second's target */
	tap_is_hex(t, run_gpr(t, &p, 3, "double jump"), 0, "a branch in a delay slot is taken");

	/* both taken: the spec forbids it, the run stops */
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "jump", F(OFFSET, 3)));
	put(&p, A(&p, "jump", F(OFFSET, 3)));
	nop(&p);
	prog_end(&p);
	prog_end(&p);
	st = EMU_IDLE;
	emu = prog_run(&p, &st);
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_BRANCH,
		   "two taken branches back to back stop the run");
	tap_ok(t, strstr(emu_error(emu), "delay slot of a taken branch") != NULL, "and say why: %s",
	       emu_error(emu));
	emu_free(emu);

	/* a target outside the image */
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "jump", F(OFFSET, 0x100)));
	nop(&p);
	prog_end(&p);
	emu = prog_run(&p, &st);
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_BRANCH, "a jump outside the image is an error");
	emu_free(emu);
}

/* call/ret with the stack in SQE registers SP and STACK0..7. */
static void test_calls(struct tap *t)
{
	struct prog p;
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "call", F(TARGET, 6)));
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 1)));                /* delay slot */
	put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(IMM, 0x10))); /* returned here */
	prog_end(&p);
	nop(&p);
	/* 6: */
	put(&p, A(&p, "call", F(TARGET, 10)));
	put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(IMM, 0x100)));
	put(&p, A0(&p, "ret"));
	put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(IMM, 0x1000)));
	/* 10: */
	put(&p, A(&p, "sread", F(DST, 3), F(SRC1, 0), F(IMM, 0x05)));
	put(&p, A0(&p, "ret"));
	put(&p, A(&p, "sread", F(DST, 4), F(SRC1, 0), F(IMM, 0x09)));
	enum emu_status st;
	struct emu *emu = prog_run(&p, &st);
	tap_is_int(t, st, EMU_IDLE, "nested calls return");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 2), 0x1111, "every delay slot and return ran once");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 2, "SP is 2 two calls deep");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 8, "STACK1 holds the inner return address");
	tap_is_hex(t, emu_sqe(emu, EMU_MAIN, 0x05), 0, "SP is 0 again at the end");
	emu_free(emu);

	/* 9 calls deep: the 9th drops the oldest entry. Call k (at 4k) goes
	 * to 4k + 4 and returns to 4k + 2, which returns on, counting in $2
	 * (delay slots); at the deepest point SP, STACK0 and STACK7 go to
	 * $3-$5. Eight returns unwind to call 1's return site, 6, whose own
	 * return address (2) was dropped: that ret finds the stack empty. */
	prog_init(&p, EMU_A6XX);
	for (uint32_t k = 0; k < 9; k++) {
		put(&p, A(&p, "call", F(TARGET, 4 * k + 4)));
		nop(&p);
		put(&p, A0(&p, "ret"));
		put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(IMM, 1)));
	}
	put(&p, A(&p, "sread", F(DST, 3), F(SRC1, 0), F(IMM, 0x05)));
	put(&p, A(&p, "sread", F(DST, 4), F(SRC1, 0), F(IMM, 0x08)));
	put(&p, A(&p, "sread", F(DST, 5), F(SRC1, 0), F(IMM, 0x0f)));
	put(&p, A0(&p, "ret"));
	put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(IMM, 1)));
	emu = prog_run(&p, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 8, "a 9th nested call leaves SP at 8");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 6, "having dropped the oldest entry (2)");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 34, "STACK7 holds the 9th call's return");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 2), 8, "eight returns ran");
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_STACK, "and a ninth finds the stack empty");
	emu_free(emu);

	/* SP keeps 4 bits: the vendor preemption restore writes it with
	 * STACK7 in bits 4 and up */
	prog_init(&p, EMU_A6XX);
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 0x1233)));
	put(&p, A(&p, "swrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x05)));
	prog_end(&p);
	emu = prog_run(&p, &st);
	tap_is_hex(t, emu_sqe(emu, EMU_MAIN, 0x05), 3, "an SP write keeps bits 0-3");
	emu_free(emu);

	prog_init(&p, EMU_A6XX);
	put(&p, A0(&p, "ret"));
	nop(&p);
	emu = prog_run(&p, &st);
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_STACK, "ret with an empty stack is an error");
	emu_free(emu);

	/* bl / jump $lr / sret / jumpa (a7xx) */
	prog_init(&p, EMU_A7XX);
	put(&p, A(&p, "bl", F(TARGET, 5)));
	nop(&p);
	put(&p, A(&p, "jumpa", F(TARGET, 9)));
	put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(IMM, 0x10)));
	put(&p, A(&p, "mov", F(DST, 2), F(IMM, 0xdead))); /* skipped */
	/* 5: */
	put(&p, A(&p, "mov", F(DST, 3), F(SRC2, ISA_REG_LR)));
	put(&p, A(&p, "jump", F(SRC1, ISA_REG_LR)));
	put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(IMM, 1)));
	nop(&p);
	/* 9: */
	put(&p, A(&p, "bl", F(TARGET, 13)));
	nop(&p);
	prog_end(&p);
	/* 13: */
	put(&p, A0(&p, "sret"));
	put(&p, A(&p, "add", F(DST, 2), F(SRC1, 2), F(IMM, 0x100)));
	emu = prog_run(&p, &st);
	tap_is_int(t, st, EMU_IDLE, "bl, jump $lr, jumpa and sret run");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 2, "bl sets $lr past its delay slot");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 2), 0x111, "every path ran once");
	emu_free(emu);
}

/* (rep) repeats while $rem is not 0, counting it down. */
static void test_rep(struct tap *t)
{
	struct prog p;
	prog_init(&p, EMU_A6XX);
	li(&p, R_REM, 5);
	put(&p, A(&p, "add", F(REP, 1), F(DST, 2), F(SRC1, 2), F(IMM, 3)));
	put(&p, A(&p, "mov", F(DST, 3), F(SRC2, R_REM)));
	put(&p, A(&p, "add", F(REP, 1), F(DST, 4), F(SRC1, 4), F(IMM, 1))); /* $rem 0: none */
	prog_end(&p);
	enum emu_status st;
	struct emu *emu = prog_run(&p, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 2), 15, "(rep)add runs $rem = 5 times");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0, "and leaves $rem at 0");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0, "(rep) with $rem 0 runs 0 times");
	emu_free(emu);

	/* The spec's scratch clear: pre-increment writes 0x100..0x17f. */
	prog_init(&p, EMU_A6XX);
	li(&p, 2, 0x55);
	put(&p, A(&p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x100)));
	put(&p, A(&p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x17f)));
	put(&p, A(&p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x180)));
	li(&p, R_REM, 0x80);
	li(&p, 3, 0xff);
	put(&p, A(&p, "cwrite", F(REP, 1), F(PREINC, 1), F(SRC1, 0), F(SRC2, 3), F(IMM, 1)));
	prog_end(&p);
	emu = prog_run(&p, &st);
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x100), 0, "(rep)cwrite ...]! clears 0x100");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x17f), 0, "... through 0x17f");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x180), 0x55, "... and no further");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0x17f, "pre-increment leaves the last address");
	emu_free(emu);

	/* cread with pre-increment */
	prog_init(&p, EMU_A6XX);
	li(&p, 2, 0x77);
	put(&p, A(&p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x123)));
	li(&p, 3, 0x120);
	put(&p, A(&p, "cread", F(PREINC, 1), F(DST, 4), F(SRC1, 3), F(IMM, 3)));
	prog_end(&p);
	emu = prog_run(&p, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0x77, "cread $04, [$03 + 0x3]!");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0x123, "pre-increment updates $03");
	emu_free(emu);
}

/* A handler at pc 2 for opcode 0x10 (CP_NOP's slot); body() fills it. */
static struct emu *packet_prog(struct prog *p, enum emu_gen gen, void (*body)(struct prog *),
			       const uint32_t *payload, size_t n, enum emu_status *st)
{
	prog_init(p, gen);
	prog_end(p);
	body(p);
	prog_end(p);
	struct emu *emu = prog_emu(p);
	emu_set_packet_entry(emu, EMU_MAIN, 0x10, 2);
	emu_push_pkt7(emu, 0x10, payload, n);
	*st = emu_run(emu);
	return emu;
}

static void body_xmov1(struct prog *p)
{
	li(p, R_ADDR, 0x100);
	put(p, A(p, "mov", F(REP, 1), F(XMOV, 1), F(DST, R_DATA), F(SRC2, R_DATA)));
}

static void body_xmov3(struct prog *p)
{
	put(p, A(p, "mov", F(XMOV, 3), F(DST, ISA_REG_USRADDR), F(SRC2, R_DATA)));
}

static void body_xmov3_plain(struct prog *p)
{
	put(p, A(p, "mov", F(XMOV, 3), F(DST, 2), F(SRC2, R_DATA)));
	put(p, A(p, "mov", F(DST, 3), F(SRC2, R_REM)));
}

static void body_xmov2(struct prog *p)
{
	li(p, R_ADDR, 0x200);
	put(p, A(p, "mov", F(XMOV, 2), F(DST, R_DATA), F(SRC2, R_DATA)));
	put(p, A(p, "mov", F(DST, 3), F(SRC2, R_REM)));
}

static void body_peek(struct prog *p)
{
	put(p, A(p, "or", F(PEEK, 1), F(DST, 2), F(SRC1, 0), F(SRC2, R_DATA)));
	put(p, A(p, "mov", F(DST, 4), F(SRC2, R_REM)));
	put(p, A(p, "mov", F(DST, 3), F(SRC2, R_DATA)));
	put(p, A(p, "mov", F(DST, 5), F(SRC2, R_DATA)));
}

static void expect_writes(struct tap *t, struct emu *emu, const uint32_t *pairs, size_t n,
			  const char *what)
{
	size_t got = emu_write_count(emu);
	bool same = got == n;
	for (size_t i = 0; i < n && same; i++)
		same = emu_writes(emu)[i].kind == EMU_WRITE_GPU &&
		       emu_writes(emu)[i].addr == pairs[2 * i] &&
		       emu_writes(emu)[i].value == pairs[2 * i + 1];
	tap_ok(t, same, "%s", what);
	if (!same)
		for (size_t i = 0; i < got; i++)
			tap_diag(t, "  write %zu: kind %u 0x%llx = 0x%x", i,
				 emu_writes(emu)[i].kind,
				 (unsigned long long)emu_writes(emu)[i].addr,
				 emu_writes(emu)[i].value);
}

static void test_xmov(struct tap *t)
{
	struct prog p;
	enum emu_status st;
	/* 5 words: iterations take 2 + 2 + 1 */
	struct emu *emu = packet_prog(&p, EMU_A6XX, body_xmov1, (uint32_t[]){1, 2, 3, 4, 5}, 5,
				      &st);
	tap_is_int(t, st, EMU_IDLE, "(rep)(xmov1)mov $data, $data runs");
	expect_writes(t, emu, (uint32_t[]){0x100, 1, 0x101, 2, 0x102, 3, 0x103, 4, 0x104, 5}, 5,
		      "(rep)(xmov1) writes every word to successive registers");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, R_ADDR), 0x105, "$addr auto-increments");
	emu_free(emu);

	/* M = 3: mov $usraddr,$data; mov $data,$data; mov $usraddr,$data; mov $data,$data */
	emu = packet_prog(&p, EMU_A6XX, body_xmov3, (uint32_t[]){0x300, 0xa, 0x310, 0xb}, 4, &st);
	expect_writes(t, emu, (uint32_t[]){0x300, 0xa, 0x310, 0xb}, 2,
		      "(xmov3)mov $usraddr, $data writes two register pairs");
	emu_free(emu);

	/* dst not special: extra moves read and drop, except M = 3's middle */
	emu = packet_prog(&p, EMU_A6XX, body_xmov3_plain, (uint32_t[]){1, 2, 3, 4}, 4, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 2), 3,
		   "(xmov3)mov $02, $data: the middle move lands in $02");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0, "four words consumed, $rem 0");
	tap_is_int(t, (long long)emu_write_count(emu), 0, "no register writes");
	emu_free(emu);

	/* M = min(N, $rem): 2 words left after the first read of 3 */
	emu = packet_prog(&p, EMU_A6XX, body_xmov2, (uint32_t[]){7, 8, 9}, 3, &st);
	expect_writes(t, emu, (uint32_t[]){0x200, 7, 0x201, 8, 0x202, 9}, 3,
		      "(xmov2) with 3 words");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0, "$rem 0 after");
	emu_free(emu);
	emu = packet_prog(&p, EMU_A6XX, body_xmov2, (uint32_t[]){7, 8}, 2, &st);
	expect_writes(t, emu, (uint32_t[]){0x200, 7, 0x201, 8}, 2,
		      "(xmov2) with 2 words adds 1 move");
	emu_free(emu);

	/* (peek) reads without consuming */
	emu = packet_prog(&p, EMU_A7XX, body_peek, (uint32_t[]){0x11, 0x22}, 2, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 2), 0x11, "(peek) reads the next word");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 2, "(peek) leaves $rem");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0x11, "the next read returns the same word");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0x22, "and then moves on");
	emu_free(emu);
}

/* DRAW_STATE_SET_HDR is 0x04a on a6xx, 0x04c on a7xx */
static void body_sds_at(struct prog *p, uint32_t set_hdr)
{
	put(p, A(p, "cwrite", F(REP, 1), F(SDS, 2), F(SRC1, R_DATA), F(SRC2, 0), F(IMM, set_hdr)));
	li(p, 2, 3);
	put(p, A(p, "cwrite", F(SRC1, 2), F(SRC2, 0), F(IMM, 0x041))); /* DRAW_STATE_SEL */
	put(p, A(p, "cread", F(DST, 3), F(SRC1, 0), F(IMM, 0x047)));   /* DRAW_STATE_HDR */
	put(p, A(p, "cread", F(DST, 4), F(SRC1, 0), F(IMM, 0x045)));   /* DRAW_STATE_BASE */
	put(p, A(p, "cread", F(DST, 5), F(SRC1, 0), F(IMM, 0x046)));
}

static void body_sds(struct prog *p)
{
	body_sds_at(p, 0x04a);
}

static void body_sds7(struct prog *p)
{
	body_sds_at(p, 0x04c);
}

static void body_sds_other(struct prog *p)
{
	put(p, A(p, "cwrite", F(SDS, 2), F(SRC1, R_DATA), F(SRC2, 0), F(IMM, 0x100)));
	put(p, A(p, "mov", F(DST, 3), F(SRC2, R_REM)));
}

static void test_sds(struct tap *t)
{
	struct prog p;
	enum emu_status st;
	/* two groups: 1 and 3, each header + 64-bit base */
	const uint32_t words[] = {0x01000005, 0x1000, 0x1, 0x03040009, 0x2000, 0x2};
	struct emu *emu = packet_prog(&p, EMU_A6XX, body_sds, words, 6, &st);
	tap_is_int(t, st, EMU_IDLE, "(rep)(sds2)cwrite $data, [$00 + @DRAW_STATE_SET_HDR] runs");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x04a), 0x03040009,
		   "the last header is in the register");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0x03040009, "group 3's header, selected");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0x2000, "group 3's base, low word");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 5), 0x2, "group 3's base, high word");
	emu_free(emu);
	emu = packet_prog(&p, EMU_A7XX, body_sds7, words, 6, &st);
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 4), 0x2000, "a7xx: group 3's base");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x04f), 0x2000, "a7xx: DRAW_STATE_SET_BASE holds it");
	emu_free(emu);
	emu = packet_prog(&p, EMU_A6XX, body_sds_other, (uint32_t[]){0xa, 0xb, 0xc}, 3, &st);
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x100), 0xa,
		   "(sds2) elsewhere: the first word is written");
	tap_is_hex(t, emu_gpr(emu, EMU_MAIN, 3), 0, "and two more are read and dropped");
	tap_is_hex(t, emu_ctrl(emu, EMU_MAIN, 0x101), 0, "nothing else written");
	emu_free(emu);
}

static void test_nops(struct tap *t)
{
	struct prog p;
	prog_init(&p, EMU_A5XX);
	put(&p, 0x00000000);
	put(&p, 0x0000129c); /* a5xx payload NOP: the packet-table offset */
	li(&p, 2, 1);
	tap_is_hex(t, run_gpr(t, &p, 2, "a5xx nops"), 1, "a5xx: 0x00xxxxxx words are nops");
	prog_init(&p, EMU_A6XX);
	put(&p, 0x01000000);
	put(&p, 0x016ee207); /* a6xx payload NOP: the version word */
	li(&p, 2, 1);
	tap_is_hex(t, run_gpr(t, &p, 2, "a6xx nops"), 1, "a6xx: 0x01xxxxxx words are nops");
	prog_init(&p, EMU_A6XX);
	put(&p, 0x00000000);
	prog_end(&p);
	enum emu_status st;
	struct emu *emu = prog_run(&p, &st);
	tap_is_int(t, emu_error_kind(emu), EMU_ERR_ILLEGAL, "a6xx: an all-zero word is illegal");
	emu_free(emu);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_alu(&t);
	test_carry(&t);
	test_bits(&t);
	test_branches(&t);
	test_calls(&t);
	test_rep(&t);
	test_xmov(&t);
	test_sds(&t);
	test_nops(&t);
	return tap_done_testing(&t);
}
