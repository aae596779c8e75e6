/* Sparse 64-bit GPU memory: 4 KiB pages in an open-addressing hash
 * table, created on first write. Reads of pages never written return 0
 * without creating them. The page of the last access is cached, since
 * the firmware streams through memory word by word. */
#include <stdlib.h>

#include "emu/machine.h"

static size_t page_hash(uint64_t number, size_t size)
{
	number *= 0x9e3779b97f4a7c15ull;
	return (size_t)(number >> 32) & (size - 1);
}

void emu_mem_init(struct emu_mem *m)
{
	m->size = 64;
	m->used = 0;
	m->slots = util_xcalloc(m->size, sizeof *m->slots);
	m->last = NULL;
}

void emu_mem_free(struct emu_mem *m)
{
	for (size_t i = 0; i < m->size; i++)
		free(m->slots[i].words);
	free(m->slots);
	m->slots = NULL;
	m->size = m->used = 0;
	m->last = NULL;
}

static struct emu_page *find_slot(struct emu_page *slots, size_t size, uint64_t number)
{
	size_t i = page_hash(number, size);
	while (slots[i].words && slots[i].number != number)
		i = (i + 1) & (size - 1);
	return &slots[i];
}

static struct emu_page *lookup(const struct emu_mem *m, uint64_t number)
{
	if (m->last && m->last->number == number)
		return m->last;
	struct emu_page *p = find_slot(m->slots, m->size, number);
	return p->words ? p : NULL;
}

uint32_t emu_mem_get(const struct emu_mem *m, uint64_t addr)
{
	struct emu_page *p = lookup(m, addr >> EMU_PAGE_SHIFT);
	if (!p)
		return 0;
	/* The cache is a hint: updating it from a const reader is harmless. */
	((struct emu_mem *)m)->last = p;
	return p->words[(addr >> 2) & (EMU_PAGE_WORDS - 1)];
}

uint32_t *emu_mem_words(const struct emu_mem *m, uint64_t addr, uint32_t *count)
{
	struct emu_page *p = lookup(m, addr >> EMU_PAGE_SHIFT);
	if (!p)
		return NULL;
	uint32_t at = (uint32_t)(addr >> 2) & (EMU_PAGE_WORDS - 1);
	*count = EMU_PAGE_WORDS - at;
	return &p->words[at];
}

static void grow(struct emu_mem *m)
{
	size_t size = m->size * 2;
	struct emu_page *slots = util_xcalloc(size, sizeof *slots);
	for (size_t i = 0; i < m->size; i++)
		if (m->slots[i].words)
			*find_slot(slots, size, m->slots[i].number) = m->slots[i];
	free(m->slots);
	m->slots = slots;
	m->size = size;
	m->last = NULL;
}

bool emu_mem_put(struct emu_mem *m, uint64_t addr, uint32_t value)
{
	uint64_t number = addr >> EMU_PAGE_SHIFT;
	struct emu_page *p = lookup(m, number);
	if (!p) {
		if (m->used == EMU_MEM_MAX_PAGES)
			return false;
		if ((m->used + 1) * 2 > m->size)
			grow(m);
		p = find_slot(m->slots, m->size, number);
		p->number = number;
		p->words = util_xcalloc(EMU_PAGE_WORDS, sizeof(uint32_t));
		m->used++;
	}
	m->last = p;
	p->words[(addr >> 2) & (EMU_PAGE_WORDS - 1)] = value;
	return true;
}

bool emu_mem_put_le(struct emu_mem *m, uint64_t addr, const uint8_t *bytes, size_t count)
{
	if (!emu_mem_fits(addr, count))
		return false;
	while (count) {
		/* the first word creates the page; the rest of it is a copy */
		if (!emu_mem_put(m, addr, util_le32(bytes)))
			return false;
		uint32_t avail = 0;
		uint32_t *words = emu_mem_words(m, addr, &avail);
		size_t n = count < avail ? count : avail;
		for (size_t i = 1; i < n; i++)
			words[i] = util_le32(bytes + 4 * i);
		addr += 4 * n;
		bytes += 4 * n;
		count -= n;
	}
	return true;
}

void emu_mem_full(struct emu *e, struct emu_cpu *c, uint64_t addr, uint32_t value)
{
	emu_fault(e, c, EMU_ERR_ADDRESS,
		  "GPU memory full: the firmware has written %u pages of 4 KiB (%llu MiB), the "
		  "emulator's limit; the write of 0x%08x to 0x%llx is lost",
		  EMU_MEM_MAX_PAGES, (unsigned long long)(EMU_MEM_MAX_BYTES >> 20), value,
		  (unsigned long long)addr);
}

bool emu_mem_past_top(struct emu *e, struct emu_cpu *c, const char *what, uint64_t addr,
		      uint64_t dwords)
{
	if (emu_mem_fits(addr, dwords))
		return false;
	emu_fault(e, c, EMU_ERR_ADDRESS,
		  "%s at 0x%llx of %llu dwords runs past the top of the 64-bit address space "
		  "(0x%llx bytes)",
		  what, (unsigned long long)addr, (unsigned long long)dwords,
		  (unsigned long long)(4 * dwords));
	return true;
}
