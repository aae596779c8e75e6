/* Variants: which nodes exist for the chip a view is built for.
 *
 * A variants attribute lists values of an enum (its "varset"):
 *   A5XX        one value
 *   A6XX-A7XX   a range, both ends included ("A5XX-": to the end)
 *   NV41:G80    a range, the end excluded (":NV20": from the start)
 * in the order the enum lists its values. The enum is the node's varset
 * attribute, else the enum its prefix names, else the varset inherited
 * from the enclosing nodes. A node that is absent hides what it contains.
 */
#include "rnn/model.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool parse_chipset_number(const char *variant, uint64_t *number)
{
	if ((variant[0] != 'N' && variant[0] != 'n') || (variant[1] != 'V' && variant[1] != 'v'))
		return false;
	char *text = util_xasprintf("0x%s", variant + 2);
	bool ok = variant[2] && util_parse_u64(text, number);
	free(text);
	return ok;
}

bool rnn_variant_index(const struct rnn_enum *e, const char *variant, size_t *index)
{
	size_t i = 0;
	for (const struct rnn_value *v = e->values; v; v = v->next, i++) {
		if (!strcasecmp(v->name, variant)) {
			*index = i;
			return true;
		}
	}
	/* envytools names NV50 "G80" and NVC0 "GF100"; its values carry the
	 * chipset numbers, so "NV50" still finds G80. */
	uint64_t number;
	if (!parse_chipset_number(variant, &number))
		return false;
	i = 0;
	for (const struct rnn_value *v = e->values; v; v = v->next, i++) {
		if (v->has_value && v->value == number) {
			*index = i;
			return true;
		}
	}
	return false;
}

static const struct rnn_enum *prefix_enum(const struct rnn_varctx *vc, struct rnn_vscope parent,
					  const struct rnn_vattr *va)
{
	if (!va->prefix)
		return parent.prefix;
	if (!strcmp(va->prefix, "none"))
		return NULL;
	return rnn_find_enum(vc->model, va->prefix);
}

struct rnn_vscope rnn_vscope_enter(const struct rnn_varctx *vc, struct rnn_vscope parent,
				   const struct rnn_vattr *va)
{
	struct rnn_vscope s;
	s.prefix = prefix_enum(vc, parent, va);
	if (va->varset)
		s.varset = va->varset;
	else
		s.varset = s.prefix ? NULL : parent.varset;
	return s;
}

/* Position of name in e, exactly as written (rnndb is case-sensitive
 * here); false if absent. */
static bool value_index(const struct rnn_enum *e, const char *name, size_t len, size_t *index)
{
	size_t i = 0;
	for (const struct rnn_value *v = e->values; v; v = v->next, i++) {
		if (strlen(v->name) == len && !strncmp(v->name, name, len)) {
			*index = i;
			return true;
		}
	}
	return false;
}

/* Whether the chosen index is in one item of a variants list. */
static bool item_matches(const struct rnn_enum *e, size_t chosen, const char *item, size_t len,
			 struct rnn_src src, struct diag *d, bool *bad)
{
	size_t split = strcspn(item, ":-");
	if (split >= len) {
		size_t idx;
		if (!value_index(e, item, len, &idx))
			goto unknown;
		return idx == chosen;
	}
	size_t first = 0, last = e->count; /* [first, last) */
	if (split > 0 && !value_index(e, item, split, &first)) {
		len = split;
		goto unknown;
	}
	if (split + 1 < len) {
		if (!value_index(e, item + split + 1, len - split - 1, &last)) {
			item += split + 1;
			len -= split + 1;
			goto unknown;
		}
		if (item[split] == '-')
			last++;
	}
	return chosen >= first && chosen < last;
unknown:
	diag_error(d, diag_at(src.file, src.line, 0), "variant '%.*s' is not a value of enum %s",
		   (int)len, item, e->name);
	*bad = true;
	return false;
}

bool rnn_variant_match(const struct rnn_varctx *vc, struct rnn_vscope parent,
		       const struct rnn_vattr *va, struct rnn_src src, struct diag *d)
{
	if (!va->variants)
		return true;
	struct rnn_vscope s = rnn_vscope_enter(vc, parent, va);
	const struct rnn_enum *e = s.varset ? rnn_find_enum(vc->model, s.varset) : s.prefix;
	if (!e) {
		diag_error(d, diag_at(src.file, src.line, 0),
			   "variants '%s' without a varset to choose from", va->variants);
		return false;
	}
	if (e != vc->venum)
		return true;
	bool found = false, bad = false;
	const char *p = va->variants;
	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		size_t len = 0;
		while (p[len] && !isspace((unsigned char)p[len]))
			len++;
		if (len && item_matches(e, vc->index, p, len, src, d, &bad))
			found = true;
		p += len;
	}
	return found && !bad;
}
