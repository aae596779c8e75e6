#include "util/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const level_names[] = {
	[DIAG_ERROR] = "error",
	[DIAG_WARNING] = "warning",
	[DIAG_NOTE] = "note",
};

void diag_init(struct diag *d)
{
	*d = (struct diag){.max_errors = DIAG_DEFAULT_MAX_ERRORS};
}

void diag_free(struct diag *d)
{
	for (size_t i = 0; i < d->count; i++) {
		free(d->msgs[i].file);
		free(d->msgs[i].text);
		free(d->msgs[i].source_line);
	}
	free(d->msgs);
	size_t max = d->max_errors;
	*d = (struct diag){.max_errors = max};
}

void diag_vadd(struct diag *d, enum diag_level level, struct diag_loc loc, const char *source_line,
	       const char *fmt, va_list ap)
{
	if (level == DIAG_ERROR) {
		d->errors++;
		if (d->max_errors && d->errors > d->max_errors)
			return;
	} else if (diag_full(d)) {
		return;
	}
	struct diag_msg *m = UTIL_PUSH(d->msgs, d->count, d->cap);
	m->level = level;
	m->file = loc.file ? util_xstrdup(loc.file) : NULL;
	m->line = loc.line;
	m->col = loc.col;
	struct util_str text = {0};
	util_str_vprintf(&text, fmt, ap);
	m->text = util_str_take(&text);
	if (source_line)
		m->source_line = util_xstrndup(source_line, strcspn(source_line, "\r\n"));
}

void diag_add(struct diag *d, enum diag_level level, struct diag_loc loc, const char *source_line,
	      const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vadd(d, level, loc, source_line, fmt, ap);
	va_end(ap);
}

static void print_caret(FILE *out, const char *line, unsigned col)
{
	fprintf(out, " %s\n ", line);
	/* Keep tabs so the caret lines up with what the terminal shows. */
	for (unsigned i = 1; i < col && line[i - 1]; i++)
		fputc(line[i - 1] == '\t' ? '\t' : ' ', out);
	fputs("^\n", out);
}

char *diag_msg_string(const struct diag_msg *m)
{
	const char *level = level_names[m->level];
	if (!m->file)
		return util_xasprintf("%s: %s", level, m->text);
	if (!m->line)
		return util_xasprintf("%s: %s: %s", m->file, level, m->text);
	if (!m->col)
		return util_xasprintf("%s:%u: %s: %s", m->file, m->line, level, m->text);
	return util_xasprintf("%s:%u:%u: %s: %s", m->file, m->line, m->col, level, m->text);
}

void diag_print(const struct diag *d, FILE *out, const char *tool)
{
	for (size_t i = 0; i < d->count; i++) {
		const struct diag_msg *m = &d->msgs[i];
		if (!m->file)
			fprintf(out, "%s: ", tool);
		else if (!m->line)
			fprintf(out, "%s: ", m->file);
		else if (!m->col)
			fprintf(out, "%s:%u: ", m->file, m->line);
		else
			fprintf(out, "%s:%u:%u: ", m->file, m->line, m->col);
		fprintf(out, "%s: %s\n", level_names[m->level], m->text);
		if (m->source_line && m->col)
			print_caret(out, m->source_line, m->col);
	}
	if (d->max_errors && d->errors > d->max_errors)
		fprintf(out, "%s: too many errors (%zu in all), stopped\n", tool, d->errors);
}

void diag_append(struct diag *dst, struct diag *src)
{
	for (size_t i = 0; i < src->count; i++)
		*UTIL_PUSH(dst->msgs, dst->count, dst->cap) = src->msgs[i];
	dst->errors += src->errors;
	free(src->msgs);
	size_t max = src->max_errors;
	*src = (struct diag){.max_errors = max};
}
