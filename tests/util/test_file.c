/* Unit tests of sdk/util/file.c's rules for inputs and outputs: the
 * size-limited read, compressed inputs read a piece at a time
 * (sdk/util/unpack.c), and outputs that are written all or none, through
 * symbolic links, in place on devices, keeping an old file's permissions. */
#include <dirent.h>
#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "../lib/test_env.h"
#include "afuc/tap.h"
#include "util/util.h"

static char *scratch_dir;

static char *in_dir(const char *name)
{
	return util_xasprintf("%s/%s", scratch_dir, name);
}

static void put(const char *name, const char *text)
{
	char *path = in_dir(name);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	free(path);
}

/* The whole of a scratch file as a string ("<missing>" when absent). */
static char *get(const char *name)
{
	char *path = in_dir(name);
	uint8_t *data;
	size_t len;
	int err = util_read_file(path, &data, &len);
	free(path);
	return err ? util_xstrdup("<missing>") : (char *)data;
}

static void is_file(struct tap *t, const char *name, const char *want, const char *what)
{
	char *text = get(name);
	tap_is_str(t, text, want, "%s", what);
	free(text);
}

/* The names in the scratch directory, sorted, space-separated: shows a
 * temporary file left behind. */
static char *listing(void)
{
	struct dirent **names;
	int n = scandir(scratch_dir, &names, NULL, alphasort);
	struct util_str s = {0};
	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.')
			util_str_printf(&s, "%s%s", s.len ? " " : "", names[i]->d_name);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	return util_str_take(&s);
}

static void is_listing(struct tap *t, const char *want, const char *what)
{
	char *names = listing();
	tap_is_str(t, names, want, "%s", what);
	free(names);
}

static void test_read_max(struct tap *t)
{
	put("ten", "0123456789");
	char *path = in_dir("ten");
	uint8_t *data = NULL;
	size_t len = 0;
	tap_is_int(t, util_read_file_max(path, 10, &data, &len), 0, "a file of exactly max bytes");
	tap_is_int(t, (long long)len, 10, "all of it read");
	free(data);
	data = NULL;
	tap_is_int(t, util_read_file_max(path, 9, &data, &len), EFBIG,
		   "one byte more than max: EFBIG");
	tap_ok(t, data == NULL, "and nothing handed over");
	free(path);
	/* /dev/zero has no size: the read stops at max + 1 bytes. */
	tap_is_int(t, util_read_file_max("/dev/zero", 1000, &data, &len), EFBIG,
		   "/dev/zero ends with EFBIG");
	tap_is_int(t, util_read_file_max("/dev/null", 0, &data, &len), 0, "an empty device, max 0");
	tap_is_int(t, (long long)len, 0, "nothing read");
	free(data);
	char *missing = in_dir("missing");
	tap_is_int(t, util_read_file_max(missing, 10, &data, &len), ENOENT,
		   "a missing file: ENOENT");
	free(missing);
	char *ten = in_dir("ten");
	unlink(ten);
	free(ten);
}

static void test_devices(struct tap *t)
{
	struct stat st;
	tap_is_int(t, util_write_file("/dev/null", "x", 1), 0, "writing /dev/null succeeds");
	tap_ok(t, stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode),
	       "and /dev/null is still a character device");
	tap_is_int(t, util_write_file("/dev/full", "x", 1), ENOSPC, "/dev/full: ENOSPC");
	tap_ok(t, stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode),
	       "and /dev/full is still a character device");
	is_listing(t, "", "no temporary file anywhere");
}

