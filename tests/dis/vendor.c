/* The vendor images the tests know: see vendor.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/firmware.h"
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
	char *file = util_xasprintf("%s.fw", name);
	*data = test_firmware(file, len, NULL);
	free(file);
	return *data != NULL;
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
