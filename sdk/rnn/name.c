/* Names both ways, written the way Mesa's and envytools' decoders print
 * them:
 *   CP_RB_BASE               a register
 *   CP_SCRATCH[0x6].REG      a register in an array (index as "%#x": 0, 0x1..)
 *   MEM_READ_ADDR+0x1        a word inside a register wider than the space
 *   RBBM_PERFCTR_CP[0]+0     an address an array claims but no register holds
 *   CP_..._HI                the upper word of a reg64 of type address
 *
 * Grammar accepted by rnn_name_to_value:
 *   name    := segment ("." segment)* ("+" number)?
 *   segment := [A-Za-z0-9_]+ ("[" number "]")*
 * where number is any C unsigned number.
 */
#include "rnn/model.h"

#include <inttypes.h>
#include <string.h>

static bool is_address_type(const char *type)
{
	return type && (!strcmp(type, "address") || !strcmp(type, "waddress"));
}

static void format_hit(const struct rnn_hit *hit, struct util_str *out)
{
	const struct rnn_item *it = hit->item;
	for (uint8_t seg = 0; seg < it->nsegs; seg++) {
		if (seg)
			util_str_putc(out, '.');
		util_str_puts(out, it->segs[seg]);
		for (uint8_t i = 0; i < it->nlevels; i++)
			if (it->levels[i].indexed && it->levels[i].seg == seg)
				util_str_printf(out, "[%#" PRIx64 "]", hit->idx[i]);
	}
	if (it->kind == RNN_ITEM_ARRAY || (it->kind == RNN_ITEM_REG && hit->rest)) {
		if (it->kind == RNN_ITEM_REG && hit->rest == 1 && is_address_type(it->pub.type))
			util_str_puts(out, "_HI");
		else
			util_str_printf(out, "+%#" PRIx64, hit->rest);
	}
}

bool rnn_value_to_name(const struct rnn_view *v, uint64_t value, struct util_str *out)
{
	struct rnn_hit hit;
	if (!rnn_find_value(v, value, &hit))
		return false;
	format_hit(&hit, out);
	return true;
}

const struct rnn_entry *rnn_entry_at(const struct rnn_view *v, uint64_t value)
{
	struct rnn_hit hit;
	return rnn_find_value(v, value, &hit) ? &hit.item->pub : NULL;
}

static bool name_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* A parsed name: its key (segments with "[]" for indices) and numbers. */
struct parsed {
	struct util_str key;
	uint64_t idx[RNN_MAX_LEVELS];
	size_t nidx;
	uint64_t plus;
	bool last_indexed; /* the last segment had an index */
};

static bool parse_number_until(const char **p, char end, uint64_t *value)
{
	const char *stop = strchr(*p, end);
	if (!stop || stop == *p)
		return false;
	char buf[32];
	size_t len = (size_t)(stop - *p);
	if (len >= sizeof buf)
		return false;
	memcpy(buf, *p, len);
	buf[len] = '\0';
	if (!util_parse_u64(buf, value))
		return false;
	*p = stop;
	return true;
}

static bool parse_name(const char *name, struct parsed *out)
{
	const char *p = name;
	for (;;) {
		const char *start = p;
		while (name_char(*p))
			p++;
		if (p == start)
			return false;
		util_str_putn(&out->key, start, (size_t)(p - start));
		out->last_indexed = false;
		while (*p == '[') {
			p++;
			if (out->nidx >= RNN_MAX_LEVELS ||
			    !parse_number_until(&p, ']', &out->idx[out->nidx]))
				return false;
			out->nidx++;
			p++;
			util_str_puts(&out->key, "[]");
			out->last_indexed = true;
		}
		if (*p != '.')
			break;
		util_str_putc(&out->key, '.');
		p++;
	}
	if (*p == '+') {
		p++;
		return *p && util_parse_u64(p, &out->plus);
	}
	return *p == '\0';
}

/* The value of element idx[] of an item, if the indices fit. */
static bool item_value(const struct rnn_item *it, const uint64_t *idx, size_t nidx, uint64_t plus,
		       uint64_t *value)
{
	if (nidx != it->pub.ndims)
		return false;
	uint64_t v = it->pub.value;
	for (size_t i = 0; i < nidx; i++) {
		const struct rnn_dim *dim = &it->pub.dims[i];
		if (dim->count && idx[i] >= dim->count)
			return false;
		if (dim->stride && idx[i] > (UINT64_MAX - v) / dim->stride)
			return false;
		v += idx[i] * dim->stride;
	}
	if (plus > UINT64_MAX - v)
		return false;
	*value = v + plus;
	return true;
}

static enum rnn_name_status try_key(const struct rnn_view *v, const char *key, size_t len,
				    const uint64_t *idx, size_t nidx, uint64_t plus,
				    uint64_t *value, const struct rnn_item **item)
{
	const struct rnn_key *k = rnn_find_key(v, key, len);
	if (!k)
		return RNN_NAME_UNKNOWN;
	for (uint32_t i = 0; i < k->count; i++) {
		const struct rnn_item *it = &v->items[v->cands[k->first + i]];
		if (item_value(it, idx, nidx, plus, value)) {
			*item = it;
			return RNN_NAME_OK;
		}
	}
	*item = &v->items[v->cands[k->first]];
	return RNN_NAME_RANGE;
}

enum rnn_name_status rnn_lookup_name(const struct rnn_view *v, const char *name, uint64_t *value,
				     const struct rnn_item **item)
{
	struct parsed p = {0};
	const struct rnn_item *dummy;
	if (!item)
		item = &dummy;
	*item = NULL;
	enum rnn_name_status st = RNN_NAME_SYNTAX;
	if (!v || !parse_name(name, &p))
		goto out;
	st = try_key(v, p.key.text, p.key.len, p.idx, p.nidx, p.plus, value, item);
	if (st != RNN_NAME_UNKNOWN || p.last_indexed)
		goto out;
	/* "CP_SCRATCH_REG" for element 0, as Mesa's assembler takes it. */
	if (p.nidx < RNN_MAX_LEVELS) {
		util_str_puts(&p.key, "[]");
		p.idx[p.nidx] = 0;
		st = try_key(v, p.key.text, p.key.len, p.idx, p.nidx + 1, p.plus, value, item);
		p.key.len -= 2;
		p.key.text[p.key.len] = '\0';
		if (st != RNN_NAME_UNKNOWN)
			goto out;
	}
	/* NAME_HI, the upper word of an address register. */
	if (p.key.len > 3 && !strcmp(p.key.text + p.key.len - 3, "_HI")) {
		const struct rnn_item *it;
		uint64_t plus = p.plus;
		if (plus < UINT64_MAX &&
		    try_key(v, p.key.text, p.key.len - 3, p.idx, p.nidx, plus + 1, value, &it) ==
			    RNN_NAME_OK &&
		    it->kind == RNN_ITEM_REG && it->words > 1 && is_address_type(it->pub.type)) {
			*item = it;
			st = RNN_NAME_OK;
		}
	}
out:
	util_str_free(&p.key);
	return st;
}

bool rnn_name_to_value(const struct rnn_view *v, const char *name, uint64_t *value)
{
	uint64_t found;
	if (rnn_lookup_name(v, name, &found, NULL) != RNN_NAME_OK)
		return false;
	*value = found;
	return true;
}
