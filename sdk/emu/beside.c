/* The ELF beside an image (beside.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emu/beside.h"
#include "util/util.h"

static bool ends_with(const char *s, size_t len, const char *tail)
{
	size_t n = strlen(tail);
	return len >= n && memcmp(s + len - n, tail, n) == 0;
}

char *emu_elf_beside(const char *image_path)
{
	size_t len = strlen(image_path);
	if (ends_with(image_path, len, ".elf"))
		return NULL;
	static const char *const packed[] = {".xz", ".zst", ".gz"};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(packed); i++)
		if (ends_with(image_path, len, packed[i])) {
			len -= strlen(packed[i]);
			break;
		}
	if (ends_with(image_path, len, ".fw"))
		len -= 3;
	return util_xasprintf("%.*s.elf", (int)len, image_path);
}

bool emu_load_debug_beside(struct emu *emu, enum emu_proc proc, const char *image_path, char **note)
{
	*note = NULL;
	char *path = emu_elf_beside(image_path);
	if (!path)
		return true;
	uint8_t *data;
	size_t len;
	int err = util_read_file_max(path, 64u << 20, &data, &len);
	if (err) {
		if (err != ENOENT)
			*note = util_xasprintf("%s: %s; no source lines", path, strerror(err));
		free(path);
		return err == ENOENT;
	}
	char *why = NULL;
	bool ok = emu_load_debug(emu, proc, data, len, path, &why);
	if (!ok) {
		*note = util_xasprintf("%s; no source lines", why);
		free(why);
	}
	free(data);
	free(path);
	return ok;
}
