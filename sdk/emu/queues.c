/* The read-only queues behind $data, $memdata and $regdata.
 *
 * $data reads the PM4 stream of the current IB_LEVEL: level 0 is the ring
 * buffer the user feeds; the others read GPU memory from their control
 * registers (IB1_BASE/IB1_DWORDS, ...), which advance as words are read.
 * An exhausted IB makes up an IN_IB_END header, which is how the firmware
 * learns to return to the level below. $memdata reads memory from
 * MEM_READ_ADDR/MEM_READ_DWORDS, $regdata GPU registers from
 * REG_READ_ADDR/REG_READ_DWORDS (or, on a5xx without a read queued, from
 * the $addr register). Every non-peeking read of $data counts down $rem.
 */
#include "emu/machine.h"

enum pull { PULL_OK, PULL_EMPTY, PULL_FAULT };

/* The next word of the current level's stream, consumed unless peek. */
static enum pull pull_stream(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value)
{
	const struct emu_gen_info *gi = e->gi;
	if (c->id == EMU_ME) /* a pair's ME reads what the PFP passed, at any level */
		return emu_meq_pull(e, c, peek, value) ? PULL_OK : PULL_EMPTY;
	unsigned level = emu_ib_level(e, c);
	if (level == 0 && c->id == EMU_LPAC) {
		if (e->lpac_read == e->lpac_count)
			return PULL_EMPTY;
		*value = e->lpac_ring[e->lpac_read];
		if (!peek && ++e->lpac_read == e->lpac_count)
			e->lpac_read = e->lpac_count = 0; /* all read: it starts over */
		return PULL_OK;
	}
	if (level == 0) {
		size_t *at = emu_ring_place(e, c);
		if (!at || *at == e->ring_count)
			return PULL_EMPTY;
		*value = e->ring[*at];
		if (!peek && ++*at == e->ring_count)
			emu_ring_drained(e);
		return PULL_OK;
	}
	if (level >= gi->level_count) {
		emu_fault(e, c, EMU_ERR_ADDRESS, "IB_LEVEL is %u: %s has no such queue", level,
			  gi->variant);
		return PULL_FAULT;
	}
	uint32_t *dwords = emu_ctrl_slot(e, c, gi->level_dwords[level]);
	if (*dwords == 0)
		return PULL_EMPTY;
	uint32_t *lo = emu_ctrl_slot(e, c, gi->level_base[level]);
	uint32_t *hi = emu_ctrl_slot(e, c, gi->level_base[level] + 1u);
	uint64_t base = (uint64_t)*hi << 32 | *lo;
	/* The top word takes the slow path too, so that the check of the
	 * size there sees an IB set again at the cached address. */
	if (EMU_UNLIKELY(c->fetch_base != base || c->fetch_avail == 0 || base == ~3ull)) {
		if (base & 3) {
			emu_fault(e, c, EMU_ERR_ADDRESS, "%s base 0x%llx is not a multiple of 4",
				  gi->level_name[level], (unsigned long long)base);
			return PULL_FAULT;
		}
		if (emu_mem_past_top(e, c, gi->level_name[level], base, *dwords))
			return PULL_FAULT;
		c->fetch_base = base;
		c->fetch_at = emu_mem_words(&e->mem, base, &c->fetch_avail);
		if (!c->fetch_at)
			c->fetch_avail = 0; /* a page never written reads as 0 */
	}
	*value = c->fetch_avail ? *c->fetch_at : 0;
	if (!peek) {
		if (c->fetch_avail) {
			c->fetch_at++;
			c->fetch_avail--;
		}
		c->fetch_base = base + 4;
		*lo = (uint32_t)c->fetch_base;
		*hi = (uint32_t)(c->fetch_base >> 32);
		(*dwords)--;
	}
	return PULL_OK;
}

bool emu_read_data(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value)
{
	if (!peek && c->gpr[ISA_REG_REM] == 0 && c->id != EMU_ME) {
		/* A header read (the payload's words count $rem down): at an
		 * IB's end it is the IN_IB_END the ROQ makes up, as at a waitin,
		 * which is how a loop passing packets over finds the end. */
		const unsigned level = emu_ib_level(e, c);
		uint32_t hdr;
		if (emu_peek_header(e, c, &hdr) && c->id == EMU_BV && emu_bv_reads_ring(e))
			emu_bv_header(e, c, level, hdr);
	}
	if (c->inject) {
		*value = c->inject_word;
		if (!peek) {
			c->inject = false;
			emu_count_down_rem(c);
			e->progress_step = e->steps;
		}
		return true;
	}
	switch (pull_stream(e, c, peek, value)) {
	case PULL_OK:
		if (!peek) {
			emu_count_down_rem(c);
			e->progress_step = e->steps;
		}
		return true;
	case PULL_EMPTY:
		return emu_fault(e, c, EMU_ERR_QUEUE_EMPTY, "$data read with the %s queue empty",
				 c->id == EMU_ME ? "MEQ" : e->gi->level_name[emu_ib_level(e, c)]);
	case PULL_FAULT:
		break;
	}
	return false;
}

