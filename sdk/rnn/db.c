/* Opening a database tree and building views from it.
 *
 * A tree is read lazily: a view reads the few files its space usually
 * lives in (the file names of Mesa's and envytools' trees, which the
 * SDK's own tree shares), and the root file only when those do not have
 * what it needs. Which domains, enums and bitsets make each view is the
 * table "recipes" below.
 */
#include "rnn/model.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum source_kind { SRC_DOMAIN, SRC_ENUM, SRC_BITSET, SRC_REG_FIELDS };

struct source {
	enum source_kind kind;
	const char *names[2]; /* the first one the tree has is used */
	bool optional;
	const char *reg; /* SRC_REG_FIELDS: whose fields */
	uint64_t base;   /* number of the field at bit 0 */
};

struct recipe {
	enum rnn_space space;
	const char *variant; /* NULL: any value of venum */
	const char *venum;
	const char *chip; /* the value of venum it is built for; NULL: variant */
	const char *files[4];
	struct source sources[2];
};

/* The recipes are laid out by hand, one view a line. */
/* clang-format off */
#define ADRENO_COMMON "adreno/adreno_common.xml"
#define ADRENO_CONTROL "adreno/adreno_control_regs.xml"
#define ADRENO_PIPE "adreno/adreno_pipe_regs.xml"

#define DOMAIN(...) {.kind = SRC_DOMAIN, .names = {__VA_ARGS__}}
#define FALLBACK(name) {.kind = SRC_DOMAIN, .names = {name}, .optional = true}
#define ADRENO(sp, var, ...) {.space = sp, .variant = var, .venum = "chip", __VA_ARGS__}
#define NVIDIA(sp, ...) {.space = sp, .venum = "chipset", __VA_ARGS__}

/* Mesa's afuc tools: GPU registers come from the generation's domain and
 * then AXXX; a7xx shares a6xx's domain (variant A7XX) and SQE registers. */
