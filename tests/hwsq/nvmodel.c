/* nouveau's HWSQ encoder and register cache (bus/hwsq.c, bus/hwsq.h). */
#include "nvmodel.h"

#include <string.h>

void nvm_init(struct nvm_hwsq *h, const struct nv_board *board)
{
	memset(h, 0, sizeof *h);
	memset(h->code, 0x7f, sizeof h->code);
	h->addr = h->data = 0xffffffffu; /* nouveau starts with ~0: the first write is full */
	h->board = board;
}

static void record(struct nvm_hwsq *h, enum nvm_kind kind, uint32_t a, int32_t b)
{
	if (h->op_count == NVM_OPS_MAX) {
		h->overflow = true;
		return;
	}
	h->ops[h->op_count++] = (struct nvm_op){kind, a, b};
}

static void cmd(struct nvm_hwsq *h, const uint8_t *bytes, size_t n)
{
	if (h->size + n > NVM_CODE_MAX) {
		h->overflow = true;
		return;
	}
	memcpy(h->code + h->size, bytes, n);
	h->size += n;
}

static void cmd32(struct nvm_hwsq *h, uint8_t op, uint32_t v)
{
	const uint8_t b[5] = {op, (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
			      (uint8_t)(v >> 24)};
	cmd(h, b, 5);
}

static void cmd16(struct nvm_hwsq *h, uint8_t op, uint32_t v)
{
	const uint8_t b[3] = {op, (uint8_t)v, (uint8_t)(v >> 8)};
	cmd(h, b, 3);
}

/* DATA only when it changed (the low half alone when the high half is
 * right), then ADDR, whose opcode performs the write. */
void nvm_wr32(struct nvm_hwsq *h, uint32_t addr, uint32_t data)
{
	record(h, NVM_WR32, addr, (int32_t)data);
	if (h->data != data) {
		if ((data & 0xffff0000u) != (h->data & 0xffff0000u))
			cmd32(h, 0xe2, data);
		else
			cmd16(h, 0x42, data);
	}
	if ((addr & 0xffff0000u) != (h->addr & 0xffff0000u))
		cmd32(h, 0xe0, addr);
	else
		cmd16(h, 0x40, addr);
	h->addr = addr;
	h->data = data;
}

/* 0x80 + flag: unset (data < 0), +0x20: override to 1 (data 0), +0x40:
 * override to 0 (data 1). */
void nvm_setf(struct nvm_hwsq *h, uint8_t flag, int data)
{
	record(h, NVM_SETF, flag, data);
	uint8_t b = (uint8_t)(flag + 0x80);
	if (data >= 0)
		b = (uint8_t)(b + 0x20);
	if (data >= 1)
		b = (uint8_t)(b + 0x20);
	cmd(h, &b, 1);
}

void nvm_wait(struct nvm_hwsq *h, uint8_t event, uint8_t value)
{
	record(h, NVM_WAIT, event, value);
	const uint8_t b[3] = {0x5f, event, value};
	cmd(h, b, 3);
}

/* One wait byte: the microseconds (an 8-bit count, truncated from the
 * nanoseconds) shifted right by 2 until they fit 2 bits; the bits
 * shifted out are lost, so 24 us waits 16. */
void nvm_nsec(struct nvm_hwsq *h, uint32_t nsec)
{
	record(h, NVM_NSEC, nsec, 0);
	uint8_t shift = 0, usec = (uint8_t)(nsec / 1000);
	while (usec & ~3) {
		usec >>= 2;
		shift++;
	}
	const uint8_t b = (uint8_t)((shift << 2) | usec);
	cmd(h, &b, 1);
}

uint32_t nvm_rd32(struct nvm_hwsq *h, struct nvm_reg *r, nvm_current_fn current)
{
	if (!r->cached) {
		r->data = current(h->board, r->addr);
		r->cached = true;
	}
	return r->data;
}

/* Every address of the register (mask bit n: addr + n * stride). */
void nvm_reg_wr32(struct nvm_hwsq *h, struct nvm_reg *r, uint32_t data)
{
	r->cached = true;
	r->data = data;
	uint32_t off = 0;
	for (uint32_t mask = r->mask; mask; mask >>= 1) {
		if (mask & 1)
			nvm_wr32(h, r->addr + off, data);
		off += r->stride;
	}
}

/* Written when the value changes, or always once the register is
 * "nuked" (force). */
uint32_t nvm_mask(struct nvm_hwsq *h, struct nvm_reg *r, uint32_t mask, uint32_t data,
		  nvm_current_fn current)
{
	uint32_t temp = nvm_rd32(h, r, current);
	uint32_t v = (temp & ~mask) | data;
	if (temp != v || r->force)
		nvm_reg_wr32(h, r, v);
	return temp;
}
