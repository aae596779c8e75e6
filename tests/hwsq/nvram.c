/* nouveau's G80..GT200 memory reclock program (fb/ramnv50.c:
 * nv50_ram_calc with nv50_ram_timing_calc, nv50_ram_gpio and the mode
 * register computations of fb/gddr3.c and fb/sddr2.c), as the ordered
 * hwsq calls it makes for a board. */
#include "nvmodel.h"

#define B(n) ((int)b->v[NVRAM_F_##n])

/* What a register holds before the script, as the board says. */
static uint32_t ram_current(const struct nv_board *b, uint32_t addr)
{
	static const struct {
		uint32_t addr;
		enum nvram_field f;
	} regs[] = {
		{0x100220, NVRAM_F_CUR_TIMING_0}, {0x100224, NVRAM_F_CUR_TIMING_1},
		{0x100228, NVRAM_F_CUR_TIMING_2}, {0x10022c, NVRAM_F_CUR_TIMING_3},
		{0x100230, NVRAM_F_CUR_TIMING_4}, {0x100234, NVRAM_F_CUR_TIMING_5},
		{0x100238, NVRAM_F_CUR_TIMING_6}, {0x10023c, NVRAM_F_CUR_TIMING_7},
		{0x100240, NVRAM_F_CUR_TIMING_8}, {0x1002c0, NVRAM_F_CUR_MR0},
		{0x1002c4, NVRAM_F_CUR_MR1},      {0x1002e0, NVRAM_F_CUR_MR2},
		{0x100200, NVRAM_F_CUR_100200},   {0x00c040, NVRAM_F_CUR_00C040},
		{0x004008, NVRAM_F_CUR_004008},   {0x00400c, NVRAM_F_CUR_00400C},
		{0x10021c, NVRAM_F_CUR_10021C},   {0x100710, NVRAM_F_CUR_100710},
		{0x100714, NVRAM_F_CUR_100714},   {0x100718, NVRAM_F_CUR_100718},
		{0x10071c, NVRAM_F_CUR_10071C},   {0x10053c, NVRAM_F_CUR_10053C},
		{0x00e104, NVRAM_F_CUR_E104},     {0x00e108, NVRAM_F_CUR_E108},
		{0x00e120, NVRAM_F_CUR_E120},     {0x00e124, NVRAM_F_CUR_E124},
	};
	for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
		if (regs[i].addr == addr)
			return (uint32_t)b->v[regs[i].f];
	return 0;
}

struct ram_regs {
	struct nvm_reg r002504, r004008, r00400c, r00c040, r100200, r100210, r10021c;
	struct nvm_reg r1002d0, r1002d4, r1002dc, r10053c, r1005a0, r1005a4;
	struct nvm_reg r100710, r100714, r100718, r10071c, r100da0, r611200;
	struct nvm_reg timing[9], mr[3], gpio[4];
};

static void ram_regs_init(struct ram_regs *r, const struct nv_board *b)
{
	r->r002504 = nvm_reg(0x002504);
	r->r004008 = nvm_reg(0x004008);
	r->r00400c = nvm_reg(0x00400c);
	r->r00c040 = nvm_reg(0x00c040);
	r->r100200 = nvm_reg(0x100200);
	r->r100210 = nvm_reg(0x100210);
	r->r10021c = nvm_reg(0x10021c);
	r->r1002d0 = nvm_reg(0x1002d0);
	r->r1002d4 = nvm_reg(0x1002d4);
	r->r1002dc = nvm_reg(0x1002dc);
	r->r10053c = nvm_reg(0x10053c);
	r->r1005a0 = nvm_reg(0x1005a0);
	r->r1005a4 = nvm_reg(0x1005a4);
	r->r100710 = nvm_reg(0x100710);
	r->r100714 = nvm_reg(0x100714);
	r->r100718 = nvm_reg(0x100718);
	r->r10071c = nvm_reg(0x10071c);
	/* one per partition */
	r->r100da0 = (struct nvm_reg){
		.addr = 0x100da0, .stride = 4, .mask = (uint32_t)B(PART_MASK)};
	r->r611200 = nvm_reg(0x611200);
	for (int i = 0; i < 9; i++)
		r->timing[i] = nvm_reg(0x100220 + 4 * (uint32_t)i);
	static const uint32_t mr_addr[3] = {0x1002c0, 0x1002c4, 0x1002e0};
	for (int i = 0; i < 3; i++) {
		r->mr[i] = nvm_reg(mr_addr[i]);
		if (B(RANKS) > 1) /* rank 1's copy 8 bytes on */
			r->mr[i] = (struct nvm_reg){.addr = mr_addr[i], .stride = 8, .mask = 3};
	}
	static const uint32_t gpio_addr[4] = {0x00e104, 0x00e108, 0x00e120, 0x00e124};
	for (int i = 0; i < 4; i++)
		r->gpio[i] = nvm_reg(gpio_addr[i]);
}

