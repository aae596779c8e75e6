/* The HWSQ emulator: one sequencer of a family, its registers, code RAM,
 * flags, events and PTIMER time. No I/O: a run returns why it stopped
 * and tracing is a callback. Choices the hardware documentation leaves
 * open are listed in docs/hwsq.md ("The emulator's model"). */
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

enum slot_state {
	SLOT_IDLE,
	SLOT_READY,       /* fetches the next instruction */
	SLOT_WAIT_TIME,   /* in a PTIMER wait until wait_until */
	SLOT_WAIT_EVENT,  /* in an ewait */
	SLOT_WAIT_ENABLE, /* a poke waits for HWSQ_ENABLE */
	SLOT_HUNG,        /* illegal opcode (NV41:NV92) */
	SLOT_OFF_END,     /* the IP left code RAM */
};

struct slot {
	enum slot_state state;
	bool illegal; /* STATUS.ILLEGAL_OPCODE */
	uint32_t ip;
	struct hwsq_mmio_state mmio; /* the slot's ADDR and DATA */
	uint64_t wait_until;
	unsigned wait_event;
	bool wait_value;
	uint32_t poke_ip; /* the addr opcode a poke waits in */
	uint64_t order;   /* when it was started: the engine runs the oldest */
};

struct scheduled {
	unsigned event;
	bool value;
	uint64_t at;
};

struct hwsq_emu {
	enum hwsq_family family;
	const struct hwsq_family_info *fam;
	uint8_t ram[0x200];
	uint32_t debug6, entry_point, entry_high;
	uint32_t flag_value, flag_override; /* bit n: flag n */
	uint32_t events;
	struct scheduled *sched;
	size_t sched_count, sched_cap;
	bool handshake, abort_quirk;
	uint64_t latency_ns;
	struct slot slots[2];
	uint64_t now, starts;
	struct hwsq_emu_write *writes;
	size_t write_count, write_cap;
	hwsq_emu_trace_fn trace;
	void *trace_ctx;
	uint64_t step_limit; /* instructions per run */
};

static const char *const stop_names[] = {
	[HWSQ_EMU_IDLE] = "idle",
	[HWSQ_EMU_TIME_LIMIT] = "time-limit",
	[HWSQ_EMU_ILLEGAL] = "illegal",
	[HWSQ_EMU_MMIO_HANG] = "mmio-hang",
	[HWSQ_EMU_EVENT_HANG] = "event-hang",
	[HWSQ_EMU_OFF_END] = "off-end",
	[HWSQ_EMU_STEP_LIMIT] = "step-limit",
};

const char *hwsq_emu_stop_name(enum hwsq_emu_stop s)
{
	return stop_names[s];
}

struct hwsq_emu *hwsq_emu_new(enum hwsq_family f)
{
	struct hwsq_emu *e = util_xcalloc(1, sizeof *e);
	e->family = f;
	e->fam = hwsq_family_info(f);
	memset(e->ram, HWSQ_OPCODE_EXIT, sizeof e->ram);
	e->debug6 = HWSQ_DEBUG_6_ENABLE;
	e->handshake = true;
	e->step_limit = HWSQ_EMU_MAX_STEPS;
	return e;
}

void hwsq_emu_set_step_limit(struct hwsq_emu *e, uint64_t steps)
{
	e->step_limit = steps ? steps : HWSQ_EMU_MAX_STEPS;
}

void hwsq_emu_free(struct hwsq_emu *e)
{
	if (!e)
		return;
	free(e->sched);
	free(e->writes);
	free(e);
}

enum hwsq_family hwsq_emu_family(const struct hwsq_emu *e)
{
	return e->family;
}

bool hwsq_emu_load(struct hwsq_emu *e, const uint8_t *code, size_t size)
{
	if (size > e->fam->ram_size)
		return false;
	memset(e->ram, HWSQ_OPCODE_EXIT, sizeof e->ram);
	if (size)
		memcpy(e->ram, code, size);
	return true;
}

/* ---- events ---------------------------------------------------------- */

