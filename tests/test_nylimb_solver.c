/* test_nylimb_solver.c -- the Nylimb solver (lib/solve/digits.c)
 * against the fork's puzzle, an independent brute-force counter, and
 * cdok_solve's contract (limits, callbacks, node limits).
 *
 * The brute-force counter below is written from RULES.md alone: it does
 * not call the library's solver, checker or cage arithmetic, so the two
 * can only agree by both being right.
 */
#include <criterion/criterion.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"
#include "ref.h"

#define CORPUS "tests/data/corpus/"
#define GC7WQR5 CORPUS "nylimb/GC7WQR5"

/* ---- helpers ---- */

static char *read_text(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long size;

	cr_assert_not_null(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)size + 1);
	cr_assert_not_null(buf);
	*len = fread(buf, 1, (size_t)size, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* The puzzle of a spec file, with the rule flags given. */
static cdok_puzzle *read_puzzle(const char *path, unsigned rules)
{
	size_t len;
	char *text = read_text(path, &len);
	cdok_reader *r = cdok_reader_new(test_format("spec"), text, len);
	cdok_puzzle *p = NULL;
	cdok_error err;

	cr_assert_not_null(r);
	cdok_reader_set_rules(r, rules);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK, "%s: %s", path,
		     err.message);
	cdok_reader_free(r);
	free(text);
	return p;
}

static cdok_result solve(const cdok_puzzle *p, uint64_t limit, int *sol)
{
	cdok_solve_params params;
	cdok_result r;
	cdok_error err;

	cdok_solve_params_init(&params);
	params.limit = limit;
	cr_assert_eq(cdok_solve(p, &params, sol, &r, &err), CDOK_OK, "%s",
		     err.message);
	return r;
}

/* ---- the fork's puzzle ---- */

Test(nylimb_solver, gc7wqr5_is_unique_and_matches)
{
	cdok_puzzle *p = read_puzzle(GC7WQR5 ".puz", CDOK_RULE_NYLIMB);
	int sol[81], want[81];
	size_t len;
	char *text = read_text(GC7WQR5 ".sol", &len);
	cdok_result r;

	cr_assert_eq(cdok_puzzle_size(p), 9);
	cr_assert_eq(cdok_read_grid(text, len, 9, want, NULL), CDOK_OK);
	free(text);
	r = solve(p, 2, sol);
	cr_expect_eq(r.count, 1);
	cr_expect(r.complete);
	cr_expect(!r.gave_up);
	cr_expect_arr_eq(sol, want, sizeof(sol));
	/* D = B * 100 + E, E = 81 cells without a given. */
	cr_expect_eq(r.search_score % 100, 81, "difficulty %llu",
		     (unsigned long long)r.search_score);
	cdok_puzzle_free(p);
}

Test(nylimb_solver, gc7wqr5_read_plain_has_no_solution)
{
	/* Plain rules: values 1..9, so cage Z (+100 over three cells) can
	 * never hold.  The Nylimb solution is not a plain one. */
	cdok_puzzle *p = read_puzzle(GC7WQR5 ".puz", 0);
	cdok_result r;

	cr_assert_eq(cdok_puzzle_rules(p), 0u);
	r = solve(p, 2, NULL);
	cr_expect_eq(r.count, 0);
	cr_expect(r.complete);
	cdok_puzzle_free(p);
}

/* ---- random puzzles against the tests' own counter (ref.h) ---- */

/* A puzzle in the test's own terms, turned into a cdok_puzzle for the
 * library and the counter. */
struct tcage {
	char op;            /* + - * / */
	long long target;
	int k;
	int cells[4];
	bool distinct;
};

struct tpuzzle {
	int n;
	int given[16];      /* -1: none */
	int ncages;
	struct tcage cages[16];
	int cage_of[16];
};

static unsigned digits_of(int v)
{
	return v < 10 ? 1u << v : (1u << (v / 10)) | (1u << (v % 10));
}

/* The tests' own count (ref.h) up to cap, within budget nodes; false
 * when the budget ran out (the puzzle is then not used). */