static const struct recipe recipes[] = {
	ADRENO(RNN_GPU, "A5XX", .files = {ADRENO_COMMON, "adreno/a5xx.xml"},
	       .sources = {DOMAIN("A5XX"), FALLBACK("AXXX")}),
	ADRENO(RNN_GPU, "A6XX", .files = {ADRENO_COMMON, "adreno/a6xx.xml", "adreno/a6xx_gmu.xml"},
	       .sources = {DOMAIN("A6XX"), FALLBACK("AXXX")}),
	ADRENO(RNN_GPU, "A7XX", .files = {ADRENO_COMMON, "adreno/a6xx.xml", "adreno/a6xx_gmu.xml"},
	       .sources = {DOMAIN("A6XX"), FALLBACK("AXXX")}),
	ADRENO(RNN_CONTROL, "A5XX", .files = {ADRENO_COMMON, ADRENO_CONTROL},
	       .sources = {DOMAIN("A5XX_CONTROL_REG")}),
	ADRENO(RNN_CONTROL, "A6XX", .files = {ADRENO_COMMON, ADRENO_CONTROL},
	       .sources = {DOMAIN("A6XX_CONTROL_REG")}),
	ADRENO(RNN_CONTROL, "A7XX", .files = {ADRENO_COMMON, ADRENO_CONTROL},
	       .sources = {DOMAIN("A7XX_CONTROL_REG")}),
	/* a750 (gen70900) and later move the control registers around */
	ADRENO(RNN_CONTROL, "A7XX_GEN3", .chip = "A7XX", .files = {ADRENO_COMMON, ADRENO_CONTROL},
	       .sources = {DOMAIN("A7XX_GEN3_CONTROL_REG")}),
	ADRENO(RNN_SQE, "A6XX", .files = {ADRENO_COMMON, ADRENO_CONTROL},
	       .sources = {DOMAIN("A6XX_SQE_REG")}),
	ADRENO(RNN_SQE, "A7XX", .files = {ADRENO_COMMON, ADRENO_CONTROL},
	       .sources = {DOMAIN("A7XX_SQE_REG", "A6XX_SQE_REG")}),
	ADRENO(RNN_PIPE, "A5XX", .files = {ADRENO_COMMON, ADRENO_PIPE},
	       .sources = {DOMAIN("A5XX_PIPE_REG")}),
	ADRENO(RNN_PIPE, "A6XX", .files = {ADRENO_COMMON, ADRENO_PIPE},
	       .sources = {DOMAIN("A6XX_PIPE_REG")}),
	ADRENO(RNN_PIPE, "A7XX", .files = {ADRENO_COMMON, ADRENO_PIPE},
	       .sources = {DOMAIN("A7XX_PIPE_REG", "A6XX_PIPE_REG")}),
	ADRENO(RNN_PM4, NULL, .files = {ADRENO_COMMON, "adreno/adreno_pm4.xml"},
	       .sources = {{.kind = SRC_ENUM, .names = {"adreno_pm4_type3_packets"}}}),
	ADRENO(RNN_EVENT, NULL, .files = {ADRENO_COMMON, "adreno/adreno_pm4.xml"},
	       .sources = {{.kind = SRC_ENUM, .names = {"vgt_event_type"}}}),
	ADRENO(RNN_PM4_FIELD, NULL, .files = {ADRENO_COMMON, "adreno/adreno_pm4.xml"},
	       .sources = {{.kind = SRC_BITSET, .names = {"pm4_packet_fields"}, .base = 0}}),
	NVIDIA(RNN_HWSQ_REG, .files = {"nvchipsets.xml", "bus/pbus.xml", "bus/ptimer.xml",
				       "memory/g80_pfb.xml"},
	       .sources = {DOMAIN("NV_MMIO")}),
	/* Flags 0-15 are FLAG_0's bits, 16-31 FLAG_1's; events are the bits
	 * of PBUS.HWSQ_EVENTS. */
	NVIDIA(RNN_HWSQ_FLAG, .files = {"nvchipsets.xml", "bus/pbus.xml"},
	       .sources = {{.kind = SRC_BITSET, .names = {"nv_pbus_hwsq_flag_0"}, .base = 0},
			   {.kind = SRC_BITSET, .names = {"nv_pbus_hwsq_flag_1"}, .base = 16}}),
	NVIDIA(RNN_HWSQ_EVENT, .files = {"nvchipsets.xml", "bus/pbus.xml"},
	       .sources = {{.kind = SRC_REG_FIELDS, .names = {"NV_MMIO"}, .reg = "HWSQ_EVENTS"}}),
};
/* clang-format on */

/* Files whose presence makes a directory a database tree; the ones that
 * import everything are read when a view's usual files fall short. */
static const char *const root_files[] = {"adreno.xml", "root.xml"};
static const char *const marker_files[] = {"adreno.xml", "adreno/adreno_pm4.xml", "root.xml",
					   "bus/pbus.xml", "nvchipsets.xml"};

static const struct {
	const char *name, *noun, *plural;
} spaces[RNN_SPACE_COUNT] = {
	[RNN_GPU] = {"gpu", "register", "GPU registers"},
	[RNN_CONTROL] = {"control", "control register", "control registers"},
	[RNN_SQE] = {"sqe", "SQE register", "SQE registers"},
	[RNN_PIPE] = {"pipe", "pipe register", "pipe registers"},
	[RNN_PM4] = {"pm4", "PM4 packet", "PM4 packets"},
	[RNN_HWSQ_REG] = {"hwsq-reg", "register", "HWSQ registers"},
	[RNN_HWSQ_FLAG] = {"hwsq-flag", "HWSQ flag", "HWSQ flags"},
	[RNN_HWSQ_EVENT] = {"hwsq-event", "HWSQ event", "HWSQ events"},
	[RNN_EVENT] = {"event", "event", "events"},
	[RNN_PM4_FIELD] = {"pm4-field", "packet field", "packet fields"},
};

