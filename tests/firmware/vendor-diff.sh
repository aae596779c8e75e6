# The SDK's own firmware against vendor firmware over real driver
# captures: afuc-emu --replay CAPTURE --diff VENDOR SDK --ignore
# tests/firmware/vendor-diff.ignore, packet by packet. Each capture's
# agreement (packets whose GPU register, pipe register and memory writes
# agree, of all packets) must not fall below the floor reached so far
# (docs/firmware.md has the figures); when every packet agrees, the diff
# must say so with exit status 0. With the vendor images of ../shared,
# the figures docs/firmware.md's capture table gives (packets agreeing,
# instructions per packet and in all on each side) must be the run's.
# Skipped without the vendor images or the captures.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
. "$SDK_ROOT/tests/firmware/images.sh"

ignore=$SDK_ROOT/tests/firmware/vendor-diff.ignore

# find_capture NAME: the capture's path (NAME itself when it is a path;
# else $AFUC_CAPTURE_DIR, then ../shared/captures beside the project, as
# afuc-emu's replay statement looks), or failure.
find_capture() {
	case $1 in */*)
		printf '%s\n' "$1"
		return 0
		;;
	esac
	for dir in ${AFUC_CAPTURE_DIR:+"$AFUC_CAPTURE_DIR"} "$SDK_ROOT/../shared/captures"; do
		if [ -r "$dir/$1" ]; then
			printf '%s\n' "$dir/$1"
			return 0
		fi
	done
	return 1
}

# doc_row TITLE: the figures docs/firmware.md's capture table gives the
# capture TITLE: "AGREEING | SDK | VENDOR", its third, fourth and fifth
# cells, spaces squeezed.
doc_row() {
	awk -F '|' -v name="\`$1\`" '
		index($2, name) == 2 { print $4 "|" $5 "|" $6; exit }' "$SDK_ROOT/docs/firmware.md" |
		sed 's/ *| */ | /g; s/^ *//; s/ *$//'
}

