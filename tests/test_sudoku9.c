/* test_sudoku9.c -- the plain 9 x 9 Sudoku solver (lib/solve/sudoku9.c),
 * which cdok_solve picks for 9 x 9 puzzles with 3 x 3 boxes and givens
 * only: which puzzles it takes, its verdicts and solutions on hard
 * puzzles, the solution limit, the node budget and the callbacks, and
 * a property test holding it against the general engine
 * (cdki_latin_solve) on random puzzles, and the hard puzzles with their
 * digits renamed and their grid transposed.
 */
#include "fmt_helpers.h"
#include "model/model.h"
#include "ref.h"
#include "solve/solve.h"

#define MAX_KEPT 64

static cdok_puzzle *line_puzzle(const char *line)
{
	return fmt_read_one("sudoku", line, 81, line);
}

/* The solutions a search reports, kept in order (up to MAX_KEPT). */
struct kept {
	int n, stop_after;
	int grids[MAX_KEPT][81];
};

static int keep_solution(void *user, const int *values)
{
	struct kept *k = user;

	if (k->n < MAX_KEPT)
		memcpy(k->grids[k->n], values, sizeof(k->grids[0]));
	k->n++;
	return k->stop_after && k->n >= k->stop_after;
}

static int cmp_grid(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(int[81]));
}

static const char easter_monster[] =
	"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3"
	"...9.8...2.....1";

Test(sudoku9, takes_plain_9x9_only)
{
	cdok_puzzle *p = cdok_puzzle_new(9), *q;
	int cell = 0;

	cr_assert_not_null(p);
	cr_expect_not(cdki_sudoku9_fits(p), "no boxes: a Latin square");
	cr_assert_eq(cdok_puzzle_set_boxes(p, 3, 3), CDOK_OK);
	cr_expect(cdki_sudoku9_fits(p));
	cr_assert_eq(cdok_puzzle_set_given(p, 40, 5), CDOK_OK);
	cr_expect(cdki_sudoku9_fits(p));
	q = cdok_puzzle_clone(p);
	cr_assert_eq(cdok_puzzle_add_cage(q, CDOK_OP_ADD, 3, &cell, 1, NULL,
					  NULL), CDOK_OK);
	cr_expect_not(cdki_sudoku9_fits(q), "a cage: Killer");
	cdok_puzzle_free(q);
	q = cdok_puzzle_clone(p);
	cr_assert_eq(cdok_puzzle_set_rules(q, CDOK_RULE_TWO_CELL), CDOK_OK);
	cr_expect_not(cdki_sudoku9_fits(q), "a rule flag");
	cdok_puzzle_free(q);
	cdok_puzzle_free(p);
	p = line_puzzle("1..............."
			"................................................"
			"................." );
	cr_expect(cdki_sudoku9_fits(p));
	cdok_puzzle_free(p);
	p = fmt_read_one("sudoku", "1...............", 16, "4x4");
	cr_expect_not(cdki_sudoku9_fits(p), "4 x 4");
	cdok_puzzle_free(p);
}

/* Hard puzzles of the three benchmark sets: unique, the right grid,
 * and the same counts with the solution given to the callback. */
Test(sudoku9, hard_puzzles_unique)
{
	size_t len;
	char *text = tl_read("tests/data/sudoku/hard.txt", &len), *save;
	int n = 0;

	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		cdok_puzzle *p;
		cdok_result res;
		cdok_solve_params sp;
		struct kept k = {0};
		int sol[81];

		if (l[0] == '#')
			continue;
		cr_assert_eq(strlen(l), 163, "%s", l);
		p = line_puzzle(l);
		cr_assert(cdki_sudoku9_fits(p));
		cdok_solve_params_init(&sp);
		sp.on_solution = keep_solution;
		sp.user = &k;
		cr_assert_eq(cdok_solve(p, &sp, sol, &res, NULL), CDOK_OK);
		cr_expect_eq(res.verdict, CDOK_VERDICT_UNIQUE, "%s", l);
		cr_expect_eq(res.count, 1);
		cr_expect(res.complete);
		cr_expect_geq(res.nodes, 1);
		cr_expect_eq(k.n, 1);
		for (int i = 0; i < 81; i++)
			cr_expect_eq(sol[i], l[82 + i] - '0', "%s: cell %d",
				     l, i);
		cr_expect_eq(memcmp(sol, k.grids[0], sizeof(sol)), 0);
		cr_expect(ref_is_solution(p, sol));
		cdok_puzzle_free(p);
		n++;
	}
	cr_expect_eq(n, 84);
	free(text);
}

