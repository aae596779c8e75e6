/* afuc-emu -i: the debugger's session: the command table, the prompt,
 * and running (continue, step, next, finish) through the runner's hooks
 * or, after a test file and on an image alone, by itself. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dbg/session.h"
#include "emuload/emuload.h"

#define PROMPT "(afuc) "

/* ---- messages and names ---- */

void dbg_printf(struct dbg *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(d->out, fmt, ap);
	va_end(ap);
}

void dbg_error(struct dbg *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("error: ", d->out);
	vfprintf(d->out, fmt, ap);
	fputc('\n', d->out);
	va_end(ap);
}

bool dbg_parse_proc(const struct emu *emu, const char *name, enum emu_proc *proc)
{
	for (int p = 0; p < EMU_PROC_COUNT; p++) {
		if (strcasecmp(name, emu_proc_name(emu, (enum emu_proc)p)) == 0 ||
		    (p == EMU_MAIN && strcasecmp(name, "main") == 0)) {
			*proc = (enum emu_proc)p;
			return true;
		}
	}
	return false;
}

/* ---- running commands ---- */

static bool can_run(struct dbg *d)
{
	if (emu_error_kind(d->emu) != EMU_ERR_NONE) {
		dbg_error(d, "the emulator stopped with a %s error: it runs nothing more",
			  emu_error_kind_name(emu_error_kind(d->emu)));
		return false;
	}
	d->resume = true;
	return true;
}

static bool count_arg(struct dbg *d, int argc, char **argv, unsigned *count)
{
	uint64_t n = 1;
	if (argc > 1 || (argc == 1 && (!util_parse_u64(argv[0], &n) || !n || n > UINT32_MAX))) {
		dbg_error(d, "expected a count of at least 1, found '%s'", argv[argc - 1]);
		return false;
	}
	*count = (unsigned)n;
	return true;
}

static void cmd_continue(struct dbg *d, int argc, char **argv)
{
	unsigned n;
	if (count_arg(d, argc, argv, &n) && can_run(d))
		d->mode = DBG_CONTINUE;
}

static void cmd_stepi(struct dbg *d, int argc, char **argv)
{
	unsigned n;
	if (!count_arg(d, argc, argv, &n) || !can_run(d))
		return;
	d->mode = DBG_STEPI;
	d->step_count = n;
}

static uint32_t sp_of(const struct dbg *d)
{
	return d->have_sp ? emu_sqe(d->emu, d->proc, (uint32_t)d->sp_reg) : 0;
}

static void cmd_nexti(struct dbg *d, int argc, char **argv)
{
	unsigned n;
	if (!count_arg(d, argc, argv, &n) || !can_run(d))
		return;
	uint32_t pc = emu_pc(d->emu, d->proc);
	d->mode = DBG_NEXTI;
	/* over a call and its delay slot, to where it returns */
	d->return_pc = dbg_insn_is(d->emu, d->proc, pc, "call") ? pc + 2 : UINT32_MAX;
	d->depth = sp_of(d);
}

static void line_step(struct dbg *d, enum dbg_mode mode)
{
	uint32_t pc = emu_pc(d->emu, d->proc);
	d->mode = mode;
	d->step_file = NULL;
	emu_source_line(d->emu, d->proc, pc, &d->step_file, &d->step_line);
	d->depth = sp_of(d);
}

static void cmd_step(struct dbg *d, int argc, char **argv)
{
	unsigned n;
	if (count_arg(d, argc, argv, &n) && can_run(d))
		line_step(d, DBG_STEP);
}

static void cmd_next(struct dbg *d, int argc, char **argv)
{
	unsigned n;
	if (count_arg(d, argc, argv, &n) && can_run(d))
		line_step(d, DBG_NEXT);
}

static void cmd_finish(struct dbg *d, int argc, char **argv)
{
	(void)argv;
	if (argc) {
		dbg_error(d, "finish takes nothing: it runs to the next waitin of %s",
			  emu_proc_name(d->emu, d->proc));
		return;
	}
	if (can_run(d))
		d->mode = DBG_FINISH;
}

static void cmd_quit(struct dbg *d, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	d->quit = true;
}

