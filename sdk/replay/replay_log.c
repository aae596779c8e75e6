/* The log of a replay (packets and their writes), its text form, and the
 * packet-by-packet comparison of two replays (afuc-emu --diff). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afuc/replay.h"
#include "util/util.h"

/* Appends packet i of emu's log, with the writes listed in order[first,
 * last) (indexes into emu_writes()), steps instructions. */
static void take_packet(struct emu_replay_log *log, const struct emu *emu, size_t i,
			uint32_t submit, const size_t *order, size_t first, size_t last,
			uint64_t steps)
{
	const struct emu_packet *p = &emu_packets(emu)[i];
	const struct emu_write *writes = emu_writes(emu);
	struct emu_replay_packet *rp = UTIL_PUSH(log->packets, log->count, log->cap);
	*rp = (struct emu_replay_packet){
		.submit = submit,
		.header = p->header,
		.level = p->level,
		.made_up = p->made_up,
		.addr = p->addr,
		.steps = steps,
		.write_first = log->write_count,
	};
	for (size_t k = first; k < last; k++) {
		const struct emu_write *w = &writes[order ? order[k] : k];
		if (w->kind == EMU_WRITE_MEQ)
			continue; /* between a pair's PFP and ME: their own business */
		*UTIL_PUSH(log->writes, log->write_count, log->write_cap) = *w;
	}
	rp->write_count = log->write_count - rp->write_first;
}

/* A pair's log, or a7xx BR's with BV's: each write goes to the packet
 * whose work it is (emu_attribute), the first
 * processor's before the second's, each in the order made; false when
 * emu is neither. */
static bool take_attributed(struct emu_replay_log *log, struct emu *emu, uint32_t submit)
{
	const size_t np = emu_packet_count(emu), nw = emu_write_count(emu);
	const struct emu_write *writes = emu_writes(emu);
	size_t *packet = util_xmalloc((nw ? nw : 1) * sizeof *packet);
	uint64_t *steps = util_xmalloc((np ? np : 1) * sizeof *steps);
	if (!emu_attribute(emu, packet, steps)) {
		free(steps);
		free(packet);
		return false;
	}
	/* a counting sort by (packet, second processor), stable: start[2i +
	 * 2] is where packet i's writes begin in order[] (packet 0: before
	 * the first) */
	const size_t keys = 2 * (np + 1);
	size_t *start = util_xcalloc(keys + 1, sizeof *start);
	size_t *order = util_xmalloc((nw ? nw : 1) * sizeof *order);
	size_t *key = util_xmalloc((nw ? nw : 1) * sizeof *key);
	for (size_t w = 0; w < nw; w++) {
		key[w] = 2 * packet[w] + emu_proc_is_second((enum emu_proc)writes[w].proc);
		start[key[w] + 1]++;
	}
	for (size_t i = 1; i <= keys; i++)
		start[i] += start[i - 1];
	size_t *fill = util_xmalloc(keys * sizeof *fill);
	memcpy(fill, start, keys * sizeof *fill);
	for (size_t w = 0; w < nw; w++)
		order[fill[key[w]]++] = w;
	for (size_t i = 0; i < np; i++)
		take_packet(log, emu, i, submit, order, start[2 * i + 2], start[2 * i + 4],
			    steps[i]);
	free(fill);
	free(key);
	free(order);
	free(start);
	free(steps);
	free(packet);
	return true;
}

void emu_replay_log_take(struct emu_replay_log *log, struct emu *emu, uint32_t submit)
{
	if (!take_attributed(log, emu, submit)) {
		const struct emu_packet *packets = emu_packets(emu);
		const size_t npackets = emu_packet_count(emu), nwrites = emu_write_count(emu);
		for (size_t i = 0; i < npackets; i++) {
			size_t end = i + 1 < npackets ? packets[i + 1].write_first : nwrites;
			uint64_t end_steps = i + 1 < npackets ? packets[i + 1].steps
							      : emu_total_steps(emu);
			take_packet(log, emu, i, submit, NULL, packets[i].write_first, end,
				    end_steps - packets[i].steps);
		}
	}
	emu_clear_writes(emu);
}

size_t emu_replay_log_take_last(struct emu_replay_log *log, struct emu *emu, uint32_t submit)
{
	log->count = log->write_count = 0;
	const size_t np = emu_packet_count(emu);
	if (take_attributed(log, emu, submit)) {
		if (np) { /* keep the last packet alone, its writes first */
			struct emu_replay_packet last = log->packets[np - 1];
			memmove(log->writes, log->writes + last.write_first,
				last.write_count * sizeof *log->writes);
			last.write_first = 0;
			log->packets[0] = last;
			log->count = 1;
			log->write_count = last.write_count;
		}
	} else if (np) {
		const struct emu_packet *p = &emu_packets(emu)[np - 1];
		take_packet(log, emu, np - 1, submit, NULL, p->write_first, emu_write_count(emu),
			    emu_total_steps(emu) - p->steps);
	}
	emu_clear_writes(emu);
	return np;
}

