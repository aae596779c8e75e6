/* The emulator's test files (*.hemu): a script of commands that load
 * code, drive the sequencer and check what it did, printing TAP. The
 * format is described in docs/hwsq.md. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/emutest.h"

/* ---- TAP --------------------------------------------------------------- */

static void drop(void *ctx, const char *text)
{
	(void)ctx;
	(void)text;
}

void hwsq_test_bail(struct hwsq_test *r, unsigned col, const char *fmt, ...)
{
	struct util_str msg = {0};
	va_list ap;
	va_start(ap, fmt);
	util_str_vprintf(&msg, fmt, ap);
	va_end(ap);
	const char *text = msg.text ? msg.text : "";
	r->line_failed = true;
	emutest_error(r->diag, r->path, r->line_no, col, r->raw_line, "%s", text);
	if (!r->first_error) {
		r->first_error = util_xasprintf("%s:%u:%u: %s", r->path, r->line_no, col, text);
		r->real_tap = r->tap;
		tap_init_write(&r->tap, drop, NULL);
	}
	util_str_free(&msg);
}

void hwsq_test_check(struct hwsq_test *r, bool pass, const char *got, const char *fmt, ...)
{
	struct util_str name = {0};
	va_list ap;
	va_start(ap, fmt);
	util_str_vprintf(&name, fmt, ap);
	va_end(ap);
	char *why = got ? util_xasprintf("       got: %s", got) : NULL;
	tap_result(&r->tap, pass, r->path, (int)r->line_no, r->line, why, "%s",
		   name.text ? name.text : "");
	free(why);
	util_str_free(&name);
}

void hwsq_test_format_time(char *buf, size_t size, uint64_t ns)
{
	if (ns % 1000 == 0)
		snprintf(buf, size, "%lluus", (unsigned long long)(ns / 1000));
	else
		snprintf(buf, size, "%lluns", (unsigned long long)ns);
}

/* ---- operands ----------------------------------------------------------- */

struct hwsq_tok *hwsq_test_tok(struct hwsq_test *r)
{
	return &r->toks.items[r->toks.pos];
}

static bool t_hash(struct hwsq_test *r)
{
	return hwsq_test_tok(r)->hash;
}

/* The word at the cursor: tokens written together, so that "mmio-hang"
 * and "no-more-writes" are one word. Returns how many tokens it spans. */
size_t hwsq_test_word_span(struct hwsq_test *r, size_t *len)
{
	size_t n = 0;
	*len = 0;
	const struct hwsq_tok *t = hwsq_test_tok(r);
	while (t[n].kind == HWSQ_TOK_IDENT || t[n].kind == HWSQ_TOK_NUM ||
	       hwsq_tok_is(&t[n], "-")) {
		if (n > 0 && t[n].text != t[n - 1].text + t[n - 1].len)
			break;
		*len += t[n].len;
		n++;
	}
	return n;
}

bool hwsq_test_word_is(struct hwsq_test *r, const char *w)
{
	size_t len, n = hwsq_test_word_span(r, &len);
	if (!n || t_hash(r) || len != strlen(w) || strncmp(hwsq_test_tok(r)->text, w, len) != 0)
		return false;
	r->toks.pos += n;
	return true;
}

bool hwsq_test_expect_end(struct hwsq_test *r)
{
	if (hwsq_test_tok(r)->kind == HWSQ_TOK_END)
		return true;
	char *found = hwsq_tok_dup(hwsq_test_tok(r));
	hwsq_test_bail(r, hwsq_test_tok(r)->col, "expected the end of the line, found '%s'", found);
	free(found);
	return false;
}

bool hwsq_test_number(struct hwsq_test *r, uint64_t *v)
{
	char *err;
	unsigned col;
	if (hwsq_expr(&r->toks, v, &err, &col))
		return true;
	hwsq_test_bail(r, col, "%s", err);
	free(err);
	return false;
}

