/* Emulated afuc instructions per second: a long stream of CP_MEM_WRITE
 * and PKT4 packets through the real a630 SQE image (skipped without it).
 * The target is 100 million per second on one core. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/emu.h"
#include "util/util.h"

#include "../lib/bench.h"
#include "../lib/firmware.h"

static uint8_t *find_firmware(const char *name, size_t *len)
{
	return test_firmware(name, len, NULL);
}

static void cpu_model(char *buf, size_t size)
{
	snprintf(buf, size, "unknown CPU");
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	char line[256];
	while (fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) == 0 && colon) {
			snprintf(buf, size, "%s", colon + 2);
			buf[strcspn(buf, "\n")] = '\0';
			break;
		}
	}
	fclose(f);
}

int main(void)
{
	size_t len;
	uint8_t *fw = find_firmware("a630_sqe.fw", &len);
	if (!fw) {
		printf("1..0 # SKIP vendor image a630_sqe.fw not found\n");
		return 0;
	}
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX, .step_limit = 1ull << 40},
				  NULL);
	if (!emu_load_image_bytes(emu, fw, len) || emu_run(emu) != EMU_IDLE) {
		fprintf(stderr, "bench-emu: %s\n", emu_error(emu));
		return 1;
	}
	free(fw);
	const uint32_t mem_write[] = {0x1000, 0, 1, 2, 3, 4, 5, 6, 7, 8};
	const uint32_t values[] = {1, 2, 3, 4, 5, 6, 7, 8};
	const int batches = 400, packets = 2000;
	/* Five rounds of the same stream: a shared machine makes single
	 * figures noisy, so print the spread and judge the median. */
	enum { ROUNDS = 5 };
	double mips[ROUNDS];
	uint64_t steps = 0;
	for (int r = 0; r < ROUNDS; r++) {
		double busy = 0;
		steps = 0;
		for (int b = 0; b < batches; b++) {
			for (int i = 0; i < packets; i++) {
				emu_push_pkt7(emu, 0x3d, mem_write, 10); /* CP_MEM_WRITE */
				emu_push_pkt4(emu, 0xe12, values, 8);
			}
			double t0 = bench_cpu_seconds();
			if (emu_run(emu) != EMU_IDLE) {
				fprintf(stderr, "bench-emu: %s\n", emu_error(emu));
				return 1;
			}
			busy += bench_cpu_seconds() - t0;
			steps += emu_last_steps(emu);
			emu_clear_writes(emu);
		}
		mips[r] = (double)steps / busy / 1e6;
	}
	qsort(mips, ROUNDS, sizeof mips[0], bench_by_value);
	char cpu[128];
	cpu_model(cpu, sizeof cpu);
	printf("# afuc emulator, a630 SQE: %d CP_MEM_WRITE + PKT4 packets, %d rounds\n",
	       batches * packets * 2, ROUNDS);
	printf("# %llu instructions a round: %.1f million instructions/s median (best %.1f, worst "
	       "%.1f) on one core (%s)\n",
	       (unsigned long long)steps, mips[ROUNDS / 2], mips[ROUNDS - 1], mips[0], cpu);
	printf("# target: 100 million instructions/s (median): %s\n",
	       mips[ROUNDS / 2] >= 100 ? "met" : "NOT met");
	emu_free(emu);
	return 0;
}
