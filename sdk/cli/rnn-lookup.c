/* rnn-lookup: register names to offsets and back, from the register
 * database (the SDK's own, or the tree --rnndb, $AFUC_RNNDB or $RNN_PATH
 * name).
 *
 *   rnn-lookup --gpu a6xx CP_SCRATCH_REG[2]     ->  0x885
 *   rnn-lookup --gpu a6xx 0x885                 ->  CP_SCRATCH[0x2].REG
 *   rnn-lookup --gpu a6xx --space control @IB1_BASE+1
 *   rnn-lookup --chip nv50 --space hwsq-flag FB_PAUSE
 */
#include "cmd/cmd.h"
#include "rnn/rnn.h"

#include <libxml/parser.h>

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_RNNDB = 1, OPT_GPU, OPT_CHIP, OPT_SPACE, OPT_LIST };

struct options {
	const char *rnndb;
	const char *variant;
	bool nvidia;
	const char *space;
	bool list;
	const char **args;
	int nargs;
};

static const struct cmd_option options[] = {
	{OPT_RNNDB, 0, "rnndb", "DIR",
	 "the database tree (default: $AFUC_RNNDB or $RNN_PATH\n"
	 "for --gpu, $HWSQ_RNNDB or $RNN_PATH for --chip, then the\n"
	 "SDK's own)",
	 0, CMD_KEEP_STRING(struct options, rnndb)},
	{OPT_GPU, 0, "gpu", "GEN", "an Adreno generation: a5xx, a6xx or a7xx", 0, CMD_CALL, 0},
	{OPT_CHIP, 0, "chip", "CHIP", "an NVIDIA chip or family (nv50, G84, gt215...)", 0, CMD_CALL,
	 0},
	{OPT_SPACE, 0, "space", "SPACE",
	 "gpu, control, sqe, pipe, pm4, event, pm4-field\n"
	 "(with --gpu; default gpu)\n"
	 "or hwsq-reg, hwsq-flag, hwsq-event (with --chip;\n"
	 "default hwsq-reg)",
	 0, CMD_KEEP_STRING(struct options, space)},
	{OPT_LIST, 0, "list", NULL, "print every name of the space with its value", 0,
	 CMD_KEEP_FLAG(struct options, list)},
};

static const struct cmd_spec spec = {
	"rnn-lookup",
	"[--rnndb DIR] (--gpu GEN | --chip CHIP) [--space SPACE] (--list | NAME-OR-VALUE...)",
	"Register names to offsets and back: a number prints the name at that\n"
	"value; a name prints its value.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	NULL,
	NULL,
};

static int take(struct cmd *c, int id, void *ctx)
{
	struct options *o = ctx;
	switch (id) {
	case CMD_OPERAND:
		o->args[o->nargs++] = c->value;
		break;
	case OPT_GPU:
	case OPT_CHIP:
		o->variant = c->value;
		o->nvidia = id == OPT_CHIP;
		break;
	}
	return -1;
}

/* The command line as a whole: -1 when it is good, else the exit
 * status. */
static int check(struct cmd *c, void *ctx)
{
	struct options *o = ctx;
	if (!o->variant)
		return cmd_usage_error(c, "which GPU? (--gpu a6xx, or --chip nv50)");
	if (!o->list && o->nargs == 0)
		return cmd_usage_error(c, "nothing to look up");
	return -1;
}

static bool is_number(const char *text, uint64_t *value)
{
	return text[0] >= '0' && text[0] <= '9' && util_parse_u64(text, value);
}

/* The sigils the assembler writes before control, SQE and pipe
 * registers: a name written with one is looked up in that space. */
static const struct {
	char sigil;
	enum rnn_space space;
} sigils[] = {{'@', RNN_CONTROL}, {'%', RNN_SQE}, {'|', RNN_PIPE}};

/* Another space of the same vendor that knows name: the hint for a name
 * looked up in the wrong one (a packet as a register). */
