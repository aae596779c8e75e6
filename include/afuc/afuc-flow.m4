; Structured control flow, subroutines and packet handlers (read by afuc.m4
; with its quotes { } and comment ; already in force).
;
; Every construct expands to afuc branches whose delay slot is filled by a
; nop, except where the slot provably cannot change the outcome (the
; decrement of LOOP_COUNT, the chained branches of a SWITCH dispatch).
; Generated labels are afuc.<kind><n>.<part>, n unique in the source.

; ---- Conditions ------------------------------------------------------------

; A macro that needs a scratch register (the cmp of IF_LT, the offset
; WRITE_REG_DIRECT holds...) takes it as its last argument, and there is
; no default: a call never clobbers a register it does not name.
; _AFUC_TMP_IF(needed, macro, tmp, why, usage, then): then, unless tmp is
; given and is not a register, or is needed and not given (why: "for its
; cmp"; usage: the call with its scratch, "IF_LT(a, b, tmp)").
m4_define({_AFUC_TMP_IF}, {m4_ifelse({$3}, {}, {m4_ifelse({$1}, {1},
	{_AFUC_ERROR({$2}, {needs a scratch register $4: pass one as the last argument, as in $5})},
	{$6})}, _AFUC_IS_REG({$3}), {0}, {_AFUC_ERROR({$2}, {the scratch register '$3' is not a register})},
	{$6})})

; cmp d, a, b sets d to 0x2b when a == b, 0x1e when a < b and 0x00 when
; a > b (unsigned), so b0 means ==, b1 means <= and b2 means <.
; _AFUC_BRANCH_UNLESS(cond, a, b, tmp, target): branches to target when
; the condition does not hold (the delay slot is the caller's).
m4_define({_AFUC_BRANCH_UNLESS}, {m4_ifelse(
	{$1}, {eq}, {m4_ifelse(_AFUC_EQ_CMP({$3}, {$4}), {1}, {_AFUC_CMP({$4}, {$2}, {$3})
brne $4, b0, $5}, {brne $2, $3, $5})},
	{$1}, {ne}, {m4_ifelse(_AFUC_EQ_CMP({$3}, {$4}), {1}, {_AFUC_CMP({$4}, {$2}, {$3})
breq $4, b0, $5}, {breq $2, $3, $5})},
	{$1}, {set}, {brne $2, _AFUC_BIT({$3}), $5},
	{$1}, {clear}, {breq $2, _AFUC_BIT({$3}), $5},
	{$1}, {lt}, {_AFUC_CMP({$4}, {$2}, {$3})
brne $4, b2, $5},
	{$1}, {le}, {_AFUC_CMP({$4}, {$2}, {$3})
brne $4, b1, $5},
	{$1}, {gt}, {_AFUC_CMP({$4}, {$2}, {$3})
breq $4, b1, $5},
	{$1}, {ge}, {_AFUC_CMP({$4}, {$2}, {$3})
breq $4, b2, $5})})
m4_define({_AFUC_CMP}, {cmp $1, $2, $3})
; breq/brne compare with a 5-bit immediate only: a register or a larger
; number (or constant expression) goes through cmp. (Names are left to
; afuc-as, which reports a value that does not fit.)
m4_define({_AFUC_NEEDS_CMP}, {m4_ifelse(_AFUC_IS_REG({$1}), {1}, {1},
	_AFUC_IS_CONST({$1}), {1}, {_AFUC_ABOVE_31({$1})}, {0})})
; _AFUC_EQ_CMP(b, tmp): 1 when IF_EQ/NE test b through cmp: when it must,
; or when b is a name (whose value m4 cannot see: a PM4 packet such as
; CP_INDIRECT_BUFFER) and a scratch register is given.
m4_define({_AFUC_EQ_CMP}, {m4_ifelse(_AFUC_NEEDS_CMP({$1}), {1}, {1},
	_AFUC_IS_CONST({$1}), {1}, {0}, {$2}, {}, {0}, {1})})
; A bit, written b3 or as a constant (3, 0x1e, (30)) that _AFUC_BAD_BIT
; has accepted.
m4_define({_AFUC_BIT}, {b{}m4_eval(_AFUC_BIT_VALUE({$1}))})
; _AFUC_BIT_VALUE(bit): b07 as 7 (decimal, as afuc-as reads it, where
; m4_eval would read 07 as octal), anything else as it is.
m4_define({_AFUC_BIT_VALUE}, {m4_ifelse(m4_regexp({$1}, {^b[0-9]+$}), {0},
	{m4_patsubst({$1}, {^b0*\(.\)}, {\1})}, {{$1}})})
; _AFUC_BAD_BIT(bit): what is wrong with a bit, or nothing. Anything but a
; constant (a name m4 cannot see, a register) is an error: breq/brne
; would take it as a value to compare with, not a bit to test.
m4_define({_AFUC_BAD_BIT}, {m4_ifelse(_AFUC_IS_CONST(_AFUC_BIT_VALUE({$1})), {0},
	{{bit '$1' is not a number, b<n> or a constant expression (a name must be a cpp macro for one)}},
	{m4_ifelse(_AFUC_ABOVE_31(_AFUC_BIT_VALUE({$1})), {1}, {{bit '$1' is not 0..31}})})})

; _AFUC_IF(macro, cond, a, b, tmp): checks, then opens the block.
m4_define({_AFUC_IF}, {m4_ifelse(_AFUC_IS_REG({$3}), {0},
	{_AFUC_ERROR({$1}, {the first argument must be a register, got '$3'})},
	_AFUC_IF_BAD({$2}, {$4}), {}, {_AFUC_TMP_IF(_AFUC_IF_CMP({$2}, {$4}), {$1}, {$5}, {for its cmp}, {$1(a, b, tmp)},
	{_AFUC_OPEN({if}, {$1(}_AFUC_JOIN(m4_shift(m4_shift($@))){)})_AFUC_BRANCH_UNLESS({$2},
	{$3}, {$4}, {$5}, {#afuc.if}_AFUC_TOP_ID{.else})
nop})}, {_AFUC_ERROR({$1}, _AFUC_IF_BAD({$2}, {$4}))})})
; _AFUC_IF_BAD(cond, b): what is wrong with b, or nothing.
m4_define({_AFUC_IF_BAD}, {m4_ifelse({$1}, {set}, {_AFUC_BAD_BIT({$2})},
	{$1}, {clear}, {_AFUC_BAD_BIT({$2})})})
; _AFUC_IF_CMP(cond, b): 1 when the condition is tested through cmp.
m4_define({_AFUC_IF_CMP}, {m4_ifelse({$1}, {set}, {0}, {$1}, {clear}, {0},
	{$1}, {eq}, {_AFUC_NEEDS_CMP({$2})}, {$1}, {ne}, {_AFUC_NEEDS_CMP({$2})}, {1})})

; IF_EQ(a, b[, tmp]) ... [ELSE() ...] ENDIF()  and the same for the others;
; tmp, the register cmp writes, is needed by IF_LT/LE/GT/GE always and by
; IF_EQ/NE when b is a register or a number above 31; given to IF_EQ/NE
; with a name for b, it lets the name's value be above 31.
m4_define({_AFUC_DO_IF_EQ}, {_AFUC_NARGS({IF_EQ}, 2, 3, _AFUC_COUNT($@), {_AFUC_IF({IF_EQ}, {eq}, $@)})})
m4_define({_AFUC_DO_IF_NE}, {_AFUC_NARGS({IF_NE}, 2, 3, _AFUC_COUNT($@), {_AFUC_IF({IF_NE}, {ne}, $@)})})
m4_define({_AFUC_DO_IF_BIT_SET}, {_AFUC_NARGS({IF_BIT_SET}, 2, 2, _AFUC_COUNT($@),
	{_AFUC_IF({IF_BIT_SET}, {set}, $@)})})
m4_define({_AFUC_DO_IF_BIT_CLEAR}, {_AFUC_NARGS({IF_BIT_CLEAR}, 2, 2, _AFUC_COUNT($@),
	{_AFUC_IF({IF_BIT_CLEAR}, {clear}, $@)})})
m4_define({_AFUC_DO_IF_LT}, {_AFUC_NARGS({IF_LT}, 2, 3, _AFUC_COUNT($@), {_AFUC_IF({IF_LT}, {lt}, $@)})})
m4_define({_AFUC_DO_IF_LE}, {_AFUC_NARGS({IF_LE}, 2, 3, _AFUC_COUNT($@), {_AFUC_IF({IF_LE}, {le}, $@)})})
m4_define({_AFUC_DO_IF_GT}, {_AFUC_NARGS({IF_GT}, 2, 3, _AFUC_COUNT($@), {_AFUC_IF({IF_GT}, {gt}, $@)})})
m4_define({_AFUC_DO_IF_GE}, {_AFUC_NARGS({IF_GE}, 2, 3, _AFUC_COUNT($@), {_AFUC_IF({IF_GE}, {ge}, $@)})})
_AFUC_PUBLIC({IF_EQ})_AFUC_PUBLIC({IF_NE})_AFUC_PUBLIC({IF_BIT_SET})_AFUC_PUBLIC({IF_BIT_CLEAR})
_AFUC_PUBLIC({IF_LT})_AFUC_PUBLIC({IF_LE})_AFUC_PUBLIC({IF_GT})_AFUC_PUBLIC({IF_GE})

_AFUC_PUBLIC({ELSE})
m4_define({_AFUC_DO_ELSE}, {_AFUC_NARGS({ELSE}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_EXPECT({ELSE}, {if}, {IF_...}, {m4_ifelse(_AFUC_GET(_AFUC_TOP_ID, {else}), {1},
	{_AFUC_ERROR({ELSE}, {}_AFUC_OPENER(_AFUC_TOP_ID){ already has an ELSE})},
	{_AFUC_SET(_AFUC_TOP_ID, {else}, 1)_AFUC_ELSE(_AFUC_TOP_ID)})})})})
m4_define({_AFUC_ELSE}, {jump #afuc.if$1.end
nop
afuc.if$1.else:})

_AFUC_PUBLIC({ENDIF})
m4_define({_AFUC_DO_ENDIF}, {_AFUC_NARGS({ENDIF}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_EXPECT({ENDIF}, {if}, {IF_...}, {_AFUC_ENDIF(_AFUC_TOP_ID)_AFUC_POP})})})
m4_define({_AFUC_ENDIF}, {afuc.if$1.m4_ifelse(_AFUC_GET({$1}, {else}), {1}, {end}, {else}):})

; ---- Loops -----------------------------------------------------------------

; LOOP() ... ENDLOOP(): runs the body until a BREAK().
_AFUC_PUBLIC({LOOP})
m4_define({_AFUC_DO_LOOP}, {_AFUC_NARGS({LOOP}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_OPEN({loop}, {LOOP()})_AFUC_SET(_AFUC_TOP_ID, {how}, {forever})afuc.loop{}_AFUC_TOP_ID{}.top:})})

; LOOP_REM() ... ENDLOOP(): runs the body while $rem is not zero (the body
; must consume packet words, or the loop never ends).
_AFUC_PUBLIC({LOOP_REM})
m4_define({_AFUC_DO_LOOP_REM}, {_AFUC_NARGS({LOOP_REM}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_OPEN({loop}, {LOOP_REM()})_AFUC_SET(_AFUC_TOP_ID, {how}, {rem})_AFUC_LOOP_REM(_AFUC_TOP_ID)})})
m4_define({_AFUC_LOOP_REM}, {breq $rem, 0x0, #afuc.loop$1.end
nop
afuc.loop$1.top:})

