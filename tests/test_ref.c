/* test_ref.c -- the tests' independent checker and counter (ref.h),
 * held against what is known without any solver: the number of Latin
 * squares and Sudoku grids of small orders, hand-checked cage
 * arithmetic, and corpus puzzles whose answers are on file.  Every
 * other test that trusts ref.h trusts it because of these.
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "fmt_helpers.h"
#include "ref.h"

Test(ref, latin_squares)
{
	static const uint64_t latin[] = { 0, 1, 2, 12, 576 };

	for (int n = 1; n <= 4; n++) {
		cdok_puzzle *p = cdok_puzzle_new(n);

		cr_assert_not_null(p);
		cr_expect_eq(ref_count_solutions(p, 1000), latin[n],
			     "%d x %d Latin squares", n, n);
		cdok_puzzle_free(p);
	}
}

Test(ref, sudoku_grids)
{
	cdok_puzzle *p = cdok_puzzle_new(4);

	/* There are 288 solved 4 x 4 Sudoku grids. */
	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 2), CDOK_OK);
	cr_expect_eq(ref_count_solutions(p, 1000), 288);
	/* 48 of them keep both diagonals too (Sudoku X; counted apart in
	 * Python over all 4^4! row choices), and so does the solver. */
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS), CDOK_OK);
	cr_expect_eq(ref_count_solutions(p, 1000), 48);
	{
		cdok_result res;
		cdok_solve_params opts;

		cdok_solve_params_init(&opts);
		opts.limit = 1000;
		cr_assert_eq(cdok_solve(p, &opts, NULL, &res, NULL), CDOK_OK);
		cr_expect_eq(res.count, 48);
	}
	cdok_puzzle_free(p);
}

Test(ref, cage_arithmetic)
{
	const int a[] = { 6, 1, 2 }, b[] = { 1, 6, 3 };
	const int c[] = { 3, 1, 2 }, d[] = { 1, 5, 2 };
	const int z[] = { 0, 5 }, big[] = { 99, 99, 99, 99, 99, 99, 99, 99,
					    99, 99, 99 };

	cr_expect(ref_cage_holds(CDOK_OP_DIV, 3, a, 3));
	cr_expect(ref_cage_holds(CDOK_OP_DIV, 2, b, 3));
	cr_expect(!ref_cage_holds(CDOK_OP_DIV, 4, a, 3));
	cr_expect(ref_cage_holds(CDOK_OP_SUB, 0, c, 3));
	cr_expect(ref_cage_holds(CDOK_OP_SUB, 2, d, 3));
	cr_expect(!ref_cage_holds(CDOK_OP_SUB, 4, d, 3));
	cr_expect(!ref_cage_holds(CDOK_OP_MUL, 36, a, 3));
	cr_expect(ref_cage_holds(CDOK_OP_MUL, 12, a, 3));
	cr_expect(ref_cage_holds(CDOK_OP_ADD, 9, a, 3));
	cr_expect(ref_cage_holds(CDOK_OP_SUB, 5, d + 1, 1));
	cr_expect(ref_cage_holds(CDOK_OP_DIV, 5, d + 1, 1));
	/* Nylimb's 0: a product of 0, 0 / 5 = 0, and 5 / 0 is no ratio. */
	cr_expect(ref_cage_holds(CDOK_OP_MUL, 0, z, 2));
	cr_expect(ref_cage_holds(CDOK_OP_DIV, 0, z, 2));
	cr_expect(!ref_cage_holds(CDOK_OP_DIV, 5, z, 2));
	/* 99^11 is beyond 64 bits: no target equals it. */
	cr_expect(!ref_cage_holds(CDOK_OP_MUL, INT64_MAX, big, 11));
	cr_expect(!ref_cage_holds(CDOK_OP_DIV, 1, big, 11));
}

/* A hidden operator is any of the four; under the two-cell rule a cage
 * of three or more cells only a sum or a product. */
Test(ref, hidden_operators)
{
	const int a[] = { 6, 1, 2 }, p2[] = { 4, 2 };
	cdok_puzzle *any = cdok_puzzle_new(6), *two = cdok_puzzle_new(6);

	cr_assert(any && two);
	cr_assert_eq(cdok_puzzle_set_rules(two, CDOK_RULE_TWO_CELL), CDOK_OK);
	for (int t = 0; t <= 12; t++)
		cr_expect_eq(ref_cage_holds(CDOK_OP_ANY, t, a, 3),
			     t == 9 || t == 3 || t == 12,
			     "6 1 2 and %d", t);
	/* (9 the sum, 12 the product, 3 both 6 - 1 - 2 and 6 / 1 / 2) */
	cr_expect(ref_clue_holds(any, CDOK_OP_ANY, 3, a, 3));
	cr_expect(!ref_clue_holds(two, CDOK_OP_ANY, 3, a, 3));
	cr_expect(ref_clue_holds(two, CDOK_OP_ANY, 12, a, 3));
	cr_expect(ref_clue_holds(two, CDOK_OP_ANY, 9, a, 3));
	/* A pair keeps all four under the rule: 4 2 is 6, 2, 8 and 2. */
	for (int t = 1; t <= 9; t++)
		cr_expect_eq(ref_clue_holds(two, CDOK_OP_ANY, t, p2, 2),
			     t == 6 || t == 2 || t == 8, "4 2 and %d", t);
	cr_expect(!ref_clue_holds(two, CDOK_OP_SUB, 3, a, 3) ==
		  !ref_cage_holds(CDOK_OP_SUB, 3, a, 3));
	cdok_puzzle_free(any);
	cdok_puzzle_free(two);
}

