/* generate_killer.c -- Killer Sudoku puzzles with exactly one solution:
 * sum cages whose values all differ, over a solved Sudoku grid, with no
 * givens.
 *
 * The steps (doc/GENERATOR.md, "Killer Sudoku", gives the reasons and
 * the figures):
 *
 *  1. A solved Sudoku grid (cdok_generate_sudoku): randomised
 *     backtracking, fewest candidates first, restarted with fresh
 *     randomness when a fill runs long (a shuffled pattern grid when
 *     that keeps failing, which happens only above 25 x 25).
 *  2. Cut the grid into cages: connected regions of 2..max_cage cells,
 *     mostly 2 to 4, whose values all differ, grown by Warnsdorff's rule.
 *     A cell left on its own joins a neighbouring cage that has room and
 *     lacks its value, or pairs up with a cell that a larger
 *     neighbouring cage can spare.
 *  3. Repair until unique.  The solver searches for two solutions with
 *     a node budget.  A second solution is ruled out by a local change
 *     at a cell where the two differ: the cell moves to a neighbouring
 *     cage, trades places with a neighbour in another cage, or its cage
 *     is split; a change is kept only if some cage's sum (or its
 *     distinct values) now tells the two solutions apart.  When the
 *     search gives up, the cut says too little: a few random changes
 *     are tried and the one that leaves the fewest ways to meet the
 *     cages' sums is kept (weakness()).  A cut that does not converge
 *     is thrown away and made again; a grid that keeps failing is
 *     replaced (when the caller gave none).
 *  4. Harden (optional), as the Calcudoku generator does: random local
 *     changes (a cell moves, two cages merge, two cells swap), each kept
 *     only if the puzzle stays unique and its score rises without
 *     passing max_score.
 *
 * Every region keeps these invariants between steps: 2..max_cage cells,
 * orthogonally connected, values all different in the solution grid.
 * Every puzzle returned has passed the solver's uniqueness proof (limit
 * 2, complete) in its final form.  All randomness comes from the
 * caller's cdok_rng.
 */
#include <stdlib.h>
#include <string.h>

#include "generate/generate.h"

static uint64_t bit(int v)
{
	return (uint64_t)1 << v;
}

/* Values 1..n as a set. */
static uint64_t all_values(int n)
{
	return (((uint64_t)1 << n) - 1) << 1;
}

/* The value of the k-th set bit (from 0) of a set. */
static int nth_value(uint64_t set, int k)
{
	while (k-- > 0)
		set &= set - 1;
	return __builtin_ctzll(set);
}

static int box_index(int n, int box_rows, int box_cols, int cell)
{
	int r = cell / n, c = cell % n;

	return (r / box_rows) * (n / box_cols) + c / box_cols;
}

/* ------------------------------------------------------------------ */
/* Solved Sudoku grids                                                 */

struct fill {
	int n, ncells;
	int *values;          /* the grid being filled, 0 = empty */
	uint64_t *row, *col, *box;  /* values used per unit */
	int *box_of;          /* cell -> box */
	int *cell_at;         /* search depth -> the cell filled there */
	uint64_t *untried;    /* search depth -> values not tried yet */
};

static void fill_place(struct fill *f, int cell, int v)
{
	f->values[cell] = v;
	f->row[cell / f->n] |= bit(v);
	f->col[cell % f->n] |= bit(v);
	f->box[f->box_of[cell]] |= bit(v);
}

static void fill_clear(struct fill *f, int cell)
{
	uint64_t b = bit(f->values[cell]);

	f->values[cell] = 0;
	f->row[cell / f->n] &= ~b;
	f->col[cell % f->n] &= ~b;
	f->box[f->box_of[cell]] &= ~b;
}

/* The empty cell with the fewest candidates, its candidates in *cand;
 * -1 when the grid is full. */
static int fill_pick(const struct fill *f, uint64_t *cand)
{
	int best = -1, best_count = 64;
	uint64_t all = all_values(f->n);

	for (int cell = 0; cell < f->ncells; cell++) {
		uint64_t c;
		int k;

		if (f->values[cell])
			continue;
		c = all & ~(f->row[cell / f->n] | f->col[cell % f->n] |
			    f->box[f->box_of[cell]]);
		k = __builtin_popcountll(c);
		if (k < best_count) {
			best = cell;
			best_count = k;
			*cand = c;
			if (k <= 1)
				break;
		}
	}
	return best;
}

/* One randomised backtracking fill from an empty grid, trying values in
 * random order.  Returns false when it used up its node budget (the
 * caller starts again with fresh randomness: a fill that went wrong
 * early can take very long to back out of). */
static bool fill_once(struct fill *f, cdok_rng *rng, long budget)
{
	int depth = 0;
	long nodes = 0;

	memset(f->values, 0, (size_t)f->ncells * sizeof(int));
	memset(f->row, 0, (size_t)f->n * sizeof(uint64_t));
	memset(f->col, 0, (size_t)f->n * sizeof(uint64_t));
	memset(f->box, 0, (size_t)f->n * sizeof(uint64_t));
	for (;;) {
		uint64_t cand = 0;
		int cell = fill_pick(f, &cand), v;

		if (cell < 0)
			return true;
		f->cell_at[depth] = cell;
		f->untried[depth] = cand;
		while (!f->untried[depth]) {
			if (depth == 0)
				return false;   /* no grid: cannot happen */
			depth--;
			fill_clear(f, f->cell_at[depth]);
		}
		v = nth_value(f->untried[depth],
			      (int)cdok_rng_below(rng, (uint64_t)
				__builtin_popcountll(f->untried[depth])));
		f->untried[depth] &= ~bit(v);
		fill_place(f, f->cell_at[depth], v);
		depth++;
		if (++nodes > budget)
			return false;
	}
}

