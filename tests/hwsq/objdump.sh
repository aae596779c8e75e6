# hwsq-objdump: what it prints, and that hwsq-as turns its output back
# into the same bytes, for hand-made and random images on every family.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

AS=$SDK_BIN/hwsq-as
DB=$SDK_ROOT/tests/hwsq/rnndb
DUMP=dump
dump() {
	"$SDK_BIN/hwsq-objdump" --rnndb "$DB" "$@"
}

ram_size() {
	case $1 in nv17) echo 64 ;; nv41) echo 128 ;; nv50) echo 256 ;; nv92) echo 512 ;; esac
}

# random SEEDS COUNT FILE: for each of the SEEDS (a space-separated
# list), COUNT pseudo-random bytes (the same for a seed) in FILE-SEED.bin
# (one process for them all).
random() {
	LC_ALL=C awk -v seeds="$1" -v n="$2" -v file="$3" 'BEGIN {
		split(seeds, s, " ")
		for (k = 1; k in s; k++) {
			srand(s[k] + 0); f = file "-" s[k] ".bin"
			for (i = 0; i < n; i++) printf "%c", int(rand() * 256) >f
			close(f)
		}
	}'
}

# roundtrip CHIP IMAGE [OBJDUMP OPTIONS]: objdump, then hwsq-as, then cmp.
roundtrip() {
	chip=$1 image=$2
	shift 2
	"$DUMP" --chip "$chip" "$@" "$image" >"$tmp/rt.s" 2>"$tmp/rt.err" &&
		"$AS" --chip "$chip" --rnndb "$DB" "$tmp/rt.s" -o "$tmp/rt.bin" 2>>"$tmp/rt.err" &&
		cmp -s "$image" "$tmp/rt.bin"
}

# ---- a script with every statement, on every family -------------------------
cat >"$tmp/all.hwsq" <<'EOF'
entry 0
	set1 3
	unset 0x1f
	set0 0
	nop
	wait 0x3 shl 0x1e
	delay 8us
#ifndef HWSQ_CHIP_NV17
	wr32 0x1002d4, 1
	wr32 0x1002d0, 0x10001
	addr 0x1234
	ewait 0x4 0x1
	.byte 0x5f, 0x22, 0x03
#endif
	.byte 0x41, 0xe3
	exit
entry 2
	flag 16 on
	exit
EOF
for chip in nv17 nv41 nv50 nv92; do
	run "$AS" --chip $chip --rnndb "$DB" "$tmp/all.hwsq" -o "$tmp/all-$chip.bin"
	ok $status "$chip: the sample script compiles"
	ok $(roundtrip $chip "$tmp/all-$chip.bin" -e 0=0 -e 2=$(case $chip in nv17) echo 0x9 ;; *) echo 0x26 ;; esac)
	     echo $?) "$chip: objdump then hwsq-as gives the same bytes"
done

"$DUMP" --chip nv50 -e 0=0 -e 2=0x26 "$tmp/all-nv50.bin" >"$tmp/all.s"
out=$(cat "$tmp/all.s")
like "$out" '^entry0:$' "entry points get labels"
like "$out" '^	entry 2$' "and entry statements"
like "$out" 'wait 0x3 shl 0x1e +; 004: 3f  3221225472 us' "a wait: shift premultiplied, its time"
like "$out" 'addrlo 0x2d0 +; 015: 40 d0 02  wr32 0x1002d0 <- 0x00010001' \
	"a poke: the write it performs"
like "$out" 'ewait #HEAD1_HBLANK 0x1 +; 01d:' "events by name"
like "$out" 'set1 #FB_PAUSE +; 026: b0' "flags by name"
like "$out" 'ewait #HEAD0_HBLANK 0x1 \[unknown: 00 20 02\]' "unclaimed bits, as envydis shows them"
like "$out" '\.byte 0x41 +; 023: 41  illegal opcode: the slot hangs here with STATUS.ILLEGAL_OPCODE set' \
	"nv50: an illegal byte hangs"
like "$out" '; 0x028-0x0ff: exit padding' "the exit padding is a note"
like "$("$DUMP" --chip nv92 "$tmp/all-nv92.bin")" \
	'\.byte 0x41 +; 023: 41  illegal opcode: executes as a one-byte no-op' "nv92: a one-byte no-op"
like "$("$DUMP" --chip nv17 "$tmp/all-nv17.bin")" \
	'\.byte 0x41 +; 006: 41  illegal opcode: executes as a one-byte no-op' "nv17: a one-byte no-op"
