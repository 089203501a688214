/* hint.c -- the next step from a state of play (cdok_hint_next), and
 * applying a step to a state (cdok_step_apply).
 *
 * Before looking for a step the state is checked: a filled value that
 * breaks a rule or differs from the puzzle's only solution, or pencil
 * marks that leave out the solution's value, mean the state cannot be
 * finished, and the hint says where instead.
 */
#include <stdio.h>
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

void cdok_hint_free(cdok_hint *hint)
{
	if (!hint)
		return;
	step_free(&hint->step);
	free(hint);
}

/* The cells a problem is about, into cells; returns how many. */
static int problem_cells(const cdok_puzzle *p, const cdok_problem *pr,
			 int *cells)
{
	int n = p->size, k = 0;

	switch (pr->kind) {
	case CDOK_PROBLEM_ROW:
	case CDOK_PROBLEM_COLUMN:
		for (int i = 0; i < n; i++)
			if (pr->where & BIT(i))
				cells[k++] = pr->kind == CDOK_PROBLEM_ROW ?
					     pr->row * n + i : i * n + pr->column;
		return k;
	case CDOK_PROBLEM_BOX: {
		int bc = p->box_cols ? p->box_cols : 1;

		for (int i = 0; i < n; i++)
			if (pr->where & BIT(i))
				cells[k++] = (pr->row + i / bc) * n +
					     pr->column + i % bc;
		return k;
	}
	case CDOK_PROBLEM_CAGE:
	case CDOK_PROBLEM_CAGE_REPEAT: {
		const struct cdok_cage *c = &p->cages[pr->cage];

		for (int i = 0; i < c->ncells; i++)
			if (pr->kind == CDOK_PROBLEM_CAGE ||
			    (i < 64 && (pr->where & BIT(i))))
				cells[k++] = c->cells[i];
		return k;
	}
	default:
		break;
	}
	if (pr->row >= 0 && pr->column >= 0)
		cells[k++] = pr->row * n + pr->column;
	return k;
}

/* A contradiction with its cells and sentence. */
static bool contradiction(cdok_hint *h, const int *cells, int ncells,
			  const char *text)
{
	int *c = cdok_malloc((size_t)(ncells ? ncells : 1) * sizeof(int));
	size_t len = strlen(text);
	char *t = cdok_malloc(len + 1);

	if (!c || !t) {
		free(c);
		free(t);
		return false;
	}
	if (ncells)
		memcpy(c, cells, (size_t)ncells * sizeof(int));
	memcpy(t, text, len + 1);
	h->outcome = CDOK_HINT_CONTRADICTION;
	h->step.technique = -1;
	h->step.level = -1;
	h->step.cells = c;
	h->step.ncells = ncells;
	h->step.text = t;
	return true;
}

/* Values must be empty or fit the puzzle. */
static cdok_status check_values(const cdok_puzzle *p, const int *values,
				cdok_error *err)
{
	int n = p->size;

	for (int i = 0; i < n * n; i++)
		if (values[i] != CDOK_NONE && values[i] != 0 &&
		    !cdok_puzzle_value_ok(p, values[i]))
			return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "the value %d at row %d, column %d "
					 "is outside 1..%d", values[i],
					 i / n + 1, i % n + 1, n);
	return CDOK_OK;
}

