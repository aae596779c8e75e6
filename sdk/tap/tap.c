/* The TAP writer: every line is built in a growing buffer, then handed
 * to the FILE or the write function in one piece. */
#include "afuc/tap.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct text {
	char *p;
	size_t len, cap;
};

/* Room for n more characters and the NUL. */
static void text_reserve(struct text *b, size_t n)
{
	if (b->len + n + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 128;
	while (cap < b->len + n + 1)
		cap *= 2;
	char *p = realloc(b->p, cap);
	if (!p)
		abort(); /* out of memory in a test's output */
	b->p = p;
	b->cap = cap;
}

static void text_putc(struct text *b, char c)
{
	text_reserve(b, 1);
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

static void text_vadd(struct text *b, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	if (n < 0) /* an encoding error: nothing to add */
		return;
	text_reserve(b, (size_t)n);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

static void text_add(struct text *b, const char *fmt, ...) TAP_PRINTF(2, 3);
static void text_add(struct text *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	text_vadd(b, fmt, ap);
	va_end(ap);
}

/* Adds each line of s behind prefix. */
static void text_lines(struct text *b, const char *prefix, const char *s)
{
	while (*s) {
		size_t n = strcspn(s, "\n");
		text_add(b, "%s%.*s\n", prefix, (int)n, s);
		s += n + (s[n] == '\n');
	}
}

/* Adds what fmt gives on one line (line breaks made spaces), with '#'
 * written "\#" when escape is set: TAP reads a directive after a bare
 * '#' in a test's name ("# skip" would turn a failure into a pass). */
static void text_flat(struct text *b, bool escape, const char *fmt, va_list ap)
{
	struct text raw = {0};
	text_vadd(&raw, fmt, ap);
	for (size_t i = 0; i < raw.len; i++) {
		char c = raw.p[i] == '\r' || raw.p[i] == '\n' ? ' ' : raw.p[i];
		if (escape && c == '#')
			text_putc(b, '\\');
		text_putc(b, c);
	}
	free(raw.p);
}

/* Hands the text on and frees it. */
static void put(struct tap *t, struct text *b)
{
	if (b->len) {
		if (t->write) {
			t->write(t->ctx, b->p);
		} else {
			fputs(b->p, t->out);
			fflush(t->out);
		}
	}
	free(b->p);
}

void tap_init(struct tap *t, FILE *out)
{
	*t = (struct tap){.out = out ? out : stdout, .planned = -1};
}

void tap_init_write(struct tap *t, tap_write_fn write, void *ctx)
{
	*t = (struct tap){.write = write, .ctx = ctx, .planned = -1};
}

void tap_plan(struct tap *t, int count)
{
	struct text b = {0};
	t->planned = count;
	text_add(&b, "1..%d\n", count);
	put(t, &b);
}

void tap_skip_all(struct tap *t, const char *fmt, ...)
{
	struct text b = {0};
	va_list ap;
	text_add(&b, "1..0 # SKIP ");
	va_start(ap, fmt);
	text_flat(&b, false, fmt, ap);
	va_end(ap);
	text_add(&b, "\n");
	put(t, &b);
	t->planned = 0;
}

void tap_skip(struct tap *t, int count, const char *fmt, ...)
{
	struct text reason = {0}, b = {0};
	va_list ap;
	va_start(ap, fmt);
	text_flat(&reason, false, fmt, ap);
	va_end(ap);
	for (int i = 0; i < count; i++) {
		text_add(&b, "ok %d # skip %s\n", ++t->run, reason.p ? reason.p : "");
		t->skipped++;
	}
	free(reason.p);
	put(t, &b);
}

void tap_diag(struct tap *t, const char *fmt, ...)
{
	struct text msg = {0}, b = {0};
	va_list ap;
	va_start(ap, fmt);
	text_vadd(&msg, fmt, ap);
	va_end(ap);
	if (msg.p)
		text_lines(&b, "# ", msg.p);
	free(msg.p);
	put(t, &b);
}

void tap_bail_out(struct tap *t, const char *fmt, ...)
{
	struct text b = {0};
	va_list ap;
	text_add(&b, "Bail out! ");
	va_start(ap, fmt);
	text_flat(&b, false, fmt, ap);
	va_end(ap);
	text_add(&b, "\n");
	put(t, &b);
	t->bailed = true;
}

static bool report(struct tap *t, bool pass, const char *file, int line, const char *source,
		   const char *why, const char *fmt, va_list ap)
{
	struct text b = {0};
	text_add(&b, "%sok %d - ", pass ? "" : "not ", ++t->run);
	text_flat(&b, true, fmt, ap);
	text_add(&b, "\n");
	if (!pass) {
		t->failed++;
		if (file && source)
			text_add(&b, "#   Failed at %s line %d: %.*s\n", file, line,
				 (int)strcspn(source, "\r\n"), source);
		else if (file)
			text_add(&b, "#   Failed at %s line %d.\n", file, line);
		if (why)
			text_lines(&b, "#   ", why);
	}
	put(t, &b);
	return pass;
}

bool tap_result(struct tap *t, bool pass, const char *file, int line, const char *source,
		const char *why, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(t, pass, file, line, source, why, fmt, ap);
	va_end(ap);
	return pass;
}

bool tap_ok_at(struct tap *t, bool pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(t, pass, file, line, NULL, NULL, fmt, ap);
	va_end(ap);
	return pass;
}

/* The got/expected lines behind "#   " line up as Test::More's do. */
#define GOT "       got: "
#define EXPECTED "  expected: "

bool tap_is_int_at(struct tap *t, long long got, long long want, const char *file, int line,
		   const char *fmt, ...)
{
	char why[96];
	snprintf(why, sizeof why, GOT "%lld\n" EXPECTED "%lld", got, want);
	va_list ap;
	va_start(ap, fmt);
	bool pass = report(t, got == want, file, line, NULL, why, fmt, ap);
	va_end(ap);
	return pass;
}

bool tap_is_hex_at(struct tap *t, uint64_t got, uint64_t want, const char *file, int line,
		   const char *fmt, ...)
{
	char why[96];
	snprintf(why, sizeof why, GOT "0x%08llx\n" EXPECTED "0x%08llx", (unsigned long long)got,
		 (unsigned long long)want);
	va_list ap;
	va_start(ap, fmt);
	bool pass = report(t, got == want, file, line, NULL, why, fmt, ap);
	va_end(ap);
	return pass;
}

bool tap_is_str_at(struct tap *t, const char *got, const char *want, const char *file, int line,
		   const char *fmt, ...)
{
	bool same = got && want ? strcmp(got, want) == 0 : got == want;
	struct text why = {0};
	if (!same) /* the strings on lines of their own: they may span several */
		text_add(&why, "       got:\n%s\n  expected:\n%s", got ? got : "(null)",
			 want ? want : "(null)");
	va_list ap;
	va_start(ap, fmt);
	bool pass = report(t, same, file, line, NULL, why.p, fmt, ap);
	va_end(ap);
	free(why.p);
	return pass;
}

int tap_done_testing(struct tap *t)
{
	if (t->bailed)
		return 1;
	if (t->planned < 0) {
		tap_plan(t, t->run);
	} else if (t->planned != t->run) {
		tap_diag(t, "planned %d tests but ran %d", t->planned, t->run);
		return 1;
	}
	return t->failed ? 1 : 0;
}