static bool brute_count(const cdok_puzzle *p, uint64_t cap, uint64_t budget,
			uint64_t *count, int *first)
{
	struct ref_count rc;

	memset(&rc, 0, sizeof(rc));
	rc.limit = cap;
	rc.budget = budget;
	rc.first = first;
	ref_count(p, &rc);
	*count = rc.count;
	return !rc.gave_up;
}

/* ---- random Nylimb puzzles ---- */

/* A random grid obeying the line rules, cell by cell in reading order
 * (restarting when a cell has no value left, which small grids rarely
 * need). */
static void random_grid(cdok_rng *rng, int n, int *grid)
{
	for (;;) {
		unsigned rowd[4] = {0}, cold[4] = {0};
		bool rowl[4] = {false}, coll[4] = {false};
		bool ok = true;

		for (int cell = 0; cell < n * n && ok; cell++) {
			int r = cell / n, c = cell % n, cand[100], k = 0;
			bool want_two = cdok_rng_below(rng, 3) == 0 &&
					!rowl[r] && !coll[c];

			for (int v = want_two ? 10 : 0; v <= (want_two ? 99 : 9); v++)
				if (!(v >= 10 && v / 10 == v % 10) &&
				    !((rowd[r] | cold[c]) & digits_of(v)))
					cand[k++] = v;
			if (!k) {
				ok = false;
				break;
			}
			grid[cell] = cand[cdok_rng_below(rng, (uint64_t)k)];
			rowd[r] |= digits_of(grid[cell]);
			cold[c] |= digits_of(grid[cell]);
			rowl[r] |= grid[cell] >= 10;
			coll[c] |= grid[cell] >= 10;
		}
		if (ok)
			return;
	}
}

/* Random connected cages of up to maxk cells over the grid, each with
 * an operator its values allow and the target they give; sometimes the
 * target is moved by one so that the puzzle may have no solution. */
static void random_cages(cdok_rng *rng, struct tpuzzle *tp, const int *grid,
			 int maxk)
{
	int n = tp->n;

	tp->ncages = 0;
	for (int i = 0; i < n * n; i++)
		tp->cage_of[i] = -1;
	for (int start = 0; start < n * n; start++) {
		struct tcage *c;
		int want, v[4];
		char ops[4];
		int nops = 0;
		bool zero = false;
		long long sum = 0, prod = 1, mx = 0;

		if (tp->cage_of[start] >= 0)
			continue;
		c = &tp->cages[tp->ncages];
		c->k = 0;
		c->cells[c->k++] = start;
		tp->cage_of[start] = tp->ncages;
		want = 1 + (int)cdok_rng_below(rng, (uint64_t)maxk);
		while (c->k < want) {
			int nb[16], nnb = 0;

			for (int i = 0; i < c->k; i++) {
				int cell = c->cells[i], r = cell / n, col = cell % n;
				int cand[4] = {r > 0 ? cell - n : -1,
					       r + 1 < n ? cell + n : -1,
					       col > 0 ? cell - 1 : -1,
					       col + 1 < n ? cell + 1 : -1};

				for (int j = 0; j < 4; j++)
					if (cand[j] >= 0 && tp->cage_of[cand[j]] < 0)
						nb[nnb++] = cand[j];
			}
			if (!nnb)
				break;
			{
				int cell = nb[cdok_rng_below(rng, (uint64_t)nnb)];

				c->cells[c->k++] = cell;
				tp->cage_of[cell] = tp->ncages;
			}
		}
		/* Reading order within the cage, as the model keeps it. */
		for (int i = 1; i < c->k; i++)
			for (int j = i; j > 0 && c->cells[j - 1] > c->cells[j]; j--) {
				int t = c->cells[j];

				c->cells[j] = c->cells[j - 1];
				c->cells[j - 1] = t;
			}
		for (int i = 0; i < c->k; i++) {
			v[i] = grid[c->cells[i]];
			zero |= v[i] == 0;
			sum += v[i];
			prod *= v[i];
			if (v[i] > mx)
				mx = v[i];
		}
		ops[nops++] = '+';
		if (2 * mx - sum >= 0)
			ops[nops++] = '-';
		if (!zero)
			ops[nops++] = '*';
		if (!zero && (mx * mx) % prod == 0)
			ops[nops++] = '/';
		c->op = ops[cdok_rng_below(rng, (uint64_t)nops)];
		switch (c->op) {
		case '+':
			c->target = sum;
			break;
		case '-':
			c->target = 2 * mx - sum;
			break;
		case '*':
			c->target = prod;
			break;
		default:
			c->target = mx * mx / prod;
			break;
		}
		/* A cage whose cells do not all share a line may ask for
		 * distinct values. */
		c->distinct = c->k > 2 && cdok_rng_below(rng, 6) == 0;
		if (cdok_rng_below(rng, 8) == 0 && c->target > 1)
			c->target += cdok_rng_below(rng, 2) ? 1 : -1;
		tp->ncages++;
	}
}

