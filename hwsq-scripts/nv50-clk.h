/* What nouveau's G80..GT200 clock change (nvkm/subdev/clk/nv50.c,
 * nv50_clk_calc) computes from a board, as cpp macros for
 * nv50-clk.hwsq: the clock master (0x00c040), the vdec/dom6 dividers
 * (0x004700, or 0x004800 on chipsets 0x92-0x96), the core PLL
 * (0x004028/0x00402c) and the shader PLL (0x004020/0x004024) values, and
 * which of the writes happen. The board header gives the NVCLK_* inputs.
 * Every write goes through hwsq_mask(), so it happens only when the value
 * changes (the register's contents read once, then followed).
 *
 * hwsq-as expressions have no comparisons or ?:, so every choice is an
 * #if here; flags are 0 or 1. */
#ifndef HWSQ_NV50_CLK_H
#define HWSQ_NV50_CLK_H

#define CLK_MASK(cur, mask, data) (((cur) & ~(mask)) | (data))

#if NVCLK_CHIPSET >= 0x92 && NVCLK_CHIPSET <= 0x96
#define CLK_DIVS_REG 0x004800
#else
#define CLK_DIVS_REG 0x004700
#endif

/* vdec: from the core clock through a divider (source 1), or from the
 * xpll/hclk (source 2); nouveau picks whichever comes closer. On 0x98
 * the core choice leaves the master's vdec bits 0. */
#if NVCLK_VDEC_SRC == 1 && NVCLK_CHIPSET != 0x98
#define CLK_MASTV_VDEC 0x00000c00
#elif NVCLK_VDEC_SRC == 2
#define CLK_MASTV_VDEC 0x00000800
#else
#define CLK_MASTV_VDEC 0
#endif
#if NVCLK_VDEC_SRC
#define CLK_MASTM_VDEC 0x00000c00
#define CLK_DIVSM_VDEC 0x00000700
#define CLK_DIVSV_VDEC (NVCLK_VDEC_P << 8)
#else
#define CLK_MASTM_VDEC 0
#define CLK_DIVSM_VDEC 0
#define CLK_DIVSV_VDEC 0
#endif

/* dom6: the PCIe reference (1), hclk (2) or hclk * 3 divided (3) */
#if NVCLK_DOM6_SRC == 2
#define CLK_MASTV_DOM6 0x08000000
#elif NVCLK_DOM6_SRC == 3
#define CLK_MASTV_DOM6 0x0c000000
#else
#define CLK_MASTV_DOM6 0
#endif
#if NVCLK_DOM6_SRC == 3
#define CLK_DIVSV_DOM6 NVCLK_DOM6_P
#else
#define CLK_DIVSV_DOM6 0
#endif
#if NVCLK_DOM6_SRC
#define CLK_MASTM_DOM6 0x0c000000
#define CLK_DIVSM_DOM6 0x00000007
#else
#define CLK_MASTM_DOM6 0
#define CLK_DIVSM_DOM6 0
#endif

#define CLK_MASTM (CLK_MASTM_VDEC | CLK_MASTM_DOM6)
#define CLK_MASTV (CLK_MASTV_VDEC | CLK_MASTV_DOM6)
#define CLK_DIVSM (CLK_DIVSM_VDEC | CLK_DIVSM_DOM6)
#define CLK_DIVSV (CLK_DIVSV_VDEC | CLK_DIVSV_DOM6)

/* the master: safe clocks, dividers, target vdec/dom6 sources, then the
 * core and shader clocks off their PLLs (to dom6 and hclk) */
#define CLK_MAST_A CLK_MASK(NVCLK_CUR_MAST, CLK_MASTM, 0)
#define CLK_MAST_A_WR (CLK_MAST_A != NVCLK_CUR_MAST)
#define CLK_DIVS CLK_MASK(NVCLK_CUR_DIVS, CLK_DIVSM, CLK_DIVSV)
#define CLK_DIVS_WR (CLK_DIVS != NVCLK_CUR_DIVS)
#define CLK_MAST_B CLK_MASK(CLK_MAST_A, CLK_MASTM, CLK_MASTV)
#define CLK_MAST_B_WR (CLK_MAST_B != CLK_MAST_A)
#if NVCLK_CHIPSET < 0x92
#define CLK_MAST_C CLK_MASK(CLK_MAST_B, 0x001000b0, 0x00100080)
#else
#define CLK_MAST_C CLK_MASK(CLK_MAST_B, 0x000000b3, 0x00000081)
#endif
#define CLK_MAST_C_WR (CLK_MAST_C != CLK_MAST_B)

/* the core PLL: N, M and P as nv04_pll_calc finds them */
#define CLK_NVPLL0                                                                      \
	CLK_MASK(NVCLK_CUR_NVPLL0, 0xc03f0100,                                           \
		 0x80000000 | NVCLK_CORE_P << 19 | NVCLK_CORE_P << 16)
#define CLK_NVPLL0_WR (CLK_NVPLL0 != NVCLK_CUR_NVPLL0)
#define CLK_NVPLL1 CLK_MASK(NVCLK_CUR_NVPLL1, 0xffff, NVCLK_CORE_N << 8 | NVCLK_CORE_M)
#define CLK_NVPLL1_WR (CLK_NVPLL1 != NVCLK_CUR_NVPLL1)

/* the shader clock: tied to the core PLL with one less post-divider when
 * it is twice the core clock and the core's P is not 0, else its own PLL */
#if NVCLK_CORE_P && NVCLK_SHADER_TIED
#define CLK_SHADER_TIED 1
#define CLK_SPLL0                                                                       \
	CLK_MASK(NVCLK_CUR_SPLL0, 0xc03f0100,                                            \
		 (NVCLK_CORE_P - 1) << 19 | (NVCLK_CORE_P - 1) << 16)
#define CLK_MAST_D CLK_MASK(CLK_MAST_C, 0x00100033, 0x00000023)
#else
#define CLK_SHADER_TIED 0
#define CLK_SPLL0                                                                       \
	CLK_MASK(NVCLK_CUR_SPLL0, 0xc03f0100,                                            \
		 0x80000000 | NVCLK_SHADER_P << 19 | NVCLK_SHADER_P << 16)
#define CLK_SPLL1 CLK_MASK(NVCLK_CUR_SPLL1, 0xffff, NVCLK_SHADER_N << 8 | NVCLK_SHADER_M)
#define CLK_SPLL1_WR (CLK_SPLL1 != NVCLK_CUR_SPLL1)
#define CLK_MAST_D CLK_MASK(CLK_MAST_C, 0x00100033, 0x00000033)
#endif
#define CLK_SPLL0_WR (CLK_SPLL0 != NVCLK_CUR_SPLL0)
#define CLK_MAST_D_WR (CLK_MAST_D != CLK_MAST_C)

#endif
