/* The afuc instruction table: its rows are consistent, every form
 * survives encode -> decode for every generation, and known words (the
 * expected values below were computed by hand from the bit layouts of
 * afuc.xml, and several are the first words of the vendor images) encode,
 * decode and print as Mesa's disassembler prints them. */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "isa/isa.h"

static uint32_t field_bits(const struct isa_field *f)
{
	return (uint32_t)(((1ull << (f->hi - f->lo + 1)) - 1) << f->lo);
}

/* Fixed bits, fields and ignored bits cover each word exactly once. */
static void test_rows(struct tap *t)
{
	int bad = 0;
	for (unsigned i = 0; i < isa_form_count; i++) {
		const struct isa_form *form = &isa_forms[i];
		uint32_t seen = form->shape->ignored;
		for (unsigned k = 0; k < form->shape->field_count; k++) {
			uint32_t bits = field_bits(&form->shape->fields[k]);
			if (seen & bits) {
				tap_diag(t, "%s: field %u overlaps", form->name, k);
				bad++;
			}
			seen |= bits;
		}
		if (form->match & ~isa_form_mask(form)) {
			tap_diag(t, "%s: fixed value 0x%08x sets free bits", form->name,
				 form->match);
			bad++;
		}
		if (form->gen_min > form->gen_max || form->gen_min < ISA_GEN_MIN ||
		    form->gen_max > ISA_GEN_MAX)
			bad++;
	}
	tap_is_int(t, bad, 0, "%u rows: fields, ignored and fixed bits never overlap",
		   isa_form_count);
}

/* Within one generation, two rows may match the same word only when one
 * is an alias narrowing the other (mov of or, jump of brne, sret of
 * call $lr). */
static void test_ambiguity(struct tap *t, enum isa_gen gen)
{
	int bad = 0, aliases = 0;
	for (unsigned i = 0; i < isa_form_count; i++) {
		for (unsigned j = i + 1; j < isa_form_count; j++) {
			const struct isa_form *a = &isa_forms[i], *b = &isa_forms[j];
			if (!isa_form_in_gen(a, gen) || !isa_form_in_gen(b, gen))
				continue;
			uint32_t ma = isa_form_mask(a), mb = isa_form_mask(b);
			if ((a->match & mb) != (b->match & ma))
				continue; /* some fixed bit tells them apart */
			bool a_narrows = (ma & mb) == mb && ma != mb;
			bool b_narrows = (ma & mb) == ma && ma != mb;
			const struct isa_form *alias = a_narrows ? a : b_narrows ? b : NULL;
			if (alias &&
			    (strcmp(alias->name, "mov") == 0 || strcmp(alias->name, "jump") == 0 ||
			     strcmp(alias->name, "sret") == 0)) {
				aliases++;
			} else {
				tap_diag(t, "%s: '%s' and '%s' overlap", isa_gen_name(gen), a->name,
					 b->name);
				bad++;
			}
		}
	}
	tap_is_int(t, bad, 0, "%s: no two forms decode the same word (%d aliases)",
		   isa_gen_name(gen), aliases);
	struct isa isa;
	isa_init(&isa, gen);
	unsigned total = 0, rows = 0;
	for (unsigned b = 0; b < 32; b++)
		total += isa.bucket_count[b];
	for (unsigned i = 0; i < isa_form_count; i++)
		rows += isa_form_in_gen(&isa_forms[i], gen);
	tap_is_int(t, total, rows, "%s: every form is in a decode bucket", isa_gen_name(gen));
}

