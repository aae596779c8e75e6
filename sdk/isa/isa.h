/* sdk/isa: the afuc instruction set, described once.
 *
 * Every instruction form is one row of a table (table.c): its mnemonic,
 * the generations that have it, its fixed bits, and a "shape" that says
 * where each field sits, which bits the hardware ignores, and how the
 * operands are written. The assembler, the disassembler and the emulator
 * all work from these rows; no opcode number lives anywhere else.
 * Facts come from Mesa's afuc.xml and the afuc spec.
 *
 *   struct isa isa;
 *   isa_init(&isa, ISA_A6XX);
 *   struct isa_instr in;
 *   if (isa_decode(&isa, 0x88020001, &in))      (mov $02, 0x1)
 *           isa_format(&in, pc, NULL, &text);
 *   uint32_t word;
 *   isa_encode(&in, &word);                      (0x88020001 again)
 */
#ifndef SDK_ISA_H
#define SDK_ISA_H

#include <stdbool.h>
#include <stdint.h>

#include "util/util.h"

enum isa_gen { ISA_A5XX = 5, ISA_A6XX = 6, ISA_A7XX = 7 };

#define ISA_GEN_MIN ISA_A5XX
#define ISA_GEN_MAX ISA_A7XX

/* "a5xx", "a6xx", "a7xx" (also "5", "6", "7", "a630", "gen70500" style
 * names are NOT accepted here: tools map those themselves). */
bool isa_parse_gen(const char *text, enum isa_gen *gen);
const char *isa_gen_name(enum isa_gen gen);
/* The register database's variant of a generation: "A5XX", "A6XX", "A7XX". */
const char *isa_gen_variant(enum isa_gen gen);

/* What an instruction does (the emulator's dispatch key). */
enum isa_op {
	ISA_OP_NOP,
	ISA_OP_ADD,
	ISA_OP_ADDHI,
	ISA_OP_SUB,
	ISA_OP_SUBHI,
	ISA_OP_AND,
	ISA_OP_OR,
	ISA_OP_XOR,
	ISA_OP_NOT,
	ISA_OP_SHL,
	ISA_OP_USHR,
	ISA_OP_ISHR,
	ISA_OP_ROT,
	ISA_OP_MUL8,
	ISA_OP_MIN,
	ISA_OP_MAX,
	ISA_OP_CMP,
	ISA_OP_BIC,
	ISA_OP_MSB,
	ISA_OP_POPCNT, /* bits set in src2 (gen 8: inferred, docs/afuc-objdump.md) */
	ISA_OP_SETBIT, /* register form: src2 bits 1-5 pick the bit, bit 0 its value */
	ISA_OP_SETBITI,
	ISA_OP_CLRBIT,
	ISA_OP_UBFX,
	ISA_OP_BFI,
	ISA_OP_MOVI,
	ISA_OP_CWRITE,
	ISA_OP_CREAD,
	ISA_OP_SWRITE,
	ISA_OP_SREAD,
	ISA_OP_STORE,
	ISA_OP_LOAD,
	ISA_OP_STOREX, /* store and load with bit 15 set (a7xx, gen 8: */
	ISA_OP_LOADX,  /* inferred, docs/afuc-as.md) */
	ISA_OP_BRNE,
	ISA_OP_BREQ, /* compare with a 5-bit immediate */
	ISA_OP_BRNEB,
	ISA_OP_BREQB, /* test a bit */
	ISA_OP_RET,
	ISA_OP_IRET,
	ISA_OP_CALL,
	ISA_OP_BL,
	ISA_OP_JUMPA,
	ISA_OP_JUMPR,
	ISA_OP_CALLR, /* call $reg (gen 8: inferred, docs/afuc-as.md) */
	ISA_OP_SRET,
	ISA_OP_WAITIN,
	ISA_OP_SETSECURE,
	ISA_OP_COUNT
};

