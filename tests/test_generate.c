/* test_generate.c -- generated puzzles: unique (checked by the tests'
 * own counter, ref.h, which shares no code with the library's solver),
 * shaped as the parameters ask, and reproducible from their seed. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"
#include "ref.h"
#include "generate/generate.h"

/* ---- helpers ---- */

static cdok_puzzle *make(int size, unsigned ops, int two_cell, int max_cage,
			 uint64_t seed, int *grid)
{
	cdok_gen_params par;
	cdok_rng rng;
	cdok_puzzle *p = NULL;
	cdok_error err;
	cdok_status st;

	cdok_gen_params_init(&par);
	par.size = size;
	par.ops = ops;
	par.two_cell = two_cell;
	if (max_cage)
		par.max_cage = max_cage;
	cdok_rng_seed(&rng, seed, 0);
	cr_assert_eq(cdok_generate_grid(size, &rng, grid), CDOK_OK);
	st = cdok_generate(&par, grid, &rng, &p, NULL, &err);
	cr_assert_eq(st, CDOK_OK, "size %d seed %llu: %s", size,
		     (unsigned long long)seed, err.message);
	return p;
}

static bool is_latin(const int *g, int n)
{
	for (int i = 0; i < n; i++) {
		uint64_t r = 0, c = 0;

		for (int j = 0; j < n; j++) {
			if (g[i * n + j] < 1 || g[i * n + j] > n)
				return false;
			r |= (uint64_t)1 << g[i * n + j];
			c |= (uint64_t)1 << g[j * n + i];
		}
		if (r != c || __builtin_popcountll(r) != n)
			return false;
	}
	return true;
}

/* Every property the generator promises, for one puzzle. */
static void check_shape(const cdok_puzzle *p, const int *grid, unsigned ops,
			int two_cell, int max_cage)
{
	int n = cdok_puzzle_size(p), givens = 0;

	for (int i = 0; i < n * n; i++) {
		if (cdok_puzzle_given(p, i) != CDOK_NONE) {
			givens++;
			cr_expect_eq(cdok_puzzle_given(p, i), grid[i]);
			cr_expect_eq(cdok_puzzle_cage_of(p, i), -1);
		} else {
			cr_expect_geq(cdok_puzzle_cage_of(p, i), 0,
				      "cell %d in no cage", i);
		}
	}
	cr_expect_leq(givens, n * n / 10 > 1 ? n * n / 10 : 1,
		      "%d givens in %dx%d", givens, n, n);
	for (int c = 0; c < cdok_puzzle_cage_count(p); c++) {
		cdok_op op = cdok_cage_op(p, c);
		int k = cdok_cage_size(p, c);
		unsigned bit = op == CDOK_OP_ADD ? CDOK_GEN_ADD :
			       op == CDOK_OP_SUB ? CDOK_GEN_SUB :
			       op == CDOK_OP_MUL ? CDOK_GEN_MUL : CDOK_GEN_DIV;

		cr_expect(ops & bit, "operator %c not allowed", op);
		cr_expect_geq(k, 2);
		cr_expect_leq(k, max_cage);
		if (two_cell && (op == CDOK_OP_SUB || op == CDOK_OP_DIV))
			cr_expect_eq(k, 2, "-T: a %c cage of %d cells", op, k);
	}
}

static void check_unique(const cdok_puzzle *p, const int *grid,
			 bool independent)
{
	int n = cdok_puzzle_size(p);
	int *sol = malloc(sizeof(int) * (size_t)(n * n));
	cdok_result r;

	cr_assert_eq(cdok_solve(p, NULL, sol, &r, NULL), CDOK_OK);
	cr_expect_eq(r.count, 1);
	cr_expect(r.complete);
	cr_expect_arr_eq(sol, grid, sizeof(int) * (size_t)(n * n));
	if (independent)
		cr_expect_eq(ref_count_solutions(p, 2), 1,
			     "%dx%d: the independent counter disagrees", n, n);
	free(sol);
}

/* ---- tests ---- */

Test(generate, rng_is_pinned)
{
	/* Seeds must make the same puzzles on every machine: pin the
	 * generator's first outputs. */
	cdok_rng r;
	static const int grid7[16] = {
		1, 4, 2, 3, 4, 3, 1, 2, 3, 2, 4, 1, 2, 1, 3, 4,
	};
	int g[16];

	cdok_rng_seed(&r, 1, 0);
	cr_expect_eq(cdok_rng_next(&r), UINT64_C(0xef75d62a19ba94ed));
	cr_expect_eq(cdok_rng_next(&r), UINT64_C(0x8e9490536375f270));
	cr_expect_eq(cdok_rng_next(&r), UINT64_C(0xc05630b1c614195d));
	cdok_rng_seed(&r, 1, 1);
	cr_expect_eq(cdok_rng_next(&r), UINT64_C(0x309714ec38d33b4c));
	cdok_rng_seed(&r, 7, 0);
	cdok_generate_grid(4, &r, g);
	cr_expect_arr_eq(g, grid7, sizeof(g));
	for (int i = 0; i < 1000; i++)
		cr_expect_lt(cdok_rng_below(&r, 7), 7);
}

