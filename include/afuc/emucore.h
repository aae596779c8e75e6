/* The afuc emulator's machine (sdk/emu): runs Adreno CP microcode (a5xx
 * ME/PFP, a6xx SQE, a7xx BR with BV and LPAC) against a model of the
 * GPU, so that packet handlers can be tested without a GPU.
 *
 *   struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX});
 *   emu_load_image(emu, words, count);          (the .fw file, word 0 included)
 *   emu_push_pkt7(emu, 0x3d, (uint32_t[]){0x1000, 0, 0xdeadbeef}, 3);
 *   if (emu_run(emu) != EMU_IDLE)                (boots, then runs the packet)
 *           fprintf(stderr, "%s\n", emu_error(emu));
 *   emu_mem_read32(emu, 0x1000);                 (0xdeadbeef)
 *   emu_free(emu);
 *
 * Link with build/lib/libafuc-emu.a (pkg-config afuc-emu); include
 * afuc/emu.h, which adds the loader (afuc/emuload.h: files, ELF, the
 * register database). docs/emu-api.md describes the model. Nothing here
 * does I/O or reads the environment; labels and source lines come in
 * through emu_add_label and emu_add_line; two emulators never share
 * state. Out of memory, the library aborts (util_xmalloc), as the
 * SDK's tools do: no call returns for lack of memory.
 */
#ifndef AFUC_EMUCORE_H
#define AFUC_EMUCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum emu_gen { EMU_A5XX = 5, EMU_A6XX = 6, EMU_A7XX = 7 };

/* The processors. A single-processor image (a5xx ME or PFP alone, a6xx
 * SQE) runs as EMU_MAIN; on a7xx EMU_MAIN is BR, which starts BV and LPAC
 * from its bootstrap (a660's SQE starts LPAC the same way). An a5xx pair (emu_load_pair) runs the PFP as
 * EMU_MAIN, also called EMU_PFP, fed by the ring buffer, and the ME as
 * EMU_ME, fed by the PFP through the MEQ. EMU_PROC4 and EMU_PROC4B are
 * the two processors gen 8 BR's bootstrap starts on the fourth image of
 * its file (docs/emu-api.md). */
enum emu_proc {
	EMU_MAIN,
	EMU_BV,
	EMU_LPAC,
	EMU_ME,
	EMU_PROC4,
	EMU_PROC4B,
	EMU_PROC_COUNT,
	EMU_PFP = EMU_MAIN
};

/* Register spaces, for names and for the write log. */
enum emu_space {
	EMU_SPACE_GPU,     /* GPU registers (18-bit offsets) */
	EMU_SPACE_CONTROL, /* @NAME: cread/cwrite */
	EMU_SPACE_SQE,     /* %NAME: sread/swrite */
	EMU_SPACE_PIPE,    /* |NAME: high 8 bits of $addr */
	EMU_SPACE_PM4,     /* CP_* opcodes and PKT4 */
	EMU_SPACE_COUNT
};

struct rnn_db; /* the SDK's register database (sdk/rnn), opened below */

#define EMU_DEFAULT_STEP_LIMIT 10000000ull
#define EMU_DEFAULT_STALL_LIMIT 1000000ull
#define EMU_DEFAULT_INSTR_BASE 0x100000000ull
#define EMU_GPU_REG_COUNT 0x40000u /* GPU register offsets are 18 bits */
#define EMU_CONTROL_COUNT 0x1000u  /* control and SQE registers: 12 bits */
#define EMU_PACKET_TABLE_SIZE 0x80u
#define EMU_STACK_DEPTH 8u /* call/ret stack: SQE STACK0..STACK7 */

