/* Values that wait for labels. After the last line every label of the
 * file is known: a fixup then either becomes a number (a branch within
 * its section, a label difference, a .set constant) or a relocation for
 * the linker (anything that needs a final address). */
#include <string.h>

#include "as/internal.h"

void as_defer_field(struct as_ctx *c, uint32_t pending, enum isa_field_kind field, uint32_t expr,
		    uint32_t col)
{
	const struct as_pending *p = &c->pend[pending];
	*UTIL_PUSH(c->fix, c->fix_count, c->fix_cap) = (struct as_fixup){
		AS_FIX_FIELD, (uint8_t)field, pending, p->section, p->offset, expr, col, c->src};
}

void as_defer_word(struct as_ctx *c, enum as_fixup_kind kind, uint32_t offset, uint32_t expr,
		   uint32_t col)
{
	*UTIL_PUSH(c->fix, c->fix_count, c->fix_cap) = (struct as_fixup){
		(uint8_t)kind, 0, AS_NONE, c->section, offset, expr, col, c->src};
}

static const char *const field_names[ISA_F_COUNT] = {
	[ISA_F_REP] = "(rep) flag",       [ISA_F_XMOV] = "(xmov) count",
	[ISA_F_PEEK] = "(peek) flag",     [ISA_F_SDS] = "(sds) count",
	[ISA_F_PREINC] = "'!' flag",      [ISA_F_DST] = "destination",
	[ISA_F_SRC1] = "source",          [ISA_F_SRC2] = "source",
	[ISA_F_IMM] = "immediate",        [ISA_F_SHIFT] = "shift",
	[ISA_F_BIT] = "bit number",       [ISA_F_HI] = "bit number",
	[ISA_F_OFFSET] = "branch offset", [ISA_F_TARGET] = "target address",
};

void as_encode_error(struct as_ctx *c, const struct as_src *src, uint32_t col,
		     const struct isa_instr *in, const struct isa_encode_error *err)
{
	if (err->is_signed) {
		int32_t v = (int32_t)err->value;
		as_error_at(c, src, col, "%s %d is out of range for %s: %d..%d (signed %u bits)",
			    field_names[err->field], v, in->form->name, -(1 << (err->bits - 1)),
			    (1 << (err->bits - 1)) - 1, err->bits);
	} else {
		as_error_at(c, src, col, "value 0x%x does not fit the %u-bit %s of %s (0..0x%x)",
			    err->value, err->bits, field_names[err->field], in->form->name,
			    (uint32_t)((1ull << err->bits) - 1));
	}
}

static void add_reloc(struct as_ctx *c, const struct as_fixup *f, enum obj_reloc_kind kind,
		      const struct as_value *v)
{
	if (v->c < INT32_MIN / 4 || v->c > INT32_MAX / 4) {
		as_error_at(c, &f->src, f->col, "addend %lld is too large for a relocation",
			    (long long)v->c);
		return;
	}
	obj_add_reloc(c->o, f->section,
		      (struct obj_reloc){f->offset,
					 (uint8_t)kind,
					 v->plus,
					 (int32_t)v->c,
					 {f->src.file, f->src.line, f->col}});
}

static bool is_local(const struct as_ctx *c, const struct as_fixup *f, uint32_t sym)
{
	return c->o->symbols[sym].section == f->section;
}

/* The operand of form that fills field but that the encoding fixes
 * (setsecure's target, which can only be pc + 3), or NULL. */
static const struct isa_operand *implied_operand(const struct isa_form *form, uint8_t field)
{
	const struct isa_syntax_desc *syn = isa_form_syntax(form);
	for (unsigned i = 0; i < syn->count; i++)
		if (syn->ops[i].implied && syn->ops[i].field == field)
			return &syn->ops[i];
	return NULL;
}

static void check_implied(struct as_ctx *c, const struct as_fixup *f, const struct isa_form *form,
			  const struct isa_operand *op, const struct as_value *v)
{
	int64_t target = v->c;
	if (v->plus != AS_NONE) {
		if (!is_local(c, f, v->plus)) {
			as_error_at(c, &f->src, f->col,
				    "the target of %s must be a label of its "
				    "own section, %u words after it",
				    form->name, op->fixed);
			return;
		}
		target += c->o->symbols[v->plus].value;
	}
	if (target != (int64_t)f->offset + op->fixed)
		as_error_at(c, &f->src, f->col,
			    "the target of %s is fixed %u words after it "
			    "(address 0x%x), not 0x%llx",
			    form->name, op->fixed, f->offset + op->fixed, (long long)target);
}

