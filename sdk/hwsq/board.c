/* What nouveau computes for a board before it builds an HWSQ program, as
 * the board header the reclock scripts include: nv50_ram_calc
 * (fb/ramnv50.c) for the memory, nv50_clk_calc (clk/nv50.c) for the
 * engine clocks, with the VBIOS readers of nvkm/subdev/bios (perf,
 * rammap, timing, pll, gpio), nv04_pll_calc (clk/pllnv04.c) and the
 * clock tree reads of clk/nv50.c. Written from nouveau's behaviour; the
 * rounding, the integer widths and the order of every choice are
 * nouveau's. */
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/board.h"

struct calc {
	const struct hwsq_board *b;
	struct hwsq_vbios v;
	struct diag *d;
	const char *source;
	struct util_str *out;
	bool failed;
};

static void fail(struct calc *c, const char *fmt, ...) UTIL_PRINTF(2, 3);
static void fail(struct calc *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vadd(c->d, DIAG_ERROR, diag_at(c->source, 0, 0), NULL, fmt, ap);
	va_end(ap);
	c->failed = true;
}

/* A register nouveau reads; an error naming it when the board has none. */
static uint32_t reg(struct calc *c, uint32_t addr, const char *why)
{
	uint32_t v = 0;
	if (!hwsq_board_reg(c->b, addr, &v))
		fail(c,
		     "no reading of register 0x%06" PRIx32
		     " (nouveau reads it for %s): add 'reg 0x%06" PRIx32 " VALUE'",
		     addr, why, addr);
	return v;
}

/* A register that is 0 when the board does not give it. */
static uint32_t reg_or_0(struct calc *c, uint32_t addr)
{
	uint32_t v = 0;
	hwsq_board_reg(c->b, addr, &v);
	return v;
}

static void def(struct calc *c, const char *name, long long value, const char *fmt, ...)
	UTIL_PRINTF(4, 5);
static void def(struct calc *c, const char *name, long long value, const char *fmt, ...)
{
	/* registers as 32-bit hex, bytes and masks as 8-bit hex, counts in
	 * decimal */
	static const char *const byte_names[] = {"CHIPSET", "PART_MASK", "_T_13", "RAMCFG_00_0"};
	bool byte = false;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(byte_names); i++)
		byte |= strstr(name, byte_names[i]) != NULL;
	if (value < 0)
		util_str_printf(c->out, "#define %s (%lld)", name, value);
	else if (strstr(name, "_CUR_"))
		util_str_printf(c->out, "#define %s 0x%08llx", name, value);
	else if (byte)
		util_str_printf(c->out, "#define %s 0x%02llx", name, value);
	else
		util_str_printf(c->out, "#define %s %lld", name, value);
	if (fmt && *fmt) {
		va_list ap;
		va_start(ap, fmt);
		util_str_puts(c->out, " /* ");
		util_str_vprintf(c->out, fmt, ap);
		util_str_puts(c->out, " */");
		va_end(ap);
	}
	util_str_putc(c->out, '\n');
}

/* ---- the VBIOS tables -------------------------------------------------- */

/* A performance table entry (nvbios_perfEp): its clocks in kHz. */
struct perf {
	uint32_t at, sub_at; /* the entry, its first ramcfg subentry */
	uint8_t version, id, sub_count, sub_length;
	uint32_t core, shader, memory, vdec, disp;
};

static bool perf_entry(struct calc *c, unsigned i, struct perf *p)
{
	struct hwsq_vbios_table t;
	if (!hwsq_vbios_perf_table(&c->v, &t) || i >= t.count)
		return false;
	struct hwsq_vbios *v = &c->v;
	uint32_t at = t.at + t.header + i * (t.length + (uint32_t)t.sub_count * t.sub_length);
	*p = (struct perf){.at = at,
			   .sub_at = at + t.length,
			   .version = t.version,
			   .id = hwsq_vbios_rd08(v, at),
			   .sub_count = t.sub_count,
			   .sub_length = t.sub_length};
	switch (t.version) {
	case 0x25:
		p->core = hwsq_vbios_rd16(v, at + 0x06) * 1000u;
		p->shader = hwsq_vbios_rd16(v, at + 0x0a) * 1000u;
		p->memory = hwsq_vbios_rd16(v, at + 0x0c) * 1000u;
		break;
	case 0x30:
	case 0x35:
		p->core = hwsq_vbios_rd16(v, at + 0x08) * 1000u;
		p->shader = hwsq_vbios_rd16(v, at + 0x0a) * 1000u;
		p->memory = hwsq_vbios_rd16(v, at + 0x0c) * 1000u;
		p->vdec = hwsq_vbios_rd16(v, at + 0x10) * 1000u;
		p->disp = hwsq_vbios_rd16(v, at + 0x14) * 1000u;
		break;
	default:
		return false;
	}
	return !v->bad;
}

/* The level to switch to: a perf entry nouveau keeps (its id not 0xff). */
static bool level(struct calc *c, struct perf *p)
{
	if (!perf_entry(c, c->b->level, p)) {
		fail(c,
		     "performance table (BIT 'P'): no entry %u of a version nouveau reads "
		     "(0x25, 0x30, 0x35)",
		     c->b->level);
		return false;
	}
	if (p->id == 0xff) {
		fail(c, "performance table entry %u has id 0xff: nouveau makes no level of it",
		     c->b->level);
		return false;
	}
	return true;
}

