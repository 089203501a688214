/* test_keen.c -- Simon Tatham's Keen game IDs.
 *
 * Every ID of the corpus must come back byte for byte, read to the same
 * puzzle as its .spec, and be what the spec becomes when written as an
 * ID.  IDs with cages beyond Keen's own size limits (which need the
 * parser's 'y' and 'z' quirks) must still mean to Keen what they mean
 * here.  Errors have positions; refusals have reasons.
 */
#include "fmt_helpers.h"
#include "testlib.h"

/* The .keen files of a folder, with the spec next to each. */
static int check_folder(const char *folder)
{
	int count, done = 0;
	char **names = fmt_list(folder, ".keen", &count);

	for (int i = 0; i < count; i++) {
		char rel[160], srel[160];
		size_t len, slen, olen, klen;
		char *text, *spec, *out, *again;
		cdok_puzzle *p, *s;
		size_t idlen;

		snprintf(rel, sizeof(rel), "%s/%s", folder, names[i]);
		snprintf(srel, sizeof(srel), "%s/%.*s.spec", folder,
			 (int)strlen(names[i]) - 5, names[i]);
		text = fmt_corpus_file(rel, &len);
		p = fmt_read_one("keen", text, len, rel);

		/* Byte for byte (the file is the ID and a newline). */
		out = fmt_write("keen", p, NULL, &olen);
		idlen = strcspn(text, "\r\n");
		cr_expect(olen == idlen + 1 && !memcmp(out, text, idlen) &&
			  out[idlen] == '\n', "%s comes back as %s", rel, out);

		/* The same puzzle as the spec, and the spec written as an
		 * ID is the ID. */
		spec = fmt_corpus_file(srel, &slen);
		s = fmt_read_one("spec", spec, slen, srel);
		cr_expect(fmt_same_model(p, s, rel), "%s and %s differ", rel,
			  srel);
		again = fmt_write("keen", s, NULL, &klen);
		cr_expect_str_eq(again, out, "%s as a Keen ID", srel);

		cdok_free(again);
		cdok_free(out);
		cdok_puzzle_free(s);
		cdok_puzzle_free(p);
		free(spec);
		free(text);
		done++;
	}
	fmt_free_names(names, count);
	return done;
}

Test(keen, corpus_ids_round_trip_and_match_their_specs)
{
	cr_expect_eq(check_folder("keen"), 213);
	cr_expect_eq(check_folder("ambiguous"), 3);
}

/* The solutions of the corpus are the solver's for the read IDs. */
Test(keen, corpus_ids_solve_to_their_sol_files)
{
	int count;
	char **names = fmt_list("keen", ".keen", &count);

	for (int i = 0; i < count; i++) {
		char rel[160], srel[160];
		size_t len, slen;
		char *text, *sol;
		cdok_puzzle *p;
		int values[81], want[81];
		cdok_error err;

		snprintf(rel, sizeof(rel), "keen/%s", names[i]);
		snprintf(srel, sizeof(srel), "keen/%.*s.sol",
			 (int)strlen(names[i]) - 5, names[i]);
		text = fmt_corpus_file(rel, &len);
		sol = fmt_corpus_file(srel, &slen);
		p = fmt_read_one("keen", text, len, rel);
		fmt_solve_unique(p, values, rel);
		cr_assert_eq(cdok_read_grid(sol, slen, cdok_puzzle_size(p),
					    want, &err), CDOK_OK, "%s: %s",
			     srel, err.message);
		cr_expect_arr_eq(values, want, (size_t)(cdok_puzzle_size(p) *
							cdok_puzzle_size(p)) *
				 sizeof(int), "%s", rel);
		cdok_puzzle_free(p);
		free(text);
		free(sol);
	}
	fmt_free_names(names, count);
}

Test(keen, one_cell_cages_stay_cages)
{
	static const char id[] = "4:_9a__a3bb,a1a4a2a4a6a8a6a9";
	cdok_puzzle *p = fmt_read_one("keen", id, sizeof(id) - 1, id);

	cr_expect_eq(cdok_puzzle_cage_of(p, 0), 0);
	cr_expect_eq(cdok_cage_size(p, 0), 1);
	cr_expect_eq(cdok_cage_target(p, 0), 1);
	cr_expect_eq(cdok_puzzle_given(p, 0), CDOK_NONE);
	cr_expect_null(cdok_cage_label(p, 0));
	cdok_puzzle_free(p);
}

