# make bench: tests/dis/relink.sh on every vendor image there is (make
# check takes one of each layout).
AFUC_ALL_IMAGES=1 exec bash "$SDK_ROOT/tests/dis/relink.sh"
