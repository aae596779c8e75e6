/* Encoding and decoding, both driven by the rows of table.c. */
#include <string.h>

#include "isa/isa.h"

static uint32_t field_bits(const struct isa_field *f)
{
	return (uint32_t)(((1ull << (f->hi - f->lo + 1)) - 1) << f->lo);
}

uint32_t isa_form_mask(const struct isa_form *form)
{
	uint32_t free_bits = form->shape->ignored;
	for (unsigned i = 0; i < form->shape->field_count; i++)
		free_bits |= field_bits(&form->shape->fields[i]);
	return ~free_bits;
}

const struct isa_field *isa_form_field(const struct isa_form *form, enum isa_field_kind kind)
{
	for (unsigned i = 0; i < form->shape->field_count; i++)
		if (form->shape->fields[i].kind == kind)
			return &form->shape->fields[i];
	return NULL;
}

bool isa_form_in_gen(const struct isa_form *form, enum isa_gen gen)
{
	return gen >= form->gen_min && gen <= form->gen_max;
}

unsigned isa_popcount32(uint32_t v)
{
	unsigned n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

void isa_init(struct isa *isa, enum isa_gen gen)
{
	memset(isa, 0, sizeof *isa);
	isa->gen = gen;
	isa->nop = gen >= ISA_A6XX ? 0x01000000 : 0x00000000;
	for (unsigned i = 0; i < isa_form_count; i++) {
		const struct isa_form *form = &isa_forms[i];
		if (!isa_form_in_gen(form, gen))
			continue;
		unsigned b = form->match >> 27;
		/* table.c keeps every bucket under ISA_BUCKET_MAX (a test checks) */
		if (isa->bucket_count[b] == ISA_BUCKET_MAX)
			continue;
		/* Insert keeping the most specific (most fixed bits) first, so
		 * that an alias is found before the form it narrows. */
		uint32_t mask = isa_form_mask(form);
		unsigned at = isa->bucket_count[b]++;
		while (at > 0 &&
		       isa_popcount32(isa->buckets[b][at - 1].mask) < isa_popcount32(mask)) {
			isa->buckets[b][at] = isa->buckets[b][at - 1];
			at--;
		}
		isa->buckets[b][at] = (struct isa_slot){form, mask};
	}
}

bool isa_decode(const struct isa *isa, uint32_t word, struct isa_instr *out)
{
	unsigned b = word >> 27;
	for (unsigned i = 0; i < isa->bucket_count[b]; i++) {
		const struct isa_form *form = isa->buckets[b][i].form;
		if ((word & isa->buckets[b][i].mask) != form->match)
			continue;
		memset(out, 0, sizeof *out);
		out->form = form;
		const struct isa_shape *shape = form->shape;
		for (unsigned k = 0; k < shape->field_count; k++) {
			const struct isa_field *f = &shape->fields[k];
			uint32_t v = (word & field_bits(f)) >> f->lo;
			if (f->kind == ISA_F_OFFSET) {
				unsigned width = f->hi - f->lo + 1u;
				uint32_t sign = 1u << (width - 1);
				v = (v ^ sign) - sign; /* sign-extend */
			}
			out->f[f->kind] = v;
		}
		out->ignored_bits = word & shape->ignored;
		return true;
	}
	return false;
}

bool isa_encode(const struct isa_instr *in, uint32_t *word, struct isa_encode_error *err)
{
	const struct isa_form *form = in->form;
	const struct isa_shape *shape = form->shape;
	uint32_t w = form->match | (in->ignored_bits & shape->ignored);
	for (unsigned k = 0; k < shape->field_count; k++) {
		const struct isa_field *f = &shape->fields[k];
		unsigned width = f->hi - f->lo + 1u;
		uint32_t v = in->f[f->kind];
		bool fits;
		if (f->kind == ISA_F_OFFSET) {
			int32_t s = (int32_t)v;
			fits = s >= -(1 << (width - 1)) && s < (1 << (width - 1));
			v &= (uint32_t)((1ull << width) - 1);
		} else {
			fits = width == 32 || v < (1u << width);
		}
		if (!fits) {
			if (err)
				*err = (struct isa_encode_error){(enum isa_field_kind)f->kind,
								 in->f[f->kind], width,
								 f->kind == ISA_F_OFFSET};
			return false;
		}
		w |= v << f->lo;
	}
	*word = w;
	return true;
}

const struct isa_form *isa_next_form(const struct isa *isa, const char *name,
				     const struct isa_form *previous)
{
	const struct isa_form *end = isa_forms + isa_form_count;
	for (const struct isa_form *f = previous ? previous + 1 : isa_forms; f < end; f++)
		if (isa_form_in_gen(f, isa->gen) && !f->decode_only && strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

static const char *const gen_names[] = {
	[ISA_A5XX] = "a5xx", [ISA_A6XX] = "a6xx", [ISA_A7XX] = "a7xx"};

bool isa_parse_gen(const char *text, enum isa_gen *gen)
{
	for (int g = ISA_GEN_MIN; g <= ISA_GEN_MAX; g++) {
		if (strcmp(text, gen_names[g]) == 0) {
			*gen = (enum isa_gen)g;
			return true;
		}
	}
	return false;
}

const char *isa_gen_name(enum isa_gen gen)
{
	return gen >= ISA_GEN_MIN && gen <= ISA_GEN_MAX ? gen_names[gen] : "?";
}

void isa_unknown_encoding(const struct isa *isa, uint32_t word, const char *part,
			  struct util_str *out)
{
	util_str_printf(out,
			"unknown encoding for %s: 0x%08x matches no instruction of the %s ISA "
			"table",
			part ? part : isa_gen_name(isa->gen), word, isa_gen_name(isa->gen));
}

const char *isa_gen_variant(enum isa_gen gen)
{
	static const char *const variants[] = {
		[ISA_A5XX] = "A5XX", [ISA_A6XX] = "A6XX", [ISA_A7XX] = "A7XX"};
	return gen >= ISA_GEN_MIN && gen <= ISA_GEN_MAX ? variants[gen] : "?";
}

static const char *const reg_names[32] = {
	"$00", "$01", "$02", "$03", "$04", "$05", "$06",  "$07",      "$08",      "$09",   "$0a",
	"$0b", "$0c", "$0d", "$0e", "$0f", "$10", "$11",  "$12",      "$13",      "$14",   "$15",
	"$16", "$17", "$18", "$19", "$sp", "$lr", "$rem", "$memdata", "$regdata", "$data",
};

static const char *const dst_names[32] = {
	[ISA_REG_REM] = "$rem",
	[ISA_REG_ADDR] = "$addr",
	[ISA_REG_USRADDR] = "$usraddr",
	[ISA_REG_DATA] = "$data",
};

const char *isa_reg_name(unsigned reg, bool is_dst)
{
	reg &= 31;
	return is_dst && dst_names[reg] ? dst_names[reg] : reg_names[reg];
}

bool isa_parse_reg(const char *text, size_t len, bool is_dst, unsigned *reg)
{
	for (unsigned r = 0; r < 32; r++) {
		const char *name = isa_reg_name(r, is_dst);
		if (strlen(name) == len && memcmp(name, text, len) == 0) {
			*reg = r;
			return true;
		}
	}
	/* Numeric names for the named ones too ($1a, $1d), either way. */
	if (len == 3 && text[0] == '$') {
		char hex[] = {'0', 'x', text[1], text[2], '\0'};
		uint64_t v;
		if (util_parse_u64(hex, &v) && v < 32) {
			*reg = (unsigned)v;
			return true;
		}
	}
	return false;
}
