#include "afuc/tap.h"

#include <stdarg.h>
#include <string.h>

void tap_init(struct tap *t, FILE *out)
{
	*t = (struct tap){.out = out ? out : stdout, .planned = -1};
}

void tap_plan(struct tap *t, int count)
{
	t->planned = count;
	fprintf(t->out, "1..%d\n", count);
	fflush(t->out);
}

void tap_skip_all(struct tap *t, const char *fmt, ...)
{
	va_list ap;
	fputs("1..0 # SKIP ", t->out);
	va_start(ap, fmt);
	vfprintf(t->out, fmt, ap);
	va_end(ap);
	fputc('\n', t->out);
	fflush(t->out);
	t->planned = 0;
}

void tap_skip(struct tap *t, int count, const char *fmt, ...)
{
	for (int i = 0; i < count; i++) {
		va_list ap;
		fprintf(t->out, "ok %d # skip ", ++t->run);
		va_start(ap, fmt);
		vfprintf(t->out, fmt, ap);
		va_end(ap);
		fputc('\n', t->out);
		t->skipped++;
	}
	fflush(t->out);
}

/* Prints text as TAP diagnostics, each line behind "# ". */
static void print_diag_lines(FILE *out, const char *text)
{
	while (*text) {
		size_t n = strcspn(text, "\n");
		fprintf(out, "# %.*s\n", (int)n, text);
		text += n;
		if (*text == '\n')
			text++;
	}
}

void tap_diag(struct tap *t, const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	print_diag_lines(t->out, buf);
	fflush(t->out);
}

static bool report(struct tap *t, bool pass, const char *file, int line, const char *fmt,
		   va_list ap)
{
	char name[1024];
	vsnprintf(name, sizeof name, fmt, ap);
	/* '#' would start a directive in TAP; keep names plain. */
	for (char *p = name; *p; p++)
		if (*p == '#' || *p == '\n')
			*p = ' ';
	t->run++;
	fprintf(t->out, "%sok %d - %s\n", pass ? "" : "not ", t->run, name);
	if (!pass) {
		t->failed++;
		fprintf(t->out, "#   Failed test '%s'\n#   at %s line %d.\n", name, file, line);
	}
	fflush(t->out);
	return pass;
}

bool tap_ok_at(struct tap *t, bool pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(t, pass, file, line, fmt, ap);
	va_end(ap);
	return pass;
}

bool tap_is_int_at(struct tap *t, long long got, long long want, const char *file, int line,
		   const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool pass = report(t, got == want, file, line, fmt, ap);
	va_end(ap);
	if (!pass)
		tap_diag(t, "         got: %lld\n    expected: %lld", got, want);
	return pass;
}

bool tap_is_hex_at(struct tap *t, uint64_t got, uint64_t want, const char *file, int line,
		   const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool pass = report(t, got == want, file, line, fmt, ap);
	va_end(ap);
	if (!pass)
		tap_diag(t, "         got: 0x%08llx\n    expected: 0x%08llx",
			 (unsigned long long)got, (unsigned long long)want);
	return pass;
}

bool tap_is_str_at(struct tap *t, const char *got, const char *want, const char *file, int line,
		   const char *fmt, ...)
{
	bool same = got && want ? strcmp(got, want) == 0 : got == want;
	va_list ap;
	va_start(ap, fmt);
	bool pass = report(t, same, file, line, fmt, ap);
	va_end(ap);
	if (!pass) {
		tap_diag(t, "         got:");
		print_diag_lines(t->out, got ? got : "(null)");
		tap_diag(t, "    expected:");
		print_diag_lines(t->out, want ? want : "(null)");
	}
	return pass;
}

int tap_done_testing(struct tap *t)
{
	if (t->planned < 0) {
		tap_plan(t, t->run);
	} else if (t->planned != t->run) {
		tap_diag(t, "planned %d tests but ran %d", t->planned, t->run);
		return 1;
	}
	return t->failed ? 1 : 0;
}
