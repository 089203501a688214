/* fuzz_reader.c -- fuzz target for one format's reader, named at build
 * time: cc -DFORMAT='"ucf"' builds fuzz_ucf.  The Makefile builds one
 * per format it knows of; a format the library does not have (yet) gives
 * a target that says so and exits, so new formats are fuzzed as soon as
 * their module lands.
 *
 * Every puzzle read must be written back unchanged by every format that
 * can express it (fuzz_round_trips), and, when valid, solved with a
 * small node limit into solutions the library's checker accepts; both
 * under every rule set the puzzle can take (fuzz_rule_sets).  The text
 * is read a second time as `cdok -N` reads it (cdok_reader_set_rules),
 * which must fail or succeed as cleanly.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#ifndef FORMAT
#error "build with -DFORMAT='\"name\"'"
#endif

/* Puzzles taken from one input: formats such as UCF hold many, and the
 * work per puzzle is what the fuzzer should spend its time on. */
#define MAX_PUZZLES 8

/* Search nodes per puzzle: 200 for the rules it was read with, fewer
 * for big grids, where a node costs time in proportion to the cells (an
 * empty 60 x 60 grid takes half a millisecond a node without
 * sanitizers); 20 under the other rule sets, which are fuzz_solve's
 * business and here only show that solutions pass the checker.  A
 * search is bounded by work, never by time: slow inputs are worth
 * finding, but not a search that is slow only because it is long. */
static uint64_t node_limit(const cdok_puzzle *p, bool own_rules)
{
	uint64_t cells = (uint64_t)cdok_puzzle_size(p) *
			 (uint64_t)cdok_puzzle_size(p);
	uint64_t limit = 20000 / cells, most = own_rules ? 200 : 20;

	return limit < most ? limit : most;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const cdok_format *format;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	format = cdok_formats_find(fuzz_formats(), FORMAT);
	if (!format || !cdok_format_can_read(format)) {
		fprintf(stderr, "fuzz_%s: the library has no %s reader; "
			"nothing to fuzz\n", FORMAT, FORMAT);
		exit(0);
	}
	return 0;
}

struct check {
	const cdok_puzzle *puzzle;
};

static int on_solution(void *user, const int *values)
{
	struct check *c = user;

	FUZZ_CHECK(cdok_puzzle_is_solution(c->puzzle, values),
		   "a solution fails cdok_puzzle_is_solution");
	FUZZ_CHECK(ref_is_solution(c->puzzle, values),
		   "a solution breaks a rule (independent check)");
	return 0;
}

static void solve(const cdok_puzzle *p, bool own_rules)
{
	struct check c = { p };
	cdok_solve_params params;
	cdok_result res;
	cdok_error err;
	cdok_status st;

	cdok_solve_params_init(&params);
	params.max_nodes = node_limit(p, own_rules);
	params.on_solution = on_solution;
	params.user = &c;
	memset(&err, 0, sizeof(err));
	st = cdok_solve(p, &params, NULL, &res, &err);
	FUZZ_CHECK(st == CDOK_OK || st == CDOK_ERR_NOMEM,
		   "cdok_solve failed on a valid puzzle: %s", err.message);
}

/* fuzz_rule_sets calls with the puzzle as read first. */
static void try_rules(void *user, const cdok_puzzle *p, const char *rules)
{
	int *calls = user;
	char from[64];

	snprintf(from, sizeof(from), "%s (%s rules)", FORMAT, rules);
	fuzz_round_trips(p, from);
	if (cdok_puzzle_validate(p, NULL) == CDOK_OK)
		solve(p, (*calls)++ == 0);
}

/* Read up to MAX_PUZZLES puzzles; with all_rules, try each under every
 * rule set, else only check the reading. */
static void read_all(const uint8_t *data, size_t size, unsigned rules,
		     bool all_rules)
{
	cdok_reader *r = cdok_reader_new(format, (const char *)data, size);

	FUZZ_CHECK(r, "no %s reader", FORMAT);
	if (rules)
		cdok_reader_set_rules(r, rules);
	for (int i = 0; i < MAX_PUZZLES; i++) {
		cdok_puzzle *p = NULL;
		cdok_error err;
		cdok_status st;

		memset(&err, 0, sizeof(err));
		st = cdok_reader_next(r, &p, &err);
		if (st == CDOK_END) {
			FUZZ_CHECK(!p, "a puzzle with CDOK_END");
			break;
		}
		if (st != CDOK_OK) {
			FUZZ_CHECK(!p, "a puzzle with an error");
			FUZZ_CHECK(err.status == st && err.message[0] &&
				   memchr(err.message, '\0',
					  sizeof(err.message)),
				   "status %d with err.status %d, message "
				   "\"%.255s\"", st, err.status, err.message);
			FUZZ_CHECK(err.line >= 0 && err.column >= 0,
				   "position %d:%d", err.line, err.column);
			break;
		}
		FUZZ_CHECK(p, "CDOK_OK without a puzzle");
		FUZZ_CHECK(!rules || (cdok_puzzle_rules(p) & rules) == rules,
			   "read with rules %#x, the puzzle has %#x", rules,
			   cdok_puzzle_rules(p));
		if (all_rules) {
			int calls = 0;

			fuzz_rule_sets(p, try_rules, &calls);
		}
		else
			fuzz_round_trips(p, FORMAT " (read as nylimb)");
		cdok_puzzle_free(p);
	}
	cdok_reader_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	read_all(data, size, 0, true);
	read_all(data, size, CDOK_RULE_NYLIMB, false);
	return 0;
}
