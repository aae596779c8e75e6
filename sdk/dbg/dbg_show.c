/* What the debugger shows: registers of every space (print, info
 * registers), memory (x), the queues and the packet being handled, the
 * source around pc (list) and the disassembly (disassemble). */
#include <stdlib.h>
#include <string.h>

#include "dbg/session.h"
#include "isa/isa.h"

/* lines list shows */
#define LIST_LINES 10
/* instructions disassemble shows without a label to stop at */
#define DISASM_MAX 32

static const char *const space_words[EMU_SPACE_COUNT] = {
	[EMU_SPACE_GPU] = "register",      [EMU_SPACE_CONTROL] = "control register",
	[EMU_SPACE_SQE] = "SQE register",  [EMU_SPACE_PIPE] = "pipe register",
	[EMU_SPACE_PM4] = "packet opcode",
};
static const char space_prefix[EMU_SPACE_COUNT] = {
	[EMU_SPACE_CONTROL] = '@', [EMU_SPACE_SQE] = '%', [EMU_SPACE_PIPE] = '|'};
static const uint64_t space_limits[EMU_SPACE_COUNT] = {
	[EMU_SPACE_GPU] = EMU_GPU_REG_COUNT,     [EMU_SPACE_CONTROL] = EMU_CONTROL_COUNT,
	[EMU_SPACE_SQE] = EMU_CONTROL_COUNT,     [EMU_SPACE_PIPE] = 256,
	[EMU_SPACE_PM4] = EMU_PACKET_TABLE_SIZE,
};

bool dbg_parse_name(struct dbg *d, enum emu_space space, const char *text, uint64_t *value)
{
	const char *name = text + (space_prefix[space] && text[0] == space_prefix[space]);
	if (name[0] >= '0' && name[0] <= '9') {
		if (!util_parse_u64(name, value)) {
			dbg_error(d, "expected a number, found '%s'", text);
			return false;
		}
	} else if (!emu_lookup(d->emu, space, name, value)) {
		const char *near[3];
		int n = emu_lookup_near(d->emu, space, name, near, 3);
		struct util_str hint = {0};
		if (n < 0)
			util_str_puts(&hint, " (no register database: use a number)");
		util_did_you_mean(&hint, near, n > 0 ? (size_t)n : 0);
		dbg_error(d, "unknown %s '%s' for %s%s", space_words[space], name,
			  emu_variant(d->emu), hint.text ? hint.text : "");
		util_str_free(&hint);
		return false;
	}
	if (*value >= space_limits[space]) {
		dbg_error(d, "%s is outside the %s space (below 0x%llx)", text, space_words[space],
			  (unsigned long long)space_limits[space]);
		return false;
	}
	return true;
}

/* ---- print ---- */

static void print_value(struct dbg *d, const char *name, uint32_t v)
{
	dbg_printf(d, "%s = 0x%08x (%u)\n", name, v, v);
}

/* $02, $rem, $addr, $pc: false after an error. */
static void print_gpr(struct dbg *d, const char *text)
{
	unsigned reg;
	size_t len = strlen(text);
	if (strcmp(text, "$pc") == 0) {
		print_value(d, "$pc", emu_pc(d->emu, d->proc));
		return;
	}
	if (isa_parse_reg(text, len, true, &reg)) {
		print_value(d, text, emu_gpr(d->emu, d->proc, reg));
		return;
	}
	if (isa_parse_reg(text, len, false, &reg)) {
		dbg_error(d,
			  "reading %s would take a word from its queue; 'info queues' shows "
			  "them",
			  text);
		return;
	}
	dbg_error(d, "unknown register '%s' (expected $00..$1c, $sp, $lr, $rem, $addr or $pc)",
		  text);
}

