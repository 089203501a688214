/* fuzz_grade.c -- fuzz target for the grader (doc/LEVELS.md):
 * cdok_grade, cdok_explain, cdok_hint_next and cdok_step_apply, under
 * every rule set the puzzle can take (fuzz_rule_sets).
 *
 * The input is a puzzle in any format (told from its text, as the
 * program does), optionally followed by a NUL byte and a state of play
 * (doc/FORMAT.md, "States of play").  Without a state that reads, hints
 * start from the state the explanation reaches halfway.  The input's
 * length picks the hardest level allowed: mostly every level, sometimes
 * one of the scale's levels.
 *
 * The work is bounded by counts, never by time: grids over
 * MAX_GRADE_SIZE are skipped, the solver inside grading and hints gets
 * a node limit (fewer nodes for bigger grids), and a few hints are
 * asked per state.
 *
 * The solver's own verdict, from the same search the grader makes
 * (same node limit), is the reference.  Checks:
 *  - A puzzle that does not validate is refused with a message; a
 *    Nylimb puzzle is ungraded and has no hints.
 *  - The grading agrees with the verdict: a unique puzzle is graded (or
 *    above the levels allowed), one with no or several solutions never
 *    gets a level; its figures are consistent (level on the scale,
 *    difficulty from level and score, steps the sum of the counts), and
 *    cdok_explain's grading is cdok_grade's; its steps are the
 *    grading's, but where a sum of lines (Calcudoku, beyond Keen's
 *    techniques: then at the last level) takes the place of trial.
 *  - Every step of the explanation is well formed (a technique, its
 *    level on the scale and within the levels allowed, a sentence,
 *    cells inside the grid, progress) and, replayed on a copy of the
 *    candidates, only places a value into an open cell that can hold
 *    it and only removes candidates still there, in order; with a
 *    unique solution no step removes or contradicts the solution's
 *    value.  A solved explanation ends in the solution.
 *  - A hint's outcome is the one the documentation gives: with a unique
 *    solution, a contradiction exactly when a filled value or the
 *    pencil marks disagree with it, never stuck when every level is
 *    allowed; solved only for a full grid that is a solution; a step
 *    with the same well-formedness as above, taken from candidates the
 *    state allows.  The step applied (cdok_step_apply) gives a state
 *    that writes and reads back the same.
 *  - The result documents of the grading, the explanation and the hint
 *    are written, each on one line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Puzzles taken from one input (formats such as UCF hold many). */
#define MAX_PUZZLES 2
/* The largest grid graded: bigger ones cost too much per input. */
#define MAX_GRADE_SIZE 9
/* Hints asked in a row from one state. */
#define MAX_HINTS 3

#define BIT(v) ((uint64_t)1 << (v))

struct input {
	const char *state;    /* NULL: no state given */
	size_t state_len;
	int pick;             /* picks the hardest level allowed */
};

/* What one rule set's run knows. */
struct run {
	const cdok_puzzle *p;
	const char *rules;
	int n, ncells;
	cdok_scale scale;
	int top;              /* the hardest level allowed */
	bool every_level;     /* top is the scale's last (guessing) */
	cdok_grade_params params;
	cdok_verdict verdict; /* the solver's, within params.max_nodes */
	int *sol;             /* the solution when verdict is UNIQUE */
};

/* Search nodes for the solver inside grading and hints: 200, fewer for
 * bigger grids (75 at 9 x 9).  Every hint solves the puzzle again, and
 * the solver is most of each input's work. */
static uint64_t node_limit(int n)
{
	uint64_t cells = (uint64_t)n * (uint64_t)n;

	return 6000 / cells < 200 ? 6000 / cells + 1 : 200;
}

static uint64_t all_values(int n)
{
	return n == 63 ? ~(uint64_t)1 : (BIT(n) - 1) << 1;
}

static bool same_unit(const cdok_puzzle *p, int a, int b)
{
	int n = cdok_puzzle_size(p), br = cdok_puzzle_box_rows(p);
	int bc = cdok_puzzle_box_cols(p);

	if (a / n == b / n || a % n == b % n)
		return true;
	return br && (a / n) / br == (b / n) / br &&
	       (a % n) / bc == (b % n) / bc;
}

/* Candidates a state allows at least (the grader's may be fewer): its
 * pencil marks, or every value, less what the filled cells of the same
 * row, column and box hold.  values hold 0 for an empty cell. */
