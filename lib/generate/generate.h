/* generate.h -- what the generator's modules share. */
#ifndef CDOK_GENERATE_H
#define CDOK_GENERATE_H

#include "model/model.h"
#include "solve/solve.h"

/* ---- generation ---- */

/* cdok_generate for par->killer (generate_killer.c): same contract. */
cdok_status cdok_generate_killer(const cdok_gen_params *par,
				 const int *solution, cdok_rng *rng,
				 cdok_puzzle **out, uint64_t *score,
				 cdok_error *err);

#endif /* CDOK_GENERATE_H */
