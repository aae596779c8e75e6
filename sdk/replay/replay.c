/* Replaying a capture: each submission's buffers into GPU memory, and
 * the ring buffer the kernel (drivers/gpu/drm/msm) would write around its
 * command streams. The kernel's packets, per generation, from
 * a5xx_me_init/a5xx_submit, a6xx_cp_init/a6xx_submit and
 * a7xx_cp_init/a7xx_submit;
 * what the replay leaves out (a7xx preemption, sysprof, context-restore
 * buffers) is listed in docs/afuc-emu.md. */
#include <stdlib.h>
#include <string.h>

#include "afuc/a5xx_regs.h"
#include "afuc/a6xx_regs.h"
#include "afuc/a7xx_regs.h"
#include "afuc/pm4.h"
#include "afuc/replay.h"
#include "rd/rd.h"
#include "util/util.h"

/* The events and packet fields of the kernel's packets come from the
 * generated headers (adreno_pm4.xml), as the opcodes and registers do;
 * CP_THREAD_CONTROL's THREAD field takes these values (no enum in the
 * database). */
enum { THREAD_BR = 1, THREAD_BV = 2, THREAD_BOTH = 3 };
_Static_assert(A5XX_EV_CACHE_FLUSH_TS == A6XX_EV_CACHE_FLUSH_TS &&
		       A5XX_CP_EVENT_WRITE_0_IRQ__MASK == A6XX_CP_EVENT_WRITE_0_IRQ__MASK,
	       "scratch_fence sends one CP_EVENT_WRITE for a5xx and a6xx");
_Static_assert(A6XX_EV_PC_CCU_INVALIDATE_DEPTH == A7XX_EV_CCU_INVALIDATE_DEPTH &&
		       A6XX_EV_PC_CCU_INVALIDATE_COLOR == A7XX_EV_CCU_INVALIDATE_COLOR,
	       "ccu_invalidate sends one pair of events for a6xx and a7xx");

_Static_assert(REG_A6XX_CP_ALWAYS_ON_COUNTER == REG_A7XX_CP_ALWAYS_ON_COUNTER &&
		       REG_A6XX_RBBM_PERFCTR_SRAM_INIT_CMD == REG_A7XX_RBBM_PERFCTR_SRAM_INIT_CMD &&
		       REG_A6XX_RBBM_PERFCTR_SRAM_INIT_STATUS ==
			       REG_A7XX_RBBM_PERFCTR_SRAM_INIT_STATUS &&
		       A6XX_CP_REG_TO_MEM_0_64B__MASK == A7XX_CP_REG_TO_MEM_0_64B__MASK &&
		       A6XX_CP_REG_TO_MEM_0_CNT__SHIFT == A7XX_CP_REG_TO_MEM_0_CNT__SHIFT,
	       "a6xx_set_pagetable and get_stats_counter send the same words on a6xx and a7xx");

struct emu_replay {
	struct rd_capture cap;
	uint64_t memstore; /* the kernel's fence lives here */
	uint32_t *context; /* each submission's context, numbered from 1 */
};

/* The kernel's memstore, where its fence is written: at MEMSTORE, far
 * above what drivers allocate, or above every buffer of the capture
 * when one reaches that high. */
#define MEMSTORE 0x7ffff00000ull

#define MEMSTORE_SIZE 0x1000ull

/* The end of [addr, addr + size), saturated: what would wrap reaches
 * the top of the address space. */
static uint64_t end_of(uint64_t addr, uint64_t size)
{
	return size > UINT64_MAX - addr ? UINT64_MAX : addr + size;
}

/* One buffer or command stream of a capture: where, its bytes, which. */
struct span {
	uint64_t addr, size;
	size_t submit; /* 0-based */
	bool buffer;   /* else a command stream */
};

/* Calls fn for every buffer and command stream of cap, in order, until
 * it returns false. */
static void each_span(const struct rd_capture *cap, bool (*fn)(void *ctx, const struct span *sp),
		      void *ctx)
{
	for (size_t s = 0; s < cap->submit_count; s++) {
		const struct rd_submit *sub = &cap->submits[s];
		for (size_t k = 0; k < sub->buffer_count + sub->stream_count; k++) {
			bool buf = k < sub->buffer_count;
			const struct rd_stream *st = buf ? NULL
							 : &sub->streams[k - sub->buffer_count];
			struct span sp = {buf ? sub->buffers[k].addr : st->addr,
					  buf ? sub->buffers[k].size : 4ull * st->dwords, s, buf};
			if (!fn(ctx, &sp))
				return;
		}
	}
}

