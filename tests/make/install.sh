# make install into a DESTDIR, then an out-of-tree project that has
# nothing but the installed files and pkg-config: it assembles a handler
# with the installed tools and macro library, links it onto the SDK's own
# installed a6xx image, runs an afuc-emu test file, and builds and runs C
# tests against libafuc-emu and libhwsq, each on its own.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1
cc=${SDK_CC:-cc}
command -v "$cc" >/dev/null 2>&1 || skip_all "no C compiler ($cc)"

run make --no-print-directory install DESTDIR="$tmp/root" PREFIX=/opt/afuc
is "$status" 0 "make install DESTDIR=... PREFIX=/opt/afuc${err:+: $err}"
root="$tmp/root/opt/afuc"

# What is installed, and what is not.
is "$(cd "$root/lib" && ls ./*.a | sort | tr '\n' ' ')" "./libafuc-emu.a ./libhwsq.a " \
	"the public libraries only: no internal libsdk-*.a or libafuc-*.a"
is "$(cd "$root/lib" && ls ./*.so* | sort | tr '\n' ' ')" \
	"./libafuc-emu.so ./libafuc-emu.so.0 ./libafuc-emu.so.0.1.0 ./libhwsq.so ./libhwsq.so.0 ./libhwsq.so.0.1.0 " \
	"each also shared, under a soname of the major version"
if command -v nm >/dev/null 2>&1; then
	exported=$(nm -D --defined-only "$root/lib/libafuc-emu.so" | awk '$2 == "T" {print $3}')
	like "$exported" "emu_rnndb_open" "libafuc-emu.so exports the API"
	is "$(printf '%s\n' "$exported" | grep -cvE '^(emu|tap)_')" 0 \
		"and nothing but emu_* and tap_* (no util_*, isa_*... in a user's namespace)"
else
	skip 2 "no nm"
fi
# Every installed tool runs; nothing of the build tree leaks into the
# installed files' paths.
for tool in "$root"/bin/*; do
	[ -x "$tool" ] || continue
	run "$tool" --version
	is "$status" 0 "installed ${tool##*/} runs (--version)"
done
leaks=$(grep -rl "$SDK_BUILD" "$root" 2>/dev/null | head -3)
is "$leaks" "" "installed files do not refer to the build tree"
for f in lib/pkgconfig/afuc-sdk.pc lib/pkgconfig/afuc-emu.pc lib/pkgconfig/hwsq.pc \
	include/afuc/emu.h include/afuc/tap.h include/afuc/hwsq.h include/afuc/afuc.m4 \
	include/afuc/hwsq.m4 include/afuc/a6xx_regs.h share/afuc-sdk/ld/a6xx-sqe.ld \
	share/afuc-sdk/rnndb/adreno.xml share/afuc-sdk/firmware/a6xx/sqe.fw \
	share/man/man1/afuc-as.1 share/doc/afuc-sdk/afuc-as.md share/doc/afuc-sdk/building.md; do
	ok "$([ -s "$root/$f" ]; echo $?)" "installed: $f"
done
# Every relative link of the installed documents leads to an installed file.
broken=
for doc in "$root"/share/doc/afuc-sdk/*.md; do
	for link in $(grep -oE '\]\([^)#: ]+[)#]' "$doc" | sed 's/^](//; s/.$//'); do
		[ -e "${doc%/*}/$link" ] || broken="$broken ${doc##*/}:$link"
	done
done
is "$broken" "" "every file the installed documents link to is installed (images too)"

# The project: its own directory, the SDK only through pkg-config.
# --define-variable relocates the staged tree as a real one would be.
export PKG_CONFIG_PATH="$root/lib/pkgconfig"
pc() { pkg-config --define-variable=prefix="$root" "$@"; }
run pc --modversion afuc-sdk
like "$status:$out" "^0:[0-9]+\.[0-9]+" "pkg-config knows afuc-sdk"
bindir=$(pc --variable=bindir afuc-sdk)
fwdir=$(pc --variable=firmwaredir afuc-sdk)
is "$bindir" "$root/bin" "afuc-sdk.pc: bindir"
proj="$tmp/project"
mkdir -p "$proj"
cp firmware/examples/fill.S "$proj/fill.S"
cd "$proj" || exit 1

