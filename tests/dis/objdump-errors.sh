# afuc-objdump on bad input and bad usage: a clear error naming the file,
# exit status 1 (2 for usage), nothing on standard output and no -o file.
# A well-formed file whose layout is not understood is no error: one
# warning names what was not understood, and the listing of raw words
# rebuilds the same bytes.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
objdump="$SDK_BIN/afuc-objdump"

# A tiny valid a6xx image: zero word, id, table offset 2, the table (all
# entries 0): 131 words.
good() {
	printf '\000\000\000\000\007\342\156\001\002\000\000\001'
	head -c 512 /dev/zero
}
good >"$tmp/good.fw"
run "$objdump" --no-names "$tmp/good.fw"
is "$status" 0 "a minimal image disassembles"
like "$out" '^\[#jumptbl\]$' "its header word 1 is the table"

# broken NAME MESSAGE-PATTERN: the file $tmp/NAME must fail cleanly.
broken() {
	run "$objdump" --no-names "$tmp/$1"
	is "$status" 1 "$1: exit status 1"
	like "$err" "$2" "$1: the error says why"
	is "$out" "" "$1: nothing on standard output"
	run "$objdump" --no-names -o "$tmp/$1.s" "$tmp/$1"
	ok $([ ! -e "$tmp/$1.s" ]; echo $?) "$1: no -o file"
}

head -c 523 "$tmp/good.fw" >"$tmp/odd.fw"
broken odd.fw "odd\.fw: error: 523 bytes is not a whole number of 32-bit words"
# raw NAME MESSAGE-PATTERN [OPTIONS]: $tmp/NAME gets a warning and a
# listing that afuc-as and afuc-ld turn back into the same bytes.
raw() {
	name=$1 pattern=$2
	shift 2
	run "$objdump" --no-names "$@" -o "$tmp/$name.s" "$tmp/$name"
	is "$status" 0 "$name: exit status 0"
	like "$err" "$pattern" "$name: one warning says what was not understood"
	is "$(printf '%s\n' "$err" | wc -l)" 1 "$name: only one"
	"$SDK_BIN/afuc-as" "$tmp/$name.s" -o "$tmp/$name.o" &&
		"$SDK_BIN/afuc-ld" "$tmp/$name.o" -o "$tmp/$name.out" &&
		cmp -s "$tmp/$name.out" "$tmp/$name"
	ok $? "$name: the raw listing rebuilds the same bytes"
}

head -c 8 "$tmp/good.fw" >"$tmp/small.fw"
broken small.fw "small\.fw: error: 8 bytes is too small for a firmware image"
head -c 400 "$tmp/good.fw" >"$tmp/cut.fw"
broken cut.fw "cut\.fw: error: truncated: the image ends at file word 0x63; its header says 0x82$"
{ printf '\000\000\000\000\007\342\156\001\000\001\000\001'; head -c 512 /dev/zero; } >"$tmp/far.fw"
broken far.fw "far\.fw: error: truncated: the image ends at file word 0x82; its header says 0x180$"
# Every layout cut one word short: a vendor image of each when there is one.
for name in a530_pfp.fw a630_sqe.fw a660_sqe.fw gen70500_sqe.fw gen80000_sqe.fw gen80000_aqe.fw; do
	if ! f=$(find_firmware "$name"); then
		skip 4 "$name not found"
		continue
	fi
	bytes=$(wc -c <"$f")
	head -c $((bytes - 4)) "$f" >"$tmp/short-$name"
	broken "short-$name" "short-$name: error: truncated: the image ends at file word $(printf 0x%x $((bytes / 4 - 2))); its header says $(printf 0x%x $((bytes / 4 - 1)))\$"
done
{ printf '\000\000\000\000\007\342\156\002\002\000\000\001'; head -c 512 /dev/zero; } >"$tmp/id.fw"
broken id.fw "id\.fw: error: cannot tell the GPU generation: word 0 \(the firmware id\) is 0x026ee207, which is no NOP"
: >"$tmp/empty.fw"
broken empty.fw "empty\.fw: error: 0 bytes is too small"
broken missing.fw "missing\.fw: error: cannot read: No such file or directory"
printf 'not an ELF file' >"$tmp/bad.o"
run "$objdump" -d --no-names "$tmp/bad.o"
is "$status" 1 "-d on a non-object: exit status 1"
like "$err" "bad\.o" "-d on a non-object: the error names the file"
is "$out" "" "-d on a non-object: nothing on standard output"