static bool other_space(struct rnn_db *db, const struct rnn_view *v, const char *variant,
			const char *name, enum rnn_space *found)
{
	enum rnn_space mine = rnn_view_space(v);
	bool nvidia = mine >= RNN_HWSQ_REG;
	/* a space this generation lacks is no hint, and no error */
	struct diag quiet;
	diag_init(&quiet);
	bool hit = false;
	for (int s = nvidia ? RNN_HWSQ_REG : RNN_GPU;
	     s < (nvidia ? RNN_SPACE_COUNT : RNN_HWSQ_REG) && !hit; s++) {
		const struct rnn_view *other = s == (int)mine ? NULL
							      : rnn_view(db, (enum rnn_space)s,
									 variant, &quiet);
		uint64_t value;
		if (other && rnn_name_to_value(other, name, &value)) {
			*found = (enum rnn_space)s;
			hit = true;
		}
	}
	diag_free(&quiet);
	return hit;
}

static bool lookup(struct rnn_db *db, const struct rnn_view *v, const char *variant,
		   const char *arg, struct diag *d)
{
	uint64_t value;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(sigils); i++) {
		if (arg[0] == sigils[i].sigil) {
			v = rnn_view(db, sigils[i].space, variant, d);
			if (!v)
				return false;
			arg++;
			break;
		}
	}
	if (is_number(arg, &value)) {
		struct util_str name = {0};
		bool found = rnn_value_to_name(v, value, &name);
		if (found)
			printf("%s\n", name.text);
		else
			diag_error(d, DIAG_NOWHERE, "no %s at 0x%" PRIx64 " in %s",
				   rnn_space_noun(rnn_view_space(v)), value, rnn_view_variant(v));
		util_str_free(&name);
		return found;
	}
	if (rnn_name_to_value(v, arg, &value)) {
		printf("0x%" PRIx64 "\n", value);
		return true;
	}
	enum rnn_space found;
	if (other_space(db, v, variant, arg, &found))
		diag_error(d, DIAG_NOWHERE, "no %s %s in %s: it is a %s (--space %s)",
			   rnn_space_noun(rnn_view_space(v)), arg, rnn_view_variant(v),
			   rnn_space_noun(found), rnn_space_name(found));
	else
		rnn_diag_unknown(v, arg, d, DIAG_NOWHERE);
	return false;
}

static void list(const struct rnn_view *v)
{
	for (size_t i = 0; i < rnn_view_count(v); i++) {
		const struct rnn_entry *e = rnn_view_entry(v, i);
		printf("0x%05" PRIx64 " %s", e->value, e->name);
		if (e->ndims)
			printf(" (%" PRIu32 " x 0x%" PRIx32 ")", e->count, e->stride);
		putchar('\n');
	}
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct options o = {0};
	o.args = util_xcalloc((size_t)argc, sizeof *o.args);
	int status = cmd_parse(&c, take, check, &o);
	enum rnn_space space = o.nvidia ? RNN_HWSQ_REG : RNN_GPU;
	if (status < 0 && o.space && !rnn_space_from_name(o.space, &space))
		status = cmd_usage_error(&c, "unknown space '%s'", o.space);
	if (status >= 0) {
		free(o.args);
		return cmd_finish(&c, status);
	}

	struct diag d;
	diag_init(&d);
	status = 1;
	struct rnn_db *db = rnn_open_for(o.rnndb, o.nvidia ? RNN_NVIDIA : RNN_ADRENO, &d);
	const struct rnn_view *v = db ? rnn_view(db, space, o.variant, &d) : NULL;
	if (v) {
		status = 0;
		if (o.list)
			list(v);
		for (int i = 0; i < o.nargs; i++)
			if (!lookup(db, v, o.variant, o.args[i], &d))
				status = 1;
	}
	cmd_print_diag(&c, &d);
	diag_free(&d);
	rnn_close(db);
	free(o.args);
	xmlCleanupParser();
	return cmd_finish(&c, status);
}