/* The fields an instruction word can hold. A decoded instruction keeps
 * one value per kind; a shape says which kinds it has and where. */
enum isa_field_kind {
	ISA_F_REP,    /* (rep) */
	ISA_F_XMOV,   /* (xmovN) */
	ISA_F_PEEK,   /* (peek) */
	ISA_F_SDS,    /* (sdsN) */
	ISA_F_PREINC, /* ! after a [base + offset] operand */
	ISA_F_DST,
	ISA_F_SRC1,
	ISA_F_SRC2,
	ISA_F_IMM,    /* immediate, control/SQE register base, load/store offset */
	ISA_F_SHIFT,  /* mov immediate shift */
	ISA_F_BIT,    /* bN: bit number, or the low bit of a bitfield */
	ISA_F_HI,     /* bN: high bit of a bitfield */
	ISA_F_OFFSET, /* signed branch offset, in instructions, from the branch */
	ISA_F_TARGET, /* absolute instruction address (call, bl, jumpa) */
	ISA_F_COUNT
};

/* How operands are written: the key of a description in syntax.c
 * (isa_syntax_desc), which says each operand's kind, role and field. */
enum isa_syntax {
	ISA_SYN_NONE,          /* waitin, ret, iret, nop, sret */
	ISA_SYN_ALU,           /* add $dst, $src1, $src2 */
	ISA_SYN_ALU_IMM,       /* add $dst, $src1, 0x10 */
	ISA_SYN_ALU1,          /* not, msb, mov with one register source */
	ISA_SYN_ALU1_IMM,      /* not $dst, 0x10 */
	ISA_SYN_MOVI,          /* mov $dst, 0x10 << 4 */
	ISA_SYN_SETBIT,        /* setbit, clrbit with bN */
	ISA_SYN_BITFIELD,      /* ubfx, bfi */
	ISA_SYN_CONTROL_WRITE, /* cwrite, swrite, store */
	ISA_SYN_CONTROL_READ,  /* cread, sread, load */
	ISA_SYN_BRANCH_IMM,    /* brne/breq with an immediate */
	ISA_SYN_BRANCH_BIT,    /* brne/breq with bN */
	ISA_SYN_JUMP,          /* jump #label */
	ISA_SYN_CALL,          /* call, bl, jumpa */
	ISA_SYN_JUMPR,         /* jump $reg */
	ISA_SYN_SETSECURE,     /* setsecure $02, #(pc + 3) */
	ISA_SYN_COUNT
};

/* What an operand is to the instruction. The assembler, the printer,
 * the emulator's decoder and afuc-as's delay-slot pass read instructions
 * through these roles, so that no one re-derives them per syntax. */
enum isa_role {
	ISA_ROLE_DST,     /* a register written */
	ISA_ROLE_SRC,     /* a register read */
	ISA_ROLE_SRC_IMM, /* an immediate standing where a second source would */
	ISA_ROLE_VALUE,   /* the value written (mov): field << shift field */
	ISA_ROLE_CMP,     /* an immediate a branch compares its source with */
	ISA_ROLE_BIT,     /* a bit number, or a bitfield's low bit */
	ISA_ROLE_HI,      /* a bitfield's high bit */
	ISA_ROLE_MEM,     /* [base + offset][!]: base register read, and written with '!' */
	ISA_ROLE_OFFSET,  /* a branch target, in instructions from the branch */
	ISA_ROLE_TARGET,  /* an absolute instruction address */
	ISA_ROLE_COUNT
};

/* How an operand is written. */
enum isa_operand_kind {
	ISA_OPND_REG,  /* $reg */
	ISA_OPND_BIT,  /* bN */
	ISA_OPND_MEM,  /* [$reg + expression][!] */
	ISA_OPND_EXPR, /* an expression: number, #label, name */
	ISA_OPND_KIND_COUNT
};

#define ISA_MAX_OPERANDS 4

