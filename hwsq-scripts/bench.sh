# The HWSQ size report (make bench): for each script and family, the
# bytes hwsq-as produces against a simple greedy encoder given the same
# writes (nouveau's hwsq_wr32: short forms when the previous write's high
# half matches; each delay as exact largest-first waits) and against a
# naive one (every write a full data and a full addr), and the delays
# asked against those encoded. Fails if the compiler is ever larger than
# the greedy encoding or waits less than asked.
: "${SDK_ROOT:=$(pwd)}"
: "${SDK_BIN:=$SDK_ROOT/build/bin}"
set -e

row() {
	label=$1
	shift
	line=$("$SDK_BIN/hwsq-as" --stats "$@")
	# stats: source=... chip=... bytes=N greedy=N ...: into shell variables
	eval "$(printf '%s\n' "$line" | sed 's/^stats: //' | tr ' ' '\n' | grep -v '^source=')"
	asked_us=$(( (asked_ns + 999) / 1000 ))
	printf '%-30s %-5s %5d %6d %5d %5d %4d %9d %9d %9d\n' "$label" "$chip" "$bytes" "$greedy" \
		"$naive" "$ram" "$free" "$asked_us" "$encoded_us" "$greedy_us"
	total_bytes=$((total_bytes + bytes))
	total_greedy=$((total_greedy + greedy))
	total_asked=$((total_asked + asked_us))
	total_encoded=$((total_encoded + encoded_us))
	if [ "$bytes" -gt "$greedy" ] || [ "$encoded_us" -lt "$asked_us" ]; then
		echo "FAIL: $label on $chip: larger than greedy or shorter than asked" >&2
		failed=1
	fi
}

total_bytes=0 total_greedy=0 total_asked=0 total_encoded=0 failed=0
echo "HWSQ scripts: bytes of code (with the final exit) and delays in microseconds"
printf '%-30s %-5s %5s %6s %5s %5s %4s %9s %9s %9s\n' script chip bytes greedy naive ram free \
	"asked us" "encoded" "greedy"
S=$SDK_ROOT/hwsq-scripts
for chip in nv50 nv92; do
	row "gddr3-reclock" --chip $chip -I "$SDK_BUILD/hwsq" "$S/gddr3-reclock.hwsq"
	row "ddr2-reclock" --chip $chip -I "$SDK_BUILD/hwsq" "$S/ddr2-reclock.hwsq"
	row "nv50-clk" --chip $chip -I "$SDK_BUILD/hwsq" "$S/nv50-clk.hwsq"
done
row "gddr3-reclock (gt200)" --chip nv92 -I "$SDK_BUILD/hwsq" -D BOARD='"boards/gt200-gddr3.h"' "$S/gddr3-reclock.hwsq"
row "nv50-clk (g98)" --chip nv92 -I "$SDK_BUILD/hwsq" -D BOARD='"boards/g98-clk.h"' "$S/nv50-clk.hwsq"
for chip in nv41 nv50 nv92; do
	row "engine-pll" --chip $chip "$S/engine-pll.hwsq"
done
row "gpio-vid" --chip nv17 "$S/gpio-vid.hwsq"
printf '%-36s %5d %6d %28d %9d\n' "total" "$total_bytes" "$total_greedy" "$total_asked" \
	"$total_encoded"
echo "saved against greedy: $((total_greedy - total_bytes)) bytes;" \
	"delays encoded $((total_encoded - total_asked)) us longer than asked (never shorter)"
exit $failed