struct emu_config {
	enum emu_gen gen;
	/* Instructions one emu_run may execute before it stops with
	 * EMU_ERR_STEP_LIMIT (every processor's steps, every (rep)
	 * iteration counted); 0 means EMU_DEFAULT_STEP_LIMIT. */
	uint64_t step_limit;
	/* Instructions a packet may run without progress (no word read
	 * from a stream, no register or memory changed, by any processor) before the run
	 * stops with EMU_ERR_WAIT: the model's GPU is done at once, so such a
	 * wait is never satisfied. 0 means EMU_DEFAULT_STALL_LIMIT. The
	 * bootstrap, before the first packet, is bounded by step_limit only. */
	uint64_t stall_limit;
	/* GPU address where the image is put, and what CP_SQE_INSTR_BASE
	 * (CP_ME_INSTR_BASE and CP_PFP_INSTR_BASE on a5xx) reads; 0 means
	 * EMU_DEFAULT_INSTR_BASE. Must be a multiple of 4. */
	uint64_t instr_base;
	/* Names for emu_lookup, emu_disasm and error messages, read at
	 * their first use (the pipe registers without a payload come from
	 * a table built from the SDK's database). Borrowed: it must outlive
	 * the emulator. NULL works: numbers are printed. */
	struct rnn_db *rnn;
};

struct emu;

/* NULL (with *error set to a malloc'ed message when error is not NULL)
 * for a bad configuration. */
struct emu *emu_new(const struct emu_config *config, char **error);
void emu_free(struct emu *emu);

enum emu_gen emu_gen(const struct emu *emu);

/* The generation of a .fw file (words: the file's, word 0 included), as
 * the SDK's image-identity module tells it: from the image's structure,
 * else from the firmware id in word 1 (two words are enough for that);
 * false when they do not look like afuc. */
bool emu_guess_gen(const uint32_t *words, size_t count, enum emu_gen *gen);
/* ---- the image --------------------------------------------------------- */

/* Loads a firmware file as the kernel does: word 0 is skipped, words 1..
 * are copied to GPU memory at instr_base and decoded once. count is in
 * words. What the bootstrap expects is preset: control register 0 as it
 * checks it, and the generation's control map it uses (gen70900 and
 * gen 8 differ from gen70500; docs/emu-api.md). Must come before the first emu_run; false (emu_error says why)
 * if the image is too small or too big, or one was loaded already. */
bool emu_load_image(struct emu *emu, const uint32_t *words, size_t count);
/* The most instructions an image may hold (after word 0). */
#define EMU_MAX_IMAGE_WORDS (1u << 20)
/* Loads an a5xx PFP and ME as the pair they are (files as the kernel
 * loads them, word 0 included, counts in words): two processors in one
 * emulator, sharing GPU registers and memory, each with its own image,
 * control registers and packet table. The PFP (EMU_PFP) reads the ring
 * buffer and IBs; its $data writes go into the MEQ, which is what the
 * ME's waitin and $data read. The ME's image follows the PFP's in GPU
 * memory: CP_PFP_INSTR_BASE reads instr_base, CP_ME_INSTR_BASE the ME's
 * address. emu_run returns EMU_IDLE when both wait at waitin with ring
 * and MEQ empty. Instead of emu_load_image, for an EMU_A5XX emulator;
 * false (emu_error says why) as emu_load_image. */
bool emu_load_pair(struct emu *emu, const uint32_t *pfp, size_t pfp_count, const uint32_t *me,
		   size_t me_count);
/* Whether a pair was loaded. */
bool emu_is_pair(const struct emu *emu);
/* MEQ words the PFP passed that the ME has not read yet. */
size_t emu_meq_pending(const struct emu *emu);

/* Instructions of the image (file words 1..; for a pair the PFP's then
 * the ME's); each processor's code is a window of it starting at its own
 * base. */
size_t emu_image_size(const struct emu *emu);
/* The image's words (emu_image_size of them; NULL before a load). */
const uint32_t *emu_image(const struct emu *emu);
/* Where proc's code starts in the image, in words; false if proc has not
 * been started. */
bool emu_proc_base(const struct emu *emu, enum emu_proc proc, uint32_t *base);
/* Whether the loaded image has processor proc at all (started or not
 * yet): the main one always, BV on a7xx, LPAC on a660 and a7xx, the ME
 * in an a5xx pair, PROC4 and PROC4B in a gen 8 SQE file. */
