/* solve.h -- what the solver engine offers the rest of the library.
 *
 * One engine body (engine.h) is compiled twice: latin.c for puzzles whose
 * units hold each value once (64-bit value sets) and digits.c for Nylimb
 * puzzles (128-bit sets, the digit rule).  solve.c picks the instance by
 * the puzzle's rules; a plain 9 x 9 Sudoku (3 x 3 boxes, givens only)
 * goes to sudoku9.c's bitboards instead.
 */
#ifndef CDOK_SOLVE_H
#define CDOK_SOLVE_H

#include "model/model.h"

/* Run the solver's reasoning once, without any search, and store every
 * cell's number of remaining candidates in counts (size*size ints).
 * Returns 1 if reasoning alone decides every cell, 0 if some cells stay
 * open, CDKI_CONTRADICTION or CDKI_NOMEM (enum cdki_rc, model.h). */
int cdki_root_candidates(const cdok_puzzle *puzzle, int *counts);

/* The instances (cdok_solve's contract; p is valid, params not NULL). */
cdok_status cdki_latin_solve(const cdok_puzzle *p,
			     const cdok_solve_params *params, int *solution,
			     cdok_result *res, cdok_error *err);
cdok_status cdki_digits_solve(const cdok_puzzle *p,
			      const cdok_solve_params *params, int *solution,
			      cdok_result *res, cdok_error *err);
/* The plain 9 x 9 Sudoku solver (sudoku9.c): whether it takes the
 * puzzle (3 x 3 boxes, no cages, no rule flags), and cdok_solve's
 * contract for one it takes. */
bool cdki_sudoku9_fits(const cdok_puzzle *p);
cdok_status cdki_sudoku9_solve(const cdok_puzzle *p,
			       const cdok_solve_params *params, int *solution,
			       cdok_result *res, cdok_error *err);
/* cdki_root_candidates for one instance. */
int cdki_latin_root_candidates(const cdok_puzzle *p, int *counts);
int cdki_digits_root_candidates(const cdok_puzzle *p, int *counts);

/* ---- the engine's cage reasoning, for the grader ----
 *
 * A Latin-instance engine set up for one puzzle (not Nylimb), whose cage
 * enumeration a caller runs on domains of its own: the grader's "which
 * layouts of this cage fit these candidates" (doc/SOLVER.md).  Not for
 * two threads at once. */
struct cdok_latin;

struct cdok_latin *cdki_latin_open(const cdok_puzzle *puzzle);
void cdki_latin_close(struct cdok_latin *engine);

/* What the layouts of a cage that fit the domains have in common.  The
 * caller provides the arrays: support and must of the cage's cell count
 * and 3 * cells entries for unit and must. */
struct cdok_cage_scan {
	/* Per cage cell, in the order of cdok_cage_cells: the values that
	 * cell takes in some fitting layout (empty when none fits). */
	uint64_t *support;
	/* The units the cage touches (rows 0..n-1, columns n..2n-1, boxes
	 * 2n..3n-1), and per unit the values that every fitting layout
	 * puts in the cage's cells of that unit, leaving out values of cage
	 * cells whose domain is that single value already. */
	int ngroups;
	int *unit;
	uint64_t *must;
};

/* Enumerate the layouts of cage under dom (size*size domains, bit v =
 * value v), with at most budget steps.  A layout fits when it meets the
 * clue, takes each cell's value from its domain, keeps cells of the cage
 * that share a unit apart, and (a distinct cage) repeats no value.
 * Returns 1 with out filled, 0 when no layout fits, -1 when the budget
 * ran out (or the cage has more than 64 cells) before the answer was
 * known. */
int cdki_latin_scan(struct cdok_latin *engine, int cage, const uint64_t *dom,
		    long budget, struct cdok_cage_scan *out);

/* With a budget of at least this, a cage of 2 to 8 cells whose
 * enumeration proved costly gets a table of its layouts at its next scan
 * (when it has at most 1,024), and later scans under domains inside
 * those of that one filter the table instead of enumerating: the same
 * answers, in word operations. */
#ifndef CDOK_LATIN_TABLE_BUDGET
#define CDOK_LATIN_TABLE_BUDGET 20000
#endif

#endif /* CDOK_SOLVE_H */
