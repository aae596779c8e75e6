/* End-to-end replay: afuc-emu --replay of the synthetic capture of
 * issue 28 ((CP_NOP, PKT4) pairs, 1000 a submission, written by
 * mkcapture-nop) through the real a630 SQE image, at 100k and 1M pairs.
 * Prints emulated instructions per CPU second of the whole process (the
 * capture read, the image loaded, the replay, the report), its peak
 * memory, the peak memory of --writes, --stats and --diff (the image
 * against itself), which stream their logs, and the start-up of a
 * replay of 10 pairs. With Mesa's
 * afuc-disasm on PATH, a column says what it takes to load the same
 * image (its start-up). Targets: 50 M/s, < 64 MiB at 1M pairs, < 3 ms. */
#define _DEFAULT_SOURCE /* wait4: the rusage of one child */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/bench.h"
#include "../lib/firmware.h"

struct figures {
	double cpu;     /* user + system seconds */
	long peak_kib;  /* maximum resident set */
	uint64_t insns; /* the instructions its TAP lines report */
	bool ok;
};

/* Runs argv with stdout into a pipe; the child's own rusage. */
static struct figures run(char *const argv[])
{
	struct figures f = {0};
	int fd[2];
	if (pipe(fd) != 0)
		return f;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	FILE *out = fdopen(fd[0], "r");
	char line[512];
	while (out && fgets(line, sizeof line, out)) {
		const char *at = strstr(line, " instructions)");
		const char *open = at ? strrchr(line, '(') : NULL;
		if (open && open < at)
			f.insns += strtoull(open + 1, NULL, 10);
	}
	if (out)
		fclose(out);
	int status;
	struct rusage ru;
	if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
		return f;
	f.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	f.cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		(double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	f.peak_kib = ru.ru_maxrss;
	return f;
}

static int by_cpu(const void *a, const void *b)
{
	return bench_by_value(&((const struct figures *)a)->cpu, &((const struct figures *)b)->cpu);
}

/* The median of rounds runs of argv, by CPU time. */
static struct figures median(char *const argv[], int rounds)
{
	struct figures f[16];
	for (int i = 0; i < rounds; i++) {
		f[i] = run(argv);
		if (!f[i].ok)
			return f[i];
	}
	qsort(f, (size_t)rounds, sizeof f[0], by_cpu);
	return f[rounds / 2];
}

static bool on_path(const char *name)
{
	const char *path = getenv("PATH");
	char buf[4096];
	while (path && *path) {
		size_t n = strcspn(path, ":");
		snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, name);
		if (n && access(buf, X_OK) == 0)
			return true;
		path += n + (path[n] == ':');
	}
	return false;
}

int main(void)
{
	char *fw_path = NULL;
	size_t len;
	uint8_t *fw = test_firmware("a630_sqe.fw", &len, &fw_path);
	if (!fw) {
		printf("1..0 # SKIP vendor image a630_sqe.fw not found\n");
		return 0;
	}
	free(fw);
	const char *bin = getenv("SDK_BIN"), *build = getenv("SDK_BUILD");
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	if (!bin || !build) {
		fprintf(stderr, "bench-replay: SDK_BIN and SDK_BUILD must be set (make bench)\n");
		return 1;
	}
	char emu[4096], gen[4096], cap[4096], wlog[4096];
	snprintf(emu, sizeof emu, "%s/afuc-emu", bin);
	snprintf(gen, sizeof gen, "%s/bench/emu/mkcapture-nop", build);
	snprintf(cap, sizeof cap, "%s/bench-replay-%ld.rd", tmp, (long)getpid());
	snprintf(wlog, sizeof wlog, "%s/bench-replay-%ld.writes", tmp, (long)getpid());
	const bool mesa = on_path("afuc-disasm");
	printf("# afuc-emu --replay, a630 SQE, (CP_NOP, PKT4) pairs, 1000 a submission; "
	       "median of 3 runs, CPU time of the whole process\n");
	printf("# %9s %12s %10s %9s %10s\n", "pairs", "instructions", "M insn/s", "peak MiB",
	       "file MiB");
	static const char *const sizes[] = {"100000", "1000000"};
	long flag_peak[2][3] = {{0}};
	int status = 0;
	for (size_t i = 0; i < 2; i++) {
		struct figures g = run((char *const[]){gen, cap, (char *)sizes[i], NULL});
		struct figures r = g.ok ? median((char *const[]){emu, "--replay", cap, fw_path,
								 NULL},
						 3)
					: g;
		/* the flags that read logs: one run each, for the peak */
		char *const flags[3][8] = {
			{emu, "--replay", cap, fw_path, "--writes", wlog, NULL},
			{emu, "--replay", cap, fw_path, "--stats", NULL},
			{emu, "--replay", cap, "--diff", fw_path, fw_path, NULL},
		};
		for (int k = 0; k < 3 && r.ok; k++) {
			struct figures fl = run(flags[k]);
			flag_peak[i][k] = fl.ok ? fl.peak_kib : -1;
		}
		remove(wlog);
		FILE *f = fopen(cap, "rb");
		long bytes = 0;
		if (f && fseek(f, 0, SEEK_END) == 0)
			bytes = ftell(f);
		if (f)
			fclose(f);
		remove(cap);
		if (!r.ok) {
			fprintf(stderr, "bench-replay: the replay of %s pairs failed\n", sizes[i]);
			status = 1;
			continue;
		}
		printf("# %9s %12llu %10.1f %9.1f %10.1f\n", sizes[i], (unsigned long long)r.insns,
		       (double)r.insns / r.cpu / 1e6, (double)r.peak_kib / 1024,
		       (double)bytes / (1 << 20));
		if (i == 1)
			printf("# targets at 1M pairs: 50 M insn/s: %s; peak < 64 MiB: %s\n",
			       (double)r.insns / r.cpu / 1e6 >= 50 ? "met" : "NOT met",
			       r.peak_kib < 64 * 1024 ? "met" : "NOT met");
	}
	printf("# peak MiB with the flags that read logs (streamed; --diff: the image against "
	       "itself)\n# %9s %9s %9s %9s\n",
	       "pairs", "--writes", "--stats", "--diff");
	for (size_t i = 0; i < 2; i++) {
		printf("# %9s", sizes[i]);
		for (int k = 0; k < 3; k++) {
			if (flag_peak[i][k] < 0) {
				printf(" %9s", "failed");
				status = 1;
			} else {
				printf(" %9.1f", (double)flag_peak[i][k] / 1024);
			}
		}
		printf("\n");
	}
	/* start-up: a replay of 10 pairs is nearly all of it */
	struct figures g = run((char *const[]){gen, cap, "10", NULL});
	struct figures s = g.ok ? median((char *const[]){emu, "--replay", cap, fw_path, NULL}, 15)
				: g;
	remove(cap);
	if (s.ok) {
		printf("# start-up (a replay of 10 pairs): %.1f ms CPU (target < 3 ms: %s)",
		       s.cpu * 1e3, s.cpu < 0.003 ? "met" : "NOT met");
		if (mesa) {
			struct figures m = median(
				(char *const[]){"afuc-disasm", "-g", "630", fw_path, NULL}, 15);
			if (m.ok)
				printf("; Mesa afuc-disasm of the same image: %.1f ms",
				       m.cpu * 1e3);
		}
		printf("\n");
	} else {
		status = 1;
	}
	free(fw_path);
	return status;
}
