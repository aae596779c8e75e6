/* Images as C source a driver includes (afuc-ld --format c, hwsq-as
 * --format c): one writer, so both tools' headers look alike. */
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

char *util_c_identifier(const char *path, const char *prefix)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char *name = util_xstrndup(base, strcspn(base, "."));
	for (char *p = name; *p; p++)
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
		    !(*p >= '0' && *p <= '9'))
			*p = '_';
	if (!*name || (name[0] >= '0' && name[0] <= '9')) {
		char *prefixed = util_xasprintf("%s%s", prefix, name);
		free(name);
		name = prefixed;
	}
	return name;
}

char *util_c_upper(const char *name)
{
	char *u = util_xstrdup(name);
	for (char *p = u; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	return u;
}

void util_c_begin(struct util_str *out, const char *guard, bool kernel)
{
	util_str_printf(out, "#ifndef %s\n#define %s\n\n", guard, guard);
	/* the kernel has its own u32 and no <stdint.h> */
	if (!kernel)
		util_str_puts(out, "#include <stdint.h>\n\n");
}

void util_c_words(struct util_str *out, const char *name, const uint8_t *bytes, size_t len,
		  bool kernel)
{
	size_t words = (len + 3) / 4;
	util_str_printf(out, "static const %s %s[0x%zx] = {", kernel ? "u32" : "uint32_t", name,
			words);
	for (size_t i = 0; i < words; i++) {
		uint8_t w[4] = {0};
		memcpy(w, bytes + 4 * i, len - 4 * i < 4 ? len - 4 * i : 4);
		util_str_printf(out, "%s0x%08x,", i % 4 ? " " : "\n\t", util_le32(w));
	}
	util_str_puts(out, "\n};\n");
}

void util_c_end(struct util_str *out)
{
	util_str_puts(out, "\n#endif\n");
}
