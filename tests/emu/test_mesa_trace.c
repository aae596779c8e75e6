/* The emulator against a second implementation: Mesa's emulator stepping
 * a630_sqe.fw through its bootstrap, a CP_NOP and a CP_MEM_WRITE
 * (../shared/reference/emu/a630_sqe-boot-nop-memwrite.trace). The same
 * image and packets run here must execute the same instruction words in
 * the same order and leave the general registers $01..$19 with the same
 * values after each instruction. The instruction tests build their words
 * with the ISA table, so a wrong row would cancel out there; here it
 * cannot. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/firmware.h"
#include "afuc/emu.h"
#include "afuc/tap.h"
#include "util/util.h"

#define MAX_GPR 0x1a /* $01..$19: what both models keep alike */

struct step {
	uint32_t word;
	bool set[MAX_GPR];
	uint32_t gpr[MAX_GPR];
};

struct steps {
	struct step *items;
	size_t count, cap;
};

/* Mesa's trace: an instruction line ("\t0000: 88020001  mov $02, 0x1"),
 * then what it changed ("              GPR:  $02: 00000001"); a (rep)
 * prints its changes once per iteration, the last value counts. */
static void parse_trace(const char *text, struct steps *out)
{
	struct step *cur = NULL;
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		unsigned word, reg, value;
		char name[8];
		if (len > 16 && line[0] == '\t' && sscanf(line, "\t%*x: %8x", &word) == 1 &&
		    line[16] == ' ' && line[18] != '[') {
			cur = UTIL_PUSH(out->items, out->count, out->cap);
			memset(cur, 0, sizeof *cur);
			cur->word = word;
		} else if (cur && sscanf(line, " GPR: $%7[0-9a-f]: %x", name, &value) == 2 &&
			   sscanf(name, "%x", &reg) == 1 && strlen(name) == 2 && reg >= 1 &&
			   reg < MAX_GPR) {
			cur->set[reg] = true;
			cur->gpr[reg] = value;
		}
		line += len + (nl != NULL);
	}
}

static void on_step(void *ctx, const struct emu *emu, const struct emu_trace *t)
{
	struct steps *s = ctx;
	if (t->proc != EMU_MAIN)
		return;
	struct step *st;
	if (t->iteration > 0 && s->count) {
		st = &s->items[s->count - 1]; /* a (rep) is one line in Mesa's */
	} else {
		st = UTIL_PUSH(s->items, s->count, s->cap);
		memset(st, 0, sizeof *st);
		st->word = t->word;
	}
	for (unsigned r = 1; r < MAX_GPR; r++)
		st->gpr[r] = emu_gpr(emu, EMU_MAIN, r);
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);
	const char *root = getenv("SDK_ROOT");
	char *trace_path = util_xasprintf(
		"%s/../shared/reference/emu/a630_sqe-boot-nop-memwrite.trace",
		root && *root ? root : ".");
	uint8_t *text = NULL;
	size_t text_len = 0;
	size_t fw_len;
	uint8_t *fw = test_firmware("a630_sqe.fw", &fw_len, NULL);
	if (util_read_file_max(trace_path, 1u << 24, &text, &text_len) != 0 || !fw) {
		tap_skip_all(&t, "%s",
			     fw ? "no Mesa trace in ../shared/reference/emu" : "no a630_sqe.fw");
		free(trace_path);
		free(fw);
		return 0;
	}
	char *str = util_xcalloc(1, text_len + 1);
	memcpy(str, text, text_len);
	struct steps mesa = {0}, ours = {0};
	parse_trace(str, &mesa);

	/* as Mesa ran it: the image at 0x1000, which its bootstrap reads */
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX, .instr_base = 0x1000},
				  NULL);
	tap_ok(&t, emu_load_image_bytes(emu, fw, fw_len), "a630_sqe.fw loads");
	emu_set_trace(emu, on_step, &ours);
	enum emu_status boot = emu_run(emu);
	emu_push_pkt7(emu, 0x10, (uint32_t[]){1, 2, 3, 4}, 4); /* CP_NOP */
	enum emu_status nop = emu_run(emu);
	emu_push_pkt7(emu, 0x3d, (uint32_t[]){0x1000, 0, 0xdeadbeef}, 3); /* CP_MEM_WRITE */
	enum emu_status write = emu_run(emu);
	tap_ok(&t, boot == EMU_IDLE && nop == EMU_IDLE && write == EMU_IDLE,
	       "all three run to idle (%s)", emu_error(emu));
	tap_ok(&t, mesa.count > 50, "Mesa's trace has %zu instructions", mesa.count);

	size_t n = mesa.count < ours.count ? mesa.count : ours.count, first_word = n, first_gpr = n;
	unsigned bad_reg = 0;
	for (size_t i = 0; i < n && first_word == n; i++) {
		if (mesa.items[i].word != ours.items[i].word) {
			first_word = i;
			break;
		}
		for (unsigned r = 1; r < MAX_GPR && first_gpr == n; r++)
			if (mesa.items[i].set[r] && mesa.items[i].gpr[r] != ours.items[i].gpr[r]) {
				first_gpr = i;
				bad_reg = r;
			}
	}
	tap_is_int(&t, (long long)ours.count, (long long)mesa.count,
		   "as many instructions executed as in Mesa's trace");
	if (first_word < n)
		tap_ok(&t, false,
		       "the same words in the same order: instruction %zu is %08x here, %08x in "
		       "Mesa's",
		       first_word, ours.items[first_word].word, mesa.items[first_word].word);
	else
		tap_ok(&t, true, "the same %zu words in the same order", n);
	if (first_gpr < n)
		tap_ok(&t, false,
		       "the same registers: after instruction %zu (%08x) $%02x is %08x here, %08x "
		       "in Mesa's",
		       first_gpr, mesa.items[first_gpr].word, bad_reg,
		       ours.items[first_gpr].gpr[bad_reg], mesa.items[first_gpr].gpr[bad_reg]);
	else
		tap_ok(&t, true, "$01..$19 agree after every instruction that changed one");
	tap_is_hex(&t, emu_mem_read32(emu, 0x1000), 0xdeadbeef,
		   "and CP_MEM_WRITE wrote, as in Mesa's");

	emu_free(emu);
	free(mesa.items);
	free(ours.items);
	free(str);
	free(text);
	free(fw);
	free(trace_path);
	return tap_done_testing(&t);
}
