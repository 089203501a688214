/* cw_steps.c -- hints, the mistake finder and explanations: the
 * library's steps and problems as the page's documents (web/cdok_web.h,
 * doc/WEB.md). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok_web.h"

/* The three tiers of a hint (doc/LEVELS.md): "where" says where to look
 * without naming a technique, "focus" are the cells to highlight for
 * it, "what" names the technique and its cells; the step's own text is
 * the third tier.  All three are the library's. */
static void hint_tiers(struct buf *b, const cdok_step *step)
{
	cwi_put(b, "\"where\":");
	cwi_put_str(b, step->where);
	cwi_put(b, ",\"focus\":");
	cwi_put_ints(b, step->focus, step->nfocus);
	cwi_put(b, ",\"what\":");
	cwi_put_str(b, step->what);
}

/* One step: its technique, level, cells, what it places and removes,
 * and its sentence. */
static void put_step(struct buf *b, const cdok_puzzle *p,
		     const cdok_step *s)
{
	cdok_scale scale = cdok_puzzle_scale(p);

	cwi_put(b, "{\"technique\":");
	cwi_put_str(b, s->technique >= 0 ? cdok_technique_name(s->technique)
		   : NULL);
	cwi_put(b, ",\"title\":");
	cwi_put_str(b, s->technique >= 0 ? cdok_technique_title(s->technique)
		   : NULL);
	cwi_put(b, ",\"level\":");
	cwi_put_str(b, s->technique >= 0 ? cdok_level_name(scale, s->level) :
		   NULL);
	cwi_put(b, ",\"cells\":");
	cwi_put_ints(b, s->cells, s->ncells);
	cwi_put(b, ",\"placed\":");
	cwi_put_candidates(b, s->placed, s->nplaced);
	cwi_put(b, ",\"removed\":");
	cwi_put_candidates(b, s->removed, s->nremoved);
	cwi_put(b, ",\"text\":");
	cwi_put_str(b, s->text);
	cwi_put(b, "}");
}

/* A state the page sends (cw_hint, cw_check): the puzzle, the solution
 * it was given (or NULL), the values and the pencil marks of its n x n
 * cells. */
struct state {
	cdok_puzzle *p;
	int n, *sol, *v;
	uint64_t *c;
};

static void state_free(struct state *st)
{
	cdok_puzzle_free(st->p);
	free(st->sol);
	free(st->v);
	free(st->c);
}

/* Reads the state; NULL, or the failure's document (and nothing left to
 * free). */
static char *state_read(struct state *st, const char *puzzle,
			const char *solution, const char *values,
			const char *candidates)
{
	cdok_error err;
	int cells;

	memset(st, 0, sizeof(*st));
	if (cwi_read_puzzle(puzzle ? puzzle : "", &st->p, NULL, &err) !=
	    CDOK_OK)
		return cwi_fail_err(&err);
	st->n = cdok_puzzle_size(st->p);
	cells = st->n * st->n;
	st->sol = cwi_given_solution(st->p, solution);
	st->v = malloc(sizeof(int) * (size_t)cells);
	st->c = malloc(sizeof(uint64_t) * (size_t)cells);
	if (!st->v || !st->c) {
		state_free(st);
		return cwi_fail_doc("out of memory", 0, 0);
	}
	cwi_parse_ints(values, st->v, cells);
	cwi_parse_sets(candidates, st->c, cells);
	return NULL;
}

/* The next step from a state: values and pencil marks (bit v for value
 * v; 0 in a cell: not noted) as comma-separated numbers, solution as
 * given by cw_read (or "").  The document has "outcome", the three
 * tiers (hint_tiers) and the step's technique, level, cells, placed,
 * removed and text, and "values" and "candidates": the state with the
 * step applied (cdok_step_apply).  A state with a mistake has outcome
 * "contradiction" and the text says what is wrong.  place non-zero: the
 * next value to write (cdok_hint_place, from the values alone), so that
 * every hint leads to a digit. */
CW_EXPORT char *cw_hint(const char *puzzle, const char *solution,
			const char *values, const char *candidates,
			int place);
