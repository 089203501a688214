/* test_api.c -- the small public calls programs build on: the verdict of a
 * search, what each format can do, sets of formats and the run-time
 * version.
 */
#include "fmt_helpers.h"

static cdok_puzzle *read_spec(const char *text)
{
	cdok_reader *r = cdok_reader_new(cdok_format_find("spec"), text,
					 strlen(text));
	cdok_puzzle *p = NULL;
	cdok_error err;

	cr_assert_not_null(r);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK, "%s",
		     err.message);
	cdok_reader_free(r);
	return p;
}

static cdok_result solve_with(const cdok_puzzle *p, uint64_t limit,
			      uint64_t max_nodes)
{
	cdok_solve_params params;
	cdok_result res;

	cdok_solve_params_init(&params);
	params.limit = limit;
	params.max_nodes = max_nodes;
	cr_assert_eq(cdok_solve(p, &params, NULL, &res, NULL), CDOK_OK);
	return res;
}

/* Every outcome of a search, each from the one place that decides it. */
Test(api, verdicts)
{
	/* 2 x 2: with a given, unique; with two sum cages, both Latin
	 * squares; with a clue no pair can meet, none. */
	cdok_puzzle *unique = read_spec("A+3\tA\n2\t1\n");
	cdok_puzzle *two = read_spec("A+3\tA\nB+3\tB\n");
	cdok_puzzle *none = read_spec("A+5\tA\nB+3\tB\n");
	cdok_puzzle *big = cdok_puzzle_new(9);
	cdok_result r;

	r = solve_with(unique, 2, 0);
	cr_expect_eq(r.verdict, CDOK_VERDICT_UNIQUE);
	cr_expect_str_eq(cdok_verdict_name(r.verdict), "unique");
	r = solve_with(two, 2, 0);
	cr_expect_eq(r.verdict, CDOK_VERDICT_MULTIPLE);
	cr_expect_str_eq(cdok_verdict_name(r.verdict), "multiple");
	r = solve_with(none, 2, 0);
	cr_expect_eq(r.verdict, CDOK_VERDICT_NONE);
	cr_expect_str_eq(cdok_verdict_name(r.verdict), "none");
	/* A limit of 1 finds a solution and does not ask for more: never
	 * "unique", even where the puzzle is. */
	r = solve_with(two, 1, 0);
	cr_expect_eq(r.verdict, CDOK_VERDICT_FOUND);
	r = solve_with(unique, 1, 0);
	cr_expect_eq(r.verdict, CDOK_VERDICT_FOUND);
	cr_expect_str_eq(cdok_verdict_name(r.verdict), "found");
	/* A 9 x 9 of a given 1 and one sum cage of every other cell needs
	 * more than one node to find two squares.  (A cage of every cell
	 * would not: it holds whatever the filling, so decides nothing.) */
	{
		int cells[80];

		for (int i = 0; i < 80; i++)
			cells[i] = i + 1;
		cr_assert_eq(cdok_puzzle_set_given(big, 0, 1), CDOK_OK);
		cr_assert_eq(cdok_puzzle_add_cage(big, CDOK_OP_ADD, 404, cells,
						  80, "A", NULL), CDOK_OK);
	}
	r = solve_with(big, 2, 1);
	cr_expect_eq(r.verdict, CDOK_VERDICT_UNKNOWN);
	cr_expect_str_eq(cdok_verdict_name(r.verdict), "gave-up");
	/* The node the search stopped at is not counted: at most
	 * max_nodes, as the program reports them. */
	cr_expect_eq(r.nodes, 1);
	r = solve_with(big, 0, 100);
	cr_expect(r.gave_up);
	cr_expect_eq(r.nodes, 100);
	cdok_puzzle_free(unique);
	cdok_puzzle_free(two);
	cdok_puzzle_free(none);
	cdok_puzzle_free(big);
}

