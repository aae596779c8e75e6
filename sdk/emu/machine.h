/* sdk/emu internals: the machine behind include/afuc/emu.h.
 *
 * The image is decoded once (image.c) into an array of struct emu_insn;
 * each processor runs a window of that array (exec.c). Registers with a
 * side effect are found through per-generation tables (gen.c), built
 * into one action byte per control register at emu_new. Only sdk/emu
 * includes this file.
 */
#ifndef SDK_EMU_MACHINE_H
#define SDK_EMU_MACHINE_H

#include "afuc/emucore.h"
#include "isa/isa.h"
#include "rnn/rnn.h"
#include "util/util.h"

/* ---- per-generation facts (gen.c) ---- */

#define EMU_NONE 0xffffu /* a control register this generation lacks */
#define EMU_MAX_LEVELS 5 /* IB_LEVEL 0 (ring) .. 4 */
#define EMU_SP_MASK 0xfu /* the bits of SQE register SP: a depth 0..8 */

/* What writing a control register does besides storing the value. */
enum emu_ctrl_action {
	EMU_CA_NONE,
	EMU_CA_REG_WRITE,     /* GPU register write at REG_WRITE_ADDR, which increments */
	EMU_CA_REG_READ_ADDR, /* arms the register read queue */
	EMU_CA_TABLE_WRITE,   /* packet table entry at PACKET_TABLE_WRITE_ADDR, which increments */
	EMU_CA_DS_SET_HDR,    /* stores a draw-state group header; (sdsN) gives its base */
	EMU_CA_DS_SEL,        /* selects the draw-state group the DRAW_STATE_* registers show */
	EMU_CA_START_BV,      /* a7xx BV_CNTL: starts BV at BV_INSTR_BASE */
	EMU_CA_START_LPAC,    /* a7xx LPAC_CNTL */
	EMU_CA_START_PROC4,   /* gen 8: either of the fourth image's CNTLs */
	EMU_CA_LOCK,          /* a7xx COPROCESSOR_LOCK: a lock per bit, shared */
	EMU_CA_VSD_CNTL,      /* the visibility stream decoder's control (gpu.c) */
	EMU_CA_VSD_MODE,      /* the decoder's output form and look-ahead (gpu.c) */
	EMU_CA_MEM_READ_ADDR, /* a new read: one still unread queues in front of it */
	EMU_CA_ME_FETCH,      /* a5xx PFP: words fetched for the ME (pair.c) */
	EMU_CA_FATAL_ERROR,   /* the CP's error raised: noted for the stop that follows */
};

