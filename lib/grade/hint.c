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

/* A hint and the reasons of its step. */
struct hint_box {
	cdok_hint pub;            /* first: the public pointer is this */
	struct step_reasons reasons;
};

void cdok_hint_free(cdok_hint *hint)
{
	if (!hint)
		return;
	cdki_step_free(&hint->step);
	cdki_reasons_free(&((struct hint_box *)hint)->reasons);
	free(hint);
}

const cdok_reason *cdok_hint_reasons(const cdok_hint *hint, int *count)
{
	const struct hint_box *b = (const struct hint_box *)hint;

	*count = b ? b->reasons.n : 0;
	return b ? b->reasons.r : NULL;
}

const char *cdok_hint_outcome_name(cdok_hint_outcome o)
{
	switch (o) {
	case CDOK_HINT_STEP:
		return "step";
	case CDOK_HINT_SOLVED:
		return "solved";
	case CDOK_HINT_STUCK:
		return "stuck";
	case CDOK_HINT_CONTRADICTION:
		return "contradiction";
	case CDOK_HINT_IMPOSSIBLE:
		return "impossible";
	case CDOK_HINT_AMBIGUOUS:
		return "ambiguous";
	}
	return "step";
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
		int box = cdki_box_of(p, pr->row * n + pr->column);

		for (int i = 0; box >= 0 && i < n; i++)
			if (pr->where & BIT(i))
				cells[k++] = cdki_box_cell(n, p->box_rows,
							   p->box_cols, box, i);
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

/* An outcome that is no step: its cells and sentence, with a where
 * and a what for the tiers (the sentence again). */
static bool outcome_step(cdok_hint *h, cdok_hint_outcome outcome,
			 const cdok_puzzle *p, const int *cells, int ncells,
			 const char *text)
{
	int *c = cdok_malloc((size_t)(ncells ? ncells : 1) * sizeof(int));
	size_t len = strlen(text);
	char *t = cdok_malloc(len + 1), where[160];
	int k = snprintf(where, sizeof(where), "Look at ");

	if (!c || !t) {
		free(c);
		free(t);
		return false;
	}
	if (ncells)
		memcpy(c, cells, (size_t)ncells * sizeof(int));
	memcpy(t, text, len + 1);
	h->outcome = outcome;
	h->step.technique = -1;
	h->step.level = -1;
	h->step.cells = c;
	h->step.ncells = ncells;
	h->step.text = t;
	/* "Look at r1c1 and r1c2." (the first cells, when many). */
	for (int i = 0; i < ncells && i < 8 && k < 120; i++)
		k += snprintf(where + k, sizeof(where) - (size_t)k, "%sr%dc%d",
			      i == 0 ? "" : i == ncells - 1 || i == 7 ?
			      " and " : ", ", cells[i] / p->size + 1,
			      cells[i] % p->size + 1);
	if (!ncells)
		snprintf(where, sizeof(where), "Look at the whole grid.");
	else
		snprintf(where + k, sizeof(where) - (size_t)k, ".");
	return cdki_step_export_tiers(where, text, cells, ncells, &h->step);
}

/* Values must be empty or fit the puzzle. */
static cdok_status check_values(const cdok_puzzle *p, const int *values,
				cdok_error *err)
{
	int n = p->size;

	for (int i = 0; i < n * n; i++)
		if (values[i] != CDOK_NONE && values[i] != 0 &&
		    !cdok_puzzle_value_ok(p, values[i]))
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "the value %d in r%dc%d is outside "
					 "1..%d", values[i], i / n + 1,
					 i % n + 1, n);
	return CDOK_OK;
}

/* The techniques a hint may use, easiest first: how many. */
static int hint_order(cdok_scale scale, const cdok_grade_params *params,
		      int *order)
{
	int top = cdok_level_count(scale) - 1;

	if (params && params->max_level >= 0 && params->max_level < top)
		top = params->max_level;
	return cdki_grade_order(scale, top, order);
}

