/* The debugger's breakpoints and watchpoints, and the stop hook that
 * checks them (and the stepping commands) before every instruction. */
#include <stdlib.h>
#include <string.h>

#include "dbg/session.h"

bool dbg_insn_is(const struct emu *emu, enum emu_proc proc, uint32_t pc, const char *op)
{
	char text[128];
	emu_disasm(emu, proc, pc, text, sizeof text);
	size_t n = strlen(op);
	return strncmp(text, op, n) == 0 && (text[n] == '\0' || text[n] == ' ');
}

/* ---- places ---- */

static bool parse_pc(const char *text, uint32_t *pc)
{
	uint64_t v;
	if (!util_parse_u64(text, &v) || v > UINT32_MAX)
		return false;
	*pc = (uint32_t)v;
	return true;
}

void dbg_loc_one(struct dbg_loc *loc, enum emu_proc proc, uint32_t pc)
{
	loc->places = util_xmalloc(sizeof *loc->places);
	loc->places[0] = (struct emu_code_place){proc, pc};
	loc->nplaces = 1;
}

void dbg_loc_free(struct dbg_loc *loc)
{
	free(loc->places);
	loc->places = NULL;
	loc->nplaces = 0;
}

void dbg_bp_free(struct dbg_bp *bp)
{
	free(bp->what);
	free(bp->places);
}

bool dbg_parse_loc(struct dbg *d, const char *text, struct dbg_loc *loc)
{
	memset(loc, 0, sizeof *loc);
	const struct emu *emu = d->emu;
	const char *colon = strrchr(text, ':');
	uint32_t n;
	if (text[0] == '*' || parse_pc(text, &n)) {
		/* a pc of the processor shown */
		if (!parse_pc(text + (text[0] == '*'), &n)) {
			dbg_error(d, "expected a pc after '*', found '%s'", text + 1);
			return false;
		}
		dbg_loc_one(loc, d->proc, n);
		return true;
	}
	if (colon) {
		char *left = util_xstrndup(text, (size_t)(colon - text));
		const char *right = colon + 1;
		enum emu_proc proc;
		bool ok = false;
		if (dbg_parse_proc(emu, left, &proc)) {
			/* BV:0x10, a pc of another processor */
			ok = parse_pc(right + (right[0] == '*'), &n);
			if (ok && !emu_has_proc(emu, proc)) {
				dbg_error(d, "this image has no %s (%s:%s)",
					  emu_proc_name(emu, proc), left, right);
				ok = false;
			} else if (ok) {
				dbg_loc_one(loc, proc, n);
			} else {
				dbg_error(d, "expected a pc after '%s:', found '%s'", left, right);
			}
		} else if (parse_pc(right, &n)) {
			/* every place of the line, however many */
			size_t count = emu_line_pcs(emu, left, n, NULL, 0);
			loc->places = util_xmalloc((count ? count : 1) * sizeof *loc->places);
			loc->nplaces = emu_line_pcs(emu, left, n, loc->places, count);
			loc->file = text;
			loc->line = n;
			ok = count > 0;
			if (!ok) {
				dbg_loc_free(loc);
				const char *files[16];
				size_t nf = emu_source_files(emu, files, 16);
				struct util_str known = {0};
				for (size_t i = 0; i < nf && i < 16; i++) {
					const char *slash = strrchr(files[i], '/');
					util_str_printf(&known, "%s%s", i ? ", " : "",
							slash ? slash + 1 : files[i]);
				}
				dbg_error(d, "no code at line %u of '%s' (%s)", n, left,
					  nf ? known.text
					     : "the image has no source lines: no ELF "
					       "beside it");
				util_str_free(&known);
			}
		} else {
			dbg_error(d, "expected FILE:LINE or PROCESSOR:PC, found '%s'", text);
		}
		free(left);
		return ok;
	}
	uint64_t op;
	if (emu_lookup(emu, EMU_SPACE_PM4, text, &op) && op < EMU_PACKET_TABLE_SIZE) {
		loc->is_opcode = true;
		loc->opcode = (uint32_t)op;
		return true;
	}
	struct emu_code_place at;
	if (emu_find_label(emu, text, &at.proc, &at.pc)) {
		dbg_loc_one(loc, at.proc, at.pc);
		return true;
	}
	const char *near[3];
	int count = emu_lookup_near(emu, EMU_SPACE_PM4, text, near, 3);
	struct util_str hint = {0};
	util_did_you_mean(&hint, near, count > 0 ? (size_t)count : 0);
	dbg_error(d, "no packet opcode or label '%s'%s (a pc is 0x64 or *0x64, a line FILE:LINE)",
		  text, hint.text ? hint.text : "");
	util_str_free(&hint);
	return false;
}