bool emu_has_proc(const struct emu *emu, enum emu_proc proc);
/* How many words proc's code window holds (0 if proc has not started). */
uint32_t emu_proc_size(const struct emu *emu, enum emu_proc proc);
/* The processor as messages name it: "SQE", "BR", "BV", "LPAC", "PFP",
 * "ME", "PROC4", "PROC4B", or "PFP/ME" for an a5xx image alone. */
const char *emu_proc_name(const struct emu *emu, enum emu_proc proc);

/* ---- packets ----------------------------------------------------------- */

/* PM4 headers as the kernel builds them (odd parity over each field's
 * nibbles). Type 7: opcode 7 bits, count 14 bits; type 4: register 18
 * bits, count 7 bits. Out-of-range fields are masked: check first with
 * the push functions, which refuse them. */
uint32_t emu_pkt7_header(uint32_t opcode, uint32_t count);
uint32_t emu_pkt4_header(uint32_t reg, uint32_t count);
unsigned emu_pm4_parity(uint32_t value);

#define EMU_PKT7_MAX_OPCODE 0x7fu
#define EMU_PKT7_MAX_COUNT 0x3fffu
#define EMU_PKT4_MAX_REG 0x3ffffu
#define EMU_PKT4_MAX_COUNT 0x7fu
/* The packet-table entry of every type-4 packet. */
#define EMU_PKT4_ENTRY 4u

/* A header taken apart: the one decoder of PM4 headers for every layer. */
struct emu_pm4 {
	unsigned type;  /* 4 or 7 */
	uint32_t entry; /* packet-table entry: the opcode, EMU_PKT4_ENTRY for type 4 */
	uint32_t reg;   /* type 4: the first register written */
	uint32_t count; /* payload words */
};
/* False for a word that is no type-4 or type-7 header. Parity is not
 * checked: compare with emu_pkt7_header or emu_pkt4_header for that. */
bool emu_pm4_decode(uint32_t header, struct emu_pm4 *pkt);
/* The packet-table entry of a header (EMU_PKT4_ENTRY for type 4; the
 * opcode bits of any other word). */
uint32_t emu_pm4_entry(uint32_t header);
/* The name of a packet-table entry: "PKT4", the database's CP_* name,
 * else "UNKNn" (n decimal, as afuc-as writes it) into buf like
 * snprintf; returns the length it needed. */
size_t emu_entry_name(const struct emu *emu, uint32_t entry, char *buf, size_t size);

/* Appends a packet to the ring buffer; false (nothing appended) when the
 * opcode, register or count does not fit its header field. */
bool emu_push_pkt7(struct emu *emu, uint32_t opcode, const uint32_t *payload, size_t count);
bool emu_push_pkt4(struct emu *emu, uint32_t reg, const uint32_t *values, size_t count);
/* Appends words as they are (headers included, right or wrong). */
void emu_push_raw(struct emu *emu, const uint32_t *words, size_t count);
/* Appends words, as they are, to the ring buffer of LPAC (a660, a7xx),
 * which reads its own; false (nothing appended) when the image has no
 * LPAC. LPAC waits for them once its bootstrap has run. */
bool emu_push_lpac(struct emu *emu, const uint32_t *words, size_t count);
/* Ring-buffer words not yet read by the firmware. */
size_t emu_ring_pending(const struct emu *emu);
/* Copies up to max of them, oldest first, into words and returns how
 * many; *offset gets the first one's place as emu_packet's addr counts
 * it (a debugger shows the payload of the packet being handled). */
size_t emu_ring_peek(const struct emu *emu, uint64_t *offset, uint32_t *words, size_t max);

/* ---- running ----------------------------------------------------------- */

enum emu_status {
	EMU_IDLE,    /* every started processor waits at waitin with its queue empty */
	EMU_ERROR,   /* stopped: emu_error() says why; further runs return EMU_ERROR */
	EMU_STOPPED, /* the stop hook asked to stop (emu_set_stop_hook); emu_run resumes */
};

