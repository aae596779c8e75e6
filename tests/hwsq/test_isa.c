/* The HWSQ opcode table: every opcode's encoding checked against the
 * bytes the hardware documentation gives, decoding of every byte on every
 * family, and the delay rule. */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "hwsq/hwsq.h"

/* One opcode as envydis prints it and its bytes, worked out by hand from
 * the opcode descriptions (first byte, then little-endian operands). */
struct known {
	enum hwsq_op op;
	uint32_t operands[2];
	const char *text;
	uint8_t bytes[5];
	unsigned length;
};

static const struct known knowns[] = {
	{HWSQ_OP_NOP, {0}, "nop", {0x00}, 1},
	{HWSQ_OP_WAIT, {3, 1}, "wait 0x3 shl 0x2", {0x07}, 1},
	{HWSQ_OP_WAIT, {1, 15}, "wait 0x1 shl 0x1e", {0x3d}, 1},
	{HWSQ_OP_WAIT, {2, 0}, "wait 0x2 shl 0x0", {0x02}, 1},
	{HWSQ_OP_ADDRLO, {0x1234}, "addrlo 0x1234", {0x40, 0x34, 0x12}, 3},
	{HWSQ_OP_DATALO, {0x5678}, "datalo 0x5678", {0x42, 0x78, 0x56}, 3},
	{HWSQ_OP_EWAIT, {0, 1}, "ewait #FB_PAUSED 0x1", {0x5f, 0x00, 0x01}, 3},
	{HWSQ_OP_EWAIT, {3, 0}, "ewait 0x3 0x0", {0x5f, 0x03, 0x00}, 3},
	{HWSQ_OP_EXIT, {0}, "exit", {0x7f}, 1},
	{HWSQ_OP_UNSET, {3}, "unset 0x3", {0x83}, 1},
	{HWSQ_OP_SET1, {16}, "set1 #FB_PAUSE", {0xb0}, 1},
	{HWSQ_OP_SET0, {1}, "set0 0x1", {0xc1}, 1},
	{HWSQ_OP_SET0, {31}, "set0 0x1f", {0xdf}, 1},
	{HWSQ_OP_ADDR, {0x101400}, "addr 0x101400", {0xe0, 0x00, 0x14, 0x10, 0x00}, 5},
	{HWSQ_OP_DATA, {0xdeadbeef}, "data 0xdeadbeef", {0xe2, 0xef, 0xbe, 0xad, 0xde}, 5},
};

static void test_known(struct tap *t)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(knowns); i++) {
		const struct known *k = &knowns[i];
		const struct hwsq_opcode *o = hwsq_opcode_of(k->op);
		uint64_t raw = 0;
		bool ok = hwsq_encode(o, k->operands, &raw);
		uint64_t want = 0;
		for (unsigned b = 0; b < k->length; b++)
			want |= (uint64_t)k->bytes[b] << (8 * b);
		tap_ok(t, ok && o->length == k->length, "%s: %u bytes", k->text, k->length);
		tap_is_hex(t, raw, want, "%s encodes", k->text);
		/* and decodes back on every family that has it */
		for (unsigned f = 0; f < HWSQ_FAMILY_COUNT; f++) {
			struct hwsq_insn insn;
			hwsq_decode((enum hwsq_family)f, k->bytes, k->length, 0, &insn);
			if (!hwsq_opcode_on(o, (enum hwsq_family)f)) {
				tap_ok(t, insn.opcode == NULL && insn.length == 1,
				       "%s: not an opcode on %s", k->text,
				       hwsq_family_info((enum hwsq_family)f)->name);
				continue;
			}
			tap_ok(t,
			       insn.opcode && insn.opcode->op == k->op &&
				       insn.length == k->length &&
				       insn.operands[0] == k->operands[0] &&
				       insn.operands[1] == k->operands[1] && insn.unknown == 0,
			       "%s decodes on %s", k->text,
			       hwsq_family_info((enum hwsq_family)f)->name);
		}
	}
}

/* Every byte on every family: which are opcodes, and decode(encode(x)). */
static void test_every_byte(struct tap *t)
{
	/* 0x00-0x3f waits (0x00 is nop), 0x7f, 0x80-0xdf flags: 161 bytes;
	 * NV41 and later add 0x40 0x42 0x5f 0xe0 0xe2. */
	static const unsigned legal[HWSQ_FAMILY_COUNT] = {161, 166, 166, 166};
	for (unsigned f = 0; f < HWSQ_FAMILY_COUNT; f++) {
		unsigned count = 0, roundtrip = 0;
		for (unsigned b = 0; b < 256; b++) {
			uint8_t code[5] = {(uint8_t)b, 0x12, 0x34, 0x56, 0x78};
			struct hwsq_insn insn;
			hwsq_decode((enum hwsq_family)f, code, sizeof code, 0, &insn);
			if (!insn.opcode)
				continue;
			count++;
			uint64_t raw;
			if (hwsq_encode(insn.opcode, insn.operands, &raw) &&
			    (raw | insn.unknown) == insn.raw)
				roundtrip++;
		}
		const char *name = hwsq_family_info((enum hwsq_family)f)->name;
		tap_is_int(t, count, legal[f], "%s: bytes that begin an opcode", name);
		tap_is_int(t, roundtrip, count, "%s: each re-encodes to its bytes", name);
	}
}

