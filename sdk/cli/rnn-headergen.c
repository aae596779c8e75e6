/* rnn-headergen: the cpp headers of constants that firmware sources (cpp
 * in assembler-with-cpp mode) and C tests include, made from the register
 * database.
 *
 *   rnn-headergen [--rnndb DIR] a6xx_regs.h -o build/include/afuc/a6xx_regs.h
 *
 * Only "#define NAME (value)" and, for arrays, "#define NAME(i) ((base) +
 * (i) * stride)", inside an include guard. Every name has a prefix that no
 * assembly name has (afuc assembly uses CP_* packet names as labels and
 * takes register names bare): see docs/registers.md.
 */
#include "cmd/cmd.h"
#include "rnn/rnn.h"

#include <libxml/parser.h>

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct part {
	enum rnn_space space;
	const char *variant;
	const char *prefix;
	const char *domain; /* only entries read from this domain; NULL: all */
	const char *title;
};

struct header {
	const char *file;
	const char *guard;
	const char *about;
	struct part parts[7];
};

/* a7xx GPU registers are variant A7XX of the domain A6XX; the AXXX
 * fallback the views decode with is not part of any generation. */
static const struct header headers[] = {
	{"pm4.h",
	 "AFUC_PM4_H",
	 "PM4 packet opcodes of a5xx, a6xx and a7xx",
	 {{RNN_PM4, "A5XX", "PM4_", NULL, "a5xx"},
	  {RNN_PM4, "A6XX", "PM4_", NULL, "a6xx"},
	  {RNN_PM4, "A7XX", "PM4_", NULL, "a7xx"}}},
	{"a5xx_regs.h",
	 "AFUC_A5XX_REGS_H",
	 "a5xx register offsets",
	 {{RNN_GPU, "A5XX", "REG_A5XX_", "A5XX", "GPU registers"},
	  {RNN_CONTROL, "A5XX", "A5XX_CTRL_", NULL, "control registers (@)"},
	  {RNN_PIPE, "A5XX", "A5XX_PIPE_", NULL, "pipe registers (|)"},
	  {RNN_EVENT, "A5XX", "A5XX_EV_", NULL, "events (vgt_event_type)"},
	  {RNN_PM4_FIELD, "A5XX", "A5XX_", NULL, "packet bit fields (NAME__SHIFT, NAME__MASK)"}}},
	{"a6xx_regs.h",
	 "AFUC_A6XX_REGS_H",
	 "a6xx register offsets",
	 {{RNN_GPU, "A6XX", "REG_A6XX_", "A6XX", "GPU registers"},
	  {RNN_CONTROL, "A6XX", "A6XX_CTRL_", NULL, "control registers (@)"},
	  {RNN_SQE, "A6XX", "A6XX_SQE_", NULL, "SQE registers (%)"},
	  {RNN_PIPE, "A6XX", "A6XX_PIPE_", NULL, "pipe registers (|)"},
	  {RNN_EVENT, "A6XX", "A6XX_EV_", NULL, "events (vgt_event_type)"},
	  {RNN_PM4_FIELD, "A6XX", "A6XX_", NULL, "packet bit fields (NAME__SHIFT, NAME__MASK)"}}},
	{"a7xx_regs.h",
	 "AFUC_A7XX_REGS_H",
	 "a7xx register offsets",
	 {{RNN_GPU, "A7XX", "REG_A7XX_", "A6XX", "GPU registers"},
	  {RNN_CONTROL, "A7XX", "A7XX_CTRL_", NULL, "control registers (@)"},
	  {RNN_CONTROL, "A7XX_GEN3", "A7XX_GEN3_CTRL_", NULL,
	   "control registers (@) of a750 (gen70900) and later"},
	  {RNN_SQE, "A7XX", "A7XX_SQE_", NULL, "SQE registers (%)"},
	  {RNN_PIPE, "A7XX", "A7XX_PIPE_", NULL, "pipe registers (|)"},
	  {RNN_EVENT, "A7XX", "A7XX_EV_", NULL, "events (vgt_event_type)"},
	  {RNN_PM4_FIELD, "A7XX", "A7XX_", NULL, "packet bit fields (NAME__SHIFT, NAME__MASK)"}}},
	{"hwsq_regs.h",
	 "AFUC_HWSQ_REGS_H",
	 "NVIDIA HWSQ registers, flags and events of NV17 to NVC0",
	 {{RNN_HWSQ_REG, "NV17", "HWSQ_REG_", NULL, "MMIO registers"},
	  {RNN_HWSQ_REG, "NV41", "HWSQ_REG_", NULL, NULL},
	  {RNN_HWSQ_REG, "NV50", "HWSQ_REG_", NULL, NULL},
	  {RNN_HWSQ_REG, "NV92", "HWSQ_REG_", NULL, NULL},
	  {RNN_HWSQ_FLAG, "NV41", "HWSQ_FLAG_", NULL, "flags"},
	  {RNN_HWSQ_EVENT, "NV41", "HWSQ_EVENT_", NULL, "events (NV41 and later)"}}},
};

