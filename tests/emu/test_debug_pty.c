/* afuc-emu -i at a terminal: a pseudo-terminal stands in for one, and
 * the prompt, libedit's history (the up arrow brings the last command
 * back) and line editing (^A moves to the start of the line) are checked
 * through what the debugger answers. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "afuc/tap.h"

/* how long one answer may take, in milliseconds (ASan builds are slow) */
#define ANSWER_MS 20000

struct term {
	int fd;
	pid_t pid;
	char seen[65536];
	size_t len;
};

/* Reads what the debugger writes until want has appeared count times in
 * all of it, or the time is up; true when it did. */
static bool wait_for(struct term *t, const char *want, int count)
{
	struct timespec start;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		int found = 0;
		for (const char *p = t->seen; (p = strstr(p, want)); p += strlen(want))
			found++;
		if (found >= count)
			return true;
		struct timespec now;
		clock_gettime(CLOCK_MONOTONIC, &now);
		long ms = (now.tv_sec - start.tv_sec) * 1000 +
			  (now.tv_nsec - start.tv_nsec) / 1000000;
		struct pollfd p = {t->fd, POLLIN, 0};
		if (ms >= ANSWER_MS || poll(&p, 1, (int)(ANSWER_MS - ms)) <= 0)
			return false;
		ssize_t n = read(t->fd, t->seen + t->len, sizeof t->seen - 1 - t->len);
		if (n <= 0)
			return false; /* EIO: the debugger has gone */
		t->len += (size_t)n;
		t->seen[t->len] = '\0';
	}
}

static void type(struct term *t, const char *keys)
{
	size_t len = strlen(keys);
	if (write(t->fd, keys, len) != (ssize_t)len)
		abort();
}

static bool start(struct term *t, const char *emu, const char *fw, const char *home)
{
	t->len = 0;
	t->seen[0] = '\0';
	t->fd = posix_openpt(O_RDWR | O_NOCTTY);
	if (t->fd < 0 || grantpt(t->fd) || unlockpt(t->fd))
		return false;
	const char *name = ptsname(t->fd);
	if (!name)
		return false;
	t->pid = fork();
	if (t->pid < 0)
		return false;
	if (t->pid == 0) {
		setsid();
		int slave = open(name, O_RDWR);
		if (slave < 0)
			_exit(127);
		dup2(slave, 0);
		dup2(slave, 1);
		dup2(slave, 2);
		close(slave);
		close(t->fd);
		/* no ~/.editrc of the user's: libedit's defaults */
		setenv("HOME", home, 1);
		setenv("TERM", "dumb", 1);
		execl(emu, emu, "-i", fw, (char *)NULL);
		_exit(127);
	}
	return true;
}

/* The debugger's exit status. It is waited for before the terminal
 * closes: closing the master first hangs up a debugger still on its way
 * out (SIGHUP, a failure under load). One that does not exit within
 * ANSWER_MS is hung up then. */
static int finish(struct term *t)
{
	int status = 0;
	pid_t done = 0;
	for (long ms = 0; ms < ANSWER_MS && done == 0; ms += 10) {
		done = waitpid(t->pid, &status, WNOHANG);
		if (done == 0)
			nanosleep(&(struct timespec){0, 10 * 1000000L}, NULL);
	}
	close(t->fd);
	if (done == 0)
		done = waitpid(t->pid, &status, 0);
	if (done < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	const char *bin = getenv("SDK_BIN"), *build = getenv("SDK_BUILD");
	if (!bin || !build) {
		tap_skip_all(&t, "SDK_BIN and SDK_BUILD are not set (make check sets them)");
		return 0;
	}
	char emu[4096], fw[4096], home[] = "/tmp/afuc-pty-XXXXXX";
	snprintf(emu, sizeof emu, "%s/afuc-emu", bin);
	snprintf(fw, sizeof fw, "%s/firmware/a6xx/sqe.fw", build);
	if (!mkdtemp(home)) {
		tap_bail_out(&t, "mkdtemp: %s", strerror(errno));
		return 1;
	}
	struct term term;
	if (!start(&term, emu, fw, home)) {
		tap_skip_all(&t, "no pseudo-terminal: %s", strerror(errno));
		rmdir(home);
		return 0;
	}
	struct term *tt = &term;
	tap_ok(&t, wait_for(tt, "(afuc) ", 1), "the prompt appears at a terminal");
	type(tt, "p $02\r");
	tap_ok(&t, wait_for(tt, "$02 = 0x", 1), "a command typed is run");
	tap_ok(&t, wait_for(tt, "(afuc) ", 2), "and the prompt comes back");
	type(tt, "p $03\r");
	tap_ok(&t, wait_for(tt, "$03 = 0x", 1), "another command");
	/* the up arrow twice brings "p $02" back (an empty line would
	 * repeat "p $03"); enter runs it again */
	type(tt, "\033[A\033[A\r");
	tap_ok(&t, wait_for(tt, "$02 = 0x", 2), "up arrow twice and enter: the command before");
	tap_ok(&t, !strstr(strstr(tt->seen, "$03 = 0x") + 1, "$03 = 0x"), "not the last one");
	/* ^A moves to the start: "%SP" typed, then "p " put before it */
	type(tt, "%SP\001p \r");
	tap_ok(&t, wait_for(tt, "%SP = 0x", 1), "^A edits the line: 'p ' put before '%%SP'");
	type(tt, "brek\r");
	tap_ok(&t, wait_for(tt, "did you mean 'break'", 1), "errors show at the terminal too");
	type(tt, "\004"); /* ^D: the end of input */
	wait_for(tt, "\n(never)", 1);
	int status = finish(tt);
	tap_is_int(&t, status, 0, "^D at the prompt quits, exit 0");
	if (t.failed)
		tap_diag(&t, "the terminal showed:\n%s", term.seen);
	rmdir(home);
	return tap_done_testing(&t);
}
