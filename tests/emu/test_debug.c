/* The emulator in source terms: an image loaded from the ELF afuc-ld
 * --elf writes (built here through sdk/obj), emu_where and the label and
 * line lookups, errors that name the line, a stale ELF refused, and the
 * stop hook a debugger runs on. */
#include "afuc/tap.h"
#include "obj/obj.h"
#include "prog.h"

/* boot: waitin; mov $01, $data      (prog_end)
 * CP_X: mov $02, 5; mov $03, 6; mov $04, 7
 * tail: waitin; mov $01, $data */
static void make_prog(struct prog *p)
{
	prog_init(p, EMU_A6XX);
	prog_end(p);
	put(p, A(p, "mov", F(DST, 2), F(IMM, 5)));
	put(p, A(p, "mov", F(DST, 3), F(IMM, 6)));
	put(p, A(p, "mov", F(DST, 4), F(IMM, 7)));
	prog_end(p);
}

/* The linked ELF of p, as afuc-ld would write it for fw/test.S. */
static void make_elf(const struct prog *p, uint8_t **data, size_t *len)
{
	struct obj_file o;
	obj_init(&o, ISA_A6XX);
	o.linked = true;
	uint32_t s = obj_add_section(&o, "SQE");
	for (size_t i = 1; i < p->count; i++)
		obj_emit(&o.sections[s], p->words[i]);
	const char *f = obj_intern(&o, "fw/test.S"), *none = obj_intern(&o, "");
	static const struct {
		uint32_t offset, line;
	} lines[] = {{0, 1}, {2, 10}, {4, 12}, {5, 20}, {6, 0}};
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
		obj_add_line(&o, s, lines[i].offset,
			     (struct obj_loc){lines[i].line ? f : none, lines[i].line, 0});
	static const struct {
		const char *name;
		uint32_t value;
	} syms[] = {{"boot", 0}, {".Lhandler.CP_X", 2}, {"afuc.loop1.top", 3}, {"tail", 5}};
	for (size_t i = 0; i < sizeof syms / sizeof *syms; i++) {
		uint32_t k = obj_symbol(&o, syms[i].name);
		o.symbols[k].section = s;
		o.symbols[k].value = syms[i].value;
	}
	struct diag d;
	diag_init(&d);
	if (!obj_write_mem(&o, data, len, &d))
		abort();
	diag_free(&d);
	obj_free(&o);
}

static struct emu *load(const uint8_t *elf, size_t len)
{
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX, .step_limit = 100000},
				  NULL);
	if (!emu || !emu_load_image_bytes(emu, elf, len)) {
		fprintf(stderr, "%s\n", emu ? emu_error(emu) : "no emulator");
		abort();
	}
	emu_set_packet_entry(emu, EMU_MAIN, 0x10, 2);
	return emu;
}

static void is_where(struct tap *t, const struct emu *emu, uint32_t pc, const char *want)
{
	char buf[128];
	size_t n = emu_where(emu, EMU_MAIN, pc, buf, sizeof buf);
	tap_is_str(t, buf, want, "pc %u is %s", pc, *want ? want : "nowhere");
	tap_is_int(t, n, strlen(want), "its length");
}

static void test_where(struct tap *t, const uint8_t *elf, size_t len)
{
	struct emu *emu = load(elf, len);
	is_where(t, emu, 0, "test.S:1 boot");
	is_where(t, emu, 2, "test.S:10 CP_X");
	/* the macro's label is not shown: the handler's is */
	is_where(t, emu, 3, "test.S:10 CP_X+1");
	is_where(t, emu, 4, "test.S:12 CP_X+2");
	/* line 0: the words from here on have no line */
	is_where(t, emu, 6, "tail+1");
	char small[8];
	tap_is_int(t, emu_where(emu, EMU_MAIN, 4, small, sizeof small), 16,
		   "emu_where says what it needed");
	tap_is_str(t, small, "test.S:", "and cuts as snprintf does");

	enum emu_proc proc = EMU_BV;
	uint32_t pc = 0;
	tap_ok(t, emu_find_label(emu, "CP_X", &proc, &pc) && proc == EMU_MAIN && pc == 2,
	       "a handler's label is found by the name shown");
	tap_ok(t, emu_find_label(emu, ".Lhandler.CP_X", &proc, &pc) && pc == 2,
	       "and by the name written");
	tap_ok(t, emu_find_label(emu, "afuc.loop1.top", &proc, &pc) && pc == 3,
	       "a macro's label is found too");
	tap_ok(t, !emu_find_label(emu, "nowhere", &proc, &pc), "an unknown label is not");

	struct emu_code_place places[4];
	size_t n = emu_line_pcs(emu, "test.S", 12, places, 4);
	tap_ok(t, n == 1 && places[0].pc == 4, "test.S:12 starts at pc 4");
	tap_is_int(t, emu_line_pcs(emu, "fw/test.S", 10, places, 4), 1, "a longer path matches");
	tap_is_int(t, emu_line_pcs(emu, "est.S", 10, places, 4), 0, "part of a file name does not");
	tap_is_int(t, emu_line_pcs(emu, "test.S", 11, places, 4), 0, "a line with no code");
	const char *files[4];
	tap_ok(t, emu_source_files(emu, files, 4) == 1 && strcmp(files[0], "fw/test.S") == 0,
	       "the source files, without the empty name of line 0");
	emu_free(emu);
}

