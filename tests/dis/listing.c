/* Listings for the tests: see listing.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "listing.h"
#include "rnn/rnn.h"

static size_t hash_name(unsigned sect, const char *name)
{
	size_t h = 2166136261u ^ sect;
	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	return h;
}

static void hash_insert(struct listing *l, size_t index)
{
	size_t mask = l->hash_size - 1;
	size_t at = hash_name(l->labels[index].sect, l->labels[index].name) & mask;
	while (l->hash[at])
		at = (at + 1) & mask;
	l->hash[at] = index + 1;
}

static void add_label(struct listing *l, unsigned sect, uint32_t addr, const char *name, size_t len)
{
	struct listing_label *lab = UTIL_PUSH(l->labels, l->label_count, l->label_cap);
	*lab = (struct listing_label){sect, addr, util_xstrndup(name, len)};
	if (2 * l->label_count > l->hash_size) {
		free(l->hash);
		l->hash_size = l->hash_size ? 2 * l->hash_size : 256;
		l->hash = util_xcalloc(l->hash_size, sizeof *l->hash);
		for (size_t i = 0; i < l->label_count; i++)
			hash_insert(l, i);
	} else {
		hash_insert(l, l->label_count - 1);
	}
}

bool listing_label(const struct listing *l, unsigned sect, const char *name, uint32_t *addr)
{
	if (!l->hash_size)
		return false;
	size_t mask = l->hash_size - 1;
	for (size_t at = hash_name(sect, name) & mask; l->hash[at]; at = (at + 1) & mask) {
		const struct listing_label *lab = &l->labels[l->hash[at] - 1];
		if (lab->sect == sect && !strcmp(lab->name, name)) {
			*addr = lab->addr;
			return true;
		}
	}
	return false;
}

static void add_word(struct listing *l, unsigned sect, uint32_t addr, const char *text, size_t len)
{
	struct listing_word *w = UTIL_PUSH(l->words, l->word_count, l->word_cap);
	*w = (struct listing_word){sect, addr, util_xstrndup(text, len)};
}

static bool is_label(const char *s, size_t len)
{
	if (len < 2 || s[len - 1] != ':')
		return false;
	for (size_t i = 0; i + 1 < len; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '.')
			return false;
	return true;
}

bool listing_parse(struct listing *l, const char *text, unsigned *line)
{
	memset(l, 0, sizeof *l);
	l->sections = 1;
	unsigned sect = 0;
	uint32_t addr = 0;
	*line = 0;
	for (const char *p = text; *p;) {
		const char *end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		const char *next = *end ? end + 1 : end;
		const char *semi = memchr(p, ';', (size_t)(end - p));
		const char *stop = semi ? semi : end;
		++*line;
		while (p < stop && isspace((unsigned char)*p))
			p++;
		while (stop > p && isspace((unsigned char)stop[-1]))
			stop--;
		size_t len = (size_t)(stop - p);
		if (len == 0) {
			/* blank */
		} else if (len > 9 && !strncmp(p, ".section ", 9)) {
			sect++;
			l->sections++;
			addr = 0;
		} else if (!strncmp(p, ".gpu", 4)) {
			/* the generation */
		} else if (len > 7 && !strncmp(p, ".align ", 7)) {
			unsigned long bytes = strtoul(p + 7, NULL, 0);
			if (bytes < 4 || bytes % 4)
				return false;
			while (addr % (bytes / 4))
				addr++;
		} else if (is_label(p, len)) {
			add_label(l, sect, addr, p, len - 1);
		} else if (len == 8 && !strncmp(p, ".jumptbl", 8)) {
			add_word(l, sect, addr, p, len);
			addr += 0x80;
		} else if (*p == '.' && strncmp(p, ".word", 5)) {
			return false;
		} else {
			add_word(l, sect, addr++, p, len);
		}
		p = next;
	}
	return true;
}

void listing_free(struct listing *l)
{
	for (size_t i = 0; i < l->word_count; i++)
		free(l->words[i].text);
	for (size_t i = 0; i < l->label_count; i++)
		free(l->labels[i].name);
	free(l->words);
	free(l->labels);
	free(l->hash);
}

const struct listing_word *listing_at(const struct listing *l, unsigned sect, uint32_t addr)
{
	size_t lo = 0, hi = l->word_count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct listing_word *w = &l->words[mid];
		if (w->sect < sect || (w->sect == sect && w->addr < addr))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < l->word_count && l->words[lo].sect == sect && l->words[lo].addr == addr)
		return &l->words[lo];
	return NULL;
}

bool listing_is_instr(const struct listing_word *w)
{
	return w->text[0] != '[' && w->text[0] != '.';
}

/* Tokens of an instruction. */
enum tok_kind { T_NUM, T_WORD, T_PUNCT };
struct tok {
	enum tok_kind kind;
	uint64_t num;
	char text[64];
};
struct toks {
	struct tok *v;
	size_t n, cap;
};

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.';
}

/* A register name as the listings print it: NAME, NAME[idx], NAME+0x1. */
static size_t reg_name_len(const char *s)
{
	size_t i = 0;
	while (name_char(s[i]))
		i++;
	while (s[i] == '[') {
		const char *close = strchr(s + i, ']');
		if (!close)
			break;
		i = (size_t)(close - s) + 1;
		while (name_char(s[i]))
			i++;
	}
	if (s[i] == '+' && s[i + 1] == '0' && s[i + 2] == 'x') {
		i += 3;
		while (isxdigit((unsigned char)s[i]))
			i++;
	}
	return i;
}