/* One puzzle of the corpus: its count up to limit, and when it is
 * unique, the solution on file. */
static void expect_corpus(const char *fmt, const char *rel, unsigned rules,
			  uint64_t limit, uint64_t want, const char *sol)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_reader *r = cdok_reader_new(test_format(fmt), text, len);
	cdok_puzzle *p = NULL;
	struct ref_count count;
	int first[100], solution[100];

	cr_assert_not_null(r);
	cdok_reader_set_rules(r, rules);
	cr_assert_eq(cdok_reader_next(r, &p, NULL), CDOK_OK, "%s", rel);
	memset(&count, 0, sizeof(count));
	count.limit = limit;
	count.first = first;
	ref_count(p, &count);
	cr_expect_eq(count.count, want, "%s: %llu solutions", rel,
		     (unsigned long long)count.count);
	cr_expect_eq(count.complete, want < limit, "%s", rel);
	if (sol) {
		int n = cdok_puzzle_size(p);
		char *grid = fmt_corpus_file(sol, &len);

		cr_assert_eq(cdok_read_grid(grid, len, n, solution, NULL),
			     CDOK_OK);
		cr_expect_arr_eq(first, solution,
				 sizeof(int) * (size_t)(n * n), "%s", rel);
		cr_expect(ref_is_solution(p, solution), "%s", rel);
		solution[0] = solution[0] % n + 1;
		cr_expect(!ref_is_solution(p, solution), "%s", rel);
		free(grid);
	}
	cdok_puzzle_free(p);
	cdok_reader_free(r);
	free(text);
}

Test(ref, corpus_answers)
{
	expect_corpus("spec", "ambiguous/amb_sum_4x4.spec", 0, 10, 2, NULL);
	expect_corpus("spec", "ambiguous/amb_6x6.spec", 0, 10, 2, NULL);
	expect_corpus("spec", "invalid/nosol_6x6.spec", 0, 10, 0, NULL);
	expect_corpus("spec", "cdok/cdok6T_01.spec", 0, 2, 1,
		      "cdok/cdok6T_01.sol");
	expect_corpus("keen", "keen/keen_5e_01.keen", 0, 2, 1,
		      "keen/keen_5e_01.sol");
	expect_corpus("killer", "ambiguous/amb_killer.json", 0, 10, 2, NULL);
	expect_corpus("killer", "invalid/nosol_killer.json", 0, 10, 0, NULL);
	expect_corpus("killer", "killer/killer_ka_01.json", 0, 2, 1,
		      "killer/killer_ka_01.sol");
	expect_corpus("spec", "nylimb/sample.puz", 0, 2, 1,
		      "nylimb/sample.sol");
	expect_corpus("spec", "nylimb/GC7WQR5.puz", CDOK_RULE_NYLIMB, 2, 1,
		      "nylimb/GC7WQR5.sol");
}

/* Nylimb lines: digits apart, one two-digit number at most. */
Test(ref, nylimb_rules)
{
	cdok_puzzle *p = cdok_puzzle_new(2);
	const int ok[] = { 10, 2, 3, 45 }, twice[] = { 12, 1, 3, 4 };
	const int longs[] = { 12, 34, 5, 6 }, same[] = { 11, 2, 3, 4 };

	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	cr_expect(ref_is_solution(p, ok));
	cr_expect(!ref_is_solution(p, twice));
	cr_expect(!ref_is_solution(p, longs));
	cr_expect(!ref_is_solution(p, same));
	/* A 1 x 1 Nylimb grid holds any of 0..99 but 11, 22, ..., 99. */
	cdok_puzzle_free(p);
	p = cdok_puzzle_new(1);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	cr_expect_eq(ref_count_solutions(p, 0), 91);
	cdok_puzzle_free(p);
}

/* A budget stops the count and says so. */
Test(ref, budget)
{
	cdok_puzzle *p = cdok_puzzle_new(6);
	struct ref_count count;

	memset(&count, 0, sizeof(count));
	count.budget = 50;
	ref_count(p, &count);
	cr_expect(count.gave_up);
	cr_expect(!count.complete);
	cr_expect_leq(count.nodes, 50);
	cdok_puzzle_free(p);
}
