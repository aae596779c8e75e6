# The binning model (docs/emu-api.md, "Hardware binning") under every
# a5xx PFP and ME pair and every a6xx, a7xx and gen 8 SQE image, on a bin
# as the drivers render it
# (CP_SET_MARKER RM6_BIN_RENDER_START, CP_SET_VISIBILITY_OVERRIDE 0,
# CP_SET_BIN_DATA5, CP_SKIP_IB2_ENABLE_*, draws with USE_VISIBILITY in
# IB2s), for hand-made visibility streams: bit i set when draw i + 1 is
# visible. The draws that run are read from --trace (each writes
# PC_DRAW_INITIATOR with its instance count, the draw's number, in bits
# 24+; gen 8 forwards it as the second word of a packet to
# @PACKET_FORWARD) and must be the stream's, counted by hand below.
#
# 1. One IB2 of three draws, for every stream of three bits (gen7 and
#    gen8 images: again with CP_SET_BIN_DATA5_OFFSET).
# 2. Two IB2s of three draws each, CP_INDIRECT_BUFFER giving each one's
#    draw count in a fourth word: a630_sqe then decides at the IB
#    whether any of its draws is visible, looking ahead in the decoder's
#    FIFO (VSD_MODE bit 0), passes an invisible IB over and tells the GPU
#    how many draws it passed (VSD_SKIPPED_DRAWS); the 2023 release
#    passes the rest of an invisible draw over by PACKET_DWORDS and
#    PACKET_DWORDS_READ. gen 8 enters both IB2s and passes invisible
#    draws over one by one.
# 3. a5xx: one IB2 of three draws (CP_SET_RENDER_MODE GMEM,
#    CP_SET_VISIBILITY_OVERRIDE 0, CP_SET_BIN_DATA5's five words), for
#    every stream of three bits. a530_pfp writes each draw that runs to
#    GPU registers 0xd0b-0xd0d (initiator, instance, indices: the
#    draw's number here) and passes an invisible one over.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

# make check takes one image of each kind (the a5xx pair, a6xx, a6xx
# with LPAC, a7xx); AFUC_ALL_IMAGES=1 (make bench: binning-all.sh)
# every image there is.
some_firmware "a5[0-9]*_pfp*.fw*" 'a530_pfp.fw*'
pfps=$images
some_firmware "a6[0-9]*_sqe*.fw* a702_sqe*.fw* a7[0-9]*_sqe*.fw* gen7*_sqe*.fw* gen8*_sqe*.fw*" \
	'a630_sqe.fw*' 'a660_sqe.fw*' 'gen70500_sqe.fw*' 'gen80000_sqe.fw*'
[ -n "$images$pfps" ] || skip_all "no a5xx PFP, a6xx, a7xx or gen 8 SQE image in $firmware_dirs"

# stream: the draws that run
one_ib='0x0:
0x1:1
0x2:2
0x3:1 2
0x4:3
0x5:1 3
0x6:2 3
0x7:1 2 3'
two_ibs='0x0:
0x10:5
0x11:1 5
0x12:2 5
0x9:1 4
0x21:1 6
0x24:3 6
0x38:4 5 6
0x3f:1 2 3 4 5 6'

# text: its input, as cat, without a process per part of a test file
text() {
	IFS= read -r -d '' text_in
	printf '%s' "$text_in"
}

# bin_head IMAGES INIT STREAM: a test file's start: the images booted
# and initialised, the stream at 0x8000 (one dword), its size in bytes
# at 0x9000
bin_head() {
	text <<EOT
image $1
run
$2
run
mem 0x8000 $3
mem 0x9000 4
EOT
}

# bin IBS STREAM: a test file of one bin of the draws in IBS (1: one IB2
# of draws 1-3; 2: two of 1-3 and 4-6 with their draw counts; offset:
# one IB2, the stream given by CP_SET_BIN_DATA5_OFFSET, as turnip does,
# from the bases CP_SET_PSEUDO_REG sets: DRAW_STRM_ADDRESS (8) + 0x100,
# DRAW_STRM_SIZE_ADDRESS (9) + 0x200)
bin() {
	if [ "$1" = offset ]; then
		pseudo='pkt7 0x56 8 0x7f00 0 9 0x8e00 0 10 0x9f00 0 # CP_SET_PSEUDO_REG'
		data='pkt7 0x2e 0x1 0x100 0x200 0x300 # CP_SET_BIN_DATA5_OFFSET'
	else
		pseudo='# no pseudo registers'
		data='pkt7 0x2f 0x1 0x8000 0 0x9000 0 0xa000 0 # CP_SET_BIN_DATA5'
	fi
	bin_head "$tmp/$name" "$init" "$2"
	text <<EOT
ib a 0x20000
	pkt7 0x38 0x184 1 3            # CP_DRAW_INDX_OFFSET, USE_VISIBILITY
	pkt7 0x38 0x184 2 3
	pkt7 0x38 0x184 3 3
end
ib b 0x21000
	pkt7 0x38 0x184 4 3
	pkt7 0x38 0x184 5 3
	pkt7 0x38 0x184 6 3
end
ib bin 0x30000
	$pseudo
	pkt7 0x65 0x4                  # CP_SET_MARKER RM6_BIN_RENDER_START
	pkt7 0x64 0                    # CP_SET_VISIBILITY_OVERRIDE
	pkt7 0x63 0                    # CP_SET_MODE
	$data
	pkt7 0x1d 1                    # CP_SKIP_IB2_ENABLE_GLOBAL
	pkt7 0x23 1                    # CP_SKIP_IB2_ENABLE_LOCAL
EOT
	if [ "$1" != 2 ]; then
		echo '	pkt7 0x3f a.lo a.hi a.size'
	else
		echo '	pkt7 0x3f a.lo a.hi a.size 3'
		echo '	pkt7 0x3f b.lo b.hi b.size 3'
	fi
	text <<EOT
end
pkt7 0x3f bin.lo bin.hi bin.size
run
expect idle
EOT
}

