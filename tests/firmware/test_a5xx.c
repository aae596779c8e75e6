/* The SDK's a5xx PFP and ME as one CP: packets go to the PFP, what it
 * passes on (its $data writes, which the model logs as register writes)
 * is fed to the ME, and the effects are checked against values worked
 * out by hand. Indirect buffers and conditions are seen end to end here
 * (the PFP follows them, the ME writes memory), and so are the longest
 * packets, too long for an afuc-emu file.
 *
 * Each processor has its own emulator, so its own memory: IBs and what
 * the PFP's conditions read go to the PFP's memory, results show in the
 * ME's. */
#include <stdlib.h>

#include "afuc/emu.h"
#include "afuc/tap.h"
#include "util/util.h"

#define DST 0x20000ull /* where the ME writes */
#define SRC 0x10000ull /* what the ME or the PFP reads */
#define IB1 0x30000ull /* indirect buffers, in the PFP's memory */
#define IB2 0x31000ull
#define IB3 0x32000ull
#define HIGH 0x1fffffff8ull /* 8 bytes below 8 GiB */

#define LO(a) ((uint32_t)(a))
#define HI(a) ((uint32_t)((a) >> 32))

enum {
	OP_NOP = 0x10,
	OP_MEM_WRITE = 0x3d,
	OP_INDIRECT_BUFFER = 0x3f,
	OP_COND_EXEC = 0x44,
	OP_EVENT_WRITE = 0x46,
	OP_MEMCPY = 0x75, /* UNKN117 on a5xx */
	FATAL_CTRL = 0x007,
	LEVEL_CTRL = 0x031,
};

struct cp5 {
	struct tap *t;
	struct emu *pfp, *me;
	size_t passed; /* words the last cp5_run passed to the ME */
};

static struct emu *boot(struct tap *t, const char *name)
{
	const char *build = getenv("SDK_BUILD");
	char *path = util_xasprintf("%s/firmware/a5xx/%s", build && *build ? build : "build", name);
	uint8_t *data;
	size_t len;
	struct emu *e = NULL;
	if (util_read_file(path, &data, &len) != 0) {
		tap_ok(t, false, "%s is built", path);
	} else {
		e = emu_new(&(struct emu_config){.gen = EMU_A5XX}, NULL);
		if (!emu_load_image_bytes(e, data, len) || emu_run(e) != EMU_IDLE) {
			tap_ok(t, false, "%s boots: %s", path, emu_error(e));
			emu_free(e);
			e = NULL;
		}
		free(data);
	}
	free(path);
	return e;
}

static bool cp5_begin(struct tap *t, struct cp5 *cp)
{
	*cp = (struct cp5){.t = t, .pfp = boot(t, "pfp.fw"), .me = boot(t, "me.fw")};
	if (cp->pfp && cp->me)
		return true;
	emu_free(cp->pfp);
	emu_free(cp->me);
	return false;
}

static void cp5_end(struct cp5 *cp)
{
	emu_free(cp->pfp);
	emu_free(cp->me);
}

/* Runs the PFP, passes what it passed on to the ME (also after an error:
 * what came before it still reaches the ME), runs the ME. The PFP's
 * status. */
static enum emu_status cp5_run(struct cp5 *cp)
{
	enum emu_status st = emu_run(cp->pfp);
	const struct emu_write *w = emu_writes(cp->pfp);
	size_t n = emu_write_count(cp->pfp);
	uint32_t *words = util_xcalloc(n ? n : 1, sizeof *words);
	cp->passed = 0;
	for (size_t i = 0; i < n; i++)
		if (w[i].kind == EMU_WRITE_GPU)
			words[cp->passed++] = w[i].value;
	emu_clear_writes(cp->pfp);
	emu_push_raw(cp->me, words, cp->passed);
	free(words);
	emu_clear_writes(cp->me);
	if (emu_run(cp->me) != EMU_IDLE)
		tap_diag(cp->t, "the ME stopped: %s", emu_error(cp->me));
	return st;
}

