/* A board described in text (docs/hwsq.md, "Board descriptions"): the
 * chipset, the program and the performance level, the VBIOS tables
 * nouveau reads (as named fields at their byte offsets) and the
 * registers it reads. The tables are laid out as a VBIOS image with a
 * BIT directory, so a description and a dumped VBIOS go through the same
 * reader (vbios.c) and the same computation (board.c). */
#include <stdlib.h>
#include <string.h>

#include "hwsq/board.h"
#include "hwsq/hwsq.h"

/* A named field of a table entry: its byte offset and size. */
struct field {
	const char *name;
	uint8_t at, size;
};

/* nvbios_perfEp, version 0x35 (clocks in MHz), and the two rammap bytes
 * nvbios_rammapEp_from_perf reads */
static const struct field perf_fields[] = {
	{"id", 0x00, 1},   {"core", 0x08, 2}, {"shader", 0x0a, 2},   {"memory", 0x0c, 2},
	{"vdec", 0x10, 2}, {"disp", 0x14, 2}, {"rammap16", 0x16, 1}, {"rammap17", 0x17, 1},
};
#define PERF_VERSION 0x35
#define PERF_LENGTH 0x18

/* nvbios_rammapSp_from_perf: the ramcfg bytes, by offset */
static const struct field ramcfg_fields[] = {
	{"timing", 0x01, 1}, {"b03", 0x03, 1}, {"b04", 0x04, 1}, {"b05", 0x05, 1}, {"b06", 0x06, 1},
	{"b07", 0x07, 1},    {"b08", 0x08, 1}, {"b09", 0x09, 1}, {"b0a", 0x0a, 1},
};
#define RAMCFG_LENGTH 11

/* nvbios_timingEp, version 0x10 (in memory clocks) */
static const struct field timing_fields[] = {
	{"WR", 0x00, 1},    {"WTR", 0x01, 1}, {"CL", 0x02, 1},  {"RC", 0x03, 1},
	{"RFC", 0x05, 1},   {"RAS", 0x07, 1}, {"RP", 0x09, 1},  {"RCDRD", 0x0a, 1},
	{"RCDWR", 0x0b, 1}, {"RRD", 0x0c, 1}, {"T13", 0x0d, 1}, {"ODT", 0x0e, 1},
	{"T16", 0x10, 1},   {"T18", 0x12, 1}, {"CWL", 0x13, 1},
};
#define TIMING_VERSION 0x10
#define TIMING_MAX_LENGTH 0x19

/* nvbios_pll_parse, version 0x30: the limits record (MHz, kHz refclk) */
static const struct field pll_fields[] = {
	{"vco1_min", 0, 2}, {"vco1_max", 2, 2}, {"vco2_min", 4, 2}, {"vco2_max", 6, 2},
	{"in1_min", 8, 2},  {"in2_min", 10, 2}, {"in1_max", 12, 2}, {"in2_max", 14, 2},
	{"n1_min", 16, 1},  {"n1_max", 17, 1},  {"m1_min", 18, 1},  {"m1_max", 19, 1},
	{"n2_min", 20, 1},  {"n2_max", 21, 1},  {"m2_min", 22, 1},  {"m2_max", 23, 1},
	{"p_max", 25, 1},   {"bias_p", 27, 1},  {"refclk", 28, 4},
};
#define PLL_VERSION 0x30
#define PLL_ENTRY_LENGTH 7
#define PLL_RECORD_LENGTH 32

/* dcb_gpio_parse, version 4.0: one 32-bit word, fields by bit */
static const struct {
	const char *name;
	uint8_t shift, bits;
} gpio_fields[] = {{"line", 0, 5}, {"func", 8, 8}, {"log0", 27, 2}, {"log1", 29, 2}};

#define MAX_INDEX 64

struct entry {
	bool set;
	uint8_t bytes[PLL_RECORD_LENGTH];
	uint8_t length; /* timing entries: their own length */
	uint32_t reg;   /* PLL entries */
};

