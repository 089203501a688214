/* test_calpoly.c -- the Cal Poly CPE 101 cage-list format.
 *
 * Every course puzzle of the corpus must give exactly its .out file and
 * come back unchanged when written; the ambiguous and unsolvable ones
 * must be recognised as such; reading errors have positions and
 * refusals name the cage at fault.
 */
#include "fmt_helpers.h"
#include "testlib.h"

Test(calpoly, every_puzzle_gives_its_out_file)
{
	int count, done = 0;
	char **names = fmt_list("calpoly", ".in", &count);

	for (int i = 0; i < count; i++) {
		char rel[128], orel[128];
		size_t len, olen, alen;
		char *text, *want, *got;
		cdok_puzzle *p;
		int values[25];

		snprintf(rel, sizeof(rel), "calpoly/%s", names[i]);
		snprintf(orel, sizeof(orel), "calpoly/%.*s.out",
			 (int)strlen(names[i]) - 3, names[i]);
		text = fmt_corpus_file(rel, &len);
		want = fmt_corpus_file(orel, &olen);
		p = fmt_read_one("calpoly", text, len, rel);
		cr_assert_eq(cdok_puzzle_size(p), 5, "%s", rel);
		fmt_solve_unique(p, values, rel);
		got = fmt_write("calpoly", p, values, &alen);
		cr_expect(alen == olen && !memcmp(got, want, olen),
			  "%s: answer\n%s\ndiffers from %s", rel, got, orel);
		cdok_free(got);
		cdok_puzzle_free(p);
		free(text);
		free(want);
		done++;
	}
	cr_expect_eq(done, 11, "the corpus has 11 course puzzles");
	fmt_free_names(names, count);
}

Test(calpoly, puzzles_round_trip_byte_for_byte)
{
	static const char *const extra[] = {"ambiguous/amb_calpoly.in",
					    "invalid/nosol_calpoly.in"};
	int count;
	char **names = fmt_list("calpoly", ".in", &count);

	for (int i = 0; i < count + 2; i++) {
		char rel[128];
		size_t len, olen;
		char *text, *out;
		cdok_puzzle *p;

		if (i < count)
			snprintf(rel, sizeof(rel), "calpoly/%s", names[i]);
		else
			snprintf(rel, sizeof(rel), "%s", extra[i - count]);
		text = fmt_corpus_file(rel, &len);
		p = fmt_read_one("calpoly", text, len, rel);
		out = fmt_write("calpoly", p, NULL, &olen);
		cr_expect(olen == len && !memcmp(out, text, len),
			  "%s comes back as\n%s", rel, out);
		cdok_free(out);
		cdok_puzzle_free(p);
		free(text);
	}
	fmt_free_names(names, count);
}

static uint64_t count_solutions(const char *rel, uint64_t limit)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_puzzle *p = fmt_read_one("calpoly", text, len, rel);
	cdok_solve_params params;
	cdok_result res;
	cdok_error err;

	cdok_solve_params_init(&params);
	params.limit = limit;
	cr_assert_eq(cdok_solve(p, &params, NULL, &res, &err), CDOK_OK);
	cr_assert(res.complete);
	cdok_puzzle_free(p);
	free(text);
	return res.count;
}

Test(calpoly, ambiguous_and_unsolvable_puzzles)
{
	cr_expect_eq(count_solutions("ambiguous/amb_calpoly.in", 10), 2);
	cr_expect_eq(count_solutions("invalid/nosol_calpoly.in", 10), 0);
}

Test(calpoly, stream_of_puzzles)
{
	static const char text[] = "1\n10 4 0 1 2 3\n\n2\n3 2 0 1\n3 2 2 3\n";
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n = fmt_read_all("calpoly", text, sizeof(text) - 1, &ps, &st,
			     &err);

	cr_expect_eq(st, CDOK_END, "%s", err.message);
	cr_assert_eq(n, 2);
	cr_expect_eq(cdok_puzzle_cage_count(ps[0]), 1);
	cr_expect_eq(cdok_puzzle_cage_count(ps[1]), 2);
	cr_expect_eq(cdok_cage_op(ps[1], 1), CDOK_OP_ADD);
	fmt_free_puzzles(ps, n);
}

/* Answers of several puzzles are set apart by a blank line. */
Test(calpoly, stream_of_answers)
{
	static const char spec[] = "A+3\tA\nB+3\tB\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, sizeof(spec) - 1, "spec");
	cdok_writer *w = cdok_writer_new(test_format("calpoly"), 0);
	int values[4] = {1, 2, 2, 1};
	cdok_error err;
	char *out;

	cr_assert_eq(cdok_writer_put(w, p, values, &out, NULL, &err),
		     CDOK_OK);
	cr_expect_str_eq(out, "1 2\n2 1\n");
	cdok_free(out);
	cr_assert_eq(cdok_writer_put(w, p, values, &out, NULL, &err),
		     CDOK_OK);
	cr_expect_str_eq(out, "\n1 2\n2 1\n");
	cdok_free(out);
	cdok_writer_free(w);
	cdok_puzzle_free(p);
}