const char *rnn_space_name(enum rnn_space space)
{
	return space < RNN_SPACE_COUNT ? spaces[space].name : "?";
}

const char *rnn_space_noun(enum rnn_space space)
{
	return space < RNN_SPACE_COUNT ? spaces[space].noun : "name";
}

bool rnn_space_from_name(const char *name, enum rnn_space *space)
{
	for (int i = 0; i < RNN_SPACE_COUNT; i++) {
		if (!strcmp(spaces[i].name, name)) {
			*space = (enum rnn_space)i;
			return true;
		}
	}
	return false;
}

static bool exists(const char *path, bool want_dir)
{
	struct stat st;
	if (stat(path, &st))
		return false;
	return want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
}

static bool dir_has(const char *dir, const char *file)
{
	char *path = util_xasprintf("%s/%s", dir, file);
	bool ok = exists(path, false);
	free(path);
	return ok;
}

/* The files that tell a tree of each family: Mesa's and the SDK's have
 * the Adreno ones, envytools' and the SDK's the NVIDIA ones. */
static const struct {
	const char *files[3];
} family_markers[] = {
	[RNN_ANY] = {{"adreno.xml", "root.xml", "bus/pbus.xml"}},
	[RNN_ADRENO] = {{"adreno.xml", "adreno/adreno_pm4.xml"}},
	[RNN_NVIDIA] = {{"bus/pbus.xml", "nvchipsets.xml", "root.xml"}},
};

static bool is_tree_of(const char *dir, enum rnn_family family)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(family_markers[family].files); i++) {
		const char *f = family_markers[family].files[i];
		if (f && dir_has(dir, f))
			return true;
	}
	return false;
}

static bool is_tree(const char *dir)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(marker_files); i++)
		if (dir_has(dir, marker_files[i]))
			return true;
	return false;
}

/* The root directory for path (a tree, or a file inside one); NULL with
 * a message naming why (how it was chosen) if it is not one. */
static char *tree_root(const char *path, const char *why, struct diag *d)
{
	if (exists(path, false)) {
		const char *slash = strrchr(path, '/');
		return slash ? util_xstrndup(path, slash == path ? 1 : (size_t)(slash - path))
			     : util_xstrdup(".");
	}
	if (!exists(path, true)) {
		diag_error(d, diag_at(path, 0, 0), "no such register database (from %s)", why);
		return NULL;
	}
	if (!is_tree(path)) {
		diag_error(d, diag_at(path, 0, 0),
			   "not a register database (from %s): it has no adreno.xml, root.xml or "
			   "bus/pbus.xml",
			   why);
		return NULL;
	}
	return util_xstrdup(path);
}

static struct rnn_db *new_db(char *root, const char *why, bool lazy)
{
	struct rnn_db *db = util_xcalloc(1, sizeof *db);
	db->root = root;
	db->origin = util_xasprintf("%s (from %s)", root, why);
	db->from = util_xstrdup(why);
	db->lazy = lazy;
	return db;
}

/* The variable that names each family's tree, before RNN_PATH. */
static const char *const family_env[] = {
	[RNN_ANY] = "AFUC_RNNDB",
	[RNN_ADRENO] = "AFUC_RNNDB",
	[RNN_NVIDIA] = "HWSQ_RNNDB",
};

