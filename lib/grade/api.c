/* api.c -- the public face of the grader (include/cdok.h, "Levels"):
 * scales and names, grading, explanations, hints and applying a step.
 */
#include <ctype.h>
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

/* ---- scales, levels and techniques ---- */

static const struct {
	const char *name;
	char code;
} keen_levels[] = {
#define LEVEL_ROW(id, name, code) { name, code },
	GRADE_LEVELS_CALCUDOKU(LEVEL_ROW)
}, solo_levels[] = {
	GRADE_LEVELS_KILLER(LEVEL_ROW)
#undef LEVEL_ROW
};

cdok_scale cdok_puzzle_scale(const cdok_puzzle *p)
{
	if (!p || cdok_is_nylimb(p))
		return CDOK_SCALE_NONE;
	return p->box_rows ? CDOK_SCALE_KILLER : CDOK_SCALE_CALCUDOKU;
}

int cdok_level_count(cdok_scale scale)
{
	return scale == CDOK_SCALE_CALCUDOKU ? KEEN_NLEVELS :
	       scale == CDOK_SCALE_KILLER ? SOLO_NLEVELS : 0;
}

const char *cdok_level_name(cdok_scale scale, int level)
{
	if (level < 0 || level >= cdok_level_count(scale))
		return NULL;
	return scale == CDOK_SCALE_CALCUDOKU ? keen_levels[level].name
					     : solo_levels[level].name;
}

char cdok_level_code(cdok_scale scale, int level)
{
	if (level < 0 || level >= cdok_level_count(scale))
		return 0;
	return scale == CDOK_SCALE_CALCUDOKU ? keen_levels[level].code
					     : solo_levels[level].code;
}

int cdok_level_find(cdok_scale scale, const char *word)
{
	if (!word)
		return -1;
	for (int i = 0; i < cdok_level_count(scale); i++) {
		const char *name = cdok_level_name(scale, i);
		size_t k = 0;

		if (word[0] && !word[1] &&
		    tolower((unsigned char)word[0]) == cdok_level_code(scale, i))
			return i;
		while (name[k] && word[k] &&
		       tolower((unsigned char)name[k]) ==
		       tolower((unsigned char)word[k]))
			k++;
		if (!name[k] && !word[k])
			return i;
	}
	return -1;
}

int cdok_technique_count(void)
{
	return TECH_COUNT;
}

const char *cdok_technique_name(int t)
{
	return t >= 0 && t < TECH_COUNT ? cdki_grade_techs[t].name : NULL;
}

const char *cdok_technique_title(int t)
{
	return t >= 0 && t < TECH_COUNT ? cdki_grade_techs[t].title : NULL;
}

int cdok_technique_level(int t, cdok_scale scale)
{
	if (t < 0 || t >= TECH_COUNT || !cdok_level_count(scale))
		return -1;
	return cdki_grade_techs[t].level[scale];
}

void cdok_grade_params_init(cdok_grade_params *params)
{
	memset(params, 0, sizeof(*params));
	params->max_level = -1;
}

/* ---- recording steps ---- */

/* An explanation and the memory behind it. */
struct explanation {
	cdok_explanation pub;     /* first: the public pointer is this */
	cdok_step *steps;
	struct step_reasons *reasons; /* cap entries, as steps */
	int cap;
	bool nomem;
};

const cdok_reason *cdok_explanation_reasons(const cdok_explanation *pub,
					    int i, int *count)
{
	const struct explanation *ex = (const struct explanation *)pub;

	*count = 0;
	if (!ex || i < 0 || i >= ex->pub.nsteps || !ex->reasons)
		return NULL;
	*count = ex->reasons[i].n;
	return ex->reasons[i].r;
}

void cdki_step_free(cdok_step *s)
{
	free((void *)s->cells);
	free((void *)s->placed);
	free((void *)s->removed);
	free((void *)s->text);
	free((void *)s->where);
	free((void *)s->what);
	free((void *)s->focus);
	memset(s, 0, sizeof(*s));
}

static int cmp_candidate(const void *a, const void *b)
{
	const cdok_candidate *x = a, *y = b;

	if (x->cell != y->cell)
		return x->cell < y->cell ? -1 : 1;
	return (x->value > y->value) - (x->value < y->value);
}

/* A copy of a string, NULL for NULL. */
static char *copy_text(const char *t)
{
	size_t len;
	char *c;

	if (!t)
		t = "";
	len = strlen(t);
	c = cdok_malloc(len + 1);
	if (c)
		memcpy(c, t, len + 1);
	return c;
}

