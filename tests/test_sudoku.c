/* test_sudoku.c -- plain Sudoku: the one-line format, Solo's plain IDs,
 * solving and counting, grading on Solo's levels, generating.
 *
 * Counts are held against the independent counter of tests/ref.c and
 * against tests/data/sudoku/count.txt; levels against the grades
 * Solo's own grader gave (tests/data/sudoku/solo-levels.txt).  Every
 * puzzle goes round line -> Solo ID -> spec -> JSON -> line and stays
 * the same puzzle.
 */
#include "fmt_helpers.h"
#include "ref.h"

#define DATA "tests/data/sudoku/"

/* ---- the line ---- */

Test(sudoku, line_reads_each_shape)
{
	static const char text[] =
		"# a comment, then a blank line\n"
		"\n"
		"1.3.0...........\n"
		"  12..................................  \r\n"
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6"
		"....28....419..5....8..79\n";
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n = fmt_read_all("sudoku", text, sizeof(text) - 1, &ps, &st,
			     &err);

	cr_assert_eq(n, 3, "%d:%d: %s", err.line, err.column, err.message);
	cr_expect_eq(st, CDOK_END);
	/* A bad line after good ones stops the stream there. */
	fmt_free_puzzles(ps, n);
	n = fmt_read_all("sudoku", "................\n1.3", 20, &ps, &st,
			 &err);
	cr_expect_eq(n, 1);
	cr_expect_eq(st, CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 2);
	cr_expect(strstr(err.message, "this one has 3") != NULL, "%s",
		  err.message);
	fmt_free_puzzles(ps, n);
	n = fmt_read_all("sudoku", text, sizeof(text) - 1, &ps, &st, &err);
	cr_expect_eq(cdok_puzzle_size(ps[0]), 4);
	cr_expect_eq(cdok_puzzle_box_rows(ps[0]), 2);
	cr_expect_eq(cdok_puzzle_box_cols(ps[0]), 2);
	cr_expect_eq(cdok_puzzle_given(ps[0], 0), 1);
	cr_expect_eq(cdok_puzzle_given(ps[0], 2), 3);
	/* '0' is an empty cell, as '.' is. */
	cr_expect_eq(cdok_puzzle_given(ps[0], 4), CDOK_NONE);
	cr_expect_eq(cdok_puzzle_size(ps[1]), 6);
	cr_expect_eq(cdok_puzzle_box_rows(ps[1]), 2);
	cr_expect_eq(cdok_puzzle_box_cols(ps[1]), 3);
	cr_expect_eq(cdok_puzzle_given(ps[1], 1), 2);
	cr_expect_eq(cdok_puzzle_size(ps[2]), 9);
	cr_expect_eq(cdok_puzzle_box_rows(ps[2]), 3);
	cr_expect_eq(cdok_puzzle_given(ps[2], 80), 9);
	for (int i = 0; i < n; i++)
		cr_expect_eq(cdok_puzzle_cage_count(ps[i]), 0);
	fmt_free_puzzles(ps, n);
}

Test(sudoku, line_errors)
{
	static const struct tl_bad bads[] = {
		{"", CDOK_ERR_SYNTAX, 0, 0, "no Sudoku found: the input is "
		 "empty"},
		{"\n  \n", CDOK_ERR_SYNTAX, 0, 0, "the input is blank"},
		{"1234", CDOK_ERR_SYNTAX, 1, 1, "has 16, 36 or 81 cells (4 x "
		 "4, 6 x 6 or 9 x 9); this one has 4"},
		{"\n  1.3.....x.......", CDOK_ERR_SYNTAX, 2, 11, "unexpected "
		 "character 'x' in a Sudoku line"},
		{"1.3.....\xe2\x80\xa4.......", CDOK_ERR_SYNTAX, 1, 9,
		 "unexpected character U+2024 ONE DOT LEADER in a Sudoku line "
		 "(digits for givens, '.' or 0 for empty cells); did you mean "
		 "'.'?"},
		{"1.3.5...........", CDOK_ERR_INVALID, 1, 5, "given value 5 is "
		 "outside 1..4"},
	};

	TL_EXPECT_READ_ERRORS("sudoku", bads);
}

