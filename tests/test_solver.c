/* test_solver.c -- unit tests of cage arithmetic and of the solver's
 * contract: counting with a limit, completeness, callbacks, node limits,
 * and independence between threads. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "model/model.h"
#include "solve/solve.h"
#include "testlib.h"

/* ---- cage arithmetic ---- */

static bool holds(cdok_op op, int64_t target, int a, int b, int c, int n)
{
	int v[3] = {a, b, c};

	return cdki_cage_holds(op, target, v, n);
}

Test(arith, sum)
{
	cr_expect(holds(CDOK_OP_ADD, 7, 3, 4, 0, 2));
	cr_expect(!holds(CDOK_OP_ADD, 8, 3, 4, 0, 2));
	cr_expect(holds(CDOK_OP_ADD, 6, 1, 2, 3, 3));
}

Test(arith, difference_any_cell_is_the_minuend)
{
	cr_expect(holds(CDOK_OP_SUB, 1, 3, 4, 0, 2));
	cr_expect(holds(CDOK_OP_SUB, 1, 4, 3, 0, 2));
	/* 6 - 2 - 3 = 1, with the minuend in any position. */
	cr_expect(holds(CDOK_OP_SUB, 1, 2, 6, 3, 3));
	cr_expect(holds(CDOK_OP_SUB, 1, 2, 3, 6, 3));
	cr_expect(!holds(CDOK_OP_SUB, 2, 2, 3, 6, 3));
	/* A difference target of 0 needs a = b + c. */
	cr_expect(holds(CDOK_OP_SUB, 0, 2, 5, 3, 3));
}

Test(arith, product_includes_square_roots)
{
	/* The original cdok's candidate filter missed the square root of a
	 * product target: 36 = 6 * 6 * 1 must be accepted. */
	cr_expect(holds(CDOK_OP_MUL, 36, 6, 6, 1, 3));
	cr_expect(holds(CDOK_OP_MUL, 36, 6, 1, 6, 3));
	cr_expect(!holds(CDOK_OP_MUL, 36, 6, 5, 1, 3));
	cr_expect(holds(CDOK_OP_MUL, INT64_C(9000000000000000000), 1, 1, 1, 1) == false);
}

Test(arith, ratio_is_exact)
{
	cr_expect(holds(CDOK_OP_DIV, 2, 3, 6, 0, 2));
	cr_expect(holds(CDOK_OP_DIV, 2, 6, 3, 0, 2));
	cr_expect(!holds(CDOK_OP_DIV, 2, 3, 7, 0, 2));
	/* 8 / (2 * 2) = 2: three cells. */
	cr_expect(holds(CDOK_OP_DIV, 2, 2, 8, 2, 3));
	cr_expect(!holds(CDOK_OP_DIV, 3, 2, 8, 2, 3));
	cr_expect(holds(CDOK_OP_DIV, 1, 4, 4, 0, 2));
}

/* ---- helpers ---- */

static cdok_puzzle *latin(int n)
{
	cdok_puzzle *p = cdok_puzzle_new(n);

	cr_assert_not_null(p);
	return p;
}

static void add(cdok_puzzle *p, cdok_op op, int64_t t, int ncells,
		const int *cells)
{
	cr_assert_eq(cdok_puzzle_add_cage(p, op, t, cells, ncells, NULL, NULL),
		     CDOK_OK);
}

static cdok_result solve(const cdok_puzzle *p, uint64_t limit, int *sol)
{
	cdok_solve_params params;
	cdok_result r;
	cdok_error err;

	cdok_solve_params_init(&params);
	params.limit = limit;
	cr_assert_eq(cdok_solve(p, &params, sol, &r, &err), CDOK_OK);
	return r;
}

/* ---- counting ---- */

Test(solver, counts_latin_squares)
{
	/* The numbers of Latin squares of orders 1..4 are 1, 2, 12, 576:
	 * an empty grid exercises the row/column reasoning alone. */
	static const uint64_t expect[] = {0, 1, 2, 12, 576};

	for (int n = 1; n <= 4; n++) {
		cdok_puzzle *p = latin(n);
		cdok_result r = solve(p, 0, NULL);

		cr_expect_eq(r.count, expect[n], "order %d: %llu", n,
			     (unsigned long long)r.count);
		cr_expect(r.complete);
		cdok_puzzle_free(p);
	}
}