struct desc {
	const char *path;
	struct diag *d;
	struct hwsq_board *b;
	unsigned line;
	struct entry perf[MAX_INDEX], timing[MAX_INDEX], pll[MAX_INDEX];
	struct entry ramcfg[MAX_INDEX][16]; /* [perf entry][strap] */
	uint32_t gpio[MAX_INDEX];
	size_t gpio_count, pll_count;
	int xlat[16]; /* strap translation, -1 unset */
	bool have_chipset, have_program, have_level;
};

struct word {
	const char *text;
	size_t len;
	unsigned col;
};

#define MAX_WORDS 40

static void word_error(struct desc *s, const struct word *w, const char *what);

static bool number(struct desc *s, const struct word *w, uint64_t max, uint64_t *v)
{
	char *text = util_xstrndup(w->text, w->len);
	bool ok = util_parse_u64(text, v) && *v <= max;
	if (!ok)
		diag_error(s->d, diag_at(s->path, s->line, w->col),
			   "expected a number up to 0x%llx, found '%s'", (unsigned long long)max,
			   text);
	free(text);
	return ok;
}

static void put(uint8_t *bytes, uint8_t at, uint8_t size, uint64_t v)
{
	for (uint8_t i = 0; i < size; i++)
		bytes[at + i] = (uint8_t)(v >> (8 * i));
}

/* name=value pairs into bytes by the field table; "length" (timing) too */
static bool fields(struct desc *s, const struct word *w, size_t n, const struct field *f, size_t nf,
		   struct entry *e)
{
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		const char *eq = memchr(w[i].text, '=', w[i].len);
		if (!eq) {
			word_error(s, &w[i], "NAME=VALUE");
			ok = false;
			continue;
		}
		size_t nl = (size_t)(eq - w[i].text);
		struct word val = {eq + 1, w[i].len - nl - 1, w[i].col + (unsigned)nl + 1};
		uint64_t v;
		if (nl == 6 && memcmp(w[i].text, "length", 6) == 0 && f == timing_fields) {
			if (!number(s, &val, TIMING_MAX_LENGTH, &v))
				ok = false;
			e->length = (uint8_t)v;
			continue;
		}
		size_t k = 0;
		while (k < nf &&
		       !(strlen(f[k].name) == nl && memcmp(f[k].name, w[i].text, nl) == 0))
			k++;
		if (k == nf) {
			struct util_str names = {0};
			for (size_t j = 0; j < nf; j++)
				util_str_printf(&names, "%s%s", j ? ", " : "", f[j].name);
			char *name = util_xstrndup(w[i].text, nl);
			struct util_near near;
			util_near_init(&near, name, 2, 3);
			for (size_t j = 0; j < nf; j++)
				util_near_add(&near, f[j].name);
			util_near_write(&near, &names);
			diag_error(s->d, diag_at(s->path, s->line, w[i].col),
				   "unknown field '%s': expected one of %s", name, names.text);
			free(name);
			util_str_free(&names);
			ok = false;
			continue;
		}
		uint64_t max = f[k].size == 4 ? 0xffffffffu : (1ull << (8 * f[k].size)) - 1;
		if (!number(s, &val, max, &v)) {
			ok = false;
			continue;
		}
		put(e->bytes, f[k].at, f[k].size, v);
	}
	return ok;
}

static bool index_of(struct desc *s, const struct word *w, unsigned max, unsigned *i)
{
	uint64_t v;
	if (!number(s, w, max - 1, &v))
		return false;
	*i = (unsigned)v;
	return true;
}

static void word_error(struct desc *s, const struct word *w, const char *what)
{
	diag_error(s->d, diag_at(s->path, s->line, w->col), "expected %s, found '%.*s'", what,
		   (int)w->len, w->text);
}

static bool word_is(const struct word *w, const char *text)
{
	return w->len == strlen(text) && memcmp(w->text, text, w->len) == 0;
}

