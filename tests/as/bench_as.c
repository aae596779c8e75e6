/* Benchmark: assembling the largest vendor listing (gen70500_sqe.s,
 * about 21k lines), as afuc-as does it, register database included.
 * Prints lines per second and the time per run (best and median of 20). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

#include "../lib/bench.h"

int main(void)
{
	const char *root = getenv("SDK_ROOT"), *build = getenv("SDK_BUILD");
	char *path = util_xasprintf("%s/../shared/reference/disasm/gen70500_sqe.s",
				    root ? root : ".");
	char *db = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	uint8_t *text;
	size_t len;
	if (util_read_file(path, &text, &len) != 0) {
		printf("bench-as: skipped: %s is absent\n", path);
		free(path);
		free(db);
		return 0;
	}
	size_t lines = 0;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	struct as_options opt = {.rnndb_dir = db};
	enum { RUNS = 20 };
	double times[RUNS];
	size_t words = 0;
	for (int r = 0; r < RUNS; r++) {
		struct obj_file o;
		struct diag d;
		diag_init(&d);
		double t0 = bench_seconds();
		bool ok = as_assemble((const char *)text, len, path, &opt, &o, &d);
		times[r] = bench_seconds() - t0;
		if (!ok) {
			diag_print(&d, stderr, "bench-as");
			return 1;
		}
		words = 0;
		for (size_t s = 0; s < o.section_count; s++)
			words += o.sections[s].count;
		obj_free(&o);
		diag_free(&d);
	}
	qsort(times, RUNS, sizeof times[0], bench_by_value);
	printf("bench-as: gen70500_sqe.s: %zu lines, %zu words\n", lines, words);
	printf("bench-as: best %.2f ms, median %.2f ms per assembly (target: well under 100 ms)\n",
	       times[0] * 1e3, times[RUNS / 2] * 1e3);
	printf("bench-as: %.0f lines/s, %.0f words/s (median)\n", (double)lines / times[RUNS / 2],
	       (double)words / times[RUNS / 2]);
	free(text);
	free(path);
	free(db);
	return 0;
}
