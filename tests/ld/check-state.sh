# afuc-ld --base --check-state: new code that writes a register the
# vendor's handlers read before writing (state kept across packets) is
# warned about at its source line; registers the vendor only uses as
# temporaries, and $01 that every waitin's delay slot sets, are not.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

# A small a6xx "vendor" image: CP_NOP counts packets in $05 (reads it
# first: state), CP_WAIT_FOR_ME uses $06 as a temporary (writes it first).
cat >"$tmp/v.s" <<'EOF2'
.gpu a6xx
[016ee207]
[#jumptbl]
waitin
mov $01, $data
CP_NOP:
add $05, $05, 0x1
waitin
mov $01, $data
CP_WAIT_FOR_ME:
mov $06, 0x10
add $06, $06, $01
waitin
mov $01, $data
jumptbl:
.jumptbl
EOF2
"$SDK_BIN/afuc-as" "$tmp/v.s" -o "$tmp/v.o" && "$SDK_BIN/afuc-ld" "$tmp/v.o" -o "$tmp/v.fw" ||
	bail_out "the vendor image does not build"

handler() { # handler NAME INSTRUCTION
	printf '.gpu a6xx\n.handler 0x7e\nnew:\n\t%s\n\twaitin\n\tmov $01, $data\n' "$2" >"$tmp/$1.s"
	"$SDK_BIN/afuc-as" "$tmp/$1.s" -o "$tmp/$1.o" || bail_out "$1 does not assemble"
}

handler state 'mov $05, 0x0'
run "$SDK_BIN/afuc-ld" --base "$tmp/v.fw" --check-state "$tmp/state.o" -o "$tmp/p.fw"
is "$status" 0 "writing a state register: a warning, the link succeeds"
like "$err" "state\.s:4: warning: writes \\\$05, which .*v\.fw's SQE handlers keep state in across packets \(CP_NOP can read it before writing it\)" \
	"the warning names the line, the register and the handler that reads it first"
run "$SDK_BIN/afuc-ld" --base "$tmp/v.fw" "$tmp/state.o" -o "$tmp/p.fw"
is "$status:$err" "0:" "without --check-state, no warning"

handler temp 'mov $06, 0x0'
run "$SDK_BIN/afuc-ld" --base "$tmp/v.fw" --check-state "$tmp/temp.o" -o "$tmp/p.fw"
is "$status:$err" "0:" "a register the vendor writes before reading (\$06), and \$01 in waitin's slot: no warning"

handler addr 'cwrite $02, [$05 + 0x1]!'
run "$SDK_BIN/afuc-ld" --base "$tmp/v.fw" --check-state "$tmp/addr.o" -o "$tmp/p.fw"
like "$err" "writes \\\$05" "an address register a pre-increment writes back counts too"

run "$SDK_BIN/afuc-ld" --check-state "$tmp/temp.o" -o "$tmp/p.fw"
is "$status" 2 "--check-state without --base: a usage error"

# A real image: a630_sqe.fw's handlers keep state in $12 and $13 (the
# issue that asked for this names them).
if a630=$(find_firmware a630_sqe.fw); then
	handler real 'mov $12, 0x0'
	run "$SDK_BIN/afuc-ld" --base "$a630" --check-state "$tmp/real.o" -o "$tmp/p.fw"
	like "$err" "real\.s:4: warning: writes \\\$12, which .*a630_sqe\.fw's SQE handlers keep state" \
		"a630_sqe.fw: writing \$12 is warned about"
else
	skip 1 "a630_sqe.fw not found"
fi
done_testing
