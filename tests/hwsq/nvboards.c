/* Every board description (hwsq-scripts/boards, tests/hwsq/boards): the
 * header the SDK's generator makes of it, into a temporary directory,
 * and the model's inputs for the same tables (nvinputs.c). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/board.h"
#include "hwsq/hwsq.h"
#include "nvinputs.h"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .board files of dir, sorted, appended to *paths. */
static void list(const char *dir, char ***paths, size_t *count)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	size_t first = *count;
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (len < 7 || strcmp(e->d_name + len - 6, ".board") != 0)
			continue;
		*paths = util_xrealloc(*paths, (*count + 1) * sizeof **paths);
		(*paths)[(*count)++] = util_xasprintf("%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(*paths + first, *count - first, sizeof **paths, by_name);
}

static void load(struct nv_board *b, const char *path, const char *tmpdir)
{
	uint8_t *text;
	size_t len;
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	snprintf(b->header, sizeof b->header, "%.*s", (int)(strlen(base) - 6), base);
	b->desc = util_xstrndup(path, strlen(path));
	if (hwsq_read_input(path, &text, &len)) {
		b->sdk_error = util_xasprintf("cannot read %s", path);
		b->model_error = util_xasprintf("cannot read %s", path);
		return;
	}
	struct diag d;
	diag_init(&d);
	struct hwsq_board hb;
	bool ok = hwsq_board_parse(path, (const char *)text, len, &hb, &d);
	free(text);
	struct util_str out = {0};
	if (ok && hwsq_board_header(&hb, path, &out, &d)) {
		b->sdk_header = util_xasprintf("%s/%s.h", tmpdir, b->header);
		if (util_write_file(b->sdk_header, out.text, out.len)) {
			free(b->sdk_header);
			b->sdk_header = NULL;
		}
	}
	if (!b->sdk_header)
		b->sdk_error = util_xasprintf("%s", d.count ? d.msgs[0].text : "cannot write");
	char why[256] = "";
	if (ok && !nvi_board(&hb, b, why, sizeof why))
		b->model_error = util_xasprintf("%s", why);
	if (!ok)
		b->model_error = util_xasprintf("the description does not parse");
	util_str_free(&out);
	diag_free(&d);
	hwsq_board_free(&hb);
}

void nv_boards_load(const char *root, struct nv_boards *bs)
{
	memset(bs, 0, sizeof *bs);
	char **paths = NULL;
	size_t count = 0;
	static const char *const dirs[] = {"hwsq-scripts/boards", "tests/hwsq/boards"};
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		char *dir = util_xasprintf("%s/%s", root, dirs[i]);
		list(dir, &paths, &count);
		free(dir);
	}
	char templ[] = "/tmp/hwsq-boards.XXXXXX";
	bs->tmpdir = util_xstrndup(mkdtemp(templ) ? templ : "/tmp", strlen(templ));
	bs->items = util_xcalloc(count ? count : 1, sizeof *bs->items);
	bs->count = count;
	for (size_t i = 0; i < count; i++) {
		load(&bs->items[i], paths[i], bs->tmpdir);
		free(paths[i]);
	}
	free(paths);
}

void nv_boards_free(struct nv_boards *bs)
{
	for (size_t i = 0; i < bs->count; i++) {
		struct nv_board *b = &bs->items[i];
		if (b->sdk_header)
			remove(b->sdk_header);
		free(b->sdk_header);
		free(b->sdk_error);
		free(b->model_error);
		free(b->desc);
	}
	remove(bs->tmpdir);
	free(bs->tmpdir);
	free(bs->items);
}
