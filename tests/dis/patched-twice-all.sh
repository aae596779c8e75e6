# make bench: tests/dis/patched-twice.sh on every vendor image there is
# (make check takes one of each layout).
AFUC_ALL_IMAGES=1 exec bash "$SDK_ROOT/tests/dis/patched-twice.sh"
