# RNN_PATH names trees of both families (Mesa's for Adreno, envytools' for
# NVIDIA): each tool family takes the first directory that has its own
# files, HWSQ_RNNDB and AFUC_RNNDB name one family's tree alone, and
# messages say where a database came from.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

db="$SDK_BUILD/share/afuc-sdk/rnndb"
# a Mesa-like tree (Adreno files only) and an envytools-like one
mkdir -p "$tmp/mesa" "$tmp/envy"
cp -r "$db/adreno" "$db/adreno.xml" "$tmp/mesa/"
cp -r "$db/bus" "$db/memory" "$db/nvchipsets.xml" "$tmp/envy/"

printf '.gpu a6xx\nCP_NOP:\n\tcwrite $02, [$00 + @REG_WRITE]\n' >"$tmp/x.s"
printf 'set1 #FB_PAUSE\n' >"$tmp/x.hwsq"

for order in "$tmp/mesa:$tmp/envy" "$tmp/envy:$tmp/mesa"; do
	RNN_PATH=$order run "$SDK_BIN/afuc-as" -o "$tmp/x.o" "$tmp/x.s"
	is "$status:$err" "0:" "afuc-as with RNN_PATH=$(echo "$order" | sed "s|$tmp/||g"): finds Mesa's tree"
	RNN_PATH=$order run "$SDK_BIN/hwsq-as" --chip nv50 -o "$tmp/x.bin" "$tmp/x.hwsq"
	is "$status:$err" "0:" "hwsq-as with RNN_PATH=$(echo "$order" | sed "s|$tmp/||g"): finds envytools'"
	RNN_PATH=$order run "$SDK_BIN/rnn-lookup" --chip g84 --space hwsq-flag FB_PAUSE
	like "$status:$out" "^0:0x" "rnn-lookup --chip: the NVIDIA tree"
	RNN_PATH=$order run "$SDK_BIN/rnn-lookup" --gpu a6xx CP_SCRATCH_REG0
	like "$status:$out" "^0:0x" "rnn-lookup --gpu: the Adreno tree"
done

# A variable of its own per family: AFUC_RNNDB does not reach hwsq-as.
AFUC_RNNDB=$tmp/mesa run "$SDK_BIN/hwsq-as" --chip nv50 -o "$tmp/x.bin" "$tmp/x.hwsq"
is "$status:$err" "0:" "AFUC_RNNDB (Mesa's tree) does not reach hwsq-as"
HWSQ_RNNDB=$tmp/envy run "$SDK_BIN/afuc-as" -o "$tmp/x.o" "$tmp/x.s"
is "$status:$err" "0:" "HWSQ_RNNDB does not reach afuc-as"
HWSQ_RNNDB=$tmp/mesa run "$SDK_BIN/hwsq-as" --chip nv50 -o "$tmp/x.bin" "$tmp/x.hwsq"
is "$status" 1 "HWSQ_RNNDB naming a tree without HWSQ names: the flag is unknown"
like "$err" "unknown flag 'FB_PAUSE'.*the register database $tmp/mesa \(from HWSQ_RNNDB\) has no HWSQ flags for NV50" \
	"and the message says which database, from where"
run "$SDK_BIN/rnn-lookup" --rnndb "$tmp/envy" --gpu a6xx CP_SCRATCH_REG0
like "$status:$err" "^1:$tmp/envy: error: the register database has no .*database from --rnndb" \
	"rnn-lookup: a tree without the names says where it came from"
done_testing
