/* Benchmark: linking the largest image with the default a7xx script.
 *
 *  - the object of gen70500 (19k words): Mesa's listing of it
 *    (reference/disasm/gen70500_sqe.s) assembled once with sdk/as, when
 *    the reference files are there;
 *  - a synthetic bundle of the same shape, always: BR, BV and LPAC of
 *    9616, 7472 and 2244 words, a relocation in every third word and 100
 *    handler records per image.
 *
 * Prints the first (cold) link, then the best and median of 50, and
 * words per second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "as/as.h"
#include "ldtest.h"

#include "../lib/bench.h"

enum { RUNS = 50 };

static void synthetic_image(struct tobj *t, const char *name, uint32_t words)
{
	tobj_section(t, name, 32);
	char label[32];
	for (uint32_t w = 0; w + OBJ_PACKET_TABLE_WORDS < words; w++) {
		if (w % 16 == 0) {
			snprintf(label, sizeof(label), "l%u", w);
			tobj_label(t, label, false);
		}
		if (w % 3 == 1) {
			tobj_word(t, 0xc8000000);
			snprintf(label, sizeof(label), "l%u", w / 16 * 16);
			tobj_reloc(t, OBJ_R_BRANCH16, label, 0, 1);
		} else {
			tobj_word(t, 0x88020000 | (w & 0xffff));
		}
		if (w % 16 == 0 && w / 16 < 100) {
			snprintf(label, sizeof(label), "l%u", w);
			tobj_handler(t, w / 16, label, t->line);
		}
	}
	tobj_jumptbl(t);
}

static bool bench(const char *what, const struct obj_file *o, const struct ld_script *s)
{
	struct ld_input in = {"bench.o", o};
	struct ld_options opt = {.script = s};
	double times[RUNS], first = 0;
	size_t words = 0, relocs = 0;
	for (size_t k = 0; k < o->section_count; k++) {
		words += o->sections[k].count;
		relocs += o->sections[k].reloc_count;
	}
	for (int r = 0; r <= RUNS; r++) {
		struct diag d;
		diag_init(&d);
		struct ld_output out;
		double t0 = bench_seconds();
		bool ok = ld_link(&in, 1, &opt, &out, &d);
		double dt = bench_seconds() - t0;
		if (!ok) {
			diag_print(&d, stderr, "bench-ld");
			diag_free(&d);
			return false;
		}
		if (r == 0)
			first = dt;
		else
			times[r - 1] = dt;
		ld_output_free(&out);
		diag_free(&d);
	}
	qsort(times, RUNS, sizeof(times[0]), bench_by_value);
	printf("bench-ld: %s: %zu words, %zu relocations\n", what, words, relocs);
	printf("bench-ld:   cold %.2f ms, warm best %.2f ms, median %.2f ms per link\n",
	       first * 1e3, times[0] * 1e3, times[RUNS / 2] * 1e3);
	printf("bench-ld:   %.1f M words/s (median)\n", (double)words / times[RUNS / 2] * 1e-6);
	return true;
}

static bool bench_listing(const struct ld_script *s)
{
	const char *root = getenv("SDK_ROOT"), *build = getenv("SDK_BUILD");
	char *path = util_xasprintf("%s/../shared/reference/disasm/gen70500_sqe.s",
				    root ? root : ".");
	char *db = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	uint8_t *text;
	size_t len;
	bool ok = true;
	if (util_read_file(path, &text, &len) == 0) {
		struct as_options opt = {.rnndb_dir = db};
		struct obj_file o;
		struct diag d;
		diag_init(&d);
		if (as_assemble((const char *)text, len, path, &opt, &o, &d)) {
			ok = bench("gen70500_sqe.s assembled", &o, s);
			obj_free(&o);
		} else {
			diag_print(&d, stderr, "bench-ld");
			ok = false;
		}
		diag_free(&d);
		free(text);
	} else {
		printf("bench-ld: gen70500_sqe.s: skipped, %s is absent\n", path);
	}
	free(path);
	free(db);
	return ok;
}

int main(void)
{
	char *text = ldtest_read_script("a7xx-sqe.ld");
	struct diag d;
	diag_init(&d);
	struct ld_script *s = text ? ld_script_parse("a7xx-sqe.ld", text, strlen(text), &d) : NULL;
	if (!s) {
		printf("bench-ld: skipped: ld/a7xx-sqe.ld is not readable from here\n");
		free(text);
		diag_free(&d);
		return 0;
	}
	bool ok = bench_listing(s);
	struct tobj t;
	tobj_init(&t, ISA_A7XX, "synthetic.s");
	synthetic_image(&t, ".text", 9616);
	synthetic_image(&t, "BV", 7472);
	synthetic_image(&t, "LPAC", 2244);
	ok &= bench("synthetic BR + BV + LPAC", &t.o, s);
	tobj_free(&t);
	ld_script_free(s);
	free(text);
	diag_free(&d);
	return ok ? 0 : 1;
}
