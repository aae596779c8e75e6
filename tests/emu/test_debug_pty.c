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
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "../lib/test_env.h"
#include "afuc/tap.h"

/* how long one answer may take, in milliseconds (ASan builds are slow) */
#define ANSWER_MS 20000

struct term {
	int fd;
	pid_t pid;
	char seen[65536];
	size_t len;
	size_t mark; /* just past what was waited for last */
};

static long ms_since(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

/* Reads what the debugger writes until want has appeared count times
 * from offset from on, or the time is up; true when it did, with mark
 * just past the count-th one. */
static bool wait_from(struct term *t, size_t from, const char *want, int count)
{
	struct timespec start;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		int found = 0;
		for (const char *p = t->seen + from; (p = strstr(p, want)); p += strlen(want)) {
			if (++found == count) {
				t->mark = (size_t)(p - t->seen) + strlen(want);
				return true;
			}
		}
		long ms = ms_since(&start);
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

/* want, count times in all the debugger wrote */
static bool wait_for(struct term *t, const char *want, int count)
{
	return wait_from(t, 0, want, count);
}

/* The prompt after what was waited for last, and the terminal in raw
 * mode. Keys are typed only then: libedit prints the prompt before it
 * leaves cooked mode, and a ^D typed in cooked mode becomes the line
 * discipline's end-of-file, which the switch to raw mode turns into a NUL:
 * the debugger would wait for more. (tcgetattr on the master reads the
 * terminal's side.) */
static bool prompt(struct term *t)
{
	if (!wait_from(t, t->mark, "(afuc) ", 1))
		return false;
	struct timespec start;
	clock_gettime(CLOCK_MONOTONIC, &start);
	struct termios mode;
	while (tcgetattr(t->fd, &mode) == 0 && (mode.c_lflag & ICANON)) {
		if (ms_since(&start) >= ANSWER_MS)
			return false;
		nanosleep(&(struct timespec){0, 1000 * 1000}, NULL);
	}
	return true;
}

static void type(struct term *t, const char *keys)
{
	size_t len = strlen(keys);
	if (write(t->fd, keys, len) != (ssize_t)len)
		abort();
}

static bool start(struct term *t, const char *emu, const char *fw, const char *home)
{
	t->len = t->mark = 0;
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

/* Waits for the debugger to exit, reading what it still writes, and only
 * then closes the terminal: closing it first hangs it up, and a debugger
 * that has closed its side but not yet exited would die of SIGHUP. One
 * that has not exited after ANSWER_MS is killed (and the test fails). */
static int finish(struct term *t)
{
	struct timespec start;
	clock_gettime(CLOCK_MONOTONIC, &start);
	int status = 0;
	pid_t done;
	while ((done = waitpid(t->pid, &status, WNOHANG)) == 0) {
		if (ms_since(&start) >= ANSWER_MS) {
			kill(t->pid, SIGKILL);
			done = waitpid(t->pid, &status, 0);
			break;
		}
		struct pollfd p = {t->fd, POLLIN, 0};
		ssize_t n = 0;
		if (poll(&p, 1, 10) > 0 && (p.revents & POLLIN) && t->len < sizeof t->seen - 1)
			n = read(t->fd, t->seen + t->len, sizeof t->seen - 1 - t->len);
		if (n > 0) {
			t->len += (size_t)n;
			t->seen[t->len] = '\0';
		} else {
			/* its side closed (EIO, POLLHUP at once): no busy loop */
			nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
		}
	}
	close(t->fd);
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
	char emu[4096], fw[4096], home[4096];
	snprintf(home, sizeof home, "%s/afuc-pty-XXXXXX", test_tmpdir());
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
	tap_ok(&t, prompt(tt), "the prompt appears at a terminal");
	type(tt, "p $02\r");
	tap_ok(&t, wait_for(tt, "$02 = 0x", 1), "a command typed is run");
	tap_ok(&t, prompt(tt), "and the prompt comes back");
	type(tt, "p $03\r");
	tap_ok(&t, wait_for(tt, "$03 = 0x", 1) && prompt(tt), "another command");
	/* the up arrow twice brings "p $02" back (an empty line would
	 * repeat "p $03"); enter runs it again */
	type(tt, "\033[A\033[A\r");
	tap_ok(&t, wait_for(tt, "$02 = 0x", 2) && prompt(tt),
	       "up arrow twice and enter: the command before");
	tap_ok(&t, !strstr(strstr(tt->seen, "$03 = 0x") + 1, "$03 = 0x"), "not the last one");
	/* ^A moves to the start: "%SP" typed, then "p " put before it */
	type(tt, "%SP\001p \r");
	tap_ok(&t, wait_for(tt, "%SP = 0x", 1) && prompt(tt),
	       "^A edits the line: 'p ' put before '%%SP'");
	type(tt, "brek\r");
	tap_ok(&t, wait_for(tt, "did you mean 'break'", 1) && prompt(tt),
	       "errors show at the terminal too");
	type(tt, "\004"); /* ^D: the end of input */
	int status = finish(tt);
	tap_is_int(&t, status, 0, "^D at the prompt quits, exit 0");
	if (t.failed)
		tap_diag(&t, "the terminal showed:\n%s", term.seen);
	rmdir(home);
	return tap_done_testing(&t);
}
