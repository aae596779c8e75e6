#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int read_stream(FILE *f, uint8_t **data, size_t *len)
{
	size_t cap = 0, n = 0;
	uint8_t *buf = NULL;
	for (;;) {
		util_grow(&buf, &cap, n + 65536 + 1, 1);
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int err = errno ? errno : EIO;
		free(buf);
		return err;
	}
	buf[n] = 0;
	*data = buf;
	*len = n;
	return 0;
}

int util_read_file(const char *path, uint8_t **data, size_t *len)
{
	if (strcmp(path, "-") == 0)
		return read_stream(stdin, data, len);
	FILE *f = fopen(path, "rb");
	if (!f)
		return errno;
	int err = read_stream(f, data, len);
	fclose(f);
	return err;
}

static int write_all(int fd, const void *data, size_t len)
{
	const uint8_t *p = data;
	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int util_write_file(const char *path, const void *data, size_t len)
{
	if (strcmp(path, "-") == 0)
		return write_all(STDOUT_FILENO, data, len);
	/* open() with 0666 lets the umask decide the final permissions, as
	 * for any file a tool creates; O_EXCL keeps us off anyone's file. */
	char *tmp = util_xasprintf("%s.tmp%ld", path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0 && errno == EEXIST) {
		unlink(tmp); /* left over by an earlier run killed mid-write */
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
	}
	if (fd < 0) {
		int err = errno;
		free(tmp);
		return err;
	}
	int err = write_all(fd, data, len);
	if (close(fd) != 0 && !err)
		err = errno;
	if (!err && rename(tmp, path) != 0)
		err = errno;
	if (err)
		unlink(tmp);
	free(tmp);
	return err;
}

char *util_sdk_path(const char *relative)
{
	const char *env = getenv("AFUC_SDK_PREFIX");
	if (env && *env)
		return util_xasprintf("%s/%s", env, relative);
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return util_xstrdup(relative);
	exe[n] = '\0';
	/* strip "/<program>" and then "/bin" */
	for (int i = 0; i < 2; i++) {
		char *slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
	}
	return util_xasprintf("%s/%s", exe[0] ? exe : "/", relative);
}