/* ---- the table ---- */

static struct dbg_bp *add_bp(struct dbg *d, enum dbg_bp_kind kind, const char *what)
{
	struct dbg_bp *bp = UTIL_PUSH(d->bps, d->nbps, d->bps_cap);
	memset(bp, 0, sizeof *bp);
	bp->number = ++d->next_number;
	bp->kind = kind;
	bp->what = util_xstrdup(what);
	return bp;
}

static void describe_place(struct dbg *d, const struct emu_code_place *p, struct util_str *out)
{
	char where[160];
	emu_where(d->emu, p->proc, p->pc, where, sizeof where);
	util_str_printf(out, "%s pc %04x%s%s", emu_proc_name(d->emu, p->proc), p->pc,
			*where ? " " : "", where);
}

static void describe_bp(struct dbg *d, const struct dbg_bp *bp, struct util_str *out)
{
	char name[128];
	switch (bp->kind) {
	case DBG_BP_PC:
		for (size_t i = 0; i < bp->nplaces; i++) {
			util_str_puts(out, i ? ", " : "");
			describe_place(d, &bp->places[i], out);
		}
		break;
	case DBG_BP_OPCODE: {
		if (!emu_name(d->emu, EMU_SPACE_PM4, bp->opcode, name, sizeof name))
			snprintf(name, sizeof name, "UNKN%u", bp->opcode);
		util_str_printf(out, "packet %s (0x%02x)", name, bp->opcode);
		if (!emu_total_steps(d->emu)) {
			util_str_puts(out, ", its handler once the bootstrap has filled the table");
			break;
		}
		struct emu_code_place p = {EMU_MAIN,
					   emu_packet_entry(d->emu, EMU_MAIN, bp->opcode)};
		util_str_puts(out, ", handler at ");
		describe_place(d, &p, out);
		break;
	}
	case DBG_BP_WATCH_REG:
		if (!emu_name(d->emu, EMU_SPACE_GPU, bp->addr, name, sizeof name))
			snprintf(name, sizeof name, "0x%05llx", (unsigned long long)bp->addr);
		util_str_printf(out, "writes to register %s (0x%05llx)", name,
				(unsigned long long)bp->addr);
		break;
	case DBG_BP_WATCH_MEM:
		util_str_printf(out, "writes to memory at 0x%llx", (unsigned long long)bp->addr);
		break;
	}
}

static void announce(struct dbg *d, const struct dbg_bp *bp)
{
	struct util_str s = {0};
	describe_bp(d, bp, &s);
	dbg_printf(d, "%s %u: %s\n", bp->kind >= DBG_BP_WATCH_REG ? "watchpoint" : "breakpoint",
		   bp->number, s.text);
	util_str_free(&s);
}

static char *join(int argc, char **argv)
{
	struct util_str s = {0};
	for (int i = 0; i < argc; i++)
		util_str_printf(&s, "%s%s", i ? " " : "", argv[i]);
	return util_str_take(&s);
}

