/* Files as they are shipped: firmware images compressed by distributions
 * (/usr/lib/firmware/qcom/a630_sqe.fw.xz or .fw.zst) and freedreno
 * captures gzip'ed (fd-clouds.rd.gz). The format is told by the magic
 * bytes, never by the name, so a renamed or piped file reads the same. */
#include "util/util.h"

#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

static const uint8_t xz_magic[] = {0xfd, '7', 'z', 'X', 'Z', 0x00};
static const uint8_t zstd_magic[] = {0x28, 0xb5, 0x2f, 0xfd};
static const uint8_t gzip_magic[] = {0x1f, 0x8b};

enum stream_kind { STREAM_PLAIN, STREAM_GZIP, STREAM_XZ, STREAM_ZSTD };

struct util_stream {
	FILE *f;
	bool own; /* opened here (not standard input) */
	enum stream_kind kind;
	uint8_t in[64 * 1024];
	size_t in_pos, in_len;
	bool in_eof;
	uint64_t in_total, in_max; /* compressed bytes: bounded too */
	uint64_t out_total, max;
	int err;  /* sticky */
	bool end; /* the content ended */
	z_stream gz;
	bool gz_member_end; /* a gzip member ended: another, zeros or the end follow */
	lzma_stream xz;
	ZSTD_DCtx *zstd;
	size_t zstd_hint; /* ZSTD_decompressStream's last answer: 0 at a frame's end */
};

static bool starts_with(const uint8_t *data, size_t len, const uint8_t *magic, size_t n)
{
	return len >= n && memcmp(data, magic, n) == 0;
}

/* More input once what is buffered is used up; false at the end (or an
 * error, in s->err). */
static bool fill(struct util_stream *s)
{
	if (s->in_pos < s->in_len)
		return true;
	if (s->in_eof)
		return false;
	s->in_pos = 0;
	s->in_len = fread(s->in, 1, sizeof s->in, s->f);
	s->in_total += s->in_len;
	if (s->in_len == 0) {
		s->in_eof = true;
		if (ferror(s->f))
			s->err = errno ? errno : EIO;
		return false;
	}
	if (s->in_total > s->in_max)
		s->err = EFBIG; /* more compressed bytes than any content this size */
	return !s->err;
}

static bool all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* zlib and liblzma count in 32 bits at most: feed and take in pieces */
static unsigned piece(size_t n)
{
	return n < (1u << 30) ? (unsigned)n : 1u << 30;
}

static size_t read_gzip(struct util_stream *s, uint8_t *out, size_t n)
{
	size_t made = 0;
	while (made < n && !s->end && !s->err) {
		bool more = fill(s);
		if (s->err)
			break;
		if (s->gz_member_end) {
			/* zeros padding the end (tapes, block devices): gzip -t
			 * accepts them; anything else is the next member */
			if (!more) {
				s->end = true;
			} else if (all_zero(s->in + s->in_pos, s->in_len - s->in_pos)) {
				s->in_pos = s->in_len;
			} else if (!s->in[s->in_pos]) {
				s->err = EBADMSG; /* zeros, then more: no padding */
			} else {
				inflateReset(&s->gz);
				s->gz_member_end = false;
			}
			continue;
		}
		s->gz.next_in = s->in + s->in_pos;
		s->gz.avail_in = more ? piece(s->in_len - s->in_pos) : 0;
		s->gz.next_out = out + made;
		s->gz.avail_out = piece(n - made);
		unsigned in_before = s->gz.avail_in, out_before = s->gz.avail_out;
		int r = inflate(&s->gz, Z_NO_FLUSH);
		s->in_pos += in_before - s->gz.avail_in;
		made += out_before - s->gz.avail_out;
		if (r == Z_STREAM_END)
			s->gz_member_end = true;
		else if (r == Z_MEM_ERROR)
			s->err = ENOMEM;
		else if ((r != Z_OK && r != Z_BUF_ERROR) ||
			 (!more && out_before == s->gz.avail_out))
			s->err = EBADMSG; /* damaged, or truncated: more was expected */
	}
	return made;
}

static size_t read_xz(struct util_stream *s, uint8_t *out, size_t n)
{
	size_t made = 0;
	while (made < n && !s->end && !s->err) {
		bool more = fill(s);
		if (s->err)
			break;
		s->xz.next_in = s->in + s->in_pos;
		s->xz.avail_in = more ? s->in_len - s->in_pos : 0;
		s->xz.next_out = out + made;
		s->xz.avail_out = n - made;
		size_t in_before = s->xz.avail_in, out_before = s->xz.avail_out;
		lzma_ret r = lzma_code(&s->xz, more ? LZMA_RUN : LZMA_FINISH);
		s->in_pos += in_before - s->xz.avail_in;
		made += out_before - s->xz.avail_out;
		if (r == LZMA_STREAM_END)
			s->end = true;
		else if (r == LZMA_MEM_ERROR)
			s->err = ENOMEM;
		else if (r != LZMA_OK || (!more && out_before == s->xz.avail_out))
			s->err = EBADMSG; /* damaged, or truncated */
	}
	return made;
}