bool cdki_step_export_tiers(const char *where, const char *what,
			    const int *focus, int nfocus, cdok_step *out)
{
	int *f = cdok_malloc((size_t)(nfocus > 0 ? nfocus : 1) * sizeof(int));

	out->where = copy_text(where);
	out->what = copy_text(what);
	out->focus = f;
	out->nfocus = 0;
	if (!f || !out->where || !out->what)
		return false;
	if (nfocus > 0)
		memcpy(f, focus, (size_t)nfocus * sizeof(int));
	out->nfocus = nfocus > 0 ? nfocus : 0;
	return true;
}

/* The grader's current step as public data (g->step already applied,
 * so its removals include those of a placed value). */
bool cdki_step_export(const struct grader *g, cdok_step *out)
{
	const struct gstep *s = &g->step;
	cdok_candidate *placed = NULL, *removed = NULL;
	int *cells, nremoved = 0, k = 0;
	struct strbuf sb;

	memset(out, 0, sizeof(*out));
	for (int i = 0; i < s->nrm; i++)
		nremoved += cdok_popcount(s->rm[s->rm_cells[i]]);
	cells = cdok_malloc((size_t)(s->ncells ? s->ncells : 1) * sizeof(int));
	if (s->place_cell >= 0)
		placed = cdok_malloc(sizeof(*placed));
	if (nremoved)
		removed = cdok_malloc((size_t)nremoved * sizeof(*removed));
	cdki_sb_init(&sb);
	sb_puts(&sb, g->text.data ? g->text.data : "");
	if (g->text.failed)
		sb.failed = true;
	if (!cells || (s->place_cell >= 0 && !placed) ||
	    (nremoved && !removed) || sb.failed) {
		free(cells);
		free(placed);
		free(removed);
		cdki_sb_free(&sb);
		return false;
	}
	memcpy(cells, s->cells, (size_t)s->ncells * sizeof(int));
	if (placed) {
		placed->cell = s->place_cell;
		placed->value = s->place_value;
	}
	for (int i = 0; i < s->nrm; i++)
		for (uint64_t a = s->rm[s->rm_cells[i]]; a; a &= a - 1) {
			removed[k].cell = s->rm_cells[i];
			removed[k++].value = __builtin_ctzll(a);
		}
	if (nremoved)
		qsort(removed, (size_t)nremoved, sizeof(*removed),
		      cmp_candidate);
	out->technique = s->tech;
	out->level = cdki_grade_techs[s->tech].level[g->scale];
	out->cells = cells;
	out->ncells = s->ncells;
	out->placed = placed;
	out->nplaced = placed ? 1 : 0;
	out->removed = removed;
	out->nremoved = nremoved;
	out->text = sb.data;
	out->merged = 1;
	if (!cdki_step_export_tiers(g->where.data, g->what.data, g->focus,
				    g->nfocus, out) || g->where.failed ||
	    g->what.failed) {
		cdki_step_free(out);
		return false;
	}
	return true;
}

/* ---- grading ---- */

struct run {
	cdok_grading *gr;
	int level;              /* hardest level used so far */
	long score;
	struct explanation *ex; /* NULL: only count */
};

static bool on_step(void *user, struct grader *g)
{
	struct run *r = user;
	int t = g->step.tech, lv = cdki_grade_techs[t].level[g->scale];
	struct explanation *ex = r->ex;

	r->gr->counts[t]++;
	r->gr->steps++;
	r->score += cdki_grade_techs[t].weight;
	if (lv > r->level)
		r->level = lv;
	if (!ex)
		return true;
	if (ex->pub.nsteps == ex->cap) {
		int cap = ex->cap ? 2 * ex->cap : 64;
		cdok_step *s = cdok_realloc(ex->steps,
					    (size_t)cap * sizeof(*s));
		struct step_reasons *rs;

		if (!s)
			goto nomem;
		ex->steps = s;
		rs = cdok_realloc(ex->reasons, (size_t)cap * sizeof(*rs));
		if (!rs)
			goto nomem;
		ex->reasons = rs;
		ex->cap = cap;
	}
	if (!cdki_step_export(g, &ex->steps[ex->pub.nsteps]))
		goto nomem;
	if (!cdki_reasons_take(g, &ex->reasons[ex->pub.nsteps])) {
		cdki_step_free(&ex->steps[ex->pub.nsteps]);
		goto nomem;
	}
	ex->pub.nsteps++;
	ex->pub.steps = ex->steps;
	return true;
nomem:
	ex->nomem = true;
	return false;
}

