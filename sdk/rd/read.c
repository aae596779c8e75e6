/* Reading a capture file, gunzipped through zlib when it is gzip data. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "rd/rd.h"
#include "util/util.h"

int rd_read_file(const char *path, size_t max, uint8_t **bytes, size_t *len)
{
	*bytes = NULL;
	*len = 0;
	FILE *probe = fopen(path, "rb");
	if (!probe)
		return errno;
	fclose(probe);
	/* gzread passes data that is not gzip through unchanged */
	gzFile f = gzopen(path, "rb");
	if (!f)
		return errno ? errno : ENOMEM;
	size_t cap = 1 << 16, n = 0;
	uint8_t *buf = util_xmalloc(cap);
	int err = 0;
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				err = EFBIG;
				break;
			}
			cap *= 2;
			buf = util_xrealloc(buf, cap);
		}
		size_t want = cap - n;
		if (want > (1u << 30))
			want = 1u << 30;
		int got = gzread(f, buf + n, (unsigned)want);
		if (got < 0) {
			int zerr;
			gzerror(f, &zerr);
			err = zerr == Z_ERRNO ? errno : EILSEQ;
			break;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > max) {
			err = EFBIG;
			break;
		}
	}
	if (!err) {
		int zerr;
		gzerror(f, &zerr);
		if (zerr != Z_OK && zerr != Z_STREAM_END)
			err = EILSEQ; /* a truncated gzip stream */
	}
	gzclose(f);
	if (err) {
		free(buf);
		return err;
	}
	*bytes = buf;
	*len = n;
	return 0;
}
