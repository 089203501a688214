# cdok -- Calcudoku toolkit.  GNU make.
#
#   make            the libraries (static and shared), the cdok program,
#                   its man pages and shell completions
#   make check      tests (mk/check.mk): every fuzz seed replayed, a
#                   short allocation-failure sweep, an install into a
#                   temporary prefix checked with pkg-config, the Python
#                   package (mk/python.mk), a gcc build, then a clang
#                   ASan+UBSan build; all with -Werror
#   make test       tests of the plain build only
#   make check-slurm  the Slurm array job of doc/SCALING.md on a one-node
#                   cluster it starts and stops (root; scripts/check-slurm)
#   make install    PREFIX=/usr/local by default; DESTDIR, BINDIR,
#                   LIBDIR, INCLUDEDIR, MANDIR ... (mk/install.mk)
#   make uninstall  removes what make install put there
#   make fuzz       the libFuzzer targets (clang; mk/fuzz.mk, fuzz/README.md)
#   make bench      the benchmark program (bench/README.md)
#   make web        the page that plays in a browser, in build/web/
#                   (emscripten; mk/web.mk, doc/WEB.md)
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

VERSION   = 0.3.0
# The shared libraries' ABI number: their SONAME is libcdok.so.$(ABI)
# (libcdok-json.so.$(ABI), ...).  Raise it in any release that breaks
# binary compatibility (doc/libcdok.3.scd, "Versions").
ABI       = 2
# The shared libraries' file names: the SONAME's number first, as
# packagers and ldconfig expect (libcdok.so.2 -> libcdok.so.2.3.0), then
# the release's minor and patch numbers.
SO_VERSION = $(ABI).$(word 2,$(subst ., ,$(VERSION))).$(word 3,$(subst ., ,$(VERSION)))

BUILD    ?= build
CC       ?= cc
# -O3: on the corpus, 4 to 9 % fewer instructions inside cdok_solve than
# -O2 and 5 to 7 % fewer for a whole `cdok solve` (bench/RESULTS.md).
OPT      ?= -O3
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
LIB_HDR  = $(wildcard lib/*/*.h lib/*/*/*.h)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/*.c)
BENCH_SRC = $(wildcard bench/*.c)

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/obj/%.o)
BENCH_OBJ = $(BENCH_SRC:%.c=$(BUILD)/obj/%.o)

.PHONY: all test bench install uninstall install-check clean

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

# The shared library, under its full version (SO_VERSION), with the links a program
# finds it by at run time (the SONAME) and at link time.
$(BUILD)/libcdok.so: $(BUILD)/libcdok.so.$(SO_VERSION)
	ln -sf libcdok.so.$(SO_VERSION) $(BUILD)/libcdok.so.$(ABI)
	ln -sf libcdok.so.$(ABI) $@

$(BUILD)/libcdok.so.$(SO_VERSION): $(LIB_OBJ)
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
# printed.  TEST_JOBS: how many tests run at once (the runner's default:
# one a core).
TEST_JOBS ?=
test: $(BUILD)/cdok $(BUILD)/cdok-tests
	$(BUILD)/cdok-tests $(if $(TEST_JOBS),-j$(TEST_JOBS))

bench: $(BUILD)/cdok-bench

include mk/bench.mk

include mk/install.mk

clean:
	rm -rf build

include mk/python.mk
include mk/web.mk

# The tests, sanitizer builds and fuzzing have fragments of their own.
include mk/check.mk mk/fuzz.mk
