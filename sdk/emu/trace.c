/* Tracing: what one executed instruction changed, handed to the user's
 * callback. Only used while a callback is set, so the plain run loop
 * pays one test per instruction for it. */
#include <string.h>

#include "emu/machine.h"

void emu_trace_begin(struct emu *e, struct emu_cpu *c, uint32_t pc, unsigned iteration)
{
	struct emu_trace *t = &e->trace;
	t->proc = c->id;
	t->pc = pc;
	t->word = e->image[c->base + pc];
	t->iteration = iteration;
	t->change_count = t->dropped = 0;
	t->write_first = e->log_count;
	memcpy(e->trace_gpr, c->gpr, sizeof e->trace_gpr);
}

void emu_trace_change(struct emu *e, enum emu_change_kind kind, uint32_t offset, uint32_t value)
{
	struct emu_trace *t = &e->trace;
	if (t->change_count == EMU_TRACE_MAX_CHANGES) {
		t->dropped++;
		return;
	}
	t->changes[t->change_count++] = (struct emu_reg_change){(uint8_t)kind, offset, value};
}

void emu_trace_end(struct emu *e, struct emu_cpu *c)
{
	struct emu_trace *t = &e->trace;
	for (unsigned r = 1; r < 32; r++)
		if (c->gpr[r] != e->trace_gpr[r])
			emu_trace_change(e, EMU_CHANGE_GPR, r, c->gpr[r]);
	t->write_count = e->log_count - t->write_first;
	e->trace_fn(e->trace_ctx, e, t);
}