Test(solver, limit_stops_and_reports_incomplete)
{
	cdok_puzzle *p = latin(4);
	cdok_result r = solve(p, 10, NULL);

	cr_expect_eq(r.count, 10);
	cr_expect(!r.complete);
	cr_expect(!r.gave_up);
	cdok_puzzle_free(p);
}

Test(solver, node_limit_gives_up)
{
	cdok_puzzle *p = latin(6);
	cdok_solve_params params;
	cdok_result r;

	cdok_solve_params_init(&params);
	params.limit = 0;
	params.max_nodes = 50;
	cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
	cr_expect(r.gave_up);
	cr_expect(!r.complete);
	cr_expect_leq(r.nodes, 51);
	cdok_puzzle_free(p);
}

/* The README's 6 x 6 example, built through the model API. */
static cdok_puzzle *readme6(void)
{
	cdok_puzzle *p = latin(6);
	struct {
		cdok_op op;
		int t, n;
		int cells[6];
	} cages[] = {
		{CDOK_OP_ADD, 12, 3, {0, 6, 12}},
		{CDOK_OP_DIV, 4, 2, {1, 7}},
		{CDOK_OP_MUL, 3, 2, {4, 5}},
		{CDOK_OP_ADD, 7, 2, {8, 9}},
		{CDOK_OP_MUL, 60, 3, {10, 11, 17}},
		{CDOK_OP_ADD, 12, 4, {13, 19, 25, 26}},
		{CDOK_OP_ADD, 28, 6, {14, 15, 16, 22, 23, 28}},
		{CDOK_OP_SUB, 1, 2, {20, 21}},
		{CDOK_OP_ADD, 11, 2, {27, 33}},
		{CDOK_OP_MUL, 2, 2, {29, 35}},
		{CDOK_OP_ADD, 10, 3, {30, 31, 32}},
	};

	for (size_t i = 0; i < sizeof(cages) / sizeof(cages[0]); i++)
		add(p, cages[i].op, cages[i].t, cages[i].n, cages[i].cells);
	cdok_puzzle_set_given(p, 2, 5);
	cdok_puzzle_set_given(p, 3, 2);
	cdok_puzzle_set_given(p, 18, 3);
	cdok_puzzle_set_given(p, 24, 4);
	cdok_puzzle_set_given(p, 34, 4);
	return p;
}

Test(solver, readme_example_is_unique)
{
	static const int expect[36] = {
		6, 4, 5, 2, 1, 3, 5, 1, 4, 3, 2, 6, 1, 2, 6, 4, 3, 5,
		3, 6, 2, 1, 5, 4, 4, 3, 1, 5, 6, 2, 2, 5, 3, 6, 4, 1,
	};
	cdok_puzzle *p = readme6();
	int sol[36];
	cdok_result r = solve(p, 2, sol);

	cr_expect_eq(r.count, 1);
	cr_expect(r.complete);
	cr_expect_arr_eq(sol, expect, sizeof(expect));
	cr_expect(cdok_puzzle_is_solution(p, sol));
	/* Difficulty = B * 100 + empty cells (31 of 36). */
	cr_expect_eq(r.search_score % 100, 31);
	cdok_puzzle_free(p);
}

Test(solver, clashing_givens_have_no_solution)
{
	cdok_puzzle *p = readme6();
	cdok_result r;

	/* Column 0 already holds the given 4 in row 4. */
	cdok_puzzle_set_given(p, 18, 4);
	r = solve(p, 2, NULL);
	cr_expect_eq(r.count, 0);
	cr_expect(r.complete);
	cdok_puzzle_free(p);
}

