/* sdk/fw, the image identity module: hand-built images of every layout,
 * each told from its structure alone (the ids here are ids no table
 * knows, so that only the structure can decide), damaged ones told as
 * what they are, and the bootstrap probes; then the vendor images found
 * on this machine, against what their bootstraps were read to do.
 *
 * Instruction words (a6xx unless said): 0x88RRIIII mov $RR, 0xIIII;
 * 0xb8020000 cread $02, [$00 + 0x000]; 0x5042001c ushr $02, $02, 0x1c;
 * 0x98431010 cmp $02, $02, $03; 0xa8020027 cwrite $02, [$00 + 0x027];
 * 0x981e1806 mov $03, $regdata; a7xx: 0x70020823 mov $02, 0x823,
 * 0xa802001b cwrite $02, [$00 + 0x01b]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dis/vendor.h"
#include "afuc/tap.h"
#include "fw/fw.h"

#define NOP 0x01000000u
#define NOP5 0x00000000u
#define WAITIN 0xd8000000u

struct img {
	uint32_t w[4096]; /* image words: file word 1 on */
	uint32_t n;
};

static void put(struct img *m, uint32_t word)
{
	m->w[m->n++] = word;
}

/* A packet table whose entries all point at `handler`. */
static void put_table(struct img *m, uint32_t handler)
{
	for (int k = 0; k < FW_TABLE_WORDS; k++)
		put(m, handler);
}

static void pad_to(struct img *m, uint32_t align)
{
	while (m->n % align)
		put(m, NOP);
}

static struct fw_info identify(const struct img *m, enum isa_gen gen)
{
	struct fw_info fw;
	fw_identify(m->w, m->n, gen, &fw);
	return fw;
}

/* a6xx single: id, [table], a bootstrap that checks control register 0
 * bits 28-31 against 2 and reads a register, then waitin and the table. */
static void build_single(struct img *m)
{
	m->n = 0;
	put(m, 0x016f1001); /* an a6xx-looking id no table knows */
	put(m, NOP | 10);
	put(m, 0xb8020000);
	put(m, 0x88030002);
	put(m, 0x5042001c);
	put(m, 0x98431010);
	put(m, 0xa8020027);
	put(m, 0x981e1806);
	put(m, WAITIN);
	put(m, 0x981f0806);
	put_table(m, 8);
}

static void test_single(struct tap *t)
{
	struct img m;
	build_single(&m);
	struct fw_info fw = identify(&m, 0);
	tap_is_int(t, fw.gen, ISA_A6XX, "single: a6xx");
	tap_is_int(t, fw.layout, FW_LAYOUT_SINGLE, "single: the single layout");
	tap_is_int(t, fw.proc_count, 1, "single: one processor");
	tap_is_str(t, fw.proc[0].name, "SQE", "single: called SQE");
	tap_is_int(t, fw.proc[0].table, 10, "single: table at 10, from header word 1");
	tap_is_int(t, fw.proc[0].count, 10 + 0x80, "single: the whole image");
	tap_is_hex(t, fw.ctrl0, 0x20000000, "single: the bootstrap wants 2 in bits 28-31");
	tap_is_hex(t, fw.reg_read_addr, 0x027, "single: it reads $regdata after writing 0x027");
	tap_ok(t, fw.gpu == NULL && !fw.why[0], "single: an unknown id, nothing unexplained");

	/* a5xx: NOP byte 0x00 */
	m.w[0] = 0x005f1001;
	m.w[1] = NOP5 | 10;
	fw = identify(&m, 0);
	tap_ok(t, fw.gen == ISA_A5XX && fw.layout == FW_LAYOUT_SINGLE && fw.proc[0].table == 10,
	       "a5xx: the NOP byte 0x00 tells it, the table at 10");
}

/* a660 style: id, size, LPAC id, mov $12 TABLE, mov $13 LPAC, code,
 * table, zero padding to 32 bytes, LPAC: id, mov $12 TABLE, code, table. */
static void build_sqe_lpac(struct img *m)
{
	m->n = 0;
	put(m, 0x016f2001);
	put(m, NOP); /* the size, below */
	put(m, 0x016f3001);
	put(m, 0x8812000a); /* mov $12, 10 */
	put(m, 0x88130090); /* mov $13, 0x90 */
	put(m, WAITIN);
	put(m, 0x981f0806);
	while (m->n < 10)
		put(m, NOP);
	put_table(m, 5);
	while (m->n < 0x90)
		put(m, 0);
	put(m, 0x016f4001);
	put(m, 0x88120004); /* mov $12, 4 */
	put(m, WAITIN);
	put(m, 0x981f0806);
	put_table(m, 2);
	m->w[1] = NOP | m->n;
}