/* Relocation kinds for an immediate field, by its width. */
static bool imm_reloc(unsigned bits, enum obj_reloc_kind *kind)
{
	*kind = bits == 16 ? OBJ_R_IMM16 : OBJ_R_IMM12;
	return bits == 16 || bits == 12;
}

static void resolve_field(struct as_ctx *c, const struct as_fixup *f, const struct as_value *v)
{
	struct as_pending *p = &c->pend[f->pending];
	const struct isa_form *form = p->in.form;
	const struct isa_operand *implied = implied_operand(form, f->field);
	if (implied) {
		check_implied(c, f, form, implied, v);
		return;
	}
	const struct isa_field *field = isa_form_field(form, (enum isa_field_kind)f->field);
	unsigned bits = (unsigned)(field->hi - field->lo + 1);
	int64_t value = v->c;
	enum obj_reloc_kind kind = OBJ_R_NONE;
	if (f->field == ISA_F_OFFSET) {
		if (v->plus != AS_NONE && is_local(c, f, v->plus))
			value += c->o->symbols[v->plus].value;
		else if (v->plus != AS_NONE)
			kind = OBJ_R_BRANCH16;
		value -= f->offset;
	} else if (v->plus != AS_NONE) {
		if (f->field == ISA_F_TARGET) {
			kind = OBJ_R_ABS26;
		} else if (f->field != ISA_F_IMM || !imm_reloc(bits, &kind)) {
			as_error_at(c, &f->src, f->col,
				    "a label address cannot go in the %u-bit %s of %s "
				    "(labels fit 16-bit and 12-bit immediates)",
				    bits, field_names[f->field], form->name);
			return;
		}
	}
	if (kind != OBJ_R_NONE) {
		add_reloc(c, f, kind, v);
		value = 0;
	} else if (f->field != ISA_F_OFFSET && value < 0) {
		as_error_at(c, &f->src, f->col, "%lld is negative; the %u-bit %s of %s is unsigned",
			    (long long)value, bits, field_names[f->field], form->name);
		return;
	}
	if (value > INT32_MAX || value < INT32_MIN) {
		as_error_at(c, &f->src, f->col, "value 0x%llx does not fit the %u-bit %s of %s",
			    (unsigned long long)value, bits, field_names[f->field], form->name);
		return;
	}
	p->in.f[f->field] = (uint32_t)value;
	struct isa_encode_error err;
	uint32_t word;
	if (!isa_encode(&p->in, &word, &err)) {
		as_encode_error(c, &f->src, f->col, &p->in, &err);
		return;
	}
	c->o->sections[p->section].words[p->offset] = word;
}

static void resolve_word(struct as_ctx *c, const struct as_fixup *f, const struct as_value *v)
{
	uint32_t *word = &c->o->sections[f->section].words[f->offset];
	if (f->kind == AS_FIX_PAYLOAD) {
		if (v->plus != AS_NONE) {
			add_reloc(c, f, OBJ_R_PAYLOAD24, v);
		} else if (v->c < 0 || v->c > 0xffffff) {
			as_error_at(c, &f->src, f->col,
				    "value 0x%llx does not fit a 24-bit NOP payload",
				    (unsigned long long)v->c);
		} else {
			*word |= (uint32_t)v->c;
		}
		return;
	}
	if (v->plus != AS_NONE)
		add_reloc(c, f, OBJ_R_WORD32, v);
	else if (v->c < INT32_MIN || v->c > UINT32_MAX)
		as_error_at(c, &f->src, f->col, "value 0x%llx does not fit a 32-bit word",
			    (unsigned long long)v->c);
	else
		*word = (uint32_t)v->c;
}

void as_resolve_fixups(struct as_ctx *c)
{
	for (size_t i = 0; i < c->fix_count && !diag_full(c->d); i++) {
		const struct as_fixup *f = &c->fix[i];
		struct as_value v;
		if (!as_eval(c, f->expr, f->section, &f->src, false, &v))
			continue;
		if (v.minus != AS_NONE) {
			as_error_at(c, &f->src, f->col,
				    "the difference of '%s' and '%s' is not known "
				    "here: only labels of one section subtract "
				    "to a number",
				    v.plus != AS_NONE ? c->o->symbols[v.plus].name : "0",
				    c->o->symbols[v.minus].name);
			continue;
		}
		if (f->kind == AS_FIX_FIELD)
			resolve_field(c, f, &v);
		else
			resolve_word(c, f, &v);
	}
}