static uint8_t max_u8(uint8_t a, uint8_t b)
{
	return a > b ? a : b;
}

/* nv50_ram_timing_calc, or with no timing entry nv50_ram_timing_read
 * (the current timings; nvinputs.c derived CL, CWL and WR); *cwl gets the
 * CWL it settled on */
static void timing_calc(const struct nv_board *b, uint32_t t[9], uint8_t *cwl)
{
	if (B(TIMING_READ)) {
		for (int i = 0; i < 9; i++)
			t[i] = (uint32_t)b->v[NVRAM_F_CUR_TIMING_0 + i];
		*cwl = (uint8_t)B(T_CWL);
		return;
	}
	const uint8_t cl = (uint8_t)B(T_CL);
	uint8_t CWL = (uint8_t)B(T_CWL);
	const uint32_t cur2 = (uint32_t)B(CUR_TIMING_2), cur4 = (uint32_t)B(CUR_TIMING_4);
	const uint32_t cur7 = (uint32_t)B(CUR_TIMING_7), cur8 = (uint32_t)B(CUR_TIMING_8);
	if (!CWL)
		CWL = (uint8_t)(B(TYPE) == NVRAM_DDR2 ? cl - 1 : (int)(cur2 >> 24) + 1);
	uint8_t unkt3b;
	if (B(CHIPSET) == 0xa0) {
		unkt3b = (uint8_t)(0x19 + B(RAMMAP_00_16_40));
		t[6] = (uint32_t)((0x2d + cl - CWL + B(RAMMAP_00_16_40)) << 16 | CWL << 8 |
				  (0x2f + cl - CWL));
	} else {
		unkt3b = 0x16;
		int8_t c2 = (int8_t)(CWL - 2);
		t[6] = (uint32_t)((0x2b + cl - CWL) << 16 | (c2 > 1 ? c2 : 1) << 8 |
				  (0x2e + cl - CWL));
	}
	t[0] = (uint32_t)(B(T_RP) << 24 | B(T_RAS) << 16 | B(T_RFC) << 8 | B(T_RC));
	t[1] = (uint32_t)((B(T_WR) + 1 + CWL) << 24 | max_u8((uint8_t)B(T_18), 1) << 16 |
			  (B(T_WTR) + 1 + CWL) << 8 | (3 + cl - CWL));
	t[2] = (uint32_t)((CWL - 1) << 24 | B(T_RRD) << 16 | B(T_RCDWR) << 8 | B(T_RCDRD));
	t[3] = (uint32_t)((unkt3b - 2 + cl) << 24 | unkt3b << 16 | (cl - 1) << 8 | (cl - 1));
	t[4] = (cur4 & 0xffff0000u) | (uint32_t)(B(T_13) << 8 | B(T_13));
	t[5] = (uint32_t)(B(T_RFC) << 24 | max_u8((uint8_t)B(T_RCDRD), (uint8_t)B(T_RCDWR)) << 16 |
			  B(T_RP));
	t[7] = (cur7 & 0xff00ffffu) | (uint32_t)((cl - 1) << 16);
	t[8] = cur8 & 0xffffff00u;
	if (B(TYPE) == NVRAM_DDR2) {
		t[5] |= (uint32_t)((cl + 3) << 8);
		t[8] |= (uint32_t)(cl - 4);
	} else {
		t[5] |= (uint32_t)((cl + 2) << 8);
		t[8] |= (uint32_t)(cl - 2);
	}
	*cwl = CWL;
}

