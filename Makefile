# cdok -- Calcudoku toolkit.  GNU make.
#
#   make            library (static and shared) and the cdok program
#   make check      tests: a gcc build, then a clang ASan+UBSan build
#   make test       tests of the plain build only
#   make bench      the benchmark program (bench/README.md)
#   make install    PREFIX=/usr/local by default
#
# Sources are found by wildcard: a new file in lib/, cli/ or tests/ needs
# no change here.

BUILD    ?= build
CC       ?= cc
PREFIX   ?= /usr/local
OPT      ?= -O2
WERROR   ?= -Werror
SAN      ?=

WARN     = -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes \
           -Wpointer-arith -Wformat=2 $(WERROR)
CFLAGS_ALL = -std=c11 $(OPT) -g $(WARN) -Iinclude $(SAN) $(CFLAGS)
LDFLAGS_ALL = $(SAN) $(LDFLAGS)
# The library's own dependencies: jansson is used by the JSON format
# module only.
LIBS     = -ljansson -lpthread

LIB_SRC  = $(wildcard lib/*.c)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/*.c)
BENCH_SRC = $(wildcard bench/*.c)

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/obj/%.o)
BENCH_OBJ = $(BENCH_SRC:%.c=$(BUILD)/obj/%.o)

.PHONY: all check test test-asan bench install clean

all: $(BUILD)/libcdok.a $(BUILD)/libcdok.so $(BUILD)/cdok

$(BUILD)/obj/lib/%.o: lib/%.c include/cdok.h lib/internal.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -fPIC -fvisibility=hidden -DCDOK_BUILDING \
		-D_POSIX_C_SOURCE=200809L -c $< -o $@

$(BUILD)/obj/cli/%.o: cli/%.c include/cdok.h $(wildcard cli/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -D_GNU_SOURCE -c $< -o $@

$(BUILD)/obj/tests/%.o: tests/%.c include/cdok.h lib/internal.h $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Ilib -D_GNU_SOURCE \
		-DCDOK_BIN='"$(BUILD)/cdok"' -c $< -o $@

$(BUILD)/obj/bench/%.o: bench/%.c include/cdok.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -D_GNU_SOURCE -c $< -o $@

$(BUILD)/libcdok.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/libcdok.so: $(LIB_OBJ)
	$(CC) -shared $(LDFLAGS_ALL) -o $@ $^ $(LIBS)

$(BUILD)/cdok: $(CLI_OBJ) $(BUILD)/libcdok.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJ) $(BUILD)/libcdok.a $(LIBS)

$(BUILD)/cdok-tests: $(TEST_OBJ) $(BUILD)/libcdok.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(TEST_OBJ) $(BUILD)/libcdok.a -lcriterion $(LIBS)

$(BUILD)/cdok-bench: $(BENCH_OBJ) $(BUILD)/libcdok.a
	$(CC) $(LDFLAGS_ALL) -o $@ $(BENCH_OBJ) $(BUILD)/libcdok.a $(LIBS) -lm

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

check: test test-asan

bench: $(BUILD)/cdok-bench

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
		$(DESTDIR)$(PREFIX)/include
	install -m 755 $(BUILD)/cdok $(DESTDIR)$(PREFIX)/bin/cdok
	install -m 644 $(BUILD)/libcdok.a $(DESTDIR)$(PREFIX)/lib/libcdok.a
	install -m 755 $(BUILD)/libcdok.so $(DESTDIR)$(PREFIX)/lib/libcdok.so
	install -m 644 include/cdok.h $(DESTDIR)$(PREFIX)/include/cdok.h

clean:
	rm -rf build
