/* Replaying captures (include/afuc/replay.h) and the GPU model behind
 * the CP: small captures written here, section by section, run through
 * the SDK's own a6xx firmware (build/firmware/a6xx/sqe.fw), so that
 * every figure below is known from the capture itself. Real captures
 * and vendor images are tests/emu/replay.sh's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "afuc/replay.h"
#include "afuc/tap.h"
#include "rd/rd.h"
#include "util/util.h"

/* ---- writing captures ---- */

static char *save(const struct rd_out *c, const char *name, bool gzip)
{
	const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char *path = util_xasprintf("%s/test-replay-%ld-%s", dir, (long)getpid(), name);
	if (gzip) {
		gzFile f = gzopen(path, "wb");
		gzwrite(f, c->bytes, (unsigned)c->len);
		gzclose(f);
	} else {
		util_write_file(path, c->bytes, c->len);
	}
	return path;
}

/* PM4 words for the streams (the kernel's parity, as emu.h builds it) */
#define PKT7(op, n) emu_pkt7_header((op), (n))
enum {
	CP_MEM_WRITE = 0x3d,
	CP_EVENT_WRITE = 0x46,
	CP_WAIT_REG_MEM = 0x3c,
	CACHE_FLUSH_TS = 4,
	WAIT_EQ_MEMORY = 3 | 1 << 4, /* FUNCTION = EQ, POLL = memory */
};

#define IB 0x10000u
#define DATA 0x20000u
#define FENCE 0x30000u

/* IB: a memory write, a timestamp event writing 7 at FENCE, and a wait
 * for FENCE == want, which the event makes true when want is 7. */
static struct rd_out one_submission(uint32_t want)
{
	uint32_t ib[] = {
		PKT7(CP_MEM_WRITE, 3),
		DATA,
		0,
		0xabc,
		PKT7(CP_EVENT_WRITE, 4),
		CACHE_FLUSH_TS,
		FENCE,
		0,
		7,
		PKT7(CP_WAIT_REG_MEM, 6),
		WAIT_EQ_MEMORY,
		FENCE,
		0,
		want,
		0xffffffff,
		16,
	};
	struct rd_out c = {0};
	rd_out_section(&c, RD_GPU_ID, (uint32_t[]){630}, 1);
	rd_out_section(&c, RD_CMD, (uint32_t[]){0x636e6566, 0x313d65}, 2); /* "fence=1" */
	rd_out_buffer(&c, IB, ib, UTIL_ARRAY_SIZE(ib));
	rd_out_stream(&c, IB, UTIL_ARRAY_SIZE(ib));
	return c;
}

static uint8_t *sdk_firmware(size_t *len)
{
	const char *build = getenv("SDK_BUILD");
	char *path = util_xasprintf("%s/firmware/a6xx/sqe.fw", build && *build ? build : "build");
	uint8_t *data = NULL;
	int err = util_read_file_max(path, 1u << 24, &data, len);
	free(path);
	return err ? NULL : data;
}

static struct emu *boot(const uint8_t *fw, size_t len)
{
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX}, NULL);
	if (!emu_load_image_bytes(emu, fw, len)) {
		fprintf(stderr, "%s\n", emu_error(emu));
		exit(1);
	}
	return emu;
}

