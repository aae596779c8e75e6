# The macro language cannot collide with afuc syntax: m4's quotes,
# comments and $N parameters against afuc's #label, ; comments and $NN
# registers. Each case assembles, and its expansion is exactly what the
# source meant.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/dsl/lib.sh"

# Every register $00..$1f in a macro body and as an argument: m4 reads $0
# and $1 followed by a digit as parameters, the library must not.
{
	echo 'GPU(a6xx)'
	echo 'DEFINE_MACRO(ALLREGS, {'
	for r in 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14 15 16 17 18 19; do
		echo "	mov \$$r, \$1"
	done
	echo '	mov $1a, $10'
	echo '	mov $1b, $1f'
	echo '	mov $1c, $1e'
	echo '})'
	echo 'ALLREGS($1d)'
} > "$tmp/regs.S"
want=$(for r in 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14 15 16 17 18 19; do
	echo "mov \$$r, \$1d"; done; echo 'mov $1a, $10'; echo 'mov $1b, $1f'; echo 'mov $1c, $1e')
got=$(expand "$tmp/regs.S" | grep -v '^\.gpu')
is "$got" "$want" "registers \$00-\$1f in a body and an argument stay registers"

# Registers as arguments of library macros, the special ones too.
source_file args <<'S'
GPU(a6xx)
IF_EQ($10, $1f, $11)
mov $rem, $data
ENDIF()
S
check args 'cmp $11, $10, $1f
brne $11, b0, #afuc.if1.else
nop
mov $rem, $data
afuc.if1.else:'

# $1..$9 followed by something other than a hex digit stay parameters;
# $# and $@ work.
source_file params <<'S'
GPU(a6xx)
DEFINE_MACRO(THREE, {
	add $1, $2, $3
	or $1, $1, $1
	mov $02, $#
})
THREE($02, $03, 0x4)
S
check params 'add $02, $03, 0x4
or $02, $02, $02
mov $02, 3'

# #label in arguments and bodies; labels named like macros and builtins.
source_file labels <<'S'
GPU(a6xx)
DEFINE_MACRO(GO, {
	breq $1, 0x1, #$2
	breq $1, 0x2, #HANDLER
	nop
})
DEFINE_MACRO(TO, {
	jump $1
	nop
})
define:
include:
len:
index:
substr:
eval:
shift:
format:
dnl:
ifelse:
divert:
__file__:
__line__:
changequote:
m4wrap:
HANDLER:
IF_EQ:
DEFINE_MACRO:
GO($02, define)
TO(#index)
CALL(#eval)
jump #format
nop
S
check labels 'define:
include:
len:
index:
substr:
eval:
shift:
format:
dnl:
ifelse:
divert:
__file__:
__line__:
changequote:
m4wrap:
HANDLER:
IF_EQ:
DEFINE_MACRO:
breq $02, 0x1, #define
breq $02, 0x2, #HANDLER
nop
jump #index
nop
call #eval
nop
jump #format
nop'

# ; comments with m4's quotes, parentheses, commas and macro names inside,
# on their own, after code, after a call and inside a call's arguments.
source_file comments <<'S'
GPU(a6xx)
; don't `expand' IF_EQ($02, 3) or ENDIF() (unbalanced ( and , here
mov $02, 0x1 ; it's HANDLER(CP_NOP), with a , and a ) and {
IF_BIT_SET($02, 3) ; ELSE() ( ' `
	nop
ENDIF() ; END_HANDLER() )
MEM_WRITE($02,   ; the address, low (and ( a , comma
          $03,   ; high, then IF_EQ( and '
          $04)   ; the value )
S
check comments '; don'"'"'t `expand'"'"' IF_EQ($02, 3) or ENDIF() (unbalanced ( and , here
mov $02, 0x1 ; it'"'"'s HANDLER(CP_NOP), with a , and a ) and {
brne $02, b3, #afuc.if1.else
nop ; ELSE() ( '"'"' `
nop
afuc.if1.else: ; END_HANDLER() )
mov $addr, |NRT_ADDR << 24
mov $data, $02
mov $data, $03
mov $addr, (|NRT_DATA << 8 | 0x4) << 16
mov $data, $04 ; the value )'

# Operands with commas, brackets and sigils passed as arguments: a whole
# operand list is one argument in braces; brackets alone need none.
source_file operands <<'S'
GPU(a6xx)
DEFINE_MACRO(TWICE, {
	$1
	$1
})
DEFINE_MACRO(CW, {
	cwrite $1, $2
})
TWICE({cwrite $02, [$00 + @REG_WRITE_ADDR]})
CW($03, [$00 + @REG_WRITE])
CW($data, [$04 + @SCRATCH_REG0+0x1])
TWICE({mov $rem, $data})
S
check operands 'cwrite $02, [$00 + @REG_WRITE_ADDR]
cwrite $02, [$00 + @REG_WRITE_ADDR]
cwrite $03, [$00 + @REG_WRITE]
cwrite $data, [$04 + @SCRATCH_REG0+0x1]
mov $rem, $data
mov $rem, $data'

# Macro names without parentheses are plain words: labels, operands,
# words in comments; so are m4 builtins without the m4_ prefix.
source_file bare <<'S'
GPU(a6xx)
IF_EQ: ELSE: ENDIF: LOOP: SWITCH: CASE: HANDLER:
	jump #ELSE
	nop
	breq $02, 0x1, #SWITCH
	nop
DEFINE_MACRO(MINE, {nop})
MINE:
	jump #MINE
	MINE()
S
check bare 'IF_EQ: ELSE: ENDIF: LOOP: SWITCH: CASE: HANDLER:
jump #ELSE
nop
breq $02, 0x1, #SWITCH
nop
MINE:
jump #MINE
nop'

# cpp runs first: #define constants reach macro arguments (the scratch
# register too), and cpp's line markers pass m4 untouched.
source_file cpp <<'S'
#define REG_A $05
#define LIMIT 0x7
#define TMP $11
GPU(a6xx)
IF_GT(REG_A, LIMIT, TMP)
	mov REG_A, LIMIT
ENDIF()
S
check cpp 'cmp $11, $05, 0x7
breq $11, b1, #afuc.if1.else
nop
mov $05, 0x7
afuc.if1.else:'

done_testing
