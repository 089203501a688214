# mk/check.mk -- make check and the builds it runs, included by the
# Makefile.
#
# make check runs, one after another and with warnings as errors: every
# fuzz seed and regression input through every fuzz target (make
# fuzz-replay), an install into a temporary prefix (make install-check,
# mk/install.mk), the Python package (make python-check, mk/python.mk),
# the Criterion tests of the gcc build (make test), and the same tests
# built with clang under AddressSanitizer and UndefinedBehaviorSanitizer
# (make test-asan), whose runner prints the summary line that ends the
# output.  Nothing in it is timed: every step does the same work on any
# machine, so that it fails only for a reason.

.PHONY: check test-asan

# The sub-makes build with as many jobs as the machine has cores,
# unless make was given -j itself (it then shares its jobs with them).
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CHECK_MAKE = $(MAKE) --no-print-directory \
	$(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(CHECK_JOBS))

# The same tests built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer; any report fails the run.
# LeakSanitizer is on too; tests/lsan.supp silences leaks inside
# libcriterion itself (not ours).
ASAN_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all \
	   -fno-omit-frame-pointer

test-asan:
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	$(MAKE) --no-print-directory BUILD=build/asan CC=clang OPT=-O1 \
		SAN='$(ASAN_SAN)' test

# One step after another, even under make -j, so that the test runner's
# summary line stays the last thing printed.
check:
	$(CHECK_MAKE) WERROR=-Werror fuzz-replay
	$(CHECK_MAKE) WERROR=-Werror install-check
	$(CHECK_MAKE) WERROR=-Werror python-check
	$(CHECK_MAKE) WERROR=-Werror $(BUILD)/cdok $(BUILD)/cdok-tests
	$(MAKE) --no-print-directory WERROR=-Werror test
	$(CHECK_MAKE) WERROR=-Werror BUILD=build/asan CC=clang OPT=-O1 \
		SAN='$(ASAN_SAN)' build/asan/cdok build/asan/cdok-tests
	$(MAKE) --no-print-directory WERROR=-Werror test-asan