static cdok_puzzle *to_cdok(const struct tpuzzle *tp)
{
	cdok_puzzle *p = cdok_puzzle_new(tp->n);

	cr_assert_not_null(p);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	for (int c = 0; c < tp->ncages; c++) {
		const struct tcage *tc = &tp->cages[c];
		int index;

		cr_assert_eq(cdok_puzzle_add_cage(p, (cdok_op)tc->op, tc->target,
						  tc->cells, tc->k, NULL,
						  &index), CDOK_OK);
		cr_assert_eq(cdok_puzzle_set_cage_distinct(p, index,
							   tc->distinct),
			     CDOK_OK);
	}
	for (int i = 0; i < tp->n * tp->n; i++)
		if (tp->given[i] >= 0)
			cr_assert_eq(cdok_puzzle_set_given(p, i, tp->given[i]),
				     CDOK_OK);
	return p;
}

/* How the compared puzzles came out, so a test can insist that its mix
 * holds every verdict. */
struct tally {
	int done, none, unique, more;
};

/* Compare the solver with the brute force on one random puzzle, for
 * limits 1, 2 and "all" (up to the brute force's cap).  A puzzle the
 * brute force cannot finish within its budget is skipped. */
#define BRUTE_CAP    500
#define BRUTE_BUDGET 200000

static void compare_one(cdok_rng *rng, int n, int maxk, int ngivens,
			struct tally *tally)
{
	struct tpuzzle tp;
	int grid[16], first[16], sol[16];
	uint64_t truth;
	cdok_puzzle *p;
	const uint64_t limits[] = {1, 2, 0};

	memset(&tp, 0, sizeof(tp));
	tp.n = n;
	random_grid(rng, n, grid);
	random_cages(rng, &tp, grid, maxk);
	for (int i = 0; i < n * n; i++)
		tp.given[i] = -1;
	for (int g = 0; g < ngivens; g++) {
		int cell = (int)cdok_rng_below(rng, (uint64_t)(n * n));

		tp.given[cell] = grid[cell];
	}
	p = to_cdok(&tp);
	if (!brute_count(p, BRUTE_CAP, BRUTE_BUDGET, &truth, first)) {
		cdok_puzzle_free(p);
		return;
	}
	for (size_t li = 0; li < sizeof(limits) / sizeof(limits[0]); li++) {
		uint64_t limit = limits[li] ? limits[li] : BRUTE_CAP;
		uint64_t want = truth < limit ? truth : limit;
		cdok_result r;

		/* "All" is the cap when the brute force stopped there. */
		r = solve(p, limits[li] || truth == BRUTE_CAP ? limit : 0, sol);
		cr_expect_eq(r.count, want,
			     "%dx%d puzzle: limit %llu: solver %llu, brute "
			     "force %llu", n, n, (unsigned long long)limit,
			     (unsigned long long)r.count,
			     (unsigned long long)want);
		cr_expect_eq(r.complete, truth < limit,
			     "%dx%d: limit %llu, truth %llu: complete %d", n, n,
			     (unsigned long long)limit,
			     (unsigned long long)truth, r.complete);
		if (r.count > 0)
			cr_expect(ref_is_solution(p, sol),
				  "%dx%d: the solver's solution breaks a rule",
				  n, n);
		if (truth == 1 && r.count == 1)
			cr_expect_arr_eq(sol, first, (size_t)(n * n) * sizeof(int));
	}
	tally->done++;
	tally->none += truth == 0;
	tally->unique += truth == 1;
	tally->more += truth > 1;
	cdok_puzzle_free(p);
}

