/* sdk/dis on small images built word by word: the whole listing of an
 * a6xx image (packet table, handler labels, code and data, a table offset
 * and a code address in immediates, dead code, padding), the layout of an
 * a7xx bundle, the generation inference, -d on an object, and every way an
 * image can be broken. The instruction words were encoded by hand from the
 * field layouts of afuc.xml; the first check decodes each with sdk/isa and
 * compares its text, so a wrong encoding shows as such. */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "dis/dis.h"

#define NOP6 0x01000000u
#define WAITIN 0xd8000000u
#define MOV_01_DATA 0x981f0806u

struct img {
	uint32_t w[512]; /* file words; w[0] is the zero word */
	size_t n;
};

static void put(struct img *m, uint32_t word)
{
	m->w[m->n++] = word;
}

static void put_n(struct img *m, uint32_t word, size_t count)
{
	while (count--)
		put(m, word);
}

/* The image as bytes, cut to len bytes (the whole image when len is 0). */
static uint8_t *bytes_of(const struct img *m, size_t *len)
{
	uint8_t *b = util_xmalloc(m->n * 4 + 1);
	for (size_t i = 0; i < m->n; i++)
		util_put_le32(b + 4 * i, m->w[i]);
	if (!*len)
		*len = m->n * 4;
	return b;
}

/* Disassembles; returns the listing, or NULL with the first error in err. */
static char *run(const struct img *m, size_t len, enum isa_gen gen, char **err)
{
	uint8_t *b = bytes_of(m, &len);
	struct dis_options opt = {.gen = gen};
	struct util_str out = {0};
	struct diag d;
	diag_init(&d);
	bool ok = dis_image(b, len, "test.fw", &opt, &out, &d);
	*err = d.count ? util_xstrdup(d.msgs[0].text) : NULL;
	diag_free(&d);
	free(b);
	if (!ok) {
		/* nothing may have been written */
		if (out.len)
			*err = util_xstrdup("output written despite the error");
		util_str_free(&out);
		return NULL;
	}
	return util_str_take(&out);
}

static bool has_text(const char *text, const char *part)
{
	return text && strstr(text, part);
}

/* The a6xx image of the listing below (addresses are instruction words). */
static void build_a6xx(struct img *m)
{
	m->n = 0;
	put(m, 0);
	put(m, 0x016ee207);  /* 0: firmware id (a630) */
	put(m, NOP6 | 24);   /* 1: packet table at 24 */
	put(m, 0x88450010);  /* 2: mov $05, 0x10 << 2  (the table at 16) */
	put(m, 0x8a020000);  /* 3: mov $02, 0x0 << 16 */
	put(m, 0x3042000a);  /* 4: or $02, $02, 0xa    (code at 10) */
	put(m, 0xa8028002);  /* 5: swrite $02, [$00 + 0x002] */
	put(m, WAITIN);      /* 6 */
	put(m, MOV_01_DATA); /* 7 */
	put(m, 0xc800fffe);  /* 8: jump #6 (dead code) */
	put(m, NOP6);        /* 9 */
	put(m, WAITIN);      /* 10: reached only through the swrite */
	put(m, MOV_01_DATA); /* 11 */
	put_n(m, NOP6, 4);   /* 12-15: padding to 16 */
	put(m, 0x00000000);  /* 16: data */
	put(m, 0x00000cd8);  /* 17 */
	put(m, 0x88020001);  /* 18: every handler: mov $02, 0x1 */
	put(m, WAITIN);      /* 19 */
	put(m, MOV_01_DATA); /* 20 */
	put_n(m, 0, 3);      /* 21-23: data */
	put_n(m, 18, 128);   /* 24: the packet table */
}

static const char *const a6xx_words[][2] = {
	{"88450010", "mov $05, 0x10 << 2"},
	{"8a020000", "mov $02, 0x0 << 16"},
	{"3042000a", "or $02, $02, 0xa"},
	{"a8028002", "swrite $02, [$00 + 0x002]"},
	{"d8000000", "waitin"},
	{"981f0806", "mov $01, $data"},
	{"c800fffe", "jump #0x6"},
	{"01000000", "nop"},
	{"88020001", "mov $02, 0x1"},
};

