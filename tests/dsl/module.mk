# Tests of the macro language (include/afuc/afuc*.m4): expansions and
# the collisions they must avoid, misuse reported at the call, the
# constructs run in the emulator, and docs/dsl.md's examples.
TESTS += $(filter-out tests/dsl/lib.sh,$(wildcard tests/dsl/*.sh))
