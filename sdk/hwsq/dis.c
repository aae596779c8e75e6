/* The HWSQ disassembler: prints source that hwsq-as turns back into the
 * same bytes. Instructions are written as envydis writes them; comments
 * give each one's address and bytes, the MMIO write it performs and what
 * an illegal byte does on the family. */
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

struct dis_ctx {
	const struct hwsq_dis_options *o;
	const struct hwsq_family_info *fam;
	struct util_str *out;
	struct hwsq_mmio_state mmio; /* ADDR and DATA as a straight reading knows them */
};

static void operand(struct dis_ctx *c, const struct hwsq_field *fl, uint32_t v)
{
	enum hwsq_name_kind kind = fl->kind == HWSQ_OPND_FLAG ? HWSQ_NAME_FLAG : HWSQ_NAME_EVENT;
	if (fl->kind == HWSQ_OPND_FLAG || fl->kind == HWSQ_OPND_EVENT) {
		struct util_str name = {0};
		if (hwsq_names_print(c->o->names, kind, v, &name)) {
			util_str_printf(c->out, "#%s", name.text);
			util_str_free(&name);
			return;
		}
	}
	util_str_printf(c->out, "0x%x", fl->kind == HWSQ_OPND_SHIFT ? v * 2 : v);
}

/* What the instruction does, for the comment; updates ADDR/DATA. */
static void note(struct dis_ctx *c, const struct hwsq_insn *insn, struct util_str *n)
{
	if (insn->opcode->op == HWSQ_OP_WAIT)
		util_str_printf(
			n, "%llu us",
			(unsigned long long)hwsq_wait_us(insn->operands[0], insn->operands[1]));
	bool write = hwsq_mmio_apply(&c->mmio, insn);
	if (!write)
		return;
	const struct hwsq_mmio_state *m = &c->mmio;
	if (m->addr_known == 0xffffffff) {
		util_str_printf(n, "wr32 0x%06x", m->addr);
		struct util_str name = {0};
		if (hwsq_names_print(c->o->names, HWSQ_NAME_REG, m->addr, &name))
			util_str_printf(n, " %s", name.text);
		util_str_free(&name);
	} else {
		util_str_printf(n, "wr32 0x????%04x", m->addr & 0xffff);
	}
	if (m->data_known == 0xffffffff)
		util_str_printf(n, " <- 0x%08x", m->data);
	else if (m->data_known & 0xffff)
		util_str_printf(n, " <- 0x????%04x", m->data & 0xffff);
	else
		util_str_puts(n, " <- ?");
}

static void forget(struct dis_ctx *c)
{
	c->mmio = (struct hwsq_mmio_state){0};
}

/* Ends an instruction line with its comment: address, bytes, note. */
static void finish(struct dis_ctx *c, size_t line_start, uint32_t pos, const uint8_t *bytes,
		   unsigned n, const char *text)
{
	if (c->o->plain && !(text && *text)) {
		util_str_putc(c->out, '\n');
		return;
	}
	size_t width = c->out->len - line_start;
	do
		util_str_putc(c->out, ' ');
	while (++width < 40);
	util_str_puts(c->out, ";");
	if (!c->o->plain) {
		util_str_printf(c->out, " %03x:", pos);
		for (unsigned i = 0; i < n; i++)
			util_str_printf(c->out, " %02x", bytes[i]);
	}
	if (text && *text)
		util_str_printf(c->out, "%s%s", c->o->plain ? " " : "  ", text);
	util_str_putc(c->out, '\n');
}

static void raw_bytes(struct dis_ctx *c, const uint8_t *code, uint32_t pos, unsigned n,
		      const char *why)
{
	size_t start = c->out->len;
	util_str_puts(c->out, "\t.byte ");
	for (unsigned i = 0; i < n; i++)
		util_str_printf(c->out, "%s0x%02x", i ? ", " : "", code[pos + i]);
	finish(c, start, pos, code + pos, n, why);
	forget(c);
}

