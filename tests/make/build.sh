# The build itself: a second make has nothing to do. (What make install
# puts under DESTDIR/PREFIX, tests/make/install.sh checks, with one make
# install for both.)
. "$(dirname "$0")/../lib/tap.sh" || exit 1
cd "$SDK_ROOT" || exit 1

# MAKEFLAGS from the make running this test carries its variables
# (SANITIZE=1, CC=clang), so the check is against the same build.
run make -q --no-print-directory all
is "$status" 0 "make is up to date after make: a second make does nothing"

done_testing
