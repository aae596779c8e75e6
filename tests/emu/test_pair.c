/* The a5xx PFP and ME as a pair (emu_load_pair): a small hand-written
 * PFP passes packets through the MEQ to a small ME, which writes every
 * word it reads to consecutive GPU registers from 0x100; so the
 * registers show exactly what the ME saw, in order, and the log what
 * the PFP passed. */
#include "afuc/replay.h"
#include "afuc/tap.h"
#include "prog.h"

#define R_DATA ISA_REG_DATA
#define R_ADDR ISA_REG_ADDR
#define SEEN 0x100u /* where the ME writes what it reads */

/* PFP handlers, by pc */
enum { PFP_FWD = 2, PFP_SLOW = 6, PFP_SHORT = 13, PFP_MADE_UP = 18 };
/* A header with both parity bits wrong, as a PFP may make up for the
 * ME: opcode 0x10, 2 words. */
#define MADE_UP_HDR 0x70908002u

static void pfp_prog(struct prog *p)
{
	prog_init(p, EMU_A5XX);
	prog_end(p); /* 0: no bootstrap: the table is set from the test */
	/* 2: the packet as it came */
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 1)));
	put(p, A(p, "mov", F(REP, 1), F(DST, R_DATA), F(SRC2, R_DATA)));
	prog_end(p);
	/* 6: the header, 300 steps of other work, then the payload: the ME
	 * must wait for it in between, past its turns of 64 steps */
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 1)));
	put(p, A(p, "mov", F(DST, 2), F(IMM, 150)));
	uint32_t loop = here(p);
	put(p, A(p, "brne", F(SRC1, 2), F(IMM, 0), F(OFFSET, (uint32_t)to(p, loop))));
	put(p, A(p, "sub", F(DST, 2), F(SRC1, 2), F(IMM, 1)));
	put(p, A(p, "mov", F(REP, 1), F(DST, R_DATA), F(SRC2, R_DATA)));
	prog_end(p);
	/* 13: the header and the first payload word only */
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 1)));
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, R_DATA)));
	put(p, A(p, "mov", F(REP, 1), F(DST, 0), F(SRC2, R_DATA)));
	prog_end(p);
	/* 18: a packet of its own: MADE_UP_HDR, the payload word + 1, 0x77 */
	li(p, 2, MADE_UP_HDR);
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 2)));
	put(p, A(p, "add", F(DST, R_DATA), F(SRC1, R_DATA), F(IMM, 1)));
	put(p, A(p, "mov", F(DST, R_DATA), F(IMM, 0x77)));
	prog_end(p);
}

static void me_prog(struct prog *p)
{
	prog_init(p, EMU_A5XX);
	li(p, R_ADDR, SEEN); /* 0 */
	prog_end(p);         /* 1 */
	/* 3: every packet: the header and the payload, to SEEN on */
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 1)));
	put(p, A(p, "mov", F(REP, 1), F(DST, R_DATA), F(SRC2, R_DATA)));
	prog_end(p);
}

static struct emu *pair(struct prog *pfp, struct prog *me)
{
	pfp_prog(pfp);
	me_prog(me);
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A5XX, .step_limit = 100000},
				  NULL);
	if (!emu || !emu_load_pair(emu, pfp->words, pfp->count, me->words, me->count))
		abort();
	static const uint32_t pfp_table[][2] = {
		{0x10, PFP_FWD},   {4, PFP_FWD},        {0x11, PFP_SLOW},
		{0x12, PFP_SHORT}, {0x13, PFP_MADE_UP},
	};
	for (size_t i = 0; i < sizeof pfp_table / sizeof pfp_table[0]; i++)
		emu_set_packet_entry(emu, EMU_PFP, pfp_table[i][0], pfp_table[i][1]);
	for (uint32_t op = 0; op < EMU_PACKET_TABLE_SIZE; op++)
		emu_set_packet_entry(emu, EMU_ME, op, 3);
	return emu;
}

/* The registers from SEEN hold want, and the one after it 0. */
static bool seen_is(struct tap *t, const struct emu *emu, const uint32_t *want, size_t n)
{
	bool ok = emu_get_reg(emu, SEEN + (uint32_t)n) == 0;
	for (uint32_t i = 0; i < n; i++) {
		if (emu_get_reg(emu, SEEN + i) != want[i]) {
			tap_diag(t, "the ME's word %u: got 0x%08x, expected 0x%08x", i,
				 emu_get_reg(emu, SEEN + i), want[i]);
			ok = false;
		}
	}
	return ok;
}

