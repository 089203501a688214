/* test_generate_killer.c -- generated Killer Sudoku puzzles: shaped as
 * promised (boxes, sum cages of 2..max_cage connected cells whose
 * values differ, no givens, every cell covered), unique as counted by
 * the tests' own counter (ref.h), which shares no code with the
 * library's solver, and reproducible from their seed; and the solved
 * Sudoku grids they start from. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "fmt_helpers.h"
#include "ref.h"

/* ---- helpers ---- */

/* The tests' own count of p's solutions up to 2; the first into sol. */
static uint64_t ref_unique(const cdok_puzzle *p, int *sol)
{
	struct ref_count count;

	memset(&count, 0, sizeof(count));
	count.limit = 2;
	count.first = sol;
	ref_count(p, &count);
	return count.count;
}

/* Every row, column and box of a grid holds 1..n once. */
static bool is_sudoku(const int *v, int n, int box_rows, int box_cols)
{
	uint64_t all = (((uint64_t)1 << n) - 1) << 1;

	for (int u = 0; u < n; u++) {
		uint64_t row = 0, col = 0, box = 0;
		int r0 = (u / (n / box_cols)) * box_rows;
		int c0 = (u % (n / box_cols)) * box_cols;

		for (int j = 0; j < n; j++) {
			int a = v[u * n + j], b = v[j * n + u];
			int c = v[(r0 + j / box_cols) * n + c0 + j % box_cols];

			if (a < 1 || a > n || b < 1 || b > n || c < 1 || c > n)
				return false;
			row |= (uint64_t)1 << a;
			col |= (uint64_t)1 << b;
			box |= (uint64_t)1 << c;
		}
		if (row != all || col != all || box != all)
			return false;
	}
	return true;
}

static cdok_puzzle *make_killer(int size, int box_rows, int box_cols,
				int max_cage, uint64_t seed)
{
	cdok_gen_params par;
	cdok_rng rng;
	cdok_puzzle *p = NULL;
	cdok_error err;
	cdok_status st;

	cdok_gen_params_init(&par);
	par.size = size;
	par.killer = 1;
	par.box_rows = box_rows;
	par.box_cols = box_cols;
	if (max_cage)
		par.max_cage = max_cage;
	cdok_rng_seed(&rng, seed, 0);
	memset(&err, 0, sizeof(err));
	st = cdok_generate(&par, NULL, &rng, &p, NULL, &err);
	cr_assert_eq(st, CDOK_OK, "size %d seed %llu: %s", size,
		     (unsigned long long)seed, err.message);
	cr_assert_not_null(p);
	return p;
}

/* True if the cage's cells are orthogonally connected (a flood fill
 * from its first cell reaches all of them). */
static bool cage_connected(const cdok_puzzle *p, int cage)
{
	int n = cdok_puzzle_size(p), k = cdok_cage_size(p, cage);
	const int *cells = cdok_cage_cells(p, cage);
	int stack[64], top = 0, reached = 1;
	bool seen[64] = {false};

	cr_assert_leq(k, 64);
	seen[0] = true;
	stack[top++] = 0;
	while (top) {
		int a = cells[stack[--top]];

		for (int j = 0; j < k; j++) {
			int b = cells[j], dr = a / n - b / n, dc = a % n - b % n;

			if (!seen[j] && dr * dr + dc * dc == 1) {
				seen[j] = true;
				stack[top++] = j;
				reached++;
			}
		}
	}
	return reached == k;
}

/* Every property the Killer generator promises; the solution (from the
 * independent counter, which also proves it the only one) into sol. */