struct emu_gen_info {
	enum emu_gen gen;
	const char *variant; /* rnndb variant: "A6XX" */
	/* the database's control map when it is not variant's ("A7XX_GEN3") */
	const char *control_variant;
	enum isa_gen isa_gen;
	/* control registers (EMU_NONE when absent) */
	uint16_t reg_write_addr, reg_write, reg_read_dwords, reg_read_addr;
	uint16_t mem_read_addr, mem_read_dwords;
	uint16_t table_addr, table_write;
	uint16_t ib_level, load_store_hi;
	/* the bits of IB_LEVEL that are the level: gen70500 writes its
	 * whole IB state word there, mode bits above the level */
	uint32_t ib_level_mask;
	uint16_t ds_set_hdr, ds_set_base, ds_sel, ds_hdr, ds_base;
	uint16_t bv_instr_base, bv_cntl, lpac_instr_base, lpac_cntl;
	/* a7xx: BV reads the stream BR reads (the ring and its own IBs),
	 * each deciding by CP_THREAD_CONTROL which packets are its own */
	bool bv_reads_ring;
	/* a7xx: COPROCESSOR_LOCK, whose bits lock the shared registers
	 * between BR, BV and LPAC (EMU_NONE when absent) */
	uint16_t coproc_lock;
	uint16_t shared_lo, shared_hi; /* [lo, hi): one copy for all processors */
	uint16_t protect_status;       /* result of a $addr bit-20 access check */
	uint16_t fatal_error; /* FATAL_ERROR_CTRL: a non-zero write raises the CP's error */
	/* holds the opcode of the packet waitin dispatched (a7xx: BV's
	 * CP_ME_INIT and CP_SET_SECURE_MODE, also called while passing
	 * packets over, read it to tell how they were entered) */
	uint16_t packet_opcode;
	/* a6xx: LPAC starts when the SQE writes bit 0 of this GPU register,
	 * at the 64-bit GPU register lpac_gpu_instr_base */
	bool lpac_by_gpu;
	uint32_t lpac_gpu_cntl, lpac_gpu_instr_base;
	/* IB_LEVEL n > 0 reads the queue at these (64-bit base, dwords) */
	uint16_t level_base[EMU_MAX_LEVELS], level_dwords[EMU_MAX_LEVELS];
	const char *level_name[EMU_MAX_LEVELS];
	unsigned level_count;   /* levels including the ring */
	uint32_t ib_end_opcode; /* packet-table entry for an exhausted IB, or EMU_NONE */
	/* SQE registers of the call stack (SP's bits: EMU_SP_MASK) */
	uint16_t sqe_sp, sqe_stack0;
	/* pipe registers */
	bool nrt_pipe; /* NRT_ADDR/NRT_DATA are pipe registers */
	uint8_t nrt_addr, nrt_data;
	const uint8_t *void_pipes; /* payload-less pipe registers, 0-terminated */
	/* a5xx ME: memory through GPU registers: a read address and length
	 * for $memdata, a write address and the data register */
	bool nrt_gpu;
	uint32_t gpu_read_addr, gpu_read_dwords, gpu_write_addr, gpu_write_data;
	bool uncounted_memdata; /* $memdata reads with MEM_READ_DWORDS 0 (a5xx ME) */
	/* a7xx: a read asked for while an earlier one is unread queues
	 * behind it (gen70500's CP_SET_BIN_DATA5 asks for two words from two
	 * places, then reads both) */
	bool queued_memdata;
	bool direct_regdata; /* $regdata without a read queued reads at $addr */
	bool reg_rmw;        /* $addr bit 23: a register read-modify-write (a5xx ME) */
	/* GPU registers that hold the image's address (64-bit pairs) */
	uint32_t instr_base_regs[2];
	/* AQE0's number, or'ed into control register 0 of an AQE image */
	uint32_t aqe_ctrl0;
	/* The GPU behind the CP (gpu.c): a timestamp event writes its data
	 * at its address when the register ts_fire is written. Pipe
	 * registers (a6xx, a7xx) or GPU registers (a5xx, ts_gpu). */
	bool ts_gpu;
	uint32_t ts_addr, ts_ctrl, ts_data;
	bool ts_flag_timestamp; /* ts_ctrl bit 1 writes the 64-bit clock instead */
	/* a7xx on-chip memory: with ts_ctrl bit 1 (and bit 0 clear) the
	 * value goes to control register ts_onchip + address / 4 instead of
	 * memory (0: none) */
	uint16_t ts_onchip;
	/* control registers preset at reset (the processor's id, status
	 * the model keeps constant) */
	struct {
		uint16_t offset;
		uint32_t value;
	} reset_ctrl[3];
	/* presets of one part only (its image's id, e->part) */
	struct {
		const char *part;
		uint16_t offset;
		uint32_t value;
	} part_ctrl[2];
	/* The visibility stream decoder (gpu.c), in control registers:
	 * where the stream is (64-bit) and how many dwords, the control
	 * register whose bit 0 starts decoding (bit 2 resets), the FIFO of
	 * visible draw numbers each read pops, and its status (bits 31:30
	 * the state, 29:0 a draw number). present: the generation has it. */
	struct {
		bool present;
		uint16_t addr, dwords, cntl, fifo, status;
		/* the output's form: bit 1 set at the start, the FIFO holds
		 * runs of visible draws (first, count) instead of each one;
		 * bit 0: look-ahead, reads do not pop (a630_sqe at an IB) */
		uint16_t mode;
		/* a630_sqe: the packet being handled, its payload's dwords
		 * (the header's count) and how many of them were read, which
		 * tell a draw handler how much of it to pass over */
		uint16_t pkt_dwords, pkt_read;
		/* a5xx: the PFP starts the decoder by writing the stream's
		 * size in bytes to GPU register gpu_bytes, its address being
		 * at gpu_addr; status then holds bit 1 (decoded), and
		 * reached how far it decoded (EMU_NONE: in status) */
		bool by_gpu;
		uint32_t gpu_addr, gpu_bytes;
		uint16_t reached;
	} vsd;
	/* gen 8: BR's bootstrap starts two processors on the fourth image of
	 * the file, each as BV: its 64-bit base, then its CNTL = 1. Both
	 * read their base at instr_base[0] (the fourth image's bootstrap). */
	struct {
		bool present;
		uint16_t instr_base[2], cntl[2];
	} proc4;
	/* a5xx: the PFP has the ME's words fetched from memory (address,
	 * dwords: a write of dwords fetches), which the ME reads at IB_LEVEL
	 * level instead of the MEQ (CP_EXEC_CS_INDIRECT's dispatch size);
	 * and it reads at busy whether the ME is still at work */
	struct {
		bool present;
		uint16_t addr, dwords, busy;
		uint8_t level;
	} me_fetch;
	/* Handshakes the model answers at once (regs.c): a write to GPU
	 * register request shows its value in GPU register status, as the
	 * hardware acknowledges a bus halt (CP_SMMU_TABLE_UPDATE waits for
	 * it) or reports an SRAM initialised. request 0 ends the list. */
	struct {
		uint32_t request, status;
	} acks[6];
	/* Control registers whose request bits the hardware clears when
	 * the work they ask for is done; the model has none pending, so a
	 * write leaves them clear. offset 0 ends the list. */
	struct {
		uint16_t offset;
		uint32_t bits;
	} self_clear[1];
};

