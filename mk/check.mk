# mk/check.mk -- make check and the builds it runs, included by the
# Makefile.
#
# make check runs, one after another and with warnings as errors: every
# regression input and a fixed quarter of the corpus seeds through every
# fuzz target (make fuzz-replay FUZZ_REPLAY_EVERY=4), a short
# allocation-failure sweep (make test-alloc-short), an install into a temporary prefix (make
# install-check, mk/install.mk), the README's examples (make
# readme-examples), the Python package's tests (make python-test,
# mk/python.mk), the page in headless Chromium (make web-check,
# mk/web.mk), the Criterion tests of the gcc build (make test), and
# the same tests built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer (make test-asan), whose runner prints the
# summary line that ends the output.  Nothing in it is timed: every step
# does the same work on any machine, so that it fails only for a reason.
# CI (.ci/run) adds the full sweep and the ThreadSanitizer test: make
# check-ci.

.PHONY: check check-ci test-asan check-names check-slurm readme-examples

# The sub-makes build, and the test runners run, with four times as many
# jobs as the machine has cores, unless make was given -j itself (it then
# shares its jobs with them).  On a quiet machine the extra jobs cost
# nothing; on a busy one they keep make check's share of the cores: six
# other busy processes on two cores leave one job a core a quarter of the
# machine, two a core two fifths, four a core four sevenths.  Beside six
# `yes > /dev/null`, from a clean clone, make check took 18 min 24 s
# with two a core (at 27d35eb).
CHECK_JOBS ?= $(shell echo $$((4 * $$(nproc 2>/dev/null || echo 2))))
CHECK_MAKE = $(MAKE) --no-print-directory \
	$(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(CHECK_JOBS))

# The same tests built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer; any report fails the run.
# LeakSanitizer is on too; tests/lsan.supp silences leaks inside
# libcriterion itself (not ours).
# The same objects serve the allocation sweep (-DCDOK_ALLOC_TEST: its
# hook is weak, so the tests and cdok never fail an allocation) and the
# replay of the fuzz targets' seeds: one compile of the library for the
# three, instead of three.
ASAN_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all \
	   -fno-omit-frame-pointer -DCDOK_DEBUG -DCDOK_ALLOC_TEST
ASAN_BUILD = build/asan
ASAN_MAKE = $(CHECK_MAKE) WERROR=-Werror BUILD=$(ASAN_BUILD) CC=clang \
	    OPT=-O1 SAN='$(ASAN_SAN)'
# The fuzz targets linked against the sanitizer build's archives
# (mk/fuzz.mk, FUZZ_LIBS): replaying needs no coverage instrumentation.
ASAN_FUZZ = FUZZ_BUILD=$(ASAN_BUILD)/fuzz \
	    FUZZ_LIBS='$$(OPT_LIB_ARCHIVES) $$(BUILD)/libcdok.a'

# Every name the archives export is prefixed (tests/names.sh), and no
# file or function in lib/, cli/ or python/src is too long
# (tests/sizes.sh).
NAMES_LIBS = $(BUILD)/libcdok.a $(BUILD)/libcdok-json.a \
	     $(BUILD)/libcdok-render.a
check-names: $(NAMES_LIBS)
	sh tests/names.sh $(NAMES_LIBS)
	sh tests/sizes.sh

test-asan:
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	$(MAKE) --no-print-directory BUILD=$(ASAN_BUILD) CC=clang OPT=-O1 \
		SAN='$(ASAN_SAN)' test

# One step after another, even under make -j, so that the test runner's
# summary line stays the last thing printed.
check:
	$(CHECK_MAKE) WERROR=-Werror check-names
	$(ASAN_MAKE) $(ASAN_FUZZ) FUZZ_REPLAY_EVERY=4 fuzz-replay
	$(MAKE) --no-print-directory test-alloc-short
	$(CHECK_MAKE) WERROR=-Werror install-check
	$(CHECK_MAKE) WERROR=-Werror readme-examples
	$(CHECK_MAKE) WERROR=-Werror python-test
	$(CHECK_MAKE) WERROR=-Werror web-check
	$(CHECK_MAKE) WERROR=-Werror $(BUILD)/cdok $(BUILD)/cdok-tests
	$(MAKE) --no-print-directory WERROR=-Werror TEST_JOBS=$(CHECK_JOBS) test
	$(ASAN_MAKE) $(ASAN_BUILD)/cdok $(ASAN_BUILD)/cdok-tests
	$(MAKE) --no-print-directory WERROR=-Werror TEST_JOBS=$(CHECK_JOBS) \
		test-asan

# Every cdok example of README.md, run as the README shows it after its
# set-up (the build on PATH), in a copy of the tree
# (scripts/readme-examples).
readme-examples: all
	bash scripts/readme-examples $(BUILD)

# The Slurm array job of doc/SCALING.md on a one-node cluster that
# scripts/check-slurm starts (as root) in a temporary folder and stops;
# .ci/run runs it before make check.  Its last line is "N passed, N
# failed".
check-slurm: $(BUILD)/cdok
	bash scripts/check-slurm $(BUILD)/cdok

