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

Test(frontend, box_shape_of_a_size)
{
	cdok_gen_params k = params_of('k', 9);
	cdok_error err;
	int rows = -1, cols = -1;

	cr_assert_eq(cdok_gen_boxes(&k, &rows, &cols, NULL), CDOK_OK);
	cr_expect(rows == 3 && cols == 3);
	k = params_of('s', 12);
	cr_assert_eq(cdok_gen_boxes(&k, &rows, &cols, NULL), CDOK_OK);
	cr_expect(rows == 3 && cols == 4, "12: 3 x 4, not %d x %d", rows,
		  cols);
	k = params_of('k', 6);
	cr_assert_eq(cdok_gen_boxes(&k, &rows, &cols, NULL), CDOK_OK);
	cr_expect(rows == 2 && cols == 3);
	/* Asked for: kept when it tiles the grid. */
	k.box_rows = 3;
	k.box_cols = 2;
	cr_assert_eq(cdok_gen_boxes(&k, &rows, &cols, NULL), CDOK_OK);
	cr_expect(rows == 3 && cols == 2);
	k.box_rows = 2;
	k.box_cols = 2;
	memset(&err, 0, sizeof(err));
	cr_expect_eq(cdok_gen_boxes(&k, &rows, &cols, &err),
		     CDOK_ERR_INVALID);
	cr_expect(err.message[0] != '\0');
	/* A prime size has no boxes. */
	k = params_of('k', 7);
	cr_expect_eq(cdok_gen_boxes(&k, &rows, &cols, NULL), CDOK_ERR_INVALID);
	cr_expect_eq(cdok_gen_boxes(NULL, &rows, &cols, NULL),
		     CDOK_ERR_INVALID);
}

Test(frontend, sizes_made_without_a_deadline)
{
	cdok_gen_params p = params_of('k', 9);

	cr_expect_eq(cdok_gen_max_size(&p), 25);
	p = params_of('s', 9);
	cr_expect_eq(cdok_gen_max_size(&p), 25);
	p = params_of('c', 9);
	cr_expect_eq(cdok_gen_max_size(&p), CDOK_MAX_SIZE);
	p.hide_ops = 1;
	cr_expect_eq(cdok_gen_max_size(&p), 48);
	/* A level caps Calcudoku: Easy and Normal 28, the others 32. */
	p.level = 1;
	cr_expect_eq(cdok_gen_max_size(&p), 28);
	p.hide_ops = 0;
	p.level = 2;
	cr_expect_eq(cdok_gen_max_size(&p), 32);
	/* Killer levels are not capped beyond the kind's 25. */
	p = params_of('k', 9);
	p.level = 4;
	cr_expect_eq(cdok_gen_max_size(&p), 25);
	/* Nylimb has no levels. */
	p = params_of('n', 9);
	p.level = 2;
	cr_expect_eq(cdok_gen_max_size(&p), CDOK_MAX_SIZE);
	cr_expect_eq(cdok_gen_max_size(NULL), 0);
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

/* ---- a cage's combinations ---- */

static void expect_sets(const cdok_puzzle *p, int cage, const int *want,
			int nwant)
{
	int *sets, nsets, complete, m = cdok_cage_size(p, cage);
	cdok_error err;

	cr_assert_eq(cdok_cage_combinations(p, cage, &sets, &nsets, &complete,
					    &err), CDOK_OK, "%s", err.message);
	cr_expect(complete);
	cr_assert_eq(nsets, nwant, "cage %d: %d sets", cage, nsets);
	if (nwant)
		cr_expect_arr_eq(sets, want, sizeof(int) * (size_t)(nwant * m));
	cdok_free(sets);
}

Test(frontend, combinations_of_calcudoku_cages)
{
	cdok_puzzle *p = cdok_puzzle_new(4);
	static const int pair[] = {0, 1}, ell[] = {4, 5, 8}, col[] = {2, 6};
	static const int pair_sets[] = {1, 2};
	/* 12 in an L: 2 x 2 x 3 puts the 2s on the cells that share no
	 * line, 1 x 3 x 4 anywhere; 2 x 6 is beyond 4. */
	static const int ell_sets[] = {1, 3, 4, 2, 2, 3};
	/* A difference of 1 in a column: 1 2, 2 3, 3 4. */
	static const int col_sets[] = {1, 2, 2, 3, 3, 4};

	cr_assert(p);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 3, pair, 2, NULL,
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_MUL, 12, ell, 3, NULL,
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_SUB, 1, col, 2, NULL,
					  NULL), CDOK_OK);
	expect_sets(p, 0, pair_sets, 1);
	expect_sets(p, 1, ell_sets, 2);
	expect_sets(p, 2, col_sets, 3);
	/* A given keeps only the sets that hold it. */
	cr_assert_eq(cdok_puzzle_set_given(p, 6, 4), CDOK_OK);
	expect_sets(p, 2, col_sets + 4, 1);
	cdok_puzzle_free(p);
}