/* Deterministic pseudo-random numbers (xorshift). */
static uint32_t next_random(uint32_t *state)
{
	uint32_t x = *state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

static void test_round_trip(struct tap *t, enum isa_gen gen)
{
	struct isa isa;
	isa_init(&isa, gen);
	uint32_t seed = 0x12345678u + (uint32_t)gen;
	int bad = 0, checked = 0;
	for (unsigned i = 0; i < isa_form_count; i++) {
		const struct isa_form *form = &isa_forms[i];
		if (!isa_form_in_gen(form, gen))
			continue;
		for (int n = 0; n < 200; n++) {
			struct isa_instr in = {.form = form};
			for (unsigned k = 0; k < form->shape->field_count; k++) {
				const struct isa_field *f = &form->shape->fields[k];
				uint32_t width_mask = (uint32_t)((1ull << (f->hi - f->lo + 1)) - 1);
				uint32_t v = next_random(&seed) & width_mask;
				if (f->kind == ISA_F_OFFSET && (v & 0x8000))
					v |= 0xffff0000u; /* negative offsets, sign-extended */
				in.f[f->kind] = v;
			}
			/* the mov alias cannot have src1 != $00: it has no such field */
			uint32_t word;
			struct isa_instr out;
			if (!isa_encode(&in, &word, NULL) || !isa_decode(&isa, word, &out)) {
				bad++;
				continue;
			}
			checked++;
			/* An instruction whose fields happen to fit an alias decodes as
			 * the alias: same word, narrower form. Compare words then. */
			uint32_t again;
			if (!isa_encode(&out, &again, NULL) || again != word ||
			    (out.form == form && memcmp(out.f, in.f, sizeof in.f) != 0)) {
				if (bad++ < 5)
					tap_diag(t, "%s %s: 0x%08x does not round-trip",
						 isa_gen_name(gen), form->name, word);
			}
		}
	}
	tap_ok(t, bad == 0, "%s: %d random instructions of every form round-trip",
	       isa_gen_name(gen), checked);
}

static void test_ranges(struct tap *t)
{
	struct isa isa;
	isa_init(&isa, ISA_A6XX);
	const struct isa_form *brne = isa_next_form(&isa, "brne", NULL);
	struct isa_instr in = {.form = brne};
	uint32_t word;
	struct isa_encode_error err;
	in.f[ISA_F_OFFSET] = (uint32_t)-32768;
	tap_ok(t, isa_encode(&in, &word, NULL), "branch offset -32768 fits");
	in.f[ISA_F_OFFSET] = 32767;
	tap_ok(t, isa_encode(&in, &word, NULL), "branch offset 32767 fits");
	in.f[ISA_F_OFFSET] = 32768;
	tap_ok(t,
	       !isa_encode(&in, &word, &err) && err.field == ISA_F_OFFSET && err.is_signed &&
		       err.bits == 16,
	       "branch offset 32768 does not fit 16 signed bits");
	in.f[ISA_F_OFFSET] = (uint32_t)-32769;
	tap_ok(t, !isa_encode(&in, &word, NULL), "branch offset -32769 does not fit");
	in.f[ISA_F_OFFSET] = 0;
	in.f[ISA_F_IMM] = 32;
	tap_ok(t, !isa_encode(&in, &word, &err) && err.field == ISA_F_IMM && err.bits == 5,
	       "branch immediate 32 does not fit 5 bits");

	const struct isa_form *mov = NULL;
	while ((mov = isa_next_form(&isa, "mov", mov)) && mov->op != ISA_OP_MOVI)
		;
	in = (struct isa_instr){.form = mov};
	in.f[ISA_F_IMM] = 0x10000;
	tap_ok(t, !isa_encode(&in, &word, &err) && err.field == ISA_F_IMM && err.value == 0x10000,
	       "mov immediate 0x10000 does not fit 16 bits");

	isa_init(&isa, ISA_A7XX);
	const struct isa_form *shl = NULL;
	while ((shl = isa_next_form(&isa, "shl", shl)) && shl->shape->syntax != ISA_SYN_ALU_IMM)
		;
	in = (struct isa_instr){.form = shl};
	in.f[ISA_F_IMM] = 0x1000;
	tap_ok(t, shl && !isa_encode(&in, &word, &err) && err.bits == 12,
	       "a7xx shl immediate is only 12 bits");
}

static bool label_hook(void *ctx, uint32_t address, struct util_str *out)
{
	(void)ctx;
	util_str_printf(out, "L%u", address);
	return true;
}

static bool control_hook(void *ctx, uint32_t base, struct util_str *out)
{
	(void)ctx;
	if (base != 0x011)
		return false;
	util_str_puts(out, "@REG_WRITE");
	return true;
}

static const struct {
	enum isa_gen gen;
	const char *text;
	uint32_t word;
} known[] = {
	{ISA_A6XX, "mov $02, 0x1", 0x88020001},
	{ISA_A5XX, "cwrite $02, [$00 + 0x0bb]", 0xa80280bb},
	{ISA_A6XX, "cwrite $02, [$00 + 0x080]", 0xa8020080},
	{ISA_A6XX, "cwrite $02, [$00 + @REG_WRITE]", 0xa8020011},
	{ISA_A5XX, "mov $addr, 0xe1 << 24", 0x8b1d00e1},
	{ISA_A6XX, "mov $01, $data", 0x981f0806},
	{ISA_A7XX, "(rep)(xmov3)mov $usraddr, $data", 0x9c1ff606},
	{ISA_A6XX, "(rep)(sds2)cwrite $data, [$00 + 0x04a]", 0xac1f204a},
	{ISA_A7XX, "(peek)mov $03, $data", 0x981f1906},
	{ISA_A6XX, "(rep)cwrite $00, [$03 + 0x1]!", 0xac604001},
	{ISA_A7XX, "cread $02, [$00 + 0x000]", 0xb8020000},
	{ISA_A5XX, "cread $02, [$00 + 0x000]", 0xb0028000},
	{ISA_A7XX, "ubfx $03, $03, b8, b19", 0x90637268},
	{ISA_A7XX, "cmp $04, $03, 0x41", 0x68640041},
	{ISA_A6XX, "cmp $04, $03, 0x41", 0x80640041},
	{ISA_A7XX, "shl $05, $05, 0x14", 0x90a52014},
	{ISA_A6XX, "shl $05, $05, 0x14", 0x48a50014},
	{ISA_A6XX, "setbit $03, $03, b5", 0x9063000b},
	{ISA_A7XX, "clrbit $12, $12, b17", 0x92526022},
	{ISA_A6XX, "brne $0a, 0x0, #L105", 0xc1400005},
	{ISA_A6XX, "breq $04, b2, #L97", 0xcc82fffd},
	{ISA_A6XX, "jump #L110", 0xc800000a},
	{ISA_A6XX, "call #L291", 0xd4000123},
	{ISA_A6XX, "waitin", 0xd8000000},
	{ISA_A6XX, "ret", 0xd0000000},
	{ISA_A6XX, "iret", 0xd2000000},
	{ISA_A5XX, "nop", 0x00000000},
	{ISA_A6XX, "nop", 0x01000000},
	{ISA_A7XX, "jump $lr", 0xdf70001b},
	{ISA_A6XX, "store $04, [$0e + 0x4]!", 0xa1c44004},
	{ISA_A5XX, "store $04, [$0e + 0x4]!", 0xa9c44004},
	{ISA_A6XX, "load $02, [$07 + 0x3c]", 0xb0e2003c},
	{ISA_A6XX, "swrite $02, [$00 + 0x004]", 0xa8028004},
	{ISA_A6XX, "sread $05, [$00 + 0x005]", 0xb8058005},
	{ISA_A6XX, "not $05, 0x1000", 0x40051000},
	{ISA_A6XX, "not $07, $04", 0x98043808},
	{ISA_A6XX, "msb $03, $04", 0x98041814},
	{ISA_A7XX, "msb $03, $04", 0x98041819},
	{ISA_A7XX, "popcnt $03, $02", 0x9802181c}, /* gen80100 BR 0x21a */
	{ISA_A7XX, "call $03", 0xdc600000},        /* gen80100 BR 0x344, BV 0x174 */
	{ISA_A7XX, "call $05", 0xdca00000},
	{ISA_A7XX, "storex $04, [$02 + 0x101c]", 0xa044901c}, /* gen70500 BR 0x24f5 */
	{ISA_A7XX, "loadx $03, [$02 + 0x101c]", 0xb043901c},  /* gen70500 BR 0x24fb */
	{ISA_A7XX, "storex $07, [$02 + 0x4]!", 0xa047c004},   /* gen80000 BR 0x13f9 */
	{ISA_A7XX, "loadx $00, [$03 + 0x0]", 0xb0608000},     /* gen70500 BV 0x1c64 */
	{ISA_A7XX, "sret", 0xdf600000}, /* `call $lr` has sret's encoding: sret */
	{ISA_A7XX, "bic $12, $12, 0x2000", 0x4a522000},
	{ISA_A7XX, "mov $02, 0x3039", 0x70023039},
	{ISA_A6XX, "bl #L64", 0xe0000040},
	{ISA_A7XX, "jumpa #L64", 0xe4000040},
	{ISA_A6XX, "add $03, $03, $06", 0x98661801},
	{ISA_A7XX, "setbit $02, $03, $04", 0x98641016},
	{ISA_A6XX, "setsecure $02, #L103", 0xec000000},
};

static void test_known(struct tap *t)
{
	struct isa_names names = {.label = label_hook, .control = control_hook};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(known); i++) {
		struct isa isa;
		isa_init(&isa, known[i].gen);
		struct isa_instr in;
		struct util_str text = {0};
		if (isa_decode(&isa, known[i].word, &in))
			isa_format(&in, 100, &names, &text);
		tap_is_str(t, text.text ? text.text : "(no decode)", known[i].text, "%s 0x%08x",
			   isa_gen_name(known[i].gen), known[i].word);
		uint32_t again = 0;
		tap_ok(t, text.text && isa_encode(&in, &again, NULL) && again == known[i].word,
		       "  and encodes back to 0x%08x", known[i].word);
		util_str_free(&text);
	}
}

