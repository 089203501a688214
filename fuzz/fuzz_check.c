/* fuzz_check.c -- fuzz target for the checker (cdok check): a puzzle
 * and an arbitrary grid, under every rule set the puzzle can take
 * (fuzz_rule_sets: as written, plain, Killer, Nylimb).
 *
 * The input is a puzzle in any format (told from its text, as the
 * program does), then a NUL byte, then the proposed grid.  The grid is
 * read as text (cdok_read_grid) when it can be; otherwise its bytes
 * become values, most of them near the valid range and some extreme
 * (INT_MIN, INT_MAX, large, negative).  Without a NUL byte the grid is
 * the puzzle's first solution (from a search with a small node limit)
 * or, with none, a grid of empty cells.
 *
 * The puzzle is also checked once more as a library caller might build
 * it, with targets no reader lets through (negative, 0, INT64_MIN and
 * INT64_MAX).
 *
 * For every grid: cdok_check succeeds; it finds no problem exactly when
 * cdok_puzzle_is_solution accepts the grid, and, for a puzzle that
 * validates, exactly when the tests' own checker (ref_is_solution)
 * does; every problem it lists is within the grid and the puzzle and
 * can be described into a buffer of any length; and the JSON result
 * document of the check can be written.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Puzzles checked from one input (formats such as UCF hold many). */
#define MAX_PUZZLES 4

/* Search nodes for the solution used when the input has no grid: 500,
 * fewer for big grids (work, never time, bounds every input). */
static uint64_t node_limit(const cdok_puzzle *p)
{
	uint64_t cells = (uint64_t)cdok_puzzle_size(p) *
			 (uint64_t)cdok_puzzle_size(p);

	return 20000 / cells < 500 ? 20000 / cells : 500;
}

struct input {
	const uint8_t *grid;   /* NULL: no grid given */
	size_t grid_len;
};

/* A value from one byte of the grid: mostly -1..100, which covers every
 * range and its edges; the top of the byte range picks extremes. */
static int byte_value(uint8_t b)
{
	static const int extreme[] = {
		INT_MIN, INT_MAX, -2, 63, 64, 99, 100, 1000000, 1000001,
		INT_MIN + 1, 128, 255,
	};

	if (b < 0xf0)
		return (int)(b % 102) - 1;
	return extreme[(b - 0xf0) % (sizeof(extreme) / sizeof(extreme[0]))];
}

/* The grid to check, into values (size*size). */
static void make_grid(const struct input *in, const cdok_puzzle *p,
		      int *values)
{
	int n = cdok_puzzle_size(p), cells = n * n;
	cdok_solve_params params;
	cdok_result res;
	cdok_error err;
	cdok_status st;

	for (int i = 0; i < cells; i++)
		values[i] = CDOK_NONE;
	if (!in->grid) {
		if (cdok_puzzle_validate(p, NULL) != CDOK_OK)
			return;
		cdok_solve_params_init(&params);
		params.limit = 1;
		params.max_nodes = node_limit(p);
		st = cdok_solve(p, &params, values, &res, NULL);
		FUZZ_CHECK(st == CDOK_OK, "cdok_solve failed on a valid "
			   "puzzle");
		return;
	}
	memset(&err, 0, sizeof(err));
	st = cdok_read_grid((const char *)in->grid, in->grid_len, n, values,
			    &err);
	if (st == CDOK_OK)
		return;
	FUZZ_CHECK(err.status == st && err.message[0] &&
		   memchr(err.message, '\0', sizeof(err.message)) &&
		   !strchr(err.message, '\n'), "cdok_read_grid: status %d, "
		   "err.status %d, message \"%.255s\"", st, err.status,
		   err.message);
	FUZZ_CHECK(err.line >= 1 || st == CDOK_ERR_INVALID,
		   "cdok_read_grid: no line for \"%s\"", err.message);
	for (int i = 0; i < cells; i++)
		values[i] = in->grid_len ? byte_value(in->grid[(size_t)i %
							       in->grid_len])
					 : CDOK_NONE;
}

/* Describe one problem into buffers of several lengths: the text is
 * always cut cleanly and the length returned is the whole sentence's. */
static void describe(const cdok_problem *pr, const cdok_puzzle *p)
{
	static const size_t lens[] = { 1, 2, 17, 80 };
	char full[4096], part[80];
	size_t whole = cdok_problem_describe(pr, p, full, sizeof(full));

	FUZZ_CHECK(whole > 0 && whole < sizeof(full) &&
		   strlen(full) == whole && !strchr(full, '\n'),
		   "problem kind %d: description \"%.300s\" (%zu bytes)",
		   pr->kind, full, whole);
	FUZZ_CHECK(cdok_problem_describe(pr, p, NULL, 0) == whole,
		   "describing into no buffer gives another length");
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		memset(part, 'x', sizeof(part));
		FUZZ_CHECK(cdok_problem_describe(pr, p, part, lens[i]) ==
			   whole, "another length with a buffer of %zu",
			   lens[i]);
		FUZZ_CHECK(strlen(part) == (whole < lens[i] ? whole
							    : lens[i] - 1) &&
			   !strncmp(part, full, strlen(part)),
			   "a buffer of %zu holds \"%.80s\"", lens[i], part);
	}
}