Test(solver, unreachable_and_huge_targets_have_no_solution)
{
	static const cdok_op ops[] = {CDOK_OP_ADD, CDOK_OP_SUB, CDOK_OP_MUL,
				      CDOK_OP_DIV};
	int cells[] = {0, 1};

	for (size_t i = 0; i < 4; i++) {
		cdok_puzzle *p = latin(4);
		cdok_result r;

		add(p, ops[i], INT64_MAX, 2, cells);
		r = solve(p, 2, NULL);
		cr_expect_eq(r.count, 0, "op %c", ops[i]);
		cr_expect(r.complete);
		cdok_puzzle_free(p);
	}
}

Test(solver, square_root_factor_is_found)
{
	/* 3 x 3 grid, one L-shaped cage 9* over cells 0, 3, 4: the values
	 * 3, 1, 3 (two 3s in different rows and columns) is the only way. */
	cdok_puzzle *p = latin(3);
	int cage[] = {0, 3, 4};
	int rest[] = {1, 2};
	int sol[9];
	cdok_result r;

	add(p, CDOK_OP_MUL, 9, 3, cage);
	add(p, CDOK_OP_ADD, 3, 2, rest);
	r = solve(p, 0, sol);
	cr_expect_gt(r.count, 0);
	cr_expect_eq(sol[0], 3);
	cr_expect_eq(sol[4], 3);
	cdok_puzzle_free(p);
}

Test(solver, one_by_one)
{
	cdok_puzzle *p = latin(1);
	int sol[1] = {0};
	cdok_result r = solve(p, 2, sol);

	cr_expect_eq(r.count, 1);
	cr_expect(r.complete);
	cr_expect_eq(sol[0], 1);
	cdok_puzzle_free(p);
}

Test(solver, largest_grid_finds_a_latin_square)
{
	cdok_puzzle *p = latin(CDOK_MAX_SIZE);
	int *sol = malloc(sizeof(int) * CDOK_MAX_SIZE * CDOK_MAX_SIZE);
	cdok_result r = solve(p, 1, sol);

	cr_expect_eq(r.count, 1);
	cr_expect(cdok_puzzle_is_solution(p, sol));
	free(sol);
	cdok_puzzle_free(p);
}

/* Collects the solutions a search reports (up to two). */
struct two {
	int n, count;
	int *grids[2];
};

static int keep_two(void *user, const int *values)
{
	struct two *t = user;

	if (t->count < 2) {
		t->grids[t->count] = malloc(sizeof(int) * (size_t)(t->n * t->n));
		memcpy(t->grids[t->count], values,
		       sizeof(int) * (size_t)(t->n * t->n));
	}
	t->count++;
	return 0;
}

/* A large grid that is mostly free (three small cages in a corner of a
 * 60 x 60, tests/data/regress/huge_empty_60x60.json) once took 18 G
 * instructions to call "not unique": free rows are now filled without
 * search and trade places for the second solution.  Counted in nodes,
 * so a slow machine cannot fail it: the search decides the three caged
 * rows and nothing else. */
Test(solver, free_rows_decided_in_few_nodes)
{
	cdok_puzzle *p = latin(60);
	static const int c1[] = {0, 1, 2, 61}, c2[] = {60, 120, 121},
			 c3[] = {62, 122};
	cdok_solve_params params;
	struct two t = {60, 0, {NULL, NULL}};
	cdok_result r;

	add(p, CDOK_OP_MUL, 6, 4, c1);
	add(p, CDOK_OP_ADD, 7, 3, c2);
	add(p, CDOK_OP_MUL, 3, 2, c3);
	cdok_solve_params_init(&params);
	params.max_nodes = 3 * 60 + 1;
	params.on_solution = keep_two;
	params.user = &t;
	cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
	cr_expect_eq(r.verdict, CDOK_VERDICT_MULTIPLE, "verdict %s, %llu nodes",
		     cdok_verdict_name(r.verdict),
		     (unsigned long long)r.nodes);
	cr_assert_eq(t.count, 2);
	cr_expect(cdok_puzzle_is_solution(p, t.grids[0]));
	cr_expect(cdok_puzzle_is_solution(p, t.grids[1]));
	cr_expect(memcmp(t.grids[0], t.grids[1], sizeof(int) * 3600) != 0);
	free(t.grids[0]);
	free(t.grids[1]);

	/* Is there a solution at all: one, found the same way. */
	params.limit = 1;
	t.count = 0;
	cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
	cr_expect_eq(r.verdict, CDOK_VERDICT_FOUND);
	cr_assert_eq(t.count, 1);
	cr_expect(cdok_puzzle_is_solution(p, t.grids[0]));
	free(t.grids[0]);
	cdok_puzzle_free(p);
}

