/* The register database the emulator names things with: the SDK's own
 * (found beside the running program or through the environment) or a
 * tree the user names. */
#include "emuload/emuload.h"
#include "rnn/rnn.h"
#include "util/util.h"

struct rnn_db *emu_rnndb_open(const char *dir, char **error)
{
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = rnn_open_for(dir, RNN_ADRENO, &d);
	if (!db && error) {
		struct util_str s = {0};
		for (size_t i = 0; i < d.count; i++)
			util_str_printf(&s, "%s%s%s%s", s.len ? "\n" : "",
					d.msgs[i].file ? d.msgs[i].file : "",
					d.msgs[i].file ? ": " : "", d.msgs[i].text);
		if (!s.len)
			util_str_puts(&s, "cannot open the register database");
		*error = util_str_take(&s);
	}
	diag_free(&d);
	return db;
}

void emu_rnndb_close(struct rnn_db *db)
{
	rnn_close(db);
}
