/* The vendor firmware search of the C tests (firmware.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "firmware.h"
#include "util/util.h"

uint8_t *test_firmware(const char *file, size_t *len, char **path)
{
	const char *env = getenv("AFUC_FIRMWARE_DIR"), *root = getenv("SDK_ROOT");
	char *dirs[] = {env && *env ? util_xstrdup(env) : NULL,
			util_xasprintf("%s/../shared/firmware/qcom", root && *root ? root : "."),
			util_xstrdup("/usr/lib/firmware/qcom")};
	uint8_t *data = NULL;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(dirs) && !data; i++) {
		if (!dirs[i])
			continue;
		char *p = util_xasprintf("%s/%s", dirs[i], file);
		if (util_read_file(p, &data, len) != 0)
			data = NULL;
		if (data && path)
			*path = p;
		else
			free(p);
	}
	const char *require = getenv("AFUC_REQUIRE_FIRMWARE");
	if (!data && require && *require && strcmp(require, "0") != 0) {
		printf("Bail out! vendor image %s not found (looked in %s%s%s, "
		       "/usr/lib/firmware/qcom) and AFUC_REQUIRE_FIRMWARE=1\n",
		       file, dirs[0] ? dirs[0] : "", dirs[0] ? ", " : "", dirs[1]);
		exit(1);
	}
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(dirs); i++)
		free(dirs[i]);
	return data;
}