# The ELF afuc-ld --elf wrote beside an image gives its generation (the
# objects' .gpu) over what the structure suggests: an a660-style a6xx
# image (an id no table knows) whose SQE table points past the end reads
# as an a7xx AQE (its size word fits), but its ELF says a6xx.
{
	printf '.gpu a6xx\n[016f2001]\n[#__image_size]\n[016f3001]\nmov $12, #jumptbl\n'
	printf 'mov $13, #lpac_start\nwaitin\nmov $01, $data\n.align 32\njumptbl:\n'
	i=0
	while [ $i -lt 128 ]; do
		printf '[00000500]\n'
		i=$((i + 1))
	done
	printf 'lpac_start:\n.section LPAC\n[016f4001]\nmov $12, #jumptbl\nwaitin\n'
	printf 'mov $01, $data\n.align 32\njumptbl:\n.jumptbl\n'
} >"$tmp/g6.s"
"$SDK_BIN/afuc-as" "$tmp/g6.s" -o "$tmp/g6.o" &&
	"$SDK_BIN/afuc-ld" "$tmp/g6.o" -o "$tmp/g6.fw" --elf "$tmp/g6.elf"
ok $? "an ambiguous a6xx image links"
mv "$tmp/g6.elf" "$tmp/g6.elf.away"
gpu_line() {
	run "$objdump" --no-names "$@" "$tmp/g6.fw"
	printf '%s %s\n' "$status" "$(printf '%s\n' "$out" | grep '^\.gpu')"
}
is "$(gpu_line)" "0 .gpu a7xx" "without its ELF, the structure says a7xx (an AQE)"
mv "$tmp/g6.elf.away" "$tmp/g6.elf"
is "$(gpu_line)" "0 .gpu a6xx" "with its ELF beside, the ELF's a6xx wins"
is "$(gpu_line --gpu a7xx)" "0 .gpu a7xx" "and --gpu wins over the ELF"

# A word control flow reaches that no a7xx instruction has is said to be
# an unknown encoding (and stays a raw word); `call $03` (gen 8's
# 0xdc600000) is known.
printf '.gpu a7xx\n[01f01001]\n[#__image_size]\n[01f01002]\n[#jumptbl]\n[a0528000]\ncall $03\nnop\nwaitin\nmov $01, $data\n.align 32\njumptbl:\n.jumptbl\n' >"$tmp/u7.s"
"$SDK_BIN/afuc-as" "$tmp/u7.s" -o "$tmp/u7.o" && "$SDK_BIN/afuc-ld" "$tmp/u7.o" -o "$tmp/u7.fw"
run "$objdump" --no-names "$tmp/u7.fw"
like "$out" "\[a0528000\]	; unknown encoding for a7xx: 0xa0528000 matches no instruction of the a7xx ISA table
call \\\$03" "a reached unknown word says so; call \$03 decodes"

run "$objdump" --version
is "$status" 0 "--version"
like "$out" '^afuc-objdump \(afuc SDK\) [0-9]' "--version prints the version"

# usage errors
run "$objdump"
is "$status" 2 "no input: usage error"
like "$err" "^usage: afuc-objdump" "no input: the usage is printed"
run "$objdump" --gpu a8xx "$tmp/good.fw"
is "$status" 2 "--gpu a8xx: usage error"
like "$err" "--gpu takes a5xx, a6xx or a7xx \(or a part: .*\), not 'a8xx'" "--gpu a8xx: says what it takes"
run "$objdump" --no-names --gpu a702 "$tmp/good.fw"
is "$status" 0 "--gpu takes a part name: a702, an a6xx"
like "$out" '^\.gpu a6xx$' "and reads the image as a6xx"
run "$objdump" --frobnicate "$tmp/good.fw"
is "$status" 2 "an unknown option: usage error"
run "$objdump" --rnndb "$tmp/nowhere" "$tmp/good.fw"
is "$status" 1 "--rnndb to a missing tree: exit status 1"
is "$out" "" "--rnndb to a missing tree: nothing on standard output"

# --gpu overrides the firmware id; an a5xx reading of an a6xx image
# finds no a5xx NOP in the table word, so it is raw words.
cp "$tmp/good.fw" "$tmp/a6-as-a5.fw"
raw a6-as-a5.fw "PFP/ME: header word 1 \(file word 2\) is 0x01000002, not the NOP" --gpu a5xx
done_testing