static void test_replay(struct tap *t, const uint8_t *fw, size_t len)
{
	struct rd_out c = one_submission(7);
	char *path = save(&c, "one.rd.gz", true);
	char *error = NULL;
	struct emu_replay *r = emu_replay_open(path, &error);
	tap_ok(t, r != NULL, "a gzip-compressed capture opens: %s", error ? error : "");
	if (!r)
		return;
	tap_is_int(t, (long long)emu_replay_count(r), 1, "one submission");
	tap_is_int(t, emu_replay_gpu_id(r), 630, "its GPU");
	tap_is_str(t, emu_replay_label(r, 0), "fence=1", "its label, the CMD text before it");

	struct emu *emu = boot(fw, len);
	tap_ok(t, emu_replay_push(r, 0, emu, true, NULL), "the submission is pushed");
	enum emu_status st = emu_run(emu);
	tap_is_int(t, st, EMU_IDLE, "it runs to idle: the event wrote what the wait waits for (%s)",
		   emu_error(emu));
	tap_is_hex(t, emu_mem_read32(emu, DATA), 0xabc, "its buffer ran: CP_MEM_WRITE wrote");
	tap_is_hex(t, emu_mem_read32(emu, FENCE), 7,
		   "CACHE_FLUSH_TS wrote its value at its address");
	tap_ok(t, emu_replay_fenced(r, 0, emu), "the kernel's fence came back (0x%x at 0x%llx)",
	       emu_mem_read32(emu, emu_replay_fence_addr(r)),
	       (unsigned long long)emu_replay_fence_addr(r));
	tap_ok(t, emu_replay_fence_addr(r) >= IB + 0x1000,
	       "the fence lies above the capture's buffers");

	/* the packet log: the kernel's packets in the ring, the IB's in IB1 */
	struct emu_replay_log log = {0};
	emu_replay_log_take(&log, emu, 1);
	tap_is_int(t, (long long)emu_packet_count(emu), 0, "taking the log clears the emulator's");
	size_t ib_first = 0;
	while (ib_first < log.count && log.packets[ib_first].level == 0)
		ib_first++;
	tap_ok(t, ib_first >= 2 && ib_first < log.count,
	       "CP_ME_INIT and the rest of the kernel's packets come first, from the ring (%zu)",
	       ib_first);
	tap_is_hex(t, log.packets[0].header >> 16 & 0x7f, 0x48, "the first is CP_ME_INIT");
	tap_is_hex(t, log.packets[0].addr, 0, "at the ring's start");
	if (ib_first + 2 < log.count) {
		const struct emu_replay_packet *p = &log.packets[ib_first];
		tap_is_hex(t, p->addr, IB, "the IB's first packet is at the IB's address");
		tap_is_hex(t, p->header, PKT7(CP_MEM_WRITE, 3), "and is CP_MEM_WRITE");
		tap_is_hex(t, log.packets[ib_first + 1].addr, IB + 16, "the next 4 words on");
		tap_is_hex(t, log.packets[ib_first + 2].addr, IB + 36, "and the wait 5 words on");
		bool mem = false;
		for (size_t w = p->write_first; w < p->write_first + p->write_count; w++)
			mem |= log.writes[w].kind == EMU_WRITE_MEM && log.writes[w].addr == DATA &&
			       log.writes[w].value == 0xabc;
		tap_ok(t, mem, "CP_MEM_WRITE's packet holds its memory write");
		char line[160];
		emu_replay_packet_line(emu, p, line, sizeof line);
		/* no register database here: the opcode as afuc-as writes it */
		tap_is_str(t, line, "# packet 1 IB1 0x10000 UNKN61", "its --writes line");
	} else {
		tap_skip(t, 6, "the IB's packets are missing");
	}

	/* the same replay through the same firmware agrees with itself */
	struct emu *again = boot(fw, len);
	emu_replay_push(r, 0, again, true, NULL);
	emu_run(again);
	struct emu_replay_log log2 = {0};
	emu_replay_log_take(&log2, again, 1);
	struct emu_replay_diff d;
	emu_replay_diff(&log, &log2, NULL, &d);
	tap_ok(t, d.agree == d.total && d.total == log.count && d.diverge == (size_t)-1,
	       "two replays through one firmware agree on every packet (%zu of %zu)", d.agree,
	       d.total);
	emu_replay_diff_free(&d);
	/* one value changed: that packet, and only it, differs */
	for (size_t w = 0; w < log2.write_count; w++)
		if (log2.writes[w].kind == EMU_WRITE_MEM && log2.writes[w].addr == DATA)
			log2.writes[w].value = 0xabd;
	emu_replay_diff(&log, &log2, NULL, &d);
	tap_ok(t, d.differ_count == 1 && d.differ[0] == ib_first && d.agree == d.total - 1,
	       "a changed memory write makes its packet differ (%zu differ)", d.differ_count);
	emu_replay_diff_free(&d);
	emu_replay_log_free(&log2);

	emu_free(again);
	emu_free(emu);
	emu_replay_log_free(&log);
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);
}

