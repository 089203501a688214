/* generate.c -- puzzles with exactly one solution, made from a solution
 * grid.
 *
 * The steps (doc/GENERATOR.md has the rules and the reasons):
 *
 *  1. Cut the grid into cages: random connected regions whose sizes are
 *     drawn mostly from 2..4 and never exceed max_cage.  A region of one
 *     cell becomes a given; the partition merges most of them away.
 *  2. Give each cage a clue computed from the grid, choosing among the
 *     allowed operators with weights that favour ÷ and − on pairs (they
 *     say the most) and avoiding clues that give a pair away outright.
 *  3. Repair until unique: the solver counts solutions up to 2; when it
 *     finds a second solution, one cell where the two solutions differ is
 *     chosen and its cage is changed so that the second solution no
 *     longer fits: a new clue, a split, a cell moved to a neighbouring
 *     cage, or (rarely) a cell made a given.  A partition that will not
 *     converge is thrown away and cut again.
 *  4. Harden, as the original cdok does: a number of rounds of random
 *     changes (a cell joins a neighbouring cage, a cage gets a new clue),
 *     each kept only if the puzzle stays unique and its score rises,
 *     without passing max_score; stop early at target_score.
 *
 * Every puzzle returned has passed the solver's uniqueness proof in its
 * final form.  All randomness comes from the caller's cdok_rng.
 */
#include <stdlib.h>
#include <string.h>

#include "generate/generate.h"

struct region {
	int size;        /* 0: free slot */
	cdok_op op;      /* for size >= 2 */
	int64_t target;
};

struct gen {
	const cdok_gen_params *par;
	cdok_rng *rng;
	int n, ncells;
	/* The values cells can hold: 1..n, or 0..98 in Nylimb mode (99
	 * repeats its digit). */
	bool nylimb;
	int vlo, vhi;
	int max_cage;
	int max_single;
	long node_budget;
	const int *grid;
	int *region;          /* cell -> region */
	struct region *regs;  /* ncells slots */
	/* Snapshot for undoing a hardening step. */
	int *saved_region;
	struct region *saved_regs;
	/* Solutions seen by the last uniqueness check. */
	int *sols[2];
	int nsols;
	const int *other;     /* a solution other than grid, if any */
	/* Scratch. */
	int *cells, *queue, *mark, *list;
};

static int rnd(struct gen *g, int bound)
{
	return (int)cdok_rng_below(g->rng, (uint64_t)bound);
}

/* ------------------------------------------------------------------ */
/* Regions                                                             */

static int region_cells(const struct gen *g, int r, int *out)
{
	int k = 0;

	for (int i = 0; i < g->ncells; i++)
		if (g->region[i] == r)
			out[k++] = i;
	return k;
}

static int new_region(struct gen *g)
{
	for (int r = 0; r < g->ncells; r++)
		if (!g->regs[r].size)
			return r;
	return -1;   /* cannot happen: there are as many slots as cells */
}

static int neighbours(const struct gen *g, int cell, int *out)
{
	return cdok_grid_neighbours(g->n, cell, out);
}

static int count_singles(const struct gen *g)
{
	int k = 0;

	for (int r = 0; r < g->ncells; r++)
		if (g->regs[r].size == 1)
			k++;
	return k;
}

/* ------------------------------------------------------------------ */
/* Clues                                                               */

/* Unordered pairs {a, b}, a != b, of values vlo..vhi that meet op and t:
 * how many ways a two-cell cage with this clue can be filled. */
static int pair_count(const struct gen *g, cdok_op op, int64_t t)
{
	int k = 0;

	for (int a = g->vlo; a <= g->vhi; a++)
		for (int b = a + 1; b <= g->vhi; b++) {
			int v[2] = {a, b};

			if (cdok_cage_holds(op, t, v, 2))
				k++;
		}
	return k;
}

/* The clue target for op over values, or -1 if op cannot describe them
 * (a negative difference, an inexact ratio, an overflowing product, a
 * product or ratio over a Nylimb 0, which would say little or nothing). */
