/* The vendor images the tests know: see vendor.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "rnn/rnn.h"
#include "util/diag.h"
#include "vendor.h"

const struct vendor_image vendor_images[] = {
	{"a530_pfp", ISA_A5XX},
	{"a530_pm4", ISA_A5XX},
	{"a630_sqe", ISA_A6XX},
	{"gen70500_sqe", ISA_A7XX},
};
const size_t vendor_image_count = UTIL_ARRAY_SIZE(vendor_images);

bool vendor_read(const char *name, uint8_t **data, size_t *len)
{
	const char *env = getenv("AFUC_FIRMWARE_DIR");
	const char *root = getenv("SDK_ROOT");
	char *shared = util_xasprintf("%s/../shared/firmware/qcom", root ? root : ".");
	const char *dirs[] = {env && *env ? env : NULL, shared, "/usr/lib/firmware/qcom"};
	bool ok = false;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(dirs) && !ok; i++) {
		if (!dirs[i])
			continue;
		char *path = util_xasprintf("%s/%s.fw", dirs[i], name);
		ok = util_read_file(path, data, len) == 0;
		free(path);
	}
	/* CI that must run the vendor tests: a skip would hide the gap */
	const char *require = getenv("AFUC_REQUIRE_FIRMWARE");
	if (!ok && require && *require && strcmp(require, "0") != 0) {
		printf("Bail out! vendor image %s.fw not found (looked in %s%s%s, "
		       "/usr/lib/firmware/qcom) and AFUC_REQUIRE_FIRMWARE=1\n",
		       name, dirs[0] ? dirs[0] : "", dirs[0] ? ", " : "", shared);
		exit(1);
	}
	free(shared);
	return ok;
}

const char *vendor_variant(enum isa_gen gen)
{
	return isa_gen_variant(gen);
}

struct rnn_db *vendor_open_db(struct tap *t)
{
	const char *build = getenv("SDK_BUILD");
	char *dir = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = rnn_open(dir, &d);
	if (!db)
		tap_skip_all(t, "the SDK's register database is not built (%s)", dir);
	diag_free(&d);
	free(dir);
	return db;
}
