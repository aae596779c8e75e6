/* sdk/ld internals: the state of one link, shared by its phases.
 *
 *   parse*.c   the script (lex.c tokens, parse_expr.c expressions)
 *   link.c     ld_link: checks the inputs, runs the phases, builds outputs
 *   symbols.c  object symbols, script/command-line symbols, name lookup
 *   match.c    the script's images and output sections; what goes where
 *   layout.c   the script walk: addresses, `.`, padding
 *   patch.c    --base: the vendor image's processors, appended code
 *   expr.c     script expressions
 *   resolve.c  relocations and packet tables
 *   map.c      the map file      elf.c  the linked ELF
 *
 * Addresses are in words (afuc addresses). A processor image's address 0
 * is file word 1 + its start; file words are counted after the leading
 * zero word, so "file word" w below is byte 4 * (w + 1) of the .fw. */
#ifndef SDK_LD_INTERNAL_H
#define SDK_LD_INTERNAL_H

#include "ld/script.h"

#define LD_NONE UINT32_MAX

/* A name -> index hash (open addressing); names are borrowed. */
struct ld_names {
	const char **keys;
	uint32_t *values;
	size_t cap, count;
};
/* Returns the value already there (and changes nothing), or LD_NONE
 * after inserting. */
uint32_t ld_names_put(struct ld_names *n, const char *key, uint32_t value);
uint32_t ld_names_get(const struct ld_names *n, const char *key);
void ld_names_free(struct ld_names *n);

/* One processor image (BR, BV, LPAC, SQE, ...). */
struct ld_proc {
	char *name;
	uint32_t start;      /* file word of its address 0 */
	uint32_t size;       /* words */
	uint32_t pad;        /* nop words after it, aligning the next image */
	struct diag_loc loc; /* the PROCESSOR statement (or nowhere) */
	/* Packet table. */
	bool has_table;
	uint32_t table_addr, table_size;
	const char *table_where;          /* ".jumptbl", "PACKET_TABLE" or "vendor" */
	uint32_t table_symbol;            /* the PACKET_TABLE symbol (ssyms), or LD_NONE */
	const struct ld_stmt *table_stmt; /* PACKET_TABLE */
	/* After ld_fill_tables: each entry, and where it came from: an
	 * index into handlers, or one of LD_SRC_*. */
	uint32_t *entries, *entry_src;
	const struct ld_stmt *default_stmt; /* DEFAULT_HANDLER */
	bool has_default;
	uint32_t default_value;
	uint32_t jumptbl_input, jumptbl_section; /* the input section with a .jumptbl */
	bool needs_table;                        /* has handler records and no .jumptbl */
	/* Patching. */
	uint32_t vendor_end;              /* file word after its vendor words */
	uint32_t patch_start, patch_size; /* appended code: file words */
};

#define LD_SRC_NONE UINT32_MAX          /* left 0 */
#define LD_SRC_DEFAULT (UINT32_MAX - 1) /* the default handler */
#define LD_SRC_VENDOR (UINT32_MAX - 2)  /* kept from the vendor image */

/* Where an input section went. */
struct ld_place {
	uint32_t proc; /* LD_NONE: not placed */
	uint32_t addr;
	uint32_t outsec;            /* index into outsecs, or LD_NONE (patching) */
	const struct ld_stmt *stmt; /* the input statement that matched it */
};

struct ld_outsec {
	const struct ld_stmt *stmt;
	uint32_t proc;
	uint32_t addr, size;
	bool present; /* false: empty, dropped */
};

/* Words that the layout placed, in the order it placed them. */
enum ld_chunk_kind { LD_C_PAD, LD_C_INPUT, LD_C_DATA, LD_C_TABLE };
struct ld_chunk {
	uint8_t kind;
	uint32_t proc;
	uint32_t addr, count;
	uint32_t input, section;    /* LD_C_INPUT */
	const struct ld_stmt *stmt; /* LD_C_DATA: LONG or NOP */
	int64_t dot;
};

/* A symbol that no object defines: from the script, the command line
 * (--defsym) or the vendor image (patching). */
enum ld_ssym_state { LD_SYM_PENDING, LD_SYM_BUSY, LD_SYM_DONE, LD_SYM_FAILED };
struct ld_ssym {
	const char *name;           /* borrowed */
	uint32_t proc;              /* the image whose address it is, LD_NONE: absolute */
	uint32_t scope;             /* visible from this image only, LD_NONE: from all */
	const struct ld_stmt *stmt; /* its assignment, or NULL (value already known) */
	int64_t dot;                /* `.` at the assignment */
	bool dot_known;
	uint8_t state;
	int64_t value;
	uint32_t next;      /* next ssym of the same name (other scopes) */
	const char *origin; /* for messages: "script", "--defsym", ... */
	struct diag_loc loc;
};