static void test_sqe_lpac(struct tap *t)
{
	struct img m;
	build_sqe_lpac(&m);
	struct fw_info fw = identify(&m, 0);
	tap_is_int(t, fw.layout, FW_LAYOUT_SQE_LPAC, "a660 style: SQE + LPAC");
	tap_is_int(t, fw.gen, ISA_A6XX, "a660 style: a6xx");
	tap_ok(t, fw.proc_count == 2 && !strcmp(fw.proc[1].name, "LPAC"), "a660 style: SQE, LPAC");
	tap_ok(t,
	       fw.proc[0].table == 10 && fw.proc[0].table_ref == 3 &&
		       fw.proc[0].table_ref_kind == FW_REF_MOV12 && fw.proc[0].size_ref == 1 &&
		       fw.proc[0].next_ref == 4 && fw.proc[0].count == 0x90,
	       "a660 style: the SQE's table from its mov $12, size in word 1, LPAC from mov $13");
	tap_ok(t,
	       fw.proc[1].start == 0x90 && fw.proc[1].table == 4 && fw.proc[1].table_ref == 1 &&
		       fw.proc[1].count == m.n - 0x90,
	       "a660 style: LPAC at 0x90, its table from its own mov $12");

	/* Without the size word it is no a660: one SQE with no table */
	m.w[1] = NOP | 0x50;
	fw = identify(&m, 0);
	tap_ok(t, fw.layout != FW_LAYOUT_SQE_LPAC, "a660 style needs the size word");
}

/* A bundle: BR (id, size, id, [table], code, table), then BV and LPAC at
 * 32-byte boundaries, each (id, [table], code, table); nprocs of them,
 * and trailer words after the last. */
static void build_bundle(struct img *m, unsigned nprocs, unsigned trailer)
{
	m->n = 0;
	put(m, 0x01f01001); /* an id no table knows */
	put(m, NOP);
	put(m, 0x01f01002);
	put(m, NOP | 6);
	put(m, 0x70020014); /* mov $02, 0x14 (a7xx) */
	put(m, WAITIN);
	put_table(m, 5);
	for (unsigned i = 1; i < nprocs; i++) {
		pad_to(m, FW_BUNDLE_ALIGN);
		put(m, 0x01f01003);
		put(m, NOP | 3);
		put(m, WAITIN);
		put_table(m, 2);
	}
	for (unsigned i = 0; i < trailer; i++)
		put(m, 0x31303130 + i);
	m->w[1] = NOP | m->n;
}