/* "submission 2's buffer at 0x1000 (16 bytes)" */
static void span_name(const struct span *sp, struct util_str *out)
{
	util_str_printf(out, "submission %zu's %s at 0x%llx (%llu bytes)", sp->submit + 1,
			sp->buffer ? "buffer" : "command stream", (unsigned long long)sp->addr,
			(unsigned long long)sp->size);
}

struct top {
	uint64_t lo, hi, top;
	bool overlap;
};

static bool take_top(void *ctx, const struct span *sp)
{
	struct top *t = ctx;
	uint64_t end = end_of(sp->addr, sp->size);
	t->top = end > t->top ? end : t->top;
	t->overlap |= sp->addr < t->hi && end > t->lo;
	return true;
}

/* The highest end of any buffer or stream, and whether one of them
 * overlaps [lo, hi). */
static uint64_t capture_top(const struct rd_capture *cap, uint64_t lo, uint64_t hi, bool *overlap)
{
	struct top t = {lo, hi, 0, false};
	each_span(cap, take_top, &t);
	*overlap = t.overlap;
	return t.top;
}

/* MEMSTORE, or the page above everything the capture holds when that
 * reaches past MEMSTORE; when nothing fits above (buffers at the top of
 * the address space), MEMSTORE again if it is free. false when it is
 * not. */
static bool place_memstore(const struct rd_capture *cap, uint64_t *at)
{
	bool taken;
	uint64_t top = capture_top(cap, MEMSTORE, MEMSTORE + MEMSTORE_SIZE, &taken);
	if (top <= MEMSTORE || (top > UINT64_MAX - 2 * MEMSTORE_SIZE && !taken)) {
		*at = MEMSTORE;
		return true;
	}
	if (top > UINT64_MAX - 2 * MEMSTORE_SIZE)
		return false;
	*at = (top + MEMSTORE_SIZE - 1) & ~(MEMSTORE_SIZE - 1);
	return true;
}

static bool find_wrap(void *ctx, const struct span *sp)
{
	if (!sp->size || sp->size - 1 <= UINT64_MAX - sp->addr)
		return true;
	span_name(sp, ctx);
	util_str_puts(ctx, " wraps past the top of the address space");
	return false;
}

/* A buffer or command stream whose end is past 2^64: its words would
 * wrap to address 0 and overwrite what is there. A message naming the
 * first, or NULL. */
static char *wrapping_buffer(const struct rd_capture *cap)
{
	struct util_str msg = {0};
	each_span(cap, find_wrap, &msg);
	return msg.text ? util_str_take(&msg) : NULL;
}

/* The process a label names ("null_platform_t/2995" of
 * "null_platform_t/2995: fence=1855", as the kernel's rd writes it),
 * its length; 0 when it names none. */
static size_t label_process(const char *label)
{
	const char *colon = strstr(label, ": ");
	if (!colon)
		return 0;
	const char *slash = memchr(label, '/', (size_t)(colon - label));
	return slash ? (size_t)(colon - label) : 0;
}

/* Numbers each submission's context: each process the labels name is
 * one, numbered from 1 as they first appear; a submission whose label
 * names none stays in the context before it (the first: context 1). */
static void number_contexts(struct emu_replay *r)
{
	const struct rd_capture *cap = &r->cap;
	r->context = util_xcalloc(cap->submit_count ? cap->submit_count : 1, sizeof *r->context);
	uint32_t count = 0;
	for (size_t i = 0; i < cap->submit_count; i++) {
		const char *label = cap->submits[i].label;
		size_t len = label_process(label);
		uint32_t ctx = i ? r->context[i - 1] : 0;
		if (len) {
			ctx = 0;
			for (size_t j = 0; j < i && !ctx; j++) {
				const char *other = cap->submits[j].label;
				if (label_process(other) == len && !memcmp(other, label, len))
					ctx = r->context[j];
			}
		}
		r->context[i] = ctx ? ctx : ++count;
	}
}

