/* Register, flag and event names for one HWSQ family, from the register
 * database's HWSQ views. Without a database every name is unknown and the
 * tools print and accept numbers only. */
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

static const enum rnn_space spaces[HWSQ_NAME_KIND_COUNT] = {
	[HWSQ_NAME_REG] = RNN_HWSQ_REG,
	[HWSQ_NAME_FLAG] = RNN_HWSQ_FLAG,
	[HWSQ_NAME_EVENT] = RNN_HWSQ_EVENT,
};

static const char *const kind_texts[HWSQ_NAME_KIND_COUNT] = {"register", "flag", "event"};

const char *hwsq_name_kind_text(enum hwsq_name_kind k)
{
	return kind_texts[k];
}

struct rnn_db *hwsq_names_open_db(const char *dir, char **why)
{
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = rnn_open_for(dir, RNN_NVIDIA, &d);
	*why = NULL;
	if (!db) {
		*why = util_xstrdup(d.count ? d.msgs[0].text : "no register database found");
		if (d.count && d.msgs[0].file)
			*why = (free(*why),
				util_xasprintf("%s: %s", d.msgs[0].file, d.msgs[0].text));
	}
	diag_free(&d);
	return db;
}

void hwsq_names_close_db(struct rnn_db *db)
{
	if (db)
		rnn_close(db);
}

void hwsq_names_init(struct hwsq_names *n, struct rnn_db *db, enum hwsq_family f)
{
	*n = (struct hwsq_names){.family = f};
	if (!db) {
		n->why_none = util_xstrdup("no register database was loaded");
		return;
	}
	n->origin = rnn_origin(db);
	/* A tree without HWSQ names is not an error: numbers still work. */
	struct diag scratch;
	diag_init(&scratch);
	for (unsigned k = 0; k < HWSQ_NAME_KIND_COUNT; k++)
		n->views[k] = rnn_view(db, spaces[k], hwsq_family_info(f)->variant, &scratch);
	diag_free(&scratch);
}

void hwsq_names_free(struct hwsq_names *n)
{
	free(n->why_none);
	n->why_none = NULL;
}

bool hwsq_names_lookup(const struct hwsq_names *n, enum hwsq_name_kind k, const char *name,
		       uint64_t *value)
{
	return n && n->views[k] && rnn_name_to_value(n->views[k], name, value);
}

bool hwsq_names_print(const struct hwsq_names *n, enum hwsq_name_kind k, uint64_t value,
		      struct util_str *out)
{
	return n && n->views[k] && rnn_value_to_name(n->views[k], value, out);
}

void hwsq_names_suggest(const struct hwsq_names *n, enum hwsq_name_kind k, const char *name,
			struct util_str *out)
{
	const char *family = hwsq_family_info(n ? n->family : HWSQ_NV17)->variant;
	if (!n || n->why_none) {
		util_str_printf(out, " (%s)",
				n && n->why_none ? n->why_none : "no register database");
		return;
	}
	if (!n->views[k]) {
		util_str_printf(out, " (the register database %s has no HWSQ %ss for %s)",
				n->origin ? n->origin : "", kind_texts[k], family);
		return;
	}
	const char *best[3];
	size_t count = rnn_suggest(n->views[k], name, best, UTIL_ARRAY_SIZE(best));
	struct util_near near;
	util_near_init(&near, name, 64, count);
	for (size_t i = 0; i < count; i++)
		util_near_add(&near, best[i]);
	/* Only the closest: a near miss of one name should not list three. */
	util_near_closest_only(&near);
	util_str_printf(out, " on %s", family);
	util_near_write(&near, out);
}
