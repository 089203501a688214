/* clues.c -- the Calcudoku policy of the generator (generate.h):
 * regions of 1..max_cage cells, each of two cells or more a cage whose
 * clue (operator and target) is chosen from the grid, each single cell a
 * given.  Nylimb puzzles are made the same way over digit grids.
 *
 *  - Partition: random connected regions whose sizes are drawn mostly
 *    from 2..4; most single cells join a neighbouring cage.
 *  - Clues: among the allowed operators, with weights that favour ÷ and
 *    − on pairs (they say the most), avoiding clues that give a pair
 *    away outright.
 *  - Repairs: a second solution is ruled out at a cell where the two
 *    solutions differ (a new clue it does not meet, a merge, a cell
 *    moved to a neighbouring cage, or rarely a new given); where
 *    reasoning leaves cells open, the most telling clue a cage can have
 *    or a pair split off a larger cage says more.
 *  - Hardening: a cell joins a neighbouring cage (as the original cdok's
 *    generator does), or a cage gets a new clue.
 */
#include <stdlib.h>
#include <string.h>

#include "generate/generate.h"

/* The policy's state. */
struct calc {
	/* The values cells can hold: 1..n, or 0..98 in Nylimb mode (99
	 * repeats its digit). */
	bool nylimb;
	int vlo, vhi;
	int max_single;       /* the most givens a puzzle may have */
};

static inline struct calc *calc(const struct gen *g)
{
	return g->state;
}

/* ------------------------------------------------------------------ */
/* Clues                                                               */

/* Unordered pairs {a, b}, a != b, of values vlo..vhi that meet op and t:
 * how many ways a two-cell cage with this clue can be filled. */
static int pair_count(const struct gen *g, cdok_op op, int64_t t)
{
	int64_t lo = calc(g)->vlo, hi = calc(g)->vhi, k = 0;

	/* Counted from the rules (doc/RULES.md) for a < b, rather than by
	 * trying every pair: Nylimb's 0..98 made that the generator's
	 * largest cost. */
	switch (op) {
	case CDOK_OP_ADD:          /* a + b = t */
		for (int64_t a = lo > t - hi ? lo : t - hi; 2 * a < t; a++)
			k++;
		break;
	case CDOK_OP_SUB:          /* b - a = t */
		if (t > 0 && hi - t >= lo)
			k = hi - t - lo + 1;
		break;
	case CDOK_OP_MUL:          /* a * b = t, both >= 1 */
		for (int64_t a = lo > 1 ? lo : 1; a * a < t; a++)
			if (t % a == 0 && t / a <= hi)
				k++;
		break;
	case CDOK_OP_DIV:          /* b = t * a, a >= 1 */
		for (int64_t a = lo > 1 ? lo : 1; t > 1 && a * t <= hi; a++)
			k++;
		break;
	case CDOK_OP_ANY:          /* clues are chosen with an operator */
		break;
	}
	return (int)k;
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
	case CDOK_OP_ANY:          /* clues are chosen with an operator */
		break;
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
	int *v = g->sc.list, *cells = g->sc.cells;

	k = cdki_regions_cells(&g->rg, r, cells);
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
			int *w = g->sc.queue;

			for (int j = 0; j < k; j++)
				w[j] = exclude[cells[j]];
			if (cdki_gen_clue_holds(g, ops[i], target[i], w, k))
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
	for (int i = 0, x = gen_rnd(g, total); i < 4; i++) {
		if (x < weight[i]) {
			g->rg.slot[r].op = ops[i];
			g->rg.slot[r].target = target[i];
			return true;
		}
		x -= weight[i];
	}
	return false;
}

/* True if the last change (since save) made a cell that was in a cage
 * into a single cell. */
static bool made_singles(const struct gen *g)
{
	for (int i = 0; i < g->ncells; i++)
		if (g->rg.slot[g->rg.of[i]].size == 1 &&
		    g->saved.slot[g->saved.of[i]].size != 1)
			return true;
	return false;
}

/* Ordered fillings of k cells by brute force, for small cases only. */
static int64_t brute_fillings(const struct gen *g, cdok_op op, int64_t t,
			      int k, int *v, int i)
{
	int64_t total = 0;

	if (i == k)
		return cdki_cage_holds(op, t, v, k);
	for (v[i] = calc(g)->vlo; v[i] <= calc(g)->vhi; v[i]++)
		total += brute_fillings(g, op, t, k, v, i + 1);
	return total;
}

