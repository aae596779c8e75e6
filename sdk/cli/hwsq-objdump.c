/* hwsq-objdump: decodes an HWSQ code RAM image for a chip family into
 * source that hwsq-as compiles back to the same bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwsq/hwsq.h"

static const char usage_text[] =
	"usage: hwsq-objdump --chip CHIP [options] IMAGE\n"
	"  --chip CHIP            nv17, nv41, nv50 or nv92\n"
	"  -e, --entry N=ADDR     entry point N is at ADDR: label it (repeatable)\n"
	"  --entry-point VALUE    the four entry points as the ENTRY_POINT register\n"
	"                         holds them\n"
	"  --entry-point-high VALUE  with --entry-point on nv92: ENTRY_POINT_HIGH\n"
	"  --keep-padding         print the exit padding at the end instead of a note\n"
	"  --plain                no address and byte comments\n"
	"  --numeric              print numbers, no names from the register database\n"
	"  --rnndb DIR            read names from DIR\n"
	"  -o FILE                write to FILE instead of standard output\n"
	"  -h, --help             show this help\n"
	"  --version              print the version\n";

static int usage_error(const char *fmt, const char *arg)
{
	return hwsq_usage_error("hwsq-objdump", usage_text, fmt, arg);
}

struct args {
	const char *chip, *image, *rnndb, *output;
	bool numeric;
	struct hwsq_dis_options dis;
	bool have_ep, have_ep_high;
	uint64_t ep, ep_high;
};

static bool parse_entry(const char *v, struct hwsq_dis_options *o)
{
	unsigned n;
	uint32_t addr;
	if (!hwsq_parse_entry_arg(v, &n, &addr))
		return false;
	o->entry_set[n] = true;
	o->entry[n] = addr;
	return true;
}

static int parse_args(int argc, char **argv, struct args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (util_info_option(s, "hwsq-objdump", usage_text))
			return 0;
		if (strcmp(s, "--keep-padding") == 0) {
			a->dis.keep_padding = true;
		} else if (strcmp(s, "--plain") == 0) {
			a->dis.plain = true;
		} else if (strcmp(s, "--numeric") == 0) {
			a->numeric = true;
		} else if (s[0] != '-' || strcmp(s, "-") == 0) {
			if (a->image)
				return usage_error("one image at a time, found '%s' too", s);
			a->image = s;
		} else if (!v) {
			return usage_error("'%s' needs a value", s);
		} else {
			i++;
			if (strcmp(s, "--chip") == 0)
				a->chip = v;
			else if (strcmp(s, "--rnndb") == 0)
				a->rnndb = v;
			else if (strcmp(s, "-o") == 0)
				a->output = v;
			else if (strcmp(s, "-e") == 0 || strcmp(s, "--entry") == 0) {
				if (!parse_entry(v, &a->dis))
					return usage_error(
						"--entry takes N=ADDRESS (N 0 to 3), not '%s'", v);
			} else if (strcmp(s, "--entry-point") == 0) {
				a->have_ep = util_parse_u64(v, &a->ep) && a->ep <= 0xffffffff;
				if (!a->have_ep)
					return usage_error(
						"--entry-point takes a 32-bit value, not '%s'", v);
			} else if (strcmp(s, "--entry-point-high") == 0) {
				a->have_ep_high = util_parse_u64(v, &a->ep_high) &&
						  a->ep_high <= 0xffffffff;
				if (!a->have_ep_high)
					return usage_error(
						"--entry-point-high takes a 32-bit value, not "
						"'%s'",
						v);
			} else {
				return usage_error("unknown option '%s'", s);
			}
		}
	}
	if (!a->chip)
		return usage_error("%s", "--chip is required");
	if (!a->image)
		return usage_error("%s", "no image file");
	return -1;
}

int main(int argc, char **argv)
{
	struct args a = {0};
	int status = parse_args(argc, argv, &a);
	if (status >= 0)
		return status;
	if (!hwsq_family_parse(a.chip, &a.dis.family))
		return usage_error("unknown chip '%s' (nv17, nv41, nv50 or nv92)", a.chip);
	const struct hwsq_family_info *fam = hwsq_family_info(a.dis.family);
	if (a.have_ep_high && !fam->entry_high)
		return usage_error("%s has no ENTRY_POINT_HIGH", fam->range);
	for (unsigned n = 0; a.have_ep && n < HWSQ_ENTRY_COUNT; n++) {
		a.dis.entry_set[n] = true;
		a.dis.entry[n] = (uint32_t)(a.ep >> (8 * n) & 0xff) |
				 (uint32_t)(a.ep_high >> (8 * n) & 1) << 8;
	}

	uint8_t *image;
	size_t size;
	int err = hwsq_read_input(a.image, &image, &size);
	if (err) {
		fprintf(stderr, "hwsq-objdump: cannot read %s: %s\n", a.image,
			hwsq_input_error(err));
		return 1;
	}
	if (size > fam->ram_size) {
		fprintf(stderr,
			"hwsq-objdump: %s: 0x%zx bytes, more than the 0x%x bytes of %s code "
			"RAM\n",
			a.image, size, fam->ram_size, fam->range);
		free(image);
		return 1;
	}
	for (unsigned n = 0; n < HWSQ_ENTRY_COUNT; n++) {
		if (a.dis.entry_set[n] && a.dis.entry[n] >= fam->ram_size) {
			fprintf(stderr,
				"hwsq-objdump: entry point %u at 0x%x is outside %s code RAM\n", n,
				a.dis.entry[n], fam->range);
			free(image);
			return 1;
		}
	}

	struct rnn_db *db = NULL;
	struct hwsq_names names;
	if (!a.numeric) {
		char *why = NULL;
		db = hwsq_names_open_db(a.rnndb, &why);
		if (!db && a.rnndb) {
			fprintf(stderr, "hwsq-objdump: %s\n", why);
			free(why);
			free(image);
			return 1;
		}
		free(why);
		hwsq_names_init(&names, db, a.dis.family);
		a.dis.names = &names;
	}
	struct util_str out = {0};
	hwsq_disassemble(image, size, &a.dis, &out);
	err = util_write_file(a.output ? a.output : "-", out.text, out.len);
	if (err)
		fprintf(stderr, "hwsq-objdump: cannot write %s: %s\n",
			a.output ? a.output : "output", strerror(err));
	util_str_free(&out);
	if (!a.numeric)
		hwsq_names_free(&names);
	hwsq_names_close_db(db);
	free(image);
	return err ? 1 : 0;
}
