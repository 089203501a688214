/* generate.h -- what the generator's modules share.
 *
 * One generator makes every kind of puzzle (doc/GENERATOR.md):
 *
 *   grids.c      solution grids: Latin squares, Sudoku grids, Nylimb
 *                digit grids, and the checks of a caller's grid
 *   regions.c    the partition of a grid into regions, the cages to be
 *   generate.c   the one outer loop, the loop that repairs a partition
 *                until the solver proves it unique, the one uniqueness
 *                check and the one hardening loop
 *   clues.c      the Calcudoku policy: regions of 1..max_cage cells,
 *                operators and targets chosen from the grid, givens for
 *                single cells (also Nylimb puzzles, over digit grids)
 *   killer.c     the Killer policy: regions of 2..max_cage cells whose
 *                values differ, sum cages, boxes, no givens
 *   sudoku.c     plain Sudoku, outside the policy loops: givens taken
 *                away from a solved grid while it stays good
 *
 * A policy is a small table of functions (struct gen_policy) that the
 * loops in generate.c call at fixed points; everything else is shared.
 */
#ifndef CDOK_GENERATE_H
#define CDOK_GENERATE_H

#include "model/model.h"
#include "solve/solve.h"

/* ---- grids (grids.c) ---- */

/* Whether v (n*n values) is a Latin square of 1..n, and with box_rows >
 * 0 also a Sudoku grid (every box of box_rows x box_cols holds 1..n). */
bool cdki_grid_is_latin(const int *v, int n, int box_rows, int box_cols);

/* ---- regions (regions.c) ---- */

/* One region: a slot of the partition (as many slots as cells). */
struct slot {
	int size;          /* cells; 0: a free slot */
	cdok_op op;        /* the clue, for regions of 2 cells or more */
	int64_t target;
	uint64_t vals;     /* the grid's values in it, when they are below
			    * 64 (a Killer region's values must differ) */
};

struct regions {
	int n, ncells;
	int max_cage;      /* the largest region cdki_regions_recount allows */
	const int *grid;
	int *of;           /* cell -> slot */
	struct slot *slot; /* ncells slots */
};

/* Scratch of a partition's size, for walks over cells. */
struct scratch {
	int *cells, *queue, *mark, *list;
};

bool cdki_regions_init(struct regions *rg, int n, const int *grid);
void cdki_regions_free(struct regions *rg);
/* dst becomes a copy of src (same size). */
void cdki_regions_copy(struct regions *dst, const struct regions *src);
/* The cells of region r in reading order, into out; returns how many. */
int cdki_regions_cells(const struct regions *rg, int r, int *out);
/* A slot no region uses. */
int cdki_regions_free_slot(const struct regions *rg);
/* Put a cell into region r (from wherever it was; of[cell] < 0: from
 * nowhere), keeping sizes and value sets up to date. */
void cdki_regions_move(struct regions *rg, int cell, int r);
/* Sizes and value sets again from of[].  False if a region has more
 * than max_cage cells or a value twice. */
bool cdki_regions_recount(struct regions *rg);
/* Regions of one cell. */
int cdki_regions_singles(const struct regions *rg);
/* The orthogonal neighbours of a cell (up to four). */
int cdki_regions_neighbours(const struct regions *rg, int cell, int *out);
/* A breadth-first walk from start over the cells whose mark is set (and
 * with same_region, that are in start's region), clearing the marks:
 * the cells reached go into queue (start first); returns how many. */
int cdki_regions_walk(const struct regions *rg, int start, bool same_region,
		      int *mark, int *queue);
/* Grow region r from the cells in sc->cells[0..size-1] to want cells by
 * random neighbours taken from region from (-1: cells in no region yet)
 * that fits() accepts (NULL: any); with fewest_free, only among the
 * candidates with the fewest free neighbours of their own (Warnsdorff's
 * rule).  Returns the new size. */
int cdki_regions_grow(struct regions *rg, cdok_rng *rng, int r, int from,
		      int size, int want, struct scratch *sc,
		      bool (*fits)(const struct regions *, int cell, int r),
		      bool fewest_free);
/* Cut the whole grid into regions: cells in random order each start a
 * region of a size drawn with weights w (cdki_regions_draw_size), grown by
 * cdki_regions_grow with fits and fewest_free. */