/* NAME=VALUE words into a gpio entry word (dcb_gpio_parse 4.0) */
static void gpio_entry(struct desc *s, const struct word *w, size_t n)
{
	if (s->gpio_count == MAX_INDEX)
		return word_error(s, &w[-1], "at most 64 gpio entries");
	uint32_t word = 0;
	uint64_t v;
	for (size_t k = 0; k < n; k++) {
		const char *eq = memchr(w[k].text, '=', w[k].len);
		size_t nl = eq ? (size_t)(eq - w[k].text) : 0, f = 0;
		while (eq && f < UTIL_ARRAY_SIZE(gpio_fields) &&
		       !(strlen(gpio_fields[f].name) == nl &&
			 memcmp(gpio_fields[f].name, w[k].text, nl) == 0))
			f++;
		if (!eq || f == UTIL_ARRAY_SIZE(gpio_fields)) {
			word_error(s, &w[k], "line=, func=, log0= or log1=");
			continue;
		}
		struct word val = {eq + 1, w[k].len - nl - 1, w[k].col + (unsigned)nl + 1};
		if (number(s, &val, (1u << gpio_fields[f].bits) - 1, &v))
			word |= (uint32_t)v << gpio_fields[f].shift;
	}
	s->gpio[s->gpio_count++] = word;
}

/* The statements, each with the number of operands it takes (at least,
 * or exactly when exact), and what they are. */
static const struct {
	const char *name;
	size_t operands;
	bool exact;
	const char *takes;
} statements[] = {
	{"board", 1, false, "a name and a title"},
	{"chipset", 1, true, "a chipset number"},
	{"program", 1, true, "ram or clk"},
	{"level", 1, true, "a performance table entry"},
	{"perf", 1, false, "an entry and its fields"},
	{"ramcfg", 2, false, "a performance table entry, a strap and its fields"},
	{"timing", 1, false, "an entry and its fields"},
	{"pll", 1, false, "a PLL register and its limits"},
	{"gpio", 1, false, "the entry's fields"},
	{"strap", 2, true, "a strap and the ramcfg index it selects"},
	{"reg", 2, true, "an address and the value nouveau reads there"},
};

