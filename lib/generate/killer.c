/* killer.c -- the Killer Sudoku policy of the generator (generate.h):
 * sum cages of 2..max_cage cells whose values all differ, over a solved
 * Sudoku grid, with boxes and no givens (but where a level needs them:
 * generate.c, soften).
 *
 *  - Partition: connected regions, mostly 2 to 4 cells, whose values all
 *    differ, grown by Warnsdorff's rule.  A cell left on its own joins a
 *    neighbouring cage that has room and lacks its value, or pairs up
 *    with a cell that a larger neighbouring cage can spare.
 *  - Repairs: a second solution is ruled out by a local change at a cell
 *    where the two differ -- the cell moves to a neighbouring cage,
 *    trades places with a neighbour in another cage, or its cage is
 *    split -- kept only if some cage's sum (or its distinct values) now
 *    tells the two apart.  When the search gives up, the cut says too
 *    little: a few random changes are tried and the one that leaves the
 *    fewest ways to meet the cages' sums is kept (weakness()).  The
 *    solver's reasoning alone decides almost nothing in a Killer puzzle
 *    without givens, so it is not asked first.
 *  - Rounds: some grids have no unique Killer puzzle at all (small grids
 *    whose values can be permuted without changing any possible cage's
 *    sum), so a round that fails draws another grid (when the caller
 *    gave none).
 *  - Hardening: a cell moves, two cages merge, or two cells swap.
 *
 * Every region keeps these invariants between steps: 2..max_cage cells,
 * orthogonally connected, values all different in the solution grid.
 */
#include <stdlib.h>
#include <string.h>

#include "generate/generate.h"

/* The policy's state. */
struct killer {
	struct regions undo;  /* before a change that may fail */
	struct regions best;  /* the best change strengthen() has seen */
	/* log_sets[k * (max_cage * n + 1) + t]: log2 of the number of sets
	 * of k distinct values of 1..n that sum to t (0 when none), in
	 * 1/1024ths: integers, so that every machine compares alike. */
	int64_t *log_sets;
	int64_t *rsum;        /* region -> a sum */
	uint64_t *seen;       /* region -> a set of values */
};

static inline struct killer *K(const struct gen *g)
{
	return g->state;
}

static uint64_t bit(int v)
{
	return (uint64_t)1 << v;
}

#ifdef CDOK_DEBUG
/* Whether the partition keeps the invariants at the top of this file,
 * and its bookkeeping agrees: every region one connected piece of
 * 2..max_cage cells with values all different, whose slot counts its
 * cells and holds its values.  For CDOK_ASSERT only (a walk over the
 * grid): its own marks, so that the generator's scratch is left as it
 * was. */
