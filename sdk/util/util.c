#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t size)
{
	fprintf(stderr, "fatal: out of memory allocating %zu bytes\n", size);
	abort();
}

void *util_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		out_of_memory(size);
	return p;
}

void *util_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		out_of_memory(count * size);
	return p;
}

void *util_xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);
	if (!p)
		out_of_memory(size);
	return p;
}

char *util_xstrdup(const char *s)
{
	return util_xstrndup(s, strlen(s));
}

char *util_xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = util_xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *util_xasprintf(const char *fmt, ...)
{
	struct util_str s = {0};
	va_list ap;
	va_start(ap, fmt);
	util_str_vprintf(&s, fmt, ap);
	va_end(ap);
	return util_str_take(&s);
}

void *util_zero(void *p, size_t size)
{
	return memset(p, 0, size);
}

void util_grow(void *items_ptr, size_t *cap, size_t need, size_t elem_size)
{
	if (need <= *cap)
		return;
	size_t new_cap = *cap ? *cap : 8;
	while (new_cap < need) {
		if (new_cap > SIZE_MAX / 2 / elem_size)
			out_of_memory(SIZE_MAX);
		new_cap *= 2;
	}
	/* items_ptr points at a T*: go through memcpy rather than pretend it
	 * is a void** (which the standard does not promise). */
	void *items;
	memcpy(&items, items_ptr, sizeof items);
	items = util_xrealloc(items, new_cap * elem_size);
	memcpy(items_ptr, &items, sizeof items);
	*cap = new_cap;
}

void util_str_putn(struct util_str *s, const char *text, size_t n)
{
	util_grow(&s->text, &s->cap, s->len + n + 1, 1);
	memcpy(s->text + s->len, text, n);
	s->len += n;
	s->text[s->len] = '\0';
}

void util_str_putc(struct util_str *s, char c)
{
	util_str_putn(s, &c, 1);
}

void util_str_puts(struct util_str *s, const char *text)
{
	util_str_putn(s, text, strlen(text));
}

void util_str_vprintf(struct util_str *s, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	if (n < 0) {
		va_end(again);
		return;
	}
	util_grow(&s->text, &s->cap, s->len + (size_t)n + 1, 1);
	vsnprintf(s->text + s->len, (size_t)n + 1, fmt, again);
	va_end(again);
	s->len += (size_t)n;
}

void util_str_printf(struct util_str *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	util_str_vprintf(s, fmt, ap);
	va_end(ap);
}

char *util_str_take(struct util_str *s)
{
	char *text = s->text ? s->text : util_xstrdup("");
	*s = (struct util_str){0};
	return text;
}

void util_str_free(struct util_str *s)
{
	free(s->text);
	*s = (struct util_str){0};
}

bool util_parse_u64(const char *text, uint64_t *value)
{
	int base = 10;
	const char *p = text;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
		base = 2;
		p += 2;
	} else if (p[0] == '0' && p[1]) {
		base = 8;
		p += 1;
	}
	if (!*p)
		return false;
	uint64_t v = 0;
	for (; *p; p++) {
		int digit;
		if (*p >= '0' && *p <= '9')
			digit = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			digit = *p - 'a' + 10;
		else if (*p >= 'A' && *p <= 'F')
			digit = *p - 'A' + 10;
		else
			return false;
		if (digit >= base)
			return false;
		if (v > (UINT64_MAX - (uint64_t)digit) / (uint64_t)base)
			return false;
		v = v * (uint64_t)base + (uint64_t)digit;
	}
	*value = v;
	return true;
}

void util_print_version(const char *tool)
{
	printf("%s (afuc SDK) %s\n", tool, SDK_VERSION);
}

bool util_info_option(const char *arg, const char *tool, const char *usage)
{
	if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)
		fputs(usage, stdout);
	else if (strcmp(arg, "--version") == 0)
		util_print_version(tool);
	else
		return false;
	return true;
}
