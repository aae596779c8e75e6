/* GeForce 8500 GT, 512 MiB DDR2 (G86, chipset 0x86: the nv50 family of
 * code RAM), memory to 400 MHz. Inputs of nouveau's memory reclock; where
 * each kind of value comes from is said in g84-gddr3.h. This board: two
 * ranks (0x100200 bit 2: every mode register write goes to both, 0x1002c0
 * and 0x1002c8), no active head (no vertical-blank wait), CWL derived as
 * CL - 1, an extended mode register that does not change.
 * Representative register readings, not a dump of one card.
 *
 * nouveau computes no DDR2 mode registers on this generation (its
 * nv50_ram_calc only knows GDDR3's and stops with -ENOSYS before building
 * anything); the script follows its DDR2 branch as it stands, with the
 * values nvkm_sddr2_calc gives (as the GT215 code calls it). */
#define NVRAM_CHIPSET 0x86
#define NVRAM_TYPE NVRAM_DDR2
#define NVRAM_RANKS 2
#define NVRAM_PART_MASK 0x03
#define NVRAM_VBLANK_HEAD (-1)
#define NVRAM_FREQ_KHZ 400000
#define NVRAM_MPLL_N1 89 /* 27 * 89 / 3 >> 1 = 400.5 MHz */
#define NVRAM_MPLL_M1 3
#define NVRAM_MPLL_P 1
#define NVRAM_MPLL_BIAS_P 0

#define NVRAM_T_CL 5
#define NVRAM_T_CWL 0 /* derived: CL - 1 */
#define NVRAM_T_WR 6
#define NVRAM_T_WTR 3
#define NVRAM_T_RP 5
#define NVRAM_T_RAS 18
#define NVRAM_T_RFC 42
#define NVRAM_T_RC 23
#define NVRAM_T_RRD 3
#define NVRAM_T_RCDWR 5
#define NVRAM_T_RCDRD 5
#define NVRAM_T_13 0x08
#define NVRAM_T_18 2
#define NVRAM_T_ODT 1

#define NVRAM_RAMCFG_DLLOFF 0
#define NVRAM_RAMCFG_FBVDDQ 0
#define NVRAM_RAMCFG_RON 0
#define NVRAM_RAMCFG_00_03_01 0
#define NVRAM_RAMCFG_00_03_02 0
#define NVRAM_RAMCFG_00_03_08 1
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
#define NVRAM_RAMMAP_00_17_02 0

#define NVRAM_CUR_TIMING_0 0x04101e14
#define NVRAM_CUR_TIMING_1 0x0a020803
#define NVRAM_CUR_TIMING_2 0x02030404
#define NVRAM_CUR_TIMING_3 0x18160404
#define NVRAM_CUR_TIMING_4 0x00020808
#define NVRAM_CUR_TIMING_5 0x1e050704
#define NVRAM_CUR_TIMING_6 0x002c0202
#define NVRAM_CUR_TIMING_7 0x10040000
#define NVRAM_CUR_TIMING_8 0x00000800
#define NVRAM_CUR_MR0 0x00000a42
#define NVRAM_CUR_MR1 0x00000004
#define NVRAM_CUR_MR2 0x00000000
#define NVRAM_CUR_100200 0x00000804
#define NVRAM_CUR_00C040 0x00100033
#define NVRAM_CUR_004008 0x80012000
#define NVRAM_CUR_00400C 0x00002002
#define NVRAM_CUR_10021C 0x00000000
#define NVRAM_CUR_100710 0x00000200
#define NVRAM_CUR_100714 0x00000021
#define NVRAM_CUR_100718 0x00000000
#define NVRAM_CUR_10071C 0x00000000
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