/* The empty grid: as many solutions as the limit asks for, each a
 * different valid grid; the callback can stop the search. */
Test(sudoku9, limits_on_many_solutions)
{
	static const uint64_t limits[] = {1, 2, 10};
	cdok_puzzle *p = line_puzzle(
		"................................................"
		".................................");

	for (int i = 0; i < 3; i++) {
		cdok_solve_params sp;
		cdok_result res;
		struct kept k = {0};
		int sol[81];

		cdok_solve_params_init(&sp);
		sp.limit = limits[i];
		sp.on_solution = keep_solution;
		sp.user = &k;
		cr_assert_eq(cdok_solve(p, &sp, sol, &res, NULL), CDOK_OK);
		cr_expect_eq(res.count, limits[i]);
		cr_expect_eq(k.n, (int)limits[i]);
		cr_expect_not(res.complete);
		cr_expect_not(res.gave_up);
		cr_expect_eq(res.verdict, limits[i] == 1
			     ? CDOK_VERDICT_FOUND : CDOK_VERDICT_MULTIPLE);
		cr_expect_eq(memcmp(sol, k.grids[0], sizeof(sol)), 0);
		for (int j = 0; j < k.n; j++)
			cr_expect(ref_is_solution(p, k.grids[j]));
		qsort(k.grids, (size_t)k.n, sizeof(k.grids[0]), cmp_grid);
		for (int j = 1; j < k.n; j++)
			cr_expect_neq(cmp_grid(k.grids[j - 1], k.grids[j]), 0,
				      "solution %d twice", j);
	}
	{
		cdok_solve_params sp;
		cdok_result res;
		struct kept k = {.stop_after = 3};

		cdok_solve_params_init(&sp);
		sp.limit = 0;
		sp.on_solution = keep_solution;
		sp.user = &k;
		cr_assert_eq(cdok_solve(p, &sp, NULL, &res, NULL), CDOK_OK);
		cr_expect_eq(res.count, 3, "the callback said stop");
		cr_expect_not(res.complete);
	}
	cdok_puzzle_free(p);
}

/* count.txt's puzzle of 53 solutions: all of them without a limit,
 * ten with a limit of 10. */
Test(sudoku9, counts_all_without_limit)
{
	cdok_puzzle *p = line_puzzle("...........6..912....75..38.6...4..27.."
				     "5.2..65......7.83..25....946..3......."
				     "....");
	cdok_solve_params sp;
	cdok_result res;

	cdok_solve_params_init(&sp);
	sp.limit = 0;
	cr_assert_eq(cdok_solve(p, &sp, NULL, &res, NULL), CDOK_OK);
	cr_expect_eq(res.count, 53);
	cr_expect(res.complete);
	cr_expect_eq(res.verdict, CDOK_VERDICT_MULTIPLE);
	sp.limit = 10;
	cr_assert_eq(cdok_solve(p, &sp, NULL, &res, NULL), CDOK_OK);
	cr_expect_eq(res.count, 10);
	cr_expect_not(res.complete);
	cdok_puzzle_free(p);
}