static void state_candidates(const struct run *r, const int *values,
			     const uint64_t *marks, uint64_t *dom)
{
	for (int i = 0; i < r->ncells; i++) {
		uint64_t m = marks ? marks[i] & all_values(r->n) : 0;

		dom[i] = values[i] ? BIT(values[i]) : m ? m
					: all_values(r->n);
	}
	for (int i = 0; i < r->ncells; i++) {
		if (!values[i])
			continue;
		for (int j = 0; j < r->ncells; j++)
			if (j != i && !values[j] && same_unit(r->p, i, j))
				dom[j] &= ~BIT(values[i]);
	}
}

/* The one-line checks of a result document. */
static void check_document(const struct run *r, const cdok_json_info *info)
{
	cdok_error err;
	cdok_status st;
	size_t len;
	char *doc;

	memset(&err, 0, sizeof(err));
	st = cdok_json_result(r->p, info, &doc, &len, &err);
	FUZZ_CHECK(st == CDOK_OK, "%s rules: the %s result document: %s",
		   r->rules, info->command, err.message);
	FUZZ_CHECK(len > 0 && strlen(doc) == len && doc[len - 1] == '\n' &&
		   !memchr(doc, '\n', len - 1), "%s rules: the %s result "
		   "document is not one line", r->rules, info->command);
	cdok_free(doc);
}

/* A step is well formed, and against the candidates dom (at least the
 * grader's) and filled values (0: open) it places into an open cell a
 * value it can hold and removes, in order, candidates still there;
 * with a unique solution it keeps the solution's values.  dom and
 * values are updated by the step. */
static void check_step(const struct run *r, const cdok_step *s, int *values,
		       uint64_t *dom, const char *what)
{
	int count = cdok_technique_count();

	FUZZ_CHECK(s->technique >= 0 && s->technique < count, "%s rules: "
		   "%s: technique %d", r->rules, what, s->technique);
	FUZZ_CHECK(s->level == cdok_technique_level(s->technique, r->scale) &&
		   s->level >= 0 && s->level <= r->top, "%s rules: %s: %s "
		   "at level %d, allowed up to %d", r->rules, what,
		   cdok_technique_name(s->technique), s->level, r->top);
	FUZZ_CHECK(s->text && s->text[0] && !strchr(s->text, '\n'),
		   "%s rules: %s: no sentence", r->rules, what);
	/* The hint's tiers: where and what, and the place's cells. */
	FUZZ_CHECK(s->where && !strncmp(s->where, "Look at ", 8) && s->what &&
		   s->what[0] && s->nfocus > 0 && s->focus, "%s rules: %s: "
		   "no tiers", r->rules, what);
	for (int i = 0; i < s->nfocus; i++)
		FUZZ_CHECK(s->focus[i] >= 0 && s->focus[i] < r->ncells &&
			   (i == 0 || s->focus[i] > s->focus[i - 1]),
			   "%s rules: %s: focus cell %d", r->rules, what,
			   s->focus[i]);
	FUZZ_CHECK(s->ncells >= 0 && (s->ncells == 0 || s->cells),
		   "%s rules: %s: %d cells", r->rules, what, s->ncells);
	for (int i = 0; i < s->ncells; i++)
		FUZZ_CHECK(s->cells[i] >= 0 && s->cells[i] < r->ncells,
			   "%s rules: %s: cell %d outside the grid", r->rules,
			   what, s->cells[i]);
	FUZZ_CHECK((s->nplaced == 0 || s->nplaced == 1) &&
		   s->nremoved >= 0 && s->nplaced + s->nremoved > 0,
		   "%s rules: %s (%s): %d placed, %d removed", r->rules,
		   what, cdok_technique_name(s->technique), s->nplaced,
		   s->nremoved);
	for (int i = 0; i < s->nremoved; i++) {
		const cdok_candidate *c = &s->removed[i];

		FUZZ_CHECK(c->cell >= 0 && c->cell < r->ncells &&
			   c->value >= 1 && c->value <= r->n, "%s rules: %s: "
			   "removes %d from cell %d", r->rules, what,
			   c->value, c->cell);
		FUZZ_CHECK(i == 0 || c->cell > c[-1].cell ||
			   (c->cell == c[-1].cell && c->value > c[-1].value),
			   "%s rules: %s: removals out of order", r->rules,
			   what);
		FUZZ_CHECK(!values[c->cell] && (dom[c->cell] & BIT(c->value)),
			   "%s rules: %s (%s): removes %d from r%dc%d, which "
			   "%s", r->rules, what,
			   cdok_technique_name(s->technique), c->value,
			   c->cell / r->n + 1, c->cell % r->n + 1,
			   values[c->cell] ? "is filled" : "is no candidate "
			   "there");
		FUZZ_CHECK(!r->sol || r->sol[c->cell] != c->value,
			   "%s rules: %s (%s): removes the solution's value "
			   "%d from r%dc%d: %s", r->rules, what,
			   cdok_technique_name(s->technique), c->value,
			   c->cell / r->n + 1, c->cell % r->n + 1, s->text);
		dom[c->cell] &= ~BIT(c->value);
	}
	if (s->nplaced) {
		const cdok_candidate *c = &s->placed[0];

		FUZZ_CHECK(c->cell >= 0 && c->cell < r->ncells &&
			   c->value >= 1 && c->value <= r->n, "%s rules: %s: "
			   "places %d in cell %d", r->rules, what, c->value,
			   c->cell);
		FUZZ_CHECK(!values[c->cell] && (dom[c->cell] & BIT(c->value)),
			   "%s rules: %s (%s): places %d in r%dc%d, which "
			   "%s", r->rules, what,
			   cdok_technique_name(s->technique), c->value,
			   c->cell / r->n + 1, c->cell % r->n + 1,
			   values[c->cell] ? "is filled" : "cannot hold it");
		FUZZ_CHECK(!r->sol || r->sol[c->cell] == c->value,
			   "%s rules: %s (%s): places %d in r%dc%d, where the "
			   "solution has %d: %s", r->rules, what,
			   cdok_technique_name(s->technique), c->value,
			   c->cell / r->n + 1, c->cell % r->n + 1,
			   r->sol[c->cell], s->text);
		values[c->cell] = c->value;
		dom[c->cell] = BIT(c->value);
	}
}

