#include "rnn/model.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

/* Chunks are big enough that the full Mesa tree needs a few hundred; an
 * object larger than a chunk gets a chunk of its own. */
#define RNN_CHUNK_SIZE (64 * 1024)

struct rnn_chunk {
	struct rnn_chunk *next;
	alignas(max_align_t) unsigned char data[];
};

void *rnn_arena_alloc(struct rnn_arena *a, size_t size)
{
	const size_t align = alignof(max_align_t);
	size = (size + align - 1) & ~(align - 1);
	if (!a->chunks || a->used + size > a->size) {
		size_t cap = size > RNN_CHUNK_SIZE ? size : RNN_CHUNK_SIZE;
		struct rnn_chunk *c = util_xmalloc(sizeof *c + cap);
		c->next = a->chunks;
		a->chunks = c;
		a->used = 0;
		a->size = cap;
	}
	void *p = a->chunks->data + a->used;
	a->used += size;
	return memset(p, 0, size);
}

char *rnn_arena_strndup(struct rnn_arena *a, const char *s, size_t n)
{
	char *p = rnn_arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *rnn_arena_strdup(struct rnn_arena *a, const char *s)
{
	return rnn_arena_strndup(a, s, strlen(s));
}

void rnn_arena_free(struct rnn_arena *a)
{
	struct rnn_chunk *c = a->chunks;
	while (c) {
		struct rnn_chunk *next = c->next;
		free(c);
		c = next;
	}
	*a = (struct rnn_arena){0};
}