static void print_one(struct dbg *d, const char *text)
{
	uint64_t v;
	char label[160];
	enum emu_space space = text[0] == '@'   ? EMU_SPACE_CONTROL
			       : text[0] == '%' ? EMU_SPACE_SQE
			       : text[0] == '|' ? EMU_SPACE_PIPE
						: EMU_SPACE_GPU;
	if (text[0] == '$') {
		print_gpr(d, text);
		return;
	}
	if (!dbg_parse_name(d, space, text, &v))
		return;
	char name[128];
	if (!emu_name(d->emu, space, v, name, sizeof name))
		snprintf(name, sizeof name, "0x%llx", (unsigned long long)v);
	uint32_t offset = (uint32_t)v;
	switch (space) {
	case EMU_SPACE_CONTROL:
		snprintf(label, sizeof label, "@%s", name);
		print_value(d, label, emu_ctrl(d->emu, d->proc, offset));
		break;
	case EMU_SPACE_SQE:
		snprintf(label, sizeof label, "%%%s", name);
		print_value(d, label, emu_sqe(d->emu, d->proc, offset));
		break;
	case EMU_SPACE_PIPE:
		snprintf(label, sizeof label, "|%s (last written)", name);
		print_value(d, label, emu_pipe(d->emu, d->proc, offset));
		break;
	default:
		snprintf(label, sizeof label, "%s (0x%05x)", name, offset);
		print_value(d, label, emu_get_reg(d->emu, offset));
		break;
	}
}

void dbg_cmd_print(struct dbg *d, int argc, char **argv)
{
	if (!argc) {
		dbg_error(d,
			  "print what? ($02, $rem, @IB1_BASE, %%SP, |NRT_ADDR, CP_SCRATCH_REG[2] "
			  "or a register offset)");
		return;
	}
	for (int i = 0; i < argc; i++)
		print_one(d, argv[i]);
}

void dbg_cmd_info_registers(struct dbg *d, int argc, char **argv)
{
	if (argc) {
		dbg_cmd_print(d, argc, argv);
		return;
	}
	const struct emu *emu = d->emu;
	dbg_printf(d, "%s pc %04x\n", emu_proc_name(emu, d->proc), emu_pc(emu, d->proc));
	struct util_str row = {0};
	for (unsigned r = 0; r <= 0x1d; r++) {
		util_str_printf(&row, "%-5s 0x%08x%s", isa_reg_name(r, r == 0x1d),
				emu_gpr(emu, d->proc, r), r % 4 == 3 || r == 0x1d ? "" : "   ");
		if (r % 4 == 3 || r == 0x1d) {
			dbg_printf(d, "%s\n", row.text);
			util_str_free(&row);
		}
	}
	uint64_t sp;
	if (emu_lookup(emu, EMU_SPACE_SQE, "SP", &sp))
		dbg_printf(d, "%%SP   0x%08x\n", emu_sqe(emu, d->proc, (uint32_t)sp));
}

/* ---- memory and queues ---- */

static void dump_words(struct dbg *d, uint64_t addr, size_t count)
{
	struct util_str line = {0};
	for (size_t i = 0; i < count; i++) {
		if (i % 4 == 0)
			util_str_printf(&line, "0x%08llx:", (unsigned long long)(addr + 4 * i));
		util_str_printf(&line, " 0x%08x", emu_mem_read32(d->emu, addr + 4 * i));
		if (i % 4 == 3 || i + 1 == count) {
			dbg_printf(d, "%s\n", line.text);
			util_str_free(&line);
		}
	}
}

void dbg_cmd_examine(struct dbg *d, int argc, char **argv)
{
	/* x ADDR [COUNT], or gdb's x/COUNT ADDR */
	uint64_t addr, count = 1;
	if (argc && argv[0][0] == '/') {
		if (!util_parse_u64(argv[0] + 1, &count)) {
			dbg_error(d, "expected x/COUNT ADDRESS, found '%s'", argv[0]);
			return;
		}
		argc--;
		argv++;
	} else if (argc == 2 && !util_parse_u64(argv[1], &count)) {
		dbg_error(d, "expected a count of words, found '%s'", argv[1]);
		return;
	}
	if (argc < 1 || argc > 2 || !util_parse_u64(argv[0], &addr)) {
		dbg_error(d, "expected x ADDRESS [COUNT]%s%s%s", argc ? ", found '" : "",
			  argc ? argv[0] : "", argc ? "'" : "");
		return;
	}
	if (addr & 3) {
		dbg_error(d, "0x%llx is not a multiple of 4: memory is read in words",
			  (unsigned long long)addr);
		return;
	}
	if (count == 0 || count > 4096) {
		dbg_error(d, "a count from 1 to 4096 words, not %llu", (unsigned long long)count);
		return;
	}
	dump_words(d, addr, (size_t)count);
}

