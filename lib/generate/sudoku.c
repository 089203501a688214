/* sudoku.c -- plain Sudoku for the generator: boxes, givens, no cages.
 *
 * A plain Sudoku has no partition to cut, so it does not go through the
 * policy loops of generate.c; it is made the way Sudoku generators
 * usually are (Solo's among them), by taking givens away:
 *
 *  - a solved Sudoku grid (the caller's, or a random one);
 *  - every given, then the givens in pairs opposite each other through
 *    the centre (the middle cell alone; after SUDOKU_SYMMETRIC tries,
 *    one cell at a time), in random order: each pair is
 *    taken away when the puzzle stays solvable -- by the techniques up
 *    to the level asked for (the grade proves it unique as it goes), or,
 *    for Unreasonable and without a level, uniquely by the solver;
 *  - the puzzle left, where no pair can go, is kept when its grade is
 *    the level asked for (a puzzle the techniques of an easier level
 *    already solve is made again from another grid or order).
 *
 * Symmetric givens are what printed Sudoku have, and what Solo makes by
 * default.  Everything random comes from the caller's generator, so a
 * seed makes the same puzzle on every machine.
 */
#include <stdlib.h>
#include <string.h>

#include "generate/generate.h"

/* How many grids (or orders) a level may take before giving up, and
 * after how many of them the givens are taken away one by one rather
 * than in pairs: symmetric puzzles keep more givens, and some levels
 * are rare among them (Advanced 6 x 6). */
#define SUDOKU_ATTEMPTS 2000
#define SUDOKU_SYMMETRIC 100

/* The search nodes a uniqueness check of a step may take (without a
 * level, or at Unreasonable): without a bound, proving a sparse grid
 * above 16 x 16 unique is a search of hours that depends on the grid's
 * luck (issue 43: 20 x 20 and larger made nothing in 70 s). */
#define SUDOKU_NODE_BUDGET(ncells) (64 + (uint64_t)(ncells) / 2)

struct dig {
	const cdok_gen_params *par;
	cdok_rng *rng;
	int n, ncells;
	int *grid;        /* the solution */
	int *pairs;       /* the first cell of each pair, shuffled */
	int npairs;
	bool single;      /* one cell at a time, not pairs */
	uint64_t steps;
	bool stopped;
};

/* The caller's on_progress, asked at every step. */
static bool dig_stop(struct dig *d)
{
	d->steps++;
	if (d->par->on_progress && !d->stopped &&
	    d->par->on_progress(d->par->progress_user, d->steps))
		d->stopped = true;
	return d->stopped;
}

/* Whether the puzzle as it stands is still a good one: solved within
 * the level by the grade, or unique by the solver.  -1: out of
 * memory. */
static int still_good(struct dig *d, const cdok_puzzle *p)
{
	int level = d->par->level;

	if (level >= 0 && level < cdok_level_count(CDOK_SCALE_KILLER) - 1) {
		cdok_grade_params gp;
		cdok_grading gr;

		cdok_grade_params_init(&gp);
		gp.max_level = level;
		gp.solution = d->grid;
		if (cdok_grade(p, &gp, &gr, NULL) != CDOK_OK)
			return -1;
		return gr.outcome == CDOK_GRADE_LEVEL;
	} else {
		cdok_solve_params sp;
		cdok_result res;

		/* A search that runs out of nodes keeps the givens: the
		 * puzzle stays unique (it was before), and the work of
		 * each step is bounded whatever the grid's luck. */
		cdok_solve_params_init(&sp);
		sp.limit = 2;
		sp.max_nodes = SUDOKU_NODE_BUDGET(d->ncells);
		if (cdok_solve(p, &sp, NULL, &res, NULL) != CDOK_OK)
			return -1;
		return res.verdict == CDOK_VERDICT_UNIQUE;
	}
}

/* Take givens away from the full grid in p, pair by pair.  CDOK_OK, or
 * CDOK_ERR_NOMEM, or CDOK_ERR_LIMIT when the caller said stop. */
static cdok_status dig(struct dig *d, cdok_puzzle *p)
{
	int npairs = d->single ? d->ncells : d->npairs;

	for (int c = 0; c < d->ncells; c++)
		p->given[c] = d->grid[c];
	p->valid = false;
	for (int i = 0; i < npairs; i++)
		d->pairs[i] = i;
	cdki_regions_shuffle(d->rng, d->pairs, npairs);
	for (int i = 0; i < npairs; i++) {
		int a = d->pairs[i], good;
		int b = d->single ? a : d->ncells - 1 - a;

		if (dig_stop(d))
			return CDOK_ERR_LIMIT;
		p->given[a] = p->given[b] = CDOK_NONE;
		good = still_good(d, p);
		if (good < 0)
			return CDOK_ERR_NOMEM;
		if (!good) {
			p->given[a] = d->grid[a];
			p->given[b] = d->grid[b];
		}
	}
	return CDOK_OK;
}

