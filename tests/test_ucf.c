/* test_ucf.c -- the UCF 2009 contest format.
 *
 * The contest's sample and the 20-puzzle file of the corpus must be
 * answered byte for byte, read and written back unchanged, and match
 * the Keen puzzles they were made from.  Every reading error must come
 * with its line and column, and every refusal to write with its reason.
 */

#include "fmt_helpers.h"
#include "testlib.h"

/* Solve each puzzle of a UCF text and write the answers as a stream. */
static char *answer_all(const char *text, size_t len, size_t *outlen)
{
	cdok_writer *w = cdok_writer_new(test_format("ucf"), 0);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	char *all = NULL, *piece;
	size_t n = 0, plen;
	int count = fmt_read_all("ucf", text, len, &ps, &st, &err);

	cr_assert_eq(st, CDOK_END, "read: %d:%d: %s", err.line, err.column,
		     err.message);
	cr_assert_not_null(w);
	for (int i = 0; i < count; i++) {
		int values[81];
		char what[32];

		snprintf(what, sizeof(what), "puzzle %d", i + 1);
		fmt_solve_unique(ps[i], values, what);
		cr_assert_eq(cdok_writer_put(w, ps[i], values, &piece, &plen,
					     &err), CDOK_OK, "%s", err.message);
		all = realloc(all, n + plen + 1);
		memcpy(all + n, piece, plen + 1);
		n += plen;
		cdok_free(piece);
	}
	cr_assert_eq(cdok_writer_finish(w, &piece, &plen, &err), CDOK_OK);
	cr_assert_eq(plen, 0, "answers need no trailer");
	cdok_free(piece);
	cdok_writer_free(w);
	fmt_free_puzzles(ps, count);
	*outlen = n;
	return all;
}

static void expect_answers(const char *in, const char *out)
{
	size_t ilen, olen, alen;
	char *text = fmt_corpus_file(in, &ilen);
	char *want = fmt_corpus_file(out, &olen);
	char *got = answer_all(text, ilen, &alen);

	cr_expect_eq(alen, olen, "%s: %zu bytes, want %zu", in, alen, olen);
	cr_expect(alen == olen && !memcmp(got, want, olen),
		  "%s: answers differ:\n%s", in, got);
	free(text);
	free(want);
	free(got);
}

Test(ucf, sample_answers_byte_for_byte)
{
	expect_answers("ucf/sample.in", "ucf/sample.out");
}

Test(ucf, keen20_answers_byte_for_byte)
{
	expect_answers("ucf/keen20.in", "ucf/keen20.out");
}

/* Read every puzzle and write them all back as one input file. */
static void expect_round_trip(const char *in)
{
	size_t len, plen;
	char *text = fmt_corpus_file(in, &len);
	cdok_writer *w = cdok_writer_new(test_format("ucf"), 0);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	char *all = NULL, *piece;
	size_t n = 0;
	int count = fmt_read_all("ucf", text, len, &ps, &st, &err);

	cr_assert_eq(st, CDOK_END);
	for (int i = 0; i <= count; i++) {
		if (i < count)
			st = cdok_writer_put(w, ps[i], NULL, &piece, &plen,
					     &err);
		else
			st = cdok_writer_finish(w, &piece, &plen, &err);
		cr_assert_eq(st, CDOK_OK, "%s", err.message);
		all = realloc(all, n + plen + 1);
		memcpy(all + n, piece, plen + 1);
		n += plen;
		cdok_free(piece);
	}
	cr_expect(n == len && !memcmp(all, text, len),
		  "%s does not come back unchanged:\n%s", in, all);
	cdok_writer_free(w);
	fmt_free_puzzles(ps, count);
	free(all);
	free(text);
}

Test(ucf, inputs_round_trip_byte_for_byte)
{
	expect_round_trip("ucf/sample.in");
	expect_round_trip("ucf/keen20.in");
}

/* keen20.src names the Keen puzzle each UCF puzzle came from. */
Test(ucf, keen20_matches_its_keen_sources)
{
	size_t len, slen;
	char *text = fmt_corpus_file("ucf/keen20.in", &len);
	char *src = fmt_corpus_file("ucf/keen20.src", &slen);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int count = fmt_read_all("ucf", text, len, &ps, &st, &err), seen = 0;
	char *line = strtok(src, "\n");

	cr_assert_eq(count, 20);
	for (; line; line = strtok(NULL, "\n")) {
		int num;
		char name[64], rel[128];
		size_t klen;
		char *keen;
		cdok_puzzle *p;

		cr_assert_eq(sscanf(line, "%d %63s", &num, name), 2);
		cr_assert(num >= 1 && num <= count);
		snprintf(rel, sizeof(rel), "keen/%s.keen", name);
		keen = fmt_corpus_file(rel, &klen);
		p = fmt_read_one("keen", keen, klen, rel);
		cr_expect(fmt_same_model(ps[num - 1], p, rel),
			  "puzzle %d is not %s", num, name);
		cdok_puzzle_free(p);
		free(keen);
		seen++;
	}
	cr_expect_eq(seen, 20);
	fmt_free_puzzles(ps, count);
	free(text);
	free(src);
}