Test(generate, grids_are_latin_squares)
{
	static int g[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	cdok_rng r;

	for (int n = 1; n <= CDOK_MAX_SIZE; n += (n < 12 ? 1 : 17)) {
		cdok_rng_seed(&r, (uint64_t)n, 3);
		cr_assert_eq(cdok_generate_grid(n, &r, g), CDOK_OK);
		cr_expect(is_latin(g, n), "size %d", n);
	}
	cr_expect_eq(cdok_generate_grid(0, &r, g), CDOK_ERR_INVALID);
	cr_expect_eq(cdok_generate_grid(CDOK_MAX_SIZE + 1, &r, g),
		     CDOK_ERR_INVALID);
}

/* Sizes 1..8 checked by the independent counter, several seeds each;
 * 9..12 by the library's solver (the independent counter takes too long
 * on some of them), plus the properties. */
static char *spec_of(const cdok_puzzle *p);

/* Write a puzzle as a spec and read it back: the same text again. */
static void check_reparse(const cdok_puzzle *p)
{
	char *text = spec_of(p), *again;
	cdok_reader *rd = cdok_reader_new(test_format("spec"), text,
					  strlen(text));
	cdok_puzzle *q = NULL;
	cdok_error err;

	cr_assert_eq(cdok_reader_next(rd, &q, &err), CDOK_OK, "%s",
		     err.message);
	again = spec_of(q);
	cr_expect_str_eq(text, again);
	cdok_free(again);
	cdok_free(text);
	cdok_reader_free(rd);
	cdok_puzzle_free(q);
}

/* Sizes 1..9 checked by the independent counter, several seeds each;
 * 10..12 by the library's solver (the independent counter takes too
 * long on some of them), plus the properties and a re-parse.
 * CDOK_GEN_SCALE multiplies the number of puzzles for long runs:
 *
 *	CDOK_GEN_SCALE=100 build/cdok-tests --filter 'generate/unique*'
 */
Test(generate, unique_at_every_size)
{
	static int grid[16 * 16];
	const char *env = getenv("CDOK_GEN_SCALE");
	int scale = env && atoi(env) > 0 ? atoi(env) : 1;

	for (int n = 1; n <= 12; n++) {
		int count = (n <= 6 ? 12 : n <= 9 ? 4 : 2) * scale;

		for (int s = 0; s < count; s++) {
			cdok_puzzle *p = make(n, CDOK_GEN_ALL_OPS, s & 1, 0,
					      1000u * (unsigned)n + (unsigned)s,
					      grid);

			check_shape(p, grid, CDOK_GEN_ALL_OPS, s & 1, 5);
			check_unique(p, grid, n <= 9);
			check_reparse(p);
			cdok_puzzle_free(p);
		}
	}
}

/* Hidden operators (issue 33): sizes 4..9, with and without -T, and at
 * a level; every cage shows '?', the two-cell rule comes with -T, and
 * the independent counter finds one solution when each cage may be any
 * operation (CDOK_GEN_SCALE as above). */
Test(generate, hidden_operators_are_unique, .timeout = 1800)
{
	const char *env = getenv("CDOK_GEN_SCALE");
	int scale = env && atoi(env) > 0 ? atoi(env) : 1;

	for (int n = 4; n <= 9; n++) {
		int count = (n <= 6 ? 6 : 2) * scale;

		for (int s = 0; s < count; s++) {
			cdok_gen_params par;
			cdok_rng rng;
			cdok_puzzle *p = NULL;
			cdok_error err;
			int two = s & 1;

			cdok_gen_params_init(&par);
			par.size = n;
			par.two_cell = two;
			par.hide_ops = 1;
			/* Some at a level: Normal, which the hidden ones can
			 * be at every size here. */
			par.level = s % 3 == 2 ? 1 : -1;
			cdok_rng_seed(&rng, 3300u + 10u * (unsigned)n +
					    (unsigned)s, 0);
			cr_assert_eq(cdok_generate(&par, NULL, &rng, &p, NULL,
						   &err), CDOK_OK,
				     "%dx%d seed %d: %s", n, n, s,
				     err.message);
			cr_expect_eq(cdok_puzzle_rules(p),
				     two ? CDOK_RULE_TWO_CELL : 0u);
			for (int c = 0; c < cdok_puzzle_cage_count(p); c++)
				cr_expect_eq(cdok_cage_op(p, c), CDOK_OP_ANY);
			cr_expect_eq(ref_count_solutions(p, 2), 1,
				     "%dx%d seed %d (-T %d): the independent "
				     "counter does not find one solution",
				     n, n, s, two);
			if (par.level >= 0) {
				cdok_grading g;

				cr_assert_eq(cdok_grade(p, NULL, &g, NULL),
					     CDOK_OK);
				cr_expect_eq(g.outcome, CDOK_GRADE_LEVEL);
				cr_expect_eq(g.level, 1);
			}
			check_reparse(p);
			cdok_puzzle_free(p);
		}
	}
}

/* The program: same seed, same output, whatever -j. */
Test(generate, cli_jobs_do_not_change_output)
{
	char *out[2];

	for (int j = 0; j < 2; j++) {
		char cmd[256];
		FILE *f;
		size_t len = 0, n;

		snprintf(cmd, sizeof(cmd), "%s -s 7 --seed 11 --count 40 -j %d "
			 "generate", CDOK_BIN, j + 1);
		f = popen(cmd, "r");
		cr_assert_not_null(f);
		out[j] = malloc(1 << 20);
		while ((n = fread(out[j] + len, 1, (1 << 20) - 1 - len, f)) > 0)
			len += n;
		out[j][len] = '\0';
		cr_assert_eq(pclose(f), 0);
		cr_assert_gt(len, 1000);
	}
	cr_expect_str_eq(out[0], out[1]);
	free(out[0]);
	free(out[1]);
}

Test(generate, larger_sizes)
{
	static int grid[24 * 24];
	static const int sizes[] = {16, 20};

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		cdok_puzzle *p = make(sizes[i], CDOK_GEN_ALL_OPS, 1, 0, 77,
				      grid);

		check_shape(p, grid, CDOK_GEN_ALL_OPS, 1, 5);
		check_unique(p, grid, false);
		cdok_puzzle_free(p);
	}
}