static void check_killer(const cdok_puzzle *p, int box_rows, int box_cols,
			 int max_cage, int *sol)
{
	int n = cdok_puzzle_size(p), covered = 0;

	cr_expect_eq(cdok_puzzle_box_rows(p), box_rows);
	cr_expect_eq(cdok_puzzle_box_cols(p), box_cols);
	cr_expect_eq(cdok_puzzle_rules(p), 0u);
	cr_expect_eq(cdok_puzzle_validate(p, NULL), CDOK_OK);
	for (int i = 0; i < n * n; i++) {
		cr_expect_eq(cdok_puzzle_given(p, i), CDOK_NONE,
			     "cell %d has a given", i);
		cr_expect_geq(cdok_puzzle_cage_of(p, i), 0,
			      "cell %d is in no cage", i);
	}
	for (int c = 0; c < cdok_puzzle_cage_count(p); c++) {
		int k = cdok_cage_size(p, c);

		covered += k;
		cr_expect_eq(cdok_cage_op(p, c), CDOK_OP_ADD, "cage %d", c);
		cr_expect(cdok_cage_distinct(p, c), "cage %d not distinct", c);
		cr_expect_geq(k, 2, "cage %d has %d cells", c, k);
		cr_expect_leq(k, max_cage, "cage %d has %d cells", c, k);
		cr_expect(cage_connected(p, c), "cage %d is not connected", c);
	}
	cr_expect_eq(covered, n * n);

	cr_assert_eq(ref_unique(p, sol), 1,
		     "%dx%d: the independent counter finds no unique "
		     "solution", n, n);
	cr_expect(is_sudoku(sol, n, box_rows, box_cols));
	/* The solution meets every cage: sums, and values that differ. */
	for (int c = 0; c < cdok_puzzle_cage_count(p); c++) {
		const int *cells = cdok_cage_cells(p, c);
		int64_t sum = 0;
		uint64_t seen = 0;

		for (int i = 0; i < cdok_cage_size(p, c); i++) {
			uint64_t b = (uint64_t)1 << sol[cells[i]];

			cr_expect(!(seen & b), "cage %d repeats %d", c,
				  sol[cells[i]]);
			seen |= b;
			sum += sol[cells[i]];
		}
		cr_expect_eq(sum, cdok_cage_target(p, c), "cage %d", c);
	}
	cr_expect(cdok_puzzle_is_solution(p, sol));
}

static char *spec_of(const cdok_puzzle *p)
{
	char *text = NULL;

	cr_assert_eq(cdok_write(test_format("spec"), p, NULL, &text,
				NULL, NULL), CDOK_OK);
	return text;
}

/* The library's solver agrees with the independent counter. */
static void check_solver_agrees(const cdok_puzzle *p, const int *sol)
{
	int n = cdok_puzzle_size(p);
	int *got = malloc(sizeof(int) * (size_t)(n * n));
	cdok_result r;

	cr_assert_eq(cdok_solve(p, NULL, got, &r, NULL), CDOK_OK);
	cr_expect_eq(r.count, 1);
	cr_expect(r.complete);
	cr_expect_arr_eq(got, sol, sizeof(int) * (size_t)(n * n));
	free(got);
}

/* ---- generated puzzles ---- */

Test(killer_gen, unique_9x9)
{
	const char *env = getenv("CDOK_GEN_SCALE");
	int scale = env && atoi(env) > 0 ? atoi(env) : 1;

	for (int s = 1; s <= 8 * scale; s++) {
		cdok_puzzle *p = make_killer(9, 0, 0, 0, (uint64_t)s);
		int sol[81];

		check_killer(p, 3, 3, 5, sol);
		check_solver_agrees(p, sol);
		cdok_puzzle_free(p);
	}
}

Test(killer_gen, unique_6x6_both_box_shapes)
{
	for (int s = 1; s <= 10; s++) {
		/* 0 x 0 means the squarest shape: 2 x 3. */
		cdok_puzzle *p = make_killer(6, 0, 0, 0, 600u + (unsigned)s);
		cdok_puzzle *q = make_killer(6, 3, 2, 0, 700u + (unsigned)s);
		cdok_puzzle *r = make_killer(6, 2, 3, 4, 800u + (unsigned)s);
		int sol[36];

		check_killer(p, 2, 3, 5, sol);
		check_killer(q, 3, 2, 5, sol);
		check_killer(r, 2, 3, 4, sol);
		cdok_puzzle_free(p);
		cdok_puzzle_free(q);
		cdok_puzzle_free(r);
	}
}

