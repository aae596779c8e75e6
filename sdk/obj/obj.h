/* sdk/obj: afuc relocatable objects (and linked images' ELF), in memory
 * and as ELF32 files.
 *
 * This is the contract between the assembler (writes objects), the
 * linker (reads objects, writes a linked ELF beside the image) and the
 * disassembler (-d on an object). docs/objects.md describes the file
 * layout; this header is the in-memory model.
 *
 * Units: inside this model every offset, symbol value and addend counts
 * 32-bit instruction words (afuc addresses are word addresses). In the
 * ELF file they are stored in bytes (x4) so that readelf and nm show
 * ordinary byte offsets.
 */
#ifndef SDK_OBJ_H
#define SDK_OBJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/isa.h"
#include "util/diag.h"

/* Where something was written in the source: kept in the object so the
 * linker can report an undefined symbol or an overflowing relocation at
 * the line that caused it. file == NULL when unknown. */
struct obj_loc {
	const char *file; /* owned by the obj_file's string pool */
	uint32_t line, col;
};

/* Every place a label can appear. S = symbol value, A = addend,
 * P = address of the word being patched (all in words). */
enum obj_reloc_kind {
	OBJ_R_NONE,
	OBJ_R_BRANCH16,  /* bits 0-15 = S + A - P, signed (brne, breq, jump) */
	OBJ_R_ABS26,     /* bits 0-25 = S + A (call, bl, jumpa) */
	OBJ_R_IMM16,     /* bits 0-15 = S + A, unsigned (mov and ALU immediates; mov's
			    shift field is left as assembled: `mov $02, #t << 2`) */
	OBJ_R_IMM12,     /* bits 0-11 = S + A, unsigned (control bases, load/store
			    offsets, a7xx 12-bit immediates) */
	OBJ_R_PAYLOAD24, /* bits 0-23 = S + A, unsigned, in a NOP word: [#label] */
	OBJ_R_WORD32,    /* the whole word = S + A: .word #label */
	OBJ_R_COUNT
};

const char *obj_reloc_name(enum obj_reloc_kind kind); /* "R_AFUC_BRANCH16", ... */

struct obj_reloc {
	uint32_t offset; /* word within the section */
	uint8_t kind;    /* enum obj_reloc_kind */
	uint32_t symbol; /* index into obj_file.symbols */
	int32_t addend;
	struct obj_loc loc;
};

#define OBJ_SECTION_UNDEF UINT32_MAX /* symbol defined elsewhere */

/* A section called NAME.append continues section NAME after every
 * processor image, in NAME's image's address space: where afuc-ld
 * --base appends new code, and how afuc-objdump prints such code.
 * NAME.append2, NAME.append3 ... come after every NAME.append (an image
 * patched twice, three times ...: obj_append_round). */
#define OBJ_APPEND_SUFFIX ".append"
#define OBJ_SECTION_ABS (UINT32_MAX - 1) /* symbol is a plain number */

struct obj_symbol {
	char *name;
	uint32_t section; /* index into obj_file.sections, or OBJ_SECTION_* */
	uint32_t value;   /* word offset in its section (or the number) */
	bool global;
	struct obj_loc loc;
};

/* A packet-table record: opcode (0..127; PKT4 is 4) is handled at
 * symbol. The linker fills each processor's table from these. */
struct obj_handler {
	uint32_t opcode;
	uint32_t symbol;
	struct obj_loc loc;
	/* The record comes from a label's name (Mesa style: `CP_NOP:`), not
	 * from `.handler`. Such records fill a `.jumptbl` or a patched
	 * vendor table, but never make the linker place a table of its own:
	 * a Mesa-style source without `.jumptbl` links to exactly its words. */
	bool from_label;
};

/* What one object may hold (docs/objects.md, "Limits"). The reader
 * refuses a file past them with a message, before allocating anything
 * in proportion, and the writer refuses to write such a file. Real
 * firmware is far below them: the largest published image has about
 * 20,000 words in all. */
#define OBJ_MAX_SECTIONS 4096           /* ELF section headers, including section 0 */
#define OBJ_MAX_SYMBOLS 1048576         /* .symtab entries, not counting symbol 0 */
#define OBJ_MAX_RELOCS 1048576          /* relocations, all .rela sections together */
#define OBJ_MAX_FILE_BYTES (256u << 20) /* the file; obj_read stops reading there */

