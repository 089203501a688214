/* test_hints.c -- hints a person can follow (doc/LEVELS.md): the three
 * tiers of every technique's steps, the one way cells, cages and units
 * are named, hints on puzzles with no or several solutions, and hints
 * that place a value from a grid of values only.
 */
#include <regex.h>

#include "fmt_helpers.h"

static cdok_puzzle *corpus(const char *rel)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_puzzle *p = fmt_read_one(strstr(rel, ".solo") ? "solo" :
				      strstr(rel, ".keen") ? "keen" :
				      strstr(rel, ".json") ? "json" :
				      strstr(rel, "hs_killers") ? "sudocue" :
				      "spec",
				      text, len, rel);

	free(text);
	return p;
}

static void corpus_solution(const char *rel, int n, int *values)
{
	char sol[256];
	size_t len;
	char *text;

	snprintf(sol, sizeof(sol), "%.*s.sol",
		 (int)(strrchr(rel, '.') - rel), rel);
	text = fmt_corpus_file(sol, &len);
	cr_assert_eq(cdok_read_grid(text, len, n, values, NULL), CDOK_OK);
	free(text);
}

/* Puzzles whose explanations use every technique between them. */
static const char *const every_technique[] = {
	"keen/keen_4u_06.keen", "keen/keen_4x_01.keen", "keen/keen_6h_02.keen",
	"keen/keen_8x_02.keen", "keen/keen_4h_01.keen", "keen/keen_9h_01.keen",
	"killer/killer_ka_01.solo", "killer/killer_ka_03.solo",
	"killer/killer_ku_01.solo",
	/* A sum of lines where Keen's techniques stall. */
	"keen/keen_4u_05.keen",
	/* A Killer X (its first puzzle): diagonal-single. */
	"../iss_killers/hs_killers.txt",
};

static bool matches(const char *text, const char *pattern)
{
	regex_t re;
	bool m;

	cr_assert_eq(regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB), 0);
	m = regexec(&re, text, 0, NULL, 0) == 0;
	regfree(&re);
	return m;
}

/* The naming convention (doc/LEVELS.md, "How cells, cages and units
 * are named") in one message. */
static void expect_named_well(const char *text, bool killer,
			      const char *where)
{
	cr_expect(!matches(text, "(^|[^0-9])1 (cells|values|steps|problems)"),
		  "%s: a plural after 1: %s", where, text);
	cr_expect(!matches(text, "[cC]age [A-Za-z] "),
		  "%s: a cage named by a label: %s", where, text);
	cr_expect(!matches(text, "row [0-9]+, column [0-9]+"),
		  "%s: a cell not written r3c4: %s", where, text);
	cr_expect(!strstr(text, "of the open cells"),
		  "%s: a doubled phrase: %s", where, text);
	cr_expect(!matches(text, "[Cc]ells of [^;]*\\) adds "),
		  "%s: a plural subject with a singular verb: %s", where,
		  text);
	if (killer)
		cr_expect(!matches(text, "[0-9]\\+ cage"),
			  "%s: a Killer sum written with +: %s", where, text);
}

/* Whether text names the cell "rRcC" (not "rRcC0"). */
static bool names_cell(const char *text, int n, int cell)
{
	char want[32];
	size_t len;

	len = (size_t)snprintf(want, sizeof(want), "r%dc%d", cell / n + 1,
			       cell % n + 1);
	for (const char *at = text; (at = strstr(at, want)); at += len)
		if (at[len] < '0' || at[len] > '9')
			return true;
	return false;
}

/* The first two tiers of a step: where names a place and no technique;
 * what starts with the technique's title and never gives the answer (a
 * cell the step fills that where does not name); the focus holds the
 * cell a value goes to. */
