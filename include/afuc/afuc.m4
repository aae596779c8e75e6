m4_divert(-1)
# The afuc macro library: the entry point m4 reads before every source.
#
#   cpp -x assembler-with-cpp -undef x.S | m4 -P -s afuc.m4 - | afuc-as
#
# docs/dsl.md is the user's reference. What matters when editing here:
#
# - m4 runs with -P, so every builtin is m4_define, m4_ifelse, ...: plain
#   words such as define, len or index in afuc sources stay words.
# - Quotes are { and } (afuc never uses braces) and ; starts a comment
#   (afuc comments are ; to end of line), so m4 never expands anything in a
#   comment and # is an ordinary character: #label is safe everywhere.
# - Every public macro expands only when called with parentheses; a bare
#   HANDLER or ENDIF in the text (a label, a word in a comment) stays as it
#   is. _AFUC_PUBLIC makes that wrapper.
# - Macro bodies are stored through _AFUC_ESCAPE, which turns a register
#   such as $02 into ${}02 so that m4 does not read $0 followed by 2.
#   Parameters stay $1..$9 followed by anything but a hex digit.
# - Errors never stop m4: a misuse expands to a `.error "..."` line, which
#   afuc-as reports at the file and line of the macro call.
# - Reserved names: macros _AFUC_* and m4_*, generated labels afuc.*
m4_changequote({,})
m4_changecom({;})

; ---- Text helpers ---------------------------------------------------------

; _AFUC_ESCAPE(text): text with every `$` followed by two hex digits (an
; afuc register) protected from m4's parameter substitution; the result is
; quoted, ready to be a macro body.
m4_define({_AFUC_ESCAPE}, {m4_patsubst({{$1}}, {\$\([0-9a-fA-F][0-9a-fA-F]\)}, {${}\1})})

; _AFUC_DEF(name, body): m4_define with registers in the body protected.
m4_define({_AFUC_DEF}, {m4_define({$1}, _AFUC_ESCAPE({$2}))})

