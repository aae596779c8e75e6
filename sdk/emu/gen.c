/* What differs between generations, as data. Register offsets come from
 * the headers make generates from the register database (sdk/rnn/db,
 * docs/registers.md), where each register the vendor images taught us
 * says which image shows it: the a5xx packet-table, register-read, IB
 * level and scratch control registers, the a5xx ME's memory and event
 * registers (CP_ME_MEM_*, CP_ME_EVENT_TS_*: a530_pm4), the access check
 * (@PROTECT_STATUS: CP_REG_TO_MEM in a630_sqe and gen70500_sqe), the
 * a7xx processor id (@CHIP_ID, @PROCESSOR_ID, as Mesa's emulator starts
 * them) and a750's control map. What is left as numbers here is the
 * emulator's model, not a register: see the comments where they are. */
#include "emu/machine.h"

#include "afuc/a5xx_regs.h"
#include "afuc/a6xx_regs.h"
#include "afuc/a7xx_regs.h"
#include "afuc/pm4.h"
#include "emu/void_pipes.h"

/* pipe registers without a payload: the database's "void" ones */
static const uint8_t a5xx_void_pipes[] = {EMU_A5XX_VOID_PIPES 0};
static const uint8_t a6xx_void_pipes[] = {EMU_A6XX_VOID_PIPES 0};
static const uint8_t a7xx_void_pipes[] = {EMU_A7XX_VOID_PIPES 0};

#define N EMU_NONE
/* the visibility stream decoder's control registers (the database's
 * VSD_*: inferred from each map's CP_SET_BIN_DATA5 and draws) */
#define VSD(g)                                                                               \
	.present = true, .addr = g##_CTRL_VSD_ADDR, .dwords = g##_CTRL_VSD_DWORDS,           \
	.cntl = g##_CTRL_VSD_CNTL, .fifo = g##_CTRL_VSD_FIFO, .status = g##_CTRL_VSD_STATUS, \
	.mode = g##_CTRL_VSD_MODE, .reached = N
/* |EVENT_TS_ADDR, |EVENT_TS_CTRL, |EVENT_TS_DATA: a630_sqe's and
 * gen70500_sqe's CP_EVENT_WRITE fill them in this order */
#define TS_PIPES(g)                                                           \
	.ts_addr = g##_PIPE_EVENT_TS_ADDR, .ts_ctrl = g##_PIPE_EVENT_TS_CTRL, \
	.ts_data = g##_PIPE_EVENT_TS_DATA

/* The halts CP_SMMU_TABLE_UPDATE asks for around its TLB flush, each
 * acknowledged by a register it polls (a650, a660, a702, gen70500:
 * RBBM_GBIF_HALT, then GBIF_HALT on parts with a GBIF; the GMU-wrapper
 * parts: RBBM_GPR0_CNTL and RBBM_VBIF_GX_RESET_STATUS), and the SRAM
 * init the kernel's set_pagetable waits for with CP_WAIT_REG_MEM. */