static void expect_tiers(const cdok_step *s, int n, const char *name)
{
	const char *title = cdok_technique_title(s->technique);

	cr_assert(s->where && s->what && s->focus, "%s", name);
	cr_expect(matches(s->where, "^Look at [^ ].*\\.$"), "%s: where %s",
		  name, s->where);
	for (int t = 0; t < cdok_technique_count(); t++)
		cr_expect(!strstr(s->where, cdok_technique_title(t)),
			  "%s: where names a technique: %s", name, s->where);
	cr_expect(!strncmp(s->what, title, strlen(title)),
		  "%s: what %s lacks %s", name, s->what, title);
	cr_expect(s->what[strlen(s->what) - 1] != '.', "%s: %s", name,
		  s->what);
	cr_expect_gt(s->nfocus, 0, "%s", name);
	for (int i = 1; i < s->nfocus; i++)
		cr_expect_lt(s->focus[i - 1], s->focus[i], "%s: focus order",
			     name);
	for (int k = 0; k < s->nplaced; k++) {
		bool in = false;

		for (int i = 0; i < s->nfocus; i++)
			in = in || s->focus[i] == s->placed[k].cell;
		cr_expect(in, "%s: the placed cell is not in the focus: %s",
			  name, s->where);
		cr_expect(names_cell(s->where, n, s->placed[k].cell) ||
			  !names_cell(s->what, n, s->placed[k].cell),
			  "%s: tier 2 gives the answer: %s", name, s->what);
	}
}

Test(hints, every_technique_has_three_tiers_and_good_names, .timeout = 600)
{
	bool seen[CDOK_TECHNIQUE_MAX] = { false };

	for (size_t i = 0; i < sizeof(every_technique) /
	     sizeof(every_technique[0]); i++) {
		const char *rel = every_technique[i];
		cdok_puzzle *p = corpus(rel);
		bool killer = cdok_puzzle_scale(p) == CDOK_SCALE_KILLER;
		cdok_explanation *ex;

		cr_assert_eq(cdok_explain(p, NULL, &ex, NULL), CDOK_OK, "%s",
			     rel);
		for (int k = 0; k < ex->nsteps; k++) {
			const cdok_step *s = &ex->steps[k];
			char name[160];

			snprintf(name, sizeof(name), "%s step %d (%s)", rel,
				 k + 1, cdok_technique_name(s->technique));
			seen[s->technique] = true;
			expect_tiers(s, cdok_puzzle_size(p), name);
			expect_named_well(s->text, killer, name);
			expect_named_well(s->where, killer, name);
			expect_named_well(s->what, killer, name);
		}
		cdok_explanation_free(ex);
		cdok_puzzle_free(p);
	}
	for (int t = 0; t < cdok_technique_count(); t++)
		cr_expect(seen[t] || t == 8 /* cage-cells is Keen's here */,
			  "no step of %s", cdok_technique_name(t));
}

/* The hint's tiers are those of the explanation's first step. */
Test(hints, a_hint_has_the_tiers_of_its_step)
{
	cdok_puzzle *p = corpus("keen/keen_9h_01.keen");
	int values[81] = { 0 };
	cdok_explanation *ex;
	cdok_hint *h;

	cr_assert_eq(cdok_explain(p, NULL, &ex, NULL), CDOK_OK);
	cr_assert_eq(cdok_hint_next(p, values, NULL, NULL, &h, NULL), CDOK_OK);
	cr_assert_eq(h->outcome, CDOK_HINT_STEP);
	cr_expect_str_eq(h->step.where, ex->steps[0].where);
	cr_expect_str_eq(h->step.what, ex->steps[0].what);
	cr_expect_str_eq(h->step.where, "Look at the 15+ cage at r1c1.");
	cr_expect_str_eq(h->step.what, "Values a cage can use, in the 15+ "
			 "cage at r1c1");
	cr_expect_eq(h->step.nfocus, 2);
	cdok_hint_free(h);
	cdok_explanation_free(ex);
	cdok_puzzle_free(p);
}

/* A puzzle with no solution or several has no next step, whatever the
 * state. */