; LOOP_COUNT(reg[, count]) ... ENDLOOP(): runs the body count times (the
; register's current value when count is left out), counting reg down to
; zero. The decrement sits in the delay slot of the loop branch.
_AFUC_PUBLIC({LOOP_COUNT})
m4_define({_AFUC_DO_LOOP_COUNT}, {_AFUC_NARGS({LOOP_COUNT}, 1, 2, _AFUC_COUNT($@),
	{m4_ifelse(_AFUC_IS_REG({$1}), {0},
	{_AFUC_ERROR({LOOP_COUNT}, {the counter must be a register, got '$1'})},
	m4_regexp({$1}, {^\$\(00\|rem\|data\|addr\|usraddr\|memdata\|regdata\)$}), {0},
	{_AFUC_ERROR({LOOP_COUNT}, {'$1' cannot hold a counter})},
	{_AFUC_OPEN({loop}, {LOOP_COUNT(}_AFUC_JOIN($@){)})_AFUC_LOOP_COUNT({$1}, {$2}, _AFUC_TOP_ID)})})})
m4_define({_AFUC_LOOP_COUNT}, {_AFUC_SET({$3}, {how}, {count})_AFUC_SET({$3}, {reg}, {$1})m4_ifelse({$2}, {}, {},
	{mov $1, $2
})m4_ifelse(_AFUC_IS_CONST({$2}), {1}, {m4_ifelse(m4_eval({$2}), {0}, {_AFUC_ZERO_TEST({$1}, {$3})})},
	{_AFUC_ZERO_TEST({$1}, {$3})})afuc.loop$3.top:})
m4_define({_AFUC_ZERO_TEST}, {breq $1, 0x0, #afuc.loop$2.end
nop
})

_AFUC_PUBLIC({ENDLOOP})
m4_define({_AFUC_DO_ENDLOOP}, {_AFUC_NARGS({ENDLOOP}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_EXPECT({ENDLOOP}, {loop}, {LOOP_...}, {_AFUC_ENDLOOP(_AFUC_TOP_ID,
	_AFUC_GET(_AFUC_TOP_ID, {reg}))_AFUC_POP})})})
