/* Reading afuc listings (Mesa's and ours) for the tests: each word's
 * address and text, each label's address, and the text of an
 * instruction normalised so that two listings can be compared word by
 * word: labels become their addresses, @CONTROL and %SQE names their
 * values, constant expressions their value, every number decimal. */
#ifndef TESTS_DIS_LISTING_H
#define TESTS_DIS_LISTING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

struct rnn_view;

struct listing_word {
	unsigned sect;
	uint32_t addr;
	char *text; /* the line without its comment; ".jumptbl" for a table */
};

struct listing_label {
	unsigned sect;
	uint32_t addr;
	char *name;
};

struct listing {
	struct listing_word *words;
	size_t word_count, word_cap;
	struct listing_label *labels;
	size_t label_count, label_cap;
	size_t *hash; /* label index + 1, open addressing */
	size_t hash_size;
	unsigned sections;
};

/* Parses text (NUL-terminated). Returns false, with line set, on a line it
 * cannot place. */
bool listing_parse(struct listing *l, const char *text, unsigned *line);
void listing_free(struct listing *l);

/* The word of sect at addr, or NULL. Words are in file order, so this is
 * a binary search. */
const struct listing_word *listing_at(const struct listing *l, unsigned sect, uint32_t addr);

bool listing_label(const struct listing *l, unsigned sect, const char *name, uint32_t *addr);

/* True when the word is an instruction (not a raw word or a directive). */
bool listing_is_instr(const struct listing_word *w);

/* The normalised text of an instruction; control and sqe may be NULL.
 * Names that do not resolve are kept as they are (so they compare
 * unequal to any number). */
void listing_normalise(const struct listing *l, const struct listing_word *w,
		       const struct rnn_view *control, const struct rnn_view *sqe,
		       struct util_str *out);

#endif
