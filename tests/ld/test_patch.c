/* sdk/ld: linking onto vendor images (--base), word by word: every
 * vendor word stays except the packet-table entries and header words
 * that must change, the new code is where the map says, and broken
 * images are refused. On synthetic images built here, then on the real
 * a630_sqe.fw and gen70500_sqe.fw when they are around. */
#include <stdlib.h>
#include <string.h>

#include "ldtest.h"

#define NOP6 0x01000000u
#define WAITIN 0xd8000000u
#define MOV_01_DATA 0x981f0806u
#define JUMP 0xc8000000u
#define CALL 0xd4000000u

static const char *const names[] = {"h.o", "g.o"};

/* A growable vendor image: file words, word 0 the zero word. */
struct img {
	uint32_t *w;
	size_t n, cap;
};

static void put(struct img *im, uint32_t word)
{
	*UTIL_PUSH(im->w, im->n, im->cap) = word;
}

/* A packet table whose entry k is base + k, so every entry differs. */
static void put_table(struct img *im, uint32_t base)
{
	for (uint32_t k = 0; k < 0x80; k++)
		put(im, base + k);
}

static uint8_t *img_bytes(const struct img *im, size_t *len)
{
	*len = 4 * im->n;
	uint8_t *b = util_xmalloc(*len);
	for (size_t i = 0; i < im->n; i++)
		util_put_le32(b + 4 * i, im->w[i]);
	return b;
}

/* a6xx: id, [#table = 8], 6 code words, the table: 136 words. */
static void make_a6xx(struct img *im)
{
	*im = (struct img){0};
	put(im, 0);
	put(im, 0x016ee207);
	put(im, NOP6 | 8);
	for (uint32_t i = 0; i < 6; i++)
		put(im, 0x88020000 | i);
	put_table(im, 0x100);
}

/* a7xx: BR (id, size, id, [#table = 8], code, table: 136 words), BV at
 * 136 (id, [#table = 4], code, table: 132 words), 4 nops, LPAC at 272
 * (id, [#table = 2], table, 2 more words: 132 words). 404 words. */
static void make_a7xx(struct img *im)
{
	*im = (struct img){0};
	put(im, 0);
	put(im, 0x01512162);
	put(im, NOP6 | 404);
	put(im, 0x01512134);
	put(im, NOP6 | 8);
	for (uint32_t i = 0; i < 4; i++)
		put(im, 0x88020000 | i);
	put_table(im, 0x100);
	put(im, 0x01512134);
	put(im, NOP6 | 4);
	put(im, 0x88030000);
	put(im, 0x88030001);
	put_table(im, 0x200);
	for (int i = 0; i < 4; i++)
		put(im, NOP6);
	put(im, 0x01512054);
	put(im, NOP6 | 2);
	put_table(im, 0x300);
	put(im, 0x30343039);
	put(im, 0x52);
}

/* The new handler: CP_NOP-like at opcode op; falls back to the vendor's
 * handler of opcode 0x10 and calls a --defsym'd vendor function. */
static void make_handler(struct tobj *o, enum isa_gen gen, uint32_t op)
{
	tobj_init(o, gen, "h.s");
	tobj_label(o, "h", false);
	tobj_word(o, CALL);
	tobj_reloc(o, OBJ_R_ABS26, "vendor_fn", 0, 7);
	tobj_word(o, JUMP);
	tobj_reloc(o, OBJ_R_BRANCH16, "__vendor_UNKN16", 0, 7);
	tobj_word(o, MOV_01_DATA);
	tobj_handler(o, op, "h", 1);
}

/* Every word of the base is in the result unchanged, except the listed
 * file words, which must have the listed values. */