static void test_encodings(struct tap *t)
{
	struct isa isa;
	isa_init(&isa, ISA_A6XX);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(a6xx_words); i++) {
		struct isa_instr in;
		struct util_str s = {0};
		uint32_t w = (uint32_t)strtoul(a6xx_words[i][0], NULL, 16);
		if (isa_decode(&isa, w, &in))
			isa_format(&in, 8, NULL, &s);
		tap_is_str(t, s.text ? s.text : "(none)", a6xx_words[i][1], "%s decodes",
			   a6xx_words[i][0]);
		util_str_free(&s);
	}
}

static void test_a6xx_listing(struct tap *t)
{
	struct img m;
	build_a6xx(&m);
	struct util_str want = {0};
	util_str_puts(
		&want,
		"; a6xx microcode\n; Version: 016ee207\n; a630 SQE (single image)\n.gpu a6xx\n\n"
		"[016ee207]\n[#jumptbl]\n"
		"mov $05, #data16 << 2\n"
		"mov $02, 0x0 << 16\n"
		"or $02, $02, #l10\n"
		"swrite $02, [$00 + 0x002]\n"
		"l6:\nwaitin\nmov $01, $data\n"
		"jump #l6\nnop\n"
		"l10:\nwaitin\nmov $01, $data\n"
		".align 32\ndata16:\n[00000000]\n[00000cd8]\n\n");
	for (int op = 0; op < 128; op++)
		util_str_printf(&want, "UNKN%d:\n", op);
	util_str_puts(&want, "mov $02, 0x1\nwaitin\nmov $01, $data\n"
			     "[00000000]\n[00000000]\n[00000000]\n"
			     "jumptbl:\n.jumptbl\n");
	char *err;
	char *got = run(&m, 0, 0, &err);
	tap_is_str(t, got ? got : err, want.text, "a6xx image: the whole listing");
	free(got);
	free(err);
	util_str_free(&want);
}

/* Two code addresses that reach one `swrite $02, [$00 + 0x002]` along
 * two paths (the pattern of gen70500's BV): both are labels. */
static void test_code_pointers(struct tap *t)
{
	struct img m = {.n = 0};
	put(&m, 0);
	put(&m, 0x016ee207);  /* 0 */
	put(&m, NOP6 | 14);   /* 1 */
	put(&m, 0x8a020000);  /* 2: mov $02, 0x0 << 16 */
	put(&m, 0x3042000a);  /* 3: or $02, $02, 0xa */
	put(&m, 0xc4610003);  /* 4: breq $03, 0x1, #7 */
	put(&m, NOP6);        /* 5 */
	put(&m, 0x3002000c);  /* 6: or $02, $00, 0xc */
	put(&m, 0xa8028002);  /* 7: swrite $02, [$00 + 0x002] */
	put(&m, WAITIN);      /* 8 */
	put(&m, MOV_01_DATA); /* 9 */
	put(&m, WAITIN);      /* 10 */
	put(&m, MOV_01_DATA); /* 11 */
	put(&m, WAITIN);      /* 12 */
	put(&m, MOV_01_DATA); /* 13 */
	put_n(&m, 8, 128);    /* 14: table */
	char *err;
	char *got = run(&m, 0, 0, &err);
	tap_ok(t,
	       has_text(got, "mov $02, 0x0 << 16\nor $02, $02, #l10\nbreq $03, 0x1, #l7\nnop\n"
			     "or $02, $00, #l12\nl7:\nswrite $02, [$00 + 0x002]\n"),
	       "code addresses on two paths to one swrite are both labels%s%s", err ? ": " : "",
	       err ? err : "");
	tap_ok(t, has_text(got, "l10:\nwaitin\n") && has_text(got, "l12:\nwaitin\n"),
	       "and their targets are code");
	free(got);
	free(err);
}

