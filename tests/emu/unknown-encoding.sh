# An encoding the ISA table does not know is reported as such, naming
# the part the image is for, wherever the emulator meets it (issue 26):
# a vendor image with one word of its bootstrap made an encoding no
# generation has. gen80100's and gen80200's BV dispatch a packet with
# `call $reg` (0xdc600000, which the table now knows): their first packet
# runs to idle. The images are in newer firmware releases only: each
# one missing is a skip. (tests/emu/inputs.sh checks the message for an
# image of no known part, which names the generation alone.)
. "$(dirname "$0")/../lib/tap.sh" || exit 1

all_firmware 'a630_sqe*.fw*' 'gen70500_sqe*.fw*' 'gen80100_sqe*.fw*' 'gen80200_sqe*.fw*'
[ -n "$images" ] || skip_all "no a630, gen70500, gen80100 or gen80200 SQE image in $firmware_dirs"

for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f"; then
		skip 1 "$name: cannot unpack $f"
		continue
	fi
	part=${name%%_*}
	case $part in
	gen80100 | gen80200)
		printf 'image %s\nrun\nexpect idle\npkt7 0x10\nrun\nexpect idle\n' \
			"$tmp/$name" >"$tmp/t.emu"
		run "$SDK_BIN/afuc-emu" "$tmp/t.emu"
		is "$status:$(printf '%s\n' "$out" | grep -c '^ok')" "0:2" \
			"$name: boots, and BV's call \$reg dispatch runs the first packet to idle"
		continue
		;;
	esac
	# file word 3 is in the bootstrap of every SQE image: all ones
	# matches no instruction of any generation
	cp "$tmp/$name" "$tmp/bad.fw"
	printf '\377\377\377\377' | dd of="$tmp/bad.fw" bs=1 seek=12 conv=notrunc 2>/dev/null
	printf 'image %s\nrun\nexpect idle\n' "$tmp/bad.fw" >"$tmp/t.emu"
	run "$SDK_BIN/afuc-emu" "$tmp/t.emu"
	is "$status" 1 "$name with an unknown word in its bootstrap: the boot stops with an error"
	like "$out" "unknown encoding 0xffffffff for $part \\(A[67]XX\\): no instruction of the ISA table matches" \
		"$name: the error says the encoding is unknown, for $part"
done
done_testing
