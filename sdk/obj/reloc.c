/* Relocation kinds: their names and how each patches a word. */
#include "obj/obj.h"

struct reloc_info {
	const char *name;
	uint8_t bits;   /* the field is bits 0..bits-1 of the word */
	bool pcrel;     /* value is S + A - P rather than S + A */
	bool is_signed; /* the value must fit as a signed number */
};

static const struct reloc_info reloc_infos[OBJ_R_COUNT] = {
	[OBJ_R_NONE] = {"R_AFUC_NONE", 0, false, false},
	[OBJ_R_BRANCH16] = {"R_AFUC_BRANCH16", 16, true, true},
	[OBJ_R_ABS26] = {"R_AFUC_ABS26", 26, false, false},
	[OBJ_R_IMM16] = {"R_AFUC_IMM16", 16, false, false},
	[OBJ_R_IMM12] = {"R_AFUC_IMM12", 12, false, false},
	[OBJ_R_PAYLOAD24] = {"R_AFUC_PAYLOAD24", 24, false, false},
	[OBJ_R_WORD32] = {"R_AFUC_WORD32", 32, false, false},
};

const char *obj_reloc_name(enum obj_reloc_kind kind)
{
	return (unsigned)kind < OBJ_R_COUNT ? reloc_infos[kind].name : "R_AFUC_<invalid>";
}

bool obj_apply_reloc(enum obj_reloc_kind kind, uint32_t *word, int64_t s, int64_t a, int64_t p,
		     const char **why)
{
	if ((unsigned)kind >= OBJ_R_COUNT) {
		*why = "unknown relocation kind";
		return false;
	}
	const struct reloc_info *info = &reloc_infos[kind];
	if (kind == OBJ_R_NONE)
		return true;
	int64_t v = s + a - (info->pcrel ? p : 0);
	int64_t span = (int64_t)1 << info->bits;
	if (info->is_signed && (v < -span / 2 || v >= span / 2)) {
		*why = info->bits == 16 ? "does not fit a signed 16-bit branch offset"
					: "does not fit its signed field";
		return false;
	}
	/* A whole data word also takes negative values, as two's complement. */
	int64_t lowest = kind == OBJ_R_WORD32 ? -span / 2 : 0;
	if (!info->is_signed && (v < lowest || v >= span)) {
		static const char *const unsigned_why[] = {
			[OBJ_R_ABS26] = "does not fit an unsigned 26-bit target",
			[OBJ_R_IMM16] = "does not fit an unsigned 16-bit immediate",
			[OBJ_R_IMM12] = "does not fit an unsigned 12-bit field",
			[OBJ_R_PAYLOAD24] = "does not fit a 24-bit NOP payload",
			[OBJ_R_WORD32] = "does not fit a 32-bit word",
		};
		*why = unsigned_why[kind];
		return false;
	}
	uint32_t mask = info->bits == 32 ? UINT32_MAX : (uint32_t)span - 1;
	*word = (*word & ~mask) | ((uint32_t)v & mask);
	return true;
}
