/* hwsq-as: compiles an HWSQ script for a chip family into a code RAM
 * image, a C header or the upload sequence a driver performs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

static const char usage_text[] =
	"usage: hwsq-as --chip CHIP [options] SOURCE\n"
	"  --chip CHIP       nv17, nv41, nv50 or nv92 (the family of the code RAM)\n"
	"  -o FILE           write the output to FILE (- for standard output)\n"
	"  --emit KIND       bin (the code RAM image, default), c (a C header) or\n"
	"                    upload (the MMIO writes that load and start the script)\n"
	"  --entry N         upload: the entry point TRIGGER starts (default 0)\n"
	"  --slot a|b        upload: the execution slot (default a)\n"
	"  --name NAME       c: the prefix of the identifiers (default: from the file name)\n"
	"  -D NAME[=VALUE]   define a macro for the preprocessor\n"
	"  -I DIR            search DIR for included files\n"
	"  --rnndb DIR       read register, flag and event names from DIR\n"
	"  --stats           print the size report: bytes against a greedy encoder,\n"
	"                    delays asked and encoded\n"
	"  -h, --help        show this help\n"
	"  --version         print the version\n";

enum emit_kind { EMIT_BIN, EMIT_C, EMIT_UPLOAD };

struct args {
	const char *chip, *output, *source, *name, *rnndb;
	enum emit_kind emit;
	unsigned entry;
	enum hwsq_slot slot;
	bool stats, preprocess_only;
	const char **defines, **includes;
	size_t define_count, include_count;
};

static int usage_error(const char *fmt, const char *arg)
{
	return hwsq_usage_error("hwsq-as", usage_text, fmt, arg);
}

/* Returns -1 when the arguments are good, or the exit status. */
static int parse_args(int argc, char **argv, struct args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool takes = true;
		if (util_info_option(s, "hwsq-as", usage_text))
			return 0;
		if (strcmp(s, "--stats") == 0) {
			a->stats = true;
			takes = false;
		} else if (strcmp(s, "-E") == 0) {
			a->preprocess_only = true;
			takes = false;
		} else if (strncmp(s, "-D", 2) == 0 && s[2]) {
			a->defines[a->define_count++] = s + 2;
			takes = false;
		} else if (strncmp(s, "-I", 2) == 0 && s[2]) {
			a->includes[a->include_count++] = s + 2;
			takes = false;
		} else if (s[0] != '-' || strcmp(s, "-") == 0) {
			if (a->source)
				return usage_error("one source at a time, found '%s' too", s);
			a->source = s;
			takes = false;
		} else if (!v) {
			return usage_error("'%s' needs a value", s);
		} else if (strcmp(s, "--chip") == 0) {
			a->chip = v;
		} else if (strcmp(s, "-o") == 0) {
			a->output = v;
		} else if (strcmp(s, "--name") == 0) {
			a->name = v;
		} else if (strcmp(s, "--rnndb") == 0) {
			a->rnndb = v;
		} else if (strcmp(s, "-D") == 0) {
			a->defines[a->define_count++] = v;
		} else if (strcmp(s, "-I") == 0) {
			a->includes[a->include_count++] = v;
		} else if (strcmp(s, "--emit") == 0) {
			if (strcmp(v, "bin") == 0)
				a->emit = EMIT_BIN;
			else if (strcmp(v, "c") == 0)
				a->emit = EMIT_C;
			else if (strcmp(v, "upload") == 0)
				a->emit = EMIT_UPLOAD;
			else
				return usage_error("--emit takes bin, c or upload, not '%s'", v);
		} else if (strcmp(s, "--entry") == 0) {
			if (strlen(v) != 1 || v[0] < '0' || v[0] > '3')
				return usage_error("--entry takes 0, 1, 2 or 3, not '%s'", v);
			a->entry = (unsigned)(v[0] - '0');
		} else if (strcmp(s, "--slot") == 0) {
			if (strcmp(v, "a") != 0 && strcmp(v, "b") != 0)
				return usage_error("--slot takes a or b, not '%s'", v);
			a->slot = v[0] == 'a' ? HWSQ_SLOT_A : HWSQ_SLOT_B;
		} else {
			return usage_error("unknown option '%s'", s);
		}
		if (takes)
			i++;
	}
	if (!a->chip)
		return usage_error("%s", "--chip is required");
	if (!a->source)
		return usage_error("%s", "no source file");
	return -1;
}

/* The C identifier prefix: the output (or source) file's base name. */
static char *default_name(const struct args *a)
{
	const char *path = a->output && strcmp(a->output, "-") != 0 ? a->output : a->source;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char *name = util_xstrndup(base, strcspn(base, "."));
	for (char *p = name; *p; p++)
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
		    !(*p >= '0' && *p <= '9'))
			*p = '_';
	if (!*name || (name[0] >= '0' && name[0] <= '9')) {
		char *prefixed = util_xasprintf("hwsq_%s", name);
		free(name);
		name = prefixed;
	}
	return name;
}

