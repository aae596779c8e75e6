/* Every HWSQ program nouveau builds (fb/ramnv50.c: the DDR2 and GDDR3
 * memory reclock; clk/nv50.c: the engine clock change), for every board
 * description in hwsq-scripts/boards (its header generated): the SDK script's emulated run performs
 * the writes, flag changes and event waits of nouveau's builder in the
 * same order, no delay between two of them is shorter than nouveau asks,
 * and the SDK's code is no larger than nouveau's encoding. nouveau's own
 * bytes (from the model of its encoder) are run too, as a check of the
 * model against the emulator's decoding. */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "nvcompare.h"

static void show_difference(struct tap *t, const char *what, const struct nvc_events *got,
			    const struct nvc_events *want, size_t i)
{
	char g[64] = "(nothing)", w[64] = "(nothing)";
	if (i < got->count)
		nvc_event_text(&got->ev[i], g, sizeof g);
	if (i < want->count)
		nvc_event_text(&want->ev[i], w, sizeof w);
	tap_diag(t, "%s: event %zu is %s, nouveau's is %s", what, i, g, w);
}

/* The SDK's DDR2 branch: the MR0 it writes after self-refresh (the
 * first write to 0x1002c0) has the new timings in JEDEC's DDR2 layout:
 * burst length and type (bits 0-3) as read, CAS latency in bits 4-6,
 * test mode 0, DLL reset (bit 8) clear, write recovery - 1 in bits 9-11. */
static void check_ddr2_mr0(struct tap *t, const struct nv_board *b, const struct nvc_events *run)
{
	const uint32_t cur = (uint32_t)b->v[NVRAM_F_CUR_MR0];
	const int64_t cl = b->v[NVRAM_F_T_CL], wr = b->v[NVRAM_F_T_WR];
	for (size_t i = 0; i < run->count; i++) {
		const struct nvc_event *e = &run->ev[i];
		if (e->kind != NVC_WRITE || e->a != 0x1002c0)
			continue;
		uint32_t mr0 = (uint32_t)e->b;
		if (!tap_ok(t,
			    (mr0 & 0xf) == (cur & 0xf) && ((mr0 >> 4) & 7) == cl &&
				    !(mr0 & 0x180) && ((mr0 >> 9) & 7) == wr - 1,
			    "%s: the DDR2 MR0 written (0x%03x) has CL %" PRId64 " and WR %" PRId64
			    " in JEDEC's layout",
			    b->header, mr0, cl, wr))
			tap_diag(t, "MR0 0x%03x: CL %u, WR %u, read 0x%03x", mr0, (mr0 >> 4) & 7,
				 ((mr0 >> 9) & 7) + 1, cur);
		return;
	}
	tap_ok(t, false, "%s: the DDR2 script writes MR0", b->header);
}

