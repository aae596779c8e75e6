/* Unit tests of sdk/util/diag: the one diagnostic format of every tool. */
#include <stdlib.h>
#include <string.h>

#include "afuc/tap.h"
#include "util/diag.h"

/* Prints d into a string, as a tool would print it to stderr. */
static char *printed(const struct diag *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	diag_print(d, f, "afuc-as");
	fclose(f);
	return text;
}

int main(void)
{
	struct tap t;
	tap_init(&t, stdout);

	struct diag d;
	diag_init(&d);
	diag_add(&d, DIAG_ERROR, diag_at("foo.s", 12, 9), "mov $02 0x12\n",
		 "expected ',', found '%s'", "0x12");
	char *text = printed(&d);
	tap_is_str(&t, text,
		   "foo.s:12:9: error: expected ',', found '0x12'\n"
		   " mov $02 0x12\n"
		   "         ^\n",
		   "file:line:col, message, source line and caret");
	free(text);
	tap_ok(&t, diag_has_errors(&d), "an error is counted");
	diag_free(&d);

	diag_add(&d, DIAG_ERROR, diag_at("x.s", 3, 4), "\tadd $01\n", "bad");
	diag_warning(&d, diag_at("x.s", 7, 0), "whole-line warning");
	diag_note(&d, DIAG_NOWHERE, "about the tool");
	diag_error(&d, diag_at("x.fw", 0, 0), "truncated image");
	text = printed(&d);
	tap_is_str(&t, text,
		   "x.s:3:4: error: bad\n"
		   " \tadd $01\n"
		   " \t  ^\n"
		   "x.s:7: warning: whole-line warning\n"
		   "afuc-as: note: about the tool\n"
		   "x.fw: error: truncated image\n",
		   "tabs kept under the caret; line-, file- and tool-level messages");
	free(text);
	tap_is_int(&t, (long long)d.errors, 2, "warnings and notes are not errors");
	diag_free(&d);

	d.max_errors = 3;
	for (int i = 1; i <= 5; i++)
		diag_error(&d, diag_at("y.s", (unsigned)i, 1), "error %d", i);
	tap_ok(&t, diag_full(&d), "full once the cap is reached");
	tap_is_int(&t, (long long)d.count, 3, "only the first three are kept");
	text = printed(&d);
	tap_ok(&t, strstr(text, "afuc-as: too many errors (5 in all), stopped\n") != NULL,
	       "the printout says how many were dropped");
	free(text);

	struct diag other;
	diag_init(&other);
	diag_error(&other, diag_at("z.o", 0, 0), "from the linker");
	diag_free(&d);
	diag_append(&d, &other);
	tap_ok(&t, d.count == 1 && d.errors == 1 && other.count == 0,
	       "append moves messages and counts");
	diag_free(&d);
	diag_free(&other);
	return tap_done_testing(&t);
}
