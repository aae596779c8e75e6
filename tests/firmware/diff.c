/* The differential runner: see diff.h. */
#include "diff.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* The kernel's CP_ME_INIT on a6xx and a7xx: which fields follow, then
 * multiple hardware contexts, error detection, and zeroes. */
static const uint32_t me_init[] = {0x2f, 0x3, 0x20000000, 0, 0, 0, 0, 0};

static struct emu *boot(struct diff *d, int side, const uint8_t *image, size_t size)
{
	char *err = NULL;
	struct emu *e = emu_new(&(struct emu_config){.gen = d->gen, .instr_base = DIFF_INSTR_BASE},
				&err);
	if (!e) {
		tap_ok(d->t, false, "%s: %s emulator: %s", d->name, d->names[side], err);
		free(err);
		return NULL;
	}
	if (!emu_load_image_bytes(e, image, size)) {
		tap_ok(d->t, false, "%s: %s image: %s", d->name, d->names[side], emu_error(e));
		emu_free(e);
		return NULL;
	}
	emu_push_pkt7(e, 0x48, me_init, UTIL_ARRAY_SIZE(me_init)); /* CP_ME_INIT */
	if (emu_run(e) != EMU_IDLE) {
		tap_ok(d->t, false, "%s: %s boots", d->name, d->names[side]);
		tap_diag(d->t, "%s", emu_error(e));
		emu_free(e);
		return NULL;
	}
	emu_clear_writes(e);
	return e;
}

bool diff_begin(struct diff *d, const char *name, const uint8_t *const images[2],
		const size_t sizes[2])
{
	d->name = name;
	d->nregs = d->npipes = d->nranges = 0;
	d->expect_stop = false;
	d->emu[0] = d->emu[1] = NULL;
	for (int i = 0; i < 2; i++) {
		d->emu[i] = boot(d, i, images[i], sizes[i]);
		if (!d->emu[i]) {
			emu_free(d->emu[0]);
			d->emu[0] = NULL;
			return false;
		}
	}
	return true;
}

void diff_mem(struct diff *d, uint64_t addr, const uint32_t *words, size_t count)
{
	for (int i = 0; i < 2; i++)
		emu_mem_write(d->emu[i], addr, words, count);
}

void diff_reg(struct diff *d, uint32_t offset, uint32_t value)
{
	for (int i = 0; i < 2; i++)
		emu_set_reg(d->emu[i], offset, value);
}

void diff_pkt7(struct diff *d, uint32_t opcode, const uint32_t *payload, size_t count)
{
	for (int i = 0; i < 2; i++)
		emu_push_pkt7(d->emu[i], opcode, payload, count);
}

void diff_pkt4(struct diff *d, uint32_t reg, const uint32_t *values, size_t count)
{
	for (int i = 0; i < 2; i++)
		emu_push_pkt4(d->emu[i], reg, values, count);
}

size_t diff_build_pkt7(uint32_t *out, uint32_t opcode, const uint32_t *payload, size_t count)
{
	out[0] = emu_pkt7_header(opcode, (uint32_t)count);
	memcpy(out + 1, payload, count * sizeof *payload);
	return count + 1;
}

void diff_watch_reg(struct diff *d, uint32_t offset)
{
	if (d->nregs < DIFF_MAX_WATCH)
		d->regs[d->nregs++] = offset;
}

void diff_watch_regs(struct diff *d, uint32_t offset, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++)
		diff_watch_reg(d, offset + i);
}

void diff_watch_pipe(struct diff *d, uint32_t reg)
{
	if (d->npipes < DIFF_MAX_WATCH)
		d->pipes[d->npipes++] = reg;
}

void diff_watch_mem(struct diff *d, uint64_t addr, uint32_t count)
{
	if (d->nranges < DIFF_MAX_WATCH)
		d->ranges[d->nranges++] = (struct diff_range){addr, count};
}

void diff_expect_stop(struct diff *d)
{
	d->expect_stop = true;
}

/* How far a firmware that hangs in a loop gets before the run stops. */
#define DIFF_STOP_STEPS 100000u

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Every address either side wrote memory at, and every watched word,
 * sorted and without repeats. */
static uint64_t *compared_addresses(struct diff *d, size_t *count)
{
	struct {
		uint64_t *items;
		size_t count, cap;
	} a = {0};
	for (int i = 0; i < 2; i++) {
		const struct emu_write *w = emu_writes(d->emu[i]);
		for (size_t k = 0; k < emu_write_count(d->emu[i]); k++)
			if (w[k].kind == EMU_WRITE_MEM)
				*UTIL_PUSH(a.items, a.count, a.cap) = w[k].addr;
	}
	for (size_t r = 0; r < d->nranges; r++)
		for (uint32_t k = 0; k < d->ranges[r].count; k++)
			*UTIL_PUSH(a.items, a.count, a.cap) = d->ranges[r].addr + 4ull * k;
	if (a.count)
		qsort(a.items, a.count, sizeof *a.items, cmp_u64);
	size_t n = 0;
	for (size_t k = 0; k < a.count; k++)
		if (n == 0 || a.items[n - 1] != a.items[k])
			a.items[n++] = a.items[k];
	*count = n;
	return a.items;
}

void diff_run(struct diff *d)
{
	if (!d->emu[0] || !d->emu[1])
		return;
	enum emu_status st[2];
	for (int i = 0; i < 2; i++) {
		if (d->expect_stop)
			emu_set_step_limit(d->emu[i], DIFF_STOP_STEPS);
		st[i] = emu_run(d->emu[i]);
	}
	enum emu_status end = d->expect_stop ? EMU_ERROR : EMU_IDLE;
	if (!tap_ok(d->t, st[0] == end && st[1] == end, "%s: both %s", d->name,
		    d->expect_stop ? "stop" : "run to idle")) {
		for (int i = 0; i < 2; i++)
			tap_diag(d->t, "%s: %s", d->names[i],
				 st[i] == EMU_IDLE ? "idle" : emu_error(d->emu[i]));
	}
	size_t n;
	uint64_t *addrs = compared_addresses(d, &n);
	size_t differ = 0;
	for (size_t k = 0; k < n; k++) {
		uint32_t got = emu_mem_read32(d->emu[0], addrs[k]);
		uint32_t want = emu_mem_read32(d->emu[1], addrs[k]);
		if (got != want && differ++ < 8)
			tap_diag(d->t, "memory 0x%llx: %s 0x%08x, %s 0x%08x",
				 (unsigned long long)addrs[k], d->names[0], got, d->names[1], want);
	}
	tap_ok(d->t, differ == 0, "%s: the same memory (%zu words compared)", d->name, n);
	free(addrs);
	for (size_t k = 0; k < d->nregs; k++)
		tap_is_hex(d->t, emu_get_reg(d->emu[0], d->regs[k]),
			   emu_get_reg(d->emu[1], d->regs[k]), "%s: register 0x%x", d->name,
			   d->regs[k]);
	for (size_t k = 0; k < d->npipes; k++)
		tap_is_hex(d->t, emu_pipe(d->emu[0], EMU_MAIN, d->pipes[k]),
			   emu_pipe(d->emu[1], EMU_MAIN, d->pipes[k]), "%s: pipe register 0x%x",
			   d->name, d->pipes[k]);
	for (int i = 0; i < 2; i++) {
		emu_free(d->emu[i]);
		d->emu[i] = NULL;
	}
}