/* ---- push ---- */

static void cmd_push(struct dbg *d, int argc, char **argv)
{
	bool pkt7 = argc >= 2 && strcmp(argv[0], "pkt7") == 0;
	bool pkt4 = argc >= 3 && strcmp(argv[0], "pkt4") == 0;
	if (!pkt7 && !pkt4) {
		dbg_error(d, "expected 'push pkt7 OPCODE [WORDS...]' or 'push pkt4 REGISTER "
			     "VALUES...'");
		return;
	}
	uint64_t id;
	if (!dbg_parse_name(d, pkt7 ? EMU_SPACE_PM4 : EMU_SPACE_GPU, argv[1], &id))
		return;
	size_t n = (size_t)argc - 2;
	uint32_t *words = util_xmalloc((n ? n : 1) * sizeof *words);
	for (size_t i = 0; i < n; i++) {
		uint64_t v;
		if (!util_parse_u64(argv[2 + i], &v) || v > UINT32_MAX) {
			dbg_error(d, "expected a 32-bit value, found '%s'", argv[2 + i]);
			free(words);
			return;
		}
		words[i] = (uint32_t)v;
	}
	bool ok = pkt7 ? emu_push_pkt7(d->emu, (uint32_t)id, words, n)
		       : emu_push_pkt4(d->emu, (uint32_t)id, words, n);
	free(words);
	if (!ok) {
		dbg_error(d, "%s does not fit a %s header", argv[1], argv[0]);
		return;
	}
	uint32_t hdr = pkt7 ? emu_pkt7_header((uint32_t)id, (uint32_t)n)
			    : emu_pkt4_header((uint32_t)id, (uint32_t)n);
	dbg_printf(d, "pushed %s %s: header 0x%08x, %zu word%s; %zu ring words pending\n", argv[0],
		   argv[1], hdr, n, n == 1 ? "" : "s", emu_ring_pending(d->emu));
}

/* ---- the tables ---- */

struct dbg_cmd {
	const char *name, *alias; /* gdb's spelling and short form */
	dbg_cmd_fn *fn;
	const char *args, *help;
};

static dbg_cmd_fn cmd_help, cmd_info;

static const struct dbg_cmd info_cmds[] = {
	{"breakpoints", "b", dbg_cmd_info_breakpoints, "", "the breakpoints and watchpoints"},
	{"registers", "r", dbg_cmd_info_registers, "[REG...]",
	 "the GPRs and pc of the processor shown"},
	{"queues", "q", dbg_cmd_info_queues, "", "the words pending in the ring, IBs and MEQ"},
	{"packet", "p", dbg_cmd_info_packet, "",
	 "the packet being handled: opcode, header, level, address, payload"},
};

static const struct dbg_cmd cmds[] = {
	{"break", "b", dbg_cmd_break, "[PLACE]",
	 "stop at PLACE: a packet opcode (CP_MEM_WRITE: its handler, when that\n"
	 "packet is handled), a label, a pc (0x64, *0x64, BV:0x10) or FILE:LINE"},
	{"watch", NULL, dbg_cmd_watch, "reg NAME|OFFSET | mem ADDRESS",
	 "stop after a write to a GPU register or a memory word"},
	{"delete", "d", dbg_cmd_delete, "[N...]", "delete breakpoints N... (all without N)"},
	{"continue", "c", cmd_continue, "", "run until a breakpoint, or the run's end"},
	{"step", "s", cmd_step, "",
	 "run to the next source line (the next instruction without one)"},
	{"next", "n", cmd_next, "", "the same, over calls"},
	{"stepi", "si", cmd_stepi, "[N]", "run N instructions of the processor shown"},
	{"nexti", "ni", cmd_nexti, "", "one instruction, over a call"},
	{"finish", "fin", cmd_finish, "", "run to the next waitin: the end of the handler"},
	{"print", "p", dbg_cmd_print, "REG...",
	 "a register: $02, $rem, $pc (GPRs), @IB1_BASE (control), %SP (SQE),\n"
	 "|NRT_ADDR (pipe, the last value written), CP_SCRATCH_REG[2] or 0x883 (GPU)"},
	{"x", NULL, dbg_cmd_examine, "ADDRESS [COUNT]", "memory words (also x/COUNT ADDRESS)"},
	{"info", "i", cmd_info, "WHAT", "breakpoints (b), registers (r), queues (q), packet (p)"},
	{"list", "l", dbg_cmd_list, "[PLACE]",
	 "the source around pc or PLACE (the code, without source); again: the lines after"},
	{"disassemble", "disas", dbg_cmd_disassemble, "[PLACE [COUNT]]",
	 "the instructions of the label around pc or PLACE, register names shown"},
	{"push", NULL, cmd_push, "pkt7 OPCODE WORDS... | pkt4 REG VALUES...",
	 "append a packet to the ring buffer (then continue to run it)"},
	{"help", "h", cmd_help, "[COMMAND]", "this list, or one command's help"},
	{"quit", "q", cmd_quit, "", "leave (also the end of input)"},
};