/* PLL limits (nvbios_pll_parse, versions 0x30 and 0x40) for reg. */
struct pll_limits {
	int vco1_min, vco1_max, in1_min, in1_max, n1_min, n1_max, m1_min, m1_max;
	int p_min, p_max, bias_p, refclk;
};

static bool pll_limits(struct calc *c, uint32_t regaddr, struct pll_limits *l)
{
	struct hwsq_vbios *v = &c->v;
	struct hwsq_vbios_table t;
	if (!hwsq_vbios_pll_table(v, &t) || (t.version != 0x30 && t.version != 0x40)) {
		fail(c,
		     "PLL limits table (BIT 'C'): none of version 0x30 or 0x40, so no limits "
		     "for PLL 0x%06" PRIx32,
		     regaddr);
		return false;
	}
	for (unsigned i = 0; i < t.count; i++) {
		uint32_t e = t.at + t.header + i * t.length;
		if (hwsq_vbios_rd32(v, e + 3) != regaddr)
			continue;
		uint32_t r = hwsq_vbios_rd16(v, e + 1);
		*l = (struct pll_limits){0};
		/* each field's offset in the record, by version (-1: none);
		 * frequencies in MHz, the v0x30 refclk in kHz */
		static const struct {
			size_t field;
			int8_t at30, at40;
			uint8_t size;
		} rec[] = {
			{offsetof(struct pll_limits, vco1_min), 0, 0, 2},
			{offsetof(struct pll_limits, vco1_max), 2, 2, 2},
			{offsetof(struct pll_limits, in1_min), 8, 4, 2},
			{offsetof(struct pll_limits, in1_max), 12, 6, 2},
			{offsetof(struct pll_limits, n1_min), 16, 10, 1},
			{offsetof(struct pll_limits, n1_max), 17, 11, 1},
			{offsetof(struct pll_limits, m1_min), 18, 8, 1},
			{offsetof(struct pll_limits, m1_max), 19, 9, 1},
			{offsetof(struct pll_limits, p_min), -1, 12, 1},
			{offsetof(struct pll_limits, p_max), 25, 13, 1},
			{offsetof(struct pll_limits, bias_p), 27, -1, 1},
			{offsetof(struct pll_limits, refclk), 28, -1, 4},
		};
		for (size_t k = 0; k < UTIL_ARRAY_SIZE(rec); k++) {
			int at = t.version == 0x30 ? rec[k].at30 : rec[k].at40;
			if (at < 0)
				continue;
			uint32_t val = rec[k].size == 1 ? hwsq_vbios_rd08(v, r + (uint32_t)at)
				       : rec[k].size == 2
					       ? hwsq_vbios_rd16(v, r + (uint32_t)at) * 1000u
					       : hwsq_vbios_rd32(v, r + (uint32_t)at);
			*(int *)((char *)l + rec[k].field) = (int)val;
		}
		if (t.version == 0x40) /* the entry's own reference, in MHz */
			l->refclk = hwsq_vbios_rd16(v, e + 9) * 1000;
		return !v->bad;
	}
	fail(c,
	     "PLL limits table (BIT 'C'): no entry for PLL 0x%06" PRIx32
	     " (nvbios_pll_parse: -ENOENT)",
	     regaddr);
	return false;
}

/* nv04_pll_calc's VCO range for clk: the table's, or around clk when
 * even its highest P cannot reach the table's */
static void pll_vco(const struct pll_limits *l, int clk, int *minvco, int *maxvco)
{
	*minvco = l->vco1_min;
	*maxvco = l->vco1_max;
	if (clk * (1 << l->p_max) < *minvco) {
		*minvco = clk * l->p_max;
		*maxvco = *minvco * 2;
	}
	if (clk + clk / 200 > *maxvco)
		*maxvco = clk + clk / 200;
}

/* nv04_pll_calc with one stage (nouveau clears vco2's maximum for these
 * PLLs): the N, M and P whose output comes closest to clk, 0 if none
 * fits the limits. VBIOS major versions from 0x60 (G80 on) have no M
 * caps. */
static int pll_calc(const struct pll_limits *l, int clk, int *pN, int *pM, int *pP)
{
	int minvco, maxvco;
	int bestdelta = INT_MAX, bestclk = 0;
	pll_vco(l, clk, &minvco, &maxvco);
	for (int thisP = l->p_min; thisP <= l->p_max; thisP++) {
		int P = 1 << thisP, clkP = clk * P;
		if (clkP < minvco)
			continue;
		if (clkP > maxvco)
			return bestclk;
		for (int M = l->m1_min; M <= l->m1_max; M++) {
			if (l->refclk / M < l->in1_min)
				return bestclk;
			if (l->refclk / M > l->in1_max)
				continue;
			int N = (clkP * M + l->refclk / 2) / l->refclk;
			if (N < l->n1_min)
				continue;
			if (N > l->n1_max)
				break;
			int calcclk = ((N * l->refclk + P / 2) / P + M / 2) / M;
			int delta = abs(calcclk - clk);
			if (delta < bestdelta) {
				bestdelta = delta;
				bestclk = calcclk;
				*pN = N;
				*pM = M;
				*pP = thisP;
				if (delta == 0)
					return bestclk;
			}
		}
	}
	return bestclk;
}

/* N = (VCO * M + refclk / 2) / refclk for every VCO up to the maximum
 * and every M up to the table's: within int (the rest of pll_sane's
 * limits hold). */
