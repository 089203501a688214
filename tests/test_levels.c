/* test_levels.c -- the grader (doc/LEVELS.md): grades of corpus
 * puzzles against the levels in their names; hints chained from the
 * empty grid to the known solution; explanations replayed step by step,
 * none of which may remove a solution's value; states read and
 * written; the mistake finder.  Each technique on positions made by
 * hand is a line of tests/data/techniques.txt (test_techniques.c).
 *
 * Agreement with Keen and Solo on many puzzles is measured by
 * bench/levels/agreement.py, not here (make check stays fast).
 */
#include "fmt_helpers.h"

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

/* A candidate set from its digits: M("125"). */
static uint64_t M(const char *digits)
{
	uint64_t m = 0;

	for (; *digits; digits++)
		m |= BIT(*digits - '0');
	return m;
}

static cdok_puzzle *spec(const char *text)
{
	return fmt_read_one("spec", text, strlen(text), "spec");
}

/* ---- the techniques on a whole puzzle ---- */

/* A puzzle with boxes whose cages are not all sums (fuzz_grade): the
 * innie places r1c4, which is in no Killer cage, and the 45 rule's
 * regions must then be made again, or the same innie comes back for a
 * cell already placed and the puzzle is called impossible.
 * tests/data/regress/killer_innie_outside_sum_cages_4x4.spec. */
Test(levels, innie_outside_killer_cages)
{
	cdok_puzzle *p = spec("@boxes 2x2\n@distinct\n"
			      "a-1 b*4 c*6 c\na b c d+7\n"
			      "e/2 e f-1 d\ng*3 g f d\n");
	static const int solution[16] = {
		2, 4, 1, 3, 3, 1, 2, 4, 4, 2, 3, 1, 1, 3, 4, 2,
	};
	cdok_explanation *ex;
	int values[16];

	cr_assert_eq(cdok_explain(p, NULL, &ex, NULL), CDOK_OK);
	cr_expect_eq(ex->grading.outcome, CDOK_GRADE_LEVEL);
	cr_assert(ex->solved);
	cr_assert(ex->nsteps > 0);
	cr_expect_eq(ex->steps[0].technique, TECH_INNIE);
	for (int i = 0; i < 16; i++)
		values[i] = cdok_puzzle_given(p, i);
	for (int i = 0; i < ex->nsteps; i++)
		cdok_step_apply(p, &ex->steps[i], values, NULL);
	cr_expect_arr_eq(values, solution, sizeof(values));
	cdok_explanation_free(ex);
	cdok_puzzle_free(p);
}

/* ---- names ---- */

Test(levels, scales_levels_and_techniques)
{
	cr_expect_eq(cdok_level_count(CDOK_SCALE_CALCUDOKU), 5);
	cr_expect_eq(cdok_level_count(CDOK_SCALE_KILLER), 6);
	cr_expect_eq(cdok_level_count(CDOK_SCALE_NONE), 0);
	cr_expect_str_eq(cdok_level_name(CDOK_SCALE_CALCUDOKU, 3), "Extreme");
	cr_expect_eq(cdok_level_code(CDOK_SCALE_KILLER, 2), 'i');
	cr_expect_eq(cdok_level_find(CDOK_SCALE_CALCUDOKU, "hard"), 2);
	cr_expect_eq(cdok_level_find(CDOK_SCALE_CALCUDOKU, "X"), 3);
	cr_expect_eq(cdok_level_find(CDOK_SCALE_CALCUDOKU, "e"), 0);
	cr_expect_eq(cdok_level_find(CDOK_SCALE_KILLER, "e"), 4);
	cr_expect_eq(cdok_level_find(CDOK_SCALE_KILLER, "harder"), -1);
	cr_expect_null(cdok_level_name(CDOK_SCALE_KILLER, 6));
	cr_assert(cdok_technique_count() <= CDOK_TECHNIQUE_MAX);
	for (int t = 0; t < cdok_technique_count(); t++) {
		cr_expect(cdok_technique_level(t, CDOK_SCALE_CALCUDOKU) >= 0 ||
			  cdok_technique_level(t, CDOK_SCALE_KILLER) >= 0,
			  "%s is on no scale", cdok_technique_name(t));
		for (int u = 0; u < t; u++)
			cr_expect(strcmp(cdok_technique_name(t),
					 cdok_technique_name(u)),
				  "two techniques named %s",
				  cdok_technique_name(t));
	}
	cr_expect_null(cdok_technique_name(cdok_technique_count()));
}

