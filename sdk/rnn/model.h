/* sdk/rnn internals: the database as read from XML (the "model"), and the
 * flattened, indexed views built from it. Only the sources of sdk/rnn
 * include this.
 *
 * Everything the model and the views hold is allocated from one arena per
 * database, so rnn_close frees it all at once and nothing can leak between.
 */
#ifndef SDK_RNN_MODEL_H
#define SDK_RNN_MODEL_H

#include "rnn/rnn.h"

/* ---- arena.c: bump allocation, freed all at once ---- */

struct rnn_chunk;
struct rnn_arena {
	struct rnn_chunk *chunks;
	size_t used, size;
};
/* Zeroed memory, aligned for any object. */
void *rnn_arena_alloc(struct rnn_arena *a, size_t size);
char *rnn_arena_strdup(struct rnn_arena *a, const char *s);
char *rnn_arena_strndup(struct rnn_arena *a, const char *s, size_t n);
void rnn_arena_free(struct rnn_arena *a);

#define RNN_NEW(arena, type) ((type *)rnn_arena_alloc((arena), sizeof(type)))

/* ---- the model (load.c) ---- */

/* Where a node was written, for messages. */
struct rnn_src {
	const char *file;
	unsigned line;
};

/* The variant attributes of a node, as written (resolved per view). */
struct rnn_vattr {
	const char *varset;
	const char *variants;
	const char *prefix;
};

enum rnn_node_kind {
	RNN_NODE_DOMAIN,
	RNN_NODE_GROUP,
	RNN_NODE_REG,
	RNN_NODE_ARRAY,
	RNN_NODE_STRIPE,
	RNN_NODE_USE_GROUP,
};

struct rnn_field {
	const char *name;
	unsigned low, high;
	const char *type;
	struct rnn_vattr va;
	struct rnn_src src;
	struct rnn_field *next;
};

struct rnn_value {
	const char *name;
	uint64_t value;
	bool has_value;
	struct rnn_vattr va;
	struct rnn_src src;
	struct rnn_value *next;
};

/* Domains, groups, registers, arrays, stripes and use-groups. */
struct rnn_node {
	enum rnn_node_kind kind;
	const char *name; /* NULL for anonymous arrays and stripes */
	uint64_t offset;
	uint64_t stride; /* 0 when not written */
	uint64_t length; /* 1 when not written; 0 means unbounded */
	unsigned width;  /* registers: bits; domains: bits per address */
	const char *type;
	struct rnn_vattr va;
	struct rnn_src src;
	struct rnn_node *children, *last_child, *next;
	struct rnn_field *fields, *last_field; /* inline bitfields */
	struct rnn_value *values, *last_value; /* inline enum values */
};

struct rnn_enum {
	const char *name;
	struct rnn_vattr va;
	struct rnn_src src;
	struct rnn_value *values, *last_value;
	size_t count;
	struct rnn_enum *next;
};

struct rnn_bitset {
	const char *name;
	struct rnn_vattr va;
	struct rnn_src src;
	struct rnn_field *fields, *last_field;
	struct rnn_bitset *next;
};

struct rnn_file {
	uint64_t dev, ino; /* identity, whatever path reached it */
	bool ok;           /* parsed without error */
	struct rnn_file *next;
};

struct rnn_model {
	struct rnn_node *domains, *groups; /* lists through ->next */
	struct rnn_enum *enums;
	struct rnn_bitset *bitsets;
	struct rnn_file *files;
};

/* An open database: where it lives, what has been read, the views built. */
struct rnn_db {
	struct rnn_arena arena;
	struct rnn_model model;
	char *root;   /* malloc'ed */
	char *origin; /* "ROOT (from RNN_PATH)", malloc'ed */
	char *from;   /* "RNN_PATH", malloc'ed */
	bool lazy;    /* files are read as views need them */
	struct rnn_view *views;
};

/* Parses path (and what it imports, resolved against the database root
 * and then the importing file's directory) into the model. A file already
 * read is not read again. False, with messages in d, on any error. */
bool rnn_load(struct rnn_db *db, const char *path, struct diag *d);

const struct rnn_node *rnn_find_domain(const struct rnn_model *m, const char *name);
const struct rnn_node *rnn_find_group(const struct rnn_model *m, const char *name);
const struct rnn_enum *rnn_find_enum(const struct rnn_model *m, const char *name);
const struct rnn_bitset *rnn_find_bitset(const struct rnn_model *m, const char *name);

/* Parses a number as rnndb writes them: hexadecimal with "0x", else
 * decimal. */
bool rnn_parse_number(const char *text, uint64_t *value);

/* ---- variants (variant.c) ---- */

/* The variant a view is built for: one value of one enum ("chip" for
 * Adreno, "chipset" for NVIDIA). Nodes whose variants name another enum
 * are kept, as Mesa's decoder does for a variant it was not given. */
struct rnn_varctx {
	const struct rnn_model *model;
	const struct rnn_enum *venum;
	size_t index; /* of the chosen value in venum */
};

/* The varset scope a node inherits from its parent. */
struct rnn_vscope {
	const struct rnn_enum *prefix; /* enum named by a prefix attribute */
	const char *varset;            /* nearest varset attribute */
};

/* Finds variant (case-insensitive, or "NVxx" by chipset number) in e. */
bool rnn_variant_index(const struct rnn_enum *e, const char *variant, size_t *index);

