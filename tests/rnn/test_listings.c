/* The register names Mesa's afuc-disasm prints, against this library.
 *
 * For every line of the four reference listings (reference/disasm)
 * that has a "; NAME" comment after an immediate or a data word, the
 * immediate (shift applied) must decode to NAME: as a GPU register, or,
 * for "|NAME", as the pipe register in its top 8 bits. Every @NAME and
 * %NAME operand must resolve in the control / SQE registers and print
 * back as itself. All of it with Mesa's tree (reference/rnndb) and with
 * the SDK's own database, which must give the same names and values.
 */
#include "afuc/tap.h"
#include "rnn/rnn.h"

#include <libxml/parser.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct listing {
	const char *file;
	const char *variant;
};

static const struct listing listings[] = {
	{"a530_pfp.s", "A5XX"},
	{"a530_pm4.s", "A5XX"},
	{"a630_sqe.s", "A6XX"},
	{"gen70500_sqe.s", "A7XX"}, /* disassembled as a740 */
};

struct views {
	const char *what;
	const struct rnn_view *gpu, *pipe, *control, *sqe;
};

struct counts {
	int checked, failed;
};

static void get_views(struct rnn_db *db, const char *variant, const char *what, struct views *v,
		      struct diag *d)
{
	*v = (struct views){.what = db ? what : NULL};
	if (!db)
		return;
	v->gpu = rnn_view(db, RNN_GPU, variant, d);
	v->pipe = rnn_view(db, RNN_PIPE, variant, d);
	v->control = rnn_view(db, RNN_CONTROL, variant, d);
	if (strcmp(variant, "A5XX"))
		v->sqe = rnn_view(db, RNN_SQE, variant, d);
}

static void fail(struct tap *t, struct counts *c, const char *file, int line, const char *fmt, ...)
	TAP_PRINTF(5, 6);
static void fail(struct tap *t, struct counts *c, const char *file, int line, const char *fmt, ...)
{
	if (c->failed++ < 15) {
		char msg[512];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		tap_diag(t, "%s:%d: %s", file, line, msg);
	}
}

/* The immediate of "insn ..., 0x8c1" or "..., 0x1 << 11", or the word of
 * "[0000041b]". */
static bool immediate(const char *stmt, uint64_t *value)
{
	char buf[64];
	if (stmt[0] == '[') {
		size_t len = strcspn(stmt + 1, "]");
		if (len == 0 || len > 16)
			return false;
		snprintf(buf, sizeof buf, "0x%.*s", (int)len, stmt + 1);
		return util_parse_u64(buf, value);
	}
	const char *last = strrchr(stmt, ',');
	if (!last)
		return false;
	unsigned long long imm, shift = 0;
	int n = sscanf(last + 1, " %llx << %llu", &imm, &shift);
	if (n < 1 || shift > 31)
		return false;
	*value = (uint64_t)imm << shift;
	return true;
}

static void check_name(struct tap *t, struct counts *c, const struct views *v,
		       const struct rnn_view *view, uint64_t value, const char *want,
		       const char *file, int line)
{
	struct util_str got = {0};
	if (!view)
		fail(t, c, file, line, "%s: no view for %s", v->what, want);
	else if (!rnn_value_to_name(view, value, &got))
		fail(t, c, file, line, "%s: 0x%" PRIx64 " has no name, Mesa says %s", v->what,
		     value, want);
	else if (strcmp(got.text, want))
		fail(t, c, file, line, "%s: 0x%" PRIx64 " is %s, Mesa says %s", v->what, value,
		     got.text, want);
	util_str_free(&got);
	c->checked++;
}

/* @NAME / %NAME operands: the name resolves, prints back as itself, and
 * has the same value in both databases. */
