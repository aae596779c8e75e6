/* Compiles a board's SDK script, builds nouveau's program for it, runs
 * both on the emulator and records what each does. */
#include "nvcompare.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum nvc_kind push(struct nvc_events *l, enum nvc_kind kind, uint32_t a, int64_t b,
			  uint64_t t)
{
	if (l->count == NVC_EVENTS_MAX) {
		l->overflow = true;
		return kind;
	}
	l->ev[l->count++] = (struct nvc_event){.kind = kind, .a = a, .b = b, .time_ns = t};
	return kind;
}

/* nouveau's calls as the events a run should show */
static void model_events(const struct nvm_hwsq *h, struct nvc_events *l, uint64_t *asked)
{
	uint64_t pending = 0;
	*asked = 0;
	for (size_t i = 0; i < h->op_count; i++) {
		const struct nvm_op *o = &h->ops[i];
		if (o->kind == NVM_NSEC) {
			pending += o->a;
			*asked += o->a;
			continue;
		}
		static const enum nvc_kind kinds[] = {
			[NVM_WR32] = NVC_WRITE, [NVM_SETF] = NVC_FLAG, [NVM_WAIT] = NVC_WAIT};
		int64_t b = o->kind == NVM_WR32 ? (int64_t)(uint32_t)o->b : o->b;
		size_t before = l->count;
		push(l, kinds[o->kind], o->a, b, 0);
		if (l->count > before)
			l->ev[before].asked_ns = pending;
		pending = 0;
	}
	l->tail_asked_ns = pending;
}

static void trace_step(void *ctx, const struct hwsq_emu_step *st)
{
	struct nvc_events *l = ctx;
	/* the previous event is over when the next instruction starts */
	if (l->count && !l->ev[l->count - 1].done) {
		l->ev[l->count - 1].done_ns = st->time_ns;
		l->ev[l->count - 1].done = true;
	}
	const struct hwsq_opcode *o = st->insn.opcode;
	if (!o)
		return;
	switch (o->op) {
	case HWSQ_OP_SET1: /* nouveau's setf data 0 */
	case HWSQ_OP_SET0: /* data 1 */
	case HWSQ_OP_UNSET:
		push(l, NVC_FLAG, st->insn.operands[0],
		     o->op == HWSQ_OP_SET1   ? 0
		     : o->op == HWSQ_OP_SET0 ? 1
					     : -1,
		     st->time_ns);
		break;
	case HWSQ_OP_EWAIT:
		push(l, NVC_WAIT, st->insn.operands[0], st->insn.operands[1], st->time_ns);
		break;
	case HWSQ_OP_ADDR:
	case HWSQ_OP_ADDRLO: /* the write itself comes from the emulator's list */
		push(l, NVC_WRITE, 0, 0, st->time_ns);
		break;
	default:
		break;
	}
}

static void run(enum hwsq_family f, const uint8_t *code, size_t size, struct nvc_events *l)
{
	struct hwsq_emu *e = hwsq_emu_new(f);
	hwsq_emu_load(e, code, size);
	hwsq_emu_set_handshake(e, true, NVC_PAUSE_LATENCY_NS);
	hwsq_emu_schedule_event(e, 1, true, NVC_VBLANK_AT_NS); /* head 0 */
	hwsq_emu_schedule_event(e, 3, true, NVC_VBLANK_AT_NS); /* head 1 */
	hwsq_emu_set_trace(e, trace_step, l);
	hwsq_emu_start(e, HWSQ_SLOT_A, 0);
	l->stop = hwsq_emu_run(e, HWSQ_EMU_FOREVER);
	l->ran = true;
	l->end_ns = hwsq_emu_time_ns(e);
	if (l->count && !l->ev[l->count - 1].done) {
		l->ev[l->count - 1].done_ns = l->end_ns;
		l->ev[l->count - 1].done = true;
	}
	size_t w = 0;
	for (size_t i = 0; i < l->count; i++) {
		if (l->ev[i].kind != NVC_WRITE)
			continue;
		const struct hwsq_emu_write *wr = hwsq_emu_write_at(e, w++);
		if (wr) {
			l->ev[i].a = wr->addr;
			l->ev[i].b = wr->value;
		}
	}
	hwsq_emu_free(e);
}

/* What the wait bytes of code last, in microseconds. */
static uint64_t waited_us(enum hwsq_family f, const uint8_t *code, size_t size)
{
	uint64_t us = 0;
	for (size_t pos = 0; pos < size;) {
		struct hwsq_insn in;
		hwsq_decode(f, code, size, pos, &in);
		if (in.opcode && in.opcode->op == HWSQ_OP_WAIT)
			us += hwsq_wait_us(in.operands[0], in.operands[1]);
		pos += in.length;
	}
	return us;
}