/* The default facts of a generation, and those of the variant whose
 * bootstrap reads GPU registers through REG_READ_ADDR reg_read_addr
 * (the default when none is). */
const struct emu_gen_info *emu_gen_info(enum emu_gen gen);
const struct emu_gen_info *emu_gen_variant(enum emu_gen gen, uint32_t reg_read_addr);

/* The interpreter's helpers: worth inlining into its loop. Not forced
 * under AddressSanitizer or clang's coverage instrumentation (fuzzers):
 * there the interpreter's switch, copied into every place that runs an
 * instruction and instrumented in each, took clang minutes to compile
 * (issue 31); the compiler's own choice compiles in seconds. */
#if defined(__SANITIZE_ADDRESS__)
#define EMU_NO_FORCED_INLINE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(coverage_sanitizer)
#define EMU_NO_FORCED_INLINE 1
#endif
#endif
#if (defined(__GNUC__) || defined(__clang__)) && !defined(EMU_NO_FORCED_INLINE)
#define EMU_INLINE static inline __attribute__((always_inline))
#else
#define EMU_INLINE static inline
#endif
#if defined(__GNUC__) || defined(__clang__)
#define EMU_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define EMU_UNLIKELY(x) (x)
#endif

/* ---- pm4.c: PM4 headers ---- */

/* emu_pm4_decode, inline for waitin's dispatch (exec.c). */
EMU_INLINE bool emu_pm4_split(uint32_t header, struct emu_pm4 *pkt)
{
	if (header >> 28 == 7) {
		pkt->type = 7;
		pkt->entry = (header >> 16) & EMU_PKT7_MAX_OPCODE;
		pkt->reg = 0;
		pkt->count = header & EMU_PKT7_MAX_COUNT;
		return true;
	}
	if (header >> 28 == 4) {
		pkt->type = 4;
		pkt->entry = EMU_PKT4_ENTRY;
		pkt->reg = (header >> 8) & EMU_PKT4_MAX_REG;
		pkt->count = header & EMU_PKT4_MAX_COUNT;
		return true;
	}
	return false;
}

/* ---- the decoded image ---- */

enum {
	EMU_OP_ILLEGAL = ISA_OP_COUNT, /* no form of this generation matches */
	EMU_OP_PAYLOAD,                /* a NOP-byte word with a payload: executes as nop */
	EMU_OP_COUNT
};

enum {
	EMU_I_REP = 1 << 0,
	EMU_I_PEEK = 1 << 1,
	EMU_I_PREINC = 1 << 2,
	EMU_I_IMM = 1 << 3,        /* src2 is imm */
	EMU_I_BAD_TARGET = 1 << 4, /* the branch target is outside the image */
	EMU_I_ALWAYS = 1 << 5,     /* an unconditional branch (jump, breq $00, 0) */
};

struct emu_insn {
	uint8_t op; /* enum isa_op or EMU_OP_* */
	uint8_t dst, src1, src2;
	uint8_t flags;
	uint8_t xmov, sds;
	uint8_t xsrc; /* where (xmovN)'s extra moves read */
	uint8_t bit, hi;
	uint32_t imm; /* immediate (movi: already shifted), base, or absolute target */
};

/* ---- GPU memory (mem.c) ---- */

#define EMU_PAGE_WORDS 1024u
#define EMU_PAGE_SHIFT 12
#define EMU_MEM_MAX_PAGES ((uint32_t)(EMU_MEM_MAX_BYTES >> EMU_PAGE_SHIFT))

struct emu_page {
	uint64_t number; /* addr >> EMU_PAGE_SHIFT */
	uint32_t *words; /* NULL: empty slot */
};

struct emu_mem {
	struct emu_page *slots; /* open addressing, power-of-two size */
	size_t size, used;
	struct emu_page *last; /* the page of the previous access */
};

void emu_mem_init(struct emu_mem *m);
void emu_mem_free(struct emu_mem *m);
uint32_t emu_mem_get(const struct emu_mem *m, uint64_t addr);
/* The host words of the page holding addr, from addr to the page's end
 * (*count of them), or NULL when the page was never written. They stay
 * valid until emu_mem_free: pages never move or go. */
uint32_t *emu_mem_words(const struct emu_mem *m, uint64_t addr, uint32_t *count);
/* False, writing nothing, when the write needs a page past
 * EMU_MEM_MAX_PAGES: a runaway firmware loop must not take the host's
 * memory. */
bool emu_mem_put(struct emu_mem *m, uint64_t addr, uint32_t value);
/* count little-endian words from bytes at addr (4-byte aligned): one
 * page look-up a page. */
bool emu_mem_put_le(struct emu_mem *m, uint64_t addr, const uint8_t *bytes, size_t count);

/* Whether count words from addr stay below 2^64: past it a base plus a
 * size would wrap to address 0. */
EMU_INLINE bool emu_mem_fits(uint64_t addr, uint64_t count)
{
	return count <= (~addr >> 2) + 1;
}

