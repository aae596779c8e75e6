/* sdk/ld: the afuc linker.
 *
 * Links afuc objects (sdk/obj) into a firmware image as the kernel loads
 * it: one zero word, then the processor images (a5xx PFP or ME, a6xx SQE,
 * a7xx BR + BV + LPAC), each its own address space starting at 0, each
 * with its packet table filled from the objects' handler records. Where
 * things go is said by a linker script (docs/afuc-ld.md, the scripts in ld/); with
 * a vendor image as base instead, the new code is appended to the vendor
 * image and only the packet-table entries and header words that must
 * change are rewritten.
 *
 *   struct diag d;  diag_init(&d);
 *   struct ld_script *s = ld_script_parse("a6xx-sqe.ld", text, len, &d);
 *   struct ld_input in[] = {{"a.o", &obj}};
 *   struct ld_options opt = {.script = s, .map = true};
 *   struct ld_output out;
 *   if (ld_link(in, 1, &opt, &out, &d))
 *           (out.image, out.image_len: the .fw bytes; out.map: the map text)
 *   ld_output_free(&out);
 *   ld_script_free(s);
 *
 * Nothing is written to disk here: the tool (sdk/cli/afuc-ld.c) does
 * that, and only when the whole link succeeded.
 */
#ifndef SDK_LD_H
#define SDK_LD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "obj/obj.h"
#include "rnn/rnn.h"
#include "util/diag.h"

struct ld_script;

/* Parses a linker script. name is what locations say (copied); text
 * need not end in a NUL. Returns NULL, with every error (file:line:col)
 * in d, on failure. */
struct ld_script *ld_script_parse(const char *name, const char *text, size_t len, struct diag *d);
void ld_script_free(struct ld_script *s);
/* The generation a script's OUTPUT_ARCH names; false if it names none. */
bool ld_script_gen(const struct ld_script *s, enum isa_gen *gen);

/* File name (in share/afuc-sdk/ld) of the script used when none is given:
 * a5xx-me.ld, a6xx-sqe.ld or a7xx-sqe.ld. */
const char *ld_default_script(enum isa_gen gen);

/* One object to link; name is what messages and the map call it. */
struct ld_input {
	const char *name;
	const struct obj_file *obj;
};

/* A symbol given on the command line (--defsym NAME=VALUE): an absolute
 * address, usable from every processor image. */
struct ld_defsym {
	const char *name;
	uint32_t value;
};

/* What an earlier afuc-ld --base said of the base (ld_options): a name
 * it gave an address of processor image proc, and a block of code it
 * appended there (its address, the index of its first word counting from
 * file word 1, its words). */
struct ld_name {
	const char *proc;
	uint32_t addr;
	const char *name;
};
struct ld_base_code {
	const char *proc;
	uint32_t addr, index, count;
};

struct ld_options {
	/* The script. When base is set, only its SIZE_LIMITs apply (per
	 * PROCESSOR name), as in a normal link with it; it may be NULL then. */
	const struct ld_script *script;
	/* 0, or the generation the command line asked for (--gpu): objects
	 * and script must agree with it. */
	enum isa_gen gen;
	/* PM4 opcode names for scripts (HANDLER) and the map; NULL shows
	 * numbers (UNKNn) only. */
	const struct rnn_view *pm4;
	const struct ld_defsym *defsyms;
	size_t defsym_count;
	/* Patching (--base): the vendor image's bytes and its name. */
	const uint8_t *base;
	size_t base_len;
	const char *base_name;
	/* With base: the names and the appended code the map or ELF beside
	 * it gives (an image an earlier afuc-ld --base made; the tool reads
	 * them). They stay symbols and code regions of the base in the map
	 * and the ELF, so that an image patched twice reads back with both
	 * patches' code and names; a name the objects define too gives way
	 * to theirs. */
	const struct ld_name *base_names;
	size_t base_name_count;
	const struct ld_base_code *base_code;
	size_t base_code_count;
	/* With base: the processor image that receives the objects' `.text`
	 * (BR, BV or LPAC on a7xx; NULL picks the first one). */
	const char *processor;
	/* With base: warn where the objects' code writes a register the
	 * vendor's handlers keep state in across packets (--check-state). */
	bool check_state;
	/* What the map header calls the image (the -o name); may be NULL. */
	const char *output_name;
	bool map, elf;
};

/* Everything a link produces, owned by the caller (ld_output_free). */
struct ld_output {
	uint8_t *image;
	size_t image_len;
	char *map;    /* NULL unless options.map */
	uint8_t *elf; /* NULL unless options.elf */
	size_t elf_len;
};

/* Links. On failure returns false with the errors in d and out empty. */
bool ld_link(const struct ld_input *inputs, size_t count, const struct ld_options *opt,
	     struct ld_output *out, struct diag *d);
void ld_output_free(struct ld_output *out);

#endif
