/* sdk/as internals: the assembler's context and the interfaces between
 * its files. Only the files of sdk/as include it.
 *
 *   map.c        a hash map of names, for labels, constants and atoms
 *   lex.c        a line to tokens
 *   expr.c       expressions: parse to nodes, evaluate to constant + labels
 *   names.c      @/%/|/GPU/PM4 names through the register database
 *   instr.c      one instruction: operands, the matching ISA form, encoding
 *   directive.c  the directives
 *   symbols.c    labels, their scopes, handler records, visibility
 *   fixup.c      what waits for labels: resolved at the end or relocated
 *   slots.c      -O: instructions moved into the nop delay slots of branches
 *   as.c         the line loop, generation, sections
 */
#ifndef SDK_AS_INTERNAL_H
#define SDK_AS_INTERNAL_H

#include "as/as.h"

#define AS_NONE UINT32_MAX
/* The labels map scope of names no section defines (undefined symbols). */
#define AS_UNDEF_SCOPE (UINT32_MAX - 1)

/* ---- map.c: (scope, name) -> number, open addressing ---- */

struct as_map_slot {
	const char *key; /* not owned: must outlive the map */
	uint32_t len, scope, value, hash;
};
struct as_map {
	struct as_map_slot *slots; /* key == NULL: empty */
	size_t mask, count;
};
bool as_map_get(const struct as_map *m, uint32_t scope, const char *key, size_t len,
		uint32_t *value);
/* Adds, or replaces the value of, (scope, key). */
void as_map_put(struct as_map *m, uint32_t scope, const char *key, size_t len, uint32_t value);
void as_map_free(struct as_map *m);

/* ---- lex.c ---- */

enum as_tok_type {
	AS_T_END,
	AS_T_IDENT, /* [A-Za-z_.][A-Za-z0-9_.]* */
	AS_T_NUM,   /* starts with a digit; num_ok says whether it parsed */
	AS_T_REG,   /* $ followed by letters and digits */
	AS_T_PUNCT, /* one character: , [ ] ( ) + - * / % & | ^ ~ ! : # @ */
	AS_T_SHL,   /* << */
	AS_T_SHR,   /* >> */
	AS_T_BAD,   /* a character that starts no token */
};

struct as_tok {
	uint8_t type;
	char c; /* AS_T_PUNCT, AS_T_BAD */
	bool num_ok;
	uint32_t col; /* 1-based byte column */
	uint32_t len;
	const char *text;
	uint64_t num;
};

/* Tokens of line (NUL-terminated) up to a ';' comment, into *toks
 * (grown as needed); the last token is AS_T_END. Returns the count
 * before it. */
size_t as_lex(const char *line, struct as_tok **toks, size_t *cap);
bool as_tok_is(const struct as_tok *t, char c);
/* Whether two tokens touch (no space between them). */
bool as_tok_adjacent(const struct as_tok *a, const struct as_tok *b);

/* ---- expressions ---- */

enum as_node_op {
	AS_N_NUM,   /* num */
	AS_N_LABEL, /* #name: name */
	AS_N_ADDR,  /* #number: an instruction address, num */
	AS_N_NEG,
	AS_N_NOT,
	AS_N_PLUS,
	AS_N_MUL,
	AS_N_DIV,
	AS_N_MOD,
	AS_N_ADD,
	AS_N_SUB,
	AS_N_SHL,
	AS_N_SHR,
	AS_N_AND,
	AS_N_XOR,
	AS_N_OR,
};

struct as_node {
	uint8_t op;
	bool paren;     /* written in parentheses */
	bool has_label; /* an AS_N_LABEL below: evaluation waits for labels */
	bool has_hash;  /* any # below */
	uint32_t col;
	uint32_t a, b; /* operands (node indexes) */
	int64_t num;
	const char *name;
};

/* A value: c + plus - minus, where plus and minus are symbols (model
 * indexes) or AS_NONE. */
struct as_value {
	int64_t c;
	uint32_t plus, minus;
};

/* Where a line came from: file (interned in the object), line, text. */
struct as_src {
	const char *file;
	uint32_t line;
	const char *text;
};

/* An instruction waiting for its labels; its fixups point at it. */
struct as_pending {
	struct isa_instr in;
	uint32_t section, offset;
	struct as_src src;
};

enum as_fixup_kind { AS_FIX_FIELD, AS_FIX_PAYLOAD, AS_FIX_WORD };

