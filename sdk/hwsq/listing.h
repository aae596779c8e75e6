/* hwsq-as -a: the listing of a compiled script, per source line where
 * its bytes went (listing.c; recorded by the compiler, as.c). */
#ifndef SDK_HWSQ_LISTING_H
#define SDK_HWSQ_LISTING_H

#include "hwsq/hwsq.h"

/* Per source line (after cpp and m4), where its bytes went. */
struct hwsq_list_line {
	char *file; /* the original file (after cpp's and m4's markers) */
	unsigned line;
	char *text;            /* the line as compiled */
	uint32_t first, count; /* its bytes: code[first, first + count) */
};
struct hwsq_listing {
	struct hwsq_list_line *lines;
	size_t count, cap;
	/* One per code byte: true where an instruction (or a wait byte, a
	 * .byte) begins, so that a row never splits one. */
	bool *starts;
	size_t start_count, start_cap;
};
void hwsq_listing_free(struct hwsq_listing *l);
/* The listing as text: per line, the line number, the address of its
 * first byte, its bytes (whole instructions, up to HWSQ_MAX_LENGTH a
 * row, more rows when it has more) and the line; a "; FILE" line where
 * the file changes; last, the exit padding up to the end of the RAM. */
void hwsq_listing_print(const struct hwsq_listing *l, const struct hwsq_program *p,
			struct util_str *out);

/* hwsq_assemble, also recording in listing (when not NULL; the caller
 * frees it with hwsq_listing_free) what each line compiled to. */
bool hwsq_assemble_listing(const char *text, const char *file, const struct hwsq_as_options *o,
			   struct hwsq_listing *listing, struct hwsq_program *p, struct diag *d);

#endif