# bin_a5xx STREAM: a test file of one a5xx bin of three draws
bin_a5xx() {
	# CP_ME_INIT, as a5xx_me_init
	bin_head "$tmp/$name $tmp/$me" 'pkt7 0x48 0x2f 0x3 0x20000000 0 0 0xb 0 0' "$1"
	text <<EOT
ib a 0x20000
	pkt7 0x38 0x184 1 1            # CP_DRAW_INDX_OFFSET, USE_VISIBILITY
	pkt7 0x38 0x184 1 2
	pkt7 0x38 0x184 1 3
end
ib bin 0x30000
	pkt7 0x6c 3 0 0 0x10 0         # CP_SET_RENDER_MODE GMEM, GMEM_ENABLE
	pkt7 0x64 0                    # CP_SET_VISIBILITY_OVERRIDE
	pkt7 0x2f 0x1 0x8000 0 0x9000 0    # CP_SET_BIN_DATA5
	pkt7 0x1d 1                    # CP_SKIP_IB2_ENABLE_GLOBAL
	pkt7 0x23 1                    # CP_SKIP_IB2_ENABLE_LOCAL
	pkt7 0x3f a.lo a.hi a.size
end
pkt7 0x3f bin.lo bin.hi bin.size
run
expect idle
EOT
}

# draws SED-SCRIPT: the draws of the trace in the last run's stderr, the
# numbers SED-SCRIPT prints, joined by spaces (one process per run:
# a trace is long and there are many runs)
draws() {
	sed -n "$1" "$tmp/.err" | paste -sd ' ' -
}

for f in $pfps; do
	name=$(firmware_name "$f")
	me=$(firmware_name "$(printf '%s\n' "$f" | sed 's/_pfp/_pm4/')")
	if ! unpack_firmware "$f" || ! unpack_firmware "$(dirname "$f")/$me"*; then
		skip 8 "$name: cannot unpack it or $me beside it"
		continue
	fi
	while IFS=: read -r stream draws; do
		bin_a5xx "$stream" >"$tmp/bin.emu"
		run "$SDK_BIN/afuc-emu" --trace "$tmp/bin.emu"
		ran=$(draws 's/.*GPU 0xd0d=0000000\([0-9]\).*/\1/p')
		is "$status:$ran" "0:$draws" "$name + $me: stream $stream runs draws '$draws' to idle" ||
			diag "$(printf '%s\n' "$out" | head -5)"
	done <<EOC
$one_ib
EOC
done

for f in $images; do
	name=$(firmware_name "$f")
	kinds='1 2' tests=17
	case $name in
	gen[78]*)
		init='pkt7 0x17 0x08000000
pkt7 0x48 0x14b 3 0x20000000 2 0 0 0' # a7xx_cp_init's CP_THREAD_CONTROL and CP_ME_INIT
		kinds='1 2 offset' tests=25
		;;
	*) init='pkt7 0x48 0x2f 0x3 0x20000000 0 0 0 0 0' ;;
	esac
	case $name in a630* | gen8*) tests=$((tests + 1)) ;; esac
	if ! unpack_firmware "$f"; then
		skip $tests "$name: cannot unpack $f"
		continue
	fi
	for ibs in $kinds; do
		[ "$ibs" = 2 ] && cases=$two_ibs || cases=$one_ib
		while IFS=: read -r stream draws; do
			bin "$ibs" "$stream" >"$tmp/bin.emu"
			run "$SDK_BIN/afuc-emu" --trace "$tmp/bin.emu"
			ran=$(draws 's/.*\(GPU PC_DRAW_INITIATOR\|@PACKET_FORWARD\)=0\([0-9]\)000184.*/\2/p')
			[ "$ibs" = offset ] && how='CP_SET_BIN_DATA5_OFFSET' || how="$ibs IB2s"
			is "$status:$ran" "0:$draws" "$name: $how, stream $stream runs draws '$draws' to idle" ||
				diag "$(printf '%s\n' "$out" | head -5)"
			# draw 5 alone: a630 never enters the first IB, and
			# tells the GPU of its three draws
			case $name:$ibs:$stream in a630*:2:0x10)
				is "$(awk '/@IB2_BASE=/ { e++ } /@VSD_SKIPPED_DRAWS=00000320/ { t++ }
					END { print e + 0, t + 0 }' "$tmp/.err")" "1 1" \
					"$name: the invisible IB2 is passed over and its 3 draws counted as skipped"
				;;
			# gen 8 ignores CP_INDIRECT_BUFFER's draw count: it
			# enters both IB2s, asks the decoder for runs
			# (VSD_MODE 2) and passes draws 4 and 6 over one by
			# one, telling the GPU nothing of them
			gen8*:2:0x10)
				is "$(awk '/@IB2_BASE=/ { e++; in_ib = 1 } /@VSD_MODE=00000002/ { r = "runs" }
					in_ib && /@VSD_SKIPPED_DRAWS=/ { t++ } END { print e + 0, r, t + 0 }' "$tmp/.err")" "2 runs 0" \
					"$name: both IB2s entered, the stream read as runs, no skip reported"
				;;
			esac
		done <<EOC
$cases
EOC
	done
done
done_testing