static void pkt7(struct cp5 *cp, uint32_t op, const uint32_t *payload, size_t n)
{
	emu_push_pkt7(cp->pfp, op, payload, n);
}
#define PKT7(cp, op, ...)                                 \
	pkt7((cp), (op), (const uint32_t[]){__VA_ARGS__}, \
	     sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))

/* Puts a packet into a buffer being built; returns the words it took. */
static size_t put7(uint32_t *out, uint32_t op, const uint32_t *payload, size_t n)
{
	out[0] = emu_pkt7_header(op, (uint32_t)n);
	for (size_t i = 0; i < n; i++)
		out[1 + i] = payload[i];
	return n + 1;
}
#define PUT7(out, op, ...)                                 \
	put7((out), (op), (const uint32_t[]){__VA_ARGS__}, \
	     sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))

/* The ME's memory against words. */
static bool me_mem_is(struct cp5 *cp, uint64_t addr, const uint32_t *want, size_t n)
{
	size_t wrong = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t got = emu_mem_read32(cp->me, addr + 4 * i);
		if (got != want[i] && wrong++ < 4)
			tap_diag(cp->t, "at 0x%llx got 0x%08x, expected 0x%08x",
				 (unsigned long long)(addr + 4 * i), got, want[i]);
	}
	return wrong == 0;
}
#define ME_MEM_IS(cp, addr, ...)                                 \
	me_mem_is((cp), (addr), (const uint32_t[]){__VA_ARGS__}, \
		  sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))

static void test_longest(struct tap *t)
{
	struct cp5 cp;
	if (!cp5_begin(t, &cp))
		return;
	/* CP_NOP with 0x3fff header-looking words: the PFP drops it all */
	static uint32_t words[0x3fff];
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(words); i++)
		words[i] = 0x70000000u | (uint32_t)i;
	pkt7(&cp, OP_NOP, words, UTIL_ARRAY_SIZE(words));
	PKT7(&cp, OP_MEM_WRITE, LO(DST), HI(DST), 0x11);
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "longest CP_NOP: the PFP runs it");
	tap_is_int(t, (long long)cp.passed, 4, "and passes only the CP_MEM_WRITE after it");
	tap_ok(t, ME_MEM_IS(&cp, DST, 0x11), "which the ME runs");

	/* CP_MEM_WRITE with 0x3fff words: the address and 0x3ffd values */
	words[0] = LO(DST + 0x100);
	words[1] = HI(DST);
	for (size_t i = 2; i < UTIL_ARRAY_SIZE(words); i++)
		words[i] = 0xc0000000u | (uint32_t)i;
	pkt7(&cp, OP_MEM_WRITE, words, UTIL_ARRAY_SIZE(words));
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "longest CP_MEM_WRITE runs");
	tap_is_int(t, (long long)cp.passed, 0x4000, "the PFP passes its 0x4000 words");
	tap_ok(t, me_mem_is(&cp, DST + 0x100, words + 2, UTIL_ARRAY_SIZE(words) - 2),
	       "the ME writes all 0x3ffd values");
	tap_is_hex(t, emu_mem_read32(cp.me, DST + 0x100 + 4 * 0x3ffd), 0, "and not one more");

	/* PKT4 with 0x7f values */
	uint32_t values[0x7f];
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(values); i++)
		values[i] = 0x1000u + (uint32_t)i;
	emu_push_pkt4(cp.pfp, 0x8a00, values, UTIL_ARRAY_SIZE(values));
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "longest PKT4 runs");
	size_t wrong = 0;
	for (uint32_t i = 0; i < UTIL_ARRAY_SIZE(values); i++)
		wrong += emu_get_reg(cp.me, 0x8a00 + i) != 0x1000u + i;
	tap_is_int(t, (long long)wrong, 0, "the ME writes registers 0x8a00..0x8a7e");
	tap_is_hex(t, emu_get_reg(cp.me, 0x8a7f), 0, "and not 0x8a7f");

	/* CP_MEMCPY of 0x1000 words, from the ME's memory across 8 GiB */
	for (uint32_t i = 0; i < 0x1000; i++)
		emu_mem_write32(cp.me, HIGH - 0x800 + 4 * i, 0x5000u + i);
	PKT7(&cp, OP_MEMCPY, 0x1000, LO(HIGH - 0x800), HI(HIGH), LO(DST + 0x20000), HI(DST));
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "CP_MEMCPY of 0x1000 words runs");
	wrong = 0;
	for (uint32_t i = 0; i < 0x1000; i++)
		wrong += emu_mem_read32(cp.me, DST + 0x20000 + 4 * i) != 0x5000u + i;
	tap_is_int(t, (long long)wrong, 0, "every word copied, across the 8 GiB line");
	cp5_end(&cp);
}

