; Packets, GPU registers, memory, the scratch spill area and data tables
; (read by afuc.m4 with its quotes { } and comment ; already in force).
;
; Where a5xx differs, the a5xx expansion is the ME's (the PFP forwards
; packets to the ME and does not write registers or memory this way).
; The a5xx ME reaches memory through GPU registers: reads through
; CP_ME_MEM_READ_ADDR (0x80d/0x80e) and CP_ME_MEM_READ_DWORDS, then
; $memdata; writes through CP_ME_MEM_WRITE_ADDR (0x810/0x811) and
; CP_ME_MEM_WRITE_DATA (the register database's names, which afuc-as
; resolves).

; ---- Reading the packet ------------------------------------------------------

; READ_ADDR64(lo, hi): the next two packet words, a 64-bit GPU address.
_AFUC_PUBLIC({READ_ADDR64})
m4_define({_AFUC_DO_READ_ADDR64}, {_AFUC_NARGS({READ_ADDR64}, 2, 2, _AFUC_COUNT($@),
	{_AFUC_REGS({READ_ADDR64}, {$1, $2}, {mov $1, $data
mov $2, $data})})})

; SKIP_PAYLOAD(): consumes what is left of the packet ($rem words, maybe
; none). The destination $00 discards the extra moves of (xmov3), so each
; round reads up to four words.
_AFUC_PUBLIC({SKIP_PAYLOAD})
_AFUC_DEF({_AFUC_DO_SKIP_PAYLOAD}, {_AFUC_NARGS({SKIP_PAYLOAD}, 0, 0, _AFUC_COUNT($@),
	{(rep)(xmov3)mov $00, $data})})

