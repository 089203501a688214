/* solver.c -- placeholder until the real solver lands (being written). */
#include <string.h>

#include "internal.h"

void cdok_solve_params_init(cdok_solve_params *params)
{
	memset(params, 0, sizeof(*params));
	params->limit = 2;
}

cdok_status cdok_solve(const cdok_puzzle *puzzle,
		       const cdok_solve_params *params, int *solution,
		       cdok_result *result, cdok_error *err)
{
	(void)puzzle; (void)params; (void)solution;
	memset(result, 0, sizeof(*result));
	return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "solver not written yet");
}