struct xlat {
	int id, enc;
};

static int xlat(const struct xlat *x, size_t n, int id)
{
	for (size_t i = 0; i < n; i++)
		if (x[i].id == id)
			return x[i].enc;
	return -1;
}

/* nvkm_gddr3_calc (timing table v1.0) */
static bool gddr3_calc(const struct nv_board *b, uint8_t cwl, uint32_t mr[3])
{
	static const struct xlat cl_lo[] = {{5, 5},  {7, 7},  {8, 0},  {9, 1}, {10, 2},
					    {11, 3}, {12, 8}, {13, 9}, {14, 6}};
	static const struct xlat cl_hi[] = {{10, 2}, {11, 3}, {12, 4}, {13, 5},
					    {14, 6}, {15, 7}, {16, 0}, {17, 1}};
	static const struct xlat wr_lo[] = {{5, 2},  {7, 4},  {8, 5}, {9, 6}, {10, 7},
					    {11, 0}, {13, 1}, {4, 0}, {6, 3}, {12, 1}};
	int dll = !B(RAMCFG_DLLOFF), odt = B(T_ODT), ron = B(RAMCFG_RON);
	int CL = (mr[2] & 1) ? xlat(cl_hi, 8, B(T_CL)) : xlat(cl_lo, 9, B(T_CL));
	int WR = xlat(wr_lo, 10, B(T_WR));
	if (CL < 0 || cwl < 1 || cwl > 7 || WR < 0)
		return false;
	mr[0] &= ~0xf74u;
	mr[0] |= (uint32_t)((cwl & 7) << 9 | (CL & 7) << 4 | (CL & 8) >> 1);
	mr[1] &= ~0x3fcu;
	mr[1] |= (uint32_t)((odt & 3) << 2 | (ron & 3) << 8 | (WR & 3) << 4 | (WR & 4) << 5 |
			    !dll << 6);
	return true;
}

/* nvkm_sddr2_calc (timing table v1.0) */
static bool sddr2_calc(const struct nv_board *b, uint32_t mr[3])
{
	static const struct xlat cl[] = {{2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}};
	static const struct xlat wr[] = {{2, 1}, {3, 2}, {4, 3}, {5, 4}, {6, 5}, {7, 6}};
	int dll = !B(RAMCFG_DLLOFF), odt = B(T_ODT) & 3;
	int CL = xlat(cl, 6, B(T_CL)), WR = xlat(wr, 6, B(T_WR));
	if (CL < 0 || WR < 0)
		return false;
	mr[0] &= ~0xf70u;
	mr[0] |= (uint32_t)((WR & 7) << 9 | (CL & 7) << 4);
	mr[1] &= ~0x045u;
	mr[1] |= (uint32_t)((odt & 1) << 2 | (odt & 2) << 5 | !dll);
	return true;
}

/* nv50_ram_gpio: the GPIO function's line, when its logical state is not
 * val; inverted lines and active-low functions flip the value. */
static void ram_gpio(struct nvm_hwsq *h, struct ram_regs *r, int line, int state, int log1,
		     uint32_t val)
{
	if (line < 0 || (uint32_t)state == val)
		return;
	struct nvm_reg *reg = &r->gpio[line >> 3];
	uint32_t sh = (uint32_t)(line & 7) << 2;
	uint32_t gpio_val = nvm_rd32(h, reg, ram_current);
	if (gpio_val & (8u << sh))
		val = !val;
	if (!(log1 & 1))
		val = !val;
	nvm_mask(h, reg, 3u << sh, (val | 2) << sh, ram_current);
	nvm_nsec(h, 20000);
}