/* Words at an address the firmware sets and the hardware advances, with
 * no size given in advance (NRT writes, the a5xx ME's reads without a
 * count): where the stream began and how many words it has taken, so
 * that one running past 2^64 is a fault, not a wrap to address 0. An
 * address other than the one the stream advanced to starts a new one. */
struct emu_stream {
	uint64_t start, next, dwords;
};

/* emu_mem_put, with the page of the last access inline */
EMU_INLINE bool emu_mem_store(struct emu_mem *m, uint64_t addr, uint32_t value)
{
	if (m->last && m->last->number == addr >> EMU_PAGE_SHIFT) {
		m->last->words[(addr >> 2) & (EMU_PAGE_WORDS - 1)] = value;
		return true;
	}
	return emu_mem_put(m, addr, value);
}

/* ---- processors ---- */

#define EMU_HISTORY 16u
#define EMU_REG_NOINC (1u << 18) /* $addr bit 18: no auto-increment */
#define EMU_REG_CHECK (1u << 20) /* $addr bit 20: $data checks CP_PROTECT, writes nothing */
#define EMU_REG_RMW (1u << 23)   /* a5xx ME $addr bit 23: a read-modify-write (gi->reg_rmw) */
#define EMU_REG_OFFSET_MASK 0x3ffffu

enum emu_cpu_state { EMU_CPU_OFF, EMU_CPU_RUNNING, EMU_CPU_IDLE };

struct emu_draw_state {
	uint32_t hdr;
	uint32_t base[2];
};

struct emu_cpu {
	enum emu_proc id;
	enum emu_cpu_state state;
	const struct emu_insn *code; /* window of emu->code */
	uint64_t *counts;            /* window of emu->counts */
	uint32_t base, size;         /* window start and length, in words */
	uint32_t pc;
	uint32_t gpr[32]; /* gpr[0x1d] keeps the $addr register */
	uint32_t carry;   /* add/sub: 1 or 0; sub borrows as 0xffffffff */
	/* a taken branch waiting for its delay slot */
	bool pending, pending_waitin;
	uint32_t target, waitin_rem;
	/* a header the ROQ makes up for an exhausted IB (IN_IB_END) */
	bool inject;
	uint32_t inject_word;
	bool in_delay;       /* the instruction running is a delay slot */
	uint32_t waitin_hdr; /* the header the running waitin peeked */
	/* a5xx ME: memory reads requested through CP_ME_NRT_*, in order */
	struct {
		uint64_t addr;
		uint32_t dwords;
	} mrq[16];
	unsigned mrq_head, mrq_count;
	struct emu_stream nrt_stream, read_stream; /* NRT writes; a5xx reads without a count */
	bool rd_direct; /* a5xx: $addr bit 20 chose where $regdata reads */
	uint32_t rd_addr;
	uint32_t rmw_reg, rmw_mask; /* a5xx: what a read-modify-write latched */
	/* REG_READ_ADDR written while REG_READ_DWORDS is 0: one read of
	 * each address, in the order written (the 2023 a630_sqe queues
	 * two before it reads either) */
	uint32_t rrb[8];
	unsigned rrb_head, rrb_count;
	unsigned rem_dec; /* $rem decrements of the current iteration */
	uint32_t ctrl[EMU_CONTROL_COUNT];
	uint32_t sqe[EMU_CONTROL_COUNT];
	uint32_t pipe[256];
	uint32_t table[EMU_PACKET_TABLE_SIZE];
	struct emu_draw_state ds[32];
	uint32_t hist[EMU_HISTORY]; /* pcs of the last instructions, by nhist % EMU_HISTORY */
	unsigned nhist;
	bool in_step;   /* hist's newest entry is the instruction running */
	bool feeds_meq; /* the PFP of a pair: its $data writes go to the ME */
	/* the packet being handled (the last waitin): for stall reports */
	bool took_packet;
	uint32_t packet_hdr;
	unsigned packet_level;
	uint64_t packet_addr;
	/* the CP's error raised while handling it (FATAL_ERROR_CTRL's
	 * value, 0: none) and where, for the stop that follows */
	uint32_t fatal_value, fatal_pc;
	/* $data's fast path at an IB level (queues.c): the host words from
	 * GPU address fetch_base on, fetch_avail of them (to the page's end;
	 * 0: none). Keyed by the address alone, so a change of base, size or
	 * level drops it, and writes to the page show through. */
	const uint32_t *fetch_at;
	uint64_t fetch_base;
	uint32_t fetch_avail;
};

struct emu {
	struct emu_config cfg;
	const struct emu_gen_info *gi;
	struct isa isa;
	const struct rnn_view *views[EMU_SPACE_COUNT]; /* made at first use (names.c) */
	bool view_made[EMU_SPACE_COUNT];
	uint8_t ctrl_action[EMU_CONTROL_COUNT];
	uint8_t void_pipe[256];

	/* the image: file words 1.., decoded */
	uint32_t *image;
	struct emu_insn *code;
	uint64_t *counts;
	uint32_t image_size;
	bool loaded;

