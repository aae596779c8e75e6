/* The section reader of freedreno captures (rd.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rd/rd.h"
#include "util/util.h"

struct reader {
	const char *file;
	struct rd_capture *cap;
	struct diag *d;
	struct rd_submit *open; /* the submission being filled */
	struct rd_buffer *last; /* the buffer GPUADDR named, for BUFFER_CONTENTS */
	const char *label;
};

static bool fail(struct reader *r, size_t offset, const char *what)
{
	diag_error(r->d, ((struct diag_loc){r->file, 0, 0}), "at byte 0x%zx: %s", offset, what);
	return false;
}

/* The submission that new buffers and streams go to: a GPUADDR after a
 * CMDSTREAM_ADDR starts the next one. */
static struct rd_submit *submit_for(struct reader *r, bool buffer, size_t offset)
{
	if (r->open && !(buffer && r->open->stream_count))
		return r->open;
	struct rd_capture *cap = r->cap;
	r->open = UTIL_PUSH(cap->submits, cap->submit_count, cap->submit_cap);
	memset(r->open, 0, sizeof *r->open);
	r->open->label = r->label;
	r->open->offset = offset;
	return r->open;
}

static bool section(struct reader *r, uint32_t type, const uint8_t *body, uint32_t size,
		    size_t offset)
{
	struct rd_capture *cap = r->cap;
	switch (type) {
	case RD_GPU_ID:
		if (size < 4)
			return fail(r, offset, "GPU_ID section shorter than 4 bytes");
		cap->gpu_id = util_le32(body);
		return true;
	case RD_CHIP_ID:
		if (size < 8)
			return fail(r, offset, "CHIP_ID section shorter than 8 bytes");
		cap->chip_id = (uint64_t)util_le32(body + 4) << 32 | util_le32(body);
		return true;
	case RD_CMD: {
		/* the driver's note before a submission: "<process>: fence=N" */
		char *text = util_xcalloc(1, (size_t)size + 1);
		memcpy(text, body, size);
		*UTIL_PUSH(cap->labels, cap->label_count, cap->label_cap) = text;
		r->label = text;
		return true;
	}
	case RD_GPUADDR: {
		if (size < 8)
			return fail(r, offset,
				    "GPUADDR section shorter than 8 bytes (address, size)");
		struct rd_submit *s = submit_for(r, true, offset);
		struct rd_buffer *b = UTIL_PUSH(s->buffers, s->buffer_count, s->buffer_cap);
		b->addr = util_le32(body) | (size >= 12 ? (uint64_t)util_le32(body + 8) << 32 : 0);
		b->size = util_le32(body + 4);
		b->captured = false;
		b->data = NULL;
		b->data_len = 0;
		r->last = b;
		return true;
	}
	case RD_BUFFER_CONTENTS: {
		if (!r->last)
			return fail(r, offset, "BUFFER_CONTENTS without a GPUADDR before it");
		r->last->captured = true;
		r->last->data = body; /* NULL when streamed */
		r->last->data_off = offset + 8;
		r->last->data_len = size < r->last->size ? size : r->last->size;
		r->last = NULL;
		return true;
	}
	case RD_CMDSTREAM_ADDR: {
		if (size < 8)
			return fail(
				r, offset,
				"CMDSTREAM_ADDR section shorter than 8 bytes (address, dwords)");
		struct rd_submit *s = submit_for(r, false, offset);
		struct rd_stream *st = UTIL_PUSH(s->streams, s->stream_count, s->stream_cap);
		st->addr = util_le32(body) | (size >= 12 ? (uint64_t)util_le32(body + 8) << 32 : 0);
		st->dwords = util_le32(body + 4);
		st->offset = offset;
		r->last = NULL;
		return true;
	}
	default:
		return true; /* TEST, shaders, PARAM, FLUSH, logs: not needed to replay */
	}
}

/* Where the sections come from: the file's bytes in memory, or the open
 * file itself (bytes NULL), read a header at a time. */
struct source {
	const uint8_t *bytes;
	FILE *f;
	uint8_t *body; /* streamed: the section body read last */
	size_t body_cap;
};

/* The body of a section at offset (size bytes after its header): NULL
 * for what a streamed capture leaves in the file (BUFFER_CONTENTS, and
 * the sections section() ignores). */
static bool body_of(struct source *src, uint32_t type, uint32_t size, size_t offset,
		    const uint8_t **body)
{
	if (src->bytes) {
		*body = src->bytes + offset + 8;
		return true;
	}
	*body = NULL;
	if (type != RD_GPU_ID && type != RD_CHIP_ID && type != RD_CMD && type != RD_GPUADDR &&
	    type != RD_CMDSTREAM_ADDR)
		return fseeko(src->f, (off_t)(offset + 8 + (size_t)size), SEEK_SET) == 0;
	if (size > src->body_cap)
		util_grow(&src->body, &src->body_cap, size, 1);
	if (size && fread(src->body, 1, size, src->f) != size)
		return false;
	*body = size ? src->body : (const uint8_t *)""; /* never NULL, as in memory */
	return true;
}

