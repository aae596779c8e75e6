/* Faults: every way a run can go wrong ends here, with a message that
 * names the processor, the pc, the instruction and what ran before it. */
#include <stdarg.h>
#include <stdlib.h>

#include "emu/machine.h"

/* An a5xx image alone runs as PFP or ME, and nothing in it says which;
 * in a pair the main processor is the PFP. */
static const char *const proc_names[][EMU_PROC_COUNT] = {
	[EMU_A5XX] = {"PFP/ME", "BV", "LPAC", "ME", "PROC4", "PROC4B"},
	[EMU_A6XX] = {"SQE", "BV", "LPAC", "ME", "PROC4", "PROC4B"},
	[EMU_A7XX] = {"BR", "BV", "LPAC", "ME", "PROC4", "PROC4B"},
};

const char *emu_proc_name(const struct emu *e, enum emu_proc proc)
{
	if (e->pair && proc == EMU_PFP)
		return "PFP";
	return proc < EMU_PROC_COUNT ? proc_names[e->gi->gen][proc] : "?";
}

static void put_insn_line(const struct emu *e, const struct emu_cpu *c, uint32_t pc,
			  struct util_str *s)
{
	util_str_printf(s, "  %04x: ", pc);
	if (pc < c->size) {
		util_str_printf(s, "%08x  ", e->image[c->base + pc]);
		size_t start = s->len;
		emu_format_insn(e, c, pc, s);
		char where[256];
		if (emu_where(e, c->id, pc, where, sizeof where))
			util_str_printf(s, "%*s; %s",
					(int)(s->len - start < 28 ? 28 - (s->len - start) : 1), "",
					where);
	} else {
		util_str_puts(s, "(past the end of the image)");
	}
	util_str_putc(s, '\n');
}

/* A stop after the firmware raised the CP's error is the firmware's own
 * (vendor images jump to themselves, delay slot included): say so, and
 * when the packet's table entry is opcode 0's, that the image has no
 * handler for it. */
static void put_fatal(const struct emu *e, const struct emu_cpu *c, struct util_str *s)
{
	char reg[64] = "FATAL_ERROR_CTRL";
	emu_name(e, EMU_SPACE_CONTROL, e->gi->fatal_error, reg, sizeof reg);
	util_str_printf(s, "\n after the firmware raised the CP's error (@%s = 0x%x at pc %04x)",
			reg, c->fatal_value, c->fatal_pc);
	const uint32_t entry = emu_pm4_entry(c->packet_hdr);
	if (c->took_packet && entry != EMU_PKT4_ENTRY && entry != 0 &&
	    c->table[entry] == c->table[0]) {
		char name[64];
		emu_entry_name(e, entry, name, sizeof name);
		util_str_printf(s,
				": %s's table entry is opcode 0's, the image's handler for "
				"opcodes it does not implement",
				name);
	}
}

bool emu_fault(struct emu *e, struct emu_cpu *c, enum emu_error_kind kind, const char *fmt, ...)
{
	if (e->error_kind != EMU_ERR_NONE)
		return false; /* the first fault is the one that matters */
	struct util_str s = {0};
	va_list ap;
	va_start(ap, fmt);
	util_str_vprintf(&s, fmt, ap);
	va_end(ap);
	if (c && c->fatal_value)
		put_fatal(e, c, &s);
	if (c) {
		char where[256];
		util_str_printf(&s, "\n at %s pc %04x", emu_proc_name(e, c->id), c->pc);
		if (emu_where(e, c->id, c->pc, where, sizeof where))
			util_str_printf(&s, " (%s)", where);
		util_str_puts(&s, ":\n");
		put_insn_line(e, c, c->pc, &s);
		/* During a step the newest entry is the faulting instruction. */
		unsigned skip = c->in_step ? 1 : 0;
		unsigned avail = c->nhist < EMU_HISTORY ? c->nhist : EMU_HISTORY;
		unsigned n = avail > skip ? avail - skip : 0;
		if (n > 0)
			util_str_printf(&s, " the %s%u instruction%s %s, oldest first:\n",
					skip ? "" : "last ", n, n == 1 ? "" : "s",
					skip ? "before it" : "executed");
		for (unsigned i = n; i > 0; i--)
			put_insn_line(e, c, c->hist[(c->nhist - skip - i) % EMU_HISTORY], &s);
		if (s.len && s.text[s.len - 1] == '\n')
			s.text[--s.len] = '\0';
	}
	free(e->error);
	e->error = util_str_take(&s);
	e->error_kind = kind;
	return false;
}

static const char *const kind_names[] = {
	[EMU_ERR_NONE] = "none",
	[EMU_ERR_STEP_LIMIT] = "step-limit",
	[EMU_ERR_ILLEGAL] = "illegal",
	[EMU_ERR_QUEUE_EMPTY] = "queue-empty",
	[EMU_ERR_STACK] = "stack",
	[EMU_ERR_BRANCH] = "branch",
	[EMU_ERR_PACKET] = "packet",
	[EMU_ERR_ADDRESS] = "address",
	[EMU_ERR_UNSUPPORTED] = "unsupported",
	[EMU_ERR_NO_IMAGE] = "no-image",
	[EMU_ERR_WAIT] = "wait",
};

bool emu_set_error(struct emu *e, enum emu_error_kind kind, const char *message)
{
	return emu_fault(e, NULL, kind, "%s", message);
}

const char *emu_error_kind_name(enum emu_error_kind kind)
{
	return (size_t)kind < UTIL_ARRAY_SIZE(kind_names) ? kind_names[kind] : "?";
}