static void test_stall(struct tap *t, const uint8_t *fw, size_t len)
{
	struct rd_out c = one_submission(8); /* the event writes 7: never 8 */
	char *path = save(&c, "stall.rd", false);
	struct emu_replay *r = emu_replay_open(path, NULL);
	struct emu *emu = boot(fw, len);
	emu_replay_push(r, 0, emu, true, NULL);
	tap_is_int(t, emu_run(emu), EMU_ERROR, "a wait that never comes true stops the run");
	tap_is_str(t, emu_error_kind_name(emu_error_kind(emu)), "wait", "as a wait error");
	tap_ok(t,
	       strstr(emu_error(emu), "wait never satisfied: opcode 0x3c (header 0x70bc8006, "
				      "IB1 0x10024) ran 1000000 instructions") != NULL &&
		       strstr(emu_error(emu), "last read memory 0x30000, which holds 0x00000007"),
	       "naming the packet, where it is and what it polled: %s", emu_error(emu));
	tap_ok(t, emu_last_steps(emu) < EMU_DEFAULT_STEP_LIMIT / 2,
	       "long before the step limit (%llu instructions)",
	       (unsigned long long)emu_last_steps(emu));
	emu_free(emu);

	/* a lower limit stops it sooner */
	emu = boot(fw, len);
	emu_set_stall_limit(emu, 5000);
	emu_replay_push(r, 0, emu, true, NULL);
	emu_run(emu);
	tap_ok(t, emu_error_kind(emu) == EMU_ERR_WAIT && emu_last_steps(emu) < 20000,
	       "emu_set_stall_limit sets how long (%llu instructions)",
	       (unsigned long long)emu_last_steps(emu));
	emu_free(emu);
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);
}

/* emu_replay_run: a whole capture through a firmware in one call, its
 * hooks called per emulator and per submission; two of them diffed. */
struct run_seen {
	size_t prepared, submitted, fenced, retired;
};

static void seen_prepare(void *ctx, struct emu *emu)
{
	(void)emu;
	((struct run_seen *)ctx)->prepared++;
}

static void seen_submitted(void *ctx, const struct emu_replay_run *run,
			   const struct emu_replay_step *step)
{
	(void)run;
	struct run_seen *seen = ctx;
	seen->submitted++;
	seen->fenced += step->fenced;
}

static void seen_retire(void *ctx, struct emu *emu)
{
	(void)emu;
	((struct run_seen *)ctx)->retired++;
}

static void test_run(struct tap *t, const uint8_t *fw, size_t len)
{
	struct rd_out c = one_submission(7);
	char *path = save(&c, "run.rd", false);
	struct emu_replay *r = emu_replay_open(path, NULL);
	struct run_seen seen[2] = {{0}};
	struct emu_replay_run runs[2];
	for (int k = 0; k < 2; k++) {
		runs[k] = (struct emu_replay_run){
			.image = {fw, NULL},
			.image_len = {len, 0},
			.config = {.gen = EMU_A6XX},
			.keep_log = true,
			.prepare = seen_prepare,
			.submitted = seen_submitted,
			.retire = seen_retire,
			.ctx = &seen[k],
		};
		tap_ok(t, emu_replay_run(r, &runs[k]), "emu_replay_run %d replays the capture", k);
	}
	tap_ok(t,
	       seen[0].prepared == 1 && seen[0].submitted == 1 && seen[0].fenced == 1 &&
		       seen[0].retired == 1,
	       "one emulator prepared and retired, one submission fenced");
	tap_ok(t, runs[0].emu && runs[0].log.count > 0 && runs[0].steps > 0,
	       "the run keeps its log (%zu packets), steps and last emulator", runs[0].log.count);
	char *text = emu_replay_log_text(&runs[0].log, runs[0].emu);
	tap_ok(t, strncmp(text, "# packet 1 ring ", 16) == 0 && strstr(text, "\nmem 0x"),
	       "its --writes text starts with the first packet and has its memory writes");
	free(text);
	struct emu_replay_diff d;
	emu_replay_diff(&runs[0].log, &runs[1].log, NULL, &d);
	tap_ok(t, d.agree == d.total && d.total == runs[0].log.count && d.differ_count == 0,
	       "one firmware twice: every packet agrees (%zu of %zu)", d.agree, d.total);
	emu_replay_diff_free(&d);
	for (int k = 0; k < 2; k++)
		emu_replay_run_free(&runs[k]);

	struct emu_replay_run bad = {
		.image = {fw, NULL},
		.image_len = {len - 1, 0},
		.config = {.gen = EMU_A6XX},
	};
	bool ran = emu_replay_run(r, &bad);
	tap_ok(t, !ran && bad.error && strstr(bad.error, "whole number"),
	       "an image that does not load stops it with why: %s", bad.error ? bad.error : "");
	emu_replay_run_free(&bad);
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);
}

