/* solve.c -- cdok_solve: check the puzzle, pick the engine instance its
 * rules need, and say what the search established. */
#include <string.h>

#include "solve/solve.h"

void cdok_solve_params_init(cdok_solve_params *params)
{
	memset(params, 0, sizeof(*params));
	params->limit = 2;
}

cdok_status cdok_solve(const cdok_puzzle *p, const cdok_solve_params *params,
		       int *solution, cdok_result *res, cdok_error *err)
{
	cdok_solve_params defaults;
	cdok_status st;

	memset(res, 0, sizeof(*res));
	st = cdok_puzzle_validate(p, err);
	if (st != CDOK_OK)
		return st;
	if (!params) {
		cdok_solve_params_init(&defaults);
		params = &defaults;
	}
	st = cdok_is_nylimb(p)
		? cdki_digits_solve(p, params, solution, res, err)
		: cdki_sudoku9_fits(p)
		? cdki_sudoku9_solve(p, params, solution, res, err)
		: cdki_latin_solve(p, params, solution, res, err);
	/* The engines count the node they stopped at, which they did not
	 * search: a run never reports more nodes than max_nodes allows. */
	if (res->gave_up && params->max_nodes &&
	    res->nodes > params->max_nodes)
		res->nodes = params->max_nodes;
	res->verdict = cdki_verdict_of(res);
	return st;
}

int cdki_root_candidates(const cdok_puzzle *p, int *counts)
{
	return cdok_is_nylimb(p) ? cdki_digits_root_candidates(p, counts)
				 : cdki_latin_root_candidates(p, counts);
}
