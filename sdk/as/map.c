/* A small hash map from (scope, name) to a number: labels per section,
 * constants, interned names. Keys are borrowed, not copied. */
#include <stdlib.h>
#include <string.h>

#include "as/internal.h"

static uint32_t hash_key(uint32_t scope, const char *key, size_t len)
{
	uint32_t h = 2166136261u ^ scope; /* FNV-1a */
	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)key[i]) * 16777619u;
	return h;
}

static struct as_map_slot *find(const struct as_map *m, uint32_t scope, const char *key, size_t len,
				uint32_t hash)
{
	for (size_t at = hash & m->mask;; at = (at + 1) & m->mask) {
		struct as_map_slot *s = &m->slots[at];
		if (!s->key || (s->hash == hash && s->scope == scope && s->len == len &&
				memcmp(s->key, key, len) == 0))
			return s;
	}
}

bool as_map_get(const struct as_map *m, uint32_t scope, const char *key, size_t len,
		uint32_t *value)
{
	if (!m->slots)
		return false;
	const struct as_map_slot *s = find(m, scope, key, len, hash_key(scope, key, len));
	if (!s->key)
		return false;
	*value = s->value;
	return true;
}

static void grow(struct as_map *m)
{
	size_t old_size = m->slots ? m->mask + 1 : 0;
	struct as_map_slot *old = m->slots;
	size_t size = old_size ? old_size * 2 : 64;
	m->slots = util_xcalloc(size, sizeof *m->slots);
	m->mask = size - 1;
	for (size_t i = 0; i < old_size; i++)
		if (old[i].key)
			*find(m, old[i].scope, old[i].key, old[i].len, old[i].hash) = old[i];
	free(old);
}

void as_map_put(struct as_map *m, uint32_t scope, const char *key, size_t len, uint32_t value)
{
	if (!m->slots || (m->count + 1) * 2 > m->mask + 1)
		grow(m);
	uint32_t hash = hash_key(scope, key, len);
	struct as_map_slot *s = find(m, scope, key, len, hash);
	if (!s->key)
		m->count++;
	*s = (struct as_map_slot){key, (uint32_t)len, scope, value, hash};
}

void as_map_free(struct as_map *m)
{
	free(m->slots);
	memset(m, 0, sizeof *m);
}