/* Givens that clash, and givens that clash only after reasoning. */
Test(sudoku9, no_solution)
{
	static const char *const lines[] = {
		/* 5 twice in row 1 */
		"5...5184...86.39.73.....6.......5..12..1.7..98..3......."
		"9.....44.67.95...2358....",
		/* two 1s in column 1 */
		"1........1......................................."
		"................................",
		/* two 1s in box 1, in other rows and columns */
		"1.........1......................................"
		"................................",
		/* two 1s in column 1, in other bands */
		"1...................................1............"
		"................................",
		/* 1 and 2 both left with only the eighth cell of row 1
		 * (column 9 has both) */
		"3456789............................1........."
		".................2..................",
		/* the misremembered Platinum Blonde of count.txt */
		".......12........3..23..4....1....5..4...6.8.9.....7..8."
		"5..6..2...1.4..7....5....",
	};

	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		cdok_puzzle *p = line_puzzle(lines[i]);
		cdok_result res;
		int sol[81] = {0};

		cr_assert_eq(cdok_solve(p, NULL, sol, &res, NULL), CDOK_OK);
		cr_expect_eq(res.count, 0, "%s", lines[i]);
		cr_expect(res.complete);
		cr_expect_eq(res.verdict, CDOK_VERDICT_NONE);
		cr_expect_eq(sol[0], 0, "no solution written");
		cr_expect_eq(res.reason[0], '\0');
		cdok_puzzle_free(p);
	}
}

static int stop_progress(void *user, uint64_t nodes)
{
	(void)nodes;
	++*(int *)user;
	return 1;
}

/* A node budget and a progress callback end the search: gave-up. */
Test(sudoku9, budgets)
{
	cdok_puzzle *p = line_puzzle(easter_monster);
	cdok_solve_params sp;
	cdok_result res;
	int calls = 0;

	cdok_solve_params_init(&sp);
	sp.max_nodes = 3;
	cr_assert_eq(cdok_solve(p, &sp, NULL, &res, NULL), CDOK_OK);
	cr_expect(res.gave_up);
	cr_expect_not(res.complete);
	cr_expect_eq(res.verdict, CDOK_VERDICT_UNKNOWN);
	cr_expect_eq(res.nodes, 3);
	cdok_puzzle_free(p);
	/* The empty grid with no limit: the progress callback comes at
	 * node 256 and stops it. */
	p = line_puzzle("................................................"
			".................................");
	cdok_solve_params_init(&sp);
	sp.limit = 0;
	sp.on_progress = stop_progress;
	sp.progress_user = &calls;
	cr_assert_eq(cdok_solve(p, &sp, NULL, &res, NULL), CDOK_OK);
	cr_expect_eq(calls, 1);
	cr_expect(res.gave_up);
	cr_expect_eq(res.nodes, 256);
	cdok_puzzle_free(p);
}