m4_define({_AFUC_ENDLOOP}, {m4_ifelse(_AFUC_GET({$1}, {continue}), {1}, {afuc.loop$1.next:
})m4_ifelse(_AFUC_GET({$1}, {how}), {rem}, {brne $rem, 0x0, #afuc.loop$1.top
nop}, _AFUC_GET({$1}, {how}), {count}, {brne $2, 0x1, #afuc.loop$1.top
sub $2, $2, 0x1}, {jump #afuc.loop$1.top
nop})
afuc.loop$1.end:})

; BREAK() leaves the innermost loop; CONTINUE() starts its next round.
_AFUC_PUBLIC({BREAK})
m4_define({_AFUC_DO_BREAK}, {_AFUC_NARGS({BREAK}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_LOOP_JUMP({BREAK}, _AFUC_FIND({loop}), {end})})})
_AFUC_PUBLIC({CONTINUE})
m4_define({_AFUC_DO_CONTINUE}, {_AFUC_NARGS({CONTINUE}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_LOOP_JUMP({CONTINUE}, _AFUC_FIND({loop}), {next})})})
m4_define({_AFUC_LOOP_JUMP}, {m4_ifelse({$2}, {}, {_AFUC_ERROR({$1}, {not inside a loop})},
	{m4_ifelse({$3}, {next}, {_AFUC_SET({$2}, {continue}, 1)})jump #afuc.loop$2.$3
nop})})

