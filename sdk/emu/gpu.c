/* The GPU behind the CP, as far as real command streams need it
 * (docs/emu-api.md, "The GPU behind the CP"):
 *
 * - It is infinitely fast: work the CP hands on is done at once, so a
 *   timestamp event writes its data to memory when its last register is
 *   written, and status registers read idle (0).
 * - A wait the firmware polls for is either already true or never will
 *   be: nothing changes while it spins. So a packet that runs
 *   stall_limit instructions without reading its stream or writing
 *   anything, while no other processor does either, is stopped with
 *   EMU_ERR_WAIT, naming the packet and what it polled last.
 *
 * - The visibility stream decoder (a6xx, a7xx) decodes a stream at once
 *   when it is started, so the firmware finds every visible draw in its
 *   FIFO and the status "done" (docs/emu-api.md, "Hardware binning").
 *
 * It also keeps the packet log: which packet the main processor took,
 * from where, and which writes followed.
 */
#include <string.h>

#include "emu/machine.h"

/* a7xx on-chip memory: gen70500 keeps CP_EVENT_WRITE7's slots 0-7 in
 * words 0-7, BR's slots 8-15 in 0x18-0x1f and BV's in 0x20-0x27 */
#define ONCHIP_WORDS 0x28

void emu_gpu_event(struct emu *e, struct emu_cpu *c, const uint32_t *regs)
{
	const struct emu_gen_info *gi = e->gi;
	/* the low 2 address bits are flags, as for NRT writes */
	uint64_t addr = ((uint64_t)regs[gi->ts_addr + 1] << 32 | regs[gi->ts_addr]) & ~3ull;
	/* a5xx: an event's control word is its type (bits 8-10) and flags
	 * (0-2); anything else in 0x813 is no event, e.g. the words a lone
	 * PFP passes on, which the model logs as register writes */
	if (gi->ts_gpu && ((regs[gi->ts_ctrl] & ~0x7ffu) || !(regs[gi->ts_ctrl] & 0x700)))
		return;
	e->ts_count++;
	if (gi->ts_onchip && (regs[gi->ts_ctrl] & 3) == 2) {
		/* a7xx: to on-chip memory; past its words, dropped */
		if (addr / 4 < ONCHIP_WORDS)
			*emu_ctrl_slot(e, c,
				       gi->ts_onchip + (uint32_t)(addr / 4)) = regs[gi->ts_data];
		return;
	}
	if (addr == 0)
		return; /* no memory write asked for */
	if (gi->ts_flag_timestamp && (regs[gi->ts_ctrl] & 2)) {
		/* CP_EVENT_WRITE's TIMESTAMP flag: the 64-bit clock, which here
		 * counts timestamp events, so that two firmwares agree */
		emu_mem_write_logged(e, c, addr, (uint32_t)e->ts_count);
		emu_mem_write_logged(e, c, addr + 4, (uint32_t)(e->ts_count >> 32));
		return;
	}
	emu_mem_write_logged(e, c, addr, regs[gi->ts_data]);
}

/* The most stream dwords one start decodes: a size word read from
 * garbage must not keep the host busy. */
#define VSD_MAX_DWORDS (1u << 16)
/* The status's state (bits 31:30) once the whole stream is decoded: the
 * firmware takes every draw not in the FIFO by then for invisible. */
#define VSD_STATE_DONE 1u