static const struct tl_bad bad[] = {
	{"", CDOK_ERR_SYNTAX, 1, 1, "empty"},
	{"x\n", CDOK_ERR_SYNTAX, 1, 1, "unexpected character 'x'"},
	{"2 3\n", CDOK_ERR_SYNTAX, 1, 3, "only the number of cages"},
	{"0\n", CDOK_ERR_INVALID, 1, 1, "number of cages is 0"},
	{"2\n4 2 0 1\n", CDOK_ERR_SYNTAX, 3, 1, "says 2 cages, but only 1"},
	/* Without a final newline the text ends on its last line. */
	{"2\n4 2 0 1", CDOK_ERR_SYNTAX, 2, 8, "says 2 cages, but only 1"},
	{"2\n4 2 0 1\n\n  ", CDOK_ERR_SYNTAX, 4, 3, "says 2 cages, but only 1"},
	{"1\n4 3 0 1\n", CDOK_ERR_SYNTAX, 2, 8, "the cage has 3 cells but "
	 "lists 2"},
	{"1\n4 1 0 1\n", CDOK_ERR_SYNTAX, 2, 7, "lists more"},
	{"1\n4 0\n", CDOK_ERR_INVALID, 2, 3, "at least one cell"},
	{"1\n4 2 0 x\n", CDOK_ERR_SYNTAX, 2, 7, "unexpected character 'x'"},
	{"1\n4 2 0 \xef\xbc\x91\n", CDOK_ERR_SYNTAX, 2, 7, "unexpected "
	 "character U+FF11 FULLWIDTH DIGIT ONE where a number was expected; "
	 "did you mean '1'?"},
	{"1\n4 2 0 1a\n", CDOK_ERR_SYNTAX, 2, 8, "after a number"},
	{"1\n4\n", CDOK_ERR_SYNTAX, 2, 2, "number of cells"},
	{"2\n4 2 0 1\n4 1 2\n", CDOK_ERR_INVALID, 1, 1, "cover 3 cells, which "
	 "is not a square number"},
	{"2\n4 2 0 1\n4 2 1 2\n", CDOK_ERR_INVALID, 3, 5, "cell 1 is in two "
	 "cages (lines 2 and 3)"},
	{"2\n4 2 0 1\n4 2 2 7\n", CDOK_ERR_INVALID, 3, 7, "cell 7 is outside "
	 "the 2 x 2 grid (cells 0..3)"},
	{"2\n4 2 0 3\n4 2 1 2\n", CDOK_ERR_INVALID, 2, 7, "the cage on line 2 "
	 "is not connected: cell 3"},
	{"1\n99999999999999999999 1 0\n", CDOK_ERR_LIMIT, 2, 1, "sum"},
	{"1\n4 9999 0\n", CDOK_ERR_LIMIT, 2, 3, "number of cells"},
};

Test(calpoly, malformed_inputs_fail_where_expected)
{
	TL_EXPECT_READ_ERRORS("calpoly", bad);
}

static void expect_refusal(const char *spec, const char *part)
{
	cdok_puzzle *p = fmt_read_one("spec", spec, strlen(spec), spec);
	char *out = NULL;
	cdok_error err;
	cdok_status st = cdok_write(test_format("calpoly"), p, NULL, &out,
				    NULL, &err);

	cr_expect_eq(st, CDOK_ERR_UNSUPPORTED, "%s: status %d", spec, st);
	cr_expect_null(out);
	cr_expect(strstr(err.message, part) != NULL, "message '%s' lacks "
		  "'%s'", err.message, part);
	cdok_puzzle_free(p);
}

Test(calpoly, refusals_name_the_first_offending_cage)
{
	expect_refusal("A+3\tA\nB-1\tB\n", "the 1- cage at r2c1 "
		       "is a difference cage; the calpoly format has sum "
		       "cages only");
	expect_refusal("A*2\tA\nB/2\tB\n", "the 2* cage at r1c1 "
		       "is a product cage");
	expect_refusal("A+3\tA\nB/2\tB\n", "the 2/ cage at r2c1 "
		       "is a ratio cage");
}

Test(calpoly, givens_become_one_cell_sums)
{
	static const char spec[] = "A+3\tA\n2\t1\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, sizeof(spec) - 1, "spec");
	size_t len;
	char *out = fmt_write("calpoly", p, NULL, &len);
	cdok_puzzle *back;

	cr_expect_str_eq(out, "3\n3 2 0 1\n2 1 2\n1 1 3\n");
	back = fmt_read_one("calpoly", out, len, "calpoly");
	cr_expect(fmt_same_model(p, back, "spec -> calpoly -> model"));
	cdok_puzzle_free(back);
	cdok_puzzle_free(p);
	cdok_free(out);
}