; ---- Switch ----------------------------------------------------------------

; SWITCH(reg) CASE(v[, v...]) ... DEFAULT() ... ENDSWITCH(): a dense switch
; on small values (0..31). Cases do not fall through. The dispatch, placed
; after the cases, is a chain of breq, each in the delay slot of the one
; before: at most one is taken because the values differ.
_AFUC_PUBLIC({SWITCH})
m4_define({_AFUC_DO_SWITCH}, {_AFUC_NARGS({SWITCH}, 1, 1, _AFUC_COUNT($@),
	{m4_ifelse(_AFUC_IS_REG({$1}), {0},
	{_AFUC_ERROR({SWITCH}, {the value must be a register, got '$1'})},
	{_AFUC_OPEN({switch}, {SWITCH($1)})_AFUC_SWITCH({$1}, _AFUC_TOP_ID)})})})
m4_define({_AFUC_SWITCH}, {_AFUC_SET({$2}, {reg}, {$1})_AFUC_SET({$2}, {cases},
	0)_AFUC_SET({$2}, {dispatch}, {})jump #afuc.sw$2.dispatch
nop})

; Closes the body of the case before, if any.
m4_define({_AFUC_CASE_END}, {m4_ifelse(_AFUC_GET({$1}, {open}), {1}, {jump #afuc.sw$1.end
nop
})_AFUC_SET({$1}, {open}, 1)})

_AFUC_PUBLIC({CASE})
m4_define({_AFUC_DO_CASE}, {_AFUC_NARGS({CASE}, 1, 31, _AFUC_COUNT($@),
	{_AFUC_EXPECT({CASE}, {switch}, {SWITCH}, {_AFUC_CASE_CHECK(_AFUC_TOP_ID, $@)})})})