bool emu_peek_header(struct emu *e, struct emu_cpu *c, uint32_t *hdr)
{
	if (c->inject) {
		*hdr = c->inject_word;
		return true;
	}
	switch (pull_stream(e, c, true, hdr)) {
	case PULL_OK:
		return true;
	case PULL_EMPTY:
		if (c->id == EMU_ME || emu_ib_level(e, c) == 0 || e->gi->ib_end_opcode == EMU_NONE)
			return false; /* idle: wait for the user to push more */
		c->inject = true;
		c->inject_word = emu_pkt7_header(e->gi->ib_end_opcode, 0);
		*hdr = c->inject_word;
		return true;
	case PULL_FAULT:
		break;
	}
	return false;
}

void emu_note_read(struct emu *e, bool mem, enum emu_space space, uint64_t addr, uint32_t value)
{
	e->last_read.valid = true;
	e->last_read.mem = mem;
	e->last_read.space = space;
	e->last_read.addr = addr;
	e->last_read.value = value;
}

bool emu_read_memdata(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value)
{
	const struct emu_gen_info *gi = e->gi;
	while (c->mrq_count) {
		unsigned h = c->mrq_head;
		if (c->mrq[h].dwords == 0) {
			c->mrq_head = (h + 1) % UTIL_ARRAY_SIZE(c->mrq);
			c->mrq_count--;
			continue;
		}
		if (c->mrq[h].addr & 3)
			return emu_fault(e, c, EMU_ERR_ADDRESS,
					 "memory read at 0x%llx, not a multiple of 4",
					 (unsigned long long)c->mrq[h].addr);
		if (emu_mem_past_top(e, c, "the memory read", c->mrq[h].addr, c->mrq[h].dwords))
			return false;
		*value = emu_mem_get(&e->mem, c->mrq[h].addr);
		emu_note_read(e, true, EMU_SPACE_GPU, c->mrq[h].addr, *value);
		if (!peek) {
			c->mrq[h].addr += 4;
			c->mrq[h].dwords--;
		}
		return true;
	}
	uint32_t *dwords = emu_ctrl_slot(e, c, gi->mem_read_dwords);
	/* a5xx ME reads at the CP_ME_NRT address without a count */
	if (*dwords == 0 && !gi->uncounted_memdata)
		return emu_fault(
			e, c, EMU_ERR_QUEUE_EMPTY,
			"$memdata read with the memory read queue empty (MEM_READ_DWORDS is 0)");
	uint64_t addr = emu_ctrl64(e, c, gi->mem_read_addr);
	if (addr & 3)
		return emu_fault(e, c, EMU_ERR_ADDRESS,
				 "MEM_READ_ADDR 0x%llx is not a multiple of 4",
				 (unsigned long long)addr);
	if (*dwords ? emu_mem_past_top(e, c, "the memory read (MEM_READ_ADDR)", addr, *dwords)
		    : !emu_stream_at(e, c, &c->read_stream,
				     "the uncounted memory read stream (MEM_READ_ADDR)", addr,
				     !peek))
		return false;
	*value = emu_mem_get(&e->mem, addr);
	emu_note_read(e, true, EMU_SPACE_GPU, addr, *value);
	if (!peek) {
		emu_set_ctrl64(e, c, gi->mem_read_addr, addr + 4);
		if (*dwords)
			(*dwords)--;
	}
	return true;
}

bool emu_read_regdata(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value)
{
	const struct emu_gen_info *gi = e->gi;
	uint32_t *dwords = emu_ctrl_slot(e, c, gi->reg_read_dwords);
	if (*dwords || c->rrb_count) {
		/* with a count, from REG_READ_ADDR on; else the oldest address
		 * REG_READ_ADDR queued */
		uint32_t *addr = *dwords ? emu_ctrl_slot(e, c, gi->reg_read_addr)
					 : &c->rrb[c->rrb_head];
		*value = e->gpu[*addr & EMU_REG_OFFSET_MASK];
		emu_note_read(e, false, EMU_SPACE_GPU, *addr & EMU_REG_OFFSET_MASK, *value);
		if (peek)
			return true;
		if (*dwords) {
			(*dwords)--;
			(*addr)++;
			c->rrb_count = 0;
		} else {
			c->rrb_head = (c->rrb_head + 1) % UTIL_ARRAY_SIZE(c->rrb);
			c->rrb_count--;
		}
		return true;
	}
	if (gi->direct_regdata && c->rd_direct) {
		/* a5xx ME: from where $addr bit 20 pointed */
		*value = e->gpu[c->rd_addr & EMU_REG_OFFSET_MASK];
		if (!peek)
			c->rd_addr++;
		return true;
	}
	if (gi->direct_regdata) {
		/* a5xx ME reads the register at $addr directly */
		uint32_t addr = c->gpr[ISA_REG_ADDR];
		*value = e->gpu[addr & EMU_REG_OFFSET_MASK];
		if (!peek && !(addr & EMU_REG_NOINC))
			c->gpr[ISA_REG_ADDR] = (addr & ~EMU_REG_OFFSET_MASK) |
					       ((addr + 1) & EMU_REG_OFFSET_MASK);
		return true;
	}
	return emu_fault(e, c, EMU_ERR_QUEUE_EMPTY,
			 "$regdata read with no register read queued (REG_READ_ADDR not written)");
}

bool emu_stream_waits(struct emu *e, struct emu_cpu *c)
{
	if (c->inject || emu_ib_level(e, c) != 0)
		return false;
	if (c->id == EMU_LPAC)
		return e->lpac_read == e->lpac_count;
	const size_t *at = emu_ring_place(e, c);
	return !at || *at == e->ring_count;
}