Test(hints, no_hint_without_one_solution)
{
	cdok_puzzle *p = corpus("ambiguous/amb_6x6.spec");
	int values[81] = { 0 };
	cdok_hint *h;

	cr_assert_eq(cdok_hint_next(p, values, NULL, NULL, &h, NULL), CDOK_OK);
	cr_expect_eq(h->outcome, CDOK_HINT_AMBIGUOUS);
	cr_expect_eq(h->step.technique, -1);
	cr_expect(strstr(h->step.text, "more than one solution"));
	cdok_hint_free(h);
	cr_assert_eq(cdok_hint_place(p, values, NULL, &h, NULL), CDOK_OK);
	cr_expect_eq(h->outcome, CDOK_HINT_AMBIGUOUS);
	cdok_hint_free(h);
	cdok_puzzle_free(p);

	/* 1 and 2 in a 2-cell 5+ cage of a 2 x 2: no layout sums to 5
	 * with different values in a row... 1+2 is 3. */
	p = fmt_read_one("spec", "A+5 A\nB+3 B\n", 12, "impossible");
	cr_assert(p);
	cr_assert_eq(cdok_hint_next(p, values, NULL, NULL, &h, NULL), CDOK_OK);
	cr_expect_eq(h->outcome, CDOK_HINT_IMPOSSIBLE);
	cr_expect(strstr(h->step.text, "no solution"));
	cdok_hint_free(h);
	cdok_puzzle_free(p);
}

/* Hints that place a value, chained from the empty grid with values
 * only, reach the solution: every value placed is the solution's, and
 * the last answer is SOLVED.  Keen's 9 x 9 Easy to Hard, Solo's Killer
 * Trivial to Advanced. */
Test(hints, placing_hints_chain_to_the_solution, .timeout = 1200)
{
	static const char *const chained[] = {
		"keen/keen_9e_01.keen", "keen/keen_9e_02.keen",
		"keen/keen_9n_01.keen", "keen/keen_9n_02.keen",
		"keen/keen_9h_01.keen", "keen/keen_9h_02.keen",
		"keen/keen_9h_03.keen",
		"killer/killer_kt_01.solo", "killer/killer_kb_01.solo",
		"killer/killer_ki_01.solo", "killer/killer_ka_01.solo",
		"killer/killer_ka_02.solo",
	};

	for (size_t i = 0; i < sizeof(chained) / sizeof(chained[0]); i++) {
		cdok_puzzle *p = corpus(chained[i]);
		int n = cdok_puzzle_size(p), sol[81], values[81], placed = 0;
		cdok_hint *h = NULL;

		corpus_solution(chained[i], n, sol);
		for (int c = 0; c < n * n; c++)
			values[c] = cdok_puzzle_given(p, c);
		for (;;) {
			const cdok_step *s;

			cdok_hint_free(h);
			cr_assert_eq(cdok_hint_place(p, values, NULL, &h, NULL),
				     CDOK_OK, "%s", chained[i]);
			if (h->outcome != CDOK_HINT_STEP)
				break;
			s = &h->step;
			cr_assert_eq(s->nplaced, 1, "%s", chained[i]);
			cr_assert_eq(s->nremoved, 0, "%s", chained[i]);
			cr_assert(values[s->placed[0].cell] <= 0);
			cr_expect_eq(s->placed[0].value, sol[s->placed[0].cell],
				     "%s: %s", chained[i], s->text);
			cr_expect(matches(s->where, "^Look at "), "%s",
				  s->where);
			expect_named_well(s->text, cdok_puzzle_scale(p) ==
					  CDOK_SCALE_KILLER, chained[i]);
			cdok_step_apply(p, s, values, NULL);
			placed++;
		}
		cr_expect_eq(h->outcome, CDOK_HINT_SOLVED, "%s", chained[i]);
		cr_expect_eq(memcmp(values, sol, (size_t)(n * n) * sizeof(int)),
			     0, "%s", chained[i]);
		cr_expect_gt(placed, 0);
		cdok_hint_free(h);
		cdok_puzzle_free(p);
	}
}

