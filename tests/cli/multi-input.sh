# Several sources in one call, as gcc -c takes them: afuc-as writes one
# object per source (and one -MD rule), hwsq-as -c one output per
# script, each named after its source in the current directory. A bad
# source fails the call but not the others; options that name one file
# are usage errors with several sources.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

AS=$SDK_BIN/afuc-as
HAS=$SDK_BIN/hwsq-as
# (never in the working tree: without tap.sh's $tmp, stop)
[ -n "$tmp" ] && mkdir "$tmp/w" && cd "$tmp/w" || { echo "Bail out! no scratch directory"; exit 1; }
mkdir -p src inc solo

# ---- afuc-as ----------------------------------------------------------------
printf '.gpu a6xx\nstart:\n\tmov $01, 0x12\n\tnop\n' >src/a.s
printf '#define VAL 0x34\n' >inc/val.h
printf '#include "val.h"\n.gpu a6xx\nother:\n\tmov $02, VAL\n' >src/b.S
printf '.gpu a6xx\n\tmovv $02, $03\n' >src/bad.s
# what each gives alone, the reference for the several-source call
for s in a.s b.S; do
	"$AS" -Iinc "src/$s" -o "solo/${s%.*}.o" || echo "Bail out! afuc-as src/$s failed"
done

run "$AS" -Iinc src/a.s src/b.S
is "$status:$err" "0:" "afuc-as a.s b.S: exit 0, silently"
cmp -s a.o solo/a.o
ok $? "  a.o in the current directory, the object a.s gives alone"
cmp -s b.o solo/b.o
ok $? "  b.o, the object b.S gives alone"
ok "$([ ! -e src/a.o ] && [ ! -e src/b.o ]; echo $?)" "  nothing written beside the sources"
rm -f a.o b.o

run "$AS" src/a.s
ok "$([ -f a.o ] && [ ! -e src/a.o ]; echo $?)" \
	"one source in another directory: its object in the current one too (gcc -c's rule)"
rm -f a.o

run "$AS" -Iinc -MD src/a.s src/b.S
is "$status" 0 "-MD with two sources"
is "$(head -n 1 a.d 2>/dev/null)" 'a.o: \' "  a.d: the rule of a.o"
is "$(head -n 1 b.d 2>/dev/null)" 'b.o: \' "  b.d: the rule of b.o"
like "$(cat b.d 2>/dev/null)" '^ inc/val\.h' "  b.d names the header b.S includes"
ok "$(grep -q 'val\.h\|b\.S' a.d; [ $? = 1 ]; echo $?)" "  a.d names neither b.S nor its header"
rm -f a.o b.o a.d b.d

# one bad source among three: the others are still written, exit 1
echo "old object" >bad.o
cp bad.o bad.o.before
run "$AS" -Iinc -MD src/a.s src/bad.s src/b.S
is "$status" 1 "a bad source among three: exit 1"
like "$err" "^src/bad\\.s:2:2: error: unknown instruction 'movv'" "  its error, at file:line:column"
cmp -s a.o solo/a.o && cmp -s b.o solo/b.o
ok $? "  the sources before and after it are assembled as alone"
ok "$([ -f a.d ] && [ -f b.d ] && [ ! -e bad.d ]; echo $?)" "  their rules, and none for it"
cmp -s bad.o bad.o.before
ok $? "  its old object is left as it was"
is "$(ls -A | sort | tr '\n' ' ')" "a.d a.o b.d b.o bad.o bad.o.before inc solo src " \
	"  and no temporary file is left"
rm -f a.o b.o a.d b.d

# -a: the listings one after the other, each under its file's name
run "$AS" -Iinc -a src/a.s src/b.S
is "$status" 0 "-a with two sources"
is "$(printf '%s\n' "$out" | grep '^; src/')" "$(printf '; src/a.s\n; src/b.S')" \
	"  a.s's listing, then b.S's"