/* name is a command's name, its short form, or a prefix of one name
 * alone (as gdb takes "disas" or "cont"). */
static const struct dbg_cmd *find_cmd(const struct dbg_cmd *table, size_t count, const char *name)
{
	const struct dbg_cmd *prefix = NULL;
	size_t prefixes = 0, len = strlen(name);
	for (size_t i = 0; i < count; i++) {
		if (strcmp(table[i].name, name) == 0 ||
		    (table[i].alias && strcmp(table[i].alias, name) == 0))
			return &table[i];
		if (len && strncmp(table[i].name, name, len) == 0) {
			prefix = &table[i];
			prefixes++;
		}
	}
	return prefixes == 1 ? prefix : NULL;
}

static void unknown(struct dbg *d, const char *what, const char *name, const struct dbg_cmd *table,
		    size_t count)
{
	struct util_near near;
	util_near_init(&near, name, (unsigned)strlen(name) / 2 + 1, 3);
	for (size_t i = 0; i < count; i++)
		util_near_add(&near, table[i].name);
	util_near_closest_only(&near);
	struct util_str hint = {0};
	util_near_write(&near, &hint);
	dbg_error(d, "unknown %s '%s'%s ('help' lists them)", what, name,
		  hint.text ? hint.text : "");
	util_str_free(&hint);
}

static void cmd_info(struct dbg *d, int argc, char **argv)
{
	const size_t n = UTIL_ARRAY_SIZE(info_cmds);
	if (!argc) {
		dbg_error(d, "info what? breakpoints (b), registers (r), queues (q), packet (p)");
		return;
	}
	const struct dbg_cmd *c = find_cmd(info_cmds, n, argv[0]);
	if (!c)
		unknown(d, "info command", argv[0], info_cmds, n);
	else
		c->fn(d, argc - 1, argv + 1);
}

static void help_of(struct dbg *d, const struct dbg_cmd *c)
{
	dbg_printf(d, "%s%s%s%s %s\n", c->name, c->alias ? " (" : "", c->alias ? c->alias : "",
		   c->alias ? ")" : "", c->args);
	for (const char *p = c->help; *p;) {
		size_t len = strcspn(p, "\n");
		dbg_printf(d, "    %.*s\n", (int)len, p);
		p += len + (p[len] == '\n');
	}
}

static void cmd_help(struct dbg *d, int argc, char **argv)
{
	const size_t n = UTIL_ARRAY_SIZE(cmds);
	if (argc) {
		const struct dbg_cmd *c = find_cmd(cmds, n, argv[0]);
		if (!c)
			unknown(d, "command", argv[0], cmds, n);
		else
			help_of(d, c);
		return;
	}
	dbg_printf(d, "commands (gdb's spelling; an empty line repeats the last command):\n");
	for (size_t i = 0; i < n; i++)
		help_of(d, &cmds[i]);
}

/* ---- the prompt ---- */

/* Splits line at blanks into argv (pointers into line, as many as
 * there are words: room for strlen(line) / 2 + 2), *all* of them. */
static int split(char *line, char **argv)
{
	int argc = 0;
	char *save = NULL;
	for (char *p = strtok_r(line, " \t", &save); p; p = strtok_r(NULL, " \t", &save))
		argv[argc++] = p;
	return argc;
}

