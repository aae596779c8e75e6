/* What nouveau's G80..GT200 memory reclock (nvkm/subdev/fb/ramnv50.c)
 * computes from a board, as cpp macros: the values it writes and which of
 * its writes happen. ddr2-reclock.hwsq and gddr3-reclock.hwsq read the
 * RAM_* results; the board headers in boards/ give the NVRAM_* inputs
 * (what nouveau reads from the VBIOS and from the registers before it
 * builds the script). Every RAM_* result is #ifndef-guarded, so
 * `hwsq-as -D RAM_TIMING_3=...` replaces one computed value.
 *
 * nouveau's register writes go through hwsq_mask(), which writes only
 * when the new value differs from the register's current contents (read
 * once, then followed through the script), unless the register was
 * "nuked" (the mode registers): hence the RAM_*_WR switches below.
 *
 * The timings come from the VBIOS timing entry (ramcfg_timing != 0xff:
 * nv50_ram_timing_calc, below); for a board without one nouveau keeps the
 * current timings (nv50_ram_timing_read), and hwsq-board's header then
 * sets RAM_TIMING_n to NVRAM_CUR_TIMING_n and gives the CL, CWL and WR
 * nouveau derives from them. */
#ifndef HWSQ_NV50_RAM_H
#define HWSQ_NV50_RAM_H

#define NVRAM_DDR2 2
#define NVRAM_GDDR3 3

/* ---- timings (nv50_ram_timing_calc) ------------------------------------ */

/* CWL: the table's, or derived when it is 0: CL - 1 (DDR2), the current
 * timing 2's top byte + 1 (GDDR3). The derived value also feeds the mode
 * registers, as in nouveau, which stores it back into the table entry. */
#if NVRAM_T_CWL == 0 && NVRAM_TYPE == NVRAM_DDR2
#define RAM_CWL (NVRAM_T_CL - 1)
#elif NVRAM_T_CWL == 0
#define RAM_CWL (((NVRAM_CUR_TIMING_2 >> 24) & 0xff) + 1)
#else
#define RAM_CWL NVRAM_T_CWL
#endif

/* hwsq-as expressions have C's arithmetic and bitwise operators, not its
 * comparisons, logical operators or ?:, so every choice is made here by
 * #if and the values passed on use only the former. Flags are 0 or 1. */
#define RAM_NOT(flag) ((flag) ^ 1)
#if NVRAM_T_18 > 1
#define RAM_T18 NVRAM_T_18
#else
#define RAM_T18 1
#endif
#if NVRAM_T_RCDRD > NVRAM_T_RCDWR
#define RAM_RCD_MAX NVRAM_T_RCDRD
#else
#define RAM_RCD_MAX NVRAM_T_RCDWR
#endif
#if NVRAM_CHIPSET == 0xa0
#define RAM_UNKT3B (0x19 + NVRAM_RAMMAP_00_16_40)
#else
#define RAM_UNKT3B 0x16
#endif

#ifndef RAM_TIMING_0
#define RAM_TIMING_0 (NVRAM_T_RP << 24 | NVRAM_T_RAS << 16 | NVRAM_T_RFC << 8 | NVRAM_T_RC)
#endif
#ifndef RAM_TIMING_1
#define RAM_TIMING_1                                                                     \
	((NVRAM_T_WR + 1 + RAM_CWL) << 24 | RAM_T18 << 16 |               \
	 (NVRAM_T_WTR + 1 + RAM_CWL) << 8 | (3 + NVRAM_T_CL - RAM_CWL))
#endif
#ifndef RAM_TIMING_2
#define RAM_TIMING_2                                                                     \
	((RAM_CWL - 1) << 24 | NVRAM_T_RRD << 16 | NVRAM_T_RCDWR << 8 | NVRAM_T_RCDRD)
#endif
#ifndef RAM_TIMING_3
#define RAM_TIMING_3                                                                     \
	((RAM_UNKT3B - 2 + NVRAM_T_CL) << 24 | RAM_UNKT3B << 16 | (NVRAM_T_CL - 1) << 8 |  \
	 (NVRAM_T_CL - 1))
#endif
#ifndef RAM_TIMING_4
#define RAM_TIMING_4 ((NVRAM_CUR_TIMING_4 & 0xffff0000) | NVRAM_T_13 << 8 | NVRAM_T_13)
#endif
#if NVRAM_TYPE == NVRAM_DDR2
#define RAM_T5_CL ((NVRAM_T_CL + 3) << 8)
#define RAM_T8_CL (NVRAM_T_CL - 4)
#else
#define RAM_T5_CL ((NVRAM_T_CL + 2) << 8)
#define RAM_T8_CL (NVRAM_T_CL - 2)
#endif
#ifndef RAM_TIMING_5
#define RAM_TIMING_5                                                                     \
	(NVRAM_T_RFC << 24 | RAM_RCD_MAX << 16 | NVRAM_T_RP |   \
	 RAM_T5_CL)