static void show_words(struct dbg *d, const char *indent, const uint32_t *w, size_t n, size_t total)
{
	struct util_str line = {0};
	for (size_t i = 0; i < n; i++) {
		util_str_printf(&line, "%s0x%08x", i % 8 ? " " : indent, w[i]);
		if (i % 8 == 7 || i + 1 == n) {
			dbg_printf(d, "%s\n", line.text);
			util_str_free(&line);
		}
	}
	if (total > n)
		dbg_printf(d, "%s... %zu more\n", indent, total - n);
}

void dbg_cmd_info_queues(struct dbg *d, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const struct emu *emu = d->emu;
	uint32_t words[16];
	uint64_t offset, v;
	size_t pending = emu_ring_pending(emu);
	size_t n = emu_ring_peek(emu, &offset, words, 16);
	dbg_printf(d, "ring: %zu word%s pending%s\n", pending, pending == 1 ? "" : "s",
		   pending ? ":" : "");
	show_words(d, "  ", words, n, pending);
	uint32_t level = emu_lookup(emu, EMU_SPACE_CONTROL, "IB_LEVEL", &v)
				 ? emu_ctrl(emu, EMU_MAIN, (uint32_t)v)
				 : 0;
	dbg_printf(d, "IB_LEVEL: %u\n", level);
	for (unsigned k = 1; k < 8; k++) {
		char name[32];
		uint64_t base_reg, dwords_reg;
		snprintf(name, sizeof name, "IB%u_BASE", k);
		if (!emu_lookup(emu, EMU_SPACE_CONTROL, name, &base_reg))
			break;
		snprintf(name, sizeof name, "IB%u_DWORDS", k);
		if (!emu_lookup(emu, EMU_SPACE_CONTROL, name, &dwords_reg))
			break;
		uint64_t base = emu_ctrl(emu, EMU_MAIN, (uint32_t)base_reg) |
				(uint64_t)emu_ctrl(emu, EMU_MAIN, (uint32_t)base_reg + 1) << 32;
		uint32_t left = emu_ctrl(emu, EMU_MAIN, (uint32_t)dwords_reg);
		dbg_printf(d, "IB%u: %u word%s pending at 0x%llx%s\n", k, left,
			   left == 1 ? "" : "s", (unsigned long long)base, left ? ":" : "");
		for (uint32_t i = 0; i < left && i < 16; i++)
			words[i] = emu_mem_read32(emu, base + 4 * i);
		show_words(d, "  ", words, left < 16 ? left : 16, left);
	}
	if (emu_is_pair(emu))
		dbg_printf(d, "MEQ: %zu words pending\n", emu_meq_pending(emu));
}

