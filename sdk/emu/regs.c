/* Register spaces with side effects: GPU registers (logged; on a5xx the
 * CP_ME_NRT_* ones reach memory), pipe registers (logged; NRT_DATA
 * writes memory), control registers (the actions of gen.c) and SQE
 * registers. */
#include "emu/machine.h"

static uint64_t gpu64(const struct emu *e, uint32_t offset)
{
	return (uint64_t)e->gpu[offset + 1] << 32 | e->gpu[offset];
}

/* a5xx ME: memory through GPU registers. */
static void gpu_nrt(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value)
{
	const struct emu_gen_info *gi = e->gi;
	if (offset == gi->gpu_write_data) {
		uint64_t addr = emu_nrt_write(e, c, "the CP_ME_NRT_DATA write stream",
					      gpu64(e, gi->gpu_write_addr), value);
		e->gpu[gi->gpu_write_addr] = (uint32_t)addr;
		e->gpu[gi->gpu_write_addr + 1] = (uint32_t)(addr >> 32);
	} else if (offset == gi->gpu_read_dwords) {
		/* each request queues behind the others: CP_MEM_TO_MEM asks
		 * for every source, then reads them all */
		if (c->mrq_count == UTIL_ARRAY_SIZE(c->mrq)) {
			emu_fault(e, c, EMU_ERR_ADDRESS, "more than %zu memory reads queued",
				  UTIL_ARRAY_SIZE(c->mrq));
			return;
		}
		unsigned tail = (c->mrq_head + c->mrq_count++) % UTIL_ARRAY_SIZE(c->mrq);
		c->mrq[tail].addr = gpu64(e, gi->gpu_read_addr);
		c->mrq[tail].dwords = value;
	} else {
		/* a read without a count reads at the address */
		emu_set_ctrl64(e, c, gi->mem_read_addr, gpu64(e, gi->gpu_read_addr));
	}
}

static bool start_proc_at(struct emu *e, struct emu_cpu *c, enum emu_proc id, uint64_t addr,
			  uint16_t base_reg);

void emu_gpu_write(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value)
{
	offset &= EMU_REG_OFFSET_MASK;
	if (e->gpu[offset] != value)
		e->progress_step = e->steps;
	e->gpu[offset] = value;
	emu_log_write(e, c, EMU_WRITE_GPU, offset, value);
	const struct emu_gen_info *gi = e->gi;
	if (gi->nrt_gpu && (offset == gi->gpu_write_data || offset == gi->gpu_read_dwords ||
			    offset == gi->gpu_read_addr || offset == gi->gpu_read_addr + 1))
		gpu_nrt(e, c, offset, value);
	else if (gi->ts_gpu && offset == gi->ts_data)
		emu_gpu_event(e, c, e->gpu);
	else if (gi->lpac_by_gpu && offset == gi->lpac_gpu_cntl && (value & 1))
		start_proc_at(e, c, EMU_LPAC, gpu64(e, gi->lpac_gpu_instr_base), EMU_NONE);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(gi->acks) && gi->acks[i].request; i++)
		if (offset == gi->acks[i].request)
			e->gpu[gi->acks[i].status] = value;
}

static void ctrl_set(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value)
{
	*emu_ctrl_slot(e, c, offset) = value;
	if (e->trace_fn)
		emu_trace_change(e, EMU_CHANGE_CONTROL, offset, value);
}

/* Shows group's state in DRAW_STATE_HDR and DRAW_STATE_BASE. */
static void ds_select(struct emu *e, struct emu_cpu *c, uint32_t group)
{
	const struct emu_gen_info *gi = e->gi;
	const struct emu_draw_state *ds = &c->ds[group & 31];
	ctrl_set(e, c, gi->ds_hdr, ds->hdr);
	ctrl_set(e, c, gi->ds_base, ds->base[0]);
	ctrl_set(e, c, gi->ds_base + 1u, ds->base[1]);
}

void emu_sds_word(struct emu *e, struct emu_cpu *c, uint32_t offset, unsigned index, uint32_t value)
{
	const struct emu_gen_info *gi = e->gi;
	if (offset != gi->ds_set_hdr || index >= 2)
		return; /* elsewhere the extra reads are thrown away */
	uint32_t hdr = *emu_ctrl_slot(e, c, offset);
	c->ds[(hdr >> 24) & 31].base[index] = value;
	if (gi->ds_set_base != EMU_NONE)
		ctrl_set(e, c, gi->ds_set_base + index, value);
}

/* Starts processor id at addr; base_reg, when not EMU_NONE, is the
 * control register pair where the new processor sees its address. */