static void test_misc(struct tap *t)
{
	struct isa isa;
	isa_init(&isa, ISA_A6XX);
	struct isa_instr in;
	tap_ok(t, !isa_decode(&isa, 0x00000000, &in),
	       "a6xx: an all-zero word is not an instruction");
	tap_ok(t, !isa_decode(&isa, 0x98000000 | 0x1f, &in),
	       "unused ALU sub-opcode 0x1f decodes to nothing");
	tap_ok(t,
	       isa_decode(&isa, 0xd80000ff, &in) && in.form->op == ISA_OP_WAITIN &&
		       in.ignored_bits == 0xff,
	       "ignored bits are reported, not dropped");
	uint32_t word = 0;
	tap_ok(t, isa_encode(&in, &word, NULL) && word == 0xd80000ff, "and encode back");
	/* a660's shl by a register in a7xx's encoding: executed, never written */
	tap_ok(t,
	       isa_decode(&isa, 0x9a83a012, &in) && in.form->op == ISA_OP_SHL &&
		       in.form->decode_only && in.f[ISA_F_DST] == 0x14 &&
		       in.f[ISA_F_SRC1] == 0x14 && in.f[ISA_F_SRC2] == 0x03,
	       "a6xx decodes a660's 0x9a83a012 as shl $14, $14, $03");
	bool chosen = false;
	for (const struct isa_form *f = isa_next_form(&isa, "shl", NULL); f;
	     f = isa_next_form(&isa, "shl", f))
		chosen |= f->decode_only;
	tap_ok(t, !chosen, "but the assembler never picks that form");
	isa_init(&isa, ISA_A5XX);
	tap_ok(t, !isa_decode(&isa, 0xb0e2003c, &in) || in.form->op != ISA_OP_LOAD,
	       "a5xx has no load");
	unsigned reg = 99;
	tap_ok(t, isa_parse_reg("$addr", 5, true, &reg) && reg == ISA_REG_ADDR,
	       "$addr as destination");
	tap_ok(t, !isa_parse_reg("$addr", 5, false, &reg), "$addr is not a source name");
	tap_ok(t, isa_parse_reg("$memdata", 8, false, &reg) && reg == 0x1d, "$memdata as source");
	tap_ok(t, isa_parse_reg("$1e", 3, false, &reg) && reg == 0x1e, "numeric $1e");
	tap_ok(t, isa_parse_reg("$sp", 3, false, &reg) && reg == ISA_REG_SP, "$sp");
	tap_ok(t, !isa_parse_reg("$20", 3, false, &reg), "$20 does not exist");
	enum isa_gen gen;
	tap_ok(t, isa_parse_gen("a7xx", &gen) && gen == ISA_A7XX, "gen names");
}