/* A buffer at the top of the address space leaves the kernel's fence
 * where it always is, rather than wrapping it to 0. */
static void test_top_buffer(struct tap *t, const uint8_t *fw, size_t len)
{
	struct rd_out c = one_submission(7);
	uint32_t high[0x600] = {0};
	rd_out_buffer(&c, 0xffffffffffffe000ull, high, UTIL_ARRAY_SIZE(high));
	char *path = save(&c, "top.rd", false);
	char *error = NULL;
	struct emu_replay *r = emu_replay_open(path, &error);
	tap_ok(t, r != NULL, "a buffer ending 0x800 bytes below the top opens: %s",
	       error ? error : "");
	if (r) {
		tap_is_hex(t, emu_replay_fence_addr(r), 0x7ffff00000ull,
			   "the fence stays at its place, not wrapped to 0");
		struct emu *emu = boot(fw, len);
		emu_replay_push(r, 0, emu, true, NULL);
		enum emu_status st = emu_run(emu);
		tap_ok(t, st == EMU_IDLE && emu_replay_fenced(r, 0, emu), "and the replay fences");
		emu_free(emu);
		emu_replay_close(r);
	}
	free(error);
	remove(path);
	free(path);
	free(c.bytes);
}

/* A capture that is not one fails with where and why. */
static void expect_error(struct tap *t, const struct rd_out *c, bool gzip, const char *want,
			 const char *what)
{
	char *path = save(c, "bad.rd", gzip);
	char *error = NULL;
	struct emu_replay *r = emu_replay_open(path, &error);
	tap_ok(t, !r && error && strstr(error, want) && strstr(error, path), "%s: %s", what,
	       error ? error : "(opened)");
	emu_replay_close(r);
	free(error);
	remove(path);
	free(path);
}

static void test_bad_captures(struct tap *t)
{
	struct rd_out c = {0};
	expect_error(t, &c, false, "empty: not a freedreno capture", "an empty file");
	rd_out_word(&c, 3);
	rd_out_word(&c, 12);
	rd_out_word(&c, 0x1000);
	expect_error(t, &c, false, "at byte 0x0: section of type 3 claims 12 bytes, but only 4",
		     "a truncated section");
	free(c.bytes);
	c = (struct rd_out){0};
	rd_out_section(&c, RD_BUFFER_CONTENTS, (uint32_t[]){1, 2}, 2);
	expect_error(t, &c, false, "BUFFER_CONTENTS without a GPUADDR", "contents of no buffer");
	free(c.bytes);
	c = (struct rd_out){0};
	rd_out_section(&c, RD_GPU_ID, (uint32_t[]){630}, 1);
	expect_error(t, &c, false, "no submission", "a capture without a submission");
	rd_out_word(&c, 1);
	expect_error(t, &c, false, "truncated section header", "a stray word at the end");
	free(c.bytes);
	/* gzip data cut short */
	c = one_submission(7);
	char *path = save(&c, "cut.rd.gz", true);
	uint8_t *gz;
	size_t gzlen;
	util_read_file_max(path, 1u << 20, &gz, &gzlen);
	remove(path);
	free(path);
	struct rd_out cut = {.bytes = gz, .len = gzlen / 2};
	path = save(&cut, "cut.rd", false);
	char *error = NULL;
	struct emu_replay *r = emu_replay_open(path, &error);
	tap_ok(t, !r && error && strstr(error, "damaged or truncated xz, zstd or gzip data"),
	       "gzip data cut in half: %s", error ? error : "(opened)");
	free(error);
	remove(path);
	free(path);
	free(gz);
	free(c.bytes);
	/* the pair of 0xffffffff words older captures have between sections */
	c = one_submission(7);
	struct rd_out old = {0};
	rd_out_word(&old, 0xffffffff);
	rd_out_word(&old, 0xffffffff);
	for (size_t i = 0; i < c.len; i++)
		*UTIL_PUSH(old.bytes, old.len, old.cap) = c.bytes[i];
	path = save(&old, "old.rd", false);
	r = emu_replay_open(path, &error);
	tap_ok(t, r && emu_replay_count(r) == 1, "0xffffffff pairs between sections are skipped");
	emu_replay_close(r);
	remove(path);
	free(path);
	free(old.bytes);
	free(c.bytes);
}