/* Empty grids of every size: "not unique" without searching (size 1:
 * unique). */
Test(solver, empty_grids_are_not_unique_at_once)
{
	for (int n = 1; n <= CDOK_MAX_SIZE; n++) {
		cdok_puzzle *p = latin(n);
		cdok_solve_params params;
		cdok_result r;

		cdok_solve_params_init(&params);
		params.max_nodes = 2;
		cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
		cr_expect_eq(r.verdict, n == 1 ? CDOK_VERDICT_UNIQUE
					       : CDOK_VERDICT_MULTIPLE,
			     "%d x %d: %s", n, n, cdok_verdict_name(r.verdict));
		cdok_puzzle_free(p);
	}
}

/* The grader's window on cage enumeration: a 3- pair in a row of a
 * 4 x 4 fits only as 1 and 4, so both cells support {1, 4} and the row
 * must hold both; after 4 leaves the first cell, the layouts are fixed;
 * with 1 gone from both, none fits. */
Test(solver, cage_scan_for_the_grader)
{
	cdok_puzzle *p = latin(4);
	static const int cells[] = {0, 1};
	uint64_t dom[16], support[2], must[6];
	int unit[6];
	struct cdok_cage_scan scan = {support, 0, unit, must};
	struct cdok_latin *e;

	add(p, CDOK_OP_SUB, 3, 2, cells);
	e = cdki_latin_open(p);
	cr_assert_not_null(e);
	for (int i = 0; i < 16; i++)
		dom[i] = 0x1e;     /* 1..4 */
	cr_assert_eq(cdki_latin_scan(e, 0, dom, 1000, &scan), 1);
	cr_expect_eq(support[0], 0x12);
	cr_expect_eq(support[1], 0x12);
	cr_assert_eq(scan.ngroups, 3);  /* row 0, columns 0 and 1 */
	for (int g = 0; g < scan.ngroups; g++)
		cr_expect_eq(must[g], unit[g] == 0 ? 0x12u : 0u,
			     "unit %d: %#llx", unit[g],
			     (unsigned long long)must[g]);
	dom[0] = 0x0e;             /* 1..3 */
	cr_assert_eq(cdki_latin_scan(e, 0, dom, 1000, &scan), 1);
	cr_expect_eq(support[0], 0x02);
	cr_expect_eq(support[1], 0x10);
	dom[0] = dom[1] = 0x1c;    /* 2..4 */
	cr_expect_eq(cdki_latin_scan(e, 0, dom, 1000, &scan), 0);
	cr_expect_eq(cdki_latin_scan(e, 0, dom, 0, &scan), -1);
	cdki_latin_close(e);
	cdki_latin_close(NULL);
	cdok_puzzle_free(p);
}

/* A cage scanned with a large budget is answered from its table after
 * the first scan, a two-cell cage by scan_pair at once: on domains
 * narrowed one value at a time, every answer equals the enumeration's
 * (a budget just under the table's). */
