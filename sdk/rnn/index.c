/* The two indexes of a view.
 *
 * Names: every item's name template is a key of an open-addressing hash
 * table; a key lists its items best first (two entries can share a name,
 * e.g. a register and its fallback domain's namesake).
 *
 * Values: the bounds [lo, last] of all items cut the address line into
 * elementary segments; each segment lists the items that may hold its
 * addresses, best first. A lookup is a binary search for the segment,
 * then the address walk of its first few items.
 */
#include "rnn/model.h"

#include <stdlib.h>
#include <string.h>

uint64_t rnn_hash_string(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u; /* FNV-1a */
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3u;
	}
	return h;
}

struct key_ref {
	const char *name;
	uint32_t item;
};

static int compare_key_refs(const void *pa, const void *pb)
{
	const struct key_ref *a = pa, *b = pb;
	int c = strcmp(a->name, b->name);
	if (c)
		return c;
	return a->item < b->item ? -1 : a->item > b->item;
}

static int compare_listed(const void *pa, const void *pb)
{
	const struct rnn_item *a = *(const struct rnn_item *const *)pa;
	const struct rnn_item *b = *(const struct rnn_item *const *)pb;
	if (a->pub.value != b->pub.value)
		return a->pub.value < b->pub.value ? -1 : 1;
	return a->prio < b->prio ? -1 : a->prio > b->prio;
}

static int compare_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
	return a < b ? -1 : a > b;
}

static const char *shown_name(struct rnn_arena *arena, const char *key)
{
	size_t len = strlen(key);
	if (len > 2 && !strcmp(key + len - 2, "[]"))
		return rnn_arena_strndup(arena, key, len - 2);
	return key;
}

static void index_names(struct rnn_arena *arena, struct rnn_view *v)
{
	struct key_ref *refs = util_xcalloc(v->nitems, sizeof *refs);
	for (size_t i = 0; i < v->nitems; i++)
		refs[i] = (struct key_ref){v->items[i].pub.name, (uint32_t)i};
	qsort(refs, v->nitems, sizeof *refs, compare_key_refs);

	v->cands = rnn_arena_alloc(arena, sizeof *v->cands * (v->nitems ? v->nitems : 1));
	v->keys = rnn_arena_alloc(arena, sizeof *v->keys * (v->nitems ? v->nitems : 1));
	for (size_t i = 0; i < v->nitems; i++) {
		v->cands[i] = refs[i].item;
		if (i == 0 || strcmp(refs[i].name, refs[i - 1].name)) {
			struct rnn_key *k = &v->keys[v->nkeys++];
			k->key = refs[i].name;
			k->shown = shown_name(arena, k->key);
			k->first = (uint32_t)i;
		}
		v->keys[v->nkeys - 1].count++;
	}
	free(refs);

	v->nslots = 16;
	while (v->nslots < 2 * v->nkeys)
		v->nslots *= 2;
	v->slots = rnn_arena_alloc(arena, sizeof *v->slots * v->nslots);
	for (size_t k = 0; k < v->nkeys; k++) {
		const char *key = v->keys[k].key;
		size_t s = rnn_hash_string(key, strlen(key)) & (v->nslots - 1);
		while (v->slots[s])
			s = (s + 1) & (v->nslots - 1);
		v->slots[s] = (uint32_t)(k + 1);
	}
}

const struct rnn_key *rnn_find_key(const struct rnn_view *v, const char *key, size_t len)
{
	size_t s = rnn_hash_string(key, len) & (v->nslots - 1);
	for (; v->slots[s]; s = (s + 1) & (v->nslots - 1)) {
		const struct rnn_key *k = &v->keys[v->slots[s] - 1];
		if (!strncmp(k->key, key, len) && k->key[len] == '\0')
			return k;
	}
	return NULL;
}

/* The segment holding value: the last bound <= value. */
static bool find_segment(const struct rnn_view *v, uint64_t value, size_t *seg)
{
	size_t lo = 0, hi = v->nsegs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v->seg_lo[mid] <= value)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return false;
	*seg = lo - 1;
	return true;
}

