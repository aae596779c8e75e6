/* The emulator's C API: registers, code windows, slots and STATUS, with
 * expected values worked out from the register descriptions. */
#include <string.h>

#include "afuc/hwsq.h"
#include "afuc/hwsq_regs.h" /* generated from the database: both must go together */
#include "afuc/tap.h"

/* data 0x11223344; addr 0x1234; wait 1 shl 2 (4 us); exit */
static const uint8_t poke_code[] = {0xe2, 0x44, 0x33, 0x22, 0x11, 0xe0,
				    0x34, 0x12, 0x00, 0x00, 0x05, 0x7f};

static void test_code_windows(struct tap *t)
{
	struct hwsq_emu *e = hwsq_emu_new(HWSQ_NV92);
	hwsq_emu_mmio_write(e, HWSQ_MMIO_NEW_CODE + 0x1fc, 0x7f0305e2);
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_NEW_CODE + 0x1fc), 0x7f0305e2,
		   "NV92: NEW_CODE reaches byte 0x1fc");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_CODE + 0xfc), 0x7f7f7f7f,
		   "NV92: the old window ends at 0x100 (byte 0xfc is still exit)");
	hwsq_emu_mmio_write(e, HWSQ_MMIO_CODE, 0x04030201);
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_NEW_CODE), 0x04030201,
		   "the two windows show the same RAM, little-endian");
	hwsq_emu_free(e);

	e = hwsq_emu_new(HWSQ_NV17);
	hwsq_emu_mmio_write(e, HWSQ_MMIO_CODE + 0x40, 0x12345678);
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_CODE + 0x40), 0, "NV17: no code past 0x40");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_CODE + 0x3c), 0x7f7f7f7f,
		   "NV17: a new RAM is all exit");
	tap_ok(t, !hwsq_emu_load(e, poke_code, 0x41), "NV17: a 0x41-byte image does not load");
	hwsq_emu_free(e);
}

static void test_run_and_status(struct tap *t)
{
	struct hwsq_emu *e = hwsq_emu_new(HWSQ_NV50);
	hwsq_emu_load(e, poke_code, sizeof poke_code);
	hwsq_emu_start(e, HWSQ_SLOT_A, 0);
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_STATUS), 0x100,
		   "started: slot A active at IP 0");
	tap_is_int(t, hwsq_emu_run(e, 2000), HWSQ_EMU_TIME_LIMIT, "stops at the 2 us limit");
	/* in the wait at 0x0a: the IP is the next byte, 0x0b */
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_STATUS), 0x10b,
		   "in the wait: IP past it, still active");
	tap_is_int(t, hwsq_emu_write_count(e), 1, "the poke happened");
	const struct hwsq_emu_write *w = hwsq_emu_write_at(e, 0);
	tap_ok(t, w && w->addr == 0x1234 && w->value == 0x11223344 && w->time_ns == 0 && w->ip == 5,
	       "write 0x1234 <- 0x11223344 at 0 ns from the addr at 0x05");
	tap_is_int(t, hwsq_emu_run(e, HWSQ_EMU_FOREVER), HWSQ_EMU_IDLE, "then runs to the exit");
	tap_is_int(t, hwsq_emu_time_ns(e), 4000, "after 4 us");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_STATUS), 0x0b,
		   "exited: inactive, IP on the exit");
	hwsq_emu_free(e);
}

static void test_slots(struct tap *t)
{
	struct hwsq_emu *e = hwsq_emu_new(HWSQ_NV41);
	/* 0: wait 1 shl 2; exit; 2: set1 3; exit */
	const uint8_t code[] = {0x05, 0x7f, 0xa3, 0x7f};
	hwsq_emu_load(e, code, sizeof code);
	tap_ok(t, hwsq_emu_set_entry(e, 1, 2), "entry 1 at 2");
	tap_ok(t, !hwsq_emu_set_entry(e, 1, 0x100), "NV41: an entry cannot be 0x100");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_ENTRY_POINT), 0x0200, "ENTRY_POINT");
	hwsq_emu_start(e, HWSQ_SLOT_A, 0);
	hwsq_emu_start(e, HWSQ_SLOT_B, 1);
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_STATUS), 0x01020100,
		   "both slots active: B at 2, A at 0");
	hwsq_emu_run(e, 1000);
	tap_is_int(t, hwsq_emu_flag(e, 3), HWSQ_STATE_UNSET, "B waits while A is in its wait");
	hwsq_emu_run(e, HWSQ_EMU_FOREVER);
	tap_is_int(t, hwsq_emu_flag(e, 3), HWSQ_STATE_ON, "then B runs: flag 3 on");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_FLAGS_0), 0x00080008, "FLAGS_0");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_STATUS), 0x00030001, "both exited");
	hwsq_emu_free(e);

	e = hwsq_emu_new(HWSQ_NV92);
	tap_ok(t, hwsq_emu_set_entry(e, 2, 0x1a5), "NV92: entry 2 at 0x1a5");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_ENTRY_POINT), 0x00a50000, "ENTRY_POINT");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_ENTRY_POINT_HIGH), 0x00010000,
		   "ENTRY_POINT_HIGH");
	hwsq_emu_start(e, HWSQ_SLOT_A, 2);
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_STATUS), 0x5a5,
		   "NV92 STATUS: IP 0xa5, active, IP bit 8 in bit 10");
	hwsq_emu_abort(e, HWSQ_SLOT_A);
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_STATUS), 0x4a5, "aborted: inactive");
	hwsq_emu_free(e);
}

