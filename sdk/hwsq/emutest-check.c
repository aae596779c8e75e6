/* The checks of the emulator test files: each "expect" is one TAP test
 * point comparing what the sequencer did with what the file says. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/emutest.h"

/* ---- checks ------------------------------------------------------------------- */

static const char *const flag_state_names[] = {"unset", "on", "off"};

static void expect_write(struct hwsq_test *r)
{
	uint64_t addr, value, at = 0;
	if (!hwsq_test_named(r, HWSQ_NAME_REG, &addr) || !hwsq_test_number(r, &value))
		return;
	bool timed = hwsq_test_word_is(r, "at");
	if (timed && !hwsq_test_time_value(r, &at))
		return;
	if (!hwsq_test_expect_end(r))
		return;
	char want_time[32] = "", got[96] = "no more writes";
	if (timed) {
		strcpy(want_time, " at ");
		hwsq_test_format_time(want_time + 4, sizeof want_time - 4, at);
	}
	const struct hwsq_emu_write *w = hwsq_emu_write_at(r->emu, r->next_write);
	bool pass = false;
	if (w) {
		char when[32];
		hwsq_test_format_time(when, sizeof when, w->time_ns);
		snprintf(got, sizeof got, "write 0x%06x <- 0x%08x at %s", w->addr, w->value, when);
		pass = w->addr == addr && w->value == value && (!timed || w->time_ns == at);
		r->next_write++;
	}
	hwsq_test_check(r, pass, got, "write %zu: 0x%06llx <- 0x%08llx%s", r->next_write,
			(unsigned long long)addr, (unsigned long long)value, want_time);
}

static void expect_flag(struct hwsq_test *r)
{
	uint64_t flag;
	if (!hwsq_test_named(r, HWSQ_NAME_FLAG, &flag))
		return;
	int want = -1;
	for (int i = 0; i < 3; i++)
		if (hwsq_test_word_is(r, flag_state_names[i]))
			want = i;
	if (want < 0) {
		hwsq_test_bail(r, hwsq_test_tok(r)->col, "expected on, off or unset");
		return;
	}
	if (!hwsq_test_expect_end(r))
		return;
	enum hwsq_flag_state s = hwsq_emu_flag(r->emu, (unsigned)flag);
	hwsq_test_check(r, (int)s == want, flag_state_names[s], "flag %llu is %s",
			(unsigned long long)flag, flag_state_names[want]);
}

static void expect_value(struct hwsq_test *r, const char *what, uint64_t got_value)
{
	uint64_t want;
	if (!hwsq_test_number(r, &want) || !hwsq_test_expect_end(r))
		return;
	char got[32];
	snprintf(got, sizeof got, "0x%llx", (unsigned long long)got_value);
	hwsq_test_check(r, got_value == want, got, "%s is 0x%llx", what, (unsigned long long)want);
}

/* How many bytes of code RAM the loaded code uses: the compiled size, or
 * for a plain image up to the last instruction that is not an exit, plus
 * one exit. */
static size_t used_bytes(struct hwsq_test *r)
{
	return hwsq_image_used(r->family, r->image, (uint32_t)r->image_size);
}

static void expect_fits(struct hwsq_test *r)
{
	if (!hwsq_test_expect_end(r))
		return;
	const struct hwsq_family_info *fam = hwsq_family_info(r->family);
	size_t used = used_bytes(r);
	hwsq_test_check(r, used <= fam->ram_size, NULL,
			"fits %s code RAM: 0x%zx of 0x%x bytes used, 0x%zx (%zu) left", fam->range,
			used, fam->ram_size, fam->ram_size - used, fam->ram_size - used);
}