static void test_bundle(struct tap *t)
{
	struct img m;
	build_bundle(&m, 3, 4);
	struct fw_info fw = identify(&m, 0);
	tap_ok(t, fw.gen == ISA_A7XX && fw.layout == FW_LAYOUT_BUNDLE && fw.proc_count == 3,
	       "bundle: a7xx, BR + BV + LPAC");
	tap_ok(t, fw.proc[0].table == 6 && fw.proc[0].table_ref == 3 && fw.proc[0].size_ref == 1,
	       "bundle: BR's table from header word 3, its size in word 1");
	tap_ok(t, fw.proc[1].start == 0x88 && fw.proc[2].start == 0x110 && fw.proc[2].table == 3,
	       "bundle: BV at 0x88 and LPAC at 0x110, the first 32-byte boundaries after the "
	       "tables");
	tap_ok(t, fw.proc[2].count == m.n - 0x110 && !fw.why[0],
	       "bundle: a 4-word trailer belongs to LPAC, explained");

	/* gen 8: a fourth image after LPAC's table, laid out like BV. */
	build_bundle(&m, 4, 4);
	fw = identify(&m, 0);
	tap_ok(t,
	       fw.layout == FW_LAYOUT_BUNDLE && fw.proc_count == 4 &&
		       !strcmp(fw.proc[3].name, "PROC4") && fw.proc[3].start == 0x198 &&
		       fw.proc[3].table == 3 && !fw.why[0],
	       "bundle: a fourth image (PROC4) at 0x198, after LPAC's table, as gen 8 has");

	build_bundle(&m, 2, 4);
	fw = identify(&m, 0);
	tap_ok(t, fw.layout == FW_LAYOUT_BUNDLE && fw.proc_count == 2 && !fw.why[0],
	       "bundle: BR + BV and a trailer (as gen71500)");
	build_bundle(&m, 1, 4);
	fw = identify(&m, 0);
	tap_ok(t, fw.layout == FW_LAYOUT_BUNDLE && fw.proc_count == 1 && !fw.why[0],
	       "bundle: BR only and a trailer (as gen71700)");

	/* Many words after the last table: kept, but said to be not understood.
	 * LPAC's table is at 0x110 + 3 and ends at image word 0x193, file
	 * word 0x194; 40 words run to file word 0x1bb. */
	build_bundle(&m, 3, 40);
	fw = identify(&m, 0);
	tap_is_str(t, fw.why,
		   "0x28 words after LPAC's packet table (file words 0x194-0x1bb) are not "
		   "understood (another processor image?): kept as raw words of LPAC",
		   "bundle: 40 trailer words are named as not understood");

	/* BR's table offset in word 4 when word 3 is no table. */
	build_bundle(&m, 3, 0);
	m.w[3] = 0x01f01004;
	m.w[4] = NOP | 6;
	m.w[6 + 1] = 5; /* entries stay in the image */
	fw = identify(&m, 0);
	tap_ok(t, fw.layout == FW_LAYOUT_BUNDLE && fw.proc[0].table_ref == 4,
	       "bundle: the first other header word that gives a consistent table");
}

/* What afuc-ld --base writes: new code after the last table, each
 * processor's at a 32-byte boundary of its own address space, reached
 * from its table. */
static void test_appended(struct tap *t)
{
	struct img m;
	build_bundle(&m, 3, 4); /* LPAC's table ends at 0x193, 4 trailer words */
	pad_to(&m, 8);
	uint32_t br = m.n; /* 0x198: BR's new code, a nop of padding first */
	put(&m, NOP);
	put(&m, WAITIN);
	put(&m, 0x981f0806);
	pad_to(&m, 8);
	uint32_t lpac = m.n; /* 0x1a0: LPAC's */
	put(&m, WAITIN);
	put(&m, 0x981f0806);
	m.w[6 + 0x10] = br + 1;
	m.w[0x110 + 3 + 0x7e] = lpac - 0x110;
	m.w[1] = NOP | m.n;
	struct fw_info fw = identify(&m, 0);
	tap_ok(t,
	       fw.layout == FW_LAYOUT_BUNDLE && !fw.loose && !fw.why[0] &&
		       fw.proc[0].appends == 1 && fw.proc[0].append[0].start == br &&
		       fw.proc[0].append[0].count == 8 && fw.proc[1].appends == 0 &&
		       fw.proc[2].appends == 1 && fw.proc[2].append[0].start == lpac &&
		       fw.proc[2].append[0].count == 2 && fw.proc[2].count == br - 0x110,
	       "appended code: BR's at 0x198 (8 words), LPAC's at 0x1a0, LPAC's own words end "
	       "at 0x198; no warning");

	/* patched again: BR's second block after LPAC's */
	struct img twice = m;
	pad_to(&twice, 8);
	uint32_t br2 = twice.n; /* 0x1a8 */
	put(&twice, WAITIN);
	put(&twice, 0x981f0806);
	twice.w[6 + 0x7d] = br2;
	twice.w[1] = NOP | twice.n;
	fw = identify(&twice, 0);
	tap_ok(t,
	       !fw.loose && !fw.why[0] && fw.proc[0].appends == 2 &&
		       fw.proc[0].append[1].start == br2 && fw.proc[0].append[1].count == 2 &&
		       fw.proc[2].appends == 1 && fw.proc[2].append[0].count == br2 - lpac,
	       "patched twice: BR's second block at 0x1a8, after LPAC's (which ends there); no "
	       "warning");

	m.w[6 + 0x10] = 0x150; /* into LPAC's words: no appended code */
	fw = identify(&m, 0);
	tap_ok(t, fw.loose, "an entry into another image's words is still loose");
}

