/* The emulator's test files (*.hemu): a script of commands that load
 * code, drive the sequencer and check what it did, printing TAP. The
 * format is described in docs/hwsq.md. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

struct runner {
	const struct hwsq_emutest_options *o;
	FILE *out;
	const char *path;
	unsigned line_no;
	const char *line;
	int run, failed;
	bool bailed;

	bool have_chip;
	enum hwsq_family family;
	struct rnn_db *db;
	bool db_tried;
	struct hwsq_names names;
	bool names_ready;
	struct hwsq_emu *emu;

	/* what is loaded: the bytes, and the program when compiled here */
	uint8_t *image;
	size_t image_size;
	struct hwsq_program program;
	bool have_program;
	uint32_t entries[HWSQ_ENTRY_COUNT];

	size_t next_write;            /* writes before it were matched */
	enum hwsq_emu_stop last_stop;
	bool have_stop;

	struct hwsq_toks toks;
};

/* ---- TAP --------------------------------------------------------------- */

static void bail(struct runner *r, unsigned col, const char *fmt, ...) UTIL_PRINTF(3, 4);
static void bail(struct runner *r, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(r->out, "Bail out! %s:%u:%u: ", r->path, r->line_no, col);
	vfprintf(r->out, fmt, ap);
	fputc('\n', r->out);
	va_end(ap);
	r->bailed = true;
}

static void check(struct runner *r, bool pass, const char *got, const char *fmt, ...)
	UTIL_PRINTF(4, 5);
static void check(struct runner *r, bool pass, const char *got, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	r->run++;
	fprintf(r->out, "%sok %d - ", pass ? "" : "not ", r->run);
	vfprintf(r->out, fmt, ap);
	fputc('\n', r->out);
	va_end(ap);
	if (!pass) {
		r->failed++;
		fprintf(r->out, "#   Failed at %s line %u: %s\n", r->path, r->line_no, r->line);
		if (got)
			fprintf(r->out, "#          got: %s\n", got);
	}
}

static void format_time(char *buf, size_t size, uint64_t ns)
{
	if (ns % 1000 == 0)
		snprintf(buf, size, "%lluus", (unsigned long long)(ns / 1000));
	else
		snprintf(buf, size, "%lluns", (unsigned long long)ns);
}

/* ---- operands ----------------------------------------------------------- */

static struct hwsq_tok *tok(struct runner *r)
{
	return &r->toks.items[r->toks.pos];
}

static bool t_hash(struct runner *r)
{
	return tok(r)->hash;
}

/* The word at the cursor: tokens written together, so that "mmio-hang"
 * and "no-more-writes" are one word. Returns how many tokens it spans. */
static size_t word_span(struct runner *r, size_t *len)
{
	size_t n = 0;
	*len = 0;
	const struct hwsq_tok *t = tok(r);
	while (t[n].kind == HWSQ_TOK_IDENT || t[n].kind == HWSQ_TOK_NUM ||
	       hwsq_tok_is(&t[n], "-")) {
		if (n > 0 && t[n].text != t[n - 1].text + t[n - 1].len)
			break;
		*len += t[n].len;
		n++;
	}
	return n;
}

static bool word_is(struct runner *r, const char *w)
{
	size_t len, n = word_span(r, &len);
	if (!n || t_hash(r) || len != strlen(w) || strncmp(tok(r)->text, w, len) != 0)
		return false;
	r->toks.pos += n;
	return true;
}

static bool expect_end(struct runner *r)
{
	if (tok(r)->kind == HWSQ_TOK_END)
		return true;
	char *found = hwsq_tok_dup(tok(r));
	bail(r, tok(r)->col, "expected the end of the line, found '%s'", found);
	free(found);
	return false;
}

static bool number(struct runner *r, uint64_t *v)
{
	char *err;
	unsigned col;
	if (hwsq_expr(&r->toks, v, &err, &col))
		return true;
	bail(r, col, "%s", err);
	free(err);
	return false;
}