struct rnn_db *rnn_open_for(const char *dir, enum rnn_family family, struct diag *d)
{
	char *root = NULL;
	const char *why = "--rnndb";
	const char *env = getenv(family_env[family]);
	const char *path = getenv("RNN_PATH");
	if (dir) {
		root = tree_root(dir, why, d);
	} else if (env && *env) {
		why = family_env[family];
		root = tree_root(env, why, d);
	} else {
		/* Mesa's tools take the first RNN_PATH directory that has the
		 * file they look for, envytools' theirs: a path naming both
		 * trees serves both families. */
		why = "RNN_PATH";
		while (path && *path && !root) {
			size_t len = strcspn(path, ":");
			char *one = util_xstrndup(path, len);
			if (len && exists(one, true) && is_tree(one) && is_tree_of(one, family))
				root = one;
			else
				free(one);
			path += len + (path[len] == ':');
		}
		if (!root) {
			char *own = util_sdk_path("share/afuc-sdk/rnndb");
			why = "the SDK's own database";
			root = tree_root(own, why, d);
			free(own);
		}
	}
	return root ? new_db(root, why, true) : NULL;
}

struct rnn_db *rnn_open(const char *dir, struct diag *d)
{
	return rnn_open_for(dir, RNN_ANY, d);
}

const char *rnn_origin(const struct rnn_db *db)
{
	return db->origin;
}

struct rnn_db *rnn_load_file(const char *path, struct diag *d)
{
	const char *slash = strrchr(path, '/');
	char *root = slash ? util_xstrndup(path, slash == path ? 1 : (size_t)(slash - path))
			   : util_xstrdup(".");
	struct rnn_db *db = new_db(root, path, false);
	if (!rnn_load(db, path, d)) {
		rnn_close(db);
		return NULL;
	}
	return db;
}

void rnn_close(struct rnn_db *db)
{
	if (!db)
		return;
	rnn_arena_free(&db->arena);
	free(db->root);
	free(db->origin);
	free(db->from);
	free(db);
}

const char *rnn_root(const struct rnn_db *db)
{
	return db->root;
}

/* Reads the files a recipe's sources usually live in (those the tree has). */
static bool load_files(struct rnn_db *db, const char *const *files, size_t n, struct diag *d)
{
	bool ok = true;
	for (size_t i = 0; i < n && files[i]; i++) {
		if (!dir_has(db->root, files[i]))
			continue;
		char *path = util_xasprintf("%s/%s", db->root, files[i]);
		ok = rnn_load(db, path, d) && ok;
		free(path);
	}
	return ok;
}

static const void *find_source_name(const struct rnn_model *m, enum source_kind kind,
				    const char *name)
{
	switch (kind) {
	case SRC_DOMAIN:
	case SRC_REG_FIELDS:
		return rnn_find_domain(m, name);
	case SRC_ENUM:
		return rnn_find_enum(m, name);
	case SRC_BITSET:
		return rnn_find_bitset(m, name);
	}
	return NULL;
}

static const void *find_source(const struct rnn_model *m, const struct source *s, const char **name)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(s->names) && s->names[i]; i++) {
		const void *found = find_source_name(m, s->kind, s->names[i]);
		if (found) {
			*name = s->names[i];
			return found;
		}
	}
	*name = s->names[0];
	return NULL;
}

/* What the recipe needs and the model lacks, or NULL. */
static const char *missing(const struct rnn_model *m, const struct recipe *r)
{
	if (!rnn_find_enum(m, r->venum))
		return r->venum;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(r->sources); i++) {
		const struct source *s = &r->sources[i];
		const char *name;
		if (s->names[0] && !s->optional && !find_source(m, s, &name))
			return name;
	}
	return NULL;
}

static bool add_source(struct rnn_builder *b, const struct source *s, struct diag *d)
{
	const char *name;
	const void *found = find_source(b->vc.model, s, &name);
	if (!found)
		return true; /* optional */
	switch (s->kind) {
	case SRC_DOMAIN:
		return rnn_flatten_domain(b, found, d);
	case SRC_ENUM:
		return rnn_flatten_enum(b, found, d);
	case SRC_BITSET: {
		const struct rnn_bitset *bs = found;
		/* Inline bitsets take their varset from where they are used,
		 * which for these is a register of the variant's enum. */
		struct rnn_vscope scope = {.varset = b->vc.venum->name};
		b->domain = bs->name;
		return rnn_flatten_fields(b, bs->fields, scope, s->base, d);
	}
	case SRC_REG_FIELDS: {
		struct rnn_vscope scope;
		size_t errors = d->errors;
		const struct rnn_node *reg = rnn_find_reg(&b->vc, found, s->reg, &scope, d);
		if (!reg)
			return d->errors == errors;
		b->domain = reg->name;
		return rnn_flatten_fields(b, reg->fields, scope, s->base, d);
	}
	}
	return false;
}

