/* sdk/dis: names from the register database (names.c). Every function
 * accepts a NULL struct dis_names (no database): then nothing is named. */
#ifndef SDK_DIS_NAMES_H
#define SDK_DIS_NAMES_H

#include "isa/isa.h"
#include "util/diag.h"

struct rnn_db;
struct dis_names;

/* The views of one generation (control registers from the map control
 * names, NULL for the generation's own); NULL when db is NULL. Errors reading the
 * tree go to d (and give NULL). Freed with dis_names_free. */
struct dis_names *dis_names_new(struct rnn_db *db, enum isa_gen gen, const char *control,
				struct diag *d);

/* The control-register map an image uses when it is not its
 * generation's own (A7XX_GEN3 for a750 and gen 8): the one whose
 * REG_READ_ADDR is the register the bootstrap reads GPU registers
 * through (fw_info.reg_read_addr); NULL for the generation's own. */
const char *dis_control_variant(struct rnn_db *db, enum isa_gen gen, uint32_t reg_read_addr);
void dis_names_free(struct dis_names *n);

/* Append "@NAME" / "%NAME" for a control / SQE register base (as the
 * isa_format hooks do); false when there is no name. */
bool dis_names_control(struct dis_names *n, uint32_t base, struct util_str *out);
bool dis_names_sqe(struct dis_names *n, uint32_t base, struct util_str *out);

/* Appends the PM4 name of opcode (CP_NOP, PKT4), UNKNn when it has none. */
void dis_names_pm4(struct dis_names *n, unsigned opcode, struct util_str *out);

/* "\t; NAME" for a GPU register value of 0x100 or more. */
void dis_names_gpu_comment(struct dis_names *n, uint32_t value, struct util_str *out);

/* The comment Mesa prints after an immediate: a GPU register, or the pipe
 * register `mov $addr, X << 24` selects. */
void dis_names_imm_comment(struct dis_names *n, const struct isa_instr *in, struct util_str *out);

/* The value of a GPU / control register name; false when unknown. */
bool dis_names_gpu_value(struct dis_names *n, const char *name, uint32_t *value);
bool dis_names_control_value(struct dis_names *n, const char *name, uint32_t *value);

#endif