static void only_changed(struct tap *t, const struct tlink *l, const struct img *base,
			 const uint32_t (*changes)[2], size_t n, const char *what)
{
	size_t differ = 0;
	for (uint32_t w = 0; w < base->n; w++) {
		uint32_t want = base->w[w];
		for (size_t k = 0; k < n; k++)
			if (changes[k][0] == w)
				want = changes[k][1];
		if (tlink_word(l, w) != want && differ++ < 3)
			tap_diag(t, "file word %u: 0x%08x, want 0x%08x", w, tlink_word(l, w), want);
	}
	tap_ok(t, differ == 0, "%s: all %zu vendor words as they were, but for %zu listed", what,
	       base->n, n);
}

static bool patched(struct tap *t, struct tlink *l, const struct img *base, struct tobj *objs,
		    size_t n, const char *processor, const char *what)
{
	size_t len;
	uint8_t *bytes = img_bytes(base, &len);
	static const struct ld_defsym fn = {"vendor_fn", 0x5};
	struct ld_options opt = {.base = bytes,
				 .base_len = len,
				 .base_name = "vendor.fw",
				 .processor = processor,
				 .defsyms = &fn,
				 .defsym_count = 1};
	tlink_run(l, NULL, objs, names, n, &opt);
	free(bytes);
	if (tap_ok(t, l->ok, "%s: links", what))
		return true;
	tlink_diag(t, l);
	return false;
}

static void test_a6xx(struct tap *t)
{
	struct img base;
	make_a6xx(&base);
	struct tobj o;
	make_handler(&o, ISA_A6XX, 0x10);
	struct tlink l;
	if (patched(t, &l, &base, &o, 1, NULL, "a6xx handler for opcode 0x10")) {
		/* Table at file word 9: entry 0x10 is file word 25. The code goes
		 * at address 136 (already 32-byte aligned), file word 137. */
		static const uint32_t changes[][2] = {{25, 136}};
		only_changed(t, &l, &base, changes, 1, "a6xx");
		tap_is_int(t, l.words, 137 + 3, "three words appended");
		/* call vendor_fn (5); jump to the vendor's handler 0x110 from
		 * 137: 0x110 - 137 = 135. */
		static const uint32_t code[] = {CALL | 5, JUMP | 135, MOV_01_DATA};
		for (uint32_t i = 0; i < 3; i++)
			tap_is_hex(t, tlink_word(&l, 137 + i), code[i], "new code word %u", i);
		tap_ok(t,
		       strstr(l.out.map, "new code: SQE addresses 0x00088..0x0008a "
					 "(file words 0x89..0x8b)") != NULL,
		       "the map says where the new code went");
		tap_ok(t,
		       strstr(l.out.map, "file word 0x00019  SQE 0x00018  0x00000110 -> "
					 "0x00000088  packet table UNKN16") != NULL,
		       "and lists the changed entry");
	}
	tlink_free(&l);
	tobj_free(&o);
	free(base.w);
}

static void test_a7xx(struct tap *t)
{
	struct img base;
	make_a7xx(&base);
	struct tobj o[2];
	make_handler(&o[0], ISA_A7XX, 0x10);
	tobj_init(&o[1], ISA_A7XX, "g.s");
	tobj_section(&o[1], "LPAC", 0);
	tobj_label(&o[1], "g", false);
	tobj_word(&o[1], WAITIN);
	tobj_word(&o[1], MOV_01_DATA);
	tobj_handler(&o[1], 0x7f, "g", 1);
	struct tlink l;
	if (patched(t, &l, &base, o, 2, "BV", "a7xx, .text to BV, a section named LPAC")) {
		/* BV code at file 409 (BV address 272), LPAC's at 417 (LPAC
		 * address 144, after 5 nops): 418 words after the zero word. */
		static const uint32_t changes[][2] = {
			{2, NOP6 | 418},       /* BR header: image size */
			{137 + 4 + 0x10, 272}, /* BV table, opcode 0x10 */
			{273 + 2 + 0x7f, 144}, /* LPAC table, opcode 0x7f */
		};
		only_changed(t, &l, &base, changes, 3, "a7xx");
		tap_is_int(t, l.words, 419, "image grew to 418 words after the zero word");
		/* BV's vendor handler 0x10 is 0x210: from BV address 273. */
		tap_is_hex(t, tlink_word(&l, 409 + 1), JUMP | (0x210 - 273),
			   "BV code jumps to "
			   "BV's own vendor handler");
		for (uint32_t w = 405; w < 409; w++)
			tap_is_hex(t, tlink_word(&l, w), NOP6,
				   "nop before the BV code, file word %u", w);
		tap_is_hex(t, tlink_word(&l, 417), WAITIN, "LPAC code at file word 417");
	}
	tlink_free(&l);
	tobj_free(&o[0]);
	tobj_free(&o[1]);
	free(base.w);
}

