/* Flattening: the nodes of a domain (or the values of an enum) that exist
 * for one variant become items, each a register template with the walk
 * from an address to its indices (struct rnn_level).
 *
 * Names and priorities copy what Mesa's and envytools' decoder does:
 * elements are tried in file order and the first that holds the address
 * wins; an array whose registers do not hold it still claims it (printed
 * "ARRAY[i]+off"), which is why an array's own item gets its priority
 * after all of its children. Indices of an anonymous stripe are printed
 * after the next name below it; arrays of length 1 print no index.
 */
#include "rnn/model.h"

#include <string.h>

/* Nested use-groups deeper than this are a group using itself. */
#define RNN_MAX_GROUP_DEPTH 16

#define PENDING_SEG 0xff

struct walk {
	struct rnn_builder *b;
	struct diag *d;
	unsigned dwidth;
	struct rnn_level levels[RNN_MAX_LEVELS];
	uint8_t nlevels;
	const char *segs[RNN_MAX_LEVELS];
	uint8_t nsegs;
	unsigned groups;
	bool ok;
};

static struct rnn_item *new_item(struct rnn_builder *b, enum rnn_item_kind kind)
{
	struct rnn_item *it = UTIL_PUSH(b->items, b->count, b->cap);
	it->kind = kind;
	it->pub.domain = b->domain;
	it->pub.count = 1;
	return it;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/* The name with "[]" after each indexed level's segment. */
static const char *template_name(struct rnn_arena *arena, const struct rnn_item *it)
{
	struct util_str s = {0};
	for (uint8_t seg = 0; seg < it->nsegs; seg++) {
		if (seg)
			util_str_putc(&s, '.');
		util_str_puts(&s, it->segs[seg]);
		for (uint8_t i = 0; i < it->nlevels; i++)
			if (it->levels[i].indexed && it->levels[i].seg == seg)
				util_str_puts(&s, "[]");
	}
	const char *name = rnn_arena_strdup(arena, s.text ? s.text : "");
	util_str_free(&s);
	return name;
}

/* Fills in what every item has: levels, segments, span, public face. */
static void finish_item(struct walk *w, struct rnn_item *it, uint64_t extent)
{
	struct rnn_arena *arena = w->b->arena;
	it->nlevels = w->nlevels;
	memcpy(it->levels, w->levels, sizeof it->levels);
	it->nsegs = w->nsegs;
	memcpy(it->segs, w->segs, sizeof it->segs);
	it->prio = w->b->prio++;

	uint64_t lo = 0, span = 0;
	size_t ndims = 0;
	struct rnn_dim *dims = rnn_arena_alloc(arena, sizeof *dims * RNN_MAX_LEVELS);
	for (uint8_t i = 0; i < it->nlevels; i++) {
		const struct rnn_level *lv = &it->levels[i];
		lo = sat_add(lo, lv->off);
		if (lv->indexed) {
			span = lv->count ? sat_add(span, sat_mul(lv->count - 1, lv->stride))
					 : UINT64_MAX;
			dims[ndims++] = (struct rnn_dim){lv->count, lv->stride};
		}
	}
	it->lo = lo;
	it->empty = extent == 0;
	it->last = it->empty ? lo : sat_add(sat_add(lo, span), extent - 1);
	it->pub.name = template_name(arena, it);
	it->pub.value = lo;
	it->pub.ndims = (uint8_t)ndims;
	it->pub.dims = dims;
	if (ndims) {
		const struct rnn_dim *in = &dims[ndims - 1];
		it->pub.count = in->count > UINT32_MAX ? UINT32_MAX : (uint32_t)in->count;
		it->pub.stride = in->stride > UINT32_MAX ? UINT32_MAX : (uint32_t)in->stride;
	}
}

static bool push_level(struct walk *w, const struct rnn_node *n, struct rnn_level lv)
{
	if (w->nlevels >= RNN_MAX_LEVELS || w->nsegs >= RNN_MAX_LEVELS) {
		diag_error(w->d, diag_at(n->src.file, n->src.line, 0),
			   "arrays and stripes nested more than %d deep", RNN_MAX_LEVELS);
		w->ok = false;
		return false;
	}
	w->levels[w->nlevels++] = lv;
	return true;
}

/* A named node starts a segment; indices still waiting for a name (from
 * anonymous stripes above) are printed after it. */
static void name_segment(struct walk *w, const char *name)
{
	for (uint8_t i = 0; i < w->nlevels; i++)
		if (w->levels[i].seg == PENDING_SEG)
			w->levels[i].seg = w->nsegs;
	w->segs[w->nsegs++] = name;
}

static void walk_children(struct walk *w, const struct rnn_node *parent, struct rnn_vscope scope);

static void walk_reg(struct walk *w, const struct rnn_node *n)
{
	uint64_t words = n->width / w->dwidth;
	struct rnn_level lv = {
		.off = n->offset,
		.stride = n->stride ? n->stride : (n->length != 1 ? words : 0),
		.count = n->length,
		.indexed = n->length != 1,
		.bounded = n->stride != 0,
		.seg = PENDING_SEG,
	};
	uint8_t nlevels = w->nlevels, nsegs = w->nsegs;
	struct rnn_level saved[RNN_MAX_LEVELS];
	memcpy(saved, w->levels, sizeof saved);
	if (push_level(w, n, lv)) {
		name_segment(w, n->name);
		struct rnn_item *it = new_item(w->b, RNN_ITEM_REG);
		it->words = (uint32_t)words;
		it->pub.width = (uint8_t)n->width;
		it->pub.type = n->type;
		it->listed = true;
		finish_item(w, it, words);
	}
	memcpy(w->levels, saved, sizeof saved);
	w->nlevels = nlevels;
	w->nsegs = nsegs;
}

static void walk_array(struct walk *w, const struct rnn_node *n, struct rnn_vscope scope)
{
	bool is_array = n->kind == RNN_NODE_ARRAY;
	struct rnn_level lv = {
		.off = n->offset,
		.stride = n->stride,
		.count = n->length,
		.indexed = n->length != 1,
		.bounded = is_array,
		.seg = PENDING_SEG,
	};
	uint8_t nlevels = w->nlevels, nsegs = w->nsegs;
	struct rnn_level saved[RNN_MAX_LEVELS];
	memcpy(saved, w->levels, sizeof saved);
	if (push_level(w, n, lv)) {
		if (n->name)
			name_segment(w, n->name);
		size_t before = w->b->count;
		walk_children(w, n, scope);
		/* Mesa names a hole in a named array after the array. */
		if (is_array && n->name && w->ok) {
			struct rnn_item *it = new_item(w->b, RNN_ITEM_ARRAY);
			it->listed = w->b->count - 1 == before;
			finish_item(w, it, n->stride ? n->stride : 1);
		}
	}
	memcpy(w->levels, saved, sizeof saved);
	w->nlevels = nlevels;
	w->nsegs = nsegs;
}

static void walk_node(struct walk *w, const struct rnn_node *n, struct rnn_vscope parent)
{
	size_t errors = w->d->errors;
	if (!rnn_variant_match(&w->b->vc, parent, &n->va, n->src, w->d)) {
		if (w->d->errors != errors)
			w->ok = false;
		return;
	}
	struct rnn_vscope scope = rnn_vscope_enter(&w->b->vc, parent, &n->va);
	switch (n->kind) {
	case RNN_NODE_REG:
		walk_reg(w, n);
		break;
	case RNN_NODE_ARRAY:
	case RNN_NODE_STRIPE:
		walk_array(w, n, scope);
		break;
	case RNN_NODE_USE_GROUP: {
		const struct rnn_node *g = rnn_find_group(w->b->vc.model, n->name);
		if (!g) {
			diag_error(w->d, diag_at(n->src.file, n->src.line, 0),
				   "use-group of unknown group %s", n->name);
			w->ok = false;
		} else if (w->groups >= RNN_MAX_GROUP_DEPTH) {
			diag_error(w->d, diag_at(n->src.file, n->src.line, 0),
				   "group %s uses itself", n->name);
			w->ok = false;
		} else {
			w->groups++;
			walk_children(w, g, scope);
			w->groups--;
		}
		break;
	}
	case RNN_NODE_DOMAIN:
	case RNN_NODE_GROUP:
		break;
	}
}

static void walk_children(struct walk *w, const struct rnn_node *parent, struct rnn_vscope scope)
{
	for (const struct rnn_node *c = parent->children; c && w->ok; c = c->next)
		walk_node(w, c, scope);
}

bool rnn_flatten_domain(struct rnn_builder *b, const struct rnn_node *dom, struct diag *d)
{
	struct walk w = {.b = b, .d = d, .dwidth = dom->width, .ok = true};
	struct rnn_vscope top = {0};
	size_t errors = d->errors;
	if (!rnn_variant_match(&b->vc, top, &dom->va, dom->src, d))
		return d->errors == errors;
	b->domain = dom->name;
	walk_children(&w, dom, rnn_vscope_enter(&b->vc, top, &dom->va));
	return w.ok;
}

static struct rnn_item *value_item(struct rnn_builder *b, const char *name, uint64_t value)
{
	struct rnn_item *it = new_item(b, RNN_ITEM_VALUE);
	it->words = 1;
	it->nlevels = 1;
	it->levels[0] = (struct rnn_level){.off = value, .count = 1};
	it->nsegs = 1;
	it->segs[0] = name;
	it->prio = b->prio++;
	it->lo = value;
	it->last = value;
	it->listed = true;
	it->pub.name = name;
	it->pub.value = value;
	it->pub.dims = NULL;
	return it;
}

bool rnn_flatten_enum(struct rnn_builder *b, const struct rnn_enum *e, struct diag *d)
{
	struct rnn_vscope top = {0};
	size_t errors = d->errors;
	if (!rnn_variant_match(&b->vc, top, &e->va, e->src, d))
		return d->errors == errors;
	struct rnn_vscope scope = rnn_vscope_enter(&b->vc, top, &e->va);
	b->domain = e->name;
	for (const struct rnn_value *v = e->values; v; v = v->next) {
		if (!rnn_variant_match(&b->vc, scope, &v->va, v->src, d))
			continue;
		if (v->has_value)
			value_item(b, v->name, v->value);
	}
	return d->errors == errors;
}

bool rnn_flatten_fields(struct rnn_builder *b, const struct rnn_field *fields,
			struct rnn_vscope scope, uint64_t base, struct diag *d)
{
	size_t errors = d->errors;
	for (const struct rnn_field *f = fields; f; f = f->next)
		if (rnn_variant_match(&b->vc, scope, &f->va, f->src, d))
			value_item(b, f->name, base + f->low)->pub.width = (uint8_t)(f->high -
										     f->low + 1);
	return d->errors == errors;
}

static const struct rnn_node *find_reg_in(const struct rnn_varctx *vc,
					  const struct rnn_node *parent, const char *name,
					  struct rnn_vscope scope, struct rnn_vscope *found,
					  struct diag *d, unsigned depth)
{
	if (depth > RNN_MAX_GROUP_DEPTH + RNN_MAX_LEVELS)
		return NULL;
	for (const struct rnn_node *n = parent->children; n; n = n->next) {
		if (!rnn_variant_match(vc, scope, &n->va, n->src, d))
			continue;
		struct rnn_vscope inner = rnn_vscope_enter(vc, scope, &n->va);
		if (n->kind == RNN_NODE_REG && !strcmp(n->name, name)) {
			*found = inner;
			return n;
		}
		const struct rnn_node *in = n;
		if (n->kind == RNN_NODE_USE_GROUP)
			in = rnn_find_group(vc->model, n->name);
		if (in && in->kind != RNN_NODE_REG) {
			const struct rnn_node *r = find_reg_in(vc, in, name, inner, found, d,
							       depth + 1);
			if (r)
				return r;
		}
	}
	return NULL;
}

const struct rnn_node *rnn_find_reg(const struct rnn_varctx *vc, const struct rnn_node *dom,
				    const char *name, struct rnn_vscope *scope, struct diag *d)
{
	struct rnn_vscope top = {0};
	if (!rnn_variant_match(vc, top, &dom->va, dom->src, d))
		return NULL;
	return find_reg_in(vc, dom, name, rnn_vscope_enter(vc, top, &dom->va), scope, d, 0);
}