void dbg_cmd_info_packet(struct dbg *d, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	if (!d->have_packet) {
		dbg_printf(d, "no packet taken yet\n");
		return;
	}
	const struct emu_packet *p = &d->packet;
	struct emu_pm4 pkt = {0};
	emu_pm4_decode(p->header, &pkt); /* waitin took it: it is a header */
	const uint32_t op = pkt.entry, count = pkt.count;
	char name[128];
	if (pkt.type == 4) {
		uint32_t reg = pkt.reg;
		char reg_name[96];
		if (!emu_name(d->emu, EMU_SPACE_GPU, reg, reg_name, sizeof reg_name))
			snprintf(reg_name, sizeof reg_name, "0x%05x", reg);
		snprintf(name, sizeof name, "PKT4 %s (0x%05x)", reg_name, reg);
	} else {
		char op_name[96];
		emu_entry_name(d->emu, op, op_name, sizeof op_name);
		snprintf(name, sizeof name, "%s (0x%02x)", op_name, op);
	}
	dbg_printf(d, "packet %s%s, header 0x%08x, %u payload word%s\n", name,
		   p->made_up ? " (made up at the IB's end)" : "", p->header, count,
		   count == 1 ? "" : "s");
	if (p->level)
		dbg_printf(d, "level %u (IB%u) at 0x%llx\n", p->level, p->level,
			   (unsigned long long)p->addr);
	else
		dbg_printf(d, "level 0 (ring) at offset 0x%llx\n", (unsigned long long)p->addr);
	if (!count)
		return;
	if (!d->payload_known) {
		dbg_printf(d, "payload: read before the debugger saw the packet\n");
		return;
	}
	dbg_printf(d, "payload:\n");
	show_words(d, "  ", d->payload, d->payload_count, count);
}

/* ---- source and disassembly ---- */

char *dbg_source_text(const char *file, uint32_t line, bool *found)
{
	/* the path as recorded (relative to where make ran), else in the
	 * SDK's tree this program belongs to */
	char *tries[3] = {util_xstrdup(file), NULL, NULL};
	if (file[0] != '/') {
		char *rel = util_xasprintf("../../%s", file);
		tries[1] = util_sdk_path(rel);
		free(rel);
		rel = util_xasprintf("../%s", file);
		tries[2] = util_sdk_path(rel);
		free(rel);
	}
	char *text = NULL;
	*found = false;
	for (int i = 0; i < 3 && !*found; i++) {
		FILE *f = tries[i] ? fopen(tries[i], "r") : NULL;
		if (!f)
			continue;
		*found = true;
		char *buf = NULL;
		size_t cap = 0;
		ssize_t n = 0;
		for (uint32_t k = 1; k <= line && (n = getline(&buf, &cap, f)) >= 0; k++)
			;
		if (n >= 0 && buf) {
			while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
				buf[--n] = '\0';
			text = util_xstrdup(buf);
		}
		free(buf);
		fclose(f);
	}
	for (int i = 0; i < 3; i++)
		free(tries[i]);
	return text;
}

void dbg_show_where(struct dbg *d, enum emu_proc proc, uint32_t pc)
{
	char where[160], insn[128];
	emu_where(d->emu, proc, pc, where, sizeof where);
	dbg_printf(d, "%s pc %04x%s%s\n", emu_proc_name(d->emu, proc), pc, *where ? " " : "",
		   where);
	const char *file;
	uint32_t line;
	char *text = NULL;
	bool found;
	if (emu_source_line(d->emu, proc, pc, &file, &line))
		text = dbg_source_text(file, line, &found);
	emu_disasm(d->emu, proc, pc, insn, sizeof insn);
	if (text)
		dbg_printf(d, "%u\t%s\n", line, text);
	else
		dbg_printf(d, "%04x\t%s\n", pc, insn);
	free(text);
}

static void disasm_line(struct dbg *d, enum emu_proc proc, uint32_t pc)
{
	char insn[128], where[160];
	emu_disasm(d->emu, proc, pc, insn, sizeof insn);
	const char *label;
	uint32_t offset;
	if (emu_label_of(d->emu, proc, pc, &label, &offset) && offset == 0)
		dbg_printf(d, "%s:\n", label);
	emu_where(d->emu, proc, pc, where, sizeof where);
	bool here = proc == d->proc && pc == emu_pc(d->emu, proc);
	dbg_printf(d, "%s%04x:  %s\n", here ? "=> " : "   ", pc, insn);
}

static size_t code_size(const struct dbg *d, enum emu_proc proc)
{
	uint32_t base = 0;
	if (!emu_proc_base(d->emu, proc, &base))
		base = 0;
	return emu_image_size(d->emu) - base;
}