; _AFUC_REGS(macro, {r1, r2...}, then): then when every listed operand is a
; register.
m4_define({_AFUC_REGS}, {_AFUC_REGS2({$1}, {$3}, $2)})
m4_define({_AFUC_REGS2}, {m4_ifelse(_AFUC_IS_REG({$3}), {0}, {_AFUC_ERROR({$1}, {'$3' is not a register})},
	{$#}, {3}, {$2}, {_AFUC_REGS2({$1}, {$2}, m4_shift(m4_shift(m4_shift($@))))})})

; ---- GPU registers -----------------------------------------------------------

; WRITE_REG(REG, value[, value...]): writes consecutive GPU registers from
; REG on through $addr/$data (each value a register or an immediate). On
; a6xx and a7xx the writes go through the SQE's cluster queues.
_AFUC_PUBLIC({WRITE_REG})
m4_define({_AFUC_DO_WRITE_REG}, {_AFUC_NARGS({WRITE_REG}, 2, 64, _AFUC_COUNT($@),
	{mov $addr, $1{}_AFUC_DATA_WRITES(m4_shift($@))})})
; _AFUC_DATA_WRITES(v...): "\nmov $data, v" for each v.
m4_define({_AFUC_DATA_WRITES}, {m4_ifelse({$#}, {0}, {}, {
mov $data, $1{}m4_ifelse({$#}, {1}, {}, {_AFUC_DATA_WRITES(m4_shift($@))})})})

; WRITE_REG_DIRECT(REG, value_reg, tmp): writes one register at once
; through @REG_WRITE_ADDR/@REG_WRITE, skipping the queues (for the
; front-end registers that need it). The scratch register tmp holds REG.
_AFUC_PUBLIC({WRITE_REG_DIRECT})
m4_define({_AFUC_DO_WRITE_REG_DIRECT}, {_AFUC_NARGS({WRITE_REG_DIRECT}, 2, 3, _AFUC_COUNT($@),
	{_AFUC_REGS({WRITE_REG_DIRECT}, {$2}, {_AFUC_TMP_IF(1, {WRITE_REG_DIRECT}, {$3},
	{to hold REG}, {WRITE_REG_DIRECT(REG, value, tmp)},
	{_AFUC_WRITE_REG_DIRECT({$1}, {$2}, {$3})})})})})
_AFUC_DEF({_AFUC_WRITE_REG_DIRECT}, {mov $3, $1
cwrite $3, [$00 + @REG_WRITE_ADDR]
cwrite $2, [$00 + @REG_WRITE]})

; READ_REG(dst, REG): dst = the GPU register REG, a name, a number or a
; register other than dst (dst also holds the read's setup, so nothing
; else is clobbered).
_AFUC_PUBLIC({READ_REG})
m4_define({_AFUC_DO_READ_REG}, {_AFUC_NARGS({READ_REG}, 2, 2, _AFUC_COUNT($@),
	{_AFUC_REGS({READ_REG}, {$1}, {m4_ifelse({$1}, {$2},
	{_AFUC_ERROR({READ_REG}, {the destination $1 cannot also hold the register offset})},
	{_AFUC_BY_GEN({READ_REG}, {_AFUC_READ_REG5($@)},
	{_AFUC_READ_REG6($@)}, {_AFUC_READ_REG6($@)})})})})})
; a5xx: the ME reads registers from where $addr points with bit 20 set.
_AFUC_DEF({_AFUC_READ_REG5}, {mov $1, 0x1 << 20
or $addr, $1, $2
mov $1, $regdata})
_AFUC_DEF({_AFUC_READ_REG6}, {mov $1, 0x1
cwrite $1, [$00 + @REG_READ_DWORDS]
mov $1, $2
cwrite $1, [$00 + @REG_READ_ADDR]
mov $1, $regdata})

; START_REG_READ(REG, count[, tmp]): queues count consecutive registers
; from REG; each read of $regdata then returns the next. REG and count may
; be registers or immediates; on a6xx and a7xx the scratch register tmp
; holds an immediate, so it is needed unless both are registers. On
; a5xx, as a530's ME does it, the count goes to its pipe register 0xe1
; and $addr points at REG with bit 20 set, built in tmp (always needed).
_AFUC_PUBLIC({START_REG_READ})
m4_define({_AFUC_DO_START_REG_READ}, {_AFUC_NARGS({START_REG_READ}, 2, 3, _AFUC_COUNT($@),
	{_AFUC_BY_GEN({START_REG_READ}, {_AFUC_TMP_IF(1, {START_REG_READ}, {$3},
	{to build the address on a5xx}, {START_REG_READ(REG, count, tmp)}, {_AFUC_REG_READ5($@)})},
	{_AFUC_REG_READ_TMP(_AFUC_ANY_IMM({$1}, {$2}), {$3}, {_AFUC_REG_READ6($@)})},
	{_AFUC_REG_READ_TMP(_AFUC_ANY_IMM({$1}, {$2}), {$3}, {_AFUC_REG_READ6($@)})})})})
_AFUC_DEF({_AFUC_REG_READ5}, {mov $addr, 0xe1 << 24
mov $data, $2
mov $3, 0x1 << 20
or $addr, $3, $1})
m4_define({_AFUC_REG_READ_TMP}, {_AFUC_TMP_IF({$1}, {START_REG_READ}, {$2}, {to hold an immediate},
	{START_REG_READ(REG, count, tmp)}, {$3})})
; _AFUC_ANY_IMM(a, b): 0 when both are registers, else 1; _AFUC_NOT_REG(a)
; the same for one.
m4_define({_AFUC_ANY_IMM}, {m4_ifelse(_AFUC_IS_REG({$1})_AFUC_IS_REG({$2}), {11}, {0}, {1})})
m4_define({_AFUC_NOT_REG}, {m4_ifelse(_AFUC_IS_REG({$1}), {1}, {0}, {1})})
m4_define({_AFUC_REG_READ6}, {_AFUC_CWRITE_ANY({$2}, {@REG_READ_DWORDS}, {$3})
_AFUC_CWRITE_ANY({$1}, {@REG_READ_ADDR}, {$3})})
; _AFUC_CWRITE_ANY(value, control, tmp): cwrite of a register or immediate.
_AFUC_DEF({_AFUC_CWRITE_ANY}, {m4_ifelse(_AFUC_IS_REG({$1}), {1}, {cwrite $1, [$00 + $2]},
	{mov $3, $1
cwrite $3, [$00 + $2]})})

; EXTRACT_BITS(dst, src, lo, hi): dst = bits lo..hi of src, shifted down
; (lo and hi are numbers or constant expressions): ubfx on a7xx, two
; shifts before.
_AFUC_PUBLIC({EXTRACT_BITS})
m4_define({_AFUC_DO_EXTRACT_BITS}, {_AFUC_NARGS({EXTRACT_BITS}, 4, 4, _AFUC_COUNT($@),
	{_AFUC_REGS({EXTRACT_BITS}, {$1, $2}, {m4_ifelse(_AFUC_IS_CONST({$3})_AFUC_IS_CONST({$4}), {11},
	{m4_ifelse(m4_eval(({$3}) < 0 || ({$3}) > ({$4}) || ({$4}) > 31), {1},
	{_AFUC_ERROR({EXTRACT_BITS}, {bits $3..$4 are not a field of a 32-bit word})},
	m4_ifdef({_AFUC_GEN}, {_AFUC_GEN}), {7}, {ubfx $1, $2, b{}m4_eval({$3}), b{}m4_eval({$4})},
	{_AFUC_EXTRACT({$1}, {$2}, m4_eval(31 - ({$4})), m4_eval(31 - ({$4}) + ({$3})))})},
	{_AFUC_ERROR({EXTRACT_BITS}, {lo and hi must be numbers or constant expressions})})})})})
m4_define({_AFUC_EXTRACT}, {m4_ifelse({$3}, {0}, {m4_ifelse({$4}, {0}, {mov $1, $2},
	{ushr $1, $2, $4})}, {shl $1, $2, $3
m4_ifelse({$4}, {0}, {}, {ushr $1, $1, $4})})})

; ---- Memory --------------------------------------------------------------------

; START_MEM_READ(lo, hi, count[, tmp]): queues count words of memory from
; the 64-bit address hi:lo; each read of $memdata returns the next. On
; a6xx and a7xx the scratch register tmp holds an immediate count (so it
; is needed unless count is a register).
_AFUC_PUBLIC({START_MEM_READ})
m4_define({_AFUC_DO_START_MEM_READ}, {_AFUC_NARGS({START_MEM_READ}, 3, 4, _AFUC_COUNT($@),
	{_AFUC_REGS({START_MEM_READ}, {$1, $2}, {_AFUC_BY_GEN({START_MEM_READ},
	{_AFUC_MEM_READ_TMP(0, {$4}, {_AFUC_MEM_READ5($@)})},
	{_AFUC_MEM_READ_TMP(_AFUC_NOT_REG({$3}), {$4}, {_AFUC_MEM_READ6($@)})},
	{_AFUC_MEM_READ_TMP(_AFUC_NOT_REG({$3}), {$4}, {_AFUC_MEM_READ6($@)})})})})})
m4_define({_AFUC_MEM_READ_TMP}, {_AFUC_TMP_IF({$1}, {START_MEM_READ}, {$2}, {to hold the count},
	{START_MEM_READ(lo, hi, count, tmp)}, {$3})})
_AFUC_DEF({_AFUC_MEM_READ5}, {mov $addr, CP_ME_MEM_READ_ADDR
mov $data, $1
mov $data, $2
mov $data, $3})
_AFUC_DEF({_AFUC_MEM_READ6}, {cwrite $1, [$00 + @MEM_READ_ADDR]
cwrite $2, [$00 + @MEM_READ_ADDR+0x1]
_AFUC_CWRITE_ANY({$3}, {@MEM_READ_DWORDS}, {$4})})

; SET_NRT_ADDR(lo, hi): where the next NRT_WRITE goes (the low two bits of
; lo are flags on a6xx and a7xx: keep the address 4-byte aligned).
_AFUC_PUBLIC({SET_NRT_ADDR})
m4_define({_AFUC_DO_SET_NRT_ADDR}, {_AFUC_NARGS({SET_NRT_ADDR}, 2, 2, _AFUC_COUNT($@),
	{_AFUC_NEED_GEN({SET_NRT_ADDR}, {_AFUC_BY_GEN({SET_NRT_ADDR}, {mov $addr, CP_ME_MEM_WRITE_ADDR},
	{mov $addr, |NRT_ADDR << 24}, {mov $addr, |NRT_ADDR << 24})
mov $data, $1
mov $data, $2})})})

; NRT_WRITE(value[, value...]): writes consecutive words of memory at the
; NRT address, which advances by 4 bytes per word.
_AFUC_PUBLIC({NRT_WRITE})
m4_define({_AFUC_DO_NRT_WRITE}, {_AFUC_NARGS({NRT_WRITE}, 1, 64, _AFUC_COUNT($@),
	{_AFUC_BY_GEN({NRT_WRITE}, {_AFUC_NRT_WRITE5($@)},
	{_AFUC_NRT_DATA6{}_AFUC_DATA_WRITES($@)}, {_AFUC_NRT_DATA6{}_AFUC_DATA_WRITES($@)})})})
; |NRT_DATA with bit 18 set: $addr stays on NRT_DATA for every write.
m4_define({_AFUC_NRT_DATA6}, {mov $addr, (|NRT_DATA << 8 | 0x4) << 16})
m4_define({_AFUC_NRT_WRITE5}, {mov $addr, CP_ME_MEM_WRITE_DATA
mov $data, $1{}m4_ifelse({$#}, {1}, {}, {
_AFUC_NRT_WRITE5(m4_shift($@))})})

; MEM_WRITE(lo, hi, value[, value...]): SET_NRT_ADDR then NRT_WRITE.
_AFUC_PUBLIC({MEM_WRITE})
m4_define({_AFUC_DO_MEM_WRITE}, {_AFUC_NARGS({MEM_WRITE}, 3, 64, _AFUC_COUNT($@),
	{_AFUC_NEED_GEN({MEM_WRITE}, {_AFUC_DO_SET_NRT_ADDR({$1}, {$2})
_AFUC_DO_NRT_WRITE(m4_shift(m4_shift($@)))})})})

; NRT_SELECT_DATA([tmp]): points $addr at the NRT data register without
; auto-increment, so that a following (rep)mov $data, ... writes a run of
; words to memory. a5xx needs the scratch register tmp to build the
; address.
_AFUC_PUBLIC({NRT_SELECT_DATA})
m4_define({_AFUC_DO_NRT_SELECT_DATA}, {_AFUC_NARGS({NRT_SELECT_DATA}, 0, 1, _AFUC_COUNT($@),
	{_AFUC_BY_GEN({NRT_SELECT_DATA}, {_AFUC_NRT_SELECT_TMP(1, {$1}, {mov $1, 0x4 << 16
or $addr, $1, CP_ME_MEM_WRITE_DATA})}, {_AFUC_NRT_SELECT_TMP(0, {$1}, {_AFUC_NRT_DATA6})},
	{_AFUC_NRT_SELECT_TMP(0, {$1}, {_AFUC_NRT_DATA6})})})})
m4_define({_AFUC_NRT_SELECT_TMP}, {_AFUC_TMP_IF({$1}, {NRT_SELECT_DATA}, {$2},
	{to build the address on a5xx}, {NRT_SELECT_DATA(tmp)}, {$3})})

; WAIT_MEM_WRITES(): waits until the memory writes issued so far have
; landed (the WAIT_MEM_WRITES pipe register).
_AFUC_PUBLIC({WAIT_MEM_WRITES})
m4_define({_AFUC_DO_WAIT_MEM_WRITES}, {_AFUC_NARGS({WAIT_MEM_WRITES}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_NEED_GEN({WAIT_MEM_WRITES}, {mov $addr, |WAIT_MEM_WRITES << 24})})})

; ---- Spilling to scratch control registers ---------------------------------

; SPILL(slot, reg[, reg...]) saves registers to consecutive scratch control
; registers from the spill area's slot on; RESTORE(slot, reg...) reads
; them back. The default areas are 0x165..0x16c (a6xx) and 0x1d0..0x1df
; (a7xx), which neither the SDK's firmware nor the vendor images it was
; checked against use; SPILL_AREA(base, slots) chooses another (a5xx has
; none by default).
_AFUC_PUBLIC({SPILL_AREA})
m4_define({_AFUC_DO_SPILL_AREA}, {_AFUC_NARGS({SPILL_AREA}, 2, 2, _AFUC_COUNT($@),
	{m4_ifelse(_AFUC_IS_NUM({$1})_AFUC_IS_NUM({$2}), {11},
	{m4_define({_AFUC_SPILL_BASE}, m4_eval({$1}))m4_define({_AFUC_SPILL_SLOTS}, m4_eval({$2}))},
	{_AFUC_ERROR({SPILL_AREA}, {base and slots must be numbers})})})})
m4_define({_AFUC_SPILL_AREA}, {m4_ifdef({_AFUC_SPILL_BASE}, {_AFUC_SPILL_BASE, _AFUC_SPILL_SLOTS},
	{m4_ifdef({_AFUC_GEN}, {m4_ifelse(_AFUC_GEN, {6}, {357, 8}, _AFUC_GEN, {7}, {464, 16})})})})

m4_define({_AFUC_HAS_SPILL}, {m4_ifdef({_AFUC_SPILL_BASE}, {1},
	{m4_ifdef({_AFUC_GEN}, {m4_ifelse(_AFUC_GEN, {5}, {0}, {1})}, {0})})})

_AFUC_PUBLIC({SPILL})
m4_define({_AFUC_DO_SPILL}, {_AFUC_NARGS({SPILL}, 2, 32, _AFUC_COUNT($@),
	{_AFUC_SPILL({SPILL}, {cwrite}, $@)})})
_AFUC_PUBLIC({RESTORE})
m4_define({_AFUC_DO_RESTORE}, {_AFUC_NARGS({RESTORE}, 2, 32, _AFUC_COUNT($@),
	{_AFUC_SPILL({RESTORE}, {cread}, $@)})})
; _AFUC_SPILL(macro, insn, slot, regs...)
m4_define({_AFUC_SPILL}, {m4_ifelse(_AFUC_HAS_SPILL, {0},
	{_AFUC_ERROR({$1}, {no spill area: use SPILL_AREA(base, slots) or GPU(a6xx|a7xx)})},
	_AFUC_IS_NUM({$3}), {0}, {_AFUC_ERROR({$1}, {slot '$3' is not a number})},
	{_AFUC_REGS({$1}, {m4_shift(m4_shift(m4_shift($@)))}, {_AFUC_SPILL_FITS({$1}, {$2},
	m4_eval({$3}), m4_eval($# - 3), _AFUC_SPILL_AREA, m4_shift(m4_shift(m4_shift($@))))})})})
; _AFUC_SPILL_FITS(macro, insn, slot, count, base, slots, regs...)
m4_define({_AFUC_SPILL_FITS}, {m4_ifelse(m4_eval($3 + $4 > $6), {1},
	{_AFUC_ERROR({$1}, {slots $3..}m4_eval($3 + $4 - 1){ do not fit the $6-slot spill area})},
	{_AFUC_SPILL_EACH({$2}, m4_eval($5 + $3), m4_shift(m4_shift(m4_shift(m4_shift(m4_shift(m4_shift($@)))))))})})
; _AFUC_SPILL_EACH(insn, control, regs...)
_AFUC_DEF({_AFUC_SPILL_EACH}, {m4_ifelse({$1}, {cwrite}, {cwrite $3, [$00 + _AFUC_HEX({$2})]},
	{cread $3, [$00 + _AFUC_HEX({$2})]})m4_ifelse({$#}, {3}, {}, {
_AFUC_SPILL_EACH({$1}, m4_incr({$2}), m4_shift(m4_shift(m4_shift($@))))})})

; ---- Data tables -------------------------------------------------------------

; TABLE(name) ENTRY(label[, label...]) ... END_TABLE(): a table of 32-bit
; words, each the address (in instructions) of a label, filled in by the
; linker. Place tables where execution never reaches.
_AFUC_PUBLIC({TABLE})
m4_define({_AFUC_DO_TABLE}, {_AFUC_NARGS({TABLE}, 1, 1, _AFUC_COUNT($@),
	{_AFUC_TOPLEVEL({TABLE}, {m4_ifelse(_AFUC_IS_LABEL({$1}), {0},
	{_AFUC_ERROR({TABLE}, {'$1' is not a label name})},
	{_AFUC_OPEN({table}, {TABLE($1)})$1:})})})})
_AFUC_PUBLIC({ENTRY})
m4_define({_AFUC_DO_ENTRY}, {_AFUC_NARGS({ENTRY}, 1, 64, _AFUC_COUNT($@),
	{_AFUC_EXPECT({ENTRY}, {table}, {TABLE}, {_AFUC_ENTRIES($@)})})})
m4_define({_AFUC_ENTRIES}, {.word #m4_patsubst({$1}, {^#}){}m4_ifelse({$#}, {1}, {}, {
_AFUC_ENTRIES(m4_shift($@))})})
_AFUC_PUBLIC({END_TABLE})
m4_define({_AFUC_DO_END_TABLE}, {_AFUC_NARGS({END_TABLE}, 0, 0, _AFUC_COUNT($@),
	{_AFUC_EXPECT({END_TABLE}, {table}, {TABLE}, {_AFUC_POP})})})
