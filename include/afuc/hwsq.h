/* The NVIDIA hardware sequencer (HWSQ): chip families, the one opcode
 * table that the compiler, the disassembler and the emulator share, and
 * the emulator's C API (for tests that drive a script from C).
 *
 *   struct hwsq_emu *e = hwsq_emu_new(HWSQ_NV50);
 *   hwsq_emu_load(e, image, size);
 *   hwsq_emu_start(e, HWSQ_SLOT_A, 0);            (TRIGGER: start entry 0)
 *   enum hwsq_emu_stop why = hwsq_emu_run(e, HWSQ_EMU_FOREVER);
 *   for (size_t i = 0; i < hwsq_emu_write_count(e); i++)
 *           ... hwsq_emu_write_at(e, i)->addr, ->value, ->time_ns ...
 *   hwsq_emu_free(e);
 *
 * Facts come from the hwsq chapter of the envytools documentation
 * (docs/hwsq.md says which behaviours are this model's own choices).
 * Nothing here does I/O; two emulators never share state.
 */
#ifndef AFUC_HWSQ_H
#define AFUC_HWSQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- chip families ---------------------------------------------------- */

enum hwsq_family {
	HWSQ_NV17, /* NV17:NV41 */
	HWSQ_NV41, /* NV41:NV50 */
	HWSQ_NV50, /* NV50:NV92 */
	HWSQ_NV92, /* NV92:NVC0 */
	HWSQ_FAMILY_COUNT
};

#define HWSQ_FAMILY_BIT(f) (1u << (f))
#define HWSQ_ALL_FAMILIES ((1u << HWSQ_FAMILY_COUNT) - 1)

/* What an opcode the family does not know does when executed. */
enum hwsq_illegal {
	HWSQ_ILLEGAL_NOP,  /* a one-byte no-op */
	HWSQ_ILLEGAL_HANG, /* STATUS.ILLEGAL_OPCODE lights, the slot hangs */
};

struct hwsq_family_info {
	const char *name;    /* "nv50": the --chip spelling */
	const char *variant; /* "NV50": the register database variant */
	const char *range;   /* "NV50:NV92": the chipsets it covers */
	uint32_t ram_size;   /* code RAM bytes */
	unsigned slots;      /* execution slots: 2, or 1 on NV92+ */
	bool pokes;          /* MMIO pokes and event waits (NV41+) */
	bool fb_pause;       /* flag 16 pauses the framebuffer (NV41+) */
	bool entry_high;     /* ENTRY_POINT_HIGH holds address bit 8 (NV92+) */
	enum hwsq_illegal illegal;
	uint32_t code_window; /* MMIO base through which a driver uploads the code */
};

const struct hwsq_family_info *hwsq_family_info(enum hwsq_family f);
/* "nv17", "NV41", "nv92"... (case does not matter); false if unknown. */
bool hwsq_family_parse(const char *name, enum hwsq_family *f);
/* A chip ("g84", "NV84", "gt215", "mcp79") or a family name, any case:
 * its family; false if no HWSQ chip has that name. */
bool hwsq_chip_family(const char *name, enum hwsq_family *f);
/* What hwsq_chip_family takes, for messages. */
#define HWSQ_CHIP_NAMES "a chip (nv40, g84, gt215...) or a family: nv17, nv41, nv50 or nv92"

/* ---- MMIO registers of the sequencer ---------------------------------- */

