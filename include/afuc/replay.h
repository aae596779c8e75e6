/* Replaying freedreno captures (.rd, .rd.gz) through the afuc emulator:
 * what a real driver submitted, run through any firmware.
 *
 *   struct emu_replay *r = emu_replay_open("fd-clouds.rd.gz", &error);
 *   for (size_t i = 0; i < emu_replay_count(r); i++) {
 *           emu_replay_push(r, i, emu);      (its buffers, then the kernel's packets)
 *           if (emu_run(emu) != EMU_IDLE) ...
 *           if (!emu_replay_fenced(r, i, emu)) ...   (the kernel's fence came back)
 *   }
 *   emu_replay_close(r);
 *
 * The log functions below keep the packets and writes of a whole replay,
 * format them as afuc-emu --writes does, and compare two of them packet
 * by packet (afuc-emu --diff); emu_replay_run does a whole capture, so
 * that diffing two firmwares is two emu_replay_run and one
 * emu_replay_diff (or, a submission at a time, two emu_replay_run_one
 * interleaved, as afuc-emu --diff does). docs/afuc-emu.md, "Replaying captures",
 * says what the kernel's packets are for each generation. Part of
 * libafuc-emu.a; nothing here does I/O except emu_replay_open reading
 * the capture.
 */
#ifndef AFUC_REPLAY_H
#define AFUC_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "afuc/emu.h"

