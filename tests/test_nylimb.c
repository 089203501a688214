/* test_nylimb.c -- Nylimb mode in the model and the formats: the rule
 * flag, the @nylimb directive and -N's reader rules, 0 as a given, JSON,
 * the checker's digit problems, drawings, formats that refuse the mode,
 * the digit grids the generator starts from, and generated puzzles
 * (unique by an independent count, obeying the digit rule).
 *
 * The solver's own Nylimb tests are in test_nylimb_solver.c.
 */
#include "fmt_helpers.h"
#include "ref.h"

#define GC "nylimb/GC7WQR5.puz"

/* Digits of v as a set, bit d for digit d. */
static unsigned digits_of(int v)
{
	return v < 10 ? 1u << v : (1u << (v / 10)) | (1u << (v % 10));
}

/* The digit rule, written out again: no digit twice in a line, at most
 * one two-digit number; with exact_one, exactly one (as generated grids
 * have). */
static bool digit_rule(const int *v, int n, bool exact_one)
{
	for (int line = 0; line < 2 * n; line++) {
		unsigned used = 0;
		int longs = 0;

		for (int i = 0; i < n; i++) {
			int x = v[line < n ? line * n + i : i * n + line - n];

			if (x < 0 || x > 99 || (x >= 10 && x / 10 == x % 10) ||
			    (used & digits_of(x)))
				return false;
			used |= digits_of(x);
			longs += x >= 10;
		}
		if (longs > 1 || (exact_one && longs != 1))
			return false;
	}
	return true;
}

static cdok_puzzle *read_spec(const char *text, unsigned rules,
			      cdok_error *err, cdok_status *st)
{
	cdok_reader *r = cdok_reader_new(test_format("spec"), text,
					 strlen(text));
	cdok_puzzle *p = NULL;

	cr_assert_not_null(r);
	cdok_reader_set_rules(r, rules);
	memset(err, 0, sizeof(*err));
	*st = cdok_reader_next(r, &p, err);
	cdok_reader_free(r);
	return p;
}

static cdok_puzzle *read_gc(unsigned rules)
{
	size_t len;
	char *text = fmt_corpus_file(GC, &len);
	cdok_error err;
	cdok_status st;
	cdok_puzzle *p = read_spec(text, rules, &err, &st);

	cr_assert_eq(st, CDOK_OK, "%d:%d: %s", err.line, err.column,
		     err.message);
	free(text);
	return p;
}

static void read_sol(const char *rel, int n, int *values)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_error err;

	cr_assert_eq(cdok_read_grid(text, len, n, values, &err), CDOK_OK,
		     "%s: %s", rel, err.message);
	free(text);
}

Test(nylimb, model_rules_and_values)
{
	cdok_puzzle *p = cdok_puzzle_new(9);

	cr_expect_eq(cdok_puzzle_rules(p), 0u);
	cr_expect_eq(cdok_puzzle_given(p, 0), CDOK_NONE);
	cr_expect(!cdok_puzzle_value_ok(p, 0));
	cr_expect_eq(cdok_puzzle_set_given(p, 0, 0), CDOK_ERR_INVALID);
	cr_expect_eq(cdok_puzzle_set_given(p, 0, 10), CDOK_ERR_INVALID);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	cr_expect(cdok_puzzle_value_ok(p, 0));
	cr_expect(cdok_puzzle_value_ok(p, 99));
	cr_expect(!cdok_puzzle_value_ok(p, 100));
	cr_expect_eq(cdok_puzzle_set_given(p, 0, 0), CDOK_OK);
	cr_expect_eq(cdok_puzzle_given(p, 0), 0);
	cr_expect_eq(cdok_puzzle_set_given(p, 1, 84), CDOK_OK);
	cr_expect_eq(cdok_puzzle_set_given(p, 2, 100), CDOK_ERR_INVALID);
	/* Boxes and Nylimb exclude each other. */
	cr_expect_eq(cdok_puzzle_set_boxes(p, 3, 3), CDOK_ERR_INVALID);
	/* Back to plain: a given of 0 or 84 cannot stay. */
	cr_expect_eq(cdok_puzzle_set_rules(p, 0), CDOK_ERR_INVALID);
	cr_expect_eq(cdok_puzzle_set_rules(p, 0x80), CDOK_ERR_INVALID);
	cr_expect_eq(cdok_puzzle_set_given(p, 0, CDOK_NONE), CDOK_OK);
	cr_expect_eq(cdok_puzzle_set_given(p, 1, CDOK_NONE), CDOK_OK);
	cr_expect_eq(cdok_puzzle_set_rules(p, 0), CDOK_OK);
	cdok_puzzle_free(p);

	p = cdok_puzzle_new(11);
	cr_expect_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB),
		     CDOK_ERR_INVALID);
	cdok_puzzle_free(p);
}