bool nvm_build_ram(struct nvm_hwsq *h, const struct nv_board *b)
{
	struct ram_regs r;
	ram_regs_init(&r, b);
	uint32_t timing[9];
	uint8_t cwl;
	timing_calc(b, timing, &cwl);

	uint32_t mr[3];
	for (int i = 0; i < 3; i++)
		mr[i] = nvm_rd32(h, &r.mr[i], ram_current);
	if (!(B(TYPE) == NVRAM_GDDR3 ? gddr3_calc(b, cwl, mr) : sddr2_calc(b, mr)))
		return false;

	const int chipset = B(CHIPSET);
	if (chipset <= 0x96 && !B(RAMCFG_00_03_02))
		nvm_mask(h, &r.r100710, 0x200, 0, ram_current);
	nvm_mask(h, &r.r100200, 0x800, 0, ram_current);

	/* hwsq_wait_vblank: head 0 event 1, head 1 event 3, none: nothing */
	if (B(VBLANK_HEAD) >= 0) {
		uint8_t ev = B(VBLANK_HEAD) ? 3 : 1;
		nvm_wait(h, ev, 0);
		nvm_wait(h, ev, 1);
	}
	nvm_reg_wr32(h, &r.r611200, 0x00003300);
	nvm_reg_wr32(h, &r.r002504, 0x00000001);
	nvm_nsec(h, 8000);
	nvm_setf(h, 0x10, 0);
	nvm_wait(h, 0x00, 0x01);
	nvm_nsec(h, 2000);

	const int odt_line = B(GPIO_ODT_LINE), odt_state = B(GPIO_ODT_STATE);
	if (B(T_ODT))
		ram_gpio(h, &r, odt_line, odt_state, B(GPIO_ODT_LOG1), 1);

	nvm_reg_wr32(h, &r.r1002d4, 1);
	nvm_reg_wr32(h, &r.r1002d0, 1);
	nvm_reg_wr32(h, &r.r1002d0, 1);
	nvm_reg_wr32(h, &r.r100210, 0);
	nvm_reg_wr32(h, &r.r1002dc, 1);

	uint32_t r100da0, r004008;
	if (B(FREQ_KHZ) <= 750000) {
		r100da0 = 0x00000010;
		r004008 = 0x90000000;
	} else {
		r100da0 = 0x00000000;
		r004008 = 0x80000000;
	}
	const uint32_t P = (uint32_t)B(MPLL_P);
	r004008 |= (uint32_t)B(MPLL_BIAS_P) << 19 | P << 22 | P << 16;

	nvm_mask(h, &r.r00c040, 0xc000c000, 0x0000c000, ram_current);
	nvm_mask(h, &r.r004008, 0x00004200, 0x00000200 | (uint32_t)B(RAMMAP_00_16_40) << 14,
		 ram_current);
	nvm_mask(h, &r.r00400c, 0x0000ffff, (uint32_t)(B(MPLL_N1) << 8 | B(MPLL_M1)), ram_current);
	nvm_mask(h, &r.r004008, 0x91ff0000, r004008, ram_current);
	if (chipset >= 0x92)
		nvm_reg_wr32(h, &r.r100da0, r100da0);
	ram_gpio(h, &r, B(GPIO_FBVDDQ_LINE), B(GPIO_FBVDDQ_STATE), B(GPIO_FBVDDQ_LOG1),
		 !B(RAMCFG_FBVDDQ));
	nvm_nsec(h, 64000);
	nvm_nsec(h, 32000);

	nvm_mask(h, &r.r004008, 0x00002200, 0x00002000, ram_current);
	nvm_reg_wr32(h, &r.r1002dc, 0);
	nvm_reg_wr32(h, &r.r1002d4, 1);
	nvm_reg_wr32(h, &r.r100210, 0x80000000);
	nvm_nsec(h, 12000);

	if (B(TYPE) == NVRAM_DDR2) {
		/* the SDK's DDR2 branch (nouveau returns -ENOSYS before
		 * building anything): the MR0 of the new timings, forced */
		r.mr[0].force = true;
		nvm_reg_wr32(h, &r.mr[0], mr[0]);
	} else {
		r.mr[1].force = true;
		nvm_reg_wr32(h, &r.mr[1], mr[1]);
		r.mr[0].force = true;
		nvm_reg_wr32(h, &r.mr[0], mr[0]);
	}

	static const int order[9] = {3, 1, 6, 7, 8, 0, 2, 4, 5};
	for (int i = 0; i < 9; i++)
		nvm_mask(h, &r.timing[order[i]], 0xffffffff, timing[order[i]], ram_current);

	if (!B(RAMCFG_00_03_02))
		nvm_mask(h, &r.r10021c, 0x00010000, 0, ram_current);
	nvm_mask(h, &r.r100200, 0x00001000, (uint32_t)!B(RAMCFG_00_04_02) << 12, ram_current);

	uint32_t unk710 = nvm_rd32(h, &r.r100710, ram_current) & ~0x00000100u;
	uint32_t unk714 = nvm_rd32(h, &r.r100714, ram_current) & ~0xf0000020u;
	uint32_t unk718 = nvm_rd32(h, &r.r100718, ram_current) & ~0x00000100u;
	uint32_t unk71c = nvm_rd32(h, &r.r10071c, ram_current) & ~0x00000100u;
	if (chipset <= 0x96) {
		unk710 &= ~0x0000006eu;
		unk714 &= ~0x00000100u;
		if (!B(RAMCFG_00_03_08))
			unk710 |= 0x00000060;
		if (!B(RAMCFG_FBVDDQ))
			unk714 |= 0x00000100;
		if (B(RAMCFG_00_04_04))
			unk710 |= 0x0000000e;
	} else {
		unk710 &= ~0x00000001u;
		if (!B(RAMCFG_00_03_08))
			unk710 |= 0x00000001;
	}
	if (B(RAMCFG_00_03_01))
		unk71c |= 0x00000100;
	if (B(RAMCFG_00_03_02))
		unk710 |= 0x00000100;
	if (!B(RAMCFG_00_03_08))
		unk714 |= 0x00000020;
	if (B(RAMCFG_00_04_04))
		unk714 |= 0x70000000;
	if (B(RAMCFG_00_04_20))
		unk718 |= 0x00000100;
	nvm_mask(h, &r.r100714, 0xffffffff, unk714, ram_current);
	nvm_mask(h, &r.r10071c, 0xffffffff, unk71c, ram_current);
	nvm_mask(h, &r.r100718, 0xffffffff, unk718, ram_current);
	nvm_mask(h, &r.r100710, 0xffffffff, unk710, ram_current);

	if (B(RAMMAP_00_16_20)) {
		nvm_reg_wr32(
			h, &r.r1005a0,
			(uint32_t)(B(RAMCFG_00_07) << 16 | B(RAMCFG_00_06) << 8 | B(RAMCFG_00_05)));
		nvm_reg_wr32(h, &r.r1005a4, (uint32_t)(B(RAMCFG_00_09) << 8 | B(RAMCFG_00_08)));
		nvm_mask(h, &r.r10053c, 0x00001000, 0, ram_current);
	} else {
		nvm_mask(h, &r.r10053c, 0x00001000, 0x00001000, ram_current);
	}
	nvm_mask(h, &r.mr[1], 0xffffffff, mr[1], ram_current);

	if (!B(T_ODT))
		ram_gpio(h, &r, odt_line, odt_state, B(GPIO_ODT_LOG1), 0);

	if (!B(RAMCFG_DLLOFF)) { /* nvkm_sddr2_dll_reset */
		nvm_mask(h, &r.mr[0], 0x100, 0x100, ram_current);
		nvm_mask(h, &r.mr[0], 0x100, 0x000, ram_current);
		nvm_nsec(h, 24000);
	}

	nvm_setf(h, 0x10, 1);
	nvm_wait(h, 0x00, 0x00);
	nvm_reg_wr32(h, &r.r611200, 0x00003330);
	nvm_reg_wr32(h, &r.r002504, 0x00000000);

	if (B(RAMMAP_00_17_02))
		nvm_mask(h, &r.r100200, 0x00000800, 0x00000800, ram_current);
	if (!B(RAMMAP_00_16_40))
		nvm_mask(h, &r.r004008, 0x00004000, 0x00000000, ram_current);
	if (B(RAMCFG_00_03_02))
		nvm_mask(h, &r.r10021c, 0x00010000, 0x00010000, ram_current);
	if (chipset <= 0x96 && B(RAMCFG_00_03_02))
		nvm_mask(h, &r.r100710, 0x00000200, 0x00000200, ram_current);
	return true;
}