CW_EXPORT char *cw_hint(const char *puzzle, const char *solution,
			const char *values, const char *candidates,
			int place)
{
	struct state s;
	cdok_hint *h = NULL;
	cdok_grade_params gp;
	cdok_error err;
	struct buf b = { 0 };
	char *failed = state_read(&s, puzzle, solution, values, candidates);
	cdok_puzzle *p = s.p;
	int n = s.n, *sol = s.sol, *v = s.v;
	uint64_t *c = s.c;
	cdok_status st;

	if (failed)
		return failed;
	cdok_grade_params_init(&gp);
	gp.solution = sol;
	st = place ? cdok_hint_place(p, v, &gp, &h, &err) :
		     cdok_hint_next(p, v, c, &gp, &h, &err);
	if (st != CDOK_OK)
		goto out;
	cwi_putf(&b, "{\"ok\":true,\"outcome\":\"%s\",\"empty\":%d,",
	     cdok_hint_outcome_name(h->outcome), h->empty);
	if (h->outcome == CDOK_HINT_STEP) {
		hint_tiers(&b, &h->step);
	} else {
		cwi_put(&b, "\"where\":null,\"focus\":");
		cwi_put_ints(&b, h->step.cells, h->step.ncells);
		cwi_put(&b, ",\"what\":null");
	}
	cwi_put(&b, ",\"technique\":");
	cwi_put_str(&b, h->step.technique >= 0 ?
		cdok_technique_name(h->step.technique) : NULL);
	cwi_put(&b, ",\"title\":");
	cwi_put_str(&b, h->step.technique >= 0 ?
		cdok_technique_title(h->step.technique) : NULL);
	cwi_put(&b, ",\"level\":");
	cwi_put_str(&b, h->outcome == CDOK_HINT_STEP ?
		cdok_level_name(cdok_puzzle_scale(p), h->step.level) : NULL);
	cwi_put(&b, ",\"cells\":");
	cwi_put_ints(&b, h->step.cells, h->step.ncells);
	cwi_put(&b, ",\"placed\":");
	cwi_put_candidates(&b, h->step.placed, h->step.nplaced);
	cwi_put(&b, ",\"removed\":");
	cwi_put_candidates(&b, h->step.removed, h->step.nremoved);
	cwi_put(&b, ",\"text\":");
	cwi_put_str(&b, h->step.text);
	/* The state once the step is applied, as the library applies it
	 * (pencil marks where the filled cells do not imply them). */
	if (h->outcome == CDOK_HINT_STEP) {
		cdok_step_apply(p, &h->step, v, c);
		cwi_put(&b, ",\"values\":");
		cwi_put_ints(&b, v, n * n);
		cwi_put(&b, ",\"candidates\":[");
		for (int i = 0; i < n * n; i++)
			cwi_putf(&b, "%s%" PRIu64, i ? "," : "", c[i]);
		cwi_put(&b, "]");
	}
	cwi_put(&b, "}");
out:
	cdok_hint_free(h);
	state_free(&s);
	if (st != CDOK_OK) {
		free(b.p);
		return cwi_fail_err(&err);
	}
	return cwi_finish(&b);
}

static const char *problem_word(cdok_problem_kind k)
{
	switch (k) {
	case CDOK_PROBLEM_VALUE: return "value";
	case CDOK_PROBLEM_GIVEN: return "given";
	case CDOK_PROBLEM_ROW: return "row";
	case CDOK_PROBLEM_COLUMN: return "column";
	case CDOK_PROBLEM_CAGE: return "cage";
	case CDOK_PROBLEM_BOX: return "box";
	case CDOK_PROBLEM_CAGE_REPEAT: return "cage-repeat";
	case CDOK_PROBLEM_DIGIT: return "digit";
	case CDOK_PROBLEM_TWO_DIGIT: return "two-digit";
	case CDOK_PROBLEM_WRONG: return "wrong";
	case CDOK_PROBLEM_MARKS: return "marks";
	case CDOK_PROBLEM_DIAGONAL: return "diagonal";
	}
	return "value";
}

/* The cells a problem is about, from its row, column and bits. */
static void put_problem_cells(struct buf *b, const cdok_puzzle *p,
			      const cdok_problem *pr)
{
	int n = cdok_puzzle_size(p), first = 1;

	cwi_put(b, "[");
#define CELL(c) do { cwi_putf(b, "%s%d", first ? "" : ",", (c)); first = 0; } \
	while (0)
	switch (pr->kind) {
	case CDOK_PROBLEM_ROW:
	case CDOK_PROBLEM_COLUMN:
	case CDOK_PROBLEM_DIGIT:
	case CDOK_PROBLEM_TWO_DIGIT:
		for (int i = 0; i < n; i++)
			if (pr->where >> i & 1)
				CELL(pr->column < 0 ? pr->row * n + i :
				     i * n + pr->column);
		break;
	case CDOK_PROBLEM_BOX: {
		/* Bit i: the box's i-th cell in reading order; the box is the
		 * one its first cell is in, by the library's geometry. */
		int box = cdok_puzzle_box_of(p, pr->row * n + pr->column);

		for (int c = 0, i = 0; c < n * n && box >= 0; c++)
			if (cdok_puzzle_box_of(p, c) == box)
				if (pr->where >> i++ & 1)
					CELL(c);
		break;
	}
	case CDOK_PROBLEM_DIAGONAL:
		/* Bit r: the diagonal's cell in row r. */
		for (int i = 0; i < n; i++)
			if (pr->where >> i & 1)
				CELL(i * n + (pr->column == 0 ? i : n - 1 - i));
		break;
	case CDOK_PROBLEM_CAGE:
		for (int i = 0; i < cdok_cage_size(p, pr->cage); i++)
			CELL(cdok_cage_cells(p, pr->cage)[i]);
		break;
	case CDOK_PROBLEM_CAGE_REPEAT:
		for (int i = 0; i < cdok_cage_size(p, pr->cage) && i < 64; i++)
			if (pr->where >> i & 1)
				CELL(cdok_cage_cells(p, pr->cage)[i]);
		break;
	default:
		CELL(pr->row * n + pr->column);
		break;
	}
#undef CELL
	cwi_put(b, "]");
}

