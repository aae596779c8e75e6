#include "pp/pp.h"

#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
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

/* Starts argv with stdin/stdout redirected to the given descriptors
 * (-1: inherit), closing close_fd in the child. Returns the pid or -1. */
static pid_t spawn(struct argv_list *a, int in_fd, int out_fd, int close_fd)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	if (in_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, in_fd, STDIN_FILENO);
	if (out_fd >= 0)
		posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO);
	if (close_fd >= 0)
		posix_spawn_file_actions_addclose(&fa, close_fd);
	arg(a, NULL);
	pid_t pid;
	int err = posix_spawnp(&pid, a->items[0], &fa, NULL, a->items, environ);
	a->count--; /* the NULL terminator is not an argument to free */
	posix_spawn_file_actions_destroy(&fa);
	return err ? -1 : pid;
}

static bool finished_ok(pid_t pid, const char *what, struct diag *d)
{
	int status;
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			diag_error(d, DIAG_NOWHERE, "cannot wait for %s: %s", what,
				   strerror(errno));
			return false;
		}
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return true;
	if (WIFEXITED(status))
		diag_error(d, DIAG_NOWHERE, "%s failed (exit status %d)", what,
			   WEXITSTATUS(status));
	else
		diag_error(d, DIAG_NOWHERE, "%s was killed by signal %d", what, WTERMSIG(status));
	return false;
}

static void read_all(int fd, struct util_str *out)
{
	char buf[65536];
	for (;;) {
		ssize_t n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		util_str_putn(out, buf, (size_t)n);
	}
}

bool pp_run(const char *path, const struct pp_options *o, char **text, size_t *len, struct diag *d)
{
	struct argv_list cpp = {0}, m4 = {0};
	const char *cpp_prog = program("CPP", "cpp");
	const char *m4_prog = program("M4", "m4");
	arg(&cpp, util_xstrdup(cpp_prog));
	arg(&cpp, util_xstrdup("-x"));
	arg(&cpp, util_xstrdup("assembler-with-cpp"));
	arg(&cpp, util_xstrdup("-undef")); /* no "linux" or "unix" macros */
	for (size_t i = 0; i < o->include_count; i++)
		arg(&cpp, util_xasprintf("-I%s", o->include_dirs[i]));
	arg(&cpp, util_xasprintf("-I%s", "."));
	char *sdk_include = util_sdk_path("include");
	arg(&cpp, util_xasprintf("-I%s", sdk_include));
	free(sdk_include);
	for (size_t i = 0; i < o->define_count; i++)
		arg(&cpp, util_xasprintf("-D%s", o->defines[i]));
	arg(&cpp, util_xstrdup(path));

	if (o->m4_library) {
		arg(&m4, util_xstrdup(m4_prog));
		arg(&m4, util_xstrdup("-s"));
		if (o->m4_prefix_builtins)
			arg(&m4, util_xstrdup("-P"));
		arg(&m4, util_xstrdup(o->m4_library));
		arg(&m4, util_xstrdup("-"));
	}

	bool ok = false;
	int cpp_out[2] = {-1, -1}, m4_out[2] = {-1, -1};
	pid_t cpp_pid = -1, m4_pid = -1;
	if (pipe(cpp_out) != 0 || (o->m4_library && pipe(m4_out) != 0)) {
		diag_error(d, DIAG_NOWHERE, "cannot create a pipe: %s", strerror(errno));
		goto out;
	}
	cpp_pid = spawn(&cpp, -1, cpp_out[1], cpp_out[0]);
	if (cpp_pid < 0) {
		diag_error(d, DIAG_NOWHERE, "cannot run the C preprocessor '%s'", cpp_prog);
		goto out;
	}
	close(cpp_out[1]);
	cpp_out[1] = -1;
	int result_fd = cpp_out[0];
	if (o->m4_library) {
		m4_pid = spawn(&m4, cpp_out[0], m4_out[1], m4_out[0]);
		close(cpp_out[0]);
		cpp_out[0] = -1;
		close(m4_out[1]);
		m4_out[1] = -1;
		if (m4_pid < 0) {
			diag_error(d, DIAG_NOWHERE, "cannot run m4 '%s'", m4_prog);
			goto out;
		}
		result_fd = m4_out[0];
	}
	struct util_str result = {0};
	read_all(result_fd, &result);
	ok = finished_ok(cpp_pid, "the C preprocessor", d);
	cpp_pid = -1;
	if (m4_pid >= 0) {
		ok = finished_ok(m4_pid, "m4", d) && ok;
		m4_pid = -1;
	}
	if (ok) {
		*len = result.len;
		*text = util_str_take(&result);
	}
	util_str_free(&result);
out:
	for (int i = 0; i < 2; i++) {
		if (cpp_out[i] >= 0)
			close(cpp_out[i]);
		if (m4_out[i] >= 0)
			close(m4_out[i]);
	}
	if (cpp_pid >= 0)
		finished_ok(cpp_pid, "the C preprocessor", d);
	if (m4_pid >= 0)
		finished_ok(m4_pid, "m4", d);
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
