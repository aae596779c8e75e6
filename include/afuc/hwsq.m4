m4_dnl HWSQ macro library, read by m4 -P (builtins are m4_define,
m4_dnl m4_ifelse, ...) before every HWSQ source, after cpp.
m4_dnl
m4_dnl ';' starts a comment and m4 leaves comments alone, so apostrophes
m4_dnl and macro names in comments do no harm.
m4_changecom(`;')m4_dnl
m4_dnl
m4_dnl fb_pause(): ask the memory controller to stop serving the
m4_dnl framebuffer and wait until it has (NV41+).
m4_define(`fb_pause', `flag FB_PAUSE on
	wait FB_PAUSED == 1')m4_dnl
m4_dnl
m4_dnl fb_unpause(): let the framebuffer run again and wait until it does.
m4_define(`fb_unpause', `flag FB_PAUSE off
	wait FB_PAUSED == 0')m4_dnl
m4_dnl
m4_dnl wr32_opt(REGISTER, VALUE): a write that a board may leave out by
m4_dnl giving an empty VALUE.
m4_define(`wr32_opt', `m4_ifelse(`$2', `', `; (no $1 write on this board)', `wr32 $1, $2')')m4_dnl
m4_dnl
m4_dnl wr32_seq(REGISTER, STRIDE, VALUE...): writes VALUE... to REGISTER,
m4_dnl REGISTER + STRIDE, ... in order (a block of timing registers).
m4_define(`wr32_seq', `m4_ifelse(`$3', `', `', `wr32 $1, $3
	wr32_seq(($1) + ($2), $2, m4_shift(m4_shift(m4_shift($@))))')')m4_dnl
