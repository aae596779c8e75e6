/* Names that stand for numbers: @control, %SQE and |pipe registers, GPU
 * registers and PM4 packets from the register database, .set constants.
 * The database is opened, and each view built, on first use. */
#include <stdlib.h>
#include <string.h>

#include "as/internal.h"

static bool open_db(struct as_ctx *c, uint32_t col)
{
	if (c->db)
		return true;
	if (c->db_failed)
		return false;
	if (c->opt->db) {
		c->db = c->opt->db;
		return true;
	}
	struct diag why;
	diag_init(&why);
	c->db = rnn_open_for(c->opt->rnndb_dir, RNN_ADRENO, &why);
	if (!c->db) {
		c->db_failed = true;
		as_error(c, col,
			 "names need the register database, which could not be opened "
			 "(name one with --rnndb DIR)");
		diag_append(c->d, &why);
	}
	diag_free(&why);
	c->db_owned = c->db != NULL;
	return c->db != NULL;
}

const struct rnn_view *as_view(struct as_ctx *c, enum rnn_space space, uint32_t col)
{
	if (c->views[space])
		return c->views[space];
	if (c->view_failed[space] || !as_need_gen(c, col) || !open_db(c, col))
		return NULL;
	struct diag why;
	diag_init(&why);
	const char *variant = space == RNN_CONTROL && c->control_variant[0]
				      ? c->control_variant
				      : isa_gen_variant(c->gen);
	c->views[space] = rnn_view(c->db, space, variant, &why);
	if (!c->views[space]) {
		c->view_failed[space] = true;
		as_error(c, col, "the register database has no %s names for %s",
			 rnn_space_noun(space), variant);
		diag_append(c->d, &why);
	}
	diag_free(&why);
	return c->views[space];
}

/* Gives the message rnn_diag_unknown adds the line and caret as well. */
static void unknown_in_view(struct as_ctx *c, const struct rnn_view *v, const char *name,
			    uint32_t col)
{
	size_t before = c->d->count;
	rnn_diag_unknown(v, name, c->d, diag_at(c->src.file, c->src.line, col));
	if (c->d->count > before && !c->d->msgs[before].source_line && c->src.text)
		c->d->msgs[before].source_line = util_xstrndup(c->src.text,
							       strcspn(c->src.text, "\r\n"));
}

void as_unknown_in(struct as_ctx *c, enum rnn_space space, const char *name, uint32_t col)
{
	const struct rnn_view *v = as_view(c, space, col);
	if (v)
		unknown_in_view(c, v, name, col);
}

bool as_lookup_space(struct as_ctx *c, enum rnn_space space, const char *name, uint32_t col,
		     int64_t *value)
{
	const struct rnn_view *v = as_view(c, space, col);
	if (!v)
		return false;
	uint64_t found;
	if (rnn_name_to_value(v, name, &found)) {
		*value = (int64_t)found;
		return true;
	}
	unknown_in_view(c, v, name, col);
	return false;
}

bool as_lookup_name(struct as_ctx *c, const char *name, uint32_t col, int64_t *value)
{
	uint32_t k;
	if (as_map_get(&c->consts, 0, name, strlen(name), &k)) {
		*value = c->const_values[k];
		return true;
	}
	const struct rnn_view *gpu = as_view(c, RNN_GPU, col);
	const struct rnn_view *pm4 = as_view(c, RNN_PM4, col);
	uint64_t found;
	if ((gpu && rnn_name_to_value(gpu, name, &found)) ||
	    (pm4 && rnn_name_to_value(pm4, name, &found))) {
		*value = (int64_t)found;
		return true;
	}
	if (!gpu || !pm4)
		return false; /* the database problem is reported already */
	/* Close names of every kind the name could have been. */
	const char *close[6];
	size_t n = rnn_suggest(gpu, name, close, 3);
	n += rnn_suggest(pm4, name, close + n, 2);
	for (size_t i = 0; i < c->const_count && n < UTIL_ARRAY_SIZE(close); i++) {
		const char *cname = c->o->symbols[c->const_symbols[i]].name;
		if (util_edit_distance(name, cname, 3) <= 2)
			close[n++] = cname;
	}
	struct util_str msg = {0};
	util_str_printf(&msg,
			"unknown name '%s': not a .set constant, GPU register or PM4 packet "
			"of %s",
			name, isa_gen_variant(c->gen));
	util_did_you_mean(&msg, close, n);
	as_error(c, col, "%s", msg.text);
	util_str_free(&msg);
	return false;
}

static bool all_caps(const char *name)
{
	for (; *name; name++)
		if (!((*name >= 'A' && *name <= 'Z') || (*name >= '0' && *name <= '9') ||
		      *name == '_'))
			return false;
	return true;
}

bool as_pm4_opcode(struct as_ctx *c, const char *name, uint32_t *opcode)
{
	/* Packet names are upper case: lower-case labels (l21, fxn12) never
	 * need the database. */
	const struct rnn_view *pm4 = all_caps(name) ? as_view(c, RNN_PM4, 0) : NULL;
	return rnn_pm4_opcode(pm4, name, opcode);
}

/* The variants of the PM4 enum in the order the database's chip enum
 * lists them (adreno_common.xml), older generations first. */
static const char *const pm4_variants[] = {"A2XX", "A3XX", "A4XX", "A5XX", "A6XX", "A7XX"};

bool as_pm4_label_opcode(struct as_ctx *c, const char *name, uint32_t *opcode)
{
	if (as_pm4_opcode(c, name, opcode))
		return true;
	if (!all_caps(name) || !c->views[RNN_PM4])
		return false;
	/* Mesa's assembler finds a packet-named label in every variant of
	 * the PM4 enum, the first in the enum's order that has it
	 * (CP_PREEMPT_ENABLE, an A5XX packet, names entry 0x1c of an a6xx
	 * listing; CP_SET_CONSTANT, A2XX's 0x2d): so does this, after the
	 * listing's own generation. */
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(pm4_variants); i++) {
		if (!strcmp(pm4_variants[i], isa_gen_variant(c->gen)))
			continue;
		struct diag quiet;
		diag_init(&quiet);
		const struct rnn_view *v = rnn_view(c->db, RNN_PM4, pm4_variants[i], &quiet);
		diag_free(&quiet);
		if (v && rnn_pm4_opcode(v, name, opcode))
			return true;
	}
	return false;
}