static bool pll_fits_int(const struct pll_limits *l, int clk)
{
	int minvco, maxvco;
	pll_vco(l, clk, &minvco, &maxvco);
	return (long long)maxvco * l->m1_max + l->refclk / 2 <= INT_MAX;
}

/* Limits nv04_pll_calc's int arithmetic can take (nouveau divides by M
 * and shifts by P unchecked: a hostile table must not make this tool do
 * the same). */
static bool pll_sane(struct calc *c, uint32_t regaddr, int clk, const struct pll_limits *l)
{
	const char *why = l->m1_min < 1 ? "its least M is 0 (a division by 0)"
			  : l->p_max > 7 || l->p_min > l->p_max ? "its P range is not within 0-7"
			  : l->refclk <= 0 || l->refclk > 1000000
				  ? "its reference is not 1 kHz-1 GHz"
			  : l->n1_max > 255 || l->m1_max > 255 ? "N or M is over 255"
			  : clk <= 0 || clk > (INT_MAX >> 8) ? "the clock is beyond int arithmetic"
			  : !pll_fits_int(l, clk)
				  ? "its VCO maximum times M is beyond int arithmetic"
				  : NULL;
	if (why)
		fail(c, "PLL 0x%06" PRIx32 " (%d kHz): the PLL limits table entry is unusable: %s",
		     regaddr, clk, why);
	return !why;
}

static void pll_fail(struct calc *c, uint32_t regaddr, int clk, const struct pll_limits *l,
		     const char *err)
{
	fail(c,
	     "PLL 0x%06" PRIx32 ": no N, M, P gives %d kHz from %d kHz within the PLL limits "
	     "table's VCO %d-%d MHz, input %d-%d MHz, N %d-%d, M %d-%d, P %d-%d "
	     "(nv04_pll_calc; %s)",
	     regaddr, clk, l->refclk, l->vco1_min / 1000, l->vco1_max / 1000, l->in1_min / 1000,
	     l->in1_max / 1000, l->n1_min, l->n1_max, l->m1_min, l->m1_max, l->p_min, l->p_max,
	     err);
}

/* The crystal nouveau reads from the strap register 0x101000. */
static int crystal(struct calc *c)
{
	static const int khz[4] = {13500, 14318, 27000, 25000};
	uint32_t strap = reg(c, 0x101000, "the crystal and the memory strap");
	return khz[((strap >> 21) & 2) | ((strap >> 6) & 1)];
}

/* ---- the memory reclock (nv50_ram_calc) -------------------------------- */

struct ramcfg {
	uint8_t timing, b03, b04, b05, b06, b07, b08, b09;
};

/* nvkm_gddr3_calc's and nvkm_sddr2_calc's codes: -1 where none */
static int code(const int (*table)[2], size_t n, int value)
{
	for (size_t i = 0; i < n; i++)
		if (table[i][0] == value)
			return table[i][1];
	return -1;
}

static const int gddr3_cl_lo[][2] = {{5, 5},  {7, 7},  {8, 0},  {9, 1}, {10, 2},
				     {11, 3}, {12, 8}, {13, 9}, {14, 6}};
static const int gddr3_cl_hi[][2] = {{10, 2}, {11, 3}, {12, 4}, {13, 5},
				     {14, 6}, {15, 7}, {16, 0}, {17, 1}};
static const int gddr3_wr[][2] = {{4, 0}, {5, 2},  {6, 3},  {7, 4},  {8, 5},
				  {9, 6}, {10, 7}, {11, 0}, {12, 1}, {13, 1}};

static void gpio(struct calc *c, const char *prefix, uint8_t func, const char *what)
{
	struct hwsq_vbios *v = &c->v;
	struct hwsq_vbios_table t;
	char name[64];
	int line = -1, state = 0, log1 = 0;
	if (hwsq_vbios_gpio_table(v, &t)) {
		for (unsigned i = 0; i < t.count; i++) {
			uint32_t e = hwsq_vbios_rd32(v, t.at + t.header + i * t.length);
			if (((e >> 8) & 0xff) != func)
				continue;
			line = (int)(e & 0x1f);
			log1 = (int)((e >> 29) & 3);
			/* nvkm_gpio_get: nv50_gpio_sense's bit against log[1] */
			static const uint32_t sense[4] = {0xe104, 0xe108, 0xe280, 0xe284};
			uint32_t r = reg(c, sense[line >> 3], what);
			state = !!(r & (4u << ((line & 7) * 4))) == (log1 & 1);
			break;
		}
	}
	snprintf(name, sizeof name, "%s_LINE", prefix);
	if (line < 0)
		def(c, name, -1, "DCB GPIO table: no function 0x%02x (%s)", func, what);
	else
		def(c, name, line, "DCB GPIO table: function 0x%02x (%s)", func, what);
	snprintf(name, sizeof name, "%s_STATE", prefix);
	def(c, name, state, line < 0 ? "" : "nvkm_gpio_get: the line's input == log[1] bit 0");
	snprintf(name, sizeof name, "%s_LOG1", prefix);
	def(c, name, log1, line < 0 ? "" : "the GPIO entry's log[1]");
}