#define ACKS(g)                                                                               \
	{REG_##g##_RBBM_GBIF_HALT, REG_##g##_RBBM_GBIF_HALT_ACK},                             \
		{REG_##g##_GBIF_HALT, REG_##g##_GBIF_HALT_ACK},                               \
		{REG_##g##_RBBM_GPR0_CNTL, REG_##g##_RBBM_VBIF_GX_RESET_STATUS},              \
	{                                                                                     \
		REG_##g##_RBBM_PERFCTR_SRAM_INIT_CMD, REG_##g##_RBBM_PERFCTR_SRAM_INIT_STATUS \
	}

static const struct emu_gen_info gen_a5xx = {
	.gen = EMU_A5XX,
	.variant = "A5XX",
	.isa_gen = ISA_A5XX,
	.reg_write_addr = A5XX_CTRL_REG_WRITE_ADDR,
	.reg_write = A5XX_CTRL_REG_WRITE,
	.reg_read_dwords = A5XX_CTRL_REG_READ_DWORDS,
	.reg_read_addr = A5XX_CTRL_REG_READ_ADDR,
	.mem_read_addr = A5XX_CTRL_MEM_READ_ADDR,
	.mem_read_dwords = A5XX_CTRL_MEM_READ_DWORDS,
	.table_addr = A5XX_CTRL_PACKET_TABLE_WRITE_ADDR,
	.table_write = A5XX_CTRL_PACKET_TABLE_WRITE,
	.ib_level = A5XX_CTRL_IB_LEVEL,
	.ib_level_mask = ~0u,
	.load_store_hi = A5XX_CTRL_STORE_HI,
	.ds_set_hdr = N,
	.ds_set_base = N,
	.ds_sel = N,
	.ds_hdr = N,
	.ds_base = N,
	.bv_instr_base = N,
	.bv_cntl = N,
	.coproc_lock = N,
	.packet_opcode = N,
	.lpac_instr_base = N,
	.lpac_cntl = N,
	.shared_lo = N,
	.shared_hi = N,
	.protect_status = N,
	.fatal_error = A5XX_CTRL_FATAL_ERROR_CTRL,
	.level_base = {0, A5XX_CTRL_IB1_BASE, A5XX_CTRL_IB2_BASE},
	.level_dwords = {0, A5XX_CTRL_IB1_DWORDS, A5XX_CTRL_IB2_DWORDS},
	.level_name = {"ring buffer", "IB1", "IB2"},
	.level_count = 3,
	.ib_end_opcode = PM4_IN_IB_END, /* UNKN10 on a5xx: the opcode is a6xx's */
	/* a530_pfp's CP_EXEC_CS_INDIRECT writes the address and 3 dwords
	 * there; a530_pm4's reads them at IB_LEVEL 5; a530_pfp's
	 * CP_WAIT_FOR_ME spins until @ME_BUSY reads 0 (names inferred) */
	.me_fetch = {.present = true,
		     .addr = A5XX_CTRL_ME_FETCH_ADDR,
		     .dwords = A5XX_CTRL_ME_FETCH_DWORDS,
		     .busy = A5XX_CTRL_ME_BUSY,
		     .level = 5},
	/* the database has no a5xx SQE registers: the ME's are a6xx's */
	.sqe_sp = A6XX_SQE_SP,
	.sqe_stack0 = A6XX_SQE_STACK0,
	.void_pipes = a5xx_void_pipes,
	.nrt_gpu = true,
	.gpu_read_addr = REG_A5XX_CP_ME_MEM_READ_ADDR,
	.gpu_read_dwords = REG_A5XX_CP_ME_MEM_READ_DWORDS,
	.gpu_write_addr = REG_A5XX_CP_ME_MEM_WRITE_ADDR,
	.gpu_write_data = REG_A5XX_CP_ME_MEM_WRITE_DATA,
	.uncounted_memdata = true,
	.direct_regdata = true,
	.reg_rmw = true,
	.instr_base_regs = {REG_A5XX_CP_ME_INSTR_BASE_LO, REG_A5XX_CP_PFP_INSTR_BASE_LO},
	.ts_gpu = true,
	.ts_ctrl = REG_A5XX_CP_ME_EVENT_TS_CTRL,
	.ts_addr = REG_A5XX_CP_ME_EVENT_TS_ADDR,
	.ts_data = REG_A5XX_CP_ME_EVENT_TS_DATA,
	.ts_flag_timestamp = true,
	/* a530_pfp's CP_SET_BIN_DATA5 and draws (the database's CP_VSD_* and
	 * VSD_*: inferred from it) */
	.vsd = {.present = true,
		.addr = N,
		.dwords = N,
		.cntl = N,
		.fifo = A5XX_CTRL_VSD_FIFO,
		.status = A5XX_CTRL_VSD_STATUS,
		.mode = N,
		.pkt_dwords = N,
		.pkt_read = N,
		.by_gpu = true,
		.gpu_addr = REG_A5XX_CP_VSD_STREAM_ADDR,
		.gpu_bytes = REG_A5XX_CP_VSD_STREAM_BYTES,
		.reached = A5XX_CTRL_VSD_REACHED},
};

static const struct emu_gen_info gen_a6xx = {
	.gen = EMU_A6XX,
	.variant = "A6XX",
	.isa_gen = ISA_A6XX,
	.reg_write_addr = A6XX_CTRL_REG_WRITE_ADDR,
	.reg_write = A6XX_CTRL_REG_WRITE,
	.reg_read_dwords = A6XX_CTRL_REG_READ_DWORDS,
	.reg_read_addr = A6XX_CTRL_REG_READ_ADDR,
	.mem_read_addr = A6XX_CTRL_MEM_READ_ADDR,
	.mem_read_dwords = A6XX_CTRL_MEM_READ_DWORDS,
	.table_addr = A6XX_CTRL_PACKET_TABLE_WRITE_ADDR,
	.table_write = A6XX_CTRL_PACKET_TABLE_WRITE,
	.ib_level = A6XX_CTRL_IB_LEVEL,
	.ib_level_mask = ~0u,
	.load_store_hi = A6XX_CTRL_LOAD_STORE_HI,
	.ds_set_hdr = A6XX_CTRL_DRAW_STATE_SET_HDR,
	.ds_set_base = N,
	.ds_sel = A6XX_CTRL_DRAW_STATE_SEL,
	.ds_hdr = A6XX_CTRL_DRAW_STATE_HDR,
	.ds_base = A6XX_CTRL_DRAW_STATE_BASE,
	.bv_instr_base = N,
	.bv_cntl = N,
	.coproc_lock = N,
	.packet_opcode = N,
	.lpac_instr_base = N,
	.lpac_cntl = N,
	.protect_status = A6XX_CTRL_PROTECT_STATUS,
	.fatal_error = A6XX_CTRL_FATAL_ERROR_CTRL,
	/* a660's SQE starts LPAC through GPU registers, as its bootstrap
	 * does: CP_LPAC_SQE_INSTR_BASE, then CP_LPAC_SQE_CNTL = 1 */
	.lpac_by_gpu = true,
	.lpac_gpu_instr_base = REG_A6XX_CP_LPAC_SQE_INSTR_BASE,
	.lpac_gpu_cntl = REG_A6XX_CP_LPAC_SQE_CNTL,
	/* a660's SQE and LPAC meet at @THREAD_SYNC; the model shares the
	 * control registers from there to 0x2ff between them */
	.shared_lo = A6XX_CTRL_THREAD_SYNC,
	.shared_hi = 0x300,
	.level_base = {0, A6XX_CTRL_IB1_BASE, A6XX_CTRL_IB2_BASE, A6XX_CTRL_SDS_BASE},
	.level_dwords = {0, A6XX_CTRL_IB1_DWORDS, A6XX_CTRL_IB2_DWORDS, A6XX_CTRL_SDS_DWORDS},
	.level_name = {"ring buffer", "IB1", "IB2", "SDS"},
	.level_count = 4,
	/* a630_sqe's CP_SET_BIN_DATA5 and draws; offsets inferred from it */
	.vsd = {VSD(A6XX), .pkt_dwords = A6XX_CTRL_PACKET_DWORDS,
		.pkt_read = A6XX_CTRL_PACKET_DWORDS_READ},
	.ib_end_opcode = PM4_IN_IB_END,
	.sqe_sp = A6XX_SQE_SP,
	.sqe_stack0 = A6XX_SQE_STACK0,
	.nrt_pipe = true,
	.nrt_addr = A6XX_PIPE_NRT_ADDR,
	.nrt_data = A6XX_PIPE_NRT_DATA,
	.void_pipes = a6xx_void_pipes,
	.instr_base_regs = {REG_A6XX_CP_SQE_INSTR_BASE, N},
	TS_PIPES(A6XX),
	.ts_flag_timestamp = true,
	/* a630_sqe (control register 0 clear: a VBIF part) halts through
	 * 0x3800 and polls bit 0 of 0x3801 (unnamed; inferred from it) */
	.acks = {ACKS(A6XX), {0x3800, 0x3801}},
	/* a660's draws and dispatches poll its draw-state engine as
	 * gen70500's do (below) */
	.part_ctrl = {{"a660", A6XX_CTRL_DRAW_STATE_STATUS, 3}},
};

static const struct emu_gen_info gen_a7xx = {
	.gen = EMU_A7XX,
	.variant = "A7XX",
	.isa_gen = ISA_A7XX,
	.reg_write_addr = A7XX_CTRL_REG_WRITE_ADDR,
	.reg_write = A7XX_CTRL_REG_WRITE,
	.reg_read_dwords = A7XX_CTRL_REG_READ_DWORDS,
	.reg_read_addr = A7XX_CTRL_REG_READ_ADDR,
	.mem_read_addr = A7XX_CTRL_MEM_READ_ADDR,
	.mem_read_dwords = A7XX_CTRL_MEM_READ_DWORDS,
	.table_addr = A7XX_CTRL_PACKET_TABLE_WRITE_ADDR,
	.table_write = A7XX_CTRL_PACKET_TABLE_WRITE,
	.ib_level = A7XX_CTRL_IB_LEVEL,
	/* gen70500 writes its IB state word: the level in bits 0..2 (4 the
	 * SDS), mode bits above (0x1002 in CP_START_BIN's body, 0xc0802 in
	 * CP_FIXED_STRIDE_DRAW_TABLE's entry) */
	.ib_level_mask = 0x7,
	.load_store_hi = A7XX_CTRL_LOAD_STORE_HI,
	.ds_set_hdr = A7XX_CTRL_DRAW_STATE_SET_HDR,
	.ds_set_base = A7XX_CTRL_DRAW_STATE_SET_BASE,
	.ds_sel = A7XX_CTRL_DRAW_STATE_SEL,
	.ds_hdr = A7XX_CTRL_DRAW_STATE_HDR,
	.ds_base = A7XX_CTRL_DRAW_STATE_BASE,
	.bv_instr_base = A7XX_CTRL_BV_INSTR_BASE,
	.bv_cntl = A7XX_CTRL_BV_CNTL,
	.coproc_lock = A7XX_CTRL_COPROCESSOR_LOCK,
	.packet_opcode = 0x05f, /* unnamed; inferred from gen70500 */
	.lpac_instr_base = A7XX_CTRL_LPAC_INSTR_BASE,
	.lpac_cntl = A7XX_CTRL_LPAC_CNTL,
	.bv_reads_ring = true,
	.queued_memdata = true,
	/* the model's shared range, as a6xx's (@THREAD_SYNC is 0x23f) */
	.shared_lo = 0x200,
	.shared_hi = 0x300,
	.protect_status = A7XX_CTRL_PROTECT_STATUS,
	.fatal_error = A7XX_CTRL_FATAL_ERROR_CTRL,
	.level_base = {0, A7XX_CTRL_IB1_BASE, A7XX_CTRL_IB2_BASE, A7XX_CTRL_IB3_BASE,
		       A7XX_CTRL_SDS_BASE},
	.level_dwords = {0, A7XX_CTRL_IB1_DWORDS, A7XX_CTRL_IB2_DWORDS, A7XX_CTRL_IB3_DWORDS,
			 A7XX_CTRL_SDS_DWORDS},
	.level_name = {"ring buffer", "IB1", "IB2", "IB3", "SDS"},
	.level_count = 5,
	/* gen70500_sqe's CP_SET_BIN_DATA5 and draws: a6xx's decoder with
	 * the stream's address and length moved; offsets inferred from it */
	.vsd = {VSD(A7XX), .pkt_dwords = N, .pkt_read = N},
	.ib_end_opcode = PM4_IN_IB_END,
	.sqe_sp = A7XX_SQE_SP,
	.sqe_stack0 = A7XX_SQE_STACK0,
	.nrt_pipe = true,
	.nrt_addr = A7XX_PIPE_NRT_ADDR,
	.nrt_data = A7XX_PIPE_NRT_DATA,
	.void_pipes = a7xx_void_pipes,
	.instr_base_regs = {REG_A7XX_CP_SQE_INSTR_BASE, N},
	TS_PIPES(A7XX),
	/* gen70500: CP_EVENT_WRITE7's on-chip slots at EVENT_TS_ADDR
	 * 0x00-0x1c (0-7), 0x60-0x7c (BR's 8-15), 0x80-0x9c (BV's);
	 * CP_WAIT_REG_MEM's POLL_ON_CHIP and CP_COND_REG_EXEC's
	 * ONCHIP_MEM read them as control registers 0x200 on, shared */
	.ts_onchip = 0x200,
	.acks = {ACKS(A7XX)},
	/* @FLUSH_CNTL: BR and BV write bits 2-3 and spin until they read
	 * clear (gen70500's CP_SET_PSEUDO_REG before flagging the
	 * preemption record, its preemption and CP_SMMU_TABLE_UPDATE paths;
	 * a730, a740, gen71500 and gen71700 the same); inferred */
	.self_clear = {{A7XX_CTRL_FLUSH_CNTL, 0xc}},
	/* @DRAW_STATE_STATUS: the draw-state engine's status after BR
	 * writes a mode to @DRAW_STATE_START before a draw or dispatch (bit
	 * 0: ready, polled; bit 1: no group left to run as SDS). The model
	 * has no engine: always ready, nothing to run. */
	.reset_ctrl = {{A7XX_CTRL_CHIP_ID, 7u << 28},
		       {A7XX_CTRL_PROCESSOR_ID, 1u << 21},
		       {A7XX_CTRL_DRAW_STATE_STATUS, 3}},
};

/* gen70900 (a750) and the gen 8 parts, their BR and their AQE: the
 * control map of A7XX_GEN3_CONTROL_REG (the database says which of the
 * bootstraps' and handlers' uses confirms each register). The model
 * shares 0x200-0x2ff as on a6xx: they meet at @THREAD_SYNC (0x27f) after
 * clearing 0x200-0x27e. Not known, so absent: the draw-state registers
 * and SDS. */
static const struct emu_gen_info gen_a7xx_gen3 = {
	.gen = EMU_A7XX,
	.variant = "A7XX",
	.control_variant = "A7XX_GEN3",
	.isa_gen = ISA_A7XX,
	.reg_write_addr = A7XX_GEN3_CTRL_REG_WRITE_ADDR,
	.reg_write = A7XX_GEN3_CTRL_REG_WRITE,
	.reg_read_dwords = A7XX_GEN3_CTRL_REG_READ_DWORDS,
	.reg_read_addr = A7XX_GEN3_CTRL_REG_READ_ADDR,
	.mem_read_addr = A7XX_GEN3_CTRL_MEM_READ_ADDR,
	.mem_read_dwords = A7XX_GEN3_CTRL_MEM_READ_DWORDS,
	.table_addr = A7XX_GEN3_CTRL_PACKET_TABLE_WRITE_ADDR,
	.table_write = A7XX_GEN3_CTRL_PACKET_TABLE_WRITE,
	.ib_level = A7XX_GEN3_CTRL_IB_LEVEL,
	.ib_level_mask = 0x3, /* as gen70500's, with no SDS level */
	.load_store_hi = A7XX_GEN3_CTRL_LOAD_STORE_HI,
	.ds_set_hdr = N,
	.ds_set_base = N,
	.ds_sel = N,
	.ds_hdr = N,
	.ds_base = N,
	.bv_instr_base = A7XX_GEN3_CTRL_BV_INSTR_BASE,
	.bv_cntl = A7XX_GEN3_CTRL_BV_CNTL,
	.coproc_lock = A7XX_GEN3_CTRL_COPROCESSOR_LOCK,
	.packet_opcode = 0x0cb, /* unnamed; inferred from gen70900, gen 8 */
	.lpac_instr_base = A7XX_GEN3_CTRL_LPAC_INSTR_BASE,
	.lpac_cntl = A7XX_GEN3_CTRL_LPAC_CNTL,
	.bv_reads_ring = true,
	.queued_memdata = true,
	.shared_lo = 0x200,
	.shared_hi = 0x300,
	/* on-chip memory where gen70500 has it: gen80000's POLL_ON_CHIP
	 * reads it there, its BR's slots 8-15 at 0x218 on as gen70500's;
	 * every gen70900 and gen 8 image runs the cases with it */
	.ts_onchip = 0x200,
	.protect_status = A7XX_GEN3_CTRL_PROTECT_STATUS,
	.fatal_error = A7XX_GEN3_CTRL_FATAL_ERROR_CTRL,
	.level_base = {0, A7XX_GEN3_CTRL_IB1_BASE, A7XX_GEN3_CTRL_IB2_BASE,
		       A7XX_GEN3_CTRL_IB3_BASE},
	.level_dwords = {0, A7XX_GEN3_CTRL_IB1_DWORDS, A7XX_GEN3_CTRL_IB2_DWORDS,
			 A7XX_GEN3_CTRL_IB3_DWORDS},
	.level_name = {"ring buffer", "IB1", "IB2", "IB3"},
	.level_count = 4,
	/* gen70900_sqe's CP_SET_BIN_DATA5 and draws: the same decoder at
	 * other offsets (most 0x18 on from gen70500's); inferred from it.
	 * gen80000, gen80100 and gen80200 drive the same registers the same
	 * way (runs, VSD_MODE 2); their draws forward the packet to
	 * @PACKET_FORWARD instead of writing PC_DRAW_INITIATOR */
	.vsd = {VSD(A7XX_GEN3), .pkt_dwords = N, .pkt_read = N},
	.ib_end_opcode = PM4_IN_IB_END,
	.sqe_sp = A7XX_SQE_SP,
	.sqe_stack0 = A7XX_SQE_STACK0,
	.nrt_pipe = true,
	.nrt_addr = A7XX_PIPE_NRT_ADDR,
	.nrt_data = A7XX_PIPE_NRT_DATA,
	.void_pipes = a7xx_void_pipes,
	/* gen 8's CP_SQE_INSTR_BASE: the database has no gen 8 GPU registers */
	.instr_base_regs = {REG_A7XX_CP_SQE_INSTR_BASE, 0x816},
	TS_PIPES(A7XX),
	/* gen80000, gen80100, gen80200 BR: 0x088/0x089 and 0x08b/0x08c the
	 * fourth image's address, then 0x08a = 1 and 0x08d = 1; gen70900's
	 * file has no fourth image (its BR writes 0x08c/0x08d otherwise) */
	.proc4 = {.present = true,
		  .instr_base = {A7XX_GEN3_CTRL_PROC4_INSTR_BASE, A7XX_GEN3_CTRL_PROC4B_INSTR_BASE},
		  .cntl = {A7XX_GEN3_CTRL_PROC4_CNTL, A7XX_GEN3_CTRL_PROC4B_CNTL}},
	/* the AQE bootstraps index their register pairs with control 0
	 * bits 24-27 minus 4 (0: AQE0_PREEMPT_BASE 0x275, 1: AQE1's 0x26e) */
	/* gen 8 moved RBBM_GBIF_HALT and its ack to 0x00a and 0x00b
	 * (gen80000_sqe's CP_SMMU_TABLE_UPDATE; no gen 8 GPU registers in
	 * the database) */
	.acks = {ACKS(A7XX), {0x00a, 0x00b}},
	.aqe_ctrl0 = 4u << 24,
	/* the draw-state engine as gen70500's (gen70900's and gen 8's
	 * draws and dispatches poll it the same way) */
	.reset_ctrl = {{A7XX_GEN3_CTRL_CHIP_ID, 7u << 28},
		       {A7XX_GEN3_CTRL_PROCESSOR_ID, 1u << 21},
		       {A7XX_GEN3_CTRL_DRAW_STATE_STATUS, 3}},
};

#undef TS_PIPES
#undef ACKS
#undef VSD
#undef N

/* The first of a generation is its default; the others are variants
 * told apart by the register the bootstrap reads GPU registers through
 * (fw_identify's reg_read_addr). */
static const struct emu_gen_info *const gen_infos[] = {
	&gen_a5xx,
	&gen_a6xx,
	&gen_a7xx,
	&gen_a7xx_gen3,
};

const struct emu_gen_info *emu_gen_info(enum emu_gen gen)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(gen_infos); i++)
		if (gen_infos[i]->gen == gen)
			return gen_infos[i];
	return NULL;
}

const struct emu_gen_info *emu_gen_variant(enum emu_gen gen, uint32_t reg_read_addr)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(gen_infos); i++)
		if (gen_infos[i]->gen == gen && gen_infos[i]->reg_read_addr == reg_read_addr)
			return gen_infos[i];
	return emu_gen_info(gen);
}
