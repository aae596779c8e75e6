/* The emulator object: configuration, the ring buffer, running the
 * processors in turn, and the accessors of include/afuc/emu.h. */
#include <stdlib.h>
#include <string.h>

#include "emu/machine.h"

/* Instructions a processor runs before the next gets a turn, while more
 * than one is busy (a7xx processors spin on each other at boot). */
#define EMU_SLICE 64

static void set_action(struct emu *e, uint16_t offset, enum emu_ctrl_action action)
{
	if (offset != EMU_NONE)
		e->ctrl_action[offset] = (uint8_t)action;
}

/* Payload-less pipe registers: the table made from the database at
 * build time (emu/void_pipes.h), so that no run needs the XML. */
static void find_void_pipes(struct emu *e)
{
	for (const uint8_t *p = e->gi->void_pipes; *p; p++)
		e->void_pipe[*p] = 1;
}

void emu_use_gen_info(struct emu *e, const struct emu_gen_info *gi)
{
	e->gi = gi;
	e->view_made[EMU_SPACE_CONTROL] = false; /* the variant's map */
	memset(e->ctrl_action, EMU_CA_NONE, sizeof e->ctrl_action);
	set_action(e, gi->reg_write, EMU_CA_REG_WRITE);
	set_action(e, gi->reg_read_addr, EMU_CA_REG_READ_ADDR);
	set_action(e, gi->table_write, EMU_CA_TABLE_WRITE);
	set_action(e, gi->ds_set_hdr, EMU_CA_DS_SET_HDR);
	set_action(e, gi->ds_sel, EMU_CA_DS_SEL);
	set_action(e, gi->bv_cntl, EMU_CA_START_BV);
	set_action(e, gi->lpac_cntl, EMU_CA_START_LPAC);
	set_action(e, gi->coproc_lock, EMU_CA_LOCK);
	set_action(e, gi->fatal_error, EMU_CA_FATAL_ERROR);
	if (gi->vsd.present) {
		set_action(e, gi->vsd.cntl, EMU_CA_VSD_CNTL);
		set_action(e, gi->vsd.mode, EMU_CA_VSD_MODE);
	}
	if (gi->queued_memdata)
		set_action(e, gi->mem_read_addr, EMU_CA_MEM_READ_ADDR);
	if (gi->me_fetch.present)
		set_action(e, gi->me_fetch.dwords, EMU_CA_ME_FETCH);
	for (size_t i = 0; gi->proc4.present && i < UTIL_ARRAY_SIZE(gi->proc4.cntl); i++)
		set_action(e, gi->proc4.cntl[i], EMU_CA_START_PROC4);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(gi->instr_base_regs); i++) {
		uint32_t r = gi->instr_base_regs[i];
		if (r == EMU_NONE)
			continue;
		e->gpu[r] = (uint32_t)e->cfg.instr_base;
		e->gpu[r + 1] = (uint32_t)(e->cfg.instr_base >> 32);
	}
}

struct emu *emu_new(const struct emu_config *config, char **error)
{
	const struct emu_gen_info *gi = emu_gen_info(config->gen);
	if (!gi) {
		if (error)
			*error = util_xasprintf("unknown GPU generation %d (5, 6 or 7)",
						(int)config->gen);
		return NULL;
	}
	if (config->instr_base & 3) {
		if (error)
			*error = util_xasprintf("instruction base 0x%llx is not a multiple of 4",
						(unsigned long long)config->instr_base);
		return NULL;
	}
	struct emu *e = util_xcalloc(1, sizeof *e);
	e->cfg = *config;
	if (!e->cfg.step_limit)
		e->cfg.step_limit = EMU_DEFAULT_STEP_LIMIT;
	if (!e->cfg.instr_base)
		e->cfg.instr_base = EMU_DEFAULT_INSTR_BASE;
	e->step_limit = e->cfg.step_limit;
	e->stall_limit = e->cfg.stall_limit ? e->cfg.stall_limit : EMU_DEFAULT_STALL_LIMIT;
	e->stop_skip = -1;
	e->gi = gi;
	isa_init(&e->isa, gi->isa_gen);
	find_void_pipes(e);
	e->gpu = util_xcalloc(EMU_GPU_REG_COUNT, sizeof *e->gpu);
	emu_use_gen_info(e, gi);
	emu_mem_init(&e->mem);
	for (int p = 0; p < EMU_PROC_COUNT; p++)
		emu_cpu_reset(e, &e->cpu[p], (enum emu_proc)p);
	return e;
}

