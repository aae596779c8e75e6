/* Writing freedreno captures (rd.h): the sections a replay reads, in
 * the order Mesa's tools write them. */
#include <stdlib.h>

#include "rd/rd.h"
#include "util/util.h"

void rd_out_word(struct rd_out *o, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		*UTIL_PUSH(o->bytes, o->len, o->cap) = (uint8_t)(v >> (8 * i));
}

void rd_out_section(struct rd_out *o, enum rd_section type, const uint32_t *words, size_t count)
{
	rd_out_word(o, type);
	rd_out_word(o, (uint32_t)(4 * count));
	for (size_t i = 0; i < count; i++)
		rd_out_word(o, words[i]);
}

void rd_out_buffer(struct rd_out *o, uint64_t addr, const uint32_t *words, size_t count)
{
	rd_out_section(o, RD_GPUADDR,
		       (uint32_t[]){(uint32_t)addr, (uint32_t)(4 * count), (uint32_t)(addr >> 32)},
		       3);
	rd_out_section(o, RD_BUFFER_CONTENTS, words, count);
}

void rd_out_stream(struct rd_out *o, uint64_t addr, uint32_t dwords)
{
	rd_out_section(o, RD_CMDSTREAM_ADDR,
		       (uint32_t[]){(uint32_t)addr, dwords, (uint32_t)(addr >> 32)}, 3);
}

void rd_out_free(struct rd_out *o)
{
	free(o->bytes);
	*o = (struct rd_out){0};
}