static bool time_value(struct runner *r, uint64_t *ns)
{
	static const struct {
		const char *unit;
		uint64_t ns;
	} units[] = {{"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000}};
	uint64_t v;
	if (!number(r, &v))
		return false;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(units); i++) {
		if (word_is(r, units[i].unit)) {
			*ns = v * units[i].ns;
			return true;
		}
	}
	bail(r, tok(r)->col, "expected a time unit (ns, us, ms or s)");
	return false;
}

static bool need_chip(struct runner *r)
{
	if (r->have_chip)
		return true;
	bail(r, 1, "no 'chip' line before this one");
	return false;
}

static struct hwsq_names *names(struct runner *r)
{
	if (!r->names_ready) {
		if (!r->db_tried) {
			char *why = NULL;
			r->db = hwsq_names_open_db(r->o->rnndb, &why);
			free(why);
			r->db_tried = true;
		}
		hwsq_names_init(&r->names, r->db, r->family);
		r->names_ready = true;
	}
	return &r->names;
}

/* A flag, event or register: a database name (with or without '#'), one
 * of the sequencer's own registers by its name, or a number. */
static const struct {
	const char *name;
	uint32_t addr;
} own_regs[] = {
	{"DEBUG_6", HWSQ_MMIO_DEBUG_6},       {"ENTRY_POINT", HWSQ_MMIO_ENTRY_POINT},
	{"STATUS", HWSQ_MMIO_STATUS},         {"TRIGGER", HWSQ_MMIO_TRIGGER},
	{"FLAGS_0", HWSQ_MMIO_FLAGS_0},       {"FLAGS_1", HWSQ_MMIO_FLAGS_1},
	{"ENTRY_POINT_HIGH", HWSQ_MMIO_ENTRY_POINT_HIGH}, {"EVENTS", HWSQ_MMIO_EVENTS},
};

static bool named(struct runner *r, enum hwsq_name_kind kind, uint64_t *v)
{
	struct hwsq_tok *t = tok(r);
	if (t->kind != HWSQ_TOK_IDENT)
		return number(r, v);
	char *name = hwsq_tok_dup(t);
	r->toks.pos++;
	bool ok = false;
	if (kind == HWSQ_NAME_REG) {
		for (size_t i = 0; i < UTIL_ARRAY_SIZE(own_regs) && !ok; i++)
			if (strcmp(own_regs[i].name, name) == 0)
				*v = own_regs[i].addr, ok = true;
	}
	if (!ok && need_chip(r))
		ok = hwsq_names_lookup(names(r), kind, name, v);
	if (!ok && !r->bailed) {
		struct util_str why = {0};
		hwsq_names_suggest(names(r), kind, name, &why);
		bail(r, t->col, "unknown %s '%s'%s", hwsq_name_kind_text(kind), name,
		     why.text ? why.text : "");
		util_str_free(&why);
	}
	free(name);
	return ok;
}

static bool slot_word(struct runner *r, enum hwsq_slot *slot)
{
	*slot = HWSQ_SLOT_A;
	if (!word_is(r, "slot"))
		return true;
	if (word_is(r, "a") || word_is(r, "A"))
		return true;
	if (word_is(r, "b") || word_is(r, "B")) {
		*slot = HWSQ_SLOT_B;
		if (hwsq_family_info(r->family)->slots > 1)
			return true;
		bail(r, tok(r)->col, "%s has one slot", hwsq_family_info(r->family)->range);
		return false;
	}
	bail(r, tok(r)->col, "expected slot a or slot b");
	return false;
}

/* ---- loading code ----------------------------------------------------------- */

static void trace(void *ctx, const struct hwsq_emu_step *st)
{
	struct runner *r = ctx;
	char when[32];
	format_time(when, sizeof when, st->time_ns);
	fprintf(r->out, "# slot %c 0x%03x at %s: %s\n", st->slot == HWSQ_SLOT_A ? 'A' : 'B', st->ip,
		when, st->insn.opcode ? st->insn.opcode->name : "illegal opcode");
}

static void new_emu(struct runner *r)
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

static void set_bytes(struct runner *r, const uint8_t *bytes, size_t size);

/* Raw bytes, not compiled here: no labels, every entry point at 0. */
static void load_raw(struct runner *r, const uint8_t *bytes, size_t size)
{
	hwsq_program_free(&r->program);
	r->have_program = false;
	memset(r->entries, 0, sizeof r->entries);
	set_bytes(r, bytes, size);
}

static void set_bytes(struct runner *r, const uint8_t *bytes, size_t size)
{
	free(r->image);
	r->image = util_xmalloc(size ? size : 1);
	if (size)
		memcpy(r->image, bytes, size);
	r->image_size = size;
	new_emu(r);
}

static void use_program(struct runner *r)
{
	uint8_t ram[0x200];
	hwsq_image(&r->program, ram);
	r->have_program = true;
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++)
		r->entries[n] = hwsq_program_entry(&r->program, n);
	set_bytes(r, ram, hwsq_family_info(r->family)->ram_size);
}

