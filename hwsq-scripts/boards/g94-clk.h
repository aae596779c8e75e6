/* GeForce 9600 GT (G94, chipset 0x94: the nv92 family of code RAM),
 * engine clocks to a low level: core 297 MHz, shader 594 MHz, twice the
 * core, so tied to the core PLL with one post-divider less; no vdec
 * change; dom6 from hclk * 3 divided by 4. Inputs of nouveau's clock
 * change; where each kind of value comes from is said in g84-clk.h
 * (27 * 44 / 1 >> 2 = 297 MHz). The dividers are at 0x004800 on this
 * chipset. Representative register readings, not a dump of one card. */
#define NVCLK_CHIPSET 0x94
#define NVCLK_VDEC_SRC 0
#define NVCLK_VDEC_P 0
#define NVCLK_DOM6_SRC 3
#define NVCLK_DOM6_P 2
#define NVCLK_CORE_N 44
#define NVCLK_CORE_M 1
#define NVCLK_CORE_P 2
#define NVCLK_SHADER_TIED 1
#define NVCLK_SHADER_N 0
#define NVCLK_SHADER_M 0
#define NVCLK_SHADER_P 0
#define NVCLK_CUR_MAST 0x48000c33
#define NVCLK_CUR_DIVS 0x00000101
#define NVCLK_CUR_NVPLL0 0x80000000
#define NVCLK_CUR_NVPLL1 0x00002401
#define NVCLK_CUR_SPLL0 0x80000000
#define NVCLK_CUR_SPLL1 0x00003401
