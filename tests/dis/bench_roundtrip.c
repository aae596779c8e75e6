/* make bench: how fast the round trip goes. On the largest vendor image
 * (gen70500_sqe, 19k words): words per second for the disassembler and
 * for assembler + linker, in the libraries. Then the whole round trip of
 * the four vendor images (objdump, as, ld, compare) done twice, cold and
 * warm: in the libraries, and with the tools as a user runs them. The
 * target is the tools' round trip of all four under 0.2 s. */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "as/as.h"
#include "dis/dis.h"
#include "ld/ld.h"
#include "rnn/rnn.h"
#include "vendor.h"

#include "../lib/bench.h"

extern char **environ;

#define REPEAT 20
#define TARGET_S 0.2

struct image {
	const struct vendor_image *v;
	uint8_t *bytes;
	size_t len;
};

static bool disassemble(struct image *img, struct rnn_db *db, struct util_str *text)
{
	struct diag d;
	diag_init(&d);
	struct dis_options opt = {.gen = img->v->gen, .db = db};
	text->len = 0;
	bool ok = dis_image(img->bytes, img->len, img->v->name, &opt, text, &d);
	diag_print(&d, stderr, "bench-roundtrip");
	diag_free(&d);
	return ok;
}

/* Assembles and links text; true when the image is the vendor's. */
static bool rebuild(struct image *img, const char *text, struct rnn_db *db,
		    struct ld_script *script)
{
	struct diag d;
	diag_init(&d);
	struct as_options aopt = {0};
	aopt.db = db;
	struct obj_file obj;
	bool same = false;
	if (as_assemble(text, strlen(text), "bench.s", &aopt, &obj, &d)) {
		struct ld_input in = {"bench.o", &obj};
		struct ld_options lopt = {0};
		lopt.script = script;
		struct ld_output out = {0};
		if (ld_link(&in, 1, &lopt, &out, &d))
			same = out.image_len == img->len &&
			       !memcmp(out.image, img->bytes, img->len);
		ld_output_free(&out);
		obj_free(&obj);
	}
	diag_print(&d, stderr, "bench-roundtrip");
	diag_free(&d);
	return same;
}

static struct ld_script *load_script(enum isa_gen gen)
{
	const char *build = getenv("SDK_BUILD");
	char *path = util_xasprintf("%s/share/afuc-sdk/ld/%s", build ? build : "build",
				    ld_default_script(gen));
	uint8_t *text;
	size_t len;
	struct ld_script *s = NULL;
	struct diag d;
	diag_init(&d);
	if (util_read_file(path, &text, &len) == 0) {
		s = ld_script_parse(path, (const char *)text, len, &d);
		free(text);
	}
	diag_print(&d, stderr, "bench-roundtrip");
	diag_free(&d);
	free(path);
	return s;
}

/* The library round trip of every image, database opened inside (so the
 * cold run pays for reading the XML). */
static double library_round_trip(struct image *imgs, size_t n, bool *all_same)
{
	double t0 = bench_seconds();
	struct diag d;
	diag_init(&d);
	const char *build = getenv("SDK_BUILD");
	char *dir = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	struct rnn_db *db = rnn_open(dir, &d);
	free(dir);
	diag_free(&d);
	struct util_str text = {0};
	*all_same = db != NULL;
	for (size_t i = 0; db && i < n; i++) {
		struct ld_script *script = load_script(imgs[i].v->gen);
		*all_same &= script && disassemble(&imgs[i], db, &text) &&
			     rebuild(&imgs[i], text.text, db, script);
		ld_script_free(script);
	}
	util_str_free(&text);
	if (db)
		rnn_close(db);
	return bench_seconds() - t0;
}

static bool spawn(char *const argv[])
{
	pid_t pid;
	if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ))
		return false;
	int status;
	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status);
}

/* The tools' round trip of every image, through files in dir. */
static double tool_round_trip(struct image *imgs, size_t n, const char *dir, bool *all_same)
{
	const char *bin = getenv("SDK_BIN");
	char *objdump = util_xasprintf("%s/afuc-objdump", bin ? bin : "build/bin");
	char *as = util_xasprintf("%s/afuc-as", bin ? bin : "build/bin");
	char *ld = util_xasprintf("%s/afuc-ld", bin ? bin : "build/bin");
	double t0 = bench_seconds();
	*all_same = true;
	for (size_t i = 0; i < n; i++) {
		char *fw = util_xasprintf("%s/%s.fw", dir, imgs[i].v->name);
		char *s = util_xasprintf("%s/%s.s", dir, imgs[i].v->name);
		char *o = util_xasprintf("%s/%s.o", dir, imgs[i].v->name);
		char *out = util_xasprintf("%s/%s.out", dir, imgs[i].v->name);
		char *a1[] = {objdump, "-o", s, fw, NULL};
		char *a2[] = {as, s, "-o", o, NULL};
		char *a3[] = {ld, o, "-o", out, NULL};
		uint8_t *back = NULL;
		size_t len = 0;
		bool ok = spawn(a1) && spawn(a2) && spawn(a3) &&
			  util_read_file(out, &back, &len) == 0;
		*all_same &= ok && len == imgs[i].len && !memcmp(back, imgs[i].bytes, len);
		free(back);
		free(fw);
		free(s);
		free(o);
		free(out);
	}
	double t = bench_seconds() - t0;
	free(objdump);
	free(as);
	free(ld);
	return t;
}

