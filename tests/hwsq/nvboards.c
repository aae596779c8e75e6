/* Every board header of hwsq-scripts/boards, read by the C compiler into
 * the fields nouveau's builders take (the same macros the SDK scripts
 * see through cpp). */
#include "nvboard.h"

#define NVB_RAM(n) [NVRAM_F_##n] = (NVRAM_##n),
#define NVB_CLK(n) [NVCLK_F_##n] = (NVCLK_##n),
#define RAM_BOARD(h, s, c)                                                 \
	{                                                                  \
		.header = h, .script = s, .chip = c, .kind = NV_BOARD_RAM, \
		.v = { NVRAM_FIELDS(NVB_RAM) }                             \
	}
#define CLK_BOARD(h, s, c)                                                 \
	{                                                                  \
		.header = h, .script = s, .chip = c, .kind = NV_BOARD_CLK, \
		.v = { NVCLK_FIELDS(NVB_CLK) }                             \
	}

/* Each header, then the #undef of all its macros for the next one (the
 * order matters: no include sorting here). */
// clang-format off
#include "../../hwsq-scripts/boards/g84-gddr3.h"
static const struct nv_board g84_gddr3 = RAM_BOARD("g84-gddr3", "gddr3-reclock", "nv50");
#include "nvboard-undef.h"

#include "../../hwsq-scripts/boards/g94-gddr3.h"
static const struct nv_board g94_gddr3 = RAM_BOARD("g94-gddr3", "gddr3-reclock", "nv92");
#include "nvboard-undef.h"

#include "../../hwsq-scripts/boards/gt200-gddr3.h"
static const struct nv_board gt200_gddr3 = RAM_BOARD("gt200-gddr3", "gddr3-reclock", "nv92");
#include "nvboard-undef.h"

#include "../../hwsq-scripts/boards/g86-ddr2.h"
static const struct nv_board g86_ddr2 = RAM_BOARD("g86-ddr2", "ddr2-reclock", "nv50");
#include "nvboard-undef.h"

#include "../../hwsq-scripts/boards/g96-ddr2.h"
static const struct nv_board g96_ddr2 = RAM_BOARD("g96-ddr2", "ddr2-reclock", "nv92");
#include "nvboard-undef.h"

#include "../../hwsq-scripts/boards/g84-clk.h"
static const struct nv_board g84_clk = CLK_BOARD("g84-clk", "nv50-clk", "nv50");
#include "nvboard-undef.h"

#include "../../hwsq-scripts/boards/g94-clk.h"
static const struct nv_board g94_clk = CLK_BOARD("g94-clk", "nv50-clk", "nv92");
#include "nvboard-undef.h"

#include "../../hwsq-scripts/boards/g98-clk.h"
static const struct nv_board g98_clk = CLK_BOARD("g98-clk", "nv50-clk", "nv92");
#include "nvboard-undef.h"
// clang-format on

static const struct nv_board *const boards[] = {
	&g84_gddr3, &g94_gddr3, &gt200_gddr3, &g86_ddr2, &g96_ddr2, &g84_clk, &g94_clk, &g98_clk,
};

size_t nv_board_count(void)
{
	return sizeof boards / sizeof boards[0];
}

const struct nv_board *nv_board_at(size_t i)
{
	return i < nv_board_count() ? boards[i] : NULL;
}
