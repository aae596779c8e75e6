# afuc-emu --replay on every real capture there is ($AFUC_CAPTURE_DIR,
# ../shared/captures): through the vendor firmware of the capture's GPU
# (every submission runs to idle and its fence comes back), the write
# log (--writes), a firmware compared with itself and with the SDK's own
# (--diff, --ignore), the `replay` statement of test files, and the
# command-line errors. tests/emu/test_replay.c tests the same on small
# captures written there.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
emu="$SDK_BIN/afuc-emu"
sdk="$SDK_BUILD/firmware"

# ---- the command line, with no capture needed ----
run "$emu" --diff a.fw b.fw
is "$status" 2 "--diff without --replay is a usage error"
like "$err" "go with --replay" "and says so"
run "$emu" --replay x.rd
is "$status" 2 "--replay without an image is a usage error"
run "$emu" --replay x.rd a.fw --ignore i.txt
is "$status" 2 "--ignore without --diff is a usage error"
run "$emu" --replay x.rd a.fw --show-diffs 3
is "$status" 2 "--show-diffs without --diff is a usage error"
like "$err" "--show-diffs goes with --diff" "and says so"
run "$emu" --replay x.rd --diff a.fw b.fw --show-diffs many
is "$status" 2 "--show-diffs takes a number"
printf 'not a capture at all\n' >"$tmp/text.rd"
run "$emu" --replay "$tmp/text.rd" "$sdk/a6xx/sqe.fw"
is "$status" 1 "a file that is no capture fails"
like "$err" "text.rd: error: at byte 0x0: section of type 544501614 claims 1633886305 bytes, but only 13 are left" \
	"naming where and what it found"
run "$emu" --replay "$tmp/none.rd.gz" "$sdk/a6xx/sqe.fw"
is "$status" 1 "a missing capture fails"
like "$err" "^afuc-emu: .*none.rd.gz: error: No such file or directory$" "and says so, with error:"

# A capture written here, word by word (little-endian): a buffer and a
# command stream at 2^48 + 0x1000, past an a6xx's 48-bit address space.
le32() {
	for v in "$@"; do
		printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((v & 255)) $((v >> 8 & 255)) \
			$((v >> 16 & 255)) $((v >> 24 & 255)))"
	done
}
{
	le32 13 4 630                     # GPU_ID
	le32 3 12 0x1000 16 0x10000       # GPUADDR: low, size, high
	le32 12 16 0x70268000 0 0 0       # BUFFER_CONTENTS: a CP_NOP
	le32 6 12 0x1000 1 0x10000        # CMDSTREAM_ADDR: low, dwords, high
} >"$tmp/high.rd"
run "$emu" --replay "$tmp/high.rd" "$sdk/a6xx/sqe.fw"
like "$err" "^afuc-emu: warning: $tmp/high.rd: submission 1's buffer at 0x1000000001000 \\(16 bytes\\) reaches past the 48-bit GPU address space \\(and 1 more\\)\$" \
	"a capture buffer beyond the GPU's address width is warned about, naming it"
run "$emu" --replay "$tmp/high.rd" "$sdk/a7xx/sqe.fw"
is "$(printf '%s\n' "$err" | grep -c 'address space')" 0 "a7xx's 49 bits hold it"
# a buffer whose end is past 2^64 would wrap to address 0: refused
{
	le32 13 4 630
	le32 3 12 0xfffff000 0x2000 0xffffffff
	le32 6 12 0x1000 1 0
} >"$tmp/wrap.rd"
run "$emu" --replay "$tmp/wrap.rd" "$sdk/a6xx/sqe.fw"
is "$status" 1 "a capture buffer that wraps past the top of the address space is refused"
is "$err" "afuc-emu: $tmp/wrap.rd: error: submission 1's buffer at 0xfffffffffffff000 (8192 bytes) wraps past the top of the address space" \
	"naming it"
{
	le32 13 4 630
	le32 3 12 0xfffff000 0x1000 0xffffffff
	le32 6 12 0x1000 1 0
} >"$tmp/top.rd"
run "$emu" --replay "$tmp/top.rd" "$sdk/a7xx/sqe.fw"
unwrapped=$(printf '%s\n' "$err" | grep -c 'wraps')
is "$unwrapped" 0 "one that ends at 2^64 exactly does not wrap"
printf 'image %s\nreplay high.rd\nexpect idle\n' "$sdk/a6xx/sqe.fw" >"$tmp/high.emu"
run "$emu" "$tmp/high.emu"
like "$err" "high.emu:2:8: warning: submission 1's buffer at 0x1000000001000" "and in a test file's replay"

# a wait the model never makes true, in a test file: `expect error wait`
cat >"$tmp/wait.emu" <<END
image $sdk/a6xx/sqe.fw
run
pkt7 CP_WAIT_REG_MEM 0x13 0x5000 0 1 0xffffffff 16   # memory 0x5000 == 1: never
run
expect error wait
END
run "$emu" "$tmp/wait.emu"
is "$status" 0 "a wait never satisfied is an error of its own kind, 'wait'"
like "$out" "^ok 1 - expect error wait" "which expect error names"

