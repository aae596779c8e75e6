/* The afuc instruction table: every form, once. Facts from Mesa's
 * afuc.xml (isaspec) and the afuc spec; bit positions are inclusive. */
#include "isa/isa.h"

/* The rows are laid out by hand, one form a line. */
/* clang-format off */

#define F(kind, lo, hi) {ISA_F_##kind, lo, hi}
#define BITS(lo, hi) ((uint32_t)(((1ull << ((hi) - (lo) + 1)) - 1) << (lo)))

/* ALU, two register sources. Bits 5-7 are ignored. */
static const struct isa_shape shape_alu = {
	ISA_SYN_ALU, BITS(5, 7), 6,
	{F(REP, 26, 26), F(XMOV, 9, 10), F(PEEK, 8, 8), F(DST, 11, 15), F(SRC1, 21, 25),
	 F(SRC2, 16, 20)},
};

/* "mov dst, src" is "or dst, $00, src": src1 is fixed to $00. */
static const struct isa_shape shape_mov = {
	ISA_SYN_ALU1, BITS(5, 7), 5,
	{F(REP, 26, 26), F(XMOV, 9, 10), F(PEEK, 8, 8), F(DST, 11, 15), F(SRC2, 16, 20)},
};

/* One register source (not, msb): the source sits where src2 does. */
static const struct isa_shape shape_alu1 = {
	ISA_SYN_ALU1, BITS(5, 8) | BITS(21, 25), 4,
	{F(REP, 26, 26), F(XMOV, 9, 10), F(DST, 11, 15), F(SRC2, 16, 20)},
};

static const struct isa_shape shape_alu_imm = {
	ISA_SYN_ALU_IMM, 0, 4,
	{F(REP, 26, 26), F(DST, 16, 20), F(SRC1, 21, 25), F(IMM, 0, 15)},
};

/* a7xx shifts and rotates: a 12-bit immediate, sub-opcode in bits 12-15. */
static const struct isa_shape shape_alu_imm12 = {
	ISA_SYN_ALU_IMM, 0, 4,
	{F(REP, 26, 26), F(DST, 16, 20), F(SRC1, 21, 25), F(IMM, 0, 11)},
};

static const struct isa_shape shape_alu1_imm = {
	ISA_SYN_ALU1_IMM, BITS(21, 25), 3,
	{F(REP, 26, 26), F(DST, 16, 20), F(IMM, 0, 15)},
};

static const struct isa_shape shape_movi = {
	ISA_SYN_MOVI, 0, 4,
	{F(REP, 26, 26), F(DST, 16, 20), F(IMM, 0, 15), F(SHIFT, 21, 25)},
};

/* setbit/clrbit with an immediate bit; bit 0 tells which. */
static const struct isa_shape shape_setbit6 = {
	ISA_SYN_SETBIT, BITS(6, 15), 4,
	{F(REP, 26, 26), F(DST, 16, 20), F(SRC1, 21, 25), F(BIT, 1, 5)},
};

static const struct isa_shape shape_setbit7 = {
	ISA_SYN_SETBIT, BITS(6, 11), 4,
	{F(REP, 26, 26), F(DST, 16, 20), F(SRC1, 21, 25), F(BIT, 1, 5)},
};

static const struct isa_shape shape_bitfield = {
	ISA_SYN_BITFIELD, BITS(10, 11), 5,
	{F(REP, 26, 26), F(DST, 16, 20), F(SRC1, 21, 25), F(BIT, 0, 4), F(HI, 5, 9)},
};

/* cwrite: value in src1, address register in src2, (sdsN) in 12-13. */
static const struct isa_shape shape_cwrite = {
	ISA_SYN_CONTROL_WRITE, 0, 6,
	{F(REP, 26, 26), F(SDS, 12, 13), F(SRC1, 16, 20), F(SRC2, 21, 25), F(IMM, 0, 11),
	 F(PREINC, 14, 14)},
};

/* swrite and store: as cwrite, without (sdsN). */
static const struct isa_shape shape_swrite = {
	ISA_SYN_CONTROL_WRITE, 0, 5,
	{F(REP, 26, 26), F(SRC1, 16, 20), F(SRC2, 21, 25), F(IMM, 0, 11), F(PREINC, 14, 14)},
};

static const struct isa_shape shape_cread = {
	ISA_SYN_CONTROL_READ, 0, 5,
	{F(REP, 26, 26), F(DST, 16, 20), F(SRC1, 21, 25), F(IMM, 0, 11), F(PREINC, 14, 14)},
};