Test(solver, cage_scan_tables_agree_with_enumeration)
{
	static const struct {
		cdok_op op;
		int64_t target;
		int ncells, cells[5];
	} cages[] = {
		{CDOK_OP_ADD, 12, 3, {0, 1, 2}},
		{CDOK_OP_MUL, 60, 3, {3, 9, 10}},        /* an L */
		{CDOK_OP_SUB, 2, 2, {4, 5}},
		{CDOK_OP_DIV, 3, 2, {11, 17}},
		{CDOK_OP_ADD, 16, 5, {6, 7, 12, 13, 14}},
		{CDOK_OP_MUL, 24, 4, {18, 19, 24, 25}},  /* a square */
		/* Two-cell cages: scan_pair against the enumeration. */
		{CDOK_OP_ADD, 7, 2, {20, 21}},
		{CDOK_OP_MUL, 12, 2, {26, 32}},
		{CDOK_OP_DIV, 2, 2, {27, 28}},
		{CDOK_OP_SUB, 5, 2, {29, 35}},
		{CDOK_OP_ADD, 3, 2, {22, 23}},
		/* Even sums, whose half pairs with itself only; a
		 * difference of 1. */
		{CDOK_OP_ADD, 8, 2, {15, 16}},
		{CDOK_OP_ADD, 6, 2, {33, 34}},
		{CDOK_OP_SUB, 1, 2, {30, 31}},
	};
	enum { N = 6, NCAGES = sizeof(cages) / sizeof(cages[0]) };
	cdok_puzzle *p = latin(N);
	struct cdok_latin *tab, *enu;
	uint64_t dom[N * N], seed = 12345;
	int compared = 0, tabled_empty = 0;

	for (int c = 0; c < NCAGES; c++)
		add(p, cages[c].op, cages[c].target, cages[c].ncells,
		    cages[c].cells);
	tab = cdki_latin_open(p);
	enu = cdki_latin_open(p);
	cr_assert(tab && enu);
	for (int round = 0; round < 40; round++) {
		for (int i = 0; i < N * N; i++)
			dom[i] = 0x7e;     /* 1..6 */
		for (int step = 0; step < 150; step++) {
			for (int c = 0; c < NCAGES; c++) {
				uint64_t s1[5], s2[5], m1[15], m2[15];
				int u1[15], u2[15];
				struct cdok_cage_scan a = {s1, 0, u1, m1};
				struct cdok_cage_scan b = {s2, 0, u2, m2};
				int ra = cdki_latin_scan(tab, c, dom, 1L << 24, &a);
				int rb = cdki_latin_scan(enu, c, dom,
						CDOK_LATIN_TABLE_BUDGET - 1, &b);

				cr_assert_eq(ra, rb, "round %d step %d cage %d",
					     round, step, c);
				cr_assert_eq(a.ngroups, b.ngroups);
				for (int i = 0; i < cages[c].ncells; i++)
					cr_assert_eq(s1[i], s2[i], "round %d "
						     "step %d cage %d cell %d",
						     round, step, c, i);
				for (int g = 0; ra == 1 && g < a.ngroups; g++) {
					cr_assert_eq(u1[g], u2[g]);
					cr_assert_eq(m1[g], m2[g], "round %d "
						     "step %d cage %d unit %d",
						     round, step, c, u1[g]);
				}
				compared++;
				tabled_empty += ra == 0;
			}
			/* Take a random value from a random cell that
			 * keeps one. */
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			int cell = (int)((seed >> 33) % (N * N));
			int v = 1 + (int)((seed >> 20) % N);

			if ((dom[cell] & ~((uint64_t)1 << v)) != 0)
				dom[cell] &= ~((uint64_t)1 << v);
		}
	}
	cr_expect_eq(compared, 40 * 150 * NCAGES);
	/* The walk reaches domains no layout fits, too. */
	cr_expect_gt(tabled_empty, 0);
	cdki_latin_close(tab);
	cdki_latin_close(enu);
	cdok_puzzle_free(p);
}

/* A spec puzzle from text. */
static cdok_puzzle *spec(const char *text)
{
	cdok_reader *r = cdok_reader_new(cdok_format_find("spec"), text,
					 strlen(text));
	cdok_puzzle *p = NULL;
	cdok_error err;

	cr_assert_not_null(r);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK, "%s",
		     err.message);
	cdok_reader_free(r);
	return p;
}

/* A cage no filling can meet is seen before any search, with the
 * reason, whatever its size: an 18-cell cage whose values must differ
 * on a 9 x 9 once ran for minutes. */
