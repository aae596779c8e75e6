# binning.sh over every a5xx PFP, a6xx and a7xx image there is (make
# bench); make check runs it on one image of each kind.
AFUC_ALL_IMAGES=1 exec bash "$SDK_ROOT/tests/emu/binning.sh"
