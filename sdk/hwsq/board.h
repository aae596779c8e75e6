/* sdk/hwsq board generator: from a board's VBIOS (the BIT tables nouveau
 * reads) and the registers nouveau reads, the header an HWSQ reclock
 * script includes (hwsq-scripts/boards/NAME.h), computed as nouveau's
 * fb/ramnv50.c and clk/nv50.c compute it. */
#ifndef SDK_HWSQ_BOARD_H
#define SDK_HWSQ_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"
#include "util/util.h"

/* ---- the VBIOS: bounds-checked reads and the BIT tables (vbios.c) ------- */

struct hwsq_vbios {
	const uint8_t *data;
	size_t size;
	bool bad; /* a read went past the end */
};

uint8_t hwsq_vbios_rd08(struct hwsq_vbios *v, size_t at);
uint16_t hwsq_vbios_rd16(struct hwsq_vbios *v, size_t at);
uint32_t hwsq_vbios_rd32(struct hwsq_vbios *v, size_t at);

/* A BIT entry ('P', 'C', 'M'...): false when the image has none. */
struct hwsq_bit_entry {
	uint8_t id, version;
	uint16_t length, offset;
};
bool hwsq_vbios_bit(struct hwsq_vbios *v, char id, struct hwsq_bit_entry *e);

/* A table of entries: where it starts, its version, header length,
 * entry count and length, and subentry count and length (0 if none). */
struct hwsq_vbios_table {
	uint32_t at;
	uint8_t version, header, count, length, sub_count, sub_length;
};
/* The performance table (BIT 'P' v1/v2 +0, versions 0x20-0x3f), the
 * memory timing table (BIT 'P' v1 +4, v2 +8), the PLL limits table (BIT
 * 'C' +8) and the DCB GPIO table (DCB +10): false when absent. */
bool hwsq_vbios_perf_table(struct hwsq_vbios *v, struct hwsq_vbios_table *t);
bool hwsq_vbios_timing_table(struct hwsq_vbios *v, struct hwsq_vbios_table *t);
bool hwsq_vbios_pll_table(struct hwsq_vbios *v, struct hwsq_vbios_table *t);
bool hwsq_vbios_gpio_table(struct hwsq_vbios *v, struct hwsq_vbios_table *t);
/* BIT 'M' v1's strap translation table, 0 if none. */
uint32_t hwsq_vbios_strap_xlat(struct hwsq_vbios *v);

/* ---- a board (boarddesc.c) -------------------------------------------- */

enum hwsq_board_program { HWSQ_BOARD_RAM, HWSQ_BOARD_CLK };

struct hwsq_board_reg {
	uint32_t addr, value;
};

struct hwsq_board {
	char *name;  /* the header's name: "g94-gddr3" */
	char *title; /* "GeForce 9600 GT, 512 MiB GDDR3" */
	unsigned chipset;
	enum hwsq_board_program program;
	unsigned level; /* the performance table entry to switch to */
	uint8_t *vbios; /* owned */
	size_t vbios_size;
	struct hwsq_board_reg *regs; /* owned */
	size_t reg_count;
};

/* Reads a textual description of a board (docs/hwsq.md, "Board
 * descriptions") and builds the VBIOS image its tables describe. Errors
 * go to d at path:line:col; false if there were any. */
bool hwsq_board_parse(const char *path, const char *text, size_t len, struct hwsq_board *b,
		      struct diag *d);
void hwsq_board_free(struct hwsq_board *b);
/* The register reading nouveau takes at addr; false if the board has
 * none. */
bool hwsq_board_reg(const struct hwsq_board *b, uint32_t addr, uint32_t *value);

/* ---- what nouveau computes (board.c) ----------------------------------- */

/* Computes the board's program inputs and writes the header for the
 * reclock scripts into out (source names the description or image in
 * its first comment). false, with errors in d naming the table or limit
 * where nouveau gives up (-ENOSYS, -ERANGE, -EINVAL). */
bool hwsq_board_header(const struct hwsq_board *b, const char *source, struct util_str *out,
		       struct diag *d);

#endif