static void print_diag(struct runner *r, const struct diag *d)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	diag_print(d, mem, "hwsq-emu");
	fclose(mem);
	for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
		fprintf(r->out, "# %s\n", line);
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
static char *find_path(struct runner *r, const char *written)
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

/* Splits the rest of a line into words at white space. */
static size_t words(char *s, char **w, size_t max)
{
	size_t n = 0;
	for (char *p = strtok(s, " \t"); p && n < max; p = strtok(NULL, " \t"))
		w[n++] = p;
	return n;
}

/* source PATH [-D NAME[=VALUE]]... [-I DIR]... */
static void cmd_source(struct runner *r, const char *rest)
{
	if (!need_chip(r))
		return;
	char *copy = util_xstrdup(rest);
	char *w[64];
	size_t n = words(copy, w, UTIL_ARRAY_SIZE(w));
	const char *defines[32], *includes[32];
	struct hwsq_source_options so = {includes, 0, defines, 0};
	char *path = NULL;
	char *owned[64];
	size_t owned_count = 0;
	for (size_t i = 0; i < n && !r->bailed; i++) {
		bool d = strncmp(w[i], "-D", 2) == 0, inc = strncmp(w[i], "-I", 2) == 0;
		if (d || inc) {
			const char *arg = w[i][2] ? w[i] + 2 : (i + 1 < n ? w[++i] : NULL);
			if (!arg || so.define_count >= 32 || so.include_count >= 32) {
				bail(r, 1, "bad option '%s' of source", w[i]);
				break;
			}
			if (d)
				defines[so.define_count++] = arg;
			else
				includes[so.include_count++] = owned[owned_count++] = find_path(r, arg);
		} else if (!path) {
			path = owned[owned_count++] = find_path(r, w[i]);
		} else {
			bail(r, 1, "source takes one file, found '%s' too", w[i]);
		}
	}
	if (!path && !r->bailed)
		bail(r, 1, "source needs a file");
	if (!r->bailed) {
		struct diag d;
		diag_init(&d);
		struct hwsq_as_options ao = {r->family, names(r)};
		hwsq_program_free(&r->program);
		if (hwsq_compile_file(path, &so, &ao, &r->program, &d)) {
			use_program(r);
		} else {
			print_diag(r, &d);
			bail(r, 1, "%s does not compile for %s", path, hwsq_family_info(r->family)->name);
		}
		diag_free(&d);
	}
	for (size_t i = 0; i < owned_count; i++)
		free(owned[i]);
	free(copy);
}

static void cmd_image(struct runner *r, const char *rest)
{
	if (!need_chip(r))
		return;
	char *copy = util_xstrdup(rest);
	char *w[2];
	if (words(copy, w, 2) != 1) {
		bail(r, 1, "image takes one file");
		free(copy);
		return;
	}
	char *path = find_path(r, w[0]);
	uint8_t *data;
	size_t len;
	int err = util_read_file(path, &data, &len);
	if (err) {
		bail(r, 1, "cannot read %s: %s", path, strerror(err));
	} else if (len > hwsq_family_info(r->family)->ram_size) {
		bail(r, 1, "%s is 0x%zx bytes, more than %s code RAM", path, len,
		     hwsq_family_info(r->family)->range);
	} else {
		load_raw(r, data, len);
	}
	if (!err)
		free(data);
	free(path);
	free(copy);
}