static void index_values(struct rnn_arena *arena, struct rnn_view *v)
{
	uint64_t *bounds = util_xcalloc(2 * v->nitems + 1, sizeof *bounds);
	size_t n = 0;
	for (size_t i = 0; i < v->nitems; i++) {
		const struct rnn_item *it = &v->items[i];
		if (it->empty)
			continue;
		bounds[n++] = it->lo;
		if (it->last < UINT64_MAX)
			bounds[n++] = it->last + 1;
	}
	qsort(bounds, n, sizeof *bounds, compare_u64);
	size_t unique = 0;
	for (size_t i = 0; i < n; i++)
		if (!unique || bounds[i] != bounds[unique - 1])
			bounds[unique++] = bounds[i];
	v->nsegs = unique;
	v->seg_lo = rnn_arena_alloc(arena, sizeof *v->seg_lo * (unique ? unique : 1));
	memcpy(v->seg_lo, bounds, sizeof *bounds * unique);
	free(bounds);

	/* Count, then fill: items are in priority order already (each one
	 * is numbered as it is made), so each segment's list comes out
	 * best first. */
	v->seg_first = rnn_arena_alloc(arena, sizeof *v->seg_first * (unique + 1));
	size_t total = 0;
	for (int pass = 0; pass < 2; pass++) {
		uint32_t *fill = pass ? util_xcalloc(unique + 1, sizeof *fill) : NULL;
		for (size_t i = 0; i < v->nitems; i++) {
			const struct rnn_item *it = &v->items[i];
			size_t first, last;
			if (it->empty || !find_segment(v, it->lo, &first) ||
			    !find_segment(v, it->last, &last))
				continue;
			for (size_t s = first; s <= last; s++) {
				if (pass == 0)
					v->seg_first[s + 1]++;
				else
					v->seg_items[v->seg_first[s] + fill[s]++] = (uint32_t)i;
			}
		}
		if (pass == 0) {
			for (size_t s = 0; s < unique; s++)
				v->seg_first[s + 1] += v->seg_first[s];
			total = v->seg_first[unique];
			v->seg_items = rnn_arena_alloc(arena,
						       sizeof *v->seg_items * (total ? total : 1));
		}
		free(fill);
	}
}

struct rnn_view *rnn_view_index(struct rnn_arena *arena, struct rnn_builder *b,
				enum rnn_space space, const char *variant)
{
	struct rnn_view *v = RNN_NEW(arena, struct rnn_view);
	v->space = space;
	v->variant = rnn_arena_strdup(arena, variant);
	v->nitems = b->count;
	v->items = rnn_arena_alloc(arena, sizeof *v->items * (b->count ? b->count : 1));
	if (b->count)
		memcpy(v->items, b->items, sizeof *v->items * b->count);
	free(b->items);
	b->items = NULL;
	b->count = b->cap = 0;

	v->listed = rnn_arena_alloc(arena, sizeof *v->listed * (v->nitems ? v->nitems : 1));
	for (size_t i = 0; i < v->nitems; i++)
		if (v->items[i].listed)
			v->listed[v->nlisted++] = &v->items[i];
	qsort(v->listed, v->nlisted, sizeof *v->listed, compare_listed);

	index_names(arena, v);
	index_values(arena, v);
	return v;
}

/* Walks value down an item's levels; false if the item does not hold it. */
static bool walk_value(const struct rnn_item *it, uint64_t value, struct rnn_hit *hit)
{
	uint64_t rest = value;
	for (uint8_t i = 0; i < it->nlevels; i++) {
		const struct rnn_level *lv = &it->levels[i];
		if (rest < lv->off)
			return false;
		rest -= lv->off;
		uint64_t idx = 0;
		if (lv->stride && (lv->indexed || lv->bounded)) {
			idx = rest / lv->stride;
			rest %= lv->stride;
		}
		if (lv->count && idx >= lv->count)
			return false;
		hit->idx[i] = idx;
	}
	if (it->kind == RNN_ITEM_REG && rest >= it->words)
		return false;
	if (it->kind == RNN_ITEM_VALUE && rest)
		return false;
	hit->rest = rest;
	hit->item = it;
	return true;
}

bool rnn_find_value(const struct rnn_view *v, uint64_t value, struct rnn_hit *hit)
{
	size_t seg;
	if (!v || !find_segment(v, value, &seg))
		return false;
	for (uint32_t i = v->seg_first[seg]; i < v->seg_first[seg + 1]; i++)
		if (walk_value(&v->items[v->seg_items[i]], value, hit))
			return true;
	return false;
}
