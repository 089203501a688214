/* test_check.c -- the checker behind `cdok check` and the reader of
 * proposed solution grids.
 *
 * Every solution file of the corpus must be accepted.  Mutated ones must
 * be rejected with exactly the problems the mutation causes: the cage
 * verdicts are compared with a second, independent reading of the cage
 * rules written here, not with the library's own.
 */
#include <inttypes.h>

#include "fmt_helpers.h"

/* The puzzle file that goes with a solution file, and its format. */
struct pair {
	const char *folder;
	const char *sol_suffix;
	const char *puzzle_suffix;
	const char *format;
};

static const struct pair pairs[] = {
	{"keen", ".sol", ".keen", "keen"},
	{"cdok", ".sol", ".spec", "spec"},
	{"ambiguous", ".sol", ".spec", "spec"},
	{"ambiguous", ".sol2", ".spec", "spec"},
	{"ambiguous", ".sol", ".in", "calpoly"},
	{"ambiguous", ".sol2", ".in", "calpoly"},
	{"calpoly", ".out", ".in", "calpoly"},
};

/* Calls fn for each (puzzle, solution) pair of the corpus; returns how
 * many there were. */
typedef void (*pair_fn)(const cdok_puzzle *p, const int *sol,
			const char *name);

static int each_pair(pair_fn fn)
{
	int total = 0;

	for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++) {
		const struct pair *pr = &pairs[k];
		int count;
		char **names = fmt_list(pr->folder, pr->sol_suffix, &count);

		for (int i = 0; i < count; i++) {
			char prel[192], srel[192];
			size_t plen, slen, base;
			char *ptext, *stext;
			cdok_puzzle *p;
			int *values, n;
			cdok_error err;

			base = strlen(names[i]) - strlen(pr->sol_suffix);
			snprintf(prel, sizeof(prel), "%s/%.*s%s", pr->folder,
				 (int)base, names[i], pr->puzzle_suffix);
			if (!fmt_exists(prel))
				continue;
			snprintf(srel, sizeof(srel), "%s/%s", pr->folder,
				 names[i]);
			ptext = fmt_corpus_file(prel, &plen);
			stext = fmt_corpus_file(srel, &slen);
			p = fmt_read_one(pr->format, ptext, plen, prel);
			n = cdok_puzzle_size(p);
			values = malloc((size_t)(n * n) * sizeof(int));
			cr_assert_eq(cdok_read_grid(stext, slen, n, values,
						    &err), CDOK_OK,
				     "%s: %d:%d: %s", srel, err.line,
				     err.column, err.message);
			fn(p, values, srel);
			free(values);
			cdok_puzzle_free(p);
			free(ptext);
			free(stext);
			total++;
		}
		fmt_free_names(names, count);
	}
	return total;
}

static void expect_correct(const cdok_puzzle *p, const int *sol,
			   const char *name)
{
	cdok_problem *probs;
	int n;
	cdok_error err;

	cr_assert_eq(cdok_check(p, sol, &probs, &n, &err), CDOK_OK);
	cr_expect_eq(n, 0, "%s: %d problems", name, n);
	if (n) {
		char msg[256];

		cdok_problem_describe(&probs[0], p, msg, sizeof(msg));
		cr_log_error("%s: %s", name, msg);
	}
	cdok_free(probs);
}

Test(check, accepts_every_solution_of_the_corpus)
{
	/* 213 keen + 24 cdok + 5 ambiguous specs with two solutions each
	 * + the ambiguous Cal Poly puzzle's two + 11 course answers. */
	cr_expect_eq(each_pair(expect_correct), 213 + 24 + 10 + 2 + 11);
}

/* ---- An independent reading of the cage rules ---- */

static bool cage_ok(cdok_op op, int64_t target, const int *v, int k)
{
	int64_t sum = 0, prod = 1;
	int big = 0;

	if (k < 1)
		return false;
	for (int i = 0; i < k; i++) {
		sum += v[i];
		if (v[i] > v[big])
			big = i;
	}
	if (k == 1)
		return v[0] == target;
	switch (op) {
	case CDOK_OP_ADD:
		return sum == target;
	case CDOK_OP_SUB:
		return 2 * v[big] - sum == target;
	case CDOK_OP_MUL:
		for (int i = 0; i < k; i++) {
			prod *= v[i];
			if (prod > target)
				return false;
		}
		return prod == target;
	case CDOK_OP_DIV:
		for (int i = 0; i < k; i++)
			if (i != big) {
				prod *= v[i];
				if (prod > v[big])
					return false;
			}
		return (int64_t)v[big] == target * prod;
	case CDOK_OP_ANY:
		return cage_ok(CDOK_OP_ADD, target, v, k) ||
		       cage_ok(CDOK_OP_SUB, target, v, k) ||
		       cage_ok(CDOK_OP_MUL, target, v, k) ||
		       cage_ok(CDOK_OP_DIV, target, v, k);
	}
	return false;
}

