/* nouveau's reading of a board, for the model: the VBIOS through its BIT
 * directory as nvkm/subdev/bios reads it (bit.c, perf.c, rammap.c,
 * timing.c, pll.c, gpio.c), the registers as nvkm/subdev/fb/ramnv50.c,
 * clk/nv50.c and gpio/nv50.c read them, nv04_pll_calc and calc_div, into
 * the fields the builders (nvram.c, nvclk.c) take. Written on its own
 * from nouveau's sources, in nouveau's order and integer widths, so that
 * a misreading in the SDK's generator (sdk/hwsq/board.c) shows as a
 * difference in the programs. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/board.h"
#include "nvinputs.h"

struct nvi {
	const uint8_t *rom;
	size_t size;
	const struct hwsq_board *hb;
	struct nv_board *b;
	char *why;
	size_t why_size;
	bool failed;
};

static void nvi_fail(struct nvi *n, const char *text)
{
	if (!n->failed)
		snprintf(n->why, n->why_size, "%s", text);
	n->failed = true;
}

static uint32_t rd(struct nvi *n, uint32_t at, unsigned bytes)
{
	uint32_t v = 0;
	for (unsigned i = 0; i < bytes; i++)
		v |= (uint32_t)(at + i < n->size ? n->rom[at + i] : 0) << (8 * i);
	return v;
}
#define rd08(n, at) ((uint8_t)rd(n, at, 1))
#define rd16(n, at) ((uint16_t)rd(n, at, 2))
#define rd32(n, at) rd(n, at, 4)

static uint32_t mmio(struct nvi *n, uint32_t addr)
{
	for (size_t i = n->hb->reg_count; i-- > 0;)
		if (n->hb->regs[i].addr == addr)
			return n->hb->regs[i].value;
	return 0;
}

/* bit_entry: offset of the entry's data, its version; 0 if none */
static uint32_t bit_entry(struct nvi *n, uint8_t id, uint8_t *version, uint16_t *length)
{
	uint32_t bit = 0;
	for (uint32_t i = 0; i + 5 <= n->size && !bit; i++)
		if (rd32(n, i) == 0x4942b8ff && rd08(n, i + 4) == 'T')
			bit = i;
	if (!bit)
		return 0;
	uint8_t entries = rd08(n, bit + 10);
	for (uint32_t e = bit + 12; entries--; e += rd08(n, bit + 9)) {
		if (rd08(n, e) == id) {
			*version = rd08(n, e + 1);
			*length = rd16(n, e + 2);
			return rd16(n, e + 4);
		}
	}
	return 0;
}

/* nvbios_perfEp for entry idx: the entry, its length and subentries */
struct perfE {
	uint32_t data;
	uint8_t ver, hdr, cnt, size, pstate;
	int core, shader, memory, vdec, disp;
};

static bool perfEp(struct nvi *n, int idx, struct perfE *p)
{
	uint8_t bv;
	uint16_t bl;
	uint32_t bp = bit_entry(n, 'P', &bv, &bl);
	memset(p, 0, sizeof *p);
	if (!bp || bv > 2)
		return false;
	uint32_t perf = rd32(n, bp);
	if (!perf)
		return false;
	p->ver = rd08(n, perf);
	uint8_t hdr = rd08(n, perf + 1), cnt = rd08(n, perf + 2), len = rd08(n, perf + 3);
	uint8_t snr = rd08(n, perf + 4), ssz = rd08(n, perf + 5);
	if (p->ver < 0x20 || p->ver >= 0x40 || idx >= cnt)
		return false;
	p->data = perf + hdr + (uint32_t)idx * (len + snr * ssz);
	p->hdr = len;
	p->cnt = snr;
	p->size = ssz;
	p->pstate = rd08(n, p->data);
	if (p->ver == 0x25) {
		p->core = rd16(n, p->data + 6) * 1000;
		p->shader = rd16(n, p->data + 10) * 1000;
		p->memory = rd16(n, p->data + 12) * 1000;
	} else if (p->ver == 0x30 || p->ver == 0x35) {
		p->core = rd16(n, p->data + 8) * 1000;
		p->shader = rd16(n, p->data + 10) * 1000;
		p->memory = rd16(n, p->data + 12) * 1000;
		p->vdec = rd16(n, p->data + 16) * 1000;
		p->disp = rd16(n, p->data + 20) * 1000;
	} else {
		return false;
	}
	return true;
}

