/* hwsq-as -a: what each source line compiled to, in the shape of
 * afuc-as's listing (sdk/as/listing.c), with byte addresses. */
#include <stdlib.h>
#include <string.h>

#include "hwsq/listing.h"

/* "e2 01 00 00 00": the widest a row's bytes get */
#define BYTES_WIDTH (HWSQ_MAX_LENGTH * 3 - 1)

void hwsq_listing_free(struct hwsq_listing *l)
{
	for (size_t i = 0; i < l->count; i++) {
		free(l->lines[i].file);
		free(l->lines[i].text);
	}
	free(l->lines);
	free(l->starts);
	*l = (struct hwsq_listing){0};
}

/* Whether a row may end before at: an instruction begins there, or the
 * line's bytes end. */
static bool boundary(const struct hwsq_listing *l, uint32_t at, uint32_t end)
{
	return at == end || at >= l->start_count || l->starts[at];
}

/* How many of the bytes from at (before end) one row holds: whole
 * instructions, up to HWSQ_MAX_LENGTH bytes. */
static uint32_t row_length(const struct hwsq_listing *l, uint32_t at, uint32_t end)
{
	uint32_t max = end - at < HWSQ_MAX_LENGTH ? end - at : HWSQ_MAX_LENGTH;
	for (uint32_t n = max; n > 0; n--)
		if (boundary(l, at + n, end))
			return n;
	return max;
}

static void row(struct util_str *out, const char *number, uint32_t at, const uint8_t *bytes,
		uint32_t n, const char *text)
{
	util_str_printf(out, "%5s %03x ", number, at);
	size_t start = out->len;
	for (uint32_t i = 0; i < n; i++)
		util_str_printf(out, "%s%02x", i ? " " : "", bytes[i]);
	if (!text) {
		util_str_putc(out, '\n');
		return;
	}
	for (size_t w = out->len - start; w < BYTES_WIDTH; w++)
		util_str_putc(out, ' ');
	util_str_printf(out, "  %s\n", text);
}

void hwsq_listing_print(const struct hwsq_listing *l, const struct hwsq_program *p,
			struct util_str *out)
{
	const char *file = NULL;
	for (size_t i = 0; i < l->count; i++) {
		const struct hwsq_list_line *ll = &l->lines[i];
		if (!file || strcmp(file, ll->file) != 0)
			util_str_printf(out, "; %s\n", ll->file);
		file = ll->file;
		char number[16];
		snprintf(number, sizeof number, "%u", ll->line);
		if (!ll->count || ll->first + ll->count > p->size) {
			/* no trailing blanks after an empty line's number */
			if (*ll->text)
				util_str_printf(out, "%5s %3s %*s  %s\n", number, "", BYTES_WIDTH,
						"", ll->text);
			else
				util_str_printf(out, "%5s\n", number);
			continue;
		}
		/* the bytes beyond the first row go on rows of their own, as
		 * afuc-as and GNU as do */
		uint32_t end = ll->first + ll->count;
		for (uint32_t at = ll->first; at < end;) {
			uint32_t n = row_length(l, at, end);
			row(out, at == ll->first ? number : "", at, p->code + at, n,
			    at == ll->first ? ll->text : NULL);
			at += n;
		}
	}
	/* what the image holds past the code: the exit that pads it */
	uint32_t ram = hwsq_family_info(p->family)->ram_size;
	if (p->size < ram)
		util_str_printf(out, "; 0x%03zx-0x%03x: exit padding to the end of the code RAM\n",
				p->size, ram - 1);
}
