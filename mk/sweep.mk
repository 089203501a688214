# mk/sweep.mk -- the long sweeps of make check-ci (tests/sweep/README.md),
# included by mk/check.mk.  Each is bounded by a count of puzzles or
# runs, never by time, and fails on any finding:
#
#   sweep-oracle   random puzzles of every rule family, 2 x 2 to 10 x 10,
#                  solved by the library and counted by tests/ref.c
#   sweep-hints    hint --apply chained from the givens to the end on
#                  generated puzzles, every placement checked
#   sweep-mutate   mutated corpus files through every command of the
#                  sanitizer build: no crash, no sanitizer report, only
#                  documented exit statuses
#   sweep-issue43  issue 43's reproducers, each with its status and
#                  message (tests/sweep/issue43.sh)

.PHONY: sweep sweep-oracle sweep-hints sweep-mutate sweep-issue43

SWEEP_ORACLE_COUNT ?= 2400
SWEEP_HINT_COUNT ?= 150
SWEEP_MUTATE_COUNT ?= 3000

$(BUILD)/oracle_sweep: $(BUILD)/obj/tests/sweep/oracle_sweep.o \
		$(BUILD)/obj/tests/ref.o $(BUILD)/libcdok.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm

sweep-oracle: $(BUILD)/oracle_sweep
	$(BUILD)/oracle_sweep -n $(SWEEP_ORACLE_COUNT)

sweep-hints: $(BUILD)/cdok
	$(PYTHON) tests/sweep/cli_sweep.py hints --cdok $(BUILD)/cdok \
		--count $(SWEEP_HINT_COUNT)

# Under ASan and UBSan: the sanitizer build of make check.
sweep-mutate:
	$(CHECK_MAKE) WERROR=-Werror BUILD=build/asan CC=clang OPT=-O1 \
		SAN='$(ASAN_SAN)' build/asan/cdok
	$(PYTHON) tests/sweep/cli_sweep.py mutate --cdok build/asan/cdok \
		--count $(SWEEP_MUTATE_COUNT)

sweep-issue43: $(BUILD)/cdok
	sh tests/sweep/issue43.sh $(BUILD)/cdok

sweep:
	$(MAKE) --no-print-directory sweep-issue43
	$(MAKE) --no-print-directory sweep-oracle
	$(MAKE) --no-print-directory sweep-hints
	$(MAKE) --no-print-directory sweep-mutate