/* nvbios_pll_parse for reg, versions 0x30/0x40, vco2 off */
struct pll {
	int refclk, min_freq, max_freq, min_in, max_in, min_n, max_n, min_m, max_m;
	int min_p, max_p, bias_p;
};

static bool pll_parse(struct nvi *n, uint32_t reg, struct pll *info)
{
	uint8_t cv;
	uint16_t cl;
	uint32_t c = bit_entry(n, 'C', &cv, &cl);
	if (!c || cl < 10)
		return false;
	uint32_t table = rd16(n, c + 8);
	uint8_t ver = rd08(n, table), hdr = rd08(n, table + 1), len = rd08(n, table + 2);
	uint8_t cnt = rd08(n, table + 3);
	if (!table || ver < 0x30)
		return false;
	uint32_t data = table + hdr;
	while (cnt--) {
		if (rd32(n, data + 3) == reg)
			break;
		data += len;
	}
	if (cnt == 0xff)
		return false;
	memset(info, 0, sizeof *info);
	if (ver == 0x30) {
		uint32_t r = rd16(n, data + 1);
		info->min_freq = rd16(n, r + 0) * 1000;
		info->max_freq = rd16(n, r + 2) * 1000;
		info->min_in = rd16(n, r + 8) * 1000;
		info->max_in = rd16(n, r + 12) * 1000;
		info->min_n = rd08(n, r + 16);
		info->max_n = rd08(n, r + 17);
		info->min_m = rd08(n, r + 18);
		info->max_m = rd08(n, r + 19);
		info->max_p = rd08(n, r + 25);
		info->bias_p = rd08(n, r + 27);
		info->refclk = (int)rd32(n, r + 28);
	} else if (ver == 0x40) {
		uint32_t r = rd16(n, data + 1);
		info->refclk = rd16(n, data + 9) * 1000;
		info->min_freq = rd16(n, r + 0) * 1000;
		info->max_freq = rd16(n, r + 2) * 1000;
		info->min_in = rd16(n, r + 4) * 1000;
		info->max_in = rd16(n, r + 6) * 1000;
		info->min_m = rd08(n, r + 8);
		info->max_m = rd08(n, r + 9);
		info->min_n = rd08(n, r + 10);
		info->max_n = rd08(n, r + 11);
		info->min_p = rd08(n, r + 12);
		info->max_p = rd08(n, r + 13);
	} else {
		return false;
	}
	return true;
}

/* device->crystal from the strap register */
static int crystal(struct nvi *n)
{
	switch (mmio(n, 0x101000) & 0x00400040) {
	case 0x00000000:
		return 13500;
	case 0x00000040:
		return 14318;
	case 0x00400000:
		return 27000;
	default:
		return 25000;
	}
}

