/* generate_killer.c -- Killer Sudoku puzzles with exactly one solution:
 * sum cages whose values all differ, over a solved Sudoku grid, with no
 * givens.
 *
 * The steps (doc/GENERATOR.md, "Killer Sudoku", gives the reasons and
 * the figures):
 *
 *  1. A solved Sudoku grid (cdok_generate_sudoku): randomised
 *     backtracking, fewest candidates first, restarted with fresh
 *     randomness when a fill runs long.
 *  2. Cut the grid into cages: connected regions of 2..max_cage cells,
 *     mostly 2 to 4, whose values all differ.  A cell left on its own
 *     joins a neighbouring cage that has room and lacks its value, or
 *     pairs up with a cell that a larger neighbouring cage can spare.
 *  3. Repair until unique.  The solver's reasoning runs first; when few
 *     cells stay open, a search with a node budget either proves the
 *     puzzle unique or finds a second solution.  A second solution is
 *     ruled out by a local change at a cell where the two differ: the
 *     cell moves to a neighbouring cage, its cage is split, or it swaps
 *     places with a neighbour in another cage.  Each change is kept only
 *     if a cage's sum (or its distinct values) now tells the two
 *     solutions apart.  When reasoning leaves many cells open, cages
 *     around them are split or reshaped.  A partition that does not
 *     converge is thrown away and cut again.
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

#include "internal.h"

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
	int n, ncells, box_rows, box_cols;
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

cdok_status cdok_generate_sudoku(int n, int box_rows, int box_cols,
				 cdok_rng *rng, int *values)
{
	struct fill f;
	size_t nc = (size_t)n * (size_t)n;
	cdok_status st = CDOK_ERR_LIMIT;
	long budget;

	if (n < 1 || n > CDOK_MAX_SIZE || box_rows < 1 || box_cols < 1 ||
	    box_rows * box_cols != n)
		return CDOK_ERR_INVALID;
	memset(&f, 0, sizeof(f));
	f.n = n;
	f.ncells = (int)nc;
	f.box_rows = box_rows;
	f.box_cols = box_cols;
	f.values = values;
	f.row = calloc((size_t)n, sizeof(uint64_t));
	f.col = calloc((size_t)n, sizeof(uint64_t));
	f.box = calloc((size_t)n, sizeof(uint64_t));
	f.box_of = malloc(nc * sizeof(int));
	f.cell_at = malloc(nc * sizeof(int));
	f.untried = malloc(nc * sizeof(uint64_t));
	if (!f.row || !f.col || !f.box || !f.box_of || !f.cell_at ||
	    !f.untried) {
		st = CDOK_ERR_NOMEM;
		goto out;
	}
	for (int cell = 0; cell < f.ncells; cell++)
		f.box_of[cell] = box_index(n, box_rows, box_cols, cell);
	/* Most fills need no backtracking at all; a budget that doubles on
	 * each restart ends any unlucky streak, and the bound on restarts
	 * (by then the budget is astronomical) keeps the function total. */
	budget = 4L * f.ncells + 100;
	for (int attempt = 0; attempt < 40; attempt++) {
		if (fill_once(&f, rng, budget)) {
			st = CDOK_OK;
			break;
		}
		if (budget < (1L << 40))
			budget *= 2;
	}
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
	/* Solutions seen by the last uniqueness check. */
	int *sols[2];
	int nsols;
	const int *other;     /* a solution other than grid, if any */
	/* Scratch. */
	int *cells, *queue, *mark, *list;
	uint64_t *dom;
};

static int rnd(struct kgen *g, int bound)
{
	return (int)cdok_rng_below(g->rng, (uint64_t)bound);
}

