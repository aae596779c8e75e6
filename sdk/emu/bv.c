/* a7xx BV: it reads the ring buffer and the IBs that BR reads, each
 * processor deciding from CP_THREAD_CONTROL and CP_COND_REG_EXEC which
 * packets are its own, and the two meet at @THREAD_SYNC (a shared
 * control register). BR's packets make the replay log; what BV does
 * belongs to the BR packet at the same place in the stream, so that two
 * firmwares compare packet by packet however their turns interleave. */
#include <stdint.h>
#include <stdlib.h>

#include "emu/machine.h"

void emu_bv_header(struct emu *e, struct emu_cpu *c, unsigned level, uint32_t hdr)
{
	*UTIL_PUSH(e->bv_packets, e->bv_packet_count,
		   e->bv_packet_cap) = emu_packet_here(e, c, level, hdr);
}

/* A BR packet's place in the stream, and its index among BR's packets. */
struct place {
	uint64_t addr;
	uint32_t header;
	uint8_t level;
	bool made_up;
	size_t index;
};

static struct place place_of(const struct emu_packet *p, size_t index)
{
	return (struct place){p->addr, p->header, p->level, p->made_up, index};
}

/* By place in the stream alone. */
static int compare_keys(const struct place *a, const struct place *b)
{
	if (a->level != b->level)
		return a->level < b->level ? -1 : 1;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->header != b->header)
		return a->header < b->header ? -1 : 1;
	if (a->made_up != b->made_up)
		return a->made_up < b->made_up ? -1 : 1;
	return 0;
}

/* By place, then by index: equal places stand in stream order. */
static int compare_places(const struct place *a, const struct place *b)
{
	int c = compare_keys(a, b);
	return c ? c : a->index < b->index ? -1 : a->index > b->index;
}

static int by_place(const void *a, const void *b)
{
	return compare_places(a, b);
}

/* The index of the first BR packet at from or after, at the place of p;
 * SIZE_MAX when there is none. */
static size_t find_place(const struct place *sorted, size_t n, const struct emu_packet *p,
			 size_t from)
{
	const struct place want = place_of(p, from);
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (compare_places(&sorted[mid], &want) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && compare_keys(&sorted[lo], &want) == 0 ? sorted[lo].index : SIZE_MAX;
}

bool emu_bv_attribute(const struct emu *e, size_t *packet, uint64_t *steps)
{
	if (e->pair || !emu_bv_reads_ring(e))
		return false;
	const size_t np = e->packet_count, nb = e->bv_packet_count;
	const uint64_t end = e->total_steps;
	/* BV's packet k is BR's packet owner[k] - 1 (0: before BR's first).
	 * Both read the stream in order, so each search starts after the
	 * last packet found; a packet BR passed over (a BV-only section)
	 * stays with the packet BR met last. */
	struct place *sorted = util_xmalloc((np ? np : 1) * sizeof *sorted);
	for (size_t i = 0; i < np; i++)
		sorted[i] = place_of(&e->packets[i], i);
	qsort(sorted, np, sizeof *sorted, by_place);
	size_t *owner = util_xmalloc((nb ? nb : 1) * sizeof *owner);
	for (size_t k = 0, at = 0; k < nb; k++) {
		size_t i = find_place(sorted, np, &e->bv_packets[k], at);
		if (i != SIZE_MAX)
			at = i + 1;
		owner[k] = at;
	}
	free(sorted);
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