Test(generate, operator_sets_and_rules)
{
	static const struct {
		unsigned ops;
		int two_cell, max_cage;
	} modes[] = {
		{CDOK_GEN_MUL, 0, 0},                 /* Keen's "m" mode */
		{CDOK_GEN_ADD, 0, 0},                 /* Cal Poly sums */
		{CDOK_GEN_ADD | CDOK_GEN_SUB, 0, 0},  /* younger players */
		{CDOK_GEN_ALL_OPS, 1, 0},             /* -T */
		{CDOK_GEN_ALL_OPS, 0, 3},             /* small cages */
		{CDOK_GEN_ADD | CDOK_GEN_DIV, 1, 4},
	};
	static int grid[7 * 7];

	for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++)
		for (int n = 4; n <= 7; n++) {
			int max_cage = modes[m].max_cage ? modes[m].max_cage : 5;
			cdok_puzzle *p = make(n, modes[m].ops, modes[m].two_cell,
					      modes[m].max_cage,
					      50u + m * 10 + (unsigned)n, grid);

			check_shape(p, grid, modes[m].ops, modes[m].two_cell,
				    max_cage);
			check_unique(p, grid, true);
			cdok_puzzle_free(p);
		}
}

static char *spec_of(const cdok_puzzle *p)
{
	char *text = NULL;

	cr_assert_eq(cdok_write(test_format("spec"), p, NULL, &text,
				NULL, NULL), CDOK_OK);
	return text;
}

Test(generate, same_seed_same_puzzle)
{
	for (int n = 3; n <= 9; n += 3) {
		cdok_gen_params par;
		cdok_puzzle *a = NULL, *b = NULL, *c = NULL;
		cdok_rng r1, r2, r3;
		char *ta, *tb, *tc;

		cdok_gen_params_init(&par);
		par.size = n;
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
		cdok_free(ta);
		cdok_free(tb);
		cdok_free(tc);
		cdok_puzzle_free(a);
		cdok_puzzle_free(b);
		cdok_puzzle_free(c);
	}
}