static void test_aqe(struct tap *t)
{
	struct img m = {.n = 0};
	put(&m, 0x01f05001);
	put(&m, NOP);
	put(&m, NOP | 6);
	put(&m, NOP | 2);
	put(&m, 0x70020823);
	put(&m, 0xa802001b);
	put(&m, 0x981e7806); /* mov $0f, $regdata */
	put(&m, WAITIN);
	for (int i = 0; i < 200; i++)
		put(&m, 0x70020000 | (uint32_t)i);
	m.w[1] = NOP | m.n;
	struct fw_info fw = identify(&m, 0);
	tap_ok(t,
	       fw.gen == ISA_A7XX && fw.layout == FW_LAYOUT_AQE && fw.proc_count == 1 &&
		       fw.proc[0].table == FW_NONE && fw.proc[0].size_ref == 1,
	       "AQE: a size word and no packet table");
	tap_is_hex(t, fw.reg_read_addr, 0x01b, "AQE: its REG_READ_ADDR is control 0x01b");
}

static void test_damaged(struct tap *t)
{
	struct img m;
	build_single(&m);
	m.w[1] = NOP | 0x1000;
	struct fw_info fw = identify(&m, 0);
	tap_ok(t, fw.layout == FW_LAYOUT_UNKNOWN && fw.truncated && fw.header_words == 0x1080,
	       "table past the end: truncated, the header says the table ends at file word 0x1080");
	tap_is_str(t, fw.why, "truncated: the image ends at file word 0x8a; its header says 0x1080",
		   "table past the end: why");
	m.w[1] = NOP | 0xffffff;
	fw = identify(&m, 0);
	tap_ok(t, fw.layout == FW_LAYOUT_UNKNOWN && !fw.truncated,
	       "a table offset past any image: no header, not a cut image");

	build_single(&m);
	m.w[10 + 7] = 0x500;
	fw = identify(&m, 0);
	tap_ok(t, fw.layout == FW_LAYOUT_SINGLE && fw.loose,
	       "an entry past the end: the layout, marked loose");
	tap_is_str(t, fw.why,
		   "SQE: packet table entry 0x7 (file word 18) is 0x500, past the end of its image",
		   "an entry past the end: why");

	build_single(&m);
	m.w[0] = 0x026f1001;
	tap_ok(t, !fw_identify(m.w, m.n, 0, &fw), "an id word that is no NOP: no generation");
	tap_ok(t, fw_identify(m.w, m.n, ISA_A6XX, &fw) && fw.layout == FW_LAYOUT_SINGLE,
	       "... unless given: then the structure is read as a6xx");

	/* A known a6xx id (a660's) with a table entry past the end: a loose
	 * a660, not the a7xx AQE its size word would also fit. */
	build_sqe_lpac(&m);
	m.w[0] = 0x016dc001;
	m.w[10 + 5] = 0x5000;
	fw = identify(&m, 0);
	tap_ok(t, fw.gen == ISA_A6XX && fw.layout == FW_LAYOUT_SQE_LPAC && fw.loose,
	       "a known a6xx id: its generation's lenient reading before another's strict one");

	build_bundle(&m, 3, 0);
	fw = identify(&m, ISA_A6XX);
	tap_ok(t, fw.gen == ISA_A6XX && fw.layout == FW_LAYOUT_UNKNOWN,
	       "a bundle read as a6xx: the generation given, no layout");
}

static void test_gen_of_id(struct tap *t)
{
	static const struct {
		uint32_t word;
		int gen;
	} cases[] = {
		{0x005ff08a, ISA_A5XX}, {0x016ee207, ISA_A6XX}, {0x016dc112, ISA_A6XX},
		{0x017aa047, ISA_A6XX}, {0x01730181, ISA_A7XX}, {0x01512162, ISA_A7XX},
		{0x01310181, ISA_A7XX}, {0x01500077, ISA_A7XX}, {0x01f01001, ISA_A7XX},
		{0x006ee207, 0},        {0x02000000, 0},        {0x00000000, 0},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++) {
		enum isa_gen gen = 0;
		bool ok = fw_gen_of_id(cases[i].word, &gen);
		tap_is_int(t, ok ? (int)gen : 0, cases[i].gen, "id word 0x%08x alone",
			   cases[i].word);
	}
}

