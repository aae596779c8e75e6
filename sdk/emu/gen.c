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
	.shared_lo = N,
	.shared_hi = N,
	.protect_status = 0x05b,
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
	.reset_ctrl = {{0x000, 7u << 28}, {0x0ef, 1u << 21}},
};

#undef N

const struct emu_gen_info *emu_gen_info(enum emu_gen gen)
{
	switch (gen) {
	case EMU_A5XX:
		return &gen_a5xx;
	case EMU_A6XX:
		return &gen_a6xx;
	case EMU_A7XX:
		return &gen_a7xx;
	}
	return NULL;
}