static void words_per_second(struct image *big, struct rnn_db *db)
{
	struct util_str text = {0};
	struct ld_script *script = load_script(big->v->gen);
	double words = (double)(big->len / 4 - 1);
	bool ok = disassemble(big, db, &text) && script && rebuild(big, text.text, db, script);
	double t0 = bench_seconds();
	for (int i = 0; ok && i < REPEAT; i++)
		ok = disassemble(big, db, &text);
	double t_dis = (bench_seconds() - t0) / REPEAT;
	t0 = bench_seconds();
	for (int i = 0; ok && i < REPEAT; i++)
		ok = rebuild(big, text.text, db, script);
	double t_asld = (bench_seconds() - t0) / REPEAT;
	if (ok) {
		printf("%s (%.0f words), mean of %d runs in the libraries:\n", big->v->name, words,
		       REPEAT);
		printf("  objdump  %7.2f ms  %6.2f Mwords/s\n", t_dis * 1e3, words / t_dis / 1e6);
		printf("  as + ld  %7.2f ms  %6.2f Mwords/s\n", t_asld * 1e3, words / t_asld / 1e6);
	} else {
		printf("%s: the round trip failed\n", big->v->name);
	}
	ld_script_free(script);
	util_str_free(&text);
}

int main(void)
{
	struct image imgs[8];
	size_t n = 0;
	char dir[] = "/tmp/afuc-bench.XXXXXX";
	if (!mkdtemp(dir)) {
		perror("bench-roundtrip: mkdtemp");
		return 1;
	}
	for (size_t i = 0; i < vendor_image_count && n < 8; i++) {
		imgs[n].v = &vendor_images[i];
		if (vendor_read(vendor_images[i].name, &imgs[n].bytes, &imgs[n].len)) {
			char *path = util_xasprintf("%s/%s.fw", dir, vendor_images[i].name);
			util_write_file(path, imgs[n].bytes, imgs[n].len);
			free(path);
			n++;
		}
	}
	printf("# afuc round trip benchmark\n");
	if (!n) {
		printf("no vendor images: nothing to measure\n");
		rmdir(dir);
		return 0;
	}
	bool same_tools_cold, same_tools_warm, same_lib_cold, same_lib_warm;
	double tools_cold = tool_round_trip(imgs, n, dir, &same_tools_cold);
	double tools_warm = tool_round_trip(imgs, n, dir, &same_tools_warm);
	double lib_cold = library_round_trip(imgs, n, &same_lib_cold);
	double lib_warm = library_round_trip(imgs, n, &same_lib_warm);

	struct diag d;
	diag_init(&d);
	const char *build = getenv("SDK_BUILD");
	char *dbdir = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	struct rnn_db *db = rnn_open(dbdir, &d);
	free(dbdir);
	diag_free(&d);
	if (db) {
		words_per_second(&imgs[n - 1], db);
		rnn_close(db);
	}
	printf("round trip of %zu images (objdump, as, ld, compare), cold then warm:\n", n);
	printf("  libraries  %6.3f s  %6.3f s  %s\n", lib_cold, lib_warm,
	       same_lib_cold && same_lib_warm ? "identical" : "DIFFERENT");
	printf("  tools      %6.3f s  %6.3f s  %s  (target < %.1f s: %s)\n", tools_cold, tools_warm,
	       same_tools_cold && same_tools_warm ? "identical" : "DIFFERENT", TARGET_S,
	       tools_warm < TARGET_S ? "met" : "MISSED");
	for (size_t i = 0; i < n; i++) {
		const char *ext[] = {"fw", "s", "o", "out"};
		for (size_t k = 0; k < 4; k++) {
			char *path = util_xasprintf("%s/%s.%s", dir, imgs[i].v->name, ext[k]);
			unlink(path);
			free(path);
		}
		free(imgs[i].bytes);
	}
	rmdir(dir);
	return 0;
}
