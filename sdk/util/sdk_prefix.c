/* Where the SDK's own files are (util_sdk_path). The build tree and an
 * installed tree have the same shape, so the prefix is found from where
 * the running code lives: the shared library (PREFIX/lib/libafuc-emu.so)
 * or the tool (PREFIX/bin/afuc-as), wherever the prefix was moved. Only
 * a program linked with a static library has nothing to go by but the
 * prefix make install compiled this file with (sdk/make/install.mk);
 * the build tree's copy has none. */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/util.h"

#ifndef SDK_INSTALL_PREFIX
#define SDK_INSTALL_PREFIX ""
#endif

const char util_sdk_install_prefix[] = SDK_INSTALL_PREFIX;

/* The directory two levels above file (PREFIX of PREFIX/lib/x.so or
 * PREFIX/bin/tool), malloc'ed; NULL when file cannot be resolved, or,
 * if sdk_only, when that directory does not hold share/afuc-sdk. */
static char *prefix_above(const char *file, bool sdk_only)
{
	char *dir = file && *file ? realpath(file, NULL) : NULL;
	if (!dir)
		return NULL;
	for (int i = 0; i < 2; i++) {
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
	}
	char *data = util_xasprintf("%s/share/afuc-sdk", dir);
	bool sdk = access(data, F_OK) == 0;
	free(data);
	if (sdk_only && !sdk) {
		free(dir);
		return NULL;
	}
	return dir;
}

char *util_sdk_path(const char *relative)
{
	const char *env = getenv("AFUC_SDK_PREFIX");
	if (env && *env)
		return util_xasprintf("%s/%s", env, relative);
	/* The shared library this code is in, if it is in one (for the
	 * main program dladdr gives argv[0], which proves nothing). */
	Dl_info here;
	char *prefix = NULL;
	if (dladdr((void *)util_sdk_path, &here) && here.dli_fname) {
		const char *slash = strrchr(here.dli_fname, '/');
		if (strstr(slash ? slash : here.dli_fname, ".so"))
			prefix = prefix_above(here.dli_fname, true);
	}
	if (!prefix)
		prefix = prefix_above("/proc/self/exe", util_sdk_install_prefix[0] != '\0');
	if (!prefix)
		return util_sdk_install_prefix[0]
			       ? util_xasprintf("%s/%s", util_sdk_install_prefix, relative)
			       : util_xstrdup(relative);
	char *path = util_xasprintf("%s/%s", prefix, relative);
	free(prefix);
	return path;
}