static const struct recipe *find_recipe(enum rnn_space space, const char *variant)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(recipes); i++)
		if (recipes[i].space == space &&
		    (!recipes[i].variant || !strcmp(recipes[i].variant, variant)))
			return &recipes[i];
	return NULL;
}

static void list_variants(enum rnn_space space, struct util_str *out)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(recipes); i++) {
		if (recipes[i].space != space || !recipes[i].variant)
			continue;
		util_str_printf(out, "%s%s", out->len ? ", " : "", recipes[i].variant);
	}
}

static struct rnn_view *build_view(struct rnn_db *db, const struct recipe *r, const char *variant,
				   struct diag *d)
{
	bool ok = true;
	if (db->lazy) {
		if (!load_files(db, r->files, UTIL_ARRAY_SIZE(r->files), d))
			return NULL;
		if (missing(&db->model, r))
			ok = load_files(db, root_files, UTIL_ARRAY_SIZE(root_files), d);
	}
	const char *lack = missing(&db->model, r);
	if (lack)
		diag_error(d, diag_at(db->root, 0, 0),
			   "the register database has no %s (for %s; database from %s)", lack,
			   spaces[r->space].plural, db->from);
	if (lack || !ok)
		return NULL;
	struct rnn_builder b = {.arena = &db->arena};
	b.vc.model = &db->model;
	b.vc.venum = rnn_find_enum(&db->model, r->venum);
	const char *chip = r->chip ? r->chip : variant;
	if (!rnn_variant_index(b.vc.venum, chip, &b.vc.index)) {
		diag_error(d, DIAG_NOWHERE, "unknown variant %s: not a value of enum %s in %s",
			   chip, r->venum, db->root);
		return NULL;
	}
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(r->sources) && ok; i++)
		if (r->sources[i].names[0])
			ok = add_source(&b, &r->sources[i], d);
	if (!ok) {
		free(b.items);
		return NULL;
	}
	return rnn_view_index(&db->arena, &b, r->space, variant);
}

const struct rnn_view *rnn_view(struct rnn_db *db, enum rnn_space space, const char *variant,
				struct diag *d)
{
	if (space >= RNN_SPACE_COUNT || !variant) {
		diag_error(d, DIAG_NOWHERE, "no such register space");
		return NULL;
	}
	char *upper = util_xstrdup(variant);
	for (char *p = upper; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	struct rnn_view *v = db->views;
	while (v && (v->space != space || strcmp(v->variant, upper)))
		v = v->next;
	if (!v) {
		const struct recipe *r = find_recipe(space, upper);
		if (!r) {
			struct util_str known = {0};
			list_variants(space, &known);
			diag_error(d, DIAG_NOWHERE, "no %s for %s (there are for %s)",
				   spaces[space].plural, upper, known.text ? known.text : "none");
			util_str_free(&known);
		} else if ((v = build_view(db, r, upper, d))) {
			v->next = db->views;
			db->views = v;
		}
	}
	free(upper);
	return v;
}

enum rnn_space rnn_view_space(const struct rnn_view *v)
{
	return v->space;
}

const char *rnn_view_variant(const struct rnn_view *v)
{
	return v->variant;
}

size_t rnn_view_count(const struct rnn_view *v)
{
	return v->nlisted;
}

const struct rnn_entry *rnn_view_entry(const struct rnn_view *v, size_t index)
{
	return index < v->nlisted ? &v->listed[index]->pub : NULL;
}