void nvc_compare(const struct nv_board *b, const char *sdk_root, const struct hwsq_names *names,
		 struct nvc_result *r)
{
	memset(r, 0, sizeof *r);
	r->board = b;
	hwsq_family_parse(b->chip, &r->family);
	const struct hwsq_family_info *fam = hwsq_family_info(r->family);
	r->nv_words_max = fam->ram_size / 4; /* 64 words on NV50, 128 from G94 */

	nvm_init(&r->model, b);
	r->built = b->kind == NV_BOARD_RAM ? nvm_build_ram(&r->model, b)
					   : nvm_build_clk(&r->model, b);
	model_events(&r->model, &r->want, &r->asked_ns);
	r->nv_bytes = r->model.size + 1;
	r->nv_encoded_us = waited_us(r->family, r->model.code, r->model.size);
	for (size_t i = 0; i < r->model.op_count; i++)
		r->nv_delays += r->model.ops[i].kind == NVM_NSEC;
	if (r->built && r->model.size < fam->ram_size)
		run(r->family, r->model.code, fam->ram_size, &r->nv);

	char *path = util_xasprintf("%s/hwsq-scripts/%s.hwsq", sdk_root, b->script);
	char *board = util_xasprintf("BOARD=\"%s\"",
				     b->sdk_header ? b->sdk_header : "/nonexistent");
	const char *defines[] = {board};
	struct hwsq_source_options so = {.defines = defines, .define_count = 1};
	struct hwsq_as_options ao = {r->family, names};
	struct hwsq_program p;
	diag_init(&r->diag);
	r->compiled = hwsq_compile_file(path, &so, &ao, &p, &r->diag);
	if (r->compiled) {
		r->sdk_bytes = p.size;
		uint8_t *ram = util_xcalloc(fam->ram_size, 1);
		hwsq_image(&p, ram);
		r->sdk_encoded_us = waited_us(r->family, ram, p.size);
		run(r->family, ram, fam->ram_size, &r->sdk);
		free(ram);
	}
	hwsq_program_free(&p);
	free(board);
	free(path);
}

void nvc_result_free(struct nvc_result *r)
{
	diag_free(&r->diag);
}

size_t nvc_first_difference(const struct nvc_events *x, const struct nvc_events *y)
{
	size_t n = x->count < y->count ? x->count : y->count;
	for (size_t i = 0; i < n; i++)
		if (x->ev[i].kind != y->ev[i].kind || x->ev[i].a != y->ev[i].a ||
		    x->ev[i].b != y->ev[i].b)
			return i;
	return x->count == y->count ? SIZE_MAX : n;
}

size_t nvc_first_short_delay(const struct nvc_events *run, const struct nvc_events *want)
{
	uint64_t prev = 0;
	for (size_t i = 0; i < run->count && i < want->count; i++) {
		if (run->ev[i].time_ns - prev < want->ev[i].asked_ns)
			return i;
		prev = run->ev[i].done_ns;
	}
	if (run->end_ns - prev < want->tail_asked_ns)
		return run->count;
	return SIZE_MAX;
}

size_t nvc_first_long_delay(const struct nvc_events *run, const struct nvc_events *want)
{
	uint64_t prev = 0;
	for (size_t i = 0; i < run->count && i < want->count; i++) {
		uint64_t asked = want->ev[i].asked_ns, gap = run->ev[i].time_ns - prev;
		if (asked && gap > asked + asked / HWSQ_DELAY_SLACK)
			return i;
		prev = run->ev[i].done_ns;
	}
	uint64_t tail = want->tail_asked_ns;
	if (tail && run->end_ns - prev > tail + tail / HWSQ_DELAY_SLACK)
		return run->count;
	return SIZE_MAX;
}

const char *nvc_event_text(const struct nvc_event *e, char *buf, size_t size)
{
	switch (e->kind) {
	case NVC_WRITE:
		snprintf(buf, size, "wr32 0x%06" PRIx32 " <- 0x%08" PRIx64, e->a, (uint64_t)e->b);
		break;
	case NVC_FLAG:
		snprintf(buf, size, "setf 0x%02" PRIx32 " %" PRId64, e->a, e->b);
		break;
	case NVC_WAIT:
		snprintf(buf, size, "wait event %" PRIu32 " == %" PRId64, e->a, e->b);
		break;
	}
	return buf;
}

struct rnn_db *nvc_open(const char **root, char **why)
{
	*root = getenv("SDK_ROOT");
	if (!*root)
		*root = ".";
	const char *build = getenv("SDK_BUILD");
	if (build && !getenv("AFUC_SDK_PREFIX"))
		setenv("AFUC_SDK_PREFIX", build, 1);
	return hwsq_names_open_db(NULL, why);
}

void nvc_board_names(struct rnn_db *db, const struct nv_board *b, struct hwsq_names *names)
{
	enum hwsq_family f;
	hwsq_family_parse(b->chip, &f);
	hwsq_names_init(names, db, f);
}