static void test_symlinks(struct tap *t)
{
	char *sub = in_dir("sub");
	mkdir(sub, 0777);
	free(sub);
	put("sub/target", "old");
	/* relative to the link's directory, not to ours */
	char *link = in_dir("link");
	char *dangling = in_dir("dangling");
	tap_ok(t, symlink("sub/target", link) == 0, "a link to sub/target");
	tap_is_int(t, util_write_file(link, "new", 3), 0, "write through the link");
	struct stat st;
	tap_ok(t, lstat(link, &st) == 0 && S_ISLNK(st.st_mode), "the link stays a link");
	is_file(t, "sub/target", "new", "its target has the data");
	is_listing(t, "link sub", "no temporary file beside the link");
	char *subdir = in_dir("sub");
	DIR *d = opendir(subdir);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	tap_is_int(t, n, 1, "nor beside the target");
	free(subdir);

	tap_ok(t, symlink("sub/created", dangling) == 0, "a link to a missing file");
	tap_is_int(t, util_write_file(dangling, "made", 4), 0, "write through it");
	tap_ok(t, lstat(dangling, &st) == 0 && S_ISLNK(st.st_mode), "the link stays a link");
	is_file(t, "sub/created", "made", "the file it names is created");
	unlink(link);
	unlink(dangling);
	free(link);
	free(dangling);
	char *p = in_dir("sub/target");
	unlink(p);
	free(p);
	p = in_dir("sub/created");
	unlink(p);
	free(p);
	p = in_dir("sub");
	rmdir(p);
	free(p);
}

static void test_permissions(struct tap *t)
{
	put("ro", "old");
	char *path = in_dir("ro");
	chmod(path, 0640);
	tap_is_int(t, util_write_file(path, "new", 3), 0, "replace a file of mode 0640");
	struct stat st = {0};
	stat(path, &st);
	tap_is_int(t, st.st_mode & 07777, 0640, "its mode stays 0640");
	is_file(t, "ro", "new", "with the new contents");
	unlink(path);
	free(path);
}

static void test_group(struct tap *t)
{
	put("a", "old a");
	put("b", "old b");
	char *a = in_dir("a"), *b = in_dir("b"), *bad = in_dir("nodir/c");
	struct util_outputs g = {0};
	tap_is_int(t, util_outputs_add(&g, a, "new a", 5), 0, "prepare a");
	tap_is_int(t, util_outputs_add(&g, b, "new b", 5), 0, "prepare b");
	tap_is_int(t, util_outputs_add(&g, bad, "c", 1), ENOENT, "prepare nodir/c: ENOENT");
	is_file(t, "a", "old a", "before commit a is untouched");
	util_outputs_abort(&g);
	is_file(t, "a", "old a", "after abort a is byte-identical");
	is_file(t, "b", "old b", "and b");
	is_listing(t, "a b", "abort leaves no temporary file");

	/* An in-place output that fails at commit: nothing is renamed. */
	tap_is_int(t, util_outputs_add(&g, a, "new a", 5), 0, "prepare a");
	tap_is_int(t, util_outputs_add(&g, "/dev/full", "x", 1), 0, "prepare /dev/full");
	size_t failed = 99;
	tap_is_int(t, util_outputs_commit(&g, &failed), ENOSPC, "commit fails with ENOSPC");
	tap_is_int(t, (long long)failed, 1, "naming the second output");
	is_file(t, "a", "old a", "a was not replaced");
	is_listing(t, "a b", "and no temporary file is left");
	tap_ok(t, g.count == 0 && g.items == NULL, "the group is empty after commit");

	tap_is_int(t, util_outputs_add(&g, a, "new a", 5), 0, "prepare a");
	tap_is_int(t, util_outputs_add(&g, b, "new b", 5), 0, "prepare b");
	tap_is_int(t, util_outputs_add(&g, "/dev/null", "x", 1), 0, "prepare /dev/null");
	tap_is_int(t, util_outputs_commit(&g, NULL), 0, "commit all three");
	is_file(t, "a", "new a", "a replaced");
	is_file(t, "b", "new b", "b replaced");
	is_listing(t, "a b", "no temporary file");
	unlink(a);
	unlink(b);
	free(a);
	free(b);
	free(bad);
}

/* ---- compressed inputs (unpack.c) ---- */

enum { ZEROS = 1 << 20 };

/* ZEROS zero bytes compressed as kind ("gz", "xz", "zst") into out
 * (malloc'ed); its length. */