struct as_fixup {
	uint8_t kind;     /* enum as_fixup_kind */
	uint8_t field;    /* AS_FIX_FIELD: the isa field */
	uint32_t pending; /* AS_FIX_FIELD: index into pending */
	uint32_t section, offset;
	uint32_t expr; /* node index */
	uint32_t col;
	struct as_src src;
};

/* For the delay-slot pass: a word that an instruction made, and a place
 * where .align (or .section) padded. Kept only with fill_delay_slots. */
struct as_insn_rec {
	uint32_t section, offset;
	struct isa_instr in;
};
struct as_pad {
	uint32_t section, at, count, bytes;
	uint32_t fill; /* the padding word: the nop, or `.align N, FILL`'s */
};

struct as_sym_info {
	struct as_src src; /* where it was defined, for notes */
	uint32_t col;
};

struct as_vis {
	struct as_src src;
	uint32_t col;
	bool global;
	const char *name; /* an atom */
};

struct as_ctx {
	const struct as_options *opt;
	struct diag *d;
	struct obj_file *o;

	/* generation: .gpu, else --gpu, else the firmware id */
	enum isa_gen gen;
	bool gen_locked, gen_failed;
	enum isa_gen dot_gpu, inferred;
	/* .control: the control-register map's variant ("A7XX_GEN3"), or
	 * empty for the generation's own. */
	char control_variant[32];
	bool raw_seen;
	struct isa isa;

	/* register database, opened when first needed */
	struct rnn_db *db;
	bool db_owned, db_failed;
	const struct rnn_view *views[RNN_SPACE_COUNT];
	bool view_failed[RNN_SPACE_COUNT];

	/* where we are */
	uint32_t section; /* AS_NONE until the first use of .text */
	struct as_src src;
	struct as_tok *toks;
	size_t ntok, tok_cap, pos;

	struct as_node *nodes;
	size_t node_count, node_cap;
	unsigned expr_depth; /* of the expression being parsed */
	size_t expr_start;   /* its first node */

	/* labels: (section, name) -> symbol; name -> first definition
	 * (scope 0) and how many sections define it (scope 1) */
	struct as_map labels, label_names;
	struct as_map consts; /* .set: name -> index into the two arrays below */
	int64_t *const_values;
	uint32_t *const_symbols; /* the absolute symbol each .set also makes */
	size_t const_count, const_cap;
	struct as_map atoms; /* interned names for #label nodes */
	char **strings;      /* what atoms own */
	size_t string_count, string_cap;
	struct as_sym_info *sym_info; /* by model symbol */
	size_t sym_info_cap;
	/* .global / .local: name -> index into vis */
	struct as_map visibility;
	struct as_vis *vis;
	size_t vis_count, vis_cap;

	struct as_pending *pend;
	size_t pend_count, pend_cap;
	struct as_fixup *fix;
	size_t fix_count, fix_cap;

	/* the first label at the current position, for .handler */
	uint32_t here_symbol, here_section, here_offset;
	/* .handler opcodes waiting for the next instruction */
	uint32_t handler_ops[OBJ_PACKET_TABLE_WORDS];
	uint32_t handler_cols[OBJ_PACKET_TABLE_WORDS];
	size_t handler_count;
	struct as_src handler_src;
	/* per section: which opcodes have a handler (its index + 1, or 0) */
	uint32_t (*handlers_seen)[OBJ_PACKET_TABLE_WORDS];
	size_t handlers_seen_cap;
	struct as_sym_info *handler_info; /* by handler index */
	size_t handler_info_count, handler_info_cap;
	/* per section: where .jumptbl was (line), for the note on a second one */
	struct as_sym_info *table_info;
	size_t table_info_cap;

	/* what the delay-slot pass reads (fill_delay_slots only) */
	struct as_insn_rec *insns;
	size_t insn_count, insn_cap;
	struct as_pad *pads;
	size_t pad_count, pad_cap;
	bool numeric_address; /* an #N was written: words must stay where they are */
};

/* as.c: messages at the current line (col 0: the whole line) */
void as_error(struct as_ctx *c, uint32_t col, const char *fmt, ...) UTIL_PRINTF(3, 4);
void as_error_at(struct as_ctx *c, const struct as_src *src, uint32_t col, const char *fmt, ...)
	UTIL_PRINTF(4, 5);
void as_note_at(struct as_ctx *c, const struct as_src *src, uint32_t col, const char *fmt, ...)
	UTIL_PRINTF(4, 5);
/* The generation, fixed at its first use; false (error given) if unknown. */
bool as_need_gen(struct as_ctx *c, uint32_t col);
/* The current section, created (.text) on first use. */
struct obj_section *as_section(struct as_ctx *c);
/* Emits one word into the current section, attaching waiting .handler
 * records to it. Returns its offset. */
