# The round trip over vendor images: afuc-objdump's listing,
# assembled by afuc-as and linked by afuc-ld with the default script, gives
# back the image byte for byte. Images come from $AFUC_FIRMWARE_DIR,
# ../shared/firmware/qcom and /usr/lib/firmware/qcom (afuc ones only:
# a5xx PFP/PM4, every SQE and AQE; the first of each name wins), plain or
# compressed with xz or zstd when those tools are there. make check
# takes one image of each layout; AFUC_ALL_IMAGES=1 (make bench:
# roundtrip-all.sh) every image there is.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

# single a5xx and a6xx, SQE + LPAC, a bundle, a gen 8 bundle (it reads
# through A7XX_GEN3's map), an AQE
some_firmware "a5*_pfp.fw* a5*_pm4.fw* *_sqe.fw* *_aqe.fw*" a530_pfp.fw a630_sqe.fw \
	a660_sqe.fw gen70500_sqe.fw gen80000_sqe.fw gen80000_aqe.fw
[ -n "$images" ] || skip_all "no vendor firmware in $firmware_dirs"

for f in $images; do
	name=$(firmware_name "$f")
	base=$tmp/${name%.fw}
	if ! unpack_firmware "$f"; then
		skip 7 "$name: cannot unpack $f"
		continue
	fi
	run "$SDK_BIN/afuc-objdump" -o "$base.s" "$tmp/$name"
	is "$status" 0 "$name: afuc-objdump" || diag "$err"
	run "$SDK_BIN/afuc-as" "$base.s" -o "$base.o"
	is "$status" 0 "$name: afuc-as" || diag "$err"
	run "$SDK_BIN/afuc-ld" "$base.o" -o "$base.out"
	is "$status" 0 "$name: afuc-ld" || diag "$err"
	if cmp "$base.out" "$tmp/$name" >"$tmp/cmp" 2>&1; then
		ok 0 "$name: the rebuilt image is byte-identical ($(wc -c <"$tmp/$name") bytes)"
	else
		ok 1 "$name: the rebuilt image is byte-identical"
		diag "$(cat "$tmp/cmp")"
	fi
	# -d on the object gives a listing that builds the same image again.
	if "$SDK_BIN/afuc-objdump" -d -o "$base.d.s" "$base.o" 2>"$tmp/err" &&
		"$SDK_BIN/afuc-as" "$base.d.s" -o "$base.d.o" 2>"$tmp/err" &&
		"$SDK_BIN/afuc-ld" "$base.d.o" -o "$base.d.out" 2>"$tmp/err" &&
		cmp -s "$base.d.out" "$tmp/$name"; then
		ok 0 "$name: afuc-objdump -d of the object rebuilds it too"
	else
		ok 1 "$name: afuc-objdump -d of the object rebuilds it too"
		diag "$(head -5 "$tmp/err")"
	fi
	# --no-names prints numbers, but finds the same addresses (label
	# references: the same count of '#').
	# (The exit status is part of each comparison: a failing afuc-objdump
	# prints nothing, and nothing equals nothing.)
	run "$SDK_BIN/afuc-objdump" --no-names "$tmp/$name"
	is "$status $(printf '%s\n' "$out" | grep -o '#' | wc -l)" "0 $(grep -o '#' "$base.s" | wc -l)" \
		"$name: --no-names has as many label references"
	# --addresses only adds a comment to each line.
	run "$SDK_BIN/afuc-objdump" --addresses "$tmp/$name"
	stripped=$(printf '%s\n' "$out" | sed -e 's/\t; 0x[0-9a-f]*: [0-9a-f]*$//' \
		-e 's/\t; 0x[0-9a-f]*-0x[0-9a-f]*$//')
	is "$status $stripped" "0 $(cat "$base.s")" "$name: --addresses adds comments and nothing else"
	# a750 and gen 8 read GPU registers through A7XX_GEN3's map: the
	# listing names their control registers from it, and says so.
	case $name in gen709*_sqe.fw | gen80*_sqe.fw)
		grep -q '^\.control A7XX_GEN3$' "$base.s" && grep -q '\[\$00 + @REG_READ_ADDR\]$' "$base.s"
		ok $? "$name: control registers named from A7XX_GEN3 (.control, @REG_READ_ADDR)"
		;;
	esac
	rm -f "$tmp/$name" "$base".*
done
done_testing
