/* Firmware identity: the generation from the id word, the layout from the
 * structure (see fw.h), the bootstrap's checks from its first
 * instructions. Every probe reads the words the way the bootstrap does;
 * a table of known ids only names parts. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fw/fw.h"

/* Ids seen in published images (bits 12-23 of word 0), for names and
 * for an id word met alone. Structure decides the layout, never this. */
static const struct {
	uint16_t id;
	uint8_t gen;
	const char *gpu;
} known_ids[] = {
	{0x5ff, ISA_A5XX, "a530"},      {0x6ee, ISA_A6XX, "a630"},
	{0x6dd, ISA_A6XX, "a650"},      {0x6dc, ISA_A6XX, "a660"},
	{0x6ac, ISA_A6XX, "a660 LPAC"}, {0x7aa, ISA_A6XX, "a702"},
	{0x730, ISA_A7XX, "a730"},      {0x740, ISA_A7XX, "a740"},
	{0x512, ISA_A7XX, "gen70500"},  {0x520, ISA_A7XX, "gen70900"},
	{0x310, ISA_A7XX, "gen71500"},  {0x200, ISA_A7XX, "gen71700"},
	{0x500, ISA_A7XX, "gen80000"},  {0x700, ISA_A7XX, "gen80100"},
	{0x510, ISA_A7XX, "gen80200"},
};

#define HEADER_WORDS 8     /* where a bundle's BR may keep its table offset */
#define BOOT_SCAN 256      /* bootstrap words the probes read */
#define FW_TRAILER_WORDS 8 /* a trailer after the last table (gen70500: 4 words) */

const char *fw_layout_name(enum fw_layout layout)
{
	static const char *const names[] = {
		[FW_LAYOUT_SINGLE] = "single image",
		[FW_LAYOUT_SQE_LPAC] = "SQE with an LPAC image appended",
		[FW_LAYOUT_BUNDLE] = "a7xx/a8xx bundle",
		[FW_LAYOUT_AQE] = "AQE image",
		[FW_LAYOUT_UNKNOWN] = "not understood",
	};
	return names[layout];
}

static int known_index(uint32_t id)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(known_ids); i++)
		if (known_ids[i].id == id)
			return (int)i;
	return -1;
}

bool fw_gen_of_id(uint32_t id_word, enum isa_gen *gen)
{
	uint32_t high = id_word >> 24, id = (id_word >> 12) & 0xfff;
	int k = known_index(id);
	if (high == 0x00 && (id >> 8) == 0x5) {
		*gen = ISA_A5XX;
		return true;
	}
	if (high != 0x01)
		return false;
	*gen = k >= 0 && known_ids[k].gen != ISA_A5XX ? (enum isa_gen)known_ids[k].gen
	       : (id >> 8) == 0x6                     ? ISA_A6XX
						      : ISA_A7XX;
	return true;
}

/* "a630", "A702", "gen80000": a part a known id names, else by the
 * number (a5.. a5xx, a6.. a6xx, a7.. and gen7/gen8 parts a7xx
 * encodings); "a6xx", "6" and the like name the generation. */
bool fw_gen_of_part(const char *name, enum isa_gen *gen)
{
	for (size_t i = 0; i < UTIL_ARRAY_SIZE(known_ids); i++) {
		if (!strcasecmp(name, known_ids[i].gpu)) {
			*gen = (enum isa_gen)known_ids[i].gen;
			return true;
		}
	}
	const char *digits = name;
	if (name[0] == 'a' || name[0] == 'A')
		digits = name + 1;
	else if (!strncasecmp(name, "gen", 3))
		digits = name + 3;
	if (*digits < '5' || *digits > '8' || (digits == name && digits[1]))
		return false;
	const char *rest = digits + 1;
	bool generic = !strcasecmp(rest, "xx") && digits != name + 3;
	for (const char *r = rest; !generic && *r; r++)
		if (*r < '0' || *r > '9')
			return false;
	if (*digits == '8' && digits != name + 3)
		return false; /* a8xx: no such afuc generation name */
	*gen = *digits == '8' ? ISA_A7XX : (enum isa_gen)(*digits - '0');
	return true;
}

static void why(struct fw_info *fw, const char *fmt, ...) UTIL_PRINTF(2, 3);
static void why(struct fw_info *fw, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(fw->why, sizeof fw->why, fmt, ap);
	va_end(ap);
}

