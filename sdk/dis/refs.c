/* Which immediates are addresses of the image, so that they are printed
 * as label expressions and move with the code when the listing is edited.
 *
 * Two data flows run over the code. A forward one here, over straight-line
 * code (state dropped at every label and after every delay slot), knows
 * which registers hold the processor's instruction base (read from
 * CP_SQE_INSTR_BASE and kin through @REG_READ_ADDR and $regdata, or from
 * @BV_INSTR_BASE / @LPAC_INSTR_BASE). A backward one (consts.c) says which
 * constants a register can hold at a given word, and which instruction's
 * immediate supplied each. Three uses make an address:
 *
 * 1. A constant written to the SQE registers that hold code addresses
 *    (0x002 and 0x003, the pc pair iret returns to; %PREEMPT_INSTR 0x004)
 *    is a code address: `or $02, $02, #l6509`, and a new flow root.
 * 2. An immediate added to the instruction base is a byte offset into the
 *    image: `add $03, $03, (#data8288 - #l0) * 4`, or through a register
 *    set by `mov $05, 0x1900 << 2`: `mov $05, #data6400 << 2`.
 * 3. Without data flow: `mov $r, X << 2` whose X is a word no control flow
 *    reaches is a table offset (the pattern of the preemption tables, whose
 *    offset is loaded in one block and added to the base in another).
 *
 * Use 3 leaves out `mov $r, X << 2` with X in the code (a size or a bit
 * field that happens to look like a code address); use 2 needs the
 * register database to know the base registers.
 */
#include <stdlib.h>

#include "dis/priv.h"

/* SQE registers whose value is an instruction address (facts from the
 * firmware: `swrite $lr, [$00 + 0x002]` before an interrupt, iret after). */
static const uint32_t pc_sqe_regs[] = {0x002, 0x003, 0x004};

/* Registers the bootstrap reads its own base address from. */
static const char *const base_gpu_regs[] = {
	"CP_SQE_INSTR_BASE",   "CP_LPAC_SQE_INSTR_BASE", "CP_PFP_INSTR_BASE_LO",
	"CP_ME_INSTR_BASE_LO", "CP_PFP_INSTR_BASE",      "CP_ME_INSTR_BASE",
};
static const char *const base_control_regs[] = {"BV_INSTR_BASE", "LPAC_INSTR_BASE"};

/* The forward flow's state: which registers hold the instruction base. */
struct base_state {
	bool base[32];
	bool pending; /* the next $regdata read returns the base */
};

struct refs {
	struct dis *dis;
	struct dis_sect *s;
	uint8_t *entry; /* words control flow enters other than by falling through */
	struct dis_consts *consts;
	uint32_t gpu_base[UTIL_ARRAY_SIZE(base_gpu_regs)];
	uint32_t control_base[UTIL_ARRAY_SIZE(base_control_regs)];
	uint32_t reg_read_addr;
	bool added_root;
};

static bool is_gpu_base(const struct refs *r, uint32_t v)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(r->gpu_base); i++)
		if (r->gpu_base[i] == v)
			return true;
	return false;
}

static bool is_control_base(const struct refs *r, uint32_t v)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(r->control_base); i++)
		if (r->control_base[i] == v)
			return true;
	return false;
}

static void lookup_regs(struct refs *r)
{
	struct dis_names *n = r->dis->names;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(base_gpu_regs); i++)
		if (!dis_names_gpu_value(n, base_gpu_regs[i], &r->gpu_base[i]))
			r->gpu_base[i] = DIS_NONE;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(base_control_regs); i++)
		if (!dis_names_control_value(n, base_control_regs[i], &r->control_base[i]))
			r->control_base[i] = DIS_NONE;
	if (!dis_names_control_value(n, "REG_READ_ADDR", &r->reg_read_addr))
		r->reg_read_addr = DIS_NONE;
}

static void mark_entries(struct refs *r)
{
	struct dis_sect *s = r->s;
	r->entry = util_xcalloc(s->count + 1, 1);
	r->entry[0] = 1;
	for (unsigned k = 0; s->table != DIS_NONE && k < DIS_TABLE_WORDS; k++)
		r->entry[s->handler[k]] = 1;
	for (size_t i = 0; i < s->root_count; i++)
		r->entry[s->roots[i]] = 1;
	for (uint32_t pc = 0; pc < s->count; pc++) {
		if (s->kind[pc] != DIS_K_CODE || !dis_is_transfer(&s->ins[pc]))
			continue;
		int64_t t = dis_target(&s->ins[pc], pc);
		if (t >= 0 && t <= s->count)
			r->entry[t] = 1;
	}
}

