/* a7xx BV: it reads the ring buffer and the IBs that BR reads, each
 * processor deciding from CP_THREAD_CONTROL and CP_COND_REG_EXEC which
 * packets are its own, and the two meet at @THREAD_SYNC (a shared
 * control register). BR's packets make the replay log; what BV does
 * belongs to the BR packet at the same place in the stream, so that two
 * firmwares compare packet by packet however their turns interleave. */
#include <stdlib.h>

#include "emu/machine.h"

static bool same_place(const struct emu_packet *a, const struct emu_packet *b)
{
	return a->level == b->level && a->addr == b->addr && a->header == b->header &&
	       a->made_up == b->made_up;
}

void emu_bv_read(struct emu *e, struct emu_cpu *c, unsigned level)
{
	const struct emu_gen_info *gi = e->gi;
	uint32_t hdr = c->inject_word;
	if (!c->inject && !emu_peek_header(e, c, &hdr))
		return; /* nothing to read: the read faults */
	uint64_t addr = 0;
	if (level > 0 && level < gi->level_count)
		addr = emu_ctrl64(e, c, gi->level_base[level]);
	else if (level == 0)
		addr = 4 * (e->ring_origin + e->bv_read);
	*UTIL_PUSH(e->bv_packets, e->bv_packet_count, e->bv_packet_cap) = (struct emu_packet){
		.header = hdr,
		.level = (uint8_t)level,
		.made_up = c->inject,
		.addr = addr,
		.write_first = e->log_count,
		.steps = e->total_steps + e->steps,
	};
}

bool emu_bv_attribute(const struct emu *e, size_t *packet, uint64_t *steps)
{
	if (e->pair || !emu_bv_reads_ring(e))
		return false;
	const size_t np = e->packet_count, nb = e->bv_packet_count;
	const uint64_t end = e->total_steps;
	/* BV's packet k is BR's packet owner[k] - 1 (0: before BR's first).
	 * Both read the stream in order, so the search goes forward; a
	 * packet BR passed over (a BV-only section) stays with the packet
	 * BR met last. */
	size_t *owner = util_xmalloc(nb * sizeof *owner);
	for (size_t k = 0, at = 0; k < nb; k++) {
		for (size_t i = at; i < np; i++)
			if (same_place(&e->bv_packets[k], &e->packets[i])) {
				at = i + 1;
				break;
			}
		owner[k] = at;
	}
	size_t p = 0, b = 0;
	for (size_t w = 0; w < e->log_count; w++) {
		while (p < np && e->packets[p].write_first <= w)
			p++;
		while (b < nb && e->bv_packets[b].write_first <= w)
			b++;
		packet[w] = e->log[w].proc == EMU_BV ? (b ? owner[b - 1] : 0) : p;
	}
	for (size_t i = 0; i < np; i++) {
		uint64_t to = i + 1 < np ? e->packets[i + 1].steps : end;
		steps[i] = emu_own_steps(e, false, to) -
			   emu_own_steps(e, false, e->packets[i].steps);
	}
	for (size_t k = 0; k < nb; k++) {
		if (!owner[k])
			continue; /* before BR's first packet: boot */
		uint64_t to = k + 1 < nb ? e->bv_packets[k + 1].steps : end;
		steps[owner[k] - 1] += emu_own_steps(e, true, to) -
				       emu_own_steps(e, true, e->bv_packets[k].steps);
	}
	free(owner);
	return true;
}