/* Keen's 'm' on one cell is kept, and written back as it was. */
Test(keen, one_cell_product_round_trips)
{
	static const char id[] = "4:_9a__a3bb,m1a4a2a4a6a8a6a9\n";
	cdok_puzzle *p = fmt_read_one("keen", id, sizeof(id) - 1, id);
	size_t len;
	char *out = fmt_write("keen", p, NULL, &len);

	cr_expect_eq(cdok_cage_op(p, 0), CDOK_OP_MUL);
	cr_expect_str_eq(out, id);
	cdok_free(out);
	cdok_puzzle_free(p);
}

Test(keen, several_ids_one_per_line)
{
	static const char text[] = "3:a_3aab_,s1m3m3a5\n\n"
				   "  4:_9a__a3bb,a1a4a2a4a6a8a6a9  \r\n"
				   "3:a_3aab_,s1m3m3a5";
	cdok_writer *w = cdok_writer_new(test_format("keen"), 0);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	char *out;
	int n = fmt_read_all("keen", text, sizeof(text) - 1, &ps, &st, &err);

	cr_expect_eq(st, CDOK_END, "%s", err.message);
	cr_assert_eq(n, 3);
	cr_assert_eq(cdok_writer_put(w, ps[0], NULL, &out, NULL, &err),
		     CDOK_OK);
	cr_expect_str_eq(out, "3:a_3aab_,s1m3m3a5\n");
	cdok_free(out);
	cr_assert_eq(cdok_writer_put(w, ps[1], NULL, &out, NULL, &err),
		     CDOK_OK);
	cr_expect_str_eq(out, "4:_9a__a3bb,a1a4a2a4a6a8a6a9\n");
	cdok_free(out);
	cdok_writer_free(w);
	fmt_free_puzzles(ps, n);
}

/* A 9 x 9 whose rows are cages: the 72 edges between horizontal
 * neighbours are all inside cages, one run longer than any Keen makes.
 * Keen's parser reads 'y' as 25 inner edges without a border, so the run
 * is "yy" and 22 more with a border ('v'). */
Test(keen, long_runs_use_keens_y)
{
	cdok_puzzle *p = cdok_puzzle_new(9), *back;
	size_t len;
	char *out;

	for (int y = 0; y < 9; y++) {
		int cells[9];

		for (int x = 0; x < 9; x++)
			cells[x] = y * 9 + x;
		cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 45, cells, 9,
						  NULL, NULL), CDOK_OK);
	}
	out = fmt_write("keen", p, NULL, &len);
	cr_expect_str_eq(out, "9:yyv_72,a45a45a45a45a45a45a45a45a45\n");
	back = fmt_read_one("keen", out, len, out);
	cr_expect(fmt_same_model(p, back, "rows"));
	cdok_puzzle_free(back);
	cdok_free(out);
	cdok_puzzle_free(p);
}

/* 'z' is 26 inner edges followed by a border, as Keen reads it, and
 * "ya" says the same.  The first 26 edges of a 9 x 9 walk are those of
 * rows 1-3 (8 each) and the first 2 of row 4. */
Test(keen, z_is_26_edges_and_a_border)
{
	char z[400], ya[400];
	cdok_puzzle *p, *q;
	size_t len;
	char *out;

	strcpy(z, "9:z_118,a45a45a45a6");
	for (int i = 0; i < 51; i++)
		strcat(z, "a1");
	strcpy(ya, z);
	memmove(ya + 3, ya + 2, strlen(ya + 2) + 1);
	ya[2] = 'y';
	ya[3] = 'a';
	p = fmt_read_one("keen", z, strlen(z), "z");
	q = fmt_read_one("keen", ya, strlen(ya), "ya");
	cr_expect_eq(cdok_puzzle_cage_of(p, 0), cdok_puzzle_cage_of(p, 8));
	cr_expect_neq(cdok_puzzle_cage_of(p, 8), cdok_puzzle_cage_of(p, 9));
	cr_expect_eq(cdok_puzzle_cage_of(p, 27), cdok_puzzle_cage_of(p, 29));
	cr_expect_neq(cdok_puzzle_cage_of(p, 29), cdok_puzzle_cage_of(p, 30));
	cr_expect_eq(cdok_puzzle_cage_count(p), 55);
	cr_expect(fmt_same_model(p, q, "z and ya"));
	out = fmt_write("keen", q, NULL, &len);
	out[len - 1] = '\0';
	cr_expect_str_eq(out, z);
	cdok_free(out);
	cdok_puzzle_free(p);
	cdok_puzzle_free(q);
}

