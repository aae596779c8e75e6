# afuc-emu --coverage-out at the edges of lcov's numbers: a count that
# would pass 2^64 - 1 when a run adds to it stays at 2^64 - 1 (never wraps
# to a small count); a count of 2^64 or a line of 2^32 in the tracefile
# is a located error that leaves the file as it was.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
emu="$SDK_BIN/afuc-emu"
sf=firmware/common/cp-handlers.S
src="$SDK_ROOT/$sf"
cp "$SDK_BUILD/firmware/a6xx/sqe.fw" "$SDK_BUILD/firmware/a6xx/sqe.elf" "$tmp/"
line=$(($(grep -n '^HANDLER(CP_MEM_WRITE)' "$src" | cut -d: -f1) + 1))
printf 'image sqe.fw\npkt7 CP_MEM_WRITE 0x1000 0 1\nrun\nexpect mem 0x1000 1\n' >"$tmp/a.emu"

(cd "$tmp" && "$emu" --coverage-out one.info a.emu) >/dev/null 2>&1
is "$(grep -c "^DA:$line,1\$" "$tmp/one.info")" 1 "one run: CP_MEM_WRITE's first line counts 1"
max=18446744073709551615
printf 'TN:\nSF:%s\nDA:%s,%s\nend_of_record\n' "$sf" "$line" "$max" >"$tmp/max.info"
(cd "$tmp" && "$emu" --coverage-out max.info a.emu) >/dev/null 2>"$tmp/err"
ok $? "a run adds to a tracefile holding 2^64 - 1" || diag "$(cat "$tmp/err")"
is "$(grep -c "^DA:$line,$max\$" "$tmp/max.info")" 1 "CP_MEM_WRITE's first line stays at 2^64 - 1"

# over-large numbers: file:line:column, what was found, the file untouched
check_refused() { # NAME TEXT PATTERN WHAT
	printf '%b' "$2" >"$tmp/$1.info"
	cp "$tmp/$1.info" "$tmp/$1.orig"
	(cd "$tmp" && "$emu" --coverage-out "$1.info" a.emu) >/dev/null 2>"$tmp/err"
	is "$?" 1 "$4: the run fails"
	like "$(cat "$tmp/err")" "$3" "$4: a located error"
	cmp -s "$tmp/$1.info" "$tmp/$1.orig"
	ok $? "$4: the tracefile is left as it was"
}
check_refused count "TN:\nSF:x.S\nDA:3,18446744073709551616\nend_of_record\n" \
	"count\.info:3:6: error: expected an execution count, found '18446744073709551616': too large" \
	"a count of 2^64"
check_refused line "TN:\nSF:x.S\nDA:4294967296,1\nend_of_record\n" \
	"line\.info:3:4: error: expected a line number .*, found '4294967296': too large" \
	"a line of 2^32"
done_testing
