# cdok -- Calcudoku toolkit.  GNU make.
#
#   make            the libraries (static and shared), the cdok program,
#                   its man pages and shell completions
#   make check      tests: a short fuzz run of every fuzz target, an
#                   install into a temporary prefix checked with
#                   pkg-config, the Python package (mk/python.mk), a gcc
#                   build, then a clang ASan+UBSan build; all with -Werror
#   make test       tests of the plain build only
#   make install    PREFIX=/usr/local by default; DESTDIR, BINDIR,
#                   LIBDIR, INCLUDEDIR, MANDIR ... (mk/install.mk)
#   make uninstall  removes what make install put there
#   make fuzz       the libFuzzer targets (clang); fuzz/README.md
#   make fuzz-smoke a few seconds of each fuzz target
#   make bench      the benchmark program (bench/README.md)
#
# CPPFLAGS, CFLAGS and LDFLAGS are the user's (or the packager's, as
# dpkg-buildflags gives them) and come after the project's own, so they
# win.  Warnings are errors only where the code is developed and tested
# (make check, .ci/run, or WERROR=-Werror): a newer compiler's new
# warning must not break a user's build.
#
# Sources are found by wildcard: a new file in a folder of lib/ (model,
# format, solve, generate), in cli/ or in tests/ needs no change here.
# A folder of lib/ named in OPTIONAL_LIBS is an optional library of its
# own (mk/libs.mk), not part of the core.

VERSION   = 0.2.0
# The shared libraries' ABI number: their SONAME is libcdok.so.$(ABI)
# (libcdok-json.so.$(ABI), ...).  Raise it in any release that breaks
# binary compatibility (doc/libcdok.3.scd, "Versions").
ABI       = 0

BUILD    ?= build
CC       ?= cc
OPT      ?= -O2
WERROR   ?=
SAN      ?=
PKG_CONFIG ?= pkg-config

WARN     = -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
           -Wpointer-arith -Wformat=2 $(WERROR)
CFLAGS_ALL = -std=c11 $(OPT) -g $(WARN) -Iinclude $(SAN) $(CPPFLAGS) $(CFLAGS)
LDFLAGS_ALL = $(SAN) $(LDFLAGS)
# The core library needs libc, and libm if it ever uses it.
CORE_LIBS = -Wl,--as-needed -lm

# Optional libraries, each a folder of lib/ (mk/libs.mk).  Their link
# flags are in LIB_<name>_LIBS; the program links every one of them.
OPTIONAL_LIBS = json render