/* doc/LEVELS.md describes every technique of the table, by name. */
Test(levels, every_technique_is_documented)
{
	FILE *f = fopen("doc/LEVELS.md", "r");
	static char doc[65536];
	size_t len;

	cr_assert(f, "doc/LEVELS.md");
	len = fread(doc, 1, sizeof(doc) - 1, f);
	fclose(f);
	doc[len] = '\0';
	for (int t = 0; t < cdok_technique_count(); t++) {
		char row[64];

		snprintf(row, sizeof(row), "| `%s` |", cdok_technique_name(t));
		cr_expect(strstr(doc, row), "doc/LEVELS.md has no row for %s",
			  cdok_technique_name(t));
	}
}

/* ---- corpus: grades, explanations, hints ---- */

static cdok_puzzle *corpus(const char *rel)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_puzzle *p = fmt_read_one(strstr(rel, ".solo") ? "solo" :
				      strstr(rel, ".keen") ? "keen" : "spec",
				      text, len, rel);

	free(text);
	return p;
}

static void corpus_solution(const char *rel, int n, int *values)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);

	cr_assert_eq(cdok_read_grid(text, len, n, values, NULL), CDOK_OK);
	free(text);
}

static const char *const graded[] = {
	"keen/keen_4e_01.keen", "keen/keen_6n_02.keen", "keen/keen_7h_03.keen",
	"keen/keen_8x_04.keen", "keen/keen_9u_05.keen", "keen/keen_9e_01.keen",
	"keen/keen_9n_02.keen", "keen/keen_9h_03.keen", "keen/keen_9x_02.keen",
	"killer/killer_kt_01.solo", "killer/killer_kb_02.solo",
	"killer/killer_ki_03.solo", "killer/killer_ka_04.solo",
	"killer/killer_ke_05.solo", "killer/killer_ku_01.solo",
};

/* The level letter in a corpus name: keen_9h_03 -> 'h', killer_kb_02
 * -> 'b'. */
static char name_level(const char *rel)
{
	return strchr(strchr(rel, '/'), '_')[2];
}

Test(levels, corpus_levels, .timeout = 600)
{
	for (size_t i = 0; i < sizeof(graded) / sizeof(graded[0]); i++) {
		cdok_puzzle *p = corpus(graded[i]);
		cdok_grading g;

		cr_assert_eq(cdok_grade(p, NULL, &g, NULL), CDOK_OK);
		cr_expect_eq(g.outcome, CDOK_GRADE_LEVEL, "%s", graded[i]);
		cr_expect_eq(cdok_level_code(g.scale, g.level),
			     name_level(graded[i]), "%s graded %s", graded[i],
			     cdok_level_name(g.scale, g.level));
		cr_expect_eq(g.difficulty,
			     (uint64_t)CDOK_SCORE_SPAN * (uint64_t)(g.level + 1)
			     + (uint64_t)g.score);
		cdok_puzzle_free(p);
	}
}

/* The generator's measure is the grade's difficulty; a puzzle above the
 * levels allowed scores as the least of the next level, and one not
 * graded keeps the solver's score. */
Test(levels, grade_score_is_the_difficulty, .timeout = 600)
{
	cdok_puzzle *p = corpus("keen/keen_9h_03.keen");
	cdok_grade_params params;
	cdok_grading g;
	cdok_result res;

	memset(&res, 0, sizeof(res));
	res.search_score = 81;
	cr_assert_eq(cdok_grade(p, NULL, &g, NULL), CDOK_OK);
	cr_expect_eq(cdok_grade_score(NULL, p, &res), g.difficulty);
	cdok_grade_params_init(&params);
	params.max_level = 0;
	cr_expect_eq(cdok_grade_score(&params, p, &res),
		     2 * (uint64_t)CDOK_SCORE_SPAN,
		     "above Easy: Normal's least");
	cdok_puzzle_free(p);
	p = spec("@nylimb\n0\tA+13\n12\tA\n");
	cr_assert(p);
	cr_expect_eq(cdok_grade_score(NULL, p, &res), 81,
		     "Nylimb: the solver's");
	cdok_puzzle_free(p);
}