/* ---- against the general engine ---- */

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void shuffle(uint64_t *s, int *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(rng_next(s) % (uint64_t)(i + 1)), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* A random grid like base: digits relabelled, bands, stacks, the rows
 * of each band and the columns of each stack shuffled, maybe
 * transposed. */
static void random_grid(uint64_t *s, const int *base, int *out)
{
	int digit[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
	int row[9], col[9], band[3] = {0, 1, 2}, stack[3] = {0, 1, 2};
	bool flip = rng_next(s) & 1;

	shuffle(s, digit + 1, 9);
	shuffle(s, band, 3);
	shuffle(s, stack, 3);
	for (int b = 0; b < 3; b++) {
		int r[3] = {0, 1, 2}, c[3] = {0, 1, 2};

		shuffle(s, r, 3);
		shuffle(s, c, 3);
		for (int i = 0; i < 3; i++) {
			row[3 * b + i] = 3 * band[b] + r[i];
			col[3 * b + i] = 3 * stack[b] + c[i];
		}
	}
	for (int r = 0; r < 9; r++)
		for (int c = 0; c < 9; c++) {
			int v = base[row[r] * 9 + col[c]];

			out[flip ? c * 9 + r : r * 9 + c] = digit[v];
		}
}

/* One solver's answer with limit 20: the result and its solutions. */
static void run(cdok_status (*solve)(const cdok_puzzle *,
				     const cdok_solve_params *, int *,
				     cdok_result *, cdok_error *),
		const cdok_puzzle *p, cdok_result *res, struct kept *k)
{
	cdok_solve_params sp;

	cdok_solve_params_init(&sp);
	sp.limit = 20;
	sp.on_solution = keep_solution;
	sp.user = k;
	cr_assert_eq(solve(p, &sp, NULL, res, NULL), CDOK_OK);
}

/* Random puzzles (fixed seed): 20 to 59 givens of a random grid, one in
 * five with a given changed (often no solution, or other ones).  Both
 * solvers count the same (up to 20) and, when they find all, the same
 * grids. */
Test(sudoku9, agrees_with_engine, .timeout = 120)
{
	cdok_puzzle *empty = line_puzzle(
		"................................................"
		".................................");
	int base[81];
	uint64_t seed = 0x38d0c5e1f00du;
	cdok_result r;
	int kinds[4] = {0}; /* none, one, several, the limit */

	cr_assert_eq(cdok_solve(empty, NULL, base, &r, NULL), CDOK_OK);
	cr_assert_eq(r.count, 2);
	cr_assert(ref_is_solution(empty, base));
	cdok_puzzle_free(empty);
	for (int t = 0; t < 300; t++) {
		int grid[81], cells[81];
		int keep = 20 + (int)(rng_next(&seed) % 40);
		cdok_puzzle *p = cdok_puzzle_new(9);
		cdok_result a, b;
		struct kept *ka = calloc(1, sizeof(*ka));
		struct kept *kb = calloc(1, sizeof(*kb));

		cr_assert(p && ka && kb);
		cr_assert_eq(cdok_puzzle_set_boxes(p, 3, 3), CDOK_OK);
		random_grid(&seed, base, grid);
		for (int i = 0; i < 81; i++)
			cells[i] = i;
		shuffle(&seed, cells, 81);
		for (int i = 0; i < keep; i++)
			cr_assert_eq(cdok_puzzle_set_given(p, cells[i],
							   grid[cells[i]]),
				     CDOK_OK);
		if (rng_next(&seed) % 5 == 0)
			cr_assert_eq(cdok_puzzle_set_given(p, cells[0],
				1 + (int)(rng_next(&seed) % 9)), CDOK_OK);
		cr_assert(cdki_sudoku9_fits(p));
		run(cdki_sudoku9_solve, p, &a, ka);
		run(cdki_latin_solve, p, &b, kb);
		cr_assert_eq(a.count, b.count, "puzzle %d", t);
		cr_assert_eq(a.complete, b.complete, "puzzle %d", t);
		cr_expect_eq(ka->n, (int)a.count);
		kinds[a.count == 0 ? 0 : a.count == 1 ? 1 :
		      a.count < 20 ? 2 : 3]++;
		for (int j = 0; j < ka->n; j++)
			cr_assert(ref_is_solution(p, ka->grids[j]),
				  "puzzle %d", t);
		if (a.complete) {
			qsort(ka->grids, (size_t)ka->n, sizeof(ka->grids[0]),
			      cmp_grid);
			qsort(kb->grids, (size_t)kb->n, sizeof(kb->grids[0]),
			      cmp_grid);
			cr_assert_eq(memcmp(ka->grids, kb->grids,
					    (size_t)ka->n * sizeof(ka->grids[0])),
				     0, "puzzle %d: other solutions", t);
		}
		free(ka);
		free(kb);
		cdok_puzzle_free(p);
	}
	/* The seed gives every kind of answer. */
	for (int i = 0; i < 4; i++)
		cr_expect_geq(kinds[i], 20, "%d %d %d %d", kinds[0], kinds[1],
			      kinds[2], kinds[3]);
}

/* The hard puzzles of tests/data/sudoku/hard.txt made ambiguous or
 * impossible (fixed seed): one to four givens taken away, or one
 * changed.  The search then runs on past the first solution through
 * the guesses on permutations and the triples; both solvers count the
 * same (up to 50) and, when they find all, the same grids. */
Test(sudoku9, hard_variants_agree_with_engine, .timeout = 120)
{
	size_t len;
	char *text = tl_read("tests/data/sudoku/hard.txt", &len), *save;
	uint64_t seed = 0x5eed0038u;
	int kinds[3] = {0}, n = 0; /* none, one, several */

	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		int cells[81], ngiven = 0;
		cdok_puzzle *p;

		if (l[0] == '#')
			continue;
		p = line_puzzle(l);
		for (int i = 0; i < 81; i++)
			if (l[i] != '.')
				cells[ngiven++] = i;
		shuffle(&seed, cells, ngiven);
		if (rng_next(&seed) % 3 == 0) {
			int v = l[cells[0]] - '0';

			cr_assert_eq(cdok_puzzle_set_given(p, cells[0],
				v % 9 + 1), CDOK_OK);
		} else {
			int drop = 1 + (int)(rng_next(&seed) % 4);

			for (int i = 0; i < drop; i++)
				cr_assert_eq(cdok_puzzle_set_given(p, cells[i],
					CDOK_NONE), CDOK_OK);
		}
		{
			cdok_result a, b;
			cdok_solve_params sp;
			struct kept *ka = calloc(1, sizeof(*ka));
			struct kept *kb = calloc(1, sizeof(*kb));

			cr_assert(ka && kb);
			cdok_solve_params_init(&sp);
			sp.limit = 50;
			sp.on_solution = keep_solution;
			sp.user = ka;
			cr_assert_eq(cdki_sudoku9_solve(p, &sp, NULL, &a, NULL),
				     CDOK_OK);
			sp.user = kb;
			cr_assert_eq(cdki_latin_solve(p, &sp, NULL, &b, NULL),
				     CDOK_OK);
			cr_assert_eq(a.count, b.count, "%s", l);
			cr_assert_eq(a.complete, b.complete, "%s", l);
			for (int j = 0; j < ka->n && j < MAX_KEPT; j++)
				cr_assert(ref_is_solution(p, ka->grids[j]),
					  "%s", l);
			if (a.complete && a.count <= MAX_KEPT) {
				qsort(ka->grids, (size_t)ka->n,
				      sizeof(ka->grids[0]), cmp_grid);
				qsort(kb->grids, (size_t)kb->n,
				      sizeof(kb->grids[0]), cmp_grid);
				cr_assert_eq(memcmp(ka->grids, kb->grids,
					(size_t)ka->n * sizeof(ka->grids[0])),
					0, "%s: other solutions", l);
			}
			kinds[a.count == 0 ? 0 : a.count == 1 ? 1 : 2]++;
			free(ka);
			free(kb);
		}
		cdok_puzzle_free(p);
		n++;
	}
	cr_expect_eq(n, 84);
	/* The seed gives both kinds of answer (the puzzles are minimal:
	 * a given less always leaves several solutions). */
	cr_expect_geq(kinds[0], 10, "%d %d %d", kinds[0], kinds[1], kinds[2]);
	cr_expect_geq(kinds[2], 40, "%d %d %d", kinds[0], kinds[1], kinds[2]);
	free(text);
}

/* The hard puzzles with their digits renamed (d to d + k, nine ways)
 * and their grid transposed: each the same puzzle, so unique, with the
 * solution renamed and transposed the same way.  The solver works on
 * digits 0-7 and digit 8 by different paths (vectors of four, one
 * alone) and on bands and stacks by different rules, so each digit
 * goes through each path and each band becomes a stack. */
Test(sudoku9, renamed_and_transposed_hard_puzzles)
{
	size_t len;
	char *text = tl_read("tests/data/sudoku/hard.txt", &len), *save;
	int n = 0;

	for (char *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		if (l[0] == '#')
			continue;
		cr_assert_eq(strlen(l), 163, "%s", l);
		for (int k = 0; k < 18; k++) {
			char line[82];
			int sol[81];
			cdok_puzzle *p;
			cdok_result res;

			for (int i = 0; i < 81; i++) {
				int from = k < 9 ? i : 9 * (i % 9) + i / 9;
				char c = l[from];

				line[i] = c == '.' ? '.'
					: (char)('1' + (c - '1' + k) % 9);
			}
			line[81] = '\0';
			p = line_puzzle(line);
			cr_assert(cdki_sudoku9_fits(p));
			cr_assert_eq(cdok_solve(p, NULL, sol, &res, NULL),
				     CDOK_OK);
			cr_assert_eq(res.count, 1, "%s, way %d", l, k);
			for (int i = 0; i < 81; i++) {
				int from = k < 9 ? i : 9 * (i % 9) + i / 9;

				cr_assert_eq(sol[i],
					     1 + (l[82 + from] - '1' + k) % 9,
					     "%s, way %d: cell %d", l, k, i);
			}
			cdok_puzzle_free(p);
		}
		n++;
	}
	cr_expect_eq(n, 84);
	free(text);
}