like "$out" '^    3 0000 88010012' "  a.s line 3: mov \$01, 0x12 at 0"
like "$out" '^    4 0000 88020034' "  b.S line 4: mov \$02, VAL (0x34) at 0"
rm -f a.o b.o

# -E: the texts one after the other, as gcc -E prints them
run "$AS" -E src/a.s src/a.s
is "$out" "$(cat src/a.s src/a.s)" "-E with two sources: each text in turn"

# usage errors: what names one file cannot serve several
usage() {
	want=$1
	shift
	run "$@"
	is "$status" 2 "$(echo "$@" | sed "s|$SDK_BIN/||"): exit 2"
	is "$(printf '%s\n' "$err" | head -n 1)" "$want" "  says so"
}
usage "afuc-as: error: -o cannot be used with 2 sources: each object is named after its source, as gcc -c does" \
	"$AS" src/a.s src/b.S -o x.o
usage "afuc-as: error: -MF cannot be used with 2 sources: each rule goes beside its object (a.o: a.d)" \
	"$AS" -MD -MF x.d src/a.s src/b.S
usage "afuc-as: error: -MT cannot be used with 2 sources: each rule's target is its object" \
	"$AS" -MD -MT x src/a.s src/b.S
usage "afuc-as: error: --listing cannot be used with 2 sources: -a prints the listings, one after the other" \
	"$AS" --listing x.lst src/a.s src/b.S
usage "afuc-as: error: standard input ('-') can only be the one source, not one of 2" \
	"$AS" - src/a.s
usage "afuc-as: error: 'src/a.s' and 'solo/a.s' would both write 'a.o'" \
	"$AS" src/a.s solo/a.s
usage "afuc-as: error: -o - and -a would both write standard output: name the listing's file with --listing FILE" \
	"$AS" -a -o - src/a.s
ok "$([ ! -e a.o ] && [ ! -e x.o ]; echo $?)" "usage errors write nothing"

# ---- hwsq-as ----------------------------------------------------------------
printf 'wr32 0x1234, 0xcafe\nexit\n' >src/p.hwsq
printf '#define FLAG 5\n' >inc/flag.h
printf '#include "flag.h"\nflag FLAG on\ndelay 10 us\nexit\n' >src/q.hwsq
printf 'nop\nbogus\n' >src/bad.hwsq
for s in p q; do
	for f in bin c upload; do
		"$HAS" --chip nv50 -Iinc "src/$s.hwsq" --format $f -o "solo/$s.$f" ||
			echo "Bail out! hwsq-as src/$s.hwsq --format $f failed"
	done
done

before=$(ls -A)
run "$HAS" --chip nv50 -Iinc src/p.hwsq src/q.hwsq
is "$status:$err" "0:" "hwsq-as with two sources and neither -c nor -o: exit 0"
is "$(ls -A)" "$before" "  checks them only: no file written"
run "$HAS" --chip nv50 -Iinc src/p.hwsq src/bad.hwsq
is "$status" 1 "  a bad one of them: exit 1"
like "$err" "^src/bad\\.hwsq:2:1: error: " "  its error"

run "$HAS" --chip nv50 -Iinc -c src/p.hwsq src/q.hwsq
is "$status:$err" "0:" "-c with two sources"
cmp -s p.bin solo/p.bin && cmp -s q.bin solo/q.bin
ok $? "  p.bin and q.bin here, the images each gives alone"
rm -f p.bin q.bin
run "$HAS" --chip nv50 -Iinc -c --format c src/p.hwsq src/q.hwsq
like "$(cat p.h)" "static const uint32_t p_code\\[" "  --format c: p.h, its identifiers named after it"
like "$(cat q.h)" "static const uint32_t q_code\\[" "  q.h, named after it"
is "$(grep -c '0x' p.h)" "$(grep -c '0x' solo/p.c)" "  with the lines of numbers the header of p alone has"
run "$HAS" --chip nv50 -Iinc -c --format upload src/p.hwsq src/q.hwsq
cmp -s p.up solo/p.upload && cmp -s q.up solo/q.upload
ok $? "  --format upload: p.up and q.up, as each alone"
rm -f p.bin q.bin p.h q.h p.up q.up