static void check_operands(struct tap *t, struct counts *c, const struct views *mesa,
			   const struct views *ours, const char *stmt, const char *file, int line)
{
	for (const char *p = stmt; (p = strpbrk(p, "@%")); p++) {
		size_t len = strspn(p + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+x");
		char name[128];
		if (len == 0 || len >= sizeof name)
			continue;
		memcpy(name, p + 1, len);
		name[len] = '\0';
		bool sqe = *p == '%';
		const struct rnn_view *mv = sqe ? mesa->sqe : mesa->control;
		const struct rnn_view *ov = sqe ? ours->sqe : ours->control;
		uint64_t value, mine;
		c->checked++;
		if (!mv || !rnn_name_to_value(mv, name, &value)) {
			fail(t, c, file, line, "%c%s does not resolve in Mesa's tree", *p, name);
			continue;
		}
		struct util_str back = {0};
		if (!rnn_value_to_name(mv, value, &back) || strcmp(back.text, name))
			fail(t, c, file, line, "%c%s = 0x%" PRIx64 " prints back as %s", *p, name,
			     value, back.text ? back.text : "nothing");
		util_str_free(&back);
		if (ours->what && (!ov || !rnn_name_to_value(ov, name, &mine) || mine != value))
			fail(t, c, file, line,
			     "%c%s is 0x%" PRIx64 " in Mesa's tree but not in ours", *p, name,
			     value);
	}
}

static void check_listing(struct tap *t, const char *dir, const struct listing *l,
			  struct rnn_db *mesa_db, struct rnn_db *our_db)
{
	char *path = util_xasprintf("%s/disasm/%s", dir, l->file);
	FILE *f = fopen(path, "r");
	if (!f) {
		tap_ok(t, false, "read %s", path);
		free(path);
		return;
	}
	struct diag d;
	diag_init(&d);
	struct views mesa, ours;
	get_views(mesa_db, l->variant, "Mesa's tree", &mesa, &d);
	get_views(our_db, l->variant, "our database", &ours, &d);
	tap_ok(t, !diag_has_errors(&d), "%s: views for %s", l->file, l->variant);
	diag_print(&d, stdout, "# test-listings");
	diag_free(&d);

	struct counts gpu = {0}, pipe = {0}, ops = {0}, ours_gpu = {0}, ours_pipe = {0};
	char text[512];
	int line = 0;
	while (fgets(text, sizeof text, f)) {
		line++;
		text[strcspn(text, "\n")] = '\0';
		if (text[0] == ';')
			continue;
		char *comment = strstr(text, "\t; ");
		if (comment) {
			*comment = '\0';
			comment += 3;
		}
		check_operands(t, &ops, &mesa, &ours, text, l->file, line);
		uint64_t value;
		if (!comment || !strncmp(comment, "0x", 2))
			continue;
		if (!immediate(text, &value)) {
			fail(t, &gpu, l->file, line, "cannot read the immediate of '%s'", text);
			continue;
		}
		if (comment[0] == '|') {
			check_name(t, &pipe, &mesa, mesa.pipe, value >> 24, comment + 1, l->file,
				   line);
			uint64_t mine;
			if (our_db &&
			    (!ours.pipe || !rnn_name_to_value(ours.pipe, comment + 1, &mine) ||
			     mine != value >> 24))
				fail(t, &ours_pipe, l->file, line,
				     "|%s is not 0x%" PRIx64 " in ours", comment + 1, value >> 24);
			if (our_db)
				check_name(t, &ours_pipe, &ours, ours.pipe, value >> 24,
					   comment + 1, l->file, line);
		} else {
			check_name(t, &gpu, &mesa, mesa.gpu, value, comment, l->file, line);
			if (our_db)
				check_name(t, &ours_gpu, &ours, ours.gpu, value, comment, l->file,
					   line);
		}
	}
	fclose(f);
	free(path);
	tap_ok(t, gpu.checked > 0 && !gpu.failed,
	       "%s: %d GPU register names as Mesa prints them (%d wrong)", l->file, gpu.checked,
	       gpu.failed);
	tap_ok(t, !pipe.failed, "%s: %d pipe register names (%d wrong)", l->file, pipe.checked,
	       pipe.failed);
	tap_ok(t, ops.checked > 0 && !ops.failed,
	       "%s: %d @/%% operands resolve and print back%s (%d wrong)", l->file, ops.checked,
	       our_db ? ", in both databases" : "", ops.failed);
	if (our_db) {
		tap_ok(t, !ours_gpu.failed,
		       "%s: our database gives the same %d GPU names (%d wrong)", l->file,
		       ours_gpu.checked, ours_gpu.failed);
		tap_ok(t, !ours_pipe.failed,
		       "%s: our database gives the same %d pipe names (%d wrong)", l->file,
		       ours_pipe.checked, ours_pipe.failed);
	} else {
		tap_skip(t, 2, "the SDK's own database is not built");
	}
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	const char *ref = getenv("AFUC_REFERENCE_DIR");
	const char *root = getenv("SDK_ROOT");
	char *dir = ref && *ref ? util_xstrdup(ref)
				: util_xasprintf("%s/../shared/reference", root ? root : ".");
	char *mesa_dir = util_xasprintf("%s/rnndb", dir);
	char *probe = util_xasprintf("%s/adreno.xml", mesa_dir);
	FILE *f = fopen(probe, "r");
	free(probe);
	if (!f) {
		tap_skip_all(&t, "no reference tree at %s (set AFUC_REFERENCE_DIR)", dir);
		free(dir);
		free(mesa_dir);
		return 0;
	}
	fclose(f);

	struct diag d;
	diag_init(&d);
	struct rnn_db *mesa = rnn_open(mesa_dir, &d);
	const char *build = getenv("SDK_BUILD");
	char *own_dir = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	struct rnn_db *ours = rnn_open(own_dir, &d);
	tap_ok(&t, mesa != NULL, "open Mesa's tree %s", mesa_dir);
	diag_print(&d, stdout, "# test-listings");
	diag_free(&d);

	for (size_t i = 0; i < sizeof listings / sizeof listings[0]; i++)
		check_listing(&t, dir, &listings[i], mesa, ours);

	rnn_close(mesa);
	rnn_close(ours);
	free(own_dir);
	free(mesa_dir);
	free(dir);
	xmlCleanupParser();
	return tap_done_testing(&t);
}
