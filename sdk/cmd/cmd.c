/* Option parsing, usage errors and --help for every tool (cmd.h). */
#include "cmd/cmd.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Options every tool answers the same way; a tool's own table is
 * searched first, so none of these can shadow a tool's option. */
enum { CMD_HELP = -100, CMD_VERSION = -101 };
static const struct cmd_option builtins[] = {
	{CMD_HELP, 'h', "help", NULL, "show this help", 0, CMD_CALL, 0},
	{CMD_VERSION, 0, "version", NULL, "print the version", 0, CMD_CALL, 0},
};

void cmd_init(struct cmd *c, const struct cmd_spec *spec, int argc, char **argv)
{
	*c = (struct cmd){.spec = spec, .argc = argc, .argv = argv, .next = 1};
}

/* The option called name (short when len is 0), in the tool's table
 * and then the builtins; single: only those that take one dash. */
static const struct cmd_option *find(const struct cmd_spec *spec, char short_name, const char *name,
				     size_t len, bool single)
{
	for (int pass = 0; pass < 2; pass++) {
		const struct cmd_option *t = pass ? builtins : spec->options;
		size_t n = pass ? UTIL_ARRAY_SIZE(builtins) : spec->option_count;
		for (size_t i = 0; i < n; i++) {
			const struct cmd_option *o = &t[i];
			if (short_name ? o->short_name == short_name
				       : o->long_name && strlen(o->long_name) == len &&
						 strncmp(o->long_name, name, len) == 0 &&
						 (!single || (o->flags & CMD_SINGLE_DASH)))
				return o;
		}
	}
	return NULL;
}

static void set_spelled(struct cmd *c, const char *dashes, const char *name, size_t len)
{
	free(c->buffer);
	c->buffer = util_xasprintf("%s%.*s", dashes, (int)len, name);
	c->spelled = c->buffer;
}

/* What an option found means: its id, or --help/--version done. */
static int found(struct cmd *c, const struct cmd_option *o)
{
	c->option = o;
	if (o->id == CMD_HELP)
		cmd_print_help(c->spec, stdout);
	else if (o->id == CMD_VERSION)
		util_print_version(c->spec->tool);
	else
		return o->id;
	c->status = 0;
	return CMD_EXIT;
}

/* --name, --name=value, -name (single-dash long options) */
static int long_option(struct cmd *c, const char *arg, bool single)
{
	const char *name = arg + (single ? 1 : 2);
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const struct cmd_option *o = find(c->spec, 0, name, len, single);
	if (!o)
		return 0;
	set_spelled(c, single ? "-" : "--", name, len);
	c->value = NULL;
	if (!o->arg) {
		if (eq) {
			c->status = cmd_usage_error(c, "'%s' takes no value", c->spelled);
			return CMD_EXIT;
		}
	} else if (eq) {
		c->value = eq + 1;
	} else if (c->next < c->argc) {
		c->value = c->argv[c->next++];
	} else {
		c->status = cmd_usage_error(c, "'%s' needs a value", c->spelled);
		return CMD_EXIT;
	}
	return found(c, o);
}

/* "unknown option 'SPELLED'" (len bytes of it, dashes included), then
 * what follows it (in) and the nearest long options of the tool: one
 * edit away, two for longer names; none for one letter, as near to every
 * short option as to any other. */
static int unknown_option(struct cmd *c, const char *spelled, size_t len, const char *in)
{
	char *name = util_xstrndup(spelled, len);
	struct util_near n;
	util_near_init(&n, name, len >= 6 ? 2 : 1, 3);
	for (int pass = 0; pass < 2 && len > 2; pass++) {
		const struct cmd_option *t = pass ? builtins : c->spec->options;
		size_t count = pass ? UTIL_ARRAY_SIZE(builtins) : c->spec->option_count;
		for (size_t i = 0; i < count; i++) {
			if (!t[i].long_name)
				continue;
			char *known = util_xasprintf(
				"%s%s", t[i].flags & CMD_SINGLE_DASH ? "-" : "--", t[i].long_name);
			util_near_add(&n, known);
			free(known);
		}
	}
	struct util_str msg = {0};
	util_str_printf(&msg, "unknown option '%s'%s", name, in ? in : "");
	util_near_write(&n, &msg);
	c->status = cmd_usage_error(c, "%s", msg.text);
	util_str_free(&msg);
	free(name);
	return CMD_EXIT;
}