/* Everything after the state is known to be consistent. */
static cdok_status next_step(const cdok_puzzle *p, const int *values,
			     const uint64_t *candidates,
			     const cdok_grade_params *params,
			     const int *solution, cdok_hint *h,
			     cdok_error *err)
{
	struct grader g;
	int order[TECH_COUNT], norder, r;
	cdok_status st = CDOK_OK;

	if (!cdki_grader_init(&g, p, values, candidates)) {
		cdki_grader_free(&g);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	g.record = true;
	g.solution = solution;
	norder = hint_order(cdok_puzzle_scale(p), params, order);
	r = cdki_grade_step(&g, order, norder);
	if (r > 0) {
		h->outcome = CDOK_HINT_STEP;
		if (!cdki_step_export(&g, &h->step) ||
		    !cdki_reasons_take(&g, &((struct hint_box *)h)->reasons))
			st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
	} else if (r == 0) {
		h->outcome = CDOK_HINT_STUCK;
	} else if (!outcome_step(h, CDOK_HINT_CONTRADICTION, p, NULL, 0,
				 "the values and candidates leave no way "
				 "to finish the puzzle")) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	cdki_grader_free(&g);
	return st;
}

/* The steps from a values-only state to its first placement, and the
 * placing hint made of those it rests on (cdok_hint_place). */
struct place_run {
	cdok_step *steps;
	struct step_reasons *rs;  /* cap entries, as steps */
	int nsteps, cap, placements;
	bool nomem;
};

/* Placements a placing hint chooses among. */
#define PLACE_CHOICES 40

static bool on_place_step(void *user, struct grader *g)
{
	struct place_run *r = user;

	if (r->nsteps == r->cap) {
		int cap = r->cap ? 2 * r->cap : 32;
		cdok_step *s = cdok_realloc(r->steps, (size_t)cap * sizeof(*s));
		struct step_reasons *rs;

		if (!s) {
			r->nomem = true;
			return false;
		}
		r->steps = s;
		rs = cdok_realloc(r->rs, (size_t)cap * sizeof(*rs));
		if (!rs) {
			r->nomem = true;
			return false;
		}
		r->rs = rs;
		r->cap = cap;
	}
	if (!cdki_step_export(g, &r->steps[r->nsteps])) {
		r->nomem = true;
		return false;
	}
	if (!cdki_reasons_take(g, &r->rs[r->nsteps])) {
		cdki_step_free(&r->steps[r->nsteps]);
		r->nomem = true;
		return false;
	}
	r->nsteps++;
	/* Stop after the first few values placed: the hint gives the one
	 * told most shortly. */
	r->placements += g->step.place_cell >= 0;
	return r->placements < PLACE_CHOICES;
}

/* The values the filled cells in cell's units keep from it, as "5 and
 * 9 are already in row 1, 6 in column 7" into sb (nothing when none). */
static void filled_reasons(const struct grader *g, int cell, int value,
			   struct strbuf *sb)
{
	static const char *const kinds[] = { "row", "column", "box" };
	uint64_t told = 0;
	int parts = 0;

	for (int k = 0; k < g->nkinds; k++) {
		int unit = cell_unit(g, cell, k);
		uint64_t v = g->placed[unit] & ~told &
			     ~((uint64_t)1 << value);
		int count = cdok_popcount(v), i = 0;

		if (!v)
			continue;
		sb_puts(sb, parts ? ", " : "");
		for (uint64_t a = v; a; a &= a - 1, i++)
			cdki_sb_printf(sb, "%s%d", i == 0 ? "" :
				       i == count - 1 ? " and " : ", ",
				       __builtin_ctzll(a));
		if (!parts)
			sb_puts(sb, count > 1 ? " are already in " :
				" is already in ");
		else
			sb_puts(sb, " in ");
		cdki_sb_printf(sb, "%s %d", kinds[k], unit % g->n + 1);
		told |= v;
		parts++;
	}
	if (parts)
		sb_puts(sb, ". ");
}

static cdok_status place_step(const cdok_puzzle *p, const int *values,
			      const cdok_grade_params *params,
			      const int *solution, cdok_hint *h,
			      cdok_error *err)
{
	struct place_run run = { NULL, NULL, 0, 0, 0, false };
	struct grader g, g0;
	struct strbuf sb, filled;
	int order[TECH_COUNT], norder, r, level = -1, hardest = 0, technique;
	int chosen = -1;
	cdok_status st = CDOK_OK;
	cdok_step *last;

	memset(&g0, 0, sizeof(g0));
	cdki_sb_init(&sb);
	cdki_sb_init(&filled);
	if (!cdki_grader_init(&g, p, values, NULL)) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	g.record = true;
	g.solution = solution;
	norder = hint_order(cdok_puzzle_scale(p), params, order);
	r = cdki_grade_run(&g, order, norder, on_place_step, &run);
	if (run.nomem) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	if (r == CDKI_CONTRADICTION) {
		if (!outcome_step(h, CDOK_HINT_CONTRADICTION, p, NULL, 0,
				  "the values leave no way to finish the "
				  "puzzle"))
			st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
		goto out;
	}
	if (!run.placements) {
		h->outcome = CDOK_HINT_STUCK;
		goto out;
	}
	/* Each placement found, told from the values; the shortest. */
	if (!cdki_grader_init(&g0, p, values, NULL)) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	for (int j = 0; j < run.nsteps; j++) {
		struct strbuf text;
		int hi;

		if (!run.steps[j].nplaced)
			continue;
		cdki_sb_free(&filled);
		cdki_sb_init(&filled);
		cdki_sb_init(&text);
		if (run.steps[j].technique == TECH_NAKED_SINGLE)
			filled_reasons(&g0, run.steps[j].placed[0].cell,
				       run.steps[j].placed[0].value, &filled);
		if (!cdki_place_text(p, values, run.steps, run.rs, j + 1,
				     filled.data ? filled.data : "", &text,
				     &hi) || filled.failed) {
			cdki_sb_free(&text);
			st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
			goto out;
		}
		if (chosen < 0 || text.len < sb.len) {
			cdki_sb_free(&sb);
			sb = text;
			chosen = j;
			hardest = hi;
		} else {
			cdki_sb_free(&text);
		}
	}
	last = &run.steps[chosen];
	/* Labelled by the hardest technique it uses. */
	technique = run.steps[hardest].technique;
	level = run.steps[hardest].level;
	/* Its reasons: the placement's (nothing is pencilled in). */
	{
		struct step_reasons *rs = &((struct hint_box *)h)->reasons;
		int k = 0;

		if (!cdki_reasons_append(rs, &run.rs[chosen])) {
			st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
			goto out;
		}
		for (int i = 0; i < rs->n; i++)
			if (rs->r[i].placed)
				rs->r[k++] = rs->r[i];
		rs->n = k;
	}
	h->outcome = CDOK_HINT_STEP;
	h->step = *last;
	h->step.technique = technique;
	h->step.level = level;
	free((void *)h->step.text);
	h->step.text = sb.data;
	sb.data = NULL;
	free((void *)h->step.removed);
	h->step.removed = NULL;
	h->step.nremoved = 0;
	memset(last, 0, sizeof(*last));
out:
	for (int i = 0; i < run.nsteps; i++) {
		cdki_step_free(&run.steps[i]);
		cdki_reasons_free(&run.rs[i]);
	}
	free(run.steps);
	free(run.rs);
	cdki_sb_free(&sb);
	cdki_sb_free(&filled);
	cdki_grader_free(&g);
	cdki_grader_free(&g0);
	return st;
}

/* What both hint calls do before they look for a step: check the
 * puzzle and the state.  Returns CDOK_OK with *done set when the
 * outcome is known already (no step to look for), else with state
 * holding the values (givens filled in) and, when the puzzle has one
 * solution, sol holding it (*unique). */
static cdok_status hint_prepare(const cdok_puzzle *p, const int *values,
				const uint64_t *candidates,
				const cdok_grade_params *params, cdok_hint *h,
				int *state, int *sol, int *unique, bool *done,
				cdok_error *err)
{
	int n = p->size, ncells = n * n, count = 0, ncell;
	int *cells = NULL;
	cdok_problem *problems = NULL;
	cdok_verdict verdict = CDOK_VERDICT_UNKNOWN;
	cdok_status st;

	*done = true;
	/* An empty given cell holds its given; a changed one is a
	 * problem the check below reports. */
	for (int i = 0; i < ncells; i++) {
		state[i] = values[i] > 0 ? values[i] : 0;
		if (!state[i] && cdok_has_given(p, i))
			state[i] = p->given[i];
		h->empty += !state[i];
	}
	/* The one judgement of mistakes (mistakes.c), pencil marks and
	 * all, as `cdok check` and the page make it. */
	st = cdki_grade_mistakes(p, state, candidates, params, &problems,
				 &count, unique, &verdict, sol, err);
	if (st != CDOK_OK)
		return st;
	cells = cdok_malloc((size_t)ncells * sizeof(int));
	if (!cells) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	/* The puzzle first: no state of one without a single solution
	 * has a next step. */
	if (verdict == CDOK_VERDICT_NONE || verdict == CDOK_VERDICT_MULTIPLE) {
		bool none = verdict == CDOK_VERDICT_NONE;

		if (!outcome_step(h, none ? CDOK_HINT_IMPOSSIBLE :
				  CDOK_HINT_AMBIGUOUS, p, NULL, 0, none ?
				  "the puzzle has no solution" :
				  "the puzzle has more than one solution, "
				  "so no reasoning can finish it"))
			st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
		goto out;
	}
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
		if (!outcome_step(h, CDOK_HINT_CONTRADICTION, p, cells, ncell,
				  text))
			st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
				       "out of memory");
		goto out;
	}
	if (!h->empty) {
		h->outcome = CDOK_HINT_SOLVED;
		goto out;
	}
	*done = false;