Test(killer_gen, unique_4x4)
{
	for (int s = 1; s <= 40; s++) {
		cdok_puzzle *p = make_killer(4, 0, 0, 0, 400u + (unsigned)s);
		int sol[16];

		/* A cage's values all differ, so no cage has more than 4
		 * cells here, whatever max_cage says. */
		check_killer(p, 2, 2, 4, sol);
		check_solver_agrees(p, sol);
		cdok_puzzle_free(p);
	}
}

Test(killer_gen, other_sizes_and_cage_limits)
{
	/* The seeds are the case's base plus 1 and 2.  The independent
	 * counter's time on a 10 x 10 with cages of up to 4 cells depends
	 * much on the layout (0.1 s for seeds 152, 156 and 157; 28 s for
	 * 151, 265 s for 153): its seeds are ones it counts quickly. */
	static const struct {
		int size, box_rows, box_cols, max_cage;
		int want_rows, want_cols;
		unsigned seed;
	} cases[] = {
		{8, 0, 0, 0, 2, 4, 90},
		{8, 4, 2, 0, 4, 2, 100},
		{9, 0, 0, 3, 3, 3, 110},
		{9, 0, 0, 9, 3, 3, 120},
		{4, 0, 0, 2, 2, 2, 130},     /* dominoes only */
		{6, 3, 2, 2, 3, 2, 140},
		{10, 0, 0, 4, 2, 5, 155},
	};
	int sol[100];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (int s = 1; s <= 2; s++) {
			int mc = cases[i].max_cage ? cases[i].max_cage : 5;
			cdok_puzzle *p = make_killer(cases[i].size,
						     cases[i].box_rows,
						     cases[i].box_cols,
						     cases[i].max_cage,
						     cases[i].seed +
						     (unsigned)s);

			check_killer(p, cases[i].want_rows, cases[i].want_cols,
				     mc, sol);
			cdok_puzzle_free(p);
		}
}

/* 12 x 12 is too slow for the independent counter; the library's
 * solver checks it, and the shape checks still run. */
Test(killer_gen, twelve_by_twelve)
{
	cdok_puzzle *p = make_killer(12, 0, 0, 0, 12);
	int *sol = malloc(sizeof(int) * 144);
	cdok_result r;

	cr_expect_eq(cdok_puzzle_box_rows(p), 3);
	cr_expect_eq(cdok_puzzle_box_cols(p), 4);
	for (int c = 0; c < cdok_puzzle_cage_count(p); c++) {
		cr_expect_geq(cdok_cage_size(p, c), 2);
		cr_expect_leq(cdok_cage_size(p, c), 5);
		cr_expect(cdok_cage_distinct(p, c));
		cr_expect(cage_connected(p, c));
	}
	cr_assert_eq(cdok_solve(p, NULL, sol, &r, NULL), CDOK_OK);
	cr_expect_eq(r.count, 1);
	cr_expect(r.complete);
	cr_expect(is_sudoku(sol, 12, 3, 4));
	free(sol);
	cdok_puzzle_free(p);
}

Test(killer_gen, same_seed_same_puzzle)
{
	static const int sizes[] = {4, 6, 9};

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		cdok_gen_params par;
		cdok_puzzle *a = NULL, *b = NULL, *c = NULL;
		cdok_rng r1, r2, r3;
		char *ta, *tb, *tc;

		cdok_gen_params_init(&par);
		par.size = sizes[i];
		par.killer = 1;
		cdok_rng_seed(&r1, 42, 5);
		cdok_rng_seed(&r2, 42, 5);
		cdok_rng_seed(&r3, 42, 6);
		cr_assert_eq(cdok_generate(&par, NULL, &r1, &a, NULL, NULL), 0);
		cr_assert_eq(cdok_generate(&par, NULL, &r2, &b, NULL, NULL), 0);
		cr_assert_eq(cdok_generate(&par, NULL, &r3, &c, NULL, NULL), 0);
		ta = spec_of(a);
		tb = spec_of(b);
		tc = spec_of(c);
		cr_expect_str_eq(ta, tb);
		cr_expect_str_neq(ta, tc);
		cr_expect(strstr(ta, "@boxes") != NULL, "%s", ta);
		cdok_free(ta);
		cdok_free(tb);
		cdok_free(tc);
		cdok_puzzle_free(a);
		cdok_puzzle_free(b);
		cdok_puzzle_free(c);
	}
}

