/* sdk/fw: what a firmware file is. The one place that knows it.
 *
 * From the id word and the structure of an image (never from its file
 * name) it tells the generation, the layout, where each processor image
 * starts, which header words hold what, where each packet table is, and
 * what the bootstrap checks before it runs. The assembler, the
 * disassembler, afuc-ld --base and the emulator all ask it.
 *
 *   struct fw_info fw;
 *   fw_identify(words, count, 0, &fw);      (words: file word 1 on)
 *   if (fw.layout == FW_LAYOUT_UNKNOWN)
 *           warn("%s", fw.why);             (raw words still round-trip)
 *
 * The layouts, as the bootstraps read them (image words count from file
 * word 1, where the processor's address 0 is):
 *
 *   SINGLE    a5xx PFP or ME, a6xx SQE (a630, a650, a702): word 0 the id,
 *             word 1 a NOP whose payload is the packet table's offset.
 *   SQE_LPAC  a660: word 1 a NOP carrying the file's size in words (after
 *             the zero word); the bootstrap's `mov $12, TABLE` (word 3)
 *             and `mov $13, LPAC` (word 4) give the SQE's table and where
 *             the LPAC image starts; LPAC's word 1, `mov $12, TABLE`, its
 *             table. The bootstrap hands LPAC to its processor through
 *             CP_LPAC_SQE_INSTR_BASE.
 *   BUNDLE    a7xx/a8xx BR + BV + LPAC: BR's word 1 the size, a later header
 *             NOP (word 3 on gen70500) BR's table; BV starts at the first
 *             32-byte boundary after BR's table, its word 1 its table;
 *             LPAC follows BV's table likewise, as long as one is there
 *             (gen71500 has BR and BV, gen71700 BR only), and gen 8 SQE
 *             files a fourth image, PROC4, after LPAC's table, laid out
 *             like BV (which processor runs it is not known). Words after
 *             the last table stay the last image's (why names more than
 *             a short trailer).
 *   AQE       a size word, header NOPs and code, and no packet table (the
 *             AQE of gen 7.9 and gen 8 parts).
 *   UNKNOWN   none of these fits: only raw words are known (why says why).
 *
 * An image afuc-ld --base patched is the vendor layout with code after
 * the last packet table (and trailer): each processor's new code, in
 * processor order, each at a 32-byte boundary of its own address space,
 * reached through its table entries (fw_proc.append). Patched again, more
 * blocks follow, so a processor can have several, others' between them.
 */
#ifndef SDK_FW_H
#define SDK_FW_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/isa.h"

#define FW_TABLE_WORDS 0x80
#define FW_NONE UINT32_MAX
#define FW_MAX_PROCS 4
#define FW_BUNDLE_ALIGN 8 /* words: processor images start 32-byte aligned */
#define FW_MAX_APPENDS 8  /* blocks of appended code a processor can have */
/* The largest image file the tools read: word 0 and the emulator's 1M
 * instructions (EMU_MAX_IMAGE_WORDS; published images are at most
 * ~120 KB). Reading stops there, so /dev/zero as an image fails at once. */
#define FW_MAX_IMAGE_WORDS (1u << 20)
#define FW_MAX_IMAGE_BYTES (4 * (FW_MAX_IMAGE_WORDS + 1))

enum fw_layout {
	FW_LAYOUT_SINGLE,
	FW_LAYOUT_SQE_LPAC,
	FW_LAYOUT_BUNDLE,
	FW_LAYOUT_AQE,
	FW_LAYOUT_UNKNOWN
};

/* How a header word holds a table offset. */
enum fw_ref {
	FW_REF_NOP,   /* the payload of a NOP */
	FW_REF_MOV12, /* the immediate of the bootstrap's `mov $12, TABLE` */
};

struct fw_proc {
	const char *name;   /* "SQE", "LPAC", "BR", "BV", "PROC4", "AQE", "PFP/ME" */
	uint32_t start;     /* its address 0, as a word of the image */
	uint32_t count;     /* words it spans (table and trailer included) */
	uint32_t table;     /* packet table offset from start, or FW_NONE */
	uint32_t table_ref; /* the word (from start) holding it, or FW_NONE */
	enum fw_ref table_ref_kind;
	uint32_t size_ref; /* the word holding the file's size, or FW_NONE */
	uint32_t next_ref; /* SQE_LPAC: `mov $13, LPAC`, or FW_NONE */
	/* Code appended after every image (afuc-ld --base), addressed
	 * from this processor's start: each block's first image word (a
	 * 32-byte boundary at or below the lowest table entry into it) and
	 * its words, in file order (more than one when the image was
	 * patched more than once); appends 0 when there is none. count ends
	 * where the processor's own words end. */
	struct fw_block {
		uint32_t start, count;
	} append[FW_MAX_APPENDS];
	unsigned appends;
};

struct fw_info {
	enum isa_gen gen;
	enum fw_layout layout;
	uint32_t id;         /* bits 12-23 of word 0 */
	const char *gpu;     /* the part a known id names ("a630"), or NULL */
	const char *kind;    /* "PFP or ME", "SQE", "SQE + LPAC", "BR + BV + LPAC", "AQE"... */
	unsigned proc_count; /* 0 for UNKNOWN */
	struct fw_proc proc[FW_MAX_PROCS];
	/* What the bootstrap compares bits 28-31 of control register 0 with
	 * (cread [$00 + 0x000]; ushr 28; cmp with a mov'd constant), as the
	 * value the register must hold; FW_NONE when it checks nothing. */
	uint32_t ctrl0;
	/* The control register the bootstrap writes just before it first
	 * reads $regdata: its REG_READ_ADDR (0x027 a6xx, 0x039 gen70500,
	 * 0x01b gen70900 and gen 8); FW_NONE when it reads none. */
	uint32_t reg_read_addr;
	/* The layout fits only if packet table entries may point outside
	 * their image (a damaged or synthetic table): why says which. */
	bool loose;
	/* The image is shorter than its header says: the size word, or a
	 * single image's table offset and its 0x80 entries, or a660's LPAC
	 * start, lie past its end. The layout is UNKNOWN and why reads
	 * "truncated: the image ends at file word N; its header says M".
	 * Tools stop there (exit 1): no layout of a cut image is right. */
	bool truncated;
	uint32_t header_words; /* truncated: the last file word the header implies (M) */
	/* UNKNOWN: why no layout fits. Otherwise empty, or what part of the
	 * image is not understood (words after the last table). */
	char why[256];
};

/* Identifies an image: words are the file's words after the zero word.
 * gen 0 infers the generation; otherwise it is taken as given (--gpu).
 * False (with why set) only when the generation cannot be told: the id
 * word is no NOP of any generation. A cut image is told by `truncated`. */
bool fw_identify(const uint32_t *words, uint32_t count, enum isa_gen gen, struct fw_info *out);

/* The generation a firmware id word names, from the id alone (what a
 * Mesa-style listing begins with: [016ee207]). Known ids first, then the
 * NOP byte and the id's top nibble. */
bool fw_gen_of_id(uint32_t id_word, enum isa_gen *gen);

/* The generation a part name means, for --gpu and `gpu` statements:
 * "a630", "a702" (an a6xx), "gen70500", "gen80000" (a7xx encodings),
 * "a6xx", "6". False for anything else. */
bool fw_gen_of_part(const char *name, enum isa_gen *gen);

/* A layout's name for messages. */
const char *fw_layout_name(enum fw_layout layout);

#endif
