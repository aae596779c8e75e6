/* Names from the register database (when the emulator has one) for
 * lookups, disassembly and messages. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "emu/machine.h"

static const enum rnn_space rnn_spaces[EMU_SPACE_COUNT] = {
	[EMU_SPACE_GPU] = RNN_GPU,   [EMU_SPACE_CONTROL] = RNN_CONTROL, [EMU_SPACE_SQE] = RNN_SQE,
	[EMU_SPACE_PIPE] = RNN_PIPE, [EMU_SPACE_PM4] = RNN_PM4,
};

/* The database's view of space, made at its first use: a run that
 * prints no name reads no XML (start-up, issue 28). Made through a
 * const emulator as a cache is: what it returns never changes. */
static const struct rnn_view *view(const struct emu *e, enum emu_space space)
{
	if (space >= EMU_SPACE_COUNT || !e->cfg.rnn)
		return NULL;
	struct emu *m = (struct emu *)e;
	if (!m->view_made[space]) {
		struct diag d;
		diag_init(&d);
		const char *variant = space == EMU_SPACE_CONTROL && e->gi->control_variant
					      ? e->gi->control_variant
					      : e->gi->variant;
		m->views[space] = rnn_view(e->cfg.rnn, rnn_spaces[space], variant, &d);
		diag_free(&d); /* a space the database lacks just has no names */
		m->view_made[space] = true;
	}
	return e->views[space];
}

bool emu_name_str(const struct emu *e, enum emu_space space, uint64_t value, struct util_str *out)
{
	const struct rnn_view *v = view(e, space);
	return v && rnn_value_to_name(v, value, out);
}

bool emu_lookup(const struct emu *e, enum emu_space space, const char *name, uint64_t *value)
{
	const struct rnn_view *v = view(e, space);
	uint32_t opcode;
	if (space == EMU_SPACE_PM4 && rnn_pm4_opcode(v, name, &opcode)) {
		*value = opcode;
		return true;
	}
	return v && rnn_name_to_value(v, name, value);
}

const char *emu_variant(const struct emu *e)
{
	return e->gi->variant;
}

int emu_lookup_near(const struct emu *e, enum emu_space space, const char *name, const char **near,
		    size_t max)
{
	const struct rnn_view *v = view(e, space);
	return v ? (int)rnn_suggest(v, name, near, max) : -1;
}

bool emu_name(const struct emu *e, enum emu_space space, uint64_t value, char *buf, size_t size)
{
	struct util_str s = {0};
	bool ok = emu_name_str(e, space, value, &s) && s.len < size;
	if (ok)
		memcpy(buf, s.text, s.len + 1);
	util_str_free(&s);
	return ok;
}

static bool sigil_name(const struct emu *e, enum emu_space space, char sigil, uint32_t value,
		       struct util_str *out)
{
	struct util_str s = {0};
	bool ok = emu_name_str(e, space, value, &s);
	if (ok) {
		util_str_putc(out, sigil);
		util_str_puts(out, s.text);
	}
	util_str_free(&s);
	return ok;
}

static bool control_name(void *ctx, uint32_t base, struct util_str *out)
{
	return sigil_name(ctx, EMU_SPACE_CONTROL, '@', base, out);
}

static bool sqe_name(void *ctx, uint32_t base, struct util_str *out)
{
	return sigil_name(ctx, EMU_SPACE_SQE, '%', base, out);
}

void emu_format_insn(const struct emu *e, const struct emu_cpu *c, uint32_t pc,
		     struct util_str *out)
{
	uint32_t word = e->image[c->base + pc];
	struct isa_instr in;
	if (!isa_decode(&e->isa, word, &in)) {
		if ((word >> 24) == (e->isa.nop >> 24))
			util_str_printf(out, "[%08x]", word);
		else
			util_str_puts(out, "(illegal)");
		return;
	}
	struct isa_names names = {(void *)e, control_name, sqe_name, NULL};
	isa_format(&in, pc, &names, out);
}

size_t emu_disasm(const struct emu *e, enum emu_proc proc, uint32_t pc, char *buf, size_t size)
{
	const struct emu_cpu *c = &e->cpu[proc < EMU_PROC_COUNT ? proc : EMU_MAIN];
	struct util_str s = {0};
	if (c->state != EMU_CPU_OFF && pc < c->size)
		emu_format_insn(e, c, pc, &s);
	else
		util_str_puts(&s, "(outside the code)");
	size_t len = s.len;
	if (size) {
		size_t n = len < size - 1 ? len : size - 1;
		memcpy(buf, s.text, n);
		buf[n] = '\0';
	}
	util_str_free(&s);
	return len;
}