; Every value is checked before anything is emitted.
m4_define({_AFUC_CASE_CHECK}, {m4_define({_AFUC_CASE_ERR}, _AFUC_CASE_BAD($@))m4_ifelse(_AFUC_CASE_ERR, {},
	{_AFUC_CASE({$1}, m4_incr(_AFUC_GET({$1}, {cases})), m4_shift($@))},
	{_AFUC_ERROR({CASE}, m4_defn({_AFUC_CASE_ERR}))})})
; _AFUC_CASE_BAD(id, v, more...): what is wrong with the values, or nothing.
; Numbers and constant expressions are remembered (normalised by m4_eval)
; to catch duplicates.
m4_define({_AFUC_CASE_BAD}, {m4_ifelse({$2}, {}, {{empty value}},
	_AFUC_IS_CONST({$2}), {1}, {m4_ifelse(_AFUC_ABOVE_31({$2}), {1},
		{{value $2 is not 0..31 (use IF_EQ for larger values)}},
		m4_ifdef({_AFUC_A_$1_v}m4_eval({$2}), {1}, {0}), {1}, {{value $2 appears twice}},
		{m4_define({_AFUC_A_$1_v}m4_eval({$2}))_AFUC_CASE_MORE($@)})},
	{_AFUC_CASE_MORE($@)})})