#endif
/* nouveau takes CWL - 2 as a signed byte, at least 1 */
#if RAM_CWL - 2 > 1
#define RAM_CWL_2 (RAM_CWL - 2)
#else
#define RAM_CWL_2 1
#endif
#ifndef RAM_TIMING_6
#if NVRAM_CHIPSET == 0xa0
#define RAM_TIMING_6                                                                     \
	((0x2d + NVRAM_T_CL - RAM_CWL + NVRAM_RAMMAP_00_16_40) << 16 | RAM_CWL << 8 |     \
	 (0x2f + NVRAM_T_CL - RAM_CWL))
#else
#define RAM_TIMING_6                                                                     \
	((0x2b + NVRAM_T_CL - RAM_CWL) << 16 | RAM_CWL_2 << 8 |             \
	 (0x2e + NVRAM_T_CL - RAM_CWL))
#endif
#endif
#ifndef RAM_TIMING_7
#define RAM_TIMING_7 ((NVRAM_CUR_TIMING_7 & 0xff00ffff) | (NVRAM_T_CL - 1) << 16)
#endif
#ifndef RAM_TIMING_8
#define RAM_TIMING_8 ((NVRAM_CUR_TIMING_8 & 0xffffff00) | RAM_T8_CL)
#endif

/* ---- mode registers (nvkm_gddr3_calc, nvkm_sddr2_calc) ------------------ */

#define RAM_DLL RAM_NOT(NVRAM_RAMCFG_DLLOFF)
#if NVRAM_TYPE == NVRAM_GDDR3
/* the CAS latency codes of GDDR3, low table (MR2 bit 0 clear) or high */
#if NVRAM_CUR_MR2 & 1
#if NVRAM_T_CL >= 10 && NVRAM_T_CL <= 15
#define RAM_MR_CL (NVRAM_T_CL - 8)
#elif NVRAM_T_CL == 16 || NVRAM_T_CL == 17
#define RAM_MR_CL (NVRAM_T_CL - 16)
#endif
#elif NVRAM_T_CL == 5 || NVRAM_T_CL == 7
#define RAM_MR_CL NVRAM_T_CL
#elif NVRAM_T_CL >= 8 && NVRAM_T_CL <= 11
#define RAM_MR_CL (NVRAM_T_CL - 8)
#elif NVRAM_T_CL == 12 || NVRAM_T_CL == 13
#define RAM_MR_CL (NVRAM_T_CL - 4)
#elif NVRAM_T_CL == 14
#define RAM_MR_CL 6
#endif
/* and its write recovery codes */
#if NVRAM_T_WR == 4 || NVRAM_T_WR == 11
#define RAM_MR_WR 0
#elif NVRAM_T_WR == 12 || NVRAM_T_WR == 13
#define RAM_MR_WR 1
#elif NVRAM_T_WR >= 5 && NVRAM_T_WR <= 10
#define RAM_MR_WR (NVRAM_T_WR - 3)
#endif
#if !defined(RAM_MR_CL) || !defined(RAM_MR_WR) || RAM_CWL < 1 || RAM_CWL > 7
#error "nouveau's GDDR3 mode registers cannot express this board's CL, CWL or WR"
#endif
#ifndef RAM_MR0
#define RAM_MR0                                                                          \
	((NVRAM_CUR_MR0 & ~0xf74) | (RAM_CWL & 7) << 9 | (RAM_MR_CL & 7) << 4 |           \
	 (RAM_MR_CL & 8) >> 1)
#endif
#ifndef RAM_MR1
#define RAM_MR1                                                                          \
	((NVRAM_CUR_MR1 & ~0x3fc) | (NVRAM_T_ODT & 3) << 2 | (NVRAM_RAMCFG_RON & 3) << 8 | \
	 (RAM_MR_WR & 3) << 4 | (RAM_MR_WR & 4) << 5 | RAM_NOT(RAM_DLL) << 6)