/* One letter of "-vq", "-o FILE" or "-oFILE". */
static int short_option(struct cmd *c, const char *whole)
{
	char letter = *c->cluster++;
	const struct cmd_option *o = find(c->spec, letter, NULL, 0, false);
	if (!o) {
		bool first = c->cluster - 1 == whole + 1;
		c->cluster = NULL;
		if (first)
			return unknown_option(c, whole, strlen(whole), NULL);
		char *in = util_xasprintf(" (in '%s')", whole);
		unknown_option(c, (char[]){'-', letter}, 2, in);
		free(in);
		return CMD_EXIT;
	}
	set_spelled(c, "-", &letter, 1);
	c->value = NULL;
	if (o->arg) {
		if (*c->cluster) {
			c->value = c->cluster;
		} else if (c->next < c->argc) {
			c->value = c->argv[c->next++];
		} else {
			c->cluster = NULL;
			c->status = cmd_usage_error(c, "'%s' needs a value", c->spelled);
			return CMD_EXIT;
		}
		c->cluster = NULL;
	} else if (!*c->cluster) {
		c->cluster = NULL;
	}
	return found(c, o);
}

int cmd_next(struct cmd *c)
{
	if (c->cluster)
		return short_option(c, c->argv[c->next - 1]);
	while (c->next < c->argc) {
		const char *arg = c->argv[c->next++];
		if (c->operands_only || arg[0] != '-' || arg[1] == '\0') {
			c->value = arg;
			c->spelled = NULL;
			c->option = NULL;
			return CMD_OPERAND;
		}
		if (strcmp(arg, "--") == 0) {
			c->operands_only = true;
			continue;
		}
		int id = long_option(c, arg, arg[1] != '-');
		if (id)
			return id;
		if (arg[1] == '-') {
			const char *eq = strchr(arg, '=');
			return unknown_option(c, arg, eq ? (size_t)(eq - arg) : strlen(arg), NULL);
		}
		c->cluster = arg + 1;
		return short_option(c, arg);
	}
	return CMD_END;
}

/* An argument that may name a file, as cmd_parse saw it. */
struct cmd_arg {
	const char *path;
	char *option; /* the option it is the value of (owned); NULL: an operand */
	bool output;
};

/* The options that name a file the tool writes, in every tool. */
static bool writes_file(const struct cmd_option *o)
{
	static const char *const outputs[] = {"listing", "MF",     "Map",
					      "elf",     "writes", "coverage-out"};
	if (o->short_name == 'o')
		return true;
	for (size_t i = 0; o->long_name && i < UTIL_ARRAY_SIZE(outputs); i++)
		if (strcmp(o->long_name, outputs[i]) == 0)
			return true;
	return false;
}

static void keep_arg(struct cmd *c, const char *path, const struct cmd_option *o)
{
	if (!c->keeping || !path || strcmp(path, "-") == 0)
		return;
	*UTIL_PUSH(c->args, c->arg_count, c->arg_cap) = (struct cmd_arg){
		path, o ? util_xstrdup(c->spelled ? c->spelled : "?") : NULL, o && writes_file(o)};
}

/* An output in a directory that is not there: said before any work (a
 * replay of a whole capture), not when the output is written. */
static bool no_directory(const struct cmd *c, const char *path, const char *option)
{
	const char *slash = strrchr(path, '/');
	if (!slash || slash == path)
		return false;
	char *dir = util_xstrndup(path, (size_t)(slash - path));
	struct stat st;
	bool absent = stat(dir, &st) != 0;
	bool missing = absent || !S_ISDIR(st.st_mode);
	if (missing)
		cmd_file_error(c, path, "cannot write the %s file: '%s' %s", option, dir,
			       absent ? "does not exist" : "is not a directory");
	free(dir);
	return missing;
}

/* An output naming the same file as another argument: writing it would
 * destroy that input (or the other output). Said before any work, as is
 * an output whose directory is missing. */
static int check_outputs(struct cmd *c)
{
	for (size_t i = 0; i < c->arg_count; i++) {
		struct stat out, in;
		if (c->args[i].output && no_directory(c, c->args[i].path, c->args[i].option))
			return 1;
		if (!c->args[i].output || stat(c->args[i].path, &out) != 0)
			continue;
		for (size_t k = 0; k < c->arg_count; k++) {
			if (k == i || stat(c->args[k].path, &in) != 0 || in.st_dev != out.st_dev ||
			    in.st_ino != out.st_ino)
				continue;
			cmd_file_error(c, c->args[i].path,
				       "the output of %s is also %s '%s'; refusing to write over "
				       "it: name another file",
				       c->args[i].option,
				       c->args[k].output ? "the output" : "the input",
				       c->args[k].path);
			return 1;
		}
	}
	return -1;
}

static void free_args(struct cmd *c)
{
	for (size_t i = 0; i < c->arg_count; i++)
		free(c->args[i].option);
	free(c->args);
	c->args = NULL;
	c->arg_count = c->arg_cap = 0;
	c->keeping = false;
}

/* One option or operand: kept by the layer, or handed to take. */
static int store(struct cmd *c, int id, cmd_take_fn *take, void *ctx)
{
	enum cmd_store how = id == CMD_OPERAND ? CMD_CALL : c->option->store;
	char *field = (char *)ctx + (id == CMD_OPERAND ? 0 : c->option->offset);
	if (how == CMD_STRING)
		*(const char **)(void *)field = c->value;
	else if (how == CMD_FLAG)
		*(bool *)(void *)field = true;
	else
		return take(c, id, ctx);
	return -1;
}