static void check_under(void *user, const cdok_puzzle *p, const char *rules)
{
	const struct input *in = user;
	int n = cdok_puzzle_size(p);
	int *values = malloc(sizeof(int) * (size_t)(n * n));
	bool valid = cdok_puzzle_validate(p, NULL) == CDOK_OK;
	cdok_problem *problems = NULL;
	cdok_json_info info;
	cdok_error err;
	cdok_status st;
	int count = -1;
	char *doc;
	size_t len;
	bool right;

	FUZZ_CHECK(values, "out of memory");
	make_grid(in, p, values);
	memset(&err, 0, sizeof(err));
	st = cdok_check(p, values, &problems, &count, &err);
	FUZZ_CHECK(st == CDOK_OK, "%s rules: cdok_check: %s", rules,
		   err.message);
	FUZZ_CHECK(count >= 0 && (count == 0) == (problems == NULL),
		   "%d problems at %p", count, (void *)problems);
	right = cdok_puzzle_is_solution(p, values);
	FUZZ_CHECK(right == (count == 0), "%s rules: %d problems, but "
		   "cdok_puzzle_is_solution says %d", rules, count, right);
	if (valid)
		FUZZ_CHECK(ref_is_solution(p, values) == right, "%s rules: "
			   "the library says %d, the independent checker "
			   "%d", rules, right, !right);
	for (int i = 0; i < count; i++) {
		fuzz_check_problem(&problems[i], p, false);
		describe(&problems[i], p);
	}

	cdok_json_info_init(&info);
	info.command = "check";
	info.candidate = values;
	info.problems = problems;
	info.nproblems = count;
	info.flags = CDOK_WRITER_COMPACT;
	st = cdok_json_result(p, &info, &doc, &len, &err);
	FUZZ_CHECK(st == CDOK_OK, "%s rules: the check's result document: "
		   "%s", rules, err.message);
	FUZZ_CHECK(len > 0 && strlen(doc) == len && doc[len - 1] == '\n' &&
		   !memchr(doc, '\n', len - 1), "the result document is not "
		   "one line");
	cdok_free(doc);
	cdok_free(problems);
	free(values);
}

/* The puzzle again, built through the API with targets the readers
 * refuse but a library caller may set (negative ones, 0, the ends of 64
 * bits): which cage gets which is read from the grid's bytes. */
static cdok_puzzle *with_hostile_targets(const cdok_puzzle *p,
					 const struct input *in)
{
	static const int64_t targets[] = {
		INT64_MIN, INT64_MIN + 1, -1, 0, INT64_MAX, -7,
	};
	int n = cdok_puzzle_size(p);
	cdok_puzzle *q = cdok_puzzle_new(n);

	if (!q)
		return NULL;
	cdok_puzzle_set_boxes(q, cdok_puzzle_box_rows(p),
			      cdok_puzzle_box_cols(p));
	cdok_puzzle_set_rules(q, cdok_puzzle_rules(p));
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++) {
		uint8_t pick = in->grid_len ? in->grid[(size_t)k %
						       in->grid_len]
					    : (uint8_t)k;
		int64_t t = cdok_cage_target(p, k);
		int index;

		if (pick % 3)
			t = targets[pick % (sizeof(targets) /
					    sizeof(targets[0]))];
		if (cdok_puzzle_add_cage(q, cdok_cage_op(p, k), t,
					 cdok_cage_cells(p, k),
					 cdok_cage_size(p, k),
					 cdok_cage_label(p, k), &index) !=
		    CDOK_OK) {
			cdok_puzzle_free(q);
			return NULL;
		}
		cdok_puzzle_set_cage_distinct(q, index,
					      cdok_cage_distinct(p, k));
	}
	for (int cell = 0; cell < n * n; cell++)
		cdok_puzzle_set_given(q, cell, cdok_puzzle_given(p, cell));
	return q;
}

/* One puzzle read from the input: under every rule set, and once more
 * with hostile targets. */
static void check_puzzle(void *user, cdok_puzzle *p)
{
	struct input *in = user;
	cdok_puzzle *q;

	fuzz_rule_sets(p, check_under, in);
	q = with_hostile_targets(p, in);
	if (q)
		check_under(in, q, "hostile targets");
	cdok_puzzle_free(q);
	cdok_puzzle_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t text_len = nul ? (size_t)(nul - data) : size;
	struct input in = { NULL, 0 };

	if (nul) {
		in.grid = nul + 1;
		in.grid_len = size - text_len - 1;
	}
	fuzz_each_puzzle((const char *)data, text_len, MAX_PUZZLES,
			 check_puzzle, &in);
	return 0;
}
