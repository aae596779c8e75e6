/* GeForce 8600 GT (G84, chipset 0x84: the nv50 family of code RAM),
 * engine clocks to its top level: core 540 MHz, shader 1188 MHz (not
 * twice the core: its own PLL), vdec from the core clock through a
 * divider, dom6 from hclk. Inputs of nouveau's clock change
 * (clk/nv50.c).
 *
 * Where the values come from:
 * - chip facts: the chipset (dividers at 0x004700), 27 MHz crystal;
 * - the clock levels: the VBIOS performance table's;
 * - the choices nouveau makes from them (nv50_clk_calc): vdec source and
 *   divider from calc_div against the core clock and the xpll, dom6
 *   source by comparing with href/hclk, core and shader N/M/P from
 *   nv04_pll_calc (27 * 40 / 1 >> 1 = 540 MHz; 27 * 44 / 1 = 1188 MHz);
 * - CUR_*: the registers at the boot level when nouveau reads them:
 *   representative values, not a dump of one card. */
#define NVCLK_CHIPSET 0x84
#define NVCLK_VDEC_SRC 1 /* 0 none, 1 core clock, 2 xpll/hclk */
#define NVCLK_VDEC_P 1
#define NVCLK_DOM6_SRC 2 /* 0 none, 1 href, 2 hclk, 3 hclk * 3 divided */
#define NVCLK_DOM6_P 0
#define NVCLK_CORE_N 40
#define NVCLK_CORE_M 1
#define NVCLK_CORE_P 1
#define NVCLK_SHADER_TIED 0
#define NVCLK_SHADER_N 44
#define NVCLK_SHADER_M 1
#define NVCLK_SHADER_P 0
#define NVCLK_CUR_MAST 0x40000433
#define NVCLK_CUR_DIVS 0x00000203
#define NVCLK_CUR_NVPLL0 0x80090000
#define NVCLK_CUR_NVPLL1 0x00002402
#define NVCLK_CUR_SPLL0 0x80000000
#define NVCLK_CUR_SPLL1 0x00002301
