# mk/fuzz.mk -- fuzzing (fuzz/README.md), included by the Makefile.
#
#   make fuzz          the libFuzzer targets, build/fuzz/fuzz_*
#   make fuzz-seeds    their seed inputs, build/fuzz/seeds/TARGET/
#   make fuzz-replay   every seed and regression input through every
#                      target once, deterministically (make check)
#   make fuzz-smoke    a few seconds of random exploration per target
#   make fuzz-long     FUZZ_SECONDS of it per target (-j2: two at once)
#   make fuzz-afl      the same targets for AFL++
#
# Every target is built with clang's libFuzzer under ASan and UBSan,
# against its own build of the library.  fuzz_spec, fuzz_solve,
# fuzz_check, fuzz_state and fuzz_grade have a file each; every other
# reader is fuzzed by fuzz/fuzz_reader.c, built once per format name in
# FUZZ_FORMATS.  A name the library has no reader for yet gives a target
# that says so and exits.  The targets share fuzz/fuzz_util.c and the
# tests' independent checker and counter, tests/ref.c.

.PHONY: fuzz fuzz-seeds fuzz-replay fuzz-smoke fuzz-long fuzz-afl \
	$(FUZZ_TARGETS:%=fuzz-replay-%) $(FUZZ_TARGETS:%=fuzz-long-%)

FUZZ_BUILD   ?= build/fuzz
FUZZ_CC      ?= clang
FUZZ_SAN     ?= -fsanitize=address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer -DCDOK_DEBUG
FUZZ_FORMATS  = ucf calpoly keen solo sudoku arrows sudocue killer json
FUZZ_OWN      = spec solve check state grade
FUZZ_TARGETS  = $(FUZZ_OWN) $(FUZZ_FORMATS)
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_SECONDS ?= 600

FUZZ_CFLAGS  = -std=c11 -O1 -g $(WARN) -Iinclude -Itests $(FUZZ_SAN) \
	       -fsanitize=fuzzer-no-link
FUZZ_LIB_OBJ = $(LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o) \
	       $(OPT_LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_UTIL    = $(FUZZ_BUILD)/obj/fuzz/fuzz_util.o $(FUZZ_BUILD)/obj/tests/ref.o
# The library the targets link: their own build of it, with coverage
# instrumentation, for fuzzing.  make check and check-ci only replay
# seeds, which needs no coverage: they build the targets in the
# sanitizer build's make (mk/check.mk, ASAN_FUZZ) against its archives,
# the same compiler, sanitizers and -O1, one compile of the library
# fewer.
FUZZ_LIBS   ?= $(FUZZ_BUILD)/libcdok.a
FUZZ_BINS    = $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

fuzz: $(FUZZ_BINS)

$(FUZZ_BUILD)/obj/lib/%.o: lib/%.c include/cdok.h $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(OPT_LIB_CFLAGS) -Ilib -DCDOK_BUILDING \
		-D_POSIX_C_SOURCE=200809L -c $< -o $@

$(FUZZ_BUILD)/obj/fuzz/%.o: fuzz/%.c fuzz/fuzz.h tests/ref.h include/cdok.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_BUILD)/obj/fuzz/reader_%.o: fuzz/fuzz_reader.c fuzz/fuzz.h tests/ref.h \
		include/cdok.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DFORMAT='"$*"' -c $< -o $@

# The independent counter is the targets' oracle, not code under test:
# no coverage instrumentation (which would triple its cost and steer the
# fuzzer towards its branches), only the sanitizers.
$(FUZZ_BUILD)/obj/tests/ref.o: tests/ref.c tests/ref.h include/cdok.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(filter-out -fsanitize=fuzzer-no-link,$(FUZZ_CFLAGS)) \
		-c $< -o $@

$(FUZZ_BUILD)/libcdok.a: $(FUZZ_LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_OWN:%=$(FUZZ_BUILD)/fuzz_%): $(FUZZ_BUILD)/fuzz_%: \
		$(FUZZ_BUILD)/obj/fuzz/fuzz_%.o $(FUZZ_UTIL) $(FUZZ_LIBS)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(OPT_LIB_LIBS) -lm

$(FUZZ_FORMATS:%=$(FUZZ_BUILD)/fuzz_%): $(FUZZ_BUILD)/fuzz_%: \
		$(FUZZ_BUILD)/obj/fuzz/reader_%.o $(FUZZ_UTIL) $(FUZZ_LIBS)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(OPT_LIB_LIBS) -lm

# Seed inputs, gathered afresh from the corpus each time, plus the
# corpus puzzles written in each format by seedgen (plain build).
fuzz-seeds: $(BUILD)/fuzz-seedgen
	sh fuzz/seeds.sh $(FUZZ_BUILD)/seeds $(BUILD)/fuzz-seedgen

$(BUILD)/fuzz-seedgen: fuzz/seedgen.c include/cdok.h $(OPT_LIB_ARCHIVES) \
		$(BUILD)/libcdok.a
	$(CC) $(CFLAGS_ALL) -o $@ $< $(PROG_LIBS)

# Every seed (the corpus and tests/data/regress/) through every target,
# each input once: the same work on every run and machine, with no time
# limit, so it fails only on a finding.  make check replays every
# regression input and every FUZZ_REPLAY_EVERY'th corpus seed (4), CI
# all of them.  Under -j, targets replay side by side.
FUZZ_REPLAY_EVERY ?= 1
fuzz-replay: $(FUZZ_TARGETS:%=fuzz-replay-%)

fuzz-replay-%: fuzz fuzz-seeds
	@FUZZ_REPLAY_EVERY=$(FUZZ_REPLAY_EVERY) \
		sh fuzz/run.sh replay 0 $(FUZZ_BUILD) $*

# A few seconds of random exploration per target, for people; any
# finding fails.  Not part of make check: what it does depends on the
# machine's speed.
fuzz-smoke: fuzz fuzz-seeds
	@status=0; for t in $(FUZZ_TARGETS); do \
		sh fuzz/run.sh smoke $(FUZZ_SMOKE_SECONDS) $(FUZZ_BUILD) $$t \
			|| status=1; \
	done; exit $$status

# Long runs, FUZZ_SECONDS per target; `make -j2 fuzz-long` runs two at
# once.  Each keeps its corpus in $(FUZZ_BUILD)/corpus/TARGET.
fuzz-long: $(FUZZ_TARGETS:%=fuzz-long-%)

fuzz-long-%: fuzz fuzz-seeds
	sh fuzz/run.sh long $(FUZZ_SECONDS) $(FUZZ_BUILD) $*

# The same targets for AFL++ (Debian's afl++): afl-clang-fast links
# -fsanitize=fuzzer to its own driver.  fuzz/README.md shows how to run
# them with afl-fuzz.
fuzz-afl:
	$(MAKE) --no-print-directory FUZZ_BUILD=build/fuzz-afl \
		FUZZ_CC=afl-clang-fast fuzz