#ifdef __cplusplus
extern "C" {
#endif

struct emu_replay;

/* Reads a capture (.rd, or gzip-compressed); NULL with a malloc'ed
 * message ("FILE: at byte 0x..: ...") in *error when it is not one. */
struct emu_replay *emu_replay_open(const char *path, char **error);
void emu_replay_close(struct emu_replay *r);

/* Submissions in the capture. */
size_t emu_replay_count(const struct emu_replay *r);
/* The GPU the capture was taken on (630; 0 when it does not say). */
uint32_t emu_replay_gpu_id(const struct emu_replay *r);
/* The capture's buffers and command streams that reach past the GPU
 * address space of gen (48 bits; 49 on a7xx): a malloc'ed note naming
 * the first and counting the rest, or NULL when every one fits. Such a
 * capture replays, but no GPU of gen could have run it. */
char *emu_replay_address_note(const struct emu_replay *r, enum emu_gen gen);
/* What the driver wrote before submission i ("fence=1855"), or "". */
const char *emu_replay_label(const struct emu_replay *r, size_t i);
/* Command streams of submission i, and how many of them are not in the
 * capture's buffers (they are left out of the ring, with a warning). */
size_t emu_replay_streams(const struct emu_replay *r, size_t i);
size_t emu_replay_missing(const struct emu_replay *r, size_t i, uint64_t *first_addr);

/* Puts submission i on emu as the kernel would: writes its captured
 * buffers to GPU memory, then pushes onto the ring the kernel's
 * CP_ME_INIT (the first time for this emu: first says so) and what its
 * a5xx_submit, a6xx_submit or a7xx_submit writes: the page-table switch
 * (CP_SMMU_TABLE_UPDATE) when the submission's context is not the last
 * one's (or first), the stats counters, a CP_INDIRECT_BUFFER_PFE per
 * command stream, the fence (CP_EVENT_WRITE with CACHE_FLUSH_TS or, on
 * a7xx, CACHE_CLEAN), CP_WHERE_AM_I (docs/afuc-emu.md has the list).
 * false (nothing pushed) when a buffer does not fit in the emulator's
 * memory; *error then says why (malloc'ed). */
bool emu_replay_push(struct emu_replay *r, size_t i, struct emu *emu, bool first, char **error);
/* Whether submission i's fence reached memory, as the kernel waits for
 * it: the fence address holds its sequence number (i + 1). */
bool emu_replay_fenced(const struct emu_replay *r, size_t i, const struct emu *emu);
/* Where the fence is written (the kernel's memstore, put above the
 * capture's buffers) and what it should hold. */
uint64_t emu_replay_fence_addr(const struct emu_replay *r);

/* ---- the log of a replay: packets and their writes ---------------------- */

struct emu_replay_packet {
	uint32_t submit; /* 1-based */
	uint32_t header;
	uint8_t level;  /* 0 ring, 1 IB1, ... */
	bool made_up;   /* the model's IN_IB_END at an IB's end */
	uint64_t addr;  /* as in struct emu_packet */
	uint64_t steps; /* instructions the firmware ran for it */
	size_t write_first, write_count;
};

struct emu_replay_log {
	struct emu_replay_packet *packets;
	size_t count, cap;
	struct emu_write *writes; /* GPU register, pipe register, memory writes */
	size_t write_count, write_cap;
};

/* Appends what emu did since the last take (its packet and write logs,
 * without the words a pair's PFP passed to its ME, and without what came
 * before the first packet: the bootstrap), as submission submit, then
 * clears emu's logs. In a pair, what the ME did goes to the packet whose
 * words it was reading, not to the one the PFP was at then. */
void emu_replay_log_take(struct emu_replay_log *log, struct emu *emu, uint32_t submit);
/* As emu_replay_log_take, into an emptied log, but keeping only the last
 * packet (with its writes): what a report of a failure names, in a
 * memory that does not grow with the capture. Returns the packets emu
 * took. */
size_t emu_replay_log_take_last(struct emu_replay_log *log, struct emu *emu, uint32_t submit);
void emu_replay_log_free(struct emu_replay_log *log);

/* A packet's comment line, "# packet S LEVEL ADDR OPCODE" (names from
 * emu's database), into buf; returns the length needed. */
size_t emu_replay_packet_line(const struct emu *emu, const struct emu_replay_packet *p, char *buf,
			      size_t size);
/* A write as an `expect writes` line with numbers and a "# NAME"
 * comment when the database names it: "reg 0x0a00 0x00000001 # NAME". */
size_t emu_replay_write_line(const struct emu *emu, const struct emu_write *w, char *buf,
			     size_t size);

/* What to leave out of a comparison: GPU registers and pipe registers
 * (bit i of the arrays below). */
struct emu_replay_ignore {
	uint8_t gpu[EMU_GPU_REG_COUNT / 8];
	uint8_t pipe[256 / 8];
};

/* Parses an --ignore list: one register per line (a GPU register name
 * or offset, `pipe NAME|NUMBER`, or a range `FIRST..LAST`), text after
 * '#' is the reason. false with a malloc'ed "FILE:LINE:COL: ..." message
 * for a line it cannot read. */
bool emu_replay_ignore_parse(const struct emu *emu, const char *file, const char *text,
			     struct emu_replay_ignore *ignore, char **error);

/* The comparison of two replays of the same capture. */
struct emu_replay_diff {
	size_t agree, total; /* packets whose writes agree, of all packets */
	size_t *differ;      /* packet indices (in both logs) that differ, in order */
	size_t differ_count, differ_cap;
	/* Where the two took different packets (a firmware that skipped or
	 * read a packet the other did not): the index of the first such
	 * packet, or (size_t)-1. Packets from there on count as differing. */
	size_t diverge;
};

/* Compares a and b packet by packet: their GPU register, pipe register
 * and memory writes, in order, less what ignore names (may be NULL). */
void emu_replay_diff(const struct emu_replay_log *a, const struct emu_replay_log *b,
		     const struct emu_replay_ignore *ignore, struct emu_replay_diff *diff);
void emu_replay_diff_free(struct emu_replay_diff *diff);
/* The two steps of emu_replay_diff for one pair of packets, for a
 * caller that compares a submission at a time: whether pa and pb are the
 * same packet of the capture (where the firmwares did not diverge), and
 * whether their writes agree. */
bool emu_replay_same_packet(const struct emu_replay_packet *pa, const struct emu_replay_packet *pb);
bool emu_replay_packets_agree(const struct emu_replay_log *a, const struct emu_replay_packet *pa,
			      const struct emu_replay_log *b, const struct emu_replay_packet *pb,
			      const struct emu_replay_ignore *ignore);
/* Whether write w counts for a comparison under ignore. */
bool emu_replay_counts(const struct emu_write *w, const struct emu_replay_ignore *ignore);

/* ---- a whole capture through one firmware ------------------------------ */

/* How one submission of emu_replay_run went. */
struct emu_replay_step {
	size_t index;           /* the submission, 0-based */
	struct emu *emu;        /* the emulator that ran it */
	const char *push_error; /* not NULL: it could not be pushed, and did not run */
	enum emu_status status; /* how its run ended */
	bool fenced;            /* idle, and the kernel's fence came back */
	size_t packets;         /* packets it took (the last of the log's) */
	uint64_t steps;         /* instructions it ran */
	size_t missing;         /* command streams not in the capture */
	uint64_t missing_addr;  /* the first of them */
};

struct emu_replay_run {
	/* The firmware: a file's bytes, or an a5xx pair's PFP and ME
	 * (image[1] not NULL), and the emulators' configuration. */
	const uint8_t *image[2];
	size_t image_len[2];
	struct emu_config config;
	/* Keep every submission's packets and writes in log (for a write
	 * log, a diff, statistics); false: log holds the last submission's
	 * alone, and memory does not grow with the capture. */
	bool keep_log;
	/* Without keep_log: log holds the whole last submission (every
	 * packet and write), emptied before the next, for a caller that
	 * streams it from the submitted hook (a write log as the run goes,
	 * a diff a submission at a time) in memory that does not grow. */
	bool log_each;
	/* Optional hooks, all given ctx. prepare: an emulator just loaded
	 * (labels, a trace); before_run: before each run, false stops the
	 * replay; after_run: after each run, true runs again (a debugger
	 * resuming); submitted: each submission as it ends; retire: each
	 * emulator the replay is done with (coverage), the last included. */
	void (*prepare)(void *ctx, struct emu *emu);
	bool (*before_run)(void *ctx, struct emu *emu);
	bool (*after_run)(void *ctx, struct emu *emu, enum emu_status status);
	void (*submitted)(void *ctx, const struct emu_replay_run *run,
			  const struct emu_replay_step *step);
	void (*retire)(void *ctx, struct emu *emu);
	void *ctx;

	/* What the run made (emu_replay_run_free frees it): the log (of
	 * every submission with keep_log), the instructions run, and the last emulator
	 * (for names and the packet table; NULL if none booted). */
	struct emu_replay_log log;
	uint64_t steps;
	struct emu *emu;
	char *error; /* why it stopped early (an image that did not load) */
	/* private to emu_replay_run_one: the emulator in use, and whether
	 * it has yet to take its first submission */
	struct emu *current;
	bool fresh;
};

/* Replays every submission of r through run's firmware as the kernel
 * would, an emulator at a time: a run that ends in an error leaves its
 * emulator (stopped) and the next submission boots a fresh one. It ends
 * early when before_run says so or a run stays stopped (EMU_STOPPED: the
 * debugger's user quit). False, with run->error, when an emulator could
 * not be made. */
bool emu_replay_run(struct emu_replay *r, struct emu_replay_run *run);
void emu_replay_run_free(struct emu_replay_run *run);
/* emu_replay_run a submission at a time, for a caller that interleaves
 * two runs (afuc-emu --diff: side A's submission i, then side B's, in
 * memory that does not grow): emu_replay_run_one for i = 0, 1, ... in
 * order, then emu_replay_run_end (retires the last emulator). False when
 * the replay ends at i: run->error set, or the hooks stopped it. */
bool emu_replay_run_one(struct emu_replay *r, struct emu_replay_run *run, size_t i);
void emu_replay_run_end(struct emu_replay_run *run);

/* The log as afuc-emu --writes writes it: each packet's line, then its
 * writes' (emu for names). Malloc'ed. */
char *emu_replay_log_text(const struct emu_replay_log *log, const struct emu *emu);

#ifdef __cplusplus
}
#endif

#endif
