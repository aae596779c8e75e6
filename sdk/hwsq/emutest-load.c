/* Loading code into the test runner: compiled sources and blocks, raw
 * images and bytes, and replayed upload sequences. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/emutest.h"

/* ---- loading code ----------------------------------------------------------- */

static void trace(void *ctx, const struct hwsq_emu_step *st)
{
	struct hwsq_test *r = ctx;
	char when[32];
	hwsq_test_format_time(when, sizeof when, st->time_ns);
	tap_diag(&r->tap, "slot %c 0x%03x at %s: %s", st->slot == HWSQ_SLOT_A ? 'A' : 'B', st->ip,
		 when, st->insn.opcode ? st->insn.opcode->name : "illegal opcode");
}

void hwsq_test_new_emu(struct hwsq_test *r)
{
	hwsq_emu_free(r->emu);
	r->emu = hwsq_emu_new(r->family);
	if (r->o->verbose)
		hwsq_emu_set_trace(r->emu, trace, r);
	if (r->image)
		hwsq_emu_load(r->emu, r->image, r->image_size);
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		hwsq_emu_set_entry(r->emu, n, r->entries[n]);
	r->next_write = 0;
	r->have_stop = false;
}

static void set_bytes(struct hwsq_test *r, const uint8_t *bytes, size_t size);

/* Raw bytes, not compiled here: no labels, every entry point at 0. */
static void load_raw(struct hwsq_test *r, const uint8_t *bytes, size_t size)
{
	hwsq_program_free(&r->program);
	r->have_program = false;
	memset(r->entries, 0, sizeof r->entries);
	set_bytes(r, bytes, size);
}

static void set_bytes(struct hwsq_test *r, const uint8_t *bytes, size_t size)
{
	free(r->image);
	r->image = util_xmalloc(size ? size : 1);
	if (size)
		memcpy(r->image, bytes, size);
	r->image_size = size;
	hwsq_test_new_emu(r);
}

static void use_program(struct hwsq_test *r)
{
	uint8_t ram[0x200];
	hwsq_image(&r->program, ram);
	r->have_program = true;
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		r->entries[n] = hwsq_program_entry(&r->program, n);
	set_bytes(r, ram, hwsq_family_info(r->family)->ram_size);
}

/* The assembler's messages: TAP comments before the file's first error
 * (as they always were), with the file's errors after it. */
static void print_diag(struct hwsq_test *r, struct diag *d)
{
	if (r->first_error) {
		diag_append(r->diag, d);
		return;
	}
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	diag_print(d, mem, "hwsq-emu");
	fclose(mem);
	tap_diag(&r->tap, "%s", buf ? buf : "");
	free(buf);
}

/* Expands $VAR and ${VAR} from the environment. */
static char *expand(const char *s)
{
	struct util_str out = {0};
	while (*s) {
		if (*s != '$') {
			util_str_putc(&out, *s++);
			continue;
		}
		bool brace = s[1] == '{';
		const char *name = s + 1 + brace;
		size_t n = 0;
		while (isalnum((unsigned char)name[n]) || name[n] == '_')
			n++;
		char *var = util_xstrndup(name, n);
		const char *value = getenv(var);
		util_str_puts(&out, value ? value : "");
		free(var);
		s = name + n + (brace && name[n] == '}');
	}
	return util_str_take(&out);
}

/* A path as written, or else relative to the test file's directory. */
char *hwsq_test_find_path(struct hwsq_test *r, const char *written)
{
	char *p = expand(written);
	FILE *f = fopen(p, "rb");
	if (f || p[0] == '/') {
		if (f)
			fclose(f);
		return p;
	}
	const char *slash = strrchr(r->path, '/');
	if (!slash)
		return p;
	char *alt = util_xasprintf("%.*s/%s", (int)(slash - r->path), r->path, p);
	f = fopen(alt, "rb");
	if (f) {
		fclose(f);
		free(p);
		return alt;
	}
	free(alt);
	return p;
}

/* The words of the rest of the line (the shared front end's), their
 * columns counted from the start of the line. */
static size_t words_of(struct hwsq_test *r, const char *rest, struct emutest_tok **w)
{
	size_t n = emutest_words(rest, strlen(rest), w);
	unsigned shift = r->raw_line ? (unsigned)(rest - r->raw_line) : 0;
	for (size_t i = 0; i < n; i++)
		(*w)[i].col += shift;
	return n;
}

char *hwsq_test_one_path(struct hwsq_test *r, const char *rest, const char *command)
{
	struct emutest_tok *w;
	size_t n = words_of(r, rest, &w);
	char *path = NULL;
	if (n == 1)
		path = hwsq_test_find_path(r, w[0].text);
	else
		hwsq_test_bail(r, n ? w[1].col : 1, "%s takes one file", command);
	emutest_free_words(w, n);
	return path;
}

