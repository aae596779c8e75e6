/* What differs between generations, as data. Offsets come from Mesa's
 * adreno_control_regs.xml, adreno_pipe_regs.xml, a5xx.xml and a6xx.xml;
 * the a5xx packet-table and register-read registers, which the XML does
 * not name, from the a530 bootstraps (cwrite 0x033/0x034, 0x012/0x013);
 * the a5xx IB level register 0x031 from a530_pfp's CP_INDIRECT_BUFFER,
 * which fills IBn_BASE/IBn_DWORDS at 0x0b0 + 4 * level and then writes
 * level + 1 there, and from its handler of opcode 0x0a, which counts it
 * back down (docs/emu-api.md);
 * the a5xx ME's memory registers from how a530_pm4 uses them (its
 * bootstrap reads through 0x80d-0x80f, CP_MEM_WRITE writes through
 * 0x810-0x812, whatever a5xx.xml calls them);
 * the a7xx processor id in control registers 0x000 and 0x0ef from Mesa's
 * emulator; control register 0x05b, which reports the access check that
 * a $data write with $addr bit 20 makes (bit 0 done, bit 2 refused),
 * from how CP_REG_TO_MEM waits on it in a630_sqe and gen70500_sqe. */
#include "emu/machine.h"

static const uint8_t a5xx_void_pipes[] = {0xc4, 0};
static const uint8_t a6xx_void_pipes[] = {0x80, 0x81, 0x82, 0x84, 0};
static const uint8_t a7xx_void_pipes[] = {0x81, 0x82, 0x84, 0x87, 0};

#define N EMU_NONE
/* EVENT_TS_ADDR, EVENT_TS_CTRL, EVENT_TS_DATA (adreno_pipe_regs.xml):
 * a630_sqe's and gen70500_sqe's CP_EVENT_WRITE fill them in this order */
#define TS_PIPES .ts_addr = 0xe8, .ts_ctrl = 0xea, .ts_data = 0xeb

static const struct emu_gen_info gen_a5xx = {
	.gen = EMU_A5XX,
	.variant = "A5XX",
	.isa_gen = ISA_A5XX,
	.reg_write_addr = 0x010,
	.reg_write = 0x011,
	.reg_read_dwords = 0x012,
	.reg_read_addr = 0x013,
	.mem_read_addr = 0x0b8,
	.mem_read_dwords = 0x0ba,
	.table_addr = 0x033,
	.table_write = 0x034,
	.ib_level = 0x031,
	.load_store_hi = 0x038,
	.ds_set_hdr = N,
	.ds_set_base = N,
	.ds_sel = N,
	.ds_hdr = N,
	.ds_base = N,
	.bv_instr_base = N,
	.bv_cntl = N,
	.lpac_instr_base = N,
	.lpac_cntl = N,
	.shared_lo = N,
	.shared_hi = N,
	.protect_status = N,
	.level_base = {0, 0x0b0, 0x0b4},
	.level_dwords = {0, 0x0b2, 0x0b6},
	.level_name = {"ring buffer", "IB1", "IB2"},
	.level_count = 3,
	.ib_end_opcode = 0x0a, /* UNKN10: IN_IB_END's opcode, unnamed on a5xx */
	.sqe_sp = 0x05,
	.sqe_stack0 = 0x08,
	.void_pipes = a5xx_void_pipes,
	.nrt_gpu = true,
	.gpu_read_addr = 0x80d,
	.gpu_read_dwords = 0x80f,
	.gpu_write_addr = 0x810,
	.gpu_write_data = 0x812,
	.uncounted_memdata = true,
	.direct_regdata = true,
	.instr_base_regs = {0x838, 0x835}, /* CP_ME_INSTR_BASE, CP_PFP_INSTR_BASE */
	/* a530_pm4's CP_EVENT_WRITE: control, address, data at 0x813-0x816 */
	.ts_gpu = true,
	.ts_ctrl = 0x813,
	.ts_addr = 0x814,
	.ts_data = 0x816,
	.ts_flag_timestamp = true,
};

static const struct emu_gen_info gen_a6xx = {
	.gen = EMU_A6XX,
	.variant = "A6XX",
	.isa_gen = ISA_A6XX,
	.reg_write_addr = 0x024,
	.reg_write = 0x025,
	.reg_read_dwords = 0x026,
	.reg_read_addr = 0x027,
	.mem_read_addr = 0x018,
	.mem_read_dwords = 0x01a,
	.table_addr = 0x060,
	.table_write = 0x061,
	.ib_level = 0x054,
	.load_store_hi = 0x058,
	.ds_set_hdr = 0x04a,
	.ds_set_base = N,
	.ds_sel = 0x041,
	.ds_hdr = 0x047,
	.ds_base = 0x045,
	.bv_instr_base = N,
	.bv_cntl = N,
	.lpac_instr_base = N,
	.lpac_cntl = N,
	.protect_status = 0x05b,
	/* a660's SQE starts LPAC through GPU registers, as its bootstrap
	 * does: CP_LPAC_SQE_INSTR_BASE (0xb82), then CP_LPAC_SQE_CNTL (0xb81) = 1 */
	.lpac_by_gpu = true,
	.lpac_gpu_instr_base = 0xb82,
	.lpac_gpu_cntl = 0xb81,
	/* THREAD_SYNC (0x200): a660's SQE and LPAC meet there */
	.shared_lo = 0x200,
	.shared_hi = 0x300,
	.level_base = {0, 0x010, 0x014, 0x042},
	.level_dwords = {0, 0x012, 0x016, 0x044},
	.level_name = {"ring buffer", "IB1", "IB2", "SDS"},
	.level_count = 4,
	.ib_end_opcode = 0x0a, /* IN_IB_END */
	.sqe_sp = 0x05,
	.sqe_stack0 = 0x08,
	.nrt_pipe = true,
	.nrt_addr = 0xa0,
	.nrt_data = 0xa2,
	.void_pipes = a6xx_void_pipes,
	.instr_base_regs = {0x830, N}, /* CP_SQE_INSTR_BASE */
	TS_PIPES,
	.ts_flag_timestamp = true,
};