enum { OPT_RNNDB = 1, OPT_OUT, OPT_LIST };

struct args {
	const char *rnndb, *out, *which;
};

static const struct cmd_option options[] = {
	{OPT_RNNDB, 0, "rnndb", "DIR", "read the database from DIR (default: the SDK's own)", 0,
	 CMD_KEEP_STRING(struct args, rnndb)},
	{OPT_OUT, 'o', NULL, "FILE", "write the header to FILE", 0,
	 CMD_KEEP_STRING(struct args, out)},
	{OPT_LIST, 0, "list", NULL, "print the headers it makes, and exit", 0, CMD_CALL, 0},
};

static const struct cmd_spec spec = {
	"rnn-headergen",
	"[--rnndb DIR] HEADER -o FILE\n"
	"--list",
	"HEADER is one of pm4.h, a5xx_regs.h, a6xx_regs.h, a7xx_regs.h, hwsq_regs.h.\n",
	options,
	UTIL_ARRAY_SIZE(options),
	NULL,
	"header",
};

/* One macro written so far, to merge the same constant from several
 * views and to refuse two different ones under one name. */
struct macro {
	char *name;
	char *body;
	const char *variant;
};

struct output {
	struct util_str text;
	struct macro *macros;
	size_t count, cap;
};

static char *macro_name(const char *prefix, const char *entry)
{
	struct util_str s = {0};
	util_str_puts(&s, prefix);
	for (const char *p = entry; *p; p++) {
		if (p[0] == '[' && p[1] == ']')
			p++;
		else
			util_str_putc(&s, *p == '.' ? '_' : *p);
	}
	return util_str_take(&s);
}

static bool valid_identifier(const char *s)
{
	for (; *s; s++)
		if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return false;
	return true;
}

static void param(struct util_str *s, const struct rnn_entry *e, unsigned i)
{
	if (e->ndims == 1)
		util_str_putc(s, 'i');
	else
		util_str_printf(s, "i%u", i);
}

/* " (0x883)" or, for arrays, "(i) ((0x883) + (i) * 0x1)". */
static char *macro_body(const struct rnn_entry *e)
{
	struct util_str s = {0};
	if (e->ndims == 0) {
		util_str_printf(&s, " (0x%" PRIx64 ")", e->value);
		return util_str_take(&s);
	}
	util_str_putc(&s, '(');
	for (unsigned i = 0; i < e->ndims; i++) {
		if (i)
			util_str_puts(&s, ", ");
		param(&s, e, i);
	}
	util_str_printf(&s, ") ((0x%" PRIx64 ")", e->value);
	for (unsigned i = 0; i < e->ndims; i++) {
		util_str_puts(&s, " + (");
		param(&s, e, i);
		util_str_printf(&s, ") * 0x%" PRIx64, e->dims[i].stride);
	}
	util_str_putc(&s, ')');
	return util_str_take(&s);
}

static bool add_macro(struct output *o, const struct part *p, const struct rnn_entry *e, char *name,
		      char *body, struct diag *d);

/* A bit field: NAME__SHIFT, its low bit, and NAME__MASK, its bits in
 * place, as Mesa's headers name them. */
static bool add_field(struct output *o, const struct part *p, const struct rnn_entry *e,
		      struct diag *d)
{
	char *base = macro_name(p->prefix, e->name);
	uint64_t mask = ((e->width >= 64 ? 0 : UINT64_C(1) << e->width) - 1) << e->value;
	bool ok = add_macro(o, p, e, util_xasprintf("%s__SHIFT", base),
			    util_xasprintf(" (%" PRIu64 ")", e->value), d);
	ok = add_macro(o, p, e, util_xasprintf("%s__MASK", base),
		       util_xasprintf(" (0x%" PRIx64 ")", mask & UINT32_MAX), d) &&
	     ok;
	free(base);
	return ok;
}

static bool add_entry(struct output *o, const struct part *p, const struct rnn_entry *e,
		      struct diag *d)
{
	if (p->space == RNN_PM4_FIELD)
		return add_field(o, p, e, d);
	return add_macro(o, p, e, macro_name(p->prefix, e->name), macro_body(e), d);
}

/* Writes "#define name body" once (taking both); the same name with
 * another body is an error. */