enum {
	HWSQ_MMIO_DEBUG_6 = 0x001098,         /* PBUS.DEBUG_6 */
	HWSQ_DEBUG_6_ENABLE = 1u << 3,        /* HWSQ_ENABLE */
	HWSQ_DEBUG_6_OVERRIDE_MODE = 1u << 4, /* HWSQ_OVERRIDE_MODE */
	HWSQ_MMIO_ENTRY_POINT = 0x001304,
	HWSQ_MMIO_STATUS = 0x001308,
	HWSQ_MMIO_TRIGGER = 0x00130c,
	HWSQ_MMIO_FLAGS_0 = 0x001310,
	HWSQ_MMIO_FLAGS_1 = 0x001314,
	HWSQ_MMIO_ENTRY_POINT_HIGH = 0x001318, /* NV92+ */
	HWSQ_MMIO_CODE = 0x001400,             /* first 0x100 bytes at most */
	HWSQ_MMIO_EVENTS = 0x001578,           /* NV41+ */
	HWSQ_MMIO_NEW_CODE = 0x080000,         /* NV92+: all 0x200 bytes */
};

/* TRIGGER and STATUS fields. */
enum {
	HWSQ_TRIGGER_START = 1u << 0,  /* 0: abort */
	HWSQ_TRIGGER_SLOT_A = 1u << 1, /* 0: slot B (NV17:NV92) */
	HWSQ_TRIGGER_ENTRY_SHIFT = 2,  /* bits 2-3 */
	HWSQ_STATUS_ACTIVE = 1u << 8,
	HWSQ_STATUS_ILLEGAL = 1u << 9,  /* NV41:NV92 */
	HWSQ_STATUS_IP_HIGH = 1u << 10, /* NV92+ */
	HWSQ_STATUS_SLOT_B_SHIFT = 16,  /* NV17:NV92 */
};

#define HWSQ_FLAGS 32
#define HWSQ_EVENTS 32
#define HWSQ_ENTRY_COUNT 4
#define HWSQ_FB_PAUSE_FLAG 16
#define HWSQ_FB_PAUSED_EVENT 0
#define HWSQ_OPCODE_EXIT 0x7f /* the padding byte of every image */

/* ---- the opcode table ------------------------------------------------- */

enum hwsq_op {
	HWSQ_OP_NOP,
	HWSQ_OP_WAIT,
	HWSQ_OP_ADDRLO,
	HWSQ_OP_DATALO,
	HWSQ_OP_EWAIT,
	HWSQ_OP_EXIT,
	HWSQ_OP_UNSET,
	HWSQ_OP_SET1,
	HWSQ_OP_SET0,
	HWSQ_OP_ADDR,
	HWSQ_OP_DATA,
	HWSQ_OP_COUNT
};

/* What an operand means, which decides how it is written. */
enum hwsq_operand_kind {
	HWSQ_OPND_NONE,
	HWSQ_OPND_NUM,   /* a plain number */
	HWSQ_OPND_SHIFT, /* wait's shift: written premultiplied by 2 */
	HWSQ_OPND_FLAG,  /* a flag number, or #NAME */
	HWSQ_OPND_EVENT, /* an event number, or #NAME */
};

/* A field: len bits at bit pos of the instruction, its bytes read as one
 * little-endian number (byte 0 is the opcode). */
struct hwsq_field {
	enum hwsq_operand_kind kind;
	uint8_t pos, len;
};

#define HWSQ_MAX_OPERANDS 2
#define HWSQ_MAX_LENGTH 5

struct hwsq_opcode {
	enum hwsq_op op;
	const char *name;
	uint8_t match, mask; /* the first byte b is this opcode if (b & mask) == match */
	uint8_t length;      /* bytes */
	unsigned families;   /* HWSQ_FAMILY_BIT()s that have it */
	struct hwsq_field fields[HWSQ_MAX_OPERANDS];
	const char *joiner; /* word between the two operands ("shl"), or NULL */
};

/* The table, in decoding order (nop before wait: both match 0x00). */
size_t hwsq_opcode_count(void);
const struct hwsq_opcode *hwsq_opcode_at(size_t index);
const struct hwsq_opcode *hwsq_opcode_of(enum hwsq_op op);
const struct hwsq_opcode *hwsq_opcode_by_name(const char *name);
static inline bool hwsq_opcode_on(const struct hwsq_opcode *o, enum hwsq_family f)
{
	return (o->families & HWSQ_FAMILY_BIT(f)) != 0;
}