static const struct emu_gen_info gen_a7xx = {
	.gen = EMU_A7XX,
	.variant = "A7XX",
	.isa_gen = ISA_A7XX,
	.reg_write_addr = 0x036,
	.reg_write = 0x037,
	.reg_read_dwords = 0x038,
	.reg_read_addr = 0x039,
	.mem_read_addr = 0x01c,
	.mem_read_dwords = 0x01e,
	.table_addr = 0x060,
	.table_write = 0x061,
	.ib_level = 0x054,
	.load_store_hi = 0x058,
	.ds_set_hdr = 0x04c,
	.ds_set_base = 0x04f,
	.ds_sel = 0x041,
	.ds_hdr = 0x047,
	.ds_base = 0x045,
	.bv_instr_base = 0x0d6,
	.bv_cntl = 0x0d8,
	.lpac_instr_base = 0x0d9,
	.lpac_cntl = 0x0db,
	.shared_lo = 0x200,
	.shared_hi = 0x300,
	.protect_status = 0x05b,
	.level_base = {0, 0x010, 0x014, 0x018, 0x042},
	.level_dwords = {0, 0x012, 0x016, 0x01a, 0x044},
	.level_name = {"ring buffer", "IB1", "IB2", "IB3", "SDS"},
	.level_count = 5,
	.ib_end_opcode = 0x0a,
	.sqe_sp = 0x05,
	.sqe_stack0 = 0x08,
	.nrt_pipe = true,
	.nrt_addr = 0xa0,
	.nrt_data = 0xa2,
	.void_pipes = a7xx_void_pipes,
	.instr_base_regs = {0x830, N},
	TS_PIPES,
	/* 0x051: the draw-state engine's status after gen70500's BR writes
	 * a mode to 0x053 before a draw or dispatch (bit 0: ready, polled;
	 * bit 1: no group left to run as SDS). The model has no engine:
	 * always ready, nothing to run. */
	.reset_ctrl = {{0x000, 7u << 28}, {0x0ef, 1u << 21}, {0x051, 3}},
};

/* gen70900 (a750) and the gen 8 parts, their BR and their AQE: the
 * control map Mesa's adreno_control_regs.xml calls A7XX_GEN3_CONTROL_REG
 * (not the register database's A7XX names, which are gen70500's). What
 * the bootstraps and handlers do confirms each register: they read GPU
 * registers through 0x01a/0x01b (CP_SQE_INSTR_BASE: two words from
 * 0x830 on gen70900, from 0x816 on gen 8) and write them through
 * 0x018/0x019; they fill the packet table through 0x070/0x071 with
 * memory read through 0x02c-0x02e; they start BV and LPAC at
 * 0x080-0x082 and 0x083-0x085 and meet at THREAD_SYNC (0x27f, after
 * clearing 0x200-0x27e); CP_INDIRECT_BUFFER writes IBn's base and size
 * at 0x020 + 4 * level and the level + 1 to 0x03d (IB3, level 3, is
 * the last: 0x02c is MEM_READ_ADDR); CP_REG_TO_MEM's access check
 * ($addr bit 20) waits on bit 0 of 0x0a8 and tests bit 2. The
 * processor-id check reads 0x002 bit 21 where gen70500 reads 0x0ef
 * (gen70900 pc 0x12c, gen80000 0x1a4); gen70900 then compares 0x000
 * bits 28-31 with 7, as gen70500 does. Not known, so absent: the
 * draw-state registers and SDS. */
static const struct emu_gen_info gen_a7xx_gen3 = {
	.gen = EMU_A7XX,
	.variant = "A7XX",
	.isa_gen = ISA_A7XX,
	.reg_write_addr = 0x018,
	.reg_write = 0x019,
	.reg_read_dwords = 0x01a,
	.reg_read_addr = 0x01b,
	.mem_read_addr = 0x02c,
	.mem_read_dwords = 0x02e,
	.table_addr = 0x070,
	.table_write = 0x071,
	.ib_level = 0x03d,
	.load_store_hi = 0x07a,
	.ds_set_hdr = N,
	.ds_set_base = N,
	.ds_sel = N,
	.ds_hdr = N,
	.ds_base = N,
	.bv_instr_base = 0x080,
	.bv_cntl = 0x082,
	.lpac_instr_base = 0x083,
	.lpac_cntl = 0x085,
	.shared_lo = 0x200,
	.shared_hi = 0x300,
	.protect_status = 0x0a8,
	.level_base = {0, 0x020, 0x024, 0x028},
	.level_dwords = {0, 0x022, 0x026, 0x02a},
	.level_name = {"ring buffer", "IB1", "IB2", "IB3"},
	.level_count = 4,
	.ib_end_opcode = 0x0a,
	.sqe_sp = 0x05,
	.sqe_stack0 = 0x08,
	.nrt_pipe = true,
	.nrt_addr = 0xa0,
	.nrt_data = 0xa2,
	.void_pipes = a7xx_void_pipes,
	.instr_base_regs = {0x830, 0x816},
	TS_PIPES,
	/* the AQE bootstraps index their register pairs with control 0
	 * bits 24-27 minus 4 (0: AQE0_PREEMPT_BASE 0x275, 1: AQE1's 0x26e) */
	.aqe_ctrl0 = 4u << 24,
	.reset_ctrl = {{0x000, 7u << 28}, {0x002, 1u << 21}},
};

#undef TS_PIPES
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