/* Ordered k-tuples of values (never 0: t > 0) whose product is t. */
/* Counts already known, keyed by (what is left of the target, cells
 * left): the same remainders come back many times down the recursion,
 * which without this grew as the number of divisors to the power of the
 * cage size (five-cell products of values up to 98 in Nylimb mode). */
#define MEMO_SIZE 4096

struct memo {
	int64_t t[MEMO_SIZE];
	int k[MEMO_SIZE];
	int64_t count[MEMO_SIZE];
};

static int64_t product_fillings(const int *div, int ndiv, int64_t t, int k,
				struct memo *m)
{
	uint64_t h = ((uint64_t)t * 0x9e3779b97f4a7c15ull + (uint64_t)k) >> 52;
	int64_t total = 0;

	if (k == 0)
		return t == 1;
	for (int probe = 0; probe < 8; probe++) {
		size_t at = (h + (uint64_t)probe) % MEMO_SIZE;

		if (m->k[at] == k && m->t[at] == t)
			return m->count[at];
		if (!m->k[at])
			break;
	}
	for (int i = 0; i < ndiv && div[i] <= t; i++)
		if (t % div[i] == 0)
			total += product_fillings(div, ndiv, t / div[i], k - 1,
						  m);
	for (int probe = 0; probe < 8; probe++) {
		size_t at = (h + (uint64_t)probe) % MEMO_SIZE;

		if (!m->k[at]) {
			m->t[at] = t;
			m->k[at] = k;
			m->count[at] = total;
			break;
		}
	}
	return total;
}

/* The values vlo..vhi (never 0) that divide t, in increasing order: the
 * only ones a filling of a product cage can use. */
static int divisors(const struct gen *g, int64_t t, int *div)
{
	int n = 0;

	for (int v = calc(g)->vlo > 1 ? calc(g)->vlo : 1; v <= calc(g)->vhi; v++)
		if (t % v == 0)
			div[n++] = v;
	return n;
}

/* How many ordered fillings of k cells with values vlo..vhi meet the
 * clue, ignoring the rule that cells in a line differ: a measure of how
 * much a clue tells (fewer = more). */