static const struct tl_bad bad[] = {
	{"", CDOK_ERR_SYNTAX, 1, 1, "empty"},
	{"\n \n", CDOK_ERR_SYNTAX, 3, 1, "white space"},
	{"x:a", CDOK_ERR_SYNTAX, 1, 1, "unexpected character 'x' where a "
	 "Keen game ID"},
	{"2:a_3,a1", CDOK_ERR_LIMIT, 1, 1, "sizes 3 to 9; this one says 2"},
	{"10:a_3,a1", CDOK_ERR_LIMIT, 1, 1, "sizes 3 to 9; this one says 10"},
	{"6dh#12345", CDOK_ERR_UNSUPPORTED, 1, 4, "random-seed ID"},
	{"6dhx:a", CDOK_ERR_SYNTAX, 1, 4, "expected ':'"},
	{"6#12345", CDOK_ERR_UNSUPPORTED, 1, 2, "random-seed ID"},
	{"3:a_3aab_", CDOK_ERR_SYNTAX, 1, 10, "expected ','"},
	{"3:a_3aab,s1m3m3a5", CDOK_ERR_SYNTAX, 1, 9, "too short for a 3 x 3 "
	 "grid: its letters fill 12 of 13 places"},
	{"3:a_3aab__,s1m3m3a5", CDOK_ERR_SYNTAX, 1, 10, "more than the 12 "
	 "borders between neighbouring cells"},
	{"3:a_3aAb_,s1m3m3a5", CDOK_ERR_SYNTAX, 1, 7, "unexpected character "
	 "'A' in the block structure"},
	{"3:a_0aab_,s1m3m3a5", CDOK_ERR_SYNTAX, 1, 5, "repeat count must be "
	 "at least 1"},
	{"3:a_3aab_,s1m3m3", CDOK_ERR_SYNTAX, 1, 17, "3 clues, but its blocks "
	 "make 4 cages"},
	{"3:a_3aab_,s1m3m3a5a1", CDOK_ERR_SYNTAX, 1, 19, "more clues than its "
	 "4 cages"},
	{"3:a_3aab_,s1m3m3s5", CDOK_ERR_INVALID, 1, 17, "subtraction cages "
	 "have exactly 2 cells in Keen, but the cage at row 2, column 2 has "
	 "3"},
	{"3:a_3aab_,s1m3m3d5", CDOK_ERR_INVALID, 1, 17, "division cages"},
	{"3:a_3aab_,s1x3m3a5", CDOK_ERR_SYNTAX, 1, 13, "unexpected character "
	 "'x' where a clue"},
	{"3:a_3aab_,s1\xe2\x80\x93" "3m3a5", CDOK_ERR_SYNTAX, 1, 13,
	 "unexpected character U+2013 EN DASH where a clue (a, s, m or d and "
	 "a target) was expected; did you mean '-'?"},
	{"3:a_3aab_,s1mm3m3a5", CDOK_ERR_SYNTAX, 1, 14, "expected the target "
	 "after 'm'"},
	{"3:a_3aab_,s1m0m3a5", CDOK_ERR_INVALID, 1, 13, "product target must "
	 "not be 0"},
	{"3:a_3aab_,s1m999999999m3a5", CDOK_ERR_LIMIT, 1, 14, "536870911"},
	{"3:a_3aab_,s1m3m3a5 x", CDOK_ERR_SYNTAX, 1, 19, "after the clues"},
};

Test(keen, malformed_ids_fail_where_expected)
{
	TL_EXPECT_READ_ERRORS("keen", bad);
}

