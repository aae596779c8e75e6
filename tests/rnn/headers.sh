# The generated headers: only prefixed, parenthesised integer constants
# behind include guards, usable by cpp in assembler-with-cpp mode (as
# firmware sources use them), made again identically by rnn-headergen.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
inc="$SDK_BUILD/include/afuc"
G="$SDK_BIN/rnn-headergen"
unset AFUC_RNNDB RNN_PATH

for h in pm4.h a5xx_regs.h a6xx_regs.h a7xx_regs.h hwsq_regs.h; do
	if [ ! -r "$inc/$h" ]; then
		ok 1 "$h exists"
		continue
	fi
	# Everything but comments: guard, defines, endif.
	bad=$(sed -e '/^\/\*/,/\*\//d' -e '/^$/d' "$inc/$h" |
		grep -Ev '^#(ifndef|define|endif)( |$)' | head -3)
	is "$bad" "" "$h: only #ifndef/#define/#endif outside comments"
	# Every macro has a prefix no afuc assembly name has.
	unprefixed=$(grep '^#define ' "$inc/$h" | awk '{print $2}' |
		grep -Ev '^(AFUC_[A-Z0-9_]+_H$|PM4_|REG_A[567]XX_|A[567]XX_(GEN3_)?(CTRL|SQE|PIPE|EV|CP)_|HWSQ_(REG|FLAG|EVENT)_)' | head -3)
	is "$unprefixed" "" "$h: every name is prefixed"
	# Every value is parenthesised.
	bare=$(grep '^#define ' "$inc/$h" | grep -v '_H$' | grep -Ev '^#define [A-Za-z0-9_]+(\([a-z0-9, ]+\))? \(.*\)$' | head -3)
	is "$bare" "" "$h: every value is in parentheses"
	run "$G" "$h" -o "$tmp/$h"
	run cmp "$inc/$h" "$tmp/$h"
	is "$status" 0 "$h: rnn-headergen makes it again, identically"
done

expand() { # header, expression: what assembler-with-cpp makes of it
	printf '#include "afuc/%s"\n%s\n' "$1" "$2" >"$tmp/x.S"
	cpp -x assembler-with-cpp -undef -P -I "$SDK_BUILD/include" "$tmp/x.S" | tr -d ' ' | grep -v '^$'
}
# Values checked by hand against the afuc and HWSQ specs and the listings.
is "$(expand pm4.h 'PM4_CP_NOP PM4_PKT4 PM4_CP_MEM_WRITE')" "(0x10)(0x4)(0x3d)" "pm4.h in cpp: CP_NOP, PKT4, CP_MEM_WRITE"
is "$(expand a6xx_regs.h 'REG_A6XX_CP_SCRATCH_REG(2)')" "((0x883)+(2)*0x1)" "array macro: CP_SCRATCH_REG(2)"
is "$(expand a6xx_regs.h 'REG_A6XX_CP_SQE_INSTR_BASE A6XX_CTRL_IB1_BASE A6XX_SQE_PREEMPT_INSTR A6XX_PIPE_NRT_ADDR')" \
	"(0x830)(0x10)(0x4)(0xa0)" "a6xx: CP_SQE_INSTR_BASE, @IB1_BASE, %PREEMPT_INSTR, |NRT_ADDR"
is "$(expand a7xx_regs.h 'A7XX_CTRL_MEM_READ_ADDR A7XX_PIPE_WAIT_FOR_IDLE REG_A7XX_RBBM_PERFCTR_CP(1)')" \
	"(0x1c)(0x87)((0x300)+(1)*0x2)" "a7xx: @MEM_READ_ADDR, |WAIT_FOR_IDLE, RBBM_PERFCTR_CP(1)"
is "$(expand a5xx_regs.h 'REG_A5XX_CP_ME_NRT_ADDR_LO REG_A5XX_CP_SCRATCH_REG(7) A5XX_CTRL_MEM_READ_ADDR')" \
	"(0x80d)((0xb78)+(7)*0x1)(0xb8)" "a5xx: CP_ME_NRT_ADDR_LO, CP_SCRATCH_REG(7), @MEM_READ_ADDR"
# Names the SDK adds to the database (docs/registers.md), checked against
# the offsets a530_pm4, a530_pfp and gen70900 use.
is "$(expand a5xx_regs.h 'REG_A5XX_CP_ME_MEM_WRITE_DATA A5XX_CTRL_PACKET_TABLE_WRITE A5XX_PIPE_WAIT_MEM_WRITES')" \
	"(0x812)(0x34)(0xc4)" "a5xx additions: CP_ME_MEM_WRITE_DATA, @PACKET_TABLE_WRITE, |WAIT_MEM_WRITES"
is "$(expand a7xx_regs.h 'A7XX_GEN3_CTRL_PACKET_TABLE_WRITE A7XX_GEN3_CTRL_PROTECT_STATUS A7XX_CTRL_SCRATCH_REG0')" \
	"(0x71)(0xa8)(0x1f8)" "a7xx: a750's @PACKET_TABLE_WRITE, @PROTECT_STATUS; @SCRATCH_REG0"
is "$(expand hwsq_regs.h 'HWSQ_FLAG_FB_PAUSE HWSQ_EVENT_FB_PAUSED HWSQ_REG_PBUS_HWSQ_ENTRY_POINT HWSQ_REG_PBUS_HWSQ_CODE(3)')" \
	"(0x10)(0x0)(0x1304)((0x1400)+(3)*0x1)" "hwsq: FB_PAUSE 16, FB_PAUSED 0, ENTRY_POINT, CODE(3)"
is "$(printf '#include "afuc/a6xx_regs.h"\n#include "afuc/a6xx_regs.h"\n#include "afuc/pm4.h"\nok\n' >"$tmp/y.S"; cpp -x assembler-with-cpp -undef -P -I "$SDK_BUILD/include" "$tmp/y.S" 2>&1 | grep -v '^$')" \
	"ok" "included twice and beside pm4.h: no warning"

run "$G" nope.h -o "$tmp/nope.h"
like "$status:$err" "^2:rnn-headergen: error: unknown header 'nope.h'" "unknown header: usage error"
run "$G" a6xx_regs.h
is "$status" 2 "no -o: usage error"
run "$G" --list
like "$out" 'hwsq_regs.h' "--list names the headers"
# On failure nothing is written, not even an empty file.
mkdir -p "$tmp/bad"
printf '<?xml version="1.0"?>\n<database>\n' >"$tmp/bad/adreno.xml"
run "$G" --rnndb "$tmp/bad" a6xx_regs.h -o "$tmp/out.h"
like "$status:$err" '^1:.*adreno.xml:3:' "a broken database: file:line, exit 1"
ok $([ ! -e "$tmp/out.h" ]; echo $?) "and no output file"
done_testing
