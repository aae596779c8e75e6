/* A tool's outputs of one run, written all or none (cmd.h). */
#include "cmd/cmd.h"

#include <stdlib.h>
#include <string.h>

void cmd_outputs_add(struct cmd_outputs *o, const char *what, const char *path, const void *data,
		     size_t len)
{
	if (o->count >= CMD_MAX_OUTPUTS)
		abort(); /* a tool's bug: its outputs are fixed by its code, not its input */
	o->what[o->count] = what;
	o->paths[o->count] = path;
	o->data[o->count] = data ? data : "";
	o->len[o->count++] = len;
}

bool cmd_outputs_write(const struct cmd_outputs *o, struct diag *d)
{
	struct util_outputs group = {0};
	int err = 0;
	size_t failed = 0;
	for (size_t i = 0; i < o->count && !err; i++) {
		err = util_outputs_add(&group, o->paths[i], o->data[i], o->len[i]);
		failed = group.count;
	}
	if (err)
		util_outputs_abort(&group);
	else
		err = util_outputs_commit(&group, &failed);
	if (!err)
		return true;
	const char *path = strcmp(o->paths[failed], "-") ? o->paths[failed] : "<stdout>";
	const char *what = o->what[failed];
	diag_error(d, diag_at(path, 0, 0), "cannot write%s%s: %s", what ? " " : "",
		   what ? what : "", strerror(err));
	return false;
}
