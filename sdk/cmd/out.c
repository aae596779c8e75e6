/* What tools print: their own errors, diagnostics, and the check that
 * standard output really got everything (cmd.h). */
#include "cmd/cmd.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cmd_verror(const struct cmd *c, const char *fmt, va_list ap)
{
	/* what went to standard output so far comes first */
	fflush(stdout);
	fprintf(stderr, "%s: error: ", c->spec->tool);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void cmd_error(const struct cmd *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cmd_verror(c, fmt, ap);
	va_end(ap);
}

void cmd_file_error(const struct cmd *c, const char *file, const char *fmt, ...)
{
	fflush(stdout);
	fprintf(stderr, "%s: %s: error: ", c->spec->tool, strcmp(file, "-") ? file : "<stdin>");
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void cmd_print_diag(const struct cmd *c, const struct diag *d)
{
	/* a tool's TAP or listing so far first, then why it stopped */
	fflush(stdout);
	diag_print(d, stderr, c->spec->tool);
}

int cmd_finish(struct cmd *c, int status)
{
	free(c->buffer);
	c->buffer = NULL;
	/* A write error may have happened at any printf: the stream
	 * remembers it, and the last buffered bytes go out only here. */
	errno = 0;
	bool lost = fflush(stdout) != 0 || ferror(stdout);
	int err = errno;
	if (fclose(stdout) != 0 && !lost) {
		lost = true;
		err = errno;
	}
	if (!lost)
		return status;
	fprintf(stderr, "%s: error: cannot write standard output: %s\n", c->spec->tool,
		strerror(err ? err : EIO));
	return status ? status : 1;
}
