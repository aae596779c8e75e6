/* The afuc emulator as libafuc-emu.a offers it to a C test: the machine
 * (afuc/emucore.h) and its loader (afuc/emuload.h). Replaying captures
 * is afuc/replay.h. docs/emu-api.md describes them.
 *
 *   struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX}, NULL);
 *   emu_load_image_bytes(emu, bytes, len);      (the .fw file as read)
 *   emu_push_pkt7(emu, 0x3d, (uint32_t[]){0x1000, 0, 0xdeadbeef}, 3);
 *   if (emu_run(emu) != EMU_IDLE) ...
 */
#ifndef AFUC_EMU_H
#define AFUC_EMU_H

#include "afuc/emucore.h"
#include "afuc/emuload.h"

#endif