; _AFUC_CLEAN(arg): an argument as the user meant it: ; comments that m4
; copied into it removed, newlines and tabs made spaces, both ends
; trimmed. The result is quoted, so it is never expanded again.
m4_define({_AFUC_CLEAN}, {m4_regexp(m4_patsubst(m4_patsubst({{{{$1}}}}, {;[^
]*}, {}), {[	
]+}, { }), {^{ *\(\(.*[^ ]\)?\) *}$}, {{\1}})})
m4_define({_AFUC_CLEAN_ARGS}, {m4_ifelse({$#}, {1}, {_AFUC_CLEAN({$1})},
	{_AFUC_CLEAN({$1}),_AFUC_CLEAN_ARGS(m4_shift($@))})})

; _AFUC_WRAP(NAME): NAME(args) runs _AFUC_DO_NAME(cleaned args); a bare
; NAME (no parentheses) is left in the text as it is. _AFUC_PUBLIC also
; marks NAME as a library macro, which DEFINE_MACRO refuses to redefine.
m4_define({_AFUC_WRAP}, {m4_define({$1}, {_AFUC_CALL({$1}, $}{#, $}{@)})})
m4_define({_AFUC_PUBLIC}, {m4_define({_AFUC_LIB_$1})_AFUC_WRAP({$1})})
m4_define({_AFUC_CALL}, {m4_ifelse({$2}, {0}, {{$1}},
	{_AFUC_DO_$1(_AFUC_CLEAN_ARGS(m4_shift(m4_shift($@))))})})

; _AFUC_ERROR(macro, message): a line afuc-as reports as an error at the
; macro call.
m4_define({_AFUC_ERROR}, {.error "m4_patsubst({{$1: $2}}, {"}, {'})"})

; _AFUC_NARGS(macro, min, max, count, then): then when min <= count <= max,
; else an error.
m4_define({_AFUC_NARGS}, {m4_ifelse(m4_eval($4 < $2 || $4 > $3), {1},
	{_AFUC_ERROR({$1}, {expects }m4_ifelse({$2}, {$3}, {$2}, {$2 to $3}){ argument(s), got $4})},
	{$5})})
; _AFUC_COUNT(args...): the number of arguments, 0 for `()`.
m4_define({_AFUC_COUNT}, {m4_ifelse({$#$1}, {1}, {0}, {$#})})

; _AFUC_IS_NUM(text): 1 when text is a plain C number (decimal, 0x, 0b).
m4_define({_AFUC_IS_NUM}, {m4_ifelse(m4_regexp({$1},
	{^\(0[xX][0-9a-fA-F]+\|0[bB][01]+\|[0-9]+\)$}), {0}, {1}, {0})})
; _AFUC_IS_CONST(text): 1 when text is a number or a constant expression
; m4_eval can work out: numbers, parentheses and C's arithmetic operators,
; which is what a cpp macro such as a generated A6XX_..._SHIFT, "(30)",
; expands to. (Not `**`, which m4 reads as a power and C rejects.)
m4_define({_AFUC_IS_CONST}, {m4_ifelse(_AFUC_IS_NUM({$1}), {1}, {1}, m4_regexp({$1},
	{^\([ ()~+*/%<>&|^-]\|0[xX][0-9a-fA-F]+\|0[bB][01]+\|[0-9]+\)*$}), {0},
	{m4_ifelse(m4_regexp({$1}, {[0-9]}), {-1}, {0}, m4_index({$1}, {**}), {-1}, {1}, {0})}, {0})})
; _AFUC_ABOVE_31(const): 1 when the value is not 0..31 (m4_eval is signed
; 32-bit: 0x80000000 and up come out negative).
m4_define({_AFUC_ABOVE_31}, {m4_eval(({$1}) < 0 || ({$1}) > 31)})
; _AFUC_IS_REG(text): 1 when text is a register ($02, $rem, $data...).
m4_define({_AFUC_IS_REG}, {m4_ifelse(m4_regexp({$1},
	{^\$\([0-9a-fA-F][0-9a-fA-F]\|sp\|lr\|rem\|data\|addr\|usraddr\|memdata\|regdata\)$}),
	{0}, {1}, {0})})
; _AFUC_IS_NAME(text): 1 when text is an identifier.
m4_define({_AFUC_IS_NAME}, {m4_ifelse(m4_regexp({$1}, {^[A-Za-z_][A-Za-z0-9_]*$}), {0}, {1}, {0})})
; _AFUC_HEX(number): 0x.. spelling of a plain number.
m4_define({_AFUC_HEX}, {0x{}m4_eval({$1}, {16})})

; ---- Unique labels and the block stack ------------------------------------

m4_define({_AFUC_COUNTER}, {0})
; _AFUC_NEW_ID: a fresh number for generated labels afuc.<kind><n>.<part>.
m4_define({_AFUC_NEW_ID}, {m4_define({_AFUC_COUNTER}, m4_incr(_AFUC_COUNTER))_AFUC_COUNTER})

; Each open block is one entry of the pushdef stacks _AFUC_BK (its kind:
; if, loop, switch, handler, sub, table) and _AFUC_BI (its id). What a block
; remembers lives in _AFUC_A_<id>_<attr>.
m4_define({_AFUC_PUSH}, {m4_pushdef({_AFUC_BK}, {$1})m4_pushdef({_AFUC_BI}, {$2})})
m4_define({_AFUC_POP}, {m4_popdef({_AFUC_BK})m4_popdef({_AFUC_BI})})
m4_define({_AFUC_SET}, {m4_define({_AFUC_A_$1_$2}, {$3})})
m4_define({_AFUC_GET}, {m4_ifdef({_AFUC_A_$1_$2}, {m4_defn({_AFUC_A_$1_$2})})})
m4_define({_AFUC_TOP_KIND}, {m4_ifdef({_AFUC_BK}, {_AFUC_BK})})
m4_define({_AFUC_TOP_ID}, {m4_ifdef({_AFUC_BI}, {_AFUC_BI})})
; The macro call that opened a block, for messages.
m4_define({_AFUC_OPENER}, {_AFUC_GET({$1}, {call})})

; _AFUC_OPEN(kind, call text): pushes a new block; _AFUC_TOP_ID is its id.
; It remembers the call, for messages.
m4_define({_AFUC_OPEN}, {_AFUC_PUSH({$1}, _AFUC_NEW_ID)_AFUC_SET(_AFUC_TOP_ID, {call}, {$2})})

; _AFUC_EXPECT(macro, kind, what, then): then when the innermost open block
; is of that kind, else an error naming what is open instead.
m4_define({_AFUC_EXPECT}, {m4_ifelse(_AFUC_TOP_KIND, {$2}, {$4},
	_AFUC_TOP_KIND, {}, {_AFUC_ERROR({$1}, {no $3 is open})},
	{_AFUC_ERROR({$1}, {}_AFUC_OPENER(_AFUC_TOP_ID){ is still open})})})

; _AFUC_FIND(kind): the id of the innermost open block of that kind, or
; nothing. Walks the stack by popping into a scratch stack and back.
m4_define({_AFUC_FIND}, {m4_ifelse(_AFUC_TOP_KIND, {}, {_AFUC_UNWIND},
	_AFUC_TOP_KIND, {$1}, {_AFUC_TOP_ID{}_AFUC_UNWIND},
	{m4_pushdef({_AFUC_TK}, _AFUC_TOP_KIND)m4_pushdef({_AFUC_TI},
	_AFUC_TOP_ID)_AFUC_POP{}_AFUC_FIND({$1})})})
m4_define({_AFUC_UNWIND}, {m4_ifdef({_AFUC_TK}, {_AFUC_PUSH(m4_defn({_AFUC_TK}),
	m4_defn({_AFUC_TI}))m4_popdef({_AFUC_TK})m4_popdef({_AFUC_TI})_AFUC_UNWIND})})

; At the end of the input every block must be closed.
m4_define({_AFUC_CLOSE_WORD}, {m4_ifelse({$1}, {if}, {{ENDIF()}}, {$1}, {loop}, {{ENDLOOP()}},
	{$1}, {switch}, {{ENDSWITCH()}}, {$1}, {handler}, {{END_HANDLER()}},
	{$1}, {sub}, {{END_SUBROUTINE()}}, {$1}, {table}, {{END_TABLE()}})})
; Each block still open at the end is an error there (at the end of the
; file, as a C compiler reports a missing brace), naming the call that
; opened it.
m4_define({_AFUC_AT_END}, {m4_ifdef({_AFUC_BK}, {_AFUC_ERROR({}_AFUC_OPENER(_AFUC_TOP_ID),
	{never closed: }_AFUC_CLOSE_WORD(_AFUC_TOP_KIND){ is missing})
_AFUC_POP{}_AFUC_AT_END})})
m4_m4wrap({_AFUC_AT_END})

; ---- The generation --------------------------------------------------------

; GPU(a5xx|a6xx|a7xx): says which generation the source is for (it emits
; `.gpu`); macros whose expansion differs between generations need it.
_AFUC_PUBLIC({GPU})
m4_define({_AFUC_DO_GPU}, {_AFUC_NARGS({GPU}, 1, 1, _AFUC_COUNT($@),
	{m4_ifelse({$1}, {a5xx}, {_AFUC_SET_GEN(5, {$1})}, {$1}, {a6xx}, {_AFUC_SET_GEN(6, {$1})},
	{$1}, {a7xx}, {_AFUC_SET_GEN(7, {$1})},
	{_AFUC_ERROR({GPU}, {unknown generation '$1' (expected a5xx, a6xx or a7xx)})})})})
m4_define({_AFUC_SET_GEN}, {m4_define({_AFUC_GEN}, {$1}).gpu $2})
; _AFUC_NEED_GEN(macro, then): then once GPU() has been said.
m4_define({_AFUC_NEED_GEN}, {m4_ifdef({_AFUC_GEN}, {$2},
	{_AFUC_ERROR({$1}, {needs GPU(a5xx|a6xx|a7xx) first})})})
; _AFUC_BY_GEN(macro, a5xx text, a6xx text, a7xx text)
m4_define({_AFUC_BY_GEN}, {m4_ifdef({_AFUC_GEN}, {m4_ifelse(_AFUC_GEN, {5}, {$2},
	_AFUC_GEN, {6}, {$3}, {$4})}, {_AFUC_ERROR({$1}, {needs GPU(a5xx|a6xx|a7xx) first})})})

; ---- User macros -----------------------------------------------------------

; DEFINE_MACRO(NAME, {body}): NAME(args) expands body with $1..$9, $#, $@;
; registers ($00..$1f) in the body stay registers. Like the library's
; macros, a bare NAME without parentheses is left alone.
; The body is passed on untouched (its comments and lines are code).
m4_define({DEFINE_MACRO}, {m4_ifelse({$#}, {0}, {{DEFINE_MACRO}},
	{_AFUC_DEFINE_MACRO($#, _AFUC_CLEAN({$1}), m4_shift($@))})})
m4_define({_AFUC_LIB_DEFINE_MACRO})
m4_define({_AFUC_DEFINE_MACRO}, {m4_ifelse(m4_eval({$1} != 2), {1},
	{_AFUC_ERROR({DEFINE_MACRO}, {expects a name and a body quoted with braces, got $1 argument(s)})},
	_AFUC_IS_NAME({$2}), {0}, {_AFUC_ERROR({DEFINE_MACRO}, {'$2' is not a macro name})},
	m4_regexp({$2}, {^\(_AFUC_\|m4_\)}), {0},
	{_AFUC_ERROR({DEFINE_MACRO}, {'$2' is reserved (_AFUC_ and m4_ prefixes)})},
	m4_ifdef({_AFUC_LIB_$2}, {1}, {0}), {1}, {_AFUC_ERROR({DEFINE_MACRO}, {'$2' is a library macro})},
	{_AFUC_DEF({_AFUC_DO_$2}, {$3})_AFUC_WRAP({$2})})})

m4_include(m4_regexp(m4___file__, {^\(.*/\)?}, {\&}){afuc-flow.m4})
m4_include(m4_regexp(m4___file__, {^\(.*/\)?}, {\&}){afuc-hw.m4})
m4_divert(0)m4_dnl
