/* One board's SDK script against nouveau's builder: the script compiled
 * by the SDK and nouveau's bytes (from the model in nvmodel.c), both run
 * on the HWSQ emulator, and what each did, event by event. Shared by the
 * test (test_nouveau.c) and the size/time table (bench_nouveau.c). */
#ifndef TESTS_HWSQ_NVCOMPARE_H
#define TESTS_HWSQ_NVCOMPARE_H

#include "hwsq/hwsq.h"
#include "nvmodel.h"

#define NVC_EVENTS_MAX 256

enum nvc_kind { NVC_WRITE, NVC_FLAG, NVC_WAIT };

/* A write (a: address, b: value), a flag change (a: flag, b: as nouveau's
 * setf takes it: -1 unset, 0 override to 1, 1 override to 0) or an event
 * wait (a: event, b: value). */
struct nvc_event {
	enum nvc_kind kind;
	uint32_t a;
	int64_t b;
	uint64_t time_ns; /* when it ran (runs) */
	uint64_t done_ns; /* when the next instruction started: after an event wait */
	bool done;
	uint64_t asked_ns; /* nouveau's delays asked since the previous one (model) */
};

struct nvc_events {
	struct nvc_event ev[NVC_EVENTS_MAX];
	size_t count;
	bool overflow;
	uint64_t end_ns, tail_asked_ns; /* time at the end; delays asked after the last */
	enum hwsq_emu_stop stop;
	bool ran; /* the run took place */
};

struct nvc_result {
	const struct nv_board *board;
	enum hwsq_family family;
	bool built;              /* nouveau's builder accepts the board */
	struct nvm_hwsq model;   /* nouveau's calls and bytes */
	struct nvc_events want;  /* the model's calls as events */
	struct nvc_events nv;    /* nouveau's bytes run on the emulator */
	struct nvc_events sdk;   /* the SDK script run on the emulator */
	bool compiled;           /* the SDK script compiled */
	struct diag diag;        /* the compiler's messages */
	size_t sdk_bytes;        /* the SDK's code, its final exit included */
	size_t nv_bytes;         /* nouveau's code and the exit after it */
	size_t nv_words_max;     /* the bus's hwsq_size */
	uint64_t asked_ns;       /* every delay nouveau asks, in total */
	uint64_t nv_encoded_us;  /* what its wait bytes last */
	uint64_t sdk_encoded_us; /* what the SDK's wait bytes last */
	size_t nv_delays;        /* nouveau's hwsq_nsec calls */
};

/* The VBLANK events the memory script waits for rise at this time, and
 * the memory controller answers FB_PAUSE after this latency. */
#define NVC_VBLANK_AT_NS 5000
#define NVC_PAUSE_LATENCY_NS 3000

/* The project's root ($SDK_ROOT, else ".") into *root, and this build's
 * register database (what the m4 library and hwsq-as read from
 * $SDK_BUILD), or NULL with *why saying why. */
struct rnn_db *nvc_open(const char **root, char **why);
/* The register names of board b's family, from db (hwsq_names_free them). */
void nvc_board_names(struct rnn_db *db, const struct nv_board *b, struct hwsq_names *names);

void nvc_compare(const struct nv_board *b, const char *sdk_root, const struct hwsq_names *names,
		 struct nvc_result *r);
void nvc_result_free(struct nvc_result *r);

/* The first event where two lists differ (count when one is a prefix of
 * the other, SIZE_MAX when they are equal). */
size_t nvc_first_difference(const struct nvc_events *x, const struct nvc_events *y);
/* The first event of run that starts sooner after the previous one ended than
 * the delays nouveau asks between them (want), SIZE_MAX if none;
 * run->count when the run ends too soon after its last event. */
size_t nvc_first_short_delay(const struct nvc_events *run, const struct nvc_events *want);
/* The first event of run that starts more than an eighth later after the
 * previous one ended than the delays nouveau asks between them, SIZE_MAX
 * if none (run->count: the end). Only gaps where nouveau asks a delay
 * count: the others are the time of the instructions themselves. */
size_t nvc_first_long_delay(const struct nvc_events *run, const struct nvc_events *want);
/* "wr32 0x100220 <- 0x0a193e23" and the like, into buf. */
const char *nvc_event_text(const struct nvc_event *e, char *buf, size_t size);

#endif
