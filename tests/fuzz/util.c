/* What every harness shares (fuzz.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

char *fuzz_text(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	return text;
}

const char *fuzz_file(const char *suffix, const uint8_t *data, size_t size)
{
	static char path[256];
	const char *dir = getenv("TMPDIR");
	snprintf(path, sizeof path, "%s/afuc-fuzz-%ld%s", dir && *dir ? dir : "/tmp",
		 (long)getpid(), suffix);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	return path;
}