/* The kinds of operand each role can be written as. */
static bool role_fits_kind(const struct isa_operand *op)
{
	static const uint16_t kinds_of[ISA_ROLE_COUNT] = {
		[ISA_ROLE_DST] = 1u << ISA_OPND_REG,      [ISA_ROLE_SRC] = 1u << ISA_OPND_REG,
		[ISA_ROLE_SRC_IMM] = 1u << ISA_OPND_EXPR, [ISA_ROLE_VALUE] = 1u << ISA_OPND_EXPR,
		[ISA_ROLE_CMP] = 1u << ISA_OPND_EXPR,     [ISA_ROLE_BIT] = 1u << ISA_OPND_BIT,
		[ISA_ROLE_HI] = 1u << ISA_OPND_BIT,       [ISA_ROLE_MEM] = 1u << ISA_OPND_MEM,
		[ISA_ROLE_OFFSET] = 1u << ISA_OPND_EXPR,  [ISA_ROLE_TARGET] = 1u << ISA_OPND_EXPR,
	};
	return op->role < ISA_ROLE_COUNT && op->kind < ISA_OPND_KIND_COUNT &&
	       (kinds_of[op->role] >> op->kind & 1);
}

/* A value for field with its top and bottom bits set (an offset: a
 * negative one, which must come back sign-extended). */
static uint32_t probe_value(const struct isa_field *f)
{
	unsigned width = f->hi - f->lo + 1u;
	if (f->kind == ISA_F_OFFSET)
		return (uint32_t)-3;
	return width == 1 ? 1 : 1u | 1u << (width - 1);
}

