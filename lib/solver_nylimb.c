/* solver_nylimb.c -- placeholder until the Nylimb solver lands. */
#include "internal.h"

cdok_status cdok_solve_nylimb(const cdok_puzzle *p,
			      const cdok_solve_params *params, int *solution,
			      cdok_result *res, cdok_error *err)
{
	(void)p; (void)params; (void)solution; (void)res;
	return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "not yet");
}
