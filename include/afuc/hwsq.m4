m4_dnl HWSQ macro library: read by m4 (-P: builtins are m4_define,
m4_dnl m4_ifelse, ...) before every HWSQ source, after cpp.
m4_dnl
m4_dnl ';' starts a comment: m4 leaves comments alone, so apostrophes and
m4_dnl macro names in them do no harm.
m4_changecom(`;')m4_dnl
