/* sdk/dis: the afuc disassembler.
 *
 * Turns a firmware image (or an afuc object) back into assembly that
 * afuc-as and afuc-ld rebuild into the same bytes: it finds each
 * processor's packet table the way the bootstrap does, labels handlers by
 * PM4 name and branch/call targets, tells code (reached from the entry or
 * a handler) from data, and prints the addresses the code uses as label
 * expressions so that the listing stays correct when it is edited.
 *
 *   struct dis_options opt = {0};          (gen inferred, no names)
 *   struct util_str text = {0};
 *   struct diag d;  diag_init(&d);
 *   if (dis_image(bytes, len, "a630_sqe.fw", &opt, &text, &d))
 *           fputs(text.text, stdout);
 *
 * Nothing is appended to out when an error is reported.
 */
#ifndef SDK_DIS_H
#define SDK_DIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/isa.h"
#include "obj/obj.h"
#include "util/diag.h"
#include "util/util.h"

struct rnn_db;

struct dis_options {
	/* The generation; 0 infers it from the image (sdk/fw). */
	enum isa_gen gen;
	/* Register database for @CONTROL, %SQE, PM4 handler names and the
	 * "; NAME" comments, and for the registers the code reads its own
	 * base address from (which finds some addresses in the code); NULL
	 * prints numbers and UNKNn labels. */
	struct rnn_db *db;
	/* Print numbers and UNKNn labels even with a database (which then
	 * only serves the analysis, so the labels are the same). */
	bool numbers_only;
	/* End each word's line with a comment giving its address in its
	 * section and its value: "; 0x0012: 88020001". */
	bool addresses;
	/* The ELF afuc-ld --elf wrote beside the image (obj_file.linked), or
	 * NULL: its symbols name the code afuc-ld --base appended (handlers
	 * get `.handler` records then). Regions whose words are not the
	 * image's are not used. */
	const struct obj_file *elf;
	/* Without an ELF that matches: the text of the map afuc-ld -Map
	 * wrote beside the image (map_name for messages), whose symbols name
	 * the appended code as the ELF's would; NULL: none. */
	const char *map;
	size_t map_len;
	const char *map_name;
};

/* Disassembles a whole image file: len bytes, name for messages. */
bool dis_image(const uint8_t *bytes, size_t len, const char *name, const struct dis_options *opt,
	       struct util_str *out, struct diag *d);

/* The labels the listing of an image has (handlers by PM4 name, fxnN,
 * lN, dataN, jumptbl): fn(ctx, index, name) for each, index counting
 * the image's words from file word 1. For afuc-emu, which speaks of a
 * vendor image in the listing's terms. */
typedef void (*dis_label_fn)(void *ctx, uint32_t index, const char *name);
bool dis_labels(const uint8_t *bytes, size_t len, const char *name, const struct dis_options *opt,
		dis_label_fn fn, void *ctx, struct diag *d);

/* Whether the ELF afuc-ld --elf wrote (obj_file.linked) holds these
 * words, count of them from file word 1, at every one of its regions:
 * it is the ELF of this image. */
bool dis_elf_holds(const struct obj_file *elf, const uint32_t *words, uint32_t count);

/* The file beside image_path with extension ext (".elf", ".map"): its
 * name without the firmware extension (.fw, and .xz, .zst, .gz after
 * it) plus ext, malloc'ed; NULL when image_path is an ELF itself. */
char *dis_beside_path(const char *image_path, const char *ext);

/* The labels of an afuc-ld map (text, len; name for messages; the one
 * format of sdk/ld/mapfmt.h) of a firmware file of image_words words
 * (word 0 included): fn(ctx, index, label) for each, index counting from
 * file word 1. False with a malloc'ed "name:line: ..." *error for text
 * that is not such a map, or the map of a file of another size. */
bool dis_map_labels(const char *text, size_t len, const char *name, size_t image_words,
		    dis_label_fn fn, void *ctx, char **error);
/* The same map read whole: each symbol of a processor image (its name,
 * the symbol's address there, its index as above), and each block of code
 * afuc-ld --base appended to one (a "new code:" or "base code:" line:
 * address, index of its first word, words). Either may be NULL. */
struct dis_map_visitor {
	void (*symbol)(void *ctx, const char *proc, uint32_t addr, uint32_t index,
		       const char *label);
	void (*code)(void *ctx, const char *proc, uint32_t addr, uint32_t index, uint32_t count);
	void *ctx;
};
bool dis_map_read(const char *text, size_t len, const char *name, size_t image_words,
		  const struct dis_map_visitor *v, char **error);

/* Disassembles a relocatable object section by section, printing each
 * relocated field as the symbol it refers to. */
bool dis_object(const struct obj_file *o, const char *name, const struct dis_options *opt,
		struct util_str *out, struct diag *d);

#endif