void cdki_regions_cut(struct regions *rg, cdok_rng *rng, struct scratch *sc,
		      const int *w, int lo, int top,
		      bool (*fits)(const struct regions *, int cell, int r),
		      bool fewest_free);
/* Draw a size with the given weights (w[s] for size s, from lo to the
 * smaller of top and 6). */
int cdki_regions_draw_size(cdok_rng *rng, const int *w, int lo, int top);
/* A random permutation of a[0..k-1] (Fisher-Yates, from the end). */
void cdki_regions_shuffle(cdok_rng *rng, int *a, int k);

/* ---- the generator ---- */

struct gen_policy;

struct gen {
	const cdok_gen_params *par;
	const struct gen_policy *pol;
	cdok_rng *rng;
	int n, ncells;
	int box_rows, box_cols;   /* Killer: the box shape; 0 otherwise */
	int max_cage;
	uint64_t node_budget;     /* search nodes for a uniqueness check */
	int *grid;                /* the solution */
	bool caller_grid;         /* the caller gave the solution */
	struct regions rg;        /* the partition being made */
	struct regions saved;     /* before a hardening step */
	struct scratch sc;
	/* Solutions seen by the last uniqueness check. */
	int *sols[2];
	int nsols;
	const int *other;         /* a solution other than grid, if any */
	int *open;                /* cells the solver's reasoning left open */
	/* Cells whose value the puzzle gives inside their cage: none but
	 * where a level asks for them (soften, give_in_soften), and only
	 * once may_give is set, after half the rounds failed without. */
	bool *given;
	bool may_give;
	uint64_t steps;           /* repair and hardening steps so far */
	bool stopped;             /* the caller's on_progress said stop */
	/* Memory ran out where a step could go on without (a clue's
	 * measure, a grade): the run ends as out of memory, never with
	 * another puzzle than the seed's. */
	bool nomem;
	/* With a level: the puzzle kept was proven unique by the grade,
	 * not yet by the solver (cdok_generate proves it at the end). */
	bool unproven;
	void *state;              /* the policy's own */
};

/* A uniqueness check's outcome. */
enum unique {
	UNIQUE_NOMEM = -1,
	UNIQUE_NOT = 0,          /* a second solution (g->other), or the
				  * search gave up */
	UNIQUE_YES = 1           /* proven unique, limit 2, complete */
};

/* What a kind of puzzle brings to the generator.  The loops in
 * generate.c call these at fixed points, in a fixed order, so that a
 * seed always makes the same puzzle. */
struct gen_policy {
	/* Check the parameters (setting g->max_cage, box shape, ...) and
	 * allocate the policy's state. */
	cdok_status (*init)(struct gen *g, cdok_error *err);
	void (*free)(struct gen *g);
	/* A random solution grid into g->grid; whether a caller's grid
	 * suits (with the reason in err). */
	cdok_status (*new_grid)(struct gen *g);
	cdok_status (*check_grid)(const struct gen *g, cdok_error *err);
	/* Partitions tried per round, rounds (each a new partition run,
	 * after a puzzle scoring above max_score), and whether a failed
	 * round draws a new grid (when the caller gave none). */
	int partitions, rounds;
	bool new_grid_per_round;
	/* Repair steps per partition. */
	int (*max_steps)(const struct gen *g);
	/* Cut the grid into regions with clues (attempt counts from 0). */
	bool (*partition)(struct gen *g, int attempt);
	/* Before each puzzle is built from the partition (may be NULL). */
	void (*tidy)(struct gen *g);
	/* Ask the solver's reasoning first, and search only when it leaves
	 * at most n cells open (see generate.c, make_unique). */
	bool reason_first;
	/* Whether a unique puzzle is acceptable as it is (may be NULL). */
	bool (*accept)(struct gen *g);
	/* Change the partition so that the grid x no longer fits it. */
	bool (*rule_out)(struct gen *g, const int *x);
	/* Change it to say more: open (g->open) lists the cells reasoning
	 * left open, nopen of them; when reasoning was not asked the policy
	 * may fill it itself (ncells entries).  The repairs it makes must
	 * not change the list while they choose from it. */
	bool (*strengthen)(struct gen *g, int *open, int nopen);
	/* Whether a second solution seen by a search that then gave up is
	 * ruled out too (otherwise the partition is strengthened). */
	bool rule_out_partial;
	/* One random change for hardening. */
	bool (*mutate)(struct gen *g);
	/* With a level: when the cages cannot say more where a person gets
	 * stuck, give the value of a cell there, inside its cage (as Solo
	 * keeps one-cell cages at its first Killer level).  Killer cages
	 * cannot shrink below two cells, and a big grid of pairs still
	 * needs more than the first levels' techniques. */
	bool give_in_soften;
	/* The cages: whether a region's values must differ, and whether
	 * every cage is the sum of its values (targets are then computed
	 * when the puzzle is built). */
	bool distinct;
	bool sums;
};

