/* Reading lcov tracefiles (lcov.h): a tracefile is outside input (the
 * one a user points --coverage-out at may be anything), so each line is
 * checked and every error says where, what was expected and what was
 * found.
 *
 *   tracefile := { line '\n' }       (CRLF and blank lines pass)
 *   line      := 'TN:' text | 'SF:' path          outside a record
 *              | 'FN:' number ',' name            inside one
 *              | 'FNDA:' count ',' name           (name given by an FN)
 *              | 'DA:' number ',' count [',' checksum]
 *              | ('FNF:' | 'FNH:' | 'LF:' | 'LH:') count   (recomputed)
 *              | 'end_of_record'
 *   number    := decimal, 1 .. 2^32-1 (a source line)
 *   count     := decimal, below 2^64 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lcov/lcov.h"
#include "util/util.h"

struct pending_fnda {
	char *name;
	uint64_t count;
	unsigned line, col;
};

struct parser {
	struct lcov *cov;
	const char *name;
	struct diag *d;
	const char *text; /* the current line, without its end */
	size_t len;
	unsigned line;
	struct lcov_file *rec; /* the record being read, or NULL */
	char *rec_path;
	unsigned rec_line;
	/* FNDA lines of the record, matched to its FN at its end */
	struct pending_fnda *fnda;
	size_t fnda_count, fnda_cap;
};

/* What is at col (1-based) of the current line, for messages. */
static char *found_at(const struct parser *p, size_t col)
{
	if (col > p->len)
		return util_xstrdup("the end of the line");
	const char *s = p->text + col - 1;
	size_t n = 0;
	while (col - 1 + n < p->len && s[n] != ',' && n < 24)
		n++;
	if (n == 0)
		return util_xstrdup("','");
	return util_xasprintf("'%.*s%s'", (int)n, s,
			      col - 1 + n < p->len && s[n] != ',' ? "..." : "");
}

static void errorf(struct parser *p, unsigned line, size_t col, const char *fmt, ...)
	UTIL_PRINTF(4, 5);
static void errorf(struct parser *p, unsigned line, size_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	/* the source line only for the line being read */
	char *src = line == p->line ? util_xstrndup(p->text, p->len) : NULL;
	diag_vadd(p->d, DIAG_ERROR, diag_at(p->name, line, (unsigned)col), src, fmt, ap);
	free(src);
	va_end(ap);
}

static void expected(struct parser *p, size_t col, const char *what)
{
	char *found = found_at(p, col);
	errorf(p, p->line, col, "expected %s, found %s", what, found);
	free(found);
}

/* A decimal number at *col (1-based) up to max; *col moves past it. */
static bool number(struct parser *p, size_t *col, uint64_t min, uint64_t max, const char *what,
		   uint64_t *value)
{
	size_t at = *col;
	uint64_t v = 0;
	size_t i = at - 1;
	if (i >= p->len || p->text[i] < '0' || p->text[i] > '9') {
		expected(p, at, what);
		return false;
	}
	for (; i < p->len && p->text[i] >= '0' && p->text[i] <= '9'; i++) {
		unsigned digit = (unsigned)(p->text[i] - '0');
		if (v > (max - digit) / 10) {
			char *found = found_at(p, at);
			errorf(p, p->line, at, "expected %s, found %s: too large", what, found);
			free(found);
			return false;
		}
		v = v * 10 + digit;
	}
	if (v < min) {
		errorf(p, p->line, at, "expected %s, found 0", what);
		return false;
	}
	*col = i + 1;
	*value = v;
	return true;
}

static bool comma(struct parser *p, size_t *col, const char *then)
{
	if (*col <= p->len && p->text[*col - 1] == ',') {
		(*col)++;
		return true;
	}
	char *what = util_xasprintf("',' then %s", then);
	expected(p, *col, what);
	free(what);
	return false;
}

static bool end_of_line(struct parser *p, size_t col)
{
	if (col > p->len)
		return true;
	expected(p, col, "the end of the line");
	return false;
}

/* ---- the records ---- */

typedef void (*record_fn)(struct parser *p, size_t col);

static void r_tn(struct parser *p, size_t col)
{
	(void)p;
	(void)col; /* test names are not kept (lcov.h) */
}

static void r_sf(struct parser *p, size_t col)
{
	if (col > p->len) {
		expected(p, col, "a source file's path");
		return;
	}
	char *path = util_xstrndup(p->text + col - 1, p->len - col + 1);
	p->rec = lcov_file(p->cov, path);
	free(p->rec_path);
	p->rec_path = path;
	p->rec_line = p->line;
}

/* number ',' name: the FN and FNDA lines. The name (malloc'ed) is the
 * rest of the line; *col is left at it. */
static char *number_name(struct parser *p, size_t *col, uint64_t min, uint64_t max,
			 const char *what, uint64_t *value)
{
	if (!number(p, col, min, max, what, value) || !comma(p, col, "a function name"))
		return NULL;
	if (*col > p->len) {
		expected(p, *col, "a function name");
		return NULL;
	}
	return util_xstrndup(p->text + *col - 1, p->len - *col + 1);
}

static void r_fn(struct parser *p, size_t col)
{
	uint64_t line;
	char *name = number_name(p, &col, 1, UINT32_MAX, "a line number (1 or more)", &line);
	if (name)
		lcov_add_fn(p->rec, name, (uint32_t)line, 0);
	free(name);
}