/* Which cages fail on values, all of whose cells are in range. */
static int failing_cages(const cdok_puzzle *p, const int *values, int *out)
{
	int nf = 0;

	for (int k = 0; k < cdok_puzzle_cage_count(p); k++) {
		int cells = cdok_cage_size(p, k), v[4096];

		for (int i = 0; i < cells; i++)
			v[i] = values[cdok_cage_cells(p, k)[i]];
		if (!cage_ok(cdok_cage_op(p, k), cdok_cage_target(p, k), v,
			     cells))
			out[nf++] = k;
	}
	return nf;
}

static int count_kind(const cdok_problem *probs, int n, cdok_problem_kind k)
{
	int c = 0;

	for (int i = 0; i < n; i++)
		c += probs[i].kind == k;
	return c;
}

/* Swap two cells of a row that are not givens: the rows stay Latin,
 * both columns now repeat a value, and exactly the cages the second
 * reading finds broken are reported. */
static void swap_in_a_row(const cdok_puzzle *p, const int *sol,
			  const char *name)
{
	int n = cdok_puzzle_size(p), a = -1, b = -1, nf, nprobs, ncage = 0;
	int *v = malloc((size_t)(n * n) * sizeof(int));
	int *fail = malloc((size_t)(n * n) * sizeof(int));
	cdok_problem *probs;
	cdok_error err;

	/* The first row with two cells that are not givens. */
	for (int y = 0; y < n && b < 0; y++) {
		a = -1;
		for (int x = 0; x < n && b < 0; x++) {
			if (cdok_puzzle_given(p, y * n + x) != CDOK_NONE)
				continue;
			if (a < 0)
				a = y * n + x;
			else
				b = y * n + x;
		}
	}
	cr_assert_geq(b, 0, "%s: no two free cells in a row", name);
	memcpy(v, sol, (size_t)(n * n) * sizeof(int));
	v[a] = sol[b];
	v[b] = sol[a];
	nf = failing_cages(p, v, fail);
	cr_assert_eq(cdok_check(p, v, &probs, &nprobs, &err), CDOK_OK);
	cr_expect_eq(count_kind(probs, nprobs, CDOK_PROBLEM_VALUE), 0, "%s",
		     name);
	cr_expect_eq(count_kind(probs, nprobs, CDOK_PROBLEM_GIVEN), 0, "%s",
		     name);
	cr_expect_eq(count_kind(probs, nprobs, CDOK_PROBLEM_ROW), 0, "%s",
		     name);
	cr_expect_eq(count_kind(probs, nprobs, CDOK_PROBLEM_COLUMN), 2,
		     "%s", name);
	for (int i = 0; i < nprobs; i++) {
		const cdok_problem *pr = &probs[i];

		if (pr->kind == CDOK_PROBLEM_COLUMN) {
			int col = pr->column;

			cr_expect(col == a % n || col == b % n, "%s", name);
			/* The value moved into the column repeats, at the
			 * swapped row and one other. */
			cr_expect_eq(pr->value, v[a / n * n + col], "%s", name);
			cr_expect(pr->where & ((uint64_t)1 << (a / n)));
			cr_expect_eq(__builtin_popcountll(pr->where), 2);
		} else if (pr->kind == CDOK_PROBLEM_CAGE) {
			cr_expect(ncage < nf && pr->cage == fail[ncage],
				  "%s: cage %d reported", name, pr->cage);
			ncage++;
		}
	}
	cr_expect_eq(ncage, nf, "%s: %d cages reported, %d fail", name, ncage,
		     nf);
	cdok_free(probs);
	free(v);
	free(fail);
}

Test(check, swapped_cells_break_columns_and_cages)
{
	cr_expect_gt(each_pair(swap_in_a_row), 200);
}

/* An empty cell and a value out of range are reported, and the cages
 * holding them are not judged. */
