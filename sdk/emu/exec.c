/* The interpreter: one decoded instruction at a time, with the afuc rules
 * of ../shared/spec/afuc.rst (which wins where Mesa's emulator differs):
 *
 * - A taken branch (and call, ret, waitin) runs the next instruction, its
 *   delay slot, before it lands. A branch in a delay slot is fine unless
 *   both are taken, which stops the run.
 * - (rep) runs the instruction while $rem is not 0 (so 0 times when it
 *   is), counting $rem down after each run unless a $data read already
 *   did; each run is one step.
 * - (xmovN) adds M = min(N, $rem) moves from src2 (from src1 when only
 *   src1 is a queue register) after the ALU result, $rem taken after
 *   the instruction's own reads; M = 3 puts the middle move into dst. The moves go to $data when dst is $data, $addr or
 *   $usraddr, else they are read and dropped. Each consumes one $rem.
 * - waitin peeks the next header, the delay slot (mov $01, $data) reads
 *   it, then $rem is the packet's count and the handler starts.
 */
#include <string.h>

#include "emu/machine.h"

static uint32_t read_special(struct emu *e, struct emu_cpu *c, unsigned reg, bool peek)
{
	uint32_t v = 0;
	if (reg == ISA_REG_MEMDATA)
		emu_read_memdata(e, c, peek, &v);
	else if (reg == ISA_REG_REGDATA)
		emu_read_regdata(e, c, peek, &v);
	else
		emu_read_data(e, c, peek, &v);
	return v;
}

/* How many words the main processor can take straight from the ring
 * (no injected word, no IB level in effect): the common case, which the
 * hot paths below handle inline. */
EMU_INLINE size_t ring_words(const struct emu *e, const struct emu_cpu *c)
{
	if (c->id != EMU_MAIN || c->inject ||
	    (e->gi->ib_level != EMU_NONE && (c->ctrl[e->gi->ib_level] & e->gi->ib_level_mask) != 0))
		return 0;
	return e->ring_count - e->ring_read;
}

EMU_INLINE uint32_t rd(struct emu *e, struct emu_cpu *c, unsigned reg, bool peek)
{
	if (reg < ISA_REG_MEMDATA)
		return c->gpr[reg];
	if (reg == ISA_REG_DATA && !peek && ring_words(e, c)) {
		uint32_t v = e->ring[e->ring_read];
		if (++e->ring_read == e->ring_count)
			emu_ring_drained(e);
		emu_count_down_rem(c);
		e->progress_step = e->steps;
		return v;
	}
	return read_special(e, c, reg, peek);
}

/* Pipe registers: logged; NRT_DATA writes memory at NRT_ADDR. */
EMU_INLINE void pipe_write(struct emu *e, struct emu_cpu *c, uint32_t reg, uint32_t value)
{
	const struct emu_gen_info *gi = e->gi;
	reg &= 0xff;
	if (c->pipe[reg] != value && !e->void_pipe[reg])
		e->progress_step = e->steps;
	c->pipe[reg] = value;
	emu_log_write(e, c, EMU_WRITE_PIPE, reg, value);
	if (gi->nrt_pipe && reg == gi->nrt_data) {
		uint64_t addr = (uint64_t)c->pipe[gi->nrt_addr + 1] << 32 | c->pipe[gi->nrt_addr];
		addr = emu_nrt_write(e, c, "the NRT_DATA write stream", addr, value);
		c->pipe[gi->nrt_addr] = (uint32_t)addr;
		c->pipe[gi->nrt_addr + 1] = (uint32_t)(addr >> 32);
	} else if (reg == gi->ts_data && !gi->ts_gpu) {
		emu_gpu_event(e, c, c->pipe);
	}
}

/* a5xx ME, $addr bit 23 (a530_pm4's CP_REG_RMW): with bit 20 too, a
 * $data write latches the register and an AND mask and writes nothing;
 * without it, register = ((register & mask) rotated left by $addr's low
 * 5 bits) | value. $addr stays as it is. */