static int64_t clue_target(cdok_op op, const int *v, int k)
{
	int64_t sum = 0, prod = 1, max = 0;

	for (int i = 0; i < k; i++) {
		sum += v[i];
		if (v[i] > max)
			max = v[i];
		if (v[i] <= 0 || prod > INT64_MAX / v[i])
			prod = -1;
		if (prod > 0)
			prod *= v[i];
	}
	switch (op) {
	case CDOK_OP_ADD:
		return sum;
	case CDOK_OP_MUL:
		return prod;
	case CDOK_OP_SUB:
		return 2 * max - sum >= 1 ? 2 * max - sum : -1;
	case CDOK_OP_DIV:
		if (prod <= 0 || (max * max) % prod)
			return -1;
		return max * max / prod;
	}
	return -1;
}

/* Choose an operator and target for region r at random among those the
 * parameters allow.  Pairs favour ÷ (rare, and telling) and −; larger
 * cages favour + and ×.  A pair clue with only one possible split is
 * dropped when another operator would do.  exclude, when not NULL, is a
 * grid the new clue must NOT fit (the repair step's second solution).
 * Returns false if no operator qualifies. */
static bool pick_clue(struct gen *g, int r, const int *exclude)
{
	static const cdok_op ops[4] = {CDOK_OP_ADD, CDOK_OP_SUB, CDOK_OP_MUL,
				       CDOK_OP_DIV};
	static const unsigned bits[4] = {CDOK_GEN_ADD, CDOK_GEN_SUB,
					 CDOK_GEN_MUL, CDOK_GEN_DIV};
	static const int w_pair[4] = {2, 3, 2, 6};
	static const int w_big[4] = {5, 1, 4, 1};
	int64_t target[4];
	int weight[4], total = 0, k, pairs[4] = {0, 0, 0, 0};
	bool any_spread = false;
	int *v = g->list, *cells = g->cells;

	k = region_cells(g, r, cells);
	for (int i = 0; i < k; i++)
		v[i] = g->grid[cells[i]];
	for (int i = 0; i < 4; i++) {
		weight[i] = 0;
		if (!(g->par->ops & bits[i]))
			continue;
		if (k > 2 && g->par->two_cell &&
		    (ops[i] == CDOK_OP_SUB || ops[i] == CDOK_OP_DIV))
			continue;
		target[i] = clue_target(ops[i], v, k);
		if (target[i] < 0)
			continue;
		if (exclude) {
			int *w = g->queue;

			for (int j = 0; j < k; j++)
				w[j] = exclude[cells[j]];
			if (cdok_cage_holds(ops[i], target[i], w, k))
				continue;
		}
		weight[i] = k == 2 ? w_pair[i] : w_big[i];
		if (k == 2) {
			pairs[i] = pair_count(g, ops[i], target[i]);
			if (pairs[i] > 1)
				any_spread = true;
		}
	}
	if (k == 2 && any_spread)
		for (int i = 0; i < 4; i++)
			if (pairs[i] == 1)
				weight[i] = 0;
	for (int i = 0; i < 4; i++)
		total += weight[i];
	if (!total)
		return false;
	for (int i = 0, x = rnd(g, total); i < 4; i++) {
		if (x < weight[i]) {
			g->regs[r].op = ops[i];
			g->regs[r].target = target[i];
			return true;
		}
		x -= weight[i];
	}
	return false;
}

static void save(struct gen *g)
{
	memcpy(g->saved_region, g->region, (size_t)g->ncells * sizeof(int));
	memcpy(g->saved_regs, g->regs,
	       (size_t)g->ncells * sizeof(struct region));
}

static void restore(struct gen *g)
{
	memcpy(g->region, g->saved_region, (size_t)g->ncells * sizeof(int));
	memcpy(g->regs, g->saved_regs,
	       (size_t)g->ncells * sizeof(struct region));
}

/* True if the last change (since save) made a cell that was in a cage
 * into a single cell. */
static bool made_singles(const struct gen *g)
{
	for (int i = 0; i < g->ncells; i++)
		if (g->regs[g->region[i]].size == 1 &&
		    g->saved_regs[g->saved_region[i]].size != 1)
			return true;
	return false;
}

/* Ordered fillings of k cells by brute force, for small cases only. */
static int64_t brute_fillings(const struct gen *g, cdok_op op, int64_t t,
			      int k, int *v, int i)
{
	int64_t total = 0;

	if (i == k)
		return cdok_cage_holds(op, t, v, k);
	for (v[i] = g->vlo; v[i] <= g->vhi; v[i]++)
		total += brute_fillings(g, op, t, k, v, i + 1);
	return total;
}

