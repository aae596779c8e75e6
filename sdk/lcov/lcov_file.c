/* Adding to a tracefile on disk (lcov.h): several afuc-emu at once (make
 * -j check with AFUC_COVERAGE_OUT) take turns through a lock, and each
 * replaces the file whole, so a reader never sees half of one. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lcov/lcov.h"
#include "util/util.h"

/* A tracefile larger than this is not one afuc-emu wrote. */
#define LCOV_MAX_BYTES (256u << 20)

static int lock(const char *path, int *fd)
{
	char *lock_path = util_xasprintf("%s.lock", path);
	*fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	free(lock_path);
	if (*fd < 0)
		return errno;
	struct flock l = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	while (fcntl(*fd, F_SETLKW, &l) < 0) {
		if (errno != EINTR) {
			int err = errno;
			close(*fd);
			return err;
		}
	}
	return 0;
}

bool lcov_merge_file(const struct lcov *cov, const char *path, struct diag *d)
{
	int fd, err = lock(path, &fd);
	if (err) {
		diag_error(d, diag_at(path, 0, 0), "cannot lock %s.lock: %s", path, strerror(err));
		return false;
	}
	struct lcov sum = {0};
	uint8_t *text = NULL;
	size_t len = 0;
	err = util_read_file_max(path, LCOV_MAX_BYTES, &text, &len);
	bool ok = true;
	if (err == EFBIG) {
		diag_error(d, diag_at(path, 0, 0),
			   "larger than %u bytes: not a tracefile of afuc-emu", LCOV_MAX_BYTES);
		ok = false;
	} else if (err && err != ENOENT) {
		diag_error(d, diag_at(path, 0, 0), "%s", strerror(err));
		ok = false;
	} else if (!err) {
		ok = lcov_parse(&sum, path, (const char *)text, len, d);
	}
	free(text);
	if (ok) {
		lcov_merge(&sum, cov);
		struct util_str out = {0};
		lcov_format(&sum, &out);
		err = util_write_file(path, out.text ? out.text : "", out.len);
		util_str_free(&out);
		if (err) {
			diag_error(d, diag_at(path, 0, 0), "%s", strerror(err));
			ok = false;
		}
	}
	lcov_free(&sum);
	close(fd); /* and with it the lock */
	return ok;
}