static void reg_rmw(struct emu *e, struct emu_cpu *c, uint32_t a, uint32_t value)
{
	if (a & EMU_REG_CHECK) {
		c->rmw_reg = a & EMU_REG_OFFSET_MASK;
		c->rmw_mask = value;
		return;
	}
	const uint32_t v = e->gpu[c->rmw_reg] & c->rmw_mask;
	const unsigned r = a & 31;
	emu_gpu_write(e, c, c->rmw_reg, (r ? v << r | v >> (32 - r) : v) | value);
}

/* $data as a destination: a GPU register, or a pipe register when the
 * high 8 bits of $addr are set; the address increments unless bit 18. */
EMU_INLINE void write_data(struct emu *e, struct emu_cpu *c, uint32_t value)
{
	if (c->feeds_meq) {
		emu_meq_push(e, c, value); /* a pair's PFP: to the ME */
		return;
	}
	uint32_t a = c->gpr[ISA_REG_ADDR];
	if (EMU_UNLIKELY(a & EMU_REG_RMW) && e->gi->reg_rmw && !(a >> 24)) {
		reg_rmw(e, c, a, value);
		return;
	}
	if ((a & EMU_REG_CHECK) && e->gi->protect_status != EMU_NONE) {
		/* an access check of value registers: always allowed here */
		*emu_ctrl_slot(e, c, e->gi->protect_status) = 1;
		return;
	}
	if (a >> 24) {
		pipe_write(e, c, a >> 24, value);
		if (!(a & EMU_REG_NOINC))
			c->gpr[ISA_REG_ADDR] = a + 0x01000000u;
	} else {
		/* with the side effects of regs.c (a5xx memory, a6xx LPAC
		 * start, the handshakes the model acknowledges) */
		emu_gpu_write(e, c, a & EMU_REG_OFFSET_MASK, value);
		if (!(a & EMU_REG_NOINC))
			c->gpr[ISA_REG_ADDR] = (a & ~EMU_REG_OFFSET_MASK) |
					       ((a + 1) & EMU_REG_OFFSET_MASK);
	}
}

/* $addr or $usraddr: a payload-less pipe register acts right away. */
static void write_addr(struct emu *e, struct emu_cpu *c, uint32_t value)
{
	c->gpr[ISA_REG_ADDR] = value;
	if (e->gi->direct_regdata && (value & EMU_REG_CHECK)) {
		/* a5xx ME: bit 20 picks the registers $regdata reads */
		c->rd_direct = true;
		c->rd_addr = value & EMU_REG_OFFSET_MASK;
	}
	if (e->void_pipe[value >> 24])
		pipe_write(e, c, value >> 24, 0);
}

EMU_INLINE void wr(struct emu *e, struct emu_cpu *c, unsigned reg, uint32_t value)
{
	if (reg < ISA_REG_ADDR) {
		c->gpr[reg] = value;
		c->gpr[0] = 0; /* $00 discards what is written */
	} else if (reg == ISA_REG_DATA) {
		write_data(e, c, value);
	} else {
		write_addr(e, c, value);
	}
}

static uint32_t bits_mask(unsigned lo, unsigned hi)
{
	if (hi < lo)
		return 0;
	unsigned width = hi - lo + 1;
	return width >= 32 ? 0xffffffffu : (1u << width) - 1;
}

