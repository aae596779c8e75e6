/* Unit tests of sdk/util: growable arrays, strings, numbers, byte order,
 * whole-file I/O that never leaves a half-written file. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/test_env.h"
#include "afuc/tap.h"
#include "util/util.h"

static void test_push(struct tap *t)
{
	struct {
		int *items;
		size_t count, cap;
	} v = {0};
	for (int i = 0; i < 1000; i++)
		*UTIL_PUSH(v.items, v.count, v.cap) = i * 3;
	tap_is_int(t, (long long)v.count, 1000, "UTIL_PUSH counts every element");
	tap_ok(t, v.cap >= 1000, "capacity grew to hold them (cap %zu)", v.cap);
	int bad = 0;
	for (int i = 0; i < 1000; i++)
		bad += v.items[i] != i * 3;
	tap_is_int(t, bad, 0, "every element kept its value across growth");
	free(v.items);
}

static void test_str(struct tap *t)
{
	struct util_str s = {0};
	util_str_puts(&s, "mov ");
	util_str_printf(&s, "$%02x, 0x%x", 2, 0x1234);
	util_str_putc(&s, ';');
	tap_is_str(t, s.text, "mov $02, 0x1234;", "string building");
	tap_is_int(t, (long long)s.len, 16, "length kept");
	char *taken = util_str_take(&s);
	tap_ok(t, s.text == NULL && s.len == 0, "take empties the builder");
	free(taken);
	char *p = util_xasprintf("%s-%d", "a", 7);
	tap_is_str(t, p, "a-7", "xasprintf");
	free(p);
	taken = util_str_take(&s);
	tap_is_str(t, taken, "", "take of an empty builder gives an empty string");
	free(taken);
}

static void test_numbers(struct tap *t)
{
	static const struct {
		const char *text;
		bool ok;
		uint64_t value;
	} cases[] = {
		{"0", true, 0},
		{"42", true, 42},
		{"0x1f", true, 0x1f},
		{"0XABCDEF", true, 0xabcdef},
		{"0b101", true, 5},
		{"017", true, 15},
		{"0xffffffffffffffff", true, UINT64_MAX},
		{"0x10000000000000000", false, 0},
		{"18446744073709551616", false, 0},
		{"", false, 0},
		{"0x", false, 0},
		{"12a", false, 0},
		{"08", false, 0},
		{"-1", false, 0},
	};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(cases); i++) {
		uint64_t v = 0;
		bool ok = util_parse_u64(cases[i].text, &v);
		if (cases[i].ok)
			tap_ok(t, ok && v == cases[i].value, "parse '%s' = %llu (got %llu)",
			       cases[i].text, (unsigned long long)cases[i].value,
			       (unsigned long long)v);
		else
			tap_ok(t, !ok, "parse '%s' is refused", cases[i].text);
	}
	tap_is_int(t, util_edit_distance("CP_NOP", "CP_NOP", 3), 0, "distance to itself");
	tap_is_int(t, util_edit_distance("CP_NOOP", "CP_NOP", 3), 1, "one insertion");
	tap_is_int(t, util_edit_distance("CP_MEM_WRTIE", "CP_MEM_WRITE", 3), 2,
		   "a swap is two edits");
	tap_is_int(t, util_edit_distance("abcdef", "uvwxyz", 3), 4,
		   "capped distance reports cap + 1");
}

/* The one "did you mean" writer (sdk/util/suggest.c). */
static void test_suggest(struct tap *t)
{
	struct util_near n;
	struct util_str s = {0};
	util_near_init(&n, "movv", 3, 3);
	/* candidates in no order; the name itself and repeats do not count */
	const char *const names[] = {"max", "movv", "mov", "min", "mov", "waitin", "add"};
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(names); i++)
		util_near_add(&n, names[i]);
	util_near_write(&n, &s);
	tap_is_str(t, s.text ? s.text : "", "; did you mean 'mov', 'max' or 'min'?",
		   "nearest first, then by name, at most 3, quoted");
	util_str_free(&s);

	util_near_init(&n, "movv", 2, 3);
	util_near_add(&n, "mov");
	util_near_add(&n, "min");
	util_near_closest_only(&n);
	util_near_write(&n, &s);
	tap_is_str(t, s.text ? s.text : "", "; did you mean 'mov'?",
		   "closest_only: one nearer name alone");
	util_str_free(&s);

	util_near_init(&n, "xyz", 1, 3);
	util_near_add(&n, "abcdef");
	util_near_write(&n, &s);
	tap_ok(t, s.text == NULL, "nothing near: nothing written");
	const char *two[] = {"a", "b"};
	util_did_you_mean(&s, two, 2);
	tap_is_str(t, s.text ? s.text : "", "; did you mean 'a' or 'b'?", "the writer alone");
	util_str_free(&s);
}

static void test_bytes(struct tap *t)
{
	uint8_t b[4];
	util_put_le32(b, 0x11223344);
	tap_ok(t, b[0] == 0x44 && b[1] == 0x33 && b[2] == 0x22 && b[3] == 0x11,
	       "put_le32 writes the low byte first");
	tap_is_hex(t, util_le32(b), 0x11223344, "le32 reads it back");
	util_put_le16(b, 0xbeef);
	tap_is_hex(t, util_le16(b), 0xbeef, "le16 round trip");
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void test_files(struct tap *t)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/sdk-util-test.XXXXXX", test_tmpdir());
	if (!mkdtemp(dir)) {
		tap_skip(t, 7, "cannot make a scratch directory");
		return;
	}
	char *path = util_xasprintf("%s/out.bin", dir);
	static const char text[] = "hello\0world";
	tap_is_int(t, util_write_file(path, text, sizeof text), 0, "write a file");
	uint8_t *data = NULL;
	size_t len = 0;
	tap_is_int(t, util_read_file(path, &data, &len), 0, "read it back");
	tap_ok(t, len == sizeof text && memcmp(data, text, len) == 0,
	       "same bytes, NULs included (%zu bytes)", len);
	tap_is_int(t, count_entries(dir), 1, "no temporary file left beside it");
	free(data);

	char *missing = util_xasprintf("%s/no/such/dir/out.bin", dir);
	tap_ok(t, util_write_file(missing, text, 4) != 0, "writing into a missing directory fails");
	tap_ok(t, util_read_file(missing, &data, &len) != 0, "reading a missing file fails");
	tap_is_int(t, count_entries(dir), 1, "a failed write leaves nothing");
	free(missing);
	unlink(path);
	free(path);
	rmdir(dir);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_push(&t);
	test_str(&t);
	test_numbers(&t);
	test_suggest(&t);
	test_bytes(&t);
	test_files(&t);
	return tap_done_testing(&t);
}