Test(generate, spec_round_trip)
{
	static int grid[9 * 9];
	cdok_puzzle *p = make(9, CDOK_GEN_ALL_OPS, 0, 0, 9, grid), *q = NULL;
	char *text = spec_of(p), *again;
	cdok_reader *rd = cdok_reader_new(test_format("spec"), text,
					  strlen(text));
	cdok_error err;

	cr_assert_eq(cdok_reader_next(rd, &q, &err), CDOK_OK, "%s",
		     err.message);
	again = spec_of(q);
	cr_expect_str_eq(text, again);
	check_unique(q, grid, true);
	cdok_free(again);
	cdok_free(text);
	cdok_reader_free(rd);
	cdok_puzzle_free(q);
	cdok_puzzle_free(p);
}

static uint64_t constant_score(void *user, const cdok_puzzle *p,
			       const cdok_result *r)
{
	(void)p;
	(void)r;
	++*(int *)user;
	return 7;
}

Test(generate, score_is_pluggable_and_limits_hold)
{
	cdok_gen_params par;
	cdok_puzzle *p = NULL;
	cdok_rng r;
	cdok_gen_result gr = {0, {0}, NULL};
	int calls = 0;
	cdok_error err;

	cdok_gen_params_init(&par);
	par.size = 6;
	par.iterations = 3;
	par.score = constant_score;
	par.score_user = &calls;
	cdok_rng_seed(&r, 3, 0);
	cr_assert_eq(cdok_generate(&par, NULL, &r, &p, &gr, NULL), CDOK_OK);
	cr_expect_eq(gr.score, 7);
	cr_expect_gt(calls, 0);
	cdok_puzzle_free(p);

	/* A maximum no puzzle can meet is reported, not ignored. */
	cdok_gen_params_init(&par);
	par.size = 5;
	par.max_score = 1;
	cr_expect_eq(cdok_generate(&par, NULL, &r, &p, NULL, &err),
		     CDOK_ERR_LIMIT);
	cr_expect(p == NULL);

	/* Hardening never passes max_score. */
	cdok_gen_params_init(&par);
	par.size = 6;
	par.iterations = 5;
	par.max_score = 2000;
	cr_assert_eq(cdok_generate(&par, NULL, &r, &p, &gr, &err), CDOK_OK,
		     "%s", err.message);
	cr_expect_leq(gr.score, 2000);
	cdok_puzzle_free(p);
}

/* The generator hands back its uniqueness proof and the solution, so
 * no caller needs to solve the puzzle again; and a minimum score is
 * kept, or the failure says so. */
Test(generate, proof_solution_and_min_score)
{
	cdok_gen_params par;
	cdok_gen_result gr;
	cdok_result again;
	cdok_puzzle *p = NULL;
	cdok_rng r;
	cdok_error err;
	int sol[81], want[81], calls = 0;

	cdok_gen_params_init(&par);
	par.size = 9;
	cdok_rng_seed(&r, 11, 0);
	memset(&gr, 0, sizeof(gr));
	gr.solution = sol;
	cr_assert_eq(cdok_generate(&par, NULL, &r, &p, &gr, &err), CDOK_OK,
		     "%s", err.message);
	cr_expect_eq(gr.proof.verdict, CDOK_VERDICT_UNIQUE);
	cr_expect_eq(gr.proof.count, 1);
	cr_expect(cdok_puzzle_is_solution(p, sol));
	cr_assert_eq(cdok_solve(p, NULL, want, &again, NULL), CDOK_OK);
	cr_expect_eq(memcmp(sol, want, sizeof(sol)), 0);
	cr_expect_eq(gr.proof.nodes, again.nodes);
	cr_expect_eq(gr.proof.search_score, again.search_score);
	cr_expect_eq(gr.score, again.search_score);
	cdok_puzzle_free(p);

	/* Every puzzle scores 7 here: a minimum of 8 cannot be met. */
	cdok_gen_params_init(&par);
	par.size = 4;
	par.min_score = 8;
	par.score = constant_score;
	par.score_user = &calls;
	cr_expect_eq(cdok_generate(&par, NULL, &r, &p, NULL, &err),
		     CDOK_ERR_LIMIT);
	cr_expect(p == NULL);
	cr_expect_str_eq(err.message, "found no unique puzzle scoring at "
			 "least 8");
	par.min_score = 7;
	cr_expect_eq(cdok_generate(&par, NULL, &r, &p, &gr, &err), CDOK_OK);
	cr_expect_eq(gr.score, 7);
	cdok_puzzle_free(p);
}

/* The caller's stop question: asked at every step, and a yes ends the
 * run with CDOK_ERR_LIMIT and no puzzle.  A no changes nothing. */
struct stopper {
	uint64_t calls, stop_at;
};

static int stop_after(void *user, uint64_t steps)
{
	struct stopper *s = user;

	(void)steps;
	return ++s->calls >= s->stop_at;
}