extern const struct gen_policy cdki_calcudoku_policy;
extern const struct gen_policy cdki_killer_policy;

/* The largest cage when the caller leaves it to the generator: 5, or 4
 * on grids above 32 x 32 (doc/GENERATOR.md, "Large grids"). */
static inline int gen_default_cage(const struct gen *g)
{
	return g->n > 32 ? 4 : 5;
}

/* The box shape of a Sudoku (killer.c): the one asked for, or for 0 x 0
 * the usual one (3 x 3 at size 9, otherwise the squarest r x c with r <=
 * c); *rows and *cols must be 0 on entry.  CDOK_ERR_INVALID, with the
 * reason, for a shape that does not tile the size. */
cdok_status cdki_gen_box_shape(const cdok_gen_params *par, int *rows, int *cols,
			       cdok_error *err);

/* A plain Sudoku (sudoku.c): cdok_generate for par->sudoku. */
cdok_status cdki_gen_sudoku(const cdok_gen_params *par, const int *solution,
			    cdok_rng *rng, cdok_puzzle **out,
			    cdok_gen_result *result, cdok_error *err);

/* A random number in 0..bound-1. */
static inline int gen_rnd(struct gen *g, int bound)
{
	return (int)cdok_rng_below(g->rng, (uint64_t)bound);
}

/* The puzzle the partition describes: a cage per region of two cells or
 * more (with the region's clue, values distinct if the policy says so),
 * a given per region of one cell, cages in the order of their first
 * cells (so labels run A, B, ... in reading order when written). */
cdok_puzzle *cdki_gen_build_puzzle(struct gen *g);
/* The rule flags of the puzzles made: the caller's, and the two-cell
 * rule for hidden operators made with two_cell. */
unsigned cdki_gen_rules(const struct gen *g);
/* Whether k values meet a clue of op and t as the puzzle will show it:
 * with hidden operators, under any operation the cage may have. */
bool cdki_gen_clue_holds(const struct gen *g, cdok_op op, int64_t t,
			 const int *v, int k);

/* Count a puzzle's solutions up to 2 within the node budget (see enum
 * unique); *res is the solver's result. */
enum unique cdki_gen_check_unique(struct gen *g, const cdok_puzzle *p,
				  cdok_result *res);

/* A generator for par (kind, size, policy checks) over a grid: the
 * caller's (checked), or a random one, into *out.  Fails (err filled)
 * when the parameters or the grid do not suit, or memory runs out.  For
 * cdok_generate and for tests of the policies. */
cdok_status cdki_gen_new(const cdok_gen_params *par, const int *grid,
			 cdok_rng *rng, struct gen **out, cdok_error *err);
void cdki_gen_delete(struct gen *g);

/* The solver's proof that p, which the generator found unique by its
 * own means, has exactly one solution, into *proof: every puzzle handed
 * out has one.  CDOK_ERR_INVALID (err says so) when the solver finds
 * otherwise, which is a bug; the puzzle must then not be handed out. */
cdok_status cdki_gen_prove(const cdok_puzzle *p, cdok_result *proof,
			   cdok_error *err);
/* Into the caller's result (NULL: none wanted) the score, the proof and,
 * where it has room for one, the solution grid of the puzzle made. */
void cdki_gen_report(cdok_gen_result *result, uint64_t score,
		     const cdok_result *proof, const int *grid, int ncells);

/* Save the partition before a change that may be undone, and undo. */
void cdki_gen_save(struct gen *g);
void cdki_gen_restore(struct gen *g);

#endif /* CDOK_GENERATE_H */
