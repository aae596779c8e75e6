/* What an emulator ran, by source line and label (lcov.h). */
#include <stdlib.h>
#include <string.h>

#include "lcov/lcov.h"

/* One instruction with a source line. */
struct word {
	const char *file; /* as recorded (one pointer per file) */
	uint32_t line;
	int proc; /* the processor whose code holds it, -1 for none started */
	uint64_t count;
	bool reachable;
};

static int word_cmp(const void *a, const void *b)
{
	const struct word *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	if (c)
		return c;
	if (x->line != y->line)
		return (x->line > y->line) - (x->line < y->line);
	return (x->proc > y->proc) - (x->proc < y->proc);
}

/* Marks what each started processor can run: from its bootstrap (pc 0)
 * and from each entry of its packet table. */
static uint8_t *reachable_words(const struct emu *e)
{
	uint8_t *mask = util_xcalloc(emu_image_size(e) ? emu_image_size(e) : 1, 1);
	for (int p = 0; p < EMU_PROC_COUNT; p++) {
		if (!emu_proc_started(e, (enum emu_proc)p))
			continue;
		emu_reachable(e, (enum emu_proc)p, 0, mask);
		for (uint32_t i = 0; i < EMU_PACKET_TABLE_SIZE; i++) {
			uint32_t entry = emu_packet_entry(e, (enum emu_proc)p, i);
			bool seen = entry == 0;
			for (uint32_t k = 0; k < i && !seen; k++)
				seen = emu_packet_entry(e, (enum emu_proc)p, k) == entry;
			if (!seen)
				emu_reachable(e, (enum emu_proc)p, entry, mask);
		}
	}
	return mask;
}

static int owner(const struct emu *e, uint32_t index)
{
	for (int p = 0; p < EMU_PROC_COUNT; p++) {
		uint32_t base;
		if (emu_proc_base(e, (enum emu_proc)p, &base) && index >= base &&
		    index - base < emu_proc_size(e, (enum emu_proc)p))
			return p;
	}
	return -1;
}

/* Whether a label can go in an FN line as it is. */
static bool plain_name(const char *name)
{
	for (const char *s = name; *s; s++)
		if (*s == ',' || (unsigned char)*s < 0x20)
			return false;
	return *name != '\0';
}

static void add_labels(struct lcov *cov, const struct emu *e)
{
	for (int p = 0; p < EMU_PROC_COUNT; p++) {
		uint32_t base;
		if (!emu_proc_base(e, (enum emu_proc)p, &base))
			continue;
		for (uint32_t pc = 0; pc < emu_proc_size(e, (enum emu_proc)p); pc++) {
			const char *name, *file;
			uint32_t offset, line;
			if (!emu_label_of(e, (enum emu_proc)p, pc, &name, &offset) || offset ||
			    !plain_name(name) ||
			    !emu_source_line(e, (enum emu_proc)p, pc, &file, &line))
				continue;
			lcov_add_fn(lcov_file(cov, file), name, line, emu_exec_count(e, base + pc));
		}
	}
}

size_t lcov_add_emu(struct lcov *cov, const struct emu *e)
{
	const uint32_t size = (uint32_t)emu_image_size(e);
	if (!size)
		return 0;
	struct word *words = NULL;
	size_t n = 0, cap = 0;
	uint8_t *mask = reachable_words(e);
	for (uint32_t i = 0; i < size; i++) {
		const char *file;
		uint32_t line;
		if (!emu_line_of_index(e, i, &file, &line) || !*file)
			continue;
		uint64_t count = emu_exec_count(e, i);
		*UTIL_PUSH(words, n, cap) = (struct word){file, line, owner(e, i), count,
							  mask[i] || count};
	}
	free(mask);
	if (n)
		qsort(words, n, sizeof *words, word_cmp);
	/* per line: the most executed instruction of each processor, summed */
	for (size_t i = 0; i < n;) {
		size_t j = i;
		uint64_t total = 0;
		bool reachable = false;
		while (j < n && strcmp(words[j].file, words[i].file) == 0 &&
		       words[j].line == words[i].line) {
			uint64_t most = 0;
			int proc = words[j].proc;
			for (; j < n && strcmp(words[j].file, words[i].file) == 0 &&
			       words[j].line == words[i].line && words[j].proc == proc;
			     j++) {
				most = words[j].count > most ? words[j].count : most;
				reachable |= words[j].reachable;
			}
			total = total > UINT64_MAX - most ? UINT64_MAX : total + most;
		}
		struct lcov_file *f = lcov_file(cov, words[i].file);
		if (reachable)
			lcov_add_line(f, words[i].line, total);
		else
			lcov_add_unreachable(f, words[i].line);
		i = j;
	}
	free(words);
	if (n)
		add_labels(cov, e);
	return n;
}