/* Decodes dwords of the stream at addr into the FIFO. */
static bool vsd_decode(struct emu *e, struct emu_cpu *c, uint64_t addr, uint32_t dwords, bool runs)
{
	if (dwords > VSD_MAX_DWORDS)
		return emu_fault(e, c, EMU_ERR_ADDRESS,
				 "visibility stream at 0x%llx of %u dwords: the model decodes "
				 "at most %u",
				 (unsigned long long)addr, dwords, VSD_MAX_DWORDS);
	if (emu_mem_past_top(e, c, "the visibility stream", addr, dwords))
		return false;
	e->vsd.count = e->vsd.read = e->vsd.ahead = 0;
	/* the model's stream: bit i of the stream (dword i / 32, bit i % 32)
	 * set when draw i + 1 is visible in this bin */
	uint32_t first = 0; /* the open run's first draw, 0: none open */
	for (uint32_t i = 0; i <= 32 * dwords; i++) {
		const bool visible = i < 32 * dwords &&
				     emu_mem_get(&e->mem, addr + 4ull * (i / 32)) >> i % 32 & 1;
		if (visible && !runs) {
			*UTIL_PUSH(e->vsd.draws, e->vsd.count, e->vsd.cap) = i + 1;
			/* a5xx: each draw's visible instances follow it, each as
			 * its index + 1; the model's stream has one: 0 */
			if (e->gi->vsd.by_gpu)
				*UTIL_PUSH(e->vsd.draws, e->vsd.count, e->vsd.cap) = 1;
		} else if (visible && !first)
			first = i + 1;
		else if (!visible && first) { /* a run of draws first..i ends */
			*UTIL_PUSH(e->vsd.draws, e->vsd.count, e->vsd.cap) = first;
			*UTIL_PUSH(e->vsd.draws, e->vsd.count, e->vsd.cap) = i + 1 - first;
			first = 0;
		}
	}
	e->progress_step = e->steps;
	return true;
}

bool emu_vsd_control(struct emu *e, struct emu_cpu *c, uint32_t value)
{
	const struct emu_gen_info *gi = e->gi;
	if (value & 4) { /* reset: nothing decoded, nothing visible */
		e->vsd.count = e->vsd.read = e->vsd.ahead = 0;
		*emu_ctrl_slot(e, c, gi->vsd.status) = 0;
	}
	if (!(value & 1))
		return true;
	const uint32_t dwords = *emu_ctrl_slot(e, c, gi->vsd.dwords);
	if (!vsd_decode(e, c, emu_ctrl64(e, c, gi->vsd.addr), dwords,
			*emu_ctrl_slot(e, c, gi->vsd.mode) & 2))
		return false;
	*emu_ctrl_slot(e, c, gi->vsd.status) = VSD_STATE_DONE << 30 | 32 * dwords;
	return true;
}

bool emu_vsd_start_gpu(struct emu *e, struct emu_cpu *c, uint64_t addr, uint32_t bytes)
{
	const struct emu_gen_info *gi = e->gi;
	const uint32_t dwords = bytes / 4 + (bytes % 4 != 0);
	if (!vsd_decode(e, c, addr, dwords, false))
		return false;
	/* decoded (bit 1); the draws past the stream are invisible (bit 2
	 * clear) */
	*emu_ctrl_slot(e, c, gi->vsd.status) = 2;
	*emu_ctrl_slot(e, c, gi->vsd.reached) = 32 * dwords;
	return true;
}

uint32_t emu_vsd_pop(struct emu *e, struct emu_cpu *c)
{
	const uint16_t mode = e->gi->vsd.mode;
	size_t *at = mode != EMU_NONE && (*emu_ctrl_slot(e, c, mode) & 1) ? &e->vsd.ahead
									  : &e->vsd.read;
	if (*at >= e->vsd.count)
		return 0;
	e->progress_step = e->steps; /* the firmware moves on */
	return e->vsd.draws[(*at)++];
}

uint32_t emu_packet_words(struct emu *e, struct emu_cpu *c, bool read)
{
	struct emu_pm4 p;
	const unsigned level = emu_ib_level(e, c);
	if (!c->took_packet || c->packet_level != level || !emu_pm4_split(c->packet_hdr, &p))
		return 0;
	if (!read)
		return p.count;
	/* the words from the header to where the stream is now */
	const uint64_t here = emu_packet_here(e, c, level, 0).addr;
	const uint64_t words = here > c->packet_addr ? (here - c->packet_addr) / 4 - 1 : 0;
	return words < p.count ? (uint32_t)words : p.count;
}

void emu_vsd_mode(struct emu *e, uint32_t old, uint32_t value)
{
	if ((value & 1) && !(old & 1))
		e->vsd.ahead = e->vsd.read;
}

