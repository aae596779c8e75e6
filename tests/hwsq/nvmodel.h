/* A model of nouveau's HWSQ builder (nvkm/subdev/bus/hwsq.c and hwsq.h),
 * written from the kernel's behaviour: the ordered calls a driver makes
 * (wr32, setf, wait, nsec), the bytes its encoder emits for them, and the
 * register cache of hwsq_rd32/hwsq_mask/hwsq_nuke through which the
 * memory and clock code decide which writes happen. Together with the
 * builders (nvram.c: fb/ramnv50.c, nvclk.c: clk/nv50.c) it is the
 * reference the SDK scripts are checked against. */
#ifndef TESTS_HWSQ_NVMODEL_H
#define TESTS_HWSQ_NVMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nvboard.h"

/* nouveau's code buffer: 512 bytes, pre-filled with exit (0x7f) */
#define NVM_CODE_MAX 512
#define NVM_OPS_MAX 256

enum nvm_kind {
	NVM_WR32, /* a: address, b: data */
	NVM_SETF, /* a: flag, b: data as nouveau passes it (-1 unset, 0, 1) */
	NVM_WAIT, /* a: event, b: value */
	NVM_NSEC, /* a: nanoseconds asked */
};

struct nvm_op {
	enum nvm_kind kind;
	uint32_t a;
	int32_t b;
};

struct nvm_hwsq {
	struct nvm_op ops[NVM_OPS_MAX];
	size_t op_count;
	uint8_t code[NVM_CODE_MAX];
	size_t size;
	bool overflow;       /* more than NVM_OPS_MAX calls or NVM_CODE_MAX bytes */
	uint32_t addr, data; /* what the encoder believes ADDR and DATA hold */
	const struct nv_board *board;
};

void nvm_init(struct nvm_hwsq *h, const struct nv_board *board);
/* The primitives of bus/hwsq.c, recorded and encoded. */
void nvm_wr32(struct nvm_hwsq *h, uint32_t addr, uint32_t data);
void nvm_setf(struct nvm_hwsq *h, uint8_t flag, int data);
void nvm_wait(struct nvm_hwsq *h, uint8_t event, uint8_t value);
void nvm_nsec(struct nvm_hwsq *h, uint32_t nsec);

/* A register of hwsq.h: one address, or several (stride and mask, as for
 * two ranks of mode registers or one per memory partition). */
struct nvm_reg {
	uint32_t addr, stride, mask, data;
	bool cached, force;
};
static inline struct nvm_reg nvm_reg(uint32_t addr)
{
	return (struct nvm_reg){.addr = addr, .mask = 1};
}
/* hwsq_rd32: the board's current value the first time, then what the
 * script wrote. current() reads the board. */
typedef uint32_t (*nvm_current_fn)(const struct nv_board *b, uint32_t addr);
uint32_t nvm_rd32(struct nvm_hwsq *h, struct nvm_reg *r, nvm_current_fn current);
void nvm_reg_wr32(struct nvm_hwsq *h, struct nvm_reg *r, uint32_t data);
uint32_t nvm_mask(struct nvm_hwsq *h, struct nvm_reg *r, uint32_t mask, uint32_t data,
		  nvm_current_fn current);

/* The builders: false when nouveau would refuse the board (a mode
 * register it cannot encode). */
bool nvm_build_ram(struct nvm_hwsq *h, const struct nv_board *b);
bool nvm_build_clk(struct nvm_hwsq *h, const struct nv_board *b);

/* nouveau's upload (nvkm_hwsq_fini): (size + 4) / 4 words, refused above
 * the bus's hwsq_size: 64 words on the nv50 family's bus, 128 from G94. */
static inline size_t nvm_words(const struct nvm_hwsq *h)
{
	return (h->size + 4) / 4;
}

#endif