# ---- the library under other instruments ----
#
# $(call instrumented_program,DIR,CFLAGS,FOLDER,PROGRAM): the library's
# sources (the optional libraries' too) compiled again with clang and
# CFLAGS into DIR/obj/, and DIR/PROGRAM linked from them and
# tests/FOLDER/PROGRAM.c.  The ThreadSanitizer test is built this way.
define instrumented_program
$(1)/obj/lib/%.o: lib/%.c include/cdok.h $$(LIB_HDR)
	@mkdir -p $$(dir $$@)
	clang $(2) $$(OPT_LIB_CFLAGS) -Ilib -DCDOK_BUILDING \
		-D_POSIX_C_SOURCE=200809L -c $$< -o $$@

$(1)/obj/tests/$(3)/%.o: tests/$(3)/%.c include/cdok.h
	@mkdir -p $$(dir $$@)
	clang $(2) -D_POSIX_C_SOURCE=200809L -c $$< -o $$@

$(1)/$(4): $(1)/obj/tests/$(3)/$(4).o \
		$$(LIB_SRC:%.c=$(1)/obj/%.o) $$(OPT_LIB_SRC:%.c=$(1)/obj/%.o)
	clang $(2) -o $$@ $$^ $$(OPT_LIB_LIBS) -lpthread -lm
endef

# ---- out of memory (tests/alloc/alloc_sweep.c) ----
#
# The sanitizer build's library, compiled with -DCDOK_ALLOC_TEST so that
# every allocation asks the test program whether it should fail, linked
# into the sweep: every operation run once per
# allocation, with that allocation failing.  test-alloc tries every k
# (CI); test-alloc-short at most ALLOC_SHORT runs per operation (make
# check).  ALLOC_SKIP names operations to leave out (-s); none are now
# (tests/alloc/README.md).

.PHONY: test-alloc test-alloc-short

ALLOC_SHORT ?= 30
ALLOC_SKIP ?=

# Built in the sanitizer build, whose library has the hook.
$(BUILD)/alloc_sweep: $(BUILD)/obj/tests/alloc/alloc_sweep.o \
		$(OPT_LIB_ARCHIVES) $(BUILD)/libcdok.a
	$(CC) $(LDFLAGS_ALL) -o $@ $< $(PROG_LIBS)

test-alloc:
	$(ASAN_MAKE) $(ASAN_BUILD)/alloc_sweep
	$(ASAN_BUILD)/alloc_sweep $(ALLOC_SKIP:%=-s %)

test-alloc-short:
	$(ASAN_MAKE) $(ASAN_BUILD)/alloc_sweep
	$(ASAN_BUILD)/alloc_sweep -m $(ALLOC_SHORT) $(ALLOC_SKIP:%=-s %)

# ---- threads (tests/threads/threads.c) ----
#
# The library compiled again under ThreadSanitizer, and a program that
# reads, solves, generates, checks and writes different puzzles on
# several threads at once; any data race, or a result that differs from
# one thread's, fails it.  test-tsan runs the full program (CI),
# test-tsan-short one round on two threads.

.PHONY: test-tsan test-tsan-short

TSAN_BUILD = build/tsan
TSAN_CFLAGS = -std=c11 -O1 -g $(WARN) -Iinclude -fsanitize=thread \
	      -fno-omit-frame-pointer
TSAN_ENV = TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

$(eval $(call instrumented_program,$(TSAN_BUILD),\
	$(TSAN_CFLAGS),threads,threads))

test-tsan: $(TSAN_BUILD)/threads
	$(TSAN_ENV) $(TSAN_BUILD)/threads -t 4 -r 3

test-tsan-short: $(TSAN_BUILD)/threads
	$(TSAN_ENV) $(TSAN_BUILD)/threads -t 2 -r 1

# What CI runs after make check: the Python package installed with pip
# into a venv and tested there (make python-venv), every fuzz seed
# replayed (make check
# replays a fixed sample of the corpus seeds), the full allocation
# sweep, the ThreadSanitizer test, the sweeps of mk/sweep.mk (the random
# comparison with tests/ref.c, the hint replay, the mutation run) and
# the independent counter on every held-out hidden-operator puzzle
# (tests/test_hidden.c; minutes), the reasons of every step of every
# corpus puzzle (tests/test_reasons.c) and the hard Killers of ISS's
# EXTREME_KILLERS and TAREK_ALL (tests/test_killer_x.c; seconds).  The
# last three run their tests side by side, one a core (the counter's
# run is cut in four shards for that).
check-ci:
	$(CHECK_MAKE) WERROR=-Werror python-venv
	$(ASAN_MAKE) $(ASAN_FUZZ) fuzz-replay
	$(MAKE) --no-print-directory test-alloc
	$(CHECK_MAKE) WERROR=-Werror test-tsan
	$(MAKE) --no-print-directory WERROR=-Werror sweep
	$(CHECK_MAKE) WERROR=-Werror $(BUILD)/cdok-tests
	CDOK_HIDDEN_REF=all $(BUILD)/cdok-tests -j$(CHECK_JOBS) \
		--filter 'hidden/keen9_*'
	CDOK_REASONS=all $(BUILD)/cdok-tests -j$(CHECK_JOBS) \
		--filter 'reasons/*'
	CDOK_ISS_KILLERS=all $(BUILD)/cdok-tests -j$(CHECK_JOBS) \
		--filter 'killer_x/*'

include mk/sweep.mk

# The tests' independent counter (tests/ref.c) is their oracle, not code
# under test, and the slowest part of several tests: it is built
# optimized and without the sanitizers in every build (the plain build's
# tests and test_ref.c check it).
$(BUILD)/obj/tests/ref.o: override OPT = -O2
$(BUILD)/obj/tests/ref.o: override SAN =