/* BR (table at 8, one word of padding), BV (table at 4), four NOPs of
 * bundle alignment, LPAC (table at 4) and a one-word trailer. */
static void build_a7xx(struct img *m)
{
	m->n = 0;
	put(m, 0);
	put(m, 0x01512162);  /* BR 0: id */
	put(m, NOP6 | 405);  /* 1: the bundle's size */
	put(m, 0x01512134);  /* 2 */
	put(m, NOP6 | 8);    /* 3: BR table */
	put(m, 0x01039414);  /* 4 */
	put(m, WAITIN);      /* 5 */
	put(m, MOV_01_DATA); /* 6 */
	put(m, NOP6);        /* 7: padding */
	put_n(m, 5, 128);    /* 8..135 */
	put(m, 0x01512134);  /* BV 0 (file word 137) */
	put(m, NOP6 | 4);    /* 1 */
	put(m, WAITIN);      /* 2 */
	put(m, MOV_01_DATA); /* 3 */
	put_n(m, 2, 128);    /* 4..131 */
	put_n(m, NOP6, 4);   /* bundle alignment */
	put(m, 0x01512054);  /* LPAC 0 (file word 273) */
	put(m, NOP6 | 4);
	put(m, WAITIN);
	put(m, MOV_01_DATA);
	put_n(m, 2, 128);
	put(m, 0x30343039); /* trailer */
}

static void test_a7xx_bundle(struct tap *t)
{
	struct img m;
	build_a7xx(&m);
	char *err;
	char *got = run(&m, 0, 0, &err);
	tap_ok(t, got != NULL, "a7xx bundle disassembles%s%s", err ? ": " : "", err ? err : "");
	tap_ok(t,
	       has_text(got, ".gpu a7xx\n\n[01512162]\n[#__image_size]\n[01512134]\n[#jumptbl]\n"
			     "[01039414]\n\n"),
	       "BR header: the size in word 1, the table offset in word 3");
	tap_ok(t,
	       has_text(got, "mov $01, $data\n.align 32\njumptbl:\n.jumptbl\n\n.section BV\n"
			     "[01512134]\n[#jumptbl]\n"),
	       "BR's padding is .align 32; BV follows its table");
	tap_ok(t, has_text(got, "jumptbl:\n.jumptbl\n\n.section LPAC\n[01512054]\n[#jumptbl]\n"),
	       "LPAC starts at the 32-byte boundary after BV's table");
	tap_ok(t,
	       has_text(got, ".jumptbl\n[30343039]\n") &&
		       !strcmp(got + strlen(got) - strlen("[30343039]\n"), "[30343039]\n"),
	       "the trailer ends LPAC");
	free(got);
	free(err);

	/* A BR that keeps its table offset in word 4 (word 3 is a NOP whose
	 * payload is no table): the first consistent header word wins. */
	build_a7xx(&m);
	m.w[4] = 0x01039414;
	m.w[5] = NOP6 | 8;
	got = run(&m, 0, 0, &err);
	tap_ok(t, has_text(got, "[01512134]\n[01039414]\n[#jumptbl]\n\nUNKN0:\n"),
	       "BR's table offset found in header word 4 when word 3 is not it%s%s",
	       err ? ": " : "", err ? err : "");
	free(got);
	free(err);
}

/* What a damaged image gets: an error and no listing (it is no image at
 * all), or a listing of raw words with one warning naming what was not
 * understood (it is a well-formed file with a layout sdk/fw does not
 * know), or, when it is a layout after all, a clean listing. */
enum outcome { ERROR, WARNING, CLEAN };

struct broken {
	const char *what;
	enum isa_gen gen;
	size_t len; /* bytes to keep, 0 for all */
	void (*edit)(struct img *m);
	enum outcome outcome;
	const char *message;
};

