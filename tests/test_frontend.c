/* test_frontend.c -- what front ends ask the library (include/cdok.h,
 * "Front ends ask, the library decides"): the generation settings of a
 * kind, size and level, the operator sets by name, the words of a
 * difficulty, and a cell's box and peers.  The program, the Python
 * package and the page all take these answers, so each is pinned here
 * with its values written out by hand.  Only the public header. */
#include <criterion/criterion.h>

#include <string.h>

#include "cdok.h"

/* Parameters for a kind ('c' Calcudoku, 'k' Killer, 's' Sudoku, 'n'
 * Nylimb) and size. */
static cdok_gen_params params_of(char kind, int size)
{
	cdok_gen_params par;

	cdok_gen_params_init(&par);
	par.size = size;
	par.killer = kind == 'k';
	par.sudoku = kind == 's';
	if (kind == 'n')
		par.rules = CDOK_RULE_NYLIMB;
	return par;
}

Test(frontend, scales_of_the_kinds)
{
	cdok_gen_params c = params_of('c', 6), k = params_of('k', 9),
			s = params_of('s', 9), n = params_of('n', 5);

	cr_expect_eq(cdok_gen_scale(&c), CDOK_SCALE_CALCUDOKU);
	cr_expect_eq(cdok_gen_scale(&k), CDOK_SCALE_KILLER);
	cr_expect_eq(cdok_gen_scale(&s), CDOK_SCALE_KILLER);
	cr_expect_eq(cdok_gen_scale(&n), CDOK_SCALE_NONE);
	cr_expect_eq(cdok_gen_scale(NULL), CDOK_SCALE_NONE);
}

/* The hardest level at each size: Keen's 3 x 3 stops at Normal (1),
 * 1 x 1 and 2 x 2 and boxed 4 x 4 at the first level. */
Test(frontend, hardest_level_of_a_size)
{
	static const struct {
		char kind;
		int size, top;
	} rows[] = {
		{'c', 1, 0}, {'c', 2, 0}, {'c', 3, 1}, {'c', 4, 4},
		{'c', 9, 4}, {'c', 63, 4}, {'k', 4, 0}, {'k', 6, 5},
		{'k', 9, 5}, {'s', 4, 0}, {'s', 9, 5}, {'n', 5, -1},
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		cdok_gen_params par = params_of(rows[i].kind, rows[i].size);

		cr_expect_eq(cdok_gen_top_level(&par), rows[i].top,
			     "%c %d: %d", rows[i].kind, rows[i].size,
			     cdok_gen_top_level(&par));
	}
}

/* Basic (1) for Killer and Sudoku up to 9 x 9, Trivial (0) at 4 x 4,
 * every level (-1) above and for the other kinds, and none once a
 * level or a score is set. */
Test(frontend, default_level)
{
	static const struct {
		char kind;
		int size, level;
	} rows[] = {
		{'k', 4, 0}, {'k', 6, 1}, {'k', 9, 1}, {'k', 10, -1},
		{'s', 4, 0}, {'s', 9, 1}, {'s', 16, -1}, {'c', 4, -1},
		{'c', 9, -1}, {'n', 5, -1},
	};
	cdok_gen_params par;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		par = params_of(rows[i].kind, rows[i].size);
		cr_expect_eq(cdok_gen_default_level(&par), rows[i].level,
			     "%c %d", rows[i].kind, rows[i].size);
	}
	par = params_of('k', 9);
	par.max_score = 30000;
	cr_expect_eq(cdok_gen_default_level(&par), -1);
	par = params_of('k', 9);
	par.target_score = 30000;
	cr_expect_eq(cdok_gen_default_level(&par), -1);
	par = params_of('k', 9);
	par.level = 3;
	cr_expect_eq(cdok_gen_default_level(&par), -1);
	cr_expect_eq(cdok_gen_default_level(NULL), -1);
}

/* The rounds: the caller's, else 10 with a level, 20 with a score, 0
 * otherwise; the measure the grade's except for Nylimb. */
