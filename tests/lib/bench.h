/* What the benchmarks (tests/x/bench_*.c, run by make bench) share:
 * clocks and the comparison for sorting figures. */
#ifndef TESTS_BENCH_H
#define TESTS_BENCH_H

#include <time.h>

/* Wall-clock seconds. */
static inline double bench_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* This process's CPU seconds: steadier than wall time on a shared machine. */
static inline double bench_cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* qsort comparison of doubles, smallest first (for medians). */
static inline int bench_by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

#endif
