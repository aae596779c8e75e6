/* Reading an NVIDIA VBIOS image the way nouveau's nvkm/subdev/bios does:
 * the BIT directory ("\xff\xb8BIT"), and the headers of the tables the
 * G80..GT200 reclock reads. Every read is bounds-checked: past the end
 * reads 0 and marks the image bad. */
#include <string.h>

#include "hwsq/board.h"

uint8_t hwsq_vbios_rd08(struct hwsq_vbios *v, size_t at)
{
	if (at >= v->size) {
		v->bad = true;
		return 0;
	}
	return v->data[at];
}

uint16_t hwsq_vbios_rd16(struct hwsq_vbios *v, size_t at)
{
	return (uint16_t)(hwsq_vbios_rd08(v, at) | hwsq_vbios_rd08(v, at + 1) << 8);
}

uint32_t hwsq_vbios_rd32(struct hwsq_vbios *v, size_t at)
{
	return (uint32_t)hwsq_vbios_rd16(v, at) | (uint32_t)hwsq_vbios_rd16(v, at + 2) << 16;
}

/* The BIT header: the signature, then at +9 the entry length, at +10
 * the entry count, entries from +12 (id, version, length, offset). */
bool hwsq_vbios_bit(struct hwsq_vbios *v, char id, struct hwsq_bit_entry *e)
{
	static const uint8_t sig[5] = {0xff, 0xb8, 'B', 'I', 'T'};
	for (size_t at = 0; at + sizeof sig <= v->size; at++) {
		if (memcmp(v->data + at, sig, sizeof sig) != 0)
			continue;
		uint8_t stride = hwsq_vbios_rd08(v, at + 9), count = hwsq_vbios_rd08(v, at + 10);
		for (size_t i = 0, entry = at + 12; i < count; i++, entry += stride) {
			if (hwsq_vbios_rd08(v, entry) != (uint8_t)id)
				continue;
			*e = (struct hwsq_bit_entry){(uint8_t)id, hwsq_vbios_rd08(v, entry + 1),
						     hwsq_vbios_rd16(v, entry + 2),
						     hwsq_vbios_rd16(v, entry + 4)};
			return !v->bad;
		}
		return false;
	}
	return false;
}

/* A table header at at: the version at +0 and the other fields at the
 * offsets given (0: the table has no such field). */
static void table(struct hwsq_vbios *v, uint32_t at, const uint8_t off[5],
		  struct hwsq_vbios_table *t)
{
	uint8_t f[5];
	for (int i = 0; i < 5; i++)
		f[i] = off[i] ? hwsq_vbios_rd08(v, at + off[i]) : 0;
	*t = (struct hwsq_vbios_table){at, hwsq_vbios_rd08(v, at), f[0], f[1], f[2], f[3], f[4]};
}

/* Versions 0x20-0x3f: version, header, count, length, subentry count,
 * subentry length (nvbios_perf_table). */
bool hwsq_vbios_perf_table(struct hwsq_vbios *v, struct hwsq_vbios_table *t)
{
	struct hwsq_bit_entry p;
	if (!hwsq_vbios_bit(v, 'P', &p) || p.version > 2)
		return false;
	uint32_t at = hwsq_vbios_rd32(v, p.offset);
	if (!at)
		return false;
	static const uint8_t off[5] = {1, 2, 3, 4, 5};
	table(v, at, off, t);
	return !v->bad && t->version >= 0x20 && t->version < 0x40;
}

/* Version 0x10: version, header, count, length (nvbios_timingTe). */
bool hwsq_vbios_timing_table(struct hwsq_vbios *v, struct hwsq_vbios_table *t)
{
	struct hwsq_bit_entry p;
	if (!hwsq_vbios_bit(v, 'P', &p) || (p.version != 1 && p.version != 2))
		return false;
	uint32_t at = hwsq_vbios_rd32(v, p.offset + (p.version == 1 ? 4u : 8u));
	if (!at)
		return false;
	static const uint8_t off[5] = {1, 2, 3, 0, 0};
	table(v, at, off, t);
	return !v->bad && t->version == 0x10;
}

/* BIT 'C' (at least 10 bytes) +8: version, header, length, count. */
bool hwsq_vbios_pll_table(struct hwsq_vbios *v, struct hwsq_vbios_table *t)
{
	struct hwsq_bit_entry c;
	if (!hwsq_vbios_bit(v, 'C', &c) || c.length < 10)
		return false;
	uint32_t at = hwsq_vbios_rd16(v, c.offset + 8u);
	if (!at)
		return false;
	static const uint8_t off[5] = {1, 3, 2, 0, 0}; /* length before count */
	table(v, at, off, t);
	return !v->bad;
}

/* The DCB (pointer at 0x36, version 3.0 on with its signature), its
 * GPIO table pointer at +10: version, header, count, length. */
bool hwsq_vbios_gpio_table(struct hwsq_vbios *v, struct hwsq_vbios_table *t)
{
	uint32_t dcb = hwsq_vbios_rd16(v, 0x36);
	if (!dcb || hwsq_vbios_rd08(v, dcb) < 0x30 || hwsq_vbios_rd08(v, dcb + 1) < 0x0c ||
	    hwsq_vbios_rd32(v, dcb + 6) != 0x4edcbdcb)
		return false;
	uint32_t at = hwsq_vbios_rd16(v, dcb + 10);
	if (!at)
		return false;
	static const uint8_t off[5] = {1, 2, 3, 0, 0};
	table(v, at, off, t);
	return !v->bad && t->version >= 0x40;
}

uint32_t hwsq_vbios_strap_xlat(struct hwsq_vbios *v)
{
	struct hwsq_bit_entry m;
	if (!hwsq_vbios_bit(v, 'M', &m) || m.version != 1 || m.length < 5)
		return 0;
	return hwsq_vbios_rd16(v, m.offset + 3u);
}