void hwsq_emu_set_event(struct hwsq_emu *e, unsigned event, bool value)
{
	if (event >= HWSQ_EVENTS)
		return;
	e->events = (e->events & ~(1u << event)) | (uint32_t)value << event;
}

void hwsq_emu_schedule_event(struct hwsq_emu *e, unsigned event, bool value, uint64_t at_ns)
{
	if (at_ns <= e->now) {
		hwsq_emu_set_event(e, event, value);
		return;
	}
	/* Kept sorted by time; equal times keep the order they came in. */
	UTIL_PUSH(e->sched, e->sched_count, e->sched_cap);
	size_t i = e->sched_count - 1;
	while (i > 0 && e->sched[i - 1].at > at_ns) {
		e->sched[i] = e->sched[i - 1];
		i--;
	}
	e->sched[i] = (struct scheduled){event, value, at_ns};
}

bool hwsq_emu_event(const struct hwsq_emu *e, unsigned event)
{
	return event < HWSQ_EVENTS && (e->events >> event & 1);
}

void hwsq_emu_set_handshake(struct hwsq_emu *e, bool on, uint64_t latency_ns)
{
	e->handshake = on;
	e->latency_ns = latency_ns;
}

void hwsq_emu_set_abort_quirk(struct hwsq_emu *e, bool on)
{
	e->abort_quirk = on;
}

void hwsq_emu_set_trace(struct hwsq_emu *e, hwsq_emu_trace_fn fn, void *ctx)
{
	e->trace = fn;
	e->trace_ctx = ctx;
}

/* Applies every scheduled change due by now. */
static void apply_due(struct hwsq_emu *e)
{
	size_t n = 0;
	while (n < e->sched_count && e->sched[n].at <= e->now) {
		hwsq_emu_set_event(e, e->sched[n].event, e->sched[n].value);
		n++;
	}
	if (n == 0)
		return;
	memmove(e->sched, e->sched + n, (e->sched_count - n) * sizeof *e->sched);
	e->sched_count -= n;
}

/* ---- flags ------------------------------------------------------------- */

static void set_flag(struct hwsq_emu *e, unsigned flag, enum hwsq_flag_state s)
{
	uint32_t bit = 1u << flag;
	bool was_on = (e->flag_override & bit) && (e->flag_value & bit);
	if (s == HWSQ_STATE_UNSET) {
		e->flag_override &= ~bit;
	} else {
		e->flag_override |= bit;
		e->flag_value = s == HWSQ_STATE_ON ? e->flag_value | bit : e->flag_value & ~bit;
	}
	/* The memory controller answers a pause request (flag 16 in the
	 * override-to-1 state) with FB_PAUSED. */
	bool on = s == HWSQ_STATE_ON;
	if (flag == HWSQ_FB_PAUSE_FLAG && e->fam->fb_pause && e->handshake && on != was_on)
		hwsq_emu_schedule_event(e, HWSQ_FB_PAUSED_EVENT, on, e->now + e->latency_ns);
}

enum hwsq_flag_state hwsq_emu_flag(const struct hwsq_emu *e, unsigned flag)
{
	if (flag >= HWSQ_FLAGS || !(e->flag_override >> flag & 1))
		return HWSQ_STATE_UNSET;
	return e->flag_value >> flag & 1 ? HWSQ_STATE_ON : HWSQ_STATE_OFF;
}

/* ---- registers ----------------------------------------------------------- */

static uint32_t entry_address(const struct hwsq_emu *e, unsigned n)
{
	uint32_t a = e->entry_point >> (8 * n) & 0xff;
	if (e->fam->entry_high)
		a |= (e->entry_high >> (8 * n) & 1) << 8;
	return a;
}

bool hwsq_emu_set_entry(struct hwsq_emu *e, unsigned n, uint32_t addr)
{
	if (n >= HWSQ_ENTRY_COUNT || addr > (e->fam->entry_high ? 0x1ffu : 0xffu))
		return false;
	e->entry_point = (e->entry_point & ~(0xffu << (8 * n))) | (addr & 0xff) << (8 * n);
	e->entry_high = (e->entry_high & ~(1u << (8 * n))) | (addr >> 8 & 1) << (8 * n);
	return true;
}

