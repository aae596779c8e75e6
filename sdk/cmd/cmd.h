/* The command-line layer every tool in sdk/cli shares, in the spirit of
 * Lua's lauxlib: option tables, usage errors, --help and --version,
 * diagnostics and checked writes to standard output. Only tools use it;
 * the libraries return errors and never print.
 *
 *   static const struct cmd_option options[] = {
 *       {OPT_OUT, 'o', NULL, "FILE", "write the object to FILE"},
 *       {OPT_GPU, 0, "gpu", "GEN", "the generation"},
 *   };
 *   static const struct cmd_spec spec = {"afuc-as", "[options] FILE", NULL,
 *                                        options, UTIL_ARRAY_SIZE(options)};
 *   struct cmd c;
 *   cmd_init(&c, &spec, argc, argv);
 *   for (int id; (id = cmd_next(&c)) != CMD_END;) {
 *       switch (id) {
 *       case CMD_EXIT: return cmd_finish(&c, c.status);   (help, or a usage error)
 *       case CMD_OPERAND: ... c.value ...
 *       case OPT_OUT: out = c.value; break;
 *       }
 *   }
 *   ...
 *   return cmd_finish(&c, status);                        (checks stdout)
 *
 * What every tool then does alike (docs/building.md, "Command lines"):
 *  - short options (-o FILE, -oFILE, -D NAME, -DNAME), long ones (--gpu
 *    GEN, --gpu=GEN) and, flagged in the table, GNU-ld style single-dash
 *    long ones (-Map FILE);
 *  - options and operands in any order; "--" ends the options, "-" is an
 *    operand (standard input or output);
 *  - -h/--help prints the usage on standard output, --version the
 *    version, both exit 0;
 *  - a usage error ("unknown option '--zzz'", "'-o' needs a value") is
 *    "TOOL: error: ..." and the synopsis on standard error, exit 2;
 *  - messages are diag's: "FILE:LINE:COL: error: ..." for input, and
 *    "TOOL: error: ..." for the tool itself;
 *  - a failed write to standard output (/dev/full) is an error, exit 1.
 */
#ifndef SDK_CMD_H
#define SDK_CMD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/diag.h"
#include "util/util.h"

/* Where cmd_parse keeps an option by itself, in the tool's context
 * struct, instead of calling the tool. */
enum cmd_store {
	CMD_CALL,   /* the tool's take function handles it */
	CMD_STRING, /* const char * at offset: the value */
	CMD_FLAG,   /* bool at offset: set */
};

/* One option of a tool. id is what cmd_next returns for it (> 0). */
struct cmd_option {
	int id;
	char short_name;       /* 'o' for -o; 0: none */
	const char *long_name; /* "gpu" for --gpu; NULL: none */
	const char *arg;       /* the value's name for the help ("FILE"); NULL: no value */
	const char *help;      /* one or more lines ('\n' between them) */
	unsigned flags;
	enum cmd_store store;
	size_t offset;
};

/* For option tables: .store and .offset of a field of struct TYPE. */
#define CMD_KEEP_STRING(type, field) .store = CMD_STRING, .offset = offsetof(type, field)
#define CMD_KEEP_FLAG(type, field) .store = CMD_FLAG, .offset = offsetof(type, field)

/* long_name is also written with one dash (afuc-ld's -Map, as GNU ld) */
#define CMD_SINGLE_DASH 1u
/* the command line needs it: "--chip is required" otherwise */
#define CMD_REQUIRED 2u

struct cmd_spec {
	const char *tool;
	/* what follows "usage: TOOL "; each '\n' starts another form */
	const char *synopsis;
	const char *intro; /* printed after the synopsis by --help; may be NULL */
	const struct cmd_option *options;
	size_t option_count;
	const char *notes; /* printed after the options by --help; may be NULL */
	/* The one operand a tool takes ("source file"): cmd_parse refuses
	 * none ("no source file") and a second ("one source file at a time,
	 * found 'y.s' too"). NULL: the tool counts its operands itself. */
	const char *operand;
};

/* What cmd_next returns besides option ids. */
enum {
	CMD_END = 0,      /* no more arguments */
	CMD_OPERAND = -1, /* an operand, in value */
	CMD_EXIT = -2,    /* --help, --version or a usage error: exit with status */
};

struct cmd {
	const struct cmd_spec *spec;
	int argc;
	char **argv;
	const char *value;               /* the option's value, or the operand */
	const char *spelled;             /* the option as written ("--gpu", "-o") */
	const struct cmd_option *option; /* the option just read, or NULL */
	int status;                      /* with CMD_EXIT: 0 or 2 */
	/* private */
	int next;
	const char *cluster; /* the rest of "-vq" still to read */
	bool operands_only;  /* after "--" */
	char *buffer;        /* "-x" of a cluster, for spelled */
	/* cmd_parse: every argument that may name a file, for the
	 * same-file check (cmd.c) */
	bool keeping;
	struct cmd_arg *args;
	size_t arg_count, arg_cap;
};

void cmd_init(struct cmd *c, const struct cmd_spec *spec, int argc, char **argv);
/* The next option's id, CMD_OPERAND, CMD_END or CMD_EXIT. */
int cmd_next(struct cmd *c);

