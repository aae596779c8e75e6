/* sdk/as: the afuc assembler, as a library. It turns afuc assembly (the
 * language of Mesa's afuc-asm plus the directives in docs/afuc-as.md)
 * into a relocatable object (sdk/obj). It never prints and never exits:
 * every problem goes into the caller's struct diag with file:line:col.
 *
 *   struct as_options opt = {.gen = ISA_A6XX};       (or 0: from the source)
 *   struct obj_file obj;
 *   if (as_assemble(text, len, "x.s", &opt, &obj, &d))
 *           obj_write(&obj, "x.o", &d);
 *   obj_free(&obj);
 *
 * The text may hold cpp linemarkers and m4 sync lines (sdk/pp's output):
 * locations then name the original file and line.
 */
#ifndef SDK_AS_H
#define SDK_AS_H

#include <stdbool.h>
#include <stddef.h>

#include "isa/isa.h"
#include "obj/obj.h"
#include "rnn/rnn.h"
#include "util/diag.h"

struct as_options {
	/* The generation when the source has no .gpu (--gpu); 0 to infer it
	 * from the firmware id in the first raw word. */
	enum isa_gen gen;
	/* The register database: db when given (the caller keeps it),
	 * otherwise rnn_open(rnndb_dir), opened when a name is first needed. */
	struct rnn_db *db;
	const char *rnndb_dir;
	/* NULL, or where to record what each source line assembled to
	 * (afuc-as -a); the caller frees it with as_listing_free. */
	struct as_listing *listing;
	/* Move an instruction into the nop delay slot of the branch after
	 * it wherever that provably changes nothing, and drop the nop
	 * (afuc-as -O; docs/afuc-as.md, "Filling delay slots"). */
	bool fill_delay_slots;
};

/* A listing: per source line, where its words went. */
struct as_list_line {
	char *file; /* the original file (after cpp's and m4's markers) */
	uint32_t line;
	uint32_t section;      /* in the object; UINT32_MAX: the line emitted nothing */
	uint32_t first, count; /* its words, by offset in the section */
	char *text;            /* the line as assembled */
};
struct as_listing {
	struct as_list_line *lines;
	size_t count, cap;
};
void as_listing_free(struct as_listing *l);
/* The listing as text: per line, the line number, the word address in
 * its section, the words in hex and the source line; a "; FILE" line
 * where the file changes and a "; section NAME" line where the section
 * does. Fields that relocations fill (left to the linker) show as 0. */
void as_listing_print(const struct as_listing *l, const struct obj_file *o, struct util_str *out);

/* Assembles text (len bytes; need not be NUL-terminated) named name.
 * On success returns true with the object in out (the caller frees it
 * with obj_free); on failure returns false with every error (up to d's
 * limit) in d and out empty. */
bool as_assemble(const char *text, size_t len, const char *name, const struct as_options *opt,
		 struct obj_file *out, struct diag *d);

#endif