bool hwsq_test_time_value(struct hwsq_test *r, uint64_t *ns)
{
	static const struct {
		const char *unit;
		uint64_t ns;
	} units[] = {{"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000}};
	uint64_t v;
	unsigned col = hwsq_test_tok(r)->col;
	if (!hwsq_test_number(r, &v))
		return false;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(units); i++) {
		if (!hwsq_test_word_is(r, units[i].unit))
			continue;
		if ((int64_t)v < 0 || v > INT64_MAX / units[i].ns) {
			/* expressions are signed; PTIMER time is 64-bit nanoseconds */
			hwsq_test_bail(r, col, "expected a time from 0 to %lld%s, found %lld%s",
				       (long long)(INT64_MAX / units[i].ns), units[i].unit,
				       (long long)v, units[i].unit);
			return false;
		}
		*ns = v * units[i].ns;
		return true;
	}
	hwsq_test_bail(r, hwsq_test_tok(r)->col, "expected a time unit (ns, us, ms or s)");
	return false;
}

bool hwsq_test_need_chip(struct hwsq_test *r)
{
	if (r->have_chip)
		return true;
	if (r->load_failed)
		r->line_failed = true; /* the failed chip or code line said it all */
	else
		hwsq_test_bail(r, 1, "no 'chip' line before this one");
	return false;
}

struct hwsq_names *hwsq_test_names(struct hwsq_test *r)
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
	{"DEBUG_6", HWSQ_MMIO_DEBUG_6},
	{"ENTRY_POINT", HWSQ_MMIO_ENTRY_POINT},
	{"STATUS", HWSQ_MMIO_STATUS},
	{"TRIGGER", HWSQ_MMIO_TRIGGER},
	{"FLAGS_0", HWSQ_MMIO_FLAGS_0},
	{"FLAGS_1", HWSQ_MMIO_FLAGS_1},
	{"ENTRY_POINT_HIGH", HWSQ_MMIO_ENTRY_POINT_HIGH},
	{"EVENTS", HWSQ_MMIO_EVENTS},
};

bool hwsq_test_named(struct hwsq_test *r, enum hwsq_name_kind kind, uint64_t *v)
{
	struct hwsq_tok *t = hwsq_test_tok(r);
	if (t->kind != HWSQ_TOK_IDENT)
		return hwsq_test_number(r, v);
	char *name = hwsq_tok_dup(t);
	r->toks.pos++;
	bool ok = false;
	if (kind == HWSQ_NAME_REG) {
		for (size_t i = 0; i < UTIL_ARRAY_SIZE(own_regs) && !ok; i++)
			if (strcmp(own_regs[i].name, name) == 0)
				*v = own_regs[i].addr, ok = true;
	}
	if (!ok && hwsq_test_need_chip(r))
		ok = hwsq_names_lookup(hwsq_test_names(r), kind, name, v);
	if (!ok && !r->line_failed) {
		struct util_str why = {0};
		hwsq_names_suggest(hwsq_test_names(r), kind, name, &why);
		hwsq_test_bail(r, t->col, "unknown %s '%s'%s", hwsq_name_kind_text(kind), name,
			       why.text ? why.text : "");
		util_str_free(&why);
	}
	free(name);
	return ok;
}

bool hwsq_test_slot_word(struct hwsq_test *r, enum hwsq_slot *slot)
{
	*slot = HWSQ_SLOT_A;
	if (!hwsq_test_word_is(r, "slot"))
		return true;
	if (hwsq_test_word_is(r, "a") || hwsq_test_word_is(r, "A"))
		return true;
	if (hwsq_test_word_is(r, "b") || hwsq_test_word_is(r, "B")) {
		*slot = HWSQ_SLOT_B;
		if (hwsq_family_info(r->family)->slots > 1)
			return true;
		hwsq_test_bail(r, hwsq_test_tok(r)->col, "%s has one slot",
			       hwsq_family_info(r->family)->range);
		return false;
	}
	hwsq_test_bail(r, hwsq_test_tok(r)->col, "expected slot a or slot b");
	return false;
}

/* ---- driving the sequencer ------------------------------------------------- */

bool hwsq_test_need_code(struct hwsq_test *r)
{
	if (!hwsq_test_need_chip(r))
		return false;
	if (r->image)
		return true;
	if (r->load_failed)
		r->line_failed = true;
	else
		hwsq_test_bail(r, 1, "no code loaded: use source, image, code or bytes first");
	return false;
}