/* The top level a run may use: params.max_level within the scale. */
static int top_level(cdok_scale scale, const cdok_grade_params *params)
{
	int top = cdok_level_count(scale) - 1;

	if (params && params->max_level >= 0 && params->max_level < top)
		return params->max_level;
	return top;
}

static void finish_level(cdok_grading *gr, const struct run *r)
{
	gr->outcome = CDOK_GRADE_LEVEL;
	gr->level = r->level < 0 ? 0 : r->level;
	gr->score = r->score < CDOK_SCORE_SPAN ? (int)r->score
					       : CDOK_SCORE_SPAN - 1;
	gr->difficulty = (uint64_t)CDOK_SCORE_SPAN * (uint64_t)(gr->level + 1) +
			 (uint64_t)gr->score;
}

/* Whether the puzzle has exactly one solution, decided by the solver
 * before any reasoning: reasoning on a puzzle with several solutions
 * stalls only after it has tried every technique on every cage, which
 * takes minutes at 60 x 60 with large cages, while the solver tells
 * "several" in a fraction of a second.  Returns CDOK_OK with
 * gr->outcome set when there is no single solution, with *solution
 * (cdok_malloc'd, the caller frees it) when there is one, and with
 * neither when the search gave up at max_nodes (reasoning may still
 * finish it). */
static cdok_status decide_unique(const cdok_puzzle *p,
				 const cdok_grade_params *params,
				 cdok_grading *gr, int **solution,
				 cdok_error *err)
{
	int n = cdok_puzzle_size(p);
	int *sol = cdok_malloc((size_t)n * (size_t)n * sizeof(int));
	cdok_solve_params sp;
	cdok_result sr;
	cdok_status st;

	*solution = NULL;
	if (!sol)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	cdok_solve_params_init(&sp);
	sp.max_nodes = params ? params->max_nodes : 0;
	st = cdok_solve(p, &sp, sol, &sr, err);
	if (st != CDOK_OK || sr.verdict != CDOK_VERDICT_UNIQUE) {
		free(sol);
		if (st == CDOK_OK && (sr.verdict == CDOK_VERDICT_NONE ||
				      sr.verdict == CDOK_VERDICT_MULTIPLE))
			gr->outcome = sr.verdict == CDOK_VERDICT_NONE ?
				      CDOK_GRADE_IMPOSSIBLE :
				      CDOK_GRADE_AMBIGUOUS;
		return st;
	}
	*solution = sol;
	return CDOK_OK;
}

/* Every step of an explanation's full list stands for itself; those of
 * the level's own techniques set it (level: 0 when nothing does), but
 * for a sum of lines, which goes beyond Keen's techniques. */
static void mark_level(struct explanation *ex, int level)
{
	for (int i = 0; ex && i < ex->pub.nsteps; i++) {
		ex->steps[i].merged = 1;
		ex->steps[i].sets_level = level > 0 &&
					  ex->steps[i].level == level &&
					  ex->steps[i].technique !=
					  TECH_LINE_SUM;
	}
}

static cdok_status grade_puzzle(const cdok_puzzle *p,
				const cdok_grade_params *params,
				cdok_grading *gr, struct explanation *ex,
				bool solve_first, cdok_error *err);

/* The grading cdok_grade gives p, whose solution is known: for an
 * explanation that used a sum of lines. */
static cdok_status keen_grading(const cdok_puzzle *p,
				const cdok_grade_params *params,
				const int *solution, cdok_grading *gr,
				cdok_error *err)
{
	cdok_grade_params kp;

	if (params)
		kp = *params;
	else
		cdok_grade_params_init(&kp);
	kp.solution = solution;
	return grade_puzzle(p, &kp, gr, NULL, false, err);
}

/* Grade (and, with ex, explain) from the givens.  solve_first: decide
 * uniqueness with the solver before reasoning (decide_unique) unless
 * params holds the solution; the generator, which asks only about
 * puzzles it has proven unique or whose grade is its proof, does not. */