/* What the spec asks of the whole line: required options, one operand. */
static int check_spec(struct cmd *c, const bool *seen, size_t operands)
{
	const struct cmd_spec *s = c->spec;
	for (size_t i = 0; i < s->option_count; i++) {
		const struct cmd_option *o = &s->options[i];
		if ((o->flags & CMD_REQUIRED) && !seen[i]) {
			if (o->long_name)
				return cmd_usage_error(c, "--%s is required", o->long_name);
			return cmd_usage_error(c, "-%c is required", o->short_name);
		}
	}
	if (s->operand && !operands)
		return cmd_usage_error(c, "no %s", s->operand);
	return -1;
}

int cmd_parse(struct cmd *c, cmd_take_fn *take, cmd_check_fn *check, void *ctx)
{
	bool *seen = util_xcalloc(c->spec->option_count, sizeof *seen);
	c->keeping = true;
	size_t operands = 0;
	int status = -1;
	for (int id; status < 0 && (id = cmd_next(c)) != CMD_END;) {
		if (id == CMD_EXIT)
			status = c->status;
		else if (id == CMD_OPERAND && c->spec->operand && operands++)
			status = cmd_usage_error(c, "one %s at a time, found '%s' too",
						 c->spec->operand, c->value);
		else if (id != CMD_OPERAND && c->option >= c->spec->options &&
			 c->option < c->spec->options + c->spec->option_count)
			seen[c->option - c->spec->options] = true;
		if (status < 0 && id != CMD_EXIT) {
			keep_arg(c, c->value, id == CMD_OPERAND ? NULL : c->option);
			status = store(c, id, take, ctx);
		}
	}
	if (status < 0)
		status = check_spec(c, seen, operands);
	free(seen);
	if (status < 0 && check)
		status = check(c, ctx);
	if (status < 0)
		status = check_outputs(c);
	free_args(c);
	return status;
}

const char *cmd_next_arg(struct cmd *c)
{
	const char *arg = c->next < c->argc && !c->cluster ? c->argv[c->next++] : NULL;
	keep_arg(c, arg, NULL);
	return arg;
}

static void print_synopsis(const struct cmd_spec *spec, FILE *out)
{
	const char *s = spec->synopsis;
	for (int form = 0; *s; form++) {
		size_t len = strcspn(s, "\n");
		fprintf(out, "%s %s %.*s\n", form ? "      " : "usage:", spec->tool, (int)len, s);
		s += len + (s[len] == '\n');
	}
}

/* "  -e, --entry N=ADDR    help", the help's continuation lines below */
static void print_option(const struct cmd_option *o, FILE *out)
{
	enum { HELP_COLUMN = 24 };
	struct util_str left = {0};
	util_str_puts(&left, "  ");
	if (o->short_name)
		util_str_printf(&left, "-%c%s", o->short_name, o->long_name ? ", " : "");
	else if (!(o->flags & CMD_SINGLE_DASH))
		util_str_puts(&left, "    ");
	if (o->long_name)
		util_str_printf(&left, "%s%s", o->flags & CMD_SINGLE_DASH ? "-" : "--",
				o->long_name);
	if (o->arg)
		util_str_printf(&left, " %s", o->arg);
	fputs(left.text, out);
	const char *h = o->help ? o->help : "";
	bool first = true;
	do {
		size_t len = strcspn(h, "\n");
		size_t pad = first && left.len < HELP_COLUMN ? HELP_COLUMN - left.len : 0;
		if (!pad)
			fprintf(out, "%s%*s", first ? "\n" : "", HELP_COLUMN, "");
		else
			fprintf(out, "%*s", (int)pad, "");
		fprintf(out, "%.*s\n", (int)len, h);
		h += len + (h[len] == '\n');
		first = false;
	} while (*h);
	util_str_free(&left);
}

void cmd_print_help(const struct cmd_spec *spec, FILE *out)
{
	print_synopsis(spec, out);
	if (spec->intro)
		fputs(spec->intro, out);
	fputs("options:\n", out);
	for (size_t i = 0; i < spec->option_count; i++)
		print_option(&spec->options[i], out);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(builtins); i++)
		print_option(&builtins[i], out);
	if (spec->notes)
		fputs(spec->notes, out);
}

int cmd_usage_error(struct cmd *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cmd_verror(c, fmt, ap);
	va_end(ap);
	print_synopsis(c->spec, stderr);
	fprintf(stderr, "Try '%s --help' for the options.\n", c->spec->tool);
	return 2;
}

int cmd_bad_value(struct cmd *c, const char *takes)
{
	return cmd_usage_error(c, "%s takes %s, not '%s'", c->spelled ? c->spelled : "?", takes,
			       c->value ? c->value : "");
}