/* getMNP_single, as pllnv04.c has it */
static int getMNP_single(const struct pll *info, int clk, int *pN, int *pM, int *pP)
{
	int minvco = info->min_freq, maxvco = info->max_freq;
	int minM = info->min_m, maxM = info->max_m, minN = info->min_n, maxN = info->max_n;
	int minU = info->min_in, maxU = info->max_in, minP = info->min_p, maxP = info->max_p;
	int crystal = info->refclk, bestdelta = INT_MAX, bestclk = 0;
	int P = 1 << maxP;
	if ((clk * P) < minvco) {
		minvco = clk * maxP;
		maxvco = minvco * 2;
	}
	if (clk + clk / 200 > maxvco)
		maxvco = clk + clk / 200;
	for (int thisP = minP; thisP <= maxP; thisP++) {
		P = 1 << thisP;
		int clkP = clk * P;
		if (clkP < minvco)
			continue;
		if (clkP > maxvco)
			return bestclk;
		for (int M = minM; M <= maxM; M++) {
			if (crystal / M < minU)
				return bestclk;
			if (crystal / M > maxU)
				continue;
			int N = (clkP * M + crystal / 2) / crystal;
			if (N < minN)
				continue;
			if (N > maxN)
				break;
			int calcclk = ((N * crystal + P / 2) / P + M / 2) / M;
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

#define F(n) b->v[NVRAM_F_##n]
#define C(n) b->v[NVCLK_F_##n]

/* nvkm_gpio_find and nvkm_gpio_get for tag: the line, its logical state
 * and log[1]; line -1 when the DCB has no such function */
static void gpio(struct nvi *n, uint8_t tag, int64_t *line, int64_t *state, int64_t *log1)
{
	*line = -1;
	*state = 0;
	*log1 = 0;
	uint32_t dcb = rd16(n, 0x36);
	if (!dcb || rd08(n, dcb) < 0x30 || rd08(n, dcb + 1) < 0x0c ||
	    rd32(n, dcb + 6) != 0x4edcbdcb)
		return;
	uint32_t gt = rd16(n, dcb + 10);
	if (!gt || rd08(n, gt) < 0x40)
		return;
	uint8_t hdr = rd08(n, gt + 1), cnt = rd08(n, gt + 2), len = rd08(n, gt + 3);
	for (uint8_t i = 0; i < cnt; i++) {
		uint32_t info = rd32(n, gt + hdr + (uint32_t)i * len);
		if (((info & 0x0000ff00) >> 8) != tag)
			continue;
		*line = info & 0x1f;
		*log1 = (info & 0x60000000) >> 29;
		static const uint32_t nv50_gpio_reg[4] = {0xe104, 0xe108, 0xe280, 0xe284};
		int sense = !!(mmio(n, nv50_gpio_reg[*line >> 3]) & (4u << ((*line & 7) << 2)));
		*state = sense == (*log1 & 1);
		return;
	}
}

static void ram_inputs(struct nvi *n)
{
	struct nv_board *b = n->b;
	struct perfE lvl, e;
	if (!perfEp(n, (int)n->hb->level, &lvl) || lvl.pstate == 0xff)
		return nvi_fail(n, "no performance level");
	uint32_t freq = (uint32_t)lvl.memory;
	int i = 0;
	do {
		if (!perfEp(n, i++, &e) || e.ver < 0x25 || e.ver >= 0x40 || e.size < 2)
			return nvi_fail(n, "invalid/missing perftab entry");
	} while ((uint32_t)e.memory < freq);
	/* nvbios_rammapEp_from_perf */
	F(RAMMAP_00_16_20) = (rd08(n, e.data + 0x16) & 0x20) >> 5;
	F(RAMMAP_00_16_40) = (rd08(n, e.data + 0x16) & 0x40) >> 6;
	F(RAMMAP_00_17_02) = (rd08(n, e.data + 0x17) & 0x02) >> 1;
	/* nvbios_ramcfg_index */
	uint8_t strap = (mmio(n, 0x101000) & 0x3c) >> 2, mv;
	uint16_t ml;
	uint32_t m = bit_entry(n, 'M', &mv, &ml);
	if (m && mv == 1 && ml >= 5 && rd16(n, m + 3))
		strap = rd08(n, rd16(n, m + 3) + strap);
	if (strap >= e.cnt)
		return nvi_fail(n, "invalid ramcfg strap");
	/* nvbios_rammapSp_from_perf */
	if (e.size < 11)
		return nvi_fail(n, "invalid/missing rammap entry");
	uint32_t d = e.data + e.hdr + strap * e.size;
	uint8_t timing = rd08(n, d + 1), b3 = rd08(n, d + 3), b4 = rd08(n, d + 4);
	F(RAMCFG_00_03_01) = (b3 & 0x01) >> 0;
	F(RAMCFG_00_03_02) = (b3 & 0x02) >> 1;
	F(RAMCFG_DLLOFF) = (b3 & 0x04) >> 2;
	F(RAMCFG_00_03_08) = (b3 & 0x08) >> 3;
	F(RAMCFG_RON) = (b3 & 0x10) >> 3;
	F(RAMCFG_FBVDDQ) = (b3 & 0x80) >> 7;
	F(RAMCFG_00_04_02) = (b4 & 0x02) >> 1;
	F(RAMCFG_00_04_04) = (b4 & 0x04) >> 2;
	F(RAMCFG_00_04_20) = (b4 & 0x20) >> 5;
	F(RAMCFG_00_05) = rd08(n, d + 5);
	F(RAMCFG_00_06) = rd08(n, d + 6);
	F(RAMCFG_00_07) = rd08(n, d + 7);
	F(RAMCFG_00_08) = rd08(n, d + 8);
	F(RAMCFG_00_09) = rd08(n, d + 9);

	/* the memory type, from nv50_ram_ctor */
	switch (mmio(n, 0x100714) & 7) {
	case 1:
		F(TYPE) = NVRAM_DDR2;
		break;
	case 2:
		F(TYPE) = NVRAM_GDDR3;
		break;
	default:
		return nvi_fail(n, "a memory type nv50_ram_calc does not take");
	}
	for (int k = 0; k < 9; k++)
		b->v[NVRAM_F_CUR_TIMING_0 + k] = mmio(n, 0x100220 + 4 * (uint32_t)k);
	if (timing != 0xff) {
		/* nvbios_timingEp, version 0x10 */
		uint8_t pv;
		uint16_t pl;
		uint32_t p = bit_entry(n, 'P', &pv, &pl);
		uint32_t t = p && (pv == 1 || pv == 2) ? rd32(n, p + (pv == 1 ? 4 : 8)) : 0;
		uint8_t hdr = rd08(n, t + 1), cnt = rd08(n, t + 2), len = rd08(n, t + 3);
		if (!t || rd08(n, t) != 0x10 || timing >= cnt || len < 0x12)
			return nvi_fail(n, "invalid/missing timing entry");
		uint32_t te = t + hdr + timing * len;
		F(T_WR) = rd08(n, te + 0x00);
		F(T_WTR) = rd08(n, te + 0x01);
		F(T_CL) = rd08(n, te + 0x02);
		F(T_RC) = rd08(n, te + 0x03);
		F(T_RFC) = rd08(n, te + 0x05);
		F(T_RAS) = rd08(n, te + 0x07);
		F(T_RP) = rd08(n, te + 0x09);
		F(T_RCDRD) = rd08(n, te + 0x0a);
		F(T_RCDWR) = rd08(n, te + 0x0b);
		F(T_RRD) = rd08(n, te + 0x0c);
		F(T_13) = rd08(n, te + 0x0d);
		F(T_ODT) = rd08(n, te + 0x0e) & 0x07;
		F(T_CWL) = len >= 20 ? rd08(n, te + 0x13) : 0;
		F(T_18) = len >= 19 ? rd08(n, te + 0x12) : 0;
	} else {
		/* nv50_ram_timing_read: the CWL and WR of u8 arithmetic */
		uint8_t cl = (uint8_t)((F(CUR_TIMING_3) & 0xff) + 1);
		uint8_t cwl = F(TYPE) == NVRAM_DDR2
				      ? (uint8_t)(cl - 1)
				      : (uint8_t)(((F(CUR_TIMING_2) >> 24) & 0xff) + 1);
		F(T_CL) = cl;
		F(T_CWL) = cwl;
		F(T_WR) = (uint8_t)(((F(CUR_TIMING_1) >> 24) & 0xff) - 1 - cwl);
		F(TIMING_READ) = 1;
	}
	F(CHIPSET) = n->hb->chipset;
	F(FREQ_KHZ) = freq;
	F(RANKS) = mmio(n, 0x100200) & 4 ? 2 : 1;
	F(PART_MASK) = (mmio(n, 0x001540) & 0x00ff0000) >> 16;
	/* nvkm_hwsq_wait_vblank: the head with the biggest resolution */
	uint32_t heads = mmio(n, 0x610050), px = 0;
	F(VBLANK_HEAD) = -1;
	for (int h = 0; h < 2; h++) {
		if (heads & (2u << (h << 3))) {
			uint32_t x = mmio(n, 0x610b40 + 0x540 * (uint32_t)h);
			uint32_t y = (x & 0xffff0000) >> 16;
			x &= 0x0000ffff;
			if (x * y > px) {
				px = x * y;
				F(VBLANK_HEAD) = h;
			}
		}
	}
	/* nvbios_pll_parse(0x004008) and nv04_pll_calc */
	struct pll mpll;
	if (!pll_parse(n, 0x004008, &mpll))
		return nvi_fail(n, "no PLL limits for 0x004008");
	if (!mpll.refclk)
		mpll.refclk = crystal(n);
	int N1 = 0, M1 = 0, P = 0;
	if (getMNP_single(&mpll, (int)freq, &N1, &M1, &P) <= 0)
		return nvi_fail(n, "unable to compute acceptable pll values");
	F(MPLL_N1) = N1;
	F(MPLL_M1) = M1;
	F(MPLL_P) = P;
	F(MPLL_BIAS_P) = mpll.bias_p;
	static const struct {
		enum nvram_field f;
		uint32_t addr;
	} cur[] = {
		{NVRAM_F_CUR_MR0, 0x1002c0},    {NVRAM_F_CUR_MR1, 0x1002c4},
		{NVRAM_F_CUR_MR2, 0x1002e0},    {NVRAM_F_CUR_100200, 0x100200},
		{NVRAM_F_CUR_00C040, 0x00c040}, {NVRAM_F_CUR_004008, 0x004008},
		{NVRAM_F_CUR_00400C, 0x00400c}, {NVRAM_F_CUR_10021C, 0x10021c},
		{NVRAM_F_CUR_100710, 0x100710}, {NVRAM_F_CUR_100714, 0x100714},
		{NVRAM_F_CUR_100718, 0x100718}, {NVRAM_F_CUR_10071C, 0x10071c},
		{NVRAM_F_CUR_10053C, 0x10053c}, {NVRAM_F_CUR_E104, 0x00e104},
		{NVRAM_F_CUR_E108, 0x00e108},   {NVRAM_F_CUR_E120, 0x00e120},
		{NVRAM_F_CUR_E124, 0x00e124},
	};
	for (size_t k = 0; k < sizeof cur / sizeof cur[0]; k++)
		b->v[cur[k].f] = mmio(n, cur[k].addr);
	gpio(n, 0x2e, &F(GPIO_ODT_LINE), &F(GPIO_ODT_STATE), &F(GPIO_ODT_LOG1));
	gpio(n, 0x18, &F(GPIO_FBVDDQ_LINE), &F(GPIO_FBVDDQ_STATE), &F(GPIO_FBVDDQ_LOG1));
}

/* ---- clk/nv50.c's clock tree reads -------------------------------------- */

static int href(void)
{
	return 100000;
}

static int hclk(void)
{
	return (int)((uint64_t)href() * 27778 / 10000);
}

static uint32_t read_pll_src(struct nvi *n, uint32_t base)
{
	uint32_t coef, ref = (uint32_t)crystal(n), rsel = mmio(n, 0x00e18c);
	int P, N, M, id = 0;
	switch (n->hb->chipset) {
	case 0x50:
	case 0xa0:
		switch (base) {
		case 0x4020:
		case 0x4028:
			id = !!(rsel & 0x00000004);
			break;
		case 0x4008:
			id = !!(rsel & 0x00000008);
			break;
		case 0x4030:
			id = 0;
			break;
		default:
			return 0;
		}
		coef = mmio(n, 0x00e81c + (uint32_t)(id * 0x0c));
		ref *= (coef & 0x01000000) ? 2 : 4;
		P = (coef & 0x00070000) >> 16;
		N = ((coef & 0x0000ff00) >> 8) + 1;
		M = ((coef & 0x000000ff) >> 0) + 1;
		break;
	case 0x84:
	case 0x86:
	case 0x92:
		coef = mmio(n, 0x00e81c);
		P = (coef & 0x00070000) >> 16;
		N = (coef & 0x0000ff00) >> 8;
		M = (coef & 0x000000ff) >> 0;
		break;
	default:
		rsel = mmio(n, 0x00c050);
		switch (base) {
		case 0x4020:
			rsel = (rsel & 0x00000003) >> 0;
			break;
		case 0x4008:
			rsel = (rsel & 0x0000000c) >> 2;
			break;
		case 0x4028:
			rsel = (rsel & 0x00001800) >> 11;
			break;
		case 0x4030:
			rsel = 3;
			break;
		default:
			return 0;
		}
		switch (rsel) {
		case 0:
			id = 1;
			break;
		case 1:
			return (uint32_t)crystal(n);
		case 2:
			return (uint32_t)href();
		case 3:
			id = 0;
			break;
		}
		coef = mmio(n, 0x00e81c + (uint32_t)(id * 0x28));
		P = (mmio(n, 0x00e824 + (uint32_t)(id * 0x28)) >> 16) & 7;
		P += (coef & 0x00070000) >> 16;
		N = (coef & 0x0000ff00) >> 8;
		M = (coef & 0x000000ff) >> 0;
		break;
	}
	if (M)
		return (ref * (uint32_t)N / (uint32_t)M) >> P;
	return 0;
}

static uint32_t read_pll_ref(struct nvi *n, uint32_t base)
{
	uint32_t src, mast = mmio(n, 0x00c040);
	switch (base) {
	case 0x004028:
		src = !!(mast & 0x00200000);
		break;
	case 0x004020:
		src = !!(mast & 0x00400000);
		break;
	case 0x004008:
		src = !!(mast & 0x00010000);
		break;
	case 0x004030:
		src = !!(mast & 0x02000000);
		break;
	default:
		return 0;
	}
	return src ? (uint32_t)href() : read_pll_src(n, base);
}

static uint32_t read_pll(struct nvi *n, uint32_t base)
{
	uint32_t ctrl = mmio(n, base + 0), coef = mmio(n, base + 4);
	uint32_t ref = read_pll_ref(n, base), freq = 0;
	int N2 = (coef & 0xff000000) >> 24, M2 = (coef & 0x00ff0000) >> 16;
	int N1 = (coef & 0x0000ff00) >> 8, M1 = (coef & 0x000000ff);
	if ((ctrl & 0x80000000) && M1) {
		freq = ref * (uint32_t)N1 / (uint32_t)M1;
		if ((ctrl & 0x40000100) == 0x40000000)
			freq = M2 ? freq * (uint32_t)N2 / (uint32_t)M2 : 0;
	}
	return freq;
}

static uint32_t calc_pll(struct nvi *n, uint32_t reg, uint32_t clk, int *N, int *M, int *P)
{
	struct pll pll;
	if (!pll_parse(n, reg, &pll))
		return 0;
	pll.refclk = (int)read_pll_ref(n, reg);
	if (!pll.refclk)
		return 0;
	return (uint32_t)getMNP_single(&pll, (int)clk, N, M, P);
}

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

static bool clk_same(uint32_t a, uint32_t b)
{
	return a / 1000 == b / 1000;
}

static void clk_inputs(struct nvi *n)
{
	struct nv_board *b = n->b;
	struct perfE e;
	if (!perfEp(n, (int)n->hb->level, &e) || e.pstate == 0xff)
		return nvi_fail(n, "no performance level");
	const int shader = e.shader, core = e.core, vdec = e.vdec, dom6 = e.disp;
	const unsigned chipset = n->hb->chipset;
	C(CHIPSET) = chipset;
	if (vdec) {
		int P1, P2;
		int freq = (int)calc_div((uint32_t)core, (uint32_t)vdec, &P1);
		int out = chipset != 0x98 ? (int)read_pll(n, 0x004030) : hclk() * 3 / 2;
		out = (int)calc_div((uint32_t)out, (uint32_t)vdec, &P2);
		if (abs(vdec - freq) <= abs(vdec - out)) {
			C(VDEC_SRC) = 1;
			C(VDEC_P) = P1;
		} else {
			C(VDEC_SRC) = 2;
			C(VDEC_P) = P2;
		}
	}
	if (dom6) {
		if (clk_same((uint32_t)dom6, (uint32_t)href())) {
			C(DOM6_SRC) = 1;
		} else if (clk_same((uint32_t)dom6, (uint32_t)hclk())) {
			C(DOM6_SRC) = 2;
		} else {
			int P1;
			calc_div((uint32_t)hclk() * 3, (uint32_t)dom6, &P1);
			C(DOM6_SRC) = 3;
			C(DOM6_P) = P1;
		}
	}
	int N, M, P1;
	if (!calc_pll(n, 0x4028, (uint32_t)core, &N, &M, &P1))
		return nvi_fail(n, "-ERANGE: the core PLL");
	C(CORE_N) = N;
	C(CORE_M) = M;
	C(CORE_P) = P1;
	C(SHADER_TIED) = shader == (core << 1);
	if (!(P1 && C(SHADER_TIED))) {
		if (!calc_pll(n, 0x4020, (uint32_t)shader, &N, &M, &P1))
			return nvi_fail(n, "-ERANGE: the shader PLL");
		C(SHADER_N) = N;
		C(SHADER_M) = M;
		C(SHADER_P) = P1;
	}
	C(CUR_MAST) = mmio(n, 0x00c040);
	C(CUR_DIVS) = mmio(n, chipset >= 0x92 && chipset <= 0x96 ? 0x004800 : 0x004700);
	C(CUR_NVPLL0) = mmio(n, 0x004028);
	C(CUR_NVPLL1) = mmio(n, 0x00402c);
	C(CUR_SPLL0) = mmio(n, 0x004020);
	C(CUR_SPLL1) = mmio(n, 0x004024);
}

bool nvi_board(const struct hwsq_board *hb, struct nv_board *b, char *why, size_t why_size)
{
	struct nvi n = {hb->vbios, hb->vbios_size, hb, b, why, why_size, false};
	memset(b->v, 0, sizeof b->v);
	b->kind = hb->program == HWSQ_BOARD_RAM ? NV_BOARD_RAM : NV_BOARD_CLK;
	/* nouveau's bus: nv50_bus (64 words) up to G92, g94_bus from G94 */
	b->chip = hb->chipset < 0x94 ? "nv50" : "nv92";
	if (b->kind == NV_BOARD_RAM) {
		ram_inputs(&n);
		b->script = b->v[NVRAM_F_TYPE] == NVRAM_DDR2 ? "ddr2-reclock" : "gddr3-reclock";
	} else {
		clk_inputs(&n);
		b->script = "nv50-clk";
	}
	return !n.failed;
}