/* storex and loadx (bit 15 set): a 14-bit offset, bit 14 the ! */
static const struct isa_shape shape_storex = {
	ISA_SYN_CONTROL_WRITE, 0, 5,
	{F(REP, 26, 26), F(SRC1, 16, 20), F(SRC2, 21, 25), F(IMM, 0, 13), F(PREINC, 14, 14)},
};

static const struct isa_shape shape_loadx = {
	ISA_SYN_CONTROL_READ, 0, 5,
	{F(REP, 26, 26), F(DST, 16, 20), F(SRC1, 21, 25), F(IMM, 0, 13), F(PREINC, 14, 14)},
};

static const struct isa_shape shape_branch_imm = {
	ISA_SYN_BRANCH_IMM, 0, 3,
	{F(SRC1, 21, 25), F(IMM, 16, 20), F(OFFSET, 0, 15)},
};

static const struct isa_shape shape_branch_bit = {
	ISA_SYN_BRANCH_BIT, 0, 3,
	{F(SRC1, 21, 25), F(BIT, 16, 20), F(OFFSET, 0, 15)},
};

/* "jump #x" is "brne $00, b0, #x". */
static const struct isa_shape shape_jump = {ISA_SYN_JUMP, 0, 1, {F(OFFSET, 0, 15)}};

static const struct isa_shape shape_call = {ISA_SYN_CALL, 0, 1, {F(TARGET, 0, 25)}};

static const struct isa_shape shape_ret = {ISA_SYN_NONE, BITS(0, 24), 0, {{0, 0, 0}}};

static const struct isa_shape shape_waitin = {ISA_SYN_NONE, BITS(0, 25), 0, {{0, 0, 0}}};

static const struct isa_shape shape_setsecure = {ISA_SYN_SETSECURE, BITS(0, 25), 0, {{0, 0, 0}}};

static const struct isa_shape shape_nop = {ISA_SYN_NONE, 0, 1, {F(REP, 26, 26)}};

static const struct isa_shape shape_fixed = {ISA_SYN_NONE, 0, 0, {{0, 0, 0}}};

static const struct isa_shape shape_jumpr = {ISA_SYN_JUMPR, 0, 1, {F(SRC1, 0, 4)}};

/* call $reg: the register in bits 21-25 (sret, 0x36 in bits 20-25, is
 * the all-fixed word of $1b and wins as the narrower form). */
static const struct isa_shape shape_callr = {ISA_SYN_JUMPR, 0, 1, {F(SRC1, 21, 25)}};

#define A5 ISA_A5XX
#define A6 ISA_A6XX
#define A7 ISA_A7XX

/* Major opcode in bits 27-31, or 26-31 for control flow. */
#define OP5(x) ((uint32_t)(x) << 27)
#define OP6(x) ((uint32_t)(x) << 26)
#define ALU_REG OP5(0x13)