static uint32_t align_up(uint32_t v, uint32_t a)
{
	return (v + a - 1) / a * a;
}

struct probe {
	const uint32_t *w;
	uint32_t count;
	struct isa isa;
	struct fw_info *fw;
	bool lenient; /* packet table entries may point anywhere */
};

/* The payload of word i if it is a NOP. */
static bool nop_payload(const struct probe *p, uint32_t i, uint32_t *payload)
{
	if (i >= p->count || p->w[i] >> 24 != p->isa.nop >> 24)
		return false;
	*payload = p->w[i] & 0xffffff;
	return true;
}

/* The immediate of `mov $reg, imm` at word i. */
static bool mov_imm(const struct probe *p, uint32_t i, unsigned reg, uint32_t *imm)
{
	struct isa_instr in;
	if (i >= p->count || !isa_decode(&p->isa, p->w[i], &in) ||
	    in.form->shape->syntax != ISA_SYN_MOVI || in.f[ISA_F_DST] != reg || in.f[ISA_F_SHIFT])
		return false;
	*imm = in.f[ISA_F_IMM];
	return true;
}

/* Why a probe failed, for the message when no layout fits: the first
 * reason is kept (the probes run from the most likely layout on). */
static bool reject(struct probe *p, const char *fmt, ...) UTIL_PRINTF(2, 3);
static bool reject(struct probe *p, const char *fmt, ...)
{
	if (p->fw->why[0])
		return false;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->fw->why, sizeof p->fw->why, fmt, ap);
	va_end(ap);
	return false;
}

/* A processor at start whose table offset word ref holds: the table fits
 * in limit words and every entry points into the processor, outside its
 * table (what the bootstrap and waitin need). */
static bool proc_at(struct probe *p, struct fw_proc *pr, const char *name, uint32_t start,
		    uint32_t ref, enum fw_ref kind, uint32_t limit, bool entries)
{
	uint32_t table, at = start + ref;
	if (start >= p->count)
		return reject(p, "%s would start at image word 0x%x, past the end (0x%x words)",
			      name, start, p->count);
	bool found = kind == FW_REF_NOP ? nop_payload(p, at, &table) : mov_imm(p, at, 0x12, &table);
	if (!found)
		return reject(p,
			      "%s: header word %u (file word %u) is 0x%08x, not the %s that "
			      "carries the packet table offset",
			      name, ref, at + 1, at < p->count ? p->w[at] : 0,
			      kind == FW_REF_NOP ? "NOP" : "`mov $12, TABLE`");
	if (table <= ref || (uint64_t)start + table + FW_TABLE_WORDS > limit)
		return reject(p,
			      "%s: packet table offset 0x%x (header word %u) is past the end: "
			      "the 0x%x-word table needs words 0x%x-0x%x, the image has 0x%x",
			      name, table, ref, FW_TABLE_WORDS, table, table + FW_TABLE_WORDS - 1,
			      limit - start);
	/* Entries may point past limit into code appended after every
	 * image (afuc-ld --base); find_appended tells. */
	for (uint32_t k = 0; entries && !p->lenient && k < FW_TABLE_WORDS; k++) {
		uint32_t h = p->w[start + table + k];
		if (h > p->count - start || (h > table && h < table + FW_TABLE_WORDS))
			return reject(p, "%s: packet table entry 0x%x (file word %u) is 0x%x, %s",
				      name, k, start + table + k + 1, h,
				      h > p->count - start ? "past the end of its image"
							   : "inside the packet table");
	}
	*pr = (struct fw_proc){.name = name,
			       .start = start,
			       .table = table,
			       .table_ref = ref,
			       .table_ref_kind = kind,
			       .size_ref = FW_NONE,
			       .next_ref = FW_NONE};
	return true;
}

static bool has_size_word(const struct probe *p)
{
	uint32_t size = 0; /* gcc -O1 cannot see nop_payload set it */
	return nop_payload(p, 1, &size) && size == p->count;
}

static void set_counts(struct fw_info *fw, uint32_t count)
{
	for (unsigned i = 0; i < fw->proc_count; i++)
		fw->proc[i].count = (i + 1 < fw->proc_count ? fw->proc[i + 1].start : count) -
				    fw->proc[i].start;
}