Test(solver, impossible_cages_are_seen_at_once)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{"@boxes 3x3\n@distinct A\n"
		 "A+90\tA\tA\tA\tA\tA\tA\tA\tA\n"
		 "A\tA\tA\tA\tA\tA\tA\tA\tA\n"
		 "c+45\tc\tc\tc\tc\tc\tc\tc\tc\n"
		 "d+45\td\td\td\td\td\td\td\td\n"
		 "e+45\te\te\te\te\te\te\te\te\n"
		 "f+45\tf\tf\tf\tf\tf\tf\tf\tf\n"
		 "g+45\tg\tg\tg\tg\tg\tg\tg\tg\n"
		 "h+45\th\th\th\th\th\th\th\th\n"
		 "i+45\ti\ti\ti\ti\ti\ti\ti\ti\n",
		 "the 90 cage at r1c1 has 18 cells whose values "
		 "must all differ, but there are only 9 values"},
		{"A+9\tA\t3\n1\t3\t2\n3\t2\t1\n",
		 "no 2 values of 1..3 meet the clue of the 9+ cage at r1c1"},
		{"@distinct A\nA+2\tA\t3\n1\t3\t2\n3\t2\t1\n",
		 "no 2 different values of 1..3 meet the clue of the 2+ cage "
		 "at r1c1"},
		{"A*5\tA\t3\n1\t3\t2\n3\t2\t1\n",
		 "no 2 values (it has a prime factor too large) of 1..3 meet "
		 "the clue of the 5* cage at r1c1"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cdok_puzzle *p = spec(cases[i].text);
		cdok_solve_params params;
		cdok_result r;

		cdok_solve_params_init(&params);
		params.max_nodes = 1;
		cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
		cr_expect_eq(r.verdict, CDOK_VERDICT_NONE, "case %zu: %s", i,
			     cdok_verdict_name(r.verdict));
		cr_expect_str_eq(r.reason, cases[i].want, "case %zu", i);
		cdok_puzzle_free(p);
	}
	/* A possible puzzle has no reason. */
	{
		cdok_puzzle *p = spec("A+3\tA\n2\t1\n");
		cdok_result r = solve(p, 2, NULL);

		cr_expect_eq(r.verdict, CDOK_VERDICT_UNIQUE);
		cr_expect_str_eq(r.reason, "");
		cdok_puzzle_free(p);
	}
}

/* A puzzle of size n whose first n * n - k cells are given from the
 * cyclic square (row r, column c holds (r + c) % n + 1) and whose other
 * k cells are one cage; target -1 means the target the square's own
 * values make. */
static cdok_puzzle *one_big_cage(int n, int k, cdok_op op, int64_t target)
{
	cdok_puzzle *p = latin(n);
	int given = n * n - k, *cells = malloc(sizeof(int) * (size_t)k);
	int64_t sum = 0, max = 0;

	cr_assert_not_null(cells);
	for (int cell = 0; cell < n * n; cell++) {
		int v = (cell / n + cell % n) % n + 1;

		if (cell < given) {
			cr_assert_eq(cdok_puzzle_set_given(p, cell, v), CDOK_OK);
			continue;
		}
		cells[cell - given] = cell;
		sum += v;
		max = v > max ? v : max;
	}
	if (target < 0)
		target = op == CDOK_OP_ADD ? sum : 2 * max - sum;
	add(p, op, target, k, cells);
	free(cells);
	return p;
}

/* A cage of more than 64 cells (more than one word of cells) is decided
 * as a smaller one is: at once when no filling can meet its clue (a
 * 65-cell -0 cage once searched for minutes), and counted like any
 * other when one can. */