static void ram(struct calc *c)
{
	const struct hwsq_board *b = c->b;
	struct hwsq_vbios *v = &c->v;
	struct perf lvl, p;
	if (!level(c, &lvl))
		return;
	uint32_t freq = lvl.memory;
	/* the first entry with a memory clock at least the level's */
	unsigned i = 0;
	do {
		if (!perf_entry(c, i, &p) || p.version < 0x25 || p.version >= 0x40 ||
		    p.sub_length < 2) {
			fail(c,
			     "performance table (BIT 'P'): no entry of version 0x25-0x3f with a "
			     "memory clock of %" PRIu32 " kHz or more (nv50_ram_calc: -EINVAL)",
			     freq);
			return;
		}
		i++;
	} while (p.memory < freq);
	unsigned entry = i - 1;
	uint8_t r16 = hwsq_vbios_rd08(v, p.at + 0x16), r17 = hwsq_vbios_rd08(v, p.at + 0x17);

	uint32_t r101000 = reg(c, 0x101000, "the memory strap");
	unsigned strap = (r101000 & 0x3c) >> 2, raw = strap;
	uint32_t xlat = hwsq_vbios_strap_xlat(v);
	if (xlat)
		strap = hwsq_vbios_rd08(v, xlat + strap);
	if (strap >= p.sub_count) {
		fail(c,
		     "memory strap %u (0x101000 bits 2-5: %u): the performance table has %u "
		     "ramcfg entries per level (nv50_ram_calc: -EINVAL, \"invalid ramcfg strap\")",
		     strap, raw, p.sub_count);
		return;
	}
	if (p.sub_length < 11) {
		fail(c,
		     "performance table: ramcfg entries of %u bytes, nouveau reads 11 "
		     "(nv50_ram_calc: -EINVAL)",
		     p.sub_length);
		return;
	}
	uint32_t cfg = p.sub_at + strap * p.sub_length;
	struct ramcfg rc = {hwsq_vbios_rd08(v, cfg + 1), hwsq_vbios_rd08(v, cfg + 3),
			    hwsq_vbios_rd08(v, cfg + 4), hwsq_vbios_rd08(v, cfg + 5),
			    hwsq_vbios_rd08(v, cfg + 6), hwsq_vbios_rd08(v, cfg + 7),
			    hwsq_vbios_rd08(v, cfg + 8), hwsq_vbios_rd08(v, cfg + 9)};

	uint32_t r100714 = reg(c, 0x100714, "the memory type");
	unsigned type = r100714 & 7;
	if (type != 1 && type != 2) {
		fail(c,
		     "memory type %u (0x100714 bits 0-2): neither DDR2 (1) nor GDDR3 (2); "
		     "nv50_ram_calc builds no program for it (-ENOSYS)",
		     type);
		return;
	}
	bool ddr2 = type == 1;

	util_str_printf(c->out,
			"\n/* the target: performance table entry %u, memory %" PRIu32
			" kHz; nouveau's entry for it: %u (the first with a memory "
			"clock at least that) */\n",
			b->level, freq, entry);
	def(c, "NVRAM_CHIPSET", b->chipset, "the chipset");
	util_str_printf(c->out, "#define NVRAM_TYPE %s /* 0x100714 & 7 = %u%s */\n",
			ddr2 ? "NVRAM_DDR2" : "NVRAM_GDDR3", type,
			ddr2 ? ": DDR2, the SDK's own branch (nouveau: -ENOSYS)" : "");
	uint32_t r100200 = reg(c, 0x100200, "the ranks");
	def(c, "NVRAM_RANKS", r100200 & 4 ? 2 : 1, "0x100200 bit 2");
	def(c, "NVRAM_PART_MASK", (reg(c, 0x001540, "the memory partitions") >> 16) & 0xff,
	    "0x001540 bits 16-23");
	/* hwsq_wait_vblank: the active head with the most pixels */
	uint32_t heads = reg(c, 0x610050, "the active heads"), px = 0;
	int head = -1;
	for (int h = 0; h < 2; h++) {
		if (!(heads & (2u << (h * 8))))
			continue;
		uint32_t res = reg(c, 0x610b40 + 0x540u * (uint32_t)h, "a head's mode");
		uint32_t x = res & 0xffff, y = res >> 16;
		if (x * y > px) {
			px = x * y;
			head = h;
		}
	}
	def(c, "NVRAM_VBLANK_HEAD", head, "0x610050 and the heads' modes: the largest active");
	def(c, "NVRAM_FREQ_KHZ", freq, "performance table entry %u", b->level);

	struct pll_limits l;
	if (!pll_limits(c, 0x004008, &l))
		return;
	if (!l.refclk)
		l.refclk = crystal(c);
	int N = 0, M = 0, P = 0;
	if (!pll_sane(c, 0x004008, (int)freq, &l))
		return;
	if (!pll_calc(&l, (int)freq, &N, &M, &P))
		return pll_fail(c, 0x004008, (int)freq, &l, "nv50_ram_calc: -EINVAL");
	def(c, "NVRAM_MPLL_N1", N,
	    "nv04_pll_calc: %d * %d / %d >> %d = %d kHz for %" PRIu32
	    " (VCO %d-%d MHz, input %d-%d MHz, N %d-%d, M %d-%d, P %d-%d)",
	    l.refclk, N, M, P, l.refclk * N / M >> P, freq, l.vco1_min / 1000, l.vco1_max / 1000,
	    l.in1_min / 1000, l.in1_max / 1000, l.n1_min, l.n1_max, l.m1_min, l.m1_max, l.p_min,
	    l.p_max);
	def(c, "NVRAM_MPLL_M1", M, NULL);
	def(c, "NVRAM_MPLL_P", P, NULL);
	def(c, "NVRAM_MPLL_BIAS_P", l.bias_p, "the PLL limits entry's bias_p");

	/* the timing entry, or nv50_ram_timing_read's bare minimum */
	util_str_puts(c->out, "\n");
	uint32_t cur[9];
	for (unsigned k = 0; k < 9; k++)
		cur[k] = reg(c, 0x100220 + 4 * k, "the current timings");
	int cl, cwl, wr, odt = 0;
	if (rc.timing != 0xff) {
		struct hwsq_vbios_table t;
		if (!hwsq_vbios_timing_table(v, &t) || rc.timing >= t.count || t.length < 0x12) {
			fail(c,
			     "memory timing table (BIT 'P'): no entry %u of version 0x10 and at "
			     "least 0x12 bytes, which ramcfg %u of performance entry %u names "
			     "(nv50_ram_calc: -EINVAL)",
			     rc.timing, strap, entry);
			return;
		}
		uint32_t te = t.at + t.header + rc.timing * t.length;
		static const struct {
			const char *name;
			uint8_t at, min_length;
		} tf[] = {{"NVRAM_T_CL", 2, 0},      {"NVRAM_T_CWL", 0x13, 20},
			  {"NVRAM_T_WR", 0, 0},      {"NVRAM_T_WTR", 1, 0},
			  {"NVRAM_T_RP", 9, 0},      {"NVRAM_T_RAS", 7, 0},
			  {"NVRAM_T_RFC", 5, 0},     {"NVRAM_T_RC", 3, 0},
			  {"NVRAM_T_RRD", 0xc, 0},   {"NVRAM_T_RCDWR", 0xb, 0},
			  {"NVRAM_T_RCDRD", 0xa, 0}, {"NVRAM_T_13", 0xd, 0},
			  {"NVRAM_T_18", 0x12, 19}};
		for (size_t k = 0; k < UTIL_ARRAY_SIZE(tf); k++) {
			uint8_t val = t.length >= tf[k].min_length
					      ? hwsq_vbios_rd08(v, te + tf[k].at)
					      : 0;
			def(c, tf[k].name, val, "timing entry %u byte 0x%02x%s", rc.timing,
			    tf[k].at,
			    t.length >= tf[k].min_length ? "" : ": past the entry's length, 0");
		}
		odt = hwsq_vbios_rd08(v, te + 0xe) & 7;
		def(c, "NVRAM_T_ODT", odt, "timing entry %u byte 0x0e & 7", rc.timing);
		cl = hwsq_vbios_rd08(v, te + 2);
		cwl = t.length >= 20 ? hwsq_vbios_rd08(v, te + 0x13) : 0;
		wr = hwsq_vbios_rd08(v, te + 0);
		if (!cwl)
			cwl = ddr2 ? cl - 1 : (int)(cur[2] >> 24) + 1;
	} else {
		cl = (int)(cur[3] & 0xff) + 1;
		cwl = ddr2 ? cl - 1 : (int)(cur[2] >> 24) + 1;
		wr = (int)(((cur[1] >> 24) & 0xff) - 1 - (unsigned)cwl) & 0xff;
		util_str_puts(c->out,
			      "/* ramcfg timing 0xff: no timing entry, so nouveau keeps the "
			      "current timings (nv50_ram_timing_read) and derives CL, CWL "
			      "and WR from them for the mode registers */\n");
		def(c, "NVRAM_T_CL", cl, "timing 3 bits 0-7 + 1");
		def(c, "NVRAM_T_CWL", cwl, ddr2 ? "CL - 1" : "timing 2 bits 24-31 + 1");
		def(c, "NVRAM_T_WR", wr, "timing 1 bits 24-31 - 1 - CWL");
		static const char *const unused[] = {
			"NVRAM_T_WTR", "NVRAM_T_RP",  "NVRAM_T_RAS",   "NVRAM_T_RFC",
			"NVRAM_T_RC",  "NVRAM_T_RRD", "NVRAM_T_RCDWR", "NVRAM_T_RCDRD",
			"NVRAM_T_13",  "NVRAM_T_18",  "NVRAM_T_ODT"};
		for (size_t k = 0; k < UTIL_ARRAY_SIZE(unused); k++)
			def(c, unused[k], 0,
			    k + 1 == UTIL_ARRAY_SIZE(unused) ? "no entry: 0" : NULL);
		for (unsigned k = 0; k < 9; k++) {
			char name[32];
			snprintf(name, sizeof name, "RAM_TIMING_%u", k);
			util_str_printf(c->out, "#define %s NVRAM_CUR_TIMING_%u\n", name, k);
		}
	}
	/* the mode registers nouveau can encode */
	uint32_t mr2 = reg(c, 0x1002e0, "the mode registers");
	if (ddr2) {
		if (cl < 2 || cl > 7 || wr < 2 || wr > 7) {
			fail(c,
			     "DDR2 mode register: CL %d or WR %d outside 2-7 (nvkm_sddr2_calc: "
			     "-EINVAL)",
			     cl, wr);
			return;
		}
	} else {
		int clc = mr2 & 1 ? code(gddr3_cl_hi, UTIL_ARRAY_SIZE(gddr3_cl_hi), cl)
				  : code(gddr3_cl_lo, UTIL_ARRAY_SIZE(gddr3_cl_lo), cl);
		int wrc = code(gddr3_wr, UTIL_ARRAY_SIZE(gddr3_wr), wr);
		if (clc < 0 || wrc < 0 || cwl < 1 || cwl > 7) {
			fail(c,
			     "GDDR3 mode registers: CL %d (%s table), WR %d or CWL %d has no code "
			     "(nvkm_gddr3_calc: -EINVAL)",
			     cl, mr2 & 1 ? "MR2 bit 0: high" : "low", wr, cwl);
			return;
		}
	}

	util_str_printf(c->out,
			"\n/* ramcfg %u of performance entry %u (strap %u), its "
			"rammap bytes 0x16 0x%02x, 0x17 0x%02x */\n",
			strap, entry, strap, r16, r17);
	static const struct {
		const char *name;
		uint8_t byte, mask, shift;
	} bits[] = {
		{"NVRAM_RAMCFG_DLLOFF", 3, 0x04, 2},
		{"NVRAM_RAMCFG_FBVDDQ", 3, 0x80, 7},
		/* nouveau shifts RON by 3, not 4: the bit reads as 2 */
		{"NVRAM_RAMCFG_RON", 3, 0x10, 3},
		{"NVRAM_RAMCFG_00_03_01", 3, 0x01, 0},
		{"NVRAM_RAMCFG_00_03_02", 3, 0x02, 1},
		{"NVRAM_RAMCFG_00_03_08", 3, 0x08, 3},
		{"NVRAM_RAMCFG_00_04_02", 4, 0x02, 1},
		{"NVRAM_RAMCFG_00_04_04", 4, 0x04, 2},
		{"NVRAM_RAMCFG_00_04_20", 4, 0x20, 5},
		{"NVRAM_RAMCFG_00_05", 5, 0xff, 0},
		{"NVRAM_RAMCFG_00_06", 6, 0xff, 0},
		{"NVRAM_RAMCFG_00_07", 7, 0xff, 0},
		{"NVRAM_RAMCFG_00_08", 8, 0xff, 0},
		{"NVRAM_RAMCFG_00_09", 9, 0xff, 0},
	};
	const uint8_t bytes[10] = {0, 0, 0, rc.b03, rc.b04, rc.b05, rc.b06, rc.b07, rc.b08, rc.b09};
	for (size_t k = 0; k < UTIL_ARRAY_SIZE(bits); k++)
		def(c, bits[k].name, (bytes[bits[k].byte] & bits[k].mask) >> bits[k].shift,
		    "byte 0x%02x & 0x%02x >> %u", bits[k].byte, bits[k].mask, bits[k].shift);
	def(c, "NVRAM_RAMMAP_00_16_20", (r16 & 0x20) >> 5, "perf entry byte 0x16 bit 5");
	def(c, "NVRAM_RAMMAP_00_16_40", (r16 & 0x40) >> 6, "perf entry byte 0x16 bit 6");
	def(c, "NVRAM_RAMMAP_00_17_02", (r17 & 0x02) >> 1, "perf entry byte 0x17 bit 1");

	util_str_puts(c->out, "\n/* the registers nouveau reads before it builds the program */\n");
	for (unsigned k = 0; k < 9; k++) {
		char name[32];
		snprintf(name, sizeof name, "NVRAM_CUR_TIMING_%u", k);
		def(c, name, cur[k], "0x%06x", 0x100220 + 4 * k);
	}
	static const struct {
		const char *name;
		uint32_t addr;
		bool optional; /* read only for a GPIO the DCB has */
	} regs[] = {
		{"NVRAM_CUR_MR0", 0x1002c0, false},    {"NVRAM_CUR_MR1", 0x1002c4, false},
		{"NVRAM_CUR_MR2", 0x1002e0, false},    {"NVRAM_CUR_100200", 0x100200, false},
		{"NVRAM_CUR_00C040", 0x00c040, false}, {"NVRAM_CUR_004008", 0x004008, false},
		{"NVRAM_CUR_00400C", 0x00400c, false}, {"NVRAM_CUR_10021C", 0x10021c, false},
		{"NVRAM_CUR_100710", 0x100710, false}, {"NVRAM_CUR_100714", 0x100714, false},
		{"NVRAM_CUR_100718", 0x100718, false}, {"NVRAM_CUR_10071C", 0x10071c, false},
		{"NVRAM_CUR_10053C", 0x10053c, false}, {"NVRAM_CUR_E104", 0x00e104, true},
		{"NVRAM_CUR_E108", 0x00e108, true},    {"NVRAM_CUR_E120", 0x00e120, true},
		{"NVRAM_CUR_E124", 0x00e124, true},
	};
	for (size_t k = 0; k < UTIL_ARRAY_SIZE(regs); k++)
		def(c, regs[k].name,
		    regs[k].optional ? reg_or_0(c, regs[k].addr)
				     : reg(c, regs[k].addr, "the program's masks"),
		    "0x%06" PRIx32, regs[k].addr);
	util_str_puts(c->out, "\n");
	gpio(c, "NVRAM_GPIO_ODT", 0x2e, "ODT");
	gpio(c, "NVRAM_GPIO_FBVDDQ", 0x18, "FBVDDQ");
}