/* One operand of a syntax: how it is written, what it is, and the field
 * it fills: a register or a value (ISA_OPND_MEM: the base register; its
 * offset goes to field2 and its '!' to ISA_F_PREINC). field2 is
 * ISA_F_COUNT when unused; ISA_ROLE_VALUE's is its shift field. An
 * implied operand is written out but fixed by the encoding (setsecure's
 * $02 and target 3 words on): its fields are not in the word and its
 * value is `fixed` (the register, or the offset from the instruction). */
struct isa_operand {
	uint8_t kind;  /* enum isa_operand_kind */
	uint8_t role;  /* enum isa_role */
	uint8_t field; /* enum isa_field_kind */
	uint8_t field2;
	bool implied;
	uint8_t fixed;
};

struct isa_syntax_desc {
	uint8_t count;
	struct isa_operand ops[ISA_MAX_OPERANDS];
	const char *usage; /* for messages: "$dst, $src1, $src2" */
};

/* The operands of a syntax, once for all users. */
const struct isa_syntax_desc *isa_syntax_desc(enum isa_syntax syntax);

/* Where a control-write/read base lives: control registers, SQE
 * registers or plain memory offsets (load/store). */
enum isa_space { ISA_SPACE_NONE, ISA_SPACE_CONTROL, ISA_SPACE_SQE, ISA_SPACE_MEMORY };

struct isa_field {
	uint8_t kind; /* enum isa_field_kind */
	uint8_t lo, hi;
};

#define ISA_MAX_FIELDS 8

struct isa_shape {
	enum isa_syntax syntax;
	uint32_t ignored; /* bits the hardware ignores */
	uint8_t field_count;
	struct isa_field fields[ISA_MAX_FIELDS];
};

struct isa_form {
	const char *name; /* mnemonic as written */
	enum isa_op op;
	const struct isa_shape *shape;
	uint8_t gen_min, gen_max;
	uint32_t match; /* the fixed bits' values */
	uint8_t space;  /* enum isa_space, for control syntaxes */
	/* A word vendor firmware uses that another row of the same name
	 * already spells: decoded and executed, never chosen by the
	 * assembler, printed raw by the disassembler (so listings still
	 * rebuild the same word). */
	bool decode_only;
};

static inline const struct isa_syntax_desc *isa_form_syntax(const struct isa_form *form)
{
	return isa_syntax_desc(form->shape->syntax);
}

/* Bits no field and no ignored range covers: the fixed bits. */
uint32_t isa_form_mask(const struct isa_form *form);
const struct isa_field *isa_form_field(const struct isa_form *form, enum isa_field_kind kind);

/* The whole table, for tests and documentation. */
extern const struct isa_form isa_forms[];
extern const unsigned isa_form_count;

/* A decoded (or to-be-encoded) instruction. */
struct isa_instr {
	const struct isa_form *form;
	uint32_t f[ISA_F_COUNT]; /* field values; ISA_F_OFFSET is two's complement */
	uint32_t ignored_bits;   /* set bits in ignored positions (decoder only) */
};

/* The number an operand stands for in a decoded instruction: the field
 * (mov: shifted by its shift field), a memory operand's offset, or an
 * implied operand's fixed value. */
uint32_t isa_operand_value(const struct isa_instr *in, const struct isa_operand *op);

/* The registers in reads and writes, as masks by number (so bit 0x1d
 * is $memdata in reads and $addr in writes): the operands' by their
 * roles, a '!' base's write, what (rep) does to $rem and what bl and
 * sret do to $lr. (xmovN), (sdsN) and (peek) move more words through
 * the queues than this says: callers that care treat them apart. */
void isa_instr_regs(const struct isa_instr *in, uint32_t *reads, uint32_t *writes);

static inline int32_t isa_branch_offset(const struct isa_instr *in)
{
	return (int32_t)in->f[ISA_F_OFFSET];
}