/* Other a7xx bundles: BR's table address in another header word; no
 * header word holding the size (a warning, since nothing can say the new
 * size then). */
static void test_a7xx_variants(struct tap *t)
{
	struct img base;
	make_a7xx(&base);
	base.w[4] = 0x01039414; /* word 3: a nop that is no table address */
	base.w[5] = NOP6 | 8;   /* word 4: the table's */
	struct tobj o;
	make_handler(&o, ISA_A7XX, 0x10);
	struct tlink l;
	if (patched(t, &l, &base, &o, 1, NULL, "a7xx BR whose table address is in word 4")) {
		static const uint32_t changes[][2] = {{2, NOP6 | 411}, {9 + 0x10, 408}};
		only_changed(t, &l, &base, changes, 2, "table found through word 4");
	}
	tlink_free(&l);
	free(base.w);

	make_a7xx(&base);
	base.w[2] = NOP6 | 403;
	if (patched(t, &l, &base, &o, 1, NULL, "a7xx with no size word")) {
		static const uint32_t changes[][2] = {{9 + 0x10, 408}};
		only_changed(t, &l, &base, changes, 1, "no size word: only the entry changes");
		tap_ok(t,
		       l.d.count == 1 && l.d.msgs[0].level == DIAG_WARNING &&
			       !strcmp(l.d.msgs[0].text, "no BR header word holds the image size "
							 "(0x194 words), so none says the new "
							 "size (0x19b)"),
		       "and a warning says so");
	}
	tlink_free(&l);
	tobj_free(&o);
	free(base.w);

	/* Only LPAC code: the object's empty .text (BR) adds nothing. */
	make_a7xx(&base);
	tobj_init(&o, ISA_A7XX, "g.s");
	tobj_section(&o, "LPAC", 0);
	tobj_label(&o, "g", false);
	tobj_word(&o, WAITIN);
	tobj_word(&o, MOV_01_DATA);
	tobj_handler(&o, 0x7f, "g", 1);
	if (patched(t, &l, &base, &o, 1, NULL, "LPAC code, an empty .text")) {
		/* LPAC at 272: its code at LPAC address 136 (file word 409). */
		static const uint32_t changes[][2] = {{2, NOP6 | 410}, {273 + 2 + 0x7f, 136}};
		only_changed(t, &l, &base, changes, 2, "an empty section takes no room");
		tap_is_int(t, l.words, 411, "two words (after 4 nops) appended");
	}
	tlink_free(&l);
	tobj_free(&o);
	free(base.w);
}

struct bad_base {
	const char *what;
	enum isa_gen gen;
	const char *processor;
	void (*spoil)(struct img *im);
	const char *message;
};

static void short_image(struct img *im)
{
	im->n = 2;
}

static void no_zero_word(struct img *im)
{
	im->w[0] = 1;
}

static void cut_table(struct img *im)
{
	im->n = 100;
}

static void nothing(struct img *im)
{
	(void)im;
}