struct emu_replay *emu_replay_open(const char *path, char **error)
{
	struct emu_replay *r = util_xcalloc(1, sizeof *r);
	struct diag d;
	diag_init(&d);
	if (!rd_load(path, &r->cap, &d)) {
		if (error) {
			*error = diag_msg_string(&d.msgs[0]);
		}
		diag_free(&d);
		rd_free(&r->cap);
		free(r);
		return NULL;
	}
	diag_free(&d);
	char *wraps = wrapping_buffer(&r->cap);
	if (wraps) {
		if (error)
			*error = util_xasprintf("%s: error: %s", path, wraps);
		free(wraps);
		rd_free(&r->cap);
		free(r);
		return NULL;
	}
	if (!place_memstore(&r->cap, &r->memstore)) {
		if (error)
			*error = util_xasprintf(
				"%s: error: no room for the kernel's fence: the capture's "
				"buffers fill the top of the address space and 0x%llx",
				path, (unsigned long long)MEMSTORE);
		rd_free(&r->cap);
		free(r);
		return NULL;
	}
	number_contexts(r);
	return r;
}

void emu_replay_close(struct emu_replay *r)
{
	if (!r)
		return;
	rd_free(&r->cap);
	free(r->context);
	free(r);
}

size_t emu_replay_count(const struct emu_replay *r)
{
	return r->cap.submit_count;
}

uint32_t emu_replay_gpu_id(const struct emu_replay *r)
{
	return r->cap.gpu_id;
}

/* The widest GPU address each generation's SMMU translates, as the
 * kernel sizes its address spaces: 48 bits, 49 from a7xx on. */
static unsigned address_bits(enum emu_gen gen)
{
	return gen >= EMU_A7XX ? 49 : 48;
}

struct beyond {
	uint64_t limit;
	unsigned bits;
	size_t count;
	struct util_str first;
};

static bool count_beyond(void *ctx, const struct span *sp)
{
	struct beyond *b = ctx;
	if (end_of(sp->addr, sp->size) > b->limit && !b->count++) {
		span_name(sp, &b->first);
		util_str_printf(&b->first, " reaches past the %u-bit GPU address space", b->bits);
	}
	return true;
}

char *emu_replay_address_note(const struct emu_replay *r, enum emu_gen gen)
{
	struct beyond b = {.limit = 1ull << address_bits(gen), .bits = address_bits(gen)};
	each_span(&r->cap, count_beyond, &b);
	if (!b.count)
		return NULL;
	if (b.count > 1)
		util_str_printf(&b.first, " (and %zu more)", b.count - 1);
	return util_str_take(&b.first);
}

const char *emu_replay_label(const struct emu_replay *r, size_t i)
{
	return i < r->cap.submit_count ? r->cap.submits[i].label : "";
}

size_t emu_replay_streams(const struct emu_replay *r, size_t i)
{
	return i < r->cap.submit_count ? r->cap.submits[i].stream_count : 0;
}

/* Whether the capture holds every word of stream st. */
static bool stream_captured(const struct rd_submit *s, const struct rd_stream *st)
{
	uint64_t addr = st->addr, end = st->addr + 4ull * st->dwords;
	while (addr < end) {
		const struct rd_buffer *b = rd_find(s, addr);
		if (!b)
			return false;
		addr = b->addr + b->data_len;
	}
	return true;
}

size_t emu_replay_missing(const struct emu_replay *r, size_t i, uint64_t *first_addr)
{
	size_t missing = 0;
	if (i >= r->cap.submit_count)
		return 0;
	const struct rd_submit *s = &r->cap.submits[i];
	for (size_t k = 0; k < s->stream_count; k++)
		if (!stream_captured(s, &s->streams[k]) && missing++ == 0 && first_addr)
			*first_addr = s->streams[k].addr;
	return missing;
}

uint64_t emu_replay_fence_addr(const struct emu_replay *r)
{
	return r->memstore;
}

/* What the kernel writes into its memstore (struct msm_rbmemptrs and
 * the rptr shadow), at these offsets from the replay's memstore: the
 * fence at 0 (emu_replay_fence_addr), BV's fence, the shadow
 * CP_WHERE_AM_I writes, the TTBR0 set_pagetable records, and the stats
 * counters of the last STATS_COUNT submissions. */