/* A command stream whose memory the capture does not hold is left out
 * and counted; a GPUADDR after a CMDSTREAM_ADDR starts a submission. */
static void test_submissions(struct tap *t)
{
	uint32_t ib[] = {PKT7(CP_MEM_WRITE, 3), DATA, 0, 1};
	struct rd_out c = {0};
	rd_out_buffer(&c, IB, ib, 4);
	rd_out_stream(&c, IB, 4);
	rd_out_stream(&c, 0x50000, 10); /* not captured */
	rd_out_buffer(&c, IB, ib, 4);
	rd_out_stream(&c, IB, 4);
	char *path = save(&c, "two.rd", false);
	struct emu_replay *r = emu_replay_open(path, NULL);
	tap_is_int(t, r ? (long long)emu_replay_count(r) : -1, 2, "two submissions");
	uint64_t first = 0;
	tap_is_int(t, r ? (long long)emu_replay_missing(r, 0, &first) : -1, 1,
		   "the first has a stream the capture lacks");
	tap_is_hex(t, first, 0x50000, "named by its address");
	tap_is_int(t, r ? (long long)emu_replay_missing(r, 1, NULL) : -1, 0,
		   "the second lacks nothing");
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);
}

/* emu_replay_run keeps the whole log only when asked (keep_log). */
static void count_packets(void *ctx, const struct emu_replay_run *run,
			  const struct emu_replay_step *step)
{
	(void)run;
	*(size_t *)ctx += step->packets;
}

/* A capture of subs submissions, each an IB of one CP_MEM_WRITE. */
static struct rd_out mem_writes(int subs)
{
	uint32_t ib[] = {PKT7(CP_MEM_WRITE, 3), DATA, 0, 1};
	struct rd_out c = {0};
	for (int k = 0; k < subs; k++) {
		rd_out_buffer(&c, IB, ib, 4);
		rd_out_stream(&c, IB, 4);
	}
	return c;
}

static void test_log_kept(struct tap *t, const uint8_t *fw, size_t len)
{
	struct rd_out c = mem_writes(2);
	char *path = save(&c, "kept.rd", false);
	struct emu_replay *r = emu_replay_open(path, NULL);
	for (int keep = 0; r && keep < 3; keep++) {
		size_t packets = 0;
		struct emu_replay_run run = {
			.image = {fw, NULL},
			.image_len = {len, 0},
			.config = {.gen = EMU_A6XX},
			.keep_log = keep == 1,
			.log_each = keep == 2,
			.submitted = count_packets,
			.ctx = &packets,
		};
		emu_replay_run(r, &run);
		size_t last = run.log.count ? run.log.packets[run.log.count - 1].submit : 0;
		if (keep == 1)
			tap_ok(t, run.log.count == packets && run.log.packets[0].submit == 1,
			       "keep_log: both submissions' packets in the log (%zu)", packets);
		else if (keep == 2)
			tap_ok(t,
			       run.log.count > 1 && run.log.count < packets &&
				       run.log.packets[0].submit == 2 && last == 2,
			       "log_each: the last submission's packets alone (%zu of %zu)",
			       run.log.count, packets);
		else
			tap_ok(t, run.log.count == 1 && last == 2,
			       "without keep_log: the last packet alone (%zu of %zu)",
			       run.log.count, packets);
		emu_replay_run_free(&run);
	}
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);
}

