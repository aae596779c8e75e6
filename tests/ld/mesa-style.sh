# Mesa-style sources, assembled with afuc-as and linked with the default
# script, give the image Mesa's afuc-asm gives. Every expected word is
# worked out by hand from Mesa's rules: one zero word; the words; the
# packet table at .jumptbl with each PM4-named (or UNKNn) label's address
# and 0 elsewhere; .align and .section padding with nops; [#label] = nop
# | the label's address in its own section.
#
# Encodings (reference/emu trace, reference/isa/afuc.xml): nop 0x01000000
# (a6xx/a7xx) or 0 (a5xx), mov $02, 0x1 = 88020001, waitin = d8000000,
# mov $01, $data = 981f0806, jump = c8000000 | offset, call = d4000000 |
# target, mov $02, X << 2 = 88420000 | X.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

for tool in afuc-as afuc-ld; do
	[ -x "$SDK_BIN/$tool" ] || skip_all "$tool is not built"
done

# The words of a file, one 8-digit hex word a line.
words() {
	od -An -v -t x4 -w4 "$1" | tr -d ' '
}

# table N ENTRY=VALUE...: the N words of a packet table, 0 elsewhere.
table() {
	n=$1
	shift
	awk -v n="$n" -v set="$*" 'BEGIN {
		split(set, pairs, " ")
		for (p in pairs) { split(pairs[p], kv, "="); v[kv[1] + 0] = kv[2] }
		for (i = 0; i < n; i++) print (i in v) ? v[i] : "00000000"
	}'
}

# repeat N WORD
repeat() {
	i=0
	while [ "$i" -lt "$1" ]; do
		echo "$2"
		i=$((i + 1))
	done
}

# link NAME: assembles $tmp/NAME.s and links it with the default script.
link() {
	run "$SDK_BIN/afuc-as" "$tmp/$1.s" -o "$tmp/$1.o"
	is "$status" 0 "$1: assembles" || diag "$err"
	run "$SDK_BIN/afuc-ld" "$tmp/$1.o" -o "$tmp/$1.fw"
	is "$status" 0 "$1: links with the default script" || diag "$err"
}