static void edit_none(struct img *m)
{
	(void)m;
}
static void edit_word0(struct img *m)
{
	m->w[0] = 7;
}
static void edit_id(struct img *m)
{
	m->w[1] = 0x02000000;
}
static void edit_table_far(struct img *m)
{
	m->w[2] = NOP6 | 0x1000;
}
static void edit_table_not_nop(struct img *m)
{
	m->w[2] = 0x88020001;
}
static void edit_entry_far(struct img *m)
{
	m->w[1 + 24 + 0x10] = 0x500;
}
static void edit_entry_in_table(struct img *m)
{
	m->w[1 + 24 + 3] = 30;
}
static void edit_bv_table(struct img *m)
{
	m->w[137 + 1] = NOP6 | 0x1000;
}
static void edit_bv_header(struct img *m)
{
	m->w[137 + 1] = 4;
}
static void edit_br_table_at_end(struct img *m)
{
	m->w[4] = NOP6 | (uint32_t)(m->n - 1 - 128);
}

static const struct broken broken[] = {
	{"odd size", 0, 4 * 153 - 2, edit_none, ERROR, "not a whole number of 32-bit words"},
	{"too small", 0, 8, edit_none, ERROR, "too small for a firmware image"},
	{"non-zero word 0", 0, 0, edit_word0, ERROR, "file word 0 is 0x00000007"},
	{"unknown firmware id", 0, 0, edit_id, ERROR,
	 "cannot tell the GPU generation: word 0 (the firmware id) is 0x02000000, which is no "
	 "NOP of any afuc generation; give it with --gpu"},
	{"table offset past the end", 0, 0, edit_table_far, ERROR,
	 "truncated: the image ends at file word 0x"},
	{"table header word not a NOP", 0, 0, edit_table_not_nop, WARNING,
	 "SQE: header word 1 (file word 2) is 0x88020001, not the NOP that carries"},
	{"truncated inside the table", 0, 4 * 100, edit_none, ERROR,
	 "truncated: the image ends at file word 0x63; its header says 0x"},
	{"handler past the end", 0, 0, edit_entry_far, WARNING,
	 "SQE: packet table entry 0x10 (file word 41) is 0x500, past the end of its image"},
	{"handler inside the table", 0, 0, edit_entry_in_table, WARNING,
	 "SQE: packet table entry 0x3 (file word 28) is 0x1e, inside the packet table"},
};

/* A bundle whose BV is damaged is a BR image followed by words nobody
 * knows; one whose BR table ends the file is a BR-only bundle (as
 * gen71700 is). */
static const struct broken broken7[] = {
	{"BV table offset past the end", 0, 0, edit_bv_table, WARNING,
	 "words after BR's packet table (file words 0x89-0x195) are not understood"},
	{"BV header not a NOP", 0, 0, edit_bv_header, WARNING,
	 "words after BR's packet table (file words 0x89-0x195) are not understood"},
	{"BR table ends the file", 0, 0, edit_br_table_at_end, CLEAN, NULL},
	{"a7xx read as a6xx", ISA_A6XX, 0, edit_none, WARNING,
	 "layout not understood (no a6xx packet table: word 1 is 0x01000195"},
};

static void test_broken(struct tap *t, const struct broken *cases, size_t count,
			void (*build)(struct img *))
{
	static const char *const wanted[] = {
		[ERROR] = "an error, no output",
		[WARNING] = "a raw listing and a warning",
		[CLEAN] = "a listing, no warning",
	};
	for (size_t i = 0; i < count; i++) {
		const struct broken *c = &cases[i];
		struct img m;
		build(&m);
		c->edit(&m);
		char *err = NULL;
		char *got = run(&m, c->len, c->gen, &err);
		bool ok = c->outcome == ERROR     ? !got && has_text(err, c->message)
			  : c->outcome == WARNING ? got && has_text(err, c->message)
						  : got && !err;
		tap_ok(t, ok, "%s: %s", c->what, wanted[c->outcome]);
		if (!ok)
			tap_diag(t, "got %s and '%s', wanted '%s'",
				 got ? "a listing" : "no listing", err ? err : "(no message)",
				 c->message ? c->message : "(none)");
		free(got);
		free(err);
	}
}

