/* Vendor firmware for C tests: the one search every C test uses (the
 * shell tests' find_firmware in tap.sh is the same search). */
#ifndef TESTS_LIB_FIRMWARE_H
#define TESTS_LIB_FIRMWARE_H

#include <stddef.h>
#include <stdint.h>

/* Reads FILE ("a630_sqe.fw", or FILE.xz, FILE.zst decompressed) from
 * $AFUC_FIRMWARE_DIR, then
 * $SDK_ROOT/../shared/firmware/qcom, then /usr/lib/firmware/qcom.
 * Returns its bytes (the caller frees them) and, when path is not NULL,
 * where it was found (freed by the caller too); NULL when it is nowhere,
 * for the test to skip. With AFUC_REQUIRE_FIRMWARE=1 (CI that must run
 * the vendor tests) a miss is a TAP "Bail out!" (through the TAP writer,
 * on stdout where C tests write their TAP) and exit 1 instead. */
uint8_t *test_firmware(const char *file, size_t *len, char **path);

#endif
