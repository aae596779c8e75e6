/* The TAP writer itself: the exact text of each kind of line (as
 * include/afuc/tap.h describes it), plan handling and exit statuses,
 * written to a FILE and through a write function. */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"

/* What a write function received: the pieces joined, and how many. */
struct sink {
	char *text;
	size_t len;
	int calls;
};

static void collect(void *ctx, const char *text)
{
	struct sink *s = ctx;
	size_t n = strlen(text);
	s->text = realloc(s->text, s->len + n + 1);
	if (!s->text)
		abort();
	memcpy(s->text + s->len, text, n + 1);
	s->len += n;
	s->calls++;
}

/* Runs body on a tap writing into a string (through a FILE, or through
 * a write function); *status is what tap_done_testing returned. */
static char *run_into_string(void (*body)(struct tap *), bool through_write, int *status)
{
	struct tap inner;
	if (through_write) {
		struct sink s = {0};
		tap_init_write(&inner, collect, &s);
		body(&inner);
		*status = tap_done_testing(&inner);
		return s.text ? s.text : calloc(1, 1);
	}
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	tap_init(&inner, f);
	body(&inner);
	*status = tap_done_testing(&inner);
	fclose(f);
	return text;
}

static void passing_and_failing(struct tap *t)
{
	tap_ok(t, true, "fine");
	tap_is_hex_at(t, 0x12, 0x13, "here.c", 10, "word %d", 4);
	tap_is_str_at(t, "a", "b", "here.c", 11, "names # with hash");
	tap_skip(t, 1, "no image");
}

static void planned_too_many(struct tap *t)
{
	tap_plan(t, 2);
	tap_ok(t, true, "one");
}

/* The runners' form: a place in a test file, its text, lines of why. */
static void results(struct tap *t)
{
	tap_result(t, true, "t.emu", 3, "expect idle", "not shown", "expect idle (line %d)", 3);
	tap_result(t, false, "t.emu", 5, "expect mem 0x10 1   # a comment", "at 0x10\ngot 0\n",
		   "expect mem (line %d)", 5);
	tap_result(t, false, "t.c", 7, NULL, NULL, "no source");
	tap_result(t, false, NULL, 0, NULL, "stopped\n  at pc 3", "run # TODO\nnot\rreally");
	tap_skip(t, 2, "two\nlines");
	tap_diag(t, "one\ntwo\n");
}

static void bails(struct tap *t)
{
	tap_ok(t, true, "before");
	tap_bail_out(t, "%s:%d: cannot\ngo on", "t.hemu", 4);
}

static void skips_all(struct tap *t)
{
	tap_skip_all(t, "vendor image %s not found\n(looked)", "x.fw");
}

static void nothing(struct tap *t)
{
	(void)t;
}

/* Each body's whole output, and the status tap_done_testing gives. */
static const struct {
	void (*body)(struct tap *);
	bool through_write;
	const char *want, *name;
	int status;
	const char *status_name;
} cases[] = {
	{passing_and_failing, false,
	 "ok 1 - fine\n"
	 "not ok 2 - word 4\n"
	 "#   Failed at here.c line 10.\n"
	 "#          got: 0x00000012\n"
	 "#     expected: 0x00000013\n"
	 "not ok 3 - names \\# with hash\n"
	 "#   Failed at here.c line 11.\n"
	 "#          got:\n"
	 "#   a\n"
	 "#     expected:\n"
	 "#   b\n"
	 "ok 4 # skip no image\n"
	 "1..4\n",
	 "checks: pass, fail with where and both values, a hash in a name, skip, plan", 1,
	 "failures give exit status 1"},
	{planned_too_many, false, "1..2\nok 1 - one\n# planned 2 tests but ran 1\n",
	 "a short run against its plan is reported", 1, "and fails"},
	{results, true,
	 "ok 1 - expect idle (line 3)\n"
	 "not ok 2 - expect mem (line 5)\n"
	 "#   Failed at t.emu line 5: expect mem 0x10 1   # a comment\n"
	 "#   at 0x10\n"
	 "#   got 0\n"
	 "not ok 3 - no source\n"
	 "#   Failed at t.c line 7.\n"
	 "not ok 4 - run \\# TODO not really\n"
	 "#   stopped\n"
	 "#     at pc 3\n"
	 "ok 5 # skip two lines\n"
	 "ok 6 # skip two lines\n"
	 "# one\n"
	 "# two\n"
	 "1..6\n",
	 "tap_result: where, the line's text, each line of why; a '#' in a name escaped", 1,
	 "tap_result failures count"},
	{bails, false, "ok 1 - before\nBail out! t.hemu:4: cannot go on\n",
	 "tap_bail_out: one line, and no plan after it", 1,
	 "a bail out fails though every test passed"},
	{skips_all, true, "1..0 # SKIP vendor image x.fw not found (looked)\n",
	 "tap_skip_all: the reason on the plan line", 0, "a skipped file passes"},
	{nothing, true, "1..0\n", "no test: the plan says so", 0,
	 "and passes (runners reject files without tests themselves)"},
};

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int status;
		char *text = run_into_string(cases[i].body, cases[i].through_write, &status);
		tap_is_str(&t, text, cases[i].want, "%s", cases[i].name);
		tap_is_int(&t, status, cases[i].status, "%s", cases[i].status_name);
		free(text);
	}

	/* tap_ok and the others name the caller's file and line */
	struct sink s = {0};
	struct tap w;
	tap_init_write(&w, collect, &s);
	int line = __LINE__ + 1;
	tap_ok(&w, false, "x");
	char want[256];
	snprintf(want, sizeof want, "not ok 1 - x\n#   Failed at %s line %d.\n", __FILE__, line);
	tap_is_str(&t, s.text, want, "a failing tap_ok says where it is");
	free(s.text);

	s = (struct sink){0};
	tap_init_write(&w, collect, &s);
	tap_result(&w, false, "t.emu", 1, NULL, "a\nb", "x");
	tap_is_int(&t, s.calls, 1, "a result and its diagnostics reach the write function at once");
	tap_is_int(&t, w.failed, 1, "and count as a failure");
	free(s.text);
	return tap_done_testing(&t);
}