enum emu_error_kind {
	EMU_ERR_NONE,
	EMU_ERR_STEP_LIMIT,  /* the run executed step_limit instructions */
	EMU_ERR_ILLEGAL,     /* a word that is no instruction of this generation */
	EMU_ERR_QUEUE_EMPTY, /* $data, $memdata or $regdata read with nothing queued */
	EMU_ERR_STACK,       /* call with a full stack, ret with an empty one */
	EMU_ERR_BRANCH,      /* a target outside the image; two branches taken back to back */
	EMU_ERR_PACKET,      /* waitin found a word that is no type-4/type-7 header */
	EMU_ERR_ADDRESS,     /* unaligned memory access, register outside its space */
	EMU_ERR_UNSUPPORTED, /* something the model does not emulate (iret) */
	EMU_ERR_NO_IMAGE,    /* emu_run before emu_load_image, or a bad image */
	EMU_ERR_WAIT,        /* a packet spun stall_limit instructions without progress */
};

/* Runs until idle or an error. The first run executes the bootstrap. */
enum emu_status emu_run(struct emu *emu);
void emu_set_step_limit(struct emu *emu, uint64_t limit);
void emu_set_stall_limit(struct emu *emu, uint64_t limit);
/* Instructions executed by the last emu_run, and since emu_new. */
uint64_t emu_last_steps(const struct emu *emu);
uint64_t emu_total_steps(const struct emu *emu);

enum emu_error_kind emu_error_kind(const struct emu *emu);
/* The message of the error that stopped the emulator ("" if none): what
 * happened, the processor, pc and instruction, and the last instructions
 * executed, one per line. Owned by emu. */
const char *emu_error(const struct emu *emu);
const char *emu_error_kind_name(enum emu_error_kind kind); /* "step-limit", ... */
/* For the layers above (a loader whose file is no image): stops the
 * emulator with kind and message as emu_error (the first error stays).
 * Returns false. */
bool emu_set_error(struct emu *emu, enum emu_error_kind kind, const char *message);

/* ---- the machine ------------------------------------------------------- */

/* Sparse 64-bit GPU memory, in 32-bit words at 4-byte aligned addresses;
 * unwritten memory reads 0. Writes through these are not logged. False
 * for an unaligned address, for words that would run past the top of the
 * 64-bit space (never wrapped to address 0), or when the memory written
 * would pass EMU_MEM_MAX_BYTES (the firmware's own writes past it stop
 * the run with EMU_ERR_ADDRESS). */
#define EMU_MEM_MAX_BYTES (256ull << 20)
bool emu_mem_write32(struct emu *emu, uint64_t addr, uint32_t value);
bool emu_mem_write(struct emu *emu, uint64_t addr, const uint32_t *words, size_t count);
/* count words stored little-endian at bytes (a capture's buffer), a page
 * at a time. */
bool emu_mem_write_le(struct emu *emu, uint64_t addr, const uint8_t *bytes, size_t count);
uint32_t emu_mem_read32(const struct emu *emu, uint64_t addr);

/* GPU registers (offsets below EMU_GPU_REG_COUNT; others: false / 0).
 * Unset registers read 0. Presets are not logged. */
bool emu_set_reg(struct emu *emu, uint32_t offset, uint32_t value);
uint32_t emu_get_reg(const struct emu *emu, uint32_t offset);

/* A processor's registers. gpr 0..31 as the firmware names them ($00..
 * $19, $sp, $lr, $rem; 0x1d-0x1f give the $addr register, $usraddr's
 * flag is not kept apart). Control and SQE offsets below
 * EMU_CONTROL_COUNT. Setting a control register this way has none of the
 * side effects a cwrite has. */