static void test_gen_of_part(struct tap *t)
{
	static const struct {
		const char *name;
		int gen;
	} cases[] = {
		{"a630", ISA_A6XX},
		{"A702", ISA_A6XX},
		{"a618", ISA_A6XX},
		{"gen70500", ISA_A7XX},
		{"gen80000", ISA_A7XX},
		{"a740", ISA_A7XX},
		{"a5xx", ISA_A5XX},
		{"6", ISA_A6XX},
		{"a530", ISA_A5XX},
		{"a8xx", 0},
		{"8", 0},
		{"a4xx", 0},
		{"a6x", 0},
		{"gen", 0},
		{"", 0},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++) {
		enum isa_gen gen = 0;
		bool ok = fw_gen_of_part(cases[i].name, &gen);
		tap_is_int(t, ok ? (int)gen : 0, cases[i].gen, "part '%s'", cases[i].name);
	}
}

/* What each vendor image's bootstrap was read to do (from its listing:
 * the constant it compares control register 0's top nibble with, and
 * the layout). */
static const struct {
	const char *name;
	enum isa_gen gen;
	enum fw_layout layout;
	unsigned procs;
	uint32_t ctrl0, reg_read_addr;
} vendor[] = {
	{"a530_pfp", ISA_A5XX, FW_LAYOUT_SINGLE, 1, FW_NONE, 0x013},
	{"a630_sqe", ISA_A6XX, FW_LAYOUT_SINGLE, 1, FW_NONE, 0x027},
	{"a650_sqe", ISA_A6XX, FW_LAYOUT_SINGLE, 1, 1u << 28, 0x027},
	{"a660_sqe", ISA_A6XX, FW_LAYOUT_SQE_LPAC, 2, 3u << 28, 0x027},
	{"a702_sqe", ISA_A6XX, FW_LAYOUT_SINGLE, 1, 2u << 28, 0x027},
	{"gen70500_sqe", ISA_A7XX, FW_LAYOUT_BUNDLE, 3, 7u << 28, 0x039},
	{"gen80000_sqe", ISA_A7XX, FW_LAYOUT_BUNDLE, 4, FW_NONE, 0x01b},
	{"gen80000_aqe", ISA_A7XX, FW_LAYOUT_AQE, 1, FW_NONE, 0x01b},
};

/* Vendor image i's words after the zero word (n of them), or NULL after
 * a skip when it is not on this machine. */
static uint32_t *vendor_words(struct tap *t, size_t i, uint32_t *n)
{
	uint8_t *data;
	size_t len;
	if (!vendor_read(vendor[i].name, &data, &len)) {
		tap_skip(t, 1, "%s.fw not found", vendor[i].name);
		return NULL;
	}
	*n = (uint32_t)(len / 4 - 1);
	uint32_t *w = malloc(*n * sizeof *w);
	for (uint32_t k = 0; k < *n; k++)
		w[k] = util_le32(data + 4 * (k + 1));
	free(data);
	return w;
}

static void test_vendor(struct tap *t)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(vendor); i++) {
		uint32_t n;
		uint32_t *w = vendor_words(t, i, &n);
		if (!w)
			continue;
		struct fw_info fw;
		bool ok = fw_identify(w, n, 0, &fw) && fw.gen == vendor[i].gen &&
			  fw.layout == vendor[i].layout && fw.proc_count == vendor[i].procs &&
			  fw.ctrl0 == vendor[i].ctrl0 &&
			  fw.reg_read_addr == vendor[i].reg_read_addr && !fw.loose;
		tap_ok(t, ok,
		       "%s.fw: %s, %s, %u processors, control 0 0x%08x, REG_READ_ADDR 0x%03x",
		       vendor[i].name, isa_gen_name(vendor[i].gen),
		       fw_layout_name(vendor[i].layout), vendor[i].procs, vendor[i].ctrl0,
		       vendor[i].reg_read_addr);
		if (!ok)
			tap_diag(t, "got %s, %s, %u, 0x%08x, 0x%03x", isa_gen_name(fw.gen),
				 fw_layout_name(fw.layout), fw.proc_count, fw.ctrl0,
				 fw.reg_read_addr);
		free(w);
	}
}

/* Damaged images by the thousand (header, table and code words replaced
 * by random ones, the image cut short): identify never reads outside the
 * words, and what it answers stays inside them. */
