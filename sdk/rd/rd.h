/* Freedreno "redump" captures (.rd, optionally gzip-compressed): what a
 * driver submitted to the GPU, as Mesa's freedreno tools record it.
 *
 * A capture is a sequence of sections (u32 type, u32 size in bytes, the
 * bytes; little-endian; a pair of 0xffffffff words between sections is
 * skipped, as older captures have them). Each submission is the buffers
 * it uses (GPUADDR, then optionally BUFFER_CONTENTS) followed by the
 * command streams the kernel ran as IB1s (CMDSTREAM_ADDR); a GPUADDR
 * after a CMDSTREAM_ADDR starts the next submission. Other sections are
 * skipped. docs/afuc-emu.md ("Replaying captures") has the details.
 */
#ifndef SDK_RD_H
#define SDK_RD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/diag.h"

enum rd_section {
	RD_TEST = 1,
	RD_CMD = 2,
	RD_GPUADDR = 3,
	RD_CMDSTREAM_ADDR = 6,
	RD_BUFFER_CONTENTS = 12,
	RD_GPU_ID = 13,
	RD_CHIP_ID = 14,
};

struct rd_buffer {
	uint64_t addr;
	uint32_t size;       /* bytes, as GPUADDR gave it */
	bool captured;       /* a BUFFER_CONTENTS section followed its GPUADDR */
	const uint8_t *data; /* its contents (into rd_capture.bytes, or after
			      * rd_contents into its scratch), else NULL */
	uint32_t data_len;   /* bytes of contents: size, or less when the section was shorter */
	uint64_t data_off;   /* where the contents are in the file */
};

struct rd_stream {
	uint64_t addr;
	uint32_t dwords;
	size_t offset; /* of its section in the file, for messages */
};

struct rd_submit {
	struct rd_buffer *buffers;
	size_t buffer_count, buffer_cap;
	struct rd_stream *streams;
	size_t stream_count, stream_cap;
	const char *label; /* the last CMD text before it ("fence=1855"), or "" */
	size_t offset;     /* of its first section */
};

struct rd_capture {
	uint32_t gpu_id;  /* 630; 0 when the capture does not say */
	uint64_t chip_id; /* 0 when the capture does not say */
	struct rd_submit *submits;
	size_t submit_count, submit_cap;
	uint8_t *bytes; /* the (uncompressed) file, owned; NULL when streamed */
	size_t len;
	/* A capture read a section at a time (rd_load of an uncompressed
	 * file): the file stays open, and rd_contents reads a submission's
	 * buffers into scratch when it is replayed, so memory holds one
	 * submission's contents, not the file. */
	FILE *file;
	char *path; /* owned copy, for messages */
	uint8_t *scratch;
	size_t scratch_cap;
	char **labels; /* owned copies of CMD texts */
	size_t label_count, label_cap;
};

/* The largest capture read (uncompressed). */
#define RD_MAX_BYTES (1ull << 30)

/* Parses bytes (taking ownership of them, even on failure) into cap;
 * false with errors in d (file name, byte offset) for what is not a
 * capture. Sections it does not know are skipped. */
bool rd_parse(const char *file, uint8_t *bytes, size_t len, struct rd_capture *cap, struct diag *d);
/* Reads path: an uncompressed capture a section at a time, leaving the
 * buffers' contents in the file (rd_contents reads them); gzip, xz or
 * zstd data decompressed whole (util_read_image), then rd_parse. */
bool rd_load(const char *path, struct rd_capture *cap, struct diag *d);
/* Makes data point at the contents of submission i's captured buffers
 * (reading them from the file when streamed: the previous submission's
 * pointers are stale then); false with errors in d when the file cannot
 * be read. */
bool rd_contents(struct rd_capture *cap, size_t i, struct diag *d);
void rd_free(struct rd_capture *cap);

/* The buffer of submit s that holds addr (the last captured one when
 * several do), or NULL. */
const struct rd_buffer *rd_find(const struct rd_submit *s, uint64_t addr);

/* A capture being written: rd_out_* append sections to bytes. One
 * submission is its buffers, then its streams (rd_parse's rule). */
struct rd_out {
	uint8_t *bytes;
	size_t len, cap;
};

/* One little-endian word as it is (tests write broken captures with it). */
void rd_out_word(struct rd_out *o, uint32_t word);
void rd_out_section(struct rd_out *o, enum rd_section type, const uint32_t *words, size_t count);
/* A GPUADDR section and the buffer's contents. */
void rd_out_buffer(struct rd_out *o, uint64_t addr, const uint32_t *words, size_t count);
/* A stream the kernel runs as an IB1. */
void rd_out_stream(struct rd_out *o, uint64_t addr, uint32_t dwords);
void rd_out_free(struct rd_out *o);

#endif
