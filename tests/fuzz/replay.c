/* Replays inputs through a harness without libFuzzer: each argument is
 * a file or a directory of files (a corpus). Prints TAP, one test per
 * input; an input that crashes the harness ends the run (the sanitizer
 * build says where). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "afuc/tap.h"
#include "fuzz.h"
#include "util/util.h"

/* A binary input kept in the tree as text: hex byte pairs, with blanks
 * and `#` comment lines between them. False on anything else. */
static bool unhex(uint8_t *data, size_t *len)
{
	size_t out = 0;
	bool comment = false, high = true;
	for (size_t i = 0; i < *len; i++) {
		uint8_t c = data[i];
		if (c == '\n')
			comment = false;
		if (comment || c == ' ' || c == '\t' || c == '\n')
			continue;
		if (c == '#') {
			comment = true;
			continue;
		}
		int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (v < 0)
			return false;
		data[out] = high ? (uint8_t)(v << 4) : (uint8_t)(data[out] | v);
		out += !high;
		high = !high;
	}
	*len = out;
	return high;
}

static void replay_file(struct tap *t, const char *path)
{
	uint8_t *data;
	size_t len;
	int err = util_read_file(path, &data, &len);
	if (err) {
		tap_ok(t, false, "%s: cannot read: %s", path, strerror(err));
		return;
	}
	size_t n = strlen(path);
	if (n > 4 && !strcmp(path + n - 4, ".hex") && !unhex(data, &len)) {
		free(data);
		tap_ok(t, false, "%s: not hex byte pairs", path);
		return;
	}
	LLVMFuzzerTestOneInput(data, len);
	free(data);
	tap_ok(t, true, "%s", path);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void replay(struct tap *t, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		replay_file(t, path);
		return;
	}
	DIR *d = opendir(path);
	if (!d) {
		tap_ok(t, false, "%s: cannot open the directory", path);
		return;
	}
	char **names = NULL;
	size_t count = 0, cap = 0;
	for (struct dirent *e; (e = readdir(d));)
		if (e->d_name[0] != '.')
			*UTIL_PUSH(names, count, cap) = util_xasprintf("%s/%s", path, e->d_name);
	closedir(d);
	qsort(names, count, sizeof *names, by_name);
	for (size_t i = 0; i < count; i++) {
		replay_file(t, names[i]);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	struct tap t;
	tap_init(&t, stdout);
	/* The SDK's database for harnesses that open the default one. */
	const char *build = getenv("SDK_BUILD");
	if (build && !getenv("AFUC_SDK_PREFIX"))
		setenv("AFUC_SDK_PREFIX", build, 1);
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			replay(&t, argv[i]);
		return tap_done_testing(&t);
	}
	/* As a test of make check: replay-NAME replays tests/fuzz/corpus/NAME. */
	const char *base = strrchr(argv[0], '/');
	base = base ? base + 1 : argv[0];
	const char *root = getenv("SDK_ROOT");
	if (strncmp(base, "replay-", 7) != 0 || !root) {
		tap_skip_all(&t, "no inputs: give files or directories, or run as replay-NAME "
				 "with SDK_ROOT set");
		return 0;
	}
	/* the committed inputs, then the binary seeds make builds from them */
	char *corpora[] = {
		util_xasprintf("%s/tests/fuzz/corpus/%s", root, base + 7),
		util_xasprintf("%s/tests/fuzz/corpus/%s", build ? build : "build", base + 7),
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(corpora); i++) {
		struct stat st;
		if (stat(corpora[i], &st) == 0)
			replay(&t, corpora[i]);
		free(corpora[i]);
	}
	if (t.run == 0)
		tap_ok(&t, false, "no inputs for %s in tests/fuzz/corpus or the build", base + 7);
	return tap_done_testing(&t);
}