/* One decoded instruction. */
struct hwsq_insn {
	const struct hwsq_opcode *opcode;     /* NULL: an opcode the family lacks */
	uint8_t length;                       /* bytes it takes (1 when illegal) */
	bool truncated;                       /* it runs past the end of the code */
	uint32_t operands[HWSQ_MAX_OPERANDS]; /* field values, as encoded */
	uint64_t raw;                         /* its bytes, little-endian */
	uint64_t unknown;                     /* bits of raw that no field claims */
};

/* Decodes the instruction at code[pos] (pos < len) for a family. */
void hwsq_decode(enum hwsq_family f, const uint8_t *code, size_t len, size_t pos,
		 struct hwsq_insn *insn);

/* Encodes operands (field values) into raw little-endian bytes; returns
 * false, touching nothing, when an operand does not fit its field. */
bool hwsq_encode(const struct hwsq_opcode *o, const uint32_t operands[HWSQ_MAX_OPERANDS],
		 uint64_t *raw);

/* The largest value a field holds. */
static inline uint32_t hwsq_field_max(const struct hwsq_field *fl)
{
	return fl->len >= 32 ? 0xffffffffu : (1u << fl->len) - 1;
}

/* Microseconds one wait byte lasts (PTIMER at its standard calibration:
 * one unit is 0x20 PTIMER clocks, one microsecond). */
static inline uint64_t hwsq_wait_us(unsigned count, unsigned shift)
{
	return (uint64_t)count << (2 * shift);
}

enum hwsq_slot { HWSQ_SLOT_A, HWSQ_SLOT_B };

/* The TRIGGER value that starts an entry point on a slot (NV92+ has one
 * slot and no slot bit). */
uint32_t hwsq_trigger_value(enum hwsq_family f, enum hwsq_slot slot, unsigned entry);

/* ---- the emulator ----------------------------------------------------- */

enum hwsq_flag_state { HWSQ_STATE_UNSET, HWSQ_STATE_ON, HWSQ_STATE_OFF };

/* Why hwsq_emu_run returned. */
enum hwsq_emu_stop {
	HWSQ_EMU_IDLE,       /* no slot is executing */
	HWSQ_EMU_TIME_LIMIT, /* the time limit came first */
	HWSQ_EMU_ILLEGAL,    /* a slot hangs on an illegal opcode (NV41:NV92) */
	HWSQ_EMU_MMIO_HANG,  /* a poke waits for HWSQ_ENABLE, which is off */
	HWSQ_EMU_EVENT_HANG, /* an ewait waits for an event nothing will change */
	HWSQ_EMU_OFF_END,    /* execution ran past the end of code RAM */
	HWSQ_EMU_STEP_LIMIT, /* the run executed its most instructions */
};
const char *hwsq_emu_stop_name(enum hwsq_emu_stop s);

#define HWSQ_EMU_FOREVER UINT64_MAX

/* The most instructions one hwsq_emu_run executes unless
 * hwsq_emu_set_step_limit says otherwise. A start runs at most the
 * 0x200 bytes of the largest code RAM, so only a script that restarts
 * itself through TRIGGER gets near it: such a run must still end. */
#define HWSQ_EMU_MAX_STEPS 1000000

/* One MMIO write a script performed. */
struct hwsq_emu_write {
	uint32_t addr, value;
	uint64_t time_ns; /* elapsed PTIMER time when it happened */
	enum hwsq_slot slot;
	uint32_t ip; /* address of the addr/addrlo opcode */
};

/* One executed instruction, for tracing. */
struct hwsq_emu_step {
	enum hwsq_slot slot;
	uint32_t ip;
	struct hwsq_insn insn;
	uint64_t time_ns; /* when it started */
};
typedef void (*hwsq_emu_trace_fn)(void *ctx, const struct hwsq_emu_step *step);

struct hwsq_emu;