static void set_ref(struct dis_sect *s, uint32_t pc, uint32_t target, bool bytes)
{
	s->ref[pc] = target;
	s->ref_bytes[pc] = bytes;
}

/* The immediate of src as a plain address: a mov without shift or an
 * or/add immediate. */
static bool plain_imm(const struct dis_sect *s, uint32_t src, uint32_t *imm)
{
	if (src == DIS_NONE)
		return false;
	const struct isa_instr *in = &s->ins[src];
	enum isa_syntax syn = in->form->shape->syntax;
	if (syn == ISA_SYN_MOVI && in->f[ISA_F_SHIFT] == 0) {
		*imm = in->f[ISA_F_IMM];
		return true;
	}
	if (syn == ISA_SYN_ALU_IMM && (in->form->op == ISA_OP_OR || in->form->op == ISA_OP_ADD)) {
		*imm = in->f[ISA_F_IMM];
		return true;
	}
	return false;
}

/* Use 1: what reg holds at pc, written to an SQE pc register, is a code
 * address (each constant that reaches the write). */
static void code_pointer(struct refs *r, uint32_t pc, unsigned reg)
{
	struct dis_sect *s = r->s;
	struct dis_query q;
	dis_values_before(r->consts, pc, reg, &q);
	for (unsigned i = 0; i < q.count; i++) {
		uint32_t addr;
		if (!plain_imm(s, q.defs[i].src, &addr) || addr != q.defs[i].value ||
		    addr < s->header_end || addr >= s->count || dis_in_hole(s, addr))
			continue;
		set_ref(s, q.defs[i].src, addr, false);
		bool known = false;
		for (size_t k = 0; k < s->root_count && !known; k++)
			known = s->roots[k] == addr;
		if (known)
			continue;
		*UTIL_PUSH(s->roots, s->root_count, s->root_cap) = addr;
		if (s->kind[addr] == DIS_K_DATA)
			r->added_root = true;
	}
}

/* Use 2: a constant added to the instruction base: a byte offset. */
static void image_offset(struct refs *r, uint32_t value, uint32_t src)
{
	struct dis_sect *s = r->s;
	if (src == DIS_NONE || value % 4 || value / 4 >= s->count)
		return;
	const struct isa_instr *in = &s->ins[src];
	if (in->form->shape->syntax == ISA_SYN_MOVI && in->f[ISA_F_SHIFT] == 2 &&
	    in->f[ISA_F_IMM] == value / 4) {
		set_ref(s, src, in->f[ISA_F_IMM], false);
		return;
	}
	uint32_t imm;
	if (plain_imm(s, src, &imm) && imm == value)
		set_ref(s, src, imm / 4, true);
}

/* Use 2 through a register: each constant reg may hold at pc. */
static void image_offset_reg(struct refs *r, uint32_t pc, unsigned reg)
{
	struct dis_query q;
	dis_values_before(r->consts, pc, reg, &q);
	for (unsigned i = 0; i < q.count; i++)
		image_offset(r, q.defs[i].value, q.defs[i].src);
}

static uint32_t control_base_of(const struct isa_instr *in)
{
	return in->f[ISA_F_PREINC] ? DIS_NONE : in->f[ISA_F_IMM];
}

/* Whether reading reg gives the base: $regdata right after the base
 * register was asked for does. */
static bool read_base(struct base_state *st, unsigned reg)
{
	if (reg == ISA_REG_REGDATA) {
		bool b = st->pending;
		st->pending = false;
		return b;
	}
	return reg < ISA_REG_REM && st->base[reg];
}

/* Whether one of the constants in q is a register the base is read from. */
static bool names_gpu_base(const struct refs *r, const struct dis_query *q)
{
	for (unsigned i = 0; i < q->count; i++)
		if (is_gpu_base(r, q->defs[i].value))
			return true;
	return false;
}