/* The decoder of one generation. */
#define ISA_BUCKET_MAX 32
struct isa_slot {
	const struct isa_form *form;
	uint32_t mask; /* isa_form_mask(form), kept for speed */
};
struct isa {
	enum isa_gen gen;
	uint32_t nop; /* the plain nop word */
	uint8_t bucket_count[32];
	struct isa_slot buckets[32][ISA_BUCKET_MAX]; /* by bits 27-31, most specific first */
};

void isa_init(struct isa *isa, enum isa_gen gen);

/* The bits set in v (what popcnt computes; also how specific a form's
 * mask is). */
unsigned isa_popcount32(uint32_t v);

/* Decodes word; false when no form of this generation matches (data, or
 * an illegal instruction). Aliases win over their base form (jump over
 * brne $00, b0; mov over or $00). */
bool isa_decode(const struct isa *isa, uint32_t word, struct isa_instr *out);

/* The message for a word no form of isa's generation matches, met where
 * code runs (the disassembler on a word control flow reaches, the
 * emulator on one it executes), appended to out: "unknown encoding for
 * gen80100: 0xdc600000 matches no instruction of the a7xx ISA table".
 * part names the firmware's part, or NULL for the generation's name. */
void isa_unknown_encoding(const struct isa *isa, uint32_t word, const char *part,
			  struct util_str *out);

/* Why an encoding failed: the field whose value does not fit. */
struct isa_encode_error {
	enum isa_field_kind field;
	uint32_t value;
	unsigned bits; /* the field's width */
	bool is_signed;
};

/* Encodes in (its form and field values). Returns false, filling err when
 * given, if a value does not fit its field. Ignored bits are taken from
 * in->ignored_bits, so decode then encode gives the same word back. */
bool isa_encode(const struct isa_instr *in, uint32_t *word, struct isa_encode_error *err);

/* Looks up the forms of a generation by mnemonic: pass NULL first, then
 * the previous result, until NULL. */
const struct isa_form *isa_next_form(const struct isa *isa, const char *name,
				     const struct isa_form *previous);
bool isa_form_in_gen(const struct isa_form *form, enum isa_gen gen);

/* Register names: $00..$19, $sp, $lr, then the special ones, which
 * differ when read ($rem $memdata $regdata $data) and written ($rem
 * $addr $usraddr $data). */
const char *isa_reg_name(unsigned reg, bool is_dst);
/* Parses a register name ("$0a", "$sp", "$data", "$addr"...); is_dst
 * decides whether $addr/$usraddr or $memdata/$regdata are allowed. */
bool isa_parse_reg(const char *text, size_t len, bool is_dst, unsigned *reg);

#define ISA_REG_SP 0x1a
#define ISA_REG_LR 0x1b
#define ISA_REG_REM 0x1c
#define ISA_REG_MEMDATA 0x1d /* as a source */
#define ISA_REG_ADDR 0x1d    /* as a destination */
#define ISA_REG_REGDATA 0x1e /* as a source */
#define ISA_REG_USRADDR 0x1e /* as a destination */
#define ISA_REG_DATA 0x1f

/* Names for what the formatter cannot know; any hook may be NULL. */
struct isa_names {
	void *ctx;
	/* Append "@NAME"/"%NAME" (with "+0x1" inside a register) for base;
	 * false prints the number. */
	bool (*control)(void *ctx, uint32_t base, struct util_str *out);
	bool (*sqe)(void *ctx, uint32_t base, struct util_str *out);
	/* Append the label of an instruction address (after the '#'); false
	 * prints the address as a number. */
	bool (*label)(void *ctx, uint32_t address, struct util_str *out);
};

/* Appends in, at address pc, in Mesa's afuc syntax, e.g.
 * "(rep)(xmov1)mov $data, $data" or "cwrite $02, [$00 + @REG_WRITE]". */
void isa_format(const struct isa_instr *in, uint32_t pc, const struct isa_names *names,
		struct util_str *out);

#endif
