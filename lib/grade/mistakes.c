/* mistakes.c -- the mistake finder: what is wrong in a state of play
 * (cdok_check_state, cdok_check_partial), the one judgement that `cdok
 * check`, hints, Python's Puzzle.mistakes() and the page all ask.
 *
 * An empty cell is not a mistake (one with a given holds its given).  A
 * filled one is when it breaks a rule (cdok_check, with the empty cells
 * left out) or, when the puzzle has exactly one solution, when it
 * differs from that solution; and an empty cell's pencil marks are when
 * they leave out the solution's value, since no elimination can then
 * bring the player back to it.
 */
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

static bool is_empty(const cdok_puzzle *p, int v)
{
	return !cdok_is_value(p, v);
}

/* The marks of the empty cells that leave out sol's value, appended to
 * *probs (*kept of them so far): false when memory runs out. */
static bool add_marks(const cdok_puzzle *p, const int *values,
		      const uint64_t *candidates, const int *sol,
		      cdok_problem **probs, int *kept)
{
	int ncells = p->size * p->size, bad = 0;
	cdok_problem *more;

	for (int i = 0; i < ncells; i++)
		bad += is_empty(p, values[i]) && (candidates[i] & ~(uint64_t)1) &&
		       !(candidates[i] & BIT(sol[i]));
	if (!bad)
		return true;
	more = cdok_realloc(*probs, (size_t)(*kept + bad) * sizeof(*more));
	if (!more)
		return false;
	*probs = more;
	for (int i = 0; i < ncells; i++) {
		cdok_problem *pr;

		if (!is_empty(p, values[i]) ||
		    !(candidates[i] & ~(uint64_t)1) ||
		    (candidates[i] & BIT(sol[i])))
			continue;
		pr = &more[(*kept)++];
		memset(pr, 0, sizeof(*pr));
		pr->kind = CDOK_PROBLEM_MARKS;
		pr->row = i / p->size;
		pr->column = i % p->size;
		pr->value = CDOK_NONE;
		pr->given = sol[i];
		pr->where = candidates[i] & ~(uint64_t)1;
		pr->cage = -1;
		pr->got_den = 1;
	}
	return true;
}

/* values with every empty cell that has a given holding it: a new
 * array, or NULL when memory runs out. */
static int *with_givens(const cdok_puzzle *p, const int *values)
{
	int ncells = p->size * p->size;
	int *v = cdok_malloc((size_t)ncells * sizeof(int));

	if (!v)
		return NULL;
	for (int i = 0; i < ncells; i++)
		v[i] = is_empty(p, values[i]) && cdok_has_given(p, i) ?
		       p->given[i] : values[i];
	return v;
}