static uint32_t bits_set(uint32_t v)
{
	uint32_t n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

static unsigned msb(uint32_t v)
{
	unsigned n = 0;
	while (v >>= 1)
		n++;
	return n;
}

/* Shift and rotate amounts use the low 5 bits of the source. */
EMU_INLINE uint32_t alu(struct emu_cpu *c, unsigned op, uint32_t a, uint32_t b)
{
	unsigned n = b & 31;
	uint64_t wide;
	switch (op) {
	case ISA_OP_ADD:
		wide = (uint64_t)a + b;
		c->carry = (uint32_t)(wide >> 32);
		return (uint32_t)wide;
	case ISA_OP_ADDHI:
		return a + b + c->carry;
	case ISA_OP_SUB:
		wide = (uint64_t)a - b;
		c->carry = (uint32_t)(wide >> 32); /* a borrow is -1 */
		return (uint32_t)wide;
	case ISA_OP_SUBHI:
		return a - b + c->carry;
	case ISA_OP_AND:
		return a & b;
	case ISA_OP_OR:
		return a | b;
	case ISA_OP_XOR:
		return a ^ b;
	case ISA_OP_NOT:
		return ~b;
	case ISA_OP_SHL:
		return a << n;
	case ISA_OP_USHR:
		return a >> n;
	case ISA_OP_ISHR:
		return (a >> n) | (a & 0x80000000u ? ~(0xffffffffu >> n) : 0);
	case ISA_OP_ROT:
		return n ? a << n | a >> (32 - n) : a;
	case ISA_OP_MUL8:
		return (a & 0xff) * (b & 0xff);
	case ISA_OP_MIN:
		return a < b ? a : b;
	case ISA_OP_MAX:
		return a > b ? a : b;
	case ISA_OP_CMP:
		return a > b ? 0x00 : a == b ? 0x2b : 0x1e;
	case ISA_OP_BIC:
		return a & ~b;
	case ISA_OP_MSB:
		return msb(b);
	case ISA_OP_POPCNT:
		return bits_set(b);
	case ISA_OP_SETBIT: {
		unsigned bit = (b >> 1) & 31;
		return (a & ~(1u << bit)) | (b & 1) << bit;
	}
	}
	return 0;
}

static void xmov(struct emu *e, struct emu_cpu *c, const struct emu_insn *in, bool peek)
{
	uint32_t rem = c->gpr[ISA_REG_REM];
	unsigned m = in->xmov < rem ? in->xmov : rem;
	unsigned to = in->dst >= ISA_REG_ADDR ? ISA_REG_DATA : 0;
	for (unsigned i = 0; i < m; i++) {
		unsigned before = c->rem_dec;
		uint32_t v = rd(e, c, in->xsrc, peek);
		if (e->error_kind)
			return;
		if (c->rem_dec == before)
			emu_count_down_rem(c);
		wr(e, c, m == 3 && i == 1 ? in->dst : to, v);
	}
}

static void branch_to(struct emu *e, struct emu_cpu *c, uint32_t target)
{
	if (c->in_delay) {
		emu_fault(e, c, EMU_ERR_BRANCH,
			  "branch taken in the delay slot of a taken branch (to %04x, then %04x)",
			  c->target, target);
		return;
	}
	if (target >= c->size) {
		emu_fault(e, c, EMU_ERR_BRANCH,
			  "branch to %04x, outside the %u instructions of %s's code", target,
			  c->size, emu_proc_name(e, c->id));
		return;
	}
	c->pending = true;
	c->target = target;
}

/* A call with all EMU_STACK_DEPTH entries in use drops the oldest one
 * (STACK1.. move down a place) and SP stays at the depth: gen 8's BV
 * leaves an entry behind for each packet it passes over (its `call $03`
 * target jumps back to the dispatch loop), so the hardware must lose
 * one (docs/emu-api.md, "Call stack"). */
static void call(struct emu *e, struct emu_cpu *c, uint32_t pc, uint32_t target)
{
	const struct emu_gen_info *gi = e->gi;
	uint32_t sp = c->sqe[gi->sqe_sp];
	if (sp > EMU_STACK_DEPTH) {
		emu_fault(e, c, EMU_ERR_STACK, "call with a corrupt call stack (SP is %u)", sp);
		return;
	}
	uint32_t *stack = &c->sqe[gi->sqe_stack0];
	if (sp == EMU_STACK_DEPTH) {
		memmove(stack, stack + 1, (EMU_STACK_DEPTH - 1) * sizeof *stack);
		sp--;
	}
	stack[sp] = pc + 2; /* past the delay slot */
	c->sqe[gi->sqe_sp] = sp + 1;
	branch_to(e, c, target);
}

static void ret(struct emu *e, struct emu_cpu *c)
{
	const struct emu_gen_info *gi = e->gi;
	uint32_t sp = c->sqe[gi->sqe_sp];
	if (sp == 0 || sp > EMU_STACK_DEPTH) {
		emu_fault(e, c, EMU_ERR_STACK, "ret with %s call stack (SP is %u)",
			  sp ? "a corrupt" : "an empty", sp);
		return;
	}
	c->sqe[gi->sqe_sp] = sp - 1;
	branch_to(e, c, c->sqe[gi->sqe_stack0 + sp - 1]);
}

/* waitin: the header was peeked by emu_cpu_run. */
static void dispatch(struct emu *e, struct emu_cpu *c, uint32_t hdr)
{
	struct emu_pm4 pkt;
	if (!emu_pm4_split(hdr, &pkt)) {
		emu_fault(e, c, EMU_ERR_PACKET,
			  "waitin: 0x%08x is not a type-4 or type-7 packet header", hdr);
		return;
	}
	const uint32_t op = pkt.entry, count = pkt.count;
	const uint32_t want = pkt.type == 7 ? emu_pkt7_header(op, count)
					    : emu_pkt4_header(pkt.reg, count);
	/* The PFP makes up headers for the ME without parity (a530_pfp's
	 * CP_INDIRECT_BUFFER passes 0x703f0004 on): the MEQ is not checked. */
	if (hdr != want && c->id != EMU_ME) {
		emu_fault(e, c, EMU_ERR_PACKET,
			  "waitin: packet header 0x%08x has bad parity or stray bits (0x%08x "
			  "expected)",
			  hdr, want);
		return;
	}
	uint32_t target = c->table[op];
	if (target >= c->size) {
		struct util_str name = {0};
		if (!emu_name_str(e, EMU_SPACE_PM4, op, &name))
			util_str_puts(&name, "unnamed");
		emu_fault(e, c, EMU_ERR_BRANCH,
			  "waitin: packet table entry 0x%02x (%s) is %04x, outside the %u "
			  "instructions",
			  op, name.text, target, c->size);
		util_str_free(&name);
		return;
	}
	emu_packet_taken(e, c, hdr);
	if (e->gi->packet_opcode != EMU_NONE)
		*emu_ctrl_slot(e, c, e->gi->packet_opcode) = op;
	branch_to(e, c, target);
	c->pending_waitin = true;
	c->waitin_rem = count;
}

static uint64_t mem_addr(struct emu *e, struct emu_cpu *c, uint32_t reg_value, uint32_t imm)
{
	/* LOAD_STORE_HI bit 31 is a privilege flag (a7xx), not an address bit */
	uint64_t hi = *emu_ctrl_slot(e, c, e->gi->load_store_hi) & 0x7fffffffu;
	return (hi << 32) + reg_value + imm;
}

static bool check_aligned(struct emu *e, struct emu_cpu *c, const char *what, uint64_t addr)
{
	if (!(addr & 3))
		return true;
	return emu_fault(e, c, EMU_ERR_ADDRESS, "%s at 0x%llx, which is not a multiple of 4", what,
			 (unsigned long long)addr);
}

EMU_INLINE void exec_once(struct emu *e, struct emu_cpu *c, const struct emu_insn *in, uint32_t pc)
{
	const bool peek = in->flags & EMU_I_PEEK;
	const bool preinc = in->flags & EMU_I_PREINC;
	uint32_t a, b, v;
	switch (in->op) {
	case ISA_OP_NOP:
	case EMU_OP_PAYLOAD:
	case ISA_OP_SETSECURE: /* no zap shader: it fails, and execution falls through */
		return;
	case ISA_OP_ADD:
	case ISA_OP_ADDHI:
	case ISA_OP_SUB:
	case ISA_OP_SUBHI:
	case ISA_OP_AND:
	case ISA_OP_OR:
	case ISA_OP_XOR:
	case ISA_OP_NOT:
	case ISA_OP_SHL:
	case ISA_OP_USHR:
	case ISA_OP_ISHR:
	case ISA_OP_ROT:
	case ISA_OP_MUL8:
	case ISA_OP_MIN:
	case ISA_OP_MAX:
	case ISA_OP_CMP:
	case ISA_OP_BIC:
	case ISA_OP_MSB:
	case ISA_OP_POPCNT:
	case ISA_OP_SETBIT:
		a = rd(e, c, in->src1, peek);
		b = in->flags & EMU_I_IMM ? in->imm : rd(e, c, in->src2, peek);
		if (e->error_kind)
			return;
		wr(e, c, in->dst, alu(c, in->op, a, b));
		if (in->xmov)
			xmov(e, c, in, peek);
		return;
	case ISA_OP_MOVI:
		wr(e, c, in->dst, in->imm);
		return;
	case ISA_OP_SETBITI:
	case ISA_OP_CLRBIT:
		a = rd(e, c, in->src1, false);
		if (e->error_kind)
			return;
		wr(e, c, in->dst,
		   in->op == ISA_OP_SETBITI ? a | 1u << in->bit : a & ~(1u << in->bit));
		return;
	case ISA_OP_UBFX:
		a = rd(e, c, in->src1, false);
		if (e->error_kind)
			return;
		wr(e, c, in->dst, (a >> in->bit) & bits_mask(in->bit, in->hi));
		return;
	case ISA_OP_BFI: {
		/* a true insert: the a7xx bootstraps save IB_LEVEL bits with
		 * bfi and restore them the same way, which needs the field
		 * cleared first */
		uint32_t mask = bits_mask(in->bit, in->hi) << in->bit;
		uint32_t old = in->dst < ISA_REG_ADDR ? c->gpr[in->dst] : 0;
		a = rd(e, c, in->src1, false);
		if (e->error_kind)
			return;
		wr(e, c, in->dst, (old & ~mask) | ((a << in->bit) & mask));
		return;
	}
	case ISA_OP_CWRITE:
	case ISA_OP_SWRITE:
		v = rd(e, c, in->src1, false);
		b = rd(e, c, in->src2, false) + in->imm;
		if (e->error_kind)
			return;
		if (preinc)
			wr(e, c, in->src2, b);
		if (in->op == ISA_OP_SWRITE) {
			emu_sqe_write(e, c, b, v);
			return;
		}
		if (!emu_ctrl_write(e, c, b, v))
			return;
		for (unsigned i = 0; i < in->sds; i++) {
			v = rd(e, c, in->src1, false);
			if (e->error_kind)
				return;
			emu_sds_word(e, c, b, i, v);
		}
		return;
	case ISA_OP_CREAD:
	case ISA_OP_SREAD:
		a = rd(e, c, in->src1, false) + in->imm;
		if (e->error_kind)
			return;
		if (preinc)
			wr(e, c, in->src1, a);
		if (in->op == ISA_OP_CREAD ? emu_ctrl_read(e, c, a, &v) : emu_sqe_read(e, c, a, &v))
			wr(e, c, in->dst, v);
		return;
	case ISA_OP_LOAD:
	case ISA_OP_LOADX: {
		a = rd(e, c, in->src1, false);
		if (e->error_kind)
			return;
		uint64_t addr = mem_addr(e, c, a, in->imm);
		if (preinc)
			wr(e, c, in->src1, a + in->imm);
		if (in->op == ISA_OP_LOADX)
			addr &= ~3ull; /* see storex */
		if (check_aligned(e, c, "load", addr))
			wr(e, c, in->dst, emu_mem_get(&e->mem, addr));
		return;
	}
	case ISA_OP_STORE:
	case ISA_OP_STOREX: {
		v = rd(e, c, in->src1, false);
		b = rd(e, c, in->src2, false);
		if (e->error_kind)
			return;
		uint64_t addr = mem_addr(e, c, b, in->imm);
		if (preinc)
			wr(e, c, in->src2, b + in->imm);
		/* storex and loadx reach the word holding the byte address
		 * (inferred: gen70500's BV flags the word BR flags and reads at
		 * 0x101c with 0x101d; docs/afuc-as.md) */
		if (in->op == ISA_OP_STOREX)
			addr &= ~3ull;
		if (check_aligned(e, c, "store", addr))
			emu_mem_write_logged(e, c, addr, v);
		return;
	}
	case ISA_OP_BRNE:
	case ISA_OP_BREQ:
	case ISA_OP_BRNEB:
	case ISA_OP_BREQB: {
		a = rd(e, c, in->src1, false);
		if (e->error_kind)
			return;
		bool taken = in->op == ISA_OP_BRNE    ? a != in->bit
			     : in->op == ISA_OP_BREQ  ? a == in->bit
			     : in->op == ISA_OP_BRNEB ? !(a >> in->bit & 1)
						      : (a >> in->bit & 1) != 0;
		if (taken)
			branch_to(e, c, pc + in->imm);
		return;
	}
	case ISA_OP_CALL:
		call(e, c, pc, in->imm);
		return;
	case ISA_OP_CALLR: /* gen 8: the table's target, as jump $reg takes it */
		a = rd(e, c, in->src1, false);
		if (!e->error_kind)
			call(e, c, pc, a);
		return;
	case ISA_OP_BL:
		wr(e, c, ISA_REG_LR, pc + 2);
		branch_to(e, c, in->imm);
		return;
	case ISA_OP_JUMPA:
		branch_to(e, c, in->imm);
		return;
	case ISA_OP_RET:
		ret(e, c);
		return;
	case ISA_OP_JUMPR:
		a = rd(e, c, in->src1, false);
		if (!e->error_kind)
			branch_to(e, c, a);
		return;
	case ISA_OP_SRET:
		branch_to(e, c, c->gpr[ISA_REG_LR]);
		return;
	case ISA_OP_WAITIN:
		if (c->in_delay)
			branch_to(e, c, pc); /* reports the double branch */
		else
			dispatch(e, c, c->waitin_hdr);
		return;
	case ISA_OP_IRET:
		emu_fault(e, c, EMU_ERR_UNSUPPORTED, "iret: preemption is not emulated");
		return;
	case EMU_OP_ILLEGAL:
	default:
		/* the table may lack it (gen 8 uses encodings it does not
		 * have) as well as the hardware: say which part met it */
		emu_fault(e, c, EMU_ERR_ILLEGAL,
			  "unknown encoding 0x%08x for %s%s%s%s: no instruction of the ISA "
			  "table matches (an illegal word, or one the SDK does not know yet)",
			  e->image[c->base + pc], e->part ? e->part : e->gi->variant,
			  e->part ? " (" : "", e->part ? e->gi->variant : "", e->part ? ")" : "");
		return;
	}
}

/* `(rep)(xmovN)mov $data, $data` with every word already in the ring:
 * the bulk copy of CP_MEM_WRITE, PKT4 and their kin. Its effect is the
 * $rem words written to $data in order, in ceil($rem / (1 + N)) steps
 * (each iteration moves its word and then up to N more), which this
 * does without the general path's per-word checks. Returns false,
 * having done nothing, whenever the general path must run: tracing, a
 * stream other than the ring, too few words (so the general path
 * reports the empty queue), or the step limit within reach. */
static bool is_bulk_copy(const struct emu_insn *in)
{
	return in->op == ISA_OP_OR &&
	       (in->flags & (EMU_I_REP | EMU_I_PEEK | EMU_I_IMM)) == EMU_I_REP && in->src1 == 0 &&
	       in->src2 == ISA_REG_DATA && in->dst == ISA_REG_DATA;
}

EMU_INLINE bool bulk_copy(struct emu *e, struct emu_cpu *c, const struct emu_insn *in)
{
	const uint32_t rem = c->gpr[ISA_REG_REM];
	if (e->trace_fn || rem == 0 || ring_words(e, c) < rem)
		return false;
	const uint32_t per_step = 1u + in->xmov;
	const uint64_t steps = (rem + per_step - 1) / per_step;
	if (e->step_limit - e->steps <= steps)
		return false;
	const uint32_t *words = &e->ring[e->ring_read];
	const struct emu_gen_info *gi = e->gi;
	const uint32_t a = c->gpr[ISA_REG_ADDR];
	if (gi->nrt_pipe && a >> 24 == gi->nrt_data && (a & EMU_REG_NOINC) &&
	    !(a & EMU_REG_CHECK)) {
		/* CP_MEM_WRITE's loop: NRT_DATA over and over, what write_data
		 * does for each word with the NRT address kept in hand */
		uint64_t addr = (uint64_t)c->pipe[gi->nrt_addr + 1] << 32 | c->pipe[gi->nrt_addr];
		for (uint32_t i = 0; i < rem; i++) {
			emu_log_write(e, c, EMU_WRITE_PIPE, gi->nrt_data, words[i]);
			addr = emu_nrt_write(e, c, "the NRT_DATA write stream", addr, words[i]);
		}
		c->pipe[gi->nrt_data] = words[rem - 1];
		c->pipe[gi->nrt_addr] = (uint32_t)addr;
		c->pipe[gi->nrt_addr + 1] = (uint32_t)(addr >> 32);
	} else {
		for (uint32_t i = 0; i < rem; i++)
			write_data(e, c, words[i]); /* which cannot fault */
	}
	e->steps += steps;
	e->progress_step = e->steps;
	e->ring_read += rem;
	if (e->ring_read == e->ring_count)
		emu_ring_drained(e);
	c->gpr[ISA_REG_REM] = 0;
	c->rem_dec = 1;
	return true;
}

/* One instruction: one step, or one per (rep) iteration. */
EMU_INLINE void exec_insn(struct emu *e, struct emu_cpu *c, const struct emu_insn *in, uint32_t pc)
{
	const bool tracing = e->trace_fn != NULL;
	if (is_bulk_copy(in) && bulk_copy(e, c, in))
		return;
	if (!(in->flags & EMU_I_REP)) {
		e->steps++;
		c->rem_dec = 0;
		if (tracing)
			emu_trace_begin(e, c, pc, 0);
		exec_once(e, c, in, pc);
		if (tracing && !e->error_kind)
			emu_trace_end(e, c);
		return;
	}
	if (c->gpr[ISA_REG_REM] == 0) {
		e->steps++; /* runs 0 times, but takes its step */
		if (tracing) {
			emu_trace_begin(e, c, pc, 0);
			emu_trace_end(e, c);
		}
		return;
	}
	for (unsigned iteration = 0; c->gpr[ISA_REG_REM] != 0; iteration++) {
		if (iteration && e->steps >= e->step_limit) {
			emu_fault(e, c, EMU_ERR_STEP_LIMIT,
				  "step limit of %llu instructions reached inside (rep), $rem 0x%x",
				  (unsigned long long)e->step_limit, c->gpr[ISA_REG_REM]);
			return;
		}
		e->steps++;
		c->rem_dec = 0;
		if (tracing)
			emu_trace_begin(e, c, pc, iteration);
		exec_once(e, c, in, pc);
		if (e->error_kind)
			return;
		if (c->rem_dec == 0)
			emu_count_down_rem(c);
		if (tracing)
			emu_trace_end(e, c);
	}
}

/* Whether the instruction reads $data: not a (rep) one with $rem at 0,
 * which runs 0 times (SKIP_PAYLOAD after the last word). */
static bool reads_data(const struct emu_cpu *c, const struct emu_insn *in)
{
	if ((in->flags & EMU_I_REP) && c->gpr[ISA_REG_REM] == 0)
		return false;
	return in->src1 == ISA_REG_DATA || (in->src2 == ISA_REG_DATA && !(in->flags & EMU_I_IMM));
}

/* The run's bounds: false (with a fault when a limit was reached) when
 * c must stop before its next instruction. */
EMU_INLINE bool within_bounds(struct emu *e, struct emu_cpu *c, uint64_t stop)
{
	if (EMU_UNLIKELY(e->steps >= stop || e->reschedule)) {
		if (e->steps >= e->step_limit)
			emu_fault(e, c, EMU_ERR_STEP_LIMIT,
				  "step limit of %llu instructions reached",
				  (unsigned long long)e->step_limit);
		return false;
	}
	if (EMU_UNLIKELY(e->steps - e->progress_step >= e->stall_limit && c->took_packet)) {
		emu_stall(e, c);
		return false;
	}
	if (EMU_UNLIKELY(c->pc >= c->size)) {
		emu_fault(e, c, EMU_ERR_BRANCH, "ran past the end of the image (%u instructions)",
			  c->size);
		return false;
	}
	return true;
}

/* Whether c must wait before instruction in: a waitin with no header
 * to take (it peeks it into waitin_hdr otherwise), or a read of a
 * stream no one has fed yet. c goes idle then. */
EMU_INLINE bool waits(struct emu *e, struct emu_cpu *c, const struct emu_insn *in, bool delay)
{
	if (in->op == ISA_OP_WAITIN && !delay && ring_words(e, c)) {
		c->waitin_hdr = e->ring[e->ring_read]; /* the common case inline */
	} else if (in->op == ISA_OP_WAITIN && !delay && !emu_peek_header(e, c, &c->waitin_hdr)) {
		if (e->error_kind == EMU_ERR_NONE && c->state != EMU_CPU_IDLE) {
			c->state = EMU_CPU_IDLE;
			c->counts[c->pc]++; /* waiting is its work: counted once */
		}
		return true;
	}
	if (EMU_UNLIKELY(in->op == ISA_OP_CREAD && e->pair) && emu_pfp_waits_for_me(e, c, in)) {
		c->state = EMU_CPU_IDLE; /* a pair's PFP reading the ME's busy state */
		return true;
	}
	if ((c->id != EMU_MAIN || e->aqe) && reads_data(c, in) &&
	    (c->id == EMU_ME ? emu_meq_waits(e, c) : emu_stream_waits(e, c))) {
		/* BV and LPAC wait for a stream no one feeds, an AQE for BR's
		 * words, a pair's ME for the PFP's */
		c->state = EMU_CPU_IDLE;
		return true;
	}
	return false;
}

/* The debugger's stop hook: whether it stops the run before pc (it is
 * not asked again about the instruction it stopped at). */
EMU_INLINE bool stop_asked(struct emu *e, struct emu_cpu *c, uint32_t pc)
{
	if (e->stop_skip == (int)c->id) {
		e->stop_skip = -1; /* it stopped here: now it runs */
		return false;
	}
	if (!e->stop_fn(e->stop_ctx, e, c->id, pc))
		return false;
	e->stopped = true;
	e->stop_skip = (int)c->id;
	return true;
}

/* A delay slot: in runs, then c lands on the branch's target. */
EMU_INLINE void run_delay_slot(struct emu *e, struct emu_cpu *c, const struct emu_insn *in,
			       uint32_t pc)
{
	const uint32_t target = c->target, waitin_rem = c->waitin_rem;
	const bool after_waitin = c->pending_waitin;
	c->pending = c->pending_waitin = false;
	exec_insn(e, c, in, pc);
	c->in_step = false;
	if (e->error_kind)
		return;
	c->pc = target;
	if (after_waitin)
		c->gpr[ISA_REG_REM] = waitin_rem;
}

uint64_t emu_cpu_run(struct emu *e, struct emu_cpu *c, uint64_t max)
{
	const uint64_t start = e->steps;
	const uint64_t stop = max < e->step_limit - start ? start + max : e->step_limit;
	for (;;) {
		if (!within_bounds(e, c, stop))
			break;
		const uint32_t pc = c->pc;
		const struct emu_insn *in = &c->code[pc];
		const bool delay = c->pending;
		if (waits(e, c, in, delay))
			break;
		const bool resumed = in->op == ISA_OP_WAITIN && c->state == EMU_CPU_IDLE;
		if (EMU_UNLIKELY(e->stop_fn != NULL) && stop_asked(e, c, pc))
			break;
		c->state = EMU_CPU_RUNNING;
		c->hist[c->nhist++ % EMU_HISTORY] = pc;
		if (!resumed)
			c->counts[pc]++;
		c->in_delay = delay;
		c->in_step = true;
		if (!delay) {
			exec_insn(e, c, in, pc);
			c->in_step = false;
			if (e->error_kind)
				break; /* pc stays at the faulting instruction */
			c->pc = pc + 1;
			continue;
		}
		run_delay_slot(e, c, in, pc);
		if (e->error_kind)
			break;
	}
	return e->steps - start;
}