/* entry N ADDRESS|LABEL */
static void cmd_entry(struct hwsq_test *r)
{
	uint64_t n, addr;
	if (!hwsq_test_need_code(r) || !hwsq_test_number(r, &n))
		return;
	if (n >= HWSQ_ENTRY_COUNT) {
		hwsq_test_bail(r, 1, "entry point %llu out of range (0 to 3)",
			       (unsigned long long)n);
		return;
	}
	struct hwsq_tok *t = hwsq_test_tok(r);
	if (t->kind == HWSQ_TOK_IDENT) {
		char *name = hwsq_tok_dup(t);
		bool found = false;
		for (size_t i = 0; i < r->program.label_count && !found; i++)
			if (strcmp(r->program.labels[i].name, name) == 0)
				addr = r->program.labels[i].addr, found = true;
		if (!found)
			hwsq_test_bail(r, t->col, "no label '%s' in the loaded code", name);
		free(name);
		r->toks.pos++;
		if (!found)
			return;
	} else if (!hwsq_test_number(r, &addr)) {
		return;
	}
	if (!hwsq_test_expect_end(r))
		return;
	if (!hwsq_emu_set_entry(r->emu, (unsigned)n, (uint32_t)addr))
		hwsq_test_bail(r, 1, "0x%llx does not fit ENTRY_POINT on %s",
			       (unsigned long long)addr, hwsq_family_info(r->family)->range);
	else
		r->entries[n] = (uint32_t)addr;
}

static void cmd_start(struct hwsq_test *r)
{
	uint64_t entry = 0;
	enum hwsq_slot slot;
	if (!hwsq_test_need_code(r))
		return;
	if (hwsq_test_tok(r)->kind == HWSQ_TOK_NUM && !hwsq_test_number(r, &entry))
		return;
	if (entry >= HWSQ_ENTRY_COUNT) {
		hwsq_test_bail(r, 1, "entry point %llu out of range (0 to 3)",
			       (unsigned long long)entry);
		return;
	}
	if (hwsq_test_slot_word(r, &slot) && hwsq_test_expect_end(r))
		hwsq_emu_start(r->emu, slot, (unsigned)entry);
}

static void cmd_run(struct hwsq_test *r)
{
	uint64_t until = HWSQ_EMU_FOREVER, t;
	if (!hwsq_test_need_code(r))
		return;
	if (hwsq_test_word_is(r, "until")) {
		if (!hwsq_test_time_value(r, &until))
			return;
	} else if (hwsq_test_word_is(r, "for")) {
		if (!hwsq_test_time_value(r, &t))
			return;
		uint64_t now = hwsq_emu_time_ns(r->emu);
		until = now > HWSQ_EMU_FOREVER - t ? HWSQ_EMU_FOREVER : now + t; /* no wrap */
	}
	if (!hwsq_test_expect_end(r))
		return;
	r->last_stop = hwsq_emu_run(r->emu, until);
	r->have_stop = true;
	char when[32];
	hwsq_test_format_time(when, sizeof when, hwsq_emu_time_ns(r->emu));
	char note[128] = "";
	if (r->last_stop == HWSQ_EMU_STEP_LIMIT)
		snprintf(note, sizeof note,
			 " (%d instructions in one run: a script that restarts itself through "
			 "TRIGGER?)",
			 HWSQ_EMU_MAX_STEPS);
	tap_diag(&r->tap, "run stopped: %s at %s%s", hwsq_emu_stop_name(r->last_stop), when, note);
}

/* event NAME VALUE [at TIME] */
static void cmd_event(struct hwsq_test *r)
{
	uint64_t ev, value, at = 0;
	if (!hwsq_test_need_code(r) || !hwsq_test_named(r, HWSQ_NAME_EVENT, &ev) ||
	    !hwsq_test_number(r, &value))
		return;
	bool later = hwsq_test_word_is(r, "at");
	if (later && !hwsq_test_time_value(r, &at))
		return;
	if (!hwsq_test_expect_end(r))
		return;
	if (ev >= HWSQ_EVENTS || value > 1) {
		hwsq_test_bail(r, 1, "events are 0 to 31 and take the value 0 or 1");
		return;
	}
	if (later)
		hwsq_emu_schedule_event(r->emu, (unsigned)ev, value != 0, at);
	else
		hwsq_emu_set_event(r->emu, (unsigned)ev, value != 0);
}

static bool on_off(struct hwsq_test *r, bool *on)
{
	if (hwsq_test_word_is(r, "on") || hwsq_test_word_is(r, "1"))
		*on = true;
	else if (hwsq_test_word_is(r, "off") || hwsq_test_word_is(r, "0"))
		*on = false;
	else {
		hwsq_test_bail(r, hwsq_test_tok(r)->col, "expected on or off");
		return false;
	}
	return true;
}