static void test_error_lines(struct tap *t, const uint8_t *elf, size_t len)
{
	struct emu *emu = load(elf, len);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	emu_push_raw(emu, (uint32_t[]){0x12345678}, 1);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "a bad header stops the run");
	const char *msg = emu_error(emu);
	tap_ok(t, strstr(msg, "at SQE pc 0005 (test.S:20 tail):") != NULL,
	       "the error names the source line and label");
	tap_ok(t, strstr(msg, "; test.S:12 CP_X+2") != NULL,
	       "and so does each instruction executed before it");
	if (!strstr(msg, "(test.S:20 tail)"))
		tap_diag(t, "%s", msg);
	emu_free(emu);
}

static void test_stale(struct tap *t, const struct prog *p, const uint8_t *elf, size_t len)
{
	struct prog other = *p;
	other.words[3] ^= 1; /* the image changed since the ELF was written */
	struct emu *emu = prog_emu(&other);
	char *error = NULL;
	tap_ok(t, !emu_load_debug(emu, EMU_MAIN, elf, len, "old.elf", &error),
	       "an ELF of other words is refused");
	tap_ok(t, error && strstr(error, "old.elf does not describe this image: word 2"),
	       "saying which word differs");
	free(error);
	char buf[64];
	tap_is_int(t, emu_where(emu, EMU_MAIN, 2, buf, sizeof buf), 0, "and nothing is known");
	uint8_t junk[64] = {0x7f, 'E', 'L', 'F'};
	error = NULL;
	tap_ok(t, !emu_load_debug(emu, EMU_MAIN, junk, sizeof junk, "junk.elf", &error) && error,
	       "a broken ELF is refused with a message");
	free(error);
	emu_free(emu);
}

struct stops {
	uint32_t at; /* stop before this pc (UINT32_MAX: before every one) */
	unsigned asked;
};

static bool stop_at(void *ctx, const struct emu *emu, enum emu_proc proc, uint32_t pc)
{
	(void)emu;
	(void)proc;
	struct stops *s = ctx;
	s->asked++;
	return s->at == UINT32_MAX || pc == s->at;
}

static void test_stop_hook(struct tap *t, const uint8_t *elf, size_t len)
{
	struct emu *emu = load(elf, len);
	struct stops s = {.at = 3};
	emu_set_stop_hook(emu, stop_at, &s);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_STOPPED, "the hook stops the run");
	tap_is_hex(t, emu_pc(emu, EMU_MAIN), 3, "before pc 3");
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 2) == 5 && emu_gpr(emu, EMU_MAIN, 3) == 0,
	       "pc 2 ran, pc 3 did not");
	tap_is_int(t, emu_run(emu), EMU_IDLE, "the next run resumes, past the stop");
	tap_ok(t, emu_gpr(emu, EMU_MAIN, 3) == 6 && emu_gpr(emu, EMU_MAIN, 4) == 7,
	       "and finishes the handler");

	s = (struct stops){.at = UINT32_MAX};
	emu_push_pkt7(emu, 0x10, NULL, 0);
	unsigned steps = 0;
	enum emu_status st;
	while ((st = emu_run(emu)) == EMU_STOPPED && steps < 20)
		steps++;
	/* waitin (takes the packet), mov $01, then the handler's three and
	 * its waitin, which finds nothing and is not asked about */
	tap_is_int(t, steps, 5, "stopping before every instruction: one stop each");
	tap_is_int(t, st, EMU_IDLE, "then idle");
	emu_set_stop_hook(emu, NULL, NULL);
	emu_push_pkt7(emu, 0x10, NULL, 0);
	s.asked = 0;
	tap_is_int(t, emu_run(emu), EMU_IDLE, "without the hook the run does not stop");
	tap_is_int(t, s.asked, 0, "and the hook is not asked");
	emu_free(emu);
}

/* What a deferred label loader saw. */
struct deferred {
	int runs, frees;
};

static void add_later(void *ctx, struct emu *emu)
{
	struct deferred *x = ctx;
	x->runs++;
	emu_add_label(emu, 6, "later");
}

static void count_free(void *ctx)
{
	((struct deferred *)ctx)->frees++;
}

static void test_deferred(struct tap *t, const uint8_t *elf, size_t len)
{
	struct deferred x = {0};
	struct emu *emu = load(elf, len);
	tap_ok(t, emu_defer_labels(emu, add_later, &x, count_free), "a loader is deferred");
	emu_push_pkt7(emu, 0x10, NULL, 0);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "a run: %s", emu_error(emu));
	tap_is_int(t, x.runs, 0, "a run that asks no name does not load the labels");
	is_where(t, emu, 6, "later");
	tap_ok(t, x.runs == 1 && x.frees == 1, "the first question loads them, once, then frees");
	is_where(t, emu, 6, "later");
	tap_is_int(t, x.runs, 1, "and not again");
	emu_free(emu);

	x = (struct deferred){0};
	emu = load(elf, len);
	for (int i = 0; i < EMU_PROC_COUNT; i++)
		emu_defer_labels(emu, add_later, &x, count_free);
	tap_ok(t, !emu_defer_labels(emu, add_later, &x, count_free) && x.frees == 1,
	       "one loader a processor at most: the next is freed at once");
	emu_free(emu);
	tap_ok(t, x.runs == 0 && x.frees == EMU_PROC_COUNT + 1,
	       "emu_free frees the loaders that never ran");
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	struct prog p;
	make_prog(&p);
	uint8_t *elf = NULL;
	size_t len = 0;
	make_elf(&p, &elf, &len);
	test_where(&t, elf, len);
	test_error_lines(&t, elf, len);
	test_stale(&t, &p, elf, len);
	test_stop_hook(&t, elf, len);
	test_deferred(&t, elf, len);
	free(elf);
	return tap_done_testing(&t);
}