static int neighbours(const struct kgen *g, int cell, int *out)
{
	int n = g->n, r = cell / n, c = cell % n, k = 0;

	if (r > 0)
		out[k++] = cell - n;
	if (r + 1 < n)
		out[k++] = cell + n;
	if (c > 0)
		out[k++] = cell - 1;
	if (c + 1 < n)
		out[k++] = cell + 1;
	return k;
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

/* Cut the grid into regions: cells in random order each start a region
 * of a drawn size, grown by random free neighbours whose values are not
 * in it yet.  False if a cell is left that no region can take. */
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
	int64_t *delta = (int64_t *)g->dom;
	uint64_t *seen = g->dom + g->ncells;
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

	if (size < 4)
		return false;
	want = 2 + rnd(g, size - 3);
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

/* Change the partition near one of the candidate cells: where the grid
 * and a second solution differ (exclude = that solution, which the
 * change must rule out), or where reasoning leaves cells open (exclude
 * = NULL: more information is needed there, and smaller cages give
 * it).  A few cells and change kinds are tried in random order. */
static bool repair(struct kgen *g, const int *cand, int ncand,
		   const int *exclude)
{
	static const enum change kinds[3] = {CHANGE_MOVE, CHANGE_SWAP,
					     CHANGE_SPLIT};

	for (int tries = 0; tries < 8 && ncand; tries++) {
		int d = cand[rnd(g, ncand)], first = rnd(g, 3);

		if (!exclude && try_change(g, CHANGE_SPLIT, d, NULL))
			return true;
		for (int k = 0; k < 3; k++)
			if (try_change(g, kinds[(first + k) % 3], d, exclude))
				return true;
	}
	return false;
}

/* Make one unique puzzle from the grid, or fail after a bounded number
 * of partitions.  On success *best holds the puzzle and *res the
 * solver's uniqueness proof of it.
 *
 * Each round runs the solver's reasoning alone first: when it decides
 * every cell the puzzle is unique, and when only a few cells stay open
 * a short search settles it or finds a second solution to rule out.
 * With many cells open the partition needs more information first. */
static cdok_status make_unique(struct kgen *g, cdok_puzzle **best,
			       cdok_result *res)
{
	int max_steps = g->ncells + 40, *cand = g->list + g->ncells;

	for (int attempt = 0; attempt < 200; attempt++) {
		if (!partition(g))
			continue;
		for (int step = 0; step < max_steps; step++) {
			const int *exclude = NULL;
			cdok_puzzle *p = build_puzzle(g);
			int ncand = 0, root, u;

			if (!p)
				return CDOK_ERR_NOMEM;
			root = cdok_root_domains(p, g->dom);
			if (root < 0) {
				/* The grid meets every clue, so this means
				 * memory ran out. */
				cdok_puzzle_free(p);
				return CDOK_ERR_NOMEM;
			}
			for (int i = 0; i < g->ncells; i++)
				if (g->dom[i] & (g->dom[i] - 1))
					cand[ncand++] = i;
			if (root == 1 || ncand <= 3 * g->n) {
				u = check_unique(g, p, res);
				if (u < 0) {
					cdok_puzzle_free(p);
					return CDOK_ERR_NOMEM;
				}
				if (u == 1) {
					*best = p;
					return CDOK_OK;
				}
				if (g->other) {
					exclude = g->other;
					ncand = 0;
					for (int i = 0; i < g->ncells; i++)
						if (exclude[i] != g->grid[i])
							cand[ncand++] = i;
				}
			}
			cdok_puzzle_free(p);
			if (!repair(g, cand, ncand, exclude))
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
	free(g->sols[0]);
	free(g->sols[1]);
	free(g->cells);
	free(g->queue);
	free(g->mark);
	free(g->list);
	free(g->dom);
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
	g->node_budget = 200 + nc;
	g->grid = grid;
	g->region = malloc(nc * sizeof(int));
	g->rsize = calloc(nc, sizeof(int));
	g->rvals = calloc(nc, sizeof(uint64_t));
	g->undo = malloc(nc * sizeof(int));
	g->saved = malloc(nc * sizeof(int));
	g->sols[0] = malloc(nc * sizeof(int));
	g->sols[1] = malloc(nc * sizeof(int));
	g->cells = malloc(nc * sizeof(int));
	g->queue = malloc(nc * sizeof(int));
	g->mark = calloc(nc, sizeof(int));
	g->list = malloc(2 * nc * sizeof(int) + 16 * sizeof(int));
	g->dom = malloc(2 * nc * sizeof(uint64_t));
	return g->region && g->rsize && g->rvals && g->undo && g->saved &&
	       g->sols[0] && g->sols[1] && g->cells && g->queue && g->mark &&
	       g->list && g->dom;
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
	grid = malloc((size_t)par->size * (size_t)par->size * sizeof(int));
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
	 * too high, cut the grid again. */
	for (int tries = 0; tries < 50; tries++) {
		st = make_unique(&g, &best, &res);
		if (st != CDOK_OK)
			break;
		best_score = score_of(&g, best, &res);
		if (!par->max_score || best_score <= par->max_score)
			break;
		cdok_puzzle_free(best);
		best = NULL;
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