/* The parameters, checked; the box shape into *rows x *cols. */
static cdok_status check_params(const cdok_gen_params *par, int *rows,
				int *cols, cdok_error *err)
{
	if (par->killer)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "a puzzle is "
				 "either a plain Sudoku or a Killer Sudoku, "
				 "not both");
	if (par->rules)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "a Sudoku takes "
				 "no rule flags (Nylimb mode has no boxes)");
	if (par->size < 4 || par->size > CDOK_MAX_SIZE)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "size %d is "
				 "outside 4..%d, the sizes of Sudoku with "
				 "boxes", par->size, CDOK_MAX_SIZE);
	if (par->level < -1 ||
	    par->level >= cdok_level_count(CDOK_SCALE_KILLER))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "level %d is not "
				 "one of Solo's scale", par->level);
	*rows = *cols = 0;
	return cdki_gen_box_shape(par, rows, cols, err);
}

/* The score of a unique puzzle: the grade's difficulty with a level,
 * otherwise the caller's measure or the solver's. */
static cdok_status score(struct dig *d, const cdok_puzzle *p,
			 const cdok_result *proof, uint64_t *out,
			 cdok_error *err)
{
	cdok_grade_params gp;
	cdok_grading gr;
	cdok_status st;

	if (d->par->level < 0) {
		*out = d->par->score ? d->par->score(d->par->score_user, p,
						     proof)
				     : proof->difficulty;
		return CDOK_OK;
	}
	cdok_grade_params_init(&gp);
	gp.solution = d->grid;
	st = cdok_grade(p, &gp, &gr, err);
	if (st != CDOK_OK)
		return st;
	*out = gr.outcome == CDOK_GRADE_LEVEL && gr.level == d->par->level
	       ? gr.difficulty : 0;
	return CDOK_OK;
}

/* Whether score sc is within the caller's band (with a level, the
 * score is 0 for a puzzle of another level). */
static bool in_band(const cdok_gen_params *par, uint64_t sc)
{
	if (par->level >= 0)
		return sc > 0;
	return (!par->min_score || sc >= par->min_score) &&
	       (!par->max_score || sc <= par->max_score);
}

static cdok_status no_puzzle(const struct dig *d, cdok_error *err)
{
	const cdok_gen_params *par = d->par;

	if (d->stopped)
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "stopped after "
				 "%llu steps", (unsigned long long)d->steps);
	if (par->level >= 0)
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no %s "
				 "Sudoku; other seeds or options may find one",
				 cdok_level_name(CDOK_SCALE_KILLER,
						 par->level));
	return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no unique Sudoku "
			 "scoring within the bounds asked for");
}

cdok_status cdki_gen_sudoku(const cdok_gen_params *par, const int *solution,
			    cdok_rng *rng, cdok_puzzle **out,
			    cdok_gen_result *result, cdok_error *err)
{
	struct dig d;
	cdok_puzzle *p = NULL;
	cdok_result proof;
	uint64_t sc = 0;
	int rows, cols;
	cdok_status st = check_params(par, &rows, &cols, err);

	*out = NULL;
	if (st != CDOK_OK)
		return st;
	memset(&d, 0, sizeof(d));
	d.par = par;
	d.rng = rng;
	d.n = par->size;
	d.ncells = d.n * d.n;
	d.npairs = (d.ncells + 1) / 2;
	d.grid = cdok_malloc((size_t)d.ncells * sizeof(int));
	d.pairs = cdok_malloc((size_t)d.ncells * sizeof(int));
	p = cdok_puzzle_new(d.n);
	if (!d.grid || !d.pairs || !p ||
	    cdok_puzzle_set_boxes(p, rows, cols) != CDOK_OK) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	if (solution) {
		if (!cdki_grid_is_latin(solution, d.n, rows, cols)) {
			st = cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "the grid "
				       "is no solved Sudoku of size %d with "
				       "%d x %d boxes", d.n, rows, cols);
			goto out;
		}
		memcpy(d.grid, solution, (size_t)d.ncells * sizeof(int));
	}
	st = CDOK_ERR_LIMIT;
	for (int attempt = 0; attempt < SUDOKU_ATTEMPTS; attempt++) {
		d.single = attempt >= SUDOKU_SYMMETRIC;
		if (!solution) {
			st = cdok_generate_sudoku(d.n, rows, cols, rng,
						  d.grid);
			if (st != CDOK_OK) {
				st = cdki_fail(err, st, 0, 0, "found no "
					       "solution grid of size %d",
					       d.n);
				goto out;
			}
		}
		CDOK_ASSERT(cdki_grid_is_latin(d.grid, d.n, rows, cols));
		st = dig(&d, p);
		if (st == CDOK_ERR_NOMEM) {
			st = cdki_fail(err, st, 0, 0, "out of memory");
			goto out;
		}
		if (st != CDOK_OK)
			break;
		/* Every puzzle handed out has the solver's proof. */
		st = cdki_gen_prove(p, &proof, err);
		if (st != CDOK_OK)
			goto out;
		st = score(&d, p, &proof, &sc, err);
		if (st != CDOK_OK)
			goto out;
		if (in_band(par, sc))
			break;
		st = CDOK_ERR_LIMIT;
		/* Without a level or bounds there is nothing to try again
		 * for. */
		if (par->level < 0 && !par->min_score && !par->max_score)
			break;
	}
	if (st != CDOK_OK) {
		st = no_puzzle(&d, err);
		goto out;
	}
	cdki_gen_report(result, sc, &proof, d.grid, d.ncells);
	*out = p;
	p = NULL;
out:
	cdok_puzzle_free(p);
	free(d.grid);
	free(d.pairs);
	return st;
}
