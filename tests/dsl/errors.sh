# Misusing the macro language: each mistake is an error at the file and
# line of the macro call that made it, saying what is wrong; nothing is
# written. (The messages are the library's `.error` lines, which afuc-as
# reports where they came from.)
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/dsl/lib.sh"

fails 2 'ENDIF: no IF_\.\.\. is open' <<'S'
GPU(a6xx)
ENDIF()
S

fails 4 'ELSE: IF_EQ\(\$02, 1\) already has an ELSE' <<'S'
GPU(a6xx)
IF_EQ($02, 1)
ELSE()
ELSE()
ENDIF()
S

fails 4 'ENDLOOP: IF_NE\(\$02, 0\) is still open' <<'S'
GPU(a6xx)
LOOP_REM()
IF_NE($02, 0)
ENDLOOP()
S

fails 2 'BREAK: not inside a loop' <<'S'
GPU(a6xx)
BREAK()
S

fails 2 'CASE: no SWITCH is open' <<'S'
GPU(a6xx)
CASE(1)
S

fails 3 'CASE: value 32 is not 0\.\.31' <<'S'
GPU(a6xx)
SWITCH($02)
CASE(32)
ENDSWITCH()
S

fails 4 'CASE: value 0x2 appears twice' <<'S'
GPU(a6xx)
SWITCH($02)
CASE(1, 2)
CASE(0x2)
ENDSWITCH()
S

fails 3 'HANDLER: HANDLER\(CP_NOP\) is still open' <<'S'
GPU(a6xx)
HANDLER(CP_NOP)
HANDLER(CP_MEM_WRITE)
END_HANDLER()
S

fails 4 'IF_LT\(\$02, \$03, \$11\): never closed: ENDIF\(\) is missing' <<'S'
GPU(a6xx)
IF_LT($02, $03, $11)
nop
S

fails 2 'IF_EQ: expects 2 to 3 argument\(s\), got 1' <<'S'
GPU(a6xx)
IF_EQ($02)
ENDIF()
S

fails 2 "IF_EQ: the first argument must be a register, got '3'" <<'S'
GPU(a6xx)
IF_EQ(3, $02)
ENDIF()
S

fails 2 "IF_BIT_SET: bit 'b32' is not 0\.\.31" <<'S'
GPU(a6xx)
IF_BIT_SET($02, b32)
ENDIF()
S

fails 2 "LOOP_COUNT: '\\\$rem' cannot hold a counter" <<'S'
GPU(a6xx)
LOOP_COUNT($rem, 3)
ENDLOOP()
S

fails 2 'SPILL: slots 7\.\.8 do not fit the 8-slot spill area' <<'S'
GPU(a6xx)
SPILL(7, $02, $03)
S

fails 2 "SPILL: no spill area" <<'S'
GPU(a5xx)
SPILL(0, $02)
S

fails 1 "GPU: unknown generation 'a8xx'" <<'S'
GPU(a8xx)
S

fails 1 'MEM_WRITE: needs GPU\(a5xx\|a6xx\|a7xx\) first' <<'S'
MEM_WRITE($02, $03, $04)
S

fails 2 "DEFINE_MACRO: 'IF_EQ' is a library macro" <<'S'
GPU(a6xx)
DEFINE_MACRO(IF_EQ, {nop})
S

fails 2 "DEFINE_MACRO: 'm4_define' is reserved" <<'S'
GPU(a6xx)
DEFINE_MACRO(m4_define, {nop})
S

fails 2 'DEFINE_MACRO: expects a name and a body quoted with braces, got 3' <<'S'
GPU(a6xx)
DEFINE_MACRO(TWO, mov $02, $03)
S

fails 2 'READ_REG: the destination \$02 cannot also hold the register offset' <<'S'
GPU(a6xx)
READ_REG($02, $02)
S

fails 2 'EXTRACT_BITS: bits 8\.\.40 are not a field of a 32-bit word' <<'S'
GPU(a6xx)
EXTRACT_BITS($02, $03, 8, 40)
S

# A bare keyword is a plain word, so the assembler reports it.
fails 3 "unknown instruction 'ELSE' \\(a macro of the macro library takes parentheses: ELSE\\(\\)\\)" <<'S'
GPU(a6xx)
IF_EQ($02, 1)
ELSE
ENDIF()
S

# Braces are the macro language's quotes: a stray one in a macro call or
# body is an error, never a silent change of meaning.
source_file brace <<'S'
GPU(a6xx)
DEFINE_MACRO(X, {
	nop ; a } here ends the body
})
X()
S
assemble brace
is "$status" 1 "a stray brace in a macro body is an error"
source_file brace2 <<'S'
GPU(a6xx)
MEM_WRITE($02, ; a { here opens a quote
	$03, $04)
S
assemble brace2
is "$status" 1 "a stray brace in a macro call's comment is an error"

done_testing
