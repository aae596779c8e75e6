# The build itself: a second make has nothing to do, and make install puts
# a working tree (tools that find their data) under DESTDIR/PREFIX.
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1

# MAKEFLAGS from the make running this test carries its variables
# (SANITIZE=1, CC=clang), so the check is against the same build.
run make -q --no-print-directory all
is "$status" 0 "make is up to date after make: a second make does nothing"

run make --no-print-directory install DESTDIR="$tmp/root" PREFIX=/opt/sdk
is "$status" 0 "make install DESTDIR=... PREFIX=... succeeds"
root="$tmp/root/opt/sdk"
ok "$([ -f "$root/include/afuc/tap.h" ]; echo $?)" "public headers installed under PREFIX/include/afuc"
ok "$([ -n "$(ls "$root"/lib/*.a 2>/dev/null)" ]; echo $?)" "libraries installed under PREFIX/lib"
for tool in "$root"/bin/*; do
	[ -x "$tool" ] || continue
	run "$tool" --version
	is "$status" 0 "installed $(basename "$tool") runs (--version)"
done
# Nothing of the build tree may leak into the installed files' paths.
leaks=$(grep -rl "$SDK_BUILD" "$root" 2>/dev/null | head -3)
is "$leaks" "" "installed files do not refer to the build tree"
done_testing