# --- a6xx: header, branch, label immediates, call, [#label + n], .align
cat >"$tmp/a6.s" <<'EOF'
; a6xx microcode
[016ee207]
[#jumptbl]
nop
CP_ME_INIT:
mov $02, 0x1
waitin
mov $01, $data
CP_NOP:
jump #CP_ME_INIT
mov $02, #table << 2
call #fn
[#table + 1]
fn:
waitin
mov $01, $data
UNKN5:
.align 32
table:
[deadbeef]
jumptbl:
.jumptbl
EOF
link a6
# fn = 10, UNKN5 = 12 (then nops to 16), table = 16, jumptbl = 17.
{
	echo 00000000
	echo 016ee207
	echo 01000011
	echo 01000000
	echo 88020001
	echo d8000000
	echo 981f0806
	echo c800fffd
	echo 88420010
	echo d400000a
	echo 01000011
	echo d8000000
	echo 981f0806
	repeat 4 01000000
	echo deadbeef
	table 128 16=00000006 72=00000003 5=0000000c
} >"$tmp/a6.want"
is "$(words "$tmp/a6.fw")" "$(cat "$tmp/a6.want")" "a6xx: the image Mesa's afuc-asm gives"

# --- a label named after another generation's packet: Mesa looks it up in
# every variant of the PM4 enum, so CP_PREEMPT_ENABLE (A5XX only, 0x1c)
# fills entry 0x1c of an a6xx table; CP_NOP (every variant) stays 0x10.
cat >"$tmp/a6v.s" <<'EOF'
[016ee207]
[#jumptbl]
CP_PREEMPT_ENABLE:
waitin
mov $01, $data
CP_NOP:
waitin
mov $01, $data
jumptbl:
.jumptbl
EOF
link a6v
{
	echo 00000000
	echo 016ee207
	echo 01000006
	echo d8000000
	echo 981f0806
	echo d8000000
	echo 981f0806
	table 128 28=00000002 16=00000004
} >"$tmp/a6v.want"
is "$(words "$tmp/a6v.fw")" "$(cat "$tmp/a6v.want")" \
	"a6xx: a label named after an a5xx-only packet fills its entry, as in Mesa"

# --- ... A2XX-A4XX included, in the enum's order after the listing's own
# generation: CP_SET_CONSTANT is 0x2d only in A2XX, CP_WAIT_IB_PFD_COMPLETE
# 0x5d only in A2XX-A4XX (on a7xx those entries are CP_SET_UNK_BIN_DATA's
# and CP_CONTEXT_REG_BUNCH2's: the label still fills them, as in Mesa).
for gen in a6xx a7xx; do
	case $gen in a6xx) id=016ee207 ;; *) id=01512162 ;; esac
	printf '.gpu %s\n[%s]\n[#jumptbl]\nCP_SET_CONSTANT:\nwaitin\nmov $01, $data\n' $gen $id >"$tmp/old-$gen.s"
	printf 'CP_WAIT_IB_PFD_COMPLETE:\nwaitin\nmov $01, $data\njumptbl:\n.jumptbl\n' >>"$tmp/old-$gen.s"
	link old-$gen
	{
		printf '00000000\n%s\n01000006\n' $id
		printf 'd8000000\n981f0806\nd8000000\n981f0806\n'
		table 128 45=00000002 93=00000004
	} >"$tmp/old-$gen.want"
	is "$(words "$tmp/old-$gen.fw")" "$(cat "$tmp/old-$gen.want")" \
		"$gen: CP_SET_CONSTANT (A2XX) and CP_WAIT_IB_PFD_COMPLETE (A2XX-A4XX) fill 0x2d and 0x5d"
done

# --- a7xx: three sections, each from address 0, each 32-byte aligned
cat >"$tmp/a7.s" <<'EOF'
[01512162]
[#jumptbl]
nop
CP_NOP:
waitin
mov $01, $data
jumptbl:
.jumptbl

.section BV
[01512134]
[#jumptbl]
CP_NOP:
waitin
mov $01, $data
jumptbl:
.jumptbl

.section LPAC
[01512054]
[#jumptbl]
jumptbl:
.jumptbl
[deadbeef]
EOF
link a7
# BR: 5 words + table = 133, 3 nops; BV at file word 137: 4 + table =
# 132, 4 nops; LPAC at file word 273: 2 + table + 1.
{
	echo 00000000
	echo 01512162
	echo 01000005
	echo 01000000
	echo d8000000
	echo 981f0806
	table 128 16=00000003
	repeat 3 01000000
	echo 01512134
	echo 01000004
	echo d8000000
	echo 981f0806
	table 128 16=00000002
	repeat 4 01000000
	echo 01512054
	echo 01000002
	table 128
	echo deadbeef
} >"$tmp/a7.want"
is "$(words "$tmp/a7.fw")" "$(cat "$tmp/a7.want")" "a7xx: BR, BV and LPAC as Mesa lays them out"

# --- a5xx: nops are 0; the default script is the ME one (same layout)
cat >"$tmp/a5.s" <<'EOF'
[005ff08a]
[#jumptbl]
[00087001]
mov $02, 0x1
CP_NOP:
nop
jumptbl:
.jumptbl
EOF
link a5
{
	echo 00000000
	echo 005ff08a
	echo 00000005
	echo 00087001
	echo 88020001
	echo 00000000
	table 128 16=00000004
} >"$tmp/a5.want"
is "$(words "$tmp/a5.fw")" "$(cat "$tmp/a5.want")" "a5xx: nop payloads with a 0x00 high byte"
run "$SDK_BIN/afuc-ld" -T "$SDK_ROOT/ld/a5xx-pfp.ld" "$tmp/a5.o" -o "$tmp/a5pfp.fw" \
	-Map "$tmp/a5pfp.map"
is "$(words "$tmp/a5pfp.fw")" "$(cat "$tmp/a5.want")" "a5xx-pfp.ld: the same image"
like "$(cat "$tmp/a5pfp.map")" '^processor image PFP:' "named PFP in the map"

# --- a table written as raw words: no .jumptbl, no handler records
cat >"$tmp/raw.s" <<'EOF'
[016ee207]
[01000003]
waitin
[00000002]
[00000000]
EOF
link raw
is "$(words "$tmp/raw.fw" | tr '\n' ' ')" \
	"00000000 016ee207 01000003 d8000000 00000002 00000000 " \
	"no handler records and no .jumptbl: exactly the words, no table added"

# --- the same with packet-named labels: Mesa fills only a .jumptbl from
# them, so the labels add no table either (a5xx listings look like this)
cat >"$tmp/rawlabels.s" <<'EOF'
[005ff08a]
[00000003]
CP_NOP:
waitin
[00000002]
[00000000]
EOF
link rawlabels
is "$(words "$tmp/rawlabels.fw" | tr '\n' ' ')" \
	"00000000 005ff08a 00000003 d8000000 00000002 00000000 " \
	"packet-named labels without .jumptbl: exactly the words, no table added"

# --- Mesa's own listings of the a5xx images (their tables are raw words)
# link back to the vendor images
for name in a530_pfp a530_pm4; do
	listing="$SDK_ROOT/../shared/reference/disasm/$name.s"
	image=$(find_firmware "$name.fw")
	if [ ! -r "$listing" ] || [ -z "$image" ]; then
		skip 1 "$name: reference listing or vendor image absent"
		continue
	fi
	"$SDK_BIN/afuc-as" --gpu a5xx "$listing" -o "$tmp/$name.o" &&
		"$SDK_BIN/afuc-ld" "$tmp/$name.o" -o "$tmp/$name.fw"
	ok "$(cmp -s "$tmp/$name.fw" "$image"; echo $?)" \
		"Mesa's $name.s, assembled and linked, is the vendor image byte for byte"
done

done_testing