static void instruction(struct dis_ctx *c, const uint8_t *code, uint32_t pos,
			const struct hwsq_insn *insn)
{
	const struct hwsq_opcode *o = insn->opcode;
	size_t start = c->out->len;
	util_str_printf(c->out, "\t%s", o->name);
	for (unsigned i = 0; i < HWSQ_MAX_OPERANDS && o->fields[i].kind != HWSQ_OPND_NONE; i++) {
		if (i > 0 && o->joiner)
			util_str_printf(c->out, " %s", o->joiner);
		util_str_putc(c->out, ' ');
		operand(c, &o->fields[i], insn->operands[i]);
	}
	if (insn->unknown) {
		/* Bits no field claims, as envydis shows them; hwsq-as keeps them. */
		util_str_puts(c->out, " [unknown:");
		for (unsigned i = 0; i < insn->length; i++)
			util_str_printf(c->out, " %02x",
					(unsigned)(insn->unknown >> (8 * i)) & 0xff);
		util_str_putc(c->out, ']');
	}
	struct util_str n = {0};
	note(c, insn, &n);
	finish(c, start, pos, code + pos, insn->length, n.text);
	util_str_free(&n);
}

static const char *illegal_text(const struct hwsq_family_info *fam)
{
	return fam->illegal == HWSQ_ILLEGAL_HANG
		       ? "illegal opcode: the slot hangs here with STATUS.ILLEGAL_OPCODE set"
		       : "illegal opcode: executes as a one-byte no-op";
}

/* Where the exit padding starts: after the last instruction that is not
 * an exit, plus one exit to end the script when there is room. Entry
 * points past it keep the bytes up to them. */
static uint32_t code_end(const uint8_t *code, uint32_t size, const struct hwsq_dis_options *o)
{
	uint32_t end = hwsq_image_used(o->family, code, size);
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		if (o->entry_set[n] && o->entry[n] + 1 > end && o->entry[n] < size)
			end = o->entry[n] + 1;
	return end;
}

void hwsq_disassemble(const uint8_t *code, size_t size, const struct hwsq_dis_options *o,
		      struct util_str *out)
{
	const struct hwsq_family_info *fam = hwsq_family_info(o->family);
	struct dis_ctx c = {.o = o, .fam = fam, .out = out};
	uint32_t len = (uint32_t)size;
	uint32_t end = o->keep_padding ? len : code_end(code, len, o);
	util_str_printf(out, "; %s code RAM, 0x%x bytes (hwsq-as --chip %s)\n", fam->range,
			fam->ram_size, fam->name);
	if (size < fam->ram_size)
		util_str_printf(out, "; the image is only 0x%zx bytes: hwsq-as pads it to 0x%x\n",
				size, fam->ram_size);

	uint32_t pos = 0;
	bool last_exit = false;
	for (;;) {
		/* Labels and entry points that begin here. */
		bool any = false;
		for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++) {
			if (o->entry_set[n] && o->entry[n] == pos) {
				util_str_printf(out, "%sentry%u:\n", any ? "" : "\n", n);
				any = true;
			}
		}
		for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
			if (o->entry_set[n] && o->entry[n] == pos)
				util_str_printf(out, "\tentry %u\n", n);
		if (any)
			forget(&c);
		if (pos >= end)
			break;
		struct hwsq_insn insn;
		hwsq_decode(o->family, code, len, pos, &insn);
		/* An instruction may not swallow a later entry point. */
		unsigned cut = insn.length;
		for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
			if (o->entry_set[n] && o->entry[n] > pos && o->entry[n] < pos + cut)
				cut = o->entry[n] - pos;
		if (!insn.opcode) {
			raw_bytes(&c, code, pos, 1, illegal_text(fam));
		} else if (insn.truncated || cut < insn.length) {
			char *why = util_xasprintf("'%s' cut short by %s", insn.opcode->name,
						   insn.truncated ? "the end of code RAM"
								  : "an entry point");
			raw_bytes(&c, code, pos, cut, why);
			free(why);
			insn.length = (uint8_t)cut;
		} else {
			instruction(&c, code, pos, &insn);
		}
		last_exit = insn.opcode && insn.opcode->op == HWSQ_OP_EXIT && cut == insn.length &&
			    !insn.truncated;
		pos += insn.length;
	}
	if (pos < len)
		util_str_printf(out, "; 0x%03x-0x%03x: exit padding (hwsq-as adds it)\n", pos,
				len - 1);
	else if (len == fam->ram_size && !last_exit)
		util_str_puts(out,
			      "\t.no_final_exit\t\t\t\t; the code runs to the end of the RAM\n");
}