static void r_fnda(struct parser *p, size_t col)
{
	uint64_t count;
	char *name = number_name(p, &col, 0, UINT64_MAX, "an execution count", &count);
	if (name)
		*UTIL_PUSH(p->fnda, p->fnda_count, p->fnda_cap) = (struct pending_fnda){
			name, count, p->line, (unsigned)col};
}

static void r_da(struct parser *p, size_t col)
{
	uint64_t line;
	if (!number(p, &col, 1, UINT32_MAX, "a line number (1 or more)", &line))
		return;
	if (!comma(p, &col, "an execution count"))
		return;
	uint64_t count;
	if (!number(p, &col, 0, UINT64_MAX, "an execution count", &count))
		return;
	/* lcov may add a checksum of the line: any text, ignored */
	if (col <= p->len && p->text[col - 1] == ',')
		col = p->len + 1;
	if (end_of_line(p, col))
		lcov_add_line(p->rec, (uint32_t)line, count);
}

static void r_total(struct parser *p, size_t col)
{
	uint64_t count;
	if (number(p, &col, 0, UINT64_MAX, "a count", &count))
		end_of_line(p, col);
}

struct named_line {
	const char *name;
	uint32_t line;
};

static int named_cmp(const void *a, const void *b)
{
	return strcmp(((const struct named_line *)a)->name, ((const struct named_line *)b)->name);
}

/* Matches the record's FNDA lines to its FN lines (by name, sorted:
 * quick whatever the order of the input). */
static void end_record(struct parser *p)
{
	struct lcov_file *f = p->rec;
	size_t n = f->fn_count;
	struct named_line *fns = util_xcalloc(n + 1, sizeof *fns);
	for (size_t i = 0; i < n; i++)
		fns[i] = (struct named_line){f->fns[i].name, f->fns[i].line};
	if (n)
		qsort(fns, n, sizeof *fns, named_cmp);
	for (size_t i = 0; i < p->fnda_count; i++) {
		struct pending_fnda *a = &p->fnda[i];
		struct named_line key = {a->name, 0};
		const struct named_line *hit = n ? bsearch(&key, fns, n, sizeof *fns, named_cmp)
						 : NULL;
		if (!hit) {
			errorf(p, a->line, a->col,
			       "expected the name of a function an FN line of this record gives, "
			       "found '%s'",
			       a->name);
			continue;
		}
		/* tidy folds the name's entries together, at its lowest line */
		lcov_add_fn(f, a->name, hit->line, a->count);
	}
	free(fns);
	for (size_t i = 0; i < p->fnda_count; i++)
		free(p->fnda[i].name);
	p->fnda_count = 0;
	p->rec = NULL;
}

static void r_end(struct parser *p, size_t col)
{
	if (end_of_line(p, col))
		end_record(p);
}

static const struct record {
	const char *tag;
	bool in_record; /* inside SF .. end_of_record, or outside */
	record_fn parse;
} records[] = {
	{"TN:", false, r_tn},    {"SF:", false, r_sf},
	{"FN:", true, r_fn},     {"FNDA:", true, r_fnda},
	{"FNF:", true, r_total}, {"FNH:", true, r_total},
	{"DA:", true, r_da},     {"LF:", true, r_total},
	{"LH:", true, r_total},  {"end_of_record", true, r_end},
};

static void one_line(struct parser *p)
{
	if (memchr(p->text, '\0', p->len)) {
		size_t col = (size_t)((const char *)memchr(p->text, '\0', p->len) - p->text) + 1;
		errorf(p, p->line, col, "expected text, found a NUL byte");
		return;
	}
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(records); i++) {
		const struct record *r = &records[i];
		size_t n = strlen(r->tag);
		if (p->len < n || memcmp(p->text, r->tag, n) != 0)
			continue;
		if (r->in_record && !p->rec) {
			errorf(p, p->line, 1,
			       "expected TN: or SF: (a record starts with SF:), found %.*s",
			       (int)(n - (r->tag[n - 1] == ':')), r->tag);
			return;
		}
		if (!r->in_record && p->rec) {
			errorf(p, p->line, 1,
			       "expected end_of_record for SF: %s (line %u) before a new %.*s",
			       p->rec_path, p->rec_line, (int)(n - 1), r->tag);
			end_record(p);
			if (r->tag[0] == 'T')
				return;
		}
		r->parse(p, n + 1);
		return;
	}
	char *found = found_at(p, 1);
	if (p->rec)
		errorf(p, p->line, 1,
		       "expected FN:, FNDA:, FNF:, FNH:, DA:, LF:, LH: or end_of_record, found %s",
		       found);
	else
		errorf(p, p->line, 1, "expected TN: or SF:, found %s", found);
	free(found);
}

bool lcov_parse(struct lcov *cov, const char *name, const char *text, size_t len, struct diag *d)
{
	struct parser p = {.cov = cov, .name = name, .d = d};
	size_t errors = d->errors;
	for (size_t at = 0; at < len && !diag_full(d);) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;
		p.text = text + at;
		p.len = end - at;
		p.line++;
		while (p.len && p.text[p.len - 1] == '\r')
			p.len--;
		if (p.len)
			one_line(&p);
		at = end + 1;
	}
	if (p.rec && !diag_full(d)) {
		p.text = "";
		p.len = 0;
		errorf(&p, p.line + 1, 0,
		       "expected end_of_record for SF: %s (line %u), found the end "
		       "of the file",
		       p.rec_path, p.rec_line);
	}
	if (p.rec)
		end_record(&p);
	for (size_t i = 0; i < p.fnda_count; i++)
		free(p.fnda[i].name);
	free(p.fnda);
	free(p.rec_path);
	return d->errors == errors;
}