static size_t compressed_zeros(const char *kind, uint8_t **out)
{
	uint8_t *raw = util_xcalloc(ZEROS, 1);
	size_t cap = ZEROS + 4096, len = 0;
	*out = util_xmalloc(cap);
	if (strcmp(kind, "gz") == 0) {
		z_stream z = {0};
		deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
		z.next_in = raw;
		z.avail_in = ZEROS;
		z.next_out = *out;
		z.avail_out = (uInt)cap;
		deflate(&z, Z_FINISH);
		len = z.total_out;
		deflateEnd(&z);
	} else if (strcmp(kind, "xz") == 0) {
		lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, raw, ZEROS, *out, &len, cap);
	} else {
		len = ZSTD_compress(*out, cap, raw, ZEROS, 3);
	}
	free(raw);
	return len;
}

static void put_bytes(const char *name, const uint8_t *data, size_t len, const char *tail,
		      size_t tail_len)
{
	char *path = in_dir(name);
	FILE *f = fopen(path, "wb");
	if (f) {
		fwrite(data, 1, len, f);
		fwrite(tail, 1, tail_len, f);
		fclose(f);
	}
	free(path);
}

/* Reads name through a stream bounded by max: the error, and in *total
 * the bytes it gave before it. */
static int stream_all(const char *name, uint64_t max, size_t *total)
{
	char *path = in_dir(name);
	struct util_stream *s = NULL;
	int err = util_stream_open(path, max, &s);
	free(path);
	*total = 0;
	static uint8_t buf[4096];
	size_t got = 0;
	while (!err && (err = util_stream_read(s, buf, sizeof buf, &got)) == 0 && got)
		*total += got;
	util_stream_close(s);
	return err;
}

static void test_stream(struct tap *t)
{
	static const char *const kinds[] = {"gz", "xz", "zst"};
	for (size_t k = 0; k < UTIL_ARRAY_SIZE(kinds); k++) {
		const char *kind = kinds[k];
		uint8_t *data;
		size_t len = compressed_zeros(kind, &data), total;
		put_bytes("z", data, len, "", 0);
		tap_is_int(t, stream_all("z", ZEROS, &total), 0, "%s: read whole", kind);
		tap_is_int(t, (long long)total, ZEROS, "%s: every byte", kind);
		tap_is_int(t, stream_all("z", 1000, &total), EFBIG, "%s: past max: EFBIG", kind);
		tap_is_int(t, (long long)total, 0, "%s: nothing given past max", kind);
		/* garbage after the data: found when read to the end, never
		 * reached by a reader the limit stops first */
		put_bytes("zg", data, len, "garbage", 7);
		tap_is_int(t, stream_all("zg", ZEROS, &total), EBADMSG,
			   "%s: trailing garbage: damaged", kind);
		tap_is_int(t, stream_all("zg", 1000, &total), EFBIG,
			   "%s: the limit stops it before the garbage is inflated", kind);
		put_bytes("zt", data, len - 8, "", 0);
		tap_is_int(t, stream_all("zt", ZEROS, &total), EBADMSG, "%s: truncated: damaged",
			   kind);
		if (strcmp(kind, "gz") == 0) {
			static const char zeros[512];
			put_bytes("zp", data, len, zeros, sizeof zeros);
			tap_is_int(t, stream_all("zp", ZEROS, &total), 0,
				   "gz: zeros padding the end are accepted, as gzip -t does");
			tap_is_int(t, (long long)total, ZEROS, "gz: and are no content");
			put_bytes("zp", data, len, "\0\0x", 3);
			tap_is_int(t, stream_all("zp", ZEROS, &total), EBADMSG,
				   "gz: zeros, then other bytes: damaged");
		}
		free(data);
		char *names[] = {in_dir("z"), in_dir("zg"), in_dir("zt"), in_dir("zp")};
		for (size_t i = 0; i < UTIL_ARRAY_SIZE(names); i++) {
			unlink(names[i]);
			free(names[i]);
		}
	}
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/sdk-file-test.XXXXXX", test_tmpdir());
	if (!mkdtemp(dir)) {
		tap_skip_all(&t, "cannot make a scratch directory");
		return 0;
	}
	scratch_dir = dir;
	test_read_max(&t);
	test_devices(&t);
	test_symlinks(&t);
	test_permissions(&t);
	test_group(&t);
	test_stream(&t);
	rmdir(dir);
	return tap_done_testing(&t);
}