/* A caller that knows the solution (cdok solve has just proven it)
 * hands it over and the grade is the same, without the grader's own
 * solve; a grid that is not a solution is not taken on trust. */
Test(levels, a_known_solution_gives_the_same_grade, .timeout = 600)
{
	static const char *const hard[] = {
		"keen/keen_9u_01.spec", "keen/keen_9u_05.keen",
		"killer/killer_ku_01.solo", "keen/keen_9e_01.keen",
	};

	for (size_t i = 0; i < sizeof(hard) / sizeof(hard[0]); i++) {
		cdok_puzzle *p = corpus(hard[i]);
		int n = cdok_puzzle_size(p), sol[81], wrong[81];
		cdok_grade_params params;
		cdok_grading plain, known, bad;
		cdok_result res;

		cr_assert_eq(cdok_solve(p, NULL, sol, &res, NULL), CDOK_OK);
		cr_assert_eq(res.verdict, CDOK_VERDICT_UNIQUE, "%s", hard[i]);
		cr_assert_eq(cdok_grade(p, NULL, &plain, NULL), CDOK_OK);
		cdok_grade_params_init(&params);
		params.solution = sol;
		cr_assert_eq(cdok_grade(p, &params, &known, NULL), CDOK_OK);
		cr_expect_eq(known.outcome, plain.outcome, "%s", hard[i]);
		cr_expect_eq(known.level, plain.level, "%s", hard[i]);
		cr_expect_eq(known.difficulty, plain.difficulty, "%s",
			     hard[i]);
		cr_expect_eq(memcmp(known.counts, plain.counts,
				    sizeof(plain.counts)), 0, "%s", hard[i]);

		memcpy(wrong, sol, sizeof(wrong));
		wrong[0] = wrong[0] % n + 1;
		params.solution = wrong;
		cr_assert_eq(cdok_grade(p, &params, &bad, NULL), CDOK_OK);
		cr_expect_eq(bad.difficulty, plain.difficulty, "%s", hard[i]);
		cdok_puzzle_free(p);
	}
}

/* Every step of the explanation, applied in turn from the givens: no
 * placed value and no removed candidate may contradict the solution,
 * and the end is the solution. */
Test(levels, explanations_replay_and_never_remove_the_solution,
     .timeout = 600)
{
	for (size_t i = 0; i < sizeof(graded) / sizeof(graded[0]); i++) {
		char sol_rel[128];
		cdok_puzzle *p = corpus(graded[i]);
		int n = cdok_puzzle_size(p), sol[81], values[81];
		uint64_t cand[81];
		cdok_explanation *ex;

		snprintf(sol_rel, sizeof(sol_rel), "%.*s.sol",
			 (int)(strrchr(graded[i], '.') - graded[i]), graded[i]);
		corpus_solution(sol_rel, n, sol);
		cr_assert_eq(cdok_explain(p, NULL, &ex, NULL), CDOK_OK);
		cr_expect(ex->solved, "%s", graded[i]);
		for (int c = 0; c < n * n; c++) {
			values[c] = cdok_puzzle_given(p, c);
			cand[c] = 0;
		}
		for (int s = 0; s < ex->nsteps; s++) {
			const cdok_step *st = &ex->steps[s];

			cr_expect(st->text && st->text[0] && !strchr(st->text,
								     '{'),
				  "%s step %d: %s", graded[i], s + 1, st->text);
			for (int k = 0; k < st->nplaced; k++)
				cr_expect_eq(st->placed[k].value,
					     sol[st->placed[k].cell],
					     "%s step %d places a wrong value",
					     graded[i], s + 1);
			for (int k = 0; k < st->nremoved; k++)
				cr_expect_neq(st->removed[k].value,
					      sol[st->removed[k].cell],
					      "%s step %d (%s) removes the "
					      "solution's value", graded[i],
					      s + 1, st->text);
			cdok_step_apply(p, st, values, cand);
		}
		cr_expect_arr_eq(values, sol, (size_t)(n * n) * sizeof(int),
				 "%s", graded[i]);
		cdok_explanation_free(ex);
		cdok_puzzle_free(p);
	}
}

/* Hints chained from the empty grid, each step applied, reach the
 * solution without a guess on Easy, Normal and Hard puzzles. */