static const struct bad_base bad_bases[] = {
	{"a short image", ISA_A6XX, NULL, short_image,
	 "only 8 bytes: too short for an a6xx "
	 "firmware image"},
	{"no zero word", ISA_A6XX, NULL, no_zero_word,
	 "word 0 is 0x00000001, not the zero word "
	 "a firmware image starts with"},
	{"a truncated table", ISA_A6XX, NULL, cut_table,
	 "truncated: the image ends at file word 0x63; its header says 0x88"},
	{"a6xx image, a5xx objects", ISA_A5XX, NULL, nothing,
	 "this is an a6xx image (a630 SQE), but the objects are for a5xx: code assembled for one "
	 "generation does not run on another"},
	{"no such processor", ISA_A7XX, "XYZ", nothing,
	 "--processor XYZ: this a7xx image has no such processor image (it has BR, BV, LPAC)"},
};

static void test_bad_bases(struct tap *t)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(bad_bases); i++) {
		const struct bad_base *b = &bad_bases[i];
		struct img base;
		if (b->gen == ISA_A7XX)
			make_a7xx(&base);
		else
			make_a6xx(&base);
		b->spoil(&base);
		struct tobj o;
		make_handler(&o, b->gen, 0x10);
		struct tlink l;
		size_t len;
		uint8_t *bytes = img_bytes(&base, &len);
		struct ld_options opt = {.base = bytes,
					 .base_len = len,
					 .base_name = "vendor.fw",
					 .processor = b->processor};
		tlink_run(&l, NULL, &o, names, 1, &opt);
		tap_ok(t, !l.ok && !l.out.image, "%s: refused", b->what);
		if (!tap_ok(t, tlink_has_error(&l, "vendor.fw", 0, 0, b->message), "%s: %s",
			    b->what, b->message))
			tlink_diag(t, &l);
		tlink_free(&l);
		free(bytes);
		tobj_free(&o);
		free(base.w);
	}

	/* Not a whole number of words. */
	struct img base;
	make_a6xx(&base);
	size_t len;
	uint8_t *bytes = img_bytes(&base, &len);
	struct tobj o;
	make_handler(&o, ISA_A6XX, 0x10);
	struct ld_options opt = {.base = bytes, .base_len = len - 1, .base_name = "vendor.fw"};
	struct tlink l;
	tlink_run(&l, NULL, &o, names, 1, &opt);
	tap_ok(t,
	       tlink_has_error(&l, "vendor.fw", 0, 0,
			       "547 bytes is not a whole number of "
			       "32-bit words: not a firmware image"),
	       "a byte count that is no multiple of 4 is refused");
	tlink_free(&l);

	/* Objects that cannot go onto a vendor image. */
	tobj_jumptbl(&o);
	opt.base_len = len;
	tlink_run(&l, NULL, &o, names, 1, &opt);
	tap_ok(t,
	       tlink_has_error(&l, "h.o", 0, 0,
			       "section .text has a .jumptbl: code linked "
			       "onto a vendor image uses the vendor's packet "
			       "table (its handler records replace entries), "
			       "so leave .jumptbl out"),
	       "a .jumptbl in a patch object is refused");
	tlink_free(&l);
	tobj_free(&o);
	make_handler(&o, ISA_A6XX, 0x10);
	tobj_label(&o, "h2", false);
	tobj_word(&o, WAITIN);
	tobj_handler(&o, 0x10, "h2", 9);
	tlink_run(&l, NULL, &o, names, 1, &opt);
	tap_ok(t,
	       tlink_has_error(&l, "h.s", 9, 1,
			       "two handlers for UNKN16 in processor image "
			       "SQE: 'h' (h.o) at 0x88 and 'h2' (h.o) at "
			       "0x8b"),
	       "two new handlers for one opcode are refused");
	tlink_free(&l);
	tobj_free(&o);
	free(bytes);
	free(base.w);
}

/* ---- real images ---- */

struct real {
	const char *file;
	enum isa_gen gen;
	const char *processor;
	uint32_t proc_start; /* file word of the image's address 0, minus 1 */
	uint32_t table;      /* its table's address */
	uint32_t size_word;  /* file word of the size nop, or 0 */
};