#endif
#else
/* DDR2: CL 2..7 as is, WR 2..7 as WR - 1 */
#if NVRAM_T_CL < 2 || NVRAM_T_CL > 7 || NVRAM_T_WR < 2 || NVRAM_T_WR > 7
#error "nouveau's DDR2 mode registers cannot express this board's CL or WR"
#endif
#ifndef RAM_MR0
#define RAM_MR0 ((NVRAM_CUR_MR0 & ~0xf70) | ((NVRAM_T_WR - 1) & 7) << 9 | (NVRAM_T_CL & 7) << 4)
#endif
#ifndef RAM_MR1
#define RAM_MR1                                                                          \
	((NVRAM_CUR_MR1 & ~0x45) | (NVRAM_T_ODT & 1) << 2 | (NVRAM_T_ODT & 2) << 5 | RAM_NOT(RAM_DLL))
#endif
#endif

/* ---- the memory PLL and its neighbours ---------------------------------- */

/* "750 MHz seems rather arbitrary", says nouveau: the threshold of both */
#if NVRAM_FREQ_KHZ <= 750000
#define RAM_R100DA0 0x00000010
#define RAM_R004008_HI 0x90000000
#else
#define RAM_R100DA0 0x00000000
#define RAM_R004008_HI 0x80000000
#endif
#define RAM_R004008                                                                      \
	(RAM_R004008_HI | NVRAM_MPLL_BIAS_P << 19 | NVRAM_MPLL_P << 22 | NVRAM_MPLL_P << 16)

/* hwsq_mask(reg, mask, data) on a register holding cur: the new value */
#define RAM_MASK(cur, mask, data) (((cur) & ~(mask)) | (data))

/* 0x100710 bit 9 off for the switch (chipsets up to 0x96) */
#define RAM_710_OFF (NVRAM_CHIPSET <= 0x96 && !NVRAM_RAMCFG_00_03_02)
#define RAM_V710_A RAM_MASK(NVRAM_CUR_100710, 0x200, 0)
#define RAM_710_OFF_WR (RAM_710_OFF && RAM_V710_A != NVRAM_CUR_100710)
#if RAM_710_OFF
#define RAM_V710 RAM_V710_A
#else
#define RAM_V710 NVRAM_CUR_100710
#endif

/* 0x100200: bit 11 off during the switch, bit 12 from the ramcfg */
#define RAM_V200_A RAM_MASK(NVRAM_CUR_100200, 0x800, 0)
#define RAM_V200_A_WR (RAM_V200_A != NVRAM_CUR_100200)
#define RAM_V200_B RAM_MASK(RAM_V200_A, 0x1000, RAM_NOT(NVRAM_RAMCFG_00_04_02) << 12)
#define RAM_V200_B_WR (RAM_V200_B != RAM_V200_A)
#define RAM_V200_C RAM_MASK(RAM_V200_B, 0x800, 0x800)
#define RAM_V200_C_WR (NVRAM_RAMMAP_00_17_02 && RAM_V200_C != RAM_V200_B)

#define RAM_VC040 RAM_MASK(NVRAM_CUR_00C040, 0xc000c000, 0x0000c000)
#define RAM_VC040_WR (RAM_VC040 != NVRAM_CUR_00C040)

/* 0x004008 four times: PLL bypass, P and bias, bypass off, DLL bit */
#define RAM_V4008_A RAM_MASK(NVRAM_CUR_004008, 0x4200, 0x200 | NVRAM_RAMMAP_00_16_40 << 14)
#define RAM_V4008_A_WR (RAM_V4008_A != NVRAM_CUR_004008)
#define RAM_V4008_B RAM_MASK(RAM_V4008_A, 0x91ff0000, RAM_R004008)
#define RAM_V4008_B_WR (RAM_V4008_B != RAM_V4008_A)
#define RAM_V4008_C RAM_MASK(RAM_V4008_B, 0x2200, 0x2000)
#define RAM_V4008_C_WR (RAM_V4008_C != RAM_V4008_B)
#define RAM_V4008_D RAM_MASK(RAM_V4008_C, 0x4000, 0)
#define RAM_V4008_D_WR (!NVRAM_RAMMAP_00_16_40 && RAM_V4008_D != RAM_V4008_C)

#define RAM_V400C RAM_MASK(NVRAM_CUR_00400C, 0xffff, NVRAM_MPLL_N1 << 8 | NVRAM_MPLL_M1)
#define RAM_V400C_WR (RAM_V400C != NVRAM_CUR_00400C)

