/* One generation enum: the public header's enum emu_gen has the numbers
 * of sdk/isa's enum isa_gen (it cannot include isa.h), so converting is
 * a cast, checked here once; every layer converts through these. */
#ifndef SDK_EMU_ISAGEN_H
#define SDK_EMU_ISAGEN_H

#include "afuc/emucore.h"
#include "isa/isa.h"

_Static_assert(EMU_A5XX == (int)ISA_A5XX && EMU_A6XX == (int)ISA_A6XX && EMU_A7XX == (int)ISA_A7XX,
	       "enum emu_gen and enum isa_gen are one set of numbers");

static inline enum isa_gen emu_isa_gen(enum emu_gen gen)
{
	return (enum isa_gen)gen;
}

/* False for a generation the emulator does not model. */
static inline bool emu_gen_of_isa(enum isa_gen isa, enum emu_gen *gen)
{
	if (isa < ISA_GEN_MIN || isa > ISA_GEN_MAX)
		return false;
	*gen = (enum emu_gen)isa;
	return true;
}

#endif