static struct slot *trigger_slot(struct hwsq_emu *e, uint32_t value)
{
	if (e->fam->slots == 1)
		return &e->slots[HWSQ_SLOT_A];
	return &e->slots[value & HWSQ_TRIGGER_SLOT_A ? HWSQ_SLOT_A : HWSQ_SLOT_B];
}

static bool slot_active(const struct slot *s)
{
	return s->state != SLOT_IDLE;
}

static void trigger(struct hwsq_emu *e, uint32_t value)
{
	struct slot *s = trigger_slot(e, value);
	if (value & HWSQ_TRIGGER_START) {
		s->ip = entry_address(e, value >> HWSQ_TRIGGER_ENTRY_SHIFT & 3);
		s->state = SLOT_READY;
		s->illegal = false;
		s->order = ++e->starts;
		return;
	}
	if (!slot_active(s))
		return;
	if (e->abort_quirk && e->fam->illegal == HWSQ_ILLEGAL_HANG && s->state == SLOT_WAIT_TIME) {
		s->state = SLOT_HUNG;
		s->illegal = true;
		return;
	}
	s->state = SLOT_IDLE;
	s->illegal = false;
}

static uint32_t code_window_offset(const struct hwsq_emu *e, uint32_t addr, bool *hit)
{
	uint32_t old_size = e->fam->ram_size < 0x100 ? e->fam->ram_size : 0x100;
	*hit = true;
	if (addr >= HWSQ_MMIO_CODE && addr < HWSQ_MMIO_CODE + old_size)
		return addr - HWSQ_MMIO_CODE;
	if (e->fam->code_window == HWSQ_MMIO_NEW_CODE && addr >= HWSQ_MMIO_NEW_CODE &&
	    addr < HWSQ_MMIO_NEW_CODE + e->fam->ram_size)
		return addr - HWSQ_MMIO_NEW_CODE;
	*hit = false;
	return 0;
}

void hwsq_emu_mmio_write(struct hwsq_emu *e, uint32_t addr, uint32_t value)
{
	bool code;
	uint32_t off = code_window_offset(e, addr & ~3u, &code);
	if (code) {
		util_put_le32(e->ram + off, value);
		return;
	}
	switch (addr) {
	case HWSQ_MMIO_DEBUG_6:
		e->debug6 = value;
		break;
	case HWSQ_MMIO_ENTRY_POINT:
		e->entry_point = value;
		break;
	case HWSQ_MMIO_ENTRY_POINT_HIGH:
		if (e->fam->entry_high)
			e->entry_high = value & 0x01010101;
		break;
	case HWSQ_MMIO_TRIGGER:
		trigger(e, value);
		break;
	default:
		break;
	}
}

static uint32_t slot_status(const struct hwsq_emu *e, const struct slot *s)
{
	uint32_t v = (s->ip & 0xff) | (slot_active(s) ? HWSQ_STATUS_ACTIVE : 0);
	if (e->fam->illegal == HWSQ_ILLEGAL_HANG && s->illegal)
		v |= HWSQ_STATUS_ILLEGAL;
	if (e->fam->entry_high && (s->ip & 0x100))
		v |= HWSQ_STATUS_IP_HIGH;
	return v;
}

uint32_t hwsq_emu_mmio_read(const struct hwsq_emu *e, uint32_t addr)
{
	bool code;
	uint32_t off = code_window_offset(e, addr & ~3u, &code);
	if (code)
		return util_le32(e->ram + off);
	switch (addr) {
	case HWSQ_MMIO_DEBUG_6:
		return e->debug6;
	case HWSQ_MMIO_ENTRY_POINT:
		return e->entry_point;
	case HWSQ_MMIO_ENTRY_POINT_HIGH:
		return e->fam->entry_high ? e->entry_high : 0;
	case HWSQ_MMIO_STATUS: {
		uint32_t v = slot_status(e, &e->slots[HWSQ_SLOT_A]);
		if (e->fam->slots > 1)
			v |= slot_status(e, &e->slots[HWSQ_SLOT_B]) << HWSQ_STATUS_SLOT_B_SHIFT;
		return v;
	}
	case HWSQ_MMIO_FLAGS_0:
		return (e->flag_value & 0xffff) | (e->flag_override & 0xffff) << 16;
	case HWSQ_MMIO_FLAGS_1:
		return e->flag_value >> 16 | (e->flag_override >> 16) << 16;
	case HWSQ_MMIO_EVENTS:
		return e->fam->pokes ? e->events : 0;
	default:
		return 0;
	}
}

