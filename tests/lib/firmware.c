/* The vendor firmware search of the C tests (firmware.h): the SDK's one
 * search (util_fw_dirs, util_read_firmware in sdk/util/firmware.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "firmware.h"
#include "util/util.h"

/* Vendor images are a few hundred KB; this only stops a wrong file. */
#define TEST_FIRMWARE_MAX ((size_t)64 << 20)

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
	if (!data && util_require_firmware()) {
		char *where = util_fw_dirs_text(&d);
		printf("Bail out! vendor image %s not found (looked in %s) and "
		       "AFUC_REQUIRE_FIRMWARE=1\n",
		       file, where);
		free(where);
		exit(1);
	}
	util_fw_dirs_free(&d);
	return data;
}