/* Which source line assembled a word: a record covers the words from its
 * offset up to the next record's (records in increasing offset order;
 * words before the first record have no line). */
struct obj_line {
	uint32_t offset; /* word within the section */
	struct obj_loc loc;
};

#define OBJ_NO_TABLE UINT32_MAX
#define OBJ_PACKET_TABLE_WORDS 0x80

struct obj_section {
	char *name;      /* ".text" by default; "BV", "LPAC" as in Mesa's .section */
	uint32_t *words; /* assembled words, relocated fields left zero */
	size_t count, cap;
	uint32_t align; /* in bytes; at least 4 */
	/* Where a `.jumptbl` put this section's packet table (a word offset,
	 * OBJ_PACKET_TABLE_WORDS words reserved), or OBJ_NO_TABLE to let the
	 * linker script place it. */
	uint32_t table_offset;
	struct obj_reloc *relocs;
	size_t reloc_count, reloc_cap;
	struct obj_line *lines;
	size_t line_count, line_cap;
	/* Linked files only (obj_file.linked): the image address of the
	 * first word, and where that word is in the firmware file, counted
	 * from file word 1 (where CP_SQE_INSTR_BASE points). */
	uint32_t addr, load;
};

struct obj_file {
	enum isa_gen gen;
	/* The ELF afuc-ld --elf writes (ET_EXEC) rather than an object: one
	 * section per processor image (or block of it), symbol values are
	 * image addresses (in the processor of the symbol's section), and
	 * there are no relocations, handler records or packet tables. */
	bool linked;
	struct obj_section *sections;
	size_t section_count, section_cap;
	struct obj_symbol *symbols;
	size_t symbol_count, symbol_cap;
	struct obj_handler *handlers;
	size_t handler_count, handler_cap;
	/* Strings (file names of obj_loc) owned by the object. */
	char **strings;
	size_t string_count, string_cap;
	/* Private to sdk/obj: a hash of symbol names that makes obj_symbol
	 * and obj_find_symbol O(1). Built on first use and kept up to date
	 * with symbols pushed directly; NULL after obj_init. */
	struct obj_name_index *name_index;
};

void obj_init(struct obj_file *o, enum isa_gen gen);
void obj_free(struct obj_file *o);

/* Builders, for the assembler (and tests). */
uint32_t obj_add_section(struct obj_file *o, const char *name);
uint32_t obj_find_section(const struct obj_file *o, const char *name); /* UINT32_MAX if none */
/* Whether section name is NAME.append (1) or NAME.appendN (N, 2 to 99),
 * with NAME's length in *base_len; 0 for any other name. */
unsigned obj_append_round(const char *name, size_t *base_len);
void obj_emit(struct obj_section *s, uint32_t word);
/* Finds or adds a symbol by name (undefined, local, at first). */
uint32_t obj_symbol(struct obj_file *o, const char *name);
uint32_t obj_find_symbol(const struct obj_file *o, const char *name); /* UINT32_MAX if none */
void obj_add_reloc(struct obj_file *o, uint32_t section, struct obj_reloc r);
void obj_add_handler(struct obj_file *o, struct obj_handler h);
/* Records that the words of section from offset on come from loc (a
 * file from obj_intern); nothing is added while the line stays the same. */
void obj_add_line(struct obj_file *o, uint32_t section, uint32_t offset, struct obj_loc loc);
/* Interns a file name for obj_loc. */
const char *obj_intern(struct obj_file *o, const char *file);

/* ELF32 little-endian, ET_REL for objects. Writing is atomic (no file on
 * failure). Reading checks everything it reads: a truncated or corrupt
 * file is an error naming the file and what is wrong, never a crash. */
bool obj_write(const struct obj_file *o, const char *path, struct diag *d);
bool obj_read(struct obj_file *o, const char *path, struct diag *d);
/* The same on memory, for tests and for tools that already hold bytes. */
bool obj_write_mem(const struct obj_file *o, uint8_t **data, size_t *len, struct diag *d);
bool obj_read_mem(struct obj_file *o, const uint8_t *data, size_t len, const char *name,
		  struct diag *d);

/* Applies one relocation to word, given the final S (symbol value) and P
 * (address of the word), both in words. Returns false, with why set to a
 * static message, when the value does not fit. Shared by the linker and
 * by the assembler for relocations it can resolve itself. */
bool obj_apply_reloc(enum obj_reloc_kind kind, uint32_t *word, int64_t s, int64_t a, int64_t p,
		     const char **why);

#endif