Test(generate, a_stop_callback_ends_the_run)
{
	cdok_gen_params par;
	cdok_puzzle *p = NULL, *q = NULL;
	struct stopper never = {0, UINT64_MAX}, soon = {0, 3};
	cdok_rng r;
	cdok_error err;
	char *a, *b;

	cdok_gen_params_init(&par);
	par.size = 9;
	par.iterations = 2;
	cdok_rng_seed(&r, 5, 0);
	cr_assert_eq(cdok_generate(&par, NULL, &r, &p, NULL, &err), CDOK_OK,
		     "%s", err.message);
	par.on_progress = stop_after;
	par.progress_user = &never;
	cdok_rng_seed(&r, 5, 0);
	cr_assert_eq(cdok_generate(&par, NULL, &r, &q, NULL, &err), CDOK_OK,
		     "%s", err.message);
	cr_expect_gt(never.calls, 2);
	a = spec_of(p);
	b = spec_of(q);
	cr_expect_str_eq(a, b, "asking changed the puzzle");
	cdok_free(a);
	cdok_free(b);
	cdok_puzzle_free(p);
	cdok_puzzle_free(q);

	q = NULL;
	par.progress_user = &soon;
	cdok_rng_seed(&r, 5, 0);
	cr_expect_eq(cdok_generate(&par, NULL, &r, &q, NULL, &err),
		     CDOK_ERR_LIMIT);
	cr_expect(q == NULL);
	cr_expect_eq(soon.calls, 3, "asked again after the stop");
	cr_expect(strstr(err.message, "stopped") != NULL, "%s", err.message);
}

/* max_cage 0 is the size's own default: 5 cells, or 4 above 32 x 32,
 * where a unique puzzle of larger cages takes minutes to make. */
Test(generate, large_grids_take_smaller_cages, .timeout = 1800)
{
	static const int sizes[] = {32, 33};
	static int grid[33 * 33];

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		int n = sizes[i], largest = 0;
		cdok_puzzle *p = make(n, CDOK_GEN_ALL_OPS, 0, 0, 1, grid);

		for (int c = 0; c < cdok_puzzle_cage_count(p); c++)
			if (cdok_cage_size(p, c) > largest)
				largest = cdok_cage_size(p, c);
		cr_expect_eq(largest, n > 32 ? 4 : 5, "size %d", n);
		check_unique(p, grid, false);
		cdok_puzzle_free(p);
	}
}

/* The cells the solver left open are what the repair step chooses from,
 * several times in a row on larger grids: repairing must not overwrite
 * that list.  (It once shared its memory with the scratch where
 * settle_region lists a region's members, so the later repairs picked
 * from a clobbered list.) */
Test(generate, repairs_keep_the_open_cells)
{
	cdok_gen_params par;
	struct gen *g;
	cdok_rng r;
	cdok_error err;
	int *keep;
	int nopen;

	cdok_gen_params_init(&par);
	par.size = 12;
	cdok_rng_seed(&r, 5, 0);
	cr_assert_eq(cdki_gen_new(&par, NULL, &r, &g, &err), CDOK_OK, "%s",
		     err.message);
	keep = malloc((size_t)g->ncells * sizeof(int));
	for (int attempt = 0; attempt < 20; attempt++) {
		if (!g->pol->partition(g, attempt))
			continue;
		/* Every cell open: twelve repairs in one step. */
		nopen = g->ncells;
		for (int i = 0; i < nopen; i++)
			g->open[i] = keep[i] = i;
		g->pol->strengthen(g, g->open, nopen);
		for (int i = 0; i < nopen; i++)
			cr_assert_eq(g->open[i], keep[i],
				     "open cell %d overwritten (attempt %d)",
				     i, attempt);
	}
	free(keep);
	cdki_gen_delete(g);
}

Test(generate, rejects_bad_parameters)
{
	cdok_gen_params par;
	cdok_puzzle *p = NULL;
	cdok_rng r;
	int grid[9] = {1, 2, 3, 2, 3, 1, 3, 1, 1};  /* not Latin */
	cdok_error err;

	cdok_rng_seed(&r, 1, 0);
	cdok_gen_params_init(&par);
	par.size = 0;
	cr_expect_eq(cdok_generate(&par, NULL, &r, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	par.size = 4;
	par.ops = CDOK_GEN_SUB | CDOK_GEN_DIV;
	cr_expect_eq(cdok_generate(&par, NULL, &r, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	par.ops = CDOK_GEN_ALL_OPS;
	par.size = 3;
	cr_expect_eq(cdok_generate(&par, grid, &r, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "Latin") != NULL, "%s", err.message);
	cr_expect(p == NULL);
}