Test(levels, hint_chain_reaches_the_solution, .timeout = 600)
{
	static const char *const chain[] = {
		"keen/keen_9e_01.keen", "keen/keen_9n_02.keen",
		"keen/keen_9h_03.keen", "killer/killer_kb_02.solo",
	};

	for (size_t i = 0; i < sizeof(chain) / sizeof(chain[0]); i++) {
		char sol_rel[128];
		cdok_puzzle *p = corpus(chain[i]);
		int n = cdok_puzzle_size(p), sol[81], values[81], steps = 0;
		uint64_t cand[81];
		cdok_grade_params params;
		cdok_hint *h = NULL;

		snprintf(sol_rel, sizeof(sol_rel), "%.*s.sol",
			 (int)(strrchr(chain[i], '.') - chain[i]), chain[i]);
		corpus_solution(sol_rel, n, sol);
		for (int c = 0; c < n * n; c++) {
			values[c] = CDOK_NONE;
			cand[c] = 0;
		}
		cdok_grade_params_init(&params);
		/* Hard at most: no guessing. */
		params.max_level = 2;
		for (;;) {
			cr_assert_eq(cdok_hint_next(p, values, cand, &params,
						    &h, NULL), CDOK_OK);
			if (h->outcome != CDOK_HINT_STEP)
				break;
			cr_assert(h->step.technique != TECH_GUESS);
			cdok_step_apply(p, &h->step, values, cand);
			cdok_hint_free(h);
			steps++;
			cr_assert(steps < 1000);
		}
		cr_expect_eq(h->outcome, CDOK_HINT_SOLVED, "%s: outcome %d",
			     chain[i], h->outcome);
		cr_expect_arr_eq(values, sol, (size_t)(n * n) * sizeof(int),
				 "%s", chain[i]);
		cdok_hint_free(h);
		cdok_puzzle_free(p);
	}
}

/* A solution the caller knows spares the hints their solve and changes
 * none of them; a grid that is no solution is ignored. */
Test(levels, hints_with_a_known_solution)
{
	cdok_puzzle *p = corpus("keen/keen_9h_03.keen");
	int sol[81], fake[81], a[81], b[81], steps = 0;
	uint64_t ca[81] = { 0 }, cb[81] = { 0 };
	cdok_grade_params with, without;

	corpus_solution("keen/keen_9h_03.sol", 9, sol);
	for (int c = 0; c < 81; c++)
		a[c] = b[c] = CDOK_NONE;
	cdok_grade_params_init(&without);
	cdok_grade_params_init(&with);
	with.solution = sol;
	for (;;) {
		cdok_hint *ha, *hb;

		cr_assert_eq(cdok_hint_next(p, a, ca, &with, &ha, NULL),
			     CDOK_OK);
		cr_assert_eq(cdok_hint_next(p, b, cb, &without, &hb, NULL),
			     CDOK_OK);
		cr_assert_eq(ha->outcome, hb->outcome);
		if (ha->outcome != CDOK_HINT_STEP) {
			cdok_hint_free(ha);
			cdok_hint_free(hb);
			break;
		}
		cr_assert_eq(ha->step.technique, hb->step.technique);
		cr_assert_eq(ha->step.ncells, hb->step.ncells);
		cdok_step_apply(p, &ha->step, a, ca);
		cdok_step_apply(p, &hb->step, b, cb);
		cr_assert_arr_eq(a, b, sizeof(a));
		cdok_hint_free(ha);
		cdok_hint_free(hb);
		cr_assert(++steps < 1000);
	}
	cr_expect_arr_eq(a, sol, sizeof(a));
	/* A wrong value is found with or without a grid that is no
	 * solution (two cells of the first row swapped). */
	memcpy(fake, sol, sizeof(fake));
	fake[0] = sol[1];
	fake[1] = sol[0];
	cr_assert(!cdok_puzzle_is_solution(p, fake));
	with.solution = fake;
	for (int c = 0; c < 81; c++)
		a[c] = CDOK_NONE;
	a[40] = sol[40] % 9 + 1;
	{
		cdok_hint *h;

		cr_assert_eq(cdok_hint_next(p, a, NULL, &with, &h, NULL),
			     CDOK_OK);
		cr_expect_eq(h->outcome, CDOK_HINT_CONTRADICTION);
		cr_expect(h->step.ncells == 1 && h->step.cells[0] == 40);
		cdok_hint_free(h);
	}
	cdok_puzzle_free(p);
	/* With the solve held to one node, only the known solution tells a
	 * wrong value in an Unreasonable puzzle: so it was used. */
	p = corpus("keen/keen_9u_01.keen");
	corpus_solution("keen/keen_9u_01.sol", 9, sol);
	for (int c = 0; c < 81; c++)
		a[c] = CDOK_NONE;
	a[40] = sol[40] % 9 + 1;
	without.max_nodes = 1;
	with.max_nodes = 1;
	with.solution = sol;
	{
		cdok_hint *h;

		cr_assert_eq(cdok_hint_next(p, a, NULL, &without, &h, NULL),
			     CDOK_OK);
		cr_expect_neq(h->outcome, CDOK_HINT_CONTRADICTION);
		cdok_hint_free(h);
		cr_assert_eq(cdok_hint_next(p, a, NULL, &with, &h, NULL),
			     CDOK_OK);
		cr_expect_eq(h->outcome, CDOK_HINT_CONTRADICTION);
		cdok_hint_free(h);
	}
	cdok_puzzle_free(p);
}