/* One line: a statement and its words (comments from '#'). */
static void statement(struct desc *s, struct word *w, size_t n)
{
	size_t k = 0;
	while (k < UTIL_ARRAY_SIZE(statements) && !word_is(&w[0], statements[k].name))
		k++;
	if (k == UTIL_ARRAY_SIZE(statements)) {
		char *name = util_xstrndup(w[0].text, w[0].len);
		struct util_str hint = {0};
		struct util_near near;
		util_near_init(&near, name, 2, 3);
		for (size_t j = 0; j < UTIL_ARRAY_SIZE(statements); j++)
			util_near_add(&near, statements[j].name);
		util_near_write(&near, &hint);
		diag_error(s->d, diag_at(s->path, s->line, w[0].col),
			   "unknown statement '%s': expected board, chipset, program, level, perf, "
			   "ramcfg, timing, pll, gpio, strap or reg%s",
			   name, hint.text ? hint.text : "");
		util_str_free(&hint);
		free(name);
		return;
	}
	if (n - 1 < statements[k].operands ||
	    (statements[k].exact && n - 1 > statements[k].operands)) {
		diag_error(s->d, diag_at(s->path, s->line, w[0].col), "'%s' takes %s",
			   statements[k].name, statements[k].takes);
		return;
	}
	const struct word *cmd = &w[0];
	unsigned i, j;
	uint64_t v, v2;
	struct hwsq_board *b = s->b;
	if (word_is(cmd, "board")) {
		free(b->name);
		free(b->title);
		b->name = util_xstrndup(w[1].text, w[1].len);
		const char *end = w[n - 1].text + w[n - 1].len;
		b->title = n > 2 ? util_xstrndup(w[2].text, (size_t)(end - w[2].text))
				 : util_xstrndup("", 0);
	} else if (word_is(cmd, "chipset")) {
		if (number(s, &w[1], 0xff, &v))
			b->chipset = (unsigned)v;
		s->have_chipset = true;
	} else if (word_is(cmd, "program")) {
		if (word_is(&w[1], "ram"))
			b->program = HWSQ_BOARD_RAM;
		else if (word_is(&w[1], "clk"))
			b->program = HWSQ_BOARD_CLK;
		else
			word_error(s, &w[1], "'ram' or 'clk'");
		s->have_program = true;
	} else if (word_is(cmd, "level")) {
		if (index_of(s, &w[1], MAX_INDEX, &i))
			b->level = i;
		s->have_level = true;
	} else if (word_is(cmd, "perf")) {
		if (!index_of(s, &w[1], MAX_INDEX, &i))
			return;
		s->perf[i].set = true;
		put(s->perf[i].bytes, 0, 1, i);
		fields(s, &w[2], n - 2, perf_fields, UTIL_ARRAY_SIZE(perf_fields), &s->perf[i]);
	} else if (word_is(cmd, "ramcfg")) {
		if (!index_of(s, &w[1], MAX_INDEX, &i) || !index_of(s, &w[2], 16, &j))
			return;
		s->ramcfg[i][j].set = true;
		s->ramcfg[i][j].bytes[1] = 0xff; /* no timing entry unless given */
		fields(s, &w[3], n - 3, ramcfg_fields, UTIL_ARRAY_SIZE(ramcfg_fields),
		       &s->ramcfg[i][j]);
	} else if (word_is(cmd, "timing")) {
		if (!index_of(s, &w[1], MAX_INDEX, &i))
			return;
		s->timing[i].set = true;
		s->timing[i].length = 0x14;
		fields(s, &w[2], n - 2, timing_fields, UTIL_ARRAY_SIZE(timing_fields),
		       &s->timing[i]);
	} else if (word_is(cmd, "pll")) {
		if (!number(s, &w[1], 0xffffffff, &v))
			return;
		/* a later line for the same PLL replaces the earlier one */
		size_t at = 0;
		while (at < s->pll_count && s->pll[at].reg != (uint32_t)v)
			at++;
		if (at == MAX_INDEX)
			return word_error(s, &w[1], "at most 64 pll entries");
		if (at == s->pll_count)
			s->pll_count++;
		struct entry *e = &s->pll[at];
		*e = (struct entry){.set = true};
		e->reg = (uint32_t)v;
		fields(s, &w[2], n - 2, pll_fields, UTIL_ARRAY_SIZE(pll_fields), e);
	} else if (word_is(cmd, "gpio")) {
		gpio_entry(s, &w[1], n - 1);
	} else if (word_is(cmd, "strap")) {
		if (index_of(s, &w[1], 16, &i) && number(s, &w[2], 0xff, &v))
			s->xlat[i] = (int)v;
	} else if (number(s, &w[1], 0xffffffff, &v) && number(s, &w[2], 0xffffffff, &v2)) {
		b->regs = util_xrealloc(b->regs, (b->reg_count + 1) * sizeof *b->regs);
		b->regs[b->reg_count++] = (struct hwsq_board_reg){(uint32_t)v, (uint32_t)v2};
	}
}

/* ---- the image --------------------------------------------------------- */

struct image {
	uint8_t *data;
	size_t size, cursor;
};

static uint32_t reserve(struct image *im, size_t n)
{
	uint32_t at = (uint32_t)im->cursor;
	im->cursor += n;
	if (im->cursor > im->size) {
		size_t size = (im->cursor + 0x1ff) & ~(size_t)0x1ff;
		im->data = util_xrealloc(im->data, size);
		memset(im->data + im->size, 0, size - im->size);
		im->size = size;
	}
	return at;
}

static void put_at(struct image *im, uint32_t at, uint8_t size, uint64_t v)
{
	for (uint8_t i = 0; i < size; i++)
		im->data[at + i] = (uint8_t)(v >> (8 * i));
}

static unsigned highest(const struct entry *e, size_t n)
{
	unsigned count = 0;
	for (size_t i = 0; i < n; i++)
		if (e[i].set)
			count = (unsigned)i + 1;
	return count;
}

/* BIT at 0x80 with 'P' (v1: perf, timing), 'C' (PLL limits) and 'M' (v1:
 * strap translation); the DCB and its GPIO table through 0x36. */
