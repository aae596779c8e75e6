# TAP for shell tests. Source it (below), then:
#
#   plan 3                        (or done_testing at the end)
#   run "$SDK_BIN/afuc-as" x.s    runs a command: $out, $err, $status
#   ok $status "assembles"        passes when the first argument is 0
#   is "$out" "expected" "name"   compares two strings, shows both on failure
#   like "$err" 'pattern' "name"  passes when the text matches a grep -E pattern
#   skip_all "reason"             the whole file is a skip
#   diag "text"
#
# A test sources it relative to itself, so that it runs by hand from any
# directory (bash tests/util/outputs.sh, or tests/run-test FILE) and stops
# at once when it cannot:
#
#   . "$(dirname "$0")/../lib/tap.sh" || exit 1
#
# $tmp is a scratch directory, removed at exit: every file a test writes
# goes there. Tests run from the project root (this file goes there), with
# SDK_ROOT found from where this file is, SDK_BUILD (ROOT/build) and
# SDK_BIN (BUILD/bin) unless set (make check sets all three).

if [ -z "${SDK_ROOT:-}" ]; then
	tap_lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) || exit 1
	SDK_ROOT=${tap_lib%/tests/lib}
fi
: "${SDK_BUILD:=$SDK_ROOT/build}"
: "${SDK_BIN:=$SDK_BUILD/bin}"
export SDK_ROOT SDK_BUILD SDK_BIN
tap_run=0
tap_failed=0
tap_planned=

if [ ! -d "$SDK_BIN" ]; then
	echo "Bail out! no build in $SDK_BUILD: run make first (or set SDK_BUILD)"
	exit 1
fi
cd "$SDK_ROOT" || exit 1
if [ -n "${SDK_TEST_SCRATCH:-}" ] && [ "$SDK_TEST_SCRATCH" = "${TMPDIR:-}" ] &&
	[ -d "$SDK_TEST_SCRATCH" ]; then
	# tests/run-test's scratch directory, of this test alone and removed
	# by it (two processes fewer a test); a test this one starts gets
	# one of its own
	tmp=$SDK_TEST_SCRATCH
else
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/sdk-test.XXXXXX") || {
		echo "Bail out! cannot make a scratch directory"
		exit 1
	}
	trap 'rm -rf "$tmp"' EXIT
fi
unset SDK_TEST_SCRATCH

plan() {
	tap_planned=$1
	echo "1..$1"
}

skip_all() {
	if required_firmware_missing; then
		echo "1..1"
		echo "not ok 1 - $*"
		diag "AFUC_REQUIRE_FIRMWARE=1: a missing vendor image fails the test"
		exit 1
	fi
	echo "1..0 # SKIP $*"
	exit 0
}

diag() {
	# as printf '%s\n' "$@" | sed 's/^/# /', in the shell itself (no
	# process per call: some tests print a diagnostic per case)
	for tap_line in "$@"; do
		printf '# %s\n' "${tap_line//$'\n'/$'\n'# }"
	done
}

ok() {
	tap_status=$1
	shift
	tap_run=$((tap_run + 1))
	if [ "$tap_status" -eq 0 ]; then
		echo "ok $tap_run - $*"
		return 0
	fi
	tap_failed=$((tap_failed + 1))
	echo "not ok $tap_run - $*"
	echo "#   Failed test '$*'"
	# Name the test file's line, not a line of this helper.
	tap_i=1
	while [ "${BASH_SOURCE[$tap_i]:-}" = "${BASH_SOURCE[0]}" ]; do
		tap_i=$((tap_i + 1))
	done
	echo "#   at ${BASH_SOURCE[$tap_i]:-$0} line ${BASH_LINENO[$((tap_i - 1))]:-?}."
	return 1
}

is() {
	if [ "$1" = "$2" ]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diag "         got:" "$1" "    expected:" "$2"
		return 1
	fi
}

