/* An example NV50-family board (a G84 with GDDR3) going to 400 MHz.
 * The values show the shape of what a driver computes from its VBIOS
 * and the registers' current contents; they belong to no real card. */
#ifndef BOARD_MPLL_CTRL
#define BOARD_MPLL_CTRL 0x80110200 /* P = 1, VCO on */
#endif
#ifndef BOARD_MPLL_COEF
#define BOARD_MPLL_COEF 0x00001d02 /* N = 29, M = 2: 27 MHz * 29 / 2 / 1 */
#endif
#ifndef BOARD_MPLL_SETTLE
#define BOARD_MPLL_SETTLE 96us
#endif
#ifndef BOARD_MR0
#define BOARD_MR0 0x00000462 /* CAS latency and write recovery for 400 MHz */
#endif
#ifndef BOARD_MR1
#define BOARD_MR1 0x00000044 /* ODT 60 ohm, drive strength 40 ohm */
#endif
#define BOARD_TIMING_0 0x0e1b1a22
#define BOARD_TIMING_1 0x0d010b06
#define BOARD_TIMING_2 0x06050a0a
#define BOARD_TIMING_3 0x1c160707
#define BOARD_TIMING_4 0x00000c0c
#define BOARD_TIMING_5 0x1a0a0a0e
#define BOARD_TIMING_6 0x30020733
#define BOARD_TIMING_7 0x10070000
#define BOARD_TIMING_8 0x00000006
#ifndef BOARD_DLL_DELAY
#define BOARD_DLL_DELAY 24us
#endif
#ifndef BOARD_R100DA0
#define BOARD_R100DA0 /* the G84 has no such setting */
#endif
