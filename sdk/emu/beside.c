/* The ELF beside an image (beside.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dis/dis.h"
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

struct labeler {
	struct emu *emu;
	uint32_t base;
};

static void add_label(void *ctx, uint32_t index, const char *name)
{
	struct labeler *l = ctx;
	emu_add_label(l->emu, l->base + index, name);
}

/* afuc-objdump's labels; an image it cannot read gets none, silently:
 * the emulator says what is wrong with it, if anything. */
static void label_as_objdump(struct emu *emu, enum emu_proc proc, const uint8_t *bytes, size_t len,
			     struct rnn_db *db)
{
	struct labeler l = {emu, 0};
	if (proc == EMU_ME && !emu_proc_base(emu, EMU_ME, &l.base))
		return;
	struct diag d;
	diag_init(&d);
	const struct dis_options opt = {.gen = (enum isa_gen)emu_gen(emu), .db = db};
	dis_labels(bytes, len, "image", &opt, add_label, &l, &d);
	diag_free(&d);
}

bool emu_load_debug_beside(struct emu *emu, enum emu_proc proc, const char *image_path,
			   const uint8_t *bytes, size_t len, struct rnn_db *db, char **note)
{
	*note = NULL;
	char *path = emu_elf_beside(image_path);
	if (!path)
		return true; /* an ELF: emu_load_image_bytes took its lines */
	uint8_t *data;
	size_t data_len;
	int err = util_read_file_max(path, 64u << 20, &data, &data_len);
	if (err) {
		if (err != ENOENT)
			*note = util_xasprintf("%s: %s; no source lines", path, strerror(err));
		else
			label_as_objdump(emu, proc, bytes, len, db);
		free(path);
		return err == ENOENT;
	}
	char *why = NULL;
	bool ok = emu_load_debug(emu, proc, data, data_len, path, &why);
	if (!ok) {
		*note = util_xasprintf("%s; no source lines", why);
		free(why);
	}
	free(data);
	free(path);
	return ok;
}
