/* Images from a file's bytes: little-endian words as the kernel loads
 * them, or the ELF afuc-ld --elf writes (elf.c). */
#include <stdlib.h>

#include "emuload/emuload.h"
#include "util/util.h"

/* The words of a file's bytes, or NULL (with the emulator's error set)
 * when it is not whole words. */
static uint32_t *le_words(struct emu *e, const char *what, const uint8_t *bytes, size_t len)
{
	if (len % 4) {
		char *msg = util_xasprintf("%s of %zu bytes is not a whole number of 32-bit words",
					   what, len);
		emu_set_error(e, EMU_ERR_NO_IMAGE, msg);
		free(msg);
		return NULL;
	}
	uint32_t *words = util_xmalloc(len ? len : 1);
	for (size_t i = 0; i < len / 4; i++)
		words[i] = util_le32(bytes + 4 * i);
	return words;
}

bool emu_load_pair_bytes(struct emu *e, const uint8_t *pfp, size_t pfp_len, const uint8_t *me,
			 size_t me_len)
{
	uint32_t *p = le_words(e, "PFP image", pfp, pfp_len);
	uint32_t *m = p ? le_words(e, "ME image", me, me_len) : NULL;
	bool ok = m && emu_load_pair(e, p, pfp_len / 4, m, me_len / 4);
	free(p);
	free(m);
	return ok;
}

bool emu_guess_gen_bytes(const uint8_t *bytes, size_t len, enum emu_gen *gen)
{
	if (emu_load_is_elf(bytes, len)) {
		char *error = NULL;
		size_t count;
		uint32_t *words = emu_load_elf_words(bytes, len, "ELF", &count, &error);
		bool known = words && emu_guess_gen(words, count, gen);
		free(words);
		free(error);
		return known;
	}
	uint32_t *words = util_xmalloc(len >= 4 ? len : 4);
	for (size_t i = 0; i < len / 4; i++)
		words[i] = util_le32(bytes + 4 * i);
	bool known = emu_guess_gen(words, len / 4, gen);
	free(words);
	return known;
}

bool emu_load_image_bytes(struct emu *e, const uint8_t *bytes, size_t len)
{
	if (emu_load_is_elf(bytes, len))
		return emu_load_elf(e, bytes, len, "the ELF");
	uint32_t *words = le_words(e, "image", bytes, len);
	bool ok = words && emu_load_image(e, words, len / 4);
	free(words);
	return ok;
}
