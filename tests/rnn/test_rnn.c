/* sdk/rnn on small trees written here: arrays, stripes, groups, variants,
 * names both ways, lazy loading, the choice of tree, and every kind of
 * broken input (which must give file:line errors, never a crash). */
#include "../lib/test_env.h"
#include "afuc/tap.h"
#include "rnn/rnn.h"

#include <libxml/parser.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct scratch {
	char dir[64];
	char *files[64];
	size_t nfiles;
	char *dirs[16];
	size_t ndirs;
};

static const char *put(struct scratch *s, const char *name, const char *text)
{
	char *path = util_xasprintf("%s/%s", s->dir, name);
	/* mkdir -p of the directories name has, remembered for cleanup */
	for (char *slash = path + strlen(s->dir) + 1; (slash = strchr(slash, '/')); slash++) {
		*slash = '\0';
		if (mkdir(path, 0700) == 0 && s->ndirs < 16)
			s->dirs[s->ndirs++] = util_xstrdup(path);
		*slash = '/';
	}
	if (util_write_file(path, text, strlen(text)) != 0) {
		fprintf(stderr, "cannot write %s\n", path);
		exit(1);
	}
	/* the scratch keeps the path; the same name again is the same file */
	for (size_t i = 0; i < s->nfiles; i++) {
		if (!strcmp(s->files[i], path)) {
			free(path);
			return s->files[i];
		}
	}
	if (s->nfiles >= UTIL_ARRAY_SIZE(s->files)) {
		fprintf(stderr, "too many scratch files\n");
		exit(1);
	}
	s->files[s->nfiles++] = path;
	return path;
}

static void cleanup(struct scratch *s)
{
	for (size_t i = 0; i < s->nfiles; i++) {
		unlink(s->files[i]);
		free(s->files[i]);
	}
	while (s->ndirs) {
		rmdir(s->dirs[--s->ndirs]);
		free(s->dirs[s->ndirs]);
	}
	rmdir(s->dir);
}

#define HEAD "<?xml version=\"1.0\"?>\n<database xmlns=\"http://nouveau.freedesktop.org/\">\n"
#define TAIL "</database>\n"

static const char chips[] = HEAD
	"<enum name=\"chip\" bare=\"yes\">\n"
	"  <value name=\"A5XX\" value=\"5\"/><value name=\"A6XX\" value=\"6\"/>\n"
	"  <value name=\"A7XX\" value=\"7\"/>\n"
	"</enum>\n" TAIL;

/* A6XX exercises every kind of element; comments give what each address
 * must print as (Mesa's rules). */
static const char gpu[] = HEAD
	"<import file=\"common.xml\"/>\n"
	"<domain name=\"A6XX\" width=\"32\" varset=\"chip\">\n"
	"  <doc>ignored</doc><unknown-element foo=\"bar\"/>\n"
	"  <reg32 offset=\"0x10\" name=\"PLAIN\" type=\"hex\" usage=\"cmd\" whatever=\"1\"/>\n"
	"  <reg64 offset=\"0x12\" name=\"WIDE\"/>\n"
	"  <reg64 offset=\"0x14\" name=\"ADDR\" type=\"waddress\"/>\n"
	"  <reg32 offset=\"0x20\" name=\"LIST\" length=\"4\"/>\n"
	"  <reg32 offset=\"0x30\" name=\"SPACED\" length=\"3\" stride=\"4\"/>\n"
	"  <array offset=\"0x40\" name=\"ARR\" stride=\"4\" length=\"2\">\n"
	"    <reg32 offset=\"0\" name=\"A\"><bitfield name=\"F\" low=\"0\" high=\"3\"/></reg32>\n"
	"    <reg64 offset=\"1\" name=\"B\"/>\n"
	"  </array>\n"
	"  <array offset=\"0x50\" name=\"EMPTY\" stride=\"2\" length=\"3\"/>\n"
	"  <stripe offset=\"0x60\" stride=\"8\" length=\"2\">\n"
	"    <reg32 offset=\"1\" name=\"S\"/>\n"
	"  </stripe>\n"
	"  <reg32 offset=\"0x70\" name=\"NEW\" variants=\"A7XX-\"/>\n"
	"  <reg32 offset=\"0x70\" name=\"OLD\" variants=\"A6XX\"/>\n"
	"  <reg32 offset=\"0x71\" name=\"BOTH\" variants=\"A5XX-A6XX A7XX\"/>\n"
	"  <reg32 offset=\"0x72\" name=\"BEFORE7\" variants=\":A7XX\"/>\n"
	"  <array offset=\"0x80\" name=\"OUTER\" stride=\"0x10\" length=\"2\">\n"
	"    <array offset=\"0\" name=\"INNER\" stride=\"2\" length=\"3\">\n"
	"      <reg32 offset=\"1\" name=\"R\"/>\n"
	"    </array>\n"
	"  </array>\n"
	"  <use-group name=\"grp\"/>\n"
	"  <reg64 offset=\"0xfffffffffffffffe\" name=\"TOP\"/>\n"
	"  <array offset=\"0xfffffffffffffff0\" name=\"HUGE\" stride=\"0x1000\" length=\"0\"/>\n"
	"  <reg32 offset=\"0x10\" name=\"SHADOWED\"/>\n"
	"</domain>\n"
	"<group name=\"grp\"><reg32 offset=\"0xa0\" name=\"G\"/></group>\n"
	"<enum name=\"adreno_pm4_type3_packets\" varset=\"chip\">\n"
	"  <value name=\"CP_NOP\" value=\"0x10\"/>\n"
	"  <value name=\"CP_OLD\" value=\"0x20\" variants=\"A5XX\"/>\n"
	"  <value name=\"CP_ALIAS\" value=\"0x20\"/>\n"
	"  <value name=\"PKT4\" value=\"4\" variants=\"A5XX-\"/>\n"
	"</enum>\n" TAIL;

