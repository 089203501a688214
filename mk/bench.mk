# bench.mk -- the benchmark's helper programs beside cdok-bench
# (bench/README.md).  Each lives in a folder of its own under bench/, so
# that cdok-bench's wildcard over bench/*.c does not take it in.
#
#   build/cdok-sumgen   random sum-only puzzles (bench/sumgen/sumgen.c)

SUMGEN_OBJ = $(BUILD)/obj/bench/sumgen/sumgen.o

$(BUILD)/cdok-sumgen: $(SUMGEN_OBJ) $(BUILD)/libcdok.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(SUMGEN_OBJ) $(BUILD)/libcdok.a -lm

bench: $(BUILD)/cdok-sumgen

# tests/test_sumgen.c runs it: built with the tests, so that running
# build/cdok-tests by hand after `make build/cdok-tests` finds it.
test: $(BUILD)/cdok-sumgen
$(BUILD)/cdok-tests: | $(BUILD)/cdok-sumgen