/* ---- the clock change (nv50_clk_calc and the clock tree reads) --------- */

#define HREF_KHZ 100000u /* the PCIe reference */
#define HCLK_KHZ (HREF_KHZ * 27778u / 10000u)

/* calc_div: the power-of-two divider of src closest to target */
static uint32_t calc_div(uint32_t src, uint32_t target, int *div)
{
	uint32_t clk0 = src, clk1 = src;
	for (*div = 0; *div <= 7; (*div)++) {
		if (clk0 <= target) {
			clk1 = clk0 << (*div ? 1 : 0);
			break;
		}
		clk0 >>= 1;
	}
	if (target - clk0 <= clk1 - target)
		return clk0;
	(*div)--;
	return clk1;
}

/* read_pll_src: a PLL's reference from the PLL before it */
static uint32_t pll_src(struct calc *c, uint32_t base)
{
	uint32_t ref = (uint32_t)crystal(c), coef;
	unsigned chip = c->b->chipset;
	int P, N, M, id = 0;
	if (chip == 0x50 || chip == 0xa0) {
		uint32_t rsel = reg(c, 0x00e18c, "a PLL's reference");
		if (base == 0x4020 || base == 0x4028)
			id = !!(rsel & 4);
		else if (base == 0x4008)
			id = !!(rsel & 8);
		coef = reg(c, 0x00e81c + (uint32_t)id * 0x0c, "a PLL's reference");
		ref *= (coef & 0x01000000) ? 2 : 4;
		P = (int)((coef >> 16) & 7);
		N = (int)((coef >> 8) & 0xff) + 1;
		M = (int)(coef & 0xff) + 1;
	} else if (chip == 0x84 || chip == 0x86 || chip == 0x92) {
		coef = reg(c, 0x00e81c, "a PLL's reference");
		P = (int)((coef >> 16) & 7);
		N = (int)((coef >> 8) & 0xff);
		M = (int)(coef & 0xff);
	} else {
		uint32_t rsel = reg(c, 0x00c050, "a PLL's reference");
		switch (base) {
		case 0x4020:
			rsel &= 3;
			break;
		case 0x4008:
			rsel = (rsel >> 2) & 3;
			break;
		case 0x4028:
			rsel = (rsel >> 11) & 3;
			break;
		default:
			rsel = 3;
			break;
		}
		if (rsel == 1)
			return (uint32_t)crystal(c);
		if (rsel == 2)
			return HREF_KHZ;
		id = rsel == 0 ? 1 : 0;
		coef = reg(c, 0x00e81c + (uint32_t)id * 0x28, "a PLL's reference");
		P = (int)((reg(c, 0x00e824 + (uint32_t)id * 0x28, "a PLL's reference") >> 16) & 7);
		P += (int)((coef >> 16) & 7);
		N = (int)((coef >> 8) & 0xff);
		M = (int)(coef & 0xff);
	}
	return M ? (ref * (uint32_t)N / (uint32_t)M) >> P : 0;
}

