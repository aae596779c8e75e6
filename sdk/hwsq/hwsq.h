/* sdk/hwsq: the HWSQ script compiler, disassembler, driver outputs and
 * the emulator test runner. The opcode table and the emulator are in the
 * public include/afuc/hwsq.h. */
#ifndef SDK_HWSQ_H
#define SDK_HWSQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "afuc/hwsq.h"
#include "rnn/rnn.h"
#include "util/diag.h"
#include "util/util.h"

/* ---- names from the register database (names.c) ----------------------- */

enum hwsq_name_kind { HWSQ_NAME_REG, HWSQ_NAME_FLAG, HWSQ_NAME_EVENT, HWSQ_NAME_KIND_COUNT };

/* The three name spaces of one family; a NULL view has no names. */
struct hwsq_names {
	enum hwsq_family family;
	const struct rnn_view *views[HWSQ_NAME_KIND_COUNT];
	char *why_none;     /* why there is no database at all, or NULL */
	const char *origin; /* where the database came from (rnn_origin), or NULL */
};

/* Opens the views of db (owned by the caller, may be NULL) for family f. */
void hwsq_names_init(struct hwsq_names *n, struct rnn_db *db, enum hwsq_family f);
void hwsq_names_free(struct hwsq_names *n);
/* Opens a database the way every HWSQ tool does (--rnndb DIR, then the
 * defaults of rnn_open_for, for NVIDIA: $HWSQ_RNNDB, $RNN_PATH). Returns NULL, leaving the reason in *why
 * (malloc'ed), when there is none; the tools then work with numbers. */
struct rnn_db *hwsq_names_open_db(const char *dir, char **why);
void hwsq_names_close_db(struct rnn_db *db);            /* NULL is fine */
const char *hwsq_name_kind_text(enum hwsq_name_kind k); /* "register", "flag", "event" */
bool hwsq_names_lookup(const struct hwsq_names *n, enum hwsq_name_kind k, const char *name,
		       uint64_t *value);
/* Appends the name of value to out; false (out untouched) if unnamed. */
bool hwsq_names_print(const struct hwsq_names *n, enum hwsq_name_kind k, uint64_t value,
		      struct util_str *out);
/* Writes "; did you mean 'X'?" style text for an unknown name to out. */
void hwsq_names_suggest(const struct hwsq_names *n, enum hwsq_name_kind k, const char *name,
			struct util_str *out);

/* ---- what ADDR and DATA hold (track.c) --------------------------------- */

/* A slot's ADDR and DATA as far as a reading of the code knows them:
 * bits set in *_known are known. */
struct hwsq_mmio_state {
	uint32_t addr, data, addr_known, data_known;
};
/* Applies one instruction; true when it performs an MMIO write. */
bool hwsq_mmio_apply(struct hwsq_mmio_state *m, const struct hwsq_insn *insn);

/* How much of a code RAM image the script uses: up to the last
 * instruction that is not an exit, plus one exit to end it when the RAM
 * has room; the rest is padding. */
uint32_t hwsq_image_used(enum hwsq_family f, const uint8_t *code, uint32_t size);
/* The bytes a run started at entry goes through: up to and with the
 * first exit that a straight reading from there meets (the rest of the
 * image when none does). */
uint32_t hwsq_entry_bytes(enum hwsq_family f, const uint8_t *code, uint32_t size, uint32_t entry);

/* ---- delays (delay.c) ---------------------------------------------------- */

/* The longest single wait, 3 shl 30: 3 << 30 microseconds. */
#define HWSQ_WAIT_MAX_US (UINT64_C(3) << 30)

/* Microseconds for a delay given in nanoseconds: rounded up. */
uint64_t hwsq_delay_ns_to_us(uint64_t ns);
/* A delay waits at most 1/HWSQ_DELAY_SLACK more than asked (12.5%). */
#define HWSQ_DELAY_SLACK 8
/* Encodes a delay of us microseconds as wait bytes, at most max of them.
 * The compiler's rule (exact == false): never shorter than us and at
 * most us + us / HWSQ_DELAY_SLACK, in the fewest bytes that do (at most
 * three, after full-length waits), and among those the shortest.
 * exact == true: exactly us, in the fewest bytes that do (one per nonzero
 * base-4 digit) -- which is also what a greedy largest-wait-first encoder
 * produces. Returns the byte count (which may exceed max: then only max
 * were written) and the encoded time in *encoded_us. */