/* A spec of a generated puzzle reads back as the same puzzle, and so
 * does the Killer JSON of a 9 x 9 one. */
Test(killer_gen, round_trips)
{
	cdok_puzzle *p = make_killer(9, 0, 0, 0, 77), *q;
	char *text = spec_of(p), *again;
	size_t len;

	q = fmt_read_one("spec", text, strlen(text), "generated spec");
	again = spec_of(q);
	cr_expect_str_eq(text, again);
	cdok_free(again);
	cdok_puzzle_free(q);
	cdok_free(text);

	text = fmt_write("killer", p, NULL, &len);
	q = fmt_read_one("killer", text, len, "generated killer JSON");
	cr_expect(fmt_same_model(p, q, "killer JSON"));
	cdok_free(text);
	cdok_puzzle_free(q);
	cdok_puzzle_free(p);
}

/* The caller's grid is the puzzle's solution; a grid that is a Latin
 * square but not a Sudoku is refused. */
Test(killer_gen, given_solution)
{
	cdok_gen_params par;
	cdok_puzzle *p = NULL;
	cdok_rng rng;
	cdok_error err;
	int grid[81], sol[81], latin[81];

	cdok_rng_seed(&rng, 5, 0);
	cr_assert_eq(cdok_generate_sudoku(9, 3, 3, &rng, grid), CDOK_OK);
	cdok_gen_params_init(&par);
	par.size = 9;
	par.killer = 1;
	cr_assert_eq(cdok_generate(&par, grid, &rng, &p, NULL, &err), CDOK_OK,
		     "%s", err.message);
	check_killer(p, 3, 3, 5, sol);
	cr_expect_arr_eq(sol, grid, sizeof(grid));
	cdok_puzzle_free(p);

	/* The cyclic square: rows and columns fine, boxes not. */
	for (int r = 0; r < 9; r++)
		for (int c = 0; c < 9; c++)
			latin[r * 9 + c] = (r + c) % 9 + 1;
	p = NULL;
	cr_expect_eq(cdok_generate(&par, latin, &rng, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "Sudoku") != NULL, "%s", err.message);
	cr_expect_null(p);
}

Test(killer_gen, rejects_bad_parameters)
{
	static const struct {
		int size, box_rows, box_cols, max_cage;
		unsigned rules;
		const char *says;
	} bad[] = {
		{7, 0, 0, 5, 0, "cannot be tiled"},
		{2, 0, 0, 5, 0, "cannot be tiled"},
		{1, 0, 0, 5, 0, "cannot be tiled"},
		{9, 2, 2, 5, 0, "do not tile"},
		{9, 1, 9, 5, 0, "do not tile"},
		{9, 3, 0, 5, 0, "do not tile"},
		{9, 0, 0, 1, 0, "at least 2 cells"},
		{9, 0, 0, 2, 0, "cages of 2 cells"},
		{9, 0, 0, 5, CDOK_RULE_NYLIMB, "no rule flags"},
		{0, 0, 0, 5, 0, "outside"},
		{64, 0, 0, 5, 0, "outside"},
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cdok_gen_params par;
		cdok_puzzle *p = NULL;
		cdok_rng rng;
		cdok_error err;

		cdok_gen_params_init(&par);
		par.killer = 1;
		par.size = bad[i].size;
		par.box_rows = bad[i].box_rows;
		par.box_cols = bad[i].box_cols;
		par.max_cage = bad[i].max_cage;
		par.rules = bad[i].rules;
		cdok_rng_seed(&rng, 1, 0);
		memset(&err, 0, sizeof(err));
		cr_expect_eq(cdok_generate(&par, NULL, &rng, &p, NULL, &err),
			     CDOK_ERR_INVALID, "case %zu", i);
		cr_expect(strstr(err.message, bad[i].says) != NULL,
			  "case %zu: \"%s\" does not say \"%s\"", i,
			  err.message, bad[i].says);
		cr_expect_null(p);
	}
}

