/* solve.h -- what the solver engine offers the rest of the library. */
#ifndef CDOK_SOLVE_H
#define CDOK_SOLVE_H

#include "model/model.h"

/* ---- solver internals for the generator ---- */

/* Run the solver's reasoning once, without any search, and store every
 * cell's remaining candidates in domains (size*size words, bit v = value
 * v).  Returns 1 if reasoning alone decides every cell, 0 if some cells
 * stay open, -1 on a contradiction or when memory runs out. */
int cdok_root_domains(const cdok_puzzle *puzzle, uint64_t *domains);

/* ---- solving ---- */

/* cdok_solve for a Nylimb puzzle (solver_nylimb.c): the same contract;
 * p is valid and params is not NULL. */
cdok_status cdok_solve_nylimb(const cdok_puzzle *p,
			      const cdok_solve_params *params, int *solution,
			      cdok_result *res, cdok_error *err);

#endif /* CDOK_SOLVE_H */
