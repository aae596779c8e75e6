/* Small helpers every part of the SDK uses: allocation, growable arrays,
 * string building, explicit byte order and whole-file I/O. */
#ifndef SDK_UTIL_H
#define SDK_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The SDK's version: every tool's --version prints it, through
 * util_print_version. */
#define SDK_VERSION "0.1.0"

#define UTIL_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__) || defined(__clang__)
#define UTIL_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define UTIL_PRINTF(fmt, args)
#endif

/* Allocation that cannot fail: running out of memory aborts with a message,
 * the one failure no caller can do anything useful about. */
void *util_xmalloc(size_t size);
void *util_xcalloc(size_t count, size_t size);
void *util_xrealloc(void *ptr, size_t size);
char *util_xstrdup(const char *s);
char *util_xstrndup(const char *s, size_t n);
char *util_xasprintf(const char *fmt, ...) UTIL_PRINTF(1, 2);

/* Grows the array *items_ptr (elements of elem_size bytes, *cap of them
 * allocated) to hold at least need elements, doubling as it goes. */
void util_grow(void *items_ptr, size_t *cap, size_t need, size_t elem_size);

/* Appends one zeroed element to a growable array and returns a pointer to
 * it: struct foo *f = UTIL_PUSH(v.items, v.count, v.cap); */
#define UTIL_PUSH(items, count, cap)                                 \
	(util_grow(&(items), &(cap), (count) + 1, sizeof(*(items))), \
	 util_zero(&(items)[(count)], sizeof(*(items))), &(items)[(count)++])
void *util_zero(void *p, size_t size);

/* A growable, always NUL-terminated string. */
struct util_str {
	char *text;
	size_t len;
	size_t cap;
};
void util_str_putc(struct util_str *s, char c);
void util_str_puts(struct util_str *s, const char *text);
void util_str_putn(struct util_str *s, const char *text, size_t n);
void util_str_printf(struct util_str *s, const char *fmt, ...) UTIL_PRINTF(2, 3);
void util_str_vprintf(struct util_str *s, const char *fmt, va_list ap);
/* Hands the text over to the caller (who frees it) and empties s. */
char *util_str_take(struct util_str *s);
void util_str_free(struct util_str *s);

/* Explicit little-endian words: every image and object word goes through
 * these, whatever the host. */
static inline uint32_t util_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline void util_put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}
static inline uint16_t util_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}
static inline void util_put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

/* Reads a whole file; "-" is standard input. On success returns 0 and
 * hands a malloc'ed buffer (NUL-terminated, not counted in *len) to the
 * caller; on failure returns an errno value and sets nothing. */
int util_read_file(const char *path, uint8_t **data, size_t *len);

/* util_read_file for inputs that have a size: reads at most max + 1
 * bytes (so /dev/zero or a huge file ends at once) and returns EFBIG,
 * setting nothing, when the file holds more than max bytes. Callers
 * name the limit: "FILE: larger than MAX bytes: not a firmware image". */
int util_read_file_max(const char *path, size_t max, uint8_t **data, size_t *len);

/* Writes a whole file so that it either appears complete or not at all:
 * a group of one output (below). Returns 0 or an errno value. */
int util_write_file(const char *path, const void *data, size_t len);

/* A group of outputs written all or none, e.g. an image, its map and its
 * ELF. What each path is decides how it is written:
 *  - a regular file, or none yet: the bytes go to a temporary file beside
 *    it, renamed over it at commit; an existing file's permission bits
 *    (not set-id bits) and, where the system allows, its owner are kept.
 *    Other hard links to the old file keep the old contents.
 *  - a symbolic link: written through it, the link stays: the temporary
 *    file goes beside the file it finally names, renamed over that.
 *  - a device, FIFO or "-" (standard output), or a /proc link such as
 *    /dev/stdout: opened at add and written in place at commit, never
 *    renamed over; write errors (ENOSPC on /dev/full) are reported.
 *
 *   struct util_outputs g = {0};
 *   err = util_outputs_add(&g, path, data, len);  (each; on error: abort)
 *   err = util_outputs_commit(&g, &failed);
 *
 * Only commit replaces anything, so an error from add, or abort, leaves
 * every existing file as it was. Commit writes the in-place outputs
 * first, then renames; after an in-place write fails no file is
 * replaced, and only a failing rename (rare: the temporary file is
 * already in the target's directory) leaves earlier outputs replaced. */
struct util_output { /* private to sdk/util/file.c */
	char *target, *tmp;
	int fd;
	bool truncate;
	uint8_t *data;
	size_t len;
};
struct util_outputs {
	struct util_output *items;
	size_t count, cap;
};
/* Prepares path to receive data (copied where needed: the caller's
 * buffer may be freed at once). Returns 0 or an errno value, leaving the
 * group as it was. */
int util_outputs_add(struct util_outputs *g, const char *path, const void *data, size_t len);
/* Writes every output; returns 0, or an errno value and (when failed is
 * not NULL) the index, in order of add, of the output that failed. The
 * group is empty afterwards either way. */
int util_outputs_commit(struct util_outputs *g, size_t *failed);
/* Removes every temporary file and empties the group. */
void util_outputs_abort(struct util_outputs *g);

/* A path inside the SDK's prefix: the directory above the running
 * program's bin/ (or $AFUC_SDK_PREFIX when set). The build tree and an
 * installed tree have the same shape below it:
 *   bin/  lib/  include/afuc/  share/afuc-sdk/{ld,rnndb}/
 * so util_sdk_path("share/afuc-sdk/ld") finds the linker scripts in both.
 * The result is malloc'ed. */
char *util_sdk_path(const char *relative);

/* Parses an unsigned number in C syntax (0x.., 0b.., 0.., decimal) that
 * fills the whole of text; false if it does not or overflows 64 bits. */
bool util_parse_u64(const char *text, uint64_t *value);

/* Prints "TOOL (afuc SDK) VERSION", what every tool's --version says. */
void util_print_version(const char *tool);

/* The options every tool answers the same way: -h and --help print usage
 * to standard output, --version the version. Returns true when arg was
 * one of them (the tool then exits 0). */
bool util_info_option(const char *arg, const char *tool, const char *usage);

/* Levenshtein distance, capped: for "did you mean" suggestions. */
unsigned util_edit_distance(const char *a, const char *b, unsigned cap);

#endif