static void run_line(struct dbg *d, const char *line)
{
	/* a command word written gdb's way, x/4, is "x" "/4": a blank goes
	 * before the first word's slash */
	const size_t len = strlen(line), lead = strspn(line, " \t");
	const size_t word = lead + strcspn(line + lead, " \t");
	const char *slash = memchr(line + lead, '/', word - lead);
	char *copy = util_xmalloc(len + 2);
	if (slash && slash != line + lead) {
		size_t at = (size_t)(slash - line);
		memcpy(copy, line, at);
		copy[at] = ' ';
		memcpy(copy + at + 1, line + at, len - at + 1);
	} else {
		memcpy(copy, line, len + 1);
	}
	char **argv = util_xmalloc((len / 2 + 2) * sizeof *argv);
	int argc = split(copy, argv);
	const struct dbg_cmd *c = argc ? find_cmd(cmds, UTIL_ARRAY_SIZE(cmds), argv[0]) : NULL;
	if (argc && !c)
		unknown(d, "command", argv[0], cmds, UTIL_ARRAY_SIZE(cmds));
	else if (c)
		c->fn(d, argc - 1, argv + 1);
	free(argv);
	free(copy);
}

/* Reads and runs commands until one resumes the run (true) or the user
 * quits (false, d->quit set). */
static bool prompt(struct dbg *d)
{
	d->resume = false;
	while (!d->quit && !d->resume) {
		const char *line = dbg_input_line(d->in, PROMPT);
		if (!line) {
			d->quit = true;
			break;
		}
		if (!line[strspn(line, " \t")]) {
			if (d->last) /* gdb repeats the last command */
				run_line(d, d->last);
			continue;
		}
		free(d->last);
		d->last = util_xstrdup(line);
		run_line(d, line);
	}
	fflush(d->out);
	return d->resume && !d->quit;
}

/* ---- the session ---- */

struct dbg *dbg_new(const struct dbg_options *o, char **error)
{
	struct dbg *d = util_xcalloc(1, sizeof *d);
	d->opts = *o;
	d->out = o->out ? o->out : stdout;
	d->in = dbg_input_new(o->commands, o->script_only, d->out, error);
	if (!d->in) {
		free(d);
		return NULL;
	}
	return d;
}

void dbg_free(struct dbg *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->nbps; i++)
		dbg_bp_free(&d->bps[i]);
	free(d->bps);
	free(d->last);
	free(d->list_file);
	dbg_input_free(d->in);
	free(d);
}

bool dbg_quit(const struct dbg *d)
{
	return d->quit;
}

/* The labels and lines of the replay's image, on each emulator it boots. */
static void load_beside(struct dbg *d, struct emu *emu)
{
	uint8_t *bytes;
	size_t len;
	char *note = NULL;
	if (util_read_image(d->opts.image, 4ull * (EMU_MAX_IMAGE_WORDS + 1), &bytes, &len))
		return; /* the replay said why already */
	if (!emu_load_debug_beside(emu, EMU_MAIN, d->opts.image, bytes, len, d->opts.rnn, &note))
		dbg_printf(d, "warning: %s\n", note);
	free(note);
	free(bytes);
}

bool dbg_before_run(void *ctx, struct emu *emu)
{
	struct dbg *d = ctx;
	if (d->opts.image && d->hooked != emu && !strchr(d->opts.image, ','))
		load_beside(d, emu);
	dbg_attach(d, emu);
	if (d->quit)
		return false;
	if (d->prompted)
		return true;
	d->prompted = true;
	dbg_printf(d, "before the first run: set breakpoints, then continue ('help' lists the "
		      "commands)\n");
	return prompt(d);
}

static void show_stop(struct dbg *d)
{
	if (d->hit && d->hit->kind >= DBG_BP_WATCH_REG)
		dbg_report_watch(d, d->hit, &emu_writes(d->emu)[d->hit_write]);
	else if (d->hit)
		dbg_printf(d, "breakpoint %u, %s\n", d->hit->number, d->hit->what);
	d->hit = NULL;
	dbg_show_where(d, d->proc, d->pc);
}