/* The reasoning of a placing hint is short: its conclusion first, then
 * only the facts the value rests on, not every removal since the
 * start.  On the empty grid of keen_9h_01 the grader takes 17 steps
 * before its first value; the hint chooses, among the first values it
 * finds, the one told most shortly: 4 in r9c2, which needs what two
 * cages of two cells and the 144* cage keep out of row 9. */
Test(hints, a_placing_hint_gives_only_what_it_rests_on)
{
	cdok_puzzle *p = corpus("keen/keen_9h_01.keen");
	int values[81] = { 0 };
	cdok_hint *h;

	cr_assert_eq(cdok_hint_place(p, values, NULL, &h, NULL), CDOK_OK);
	cr_assert_eq(h->outcome, CDOK_HINT_STEP);
	cr_expect_eq(h->step.technique, 4 /* hidden-single */);
	cr_expect_str_eq(h->step.where, "Look at row 9.");
	cr_expect(matches(h->step.text, "^r9c2 is 4\\. 4 in r9c3 leaves no "
			  "value for r9c4 that makes 18\\*\\. .*4 has no other "
			  "place in row 9, so r9c2 is 4\\.$"), "%s",
		  h->step.text);
	cr_expect(!strstr(h->step.text, "15+ cage"), "%s", h->step.text);
	cr_expect(!strstr(h->step.text, "; remove"), "%s", h->step.text);
	cr_expect_leq(strlen(h->step.text), 400, "%s", h->step.text);
	cdok_hint_free(h);
	cdok_puzzle_free(p);
}

/* The tutor's explanation: a third of the steps or fewer on Hard Keen
 * and Advanced Killer puzzles, every placement of the full list among
 * its steps, nothing removed that the full list does not remove, and
 * replaying it from the givens fills the grid with the solution. */
Test(hints, brief_explanations_are_short_and_replay, .timeout = 600)
{
	static const char *const briefed[] = {
		"keen/keen_9h_01.keen", "keen/keen_9h_04.keen",
		"keen/keen_6h_01.keen", "keen/keen_9e_01.keen",
		"killer/killer_ka_01.solo", "killer/killer_ka_03.solo",
		"killer/killer_kt_01.solo",
	};

	for (size_t i = 0; i < sizeof(briefed) / sizeof(briefed[0]); i++) {
		cdok_puzzle *p = corpus(briefed[i]);
		bool killer = cdok_puzzle_scale(p) == CDOK_SCALE_KILLER;
		int n = cdok_puzzle_size(p), sol[81], values[81];
		int nplaced = 0, merged = 0, marked = 0;
		cdok_explanation *full, *brief;

		corpus_solution(briefed[i], n, sol);
		cr_assert_eq(cdok_explain(p, NULL, &full, NULL), CDOK_OK);
		cr_assert_eq(cdok_explain_brief(p, full, &brief, NULL),
			     CDOK_OK);
		cr_expect_eq(brief->grading.difficulty,
			     full->grading.difficulty);
		cr_expect_eq(brief->solved, 1);
		if (strstr(briefed[i], "_9h_") || strstr(briefed[i], "_ka_"))
			cr_expect_leq(3 * brief->nsteps, full->nsteps,
				      "%s: %d of %d", briefed[i],
				      brief->nsteps, full->nsteps);
		for (int c = 0; c < n * n; c++)
			values[c] = cdok_puzzle_given(p, c);
		for (int k = 0; k < brief->nsteps; k++) {
			const cdok_step *s = &brief->steps[k];
			char name[160];

			snprintf(name, sizeof(name), "%s brief step %d",
				 briefed[i], k + 1);
			cr_expect_geq(s->merged, 1, "%s", name);
			merged += s->merged;
			marked += s->sets_level;
			nplaced += s->nplaced;
			cr_expect(s->text && s->text[0] && s->where && s->what,
				  "%s", name);
			expect_named_well(s->text, killer, name);
			for (int r = 0; r < s->nremoved; r++)
				cr_expect_neq(s->removed[r].value,
					      sol[s->removed[r].cell],
					      "%s removes the solution", name);
			for (int r = 0; r < s->nplaced; r++)
				cr_expect_eq(s->placed[r].value,
					     sol[s->placed[r].cell], "%s", name);
			cdok_step_apply(p, s, values, NULL);
		}
		cr_expect_leq(merged, full->nsteps, "%s", briefed[i]);
		/* Every value is placed by some step shown. */
		for (int c = 0; c < n * n; c++)
			nplaced -= cdok_puzzle_given(p, c) <= 0;
		cr_expect_eq(nplaced, 0, "%s: %d placements missing or extra",
			     briefed[i], nplaced);
		cr_expect_eq(memcmp(values, sol, (size_t)(n * n) * sizeof(int)),
			     0, "%s: the replay does not end in the solution",
			     briefed[i]);
		/* Only puzzles above the first level have steps that set
		 * it. */
		cr_expect_eq(marked > 0, full->grading.level > 0, "%s",
			     briefed[i]);
		cdok_explanation_free(brief);
		cdok_explanation_free(full);
		cdok_puzzle_free(p);
	}
}