run env -u SDK_ROOT -u AFUC_SDK_PREFIX "$bindir/afuc-as" -o fill.o fill.S
is "$status:$err" "0:" "the installed afuc-as assembles a .S source (cpp + the installed m4 library)"
run env -u SDK_ROOT "$bindir/afuc-ld" --base "$fwdir/a6xx/sqe.fw" -o fill.fw -Map fill.map fill.o
is "$status:$err" "0:" "the installed afuc-ld links it onto the installed SDK image"
printf 'image fill.fw\npkt7 UNKN118 0x1000 0 3 5 2\nrun\nexpect idle\nexpect mem 0x1000 5 7 9 0\n' >fill.emu
run env -u SDK_ROOT "$bindir/afuc-emu" fill.emu
is "$status:$out" "0:ok 1 - expect idle (line 4)
ok 2 - expect mem 0x1000 5 7 9 0 (line 5)
1..2" "the installed afuc-emu runs the test file"

cat >test_fill.c <<'SRC'
/* A C test of the handler, against the installed libafuc-emu alone. */
#include <stdio.h>
#include <stdlib.h>

#include "afuc/emu.h"
#include "afuc/tap.h"

int main(int argc, char **argv)
{
	struct tap t;
	tap_init(&t, stdout);
	FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;
	static uint8_t image[1 << 20];
	size_t len = f ? fread(image, 1, sizeof image, f) : 0;
	if (f)
		fclose(f);
	struct emu *emu = emu_new(&(struct emu_config){.gen = EMU_A6XX}, NULL);
	tap_ok(&t, emu && emu_load_image_bytes(emu, image, len), "loads the image");
	emu_push_pkt7(emu, 0x76, (uint32_t[]){0x2000, 0, 2, 40, 2}, 5);
	tap_ok(&t, emu_run(emu) == EMU_IDLE, "runs to idle");
	tap_is_int(&t, emu_mem_read32(emu, 0x2000), 40, "first word");
	tap_is_int(&t, emu_mem_read32(emu, 0x2004), 42, "second word");
	emu_free(emu);
	return tap_done_testing(&t);
}
SRC
# shellcheck disable=SC2046
run "$cc" -std=c11 $SDK_CFLAGS test_fill.c $(pc --cflags --libs afuc-emu) -o test_fill
is "$status:$err" "0:" "a C test links with pkg-config --cflags --libs afuc-emu alone"
run ./test_fill fill.fw
is "$status" 0 "and passes"
like "$out" "ok 4 - second word" "all of it"

cat >test_hwsq.c <<'SRC'
/* Runs an installed HWSQ image, against the installed libhwsq alone. */
#include <stdio.h>

#include "afuc/hwsq.h"

int main(int argc, char **argv)
{
	enum hwsq_family fam;
	if (argc < 2 || !hwsq_chip_family("g84", &fam))
		return 2;
	FILE *f = fopen(argv[1], "rb");
	static uint8_t code[0x200];
	size_t len = f ? fread(code, 1, sizeof code, f) : 0;
	if (f)
		fclose(f);
	struct hwsq_emu *e = hwsq_emu_new(fam);
	if (!hwsq_emu_load(e, code, len))
		return 1;
	hwsq_emu_start(e, HWSQ_SLOT_A, 0);
	enum hwsq_emu_stop stop = hwsq_emu_run(e, HWSQ_EMU_FOREVER);
	printf("%s %zu\n", hwsq_emu_stop_name(stop), hwsq_emu_write_count(e));
	hwsq_emu_free(e);
	return 0;
}
SRC
# shellcheck disable=SC2046
run "$cc" -std=c11 $SDK_CFLAGS test_hwsq.c $(pc --cflags --libs hwsq) -o test_hwsq
is "$status:$err" "0:" "a C program links with pkg-config --cflags --libs hwsq alone"
run ./test_hwsq "$(pc --variable=hwsqdir afuc-sdk)/engine-pll-nv50.bin"
like "$status:$out" "^0:[a-z]+ [0-9]+" "and runs an installed HWSQ image"
# shellcheck disable=SC2046
run "$cc" -std=c11 $SDK_CFLAGS test_fill.c $(pc --cflags --libs afuc-sdk) -o test_both
is "$status:$err" "0:" "afuc-sdk.pc gives both libraries"