static void is_name(struct tap *t, const struct rnn_view *v, uint64_t value, const char *want)
{
	struct util_str s = {0};
	bool found = rnn_value_to_name(v, value, &s);
	if (want)
		tap_is_str(t, found ? s.text : "(none)", want, "0x%llx prints as %s",
			   (unsigned long long)value, want);
	else
		tap_ok(t, !found, "0x%llx has no name (got %s)", (unsigned long long)value,
		       found ? s.text : "none");
	util_str_free(&s);
}

/* A value no name here has: "does not resolve". */
#define NO 0x5eadbeefdeadull

static void is_value(struct tap *t, const struct rnn_view *v, const char *name, uint64_t want)
{
	uint64_t value = 0;
	bool found = rnn_name_to_value(v, name, &value);
	if (want != NO)
		tap_ok(t, found && value == want, "%s is 0x%llx (got %s0x%llx)", name,
		       (unsigned long long)want, found ? "" : "nothing, ",
		       (unsigned long long)value);
	else
		tap_ok(t, !found, "%s does not resolve (got 0x%llx)", name,
		       (unsigned long long)value);
}

static void test_names(struct tap *t, struct scratch *s)
{
	put(s, "common.xml", chips);
	const char *path = put(s, "gpu.xml", gpu);
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = rnn_load_file(path, &d);
	tap_ok(t, db != NULL && !diag_has_errors(&d), "load a tree with every element kind");
	diag_print(&d, stdout, "#");
	const struct rnn_view *v6 = db ? rnn_view(db, RNN_GPU, "a6xx", &d) : NULL;
	const struct rnn_view *v7 = db ? rnn_view(db, RNN_GPU, "A7XX", &d) : NULL;
	const struct rnn_view *v5 = db ? rnn_view(db, RNN_GPU, "A5XX", &d) : NULL;
	tap_ok(t, v6 && v7 && !v5, "views for A6XX and A7XX; none for A5XX (no domain A5XX)");
	tap_ok(t, d.count == 1 && strstr(d.msgs[0].text, "A5XX"), "and why: %s",
	       d.count ? d.msgs[0].text : "(nothing)");
	diag_free(&d);
	if (!v6 || !v7) {
		rnn_close(db);
		return;
	}
	tap_ok(t, rnn_view(db, RNN_GPU, "A6XX", &d) == v6, "a view is built once");

	/* value -> name, as Mesa's decoder prints it (NULL: no name) */
	static const struct {
		int gen;
		uint64_t value;
		const char *name;
	} names[] = {
		{6, 0x10, "PLAIN"},
		{6, 0x13, "WIDE+0x1"},
		{6, 0x15, "ADDR_HI"},
		{6, 0x22, "LIST[0x2]"},
		{6, 0x20, "LIST[0]"},
		{6, 0x34, "SPACED[0x1]"},
		{6, 0x35, NULL},
		{6, 0x44, "ARR[0x1].A"},
		{6, 0x46, "ARR[0x1].B+0x1"},
		{6, 0x43, "ARR[0]+0x3"},
		{6, 0x50, "EMPTY[0]+0"},
		{6, 0x53, "EMPTY[0x1]+0x1"},
		{6, 0x69, "S[0x1]"},
		{6, 0x68, NULL},
		{6, 0x70, "OLD"},
		{7, 0x70, "NEW"},
		{6, 0x71, "BOTH"},
		{7, 0x71, "BOTH"},
		{6, 0x72, "BEFORE7"},
		{7, 0x72, NULL},
		{6, 0x93, "OUTER[0x1].INNER[0x1].R"},
		{6, 0xa0, "G"},
		{6, 0x1000, NULL},
		{6, UINT64_MAX - 1, "TOP"},
		{6, UINT64_MAX, "TOP+0x1"},
		{6, 0xfffffffffffffff1, "HUGE[0]+0x1"},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(names); i++)
		is_name(t, names[i].gen == 6 ? v6 : v7, names[i].value, names[i].name);

	/* name -> value (NO: does not resolve) */
	static const struct {
		int gen;
		const char *name;
		uint64_t value;
	} values[] = {
		{6, "PLAIN", 0x10},
		{6, "WIDE+0x1", 0x13},
		{6, "WIDE+1", 0x13},
		{6, "ADDR_HI", 0x15},
		{6, "WIDE_HI", NO},
		{6, "LIST[2]", 0x22},
		{6, "LIST[0x3]", 0x23},
		{6, "LIST[4]", NO},
		{6, "LIST", 0x20},
		{6, "ARR[1].B", 0x45},
		{6, "ARR[0x1].B+0x1", 0x46},
		{6, "ARR[0]+0x3", 0x43},
		{6, "ARR[1]", 0x44},
		{6, "EMPTY[0x1]+0x1", 0x53},
		{6, "S[1]", 0x69},
		{6, "OUTER[1].INNER[2].R", 0x95},
		{6, "OUTER[1].INNER[3].R", NO},
		{6, "OLD", 0x70},
		{6, "NEW", NO},
		{7, "NEW", 0x70},
		{6, "G", 0xa0},
		{6, "SHADOWED", 0x10},
		{6, "ARR.A", NO},
		{6, "LIST[", NO},
		{6, "LIST[2", NO},
		{6, "PLAIN+", NO},
		{6, "", NO},
		{6, "plain", NO},
		{6, "TOP+1", UINT64_MAX},
		{6, "TOP+2", NO},
		{6, "HUGE[1]", NO},
		{6, "HUGE[0]+0xf", UINT64_MAX},
		{6, "TOP", UINT64_MAX - 1},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(values); i++)
		is_value(t, values[i].gen == 6 ? v6 : v7, values[i].name, values[i].value);

	const struct rnn_entry *e = rnn_entry_at(v6, 0x46);
	tap_ok(t,
	       e && !strcmp(e->name, "ARR[].B") && e->width == 64 && e->count == 2 &&
		       e->stride == 4 && e->value == 0x41 && e->ndims == 1,
	       "entry at 0x46: ARR[].B, reg64, 2 x 4 from 0x41");
	e = rnn_entry_at(v6, 0x93);
	tap_ok(t,
	       e && e->ndims == 2 && e->dims[0].count == 2 && e->dims[0].stride == 0x10 &&
		       e->dims[1].count == 3 && e->dims[1].stride == 2 && e->value == 0x81,
	       "entry at 0x93: two dimensions");
	e = rnn_entry_at(v6, 0x14);
	tap_ok(t, e && e->type && !strcmp(e->type, "waddress"), "entry type is kept");

	/* The listing is sorted by value and leaves out arrays that hold
	 * registers, but not empty ones. */
	bool sorted = true, has_arr = false, has_empty = false;
	for (size_t i = 0; i < rnn_view_count(v6); i++) {
		const struct rnn_entry *x = rnn_view_entry(v6, i);
		if (i && x->value < rnn_view_entry(v6, i - 1)->value)
			sorted = false;
		has_arr |= !strcmp(x->name, "ARR[]");
		has_empty |= !strcmp(x->name, "EMPTY[]");
	}
	tap_ok(t, sorted && !has_arr && has_empty && rnn_view_entry(v6, 9999) == NULL,
	       "listing: sorted, containers left out, empty arrays kept");

	const struct rnn_view *p5 = rnn_view(db, RNN_PM4, "A5XX", &d);
	const struct rnn_view *p6 = rnn_view(db, RNN_PM4, "A6XX", &d);
	is_name(t, p5, 0x20, "CP_OLD");
	is_name(t, p6, 0x20, "CP_ALIAS");
	is_value(t, p6, "CP_OLD", NO);
	is_value(t, p5, "CP_ALIAS", 0x20);
	is_value(t, p6, "PKT4", 4);
	is_name(t, p6, 0x11, NULL);

	const char *near[4];
	size_t n = rnn_suggest(v6, "PLAN", near, 4);
	tap_ok(t, n >= 1 && !strcmp(near[0], "PLAIN"), "PLAN: closest is PLAIN");
	rnn_diag_unknown(v6, "LISTT[2]", &d, diag_at("x.s", 3, 9));
	rnn_diag_unknown(v6, "LIST[9]", &d, DIAG_NOWHERE);
	rnn_diag_unknown(v6, "LIST[1]", &d, DIAG_NOWHERE);
	tap_is_int(t, (long long)d.count, 2, "two messages, none for a good name");
	tap_is_str(t, d.count > 0 ? d.msgs[0].text : "",
		   "no register LISTT[2] in A6XX; did you mean 'LIST'?",
		   "unknown name: suggestion");
	tap_ok(t, d.count > 0 && d.msgs[0].line == 3 && d.msgs[0].col == 9,
	       "at the caller's place");
	tap_is_str(t, d.count > 1 ? d.msgs[1].text : "",
		   "LIST[9]: index out of range (LIST[] has 4 elements in A6XX)",
		   "index out of range");
	diag_free(&d);
	rnn_close(db);
}

