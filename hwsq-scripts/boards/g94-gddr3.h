/* GeForce 9600 GT, 512 MiB GDDR3 (G94, chipset 0x94: the nv92 family of
 * code RAM), memory to 900 MHz. Inputs of nouveau's memory reclock; where
 * each kind of value comes from is said in g84-gddr3.h. This board: a
 * 256-bit bus (four partitions, so four 0x100da0 writes), head 1 active,
 * the table's own CWL, above 750 MHz (0x100da0 = 0, 0x004008 bit 28
 * clear), and the ramcfg bits that add the 0x1005a0/0x1005a4 writes.
 * Representative register readings, not a dump of one card. */
#define NVRAM_CHIPSET 0x94
#define NVRAM_TYPE NVRAM_GDDR3
#define NVRAM_RANKS 1
#define NVRAM_PART_MASK 0x0f
#define NVRAM_VBLANK_HEAD 1
#define NVRAM_FREQ_KHZ 900000
#define NVRAM_MPLL_N1 100 /* 27 * 100 / 3 >> 0 = 900 MHz */
#define NVRAM_MPLL_M1 3
#define NVRAM_MPLL_P 0
#define NVRAM_MPLL_BIAS_P 1

#define NVRAM_T_CL 11
#define NVRAM_T_CWL 6
#define NVRAM_T_WR 13
#define NVRAM_T_WTR 5
#define NVRAM_T_RP 13
#define NVRAM_T_RAS 32
#define NVRAM_T_RFC 80
#define NVRAM_T_RC 45
#define NVRAM_T_RRD 9
#define NVRAM_T_RCDWR 9
#define NVRAM_T_RCDRD 13
#define NVRAM_T_13 0x0f
#define NVRAM_T_18 0 /* nouveau writes at least 1 */
#define NVRAM_T_ODT 2

#define NVRAM_RAMCFG_DLLOFF 0
#define NVRAM_RAMCFG_FBVDDQ 1
#define NVRAM_RAMCFG_RON 1
#define NVRAM_RAMCFG_00_03_01 1
#define NVRAM_RAMCFG_00_03_02 1
#define NVRAM_RAMCFG_00_03_08 1
#define NVRAM_RAMCFG_00_04_02 1
#define NVRAM_RAMCFG_00_04_04 1
#define NVRAM_RAMCFG_00_04_20 1
#define NVRAM_RAMCFG_00_05 0x10
#define NVRAM_RAMCFG_00_06 0x20
#define NVRAM_RAMCFG_00_07 0x30
#define NVRAM_RAMCFG_00_08 0x44
#define NVRAM_RAMCFG_00_09 0x55
#define NVRAM_RAMMAP_00_16_20 1
#define NVRAM_RAMMAP_00_16_40 1
#define NVRAM_RAMMAP_00_17_02 0

#define NVRAM_CUR_TIMING_0 0x09172e1f
#define NVRAM_CUR_TIMING_1 0x0f010a05
#define NVRAM_CUR_TIMING_2 0x04060809
#define NVRAM_CUR_TIMING_3 0x1d160808
#define NVRAM_CUR_TIMING_4 0x00010d0d
#define NVRAM_CUR_TIMING_5 0x2e0a0b09
#define NVRAM_CUR_TIMING_6 0x00300233
#define NVRAM_CUR_TIMING_7 0x100a0000
#define NVRAM_CUR_TIMING_8 0x00000908
#define NVRAM_CUR_MR0 0x00000a12
#define NVRAM_CUR_MR1 0x00000104
#define NVRAM_CUR_MR2 0x00000000
#define NVRAM_CUR_100200 0x00000224
#define NVRAM_CUR_00C040 0x40100033
#define NVRAM_CUR_004008 0x80002000
#define NVRAM_CUR_00400C 0x00004303
#define NVRAM_CUR_10021C 0x00000000
#define NVRAM_CUR_100710 0x00000301
#define NVRAM_CUR_100714 0x00000002
#define NVRAM_CUR_100718 0x00000000
#define NVRAM_CUR_10071C 0x00000100
#define NVRAM_CUR_10053C 0x00001000
#define NVRAM_CUR_E104 0x00000000
#define NVRAM_CUR_E108 0x00000000
#define NVRAM_CUR_E120 0x00000000
#define NVRAM_CUR_E124 0x00000000

#define NVRAM_GPIO_ODT_LINE (-1)
#define NVRAM_GPIO_ODT_STATE 0
#define NVRAM_GPIO_ODT_LOG1 0
#define NVRAM_GPIO_FBVDDQ_LINE (-1)
#define NVRAM_GPIO_FBVDDQ_STATE 0
#define NVRAM_GPIO_FBVDDQ_LOG1 0