/* emu_replay_run_one: two runs interleaved a submission at a time, as
 * afuc-emu --diff does, compare as the whole logs do; each log holds the
 * submission just run. */
static void test_run_one(struct tap *t, const uint8_t *fw, size_t len)
{
	struct rd_out c = mem_writes(3);
	char *path = save(&c, "one.rd", false);
	struct emu_replay *r = emu_replay_open(path, NULL);
	struct emu_replay_run runs[3];
	for (int k = 0; k < 3; k++)
		runs[k] = (struct emu_replay_run){
			.image = {fw, NULL},
			.image_len = {len, 0},
			.config = {.gen = EMU_A6XX},
			.keep_log = k == 2,
			.log_each = k < 2,
		};
	size_t agree = 0, total = 0, own = 0, subs = r ? emu_replay_count(r) : 0;
	bool ran = r != NULL, changed = false;
	for (size_t i = 0; i < subs && ran; i++) {
		for (int k = 0; k < 2; k++)
			ran = ran && emu_replay_run_one(r, &runs[k], i);
		const struct emu_replay_log *a = &runs[0].log, *b = &runs[1].log;
		for (size_t p = 0; ran && p < a->count && p < b->count; p++) {
			own += a->packets[p].submit == i + 1;
			total++;
			agree += emu_replay_same_packet(&a->packets[p], &b->packets[p]) &&
				 emu_replay_packets_agree(a, &a->packets[p], b, &b->packets[p],
							  NULL);
		}
		/* one write changed, or the packet another: no longer agree */
		if (ran && b->count && b->packets[0].write_count && !changed) {
			struct emu_replay_packet pb = b->packets[0];
			b->writes[pb.write_first].value ^= 1;
			changed = !emu_replay_packets_agree(a, &a->packets[0], b, &pb, NULL);
			b->writes[pb.write_first].value ^= 1;
			pb.addr += 4;
			changed = changed && !emu_replay_same_packet(&a->packets[0], &pb);
		}
	}
	for (int k = 0; k < 2; k++)
		emu_replay_run_end(&runs[k]);
	tap_ok(t, ran && subs == 3 && runs[0].emu && runs[0].steps > 0,
	       "emu_replay_run_one runs each submission (%zu), then emu_replay_run_end retires",
	       subs);
	tap_ok(t, r && emu_replay_run(r, &runs[2]), "and emu_replay_run the whole capture");
	tap_ok(t, total > 0 && own == total && total == runs[2].log.count && agree == total,
	       "each log holds its submission alone; compared a submission at a time, every "
	       "packet agrees, as many as the whole log holds (%zu of %zu)",
	       agree, runs[2].log.count);
	tap_ok(t, changed,
	       "a write changed: the packets do not agree; another address: not the same packet");
	for (int k = 0; k < 3; k++)
		emu_replay_run_free(&runs[k]);
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);
}

/* An uncompressed capture is read a submission at a time: each
 * submission's buffers come from the file when it is pushed, so two
 * submissions with other words at the same address each run their own;
 * a file cut short after it was opened is an error at the push. */
