/* Names without a register database: used only while sdk/rnn is not in
 * the tree (see module.mk). Every name is unknown; numbers still work. */
#include <stdlib.h>

#include "hwsq/hwsq.h"

static const char *const kind_texts[HWSQ_NAME_KIND_COUNT] = {"register", "flag", "event"};

const char *hwsq_name_kind_text(enum hwsq_name_kind k)
{
	return kind_texts[k];
}

struct rnn_db *hwsq_names_open_db(const char *dir, char **why)
{
	(void)dir;
	*why = util_xstrdup("this build has no register database (sdk/rnn is missing)");
	return NULL;
}

void hwsq_names_close_db(struct rnn_db *db)
{
	(void)db;
}

void hwsq_names_init(struct hwsq_names *n, struct rnn_db *db, enum hwsq_family f)
{
	(void)db;
	*n = (struct hwsq_names){.family = f};
	n->why_none = util_xstrdup("this build has no register database");
}

void hwsq_names_free(struct hwsq_names *n)
{
	free(n->why_none);
	n->why_none = NULL;
}

bool hwsq_names_lookup(const struct hwsq_names *n, enum hwsq_name_kind k, const char *name,
		       uint64_t *value)
{
	(void)n, (void)k, (void)name, (void)value;
	return false;
}

bool hwsq_names_print(const struct hwsq_names *n, enum hwsq_name_kind k, uint64_t value,
		      struct util_str *out)
{
	(void)n, (void)k, (void)value, (void)out;
	return false;
}

void hwsq_names_suggest(const struct hwsq_names *n, enum hwsq_name_kind k, const char *name,
			struct util_str *out)
{
	(void)k, (void)name;
	util_str_printf(out, " (%s)", n && n->why_none ? n->why_none : "no register database");
}