static bool probe_single(struct probe *p)
{
	struct fw_info *fw = p->fw;
	if (!proc_at(p, &fw->proc[0], fw->gen == ISA_A5XX ? "PFP/ME" : "SQE", 0, 1, FW_REF_NOP,
		     p->count, true))
		return false;
	fw->kind = fw->gen == ISA_A5XX ? "PFP or ME" : "SQE";
	fw->layout = FW_LAYOUT_SINGLE;
	fw->proc_count = 1;
	return true;
}

static bool probe_sqe_lpac(struct probe *p)
{
	struct fw_info *fw = p->fw;
	uint32_t lpac;
	if (!has_size_word(p) || !mov_imm(p, 4, 0x13, &lpac) || lpac >= p->count ||
	    !proc_at(p, &fw->proc[0], "SQE", 0, 3, FW_REF_MOV12, lpac, true) ||
	    !proc_at(p, &fw->proc[1], "LPAC", lpac, 1, FW_REF_MOV12, p->count, false))
		return false;
	fw->proc[0].size_ref = 1;
	fw->proc[0].next_ref = 4;
	fw->layout = FW_LAYOUT_SQE_LPAC;
	fw->kind = "SQE + LPAC";
	fw->proc_count = 2;
	return true;
}

/* BR's table offset in header word br_ref, then BV and LPAC each at the
 * first 32-byte boundary after the previous table, as long as one is
 * there (gen71500 has no LPAC, gen71700 no BV either: their last image
 * ends with a few trailer words). */
static bool bundle_with(struct probe *p, uint32_t br_ref)
{
	static const char *const names[] = {"BR", "BV", "LPAC", "PROC4"};
	struct fw_info *fw = p->fw;
	if (!proc_at(p, &fw->proc[0], names[0], 0, br_ref, FW_REF_NOP, p->count, true))
		return false;
	unsigned n = 1;
	for (; n < FW_MAX_PROCS; n++) {
		const struct fw_proc *prev = &fw->proc[n - 1];
		uint32_t start = align_up(prev->start + prev->table + FW_TABLE_WORDS,
					  FW_BUNDLE_ALIGN);
		/* BR's entries chose its header word; a NOP with a table
		 * that fits at the aligned start is the next image. */
		if (start >= p->count ||
		    !proc_at(p, &fw->proc[n], names[n], start, 1, FW_REF_NOP, p->count, false))
			break;
	}
	fw->proc[0].size_ref = has_size_word(p) ? 1 : FW_NONE;
	fw->layout = FW_LAYOUT_BUNDLE;
	static const char *const kinds[] = {"BR", "BR + BV", "BR + BV + LPAC",
					    "BR + BV + LPAC + PROC4"};
	fw->kind = kinds[n - 1];
	fw->proc_count = n;
	return true;
}

/* gen70500's BR keeps its table offset in word 3; other bundles may use
 * another header word: the first that gives a consistent bundle. */
static bool probe_bundle(struct probe *p)
{
	if (bundle_with(p, 3))
		return true;
	for (uint32_t ref = 2; ref < HEADER_WORDS; ref++)
		if (ref != 3 && bundle_with(p, ref))
			return true;
	return false;
}

/* A size word and no table anywhere: the AQE. */
static bool probe_aqe(struct probe *p)
{
	struct fw_info *fw = p->fw;
	if (!has_size_word(p))
		return false;
	fw->proc[0] = (struct fw_proc){.name = "AQE",
				       .table = FW_NONE,
				       .table_ref = FW_NONE,
				       .size_ref = 1,
				       .next_ref = FW_NONE};
	fw->layout = FW_LAYOUT_AQE;
	fw->kind = "AQE";
	fw->proc_count = 1;
	return true;
}

/* Code afuc-ld --base appended (fw.h): entries that point past the last
 * packet table. In file order, each run of one processor's entries is a
 * block of its code, which starts at the 32-byte boundary of its address
 * space at or below the run's first entry (the linker aligns it there;
 * anything of it before that boundary stays words of what precedes) and
 * runs to the next block or the end. */
