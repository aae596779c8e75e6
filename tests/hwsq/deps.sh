# hwsq-as in a build system: make dependency files (-MD, -MF, -MT) and
# -E without line markers.
. "$(dirname "$0")/../lib/tap.sh" || exit 1

AS=$SDK_BIN/hwsq-as
DB=$SDK_ROOT/tests/hwsq/rnndb
cd "$tmp" || exit 1
mkdir -p inc out
printf '#define WAITV 0x3\n' >inc/w.h
printf 'm4_define(`TWO_NOPS'"'"', `nop\nnop'"'"')m4_dnl\n' >inc/hm.m4
cat >s.hwsq <<'SRC'
#include "w.h"
m4_include(`hm.m4')
wait WAITV shl 0x2
TWO_NOPS
exit
SRC

run "$AS" --chip nv41 --rnndb "$DB" -Iinc -MD s.hwsq -o out/s.bin
is "$status:$err" "0:" "-MD compiles silently"
like "$(head -n 1 out/s.d 2>/dev/null)" '^out/s\.bin: \\$' "out/s.d: the target is the output"
deps=$(sed -n '/^$/q; s/^ //; s/ \\$//; /:/!p' out/s.d)
is "$(printf '%s\n' "$deps" | grep -c -e '^s\.hwsq$' -e '^inc/w\.h$' -e '^inc/hm\.m4$' \
	-e '/hwsq\.m4$')" 4 "  the source, the header, the m4 include and the library"
like "$(cat out/s.d)" "$(printf '\ninc/w\\.h:\n')" "  an empty rule for the header"

run "$AS" --chip nv41 --rnndb "$DB" -Iinc -MD -MF x.dep -MT img --format c s.hwsq -o out/s.h
is "$status" 0 "-MF FILE -MT TARGET"
like "$(head -n 1 x.dep)" '^img: \\$' "  the target as given"

run "$AS" --chip nv41 -Iinc -MD s.hwsq
is "$status" 2 "-MD without an output file or -MF/-MT: usage error"
run "$AS" --chip nv41 -MT x s.hwsq -o out/y.bin
is "$status" 2 "-MT without -MD: usage error"

printf 'bogus\n' >>s.hwsq
rm -f out/s.d
run "$AS" --chip nv41 --rnndb "$DB" -Iinc -MD s.hwsq -o out/s.bin
is "$status" 1 "a bad script: exit 1"
ok "$([ ! -e out/s.d ]; echo $?)" "  and no rule"
sed -i '$d' s.hwsq

if ! command -v make >/dev/null; then
	skip 3 "no make"
else
	cat >Makefile <<MK
out/s.bin: s.hwsq
	"$AS" --chip nv41 --rnndb "$DB" -Iinc -MD -o \$@ s.hwsq
-include out/s.d
MK
	run make
	is "$status" 0 "make builds out/s.bin"
	now=$(date +%s)
	touch -d "@$((now + 3600))" out/s.bin out/s.d
	run make -q out/s.bin
	is "$status" 0 "  then it is up to date"
	touch -d "@$((now + 7200))" inc/w.h
	run make -q out/s.bin
	is "$status" 1 "  a changed header makes it out of date"
fi

run "$AS" --chip nv41 -Iinc -E s.hwsq
is "$status" 0 "-E"
is "$(printf '%s\n' "$out" | grep -cE '^#')" 0 "  no marker lines"
is "$(printf '%s\n' "$out" | grep -v '^$')" "wait 0x3 shl 0x2
nop
nop
exit" "  the script as compiled"

done_testing