static void test_streamed(struct tap *t, const uint8_t *fw, size_t len)
{
	struct rd_out c = {0};
	for (uint32_t k = 1; k <= 2; k++) {
		uint32_t ib[] = {PKT7(CP_MEM_WRITE, 3), DATA, 0, 0x100 + k};
		rd_out_buffer(&c, IB, ib, 4);
		rd_out_stream(&c, IB, 4);
	}
	rd_out_buffer(&c, DATA + 0x100, NULL, 0); /* captured, but empty */
	uint32_t ib3[] = {PKT7(CP_MEM_WRITE, 3), DATA, 0, 0x103};
	rd_out_buffer(&c, IB, ib3, 4);
	rd_out_stream(&c, IB, 4);
	char *path = save(&c, "streamed.rd", false);

	/* a first submission whose only buffer is empty reads nothing;
	 * empty sections are bodies of no bytes, not NULL */
	struct rd_out empty = {0};
	rd_out_section(&empty, RD_CMD, NULL, 0); /* an empty label, too */
	rd_out_buffer(&empty, DATA, NULL, 0);
	rd_out_stream(&empty, DATA, 4);
	char *empty_path = save(&empty, "empty.rd", false);
	struct emu_replay *er = emu_replay_open(empty_path, NULL);
	struct emu *ee = boot(fw, len);
	tap_ok(t, er && emu_replay_push(er, 0, ee, true, NULL) && emu_run(ee) == EMU_IDLE,
	       "a submission whose buffers are all empty runs: %s", emu_error(ee));
	emu_free(ee);
	emu_replay_close(er);
	remove(empty_path);
	free(empty_path);
	free(empty.bytes);

	char *error = NULL;
	struct emu_replay *r = emu_replay_open(path, &error);
	tap_ok(t, r != NULL, "an uncompressed capture opens: %s", error ? error : "");
	if (!r)
		return;
	struct emu *emu = boot(fw, len);
	for (size_t i = 0; i < 2; i++) {
		bool pushed = emu_replay_push(r, i, emu, i == 0, NULL);
		tap_ok(t, pushed && emu_run(emu) == EMU_IDLE, "submission %zu runs: %s", i + 1,
		       emu_error(emu));
		tap_is_hex(t, emu_mem_read32(emu, DATA), 0x101 + i, "with its own buffer's words");
	}
	tap_ok(t, emu_replay_push(r, 2, emu, false, NULL) && emu_run(emu) == EMU_IDLE,
	       "a submission with an empty buffer runs: %s", emu_error(emu));
	tap_is_hex(t, emu_mem_read32(emu, DATA), 0x103, "with its own words");
	/* cut the file inside the last submission's IB (its stream section
	 * is the last 20 bytes) */
	tap_ok(t, truncate(path, (off_t)c.len - 28) == 0, "the file is cut");
	tap_ok(t, !emu_replay_push(r, 2, emu, false, &error), "a file cut short since: not pushed");
	tap_ok(t,
	       error && strstr(error, "submission 3: ") &&
		       strstr(error, "streamed.rd: at byte 0x") &&
		       strstr(error, "cannot read the buffer's contents"),
	       "the error names the submission, the file and where: %s", error ? error : "");
	free(error);
	emu_free(emu);
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);
}

/* The other event models: CP_EVENT_WRITE's TIMESTAMP flag (the model's
 * 64-bit clock, which counts timestamp events), an event without an
 * address, and the a5xx ME's events through GPU registers 0x813-0x816. */
static void test_events(struct tap *t, const uint8_t *fw, size_t len)
{
	uint32_t ib[] = {
		PKT7(CP_EVENT_WRITE, 1),
		0x31, /* no address */
		PKT7(CP_EVENT_WRITE, 4),
		CACHE_FLUSH_TS | 1u << 30,
		0x38000,
		0,
		0x55, /* TIMESTAMP */
	};
	struct rd_out c = {0};
	rd_out_buffer(&c, IB, ib, UTIL_ARRAY_SIZE(ib));
	rd_out_stream(&c, IB, UTIL_ARRAY_SIZE(ib));
	char *path = save(&c, "events.rd", false);
	struct emu_replay *r = emu_replay_open(path, NULL);
	struct emu *emu = boot(fw, len);
	emu_mem_write32(emu, 0x38000, 0xdead);
	emu_mem_write32(emu, 0x38004, 0xdead);
	emu_replay_push(r, 0, emu, true, NULL);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "events run (%s)", emu_error(emu));
	tap_is_hex(t, emu_mem_read32(emu, 0x38000), 1,
		   "TIMESTAMP writes the clock, not the value: the first timestamp event");
	tap_is_hex(t, emu_mem_read32(emu, 0x38004), 0, "as 64 bits");
	tap_ok(t, emu_replay_fenced(r, 0, emu), "the fence after it");
	emu_free(emu);
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);

	/* a5xx: the SDK's PFP and ME, the ME's event through 0x813-0x816 */
	const char *build = getenv("SDK_BUILD");
	char *pfp_path = util_xasprintf("%s/firmware/a5xx/pfp.fw",
					build && *build ? build : "build");
	char *me_path = util_xasprintf("%s/firmware/a5xx/me.fw", build && *build ? build : "build");
	uint8_t *pfp = NULL, *me = NULL;
	size_t pfp_len = 0, me_len = 0;
	util_read_file_max(pfp_path, 1u << 24, &pfp, &pfp_len);
	util_read_file_max(me_path, 1u << 24, &me, &me_len);
	c = one_submission(7);
	path = save(&c, "a5xx.rd", false);
	r = emu_replay_open(path, NULL);
	emu = emu_new(&(struct emu_config){.gen = EMU_A5XX}, NULL);
	bool loaded = pfp && me && emu_load_pair_bytes(emu, pfp, pfp_len, me, me_len);
	tap_ok(t, loaded, "the SDK's a5xx pair loads (%s)", emu_error(emu));
	emu_replay_push(r, 0, emu, true, NULL);
	tap_is_int(t, emu_run(emu), EMU_IDLE, "an a5xx pair runs the capture (%s)", emu_error(emu));
	tap_is_hex(t, emu_mem_read32(emu, FENCE), 7, "the ME's CACHE_FLUSH_TS wrote its value");
	tap_ok(t, emu_replay_fenced(r, 0, emu), "and the kernel's fence");
	emu_free(emu);
	emu_replay_close(r);
	remove(path);
	free(path);
	free(c.bytes);
	free(pfp);
	free(me);
	free(pfp_path);
	free(me_path);
}