void hwsq_emu_start(struct hwsq_emu *e, enum hwsq_slot slot, unsigned entry)
{
	hwsq_emu_mmio_write(e, HWSQ_MMIO_TRIGGER, hwsq_trigger_value(e->family, slot, entry));
}

void hwsq_emu_abort(struct hwsq_emu *e, enum hwsq_slot slot)
{
	hwsq_emu_mmio_write(e, HWSQ_MMIO_TRIGGER, slot == HWSQ_SLOT_A ? HWSQ_TRIGGER_SLOT_A : 0);
}

void hwsq_emu_set_enable(struct hwsq_emu *e, bool on)
{
	e->debug6 = on ? e->debug6 | HWSQ_DEBUG_6_ENABLE : e->debug6 & ~HWSQ_DEBUG_6_ENABLE;
}

/* ---- execution ------------------------------------------------------------ */

static void poke(struct hwsq_emu *e, struct slot *s)
{
	*UTIL_PUSH(e->writes, e->write_count, e->write_cap) = (struct hwsq_emu_write){
		.addr = s->mmio.addr,
		.value = s->mmio.data,
		.time_ns = e->now,
		.slot = s == &e->slots[HWSQ_SLOT_A] ? HWSQ_SLOT_A : HWSQ_SLOT_B,
		.ip = s->poke_ip};
	/* A script may poke the sequencer's own registers, too. */
	hwsq_emu_mmio_write(e, s->mmio.addr, s->mmio.data);
}

static bool enabled(const struct hwsq_emu *e)
{
	return (e->debug6 & HWSQ_DEBUG_6_ENABLE) != 0;
}

static void step(struct hwsq_emu *e, struct slot *s)
{
	if (s->ip >= e->fam->ram_size) {
		s->state = SLOT_OFF_END;
		return;
	}
	struct hwsq_insn insn;
	hwsq_decode(e->family, e->ram, e->fam->ram_size, s->ip, &insn);
	if (e->trace) {
		struct hwsq_emu_step st = {s == &e->slots[0] ? HWSQ_SLOT_A : HWSQ_SLOT_B, s->ip,
					   insn, e->now};
		e->trace(e->trace_ctx, &st);
	}
	if (insn.truncated) {
		s->state = SLOT_OFF_END;
		return;
	}
	uint32_t at = s->ip;
	s->ip += insn.length;
	if (!insn.opcode) {
		if (e->fam->illegal == HWSQ_ILLEGAL_HANG) {
			s->illegal = true;
			s->state = SLOT_HUNG;
		}
		return;
	}
	uint32_t v = insn.operands[0];
	switch (insn.opcode->op) {
	case HWSQ_OP_NOP:
		break;
	case HWSQ_OP_WAIT: {
		uint64_t us = hwsq_wait_us(v, insn.operands[1]);
		if (us) {
			/* saturates: a run that went "until" the end of time must
			 * not wrap around to the past */
			uint64_t ns = us * 1000;
			s->wait_until = e->now > UINT64_MAX - ns ? UINT64_MAX : e->now + ns;
			s->state = SLOT_WAIT_TIME;
		}
		break;
	}
	case HWSQ_OP_DATA:
	case HWSQ_OP_DATALO:
		hwsq_mmio_apply(&s->mmio, &insn);
		break;
	case HWSQ_OP_ADDR:
	case HWSQ_OP_ADDRLO:
		hwsq_mmio_apply(&s->mmio, &insn);
		s->poke_ip = at;
		if (enabled(e))
			poke(e, s);
		else
			s->state = SLOT_WAIT_ENABLE;
		break;
	case HWSQ_OP_EWAIT:
		if (hwsq_emu_event(e, v) != (insn.operands[1] != 0)) {
			s->wait_event = v;
			s->wait_value = insn.operands[1] != 0;
			s->state = SLOT_WAIT_EVENT;
		}
		break;
	case HWSQ_OP_EXIT:
		s->ip = at; /* exit does not advance the IP */
		s->state = SLOT_IDLE;
		break;
	case HWSQ_OP_UNSET:
		set_flag(e, v, HWSQ_STATE_UNSET);
		break;
	case HWSQ_OP_SET1:
		set_flag(e, v, HWSQ_STATE_ON);
		break;
	case HWSQ_OP_SET0:
		set_flag(e, v, HWSQ_STATE_OFF);
		break;
	case HWSQ_OP_COUNT:
		break;
	}
}

