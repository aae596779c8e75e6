/* GeForce 9500 GT, 512 MiB DDR2 (G96, chipset 0x96: the nv92 family of
 * code RAM), memory to 500 MHz. Inputs of nouveau's memory reclock; where
 * each kind of value comes from is said in g84-gddr3.h, and why nouveau's
 * DDR2 branch needs nvkm_sddr2_calc's values in g86-ddr2.h. This board:
 * one rank, the memory voltage (FBVDDQ) switched through GPIO line 2, an
 * inverted line (bit 3 of its nibble set) whose function is active-high,
 * the DLL left off (no DLL reset), ODT off after the switch, and an
 * extended mode register that changes (written after the timings).
 * Representative register readings, not a dump of one card. */
#define NVRAM_CHIPSET 0x96
#define NVRAM_TYPE NVRAM_DDR2
#define NVRAM_RANKS 1
#define NVRAM_PART_MASK 0x03
#define NVRAM_VBLANK_HEAD 0
#define NVRAM_FREQ_KHZ 500000
#define NVRAM_MPLL_N1 37 /* 27 * 37 / 1 >> 1 = 499.5 MHz */
#define NVRAM_MPLL_M1 1
#define NVRAM_MPLL_P 1
#define NVRAM_MPLL_BIAS_P 2

#define NVRAM_T_CL 6
#define NVRAM_T_CWL 5
#define NVRAM_T_WR 6
#define NVRAM_T_WTR 3
#define NVRAM_T_RP 6
#define NVRAM_T_RAS 20
#define NVRAM_T_RFC 53
#define NVRAM_T_RC 27
#define NVRAM_T_RRD 4
#define NVRAM_T_RCDWR 6
#define NVRAM_T_RCDRD 6
#define NVRAM_T_13 0x09
#define NVRAM_T_18 2
#define NVRAM_T_ODT 0

#define NVRAM_RAMCFG_DLLOFF 1
#define NVRAM_RAMCFG_FBVDDQ 0
#define NVRAM_RAMCFG_RON 0
#define NVRAM_RAMCFG_00_03_01 1
#define NVRAM_RAMCFG_00_03_02 0
#define NVRAM_RAMCFG_00_03_08 0
#define NVRAM_RAMCFG_00_04_02 1
#define NVRAM_RAMCFG_00_04_04 0
#define NVRAM_RAMCFG_00_04_20 0
#define NVRAM_RAMCFG_00_05 0
#define NVRAM_RAMCFG_00_06 0
#define NVRAM_RAMCFG_00_07 0
#define NVRAM_RAMCFG_00_08 0
#define NVRAM_RAMCFG_00_09 0
#define NVRAM_RAMMAP_00_16_20 0
#define NVRAM_RAMMAP_00_16_40 0
#define NVRAM_RAMMAP_00_17_02 0

#define NVRAM_CUR_TIMING_0 0x05121f16
#define NVRAM_CUR_TIMING_1 0x0b020904
#define NVRAM_CUR_TIMING_2 0x03040505
#define NVRAM_CUR_TIMING_3 0x19160505
#define NVRAM_CUR_TIMING_4 0x00020909
#define NVRAM_CUR_TIMING_5 0x1f060805
#define NVRAM_CUR_TIMING_6 0x002c0301
#define NVRAM_CUR_TIMING_7 0x10050000
#define NVRAM_CUR_TIMING_8 0x00000801
#define NVRAM_CUR_MR0 0x00000a52
#define NVRAM_CUR_MR1 0x00000044
#define NVRAM_CUR_MR2 0x00000000
#define NVRAM_CUR_100200 0x00000000
#define NVRAM_CUR_00C040 0x0000c033
#define NVRAM_CUR_004008 0x80000000
#define NVRAM_CUR_00400C 0x00002501
#define NVRAM_CUR_10021C 0x00010000
#define NVRAM_CUR_100710 0x00000000
#define NVRAM_CUR_100714 0x00000001
#define NVRAM_CUR_100718 0x00000000
#define NVRAM_CUR_10071C 0x00000000
#define NVRAM_CUR_10053C 0x00001000
#define NVRAM_CUR_E104 0x00000800 /* line 2 inverted */
#define NVRAM_CUR_E108 0x00000000
#define NVRAM_CUR_E120 0x00000000
#define NVRAM_CUR_E124 0x00000000

#define NVRAM_GPIO_ODT_LINE (-1)
#define NVRAM_GPIO_ODT_STATE 0
#define NVRAM_GPIO_ODT_LOG1 0
#define NVRAM_GPIO_FBVDDQ_LINE 2
#define NVRAM_GPIO_FBVDDQ_STATE 0
#define NVRAM_GPIO_FBVDDQ_LOG1 1
