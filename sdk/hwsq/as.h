/* The compiler's state, shared by the line loop (as.c) and the statements
 * (statements.c). Private to sdk/hwsq. */
#ifndef SDK_HWSQ_AS_H
#define SDK_HWSQ_AS_H

#include "hwsq/hwsq.h"

struct hwsq_as_family {
	enum hwsq_family family;
	const struct hwsq_family_info *info;
	uint32_t ram_size;
};

/* "entry N, label" is resolved once every label is known. */
struct hwsq_as_entry_ref {
	unsigned n;
	uint32_t addr; /* when there is no label */
	char *label;   /* or NULL */
	unsigned label_col;
	struct diag_loc loc;
	char *line;
};

/* A source file read again for messages. */
struct hwsq_as_source {
	char *file;
	char *text; /* NULL when it cannot be read */
};

struct hwsq_as_ctx {
	const struct hwsq_as_options *o;
	struct hwsq_listing *list; /* -a's listing, or NULL */
	const struct hwsq_as_family *fam;
	struct hwsq_program *p;
	struct diag *d;

	/* the line being compiled */
	struct diag_loc loc;
	const char *line;
	struct hwsq_toks toks;
	size_t stmt_bytes;
	unsigned stmt_col;                    /* where the statement begins */
	uint8_t listing[HWSQ_MAX_LENGTH + 3]; /* bytes of an envydis listing line */
	unsigned listing_count, listing_col;
	uint64_t unknown_bits; /* from "[unknown: ...]" */
	unsigned unknown_count, unknown_col;

	struct hwsq_mmio_state mmio; /* what the slot's ADDR and DATA hold */
	bool last_is_exit;
	bool no_final_exit; /* .no_final_exit: the code may fill the RAM */
	bool in_write;      /* emitting a wr32's opcodes */

	/* consecutive delays, encoded together when something else comes */
	bool delay_pending, delay_exact;
	uint64_t delay_ns;
	struct diag_loc delay_loc;
	unsigned delay_col;
	char *delay_line;

	struct hwsq_as_entry_ref *entry_refs;
	size_t entry_ref_count, entry_ref_cap;

	struct hwsq_as_source *sources;
	size_t source_count, source_cap;

	/* -a: the listing's line the bytes go to (that of the current
	 * line, or of the delay being flushed) */
	size_t list_at, delay_list_at;

	/* the first statement that went past the RAM */
	struct diag_loc over_loc;
	char *over_line;
};

void hwsq_as_error_at(struct hwsq_as_ctx *c, unsigned col, const char *fmt, ...) UTIL_PRINTF(3, 4);
bool hwsq_as_fail(struct hwsq_as_ctx *c, const struct hwsq_tok *at, const char *what);
void hwsq_as_emit(struct hwsq_as_ctx *c, uint64_t raw, unsigned length);
/* False, with the error, when the family lacks the opcode. */
bool hwsq_as_family_has(struct hwsq_as_ctx *c, const struct hwsq_opcode *o, unsigned col);
bool hwsq_as_emit_op(struct hwsq_as_ctx *c, enum hwsq_op op,
		     const uint32_t operands[HWSQ_MAX_OPERANDS], unsigned col);
void hwsq_as_write(struct hwsq_as_ctx *c, uint32_t addr, uint32_t value, unsigned col);
void hwsq_as_delay(struct hwsq_as_ctx *c, uint64_t ns, bool exact, unsigned col);
void hwsq_as_flush_delay(struct hwsq_as_ctx *c);
void hwsq_as_action(struct hwsq_as_ctx *c, struct hwsq_action a);
void hwsq_as_label(struct hwsq_as_ctx *c, const struct hwsq_tok *name);
void hwsq_as_forget(struct hwsq_as_ctx *c);
const struct hwsq_label *hwsq_as_find_label(const struct hwsq_program *p, const char *name);

/* Compiles the statement at c->toks.pos (statements.c). */
void hwsq_as_statement(struct hwsq_as_ctx *c);

#endif
