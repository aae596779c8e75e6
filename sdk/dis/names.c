/* Names from the register database, and the comments Mesa's disassembler
 * prints beside immediates:
 *
 * - a 16-bit (or a7xx 12-bit) ALU or mov immediate, shifted, of 0x100 or
 *   more that is a GPU register: "; NAME";
 * - `mov $addr, X << N` with N >= 16 sets a pipe register when, bit 18
 *   (no auto-increment) aside, only bits 24-31 are set: "; |NAME" (the
 *   number when the database has no name), and nothing otherwise;
 * - a data word of 0x100 or more that is a GPU register: "; NAME".
 */
#include <stdlib.h>

#include "dis/names.h"
#include "rnn/rnn.h"

struct dis_names {
	const struct rnn_view *gpu, *control, *sqe, *pipe, *pm4;
};

/* The other control maps a generation's parts use. */
static const struct {
	enum isa_gen gen;
	const char *variant;
} control_maps[] = {{ISA_A7XX, "A7XX_GEN3"}};

static bool reg_read_addr_of(struct rnn_db *db, const char *variant, uint64_t *value)
{
	struct diag quiet;
	diag_init(&quiet);
	const struct rnn_view *v = rnn_view(db, RNN_CONTROL, variant, &quiet);
	diag_free(&quiet);
	return v && rnn_name_to_value(v, "REG_READ_ADDR", value);
}

const char *dis_control_variant(struct rnn_db *db, enum isa_gen gen, uint32_t reg_read_addr)
{
	uint64_t own;
	if (!db || reg_read_addr == UINT32_MAX ||
	    (reg_read_addr_of(db, isa_gen_variant(gen), &own) && own == reg_read_addr))
		return NULL;
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(control_maps); i++) {
		uint64_t v;
		if (control_maps[i].gen == gen &&
		    reg_read_addr_of(db, control_maps[i].variant, &v) && v == reg_read_addr)
			return control_maps[i].variant;
	}
	return NULL;
}

struct dis_names *dis_names_new(struct rnn_db *db, enum isa_gen gen, const char *control,
				struct diag *d)
{
	if (!db)
		return NULL;
	struct dis_names *n = util_xcalloc(1, sizeof *n);
	/* A space the tree does not describe (SQE registers on a5xx) only
	 * means numbers are printed; a broken file is an error. */
	struct diag quiet;
	diag_init(&quiet);
	const char *v = isa_gen_variant(gen);
	n->gpu = rnn_view(db, RNN_GPU, v, &quiet);
	n->control = rnn_view(db, RNN_CONTROL, control ? control : v, &quiet);
	n->sqe = gen >= ISA_A6XX ? rnn_view(db, RNN_SQE, v, &quiet) : NULL;
	n->pipe = rnn_view(db, RNN_PIPE, v, &quiet);
	n->pm4 = rnn_view(db, RNN_PM4, v, &quiet);
	if (!n->gpu && !n->control && !n->pm4) {
		diag_append(d, &quiet);
		free(n);
		return NULL;
	}
	diag_free(&quiet);
	return n;
}

void dis_names_free(struct dis_names *n)
{
	free(n);
}

/* Appends a name only when it reads back as the same value, so that what
 * is printed always reassembles to the same bits. */
static bool name_of(const struct rnn_view *v, uint64_t value, struct util_str *out)
{
	if (!v)
		return false;
	struct util_str s = {0};
	bool ok = false;
	uint64_t back;
	if (rnn_value_to_name(v, value, &s) && rnn_name_to_value(v, s.text, &back) &&
	    back == value) {
		util_str_puts(out, s.text);
		ok = true;
	}
	util_str_free(&s);
	return ok;
}

static void truncate(struct util_str *out, size_t len)
{
	out->len = len;
	if (out->text)
		out->text[len] = '\0';
}

/* Appends sigil and name, or nothing. */
static bool sigil_name(const struct rnn_view *v, char sigil, uint64_t value, struct util_str *out)
{
	size_t len = out->len;
	util_str_putc(out, sigil);
	if (name_of(v, value, out))
		return true;
	truncate(out, len);
	return false;
}

bool dis_names_control(struct dis_names *n, uint32_t base, struct util_str *out)
{
	return n && sigil_name(n->control, '@', base, out);
}

bool dis_names_sqe(struct dis_names *n, uint32_t base, struct util_str *out)
{
	return n && sigil_name(n->sqe, '%', base, out);
}

void dis_names_pm4(struct dis_names *n, unsigned opcode, struct util_str *out)
{
	rnn_pm4_name(n ? n->pm4 : NULL, opcode, out);
}

void dis_names_gpu_comment(struct dis_names *n, uint32_t value, struct util_str *out)
{
	if (!n || value < 0x100)
		return;
	/* A comment need not read back (Mesa's names for some a7xx
	 * registers do not), so any name will do. */
	size_t len = out->len;
	util_str_puts(out, "\t; ");
	if (!n->gpu || !rnn_value_to_name(n->gpu, value, out))
		truncate(out, len);
}

void dis_names_imm_comment(struct dis_names *n, const struct isa_instr *in, struct util_str *out)
{
	enum isa_syntax syn = in->form->shape->syntax;
	if (!n || (syn != ISA_SYN_ALU_IMM && syn != ISA_SYN_MOVI))
		return;
	uint32_t shift = syn == ISA_SYN_MOVI ? in->f[ISA_F_SHIFT] : 0;
	uint32_t value = shift < 32 ? in->f[ISA_F_IMM] << shift : 0;
	if (in->f[ISA_F_DST] == ISA_REG_ADDR && shift >= 16) {
		value &= ~UINT32_C(0x40000); /* bit 18: no auto-increment */
		if (value & 0xffffff)
			return;
		util_str_puts(out, "\t; ");
		if (!sigil_name(n->pipe, '|', value >> 24, out))
			util_str_printf(out, "0x%03x", value >> 24);
		return;
	}
	dis_names_gpu_comment(n, value, out);
}

bool dis_names_gpu_value(struct dis_names *n, const char *name, uint32_t *value)
{
	uint64_t v;
	if (!n || !n->gpu || !rnn_name_to_value(n->gpu, name, &v))
		return false;
	*value = (uint32_t)v;
	return true;
}

bool dis_names_control_value(struct dis_names *n, const char *name, uint32_t *value)
{
	uint64_t v;
	if (!n || !n->control || !rnn_name_to_value(n->control, name, &v))
		return false;
	*value = (uint32_t)v;
	return true;
}