uint32_t emu_gpr(const struct emu *emu, enum emu_proc proc, unsigned reg);
void emu_set_gpr(struct emu *emu, enum emu_proc proc, unsigned reg, uint32_t value);
uint32_t emu_ctrl(const struct emu *emu, enum emu_proc proc, uint32_t offset);
bool emu_set_ctrl(struct emu *emu, enum emu_proc proc, uint32_t offset, uint32_t value);
uint32_t emu_sqe(const struct emu *emu, enum emu_proc proc, uint32_t offset);
bool emu_set_sqe(struct emu *emu, enum emu_proc proc, uint32_t offset, uint32_t value);
/* The last value written to a pipe register (0..255), 0 if never. */
uint32_t emu_pipe(const struct emu *emu, enum emu_proc proc, uint32_t reg);
uint32_t emu_pc(const struct emu *emu, enum emu_proc proc);
bool emu_proc_started(const struct emu *emu, enum emu_proc proc);

/* The packet table as the bootstrap wrote it (PACKET_TABLE_WRITE); tests
 * of a handler without a bootstrap may fill it directly. */
uint32_t emu_packet_entry(const struct emu *emu, enum emu_proc proc, uint32_t index);
bool emu_set_packet_entry(struct emu *emu, enum emu_proc proc, uint32_t index, uint32_t pc);

/* ---- what the firmware did: one log, in order ------------------------- */

enum emu_write_kind {
	EMU_WRITE_GPU,  /* a GPU register: $addr/$data, REG_WRITE */
	EMU_WRITE_PIPE, /* a pipe register (payload-less ones log 0) */
	EMU_WRITE_MEM,  /* a 32-bit memory word: NRT_DATA, store */
	EMU_WRITE_MEQ,  /* a word the PFP of a pair passed to the ME (addr 0) */
};

struct emu_write {
	uint8_t kind;  /* enum emu_write_kind */
	uint8_t proc;  /* enum emu_proc */
	uint32_t pc;   /* the instruction that wrote */
	uint64_t addr; /* register offset, pipe register or byte address */
	uint32_t value;
};

size_t emu_write_count(const struct emu *emu);
/* The log as an array of emu_write_count entries; valid until the next
 * emu_run or emu_clear_writes. */
const struct emu_write *emu_writes(const struct emu *emu);
void emu_clear_writes(struct emu *emu);

/* ---- which packets the firmware took ----------------------------------- */

/* One packet header the main processor's waitin took (BR on a7xx, the
 * PFP of an a5xx pair), in order. The writes that follow it, up to the
 * next packet's write_first, are what its handler did (in a pair, with
 * what the ME did meanwhile). */
struct emu_packet {
	uint32_t header;
	uint8_t level;      /* 0 the ring buffer, 1 IB1, 2 IB2, ... (IB_LEVEL) */
	bool made_up;       /* the IN_IB_END the model makes up at an IB's end */
	uint64_t addr;      /* GPU address of the header; in the ring buffer, its
			 * byte offset from the first word ever pushed */
	size_t write_first; /* index in emu_writes() of its first write */
	uint64_t steps;     /* emu_total_steps() when it was taken */
};

/* The log of packets, cleared with the write log (emu_clear_writes). */
size_t emu_packet_count(const struct emu *emu);
const struct emu_packet *emu_packets(const struct emu *emu);

/* When two processors read one stream (an a5xx pair: the PFP, then the
 * ME the words it passes; a7xx: BR, and BV the same ring), whose work
 * each write and step was, after a run: packet[w] for each write (an
 * emu_packets index + 1, 0 before the first packet) and steps[i] the
 * instructions of packet i, both processors'. A second processor's
 * writes go to the packet whose words it was reading; BV's, for a packet
 * BR passed over, to the BR packet it last met. False, with nothing
 * written, when no second processor read the stream. */
bool emu_attribute(const struct emu *emu, size_t *packet, uint64_t *steps);
/* Whether proc is such a second reader (a pair's ME, BV). */
bool emu_proc_is_second(enum emu_proc proc);

/* ---- observers: what the layers above attach ---------------------------- */