uint32_t as_emit(struct as_ctx *c, uint32_t word);
/* Pads the current section with nops to a multiple of bytes. */
/* Pads to a multiple of bytes with *fill, or with nops when fill is NULL. */
bool as_align(struct as_ctx *c, uint32_t bytes, const uint32_t *fill, uint32_t col);
/* The token under the cursor, and its text as a message shows it. */
const struct as_tok *as_peek(const struct as_ctx *c);
const char *as_tok_desc(const struct as_tok *t, char *buf, size_t size);
/* "expected WHAT, found 'TOKEN'" at the current token. */
void as_expected(struct as_ctx *c, const char *what);

/* expr.c */
/* Parses an expression at the cursor. Returns its node, or AS_NONE after
 * an error. Names (registers, constants) are looked up here. */
uint32_t as_parse_expr(struct as_ctx *c);
/* Evaluates a node tree; labels resolve in section. Returns false (error
 * given, at src) when it cannot: an undefined name in `now` mode, a label
 * in a multiplication, division by zero. */
bool as_eval(struct as_ctx *c, uint32_t node, uint32_t section, const struct as_src *src, bool now,
	     struct as_value *out);
/* Evaluates an expression that must be a plain number here and now. */
bool as_eval_const(struct as_ctx *c, uint32_t node, int64_t *out);

/* names.c */
const struct rnn_view *as_view(struct as_ctx *c, enum rnn_space space, uint32_t col);
/* A bare name (NUL-terminated) in an expression: .set constant, GPU
 * register, PM4 packet. False with an error (and suggestions) if none. */
bool as_lookup_name(struct as_ctx *c, const char *name, uint32_t col, int64_t *value);
/* @NAME, %NAME, |NAME. */
bool as_lookup_space(struct as_ctx *c, enum rnn_space space, const char *name, uint32_t col,
		     int64_t *value);
/* A PM4 opcode for a label or .handler: CP_* name, PKT4... or UNKNn.
 * Never reports an error; false when the name is no opcode. */
bool as_pm4_opcode(struct as_ctx *c, const char *name, uint32_t *opcode);
/* The same for a label named after a packet: the listing's generation
 * first, then any other's, as Mesa's assembler looks it up. */
bool as_pm4_label_opcode(struct as_ctx *c, const char *name, uint32_t *opcode);
/* The error for a name that is not in a space, with suggestions. */
void as_unknown_in(struct as_ctx *c, enum rnn_space space, const char *name, uint32_t col);

/* instr.c */
void as_instruction(struct as_ctx *c);

/* directive.c */
void as_directive(struct as_ctx *c);

/* symbols.c */
void as_define_label(struct as_ctx *c, const struct as_tok *name);
/* The interned copy of a name, owned by the context. */
const char *as_atom(struct as_ctx *c, const char *name, size_t len);
/* The symbol #name means from section (at the end of the source). */
uint32_t as_resolve_label(struct as_ctx *c, const char *name, uint32_t section,
			  const struct as_src *src, uint32_t col);
/* A .handler record for opcode at symbol. */
void as_add_handler(struct as_ctx *c, uint32_t opcode, uint32_t symbol, const struct as_src *src,
		    uint32_t col, bool from_label);
/* A label for the word about to be emitted at the current position. */
uint32_t as_label_here(struct as_ctx *c, const char *hint);
struct as_sym_info *as_sym_info(struct as_ctx *c, uint32_t symbol);
void as_set_visibility(struct as_ctx *c, const struct as_tok *name, bool global);
/* .set name, value */
void as_set_const(struct as_ctx *c, const struct as_tok *name, int64_t value);
/* After the last line: implicit handlers, .global/.local, undefined. */
void as_finish_symbols(struct as_ctx *c);

/* fixup.c */
/* Records that field of the instruction in `pending` waits for expr. */
void as_defer_field(struct as_ctx *c, uint32_t pending, enum isa_field_kind field, uint32_t expr,
		    uint32_t col);
void as_defer_word(struct as_ctx *c, enum as_fixup_kind kind, uint32_t offset, uint32_t expr,
		   uint32_t col);
void as_resolve_fixups(struct as_ctx *c);
/* The message for an isa_encode failure. */
void as_encode_error(struct as_ctx *c, const struct as_src *src, uint32_t col,
		     const struct isa_instr *in, const struct isa_encode_error *err);

/* slots.c: after the last line, before the fixups are resolved */
void as_fill_delay_slots(struct as_ctx *c);

#endif