Test(frontend, set_level_rounds_and_score)
{
	cdok_gen_params par = params_of('c', 6);
	cdok_error err;

	cr_assert_eq(cdok_gen_set_level(&par, 2, -1, &err), CDOK_OK);
	cr_expect_eq(par.level, 2);
	cr_expect_eq(par.iterations, 10);
	par = params_of('c', 6);
	cr_assert_eq(cdok_gen_set_level(&par, 2, 3, &err), CDOK_OK);
	cr_expect_eq(par.iterations, 3);
	par = params_of('c', 6);
	cr_assert_eq(cdok_gen_set_level(&par, -1, -1, &err), CDOK_OK);
	cr_expect_eq(par.level, -1);
	cr_expect_eq(par.iterations, 0);
	cr_expect(par.score == cdok_grade_score);
	par = params_of('c', 6);
	par.max_score = 30000;
	cr_assert_eq(cdok_gen_set_level(&par, -1, -1, &err), CDOK_OK);
	cr_expect_eq(par.iterations, 20);
	par = params_of('c', 6);
	par.target_score = 30000;
	cr_assert_eq(cdok_gen_set_level(&par, -1, 0, &err), CDOK_OK);
	cr_expect_eq(par.iterations, 0);
	par = params_of('n', 5);
	cr_assert_eq(cdok_gen_set_level(&par, -1, -1, &err), CDOK_OK);
	cr_expect(par.score == NULL);
}

Test(frontend, set_level_refusals)
{
	cdok_gen_params par = params_of('c', 3);
	cdok_error err;

	memset(&err, 0, sizeof(err));
	cr_expect_eq(cdok_gen_set_level(&par, 2, -1, &err), CDOK_ERR_INVALID);
	cr_expect_str_eq(err.message, "there are no Hard puzzles of size 3 x "
			 "3: Normal is the hardest level at that size");
	cr_expect_eq(par.level, -1);
	par = params_of('k', 4);
	cr_expect_eq(cdok_gen_set_level(&par, 1, -1, &err), CDOK_ERR_INVALID);
	cr_expect_str_eq(err.message, "there are no Basic puzzles of size 4 x "
			 "4: Trivial is the hardest level at that size");
	par = params_of('c', 6);
	cr_expect_eq(cdok_gen_set_level(&par, 5, -1, &err), CDOK_ERR_INVALID);
	par = params_of('n', 5);
	cr_expect_eq(cdok_gen_set_level(&par, 0, -1, &err), CDOK_ERR_INVALID);
	par = params_of('c', 6);
	par.max_score = 30000;
	cr_expect_eq(cdok_gen_set_level(&par, 1, -1, &err), CDOK_ERR_INVALID);
	/* err may be NULL. */
	cr_expect_eq(cdok_gen_set_level(&par, 1, -1, NULL), CDOK_ERR_INVALID);
}

Test(frontend, operator_sets_by_name)
{
	static const struct {
		const char *text;
		cdok_status status;
		unsigned ops;
	} rows[] = {
		{"all", CDOK_OK, 15}, {"mul", CDOK_OK, 4}, {"add", CDOK_OK, 1},
		{"addsub", CDOK_OK, 3}, {"+*", CDOK_OK, 5}, {"*", CDOK_OK, 4},
		{"+-*/", CDOK_OK, 15}, {"/+", CDOK_OK, 9},
		{"-/", CDOK_ERR_INVALID, 0}, {"-", CDOK_ERR_INVALID, 0},
		{"", CDOK_ERR_SYNTAX, 0}, {"x", CDOK_ERR_SYNTAX, 0},
		{"ALL", CDOK_ERR_SYNTAX, 0}, {"+ ", CDOK_ERR_SYNTAX, 0},
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		unsigned ops = 99;

		cr_expect_eq(cdok_gen_ops_find(rows[i].text, &ops),
			     rows[i].status, "'%s'", rows[i].text);
		cr_expect_eq(ops, rows[i].status == CDOK_OK ? rows[i].ops
							     : 99u,
			     "'%s': %u", rows[i].text, ops);
	}
	cr_expect_eq(cdok_gen_ops_find(NULL, &(unsigned){0}), CDOK_ERR_SYNTAX);
	cr_expect_str_eq(cdok_gen_ops_name(0), "all");
	cr_expect_str_eq(cdok_gen_ops_name(3), "addsub");
	cr_expect_null(cdok_gen_ops_name(4));
	cr_expect_null(cdok_gen_ops_name(-1));
}