/* The grading's figures are consistent, and agree with the solver. */
static void check_grading(const struct run *r, const cdok_grading *g)
{
	int sum = 0;

	FUZZ_CHECK(g->scale == r->scale, "%s rules: scale %d, not %d",
		   r->rules, g->scale, r->scale);
	switch (g->outcome) {
	case CDOK_GRADE_LEVEL:
		FUZZ_CHECK(r->verdict == CDOK_VERDICT_UNIQUE ||
			   r->verdict == CDOK_VERDICT_UNKNOWN, "%s rules: "
			   "graded, but the solver says %s", r->rules,
			   cdok_verdict_name(r->verdict));
		FUZZ_CHECK(g->level >= 0 && g->level <= r->top &&
			   g->score >= 0 && g->score < CDOK_SCORE_SPAN &&
			   g->difficulty == (uint64_t)CDOK_SCORE_SPAN *
			   (uint64_t)(g->level + 1) + (uint64_t)g->score,
			   "%s rules: level %d, score %d, difficulty %llu",
			   r->rules, g->level, g->score,
			   (unsigned long long)g->difficulty);
		for (int t = 0; t < CDOK_TECHNIQUE_MAX; t++) {
			FUZZ_CHECK(g->counts[t] >= 0 &&
				   (t < cdok_technique_count() ||
				    !g->counts[t]), "%s rules: %d steps of "
				   "technique %d", r->rules, g->counts[t], t);
			sum += g->counts[t];
		}
		FUZZ_CHECK(sum == g->steps, "%s rules: %d steps, counted %d",
			   r->rules, g->steps, sum);
		break;
	case CDOK_GRADE_ABOVE:
		FUZZ_CHECK(!r->every_level && g->level == r->top + 1 &&
			   g->difficulty == 0, "%s rules: above level %d with "
			   "levels up to %d allowed", r->rules, g->level,
			   r->top);
		break;
	case CDOK_GRADE_AMBIGUOUS:
		FUZZ_CHECK(r->verdict == CDOK_VERDICT_MULTIPLE, "%s rules: "
			   "ambiguous, but the solver says %s", r->rules,
			   cdok_verdict_name(r->verdict));
		break;
	case CDOK_GRADE_IMPOSSIBLE:
		FUZZ_CHECK(r->verdict == CDOK_VERDICT_NONE ||
			   r->verdict == CDOK_VERDICT_UNKNOWN, "%s rules: "
			   "impossible, but the solver says %s", r->rules,
			   cdok_verdict_name(r->verdict));
		break;
	case CDOK_GRADE_GAVE_UP:
		FUZZ_CHECK(r->verdict == CDOK_VERDICT_UNKNOWN, "%s rules: "
			   "gave up, but the solver says %s", r->rules,
			   cdok_verdict_name(r->verdict));
		break;
	default:
		FUZZ_CHECK(0, "%s rules: outcome %d", r->rules, g->outcome);
	}
	if (r->verdict == CDOK_VERDICT_UNIQUE && r->every_level)
		FUZZ_CHECK(g->outcome == CDOK_GRADE_LEVEL, "%s rules: a "
			   "unique puzzle, every level allowed, has outcome "
			   "%d", r->rules, g->outcome);
}

