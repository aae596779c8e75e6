/* The a5xx CP as the pair it is: the PFP reads the ring buffer and the
 * IBs and passes packets on through a queue (the MEQ) to the ME, which
 * does the register and memory work.
 *
 * Both images sit in one image array, the ME's after the PFP's, so
 * coverage, traces and errors work as for any processor window. A PFP
 * $data write (the a530 PFP never writes $addr: every $data write goes
 * to the ME) is pushed into the MEQ and logged as EMU_WRITE_MEQ; the
 * ME's waitin and $data read the MEQ whatever its IB level register
 * says, since the PFP follows the IBs for it.
 *
 * Scheduling: a push that finds the ME waiting ends the PFP's turn after
 * the instruction, so the ME runs each packet soon after it is passed;
 * the ME waits before an instruction that reads more $data words than
 * the MEQ holds, so a (rep) never starts on a half-passed payload. The
 * MEQ has no size limit here: the PFP never stalls on a full one. */
#include <stdlib.h>
#include <string.h>

#include "emu/machine.h"

void emu_meq_push(struct emu *e, struct emu_cpu *c, uint32_t value)
{
	if (e->meq_count == e->meq_cap)
		util_grow(&e->meq, &e->meq_cap, e->meq_count + 1, sizeof *e->meq);
	e->meq[e->meq_count++] = value;
	e->progress_step = e->steps;
	emu_log_write(e, c, EMU_WRITE_MEQ, 0, value);
	if (e->cpu[EMU_ME].state == EMU_CPU_IDLE)
		e->reschedule = true; /* let the ME take the packet */
}

bool emu_meq_pull(struct emu *e, bool peek, uint32_t *value)
{
	if (e->meq_read == e->meq_count)
		return false;
	*value = e->meq[e->meq_read];
	if (!peek && ++e->meq_read == e->meq_count)
		e->meq_read = e->meq_count = 0;
	return true;
}

bool emu_meq_waits(struct emu *e, struct emu_cpu *c)
{
	const struct emu_insn *in = &c->code[c->pc];
	uint32_t rem = c->gpr[ISA_REG_REM];
	size_t need;
	if (in->flags & EMU_I_PEEK)
		need = 1;
	else if (in->flags & EMU_I_REP)
		need = rem; /* each iteration's reads count $rem down */
	else                /* its own read, then (xmovN)'s, which leave $rem at 0 at most */
		need = 1u + (rem ? (in->xmov < rem - 1 ? in->xmov : rem - 1) : 0);
	return e->meq_count - e->meq_read < need;
}

void emu_pair_check_idle(struct emu *e)
{
	struct emu_cpu *me = &e->cpu[EMU_ME];
	if (!e->pair || e->error_kind || me->state != EMU_CPU_IDLE ||
	    (!me->pending && me->code[me->pc].op == ISA_OP_WAITIN))
		return;
	emu_fault(e, me, EMU_ERR_QUEUE_EMPTY,
		  "the ME waits inside a packet for $data words the PFP never passed (%zu in "
		  "the MEQ, the PFP idle)",
		  e->meq_count - e->meq_read);
}

bool emu_load_pair(struct emu *e, const uint32_t *pfp, size_t pfp_count, const uint32_t *me,
		   size_t me_count)
{
	if (e->gi->gen != EMU_A5XX) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE,
			  "a PFP and ME pair is a5xx's: this emulator is for %s", e->gi->variant);
		return false;
	}
	if (pfp_count < 2 || me_count < 2) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE,
			  "%s image of %zu words is too small: word 0, which is skipped, and at "
			  "least one instruction are needed",
			  pfp_count < 2 ? "PFP" : "ME", pfp_count < 2 ? pfp_count : me_count);
		return false;
	}
	/* one image of the PFP's instructions, then the ME's */
	size_t count = pfp_count + me_count - 1;
	uint32_t *words = util_xmalloc(count * sizeof *words);
	memcpy(words, pfp, pfp_count * sizeof *words);
	memcpy(words + pfp_count, me + 1, (me_count - 1) * sizeof *words);
	bool ok = emu_load_image(e, words, count);
	free(words);
	if (!ok)
		return false;
	const uint32_t pfp_size = (uint32_t)(pfp_count - 1);
	const uint64_t me_addr = e->cfg.instr_base + 4ull * pfp_size;
	struct emu_cpu *p = &e->cpu[EMU_PFP], *m = &e->cpu[EMU_ME];
	p->size = pfp_size; /* a branch past the PFP is no jump into the ME */
	p->feeds_meq = true;
	/* the ME's bootstrap finds its image through CP_ME_INSTR_BASE */
	const uint32_t me_base_reg = e->gi->instr_base_regs[0];
	e->gpu[me_base_reg] = (uint32_t)me_addr;
	e->gpu[me_base_reg + 1] = (uint32_t)(me_addr >> 32);
	emu_cpu_start(e, m, me_addr);
	e->pair = true;
	return true;
}

/* The words of a file's bytes, or NULL (with a fault) when it is not
 * whole words. */
static uint32_t *le_words(struct emu *e, const char *what, const uint8_t *bytes, size_t len)
{
	if (len % 4) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE,
			  "%s image of %zu bytes is not a whole number of 32-bit words", what, len);
		return NULL;
	}
	uint32_t *words = util_xmalloc(len ? len : 1);
	for (size_t i = 0; i < len / 4; i++)
		words[i] = util_le32(bytes + 4 * i);
	return words;
}

bool emu_load_pair_bytes(struct emu *e, const uint8_t *pfp, size_t pfp_len, const uint8_t *me,
			 size_t me_len)
{
	uint32_t *p = le_words(e, "PFP", pfp, pfp_len);
	uint32_t *m = p ? le_words(e, "ME", me, me_len) : NULL;
	bool ok = m && emu_load_pair(e, p, pfp_len / 4, m, me_len / 4);
	free(p);
	free(m);
	return ok;
}

bool emu_is_pair(const struct emu *e)
{
	return e->pair;
}

size_t emu_meq_pending(const struct emu *e)
{
	return e->meq_count - e->meq_read;
}
