/* Reading what the HWSQ tools are given, with a bound on its size and a
 * check that text is text. */
#include <errno.h>
#include <string.h>

#include "hwsq/hwsq.h"

int hwsq_read_input(const char *path, uint8_t **data, size_t *len)
{
	return util_read_file_max(path, HWSQ_MAX_INPUT, data, len);
}

const char *hwsq_input_error(int err)
{
	if (err == EFBIG)
		return "larger than " HWSQ_STR(
			HWSQ_MAX_INPUT) " bytes, more than any HWSQ "
					"input can be (the largest code RAM is 0x200 bytes)";
	return strerror(err);
}

bool hwsq_find_nul(const char *text, size_t len, unsigned *line, unsigned *col)
{
	const char *nul = memchr(text, 0, len);
	if (!nul)
		return false;
	*line = 1;
	const char *start = text;
	for (const char *p = text; p < nul; p++) {
		if (*p == '\n') {
			++*line;
			start = p + 1;
		}
	}
	*col = (unsigned)(nul - start) + 1;
	return true;
}