static void push(struct toks *t, enum tok_kind kind, uint64_t num, const char *text, size_t len)
{
	struct tok *k = UTIL_PUSH(t->v, t->n, t->cap);
	k->kind = kind;
	k->num = num;
	if (len >= sizeof k->text)
		len = sizeof k->text - 1;
	memcpy(k->text, text, len);
	k->text[len] = '\0';
}

static void tokenize(const struct listing *l, const struct listing_word *w,
		     const struct rnn_view *control, const struct rnn_view *sqe, struct toks *t)
{
	const char *s = w->text;
	while (*s) {
		if (isspace((unsigned char)*s)) {
			s++;
		} else if (*s == '#' && (isalpha((unsigned char)s[1]) || s[1] == '_')) {
			size_t n = 1;
			while (name_char(s[n]))
				n++;
			char *name = util_xstrndup(s + 1, n - 1);
			uint32_t addr;
			if (listing_label(l, w->sect, name, &addr))
				push(t, T_NUM, addr, "", 0);
			else
				push(t, T_WORD, 0, s, n);
			free(name);
			s += n;
		} else if (*s == '#' && isdigit((unsigned char)s[1])) {
			s++; /* a target Mesa prints as a number */
		} else if ((*s == '@' || *s == '%') && isalpha((unsigned char)s[1])) {
			size_t n = 1 + reg_name_len(s + 1);
			char *name = util_xstrndup(s + 1, n - 1);
			uint64_t v;
			const struct rnn_view *view = *s == '@' ? control : sqe;
			if (view && rnn_name_to_value(view, name, &v))
				push(t, T_NUM, v, "", 0);
			else
				push(t, T_WORD, 0, s, n);
			free(name);
			s += n;
		} else if (isdigit((unsigned char)*s)) {
			char *end;
			uint64_t v = strtoull(s, &end, 0);
			push(t, T_NUM, v, "", 0);
			s = end;
		} else if (*s == '$' || isalpha((unsigned char)*s) || *s == '_') {
			size_t n = 1;
			while (name_char(s[n]))
				n++;
			push(t, T_WORD, 0, s, n);
			s += n;
		} else if (s[0] == '<' && s[1] == '<') {
			push(t, T_PUNCT, 0, s, 2);
			s += 2;
		} else {
			push(t, T_PUNCT, 0, s, 1);
			s++;
		}
	}
}

/* Constant expressions: numbers with + - * << and parentheses, C
 * precedence. Returns the tokens used (0: not an expression). */
static size_t eval_expr(const struct toks *t, size_t i, int min_prec, uint64_t *out);

static size_t eval_primary(const struct toks *t, size_t i, uint64_t *out)
{
	if (i < t->n && t->v[i].kind == T_NUM) {
		*out = t->v[i].num;
		return 1;
	}
	if (i < t->n && t->v[i].kind == T_PUNCT && !strcmp(t->v[i].text, "(")) {
		size_t n = eval_expr(t, i + 1, 0, out);
		if (n && i + 1 + n < t->n && !strcmp(t->v[i + 1 + n].text, ")"))
			return n + 2;
	}
	return 0;
}

static int prec_of(const struct tok *k)
{
	if (k->kind != T_PUNCT)
		return -1;
	if (!strcmp(k->text, "*"))
		return 3;
	if (!strcmp(k->text, "+") || !strcmp(k->text, "-"))
		return 2;
	if (!strcmp(k->text, "<<"))
		return 1;
	return -1;
}

static size_t eval_expr(const struct toks *t, size_t i, int min_prec, uint64_t *out)
{
	size_t used = eval_primary(t, i, out);
	if (!used)
		return 0;
	while (i + used < t->n) {
		const struct tok *op = &t->v[i + used];
		int prec = prec_of(op);
		if (prec < min_prec || prec < 0)
			break;
		uint64_t rhs;
		size_t n = eval_expr(t, i + used + 1, prec + 1, &rhs);
		if (!n)
			break;
		if (op->text[0] == '*')
			*out *= rhs;
		else if (op->text[0] == '+')
			*out += rhs;
		else if (op->text[0] == '-')
			*out -= rhs;
		else
			*out <<= rhs;
		used += 1 + n;
	}
	return used;
}

void listing_normalise(const struct listing *l, const struct listing_word *w,
		       const struct rnn_view *control, const struct rnn_view *sqe,
		       struct util_str *out)
{
	struct toks t = {0};
	tokenize(l, w, control, sqe, &t);
	for (size_t i = 0; i < t.n;) {
		uint64_t v;
		/* An expression starts at a number, or at "(" before one; a
		 * "+" after a register ([$00 + x]) is not part of it. */
		size_t n = 0;
		if (t.v[i].kind == T_NUM ||
		    (!strcmp(t.v[i].text, "(") && i + 1 < t.n &&
		     (t.v[i + 1].kind == T_NUM || !strcmp(t.v[i + 1].text, "("))))
			n = eval_expr(&t, i, 0, &v);
		if (out->len)
			util_str_putc(out, ' ');
		if (n) {
			util_str_printf(out, "%llu", (unsigned long long)v);
			i += n;
		} else {
			util_str_puts(out, t.v[i].text);
			i++;
		}
	}
	free(t.v);
}
