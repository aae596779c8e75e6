/* "Did you mean" for names a view does not have. */
#include "rnn/model.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* name without indices and offset: "CP_SCRACH[2].REG+1" -> "CP_SCRACH.REG" */
static char *plain(const char *name)
{
	struct util_str s = {0};
	for (const char *p = name; *p && *p != '+'; p++) {
		if (*p == '[') {
			const char *close = strchr(p, ']');
			if (!close)
				break;
			p = close;
			continue;
		}
		util_str_putc(&s, *p);
	}
	return util_str_take(&s);
}

static unsigned distance(const char *want, const char *shown, unsigned cap)
{
	char *have = plain(shown);
	unsigned d = util_edit_distance(want, have, cap);
	free(have);
	return d;
}

struct candidate {
	const char *name;
	unsigned dist;
};

static int compare_candidates(const void *pa, const void *pb)
{
	const struct candidate *a = pa, *b = pb;
	if (a->dist != b->dist)
		return a->dist < b->dist ? -1 : 1;
	return strcmp(a->name, b->name);
}

size_t rnn_suggest(const struct rnn_view *v, const char *name, const char **names, size_t max)
{
	if (!v || !max)
		return 0;
	char *want = plain(name);
	size_t want_len = strlen(want);
	/* Up to a third of the name may be wrong, but never less than 2. */
	unsigned cap = want_len / 3 > 2 ? (unsigned)(want_len / 3) : 2;
	struct candidate *best = util_xcalloc(max, sizeof *best);
	size_t n = 0;
	for (size_t k = 0; k < v->nkeys; k++) {
		char *have = plain(v->keys[k].key);
		size_t have_len = strlen(have);
		size_t diff = have_len > want_len ? have_len - want_len : want_len - have_len;
		unsigned dist = diff > cap ? cap + 1 : util_edit_distance(want, have, cap);
		free(have);
		if (dist > cap)
			continue;
		struct candidate c = {v->keys[k].shown, dist};
		if (n < max) {
			best[n++] = c;
		} else if (compare_candidates(&c, &best[n - 1]) < 0) {
			best[n - 1] = c;
		} else {
			continue;
		}
		qsort(best, n, sizeof *best, compare_candidates);
	}
	for (size_t i = 0; i < n; i++)
		names[i] = best[i].name;
	free(best);
	free(want);
	return n;
}

void rnn_diag_unknown(const struct rnn_view *v, const char *name, struct diag *d,
		      struct diag_loc loc)
{
	uint64_t value;
	const struct rnn_item *item;
	const char *noun = rnn_space_noun(v->space);
	switch (rnn_lookup_name(v, name, &value, &item)) {
	case RNN_NAME_OK:
		return;
	case RNN_NAME_SYNTAX:
		diag_error(d, loc, "'%s' is not a %s name", name, noun);
		return;
	case RNN_NAME_RANGE: {
		struct util_str dims = {0};
		for (uint8_t i = 0; i < item->pub.ndims; i++)
			util_str_printf(&dims, "%s%" PRIu64, i ? " x " : "",
					item->pub.dims[i].count);
		if (item->pub.ndims)
			diag_error(d, loc, "%s: index out of range (%s has %s elements in %s)",
				   name, item->pub.name, dims.text, v->variant);
		else
			diag_error(d, loc, "%s: %s is not an array in %s", name, item->pub.name,
				   v->variant);
		util_str_free(&dims);
		return;
	}
	case RNN_NAME_UNKNOWN:
		break;
	}
	const char *near[3];
	size_t n = rnn_suggest(v, name, near, UTIL_ARRAY_SIZE(near));
	/* Only the closest: a worse one beside it is noise. */
	char *want = plain(name);
	unsigned cap = (unsigned)strlen(want) + 1;
	unsigned best = n ? distance(want, near[0], cap) : 0;
	size_t keep = 0;
	while (keep < n && distance(want, near[keep], cap) == best)
		keep++;
	n = keep;
	free(want);
	struct util_str s = {0};
	util_did_you_mean(&s, near, n);
	diag_error(d, loc, "no %s %s in %s%s", noun, name, v->variant, s.text ? s.text : "");
	util_str_free(&s);
}