/* A puzzle read is checked once, by the reader; a cage added to it
 * afterwards is checked again by every call it goes through. */
Test(api, read_then_changed)
{
	cdok_puzzle *p = read_spec("A+3\tA\n2\t1\n");
	cdok_solve_params params;
	cdok_result res;
	cdok_error err;

	cr_assert_eq(cdok_puzzle_validate(p, &err), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, -2, (int[]){2}, 1,
					  NULL, NULL), CDOK_OK);
	cr_expect_eq(cdok_puzzle_validate(p, &err), CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "negative target"), "%s",
		  err.message);
	cdok_solve_params_init(&params);
	cr_expect_eq(cdok_solve(p, &params, NULL, &res, &err),
		     CDOK_ERR_INVALID);
	cdok_puzzle_free(p);
}

Test(api, format_flags)
{
	static const struct {
		const char *name;
		unsigned flags;
	} want[] = {
		{"spec", CDOK_FORMAT_READ | CDOK_FORMAT_WRITE |
			 CDOK_FORMAT_VALUES},
		{"ucf", CDOK_FORMAT_READ | CDOK_FORMAT_WRITE |
			CDOK_FORMAT_VALUES},
		{"calpoly", CDOK_FORMAT_READ | CDOK_FORMAT_WRITE |
			    CDOK_FORMAT_VALUES},
		{"keen", CDOK_FORMAT_READ | CDOK_FORMAT_WRITE |
			 CDOK_FORMAT_LINE},
		{"solo", CDOK_FORMAT_READ | CDOK_FORMAT_WRITE |
			 CDOK_FORMAT_LINE},
		{"ascii", CDOK_FORMAT_WRITE | CDOK_FORMAT_VALUES |
			  CDOK_FORMAT_PICTURE},
		{"utf8", CDOK_FORMAT_WRITE | CDOK_FORMAT_VALUES |
			 CDOK_FORMAT_PICTURE},
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const cdok_format *f = test_format(want[i].name);

		cr_assert_not_null(f, "%s", want[i].name);
		cr_expect_eq(cdok_format_flags(f), want[i].flags,
			     "%s: %#x, want %#x", want[i].name,
			     cdok_format_flags(f), want[i].flags);
	}
	cr_expect_eq(cdok_format_flags(NULL), 0);
}

Test(api, format_sets)
{
	cdok_formats *set = cdok_formats_new();
	const cdok_format *dup[] = {cdok_format_find("spec"), NULL};
	const cdok_format *none[] = {NULL};
	const char keen[] = "4:_aa_3a_a_a,a6s1s3a6m3a1";
	cdok_error err;
	int n = 0;

	cr_assert_not_null(set);
	/* It starts with the core table, in its order. */
	while (cdok_format_at(n)) {
		cr_expect_eq(cdok_formats_at(set, n), cdok_format_at(n));
		n++;
	}
	cr_expect_null(cdok_formats_at(set, n));
	cr_expect_null(cdok_formats_at(set, -1));
	cr_expect_eq(cdok_formats_find(set, "ucf"), cdok_format_find("ucf"));
	cr_expect_null(cdok_formats_find(set, "nope"));
	cr_expect_eq(cdok_formats_detect(set, keen, strlen(keen)),
		     cdok_format_detect(keen, strlen(keen)));
	cr_expect_null(cdok_formats_detect(set, " \n", 2));
	/* A name already in the set is refused, and nothing is added. */
	cr_expect_eq(cdok_formats_add(set, dup, &err), CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "spec") != NULL, "%s", err.message);
	cr_expect_null(cdok_formats_at(set, n));
	cr_expect_eq(cdok_formats_add(set, none, &err), CDOK_OK);
	cr_expect_null(cdok_formats_at(set, n));
	cdok_formats_free(set);
	cdok_formats_free(NULL);
}

Test(api, version)
{
	cr_expect_str_eq(cdok_version(), CDOK_VERSION);
}
