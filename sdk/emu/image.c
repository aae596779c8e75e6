/* Loading an image: copy it into GPU memory as the kernel does (file
 * word 0 skipped), and decode every word once through the ISA table so
 * that the interpreter never looks at instruction bits. */
#include <stdlib.h>
#include <string.h>

#include "emu/isagen.h"
#include "emu/machine.h"
#include "fw/fw.h"

/* The public header cannot name sdk/fw's limit; they must agree. */
_Static_assert(EMU_MAX_IMAGE_WORDS == FW_MAX_IMAGE_WORDS, "one image size limit");

/* Where the interpreter finds each role's value (exec.c): registers
 * come from their fields; the rest lands in imm, bit or hi. */
enum { SLOT_NONE, SLOT_IMM, SLOT_BIT, SLOT_HI };
static const struct role_slot {
	uint8_t slot, flags;
} role_slots[ISA_ROLE_COUNT] = {
	[ISA_ROLE_SRC_IMM] = {SLOT_IMM, EMU_I_IMM}, /* read instead of src2 */
	[ISA_ROLE_VALUE] = {SLOT_IMM, 0},           /* mov: already shifted */
	[ISA_ROLE_CMP] = {SLOT_BIT, 0},             /* the value a branch compares with */
	[ISA_ROLE_BIT] = {SLOT_BIT, 0},
	[ISA_ROLE_HI] = {SLOT_HI, 0},
	[ISA_ROLE_MEM] = {SLOT_IMM, 0}, /* the offset added to the base */
	[ISA_ROLE_OFFSET] = {SLOT_IMM, 0},
	[ISA_ROLE_TARGET] = {SLOT_IMM, 0},
};

static void predecode(const struct isa *isa, uint32_t word, struct emu_insn *out)
{
	struct isa_instr in;
	memset(out, 0, sizeof *out);
	if (!isa_decode(isa, word, &in)) {
		/* The NOP byte makes any word a no-op whatever its low 24 bits
		 * (the header words carry payloads); anything else is illegal. */
		out->op = (word >> 24) == (isa->nop >> 24) ? EMU_OP_PAYLOAD : EMU_OP_ILLEGAL;
		return;
	}
	const uint32_t *f = in.f;
	out->op = (uint8_t)in.form->op;
	out->dst = (uint8_t)f[ISA_F_DST];
	out->src1 = (uint8_t)f[ISA_F_SRC1];
	out->src2 = (uint8_t)f[ISA_F_SRC2];
	out->xmov = (uint8_t)f[ISA_F_XMOV];
	out->sds = (uint8_t)f[ISA_F_SDS];
	/* The spec's extra moves read src2; a two-source instruction whose
	 * queue register is src1 (a630's CP_CONTEXT_REG_BUNCH: (rep)(xmov3)or
	 * $usraddr, $data, $02) reads the queue, or its register pairs would
	 * come out as $02. */
	out->xsrc = f[ISA_F_SRC2] < ISA_REG_MEMDATA && f[ISA_F_SRC1] >= ISA_REG_MEMDATA
			    ? (uint8_t)f[ISA_F_SRC1]
			    : (uint8_t)f[ISA_F_SRC2];
	out->flags = (uint8_t)((f[ISA_F_REP] ? EMU_I_REP : 0) | (f[ISA_F_PEEK] ? EMU_I_PEEK : 0) |
			       (f[ISA_F_PREINC] ? EMU_I_PREINC : 0));
	/* The immediate-like operands, by role (sdk/isa/syntax.c says which
	 * operand of a syntax has which role). */
	const struct isa_syntax_desc *syn = isa_form_syntax(in.form);
	for (unsigned i = 0; i < syn->count; i++) {
		const struct isa_operand *op = &syn->ops[i];
		const struct role_slot *rs = &role_slots[op->role];
		if (rs->slot == SLOT_NONE || op->implied) /* setsecure: fixed, unused */
			continue;
		uint32_t v = isa_operand_value(&in, op);
		if (rs->slot == SLOT_IMM)
			out->imm = v;
		else if (rs->slot == SLOT_BIT)
			out->bit = (uint8_t)v;
		else
			out->hi = (uint8_t)v;
		out->flags |= rs->flags;
	}
}