static size_t read_zstd(struct util_stream *s, uint8_t *out, size_t n)
{
	size_t made = 0;
	while (made < n && !s->end && !s->err) {
		bool more = fill(s);
		if (s->err)
			break;
		ZSTD_inBuffer in = {s->in + s->in_pos, more ? s->in_len - s->in_pos : 0, 0};
		ZSTD_outBuffer o = {out, n, made};
		size_t r = ZSTD_decompressStream(s->zstd, &o, &in);
		s->in_pos += in.pos;
		bool progress = o.pos != made || in.pos != 0;
		made = o.pos;
		if (ZSTD_isError(r)) {
			s->err = EBADMSG;
		} else {
			/* (with no input left, it answers for a next frame) */
			if (progress)
				s->zstd_hint = r;
			/* frames may follow one another; the input's end must
			 * be a frame's end */
			if (!more && !progress && s->zstd_hint == 0)
				s->end = true;
			else if (!more && !progress)
				s->err = EBADMSG;
		}
	}
	return made;
}

int util_stream_open(const char *path, uint64_t max, struct util_stream **out)
{
	struct util_stream *s = util_xcalloc(1, sizeof *s);
	s->max = max;
	/* a compressed file can be a little larger than what it holds */
	s->in_max = max > UINT64_MAX / 2 ? UINT64_MAX : max + max / 16 + 4096;
	if (strcmp(path, "-") == 0) {
		s->f = stdin;
	} else {
		s->f = fopen(path, "rb");
		s->own = true;
		if (!s->f) {
			int err = errno;
			free(s);
			return err;
		}
	}
	/* the magic bytes: the longest is xz's six */
	while (s->in_len < sizeof xz_magic && !s->in_eof && !s->err) {
		size_t got = fread(s->in + s->in_len, 1, sizeof xz_magic - s->in_len, s->f);
		s->in_len += got;
		s->in_total += got;
		if (!got) {
			s->in_eof = true;
			if (ferror(s->f))
				s->err = errno ? errno : EIO;
		}
	}
	int err = s->err;
	if (starts_with(s->in, s->in_len, xz_magic, sizeof xz_magic)) {
		s->kind = STREAM_XZ;
		s->xz = (lzma_stream)LZMA_STREAM_INIT;
		if (!err && lzma_stream_decoder(&s->xz, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
			err = ENOMEM;
	} else if (starts_with(s->in, s->in_len, zstd_magic, sizeof zstd_magic)) {
		s->kind = STREAM_ZSTD;
		s->zstd = ZSTD_createDCtx();
		if (!s->zstd)
			err = ENOMEM;
	} else if (starts_with(s->in, s->in_len, gzip_magic, sizeof gzip_magic)) {
		s->kind = STREAM_GZIP;
		if (inflateInit2(&s->gz, 16 + MAX_WBITS) != Z_OK) /* 16: a gzip header */
			err = ENOMEM;
	} else
		s->in_max = UINT64_MAX; /* plain: what it holds is what max bounds */
	if (err) {
		s->kind = STREAM_PLAIN; /* nothing of a decoder to free */
		util_stream_close(s);
		return err;
	}
	*out = s;
	return 0;
}

int util_stream_read(struct util_stream *s, void *buf, size_t n, size_t *got)
{
	*got = 0;
	if (s->err)
		return s->err;
	/* never more than one byte past max: that byte says EFBIG */
	if (s->max < UINT64_MAX && s->max - s->out_total + 1 < n)
		n = (size_t)(s->max - s->out_total + 1);
	uint8_t *out = buf;
	size_t made = 0;
	switch (s->kind) {
	case STREAM_PLAIN:
		while (made < n && fill(s)) {
			size_t k = s->in_len - s->in_pos < n - made ? s->in_len - s->in_pos
								    : n - made;
			memcpy(out + made, s->in + s->in_pos, k);
			s->in_pos += k;
			made += k;
		}
		break;
	case STREAM_GZIP:
		made = read_gzip(s, out, n);
		break;
	case STREAM_XZ:
		made = read_xz(s, out, n);
		break;
	case STREAM_ZSTD:
		made = read_zstd(s, out, n);
		break;
	}
	s->out_total += made;
	if (!s->err && s->out_total > s->max)
		s->err = EFBIG;
	*got = s->err ? 0 : made;
	return s->err;
}

void util_stream_close(struct util_stream *s)
{
	if (!s)
		return;
	if (s->kind == STREAM_GZIP)
		inflateEnd(&s->gz);
	else if (s->kind == STREAM_XZ)
		lzma_end(&s->xz);
	else if (s->kind == STREAM_ZSTD)
		ZSTD_freeDCtx(s->zstd);
	if (s->own)
		fclose(s->f);
	free(s);
}

int util_read_image(const char *path, size_t max, uint8_t **data, size_t *len)
{
	struct util_stream *s;
	int err = util_stream_open(path, max, &s);
	if (err)
		return err;
	uint8_t *buf = NULL;
	size_t cap = 0, n = 0, got;
	do {
		/* + 1: the NUL util_read_file adds too */
		util_grow(&buf, &cap, n + 65536 + 1, 1);
		err = util_stream_read(s, buf + n, 65536, &got);
		n += got;
	} while (!err && got);
	util_stream_close(s);
	if (err) {
		free(buf);
		return err;
	}
	buf[n] = 0;
	*data = buf;
	*len = n;
	return 0;
}

const char *util_read_error(int err)
{
	return err == EBADMSG ? "damaged or truncated xz, zstd or gzip data" : strerror(err);
}