void dbg_cmd_break(struct dbg *d, int argc, char **argv)
{
	struct dbg_loc loc;
	if (argc > 1) {
		dbg_error(d,
			  "break takes one place, found %d words (break CP_MEM_WRITE, break "
			  "label, break 0x64, break file.S:12)",
			  argc);
		return;
	}
	if (argc == 0) {
		memset(&loc, 0, sizeof loc);
		dbg_loc_one(&loc, d->proc, d->pc);
	} else if (!dbg_parse_loc(d, argv[0], &loc)) {
		return;
	}
	char *what = argc ? join(argc, argv) : util_xasprintf("*0x%x", d->pc);
	struct dbg_bp *bp = add_bp(d, loc.is_opcode ? DBG_BP_OPCODE : DBG_BP_PC, what);
	free(what);
	bp->opcode = loc.opcode;
	bp->nplaces = loc.nplaces;
	bp->places = loc.places; /* the breakpoint's now */
	announce(d, bp);
}

void dbg_cmd_watch(struct dbg *d, int argc, char **argv)
{
	bool mem = argc == 2 && strcmp(argv[0], "mem") == 0;
	bool reg = argc == 2 && strcmp(argv[0], "reg") == 0;
	if (argc == 1)
		reg = true; /* watch CP_SCRATCH_REG[2], as gdb watches an expression */
	if (!mem && !reg) {
		dbg_error(d, "expected 'watch reg NAME|OFFSET' or 'watch mem ADDRESS'");
		return;
	}
	const char *arg = argv[argc - 1];
	uint64_t v;
	if (mem) {
		if (!util_parse_u64(arg, &v) || (v & 3)) {
			dbg_error(d, "expected a memory address, a multiple of 4, found '%s'", arg);
			return;
		}
	} else if (!dbg_parse_name(d, EMU_SPACE_GPU, arg, &v)) {
		return;
	} else if (v >= EMU_GPU_REG_COUNT) {
		dbg_error(d, "%s is past the GPU registers (0x%x)", arg, EMU_GPU_REG_COUNT);
		return;
	}
	char *what = join(argc, argv);
	struct dbg_bp *bp = add_bp(d, mem ? DBG_BP_WATCH_MEM : DBG_BP_WATCH_REG, what);
	free(what);
	bp->addr = v;
	announce(d, bp);
}

void dbg_cmd_delete(struct dbg *d, int argc, char **argv)
{
	if (argc == 0) {
		for (size_t i = 0; i < d->nbps; i++)
			dbg_bp_free(&d->bps[i]);
		dbg_printf(d, "deleted %zu breakpoint%s and watchpoint%s\n", d->nbps,
			   d->nbps == 1 ? "" : "s", d->nbps == 1 ? "" : "s");
		d->nbps = 0;
		return;
	}
	for (int a = 0; a < argc; a++) {
		uint64_t n;
		size_t i = 0;
		if (util_parse_u64(argv[a], &n))
			while (i < d->nbps && d->bps[i].number != n)
				i++;
		if (!util_parse_u64(argv[a], &n) || i == d->nbps) {
			dbg_error(d, "no breakpoint number %s (info breakpoints lists them)",
				  argv[a]);
			continue;
		}
		dbg_bp_free(&d->bps[i]);
		memmove(&d->bps[i], &d->bps[i + 1], (d->nbps - i - 1) * sizeof *d->bps);
		d->nbps--;
		dbg_printf(d, "deleted %llu\n", (unsigned long long)n);
	}
}

void dbg_cmd_info_breakpoints(struct dbg *d, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	if (!d->nbps) {
		dbg_printf(d, "no breakpoints or watchpoints\n");
		return;
	}
	dbg_printf(d, "Num  Type        Hits  What\n");
	for (size_t i = 0; i < d->nbps; i++) {
		const struct dbg_bp *bp = &d->bps[i];
		struct util_str s = {0};
		describe_bp(d, bp, &s);
		dbg_printf(d, "%-4u %-11s %4u  %s: %s\n", bp->number,
			   bp->kind >= DBG_BP_WATCH_REG ? "watchpoint" : "breakpoint", bp->hits,
			   bp->what, s.text);
		util_str_free(&s);
	}
}

