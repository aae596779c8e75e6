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
 * MEQ has no size limit here: the PFP never stalls on a full one.
 *
 * Whose work is it: the PFP reads ahead of the ME (as the hardware's
 * prefetch parser does), so by the time the ME writes what a packet
 * asks, the PFP may be packets further on. What the ME does belongs to
 * the packet whose words it is reading, whenever it runs: each MEQ word
 * carries the PFP's packet, the ME's turns say when it moved to another
 * packet's words, and the slices which processor ran which steps;
 * emu_pair_attribute turns that into writes and instructions per
 * packet, the same however the turns were scheduled. */
#include <stdlib.h>
#include <string.h>

#include "emu/machine.h"

/* The ME moved to the words of another packet. */
struct emu_pair_turn {
	size_t write;  /* the log's length then: its writes from here on */
	uint64_t step; /* emu_total_steps() then */
	size_t packet; /* emu_packets index + 1; 0: words passed before any */
};

/* Steps [from, to) (counted as emu_total_steps) ran on one processor. */
struct emu_pair_slice {
	uint64_t from, to;
	uint64_t before[2]; /* the PFP's and the ME's steps before from */
	bool me;
};

void emu_meq_push(struct emu *e, struct emu_cpu *c, uint32_t value)
{
	if (e->meq_count == e->meq_cap)
		util_grow(&e->meq, &e->meq_cap, e->meq_count + 1, sizeof *e->meq);
	if (e->meq_count == e->meq_from_cap)
		util_grow(&e->meq_from, &e->meq_from_cap, e->meq_count + 1, sizeof *e->meq_from);
	e->meq_from[e->meq_count] = e->packet_count; /* the PFP's packet, + 1 */
	e->meq[e->meq_count++] = value;
	e->progress_step = e->steps;
	emu_log_write(e, c, EMU_WRITE_MEQ, 0, value);
	if (e->cpu[EMU_ME].state == EMU_CPU_IDLE)
		e->reschedule = true; /* let the ME take the packet */
}

/* Whether the ME reads the words fetched for it rather than the MEQ. */
static bool at_fetch_level(struct emu *e, struct emu_cpu *c)
{
	const struct emu_gen_info *gi = e->gi;
	return gi->me_fetch.present && emu_ib_level(e, c) == gi->me_fetch.level;
}

/* The most words one fetch asks for: a count from garbage must not take
 * the host's memory. */
#define ME_FETCH_MAX (1u << 16)

bool emu_me_fetch(struct emu *e, struct emu_cpu *c, uint32_t dwords)
{
	const struct emu_gen_info *gi = e->gi;
	const uint64_t addr = emu_ctrl64(e, c, gi->me_fetch.addr);
	if (dwords > ME_FETCH_MAX)
		return emu_fault(e, c, EMU_ERR_ADDRESS,
				 "a fetch of %u dwords at 0x%llx for the ME: the model fetches at "
				 "most %u",
				 dwords, (unsigned long long)addr, ME_FETCH_MAX);
	if (e->mef_read == e->mef_count)
		e->mef_read = e->mef_count = 0; /* all read: it starts over */
	for (uint32_t i = 0; i < dwords; i++)
		*UTIL_PUSH(e->mef, e->mef_count, e->mef_cap) = emu_mem_get(&e->mem,
									   addr + 4ull * i);
	return true;
}

bool emu_meq_pull(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value)
{
	if (at_fetch_level(e, c)) {
		if (e->mef_read == e->mef_count)
			return false;
		*value = e->mef[e->mef_read];
		if (!peek)
			e->mef_read++;
		e->progress_step = e->steps;
		return true;
	}
	if (e->meq_read == e->meq_count)
		return false;
	*value = e->meq[e->meq_read];
	if (!peek && e->meq_from[e->meq_read] != e->me_packet) {
		/* the reading instruction is counted already: it is the
		 * packet's, as the PFP's waitin delay slot is */
		const uint64_t now = e->total_steps + e->steps;
		e->me_packet = e->meq_from[e->meq_read];
		*UTIL_PUSH(e->turns, e->turn_count, e->turn_cap) = (struct emu_pair_turn){
			.write = e->log_count,
			.step = now ? now - 1 : 0,
			.packet = e->me_packet,
		};
	}
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
	if (at_fetch_level(e, c))
		return e->mef_count - e->mef_read < need;
	return e->meq_count - e->meq_read < need;
}