Test(levels, hint_outcomes)
{
	cdok_puzzle *p = corpus("keen/keen_4e_01.keen");
	int sol[16], values[16];
	uint64_t cand[16] = { 0 };
	cdok_grade_params params;
	cdok_hint *h;

	corpus_solution("keen/keen_4e_01.sol", 4, sol);
	/* Solved. */
	cr_assert_eq(cdok_hint_next(p, sol, NULL, NULL, &h, NULL), CDOK_OK);
	cr_expect_eq(h->outcome, CDOK_HINT_SOLVED);
	cdok_hint_free(h);
	/* A wrong value: the cell at fault. */
	memcpy(values, sol, sizeof(values));
	for (int i = 1; i < 16; i++)
		values[i] = CDOK_NONE;
	values[0] = sol[0] % 4 + 1;
	cr_assert_eq(cdok_hint_next(p, values, NULL, NULL, &h, NULL),
		     CDOK_OK);
	cr_expect_eq(h->outcome, CDOK_HINT_CONTRADICTION);
	cr_expect_eq(h->step.technique, -1);
	cr_expect(h->step.ncells == 1 && h->step.cells[0] == 0);
	cdok_hint_free(h);
	/* Pencil marks that leave out the solution's value. */
	for (int i = 0; i < 16; i++)
		values[i] = CDOK_NONE;
	cand[5] = M("1234") & ~BIT(sol[5]);
	cr_assert_eq(cdok_hint_next(p, values, cand, NULL, &h, NULL),
		     CDOK_OK);
	cr_expect_eq(h->outcome, CDOK_HINT_CONTRADICTION);
	cdok_hint_free(h);
	/* An Extreme puzzle is stuck at Normal from the empty grid... */
	cdok_puzzle_free(p);
	p = corpus("keen/keen_6x_01.keen");
	{
		int v36[36];

		for (int i = 0; i < 36; i++)
			v36[i] = CDOK_NONE;
		cdok_grade_params_init(&params);
		params.max_level = 0;
		cr_assert_eq(cdok_hint_next(p, v36, NULL, &params, &h, NULL),
			     CDOK_OK);
		cr_expect(h->outcome == CDOK_HINT_STEP ||
			  h->outcome == CDOK_HINT_STUCK);
		cr_expect(h->outcome == CDOK_HINT_STUCK ||
			  h->step.level == 0);
		cdok_hint_free(h);
		/* ...and values outside the grid are an error. */
		v36[3] = 7;
		cr_expect_eq(cdok_hint_next(p, v36, NULL, NULL, &h, NULL),
			     CDOK_ERR_INVALID);
	}
	cdok_puzzle_free(p);
}