struct emu_packet emu_packet_here(struct emu *e, struct emu_cpu *c, unsigned level, uint32_t hdr)
{
	const struct emu_gen_info *gi = e->gi;
	uint64_t addr = 0; /* the MEQ has no address */
	if (level > 0 && level < gi->level_count)
		addr = emu_ctrl64(e, c, gi->level_base[level]);
	else if (level == 0 && emu_ring_place(e, c))
		addr = 4 * (e->ring_origin + *emu_ring_place(e, c));
	return (struct emu_packet){
		.header = hdr,
		.level = (uint8_t)level,
		.made_up = c->inject,
		.addr = addr,
		.write_first = e->log_count,
		.steps = e->total_steps + e->steps,
	};
}

void emu_packet_taken(struct emu *e, struct emu_cpu *c, uint32_t hdr)
{
	const struct emu_packet p = emu_packet_here(e, c, c->id == EMU_ME ? 0 : emu_ib_level(e, c),
						    hdr);
	c->took_packet = true;
	c->fatal_value = 0;
	c->packet_hdr = hdr;
	c->packet_level = p.level;
	c->packet_addr = p.addr;
	if (c->id != EMU_MAIN || e->aqe)
		return;
	*UTIL_PUSH(e->packets, e->packet_count, e->packet_cap) = p;
	if (e->observer_count)
		emu_notify(e, &(struct emu_event){.kind = EMU_EVENT_PACKET,
						  .packet = &e->packets[e->packet_count - 1]});
}

void emu_stall(struct emu *e, struct emu_cpu *c)
{
	const struct emu_gen_info *gi = e->gi;
	uint32_t hdr = c->packet_hdr;
	struct util_str what = {0};
	const uint32_t entry = emu_pm4_entry(hdr);
	if (entry == EMU_PKT4_ENTRY)
		util_str_puts(&what, "a type-4 packet");
	else if (!emu_name_str(e, EMU_SPACE_PM4, entry, &what))
		util_str_printf(&what, "opcode 0x%02x", entry);
	struct util_str where = {0};
	if (c->id == EMU_ME)
		util_str_puts(&where, "from the MEQ");
	else if (c->packet_level == 0)
		util_str_printf(&where, "ring buffer +0x%llx", (unsigned long long)c->packet_addr);
	else
		util_str_printf(&where, "%s 0x%llx",
				c->packet_level < gi->level_count ? gi->level_name[c->packet_level]
								  : "IB",
				(unsigned long long)c->packet_addr);
	struct util_str polled = {0};
	if (e->last_read.valid && e->last_read.mem)
		util_str_printf(&polled, "; it last read memory 0x%llx, which holds 0x%08x",
				(unsigned long long)e->last_read.addr, e->last_read.value);
	else if (e->last_read.valid) {
		const bool ctrl = e->last_read.space == EMU_SPACE_CONTROL;
		util_str_printf(&polled,
				ctrl ? "; it last read control register 0x%03llx"
				     : "; it last read GPU register 0x%05llx",
				(unsigned long long)e->last_read.addr);
		/* the database's name, or that it has none: what the model
		 * may lack */
		struct util_str name = {0};
		if (emu_name_str(e, e->last_read.space, e->last_read.addr, &name))
			util_str_printf(&polled, " (%s%s)", ctrl ? "@" : "", name.text);
		else if (e->cfg.rnn)
			util_str_puts(&polled, " (not in the register database)");
		util_str_free(&name);
		util_str_printf(&polled, ", which holds 0x%08x", e->last_read.value);
	}
	emu_fault(e, c, EMU_ERR_WAIT,
		  "wait never satisfied: %s (header 0x%08x, %s) ran %llu instructions without "
		  "reading its stream or changing a register or memory%s",
		  what.text, hdr, where.text, (unsigned long long)(e->steps - e->progress_step),
		  polled.len ? polled.text : "");
	util_str_free(&what);
	util_str_free(&where);
	util_str_free(&polled);
}

size_t emu_packet_count(const struct emu *e)
{
	return e->packet_count;
}

const struct emu_packet *emu_packets(const struct emu *e)
{
	return e->packets;
}

void emu_set_stall_limit(struct emu *e, uint64_t limit)
{
	e->stall_limit = limit ? limit : EMU_DEFAULT_STALL_LIMIT;
}