static int64_t count_fillings(struct gen *g, cdok_op op, int64_t t, int k)
{
	int n = calc(g)->vhi;

	if (k == 2)
		return pair_count(g, op, t);
	if (op == CDOK_OP_MUL) {
		int div[CDOK_NYLIMB_MAX + 1];
		struct memo *m = cdok_calloc(1, sizeof(*m));
		int64_t r;

		if (!m) {
			g->nomem = true;
			return INT64_MAX;
		}
		r = product_fillings(div, divisors(g, t, div), t, k, m);
		free(m);
		return r;
	}
	if (op == CDOK_OP_ADD) {
		/* ways[s]: fillings of the cells so far that sum to s. */
		int64_t *ways = cdok_calloc((size_t)t + 1, sizeof(int64_t));
		int64_t *next = cdok_calloc((size_t)t + 1, sizeof(int64_t));
		int64_t r = INT64_MAX;

		if (!ways || !next)
			g->nomem = true;
		if (ways && next && t <= (int64_t)k * n) {
			ways[0] = 1;
			for (int i = 0; i < k; i++) {
				memset(next, 0, ((size_t)t + 1) * sizeof(int64_t));
				for (int64_t x = 0; x <= t; x++)
					for (int v = calc(g)->vlo; ways[x] && v <= n &&
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
		int v[8] = {0};

		for (int i = 0; i < k && space <= 200000; i++)
			space *= calc(g)->vhi - calc(g)->vlo + 1;
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
	int k, *v = g->sc.list, *cells = g->sc.cells, best = -1;
	int64_t best_fill = 0, target, best_target = 0;

	k = cdki_regions_cells(&g->rg, r, cells);
	if (k < 2)
		return false;
	for (int i = 0; i < k; i++)
		v[i] = g->grid[cells[i]];
	for (int j = 0, i0 = gen_rnd(g, 4); j < 4; j++) {
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
	g->rg.slot[r].op = ops[best];
	g->rg.slot[r].target = best_target;
	return true;
}

/* After cells left region r, split what remains into connected pieces:
 * the first keeps r, the others get new regions; every piece gets a new
 * clue.  Returns false if some piece has no possible clue. */
static bool settle_region(struct gen *g, int r)
{
	int k = cdki_regions_cells(&g->rg, r, g->sc.list + g->ncells);
	int *members = g->sc.list + g->ncells;
	int id = r;

	if (!k) {
		g->rg.slot[r].size = 0;
		return true;
	}
	for (int i = 0; i < k; i++)
		g->sc.mark[members[i]] = 1;
	for (int i = 0; i < k; i++) {
		int size;

		if (!g->sc.mark[members[i]])
			continue;
		if (id < 0)
			id = cdki_regions_free_slot(&g->rg);
		size = cdki_regions_walk(&g->rg, members[i], false, g->sc.mark,
					 g->sc.queue);
		for (int j = 0; j < size; j++)
			g->rg.of[g->sc.queue[j]] = id;
		g->rg.slot[id].size = size;
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
	int nb[4], cnt = cdki_regions_neighbours(&g->rg, d, nb);

	if (g->rg.slot[r].size < 4)
		return false;
	for (int t = 0; t < cnt; t++) {
		int e = nb[t], s, ok = 1;

		if (g->rg.of[e] != r)
			continue;
		cdki_gen_save(g);
		s = cdki_regions_free_slot(&g->rg);
		g->rg.of[d] = g->rg.of[e] = s;
		g->rg.slot[s].size = 2;
		g->rg.slot[r].size -= 2;
		if (!pick_strong_clue(g, s) || !settle_region(g, r))
			ok = 0;
		/* No piece of the rest may be a single cell. */
		if (ok && made_singles(g))
			ok = 0;
		if (ok)
			return true;
		cdki_gen_restore(g);
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* Partition                                                           */

/* Cut the grid into regions: cells in random order each start a region
 * of a drawn size (mostly 2 to 4 cells), grown by random free
 * neighbours of any member. */
static bool partition(struct gen *g)
{
	static const int w[] = {0, 2, 34, 34, 20, 7, 3};

	cdki_regions_cut(&g->rg, g->rng, &g->sc, w, 1, g->max_cage, NULL,
			 false);
	/* Most single cells join a neighbouring cage that has room, so
	 * givens stay few. */
	for (int cell = 0; cell < g->ncells; cell++) {
		int r = g->rg.of[cell], nb[4], cnt, best = -1;

		if (g->rg.slot[r].size != 1 || gen_rnd(g, 8) == 0)
			continue;
		cnt = cdki_regions_neighbours(&g->rg, cell, nb);
		for (int j = 0; j < cnt; j++) {
			int r2 = g->rg.of[nb[j]];

			if (r2 != r && g->rg.slot[r2].size < g->max_cage &&
			    (best < 0 || g->rg.slot[r2].size < g->rg.slot[best].size))
				best = r2;
		}
		if (best >= 0) {
			g->rg.slot[r].size = 0;
			g->rg.of[cell] = best;
			g->rg.slot[best].size++;
		}
	}
	for (int r = 0; r < g->ncells; r++)
		if (g->rg.slot[r].size > 1 && !pick_clue(g, r, NULL))
			return false;
	return true;
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
	d = cand[gen_rnd(g, ncand)];
	r = g->rg.of[d];
	roll = gen_rnd(g, 100);

	/* A new clue for the cage (one the other solution does not meet). */
	if (exclude && roll < 50 && g->rg.slot[r].size > 1 &&
	    pick_clue(g, r, exclude))
		return true;

	/* More information where reasoning is stuck: the most telling clue
	 * the cage can have, or a pair split off a larger cage. */
	if (!exclude && roll < 85) {
		if (roll < 45 && g->rg.slot[r].size > 1 &&
		    (g->rg.slot[r].op != CDOK_OP_DIV || g->rg.slot[r].size > 2)) {
			cdok_op before = g->rg.slot[r].op;

			if (pick_strong_clue(g, r) && g->rg.slot[r].op != before)
				return true;
		}
		if (split_off(g, r, d))
			return true;
	}

	/* Merge with a neighbouring cage that also holds a difference. */
	if (exclude && roll < 65) {
		int k = cdki_regions_cells(&g->rg, r, g->sc.cells);

		for (int i = 0; i < k; i++) {
			cnt = cdki_regions_neighbours(&g->rg, g->sc.cells[i],
						      nb);
			for (int j = 0; j < cnt; j++) {
				int r2 = g->rg.of[nb[j]];

				if (r2 == r || exclude[nb[j]] == g->grid[nb[j]] ||
				    g->rg.slot[r].size + g->rg.slot[r2].size >
				    g->max_cage)
					continue;
				for (int c = 0; c < g->ncells; c++)
					if (g->rg.of[c] == r2)
						g->rg.of[c] = r;
				g->rg.slot[r].size += g->rg.slot[r2].size;
				g->rg.slot[r2].size = 0;
				return pick_clue(g, r, NULL);
			}
		}
	}

	/* Move the cell to a neighbouring cage with room, as long as no
	 * single cell is left behind. */
	cnt = cdki_regions_neighbours(&g->rg, d, nb);
	for (int t = 0; t < cnt; t++) {
		int j = gen_rnd(g, cnt - t) + t, tmp = nb[t], r2;

		nb[t] = nb[j];
		nb[j] = tmp;
		r2 = g->rg.of[nb[t]];
		if (r2 == r || g->rg.slot[r2].size < 2 ||
		    g->rg.slot[r2].size >= g->max_cage || g->rg.slot[r].size < 3)
			continue;
		cdki_gen_save(g);
		g->rg.of[d] = r2;
		g->rg.slot[r2].size++;
		g->rg.slot[r].size--;
		if (pick_clue(g, r2, NULL) && settle_region(g, r) &&
		    !made_singles(g))
			return true;
		cdki_gen_restore(g);
	}

	/* Last resort: make the cell a given, while givens are few. */
	if (g->rg.slot[r].size > 1 &&
	    cdki_regions_singles(&g->rg) + (g->rg.slot[r].size == 2 ? 2 : 1) <= calc(g)->max_single) {
		int s = cdki_regions_free_slot(&g->rg);

		g->rg.of[d] = s;
		g->rg.slot[s].size = 1;
		g->rg.slot[r].size--;
		return settle_region(g, r);
	}
	return g->rg.slot[r].size > 1 && pick_clue(g, r, NULL);
}

/* Fold givens beyond the allowance into neighbouring cages with room. */
static void merge_surplus_singles(struct gen *g)
{
	int surplus = cdki_regions_singles(&g->rg) - calc(g)->max_single;

	for (int cell = 0; cell < g->ncells && surplus > 0; cell++) {
		int r = g->rg.of[cell], nb[4], cnt;

		if (g->rg.slot[r].size != 1)
			continue;
		cnt = cdki_regions_neighbours(&g->rg, cell, nb);
		for (int j = 0; j < cnt; j++) {
			int r2 = g->rg.of[nb[j]];

			if (r2 == r || g->rg.slot[r2].size >= g->max_cage)
				continue;
			g->rg.slot[r].size = 0;
			g->rg.of[cell] = r2;
			g->rg.slot[r2].size++;
			if (pick_clue(g, r2, NULL))
				surplus -= g->rg.slot[r2].size == 2 ? 2 : 1;
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
	int cell = gen_rnd(g, g->ncells), r = g->rg.of[cell], nb[4], cnt, r2;

	if (gen_rnd(g, 3) == 0) {
		if (g->rg.slot[r].size < 2)
			return false;
		return pick_clue(g, r, NULL);
	}
	cnt = cdki_regions_neighbours(&g->rg, cell, nb);
	if (!cnt)
		return false;
	r2 = g->rg.of[nb[gen_rnd(g, cnt)]];
	if (r2 == r || g->rg.slot[r2].size >= g->max_cage)
		return false;
	g->rg.of[cell] = r2;
	g->rg.slot[r2].size++;
	g->rg.slot[r].size--;
	return (g->rg.slot[r2].size < 2 || pick_clue(g, r2, NULL)) &&
	       settle_region(g, r);
}

/* ------------------------------------------------------------------ */
/* The policy                                                          */

static cdok_status calc_init(struct gen *g, cdok_error *err)
{
	const cdok_gen_params *par = g->par;
	struct calc *c;

	if (par->rules & ~CDOK_RULE_NYLIMB)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "unknown rule flags %#x", par->rules);
	if ((par->rules & CDOK_RULE_NYLIMB) && par->size > 9)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "Nylimb puzzles are made up to 9 x 9 (each "
				 "line holds one two-digit number, so n + 1 "
				 "digits); %d is too large", par->size);
	if (!(par->ops & (CDOK_GEN_ADD | CDOK_GEN_MUL)))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the operator set must include + or *");
	if (par->max_cage < 0)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the largest cage must have at least 1 cell");
	c = cdok_calloc(1, sizeof(*c));
	if (!c)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	g->state = c;
	c->nylimb = (par->rules & CDOK_RULE_NYLIMB) != 0;
	c->vlo = c->nylimb ? 0 : 1;
	c->vhi = c->nylimb ? CDOK_NYLIMB_MAX - 1 : g->n;
	g->max_cage = par->max_cage ? par->max_cage : gen_default_cage(g);
	/* Products of more than ten values up to 63 could overflow. */
	if (!(par->ops & CDOK_GEN_ADD) && g->max_cage > 10)
		g->max_cage = 10;
	c->max_single = g->ncells / 10 > 1 ? g->ncells / 10 : 1;
	g->node_budget = 20 + (uint64_t)g->ncells / 4;
	return CDOK_OK;
}

static void calc_free(struct gen *g)
{
	free(g->state);
	g->state = NULL;
}

static cdok_status calc_new_grid(struct gen *g)
{
	return calc(g)->nylimb ? cdok_generate_nylimb_grid(g->n, g->rng,
							   g->grid)
			       : cdok_generate_grid(g->n, g->rng, g->grid);
}

static cdok_status calc_check_grid(const struct gen *g, cdok_error *err)
{
	if (calc(g)->nylimb && !cdki_nylimb_grid_ok(g->grid, g->n))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the solution grid is not a Nylimb grid of "
				 "size %d (no digit twice and at most one "
				 "two-digit number in a row or column)", g->n);
	if (!calc(g)->nylimb && !cdki_grid_is_latin(g->grid, g->n, 0, 0))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the solution grid is not a Latin square of "
				 "size %d", g->n);
	return CDOK_OK;
}

static int calc_max_steps(const struct gen *g)
{
	return 2 * g->ncells + 20;
}

/* A partition that keeps failing is usually short of givens; tiny
 * grids need them most. */
static bool calc_partition(struct gen *g, int attempt)
{
	if (attempt && attempt % 100 == 0)
		calc(g)->max_single *= 2;
	return partition(g);
}

static bool calc_accept(struct gen *g)
{
	return cdki_regions_singles(&g->rg) <= calc(g)->max_single;
}

static bool calc_rule_out(struct gen *g, const int *x)
{
	int *cand = g->sc.list + g->ncells, ncand = 0;

	for (int i = 0; i < g->ncells; i++)
		if (x[i] != g->grid[i])
			cand[ncand++] = i;
	return ncand && repair(g, cand, ncand, x);
}

/* When reasoning leaves many cells open, strengthen several places per
 * round: one repair per round would need hundreds of rounds on larger
 * grids. */
static bool calc_strengthen(struct gen *g, int *open, int nopen)
{
	if (!nopen || !repair(g, open, nopen, NULL))
		return false;
	for (int extra = nopen / 12; extra > 0; extra--)
		if (!repair(g, open, nopen, NULL))
			break;
	return true;
}

static bool calc_mutate(struct gen *g)
{
	return mutate(g) && cdki_regions_singles(&g->rg) <= calc(g)->max_single;
}

const struct gen_policy cdki_calcudoku_policy = {
	.init = calc_init,
	.free = calc_free,
	.new_grid = calc_new_grid,
	.check_grid = calc_check_grid,
	.partitions = 400,
	.rounds = 50,
	.new_grid_per_round = false,
	.max_steps = calc_max_steps,
	.partition = calc_partition,
	.tidy = merge_surplus_singles,
	.reason_first = true,
	.accept = calc_accept,
	.rule_out = calc_rule_out,
	.strengthen = calc_strengthen,
	.rule_out_partial = false,
	.mutate = calc_mutate,
	.distinct = false,
	.sums = false,
};