/* source PATH [-D NAME[=VALUE]]... [-I DIR]... */
void hwsq_test_cmd_source(struct hwsq_test *r, const char *rest)
{
	if (!hwsq_test_need_chip(r))
		return;
	struct emutest_tok *w;
	size_t count = words_of(r, rest, &w), n = count;
	if (n > 64) {
		hwsq_test_bail(r, w[64].col, "source takes at most %d words", 64);
		n = 0;
	}
	const char *defines[32], *includes[32];
	struct hwsq_source_options so = {includes, 0, defines, 0, NULL};
	char *path = NULL;
	char *owned[64];
	size_t owned_count = 0;
	for (size_t i = 0; i < n && !r->line_failed; i++) {
		bool d = strncmp(w[i].text, "-D", 2) == 0, inc = strncmp(w[i].text, "-I", 2) == 0;
		if (d || inc) {
			const char *arg = w[i].text[2] ? w[i].text + 2
						       : (i + 1 < n ? w[++i].text : NULL);
			if (!arg || so.define_count >= 32 || so.include_count >= 32) {
				hwsq_test_bail(r, w[i].col, "bad option '%s' of source", w[i].text);
				break;
			}
			if (d)
				defines[so.define_count++] = arg;
			else
				includes[so.include_count++] = owned[owned_count++] =
					hwsq_test_find_path(r, arg);
		} else if (!path) {
			path = owned[owned_count++] = hwsq_test_find_path(r, w[i].text);
		} else {
			hwsq_test_bail(r, w[i].col, "source takes one file, found '%s' too",
				       w[i].text);
		}
	}
	if (!path && !r->line_failed)
		hwsq_test_bail(r, 1, "source needs a file");
	if (!r->line_failed) {
		struct diag d;
		diag_init(&d);
		struct hwsq_as_options ao = {r->family, hwsq_test_names(r)};
		hwsq_program_free(&r->program);
		if (hwsq_compile_file(path, &so, &ao, &r->program, &d)) {
			use_program(r);
		} else {
			print_diag(r, &d);
			hwsq_test_bail(r, 1, "%s does not compile for %s", path,
				       hwsq_family_info(r->family)->name);
		}
		diag_free(&d);
	}
	for (size_t i = 0; i < owned_count; i++)
		free(owned[i]);
	emutest_free_words(w, count);
}

void hwsq_test_cmd_image(struct hwsq_test *r, const char *rest)
{
	if (!hwsq_test_need_chip(r))
		return;
	char *path = hwsq_test_one_path(r, rest, "image");
	if (!path)
		return;
	uint8_t *data;
	size_t len;
	int err = hwsq_read_input(path, &data, &len);
	if (err) {
		hwsq_test_bail(r, 1, "cannot read %s: %s", path, hwsq_input_error(err));
	} else if (len > hwsq_family_info(r->family)->ram_size) {
		hwsq_test_bail(r, 1, "%s is 0x%zx bytes, more than %s code RAM", path, len,
			       hwsq_family_info(r->family)->range);
	} else {
		load_raw(r, data, len);
	}
	if (!err)
		free(data);
	free(path);
}

void hwsq_test_cmd_bytes(struct hwsq_test *r, const char *rest)
{
	if (!hwsq_test_need_chip(r))
		return;
	struct emutest_tok *w;
	size_t n = words_of(r, rest, &w);
	uint8_t bytes[0x200];
	if (n > hwsq_family_info(r->family)->ram_size)
		hwsq_test_bail(r, 1, "0x%zx bytes do not fit %s code RAM", n,
			       hwsq_family_info(r->family)->range);
	for (size_t i = 0; i < n && !r->line_failed; i++) {
		char *end;
		unsigned long b = strtoul(w[i].text, &end, 16);
		if (*end || b > 0xff || !isxdigit((unsigned char)w[i].text[0]))
			hwsq_test_bail(r, w[i].col, "expected hex bytes, found '%s'", w[i].text);
		bytes[i] = (uint8_t)b;
	}
	if (!r->line_failed)
		load_raw(r, bytes, n);
	emutest_free_words(w, n);
}