void dbg_report_watch(struct dbg *d, const struct dbg_bp *bp, const struct emu_write *w)
{
	char name[128];
	if (bp->kind == DBG_BP_WATCH_MEM)
		snprintf(name, sizeof name, "mem 0x%llx", (unsigned long long)w->addr);
	else if (!emu_name(d->emu, EMU_SPACE_GPU, w->addr, name, sizeof name))
		snprintf(name, sizeof name, "reg 0x%05llx", (unsigned long long)w->addr);
	char where[160];
	emu_where(d->emu, (enum emu_proc)w->proc, w->pc, where, sizeof where);
	dbg_printf(d, "watchpoint %u: %s = 0x%08x (written by %s pc %04x%s%s)\n", bp->number, name,
		   w->value, emu_proc_name(d->emu, (enum emu_proc)w->proc), w->pc,
		   *where ? " " : "", where);
}

/* ---- the hook ---- */

/* The debugger observes the packets the main processor takes: it keeps
 * the last, with its payload while the ring (or the IB in memory) still
 * holds it. */
static void observe(void *ctx, const struct emu *emu, const struct emu_event *event)
{
	struct dbg *d = ctx;
	if (event->kind != EMU_EVENT_PACKET)
		return;
	d->packet = *event->packet;
	d->have_packet = true;
	struct emu_pm4 pkt;
	size_t words = !d->packet.made_up && emu_pm4_decode(d->packet.header, &pkt) ? pkt.count : 0;
	if (words > DBG_PAYLOAD_SHOWN)
		words = DBG_PAYLOAD_SHOWN;
	d->payload_count = words;
	d->payload_known = true;
	if (d->packet.level) {
		for (size_t i = 0; i < words; i++)
			d->payload[i] = emu_mem_read32(emu, d->packet.addr + 4 + 4 * i);
		return;
	}
	uint32_t ring[DBG_PAYLOAD_SHOWN + 1];
	uint64_t offset;
	size_t have = emu_ring_peek(emu, &offset, ring, DBG_PAYLOAD_SHOWN + 1);
	uint64_t first = d->packet.addr + 4;
	size_t skip = (size_t)((first - offset) / 4);
	if (offset > first || skip + words > have) {
		d->payload_known = false; /* read already: not kept */
		return;
	}
	memcpy(d->payload, ring + skip, words * sizeof *ring);
}

static bool watched(struct dbg *d, const struct emu *emu)
{
	size_t n = emu_write_count(emu);
	if (n < d->writes_seen)
		d->writes_seen = 0; /* the log was cleared */
	const struct emu_write *log = emu_writes(emu);
	for (size_t i = d->writes_seen; i < n; i++) {
		for (size_t b = 0; b < d->nbps; b++) {
			struct dbg_bp *bp = &d->bps[b];
			bool hit = (bp->kind == DBG_BP_WATCH_REG && log[i].kind == EMU_WRITE_GPU &&
				    log[i].addr == bp->addr) ||
				   (bp->kind == DBG_BP_WATCH_MEM && log[i].kind == EMU_WRITE_MEM &&
				    log[i].addr == bp->addr);
			if (hit) {
				bp->hits++;
				d->hit = bp;
				d->hit_write = i;
				d->writes_seen = i + 1;
				return true;
			}
		}
	}
	d->writes_seen = n;
	return false;
}

void dbg_check_watches_at_end(struct dbg *d)
{
	while (d->emu && watched(d, d->emu))
		dbg_report_watch(d, d->hit, &emu_writes(d->emu)[d->hit_write]);
	d->hit = NULL;
}