size_t hwsq_delay_encode(uint64_t us, bool exact, uint8_t *bytes, size_t max, uint64_t *encoded_us);

/* ---- the compiler (as.c, statements.c) ------------------------------------ */

/* What the compiler did, statement by statement, for the size report. */
enum hwsq_action_kind {
	HWSQ_ACT_WRITE,  /* wr32: addr, value */
	HWSQ_ACT_DELAY,  /* delay: requested_ns, encoded_us */
	HWSQ_ACT_OTHER,  /* any other bytes (flags, event waits, raw opcodes) */
	HWSQ_ACT_FORGET, /* a label or entry point: ADDR/DATA become unknown */
};
struct hwsq_action {
	enum hwsq_action_kind kind;
	uint32_t addr, value;
	uint64_t requested_ns, encoded_us;
	size_t bytes; /* bytes the compiler emitted for it */
};

struct hwsq_label {
	char *name;
	uint32_t addr;
	struct diag_loc loc; /* loc.file owned by the program's file list */
};

struct hwsq_program {
	enum hwsq_family family;
	uint8_t *code; /* the compiled bytes, without padding */
	size_t size, cap;
	bool entry_set[HWSQ_ENTRY_COUNT];
	uint32_t entry[HWSQ_ENTRY_COUNT];
	struct hwsq_action *actions;
	size_t action_count, action_cap;
	struct hwsq_label *labels;
	size_t label_count, label_cap;
	char **files; /* file names the locations point into */
	size_t file_count, file_cap;
};

struct hwsq_as_options {
	enum hwsq_family family;
	const struct hwsq_names *names;
};

/* Compiles preprocessed text (markers from sdk/pp give the locations;
 * file names the text when it has none). Every error goes to d, with its
 * location. Returns true when there was none; p is filled either way and
 * must be freed. */
bool hwsq_assemble(const char *text, const char *file, const struct hwsq_as_options *o,
		   struct hwsq_program *p, struct diag *d);
void hwsq_program_free(struct hwsq_program *p);

/* Preprocesses a source (cpp + m4 with include/afuc/hwsq.m4, defining
 * HWSQ_CHIP_<FAMILY> and HWSQ_RAM_SIZE), then compiles it. */
struct pp_deps;
struct hwsq_source_options {
	const char *const *include_dirs;
	size_t include_count;
	const char *const *defines;
	size_t define_count;
	/* NULL, or where sdk/pp adds every file read (hwsq-as -MD) */
	struct pp_deps *deps;
};
bool hwsq_compile_file(const char *path, const struct hwsq_source_options *so,
		       const struct hwsq_as_options *o, struct hwsq_program *p, struct diag *d);
/* Only the preprocessing: the text hwsq_assemble would read (malloc'ed). */
bool hwsq_preprocess(const char *path, const struct hwsq_source_options *so,
		     enum hwsq_family family, char **text, size_t *len, struct diag *d);

/* Where an entry point that the source does not set goes: the exit that
 * ends every image (the first padding byte, or the code's own final exit). */
uint32_t hwsq_program_exit_addr(const struct hwsq_program *p);
uint32_t hwsq_program_entry(const struct hwsq_program *p, unsigned n);

/* ---- outputs for drivers (output.c) --------------------------------------- */

/* The code RAM image: the code, then exit up to the RAM size. */
void hwsq_image(const struct hwsq_program *p, uint8_t *ram);
/* The ENTRY_POINT and ENTRY_POINT_HIGH register values. */
uint32_t hwsq_entry_point_reg(const struct hwsq_program *p);
uint32_t hwsq_entry_point_high_reg(const struct hwsq_program *p);
/* A C header: the image as little-endian 32-bit words and the entry
 * points; name gives the identifiers' prefix. kernel: for a Linux driver
 * (u32, no <stdint.h>). */
void hwsq_emit_c(const struct hwsq_program *p, const char *name, const char *source, bool kernel,
		 struct util_str *out);
/* The MMIO writes a driver performs to upload and start the script. */
void hwsq_emit_upload(const struct hwsq_program *p, unsigned entry, enum hwsq_slot slot,
		      struct util_str *out);

/* The size report: the bytes a simple greedy encoder would give the same
 * actions (every wr32 as nouveau's hwsq_wr32 does it, every delay as
 * greedy largest-first waits), and the delays asked and encoded. */
struct hwsq_stats {
	size_t bytes, greedy_bytes;
	size_t naive_bytes; /* every wr32 as a full data and a full addr */
	size_t writes, delays;
	uint64_t requested_ns, encoded_us, greedy_us;
};
void hwsq_program_stats(const struct hwsq_program *p, struct hwsq_stats *s);

