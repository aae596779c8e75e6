/* Where the debugger's commands come from: -x FILE first, then standard
 * input; at a terminal through libedit (line editing, history with the
 * arrow keys), otherwise read plainly so that sessions can be scripted,
 * each command echoed after the prompt so the transcript reads as one. */
#include <errno.h>
#include <histedit.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbg/session.h"

/* lines kept for the up arrow */
#define HISTORY_SIZE 500

struct dbg_input {
	FILE *file;       /* -x FILE, until its end */
	bool script_only; /* the file's end is the end of the input */
	FILE *out;        /* where plain lines are echoed */
	bool tty;
	EditLine *el;
	History *hist;
	const char *prompt;
	char *line;
	size_t cap;
};

static char *prompt_of(EditLine *el)
{
	struct dbg_input *in = NULL;
	el_get(el, EL_CLIENTDATA, &in);
	return (char *)in->prompt;
}

struct dbg_input *dbg_input_new(const char *file, bool script_only, FILE *out, char **error)
{
	struct dbg_input *in = util_xcalloc(1, sizeof *in);
	in->script_only = script_only;
	in->out = out;
	if (file) {
		in->file = fopen(file, "r");
		if (!in->file) {
			*error = util_xasprintf("%s: %s", file, strerror(errno));
			free(in);
			return NULL;
		}
	}
	in->tty = !script_only && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	if (!in->tty)
		return in;
	in->el = el_init("afuc-emu", stdin, stdout, stderr);
	in->hist = history_init();
	if (!in->el || !in->hist) {
		/* no terminal handling after all: plain lines still work */
		if (in->el)
			el_end(in->el);
		if (in->hist)
			history_end(in->hist);
		in->el = NULL;
		in->hist = NULL;
		in->tty = false;
		return in;
	}
	HistEvent ev;
	history(in->hist, &ev, H_SETSIZE, HISTORY_SIZE);
	history(in->hist, &ev, H_SETUNIQUE, 1);
	el_set(in->el, EL_CLIENTDATA, in);
	el_set(in->el, EL_EDITOR, "emacs");
	el_set(in->el, EL_PROMPT, prompt_of);
	el_set(in->el, EL_HIST, history, in->hist);
	el_set(in->el, EL_SIGNAL, 1);
	return in;
}

void dbg_input_free(struct dbg_input *in)
{
	if (!in)
		return;
	if (in->file)
		fclose(in->file);
	if (in->el)
		el_end(in->el);
	if (in->hist)
		history_end(in->hist);
	free(in->line);
	free(in);
}

bool dbg_input_interactive(const struct dbg_input *in)
{
	return in->el != NULL && !in->file;
}

static const char *chomp(struct dbg_input *in, const char *text, size_t len)
{
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	if (len + 1 > in->cap)
		util_grow(&in->line, &in->cap, len + 1, 1);
	memcpy(in->line, text, len);
	in->line[len] = '\0';
	return in->line;
}

/* A line of f, echoed after the prompt; NULL at its end. */
static const char *plain_line(struct dbg_input *in, FILE *f, const char *prompt)
{
	char *text = NULL;
	size_t cap = 0;
	ssize_t n = getline(&text, &cap, f);
	if (n < 0) {
		free(text);
		return NULL;
	}
	const char *line = chomp(in, text, (size_t)n);
	free(text);
	fprintf(in->out, "%s%s\n", prompt, line);
	fflush(in->out);
	return line;
}

const char *dbg_input_line(struct dbg_input *in, const char *prompt)
{
	fflush(in->out);
	if (in->file) {
		const char *line = plain_line(in, in->file, prompt);
		if (line)
			return line;
		fclose(in->file);
		in->file = NULL;
	}
	if (in->script_only)
		return NULL;
	if (!in->el)
		return plain_line(in, stdin, prompt);
	in->prompt = prompt;
	int count = 0;
	const char *text = el_gets(in->el, &count);
	if (!text || count <= 0) {
		fputc('\n', stdout); /* the prompt ends its line at ^D */
		return NULL;
	}
	const char *line = chomp(in, text, (size_t)count);
	if (line[strspn(line, " \t")]) {
		HistEvent ev;
		history(in->hist, &ev, H_ENTER, line);
	}
	return line;
}