Test(levels, outcomes_that_are_not_levels)
{
	cdok_puzzle *p = corpus("ambiguous/amb_6x6.spec");
	cdok_grade_params params;
	cdok_grading g;

	cr_assert_eq(cdok_grade(p, NULL, &g, NULL), CDOK_OK);
	cr_expect_eq(g.outcome, CDOK_GRADE_AMBIGUOUS);
	cdok_puzzle_free(p);
	p = corpus("invalid/nosol_6x6.spec");
	cr_assert_eq(cdok_grade(p, NULL, &g, NULL), CDOK_OK);
	cr_expect_eq(g.outcome, CDOK_GRADE_IMPOSSIBLE);
	cdok_puzzle_free(p);
	/* No solution, and singles fill the grid all the same (a cage no
	 * technique had to look at is broken): impossible, not a level. */
	p = spec("a/2 a b+6 b c+7\nd-3 d e-2 e c\nf*5 f g/2 h-9 h\n"
		 "i*12 j*15 g k/2 l+6\ni j j k l\n");
	cr_assert_eq(cdok_grade(p, NULL, &g, NULL), CDOK_OK);
	cr_expect_eq(g.outcome, CDOK_GRADE_IMPOSSIBLE);
	cdok_puzzle_free(p);
	p = corpus("keen/keen_9x_02.keen");
	cdok_grade_params_init(&params);
	params.max_level = 2;
	cr_assert_eq(cdok_grade(p, &params, &g, NULL), CDOK_OK);
	cr_expect_eq(g.outcome, CDOK_GRADE_ABOVE);
	cr_expect_eq(g.level, 3);
	cr_expect_eq(cdok_puzzle_scale(p), CDOK_SCALE_CALCUDOKU);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB), CDOK_OK);
	cr_assert_eq(cdok_grade(p, NULL, &g, NULL), CDOK_OK);
	cr_expect_eq(g.outcome, CDOK_GRADE_UNGRADED);
	cr_expect_eq(g.scale, CDOK_SCALE_NONE);
	cdok_puzzle_free(p);
}

/* ---- states ---- */

Test(levels, states_round_trip)
{
	static const char text[] =
		"# a comment\n"
		"1 . {23} 4\n"
		"0 {1234} . .\n"
		". . . .\n"
		"4.{12}3\n";
	int values[16];
	uint64_t cand[16];
	char *out;
	cdok_error err;

	cr_assert_eq(cdok_read_state(text, strlen(text), 4, values, cand,
				     &err), CDOK_OK, "%s", err.message);
	cr_expect_eq(values[0], 1);
	cr_expect_eq(values[1], CDOK_NONE);
	cr_expect_eq(cand[2], M("23"));
	cr_expect_eq(values[4], CDOK_NONE);
	cr_expect_eq(cand[5], M("1234"));
	cr_expect_eq(cand[14], M("12"));
	cr_expect_eq(values[15], 3);
	cr_assert_eq(cdok_write_state(4, values, cand, &out, NULL, &err),
		     CDOK_OK);
	cr_expect_str_eq(out, "1 . {23} 4\n. {1234} . .\n. . . .\n"
			 "4 . {12} 3\n");
	cdok_free(out);
	/* An empty text is the empty grid. */
	cr_assert_eq(cdok_read_state("", 0, 4, values, cand, &err), CDOK_OK);
	cr_expect_eq(values[7], CDOK_NONE);
	/* Large grids: numbers and marks with commas. */
	{
		int v12[144];
		uint64_t c12[144];
		char big[2048];
		size_t len = 0;

		for (int r = 0; r < 12; r++)
			len += (size_t)snprintf(big + len, sizeof(big) - len,
						"%s . . . . . . . . . . 12\n",
						r ? "." : "{2,11}");
		cr_assert_eq(cdok_read_state(big, len, 12, v12, c12, &err),
			     CDOK_OK, "%s", err.message);
		cr_expect_eq(c12[0], BIT(2) | BIT(11));
		cr_expect_eq(v12[11], 12);
		cr_assert_eq(cdok_write_state(12, v12, c12, &out, NULL,
					      &err), CDOK_OK);
		cr_expect(!strncmp(out, "{2,11} . ", 9), "%s", out);
		cdok_free(out);
	}
}

Test(levels, state_errors_have_positions)
{
	int values[16];
	uint64_t cand[16];
	cdok_error err;

	cr_expect_eq(cdok_read_state("1 2 3\n", 6, 4, values, cand, &err),
		     CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 1);
	cr_expect_eq(cdok_read_state("1 2 3 {5}\n", 10, 4, values, cand,
				     &err), CDOK_ERR_SYNTAX);
	cr_expect(strstr(err.message, "outside 1..4"), "%s", err.message);
	cr_expect_eq(err.column, 8);
	cr_expect_eq(cdok_read_state("1 2 3 {4\n", 9, 4, values, cand, &err),
		     CDOK_ERR_SYNTAX);
	cr_expect_eq(cdok_read_state("1 2 3 {4}\n", 10, 4, values, NULL,
				     &err), CDOK_ERR_SYNTAX);
	cr_expect(strstr(err.message, "not accepted"), "%s", err.message);
}