/* 0x10021c bit 16: off unless the ramcfg keeps it, then on at the end */
#define RAM_V21C_A RAM_MASK(NVRAM_CUR_10021C, 0x10000, 0)
#define RAM_V21C_A_WR (!NVRAM_RAMCFG_00_03_02 && RAM_V21C_A != NVRAM_CUR_10021C)
#define RAM_V21C_B RAM_MASK(NVRAM_CUR_10021C, 0x10000, 0x10000)
#define RAM_V21C_B_WR (NVRAM_RAMCFG_00_03_02 && RAM_V21C_B != NVRAM_CUR_10021C)

/* ---- 0x100710..0x10071c ---------------------------------------------- */

/* each ramcfg bit adds its bits when set (or when clear, for 00_03_08) */
#define RAM_B0308 (RAM_NOT(NVRAM_RAMCFG_00_03_08))
#if NVRAM_CHIPSET <= 0x96
#define RAM_U710_CHIP                                                                    \
	((RAM_V710 & ~0x100 & ~0x6e) | RAM_B0308 * 0x60 | NVRAM_RAMCFG_00_04_04 * 0x0e)
#define RAM_U714_CHIP                                                                    \
	((NVRAM_CUR_100714 & ~0xf0000020 & ~0x100) | RAM_NOT(NVRAM_RAMCFG_FBVDDQ) * 0x100)
#else
#define RAM_U710_CHIP ((RAM_V710 & ~0x100 & ~1) | RAM_B0308)
#define RAM_U714_CHIP (NVRAM_CUR_100714 & ~0xf0000020)
#endif
#define RAM_U710 (RAM_U710_CHIP | NVRAM_RAMCFG_00_03_02 * 0x100)
#define RAM_U714                                                                         \
	(RAM_U714_CHIP | RAM_B0308 * 0x20 | NVRAM_RAMCFG_00_04_04 * 0x70000000)
#define RAM_U718 ((NVRAM_CUR_100718 & ~0x100) | NVRAM_RAMCFG_00_04_20 * 0x100)
#define RAM_U71C ((NVRAM_CUR_10071C & ~0x100) | NVRAM_RAMCFG_00_03_01 * 0x100)
#define RAM_U710_WR (RAM_U710 != RAM_V710)
#define RAM_U714_WR (RAM_U714 != NVRAM_CUR_100714)
#define RAM_U718_WR (RAM_U718 != NVRAM_CUR_100718)
#define RAM_U71C_WR (RAM_U71C != NVRAM_CUR_10071C)
/* the last step: bit 9 back on (chipsets up to 0x96) */
#define RAM_V710_Z RAM_MASK(RAM_U710, 0x200, 0x200)
#define RAM_V710_Z_WR                                                                    \
	(NVRAM_CHIPSET <= 0x96 && NVRAM_RAMCFG_00_03_02 && RAM_V710_Z != RAM_U710)

/* 0x10053c bit 12: clear when 0x1005a0/4 are written, set otherwise */
#if NVRAM_RAMMAP_00_16_20
#define RAM_V53C RAM_MASK(NVRAM_CUR_10053C, 0x1000, 0)
#else
#define RAM_V53C RAM_MASK(NVRAM_CUR_10053C, 0x1000, 0x1000)
#endif
#define RAM_V53C_WR (RAM_V53C != NVRAM_CUR_10053C)
#define RAM_V5A0 (NVRAM_RAMCFG_00_07 << 16 | NVRAM_RAMCFG_00_06 << 8 | NVRAM_RAMCFG_00_05)
#define RAM_V5A4 (NVRAM_RAMCFG_00_09 << 8 | NVRAM_RAMCFG_00_08)

/* The timing registers: written when they change. */
#define RAM_TIMING_WR(n) (RAM_TIMING_##n != NVRAM_CUR_TIMING_##n)

/* ---- GPIOs (nv50_ram_gpio) --------------------------------------------- */

/* A GPIO line's register (0xe104, 0xe108, 0xe120, 0xe124, eight lines
 * each) and its shift. nouveau changes a line only when the GPIO's
 * logical state differs from the wanted one; it then inverts the value
 * for an inverted line (bit 3 of its nibble) and for an active-low
 * function (bit 0 of log[1] clear), sets it with output enable (bit 1)
 * and waits 20 us. */
#define RAM_GPIO_SH(line) (((line) & 7) << 2)
#define RAM_GPIO_VAL(cur, line, want, log1)                                              \
	((want) ^ (((cur) >> (RAM_GPIO_SH(line) + 3)) & 1) ^ ((log1) & 1) ^ 1)
#define RAM_GPIO_NEW(cur, line, want, log1)                                              \
	RAM_MASK(cur, 3 << RAM_GPIO_SH(line),                                             \
		 (RAM_GPIO_VAL(cur, line, want, log1) | 2) << RAM_GPIO_SH(line))