	/* Control register 0 as the image's bootstrap checks it (fw_identify's
	 * ctrl0), preset in every processor it starts. */
	bool has_ctrl0;
	const char *part; /* the part the image's id names ("gen80100"), or NULL */
	uint32_t ctrl0;
	/* An AQE image: the main processor is an AQE, whose $data (words
	 * from BR) waits like BV's when the ring is empty, and which finds
	 * its number in control register 0 (aqe_ctrl0). */
	bool aqe;
	/* The file holds a fourth image (gen 8 SQE files: sdk/fw's PROC4),
	 * which gi->proc4's writes start. */
	bool has_proc4;

	struct emu_cpu cpu[EMU_PROC_COUNT];
	/* who holds each COPROCESSOR_LOCK bit: enum emu_proc + 1, 0 free */
	uint8_t lock_owner[32];
	uint32_t *gpu; /* EMU_GPU_REG_COUNT registers */
	struct emu_mem mem;

	/* the ring buffer the user feeds; BR's place in it, and BV's when
	 * it reads the ring too (gi->bv_reads_ring) */
	uint32_t *ring;
	size_t ring_count, ring_cap, ring_read, bv_read;
	/* LPAC's own ring buffer (emu_push_lpac), and its place in it */
	uint32_t *lpac_ring;
	size_t lpac_count, lpac_cap, lpac_read;

	/* an a5xx PFP and ME (pair.c): the queue from one to the other */
	bool pair;
	uint32_t *meq;
	size_t meq_count, meq_cap, meq_read;
	/* the words fetched for the ME (gi->me_fetch), and how many it read */
	uint32_t *mef;
	size_t mef_count, mef_cap, mef_read;
	/* What the ME does belongs to the PFP packet that passed it its
	 * words, whenever it runs (emu_pair_attribute): each MEQ word's packet
	 * (an emu_packets index + 1, 0 for none), the ME's changes of
	 * packet, and which processor ran which steps. */
	size_t *meq_from, meq_from_cap;
	size_t me_packet;
	struct emu_pair_turn *turns;
	size_t turn_count, turn_cap;
	struct emu_pair_slice *slices;
	size_t slice_count, slice_cap;

	struct emu_write *log;
	size_t log_count, log_cap;

	/* the packets the main processor took (waitin), for emu_packets */
	struct emu_packet *packets;
	size_t packet_count, packet_cap;
	uint64_t ring_origin; /* ring words read before ring[0] */
	/* the packet headers BV read, whether at a waitin or passing packets
	 * over in a loop of its own, for attributing its work (bv.c) */
	struct emu_packet *bv_packets;
	size_t bv_packet_count, bv_packet_cap;

	/* A stall (gpu.c): steps of this run at the last progress (a word
	 * read from a stream, a write logged), and how many steps without
	 * one end a packet with EMU_ERR_WAIT. */
	uint64_t progress_step, stall_limit;
	/* Progress is a stream word read, a memory write, a word passed to a
	 * pair's ME, or a register write that changes the register: a poll
	 * loop that writes the same values over and over does not count. */
	uint64_t ts_count; /* timestamp events fired: the model's clock */
	/* the visibility stream decoder's FIFO: the visible draws' numbers
	 * (1-based) of the stream it decoded last, and how many were read;
	 * ahead: where look-ahead reads are (the mode's bit 0) */
	struct {
		uint32_t *draws;
		size_t count, cap, read, ahead;
	} vsd;
	/* the last memory or register word a processor polled: memory, or
	 * a register of space (GPU or control) */
	struct {
		bool mem, valid;
		enum emu_space space;
		uint64_t addr;
		uint32_t value;
	} last_read;

	uint64_t step_limit, steps, total_steps;
	bool reschedule; /* a processor started: give the others a turn */

	enum emu_error_kind error_kind;
	char *error;

	emu_trace_fn trace_fn;
	void *trace_ctx;
	/* the observers (emu_add_observer), in the order added */
	struct {
		emu_observer_fn fn;
		void *ctx;
	} observers[EMU_MAX_OBSERVERS];
	unsigned observer_count;
	/* the debugger's hook (emu_set_stop_hook), and a processor whose
	 * next instruction it has already seen (it stopped there) */
	emu_stop_fn stop_fn;
	void *stop_ctx;
	int stop_skip; /* enum emu_proc, or -1 */
	bool stopped;

	struct emu_debug *debug; /* labels and source lines (debug.c), or NULL */
	struct emu_deferred {    /* emu_defer_labels, not run yet */
		void (*fn)(void *ctx, struct emu *emu);
		void *ctx;
		void (*free_ctx)(void *ctx);
	} deferred[EMU_PROC_COUNT];
	unsigned deferred_count;
	struct emu_trace trace;
	uint32_t trace_gpr[32];
};

/* ---- debug.c ---- */

struct emu_debug;
void emu_debug_free(struct emu_debug *d);
/* Frees the deferred loaders emu_defer_labels left unrun. */
void emu_deferred_free(struct emu *e);

