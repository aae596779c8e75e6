# Scratch registers are named at the call: a macro that needs one (the
# cmp of IF_LT, the offset WRITE_REG_DIRECT holds, an immediate count...)
# takes it as its last argument and, without it, is an error at the call
# that says how to pass one; a macro that needs none takes none. A call
# with its scratch gives the very words of the plain assembly written out
# by hand (with numbers, not names).
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/dsl/lib.sh"

# words NAME: the words of NAME.o, one per line.
words() {
	"$SDK_BIN/afuc-objdump" -d --addresses "$tmp/$1.o" |
		sed -n 's/.*; 0x[0-9a-f]*: \([0-9a-f]*\)$/\1/p'
}

# same_words NAME GEN MACROS PLAIN: MACROS (after GPU(GEN)) assembles to
# the words of PLAIN (after .gpu GEN), which never mentions $11 unless
# PLAIN does.
same_words() {
	printf 'GPU(%s)\n%s\n' "$2" "$3" >"$tmp/$1.S"
	printf '.gpu %s\n%s\n' "$2" "$4" >"$tmp/$1-plain.S"
	assemble "$1"
	ok "$status" "$1: assembles" || diag "$err"
	assemble "$1-plain"
	ok "$status" "$1: the plain version assembles" || diag "$err"
	got=$(words "$1")
	is "$got" "$(words "$1-plain")" "$1: the words of the plain assembly"
	ok $([ -n "$got" ]; echo $?) "$1: (which are not none)"
}

how='pass one as the last argument, as in'

# ---- No scratch given where one is needed --------------------------------

fails 3 "IF_LT: needs a scratch register for its cmp: $how IF_LT\\(a, b, tmp\\)" <<'S'
GPU(a6xx)
nop
IF_LT($02, $03)
ENDIF()
S
fails 2 "IF_GE: needs a scratch register for its cmp: $how IF_GE\\(a, b, tmp\\)" <<'S'
GPU(a7xx)
IF_GE($02, 3)
ENDIF()
S
fails 2 "IF_EQ: needs a scratch register for its cmp: $how IF_EQ\\(a, b, tmp\\)" <<'S'
GPU(a6xx)
IF_EQ($02, 0x40)
ENDIF()
S
fails 2 "IF_NE: needs a scratch register for its cmp: $how IF_NE\\(a, b, tmp\\)" <<'S'
GPU(a5xx)
IF_NE($02, $03)
ENDIF()
S
fails 2 "WRITE_REG_DIRECT: needs a scratch register to hold REG: $how WRITE_REG_DIRECT\\(REG, value, tmp\\)" <<'S'
GPU(a6xx)
WRITE_REG_DIRECT(CP_SCRATCH_REG[2], $02)
S
fails 2 "START_REG_READ: needs a scratch register to build the address on a5xx: $how START_REG_READ\\(REG, count, tmp\\)" <<'S'
GPU(a5xx)
START_REG_READ($02, $03)
S
fails 2 "START_REG_READ: needs a scratch register to hold an immediate: $how START_REG_READ\\(REG, count, tmp\\)" <<'S'
GPU(a6xx)
START_REG_READ(CP_SQE_INSTR_BASE, $02)
S
fails 2 "START_REG_READ: needs a scratch register to hold an immediate" <<'S'
GPU(a7xx)
START_REG_READ($02, 2)
S
fails 2 "START_MEM_READ: needs a scratch register to hold the count: $how START_MEM_READ\\(lo, hi, count, tmp\\)" <<'S'
GPU(a6xx)
START_MEM_READ($02, $03, 4)
S
fails 2 "NRT_SELECT_DATA: needs a scratch register to build the address on a5xx: $how NRT_SELECT_DATA\\(tmp\\)" <<'S'
GPU(a5xx)
NRT_SELECT_DATA()
S
fails 2 "IF_LT: the scratch register '7' is not a register" <<'S'
GPU(a6xx)
IF_LT($02, $03, 7)
ENDIF()
S
fails 2 "START_MEM_READ: the scratch register 'CP_NOP' is not a register" <<'S'
GPU(a6xx)
START_MEM_READ($02, $03, $04, CP_NOP)
S

# ---- The scratch given: it, and only it, is clobbered ---------------------

same_words if-lt a6xx 'IF_LT($02, $03, $07)
	nop
ENDIF()' 'cmp $07, $02, $03
brne $07, b2, #x
nop
nop
x:'
same_words if-eq-big a7xx 'IF_EQ($02, 0x40, $05)
	nop
ENDIF()' 'cmp $05, $02, 0x40
brne $05, b0, #x
nop
nop
x:'
same_words if-ge-reg a5xx 'IF_GE($04, $05, $1a)
	nop
ENDIF()' 'cmp $1a, $04, $05
breq $1a, b2, #x
nop
nop
x:'
same_words write-reg-direct a6xx 'WRITE_REG_DIRECT(CP_SCRATCH_REG[2], $02, $06)' \
	'mov $06, 0x885
cwrite $06, [$00 + 0x024]
cwrite $02, [$00 + 0x025]'
same_words start-reg-read a6xx 'START_REG_READ(0x830, 2, $08)' 'mov $08, 0x2
cwrite $08, [$00 + 0x026]
mov $08, 0x830
cwrite $08, [$00 + 0x027]'
same_words start-mem-read a7xx 'START_MEM_READ($02, $03, 4, $09)' 'cwrite $02, [$00 + 0x01c]
cwrite $03, [$00 + 0x01d]
mov $09, 0x4
cwrite $09, [$00 + 0x01e]'
same_words nrt-select a5xx 'NRT_SELECT_DATA($0a)' 'mov $0a, 0x4 << 16
or $addr, $0a, 0x812'

# ---- No scratch needed: none asked for, none clobbered --------------------

same_words if-eq-small a6xx 'IF_EQ($02, 3)
	nop
ENDIF()' 'brne $02, 0x3, #x
nop
nop
x:'
same_words if-bit a7xx 'IF_BIT_SET($02, 3)
	nop
ENDIF()' 'brne $02, b3, #x
nop
nop
x:'
same_words reg-read-regs a6xx 'START_REG_READ($02, $03)' 'cwrite $03, [$00 + 0x026]
cwrite $02, [$00 + 0x027]'
same_words mem-read-regs a7xx 'START_MEM_READ($02, $03, $04)' 'cwrite $02, [$00 + 0x01c]
cwrite $03, [$00 + 0x01d]
cwrite $04, [$00 + 0x01e]'
same_words nrt-select-a6xx a6xx 'NRT_SELECT_DATA()' 'mov $addr, (0xa2 << 8 | 0x4) << 16'
same_words reg-read-a5xx a5xx 'START_REG_READ(0x830, 2, $02)' 'mov $addr, 0xe1 << 24
mov $data, 0x2
mov $02, 0x1 << 20
or $addr, $02, 0x830'
same_words mem-read-a5xx a5xx 'START_MEM_READ($02, $03, 4)' 'mov $addr, 0x80d
mov $data, $02
mov $data, $03
mov $data, 0x4'

done_testing