static void build(struct desc *s)
{
	struct image im = {0};
	reserve(&im, 0x100);
	put_at(&im, 0, 2, 0xaa55);
	static const uint8_t bit[] = {0xff, 0xb8, 'B', 'I', 'T', 0x00, 0x01, 0x00, 0x0c, 6, 3, 0};
	memcpy(im.data + 0x80, bit, sizeof bit);
	uint32_t bitent = 0x8c;

	/* perf: header 6, entries with their ramcfg subentries */
	unsigned perf_count = highest(s->perf, MAX_INDEX), straps = 1;
	for (unsigned i = 0; i < MAX_INDEX; i++)
		if (highest(s->ramcfg[i], 16) > straps)
			straps = highest(s->ramcfg[i], 16);
	uint32_t perf = reserve(&im, 6 + perf_count * (PERF_LENGTH + straps * RAMCFG_LENGTH));
	const uint8_t perf_hdr[6] = {
		PERF_VERSION, 6, (uint8_t)perf_count, PERF_LENGTH, (uint8_t)straps, RAMCFG_LENGTH};
	memcpy(im.data + perf, perf_hdr, 6);
	for (unsigned i = 0; i < perf_count; i++) {
		uint32_t at = perf + 6 + i * (PERF_LENGTH + straps * RAMCFG_LENGTH);
		if (!s->perf[i].set)
			s->perf[i].bytes[0] = 0xff; /* an entry nouveau skips */
		memcpy(im.data + at, s->perf[i].bytes, PERF_LENGTH);
		for (unsigned j = 0; j < straps; j++) {
			uint8_t *cfg = im.data + at + PERF_LENGTH + j * RAMCFG_LENGTH;
			memcpy(cfg, s->ramcfg[i][j].bytes, RAMCFG_LENGTH);
			if (!s->ramcfg[i][j].set)
				cfg[1] = 0xff;
		}
	}
	/* timing: header 4, entries of the longest given length */
	unsigned timing_count = highest(s->timing, MAX_INDEX);
	uint8_t tlen = 0x12;
	for (unsigned i = 0; i < timing_count; i++)
		if (s->timing[i].set && s->timing[i].length > tlen)
			tlen = s->timing[i].length;
	uint32_t timing = 0;
	if (timing_count) {
		timing = reserve(&im, 4 + timing_count * tlen);
		const uint8_t hdr[4] = {TIMING_VERSION, 4, (uint8_t)timing_count, tlen};
		memcpy(im.data + timing, hdr, 4);
		for (unsigned i = 0; i < timing_count; i++)
			memcpy(im.data + timing + 4 + i * tlen, s->timing[i].bytes, tlen);
	}
	uint32_t p = reserve(&im, 8);
	put_at(&im, p, 4, perf);
	put_at(&im, p + 4, 4, timing);
	const uint8_t pent[6] = {'P', 1, 8, 0, (uint8_t)p, (uint8_t)(p >> 8)};
	memcpy(im.data + bitent, pent, 6);

	/* PLL limits: header 4, entries (type, record pointer, register) */
	uint32_t pll = reserve(&im, 4 + s->pll_count * PLL_ENTRY_LENGTH);
	const uint8_t phdr[4] = {PLL_VERSION, 4, PLL_ENTRY_LENGTH, (uint8_t)s->pll_count};
	memcpy(im.data + pll, phdr, 4);
	for (size_t i = 0; i < s->pll_count; i++) {
		uint32_t rec = reserve(&im, PLL_RECORD_LENGTH);
		memcpy(im.data + rec, s->pll[i].bytes, PLL_RECORD_LENGTH);
		uint32_t e = pll + 4 + (uint32_t)i * PLL_ENTRY_LENGTH;
		put_at(&im, e + 1, 2, rec);
		put_at(&im, e + 3, 4, s->pll[i].reg);
	}
	uint32_t c = reserve(&im, 10);
	put_at(&im, c + 8, 2, pll);
	const uint8_t cent[6] = {'C', 1, 10, 0, (uint8_t)c, (uint8_t)(c >> 8)};
	memcpy(im.data + bitent + 6, cent, 6);

	/* M: the strap translation, when one is given */
	bool xlat = false;
	for (unsigned i = 0; i < 16; i++)
		xlat |= s->xlat[i] >= 0;
	uint32_t m = reserve(&im, 5), tab = 0;
	if (xlat) {
		tab = reserve(&im, 16);
		for (unsigned i = 0; i < 16; i++)
			im.data[tab + i] = (uint8_t)(s->xlat[i] >= 0 ? s->xlat[i] : (int)i);
	}
	put_at(&im, m + 3, 2, tab);
	const uint8_t ment[6] = {'M', 1, 5, 0, (uint8_t)m, (uint8_t)(m >> 8)};
	memcpy(im.data + bitent + 12, ment, 6);

	/* DCB 4.0 with its GPIO table */
	if (s->gpio_count) {
		uint32_t dcb = reserve(&im, 12), gpio = reserve(&im, 4 + 4 * s->gpio_count);
		const uint8_t dhdr[4] = {0x40, 12, 0, 8};
		memcpy(im.data + dcb, dhdr, 4);
		put_at(&im, dcb + 6, 4, 0x4edcbdcb);
		put_at(&im, dcb + 10, 2, gpio);
		const uint8_t ghdr[4] = {0x40, 4, (uint8_t)s->gpio_count, 4};
		memcpy(im.data + gpio, ghdr, 4);
		for (size_t i = 0; i < s->gpio_count; i++)
			put_at(&im, gpio + 4 + 4 * (uint32_t)i, 4, s->gpio[i]);
		put_at(&im, 0x36, 2, dcb);
	}
	im.data[2] = (uint8_t)(im.size / 512);
	s->b->vbios = im.data;
	s->b->vbios_size = im.size;
}