/* What a tool does with one option (id) or operand (CMD_OPERAND, in
 * c->value): -1 to go on, or the exit status to stop with (what
 * cmd_usage_error returns). check (may be NULL) sees the whole command
 * line once it is read: -1 when it is good, or the exit status. */
typedef int cmd_take_fn(struct cmd *c, int id, void *ctx);
typedef int cmd_check_fn(struct cmd *c, void *ctx);
/* Reads every argument: options with a store go into ctx, the rest
 * through take; then check. Returns -1 when all is good, else the exit
 * status (0 after --help or --version, 2 after a usage error). */
int cmd_parse(struct cmd *c, cmd_take_fn *take, cmd_check_fn *check, void *ctx);

/* cmd_parse also refuses, before the tool does anything, an output
 * option (-o, --listing, -MF, -Map, --elf, --writes, --coverage-out)
 * naming the same file (device and inode, through links) as another
 * argument, an input most likely: "TOOL: FILE: error: the output of -o is
 * also the input 'FILE2'; ...", or a file in a directory that is not
 * there; exit 1. */

/* "TOOL: FILE: error: MESSAGE" on standard error: a file as a whole (one
 * that cannot be read, or written, or is too large). */
void cmd_file_error(const struct cmd *c, const char *file, const char *fmt, ...) UTIL_PRINTF(3, 4);

/* The argument after the option just read, as it is: the second value
 * of an option that takes two (afuc-emu --diff A B); NULL at the end. */
const char *cmd_next_arg(struct cmd *c);

/* Prints "TOOL: error: MESSAGE" and the synopsis on standard error and
 * returns 2, the status of a usage error. */
int cmd_usage_error(struct cmd *c, const char *fmt, ...) UTIL_PRINTF(2, 3);
/* The usage error for the value of the option just read:
 * "--gpu takes a5xx, a6xx or a7xx, not 'a9xx'" (takes: "a5xx, ..."). */
int cmd_bad_value(struct cmd *c, const char *takes);

/* --help's text, on out. */
void cmd_print_help(const struct cmd_spec *spec, FILE *out);

/* "TOOL: error: MESSAGE" on standard error: what the tool itself (not
 * an input) got wrong. */
void cmd_error(const struct cmd *c, const char *fmt, ...) UTIL_PRINTF(2, 3);
void cmd_verror(const struct cmd *c, const char *fmt, va_list ap);
/* Prints d's messages on standard error, unprefixed ones with TOOL. */
void cmd_print_diag(const struct cmd *c, const struct diag *d);

/* ---- one output per source, as gcc -c names them (sources.c) ---- */

/* The output of source: its base name in the current directory, with
 * ext (".o") in place of the first of exts it ends with, or added
 * ("fw/a.S" -> "a.o", "x.txt" -> "x.txt.o"). malloc'ed. */
char *cmd_output_name(const char *source, const char *const *exts, size_t ext_count,
		      const char *ext);
/* -MD's file: output with its extension (if any) replaced by .d, as gcc
 * names it ("out/fw.o" -> "out/fw.d"). malloc'ed. */
char *cmd_dep_file(const char *output);

/* An option that names one file (or one of anything), which several
 * sources cannot share. */
struct cmd_single {
	const char *spelled; /* "-o" */
	bool given;
	const char *why; /* "each object is named after its source" */
};
/* The name of source's output (malloc'ed). */
typedef char *cmd_name_fn(const void *ctx, const char *source);
/* The usage checks of a tool that takes one or more sources: none is
 * "no source file"; with several, the first given option of singles
 * ("-o cannot be used with 2 sources: WHY"), standard input among them
 * and, when name is not NULL, two sources whose outputs would have one
 * name ("'x/a.s' and 'y/a.s' would both write 'a.o'"). Returns -1 when
 * the command line is good, else the exit status. */
int cmd_check_sources(struct cmd *c, const char *const *sources, size_t count,
		      const struct cmd_single *singles, size_t single_count, cmd_name_fn *name,
		      const void *ctx);

/* ---- a run's outputs, all or none (outputs.c) ---- */

/* What one run writes (an object, a listing, a make rule...): every one
 * or, when one cannot be written, none, every old file left as it was
 * (util_outputs). Paths and data must live until cmd_outputs_write. */
#define CMD_MAX_OUTPUTS 4
struct cmd_outputs {
	const char *paths[CMD_MAX_OUTPUTS]; /* "-": standard output */
	const char *what[CMD_MAX_OUTPUTS];  /* "object"; NULL: say no more than the path */
	const void *data[CMD_MAX_OUTPUTS];
	size_t len[CMD_MAX_OUTPUTS];
	size_t count;
};
void cmd_outputs_add(struct cmd_outputs *o, const char *what, const char *path, const void *data,
		     size_t len);
/* Writes them; false with "PATH: error: cannot write WHAT: REASON" in d
 * when one could not be written. */
bool cmd_outputs_write(const struct cmd_outputs *o, struct diag *d);

/* The end of every tool: flushes and closes standard output and returns
 * status, or 1 with "TOOL: error: cannot write standard output: ..." when
 * anything written there was lost (a full disk, /dev/full, a closed
 * pipe). Frees what cmd_init took. */
int cmd_finish(struct cmd *c, int status);

#endif