/* A byte-order mark is skipped, as by every reader (doc/FORMAT.md), and
 * columns after it count from the first character of the state. */
Test(levels, state_after_byte_order_mark)
{
	static const char text[] = "\xef\xbb\xbf" "1 . . 4\n. . . .\n"
				   ". . . .\n4 . . 1\n";
	int values[16];
	uint64_t cand[16];
	cdok_error err;

	cr_assert_eq(cdok_read_state(text, strlen(text), 4, values, cand,
				     &err), CDOK_OK, "%s", err.message);
	cr_expect_eq(values[0], 1);
	cr_expect_eq(values[3], 4);
	cr_expect_eq(values[15], 1);
	/* Only a comment after the mark: the empty grid. */
	cr_assert_eq(cdok_read_state("\xef\xbb\xbf# start\n", 11, 4, values,
				     cand, &err), CDOK_OK, "%s", err.message);
	cr_expect_eq(values[0], CDOK_NONE);
	cr_expect_eq(cdok_read_state("\xef\xbb\xbf" "1 2 3 {5}\n", 13, 4,
				     values, cand, &err), CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 1);
	cr_expect_eq(err.column, 8);
}

/* ---- the mistake finder ---- */

Test(levels, mistakes_in_a_partial_grid)
{
	cdok_puzzle *p = corpus("keen/keen_9h_01.keen");
	int sol[81], values[81], count, unique;
	cdok_problem *probs;

	corpus_solution("keen/keen_9h_01.sol", 9, sol);
	for (int i = 0; i < 81; i++)
		values[i] = i < 45 ? sol[i] : CDOK_NONE;
	cr_assert_eq(cdok_check_partial(p, values, NULL, &probs, &count,
					&unique, NULL), CDOK_OK);
	cr_expect_eq(count, 0, "blank cells are no mistakes");
	cr_expect_eq(unique, 1);
	cdok_free(probs);
	/* Rows 1 to 4 right, and at r5c5 a wrong value that repeats
	 * nothing in its row or column: found all the same. */
	for (int i = 36; i < 81; i++)
		values[i] = CDOK_NONE;
	for (int v = 1; v <= 9; v++) {
		bool clash = v == sol[40];

		for (int r = 0; r < 4; r++)
			clash |= values[r * 9 + 4] == v;
		if (!clash) {
			values[40] = v;
			break;
		}
	}
	cr_assert_neq(values[40], CDOK_NONE);
	cr_assert_eq(cdok_check_partial(p, values, NULL, &probs, &count,
					&unique, NULL), CDOK_OK);
	cr_assert(count >= 1);
	cr_expect_eq(probs[count - 1].kind, CDOK_PROBLEM_WRONG);
	cr_expect(probs[count - 1].row == 4 && probs[count - 1].column == 4);
	cdok_free(probs);
	cdok_puzzle_free(p);
	/* Several solutions: rules only. */
	p = corpus("ambiguous/amb_6x6.spec");
	for (int i = 0; i < 36; i++)
		values[i] = CDOK_NONE;
	values[0] = 1;
	values[1] = 1;
	cr_assert_eq(cdok_check_partial(p, values, NULL, &probs, &count,
					&unique, NULL), CDOK_OK);
	cr_expect_eq(unique, 0);
	cr_expect_eq(count, 1);
	cr_expect_eq(probs[0].kind, CDOK_PROBLEM_ROW);
	cdok_free(probs);
	cdok_puzzle_free(p);
}

/* One state for everyone: every state a hint chain writes
 * (cdok_write_state, as `hint --apply` does) reads back
 * (cdok_read_state) into a state the mistake finder passes; a mark
 * taken from it that leaves out the solution's value is a MARKS problem
 * on that cell, and the hint names the same cell. */