/* The log entries of kind from proc, their values in order, are want. */
static bool log_values_are(const struct emu *emu, enum emu_write_kind kind, enum emu_proc proc,
			   const uint32_t *want, size_t n)
{
	size_t j = 0;
	for (size_t i = 0; i < emu_write_count(emu); i++) {
		const struct emu_write *w = &emu_writes(emu)[i];
		if (w->kind != kind || w->proc != proc)
			continue;
		if (j == n || w->value != want[j])
			return false;
		j++;
	}
	return j == n;
}

static void test_pass_on(struct tap *t)
{
	struct prog pfp, me;
	struct emu *emu = pair(&pfp, &me);
	tap_ok(t, emu_is_pair(emu), "a pair is loaded");
	uint32_t base;
	tap_ok(t, emu_proc_base(emu, EMU_ME, &base) && base == pfp.count - 1,
	       "the ME's code follows the PFP's %zu instructions", pfp.count - 1);
	tap_is_hex(t, emu_get_reg(emu, 0x835), (uint32_t)EMU_DEFAULT_INSTR_BASE,
		   "CP_PFP_INSTR_BASE is the image's address");
	tap_is_hex(t, emu_get_reg(emu, 0x838), (uint32_t)EMU_DEFAULT_INSTR_BASE + 4 * base,
		   "CP_ME_INSTR_BASE the ME's");

	emu_push_pkt7(emu, 0x10, (uint32_t[]){1, 2, 3}, 3);
	emu_push_pkt4(emu, 0x8c1, (uint32_t[]){9}, 1);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "two packets run: %s", emu_error(emu));
	const uint32_t sent[] = {emu_pkt7_header(0x10, 3), 1, 2, 3, emu_pkt4_header(0x8c1, 1), 9};
	tap_ok(t, log_values_are(emu, EMU_WRITE_MEQ, EMU_PFP, sent, 6),
	       "the PFP passed both packets, header first, in order");
	tap_ok(t, seen_is(t, emu, sent, 6), "the ME saw exactly those six words, in order");
	tap_ok(t, log_values_are(emu, EMU_WRITE_GPU, EMU_ME, sent, 6),
	       "and wrote nothing else (its log entries are the ME's)");
	tap_is_int(t, (long long)emu_meq_pending(emu), 0, "the MEQ is empty");
	tap_is_hex(t, emu_pc(emu, EMU_ME), 5, "the ME waits at its handler's waitin");
	const struct emu_write *w = emu_writes(emu);
	tap_ok(t, emu_write_count(emu) == 12 && w[0].kind == EMU_WRITE_MEQ && w[0].proc == EMU_PFP,
	       "the log begins with the PFP passing the first header");
	emu_free(emu);
}

static void test_run_waits_for_both(struct tap *t)
{
	struct prog pfp, me;
	struct emu *emu = pair(&pfp, &me);
	/* both idle first, so that the PFP's push must wake the ME */
	tap_is_int(t, emu_run(emu), EMU_IDLE, "the pair starts: %s", emu_error(emu));
	emu_push_pkt7(emu, 0x11, (uint32_t[]){0xa, 0xb}, 2);
	emu_push_pkt7(emu, 0x10, (uint32_t[]){0xc}, 1);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a payload passed 300 steps after its header: %s",
		   emu_error(emu));
	tap_ok(t, emu_last_steps(emu) > 300, "the run took them all (%llu steps)",
	       (unsigned long long)emu_last_steps(emu));
	const uint32_t want[] = {emu_pkt7_header(0x11, 2), 0xa, 0xb, emu_pkt7_header(0x10, 1), 0xc};
	tap_ok(t, seen_is(t, emu, want, 5),
	       "the ME waited for the payload, then took the next packet");
	/* the ME had the header before the PFP passed the payload */
	size_t hdr_at = 0, payload_at = 0;
	for (size_t i = 0; i < emu_write_count(emu); i++) {
		const struct emu_write *w = &emu_writes(emu)[i];
		if (w->proc == EMU_ME && w->addr == SEEN && !hdr_at)
			hdr_at = i + 1;
		if (w->kind == EMU_WRITE_MEQ && w->value == 0xa && !payload_at)
			payload_at = i + 1;
	}
	tap_ok(t, hdr_at && payload_at && hdr_at < payload_at,
	       "the ME ran the header while the PFP worked (log entries %zu, %zu)", hdr_at,
	       payload_at);

	/* a header the PFP made up, without parity: the MEQ is not checked */
	tap_ok(t, MADE_UP_HDR != emu_pkt7_header(0x10, 2), "0x%08x has the wrong parity bits",
	       MADE_UP_HDR);
	emu_push_pkt7(emu, 0x13, (uint32_t[]){5}, 1);
	/* the ME's level register does not move its stream off the MEQ */
	emu_set_ctrl(emu, EMU_ME, 0x031, 1);
	emu_push_pkt7(emu, 0x10, (uint32_t[]){0xd}, 1);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a made-up packet runs: %s", emu_error(emu));
	const uint32_t more[] = {emu_pkt7_header(0x11, 2),
				 0xa,
				 0xb,
				 emu_pkt7_header(0x10, 1),
				 0xc,
				 MADE_UP_HDR,
				 6,
				 0x77,
				 emu_pkt7_header(0x10, 1),
				 0xd};
	tap_ok(t, seen_is(t, emu, more, 10),
	       "the ME ran it as opcode 0x10 with its 2 words, then the next from the MEQ");
	emu_free(emu);
}