uint32_t emu_me_busy(const struct emu *e)
{
	const struct emu_cpu *me = &e->cpu[EMU_ME];
	return e->meq_read != e->meq_count || me->pending || me->code[me->pc].op != ISA_OP_WAITIN;
}

bool emu_pfp_waits_for_me(const struct emu *e, const struct emu_cpu *c, const struct emu_insn *in)
{
	const struct emu_gen_info *gi = e->gi;
	return c->id == EMU_PFP && in->src1 < ISA_REG_MEMDATA && gi->me_fetch.present &&
	       c->gpr[in->src1] + in->imm == gi->me_fetch.busy && emu_me_busy(e);
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

bool emu_attribute(const struct emu *e, size_t *packet, uint64_t *steps)
{
	return emu_pair_attribute(e, packet, steps) || emu_bv_attribute(e, packet, steps);
}

bool emu_proc_is_second(enum emu_proc proc)
{
	return emu_second_reader(proc);
}

bool emu_is_pair(const struct emu *e)
{
	return e->pair;
}

size_t emu_meq_pending(const struct emu *e)
{
	return e->meq_count - e->meq_read;
}

void emu_pair_ran(struct emu *e, int proc, uint64_t from)
{
	/* an a7xx LPAC reads no stream of BR's: its steps are its own */
	if (!(e->pair || e->gi->bv_reads_ring) || proc == EMU_LPAC || e->steps == from)
		return;
	const uint64_t start = e->total_steps + from, end = e->total_steps + e->steps;
	const bool me = emu_second_reader((unsigned)proc);
	struct emu_pair_slice *last = e->slice_count ? &e->slices[e->slice_count - 1] : NULL;
	if (last && last->me == me && last->to == start) {
		last->to = end;
		return;
	}
	struct emu_pair_slice s = {.from = start, .to = end, .me = me};
	if (last) {
		s.before[0] = last->before[0];
		s.before[1] = last->before[1];
		s.before[last->me] += last->to - last->from;
	}
	*UTIL_PUSH(e->slices, e->slice_count, e->slice_cap) = s;
}

void emu_pair_clear(struct emu *e)
{
	e->turn_count = 0;
	e->slice_count = 0;
	e->me_packet = 0;
	for (size_t i = e->meq_read; i < e->meq_count; i++)
		e->meq_from[i] = 0; /* their packets leave the log */
}

void emu_pair_free(struct emu *e)
{
	free(e->meq_from);
	free(e->mef);
	free(e->turns);
	free(e->slices);
}

uint64_t emu_own_steps(const struct emu *e, bool me, uint64_t at)
{
	size_t lo = 0, hi = e->slice_count; /* the first slice starting after at */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (e->slices[mid].from <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return 0;
	const struct emu_pair_slice *s = &e->slices[lo - 1];
	uint64_t n = s->before[me];
	if (s->me == me)
		n += (at < s->to ? at : s->to) - s->from;
	return n;
}

bool emu_pair_attribute(const struct emu *e, size_t *packet, uint64_t *steps)
{
	if (!e->pair)
		return false;
	const size_t np = e->packet_count;
	const uint64_t end = e->total_steps;
	/* by time first: the PFP's packet when the write was made */
	size_t p = 0;
	for (size_t w = 0; w < e->log_count; w++) {
		while (p < np && e->packets[p].write_first <= w)
			p++;
		packet[w] = p;
	}
	/* the ME's writes: the packet whose words it was reading */
	size_t t = 0, current = 0;
	for (size_t w = 0; w < e->log_count; w++) {
		while (t < e->turn_count && e->turns[t].write <= w)
			current = e->turns[t++].packet;
		if (current && e->log[w].proc == EMU_ME)
			packet[w] = current;
	}
	/* the PFP's steps from each packet to the next, and the ME's turns;
	 * the ME's steps before its first turn are its bootstrap's */
	for (size_t i = 0; i < np; i++) {
		uint64_t to = i + 1 < np ? e->packets[i + 1].steps : end;
		steps[i] = emu_own_steps(e, false, to) -
			   emu_own_steps(e, false, e->packets[i].steps);
	}
	for (size_t k = 0; k < e->turn_count; k++) {
		const struct emu_pair_turn *turn = &e->turns[k];
		if (!turn->packet || turn->packet > np)
			continue;
		uint64_t to = k + 1 < e->turn_count ? e->turns[k + 1].step : end;
		steps[turn->packet - 1] += emu_own_steps(e, true, to) -
					   emu_own_steps(e, true, turn->step);
	}
	return true;
}
