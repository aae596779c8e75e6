/* Tools that make one output per source, as gcc -c does (afuc-as,
 * hwsq-as -c): the outputs' names, and the options several sources
 * cannot share (cmd.h). */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

char *cmd_output_name(const char *source, const char *const *exts, size_t ext_count,
		      const char *ext)
{
	/* in the current directory, as gcc -c and GNU as put theirs */
	const char *base = strrchr(source, '/');
	base = base ? base + 1 : source;
	size_t keep = strlen(base);
	for (size_t i = 0; i < ext_count; i++)
		if (ends_with(base, exts[i]) && keep > strlen(exts[i])) {
			keep -= strlen(exts[i]);
			break;
		}
	return util_xasprintf("%.*s%s", (int)keep, base, ext);
}

char *cmd_dep_file(const char *output)
{
	const char *base = strrchr(output, '/');
	base = base ? base + 1 : output;
	const char *dot = strrchr(base, '.');
	size_t keep = dot && dot != base ? (size_t)(dot - output) : strlen(output);
	return util_xasprintf("%.*s.d", (int)keep, output);
}

struct named {
	char *output;
	size_t source;
};

static int by_name(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int r = strcmp(x->output, y->output);
	return r ? r : (x->source > y->source) - (x->source < y->source);
}

/* Two sources whose outputs would have one name: sorted, so that
 * `afuc-as *.s` over a large tree stays fast. */
static int check_distinct(struct cmd *c, const char *const *sources, size_t count,
			  cmd_name_fn *name, const void *ctx)
{
	struct named *n = util_xcalloc(count, sizeof *n);
	for (size_t i = 0; i < count; i++)
		n[i] = (struct named){name(ctx, sources[i]), i};
	qsort(n, count, sizeof *n, by_name);
	int status = -1;
	for (size_t i = 1; i < count && status < 0; i++)
		if (strcmp(n[i - 1].output, n[i].output) == 0)
			status = cmd_usage_error(c, "'%s' and '%s' would both write '%s'",
						 sources[n[i - 1].source], sources[n[i].source],
						 n[i].output);
	for (size_t i = 0; i < count; i++)
		free(n[i].output);
	free(n);
	return status;
}

int cmd_check_sources(struct cmd *c, const char *const *sources, size_t count,
		      const struct cmd_single *singles, size_t single_count, cmd_name_fn *name,
		      const void *ctx)
{
	if (!count)
		return cmd_usage_error(c, "no source file");
	if (count < 2)
		return -1;
	for (size_t i = 0; i < single_count; i++)
		if (singles[i].given)
			return cmd_usage_error(c, "%s cannot be used with %zu sources: %s",
					       singles[i].spelled, count, singles[i].why);
	for (size_t i = 0; i < count; i++)
		if (strcmp(sources[i], "-") == 0)
			return cmd_usage_error(c,
					       "standard input ('-') can only be the one "
					       "source, not one of %zu",
					       count);
	return name ? check_distinct(c, sources, count, name, ctx) : -1;
}