static void blank_and_overflow(const cdok_puzzle *p, const int *sol,
			       const char *name)
{
	int n = cdok_puzzle_size(p), nprobs;
	int *v = malloc((size_t)(n * n) * sizeof(int));
	cdok_problem *probs;
	cdok_error err;
	int last = n * n - 1;

	memcpy(v, sol, (size_t)(n * n) * sizeof(int));
	v[0] = 0;
	v[last] = n + 1;
	cr_assert_eq(cdok_check(p, v, &probs, &nprobs, &err), CDOK_OK);
	cr_assert_geq(nprobs, 2, "%s", name);
	cr_expect_eq(probs[0].kind, CDOK_PROBLEM_VALUE);
	cr_expect_eq(probs[0].value, 0);
	cr_expect_eq(probs[1].kind, CDOK_PROBLEM_VALUE);
	cr_expect_eq(probs[1].value, n + 1);
	cr_expect_eq(probs[1].row, n - 1);
	for (int i = 2; i < nprobs; i++)
		cr_expect(probs[i].kind == CDOK_PROBLEM_GIVEN &&
			  (probs[i].row * n + probs[i].column == 0 ||
			   probs[i].row * n + probs[i].column == last),
			  "%s: unexpected problem of kind %d", name,
			  probs[i].kind);
	cdok_free(probs);
	free(v);
}

Test(check, empty_and_out_of_range_cells)
{
	cr_expect_gt(each_pair(blank_and_overflow), 200);
}

/* ---- Messages ---- */

/* The README's 6 x 6 and its solution. */
static const char readme[] =
	"J+12\tF/4\t5\t2\tE*3\tE\n"
	"J\tF\tH+7\tH\tI*60\tI\n"
	"J\tD+12\tG+28\tG\tG\tI\n"
	"3\tD\tK-1\tK\tG\tG\n"
	"4\tD\tD\tB+11\tG\tA*2\n"
	"C+10\tC\tC\tB\t4\tA\n";

static cdok_puzzle *readme_puzzle(int *sol)
{
	cdok_puzzle *p = fmt_read_one("spec", readme, sizeof(readme) - 1,
				      "readme");

	fmt_solve_unique(p, sol, "readme");
	return p;
}

static void expect_messages(const cdok_puzzle *p, const int *v,
			    const char *const *want, int nwant)
{
	cdok_problem *probs;
	int n;
	cdok_error err;

	cr_assert_eq(cdok_check(p, v, &probs, &n, &err), CDOK_OK);
	cr_expect_eq(n, nwant, "%d problems, want %d", n, nwant);
	for (int i = 0; i < n; i++) {
		char msg[256];
		size_t len = cdok_problem_describe(&probs[i], p, msg,
						   sizeof(msg));

		cr_expect_eq(len, strlen(msg));
		if (i < nwant)
			cr_expect_str_eq(msg, want[i]);
		else
			cr_log_error("extra: %s", msg);
	}
	cdok_free(probs);
}

Test(check, plain_sentences)
{
	int sol[36], v[36];
	cdok_puzzle *p = readme_puzzle(sol);
	static const int want_sol[36] = {6, 4, 5, 2, 1, 3,
					 5, 1, 4, 3, 2, 6,
					 1, 2, 6, 4, 3, 5,
					 3, 6, 2, 1, 5, 4,
					 4, 3, 1, 5, 6, 2,
					 2, 5, 3, 6, 4, 1};
	static const char *const want[] = {
		"column 1 has 4 twice (rows 1 and 5)",
		"column 2 has 6 twice (rows 1 and 4)",
		("the 12+ cage at r1c1 adds up to 10, 2 less than "
		 "12"),
		"the 4/ cage at r1c2: the ratio is 6, not 4",
	};

	cr_assert_arr_eq(sol, want_sol, sizeof(sol));
	/* Swap the first two cells of row 1. */
	memcpy(v, sol, sizeof(v));
	v[0] = sol[1];
	v[1] = sol[0];
	expect_messages(p, v, want, 4);
	cdok_puzzle_free(p);
}

