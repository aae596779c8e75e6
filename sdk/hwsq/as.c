/* The HWSQ compiler: one line at a time, from preprocessed source to
 * code bytes. The statements themselves are in statements.c; this file
 * holds the line loop, byte emission, the ADDR/DATA tracking and the
 * checks made once the whole script is known. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/as.h"
#include "hwsq/listing.h"
#include "pp/pp.h"

/* The original text of a source line, read again for messages: cpp
 * squeezes white space, so its output's columns are not the file's. */
static const char *original_line(struct hwsq_as_ctx *c, const char *file, unsigned line)
{
	struct hwsq_as_source *src = NULL;
	for (size_t i = 0; i < c->source_count && !src; i++)
		if (strcmp(c->sources[i].file, file) == 0)
			src = &c->sources[i];
	if (!src) {
		src = UTIL_PUSH(c->sources, c->source_count, c->source_cap);
		src->file = util_xstrdup(file);
		size_t len;
		if (strcmp(file, "-") == 0 ||
		    hwsq_read_input(file, (uint8_t **)&src->text, &len) != 0)
			src->text = NULL;
	}
	const char *p = src->text;
	for (unsigned n = 1; p && n < line; n++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return p && *p ? p : NULL;
}

/* Finds col of the preprocessed line in the original one, when the two
 * differ only in white space up to there. */
static bool map_column(const char *pp, unsigned col, const char *orig, unsigned *out)
{
	const char *o = orig;
	for (const char *p = pp; p < pp + col - 1 && *p; p++) {
		if (*p == ' ' || *p == '\t')
			continue;
		while (*o == ' ' || *o == '\t')
			o++;
		if (*o != *p)
			return false;
		o++;
	}
	while (*o == ' ' || *o == '\t')
		o++;
	*out = (unsigned)(o - orig) + 1;
	return true;
}

static void report(struct hwsq_as_ctx *c, enum diag_level level, struct diag_loc loc,
		   const char *line, const char *fmt, va_list ap)
{
	const char *orig = line && loc.col ? original_line(c, loc.file, loc.line) : NULL;
	unsigned col;
	if (orig && map_column(line, loc.col, orig, &col)) {
		loc.col = col;
		line = orig;
	}
	diag_vadd(c->d, level, loc, line, fmt, ap);
}

static void report_at(struct hwsq_as_ctx *c, enum diag_level level, struct diag_loc loc,
		      const char *line, const char *fmt, ...) UTIL_PRINTF(5, 6);
static void report_at(struct hwsq_as_ctx *c, enum diag_level level, struct diag_loc loc,
		      const char *line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(c, level, loc, line, fmt, ap);
	va_end(ap);
}

void hwsq_as_error_at(struct hwsq_as_ctx *c, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(c, DIAG_ERROR, diag_at(c->loc.file, c->loc.line, col), c->line, fmt, ap);
	va_end(ap);
}

bool hwsq_as_fail(struct hwsq_as_ctx *c, const struct hwsq_tok *at, const char *what)
{
	char *found = hwsq_tok_dup(at);
	hwsq_as_error_at(c, at->col, "%s, found '%s'", what, found);
	free(found);
	return false;
}

/* ---- emission and state -------------------------------------------------- */

static void forget_mmio(struct hwsq_as_ctx *c)
{
	c->mmio = (struct hwsq_mmio_state){0};
}

void hwsq_as_action(struct hwsq_as_ctx *c, struct hwsq_action a)
{
	*UTIL_PUSH(c->p->actions, c->p->action_count, c->p->action_cap) = a;
}

/* -a: the bytes about to be appended belong to the listing's line. */
static void list_bytes(struct hwsq_as_ctx *c, unsigned length)
{
	struct hwsq_listing *l = c->list;
	struct hwsq_list_line *ll = &l->lines[c->list_at];
	if (!ll->count)
		ll->first = (uint32_t)c->p->size;
	ll->count += length;
	for (unsigned i = 0; i < length; i++)
		*UTIL_PUSH(l->starts, l->start_count, l->start_cap) = i == 0;
}

/* Appends one instruction's bytes (or one wait byte, one .byte);
 * remembers the first statement that went past the RAM. */
void hwsq_as_emit(struct hwsq_as_ctx *c, uint64_t raw, unsigned length)
{
	if (c->list)
		list_bytes(c, length);
	for (unsigned i = 0; i < length; i++)
		*UTIL_PUSH(c->p->code, c->p->size, c->p->cap) = (uint8_t)(raw >> (8 * i));
	c->stmt_bytes += length;
	c->last_is_exit = false;
	if (c->p->size > c->fam->ram_size && !c->over_line) {
		c->over_loc = c->loc;
		c->over_loc.col = c->stmt_col;
		c->over_line = util_xstrdup(c->line);
	}
}

/* Follows what an instruction does to the slot's ADDR and DATA, so that
 * later writes can use the short forms. */
static void track(struct hwsq_as_ctx *c, const struct hwsq_insn *insn)
{
	struct hwsq_mmio_state before = c->mmio;
	hwsq_mmio_apply(&c->mmio, insn);
	/* A raw data/addr opcode changes what the size report's greedy
	 * encoder may assume, too. */
	if (!c->in_write && memcmp(&before, &c->mmio, sizeof before) != 0)
		hwsq_as_action(c, (struct hwsq_action){.kind = HWSQ_ACT_FORGET});
}

/* Emits one instruction of the table, checking that the family has it
 * and that the operands fit; extra holds bits from an envydis
 * "[unknown: ...]" note. */
bool hwsq_as_family_has(struct hwsq_as_ctx *c, const struct hwsq_opcode *o, unsigned col)
{
	if (hwsq_opcode_on(o, c->fam->family))
		return true;
	hwsq_as_error_at(c, col, "'%s' is not an opcode of %s (%s has no %s)", o->name,
			 c->fam->info->range, c->fam->info->range,
			 o->op == HWSQ_OP_EWAIT ? "event waits" : "MMIO pokes");
	return false;
}

bool hwsq_as_emit_op(struct hwsq_as_ctx *c, enum hwsq_op op,
		     const uint32_t operands[HWSQ_MAX_OPERANDS], unsigned col)
{
	const struct hwsq_opcode *o = hwsq_opcode_of(op);
	if (!hwsq_as_family_has(c, o, col))
		return false;
	uint64_t raw;
	if (!hwsq_encode(o, operands, &raw)) {
		hwsq_as_error_at(c, col, "an operand of '%s' does not fit its field", o->name);
		return false;
	}
	if (c->unknown_count) {
		if (c->unknown_count > o->length) {
			hwsq_as_error_at(c, c->unknown_col,
					 "'[unknown: ...]' lists %u bytes, '%s' has %u",
					 c->unknown_count, o->name, o->length);
			return false;
		}
		raw |= c->unknown_bits;
		c->unknown_count = 0;
	}
	struct hwsq_insn insn;
	uint8_t bytes[HWSQ_MAX_LENGTH];
	for (unsigned i = 0; i < o->length; i++)
		bytes[i] = (uint8_t)(raw >> (8 * i));
	hwsq_decode(c->fam->family, bytes, o->length, 0, &insn);
	hwsq_as_emit(c, raw, o->length);
	track(c, &insn);
	c->last_is_exit = op == HWSQ_OP_EXIT;
	return true;
}

/* wr32: only the parts of DATA and ADDR that differ from what the slot
 * already holds, each in its shortest form. */
void hwsq_as_write(struct hwsq_as_ctx *c, uint32_t addr, uint32_t value, unsigned col)
{
	size_t before = c->stmt_bytes;
	uint32_t ops[HWSQ_MAX_OPERANDS] = {0};
	bool ok = true;
	c->in_write = true;
	const struct hwsq_mmio_state *m = &c->mmio;
	if (m->data_known != 0xffffffff || m->data != value) {
		bool high_same = (m->data_known & 0xffff0000) == 0xffff0000 &&
				 (m->data >> 16) == (value >> 16);
		ops[0] = high_same ? (value & 0xffff) : value;
		ok = hwsq_as_emit_op(c, high_same ? HWSQ_OP_DATALO : HWSQ_OP_DATA, ops, col);
	}
	bool high_same = (m->addr_known & 0xffff0000) == 0xffff0000 &&
			 (m->addr >> 16) == (addr >> 16);
	ops[0] = high_same ? (addr & 0xffff) : addr;
	ok = ok && hwsq_as_emit_op(c, high_same ? HWSQ_OP_ADDRLO : HWSQ_OP_ADDR, ops, col);
	c->in_write = false;
	if (ok)
		hwsq_as_action(c, (struct hwsq_action){.kind = HWSQ_ACT_WRITE,
						       .addr = addr,
						       .value = value,
						       .bytes = c->stmt_bytes - before});
}

/* ---- delays: consecutive delays are encoded together ------------------------ */

void hwsq_as_flush_delay(struct hwsq_as_ctx *c)
{
	if (!c->delay_pending)
		return;
	c->delay_pending = false;
	uint64_t us = hwsq_delay_ns_to_us(c->delay_ns);
	uint64_t encoded;
	size_t need = hwsq_delay_encode(us, c->delay_exact, NULL, 0, &encoded);
	struct diag_loc saved = c->loc;
	const char *saved_line = c->line;
	size_t saved_list_at = c->list_at;
	c->loc = c->delay_loc;
	c->line = c->delay_line;
	c->list_at = c->delay_list_at;
	if (need > c->fam->ram_size) {
		hwsq_as_error_at(
			c, c->delay_col,
			"delay too long for one script: %llu us needs %zu wait bytes, more "
			"than the 0x%x bytes of %s code RAM",
			(unsigned long long)us, need, c->fam->ram_size, c->fam->info->range);
	} else {
		uint8_t bytes[0x200];
		size_t before = c->stmt_bytes;
		hwsq_delay_encode(us, c->delay_exact, bytes, sizeof bytes, &encoded);
		for (size_t i = 0; i < need; i++)
			hwsq_as_emit(c, bytes[i], 1);
		hwsq_as_action(c, (struct hwsq_action){.kind = HWSQ_ACT_DELAY,
						       .requested_ns = c->delay_ns,
						       .encoded_us = encoded,
						       .bytes = c->stmt_bytes - before});
	}
	c->loc = saved;
	c->line = saved_line;
	c->list_at = saved_list_at;
	free(c->delay_line);
	c->delay_line = NULL;
}

void hwsq_as_delay(struct hwsq_as_ctx *c, uint64_t ns, bool exact, unsigned col)
{
	if (c->delay_pending && (c->delay_exact != exact || c->delay_ns + ns < ns))
		hwsq_as_flush_delay(c);
	if (!c->delay_pending) {
		c->delay_pending = true;
		c->delay_ns = 0;
		c->delay_exact = exact;
		c->delay_loc = c->loc;
		c->delay_col = col;
		c->delay_line = util_xstrdup(c->line);
		c->delay_list_at = c->list_at;
	}
	c->delay_ns += ns;
}

/* ---- labels and entry points ---------------------------------------------- */

const struct hwsq_label *hwsq_as_find_label(const struct hwsq_program *p, const char *name)
{
	for (size_t i = 0; i < p->label_count; i++)
		if (strcmp(p->labels[i].name, name) == 0)
			return &p->labels[i];
	return NULL;
}

/* Execution can begin at a label (through an entry point), where ADDR and
 * DATA hold whatever an earlier run left. */
void hwsq_as_label(struct hwsq_as_ctx *c, const struct hwsq_tok *name)
{
	hwsq_as_flush_delay(c);
	char *text = hwsq_tok_dup(name);
	const struct hwsq_label *old = hwsq_as_find_label(c->p, text);
	if (old) {
		hwsq_as_error_at(c, name->col, "label '%s' is already defined at %s:%u", text,
				 old->loc.file, old->loc.line);
		free(text);
		return;
	}
	struct hwsq_label *l = UTIL_PUSH(c->p->labels, c->p->label_count, c->p->label_cap);
	l->name = text;
	l->addr = (uint32_t)c->p->size;
	l->loc = c->loc;
	l->loc.col = name->col;
	hwsq_as_forget(c);
}

void hwsq_as_forget(struct hwsq_as_ctx *c)
{
	forget_mmio(c);
	hwsq_as_action(c, (struct hwsq_action){.kind = HWSQ_ACT_FORGET});
}

/* ---- envydis listings -------------------------------------------------- */

static bool is_hex2(const char *p)
{
	return (isxdigit((unsigned char)p[0]) && isxdigit((unsigned char)p[1])) ||
	       (p[0] == '?' && p[1] == '?');
}

/* Blanks "00000004: e2 01 00 00 00" at the start of an envydis line,
 * keeping the bytes to compare with what the instruction encodes to. */
static void strip_listing(struct hwsq_as_ctx *c, char *s)
{
	char *p = s;
	while (*p == ' ' || *p == '\t')
		p++;
	for (int i = 0; i < 8; i++)
		if (!isxdigit((unsigned char)p[i]))
			return;
	if (p[8] != ':')
		return;
	char *q = p + 9;
	size_t n = 0;
	bool unknown = false;
	while ((*q == ' ' || *q == '\t')) {
		char *r = q;
		while (*r == ' ' || *r == '\t')
			r++;
		if (!is_hex2(r) || (r[2] && r[2] != ' ' && r[2] != '\t' && r[2] != '\n'))
			break;
		if (r[0] == '?')
			unknown = true;
		else if (n < sizeof c->listing)
			c->listing[n++] = (uint8_t)strtoul((char[]){r[0], r[1], 0}, NULL, 16);
		q = r + 2;
	}
	if (n == 0 && !unknown)
		return;
	c->listing_count = unknown ? 0 : n;
	c->listing_col = (unsigned)(p - s) + 1;
	memset(p, ' ', (size_t)(q - p));
}

/* envydis notes after an instruction: "[unknown: 00 20 00]" gives bits
 * that no field claims (kept, so the bytes come back), the others only
 * describe. */
static bool strip_notes(struct hwsq_as_ctx *c, char *s)
{
	static const char *const notes[] = {
		"[unknown instruction]",
		"[unknown operand]",
		"[unknown op length]",
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(notes); i++) {
		char *p = strstr(s, notes[i]);
		if (p)
			memset(p, ' ', strlen(notes[i]));
	}
	char *p = strstr(s, "[incomplete]");
	if (p) {
		hwsq_as_error_at(
			c, (unsigned)(p - s) + 1,
			"envydis marked this instruction incomplete: its bytes run past the "
			"end of what it read");
		return false;
	}
	p = strstr(s, "[unknown:");
	if (!p)
		return true;
	char *q = p + 9;
	c->unknown_bits = 0;
	c->unknown_count = 0;
	c->unknown_col = (unsigned)(p - s) + 1;
	for (;;) {
		while (*q == ' ')
			q++;
		if (*q == ']')
			break;
		if (!is_hex2(q) || q[0] == '?' || c->unknown_count >= HWSQ_MAX_LENGTH) {
			hwsq_as_error_at(
				c, (unsigned)(q - s) + 1,
				"expected the hex bytes of an envydis '[unknown: ...]' note");
			return false;
		}
		uint64_t byte = strtoul((char[]){q[0], q[1], 0}, NULL, 16);
		c->unknown_bits |= byte << (8 * c->unknown_count++);
		q += 2;
	}
	memset(p, ' ', (size_t)(q + 1 - p));
	return true;
}

/* ---- the line loop --------------------------------------------------------- */

static const char *intern_file(struct hwsq_program *p, const char *file)
{
	for (size_t i = 0; i < p->file_count; i++)
		if (strcmp(p->files[i], file) == 0)
			return p->files[i];
	char *copy = util_xstrdup(file);
	*UTIL_PUSH(p->files, p->file_count, p->file_cap) = copy;
	return copy;
}

static void check_listing(struct hwsq_as_ctx *c, size_t start)
{
	if (!c->listing_count)
		return;
	size_t n = c->p->size - start;
	if (n != c->listing_count || memcmp(c->p->code + start, c->listing, n) != 0)
		report_at(c, DIAG_WARNING, diag_at(c->loc.file, c->loc.line, c->listing_col),
			  c->line,
			  "the listing's bytes differ from what the instruction encodes to");
	c->listing_count = 0;
}

static void one_line(struct hwsq_as_ctx *c, char *line)
{
	c->line = line;
	struct hwsq_listing *l = c->list;
	if (l) {
		c->list_at = l->count;
		*UTIL_PUSH(l->lines, l->count, l->cap) = (struct hwsq_list_line){
			util_xstrdup(c->loc.file), c->loc.line, util_xstrdup(line), 0, 0};
	}
	/* Only the text before a comment is looked at. */
	char *work = util_xstrndup(line, strcspn(line, ";"));
	c->listing_count = 0;
	c->unknown_count = 0;
	strip_listing(c, work);
	if (!strip_notes(c, work)) {
		free(work);
		return;
	}
	unsigned bad;
	if (!hwsq_lex(work, &c->toks, &bad)) {
		hwsq_as_error_at(c, bad, "unexpected character '%c'", line[bad - 1]);
		free(work);
		return;
	}
	struct hwsq_tok *t = c->toks.items;
	/* label: statement */
	if (t[0].kind == HWSQ_TOK_IDENT && !t[0].hash && hwsq_tok_is(&t[1], ":")) {
		hwsq_as_label(c, &t[0]);
		c->toks.pos = 2;
	}
	size_t start = c->p->size;
	c->stmt_bytes = 0;
	c->stmt_col = c->toks.items[c->toks.pos].col;
	if (c->toks.items[c->toks.pos].kind != HWSQ_TOK_END)
		hwsq_as_statement(c);
	if (c->unknown_count)
		hwsq_as_error_at(c, c->unknown_col,
				 "an '[unknown: ...]' note needs an instruction");
	check_listing(c, start);
	c->line = NULL;
	free(work);
}

static void check_entries(struct hwsq_as_ctx *c)
{
	uint32_t limit = c->fam->ram_size;
	if (!c->fam->info->entry_high && limit > 0x100)
		limit = 0x100;
	for (size_t i = 0; i < c->entry_ref_count; i++) {
		struct hwsq_as_entry_ref *r = &c->entry_refs[i];
		uint32_t addr = r->addr;
		c->loc = r->loc;
		c->line = r->line;
		if (r->label) {
			const struct hwsq_label *l = hwsq_as_find_label(c->p, r->label);
			if (!l) {
				hwsq_as_error_at(c, r->label_col,
						 "entry point %u names label '%s', which "
						 "is not defined",
						 r->n, r->label);
				continue;
			}
			addr = l->addr;
		}
		if (addr >= limit) {
			hwsq_as_error_at(
				c, r->loc.col,
				"entry point %u at 0x%x is out of range: %s code RAM is 0x%x "
				"bytes",
				r->n, addr, c->fam->info->range, c->fam->ram_size);
			continue;
		}
		c->p->entry[r->n] = addr;
		c->p->entry_set[r->n] = true;
	}
	c->line = NULL;
}

static void check_size(struct hwsq_as_ctx *c, const struct diag_loc *last, const char *last_line)
{
	/* A run must never fall off the end: past the code there must be
	 * room for the exit that pads the image, unless the code ends in one. */
	size_t total = c->p->size + (c->last_is_exit || c->no_final_exit ? 0 : 1);
	if (total <= c->fam->ram_size)
		return;
	if (!c->over_line) {
		c->over_loc = *last;
		c->over_line = util_xstrdup(last_line ? last_line : "");
	}
	report_at(c, DIAG_ERROR, c->over_loc, c->over_line,
		  "code over %s code RAM by %zu byte%s: 0x%zx bytes%s, RAM holds 0x%x",
		  c->fam->info->range, total - c->fam->ram_size,
		  total - c->fam->ram_size == 1 ? "" : "s", c->p->size,
		  c->last_is_exit ? "" : " and the exit that ends them", c->fam->ram_size);
}

bool hwsq_assemble(const char *text, const char *file, const struct hwsq_as_options *o,
		   struct hwsq_program *p, struct diag *d)
{
	return hwsq_assemble_listing(text, file, o, NULL, p, d);
}

bool hwsq_assemble_listing(const char *text, const char *file, const struct hwsq_as_options *o,
			   struct hwsq_listing *listing, struct hwsq_program *p, struct diag *d)
{
	*p = (struct hwsq_program){.family = o->family};
	struct hwsq_as_family fam = {o->family, hwsq_family_info(o->family),
				     hwsq_family_info(o->family)->ram_size};
	struct hwsq_as_ctx c = {.o = o, .list = listing, .fam = &fam, .p = p, .d = d};
	size_t errors_before = d->errors;
	struct pp_lines lines;
	pp_lines_init(&lines, file);
	char *copy = util_xstrdup(text);
	struct diag_loc last = {intern_file(p, file), 0, 0};
	char *last_line = NULL;
	for (char *line = copy, *next; line && *line && !diag_full(d); line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (pp_lines_next(&lines, line))
			continue;
		c.loc = diag_at(intern_file(p, lines.file), lines.line, 0);
		one_line(&c, line);
		if (c.toks.count > 1) {
			last = c.loc;
			last.col = c.toks.items[0].col;
			free(last_line);
			last_line = util_xstrdup(line);
		}
	}
	hwsq_as_flush_delay(&c);
	check_entries(&c);
	check_size(&c, &last, last_line);
	free(last_line);
	free(copy);
	pp_lines_free(&lines);
	hwsq_toks_free(&c.toks);
	for (size_t i = 0; i < c.entry_ref_count; i++) {
		free(c.entry_refs[i].label);
		free(c.entry_refs[i].line);
	}
	free(c.entry_refs);
	free(c.over_line);
	for (size_t i = 0; i < c.source_count; i++) {
		free(c.sources[i].file);
		free(c.sources[i].text);
	}
	free(c.sources);
	return d->errors == errors_before;
}

void hwsq_program_free(struct hwsq_program *p)
{
	free(p->code);
	free(p->actions);
	for (size_t i = 0; i < p->label_count; i++)
		free(p->labels[i].name);
	free(p->labels);
	for (size_t i = 0; i < p->file_count; i++)
		free(p->files[i]);
	free(p->files);
	*p = (struct hwsq_program){0};
}

uint32_t hwsq_program_exit_addr(const struct hwsq_program *p)
{
	uint32_t ram = hwsq_family_info(p->family)->ram_size;
	if (p->size < ram)
		return (uint32_t)p->size;
	return ram - 1;
}

uint32_t hwsq_program_entry(const struct hwsq_program *p, unsigned n)
{
	return p->entry_set[n] ? p->entry[n] : hwsq_program_exit_addr(p);
}