/* ---- exec.c ---- */

/* One word of $rem used up; it stops at 0 rather than wrapping into a
 * 4-billion-word packet. rem_dec tells (rep) it need not count down. */
EMU_INLINE void emu_count_down_rem(struct emu_cpu *c)
{
	if (c->gpr[ISA_REG_REM])
		c->gpr[ISA_REG_REM]--;
	c->rem_dec++;
}

/* Runs cpu for at most max instructions; returns how many it ran. Stops
 * early when the cpu goes idle or on a fault (emu->error_kind set). */
uint64_t emu_cpu_run(struct emu *e, struct emu_cpu *c, uint64_t max);

/* ---- emu.c: the observers ---- */

void emu_notify(struct emu *e, const struct emu_event *event);

/* ---- regs.c: registers with side effects ---- */

EMU_INLINE void emu_log_write(struct emu *e, struct emu_cpu *c, enum emu_write_kind kind,
			      uint64_t addr, uint32_t value)
{
	if (e->log_count == e->log_cap)
		util_grow(&e->log, &e->log_cap, e->log_count + 1, sizeof *e->log);
	struct emu_write *w = &e->log[e->log_count++];
	w->kind = (uint8_t)kind;
	w->proc = (uint8_t)c->id;
	w->pc = c->pc;
	w->addr = addr;
	w->value = value;
	if (e->observer_count)
		emu_notify(e, &(struct emu_event){.kind = EMU_EVENT_WRITE, .write = w});
}

/* The fault of a write past EMU_MEM_MAX_PAGES. */
void emu_mem_full(struct emu *e, struct emu_cpu *c, uint64_t addr, uint32_t value);
/* A fault, and true, when dwords words read from addr would pass 2^64,
 * where the address would wrap to 0; what names the reader. */
bool emu_mem_past_top(struct emu *e, struct emu_cpu *c, const char *what, uint64_t addr,
		      uint64_t dwords);

EMU_INLINE void emu_mem_write_logged(struct emu *e, struct emu_cpu *c, uint64_t addr,
				     uint32_t value)
{
	if (!emu_mem_store(&e->mem, addr, value)) {
		emu_mem_full(e, c, addr, value);
		return;
	}
	e->progress_step = e->steps;
	emu_log_write(e, c, EMU_WRITE_MEM, addr, value);
}

/* The word of stream s at addr (4-byte aligned), taken (advance) or only
 * looked at; false, after a fault naming what and the stream's address
 * and size, when the stream would pass 2^64. */
EMU_INLINE bool emu_stream_at(struct emu *e, struct emu_cpu *c, struct emu_stream *s,
			      const char *what, uint64_t addr, bool advance)
{
	if (s->dwords == 0 || addr != s->next) {
		s->start = addr;
		s->dwords = 0;
	}
	if (!emu_mem_fits(s->start, s->dwords + 1) &&
	    emu_mem_past_top(e, c, what, s->start, s->dwords + 1))
		return false;
	if (advance) {
		s->dwords++;
		s->next = addr + 4;
	}
	return true;
}

/* Where NRT data goes (what names the register written): the low 2 bits
 * of the address are flags, and bit 0 keeps the address from advancing.
 * Returns the next address; the same one, writing nothing, on a fault. */
EMU_INLINE uint64_t emu_nrt_write(struct emu *e, struct emu_cpu *c, const char *what, uint64_t addr,
				  uint32_t value)
{
	if (!emu_stream_at(e, c, &c->nrt_stream, what, addr & ~3ull, !(addr & 1)))
		return addr;
	emu_mem_write_logged(e, c, addr & ~3ull, value);
	return addr & 1 ? addr : addr + 4;
}

void emu_gpu_write(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value);
/* cwrite: false on a fault */
bool emu_ctrl_write(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value);
bool emu_ctrl_read(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t *value);
bool emu_sqe_write(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t value);
bool emu_sqe_read(struct emu *e, struct emu_cpu *c, uint32_t offset, uint32_t *value);
/* The extra source words of (sdsN) after a write to offset. */
void emu_sds_word(struct emu *e, struct emu_cpu *c, uint32_t offset, unsigned index,
		  uint32_t value);
/* Where c keeps control register offset: the shared ones live in the
 * main processor. Inline: every $data word of an IB goes through here. */
static inline uint32_t *emu_ctrl_slot(struct emu *e, struct emu_cpu *c, uint32_t offset)
{
	if (offset >= e->gi->shared_lo && offset < e->gi->shared_hi)
		return &e->cpu[EMU_MAIN].ctrl[offset];
	return &c->ctrl[offset];
}

static inline uint64_t emu_ctrl64(struct emu *e, struct emu_cpu *c, uint16_t offset)
{
	return (uint64_t)*emu_ctrl_slot(e, c, offset + 1u) << 32 | *emu_ctrl_slot(e, c, offset);
}