static void find_appended(struct fw_info *fw, const uint32_t *w, uint32_t count)
{
	struct fw_proc *last = &fw->proc[fw->proc_count - 1];
	if (last->table == FW_NONE)
		return;
	uint32_t end = last->start + last->table + FW_TABLE_WORDS;
	struct entry {
		uint32_t at;
		unsigned proc;
	} e[FW_MAX_PROCS * FW_TABLE_WORDS];
	unsigned n = 0;
	for (unsigned i = 0; i < fw->proc_count; i++) {
		const struct fw_proc *pr = &fw->proc[i];
		for (uint32_t k = 0; pr->table != FW_NONE && k < FW_TABLE_WORDS; k++) {
			uint64_t at = (uint64_t)pr->start + w[pr->start + pr->table + k];
			if (at >= end && at < count) {
				/* insertion by address: at most 0x200 entries */
				unsigned j = n++;
				for (; j > 0 && e[j - 1].at > at; j--)
					e[j] = e[j - 1];
				e[j] = (struct entry){(uint32_t)at, i};
			}
		}
	}
	struct fw_block *prev = NULL;
	for (unsigned j = 0; j < n; j++) {
		if (j > 0 && e[j].proc == e[j - 1].proc)
			continue; /* the same run */
		struct fw_proc *pr = &fw->proc[e[j].proc];
		uint32_t from = pr->start +
				(e[j].at - pr->start) / FW_BUNDLE_ALIGN * FW_BUNDLE_ALIGN;
		if (from < end || (prev && from <= prev->start) || pr->appends == FW_MAX_APPENDS)
			continue; /* not where the linker puts code: entries stay loose */
		if (prev)
			prev->count = from - prev->start;
		else
			last->count = from - last->start; /* the images end there */
		prev = &pr->append[pr->appends++];
		*prev = (struct fw_block){from, 0};
	}
	if (prev)
		prev->count = count - prev->start;
}

/* Whether image word at is in a block of code appended to pr. */
static bool in_appended(const struct fw_proc *pr, uint64_t at)
{
	for (unsigned b = 0; b < pr->appends; b++)
		if (at >= pr->append[b].start && at < pr->append[b].start + pr->append[b].count)
			return true;
	return false;
}

/* Packet table entries that point outside their image (or into their
 * table): the layout stands, but the table is not what a bootstrap
 * could dispatch through; loose and why say so. */
static void check_entries(struct fw_info *fw, const uint32_t *w)
{
	for (unsigned i = 0; i < fw->proc_count && !fw->loose; i++) {
		const struct fw_proc *pr = &fw->proc[i];
		for (uint32_t k = 0; pr->table != FW_NONE && k < FW_TABLE_WORDS; k++) {
			uint32_t h = w[pr->start + pr->table + k];
			if (in_appended(pr, (uint64_t)pr->start + h))
				continue;
			bool past = h > pr->count;
			if (!past && !(h > pr->table && h < pr->table + FW_TABLE_WORDS))
				continue;
			fw->loose = true;
			why(fw, "%s: packet table entry 0x%x (file word %u) is 0x%x, %s", pr->name,
			    k, pr->start + pr->table + k + 1, h,
			    past ? "past the end of its image" : "inside the packet table");
			break;
		}
	}
}

/* Words after the last packet table beyond a short trailer (a version
 * string) and before appended code are something this module does not
 * know. They stay raw words of the last processor; why says so. */
static void check_trailer(const struct probe *p)
{
	struct fw_info *fw = p->fw;
	const struct fw_proc *last = &fw->proc[fw->proc_count - 1];
	if (last->table == FW_NONE)
		return;
	uint32_t from = last->start + last->table + FW_TABLE_WORDS, to = last->start + last->count;
	/* NOPs before appended code are the linker's alignment. */
	bool appended = false;
	for (unsigned i = 0; i < fw->proc_count; i++)
		appended |= fw->proc[i].appends > 0;
	while (appended && to > from && p->w[to - 1] == p->isa.nop)
		to--;
	if (to - from <= FW_TRAILER_WORDS)
		return;
	why(fw,
	    "0x%x words after %s's packet table (file words 0x%x-0x%x) are not understood "
	    "(another processor image?): kept as raw words of %s",
	    to - from, last->name, from + 1, to, last->name);
}

/* What the bootstrap checks and reads, from its first straight-line
 * words: the constant it compares control register 0's bits 28-31 with,
 * and the control register it writes just before reading $regdata. */