# ---- real captures ----
capture_dir=${AFUC_CAPTURE_DIR:-$SDK_ROOT/../shared/captures}
captures=
for f in "$capture_dir"/*.rd "$capture_dir"/*.rd.gz; do
	[ -f "$f" ] && captures="$captures $f"
done
if [ -z "$captures" ]; then
	skip 1 "no capture in $capture_dir"
	done_testing
fi

# The vendor image (or a5xx pair) for a capture's GPU id, and the SDK's
# own image of that generation; empty when the GPU is not one we have
# firmware for.
firmware_for() {
	vendor= own=
	case $1 in
	5??)
		pfp=$(find_firmware a530_pfp.fw) && me=$(find_firmware a530_pm4.fw) &&
			vendor="$pfp,$me"
		own="$sdk/a5xx/pfp.fw,$sdk/a5xx/me.fw"
		;;
	6??)
		# a6xx parts run a630's SQE unless they have their own
		vendor=$(find_firmware "a$1_sqe.fw") || vendor=$(find_firmware a630_sqe.fw) || vendor=
		own="$sdk/a6xx/sqe.fw"
		;;
	esac
}

for capture in $captures; do
	name=$(basename "$capture")
	# the GPU, from the replay's header line (any image will do for that)
	gpu=$("$emu" --replay "$capture" "$sdk/a6xx/sqe.fw" 2>/dev/null |
		sed -n 's/^# replay of .* (GPU \([0-9]*\), \([0-9]*\) submissions).*/\1/p')
	firmware_for "$gpu"
	if [ -z "$vendor" ]; then
		skip 1 "$name: GPU $gpu, no vendor firmware for it here"
		continue
	fi
	run "$emu" --replay "$capture" "$vendor" --writes "$tmp/$name.writes" --stats
	is "$status" 0 "$name (GPU $gpu) replays through $(basename "${vendor%%,*}")"
	subs=$(printf '%s\n' "$out" | sed -n 's/^1\.\.\([0-9]*\)$/\1/p')
	oks=$(printf '%s\n' "$out" | grep -c '^ok .* ran to idle .* fence written$')
	is "$oks" "$subs" "$name: each of its $subs submissions runs to idle and writes its fence"
	packets=$(printf '%s\n' "$out" | sed -n 's/^# stats: \([0-9]*\) packets.*/\1/p')
	is "$(grep -c '^# packet ' "$tmp/$name.writes")" "$packets" \
		"$name: --writes has a '# packet' line for each of its $packets packets"
	bad=$(grep -Ev '^# packet [0-9]+ (ring|IB[1-3]|SDS) 0x[0-9a-f]+ [A-Z][A-Z0-9_]*( \(end of IB\))?$|^(reg|pipe) 0x[0-9a-f]+ 0x[0-9a-f]{8}( # [][A-Za-z0-9_.+]+)?$|^mem 0x[0-9a-f]+ 0x[0-9a-f]{8}$' \
		"$tmp/$name.writes" | head -3)
	is "$bad" "" "$name: every other line is a write as 'expect writes' spells it"
	# the kernel's fence: the last submission's sequence number, written
	# by its CACHE_FLUSH_TS through the event model (on a6xx a
	# CP_WHERE_AM_I follows, writing the read pointer's shadow)
	last_mem=$(grep '^mem ' "$tmp/$name.writes" | grep -v '^mem 0x7ffff00040 ' | tail -1)
	like "$last_mem" "^mem 0x7ffff00000 0x0*$(printf '%x' "$subs")\$" \
		"$name: the last write is the fence, the last sequence number, at the memstore"

	run "$emu" --replay "$capture" --diff "$vendor" "$vendor"
	is "$status" 0 "$name: a firmware agrees with itself"
	like "$out" "^agree: $packets of $packets packets\$" "on every packet"

	run "$emu" --replay "$capture" --diff "$vendor" "$own"
	like "$out" "^agree: [0-9]+ of $packets packets\$" \
		"$name: the vendor's firmware against the SDK's: the agreement figure"
	diag "$name: vendor against SDK: $(printf '%s\n' "$out" | grep '^agree:')"
	if [ "$status" = 1 ]; then
		like "$out" "^# differs: packet [0-9]+ of $packets: submission [0-9]+, (ring|IB[1-3]) 0x[0-9a-f]+ [A-Z]" \
			"$name: the first differing packets, with where they are"
		like "$out" "^#   .*: handler at [0-9a-f]{4}, [0-9]+ instructions\$" "and each side's handler"
	else
		is "$status" 0 "$name: the SDK firmware agrees on every packet"
		ok 0 "(nothing to show)"
	fi

	# an ignore list: a bad line is an error at its place
	printf '0x100 # fine\nNO_SUCH_REGISTER\n' >"$tmp/bad.ignore"
	run "$emu" --replay "$capture" --diff "$vendor" "$own" --ignore "$tmp/bad.ignore"
	is "$status" 2 "$name: a bad --ignore file is an error"
	like "$err" "bad.ignore:2:1: error: expected a GPU register name or offset, found 'NO_SUCH_REGISTER'" \
		"at its line and column"

	# the same replay from a test file, then expectations about the end state
	case $vendor in
	*,*) image="image ${vendor%%,*} ${vendor#*,}" scratch=0xb7a ;;
	*) image="image $vendor" scratch=0x885 ;;
	esac
	printf '%s\nreplay %s\nexpect reg %s %s\n' "$image" "$capture" "$scratch" "$subs" >"$tmp/replay.emu"
	run "$emu" "$tmp/replay.emu"
	is "$status" 0 "$name: a test file's replay statement runs it"
	is "$(printf '%s\n' "$out" | grep -c '^ok .* - replay .* submission [0-9]* ran to idle and wrote its fence')" \
		"$subs" "a test per submission"
	like "$out" "^ok $((subs + 1)) - expect reg $scratch $subs " \
		"and expectations follow it (the kernel's CP_SCRATCH_REG[2], the last fence)"
