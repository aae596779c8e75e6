/* hwsq-emu: runs HWSQ test files (TAP), or one image with a printout of
 * what it did. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

static const char usage_text[] =
	"usage: hwsq-emu [--rnndb DIR] [-v] TEST.hemu...\n"
	"       hwsq-emu --chip CHIP [options] IMAGE\n"
	"Test files print TAP (the format is in docs/hwsq.md). With --chip, runs one\n"
	"image and prints its MMIO writes, flags, elapsed time and STATUS:\n"
	"  --chip CHIP          nv17, nv41, nv50 or nv92\n"
	"  -e, --entry N=ADDR   set entry point N (default: all at 0)\n"
	"  --start N            the entry point to start (default 0)\n"
	"  --slot a|b           the slot to start (default a)\n"
	"  --event N=V[@US]     event N takes value V, now or at US microseconds\n"
	"  --disable            run with HWSQ_ENABLE off\n"
	"  --trace              print every instruction executed\n"
	"  -v                   test files: print every instruction as a TAP comment\n"
	"  --rnndb DIR          read names from DIR\n"
	"  -h, --help           show this help\n"
	"  --version            print the version\n";

static int usage_error(const char *fmt, const char *arg)
{
	return hwsq_usage_error("hwsq-emu", usage_text, fmt, arg);
}

struct event_arg {
	unsigned event;
	bool value;
	uint64_t at_us;
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

static int parse_args(int argc, char **argv, struct args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (util_info_option(s, "hwsq-emu", usage_text))
			return 0;
		if (strcmp(s, "-v") == 0) {
			a->verbose = true;
		} else if (strcmp(s, "--trace") == 0) {
			a->trace = true;
		} else if (strcmp(s, "--disable") == 0) {
			a->disable = true;
		} else if (s[0] != '-') {
			a->files[a->file_count++] = s;
		} else if (!v) {
			return usage_error("'%s' needs a value", s);
		} else {
			i++;
			uint64_t n;
			if (strcmp(s, "--chip") == 0) {
				a->chip = v;
			} else if (strcmp(s, "--rnndb") == 0) {
				a->rnndb = v;
			} else if (strcmp(s, "--start") == 0) {
				if (!util_parse_u64(v, &n) || n >= HWSQ_ENTRY_COUNT)
					return usage_error("--start takes 0 to 3, not '%s'", v);
				a->start = (unsigned)n;
			} else if (strcmp(s, "--slot") == 0) {
				if (strcmp(v, "a") != 0 && strcmp(v, "b") != 0)
					return usage_error("--slot takes a or b, not '%s'", v);
				a->slot = v[0] == 'a' ? HWSQ_SLOT_A : HWSQ_SLOT_B;
			} else if (strcmp(s, "-e") == 0 || strcmp(s, "--entry") == 0) {
				unsigned e;
				uint32_t addr;
				if (!hwsq_parse_entry_arg(v, &e, &addr))
					return usage_error("--entry takes N=ADDRESS, not '%s'", v);
				a->entry_set[e] = true;
				a->entry[e] = addr;
			} else if (strcmp(s, "--event") == 0) {
				struct event_arg *e = UTIL_PUSH(a->events, a->event_count,
								a->event_cap);
				if (!parse_event(v, e))
					return usage_error(
						"--event takes N=0|1[@MICROSECONDS], not '%s'", v);
			} else {
				return usage_error("unknown option '%s'", s);
			}
		}
	}
	if (!a->file_count)
		return usage_error("%s", "nothing to run");
	if (a->chip && a->file_count != 1)
		return usage_error("%s", "--chip runs one image");
	return -1;
}

static void print_step(void *ctx, const struct hwsq_emu_step *st)
{
	(void)ctx;
	printf("trace: slot %c 0x%03x at %llu ns: %s\n", st->slot == HWSQ_SLOT_A ? 'A' : 'B',
	       st->ip, (unsigned long long)st->time_ns,
	       st->insn.opcode ? st->insn.opcode->name : "(illegal opcode)");
}

static int run_image(const struct args *a)
{
	enum hwsq_family f;
	if (!hwsq_family_parse(a->chip, &f))
		return usage_error("unknown chip '%s' (nv17, nv41, nv50 or nv92)", a->chip);
	const struct hwsq_family_info *fam = hwsq_family_info(f);
	if (a->slot == HWSQ_SLOT_B && fam->slots == 1)
		return usage_error("%s has one execution slot", fam->range);
	uint8_t *image;
	size_t size;
	int err = hwsq_read_input(a->files[0], &image, &size);
	if (err) {
		fprintf(stderr, "hwsq-emu: cannot read %s: %s\n", a->files[0],
			hwsq_input_error(err));
		return 1;
	}
	struct hwsq_emu *e = hwsq_emu_new(f);
	if (!hwsq_emu_load(e, image, size)) {
		fprintf(stderr, "hwsq-emu: %s: 0x%zx bytes, more than %s code RAM\n", a->files[0],
			size, fam->range);
		free(image);
		hwsq_emu_free(e);
		return 1;
	}
	free(image);
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++) {
		if (a->entry_set[n] && !hwsq_emu_set_entry(e, n, a->entry[n])) {
			fprintf(stderr, "hwsq-emu: entry point %u at 0x%x does not fit %s\n", n,
				a->entry[n], fam->range);
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
	printf("time: %llu ns\nstopped: %s\n", (unsigned long long)hwsq_emu_time_ns(e),
	       hwsq_emu_stop_name(stop));
	if (stop == HWSQ_EMU_STEP_LIMIT)
		fprintf(stderr,
			"hwsq-emu: %s: stopped after %d instructions in one run, the step "
			"limit (a script that restarts itself through TRIGGER?)\n",
			a->files[0], HWSQ_EMU_MAX_STEPS);
	hwsq_emu_free(e);
	return stop == HWSQ_EMU_IDLE ? 0 : 1;
}

int main(int argc, char **argv)
{
	struct args a = {0};
	a.files = util_xcalloc((size_t)argc, sizeof *a.files);
	int status = parse_args(argc, argv, &a);
	if (status < 0 && a.chip) {
		status = run_image(&a);
	} else if (status < 0) {
		struct hwsq_emutest_options o = {a.rnndb, a.verbose};
		status = 0;
		for (size_t i = 0; i < a.file_count; i++)
			if (hwsq_emutest_run(a.files[i], &o, stdout) != 0)
				status = 1;
	}
	free(a.files);
	free(a.events);
	return status;
}
