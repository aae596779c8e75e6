# Constants as cpp leaves them: a name #defined to a number, or to a
# parenthesised expression such as a generated A6XX_..._SHIFT "(30)", is
# the number it stands for. IF_BIT_SET/IF_BIT_CLEAR test that bit (breq
# and brne would otherwise compare with the value: the same mnemonics,
# another instruction), IF_EQ/NE choose cmp by its value, LOOP_COUNT,
# CASE and EXTRACT_BITS check it; a bit that is not a constant is an
# error at the call.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/dsl/lib.sh"

# brne bN skips the block when the bit is clear, breq bN when it is set
# (docs/dsl.md, afuc.rst's branches).
source_file bits <<'S'
GPU(a6xx)
#define FIELD__SHIFT (30)
#define FLAG 0x1f
#define LOW (1 << 2)
IF_BIT_SET($02, FIELD__SHIFT)
	nop
ENDIF()
IF_BIT_CLEAR($03, FLAG)
	nop
ENDIF()
IF_BIT_SET($04, (LOW + 1))
	nop
ENDIF()
IF_BIT_CLEAR($05, b07)
ENDIF()
S
check bits 'brne $02, b30, #afuc.if1.else
nop
nop
afuc.if1.else:
breq $03, b31, #afuc.if2.else
nop
nop
afuc.if2.else:
brne $04, b5, #afuc.if3.else
nop
nop
afuc.if3.else:
breq $05, b7, #afuc.if4.else
nop
afuc.if4.else:'

# A constant of 0..31 goes into breq/brne as written (afuc-as works it
# out), a larger one through cmp (b0: equal).
source_file values <<'S'
GPU(a7xx)
#define SMALL (3)
#define BIG (1 << 5)
IF_EQ($02, SMALL)
ENDIF()
IF_NE($02, BIG, $06)
ENDIF()
IF_EQ($02, (0x1f), $06)
ENDIF()
IF_EQ($02, (0xffff), $06)
ENDIF()
S
check values 'brne $02, (3), #afuc.if1.else
nop
afuc.if1.else:
cmp $06, $02, (1 << 5)
breq $06, b0, #afuc.if2.else
nop
afuc.if2.else:
brne $02, (0x1f), #afuc.if3.else
nop
afuc.if3.else:
cmp $06, $02, (0xffff)
brne $06, b0, #afuc.if4.else
nop
afuc.if4.else:'

# A count known not to be zero needs no test before the first round.
source_file counts <<'S'
GPU(a6xx)
LOOP_COUNT($07, (4))
	nop
ENDLOOP()
LOOP_COUNT($07, (0))
	nop
ENDLOOP()
S
check counts 'mov $07, (4)
afuc.loop1.top:
nop
brne $07, 0x1, #afuc.loop1.top
sub $07, $07, 0x1
afuc.loop1.end:
mov $07, (0)
breq $07, 0x0, #afuc.loop2.end
nop
afuc.loop2.top:
nop
brne $07, 0x1, #afuc.loop2.top
sub $07, $07, 0x1
afuc.loop2.end:'

# A field's bits from its generated SHIFT: 8..25 is shl 31-25, then
# ushr 31-25+8 before a7xx, ubfx b8, b25 on a7xx.
source_file field6 <<'S'
GPU(a6xx)
#define LO__SHIFT (8)
EXTRACT_BITS($02, $01, LO__SHIFT, (25))
S
check field6 'shl $02, $01, 6
ushr $02, $02, 14'
source_file field7 <<'S'
GPU(a7xx)
#define LO__SHIFT (8)
EXTRACT_BITS($02, $01, LO__SHIFT, (25))
S
check field7 'ubfx $02, $01, b8, b25'
fails 2 "EXTRACT_BITS: bits \\(-1\\)\\.\\.3 are not a field of a 32-bit word" <<'S'
GPU(a6xx)
EXTRACT_BITS($02, $01, (-1), 3)
S

fails 3 "IF_BIT_SET: bit 'UNDEFINED_SHIFT' is not a number, b<n> or a constant expression" <<'S'
GPU(a6xx)
nop
IF_BIT_SET($02, UNDEFINED_SHIFT)
ENDIF()
S
fails 2 "IF_BIT_CLEAR: bit 'CP_NOP' is not a number" <<'S'
GPU(a6xx)
IF_BIT_CLEAR($02, CP_NOP)
ENDIF()
S
fails 2 "IF_BIT_SET: bit '\\\$03' is not a number" <<'S'
GPU(a6xx)
IF_BIT_SET($02, $03)
ENDIF()
S
fails 3 "IF_BIT_SET: bit '\\(32\\)' is not 0\\.\\.31" <<'S'
GPU(a6xx)
#define TOO_HIGH (32)
IF_BIT_SET($02, TOO_HIGH)
ENDIF()
S
fails 2 "IF_BIT_CLEAR: bit '0xffffffff' is not 0\\.\\.31" <<'S'
GPU(a6xx)
IF_BIT_CLEAR($02, 0xffffffff)
ENDIF()
S
fails 2 "IF_EQ: needs a scratch register for its cmp" <<'S'
GPU(a6xx)
IF_EQ($02, (1 << 5))
ENDIF()
S
fails 4 "CASE: value 0x2 appears twice" <<'S'
GPU(a6xx)
SWITCH($02)
CASE((2))
CASE(0x2)
ENDSWITCH()
S
fails 3 "CASE: value \\(40\\) is not 0\\.\\.31" <<'S'
GPU(a6xx)
SWITCH($02)
CASE((40))
ENDSWITCH()
S

done_testing
