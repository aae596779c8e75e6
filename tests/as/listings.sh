# The four listings Mesa's afuc-disasm printed for the vendor images
# assemble with afuc-as, silently, into objects readelf reads cleanly.
# (tests/as/test-as checks their words against the images.)
. "$(dirname "$0")/../lib/tap.sh" || exit 1

dir="$SDK_ROOT/../shared/reference/disasm"
[ -d "$dir" ] || skip_all "no reference listings in $dir"
cd "$tmp" || exit 1

for name in a530_pfp a530_pm4 a630_sqe gen70500_sqe; do
	if [ ! -r "$dir/$name.s" ]; then
		skip 4 "$name.s is absent"
		continue
	fi
	run "$SDK_BIN/afuc-as" "$dir/$name.s" -o "$name.o"
	is "$status:$err" "0:" "$name.s assembles without a message"
	LC_ALL=C run readelf -a -W "$name.o"
	is "$status" 0 "readelf -a $name.o"
	is "$(printf '%s\n' "$out" "$err" | grep -ciE 'warning|error')" 0 "  prints no warning or error"
	# every packet label of the listing became a handler record
	labels=$(grep -cE '^(CP_[A-Z0-9_]+|PKT4|IN_[A-Z_]+|UNKN[0-9]+):' "$dir/$name.s")
	size=$(readelf -S -W "$name.o" | awk '{ for (i = 1; i < NF; i++) if ($i == ".afuc.handlers") print $(i + 4) }')
	records=$(( 0x${size:-0} / 8 ))
	is "$records" "$labels" "  $labels packet labels, as many handler records"
done

done_testing