Test(ucf, model_of_the_sample)
{
	static const char text[] = "2 4\nab\ncd\na 1 .\nb 2 .\nc 2 .\nd 1 .\n"
				   "3 2\naab\nabb\naab\nb 3 -\na 8 +\n0\n";
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n = fmt_read_all("ucf", text, sizeof(text) - 1, &ps, &st, &err);

	cr_assert_eq(st, CDOK_END);
	cr_assert_eq(n, 2);
	/* One-cell groups are one-cell cages, labels kept. */
	cr_expect_eq(cdok_puzzle_cage_count(ps[0]), 4);
	cr_expect_eq(cdok_cage_size(ps[0], 1), 1);
	cr_expect_eq(cdok_cage_target(ps[0], 1), 2);
	cr_expect_str_eq(cdok_cage_label(ps[0], 1), "b");
	cr_expect_eq(cdok_puzzle_given(ps[0], 1), CDOK_NONE);
	/* Cages in order of first appearance; letters kept even when the
	 * group lines come in another order. */
	cr_expect_str_eq(cdok_cage_label(ps[1], 0), "a");
	cr_expect_eq(cdok_cage_op(ps[1], 0), CDOK_OP_ADD);
	cr_expect_eq(cdok_cage_target(ps[1], 0), 8);
	cr_expect_eq(cdok_cage_size(ps[1], 0), 5);
	cr_expect_eq(cdok_cage_op(ps[1], 1), CDOK_OP_SUB);
	fmt_free_puzzles(ps, n);
}

Test(ucf, stream_ends_at_zero_or_end_of_text)
{
	static const char with_zero[] = "1 1\na\na 1 .\n0\nthis is not read\n";
	static const char without[] = "\n1 1\na\na 1 .\n\n1 1\nb\nb 1 .\n";
	static const char only_zero[] = "0\n";
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n;

	n = fmt_read_all("ucf", with_zero, sizeof(with_zero) - 1, &ps, &st,
			 &err);
	cr_expect_eq(st, CDOK_END);
	cr_expect_eq(n, 1);
	fmt_free_puzzles(ps, n);
	n = fmt_read_all("ucf", without, sizeof(without) - 1, &ps, &st, &err);
	cr_expect_eq(st, CDOK_END, "%s", err.message);
	cr_expect_eq(n, 2);
	fmt_free_puzzles(ps, n);
	/* A text whose first puzzle is the end mark holds no puzzle: an
	 * error, shown at the mark. */
	n = fmt_read_all("ucf", only_zero, sizeof(only_zero) - 1, &ps, &st,
			 &err);
	cr_expect_eq(st, CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 1);
	cr_expect_eq(err.column, 1);
	cr_expect(strstr(err.message, "before any puzzle") != NULL, "%s",
		  err.message);
	cr_expect_eq(n, 0);
	fmt_free_puzzles(ps, n);
}

/* ------------------------------------------------------------------ */
/* Reading errors                                                      */

