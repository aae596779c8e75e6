/* Helpers for the linker's C tests: objects built word by word in
 * memory (so the linker is tested on its own, not through the
 * assembler), a link from a script text, and the checks on its output. */
#ifndef TESTS_LD_LDTEST_H
#define TESTS_LD_LDTEST_H

#include "afuc/tap.h"
#include "ld/ld.h"

/* An object under construction; words go to the current section. */
struct tobj {
	struct obj_file o;
	uint32_t sec;
	const char *file; /* the "source" its locations name */
	unsigned line;    /* advanced by every word, so each word has a line */
};

void tobj_init(struct tobj *t, enum isa_gen gen, const char *source);
/* Switches to (or creates) a section; align in bytes, 0 keeps it. */
void tobj_section(struct tobj *t, const char *name, uint32_t align);
uint32_t tobj_here(const struct tobj *t);
void tobj_word(struct tobj *t, uint32_t word);
/* A label at the current word. */
void tobj_label(struct tobj *t, const char *name, bool global);
void tobj_abs(struct tobj *t, const char *name, uint32_t value, bool global);
/* A relocation on the last word, at the last word's line, column col. */
void tobj_reloc(struct tobj *t, enum obj_reloc_kind kind, const char *symbol, int32_t addend,
		unsigned col);
/* A handler record for the label name, at source line `line`. */
void tobj_handler(struct tobj *t, uint32_t opcode, const char *name, unsigned line);
/* .jumptbl: 0x80 zero words here. */
void tobj_jumptbl(struct tobj *t);

struct tlink {
	struct ld_output out;
	struct diag d;
	bool ok;
	uint32_t words; /* in the image, with the zero word */
};

/* Links objs (named names[i]) with the script text (NULL when opt has a
 * base); opt may be NULL. The script is called "test.ld". */
bool tlink_run(struct tlink *l, const char *script, struct tobj *objs, const char *const *names,
	       size_t n, const struct ld_options *opt);
/* Word w of the image file (word 0 is the zero word). */
uint32_t tlink_word(const struct tlink *l, uint32_t w);
/* Whether an error with exactly this location and text was reported. */
bool tlink_has_error(const struct tlink *l, const char *file, unsigned line, unsigned col,
		     const char *text);
/* Prints the messages as TAP diagnostics (after a failed check). */
void tlink_diag(struct tap *t, const struct tlink *l);
void tlink_free(struct tlink *l);
void tobj_free(struct tobj *t);

/* The scripts of ld/ (tests run from the project root). */
char *ldtest_read_script(const char *name);
/* A vendor image, found like tests/lib/tap.sh's find_firmware; NULL when
 * absent. Returns its bytes. */
uint8_t *ldtest_find_firmware(const char *name, size_t *len, char **path);

#endif