static inline void emu_set_ctrl64(struct emu *e, struct emu_cpu *c, uint16_t offset, uint64_t value)
{
	*emu_ctrl_slot(e, c, offset) = (uint32_t)value;
	*emu_ctrl_slot(e, c, offset + 1u) = (uint32_t)(value >> 32);
}

/* The IB level c reads $data at: 0 the ring (or the only stream). */
static inline unsigned emu_ib_level(struct emu *e, struct emu_cpu *c)
{
	const struct emu_gen_info *gi = e->gi;
	return gi->ib_level == EMU_NONE ? 0
					: *emu_ctrl_slot(e, c, gi->ib_level) & gi->ib_level_mask;
}

/* ---- queues.c: what $data, $memdata and $regdata read ---- */

/* false on a fault (queue empty, bad address) */
bool emu_read_data(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value);
bool emu_read_memdata(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value);
bool emu_read_regdata(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value);
/* What a stall report names as polled last: memory (mem), or a register
 * of space. */
void emu_note_read(struct emu *e, bool mem, enum emu_space space, uint64_t addr, uint32_t value);
/* The next packet header for waitin: true with *hdr, false when the cpu
 * must wait (idle) or on a fault (error_kind set). */
bool emu_peek_header(struct emu *e, struct emu_cpu *c, uint32_t *hdr);

/* Whether c's next $data read would wait for the ring buffer: c has
 * read all of it, or c does not read it (LPAC, whose ring this model
 * never feeds, BV before a7xx): they wait there instead of failing. */
bool emu_stream_waits(struct emu *e, struct emu_cpu *c);

/* ---- emu.c ---- */

/* Makes gi the machine's facts: the control registers' actions and the
 * GPU registers that hold the image's address. */
void emu_use_gen_info(struct emu *e, const struct emu_gen_info *gi);

/* ---- pair.c: the a5xx PFP and ME joined by the MEQ ---- */

/* A PFP $data write: queued for the ME, logged, and the ME woken. */
void emu_meq_push(struct emu *e, struct emu_cpu *c, uint32_t value);
/* The ME's next word (consumed unless peek): from the MEQ, or at the
 * fetch level from the words fetched for it; false when there is none. */
bool emu_meq_pull(struct emu *e, struct emu_cpu *c, bool peek, uint32_t *value);
/* A PFP write of gi->me_fetch.dwords: that many words from the address
 * it holds are fetched for the ME. */
bool emu_me_fetch(struct emu *e, struct emu_cpu *c, uint32_t dwords);
/* 1 while the ME has MEQ words to read or is inside a packet, else 0:
 * what a pair's PFP reads at gi->me_fetch.busy. */
uint32_t emu_me_busy(const struct emu *e);
/* Whether c, a pair's PFP about to run in (a cread), waits: in reads
 * the ME's busy state while the ME is busy. Waiting, it runs no
 * instructions, so a poll counts the same however the processors'
 * turns fall (the model has no timing). */
bool emu_pfp_waits_for_me(const struct emu *e, const struct emu_cpu *c, const struct emu_insn *in);
/* Whether the ME must wait before its next instruction: it reads more
 * $data words than the MEQ holds. */
bool emu_meq_waits(struct emu *e, struct emu_cpu *c);
/* After a run: an ME stopped inside a packet for words that never came
 * is a fault. */
void emu_pair_check_idle(struct emu *e);
/* Whether proc is the second reader of a stream whose work goes to the
 * first's packets: a pair's ME (after the PFP), a7xx BV (after BR). */
EMU_INLINE bool emu_second_reader(unsigned proc)
{
	return proc == EMU_ME || proc == EMU_BV;
}

/* After emu_cpu_run of processor proc, which started at step from of
 * this run: a pair (and a7xx BR and BV) records who ran the steps. */
void emu_pair_ran(struct emu *e, int proc, uint64_t from);
/* The steps the second processor (the ME, BV; or else the first: the
 * PFP, BR) ran before step `at` (counted as emu_total_steps). */
uint64_t emu_own_steps(const struct emu *e, bool second, uint64_t at);
/* With emu_clear_writes: the turns and slices start afresh. */
void emu_pair_clear(struct emu *e);
void emu_pair_free(struct emu *e);
/* A pair's log by whose work it is (after a run): packet[w] for each
 * write (an emu_packets index + 1, 0 before the first packet) and
 * steps[i] the instructions of packet i, the PFP's and the ME's for its
 * words; false, with nothing written, when e is not a pair. */
bool emu_pair_attribute(const struct emu *e, size_t *packet, uint64_t *steps);

/* ---- bv.c: a7xx BV, which reads the stream BR reads ---- */

/* The same for BR's packets and BV's (after a run): BV's writes and
 * steps go to the BR packet at the same place in the stream, or, for a
 * packet BR passed over, to the BR packet it last met; BR's writes and
 * steps to its own. false, with nothing written, when BV read no
 * stream. */
bool emu_bv_attribute(const struct emu *e, size_t *packet, uint64_t *steps);
/* Before BV reads the packet header hdr ($data with $rem at 0) from
 * its stream at level: BV's next packet starts. */
