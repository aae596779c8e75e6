# afuc-objdump reads back an image patched twice (afuc-ld --base on an
# image an earlier afuc-ld --base made), one image of each layout (every
# vendor image there is with AFUC_ALL_IMAGES=1: make bench,
# patched-twice-all.sh): the
# second link keeps the first one's names and code blocks (from the ELF
# or the map beside its base), so the listing, from the map or the ELF
# beside the result, has both patches' code as code under the objects'
# names, with no warning, and builds the same bytes again. On a bundle
# the second patch's BR code lies after the first's LPAC code (printed
# .text.append2). The map beside a once-patched image names its code as
# the ELF does.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

# single a5xx and a6xx, SQE + LPAC, a bundle, a gen 8 bundle
some_firmware "a5*_pfp.fw* a5*_pm4.fw* *_sqe.fw*" a530_pfp.fw a630_sqe.fw a660_sqe.fw \
	gen70500_sqe.fw gen80000_sqe.fw
[ -n "$images" ] || skip_all "no vendor firmware in $firmware_dirs"

for gen in a5xx a6xx a7xx; do
	# the first patch adds to the last processor too (LPAC; a section
	# named after a processor the image lacks goes to the first), so
	# that the second's BR code lies after it
	printf '.gpu %s\n.handler 0x7e\nfirst7e:\n\twaitin\n\tmov $01, $data\n.section LPAC\n.handler 0x7c\nlpac7c:\n\twaitin\n\tmov $01, $data\n' \
		$gen >"$tmp/one.s"
	cat >"$tmp/two.s" <<EOF2
.gpu $gen
.handler 0x7d
second7d:
	call #second_helper
	nop
	waitin
	mov \$01, \$data
second_helper:
	ret
	nop
EOF2
	"$SDK_BIN/afuc-as" "$tmp/one.s" -o "$tmp/one-$gen.o" &&
		"$SDK_BIN/afuc-as" "$tmp/two.s" -o "$tmp/two-$gen.o" ||
		bail_out "the $gen handlers do not assemble"
done

# listing NAME WHAT FILE: the listing of $tmp/$FILE.fw (with what is
# beside it) has no warning, names NAMES and builds the image again
listing() {
	run "$SDK_BIN/afuc-objdump" -o "$tmp/l.s" "$tmp/$3.fw"
	is "$status:$err" "0:" "$1: afuc-objdump $2, no warning"
	got=$(grep -A1 '^\.handler' "$tmp/l.s" | grep -c -e '^first7e:$' -e '^lpac7c:$' -e '^second7d:$')
	want=3
	[ "$3" = once ] && want=2
	is "$got" "$want" "$1: $2, every new handler is code under its object's name"
	"$SDK_BIN/afuc-as" "$tmp/l.s" -o "$tmp/l.o" 2>"$tmp/err" &&
		"$SDK_BIN/afuc-ld" "$tmp/l.o" -o "$tmp/l.fw" 2>>"$tmp/err" &&
		cmp -s "$tmp/l.fw" "$tmp/$3.fw"
	ok $? "$1: $2, the listing builds the image byte for byte" || diag "$(head -5 "$tmp/err")"
}

# keep FILE: FILE.elf and FILE.map set aside (FILE.elf.k, FILE.map.k);
# beside FILE EXT: only FILE.EXT of them beside FILE.fw
keep() { mv "$tmp/$1.elf" "$tmp/$1.elf.k" && mv "$tmp/$1.map" "$tmp/$1.map.k"; }
beside() { rm -f "$tmp/$1.elf" "$tmp/$1.map" && cp "$tmp/$1.$2.k" "$tmp/$1.$2"; }

for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f"; then
		skip 17 "$name: cannot unpack $f"
		continue
	fi
	case $name in a5*) gen=a5xx ;; a6* | a702*) gen=a6xx ;; *) gen=a7xx ;; esac
	run "$SDK_BIN/afuc-ld" --base "$tmp/$name" "$tmp/one-$gen.o" -o "$tmp/once.fw" \
		-Map "$tmp/once.map" --elf "$tmp/once.elf"
	if [ "$status" != 0 ] || ! keep once; then
		ok 1 "$name: afuc-ld --base"
		diag "$err"
		skip 16 "$name: not patched"
		continue
	fi
	beside once map
	listing "$name" "patched once, the map beside" once
	for from in elf map; do
		beside once $from
		run "$SDK_BIN/afuc-ld" --base "$tmp/once.fw" "$tmp/two-$gen.o" -o "$tmp/twice.fw" \
			-Map "$tmp/twice.map" --elf "$tmp/twice.elf"
		like "$status:$(grep -c 'base code: ' "$tmp/twice.map")" "^0:[1-9]" \
			"$name: patched again, the first patch's $from beside: its code kept as a block"
		keep twice
		for with in elf map; do
			beside twice $with
			listing "$name" "patched twice (the first's $from), the $with beside" twice
		done
	done
	rm -f "$tmp/$name" "$tmp"/once.* "$tmp"/twice.* "$tmp"/l.*
done
done_testing