/* ---- the disassembler (dis.c) ---------------------------------------------- */

struct hwsq_dis_options {
	enum hwsq_family family;
	const struct hwsq_names *names; /* NULL: numbers only */
	bool entry_set[HWSQ_ENTRY_COUNT];
	uint32_t entry[HWSQ_ENTRY_COUNT];
	bool keep_padding; /* print the trailing exit padding instead of a note */
	bool plain;        /* no address/bytes comments */
};
/* Prints hwsq-as source that rebuilds code[0..size) exactly. */
void hwsq_disassemble(const uint8_t *code, size_t size, const struct hwsq_dis_options *o,
		      struct util_str *out);

/* ---- lines and tokens (lex.c), shared by the compiler and the test runner - */

enum hwsq_tok_kind { HWSQ_TOK_END, HWSQ_TOK_IDENT, HWSQ_TOK_NUM, HWSQ_TOK_PUNCT, HWSQ_TOK_BAD };

struct hwsq_tok {
	enum hwsq_tok_kind kind;
	const char *text; /* into the line */
	size_t len;
	unsigned col; /* 1-based */
	uint64_t num; /* HWSQ_TOK_NUM */
	bool hash;    /* an identifier written #NAME */
};

struct hwsq_toks {
	struct hwsq_tok *items;
	size_t count, cap;
	size_t pos;
};

/* Splits a line (up to a ';' comment) into tokens; the last is END.
 * Returns false, with the column of the bad character, when a number is
 * malformed or a character belongs to no token. */
bool hwsq_lex(const char *line, struct hwsq_toks *t, unsigned *bad_col);
void hwsq_toks_free(struct hwsq_toks *t);
bool hwsq_tok_is(const struct hwsq_tok *t, const char *text);
char *hwsq_tok_dup(const struct hwsq_tok *t);

/* Evaluates a constant expression (C operators on 64-bit signed numbers,
 * checked as afuc-as checks them: overflow, division by zero and nesting
 * deeper than UTIL_EXPR_MAX_DEPTH are errors) starting at t->pos; *value
 * gets the result's two's complement bits. Returns false with a message
 * in *err (malloc'ed) and the column in *err_col. */
bool hwsq_expr(struct hwsq_toks *t, uint64_t *value, char **err, unsigned *err_col);

/* ---- inputs (input.c) --------------------------------------------------------- */

/* The largest file any HWSQ tool reads (a source, image, test file or
 * upload list): 2048 times the largest code RAM (0x200 bytes, whose
 * upload list is about 6 KiB of text), far more than a real input, and
 * /dev/zero ends at once. */
#define HWSQ_MAX_INPUT 0x100000
#define HWSQ_STR_(x) #x
#define HWSQ_STR(x) HWSQ_STR_(x)

/* util_read_file_max with HWSQ_MAX_INPUT: 0, or an errno value (EFBIG for
 * a file over the limit) that hwsq_input_error turns into words. */
int hwsq_read_input(const char *path, uint8_t **data, size_t *len);
const char *hwsq_input_error(int err);
/* Where the first NUL byte of text[0..len) is (1-based), if there is one:
 * text inputs must not hold any, and C strings would silently end there. */
bool hwsq_find_nul(const char *text, size_t len, unsigned *line, unsigned *col);

/* ---- for the command-line tools (cli.c) ------------------------------------- */

/* (The tools print their usage errors through sdk/cmd; the library only
 * parses and returns.) Parses "N=ADDRESS" (an entry point 0-3 and an address up to 0x1ff). */
bool hwsq_parse_entry_arg(const char *text, unsigned *n, uint32_t *addr);
/* Parses a slot: "a" or "b". */
bool hwsq_parse_slot(const char *text, enum hwsq_slot *slot);

/* ---- the emulator test files (emutest.c) ----------------------------------- */

struct hwsq_emutest_options {
	const char *rnndb; /* --rnndb DIR or NULL */
	bool verbose;      /* trace every instruction as TAP comments */
	/* Receives every error of the file, with its line and a caret (the
	 * Bail out! line names the first); NULL: none kept. */
	struct diag *diag;
};
/* Runs one *.hemu file, printing TAP to out. Returns the exit status: 0
 * when every check passed, 1 otherwise (a file with no check fails). */
int hwsq_emutest_run(const char *path, const struct hwsq_emutest_options *o, FILE *out);

#endif