/* "file:line: text" of the first message, the file without directories. */
static void first_message(const struct diag *d, char *out, size_t size)
{
	if (!d->count) {
		snprintf(out, size, "(no message)");
		return;
	}
	const struct diag_msg *m = &d->msgs[0];
	const char *file = m->file ? m->file : "";
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	if (m->line)
		snprintf(out, size, "%s:%u: %s", base, m->line, m->text);
	else
		snprintf(out, size, "%s: %s", base, m->text);
}

struct bad_case {
	const char *what;
	const char *text;
	const char *want; /* expected "file:line: text" start */
};

static void test_bad_input(struct tap *t, struct scratch *s)
{
	static const struct bad_case cases[] = {
		{"malformed XML",
		 HEAD "<domain name=\"A6XX\">\n<reg32 offset=\"1\" name=\"X\">\n" TAIL,
		 "bad.xml:5: Opening and ending tag mismatch: reg32 line 4 and database"},
		{"not XML at all", "this is not xml\n", "bad.xml:1:"},
		{"an empty file", "", "bad.xml"},
		{"wrong root element", "<?xml version=\"1.0\"?>\n<registers/>\n",
		 "bad.xml:2: expected <database> as the root element, found <registers>"},
		{"dangling import", HEAD "<import file=\"missing.xml\"/>\n" TAIL,
		 "bad.xml:3: cannot find imported file 'missing.xml'"},
		{"import without file", HEAD "<import/>\n" TAIL,
		 "bad.xml:3: <import> without a file"},
		{"register without offset",
		 HEAD "<domain name=\"A6XX\" width=\"32\">\n<reg32 name=\"X\"/>\n</domain>\n" TAIL,
		 "bad.xml:4: register X has no offset"},
		{"register without name",
		 HEAD
		 "<domain name=\"A6XX\" width=\"32\">\n\n<reg64 offset=\"1\"/>\n</domain>\n" TAIL,
		 "bad.xml:5: <reg64> without a name"},
		{"bad number",
		 HEAD "<domain name=\"A6XX\" width=\"32\">\n<reg32 name=\"X\" "
		      "offset=\"0x1g\"/>\n</domain>\n" TAIL,
		 "bad.xml:4: invalid number '0x1g' in attribute offset of <reg32>"},
		{"octal-looking number is decimal, letters are not",
		 HEAD "<enum name=\"e\"><value name=\"V\" value=\"12a\"/></enum>\n" TAIL,
		 "bad.xml:3: invalid number '12a' in attribute value of <value>"},
		{"array with length but no stride",
		 HEAD "<domain name=\"A6XX\" width=\"32\">\n<array name=\"A\" offset=\"0\" "
		      "length=\"4\"/>\n</domain>\n" TAIL,
		 "bad.xml:4: <array> A has a length but no stride"},
		{"bitfield upside down",
		 HEAD "<bitset name=\"b\">\n<bitfield name=\"F\" low=\"5\" "
		      "high=\"2\"/>\n</bitset>\n" TAIL,
		 "bad.xml:4: bitfield F needs pos, or low and high with low <= high"},
		{"bitfield past bit 63",
		 HEAD "<bitset name=\"b\">\n<bitfield name=\"F\" pos=\"64\"/>\n</bitset>\n" TAIL,
		 "bad.xml:4: bit 64 of <bitfield> is past bit 63"},
		{"domain width", HEAD "<domain name=\"A6XX\" width=\"12\"/>\n" TAIL,
		 "bad.xml:3: domain A6XX: width must be 8, 16, 32 or 64"},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++) {
		const char *path = put(s, "bad.xml", cases[i].text);
		struct diag d;
		diag_init(&d);
		struct rnn_db *db = rnn_load_file(path, &d);
		char got[512];
		first_message(&d, got, sizeof got);
		tap_ok(t,
		       !db && d.errors > 0 && !strncmp(got, cases[i].want, strlen(cases[i].want)),
		       "%s: %s", cases[i].what, got);
		rnn_close(db);
		diag_free(&d);
	}

	/* Errors that only show when a view is built. */
	put(s, "common.xml", chips);
	static const struct bad_case view_cases[] = {
		{"unknown variant",
		 HEAD "<import file=\"common.xml\"/>\n<domain name=\"A6XX\" width=\"32\" "
		      "varset=\"chip\">\n"
		      "<reg32 name=\"X\" offset=\"1\" variants=\"A6XX-A9XX\"/>\n</domain>\n" TAIL,
		 "bad.xml:5: variant 'A9XX' is not a value of enum chip"},
		{"variants without a varset",
		 HEAD "<import file=\"common.xml\"/>\n<domain name=\"A6XX\" width=\"32\">\n"
		      "<reg32 name=\"X\" offset=\"1\" variants=\"A6XX\"/>\n</domain>\n" TAIL,
		 "bad.xml:5: variants 'A6XX' without a varset"},
		{"unknown group",
		 HEAD "<import file=\"common.xml\"/>\n<domain name=\"A6XX\" width=\"32\">\n"
		      "<use-group name=\"nope\"/>\n</domain>\n" TAIL,
		 "bad.xml:5: use-group of unknown group nope"},
		{"arrays nested too deep",
		 HEAD
		 "<import file=\"common.xml\"/>\n<domain name=\"A6XX\" width=\"32\">\n"
		 "<array name=\"A\" offset=\"0\" stride=\"1\"><array name=\"A\" offset=\"0\" "
		 "stride=\"1\">"
		 "<array name=\"A\" offset=\"0\" stride=\"1\"><array name=\"A\" offset=\"0\" "
		 "stride=\"1\">"
		 "<array name=\"A\" offset=\"0\" stride=\"1\"><array name=\"A\" offset=\"0\" "
		 "stride=\"1\">"
		 "<array name=\"A\" offset=\"0\" stride=\"1\"><array name=\"A\" offset=\"0\" "
		 "stride=\"1\">"
		 "<reg32 name=\"R\" "
		 "offset=\"0\"/></array></array></array></array></array></array></array></array>\n"
		 "</domain>\n" TAIL,
		 "bad.xml:5: arrays and stripes nested more than 8 deep"},
		{"group using itself",
		 HEAD "<import file=\"common.xml\"/>\n<domain name=\"A6XX\" width=\"32\">\n"
		      "<use-group name=\"g\"/>\n</domain>\n<group name=\"g\"><use-group "
		      "name=\"g\"/></group>\n" TAIL,
		 "bad.xml:7: group g uses itself"},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(view_cases); i++) {
		const char *path = put(s, "bad.xml", view_cases[i].text);
		struct diag d;
		diag_init(&d);
		struct rnn_db *db = rnn_load_file(path, &d);
		const struct rnn_view *v = db ? rnn_view(db, RNN_GPU, "A6XX", &d) : NULL;
		char got[512];
		first_message(&d, got, sizeof got);
		tap_ok(t, db && !v && !strncmp(got, view_cases[i].want, strlen(view_cases[i].want)),
		       "%s: %s", view_cases[i].what, got);
		rnn_close(db);
		diag_free(&d);
	}
}

