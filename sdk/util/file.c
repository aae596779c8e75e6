#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads f to its end, or to one byte past max: enough to know the input
 * is too large without reading all of /dev/zero. */
static int read_stream(FILE *f, size_t max, uint8_t **data, size_t *len)
{
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uintmax_t)st.st_size > max)
		return EFBIG;
	size_t limit = max < SIZE_MAX - 1 ? max + 1 : SIZE_MAX - 1;
	size_t cap = 0, n = 0;
	uint8_t *buf = NULL;
	for (;;) {
		size_t want = limit - n < 65536 ? limit - n : 65536;
		util_grow(&buf, &cap, n + want + 1, 1);
		size_t got = want ? fread(buf + n, 1, want, f) : 0;
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int err = errno ? errno : EIO;
		free(buf);
		return err;
	}
	if (n > max) {
		free(buf);
		return EFBIG;
	}
	buf[n] = 0;
	*data = buf;
	*len = n;
	return 0;
}

int util_read_file_max(const char *path, size_t max, uint8_t **data, size_t *len)
{
	if (strcmp(path, "-") == 0)
		return read_stream(stdin, max, data, len);
	FILE *f = fopen(path, "rb");
	if (!f)
		return errno;
	int err = read_stream(f, max, data, len);
	fclose(f);
	return err;
}

int util_read_file(const char *path, uint8_t **data, size_t *len)
{
	return util_read_file_max(path, SIZE_MAX, data, len);
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

/* The contents of the symbolic link path, malloc'ed; NULL with errno set. */
static char *read_link(const char *path)
{
	for (size_t size = 256;; size *= 2) {
		char *buf = util_xmalloc(size);
		ssize_t n = readlink(path, buf, size);
		if (n < 0) {
			int err = errno;
			free(buf);
			errno = err;
			return NULL;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		free(buf);
	}
}

/* Follows path through symbolic links to the file they finally name,
 * which need not exist yet (a dangling link gets its target created, as
 * the shell's > does). *target is malloc'ed; *exists says whether st is
 * the target's lstat. *magic is set when a link on the way lives in
 * /proc (/dev/stdout, /dev/fd/N): those name open files, not paths, so
 * the file is written in place. Returns 0 or an errno value. */
static int resolve_links(const char *path, char **target, struct stat *st, bool *exists,
			 bool *magic)
{
	char *cur = util_xstrdup(path);
	*magic = false;
	for (int depth = 0;; depth++) {
		if (lstat(cur, st) != 0) {
			int err = errno;
			if (err != ENOENT) {
				free(cur);
				return err;
			}
			*exists = false;
			break;
		}
		if (!S_ISLNK(st->st_mode)) {
			*exists = true;
			break;
		}
		if (depth == 40) { /* the kernel's own limit */
			free(cur);
			return ELOOP;
		}
		*magic |= strncmp(cur, "/proc/", 6) == 0;
		char *link = read_link(cur);
		if (!link) {
			int err = errno;
			free(cur);
			return err;
		}
		/* A relative link is relative to the directory holding it. */
		char *slash = strrchr(cur, '/');
		char *next = link[0] == '/' || !slash
				     ? util_xstrdup(link)
				     : util_xasprintf("%.*s/%s", (int)(slash - cur), cur, link);
		free(link);
		free(cur);
		cur = next;
	}
	*target = cur;
	return 0;
}

/* Creates the temporary file beside target, under a name no other file
 * has (O_EXCL never follows or reuses anyone's file). */
static int open_temp(const char *target, char **tmp)
{
	for (int i = 0; i < 100; i++) {
		char *name = i ? util_xasprintf("%s.tmp%ld.%d", target, (long)getpid(), i)
			       : util_xasprintf("%s.tmp%ld", target, (long)getpid());
		/* 0666 lets the umask decide a new file's permissions, as for
		 * any file a tool creates. */
		int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY, 0666);
		if (fd >= 0) {
			*tmp = name;
			return fd;
		}
		int err = errno;
		free(name);
		if (err != EEXIST)
			return -err;
	}
	return -EEXIST;
}

static void output_free(struct util_output *o, bool remove_tmp)
{
	if (o->tmp && remove_tmp)
		unlink(o->tmp);
	if (o->fd > STDERR_FILENO)
		close(o->fd);
	free(o->tmp);
	free(o->target);
	free(o->data);
	util_zero(o, sizeof *o);
	o->fd = -1;
}

/* Prepares a temporary file beside o->target holding data, with the
 * owner and permissions of the file it will replace (st, when exists). */
static int prepare_temp(struct util_output *o, const struct stat *st, bool exists, const void *data,
			size_t len)
{
	int fd = open_temp(o->target, &o->tmp);
	if (fd < 0)
		return -fd;
	int err = 0;
	if (exists) {
		/* Keep the owner where the system lets us (root, or a group
		 * we are in) and the permission bits; set-id bits are not
		 * carried over to new contents. */
		if (fchown(fd, st->st_uid, st->st_gid) != 0) {
			/* not allowed: the new file stays ours */
		}
		if (fchmod(fd, st->st_mode & 0777) != 0)
			err = errno;
	}
	if (!err)
		err = write_all(fd, data, len);
	if (close(fd) != 0 && !err)
		err = errno;
	return err;
}

int util_outputs_add(struct util_outputs *g, const char *path, const void *data, size_t len)
{
	struct util_output o = {.fd = -1};
	int err = 0;
	struct stat st;
	bool exists = false, magic = false;
	if (strcmp(path, "-") == 0) {
		o.fd = STDOUT_FILENO;
	} else if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* Devices, FIFOs and the like are written in place: renaming
		 * over them would replace /dev/null with a file. A directory
		 * fails here with EISDIR. */
		o.fd = open(path, O_WRONLY | O_NOCTTY);
		if (o.fd < 0)
			err = errno;
	} else if (!(err = resolve_links(path, &o.target, &st, &exists, &magic)) && magic) {
		/* /dev/stdout redirected to a file: truncated at commit, so
		 * that a failed group leaves it as it was. */
		o.fd = open(path, O_WRONLY | O_NOCTTY);
		if (o.fd < 0)
			err = errno;
		o.truncate = true;
	} else if (!err) {
		err = prepare_temp(&o, &st, exists, data, len);
		if (!err) {
			*UTIL_PUSH(g->items, g->count, g->cap) = o;
			return 0;
		}
	}
	if (err) {
		output_free(&o, true);
		return err;
	}
	/* In place: written at commit, so the caller's buffer may go now. */
	o.data = util_xmalloc(len ? len : 1);
	if (len)
		memcpy(o.data, data, len);
	o.len = len;
	*UTIL_PUSH(g->items, g->count, g->cap) = o;
	return 0;
}