run "$HAS" --chip nv50 -Iinc -c -MD src/p.hwsq src/q.hwsq
is "$status" 0 "-c -MD with two sources"
is "$(head -n 1 p.d 2>/dev/null)" 'p.bin: \' "  p.d: the rule of p.bin"
like "$(cat q.d 2>/dev/null)" '^ inc/flag\.h' "  q.d names the header q.hwsq includes"
rm -f p.bin q.bin p.d q.d

echo "old image" >bad.bin
cp bad.bin bad.bin.before
run "$HAS" --chip nv50 -Iinc -c src/p.hwsq src/bad.hwsq src/q.hwsq
is "$status" 1 "-c with a bad source among three: exit 1"
cmp -s p.bin solo/p.bin && cmp -s q.bin solo/q.bin
ok $? "  the others are written, as alone"
cmp -s bad.bin bad.bin.before
ok $? "  its old image is left as it was"
ok "$(ls -A | grep -q 'tmp\|~'; [ $? = 1 ]; echo $?)" "  and no temporary file is left"
rm -f p.bin q.bin

run "$HAS" --chip nv50 -c src/p.hwsq -o solo/one.bin
cmp -s solo/one.bin solo/p.bin
ok "$([ $? = 0 ] && [ ! -e p.bin ]; echo $?)" "-c -o FILE with one source: FILE, as gcc -c -o"

run "$HAS" --chip nv50 -Iinc --stats src/p.hwsq src/q.hwsq
is "$(printf '%s\n' "$out" | sed 's/ chip=.*//')" \
	"$(printf 'stats: source=src/p.hwsq\nstats: source=src/q.hwsq')" "--stats: a line per source"

usage "hwsq-as: error: -o cannot be used with 2 sources: -c writes each output, named after its source, as gcc -c does" \
	"$HAS" --chip nv50 src/p.hwsq src/q.hwsq -o x.bin
usage "hwsq-as: error: -MF cannot be used with 2 sources: each rule goes beside its output (a.bin: a.d)" \
	"$HAS" --chip nv50 -c -MD -MF x.d src/p.hwsq src/q.hwsq
usage "hwsq-as: error: -MT cannot be used with 2 sources: each rule's target is its output" \
	"$HAS" --chip nv50 -c -MD -MT x src/p.hwsq src/q.hwsq
usage "hwsq-as: error: --name cannot be used with 2 sources: each header's prefix comes from its file's name" \
	"$HAS" --chip nv50 -c --format c --name x src/p.hwsq src/q.hwsq
usage "hwsq-as: error: --listing cannot be used with 2 sources: -a prints the listings, one after the other" \
	"$HAS" --chip nv50 --listing x.lst src/p.hwsq src/q.hwsq
usage "hwsq-as: error: -MD with several sources needs -c: each rule names its source's output" \
	"$HAS" --chip nv50 -MD src/p.hwsq src/q.hwsq
usage "hwsq-as: error: -E prints the preprocessed text (or writes it to -o FILE): no -c" \
	"$HAS" --chip nv50 -E -c src/p.hwsq
usage "hwsq-as: error: -c names the output after the source, and standard input has no name: use -o FILE" \
	"$HAS" --chip nv50 -c -
usage "hwsq-as: error: 'src/p.hwsq' and 'solo/p.hwsq' would both write 'p.bin'" \
	"$HAS" --chip nv50 -c src/p.hwsq solo/p.hwsq
usage "hwsq-as: error: no source file" "$HAS" --chip nv50 -c
ok "$([ ! -e p.bin ] && [ ! -e x.bin ]; echo $?)" "usage errors write nothing"

done_testing