Test(levels, states_of_a_hint_chain_pass_the_mistake_finder)
{
	cdok_puzzle *p = corpus("killer/killer_kt_01.solo");
	int sol[81], values[81], back[81], count, unique, steps = 0;
	int tampered = 0;
	uint64_t cand[81], marks[81];
	cdok_problem *probs;
	cdok_hint *h;

	corpus_solution("killer/killer_kt_01.sol", 9, sol);
	for (int i = 0; i < 81; i++) {
		values[i] = cdok_puzzle_given(p, i);
		cand[i] = 0;
	}
	for (;;) {
		char *text;
		size_t len;

		cr_assert_eq(cdok_hint_next(p, values, cand, NULL, &h, NULL),
			     CDOK_OK);
		if (h->outcome != CDOK_HINT_STEP)
			break;
		cdok_step_apply(p, &h->step, values, cand);
		cdok_hint_free(h);
		steps++;
		cr_assert_eq(cdok_write_state(9, values, cand, &text, &len,
					      NULL), CDOK_OK);
		cr_assert_eq(cdok_read_state(text, len, 9, back, marks, NULL),
			     CDOK_OK);
		cdok_free(text);
		cr_assert_eq(cdok_check_state(p, back, marks, NULL, &probs,
					      &count, &unique, NULL), CDOK_OK);
		cr_expect_eq(count, 0, "step %d: a right state has a mistake",
			     steps);
		cr_expect_eq(unique, 1);
		cdok_free(probs);
		/* Every tenth state: take the solution's value out of the
		 * first cell with more than one mark. */
		for (int i = 0; steps % 10 == 0 && i < 81; i++) {
			uint64_t bit = (uint64_t)1 << sol[i];

			if (back[i] != CDOK_NONE || cdok_popcount(marks[i]) < 2 ||
			    !(marks[i] & bit))
				continue;
			marks[i] &= ~bit;
			cr_assert_eq(cdok_check_state(p, back, marks, NULL,
						      &probs, &count, &unique,
						      NULL), CDOK_OK);
			cr_assert_eq(count, 1);
			cr_expect_eq(probs[0].kind, CDOK_PROBLEM_MARKS);
			cr_expect(probs[0].row == i / 9 &&
				  probs[0].column == i % 9);
			cr_expect_eq(probs[0].given, sol[i]);
			cr_expect_eq(probs[0].where, marks[i]);
			cdok_free(probs);
			cr_assert_eq(cdok_hint_next(p, back, marks, NULL, &h,
						    NULL), CDOK_OK);
			cr_expect_eq(h->outcome, CDOK_HINT_CONTRADICTION);
			cr_expect(h->step.ncells == 1 && h->step.cells[0] == i);
			cdok_hint_free(h);
			tampered++;
			break;
		}
	}
	cr_expect_eq(h->outcome, CDOK_HINT_SOLVED);
	cdok_hint_free(h);
	cr_expect(tampered >= 3, "only %d states tampered with", tampered);
	/* Solved: no mistake and, as cdok_check says, right. */
	cr_expect_eq(memcmp(values, sol, sizeof(sol)), 0);
	cr_assert_eq(cdok_check(p, values, &probs, &count, NULL), CDOK_OK);
	cr_expect_eq(count, 0);
	cdok_free(probs);
	cdok_puzzle_free(p);
}

/* A given left blank holds its given: no mistake, and not empty to a
 * rule; a value that repeats it in its row is one. */
Test(levels, a_blank_given_holds_its_given)
{
	const char *spec = "J+12 F/4 5 2 E*3 E\nJ F H+7 H I*60 I\n"
			   "J D+12 G+28 G G I\n3 D K-1 K G G\n"
			   "4 D D B+11 G A*2\nC+10 C C B 4 A\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, strlen(spec), "readme6");
	int values[36], count, unique;
	cdok_problem *probs;

	for (int i = 0; i < 36; i++)
		values[i] = CDOK_NONE;
	cr_assert_eq(cdok_check_state(p, values, NULL, NULL, &probs, &count,
				      &unique, NULL), CDOK_OK);
	cr_expect_eq(count, 0);
	cdok_free(probs);
	/* r1c1 = 5 repeats the given 5 of r1c3 (left blank). */
	values[0] = 5;
	cr_assert_eq(cdok_check_state(p, values, NULL, NULL, &probs, &count,
				      &unique, NULL), CDOK_OK);
	cr_assert(count >= 1);
	cr_expect_eq(probs[0].kind, CDOK_PROBLEM_ROW);
	cdok_free(probs);
	cdok_puzzle_free(p);
}
