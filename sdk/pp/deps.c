/* The files a preprocessing run read, and the make rule that names them
 * (what gcc -MD -MP writes). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pp/pp.h"

void pp_deps_add(struct pp_deps *deps, const char *file)
{
	/* "-" is standard input and "<built-in>" is cpp's own: no files */
	if (!*file || strcmp(file, "-") == 0 || file[0] == '<')
		return;
	for (size_t i = 0; i < deps->count; i++)
		if (strcmp(deps->files[i], file) == 0)
			return;
	*UTIL_PUSH(deps->files, deps->count, deps->cap) = util_xstrdup(file);
}

void pp_deps_free(struct pp_deps *deps)
{
	for (size_t i = 0; i < deps->count; i++)
		free(deps->files[i]);
	free(deps->files);
	*deps = (struct pp_deps){0};
}

/* Reads the rule cpp -MD -MF wrote (one target, no -MP): make's
 * escapes ("\ ", "\#", "$$") undone, "\<newline>" a separator. */
void pp_deps_parse_make(struct pp_deps *deps, const char *rule)
{
	const char *p = strchr(rule, ':');
	if (!p)
		return;
	struct util_str word = {0};
	for (p++;; p++) {
		char ch = *p;
		bool sep = false;
		if (ch == '\\' && (p[1] == ' ' || p[1] == '#'))
			ch = *++p;
		else if (ch == '$' && p[1] == '$')
			p++;
		else if (ch == '\\' && p[1] == '\n')
			sep = true, p++;
		else if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\0')
			sep = true;
		if (!sep) {
			util_str_putc(&word, ch);
		} else if (word.len) {
			pp_deps_add(deps, word.text);
			word.len = 0;
		}
		if (!*p)
			break;
	}
	util_str_free(&word);
}

/* m4 --debug=i:  "m4debug: input read from FILE" for every file read. */
void pp_deps_parse_m4(struct pp_deps *deps, const char *trace)
{
	static const char prefix[] = "m4debug: input read from ";
	for (const char *p = trace; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len > sizeof prefix - 1 && strncmp(p, prefix, sizeof prefix - 1) == 0) {
			char *file = util_xstrndup(p + sizeof prefix - 1,
						   len - (sizeof prefix - 1));
			if (strcmp(file, "stdin") != 0) /* cpp's output */
				pp_deps_add(deps, file);
			free(file);
		}
		p += len + (nl != NULL);
	}
}

/* A name as make reads it in a rule: spaces, '#' and '$' escaped. */
static void put_make_name(struct util_str *out, const char *name)
{
	for (const char *p = name; *p; p++) {
		if (*p == ' ' || *p == '#')
			util_str_putc(out, '\\');
		else if (*p == '$')
			util_str_putc(out, '$');
		util_str_putc(out, *p);
	}
}

/* name with its line breaks shown as \n and \r (malloc'ed) */
static char *shown(const char *name)
{
	struct util_str out = {0};
	for (const char *p = name; *p; p++) {
		if (*p == '\n' || *p == '\r')
			util_str_puts(&out, *p == '\n' ? "\\n" : "\\r");
		else
			util_str_putc(&out, *p);
	}
	return util_str_take(&out);
}

/* A name that cannot go into a make rule: an error at the source. */
static bool unwritable(const struct pp_deps *deps, const char *what, const char *name,
		       struct diag *d)
{
	if (!strpbrk(name, "\n\r"))
		return false;
	char *source = shown(deps->count ? deps->files[0] : "-"), *bad = shown(name);
	diag_error(d, diag_at(source, 0, 0),
		   "cannot write a make rule (-MD): the %s '%s' has a line break in its name, "
		   "which make cannot read; rename it",
		   what, bad);
	free(source);
	free(bad);
	return true;
}

bool pp_deps_rule(const struct pp_deps *deps, const char *target, bool quote_target,
		  struct util_str *out, struct diag *d)
{
	if (unwritable(deps, "target", target, d))
		return false;
	for (size_t i = 0; i < deps->count; i++)
		if (unwritable(deps, i ? "file" : "source", deps->files[i], d))
			return false;
	if (quote_target)
		put_make_name(out, target);
	else
		util_str_puts(out, target);
	util_str_putc(out, ':');
	for (size_t i = 0; i < deps->count; i++) {
		util_str_puts(out, " \\\n ");
		put_make_name(out, deps->files[i]);
	}
	util_str_putc(out, '\n');
	/* as -MP: a rule without recipe for each file but the source, so
	 * that make does not stop when a header is deleted */
	for (size_t i = 1; i < deps->count; i++) {
		util_str_putc(out, '\n');
		put_make_name(out, deps->files[i]);
		util_str_puts(out, ":\n");
	}
	return true;
}

void pp_strip_markers(char *text, size_t *len)
{
	struct pp_lines lines;
	pp_lines_init(&lines, "");
	char *in = text, *end = text + *len, *out = text;
	while (in < end) {
		char *nl = memchr(in, '\n', (size_t)(end - in));
		size_t n = nl ? (size_t)(nl - in) : (size_t)(end - in);
		char *line = util_xstrndup(in, n);
		bool marker = pp_lines_next(&lines, line) || pp_is_marker(line);
		free(line);
		if (!marker) {
			memmove(out, in, n + (nl != NULL));
			out += n + (nl != NULL);
		}
		in += n + (nl != NULL);
	}
	pp_lines_free(&lines);
	*len = (size_t)(out - text);
	if (out < end)
		*out = 0;
}

bool pp_is_marker(const char *line)
{
	if (line[0] != '#')
		return false;
	line++;
	if (strncmp(line, "line", 4) == 0)
		return true;
	while (*line == ' ' || *line == '\t')
		line++;
	return *line >= '0' && *line <= '9';
}