static void check_board(struct tap *t, const char *root, const struct hwsq_names *names,
			const struct nv_board *b)
{
	const char *n = b->header;
	/* where nouveau gives up before building, the generator must too */
	if (b->model_error) {
		if (!tap_ok(t, !b->sdk_header, "%s: nouveau gives up (%s), and so does hwsq-board",
			    n, b->model_error))
			tap_diag(t, "hwsq-board wrote %s", b->sdk_header);
		return;
	}
	if (!tap_ok(t, b->sdk_header != NULL, "%s: hwsq-board makes its header", n))
		tap_diag(t, "%s", b->sdk_error);
	struct nvc_result r;
	nvc_compare(b, root, names, &r);
	const bool builds = b->kind == NV_BOARD_RAM ? b->v[NVRAM_F_TYPE] == NVRAM_GDDR3 &&
							      b->v[NVRAM_F_CHIPSET] >= 0x94
						    : b->v[NVCLK_F_CHIPSET] >= 0x94;
	tap_diag(t, "%s: %s", n,
		 builds ? "a program nouveau builds"
			: "the SDK's own addition (nouveau: DDR2 -ENOSYS, or no reclocking before "
			  "0x94)");
	tap_ok(t, r.built, "%s: nouveau's builder takes the board", n);
	/* nouveau's upload takes (size + 4) / 4 words, at most the bus's
	 * hwsq_size (64 on nv50_bus, 128 on g94_bus): a program over it
	 * is refused ("hwsq ucode too large"), and hwsq-as must refuse the
	 * script as well */
	const struct hwsq_family_info *fam = hwsq_family_info(r.family);
	if (r.model.overflow || nvm_words(&r.model) > fam->ram_size / 4) {
		tap_ok(t,
		       !r.compiled && r.diag.count &&
			       strstr(r.diag.msgs[0].text, "code over") != NULL,
		       "%s: nouveau's program (%zu bytes) is over the %s code RAM, and hwsq-as "
		       "refuses the script: %s",
		       n, r.model.size, b->chip, r.diag.count ? r.diag.msgs[0].text : "(compiled)");
		nvc_result_free(&r);
		return;
	}
	tap_ok(t, r.nv_bytes <= fam->ram_size,
	       "%s: nouveau's program fits its buffer and the %s code RAM (%zu bytes)", n, b->chip,
	       r.nv_bytes);
	tap_ok(t, r.nv.ran && r.nv.stop == HWSQ_EMU_IDLE, "%s: nouveau's bytes run to their exit",
	       n);
	size_t d = nvc_first_difference(&r.nv, &r.want);
	if (!tap_ok(t, d == SIZE_MAX && !r.nv.overflow,
		    "%s: nouveau's bytes do what its calls say (%zu events)", n, r.want.count))
		show_difference(t, "nouveau's bytes", &r.nv, &r.want, d);

	if (!tap_ok(t, r.compiled, "%s: %s.hwsq compiles for %s", n, b->script, b->chip))
		diag_print(&r.diag, stderr, "hwsq-as");
	tap_ok(t, r.sdk.ran && r.sdk.stop == HWSQ_EMU_IDLE, "%s: the SDK script runs to its exit",
	       n);
	d = nvc_first_difference(&r.sdk, &r.want);
	if (!tap_ok(t, d == SIZE_MAX && !r.sdk.overflow,
		    "%s: the SDK script's writes, flags and waits are nouveau's, in its order", n))
		show_difference(t, "SDK", &r.sdk, &r.want, d);
	d = nvc_first_short_delay(&r.sdk, &r.want);
	if (!tap_ok(t, r.sdk.ran && d == SIZE_MAX, "%s: no SDK delay is shorter than nouveau asks",
		    n))
		tap_diag(t, "before event %zu", d);
	d = nvc_first_long_delay(&r.sdk, &r.want);
	if (!tap_ok(t, r.sdk.ran && d == SIZE_MAX,
		    "%s: no SDK delay is longer than nouveau asks by more than an eighth", n))
		tap_diag(t, "before event %zu", d);
	if (b->kind == NV_BOARD_RAM && b->v[NVRAM_F_TYPE] == NVRAM_DDR2)
		check_ddr2_mr0(t, b, &r.sdk);
	tap_ok(t, r.compiled && r.sdk_bytes <= r.nv_bytes + 4 * r.nv_delays,
	       "%s: SDK %zu bytes, nouveau %zu: at most 4 more per delay (%zu delays)", n,
	       r.sdk_bytes, r.nv_bytes, r.nv_delays);
	tap_diag(t,
		 "%s: time SDK %llu us, nouveau %llu us; delays asked %llu us, "
		 "the SDK's bytes wait %llu us, nouveau's %llu us",
		 n, (unsigned long long)r.sdk.end_ns / 1000, (unsigned long long)r.nv.end_ns / 1000,
		 (unsigned long long)r.asked_ns / 1000, (unsigned long long)r.sdk_encoded_us,
		 (unsigned long long)r.nv_encoded_us);
	nvc_result_free(&r);
}