Test(nylimb, directive_and_reader_rules_agree)
{
	cdok_puzzle *plain = read_gc(0), *by_flag = read_gc(CDOK_RULE_NYLIMB);
	size_t len, again_len;
	char *text = fmt_corpus_file(GC, &len), *spec, *again;
	char *with = malloc(len + 9);
	cdok_puzzle *by_directive, *back;
	cdok_error err;
	cdok_status st;

	cr_expect_eq(cdok_puzzle_rules(plain), 0u);
	cr_expect_eq(cdok_puzzle_rules(by_flag), CDOK_RULE_NYLIMB);
	memcpy(with, "@nylimb\n", 8);
	memcpy(with + 8, text, len);
	with[len + 8] = '\0';
	by_directive = read_spec(with, 0, &err, &st);
	cr_assert_eq(st, CDOK_OK, "%s", err.message);
	cr_expect(fmt_same_model(by_flag, by_directive, "directive"));

	/* The writer says @nylimb, and the text reads back the same. */
	spec = fmt_write("spec", by_flag, NULL, NULL);
	cr_expect(!strncmp(spec, "@nylimb\nA*72\tA\tB/5\t", 19), "%s", spec);
	back = read_spec(spec, 0, &err, &st);
	cr_assert_eq(st, CDOK_OK, "%s", err.message);
	cr_expect(fmt_same_model(by_flag, back, "spec round trip"));
	again = fmt_write("spec", back, NULL, &again_len);
	cr_expect_str_eq(again, spec);

	/* A plain writer output has no directive. */
	cdok_free(spec);
	spec = fmt_write("spec", plain, NULL, NULL);
	cr_expect(spec[0] == 'A', "%s", spec);

	cdok_free(spec);
	cdok_free(again);
	cdok_puzzle_free(back);
	cdok_puzzle_free(by_directive);
	cdok_puzzle_free(by_flag);
	cdok_puzzle_free(plain);
	free(with);
	free(text);
}

Test(nylimb, zero_and_two_digit_givens)
{
	const char *text = "@nylimb\n0\tA+13\n12\tA\n";
	cdok_error err;
	cdok_status st;
	cdok_puzzle *p = read_spec(text, 0, &err, &st), *back;
	char *spec, *json;

	cr_assert_eq(st, CDOK_OK, "%s", err.message);
	cr_expect_eq(cdok_puzzle_given(p, 0), 0);
	cr_expect_eq(cdok_puzzle_given(p, 2), 12);
	cr_expect_eq(cdok_puzzle_given(p, 1), CDOK_NONE);
	spec = fmt_write("spec", p, NULL, NULL);
	cr_expect_str_eq(spec, "@nylimb\n0\tA+13\n12\tA\n");
	json = fmt_write("json", p, NULL, NULL);
	cr_expect(strstr(json, "\"nylimb\": true") != NULL, "%s", json);
	cr_expect(strstr(json, "[0, 0, 0]") != NULL, "%s", json);
	back = fmt_read_one("json", json, strlen(json), "json");
	cr_expect(fmt_same_model(p, back, "json round trip"));
	cdok_free(spec);
	cdok_free(json);
	cdok_puzzle_free(back);
	cdok_puzzle_free(p);

	/* Without the mode, 0 and 12 are no values of a 2 x 2 grid. */
	p = read_spec("0\tA+13\n12\tA\n", 0, &err, &st);
	cr_expect_eq(st, CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "given value 0 is outside 1..2") != NULL,
		  "%s", err.message);
	cdok_puzzle_free(p);
}