static bool add_macro(struct output *o, const struct part *p, const struct rnn_entry *e, char *name,
		      char *body, struct diag *d)
{
	if (!valid_identifier(name)) {
		diag_error(d, DIAG_NOWHERE, "%s %s (%s) is not a C identifier", p->variant, e->name,
			   name);
		free(name);
		free(body);
		return false;
	}
	for (size_t i = 0; i < o->count; i++) {
		struct macro *m = &o->macros[i];
		if (strcmp(m->name, name))
			continue;
		bool same = !strcmp(m->body, body);
		if (!same)
			diag_error(d, DIAG_NOWHERE, "%s is%s in %s but%s in %s", name, m->body,
				   m->variant, body, p->variant);
		free(name);
		free(body);
		return same;
	}
	util_str_printf(&o->text, "#define %s%s\n", name, body);
	*UTIL_PUSH(o->macros, o->count, o->cap) = (struct macro){name, body, p->variant};
	return true;
}

/* Whether e is what its name means in v: when a tree defines a name
 * twice for one variant, lookups take the first definition, and so does
 * the header. */
static bool primary(const struct rnn_view *v, const struct rnn_entry *e)
{
	struct util_str s = {0};
	for (const char *p = e->name; *p; p++) {
		if (p[0] == '[' && p[1] == ']') {
			util_str_puts(&s, "[0]");
			p++;
		} else {
			util_str_putc(&s, *p);
		}
	}
	uint64_t value;
	bool ok = rnn_name_to_value(v, s.text, &value) && value == e->value;
	util_str_free(&s);
	return ok;
}

static bool generate(struct rnn_db *db, const struct header *h, struct output *o, struct diag *d)
{
	util_str_printf(&o->text,
			"/* %s: %s.\n"
			" * Generated by rnn-headergen from the register database; do not\n"
			" * edit. Names: see docs/registers.md. */\n"
			"#ifndef %s\n#define %s\n",
			h->file, h->about, h->guard, h->guard);
	bool ok = true;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(h->parts) && h->parts[i].prefix; i++) {
		const struct part *p = &h->parts[i];
		const struct rnn_view *v = rnn_view(db, p->space, p->variant, d);
		if (!v)
			return false;
		if (p->title)
			util_str_printf(&o->text, "\n/* %s */\n", p->title);
		for (size_t k = 0; k < rnn_view_count(v); k++) {
			const struct rnn_entry *e = rnn_view_entry(v, k);
			if ((p->domain && strcmp(e->domain, p->domain)) || !primary(v, e))
				continue;
			ok = add_entry(o, p, e, d) && ok;
		}
	}
	util_str_printf(&o->text, "\n#endif\n");
	return ok;
}

static const struct header *find_header(const char *name)
{
	const char *slash = strrchr(name, '/');
	if (slash)
		name = slash + 1;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(headers); i++)
		if (!strcmp(headers[i].file, name))
			return &headers[i];
	return NULL;
}

static int take(struct cmd *c, int id, void *ctx)
{
	struct args *a = ctx;
	switch (id) {
	case CMD_OPERAND:
		a->which = c->value;
		break;
	case OPT_LIST:
		for (size_t k = 0; k < UTIL_ARRAY_SIZE(headers); k++)
			printf("%s\t%s\n", headers[k].file, headers[k].about);
		return 0;
	}
	return -1;
}

/* The command line as a whole: -1 when it is good, else the exit
 * status. */
static int check(struct cmd *c, void *ctx)
{
	struct args *a = ctx;
	if (!find_header(a->which))
		return cmd_usage_error(c, "unknown header '%s'", a->which);
	if (!a->out)
		return cmd_usage_error(c, "no output file (-o)");
	return -1;
}

int main(int argc, char **argv)
{
	struct cmd c;
	cmd_init(&c, &spec, argc, argv);
	struct args a = {0};
	int status = cmd_parse(&c, take, check, &a);
	if (status >= 0)
		return cmd_finish(&c, status);
	const struct header *h = find_header(a.which);

	struct diag d;
	diag_init(&d);
	struct output o = {0};
	struct rnn_db *db = rnn_open(a.rnndb, &d);
	bool ok = db && generate(db, h, &o, &d);
	if (ok) {
		int err = util_write_file(a.out, o.text.text, o.text.len);
		if (err) {
			diag_error(&d, diag_at(a.out, 0, 0), "cannot write: %s", strerror(err));
			ok = false;
		}
	}
	cmd_print_diag(&c, &d);
	diag_free(&d);
	for (size_t i = 0; i < o.count; i++) {
		free(o.macros[i].name);
		free(o.macros[i].body);
	}
	free(o.macros);
	util_str_free(&o.text);
	rnn_close(db);
	xmlCleanupParser();
	return cmd_finish(&c, ok ? 0 : 1);
}
