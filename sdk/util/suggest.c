/* "Did you mean": the edit distance, the nearest names to one that was
 * not found, and the one way every tool writes them. */
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

unsigned util_edit_distance(const char *a, const char *b, unsigned cap)
{
	size_t lb = strlen(b);
	unsigned *row = util_xcalloc(lb + 1, sizeof *row);
	for (size_t j = 0; j <= lb; j++)
		row[j] = (unsigned)j;
	for (size_t i = 1; a[i - 1]; i++) {
		unsigned diag = row[0], best = (unsigned)i;
		row[0] = (unsigned)i;
		for (size_t j = 1; j <= lb; j++) {
			unsigned up = row[j];
			unsigned cost = a[i - 1] == b[j - 1] ? 0 : 1;
			unsigned v = diag + cost;
			if (up + 1 < v)
				v = up + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			row[j] = v;
			diag = up;
			if (v < best)
				best = v;
		}
		/* every cell of the row is past the cap: so is the result */
		if (best > cap) {
			free(row);
			return cap + 1;
		}
	}
	unsigned d = row[lb];
	free(row);
	return d > cap ? cap + 1 : d;
}

void util_near_init(struct util_near *n, const char *want, unsigned cap, size_t max)
{
	*n = (struct util_near){.want = want, .cap = cap};
	n->max = max < UTIL_NEAR_MAX ? max : UTIL_NEAR_MAX;
}

void util_near_add_at(struct util_near *n, const char *name, unsigned dist)
{
	if (dist > n->cap || !n->max)
		return;
	for (size_t i = 0; i < n->count; i++)
		if (strcmp(n->names[i], name) == 0)
			return;
	/* nearest first, then by name, so the order never depends on the
	 * order candidates came in (a directory's, a hash table's) */
	size_t at = n->count;
	while (at > 0 && (dist < n->dist[at - 1] ||
			  (dist == n->dist[at - 1] && strcmp(name, n->names[at - 1]) < 0)))
		at--;
	if (at == n->max)
		return;
	if (n->count == n->max)
		free(n->names[--n->count]);
	memmove(n->names + at + 1, n->names + at, (n->count - at) * sizeof *n->names);
	memmove(n->dist + at + 1, n->dist + at, (n->count - at) * sizeof *n->dist);
	n->names[at] = util_xstrdup(name);
	n->dist[at] = dist;
	n->count++;
}

void util_near_add(struct util_near *n, const char *name)
{
	if (!name || strcmp(name, n->want) == 0)
		return;
	util_near_add_at(n, name, util_edit_distance(n->want, name, n->cap));
}

void util_near_closest_only(struct util_near *n)
{
	while (n->count > 1 && n->dist[n->count - 1] > n->dist[0])
		free(n->names[--n->count]);
}

void util_did_you_mean(struct util_str *out, const char *const *names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		util_str_printf(out, "%s'%s'",
				i == 0           ? "; did you mean "
				: i + 1 == count ? " or "
						 : ", ",
				names[i]);
	if (count)
		util_str_putc(out, '?');
}

void util_near_write(struct util_near *n, struct util_str *out)
{
	util_did_you_mean(out, (const char *const *)n->names, n->count);
	util_near_free(n);
}

void util_near_free(struct util_near *n)
{
	for (size_t i = 0; i < n->count; i++)
		free(n->names[i]);
	n->count = 0;
}