/* Everything after the state is known to be consistent. */
static cdok_status next_step(const cdok_puzzle *p, const int *values,
			     const uint64_t *candidates,
			     const cdok_grade_params *params,
			     const int *solution, cdok_hint *h,
			     cdok_error *err)
{
	struct grader g;
	int order[TECH_COUNT], norder, top, r;
	cdok_status st = CDOK_OK;
	cdok_scale scale = cdok_puzzle_scale(p);

	if (!grader_init(&g, p, values, candidates)) {
		grader_free(&g);
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	g.record = true;
	g.solution = solution;
	top = cdok_level_count(scale) - 1;
	if (params && params->max_level >= 0 && params->max_level < top)
		top = params->max_level;
	norder = grade_order(scale, top, order);
	r = grade_step(&g, order, norder);
	if (r > 0) {
		h->outcome = CDOK_HINT_STEP;
		if (!step_export(&g, &h->step))
			st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
	} else if (r == 0) {
		h->outcome = CDOK_HINT_STUCK;
	} else if (!contradiction(h, NULL, 0, "the values and candidates "
				  "leave no way to finish the puzzle")) {
		st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	grader_free(&g);
	return st;
}

cdok_status cdok_hint_next(const cdok_puzzle *p, const int *values,
			   const uint64_t *candidates,
			   const cdok_grade_params *params, cdok_hint **out,
			   cdok_error *err)
{
	int n, ncells, count = 0, unique = 0, *state = NULL, *sol = NULL;
	int *cells = NULL, ncell;
	cdok_problem *problems = NULL;
	cdok_hint *h;
	cdok_status st;

	if (!out)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_hint_next needs somewhere to put it");
	*out = NULL;
	if (!p || !values)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_hint_next needs a puzzle and values");
	st = cdok_puzzle_validate(p, err);
	if (st != CDOK_OK)
		return st;
	if (cdok_puzzle_scale(p) == CDOK_SCALE_NONE)
		return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "Nylimb puzzles are not graded by technique, "
				 "so there are no hints for them");
	st = check_values(p, values, err);
	if (st != CDOK_OK)
		return st;
	n = p->size;
	ncells = n * n;
	h = cdok_calloc(1, sizeof(*h));
	state = cdok_malloc((size_t)ncells * sizeof(int));
	sol = cdok_malloc((size_t)ncells * sizeof(int));
	cells = cdok_malloc((size_t)ncells * sizeof(int));
	if (!h || !state || !sol || !cells) {
		st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	/* An empty given cell holds its given; a changed one is a
	 * problem the check below reports. */
	for (int i = 0; i < ncells; i++) {
		state[i] = values[i] > 0 ? values[i] : 0;
		if (!state[i] && cdok_has_given(p, i))
			state[i] = p->given[i];
		h->empty += !state[i];
	}
	st = grade_mistakes(p, state, params, &problems, &count, &unique, sol,
			    err);
	if (st != CDOK_OK)
		goto out;
	if (count) {
		char text[512];
		size_t len;

		ncell = problem_cells(p, &problems[0], cells);
		len = cdok_problem_describe(&problems[0], p, text,
					    sizeof(text));
		if (count > 1 && len < sizeof(text))
			snprintf(text + len, sizeof(text) - len,
				 " (and %d more problem%s)", count - 1,
				 count > 2 ? "s" : "");
		if (!contradiction(h, cells, ncell, text))
			st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
		goto out;
	}
	for (int i = 0; unique && candidates && i < ncells; i++) {
		char text[160];

		if (state[i] || !(candidates[i] & ~(uint64_t)1) ||
		    (candidates[i] & BIT(sol[i])))
			continue;
		snprintf(text, sizeof(text), "the pencil marks of r%dc%d "
			 "leave out the value the solution has there",
			 i / n + 1, i % n + 1);
		if (!contradiction(h, &i, 1, text))
			st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
		goto out;
	}
	if (!h->empty) {
		h->outcome = CDOK_HINT_SOLVED;
		goto out;
	}
	st = next_step(p, state, candidates, params, unique ? sol : NULL, h,
		       err);
out:
	free(problems);
	free(state);
	free(sol);
	free(cells);
	if (st != CDOK_OK) {
		cdok_hint_free(h);
		return st;
	}
	*out = h;
	return CDOK_OK;
}

/* What the filled cells that see cell leave it. */
static uint64_t auto_candidates(const cdok_puzzle *p, const int *values,
				int cell)
{
	int n = p->size, r = cell / n, c = cell % n, cage = p->cage_of[cell];
	uint64_t full = n == 63 ? ~(uint64_t)1 : ((BIT(n) - 1) << 1);
	uint64_t d = full;

	for (int i = 0; i < n * n; i++) {
		int ri = i / n, ci = i % n, v = values[i];
		bool sees = ri == r || ci == c;

		if (v <= 0 || v > n || i == cell)
			continue;
		if (p->box_rows && ri / p->box_rows == r / p->box_rows &&
		    ci / p->box_cols == c / p->box_cols)
			sees = true;
		if (cage >= 0 && p->cage_of[i] == cage &&
		    p->cages[cage].distinct)
			sees = true;
		if (sees)
			d &= ~BIT(v);
	}
	return d;
}

void cdok_step_apply(const cdok_puzzle *p, const cdok_step *step,
		     int *values, uint64_t *candidates)
{
	int ncells;

	if (!p || !step || !values)
		return;
	ncells = p->size * p->size;
	for (int i = 0; i < step->nplaced; i++) {
		int cell = step->placed[i].cell;

		if (cell < 0 || cell >= ncells)
			continue;
		values[cell] = step->placed[i].value;
		if (candidates)
			candidates[cell] = 0;
	}
	for (int i = 0; i < step->nremoved && candidates; i++) {
		int cell = step->removed[i].cell, v = step->removed[i].value;

		if (cell < 0 || cell >= ncells || v < 1 || v > 63 ||
		    cdok_is_value(p, values[cell]))
			continue;
		if (!candidates[cell]) {
			uint64_t a = auto_candidates(p, values, cell);

			/* The filled cells already rule it out. */
			if (!(a & BIT(v)))
				continue;
			candidates[cell] = a;
		}
		candidates[cell] &= ~BIT(v);
	}
}
