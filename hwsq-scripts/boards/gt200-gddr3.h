/* GeForce GTX 260, 896 MiB GDDR3 (GT200, chipset 0xa0: the nv92 family
 * of code RAM), memory to 999 MHz. Inputs of nouveau's memory reclock;
 * where each kind of value comes from is said in g84-gddr3.h. This
 * board: a 448-bit bus (seven of eight partitions), GT200's own timing 3
 * and 6 formulas, 0x100710 handled the post-G96 way, the high CAS
 * latency table (MR2 bit 0 set), and ODT and FBVDDQ on two lines of the
 * same GPIO register (the second change sees the first). Representative
 * register readings, not a dump of one card. */
#define NVRAM_CHIPSET 0xa0
#define NVRAM_TYPE NVRAM_GDDR3
#define NVRAM_RANKS 1
#define NVRAM_PART_MASK 0x7f
#define NVRAM_VBLANK_HEAD 0
#define NVRAM_FREQ_KHZ 999000
#define NVRAM_MPLL_N1 37 /* 27 * 37 / 1 >> 0 = 999 MHz */
#define NVRAM_MPLL_M1 1
#define NVRAM_MPLL_P 0
#define NVRAM_MPLL_BIAS_P 0

#define NVRAM_T_CL 12
#define NVRAM_T_CWL 0 /* derived from the current timing 2: 5 */
#define NVRAM_T_WR 12
#define NVRAM_T_WTR 6
#define NVRAM_T_RP 14
#define NVRAM_T_RAS 35
#define NVRAM_T_RFC 88
#define NVRAM_T_RC 49
#define NVRAM_T_RRD 10
#define NVRAM_T_RCDWR 10
#define NVRAM_T_RCDRD 14
#define NVRAM_T_13 0x10
#define NVRAM_T_18 2
#define NVRAM_T_ODT 1

#define NVRAM_RAMCFG_DLLOFF 0
#define NVRAM_RAMCFG_FBVDDQ 1
#define NVRAM_RAMCFG_RON 2
#define NVRAM_RAMCFG_00_03_01 0
#define NVRAM_RAMCFG_00_03_02 0
#define NVRAM_RAMCFG_00_03_08 0
#define NVRAM_RAMCFG_00_04_02 0
#define NVRAM_RAMCFG_00_04_04 1
#define NVRAM_RAMCFG_00_04_20 0
#define NVRAM_RAMCFG_00_05 0
#define NVRAM_RAMCFG_00_06 0
#define NVRAM_RAMCFG_00_07 0
#define NVRAM_RAMCFG_00_08 0
#define NVRAM_RAMCFG_00_09 0
#define NVRAM_RAMMAP_00_16_20 0
#define NVRAM_RAMMAP_00_16_40 1
#define NVRAM_RAMMAP_00_17_02 1

#define NVRAM_CUR_TIMING_0 0x0a1a3e23
#define NVRAM_CUR_TIMING_1 0x11010b07
#define NVRAM_CUR_TIMING_2 0x04080a0c
#define NVRAM_CUR_TIMING_3 0x231a0909
#define NVRAM_CUR_TIMING_4 0x00050e0e
#define NVRAM_CUR_TIMING_5 0x3e0c0c0a
#define NVRAM_CUR_TIMING_6 0x00330533
#define NVRAM_CUR_TIMING_7 0x100a0000
#define NVRAM_CUR_TIMING_8 0x00000a08
#define NVRAM_CUR_MR0 0x00000a34
#define NVRAM_CUR_MR1 0x00000208
#define NVRAM_CUR_MR2 0x00000001
#define NVRAM_CUR_100200 0x00000a04
#define NVRAM_CUR_00C040 0x0000c000
#define NVRAM_CUR_004008 0x80006000
#define NVRAM_CUR_00400C 0x00002501
#define NVRAM_CUR_10021C 0x00010000
#define NVRAM_CUR_100710 0x00000201
#define NVRAM_CUR_100714 0x70000000
#define NVRAM_CUR_100718 0x00000100
#define NVRAM_CUR_10071C 0x00000000
#define NVRAM_CUR_10053C 0x00001000
#define NVRAM_CUR_E104 0x00000000
#define NVRAM_CUR_E108 0x00300000 /* line 13 driven (value 1, output on), line 10 an input */
#define NVRAM_CUR_E120 0x00000000
#define NVRAM_CUR_E124 0x00000000

#define NVRAM_GPIO_ODT_LINE 10
#define NVRAM_GPIO_ODT_STATE 0
#define NVRAM_GPIO_ODT_LOG1 1
#define NVRAM_GPIO_FBVDDQ_LINE 13
#define NVRAM_GPIO_FBVDDQ_STATE 1
#define NVRAM_GPIO_FBVDDQ_LOG1 0
