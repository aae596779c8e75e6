/* Coverage by source line (lcov.h): the records, kept tidy, merged and
 * written as an lcov tracefile. */
#include <stdlib.h>
#include <string.h>

#include "lcov/lcov.h"
#include "util/util.h"

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static void free_file(struct lcov_file *f)
{
	for (size_t i = 0; i < f->fn_count; i++)
		free(f->fns[i].name);
	free(f->fns);
	free(f->lines);
	free(f->unreachable);
	free(f->path);
}

void lcov_free(struct lcov *cov)
{
	for (size_t i = 0; i < cov->count; i++)
		free_file(&cov->files[i]);
	free(cov->files);
	*cov = (struct lcov){0};
}

char *lcov_normalize(const char *path)
{
	size_t len = strlen(path);
	char *out = util_xmalloc(len + 1);
	size_t n = 0;
	bool absolute = path[0] == '/';
	if (absolute)
		out[n++] = '/';
	size_t keep = n; /* out[..keep) cannot be taken back by ".." */
	for (const char *p = path; *p;) {
		const char *end = strchr(p, '/');
		size_t k = end ? (size_t)(end - p) : strlen(p);
		if ((k == 1 && p[0] == '.') || k == 0) {
			/* nothing */
		} else if (k == 2 && p[0] == '.' && p[1] == '.' && n > keep) {
			/* drop the last component */
			while (n > keep && out[n - 1] != '/')
				n--;
			if (n > keep)
				n--; /* its '/' */
		} else if (k == 2 && p[0] == '.' && p[1] == '.' && absolute) {
			/* "/.." is "/" */
		} else {
			if (n > (absolute ? 1u : 0u))
				out[n++] = '/';
			memcpy(out + n, p, k);
			n += k;
			if (k == 2 && p[0] == '.' && p[1] == '.')
				keep = n; /* a leading "..": the next ".." cannot undo it */
		}
		p += k;
		if (*p == '/')
			p++;
	}
	if (n == 0)
		out[n++] = '.';
	out[n] = '\0';
	return out;
}

struct lcov_file *lcov_file(struct lcov *cov, const char *path)
{
	char *norm = lcov_normalize(path);
	for (size_t i = 0; i < cov->count; i++)
		if (strcmp(cov->files[i].path, norm) == 0) {
			free(norm);
			return &cov->files[i];
		}
	struct lcov_file *f = UTIL_PUSH(cov->files, cov->count, cov->cap);
	*f = (struct lcov_file){.path = norm};
	return f;
}

void lcov_add_line(struct lcov_file *f, uint32_t line, uint64_t count)
{
	if (f->line_count && f->lines[f->line_count - 1].line == line) {
		struct lcov_line *l = &f->lines[f->line_count - 1];
		l->count = add_sat(l->count, count);
		return;
	}
	*UTIL_PUSH(f->lines, f->line_count, f->line_cap) = (struct lcov_line){line, count};
}

void lcov_add_fn(struct lcov_file *f, const char *name, uint32_t line, uint64_t count)
{
	*UTIL_PUSH(f->fns, f->fn_count, f->fn_cap) = (struct lcov_fn){util_xstrdup(name), line,
								      count};
}

void lcov_add_unreachable(struct lcov_file *f, uint32_t line)
{
	*UTIL_PUSH(f->unreachable, f->unreachable_count, f->unreachable_cap) = line;
}

/* ---- tidy ---- */

static int by_line(const void *a, const void *b)
{
	const struct lcov_line *x = a, *y = b;
	return (x->line > y->line) - (x->line < y->line);
}