/* Ordered k-tuples of values (never 0: t > 0) whose product is t. */
static int64_t product_fillings(const struct gen *g, int64_t t, int k)
{
	int64_t total = 0;

	if (k == 0)
		return t == 1;
	for (int v = g->vlo > 1 ? g->vlo : 1; v <= g->vhi; v++)
		if (t % v == 0)
			total += product_fillings(g, t / v, k - 1);
	return total;
}

/* How many ordered fillings of k cells with values vlo..vhi meet the
 * clue, ignoring the rule that cells in a line differ: a measure of how
 * much a clue tells (fewer = more). */
static int64_t count_fillings(struct gen *g, cdok_op op, int64_t t, int k)
{
	int n = g->vhi;

	if (k == 2)
		return pair_count(g, op, t);
	if (op == CDOK_OP_MUL)
		return product_fillings(g, t, k);
	if (op == CDOK_OP_ADD) {
		/* ways[s]: fillings of the cells so far that sum to s. */
		int64_t *ways = cdok_calloc((size_t)t + 1, sizeof(int64_t));
		int64_t *next = cdok_calloc((size_t)t + 1, sizeof(int64_t));
		int64_t r = INT64_MAX;

		if (ways && next && t <= (int64_t)k * n) {
			ways[0] = 1;
			for (int i = 0; i < k; i++) {
				memset(next, 0, ((size_t)t + 1) * sizeof(int64_t));
				for (int64_t x = 0; x <= t; x++)
					for (int v = g->vlo; ways[x] && v <= n &&
					     x + v <= t; v++)
						next[x + v] += ways[x];
				memcpy(ways, next, ((size_t)t + 1) * sizeof(int64_t));
			}
			r = ways[t];
		}
		free(ways);
		free(next);
		return r;
	}
	/* Multi-cell - and /: exact when small, else "tells little". */
	{
		int64_t space = 1;
		int v[8];

		for (int i = 0; i < k && space <= 200000; i++)
			space *= g->vhi - g->vlo + 1;
		if (k > 8 || space > 200000)
			return INT64_MAX;
		return brute_fillings(g, op, t, k, v, 0);
	}
}

/* Give region r the allowed clue with the fewest fillings: the repair
 * step's way to add information without adding givens. */
static bool pick_strong_clue(struct gen *g, int r)
{
	static const cdok_op ops[4] = {CDOK_OP_ADD, CDOK_OP_SUB, CDOK_OP_MUL,
				       CDOK_OP_DIV};
	static const unsigned bits[4] = {CDOK_GEN_ADD, CDOK_GEN_SUB,
					 CDOK_GEN_MUL, CDOK_GEN_DIV};
	int k, *v = g->list, *cells = g->cells, best = -1;
	int64_t best_fill = 0, target, best_target = 0;

	k = region_cells(g, r, cells);
	if (k < 2)
		return false;
	for (int i = 0; i < k; i++)
		v[i] = g->grid[cells[i]];
	for (int j = 0, i0 = rnd(g, 4); j < 4; j++) {
		int i = (i0 + j) % 4;
		int64_t fill;

		if (!(g->par->ops & bits[i]) ||
		    (k > 2 && g->par->two_cell &&
		     (ops[i] == CDOK_OP_SUB || ops[i] == CDOK_OP_DIV)))
			continue;
		target = clue_target(ops[i], v, k);
		if (target < 0)
			continue;
		fill = count_fillings(g, ops[i], target, k);
		if (best < 0 || fill < best_fill) {
			best = i;
			best_fill = fill;
			best_target = target;
		}
	}
	if (best < 0)
		return false;
	g->regs[r].op = ops[best];
	g->regs[r].target = best_target;
	return true;
}

/* After cells left region r, split what remains into connected pieces:
 * the first keeps r, the others get new regions; every piece gets a new
 * clue.  Returns false if some piece has no possible clue. */
static bool settle_region(struct gen *g, int r)
{
	int k = region_cells(g, r, g->list + g->ncells);
	int *members = g->list + g->ncells;
	int id = r;

	if (!k) {
		g->regs[r].size = 0;
		return true;
	}
	for (int i = 0; i < k; i++)
		g->mark[members[i]] = 1;
	for (int i = 0; i < k; i++) {
		int head = 0, tail = 0, size = 0;

		if (!g->mark[members[i]])
			continue;
		if (id < 0)
			id = new_region(g);
		g->queue[tail++] = members[i];
		g->mark[members[i]] = 0;
		while (head < tail) {
			int cell = g->queue[head++], nb[4];
			int m = neighbours(g, cell, nb);

			g->region[cell] = id;
			size++;
			for (int j = 0; j < m; j++)
				if (g->mark[nb[j]]) {
					g->mark[nb[j]] = 0;
					g->queue[tail++] = nb[j];
				}
		}
		g->regs[id].size = size;
		if (size > 1 && !pick_clue(g, id, NULL))
			return false;
		id = -1;
	}
	return true;
}

