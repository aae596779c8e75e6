/* The files beside an image: afuc-ld writes sqe.elf next to sqe.fw, and
 * whatever loads sqe.fw (test files, afuc-emu, replays) takes the labels
 * and source lines from it. Only tools and the test-file runner read
 * files; the emulator itself does not. */
#ifndef SDK_EMU_BESIDE_H
#define SDK_EMU_BESIDE_H

#include <stdbool.h>

#include "afuc/emu.h"

/* The ELF beside image_path: its name without the firmware extension
 * (.fw, and .xz, .zst, .gz after it) plus ".elf", malloc'ed; NULL when
 * image_path is an ELF itself. */
char *emu_elf_beside(const char *image_path);

/* Gives emu the labels and lines of the image it loaded from image_path
 * (bytes, len), for proc as emu_load_debug: those of the ELF beside it
 * when there is one, else the labels afuc-objdump prints (db names the
 * handlers; NULL: UNKNn). False with a malloc'ed *note saying why an ELF
 * beside it was not used (unreadable, or older than the image). */
bool emu_load_debug_beside(struct emu *emu, enum emu_proc proc, const char *image_path,
			   const uint8_t *bytes, size_t len, struct rnn_db *db, char **note);

#endif