static void test_ibs(struct tap *t)
{
	struct cp5 cp;
	if (!cp5_begin(t, &cp))
		return;
	/* IB1 calls IB2 between its two writes; the ring writes last */
	uint32_t ib2[8], ib1[16];
	size_t n2 = PUT7(ib2, OP_MEM_WRITE, LO(DST + 4), HI(DST), 2);
	size_t n1 = PUT7(ib1, OP_MEM_WRITE, LO(DST), HI(DST), 1);
	n1 += PUT7(ib1 + n1, OP_INDIRECT_BUFFER, LO(IB2), HI(IB2), (uint32_t)n2);
	n1 += PUT7(ib1 + n1, OP_MEM_WRITE, LO(DST + 8), HI(DST), 3);
	emu_mem_write(cp.pfp, IB2, ib2, n2);
	emu_mem_write(cp.pfp, IB1, ib1, n1);
	PKT7(&cp, OP_INDIRECT_BUFFER, LO(IB1), HI(IB1), (uint32_t)n1);
	PKT7(&cp, OP_MEM_WRITE, LO(DST + 12), HI(DST), 4);
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "IB1 calling IB2 runs");
	tap_ok(t, ME_MEM_IS(&cp, DST, 1, 2, 3, 4), "their writes and the ring's, in order");
	tap_is_hex(t, emu_ctrl(cp.pfp, EMU_MAIN, LEVEL_CTRL), 0, "the PFP is back on the ring");

	/* an IB whose words straddle 8 GiB */
	uint32_t ib[8];
	size_t n = PUT7(ib, OP_MEM_WRITE, LO(DST + 0x40), HI(DST), 0x4a4);
	emu_mem_write(cp.pfp, HIGH - 4, ib, n);
	PKT7(&cp, OP_INDIRECT_BUFFER, LO(HIGH - 4), HI(HIGH - 4), (uint32_t)n);
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "an IB across 8 GiB runs");
	tap_ok(t, ME_MEM_IS(&cp, DST + 0x40, 0x4a4), "its write lands");

	/* CP_COND_EXEC (false: *ADDR1 = 5 > REF 4) skips an IB: never called */
	emu_mem_write(cp.pfp, SRC, (const uint32_t[]){1, 5}, 2);
	PKT7(&cp, OP_COND_EXEC, LO(SRC), HI(SRC), LO(SRC + 4), HI(SRC), 4, 4);
	PKT7(&cp, OP_INDIRECT_BUFFER, LO(IB1), HI(IB1), (uint32_t)n1);
	PKT7(&cp, OP_COND_EXEC, LO(SRC), HI(SRC), LO(SRC + 4), HI(SRC), 5, 4); /* true */
	PKT7(&cp, OP_MEM_WRITE, LO(DST + 0x44), HI(DST), 0xc1);
	emu_mem_write(cp.me, DST, (const uint32_t[]){0, 0, 0, 0}, 4);
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "conditions run");
	tap_ok(t, ME_MEM_IS(&cp, DST, 0, 0, 0, 0) && cp.passed == 4,
	       "the skipped IB was never called: only the CP_MEM_WRITE reached the ME");
	tap_ok(t, ME_MEM_IS(&cp, DST + 0x44, 0xc1), "the condition that held let it run");

	/* the largest IB, 0xfffff words (IB_SIZE is 20 bits): 63 CP_NOPs of
	 * 0x4000 words and one of 0x3fff, then the ring goes on */
	uint32_t *big = util_xcalloc(0xfffff, sizeof *big);
	for (size_t at = 0; at < 0xfffff; at += 0x4000)
		big[at] = emu_pkt7_header(OP_NOP, at + 0x4000 <= 0xfffff ? 0x3fff : 0x3ffe);
	emu_mem_write(cp.pfp, 0x1000000, big, 0xfffff);
	free(big);
	PKT7(&cp, OP_INDIRECT_BUFFER, 0x1000000, 0, 0xfffff);
	PKT7(&cp, OP_MEM_WRITE, LO(DST + 0x48), HI(DST), 0xb16);
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "the largest IB runs: %s", emu_error(cp.pfp));
	tap_ok(t, ME_MEM_IS(&cp, DST + 0x48, 0xb16) && cp.passed == 4,
	       "to its last word: only the ring's CP_MEM_WRITE reached the ME");
	tap_is_hex(t, emu_ctrl(cp.pfp, EMU_MAIN, 0x0b0), 0x13ffffc,
		   "IB1_BASE ended 0xfffff words on");

	/* CP_EVENT_WRITE with its timestamp, from an IB */
	n = PUT7(ib, OP_EVENT_WRITE, 4, LO(DST + 0x80), HI(DST), 0x5eed);
	emu_mem_write(cp.pfp, IB3, ib, n);
	PKT7(&cp, OP_INDIRECT_BUFFER, LO(IB3), HI(IB3), (uint32_t)n);
	tap_is_int(t, cp5_run(&cp), EMU_IDLE, "CP_EVENT_WRITE from an IB runs");
	tap_ok(t, ME_MEM_IS(&cp, DST + 0x80, 0x5eed), "the ME writes its timestamp");

	/* IB3 is one level too deep: the PFP raises the error and hangs,
	 * after passing on what came before */
	uint32_t deep[8], mid[16], top[16];
	size_t nd = PUT7(deep, OP_MEM_WRITE, LO(DST + 0xc8), HI(DST), 0xd3);
	size_t nm = PUT7(mid, OP_MEM_WRITE, LO(DST + 0xc4), HI(DST), 0xd2);
	nm += PUT7(mid + nm, OP_INDIRECT_BUFFER, LO(IB3), HI(IB3), (uint32_t)nd);
	size_t nt = PUT7(top, OP_MEM_WRITE, LO(DST + 0xc0), HI(DST), 0xd1);
	nt += PUT7(top + nt, OP_INDIRECT_BUFFER, LO(IB2), HI(IB2), (uint32_t)nm);
	emu_mem_write(cp.pfp, IB3, deep, nd);
	emu_mem_write(cp.pfp, IB2, mid, nm);
	emu_mem_write(cp.pfp, IB1, top, nt);
	PKT7(&cp, OP_INDIRECT_BUFFER, LO(IB1), HI(IB1), (uint32_t)nt);
	emu_set_step_limit(cp.pfp, 20000);
	tap_ok(t, cp5_run(&cp) == EMU_ERROR && emu_error_kind(cp.pfp) == EMU_ERR_STEP_LIMIT,
	       "IB3: the PFP stops for good");
	tap_is_hex(t, emu_ctrl(cp.pfp, EMU_MAIN, FATAL_CTRL), 1, "with 1 in control 0x007");
	tap_ok(t, ME_MEM_IS(&cp, DST + 0xc0, 0xd1, 0xd2, 0),
	       "IB1's and IB2's writes reached the ME, IB3's did not");
	cp5_end(&cp);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_longest(&t);
	test_ibs(&t);
	return tap_done_testing(&t);
}