static void expect_greedy(struct hwsq_test *r)
{
	if (!hwsq_test_expect_end(r))
		return;
	if (!r->have_program) {
		hwsq_test_bail(r, 1, "greedy-bound needs code compiled here (source or code)");
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
	hwsq_test_check(r, s.bytes <= s.greedy_bytes && delays_ok, NULL,
			"0x%zx bytes against 0x%zx greedy; delays %llu ns asked, %llu us encoded",
			s.bytes, s.greedy_bytes, (unsigned long long)s.requested_ns,
			(unsigned long long)s.encoded_us);
}

/* expect image PATH: the loaded code is that file, byte for byte. */
void hwsq_test_expect_image(struct hwsq_test *r, const char *rest)
{
	if (!hwsq_test_need_code(r))
		return;
	char *path = hwsq_test_one_path(r, rest, "expect image");
	if (!path)
		return;
	uint8_t *data;
	size_t len;
	int err = hwsq_read_input(path, &data, &len);
	char got[160] = "the same bytes";
	bool same = !err && len == r->image_size && memcmp(data, r->image, len) == 0;
	if (err)
		snprintf(got, sizeof got, "%s", hwsq_input_error(err));
	else if (!same)
		snprintf(got, sizeof got, "0x%zx bytes that differ", len);
	hwsq_test_check(r, same, got, "the code is %s", path);
	if (!err)
		free(data);
	free(path);
}

static void expect_no_more_writes(struct hwsq_test *r)
{
	if (!hwsq_test_expect_end(r))
		return;
	size_t left = hwsq_emu_write_count(r->emu) - r->next_write;
	char got[64];
	snprintf(got, sizeof got, "%zu more", left);
	hwsq_test_check(r, left == 0, got, "no writes after the %zu checked", r->next_write);
}

/* One expected write of an `expect writes` block. */
struct want_write {
	uint32_t addr, value;
	unsigned line;
};

struct write_match {
	const struct hwsq_emu *emu;
	const struct want_write *want;
};

static bool write_matches(void *ctx, size_t i, size_t j)
{
	const struct write_match *m = ctx;
	const struct hwsq_emu_write *w = hwsq_emu_write_at(m->emu, i);
	return w->addr == m->want[j].addr && w->value == m->want[j].value;
}

/* The lines of an `expect writes [include]` block, REG VALUE each, up to
 * `end`; false (reported) when it is not one. */
static bool read_block(struct hwsq_test *r, struct want_write **want, size_t *n)
{
	size_t cap = 0;
	unsigned start = r->line_no;
	const char *raw = r->raw_line;
	bool bad = false;
	*want = NULL;
	*n = 0;
	for (;;) {
		struct emutest_line ln;
		if (!hwsq_test_block_line(r, "expect writes", start, raw, &ln, &bad))
			return false;
		char *line = util_xstrndup(ln.text, ln.len);
		char *hash = strpbrk(line, "#;");
		if (hash)
			*hash = '\0';
		r->raw_line = line;
		unsigned col;
		uint64_t addr, value;
		bool end = false;
		if (!hwsq_lex(line, &r->toks, &col)) {
			hwsq_test_bail(r, col, "unexpected character");
			bad = true;
		} else if (hwsq_test_tok(r)->kind == HWSQ_TOK_END) {
			/* a blank line */
		} else if (hwsq_test_word_is(r, "end")) {
			end = true;
			bad |= !hwsq_test_expect_end(r);
		} else if (hwsq_test_named(r, HWSQ_NAME_REG, &addr) &&
			   hwsq_test_number(r, &value) && hwsq_test_expect_end(r)) {
			*UTIL_PUSH(*want, *n, cap) = (struct want_write){
				(uint32_t)addr, (uint32_t)value, r->line_no};
		} else {
			bad = true;
		}
		free(line);
		r->raw_line = NULL;
		if (end)
			break;
	}
	r->line_no = start;
	r->raw_line = raw;
	return !bad;
}

/* expect writes N: how many; expect writes [include] ... end: which, in
 * order, with the matcher .emu files use. */
static void expect_writes(struct hwsq_test *r)
{
	bool include = hwsq_test_word_is(r, "include");
	if (!include && hwsq_test_tok(r)->kind != HWSQ_TOK_END) {
		expect_value(r, "the number of writes", hwsq_emu_write_count(r->emu));
		return;
	}
	if (!hwsq_test_expect_end(r))
		return;
	struct want_write *want;
	size_t n;
	if (!read_block(r, &want, &n)) {
		r->line_failed = true;
		free(want);
		return;
	}
	size_t count = hwsq_emu_write_count(r->emu), missing;
	struct write_match m = {r->emu, want};
	bool pass = emutest_match_writes(count, n, include, write_matches, &m, &missing);
	struct util_str got = {0};
	if (!pass) {
		if (missing < n)
			util_str_printf(&got, "no write 0x%06x <- 0x%08x (line %u)%s; ",
					want[missing].addr, want[missing].value, want[missing].line,
					include ? " in order" : "");
		util_str_printf(&got, "%zu writes:", count);
		for (size_t i = 0; i < count && i < 16; i++) {
			const struct hwsq_emu_write *w = hwsq_emu_write_at(r->emu, i);
			util_str_printf(&got, " 0x%06x <- 0x%08x%s", w->addr, w->value,
					i + 1 < count ? "," : "");
		}
		if (count > 16)
			util_str_printf(&got, " ... %zu more", count - 16);
	}
	hwsq_test_check(r, pass, got.text, "the writes are the %zu listed%s", n,
			include ? ", in order, among others" : ", and no others");
	util_str_free(&got);
	free(want);
}

/* expect reg REG VALUE: what a host read returns */
static void expect_reg(struct hwsq_test *r)
{
	uint64_t addr;
	if (!hwsq_test_named(r, HWSQ_NAME_REG, &addr))
		return;
	char what[48];
	snprintf(what, sizeof what, "register 0x%06llx", (unsigned long long)addr);
	expect_value(r, what, hwsq_emu_mmio_read(r->emu, (uint32_t)addr));
}

static void expect_time(struct hwsq_test *r)
{
	uint64_t want;
	if (!hwsq_test_time_value(r, &want) || !hwsq_test_expect_end(r))
		return;
	char got[32], w[32];
	hwsq_test_format_time(got, sizeof got, hwsq_emu_time_ns(r->emu));
	hwsq_test_format_time(w, sizeof w, want);
	hwsq_test_check(r, hwsq_emu_time_ns(r->emu) == want, got, "elapsed time is %s", w);
}

/* expect stop REASON: why the last run returned */
static void expect_stop(struct hwsq_test *r)
{
	size_t len;
	size_t n = hwsq_test_word_span(r, &len);
	char *want = util_xstrndup(hwsq_test_tok(r)->text, len);
	r->toks.pos += n;
	if (hwsq_test_expect_end(r)) {
		const char *got = r->have_stop ? hwsq_emu_stop_name(r->last_stop) : "no run yet";
		hwsq_test_check(r, strcmp(got, want) == 0, got, "the run stopped: %s", want);
	}
	free(want);
}

static void expect_ip(struct hwsq_test *r)
{
	enum hwsq_slot slot;
	if (hwsq_test_slot_word(r, &slot))
		expect_value(r, "the IP", hwsq_emu_ip(r->emu, slot));
}

static void expect_active(struct hwsq_test *r)
{
	enum hwsq_slot slot;
	if (hwsq_test_slot_word(r, &slot))
		expect_value(r, "the slot's ACTIVE bit", hwsq_emu_active(r->emu, slot));
}

static void expect_event(struct hwsq_test *r)
{
	uint64_t ev;
	if (hwsq_test_named(r, HWSQ_NAME_EVENT, &ev))
		expect_value(r, "the event", hwsq_emu_event(r->emu, (unsigned)ev));
}

static void expect_size(struct hwsq_test *r)
{
	expect_value(r, "the code size", used_bytes(r));
}

static void expect_free(struct hwsq_test *r)
{
	expect_value(r, "the free code RAM", hwsq_family_info(r->family)->ram_size - used_bytes(r));
}

static const struct {
	const char *word;
	void (*fn)(struct hwsq_test *r);
} checks[] = {
	{"write", expect_write},   {"no-more-writes", expect_no_more_writes},
	{"writes", expect_writes}, {"flag", expect_flag},
	{"reg", expect_reg},       {"time", expect_time},
	{"stop", expect_stop},     {"ip", expect_ip},
	{"active", expect_active}, {"event", expect_event},
	{"fits", expect_fits},     {"size", expect_size},
	{"free", expect_free},     {"greedy-bound", expect_greedy},
};

void hwsq_test_cmd_expect(struct hwsq_test *r)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(checks); i++) {
		if (hwsq_test_word_is(r, checks[i].word)) {
			checks[i].fn(r);
			return;
		}
	}
	char *found = hwsq_tok_dup(hwsq_test_tok(r));
	hwsq_test_bail(r, hwsq_test_tok(r)->col, "unknown check '%s'", found);
	free(found);
}