/* rnn_open reads only what a view needs: a broken a5xx.xml does not stop
 * a6xx, and is reported (file:line) when a5xx is asked for. */
static void test_lazy(struct tap *t, struct scratch *s)
{
	put(s, "tree/adreno.xml",
	    HEAD "<import file=\"adreno/a5xx.xml\"/>\n<import file=\"adreno/a6xx.xml\"/>\n" TAIL);
	put(s, "tree/adreno/adreno_common.xml", chips);
	put(s, "tree/adreno/a5xx.xml",
	    HEAD "<domain name=\"A5XX\" width=\"32\">\n<reg32 offset=\"1\"\n" TAIL);
	put(s, "tree/adreno/a6xx.xml",
	    HEAD "<domain name=\"A6XX\" width=\"32\"><reg32 offset=\"0x883\" "
		 "name=\"X\"/></domain>\n" TAIL);
	char *dir = util_xasprintf("%s/tree", s->dir);
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = rnn_open(dir, &d);
	const struct rnn_view *v6 = db ? rnn_view(db, RNN_GPU, "A6XX", &d) : NULL;
	tap_ok(t, v6 && !diag_has_errors(&d), "rnn_open + A6XX view with a broken a5xx.xml");
	uint64_t value = 0;
	tap_ok(t, v6 && rnn_name_to_value(v6, "X", &value) && value == 0x883, "and it works");
	const struct rnn_view *v5 = db ? rnn_view(db, RNN_GPU, "A5XX", &d) : NULL;
	tap_ok(t,
	       !v5 && d.count && d.msgs[0].file && strstr(d.msgs[0].file, "adreno/a5xx.xml") &&
		       d.msgs[0].line == 5,
	       "A5XX view: error at adreno/a5xx.xml:5 (%s:%u: %s)",
	       d.count && d.msgs[0].file ? d.msgs[0].file : "", d.count ? d.msgs[0].line : 0,
	       d.count ? d.msgs[0].text : "");
	diag_free(&d);
	v5 = rnn_view(db, RNN_GPU, "A5XX", &d);
	tap_ok(t, !v5 && d.count == 1 && strstr(d.msgs[0].text, "reported before"),
	       "asked again: still an error, said once");
	diag_free(&d);
	const struct rnn_view *none = rnn_view(db, RNN_CONTROL, "A6XX", &d);
	const char *last = d.count ? d.msgs[d.count - 1].text : "";
	tap_ok(t, !none && strstr(last, "has no A6XX_CONTROL_REG"), "a space the tree lacks: %s",
	       last);
	diag_free(&d);
	none = rnn_view(db, RNN_GPU, "A9XX", &d);
	last = d.count ? d.msgs[0].text : "";
	tap_ok(t, !none && strstr(last, "A5XX, A6XX, A7XX"), "a variant with no recipe: %s", last);
	diag_free(&d);
	rnn_close(db);

	/* A file of the tree names the tree too. */
	char *file = util_xasprintf("%s/adreno.xml", dir);
	db = rnn_open(file, &d);
	tap_ok(t, db && !strcmp(rnn_root(db), dir), "rnn_open(tree/adreno.xml): root is the tree");
	rnn_close(db);
	free(file);
	diag_free(&d);
	free(dir);
}