static uint32_t depth(const struct dbg *d, const struct emu *emu, enum emu_proc proc)
{
	return d->have_sp ? emu_sqe(emu, proc, (uint32_t)d->sp_reg) : 0;
}

static bool same_line(const struct dbg *d, const struct emu *emu, enum emu_proc proc, uint32_t pc)
{
	const char *file;
	uint32_t line;
	if (!d->step_file || !emu_source_line(emu, proc, pc, &file, &line))
		return false;
	return line == d->step_line && strcmp(file, d->step_file) == 0;
}

static bool stepped(struct dbg *d, const struct emu *emu, enum emu_proc proc, uint32_t pc)
{
	if (d->mode == DBG_CONTINUE || proc != d->proc)
		return false;
	switch (d->mode) {
	case DBG_CONTINUE:
		return false;
	case DBG_STEPI:
		return d->step_count == 0 || --d->step_count == 0;
	case DBG_NEXTI:
		if (d->return_pc == UINT32_MAX)
			return true;
		return pc == d->return_pc && depth(d, emu, proc) <= d->depth;
	case DBG_STEP:
	case DBG_NEXT:
		/* a ret's delay slot belongs to the callee: not a stop */
		if (dbg_insn_is(emu, proc, d->prev_pc[proc], "ret"))
			return false;
		if (d->mode == DBG_NEXT && depth(d, emu, proc) > d->depth)
			return false;
		return !same_line(d, emu, proc, pc);
	case DBG_FINISH:
		return dbg_insn_is(emu, proc, pc, "waitin");
	}
	return false;
}

static bool breakpoint(struct dbg *d, const struct emu *emu, enum emu_proc proc, uint32_t pc)
{
	for (size_t b = 0; b < d->nbps; b++) {
		struct dbg_bp *bp = &d->bps[b];
		bool hit = false;
		if (bp->kind == DBG_BP_PC) {
			for (size_t i = 0; i < bp->nplaces && !hit; i++)
				hit = bp->places[i].proc == proc && bp->places[i].pc == pc;
		} else if (bp->kind == DBG_BP_OPCODE) {
			/* entered from the packet table: just after a waitin and
			 * its delay slot, with that packet (the main processor's
			 * packets are logged; the others' are not) */
			hit = pc == emu_packet_entry(emu, proc, bp->opcode) && d->prev_pc[proc] &&
			      dbg_insn_is(emu, proc, d->prev_pc[proc] - 1, "waitin") &&
			      (proc != EMU_MAIN ||
			       (d->have_packet && emu_pm4_entry(d->packet.header) == bp->opcode));
		}
		if (hit) {
			bp->hits++;
			d->hit = bp;
			return true;
		}
	}
	return false;
}

bool dbg_stop_hook(void *ctx, const struct emu *emu, enum emu_proc proc, uint32_t pc)
{
	struct dbg *d = ctx;
	bool stop = watched(d, emu) || stepped(d, emu, proc, pc) || breakpoint(d, emu, proc, pc);
	d->prev_pc[proc] = pc;
	if (stop) {
		d->proc = proc;
		d->pc = pc;
	}
	return stop;
}

void dbg_attach(struct dbg *d, struct emu *emu)
{
	d->emu = emu;
	if (d->hooked == emu)
		return;
	d->hooked = emu;
	emu_set_stop_hook(emu, dbg_stop_hook, d);
	if (!emu_add_observer(emu, observe, d))
		dbg_error(d, "the emulator has %u observers already: 'info packet' will not follow",
			  EMU_MAX_OBSERVERS);
	d->writes_seen = emu_write_count(emu);
	d->have_packet = false;
	d->have_sp = emu_lookup(emu, EMU_SPACE_SQE, "SP", &d->sp_reg);
	memset(d->prev_pc, 0, sizeof d->prev_pc);
	if (!emu_proc_started(emu, d->proc))
		d->proc = EMU_MAIN;
	d->pc = emu_pc(emu, d->proc);
}
