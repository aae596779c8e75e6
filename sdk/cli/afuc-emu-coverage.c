/* afuc-emu --coverage and --coverage-out (afuc-emu-coverage.h). */
#include <stdlib.h>
#include <string.h>

#include "cli/afuc-emu-coverage.h"
#include "util/diag.h"
#include "util/util.h"

/* Ranges shown per list before "...". */
#define SHOWN_RANGES 12

/* "cp-handlers.S:80" or "cp-handlers.S:80-82" for the instructions
 * first..last of proc (pcs), when both have a line of one file. */
static void put_lines(struct util_str *s, const struct emu *emu, enum emu_proc proc, uint32_t first,
		      uint32_t last)
{
	const char *f1, *f2;
	uint32_t l1, l2;
	if (!emu_source_line(emu, proc, first, &f1, &l1))
		return;
	const char *slash = strrchr(f1, '/');
	util_str_printf(s, " (%s:%u", slash ? slash + 1 : f1, l1);
	if (last != first && emu_source_line(emu, proc, last, &f2, &l2) && f2 == f1 && l2 != l1)
		util_str_printf(s, "-%u", l2);
	util_str_putc(s, ')');
}

/* The pcs of mask (by image index, from base) never executed, as ranges
 * with their source lines. */
static void print_missed(const struct emu *emu, enum emu_proc proc, const uint8_t *mask,
			 uint32_t base, size_t size, FILE *out)
{
	struct util_str s = {0};
	int shown = 0;
	for (size_t i = 0; i < size && shown < SHOWN_RANGES; i++) {
		if (!mask[i] || emu_exec_count(emu, (uint32_t)i))
			continue;
		size_t j = i;
		while (j + 1 < size && mask[j + 1] && !emu_exec_count(emu, (uint32_t)j + 1))
			j++;
		util_str_printf(&s, shown ? ", %04zx" : "#       not run: %04zx", i - base);
		if (j > i)
			util_str_printf(&s, "-%04zx", j - base);
		put_lines(&s, emu, proc, (uint32_t)(i - base), (uint32_t)(j - base));
		shown++;
		i = j;
	}
	if (shown)
		fprintf(out, "%s%s\n", s.text, shown == SHOWN_RANGES ? ", ..." : "");
	util_str_free(&s);
}

/* The packets whose table entry is entry, from index on ("CP_NOP,0x05"),
 * marking them done. */
static void handler_names(const struct emu *emu, enum emu_proc proc, uint32_t index, uint32_t entry,
			  bool *done, struct util_str *names)
{
	for (uint32_t o = index; o < EMU_PACKET_TABLE_SIZE; o++) {
		if (done[o] || emu_packet_entry(emu, proc, o) != entry)
			continue;
		done[o] = true;
		char name[64];
		if (!emu_name(emu, EMU_SPACE_PM4, o, name, sizeof name))
			snprintf(name, sizeof name, "0x%02x", o);
		util_str_printf(names, "%s%s", names->len ? "," : "", name);
	}
}

static void coverage_of(const struct emu *emu, enum emu_proc proc, const char *proc_name, FILE *out)
{
	uint32_t base;
	if (!emu_proc_base(emu, proc, &base))
		return;
	size_t size = emu_image_size(emu);
	uint8_t *mask = util_xcalloc(size, 1);
	bool done[EMU_PACKET_TABLE_SIZE] = {false};
	unsigned never = 0;
	fprintf(out, "# coverage of %s: instructions executed / reachable from each entry\n",
		proc_name);
	/* the bootstrap first (from pc 0), then each distinct handler */
	for (int index = -1; index < (int)EMU_PACKET_TABLE_SIZE; index++) {
		uint32_t entry = index < 0 ? 0 : emu_packet_entry(emu, proc, (uint32_t)index);
		if (index >= 0 && done[index])
			continue;
		struct util_str names = {0};
		if (index < 0)
			util_str_puts(&names, "bootstrap");
		else
			handler_names(emu, proc, (uint32_t)index, entry, done, &names);
		if (!emu_exec_count(emu, base + entry)) {
			never++;
			util_str_free(&names);
			continue;
		}
		memset(mask, 0, size);
		size_t reachable = emu_reachable(emu, proc, entry, mask), executed = 0;
		for (size_t i = 0; i < size; i++)
			executed += mask[i] && emu_exec_count(emu, (uint32_t)i) > 0;
		const char *file;
		uint32_t line;
		struct util_str where = {0};
		if (emu_source_line(emu, proc, entry, &file, &line)) {
			const char *slash = strrchr(file, '/');
			util_str_printf(&where, "  %s:%u", slash ? slash + 1 : file, line);
		}
		fprintf(out, "#   %-40.40s %5zu/%-5zu %3zu%%%s\n", names.text, executed, reachable,
			reachable ? executed * 100 / reachable : 0, where.text ? where.text : "");
		print_missed(emu, proc, mask, base, size, out);
		util_str_free(&where);
		util_str_free(&names);
	}
	fprintf(out, "#   (%u packet-table entries never run)\n", never);
	free(mask);
}

/* The source lines no entry reaches, by file, as ranges. */
static void print_unreachable(const struct emu *emu, FILE *out)
{
	struct lcov cov = {0};
	lcov_add_emu(&cov, emu);
	lcov_tidy(&cov);
	for (size_t i = 0; i < cov.count; i++) {
		const struct lcov_file *f = &cov.files[i];
		if (!f->unreachable_count)
			continue;
		fprintf(out, "# unreachable from every entry: %s:", f->path);
		int shown = 0;
		for (size_t k = 0; k < f->unreachable_count && shown < SHOWN_RANGES; k++, shown++) {
			size_t j = k;
			while (j + 1 < f->unreachable_count &&
			       f->unreachable[j + 1] == f->unreachable[j] + 1)
				j++;
			fprintf(out, "%s%u", shown ? ", " : "", f->unreachable[k]);
			if (j > k)
				fprintf(out, "-%u", f->unreachable[j]);
			k = j;
		}
		fprintf(out, "%s\n", shown == SHOWN_RANGES ? ", ..." : "");
	}
	lcov_free(&cov);
}

void afuc_emu_print_coverage(const struct emu *emu, FILE *out)
{
	static const char *const names[EMU_PROC_COUNT] = {
		"the main processor", "BV", "LPAC", "the ME", "PROC4", "PROC4B"};
	for (int p = 0; p < EMU_PROC_COUNT; p++)
		coverage_of(emu, (enum emu_proc)p,
			    p == EMU_PFP && emu_is_pair(emu) ? "the PFP" : names[p], out);
	print_unreachable(emu, out);
}

/* ---- --coverage-out ---- */

void afuc_emu_coverage_take(struct afuc_emu_coverage *c, const struct emu *emu, const char *name)
{
	if (!c || !c->path || !emu)
		return;
	if (lcov_add_emu(&c->lcov, emu)) {
		c->any = true;
	} else if (!c->noted && !c->quiet) {
		c->noted = true;
		fprintf(stderr,
			"afuc-emu: note: %s has no source lines (no ELF beside its image): nothing "
			"for %s\n",
			name, c->path);
	}
}

bool afuc_emu_coverage_finish(struct afuc_emu_coverage *c)
{
	bool ok = true;
	if (c->path && c->any) {
		struct diag d;
		diag_init(&d);
		ok = lcov_merge_file(&c->lcov, c->path, &d);
		diag_print(&d, stderr, "afuc-emu");
		diag_free(&d);
	}
	lcov_free(&c->lcov);
	return ok;
}
