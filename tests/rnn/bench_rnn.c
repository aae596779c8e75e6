/* make bench: how long the full Mesa tree takes to load, and how fast
 * names and values are looked up (a million of each). */
#include "rnn/rnn.h"

#include <libxml/parser.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LOOKUPS 1000000

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* A name of each entry that resolves: "[]" becomes "[0]". */
static char **entry_names(const struct rnn_view *v, size_t *count)
{
	size_t n = rnn_view_count(v);
	char **names = util_xcalloc(n ? n : 1, sizeof *names);
	for (size_t i = 0; i < n; i++) {
		struct util_str s = {0};
		for (const char *p = rnn_view_entry(v, i)->name; *p; p++) {
			if (p[0] == '[' && p[1] == ']') {
				util_str_puts(&s, "[0]");
				p++;
			} else {
				util_str_putc(&s, *p);
			}
		}
		names[i] = util_str_take(&s);
	}
	*count = n;
	return names;
}

static void bench_lookups(const char *what, const struct rnn_view *v)
{
	size_t n;
	char **names = entry_names(v, &n);
	if (!n) {
		printf("rnn: %s: empty view\n", what);
		free(names);
		return;
	}
	uint64_t sum = 0, value;
	size_t found = 0;
	double t0 = now_ms();
	for (size_t i = 0; i < LOOKUPS; i++) {
		if (rnn_name_to_value(v, names[i % n], &value)) {
			sum += value;
			found++;
		}
	}
	double names_ms = now_ms() - t0;

	struct util_str s = {0};
	size_t named = 0;
	uint64_t x = 0x2545f4914f6cdd1du;
	t0 = now_ms();
	for (size_t i = 0; i < LOOKUPS; i++) {
		/* half registers the view has, half any offset below 0x10000 */
		uint64_t probe;
		if (i & 1) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			probe = x & 0xffff;
		} else {
			probe = rnn_view_entry(v, (i / 2) % n)->value;
		}
		s.len = 0;
		if (rnn_value_to_name(v, probe, &s))
			named++;
	}
	double values_ms = now_ms() - t0;
	printf("rnn: %s: %zu entries\n", what, n);
	printf("rnn:   %d names -> values: %.1f ms, %.2f M lookups/s (%zu found)\n", LOOKUPS,
	       names_ms, LOOKUPS / names_ms / 1e3, found);
	printf("rnn:   %d values -> names: %.1f ms, %.2f M lookups/s (%zu named)\n", LOOKUPS,
	       values_ms, LOOKUPS / values_ms / 1e3, named);
	util_str_free(&s);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	(void)sum;
}

static const struct {
	enum rnn_space space;
	const char *variant;
} views[] = {
	{RNN_GPU, "A5XX"}, {RNN_GPU, "A6XX"},  {RNN_GPU, "A7XX"}, {RNN_CONTROL, "A6XX"},
	{RNN_SQE, "A6XX"}, {RNN_PIPE, "A7XX"}, {RNN_PM4, "A6XX"},
};

static void bench_tree(const char *label, const char *root)
{
	struct diag d;
	diag_init(&d);
	char *file = util_xasprintf("%s/adreno.xml", root);
	double t0 = now_ms();
	struct rnn_db *db = rnn_load_file(file, &d);
	double load_ms = now_ms() - t0;
	if (!db) {
		printf("rnn: %s: cannot load %s, skipped\n", label, file);
		diag_print(&d, stdout, "rnn");
		diag_free(&d);
		free(file);
		return;
	}
	t0 = now_ms();
	const struct rnn_view *a6 = NULL;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(views); i++) {
		const struct rnn_view *v = rnn_view(db, views[i].space, views[i].variant, &d);
		if (views[i].space == RNN_GPU && !strcmp(views[i].variant, "A6XX"))
			a6 = v;
	}
	double views_ms = now_ms() - t0;
	printf("rnn: %s: load every file of %s: %.1f ms; build %zu views: %.1f ms\n", label, file,
	       load_ms, UTIL_ARRAY_SIZE(views), views_ms);
	rnn_close(db);

	/* What a tool pays: open the tree, read what one view needs. */
	t0 = now_ms();
	db = rnn_open(root, &d);
	const struct rnn_view *v = db ? rnn_view(db, RNN_GPU, "A6XX", &d) : NULL;
	printf("rnn: %s: rnn_open + the A6XX GPU view alone: %.1f ms\n", label, now_ms() - t0);
	if (v && a6)
		bench_lookups(label, v);
	diag_print(&d, stdout, "rnn");
	diag_free(&d);
	rnn_close(db);
	free(file);
}

int main(void)
{
	const char *ref = getenv("AFUC_REFERENCE_DIR");
	const char *root = getenv("SDK_ROOT");
	const char *build = getenv("SDK_BUILD");
	char *mesa = ref && *ref
			     ? util_xasprintf("%s/rnndb", ref)
			     : util_xasprintf("%s/../shared/reference/rnndb", root ? root : ".");
	char *ours = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	char *probe = util_xasprintf("%s/adreno.xml", mesa);
	FILE *f = fopen(probe, "r");
	free(probe);
	if (f) {
		fclose(f);
		bench_tree("Mesa's tree", mesa);
	} else {
		printf("rnn: Mesa's tree is not at %s (set AFUC_REFERENCE_DIR): skipped\n", mesa);
	}
	bench_tree("SDK database", ours);
	free(mesa);
	free(ours);
	xmlCleanupParser();
	return 0;
}
