/* sdk/rnn: the register database, read from rnndb ("rules-ng") XML.
 *
 * Every name the SDK prints or accepts comes from here: GPU registers,
 * afuc control registers (@NAME), SQE registers (%NAME), pipe registers
 * (|NAME), PM4 packet opcodes (CP_*), and the NVIDIA HWSQ registers, flags
 * and events. A database is loaded once; a "view" is one name space for
 * one chip variant (say control registers on A6XX), flattened and indexed:
 * names through a hash table, values by binary search over the address
 * ranges of its registers.
 *
 *   struct diag d;  diag_init(&d);
 *   struct rnn_db *db = rnn_open(NULL, &d);          (the default database)
 *   const struct rnn_view *ctrl = rnn_view(db, RNN_CONTROL, "A6XX", &d);
 *   uint64_t off;
 *   rnn_name_to_value(ctrl, "IB1_BASE+0x1", &off);   (off = 0x011)
 *   struct util_str s = {0};
 *   rnn_value_to_name(ctrl, 0x011, &s);              ("IB1_BASE+0x1")
 *   rnn_close(db);
 *
 * Names are written without the space's sigil (@, %, |): the callers add
 * and strip it.
 */
#ifndef SDK_RNN_H
#define SDK_RNN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"
#include "util/util.h"

enum rnn_space {
	RNN_GPU,        /* GPU registers: domain A5XX, or A6XX (variants A6XX, A7XX) */
	RNN_CONTROL,    /* @: A5XX_CONTROL_REG, A6XX_CONTROL_REG, A7XX_CONTROL_REG,
			 * A7XX_GEN3_CONTROL_REG (variant "A7XX_GEN3") */
	RNN_SQE,        /* %: A6XX_SQE_REG, A7XX_SQE_REG */
	RNN_PIPE,       /* |: A5XX_PIPE_REG, A6XX_PIPE_REG */
	RNN_PM4,        /* CP_* type-7 opcodes and PKT4 (enum adreno_pm4_type3_packets) */
	RNN_HWSQ_REG,   /* NVIDIA MMIO registers HWSQ scripts touch (PBUS, PTIMER, ...) */
	RNN_HWSQ_FLAG,  /* HWSQ flag numbers (FB_PAUSE = 16, ...) */
	RNN_HWSQ_EVENT, /* HWSQ event numbers (FB_PAUSED = 0, ...) */
	RNN_EVENT,      /* Adreno events of CP_EVENT_WRITE (enum vgt_event_type) */
	RNN_PM4_FIELD,  /* bit fields of PM4 packet words (bitset pm4_packet_fields) */
	RNN_SPACE_COUNT
};

struct rnn_db;
struct rnn_view;

/* One dimension of an array entry. */
struct rnn_dim {
	uint64_t count;  /* number of elements; 0 when the tree sets no bound */
	uint64_t stride; /* distance between elements */
};

/* One named thing of a view. A register array is one entry whose name
 * has "[]" where an index goes ("CP_SCRATCH[].REG", count 8, stride 1;
 * a reg32 with length 8 is "CP_SCRATCH_REG[]"); a reg64 has width 64.
 * An array without registers inside ("RBBM_PERFCTR_CP[]") is an entry of
 * width 0. value is the address of element 0 of every dimension. */
struct rnn_entry {
	const char *name;
	uint64_t value;     /* offset, opcode or number */
	uint32_t count;     /* innermost array length, 1 for a plain register, 0 unbounded */
	uint32_t stride;    /* distance between elements of the innermost array */
	uint8_t width;      /* 8 to 64 (registers); bit fields: their width;
			     * 0 for enum values and arrays */
	const char *type;   /* rnndb type name ("void", "hex", a bitset...) or NULL */
	const char *domain; /* the domain, enum or bitset it was read from */
	uint8_t ndims;      /* how many "[]" name has */
	const struct rnn_dim *dims; /* ndims of them, outermost first */
};

/* The largest database file read (Mesa's largest, a6xx.xml, is under
 * 1 MiB); reading stops there, so /dev/zero fails at once. */
#define RNN_MAX_FILE_BYTES (64u << 20)

/* Opens a database tree, chosen in this order: dir (from a tool's --rnndb
 * DIR); $AFUC_RNNDB; the first directory of $RNN_PATH (colon-separated, as
 * Mesa's tools read it) that holds the root files; the SDK's own database
 * (share/afuc-sdk/rnndb in the SDK prefix). A tree is a Mesa
 * src/freedreno/registers directory, an envytools rnndb directory, or the
 * SDK's own, which has the same file names; dir may also name a file in
 * the tree's top directory (adreno.xml). Returns NULL, with the reason in
 * d, when that is not a database tree.
 *
 * Files are read lazily, by rnn_view, and only those the view needs (see
 * docs/registers.md), so errors in the XML (file:line for bad XML or a
 * dangling import) are reported by rnn_view. */