# compare CAPTURE VENDOR SDK FLOOR: VENDOR is one image name or PFP,ME
# names; SDK the build's image(s), the same way. Five tests: with the
# vendor images of ../shared, the last checks the capture's row of
# docs/firmware.md (packets agreeing, instructions per packet and in
# all, each side), else it is skipped.
compare() {
	title=${1##*/}
	capture=$(find_capture "$1") || {
		skip 5 "capture $1 not found (AFUC_CAPTURE_DIR, ../shared/captures)"
		return
	}
	vendor=$(vendor_paths "$2") || {
		skip 5 "vendor image $vendor not found: no comparison over $1"
		return
	}
	sdk=$(sdk_paths "$3")
	floor=$4
	run "$SDK_BIN/afuc-emu" --replay "$capture" --diff "$vendor" "$sdk" --ignore "$ignore" --stats
	failed=$(printf '%s\n' "$out" | grep -c '^not ok')
	is "$failed" 0 "$title: every submission runs to idle and writes its fence on both firmwares" ||
		diag "$(printf '%s\n' "$out" | grep -A3 '^not ok' | head -20)"
	figure=$(printf '%s\n' "$out" | sed -n 's/^agree: \([0-9]*\) of \([0-9]*\) packets$/\1 \2/p')
	like "$figure" '^[0-9]+ [0-9]+$' "$title: the diff gives its agreement figure" || {
		diag "$err"
		skip 3 "no figure to check"
		return
	}
	agree=${figure% *}
	total=${figure#* }
	diag "$title: $agree of $total packets agree with $2 (floor $floor)"
	# "# stats B: 1430 packets, 17066 instructions, 11.9 per packet"
	stats=$(printf '%s\n' "$out" | sed -n 's/^# stats \([AB]\): .* packets, \([0-9]*\) instructions, \([0-9.]*\) per packet$/\1 \3 (\2)/p')
	vendor_cost=$(printf '%s\n' "$stats" | sed -n 's/^A //p')
	sdk_cost=$(printf '%s\n' "$stats" | sed -n 's/^B //p')
	diag "$title: $2: $vendor_cost instructions per packet (in all); SDK: $sdk_cost"
	case $vendor in
	"$SDK_ROOT"/../shared/*)
		is "$(doc_row "$title")" "$agree of $total | $sdk_cost | $vendor_cost" \
			"$title: docs/firmware.md's capture table has today's figures" ||
			diag "got: docs/firmware.md; expected: the run. Update the row of \`$title\` in docs/firmware.md (\"Real driver streams\") to the run's figures"
		;;
	*) skip 1 "$title: $2 is not the image of ../shared whose figures docs/firmware.md quotes" ;;
	esac
	ok "$([ "$agree" -ge "$floor" ] && echo 0 || echo 1)" \
		"$title: at least $floor packets agree (got $agree of $total)" ||
		diag "$(printf '%s\n' "$out" | grep -A12 '^# differs' | head -40)"
	expected_status=1
	[ "$agree" -eq "$total" ] && expected_status=0
	is "$status" "$expected_status" "$title: the diff exits $expected_status ($agree of $total agree)"
}

# No a7xx capture is shipped: mkcapture-a7xx writes turnip's a7xx
# sequences (a render pass with draw states and draws, a dispatch, the
# cache events, queries and timestamps between them) as a capture. The
# replay wraps them as the kernel's a7xx_submit does: BR and BV meet and
# turn concurrent binning on, BV writes its fence in its own section,
# which BR passes over, and BR waits for it.
turnip_a7xx=$tmp/turnip-a7xx.rd
"$SDK_BUILD/tests/firmware/mkcapture-a7xx" "$turnip_a7xx" || {
	echo "Bail out! mkcapture-a7xx could not write $turnip_a7xx"
	exit 1
}

plan 23
compare fd-clouds.rd.gz a630_sqe.fw a6xx/sqe.fw 1430
compare compute-a540.rd.gz a530_pfp.fw,a530_pm4.fw a5xx/pfp.fw,a5xx/me.fw 158
compare "$turnip_a7xx" gen70500_sqe.fw a7xx/sqe.fw 147

# BV reads the stream too: on both firmwares its first CP_THREAD_CONTROL
# reports its event number, and that write is BV's, after BR's, in the
# packet at the same place in the stream (the ring's first). BV's fence
# of the first submission (1, at the memstore + 0x20) is BV's write, in
# the THREAD_BV section's CP_THREAD_CONTROL (ring 0x140): BR passed it
# over, so BV's packets there go to it.
expected_first='# packet 1 ring 0x0 CP_THREAD_CONTROL
reg 0xd601 0x00000000 # CP_EVENT_END
reg 0xd601 0x00000000 # CP_EVENT_END (BV)'
expected_fence='# packet 1 ring 0x140 CP_THREAD_CONTROL
mem 0x7ffff00020 0x00000001 # (BV)'
for image in gen70500_sqe.fw SDK; do
	if [ "$image" = SDK ]; then
		path=$SDK_BUILD/firmware/a7xx/sqe.fw
	elif ! path=$(find_firmware "$image"); then
		skip 2 "vendor image $image not found"
		continue
	fi
	run "$SDK_BIN/afuc-emu" --replay "$turnip_a7xx" "$path" --writes "$tmp/bv-writes.log"
	is "$(head -3 "$tmp/bv-writes.log")" "$expected_first" \
		"$image: BV's write goes to the packet it was reading, after BR's"
	is "$(grep -e '^# packet' -e '^mem 0x7ffff00020 ' "$tmp/bv-writes.log" | grep -B1 '^mem' | head -2)" \
		"$expected_fence" "$image: BV writes its fence in its own section"
done

# --show-diffs: without the ignore list, PC_MARKER makes many a6xx
# packets differ; the default prints 10 of them, 0 prints every one.
if capture=$(find_capture fd-clouds.rd.gz) && vendor=$(find_firmware a630_sqe.fw); then
	run "$SDK_BIN/afuc-emu" --replay "$capture" --diff "$vendor" "$SDK_BUILD/firmware/a6xx/sqe.fw" --stats
	is "$(printf '%s\n' "$out" | grep -c '^# differs')" 10 "--diff prints 10 differing packets by default"
	figure=$(printf '%s\n' "$out" | sed -n 's/^agree: \([0-9]*\) of \([0-9]*\) packets$/\1 \2/p')
	# docs/afuc-emu.md shows this run: a630's first two submissions,
	# the agreement, the first differing packet and a630's handler for
	# it, a630's CP_EVENT_WRITE line of --stats (in the text, so
	# whitespace squeezed), and the agreement with the ignore list.
	case $vendor in
	"$SDK_ROOT"/../shared/*)
		printf '%s\n' "$out" | grep -e '^ok [12] - submission' | head -2 >"$tmp/example"
		printf '%s\n' "$out" | grep -m1 '^agree: ' >>"$tmp/example"
		printf '%s\n' "$out" | grep -m1 -A1 '^# differs: ' | sed "s|$vendor:|${vendor##*/}:|" >>"$tmp/example"
		printf '%s\n' "$out" | grep -m1 '^#   CP_EVENT_WRITE ' >>"$tmp/example"
		echo "with \`tests/firmware/vendor-diff.ignore\` all ${figure#* } agree" >>"$tmp/example"
		tr '\n' ' ' <docs/afuc-emu.md | tr -s ' ' >"$tmp/doc"
		tr -s ' ' <"$tmp/example" | while IFS= read -r line; do
			grep -qF -- "$line" "$tmp/doc" || echo "$line"
		done >"$tmp/missing"
		is "$(cat "$tmp/missing")" "" "docs/afuc-emu.md's --replay, --diff and --stats examples are this run's" ||
			diag "got: lines of the run that docs/afuc-emu.md does not quote; update its examples (\"Replaying captures\", \"--diff A B\", --stats) to them"
		;;
	*) skip 1 "$vendor is not the image of ../shared whose run docs/afuc-emu.md quotes" ;;
	esac
	run "$SDK_BIN/afuc-emu" --replay "$capture" --diff "$vendor" "$SDK_BUILD/firmware/a6xx/sqe.fw" --show-diffs 0
	is "$(printf '%s\n' "$out" | grep -c '^# differs')" "$((${figure#* } - ${figure% *}))" \
		"--show-diffs 0 prints every differing packet (${figure% *} of ${figure#* } agree)"
	like "$out" "differs: packet" "and each says which packet"
else
	skip 4 "fd-clouds.rd.gz or a630_sqe.fw not found: no --show-diffs check"
fi
done_testing