/* The operand description of every syntax against the rows that use it
 * and against the encoder: each operand's field is a field of the word
 * (an implied one's is not), its value lands in exactly that field's
 * bits, decodes back as the operand's value, and every operand field of
 * the word is some operand's. */
static void test_syntax(struct tap *t)
{
	int bad = 0, checked = 0;
	for (unsigned s = 0; s < ISA_SYN_COUNT; s++) {
		const struct isa_syntax_desc *syn = isa_syntax_desc((enum isa_syntax)s);
		unsigned parts = syn->count ? 1 : 0;
		for (const char *p = syn->usage; *p; p++)
			parts += *p == ',';
		if (parts != syn->count || syn->count > ISA_MAX_OPERANDS) {
			tap_diag(t, "syntax %u: usage '%s' shows %u operands, the table %u", s,
				 syn->usage, parts, syn->count);
			bad++;
		}
		for (unsigned i = 0; i < syn->count; i++) {
			if (!role_fits_kind(&syn->ops[i])) {
				tap_diag(t,
					 "syntax %u operand %u: role %u cannot be written as kind "
					 "%u",
					 s, i + 1, syn->ops[i].role, syn->ops[i].kind);
				bad++;
			}
		}
	}
	for (unsigned r = 0; r < isa_form_count; r++) {
		const struct isa_form *form = &isa_forms[r];
		const struct isa_syntax_desc *syn = isa_form_syntax(form);
		struct isa isa;
		isa_init(&isa, (enum isa_gen)form->gen_min);
		bool covered[ISA_F_COUNT] = {false};
		for (unsigned i = 0; i < syn->count; i++) {
			const struct isa_operand *op = &syn->ops[i];
			const struct isa_field *f = isa_form_field(form, op->field);
			covered[op->field] = true;
			if (op->field2 < ISA_F_COUNT)
				covered[op->field2] = true;
			if (op->implied) {
				if (f) {
					tap_diag(t,
						 "%s operand %u: implied, yet field %u is in the "
						 "word",
						 form->name, i + 1, op->field);
					bad++;
				}
				continue;
			}
			if (!f || (op->field2 < ISA_F_COUNT && !isa_form_field(form, op->field2)) ||
			    (op->kind == ISA_OPND_MEM && !isa_form_field(form, ISA_F_PREINC))) {
				tap_diag(t, "%s operand %u: fills a field the word does not have",
					 form->name, i + 1);
				bad++;
				continue;
			}
			/* the encoder puts the value in that field's bits, nowhere else */
			struct isa_instr in = {.form = form}, out;
			uint32_t zero, word, v = probe_value(f);
			in.f[op->field] = v;
			bool encoded = isa_encode(&(struct isa_instr){.form = form}, &zero, NULL) &&
				       isa_encode(&in, &word, NULL);
			uint32_t bits = (uint32_t)(((1ull << (f->hi - f->lo + 1)) - 1) << f->lo);
			if (!encoded || (word ^ zero) != ((v << f->lo) & bits) ||
			    !isa_decode(&isa, word, &out) || /* maybe as an alias: mov, jump */
			    isa_operand_value(&out, op) != (op->kind == ISA_OPND_MEM ? 0 : v)) {
				tap_diag(t,
					 "%s operand %u: 0x%x does not go to bits %u..%u and back",
					 form->name, i + 1, v, f->lo, f->hi);
				bad++;
				continue;
			}
			checked++;
		}
		for (unsigned k = 0; k < form->shape->field_count; k++) {
			enum isa_field_kind kind = (enum isa_field_kind)form->shape->fields[k].kind;
			bool modifier = kind == ISA_F_REP || kind == ISA_F_XMOV ||
					kind == ISA_F_PEEK || kind == ISA_F_SDS ||
					kind == ISA_F_PREINC;
			if (!modifier && !covered[kind]) {
				tap_diag(t, "%s: field %u of the word is no operand's", form->name,
					 kind);
				bad++;
			}
		}
	}
	tap_is_int(t, bad, 0, "every syntax's operands fit the encoding (%d operands checked)",
		   checked);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_rows(&t);
	test_syntax(&t);
	for (int g = ISA_GEN_MIN; g <= ISA_GEN_MAX; g++) {
		test_ambiguity(&t, (enum isa_gen)g);
		test_round_trip(&t, (enum isa_gen)g);
	}
	test_ranges(&t);
	test_known(&t);
	test_misc(&t);
	return tap_done_testing(&t);
}