static void test_events(struct tap *t)
{
	struct hwsq_emu *e = hwsq_emu_new(HWSQ_NV50);
	/* ewait 3 1; exit */
	const uint8_t code[] = {0x5f, 0x03, 0x01, 0x7f};
	hwsq_emu_load(e, code, sizeof code);
	hwsq_emu_start(e, HWSQ_SLOT_A, 0);
	tap_is_int(t, hwsq_emu_run(e, HWSQ_EMU_FOREVER), HWSQ_EMU_EVENT_HANG,
		   "an event nothing will raise: the run says so");
	hwsq_emu_schedule_event(e, 3, true, 7000);
	tap_is_int(t, hwsq_emu_run(e, HWSQ_EMU_FOREVER), HWSQ_EMU_IDLE, "raised at 7 us: it ends");
	tap_is_int(t, hwsq_emu_time_ns(e), 7000, "at 7 us");
	tap_is_hex(t, hwsq_emu_mmio_read(e, HWSQ_MMIO_EVENTS), 0x8, "EVENTS shows event 3");
	hwsq_emu_free(e);
}

/* A script that restarts itself through TRIGGER never exits: every run
 * still ends, at the step limit, and can be continued. */
static void test_step_limit(struct tap *t)
{
	struct hwsq_emu *e = hwsq_emu_new(HWSQ_NV50);
	/* data 3 (start entry 0 on slot A); addr TRIGGER */
	const uint8_t code[] = {0xe2, 0x03, 0x00, 0x00, 0x00, 0xe0, 0x0c, 0x13, 0x00, 0x00};
	hwsq_emu_load(e, code, sizeof code);
	hwsq_emu_start(e, HWSQ_SLOT_A, 0);
	tap_is_int(t, hwsq_emu_run(e, HWSQ_EMU_FOREVER), HWSQ_EMU_STEP_LIMIT,
		   "a script that restarts itself stops at the step limit");
	tap_is_int(t, hwsq_emu_write_count(e), HWSQ_EMU_MAX_STEPS / 2,
		   "after HWSQ_EMU_MAX_STEPS instructions: one write every two");
	hwsq_emu_set_step_limit(e, 10);
	tap_is_int(t, hwsq_emu_run(e, HWSQ_EMU_FOREVER), HWSQ_EMU_STEP_LIMIT,
		   "a run continues, with a limit of its own");
	tap_is_int(t, hwsq_emu_write_count(e), HWSQ_EMU_MAX_STEPS / 2 + 5, "10 more steps");
	tap_ok(t, strcmp(hwsq_emu_stop_name(HWSQ_EMU_STEP_LIMIT), "step-limit") == 0,
	       "its name is step-limit");
	hwsq_emu_free(e);

	/* a wait past the end of time saturates instead of wrapping */
	e = hwsq_emu_new(HWSQ_NV50);
	const uint8_t wait[] = {0x5f, 0x03, 0x01, 0x3f, 0x7f}; /* ewait 3 1; wait 3 shl 30 */
	hwsq_emu_load(e, wait, sizeof wait);
	hwsq_emu_start(e, HWSQ_SLOT_A, 0);
	hwsq_emu_run(e, UINT64_MAX - 1);
	hwsq_emu_set_event(e, 3, true);
	tap_is_int(t, hwsq_emu_run(e, HWSQ_EMU_FOREVER), HWSQ_EMU_IDLE, "the wait ends");
	tap_ok(t, hwsq_emu_time_ns(e) == UINT64_MAX, "at the end of time, not before");
	hwsq_emu_free(e);
}

/* The emulator's constants against the register database's. */
static void test_constants(struct tap *t)
{
	tap_is_int(t, HWSQ_FB_PAUSE_FLAG, HWSQ_FLAG_FB_PAUSE, "FB_PAUSE is flag 16");
	tap_is_int(t, HWSQ_FB_PAUSED_EVENT, HWSQ_EVENT_FB_PAUSED, "FB_PAUSED is event 0");
	tap_is_hex(t, HWSQ_MMIO_TRIGGER, HWSQ_REG_PBUS_HWSQ_TRIGGER, "TRIGGER");
	tap_is_hex(t, HWSQ_MMIO_STATUS, HWSQ_REG_PBUS_HWSQ_STATUS, "STATUS");
	tap_is_hex(t, HWSQ_MMIO_ENTRY_POINT_HIGH, HWSQ_REG_PBUS_HWSQ_ENTRY_POINT_HIGH,
		   "ENTRY_POINT_HIGH");
	tap_is_hex(t, HWSQ_MMIO_EVENTS, HWSQ_REG_PBUS_HWSQ_EVENTS, "EVENTS");
	tap_is_hex(t, HWSQ_MMIO_NEW_CODE, HWSQ_REG_PBUS_HWSQ_NEW_CODE(0), "NEW_CODE");
	tap_is_hex(t, HWSQ_MMIO_DEBUG_6, HWSQ_REG_PBUS_DEBUG_6, "DEBUG_6");
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	test_constants(&t);
	test_code_windows(&t);
	test_run_and_status(&t);
	test_slots(&t);
	test_events(&t);
	test_step_limit(&t);
	return tap_done_testing(&t);
}
