# Helpers of the macro-language tests (sourced after tests/lib/tap.sh).

# expand FILE.S: what afuc-as feeds its parser (cpp, then m4 with the
# SDK's afuc.m4), without the line markers and blank lines. Sets $status.
expand() {
	"$SDK_BIN/afuc-as" -E "$1" >"$tmp/.expanded" 2>"$tmp/.expand-err"
	status=$?
	grep -v -e '^#line ' -e '^# [0-9]' -e '^[[:space:]]*$' "$tmp/.expanded" |
		sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'
}

# source NAME <<'EOF' ... EOF: writes $tmp/NAME.S from standard input.
source_file() {
	cat >"$tmp/$1.S"
}

# assembles NAME.S to NAME.o: $status, $err
assemble() {
	run "$SDK_BIN/afuc-as" -o "$tmp/$1.o" "$tmp/$1.S"
}

# check NAME EXPECTED: NAME.S expands to EXPECTED and assembles.
check() {
	got=$(expand "$tmp/$1.S" | grep -v '^\.gpu ')
	is "$got" "$2" "$1: expansion"
	assemble "$1"
	ok "$status" "$1: assembles"
	[ "$status" -eq 0 ] || diag "$err"
}

# fails LINE MESSAGE <<'S' ... S: the source fails to assemble with
# MESSAGE (an extended regular expression) at LINE, column 1.
fails() {
	source_file bad
	rm -f "$tmp/bad.o"
	assemble bad
	is "$status" 1 "line $1: fails: $2"
	like "$err" "^$tmp/bad\\.S:$1:1: error: $2" "line $1: error at the call: $2"
	ok $([ ! -e "$tmp/bad.o" ]; echo $?) "line $1: no object written"
}

# emu_results FILE.emu N PREFIX: runs afuc-emu on FILE, which must run N
# expectations, and repeats each of its TAP results as a test here.
emu_results() {
	run "$SDK_BIN/afuc-emu" "$1"
	[ "$status" -eq 0 ] || diag "$out" "$err"
	printf '%s\n' "$out" | grep -E '^(not )?ok ' >"$tmp/.results"
	is "$(wc -l <"$tmp/.results")" "$2" "$3: afuc-emu ran the $2 expectations of $(basename "$1")"
	while read -r line; do
		case $line in
		ok*) ok 0 "$3: ${line#ok [0-9]* - }" ;;
		*) ok 1 "$3: ${line#not ok [0-9]* - }" ;;
		esac
	done <"$tmp/.results"
}
