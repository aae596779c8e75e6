# The command line every tool shares (sdk/cmd): an unknown option is a
# usage error (exit 2) wherever it stands, "--" ends the options, --help
# and --version print and exit 0, and a write error on standard output
# (/dev/full) is an error, never exit 0.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

tools="afuc-as afuc-ld afuc-objdump afuc-emu hwsq-as hwsq-emu hwsq-objdump rnn-lookup rnn-headergen"
[ -w /dev/full ] || skip_all "no /dev/full on this system"

# A command line each tool accepts, operands included, so that an
# unknown option is the only thing wrong with it.
printf 'mov $01, $02\n' >"$tmp/x.s"
printf 'exit\n' >"$tmp/x.hwsq"
# opts: the options; operands: the rest.
good_args() {
	case $1 in
	afuc-as) opts="--gpu a6xx -o $tmp/x.o" operands="$tmp/x.s" ;;
	afuc-ld) opts="-o $tmp/x.fw" operands="$tmp/x.o" ;;
	afuc-objdump) opts="--no-names" operands="$SDK_BUILD/firmware/a6xx/sqe.fw" ;;
	afuc-emu) opts="--steps 1000" operands="$tmp/x.emu" ;;
	hwsq-as) opts="--chip nv50" operands="$tmp/x.hwsq" ;;
	hwsq-emu) opts="--chip nv50" operands="$tmp/x.bin" ;;
	hwsq-objdump) opts="--chip nv50" operands="$tmp/x.bin" ;;
	rnn-lookup) opts="--gpu a6xx" operands="0x885" ;;
	rnn-headergen) opts="-o $tmp/pm4.h" operands="pm4.h" ;;
	esac
}
"$SDK_BIN/afuc-as" --gpu a6xx -o "$tmp/x.o" "$tmp/x.s" &&
	"$SDK_BIN/hwsq-as" --chip nv50 -o "$tmp/x.bin" "$tmp/x.hwsq" ||
	{ echo "Bail out! cannot make the inputs"; exit 1; }
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$tmp/sdk.fw"
printf 'image sdk.fw\nrun\nexpect idle\n' >"$tmp/x.emu"

for t in $tools; do
	tool="$SDK_BIN/$t"
	good_args "$t"
	# shellcheck disable=SC2086
	set -- $opts $operands
	run "$tool" "$@"
	is "$status" 0 "$t: the good command line works"

	run "$tool" --zzz "$@"
	is "$status:$(printf '%s\n' "$err" | head -1)" "2:$t: error: unknown option '--zzz'" \
		"$t: an unknown option first: exit 2, named"
	like "$err" "^usage: $t " "$t: and the synopsis follows"
	run "$tool" "$@" --zzz
	like "$status:$err" "^2:$t: error: unknown option '--zzz'" "$t: an unknown option last"
	# shellcheck disable=SC2086
	run "$tool" $opts --zzz=3 $operands
	like "$status:$err" "^2:$t: error: unknown option '--zzz'" "$t: --zzz=VALUE in the middle"
	run "$tool" -Z "$@"
	like "$status:$err" "^2:$t: error: unknown option '-Z'" "$t: an unknown short option"
	run "$tool" --versoin
	is "$status:$(printf '%s\n' "$err" | head -1)" \
		"2:$t: error: unknown option '--versoin'; did you mean '--version'?" \
		"$t: a misspelt option: the nearest one named"

	# after --, --zzz is an operand (a file that does not exist, a name
	# rnn-lookup does not know): whatever fails, not the option parser
	# shellcheck disable=SC2086
	run "$tool" $opts -- --zzz
	ok "$([ "$status" != 0 ]; echo $?)" "$t: after --, '--zzz' is an operand (exit $status)"
	like "$err" "'?--zzz" "$t: and is named as one"
	case $err in *"unknown option"*) ok 1 "$t: -- ends the options" ;; *) ok 0 "$t: -- ends the options" ;; esac

	run "$tool" --help
	like "$status:$out" "^0:usage: $t " "$t: --help prints the usage, exit 0"
	like "$out" "^  -h, --help +show this help" "$t: --help lists the options"
	run "$tool" -h
	is "$status" 0 "$t: -h"
	run "$tool" --version
	like "$status:$out" "^0:$t \(afuc SDK\) [0-9]" "$t: --version"
	run "$tool" --help=x
	like "$status:$err" "^2:$t: error: '--help' takes no value" "$t: a value to a flag"

	# standard output on a full disk
	"$tool" --help >/dev/full 2>"$tmp/err"
	st=$?
	like "$st:$(cat "$tmp/err")" "^1:$t: error: cannot write standard output: No space left on device" \
		"$t: --help >/dev/full fails"
