/* Processors: reset state, and starting one on a window of the image
 * (the main processor at the image's base; a7xx BV and LPAC wherever BR
 * points BV_INSTR_BASE and LPAC_INSTR_BASE). */
#include <string.h>

#include "emu/machine.h"

void emu_cpu_reset(struct emu *e, struct emu_cpu *c, enum emu_proc id)
{
	memset(c, 0, sizeof *c);
	c->id = id;
	c->state = EMU_CPU_OFF;
	emu_cpu_preset(e, c);
}

void emu_cpu_preset(struct emu *e, struct emu_cpu *c)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(e->gi->reset_ctrl); i++)
		if (e->gi->reset_ctrl[i].value)
			c->ctrl[e->gi->reset_ctrl[i].offset] = e->gi->reset_ctrl[i].value;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(e->gi->part_ctrl); i++)
		if (e->part && e->gi->part_ctrl[i].part &&
		    strcmp(e->part, e->gi->part_ctrl[i].part) == 0)
			c->ctrl[e->gi->part_ctrl[i].offset] = e->gi->part_ctrl[i].value;
	if (e->has_ctrl0)
		c->ctrl[0] = e->ctrl0;
	if (e->aqe && c->id == EMU_MAIN)
		c->ctrl[0] |= e->gi->aqe_ctrl0;
}

bool emu_cpu_start(struct emu *e, struct emu_cpu *c, uint64_t addr)
{
	uint64_t base = e->cfg.instr_base;
	if (!e->loaded || addr < base || (addr - base) % 4 || (addr - base) / 4 >= e->image_size)
		return false;
	uint32_t first = (uint32_t)((addr - base) / 4);
	c->base = first;
	c->code = e->code + first;
	c->counts = e->counts + first;
	c->size = e->image_size - first;
	c->pc = 0;
	c->state = EMU_CPU_RUNNING;
	e->reschedule = true;
	return true;
}

bool emu_proc_base(const struct emu *e, enum emu_proc proc, uint32_t *base)
{
	if (proc >= EMU_PROC_COUNT || e->cpu[proc].state == EMU_CPU_OFF)
		return false;
	*base = e->cpu[proc].base;
	return true;
}

bool emu_has_proc(const struct emu *e, enum emu_proc proc)
{
	switch (proc) {
	case EMU_MAIN:
		return true;
	case EMU_BV:
		return e->gi->bv_cntl != EMU_NONE && !e->aqe;
	case EMU_LPAC:
		return emu_has_lpac(e) && !e->aqe;
	case EMU_ME:
		return e->pair;
	case EMU_PROC4:
	case EMU_PROC4B:
		return e->has_proc4 && !e->aqe;
	default:
		return false;
	}
}

uint32_t emu_proc_size(const struct emu *e, enum emu_proc proc)
{
	return emu_proc_started(e, proc) ? e->cpu[proc].size : 0;
}

bool emu_proc_started(const struct emu *e, enum emu_proc proc)
{
	return proc < EMU_PROC_COUNT && e->cpu[proc].state != EMU_CPU_OFF;
}