/* The scope a node with attributes va sees, inside parent. */
struct rnn_vscope rnn_vscope_enter(const struct rnn_varctx *vc, struct rnn_vscope parent,
				   const struct rnn_vattr *va);

/* Whether a node with attributes va (inside parent) exists in the chosen
 * variant. Bad variant lists are errors at src. */
bool rnn_variant_match(const struct rnn_varctx *vc, struct rnn_vscope parent,
		       const struct rnn_vattr *va, struct rnn_src src, struct diag *d);

/* ---- views (flatten.c, index.c, name.c) ---- */

#define RNN_MAX_LEVELS 8

enum rnn_item_kind {
	RNN_ITEM_REG,   /* a register (or a word of one) */
	RNN_ITEM_ARRAY, /* what Mesa prints for a hole in an array: A[i]+off */
	RNN_ITEM_VALUE, /* an enum value, flag or event number */
};

/* One step of the address walk from the view's base to an item: subtract
 * off; if indexed, idx = rest / stride (below count unless count is 0)
 * and rest %= stride. */
struct rnn_level {
	uint64_t off;
	uint64_t stride;
	uint64_t count;
	bool indexed; /* the index is printed ([i]) and varies */
	bool bounded; /* rest must stay below stride (arrays of length 1) */
	uint8_t seg;  /* which name segment the index is printed after */
};

struct rnn_item {
	struct rnn_entry pub;
	enum rnn_item_kind kind;
	uint32_t prio;  /* first match wins, like Mesa's decoder */
	uint32_t words; /* registers: width / domain width */
	uint8_t nlevels, nsegs;
	struct rnn_level levels[RNN_MAX_LEVELS];
	const char *segs[RNN_MAX_LEVELS];
	bool listed;       /* shown by rnn_view_entry */
	bool empty;        /* holds no address (a register narrower than the space) */
	uint64_t lo, last; /* every value it can match is in [lo, last] */
};

struct rnn_key {
	const char *key;       /* name with "[]" for each index */
	const char *shown;     /* key without a trailing "[]", for suggestions */
	uint32_t first, count; /* into view->cands, best first */
};

struct rnn_view {
	enum rnn_space space;
	const char *variant;
	struct rnn_item *items;
	size_t nitems;
	struct rnn_item **listed; /* sorted by value */
	size_t nlisted;
	/* name -> items: open addressing over keys */
	struct rnn_key *keys;
	size_t nkeys;
	uint32_t *cands;
	uint32_t *slots; /* key index + 1, 0 empty */
	size_t nslots;
	/* value -> items: elementary segments, each with its covering items
	 * in priority order */
	uint64_t *seg_lo;
	uint32_t *seg_first; /* nsegs + 1 entries into seg_items */
	uint32_t *seg_items;
	size_t nsegs;
	struct rnn_view *next;
};

/* A growable list of items while a view is built. */
struct rnn_builder {
	struct rnn_arena *arena;
	struct rnn_varctx vc;
	struct rnn_item *items;
	size_t count, cap;
	uint32_t prio;
	const char *domain; /* name put in each entry's domain */
};

/* Adds the registers of a domain (with Mesa's naming and priorities). */
bool rnn_flatten_domain(struct rnn_builder *b, const struct rnn_node *dom, struct diag *d);
/* Adds the values of an enum. */
bool rnn_flatten_enum(struct rnn_builder *b, const struct rnn_enum *e, struct diag *d);
/* Adds bitfields as numbers (base + low bit), seen from scope. */
bool rnn_flatten_fields(struct rnn_builder *b, const struct rnn_field *fields,
			struct rnn_vscope scope, uint64_t base, struct diag *d);
/* The register called name (a plain name, anywhere in dom) that exists in
 * the chosen variant, and the scope its fields see; NULL if none. */
const struct rnn_node *rnn_find_reg(const struct rnn_varctx *vc, const struct rnn_node *dom,
				    const char *name, struct rnn_vscope *scope, struct diag *d);

/* Builds the indexes of a view from b's items (which it takes over). */
struct rnn_view *rnn_view_index(struct rnn_arena *arena, struct rnn_builder *b,
				enum rnn_space space, const char *variant);

/* The item that holds value, and where in it. */
struct rnn_hit {
	const struct rnn_item *item;
	uint64_t idx[RNN_MAX_LEVELS];
	uint64_t rest; /* word inside the register, or offset inside an array element */
};
bool rnn_find_value(const struct rnn_view *v, uint64_t value, struct rnn_hit *hit);

enum rnn_name_status {
	RNN_NAME_OK,
	RNN_NAME_SYNTAX,  /* not a register name at all */
	RNN_NAME_UNKNOWN, /* well formed, but nothing is called that */
	RNN_NAME_RANGE,   /* an index beyond the array */
};
/* Parses a name the way rnn_name_to_value does; on RNN_NAME_RANGE, *item
 * is the array that was indexed. */
enum rnn_name_status rnn_lookup_name(const struct rnn_view *v, const char *name, uint64_t *value,
				     const struct rnn_item **item);

/* Looks a key up in the name hash, or NULL. */
const struct rnn_key *rnn_find_key(const struct rnn_view *v, const char *key, size_t len);

uint64_t rnn_hash_string(const char *s, size_t len);

#endif