/* A random permutation of 0..k-1 into a. */
static void permutation(cdok_rng *rng, int *a, int k)
{
	for (int i = 0; i < k; i++)
		a[i] = i;
	for (int i = k - 1; i > 0; i--) {
		int j = (int)cdok_rng_below(rng, (uint64_t)i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* The fallback for grids too large for backtracking to fill quickly: a
 * pattern grid (row r shifted by box_cols * (r % box_rows) + r /
 * box_rows) with its symbols, the rows of each band, the bands, the
 * columns of each stack and the stacks permuted at random.  Each of
 * those keeps rows, columns and boxes whole, so the result is a Sudoku,
 * if a less varied one. */
static cdok_status pattern_grid(int n, int box_rows, int box_cols,
				cdok_rng *rng, int *values)
{
	int *sym = cdok_malloc((size_t)n * sizeof(int));
	int *rows = cdok_malloc((size_t)n * sizeof(int));
	int *cols = cdok_malloc((size_t)n * sizeof(int));
	int *tmp = cdok_malloc((size_t)n * sizeof(int));
	int bands = n / box_rows, stacks = n / box_cols;

	if (!sym || !rows || !cols || !tmp) {
		free(sym);
		free(rows);
		free(cols);
		free(tmp);
		return CDOK_ERR_NOMEM;
	}
	permutation(rng, sym, n);
	/* rows[i]: the pattern row shown as row i. */
	permutation(rng, tmp, bands);
	for (int b = 0; b < bands; b++) {
		permutation(rng, rows + b * box_rows, box_rows);
		for (int i = 0; i < box_rows; i++)
			rows[b * box_rows + i] += tmp[b] * box_rows;
	}
	permutation(rng, tmp, stacks);
	for (int s = 0; s < stacks; s++) {
		permutation(rng, cols + s * box_cols, box_cols);
		for (int i = 0; i < box_cols; i++)
			cols[s * box_cols + i] += tmp[s] * box_cols;
	}
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int pr = rows[r], pc = cols[c];

			values[r * n + c] = sym[(box_cols * (pr % box_rows) +
						 pr / box_rows + pc) % n] + 1;
		}
	free(sym);
	free(rows);
	free(cols);
	free(tmp);
	return CDOK_OK;
}

cdok_status cdok_generate_sudoku(int n, int box_rows, int box_cols,
				 cdok_rng *rng, int *values)
{
	struct fill f;
	size_t nc = (size_t)n * (size_t)n;
	cdok_status st = CDOK_ERR_NOMEM;
	long budget;

	if (n < 1 || n > CDOK_MAX_SIZE || box_rows < 1 || box_cols < 1 ||
	    box_rows * box_cols != n)
		return CDOK_ERR_INVALID;
	memset(&f, 0, sizeof(f));
	f.n = n;
	f.ncells = (int)nc;
	f.values = values;
	f.row = cdok_calloc((size_t)n, sizeof(uint64_t));
	f.col = cdok_calloc((size_t)n, sizeof(uint64_t));
	f.box = cdok_calloc((size_t)n, sizeof(uint64_t));
	f.box_of = cdok_malloc(nc * sizeof(int));
	f.cell_at = cdok_malloc(nc * sizeof(int));
	f.untried = cdok_malloc(nc * sizeof(uint64_t));
	if (!f.row || !f.col || !f.box || !f.box_of || !f.cell_at ||
	    !f.untried)
		goto out;
	for (int cell = 0; cell < f.ncells; cell++)
		f.box_of[cell] = box_index(n, box_rows, box_cols, cell);
	/* Up to 25 x 25, fills rarely need to back up far, and a budget
	 * that doubles on each restart ends an unlucky streak.  Larger
	 * grids can wander for a very long time (each step also costs more
	 * there), so after one try they take the pattern grid instead. */
	budget = 4L * f.ncells + 100;
	st = CDOK_ERR_LIMIT;
	for (int attempt = 0; attempt < (n <= 25 ? 4 : 1) && st != CDOK_OK;
	     attempt++) {
		if (fill_once(&f, rng, budget))
			st = CDOK_OK;
		budget *= 2;
	}
	if (st != CDOK_OK)
		st = pattern_grid(n, box_rows, box_cols, rng, values);
out:
	free(f.row);
	free(f.col);
	free(f.box);
	free(f.box_of);
	free(f.cell_at);
	free(f.untried);
	return st;
}

/* ------------------------------------------------------------------ */
/* The generator's state                                               */

struct kgen {
	const cdok_gen_params *par;
	cdok_rng *rng;
	int n, ncells;
	int box_rows, box_cols;
	int max_cage;
	uint64_t node_budget;
	const int *grid;      /* the solution */
	/* The partition: cell -> region, and per region (ncells slots) its
	 * number of cells (0: unused slot) and the set of its values. */
	int *region;
	int *rsize;
	uint64_t *rvals;
	int *undo;            /* region before a change that may fail */
	int *saved;           /* region before a hardening step */
	int *best;            /* the best change strengthen() has seen */
	/* log_sets[k * (max_cage * n + 1) + t]: log2 of the number of sets
	 * of k distinct values of 1..n that sum to t (0 when none), in
	 * 1/1024ths: integers, so that every machine compares alike. */
	int64_t *log_sets;
	/* Solutions seen by the last uniqueness check. */
	int *sols[2];
	int nsols;
	const int *other;     /* a solution other than grid, if any */
	/* Scratch. */
	int *cells, *queue, *mark, *list;
	int64_t *rsum;        /* region -> a sum */
	uint64_t *seen;       /* region -> a set of values */
};

static int rnd(struct kgen *g, int bound)
{
	return (int)cdok_rng_below(g->rng, (uint64_t)bound);
}

static int neighbours(const struct kgen *g, int cell, int *out)
{
	return cdok_grid_neighbours(g->n, cell, out);
}

static void shuffle(struct kgen *g, int *a, int k)
{
	for (int i = k - 1; i > 0; i--) {
		int j = rnd(g, i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

static int region_cells(const struct kgen *g, int r, int *out)
{
	int k = 0;

	for (int i = 0; i < g->ncells; i++)
		if (g->region[i] == r)
			out[k++] = i;
	return k;
}

/* A slot no region uses. */
static int free_region(const struct kgen *g)
{
	for (int r = 0; r < g->ncells; r++)
		if (!g->rsize[r])
			return r;
	return -1;   /* cannot happen: there are as many slots as cells */
}

/* Move a cell to region r, keeping sizes and value sets up to date. */
static void move_cell(struct kgen *g, int cell, int r)
{
	int from = g->region[cell];
	uint64_t b = bit(g->grid[cell]);

	if (from >= 0) {
		g->rsize[from]--;
		g->rvals[from] &= ~b;
	}
	g->region[cell] = r;
	g->rsize[r]++;
	g->rvals[r] |= b;
}

/* Whether cell may join region r: room, and its value not there yet. */
static bool fits(const struct kgen *g, int cell, int r)
{
	return g->rsize[r] < g->max_cage &&
	       !(g->rvals[r] & bit(g->grid[cell]));
}

/* Recompute sizes and value sets from region[].  False if some region
 * is too large or repeats a value. */
static bool recount(struct kgen *g)
{
	bool ok = true;

	memset(g->rsize, 0, (size_t)g->ncells * sizeof(int));
	memset(g->rvals, 0, (size_t)g->ncells * sizeof(uint64_t));
	for (int i = 0; i < g->ncells; i++) {
		int r = g->region[i];
		uint64_t b = bit(g->grid[i]);

		if (g->rvals[r] & b)
			ok = false;
		g->rvals[r] |= b;
		if (++g->rsize[r] > g->max_cage)
			ok = false;
	}
	return ok;
}

static void snapshot(struct kgen *g, int *to)
{
	memcpy(to, g->region, (size_t)g->ncells * sizeof(int));
}

static void roll_back(struct kgen *g, const int *from)
{
	memcpy(g->region, from, (size_t)g->ncells * sizeof(int));
	recount(g);
}

/* The cells of region r other than skip, as connected pieces: how many
 * pieces there are, and the size of the smallest in *smallest. */
static int pieces_without(struct kgen *g, int r, int skip, int *smallest)
{
	int k = region_cells(g, r, g->cells), pieces = 0;

	*smallest = g->ncells;
	for (int i = 0; i < k; i++)
		g->mark[g->cells[i]] = g->cells[i] != skip;
	for (int i = 0; i < k; i++) {
		int head = 0, tail = 0;

		if (!g->mark[g->cells[i]])
			continue;
		g->queue[tail++] = g->cells[i];
		g->mark[g->cells[i]] = 0;
		while (head < tail) {
			int nb[4], m = neighbours(g, g->queue[head++], nb);

			for (int j = 0; j < m; j++)
				if (g->region[nb[j]] == r && g->mark[nb[j]]) {
					g->mark[nb[j]] = 0;
					g->queue[tail++] = nb[j];
				}
		}
		pieces++;
		if (tail < *smallest)
			*smallest = tail;
	}
	return pieces;
}

/* Whether region r stays one connected piece (of at least 2 cells, as
 * r has at least 3) without cell skip. */
static bool can_spare(struct kgen *g, int r, int skip)
{
	int smallest;

	return g->rsize[r] >= 3 && pieces_without(g, r, skip, &smallest) == 1;
}

/* Relabel the partition so that every connected piece of a region is a
 * region of its own (a change may have cut a region in two). */
static void split_pieces(struct kgen *g)
{
	int *lab = g->list, next = 0;

	for (int i = 0; i < g->ncells; i++)
		lab[i] = -1;
	for (int i = 0; i < g->ncells; i++) {
		int head = 0, tail = 0;

		if (lab[i] >= 0)
			continue;
		g->queue[tail++] = i;
		lab[i] = next;
		while (head < tail) {
			int cell = g->queue[head++], nb[4];
			int m = neighbours(g, cell, nb);

			for (int j = 0; j < m; j++)
				if (lab[nb[j]] < 0 &&
				    g->region[nb[j]] == g->region[cell]) {
					lab[nb[j]] = next;
					g->queue[tail++] = nb[j];
				}
		}
		next++;
	}
	memcpy(g->region, lab, (size_t)g->ncells * sizeof(int));
}

/* Find a home for a cell that is a region on its own: the smallest
 * neighbouring region it fits in, else a pair with a neighbour that a
 * region of three or more can spare.  (Orthogonal neighbours share a row
 * or a column, so their values always differ.) */
static bool absorb_single(struct kgen *g, int s)
{
	int nb[4], m = neighbours(g, s, nb), best = -1, r = g->region[s];

	shuffle(g, nb, m);
	for (int j = 0; j < m; j++) {
		int r2 = g->region[nb[j]];

		if (r2 != r && fits(g, s, r2) &&
		    (best < 0 || g->rsize[r2] < g->rsize[best]))
			best = r2;
	}
	if (best >= 0) {
		move_cell(g, s, best);
		return true;
	}
	for (int j = 0; j < m; j++) {
		int r2 = g->region[nb[j]];

		if (r2 != r && can_spare(g, r2, nb[j])) {
			move_cell(g, nb[j], r);
			return true;
		}
	}
	return false;
}

/* Bring the partition back to its invariants after a change: connected
 * regions, no single cells, none too large, no value twice in a region.
 * Returns false if that cannot be done here (the caller rolls back). */
static bool settle(struct kgen *g)
{
	split_pieces(g);
	if (!recount(g))
		return false;
	for (int cell = 0; cell < g->ncells; cell++)
		if (g->rsize[g->region[cell]] == 1 && !absorb_single(g, cell))
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* Partition                                                           */

/* Cage sizes drawn with these weights (index = size), cut at max_cage:
 * mostly 2 to 4 cells, as in published Killer Sudoku. */
static int draw_size(struct kgen *g)
{
	static const int w[] = {0, 0, 35, 35, 20, 7, 3};
	int top = g->max_cage < 6 ? g->max_cage : 6, total = 0, x;

	for (int s = 2; s <= top; s++)
		total += w[s];
	x = rnd(g, total);
	for (int s = 2; s <= top; s++) {
		if (x < w[s])
			return s;
		x -= w[s];
	}
	return 2;
}

/* How many of a cell's neighbours are in no region yet. */
static int free_degree(const struct kgen *g, int cell)
{
	int nb[4], m = neighbours(g, cell, nb), k = 0;

	for (int j = 0; j < m; j++)
		k += g->region[nb[j]] < 0;
	return k;
}

/* Keep, of the k cells in list, those with the fewest free neighbours;
 * returns how many. */
static int fewest_free(const struct kgen *g, int *list, int k)
{
	int best = 5, kept = 0;

	for (int i = 0; i < k; i++) {
		int d = free_degree(g, list[i]);

		if (d < best) {
			best = d;
			kept = 0;
		}
		if (d == best)
			list[kept++] = list[i];
	}
	return kept;
}

/* Cut the grid into regions: cells in random order each start a region
 * of a drawn size, grown by random free neighbours whose values are not
 * in it yet.  A region grows into the free cells with the fewest free
 * neighbours of their own (Warnsdorff's rule), so that few cells are
 * left cut off: with cages of at most 2 cells, the plain random growth
 * left a cell no pair could take in most 8 x 8 cuts.  False if a cell
 * is left that no region can take. */
static bool partition(struct kgen *g)
{
	int *order = g->queue, nreg = 0;

	for (int i = 0; i < g->ncells; i++) {
		g->region[i] = -1;
		g->rsize[i] = 0;
		g->rvals[i] = 0;
		order[i] = i;
	}
	shuffle(g, order, g->ncells);
	for (int i = 0; i < g->ncells; i++) {
		int start = order[i], want, r, size = 1;

		if (g->region[start] >= 0)
			continue;
		want = draw_size(g);
		r = nreg++;
		move_cell(g, start, r);
		g->cells[0] = start;
		while (size < want) {
			int nfree = 0, nb[4];

			for (int k = 0; k < size; k++) {
				int m = neighbours(g, g->cells[k], nb);

				for (int j = 0; j < m; j++)
					if (g->region[nb[j]] < 0 &&
					    fits(g, nb[j], r))
						g->list[nfree++] = nb[j];
			}
			if (!nfree)
				break;
			nfree = fewest_free(g, g->list, nfree);
			g->cells[size] = g->list[rnd(g, nfree)];
			move_cell(g, g->cells[size], r);
			size++;
		}
	}
	for (int cell = 0; cell < g->ncells; cell++)
		if (g->rsize[g->region[cell]] == 1 && !absorb_single(g, cell))
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* Uniqueness                                                          */

/* The puzzle the partition describes: boxes, and one distinct sum cage
 * per region, in the order of their first cells (so labels run A, B, ...
 * in reading order when it is written). */
static cdok_puzzle *build_puzzle(struct kgen *g)
{
	cdok_puzzle *p = cdok_puzzle_new(g->n);

	if (!p)
		return NULL;
	if (cdok_puzzle_set_boxes(p, g->box_rows, g->box_cols) != CDOK_OK)
		goto fail;
	memset(g->mark, 0, (size_t)g->ncells * sizeof(int));
	for (int cell = 0; cell < g->ncells; cell++) {
		int r = g->region[cell], k, index;
		int64_t sum = 0;

		if (g->mark[r])
			continue;
		g->mark[r] = 1;
		k = region_cells(g, r, g->cells);
		for (int i = 0; i < k; i++)
			sum += g->grid[g->cells[i]];
		if (cdok_puzzle_add_cage(p, CDOK_OP_ADD, sum, g->cells, k, NULL,
					 &index) != CDOK_OK ||
		    cdok_puzzle_set_cage_distinct(p, index, 1) != CDOK_OK)
			goto fail;
	}
	memset(g->mark, 0, (size_t)g->ncells * sizeof(int));
	return p;
fail:
	cdok_puzzle_free(p);
	return NULL;
}

static int keep_solution(void *user, const int *values)
{
	struct kgen *g = user;

	if (g->nsols < 2)
		memcpy(g->sols[g->nsols], values,
		       (size_t)g->ncells * sizeof(int));
	g->nsols++;
	return 0;
}

/* Count p's solutions up to 2 within the node budget.  Returns 1 for a
 * proven unique puzzle, 0 otherwise (g->other is then a second solution
 * when one was found), -1 if memory ran out. */
static int check_unique(struct kgen *g, const cdok_puzzle *p,
			cdok_result *res)
{
	cdok_solve_params params;

	cdok_solve_params_init(&params);
	params.limit = 2;
	/* A partition the solver cannot settle quickly is not worth
	 * keeping, and the budget bounds generation time.  Giving up
	 * counts as "not unique yet", never as unique. */
	params.max_nodes = g->node_budget;
	params.on_solution = keep_solution;
	params.user = g;
	g->nsols = 0;
	g->other = NULL;
	if (cdok_solve(p, &params, NULL, res, NULL) != CDOK_OK)
		return -1;
	for (int i = 0; i < g->nsols && i < 2; i++)
		if (memcmp(g->sols[i], g->grid,
			   (size_t)g->ncells * sizeof(int)))
			g->other = g->sols[i];
	return res->count == 1 && res->complete && !g->other;
}

/* Whether the partition rules out grid x: some region whose sum differs
 * from the solution's, or that holds a value of x twice. */
static bool rules_out(struct kgen *g, const int *x)
{
	int64_t *delta = g->rsum;
	uint64_t *seen = g->seen;
	bool out = false;

	memset(delta, 0, (size_t)g->ncells * sizeof(int64_t));
	memset(seen, 0, (size_t)g->ncells * sizeof(uint64_t));
	for (int i = 0; i < g->ncells && !out; i++) {
		int r = g->region[i];

		delta[r] += x[i] - g->grid[i];
		if (seen[r] & bit(x[i]))
			out = true;
		seen[r] |= bit(x[i]);
	}
	for (int r = 0; r < g->ncells && !out; r++)
		if (delta[r])
			out = true;
	return out;
}

/* ---- local changes ---- */

/* Cell d leaves its region for a neighbouring one it fits in. */
static bool change_move(struct kgen *g, int d)
{
	int nb[4], m = neighbours(g, d, nb);

	shuffle(g, nb, m);
	for (int j = 0; j < m; j++) {
		int r2 = g->region[nb[j]];

		if (r2 != g->region[d] && fits(g, d, r2)) {
			move_cell(g, d, r2);
			return true;
		}
	}
	return false;
}

/* Cell d and a neighbour in another region trade places.  Sizes stay;
 * the connectivity and distinct values are settle's to check. */
static bool change_swap(struct kgen *g, int d)
{
	int nb[4], m = neighbours(g, d, nb), r = g->region[d];

	shuffle(g, nb, m);
	for (int j = 0; j < m; j++) {
		int e = nb[j], r2 = g->region[e];

		if (r2 == r || (g->rvals[r2] & ~bit(g->grid[e]) &
				bit(g->grid[d])) ||
		    (g->rvals[r] & ~bit(g->grid[d]) & bit(g->grid[e])))
			continue;
		move_cell(g, d, r2);
		move_cell(g, e, r);
		return true;
	}
	return false;
}

/* Split d's region in two: a piece grown from d to a random size, and
 * the rest (settle checks that no piece is a single cell). */
static bool change_split(struct kgen *g, int d)
{
	int r = g->region[d], size = g->rsize[r], want, s, have = 1;

	if (size < 3)
		return false;
	/* A 3-cell region splits into a pair and a cell that settle() puts
	 * into a neighbouring cage. */
	want = size == 3 ? 2 : 2 + rnd(g, size - 3);
	s = free_region(g);
	move_cell(g, d, s);
	g->cells[0] = d;
	while (have < want) {
		int nfree = 0, nb[4];

		for (int k = 0; k < have; k++) {
			int m = neighbours(g, g->cells[k], nb);

			for (int j = 0; j < m; j++)
				if (g->region[nb[j]] == r)
					g->list[nfree++] = nb[j];
		}
		if (!nfree)
			break;
		g->cells[have] = g->list[rnd(g, nfree)];
		move_cell(g, g->cells[have], s);
		have++;
	}
	return true;
}

/* Two neighbouring regions become one, if it fits: fewer, larger cages
 * tell less, which is what hardening wants. */
static bool change_merge(struct kgen *g, int d)
{
	int nb[4], m = neighbours(g, d, nb), r = g->region[d];

	shuffle(g, nb, m);
	for (int j = 0; j < m; j++) {
		int r2 = g->region[nb[j]];

		if (r2 == r || g->rsize[r] + g->rsize[r2] > g->max_cage ||
		    (g->rvals[r] & g->rvals[r2]))
			continue;
		for (int i = 0; i < g->ncells; i++)
			if (g->region[i] == r2)
				move_cell(g, i, r);
		return true;
	}
	return false;
}

enum change { CHANGE_MOVE, CHANGE_SWAP, CHANGE_SPLIT, CHANGE_MERGE };

/* Apply one kind of change at d and settle; on failure nothing changes.
 * With exclude, the change must also rule that grid out. */
static bool try_change(struct kgen *g, enum change kind, int d,
		       const int *exclude)
{
	bool ok;

	snapshot(g, g->undo);
	switch (kind) {
	case CHANGE_MOVE:
		ok = change_move(g, d);
		break;
	case CHANGE_SWAP:
		ok = change_swap(g, d);
		break;
	case CHANGE_SPLIT:
		ok = change_split(g, d);
		break;
	default:
		ok = change_merge(g, d);
		break;
	}
	if (ok && settle(g) && (!exclude || rules_out(g, exclude)))
		return true;
	roll_back(g, g->undo);
	return false;
}

/* Rule out a second solution x: a local change at a cell where x and
 * the grid differ, kept only if some cage's sum (or its distinct
 * values) now tells them apart.  A few cells and change kinds are tried
 * in random order. */
static bool rule_out(struct kgen *g, const int *x)
{
	static const enum change kinds[3] = {CHANGE_MOVE, CHANGE_SWAP,
					     CHANGE_SPLIT};
	int *cand = g->list + g->ncells, ncand = 0;

	for (int i = 0; i < g->ncells; i++)
		if (x[i] != g->grid[i])
			cand[ncand++] = i;
	for (int tries = 0; tries < 8 && ncand; tries++) {
		int d = cand[rnd(g, ncand)], first = rnd(g, 3);

		for (int k = 0; k < 3; k++)
			if (try_change(g, kinds[(first + k) % 3], d, x))
				return true;
	}
	return false;
}

/* How much a partition leaves open: the sum over its cages of the log
 * of how many sets of distinct values have the cage's size and sum.  A
 * cage with one such set (two cells making 3, say) pins its values down
 * to an order; a middling sum over many cells says little. */
static int64_t weakness(struct kgen *g)
{
	int64_t *sum = g->rsum;
	int width = g->max_cage * g->n + 1;
	int64_t w = 0;

	memset(sum, 0, (size_t)g->ncells * sizeof(int64_t));
	for (int i = 0; i < g->ncells; i++)
		sum[g->region[i]] += g->grid[i];
	for (int r = 0; r < g->ncells; r++)
		if (g->rsize[r])
			w += g->log_sets[g->rsize[r] * width + sum[r]];
	return w;
}

/* The search gave up: the puzzle says too little for a quick proof.
 * Each step tries a few random changes (splits mostly: more, smaller
 * cages say more) and keeps the one that lowers weakness() most; larger
 * grids take a few steps per round, so that the rounds stay few.
 * Returns false if no change helped. */
static bool strengthen(struct kgen *g)
{
	static const enum change kinds[4] = {CHANGE_SPLIT, CHANGE_SPLIT,
					     CHANGE_MOVE, CHANGE_SWAP};
	int want = 1 + g->ncells / 32, done = 0;

	for (int step = 0; step < want; step++) {
		int64_t best = weakness(g);
		bool found = false;

		for (int t = 0; t < 8; t++) {
			int64_t w;

			if (!try_change(g, kinds[rnd(g, 4)], rnd(g, g->ncells),
					NULL))
				continue;
			w = weakness(g);
			if (w < best) {
				best = w;
				snapshot(g, g->best);
				found = true;
			}
			roll_back(g, g->undo);
		}
		if (found) {
			roll_back(g, g->best);
			done++;
		}
	}
	return done > 0;
}

/* Make one unique puzzle from the grid, or fail after a bounded number
 * of partitions.  On success *best holds the puzzle and *res the
 * solver's uniqueness proof of it.
 *
 * Each round searches with the node budget.  A second solution is ruled
 * out by a local change; a search that gives up asks for more
 * information.  (The solver's reasoning alone decides almost nothing
 * in a Killer puzzle without givens, so there is no point asking it
 * first, as the Calcudoku generator does.) */
static cdok_status make_unique(struct kgen *g, int partitions,
			       cdok_puzzle **best, cdok_result *res)
{
	int max_steps = 4 * g->n + 20;

	for (int attempt = 0; attempt < partitions; attempt++) {
		if (!partition(g))
			continue;
		for (int step = 0; step < max_steps; step++) {
			cdok_puzzle *p = build_puzzle(g);
			int u;
			bool changed;

			if (!p)
				return CDOK_ERR_NOMEM;
			u = check_unique(g, p, res);
			if (u == 1) {
				*best = p;
				return CDOK_OK;
			}
			cdok_puzzle_free(p);
			if (u < 0)
				return CDOK_ERR_NOMEM;
			changed = g->other ? rule_out(g, g->other)
					   : strengthen(g);
			if (!changed)
				break;
		}
	}
	return CDOK_ERR_LIMIT;
}

/* ------------------------------------------------------------------ */
/* Hardening                                                           */

/* One random change: a cell moves to a neighbouring cage, two cages
 * merge, or two neighbouring cells trade cages. */
static bool mutate(struct kgen *g)
{
	static const enum change kinds[4] = {CHANGE_MOVE, CHANGE_MOVE,
					     CHANGE_MERGE, CHANGE_SWAP};

	return try_change(g, kinds[rnd(g, 4)], rnd(g, g->ncells), NULL);
}

static uint64_t score_of(const struct kgen *g, const cdok_puzzle *p,
			 const cdok_result *res)
{
	if (g->par->score)
		return g->par->score(g->par->score_user, p, res);
	return res->difficulty;
}

/* Rounds of up to 10 random changes, each kept only if the puzzle stays
 * unique and its score rises without passing max_score. */
static cdok_status harden(struct kgen *g, cdok_puzzle **best,
			  uint64_t *best_score)
{
	const cdok_gen_params *par = g->par;

	for (int it = 0; it < par->iterations; it++) {
		if (par->target_score && *best_score >= par->target_score)
			break;
		for (int m = 0; m < 10; m++) {
			cdok_puzzle *p;
			cdok_result res;
			uint64_t sc;
			int u;

			snapshot(g, g->saved);
			if (!mutate(g))
				continue;
			p = build_puzzle(g);
			if (!p)
				return CDOK_ERR_NOMEM;
			u = check_unique(g, p, &res);
			if (u < 0) {
				cdok_puzzle_free(p);
				return CDOK_ERR_NOMEM;
			}
			if (u == 1) {
				sc = score_of(g, p, &res);
				if (sc > *best_score &&
				    (!par->max_score || sc <= par->max_score)) {
					cdok_puzzle_free(*best);
					*best = p;
					*best_score = sc;
					continue;
				}
			}
			cdok_puzzle_free(p);
			roll_back(g, g->saved);
		}
	}
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                         */

static void kgen_free(struct kgen *g)
{
	free(g->region);
	free(g->rsize);
	free(g->rvals);
	free(g->undo);
	free(g->saved);
	free(g->best);
	free(g->log_sets);
	free(g->sols[0]);
	free(g->sols[1]);
	free(g->cells);
	free(g->queue);
	free(g->mark);
	free(g->list);
	free(g->rsum);
	free(g->seen);
}

/* A monotone stand-in for 1024 * log2(x), x >= 1: exact at powers of
 * two and linear between them.  (The library does not link libm, and
 * integers compare alike on every machine, so seeds stay portable.) */
static int64_t rough_log2(uint64_t x)
{
	int e = 63 - __builtin_clzll(x);
	uint64_t frac = x - ((uint64_t)1 << e);

	/* frac < 2^e <= 2^60, so frac * 1024 could overflow: shift first
	 * when e is large. */
	frac = e >= 10 ? frac >> (e - 10) : frac << (10 - e);
	return ((int64_t)e << 10) + (int64_t)frac;
}

/* Fill log_sets: count the sets of k distinct values by adding the
 * values 1..n one at a time, as in the 0/1 knapsack.  The counts fit 64
 * bits: there are at most C(63, 31) < 2^60 sets of one size. */
static bool log_sets_init(struct kgen *g)
{
	int kmax = g->max_cage, width = kmax * g->n + 1;
	size_t cells = (size_t)(kmax + 1) * (size_t)width;
	uint64_t *ways = cdok_calloc(cells, sizeof(uint64_t));

	g->log_sets = cdok_malloc(cells * sizeof(int64_t));
	if (!ways || !g->log_sets) {
		free(ways);
		return false;
	}
	ways[0] = 1;
	for (int v = 1; v <= g->n; v++)
		for (int k = kmax; k >= 1; k--)
			for (int t = width - 1; t >= v; t--)
				ways[k * width + t] += ways[(k - 1) * width + t - v];
	for (size_t i = 0; i < cells; i++)
		g->log_sets[i] = ways[i] ? rough_log2(ways[i]) : 0;
	free(ways);
	return true;
}

static bool kgen_init(struct kgen *g, const cdok_gen_params *par,
		      cdok_rng *rng, const int *grid, int box_rows,
		      int box_cols)
{
	size_t nc = (size_t)par->size * (size_t)par->size;

	memset(g, 0, sizeof(*g));
	g->par = par;
	g->rng = rng;
	g->n = par->size;
	g->ncells = (int)nc;
	g->box_rows = box_rows;
	g->box_cols = box_cols;
	/* A cage whose values all differ holds at most n cells. */
	g->max_cage = par->max_cage < g->n ? par->max_cage : g->n;
	/* Enough for the solver to settle most 9 x 9 cuts (104 nodes); a
	 * cut it cannot settle within it gets more information instead. */
	g->node_budget = 64 + nc / 2;
	g->grid = grid;
	g->region = cdok_malloc(nc * sizeof(int));
	g->rsize = cdok_calloc(nc, sizeof(int));
	g->rvals = cdok_calloc(nc, sizeof(uint64_t));
	g->undo = cdok_malloc(nc * sizeof(int));
	g->saved = cdok_malloc(nc * sizeof(int));
	g->best = cdok_malloc(nc * sizeof(int));
	g->sols[0] = cdok_malloc(nc * sizeof(int));
	g->sols[1] = cdok_malloc(nc * sizeof(int));
	g->cells = cdok_malloc(nc * sizeof(int));
	g->queue = cdok_malloc(nc * sizeof(int));
	g->mark = cdok_calloc(nc, sizeof(int));
	g->list = cdok_malloc(2 * nc * sizeof(int) + 16 * sizeof(int));
	g->rsum = cdok_malloc(nc * sizeof(int64_t));
	g->seen = cdok_malloc(nc * sizeof(uint64_t));
	if (!log_sets_init(g))
		return false;
	return g->region && g->rsize && g->rvals && g->undo && g->saved &&
	       g->best && g->sols[0] && g->sols[1] && g->cells && g->queue && g->mark &&
	       g->list && g->rsum && g->seen;
}

/* The box shape: the one asked for, or 0 x 0 for the usual one (3 x 3 at
 * size 9, otherwise the squarest r x c with r <= c).  Boxes one cell
 * wide are rows or columns again and add nothing, so they are refused. */
static cdok_status box_shape(const cdok_gen_params *par, int *rows, int *cols,
			     cdok_error *err)
{
	int n = par->size;

	if (!par->box_rows && !par->box_cols) {
		for (int r = 2; r * r <= n; r++)
			if (n % r == 0) {
				*rows = r;
				*cols = n / r;
			}
		if (*rows)
			return CDOK_OK;
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "size %d cannot be tiled by boxes (boxes "
				 "need at least 2 rows and 2 columns)", n);
	}
	if (par->box_rows < 2 || par->box_cols < 2 ||
	    par->box_rows * par->box_cols != n)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "boxes of %d x %d cells do not tile a grid "
				 "of size %d (rows x columns must make %d, "
				 "each at least 2)", par->box_rows,
				 par->box_cols, n, n);
	*rows = par->box_rows;
	*cols = par->box_cols;
	return CDOK_OK;
}

static bool is_sudoku(const int *v, int n, int box_rows, int box_cols)
{
	for (int u = 0; u < n; u++) {
		uint64_t row = 0, col = 0, box = 0;
		int r0 = (u / (n / box_cols)) * box_rows;
		int c0 = (u % (n / box_cols)) * box_cols;

		for (int j = 0; j < n; j++) {
			int a = v[u * n + j], b = v[j * n + u];
			int c = v[(r0 + j / box_cols) * n + c0 + j % box_cols];

			if (a < 1 || a > n || b < 1 || b > n || c < 1 || c > n)
				return false;
			row |= bit(a);
			col |= bit(b);
			box |= bit(c);
		}
		if (row != all_values(n) || col != row || box != row)
			return false;
	}
	return true;
}

static cdok_status check_params(const cdok_gen_params *par, int *rows,
				int *cols, cdok_error *err)
{
	*rows = *cols = 0;
	if (par->size < 1 || par->size > CDOK_MAX_SIZE)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "size %d is outside 1..%d", par->size,
				 CDOK_MAX_SIZE);
	if (par->rules)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "a Killer Sudoku takes no rule flags "
				 "(Nylimb mode has no boxes)");
	if (par->max_cage < 2)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "Killer cages have at least 2 cells, so the "
				 "largest cage cannot be %d", par->max_cage);
	if (box_shape(par, rows, cols, err) != CDOK_OK)
		return CDOK_ERR_INVALID;
	if (par->max_cage == 2 && par->size % 2)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "a grid of %d cells cannot be cut into cages "
				 "of 2 cells", par->size * par->size);
	return CDOK_OK;
}

cdok_status cdok_generate_killer(const cdok_gen_params *par,
				 const int *solution, cdok_rng *rng,
				 cdok_puzzle **out, uint64_t *score,
				 cdok_error *err)
{
	struct kgen g;
	int *grid = NULL, rows, cols;
	cdok_puzzle *best = NULL;
	cdok_result res;
	uint64_t best_score = 0;
	cdok_status st;

	*out = NULL;
	st = check_params(par, &rows, &cols, err);
	if (st != CDOK_OK)
		return st;
	grid = cdok_malloc((size_t)par->size * (size_t)par->size * sizeof(int));
	if (!grid || !kgen_init(&g, par, rng, grid, rows, cols)) {
		free(grid);
		if (grid)
			kgen_free(&g);
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	if (solution) {
		memcpy(grid, solution, (size_t)g.ncells * sizeof(int));
		if (!is_sudoku(grid, g.n, rows, cols)) {
			st = cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				       "the solution grid is not a Sudoku of "
				       "size %d with %d x %d boxes", g.n, rows,
				       cols);
			goto out;
		}
	} else {
		st = cdok_generate_sudoku(g.n, rows, cols, rng, grid);
		if (st != CDOK_OK) {
			st = cdok_fail(err, st, 0, 0, st == CDOK_ERR_NOMEM ?
				       "out of memory" :
				       "found no Sudoku grid of size %d", g.n);
			goto out;
		}
	}

	/* Find a unique puzzle within max_score: when the first one scores
	 * too high, cut the grid again.  Some grids have no unique Killer
	 * puzzle at all (small grids whose values can be permuted without
	 * changing any possible cage's sum), so when partitions of one grid
	 * keep failing and the caller gave none, draw another grid. */
	for (int tries = 0; tries < 30; tries++) {
		st = make_unique(&g, 10, &best, &res);
		if (st == CDOK_ERR_NOMEM)
			break;
		if (st == CDOK_OK) {
			best_score = score_of(&g, best, &res);
			if (!par->max_score || best_score <= par->max_score)
				break;
			cdok_puzzle_free(best);
			best = NULL;
			st = CDOK_ERR_LIMIT;
		} else if (!solution) {
			st = cdok_generate_sudoku(g.n, rows, cols, rng, grid);
			if (st != CDOK_OK)
				break;
			st = CDOK_ERR_LIMIT;
		}
	}
	if (st == CDOK_OK && best)
		st = harden(&g, &best, &best_score);
	if (st == CDOK_ERR_NOMEM) {
		st = cdok_fail(err, st, 0, 0, "out of memory");
		goto out;
	}
	if (st != CDOK_OK || !best) {
		st = par->max_score ?
		     cdok_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no unique "
			       "Killer puzzle scoring at most %llu",
			       (unsigned long long)par->max_score) :
		     cdok_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no unique "
			       "Killer puzzle");
		goto out;
	}
	*out = best;
	best = NULL;
	if (score)
		*score = best_score;
out:
	cdok_puzzle_free(best);
	free(grid);
	kgen_free(&g);
	return st;
}