static cdok_status grade_puzzle(const cdok_puzzle *p,
				const cdok_grade_params *params,
				cdok_grading *gr, struct explanation *ex,
				bool solve_first, cdok_error *err)
{
	struct grader g;
	struct run r = { gr, -1, 0, ex };
	int order[TECH_COUNT], norder, top, guess_level, res;
	cdok_status st;
	int *solution = NULL;
	const int *known = NULL;

	memset(gr, 0, sizeof(*gr));
	st = cdok_puzzle_validate(p, err);
	if (st != CDOK_OK)
		return st;
	gr->scale = cdok_puzzle_scale(p);
	if (gr->scale == CDOK_SCALE_NONE) {
		gr->outcome = CDOK_GRADE_UNGRADED;
		return CDOK_OK;
	}
	if (params && params->solution &&
	    cdok_puzzle_is_solution(p, params->solution)) {
		known = params->solution;
	} else if (solve_first) {
		st = decide_unique(p, params, gr, &solution, err);
		if (st != CDOK_OK || gr->outcome != CDOK_GRADE_LEVEL)
			return st;
		known = solution;
	}
	top = top_level(gr->scale, params);
	guess_level = cdok_level_count(gr->scale) - 1;
	if (!cdki_grader_init(&g, p, NULL, NULL)) {
		cdki_grader_free(&g);
		free(solution);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	g.record = ex != NULL;
	/* Reasoning first; the guess needs the solution. */
	norder = cdki_grade_order(gr->scale, top < guess_level ? top
							  : guess_level - 1,
				  order);
	res = cdki_grade_run(&g, order, norder, on_step, &r);
	if (res == 0 && top == guess_level && known) {
		g.solution = known;
		norder = cdki_grade_order(gr->scale, top, order);
		res = cdki_grade_run(&g, order, norder, on_step, &r);
	} else if (res == 0 && top == guess_level && solve_first) {
		/* The solver gave up before reasoning began. */
		gr->outcome = CDOK_GRADE_GAVE_UP;
		res = 3;
	} else if (res == 0 && top == guess_level) {
		cdok_solve_params sp;
		cdok_result sr;

		solution = cdok_malloc((size_t)g.ncells * sizeof(int));
		if (!solution) {
			res = CDKI_NOMEM;
			goto done;
		}
		cdok_solve_params_init(&sp);
		sp.max_nodes = params ? params->max_nodes : 0;
		st = cdok_solve(p, &sp, solution, &sr, err);
		if (st != CDOK_OK)
			goto done;
		if (sr.verdict == CDOK_VERDICT_UNIQUE) {
			g.solution = solution;
			norder = cdki_grade_order(gr->scale, top, order);
			res = cdki_grade_run(&g, order, norder, on_step, &r);
		} else {
			gr->outcome = sr.verdict == CDOK_VERDICT_NONE ?
				      CDOK_GRADE_IMPOSSIBLE :
				      sr.verdict == CDOK_VERDICT_MULTIPLE ?
				      CDOK_GRADE_AMBIGUOUS : CDOK_GRADE_GAVE_UP;
			res = 3;
		}
	}
	mark_level(ex, res == 1 ? r.level : 0);
	switch (res) {
	case 1:
		/* Every step is sound, so when the puzzle has a solution a
		 * full grid is it, the only one.  Techniques need not look
		 * at a cage whose cells singles fill, so a grid that breaks
		 * a rule proves there is no solution at all. */
		if (!cdok_puzzle_is_solution(p, g.val)) {
			memset(gr->counts, 0, sizeof(gr->counts));
			gr->steps = 0;
			gr->outcome = CDOK_GRADE_IMPOSSIBLE;
			break;
		}
		finish_level(gr, &r);
		if (ex)
			ex->pub.solved = 1;
		break;
	case 0:
		/* Stuck below the top level: the level is above it. */
		finish_level(gr, &r);
		gr->outcome = CDOK_GRADE_ABOVE;
		gr->level = top + 1;
		gr->difficulty = 0;
		break;
	case CDKI_CONTRADICTION:
		memset(gr->counts, 0, sizeof(gr->counts));
		gr->steps = 0;
		gr->outcome = CDOK_GRADE_IMPOSSIBLE;
		break;
	default:
		break;
	}
	/* A sum of lines went beyond Keen's techniques: the grading is
	 * Keen's, made without it, as cdok_grade makes it. */
	if (ex && res == 1 && gr->counts[TECH_LINE_SUM] && g.solution &&
	    st == CDOK_OK)
		st = keen_grading(p, params, g.solution, gr, err);
done:
	gr->cage_budget_hit |= g.budget_hit;
	if (res == CDKI_NOMEM || (ex && ex->nomem))
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	free(solution);
	cdki_grader_free(&g);
	return st;
}

int cdki_grade_open_cells(const cdok_puzzle *p, int max_level, int *open)
{
	struct grader g;
	int order[TECH_COUNT], norder, res, n = 0;
	cdok_scale scale = cdok_puzzle_scale(p);
	int top = cdok_level_count(scale) - 2;

	/* (The generator makes no puzzle of a level under Nylimb rules.) */
	CDOK_ASSERT(scale != CDOK_SCALE_NONE);
	if (scale == CDOK_SCALE_NONE)
		return CDKI_NOMEM;
	if (!cdki_grader_init(&g, p, NULL, NULL)) {
		cdki_grader_free(&g);
		return CDKI_NOMEM;
	}
	/* No guessing: that needs the solution. */
	norder = cdki_grade_order(scale, max_level < top ? max_level : top,
				  order);
	res = cdki_grade_run(&g, order, norder, NULL, NULL);
	for (int i = 0; res >= 0 && i < g.ncells; i++)
		if (!g.val[i])
			open[n++] = i;
	cdki_grader_free(&g);
	return res == CDKI_CONTRADICTION ? CDKI_CONTRADICTION : n;
}

cdok_status cdok_grade(const cdok_puzzle *puzzle,
		       const cdok_grade_params *params,
		       cdok_grading *grading, cdok_error *err)
{
	if (!puzzle || !grading)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_grade needs a puzzle and a result");
	return grade_puzzle(puzzle, params, grading, NULL, true, err);
}

cdok_status cdki_grade_reasoning_first(const cdok_puzzle *puzzle,
				       const cdok_grade_params *params,
				       cdok_grading *grading, cdok_error *err)
{
	return grade_puzzle(puzzle, params, grading, NULL, false, err);
}

uint64_t cdok_grade_score(void *user, const cdok_puzzle *puzzle,
			  const cdok_result *result)
{
	const cdok_grade_params *params = user;
	uint64_t fallback = result ? result->search_score : 0;
	cdok_grading g;

	/* The generator asks only about puzzles it has proven unique: no
	 * second proof. */
	if (cdki_grade_reasoning_first(puzzle, params, &g, NULL) != CDOK_OK)
		return fallback;
	switch (g.outcome) {
	case CDOK_GRADE_LEVEL:
		return g.difficulty;
	case CDOK_GRADE_ABOVE:
		/* Beyond the levels looked at: at least the next one. */
		return (uint64_t)CDOK_SCORE_SPAN * (uint64_t)(g.level + 1);
	default:
		/* The generator asks only about unique puzzles, so this is
		 * a puzzle not graded (Nylimb). */
		return fallback;
	}
}

void cdok_explanation_free(cdok_explanation *pub)
{
	struct explanation *ex = (struct explanation *)pub;

	if (!ex)
		return;
	for (int i = 0; i < ex->pub.nsteps; i++) {
		cdki_step_free(&ex->steps[i]);
		if (ex->reasons)
			cdki_reasons_free(&ex->reasons[i]);
	}
	free(ex->steps);
	free(ex->reasons);
	free(ex);
}

cdok_status cdok_explain_brief(const cdok_puzzle *puzzle,
			       const cdok_explanation *full,
			       cdok_explanation **out, cdok_error *err)
{
	struct explanation *ex;
	cdok_status st;
	cdok_step *steps;
	struct step_reasons *rs;
	int nsteps;

	if (!out)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_explain_brief needs somewhere to put "
				 "it");
	*out = NULL;
	if (!puzzle || !full)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_explain_brief needs a puzzle and its "
				 "explanation");
	/* A full explanation is one of ours, with its reasons. */
	st = cdki_grade_brief(puzzle, full,
			      ((const struct explanation *)full)->reasons,
			      &steps, &rs, &nsteps, err);
	if (st != CDOK_OK)
		return st;
	ex = cdok_calloc(1, sizeof(*ex));
	if (!ex) {
		for (int i = 0; i < nsteps; i++) {
			cdki_step_free(&steps[i]);
			cdki_reasons_free(&rs[i]);
		}
		free(steps);
		free(rs);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	ex->pub.grading = full->grading;
	ex->pub.solved = full->solved;
	ex->steps = steps;
	ex->reasons = rs;
	ex->cap = nsteps;
	ex->pub.steps = steps;
	ex->pub.nsteps = nsteps;
	*out = &ex->pub;
	return CDOK_OK;
}

cdok_status cdok_explain(const cdok_puzzle *puzzle,
			 const cdok_grade_params *params,
			 cdok_explanation **out, cdok_error *err)
{
	struct explanation *ex;
	cdok_status st;

	if (!out)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_explain needs somewhere to put it");
	*out = NULL;
	if (!puzzle)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_explain needs a puzzle");
	ex = cdok_calloc(1, sizeof(*ex));
	if (!ex)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	st = grade_puzzle(puzzle, params, &ex->pub.grading, ex, true, err);
	if (st != CDOK_OK) {
		cdok_explanation_free(&ex->pub);
		return st;
	}
	*out = &ex->pub;
	return CDOK_OK;
}