static void test_unknown_bits(struct tap *t)
{
	/* ewait claims event bits 8-12 and value bit 16 only. */
	const uint8_t code[] = {0x5f, 0x21, 0x03};
	struct hwsq_insn insn;
	hwsq_decode(HWSQ_NV50, code, sizeof code, 0, &insn);
	tap_is_int(t, insn.operands[0], 1, "ewait 5f 21 03: event 1");
	tap_is_int(t, insn.operands[1], 1, "ewait 5f 21 03: value 1");
	tap_is_hex(t, insn.unknown, 0x022000, "ewait 5f 21 03: bits 13 and 17 are unclaimed");

	const uint8_t cut[] = {0x7f, 0xe2, 0x01};
	hwsq_decode(HWSQ_NV50, cut, sizeof cut, 1, &insn);
	tap_ok(t, insn.truncated && insn.length == 2, "data cut by the end: truncated, 2 bytes");
}

static void test_families(struct tap *t)
{
	static const uint32_t ram[] = {0x40, 0x80, 0x100, 0x200};
	for (unsigned f = 0; f < HWSQ_FAMILY_COUNT; f++) {
		const struct hwsq_family_info *fi = hwsq_family_info((enum hwsq_family)f);
		tap_is_hex(t, fi->ram_size, ram[f], "%s code RAM size", fi->name);
		enum hwsq_family back;
		tap_ok(t, hwsq_family_parse(fi->variant, &back) && back == f, "%s parses",
		       fi->variant);
	}
	tap_ok(t,
	       hwsq_family_info(HWSQ_NV17)->illegal == HWSQ_ILLEGAL_NOP &&
		       hwsq_family_info(HWSQ_NV41)->illegal == HWSQ_ILLEGAL_HANG &&
		       hwsq_family_info(HWSQ_NV50)->illegal == HWSQ_ILLEGAL_HANG &&
		       hwsq_family_info(HWSQ_NV92)->illegal == HWSQ_ILLEGAL_NOP,
	       "illegal opcodes hang on NV41:NV92 only");
	tap_ok(t,
	       hwsq_family_info(HWSQ_NV92)->slots == 1 && hwsq_family_info(HWSQ_NV50)->slots == 2,
	       "NV92 has one slot, NV50 two");
	tap_is_hex(t, hwsq_trigger_value(HWSQ_NV50, HWSQ_SLOT_A, 0), 0x3,
		   "TRIGGER: start entry 0 on A");
	tap_is_hex(t, hwsq_trigger_value(HWSQ_NV41, HWSQ_SLOT_B, 3), 0xd,
		   "TRIGGER: start entry 3 on B");
	tap_is_hex(t, hwsq_trigger_value(HWSQ_NV92, HWSQ_SLOT_A, 2), 0x9,
		   "TRIGGER on NV92: no slot bit");
	enum hwsq_family f;
	tap_ok(t, !hwsq_family_parse("nv40", &f), "nv40 is no family name");
}

/* The shortest sum of at most k (1 or 2) wait bytes that is at least us:
 * a brute-force search over every byte and pair of bytes. */
static uint64_t brute_cover(uint64_t us, unsigned k)
{
	uint64_t best = UINT64_MAX;
	for (unsigned s1 = 0; s1 < 16; s1++)
		for (unsigned c1 = 1; c1 <= 3; c1++) {
			uint64_t a = hwsq_wait_us(c1, s1);
			if (a >= us && a < best)
				best = a;
			for (unsigned s2 = 0; k > 1 && s2 < 16; s2++)
				for (unsigned c2 = 1; c2 <= 3; c2++) {
					uint64_t v = a + hwsq_wait_us(c2, s2);
					if (v >= us && v < best)
						best = v;
				}
		}
	return best;
}

/* The delay rule, against a brute-force search over single waits and
 * pairs. */