/* The outcome's word is the one the result documents and the page use. */
Test(hints, outcome_names)
{
	cr_expect_str_eq(cdok_hint_outcome_name(CDOK_HINT_STEP), "step");
	cr_expect_str_eq(cdok_hint_outcome_name(CDOK_HINT_SOLVED), "solved");
	cr_expect_str_eq(cdok_hint_outcome_name(CDOK_HINT_STUCK), "stuck");
	cr_expect_str_eq(cdok_hint_outcome_name(CDOK_HINT_CONTRADICTION),
			 "contradiction");
	cr_expect_str_eq(cdok_hint_outcome_name(CDOK_HINT_IMPOSSIBLE),
			 "impossible");
	cr_expect_str_eq(cdok_hint_outcome_name(CDOK_HINT_AMBIGUOUS),
			 "ambiguous");
	cr_expect_str_eq(cdok_hint_outcome_name((cdok_hint_outcome)99),
			 "step");
}

/* Where Keen's techniques stall, a hint gives the sum of lines the
 * explanation uses (issue 39, item 8), with its tiers: the lines, then
 * the technique, which says it goes beyond Keen's; limited to Keen's
 * Extreme, the hint is stuck there, as Keen is. */
Test(hints, a_sum_of_lines_where_keen_stalls)
{
	cdok_puzzle *p = corpus("keen/keen_4u_05.keen");
	cdok_explanation *ex;
	cdok_grade_params gp;
	int values[16] = { 0 }, at = -1;
	uint64_t cand[16] = { 0 };
	cdok_hint *h;

	cr_assert_eq(cdok_explain(p, NULL, &ex, NULL), CDOK_OK);
	for (int k = 0; k < ex->nsteps && at < 0; k++) {
		if (!strcmp(cdok_technique_name(ex->steps[k].technique),
			    "line-sum"))
			at = k;
		else
			cdok_step_apply(p, &ex->steps[k], values, cand);
	}
	cr_assert_geq(at, 0, "no sum of lines in keen_4u_05");
	cr_assert_eq(cdok_hint_next(p, values, cand, NULL, &h, NULL),
		     CDOK_OK);
	cr_expect_eq(h->outcome, CDOK_HINT_STEP);
	cr_expect_str_eq(cdok_technique_name(h->step.technique), "line-sum");
	cr_expect_str_eq(h->step.text, ex->steps[at].text);
	cr_expect_str_eq(h->step.where, "Look at row 4.");
	cr_expect(strstr(h->step.what, "beyond Keen's techniques"), "%s",
		  h->step.what);
	cdok_hint_free(h);
	cdok_grade_params_init(&gp);
	gp.max_level = cdok_level_find(CDOK_SCALE_CALCUDOKU, "extreme");
	cr_assert_eq(cdok_hint_next(p, values, cand, &gp, &h, NULL), CDOK_OK);
	cr_expect_eq(h->outcome, CDOK_HINT_STUCK);
	cdok_hint_free(h);
	cdok_explanation_free(ex);
	cdok_puzzle_free(p);
}