done

# Options that need a value, at the end of the line.
run "$SDK_BIN/afuc-as" "$tmp/x.s" -o
like "$status:$err" "^2:afuc-as: error: '-o' needs a value" "a missing value: exit 2"
run "$SDK_BIN/hwsq-objdump" "$tmp/x.bin" --chip
like "$status:$err" "^2:hwsq-objdump: error: '--chip' needs a value" "a missing value of a long option"
# Attached values and clusters, as getopt takes them.
run "$SDK_BIN/afuc-as" --gpu=a6xx "-o$tmp/y.o" "$tmp/x.s"
ok "$([ "$status" = 0 ] && [ -f "$tmp/y.o" ]; echo $?)" "--gpu=a6xx and -oFILE"
run "$SDK_BIN/afuc-ld" -Map="$tmp/x.map" -o "$tmp/y.fw" "$tmp/x.o"
ok "$([ "$status" = 0 ] && [ -s "$tmp/x.map" ]; echo $?)" "afuc-ld: -Map=FILE, GNU ld style"
run "$SDK_BIN/afuc-ld" -Map "$tmp/x2.map" -o "$tmp/y.fw" "$tmp/x.o"
ok "$([ "$status" = 0 ] && [ -s "$tmp/x2.map" ]; echo $?)" "afuc-ld: -Map FILE"
run "$SDK_BIN/hwsq-emu" -vZ "$tmp/x.hemu"
like "$status:$err" "^2:hwsq-emu: error: unknown option '-Z' \(in '-vZ'\)" "a bad letter in a cluster"

# Real output to a full disk, for the tools that print to standard output.
full() {
	"$@" >/dev/full 2>"$tmp/err"
	st=$?
	like "$st:$(cat "$tmp/err")" ": error: cannot write" "$(basename "$1") ${2:-} ... >/dev/full: exit $st, said"
	ok "$([ "$st" != 0 ]; echo $?)" "$(basename "$1"): not exit 0"
}
full "$SDK_BIN/afuc-objdump" "$tmp/sdk.fw"
full "$SDK_BIN/afuc-emu" "$tmp/x.emu"
full "$SDK_BIN/afuc-as" -E "$tmp/x.s"
full "$SDK_BIN/rnn-lookup" --gpu a6xx 0x885
full "$SDK_BIN/rnn-lookup" --gpu a6xx --list
full "$SDK_BIN/rnn-headergen" --list
full "$SDK_BIN/hwsq-objdump" --chip nv50 "$tmp/x.bin"
full "$SDK_BIN/hwsq-emu" --chip nv50 "$tmp/x.bin"
full "$SDK_BIN/hwsq-as" --chip nv50 --stats "$tmp/x.hwsq"
full "$SDK_BIN/hwsq-as" --chip nv50 -o - "$tmp/x.hwsq"
run "$SDK_BIN/afuc-as" --gpuu a6xx x.S
like "$status:$err" "^2:afuc-as: error: unknown option '--gpuu'; did you mean '--gpu'\?" \
	"a tool's own option suggested"
run "$SDK_BIN/afuc-as" -vQ x.S
is "$status:$(printf '%s\n' "$err" | head -1)" "2:afuc-as: error: unknown option '-vQ'" \
	"short letters: no suggestion (all are as near)"
done_testing
