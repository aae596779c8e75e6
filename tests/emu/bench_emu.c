/* Emulated afuc instructions per second: a long stream of CP_MEM_WRITE
 * and PKT4 packets through the real a630 SQE image (skipped without it).
 * The target is 100 million per second on one core. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "afuc/emu.h"
#include "util/util.h"

static uint8_t *find_firmware(const char *name, size_t *len)
{
	const char *dirs[3] = {getenv("AFUC_FIRMWARE_DIR"), NULL, "/usr/lib/firmware/qcom"};
	const char *root = getenv("SDK_ROOT");
	char *shared = util_xasprintf("%s/../shared/firmware/qcom", root ? root : ".");
	dirs[1] = shared;
	uint8_t *data = NULL;
	for (int i = 0; i < 3 && !data; i++) {
		if (!dirs[i] || !*dirs[i])
			continue;
		char *path = util_xasprintf("%s/%s", dirs[i], name);
		if (util_read_file(path, &data, len))
			data = NULL;
		free(path);
	}
	free(shared);
	return data;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: the machine may be shared */
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
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
	uint64_t steps = 0;
	double busy = 0;
	for (int b = 0; b < batches; b++) {
		for (int i = 0; i < packets; i++) {
			emu_push_pkt7(emu, 0x3d, mem_write, 10); /* CP_MEM_WRITE */
			emu_push_pkt4(emu, 0xe12, values, 8);
		}
		double t0 = now();
		if (emu_run(emu) != EMU_IDLE) {
			fprintf(stderr, "bench-emu: %s\n", emu_error(emu));
			return 1;
		}
		busy += now() - t0;
		steps += emu_last_steps(emu);
		emu_clear_writes(emu);
	}
	char cpu[128];
	cpu_model(cpu, sizeof cpu);
	double mips = steps / busy / 1e6;
	printf("# afuc emulator, a630 SQE: %d CP_MEM_WRITE + PKT4 packets\n",
	       batches * packets * 2);
	printf("# %llu instructions in %.3f s: %.1f million instructions/s on one core (%s)\n",
	       (unsigned long long)steps, busy, mips, cpu);
	printf("# target: 100 million instructions/s: %s\n", mips >= 100 ? "met" : "NOT met");
	emu_free(emu);
	return 0;
}