m4_define({_AFUC_CASE_MORE}, {m4_ifelse({$#}, {2}, {}, {_AFUC_CASE_BAD({$1}, m4_shift(m4_shift($@)))})})
; _AFUC_CASE(id, k, values...)
m4_define({_AFUC_CASE}, {_AFUC_CASE_END({$1})_AFUC_SET({$1}, {cases}, {$2})_AFUC_CASE_DISPATCH({$1},
	{$2}, m4_shift(m4_shift($@)))afuc.sw$1.c$2:})
m4_define({_AFUC_CASE_DISPATCH}, {_AFUC_SET({$1}, {dispatch},
	m4_defn({_AFUC_A_$1_dispatch}){breq }_AFUC_GET({$1}, {reg}){, $3, #afuc.sw$1.c$2
})m4_ifelse({$#}, {3}, {}, {_AFUC_CASE_DISPATCH({$1}, {$2}, m4_shift(m4_shift(m4_shift($@))))})})

_AFUC_PUBLIC({DEFAULT})
m4_define({_AFUC_DO_DEFAULT}, {_AFUC_NARGS({DEFAULT}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_EXPECT({DEFAULT}, {switch}, {SWITCH}, {m4_ifelse(_AFUC_GET(_AFUC_TOP_ID, {default}), {1},
	{_AFUC_ERROR({DEFAULT}, {}_AFUC_OPENER(_AFUC_TOP_ID){ already has a DEFAULT})},
	{_AFUC_CASE_END(_AFUC_TOP_ID)_AFUC_SET(_AFUC_TOP_ID, {default},
	1)afuc.sw{}_AFUC_TOP_ID{}.default:})})})})

_AFUC_PUBLIC({ENDSWITCH})
m4_define({_AFUC_DO_ENDSWITCH}, {_AFUC_NARGS({ENDSWITCH}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_EXPECT({ENDSWITCH}, {switch}, {SWITCH}, {_AFUC_ENDSWITCH(_AFUC_TOP_ID)_AFUC_POP})})})
m4_define({_AFUC_ENDSWITCH}, {_AFUC_CASE_END({$1})afuc.sw$1.dispatch:
_AFUC_GET({$1}, {dispatch})m4_ifelse(_AFUC_GET({$1}, {dispatch}), {}, {}, {nop
})m4_ifelse(_AFUC_GET({$1}, {default}), {1}, {jump #afuc.sw$1.default
nop
})afuc.sw$1.end:})

; ---- Subroutines -----------------------------------------------------------

; SUBROUTINE(name) ... [RETURN() ...] END_SUBROUTINE(); CALL(name).
; call/ret use the hardware return stack (8 entries on a6xx and a7xx), so
; nesting is limited; registers follow docs/dsl.md's convention.
_AFUC_PUBLIC({SUBROUTINE})
m4_define({_AFUC_DO_SUBROUTINE}, {_AFUC_NARGS({SUBROUTINE}, 1, 1, _AFUC_COUNT($@),
	{_AFUC_TOPLEVEL({SUBROUTINE}, {m4_ifelse(_AFUC_IS_LABEL({$1}), {0},
	{_AFUC_ERROR({SUBROUTINE}, {'$1' is not a label name})},
	{_AFUC_OPEN({sub}, {SUBROUTINE($1)})$1:})})})})
; Labels: C identifier characters and dots, not starting with a digit.
m4_define({_AFUC_IS_LABEL}, {m4_ifelse(m4_regexp({$1}, {^[A-Za-z_.][A-Za-z0-9_.]*$}), {0}, {1}, {0})})
; _AFUC_TOPLEVEL(macro, then): then when no block is open.
m4_define({_AFUC_TOPLEVEL}, {m4_ifelse(_AFUC_TOP_KIND, {}, {$2},
	{_AFUC_ERROR({$1}, {}_AFUC_OPENER(_AFUC_TOP_ID){ is still open})})})

_AFUC_PUBLIC({RETURN})
_AFUC_DEF({_AFUC_DO_RETURN}, {_AFUC_NARGS({RETURN}, 0, 0, _AFUC_COUNT($@),
	{m4_ifelse(_AFUC_FIND({sub}), {}, {_AFUC_ERROR({RETURN}, {not inside a SUBROUTINE})},
	{ret
nop})})})

_AFUC_PUBLIC({END_SUBROUTINE})
m4_define({_AFUC_DO_END_SUBROUTINE}, {_AFUC_NARGS({END_SUBROUTINE}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_EXPECT({END_SUBROUTINE}, {sub}, {SUBROUTINE}, {ret
nop{}_AFUC_POP})})})

_AFUC_PUBLIC({CALL})
m4_define({_AFUC_DO_CALL}, {_AFUC_NARGS({CALL}, 1, 1, _AFUC_COUNT($@),
	{m4_ifelse(_AFUC_IS_LABEL(m4_patsubst({$1}, {^#})), {0},
	{_AFUC_ERROR({CALL}, {'$1' is not a label name})},
	{call #m4_patsubst({$1}, {^#})
nop})})})

; ---- Packet handlers ---------------------------------------------------------

; The standard end of a handler: waitin dispatches the next packet from the
; packet table, and its delay slot moves that packet's header into $01.
_AFUC_DEF({_AFUC_NEXT_PACKET}, {waitin
mov $01, $data})

; HANDLER(CP_NAME[, more opcodes]) ... END_HANDLER(): a packet handler. The
; opcodes (PM4 names, UNKNn or numbers 0..0x7f) get packet-table records
; through `.handler`, which afuc-as checks and names.
_AFUC_PUBLIC({HANDLER})
m4_define({_AFUC_DO_HANDLER}, {_AFUC_NARGS({HANDLER}, 1, 128, _AFUC_COUNT($@),
	{_AFUC_TOPLEVEL({HANDLER}, {m4_ifelse(_AFUC_ANY_EMPTY($@), {1},
	{_AFUC_ERROR({HANDLER}, {empty opcode})},
	{_AFUC_OPEN({handler}, {HANDLER(}_AFUC_JOIN($@){)}).handler _AFUC_JOIN($@)})})})})
; _AFUC_ANY_EMPTY(args...): 1 when one of the arguments is empty.
m4_define({_AFUC_ANY_EMPTY}, {m4_ifelse({$1}, {}, {1}, {$#}, {1}, {0}, {_AFUC_ANY_EMPTY(m4_shift($@))})})
; _AFUC_JOIN(a, b, ...): "a, b, ..." (quoted: the commas stay text)
m4_define({_AFUC_JOIN}, {m4_ifelse({$#}, {1}, {{$1}}, {{$1, }_AFUC_JOIN(m4_shift($@))})})

_AFUC_PUBLIC({END_HANDLER})
m4_define({_AFUC_DO_END_HANDLER}, {_AFUC_NARGS({END_HANDLER}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_EXPECT({END_HANDLER}, {handler}, {HANDLER}, {_AFUC_NEXT_PACKET{}_AFUC_POP})})})

; NEXT_PACKET(): the same sequence anywhere (an early exit, the end of a
; bootstrap).
_AFUC_PUBLIC({NEXT_PACKET})
m4_define({_AFUC_DO_NEXT_PACKET}, {_AFUC_NARGS({NEXT_PACKET}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_NEXT_PACKET})})