static struct tally compare_many(uint64_t seed, int n, int maxk, int ngivens,
				 int puzzles)
{
	struct tally t = {0, 0, 0, 0};
	cdok_rng rng;

	cdok_rng_seed(&rng, seed, (uint64_t)n);
	for (int i = 0; i < puzzles; i++)
		compare_one(&rng, n, maxk, ngivens, &t);
	/* Skipped puzzles are ones the brute force finds too slow; most
	 * must be checked. */
	cr_expect_geq(t.done, puzzles * 9 / 10, "%dx%d: only %d of %d compared",
		      n, n, t.done, puzzles);
	return t;
}

Test(nylimb_brute, one_by_one)
{
	struct tally t = compare_many(1, 1, 1, 0, 60);

	cr_expect_gt(t.unique, 0);
}

Test(nylimb_brute, two_by_two)
{
	struct tally t = compare_many(2, 2, 3, 0, 150);

	cr_expect_gt(t.none, 0);
	cr_expect_gt(t.more, 0);
}

Test(nylimb_brute, three_by_three)
{
	struct tally t = compare_many(3, 3, 3, 0, 60);

	cr_expect_gt(t.none, 0);
	cr_expect_gt(t.more, 0);
}

Test(nylimb_brute, three_by_three_with_givens)
{
	struct tally a = compare_many(4, 3, 4, 3, 80);
	struct tally b = compare_many(7, 3, 3, 6, 100);

	cr_expect_gt(a.none + b.none, 0);
	cr_expect_gt(b.unique, 0);
	cr_expect_gt(a.more + b.more, 0);
}

Test(nylimb_brute, four_by_four_with_givens)
{
	struct tally a = compare_many(5, 4, 3, 9, 60);
	struct tally b = compare_many(6, 4, 4, 13, 100);

	cr_expect_gt(a.none + b.none, 0);
	cr_expect_gt(b.unique, 0);
	cr_expect_gt(a.more + b.more, 0);
}

/* A 2 x 2 grid that is one sum cage: at the root its four cells allow
 * about 90^3 assignments, too many to enumerate, so the solver reasons
 * with its tables of reachable sums (sum_supports) first.  Targets on
 * both sides of 64 cross the tables' word boundary. */
Test(nylimb_brute, four_cell_sum_cage)
{
	static const int64_t targets[] = {3, 10, 63, 64, 65, 100, 129, 190, 197};

	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		struct tpuzzle tp;
		int first[16], sol[16];
		uint64_t truth;
		cdok_puzzle *p;
		cdok_result r;

		memset(&tp, 0, sizeof(tp));
		tp.n = 2;
		tp.ncages = 1;
		tp.cages[0] = (struct tcage){'+', targets[i], 4, {0, 1, 2, 3},
					     false};
		for (int c = 0; c < 4; c++) {
			tp.given[c] = -1;
			tp.cage_of[c] = 0;
		}
		p = to_cdok(&tp);
		cr_assert(brute_count(p, 100000, 0, &truth, first));
		r = solve(p, 0, sol);
		cr_expect_eq(r.count, truth, "+%lld: solver %llu, brute force %llu",
			     (long long)targets[i], (unsigned long long)r.count,
			     (unsigned long long)truth);
		cr_expect(r.complete);
		cdok_puzzle_free(p);
	}
}

/* ---- the contract: limits, callbacks, node limits ---- */

/* A 3 x 3 Nylimb puzzle with one cage (+3 over the top row) and nothing
 * else: very many solutions. */
static cdok_puzzle *loose(void)
{
	cdok_puzzle *p = cdok_puzzle_new(3);
	static const int row[3] = {0, 1, 2};

	cr_assert_not_null(p);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 3, row, 3, NULL, NULL),
		     CDOK_OK);
	return p;
}

Test(nylimb_solver, limit_stops_and_reports_incomplete)
{
	cdok_puzzle *p = loose();
	cdok_result r = solve(p, 5, NULL);

	cr_expect_eq(r.count, 5);
	cr_expect(!r.complete);
	cr_expect(!r.gave_up);
	cdok_puzzle_free(p);
}

Test(nylimb_solver, node_limit_gives_up)
{
	cdok_puzzle *p = loose();
	cdok_solve_params params;
	cdok_result r;

	cdok_solve_params_init(&params);
	params.limit = 0;
	params.max_nodes = 3;
	cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
	cr_expect(r.gave_up);
	cr_expect(!r.complete);
	cr_expect_leq(r.nodes, 4);
	cdok_puzzle_free(p);
}