static void test_errors(struct tap *t)
{
	struct prog pfp, me;
	struct emu *emu = pair(&pfp, &me);
	emu_push_pkt7(emu, 0x12, (uint32_t[]){1, 2, 3}, 3);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "a packet passed short stops the run");
	/* (the ME read the header; one payload word of 3 came) */
	tap_ok(t,
	       emu_error_kind(emu) == EMU_ERR_QUEUE_EMPTY &&
		       strstr(emu_error(emu), "never passed") && strstr(emu_error(emu), "at ME pc"),
	       "as the ME's queue-empty error: %s", emu_error(emu));
	emu_free(emu);

	emu = pair(&pfp, &me);
	emu_set_packet_entry(emu, EMU_PFP, 0x14, (uint32_t)pfp.count - 1);
	emu_push_pkt7(emu, 0x14, NULL, 0);
	enum emu_status st = emu_run(emu);
	tap_ok(t,
	       st == EMU_ERROR && emu_error_kind(emu) == EMU_ERR_BRANCH &&
		       strstr(emu_error(emu), "at PFP pc"),
	       "the PFP cannot run into the ME's code: %s", emu_error(emu));
	emu_free(emu);

	emu = emu_new(&(struct emu_config){.gen = EMU_A6XX}, NULL);
	tap_ok(t,
	       !emu_load_pair(emu, pfp.words, pfp.count, me.words, me.count) &&
		       emu_error_kind(emu) == EMU_ERR_NO_IMAGE && !emu_is_pair(emu),
	       "an a6xx emulator refuses a pair: %s", emu_error(emu));
	emu_free(emu);

	emu = emu_new(&(struct emu_config){.gen = EMU_A5XX}, NULL);
	uint8_t bytes[8] = {0};
	tap_ok(t, !emu_load_pair_bytes(emu, bytes, 8, bytes, 6) && strstr(emu_error(emu), "ME"),
	       "an ME of 6 bytes is refused: %s", emu_error(emu));
	emu_free(emu);
	emu = emu_new(&(struct emu_config){.gen = EMU_A5XX}, NULL);
	tap_ok(t, !emu_load_pair(emu, pfp.words, pfp.count, me.words, 1),
	       "an ME without instructions is refused: %s", emu_error(emu));
	emu_free(emu);
}

/* An ME slower than the PFP: each packet, 200 steps of other work, then
 * the header and payload to SEEN on. */
static uint32_t slow_me_prog(struct prog *p)
{
	prog_init(p, EMU_A5XX);
	li(p, R_ADDR, SEEN);
	prog_end(p);
	uint32_t handler = here(p);
	put(p, A(p, "mov", F(DST, 2), F(IMM, 100)));
	uint32_t loop = here(p);
	put(p, A(p, "brne", F(SRC1, 2), F(IMM, 0), F(OFFSET, (uint32_t)to(p, loop))));
	put(p, A(p, "sub", F(DST, 2), F(SRC1, 2), F(IMM, 1)));
	put(p, A(p, "mov", F(DST, R_DATA), F(SRC2, 1)));
	put(p, A(p, "mov", F(REP, 1), F(DST, R_DATA), F(SRC2, R_DATA)));
	prog_end(p);
	return handler;
}