/* -d: an object with every relocation kind, symbols and handlers. */
static void test_object(struct tap *t)
{
	struct obj_file o;
	obj_init(&o, ISA_A6XX);
	uint32_t sec = obj_add_section(&o, ".text");
	struct obj_section *s = &o.sections[sec];
	uint32_t start = obj_symbol(&o, "start"), nop = obj_symbol(&o, "CP_NOP");
	uint32_t other = obj_symbol(&o, "other"), fxn = obj_symbol(&o, "fxn");
	uint32_t tbl = obj_symbol(&o, "tbl");
	o.symbols[start].section = sec;
	o.symbols[start].global = true;
	o.symbols[nop].section = sec;
	o.symbols[nop].value = 3;
	o.symbols[other].section = sec;
	o.symbols[other].value = 3;
	o.symbols[tbl].section = sec;
	o.symbols[tbl].value = 6;
	obj_emit(s, 0x88450000); /* 0: mov $05, #tbl << 2 */
	obj_add_reloc(&o, sec, (struct obj_reloc){0, OBJ_R_IMM16, tbl, 0, {0}});
	obj_emit(s, 0xd4000000); /* 1: call #fxn */
	obj_add_reloc(&o, sec, (struct obj_reloc){1, OBJ_R_ABS26, fxn, 0, {0}});
	obj_emit(s, 0xc800fffe); /* 2: jump #0 (resolved) */
	obj_emit(s, WAITIN);     /* 3: CP_NOP, other */
	obj_emit(s, MOV_01_DATA);
	obj_emit(s, NOP6); /* 5: [#tbl + 1] */
	obj_add_reloc(&o, sec, (struct obj_reloc){5, OBJ_R_PAYLOAD24, tbl, 1, {0}});
	obj_emit(s, 0); /* 6: .word #fxn - 2 */
	obj_add_reloc(&o, sec, (struct obj_reloc){6, OBJ_R_WORD32, fxn, -2, {0}});
	obj_add_handler(&o, (struct obj_handler){.opcode = 0x10, .symbol = nop});
	obj_add_handler(&o, (struct obj_handler){.opcode = 0x11, .symbol = other});

	struct dis_options opt = {.gen = 0};
	struct util_str out = {0};
	struct diag d;
	diag_init(&d);
	bool ok = dis_object(&o, "test.o", &opt, &out, &d);
	tap_is_str(t, ok ? out.text : "(failed)",
		   "; afuc object test.o\n.gpu a6xx\n.global start\n\n"
		   "\nstart:\n"
		   "mov $05, #tbl << 2\n"
		   "call #fxn\n"
		   "jump #start\n"
		   "\n.handler UNKN16\n.handler UNKN17\nCP_NOP:\nother:\n"
		   "waitin\nmov $01, $data\n"
		   "[#tbl + 1]\n"
		   "tbl:\n.word #fxn - 2\n",
		   "-d: symbols, relocations and handler records");
	util_str_free(&out);

	/* Two records of one opcode (found by fuzzing: the handler chain
	 * looped and the listing grew without end): listed once. */
	obj_add_handler(&o, (struct obj_handler){.opcode = 0x10, .symbol = nop});
	out = (struct util_str){0};
	ok = dis_object(&o, "test.o", &opt, &out, &d);
	const char *first = ok ? strstr(out.text, ".handler UNKN16\n") : NULL;
	tap_ok(t,
	       first && !strstr(first + 1, ".handler UNKN16\n") &&
		       strstr(out.text, ".handler UNKN17\n"),
	       "-d: a second record of an opcode does not loop, and is listed once");
	util_str_free(&out);
	diag_free(&d);
	obj_free(&o);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_encodings(&t);
	test_a6xx_listing(&t);
	test_code_pointers(&t);
	test_a7xx_bundle(&t);
	test_broken(&t, broken, UTIL_ARRAY_SIZE(broken), build_a6xx);
	test_broken(&t, broken7, UTIL_ARRAY_SIZE(broken7), build_a7xx);
	test_object(&t);
	return tap_done_testing(&t);
}