static void test_open_order(struct tap *t, struct scratch *s)
{
	char *tree = util_xasprintf("%s/tree", s->dir);
	char *other = util_xasprintf("%s/other", s->dir);
	put(s, "other/bus/pbus.xml", HEAD TAIL);
	struct diag d;
	diag_init(&d);

	unsetenv("AFUC_RNNDB");
	setenv("RNN_PATH", "/nonexistent:", 1);
	char *path = util_xasprintf("/nonexistent::%s:%s", s->dir, other);
	setenv("RNN_PATH", path, 1);
	struct rnn_db *db = rnn_open(NULL, &d);
	tap_ok(t, db && !strcmp(rnn_root(db), other),
	       "RNN_PATH: the first directory that is a tree (%s)", db ? rnn_root(db) : "none");
	rnn_close(db);

	setenv("AFUC_RNNDB", tree, 1);
	db = rnn_open(NULL, &d);
	tap_ok(t, db && !strcmp(rnn_root(db), tree), "AFUC_RNNDB before RNN_PATH");
	rnn_close(db);

	db = rnn_open(other, &d);
	tap_ok(t, db && !strcmp(rnn_root(db), other), "--rnndb before AFUC_RNNDB");
	rnn_close(db);

	setenv("AFUC_RNNDB", s->dir, 1);
	db = rnn_open(NULL, &d);
	tap_ok(t,
	       !db && d.count &&
		       strstr(d.msgs[0].text, "not a register database (from AFUC_RNNDB)"),
	       "AFUC_RNNDB that is not a tree: %s", d.count ? d.msgs[0].text : "");
	diag_free(&d);
	db = rnn_open("/nonexistent/rnndb", &d);
	tap_ok(t,
	       !db && d.count && strstr(d.msgs[0].text, "no such register database (from --rnndb)"),
	       "--rnndb that does not exist: %s", d.count ? d.msgs[0].text : "");
	diag_free(&d);

	unsetenv("AFUC_RNNDB");
	unsetenv("RNN_PATH");
	const char *build = getenv("SDK_BUILD");
	char *prefix = util_xstrdup(build ? build : "build");
	setenv("AFUC_SDK_PREFIX", prefix, 1);
	db = rnn_open(NULL, &d);
	char *own = util_xasprintf("%s/share/afuc-sdk/rnndb", prefix);
	tap_ok(t, db && !strcmp(rnn_root(db), own), "default: the SDK's own database (%s)",
	       db ? rnn_root(db) : "none");
	const struct rnn_view *v = db ? rnn_view(db, RNN_GPU, "A6XX", &d) : NULL;
	uint64_t value = 0;
	tap_ok(t, v && rnn_name_to_value(v, "CP_SCRATCH_REG[2]", &value) && value == 0x885,
	       "and CP_SCRATCH_REG[2] is 0x885 in it");
	diag_print(&d, stdout, "#");
	diag_free(&d);
	rnn_close(db);
	free(own);
	free(prefix);
	free(path);
	free(tree);
	free(other);
}