/* Hand-made grids for every kind of sentence. */
Test(check, every_kind_of_sentence)
{
	static const char spec[] = "A+3\tA\tB-1\tB\n"
				   "C*4\tC\tD/2\tD\n"
				   "E+4\tE\tF*6\tF\n"
				   "2\tG-2\tG\tF\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, sizeof(spec) - 1, "spec");
	int v[16] = {1, 1, 1, 1,
		     4, 1, 3, 2,
		     0, 9, 2, 3,
		     3, 1, 3, 4};
	static const char *const want[] = {
		"r3c1 is empty",
		"r3c2 holds 9, which is outside 1..4",
		"the given 2 in r4c1 was changed to 3",
		"row 1 has 1 4 times (columns 1, 2, 3 and 4)",
		"row 4 has 3 twice (columns 1 and 3)",
		"column 2 has 1 three times (rows 1, 2 and 4)",
		"column 3 has 3 twice (rows 2 and 4)",
		"the 3+ cage at r1c1 adds up to 2, 1 less than 3",
		"the 1- cage at r1c3: the difference is 0, not 1",
		"the 2/ cage at r2c3: the ratio is 3/2, not 2",
		"the 6* cage at r3c3 multiplies to 24, not 6",
	};

	/* Cage C holds (4 * 1), E is not judged (an empty cell), G holds
	 * (3 - 1). */
	expect_messages(p, v, want, 11);
	cdok_puzzle_free(p);
}

Test(check, one_cell_cages_and_cages_without_labels)
{
	cdok_puzzle *p = cdok_puzzle_new(2);
	int a[1] = {0}, rest[3] = {1, 2, 3};
	int v[4] = {1, 2, 2, 1};
	static const char *const want[] = {
		"the 2 cage at r1c1 holds 1, not 2",
		"the 5* cage at r1c2 multiplies to 4, not 5",
	};

	cdok_puzzle_add_cage(p, CDOK_OP_MUL, 2, a, 1, NULL, NULL);
	cdok_puzzle_add_cage(p, CDOK_OP_MUL, 5, rest, 3, NULL, NULL);
	expect_messages(p, v, want, 2);
	cdok_puzzle_free(p);
}

/* 63! is far beyond 64 bits: the checker says so instead of printing a
 * wrapped-around number. */
Test(check, products_beyond_64_bits)
{
	cdok_puzzle *p = cdok_puzzle_new(63);
	int cells[63], *v = malloc(63 * 63 * sizeof(int));
	static const char *const want[] = {
		("the 5* cage at r1c1 multiplies to more than "
		 "9223372036854775807, not 5"),
		("the 5/ cage at r2c1: the ratio is smaller than 1, "
		 "not 5"),
	};

	for (int i = 0; i < 63 * 63; i++)
		v[i] = (i / 63 + i % 63) % 63 + 1;
	for (int x = 0; x < 63; x++)
		cells[x] = x;
	cdok_puzzle_add_cage(p, CDOK_OP_MUL, 5, cells, 63, "R", NULL);
	for (int x = 0; x < 63; x++)
		cells[x] = 63 + x;
	cdok_puzzle_add_cage(p, CDOK_OP_DIV, 5, cells, 63, "Q", NULL);
	expect_messages(p, v, want, 2);
	free(v);
	cdok_puzzle_free(p);
}

/* A puzzle built through the API may have any target: one the readers
 * refuse (a negative one, INT64_MIN) must still be described without
 * overflow (the gap to a sum was once a signed difference).  Found by
 * fuzz_check's puzzles with hostile targets. */
Test(check, targets_at_the_ends_of_64_bits)
{
	cdok_puzzle *p = cdok_puzzle_new(2);
	int row0[2] = {0, 1}, row1[2] = {2, 3};
	static const int v[4] = {1, 2, 2, 1};
	static const char *const want[] = {
		("the -9223372036854775808+ cage at r1c1 adds up to "
		 "3, 9223372036854775811 more than -9223372036854775808"),
		("the 9223372036854775807+ cage at r2c1 adds up to 3, "
		 "9223372036854775804 less than 9223372036854775807"),
	};

	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, INT64_MIN, row0, 2,
					  "A", NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, INT64_MAX, row1, 2,
					  "B", NULL), CDOK_OK);
	expect_messages(p, v, want, 2);
	cdok_puzzle_free(p);
}

/* A Nylimb grid may put 0 in a ratio cage: there is no ratio then, and
 * the checker must say so instead of dividing by zero (it once died of
 * SIGFPE here).  Also a 0 as the largest value, and 0 everywhere. */
