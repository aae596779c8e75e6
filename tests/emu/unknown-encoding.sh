# An encoding the ISA table does not know is reported as such, naming
# the part the image is for, wherever the emulator meets it: gen80100's
# and gen80200's BV reach 0xdc600000 (issue 26) on their first packet.
# The images are in newer firmware releases only: each one missing is a
# skip. (tests/emu/inputs.sh checks the message for an image of no
# known part, which names the generation alone.)
. "$(dirname "$0")/../lib/tap.sh" || exit 1

all_firmware 'gen80100_sqe*.fw*' 'gen80200_sqe*.fw*'
[ -n "$images" ] || skip_all "no gen80100 or gen80200 SQE image in $firmware_dirs"

for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f"; then
		skip 1 "$name: cannot unpack $f"
		continue
	fi
	part=${name%%_*}
	printf 'image %s\nrun\nexpect idle\npkt7 0x10\nrun\nexpect idle\n' \
		"$tmp/$name" >"$tmp/t.emu"
	run "$SDK_BIN/afuc-emu" "$tmp/t.emu"
	is "$status" 1 "$name: the first packet stops with an error"
	like "$out" "unknown encoding 0x[0-9a-f]+ for $part \\(A7XX\\): no instruction of the ISA table matches" \
		"$name: the error says the encoding is unknown, for $part"
done
done_testing