static void test_ignore(struct tap *t)
{
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX}, NULL);
	struct emu_replay_ignore ig;
	char *error = NULL;
	tap_ok(t,
	       emu_replay_ignore_parse(emu, "x.ignore",
				       "# why\n0x100   # a register\n0x200..0x20f\npipe 0xe7\n\n",
				       &ig, &error),
	       "an ignore list parses");
	struct emu_write w = {.kind = EMU_WRITE_GPU, .addr = 0x100};
	tap_ok(t, !emu_replay_counts(&w, &ig), "a listed register is left out");
	w.addr = 0x20f;
	tap_ok(t, !emu_replay_counts(&w, &ig), "so is the end of a range");
	w.addr = 0x210;
	tap_ok(t, emu_replay_counts(&w, &ig), "not what follows it");
	w = (struct emu_write){.kind = EMU_WRITE_PIPE, .addr = 0xe7};
	tap_ok(t, !emu_replay_counts(&w, &ig), "a listed pipe register is left out");
	w = (struct emu_write){.kind = EMU_WRITE_MEM, .addr = 0x100};
	tap_ok(t, emu_replay_counts(&w, &ig), "memory always counts");
	tap_ok(t,
	       !emu_replay_ignore_parse(emu, "x.ignore", "0x100\nNO_SUCH_REG # x\n", &ig, &error) &&
		       error &&
		       !strcmp(error, "x.ignore:2:1: error: expected a GPU register name "
				      "or offset, found 'NO_SUCH_REG '"),
	       "an unknown name is an error at its line and column: %s", error ? error : "");
	free(error);
	error = NULL;
	tap_ok(t,
	       !emu_replay_ignore_parse(emu, "x.ignore", "0x40000\n", &ig, &error) && error &&
		       strstr(error, "x.ignore:1:1: error: expected a register inside its space"),
	       "a register past the space is an error: %s", error ? error : "");
	free(error);
	emu_free(emu);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	size_t len;
	uint8_t *fw = sdk_firmware(&len);
	if (!fw) {
		tap_bail_out(&t, "build/firmware/a6xx/sqe.fw is not built (run make)");
		return tap_done_testing(&t);
	}
	test_replay(&t, fw, len);
	test_stall(&t, fw, len);
	test_run(&t, fw, len);
	test_top_buffer(&t, fw, len);
	test_log_kept(&t, fw, len);
	test_run_one(&t, fw, len);
	test_streamed(&t, fw, len);
	test_bad_captures(&t);
	test_submissions(&t);
	test_events(&t, fw, len);
	test_ignore(&t);
	free(fw);
	return tap_done_testing(&t);
}