/* ---- the command table ------------------------------------------------------ */

static void cmd_chip(struct hwsq_test *r)
{
	char *name = hwsq_tok_dup(hwsq_test_tok(r));
	unsigned col = hwsq_test_tok(r)->col;
	r->toks.pos++;
	if (!hwsq_family_parse(name, &r->family))
		hwsq_test_bail(r, col, "unknown chip '%s' (nv17, nv41, nv50 or nv92)", name);
	free(name);
	if (r->line_failed || !hwsq_test_expect_end(r))
		return;
	r->have_chip = true;
	if (r->names_ready)
		hwsq_names_free(&r->names);
	r->names_ready = false;
	free(r->image);
	r->image = NULL;
	r->image_size = 0;
	hwsq_test_new_emu(r);
}

/* abort [slot a|b] */
static void cmd_abort(struct hwsq_test *r)
{
	enum hwsq_slot slot;
	if (hwsq_test_slot_word(r, &slot) && hwsq_test_expect_end(r))
		hwsq_emu_abort(r->emu, slot);
}

/* enable on|off */
static void cmd_enable(struct hwsq_test *r)
{
	bool on;
	if (on_off(r, &on) && hwsq_test_expect_end(r))
		hwsq_emu_set_enable(r->emu, on);
}

/* handshake on [LATENCY] | off */
static void cmd_handshake(struct hwsq_test *r)
{
	bool on;
	uint64_t latency = 0;
	if (!on_off(r, &on))
		return;
	if (hwsq_test_tok(r)->kind == HWSQ_TOK_NUM && !hwsq_test_time_value(r, &latency))
		return;
	if (hwsq_test_expect_end(r))
		hwsq_emu_set_handshake(r->emu, on, latency);
}

/* quirk abort-in-wait on|off */
static void cmd_quirk(struct hwsq_test *r)
{
	bool on;
	if (!hwsq_test_word_is(r, "abort-in-wait")) {
		hwsq_test_bail(r, hwsq_test_tok(r)->col, "the only quirk is abort-in-wait");
		return;
	}
	if (on_off(r, &on) && hwsq_test_expect_end(r))
		hwsq_emu_set_abort_quirk(r->emu, on);
}

/* mmio REG VALUE: a host write */
static void cmd_mmio(struct hwsq_test *r)
{
	uint64_t reg, value;
	if (hwsq_test_named(r, HWSQ_NAME_REG, &reg) && hwsq_test_number(r, &value) &&
	    hwsq_test_expect_end(r))
		hwsq_emu_mmio_write(r->emu, (uint32_t)reg, (uint32_t)value);
}

static void cmd_reset(struct hwsq_test *r)
{
	if (hwsq_test_expect_end(r))
		hwsq_test_new_emu(r);
}

/* Commands whose operands are tokens; all but chip need code loaded. */
static const struct {
	const char *word;
	void (*fn)(struct hwsq_test *r);
} commands[] = {
	{"chip", cmd_chip},   {"entry", cmd_entry},   {"start", cmd_start},
	{"run", cmd_run},     {"event", cmd_event},   {"expect", hwsq_test_cmd_expect},
	{"abort", cmd_abort}, {"enable", cmd_enable}, {"handshake", cmd_handshake},
	{"quirk", cmd_quirk}, {"mmio", cmd_mmio},     {"reset", cmd_reset},
};

static void cmd_simple(struct hwsq_test *r, const char *word)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(commands); i++) {
		if (strcmp(word, commands[i].word) == 0) {
			if (commands[i].fn == cmd_chip || hwsq_test_need_code(r))
				commands[i].fn(r);
			return;
		}
	}
	/* the nearest command: the table's, and those read as whole lines */
	const char *words[UTIL_ARRAY_SIZE(commands) + 5] = {"source", "image", "bytes", "code",
							    "upload"};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(commands); i++)
		words[5 + i] = commands[i].word;
	struct util_str hint = {0};
	emutest_nearest(word, words, UTIL_ARRAY_SIZE(words), &hint);
	hwsq_test_bail(r, 1, "unknown command '%s'%s", word, hint.text ? hint.text : "");
	util_str_free(&hint);
}