/* A powered-up sequencer: code RAM filled with exit, every flag unset,
 * every event 0, HWSQ_ENABLE on, time 0, the FB_PAUSE -> FB_PAUSED
 * handshake on (with no latency) where the family has it. */
struct hwsq_emu *hwsq_emu_new(enum hwsq_family f);
void hwsq_emu_free(struct hwsq_emu *e);
enum hwsq_family hwsq_emu_family(const struct hwsq_emu *e);

/* Copies an image into code RAM (the rest stays exit). False when it is
 * larger than the family's RAM. */
bool hwsq_emu_load(struct hwsq_emu *e, const uint8_t *code, size_t size);

/* Host MMIO access to the sequencer's registers and code windows; other
 * addresses read 0 and ignore writes. */
void hwsq_emu_mmio_write(struct hwsq_emu *e, uint32_t addr, uint32_t value);
uint32_t hwsq_emu_mmio_read(const struct hwsq_emu *e, uint32_t addr);

/* Conveniences over the registers: set entry point n to an address (false
 * when the family's ENTRY_POINT cannot hold it), start or abort a slot
 * (TRIGGER), turn HWSQ_ENABLE on or off. */
bool hwsq_emu_set_entry(struct hwsq_emu *e, unsigned n, uint32_t addr);
void hwsq_emu_start(struct hwsq_emu *e, enum hwsq_slot slot, unsigned entry);
void hwsq_emu_abort(struct hwsq_emu *e, enum hwsq_slot slot);
void hwsq_emu_set_enable(struct hwsq_emu *e, bool on);

/* Event inputs: change now, or at an elapsed time (in order of time). */
void hwsq_emu_set_event(struct hwsq_emu *e, unsigned event, bool value);
void hwsq_emu_schedule_event(struct hwsq_emu *e, unsigned event, bool value, uint64_t at_ns);
bool hwsq_emu_event(const struct hwsq_emu *e, unsigned event);

/* The FB_PAUSE -> FB_PAUSED handshake: on by default; FB_PAUSED follows
 * flag 16 after latency_ns. */
void hwsq_emu_set_handshake(struct hwsq_emu *e, bool on, uint64_t latency_ns);

/* The documented quirk: an abort that lands in a PTIMER wait lights the
 * illegal-opcode bit and hangs instead (NV41:NV92); a second abort clears
 * it. Off by default. */
void hwsq_emu_set_abort_quirk(struct hwsq_emu *e, bool on);

void hwsq_emu_set_trace(struct hwsq_emu *e, hwsq_emu_trace_fn fn, void *ctx);

/* The most instructions one run executes (0: HWSQ_EMU_MAX_STEPS). */
void hwsq_emu_set_step_limit(struct hwsq_emu *e, uint64_t steps);

/* Runs the executing slots until none executes, one hangs, the elapsed
 * time would pass until_ns (HWSQ_EMU_FOREVER: no limit) or the run has
 * executed its step limit of instructions (HWSQ_EMU_STEP_LIMIT). A run
 * that stopped on a hang can be continued after the cause is removed
 * (HWSQ_ENABLE turned on, an event scheduled, an abort). */
enum hwsq_emu_stop hwsq_emu_run(struct hwsq_emu *e, uint64_t until_ns);

uint64_t hwsq_emu_time_ns(const struct hwsq_emu *e);
enum hwsq_flag_state hwsq_emu_flag(const struct hwsq_emu *e, unsigned flag);
/* Where a slot is: its IP (next byte to fetch), whether it executes and
 * whether it hangs on an illegal opcode. */
uint32_t hwsq_emu_ip(const struct hwsq_emu *e, enum hwsq_slot slot);
bool hwsq_emu_active(const struct hwsq_emu *e, enum hwsq_slot slot);

size_t hwsq_emu_write_count(const struct hwsq_emu *e);
const struct hwsq_emu_write *hwsq_emu_write_at(const struct hwsq_emu *e, size_t index);

#endif