static void test_delays(struct tap *t)
{
	uint8_t b[64];
	uint64_t enc;
	tap_is_int(t, hwsq_delay_encode(12, false, b, 64, &enc), 1, "12 us: one byte");
	tap_ok(t, b[0] == 0x07 && enc == 12, "12 us: wait 0x3 shl 0x2, exactly");
	tap_is_int(t, hwsq_delay_encode(7, false, b, 64, &enc), 2,
		   "7 us: two bytes (one would wait 8, 14%% more)");
	tap_ok(t, b[0] == 0x05 && b[1] == 0x03 && enc == 7, "7 us: wait 1 shl 2, wait 3 shl 0");
	tap_is_int(t, hwsq_delay_encode(20, false, b, 64, &enc), 2, "20 us: two bytes");
	tap_ok(t, b[0] == 0x09 && b[1] == 0x05 && enc == 20, "20 us: wait 1 shl 4, wait 1 shl 2");
	tap_is_int(t, hwsq_delay_encode(120, false, b, 64, &enc), 1, "120 us: one byte");
	tap_is_int(t, enc, 128, "120 us: 128 us, within an eighth");
	tap_is_int(t, hwsq_delay_encode(24, false, b, 64, &enc), 2, "24 us: two bytes, 16 + 8");
	tap_is_int(t, enc, 24, "24 us: exactly (nouveau's one byte waits 16)");
	tap_is_int(t, hwsq_delay_encode(100, false, b, 64, &enc), 2, "100 us: two bytes");
	tap_is_int(t, enc, 112, "100 us: 64 + 48 = 112 us, within an eighth");
	tap_is_int(t, hwsq_delay_encode(7, true, b, 64, &enc), 2, "7 us exact: two bytes");
	tap_ok(t, b[0] == 0x05 && b[1] == 0x03 && enc == 7,
	       "7 us exact: wait 1 shl 2, wait 3 shl 0");
	tap_is_int(t, hwsq_delay_ns_to_us(1500), 2, "1500 ns rounds up to 2 us");
	tap_is_int(t, hwsq_delay_ns_to_us(2000), 2, "2000 ns is 2 us");
	tap_is_int(t, hwsq_delay_encode(0, false, b, 64, &enc), 0, "no delay: no byte");
	tap_is_int(t, hwsq_delay_encode(HWSQ_WAIT_MAX_US, false, b, 64, &enc), 1,
		   "3 << 30 us: one byte");
	tap_is_hex(t, b[0], 0x3f, "3 << 30 us: wait 0x3 shl 0x1e");
	tap_is_int(t, hwsq_delay_encode(HWSQ_WAIT_MAX_US + 1, false, b, 64, &enc), 2,
		   "one microsecond more: two bytes");
	tap_is_int(t, enc, HWSQ_WAIT_MAX_US + 1, "and exactly that long");

	unsigned bad_rule = 0, bad_best = 0, bad_exact = 0, max_bytes = 0;
	for (uint64_t us = 1; us <= 20000; us++) {
		size_t n = hwsq_delay_encode(us, false, b, 64, &enc);
		uint64_t sum = 0;
		for (size_t i = 0; i < n; i++)
			sum += hwsq_wait_us(b[i] & 3, b[i] >> 2);
		unsigned digits = 0;
		for (uint64_t v = us; v; v >>= 2)
			digits += (v & 3) != 0;
		if (sum != enc || enc < us || (enc - us) * 8 > us || n > digits)
			bad_rule++;
		if (n > max_bytes)
			max_bytes = (unsigned)n;
		/* the fewest bytes within the slack, the shortest of them */
		uint64_t one = brute_cover(us, 1), two = brute_cover(us, 2);
		size_t want_n = (one - us) * 8 <= us ? 1 : (two - us) * 8 <= us ? 2 : 3;
		if (n != want_n || (n == 1 && enc != one) || (n == 2 && enc != two))
			bad_best++;
		n = hwsq_delay_encode(us, true, b, 64, &enc);
		sum = 0;
		for (size_t i = 0; i < n; i++)
			sum += hwsq_wait_us(b[i] & 3, b[i] >> 2);
		if (n != digits || enc != us || sum != us)
			bad_exact++;
	}
	tap_is_int(t, bad_rule, 0,
		   "1-20000 us: never shorter, at most an eighth longer, no more bytes than exact");
	tap_is_int(t, bad_best, 0,
		   "1-20000 us: the fewest bytes that do, and the shortest of them");
	tap_is_int(t, max_bytes, 3, "1-20000 us: three bytes at most (two more than one)");
	tap_is_int(t, bad_exact, 0, "1-20000 us exact: one byte per nonzero base-4 digit");
}

static void test_lex(struct tap *t)
{
	struct hwsq_toks toks = {0};
	unsigned bad;
	tap_ok(t,
	       hwsq_lex("delay 7us ; note", &toks, &bad) && toks.count == 4 &&
		       toks.items[1].num == 7 && hwsq_tok_is(&toks.items[2], "us"),
	       "'7us' is a number and a unit; the comment ends the line");
	uint64_t v;
	char *err;
	unsigned col;
	hwsq_lex("(1 << 4) | 0x3 + 2 * 2", &toks, &bad);
	tap_ok(t, hwsq_expr(&toks, &v, &err, &col) && v == 0x17, "C precedence: 0x17");
	hwsq_lex("4 / 0", &toks, &bad);
	tap_ok(t, !hwsq_expr(&toks, &v, &err, &col) && col == 3, "division by zero at column 3");
	free(err);
	tap_ok(t, !hwsq_lex("wr32 0x10 ` 3", &toks, &bad) && bad == 11, "a stray '`' at column 11");
	hwsq_toks_free(&toks);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_known(&t);
	test_every_byte(&t);
	test_unknown_bits(&t);
	test_families(&t);
	test_delays(&t);
	test_lex(&t);
	return tap_done_testing(&t);
}
