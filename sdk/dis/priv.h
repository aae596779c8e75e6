/* sdk/dis internals: the state the passes share.
 *
 *   layout.c  the image's processors, header words and packet tables
 *   flow.c    which words control flow reaches (code) and which it does not (data)
 *   refs.c    which immediates are addresses (label expressions)
 *   consts.c  which constants a register can hold (a backward data flow)
 *   tidy.c    padding (.align), dead code, labels
 *   names.c   register and packet names from the database
 *   print.c   the listing
 *   dis.c     the driver
 */
#ifndef SDK_DIS_PRIV_H
#define SDK_DIS_PRIV_H

#include "dis/dis.h"
#include "dis/names.h"
#include "fw/fw.h"

#define DIS_NONE UINT32_MAX
#define DIS_TABLE_WORDS OBJ_PACKET_TABLE_WORDS
#define DIS_MAX_SECTIONS FW_MAX_PROCS
#define DIS_SECTION_ALIGN 8 /* words: each image starts 32-byte aligned */

/* Why a word has a label (several may apply; print.c picks the name). */
enum dis_label {
	DIS_L_BRANCH = 1 << 0, /* target of a branch or jump: lNNN */
	DIS_L_CALL = 1 << 1,   /* target of call/bl/jumpa: fxnNNN */
	DIS_L_DATA = 1 << 2,   /* a data table the code addresses: dataNNN */
};

/* How a word is printed. */
enum dis_kind {
	DIS_K_DATA,      /* reached by nothing: [xxxxxxxx] or .word #label */
	DIS_K_CODE,      /* reached and decodes cleanly: an instruction */
	DIS_K_RAW,       /* reached, but does not decode or sets ignored bits */
	DIS_K_TABLE_REF, /* the header word holding the packet table offset */
	DIS_K_SIZE_REF,  /* a7xx BR: the header word holding the bundle's size */
	DIS_K_PAD,       /* vendor padding in front of an aligned table: .align */
	DIS_K_TABLE,     /* the packet table itself: .jumptbl */
};

/* One processor image of the file (the whole file before a7xx). */
struct dis_sect {
	const char *name;    /* the .section name; NULL for the first */
	const uint32_t *w;   /* its words, host order (borrowed from struct dis) */
	uint32_t file_word;  /* file word of address 0, for messages */
	uint32_t count;      /* words, table and trailer included */
	uint32_t table;      /* packet table offset */
	uint32_t table_ref;  /* header word holding it, or DIS_NONE */
	bool table_ref_mov;  /* ... as the bootstrap's `mov $12, TABLE` (a660), not a NOP */
	uint32_t size_ref;   /* header word holding the image size, or DIS_NONE */
	uint32_t next_ref;   /* a660 SQE: its `mov $13, LPAC`, or DIS_NONE */
	uint32_t header_end; /* words before it are header words, not addresses */
	/* Code appended after every image (fw_proc.append) when other
	 * images lie between: from hole on, the addresses outside the
	 * blocks are their words, never printed here; block k is this
	 * image's `.section NAME.append` (NAME.append2 for the second, of
	 * an image patched twice...). hole DIS_NONE: no block apart. */
	uint32_t hole;
	struct dis_block {
		uint32_t start, end;
	} block[FW_MAX_APPENDS];
	unsigned blocks;
	/* The words after the table up to the next image are all end_fill
	 * (not the nop): printed `.align 32, end_fill` (a660 pads LPAC's
	 * start with zero words). */
	bool end_pad;
	uint32_t end_fill;
	uint32_t next_start; /* where the next image starts, in this one's addresses */
	uint32_t main_end;   /* the end of its own words, before any appended code */
	/* Names from dis_options.elf for appended code (NULL or per word,
	 * borrowed from the ELF). */
	const char **named;
	uint32_t handler[DIS_TABLE_WORDS];

	/* Per word, filled by the passes. */
	bool ins_done;
	struct isa_instr *ins; /* valid where decoded[] */
	uint8_t *decoded;
	uint8_t *kind;  /* enum dis_kind */
	uint8_t *label; /* enum dis_label flags */
	uint8_t *align; /* print `.align 4 << align[pc]` before pc (0: none) */
	/* The address an immediate stands for (DIS_NONE: a number). For an
	 * ALU immediate with ref_bytes set it is the byte offset 4 * ref. */
	uint32_t *ref;
	uint8_t *ref_bytes;
	/* Extra entry points found by refs.c (code addresses in immediates). */
	uint32_t *roots;
	size_t root_count, root_cap;
	/* -d: the object the section comes from (NULL for an image), the
	 * symbols defined at each address (first index, then a chain by
	 * symbol index) and the relocation of each word. */
	const struct obj_file *obj;
	uint32_t obj_section;
	uint32_t *sym_at;
	uint32_t *sym_next;
	uint32_t *reloc_at;
	/* Handler labels: the lowest opcode handled at each address (or
	 * 0xff), then the next opcode with the same address. */
	uint8_t *handler_at;
	uint8_t handler_next[DIS_TABLE_WORDS];
};