enum {
	BV_FENCE_OFFSET = 0x20,
	SHADOW_OFFSET = 0x40,
	TTBR0_OFFSET = 0x48,
	STATS_OFFSET = 0x100,
	STATS_COUNT = 64,              /* MSM_GPU_SUBMIT_STATS_COUNT */
	STATS_SIZE = 32,               /* cpcycles start, end; always-on start, end: 64 bits each */
	PREEMPT_RECORD_OFFSET = 0xc00, /* a5xx: the ring's preemption save record */
};
_Static_assert(STATS_OFFSET + STATS_COUNT * STATS_SIZE <= PREEMPT_RECORD_OFFSET &&
		       PREEMPT_RECORD_OFFSET < MEMSTORE_SIZE,
	       "the stats and the save record's start fit the memstore");

/* The page tables the replay gives each context of a capture: context
 * n (1-based) has TTBR0 PT_BASE + n pages and ASID n. */
#define PT_BASE 0x100000000ull

/* Packet fields the generated headers do not have (adreno_pm4.xml):
 * CP_SMMU_TABLE_UPDATE's second word, CP_WAIT_REG_MEM's function,
 * CP_RESET_CONTEXT_STATE's flags, and the a7xx markers a7xx_submit sets
 * (IFPC off and on, the IB1 list's start and end). */
enum {
	SMMU_ASID_SHIFT = 16,
	WRITE_EQ = 3,
	RESET_CONTEXT_ALL = 0xf, /* on-chip TS, resource table, BV/BR counter, global/local TS */
	MARKER_IFPC_DISABLE = 0x101,
	MARKER_IFPC_ENABLE = 0x100,
	MARKER_IB1LIST_START = 0x00d,
	MARKER_IB1LIST_END = 0x00e,
};