/* The PFP passes three packets on while the ME is still at the first:
 * in the replay log each packet has what the ME did with its words
 * (emu_pair_attribute), not what the ME happened to do while the PFP was
 * at it, and its instructions are the PFP's and the ME's for it. */
static void test_attribution(struct tap *t)
{
	struct prog pfp, me;
	pfp_prog(&pfp);
	uint32_t handler = slow_me_prog(&me);
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A5XX, .step_limit = 100000},
				  NULL);
	if (!emu || !emu_load_pair(emu, pfp.words, pfp.count, me.words, me.count))
		abort();
	emu_set_packet_entry(emu, EMU_PFP, 0x10, PFP_FWD);
	emu_set_packet_entry(emu, EMU_ME, 0x10, handler);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "the slow pair boots");
	emu_clear_writes(emu);
	for (uint32_t i = 0; i < 3; i++)
		emu_push_pkt7(emu, 0x10, (uint32_t[]){0xa0 + i}, 1);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "and runs three packets: %s", emu_error(emu));
	/* the PFP took the third packet before the ME wrote for the first */
	const struct emu_packet *pk = emu_packets(emu);
	size_t first_me = 0;
	while (first_me < emu_write_count(emu) && emu_writes(emu)[first_me].proc != EMU_ME)
		first_me++;
	tap_ok(t, emu_packet_count(emu) == 3 && pk[2].write_first <= first_me,
	       "the ME lags: its first write (%zu) comes after the PFP took packet 3 (%zu)",
	       first_me, emu_packet_count(emu) == 3 ? pk[2].write_first : 0);
	struct emu_replay_log log = {0};
	emu_replay_log_take(&log, emu, 1);
	tap_is_int(t, (long)log.count, 3, "three packets in the log");
	for (uint32_t i = 0; i < 3 && log.count == 3; i++) {
		const struct emu_replay_packet *rp = &log.packets[i];
		const struct emu_write *w = &log.writes[rp->write_first];
		bool ok = rp->write_count == 2 && w[0].kind == EMU_WRITE_GPU &&
			  w[0].addr == SEEN + 2 * i && w[0].value == emu_pkt7_header(0x10, 1) &&
			  w[1].addr == SEEN + 2 * i + 1 && w[1].value == 0xa0 + i;
		tap_ok(t, ok, "packet %u has its own two ME writes (it has %zu)", i + 1,
		       rp->write_count);
		/* each side from the delay slot that read the header to the
		 * next waitin, which the last packet's do not reach: the PFP
		 * mov $01, mov, (rep)mov once, waitin; the ME mov $01, mov,
		 * 101 rounds of brne and sub, mov, (rep)mov once, waitin */
		long want = i < 2 ? 4 + 207 : 3 + 206;
		tap_is_int(t, (long)rp->steps, want, "packet %u: %ld instructions", i + 1, want);
	}
	emu_replay_log_free(&log);
	emu_free(emu);
}

/* The bytes variant loads the same pair. */
static void test_bytes(struct tap *t)
{
	struct prog pfp, me;
	pfp_prog(&pfp);
	me_prog(&me);
	uint8_t pb[PROG_MAX * 4], mb[PROG_MAX * 4];
	for (size_t i = 0; i < pfp.count; i++)
		for (unsigned b = 0; b < 4; b++)
			pb[4 * i + b] = (uint8_t)(pfp.words[i] >> (8 * b));
	for (size_t i = 0; i < me.count; i++)
		for (unsigned b = 0; b < 4; b++)
			mb[4 * i + b] = (uint8_t)(me.words[i] >> (8 * b));
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A5XX}, NULL);
	tap_ok(t, emu_load_pair_bytes(emu, pb, 4 * pfp.count, mb, 4 * me.count),
	       "the pair loads from bytes: %s", emu_error(emu));
	emu_set_packet_entry(emu, EMU_PFP, 0x10, PFP_FWD);
	emu_set_packet_entry(emu, EMU_ME, 0x10, 3);
	emu_push_pkt7(emu, 0x10, (uint32_t[]){0x42}, 1);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "and runs: %s", emu_error(emu));
	tap_ok(t, seen_is(t, emu, (uint32_t[]){emu_pkt7_header(0x10, 1), 0x42}, 2),
	       "the ME saw the packet");
	emu_free(emu);
}