static uint64_t cage_count_score(void *user, const cdok_puzzle *p,
				 const cdok_result *r)
{
	(void)r;
	++*(int *)user;
	/* Fewer cages score higher: hardening merges. */
	return 1000 - (uint64_t)cdok_puzzle_cage_count(p);
}

/* Hardening as in the Calcudoku generator: only unique puzzles, only
 * rising scores, never above max_score; an impossible maximum is
 * reported. */
Test(killer_gen, hardening_and_limits)
{
	cdok_gen_params par;
	cdok_puzzle *plain = NULL, *hard = NULL, *p = NULL;
	cdok_rng r1, r2;
	uint64_t s_plain = 0, s_hard = 0;
	cdok_gen_result gr = {0, {0}, NULL};
	int calls = 0, sol[81];
	cdok_error err;

	cdok_gen_params_init(&par);
	par.size = 9;
	par.killer = 1;
	par.score = cage_count_score;
	par.score_user = &calls;
	/* Seed 1: the independent counter proves the hardened puzzle in
	 * about a second (seed 3: 7 s, seed 5: 33 s, under load). */
	cdok_rng_seed(&r1, 1, 0);
	cr_assert_eq(cdok_generate(&par, NULL, &r1, &plain, &gr, NULL),
		     CDOK_OK);
	s_plain = gr.score;
	par.iterations = 10;
	cdok_rng_seed(&r2, 1, 0);
	cr_assert_eq(cdok_generate(&par, NULL, &r2, &hard, &gr, NULL),
		     CDOK_OK);
	s_hard = gr.score;
	cr_expect_gt(calls, 2);
	cr_expect_eq(s_hard, 1000 - (uint64_t)cdok_puzzle_cage_count(hard));
	cr_expect_gt(s_hard, s_plain, "hardening kept no change");
	check_killer(hard, 3, 3, 5, sol);
	cdok_puzzle_free(plain);
	cdok_puzzle_free(hard);

	/* The solver's own score, capped. */
	cdok_gen_params_init(&par);
	par.size = 9;
	par.killer = 1;
	par.iterations = 5;
	par.max_score = 5000;
	cr_assert_eq(cdok_generate(&par, NULL, &r1, &p, &gr, &err),
		     CDOK_OK, "%s", err.message);
	s_hard = gr.score;
	cr_expect_leq(s_hard, 5000);
	cdok_puzzle_free(p);

	/* No unique puzzle scores 1 (every empty cell counts). */
	cdok_gen_params_init(&par);
	par.size = 4;
	par.killer = 1;
	par.max_score = 1;
	p = NULL;
	cr_expect_eq(cdok_generate(&par, NULL, &r1, &p, NULL, &err),
		     CDOK_ERR_LIMIT);
	cr_expect_null(p);
	cr_expect(strstr(err.message, "at most 1") != NULL, "%s", err.message);
}

/* ---- solved Sudoku grids ---- */

