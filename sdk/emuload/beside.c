/* The ELF or map beside an image, or afuc-objdump's labels (emuload.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dis/dis.h"
#include "emu/isagen.h"
#include "emuload/emuload.h"
#include "util/util.h"

struct labeler {
	struct emu *emu;
	uint32_t base;
};

static void add_label(void *ctx, uint32_t index, const char *name)
{
	struct labeler *l = ctx;
	emu_add_label(l->emu, l->base + index, name);
}

/* afuc-objdump's labels, made when the emulator first needs them
 * (emu_defer_labels): a disassembly of the whole image, which a run that
 * names nothing need not pay for. The image is copied: the caller's
 * bytes may be gone by then; db must outlive the emulator anyway. */
struct objdump_labels {
	uint32_t base;
	struct rnn_db *db;
	size_t len;
	uint8_t bytes[];
};

/* An image it cannot read gets none, silently: the emulator says what
 * is wrong with it, if anything. */
static void label_as_objdump(void *ctx, struct emu *emu)
{
	const struct objdump_labels *x = ctx;
	struct labeler l = {emu, x->base};
	struct diag d;
	diag_init(&d);
	const struct dis_options opt = {.gen = emu_isa_gen(emu_gen(emu)), .db = x->db};
	dis_labels(x->bytes, x->len, "image", &opt, add_label, &l, &d);
	diag_free(&d);
}

static void defer_objdump_labels(struct emu *emu, uint32_t base, const uint8_t *bytes, size_t len,
				 struct rnn_db *db)
{
	struct objdump_labels *x = util_xmalloc(sizeof *x + (len ? len : 1));
	x->base = base;
	x->db = db;
	x->len = len;
	if (len)
		memcpy(x->bytes, bytes, len);
	emu_defer_labels(emu, label_as_objdump, x, free);
}

/* The labels of the map beside image_path; true when there is none. */
static bool load_map(struct labeler *l, const char *image_path, size_t image_words, char **note)
{
	char *path = dis_beside_path(image_path, ".map");
	uint8_t *data;
	size_t len;
	int err = util_read_file_max(path, 64u << 20, &data, &len);
	if (err) {
		if (err != ENOENT)
			*note = util_xasprintf("%s: %s; no labels", path, strerror(err));
		free(path);
		return err == ENOENT;
	}
	char *why = NULL;
	bool ok = dis_map_labels((const char *)data, len, path, image_words, add_label, l, &why);
	if (!ok) {
		*note = util_xasprintf("%s; no labels", why);
		free(why);
	}
	free(data);
	free(path);
	return ok;
}

bool emu_load_debug_beside(struct emu *emu, enum emu_proc proc, const char *image_path,
			   const uint8_t *bytes, size_t len, struct rnn_db *db, char **note)
{
	*note = NULL;
	char *path = dis_beside_path(image_path, ".elf");
	if (!path)
		return true; /* an ELF: emu_load_image_bytes took its lines */
	uint8_t *data;
	size_t data_len;
	int err = util_read_file_max(path, 64u << 20, &data, &data_len);
	if (err == ENOENT) {
		free(path);
		struct labeler l = {emu, 0};
		if (proc == EMU_ME && !emu_proc_base(emu, EMU_ME, &l.base))
			return true;
		char *map = dis_beside_path(image_path, ".map");
		bool have_map = access(map, F_OK) == 0;
		free(map);
		if (have_map)
			return load_map(&l, image_path, len / 4, note);
		defer_objdump_labels(emu, l.base, bytes, len, db);
		return true;
	}
	if (err) {
		*note = util_xasprintf("%s: %s; no source lines", path, strerror(err));
		free(path);
		return false;
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