/* The first place of a location (an opcode: its handler's entry). */
static bool place_of(struct dbg *d, int argc, char **argv, struct emu_code_place *p)
{
	if (!argc) {
		*p = (struct emu_code_place){d->proc, emu_pc(d->emu, d->proc)};
		return true;
	}
	struct dbg_loc loc;
	if (!dbg_parse_loc(d, argv[0], &loc))
		return false;
	if (loc.is_opcode)
		*p = (struct emu_code_place){EMU_MAIN,
					     emu_packet_entry(d->emu, EMU_MAIN, loc.opcode)};
	else
		*p = loc.places[0];
	dbg_loc_free(&loc);
	if (p->pc >= code_size(d, p->proc)) {
		dbg_error(d, "pc 0x%x is past %s's code (0x%zx instructions)", p->pc,
			  emu_proc_name(d->emu, p->proc), code_size(d, p->proc));
		return false;
	}
	return true;
}

void dbg_cmd_disassemble(struct dbg *d, int argc, char **argv)
{
	struct emu_code_place p;
	uint64_t count = 0;
	if (argc > 2 || (argc == 2 && !util_parse_u64(argv[1], &count))) {
		dbg_error(d, "expected disassemble [PLACE [COUNT]]");
		return;
	}
	if (!place_of(d, argc, argv, &p))
		return;
	size_t size = code_size(d, p.proc);
	uint32_t start = p.pc;
	const char *label;
	uint32_t offset;
	/* without a count: the label's code around the place, as gdb shows
	 * a function */
	if (!count && emu_label_of(d->emu, p.proc, p.pc, &label, &offset) && offset < DISASM_MAX)
		start = p.pc - offset;
	uint32_t end = count ? start + (uint32_t)count : start + DISASM_MAX;
	for (uint32_t pc = start; pc < end && pc < size; pc++) {
		if (!count && pc > start && pc > p.pc &&
		    emu_label_of(d->emu, p.proc, pc, &label, &offset) && offset == 0)
			break; /* the next label's code */
		disasm_line(d, p.proc, pc);
	}
}

void dbg_cmd_list(struct dbg *d, int argc, char **argv)
{
	struct emu_code_place p;
	const char *file;
	uint32_t line, first;
	if (argc > 1) {
		dbg_error(d, "expected list [PLACE]");
		return;
	}
	if (!argc && d->list_file) {
		/* on from the last listing, as gdb does */
		file = d->list_file;
		line = d->list_next + LIST_LINES / 2;
	} else {
		if (!place_of(d, argc, argv, &p))
			return;
		if (!emu_source_line(d->emu, p.proc, p.pc, &file, &line)) {
			/* no source: the code around pc */
			uint32_t start = p.pc > 4 ? p.pc - 4 : 0;
			size_t size = code_size(d, p.proc);
			for (uint32_t pc = start; pc < start + LIST_LINES && pc < size; pc++)
				disasm_line(d, p.proc, pc);
			return;
		}
	}
	first = line > LIST_LINES / 2 ? line - LIST_LINES / 2 : 1;
	uint32_t cur_line = 0;
	const char *cur_file;
	bool cur = emu_source_line(d->emu, d->proc, emu_pc(d->emu, d->proc), &cur_file,
				   &cur_line) &&
		   strcmp(cur_file, file) == 0;
	size_t shown = 0;
	for (uint32_t l = first; l < first + LIST_LINES; l++) {
		bool found;
		char *text = dbg_source_text(file, l, &found);
		if (!found) {
			dbg_error(d,
				  "cannot open %s (list looks in the current directory and the "
				  "SDK's tree)",
				  file);
			return;
		}
		if (!text)
			break; /* the end of the file */
		dbg_printf(d, "%s%-5u %s\n", cur && l == cur_line ? "=> " : "   ", l, text);
		shown++;
		free(text);
	}
	/* file may be d->list_file itself: copy before freeing */
	char *keep = util_xstrdup(file);
	free(d->list_file);
	d->list_file = keep;
	d->list_next = first + LIST_LINES;
	if (!shown) /* file may have been the list_file freed above */
		dbg_printf(d, "(line %u is past the end of %s)\n", first, d->list_file);
}
