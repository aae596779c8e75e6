/* Small afuc programs for the emulator tests, assembled through the ISA
 * table (no instruction bits written by hand):
 *
 *   struct prog p;
 *   prog_init(&p, EMU_A6XX);
 *   put(&p, A(&p, "mov", F(DST, 2), F(IMM, 5)));
 *   prog_end(&p);                      (waitin; mov $01, $data)
 *   struct emu *emu = prog_run(&p, &status);
 */
#ifndef TESTS_EMU_PROG_H
#define TESTS_EMU_PROG_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/emu.h"
#include "isa/isa.h"

struct fld {
	int kind;
	uint32_t value;
};

#define F(kind, value) ((struct fld){ISA_F_##kind, (uint32_t)(value)})
#define A(p, name, ...)                                    \
	prog_asm((p), (name), (struct fld[]){__VA_ARGS__}, \
		 sizeof((struct fld[]){__VA_ARGS__}) / sizeof(struct fld))
#define A0(p, name) prog_asm((p), (name), NULL, 0)

#define PROG_MAX 512

struct prog {
	enum emu_gen gen;
	struct isa isa;
	uint32_t words[PROG_MAX]; /* words[0] is the file word the kernel skips */
	size_t count;
};

static inline void prog_init(struct prog *p, enum emu_gen gen)
{
	memset(p, 0, sizeof *p);
	p->gen = gen;
	isa_init(&p->isa, (enum isa_gen)gen);
	p->count = 1;
}

/* The instruction address the next put() gets. */
static inline uint32_t here(const struct prog *p)
{
	return (uint32_t)p->count - 1;
}

static inline bool is_modifier(int kind)
{
	return kind == ISA_F_REP || kind == ISA_F_XMOV || kind == ISA_F_PEEK || kind == ISA_F_SDS ||
	       kind == ISA_F_PREINC || kind == ISA_F_SHIFT;
}

/* The form of name whose operand fields are exactly those given. */
static inline uint32_t prog_asm(struct prog *p, const char *name, const struct fld *f, size_t n)
{
	for (const struct isa_form *form = isa_next_form(&p->isa, name, NULL); form;
	     form = isa_next_form(&p->isa, name, form)) {
		bool fits = true;
		for (size_t i = 0; i < n && fits; i++)
			fits = isa_form_field(form, (enum isa_field_kind)f[i].kind) != NULL;
		for (unsigned k = 0; k < form->shape->field_count && fits; k++) {
			int kind = form->shape->fields[k].kind;
			bool given = is_modifier(kind);
			for (size_t i = 0; i < n && !given; i++)
				given = f[i].kind == kind;
			fits = given;
		}
		if (!fits)
			continue;
		struct isa_instr in = {.form = form};
		for (size_t i = 0; i < n; i++)
			in.f[f[i].kind] = f[i].value;
		uint32_t word;
		if (!isa_encode(&in, &word, NULL)) {
			fprintf(stderr, "prog: %s: a field does not fit\n", name);
			abort();
		}
		return word;
	}
	fprintf(stderr, "prog: no form of %s with those fields\n", name);
	abort();
}

static inline uint32_t put(struct prog *p, uint32_t word)
{
	if (p->count == PROG_MAX)
		abort();
	p->words[p->count++] = word;
	return here(p) - 1;
}

/* Branch offsets count from the branch to the target. */
static inline int32_t to(const struct prog *p, uint32_t target)
{
	return (int32_t)target - (int32_t)here(p);
}

static inline uint32_t nop(struct prog *p)
{
	return put(p, A0(p, "nop"));
}

/* mov $reg, value (two instructions when value needs more than 16 bits;
 * $0f is clobbered for $addr) */
static inline void li(struct prog *p, unsigned reg, uint32_t value)
{
	if (reg >= ISA_REG_ADDR && value >> 16) {
		/* $addr reads back as $memdata: build the value in $0f */
		li(p, 0x0f, value);
		put(p, A(p, "mov", F(DST, reg), F(SRC2, 0x0f)));
		return;
	}
	if (value >> 16) {
		put(p, A(p, "mov", F(DST, reg), F(IMM, value >> 16), F(SHIFT, 16)));
		if (value & 0xffff)
			put(p, A(p, "or", F(DST, reg), F(SRC1, reg), F(IMM, value & 0xffff)));
	} else {
		put(p, A(p, "mov", F(DST, reg), F(IMM, value)));
	}
}

/* The usual end of a routine: wait for the next packet. */
static inline void prog_end(struct prog *p)
{
	put(p, A0(p, "waitin"));
	put(p, A(p, "mov", F(DST, 1), F(SRC2, ISA_REG_DATA)));
}

static inline struct emu *prog_emu(const struct prog *p)
{
	struct emu *emu = emu_new(&(struct emu_config){.gen = p->gen, .step_limit = 100000}, NULL);
	if (!emu || !emu_load_image(emu, p->words, p->count))
		abort();
	return emu;
}

/* Loads and runs p to idle (or an error). */
static inline struct emu *prog_run(const struct prog *p, enum emu_status *status)
{
	struct emu *emu = prog_emu(p);
	*status = emu_run(emu);
	return emu;
}

#endif
