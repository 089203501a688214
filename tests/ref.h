/* ref.h -- the tests' own reading of doc/RULES.md: whether a grid solves
 * a puzzle, and how many grids do.  It shares no code with lib/ and uses
 * only the public accessors of include/cdok.h, so the Criterion tests
 * and the fuzz targets can hold the library's checker and solver against
 * it.  Every rule family is covered: plain Calcudoku, Killer Sudoku
 * (boxes, cages whose values must differ) and Nylimb (values 0..99 under
 * the digit rule).
 *
 * It needs no Criterion and aborts only when memory runs out.
 */
#ifndef CDOK_TESTS_REF_H
#define CDOK_TESTS_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "cdok.h"

/* Whether k values (k >= 1) meet a clue, read literally from the table
 * in RULES.md: + the sum, * the product, - some value minus all the
 * others, / some value divided by the product of all the others,
 * exactly (a product of 0 divides nothing).  No arithmetic overflows:
 * a product beyond 64 bits is larger than any target. */
bool ref_cage_holds(cdok_op op, int64_t target, const int *values, int k);

/* ref_cage_holds with the puzzle's rules: a hidden operator ('?') is
 * any of the four, or only + or * over three or more cells when the
 * puzzle keeps - and / to two cells (CDOK_RULE_TWO_CELL). */
bool ref_clue_holds(const cdok_puzzle *puzzle, cdok_op op, int64_t target,
		    const int *values, int k);

/* Whether a complete grid (size*size values) keeps every rule of the
 * puzzle: values in range (1..N, or 0..99 in Nylimb), givens kept, rows
 * and columns (no value twice; in Nylimb no digit twice and at most one
 * two-digit number), boxes, distinct cages and every clue. */
bool ref_is_solution(const cdok_puzzle *puzzle, const int *values);

/* A count of solutions.  Set limit and budget, call ref_count, read the
 * rest. */
struct ref_count {
	uint64_t limit;    /* stop after this many solutions (0: none) */
	uint64_t budget;   /* give up after this many search nodes (0:
			    * never) */
	int *first;        /* if not NULL, receives the first solution
			    * (size*size values) */
	/* Results. */
	uint64_t count;    /* solutions found */
	uint64_t nodes;    /* search nodes visited */
	bool complete;     /* the search ran to its end: count is exact */
	bool gave_up;      /* the budget ran out */
};

/* Count the solutions of any puzzle by search: cell by cell (the one
 * with the fewest candidates first, after any value that has one place
 * left in a row, column or box of a plain or Killer puzzle), a
 * candidate being a value its row, column and box allow that some
 * filling of its cage can use; every
 * complete grid is confirmed by ref_is_solution before it counts.  Slow
 * next to the library's solver, but short enough to trust by reading:
 * the pruning only ever removes values no solution can hold. */
void ref_count(const cdok_puzzle *puzzle, struct ref_count *count);

/* Solutions up to limit (0: all), with no budget. */
uint64_t ref_count_solutions(const cdok_puzzle *puzzle, uint64_t limit);

#endif /* CDOK_TESTS_REF_H */