like "$("$DUMP" --chip nv50 --numeric "$tmp/all-nv50.bin")" 'set1 0x10 ' "--numeric: numbers only"
like "$("$DUMP" --chip nv50 --plain "$tmp/all-nv50.bin" | sed -n 2p)" '^	set1 0x3$' \
	"--plain: no address comments"
is "$("$DUMP" --chip nv50 --keep-padding "$tmp/all-nv50.bin" | grep -c '^	exit')" 218 \
	"--keep-padding: every padding exit printed"

# ENTRY_POINT as a driver holds it: entries 0 at 0, 1 at 0x12 (inside a
# data opcode), 2 at 0x26, 3 at 0x28; on nv92 ENTRY_POINT_HIGH moves
# entry 1 to 0x112, in the padding.
like "$("$DUMP" --chip nv50 --entry-point 0x28261200 "$tmp/all-nv50.bin")" 'entry2:
	entry 2
	set1 #FB_PAUSE' "--entry-point: the register's four bytes"
ok $(roundtrip nv50 "$tmp/all-nv50.bin" --entry-point 0x28261200; echo $?) \
	"entries inside instructions: the image still comes back"
out=$("$DUMP" --chip nv92 --entry-point 0x28261200 --entry-point-high 0x100 "$tmp/all-nv92.bin")
like "$out" '; 0x113-0x1ff: exit padding' "--entry-point-high: bit 8 of each entry"
like "$out" 'entry1:
	entry 1
	exit' "an entry in the padding still gets its label"
ok $(roundtrip nv92 "$tmp/all-nv92.bin" --entry-point 0x28261200 --entry-point-high 0x100; echo $?) \
	"and the image still comes back"

# An entry point inside an instruction splits it into bytes.
printf '\xe2\x01\x02\x03\x04\x7f' >"$tmp/split.bin"
like "$("$DUMP" --chip nv41 -e 1=2 "$tmp/split.bin")" "\.byte 0xe2, 0x01 +; 000: e2 01  'data' cut short by an entry point" \
	"an entry point inside an instruction"
ok $(roundtrip nv41 "$tmp/split.bin" -e 1=2; cmp -s <(head -c 6 "$tmp/rt.bin") "$tmp/split.bin"; echo $?) \
	"which still assembles to the same bytes"

# An image that fills the RAM without a final exit.
{ printf '\x00%.0s' $(seq 63); printf '\xe2'; } >"$tmp/full.bin"
like "$("$DUMP" --chip nv17 "$tmp/full.bin")" '\.no_final_exit' "a full image without an exit says so"
ok $(roundtrip nv17 "$tmp/full.bin"; echo $?) "and comes back"

# ---- random images: every family, many seeds ---------------------------------
# Up to 1024 random bytes for each family (12 images of NV17's 64-byte
# RAM, 2 of NV92's 512): a larger RAM holds more instructions an image.
for chip in nv17 nv41 nv50 nv92; do
	n=$(ram_size $chip)
	bad=
	seeds=
	for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
		[ $((seed * n)) -le 1024 ] && seeds="$seeds $seed"
	done
	random "$seeds" $n "$tmp/r"
	for seed in $seeds; do
		roundtrip $chip "$tmp/r-$seed.bin" -e 1=7 -e 3=0x31 || bad="$bad $seed"
	done
	is "$bad" "" "$chip: $(((1024 / n) > 12 ? 12 : 1024 / n)) random images come back byte for byte"
done

# ---- the images make builds from hwsq-scripts/ -----------------------------------
for image in "$SDK_BUILD"/hwsq/*.bin; do
	[ -e "$image" ] || continue
	name=$(basename "$image" .bin)
	chip=${name##*-}
	ok $(roundtrip "$chip" "$image"; echo $?) "$name: objdump then hwsq-as gives the same bytes"
done

# ---- errors -------------------------------------------------------------------
random 1 65 "$tmp/big"
run "$DUMP" --chip nv17 "$tmp/big-1.bin"
like "$status:$err" "^1:hwsq-objdump: .*big-1.bin: 0x41 bytes, more than the 0x40 bytes of NV17:NV41 code RAM" \
	"an image larger than the RAM"
run "$DUMP" --chip nv50 -e 1=0x100 "$tmp/all-nv50.bin"
like "$status:$err" "^1:hwsq-objdump: error: entry point 1 at 0x100 is outside" "an entry outside the RAM"
run "$DUMP" --chip nv50 --entry-point-high 1 "$tmp/all-nv50.bin"
like "$status:$err" "^2:hwsq-objdump: error: NV50:NV92 has no ENTRY_POINT_HIGH" "ENTRY_POINT_HIGH before NV92"
run "$DUMP" "$tmp/all-nv50.bin"
is "$status" 2 "no --chip: a usage error"

done_testing
