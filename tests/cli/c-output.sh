# Images as C for drivers: afuc-ld --format c and c-kernel, and hwsq-as
# the same option, give a header with a guard, the size and the words
# (little-endian, as the hardware reads them); the kernel flavour uses
# u32 and includes nothing.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cc=${SDK_CC:-cc}
command -v "$cc" >/dev/null 2>&1 || skip_all "no C compiler ($cc)"

printf '.gpu a6xx\n.handler 0x7e\nnew7e:\n\twaitin\n\tmov $01, $data\n' >"$tmp/h.s"
"$SDK_BIN/afuc-as" -o "$tmp/h.o" "$tmp/h.s" || echo "Bail out! afuc-as failed"
base="$SDK_BUILD/firmware/a6xx/sqe.fw"
run "$SDK_BIN/afuc-ld" --base "$base" -o "$tmp/p.fw" "$tmp/h.o"
is "$status" 0 "the binary image"
run "$SDK_BIN/afuc-ld" --base "$base" --format c -o "$tmp/p.h" "$tmp/h.o"
is "$status:$err" "0:" "--format c"
run "$SDK_BIN/afuc-ld" --base "$base" --format c-kernel --name a630_patched -o "$tmp/k.h" "$tmp/h.o"
is "$status:$err" "0:" "--format c-kernel --name"
like "$(cat "$tmp/p.h")" "#include <stdint.h>" "c: includes <stdint.h>"
like "$(cat "$tmp/p.h")" "^#ifndef AFUC_P_H$" "c: a guard named after the output"
ok "$(grep -q 'stdint\|uint32_t\|#include' "$tmp/k.h"; [ $? = 1 ]; echo $?)" "c-kernel: no <stdint.h>, no uint32_t, no include"
like "$(cat "$tmp/k.h")" "^static const u32 a630_patched\[0x[0-9a-f]+\] = \{" "c-kernel: u32 and the name asked for"
like "$(cat "$tmp/k.h")" "^#define A630_PATCHED_SIZE $(wc -c <"$tmp/p.fw") /\* bytes \*/" "c-kernel: the size in bytes"

# Both headers compile (twice included: the guard) and hold the image.
cat >"$tmp/user.c" <<'SRC'
#include <stdio.h>
#include "p.h"
#include "p.h"
int main(void)
{
	fwrite(p, 1, P_SIZE, stdout);
	return sizeof p < P_SIZE;
}
SRC
cat >"$tmp/kernel.c" <<'SRC'
/* what a kernel build provides, and nothing else */
typedef unsigned int u32;
#include "k.h"
#include <stdio.h>
int main(void)
{
	fwrite(a630_patched, 1, A630_PATCHED_SIZE, stdout);
	return 0;
}
SRC
for f in user kernel; do
	if "$cc" -std=c11 -Wall -Werror -I"$tmp" -o "$tmp/$f" "$tmp/$f.c" 2>"$tmp/cc.err"; then
		"$tmp/$f" >"$tmp/$f.bin"
		ok "$(cmp -s "$tmp/$f.bin" "$tmp/p.fw"; echo $?)" "$f: the array holds the image, byte for byte (on a little-endian host)"
	else
		ok 1 "$f: the header compiles: $(cat "$tmp/cc.err")"
	fi
done

# hwsq-as: the same option name, the same kernel flavour
printf 'exit\n' >"$tmp/s.hwsq"
run "$SDK_BIN/hwsq-as" --chip g84 --format c-kernel --name s -o "$tmp/s.h" "$tmp/s.hwsq"
is "$status:$err" "0:" "hwsq-as --format c-kernel (and --chip g84)"
ok "$(grep -q 'stdint\|uint32_t' "$tmp/s.h"; [ $? = 1 ]; echo $?)" "hwsq-as c-kernel: no <stdint.h>"
like "$(cat "$tmp/s.h")" "^static const u32 s_code\[0x40\] = \{" "hwsq-as c-kernel: u32, 0x40 words on G84 (NV50 family)"
printf 'typedef unsigned int u32;\n#include "s.h"\n#include "s.h"\nint main(void) { return s_code[0] == 0; }\n' >"$tmp/sk.c"
run "$cc" -std=c11 -Wall -Werror -I"$tmp" -o "$tmp/sk" "$tmp/sk.c"
is "$status:$err" "0:" "hwsq-as c-kernel: compiles with u32 alone, guarded"
run "$SDK_BIN/hwsq-as" --chip nv50 --format pdf "$tmp/s.hwsq"
like "$status:$err" "^2:hwsq-as: error: --format takes bin, c, c-kernel or upload, not 'pdf'" "a bad --format"
run "$SDK_BIN/afuc-ld" --format pdf -o "$tmp/x" "$tmp/h.o"
like "$status:$err" "^2:afuc-ld: error: --format takes bin, c or c-kernel, not 'pdf'" "afuc-ld: a bad --format"
done_testing