static void probe_bootstrap(struct probe *p)
{
	struct fw_info *fw = p->fw;
	uint32_t known[32] = {0}, has[32] = {0}; /* mov'd constants */
	unsigned ctrl0_reg = 32, top_reg = 32;   /* cread [0x000], its ushr 28 */
	uint32_t last_cwrite = FW_NONE;
	fw->ctrl0 = fw->reg_read_addr = FW_NONE;
	uint32_t end = fw->proc_count ? fw->proc[0].count : p->count;
	for (uint32_t pc = 0; pc < end && pc < BOOT_SCAN; pc++) {
		struct isa_instr in;
		if (!isa_decode(&p->isa, p->w[pc], &in))
			continue;
		const struct isa_shape *sh = in.form->shape;
		const uint32_t *f = in.f;
		bool src1 = isa_form_field(in.form, ISA_F_SRC1) != NULL;
		bool src2 = isa_form_field(in.form, ISA_F_SRC2) != NULL;
		if (fw->reg_read_addr == FW_NONE && ((src1 && f[ISA_F_SRC1] == ISA_REG_REGDATA) ||
						     (src2 && f[ISA_F_SRC2] == ISA_REG_REGDATA)))
			fw->reg_read_addr = last_cwrite;
		switch (in.form->op) {
		case ISA_OP_CWRITE:
			if (f[ISA_F_SRC2] == 0)
				last_cwrite = f[ISA_F_IMM];
			continue;
		case ISA_OP_CREAD:
			if (f[ISA_F_SRC1] == 0 && f[ISA_F_IMM] == 0)
				ctrl0_reg = f[ISA_F_DST];
			continue;
		case ISA_OP_USHR:
			if (sh->syntax == ISA_SYN_ALU_IMM && f[ISA_F_SRC1] == ctrl0_reg &&
			    f[ISA_F_IMM] == 28)
				top_reg = f[ISA_F_DST];
			continue;
		case ISA_OP_CMP:
			if (fw->ctrl0 == FW_NONE && sh->syntax == ISA_SYN_ALU) {
				unsigned other = f[ISA_F_SRC1] == top_reg   ? f[ISA_F_SRC2]
						 : f[ISA_F_SRC2] == top_reg ? f[ISA_F_SRC1]
									    : 32;
				if (other < 32 && has[other])
					fw->ctrl0 = known[other] << 28;
			}
			continue;
		case ISA_OP_MOVI:
			if (f[ISA_F_DST] < 32 && f[ISA_F_SHIFT] < 32) {
				known[f[ISA_F_DST]] = f[ISA_F_IMM] << f[ISA_F_SHIFT];
				has[f[ISA_F_DST]] = 1;
			}
			continue;
		default:
			continue;
		}
	}
}

/* The last file word the header of a gen image says it has, from its word 1
 * NOP: a size word (a660, every a7xx/a8xx image) says so itself; a5xx's
 * and a6xx's other images keep their packet table last, so its offset
 * and 0x80 entries say it. 0 when word 1 says nothing believable (no
 * NOP, or more than any image holds: then it is no header). */
static uint32_t header_says(const struct probe *p, enum isa_gen gen)
{
	uint32_t v, lpac;
	if (!nop_payload(p, 1, &v) || v > FW_MAX_IMAGE_WORDS)
		return 0;
	/* a660's size word: its bootstrap's `mov $13, LPAC` follows. */
	bool size = gen == ISA_A7XX || (gen == ISA_A6XX && mov_imm(p, 4, 0x13, &lpac));
	if (!size && v < 2)
		return 0;
	return size ? v : v + FW_TABLE_WORDS;
}

/* Before any layout is tried: is the image shorter than its header
 * says? (A cut a7xx image keeps a BR that fits, a single image cut at
 * its table offset looks like an AQE's size word.) The generation given
 * or the one the id word names reads the header. */
static bool check_truncated(struct probe *p, enum isa_gen given)
{
	struct fw_info *fw = p->fw;
	enum isa_gen gen = given;
	if (!given && !fw_gen_of_id(p->w[0], &gen))
		return false;
	isa_init(&p->isa, gen);
	uint32_t says = header_says(p, gen);
	/* A size word that fits says the image is whole, whatever the
	 * generation given makes of it (a bundle read as a6xx). */
	uint32_t v;
	if (says <= p->count || (given && nop_payload(p, 1, &v) && v == p->count)) {
		fw->why[0] = 0;
		return false;
	}
	fw->gen = gen;
	fw->layout = FW_LAYOUT_UNKNOWN;
	fw->proc_count = 0;
	fw->truncated = true;
	fw->header_words = says;
	why(fw, "truncated: the image ends at file word 0x%x; its header says 0x%x", p->count,
	    says);
	return true;
}

