# The output and input rules every tool shares (sdk/util/file.c):
# -o on a device, a FIFO, /dev/stdout or a symbolic link writes through it
# instead of renaming a file over it; write errors are reported; an
# existing file keeps its permissions; afuc-ld writes its outputs all or
# none; image inputs have a size limit, so /dev/zero fails at once.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

B=$SDK_BIN
FW=$SDK_BUILD/firmware/a6xx/sqe.fw
cd "$tmp" || exit 1

# A wrong input must end even if the limit regresses: time and (outside
# the sanitizer, which needs a large address space) memory are bounded.
bounded() {
	if grep -q fsanitize "$SDK_BUILD/flags.stamp" 2>/dev/null; then
		timeout 60 "$@"
	else
		(ulimit -v 1000000 && exec timeout 60 "$@")
	fi
}

is_char_dev() {
	[ -c "$1" ]
	ok $? "$2"
}

cat >h.s <<'SRC'
.gpu a6xx
.global CP_NOP
CP_NOP:
	nop
	waitin
	mov $01, $data
SRC
cat >s.hwsq <<'SRC'
entry 0
	wr32 0x1234, 0xcafe
	exit
SRC
run "$B/afuc-as" h.s -o h.o
ok $status "the object for afuc-ld"
run "$B/hwsq-as" --chip nv92 s.hwsq -o s.bin
ok $status "the image for hwsq-objdump"

# check_tool NAME FULL_MESSAGE COMMAND...: the command takes -o FILE last.
check_tool() {
	name=$1 full=$2
	shift 2
	"$@" -o "ref.$name" 2>/dev/null
	ok $? "$name: writes a regular file"

	run "$@" -o /dev/null
	ok $status "$name -o /dev/null: exit 0"
	is_char_dev /dev/null "$name -o /dev/null: /dev/null is still a device"

	run "$@" -o /dev/full
	is "$status" 1 "$name -o /dev/full: exit 1"
	is "$err" "$full" "$name -o /dev/full: says why"
	is_char_dev /dev/full "$name -o /dev/full: /dev/full is still a device"

	"$@" -o /dev/stdout >"stdout.$name" 2>/dev/null
	cmp -s "ref.$name" "stdout.$name"
	ok $? "$name -o /dev/stdout: the same bytes on standard output"

	mkdir -p "dir.$name"
	echo old >"dir.$name/target"
	ln -s "dir.$name/target" "link.$name"
	run "$@" -o "link.$name"
	ok $status "$name -o LINK: exit 0"
	[ -L "link.$name" ]
	ok $? "$name -o LINK: the link stays a link"
	cmp -s "ref.$name" "dir.$name/target"
	ok $? "$name -o LINK: its target gets the data"
	is "$(ls "dir.$name")" target "$name -o LINK: no temporary file beside the target"

	mkfifo "fifo.$name"
	timeout 60 cat "fifo.$name" >"fifo-out.$name" &
	reader=$!
	run timeout 60 "$@" -o "fifo.$name"
	ok $status "$name -o FIFO: exit 0"
	wait "$reader"
	[ -p "fifo.$name" ]
	ok $? "$name -o FIFO: the FIFO stays a FIFO"
	cmp -s "ref.$name" "fifo-out.$name"
	ok $? "$name -o FIFO: its reader gets the data"

	echo old >"mode.$name"
	chmod 640 "mode.$name"
	run "$@" -o "mode.$name"
	is "$(stat -c %a "mode.$name")" 640 "$name -o FILE: keeps the file's permissions"
}

nospc="No space left on device"
check_tool afuc-objdump "/dev/full: error: cannot write: $nospc" "$B/afuc-objdump" "$FW"
check_tool afuc-as "/dev/full: error: cannot write object: $nospc" "$B/afuc-as" h.s
check_tool afuc-ld "/dev/full: error: cannot write: $nospc" "$B/afuc-ld" h.o
check_tool hwsq-as "/dev/full: error: cannot write: $nospc" "$B/hwsq-as" --chip nv92 s.hwsq
check_tool hwsq-objdump "/dev/full: error: cannot write: $nospc" \
	"$B/hwsq-objdump" --chip nv92 s.bin
check_tool rnn-headergen "/dev/full: error: cannot write: $nospc" "$B/rnn-headergen" pm4.h

# ---- afuc-ld: every output or none ------------------------------------------
mkdir ld && cd ld || exit 1
echo "old image" >a.fw
echo "old map" >a.map
cp a.fw a.fw.before
cp a.map a.map.before
run "$B/afuc-ld" ../h.o -o a.fw -Map a.map --elf nodir/a.elf
is "$status" 1 "afuc-ld with an unwritable --elf: exit 1"
is "$err" "afuc-ld: nodir/a.elf: error: cannot write the --elf file: 'nodir' does not exist" "and says why, before any work"
cmp -s a.fw a.fw.before
ok $? "the existing image is byte-identical"
cmp -s a.map a.map.before
ok $? "the existing map is byte-identical"
is "$(ls)" "$(printf 'a.fw\na.fw.before\na.map\na.map.before')" "no temporary file left"

run "$B/afuc-ld" ../h.o -o a.fw -Map a.map --elf /dev/full
is "$status" 1 "afuc-ld with --elf /dev/full: exit 1"
is "$err" "/dev/full: error: cannot write: No space left on device" "and says why"
cmp -s a.fw a.fw.before && cmp -s a.map a.map.before
ok $? "the image and map are not replaced"
is "$(ls)" "$(printf 'a.fw\na.fw.before\na.map\na.map.before')" "no temporary file left"

run "$B/afuc-ld" ../h.o -o a.fw -Map a.map --elf a.elf
ok $status "all three writable: exit 0"
cmp -s ../ref.afuc-ld a.fw
ok $? "the image is replaced"
[ -s a.elf ] && ! cmp -s a.map a.map.before
ok $? "the map and ELF are written"
cd .. || exit 1

# ---- input size limits ------------------------------------------------------
limit="larger than 4194308 bytes, the most the emulator loads (word 0 and 1048576 instructions): not a firmware image"
run bounded "$B/afuc-objdump" /dev/zero
is "$status" 1 "afuc-objdump /dev/zero: exit 1"
is "$err" "/dev/zero: error: $limit" "naming the limit"

run bounded "$B/afuc-ld" --base /dev/zero h.o -o z.fw
is "$status" 1 "afuc-ld --base /dev/zero: exit 1"
is "$err" "/dev/zero: error: $limit" "naming the limit"
[ ! -e z.fw ]
ok $? "and writes nothing"

head -c 4194312 /dev/zero >big.fw
run bounded "$B/afuc-objdump" big.fw
is "$err" "big.fw: error: $limit" "a regular file one word over the limit"

run bounded "$B/afuc-ld" -T /dev/zero h.o -o z.fw
is "$status" 1 "afuc-ld -T /dev/zero: exit 1"
is "$err" "/dev/zero: error: larger than 16777216 bytes: not a linker script" "naming the limit"

done_testing