LIB_SRC  = $(filter-out $(OPTIONAL_LIBS:%=lib/%/%),$(wildcard lib/*/*.c))
LIB_HDR  = $(wildcard lib/*/*.h)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/*.c)
BENCH_SRC = $(wildcard bench/*.c)

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/obj/%.o)
BENCH_OBJ = $(BENCH_SRC:%.c=$(BUILD)/obj/%.o)

.PHONY: all check test test-asan bench install uninstall install-check \
	clean fuzz fuzz-seeds fuzz-smoke fuzz-long fuzz-afl

all: $(BUILD)/libcdok.a $(BUILD)/libcdok.so $(BUILD)/cdok

include mk/libs.mk
include mk/json.mk
include mk/render.mk

# What every program of the project links: the static libraries, the
# optional ones first (they use the core), then what they need.
PROG_LIBS = $(OPT_LIB_ARCHIVES) $(BUILD)/libcdok.a $(OPT_LIB_LIBS) \
	    -lpthread -lm
# What the program cdok links: the same, less the optional libraries it
# loads at run time instead (LIB_<name>_LOADED, mk/libs.mk).
CLI_LIBS = $(CLI_LIB_ARCHIVES) $(BUILD)/libcdok.a $(CLI_LIB_LIBS) \
	   -lpthread -lm $(DL_LIBS)

$(BUILD)/obj/lib/%.o: lib/%.c include/cdok.h $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LIB_CFLAGS) -Ilib -fPIC -fvisibility=hidden \
		-DCDOK_BUILDING -D_POSIX_C_SOURCE=200809L -c $< -o $@

$(BUILD)/obj/cli/%.o: cli/%.c include/cdok.h $(wildcard cli/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -D_GNU_SOURCE \
		-c $< -o $@

$(BUILD)/obj/tests/%.o: tests/%.c include/cdok.h $(LIB_HDR) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Ilib -D_GNU_SOURCE \
		-DCDOK_BIN='"$(BUILD)/cdok"' -c $< -o $@

$(BUILD)/obj/bench/%.o: bench/%.c include/cdok.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -D_GNU_SOURCE -c $< -o $@

$(BUILD)/libcdok.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# The shared library, under its full version, with the links a program
# finds it by at run time (the SONAME) and at link time.
$(BUILD)/libcdok.so: $(BUILD)/libcdok.so.$(VERSION)
	ln -sf libcdok.so.$(VERSION) $(BUILD)/libcdok.so.$(ABI)
	ln -sf libcdok.so.$(ABI) $@

$(BUILD)/libcdok.so.$(VERSION): $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libcdok.so.$(ABI) $(LDFLAGS_ALL) -o $@ \
		$^ $(CORE_LIBS)

$(BUILD)/cdok: $(CLI_OBJ) $(CLI_LIB_ARCHIVES) $(BUILD)/libcdok.a \
		| $(CLI_LIB_LOADED)
	$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(CLI_LIBS)

$(BUILD)/cdok-tests: $(TEST_OBJ) $(OPT_LIB_ARCHIVES) $(BUILD)/libcdok.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(TEST_OBJ) -lcriterion $(PROG_LIBS)

$(BUILD)/cdok-bench: $(BENCH_OBJ) $(OPT_LIB_ARCHIVES) $(BUILD)/libcdok.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(BENCH_OBJ) $(PROG_LIBS)

# The plain build's tests.  The runner's summary line is the last thing
# printed.
test: $(BUILD)/cdok $(BUILD)/cdok-tests
	$(BUILD)/cdok-tests

# The same tests built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer; any report fails the run.
# LeakSanitizer is on too; tests/lsan.supp silences leaks inside
# libcriterion itself (not ours).
test-asan:
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	$(MAKE) --no-print-directory BUILD=build/asan CC=clang OPT=-O1 \
		SAN='-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer' \
		test

# One step after another, even under make -j, so that the test runner's
# summary line stays the last thing printed.  Warnings are errors here.
check:
	$(MAKE) --no-print-directory WERROR=-Werror fuzz-smoke
	$(MAKE) --no-print-directory WERROR=-Werror install-check
	$(MAKE) --no-print-directory WERROR=-Werror python-check
	$(MAKE) --no-print-directory WERROR=-Werror test
	$(MAKE) --no-print-directory WERROR=-Werror test-asan

bench: $(BUILD)/cdok-bench

include mk/bench.mk

include mk/install.mk

clean:
	rm -rf build

include mk/python.mk

# ---- fuzzing (fuzz/README.md) ----
#
# Every target is built with clang's libFuzzer under ASan and UBSan,
# against its own build of the library.  fuzz_spec and fuzz_solve have a
# file each; every other reader is fuzzed by fuzz/fuzz_reader.c, built
# once per format name in FUZZ_FORMATS.  A name the library has no
# reader for yet gives a target that says so and exits.

FUZZ_BUILD   ?= build/fuzz
FUZZ_CC      ?= clang
FUZZ_SAN     ?= -fsanitize=address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer
FUZZ_FORMATS  = ucf calpoly keen solo killer json
FUZZ_TARGETS  = spec solve $(FUZZ_FORMATS)
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_SECONDS ?= 600

FUZZ_CFLAGS  = -std=c11 -O1 -g $(WARN) -Iinclude $(FUZZ_SAN) \
	       -fsanitize=fuzzer-no-link
FUZZ_LIB_OBJ = $(LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o) \
	       $(OPT_LIB_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_UTIL    = $(FUZZ_BUILD)/obj/fuzz/fuzz_util.o
FUZZ_BINS    = $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

fuzz: $(FUZZ_BINS)

$(FUZZ_BUILD)/obj/lib/%.o: lib/%.c include/cdok.h $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(OPT_LIB_CFLAGS) -Ilib -DCDOK_BUILDING \
		-D_POSIX_C_SOURCE=200809L -c $< -o $@

$(FUZZ_BUILD)/obj/fuzz/%.o: fuzz/%.c fuzz/fuzz.h include/cdok.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_BUILD)/obj/fuzz/reader_%.o: fuzz/fuzz_reader.c fuzz/fuzz.h include/cdok.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DFORMAT='"$*"' -c $< -o $@

$(FUZZ_BUILD)/libcdok.a: $(FUZZ_LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_BUILD)/fuzz_spec $(FUZZ_BUILD)/fuzz_solve: $(FUZZ_BUILD)/fuzz_%: \
		$(FUZZ_BUILD)/obj/fuzz/fuzz_%.o $(FUZZ_UTIL) $(FUZZ_BUILD)/libcdok.a
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(OPT_LIB_LIBS) -lm

$(FUZZ_FORMATS:%=$(FUZZ_BUILD)/fuzz_%): $(FUZZ_BUILD)/fuzz_%: \
		$(FUZZ_BUILD)/obj/fuzz/reader_%.o $(FUZZ_UTIL) $(FUZZ_BUILD)/libcdok.a
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(OPT_LIB_LIBS) -lm

# Seed inputs, gathered afresh from the corpus each time, plus the
# corpus puzzles written in each format by seedgen (plain build).
fuzz-seeds: $(BUILD)/fuzz-seedgen
	sh fuzz/seeds.sh $(FUZZ_BUILD)/seeds $(BUILD)/fuzz-seedgen

$(BUILD)/fuzz-seedgen: fuzz/seedgen.c include/cdok.h $(OPT_LIB_ARCHIVES) \
		$(BUILD)/libcdok.a
	$(CC) $(CFLAGS_ALL) -o $@ $< $(PROG_LIBS)

# A few seconds of every target; any finding fails.
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