Test(solver, cages_of_any_size_are_decided_at_once)
{
	static const struct {
		cdok_op op;
		int64_t target;
	} none[] = {
		{CDOK_OP_SUB, 0}, {CDOK_OP_DIV, 1}, {CDOK_OP_MUL, 7},
		{CDOK_OP_ADD, 1000}, {CDOK_OP_ADD, 3},
	};
	static const int sizes[][2] = {
		{9, 36}, {9, 63}, {9, 64}, {9, 65}, {9, 70}, {9, 81},
		{33, 1089}, {63, 3969},
	};

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		int n = sizes[s][0], k = sizes[s][1];

		for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
			cdok_puzzle *p = one_big_cage(n, k, none[i].op,
						      none[i].target);
			cdok_solve_params params;
			cdok_result r;

			cdok_solve_params_init(&params);
			params.max_nodes = 1;
			cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL),
				     CDOK_OK);
			cr_expect_eq(r.verdict, CDOK_VERDICT_NONE,
				     "%d x %d, %d cells, op %c target %lld: %s",
				     n, n, k, (char)none[i].op,
				     (long long)none[i].target,
				     cdok_verdict_name(r.verdict));
			cdok_puzzle_free(p);
		}
	}
	/* Targets the square meets: solutions, each one right. */
	for (int k = 60; k <= 81; k += 3) {
		cdok_puzzle *p = one_big_cage(9, k, CDOK_OP_ADD, -1);
		int sol[81];
		cdok_result r = solve(p, 1, sol);

		cr_expect(r.verdict == CDOK_VERDICT_FOUND ||
			  r.verdict == CDOK_VERDICT_UNIQUE, "%d cells: %s", k,
			  cdok_verdict_name(r.verdict));
		cr_expect(cdok_puzzle_is_solution(p, sol), "%d cells", k);
		cdok_puzzle_free(p);
	}
}

/* Cages the unit rule keeps by itself (whole rows as +1830 cages of a
 * 60 x 60, whole columns as products) decide nothing: such a grid is
 * decided as an empty one is, without searching (it took 7,327 nodes
 * and 30 s once).  A whole row whose clue no filling meets has no
 * solution at once. */
Test(solver, cages_the_units_keep_decide_nothing)
{
	static const struct {
		int n;
		bool rows;
		cdok_op op;
		int64_t target;
		cdok_verdict want;
	} cases[] = {
		{60, true, CDOK_OP_ADD, 1830, CDOK_VERDICT_MULTIPLE},
		{9, false, CDOK_OP_MUL, 362880, CDOK_VERDICT_MULTIPLE},
		{60, true, CDOK_OP_ADD, 1829, CDOK_VERDICT_NONE},
		{9, false, CDOK_OP_MUL, 362881, CDOK_VERDICT_NONE},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int n = cases[i].n, cells[60];
		cdok_puzzle *p = latin(n);
		cdok_solve_params params;
		cdok_result r;
		int *sol = malloc(sizeof(int) * (size_t)(n * n));

		cr_assert_not_null(sol);
		for (int a = 0; a < n; a++) {
			for (int j = 0; j < n; j++)
				cells[j] = cases[i].rows ? a * n + j : j * n + a;
			add(p, cases[i].op, cases[i].target, n, cells);
		}
		cdok_solve_params_init(&params);
		params.limit = 2;
		params.max_nodes = 3 * (uint64_t)n + 1;
		cr_assert_eq(cdok_solve(p, &params, sol, &r, NULL), CDOK_OK);
		cr_expect_eq(r.verdict, cases[i].want,
			     "case %zu: %s after %llu nodes", i,
			     cdok_verdict_name(r.verdict),
			     (unsigned long long)r.nodes);
		if (r.verdict == CDOK_VERDICT_MULTIPLE)
			cr_expect(cdok_puzzle_is_solution(p, sol), "case %zu",
				  i);
		free(sol);
		cdok_puzzle_free(p);
	}
}

static int stop_at_512(void *user, uint64_t nodes)
{
	(void)user;
	return nodes >= 512;
}

