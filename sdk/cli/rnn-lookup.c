/* rnn-lookup: register names to offsets and back, from the register
 * database (the SDK's own, or the tree --rnndb, $AFUC_RNNDB or $RNN_PATH
 * name).
 *
 *   rnn-lookup --gpu a6xx CP_SCRATCH_REG[2]     ->  0x885
 *   rnn-lookup --gpu a6xx 0x885                 ->  CP_SCRATCH[0x2].REG
 *   rnn-lookup --gpu a6xx --space control @IB1_BASE+1
 *   rnn-lookup --chip nv50 --space hwsq-flag FB_PAUSE
 */
#include "rnn/rnn.h"

#include <libxml/parser.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] = "usage: rnn-lookup [--rnndb DIR] (--gpu a5xx|a6xx|a7xx | --chip NVxx)\n"
			    "                  [--space SPACE] (--list | NAME-OR-VALUE...)\n"
			    "  SPACE is gpu, control, sqe, pipe, pm4 (with --gpu; default gpu) or\n"
			    "  hwsq-reg, hwsq-flag, hwsq-event (with --chip; default hwsq-reg).\n"
			    "  A number prints the name at that value; a name prints its value.\n"
			    "  --version prints the version.\n";

struct options {
	const char *rnndb;
	const char *variant;
	bool nvidia;
	const char *space;
	bool list;
	char **args;
	int nargs;
};

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "rnn-lookup: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", usage);
	return 2;
}

/* Returns -1 when the options are fine, else the exit status. */
static int parse_options(int argc, char **argv, struct options *o)
{
	int i = 1;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *arg = argv[i];
		const char **value = NULL;
		if (!strcmp(arg, "--")) {
			i++;
			break;
		} else if (util_info_option(arg, "rnn-lookup", usage)) {
			return 0;
		} else if (!strcmp(arg, "--list")) {
			o->list = true;
			continue;
		} else if (!strcmp(arg, "--rnndb")) {
			value = &o->rnndb;
		} else if (!strcmp(arg, "--gpu")) {
			value = &o->variant;
			o->nvidia = false;
		} else if (!strcmp(arg, "--chip")) {
			value = &o->variant;
			o->nvidia = true;
		} else if (!strcmp(arg, "--space")) {
			value = &o->space;
		} else {
			return usage_error("unknown option %s", arg);
		}
		if (++i >= argc)
			return usage_error("%s needs a value", arg);
		*value = argv[i];
	}
	o->args = argv + i;
	o->nargs = argc - i;
	if (!o->variant)
		return usage_error("%s", "which GPU? (--gpu a6xx, or --chip nv50)");
	if (!o->list && o->nargs == 0)
		return usage_error("%s", "nothing to look up");
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
	struct options o = {0};
	int status = parse_options(argc, argv, &o);
	if (status >= 0)
		return status;
	enum rnn_space space = o.nvidia ? RNN_HWSQ_REG : RNN_GPU;
	if (o.space && !rnn_space_from_name(o.space, &space))
		return usage_error("unknown space %s", o.space);

	struct diag d;
	diag_init(&d);
	status = 1;
	struct rnn_db *db = rnn_open(o.rnndb, &d);
	const struct rnn_view *v = db ? rnn_view(db, space, o.variant, &d) : NULL;
	if (v) {
		status = 0;
		if (o.list)
			list(v);
		for (int i = 0; i < o.nargs; i++)
			if (!lookup(db, v, o.variant, o.args[i], &d))
				status = 1;
	}
	fflush(stdout);
	diag_print(&d, stderr, "rnn-lookup");
	diag_free(&d);
	rnn_close(db);
	xmlCleanupParser();
	return status;
}