void emu_replay_log_free(struct emu_replay_log *log)
{
	free(log->packets);
	free(log->writes);
	memset(log, 0, sizeof *log);
}

static const char *const level_names[] = {"ring", "IB1", "IB2", "IB3", "SDS"};

size_t emu_replay_packet_line(const struct emu *emu, const struct emu_replay_packet *p, char *buf,
			      size_t size)
{
	char name[64];
	emu_entry_name(emu, emu_pm4_entry(p->header), name, sizeof name);
	/* a6xx's level 3 and a7xx's 4 are SDS; the names above are a7xx's */
	const char *level = p->level < UTIL_ARRAY_SIZE(level_names) ? level_names[p->level] : "IB?";
	if (emu_gen(emu) == EMU_A6XX && p->level == 3)
		level = "SDS";
	int n = snprintf(buf, size, "# packet %u %s 0x%llx %s%s", p->submit, level,
			 (unsigned long long)p->addr, name, p->made_up ? " (end of IB)" : "");
	return n < 0 ? 0 : (size_t)n;
}

size_t emu_replay_write_line(const struct emu *emu, const struct emu_write *w, char *buf,
			     size_t size)
{
	char name[96] = "";
	int n;
	switch (w->kind) {
	case EMU_WRITE_GPU:
		emu_name(emu, EMU_SPACE_GPU, w->addr, name, sizeof name);
		n = snprintf(buf, size, "reg 0x%04llx 0x%08x", (unsigned long long)w->addr,
			     w->value);
		break;
	case EMU_WRITE_PIPE:
		emu_name(emu, EMU_SPACE_PIPE, w->addr, name, sizeof name);
		n = snprintf(buf, size, "pipe 0x%02llx 0x%08x", (unsigned long long)w->addr,
			     w->value);
		break;
	case EMU_WRITE_MEQ:
		n = snprintf(buf, size, "meq 0x%08x", w->value);
		break;
	default:
		n = snprintf(buf, size, "mem 0x%llx 0x%08x", (unsigned long long)w->addr, w->value);
		break;
	}
	if (n >= 0 && name[0] && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n, " # %s", name);
	/* an a7xx BV's (or LPAC's) write says so */
	if (n >= 0 && (size_t)n < size && emu_gen(emu) == EMU_A7XX && w->proc != EMU_MAIN)
		n += snprintf(buf + n, size - (size_t)n, "%s(%s)", name[0] ? " " : " # ",
			      emu_proc_name(emu, w->proc));
	return n < 0 ? 0 : (size_t)n;
}

/* ---- the ignore list ---- */

static void set_bits(uint8_t *bits, uint64_t first, uint64_t last)
{
	for (uint64_t i = first; i <= last; i++)
		bits[i / 8] |= (uint8_t)(1u << (i % 8));
}

static bool bit(const uint8_t *bits, uint64_t i)
{
	return bits[i / 8] >> (i % 8) & 1;
}

/* NAME or NUMBER in space; false with *why when neither. A number is
 * hex with 0x or decimal: a leading 0 or a sign is refused rather than
 * read as octal or wrapped, so that no register is named by accident. */
static bool reg_value(const struct emu *emu, enum emu_space space, const char *word, uint64_t *v,
		      const char **why)
{
	bool hex = word[0] == '0' && (word[1] == 'x' || word[1] == 'X');
	if ((word[0] >= '0' && word[0] <= '9') || word[0] == '-' || word[0] == '+') {
		if ((word[0] == '0' && word[1] && !hex) || !util_parse_u64(word, v)) {
			*why = "a number in hex (0x) or decimal";
			return false;
		}
		return true;
	}
	if (emu_lookup(emu, space, word, v))
		return true;
	*why = space == EMU_SPACE_PIPE ? "a pipe register name or number"
				       : "a GPU register name or offset";
	return false;
}

/* line: "[pipe] REG[..REG]", comment stripped; false with *why. */
static bool ignore_line(const struct emu *emu, char *line, struct emu_replay_ignore *ig,
			const char **why, size_t *col)
{
	char *words[3], *rest = NULL;
	size_t n = 0;
	for (char *tok = strtok_r(line, " \t\r", &rest); tok;
	     tok = strtok_r(NULL, " \t\r", &rest)) {
		if (n == 2) {
			*why = "more than a register on the line";
			*col = (size_t)(tok - line);
			return false;
		}
		words[n++] = tok;
	}
	if (!n)
		return true;
	enum emu_space space = EMU_SPACE_GPU;
	char *spec = words[0];
	if (!strcmp(words[0], "pipe") || !strcmp(words[0], "reg")) {
		if (n < 2) {
			*why = "a register after the space";
			*col = (size_t)(words[0] - line);
			return false;
		}
		space = words[0][0] == 'p' ? EMU_SPACE_PIPE : EMU_SPACE_GPU;
		spec = words[1];
	} else if (n == 2) {
		*why = "one register per line";
		*col = (size_t)(words[1] - line);
		return false;
	}
	const uint64_t limit = space == EMU_SPACE_PIPE ? 256 : EMU_GPU_REG_COUNT;
	char *dots = strstr(spec, "..");
	uint64_t first, last;
	if (dots)
		*dots = '\0';
	if (!reg_value(emu, space, spec, &first, why)) {
		*col = (size_t)(spec - line);
		return false;
	}
	if (dots && !reg_value(emu, space, dots + 2, &last, why)) {
		*col = (size_t)(dots + 2 - line);
		return false;
	}
	if (!dots)
		last = first;
	if (first > last || last >= limit) {
		*why = "a register inside its space, first..last in order";
		*col = (size_t)(spec - line);
		return false;
	}
	set_bits(space == EMU_SPACE_PIPE ? ig->pipe : ig->gpu, first, last);
	return true;
}