static void cmd_bytes(struct runner *r, const char *rest)
{
	if (!need_chip(r))
		return;
	char *copy = util_xstrdup(rest);
	char *w[0x200];
	size_t n = words(copy, w, UTIL_ARRAY_SIZE(w));
	uint8_t bytes[0x200];
	for (size_t i = 0; i < n && !r->bailed; i++) {
		char *end;
		unsigned long b = strtoul(w[i], &end, 16);
		if (*end || b > 0xff || !*w[i])
			bail(r, 1, "expected hex bytes, found '%s'", w[i]);
		bytes[i] = (uint8_t)b;
	}
	if (!r->bailed && n > hwsq_family_info(r->family)->ram_size)
		bail(r, 1, "0x%zx bytes do not fit %s code RAM", n, hwsq_family_info(r->family)->range);
	if (!r->bailed)
		load_raw(r, bytes, n);
	free(copy);
}

/* code ... end: source compiled as it is (no cpp or m4). */
static void cmd_code(struct runner *r, FILE *in, char **buf, size_t *cap)
{
	if (!need_chip(r))
		return;
	struct util_str text = {0};
	util_str_printf(&text, "# %u \"%s\"\n", r->line_no + 1, r->path);
	unsigned start = r->line_no;
	for (;;) {
		ssize_t n = getline(buf, cap, in);
		if (n < 0) {
			r->line_no = start;
			bail(r, 1, "'code' has no 'end'");
			util_str_free(&text);
			return;
		}
		r->line_no++;
		char *l = *buf;
		while (*l == ' ' || *l == '\t')
			l++;
		if (strncmp(l, "end", 3) == 0 && (l[3] == '\n' || l[3] == '\0' || l[3] == ' '))
			break;
		util_str_puts(&text, *buf);
	}
	struct diag d;
	diag_init(&d);
	struct hwsq_as_options ao = {r->family, names(r)};
	hwsq_program_free(&r->program);
	if (hwsq_assemble(text.text, r->path, &ao, &r->program, &d)) {
		use_program(r);
	} else {
		print_diag(r, &d);
		bail(r, 1, "the code block does not compile for %s", hwsq_family_info(r->family)->name);
	}
	diag_free(&d);
	util_str_free(&text);
}

/* upload FILE: performs the MMIO writes of an hwsq-as --emit upload
 * file (wr32 ADDR, VALUE and mask ADDR, MASK, VALUE), as a driver would. */
