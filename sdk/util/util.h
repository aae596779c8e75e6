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

/* util_read_file_max for firmware images and captures (sdk/util/unpack.c):
 * a file compressed with xz, zstd or gzip, told by its magic bytes, is
 * decompressed,
 * and max bounds what it holds. Returns 0, an errno value, EFBIG when
 * the image is larger than max, or EBADMSG for damaged compressed data;
 * util_read_error says which in words. */
int util_read_image(const char *path, size_t max, uint8_t **data, size_t *len);
const char *util_read_error(int err);

/* The same, a piece at a time, for inputs read as they are used (a
 * capture a submission at a time): decompression goes only as far as
 * what is asked, so that a reader who stops early (a damaged capture)
 * never inflates the rest, and stops at the first byte past max:
 *
 *   struct util_stream *s;
 *   int err = util_stream_open(path, max, &s);      ("-": standard input)
 *   while (!err && (err = util_stream_read(s, buf, n, &got)) == 0 && got)
 *           use got bytes;                          got 0: the end
 *   util_stream_close(s);
 *
 * Errors are errno values: EFBIG past max, EBADMSG for damaged or
 * truncated compressed data (util_read_error). */
struct util_stream;
int util_stream_open(const char *path, uint64_t max, struct util_stream **s);
int util_stream_read(struct util_stream *s, void *buf, size_t n, size_t *got);
void util_stream_close(struct util_stream *s);

/* Where vendor firmware is looked for, in this order (sdk/util/firmware.c):
 * $AFUC_FIRMWARE_DIR, $SDK_ROOT/../shared/firmware/qcom (without SDK_ROOT:
 * root/../shared/firmware/qcom, root the caller's guess at the project's
 * tree) and /usr/lib/firmware/qcom. dirs is NULL-terminated. */
struct util_fw_dirs {
	char *dirs[4];
};
void util_fw_dirs_init(struct util_fw_dirs *d, const char *root);
/* The same for freedreno captures (afuc-emu's replay statement):
 * $AFUC_CAPTURE_DIR, then ../shared/captures. */
void util_capture_dirs_init(struct util_fw_dirs *d, const char *root);
void util_fw_dirs_free(struct util_fw_dirs *d);
/* "a, b, c": where the search looked, for messages (malloc'ed). */
char *util_fw_dirs_text(const struct util_fw_dirs *d);
/* Reads NAME from dir as NAME, NAME.xz or NAME.zst (util_read_image);
 * ENOENT when none is there. *path (malloc'ed, may be NULL) is the file
 * read or, on another error, the one that failed. */
int util_read_firmware(const char *dir, const char *name, size_t max, uint8_t **data, size_t *len,
		       char **path);
/* AFUC_REQUIRE_FIRMWARE=1: CI that must run the vendor-image tests, for
 * which a missing image is an error, not a skip. */
bool util_require_firmware(void);

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

/* A path inside the SDK's prefix. The build tree and an installed tree
 * have the same shape below it:
 *   bin/  lib/  include/afuc/  share/afuc-sdk/{ld,rnndb}/
 * so util_sdk_path("share/afuc-sdk/ld") finds the linker scripts in both.
 * The prefix is $AFUC_SDK_PREFIX when set; else the directory above the
 * lib/ of the shared library this code is in, or above the running
 * program's bin/, when it holds share/afuc-sdk (wherever the prefix was
 * moved); else the prefix a static library was installed for (a user's
 * program linked with it). The result is malloc'ed. */
char *util_sdk_path(const char *relative);
/* That last prefix (sdk/util/sdk_prefix.c, with util_sdk_path) */
extern const char util_sdk_install_prefix[];

/* C source of an image for drivers (sdk/util/carray.c):
 *   util_c_begin(out, "GUARD_H", kernel);   guard, <stdint.h> unless kernel
 *   util_c_words(out, "name", bytes, len, kernel);
 *                      static const u32 (or uint32_t) name[N] = {...};
 *   util_c_end(out);
 * Words are little-endian, as the hardware reads them; a last partial
 * word is padded with zeros. */
void util_c_begin(struct util_str *out, const char *guard, bool kernel);
void util_c_words(struct util_str *out, const char *name, const uint8_t *bytes, size_t len,
		  bool kernel);
void util_c_end(struct util_str *out);
/* A C identifier from a path's base name ("out/a6xx-sqe.h" -> a6xx_sqe;
 * prefix goes before one that would start with a digit or be empty),
 * and a name in capitals for macros; both malloc'ed. */
char *util_c_identifier(const char *path, const char *prefix);
char *util_c_upper(const char *name);

/* Parses an unsigned number in C syntax (0x.., 0b.., 0.., decimal) that
 * fills the whole of text; false if it does not or overflows 64 bits. */
bool util_parse_u64(const char *text, uint64_t *value);

/* Prints "TOOL (afuc SDK) VERSION", what every tool's --version says. */
void util_print_version(const char *tool);

/* The options every tool answers the same way: -h and --help print usage
 * to standard output, --version the version. Returns true when arg was
 * one of them (the tool then exits 0). */
bool util_info_option(const char *arg, const char *tool, const char *usage);

/* "Did you mean" (sdk/util/suggest.c): every tool and library writes
 * its suggestions through these, as "; did you mean 'a', 'b' or 'c'?".
 *
 * Levenshtein distance, capped: anything farther than cap is cap + 1. */
unsigned util_edit_distance(const char *a, const char *b, unsigned cap);

/* The nearest few candidates to a name that was not found:
 *
 *   struct util_near n;
 *   util_near_init(&n, name, 2, 3);     at most 2 edits, 3 names
 *   util_near_add(&n, candidate);       each (copied; repeats ignored)
 *   util_near_write(&n, &message);      appends the text, frees n
 *
 * Kept nearest first, then by name, so directory or hash order does not
 * show. */
#define UTIL_NEAR_MAX 8
struct util_near {
	const char *want; /* borrowed */
	unsigned cap;
	size_t max, count;
	char *names[UTIL_NEAR_MAX]; /* owned */
	unsigned dist[UTIL_NEAR_MAX];
};
void util_near_init(struct util_near *n, const char *want, unsigned cap, size_t max);
void util_near_add(struct util_near *n, const char *name);
/* A candidate whose distance the caller measured its own way. */
void util_near_add_at(struct util_near *n, const char *name, unsigned dist);
/* Drops every candidate farther than the nearest: beside a near miss
 * of one name, worse ones are noise. */
void util_near_closest_only(struct util_near *n);
/* Appends the suggestion (nothing when there is none) and frees n. */
void util_near_write(struct util_near *n, struct util_str *out);
void util_near_free(struct util_near *n);
/* The writer alone, for names chosen elsewhere (rnn_suggest). */
void util_did_you_mean(struct util_str *out, const char *const *names, size_t count);

#endif
