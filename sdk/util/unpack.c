/* Files as they are shipped: firmware images compressed by distributions
 * (/usr/lib/firmware/qcom/a630_sqe.fw.xz or .fw.zst) and freedreno
 * captures gzip'ed (fd-clouds.rd.gz). The format is told by the magic
 * bytes, never by the name, so a renamed or piped file reads the same. */
#include "util/util.h"

#include <errno.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

static const uint8_t xz_magic[] = {0xfd, '7', 'z', 'X', 'Z', 0x00};
static const uint8_t zstd_magic[] = {0x28, 0xb5, 0x2f, 0xfd};
static const uint8_t gzip_magic[] = {0x1f, 0x8b};

static bool starts_with(const uint8_t *data, size_t len, const uint8_t *magic, size_t n)
{
	return len >= n && memcmp(data, magic, n) == 0;
}

/* The output grows as needed, up to max + 1 bytes (one more than allowed
 * tells "too big" without decompressing a bomb to the end). */
static uint8_t *grow_out(uint8_t *out, size_t *cap, size_t used, size_t max)
{
	size_t want = *cap ? *cap * 2 : 64 * 1024;
	if (want > max + 1)
		want = max + 1;
	if (want <= used)
		return out;
	*cap = want;
	return util_xrealloc(out, want + 1); /* + the NUL util_read_file adds */
}

/* The end of every unpacker: the output, NUL-terminated, or err (EFBIG
 * when it came out larger than max) with nothing kept. */
static int finish_out(int err, uint8_t *out, size_t cap, size_t used, size_t max, uint8_t **data,
		      size_t *len)
{
	if (!err && used > max)
		err = EFBIG;
	if (err) {
		free(out);
		return err;
	}
	out = grow_out(out, &cap, used, max);
	out[used] = 0;
	*data = out;
	*len = used;
	return 0;
}

static int unpack_xz(const uint8_t *in, size_t in_len, size_t max, uint8_t **data, size_t *len)
{
	lzma_stream s = LZMA_STREAM_INIT;
	if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
		return ENOMEM;
	uint8_t *out = NULL;
	size_t cap = 0;
	s.next_in = in;
	s.avail_in = in_len;
	lzma_ret r = LZMA_OK;
	while (r == LZMA_OK) {
		size_t used = cap - s.avail_out;
		if (!s.avail_out) {
			if (cap > max)
				break;
			out = grow_out(out, &cap, used, max);
			s.next_out = out + used;
			s.avail_out = cap - used;
		}
		r = lzma_code(&s, LZMA_FINISH);
	}
	size_t used = cap - s.avail_out;
	lzma_end(&s);
	int err = r == LZMA_STREAM_END ? 0 : r == LZMA_MEM_ERROR ? ENOMEM : EBADMSG;
	if (r == LZMA_OK) /* stopped at the limit */
		err = EFBIG;
	return finish_out(err, out, cap, used, max, data, len);
}

static int unpack_zstd(const uint8_t *in, size_t in_len, size_t max, uint8_t **data, size_t *len)
{
	ZSTD_DCtx *z = ZSTD_createDCtx();
	if (!z)
		return ENOMEM;
	ZSTD_inBuffer src = {in, in_len, 0};
	uint8_t *out = NULL;
	size_t cap = 0, used = 0, r = 1;
	int err = 0;
	/* r is 0 at the end of a frame; frames may follow one another */
	while (src.pos < src.size || r != 0) {
		if (used == cap) {
			if (cap > max) {
				err = EFBIG;
				break;
			}
			out = grow_out(out, &cap, used, max);
		}
		ZSTD_outBuffer dst = {out, cap, used};
		size_t before_in = src.pos;
		r = ZSTD_decompressStream(z, &dst, &src);
		if (ZSTD_isError(r)) {
			err = EBADMSG;
			break;
		}
		bool progress = dst.pos != used || src.pos != before_in;
		used = dst.pos;
		if (!progress && src.pos == src.size) {
			err = EBADMSG; /* truncated: more was expected */
			break;
		}
	}
	ZSTD_freeDCtx(z);
	return finish_out(err, out, cap, used, max, data, len);
}

static bool all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

static int unpack_gzip(const uint8_t *in, size_t in_len, size_t max, uint8_t **data, size_t *len)
{
	z_stream z = {0};
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) /* 16: a gzip header */
		return ENOMEM;
	uint8_t *out = NULL;
	size_t cap = 0, used = 0;
	int err = 0;
	z.next_in = (Bytef *)(uintptr_t)in;
	for (size_t at = 0;;) {
		if (used == cap) {
			if (cap > max) {
				err = EFBIG;
				break;
			}
			out = grow_out(out, &cap, used, max);
		}
		/* zlib counts in unsigned int: feed and take at most 1 GiB a time */
		size_t in_left = in_len - at, out_left = cap - used;
		z.avail_in = (uInt)(in_left < (1u << 30) ? in_left : 1u << 30);
		z.next_out = out + used;
		z.avail_out = (uInt)(out_left < (1u << 30) ? out_left : 1u << 30);
		uInt before_in = z.avail_in, before_out = z.avail_out;
		int r = inflate(&z, Z_NO_FLUSH);
		at += before_in - z.avail_in;
		used += before_out - z.avail_out;
		if (r == Z_STREAM_END && all_zero(in + at, in_len - at))
			break; /* the end, or zeros padding it (tapes, blocks): gzip -t accepts them */
		if (r == Z_STREAM_END) { /* gzip members may follow one another */
			inflateReset(&z);
			continue;
		}
		if (r == Z_MEM_ERROR || (r != Z_OK && r != Z_BUF_ERROR)) {
			err = r == Z_MEM_ERROR ? ENOMEM : EBADMSG;
			break;
		}
		if (at == in_len && z.avail_out) {
			err = EBADMSG; /* truncated: more was expected */
			break;
		}
	}
	inflateEnd(&z);
	return finish_out(err, out, cap, used, max, data, len);
}

int util_read_image(const char *path, size_t max, uint8_t **data, size_t *len)
{
	/* a compressed file can be a little larger than what it holds */
	size_t slack = max / 16 + 4096;
	size_t raw_max = max > SIZE_MAX - slack ? SIZE_MAX : max + slack;
	uint8_t *raw;
	size_t raw_len;
	int err = util_read_file_max(path, raw_max, &raw, &raw_len);
	if (err)
		return err;
	if (starts_with(raw, raw_len, xz_magic, sizeof xz_magic))
		err = unpack_xz(raw, raw_len, max, data, len);
	else if (starts_with(raw, raw_len, zstd_magic, sizeof zstd_magic))
		err = unpack_zstd(raw, raw_len, max, data, len);
	else if (starts_with(raw, raw_len, gzip_magic, sizeof gzip_magic))
		err = unpack_gzip(raw, raw_len, max, data, len);
	else if (raw_len > max)
		err = EFBIG;
	else {
		*data = raw;
		*len = raw_len;
		return 0;
	}
	free(raw);
	return err;
}

const char *util_read_error(int err)
{
	return err == EBADMSG ? "damaged or truncated xz, zstd or gzip data" : strerror(err);
}