struct dis {
	const char *name; /* the input, for messages */
	enum isa_gen gen;
	const struct fw_info *fw; /* what the image is (NULL for an object) */
	struct isa isa;
	uint32_t *words; /* the instruction words (file word 1 on) */
	uint32_t count;
	struct dis_sect sect[DIS_MAX_SECTIONS];
	unsigned sect_count;
	struct dis_names *names; /* NULL without a database */
	const char *control;     /* dis_control_variant, printed as .control */
	bool addresses;          /* dis_options.addresses */
	bool numbers_only;       /* dis_options.numbers_only */
	struct diag *d;
	char **owned; /* names from a map, which sect[].named point into */
	size_t owned_count, owned_cap;
};

/* layout.c: fills sect[] (names, bounds, tables) from what sdk/fw
 * found; warns when it found no layout (one raw section then).
 * words/count/gen are set by the caller. */
void dis_layout(struct dis *dis, const struct fw_info *fw);

/* layout.c: names from the ELF beside the image (one that matches it)
 * for the code appended after a section's table (after the passes:
 * labels are known). */
void dis_elf_names(struct dis *dis, const struct obj_file *elf);
/* layout.c: the same from the map afuc-ld -Map wrote (dis_map_labels),
 * for an image without its ELF; a map of another image names nothing. */
void dis_map_names(struct dis *dis, const char *text, size_t len, const char *name);

/* flow.c: decodes every word (first call) and sets kind[] from what
 * control flow reaches from address 0, the handlers and roots[]. */
void dis_flow(struct dis *dis, struct dis_sect *s);
/* The address a decoded control-flow instruction at pc goes to (-1 when
 * none or unknown), and whether it falls through past its delay slot. */
int64_t dis_target(const struct isa_instr *in, uint32_t pc);
bool dis_is_transfer(const struct isa_instr *in);
bool dis_ends_flow(const struct isa_instr *in);

/* refs.c: code addresses in immediates become roots[] and refs; returns
 * true when it added a root (so the flow must be walked again). */
bool dis_code_refs(struct dis *dis, struct dis_sect *s);
/* refs.c: table offsets in immediates (after the flow is final). */
void dis_data_refs(struct dis *dis, struct dis_sect *s);

/* consts.c: the constants a register can hold just before a word of a
 * section (whose kinds are set) runs. */
struct dis_consts;
struct dis_consts *dis_consts_new(const struct dis_sect *s);
void dis_consts_free(struct dis_consts *c);
#define DIS_QUERY_DEFS 8
struct dis_def {
	uint32_t value;
	uint32_t src; /* the instruction whose immediate gave the low half, or DIS_NONE */
};
struct dis_query {
	struct dis_def defs[DIS_QUERY_DEFS];
	unsigned count;
	bool unknown; /* some path gives something else (or too many) */
};
void dis_values_before(const struct dis_consts *c, uint32_t pc, unsigned reg, struct dis_query *q);
/* The constants the instruction at pc writes to its destination. */
void dis_values_written(const struct dis_consts *c, uint32_t pc, struct dis_query *q);

/* Whether address pc of s lies in a hole (other images' words). */
static inline bool dis_in_hole(const struct dis_sect *s, uint64_t pc)
{
	if (s->hole == DIS_NONE || pc < s->hole)
		return false;
	for (unsigned b = 0; b < s->blocks; b++)
		if (pc >= s->block[b].start && pc < s->block[b].end)
			return false;
	return pc < s->count;
}

/* tidy.c: .align padding, dead code, and the labels of every target. */
void dis_tidy(struct dis *dis, struct dis_sect *s);

/* print.c: the whole listing of an image, or one section. */
void dis_print(struct dis *dis, struct util_str *out);
void dis_print_sect(struct dis *dis, struct dis_sect *s, struct util_str *out);
/* Calls fn for each word of s that the listing labels, with its name. */
void dis_each_label(struct dis *dis, struct dis_sect *s, dis_label_fn fn, void *ctx);

/* dis.c: per-word arrays of a section whose count is set, and their end. */
void dis_sect_alloc(struct dis_sect *s);
void dis_sect_free(struct dis_sect *s);

#endif
