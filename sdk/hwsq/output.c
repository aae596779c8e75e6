/* What a driver needs from a compiled script: the code RAM image, a C
 * header, the MMIO writes that upload and start it, and the size report. */
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

void hwsq_image(const struct hwsq_program *p, uint8_t *ram)
{
	uint32_t size = hwsq_family_info(p->family)->ram_size;
	memset(ram, HWSQ_OPCODE_EXIT, size);
	/* a program with no instructions has no code buffer at all */
	if (p->size)
		memcpy(ram, p->code, p->size < size ? p->size : size);
}

uint32_t hwsq_entry_point_reg(const struct hwsq_program *p)
{
	uint32_t v = 0;
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		v |= (hwsq_program_entry(p, n) & 0xff) << (8 * n);
	return v;
}

uint32_t hwsq_entry_point_high_reg(const struct hwsq_program *p)
{
	uint32_t v = 0;
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		v |= ((hwsq_program_entry(p, n) >> 8) & 1) << (8 * n);
	return v;
}

void hwsq_emit_c(const struct hwsq_program *p, const char *name, const char *source, bool kernel,
		 struct util_str *out)
{
	const struct hwsq_family_info *fam = hwsq_family_info(p->family);
	char *u = util_c_upper(name);
	char *guard = util_xasprintf("HWSQ_%s_H", u);
	util_str_printf(out,
			"/* %s: HWSQ code RAM image for %s (--chip %s), made by hwsq-as.\n"
			" * Upload the words to the code window, set ENTRY_POINT%s, then\n"
			" * start an entry through TRIGGER. Do not edit. */\n",
			source, fam->range, fam->name,
			fam->entry_high ? " and ENTRY_POINT_HIGH" : "");
	util_c_begin(out, guard, kernel);
	util_str_printf(out,
			"#define %s_CODE_SIZE 0x%zx /* bytes of script before the exit "
			"padding */\n",
			u, p->size);
	util_str_printf(out, "#define %s_RAM_SIZE 0x%x\n", u, fam->ram_size);
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		util_str_printf(out, "#define %s_ENTRY_%u 0x%03x%s\n", u, n,
				hwsq_program_entry(p, n),
				p->entry_set[n] ? "" : " /* not set: the final exit */");
	util_str_printf(out, "#define %s_ENTRY_POINT 0x%08x\n", u, hwsq_entry_point_reg(p));
	if (fam->entry_high)
		util_str_printf(out, "#define %s_ENTRY_POINT_HIGH 0x%08x\n", u,
				hwsq_entry_point_high_reg(p));
	uint8_t ram[0x200];
	hwsq_image(p, ram);
	char *array = util_xasprintf("%s_code", name);
	util_str_putc(out, '\n');
	util_c_words(out, array, ram, fam->ram_size, kernel);
	util_c_end(out);
	free(array);
	free(guard);
	free(u);
}

void hwsq_emit_upload(const struct hwsq_program *p, unsigned entry, enum hwsq_slot slot,
		      struct util_str *out)
{
	const struct hwsq_family_info *fam = hwsq_family_info(p->family);
	uint8_t ram[0x200];
	hwsq_image(p, ram);
	const char *slot_text = fam->slots > 1 ? (slot == HWSQ_SLOT_A ? " on slot A" : " on slot B")
					       : "";
	util_str_printf(out,
			"; HWSQ upload for %s: 0x%x bytes of code RAM, then start entry %u%s\n",
			fam->range, fam->ram_size, entry, slot_text);
	util_str_printf(out,
			"mask 0x%06x, 0x%08x, 0x00000000 ; PBUS.DEBUG_6: HWSQ_ENABLE off "
			"while uploading\n",
			HWSQ_MMIO_DEBUG_6, HWSQ_DEBUG_6_ENABLE);
	util_str_printf(out, "wr32 0x%06x, 0x%08x ; ENTRY_POINT:", HWSQ_MMIO_ENTRY_POINT,
			hwsq_entry_point_reg(p));
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		util_str_printf(out, " %u=0x%03x", n, hwsq_program_entry(p, n));
	util_str_putc(out, '\n');
	if (fam->entry_high)
		util_str_printf(out,
				"wr32 0x%06x, 0x%08x ; ENTRY_POINT_HIGH: bit 8 of each entry\n",
				HWSQ_MMIO_ENTRY_POINT_HIGH, hwsq_entry_point_high_reg(p));
	const char *window = fam->code_window == HWSQ_MMIO_NEW_CODE ? "NEW_CODE" : "CODE";
	for (uint32_t i = 0; i < fam->ram_size; i += 4)
		util_str_printf(out, "wr32 0x%06x, 0x%08x ; %s[0x%02x]\n", fam->code_window + i,
				util_le32(ram + i), window, i / 4);
	util_str_printf(out, "mask 0x%06x, 0x%08x, 0x%08x ; PBUS.DEBUG_6: HWSQ_ENABLE on\n",
			HWSQ_MMIO_DEBUG_6, HWSQ_DEBUG_6_ENABLE, HWSQ_DEBUG_6_ENABLE);
	util_str_printf(out, "wr32 0x%06x, 0x%08x ; TRIGGER: start entry %u%s\n", HWSQ_MMIO_TRIGGER,
			hwsq_trigger_value(p->family, slot, entry), entry, slot_text);
}

/* ---- the size report --------------------------------------------------- */

/* nouveau's hwsq_wr32: data, then address, each short when its high half
 * matches the previous write's. */
static size_t greedy_write(uint32_t addr, uint32_t value, bool *known, uint32_t *last_addr,
			   uint32_t *last_value)
{
	size_t n = 0;
	if (!*known || *last_value != value)
		n += *known && (*last_value >> 16) == (value >> 16) ? 3 : 5;
	n += *known && (*last_addr >> 16) == (addr >> 16) ? 3 : 5;
	*known = true;
	*last_addr = addr;
	*last_value = value;
	return n;
}

void hwsq_program_stats(const struct hwsq_program *p, struct hwsq_stats *s)
{
	*s = (struct hwsq_stats){.bytes = p->size};
	bool known = false;
	uint32_t last_addr = 0, last_value = 0;
	for (size_t i = 0; i < p->action_count; i++) {
		const struct hwsq_action *a = &p->actions[i];
		switch (a->kind) {
		case HWSQ_ACT_WRITE:
			s->writes++;
			s->greedy_bytes += greedy_write(a->addr, a->value, &known, &last_addr,
							&last_value);
			s->naive_bytes += 10;
			break;
		case HWSQ_ACT_DELAY: {
			uint64_t us = hwsq_delay_ns_to_us(a->requested_ns), greedy_us;
			s->delays++;
			s->requested_ns += a->requested_ns;
			s->encoded_us += a->encoded_us;
			size_t n = hwsq_delay_encode(us, true, NULL, 0, &greedy_us);
			s->greedy_bytes += n;
			s->naive_bytes += n;
			s->greedy_us += greedy_us;
			break;
		}
		case HWSQ_ACT_OTHER:
			s->greedy_bytes += a->bytes;
			s->naive_bytes += a->bytes;
			break;
		case HWSQ_ACT_FORGET:
			known = false;
			break;
		}
	}
}