static int by_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static int fn_by_name(const void *a, const void *b)
{
	const struct lcov_fn *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int fn_by_line(const void *a, const void *b)
{
	const struct lcov_fn *x = a, *y = b;
	return x->line != y->line ? (x->line > y->line) - (x->line < y->line)
				  : strcmp(x->name, y->name);
}

static int file_by_path(const void *a, const void *b)
{
	return strcmp(((const struct lcov_file *)a)->path, ((const struct lcov_file *)b)->path);
}

static bool has_line(const struct lcov_file *f, uint32_t line)
{
	struct lcov_line key = {line, 0};
	return bsearch(&key, f->lines, f->line_count, sizeof key, by_line) != NULL;
}

static void tidy_file(struct lcov_file *f)
{
	if (f->line_count)
		qsort(f->lines, f->line_count, sizeof *f->lines, by_line);
	size_t n = 0;
	for (size_t i = 0; i < f->line_count; i++) {
		if (n && f->lines[n - 1].line == f->lines[i].line)
			f->lines[n - 1].count = add_sat(f->lines[n - 1].count, f->lines[i].count);
		else
			f->lines[n++] = f->lines[i];
	}
	f->line_count = n;

	if (f->fn_count)
		qsort(f->fns, f->fn_count, sizeof *f->fns, fn_by_name);
	n = 0;
	for (size_t i = 0; i < f->fn_count; i++) {
		if (n && strcmp(f->fns[n - 1].name, f->fns[i].name) == 0) {
			/* sorted by line within a name: the kept one is the lowest */
			f->fns[n - 1].count = add_sat(f->fns[n - 1].count, f->fns[i].count);
			free(f->fns[i].name);
		} else {
			f->fns[n++] = f->fns[i];
		}
	}
	f->fn_count = n;
	if (n)
		qsort(f->fns, n, sizeof *f->fns, fn_by_line);

	if (f->unreachable_count)
		qsort(f->unreachable, f->unreachable_count, sizeof *f->unreachable, by_u32);
	n = 0;
	for (size_t i = 0; i < f->unreachable_count; i++) {
		uint32_t line = f->unreachable[i];
		/* reachable in one image, or one run, is reachable */
		if ((n && f->unreachable[n - 1] == line) || has_line(f, line))
			continue;
		f->unreachable[n++] = line;
	}
	f->unreachable_count = n;
}

void lcov_tidy(struct lcov *cov)
{
	for (size_t i = 0; i < cov->count; i++)
		tidy_file(&cov->files[i]);
	if (cov->count)
		qsort(cov->files, cov->count, sizeof *cov->files, file_by_path);
}

void lcov_merge(struct lcov *dst, const struct lcov *src)
{
	for (size_t i = 0; i < src->count; i++) {
		const struct lcov_file *s = &src->files[i];
		struct lcov_file *d = lcov_file(dst, s->path);
		for (size_t k = 0; k < s->line_count; k++)
			lcov_add_line(d, s->lines[k].line, s->lines[k].count);
		for (size_t k = 0; k < s->fn_count; k++)
			lcov_add_fn(d, s->fns[k].name, s->fns[k].line, s->fns[k].count);
		for (size_t k = 0; k < s->unreachable_count; k++)
			lcov_add_unreachable(d, s->unreachable[k]);
	}
}

/* ---- writing ---- */

void lcov_format(struct lcov *cov, struct util_str *out)
{
	lcov_tidy(cov);
	for (size_t i = 0; i < cov->count; i++) {
		const struct lcov_file *f = &cov->files[i];
		if (!f->line_count && !f->fn_count)
			continue;
		util_str_printf(out, "TN:\nSF:%s\n", f->path);
		size_t hit = 0;
		for (size_t k = 0; k < f->fn_count; k++)
			util_str_printf(out, "FN:%u,%s\n", f->fns[k].line, f->fns[k].name);
		for (size_t k = 0; k < f->fn_count; k++) {
			util_str_printf(out, "FNDA:%llu,%s\n", (unsigned long long)f->fns[k].count,
					f->fns[k].name);
			hit += f->fns[k].count > 0;
		}
		util_str_printf(out, "FNF:%zu\nFNH:%zu\n", f->fn_count, hit);
		hit = 0;
		for (size_t k = 0; k < f->line_count; k++) {
			util_str_printf(out, "DA:%u,%llu\n", f->lines[k].line,
					(unsigned long long)f->lines[k].count);
			hit += f->lines[k].count > 0;
		}
		util_str_printf(out, "LF:%zu\nLH:%zu\nend_of_record\n", f->line_count, hit);
	}
}
