/* hwsq-emu: runs HWSQ test files (TAP), or one image with a printout of
 * what it did. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "hwsq/hwsq.h"

enum {
	OPT_CHIP = 1,
	OPT_ENTRY,
	OPT_START,
	OPT_SLOT,
	OPT_EVENT,
	OPT_DISABLE,
	OPT_TRACE,
	OPT_VERBOSE,
	OPT_RNNDB
};

struct args {
	const char *chip, *rnndb;
	const char **files;
	size_t file_count;
	bool verbose, trace, disable;
	unsigned start;
	enum hwsq_slot slot;
	bool entry_set[HWSQ_ENTRY_COUNT];
	uint32_t entry[HWSQ_ENTRY_COUNT];
	struct event_arg *events;
	size_t event_count, event_cap;
};

static const struct cmd_option options[] = {
	{OPT_CHIP, 0, "chip", "CHIP",
	 "run one image: a chip (nv50, g84, gt215...) or a family\n"
	 "(nv17, nv41, nv50, nv92), any case",
	 0, CMD_KEEP_STRING(struct args, chip)},
	{OPT_ENTRY, 'e', "entry", "N=ADDR", "set entry point N (default: all at 0)", 0, CMD_CALL,
	 0},
	{OPT_START, 0, "start", "N", "the entry point to start (default 0)", 0, CMD_CALL, 0},
	{OPT_SLOT, 0, "slot", "a|b", "the slot to start (default a)", 0, CMD_CALL, 0},
	{OPT_EVENT, 0, "event", "N=V[@US]", "event N takes value V, now or at US microseconds", 0,
	 CMD_CALL, 0},
	{OPT_DISABLE, 0, "disable", NULL, "run with HWSQ_ENABLE off", 0,
	 CMD_KEEP_FLAG(struct args, disable)},
	{OPT_TRACE, 0, "trace", NULL, "print every instruction executed", 0,
	 CMD_KEEP_FLAG(struct args, trace)},
	{OPT_VERBOSE, 'v', NULL, NULL, "test files: print every instruction as a TAP comment", 0,
	 CMD_KEEP_FLAG(struct args, verbose)},
	{OPT_RNNDB, 0, "rnndb", "DIR", "read names from DIR", 0,
	 CMD_KEEP_STRING(struct args, rnndb)},
};

static const struct cmd_spec spec = {
	"hwsq-emu",
	"[--rnndb DIR] [-v] TEST.hemu...\n"
	"--chip CHIP [options] IMAGE",
	"Test files print TAP (the format is in docs/hwsq.md). With --chip, runs one\n"
	"image and prints its MMIO writes, flags, elapsed time and STATUS.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	NULL,
	NULL,
};

struct event_arg {
	unsigned event;
	bool value;
	uint64_t at_us;
};

static bool parse_event(const char *v, struct event_arg *e)
{
	char *end;
	unsigned long n = strtoul(v, &end, 0);
	if (end == v || *end != '=' || n >= HWSQ_EVENTS || (end[1] != '0' && end[1] != '1'))
		return false;
	e->event = (unsigned)n;
	e->value = end[1] == '1';
	e->at_us = 0;
	if (end[2] == '@')
		return util_parse_u64(end + 3, &e->at_us) && e->at_us < UINT64_MAX / 1000;
	return end[2] == '\0';
}

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	const char *v = c->value;
	uint64_t n;
	switch (id) {
	case CMD_OPERAND:
		a->files[a->file_count++] = v;
		break;
	case OPT_START:
		if (!util_parse_u64(v, &n) || n >= HWSQ_ENTRY_COUNT)
			return cmd_bad_value(c, "0 to 3");
		a->start = (unsigned)n;
		break;
	case OPT_SLOT:
		if (!hwsq_parse_slot(v, &a->slot))
			return cmd_bad_value(c, "a or b");
		break;
	case OPT_ENTRY: {
		unsigned e;
		uint32_t addr;
		if (!hwsq_parse_entry_arg(v, &e, &addr))
			return cmd_bad_value(c, "N=ADDRESS");
		a->entry_set[e] = true;
		a->entry[e] = addr;
		break;
	}
	case OPT_EVENT:
		if (!parse_event(v, UTIL_PUSH(a->events, a->event_count, a->event_cap)))
			return cmd_bad_value(c, "N=0|1[@MICROSECONDS]");
		break;
	}
	return -1;
}

/* The command line as a whole: -1 when it is good, else the exit
 * status. */
static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	if (!a->file_count)
		return cmd_usage_error(c, "nothing to run");
	if (a->chip && a->file_count != 1)
		return cmd_usage_error(c, "--chip runs one image");
	return -1;
}

static void print_step(void *ctx, const struct hwsq_emu_step *st)
{
	(void)ctx;
	printf("trace: slot %c 0x%03x at %llu ns: %s\n", st->slot == HWSQ_SLOT_A ? 'A' : 'B',
	       st->ip, (unsigned long long)st->time_ns,
	       st->insn.opcode ? st->insn.opcode->name : "(illegal opcode)");
}

/* After an event-hang: the wait that hangs (the 3-byte ewait before the
 * hung slot's IP) and the --event option that would let it go on. */
static void event_hint(struct cmd *c, const struct args *a, const struct hwsq_emu *e,
		       const uint8_t *image, size_t size)
{
	enum hwsq_slot slot = hwsq_emu_active(e, HWSQ_SLOT_A) ? HWSQ_SLOT_A : HWSQ_SLOT_B;
	uint32_t ip = hwsq_emu_ip(e, slot);
	struct hwsq_insn in;
	if (ip < 3 || ip > size)
		return;
	hwsq_decode(hwsq_emu_family(e), image, size, ip - 3, &in);
	if (!in.opcode || in.opcode->op != HWSQ_OP_EWAIT)
		return;
	unsigned ev = in.operands[0], val = in.operands[1];
	cmd_error(c,
		  "%s: the wait at 0x%03x for event %u == %u never ends: no --event gives it; "
		  "try --event %u=%u@5 (event %u becomes %u at 5 us)",
		  a->files[0], ip - 3, ev, val, ev, val, ev, val);
}