# tap_match TEXT ERE: whether a line of TEXT matches ERE, as
# printf '%s\n' TEXT | grep -Eq -- ERE says; a short TEXT and a one-line
# ERE are matched by the shell itself, line by line (no process: there
# are many checks), the rest by grep.
tap_match() {
	if [ ${#1} -gt 4096 ] || [[ $2 == *$'\n'* || -z $2 ]]; then
		printf '%s\n' "$1" | grep -Eq -- "$2"
		return
	fi
	tap_text=$1$'\n'
	while [ -n "$tap_text" ]; do
		tap_line=${tap_text%%$'\n'*}
		tap_text=${tap_text#*$'\n'}
		[[ $tap_line =~ $2 ]]
		case $? in 0) return 0 ;; 2) return 2 ;; esac
	done
	return 1
}

like() {
	if tap_match "$1" "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diag "         got:" "$1" "    does not match: $2"
		return 1
	fi
}

unlike() {
	if tap_match "$1" "$2"; then
		ok 1 "$3"
		diag "         got:" "$1" "    matches, and should not: $2"
		return 1
	else
		ok 0 "$3"
	fi
}

skip() {
	tap_count=$1
	shift
	while [ "$tap_count" -gt 0 ]; do
		if required_firmware_missing; then
			ok 1 "$* (AFUC_REQUIRE_FIRMWARE=1: a missing vendor image fails)"
		else
			tap_run=$((tap_run + 1))
			echo "ok $tap_run # skip $*"
		fi
		tap_count=$((tap_count - 1))
	done
}

# run CMD ARGS...: captures standard output in $out, standard error in
# $err and the exit status in $status; never fails the script.
run() {
	"$@" >"$tmp/.out" 2>"$tmp/.err"
	status=$?
	# $(<FILE) reads without a process, so the many runs stay cheap
	out=$(<"$tmp/.out")
	err=$(<"$tmp/.err")
	return 0
}

# find_firmware NAME: prints the path of a vendor image, looking in
# $AFUC_FIRMWARE_DIR, ../shared/firmware/qcom beside the project and
# /usr/lib/firmware/qcom (the search of sdk/util/firmware.c) for NAME,
# NAME.xz and NAME.zst; a compressed one is unpacked into $tmp/NAME, whose
# path it prints, so every caller gets the image's bytes. Fails (printing
# nothing) when it is nowhere. With AFUC_REQUIRE_FIRMWARE=1 (CI that must
# run them) a missing image also makes every later skip, and done_testing,
# fail. It runs in $(...), so it leaves the mark in a file.
find_firmware() {
	for dir in ${AFUC_FIRMWARE_DIR:+"$AFUC_FIRMWARE_DIR"} \
		"$SDK_ROOT/../shared/firmware/qcom" /usr/lib/firmware/qcom; do
		if [ -r "$dir/$1" ]; then
			printf '%s\n' "$dir/$1"
			return 0
		fi
		for packed in "$dir/$1.xz" "$dir/$1.zst"; do
			if [ -r "$packed" ] && unpack_firmware "$packed"; then
				printf '%s\n' "$tmp/$1"
				return 0
			fi
		done
	done
	if [ "${AFUC_REQUIRE_FIRMWARE:-0}" != 0 ]; then
		printf '%s\n' "$1" >>"$tmp/.missing-firmware"
	fi
	return 1
}

# all_firmware PATTERN...: every vendor image matching a shell pattern
# ("*_sqe*.fw*") in the same directories, the first of each name (less
# .xz/.zst) winning, in $images (space-separated paths); $firmware_dirs
# says where it looked.
all_firmware() {
	firmware_dirs="${AFUC_FIRMWARE_DIR:+$AFUC_FIRMWARE_DIR }$SDK_ROOT/../shared/firmware/qcom /usr/lib/firmware/qcom"
	images=
	all_seen=" "
	for all_dir in $firmware_dirs; do
		[ -d "$all_dir" ] || continue
		for all_pattern in "$@"; do
			for all_f in "$all_dir"/$all_pattern; do
				[ -f "$all_f" ] || continue
				all_name=$(firmware_name "$all_f")
				case $all_seen in *" $all_name "*) continue ;; esac
				all_seen="$all_seen$all_name "
				images="$images $all_f"
			done
		done
	done
}

# some_firmware 'PATTERN...' NAME...: make check's images, one of each
# layout (NAME..., as all_firmware finds them), or with AFUC_ALL_IMAGES=1
# (make bench's *-all.sh wrappers) every image matching a PATTERN;
# $images and $firmware_dirs as all_firmware sets them.
some_firmware() {
	if [ -n "${AFUC_ALL_IMAGES:-}" ]; then
		# the patterns split at blanks, unexpanded here
		set -f
		# shellcheck disable=SC2086
		set -- $1
		set +f
	else
		shift
	fi
	all_firmware "$@"
}

# firmware_name FILE: its name without the directory and .xz or .zst
firmware_name() {
	all_name=$(basename "$1")
	all_name=${all_name%.xz}
	printf '%s\n' "${all_name%.zst}"
}

# unpack_firmware FILE: the image's bytes in $tmp/NAME (firmware_name),
# decompressed with xz or zstd when needed; fails when it cannot.
unpack_firmware() {
	case $1 in
	*.xz) command -v xz >/dev/null && xz -dc "$1" >"$tmp/$(firmware_name "$1")" ;;
	*.zst) command -v zstd >/dev/null && zstd -qdc "$1" >"$tmp/$(firmware_name "$1")" ;;
	*) cp "$1" "$tmp/$(firmware_name "$1")" ;;
	esac
}

required_firmware_missing() {
	[ -s "$tmp/.missing-firmware" ]
}

done_testing() {
	if required_firmware_missing; then
		diag "AFUC_REQUIRE_FIRMWARE=1 and vendor images not found:" \
			"$(cat "$tmp/.missing-firmware")"
		tap_failed=$((tap_failed + 1))
	fi
	if [ -z "$tap_planned" ]; then
		echo "1..$tap_run"
	elif [ "$tap_planned" -ne "$tap_run" ]; then
		diag "planned $tap_planned tests but ran $tap_run"
		exit 1
	fi
	[ "$tap_failed" -eq 0 ]
	exit $?
}