/* A name of the SDK's own database: its space, variant and value, and,
 * when not NULL, the name its value prints as. */
struct name_case {
	enum rnn_space space;
	const char *variant, *name;
	uint64_t value;
	const char *prints;
};

/* The register database of this build ($SDK_BUILD), or NULL with errors
 * in d. */
static struct rnn_db *open_build_db(struct diag *d)
{
	const char *build = getenv("SDK_BUILD");
	char *dir = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	struct rnn_db *db = rnn_open(dir, d);
	free(dir);
	return db;
}

/* One test per case: the name has its value, and prints as it should. */
static void check_names(struct tap *t, const struct name_case *names, size_t count)
{
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = open_build_db(&d);
	for (size_t i = 0; i < count; i++) {
		const struct name_case *n = &names[i];
		const struct rnn_view *v = db ? rnn_view(db, n->space, n->variant, &d) : NULL;
		uint64_t value = 0;
		struct util_str back = {0};
		bool found = v && rnn_name_to_value(v, n->name, &value);
		bool prints = !n->prints || (v && rnn_value_to_name(v, n->value, &back) &&
					     !strcmp(back.text, n->prints));
		if (n->prints)
			tap_ok(t, found && value == n->value && prints,
			       "ours: %s %s %s is 0x%llx, which prints as %s (got %s)",
			       rnn_space_name(n->space), n->variant, n->name,
			       (unsigned long long)n->value, n->prints,
			       back.text ? back.text : "nothing");
		else
			tap_ok(t, found && value == n->value, "ours: %s %s %s is 0x%llx",
			       rnn_space_name(n->space), n->variant, n->name,
			       (unsigned long long)n->value);
		util_str_free(&back);
	}
	diag_print(&d, stdout, "#");
	diag_free(&d);
	rnn_close(db);
}

/* What the afuc spec, the reference bootstraps and the SDK's firmware name
 * must be in the SDK's own database, at the values of Mesa's tree. */