void emu_free(struct emu *e)
{
	if (!e)
		return;
	free(e->image);
	free(e->code);
	free(e->counts);
	free(e->gpu);
	emu_mem_free(&e->mem);
	free(e->ring);
	free(e->lpac_ring);
	free(e->meq);
	free(e->vsd.draws);
	emu_pair_free(e);
	free(e->log);
	free(e->packets);
	free(e->bv_packets);
	emu_deferred_free(e);
	emu_debug_free(e->debug);
	free(e->error);
	free(e);
}

enum emu_gen emu_gen(const struct emu *e)
{
	return e->gi->gen;
}

/* ---- packets ---- */

/* Appends n words to a ring buffer. */
static void ring_append(uint32_t **ring, size_t *count, size_t *cap, const uint32_t *words,
			size_t n)
{
	if (*count + n > *cap)
		util_grow(ring, cap, *count + n, sizeof **ring);
	if (n)
		memcpy(*ring + *count, words, n * sizeof *words);
	*count += n;
}

/* A processor waiting for words it has been given takes turns again. */
static void wake(struct emu *e, enum emu_proc proc)
{
	if (e->cpu[proc].state == EMU_CPU_IDLE)
		e->cpu[proc].state = EMU_CPU_RUNNING;
}

void emu_push_raw(struct emu *e, const uint32_t *words, size_t count)
{
	ring_append(&e->ring, &e->ring_count, &e->ring_cap, words, count);
	if (count && emu_bv_reads_ring(e))
		wake(e, EMU_BV);
}

bool emu_push_pkt7(struct emu *e, uint32_t opcode, const uint32_t *payload, size_t count)
{
	if (opcode > EMU_PKT7_MAX_OPCODE || count > EMU_PKT7_MAX_COUNT)
		return false;
	const uint32_t header = emu_pkt7_header(opcode, (uint32_t)count);
	emu_push_raw(e, &header, 1);
	emu_push_raw(e, payload, count);
	return true;
}

bool emu_push_pkt4(struct emu *e, uint32_t reg, const uint32_t *values, size_t count)
{
	if (reg > EMU_PKT4_MAX_REG || count > EMU_PKT4_MAX_COUNT)
		return false;
	const uint32_t header = emu_pkt4_header(reg, (uint32_t)count);
	emu_push_raw(e, &header, 1);
	emu_push_raw(e, values, count);
	return true;
}

bool emu_push_lpac(struct emu *e, const uint32_t *words, size_t count)
{
	if (!e->loaded || !emu_has_lpac(e))
		return false;
	ring_append(&e->lpac_ring, &e->lpac_count, &e->lpac_cap, words, count);
	if (count)
		wake(e, EMU_LPAC);
	return true;
}

size_t emu_ring_pending(const struct emu *e)
{
	return e->ring_count - e->ring_read;
}

size_t emu_ring_peek(const struct emu *e, uint64_t *offset, uint32_t *words, size_t max)
{
	size_t n = e->ring_count - e->ring_read;
	if (n > max)
		n = max;
	if (n)
		memcpy(words, e->ring + e->ring_read, n * sizeof *words);
	*offset = 4 * (e->ring_origin + e->ring_read);
	return n;
}

/* ---- running ---- */

static bool others_busy(const struct emu *e, int self)
{
	for (int p = 0; p < EMU_PROC_COUNT; p++)
		if (p != self && e->cpu[p].state == EMU_CPU_RUNNING)
			return true;
	return false;
}