/* The ME's register read-modify-write, $addr bit 23 (a530_pm4's
 * CP_REG_RMW): with bit 20 too a $data write latches the register and
 * an AND mask and writes nothing; with bit 23 alone it writes
 * ((register & mask) rotated left by $addr's bits 0-4) | value. */
static void test_reg_rmw(struct tap *t)
{
	struct prog pfp, me;
	pfp_prog(&pfp);
	prog_init(&me, EMU_A5XX);
	li(&me, R_ADDR, SEEN | 1u << 20 | 1u << 23);
	li(&me, R_DATA, 0xff00ff00);
	li(&me, R_ADDR, 4 | 1u << 23);
	li(&me, R_DATA, 5);
	prog_end(&me);
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A5XX}, NULL);
	if (!emu || !emu_load_pair(emu, pfp.words, pfp.count, me.words, me.count))
		abort();
	emu_set_reg(emu, SEEN, 0xf0f0);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "the ME's bootstrap runs: %s", emu_error(emu));
	tap_is_hex(t, emu_get_reg(emu, SEEN), 0xf0005,
		   "((0xf0f0 & 0xff00ff00) rotated left by 4) | 5 lands on the latched register");
	tap_is_hex(t, emu_get_reg(emu, 4), 0, "nothing lands on the second $addr's register (4)");
	emu_free(emu);
}

/* The ME's busy state, the PFP's control 0x008: a PFP that passes the
 * ME a slow packet, reads 0x008 and then a register the ME writes at the
 * end of that packet sees the ME's write; the read waited, running no
 * instructions. */
static void test_me_busy(struct tap *t)
{
	struct prog pfp, me;
	prog_init(&pfp, EMU_A5XX);
	li(&pfp, 2, emu_pkt7_header(0x11, 0));
	put(&pfp, A(&pfp, "mov", F(DST, R_DATA), F(SRC2, 2)));
	const uint32_t poll = here(&pfp);
	put(&pfp, A(&pfp, "cread", F(DST, 3), F(SRC1, 0), F(IMM, 0x008)));
	li(&pfp, 4, SEEN);
	put(&pfp, A(&pfp, "cwrite", F(SRC1, 4), F(SRC2, 0), F(IMM, 0x013)));
	put(&pfp, A(&pfp, "mov", F(DST, 5), F(SRC2, ISA_REG_REGDATA)));
	put(&pfp, A(&pfp, "cwrite", F(SRC1, 3), F(SRC2, 0), F(IMM, 0x0a0)));
	put(&pfp, A(&pfp, "cwrite", F(SRC1, 5), F(SRC2, 0), F(IMM, 0x0a1)));
	prog_end(&pfp);
	prog_init(&me, EMU_A5XX);
	prog_end(&me); /* 0 */
	/* 2: 150 rounds of other work, then SEEN = 1 */
	put(&me, A(&me, "mov", F(DST, 2), F(IMM, 150)));
	uint32_t loop = here(&me);
	put(&me, A(&me, "brne", F(SRC1, 2), F(IMM, 0), F(OFFSET, (uint32_t)to(&me, loop))));
	put(&me, A(&me, "sub", F(DST, 2), F(SRC1, 2), F(IMM, 1)));
	li(&me, R_ADDR, SEEN);
	li(&me, R_DATA, 1);
	prog_end(&me);
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A5XX}, NULL);
	if (!emu || !emu_load_pair(emu, pfp.words, pfp.count, me.words, me.count))
		abort();
	emu_set_packet_entry(emu, EMU_ME, 0x11, 2);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "both run: %s", emu_error(emu));
	tap_is_hex(t, emu_ctrl(emu, EMU_PFP, 0x0a0), 0, "0x008 read 0: the ME was done");
	tap_is_hex(t, emu_ctrl(emu, EMU_PFP, 0x0a1), 1, "so the PFP read the ME's write");
	tap_is_int(t, (long long)emu_exec_count(emu, poll), 1,
		   "the PFP ran its read of 0x008 once, waiting without instructions");
	emu_free(emu);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_pass_on(&t);
	test_run_waits_for_both(&t);
	test_errors(&t);
	test_bytes(&t);
	test_attribution(&t);
	test_reg_rmw(&t);
	test_me_busy(&t);
	return tap_done_testing(&t);
}