static bool same_grading(const cdok_grading *a, const cdok_grading *b)
{
	return a->outcome == b->outcome && a->scale == b->scale &&
	       a->level == b->level && a->score == b->score &&
	       a->difficulty == b->difficulty && a->steps == b->steps &&
	       !memcmp(a->counts, b->counts, sizeof(a->counts)) &&
	       a->cage_budget_hit == b->cage_budget_hit;
}

/* The explanation: its steps replayed on the givens.  The state it
 * reaches halfway is left in half_values (0: empty) and half_marks. */
static void check_explanation(const struct run *r, const cdok_grading *gr,
			      int *half_values, uint64_t *half_marks)
{
	cdok_explanation *ex = NULL;
	int *values = calloc((size_t)r->ncells, sizeof(int));
	uint64_t *dom = malloc((size_t)r->ncells * sizeof(uint64_t));
	int *applied = malloc((size_t)r->ncells * sizeof(int));
	cdok_json_info info;
	cdok_error err;
	cdok_status st;
	bool clash = false, sums = false;

	FUZZ_CHECK(values && dom && applied, "out of memory");
	memset(&err, 0, sizeof(err));
	st = cdok_explain(r->p, &r->params, &ex, &err);
	FUZZ_CHECK(st == CDOK_OK && ex, "%s rules: cdok_explain: %s",
		   r->rules, err.message);
	FUZZ_CHECK(same_grading(&ex->grading, gr), "%s rules: the "
		   "explanation's grading differs from cdok_grade's",
		   r->rules);
	FUZZ_CHECK(ex->solved == (gr->outcome == CDOK_GRADE_LEVEL),
		   "%s rules: solved %d with outcome %d", r->rules,
		   ex->solved, gr->outcome);
	for (int i = 0; i < ex->nsteps; i++)
		if (!strcmp(cdok_technique_name(ex->steps[i].technique),
			    "line-sum")) {
			sums = true;
			FUZZ_CHECK(gr->scale == CDOK_SCALE_CALCUDOKU &&
				   gr->level == cdok_level_count(gr->scale) - 1,
				   "%s rules: a sum of lines at level %d",
				   r->rules, gr->level);
		}
	if ((gr->outcome == CDOK_GRADE_LEVEL ||
	     gr->outcome == CDOK_GRADE_ABOVE) && !sums)
		FUZZ_CHECK(ex->nsteps == gr->steps, "%s rules: %d steps "
			   "explained, %d graded", r->rules, ex->nsteps,
			   gr->steps);

	/* The givens, placed: a given that clashes with another leaves
	 * the puzzle impossible, and the replay then checks the steps'
	 * form only. */
	for (int i = 0; i < r->ncells; i++) {
		int v = cdok_puzzle_given(r->p, i);

		applied[i] = v > 0 ? v : CDOK_NONE;
		values[i] = v > 0 ? v : 0;
	}
	state_candidates(r, values, NULL, dom);
	for (int i = 0; i < r->ncells; i++)
		if (values[i])
			for (int j = 0; j < r->ncells; j++)
				clash |= j != i && values[j] == values[i] &&
					 same_unit(r->p, i, j);
	for (int k = 0; k < ex->nsteps; k++) {
		char what[32];

		snprintf(what, sizeof(what), "explained step %d", k + 1);
		if (clash) {
			/* The form only (the puzzle has no solution, so
			 * r->sol is NULL): every value is a candidate. */
			memset(values, 0, (size_t)r->ncells * sizeof(int));
			for (int i = 0; i < r->ncells; i++)
				dom[i] = all_values(r->n);
		}
		check_step(r, &ex->steps[k], values, dom, what);
		cdok_step_apply(r->p, &ex->steps[k], applied, NULL);
		if (k + 1 == ex->nsteps / 2 && half_values) {
			for (int i = 0; i < r->ncells; i++)
				half_values[i] = applied[i] > 0 ? applied[i]
								: 0;
			memcpy(half_marks, dom, (size_t)r->ncells *
			       sizeof(uint64_t));
		}
	}
	if (ex->solved) {
		for (int i = 0; i < r->ncells; i++)
			FUZZ_CHECK(values[i] && applied[i] == values[i],
				   "%s rules: solved, but r%dc%d holds %d "
				   "(applied: %d)", r->rules, i / r->n + 1,
				   i % r->n + 1, values[i], applied[i]);
		FUZZ_CHECK(cdok_puzzle_is_solution(r->p, values) &&
			   ref_is_solution(r->p, values), "%s rules: the "
			   "explanation ends in a grid that is no solution",
			   r->rules);
		FUZZ_CHECK(!r->sol || !memcmp(values, r->sol,
					      (size_t)r->ncells *
					      sizeof(int)), "%s rules: the "
			   "explanation ends in another solution", r->rules);
	}

	cdok_json_info_init(&info);
	info.command = "explain";
	info.grading = &ex->grading;
	info.steps = ex->steps;
	info.nsteps = ex->nsteps;
	info.flags = CDOK_WRITER_COMPACT;
	check_document(r, &info);

	/* The tutor's explanation: every placement of the full one, so
	 * that its replay ends where the full one's does; nothing the
	 * full one does not remove. */
	if (gr->outcome == CDOK_GRADE_LEVEL ||
	    gr->outcome == CDOK_GRADE_ABOVE) {
		cdok_explanation *brief = NULL;
		int merged = 0;

		st = cdok_explain_brief(r->p, ex, &brief, &err);
		FUZZ_CHECK(st == CDOK_OK && brief, "%s rules: "
			   "cdok_explain_brief: %s", r->rules, err.message);
		for (int i = 0; i < r->ncells; i++) {
			int v = cdok_puzzle_given(r->p, i);

			applied[i] = v > 0 ? v : CDOK_NONE;
		}
		for (int k = 0; k < brief->nsteps; k++) {
			const cdok_step *s = &brief->steps[k];

			FUZZ_CHECK(s->merged >= 1 && s->text && s->where &&
				   s->what, "%s rules: brief step %d",
				   r->rules, k + 1);
			merged += s->merged;
			for (int j = 0; j < s->nremoved; j++)
				FUZZ_CHECK(!r->sol || r->sol[s->removed[j].cell]
					   != s->removed[j].value, "%s rules: "
					   "brief step %d removes the solution",
					   r->rules, k + 1);
			cdok_step_apply(r->p, s, applied, NULL);
		}
		FUZZ_CHECK(merged <= ex->nsteps, "%s rules: %d brief steps "
			   "stand for %d", r->rules, merged, ex->nsteps);
		for (int i = 0; ex->solved && i < r->ncells; i++)
			FUZZ_CHECK(applied[i] == values[i], "%s rules: the "
				   "brief explanation does not fill r%dc%d",
				   r->rules, i / r->n + 1, i % r->n + 1);
		cdok_explanation_free(brief);
	}
	cdok_explanation_free(ex);
	free(values);
	free(dom);
	free(applied);
}

