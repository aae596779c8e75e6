/* The vendor firmware search of the C tests (firmware.h): the SDK's one
 * search (util_fw_dirs, util_read_firmware in sdk/util/firmware.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "firmware.h"
#include "util/util.h"

/* Vendor images are a few hundred KB; this only stops a wrong file. */
#define TEST_FIRMWARE_MAX ((size_t)64 << 20)

/* A required image that is missing ends the test: C tests write their TAP
 * to stdout, so the bail-out goes there through a TAP writer of its own
 * (the test's counts no longer matter). */
static void bail_out(const char *file, const struct util_fw_dirs *d)
{
	char *where = util_fw_dirs_text(d);
	struct tap t;
	tap_init(&t, stdout);
	tap_bail_out(&t, "vendor image %s not found (looked in %s) and AFUC_REQUIRE_FIRMWARE=1",
		     file, where);
	free(where);
}

uint8_t *test_firmware(const char *file, size_t *len, char **path)
{
	struct util_fw_dirs d;
	util_fw_dirs_init(&d, ".");
	uint8_t *data = NULL;
	for (size_t i = 0; d.dirs[i] && !data; i++) {
		char *p = NULL;
		if (util_read_firmware(d.dirs[i], file, TEST_FIRMWARE_MAX, &data, len, &p) != 0)
			data = NULL;
		if (data && path)
			*path = p;
		else
			free(p);
	}
	bool bail = !data && util_require_firmware();
	if (bail)
		bail_out(file, &d);
	util_fw_dirs_free(&d);
	if (bail)
		exit(1);
	return data;
}