/* The model's encoder against nouveau's documented encodings. */
static void check_encoder(struct tap *t)
{
	struct nvm_hwsq h;
	nvm_init(&h, NULL);
	nvm_wr32(&h, 0x100220, 0x12345678); /* first write: full data, full address */
	nvm_wr32(&h, 0x100224, 0x1234abcd); /* same high halves: datalo, addrlo */
	nvm_wr32(&h, 0x100224, 0x1234abcd); /* same data: the address alone */
	nvm_setf(&h, 0x10, 0);
	nvm_setf(&h, 0x10, 1);
	nvm_setf(&h, 0x10, -1);
	nvm_wait(&h, 0, 1);
	nvm_nsec(&h, 12000); /* 3 shl 1 */
	nvm_nsec(&h, 24000); /* 24 us: 1 shl 2, 16 us: nouveau drops the rest */
	nvm_nsec(&h, 500);   /* under a microsecond: 0, a nop */
	static const uint8_t want[] = {0xe2, 0x78, 0x56, 0x34, 0x12, 0xe0, 0x20, 0x02, 0x10, 0x00,
				       0x42, 0xcd, 0xab, 0x40, 0x24, 0x02, 0x40, 0x24, 0x02, 0xb0,
				       0xd0, 0x90, 0x5f, 0x00, 0x01, 0x07, 0x09, 0x00};
	tap_is_int(t, h.size, sizeof want, "the encoder: %zu bytes", sizeof want);
	tap_ok(t, h.size == sizeof want && memcmp(h.code, want, sizeof want) == 0,
	       "the encoder: nouveau's bytes for wr32, setf, wait and nsec");
	tap_is_int(t, nvm_words(&h), 8, "28 bytes upload as 8 words (one exit at least)");
}

/* The register cache: hwsq_mask writes only changes, unless nuked. */
static uint32_t fixed_current(const struct nv_board *b, uint32_t addr)
{
	(void)b;
	return addr == 0x1000 ? 0x0000ff00u : 0;
}

static void check_cache(struct tap *t)
{
	struct nvm_hwsq h;
	nvm_init(&h, NULL);
	struct nvm_reg r = nvm_reg(0x1000);
	nvm_mask(&h, &r, 0x0000ff00, 0x0000ff00, fixed_current);
	tap_is_int(t, h.op_count, 0, "a mask that changes nothing writes nothing");
	nvm_mask(&h, &r, 0x000000ff, 0x00000012, fixed_current);
	tap_ok(t, h.op_count == 1 && h.ops[0].b == 0xff12, "a change is written: 0xff12");
	nvm_mask(&h, &r, 0x000000ff, 0x00000012, fixed_current);
	tap_is_int(t, h.op_count, 1, "the cache follows the script: no second write");
	r.force = true;
	nvm_mask(&h, &r, 0, 0, fixed_current);
	tap_is_int(t, h.op_count, 2, "a nuked register is written even unchanged");
	struct nvm_reg two = {.addr = 0x1002c0, .stride = 8, .mask = 3};
	nvm_reg_wr32(&h, &two, 5);
	tap_ok(t, h.op_count == 4 && h.ops[2].a == 0x1002c0 && h.ops[3].a == 0x1002c8,
	       "two ranks: 0x1002c0 then 0x1002c8");
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	const char *root;
	char *why = NULL;
	struct rnn_db *db = nvc_open(&root, &why);
	check_encoder(&t);
	check_cache(&t);
	struct nv_boards bs;
	nv_boards_load(root, &bs);
	tap_ok(&t, bs.count >= 8, "%zu board descriptions", bs.count);
	for (size_t i = 0; i < bs.count; i++) {
		const struct nv_board *b = &bs.items[i];
		struct hwsq_names names;
		nvc_board_names(db, b, &names);
		check_board(&t, root, &names, b);
		hwsq_names_free(&names);
	}
	nv_boards_free(&bs);
	hwsq_names_close_db(db);
	free(why);
	return tap_done_testing(&t);
}