static const struct tl_bad bad[] = {
	{"", CDOK_ERR_SYNTAX, 1, 1, "empty"},
	{"  \n\n", CDOK_ERR_SYNTAX, 3, 1, "white space"},
	{"x 1\n", CDOK_ERR_SYNTAX, 1, 1, "unexpected character 'x'"},
	{"2\nab\n", CDOK_ERR_SYNTAX, 1, 2, "expected G"},
	{"2 4 5\n", CDOK_ERR_SYNTAX, 1, 5, "after \"N G\""},
	{"64 1\n", CDOK_ERR_LIMIT, 1, 1, "up to 63 x 63"},
	{"3 60\n", CDOK_ERR_LIMIT, 1, 3, "52 letters"},
	{"3 0\n", CDOK_ERR_INVALID, 1, 3, "G is 0"},
	{"3 1\naaa\n", CDOK_ERR_SYNTAX, 3, 1, "ends after 1 of its 3 rows"},
	/* Without a final newline the text ends on its last line. */
	{"3 1\naaa", CDOK_ERR_SYNTAX, 2, 4, "ends after 1 of its 3 rows"},
	{"3 1\naaa\n\naaa\n", CDOK_ERR_SYNTAX, 3, 1, "row 2 of the grid is "
	 "missing"},
	{"2 2\na1\n", CDOK_ERR_SYNTAX, 2, 2, "unexpected character '1'"},
	{"3 1\naa\n", CDOK_ERR_SYNTAX, 2, 3, "row 1 has 2 letters, but N is "
	 "3"},
	{"2 1\naaa\n", CDOK_ERR_SYNTAX, 2, 3, "more than 2 letters"},
	{"2 3\nab\ncd\n", CDOK_ERR_SYNTAX, 1, 3, "G is 3 but the grid uses 4 "
	 "group letters"},
	{"2 4\nab\ncd\na 1 .\nb 2 .\nc 2 .\n", CDOK_ERR_SYNTAX, 7, 1,
	 "expected 4 group lines but found 3"},
	{"2 4\nab\ncd\na 1 .\nb 2 .\ne 2 .\n", CDOK_ERR_INVALID, 6, 1,
	 "group line for 'e', a letter the grid does not use"},
	{"2 4\nab\ncd\na 1 .\nb 2 .\na 2 .\n", CDOK_ERR_INVALID, 6, 1,
	 "second group line for 'a' (the first is on line 4)"},
	{"2 2\naa\nbb\na 3 +\nb 3 x\n", CDOK_ERR_SYNTAX, 5, 5,
	 "unexpected character 'x' where an operator"},
	{"2 2\naa\nbb\na 3 +\nb 3 \xc3\x97\n", CDOK_ERR_SYNTAX, 5, 5,
	 "unexpected character U+00D7 MULTIPLICATION SIGN where an operator "
	 "(+ - * / or .) was expected; did you mean '*'?"},
	{"2 2\naa\nbb\na 3 +\nb 3\xc2\xa0-\n", CDOK_ERR_SYNTAX, 5, 4,
	 "unexpected character U+00A0 NO-BREAK SPACE after the target; did "
	 "you mean a plain space?"},
	{"2 2\naa\nbb\na 3 .\n", CDOK_ERR_INVALID, 4, 5, "'.' marks a group "
	 "of one cell, but group 'a' has 2 cells"},
	{"2 2\naa\nbb\na 0 *\n", CDOK_ERR_INVALID, 4, 3, "product target "
	 "must not be 0"},
	{"2 2\naa\nbb\na +\n", CDOK_ERR_SYNTAX, 4, 3, "where the group's "
	 "target was expected"},
	{"2 2\naa\nbb\na 3\n", CDOK_ERR_SYNTAX, 4, 4, "expected an operator"},
	{"2 2\naa\nbb\nab 3 +\n", CDOK_ERR_SYNTAX, 4, 1, "one letter"},
	{"2 2\naa\nbb\na 3 + x\n", CDOK_ERR_SYNTAX, 4, 7, "after the "
	 "operator"},
	{"2 2\naa\nbb\na 99999999999999999999 +\n", CDOK_ERR_LIMIT, 4, 3,
	 "target"},
	{"2 2\nab\nba\na 3 +\nb 3 +\n", CDOK_ERR_INVALID, 3, 2, "group 'a' is "
	 "not connected"},
};