/* Split a two-cell piece {d, a neighbour} off region r when what is left
 * stays in pieces of at least two cells: more cages, more clues, no new
 * givens.  Returns false (changing nothing) when no such split exists. */
static bool split_off(struct gen *g, int r, int d)
{
	int nb[4], cnt = neighbours(g, d, nb);

	if (g->regs[r].size < 4)
		return false;
	for (int t = 0; t < cnt; t++) {
		int e = nb[t], s, ok = 1;

		if (g->region[e] != r)
			continue;
		save(g);
		s = new_region(g);
		g->region[d] = g->region[e] = s;
		g->regs[s].size = 2;
		g->regs[r].size -= 2;
		if (!pick_strong_clue(g, s) || !settle_region(g, r))
			ok = 0;
		/* No piece of the rest may be a single cell. */
		if (ok && made_singles(g))
			ok = 0;
		if (ok)
			return true;
		restore(g);
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* Partition                                                           */

/* Cage sizes drawn with these weights (index = size), cut at max_cage. */
static int draw_size(struct gen *g)
{
	static const int w[] = {0, 2, 34, 34, 20, 7, 3};
	int total = 0, x;
	int top = g->max_cage < 6 ? g->max_cage : 6;

	for (int s = 1; s <= top; s++)
		total += w[s];
	x = rnd(g, total);
	for (int s = 1; s <= top; s++) {
		if (x < w[s])
			return s;
		x -= w[s];
	}
	return 1;
}

static bool partition(struct gen *g)
{
	int *order = g->queue;

	for (int i = 0; i < g->ncells; i++) {
		g->region[i] = -1;
		g->regs[i].size = 0;
		order[i] = i;
	}
	for (int i = g->ncells - 1; i > 0; i--) {
		int j = rnd(g, i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < g->ncells; i++) {
		int start = order[i], want, r, size = 1;

		if (g->region[start] >= 0)
			continue;
		want = draw_size(g);
		r = new_region(g);
		g->region[start] = r;
		g->cells[0] = start;
		/* Grow by a random free neighbour of any member. */
		while (size < want) {
			int nfree = 0, nb[4];

			for (int m = 0; m < size; m++) {
				int cnt = neighbours(g, g->cells[m], nb);

				for (int j = 0; j < cnt; j++)
					if (g->region[nb[j]] < 0)
						g->list[nfree++] = nb[j];
			}
			if (!nfree)
				break;
			g->cells[size] = g->list[rnd(g, nfree)];
			g->region[g->cells[size]] = r;
			size++;
		}
		g->regs[r].size = size;
	}
	/* Most single cells join a neighbouring cage that has room, so
	 * givens stay few. */
	for (int cell = 0; cell < g->ncells; cell++) {
		int r = g->region[cell], nb[4], cnt, best = -1;

		if (g->regs[r].size != 1 || rnd(g, 8) == 0)
			continue;
		cnt = neighbours(g, cell, nb);
		for (int j = 0; j < cnt; j++) {
			int r2 = g->region[nb[j]];

			if (r2 != r && g->regs[r2].size < g->max_cage &&
			    (best < 0 || g->regs[r2].size < g->regs[best].size))
				best = r2;
		}
		if (best >= 0) {
			g->regs[r].size = 0;
			g->region[cell] = best;
			g->regs[best].size++;
		}
	}
	for (int r = 0; r < g->ncells; r++)
		if (g->regs[r].size > 1 && !pick_clue(g, r, NULL))
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* Uniqueness                                                          */

static cdok_puzzle *build_puzzle(struct gen *g)
{
	cdok_puzzle *p = cdok_puzzle_new(g->n);

	if (!p || (g->nylimb &&
		   cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB) != CDOK_OK)) {
		cdok_puzzle_free(p);
		return NULL;
	}
	/* Cages in the order of their first cell, so labels run A, B, ...
	 * in reading order when the puzzle is written. */
	for (int i = 0; i < g->ncells; i++)
		g->mark[i] = 0;
	for (int cell = 0; cell < g->ncells; cell++) {
		int r = g->region[cell], k;

		if (g->mark[r])
			continue;
		g->mark[r] = 1;
		if (g->regs[r].size == 1) {
			cdok_puzzle_set_given(p, cell, g->grid[cell]);
			continue;
		}
		k = region_cells(g, r, g->cells);
		if (cdok_puzzle_add_cage(p, g->regs[r].op, g->regs[r].target,
					 g->cells, k, NULL, NULL) != CDOK_OK) {
			cdok_puzzle_free(p);
			return NULL;
		}
	}
	for (int i = 0; i < g->ncells; i++)
		g->mark[i] = 0;
	return p;
}

static int keep_solution(void *user, const int *values)
{
	struct gen *g = user;

	if (g->nsols < 2)
		memcpy(g->sols[g->nsols], values,
		       (size_t)g->ncells * sizeof(int));
	g->nsols++;
	return 0;
}

/* Count the solutions up to 2.  Returns the count, or -1 if memory ran
 * out; *res and *puzzle (owned by the caller) describe the check. */
static int check_unique(struct gen *g, cdok_puzzle **puzzle, cdok_result *res)
{
	cdok_solve_params params;
	cdok_puzzle *p = build_puzzle(g);

	*puzzle = p;
	if (!p)
		return -1;
	cdok_solve_params_init(&params);
	params.limit = 2;
	/* A configuration the solver cannot settle quickly is not worth
	 * keeping: such puzzles are slow for people too, and the budget
	 * keeps generation time bounded.  A check that gives up counts as
	 * a failure, never as "unique". */
	params.max_nodes = (uint64_t)g->node_budget;
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
	return (int)res->count;
}

/* Change the puzzle near one of the candidate cells: where the grid and
 * a second solution differ (exclude = that solution, which the change
 * must rule out), or where reasoning alone leaves a cell open (exclude =
 * NULL: the puzzle needs more to go on there). */
static bool repair(struct gen *g, const int *cand, int ncand,
		   const int *exclude)
{
	int d, r, roll, nb[4], cnt;

	if (!ncand)
		return false;
	d = cand[rnd(g, ncand)];
	r = g->region[d];
	roll = rnd(g, 100);

	/* A new clue for the cage (one the other solution does not meet). */
	if (exclude && roll < 50 && g->regs[r].size > 1 &&
	    pick_clue(g, r, exclude))
		return true;

	/* More information where reasoning is stuck: the most telling clue
	 * the cage can have, or a pair split off a larger cage. */
	if (!exclude && roll < 85) {
		if (roll < 45 && g->regs[r].size > 1 &&
		    (g->regs[r].op != CDOK_OP_DIV || g->regs[r].size > 2)) {
			cdok_op before = g->regs[r].op;

			if (pick_strong_clue(g, r) && g->regs[r].op != before)
				return true;
		}
		if (split_off(g, r, d))
			return true;
	}

	/* Merge with a neighbouring cage that also holds a difference. */
	if (exclude && roll < 65) {
		int k = region_cells(g, r, g->cells);

		for (int i = 0; i < k; i++) {
			cnt = neighbours(g, g->cells[i], nb);
			for (int j = 0; j < cnt; j++) {
				int r2 = g->region[nb[j]];

				if (r2 == r || exclude[nb[j]] == g->grid[nb[j]] ||
				    g->regs[r].size + g->regs[r2].size >
				    g->max_cage)
					continue;
				for (int c = 0; c < g->ncells; c++)
					if (g->region[c] == r2)
						g->region[c] = r;
				g->regs[r].size += g->regs[r2].size;
				g->regs[r2].size = 0;
				return pick_clue(g, r, NULL);
			}
		}
	}

	/* Move the cell to a neighbouring cage with room, as long as no
	 * single cell is left behind. */
	cnt = neighbours(g, d, nb);
	for (int t = 0; t < cnt; t++) {
		int j = rnd(g, cnt - t) + t, tmp = nb[t], r2;

		nb[t] = nb[j];
		nb[j] = tmp;
		r2 = g->region[nb[t]];
		if (r2 == r || g->regs[r2].size < 2 ||
		    g->regs[r2].size >= g->max_cage || g->regs[r].size < 3)
			continue;
		save(g);
		g->region[d] = r2;
		g->regs[r2].size++;
		g->regs[r].size--;
		if (pick_clue(g, r2, NULL) && settle_region(g, r) &&
		    !made_singles(g))
			return true;
		restore(g);
	}

	/* Last resort: make the cell a given, while givens are few. */
	if (g->regs[r].size > 1 &&
	    count_singles(g) + (g->regs[r].size == 2 ? 2 : 1) <= g->max_single) {
		int s = new_region(g);

		g->region[d] = s;
		g->regs[s].size = 1;
		g->regs[r].size--;
		return settle_region(g, r);
	}
	return g->regs[r].size > 1 && pick_clue(g, r, NULL);
}

/* Fold givens beyond the allowance into neighbouring cages with room. */
static void merge_surplus_singles(struct gen *g)
{
	int surplus = count_singles(g) - g->max_single;

	for (int cell = 0; cell < g->ncells && surplus > 0; cell++) {
		int r = g->region[cell], nb[4], cnt;

		if (g->regs[r].size != 1)
			continue;
		cnt = neighbours(g, cell, nb);
		for (int j = 0; j < cnt; j++) {
			int r2 = g->region[nb[j]];

			if (r2 == r || g->regs[r2].size >= g->max_cage)
				continue;
			g->regs[r].size = 0;
			g->region[cell] = r2;
			g->regs[r2].size++;
			if (pick_clue(g, r2, NULL))
				surplus -= g->regs[r2].size == 2 ? 2 : 1;
			break;
		}
	}
}

/* ------------------------------------------------------------------ */
/* Hardening                                                           */

/* One random change: a cell joins a neighbouring cage (as the original
 * cdok's generator does), or a cage gets a new clue. */
static bool mutate(struct gen *g)
{
	int cell = rnd(g, g->ncells), r = g->region[cell], nb[4], cnt, r2;

	if (rnd(g, 3) == 0) {
		if (g->regs[r].size < 2)
			return false;
		return pick_clue(g, r, NULL);
	}
	cnt = neighbours(g, cell, nb);
	if (!cnt)
		return false;
	r2 = g->region[nb[rnd(g, cnt)]];
	if (r2 == r || g->regs[r2].size >= g->max_cage)
		return false;
	g->region[cell] = r2;
	g->regs[r2].size++;
	g->regs[r].size--;
	return (g->regs[r2].size < 2 || pick_clue(g, r2, NULL)) &&
	       settle_region(g, r);
}

static uint64_t score_of(struct gen *g, const cdok_puzzle *p,
			 const cdok_result *res)
{
	if (g->par->score)
		return g->par->score(g->par->score_user, p, res);
	return res->difficulty;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */

void cdok_gen_params_init(cdok_gen_params *p)
{
	memset(p, 0, sizeof(*p));
	p->size = 6;
	p->ops = CDOK_GEN_ALL_OPS;
	p->max_cage = 5;
	p->iterations = 0;
}

static void gen_free(struct gen *g)
{
	free(g->region);
	free(g->regs);
	free(g->saved_region);
	free(g->saved_regs);
	free(g->sols[0]);
	free(g->sols[1]);
	free(g->cells);
	free(g->queue);
	free(g->mark);
	free(g->list);
}

static bool gen_init(struct gen *g, const cdok_gen_params *par, cdok_rng *rng,
		     const int *grid)
{
	size_t nc = (size_t)par->size * (size_t)par->size;

	memset(g, 0, sizeof(*g));
	g->par = par;
	g->rng = rng;
	g->n = par->size;
	g->ncells = (int)nc;
	g->grid = grid;
	g->nylimb = (par->rules & CDOK_RULE_NYLIMB) != 0;
	g->vlo = g->nylimb ? 0 : 1;
	g->vhi = g->nylimb ? CDOK_NYLIMB_MAX - 1 : g->n;
	g->max_cage = par->max_cage;
	/* Products of more than ten values up to 63 could overflow. */
	if (!(par->ops & CDOK_GEN_ADD) && g->max_cage > 10)
		g->max_cage = 10;
	g->max_single = g->ncells / 10 > 1 ? g->ncells / 10 : 1;
	g->node_budget = 20L + g->ncells / 4;
	/* Without the root-reasoning shortcut, Nylimb relies on the search
	 * more. */
	if (g->nylimb)
		g->node_budget = 200L + g->ncells * 4L;
	g->region = cdok_malloc(nc * sizeof(int));
	g->regs = cdok_calloc(nc, sizeof(struct region));
	g->saved_region = cdok_malloc(nc * sizeof(int));
	g->saved_regs = cdok_malloc(nc * sizeof(struct region));
	g->sols[0] = cdok_malloc(nc * sizeof(int));
	g->sols[1] = cdok_malloc(nc * sizeof(int));
	g->cells = cdok_malloc(nc * sizeof(int));
	g->queue = cdok_malloc(nc * sizeof(int));
	g->mark = cdok_calloc(nc, sizeof(int));
	g->list = cdok_malloc(2 * nc * sizeof(int) + 16 * sizeof(int));
	return g->region && g->regs && g->saved_region && g->saved_regs &&
	       g->sols[0] && g->sols[1] && g->cells && g->queue && g->mark &&
	       g->list;
}

static bool is_latin(const int *v, int n)
{
	for (int i = 0; i < n; i++) {
		uint64_t row = 0, col = 0;

		for (int j = 0; j < n; j++) {
			int a = v[i * n + j], b = v[j * n + i];

			if (a < 1 || a > n || b < 1 || b > n)
				return false;
			row |= (uint64_t)1 << a;
			col |= (uint64_t)1 << b;
		}
		if (row != col || row != ((((uint64_t)1 << n) - 1) << 1))
			return false;
	}
	return true;
}

/* Make one unique puzzle from the current grid, or fail after a bounded
 * number of partitions.  On success *best holds the puzzle and *res the
 * solver's uniqueness proof of it.
 *
 * Each round first runs the solver's reasoning alone, with no search:
 * when that decides every cell the puzzle is unique (reasoning never
 * removes a value that is part of a solution), and such puzzles can be
 * solved by deduction, as published ones are.  When only a few cells
 * stay open, a short search may still settle it, or find a second
 * solution to rule out.  Otherwise the puzzle needs more information:
 * cages around open cells are strengthened and the round repeats.  A
 * round costs one propagation, so larger grids stay affordable. */
static cdok_status make_unique(struct gen *g, cdok_puzzle **best,
			       cdok_result *res)
{
	int max_steps = 2 * g->ncells + 20;
	int *dom = cdok_malloc((size_t)g->ncells * sizeof(*dom));
	int *cand = g->list + g->ncells;

	if (!dom)
		return CDOK_ERR_NOMEM;
	for (int attempt = 0; attempt < 400; attempt++) {
		/* A partition that keeps failing is usually short of
		 * givens; tiny grids need them most. */
		if (attempt && attempt % 100 == 0)
			g->max_single *= 2;
		if (!partition(g))
			continue;
		for (int step = 0; step < max_steps; step++) {
			cdok_puzzle *p;
			const int *exclude = NULL;
			int ncand = 0, root, cnt;

			merge_surplus_singles(g);
			p = build_puzzle(g);

			if (!p) {
				free(dom);
				return CDOK_ERR_NOMEM;
			}
			/* Nylimb domains do not fit 64 bits: there the
			 * short search alone decides. */
			root = g->nylimb ? 0 : cdok_root_candidates(p, dom);
			if (root < 0) {
				/* The grid meets every clue, so this cannot
				 * happen short of running out of memory. */
				cdok_puzzle_free(p);
				break;
			}
			for (int i = 0; i < g->ncells && !g->nylimb; i++)
				if (dom[i] > 1)
					cand[ncand++] = i;
			if (root == 1 || ncand <= g->n) {
				cdok_puzzle_free(p);
				cnt = check_unique(g, &p, res);
				if (cnt < 0) {
					cdok_puzzle_free(p);
					free(dom);
					return CDOK_ERR_NOMEM;
				}
				if (cnt == 1 && res->complete && !g->other &&
				    count_singles(g) <= g->max_single) {
					*best = p;
					free(dom);
					return CDOK_OK;
				}
				if (cnt == 2 && g->other) {
					exclude = g->other;
					ncand = 0;
					for (int i = 0; i < g->ncells; i++)
						if (exclude[i] != g->grid[i])
							cand[ncand++] = i;
				} else if (g->nylimb) {
					/* The search gave up: the puzzle
					 * needs more, anywhere. */
					for (int i = 0; i < g->ncells; i++)
						cand[ncand++] = i;
				}
			}
			cdok_puzzle_free(p);
			if (!ncand || !repair(g, cand, ncand, exclude))
				break;
			/* When reasoning leaves many cells open, strengthen
			 * several places per round: one repair per round
			 * would need hundreds of rounds on larger grids. */
			for (int extra = ncand / 12; extra > 0 && !exclude;
			     extra--)
				if (!repair(g, cand, ncand, NULL))
					break;
		}
	}
	free(dom);
	return CDOK_ERR_LIMIT;
}

cdok_status cdok_generate(const cdok_gen_params *par, const int *solution,
			  cdok_rng *rng, cdok_puzzle **out, uint64_t *score,
			  cdok_error *err)
{
	struct gen g;
	int *grid;
	cdok_puzzle *best = NULL;
	cdok_result res;
	uint64_t best_score = 0;
	cdok_status st = CDOK_OK;
	int tries;

	*out = NULL;
	if (par->killer)
		return cdok_generate_killer(par, solution, rng, out, score, err);
	if (par->size < 1 || par->size > CDOK_MAX_SIZE)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "size %d is outside 1..%d", par->size,
				 CDOK_MAX_SIZE);
	if (par->rules & ~CDOK_RULE_NYLIMB)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "unknown rule flags %#x", par->rules);
	if ((par->rules & CDOK_RULE_NYLIMB) && par->size > 9)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "Nylimb puzzles are made up to 9 x 9 (each "
				 "line holds one two-digit number, so n + 1 "
				 "digits); %d is too large", par->size);
	if (!(par->ops & (CDOK_GEN_ADD | CDOK_GEN_MUL)))
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the operator set must include + or *");
	if (par->max_cage < 1)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the largest cage must have at least 1 cell");
	grid = cdok_malloc((size_t)par->size * (size_t)par->size * sizeof(int));
	if (!grid || !gen_init(&g, par, rng, grid)) {
		free(grid);
		gen_free(&g);
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	if (solution) {
		memcpy(grid, solution, (size_t)g.ncells * sizeof(int));
		if (g.nylimb && !cdok_nylimb_grid_ok(grid, g.n)) {
			st = cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				       "the solution grid is not a Nylimb "
				       "grid of size %d (no digit twice and at "
				       "most one two-digit number in a row or "
				       "column)", g.n);
			goto out;
		}
		if (!g.nylimb && !is_latin(grid, g.n)) {
			st = cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				       "the solution grid is not a Latin "
				       "square of size %d", g.n);
			goto out;
		}
	} else if ((g.nylimb ? cdok_generate_nylimb_grid(g.n, rng, grid)
			     : cdok_generate_grid(g.n, rng, grid)) != CDOK_OK) {
		st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}

	/* Find a unique puzzle within max_score: when the first one scores
	 * too high, cut the grid again. */
	for (tries = 0; tries < 50; tries++) {
		st = make_unique(&g, &best, &res);
		if (st != CDOK_OK)
			break;
		best_score = score_of(&g, best, &res);
		if (!par->max_score || best_score <= par->max_score)
			break;
		cdok_puzzle_free(best);
		best = NULL;
	}
	if (st == CDOK_ERR_NOMEM) {
		st = cdok_fail(err, st, 0, 0, "out of memory");
		goto out;
	}
	if (st != CDOK_OK || !best) {
		st = cdok_fail(err, CDOK_ERR_LIMIT, 0, 0, par->max_score ?
			       "found no unique puzzle scoring at most %llu" :
			       "found no unique puzzle (%llu)",
			       (unsigned long long)par->max_score);
		goto out;
	}

	for (int it = 0; it < par->iterations; it++) {
		if (par->target_score && best_score >= par->target_score)
			break;
		for (int m = 0; m < 10; m++) {
			cdok_puzzle *p;
			uint64_t sc;
			int cnt;

			save(&g);
			if (!mutate(&g) || count_singles(&g) > g.max_single) {
				restore(&g);
				continue;
			}
			cnt = check_unique(&g, &p, &res);
			if (cnt == 1 && res.complete && !g.other) {
				sc = score_of(&g, p, &res);
				if (sc > best_score &&
				    (!par->max_score || sc <= par->max_score)) {
					cdok_puzzle_free(best);
					best = p;
					best_score = sc;
					continue;
				}
			}
			cdok_puzzle_free(p);
			restore(&g);
		}
	}
	*out = best;
	best = NULL;
	if (score)
		*score = best_score;
out:
	cdok_puzzle_free(best);
	free(grid);
	gen_free(&g);
	return st;
}