static const char *const hint_words[] = {
	"step", "solved", "stuck", "contradiction", "impossible", "ambiguous"
};

/* A placing hint from the same values (pencil marks play no part): the
 * puzzle's outcomes as cdok_hint_next's, and a step that places one
 * value in an empty cell, the solution's when the values agree with
 * it. */
static void check_place(const struct run *r, const int *values,
			const int *state, const char *what)
{
	bool agree = r->sol != NULL;
	cdok_hint *h = NULL;
	cdok_error err;
	cdok_status st;

	for (int i = 0; agree && i < r->ncells; i++)
		agree = !state[i] || state[i] == r->sol[i];
	memset(&err, 0, sizeof(err));
	st = cdok_hint_place(r->p, values, &r->params, &h, &err);
	FUZZ_CHECK(st == CDOK_OK && h, "%s rules: %s: cdok_hint_place: %s",
		   r->rules, what, err.message);
	FUZZ_CHECK(h->outcome >= CDOK_HINT_STEP &&
		   h->outcome <= CDOK_HINT_AMBIGUOUS &&
		   (h->outcome == CDOK_HINT_IMPOSSIBLE) ==
		   (r->verdict == CDOK_VERDICT_NONE) &&
		   (h->outcome == CDOK_HINT_AMBIGUOUS) ==
		   (r->verdict == CDOK_VERDICT_MULTIPLE), "%s rules: %s: "
		   "placing outcome %d with verdict %s", r->rules, what,
		   h->outcome, cdok_verdict_name(r->verdict));
	if (h->outcome == CDOK_HINT_STEP) {
		const cdok_candidate *c = h->step.placed;

		FUZZ_CHECK(h->step.nplaced == 1 && h->step.nremoved == 0 &&
			   c->cell >= 0 && c->cell < r->ncells &&
			   !state[c->cell] && c->value >= 1 &&
			   c->value <= r->n && h->step.text &&
			   h->step.where && h->step.what, "%s rules: %s: a "
			   "placing hint that places no value", r->rules,
			   what);
		FUZZ_CHECK(!agree || r->sol[c->cell] == c->value, "%s rules: "
			   "%s: a placing hint puts %d in r%dc%d, where the "
			   "solution has %d: %s", r->rules, what, c->value,
			   c->cell / r->n + 1, c->cell % r->n + 1,
			   r->sol[c->cell], h->step.text);
	}
	cdok_hint_free(h);
}