static void test_mutations(struct tap *t)
{
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	int bad = 0;
	for (int round = 0; round < 30000; round++) {
		struct img m;
		switch (round % 4) {
		case 0:
			build_single(&m);
			break;
		case 1:
			build_sqe_lpac(&m);
			break;
		case 2:
			build_bundle(&m, 1 + round % 3, round % 11);
			break;
		default:
			build_bundle(&m, 3, 20);
			break;
		}
		for (int k = 0; k < 1 + round % 5; k++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			uint32_t at = (uint32_t)(seed >> 33) % (k ? m.n : 8);
			uint32_t v = (uint32_t)(seed >> 11);
			m.w[at] = round & 1 ? v : (m.w[at] & 0xff000000u) | (v & 0x3ff);
		}
		if (round % 7 == 0)
			m.n = 1 + (uint32_t)(seed >> 40) % m.n;
		struct fw_info fw;
		if (!fw_identify(m.w, m.n, 0, &fw))
			continue;
		for (unsigned i = 0; i < fw.proc_count; i++) {
			const struct fw_proc *p = &fw.proc[i];
			bool inside = (uint64_t)p->start + p->count <= m.n &&
				      (p->table == FW_NONE ||
				       (uint64_t)p->table + FW_TABLE_WORDS <= p->count);
			if (!inside && bad++ < 5)
				tap_diag(t, "round %d: %s at 0x%x+0x%x, table 0x%x, %u words",
					 round, p->name, p->start, p->count, p->table, m.n);
		}
	}
	tap_is_int(t, bad, 0, "30000 damaged images: every processor and table inside the words");
}

/* img cut to n words: truncated, what the header says is the whole
 * image's last file word. */
static bool cut_ok(struct tap *t, const char *what, const uint32_t *w, uint32_t full, uint32_t n)
{
	struct fw_info fw;
	char want[128];
	snprintf(want, sizeof want,
		 "truncated: the image ends at file word 0x%x; its header says 0x%x", n, full);
	if (fw_identify(w, n, 0, &fw) && fw.truncated && fw.header_words == full &&
	    fw.layout == FW_LAYOUT_UNKNOWN && !strcmp(fw.why, want))
		return true;
	tap_diag(t, "%s cut to 0x%x words: truncated %d, layout %s, why '%s'", what, n,
		 fw.truncated, fw_layout_name(fw.layout), fw.why);
	return false;
}

/* Every layout cut at every word boundary from word 2 on (word 1 says
 * how long the image is) is told as truncated, with the length the
 * header says; the whole image is not. */
static void test_truncated(struct tap *t)
{
	static const char *const names[] = {"single", "SQE + LPAC", "bundle", "AQE"};
	for (unsigned k = 0; k < UTIL_ARRAY_SIZE(names); k++) {
		struct img m;
		if (k == 0)
			build_single(&m);
		else if (k == 1)
			build_sqe_lpac(&m);
		else if (k == 2)
			build_bundle(&m, 3, 4);
		else {
			build_bundle(&m, 1, 0);
			m.w[3] = NOP | 2; /* no table: an AQE */
			m.n = 0x40;
			m.w[1] = NOP | m.n;
		}
		/* a660: its `mov $13` at word 4 tells the size word from a table. */
		uint32_t from = k == 1 ? 5 : 2;
		bool all = true;
		for (uint32_t n = from; n < m.n && all; n++)
			all = cut_ok(t, names[k], m.w, m.n, n);
		struct fw_info fw = identify(&m, 0);
		tap_ok(t, all && !fw.truncated && fw.layout != FW_LAYOUT_UNKNOWN,
		       "%s: cut at each of words 0x%x-0x%x, truncated; whole, not", names[k], from,
		       m.n - 1);
	}
	/* The vendor images, each cut at 64 places and one word short. */
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(vendor); i++) {
		uint32_t n;
		uint32_t *w = vendor_words(t, i, &n);
		if (!w)
			continue;
		bool all = cut_ok(t, vendor[i].name, w, n, n - 1);
		for (uint32_t k = 1; k < 64 && all; k++)
			all = cut_ok(t, vendor[i].name, w, n, 5 + (n - 5) * k / 64);
		tap_ok(t, all, "%s.fw: cut at 64 word boundaries, truncated", vendor[i].name);
		free(w);
	}
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_single(&t);
	test_sqe_lpac(&t);
	test_bundle(&t);
	test_aqe(&t);
	test_appended(&t);
	test_damaged(&t);
	test_gen_of_id(&t);
	test_gen_of_part(&t);
	test_vendor(&t);
	test_truncated(&t);
	test_mutations(&t);
	return tap_done_testing(&t);
}