# Installed for real (no DESTDIR), as docs/building.md says: a program
# linked with the installed library through pkg-config finds the SDK's
# register database in the prefix, not beside itself; after the prefix
# is moved, the shared library finds it from where it now is (nothing
# but the dynamic loader has to find the library), and the tools find
# their files beside themselves. A program linked with the static
# library goes by the prefix it was installed for, or AFUC_SDK_PREFIX.
prefix=$tmp/inst/afuc
cd "$SDK_ROOT" || exit 1
run make --no-print-directory install PREFIX="$prefix"
is "$status" 0 "make install PREFIX=...${err:+: $err}"
cd "$proj" || exit 1
cat >rnndb.c <<'SRC'
/* The SDK's own register database, through the installed library. */
#include <stdio.h>
#include <stdlib.h>

#include "afuc/emu.h"

int main(void)
{
	char *err = NULL;
	struct rnn_db *db = emu_rnndb_open(NULL, &err);
	if (!db) {
		fprintf(stderr, "%s\n", err);
		free(err);
		return 1;
	}
	emu_rnndb_close(db);
	puts("opened");
	return 0;
}
SRC
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# shellcheck disable=SC2046
run "$cc" -std=c11 $SDK_CFLAGS rnndb.c $(pkg-config --cflags --libs afuc-emu) -o rnndb
is "$status:$err" "0:" "a program using emu_rnndb_open builds with PKG_CONFIG_PATH=PREFIX/lib/pkgconfig"
run readelf -d rnndb
like "$out" "NEEDED.*libafuc-emu\.so\.0" "it links the shared library"
run env -u AFUC_SDK_PREFIX ./rnndb
is "$status:$out:$err" "0:opened:" "emu_rnndb_open(NULL) finds PREFIX/share/afuc-sdk/rnndb from the user's directory"
# One that lives in the prefix and finds the library beside it ($ORIGIN).
mkdir -p "$prefix/libexec"
# shellcheck disable=SC2016,SC2046
run "$cc" -std=c11 $SDK_CFLAGS rnndb.c $(pkg-config --cflags afuc-emu) -L"$prefix/lib" \
	-Wl,-rpath,'$ORIGIN/../lib' -lafuc-emu -o "$prefix/libexec/rnndb"
is "$status:$err" "0:" "a program inside the prefix, the library found through \$ORIGIN"
# And one with the static library.
# shellcheck disable=SC2046
run "$cc" -std=c11 $SDK_CFLAGS rnndb.c $(pkg-config --cflags afuc-emu) "$prefix/lib/libafuc-emu.a" \
	$(pkg-config --libs libxml-2.0 zlib liblzma libzstd libedit) -lm -o rnndb-static
is "$status:$err" "0:" "a program linked with libafuc-emu.a"
run env -u AFUC_SDK_PREFIX ./rnndb-static
is "$status:$out:$err" "0:opened:" "which finds the database in the prefix it was installed for"

mv "$tmp/inst" "$tmp/moved"
moved=$tmp/moved/afuc
unset PKG_CONFIG_PATH
run env -u AFUC_SDK_PREFIX "$moved/bin/afuc-as" -o moved.o fill.S
is "$status:$err" "0:" "the prefix moved: afuc-as finds the macro library and headers"
run env -u AFUC_SDK_PREFIX "$moved/bin/afuc-ld" -o moved.fw moved.o
is "$status:$err" "0:" "afuc-ld finds its default linker script"
run env -u AFUC_SDK_PREFIX "$moved/bin/rnn-lookup" --gpu a6xx --space pm4 CP_MEM_WRITE
like "$status:$out" "^0:.*0x3d" "rnn-lookup finds the register database"
run env -u AFUC_SDK_PREFIX -u LD_LIBRARY_PATH "$moved/libexec/rnndb"
is "$status:$out:$err" "0:opened:" \
	"a program linked before the move, moved with the prefix: the library finds the moved database"
run env -u AFUC_SDK_PREFIX LD_LIBRARY_PATH="$moved/lib" ./rnndb
is "$status:$out:$err" "0:opened:" \
	"one outside it, given the library's new place as for any shared library: the same, no AFUC_SDK_PREFIX"
run env -u AFUC_SDK_PREFIX ./rnndb-static
like "$status:$err" "^1:.*$tmp/inst/afuc/share/afuc-sdk/rnndb" \
	"linked with the static library: the old prefix, named in the error"
run env AFUC_SDK_PREFIX="$moved" ./rnndb-static
is "$status:$out" "0:opened" "which AFUC_SDK_PREFIX moves"
done_testing
