/* The debugger's insides, shared by its files: the session (dbg.c:
 * command table, running), breakpoints and the stop hook
 * (dbg_break.c), what it shows (dbg_show.c) and where its
 * lines come from (dbg_input.c). */
#ifndef SDK_DBG_SESSION_H
#define SDK_DBG_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "afuc/emu.h"
#include "dbg/dbg.h"
#include "util/util.h"

/* ---- input (dbg_input.c) ---- */

struct dbg_input;
/* -x FILE first (NULL: none), then standard input (unless script_only),
 * edited with libedit when it is a terminal; plain lines are echoed on
 * out. NULL with *error when FILE cannot be opened. */
struct dbg_input *dbg_input_new(const char *file, bool script_only, FILE *out, char **error);
void dbg_input_free(struct dbg_input *in);
/* The next line without its newline (owned by in, valid until the next
 * call), or NULL at the end of every input. */
const char *dbg_input_line(struct dbg_input *in, const char *prompt);
/* Whether lines are typed at a terminal (no echo of commands then). */
bool dbg_input_interactive(const struct dbg_input *in);

/* ---- breakpoints (dbg_break.c) ---- */

enum dbg_bp_kind { DBG_BP_PC, DBG_BP_OPCODE, DBG_BP_WATCH_REG, DBG_BP_WATCH_MEM };

struct dbg_bp {
	unsigned number;
	enum dbg_bp_kind kind;
	char *what; /* as the user wrote it */
	/* DBG_BP_PC: the places (a file:line may have several), malloc'ed */
	struct emu_code_place *places;
	size_t nplaces;
	uint32_t opcode; /* DBG_BP_OPCODE: the packet-table index */
	uint64_t addr;   /* watches: the register offset or byte address */
	unsigned hits;
};

/* What the session is doing until the next stop. */
enum dbg_mode {
	DBG_CONTINUE, /* until a breakpoint */
	DBG_STEPI,    /* the next instruction of proc */
	DBG_NEXTI,    /* the same, over a call */
	DBG_STEP,     /* the next source line of proc */
	DBG_NEXT,     /* the same, over calls */
	DBG_FINISH,   /* the next waitin of proc: the end of the handler */
};

#define DBG_PAYLOAD_SHOWN 64u

struct dbg {
	struct dbg_options opts;
	FILE *out; /* the transcript */
	struct dbg_input *in;
	struct emu *emu;          /* the emulator of the current run */
	const struct emu *hooked; /* the one whose hook is on */
	bool prompted;            /* the prompt came before the first run */
	bool quit;
	bool free_mode; /* the debugger runs emu itself (after the file, or an image) */
	bool resume;    /* the command just run resumes the run */
	char *last;     /* the last command, repeated by an empty line */
	/* where the user is: the processor and pc shown last */
	enum emu_proc proc;
	uint32_t pc;
	uint32_t list_next; /* list: the line after the last one listed */
	char *list_file;
	/* running */
	enum dbg_mode mode;
	unsigned step_count;   /* stepi N: stops still to make */
	const char *step_file; /* step/next: the line started from */
	uint32_t step_line;
	uint32_t depth;     /* next: the call depth started from */
	uint32_t return_pc; /* nexti over a call: where it returns */
	uint64_t sp_reg;    /* the SQE register SP, if named */
	bool have_sp;
	uint32_t prev_pc[EMU_PROC_COUNT]; /* each processor's last instruction */
	/* why the run stopped, set by the hook */
	struct dbg_bp *hit;
	size_t hit_write; /* the watched write, an index of emu_writes */
	/* breakpoints */
	struct dbg_bp *bps;
	size_t nbps, bps_cap;
	unsigned next_number;
	size_t writes_seen; /* the write log checked for watches so far */
	/* the packet being handled (main processor), kept as it was taken:
	 * its payload may be read and gone from the ring since */
	bool have_packet;
	struct emu_packet packet;
	uint32_t payload[DBG_PAYLOAD_SHOWN];
	size_t payload_count; /* words of payload kept */
	bool payload_known;
};

/* Messages: output on stdout, errors "error: ..." too, so that a
 * session's transcript reads in order. */
void dbg_printf(struct dbg *d, const char *fmt, ...) UTIL_PRINTF(2, 3);
void dbg_error(struct dbg *d, const char *fmt, ...) UTIL_PRINTF(2, 3);

/* A processor name (case as shown) to its number; false if none. */
bool dbg_parse_proc(const struct emu *emu, const char *name, enum emu_proc *proc);

bool dbg_stop_hook(void *ctx, const struct emu *emu, enum emu_proc proc, uint32_t pc);
/* Puts the hook on emu (once per emulator) and resets what it saw. */
void dbg_attach(struct dbg *d, struct emu *emu);
/* Watches hit by writes the hook has not seen (the run ended after
 * them): reports them. */
void dbg_check_watches_at_end(struct dbg *d);
/* Whether the instruction at pc is text ("waitin", "call"...). */
bool dbg_insn_is(const struct emu *emu, enum emu_proc proc, uint32_t pc, const char *op);

/* ---- commands (each in the table of dbg.c) ---- */

/* args: the words after the command, split at blanks (argv style). */
typedef void dbg_cmd_fn(struct dbg *d, int argc, char **argv);

dbg_cmd_fn dbg_cmd_break, dbg_cmd_watch, dbg_cmd_delete, dbg_cmd_info_breakpoints;
dbg_cmd_fn dbg_cmd_print, dbg_cmd_examine, dbg_cmd_info_registers, dbg_cmd_info_queues;
dbg_cmd_fn dbg_cmd_info_packet, dbg_cmd_list, dbg_cmd_disassemble, dbg_cmd_push;

/* A place the user names: a packet opcode (CP_MEM_WRITE: its
 * handler, when that packet is handled), a label, a pc (0x64, *0x64,
 * BV:0x10) or FILE:LINE. */
struct dbg_loc {
	bool is_opcode;
	uint32_t opcode;
	struct emu_code_place *places; /* malloc'ed: every place of a FILE:LINE */
	size_t nplaces;
	const char *file; /* FILE:LINE: as written */
	uint32_t line;
};
/* false after printing why text is no place (nothing to free then) */
bool dbg_parse_loc(struct dbg *d, const char *text, struct dbg_loc *loc);
/* A location of one place, and the end of any. */
void dbg_loc_one(struct dbg_loc *loc, enum emu_proc proc, uint32_t pc);
void dbg_loc_free(struct dbg_loc *loc);
/* Frees what breakpoint bp holds. */
void dbg_bp_free(struct dbg_bp *bp);
/* A name of space (with the assembler's @ % | prefix) or a number;
 * false after printing "unknown ..." with the nearest names. */
bool dbg_parse_name(struct dbg *d, enum emu_space space, const char *text, uint64_t *value);
/* A watch's hit, as a stop (and the end of a run) reports it. */
void dbg_report_watch(struct dbg *d, const struct dbg_bp *bp, const struct emu_write *w);

/* Where proc's pc is, as a stop shows it: "SQE pc 0042 cp-handlers.S:64
 * CP_MEM_WRITE+7", then the source line's text or the instruction. */
void dbg_show_where(struct dbg *d, enum emu_proc proc, uint32_t pc);
/* The text of line of file (the path recorded; looked for as it is,
 * then in the SDK's tree), malloc'ed; NULL when the file is shorter
 * or, with *found false, not found. */
char *dbg_source_text(const char *file, uint32_t line, bool *found);

#endif