/* code ... end: source compiled as it is (no cpp or m4). */
void hwsq_test_cmd_code(struct hwsq_test *r)
{
	if (!hwsq_test_need_chip(r))
		return;
	struct util_str text = {0};
	util_str_printf(&text, "# %u \"%s\"\n", r->line_no + 1, r->path);
	unsigned start = r->line_no;
	const char *raw = r->raw_line;
	bool nul = false;
	for (;;) {
		struct emutest_line ln;
		if (!hwsq_test_block_line(r, "code", start, raw, &ln, &nul)) {
			util_str_free(&text);
			return;
		}
		struct emutest_tok *toks;
		size_t n = emutest_words(ln.text, ln.len, &toks);
		bool end = n >= 1 && strcmp(toks[0].text, "end") == 0;
		emutest_free_words(toks, n);
		if (end)
			break;
		util_str_printf(&text, "%.*s\n", (int)ln.len, ln.text);
	}
	r->line_no = start;
	r->raw_line = raw;
	if (nul) {
		r->line_failed = true;
		util_str_free(&text);
		return;
	}
	struct diag d;
	diag_init(&d);
	struct hwsq_as_options ao = {r->family, hwsq_test_names(r)};
	hwsq_program_free(&r->program);
	if (hwsq_assemble(text.text, r->path, &ao, &r->program, &d)) {
		use_program(r);
	} else {
		print_diag(r, &d);
		hwsq_test_bail(r, 1, "the code block does not compile for %s",
			       hwsq_family_info(r->family)->name);
	}
	diag_free(&d);
	util_str_free(&text);
}

/* upload FILE: performs the MMIO writes of an hwsq-as --emit upload
 * file (wr32 ADDR, VALUE and mask ADDR, MASK, VALUE), as a driver would. */
void hwsq_test_cmd_upload(struct hwsq_test *r, const char *rest)
{
	if (!hwsq_test_need_chip(r))
		return;
	char *path = hwsq_test_one_path(r, rest, "upload");
	if (!path)
		return;
	uint8_t *data;
	size_t len;
	int read_err = hwsq_read_input(path, &data, &len);
	if (read_err) {
		hwsq_test_bail(r, 1, "cannot read %s: %s", path, hwsq_input_error(read_err));
		free(path);
		return;
	}
	if (!r->emu || !r->image)
		load_raw(r, NULL, 0);
	struct emutest_lines in = {.text = (const char *)data, .len = len};
	struct emutest_line ln;
	struct hwsq_toks toks = {0};
	while (!r->line_failed && emutest_next_line(&in, &ln)) {
		unsigned bad;
		uint64_t v[3];
		char *err = NULL;
		unsigned col;
		if (ln.nul_col) {
			hwsq_test_bail(r, 1, "%s:%u:%u: %s", path, ln.no, ln.nul_col,
				       EMUTEST_NUL_ERROR);
			break;
		}
		/* the tokens point into line, freed at the end of the turn */
		char *line = util_xstrndup(ln.text, ln.len);
		if (!hwsq_lex(line, &toks, &bad)) {
			hwsq_test_bail(r, 1, "%s:%u:%u: unexpected character", path, ln.no, bad);
			free(line);
			break;
		}
		if (toks.items[0].kind == HWSQ_TOK_END) {
			free(line);
			continue;
		}
		bool mask = hwsq_tok_is(&toks.items[0], "mask");
		unsigned want = mask ? 3 : 2;
		bool ok = mask || hwsq_tok_is(&toks.items[0], "wr32");
		toks.pos = 1;
		for (unsigned i = 0; ok && i < want; i++) {
			ok = hwsq_expr(&toks, &v[i], &err, &col) &&
			     (i + 1 == want || hwsq_tok_is(&toks.items[toks.pos++], ","));
		}
		free(err);
		free(line);
		if (!ok) {
			hwsq_test_bail(r, 1,
				       "%s:%u: expected wr32 ADDR, VALUE or mask ADDR, MASK, VALUE",
				       path, ln.no);
			break;
		}
		uint32_t value = (uint32_t)v[want - 1];
		if (mask)
			value = (hwsq_emu_mmio_read(r->emu, (uint32_t)v[0]) & ~(uint32_t)v[1]) |
				(value & (uint32_t)v[1]);
		hwsq_emu_mmio_write(r->emu, (uint32_t)v[0], value);
	}
	hwsq_toks_free(&toks);
	free(data);
	free(path);
	/* What the upload put in code RAM is the loaded code now. */
	uint32_t size = hwsq_family_info(r->family)->ram_size;
	free(r->image);
	r->image = util_xmalloc(size);
	r->image_size = size;
	uint32_t window = size > 0x100 ? HWSQ_MMIO_NEW_CODE : HWSQ_MMIO_CODE;
	for (uint32_t i = 0; i < size; i += 4)
		util_put_le32(r->image + i, hwsq_emu_mmio_read(r->emu, window + i));
}