Test(check, ratio_cage_holding_zero)
{
	cdok_puzzle *p = cdok_puzzle_new(2);
	int cells[2] = {0, 1}, cells2[2] = {2, 3};
	static const int grids[][4] = {{3, 0, 1, 0}, {0, 3, 1, 0},
				       {0, 0, 1, 0}};
	static const char *const want[] = {
		"the 2/ cage at r1c1 holds 0, so it has no ratio, "
		"not 2",
	};

	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_DIV, 2, cells, 2, "A",
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 1, cells2, 2, "B",
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	for (size_t g = 0; g < sizeof(grids) / sizeof(grids[0]); g++) {
		cdok_problem *probs;
		int n, ratio = 0;
		char *json = NULL;
		cdok_json_info info;

		cr_assert_eq(cdok_check(p, grids[g], &probs, &n, NULL),
			     CDOK_OK);
		for (int i = 0; i < n; i++) {
			char msg[256];

			cdok_problem_describe(&probs[i], p, msg, sizeof(msg));
			if (probs[i].kind == CDOK_PROBLEM_CAGE &&
			    probs[i].cage == 0) {
				ratio++;
				cr_expect_eq(probs[i].got_den, 0);
				cr_expect_str_eq(msg, want[0]);
			}
		}
		cr_expect_eq(ratio, 1, "grid %zu", g);
		cdok_json_info_init(&info);
		info.command = "check";
		info.candidate = grids[g];
		info.problems = probs;
		info.nproblems = n;
		cr_expect_eq(cdok_json_result(p, &info, &json, NULL, NULL),
			     CDOK_OK);
		cr_expect(json && strstr(json, "\"got_den\": 0"), "%s",
			  json ? json : "(null)");
		cdok_free(json);
		cdok_free(probs);
	}
	cdok_puzzle_free(p);
}

Test(check, describe_truncates_like_snprintf)
{
	cdok_problem pr;
	char small[8];
	size_t len;

	memset(&pr, 0, sizeof(pr));
	pr.kind = CDOK_PROBLEM_ROW;
	pr.row = 2;
	pr.column = -1;
	pr.value = 5;
	pr.where = (1u << 1) | (1u << 5);
	pr.cage = -1;
	len = cdok_problem_describe(&pr, NULL, small, sizeof(small));
	cr_expect_eq(len, strlen("row 3 has 5 twice (columns 2 and 6)"));
	cr_expect_str_eq(small, "row 3 h");
}

/* A box problem names the box by its top-left cell; one a caller made
 * with a cell outside the grid is described without a box number (none
 * would be right) rather than with arithmetic on the bad cell. */
Test(check, describe_box_outside_the_grid)
{
	cdok_puzzle *p = cdok_puzzle_new(4);
	cdok_problem pr;
	char msg[128];

	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 2), CDOK_OK);
	memset(&pr, 0, sizeof(pr));
	pr.kind = CDOK_PROBLEM_BOX;
	pr.row = 2;
	pr.column = 2;
	pr.value = 4;
	pr.where = (1u << 0) | (1u << 3);
	pr.cage = -1;
	cdok_problem_describe(&pr, p, msg, sizeof(msg));
	cr_expect_str_eq(msg, "box 4 has 4 twice (r3c3 and r4c4)");
	for (int bad = 0; bad < 4; bad++) {
		pr.row = bad == 0 ? -1 : bad == 1 ? 4 : 0;
		pr.column = bad == 2 ? -1 : bad == 3 ? 4 : 0;
		cdok_problem_describe(&pr, p, msg, sizeof(msg));
		cr_expect_str_eq(msg, "a box holds 4 more than once",
				 "row %d, column %d", pr.row, pr.column);
	}
	cdok_puzzle_free(p);
}

/* ---- Reading grids ---- */

Test(check, grid_layouts)
{
	int v[9];
	cdok_error err;
	static const int want[9] = {1, 2, 3, 2, 3, 1, 3, 1, 2};

	cr_assert_eq(cdok_read_grid("1 2 3\n2 3 1\n3 1 2\n", 18, 3, v, &err),
		     CDOK_OK, "%s", err.message);
	cr_expect_arr_eq(v, want, sizeof(want));
	/* A solved spec: tabs, CR LF, blank lines before, a drawing after
	 * a blank line. */
	memset(v, 0, sizeof(v));
	cr_assert_eq(cdok_read_grid("\n\n1\t2\t3\r\n2\t3\t1\r\n3\t1\t2\r\n\r\n"
				    "+=====+\n", 40, 3, v, &err), CDOK_OK,
		     "%s", err.message);
	cr_expect_arr_eq(v, want, sizeof(want));
	/* Contest answer rows. */
	memset(v, 0, sizeof(v));
	cr_assert_eq(cdok_read_grid("123\n231\n312", 11, 3, v, &err),
		     CDOK_OK, "%s", err.message);
	cr_expect_arr_eq(v, want, sizeof(want));
	/* Empty cells as 0 or '.'. */
	cr_assert_eq(cdok_read_grid("0 . 3\n2 3 1\n3 1 2\n", 18, 3, v, &err),
		     CDOK_OK);
	cr_expect_eq(v[0], 0);
	cr_expect_eq(v[1], CDOK_NONE);
}

