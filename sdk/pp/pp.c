#include "pp/pp.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

struct argv_list {
	char **items;
	size_t count, cap;
};

static void arg(struct argv_list *a, char *owned)
{
	*UTIL_PUSH(a->items, a->count, a->cap) = owned;
}

static void argv_free(struct argv_list *a)
{
	for (size_t i = 0; i < a->count; i++)
		free(a->items[i]);
	free(a->items);
}

static const char *program(const char *env, const char *fallback)
{
	const char *p = getenv(env);
	return p && *p ? p : fallback;
}

/* Seconds one program may run: $AFUC_PP_TIME_LIMIT, else the default. */
static unsigned time_limit(void)
{
	const char *env = getenv("AFUC_PP_TIME_LIMIT");
	uint64_t v;
	if (env && util_parse_u64(env, &v) && v > 0 && v <= 24 * 3600)
		return (unsigned)v;
	return PP_TIME_LIMIT;
}

/* One child: argv with stdin, stdout and stderr on the given descriptors. */
struct child {
	const char *what; /* "the C preprocessor", "m4" */
	pid_t pid;
	int out;     /* read end of its standard output */
	FILE *err;   /* its standard error, kept to be read afterwards */
	bool killed; /* by us, for running too long or writing too much */
	bool waited;
	int status;
};

