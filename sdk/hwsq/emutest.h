/* The emulator test runner's state, shared by its files: emutest.c (the
 * line loop, operands, driving the sequencer), emutest-load.c (loading
 * code) and emutest-check.c (the checks). Private to sdk/hwsq. */
#ifndef SDK_HWSQ_EMUTEST_H
#define SDK_HWSQ_EMUTEST_H

#include <sys/types.h>

#include "afuc/tap.h"
#include "emutest/front.h"
#include "hwsq/hwsq.h"

struct hwsq_test {
	const struct hwsq_emutest_options *o;
	/* After the first error the file is only checked: tap then goes
	 * nowhere, real_tap gets the Bail out! at the end. */
	struct tap tap, real_tap;
	const char *path;
	unsigned line_no;
	const char *line;     /* the line from its first word, for test names */
	const char *raw_line; /* the line as read, for the caret of an error */

	/* Every error, at its line and column (o->diag, else own_diag). */
	struct diag *diag, own_diag;
	char *first_error; /* "FILE:LINE:COL: message", for Bail out! */
	bool line_failed;  /* this line had an error: nothing more of it runs */
	bool load_failed;  /* a chip or code line failed: "no code" after it is no news */

	bool have_chip;
	enum hwsq_family family;
	struct rnn_db *db;
	bool db_tried;
	struct hwsq_names names;
	bool names_ready;
	struct hwsq_emu *emu;

	/* what is loaded: the bytes, and the program when compiled here */
	uint8_t *image;
	size_t image_size;
	struct hwsq_program program;
	bool have_program;
	uint32_t entries[HWSQ_ENTRY_COUNT];

	size_t next_write; /* writes before it were matched */
	enum hwsq_emu_stop last_stop;
	bool have_stop;

	struct hwsq_toks toks;
	struct emutest_lines in; /* the file's lines (the shared front end) */
};

/* An error at col of the current line: reported (every one, up to the
 * diag's cap), the line abandoned; the file goes on being checked but
 * no longer runs tests, and ends in Bail out! with the first. A check is
 * one test point. */
void hwsq_test_bail(struct hwsq_test *r, unsigned col, const char *fmt, ...) UTIL_PRINTF(3, 4);
void hwsq_test_check(struct hwsq_test *r, bool pass, const char *got, const char *fmt, ...)
	UTIL_PRINTF(4, 5);
void hwsq_test_format_time(char *buf, size_t size, uint64_t ns);

/* Operands at the cursor of r->toks. */
struct hwsq_tok *hwsq_test_tok(struct hwsq_test *r);
size_t hwsq_test_word_span(struct hwsq_test *r, size_t *len);
bool hwsq_test_word_is(struct hwsq_test *r, const char *w);
bool hwsq_test_expect_end(struct hwsq_test *r);
bool hwsq_test_number(struct hwsq_test *r, uint64_t *v);
bool hwsq_test_time_value(struct hwsq_test *r, uint64_t *ns);
bool hwsq_test_named(struct hwsq_test *r, enum hwsq_name_kind kind, uint64_t *v);
bool hwsq_test_slot_word(struct hwsq_test *r, enum hwsq_slot *slot);
bool hwsq_test_need_chip(struct hwsq_test *r);
bool hwsq_test_need_code(struct hwsq_test *r);
struct hwsq_names *hwsq_test_names(struct hwsq_test *r);

/* The next line of the test file (counted in r->line_no): 1, or 0 at
 * the end, or -1 for a line with a NUL byte (reported). */
int hwsq_test_next_line(struct hwsq_test *r, struct emutest_line *line);

/* The next line of a block (code, expect writes) opened at line start
 * (raw: its text): 1; 0 at the end of the file, having reported that the
 * block has no 'end' (at start). A line with a NUL byte is reported,
 * skipped and sets *bad. */
int hwsq_test_block_line(struct hwsq_test *r, const char *what, unsigned start, const char *raw,
			 struct emutest_line *line, bool *bad);

/* Loading code (emutest-load.c); rest is the line after the command. */
void hwsq_test_new_emu(struct hwsq_test *r);
char *hwsq_test_find_path(struct hwsq_test *r, const char *written);
/* The one file a command names (malloc'ed), or NULL having bailed. */
char *hwsq_test_one_path(struct hwsq_test *r, const char *rest, const char *command);
void hwsq_test_cmd_source(struct hwsq_test *r, const char *rest);
void hwsq_test_cmd_image(struct hwsq_test *r, const char *rest);
void hwsq_test_cmd_bytes(struct hwsq_test *r, const char *rest);
void hwsq_test_cmd_code(struct hwsq_test *r);
void hwsq_test_cmd_upload(struct hwsq_test *r, const char *rest);

/* The checks (emutest-check.c). */
void hwsq_test_cmd_expect(struct hwsq_test *r);
void hwsq_test_expect_image(struct hwsq_test *r, const char *rest);

#endif