static bool keeps_invariants(const struct gen *g)
{
	const struct regions *rg = &g->rg;
	int mark[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	int queue[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	bool seen[CDOK_MAX_SIZE * CDOK_MAX_SIZE] = {false};
	int total = 0;

	/* No slot counts cells that are not in its region. */
	for (int r = 0; r < rg->ncells; r++)
		total += rg->slot[r].size;
	if (total != rg->ncells)
		return false;
	for (int i = 0; i < rg->ncells; i++)
		mark[i] = 1;
	for (int i = 0; i < rg->ncells; i++) {
		int r = rg->of[i], size;
		uint64_t vals = 0;

		if (!mark[i])
			continue;
		/* A region met again through another piece is not
		 * connected. */
		if (r < 0 || seen[r])
			return false;
		seen[r] = true;
		size = cdki_regions_walk(rg, i, true, mark, queue);
		for (int j = 0; j < size; j++) {
			uint64_t b = (uint64_t)1 << rg->grid[queue[j]];

			if (vals & b)
				return false;
			vals |= b;
		}
		if (size < 2 || size > g->max_cage ||
		    size != rg->slot[r].size || vals != rg->slot[r].vals)
			return false;
	}
	return true;
}
#endif

/* Whether cell may join region r: room, and its value not there yet. */
static bool fits(const struct regions *rg, int cell, int r)
{
	return rg->slot[r].size < rg->max_cage &&
	       !(rg->slot[r].vals & bit(rg->grid[cell]));
}

/* The cells of region r other than skip, as connected pieces: how many
 * pieces there are, and the size of the smallest in *smallest. */
static int pieces_without(struct gen *g, int r, int skip, int *smallest)
{
	int k = cdki_regions_cells(&g->rg, r, g->sc.cells), pieces = 0;

	*smallest = g->ncells;
	for (int i = 0; i < k; i++)
		g->sc.mark[g->sc.cells[i]] = g->sc.cells[i] != skip;
	for (int i = 0; i < k; i++) {
		int tail;

		if (!g->sc.mark[g->sc.cells[i]])
			continue;
		tail = cdki_regions_walk(&g->rg, g->sc.cells[i], false,
					 g->sc.mark, g->sc.queue);
		pieces++;
		if (tail < *smallest)
			*smallest = tail;
	}
	return pieces;
}

/* Whether region r stays one connected piece (of at least 2 cells, as
 * r has at least 3) without cell skip. */
static bool can_spare(struct gen *g, int r, int skip)
{
	int smallest;

	return g->rg.slot[r].size >= 3 && pieces_without(g, r, skip, &smallest) == 1;
}

/* Relabel the partition so that every connected piece of a region is a
 * region of its own (a change may have cut a region in two). */
static void split_pieces(struct gen *g)
{
	int *lab = g->sc.list, next = 0;

	for (int i = 0; i < g->ncells; i++)
		g->sc.mark[i] = 1;
	for (int i = 0; i < g->ncells; i++) {
		int size;

		if (!g->sc.mark[i])
			continue;
		size = cdki_regions_walk(&g->rg, i, true, g->sc.mark,
					 g->sc.queue);
		for (int j = 0; j < size; j++)
			lab[g->sc.queue[j]] = next;
		next++;
	}
	memcpy(g->rg.of, lab, (size_t)g->ncells * sizeof(int));
}

/* Find a home for a cell that is a region on its own: the smallest
 * neighbouring region it fits in, else a pair with a neighbour that a
 * region of three or more can spare.  (Orthogonal neighbours share a row
 * or a column, so their values always differ.) */
static bool absorb_single(struct gen *g, int s)
{
	int nb[4], m = cdki_regions_neighbours(&g->rg, s, nb), best = -1, r = g->rg.of[s];

	cdki_regions_shuffle(g->rng, nb, m);
	for (int j = 0; j < m; j++) {
		int r2 = g->rg.of[nb[j]];

		if (r2 != r && fits(&g->rg, s, r2) &&
		    (best < 0 || g->rg.slot[r2].size < g->rg.slot[best].size))
			best = r2;
	}
	if (best >= 0) {
		cdki_regions_move(&g->rg, s, best);
		return true;
	}
	for (int j = 0; j < m; j++) {
		int r2 = g->rg.of[nb[j]];

		if (r2 != r && can_spare(g, r2, nb[j])) {
			cdki_regions_move(&g->rg, nb[j], r);
			return true;
		}
	}
	return false;
}

/* Bring the partition back to its invariants after a change: connected
 * regions, no single cells, none too large, no value twice in a region.
 * Returns false if that cannot be done here (the caller rolls back). */
static bool settle(struct gen *g)
{
	split_pieces(g);
	if (!cdki_regions_recount(&g->rg))
		return false;
	for (int cell = 0; cell < g->ncells; cell++)
		if (g->rg.slot[g->rg.of[cell]].size == 1 && !absorb_single(g, cell))
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* Partition                                                           */

/* Cut the grid into regions: cells in random order each start a region
 * of a drawn size (mostly 2 to 4 cells, as in published Killer Sudoku),
 * grown by random free neighbours whose values are not
 * in it yet.  A region grows into the free cells with the fewest free
 * neighbours of their own (Warnsdorff's rule), so that few cells are
 * left cut off: with cages of at most 2 cells, the plain random growth
 * left a cell no pair could take in most 8 x 8 cuts.  False if a cell
 * is left that no region can take. */
static bool partition(struct gen *g)
{
	static const int w[] = {0, 0, 35, 35, 20, 7, 3};

	cdki_regions_cut(&g->rg, g->rng, &g->sc, w, 2, g->max_cage, fits, true);
	for (int cell = 0; cell < g->ncells; cell++)
		if (g->rg.slot[g->rg.of[cell]].size == 1 && !absorb_single(g, cell))
			return false;
	CDOK_ASSERT(keeps_invariants(g));
	return true;
}

/* ------------------------------------------------------------------ */
/* Repairs                                                             */

/* Whether the partition rules out grid x: some region whose sum differs
 * from the solution's, or that holds a value of x twice. */
static bool rules_out(struct gen *g, const int *x)
{
	int64_t *delta = K(g)->rsum;
	uint64_t *seen = K(g)->seen;
	bool out = false;

	memset(delta, 0, (size_t)g->ncells * sizeof(int64_t));
	memset(seen, 0, (size_t)g->ncells * sizeof(uint64_t));
	for (int i = 0; i < g->ncells && !out; i++) {
		int r = g->rg.of[i];

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
static bool change_move(struct gen *g, int d)
{
	int nb[4], m = cdki_regions_neighbours(&g->rg, d, nb);

	cdki_regions_shuffle(g->rng, nb, m);
	for (int j = 0; j < m; j++) {
		int r2 = g->rg.of[nb[j]];

		if (r2 != g->rg.of[d] && fits(&g->rg, d, r2)) {
			cdki_regions_move(&g->rg, d, r2);
			return true;
		}
	}
	return false;
}

/* Cell d and a neighbour in another region trade places.  Sizes stay;
 * the connectivity and distinct values are settle's to check. */
static bool change_swap(struct gen *g, int d)
{
	int nb[4], m = cdki_regions_neighbours(&g->rg, d, nb), r = g->rg.of[d];

	cdki_regions_shuffle(g->rng, nb, m);
	for (int j = 0; j < m; j++) {
		int e = nb[j], r2 = g->rg.of[e];

		if (r2 == r || (g->rg.slot[r2].vals & ~bit(g->grid[e]) &
				bit(g->grid[d])) ||
		    (g->rg.slot[r].vals & ~bit(g->grid[d]) & bit(g->grid[e])))
			continue;
		cdki_regions_move(&g->rg, d, r2);
		cdki_regions_move(&g->rg, e, r);
		return true;
	}
	return false;
}

/* Split d's region in two: a piece grown from d to a random size, and
 * the rest (settle checks that no piece is a single cell). */
static bool change_split(struct gen *g, int d)
{
	int r = g->rg.of[d], size = g->rg.slot[r].size, want, s;

	if (size < 3)
		return false;
	/* A 3-cell region splits into a pair and a cell that settle() puts
	 * into a neighbouring cage. */
	want = size == 3 ? 2 : 2 + gen_rnd(g, size - 3);
	s = cdki_regions_free_slot(&g->rg);
	cdki_regions_move(&g->rg, d, s);
	g->sc.cells[0] = d;
	cdki_regions_grow(&g->rg, g->rng, s, r, 1, want, &g->sc, NULL, false);
	return true;
}

/* Two neighbouring regions become one, if it fits: fewer, larger cages
 * tell less, which is what hardening wants. */
static bool change_merge(struct gen *g, int d)
{
	int nb[4], m = cdki_regions_neighbours(&g->rg, d, nb), r = g->rg.of[d];

	cdki_regions_shuffle(g->rng, nb, m);
	for (int j = 0; j < m; j++) {
		int r2 = g->rg.of[nb[j]];

		if (r2 == r || g->rg.slot[r].size + g->rg.slot[r2].size > g->max_cage ||
		    (g->rg.slot[r].vals & g->rg.slot[r2].vals))
			continue;
		for (int i = 0; i < g->ncells; i++)
			if (g->rg.of[i] == r2)
				cdki_regions_move(&g->rg, i, r);
		return true;
	}
	return false;
}

enum change { CHANGE_MOVE, CHANGE_SWAP, CHANGE_SPLIT, CHANGE_MERGE };

/* Apply one kind of change at d and settle; on failure nothing changes.
 * With exclude, the change must also rule that grid out. */
static bool try_change(struct gen *g, enum change kind, int d,
		       const int *exclude)
{
	bool ok;

	cdki_regions_copy(&K(g)->undo, &g->rg);
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
	if (ok && settle(g) && (!exclude || rules_out(g, exclude))) {
		CDOK_ASSERT(keeps_invariants(g));
		return true;
	}
	cdki_regions_copy(&g->rg, &K(g)->undo);
	return false;
}

/* Rule out a second solution x: a local change at a cell where x and
 * the grid differ, kept only if some cage's sum (or its distinct
 * values) now tells them apart.  A few cells and change kinds are tried
 * in random order. */
static bool rule_out(struct gen *g, const int *x)
{
	static const enum change kinds[3] = {CHANGE_MOVE, CHANGE_SWAP,
					     CHANGE_SPLIT};
	int *cand = g->sc.list + g->ncells, ncand = 0;

	for (int i = 0; i < g->ncells; i++)
		if (x[i] != g->grid[i])
			cand[ncand++] = i;
	for (int tries = 0; tries < 8 && ncand; tries++) {
		int d = cand[gen_rnd(g, ncand)], first = gen_rnd(g, 3);

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
static int64_t weakness(struct gen *g)
{
	int64_t *sum = K(g)->rsum;
	int width = g->max_cage * g->n + 1;
	int64_t w = 0;

	memset(sum, 0, (size_t)g->ncells * sizeof(int64_t));
	for (int i = 0; i < g->ncells; i++)
		sum[g->rg.of[i]] += g->grid[i];
	for (int r = 0; r < g->ncells; r++)
		if (g->rg.slot[r].size)
			w += K(g)->log_sets[g->rg.slot[r].size * width + sum[r]];
	return w;
}

/* The search gave up: the puzzle says too little for a quick proof.
 * Each step tries a few random changes (splits mostly: more, smaller
 * cages say more) and keeps the one that lowers weakness() most; larger
 * grids take a few steps per round, so that the rounds stay few.  The
 * changes are made at random cells, or with open cells (nopen > 0: where
 * a person's reasoning stops, for a level) at those.  Returns false if
 * no change helped. */
static bool strengthen(struct gen *g, const int *open, int nopen)
{
	static const enum change kinds[4] = {CHANGE_SPLIT, CHANGE_SPLIT,
					     CHANGE_MOVE, CHANGE_SWAP};
	int want = 1 + g->ncells / 32, done = 0;

	for (int step = 0; step < want; step++) {
		int64_t best = weakness(g);
		bool found = false;

		for (int t = 0; t < 8; t++) {
			int64_t w;

			int at = nopen ? open[gen_rnd(g, nopen)]
				       : gen_rnd(g, g->ncells);

			if (!try_change(g, kinds[gen_rnd(g, 4)], at, NULL))
				continue;
			w = weakness(g);
			if (w < best) {
				best = w;
				cdki_regions_copy(&K(g)->best, &g->rg);
				found = true;
			}
			cdki_regions_copy(&g->rg, &K(g)->undo);
		}
		if (found) {
			cdki_regions_copy(&g->rg, &K(g)->best);
			done++;
		}
	}
	return done > 0;
}

/* ------------------------------------------------------------------ */
/* Hardening                                                           */

/* One random change: a cell moves to a neighbouring cage, two cages
 * merge, or two neighbouring cells trade cages. */
static bool mutate(struct gen *g)
{
	static const enum change kinds[4] = {CHANGE_MOVE, CHANGE_MOVE,
					     CHANGE_MERGE, CHANGE_SWAP};

	/* Drawn one at a time: the order in which a call's arguments are
	 * evaluated is the compiler's to choose, and a seed must make the
	 * same puzzle whichever compiler built the library. */
	int cell = gen_rnd(g, g->ncells);
	enum change kind = kinds[gen_rnd(g, 4)];

	return try_change(g, kind, cell, NULL);
}

/* ------------------------------------------------------------------ */
/* The policy                                                          */

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
static bool log_sets_init(struct gen *g)
{
	int kmax = g->max_cage, width = kmax * g->n + 1;
	size_t cells = (size_t)(kmax + 1) * (size_t)width;
	uint64_t *ways = cdok_calloc(cells, sizeof(uint64_t));

	K(g)->log_sets = cdok_malloc(cells * sizeof(int64_t));
	if (!ways || !K(g)->log_sets) {
		free(ways);
		return false;
	}
	ways[0] = 1;
	for (int v = 1; v <= g->n; v++)
		for (int k = kmax; k >= 1; k--)
			for (int t = width - 1; t >= v; t--)
				ways[k * width + t] += ways[(k - 1) * width + t - v];
	for (size_t i = 0; i < cells; i++)
		K(g)->log_sets[i] = ways[i] ? rough_log2(ways[i]) : 0;
	free(ways);
	return true;
}

/* The box shape: the one asked for, or 0 x 0 for the usual one (3 x 3 at
 * size 9, otherwise the squarest r x c with r <= c).  Boxes one cell
 * wide are rows or columns again and add nothing, so they are refused. */
cdok_status cdki_gen_box_shape(const cdok_gen_params *par, int *rows, int *cols,
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
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "size %d cannot be tiled by boxes (boxes "
				 "need at least 2 rows and 2 columns)", n);
	}
	if (par->box_rows < 2 || par->box_cols < 2 ||
	    par->box_rows * par->box_cols != n)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "boxes of %d x %d cells do not tile a grid "
				 "of size %d (rows x columns must make %d, "
				 "each at least 2)", par->box_rows,
				 par->box_cols, n, n);
	*rows = par->box_rows;
	*cols = par->box_cols;
	return CDOK_OK;
}

static cdok_status killer_init(struct gen *g, cdok_error *err)
{
	const cdok_gen_params *par = g->par;
	size_t nc = (size_t)g->ncells;
	struct killer *k;

	if (par->rules)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "a Killer Sudoku takes no rule flags "
				 "(Nylimb mode has no boxes)");
	if (par->max_cage < 2 && par->max_cage != 0)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "Killer cages have at least 2 cells, so the "
				 "largest cage cannot be %d", par->max_cage);
	if (cdki_gen_box_shape(par, &g->box_rows, &g->box_cols, err) != CDOK_OK)
		return CDOK_ERR_INVALID;
	if (par->max_cage == 2 && par->size % 2)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "a grid of %d cells cannot be cut into cages "
				 "of 2 cells", par->size * par->size);
	/* A cage whose values all differ holds at most n cells. */
	g->max_cage = par->max_cage ? par->max_cage : gen_default_cage(g);
	if (g->max_cage > g->n)
		g->max_cage = g->n;
	g->rg.max_cage = g->max_cage;
	/* Enough for the solver to settle most 9 x 9 cuts (104 nodes); a
	 * cut it cannot settle within it gets more information instead. */
	g->node_budget = 64 + nc / 2;
	k = cdok_calloc(1, sizeof(*k));
	g->state = k;
	if (!k || !cdki_regions_init(&k->undo, g->n, NULL) ||
	    !cdki_regions_init(&k->best, g->n, NULL) ||
	    !(k->rsum = cdok_malloc(nc * sizeof(int64_t))) ||
	    !(k->seen = cdok_malloc(nc * sizeof(uint64_t))) ||
	    !log_sets_init(g))
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	return CDOK_OK;
}

static void killer_free(struct gen *g)
{
	struct killer *k = K(g);

	if (!k)
		return;
	cdki_regions_free(&k->undo);
	cdki_regions_free(&k->best);
	free(k->log_sets);
	free(k->rsum);
	free(k->seen);
	free(k);
	g->state = NULL;
}

static cdok_status killer_new_grid(struct gen *g)
{
	return cdok_generate_sudoku(g->n, g->box_rows, g->box_cols, g->rng,
				    g->grid);
}

static cdok_status killer_check_grid(const struct gen *g, cdok_error *err)
{
	if (!cdki_grid_is_latin(g->grid, g->n, g->box_rows, g->box_cols))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the solution grid is not a Sudoku of size %d "
				 "with %d x %d boxes", g->n, g->box_rows,
				 g->box_cols);
	return CDOK_OK;
}

static int killer_max_steps(const struct gen *g)
{
	return 4 * g->n + 20;
}

static bool killer_partition(struct gen *g, int attempt)
{
	(void)attempt;
	return partition(g);
}

static bool killer_strengthen(struct gen *g, int *open, int nopen)
{
	return strengthen(g, open, nopen);
}

const struct gen_policy cdki_killer_policy = {
	.init = killer_init,
	.free = killer_free,
	.new_grid = killer_new_grid,
	.check_grid = killer_check_grid,
	.partitions = 10,
	.rounds = 30,
	.new_grid_per_round = true,
	.max_steps = killer_max_steps,
	.partition = killer_partition,
	.rule_out = rule_out,
	.strengthen = killer_strengthen,
	.rule_out_partial = true,
	.reason_first = false,
	.mutate = mutate,
	.distinct = true,
	.sums = true,
	.give_in_soften = true,
};