static bool start_proc_at(struct emu *e, struct emu_cpu *c, enum emu_proc id, uint64_t addr,
			  uint16_t base_reg)
{
	struct emu_cpu *other = &e->cpu[id];
	if (other->state != EMU_CPU_OFF)
		return true; /* already running: a second start changes nothing */
	emu_cpu_reset(e, other, id);
	if (id == EMU_BV)
		e->bv_read = e->ring_read; /* it reads on from where BR is */
	if (base_reg != EMU_NONE)
		emu_set_ctrl64(e, other, base_reg, addr);
	if (!emu_cpu_start(e, other, addr))
		return emu_fault(
			e, c, EMU_ERR_BRANCH,
			"%s started at 0x%llx, which is not inside the image (0x%llx..0x%llx)",
			emu_proc_name(e, id), (unsigned long long)addr,
			(unsigned long long)e->cfg.instr_base,
			(unsigned long long)(e->cfg.instr_base + 4ull * e->image_size));
	return true;
}

static bool start_proc(struct emu *e, struct emu_cpu *c, enum emu_proc id, uint16_t base_reg)
{
	return start_proc_at(e, c, id, emu_ctrl64(e, c, base_reg), base_reg);
}

/* A write of gi->proc4.cntl[i]: the fourth image's processor i starts
 * at the address BR put before it, which it reads at instr_base[0]. */
static bool start_proc4(struct emu *e, struct emu_cpu *c, uint32_t offset)
{
	const struct emu_gen_info *gi = e->gi;
	const unsigned i = offset == gi->proc4.cntl[0] ? 0 : 1;
	return start_proc_at(e, c, i ? EMU_PROC4B : EMU_PROC4,
			     emu_ctrl64(e, c, gi->proc4.instr_base[i]), gi->proc4.instr_base[0]);
}

/* COPROCESSOR_LOCK: a 1 bit asks for that lock, which c gets when no
 * other processor holds it; a 0 bit gives up one c holds. c reads back
 * the bits it holds, which only its own writes change. */
static void take_locks(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value)
{
	const uint8_t me = (uint8_t)(c->id + 1);
	uint32_t held = 0;
	for (unsigned bit = 0; bit < 32; bit++) {
		uint8_t *owner = &e->lock_owner[bit];
		if ((value >> bit & 1) && *owner == 0)
			*owner = me;
		else if (!(value >> bit & 1) && *owner == me)
			*owner = 0;
		if (*owner == me)
			held |= 1u << bit;
	}
	ctrl_set(e, c, offset, held);
}

/* A new MEM_READ_ADDR while MEM_READ_DWORDS words of the read before
 * (at old_lo and the high word, not yet written) are unread: those
 * queue in front of the new read. */
static bool queue_mem_read(struct emu *e, struct emu_cpu *c, uint32_t old_lo)
{
	const struct emu_gen_info *gi = e->gi;
	uint32_t *dwords = emu_ctrl_slot(e, c, gi->mem_read_dwords);
	if (*dwords == 0)
		return true;
	if (c->mrq_count == UTIL_ARRAY_SIZE(c->mrq))
		return emu_fault(e, c, EMU_ERR_ADDRESS, "more than %zu memory reads queued",
				 UTIL_ARRAY_SIZE(c->mrq));
	unsigned tail = (c->mrq_head + c->mrq_count++) % UTIL_ARRAY_SIZE(c->mrq);
	c->mrq[tail].addr = (uint64_t)*emu_ctrl_slot(e, c, gi->mem_read_addr + 1u) << 32 | old_lo;
	c->mrq[tail].dwords = *dwords;
	ctrl_set(e, c, gi->mem_read_dwords, 0);
	return true;
}