out:
	free(problems);
	free(cells);
	return st;
}

/* Both hint calls: check the arguments and the state, then look for
 * the step (place: a value, from the values only). */
static cdok_status hint(const char *fn, const cdok_puzzle *p,
			const int *values, const uint64_t *candidates,
			const cdok_grade_params *params, bool place,
			cdok_hint **out, cdok_error *err)
{
	int ncells, unique = 0, *state = NULL, *sol = NULL;
	bool done = true;
	cdok_hint *h;
	cdok_status st;

	if (!out)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "%s needs somewhere to put it", fn);
	*out = NULL;
	if (!p || !values)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "%s needs a puzzle and values", fn);
	st = cdok_puzzle_validate(p, err);
	if (st != CDOK_OK)
		return st;
	if (cdok_puzzle_scale(p) == CDOK_SCALE_NONE)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "Nylimb puzzles are not graded by technique, "
				 "so there are no hints for them");
	st = check_values(p, values, err);
	if (st != CDOK_OK)
		return st;
	ncells = p->size * p->size;
	h = cdok_calloc(1, sizeof(struct hint_box));
	state = cdok_malloc((size_t)ncells * sizeof(int));
	sol = cdok_malloc((size_t)ncells * sizeof(int));
	if (!h || !state || !sol) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	st = hint_prepare(p, values, place ? NULL : candidates, params, h,
			  state, sol, &unique, &done, err);
	if (st != CDOK_OK || done)
		goto out;
	if (place)
		st = place_step(p, state, params, unique ? sol : NULL, h,
				err);
	else
		st = next_step(p, state, candidates, params,
			       unique ? sol : NULL, h, err);
out:
	free(state);
	free(sol);
	if (st != CDOK_OK) {
		cdok_hint_free(h);
		return st;
	}
	*out = h;
	return CDOK_OK;
}

cdok_status cdok_hint_next(const cdok_puzzle *p, const int *values,
			   const uint64_t *candidates,
			   const cdok_grade_params *params, cdok_hint **out,
			   cdok_error *err)
{
	return hint("cdok_hint_next", p, values, candidates, params, false,
		    out, err);
}

cdok_status cdok_hint_place(const cdok_puzzle *p, const int *values,
			    const cdok_grade_params *params, cdok_hint **out,
			    cdok_error *err)
{
	return hint("cdok_hint_place", p, values, NULL, params, true, out,
		    err);
}

/* What the filled cells that see cell leave it. */
static uint64_t auto_candidates(const cdok_puzzle *p, const int *values,
				int cell)
{
	int n = p->size;
	uint64_t full = n == 63 ? ~(uint64_t)1 : ((BIT(n) - 1) << 1);
	uint64_t d = full;

	for (int i = 0; i < n * n; i++) {
		int v = values[i];

		if (v <= 0 || v > n || i == cell)
			continue;
		if (cdki_puzzle_cells_see(p, cell, i))
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