Test(frontend, difficulty_words)
{
	char buf[64];

	cr_expect_eq(cdok_difficulty_describe(CDOK_SCALE_CALCUDOKU, 30109,
					      buf, sizeof(buf)), 23);
	cr_expect_str_eq(buf, "30109 (Hard, score 109)");
	cdok_difficulty_describe(CDOK_SCALE_KILLER, 20000, buf, sizeof(buf));
	cr_expect_str_eq(buf, "20000 (Basic, score 0)");
	cdok_difficulty_describe(CDOK_SCALE_NONE, 30109, buf, sizeof(buf));
	cr_expect_str_eq(buf, "30109");
	cdok_difficulty_describe(CDOK_SCALE_CALCUDOKU, 9999, buf, sizeof(buf));
	cr_expect_str_eq(buf, "9999");
	/* Past the last level: the number alone. */
	cdok_difficulty_describe(CDOK_SCALE_CALCUDOKU, 60000, buf, sizeof(buf));
	cr_expect_str_eq(buf, "60000");
	/* As snprintf: cut, terminated, the whole length returned. */
	cr_expect_eq(cdok_difficulty_describe(CDOK_SCALE_CALCUDOKU, 30109,
					      buf, 6), 23);
	cr_expect_str_eq(buf, "30109");
}

Test(frontend, box_of_a_cell)
{
	cdok_puzzle *p = cdok_puzzle_new(6);

	cr_assert(p);
	cr_expect_eq(cdok_puzzle_box_of(p, 0), -1);
	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 3), CDOK_OK);
	/* Boxes of 2 rows and 3 columns: two boxes a band. */
	cr_expect_eq(cdok_puzzle_box_of(p, 0), 0);
	cr_expect_eq(cdok_puzzle_box_of(p, 3), 1);
	cr_expect_eq(cdok_puzzle_box_of(p, 8), 0);
	cr_expect_eq(cdok_puzzle_box_of(p, 12), 2);
	cr_expect_eq(cdok_puzzle_box_of(p, 35), 5);
	cr_expect_eq(cdok_puzzle_box_of(p, 36), -1);
	cr_expect_eq(cdok_puzzle_box_of(p, -1), -1);
	cr_expect_eq(cdok_puzzle_box_of(NULL, 0), -1);
	cdok_puzzle_free(p);
}

Test(frontend, peers_of_a_cell)
{
	cdok_puzzle *p = cdok_puzzle_new(4);
	int out[16];
	static const int plain[] = {1, 2, 3, 4, 8, 12};
	static const int boxed[] = {1, 2, 3, 4, 5, 8, 12};
	static const int diag[] = {1, 2, 3, 4, 5, 8, 10, 12, 15};
	static const int anti[] = {0, 1, 2, 6, 7, 9, 11, 12, 15};

	cr_assert(p);
	cr_assert_eq(cdok_puzzle_peers(p, 0, out), 6);
	cr_expect_arr_eq(out, plain, sizeof(plain));
	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 2), CDOK_OK);
	cr_assert_eq(cdok_puzzle_peers(p, 0, out), 7);
	cr_expect_arr_eq(out, boxed, sizeof(boxed));
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS), CDOK_OK);
	cr_assert_eq(cdok_puzzle_peers(p, 0, out), 9);
	cr_expect_arr_eq(out, diag, sizeof(diag));
	/* Cell 3 (row 0, column 3) is on the other diagonal. */
	cr_assert_eq(cdok_puzzle_peers(p, 3, out), 9);
	cr_expect_arr_eq(out, anti, sizeof(anti));
	cr_expect_eq(cdok_puzzle_peers(p, 16, out), -1);
	cr_expect_eq(cdok_puzzle_peers(NULL, 0, out), -1);
	cdok_puzzle_free(p);
}
