/* The one vendor-firmware search of tools (afuc-emu's vendor:NAME) and
 * tests (tests/lib/firmware.c; tests/lib/tap.sh's find_firmware is the
 * same search in shell). */
#include "util/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* $env_name, then shared below the project's parent ($SDK_ROOT, else
 * root), then system_dir when there is one. */
static void search_dirs(struct util_fw_dirs *d, const char *env_name, const char *shared,
			const char *system_dir, const char *root)
{
	const char *env = getenv(env_name), *sdk_root = getenv("SDK_ROOT");
	size_t n = 0;
	*d = (struct util_fw_dirs){{NULL}};
	if (env && *env)
		d->dirs[n++] = util_xstrdup(env);
	d->dirs[n++] = util_xasprintf("%s/../shared/%s", sdk_root && *sdk_root ? sdk_root : root,
				      shared);
	if (system_dir)
		d->dirs[n++] = util_xstrdup(system_dir);
}

void util_fw_dirs_init(struct util_fw_dirs *d, const char *root)
{
	search_dirs(d, "AFUC_FIRMWARE_DIR", "firmware/qcom", "/usr/lib/firmware/qcom", root);
}

void util_capture_dirs_init(struct util_fw_dirs *d, const char *root)
{
	search_dirs(d, "AFUC_CAPTURE_DIR", "captures", NULL, root);
}

void util_fw_dirs_free(struct util_fw_dirs *d)
{
	for (size_t i = 0; d->dirs[i]; i++)
		free(d->dirs[i]);
	*d = (struct util_fw_dirs){{NULL}};
}

char *util_fw_dirs_text(const struct util_fw_dirs *d)
{
	struct util_str s = {0};
	for (size_t i = 0; d->dirs[i]; i++)
		util_str_printf(&s, "%s%s", i ? ", " : "", d->dirs[i]);
	return s.text ? util_str_take(&s) : util_xstrdup("no directory");
}

int util_read_firmware(const char *dir, const char *name, size_t max, uint8_t **data, size_t *len,
		       char **path)
{
	static const char *const suffixes[] = {"", ".xz", ".zst"};
	int err = ENOENT;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(suffixes) && err == ENOENT; i++) {
		char *p = util_xasprintf("%s/%s%s", dir, name, suffixes[i]);
		err = util_read_image(p, max, data, len);
		if (err != ENOENT && path)
			*path = p;
		else
			free(p);
	}
	return err;
}

bool util_require_firmware(void)
{
	const char *env = getenv("AFUC_REQUIRE_FIRMWARE");
	return env && *env && strcmp(env, "0") != 0;
}
