/* The generated headers from C: all five together, their constants the
 * values checked by hand (afuc and HWSQ specs, reference listings) and
 * the values the library looks up in the same database. */
#include "afuc/a5xx_regs.h"
#include "afuc/a6xx_regs.h"
#include "afuc/a7xx_regs.h"
#include "afuc/hwsq_regs.h"
#include "afuc/pm4.h"
#include "afuc/tap.h"
#include "rnn/rnn.h"

#include <libxml/parser.h>

#include <stdlib.h>

struct constant {
	enum rnn_space space;
	const char *variant;
	const char *name;
	uint64_t macro;
	uint64_t by_hand;
};

/* A field's mask covers its bits in place; CP_REG_TO_MEM's CNT is a bit
 * shorter on a7xx, where bit 29 is a flag of its own. */
_Static_assert(A6XX_CP_REG_TO_MEM_0_CNT__MASK == 0x3ffc0000, "a6xx CNT is bits 18..29");
_Static_assert(A7XX_CP_REG_TO_MEM_0_CNT__MASK == 0x1ffc0000, "a7xx CNT is bits 18..28");
_Static_assert(A7XX_CP_THREAD_CONTROL_0_SYNC_THREADS__MASK == 0x80000000, "bit 31 alone");

static const struct constant constants[] = {
	{RNN_PM4, "A6XX", "CP_NOP", PM4_CP_NOP, 0x10},
	{RNN_PM4, "A5XX", "PKT4", PM4_PKT4, 4},
	{RNN_PM4, "A6XX", "CP_MEM_WRITE", PM4_CP_MEM_WRITE, 0x3d},
	{RNN_PM4, "A6XX", "CP_ME_INIT", PM4_CP_ME_INIT, 0x48},
	{RNN_PM4, "A7XX", "CP_EVENT_WRITE7", PM4_CP_EVENT_WRITE7, 0x46},
	{RNN_GPU, "A6XX", "CP_SCRATCH_REG[2]", REG_A6XX_CP_SCRATCH_REG(2), 0x885},
	{RNN_GPU, "A6XX", "CP_SQE_INSTR_BASE", REG_A6XX_CP_SQE_INSTR_BASE, 0x830},
	{RNN_GPU, "A6XX", "CP_ROQ_THRESHOLDS_1", REG_A6XX_CP_ROQ_THRESHOLDS_1, 0x8c1},
	{RNN_GPU, "A6XX", "CP_PROTECT[3].REG", REG_A6XX_CP_PROTECT_REG(3), 0x853},
	{RNN_GPU, "A7XX", "RBBM_PERFCTR_CP[1]", REG_A7XX_RBBM_PERFCTR_CP(1), 0x302},
	{RNN_GPU, "A5XX", "CP_ME_NRT_ADDR_LO", REG_A5XX_CP_ME_NRT_ADDR_LO, 0x80d},
	{RNN_GPU, "A5XX", "CP_ME_NRT_DATA", REG_A5XX_CP_ME_NRT_DATA, 0x810},
	{RNN_GPU, "A5XX", "VFD_INDEX_OFFSET", REG_A5XX_VFD_INDEX_OFFSET, 0xe408},
	{RNN_CONTROL, "A6XX", "IB1_BASE", A6XX_CTRL_IB1_BASE, 0x10},
	{RNN_CONTROL, "A6XX", "PACKET_TABLE_WRITE", A6XX_CTRL_PACKET_TABLE_WRITE, 0x61},
	{RNN_CONTROL, "A5XX", "MEM_READ_ADDR", A5XX_CTRL_MEM_READ_ADDR, 0xb8},
	{RNN_CONTROL, "A7XX", "MEM_READ_ADDR", A7XX_CTRL_MEM_READ_ADDR, 0x1c},
	{RNN_SQE, "A6XX", "PREEMPT_INSTR", A6XX_SQE_PREEMPT_INSTR, 0x4},
	{RNN_PIPE, "A6XX", "NRT_ADDR", A6XX_PIPE_NRT_ADDR, 0xa0},
	{RNN_PIPE, "A6XX", "WAIT_MEM_WRITES", A6XX_PIPE_WAIT_MEM_WRITES, 0x84},
	{RNN_EVENT, "A5XX", "BLIT", A5XX_EV_BLIT, 0x1e},
	{RNN_EVENT, "A6XX", "PC_CCU_RESOLVE_TS", A6XX_EV_PC_CCU_RESOLVE_TS, 0x1a},
	{RNN_EVENT, "A7XX", "CACHE_CLEAN", A7XX_EV_CACHE_CLEAN, 0x31},
	{RNN_PM4_FIELD, "A6XX", "CP_REG_TO_MEM_0_CNT", A6XX_CP_REG_TO_MEM_0_CNT__SHIFT, 18},
	{RNN_PM4_FIELD, "A7XX", "CP_THREAD_CONTROL_0_SYNC_THREADS",
	 A7XX_CP_THREAD_CONTROL_0_SYNC_THREADS__SHIFT, 31},
	{RNN_HWSQ_FLAG, "NV41", "FB_PAUSE", HWSQ_FLAG_FB_PAUSE, 16},
	{RNN_HWSQ_EVENT, "NV41", "FB_PAUSED", HWSQ_EVENT_FB_PAUSED, 0},
	{RNN_HWSQ_REG, "NV50", "PBUS.HWSQ.ENTRY_POINT", HWSQ_REG_PBUS_HWSQ_ENTRY_POINT, 0x1304},
	{RNN_HWSQ_REG, "NV50", "PBUS.HWSQ.TRIGGER", HWSQ_REG_PBUS_HWSQ_TRIGGER, 0x130c},
	{RNN_HWSQ_REG, "NV92", "PBUS_HWSQ_NEW_CODE[4]", HWSQ_REG_PBUS_HWSQ_NEW_CODE(4), 0x80004},
};

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	const char *build = getenv("SDK_BUILD");
	char *dir = util_xasprintf("%s/share/afuc-sdk/rnndb", build ? build : "build");
	struct diag d;
	diag_init(&d);
	struct rnn_db *db = rnn_open(dir, &d);
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(constants); i++) {
		const struct constant *c = &constants[i];
		tap_is_hex(&t, c->macro, c->by_hand, "%s %s: header", c->variant, c->name);
		const struct rnn_view *v = db ? rnn_view(db, c->space, c->variant, &d) : NULL;
		uint64_t value = ~0ull;
		if (v)
			rnn_name_to_value(v, c->name, &value);
		tap_is_hex(&t, value, c->by_hand, "%s %s: library", c->variant, c->name);
	}
	diag_print(&d, stdout, "#");
	diag_free(&d);
	rnn_close(db);
	free(dir);
	xmlCleanupParser();
	return tap_done_testing(&t);
}