/* read_pll_ref: the PCIe reference, or the PLL's source */
static uint32_t pll_ref(struct calc *c, uint32_t base)
{
	uint32_t mast = reg(c, 0x00c040, "the clock sources");
	static const struct {
		uint32_t base, bit;
	} src[] = {{0x4028, 0x00200000},
		   {0x4020, 0x00400000},
		   {0x4008, 0x00010000},
		   {0x4030, 0x02000000}};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(src); i++)
		if (src[i].base == base)
			return mast & src[i].bit ? HREF_KHZ : pll_src(c, base);
	return 0;
}

/* read_pll for the vdec PLL (0x4030): its output */
static uint32_t read_pll(struct calc *c, uint32_t base)
{
	uint32_t ctrl = reg(c, base, "the vdec choice"), coef = reg(c, base + 4, "the vdec choice");
	uint32_t ref = pll_ref(c, base), freq = 0;
	uint32_t N2 = coef >> 24, M2 = (coef >> 16) & 0xff, N1 = (coef >> 8) & 0xff,
		 M1 = coef & 0xff;
	if ((ctrl & 0x80000000) && M1) {
		freq = ref * N1 / M1;
		if ((ctrl & 0x40000100) == 0x40000000)
			freq = M2 ? freq * N2 / M2 : 0;
	}
	return freq;
}