Test(nylimb, directive_errors)
{
	static const struct {
		const char *text;
		cdok_status st;
		int line, column;
		const char *msg;
	} cases[] = {
		{"@nylimb x\n1\n", CDOK_ERR_SYNTAX, 1, 9,
		 "after @nylimb (it takes nothing)"},
		{"@nylimb\n@nylimb\n1\n", CDOK_ERR_SYNTAX, 2, 1,
		 "a second @nylimb directive (the first is on line 1)"},
		{"@nylimb\n@boxes 1x2\nA+3\tA\nB+3\tB\n", CDOK_ERR_INVALID, 2,
		 8, "@boxes and @nylimb do not go together"},
		{"@nylimb\nA+3\t100\nA\tB+3\n", CDOK_ERR_INVALID, 2, 5,
		 "given value 100 is outside 0..99 (Nylimb mode)"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cdok_error err;
		cdok_status st;
		cdok_puzzle *p = read_spec(cases[i].text, 0, &err, &st);

		cr_expect_null(p);
		cr_expect_eq(st, cases[i].st, "%s: status %d", cases[i].text,
			     st);
		cr_expect_eq(err.line, cases[i].line, "%s: line %d",
			     cases[i].text, err.line);
		cr_expect_eq(err.column, cases[i].column, "%s: column %d",
			     cases[i].text, err.column);
		cr_expect(strstr(err.message, cases[i].msg) != NULL, "%s: %s",
			  cases[i].text, err.message);
	}
}

Test(nylimb, grid_too_large)
{
	char text[512];
	size_t at = (size_t)sprintf(text, "@nylimb\n");
	cdok_error err;
	cdok_status st;
	cdok_puzzle *p;

	for (int y = 0; y < 11; y++) {
		for (int x = 0; x < 11; x++)
			at += (size_t)sprintf(text + at, "%s%d", x ? " " : "",
					      1 + (x + y) % 11);
		text[at++] = '\n';
	}
	text[at] = '\0';
	p = read_spec(text, 0, &err, &st);
	cr_expect_null(p);
	cr_expect_eq(st, CDOK_ERR_INVALID);
	cr_expect_eq(err.line, 1);
	cr_expect(strstr(err.message, "at most 10 x 10; this one is 11 x 11")
		  != NULL, "%s", err.message);
	/* The reader's rules fail the same puzzle, at its first line. */
	p = read_spec(text + 8, CDOK_RULE_NYLIMB, &err, &st);
	cr_expect_null(p);
	cr_expect_eq(st, CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "Nylimb mode needs a grid of at most "
			 "10 x 10") != NULL, "%s", err.message);
	cr_expect_eq(err.line, 1);
	cr_expect_eq(err.column, 1);
}

/* A puzzle that cdok -N cannot take is named by where it starts (found
 * by fuzz_spec, which reads every input again with the Nylimb rules). */
Test(nylimb, reader_rules_error_has_a_position)
{
	static const char text[] = "\n\n  @boxes 2x2\nA+3\tA\tB+7\tB\n"
				   "C+7\tC\tD+3\tD\nE+3\tE\tF+7\tF\n"
				   "G+7\tG\tH+3\tH\n";
	cdok_error err;
	cdok_status st;
	cdok_puzzle *p = read_spec(text, 0, &err, &st);

	cr_assert_eq(st, CDOK_OK, "%s", err.message);
	cdok_puzzle_free(p);
	p = read_spec(text, CDOK_RULE_NYLIMB, &err, &st);
	cr_expect_null(p);
	cr_expect_eq(st, CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "with boxes") != NULL, "%s",
		  err.message);
	cr_expect_eq(err.line, 3);
	cr_expect_eq(err.column, 3);
}