static int stop_at_512(void *user, uint64_t nodes)
{
	(void)user;
	return nodes >= 512;
}

Test(nylimb_solver, progress_callback_can_give_up)
{
	cdok_puzzle *p = loose();
	cdok_solve_params params;
	cdok_result r;

	cdok_solve_params_init(&params);
	params.limit = 0;
	params.on_progress = stop_at_512;
	cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
	cr_expect(r.gave_up);
	cr_expect(!r.complete);
	cr_expect_eq(r.nodes, 512);
	cdok_puzzle_free(p);
}

struct collect {
	int seen;
	int stop_at;
	int ok;
	const cdok_puzzle *p;
};

static int on_solution(void *user, const int *values)
{
	struct collect *c = user;

	c->seen++;
	if (!cdok_puzzle_is_solution(c->p, values))
		c->ok = 0;
	return c->seen == c->stop_at;
}

Test(nylimb_solver, callback_sees_solutions_and_can_stop)
{
	cdok_puzzle *p = loose();
	struct collect c = {0, 7, 1, p};
	cdok_solve_params params;
	cdok_result r;
	int first[9];

	cdok_solve_params_init(&params);
	params.limit = 0;
	params.on_solution = on_solution;
	params.user = &c;
	cr_assert_eq(cdok_solve(p, &params, first, &r, NULL), CDOK_OK);
	cr_expect_eq(c.seen, 7);
	cr_expect_eq(r.count, 7);
	cr_expect(!r.complete);
	cr_expect(!r.gave_up);
	cr_expect(c.ok);
	cr_expect(cdok_puzzle_is_solution(p, first));
	/* The top row sums to 3 with distinct digits: 0, 1, 2 in some
	 * order. */
	cr_expect_eq(first[0] + first[1] + first[2], 3);
	cdok_puzzle_free(p);
}

Test(nylimb_solver, ten_by_ten_uses_one_digit_values)
{
	/* Ten cells a line leave no digit for a second one: every value
	 * is a digit, and an empty 10 x 10 is a Latin square on 0..9. */
	cdok_puzzle *p = cdok_puzzle_new(10);
	int sol[100];
	cdok_result r;

	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	r = solve(p, 1, sol);
	cr_expect_eq(r.count, 1);
	cr_expect(cdok_puzzle_is_solution(p, sol));
	for (int i = 0; i < 100; i++)
		cr_expect_lt(sol[i], 10);
	cdok_puzzle_free(p);
}

Test(nylimb_solver, givens_and_repeated_digits)
{
	/* 1 x 1: a given 11 repeats its digit by itself, so no solution;
	 * a given 12 is the one solution, found by reasoning alone. */
	cdok_puzzle *p = cdok_puzzle_new(1);
	int sol[1];
	cdok_result r;

	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_given(p, 0, 11), CDOK_OK);
	r = solve(p, 2, sol);
	cr_expect_eq(r.count, 0);
	cr_expect(r.complete);
	cr_assert_eq(cdok_puzzle_set_given(p, 0, 12), CDOK_OK);
	r = solve(p, 2, sol);
	cr_expect_eq(r.count, 1);
	cr_expect(r.complete);
	cr_expect_eq(sol[0], 12);
	cr_expect_eq(r.nodes, 1);
	cr_expect_eq(r.search_score, 0, "a given cell is not empty");
	cdok_puzzle_free(p);

	/* A product cage holding a given 0 multiplies to 0, never to its
	 * (positive) target. */
	p = cdok_puzzle_new(1);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_MUL, 1, (int[]){0}, 1,
					  NULL, NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_given(p, 0, 0), CDOK_OK);
	r = solve(p, 2, sol);
	cr_expect_eq(r.count, 0);
	cr_expect(r.complete);
	cr_assert_eq(cdok_puzzle_set_given(p, 0, CDOK_NONE), CDOK_OK);
	r = solve(p, 2, sol);
	cr_expect_eq(r.count, 1);
	cr_expect_eq(sol[0], 1);
	cdok_puzzle_free(p);
}