enum emu_status emu_run(struct emu *e)
{
	if (e->error_kind)
		return EMU_ERROR;
	if (!e->loaded) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE, "no image loaded");
		return EMU_ERROR;
	}
	e->steps = 0;
	e->progress_step = 0;
	e->stopped = false;
	for (bool progress = true; progress && !e->error_kind && !e->stopped;) {
		progress = false;
		for (int p = 0; p < EMU_PROC_COUNT && !e->error_kind && !e->stopped; p++) {
			struct emu_cpu *c = &e->cpu[p];
			if (c->state == EMU_CPU_OFF)
				continue;
			e->reschedule = false;
			const uint64_t from = e->steps;
			if (emu_cpu_run(e, c, others_busy(e, p) ? EMU_SLICE : UINT64_MAX))
				progress = true;
			emu_pair_ran(e, p, from);
			if (e->reschedule)
				progress = true;
		}
	}
	e->total_steps += e->steps;
	if (e->stopped)
		return EMU_STOPPED;
	emu_pair_check_idle(e);
	return e->error_kind ? EMU_ERROR : EMU_IDLE;
}

void emu_set_step_limit(struct emu *e, uint64_t limit)
{
	e->step_limit = limit ? limit : EMU_DEFAULT_STEP_LIMIT;
}

uint64_t emu_last_steps(const struct emu *e)
{
	return e->steps;
}

uint64_t emu_total_steps(const struct emu *e)
{
	return e->total_steps;
}

enum emu_error_kind emu_error_kind(const struct emu *e)
{
	return e->error_kind;
}

const char *emu_error(const struct emu *e)
{
	return e->error ? e->error : "";
}

/* ---- the machine ---- */

bool emu_mem_write32(struct emu *e, uint64_t addr, uint32_t value)
{
	return !(addr & 3) && emu_mem_put(&e->mem, addr, value);
}

bool emu_mem_write(struct emu *e, uint64_t addr, const uint32_t *words, size_t count)
{
	if ((addr & 3) || !emu_mem_fits(addr, count))
		return false;
	for (size_t i = 0; i < count; i++)
		if (!emu_mem_put(&e->mem, addr + 4 * i, words[i]))
			return false;
	return true;
}

bool emu_mem_write_le(struct emu *e, uint64_t addr, const uint8_t *bytes, size_t count)
{
	return !(addr & 3) && emu_mem_put_le(&e->mem, addr, bytes, count);
}

uint32_t emu_mem_read32(const struct emu *e, uint64_t addr)
{
	return emu_mem_get(&e->mem, addr & ~3ull);
}

bool emu_set_reg(struct emu *e, uint32_t offset, uint32_t value)
{
	if (offset >= EMU_GPU_REG_COUNT)
		return false;
	e->gpu[offset] = value;
	return true;
}

uint32_t emu_get_reg(const struct emu *e, uint32_t offset)
{
	return offset < EMU_GPU_REG_COUNT ? e->gpu[offset] : 0;
}

static const struct emu_cpu *cpu_of(const struct emu *e, enum emu_proc proc)
{
	return &e->cpu[proc < EMU_PROC_COUNT ? proc : EMU_MAIN];
}

uint32_t emu_gpr(const struct emu *e, enum emu_proc proc, unsigned reg)
{
	if (reg >= 32)
		return 0;
	/* 0x1d-0x1f all name the one $addr register */
	return cpu_of(e, proc)->gpr[reg > ISA_REG_ADDR ? ISA_REG_ADDR : reg];
}

void emu_set_gpr(struct emu *e, enum emu_proc proc, unsigned reg, uint32_t value)
{
	if (reg == 0 || reg >= 32 || proc >= EMU_PROC_COUNT)
		return;
	e->cpu[proc].gpr[reg > ISA_REG_ADDR ? ISA_REG_ADDR : reg] = value;
}