Test(ucf, malformed_inputs_fail_where_expected)
{
	TL_EXPECT_READ_ERRORS("ucf", bad);
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

static void expect_refusal(const cdok_puzzle *p, const int *values,
			   cdok_status status, const char *part)
{
	char *out = (char *)"x";
	cdok_error err;
	cdok_status st = cdok_write(test_format("ucf"), p, values, &out,
				    NULL, &err);

	cr_expect_eq(st, status, "status %d, want %d (%s)", st, status,
		     err.message);
	cr_expect_null(out);
	cr_expect(strstr(err.message, part) != NULL, "message '%s' lacks "
		  "'%s'", err.message, part);
}

Test(ucf, refusals_say_why)
{
	size_t len;
	char *text = fmt_corpus_file("cdok/cdok12D_01.spec", &len);
	cdok_puzzle *big = fmt_read_one("spec", text, len, "cdok12D_01");
	cdok_puzzle *p = cdok_puzzle_new(9), *q = cdok_puzzle_new(2);
	int values[144] = {0}, cells[2] = {0, 1};

	expect_refusal(big, NULL, CDOK_ERR_UNSUPPORTED, "the puzzle is 12 x "
		       "12, but UCF puzzles have N <= 9");
	expect_refusal(big, values, CDOK_ERR_UNSUPPORTED, "one digit per "
		       "cell");
	/* 81 givens are 81 one-cell groups. */
	for (int cell = 0; cell < 81; cell++)
		cdok_puzzle_set_given(p, cell, (cell + cell / 9 * 3 +
						cell / 27) % 9 + 1);
	expect_refusal(p, NULL, CDOK_ERR_UNSUPPORTED, "the puzzle has 81 "
		       "groups (cages and givens), but UCF names at most 52");
	/* A cell with neither a cage nor a given. */
	cr_assert_eq(cdok_puzzle_add_cage(q, CDOK_OP_ADD, 3, cells, 2, NULL,
					  NULL), CDOK_OK);
	expect_refusal(q, NULL, CDOK_ERR_UNSUPPORTED, "cell at row 2, column "
		       "1 is in no cage and has no given");
	/* A given inside a cage. */
	cdok_puzzle_set_given(q, 1, 2);
	expect_refusal(q, NULL, CDOK_ERR_UNSUPPORTED, "the given 2 at row 1, "
		       "column 2 is inside the 3+ cage at r1c1");
	/* Answers must be complete. */
	values[3] = 0;
	values[0] = values[1] = 1;
	values[2] = 2;
	expect_refusal(q, values, CDOK_ERR_INVALID, "row 2, column 2 has the "
		       "value 0");
	cdok_puzzle_free(big);
	cdok_puzzle_free(p);
	cdok_puzzle_free(q);
	free(text);
}

Test(ucf, givens_become_one_cell_groups)
{
	static const char spec[] = "A+3\tA\n2\t1\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, sizeof(spec) - 1, "spec");
	size_t len;
	char *out = fmt_write("ucf", p, NULL, &len);
	cdok_puzzle *back;

	cr_expect_str_eq(out, "2 3\naa\nbc\na 3 +\nb 2 .\nc 1 .\n0\n");
	back = fmt_read_one("ucf", out, len, "ucf");
	cr_expect(fmt_same_model(p, back, "spec -> ucf -> model"));
	cdok_puzzle_free(back);
	cdok_puzzle_free(p);
	cdok_free(out);
}

/* An answer keeps the number of its puzzle in the input even when an
 * earlier puzzle was not answered. */
Test(ucf, skipped_puzzles_keep_numbering)
{
	static const char spec[] = "A+3\tA\nB+3\tB\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, sizeof(spec) - 1, "spec");
	cdok_writer *w = cdok_writer_new(test_format("ucf"), 0);
	int values[4] = {1, 2, 2, 1};
	cdok_error err;
	char *out;

	cdok_writer_skip(w);
	cr_assert_eq(cdok_writer_put(w, p, values, &out, NULL, &err),
		     CDOK_OK);
	cr_expect_str_eq(out, "KenKen Puzzle #2:\n12\n21\n\n");
	cdok_free(out);
	cr_assert_eq(cdok_writer_finish(w, &out, NULL, &err), CDOK_OK);
	cr_expect_str_eq(out, "");
	cdok_free(out);
	cdok_writer_free(w);
	cdok_puzzle_free(p);
}

/* A file of 100 9 x 9 puzzles is answered in full (how fast is measured
 * by bench/, not here).  The 9 x 9 Keen puzzles of the corpus,
 * converted to UCF and repeated, make the file. */
Test(ucf, hundred_9x9_puzzles)
{
	int count, used = 0;
	char **names = fmt_list("keen", ".keen", &count);
	char *file = NULL, *piece, *answers;
	size_t n = 0, plen, alen;
	cdok_writer *w = cdok_writer_new(test_format("ucf"), 0);
	cdok_puzzle *nines[64];
	int nnines = 0;
	cdok_error err;

	for (int i = 0; i < count && nnines < 64; i++) {
		char rel[128];
		size_t len;
		char *text;
		cdok_puzzle *p;

		if (strncmp(names[i], "keen_9", 6))
			continue;
		snprintf(rel, sizeof(rel), "keen/%s", names[i]);
		text = fmt_corpus_file(rel, &len);
		p = fmt_read_one("keen", text, len, rel);
		free(text);
		nines[nnines++] = p;
	}
	cr_assert_gt(nnines, 10);
	for (int i = 0; i <= 100; i++) {
		if (i < 100)
			cr_assert_eq(cdok_writer_put(w, nines[used++ % nnines],
						     NULL, &piece, &plen,
						     &err), CDOK_OK);
		else
			cr_assert_eq(cdok_writer_finish(w, &piece, &plen,
							&err), CDOK_OK);
		file = realloc(file, n + plen + 1);
		memcpy(file + n, piece, plen + 1);
		n += plen;
		cdok_free(piece);
	}
	answers = answer_all(file, n, &alen);
	cr_expect(strstr(answers, "KenKen Puzzle #100:\n") != NULL);
	for (int i = 0; i < nnines; i++)
		cdok_puzzle_free(nines[i]);
	cdok_writer_free(w);
	fmt_free_names(names, count);
	free(file);
	free(answers);
}