/* calc_pll: the limits with vco2 off and the reference from the clock
 * tree; 0 when none (nv50_clk_calc then returns -ERANGE) */
static bool clk_pll(struct calc *c, uint32_t base, int clk, const char *what, int *N, int *M,
		    int *P)
{
	struct pll_limits l;
	if (!pll_limits(c, base, &l))
		return false;
	l.refclk = (int)pll_ref(c, base);
	if (!l.refclk) {
		fail(c,
		     "PLL 0x%06" PRIx32
		     " (%s): its reference reads as 0 kHz (nv50_clk_calc: -ERANGE)",
		     base, what);
		return false;
	}
	if (!pll_sane(c, base, clk, &l))
		return false;
	if (!pll_calc(&l, clk, N, M, P)) {
		pll_fail(c, base, clk, &l, "nv50_clk_calc: -ERANGE");
		return false;
	}
	return true;
}

static void clk(struct calc *c)
{
	const struct hwsq_board *b = c->b;
	struct perf p;
	if (!level(c, &p))
		return;
	unsigned chip = b->chipset;
	int core = (int)p.core, shader = (int)p.shader, vdec = (int)p.vdec, dom6 = (int)p.disp;
	util_str_printf(c->out,
			"\n/* the target: performance table entry %u: core %d, shader %d, vdec "
			"%d, dom6 (disp) %d kHz */\n",
			b->level, core, shader, vdec, dom6);
	def(c, "NVCLK_CHIPSET", chip, "the chipset");
	int vdec_src = 0, vdec_p = 0, dom6_src = 0, dom6_p = 0;
	uint32_t xpll = 0;
	if (vdec) {
		int P1, P2;
		int freq = (int)calc_div((uint32_t)core, (uint32_t)vdec, &P1);
		xpll = chip != 0x98 ? read_pll(c, 0x4030) : HCLK_KHZ * 3 / 2;
		int out = (int)calc_div(xpll, (uint32_t)vdec, &P2);
		if (abs(vdec - freq) <= abs(vdec - out)) {
			vdec_src = 1;
			vdec_p = P1;
		} else {
			vdec_src = 2;
			vdec_p = P2;
		}
	}
	def(c, "NVCLK_VDEC_SRC", vdec_src,
	    vdec ? "calc_div: core %d kHz against %s %" PRIu32 " kHz: %s (the core on a tie)"
		 : "no vdec clock in the entry",
	    core, chip != 0x98 ? "the xpll (0x004030)" : "hclk * 3 / 2", xpll,
	    vdec_src == 1 ? "the core" : "the other source");
	def(c, "NVCLK_VDEC_P", vdec_p, NULL);
	if (dom6) {
		if (dom6 / 1000 == (int)HREF_KHZ / 1000) {
			dom6_src = 1;
		} else if (dom6 / 1000 == (int)HCLK_KHZ / 1000) {
			dom6_src = 2;
		} else {
			calc_div(HCLK_KHZ * 3, (uint32_t)dom6, &dom6_p);
			dom6_src = 3;
		}
	}
	def(c, "NVCLK_DOM6_SRC", dom6_src,
	    "clk_same: 1 href (100 MHz), 2 hclk (277 MHz), 3 hclk * 3 divided, 0 none");
	def(c, "NVCLK_DOM6_P", dom6_p, NULL);

	int N = 0, M = 0, P = 0;
	if (!clk_pll(c, 0x4028, core, "core", &N, &M, &P))
		return;
	def(c, "NVCLK_CORE_N", N, "nv04_pll_calc for %d kHz", core);
	def(c, "NVCLK_CORE_M", M, NULL);
	def(c, "NVCLK_CORE_P", P, NULL);
	bool tied = shader == core * 2;
	def(c, "NVCLK_SHADER_TIED", tied,
	    "shader == core << 1: tied to the core PLL when its P is not 0");
	int sN = 0, sM = 0, sP = 0;
	if (!(P && tied) && !clk_pll(c, 0x4020, shader, "shader", &sN, &sM, &sP))
		return;
	def(c, "NVCLK_SHADER_N", sN, P && tied ? "tied: no shader PLL" : "nv04_pll_calc for %d kHz",
	    shader);
	def(c, "NVCLK_SHADER_M", sM, NULL);
	def(c, "NVCLK_SHADER_P", sP, NULL);

	util_str_puts(c->out, "\n/* the registers nouveau reads before it builds the program */\n");
	uint32_t divs = chip >= 0x92 && chip <= 0x96 ? 0x004800 : 0x004700;
	def(c, "NVCLK_CUR_MAST", reg(c, 0x00c040, "the clock sources"), "0x00c040");
	def(c, "NVCLK_CUR_DIVS", reg(c, divs, "the dividers"), "0x%06" PRIx32, divs);
	def(c, "NVCLK_CUR_NVPLL0", reg(c, 0x004028, "the core PLL"), "0x004028");
	def(c, "NVCLK_CUR_NVPLL1", reg(c, 0x00402c, "the core PLL"), "0x00402c");
	def(c, "NVCLK_CUR_SPLL0", reg(c, 0x004020, "the shader PLL"), "0x004020");
	def(c, "NVCLK_CUR_SPLL1", reg(c, 0x004024, "the shader PLL"), "0x004024");
}

bool hwsq_board_header(const struct hwsq_board *b, const char *source, struct util_str *out,
		       struct diag *d)
{
	struct calc c = {b, {b->vbios, b->vbios_size, false}, d, source, out, false};
	util_str_printf(out,
			"/* %s%s%s:\n * generated by hwsq-board from %s, do not edit.\n"
			" * The %s: the inputs of nouveau's %s,\n * as nouveau computes them "
			"from the VBIOS tables and the registers. */\n",
			b->name, *b->title ? ", " : "", b->title, source,
			b->program == HWSQ_BOARD_RAM ? "memory reclock" : "clock change",
			b->program == HWSQ_BOARD_RAM ? "nv50_ram_calc (fb/ramnv50.c)"
						     : "nv50_clk_calc (clk/nv50.c)");
	if (b->chipset < 0x94)
		util_str_printf(
			out,
			"/* chipset 0x%02x: nouveau reclocks only from 0x94 (g84_clk_new),\n"
			" * so this program is the SDK's own addition there. */\n",
			b->chipset);
	if (b->program == HWSQ_BOARD_RAM)
		ram(&c);
	else
		clk(&c);
	if (c.v.bad)
		fail(&c, "the VBIOS image ends inside a table nouveau reads");
	return !c.failed;
}