/* ODT (GPIO function 0x2e): on before the switch when the timing entry
 * asks for ODT, off after it otherwise. FBVDDQ (function 0x18):
 * !ramcfg_FBVDDQ, between the PLL writes and their delay. A line's
 * register and its contents before the script: */
#if NVRAM_T_ODT
#define RAM_ODT_WANT 1
#else
#define RAM_ODT_WANT 0
#endif
#define RAM_FBV_WANT RAM_NOT(NVRAM_RAMCFG_FBVDDQ)
#if NVRAM_GPIO_ODT_LINE >= 0 && NVRAM_GPIO_ODT_STATE != RAM_ODT_WANT
#define RAM_ODT_ACT 1
#else
#define RAM_ODT_ACT 0
#endif
#if NVRAM_GPIO_FBVDDQ_LINE >= 0 && NVRAM_GPIO_FBVDDQ_STATE != RAM_FBV_WANT
#define RAM_FBV_ACT 1
#else
#define RAM_FBV_ACT 0
#endif
#if NVRAM_GPIO_ODT_LINE < 8
#define RAM_ODT_REG 0xe104
#define RAM_ODT_CUR NVRAM_CUR_E104
#elif NVRAM_GPIO_ODT_LINE < 16
#define RAM_ODT_REG 0xe108
#define RAM_ODT_CUR NVRAM_CUR_E108
#elif NVRAM_GPIO_ODT_LINE < 24
#define RAM_ODT_REG 0xe120
#define RAM_ODT_CUR NVRAM_CUR_E120
#else
#define RAM_ODT_REG 0xe124
#define RAM_ODT_CUR NVRAM_CUR_E124
#endif
#if NVRAM_GPIO_FBVDDQ_LINE < 8
#define RAM_FBV_REG 0xe104
#define RAM_FBV_CUR NVRAM_CUR_E104
#elif NVRAM_GPIO_FBVDDQ_LINE < 16
#define RAM_FBV_REG 0xe108
#define RAM_FBV_CUR NVRAM_CUR_E108
#elif NVRAM_GPIO_FBVDDQ_LINE < 24
#define RAM_FBV_REG 0xe120
#define RAM_FBV_CUR NVRAM_CUR_E120
#else
#define RAM_FBV_REG 0xe124
#define RAM_FBV_CUR NVRAM_CUR_E124
#endif
#define RAM_ODT_VAL1                                                                     \
	RAM_GPIO_NEW(RAM_ODT_CUR, NVRAM_GPIO_ODT_LINE, RAM_ODT_WANT, NVRAM_GPIO_ODT_LOG1)
/* the second change on a register sees the first */
#if NVRAM_T_ODT && RAM_ODT_ACT && RAM_ODT_REG == RAM_FBV_REG
#define RAM_FBV_BASE RAM_ODT_VAL1
#else
#define RAM_FBV_BASE RAM_FBV_CUR
#endif
#define RAM_FBV_VAL                                                                      \
	RAM_GPIO_NEW(RAM_FBV_BASE, NVRAM_GPIO_FBVDDQ_LINE, RAM_FBV_WANT, NVRAM_GPIO_FBVDDQ_LOG1)
#if !NVRAM_T_ODT && RAM_FBV_ACT && RAM_ODT_REG == RAM_FBV_REG
#define RAM_ODT_BASE RAM_FBV_VAL
#else
#define RAM_ODT_BASE RAM_ODT_CUR
#endif
#define RAM_ODT_VAL2                                                                     \
	RAM_GPIO_NEW(RAM_ODT_BASE, NVRAM_GPIO_ODT_LINE, RAM_ODT_WANT, NVRAM_GPIO_ODT_LOG1)
#define RAM_ODT_PRE_WR (NVRAM_T_ODT && RAM_ODT_ACT && RAM_ODT_VAL1 != RAM_ODT_CUR)
#define RAM_FBV_WR (RAM_FBV_ACT && RAM_FBV_VAL != RAM_FBV_BASE)
#define RAM_ODT_POST_WR (!NVRAM_T_ODT && RAM_ODT_ACT && RAM_ODT_VAL2 != RAM_ODT_BASE)

/* ---- the vertical blank nouveau waits for -------------------------------- */

/* event 1 for head 0, 3 for head 1; no wait when no head is active */
#if NVRAM_VBLANK_HEAD == 1
#define RAM_VBLANK_EVENT 3
#elif NVRAM_VBLANK_HEAD == 0
#define RAM_VBLANK_EVENT 1
#endif

#endif