struct bad {
	const char *text;
	int size;
	int line;
	int column;
	const char *part;
};

static const struct bad bad[] = {
	{"", 3, 1, 1, "empty"},
	{" \n\t\n", 3, 3, 1, "white space"},
	{"1 2 3\n2 3 1\n", 3, 3, 1, "the grid has 2 rows, but the puzzle is 3 "
	 "x 3"},
	{"1 2 3\n2 3 1\n\n3 1 2\n", 3, 3, 1, "the grid has 2 rows"},
	{"1 2 3\n2 3 1\n3 1 2\n1 2 3\n", 3, 4, 1, "more than 3 rows"},
	{"1 2 3\n2 3\n3 1 2\n", 3, 2, 4, "row 2 has 2 values, but the grid is "
	 "3 x 3"},
	{"1 2 3 4\n", 3, 1, 7, "row 1 has more than 3 values"},
	{"1 2 x\n", 3, 1, 5, "unexpected character 'x'"},
	{"1 2 3a\n", 3, 1, 6, "after a value"},
	{"1 2 99999999\n", 3, 1, 5, "larger than 1000000"},
	{"1 2 3\n2 \x01 1\n", 3, 2, 3, "unexpected byte 0x01"},
};

Test(check, malformed_grids_fail_where_expected)
{
	int v[9];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const struct bad *b = &bad[i];
		cdok_error err;
		cdok_status st;

		memset(&err, 0, sizeof(err));
		st = cdok_read_grid(b->text, strlen(b->text), b->size, v, &err);
		cr_expect_neq(st, CDOK_OK, "%s: read", b->text);
		cr_expect_eq(err.line, b->line, "%s: line %d, want %d (%s)",
			     b->text, err.line, b->line, err.message);
		cr_expect_eq(err.column, b->column, "%s: column %d, want %d "
			     "(%s)", b->text, err.column, b->column,
			     err.message);
		cr_expect(strstr(err.message, b->part) != NULL,
			  "%s: message '%s' lacks '%s'", b->text, err.message,
			  b->part);
	}
}

/* Killer X: the diagonals are units.  A 4 x 4 Sudoku grid whose rows,
 * columns and boxes are right but whose diagonals are not is a solution
 * without the rule and breaks both diagonals with it; one that keeps
 * them is a solution either way. */
Test(check, diagonals_are_units)
{
	cdok_puzzle *p = cdok_puzzle_new(4);
	/* Diagonals 1 4 4 1 and 4 1 1 4: both repeat. */
	int off[16] = {1, 2, 3, 4,
		       3, 4, 1, 2,
		       2, 1, 4, 3,
		       4, 3, 2, 1};
	/* Diagonals 1 4 2 3 and 4 1 3 2. */
	int good[16] = {1, 2, 3, 4,
			3, 4, 1, 2,
			4, 3, 2, 1,
			2, 1, 4, 3};
	static const char *const want[] = {
		"the diagonal from top left has 1 twice (r1c1 and r4c4)",
		"the diagonal from top left has 4 twice (r2c2 and r3c3)",
		"the diagonal from top right has 1 twice (r2c3 and r3c2)",
		"the diagonal from top right has 4 twice (r1c4 and r4c1)",
	};
	cdok_problem *pr;
	int count;

	cr_assert(p);
	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 2), CDOK_OK);
	cr_expect_eq(cdok_puzzle_is_solution(p, off), 1);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS), CDOK_OK);
	cr_expect_eq(cdok_puzzle_is_solution(p, off), 0);
	expect_messages(p, off, want, 4);
	cr_assert_eq(cdok_check(p, off, &pr, &count, NULL), CDOK_OK);
	cr_assert_eq(count, 4);
	cr_expect_eq(pr[0].kind, CDOK_PROBLEM_DIAGONAL);
	cr_expect_eq(pr[0].row, 0);
	cr_expect_eq(pr[0].column, 0);
	cr_expect_eq(pr[0].where, 0x9u);
	cr_expect_eq(pr[2].column, 3);
	cdok_free(pr);
	cr_expect_eq(cdok_puzzle_is_solution(p, good), 1);
	cr_assert_eq(cdok_check(p, good, &pr, &count, NULL), CDOK_OK);
	cr_expect_eq(count, 0);
	cdok_free(pr);
	cdok_puzzle_free(p);
}