static void test_own_names(struct tap *t)
{
	static const struct name_case names[] = {
		{RNN_GPU, "A5XX", "CP_SCRATCH_REG[0x2]", 0xb7a, NULL},
		{RNN_GPU, "A5XX", "CP_ME_NRT_ADDR_LO", 0x80d, NULL},
		{RNN_GPU, "A5XX", "CP_ME_NRT_ADDR_HI", 0x80e, NULL},
		{RNN_GPU, "A5XX", "CP_ME_NRT_DATA", 0x810, NULL},
		{RNN_GPU, "A5XX", "CP_ROQ_THRESHOLDS_1", 0x81f, NULL},
		{RNN_GPU, "A5XX", "CP_CHICKEN_DBG", 0x833, NULL},
		{RNN_GPU, "A5XX", "CP_PROTECT[0x1f].REG", 0x89f, NULL},
		{RNN_GPU, "A5XX", "VFD_INDEX_OFFSET", 0xe408, NULL},
		{RNN_GPU, "A6XX", "CP_SQE_INSTR_BASE", 0x830, NULL},
		{RNN_GPU, "A6XX", "CP_SCRATCH_REG[7]", 0x88a, NULL},
		{RNN_GPU, "A6XX", "CP_ROQ_THRESHOLDS_2", 0x8c2, NULL},
		{RNN_GPU, "A6XX", "CP_CHICKEN_DBG", 0x841, NULL},
		{RNN_GPU, "A6XX", "CP_PROTECT_CNTL", 0x84f, NULL},
		{RNN_GPU, "A6XX", "RBBM_PERFCTR_CP[0]", 0x400, NULL},
		{RNN_GPU, "A7XX", "RBBM_PERFCTR_CP[0]", 0x300, NULL},
		{RNN_GPU, "A7XX", "CP_SQE_INSTR_BASE", 0x830, NULL},
		{RNN_CONTROL, "A6XX", "IB1_BASE", 0x10, NULL},
		{RNN_CONTROL, "A6XX", "IB1_DWORDS", 0x12, NULL},
		{RNN_CONTROL, "A6XX", "IB_LEVEL", 0x54, NULL},
		{RNN_CONTROL, "A6XX", "MEM_READ_DWORDS", 0x1a, NULL},
		{RNN_CONTROL, "A6XX", "REG_READ_ADDR", 0x27, NULL},
		{RNN_CONTROL, "A6XX", "REG_WRITE", 0x25, NULL},
		{RNN_CONTROL, "A6XX", "LOAD_STORE_HI", 0x58, NULL},
		{RNN_CONTROL, "A6XX", "DRAW_STATE_SET_HDR", 0x4a, NULL},
		{RNN_CONTROL, "A6XX", "PACKET_TABLE_WRITE_ADDR", 0x60, NULL},
		{RNN_CONTROL, "A5XX", "IB1_BASE", 0xb0, NULL},
		{RNN_CONTROL, "A7XX", "BV_INSTR_BASE", 0xd6, NULL},
		{RNN_SQE, "A6XX", "PREEMPT_INSTR", 0x4, NULL},
		{RNN_SQE, "A7XX", "STACK0", 0x8, NULL},
		{RNN_PIPE, "A6XX", "WAIT_MEM_WRITES", 0x84, NULL},
		{RNN_PIPE, "A6XX", "NRT_DATA", 0xa2, NULL},
		{RNN_PIPE, "A7XX", "EVENT_TS_ADDR", 0xe8, NULL},
		{RNN_PM4, "A5XX", "CP_ME_INIT", 0x48, NULL},
		{RNN_PM4, "A6XX", "CP_SET_MARKER", 0x65, NULL},
		{RNN_PM4, "A7XX", "CP_THREAD_CONTROL", 0x17, NULL},
		{RNN_PM4, "A7XX", "PKT4", 4, NULL},
		{RNN_HWSQ_REG, "NV41", "PBUS.DEBUG_6", 0x1098, NULL},
		{RNN_HWSQ_REG, "NV41", "PBUS.HWSQ.FLAG_1", 0x1314, NULL},
		{RNN_HWSQ_REG, "NV41", "PBUS.HWSQ_EVENTS", 0x1578, NULL},
		{RNN_HWSQ_REG, "NV41", "PTIMER.TIME_LOW", 0x9400, NULL},
		{RNN_HWSQ_REG, "NV50", "PBUS.HWSQ.CODE[0xff]", 0x14ff, NULL},
	};
	check_names(t, names, UTIL_ARRAY_SIZE(names));
}

/* The names the SDK adds to Mesa's (docs/registers.md: from how vendor
 * images use the registers), both ways. Where the addition shares an
 * offset with a Mesa name, the offset still prints as Mesa prints it. */