bool emu_ctrl_write(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value)
{
	const struct emu_gen_info *gi = e->gi;
	if (offset >= EMU_CONTROL_COUNT)
		return emu_fault(
			e, c, EMU_ERR_ADDRESS,
			"control register 0x%x is outside the control space (0x000..0x%03x)",
			offset, EMU_CONTROL_COUNT - 1);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(gi->self_clear) && gi->self_clear[i].offset; i++)
		if (offset == gi->self_clear[i].offset)
			value &= ~gi->self_clear[i].bits; /* done at once */
	const uint32_t old = *emu_ctrl_slot(e, c, offset);
	ctrl_set(e, c, offset, value);
	switch ((enum emu_ctrl_action)e->ctrl_action[offset]) {
	case EMU_CA_NONE:
		return true;
	case EMU_CA_REG_WRITE: {
		uint32_t *addr = emu_ctrl_slot(e, c, gi->reg_write_addr);
		const uint32_t reg = *addr & EMU_REG_OFFSET_MASK;
		emu_gpu_write(e, c, reg, value);
		ctrl_set(e, c, gi->reg_write_addr,
			 (*addr & ~EMU_REG_OFFSET_MASK) | ((*addr + 1) & EMU_REG_OFFSET_MASK));
		/* a5xx: the PFP starts the decoder there (a lone PFP's words
		 * for the ME, logged as register writes, do not) */
		if (gi->vsd.by_gpu && reg == gi->vsd.gpu_bytes)
			return emu_vsd_start_gpu(e, c, gpu64(e, gi->vsd.gpu_addr), value);
		return true;
	}
	case EMU_CA_REG_READ_ADDR:
		if (*emu_ctrl_slot(e, c, gi->reg_read_dwords))
			return true;                           /* a counted read from value on */
		if (c->rrb_count == UTIL_ARRAY_SIZE(c->rrb)) { /* full: the oldest goes */
			c->rrb_head = (c->rrb_head + 1) % UTIL_ARRAY_SIZE(c->rrb);
			c->rrb_count--;
		}
		c->rrb[(c->rrb_head + c->rrb_count++) % UTIL_ARRAY_SIZE(c->rrb)] = value;
		return true;
	case EMU_CA_TABLE_WRITE: {
		uint32_t index = *emu_ctrl_slot(e, c, gi->table_addr);
		if (index >= EMU_PACKET_TABLE_SIZE)
			return emu_fault(e, c, EMU_ERR_ADDRESS,
					 "packet table write at entry 0x%x, past its 0x%x entries",
					 index, EMU_PACKET_TABLE_SIZE);
		c->table[index] = value;
		ctrl_set(e, c, gi->table_addr, index + 1);
		return true;
	}
	case EMU_CA_DS_SET_HDR:
		c->ds[(value >> 24) & 31].hdr = value;
		return true;
	case EMU_CA_DS_SEL:
		ds_select(e, c, value);
		return true;
	case EMU_CA_START_BV:
		return !(value & 1) || start_proc(e, c, EMU_BV, gi->bv_instr_base);
	case EMU_CA_START_LPAC:
		return !(value & 1) || start_proc(e, c, EMU_LPAC, gi->lpac_instr_base);
	case EMU_CA_START_PROC4:
		return !(value & 1) || !e->has_proc4 || start_proc4(e, c, offset);
	case EMU_CA_LOCK:
		take_locks(e, c, offset, value);
		return true;
	case EMU_CA_VSD_CNTL:
		return emu_vsd_control(e, c, value);
	case EMU_CA_MEM_READ_ADDR:
		return queue_mem_read(e, c, old);
	case EMU_CA_VSD_MODE:
		emu_vsd_mode(e, old, value);
		return true;
	case EMU_CA_ME_FETCH:
		return emu_me_fetch(e, c, value);
	case EMU_CA_FATAL_ERROR:
		if (value) {
			c->fatal_value = value;
			c->fatal_pc = c->pc;
		}
		return true;
	}
	return true;
}

bool emu_ctrl_read(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t *value)
{
	if (offset >= EMU_CONTROL_COUNT)
		return emu_fault(
			e, c, EMU_ERR_ADDRESS,
			"control register 0x%x is outside the control space (0x000..0x%03x)",
			offset, EMU_CONTROL_COUNT - 1);
	const struct emu_gen_info *gi = e->gi;
	if (gi->vsd.present && offset == gi->vsd.fifo && c->id != EMU_ME) /* a5xx: the PFP's */
		*value = emu_vsd_pop(e, c);
	else if (gi->vsd.present && (offset == gi->vsd.pkt_dwords || offset == gi->vsd.pkt_read))
		*value = emu_packet_words(e, c, offset == gi->vsd.pkt_read);
	else if (gi->me_fetch.present && offset == gi->me_fetch.busy && e->pair && c->id == EMU_PFP)
		*value = emu_me_busy(e);
	else
		*value = *emu_ctrl_slot(e, c, offset);
	emu_note_read(e, false, EMU_SPACE_CONTROL, offset, *value);
	return true;
}

bool emu_sqe_write(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value)
{
	if (offset >= EMU_CONTROL_COUNT)
		return emu_fault(e, c, EMU_ERR_ADDRESS,
				 "SQE register 0x%x is outside the SQE space (0x000..0x%03x)",
				 offset, EMU_CONTROL_COUNT - 1);
	/* SP keeps 4 bits: the vendor preemption restore writes SP with
	 * STACK7's saved value in bits 4 and up, then STACK7 with it >> 4 */
	if (offset == e->gi->sqe_sp)
		value &= EMU_SP_MASK;
	c->sqe[offset] = value;
	if (e->trace_fn)
		emu_trace_change(e, EMU_CHANGE_SQE, offset, value);
	return true;
}

bool emu_sqe_read(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t *value)
{
	if (offset >= EMU_CONTROL_COUNT)
		return emu_fault(e, c, EMU_ERR_ADDRESS,
				 "SQE register 0x%x is outside the SQE space (0x000..0x%03x)",
				 offset, EMU_CONTROL_COUNT - 1);
	*value = c->sqe[offset];
	return true;
}
