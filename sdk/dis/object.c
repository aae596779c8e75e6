/* -d: an afuc object, section by section. */
#include "dis/priv.h"

bool dis_object(const struct obj_file *o, const char *name, const struct dis_options *opt,
		struct util_str *out, struct diag *d)
{
	(void)o; (void)opt; (void)out;
	diag_error(d, diag_at(name, 0, 0), "not yet");
	return false;
}