/* One hint from a state (values: 0 or CDOK_NONE empty; marks: 0 not
 * noted), checked; the step is applied to the state.  Returns whether
 * it was a step. */
static bool check_hint(const struct run *r, int *values, uint64_t *marks,
		       int round)
{
	int *state = malloc((size_t)r->ncells * sizeof(int));
	uint64_t *dom = malloc((size_t)r->ncells * sizeof(uint64_t));
	bool consistent = r->sol != NULL, step;
	int empty = 0;
	cdok_hint *h = NULL;
	cdok_json_info info;
	cdok_error err;
	cdok_status st;
	char what[32];

	FUZZ_CHECK(state && dom, "out of memory");
	snprintf(what, sizeof(what), "hint %d", round + 1);
	/* The state the hint sees: an empty given cell holds its given. */
	for (int i = 0; i < r->ncells; i++) {
		int g = cdok_puzzle_given(r->p, i);

		state[i] = values[i] > 0 ? values[i] : g > 0 ? g : 0;
		empty += !state[i];
		if (!r->sol)
			continue;
		if (state[i] && state[i] != r->sol[i])
			consistent = false;
		if (!state[i] && (marks[i] & all_values(r->n)) &&
		    !(marks[i] & BIT(r->sol[i])))
			consistent = false;
	}
	memset(&err, 0, sizeof(err));
	st = cdok_hint_next(r->p, values, marks, &r->params, &h, &err);
	FUZZ_CHECK(st == CDOK_OK && h, "%s rules: %s: cdok_hint_next: %s",
		   r->rules, what, err.message);
	FUZZ_CHECK(h->outcome >= CDOK_HINT_STEP &&
		   h->outcome <= CDOK_HINT_AMBIGUOUS && h->empty == empty,
		   "%s rules: %s: outcome %d, %d empty cells (%d)", r->rules,
		   what, h->outcome, h->empty, empty);
	/* No next step for a puzzle without one solution, whatever the
	 * state: the solver's verdict, within the same node limit. */
	FUZZ_CHECK((h->outcome == CDOK_HINT_IMPOSSIBLE) ==
		   (r->verdict == CDOK_VERDICT_NONE) &&
		   (h->outcome == CDOK_HINT_AMBIGUOUS) ==
		   (r->verdict == CDOK_VERDICT_MULTIPLE), "%s rules: %s: "
		   "outcome %s with verdict %s", r->rules, what,
		   hint_words[h->outcome], cdok_verdict_name(r->verdict));
	if (r->sol)
		FUZZ_CHECK((h->outcome == CDOK_HINT_CONTRADICTION) ==
			   !consistent, "%s rules: %s: outcome %s, but the "
			   "state %s the only solution: %s", r->rules, what,
			   hint_words[h->outcome], consistent ? "agrees with"
			   : "contradicts", h->step.text ? h->step.text : "");
	check_place(r, values, state, what);
	if (!empty)
		FUZZ_CHECK(h->outcome == CDOK_HINT_SOLVED ||
			   h->outcome == CDOK_HINT_CONTRADICTION ||
			   h->outcome == CDOK_HINT_IMPOSSIBLE ||
			   h->outcome == CDOK_HINT_AMBIGUOUS,
			   "%s rules: %s: a full grid gives %s", r->rules,
			   what, hint_words[h->outcome]);
	switch (h->outcome) {
	case CDOK_HINT_SOLVED:
		FUZZ_CHECK(!empty && cdok_puzzle_is_solution(r->p, state),
			   "%s rules: %s: solved, but the grid is no "
			   "solution", r->rules, what);
		break;
	case CDOK_HINT_STUCK:
		FUZZ_CHECK(!r->sol || !r->every_level, "%s rules: %s: stuck "
			   "with a unique solution and every level allowed",
			   r->rules, what);
		break;
	case CDOK_HINT_IMPOSSIBLE:
	case CDOK_HINT_AMBIGUOUS:
	case CDOK_HINT_CONTRADICTION:
		FUZZ_CHECK(h->step.technique == -1 && h->step.text &&
			   h->step.text[0] && !strchr(h->step.text, '\n') &&
			   h->step.ncells >= 0, "%s rules: %s: a contradiction "
			   "without cells and a sentence", r->rules, what);
		for (int i = 0; i < h->step.ncells; i++)
			FUZZ_CHECK(h->step.cells[i] >= 0 &&
				   h->step.cells[i] < r->ncells, "%s rules: "
				   "%s: cell %d outside the grid", r->rules,
				   what, h->step.cells[i]);
		break;
	default:
		state_candidates(r, state, marks, dom);
		check_step(r, &h->step, state, dom, what);
		break;
	}

	cdok_json_info_init(&info);
	info.command = "hint";
	info.hint = hint_words[h->outcome];
	info.steps = &h->step;
	info.nsteps = 1;
	info.flags = CDOK_WRITER_COMPACT;
	check_document(r, &info);

	step = h->outcome == CDOK_HINT_STEP;
	if (step) {
		char *text;
		size_t len;
		int *back = malloc((size_t)r->ncells * sizeof(int));
		uint64_t *back_marks = malloc((size_t)r->ncells *
					      sizeof(uint64_t));

		FUZZ_CHECK(back && back_marks, "out of memory");
		cdok_step_apply(r->p, &h->step, values, marks);
		st = cdok_write_state(r->n, values, marks, &text, &len, &err);
		FUZZ_CHECK(st == CDOK_OK, "cdok_write_state: %s",
			   err.message);
		st = cdok_read_state(text, len, r->n, back, back_marks, &err);
		FUZZ_CHECK(st == CDOK_OK, "%s rules: %s: the state after the "
			   "step does not read back: %s", r->rules, what,
			   err.message);
		for (int i = 0; i < r->ncells; i++)
			FUZZ_CHECK(back[i] == (values[i] > 0 ? values[i]
							     : CDOK_NONE),
				   "%s rules: %s: the state written after the "
				   "step reads back another value", r->rules,
				   what);
		cdok_free(text);
		free(back);
		free(back_marks);
	}
	cdok_hint_free(h);
	free(state);
	free(dom);
	return step;
}

