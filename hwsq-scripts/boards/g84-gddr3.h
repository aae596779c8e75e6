/* GeForce 8600 GT, 256 MiB GDDR3 (G84, chipset 0x84: the nv50 family of
 * code RAM), memory going from its boot clock to 700 MHz, the board's
 * top performance level. Inputs of nouveau's memory reclock (ramnv50.c);
 * nv50-ram.h computes what nouveau writes from them.
 *
 * Where the values come from:
 * - chip facts: the chipset, 128-bit bus = two 64-bit partitions (the
 *   partition mask nouveau reads from 0x001540 bits 16-23), one rank
 *   (0x100200 bit 2 clear), the 27 MHz crystal;
 * - the memory PLL: N1, M1 and P are the solution nv04_pll_calc finds
 *   for 700 MHz from 27 MHz with a single stage (27 * 52 / 1 >> 1 =
 *   702 MHz); bias_p is the VBIOS PLL table's;
 * - the timing entry (VBIOS memory timing table v1.0, in memory clocks):
 *   GDDR3 at 700 MHz (1.43 ns) from the memory's data sheet figures,
 *   CWL 0 so that nouveau derives it from the current timing 2;
 * - the ramcfg and rammap bits: the VBIOS's for this strap;
 * - CUR_*: what the registers hold at the boot clock when nouveau reads
 *   them (the timing and mode registers as the VBIOS set them for the
 *   boot level). These are representative values, not a dump of one
 *   card: change them to a card's own readings (nvapeek) to get its
 *   script. */
#define NVRAM_CHIPSET 0x84
#define NVRAM_TYPE NVRAM_GDDR3
#define NVRAM_RANKS 1
#define NVRAM_PART_MASK 0x03
#define NVRAM_VBLANK_HEAD 0 /* head 0 drives the largest mode */
#define NVRAM_FREQ_KHZ 700000
#define NVRAM_MPLL_N1 52
#define NVRAM_MPLL_M1 1
#define NVRAM_MPLL_P 1
#define NVRAM_MPLL_BIAS_P 0

/* timing entry: clocks at 700 MHz */
#define NVRAM_T_CL 9
#define NVRAM_T_CWL 0 /* derived: current timing 2 top byte + 1 = 4 */
#define NVRAM_T_WR 11
#define NVRAM_T_WTR 4
#define NVRAM_T_RP 10
#define NVRAM_T_RAS 25
#define NVRAM_T_RFC 62
#define NVRAM_T_RC 35
#define NVRAM_T_RRD 7
#define NVRAM_T_RCDWR 7
#define NVRAM_T_RCDRD 10
#define NVRAM_T_13 0x0c
#define NVRAM_T_18 1
#define NVRAM_T_ODT 1

/* ramcfg (per strap) and rammap (per performance level) bits */
#define NVRAM_RAMCFG_DLLOFF 0
#define NVRAM_RAMCFG_FBVDDQ 0
#define NVRAM_RAMCFG_RON 0
#define NVRAM_RAMCFG_00_03_01 0
#define NVRAM_RAMCFG_00_03_02 0
#define NVRAM_RAMCFG_00_03_08 0
#define NVRAM_RAMCFG_00_04_02 0
#define NVRAM_RAMCFG_00_04_04 0
#define NVRAM_RAMCFG_00_04_20 0
#define NVRAM_RAMCFG_00_05 0
#define NVRAM_RAMCFG_00_06 0
#define NVRAM_RAMCFG_00_07 0
#define NVRAM_RAMCFG_00_08 0
#define NVRAM_RAMCFG_00_09 0
#define NVRAM_RAMMAP_00_16_20 0
#define NVRAM_RAMMAP_00_16_40 0
#define NVRAM_RAMMAP_00_17_02 1

/* registers at the boot clock */
#define NVRAM_CUR_TIMING_0 0x06111f14
#define NVRAM_CUR_TIMING_1 0x0e010a05
#define NVRAM_CUR_TIMING_2 0x03050709
#define NVRAM_CUR_TIMING_3 0x1c160707
#define NVRAM_CUR_TIMING_4 0x00030c0c
#define NVRAM_CUR_TIMING_5 0x1f0a0706
#define NVRAM_CUR_TIMING_6 0x002f0232
#define NVRAM_CUR_TIMING_7 0x10070000
#define NVRAM_CUR_TIMING_8 0x00000806
#define NVRAM_CUR_MR0 0x00000802
#define NVRAM_CUR_MR1 0x00000024
#define NVRAM_CUR_MR2 0x00000000
#define NVRAM_CUR_100200 0x00001088
#define NVRAM_CUR_00C040 0x0010c033
#define NVRAM_CUR_004008 0x80412000
#define NVRAM_CUR_00400C 0x00001d02
#define NVRAM_CUR_10021C 0x00000000
#define NVRAM_CUR_100710 0x00000060
#define NVRAM_CUR_100714 0x00000122
#define NVRAM_CUR_100718 0x00000000
#define NVRAM_CUR_10071C 0x00000000
#define NVRAM_CUR_10053C 0x00001000
#define NVRAM_CUR_E104 0x00000000
#define NVRAM_CUR_E108 0x00000000
#define NVRAM_CUR_E120 0x00000000
#define NVRAM_CUR_E124 0x00000000

/* GPIO functions 0x2e (ODT) and 0x18 (FBVDDQ): line -1, the DCB has none */
#define NVRAM_GPIO_ODT_LINE (-1)
#define NVRAM_GPIO_ODT_STATE 0
#define NVRAM_GPIO_ODT_LOG1 0
#define NVRAM_GPIO_FBVDDQ_LINE (-1)
#define NVRAM_GPIO_FBVDDQ_STATE 0
#define NVRAM_GPIO_FBVDDQ_LOG1 0