static bool parse(struct reader *r, struct source *src, size_t len)
{
	size_t at = 0;
	size_t sections = 0;
	while (at < len) {
		if (len - at < 8)
			return fail(r, at, "truncated section header (fewer than 8 bytes left)");
		uint8_t head[8];
		const uint8_t *h = src->bytes ? src->bytes + at : head;
		if (!src->bytes && fread(head, 1, 8, src->f) != 8)
			return fail(r, at, "cannot read the section header");
		uint32_t type = util_le32(h), size = util_le32(h + 4);
		if (type == 0xffffffffu && size == 0xffffffffu) {
			at += 8; /* older captures separate sections with this pair */
			continue;
		}
		if (size > len - at - 8) {
			char what[160];
			snprintf(what, sizeof what,
				 "section of type %u claims %u bytes, but only %zu are left: a "
				 "truncated capture?",
				 type, size, len - at - 8);
			return fail(r, at, what);
		}
		const uint8_t *body;
		if (!body_of(src, type, size, at, &body))
			return fail(r, at, "cannot read the section");
		if (!section(r, type, body, size, at))
			return false;
		sections++;
		at += 8 + (size_t)size;
	}
	if (!sections)
		return fail(r, 0, "empty: not a freedreno capture");
	if (!r->cap->submit_count) {
		diag_error(r->d, ((struct diag_loc){r->file, 0, 0}),
			   "no submission: the capture has no GPUADDR or CMDSTREAM_ADDR section");
		return false;
	}
	return true;
}

bool rd_parse(const char *file, uint8_t *bytes, size_t len, struct rd_capture *cap, struct diag *d)
{
	memset(cap, 0, sizeof *cap);
	cap->bytes = bytes;
	cap->len = len;
	struct reader r = {.file = file, .cap = cap, .d = d, .label = ""};
	return parse(&r, &(struct source){.bytes = bytes}, len);
}

/* An uncompressed capture starts with a section type (small) or the
 * separator; compressed data starts with its format's magic. */
static bool streamable(FILE *f, size_t *len)
{
	uint8_t first[4];
	struct stat st;
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || fread(first, 1, 4, f) != 4 ||
	    fseeko(f, 0, SEEK_SET) != 0)
		return false;
	uint32_t type = util_le32(first);
	*len = (size_t)st.st_size;
	return type < 256 || type == 0xffffffffu;
}

bool rd_load(const char *path, struct rd_capture *cap, struct diag *d)
{
	FILE *f = fopen(path, "rb");
	size_t flen;
	if (f && streamable(f, &flen)) {
		memset(cap, 0, sizeof *cap);
		cap->file = f;
		cap->path = util_xstrdup(path);
		cap->len = flen;
		struct reader r = {.file = path, .cap = cap, .d = d, .label = ""};
		struct source src = {.f = f};
		bool ok = parse(&r, &src, flen);
		free(src.body);
		return ok;
	}
	if (f)
		fclose(f);
	uint8_t *bytes;
	size_t len;
	int err = util_read_image(path, RD_MAX_BYTES, &bytes, &len);
	if (err) {
		memset(cap, 0, sizeof *cap);
		if (err == EFBIG)
			diag_error(d, ((struct diag_loc){path, 0, 0}),
				   "larger than %llu bytes uncompressed: not replayed",
				   (unsigned long long)RD_MAX_BYTES);
		else
			diag_error(d, ((struct diag_loc){path, 0, 0}), "%s", util_read_error(err));
		return false;
	}
	return rd_parse(path, bytes, len, cap, d);
}

bool rd_contents(struct rd_capture *cap, size_t i, struct diag *d)
{
	if (!cap->file || i >= cap->submit_count)
		return true; /* in memory: data points into bytes already */
	struct rd_submit *s = &cap->submits[i];
	size_t total = 0;
	for (size_t b = 0; b < s->buffer_count; b++)
		if (s->buffers[b].captured)
			total += s->buffers[b].data_len;
	if (total > cap->scratch_cap)
		util_grow(&cap->scratch, &cap->scratch_cap, total, 1);
	size_t at = 0;
	for (size_t b = 0; b < s->buffer_count; b++) {
		struct rd_buffer *buf = &s->buffers[b];
		if (!buf->captured || !buf->data_len)
			continue; /* nothing to read (and maybe no scratch) */
		/* pread, not stdio: what the file holds now, not a buffer of it */
		ssize_t n = pread(fileno(cap->file), cap->scratch + at, buf->data_len,
				  (off_t)buf->data_off);
		if (n != (ssize_t)buf->data_len) {
			diag_error(d, ((struct diag_loc){cap->path, 0, 0}),
				   "at byte 0x%llx: cannot read the buffer's contents: %s",
				   (unsigned long long)buf->data_off - 8,
				   n < 0 ? strerror(errno) : "the file got shorter");
			return false;
		}
		buf->data = cap->scratch + at;
		at += buf->data_len;
	}
	return true;
}

void rd_free(struct rd_capture *cap)
{
	for (size_t i = 0; i < cap->submit_count; i++) {
		free(cap->submits[i].buffers);
		free(cap->submits[i].streams);
	}
	free(cap->submits);
	for (size_t i = 0; i < cap->label_count; i++)
		free(cap->labels[i]);
	free(cap->labels);
	free(cap->bytes);
	free(cap->scratch);
	free(cap->path);
	if (cap->file)
		fclose(cap->file);
	memset(cap, 0, sizeof *cap);
}

const struct rd_buffer *rd_find(const struct rd_submit *s, uint64_t addr)
{
	for (size_t i = s->buffer_count; i-- > 0;) {
		const struct rd_buffer *b = &s->buffers[i];
		if (b->captured && addr >= b->addr && addr - b->addr < b->data_len)
			return b;
	}
	return NULL;
}
