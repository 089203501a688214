/* test_cli_killer_gen.c -- `cdok generate --killer` end to end: what it
 * prints reads back and solves uniquely, --to killer gives JSON the
 * killer reader takes, the default size follows the kind of puzzle, -j
 * does not change the output (the Killer options' usage errors are the
 * golden case tests/cli/errors/killer-usage). */
#include "cli_run.h"

#include "cdok.h"

/* The first puzzle of a text, read in the named format (NULL: told from
 * the text). */
static cdok_puzzle *read_first(const char *format, const struct text *t)
{
	const cdok_format *f = format ? test_format(format)
				      : test_detect(t->data, t->len);
	cdok_reader *rd;
	cdok_puzzle *p = NULL;
	cdok_error err;

	cr_assert_not_null(f);
	rd = cdok_reader_new(f, t->data, t->len);
	cr_assert_not_null(rd);
	memset(&err, 0, sizeof(err));
	cr_assert_eq(cdok_reader_next(rd, &p, &err), CDOK_OK,
		     "%d:%d: %s\n%s", err.line, err.column, err.message,
		     t->data);
	cdok_reader_free(rd);
	return p;
}

/* A Killer puzzle of the given shape with exactly one solution. */
static void expect_killer_unique(const cdok_puzzle *p, int size, int rows,
				 int cols)
{
	int *sol = malloc(sizeof(int) * (size_t)(size * size));
	cdok_result r;

	cr_expect_eq(cdok_puzzle_size(p), size);
	cr_expect_eq(cdok_puzzle_box_rows(p), rows);
	cr_expect_eq(cdok_puzzle_box_cols(p), cols);
	cr_expect_gt(cdok_puzzle_cage_count(p), 0);
	for (int c = 0; c < cdok_puzzle_cage_count(p); c++) {
		cr_expect_eq(cdok_cage_op(p, c), CDOK_OP_ADD);
		cr_expect(cdok_cage_distinct(p, c));
		cr_expect_geq(cdok_cage_size(p, c), 2);
	}
	for (int i = 0; i < size * size; i++)
		cr_expect_eq(cdok_puzzle_given(p, i), CDOK_NONE);
	cr_assert_eq(cdok_solve(p, NULL, sol, &r, NULL), CDOK_OK);
	cr_expect_eq(r.count, 1);
	cr_expect(r.complete);
	free(sol);
}

Test(cli_killer_gen, generate_reads_back_and_is_unique)
{
	struct run r, s;
	char *dir = make_tmpdir(), path[4096];
	cdok_puzzle *p;

	CDOK(&r, "generate", "--killer", "--seed", "1");
	cr_assert_eq(r.status, 0, "stderr: %s", r.err.data);
	expect_str(&r.err, "", "stderr");
	expect_match(r.out.data, "^@boxes 3x3\n@distinct\n", "stdout");
	expect_match(r.out.data, "\nDifficulty: [0-9]+ \\([A-Za-z]+, score "
		     "[0-9]+\\)\n$", "stdout");
	/* The spec reader skips the drawing and the summary line. */
	p = read_first("spec", &r.out);
	expect_killer_unique(p, 9, 3, 3);
	cdok_puzzle_free(p);

	/* And the program itself says so. */
	snprintf(path, sizeof(path), "%s/k.txt", dir);
	write_file(path, r.out.data);
	CDOK(&s, "examine", path);
	cr_expect_eq(s.status, 0, "stderr: %s", s.err.data);
	expect_match(s.out.data, "^Solution is unique\\. Difficulty: [0-9]+ "
		     "\\([A-Za-z]+, score [0-9]+\\)\n$", "examine");
	run_free(&s);
	run_free(&r);
	remove_tmpdir(dir);
}

Test(cli_killer_gen, to_killer_json_reads_back)
{
	struct run r;
	cdok_puzzle *p;

	CDOK(&r, "--killer", "--seed", "2", "--to", "killer", "generate");
	cr_assert_eq(r.status, 0, "stderr: %s", r.err.data);
	expect_match(r.out.data, "^\\{\n  \"board\": \\[", "stdout");
	cr_expect_str_eq(cdok_format_name(test_detect(r.out.data,
							      r.out.len)),
			 "killer");
	p = read_first("killer", &r.out);
	expect_killer_unique(p, 9, 3, 3);
	cdok_puzzle_free(p);
	run_free(&r);

	/* The schema is 9 x 9 with 3 x 3 boxes: a 6 x 6 run is refused
	 * with the reason at once, before any puzzle is made. */
	CDOK(&r, "--killer", "-s", "6", "--seed", "2", "--to", "killer",
	     "generate");
	cr_expect_eq(r.status, 4);
	expect_str(&r.out, "", "stdout");
	expect_str(&r.err, "cdok: --to killer: the size is 6, but the Killer "
		   "Sudoku JSON schema is 9 x 9\n", "stderr");
	run_free(&r);
}