static void test_sdk_additions(struct tap *t)
{
	static const struct name_case names[] = {
		{RNN_GPU, "A5XX", "CP_ME_MEM_READ_ADDR", 0x80d, "CP_ME_NRT_ADDR_LO"},
		{RNN_GPU, "A5XX", "CP_ME_MEM_READ_DWORDS", 0x80f, "CP_ME_MEM_READ_DWORDS"},
		{RNN_GPU, "A5XX", "CP_ME_MEM_WRITE_ADDR", 0x810, "CP_ME_NRT_DATA"},
		{RNN_GPU, "A5XX", "CP_ME_MEM_WRITE_ADDR+0x1", 0x811, "CP_ME_MEM_WRITE_ADDR+0x1"},
		{RNN_GPU, "A5XX", "CP_ME_MEM_WRITE_DATA", 0x812, "CP_ME_MEM_WRITE_DATA"},
		{RNN_GPU, "A5XX", "CP_ME_EVENT_TS_CTRL", 0x813, "CP_ME_EVENT_TS_CTRL"},
		{RNN_GPU, "A5XX", "CP_ME_EVENT_TS_DATA", 0x816, "CP_ME_EVENT_TS_DATA"},
		{RNN_GPU, "A6XX", "CP_APERTURE_CNTL_SQE", 0xa01, "CP_APERTURE_CNTL_SQE"},
		{RNN_GPU, "A6XX", "PC_UNKNOWN_9E19", 0x9e19, "PC_UNKNOWN_9E19"},
		{RNN_CONTROL, "A5XX", "FATAL_ERROR_CTRL", 0x007, "FATAL_ERROR_CTRL"},
		{RNN_CONTROL, "A5XX", "REG_READ_DWORDS", 0x012, "REG_READ_DWORDS"},
		{RNN_CONTROL, "A5XX", "REG_READ_ADDR", 0x013, "REG_READ_ADDR"},
		{RNN_CONTROL, "A5XX", "IB_LEVEL", 0x031, "IB_LEVEL"},
		{RNN_CONTROL, "A5XX", "PACKET_TABLE_WRITE_ADDR", 0x033, "PACKET_TABLE_WRITE_ADDR"},
		{RNN_CONTROL, "A5XX", "PACKET_TABLE_WRITE", 0x034, "PACKET_TABLE_WRITE"},
		{RNN_CONTROL, "A5XX", "SCRATCH_REG0", 0x050, "SCRATCH_REG0"},
		{RNN_CONTROL, "A6XX", "PROTECT_STATUS", 0x05b, "PROTECT_STATUS"},
		{RNN_CONTROL, "A6XX", "FATAL_ERROR_CTRL", 0x064, "FATAL_ERROR_CTRL"},
		{RNN_CONTROL, "A7XX", "CHIP_ID", 0x000, "CHIP_ID"},
		{RNN_CONTROL, "A7XX", "FATAL_ERROR_CTRL", 0x064, "FATAL_ERROR_CTRL"},
		{RNN_CONTROL, "A7XX", "PROCESSOR_ID", 0x0ef, "PROCESSOR_ID"},
		{RNN_CONTROL, "A7XX", "SCRATCH_REG7", 0x1ff, "SCRATCH_REG7"},
		{RNN_CONTROL, "A7XX_GEN3", "REG_READ_ADDR", 0x01b, "REG_READ_ADDR"},
		{RNN_CONTROL, "A7XX_GEN3", "PROCESSOR_ID", 0x002, "PROCESSOR_ID"},
		{RNN_CONTROL, "A7XX_GEN3", "PROTECT_STATUS", 0x0a8, "PROTECT_STATUS"},
		{RNN_PIPE, "A5XX", "WAIT_MEM_WRITES", 0xc4, "WAIT_MEM_WRITES"},
	};
	check_names(t, names, UTIL_ARRAY_SIZE(names));
}

/* Packet opcodes as Mesa's tools name them: database names, and UNKNn
 * for the rest (n decimal, no leading zeros, below 0x80). */
static void test_pm4_names(struct tap *t)
{
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = open_build_db(&d);
	const struct rnn_view *pm4 = db ? rnn_view(db, RNN_PM4, "A6XX", &d) : NULL;
	static const struct {
		const char *name;
		bool with_db, without_db;
		uint32_t opcode;
	} cases[] = {
		{"CP_NOP", true, false, 0x10}, {"PKT4", true, false, 4},
		{"UNKN5", true, true, 5},      {"UNKN127", true, true, 127},
		{"UNKN128", false, false, 0},  {"UNKN05", false, false, 0},
		{"UNKN", false, false, 0},     {"UNKN1x", false, false, 0},
		{"CP_NOPE", false, false, 0},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++) {
		uint32_t op = 0xffff;
		bool found = rnn_pm4_opcode(pm4, cases[i].name, &op);
		tap_ok(t, found == cases[i].with_db && (!found || op == cases[i].opcode),
		       "pm4 opcode %s: %s", cases[i].name, cases[i].with_db ? "found" : "refused");
		found = rnn_pm4_opcode(NULL, cases[i].name, &op);
		tap_ok(t, found == cases[i].without_db, "  without a database: %s",
		       cases[i].without_db ? "found" : "refused");
	}
	struct util_str name = {0};
	rnn_pm4_name(pm4, 0x10, &name);
	util_str_putc(&name, ' ');
	rnn_pm4_name(NULL, 0x10, &name);
	tap_is_str(t, name.text, "CP_NOP UNKN16", "pm4 names: the database's, else UNKNn");
	util_str_free(&name);
	diag_free(&d);
	rnn_close(db);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	struct scratch s = {0};
	snprintf(s.dir, sizeof s.dir, "%s/rnn-test.XXXXXX", test_tmpdir());
	if (!mkdtemp(s.dir)) {
		tap_skip_all(&t, "cannot make a scratch directory");
		return 0;
	}
	test_names(&t, &s);
	test_bad_input(&t, &s);
	test_lazy(&t, &s);
	test_open_order(&t, &s);
	test_own_names(&t);
	test_sdk_additions(&t);
	test_pm4_names(&t);
	cleanup(&s);
	xmlCleanupParser();
	return tap_done_testing(&t);
}