/* Two things happen that a layer above may want as they happen: the main
 * processor takes a packet (as emu_packets will list it), and a write
 * lands (as emu_writes will list it). One hook reports both. */
enum emu_event_kind { EMU_EVENT_PACKET, EMU_EVENT_WRITE };

struct emu_event {
	enum emu_event_kind kind;
	const struct emu_packet *packet; /* EMU_EVENT_PACKET */
	const struct emu_write *write;   /* EMU_EVENT_WRITE */
};

/* Called during emu_run; it may read the emulator, not change it. The
 * pointers are valid during the call only. */
typedef void (*emu_observer_fn)(void *ctx, const struct emu *emu, const struct emu_event *event);
#define EMU_MAX_OBSERVERS 4u
/* Adds an observer (called in the order added); false when
 * EMU_MAX_OBSERVERS are attached already. */
bool emu_add_observer(struct emu *emu, emu_observer_fn fn, void *ctx);
/* Removes the observer added with fn and ctx; false if there is none. */
bool emu_remove_observer(struct emu *emu, emu_observer_fn fn, void *ctx);

/* ---- tracing and coverage --------------------------------------------- */

enum emu_change_kind { EMU_CHANGE_GPR, EMU_CHANGE_CONTROL, EMU_CHANGE_SQE };

struct emu_reg_change {
	uint8_t kind;    /* enum emu_change_kind */
	uint32_t offset; /* GPR number, control or SQE register */
	uint32_t value;
};

#define EMU_TRACE_MAX_CHANGES 48

/* One executed instruction (each (rep) iteration is one). */
struct emu_trace {
	enum emu_proc proc;
	uint32_t pc;
	uint32_t word;
	unsigned iteration; /* (rep): 0, 1, ... */
	/* GPRs, control and SQE registers that changed (in that order);
	 * more than EMU_TRACE_MAX_CHANGES are counted in dropped. */
	struct emu_reg_change changes[EMU_TRACE_MAX_CHANGES];
	unsigned change_count, dropped;
	/* The log entries this instruction added: emu_writes()[first..). */
	size_t write_first, write_count;
};

typedef void (*emu_trace_fn)(void *ctx, const struct emu *emu, const struct emu_trace *trace);
/* NULL turns tracing off (and the run back to full speed). */
void emu_set_trace(struct emu *emu, emu_trace_fn fn, void *ctx);

/* Times the instruction at image word index was executed (all
 * processors, all runs). */
uint64_t emu_exec_count(const struct emu *emu, uint32_t index);
/* Marks (mask[i] = 1) the image words reachable from entry of proc's
 * code: fall-through, branch and call targets, returns after calls,
 * stopping at waitin, ret and jumps. mask has emu_image_size() bytes
 * and is not cleared first. Returns how many it newly marked. */
size_t emu_reachable(const struct emu *emu, enum emu_proc proc, uint32_t entry, uint8_t *mask);

/* ---- stopping, for debuggers ----------------------------------------- */

/* Asked before each instruction runs (a (rep) instruction once, a waitin
 * only when it takes a packet): returning true stops emu_run before it,
 * with EMU_STOPPED and the machine as it is; the next emu_run resumes
 * with that instruction, without asking about it again. The hook may
 * read the emulator (registers, the write log up to now), not change
 * it. NULL removes the hook; a hook slows a run as tracing does. */
typedef bool (*emu_stop_fn)(void *ctx, const struct emu *emu, enum emu_proc proc, uint32_t pc);
void emu_set_stop_hook(struct emu *emu, emu_stop_fn fn, void *ctx);

/* ---- source terms ------------------------------------------------------ */

/* Errors, emu_where and the debugger speak of labels and source lines
 * once the emulator knows them: a loader (afuc/emuload.h) gives them one
 * by one, from the ELF that afuc-ld --elf writes beside an image, its
 * map, or the labels afuc-objdump prints for a vendor image. */

/* One label or source line at an image word (an index of the image as
 * emu_image_size counts it); line 0 ends the line before. False when
 * no image is loaded or index is past it. */