/* Facts from reference/disasm (.jumptbl of each section) and the
 * bootstraps: a630 SQE table at 0x20e2; gen70500 BR table at 0x2510, BV
 * at 0x2590 with its table at 0x1cb0, LPAC at 0x42c0 with its at 0x840. */
static const struct real reals[] = {
	{"a630_sqe.fw", ISA_A6XX, NULL, 0, 0x20e2, 0},
	{"gen70500_sqe.fw", ISA_A7XX, "BR", 0, 0x2510, 2},
	{"gen70500_sqe.fw", ISA_A7XX, "BV", 0x2590, 0x1cb0, 2},
	{"gen70500_sqe.fw", ISA_A7XX, "LPAC", 0x42c0, 0x840, 2},
};

static void test_real(struct tap *t, const struct real *r)
{
	size_t len;
	char *path = NULL;
	uint8_t *bytes = ldtest_find_firmware(r->file, &len, &path);
	if (!bytes) {
		tap_skip(t, 6,
			 "%s not found (AFUC_FIRMWARE_DIR, ../shared/firmware/qcom, "
			 "/usr/lib/firmware/qcom)",
			 r->file);
		return;
	}
	struct img base = {0};
	for (size_t i = 0; i + 4 <= len; i += 4)
		put(&base, util_le32(bytes + i));
	struct tobj o;
	make_handler(&o, r->gen, 0x10);
	tobj_label(&o, "h2", false);
	tobj_word(&o, WAITIN);
	tobj_handler(&o, 0x7e, "h2", 5);
	static const struct ld_defsym fn = {"vendor_fn", 0x5};
	struct ld_options opt = {.base = bytes,
				 .base_len = len,
				 .base_name = path,
				 .processor = r->processor,
				 .defsyms = &fn,
				 .defsym_count = 1};
	struct tlink l;
	tlink_run(&l, NULL, &o, names, 1, &opt);
	const char *p = r->processor ? r->processor : "SQE";
	if (tap_ok(t, l.ok, "%s, %s: links", r->file, p)) {
		uint32_t vendor = (uint32_t)base.n - 1;        /* words after the zero word */
		uint32_t at = (vendor + 7) & ~7u;              /* file word - 1 of the code */
		uint32_t addr = at - r->proc_start;            /* its address */
		uint32_t table = 1 + r->proc_start + r->table; /* file word of entry 0 */
		uint32_t grown = at + 4;
		uint32_t changes[3][2] = {{table + 0x10, addr},
					  {table + 0x7e, addr + 3},
					  {r->size_word, NOP6 | grown}};
		only_changed(t, &l, &base, (const uint32_t(*)[2])changes, r->size_word ? 3 : 2,
			     r->file);
		tap_is_int(t, l.words, 1 + grown, "%s: code appended 32-byte aligned", r->file);
		tap_is_hex(t, tlink_word(&l, 1 + at), CALL | 5, "%s: the new code's first word",
			   r->file);
		uint32_t vendor_nop = base.w[table + 0x10];
		tap_is_hex(t, tlink_word(&l, 2 + at), JUMP | ((vendor_nop - (addr + 1)) & 0xffff),
			   "%s: a jump to __vendor_UNKN16 reaches the vendor's handler", r->file);
		tap_is_hex(t, tlink_word(&l, 1 + at + 3), WAITIN, "%s: the second handler",
			   r->file);
	} else {
		tlink_diag(t, &l);
		tap_skip(t, 5, "no image");
	}
	tlink_free(&l);
	tobj_free(&o);
	free(base.w);
	free(bytes);
	free(path);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_a6xx(&t);
	test_a7xx(&t);
	test_a7xx_variants(&t);
	test_bad_bases(&t);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(reals); i++)
		test_real(&t, &reals[i]);
	return tap_done_testing(&t);
}
