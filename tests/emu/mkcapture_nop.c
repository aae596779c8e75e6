/* mkcapture-nop OUT.rd PAIRS [PER_SUBMIT]: writes the synthetic capture
 * make bench replays (issue 28): PAIRS (CP_NOP, PKT4) pairs for an a630,
 * PER_SUBMIT pairs (1000 unless given) a submission, each submission one
 * buffer holding its command stream. */
#include <stdio.h>
#include <stdlib.h>

#include "afuc/emu.h"
#include "afuc/pm4.h"
#include "rd/rd.h"
#include "util/util.h"

#define IB_BASE 0x100000ull
#define REG_SCRATCH 0xe12 /* a register the SQE passes on without looking */

static bool number(const char *s, unsigned long *out)
{
	char *end;
	*out = strtoul(s, &end, 10);
	return *s && !*end && *out > 0;
}

int main(int argc, char **argv)
{
	unsigned long pairs, per = 1000;
	if (argc < 3 || argc > 4 || !number(argv[2], &pairs) ||
	    (argc == 4 && !number(argv[3], &per))) {
		fprintf(stderr, "usage: mkcapture-nop OUT.rd PAIRS [PER_SUBMIT]\n");
		return 2;
	}
	struct rd_out o = {0};
	uint32_t gpu_id = 630;
	rd_out_section(&o, RD_GPU_ID, &gpu_id, 1);
	uint32_t *ib = malloc(3 * sizeof *ib * per);
	if (!ib)
		return 1;
	for (unsigned long done = 0; done < pairs;) {
		unsigned long n = pairs - done < per ? pairs - done : per;
		for (unsigned long i = 0; i < n; i++) {
			ib[3 * i] = emu_pkt7_header(PM4_CP_NOP, 0);
			ib[3 * i + 1] = emu_pkt4_header(REG_SCRATCH, 1);
			ib[3 * i + 2] = (uint32_t)(done + i);
		}
		rd_out_buffer(&o, IB_BASE, ib, 3 * n);
		rd_out_stream(&o, IB_BASE, (uint32_t)(3 * n));
		done += n;
	}
	free(ib);
	FILE *f = fopen(argv[1], "wb");
	bool ok = f && fwrite(o.bytes, 1, o.len, f) == o.len;
	ok = f && fclose(f) == 0 && ok;
	rd_out_free(&o);
	if (!ok) {
		fprintf(stderr, "mkcapture-nop: %s: error: cannot write\n", argv[1]);
		return 1;
	}
	return 0;
}