bool emu_add_label(struct emu *emu, uint32_t index, const char *name);
bool emu_add_line(struct emu *emu, uint32_t index, const char *file, uint32_t line);
/* Labels given later: fn(ctx, emu) adds them (emu_add_label) just before
 * the first question about labels or lines, so that a run that asks none
 * does not pay for them (afuc-objdump's labels of a vendor image take a
 * disassembly); free_ctx(ctx) follows it, or emu_free when it never ran.
 * Up to EMU_PROC_COUNT are pending, run in the order given; false (ctx
 * freed) past that. */
bool emu_defer_labels(struct emu *emu, void (*fn)(void *ctx, struct emu *emu), void *ctx,
		      void (*free_ctx)(void *ctx));

/* Where proc's instruction at pc is: "cp-handlers.S:73 CP_MEM_WRITE+3"
 * (file name without its directories, line, then the nearest label at
 * or before pc that a reader wrote, i.e. not the .L and afuc. labels
 * the assembler and macros make up; a handler's .Lhandler.CP_X label is
 * shown as CP_X), either part alone, or "" when nothing is known.
 * Formats into buf like snprintf; returns the length it needed. */
size_t emu_where(const struct emu *emu, enum emu_proc proc, uint32_t pc, char *buf, size_t size);
/* The source line of proc's pc, of image word index; false when none. */
bool emu_source_line(const struct emu *emu, enum emu_proc proc, uint32_t pc, const char **file,
		     uint32_t *line);
bool emu_line_of_index(const struct emu *emu, uint32_t index, const char **file, uint32_t *line);
/* The label emu_where shows for pc, and how far past it pc is. */
bool emu_label_of(const struct emu *emu, enum emu_proc proc, uint32_t pc, const char **name,
		  uint32_t *offset);
/* Where a label is (its name as written, or as emu_where shows it): the
 * processor whose code holds it (BV and LPAC once started) and its pc. */
bool emu_find_label(const struct emu *emu, const char *name, enum emu_proc *proc, uint32_t *pc);
struct emu_code_place {
	enum emu_proc proc;
	uint32_t pc;
};
/* The first instruction of each run of instructions from file:line
 * (file: the recorded path or a trailing part of it, "cp-handlers.S");
 * fills up to max places, returns how many there are. */
size_t emu_line_pcs(const struct emu *emu, const char *file, uint32_t line,
		    struct emu_code_place *places, size_t max);
/* The source files of the lines known, as recorded; returns the count. */
size_t emu_source_files(const struct emu *emu, const char **files, size_t max);

/* ---- names and disassembly -------------------------------------------- */

/* Name to number in space, for this generation ("CP_MEM_WRITE",
 * "CP_SCRATCH_REG[2]", "NRT_ADDR", "REG_WRITE_ADDR"): false without a
 * database or for an unknown name. PM4 opcodes may also be written
 * UNKNn (n decimal, below 0x80, as afuc-as and Mesa's listings write
 * them), with or without a database. */
bool emu_lookup(const struct emu *emu, enum emu_space space, const char *name, uint64_t *value);
/* For messages about a name emu_lookup did not find: the GPU variant
 * whose names it searched, as the register database calls it ("A6XX"),
 * and up to max names of space nearest to name, best first, into near
 * (valid while emu lives). emu_lookup_near returns how many, or -1 when
 * the emulator has no names of space (no register database). */
const char *emu_variant(const struct emu *emu);
int emu_lookup_near(const struct emu *emu, enum emu_space space, const char *name,
		    const char **near, size_t max);
/* Number to name into buf; false (buf untouched) when unnamed. */
bool emu_name(const struct emu *emu, enum emu_space space, uint64_t value, char *buf, size_t size);
/* Formats the instruction at proc's pc ("mov $01, $data") into buf;
 * returns the length it needed. */
size_t emu_disasm(const struct emu *emu, enum emu_proc proc, uint32_t pc, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