/* A packet-table record, from an object or a HANDLER statement. */
struct ld_handler {
	uint32_t opcode;
	uint32_t proc;
	uint32_t input;  /* LD_NONE for HANDLER statements */
	uint32_t symbol; /* object symbol index */
	bool from_label; /* Mesa style: fills tables, never asks for one */
	const struct ld_stmt *stmt;
	struct diag_loc loc;
};

/* A deferred check or value: ASSERT, SIZE_LIMIT, ... evaluated after the
 * layout with `.` as it was. */
struct ld_deferred {
	const struct ld_stmt *stmt;
	uint32_t proc; /* LD_NONE at the top level */
	int64_t dot;
	bool dot_known;
};

/* A resolved symbol reference. */
struct ld_value {
	int64_t value;
	uint32_t proc; /* LD_NONE: absolute */
};

/* A word changed in a vendor image, for the map. */
struct ld_change {
	uint32_t file_word;
	uint32_t old_word, new_word;
	uint32_t proc;
	const char *why; /* "header: image size", "packet table" */
	uint32_t opcode; /* for packet-table entries */
};

/* How deep evaluation may recurse: one expression is at most
 * UTIL_EXPR_MAX_NODES deep, and chains of symbols defined by symbols add
 * to that (docs/afuc-ld.md, "Limits"). */
#define LD_MAX_EVAL_DEPTH 10000

struct ld_ctx {
	const struct ld_options *opt;
	const struct ld_input *inputs;
	size_t input_count;
	const struct ld_script *script;
	struct diag *d;
	enum isa_gen gen;
	uint32_t nop;

	struct ld_proc *procs;
	size_t proc_count, proc_cap;
	struct ld_outsec *outsecs;
	size_t outsec_count, outsec_cap;
	uint32_t *outsec_of;     /* by statement id: its outsecs index */
	struct ld_place *places; /* for input i section j: places[place_base[i] + j] */
	size_t *place_base;
	size_t place_count;
	struct ld_chunk *chunks;
	size_t chunk_count, chunk_cap;
	struct ld_ssym *ssyms;
	size_t ssym_count, ssym_cap;
	struct ld_handler *handlers;
	size_t handler_count, handler_cap;
	struct ld_deferred *deferred;
	size_t deferred_count, deferred_cap;
	struct ld_change *changes;
	size_t change_count, change_cap;

	struct ld_names globals; /* object globals: name -> index into globrefs */
	struct ld_globref {
		uint32_t input, symbol;
	} * globrefs;
	size_t globref_count, globref_cap;
	struct ld_names snames; /* ssym names -> first ssym of that name */

	char **strings; /* names the link made up (vendor symbols) */
	size_t string_count, string_cap;
	struct ld_srcfile {
		char *name, *text;
	} * srcs; /* source files read for error lines */
	size_t src_count, src_cap;

	uint32_t *words; /* the file after its zero word */
	size_t word_count;
	/* eval() calls in progress: a symbol's value may need another's, so
	 * evaluation recurses through symbol definitions as well as through
	 * the operators of one expression; LD_MAX_EVAL_DEPTH bounds both. */
	unsigned eval_depth;
	bool layout_done;
	bool implicit_proc; /* output sections outside PROCESSOR blocks */
	bool patching;
	uint32_t vendor_words; /* patching: words of the base after its zero word */
	uint32_t size_word;    /* patching: file word of the size nop, or LD_NONE */
};

/* Every input section j of every input i, in command-line order. */
#define LD_FOR_EACH_SECTION(c, i, j)                    \
	for (uint32_t i = 0; i < (c)->input_count; i++) \
		for (uint32_t j = 0; j < (c)->inputs[i].obj->section_count; j++)

/* symbols.c */
void ld_collect_globals(struct ld_ctx *c);
uint32_t ld_add_ssym(struct ld_ctx *c, struct ld_ssym sym);
/* The ssym called name visible from image proc (LD_NONE: top level). */
uint32_t ld_find_ssym(const struct ld_ctx *c, const char *name, uint32_t proc);
/* Value of symbol `symbol` of input `input`, referenced from image
 * from_proc (which decides the script symbols it sees); false with an
 * error at loc. */
