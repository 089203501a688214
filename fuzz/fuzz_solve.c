/* fuzz_solve.c -- fuzz target for the solver, fed puzzles read from
 * specs, each under every rule set it can take (fuzz_rule_sets): as
 * written, plain, Killer and Nylimb.
 *
 * The search is bounded by a node limit (node_limit) so that every
 * input ends after a bounded amount of work.  Every solution the solver
 * reports must pass the library's checker and the tests' own
 * (ref_is_solution); the result must be consistent with itself; and for
 * grids up to 5 x 5 the count must match the tests' independent counter
 * (ref_count) whenever that finishes within its own budget.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

/* Search nodes per solve: 1,000, fewer for grids over 4 x 4, where a
 * node costs time in proportion to the cells.  A search is bounded by work,
 * never by time: inputs that are slow per node are worth finding; a
 * search that is slow only because it is long is not. */
static uint64_t node_limit(const cdok_puzzle *p)
{
	uint64_t cells = (uint64_t)cdok_puzzle_size(p) *
			 (uint64_t)cdok_puzzle_size(p);
	uint64_t limit = 20000 / cells;

	return limit < 1000 ? limit : 1000;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct watch {
	const cdok_puzzle *puzzle;
	int cells;
	uint64_t solutions;
	int *first;            /* the first solution reported */
	uint64_t last_nodes;   /* progress must not go backwards */
	int give_up_after;     /* progress calls before giving up; 0: never */
	int progress_calls;
};

static int on_solution(void *user, const int *values)
{
	struct watch *w = user;

	FUZZ_CHECK(cdok_puzzle_is_solution(w->puzzle, values),
		   "solution %llu fails cdok_puzzle_is_solution",
		   (unsigned long long)w->solutions + 1);
	FUZZ_CHECK(ref_is_solution(w->puzzle, values),
		   "solution %llu breaks a rule (independent check)",
		   (unsigned long long)w->solutions + 1);
	if (w->solutions++ == 0)
		memcpy(w->first, values, (size_t)w->cells * sizeof(*values));
	return 0;
}

static int on_progress(void *user, uint64_t nodes)
{
	struct watch *w = user;

	FUZZ_CHECK(nodes >= w->last_nodes, "progress went from %llu to %llu "
		   "nodes", (unsigned long long)w->last_nodes,
		   (unsigned long long)nodes);
	w->last_nodes = nodes;
	w->progress_calls++;
	return w->give_up_after && w->progress_calls >= w->give_up_after;
}

/* Solve once and check the result against itself.  Returns the result
 * for comparisons between runs. */
static cdok_result solve(const cdok_puzzle *p, uint64_t limit,
			 int give_up_after)
{
	int n = cdok_puzzle_size(p);
	struct watch w;
	cdok_solve_params params;
	cdok_result res;
	cdok_error err;
	cdok_status st;
	int *solution;

	memset(&w, 0, sizeof(w));
	w.puzzle = p;
	w.cells = n * n;
	w.give_up_after = give_up_after;
	w.first = malloc((size_t)w.cells * sizeof(int));
	solution = malloc((size_t)w.cells * sizeof(int));
	FUZZ_CHECK(w.first && solution, "out of memory");
	/* A marker no solution contains, to see the grid left alone when
	 * there is no solution. */
	for (int i = 0; i < w.cells; i++)
		solution[i] = -7;

	cdok_solve_params_init(&params);
	params.limit = limit;
	params.max_nodes = node_limit(p);
	params.on_solution = on_solution;
	params.user = &w;
	params.on_progress = on_progress;
	params.progress_user = &w;
	memset(&res, 0, sizeof(res));
	memset(&err, 0, sizeof(err));
	st = cdok_solve(p, &params, solution, &res, &err);
	FUZZ_CHECK(st == CDOK_OK, "cdok_solve failed on a valid puzzle: %s",
		   err.message);

	FUZZ_CHECK(res.count == w.solutions, "count %llu but %llu solutions "
		   "reported", (unsigned long long)res.count,
		   (unsigned long long)w.solutions);
	FUZZ_CHECK(res.count <= limit, "count %llu over the limit %llu",
		   (unsigned long long)res.count, (unsigned long long)limit);
	FUZZ_CHECK(!(res.gave_up && res.complete), "gave up yet complete");
	FUZZ_CHECK(res.complete || res.gave_up || res.count == limit,
		   "stopped early (%llu of limit %llu) without giving up",
		   (unsigned long long)res.count, (unsigned long long)limit);
	/* The node a search stops at is not counted: never more than the
	 * limit. */
	FUZZ_CHECK(res.nodes <= params.max_nodes, "%llu nodes over the "
		   "limit %llu", (unsigned long long)res.nodes,
		   (unsigned long long)params.max_nodes);
	/* Unless the node limit came first (it is below 256 nodes for the
	 * biggest grids; a search stopped by it reports exactly the limit),
	 * giving up is the callback's doing. */
	if (give_up_after && res.nodes < params.max_nodes)
		FUZZ_CHECK(res.gave_up == (w.progress_calls >= give_up_after),
			   "gave_up %d after %d progress calls", res.gave_up,
			   w.progress_calls);
	if (res.count)
		FUZZ_CHECK(!memcmp(solution, w.first,
				   (size_t)w.cells * sizeof(int)),
			   "the solution returned is not the first reported");
	else
		for (int i = 0; i < w.cells; i++)
			FUZZ_CHECK(solution[i] == -7, "no solution, yet the "
				   "grid was written");
	free(w.first);
	free(solution);
	return res;
}

/* Search nodes the independent counter may spend on one puzzle (each
 * costs far more than one of the solver's, most of all with Nylimb's
 * hundred values a cell). */
#define REF_BUDGET 1000

struct input {
	uint64_t limit;
};

static void solve_under(void *user, const cdok_puzzle *p, const char *rules)
{
	const struct input *in = user;
	uint64_t limit = in->limit;
	cdok_result res, quick;
	struct ref_count ref;

	if (cdok_puzzle_validate(p, NULL) != CDOK_OK)
		return;
	res = solve(p, limit, 0);
	/* One more than the limit tells "exactly the limit" from "more". */
	memset(&ref, 0, sizeof(ref));
	ref.limit = limit + 1;
	ref.budget = REF_BUDGET;
	if (cdok_puzzle_size(p) <= 5)
		ref_count(p, &ref);
	if (cdok_puzzle_size(p) <= 5 && !ref.gave_up) {
		if (res.complete)
			FUZZ_CHECK(res.count == ref.count, "%s rules: the "
				   "solver counts %llu solutions, the "
				   "independent counter %llu", rules,
				   (unsigned long long)res.count,
				   (unsigned long long)ref.count);
		else
			FUZZ_CHECK(res.count <= ref.count && (res.gave_up ||
				   ref.count >= limit), "%s rules: the solver "
				   "found %llu (limit %llu), the independent "
				   "counter %llu", rules,
				   (unsigned long long)res.count,
				   (unsigned long long)limit,
				   (unsigned long long)ref.count);
	}

	/* Give up at the first progress call: a search that needs more
	 * than a few hundred nodes must say it gave up, and one that ends
	 * sooner must reach the same answer. */
	quick = solve(p, limit, 1);
	if (!quick.gave_up)
		FUZZ_CHECK(quick.count == res.count &&
			   quick.complete == res.complete,
			   "%s rules: a search that did not give up answered "
			   "otherwise", rules);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cdok_reader *r = cdok_reader_new(cdok_format_find("spec"),
					 (const char *)data, size);
	cdok_puzzle *p = NULL;
	/* 1, 2 or 3: counting to 2 is the common case, but the other
	 * limits have their own paths. */
	struct input in = { 1 + size % 3 };

	FUZZ_CHECK(r, "no spec reader");
	if (cdok_reader_next(r, &p, NULL) == CDOK_OK)
		fuzz_rule_sets(p, solve_under, &in);
	cdok_puzzle_free(p);
	cdok_reader_free(r);
	return 0;
}
