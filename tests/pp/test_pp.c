/* sdk/pp: cpp + m4 preprocessing, and mapping each output line back to
 * the file and line it came from. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/test_env.h"
#include "afuc/tap.h"
#include "pp/pp.h"

/* Writes text to dir/name; returns the malloc'ed path. */
static char *write_file(const char *dir, const char *name, const char *text)
{
	char *path = util_xasprintf("%s/%s", dir, name);
	if (util_write_file(path, text, strlen(text)) != 0)
		abort();
	return path;
}

/* Finds the line holding needle in text and returns where pp_lines says
 * it came from, as "file:line" (malloc'ed), or NULL. */
static char *origin_of(const char *text, const char *needle)
{
	struct pp_lines lines;
	pp_lines_init(&lines, "<input>");
	char *copy = util_xstrdup(text), *result = NULL;
	/* Every line counts, empty ones too (strtok would skip them). */
	for (char *line = copy, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (pp_lines_next(&lines, line))
			continue;
		if (strstr(line, needle)) {
			const char *base = strrchr(lines.file, '/');
			result = util_xasprintf("%s:%u", base ? base + 1 : lines.file, lines.line);
			break;
		}
	}
	free(copy);
	pp_lines_free(&lines);
	return result;
}

static void test_markers(struct tap *t)
{
	/* What cpp then m4 -s produce for a 3-line macro on line 4. */
	static const char text[] = "# 1 \"x.S\"\n"
				   "# 1 \"<built-in>\"\n"
				   "# 1 \"x.S\"\n"
				   "first\n"
				   "\n"
				   "# 1 \"inc.h\" 1\n"
				   "included\n"
				   "# 4 \"x.S\" 2\n"
				   "a1\n"
				   "#line 9\n"
				   "a2\n"
				   "#line 9\n"
				   "a3\n"
				   "after\n";
	const char *cases[][2] = {
		{"first", "x.S:1"}, {"included", "inc.h:1"}, {"a1", "x.S:4"},
		{"a2", "x.S:4"},    {"a3", "x.S:4"},         {"after", "x.S:5"},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++) {
		char *got = origin_of(text, cases[i][0]);
		tap_is_str(t, got, cases[i][1], "marker text: '%s' comes from %s", cases[i][0],
			   cases[i][1]);
		free(got);
	}
	char *got = origin_of("one\ntwo\nthree\n", "three");
	tap_is_str(t, got, "<input>:3", "text without markers counts its own lines");
	free(got);
}

static void test_run(struct tap *t)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/sdk-pp-test.XXXXXX", test_tmpdir());
	if (!mkdtemp(dir)) {
		tap_skip(t, 6, "no scratch directory");
		return;
	}
	char *lib = write_file(dir, "lib.m4",
			       "m4_changecom()m4_dnl\n"
			       "m4_define(`triple', `one $1\ntwo $1\nlast $1')m4_dnl\n");
	char *inc = write_file(dir, "inc.h", "#define VALUE 0x42\n");
	char *src = write_file(dir, "x.S",
			       "#include \"inc.h\"\n"
			       "mov $02, VALUE ; line 2\n"
			       "triple(`$03')\n"
			       "breq $02, 0x1, #label\n");
	const char *includes[] = {dir};
	struct pp_options o = {
		.include_dirs = includes,
		.include_count = 1,
		.m4_library = lib,
		.m4_prefix_builtins = true,
	};
	struct diag d;
	diag_init(&d);
	char *text = NULL;
	size_t len = 0;
	bool ok = pp_run(src, &o, &text, &len, &d);
	tap_ok(t, ok && d.errors == 0, "cpp and m4 run");
	if (!ok) {
		diag_print(&d, stdout, "test-pp");
		tap_skip(t, 5, "no output");
	} else {
		tap_ok(t, strstr(text, "mov $02, 0x42 ; line 2") != NULL, "cpp expanded VALUE");
		tap_ok(t, strstr(text, "#label") != NULL, "'#label' survives m4");
		char *got = origin_of(text, "two $03");
		tap_is_str(t, got, "x.S:3", "a macro's second line is reported at the call");
		free(got);
		got = origin_of(text, "breq");
		tap_is_str(t, got, "x.S:4", "lines after a multi-line macro keep their number");
		free(got);
		got = origin_of(text, "mov $02");
		tap_is_str(t, got, "x.S:2", "lines after an #include keep their number");
		free(got);
	}
	free(text);
	diag_free(&d);

	char *missing = util_xasprintf("%s/missing.S", dir);
	/* cpp complains on our stderr; keep the test output clean. */
	int saved_stderr = dup(2);
	FILE *null = freopen("/dev/null", "w", stderr);
	ok = pp_run(missing, &o, &text, &len, &d);
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	(void)null;
	tap_ok(t, !ok && d.errors == 1, "a missing source is an error");
	diag_free(&d);
	free(missing);
	unlink(lib);
	unlink(inc);
	unlink(src);
	free(lib);
	free(inc);
	free(src);
	rmdir(dir);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_markers(&t);
	test_run(&t);
	return tap_done_testing(&t);
}
