/* A map file as afuc-emu reads one beside an image that has no ELF: the
 * labels of each processor image's symbols block. */
#include <stdlib.h>

#include "dis/dis.h"
#include "fuzz.h"

static void count_label(void *ctx, uint32_t index, const char *label)
{
	(void)index;
	(void)label;
	++*(size_t *)ctx;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > FUZZ_MAX_INPUT)
		return 0;
	size_t labels = 0;
	char *error = NULL;
	/* the file's size as an image of 0x400 words, and as any size */
	dis_map_labels((const char *)data, size, "fuzz.map", 0x400, count_label, &labels, &error);
	free(error);
	error = NULL;
	char *text = fuzz_text(data, size);
	dis_map_labels(text, size, "fuzz.map", 1, count_label, &labels, &error);
	free(error);
	free(text);
	return 0;
}