static void cmd_upload(struct runner *r, const char *rest)
{
	if (!need_chip(r))
		return;
	char *copy = util_xstrdup(rest);
	char *w[2];
	char *path = words(copy, w, 2) == 1 ? find_path(r, w[0]) : NULL;
	free(copy);
	FILE *in = path ? fopen(path, "r") : NULL;
	if (!in) {
		bail(r, 1, path ? "cannot read %s" : "upload takes one file%s", path ? path : "");
		free(path);
		return;
	}
	if (!r->emu || !r->image)
		load_raw(r, NULL, 0);
	char *buf = NULL;
	size_t cap = 0;
	struct hwsq_toks toks = {0};
	for (unsigned line = 1; !r->bailed && getline(&buf, &cap, in) >= 0; line++) {
		unsigned bad;
		uint64_t v[3];
		char *err = NULL;
		unsigned col;
		if (!hwsq_lex(buf, &toks, &bad) || toks.items[0].kind == HWSQ_TOK_END)
			continue;
		bool mask = hwsq_tok_is(&toks.items[0], "mask");
		unsigned want = mask ? 3 : 2;
		bool ok = mask || hwsq_tok_is(&toks.items[0], "wr32");
		toks.pos = 1;
		for (unsigned i = 0; ok && i < want; i++) {
			ok = hwsq_expr(&toks, &v[i], &err, &col) &&
			     (i + 1 == want || hwsq_tok_is(&toks.items[toks.pos++], ","));
		}
		free(err);
		if (!ok) {
			bail(r, 1, "%s:%u: expected wr32 ADDR, VALUE or mask ADDR, MASK, VALUE", path,
			     line);
			break;
		}
		uint32_t value = (uint32_t)v[want - 1];
		if (mask)
			value = (hwsq_emu_mmio_read(r->emu, (uint32_t)v[0]) & ~(uint32_t)v[1]) |
				(value & (uint32_t)v[1]);
		hwsq_emu_mmio_write(r->emu, (uint32_t)v[0], value);
	}
	hwsq_toks_free(&toks);
	free(buf);
	fclose(in);
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

/* ---- driving the sequencer ------------------------------------------------- */

static bool need_code(struct runner *r)
{
	if (!need_chip(r))
		return false;
	if (r->image)
		return true;
	bail(r, 1, "no code loaded: use source, image, code or bytes first");
	return false;
}

/* entry N ADDRESS|LABEL */
static void cmd_entry(struct runner *r)
{
	uint64_t n, addr;
	if (!need_code(r) || !number(r, &n))
		return;
	if (n >= HWSQ_ENTRY_COUNT) {
		bail(r, 1, "entry point %llu out of range (0 to 3)", (unsigned long long)n);
		return;
	}
	struct hwsq_tok *t = tok(r);
	if (t->kind == HWSQ_TOK_IDENT) {
		char *name = hwsq_tok_dup(t);
		bool found = false;
		for (size_t i = 0; i < r->program.label_count && !found; i++)
			if (strcmp(r->program.labels[i].name, name) == 0)
				addr = r->program.labels[i].addr, found = true;
		if (!found)
			bail(r, t->col, "no label '%s' in the loaded code", name);
		free(name);
		r->toks.pos++;
		if (!found)
			return;
	} else if (!number(r, &addr)) {
		return;
	}
	if (!expect_end(r))
		return;
	if (!hwsq_emu_set_entry(r->emu, (unsigned)n, (uint32_t)addr))
		bail(r, 1, "0x%llx does not fit ENTRY_POINT on %s", (unsigned long long)addr,
		     hwsq_family_info(r->family)->range);
	else
		r->entries[n] = (uint32_t)addr;
}

static void cmd_start(struct runner *r)
{
	uint64_t entry = 0;
	enum hwsq_slot slot;
	if (!need_code(r))
		return;
	if (tok(r)->kind == HWSQ_TOK_NUM && !number(r, &entry))
		return;
	if (entry >= HWSQ_ENTRY_COUNT) {
		bail(r, 1, "entry point %llu out of range (0 to 3)", (unsigned long long)entry);
		return;
	}
	if (slot_word(r, &slot) && expect_end(r))
		hwsq_emu_start(r->emu, slot, (unsigned)entry);
}

static void cmd_run(struct runner *r)
{
	uint64_t until = HWSQ_EMU_FOREVER, t;
	if (!need_code(r))
		return;
	if (word_is(r, "until")) {
		if (!time_value(r, &until))
			return;
	} else if (word_is(r, "for")) {
		if (!time_value(r, &t))
			return;
		until = hwsq_emu_time_ns(r->emu) + t;
	}
	if (!expect_end(r))
		return;
	r->last_stop = hwsq_emu_run(r->emu, until);
	r->have_stop = true;
	char when[32];
	format_time(when, sizeof when, hwsq_emu_time_ns(r->emu));
	fprintf(r->out, "# run stopped: %s at %s\n", hwsq_emu_stop_name(r->last_stop), when);
}

/* event NAME VALUE [at TIME] */
static void cmd_event(struct runner *r)
{
	uint64_t ev, value, at = 0;
	if (!need_code(r) || !named(r, HWSQ_NAME_EVENT, &ev) || !number(r, &value))
		return;
	bool later = word_is(r, "at");
	if (later && !time_value(r, &at))
		return;
	if (!expect_end(r))
		return;
	if (ev >= HWSQ_EVENT_COUNT || value > 1) {
		bail(r, 1, "events are 0 to 31 and take the value 0 or 1");
		return;
	}
	if (later)
		hwsq_emu_schedule_event(r->emu, (unsigned)ev, value != 0, at);
	else
		hwsq_emu_set_event(r->emu, (unsigned)ev, value != 0);
}

static bool on_off(struct runner *r, bool *on)
{
	if (word_is(r, "on") || word_is(r, "1"))
		*on = true;
	else if (word_is(r, "off") || word_is(r, "0"))
		*on = false;
	else {
		bail(r, tok(r)->col, "expected on or off");
		return false;
	}
	return true;
}

/* ---- checks ------------------------------------------------------------------- */

static const char *const flag_state_names[] = {"unset", "on", "off"};

static void expect_write(struct runner *r)
{
	uint64_t addr, value, at = 0;
	if (!named(r, HWSQ_NAME_REG, &addr) || !number(r, &value))
		return;
	bool timed = word_is(r, "at");
	if (timed && !time_value(r, &at))
		return;
	if (!expect_end(r))
		return;
	char want_time[32] = "", got[96] = "no more writes";
	if (timed) {
		strcpy(want_time, " at ");
		format_time(want_time + 4, sizeof want_time - 4, at);
	}
	const struct hwsq_emu_write *w = hwsq_emu_write_at(r->emu, r->next_write);
	bool pass = false;
	if (w) {
		char when[32];
		format_time(when, sizeof when, w->time_ns);
		snprintf(got, sizeof got, "write 0x%06x <- 0x%08x at %s", w->addr, w->value, when);
		pass = w->addr == addr && w->value == value && (!timed || w->time_ns == at);
		r->next_write++;
	}
	check(r, pass, got, "write %zu: 0x%06llx <- 0x%08llx%s", r->next_write,
	      (unsigned long long)addr, (unsigned long long)value, want_time);
}

static void expect_flag(struct runner *r)
{
	uint64_t flag;
	if (!named(r, HWSQ_NAME_FLAG, &flag))
		return;
	int want = -1;
	for (int i = 0; i < 3; i++)
		if (word_is(r, flag_state_names[i]))
			want = i;
	if (want < 0) {
		bail(r, tok(r)->col, "expected on, off or unset");
		return;
	}
	if (!expect_end(r))
		return;
	enum hwsq_flag_state s = hwsq_emu_flag(r->emu, (unsigned)flag);
	check(r, (int)s == want, flag_state_names[s], "flag %llu is %s", (unsigned long long)flag,
	      flag_state_names[want]);
}

static void expect_value(struct runner *r, const char *what, uint64_t got_value)
{
	uint64_t want;
	if (!number(r, &want) || !expect_end(r))
		return;
	char got[32];
	snprintf(got, sizeof got, "0x%llx", (unsigned long long)got_value);
	check(r, got_value == want, got, "%s is 0x%llx", what, (unsigned long long)want);
}

/* How many bytes of code RAM the loaded code uses: the compiled size, or
 * for a plain image up to the last instruction that is not an exit, plus
 * one exit. */
static size_t used_bytes(struct runner *r)
{
	return hwsq_image_used(r->family, r->image, (uint32_t)r->image_size);
}

static void expect_fits(struct runner *r)
{
	if (!expect_end(r))
		return;
	const struct hwsq_family_info *fam = hwsq_family_info(r->family);
	size_t used = used_bytes(r);
	check(r, used <= fam->ram_size, NULL,
	      "fits %s code RAM: 0x%zx of 0x%x bytes used, 0x%zx (%zu) left", fam->range, used,
	      fam->ram_size, fam->ram_size - used, fam->ram_size - used);
}

static void expect_greedy(struct runner *r)
{
	if (!expect_end(r))
		return;
	if (!r->have_program) {
		bail(r, 1, "greedy-bound needs code compiled here (source or code)");
		return;
	}
	struct hwsq_stats s;
	hwsq_program_stats(&r->program, &s);
	bool delays_ok = true;
	for (size_t i = 0; i < r->program.action_count; i++) {
		const struct hwsq_action *a = &r->program.actions[i];
		if (a->kind == HWSQ_ACT_DELAY && a->encoded_us * 1000 < a->requested_ns)
			delays_ok = false;
	}
	check(r, s.bytes <= s.greedy_bytes && delays_ok, NULL,
	      "0x%zx bytes against 0x%zx greedy; delays %llu ns asked, %llu us encoded",
	      s.bytes, s.greedy_bytes, (unsigned long long)s.requested_ns,
	      (unsigned long long)s.encoded_us);
}

/* expect image PATH: the loaded code is that file, byte for byte. */
static void expect_image(struct runner *r, const char *rest)
{
	if (!need_code(r))
		return;
	char *copy = util_xstrdup(rest);
	char *w[2];
	if (words(copy, w, 2) != 1) {
		bail(r, 1, "expect image takes one file");
		free(copy);
		return;
	}
	char *path = find_path(r, w[0]);
	uint8_t *data;
	size_t len;
	int err = util_read_file(path, &data, &len);
	char got[64] = "the same bytes";
	bool same = !err && len == r->image_size && memcmp(data, r->image, len) == 0;
	if (err)
		snprintf(got, sizeof got, "%s", strerror(err));
	else if (!same)
		snprintf(got, sizeof got, "0x%zx bytes that differ", len);
	check(r, same, got, "the code is %s", w[0]);
	if (!err)
		free(data);
	free(path);
	free(copy);
}

static void cmd_expect(struct runner *r)
{
	if (!need_code(r))
		return;
	enum hwsq_slot slot;
	if (word_is(r, "write")) {
		expect_write(r);
	} else if (word_is(r, "no-more-writes")) {
		if (!expect_end(r))
			return;
		size_t left = hwsq_emu_write_count(r->emu) - r->next_write;
		char got[64];
		snprintf(got, sizeof got, "%zu more", left);
		check(r, left == 0, got, "no writes after the %zu checked", r->next_write);
	} else if (word_is(r, "writes")) {
		expect_value(r, "the number of writes", hwsq_emu_write_count(r->emu));
	} else if (word_is(r, "flag")) {
		expect_flag(r);
	} else if (word_is(r, "reg")) {
		uint64_t addr;
		if (named(r, HWSQ_NAME_REG, &addr)) {
			char what[48];
			snprintf(what, sizeof what, "register 0x%06llx", (unsigned long long)addr);
			expect_value(r, what, hwsq_emu_mmio_read(r->emu, (uint32_t)addr));
		}
	} else if (word_is(r, "time")) {
		uint64_t want;
		if (!time_value(r, &want) || !expect_end(r))
			return;
		char got[32], w[32];
		format_time(got, sizeof got, hwsq_emu_time_ns(r->emu));
		format_time(w, sizeof w, want);
		check(r, hwsq_emu_time_ns(r->emu) == want, got, "elapsed time is %s", w);
	} else if (word_is(r, "stop")) {
		size_t len;
		size_t n = word_span(r, &len);
		char *want = util_xstrndup(tok(r)->text, len);
		r->toks.pos += n;
		if (expect_end(r)) {
			const char *got = r->have_stop ? hwsq_emu_stop_name(r->last_stop) : "no run yet";
			check(r, strcmp(got, want) == 0, got, "the run stopped: %s", want);
		}
		free(want);
	} else if (word_is(r, "ip")) {
		if (slot_word(r, &slot))
			expect_value(r, "the IP", hwsq_emu_ip(r->emu, slot));
	} else if (word_is(r, "active")) {
		if (slot_word(r, &slot))
			expect_value(r, "the slot's ACTIVE bit", hwsq_emu_active(r->emu, slot));
	} else if (word_is(r, "event")) {
		uint64_t ev;
		if (named(r, HWSQ_NAME_EVENT, &ev))
			expect_value(r, "the event", hwsq_emu_event(r->emu, (unsigned)ev));
	} else if (word_is(r, "fits")) {
		expect_fits(r);
	} else if (word_is(r, "size")) {
		expect_value(r, "the code size", used_bytes(r));
	} else if (word_is(r, "free")) {
		expect_value(r, "the free code RAM", hwsq_family_info(r->family)->ram_size - used_bytes(r));
	} else if (word_is(r, "greedy-bound")) {
		expect_greedy(r);

	} else {
		char *found = hwsq_tok_dup(tok(r));
		bail(r, tok(r)->col, "unknown check '%s'", found);
		free(found);
	}
}

/* ---- the command table ------------------------------------------------------ */

static void cmd_chip(struct runner *r)
{
	char *name = hwsq_tok_dup(tok(r));
	r->toks.pos++;
	if (!hwsq_family_parse(name, &r->family))
		bail(r, tok(r)->col, "unknown chip '%s' (nv17, nv41, nv50 or nv92)", name);
	free(name);
	if (r->bailed || !expect_end(r))
		return;
	r->have_chip = true;
	if (r->names_ready)
		hwsq_names_free(&r->names);
	r->names_ready = false;
	free(r->image);
	r->image = NULL;
	r->image_size = 0;
	new_emu(r);
}

static void cmd_simple(struct runner *r, const char *word)
{
	bool on;
	uint64_t v, w;
	enum hwsq_slot slot;
	if (strcmp(word, "chip") == 0) {
		cmd_chip(r);
	} else if (!need_code(r)) {
		return;
	} else if (strcmp(word, "entry") == 0) {
		cmd_entry(r);
	} else if (strcmp(word, "start") == 0) {
		cmd_start(r);
	} else if (strcmp(word, "run") == 0) {
		cmd_run(r);
	} else if (strcmp(word, "event") == 0) {
		cmd_event(r);
	} else if (strcmp(word, "expect") == 0) {
		cmd_expect(r);
	} else if (strcmp(word, "abort") == 0) {
		if (slot_word(r, &slot) && expect_end(r))
			hwsq_emu_abort(r->emu, slot);
	} else if (strcmp(word, "enable") == 0) {
		if (on_off(r, &on) && expect_end(r))
			hwsq_emu_set_enable(r->emu, on);
	} else if (strcmp(word, "handshake") == 0) {
		uint64_t latency = 0;
		if (!on_off(r, &on) || (tok(r)->kind == HWSQ_TOK_NUM && !time_value(r, &latency)))
			return;
		if (expect_end(r))
			hwsq_emu_set_handshake(r->emu, on, latency);
	} else if (strcmp(word, "quirk") == 0) {
		if (!word_is(r, "abort-in-wait")) {
			bail(r, tok(r)->col, "the only quirk is abort-in-wait");
			return;
		}
		if (on_off(r, &on) && expect_end(r))
			hwsq_emu_set_abort_quirk(r->emu, on);
	} else if (strcmp(word, "mmio") == 0) {
		if (named(r, HWSQ_NAME_REG, &v) && number(r, &w) && expect_end(r))
			hwsq_emu_mmio_write(r->emu, (uint32_t)v, (uint32_t)w);
	} else if (strcmp(word, "reset") == 0) {
		if (expect_end(r))
			new_emu(r);
	} else {
		bail(r, 1, "unknown command '%s'", word);
	}
}

static void one_line(struct runner *r, char *line, FILE *in, char **buf, size_t *cap)
{
	char *p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '#' || *p == ';' || *p == '\n' || *p == '\0')
		return;
	char *nl = strchr(p, '\n');
	if (nl)
		*nl = '\0';
	r->line = p;
	size_t n = strcspn(p, " \t");
	char *word = util_xstrndup(p, n);
	const char *rest = p + n;
	if (strcmp(word, "source") == 0) {
		cmd_source(r, rest);
	} else if (strcmp(word, "image") == 0) {
		cmd_image(r, rest);
	} else if (strcmp(word, "bytes") == 0) {
		cmd_bytes(r, rest);
	} else if (strcmp(word, "code") == 0) {
		cmd_code(r, in, buf, cap);
	} else if (strcmp(word, "upload") == 0) {
		cmd_upload(r, rest);
	} else if (strcmp(word, "expect") == 0 && strncmp(rest + strspn(rest, " \t"), "image", 5) == 0 &&
		   (rest[strspn(rest, " \t") + 5] == ' ' || rest[strspn(rest, " \t") + 5] == '\t')) {
		expect_image(r, rest + strspn(rest, " \t") + 5);
	} else {
		unsigned bad;
		if (!hwsq_lex(rest, &r->toks, &bad))
			bail(r, (unsigned)(rest - line) + bad, "unexpected character");
		else
			cmd_simple(r, word);
	}
	free(word);
}

int hwsq_emutest_run(const char *path, const struct hwsq_emutest_options *o, FILE *out)
{
	struct runner r = {.o = o, .out = out, .path = path};
	FILE *in = fopen(path, "r");
	if (!in) {
		fprintf(out, "Bail out! cannot open %s: %s\n", path, strerror(errno));
		return 1;
	}
	char *buf = NULL;
	size_t cap = 0;
	while (!r.bailed && getline(&buf, &cap, in) >= 0) {
		r.line_no++;
		one_line(&r, buf, in, &buf, &cap);
	}
	free(buf);
	fclose(in);
	if (!r.bailed)
		fprintf(out, "1..%d\n", r.run);
	hwsq_emu_free(r.emu);
	hwsq_program_free(&r.program);
	free(r.image);
	hwsq_toks_free(&r.toks);
	if (r.names_ready)
		hwsq_names_free(&r.names);
	hwsq_names_close_db(r.db);
	return r.bailed || r.failed ? 1 : 0;
}