bool hwsq_board_parse(const char *path, const char *text, size_t len, struct hwsq_board *b,
		      struct diag *d)
{
	memset(b, 0, sizeof *b);
	unsigned nul_line, nul_col;
	if (hwsq_find_nul(text, len, &nul_line, &nul_col)) {
		diag_error(d, diag_at(path, nul_line, nul_col), "expected text, found a NUL byte");
		return false;
	}
	struct desc *s = util_xcalloc(1, sizeof *s);
	s->path = path;
	s->d = d;
	s->b = b;
	for (unsigned i = 0; i < 16; i++)
		s->xlat[i] = -1;
	const char *p = text, *end = text + len;
	size_t errors = d->errors;
	while (p < end) {
		s->line++;
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		struct word w[MAX_WORDS];
		size_t n = 0;
		for (const char *q = p; q < eol && *q != '#';) {
			if (*q == ' ' || *q == '\t' || *q == '\r') {
				q++;
				continue;
			}
			const char *start = q;
			while (q < eol && *q != ' ' && *q != '\t' && *q != '\r' && *q != '#')
				q++;
			if (n == MAX_WORDS) {
				diag_error(d, diag_at(path, s->line, (unsigned)(start - p) + 1),
					   "more than %d words on a line", MAX_WORDS);
				break;
			}
			w[n++] = (struct word){start, (size_t)(q - start),
					       (unsigned)(start - p) + 1};
		}
		if (n)
			statement(s, w, n);
		p = eol + 1;
	}
	static const struct {
		size_t offset;
		const char *what;
	} required[] = {{offsetof(struct desc, have_chipset), "chipset"},
			{offsetof(struct desc, have_program), "program"},
			{offsetof(struct desc, have_level), "level"}};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(required); i++)
		if (!*(const bool *)((const char *)s + required[i].offset))
			diag_error(d, diag_at(path, 0, 0),
				   "the description has no '%s' line: it is required",
				   required[i].what);
	if (!b->name) { /* no 'board' line: a generic name */
		b->name = util_xstrndup("board", 5);
		b->title = util_xstrndup("", 0);
	}
	bool ok = d->errors == errors;
	if (ok)
		build(s);
	free(s);
	return ok;
}

void hwsq_board_free(struct hwsq_board *b)
{
	free(b->name);
	free(b->title);
	free(b->vbios);
	free(b->regs);
	memset(b, 0, sizeof *b);
}

bool hwsq_board_reg(const struct hwsq_board *b, uint32_t addr, uint32_t *value)
{
	for (size_t i = b->reg_count; i-- > 0;) /* the last reading wins */
		if (b->regs[i].addr == addr) {
			*value = b->regs[i].value;
			return true;
		}
	return false;
}
