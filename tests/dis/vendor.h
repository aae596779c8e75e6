/* The vendor images the tests know, and where they are found. */
#ifndef TESTS_DIS_VENDOR_H
#define TESTS_DIS_VENDOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/isa.h"

struct vendor_image {
	const char *name; /* without .fw; also the name of Mesa's listing */
	enum isa_gen gen;
};

extern const struct vendor_image vendor_images[];
extern const size_t vendor_image_count;

/* Reads NAME.fw from $AFUC_FIRMWARE_DIR, $SDK_ROOT/../shared/firmware/qcom
 * or /usr/lib/firmware/qcom (as tests/lib/tap.sh's find_firmware). When
 * it is nowhere and AFUC_REQUIRE_FIRMWARE=1, prints "Bail out!" and exits
 * 1 instead of letting the test skip. */
bool vendor_read(const char *name, uint8_t **data, size_t *len);

/* "A5XX", "A6XX", "A7XX": the register database's variant names. */
const char *vendor_variant(enum isa_gen gen);

/* The SDK's own register database ($SDK_BUILD/share/afuc-sdk/rnndb), or
 * NULL after printing why as a TAP skip_all (then the test returns). */
struct rnn_db;
struct tap;
struct rnn_db *vendor_open_db(struct tap *t);

#endif