static void print_stats(const struct hwsq_program *p, const char *source)
{
	struct hwsq_stats s;
	hwsq_program_stats(p, &s);
	const struct hwsq_family_info *fam = hwsq_family_info(p->family);
	uint8_t ram[0x200];
	hwsq_image(p, ram);
	uint64_t used = hwsq_image_used(p->family, ram, fam->ram_size);
	/* One line of name=value pairs, for people and for scripts. */
	printf("stats: source=%s chip=%s bytes=%zu greedy=%zu naive=%zu writes=%zu delays=%zu "
	       "asked_ns=%llu encoded_us=%llu greedy_us=%llu ram=%u free=%llu\n",
	       source, fam->name, s.bytes, s.greedy_bytes, s.naive_bytes, s.writes, s.delays,
	       (unsigned long long)s.requested_ns, (unsigned long long)s.encoded_us,
	       (unsigned long long)s.greedy_us, fam->ram_size,
	       (unsigned long long)(fam->ram_size - used));
}

static int emit(const struct args *a, const struct hwsq_program *p)
{
	struct util_str out = {0};
	int err;
	if (a->emit == EMIT_BIN) {
		uint8_t ram[0x200];
		hwsq_image(p, ram);
		err = util_write_file(a->output, ram, hwsq_family_info(p->family)->ram_size);
	} else {
		if (a->emit == EMIT_C) {
			char *name = a->name ? util_xstrdup(a->name) : default_name(a);
			hwsq_emit_c(p, name, a->source, &out);
			free(name);
		} else {
			hwsq_emit_upload(p, a->entry, a->slot, &out);
		}
		err = util_write_file(a->output, out.text, out.len);
	}
	util_str_free(&out);
	if (err) {
		fprintf(stderr, "hwsq-as: cannot write %s: %s\n", a->output, strerror(err));
		return 1;
	}
	return 0;
}

/* -E: the text the compiler would read. */
static int preprocess(const struct args *a, const struct hwsq_source_options *so,
		      enum hwsq_family family, struct diag *d)
{
	char *text = NULL;
	size_t len = 0;
	bool ok = hwsq_preprocess(a->source, so, family, &text, &len, d);
	diag_print(d, stderr, "hwsq-as");
	int err = ok ? util_write_file(a->output ? a->output : "-", text, len) : 0;
	if (err)
		fprintf(stderr, "hwsq-as: cannot write %s: %s\n", a->output ? a->output : "output",
			strerror(err));
	free(text);
	return ok && !err ? 0 : 1;
}

static int compile(const struct args *a, const struct hwsq_source_options *so,
		   const struct hwsq_as_options *ao, struct diag *d)
{
	struct hwsq_program p;
	bool ok = hwsq_compile_file(a->source, so, ao, &p, d);
	diag_print(d, stderr, "hwsq-as");
	int status = ok ? 0 : 1;
	if (ok && a->stats)
		print_stats(&p, a->source);
	if (ok && a->output)
		status = emit(a, &p);
	hwsq_program_free(&p);
	return status;
}

int main(int argc, char **argv)
{
	struct args a = {.emit = EMIT_BIN};
	a.defines = util_xcalloc((size_t)argc, sizeof *a.defines);
	a.includes = util_xcalloc((size_t)argc, sizeof *a.includes);
	int status = parse_args(argc, argv, &a);
	enum hwsq_family family = HWSQ_NV17;
	if (status < 0 && !hwsq_family_parse(a.chip, &family))
		status = usage_error("unknown chip '%s' (nv17, nv41, nv50 or nv92)", a.chip);
	if (status < 0 && a.emit == EMIT_UPLOAD && a.slot == HWSQ_SLOT_B &&
	    hwsq_family_info(family)->slots == 1)
		status = usage_error("%s has one execution slot: no --slot b",
				     hwsq_family_info(family)->range);
	char *why = NULL;
	struct rnn_db *db = NULL;
	if (status < 0) {
		db = hwsq_names_open_db(a.rnndb, &why);
		if (!db && a.rnndb) {
			fprintf(stderr, "hwsq-as: %s\n", why);
			status = 1;
		}
	}
	if (status < 0) {
		struct hwsq_names names;
		hwsq_names_init(&names, db, family);
		if (!db) {
			/* Say why a name is unknown: no database could be read. */
			free(names.why_none);
			names.why_none = why;
			why = NULL;
		}
		struct diag d;
		diag_init(&d);
		d.max_errors = DIAG_DEFAULT_MAX_ERRORS;
		struct hwsq_source_options so = {a.includes, a.include_count, a.defines,
						 a.define_count};
		struct hwsq_as_options ao = {family, &names};
		status = a.preprocess_only ? preprocess(&a, &so, family, &d)
					   : compile(&a, &so, &ao, &d);
		diag_free(&d);
		hwsq_names_free(&names);
	}
	hwsq_names_close_db(db);
	free(why);
	free(a.defines);
	free(a.includes);
	return status;
}