/* A packet of literal words, counted */
#define PKT7(emu, op, ...)                                \
	emu_push_pkt7(emu, op, (uint32_t[]){__VA_ARGS__}, \
		      (uint32_t)(sizeof((uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t)))
#define LO(x) ((uint32_t)(x))
#define HI(x) ((uint32_t)((x) >> 32))

/* One submission's wrapping: what the kernel knows when it writes it. */
struct wrap {
	struct emu *emu;
	const struct rd_submit *sub;
	uint64_t memstore;
	uint32_t seqno, gpu_id;
	bool switched; /* another context than the ring's: set_pagetable runs */
	uint32_t asid; /* the context's number */
};

/* The kernel's packets, one function per generation as drivers/gpu/drm/msm
 * has them: what its cp_init sends once, and its submit. */
struct kernel {
	void (*init)(struct emu *emu, uint32_t gpu_id);
	void (*submit)(const struct wrap *w);
};

static void thread_control(struct emu *emu, uint32_t word)
{
	PKT7(emu, PM4_CP_THREAD_CONTROL, word);
}

static void ccu_invalidate(struct emu *emu)
{
	PKT7(emu, PM4_CP_EVENT_WRITE, A7XX_EV_CCU_INVALIDATE_DEPTH);
	PKT7(emu, PM4_CP_EVENT_WRITE, A7XX_EV_CCU_INVALIDATE_COLOR);
}

/* update_shadow_rptr (a6xx; a5xx_flush alike): where the CP is, for a
 * part without APRIV (a650 and later have it, and send none) */
static void where_am_i(const struct wrap *w)
{
	if (w->gpu_id >= 650)
		return;
	const uint64_t shadow = w->memstore + SHADOW_OFFSET;
	PKT7(w->emu, PM4_CP_WHERE_AM_I, LO(shadow), HI(shadow));
}

/* get_stats_counter: a 64-bit counter to the submission's stats slot
 * (which: 0 cpcycles start, 1 end, 2 always-on start, 3 end) */
static void stats_counter(const struct wrap *w, uint32_t reg, unsigned which)
{
	const uint64_t at = w->memstore + STATS_OFFSET + (w->seqno % STATS_COUNT) * STATS_SIZE +
			    8u * which;
	PKT7(w->emu, PM4_CP_REG_TO_MEM,
	     reg << A6XX_CP_REG_TO_MEM_0_REG__SHIFT | 2u << A6XX_CP_REG_TO_MEM_0_CNT__SHIFT |
		     A6XX_CP_REG_TO_MEM_0_64B__MASK,
	     LO(at), HI(at));
}

/* the two counters get_stats_counter reads, at the start (end false) or
 * the end of the command streams */
static void stats(const struct wrap *w, uint32_t perfctr_cp0, bool end)
{
	stats_counter(w, perfctr_cp0, end);
	stats_counter(w, REG_A6XX_CP_ALWAYS_ON_COUNTER, 2 + end);
}

/* One CP_INDIRECT_BUFFER_PFE per captured command stream, as the submit
 * loop does for MSM_SUBMIT_CMD_BUF; with shadow, the CP_WHERE_AM_I
 * after every 32nd (a6xx) */
static void indirect_buffers(const struct wrap *w, bool shadow)
{
	unsigned ibs = 0;
	for (size_t n = 0; n < w->sub->stream_count; n++) {
		const struct rd_stream *st = &w->sub->streams[n];
		if (!stream_captured(w->sub, st))
			continue; /* emu_replay_missing tells */
		PKT7(w->emu, PM4_CP_INDIRECT_BUFFER_PFE, LO(st->addr), HI(st->addr), st->dwords);
		if (shadow && ++ibs % 32 == 0)
			where_am_i(w);
	}
}

/* a5xx and a6xx: the fence in CP_SCRATCH_REG[2], then CACHE_FLUSH_TS
 * writes it */
static void scratch_fence(const struct wrap *w, uint32_t scratch2)
{
	emu_push_pkt4(w->emu, scratch2, (uint32_t[]){w->seqno}, 1);
	PKT7(w->emu, PM4_CP_EVENT_WRITE, A6XX_EV_CACHE_FLUSH_TS | A6XX_CP_EVENT_WRITE_0_IRQ__MASK,
	     LO(w->memstore), HI(w->memstore), w->seqno);
}

/* a6xx_set_pagetable, when the context changed: protected mode off (not
 * on a7xx), the perf counters' SRAM init started, the SMMU switched to
 * the context's TTBR0 and ASID, the TTBR0 recorded in the memstore, the
 * UCHE invalidated, the SRAM init waited for, protected mode on. a7xx
 * first waits for the ring's last fence and resets BR and BV's shared
 * state. */
static void a6xx_set_pagetable(const struct wrap *w, bool a7xx)
{
	if (!w->switched)
		return;
	struct emu *emu = w->emu;
	const uint64_t ttbr = PT_BASE + ((uint64_t)w->asid << 12);
	const uint64_t ttbr_rec = w->memstore + TTBR0_OFFSET;
	if (a7xx) {
		PKT7(emu, PM4_CP_WAIT_TIMESTAMP, 0, LO(w->memstore), HI(w->memstore), w->seqno - 1);
		thread_control(emu, THREAD_BOTH);
		PKT7(emu, PM4_CP_RESET_CONTEXT_STATE, RESET_CONTEXT_ALL);
		thread_control(emu, THREAD_BR);
	} else {
		PKT7(emu, PM4_CP_SET_PROTECTED_MODE, 0);
	}
	emu_push_pkt4(emu, REG_A6XX_RBBM_PERFCTR_SRAM_INIT_CMD, (uint32_t[]){1}, 1);
	PKT7(emu, PM4_CP_SMMU_TABLE_UPDATE, LO(ttbr), HI(ttbr) | w->asid << SMMU_ASID_SHIFT, 0, 0);
	PKT7(emu, PM4_CP_MEM_WRITE, LO(ttbr_rec), HI(ttbr_rec), LO(ttbr),
	     w->asid << SMMU_ASID_SHIFT | HI(ttbr));
	PKT7(emu, PM4_CP_EVENT_WRITE, A6XX_EV_CACHE_INVALIDATE);
	PKT7(emu, PM4_CP_WAIT_REG_MEM, WRITE_EQ, REG_A6XX_RBBM_PERFCTR_SRAM_INIT_STATUS, 0, 1, 1,
	     0);
	if (!a7xx)
		PKT7(emu, PM4_CP_SET_PROTECTED_MODE, 1);
}

static void a5xx_me_init(struct emu *emu, uint32_t gpu_id)
{
	/* the microcode workaround word: token end syncs and WFIs after
	 * draws on a505/a506/a530, token end syncs alone on a510 */
	uint32_t workaround = 0;
	if (gpu_id == 505 || gpu_id == 506 || gpu_id == 530)
		workaround = 0xb;
	else if (gpu_id == 510)
		workaround = 1;
	PKT7(emu, PM4_CP_ME_INIT, 0x2f, 3, 0x20000000, 0, 0, workaround, 0, 0);
}

/* a5xx_submit: no page tables (one address space), no stats. The
 * kernel runs several rings, so preemption is on: global preemption
 * allowed, the ring's save record (in protected-mode-off), IB-level
 * yields on around the command streams, the render mode cleared after
 * them, and a yield of the floor once the fence is sent. No
 * CP_WHERE_AM_I: a5xx_flush skips it after a yield. */
static void a5xx_submit(const struct wrap *w)
{
	struct emu *emu = w->emu;
	const uint64_t record = w->memstore + PREEMPT_RECORD_OFFSET;
	PKT7(emu, PM4_CP_PREEMPT_ENABLE_GLOBAL, 2);
	PKT7(emu, PM4_CP_SET_PROTECTED_MODE, 0);
	emu_push_pkt4(emu, REG_A5XX_CP_CONTEXT_SWITCH_SAVE_ADDR_LO,
		      (uint32_t[]){LO(record), HI(record)}, 2);
	PKT7(emu, PM4_CP_SET_PROTECTED_MODE, 1);
	PKT7(emu, PM4_CP_PREEMPT_ENABLE_LOCAL, 1);
	PKT7(emu, PM4_CP_YIELD_ENABLE, 2);
	indirect_buffers(w, false);
	PKT7(emu, PM4_CP_SET_RENDER_MODE, 0, 0, 0, 0, 0);
	PKT7(emu, PM4_CP_YIELD_ENABLE, 1);
	scratch_fence(w, REG_A5XX_CP_SCRATCH_REG(2));
	/* no address to write on completion; interrupt when done */
	PKT7(emu, PM4_CP_CONTEXT_SWITCH_YIELD, 0, 0, 1, 1);
}

static void a6xx_cp_init(struct emu *emu, uint32_t gpu_id)
{
	(void)gpu_id;
	PKT7(emu, PM4_CP_ME_INIT, 0x2f, 3, 0x20000000, 0, 0, 0, 0, 0);
}

static void a6xx_submit(const struct wrap *w)
{
	a6xx_set_pagetable(w, false);
	stats(w, REG_A6XX_RBBM_PERFCTR_CP(0), false);
	ccu_invalidate(w->emu);
	indirect_buffers(w, true);
	stats(w, REG_A6XX_RBBM_PERFCTR_CP(0), true);
	scratch_fence(w, REG_A6XX_CP_SCRATCH_REG(2));
	where_am_i(w); /* a6xx_flush */
}

static void a7xx_cp_init(struct emu *emu, uint32_t gpu_id)
{
	(void)gpu_id;
	/* concurrent binning off, then the 7-word CP_ME_INIT */
	thread_control(emu, A7XX_CP_THREAD_CONTROL_0_CONCURRENT_BIN_DISABLE__MASK);
	PKT7(emu, PM4_CP_ME_INIT, 1u << 0 | 1u << 1 | 1u << 3 | 1u << 6 | 1u << 8, 3, 0x20000000, 2,
	     0, 0, 0);
}

/* a7xx_submit: BR and BV meet and BR switches the page table; both
 * take the command streams (CP_THREAD_CONTROL BOTH); then BR
 * invalidates the CCU, BV writes its fence when it is done with the
 * submission, and BR waits for that before it writes the kernel's fence */
static void a7xx_submit(const struct wrap *w)
{
	struct emu *emu = w->emu;
	const uint64_t fence = w->memstore, bv_fence = w->memstore + BV_FENCE_OFFSET;
	thread_control(emu, A7XX_CP_THREAD_CONTROL_0_SYNC_THREADS__MASK | THREAD_BR);
	a6xx_set_pagetable(w, true);
	stats(w, REG_A7XX_RBBM_PERFCTR_CP(0), false);
	thread_control(emu, THREAD_BOTH);
	PKT7(emu, PM4_CP_SET_MARKER, MARKER_IFPC_DISABLE);
	PKT7(emu, PM4_CP_SET_MARKER, MARKER_IB1LIST_START);
	indirect_buffers(w, false);
	PKT7(emu, PM4_CP_SET_MARKER, MARKER_IB1LIST_END);
	stats(w, REG_A7XX_RBBM_PERFCTR_CP(0), true);
	emu_push_pkt4(emu, REG_A7XX_CP_SCRATCH_REG(2), (uint32_t[]){w->seqno}, 1);
	thread_control(emu, THREAD_BR);
	ccu_invalidate(emu);
	thread_control(emu, THREAD_BV);
	PKT7(emu, PM4_CP_EVENT_WRITE,
	     A7XX_EV_CACHE_CLEAN | A7XX_CP_EVENT_WRITE7_0_WRITE_ENABLED__MASK, LO(bv_fence),
	     HI(bv_fence), w->seqno);
	thread_control(emu, THREAD_BR);
	PKT7(emu, PM4_CP_WAIT_TIMESTAMP, 0, LO(bv_fence), HI(bv_fence), w->seqno);
	PKT7(emu, PM4_CP_EVENT_WRITE,
	     A7XX_EV_CACHE_CLEAN | A7XX_CP_EVENT_WRITE7_0_WRITE_ENABLED__MASK |
		     A7XX_CP_EVENT_WRITE7_0_IRQ__MASK,
	     LO(fence), HI(fence), w->seqno);
	thread_control(emu, THREAD_BOTH);
	PKT7(emu, PM4_CP_SET_MARKER, MARKER_IFPC_ENABLE);
}

static const struct kernel kernels[] = {
	[EMU_A5XX] = {a5xx_me_init, a5xx_submit},
	[EMU_A6XX] = {a6xx_cp_init, a6xx_submit},
	[EMU_A7XX] = {a7xx_cp_init, a7xx_submit},
};

/* Submission i's captured buffers into emu's memory (read from the
 * file now when the capture is streamed). */
static bool write_buffers(struct rd_capture *cap, size_t i, struct emu *emu, char **error)
{
	struct diag d;
	diag_init(&d);
	if (!rd_contents(cap, i, &d)) {
		if (error)
			*error = util_xasprintf("submission %zu: %s: %s", i + 1, d.msgs[0].file,
						d.msgs[0].text);
		diag_free(&d);
		return false;
	}
	diag_free(&d);
	const struct rd_submit *s = &cap->submits[i];
	for (size_t b = 0; b < s->buffer_count; b++) {
		const struct rd_buffer *buf = &s->buffers[b];
		if (!buf->captured)
			continue; /* listed, not captured: memory keeps what it had */
		if (!emu_mem_write_le(emu, buf->addr, buf->data, buf->data_len / 4)) {
			if (error)
				*error = util_xasprintf(
					"submission %zu: buffer 0x%llx (%u bytes) does not fit in "
					"the "
					"emulator's memory (%llu MiB at most, or an unaligned "
					"address)",
					i + 1, (unsigned long long)buf->addr, buf->size,
					(unsigned long long)(EMU_MEM_MAX_BYTES >> 20));
			return false;
		}
	}
	return true;
}

bool emu_replay_push(struct emu_replay *r, size_t i, struct emu *emu, bool first, char **error)
{
	if (i >= r->cap.submit_count) {
		if (error)
			*error = util_xasprintf("no submission %zu (the capture has %zu)", i + 1,
						r->cap.submit_count);
		return false;
	}
	const struct rd_submit *s = &r->cap.submits[i];
	if (!write_buffers(&r->cap, i, emu, error))
		return false;
	const struct kernel *k = &kernels[emu_gen(emu)];
	if (first)
		k->init(emu, r->cap.gpu_id);
	const struct wrap w = {
		.emu = emu,
		.sub = s,
		.memstore = r->memstore,
		.seqno = (uint32_t)i + 1,
		.gpu_id = r->cap.gpu_id,
		.switched = first || i == 0 || r->context[i] != r->context[i - 1],
		.asid = r->context[i],
	};
	k->submit(&w);
	return true;
}

bool emu_replay_fenced(const struct emu_replay *r, size_t i, const struct emu *emu)
{
	return emu_mem_read32(emu, r->memstore) == (uint32_t)i + 1;
}
