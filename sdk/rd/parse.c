/* The section reader of freedreno captures (rd.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
		b->data = NULL;
		b->data_len = 0;
		r->last = b;
		return true;
	}
	case RD_BUFFER_CONTENTS: {
		if (!r->last)
			return fail(r, offset, "BUFFER_CONTENTS without a GPUADDR before it");
		r->last->data = body;
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

bool rd_parse(const char *file, uint8_t *bytes, size_t len, struct rd_capture *cap, struct diag *d)
{
	memset(cap, 0, sizeof *cap);
	cap->bytes = bytes;
	cap->len = len;
	struct reader r = {.file = file, .cap = cap, .d = d, .label = ""};
	size_t at = 0;
	size_t sections = 0;
	while (at < len) {
		if (len - at < 8)
			return fail(&r, at, "truncated section header (fewer than 8 bytes left)");
		uint32_t type = util_le32(bytes + at), size = util_le32(bytes + at + 4);
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
			return fail(&r, at, what);
		}
		if (!section(&r, type, bytes + at + 8, size, at))
			return false;
		sections++;
		at += 8 + (size_t)size;
	}
	if (!sections)
		return fail(&r, 0, "empty: not a freedreno capture");
	if (!cap->submit_count) {
		diag_error(d, ((struct diag_loc){file, 0, 0}),
			   "no submission: the capture has no GPUADDR or CMDSTREAM_ADDR section");
		return false;
	}
	return true;
}

bool rd_load(const char *path, struct rd_capture *cap, struct diag *d)
{
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
	memset(cap, 0, sizeof *cap);
}

const struct rd_buffer *rd_find(const struct rd_submit *s, uint64_t addr)
{
	for (size_t i = s->buffer_count; i-- > 0;) {
		const struct rd_buffer *b = &s->buffers[i];
		if (b->data && addr >= b->addr && addr - b->addr < b->data_len)
			return b;
	}
	return NULL;
}