/* The slot that has the engine: the oldest one started. The slots do not
 * run concurrently; one that waits or hangs holds up the other. */
static struct slot *engine(struct hwsq_emu *e)
{
	struct slot *best = NULL;
	for (unsigned i = 0; i < e->fam->slots; i++)
		if (slot_active(&e->slots[i]) && (!best || e->slots[i].order < best->order))
			best = &e->slots[i];
	return best;
}

/* Advances time to t (<= until), applying the event changes on the way. */
static void advance(struct hwsq_emu *e, uint64_t t)
{
	if (t > e->now)
		e->now = t;
	apply_due(e);
}

/* A slot hangs: time still passes up to the limit (a hung poke that the
 * host later allows happens at that later time). */
static enum hwsq_emu_stop hang(struct hwsq_emu *e, enum hwsq_emu_stop why, uint64_t until_ns)
{
	if (until_ns != HWSQ_EMU_FOREVER)
		advance(e, until_ns);
	return why;
}

enum hwsq_emu_stop hwsq_emu_run(struct hwsq_emu *e, uint64_t until_ns)
{
	apply_due(e);
	uint64_t steps = 0;
	for (;;) {
		struct slot *s = engine(e);
		if (!s)
			return HWSQ_EMU_IDLE;
		switch (s->state) {
		case SLOT_READY:
			/* Every other state ends the run or leads to a step, so
			 * counting steps bounds the run. */
			if (steps++ == e->step_limit)
				return HWSQ_EMU_STEP_LIMIT;
			step(e, s);
			break;
		case SLOT_WAIT_TIME:
			if (s->wait_until > until_ns) {
				advance(e, until_ns);
				return HWSQ_EMU_TIME_LIMIT;
			}
			advance(e, s->wait_until);
			s->state = SLOT_READY;
			break;
		case SLOT_WAIT_EVENT:
			if (hwsq_emu_event(e, s->wait_event) == s->wait_value) {
				s->state = SLOT_READY;
				break;
			}
			if (!e->sched_count)
				return hang(e, HWSQ_EMU_EVENT_HANG, until_ns);
			if (e->sched[0].at > until_ns) {
				advance(e, until_ns);
				return HWSQ_EMU_TIME_LIMIT;
			}
			advance(e, e->sched[0].at);
			break;
		case SLOT_WAIT_ENABLE:
			if (!enabled(e))
				return hang(e, HWSQ_EMU_MMIO_HANG, until_ns);
			s->state = SLOT_READY;
			poke(e, s);
			break;
		case SLOT_HUNG:
			return hang(e, HWSQ_EMU_ILLEGAL, until_ns);
		case SLOT_OFF_END:
			return hang(e, HWSQ_EMU_OFF_END, until_ns);
		case SLOT_IDLE:
			break;
		}
	}
}

uint64_t hwsq_emu_time_ns(const struct hwsq_emu *e)
{
	return e->now;
}

uint32_t hwsq_emu_ip(const struct hwsq_emu *e, enum hwsq_slot slot)
{
	return e->slots[slot].ip;
}

bool hwsq_emu_active(const struct hwsq_emu *e, enum hwsq_slot slot)
{
	return slot_active(&e->slots[slot]);
}

size_t hwsq_emu_write_count(const struct hwsq_emu *e)
{
	return e->write_count;
}

const struct hwsq_emu_write *hwsq_emu_write_at(const struct hwsq_emu *e, size_t index)
{
	return index < e->write_count ? &e->writes[index] : NULL;
}