uint32_t emu_ctrl(const struct emu *e, enum emu_proc proc, uint32_t offset)
{
	if (offset >= EMU_CONTROL_COUNT)
		return 0;
	if (offset >= e->gi->shared_lo && offset < e->gi->shared_hi)
		proc = EMU_MAIN;
	return cpu_of(e, proc)->ctrl[offset];
}

bool emu_set_ctrl(struct emu *e, enum emu_proc proc, uint32_t offset, uint32_t value)
{
	if (offset >= EMU_CONTROL_COUNT || proc >= EMU_PROC_COUNT)
		return false;
	*emu_ctrl_slot(e, &e->cpu[proc], offset) = value;
	return true;
}

uint32_t emu_sqe(const struct emu *e, enum emu_proc proc, uint32_t offset)
{
	return offset < EMU_CONTROL_COUNT ? cpu_of(e, proc)->sqe[offset] : 0;
}

bool emu_set_sqe(struct emu *e, enum emu_proc proc, uint32_t offset, uint32_t value)
{
	if (offset >= EMU_CONTROL_COUNT || proc >= EMU_PROC_COUNT)
		return false;
	e->cpu[proc].sqe[offset] = value;
	return true;
}

uint32_t emu_pipe(const struct emu *e, enum emu_proc proc, uint32_t reg)
{
	return reg < 256 ? cpu_of(e, proc)->pipe[reg] : 0;
}

uint32_t emu_pc(const struct emu *e, enum emu_proc proc)
{
	return cpu_of(e, proc)->pc;
}

uint32_t emu_packet_entry(const struct emu *e, enum emu_proc proc, uint32_t index)
{
	return index < EMU_PACKET_TABLE_SIZE ? cpu_of(e, proc)->table[index] : 0;
}

bool emu_set_packet_entry(struct emu *e, enum emu_proc proc, uint32_t index, uint32_t pc)
{
	if (index >= EMU_PACKET_TABLE_SIZE || proc >= EMU_PROC_COUNT)
		return false;
	e->cpu[proc].table[index] = pc;
	return true;
}

/* ---- the log ---- */

size_t emu_write_count(const struct emu *e)
{
	return e->log_count;
}

const struct emu_write *emu_writes(const struct emu *e)
{
	return e->log;
}

void emu_clear_writes(struct emu *e)
{
	e->log_count = 0;
	e->packet_count = e->bv_packet_count = 0;
	emu_pair_clear(e);
}

uint64_t emu_exec_count(const struct emu *e, uint32_t index)
{
	return index < e->image_size ? e->counts[index] : 0;
}

void emu_set_trace(struct emu *e, emu_trace_fn fn, void *ctx)
{
	e->trace_fn = fn;
	e->trace_ctx = ctx;
}

void emu_set_stop_hook(struct emu *e, emu_stop_fn fn, void *ctx)
{
	e->stop_fn = fn;
	e->stop_ctx = ctx;
	e->stop_skip = -1;
}

bool emu_add_observer(struct emu *e, emu_observer_fn fn, void *ctx)
{
	if (!fn || e->observer_count == EMU_MAX_OBSERVERS)
		return false;
	e->observers[e->observer_count].fn = fn;
	e->observers[e->observer_count].ctx = ctx;
	e->observer_count++;
	return true;
}

bool emu_remove_observer(struct emu *e, emu_observer_fn fn, void *ctx)
{
	for (unsigned i = 0; i < e->observer_count; i++) {
		if (e->observers[i].fn != fn || e->observers[i].ctx != ctx)
			continue;
		memmove(&e->observers[i], &e->observers[i + 1],
			(e->observer_count - i - 1) * sizeof e->observers[0]);
		e->observer_count--;
		return true;
	}
	return false;
}

void emu_notify(struct emu *e, const struct emu_event *event)
{
	for (unsigned i = 0; i < e->observer_count; i++)
		e->observers[i].fn(e->observers[i].ctx, e, event);
}