bool dbg_after_run(void *ctx, struct emu *emu, enum emu_status status)
{
	struct dbg *d = ctx;
	d->emu = emu;
	if (status == EMU_STOPPED) {
		show_stop(d);
		d->mode = DBG_CONTINUE;
		return prompt(d);
	}
	dbg_check_watches_at_end(d);
	bool stepping = d->mode != DBG_CONTINUE;
	if (status == EMU_ERROR && (d->free_mode || stepping)) {
		dbg_printf(d, "the run stopped with an error:\n%s\n", emu_error(emu));
	} else if (status == EMU_IDLE && (d->free_mode || stepping)) {
		d->proc = EMU_MAIN;
		d->pc = emu_pc(emu, EMU_MAIN);
		dbg_printf(d, "idle: every processor waits for a packet\n");
		dbg_show_where(d, d->proc, d->pc);
	}
	if (d->free_mode)
		d->mode = DBG_CONTINUE;
	return false;
}

/* The prompt, running emu by itself, until quit. */
static void free_loop(struct dbg *d, struct emu *emu)
{
	d->free_mode = true;
	dbg_attach(d, emu);
	while (prompt(d)) {
		enum emu_status st;
		do
			st = emu_run(emu);
		while (dbg_after_run(d, emu, st));
	}
}

void dbg_end(struct dbg *d, struct emu *emu)
{
	if (!emu || d->quit)
		return;
	dbg_printf(d, "the test file has run to its end: push packets and continue, or quit\n");
	free_loop(d, emu);
}

int dbg_run_image(struct dbg *d, const char *path, int gen, uint64_t steps, struct rnn_db *rnn,
		  char **error)
{
	*error = NULL;
	char *paths[2] = {util_xstrdup(path), NULL};
	char *comma = strchr(paths[0], ',');
	if (comma) { /* PFP,ME: an a5xx pair */
		*comma = '\0';
		paths[1] = comma + 1;
	}
	uint8_t *bytes[2] = {NULL, NULL};
	size_t len[2] = {0, 0};
	int status = 1;
	struct emu *emu = NULL;
	for (int i = 0; i < 2 && paths[i]; i++) {
		int err = util_read_image(paths[i], 4ull * (EMU_MAX_IMAGE_WORDS + 1), &bytes[i],
					  &len[i]);
		if (err) {
			*error = util_xasprintf("%s: %s", paths[i], util_read_error(err));
			goto out;
		}
	}
	enum emu_gen g = (enum emu_gen)gen;
	if (!gen && !emu_guess_gen_bytes(bytes[0], len[0], &g)) {
		*error = util_xasprintf(
			"%s: not an afuc image this SDK knows; say which generation "
			"with --gpu",
			paths[0]);
		goto out;
	}
	emu = emu_new(&(struct emu_config){.gen = g, .step_limit = steps, .rnn = rnn}, error);
	if (!emu)
		goto out;
	if (paths[1] ? !emu_load_pair_bytes(emu, bytes[0], len[0], bytes[1], len[1])
		     : !emu_load_image_bytes(emu, bytes[0], len[0])) {
		*error = util_xasprintf("%s: %s", path, emu_error(emu));
		goto out;
	}
	for (int i = 0; i < 2 && paths[i]; i++) {
		size_t n = strlen(paths[i]);
		char *note = NULL;
		if ((n < 4 || strcmp(paths[i] + n - 4, ".elf") != 0) &&
		    !emu_load_debug_beside(emu, i ? EMU_ME : EMU_MAIN, paths[i], bytes[i], len[i],
					   rnn, &note))
			dbg_printf(d, "warning: %s\n", note);
		free(note);
	}
	dbg_printf(d,
		   "%s: %s image loaded: set breakpoints, push packets, then continue "
		   "('help' lists the commands)\n",
		   path, emu_variant(emu));
	d->prompted = true;
	free_loop(d, emu);
	status = 0;
out:
	emu_free(emu);
	free(bytes[0]);
	free(bytes[1]);
	free(paths[0]);
	return status;
}