bool ld_object_symbol(struct ld_ctx *c, uint32_t input, uint32_t symbol, uint32_t from_proc,
		      struct diag_loc loc, struct ld_value *out);
/* Value of a script/defsym/vendor symbol (evaluating its expression). */
bool ld_ssym_value(struct ld_ctx *c, uint32_t index, struct ld_value *out);
/* A name as seen from image proc: ssym in scope, object global,
 * then absolute ones. *found false (and no error) when nothing has it. */
bool ld_lookup(struct ld_ctx *c, const char *name, uint32_t proc, bool *found,
	       struct ld_value *out);
/* "; did you mean 'x'?" (or nothing) for an undefined name. */
void ld_suggest(const struct ld_ctx *c, const char *name, uint32_t input, uint32_t proc,
		struct util_str *out);
const char *ld_proc_name(const struct ld_ctx *c, uint32_t proc);
struct ld_place *ld_place(const struct ld_ctx *c, uint32_t input, uint32_t section);
/* The source line loc points at (script or assembly source), or NULL. */
const char *ld_source_line(struct ld_ctx *c, struct diag_loc loc);

/* expr.c: evaluates e with `.` = dot (if dot_known) in image proc. During
 * the layout (c->layout_done false), values that are not known yet are
 * errors. */
bool ld_eval(struct ld_ctx *c, const struct ld_expr *e, uint32_t proc, int64_t dot, bool dot_known,
	     int64_t *out);
bool ld_eval_u32(struct ld_ctx *c, const struct ld_expr *e, uint32_t proc, int64_t dot,
		 bool dot_known, const char *what, uint32_t *out);
bool ld_eval_align(struct ld_ctx *c, const struct ld_expr *e, uint32_t proc, int64_t dot,
		   bool dot_known, uint32_t *out);
const struct ld_outsec *ld_find_outsec(const struct ld_ctx *c, const char *name);

/* match.c, layout.c, patch.c */
bool ld_match_script(struct ld_ctx *c);
bool ld_layout_script(struct ld_ctx *c);
bool ld_layout_patch(struct ld_ctx *c);
/* state.c, with --check-state: warns where new code writes a register
 * the vendor's handlers keep state in across packets. */
void ld_check_state(struct ld_ctx *c);
/* Patching: sets a vendor table entry, recording the change. */
void ld_patch_table_entry(struct ld_ctx *c, uint32_t proc, uint32_t opcode, uint32_t value);
/* patch.c: whether block k of ld_options.base_code is code of processor
 * image p inside the base (the map and the ELF keep those). */
bool ld_base_code_of(const struct ld_ctx *c, uint32_t p, size_t k);
/* Places image proc's sections that follow every image (those with no
 * output section; in a script link, only NAME.append for round 1 and
 * NAME.appendN for round N; 0: all) after file word *file, addressed
 * from proc's 0. */
bool ld_append_proc(struct ld_ctx *c, uint32_t proc, unsigned round, uint32_t *file);
/* Adds count nops at address addr of image proc. */
void ld_pad_to(struct ld_ctx *c, uint32_t proc, uint32_t addr, uint32_t count);
/* Adds the words of an input section where its place says. */
void ld_add_input_chunk(struct ld_ctx *c, uint32_t input, uint32_t section);
uint32_t ld_add_proc(struct ld_ctx *c, const char *name, uint32_t start, struct diag_loc loc);
uint32_t ld_align_up(uint32_t value, uint32_t align);
bool ld_section_align(struct ld_ctx *c, uint32_t input, uint32_t section, uint32_t *words);
/* Records handler records of the objects (proc from the symbols' places). */
void ld_collect_handlers(struct ld_ctx *c);

/* resolve.c */
bool ld_fill_words(struct ld_ctx *c);
bool ld_relocate(struct ld_ctx *c);
bool ld_fill_tables(struct ld_ctx *c);
bool ld_check_deferred(struct ld_ctx *c);
/* The PM4 name of an opcode (UNKNn when the database has none). */
void ld_opcode_name(const struct ld_ctx *c, uint32_t opcode, struct util_str *out);
bool ld_parse_opcode(const struct ld_ctx *c, const char *name, uint32_t *opcode);
/* A nop carrying payload; false if the payload does not fit 24 bits. */
bool ld_nop_word(const struct ld_ctx *c, int64_t payload, uint32_t *word);

/* map.c, elf.c */
char *ld_write_map(const struct ld_ctx *c);
bool ld_write_elf(const struct ld_ctx *c, uint8_t **data, size_t *len);

#endif