/* What sdk/fw reads in the image's bootstrap: which control map it
 * uses (the register it reads GPU registers through picks the variant
 * of the generation, say gen70900's beside gen70500's) and the value
 * it checks control register 0 for. The main processor gets the
 * variant's presets instead of the default's. */
static void use_image_facts(struct emu *e, const struct fw_info *info)
{
	const struct fw_info fw = *info;
	const struct emu_gen_info *gi = emu_gen_variant(e->gi->gen, fw.reg_read_addr);
	struct emu_cpu *c = &e->cpu[EMU_MAIN];
	if (gi != e->gi) {
		for (size_t i = 0; i < UTIL_ARRAY_SIZE(e->gi->reset_ctrl); i++)
			if (e->gi->reset_ctrl[i].value)
				c->ctrl[e->gi->reset_ctrl[i].offset] = 0;
		emu_use_gen_info(e, gi);
	}
	e->has_ctrl0 = fw.ctrl0 != FW_NONE;
	e->ctrl0 = e->has_ctrl0 ? fw.ctrl0 : 0;
	e->aqe = fw.layout == FW_LAYOUT_AQE;
	e->has_proc4 = fw.layout == FW_LAYOUT_BUNDLE && fw.proc_count > 3;
	e->part = fw.gpu;
	emu_cpu_preset(e, c);
}

bool emu_load_image(struct emu *e, const uint32_t *words, size_t count)
{
	if (e->loaded) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE, "an image is loaded already");
		return false;
	}
	if (count < 2) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE,
			  "image of %zu words is too small: word 0, which is skipped, and at least "
			  "one instruction are needed",
			  count);
		return false;
	}
	if (count - 1 > EMU_MAX_IMAGE_WORDS) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE,
			  "image of %zu words is too big: at most %u instructions", count,
			  EMU_MAX_IMAGE_WORDS);
		return false;
	}
	/* A cut firmware image boots into whatever follows its end:
	 * refused, as afuc-objdump refuses it (sdk/fw says where it ends and
	 * what its header says). Only an image with an id word is held to
	 * a header: a test's bare program (nops, say) has none. */
	struct fw_info fw;
	fw_identify(words + 1, (uint32_t)(count - 1), e->gi->isa_gen, &fw);
	if (fw.truncated && fw.id) {
		emu_fault(e, NULL, EMU_ERR_NO_IMAGE, "%s", fw.why);
		return false;
	}
	e->image_size = (uint32_t)(count - 1);
	e->image = util_xmalloc(e->image_size * sizeof *e->image);
	memcpy(e->image, words + 1, e->image_size * sizeof *e->image);
	e->code = util_xmalloc(e->image_size * sizeof *e->code);
	e->counts = util_xcalloc(e->image_size, sizeof *e->counts);
	for (uint32_t i = 0; i < e->image_size; i++) {
		predecode(&e->isa, e->image[i], &e->code[i]);
		emu_mem_put(&e->mem, e->cfg.instr_base + 4ull * i, e->image[i]);
	}
	e->loaded = true;
	use_image_facts(e, &fw);
	emu_cpu_start(e, &e->cpu[EMU_MAIN], e->cfg.instr_base);
	return true;
}

size_t emu_image_size(const struct emu *e)
{
	return e->image_size;
}

const uint32_t *emu_image(const struct emu *e)
{
	return e->image;
}

bool emu_guess_gen(const uint32_t *words, size_t count, enum emu_gen *gen)
{
	if (count < 2 || count - 1 > UINT32_MAX)
		return false;
	/* sdk/fw tells the generation from the structure when it knows the
	 * layout (a702's a7xx-looking id is an a6xx image), else from the
	 * id word alone (all a caller may have: the first two words). */
	struct fw_info fw;
	enum isa_gen g;
	if (!fw_identify(words + 1, (uint32_t)(count - 1), 0, &fw))
		return false;
	if (fw.layout != FW_LAYOUT_UNKNOWN)
		g = fw.gen;
	else if (!fw_gen_of_id(words[1], &g))
		return false;
	return emu_gen_of_isa(g, gen);
}