Test(sudoku, line_writer)
{
	static const char line[] = "1.3.............\n";
	int values[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
	cdok_puzzle *p = fmt_read_one("sudoku", line, sizeof(line) - 1,
				      "line");
	char *out = NULL;
	cdok_error err;

	out = fmt_write("sudoku", p, NULL, NULL);
	cr_expect_str_eq(out, line);
	cdok_free(out);
	/* A solution carries every value. */
	out = fmt_write("sudoku", p, values, NULL);
	cr_expect_str_eq(out, "1234341221434321\n");
	cdok_free(out);

	/* Boxes the line cannot say: a 6 x 6 line has boxes of 2 x 3. */
	{
		static const char six[] = "1...................................\n";
		cdok_puzzle *q = fmt_read_one("sudoku", six, sizeof(six) - 1,
					      "line");

		cr_assert_eq(cdok_puzzle_set_boxes(q, 3, 2), CDOK_OK);
		cr_expect_eq(cdok_write(test_format("sudoku"), q, NULL, &out,
					NULL, &err), CDOK_ERR_UNSUPPORTED);
		cr_expect(strstr(err.message, "boxes of 3 x 2") != NULL, "%s",
			  err.message);
		cdok_puzzle_free(q);
	}
	cr_assert_eq(cdok_puzzle_set_boxes(p, 0, 0), CDOK_OK);
	cr_expect_eq(cdok_write(test_format("sudoku"), p, NULL, &out, NULL,
				&err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "no boxes") != NULL, "%s", err.message);
	/* Cages. */
	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 2), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 5, (int[]){14, 15},
					  2, NULL, NULL), CDOK_OK);
	cr_expect_eq(cdok_write(test_format("sudoku"), p, NULL, &out, NULL,
				&err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "has cages") != NULL, "%s", err.message);
	cr_expect_null(out);
	cdok_puzzle_free(p);
}