static void one_line(struct hwsq_test *r, char *line)
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
	r->raw_line = line;
	size_t n = strcspn(p, " \t");
	char *word = util_xstrndup(p, n);
	const char *rest = p + n;
	if (strcmp(word, "source") == 0) {
		hwsq_test_cmd_source(r, rest);
	} else if (strcmp(word, "image") == 0) {
		hwsq_test_cmd_image(r, rest);
	} else if (strcmp(word, "bytes") == 0) {
		hwsq_test_cmd_bytes(r, rest);
	} else if (strcmp(word, "code") == 0) {
		hwsq_test_cmd_code(r);
	} else if (strcmp(word, "upload") == 0) {
		hwsq_test_cmd_upload(r, rest);
	} else if (strcmp(word, "expect") == 0 &&
		   strncmp(rest + strspn(rest, " \t"), "image", 5) == 0 &&
		   (rest[strspn(rest, " \t") + 5] == ' ' ||
		    rest[strspn(rest, " \t") + 5] == '\t')) {
		hwsq_test_expect_image(r, rest + strspn(rest, " \t") + 5);
	} else {
		unsigned bad;
		if (!hwsq_lex(rest, &r->toks, &bad)) {
			hwsq_test_bail(r, (unsigned)(rest - line) + bad, "unexpected character");
		} else {
			/* Columns count from the start of the line. */
			for (size_t i = 0; i < r->toks.count; i++)
				r->toks.items[i].col += (unsigned)(rest - line);
			cmd_simple(r, word);
		}
	}
	static const char *const loads[] = {"chip", "source", "image", "bytes", "code", "upload"};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(loads) && r->line_failed; i++)
		r->load_failed |= strcmp(word, loads[i]) == 0;
	free(word);
}

int hwsq_test_next_line(struct hwsq_test *r, struct emutest_line *line)
{
	if (!emutest_next_line(&r->in, line))
		return 0;
	r->line_no = line->no;
	if (!line->nul_col)
		return 1;
	char *text = util_xstrndup(line->text, line->len);
	r->raw_line = text;
	hwsq_test_bail(r, line->nul_col, "%s", EMUTEST_NUL_ERROR);
	r->raw_line = NULL;
	free(text);
	return -1;
}

int hwsq_test_block_line(struct hwsq_test *r, const char *what, unsigned start, const char *raw,
			 struct emutest_line *line, bool *bad)
{
	for (;;) {
		r->line_failed = false; /* each line's errors are its own */
		int got = hwsq_test_next_line(r, line);
		if (got > 0)
			return 1;
		if (got < 0) {
			*bad = true;
			continue;
		}
		r->line_no = start;
		r->raw_line = raw;
		hwsq_test_bail(r, 1, "'%s' has no 'end'", what);
		return 0;
	}
}

int hwsq_emutest_run(const char *path, const struct hwsq_emutest_options *o, FILE *out)
{
	struct hwsq_test r = {.o = o, .path = path};
	diag_init(&r.own_diag);
	r.diag = o->diag ? o->diag : &r.own_diag;
	tap_init(&r.tap, out);
	uint8_t *data;
	size_t len;
	int err = hwsq_read_input(path, &data, &len);
	if (err) {
		tap_bail_out(&r.tap, "cannot read %s: %s", path, hwsq_input_error(err));
		return 1;
	}
	r.in = (struct emutest_lines){.text = (const char *)data, .len = len};
	/* every line, after an error too, so that every error is reported */
	struct emutest_line ln;
	for (int got; !diag_full(r.diag) && (got = hwsq_test_next_line(&r, &ln)) != 0;) {
		r.line_failed = false;
		if (got < 0)
			continue;
		char *line = util_xstrndup(ln.text, ln.len);
		one_line(&r, line);
		r.raw_line = NULL;
		free(line);
	}
	free(data);
	if (r.first_error) {
		r.tap = r.real_tap;
		tap_bail_out(&r.tap, "%s", r.first_error);
		free(r.first_error);
	}
	/* a file that tests nothing must not pass by saying 1..0 */
	if (!r.tap.bailed && r.tap.run == 0)
		tap_bail_out(&r.tap,
			     "%s: the file has no test: expected at least one 'expect' line", path);
	int status = tap_done_testing(&r.tap);
	hwsq_emu_free(r.emu);
	hwsq_program_free(&r.program);
	free(r.image);
	hwsq_toks_free(&r.toks);
	if (r.names_ready)
		hwsq_names_free(&r.names);
	hwsq_names_close_db(r.db);
	diag_free(&r.own_diag);
	return status;
}