static void expect_refusal(const cdok_puzzle *p, const int *values,
			   cdok_status status, const char *part)
{
	char *out = NULL;
	cdok_error err;
	cdok_status st = cdok_write(test_format("keen"), p, values, &out,
				    NULL, &err);

	cr_expect_eq(st, status, "status %d, want %d (%s)", st, status,
		     err.message);
	cr_expect_null(out);
	cr_expect(strstr(err.message, part) != NULL, "message '%s' lacks "
		  "'%s'", err.message, part);
}

static cdok_puzzle *spec(const char *text)
{
	return fmt_read_one("spec", text, strlen(text), text);
}

Test(keen, refusals_say_why)
{
	size_t len;
	char *text = fmt_corpus_file("cdok/cdok12D_01.spec", &len);
	cdok_puzzle *big = fmt_read_one("spec", text, len, "cdok12D_01");
	cdok_puzzle *p;
	int values[9] = {0};

	expect_refusal(big, NULL, CDOK_ERR_UNSUPPORTED, "the puzzle is 12 x "
		       "12, but Keen plays sizes 3 to 9");
	p = spec("A+3\tA\nB+3\tB\n");
	expect_refusal(p, NULL, CDOK_ERR_UNSUPPORTED, "sizes 3 to 9");
	cdok_puzzle_free(p);

	p = spec("A-1\tA\tA\nB+6\tB\tB\nC+6\tC\tC\n");
	expect_refusal(p, NULL, CDOK_ERR_UNSUPPORTED, "the 1- cage at r1c1 "
		       "is a difference cage of 3 cells; Keen's - "
		       "and / cages have exactly 2");
	cdok_puzzle_free(p);

	p = spec("A+6\tA\tA\nB+6\tB\tB\nC/2\tC\tC\n");
	expect_refusal(p, NULL, CDOK_ERR_UNSUPPORTED, "the 2/ cage at r3c1 "
		       "is a ratio cage of 3 cells");
	cdok_puzzle_free(p);

	p = spec("A+6\tA\tA\nB+6\tB\tB\nC+6\tC\tC\n");
	expect_refusal(p, values, CDOK_ERR_UNSUPPORTED, "holds a puzzle, not "
		       "its solution");
	/* A given inside a cage of three. */
	cdok_puzzle_set_given(p, 4, 2);
	expect_refusal(p, NULL, CDOK_ERR_UNSUPPORTED, "the given 2 at row 2, "
		       "column 2 is inside the 6+ cage at r2c1; "
		       "Keen has no givens");
	cdok_puzzle_free(p);

	/* A cell in no cage. */
	p = cdok_puzzle_new(3);
	expect_refusal(p, NULL, CDOK_ERR_UNSUPPORTED, "cell at row 1, column 1 "
		       "is in no cage and has no given");
	cdok_puzzle_free(p);

	/* A cage in two pieces. */
	p = cdok_puzzle_new(3);
	{
		int cells[2] = {0, 2}, rest[7] = {1, 3, 4, 5, 6, 7, 8};

		cdok_puzzle_add_cage(p, CDOK_OP_ADD, 4, cells, 2, "A", NULL);
		cdok_puzzle_add_cage(p, CDOK_OP_ADD, 14, rest, 7, "B", NULL);
	}
	expect_refusal(p, NULL, CDOK_ERR_UNSUPPORTED, "the 4+ cage at r1c1 "
		       "is not connected");
	cdok_puzzle_free(p);

	/* A product beyond what Keen stores. */
	p = spec("A*999999999\tA\tA\nB+6\tB\tB\nC+6\tC\tC\n");
	expect_refusal(p, NULL, CDOK_ERR_UNSUPPORTED, "holds targets 0 to "
		       "536870911");
	cdok_puzzle_free(p);

	cdok_puzzle_free(big);
	free(text);
}

/* Givens outside cages become one-cell sums, and come back as the same
 * puzzle. */
Test(keen, givens_become_one_cell_sums)
{
	cdok_puzzle *p = spec("A+3\tA\t3\nB*6\tB\tB\n3\tC+3\tC\n"), *back;
	size_t len;
	char *out = fmt_write("keen", p, NULL, &len);

	cr_expect_str_eq(out, "3:aba_6,a3a3m6a3a3\n");
	back = fmt_read_one("keen", out, len, out);
	cr_expect(fmt_same_model(p, back, "spec -> keen"));
	cdok_puzzle_free(back);
	cdok_puzzle_free(p);
	cdok_free(out);
}