void util_outputs_abort(struct util_outputs *g)
{
	for (size_t i = 0; i < g->count; i++)
		output_free(&g->items[i], true);
	free(g->items);
	util_zero(g, sizeof *g);
}

int util_outputs_commit(struct util_outputs *g, size_t *failed)
{
	int err = 0;
	size_t i;
	/* In-place outputs first: their writes are the ones that can still
	 * fail (ENOSPC, EPIPE), and until the renames nothing is replaced. */
	fflush(stdout);
	for (i = 0; i < g->count && !err; i++) {
		struct util_output *o = &g->items[i];
		if (o->tmp)
			continue;
		if (o->truncate && ftruncate(o->fd, 0) != 0)
			err = errno;
		if (!err)
			err = write_all(o->fd, o->data, o->len);
		if (o->fd > STDERR_FILENO && close(o->fd) != 0 && !err)
			err = errno;
		o->fd = -1;
		if (err && failed)
			*failed = i;
	}
	for (i = 0; i < g->count && !err; i++) {
		struct util_output *o = &g->items[i];
		if (!o->tmp)
			continue;
		if (rename(o->tmp, o->target) != 0) {
			err = errno;
			if (failed)
				*failed = i;
			break;
		}
		free(o->tmp);
		o->tmp = NULL; /* renamed: nothing left to remove */
	}
	util_outputs_abort(g);
	return err;
}

int util_write_file(const char *path, const void *data, size_t len)
{
	struct util_outputs g = {0};
	int err = util_outputs_add(&g, path, data, len);
	if (err) {
		util_outputs_abort(&g);
		return err;
	}
	return util_outputs_commit(&g, NULL);
}
