/* The afuc emulator's loader (sdk/emuload): images from a file's bytes
 * (little-endian words, or the ELF afuc-ld --elf writes, whose labels
 * and source lines it gives the machine), and the register database the
 * machine names things with. Above the machine (afuc/emucore.h); part
 * of libafuc-emu.a. Nothing here opens a file except emu_rnndb_open.
 */
#ifndef AFUC_EMULOAD_H
#define AFUC_EMULOAD_H

#include "afuc/emucore.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The generation of a .fw file as emu_guess_gen tells it, from the
 * file's bytes (little-endian words) or from the ELF afuc-ld --elf
 * writes. */
bool emu_guess_gen_bytes(const uint8_t *bytes, size_t len, enum emu_gen *gen);

/* emu_load_image from the file's bytes (little-endian words), or from
 * the ELF afuc-ld --elf writes (emu_load_elf: the ELF's labels and
 * source lines come with it). */
bool emu_load_image_bytes(struct emu *emu, const uint8_t *bytes, size_t len);
/* emu_load_pair from the files' bytes (little-endian words). */
bool emu_load_pair_bytes(struct emu *emu, const uint8_t *pfp, size_t pfp_len, const uint8_t *me,
			 size_t me_len);

/* Loads the image from an afuc-ld --elf file (its sections at their
 * places in the firmware file) with its labels and source lines: as
 * emu_load_image, for a single image. name is for messages. */
bool emu_load_elf(struct emu *emu, const uint8_t *bytes, size_t len, const char *name);
/* Adds the labels and lines of an afuc-ld --elf file to the image
 * already loaded, whose words it must hold: proc EMU_MAIN for an image
 * (or a pair's PFP), EMU_ME for a pair's ME. False, with a malloc'ed
 * message in *error (when error is not NULL), for a file that is not
 * such an ELF or describes other words (an ELF older than its image). */
bool emu_load_debug(struct emu *emu, enum emu_proc proc, const uint8_t *bytes, size_t len,
		    const char *name, char **error);

/* Opens the register database: dir, or when NULL the SDK's own (found
 * beside the running program, $AFUC_RNNDB, $RNN_PATH). NULL with a
 * malloc'ed message in *error on failure. */
struct rnn_db *emu_rnndb_open(const char *dir, char **error);
void emu_rnndb_close(struct rnn_db *db);

#ifdef __cplusplus
}
#endif

#endif