/* Hints in a row from the state the input gives, or else from the
 * state the explanation reached halfway. */
static void check_hints(const struct run *r, const struct input *in,
			const int *half_values, const uint64_t *half_marks)
{
	int *values = malloc((size_t)r->ncells * sizeof(int));
	uint64_t *marks = malloc((size_t)r->ncells * sizeof(uint64_t));

	FUZZ_CHECK(values && marks, "out of memory");
	if (!in->state || cdok_read_state(in->state, in->state_len, r->n,
					  values, marks, NULL) != CDOK_OK) {
		memcpy(values, half_values, (size_t)r->ncells * sizeof(int));
		/* The explanation's candidates, as pencil marks where an
		 * empty cell has fewer than every value. */
		for (int i = 0; i < r->ncells; i++)
			marks[i] = values[i] ? 0 : half_marks[i];
	}
	for (int k = 0; k < MAX_HINTS; k++)
		if (!check_hint(r, values, marks, k))
			break;
	free(values);
	free(marks);
}

static void grade_under(void *user, const cdok_puzzle *p, const char *rules)
{
	const struct input *in = user;
	int n = cdok_puzzle_size(p), levels;
	struct run r;
	cdok_grading gr;
	cdok_hint *h = NULL;
	cdok_explanation *ex = NULL;
	cdok_solve_params sp;
	cdok_result res;
	cdok_json_info info;
	cdok_error err;
	cdok_status st;
	int *half_values, *zeros;
	uint64_t *half_marks;

	memset(&r, 0, sizeof(r));
	r.p = p;
	r.rules = rules;
	r.n = n;
	r.ncells = n * n;
	r.scale = cdok_puzzle_scale(p);
	cdok_grade_params_init(&r.params);
	r.params.max_nodes = node_limit(n);
	zeros = calloc((size_t)r.ncells, sizeof(int));
	FUZZ_CHECK(zeros, "out of memory");

	memset(&err, 0, sizeof(err));
	if (cdok_puzzle_validate(p, NULL) != CDOK_OK) {
		st = cdok_grade(p, &r.params, &gr, &err);
		FUZZ_CHECK(st != CDOK_OK && err.message[0], "%s rules: an "
			   "invalid puzzle is graded", rules);
		st = cdok_explain(p, &r.params, &ex, &err);
		FUZZ_CHECK(st != CDOK_OK && !ex, "%s rules: an invalid "
			   "puzzle is explained", rules);
		st = cdok_hint_next(p, zeros, NULL, &r.params, &h, &err);
		FUZZ_CHECK(st != CDOK_OK && !h, "%s rules: an invalid "
			   "puzzle gets a hint", rules);
		free(zeros);
		return;
	}
	if (r.scale == CDOK_SCALE_NONE) {
		st = cdok_grade(p, &r.params, &gr, &err);
		FUZZ_CHECK(st == CDOK_OK && gr.outcome == CDOK_GRADE_UNGRADED,
			   "%s rules: a Nylimb puzzle: status %d, outcome "
			   "%d", rules, st, gr.outcome);
		st = cdok_hint_next(p, zeros, NULL, &r.params, &h, &err);
		FUZZ_CHECK(st == CDOK_ERR_UNSUPPORTED && !h &&
			   err.message[0], "%s rules: a Nylimb puzzle gets "
			   "a hint (status %d)", rules, st);
		free(zeros);
		return;
	}
	levels = cdok_level_count(r.scale);
	FUZZ_CHECK(levels > 0, "%s rules: scale %d has no levels", rules,
		   r.scale);
	r.top = levels - 1;
	r.params.max_level = in->pick % 2 ? -1 : r.top;
	if (in->pick % 4 == 3)
		r.params.max_level = r.top = (in->pick / 4) % levels;
	r.every_level = r.top == levels - 1;

	/* The reference: the search the grader makes, with the same
	 * limits. */
	r.sol = malloc((size_t)r.ncells * sizeof(int));
	FUZZ_CHECK(r.sol, "out of memory");
	cdok_solve_params_init(&sp);
	sp.max_nodes = r.params.max_nodes;
	st = cdok_solve(p, &sp, r.sol, &res, NULL);
	FUZZ_CHECK(st == CDOK_OK, "cdok_solve failed on a valid puzzle");
	r.verdict = res.verdict;
	if (r.verdict != CDOK_VERDICT_UNIQUE) {
		free(r.sol);
		r.sol = NULL;
	}

	st = cdok_grade(p, &r.params, &gr, &err);
	FUZZ_CHECK(st == CDOK_OK, "%s rules: cdok_grade: %s", rules,
		   err.message);
	check_grading(&r, &gr);
	cdok_json_info_init(&info);
	info.command = "grade";
	info.grading = &gr;
	info.flags = CDOK_WRITER_COMPACT;
	check_document(&r, &info);

	half_values = calloc((size_t)r.ncells, sizeof(int));
	half_marks = calloc((size_t)r.ncells, sizeof(uint64_t));
	FUZZ_CHECK(half_values && half_marks, "out of memory");
	check_explanation(&r, &gr, half_values, half_marks);
	check_hints(&r, in, half_values, half_marks);
	free(half_values);
	free(half_marks);
	free(r.sol);
	free(zeros);
}

/* One puzzle read from the input, under every rule set when small
 * enough to grade. */
static void grade_puzzle(void *user, cdok_puzzle *p)
{
	if (cdok_puzzle_size(p) <= MAX_GRADE_SIZE)
		fuzz_rule_sets(p, grade_under, user);
	cdok_puzzle_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t text_len = nul ? (size_t)(nul - data) : size;
	struct input in = { NULL, 0, (int)(size % 64) };

	if (nul) {
		in.state = (const char *)nul + 1;
		in.state_len = size - text_len - 1;
	}
	fuzz_each_puzzle((const char *)data, text_len, MAX_PUZZLES,
			 grade_puzzle, &in);
	return 0;
}
