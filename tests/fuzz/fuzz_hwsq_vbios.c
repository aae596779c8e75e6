/* hwsq-board --vbios: a VBIOS image in place of the description's
 * tables, for a memory reclock (DDR2 with a GPIO, GDDR3) and a clock
 * change, so each reader of the image (BIT, perf and rammap, timing,
 * PLL limits, strap translation, DCB GPIO) sees it. The descriptions
 * give only what an image does not hold: the chipset, the program, the
 * level and the register readings. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "hwsq/board.h"

static const char *const boards[] = {
	"chipset 0x96\nprogram ram\nlevel 1\n"
	"reg 0x101000 0x00400000\nreg 0x100714 0x00000001\nreg 0x100200 0x00000000\n"
	"reg 0x001540 0x00030000\nreg 0x610050 0x00000002\nreg 0x610b40 0x04b00780\n"
	"reg 0x100220 0x05121f16\nreg 0x100224 0x0b020904\nreg 0x100228 0x03040505\n"
	"reg 0x10022c 0x19160505\nreg 0x100230 0x00020909\nreg 0x100234 0x1f060805\n"
	"reg 0x100238 0x002c0301\nreg 0x10023c 0x10050000\nreg 0x100240 0x00000801\n"
	"reg 0x1002c0 0x00000a52\nreg 0x1002c4 0x00000044\nreg 0x1002e0 0x00000000\n"
	"reg 0x00c040 0x0000c033\nreg 0x004008 0x80000000\nreg 0x00400c 0x00002501\n"
	"reg 0x10021c 0x00010000\nreg 0x100710 0x00000200\nreg 0x100718 0x00000000\n"
	"reg 0x10071c 0x00000000\nreg 0x10053c 0x00001000\nreg 0x00e104 0x00000800\n"
	"reg 0x00e108 0x00000000\nreg 0x00e120 0x00000000\nreg 0x00e124 0x00000000\n",
	"chipset 0x94\nprogram ram\nlevel 1\n"
	"reg 0x101000 0x00400000\nreg 0x100714 0x00000002\nreg 0x100200 0x00000224\n"
	"reg 0x001540 0x000f0000\nreg 0x610050 0x00000200\nreg 0x611080 0x04b00780\n"
	"reg 0x100220 0x09172e1f\nreg 0x100224 0x0f010a05\nreg 0x100228 0x04060809\n"
	"reg 0x10022c 0x1d160808\nreg 0x100230 0x00010d0d\nreg 0x100234 0x2e0a0b09\n"
	"reg 0x100238 0x00300233\nreg 0x10023c 0x100a0000\nreg 0x100240 0x00000908\n"
	"reg 0x1002c0 0x00000a12\nreg 0x1002c4 0x00000104\nreg 0x1002e0 0x00000000\n"
	"reg 0x00c040 0x40100033\nreg 0x004008 0x80002000\nreg 0x00400c 0x00004303\n"
	"reg 0x10021c 0x00000000\nreg 0x100710 0x00000301\nreg 0x100718 0x00000000\n"
	"reg 0x10071c 0x00000100\nreg 0x10053c 0x00001000\n",
	"chipset 0x84\nprogram clk\nlevel 1\n"
	"reg 0x101000 0x00400000\nreg 0x00e81c 0x00000101\nreg 0x004030 0x00000000\n"
	"reg 0x004034 0x00000000\nreg 0x00c040 0x40000433\nreg 0x004700 0x00000203\n"
	"reg 0x004028 0x80090000\nreg 0x00402c 0x00002402\nreg 0x004020 0x80000000\n"
	"reg 0x004024 0x00002301\n",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(boards); i++) {
		struct diag d;
		diag_init(&d);
		struct hwsq_board b;
		if (!hwsq_board_parse("fuzz.board", boards[i], strlen(boards[i]), &b, &d))
			abort(); /* the harness's own description */
		/* an image of exactly size bytes, so a read past it is seen */
		free(b.vbios);
		b.vbios = malloc(size ? size : 1);
		if (!b.vbios)
			abort();
		memcpy(b.vbios, data, size);
		b.vbios_size = size;
		struct util_str out = {0};
		hwsq_board_header(&b, "fuzz.rom", &out, &d);
		util_str_free(&out);
		hwsq_board_free(&b);
		diag_free(&d);
	}
	return 0;
}