Test(solver, progress_callback_can_give_up)
{
	cdok_puzzle *p = latin(6);
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

/* ---- callbacks ---- */

struct collect {
	int seen;
	int stop_at;
	int n;
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

Test(solver, callback_sees_every_solution_and_can_stop)
{
	cdok_puzzle *p = latin(3);
	struct collect c = {0, 0, 3, 1, p};
	cdok_solve_params params;
	cdok_result r;

	cdok_solve_params_init(&params);
	params.limit = 0;
	params.on_solution = on_solution;
	params.user = &c;
	cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
	cr_expect_eq(c.seen, 12);
	cr_expect(c.ok);

	c.seen = 0;
	c.stop_at = 5;
	cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
	cr_expect_eq(c.seen, 5);
	cr_expect_eq(r.count, 5);
	cr_expect(!r.complete);
	cdok_puzzle_free(p);
}

/* A search long enough to restart (engine.h, search_root): the runs cut
 * short leave nogoods behind, and the count that follows must still be
 * exact.  bench/hard/sum9_7sol_a.spec has 7 solutions (the tests' own
 * counter, tests/ref.c, agrees, in two minutes); its search passes
 * the 1,024 nodes of the last stage and the 3,000 of that stage's first
 * run before finding one. */
struct distinct {
	int grids[8][81];
	int seen;
	int ok;
	const cdok_puzzle *p;
};

static int on_distinct(void *user, const int *values)
{
	struct distinct *d = user;

	if (!cdok_puzzle_is_solution(d->p, values) || d->seen == 8)
		d->ok = 0;
	for (int i = 0; i < d->seen && d->ok; i++)
		if (!memcmp(d->grids[i], values, sizeof(d->grids[i])))
			d->ok = 0;
	if (d->ok)
		memcpy(d->grids[d->seen], values, sizeof(d->grids[0]));
	d->seen++;
	return 0;
}

Test(solver, restarts_and_nogoods_keep_the_count_exact)
{
	size_t len;
	char *text = tl_read("bench/hard/sum9_7sol_a.spec", &len);
	cdok_puzzle *p;
	struct distinct d = { .ok = 1 };
	cdok_solve_params params;
	cdok_result r;

	cr_assert_not_null(text);
	p = spec(text);
	free(text);
	d.p = p;
	cdok_solve_params_init(&params);
	params.limit = 0;
	params.on_solution = on_distinct;
	params.user = &d;
	cr_assert_eq(cdok_solve(p, &params, NULL, &r, NULL), CDOK_OK);
	cr_expect(r.complete);
	cr_expect_eq(r.count, 7);
	cr_expect_eq(d.seen, 7);
	cr_expect(d.ok, "a grid that is no solution, or one seen twice");
	cr_expect_gt(r.nodes, 1024 + 3000, "%llu nodes: no restart happened",
		     (unsigned long long)r.nodes);

	/* With the default limit: several, stopping at the second. */
	cr_assert_eq(cdok_solve(p, NULL, NULL, &r, NULL), CDOK_OK);
	cr_expect_eq(r.verdict, CDOK_VERDICT_MULTIPLE);
	cr_expect_eq(r.count, 2);
	cdok_puzzle_free(p);
}

/* ---- validation ---- */

Test(solver, rejects_invalid_cages)
{
	cdok_puzzle *p = latin(4);
	int apart[] = {0, 5};   /* diagonal neighbours only */
	cdok_error err;
	cdok_result r;

	add(p, CDOK_OP_ADD, 3, 2, apart);
	cr_expect_eq(cdok_solve(p, NULL, NULL, &r, &err), CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "connected") != NULL, "%s",
		  err.message);
	cdok_puzzle_free(p);

	p = latin(4);
	add(p, CDOK_OP_MUL, 0, 2, (int[]){0, 1});
	cr_expect_eq(cdok_solve(p, NULL, NULL, &r, &err), CDOK_ERR_INVALID);
	cdok_puzzle_free(p);
}

/* ---- threads ---- */

static void *solve_thread(void *arg)
{
	cdok_puzzle *p = arg;
	int sol[36];
	cdok_result r;
	intptr_t good = 1;

	for (int i = 0; i < 200; i++) {
		if (cdok_solve(p, NULL, sol, &r, NULL) != CDOK_OK ||
		    r.count != 1 || !cdok_puzzle_is_solution(p, sol))
			good = 0;
	}
	return (void *)good;
}

Test(solver, two_threads_solve_at_once)
{
	cdok_puzzle *a = readme6(), *b = readme6();
	pthread_t ta, tb;
	void *ra, *rb;

	cr_assert_eq(pthread_create(&ta, NULL, solve_thread, a), 0);
	cr_assert_eq(pthread_create(&tb, NULL, solve_thread, b), 0);
	pthread_join(ta, &ra);
	pthread_join(tb, &rb);
	cr_expect(ra == (void *)1 && rb == (void *)1);
	cdok_puzzle_free(a);
	cdok_puzzle_free(b);
}