done

# input errors are found before any replay runs: no TAP line on stdout
set -- $captures
for bad in 0100 0x10..0100 -18446744073709551615; do
	printf '0x100\n%s\n' "$bad" >"$tmp/num.ignore"
	run "$emu" --replay "$1" --diff "$sdk/a6xx/sqe.fw" "$sdk/a6xx/sqe.fw" --ignore "$tmp/num.ignore"
	is "$status" 2 "ignore list '$bad': an error (hex with 0x, or decimal, only)"
	col=1
	case $bad in *..*) col=7 ;; esac
	like "$err" "num.ignore:2:$col: error: expected a number in hex \\(0x\\) or decimal, found '${bad#*..}'" \
		"at its place"
	is "$out" "" "before either replay runs"
done
run "$emu" --replay "$1" "$sdk/a6xx/sqe.fw" --writes "$tmp/no/such/dir/w.txt"
is "$status" 1 "--writes into a folder that does not exist fails"
is "$err" "afuc-emu: $tmp/no/such/dir/w.txt: error: cannot write the --writes file: '$tmp/no/such/dir' does not exist" "with error:, naming the folder"
is "$out" "" "before the replay runs"
run "$emu" --replay "$1" "$sdk/a6xx/sqe.fw" --writes "$tmp"
is "$status" 1 "--writes naming a folder fails before the replay too"
is "$out" "" "(nothing replayed)"
# a capture of one generation through an image of another: a warning
gpu=$("$emu" --replay "$1" "$sdk/a6xx/sqe.fw" 2>/dev/null |
	sed -n 's/^# replay of .* (GPU \([0-9]*\), .*/\1/p')
case $gpu in
6??) other=$sdk/a7xx/sqe.fw other_gen=a7xx ;;
*) other=$sdk/a6xx/sqe.fw other_gen=a6xx ;;
esac
run "$emu" --replay "$1" "$other"
like "$err" "^afuc-emu: warning: $1: captured on an a$gpu \\(a[5-8]xx\\), but $other is an $other_gen firmware" \
	"a capture from another generation's GPU than the image's is warned about"
firmware_for "$gpu"
run "$emu" --replay "$1" "${own}"
is "$(printf '%s\n' "$err" | grep -c 'captured on')" 0 "and one of the same generation is not"

# captures compressed otherwise read the same: one reader for every file
if command -v xz >/dev/null 2>&1; then
	set -- $captures
	gzip -dc -f "$1" | xz -c >"$tmp/again.rd.xz"
	run "$emu" --replay "$1" "$sdk/a6xx/sqe.fw"
	first=$out
	run "$emu" --replay "$tmp/again.rd.xz" "$sdk/a6xx/sqe.fw"
	is "$(printf '%s\n' "$out" | grep -c '^ok')" "$(printf '%s\n' "$first" | grep -c '^ok')" \
		"an xz-compressed capture replays as the original does"
else
	skip 1 "xz is not installed"
fi

# a test file whose capture is nowhere is skipped, as for a vendor image
printf 'image %s\nreplay no-such.rd.gz\nexpect idle\n' "$sdk/a6xx/sqe.fw" >"$tmp/skip.emu"
AFUC_REQUIRE_FIRMWARE=0 AFUC_CAPTURE_DIR=$tmp run "$emu" "$tmp/skip.emu"
is "$status" 0 "a missing capture does not fail a test file"
like "$out" "^1\.\.0 # SKIP capture no-such.rd.gz not found" "it skips it, saying where it looked"
done_testing