Test(killer_gen, sudoku_grids)
{
	static const int shapes[][2] = {
		{1, 1}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3},
		{3, 4}, {4, 3}, {4, 4}, {2, 5}, {5, 5}, {6, 6}, {7, 9},
	};
	static int g[63 * 63], h[63 * 63];

	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		int br = shapes[i][0], bc = shapes[i][1], n = br * bc;
		int seeds = n <= 16 ? 20 : 2;

		for (int s = 0; s < seeds; s++) {
			cdok_rng r1, r2;

			cdok_rng_seed(&r1, (uint64_t)s, 9);
			cdok_rng_seed(&r2, (uint64_t)s, 9);
			cr_assert_eq(cdok_generate_sudoku(n, br, bc, &r1, g),
				     CDOK_OK, "%dx%d", br, bc);
			cr_expect(is_sudoku(g, n, br, bc), "%dx%d seed %d", br,
				  bc, s);
			/* Same generator state, same grid. */
			cr_assert_eq(cdok_generate_sudoku(n, br, bc, &r2, h),
				     CDOK_OK);
			cr_expect_arr_eq(g, h, sizeof(int) * (size_t)(n * n));
		}
	}
}

Test(killer_gen, sudoku_grids_differ)
{
	int a[81], b[81];
	cdok_rng r;

	cdok_rng_seed(&r, 1, 0);
	cr_assert_eq(cdok_generate_sudoku(9, 3, 3, &r, a), CDOK_OK);
	cr_assert_eq(cdok_generate_sudoku(9, 3, 3, &r, b), CDOK_OK);
	cr_expect(memcmp(a, b, sizeof(a)) != 0);
}

Test(killer_gen, sudoku_bad_shapes)
{
	static const int bad[][3] = {
		{9, 2, 2}, {9, 3, 0}, {9, 0, 3}, {9, 0, 0}, {10, 3, 3},
		{0, 0, 0}, {64, 8, 8}, {-4, -2, 2}, {6, 3, 3},
	};
	int g[100];
	cdok_rng r;

	cdok_rng_seed(&r, 1, 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_expect_eq(cdok_generate_sudoku(bad[i][0], bad[i][1],
						  bad[i][2], &r, g),
			     CDOK_ERR_INVALID, "case %zu", i);
}

/* The first levels on a grid larger than Solo's: pairs of cells alone
 * do not get a person through with box singles and the cage rules, so
 * after half the rounds fail the generator gives values where the grade
 * gets stuck, inside their cages (issue 30).  The puzzle is of the level
 * exactly, unique by the independent counter, and every given is the
 * solution's value in a cell of a cage. */
Test(killer_gen, first_level_on_a_big_grid_gives_values, .timeout = 1200)
{
	static const struct {
		int size, level;
		uint64_t seed;
	} runs[] = { {10, 0, 1}, {10, 0, 2} };

	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		int n = runs[i].size, givens = 0;
		int *sol = malloc(sizeof(int) * (size_t)(n * n));
		cdok_gen_params par;
		cdok_grading gr;
		cdok_puzzle *p = NULL;
		cdok_rng rng;
		cdok_error err;

		cdok_gen_params_init(&par);
		par.size = n;
		par.killer = 1;
		par.level = runs[i].level;
		cdok_rng_seed(&rng, runs[i].seed, 0);
		cr_assert_eq(cdok_generate(&par, NULL, &rng, &p, NULL, &err),
			     CDOK_OK, "%d x %d: %s", n, n, err.message);
		cr_assert_eq(cdok_grade(p, NULL, &gr, NULL), CDOK_OK);
		cr_expect_eq(gr.outcome, CDOK_GRADE_LEVEL);
		cr_expect_eq(gr.level, runs[i].level, "%d x %d: level %d",
			     n, n, gr.level);
		cr_assert_eq(ref_unique(p, sol), 1);
		for (int c = 0; c < n * n; c++)
			if (cdok_puzzle_given(p, c) != CDOK_NONE) {
				givens++;
				cr_expect_eq(cdok_puzzle_given(p, c), sol[c]);
				cr_expect_geq(cdok_puzzle_cage_of(p, c), 0);
			}
		cr_expect_gt(givens, 0, "%d x %d: no givens", n, n);
		check_solver_agrees(p, sol);
		cdok_puzzle_free(p);
		free(sol);
	}
}