Test(frontend, combinations_of_a_killer_cage)
{
	cdok_puzzle *p = cdok_puzzle_new(9);
	static const int cells[] = {0, 1};
	static const int sets[] = {1, 9, 2, 8, 3, 7, 4, 6};
	int k;

	cr_assert(p);
	cr_assert_eq(cdok_puzzle_set_boxes(p, 3, 3), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 10, cells, 2, NULL,
					  &k), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_cage_distinct(p, k, 1), CDOK_OK);
	expect_sets(p, k, sets, 4);
	cdok_puzzle_free(p);
}

Test(frontend, combinations_refused)
{
	cdok_puzzle *p = cdok_puzzle_new(4);
	static const int cells[] = {0, 1};
	int *sets = (int *)&sets, nsets = 7, complete = 7;
	cdok_error err;

	cr_assert(p);
	cr_expect_eq(cdok_cage_combinations(p, 0, &sets, &nsets, &complete,
					    &err), CDOK_ERR_INVALID);
	cr_expect_null(sets);
	cr_expect_eq(nsets, 0);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 3, cells, 2, NULL,
					  NULL), CDOK_OK);
	cr_expect_eq(cdok_cage_combinations(p, 1, &sets, &nsets, &complete,
					    &err), CDOK_ERR_INVALID);
	cr_expect_eq(cdok_cage_combinations(p, -1, &sets, &nsets, &complete,
					    NULL), CDOK_ERR_INVALID);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	cr_expect_eq(cdok_cage_combinations(p, 0, &sets, &nsets, &complete,
					    &err), CDOK_ERR_UNSUPPORTED);
	cdok_puzzle_free(p);
}

/* Every cage of a solved puzzle: its values in the solution, sorted,
 * are one of its sets. */
Test(frontend, combinations_hold_the_solution)
{
	static const char *text =
		"a/2   b/2   c-4   c     d+6   d\n"
		"a     b     e-3   f/2   g+9   h*12\n"
		"i-2   j-4   e     f     g     h\n"
		"i     j     k+5   k     l*36  l\n"
		"m*6   n/2   o+9   o     l     p/2\n"
		"m     n     q*90  q     q     p\n";
	static const int solution[36] = {
		4, 3, 2, 6, 1, 5, 2, 6, 3, 1, 5, 4, 5, 1, 6, 2, 4, 3,
		3, 5, 1, 4, 2, 6, 6, 2, 4, 5, 3, 1, 1, 4, 5, 3, 6, 2,
	};
	cdok_reader *r = cdok_reader_new(cdok_format_find("spec"), text,
					 strlen(text));
	cdok_puzzle *p = NULL;
	cdok_error err;

	cr_assert(r);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK, "%s",
		     err.message);
	cdok_reader_free(r);
	cr_assert(cdok_puzzle_is_solution(p, solution));
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++) {
		int m = cdok_cage_size(p, k), want[8], *sets, nsets, complete;
		bool found = false;

		cr_assert(m <= 8);
		for (int i = 0; i < m; i++)
			want[i] = solution[cdok_cage_cells(p, k)[i]];
		for (int i = 1; i < m; i++)
			for (int j = i; j > 0 && want[j - 1] > want[j]; j--) {
				int t = want[j];

				want[j] = want[j - 1];
				want[j - 1] = t;
			}
		cr_assert_eq(cdok_cage_combinations(p, k, &sets, &nsets,
						    &complete, &err), CDOK_OK);
		cr_expect(complete);
		for (int s = 0; s < nsets && !found; s++)
			found = !memcmp(sets + s * m, want,
					sizeof(int) * (size_t)m);
		cr_expect(found, "cage %d", k);
		/* Each set sorted; the sets in increasing order, each
		 * once. */
		for (int s = 0; s < nsets; s++) {
			const int *a = sets + s * m;
			int i = 0;

			for (int j = 1; j < m; j++)
				cr_expect_leq(a[j - 1], a[j]);
			if (s == 0)
				continue;
			while (i < m && a[i - m] == a[i])
				i++;
			cr_expect(i < m && a[i - m] < a[i], "cage %d set %d",
				  k, s);
		}
		cdok_free(sets);
	}
	cdok_puzzle_free(p);
}