static int run_image(struct cmd *c, const struct args *a)
{
	enum hwsq_family f;
	if (!hwsq_chip_family(a->chip, &f))
		return cmd_usage_error(c, "unknown chip '%s': --chip takes %s", a->chip,
				       HWSQ_CHIP_NAMES);
	const struct hwsq_family_info *fam = hwsq_family_info(f);
	if (a->slot == HWSQ_SLOT_B && fam->slots == 1)
		return cmd_usage_error(c, "%s has one execution slot", fam->range);
	uint8_t *image;
	size_t size;
	int err = hwsq_read_input(a->files[0], &image, &size);
	if (err) {
		cmd_error(c, "cannot read %s: %s", a->files[0], hwsq_input_error(err));
		return 1;
	}
	if (size == 0) {
		cmd_error(c,
			  "%s: the image is empty: expected the bytes of a code RAM (up to 0x%x)",
			  a->files[0], fam->ram_size);
		free(image);
		return 1;
	}
	struct hwsq_emu *e = hwsq_emu_new(f);
	if (!hwsq_emu_load(e, image, size)) {
		cmd_error(c, "%s: 0x%zx bytes, more than %s code RAM", a->files[0], size,
			  fam->range);
		free(image);
		hwsq_emu_free(e);
		return 1;
	}
	/* how much of the code RAM the script takes, and each entry's share */
	uint32_t used = hwsq_image_used(f, image, (uint32_t)size), span[HWSQ_ENTRY_COUNT];
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		span[n] = hwsq_entry_bytes(f, image, (uint32_t)size,
					   a->entry_set[n] ? a->entry[n] : 0);
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++) {
		if (a->entry_set[n] && !hwsq_emu_set_entry(e, n, a->entry[n])) {
			cmd_error(c, "entry point %u at 0x%x does not fit %s", n, a->entry[n],
				  fam->range);
			free(image);
			hwsq_emu_free(e);
			return 1;
		}
	}
	for (size_t i = 0; i < a->event_count; i++)
		hwsq_emu_schedule_event(e, a->events[i].event, a->events[i].value,
					a->events[i].at_us * 1000);
	if (a->trace)
		hwsq_emu_set_trace(e, print_step, NULL);
	hwsq_emu_set_enable(e, !a->disable);
	hwsq_emu_start(e, a->slot, a->start);
	enum hwsq_emu_stop stop = hwsq_emu_run(e, HWSQ_EMU_FOREVER);
	for (size_t i = 0; i < hwsq_emu_write_count(e); i++) {
		const struct hwsq_emu_write *w = hwsq_emu_write_at(e, i);
		printf("write: 0x%06x <- 0x%08x at %llu ns (ip 0x%03x)\n", w->addr, w->value,
		       (unsigned long long)w->time_ns, w->ip);
	}
	static const char *const states[] = {"unset", "on", "off"};
	for (unsigned n = 0; n < HWSQ_FLAGS; n++)
		if (hwsq_emu_flag(e, n) != HWSQ_STATE_UNSET)
			printf("flag: %u %s\n", n, states[hwsq_emu_flag(e, n)]);
	printf("FLAGS_0: 0x%08x\nFLAGS_1: 0x%08x\n", hwsq_emu_mmio_read(e, HWSQ_MMIO_FLAGS_0),
	       hwsq_emu_mmio_read(e, HWSQ_MMIO_FLAGS_1));
	printf("STATUS: 0x%08x\n", hwsq_emu_mmio_read(e, HWSQ_MMIO_STATUS));
	printf("code: 0x%x of 0x%x bytes used, 0x%x free (%s)\n", used, fam->ram_size,
	       fam->ram_size - used, fam->range);
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		if (n == a->start || a->entry_set[n])
			printf("entry %u: 0x%03x, 0x%x bytes to its exit\n", n,
			       a->entry_set[n] ? a->entry[n] : 0, span[n]);
	printf("time: %llu ns\nstopped: %s\n", (unsigned long long)hwsq_emu_time_ns(e),
	       hwsq_emu_stop_name(stop));
	if (stop == HWSQ_EMU_STEP_LIMIT)
		cmd_error(c,
			  "%s: stopped after %d instructions in one run, the step limit (a "
			  "script that restarts itself through TRIGGER?)",
			  a->files[0], HWSQ_EMU_MAX_STEPS);
	if (stop == HWSQ_EMU_EVENT_HANG)
		event_hint(c, a, e, image, size);
	free(image);
	hwsq_emu_free(e);
	return stop == HWSQ_EMU_IDLE ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct args a = {0};
	a.files = util_xcalloc((size_t)argc, sizeof *a.files);
	int status = cmd_parse(&c, take, check, &a);
	if (status < 0 && a.chip) {
		status = run_image(&c, &a);
	} else if (status < 0) {
		struct diag d;
		diag_init(&d);
		struct hwsq_emutest_options o = {a.rnndb, a.verbose, &d};
		status = 0;
		for (size_t i = 0; i < a.file_count; i++) {
			if (hwsq_emutest_run(a.files[i], &o, stdout) != 0)
				status = 1;
			cmd_print_diag(&c, &d);
			diag_free(&d);
			diag_init(&d);
		}
		diag_free(&d);
	}
	free(a.files);
	free(a.events);
	return cmd_finish(&c, status);
}
