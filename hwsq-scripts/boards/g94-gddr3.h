/* An example NV92-family board (a G94 with GDDR3) going to 900 MHz. As
 * for the G84 example, the values show the shape of a driver's, no more. */
#ifndef BOARD_MPLL_CTRL
#define BOARD_MPLL_CTRL 0x80000200 /* P = 0, VCO on */
#endif
#ifndef BOARD_MPLL_COEF
#define BOARD_MPLL_COEF 0x00004303 /* N = 67, M = 3 */
#endif
#ifndef BOARD_MPLL_SETTLE
#define BOARD_MPLL_SETTLE 64us
#endif
#ifndef BOARD_MR0
#define BOARD_MR0 0x00000672 /* CAS latency 11 */
#endif
#ifndef BOARD_MR1
#define BOARD_MR1 0x00000046
#endif
#define BOARD_TIMING_0 0x1a32311f
#define BOARD_TIMING_1 0x150a130a
#define BOARD_TIMING_2 0x080c1111
#define BOARD_TIMING_3 0x21160a0a
#define BOARD_TIMING_4 0x00000f0f
#define BOARD_TIMING_5 0x31111113
#define BOARD_TIMING_6 0x2e05103c
#define BOARD_TIMING_7 0x100a0000
#define BOARD_TIMING_8 0x00000009
#ifndef BOARD_DLL_DELAY
#define BOARD_DLL_DELAY 24us
#endif
#ifndef BOARD_R100DA0
#define BOARD_R100DA0 0x00000010 /* below 750 MHz this would be 0 */
#endif