/* The mistake finder on a state of play (comma-separated values, 0
 * for empty, and pencil marks as cw_hint takes them): the judgement of
 * `cdok check` and of hints (cdok_check_state), every broken rule and,
 * when the puzzle has one solution, every filled value that differs
 * from it ("wrong") and every cell whose marks leave out its value
 * ("marks"), each with its cells and the library's sentence.  solution
 * as for cw_hint. */
CW_EXPORT char *cw_check(const char *puzzle, const char *solution,
			 const char *values, const char *candidates);
CW_EXPORT char *cw_check(const char *puzzle, const char *solution,
			 const char *values, const char *candidates)
{
	struct state s;
	cdok_problem *pr = NULL;
	cdok_grade_params gp;
	cdok_error err;
	struct buf b = { 0 };
	char *failed = state_read(&s, puzzle, solution, values, candidates);
	cdok_puzzle *p = s.p;
	int n = s.n, *v = s.v, count = 0, unique = 0;
	cdok_status st;

	if (failed)
		return failed;
	/* 0 is the page's empty cell; a Nylimb grid may hold 0 itself. */
	if (!(cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB))
		for (int i = 0; i < n * n; i++)
			if (!v[i])
				v[i] = CDOK_NONE;
	cdok_grade_params_init(&gp);
	gp.solution = s.sol;
	st = cdok_check_state(p, v, s.c, &gp, &pr, &count, &unique, &err);
	if (st == CDOK_OK) {
		cwi_putf(&b, "{\"ok\":true,\"unique\":%s,\"problems\":[",
		     unique ? "true" : "false");
		for (int i = 0; i < count; i++) {
			char text[512];

			cdok_problem_describe(&pr[i], p, text, sizeof(text));
			cwi_putf(&b, "%s{\"kind\":\"%s\",\"cells\":", i ? "," : "",
			     problem_word(pr[i].kind));
			put_problem_cells(&b, p, &pr[i]);
			cwi_put(&b, ",\"text\":");
			cwi_put_str(&b, text);
			cwi_put(&b, "}");
		}
		cwi_put(&b, "]}");
	}
	cdok_free(pr);
	state_free(&s);
	if (st != CDOK_OK) {
		free(b.p);
		return cwi_fail_err(&err);
	}
	return cwi_finish(&b);
}

/* The whole logical solution from the givens: the level, whether the
 * steps reach the end, and every step (as put_step writes them); brief
 * non-zero: the explanation a tutor gives (cdok_explain_brief), as
 * `cdok explain` shows it. */
CW_EXPORT char *cw_explain(const char *puzzle, const char *solution,
			   int brief);
CW_EXPORT char *cw_explain(const char *puzzle, const char *solution,
			   int brief)
{
	cdok_puzzle *p;
	cdok_explanation *e = NULL, *full = NULL;
	cdok_grade_params gp;
	cdok_error err;
	struct buf b = { 0 };
	cdok_scale scale;
	int *sol;

	if (cwi_read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return cwi_fail_err(&err);
	scale = cdok_puzzle_scale(p);
	sol = cwi_given_solution(p, solution);
	cdok_grade_params_init(&gp);
	gp.solution = sol;
	if (cdok_explain(p, &gp, &full, &err) != CDOK_OK ||
	    (brief && cdok_explain_brief(p, full, &e, &err) != CDOK_OK)) {
		cdok_explanation_free(full);
		free(sol);
		cdok_puzzle_free(p);
		return cwi_fail_err(&err);
	}
	if (!brief) {
		e = full;
		full = NULL;
	}
	cwi_put(&b, "{\"ok\":true,\"level\":");
	cwi_put_str(&b, e->grading.outcome == CDOK_GRADE_LEVEL ?
		cdok_level_name(scale, e->grading.level) : NULL);
	cwi_putf(&b, ",\"solved\":%s,\"steps\":[", e->solved ? "true" : "false");
	for (int i = 0; i < e->nsteps; i++) {
		cwi_put(&b, i ? "," : "");
		put_step(&b, p, &e->steps[i]);
	}
	cwi_put(&b, "]}");
	cdok_explanation_free(e);
	cdok_explanation_free(full);
	cdok_puzzle_free(p);
	free(sol);
	return cwi_finish(&b);
}
