/* sdk/ld internals: the parsed linker script (docs/afuc-ld.md is the
 * language). Every node keeps its location so that the link can report
 * an error at the statement that caused it. */
#ifndef SDK_LD_SCRIPT_H
#define SDK_LD_SCRIPT_H

#include "ld/ld.h"

enum ld_expr_kind {
	LD_E_NUMBER,
	LD_E_DOT,        /* . : the location counter */
	LD_E_SYMBOL,     /* name */
	LD_E_IMAGE_SIZE, /* IMAGE_SIZE: words in the file after the zero word */
	LD_E_UNARY,      /* op a */
	LD_E_BINARY,     /* a op b */
	LD_E_COND,       /* a ? b : c */
	LD_E_FUNC,       /* func(a[, b]) or func(name) */
};

/* Operators that are not one character. */
enum ld_op {
	LD_OP_SHL = 256,
	LD_OP_SHR,
	LD_OP_LE,
	LD_OP_GE,
	LD_OP_EQ,
	LD_OP_NE,
	LD_OP_ANDAND,
	LD_OP_OROR,
};

enum ld_func {
	LD_F_ALIGN,
	LD_F_ADDR,
	LD_F_SIZEOF,
	LD_F_SIZEOF_PROCESSOR,
	LD_F_DEFINED,
	LD_F_MIN,
	LD_F_MAX
};

struct ld_expr {
	uint8_t kind; /* enum ld_expr_kind */
	uint8_t func; /* enum ld_func */
	uint8_t argc; /* LD_E_FUNC: arguments in a, b */
	int op;       /* a character or an enum ld_op */
	int64_t number;
	char *name; /* LD_E_SYMBOL; ADDR/SIZEOF/DEFINED argument */
	struct ld_expr *a, *b, *c;
	struct diag_loc loc;
};

enum ld_stmt_kind {
	LD_S_OUTPUT_ARCH,     /* OUTPUT_ARCH(gen) */
	LD_S_SECTIONS,        /* SECTIONS { body } */
	LD_S_PROCESSOR,       /* PROCESSOR name [ALIGN(expr)] { body } */
	LD_S_OUTPUT_SECTION,  /* name [addr] : [ALIGN(expr)] { body } */
	LD_S_INPUT,           /* [KEEP(] file(sections...) [)] */
	LD_S_ASSIGN,          /* name = expr; PROVIDE(name = expr); ". = expr" (the
				 parser makes ". += x" into ". = . + x") */
	LD_S_ASSERT,          /* ASSERT(expr, "message") */
	LD_S_SIZE_LIMIT,      /* SIZE_LIMIT(expr) */
	LD_S_LONG,            /* LONG(expr): one data word */
	LD_S_NOP,             /* NOP(expr): a nop carrying expr as its payload */
	LD_S_PACKET_TABLE,    /* PACKET_TABLE(symbol[, size]) */
	LD_S_DEFAULT_HANDLER, /* DEFAULT_HANDLER(expr) */
	LD_S_HANDLER,         /* HANDLER(opcode, expr) */
};

struct ld_stmt {
	uint8_t kind;       /* enum ld_stmt_kind */
	bool keep;          /* LD_S_INPUT inside KEEP() */
	bool provide;       /* LD_S_ASSIGN inside PROVIDE() */
	uint32_t id;        /* 0.. in script order: index of side tables during a link */
	char *name;         /* processor, output section, symbol (NULL for "."),
			 PACKET_TABLE symbol, HANDLER opcode name, OUTPUT_ARCH */
	char *file_pattern; /* LD_S_INPUT */
	char **patterns;    /* LD_S_INPUT section patterns */
	size_t pattern_count;
	struct ld_expr *expr; /* value, address, size limit */
	struct ld_expr *aux;  /* PROCESSOR/OUTPUT_SECTION ALIGN(), PACKET_TABLE
					  size, HANDLER opcode given as a number */
	char *message;        /* ASSERT */
	struct ld_stmt *body; /* SECTIONS, PROCESSOR, OUTPUT_SECTION */
	size_t body_count, body_cap;
	struct diag_loc loc;
};

struct ld_script {
	char *name; /* file name, for locations (every loc.file points here) */
	char *text; /* a NUL-terminated copy, for source lines in messages */
	struct ld_stmt *stmts;
	size_t stmt_count, stmt_cap;
	uint32_t stmt_total; /* ids handed out */
};

/* The text of line `line` of the script (up to its newline), for a
 * caret under an error; NULL when out of range. */
const char *ld_script_line(const struct ld_script *s, unsigned line);

#endif
