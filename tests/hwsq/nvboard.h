/* The inputs of nouveau's two HWSQ builders for one board, as numbered
 * fields: NVRAM_* for the memory reclock (fb/ramnv50.c), NVCLK_* for the
 * clock change (clk/nv50.c). nvinputs.c computes them from a board
 * description's VBIOS tables and registers the way nouveau does, on its
 * own: it shares no code with the SDK's generator (sdk/hwsq/board.c),
 * whose header the SDK script includes. */
#ifndef TESTS_HWSQ_NVBOARD_H
#define TESTS_HWSQ_NVBOARD_H

#include <stddef.h>
#include <stdint.h>

#define NVRAM_DDR2 2
#define NVRAM_GDDR3 3

// clang-format off
#define NVRAM_FIELDS(X) \
	X(CHIPSET) X(TYPE) X(RANKS) X(PART_MASK) X(VBLANK_HEAD) X(FREQ_KHZ) X(MPLL_N1) \
	X(MPLL_M1) X(MPLL_P) X(MPLL_BIAS_P) X(T_CL) X(T_CWL) X(T_WR) X(T_WTR) X(T_RP) \
	X(T_RAS) X(T_RFC) X(T_RC) X(T_RRD) X(T_RCDWR) X(T_RCDRD) X(T_13) X(T_18) \
	X(T_ODT) X(RAMCFG_DLLOFF) X(RAMCFG_FBVDDQ) X(RAMCFG_RON) X(RAMCFG_00_03_01) \
	X(RAMCFG_00_03_02) X(RAMCFG_00_03_08) X(RAMCFG_00_04_02) X(RAMCFG_00_04_04) \
	X(RAMCFG_00_04_20) X(RAMCFG_00_05) X(RAMCFG_00_06) X(RAMCFG_00_07) \
	X(RAMCFG_00_08) X(RAMCFG_00_09) X(RAMMAP_00_16_20) X(RAMMAP_00_16_40) \
	X(RAMMAP_00_17_02) X(CUR_TIMING_0) X(CUR_TIMING_1) X(CUR_TIMING_2) \
	X(CUR_TIMING_3) X(CUR_TIMING_4) X(CUR_TIMING_5) X(CUR_TIMING_6) X(CUR_TIMING_7) \
	X(CUR_TIMING_8) X(CUR_MR0) X(CUR_MR1) X(CUR_MR2) X(CUR_100200) X(CUR_00C040) \
	X(CUR_004008) X(CUR_00400C) X(CUR_10021C) X(CUR_100710) X(CUR_100714) \
	X(CUR_100718) X(CUR_10071C) X(CUR_10053C) X(CUR_E104) X(CUR_E108) X(CUR_E120) \
	X(CUR_E124) X(GPIO_ODT_LINE) X(GPIO_ODT_STATE) X(GPIO_ODT_LOG1) \
	X(GPIO_FBVDDQ_LINE) X(GPIO_FBVDDQ_STATE) X(GPIO_FBVDDQ_LOG1) X(TIMING_READ)

#define NVCLK_FIELDS(X) \
	X(CHIPSET) X(VDEC_SRC) X(VDEC_P) X(DOM6_SRC) X(DOM6_P) X(CORE_N) X(CORE_M) \
	X(CORE_P) X(SHADER_TIED) X(SHADER_N) X(SHADER_M) X(SHADER_P) X(CUR_MAST) \
	X(CUR_DIVS) X(CUR_NVPLL0) X(CUR_NVPLL1) X(CUR_SPLL0) X(CUR_SPLL1)
// clang-format on

#define NVB_ENUM_RAM(n) NVRAM_F_##n,
#define NVB_ENUM_CLK(n) NVCLK_F_##n,
enum nvram_field { NVRAM_FIELDS(NVB_ENUM_RAM) NVRAM_FIELD_COUNT };
enum nvclk_field { NVCLK_FIELDS(NVB_ENUM_CLK) NVCLK_FIELD_COUNT };

/* room for either list (the memory one is the longer) */
#define NVB_FIELD_MAX ((int)NVRAM_FIELD_COUNT)
_Static_assert((int)NVCLK_FIELD_COUNT <= NVB_FIELD_MAX, "NVB_FIELD_MAX holds both lists");

enum nv_board_kind { NV_BOARD_RAM, NV_BOARD_CLK };

struct nv_board {
	char header[64];    /* the board's name: "g84-gddr3" */
	const char *script; /* the SDK script for it: "gddr3-reclock" */
	const char *chip;   /* the SDK family nouveau's bus gives it: "nv50" */
	char *desc;         /* the description it comes from */
	char *sdk_header;   /* the header hwsq-board made of it (NULL: it failed) */
	char *sdk_error;    /* why hwsq-board failed, or NULL */
	char *model_error;  /* why nouveau would not build the program, or NULL */
	enum nv_board_kind kind;
	int64_t v[NVB_FIELD_MAX]; /* indexed by enum nvram_field or nvclk_field */
};

/* Every description in DIR/hwsq-scripts/boards and DIR/tests/hwsq/boards
 * (sorted), each with the SDK's header for it (written into a temporary
 * directory) and the model's inputs. */
struct nv_boards {
	struct nv_board *items;
	size_t count;
	char *tmpdir;
};
void nv_boards_load(const char *root, struct nv_boards *bs);
void nv_boards_free(struct nv_boards *bs);

#endif