/* The layouts of one generation, most likely first. */
static bool probe_gen(struct probe *p, enum isa_gen gen)
{
	p->fw->gen = gen;
	isa_init(&p->isa, gen);
	switch (gen) {
	case ISA_A5XX:
		return probe_single(p);
	case ISA_A6XX:
		return has_size_word(p) ? probe_sqe_lpac(p) : probe_single(p);
	case ISA_A7XX:
		return probe_bundle(p) || probe_aqe(p);
	}
	return false;
}

/* The generations to try: the one given; else a5xx for its NOP byte,
 * or for a6xx/a7xx's NOP byte the one a known id names first, then a6xx
 * and a7xx (structure decides: an id may be new, and a702's 0x7aa is an
 * a6xx). */
static unsigned candidates(const struct fw_info *fw, uint32_t id_word, enum isa_gen given,
			   enum isa_gen out[3])
{
	if (given) {
		out[0] = given;
		return 1;
	}
	if (id_word >> 24 == 0x00) {
		out[0] = ISA_A5XX;
		return 1;
	}
	if (id_word >> 24 != 0x01)
		return 0;
	unsigned n = 0;
	int k = known_index(fw->id);
	if (k >= 0 && known_ids[k].gen != ISA_A5XX)
		out[n++] = (enum isa_gen)known_ids[k].gen;
	for (enum isa_gen g = ISA_A6XX; g <= ISA_A7XX; g++)
		if (!n || out[0] != g)
			out[n++] = g;
	return n;
}

static bool probe_all(struct probe *p, const enum isa_gen *gens, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (probe_gen(p, gens[i]))
			return true;
	p->fw->gen = gens[0]; /* the most likely, for what follows */
	isa_init(&p->isa, gens[0]);
	return false;
}

bool fw_identify(const uint32_t *words, uint32_t count, enum isa_gen gen, struct fw_info *fw)
{
	memset(fw, 0, sizeof *fw);
	fw->ctrl0 = fw->reg_read_addr = FW_NONE;
	fw->layout = FW_LAYOUT_UNKNOWN;
	fw->kind = "unknown";
	if (!count) {
		why(fw, "the file holds only the zero word");
		return false;
	}
	fw->id = (words[0] >> 12) & 0xfff;
	int k = known_index(fw->id);
	fw->gpu = k >= 0 ? known_ids[k].gpu : NULL;
	enum isa_gen gens[3];
	unsigned n = candidates(fw, words[0], gen, gens);
	if (!n) {
		why(fw,
		    "word 0 (the firmware id) is 0x%08x, which is no NOP of any afuc generation",
		    words[0]);
		return false;
	}
	struct probe p = {words, count, {0}, fw, false};
	if (check_truncated(&p, gen))
		return true;
	/* A known id's (or the given) generation first, strict and then
	 * lenient: an a660 whose table has an odd entry is still an a660,
	 * not an a7xx AQE that happens to fit. */
	unsigned first = gen || k >= 0 ? 1 : n;
	bool found = probe_all(&p, gens, first);
	if (!found && first < n) {
		p.lenient = true;
		found = probe_all(&p, gens, first);
		p.lenient = false;
		found = found || probe_all(&p, gens + first, n - first);
	}
	if (!found) {
		/* A table whose entries point outside the image is a layout
		 * still, for tools that keep the words as they are (--base,
		 * the emulator); the disassembler prints it raw. */
		p.lenient = true;
		found = probe_all(&p, gens, n);
	}
	if (found) {
		fw->why[0] = 0;
		set_counts(fw, count);
		find_appended(fw, words, count);
		check_entries(fw, words);
		if (!fw->loose)
			check_trailer(&p);
	} else {
		fw->layout = FW_LAYOUT_UNKNOWN;
		fw->proc_count = 0;
		if (!fw->why[0])
			why(fw,
			    "no %s packet table: word 1 is 0x%08x, neither a NOP carrying a table "
			    "offset inside the image nor one carrying the image's size (0x%x "
			    "words)",
			    isa_gen_name(fw->gen), count > 1 ? words[1] : 0, count);
	}
	probe_bootstrap(&p);
	return true;
}
