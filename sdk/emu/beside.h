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

/* Loads the labels and lines of the ELF beside image_path into emu (proc
 * as emu_load_debug). True when there is none (nothing to do) or it
 * loaded; false with a malloc'ed *note saying why it was not used (an
 * ELF that is unreadable or older than the image). */
bool emu_load_debug_beside(struct emu *emu, enum emu_proc proc, const char *image_path,
			   char **note);

#endif