cdok_status cdki_grade_mistakes(const cdok_puzzle *p, const int *given_values,
				const uint64_t *candidates,
				const cdok_grade_params *params,
				cdok_problem **problems, int *count,
				int *unique, cdok_verdict *verdict,
				int *solution, cdok_error *err)
{
	cdok_problem *probs = NULL;
	int cnt = 0, kept = 0, wrong = 0, ncells = p->size * p->size;
	int *sol, *values;
	cdok_solve_params sp;
	cdok_result res;
	cdok_status st;

	*problems = NULL;
	*count = 0;
	*unique = 0;
	values = with_givens(p, given_values);
	if (!values)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	st = cdok_check(p, values, &probs, &cnt, err);
	if (st != CDOK_OK) {
		free(values);
		return st;
	}
	for (int i = 0; i < cnt; i++)
		if (probs[i].kind != CDOK_PROBLEM_VALUE ||
		    !is_empty(p, probs[i].value))
			probs[kept++] = probs[i];
	sol = cdok_malloc((size_t)ncells * sizeof(int));
	if (!sol) {
		free(probs);
		free(values);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	/* The caller's proven solution spares the solve (a grid that is no
	 * solution is ignored). */
	if (params && params->solution &&
	    cdok_puzzle_is_solution(p, params->solution)) {
		memcpy(sol, params->solution, (size_t)ncells * sizeof(int));
		res.verdict = CDOK_VERDICT_UNIQUE;
	} else {
		cdok_solve_params_init(&sp);
		sp.max_nodes = params ? params->max_nodes : 0;
		st = cdok_solve(p, &sp, sol, &res, err);
		if (st != CDOK_OK) {
			free(probs);
			free(sol);
			free(values);
			return st;
		}
	}
	if (verdict)
		*verdict = res.verdict;
	if (res.verdict == CDOK_VERDICT_UNIQUE) {
		*unique = 1;
		if (solution)
			memcpy(solution, sol, (size_t)ncells * sizeof(int));
		for (int i = 0; i < ncells; i++)
			wrong += !is_empty(p, values[i]) &&
				 cdok_puzzle_value_ok(p, values[i]) &&
				 !cdok_has_given(p, i) && values[i] != sol[i];
	}
	if (wrong) {
		cdok_problem *more = cdok_realloc(probs, (size_t)(kept + wrong) *
						  sizeof(*more));

		if (!more) {
			free(probs);
			free(sol);
			free(values);
			return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
					 "out of memory");
		}
		probs = more;
		for (int i = 0; i < ncells; i++) {
			cdok_problem *pr;

			if (is_empty(p, values[i]) ||
			    !cdok_puzzle_value_ok(p, values[i]) ||
			    cdok_has_given(p, i) || values[i] == sol[i])
				continue;
			pr = &probs[kept++];
			memset(pr, 0, sizeof(*pr));
			pr->kind = CDOK_PROBLEM_WRONG;
			pr->row = i / p->size;
			pr->column = i % p->size;
			pr->value = values[i];
			pr->given = sol[i];
			pr->cage = -1;
			pr->got_den = 1;
		}
	}
	if (*unique && candidates &&
	    !add_marks(p, values, candidates, sol, &probs, &kept)) {
		free(probs);
		free(sol);
		free(values);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	free(sol);
	free(values);
	if (!kept) {
		free(probs);
		probs = NULL;
	}
	*problems = probs;
	*count = kept;
	return CDOK_OK;
}

cdok_status cdok_check_state(const cdok_puzzle *puzzle, const int *values,
			     const uint64_t *candidates,
			     const cdok_grade_params *params,
			     cdok_problem **problems, int *count, int *unique,
			     cdok_error *err)
{
	cdok_status st;
	int u;

	if (!puzzle || !values || !problems || !count)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_check_state needs a puzzle, values "
				 "and somewhere to put the problems");
	st = cdok_puzzle_validate(puzzle, err);
	if (st != CDOK_OK)
		return st;
	st = cdki_grade_mistakes(puzzle, values, candidates, params, problems,
				 count, &u, NULL, NULL, err);
	if (unique)
		*unique = st == CDOK_OK ? u : 0;
	return st;
}

cdok_status cdok_check_partial(const cdok_puzzle *puzzle, const int *values,
			       const cdok_grade_params *params,
			       cdok_problem **problems, int *count,
			       int *unique, cdok_error *err)
{
	if (!puzzle || !values || !problems || !count)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_check_partial needs a puzzle, values "
				 "and somewhere to put the problems");
	return cdok_check_state(puzzle, values, NULL, params, problems, count,
				unique, err);
}

void cdok_state_candidates(const cdok_puzzle *p, const int *values,
			   const uint64_t *candidates, uint64_t *out)
{
	int n, ncells;
	uint64_t full;

	if (!p || !values || !out)
		return;
	n = p->size;
	ncells = n * n;
	full = n >= 63 ? ~(uint64_t)1 : ((BIT(n) - 1) << 1);
	for (int i = 0; i < ncells; i++) {
		uint64_t d = candidates && candidates[i] ? candidates[i] & full
			     : full;

		if (cdok_is_value(p, values[i]) && values[i] <= n) {
			out[i] = 0;
			continue;
		}
		for (int j = 0; j < ncells; j++) {
			int v = values[j];

			if (j != i && v > 0 && v <= n && v < 64 &&
			    cdki_puzzle_cells_see(p, i, j))
				d &= ~BIT(v);
		}
		out[i] = d;
	}
}