static void step(struct refs *r, struct base_state *st, uint32_t pc)
{
	struct dis_sect *s = r->s;
	const struct isa_instr *in = &s->ins[pc];
	const uint32_t *f = in->f;
	enum isa_syntax syn = in->form->shape->syntax;
	bool base = false;
	struct dis_query q;
	if (syn == ISA_SYN_ALU_IMM) {
		if (read_base(st, f[ISA_F_SRC1]) && in->form->op == ISA_OP_ADD)
			image_offset(r, f[ISA_F_IMM], pc);
	} else if (syn == ISA_SYN_ALU1) {
		base = read_base(st, f[ISA_F_SRC2]) && in->form->op == ISA_OP_OR; /* mov */
	} else if (syn == ISA_SYN_ALU) {
		bool a = read_base(st, f[ISA_F_SRC1]), b = read_base(st, f[ISA_F_SRC2]);
		if (in->form->op == ISA_OP_ADD && a != b)
			image_offset_reg(r, pc, a ? f[ISA_F_SRC2] : f[ISA_F_SRC1]);
	} else if (syn == ISA_SYN_CONTROL_WRITE && f[ISA_F_SRC2] == 0) {
		uint32_t reg = control_base_of(in);
		read_base(st, f[ISA_F_SRC1]);
		if (in->form->op == ISA_OP_CWRITE && reg == r->reg_read_addr) {
			dis_values_before(r->consts, pc, f[ISA_F_SRC1], &q);
			st->pending = names_gpu_base(r, &q);
		}
		for (size_t i = 0; i < UTIL_ARRAY_SIZE(pc_sqe_regs); i++)
			if (in->form->op == ISA_OP_SWRITE && reg == pc_sqe_regs[i])
				code_pointer(r, pc, f[ISA_F_SRC1]);
	} else if (syn == ISA_SYN_CONTROL_READ) {
		base = in->form->op == ISA_OP_CREAD && f[ISA_F_SRC1] == 0 &&
		       is_control_base(r, control_base_of(in));
	}
	if (!isa_form_field(in->form, ISA_F_DST))
		return;
	unsigned dst = f[ISA_F_DST];
	if (dst == ISA_REG_ADDR) {
		/* a5xx reads registers by writing their offset to $addr */
		dis_values_written(r->consts, pc, &q);
		st->pending = names_gpu_base(r, &q);
	} else if (dst < ISA_REG_REM) {
		st->base[dst] = base;
	}
}

static void run(struct refs *r)
{
	struct dis_sect *s = r->s;
	struct base_state st;
	bool reset = true;
	for (uint32_t pc = 0; pc < s->count; pc++) {
		if (reset || r->entry[pc] || s->kind[pc] != DIS_K_CODE)
			st = (struct base_state){0};
		reset = false;
		if (s->kind[pc] != DIS_K_CODE)
			continue;
		step(r, &st, pc);
		/* after a delay slot, control may be anywhere */
		if (pc > 0 && s->kind[pc - 1] == DIS_K_CODE && dis_is_transfer(&s->ins[pc - 1]))
			reset = true;
	}
}

bool dis_code_refs(struct dis *dis, struct dis_sect *s)
{
	struct refs r = {.dis = dis, .s = s};
	lookup_regs(&r);
	mark_entries(&r);
	r.consts = dis_consts_new(s);
	run(&r);
	free(r.entry);
	dis_consts_free(r.consts);
	return r.added_root;
}

/* The a660 bootstrap's `mov $12, TABLE` and `mov $13, LPAC`: the table
 * is labelled jumptbl, LPAC's start (the SQE section's end, when nothing
 * but the section's own words lie before it) lpac_start. */
static void bootstrap_refs(struct dis_sect *s)
{
	if (s->table_ref_mov && s->kind[s->table_ref] == DIS_K_CODE)
		set_ref(s, s->table_ref, s->table, false);
	if (s->next_ref != DIS_NONE && s->kind[s->next_ref] == DIS_K_CODE &&
	    s->ins[s->next_ref].f[ISA_F_IMM] == (s->end_pad ? s->next_start : s->main_end))
		set_ref(s, s->next_ref, s->main_end, false);
}

/* Header NOPs whose payload is an address of the section's own data
 * (gen 8 BR's word 6 gives where the data before its table starts): a
 * label, printed [#dataN], so that it follows an edit of the code. */
static void header_refs(struct dis *dis, struct dis_sect *s)
{
	for (uint32_t pc = 2; pc < s->header_end && s->table != DIS_NONE; pc++) {
		uint32_t x = s->w[pc] & 0xffffff;
		if (pc == s->table_ref || pc == s->size_ref || s->kind[pc] == DIS_K_CODE ||
		    s->w[pc] >> 24 != dis->isa.nop >> 24 || x < s->header_end || x >= s->table ||
		    s->kind[x] != DIS_K_DATA)
			continue;
		set_ref(s, pc, x, false);
		s->label[x] |= DIS_L_DATA;
	}
}

void dis_data_refs(struct dis *dis, struct dis_sect *s)
{
	bootstrap_refs(s);
	header_refs(dis, s);
	for (uint32_t pc = 0; pc < s->count; pc++) {
		if (s->kind[pc] != DIS_K_CODE || s->ref[pc] != DIS_NONE)
			continue;
		const struct isa_instr *in = &s->ins[pc];
		uint32_t x = in->f[ISA_F_IMM];
		if (in->form->shape->syntax == ISA_SYN_MOVI && in->f[ISA_F_SHIFT] == 2 &&
		    x >= s->header_end && x < s->count && s->kind[x] == DIS_K_DATA)
			set_ref(s, pc, x, false);
	}
}