Test(sudoku, told_from_the_text)
{
	static const struct {
		const char *text, *format;
	} cases[] = {
		{"..4...3..2...4..\n", "sudoku"},
		{"# comment\n1234341221434321\n", "sudoku"},
		/* A solved 9 x 9 is no Cal Poly cage count. */
		{"12345678945678912378912345621436589736589721489721436531"
		 "2647958645978312978312645\n", "sudoku"},
		{"3x3:b6a3_5a2c5_4g4c9_7b8_9a4a2_5b5a3a8a1b3_1a2a6_8b2_3c1g3"
		 "_8c4a2_9a5b\n", "solo"},
		{"2x3:c1_6d4_3b5a3d6a1b6_5d4_3c\n", "solo"},
		/* Not 16, 36 or 81 cells: not this format. */
		{"1234\n", "spec"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const cdok_format *f = test_detect(cases[i].text,
						   strlen(cases[i].text));

		cr_assert_not_null(f, "%s", cases[i].text);
		cr_expect_str_eq(cdok_format_name(f), cases[i].format, "%s",
				 cases[i].text);
	}
}

/* ---- Solo's plain IDs ---- */

Test(sudoku, solo_plain_ids)
{
	/* As sgt-solo --generate 1 2x3dt wrote it: boxes two rows tall
	 * and three columns wide, numbers between runs and '_'. */
	static const char id[] = "2x3:c1_6d4_3b5a3d6a1b6_5d4_3c\n";
	cdok_puzzle *p = fmt_read_one("solo", id, sizeof(id) - 1, id);
	char *out;

	cr_expect_eq(cdok_puzzle_size(p), 6);
	cr_expect_eq(cdok_puzzle_box_rows(p), 2);
	cr_expect_eq(cdok_puzzle_box_cols(p), 3);
	cr_expect_eq(cdok_puzzle_cage_count(p), 0);
	cr_expect_eq(cdok_puzzle_given(p, 3), 1);
	cr_expect_eq(cdok_puzzle_given(p, 4), 6);
	cr_expect_eq(cdok_puzzle_given(p, 5), CDOK_NONE);
	out = fmt_write("solo", p, NULL, NULL);
	cr_expect_str_eq(out, id);
	cdok_free(out);
	out = fmt_write("sudoku", p, NULL, NULL);
	cr_expect_str_eq(out, "...16....43..5.3....6.1..65....43...\n");
	cdok_free(out);
	cdok_puzzle_free(p);

	/* A 12 x 12 (Solo allows up to 31 symbols): numbers of two
	 * digits. */
	p = cdok_puzzle_new(12);
	cr_assert_eq(cdok_puzzle_set_boxes(p, 3, 4), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_given(p, 0, 12), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_given(p, 1, 11), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_given(p, 143, 1), CDOK_OK);
	out = fmt_write("solo", p, NULL, NULL);
	cr_expect_str_eq(out, "3x4:12_11zzzzzk1\n");
	cdok_puzzle *back = fmt_read_one("solo", out, strlen(out), out);
	cr_expect(fmt_same_model(p, back, out));
	cdok_puzzle_free(back);
	cdok_free(out);
	cdok_puzzle_free(p);
}

/* Every puzzle of count.txt, through every format that holds a plain
 * Sudoku and back: the same puzzle, and the same line. */
Test(sudoku, round_trips)
{
	static const char *const chain[] = {"solo", "spec", "json",
					     "sudoku"};
	char *text, **lines;
	int n = tl_data_lines(DATA "count.txt", &text, &lines);

	cr_assert_gt(n, 20);
	for (int i = 0; i < n; i++) {
		size_t len = strcspn(lines[i], ":");
		char line[128];
		cdok_puzzle *p, *q;

		snprintf(line, sizeof(line), "%.*s\n", (int)len, lines[i]);
		p = fmt_read_one("sudoku", line, strlen(line), line);
		q = p;
		for (size_t k = 0; k < sizeof(chain) / sizeof(chain[0]); k++) {
			size_t olen;
			char *out = fmt_write(chain[k], q, NULL, &olen);
			cdok_puzzle *next = fmt_read_one(chain[k], out, olen,
							 out);

			cr_expect(fmt_same_model(p, next, chain[k]), "%s as %s",
				  line, chain[k]);
			if (k + 1 == sizeof(chain) / sizeof(chain[0]))
				cr_expect_str_eq(out, line);
			if (q != p)
				cdok_puzzle_free(q);
			q = next;
			cdok_free(out);
		}
		cdok_puzzle_free(q);
		cdok_puzzle_free(p);
	}
	free(lines);
	free(text);
}

/* ---- solving and counting ---- */

Test(sudoku, counts_agree_with_the_independent_counter)
{
	char *text, **lines;
	int n = tl_data_lines(DATA "count.txt", &text, &lines), kinds[3] = {0};

	for (int i = 0; i < n; i++) {
		char *colon = strchr(lines[i], ':');
		char line[128];
		uint64_t want, ref;
		cdok_solve_params sp;
		cdok_result res;
		cdok_puzzle *p;
		int sol[81];

		cr_assert_not_null(colon);
		want = strtoull(colon + 1, NULL, 10);
		snprintf(line, sizeof(line), "%.*s\n",
			 (int)(colon - lines[i]), lines[i]);
		p = fmt_read_one("sudoku", line, strlen(line), line);
		cdok_solve_params_init(&sp);
		sp.limit = 0;
		cr_assert_eq(cdok_solve(p, &sp, sol, &res, NULL), CDOK_OK);
		ref = ref_count_solutions(p, 0);
		cr_expect_eq(res.count, want, "%s: cdok counts %llu, the file "
			     "says %llu", line, (unsigned long long)res.count,
			     (unsigned long long)want);
		cr_expect_eq(ref, want, "%s: the counter counts %llu, the "
			     "file says %llu", line, (unsigned long long)ref,
			     (unsigned long long)want);
		cr_expect(res.complete);
		if (want >= 1)
			cr_expect(ref_is_solution(p, sol), "%s", line);
		if (want == 1)
			cr_expect_eq(res.verdict, CDOK_VERDICT_UNIQUE);
		kinds[want == 0 ? 0 : want == 1 ? 1 : 2]++;
		cdok_puzzle_free(p);
	}
	/* Unique puzzles, puzzles with no solution and with several. */
	cr_expect(kinds[0] >= 3 && kinds[1] >= 15 && kinds[2] >= 6,
		  "%d %d %d", kinds[0], kinds[1], kinds[2]);
	free(lines);
	free(text);
}

/* ---- levels ---- */

Test(sudoku, levels_as_solo_grades_them)
{
	char *text, **lines;
	int n = tl_data_lines(DATA "solo-levels.txt", &text, &lines);
	int per[6] = {0};

	cr_assert_eq(n, 18);
	for (int i = 0; i < n; i++) {
		const char *id = lines[i] + 2;
		int want = cdok_level_find(CDOK_SCALE_KILLER,
					   (char[]){lines[i][0], 0});
		cdok_puzzle *p = fmt_read_one("solo", id, strlen(id), id);
		cdok_grading gr;

		cr_assert_geq(want, 0);
		cr_assert_eq(cdok_grade(p, NULL, &gr, NULL), CDOK_OK);
		cr_expect_eq(gr.outcome, CDOK_GRADE_LEVEL, "%s", id);
		cr_expect_eq(gr.level, want, "%s: Solo says %s, cdok %s", id,
			     cdok_level_name(CDOK_SCALE_KILLER, want),
			     cdok_level_name(CDOK_SCALE_KILLER, gr.level));
		/* Without cages there is nothing for the sum techniques. */
		for (int t = 0; t < cdok_technique_count(); t++)
			if (!strcmp(cdok_technique_name(t), "innie"))
				cr_expect_eq(gr.counts[t], 0, "%s", id);
		per[want]++;
		cdok_puzzle_free(p);
	}
	for (int l = 0; l < 6; l++)
		cr_expect_eq(per[l], 3);
	free(lines);
	free(text);
}

/* ---- generating ---- */

Test(sudoku, generated_puzzles_are_unique_and_of_their_level)
{
	static const struct {
		int size, level;
	} cases[] = {
		{4, 0}, {6, 0}, {6, 1}, {6, 4}, {9, 0}, {9, 1}, {9, 2},
		{9, 3}, {9, 4}, {9, 5}, {9, -1},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cdok_gen_params par;
		cdok_gen_result gres;
		cdok_grading gr;
		cdok_puzzle *p;
		cdok_rng rng;
		cdok_error err;
		int sol[81], n = cases[i].size;

		cdok_gen_params_init(&par);
		par.sudoku = 1;
		par.size = n;
		par.level = cases[i].level;
		cdok_rng_seed(&rng, 7 + i, 0);
		memset(&gres, 0, sizeof(gres));
		gres.solution = sol;
		cr_assert_eq(cdok_generate(&par, NULL, &rng, &p, &gres, &err),
			     CDOK_OK, "size %d level %d: %s", n,
			     cases[i].level, err.message);
		cr_expect_eq(cdok_puzzle_cage_count(p), 0);
		cr_expect_eq(cdok_puzzle_box_rows(p) * cdok_puzzle_box_cols(p),
			     n);
		cr_expect_eq(cdok_puzzle_box_rows(p), n == 9 ? 3 : 2);
		cr_expect_eq(ref_count_solutions(p, 2), 1, "size %d", n);
		cr_expect(ref_is_solution(p, sol));
		cr_expect_eq(gres.proof.verdict, CDOK_VERDICT_UNIQUE);
		cr_assert_eq(cdok_grade(p, NULL, &gr, NULL), CDOK_OK);
		if (cases[i].level >= 0)
			cr_expect_eq(gr.level, cases[i].level, "size %d", n);
		cdok_puzzle_free(p);
	}
}

Test(sudoku, generator_refuses)
{
	cdok_gen_params par;
	cdok_puzzle *p = NULL;
	cdok_rng rng;
	cdok_error err;
	int grid[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};

	cdok_rng_seed(&rng, 1, 0);
	cdok_gen_params_init(&par);
	par.sudoku = 1;
	par.killer = 1;
	par.size = 9;
	cr_expect_eq(cdok_generate(&par, NULL, &rng, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "not both") != NULL, "%s", err.message);
	par.killer = 0;
	par.size = 7;
	cr_expect_eq(cdok_generate(&par, NULL, &rng, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "cannot be tiled") != NULL, "%s",
		  err.message);
	par.size = 9;
	par.level = 6;
	cr_expect_eq(cdok_generate(&par, NULL, &rng, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	/* The caller's grid must be a solved Sudoku: swap two cells of a
	 * row and a box breaks its columns. */
	par.size = 4;
	par.level = -1;
	cr_expect_eq(cdok_generate(&par, grid, &rng, &p, NULL, &err),
		     CDOK_OK, "%s", err.message);
	cdok_puzzle_free(p);
	p = NULL;
	grid[0] = 2;
	grid[1] = 1;
	cr_expect_eq(cdok_generate(&par, grid, &rng, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	cr_expect_null(p);
}
