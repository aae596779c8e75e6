/* GeForce 9400 GT (G98, chipset 0x98: the nv92 family of code RAM),
 * engine clocks: core 567 MHz, shader 1134 MHz. The shader clock is
 * twice the core, but the core PLL's post-divider is 0, so nouveau
 * programs the shader PLL anyway; vdec from the core clock (on 0x98 the
 * master's vdec bits stay 0 for that choice); dom6 from the PCIe
 * reference. Inputs of nouveau's clock change; where each kind of value
 * comes from is said in g84-clk.h (27 * 21 / 1 = 567 MHz,
 * 27 * 42 / 1 = 1134 MHz). Representative register readings, not a dump
 * of one card. */
#define NVCLK_CHIPSET 0x98
#define NVCLK_VDEC_SRC 1
#define NVCLK_VDEC_P 2
#define NVCLK_DOM6_SRC 1
#define NVCLK_DOM6_P 0
#define NVCLK_CORE_N 21
#define NVCLK_CORE_M 1
#define NVCLK_CORE_P 0
#define NVCLK_SHADER_TIED 1
#define NVCLK_SHADER_N 42
#define NVCLK_SHADER_M 1
#define NVCLK_SHADER_P 0
#define NVCLK_CUR_MAST 0x04000833
#define NVCLK_CUR_DIVS 0x00000105
#define NVCLK_CUR_NVPLL0 0x80010000
#define NVCLK_CUR_NVPLL1 0x00001c01
#define NVCLK_CUR_SPLL0 0x80000000
#define NVCLK_CUR_SPLL1 0x00003801