static bool spawn(struct child *ch, struct argv_list *a, int in_fd, struct diag *d)
{
	int out[2];
	ch->pid = -1;
	ch->out = -1;
	ch->err = tmpfile();
	if (!ch->err || pipe(out) != 0) {
		diag_error(d, DIAG_NOWHERE, "cannot run %s: %s", ch->what, strerror(errno));
		return false;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	if (in_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, in_fd, STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, fileno(ch->err), STDERR_FILENO);
	posix_spawn_file_actions_addclose(&fa, out[0]);
	arg(a, NULL);
	int err = posix_spawnp(&ch->pid, a->items[0], &fa, NULL, a->items, environ);
	a->count--; /* the NULL terminator is not an argument to free */
	posix_spawn_file_actions_destroy(&fa);
	close(out[1]);
	if (err) {
		close(out[0]);
		ch->pid = -1;
		diag_error(d, DIAG_NOWHERE, "cannot run %s '%s': %s", ch->what, a->items[0],
			   strerror(err));
		return false;
	}
	ch->out = out[0];
	return true;
}

static int64_t now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Reads the child's output until it closes it, within the time and size
 * limits: a macro that expands without end must not hang us or fill
 * memory. On a limit, kills the child and says so in d, at file. */
static void read_output(struct child *ch, const char *file, struct util_str *out, struct diag *d)
{
	unsigned limit = time_limit();
	int64_t deadline = now_ms() + (int64_t)limit * 1000;
	char buf[65536];
	for (;;) {
		int64_t left = deadline - now_ms();
		struct pollfd p = {.fd = ch->out, .events = POLLIN};
		int r = left <= 0 ? 0 : poll(&p, 1, (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {
			diag_error(d, diag_at(file, 0, 0),
				   "%s ran for more than %u seconds (a macro that expands "
				   "without end?); stopped it",
				   ch->what, limit);
			break;
		}
		ssize_t n = read(ch->out, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		if (out->len + (size_t)n > PP_MAX_OUTPUT) {
			diag_error(d, diag_at(file, 0, 0),
				   "the output of %s is larger than %u MiB (a macro that "
				   "expands without end?); stopped it",
				   ch->what, PP_MAX_OUTPUT >> 20);
			break;
		}
		util_str_putn(out, buf, (size_t)n);
	}
	kill(ch->pid, SIGKILL);
	ch->killed = true;
}

/* Waits for the child (its messages are read after this); true when it
 * exited with status 0. */
static bool finish(struct child *ch, struct diag *d)
{
	if (ch->out >= 0)
		close(ch->out);
	ch->out = -1;
	if (ch->pid < 0)
		return false;
	while (waitpid(ch->pid, &ch->status, 0) < 0) {
		if (errno != EINTR) {
			diag_error(d, DIAG_NOWHERE, "cannot wait for %s: %s", ch->what,
				   strerror(errno));
			ch->pid = -1;
			return false;
		}
	}
	ch->pid = -1;
	ch->waited = true;
	return WIFEXITED(ch->status) && WEXITSTATUS(ch->status) == 0 && !ch->killed;
}

/* After its own messages: how the child ended, when it failed by itself. */
static void report_status(const struct child *ch, struct diag *d)
{
	if (!ch->waited || ch->killed)
		return;
	if (WIFEXITED(ch->status) && WEXITSTATUS(ch->status) != 0)
		diag_error(d, DIAG_NOWHERE, "%s failed (exit status %d)", ch->what,
			   WEXITSTATUS(ch->status));
	else if (WIFSIGNALED(ch->status))
		diag_error(d, DIAG_NOWHERE, "%s was killed by signal %d", ch->what,
			   WTERMSIG(ch->status));
}

/* The next line the child wrote on standard error, without its newline;
 * false at the end. */
static bool next_err_line(struct child *ch, struct util_str *line)
{
	if (!line->text)
		util_str_putc(line, 0);
	line->len = 0;
	line->text[0] = 0;
	int c;
	while ((c = getc(ch->err)) != EOF && c != '\n')
		util_str_putc(line, (char)c);
	return c != EOF || line->len;
}

static void pass_through(const char *line)
{
	fprintf(stderr, "%s\n", line);
}

/* cpp drops NUL bytes with only a warning; a NUL in a text source is an
 * error at its place:  FILE:LINE:COL: warning: null character(s) ignored */
static void cpp_messages(struct child *ch, struct diag *d)
{
	static const char nul_warning[] = ": warning: null character(s) ignored";
	struct util_str line = {0};
	rewind(ch->err);
	fflush(stderr);
	while (next_err_line(ch, &line)) {
		char *l = line.text;
		pass_through(l);
		char *w = strstr(l, nul_warning);
		if (!w || w[sizeof nul_warning - 1])
			continue;
		*w = 0;
		/* FILE:LINE:COL, where FILE may hold ':' */
		char *c2 = strrchr(l, ':');
		char *c1 = c2 ? (*c2 = 0, strrchr(l, ':')) : NULL;
		uint64_t ln, col;
		if (!c1 || !util_parse_u64(c1 + 1, &ln) || !util_parse_u64(c2 + 1, &col))
			continue;
		*c1 = 0;
		diag_error(d, diag_at(l, (unsigned)ln, (unsigned)col),
			   "expected text, found a NUL byte");
	}
	util_str_free(&line);
}

/* Where line n of cpp's output came from. */
static void cpp_origin(const char *text, unsigned n, const char *path, struct pp_lines *where)
{
	pp_lines_init(where, path);
	const char *p = text;
	for (unsigned i = 1; i <= n && *p; i++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *line = util_xstrndup(p, len);
		pp_lines_next(where, line);
		free(line);
		p += len + (nl != NULL);
	}
}

/* m4 names the lines of its standard input (cpp's output), which the
 * user never sees: report them at the source file and line instead.
 *   m4:stdin:LINE: message */
static void m4_messages(struct child *ch, const char *cpp_text, const char *path, struct diag *d)
{
	/* m4's advice about its own options means nothing to our users */
	static const struct {
		const char *m4, *ours;
	} rewrites[] = {
		{"recursion limit of ",
		 "m4 macros nested more than " PP_STR(
			 PP_M4_NESTING) " deep (a macro that calls itself without end?)"},
	};
	static const char prefix[] = "m4:stdin:";
	struct util_str line = {0};
	rewind(ch->err);
	fflush(stderr);
	while (next_err_line(ch, &line)) {
		char *l = line.text;
		char *end;
		if (strncmp(l, prefix, sizeof prefix - 1) != 0 ||
		    !(end = strchr(l + sizeof prefix - 1, ':'))) {
			pass_through(l);
			continue;
		}
		*end = 0;
		uint64_t n;
		if (!util_parse_u64(l + sizeof prefix - 1, &n) || n > UINT32_MAX) {
			*end = ':';
			pass_through(l);
			continue;
		}
		const char *text = end + 1 + (end[1] == ' ');
		bool warning = strncmp(text, "Warning: ", 9) == 0;
		if (warning)
			text += 9;
		const char *ours = NULL;
		for (size_t i = 0; i < UTIL_ARRAY_SIZE(rewrites); i++)
			if (strncmp(text, rewrites[i].m4, strlen(rewrites[i].m4)) == 0)
				ours = rewrites[i].ours;
		struct pp_lines where;
		cpp_origin(cpp_text, (unsigned)n, path, &where);
		diag_add(d, warning ? DIAG_WARNING : DIAG_ERROR, diag_at(where.file, where.line, 0),
			 NULL, "%s%s", ours ? "" : "m4: ", ours ? ours : text);
		pp_lines_free(&where);
	}
	util_str_free(&line);
}

static void child_free(struct child *ch, struct diag *d)
{
	if (ch->pid >= 0) {
		kill(ch->pid, SIGKILL);
		ch->killed = true;
		finish(ch, d);
	}
	if (ch->out >= 0)
		close(ch->out);
	if (ch->err)
		fclose(ch->err);
}

/* A file for a child to write its dependencies or trace into (cpp -MF
 * and m4 --debugfile take a name, not a descriptor). */
static char *temp_path(struct diag *d)
{
	const char *dir = getenv("TMPDIR");
	char *path = util_xasprintf("%s/afuc-pp-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path);
	if (fd < 0) {
		diag_error(d, DIAG_NOWHERE, "cannot create a temporary file like %s: %s", path,
			   strerror(errno));
		free(path);
		return NULL;
	}
	close(fd);
	return path;
}

/* Reads what the child wrote into *path (when it succeeded) and removes
 * the file. */
static void take_temp(char **path, bool ok, void (*parse)(struct pp_deps *, const char *),
		      struct pp_deps *deps)
{
	if (!*path)
		return;
	uint8_t *data;
	size_t len;
	if (ok && util_read_file_max(*path, PP_MAX_OUTPUT, &data, &len) == 0) {
		parse(deps, (const char *)data);
		free(data);
	}
	unlink(*path);
	free(*path);
	*path = NULL;
}

/* What cpp would only make noise of, said once: a file that cannot be
 * read (not cc1's "fatal error"), an empty one, a binary one (thousands
 * of lines of cpp warnings otherwise). Standard input is cpp's to read. */
static bool readable_source(const char *path, struct diag *d)
{
	if (strcmp(path, "-") == 0)
		return true;
	uint8_t *data;
	size_t len;
	int err = util_read_file_max(path, PP_MAX_OUTPUT, &data, &len);
	if (err == EFBIG)
		diag_error(d, diag_at(path, 0, 0),
			   "cannot read: larger than %u bytes, not a source", PP_MAX_OUTPUT);
	else if (err)
		diag_error(d, diag_at(path, 0, 0), "cannot read: %s", strerror(err));
	if (err)
		return false;
	const uint8_t *nul = memchr(data, 0, len);
	if (!len) {
		diag_error(d, diag_at(path, 0, 0), "empty: expected a source");
	} else if (nul) {
		/* where the first is; a file of many is no source at all */
		unsigned line = 1, col = 1;
		size_t nuls = 0;
		for (const uint8_t *p = data; p < nul; p++, col++)
			if (*p == '\n')
				line++, col = 0;
		for (size_t i = 0; i < len; i++)
			nuls += !data[i];
		diag_error(d, diag_at(path, line, col), "expected text, found a NUL byte%s",
			   nuls > 1 ? " (a binary file, not a source)" : "");
	}
	free(data);
	return len && !nul;
}

/* The names of the macros the library defines (upper case: the public
 * ones), as m4 itself lists them (dumpdef, on standard error). */
struct macro_names {
	char **names;
	size_t count, cap;
};

static void library_macros(const struct pp_options *o, struct macro_names *m)
{
	struct argv_list a = {0};
	arg(&a, util_xstrdup(program("M4", "m4")));
	if (o->m4_prefix_builtins)
		arg(&a, util_xstrdup("-P"));
	for (size_t i = 0; i < o->include_count; i++)
		arg(&a, util_xasprintf("-I%s", o->include_dirs[i]));
	arg(&a, util_xstrdup(o->m4_library));
	arg(&a, util_xstrdup("-"));
	FILE *in = tmpfile();
	struct child ch = {.what = "m4", .pid = -1, .out = -1};
	struct util_str out = {0}, line = {0};
	/* the names alone: its own errors are the main run's to report */
	struct diag quiet;
	diag_init(&quiet);
	if (in && fputs(o->m4_prefix_builtins ? "m4_dumpdef\n" : "dumpdef\n", in) >= 0 &&
	    fflush(in) == 0 && fseek(in, 0, SEEK_SET) == 0 && spawn(&ch, &a, fileno(in), &quiet)) {
		read_output(&ch, "m4", &out, &quiet);
		if (finish(&ch, &quiet)) {
			rewind(ch.err);
			while (next_err_line(&ch, &line)) {
				size_t len = strspn(line.text,
						    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
				if (len && line.text[0] >= 'A' && line.text[0] <= 'Z' &&
				    line.text[len] == ':') {
					*UTIL_PUSH(m->names, m->count,
						   m->cap) = util_xstrndup(line.text, len);
				}
			}
		}
	}
	child_free(&ch, &quiet);
	diag_free(&quiet);
	if (in)
		fclose(in);
	util_str_free(&out);
	util_str_free(&line);
	argv_free(&a);
}

/* After m4, a statement that still starts with NAME( (upper case, as the
 * library's macros are) called a macro m4 does not know: the assembler
 * would take it for an unknown instruction. Each is an error at its
 * line, with the library's nearest macros. Returns how many there were. */
static size_t unknown_macros(const char *text, size_t len, const char *path,
			     const struct pp_options *o, struct diag *d)
{
	struct pp_lines lines;
	pp_lines_init(&lines, path);
	size_t found = 0;
	struct macro_names known = {0};
	for (const char *p = text, *end = text + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line = util_xstrndup(p, n);
		p += n + (nl != NULL);
		if (pp_lines_next(&lines, line)) {
			free(line);
			continue;
		}
		const char *w = line + strspn(line, " \t");
		/* a label first: "name:" */
		size_t label = strspn(
			w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if (label && w[label] == ':')
			w += label + 1 + strspn(w + label + 1, " \t");
		size_t name = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (name && w[0] >= 'A' && w[0] <= 'Z' && w[name] == '(') {
			char *called = util_xstrndup(w, name);
			struct util_near near;
			util_near_init(&near, called, 3, 3);
			if (!found)
				library_macros(o, &known);
			for (size_t i = 0; i < known.count; i++)
				util_near_add(&near, known.names[i]);
			struct util_str msg = {0};
			util_str_printf(&msg, "unknown macro '%s'", called);
			util_near_write(&near, &msg);
			diag_add(d, DIAG_ERROR,
				 diag_at(lines.file, lines.line, (unsigned)(w - line) + 1), line,
				 "%s", msg.text);
			util_str_free(&msg);
			free(called);
			found++;
		}
		free(line);
	}
	for (size_t i = 0; i < known.count; i++)
		free(known.names[i]);
	free(known.names);
	pp_lines_free(&lines);
	return found;
}

bool pp_run(const char *path, const struct pp_options *o, char **text, size_t *len, struct diag *d)
{
	if (!readable_source(path, d))
		return false;
	struct argv_list cpp = {0}, m4 = {0};
	arg(&cpp, util_xstrdup(program("CPP", "cpp")));
	arg(&cpp, util_xstrdup("-x"));
	arg(&cpp, util_xstrdup("assembler-with-cpp"));
	arg(&cpp, util_xstrdup("-undef")); /* no "linux" or "unix" macros */
	/* columns in bytes, as the assemblers count them */
	arg(&cpp, util_xstrdup("-ftabstop=1"));
	for (size_t i = 0; i < o->include_count; i++)
		arg(&cpp, util_xasprintf("-I%s", o->include_dirs[i]));
	arg(&cpp, util_xasprintf("-I%s", "."));
	char *sdk_include = util_sdk_path("include");
	arg(&cpp, util_xasprintf("-I%s", sdk_include));
	free(sdk_include);
	for (size_t i = 0; i < o->define_count; i++)
		arg(&cpp, util_xasprintf("-D%s", o->defines[i]));
	char *cpp_deps = NULL, *m4_trace = NULL;
	if (o->deps) {
		/* the source first, as given: cpp's list cannot hold every
		 * name (a line break in one), pp_deps_rule says so */
		pp_deps_add(o->deps, path);
		/* cpp's own list: what it opened, however it found it */
		cpp_deps = temp_path(d);
		if (!cpp_deps) {
			argv_free(&cpp);
			return false;
		}
		arg(&cpp, util_xstrdup("-MD"));
		arg(&cpp, util_xasprintf("-MF%s", cpp_deps));
		arg(&cpp, util_xstrdup("-MTpp"));
	}
	arg(&cpp, util_xstrdup(path));

	size_t errors = d->errors;
	struct child cc = {.what = "the C preprocessor", .pid = -1, .out = -1};
	struct child mc = {.what = "m4", .pid = -1, .out = -1};
	struct util_str cpp_out = {0}, m4_out = {0};
	FILE *m4_in = NULL;
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	bool ok = spawn(&cc, &cpp, -1, d);
	if (ok)
		read_output(&cc, name, &cpp_out, d);
	ok = finish(&cc, d) && ok;
	if (cc.err)
		cpp_messages(&cc, d);
	report_status(&cc, d);
	ok = ok && d->errors == errors;
	take_temp(&cpp_deps, ok, pp_deps_parse_make, o->deps);
	if (ok && o->m4_library) {
		/* cpp's output is kept: m4's messages name its lines */
		arg(&m4, util_xstrdup(program("M4", "m4")));
		arg(&m4, util_xstrdup("-s"));
		arg(&m4, util_xasprintf("-L%d", PP_M4_NESTING));
		if (o->m4_prefix_builtins)
			arg(&m4, util_xstrdup("-P"));
		/* include() searches the -I directories too, as #include does */
		for (size_t i = 0; i < o->include_count; i++)
			arg(&m4, util_xasprintf("-I%s", o->include_dirs[i]));
		if (o->deps) {
			/* every file m4 reads, the library and its include()s */
			m4_trace = temp_path(d);
			ok = m4_trace != NULL;
			arg(&m4, util_xstrdup("--debug=i"));
			arg(&m4, util_xasprintf("--debugfile=%s", m4_trace ? m4_trace : ""));
		}
		arg(&m4, util_xstrdup(o->m4_library));
		arg(&m4, util_xstrdup("-"));
		m4_in = tmpfile();
		if (!m4_in ||
		    fwrite(cpp_out.text ? cpp_out.text : "", 1, cpp_out.len, m4_in) !=
			    cpp_out.len ||
		    fflush(m4_in) != 0 || fseek(m4_in, 0, SEEK_SET) != 0) {
			diag_error(d, DIAG_NOWHERE, "cannot keep the C preprocessor's output: %s",
				   strerror(errno));
			ok = false;
		}
		ok = ok && spawn(&mc, &m4, fileno(m4_in), d);
		if (ok)
			read_output(&mc, name, &m4_out, d);
		ok = finish(&mc, d) && ok;
		if (mc.err)
			m4_messages(&mc, cpp_out.text ? cpp_out.text : "", name, d);
		report_status(&mc, d);
		ok = ok && d->errors == errors;
		ok = ok &&
		     unknown_macros(m4_out.text ? m4_out.text : "", m4_out.len, name, o, d) == 0;
		if (ok && o->deps)
			pp_deps_add(o->deps, o->m4_library);
		take_temp(&m4_trace, ok, pp_deps_parse_m4, o->deps);
	}
	if (ok) {
		struct util_str *result = o->m4_library ? &m4_out : &cpp_out;
		*len = result->len;
		*text = result->text ? util_str_take(result) : util_xstrdup("");
	}
	child_free(&cc, d);
	child_free(&mc, d);
	if (m4_in)
		fclose(m4_in);
	util_str_free(&cpp_out);
	util_str_free(&m4_out);
	take_temp(&cpp_deps, false, pp_deps_parse_make, o->deps);
	take_temp(&m4_trace, false, pp_deps_parse_m4, o->deps);
	argv_free(&cpp);
	argv_free(&m4);
	return ok;
}
void pp_lines_init(struct pp_lines *l, const char *file)
{
	*l = (struct pp_lines){
		.file = util_xstrdup(file),
		.marker_cpp_line = 1,
		.marker_line = 1,
		.in_m4_input = true,
	};
}

void pp_lines_free(struct pp_lines *l)
{
	free(l->file);
	l->file = NULL;
}

/* Parses `N "file"` after a marker's leading word; file may be absent. */
static bool parse_marker(const char *p, unsigned *num, char **file)
{
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p < '0' || *p > '9')
		return false;
	char *end;
	unsigned long n = strtoul(p, &end, 10);
	p = end;
	while (*p == ' ' || *p == '\t')
		p++;
	*file = NULL;
	if (*p == '"') {
		const char *close = strchr(p + 1, '"');
		if (!close)
			return false;
		*file = util_xstrndup(p + 1, (size_t)(close - p - 1));
	} else if (*p) {
		return false;
	}
	*num = (unsigned)n;
	return true;
}

bool pp_lines_next(struct pp_lines *l, const char *line)
{
	unsigned num;
	char *file;
	/* m4 -s sync line: the next line is line num of m4's input (cpp's
	 * output), or of the library when it names another file. */
	if (strncmp(line, "#line", 5) == 0 && parse_marker(line + 5, &num, &file)) {
		if (file) {
			l->in_m4_input = strcmp(file, "stdin") == 0 || strcmp(file, "-") == 0;
			free(file);
		}
		if (l->in_m4_input)
			l->cpp_line = num - 1;
		return true;
	}
	l->cpp_line++;
	/* cpp linemarker: the next line of cpp's output is line num of file. */
	if (line[0] == '#' && parse_marker(line + 1, &num, &file) && file) {
		free(l->file);
		l->file = file;
		l->marker_cpp_line = l->cpp_line + 1;
		l->marker_line = num;
		return true;
	}
	l->line = l->marker_line + (l->cpp_line - l->marker_cpp_line);
	return false;
}
