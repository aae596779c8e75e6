/* sdk/emuload internals and the calls the layers above it use besides
 * afuc/emuload.h: the files beside an image (afuc-ld writes sqe.elf and
 * sqe.map next to sqe.fw, and whatever loads sqe.fw, test files,
 * afuc-emu, replays, takes the labels and source lines from them). The
 * machine (sdk/emu) reads no file; this layer does. */
#ifndef SDK_EMULOAD_EMULOAD_H
#define SDK_EMULOAD_EMULOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "afuc/emu.h"

/* Whether bytes are an ELF file, and the firmware file's words that an
 * afuc-ld --elf file holds (NULL with a malloc'ed *error if it is not
 * one); count is in words, word 0 included. */
bool emu_load_is_elf(const uint8_t *bytes, size_t len);
uint32_t *emu_load_elf_words(const uint8_t *bytes, size_t len, const char *name, size_t *count,
			     char **error);

/* The files beside an image and the labels of a map: dis_beside_path
 * and dis_map_labels (sdk/dis/dis.h). */

/* Gives emu the labels and lines of the image it loaded from image_path
 * (bytes, len), for proc as emu_load_debug: those of the ELF beside it
 * when there is one, else the labels of the map beside it (sqe.map),
 * else the labels afuc-objdump prints (db names the handlers; NULL:
 * UNKNn), made at the first question about labels (emu_defer_labels;
 * bytes are copied, db must outlive emu). False with a malloc'ed *note saying why an ELF or map beside
 * it was not used (unreadable, or older than the image). */
bool emu_load_debug_beside(struct emu *emu, enum emu_proc proc, const char *image_path,
			   const uint8_t *bytes, size_t len, struct rnn_db *db, char **note);

#endif
