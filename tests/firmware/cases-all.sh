# Every vendor SQE image there is (and each a5xx PFP with its ME; in make
# check one image of each layout, below), alone,
# runs every case mkcases writes for its generation (the opcodes the
# drivers and the kernel send, driver-shaped; opcodes.sh compares them
# with the SDK's firmware on one image of each generation) to idle. The
# generation is the image's own (afuc-objdump's .gpu line: a702 is a6xx,
# gen 8 a7xx). An opcode the image has no handler for (its table entry is
# opcode 0's, which raises the CP's error: a660's and a702's
# CP_REG_WRITE) is skipped with the emulator's reason; a case that the
# model cannot yet run to idle would be listed in `gaps` below, a TODO
# naming the register or instruction the model lacks (none is today).
# Every other failure fails, with the replay's error. The images
# opcodes.sh runs every case through (its `check` lines: the first
# a530_pfp.fw, a630_sqe.fw and gen70500_sqe.fw found) are left to it,
# which keeps make check fast; AFUC_CASES_ALL=1 runs them here too.
# Images come from
# $AFUC_FIRMWARE_DIR, ../shared/firmware/qcom and /usr/lib/firmware/qcom
# (the first of each name wins), plain or compressed; skipped without
# them. tests/firmware/cases-releases.sh (make bench) runs it on each
# release directory of $AFUC_FIRMWARE_DIRS.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

# IMAGE OPCODE REASON: a case the model cannot run to idle on that image
# yet, and what it lacks. Empty: every case of every image found runs.
gaps=''

# make check: one image of each layout opcodes.sh does not run (a660,
# with its own draw-state preset, and gen 8); AFUC_CASES_ALL=1 or
# AFUC_ALL_IMAGES=1 (make bench): every image found
if [ "${AFUC_CASES_ALL:-0}" = 0 ] && [ -z "${AFUC_ALL_IMAGES:-}" ]; then
	all_firmware 'a660_sqe.fw*' 'gen80000_sqe.fw*'
else
	all_firmware '*_sqe*.fw*' '*_pfp*.fw*'
fi
[ -n "$images" ] || skip_all "no vendor SQE or PFP firmware in $firmware_dirs"

# the paths of the images opcodes.sh runs the cases through
in_opcodes=" "
if [ "${AFUC_CASES_ALL:-0}" = 0 ]; then
	for name in $(sed -n 's/^check a[567]xx \([^ ,]*\).*/\1/p' "$SDK_ROOT/tests/firmware/opcodes.sh"); do
		path=$(find_firmware "$name") && in_opcodes="$in_opcodes$path "
	done
fi

mkcases=$SDK_BUILD/tests/firmware/mkcases
for gen in a5xx a6xx a7xx; do
	mkdir -p "$tmp/$gen"
	"$mkcases" "$gen" "$tmp/$gen" >"$tmp/$gen.list" ||
		{ echo "Bail out! mkcases $gen failed"; exit 1; }
done

# replay_ok: $out (a replay's TAP) ran its submission to idle
replay_ok() {
	[ "$status" -eq 0 ] && printf '%s\n' "$out" | grep -q '^ok 1 ' &&
		! printf '%s\n' "$out" | grep -q '^not ok'
}

for f in $images; do
	name=$(firmware_name "$f")
	case $in_opcodes in *" $f "*)
		skip 1 "$name: opcodes.sh runs every case through it"
		continue
		;;
	esac
	if ! unpack_firmware "$f"; then
		skip 1 "$name: cannot unpack $f"
		continue
	fi
	image=$tmp/$name
	case $name in
	*_pfp*)
		# the ME of the same release: beside the PFP, packed or not
		me=$(printf '%s\n' "$name" | sed 's/_pfp/_pm4/')
		me_path=
		for packed in "$(dirname "$f")/$me"*; do
			[ -f "$packed" ] && unpack_firmware "$packed" && me_path=$tmp/$me && break
		done
		[ -n "$me_path" ] || me_path=$(find_firmware "$me") || {
			skip 1 "$name: its ME $me is not found"
			continue
		}
		image=$image,$me_path
		;;
	esac
	gen=$("$SDK_BIN/afuc-objdump" --no-names "$tmp/$name" 2>/dev/null |
		sed -n 's/^\.gpu \(a[567]xx\)$/\1/p' | head -1)
	if [ -z "$gen" ]; then
		ok 1 "$name: afuc-objdump names its generation"
		continue
	fi
	total=0
	idle=0
	failed=
	while IFS='	' read -r opcode _ how why; do
		if [ "$how" = skip ]; then
			# mkcases' mark: the model lacks what the vendor path needs
			skip 1 "$name $opcode: $why"
			continue
		fi
		total=$((total + 1))
		run "$SDK_BIN/afuc-emu" --replay "$tmp/$gen/$opcode.rd" "$image"
		if replay_ok; then
			idle=$((idle + 1))
			continue
		fi
		gap=$(printf '%s\n' "$gaps" | awk -v i="$name" -v o="$opcode" \
			'$1 == i && $2 == o { $1 = $2 = ""; sub(/^ +/, ""); print; exit }')
		# the emulator's word that the image has no handler for it
		why=$(printf '%s\n' "$out" |
			sed -n "s/^# *after the firmware raised the CP's error ([^)]*): \(.*table entry is opcode 0's.*\)$/\1/p" |
			head -1)
		if [ -n "$gap" ]; then
			tap_run=$((tap_run + 1))
			echo "not ok $tap_run - $name $opcode runs to idle # TODO the model lacks $gap"
		elif [ -n "$why" ]; then
			skip 1 "$name $opcode: the image raises the CP's error: $why"
		else
			failed="$failed $opcode"
			diag "$name $opcode: $(printf '%s\n' "$out" | grep -A3 '^not ok' | head -4 | sed 's/^# //')"
		fi
	done <"$tmp/$gen.list"
	ok "$([ -z "$failed" ] && echo 0 || echo 1)" \
		"$name: $idle of $total $gen cases run to idle${failed:+ (not:$failed)}"
done
done_testing