#define ALU(name, op, lo, hi, sub) {name, ISA_OP_##op, &shape_alu, lo, hi, ALU_REG | (sub), 0, false}
#define ALU1(name, op, lo, hi, sub) {name, ISA_OP_##op, &shape_alu1, lo, hi, ALU_REG | (sub), 0, false}
#define ALUI(name, op, lo, hi, opc) {name, ISA_OP_##op, &shape_alu_imm, lo, hi, OP5(opc), 0, false}
#define ALUI12(name, op, sub) \
	{name, ISA_OP_##op, &shape_alu_imm12, A7, A7, OP5(0x12) | (sub) << 12, 0, false}
#define CTRL(name, op, shape, lo, hi, opc, bit15, space)                                \
	{name, ISA_OP_##op, &shape, lo, hi, OP5(opc) | (uint32_t)(bit15) << 15, ISA_SPACE_##space, false}

const struct isa_form isa_forms[] = {
	{"nop", ISA_OP_NOP, &shape_nop, A5, A5, 0x00000000, 0, false},
	{"nop", ISA_OP_NOP, &shape_nop, A6, A7, 0x01000000, 0, false},

	/* two register sources */
	ALU("add", ADD, A5, A7, 0x01),
	ALU("addhi", ADDHI, A5, A7, 0x02),
	ALU("sub", SUB, A5, A7, 0x03),
	ALU("subhi", SUBHI, A5, A7, 0x04),
	ALU("and", AND, A5, A7, 0x05),
	ALU("or", OR, A5, A7, 0x06),
	{"mov", ISA_OP_OR, &shape_mov, A5, A7, ALU_REG | 0x06, 0, false},
	ALU("xor", XOR, A5, A7, 0x07),
	ALU1("not", NOT, A5, A7, 0x08),
	ALU("shl", SHL, A5, A6, 0x09),
	ALU("ushr", USHR, A5, A6, 0x0a),
	ALU("ishr", ISHR, A5, A6, 0x0b),
	ALU("rot", ROT, A5, A6, 0x0c),
	ALU("mul8", MUL8, A5, A6, 0x0d),
	ALU("min", MIN, A5, A6, 0x0e),
	ALU("max", MAX, A5, A6, 0x0f),
	ALU("cmp", CMP, A5, A6, 0x10),
	ALU1("msb", MSB, A5, A6, 0x14),
	/* a660_sqe's CP_SKIP_IB2_ENABLE_GLOBAL shifts by a register with
	 * a7xx's encoding of shl (function 0x12), which no other a6xx image
	 * and not Mesa's afuc.xml has for a6xx */
	{"shl", ISA_OP_SHL, &shape_alu, A6, A6, ALU_REG | 0x12, 0, true},
	ALU("bic", BIC, A7, A7, 0x09),
	ALU("min", MIN, A7, A7, 0x0a),
	ALU("max", MAX, A7, A7, 0x0b),
	ALU("mul8", MUL8, A7, A7, 0x0c),
	ALU("cmp", CMP, A7, A7, 0x0d),
	ALU("shl", SHL, A7, A7, 0x12),
	ALU("ushr", USHR, A7, A7, 0x13),
	ALU("ishr", ISHR, A7, A7, 0x14),
	ALU("rot", ROT, A7, A7, 0x15),
	ALU("setbit", SETBIT, A7, A7, 0x16),
	ALU1("msb", MSB, A7, A7, 0x19),
	/* Not in Mesa's afuc.xml: gen80100/gen80200 use it to count the
	 * bits of a mask ($rem = count of a register mask before a (rep)
	 * write of that many words; two masks' counts added and tested for
	 * zero), so it is taken as a population count. */
	ALU1("popcnt", POPCNT, A7, A7, 0x1c),

	/* register and 16-bit immediate */
	ALUI("add", ADD, A5, A7, 0x01),
	ALUI("addhi", ADDHI, A5, A7, 0x02),
	ALUI("sub", SUB, A5, A7, 0x03),
	ALUI("subhi", SUBHI, A5, A7, 0x04),
	ALUI("and", AND, A5, A7, 0x05),
	ALUI("or", OR, A5, A7, 0x06),
	ALUI("xor", XOR, A5, A7, 0x07),
	{"not", ISA_OP_NOT, &shape_alu1_imm, A5, A7, OP5(0x08), 0, false},
	ALUI("shl", SHL, A5, A6, 0x09),
	ALUI("ushr", USHR, A5, A6, 0x0a),
	ALUI("ishr", ISHR, A5, A6, 0x0b),
	ALUI("rot", ROT, A5, A6, 0x0c),
	ALUI("mul8", MUL8, A5, A6, 0x0d),
	ALUI("min", MIN, A5, A6, 0x0e),
	ALUI("max", MAX, A5, A6, 0x0f),
	ALUI("cmp", CMP, A5, A6, 0x10),
	{"mov", ISA_OP_MOVI, &shape_movi, A5, A6, OP5(0x11), 0, false},
	{"setbit", ISA_OP_SETBITI, &shape_setbit6, A5, A6, OP5(0x12) | 1, 0, false},
	{"clrbit", ISA_OP_CLRBIT, &shape_setbit6, A5, A6, OP5(0x12), 0, false},
	ALUI("bic", BIC, A7, A7, 0x09),
	ALUI("min", MIN, A7, A7, 0x0a),
	ALUI("max", MAX, A7, A7, 0x0b),
	ALUI("mul8", MUL8, A7, A7, 0x0c),
	ALUI("cmp", CMP, A7, A7, 0x0d),
	{"mov", ISA_OP_MOVI, &shape_movi, A7, A7, OP5(0x0e), 0, false},
	ALUI12("shl", SHL, 0x2),
	ALUI12("ushr", USHR, 0x3),
	ALUI12("ishr", ISHR, 0x4),
	ALUI12("rot", ROT, 0x5),
	{"setbit", ISA_OP_SETBITI, &shape_setbit7, A7, A7, OP5(0x12) | 0x6 << 12 | 1, 0, false},
	{"clrbit", ISA_OP_CLRBIT, &shape_setbit7, A7, A7, OP5(0x12) | 0x6 << 12, 0, false},
	{"ubfx", ISA_OP_UBFX, &shape_bitfield, A7, A7, OP5(0x12) | 0x7 << 12, 0, false},
	{"bfi", ISA_OP_BFI, &shape_bitfield, A7, A7, OP5(0x12) | 0x8 << 12, 0, false},

	/* control registers, SQE registers and memory */
	CTRL("store", STORE, shape_swrite, A5, A5, 0x15, 0, MEMORY),
	CTRL("store", STORE, shape_swrite, A6, A7, 0x14, 0, MEMORY),
	CTRL("cwrite", CWRITE, shape_cwrite, A5, A5, 0x15, 1, CONTROL),
	CTRL("cwrite", CWRITE, shape_cwrite, A6, A7, 0x15, 0, CONTROL),
	CTRL("swrite", SWRITE, shape_swrite, A6, A7, 0x15, 1, SQE),
	CTRL("load", LOAD, shape_cread, A6, A7, 0x16, 0, MEMORY),
	CTRL("cread", CREAD, shape_cread, A5, A5, 0x16, 1, CONTROL),
	CTRL("cread", CREAD, shape_cread, A6, A7, 0x17, 0, CONTROL),
	CTRL("sread", SREAD, shape_cread, A6, A7, 0x17, 1, SQE),
	/* Not in Mesa's afuc.xml: store and load with bit 15 set, as swrite
	 * and sread are cwrite and cread with it. a730 and later a7xx and
	 * gen 8 use them on memory, with LOAD_STORE_HI and a register as
	 * store and load do, offsets in bytes and `!` in bit 14 (gen 8 dumps
	 * control registers to consecutive words with `[$02 + 0x4]!`); what
	 * bit 15 changes is not known, so the emulator runs them as store and
	 * load (docs/afuc-as.md). */
	CTRL("storex", STOREX, shape_storex, A7, A7, 0x14, 1, MEMORY),
	CTRL("loadx", LOADX, shape_loadx, A7, A7, 0x16, 1, MEMORY),

	/* control flow */
	{"brne", ISA_OP_BRNE, &shape_branch_imm, A5, A7, OP6(0x30), 0, false},
	{"breq", ISA_OP_BREQ, &shape_branch_imm, A5, A7, OP6(0x31), 0, false},
	{"brne", ISA_OP_BRNEB, &shape_branch_bit, A5, A7, OP6(0x32), 0, false},
	{"jump", ISA_OP_BRNEB, &shape_jump, A5, A7, OP6(0x32), 0, false},
	{"breq", ISA_OP_BREQB, &shape_branch_bit, A5, A7, OP6(0x33), 0, false},
	{"ret", ISA_OP_RET, &shape_ret, A5, A7, OP6(0x34), 0, false},
	{"iret", ISA_OP_IRET, &shape_ret, A5, A7, OP6(0x34) | 1u << 25, 0, false},
	{"call", ISA_OP_CALL, &shape_call, A5, A7, OP6(0x35), 0, false},
	{"waitin", ISA_OP_WAITIN, &shape_waitin, A5, A7, OP6(0x36), 0, false},
	{"jump", ISA_OP_JUMPR, &shape_jumpr, A7, A7, OP6(0x37) | 0x37u << 20, 0, false},
	{"sret", ISA_OP_SRET, &shape_fixed, A7, A7, OP6(0x37) | 0x36u << 20, 0, false},
	/* Not in Mesa's afuc.xml: gen80100 and gen80200 (BR, BV, LPAC, PROC4)
	 * dispatch a packet through it (0xdc600000): the handler address is
	 * read from a table in control registers 0x5c3+ into $03, the word
	 * runs with a delay slot (`mov $01, $02`, the header) and the code
	 * after it carries on as after a call, so it is taken as an
	 * indirect call through the register in bits 21-25. */
	{"call", ISA_OP_CALLR, &shape_callr, A7, A7, OP6(0x37), 0, false},
	{"bl", ISA_OP_BL, &shape_call, A5, A7, OP6(0x38), 0, false},
	{"jumpa", ISA_OP_JUMPA, &shape_call, A7, A7, OP6(0x39), 0, false},
	{"setsecure", ISA_OP_SETSECURE, &shape_setsecure, A5, A7, OP6(0x3b), 0, false},
};

/* clang-format on */

const unsigned isa_form_count = UTIL_ARRAY_SIZE(isa_forms);