Test(nylimb, checker_knows_the_digit_rule)
{
	cdok_puzzle *p = read_gc(CDOK_RULE_NYLIMB);
	int sol[81], bad[81];
	cdok_problem *pr = NULL;
	int count = -1;
	char msg[256];

	read_sol("nylimb/GC7WQR5.sol", 9, sol);
	cr_expect(cdok_puzzle_is_solution(p, sol));
	cr_assert_eq(cdok_check(p, sol, &pr, &count, NULL), CDOK_OK);
	cr_expect_eq(count, 0);
	cdok_free(pr);

	/* Swap the first row's 40 (column 3) with its 8 (column 4): row 1
	 * keeps its digits, but column 3 now has 8 twice and column 4 two
	 * two-digit numbers (40 and 24), and cages B and C break. */
	memcpy(bad, sol, sizeof(bad));
	bad[2] = 8;
	bad[3] = 40;
	cr_expect(!cdok_puzzle_is_solution(p, bad));
	cr_assert_eq(cdok_check(p, bad, &pr, &count, NULL), CDOK_OK);
	cr_assert_geq(count, 1);
	{
		bool digit = false, longs = false;

		for (int i = 0; i < count; i++) {
			cdok_problem_describe(&pr[i], p, msg, sizeof(msg));
			if (pr[i].kind == CDOK_PROBLEM_DIGIT &&
			    pr[i].column == 2 && pr[i].value == 8)
				digit = strstr(msg, "column 3 uses the digit "
					       "8 twice (rows 1 and 5)") != NULL;
			if (pr[i].kind == CDOK_PROBLEM_TWO_DIGIT &&
			    pr[i].column == 3)
				longs = strstr(msg, "column 4 holds 2 "
					       "two-digit numbers") != NULL;
		}
		cr_expect(digit, "no digit problem for column 3");
		cr_expect(longs, "no two-digit problem for column 4");
	}
	cdok_free(pr);

	/* 11 repeats its own digit; 100 is no value. */
	memcpy(bad, sol, sizeof(bad));
	bad[0] = 11;
	bad[1] = 100;
	cr_expect(!cdok_puzzle_is_solution(p, bad));
	cr_assert_eq(cdok_check(p, bad, &pr, &count, NULL), CDOK_OK);
	cr_assert_geq(count, 2);
	cr_expect_eq(pr[0].kind, CDOK_PROBLEM_VALUE);
	cdok_problem_describe(&pr[0], p, msg, sizeof(msg));
	cr_expect_str_eq(msg, "r1c2 holds 100, which is outside "
			 "0..99");
	cdok_free(pr);
	cdok_puzzle_free(p);
}

Test(nylimb, solved_drawing_and_grid)
{
	cdok_puzzle *p = read_gc(CDOK_RULE_NYLIMB);
	int sol[81], back[81];
	char *spec, *draw;
	cdok_error err;

	read_sol("nylimb/GC7WQR5.sol", 9, sol);
	spec = fmt_write("spec", p, sol, NULL);
	cr_expect(!strncmp(spec, "@nylimb\n6\t1\t40\t8\t7\t5\t2\t9\t3\n", 27),
		  "%s", spec);
	/* A solved spec reads back as the grid, directive and all. */
	cr_assert_eq(cdok_read_grid(spec, strlen(spec), 9, back, &err),
		     CDOK_OK, "%s", err.message);
	cr_expect_arr_eq(back, sol, sizeof(sol));
	/* The drawing shows 0 as a value, and two-digit values. */
	draw = fmt_write("ascii", p, sol, NULL);
	cr_expect(strstr(draw, "|  0  |") != NULL || strstr(draw, ":  0  ")
		  != NULL || strstr(draw, "  0  ") != NULL, "%s", draw);
	cr_expect(strstr(draw, " 40 ") != NULL, "%s", draw);
	cdok_free(draw);
	cdok_free(spec);
	cdok_puzzle_free(p);
}

Test(nylimb, other_formats_refuse_it)
{
	cdok_puzzle *p = read_gc(CDOK_RULE_NYLIMB);
	static const char *const names[] = {"keen", "ucf", "calpoly",
					    "killer", "solo"};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *out = NULL;
		cdok_error err;

		memset(&err, 0, sizeof(err));
		cr_expect_eq(cdok_write(test_format(names[i]), p, NULL,
					&out, NULL, &err),
			     CDOK_ERR_UNSUPPORTED, "%s", names[i]);
		cr_expect_null(out);
	}
	cdok_puzzle_free(p);
}

