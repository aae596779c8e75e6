/* nouveau's reading of a board description (nvinputs.c). */
#ifndef TESTS_HWSQ_NVINPUTS_H
#define TESTS_HWSQ_NVINPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "hwsq/board.h"
#include "nvboard.h"

/* The builder inputs nouveau computes from hb's VBIOS and registers into
 * b (kind, script, chip and v); false, with why, where nouveau returns an
 * error before building. */
bool nvi_board(const struct hwsq_board *hb, struct nv_board *b, char *why, size_t why_size);

#endif
