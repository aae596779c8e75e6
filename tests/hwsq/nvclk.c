/* nouveau's G80..GT200 engine clock change (clk/nv50.c: nv50_clk_calc),
 * as the ordered hwsq calls it makes for a board. The frequencies have
 * already become choices (vdec and dom6 sources and dividers, PLL
 * coefficients): the board gives those. */
#include "nvmodel.h"

#define B(n) ((int)b->v[NVCLK_F_##n])

static uint32_t clk_current(const struct nv_board *b, uint32_t addr)
{
	static const struct {
		uint32_t addr;
		enum nvclk_field f;
	} regs[] = {
		{0x00c040, NVCLK_F_CUR_MAST},   {0x004700, NVCLK_F_CUR_DIVS},
		{0x004800, NVCLK_F_CUR_DIVS},   {0x004028, NVCLK_F_CUR_NVPLL0},
		{0x00402c, NVCLK_F_CUR_NVPLL1}, {0x004020, NVCLK_F_CUR_SPLL0},
		{0x004024, NVCLK_F_CUR_SPLL1},
	};
	for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
		if (regs[i].addr == addr)
			return (uint32_t)b->v[regs[i].f];
	return 0;
}

bool nvm_build_clk(struct nvm_hwsq *h, const struct nv_board *b)
{
	const int chipset = B(CHIPSET);
	struct nvm_reg fifo = nvm_reg(0x002504), mast = nvm_reg(0x00c040);
	struct nvm_reg nvpll0 = nvm_reg(0x004028), nvpll1 = nvm_reg(0x00402c);
	struct nvm_reg spll0 = nvm_reg(0x004020), spll1 = nvm_reg(0x004024);
	struct nvm_reg divs = nvm_reg(chipset >= 0x92 && chipset <= 0x96 ? 0x004800 : 0x004700);
	uint32_t mastm = 0, mastv = 0, divsm = 0, divsv = 0;

	nvm_reg_wr32(h, &fifo, 1);
	nvm_nsec(h, 8000);
	nvm_setf(h, 0x10, 0x00);
	nvm_wait(h, 0x00, 0x01);

	if (B(VDEC_SRC)) {
		if (B(VDEC_SRC) == 1) { /* the core clock was closer */
			if (chipset != 0x98)
				mastv |= 0x00000c00;
		} else {
			mastv |= 0x00000800;
		}
		divsv |= (uint32_t)B(VDEC_P) << 8;
		mastm |= 0x00000c00;
		divsm |= 0x00000700;
	}
	if (B(DOM6_SRC)) {
		if (B(DOM6_SRC) == 2) {
			mastv |= 0x08000000;
		} else if (B(DOM6_SRC) == 3) {
			mastv |= 0x0c000000;
			divsv |= (uint32_t)B(DOM6_P);
		}
		mastm |= 0x0c000000;
		divsm |= 0x00000007;
	}
	nvm_mask(h, &mast, mastm, 0x00000000, clk_current);
	nvm_mask(h, &divs, divsm, divsv, clk_current);
	nvm_mask(h, &mast, mastm, mastv, clk_current);

	if (chipset < 0x92)
		nvm_mask(h, &mast, 0x001000b0, 0x00100080, clk_current);
	else
		nvm_mask(h, &mast, 0x000000b3, 0x00000081, clk_current);

	int P1 = B(CORE_P);
	nvm_mask(h, &nvpll0, 0xc03f0100, 0x80000000u | (uint32_t)P1 << 19 | (uint32_t)P1 << 16,
		 clk_current);
	nvm_mask(h, &nvpll1, 0x0000ffff, (uint32_t)(B(CORE_N) << 8 | B(CORE_M)), clk_current);

	/* nouveau decrements P1 whether or not the test passes */
	if (P1-- && B(SHADER_TIED)) {
		nvm_mask(h, &spll0, 0xc03f0100, (uint32_t)P1 << 19 | (uint32_t)P1 << 16,
			 clk_current);
		nvm_mask(h, &mast, 0x00100033, 0x00000023, clk_current);
	} else {
		P1 = B(SHADER_P);
		nvm_mask(h, &spll0, 0xc03f0100,
			 0x80000000u | (uint32_t)P1 << 19 | (uint32_t)P1 << 16, clk_current);
		nvm_mask(h, &spll1, 0x0000ffff, (uint32_t)(B(SHADER_N) << 8 | B(SHADER_M)),
			 clk_current);
		nvm_mask(h, &mast, 0x00100033, 0x00000033, clk_current);
	}

	nvm_setf(h, 0x10, 0x01);
	nvm_wait(h, 0x00, 0x00);
	nvm_reg_wr32(h, &fifo, 0x00000000);
	return true;
}
