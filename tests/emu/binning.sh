# The binning model (docs/emu-api.md, "Hardware binning") under every
# a6xx and a7xx vendor image: one bin of three draws
# (CP_DRAW_INDX_OFFSET with USE_VISIBILITY, instances 1, 2, 3, in an IB2
# under CP_SET_VISIBILITY_OVERRIDE 0 and CP_SKIP_IB2_ENABLE_*) per
# hand-made visibility stream, bit i set when draw i + 1 is visible. The
# draws that run are read from --trace (each writes PC_DRAW_INITIATOR
# with its instance count in bits 24+) and must be the stream's, counted
# by hand below. a630_sqe may stop with the named skip request where an
# invisible draw comes before a visible one (not modelled yet).
. "$(dirname "$0")/../lib/tap.sh" || exit 1

all_firmware 'a6[0-9]*_sqe*.fw*' 'a702_sqe*.fw*' 'a7[0-9]*_sqe*.fw*' 'gen7*_sqe*.fw*'
[ -n "$images" ] || skip_all "no a6xx or a7xx SQE image in $firmware_dirs"

# stream: the draws that run
cases='0x0:
0x1:1
0x2:2
0x3:1 2
0x5:1 3
0x6:2 3
0x7:1 2 3'

for f in $images; do
	name=$(firmware_name "$f")
	if ! unpack_firmware "$f"; then
		skip 7 "$name: cannot unpack $f"
		continue
	fi
	case $name in
	gen7*) init='pkt7 0x17 0x08000000
pkt7 0x48 0x14b 3 0x20000000 2 0 0 0' ;; # a7xx_cp_init's CP_THREAD_CONTROL and CP_ME_INIT
	*) init='pkt7 0x48 0x2f 0x3 0x20000000 0 0 0 0 0' ;;
	esac
	while IFS=: read -r stream draws; do
		cat >"$tmp/bin.emu" <<EOT
image $tmp/$name
run
$init
run
mem 0x8000 $stream                # the stream: one dword
mem 0x9000 4                      # its size in bytes
ib draws 0x20000
	pkt7 0x38 0x184 1 3           # CP_DRAW_INDX_OFFSET, USE_VISIBILITY
	pkt7 0x38 0x184 2 3
	pkt7 0x38 0x184 3 3
end
ib bin 0x30000
	pkt7 0x65 0x1                 # CP_SET_MARKER
	pkt7 0x64 0                   # CP_SET_VISIBILITY_OVERRIDE
	pkt7 0x63 0                   # CP_SET_MODE
	pkt7 0x2f 0x1 0x8000 0 0x9000 0 0xa000 0   # CP_SET_BIN_DATA5
	pkt7 0x1d 1                   # CP_SKIP_IB2_ENABLE_GLOBAL
	pkt7 0x23 1                   # CP_SKIP_IB2_ENABLE_LOCAL
	pkt7 0x3f draws.lo draws.hi draws.size
end
pkt7 0x3f bin.lo bin.hi bin.size
run
expect idle
EOT
		run "$SDK_BIN/afuc-emu" --trace "$tmp/bin.emu"
		ran=$(printf '%s\n' "$err" | sed -n 's/.*GPU PC_DRAW_INITIATOR=0\([0-9]\)000184.*/\1/p' |
			tr '\n' ' ' | sed 's/ $//')
		# a630 asks for the skip where an invisible draw precedes a
		# visible one: always for 0b101, for 0b010 and 0b110 in
		# older releases
		case $name:$stream in a630*:0x5 | a630*:0x2 | a630*:0x6)
			if printf '%s\n' "$out" | grep -q 'asks the prefetcher to skip'; then
				like "$out" "control register 0x05c asks the prefetcher to skip [0-9]+ draw packets" \
					"$name: stream $stream: the skip it asks for is named as not modelled"
				continue
			fi
			# the 2023 release's passes the rest of the IB over by
			# the counts in control registers 0x008/0x009
			if [ "$status" -ne 0 ]; then
				skip 1 "$name: stream $stream: the IB skip through control 0x008/0x009 is not modelled"
				continue
			fi
			;;
		esac
		is "$status:$ran" "0:$draws" "$name: stream $stream runs draws '$draws' to idle"
	done <<EOC
$cases
EOC
done
done_testing