void emu_bv_header(struct emu *e, struct emu_cpu *c, unsigned level, uint32_t hdr);

/* ---- gpu.c: the GPU behind the CP ---- */

/* A write of the register that fires a timestamp event (gi->ts_data,
 * in regs: the processor's pipe registers or the GPU's): the event's
 * data reaches memory. */
void emu_gpu_event(struct emu *e, struct emu_cpu *c, const uint32_t *regs);
/* A write of the decoder's control register (gi->vsd.cntl): bit 2
 * empties it, bit 0 decodes the stream its registers point at. */
bool emu_vsd_control(struct emu *e, struct emu_cpu *c, uint32_t value);
/* A REG_WRITE of the stream's size to gi->vsd.gpu_bytes (a5xx): the
 * decoder decodes the stream at addr. */
bool emu_vsd_start_gpu(struct emu *e, struct emu_cpu *c, uint64_t addr, uint32_t bytes);
/* A read of the decoder's FIFO: the next visible draw's number, 0 when
 * none is left. */
uint32_t emu_vsd_pop(struct emu *e, struct emu_cpu *c);
/* What control register gi->vsd.pkt_dwords (read: false) or
 * gi->vsd.pkt_read (read: true) holds: the payload dwords of the packet
 * c is handling, or how many of them it read. */
uint32_t emu_packet_words(struct emu *e, struct emu_cpu *c, bool read);
/* A write of the decoder's mode (gi->vsd.mode): setting bit 0 starts a
 * look-ahead, whose reads leave the FIFO as it was for the reads after
 * the bit is cleared. */
void emu_vsd_mode(struct emu *e, uint32_t old, uint32_t value);
/* The packet whose header hdr c is about to read from its stream at
 * level: where it is, and the log's and the steps' counts now. */
struct emu_packet emu_packet_here(struct emu *e, struct emu_cpu *c, unsigned level, uint32_t hdr);
/* Records a packet the main processor takes (its header at the head of
 * its stream) in the packet log. */
void emu_packet_taken(struct emu *e, struct emu_cpu *c, uint32_t hdr);
/* The fault of a packet that made no progress for stall_limit steps. */
void emu_stall(struct emu *e, struct emu_cpu *c);

/* Whether BV reads the ring buffer as BR does: a7xx, once started. */
EMU_INLINE bool emu_bv_reads_ring(const struct emu *e)
{
	return e->gi->bv_reads_ring && e->cpu[EMU_BV].state != EMU_CPU_OFF;
}

/* Where c reads the ring buffer, or NULL when it does not read it. */
EMU_INLINE size_t *emu_ring_place(struct emu *e, const struct emu_cpu *c)
{
	if (c->id == EMU_MAIN)
		return &e->ring_read;
	return c->id == EMU_BV && emu_bv_reads_ring(e) ? &e->bv_read : NULL;
}

/* Whether the generation has an LPAC processor, which reads a ring of
 * its own. */
EMU_INLINE bool emu_has_lpac(const struct emu *e)
{
	return e->gi->lpac_cntl != EMU_NONE || e->gi->lpac_by_gpu;
}

/* A reader reached the ring's end: once every reader has, the words so
 * far count as read and the ring starts over. */
EMU_INLINE void emu_ring_drained(struct emu *e)
{
	if (e->ring_read != e->ring_count || (emu_bv_reads_ring(e) && e->bv_read != e->ring_count))
		return;
	e->ring_origin += e->ring_count;
	e->ring_read = e->ring_count = e->bv_read = 0;
}

/* ---- proc.c: starting processors ---- */

void emu_cpu_reset(struct emu *e, struct emu_cpu *c, enum emu_proc id);
/* The control registers a processor starts with (its id, control 0). */
void emu_cpu_preset(struct emu *e, struct emu_cpu *c);
/* Starts c with its code at GPU address addr (inside the image). */
bool emu_cpu_start(struct emu *e, struct emu_cpu *c, uint64_t addr);

/* ---- fault.c ---- */

/* Stops the emulator: records kind and a message naming c's pc, its
 * instruction and the last instructions executed. Returns false so that
 * callers can `return emu_fault(...)`. */
bool emu_fault(struct emu *e, struct emu_cpu *c, enum emu_error_kind kind, const char *fmt, ...)
	UTIL_PRINTF(4, 5);

/* ---- names.c ---- */

/* Formats image word index (as proc's pc) with names when there are. */
void emu_format_insn(const struct emu *e, const struct emu_cpu *c, uint32_t pc,
		     struct util_str *out);
bool emu_name_str(const struct emu *e, enum emu_space space, uint64_t value, struct util_str *out);

/* ---- trace.c ---- */

void emu_trace_begin(struct emu *e, struct emu_cpu *c, uint32_t pc, unsigned iteration);
void emu_trace_change(struct emu *e, enum emu_change_kind kind, uint32_t offset, uint32_t value);
void emu_trace_end(struct emu *e, struct emu_cpu *c);

#endif