Test(cli_killer_gen, to_spec_and_json)
{
	struct run r;
	cdok_puzzle *p;

	CDOK(&r, "--killer", "-s", "6", "--boxes", "3x2", "--seed", "4",
	     "--count", "3", "--to", "spec", "generate");
	cr_assert_eq(r.status, 0, "stderr: %s", r.err.data);
	expect_match(r.out.data, "^@boxes 3x2\n@distinct\n", "stdout");
	p = read_first("spec", &r.out);
	expect_killer_unique(p, 6, 3, 2);
	cdok_puzzle_free(p);
	run_free(&r);

	CDOK(&r, "--killer", "--seed", "4", "--to", "json", "generate");
	cr_assert_eq(r.status, 0, "stderr: %s", r.err.data);
	expect_match(r.out.data, "\"boxes\":\\[3,3\\]", "json");
	expect_match(r.out.data, "\"distinct\":true", "json");
	expect_match(r.out.data, "\"verdict\":\"unique\"", "json");
	run_free(&r);
}

/* -s defaults to 9 with --killer and stays 6 otherwise, for generate
 * and gen-grid alike. */
Test(cli_killer_gen, default_sizes)
{
	struct run r;
	cdok_puzzle *p;

	CDOK(&r, "--seed", "3", "--to", "spec", "generate");
	cr_assert_eq(r.status, 0);
	p = read_first("spec", &r.out);
	cr_expect_eq(cdok_puzzle_size(p), 6);
	cr_expect_eq(cdok_puzzle_box_rows(p), 0);
	cdok_puzzle_free(p);
	run_free(&r);

	CDOK(&r, "--seed", "3", "gen-grid");
	cr_assert_eq(r.status, 0);
	p = read_first("spec", &r.out);
	cr_expect_eq(cdok_puzzle_size(p), 6);
	cdok_puzzle_free(p);
	run_free(&r);

	CDOK(&r, "--seed", "3", "--killer", "gen-grid");
	cr_assert_eq(r.status, 0);
	expect_match(r.out.data, "^@boxes 3x3\n", "gen-grid --killer");
	p = read_first("spec", &r.out);
	cr_expect_eq(cdok_puzzle_size(p), 9);
	cr_expect_eq(cdok_puzzle_box_rows(p), 3);
	cdok_puzzle_free(p);
	run_free(&r);

	CDOK(&r, "--seed", "3", "--killer", "-s", "4", "--to", "spec",
	     "generate");
	cr_assert_eq(r.status, 0);
	p = read_first("spec", &r.out);
	expect_killer_unique(p, 4, 2, 2);
	cdok_puzzle_free(p);
	run_free(&r);
}

Test(cli_killer_gen, jobs_do_not_change_output)
{
	struct run a, b;

	CDOK(&a, "--killer", "--seed", "21", "--count", "12", "-j", "1",
	     "generate");
	CDOK(&b, "--killer", "--seed", "21", "--count", "12", "-j", "2",
	     "generate");
	cr_assert_eq(a.status, 0);
	cr_assert_eq(b.status, 0);
	cr_expect_gt(a.out.len, 1000);
	expect_str(&b.out, a.out.data, "-j 2 output");
	run_free(&a);
	run_free(&b);
}

/* harden keeps a Killer input Killer (its boxes, sum cages) and makes a
 * puzzle with the same solution. */
Test(cli_killer_gen, harden_keeps_killer)
{
	struct run r, h;
	char *dir = make_tmpdir(), path[4096];
	cdok_puzzle *a, *b;
	int sa[81], sb[81];
	cdok_result res;

	CDOK(&r, "--killer", "--seed", "8", "--to", "spec", "generate");
	cr_assert_eq(r.status, 0);
	snprintf(path, sizeof(path), "%s/k.spec", dir);
	write_file(path, r.out.data);
	CDOK(&h, "--seed", "9", "--to", "spec", "harden", path);
	cr_assert_eq(h.status, 0, "stderr: %s", h.err.data);
	a = read_first("spec", &r.out);
	b = read_first("spec", &h.out);
	expect_killer_unique(b, 9, 3, 3);
	cr_assert_eq(cdok_solve(a, NULL, sa, &res, NULL), CDOK_OK);
	cr_assert_eq(cdok_solve(b, NULL, sb, &res, NULL), CDOK_OK);
	cr_expect_arr_eq(sa, sb, sizeof(sa));
	cdok_puzzle_free(a);
	cdok_puzzle_free(b);
	run_free(&r);
	run_free(&h);
	remove_tmpdir(dir);
}