Test(nylimb, generated_digit_grids)
{
	for (int n = 1; n <= 9; n++)
		for (uint64_t seed = 0; seed < 20; seed++) {
			cdok_rng rng;
			int v[81];

			cdok_rng_seed(&rng, seed, (uint64_t)n);
			cr_assert_eq(cdok_generate_nylimb_grid(n, &rng, v),
				     CDOK_OK);
			cr_expect(digit_rule(v, n, true), "n %d seed %llu", n,
				  (unsigned long long)seed);
			if (n == 9)
				for (int r = 0; r < 9; r++) {
					unsigned used = 0;

					for (int c = 0; c < 9; c++)
						used |= digits_of(v[r * 9 + c]);
					cr_expect_eq(used, 0x3ffu);
				}
		}
	{
		cdok_rng rng;
		int v[100];

		cdok_rng_seed(&rng, 1, 1);
		cr_expect_eq(cdok_generate_nylimb_grid(10, &rng, v),
			     CDOK_ERR_INVALID);
		cr_expect_eq(cdok_generate_nylimb_grid(0, &rng, v),
			     CDOK_ERR_INVALID);
	}
}

Test(nylimb, generated_puzzles_are_unique)
{
	int made = 0;

	for (int n = 2; n <= 3; n++)
		for (uint64_t seed = 1; seed <= 12; seed++) {
			cdok_gen_params par;
			cdok_rng rng;
			cdok_puzzle *p = NULL;
			cdok_error err;
			cdok_result res;
			int sol[81];

			cdok_gen_params_init(&par);
			par.size = n;
			par.rules = CDOK_RULE_NYLIMB;
			/* Two-cell - and / keep the brute force quick. */
			par.two_cell = 1;
			par.max_cage = 3;
			cdok_rng_seed(&rng, seed, 0);
			cr_assert_eq(cdok_generate(&par, NULL, &rng, &p, NULL,
						   &err), CDOK_OK,
				     "n %d seed %llu: %s", n,
				     (unsigned long long)seed, err.message);
			cr_expect_eq(cdok_puzzle_rules(p), CDOK_RULE_NYLIMB);
			cr_expect_eq(ref_count_solutions(p, 2), 1, "n %d seed %llu", n,
				     (unsigned long long)seed);
			cr_assert_eq(cdok_solve(p, NULL, sol, &res, NULL),
				     CDOK_OK);
			cr_expect_eq(res.count, 1);
			cr_expect(digit_rule(sol, n, true));
			cdok_puzzle_free(p);
			made++;
		}
	cr_expect_eq(made, 24);
}

Test(nylimb, generated_nine_by_nine)
{
	for (uint64_t seed = 1; seed <= 3; seed++) {
		cdok_gen_params par;
		cdok_rng rng;
		cdok_puzzle *p = NULL;
		cdok_error err;
		cdok_result res;
		int sol[81];

		cdok_gen_params_init(&par);
		par.size = 9;
		par.rules = CDOK_RULE_NYLIMB;
		par.two_cell = 1;
		cdok_rng_seed(&rng, seed, 0);
		cr_assert_eq(cdok_generate(&par, NULL, &rng, &p, NULL, &err),
			     CDOK_OK, "seed %llu: %s",
			     (unsigned long long)seed, err.message);
		cr_assert_eq(cdok_solve(p, NULL, sol, &res, NULL), CDOK_OK);
		cr_expect_eq(res.count, 1);
		cr_expect(res.complete);
		cr_expect(digit_rule(sol, 9, true));
		cdok_puzzle_free(p);
	}
}

Test(nylimb, generate_refuses_large_and_bad_grids)
{
	cdok_gen_params par;
	cdok_rng rng;
	cdok_puzzle *p = NULL;
	cdok_error err;
	/* Two two-digit numbers in one row. */
	int bad[4] = {12, 34, 5, 6};

	cdok_gen_params_init(&par);
	par.rules = CDOK_RULE_NYLIMB;
	par.size = 10;
	cdok_rng_seed(&rng, 1, 0);
	cr_expect_eq(cdok_generate(&par, NULL, &rng, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "up to 9 x 9") != NULL, "%s",
		  err.message);
	par.size = 2;
	cr_expect_eq(cdok_generate(&par, bad, &rng, &p, NULL, &err),
		     CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "not a Nylimb grid") != NULL, "%s",
		  err.message);
	cr_expect_null(p);
}