bool emu_replay_ignore_parse(const struct emu *emu, const char *file, const char *text,
			     struct emu_replay_ignore *ignore, char **error)
{
	memset(ignore, 0, sizeof *ignore);
	unsigned lineno = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		lineno++;
		char *line = util_xcalloc(1, len + 1);
		memcpy(line, p, len);
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *copy = util_xstrdup(line);
		const char *why = NULL;
		size_t col = 0;
		bool ok = ignore_line(emu, line, ignore, &why, &col);
		if (!ok && error)
			*error = util_xasprintf("%s:%u:%zu: error: expected %s, found '%s'", file,
						lineno, col + 1, why, copy + col);
		free(copy);
		free(line);
		if (!ok)
			return false;
		p += len + (nl != NULL);
	}
	return true;
}

/* ---- comparing two replays ---- */

bool emu_replay_counts(const struct emu_write *w, const struct emu_replay_ignore *ig)
{
	if (w->kind == EMU_WRITE_MEQ)
		return false;
	if (!ig)
		return true;
	if (w->kind == EMU_WRITE_GPU)
		return w->addr >= EMU_GPU_REG_COUNT || !bit(ig->gpu, w->addr);
	if (w->kind == EMU_WRITE_PIPE)
		return w->addr >= 256 || !bit(ig->pipe, w->addr);
	return true;
}

/* The next write of p at or after *i that counts; false at p's end. */
static bool next_write(const struct emu_replay_log *log, const struct emu_replay_packet *p,
		       size_t *i, const struct emu_replay_ignore *ig)
{
	while (*i < p->write_first + p->write_count) {
		if (emu_replay_counts(&log->writes[*i], ig))
			return true;
		++*i;
	}
	return false;
}

bool emu_replay_packets_agree(const struct emu_replay_log *a, const struct emu_replay_packet *pa,
			      const struct emu_replay_log *b, const struct emu_replay_packet *pb,
			      const struct emu_replay_ignore *ig)
{
	size_t i = pa->write_first, j = pb->write_first;
	for (;;) {
		bool more_a = next_write(a, pa, &i, ig), more_b = next_write(b, pb, &j, ig);
		if (!more_a || !more_b)
			return more_a == more_b;
		const struct emu_write *wa = &a->writes[i++], *wb = &b->writes[j++];
		/* BV's write is not BR's; a pair's may be either's (a530 and
		 * the SDK split the work between PFP and ME differently) */
		if (wa->kind != wb->kind || wa->addr != wb->addr || wa->value != wb->value ||
		    (wa->proc == EMU_BV) != (wb->proc == EMU_BV))
			return false;
	}
}

bool emu_replay_same_packet(const struct emu_replay_packet *pa, const struct emu_replay_packet *pb)
{
	return pa->submit == pb->submit && pa->level == pb->level && pa->addr == pb->addr &&
	       pa->header == pb->header && pa->made_up == pb->made_up;
}

void emu_replay_diff(const struct emu_replay_log *a, const struct emu_replay_log *b,
		     const struct emu_replay_ignore *ignore, struct emu_replay_diff *diff)
{
	memset(diff, 0, sizeof *diff);
	diff->diverge = (size_t)-1;
	size_t n = a->count > b->count ? a->count : b->count;
	diff->total = n;
	for (size_t i = 0; i < n; i++) {
		bool ok = false;
		if (diff->diverge == (size_t)-1) {
			if (i < a->count && i < b->count &&
			    emu_replay_same_packet(&a->packets[i], &b->packets[i]))
				ok = emu_replay_packets_agree(a, &a->packets[i], b, &b->packets[i],
							      ignore);
			else
				diff->diverge = i;
		}
		if (ok)
			diff->agree++;
		else
			*UTIL_PUSH(diff->differ, diff->differ_count, diff->differ_cap) = i;
	}
}

void emu_replay_diff_free(struct emu_replay_diff *diff)
{
	free(diff->differ);
	memset(diff, 0, sizeof *diff);
}