struct rnn_db *rnn_open(const char *dir, struct diag *d);

/* rnn_open for the tools of one family: the Adreno tools (afuc-*) look
 * at $AFUC_RNNDB and the HWSQ tools at $HWSQ_RNNDB, and in $RNN_PATH each
 * takes the first directory that has its family's files (adreno.xml for
 * Adreno, bus/pbus.xml or nvchipsets.xml for NVIDIA), so one RNN_PATH can
 * name Mesa's tree and envytools' side by side. */
enum rnn_family { RNN_ANY, RNN_ADRENO, RNN_NVIDIA };
struct rnn_db *rnn_open_for(const char *dir, enum rnn_family family, struct diag *d);

/* Where the database came from, for messages: "DIR (from RNN_PATH)",
 * "(from --rnndb)", "(from the SDK's own database)"... */
const char *rnn_origin(const struct rnn_db *db);

/* Loads one file (and everything it imports) into a new database. */
struct rnn_db *rnn_load_file(const char *path, struct diag *d);

void rnn_close(struct rnn_db *db);

/* The directory the database was read from. */
const char *rnn_root(const struct rnn_db *db);

/* A view of one space for one variant: "A5XX", "A6XX", "A7XX" for
 * Adreno (and "A7XX_GEN3" for the control registers of a750 and later,
 * read as variant A7XX), "NV17", "NV41", "NV50", "NV92" (or any chipset name the tree
 * knows) for NVIDIA; case does not matter. Built on first use (reading
 * the files it needs) and owned by db. Returns NULL (with a message in d)
 * when the tree has nothing for that space, or errors in the files it
 * needs. Which domains and enums make each view: docs/registers.md. */
const struct rnn_view *rnn_view(struct rnn_db *db, enum rnn_space space, const char *variant,
				struct diag *d);

/* Name to value. Accepts what rnn_value_to_name prints: "NAME",
 * "ARRAY[0x2]" (any C number as index), "NAME+0x1" (a word inside a reg64
 * or past a register), "NAME_HI" (of a reg64 of type address), the
 * array-of-struct forms Mesa prints ("CP_SCRATCH[0x6].REG",
 * "RBBM_PERFCTR_CP[0]+0"), and an array's name alone for element 0. When
 * a tree defines a name twice for one variant, the first one counts. */
bool rnn_name_to_value(const struct rnn_view *v, const char *name, uint64_t *value);

/* Value to name, formatted exactly as Mesa's tools print it (the "; NAME"
 * comments of its afuc-disasm listings). Appends to out and returns true,
 * or returns false (out untouched) when nothing in the view has value. */
bool rnn_value_to_name(const struct rnn_view *v, uint64_t value, struct util_str *out);

/* The entry that holds value (a register, an array element, a word of a
 * reg64), or NULL. */
const struct rnn_entry *rnn_entry_at(const struct rnn_view *v, uint64_t value);

/* Up to max names of the view closest to name (edit distance), best
 * first, for "did you mean" messages. Returns how many it wrote. */
size_t rnn_suggest(const struct rnn_view *v, const char *name, const char **names, size_t max);

/* Packet opcodes as Mesa's tools name them: the PM4 view's names (pm4
 * may be NULL) and UNKNn (n decimal, no leading zeros, 0..127) for the
 * opcodes it does not name. rnn_pm4_name appends the name. */
bool rnn_pm4_opcode(const struct rnn_view *pm4, const char *name, uint32_t *opcode);
void rnn_pm4_name(const struct rnn_view *pm4, uint32_t opcode, struct util_str *out);

/* Every entry of a view, sorted by value (for the header generator). */
size_t rnn_view_count(const struct rnn_view *v);
const struct rnn_entry *rnn_view_entry(const struct rnn_view *v, size_t index);

/* What a view is of: its space and its variant (upper case). */
enum rnn_space rnn_view_space(const struct rnn_view *v);
const char *rnn_view_variant(const struct rnn_view *v);

/* Adds to d, at loc, why name is not in the view: "no control register
 * IB1_BAS in A6XX; did you mean IB1_BASE?", an index out of range, or a
 * malformed name. Adds nothing if the name is fine. */
void rnn_diag_unknown(const struct rnn_view *v, const char *name, struct diag *d,
		      struct diag_loc loc);

/* Spaces by name, as tools take them (--space): "gpu", "control", "sqe",
 * "pipe", "pm4", "hwsq-reg", "hwsq-flag", "hwsq-event". */
const char *rnn_space_name(enum rnn_space space);
bool rnn_space_from_name(const char *name, enum rnn_space *space);
/* What one name of a space is called in messages ("control register"). */
const char *rnn_space_noun(enum rnn_space space);

#endif
