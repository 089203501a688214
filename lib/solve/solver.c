/* solver.c -- the exact solver: constraint propagation plus a depth-first
 * search that counts solutions up to a limit.
 *
 * State is one candidate set ("domain") per cell: a 64-bit set in which
 * bit v stands for value v.  Propagation runs to a fixed point over three
 * kinds of reasoning:
 *
 *  1. Naked singles: a cell with one candidate removes it from every
 *     other cell of its row and column.
 *  2. Hidden singles: a value with one possible place in a row or column
 *     goes there; a value with no place means a contradiction.
 *  3. Cage consistency (cage.c's job, inlined here for speed): every
 *     assignment of the cage's cells that meets the clue, respects the
 *     domains and keeps values distinct where cells share a line is
 *     enumerated.  A candidate that appears in no such assignment is
 *     removed.  The same enumeration records which values every
 *     assignment puts in a given row (or column) of the cage; those
 *     values are then removed from the rest of that row (or column).
 *
 * Propagation is sound but may be incomplete (large cages enumerate under
 * a work budget), so the search branches on the cell with the fewest
 * candidates until every cell is fixed.  Every complete grid is checked
 * against the rules by check.c before it is reported, so a solution that
 * breaks a rule can never escape, whatever the propagation did.
 *
 * Nothing here is global: all state lives in struct solver, made per
 * call, so threads can solve different puzzles at once.
 */
#include <stdlib.h>
#include <string.h>

#include "solve/solve.h"

typedef uint64_t dom_t;

#define BIT(v) ((dom_t)1 << (v))

/* Enumeration work allowed per cage per propagation step.  Beyond it the
 * cage falls back to cheap bounds reasoning until its domains shrink. */
#define ENUM_BUDGET 20000

/* Cages larger than this are never enumerated (bounds reasoning only). */
#define ENUM_MAX_CELLS 64

/* The matching test runs on grids larger than this.  On small grids the
 * singles and cage reasoning find almost everything it would, and it
 * doubled the time per node on the 9 x 9 "unreasonable" Keen puzzles
 * (median 85 us without it against 188 us with it); larger grids need
 * it. */
#ifndef ALLDIFF_MIN_N
#define ALLDIFF_MIN_N 9
#endif

/* Sum cages with more candidate combinations than this (the product of
 * their domain sizes) use the cheaper sum_supports instead of
 * enumeration. */
#ifndef ENUM_SPACE
#define ENUM_SPACE 2000
#endif

static inline int popc(dom_t d)
{
	return __builtin_popcountll(d);
}

static inline int low_value(dom_t d)
{
	return __builtin_ctzll(d);
}

static inline int high_value(dom_t d)
{
	return 63 - __builtin_clzll(d);
}

/* Units are the sets of cells that must hold every value once: rows
 * (0..n-1), columns (n..2n-1) and, in a Killer puzzle, boxes (2n..3n-1).
 * All reasoning about "each value once" works on units alike. */
enum { KIND_ROW, KIND_COL, KIND_BOX, NKINDS };

/* Read-only facts about a cage, prepared once per solve.  Within the
 * cage, cells sharing a row, a column or a box must differ, and in a
 * distinct cage all cells must: each such set is a local "group" with
 * its own used values during enumeration.  group_unit maps a group to
 * the grid unit it lies in, or -1 for the cage-wide group. */
struct cage_info {
	cdok_op op;
	int64_t target;
	int ncells;
	const int *cells;
	int ngroups;
	int *group_unit;      /* group -> grid unit, or -1 */
	int *groups;          /* per cell: up to 4 group indices */
	int *ngroups_of;      /* per cell: how many */
};

#define MAX_GROUPS_PER_CELL 4

/* Scratch for one cage enumeration, sized for the largest cage. */
struct enum_ctx {
	cdok_op op;
	int64_t target;
	int k, n;
	int *pos;             /* enumeration order -> cage cell index */
	dom_t *d;             /* domains in enumeration order */
	const int *grp;       /* groups of the cell at each position */
	int *ngrp;
	int *grp_store;       /* storage behind grp, reordered per call */
	int *val;
	dom_t *sup;           /* values seen in some valid assignment */
	int64_t *minsum, *maxsum, *minprod, *maxprod; /* suffix bounds */
	dom_t *used;          /* per group: values taken so far */
	dom_t *must;          /* per group: in every valid assignment so far */
	dom_t *fixedv;        /* per group: already fixed, so no news */
	dom_t *gv;            /* per group: values of the current assignment */
	const int *group_unit;
	int ngroups;
	long budget;
	int unsupported;      /* (cell, value) pairs not yet supported */
	bool track_must;
	bool stop, aborted;
	long found;
};

struct solver {
	const cdok_puzzle *puzzle;
	int n, ncells;
	dom_t full;
	struct cage_info *cages;
	int ncages;
	const int *cage_of;

	/* Units: nunits lists of n cells; per cell its units. */
	int nkinds;           /* 2, or 3 with boxes */
	int *unit_cells;      /* unit * n + i -> cell */
	int *cell_units;      /* cell * NKINDS + kind -> unit */

	/* Propagation work lists. */
	int *fixed;           /* cells that became single, to eliminate */
	int nfixed;
	int *queue;           /* cages to re-check (ring buffer) */
	bool *queued;
	int qhead, qcount;
	uint64_t dirty[NKINDS];    /* units changed since hidden singles */
	uint64_t ad_dirty[NKINDS]; /* units changed since the matching */

	struct enum_ctx e;

	/* Failure weights for choosing where to branch (dom/wdeg): how often
	 * each cage and each unit has produced a contradiction. */
	uint32_t *wcage, *wunit;
	unsigned char *dp;    /* scratch for sum_supports */

	/* Search. */
	dom_t **levels;       /* domains per search depth, made on demand */
	int nlevels;
	uint64_t limit, max_nodes;
	uint64_t count, nodes, branches, branch_score;
	/* Rough units of work (enumeration steps, table cells, matching
	 * steps), so that a caller's progress callback is also asked when
	 * a few nodes take long, not only every 256 nodes. */
	uint64_t work, polled_work;
	bool stop, gave_up, nomem;
	int *solution_out;
	int *values;          /* scratch grid for callbacks and checks */
	cdok_solution_fn on_solution;
	void *user;
	cdok_progress_fn on_progress;
	void *progress_user;
};

/* ------------------------------------------------------------------ */
/* Domain changes                                                      */

static inline void enqueue_cage(struct solver *s, int cage)
{
	if (cage < 0 || s->queued[cage])
		return;
	s->queued[cage] = true;
	s->queue[(s->qhead + s->qcount) % s->ncages] = cage;
	s->qcount++;
}

/* Narrow a cell's domain to nd (a subset of the current one).  Records
 * the follow-up work; returns false on a contradiction. */
static inline bool narrow(struct solver *s, dom_t *dom, int cell, dom_t nd)
{
	if (nd == dom[cell])
		return true;
	if (!nd)
		return false;
	dom[cell] = nd;
	for (int k = 0; k < s->nkinds; k++) {
		uint64_t bit = (uint64_t)1 <<
			(s->cell_units[cell * NKINDS + k] - k * s->n);

		s->dirty[k] |= bit;
		s->ad_dirty[k] |= bit;
	}
	enqueue_cage(s, s->cage_of[cell]);
	if (!(nd & (nd - 1)))
		s->fixed[s->nfixed++] = cell;
	return true;
}

static void reset_work(struct solver *s)
{
	s->nfixed = 0;
	while (s->qcount) {
		s->queued[s->queue[s->qhead]] = false;
		s->qhead = (s->qhead + 1) % s->ncages;
		s->qcount--;
	}
	s->qhead = 0;
	for (int k = 0; k < NKINDS; k++)
		s->dirty[k] = s->ad_dirty[k] = 0;
}

/* ------------------------------------------------------------------ */
/* Units: rows, columns, boxes                                         */

/* Remove each fixed cell's value from the other cells of its units. */
static bool eliminate_fixed(struct solver *s, dom_t *dom)
{
	int n = s->n;

	while (s->nfixed) {
		int cell = s->fixed[--s->nfixed];
		dom_t v = dom[cell];

		for (int k = 0; k < s->nkinds; k++) {
			int u = s->cell_units[cell * NKINDS + k];
			const int *cells = s->unit_cells + (size_t)u * (size_t)n;

			for (int i = 0; i < n; i++) {
				int peer = cells[i];

				if (peer != cell && (dom[peer] & v) &&
				    !narrow(s, dom, peer, dom[peer] & ~v)) {
					s->wunit[u]++;
					return false;
				}
			}
		}
	}
	return true;
}

/* Hidden singles over one unit. */
static bool unit_singles(struct solver *s, dom_t *dom, int u)
{
	const int *cells = s->unit_cells + (size_t)u * (size_t)s->n;
	dom_t once = 0, twice = 0, hidden;
	int n = s->n;

	for (int i = 0; i < n; i++) {
		twice |= once & dom[cells[i]];
		once |= dom[cells[i]];
	}
	if (once != s->full)
		return false;
	hidden = once & ~twice;
	if (!hidden)
		return true;
	for (int i = 0; i < n; i++) {
		dom_t h = dom[cells[i]] & hidden;

		if (h && dom[cells[i]] != h) {
			/* Two values that each have this cell as their only
			 * place cannot both go here. */
			if (h & (h - 1))
				return false;
			if (!narrow(s, dom, cells[i], h))
				return false;
		}
	}
	return true;
}

/* Run fn on every unit marked in masks (clearing the marks as it goes);
 * a failing unit gains failure weight. */
static bool each_dirty_unit(struct solver *s, dom_t *dom, uint64_t *masks,
			    bool (*fn)(struct solver *, dom_t *, int))
{
	for (int k = 0; k < s->nkinds; k++)
		while (masks[k]) {
			int u = k * s->n + __builtin_ctzll(masks[k]);

			masks[k] &= masks[k] - 1;
			if (!fn(s, dom, u)) {
				s->wunit[u]++;
				return false;
			}
			/* A unit's work may have dirtied earlier kinds. */
			k = -1;
			break;
		}
	return true;
}

static bool hidden_singles(struct solver *s, dom_t *dom)
{
	return each_dirty_unit(s, dom, s->dirty, unit_singles);
}

/* All-different consistency for one unit (Régin's matching argument).
 * The n cells of a unit must take the n values one each: a perfect
 * matching of cells to values.  A value v stays in cell c only if some
 * perfect matching gives v to c.  With one perfect matching M in hand,
 * that holds exactly when c and the cell M gives v to lie on a common
 * cycle of the graph "c -> c' when c could take M's value of c'", i.e.
 * in one strongly connected component.  This subsumes naked and hidden
 * pairs, triples and so on, which larger grids need. */
static bool augment(const dom_t *d, int cell, int *cell_of_value,
		    int *value_of_cell, dom_t *seen)
{
	for (dom_t a = d[cell] & ~*seen; a; a &= a - 1) {
		int v = low_value(a);

		*seen |= a & -a;
		if (cell_of_value[v] < 0 ||
		    augment(d, cell_of_value[v], cell_of_value, value_of_cell,
			    seen)) {
			cell_of_value[v] = cell;
			value_of_cell[cell] = v;
			return true;
		}
	}
	return false;
}

static bool unit_alldiff(struct solver *s, dom_t *dom, int u)
{
	const int *cells = s->unit_cells + (size_t)u * (size_t)s->n;
	int n = s->n;
	dom_t d[CDOK_MAX_SIZE];
	int value_of_cell[CDOK_MAX_SIZE], cell_of_value[CDOK_MAX_SIZE + 1];
	uint64_t reach[CDOK_MAX_SIZE];

	int open = 0;

	/* With at most two undecided cells the singles have already said
	 * all there is: such cells can only hold the unit's missing values,
	 * and a matching cannot narrow two cells that share two values. */
	for (int i = 0; i < n && open < 3; i++)
		if (dom[cells[i]] & (dom[cells[i]] - 1))
			open++;
	if (open < 3)
		return true;
	s->work += (uint64_t)n * (uint64_t)n;
	for (int v = 0; v <= n; v++)
		cell_of_value[v] = -1;
	for (int i = 0; i < n; i++) {
		d[i] = dom[cells[i]];
		value_of_cell[i] = -1;
	}
	/* Greedy start, then augmenting paths for the rest. */
	for (int i = 0; i < n; i++)
		for (dom_t a = d[i]; a; a &= a - 1)
			if (cell_of_value[low_value(a)] < 0) {
				cell_of_value[low_value(a)] = i;
				value_of_cell[i] = low_value(a);
				break;
			}
	for (int i = 0; i < n; i++) {
		dom_t seen = 0;

		if (value_of_cell[i] < 0 &&
		    !augment(d, i, cell_of_value, value_of_cell, &seen))
			return false;
	}
	for (int i = 0; i < n; i++) {
		reach[i] = 0;
		for (dom_t a = d[i]; a; a &= a - 1)
			reach[i] |= (uint64_t)1 << cell_of_value[low_value(a)];
	}
	/* Transitive closure, bit-parallel (Warshall). */
	for (int k = 0; k < n; k++)
		for (int i = 0; i < n; i++)
			if (reach[i] >> k & 1)
				reach[i] |= reach[k];
	for (int i = 0; i < n; i++) {
		dom_t keep = 0;

		for (dom_t a = d[i]; a; a &= a - 1) {
			int j = cell_of_value[low_value(a)];

			if (j == i || ((reach[i] >> j & 1) && (reach[j] >> i & 1)))
				keep |= a & -a;
		}
		if (keep != d[i] && !narrow(s, dom, cells[i], keep))
			return false;
	}
	return true;
}

static bool alldiff(struct solver *s, dom_t *dom)
{
	if (s->n <= ALLDIFF_MIN_N) {
		for (int k = 0; k < NKINDS; k++)
			s->ad_dirty[k] = 0;
		return true;
	}
	return each_dirty_unit(s, dom, s->ad_dirty, unit_alldiff);
}

/* ------------------------------------------------------------------ */
/* Cage enumeration                                                    */

/* Bits lo..hi, clipped to 1..n. */
static inline dom_t range_mask(int64_t lo, int64_t hi, int n)
{
	if (lo < 1)
		lo = 1;
	if (hi > n)
		hi = n;
	if (lo > hi)
		return 0;
	return ((BIT(hi) << 1) - 1) & ~(BIT(lo) - 1);
}

static void enum_leaf(struct enum_ctx *e)
{
	bool useful = false;

	e->found++;
	for (int i = 0; i < e->k; i++) {
		dom_t b = BIT(e->val[i]);

		if (!(e->sup[i] & b)) {
			e->sup[i] |= b;
			e->unsupported--;
		}
	}
	if (e->track_must) {
		for (int g = 0; g < e->ngroups; g++)
			e->gv[g] = 0;
		for (int i = 0; i < e->k; i++)
			for (int j = 0; j < e->ngrp[i]; j++)
				e->gv[e->grp[i * MAX_GROUPS_PER_CELL + j]] |=
					BIT(e->val[i]);
		for (int g = 0; g < e->ngroups; g++) {
			e->must[g] &= e->gv[g];
			if (e->group_unit[g] >= 0 && (e->must[g] & ~e->fixedv[g]))
				useful = true;
		}
		e->track_must = useful;
	}
	if (!e->unsupported && !e->track_must)
		e->stop = true;
}

/* Candidates for position i given what is chosen before it.  acc is the
 * running sum (+ and -), the remaining quotient (*) or the running
 * product (/); mx the largest value chosen so far. */
static dom_t enum_filter(struct enum_ctx *e, int i, dom_t avail, int64_t acc,
			 int64_t mx)
{
	int n = e->n;
	int64_t t = e->target;
	bool last = i == e->k - 1;
	dom_t ok = 0;

	switch (e->op) {
	case CDOK_OP_ADD: {
		int64_t rem = t - acc;

		if (last)
			return rem >= 1 && rem <= n ? avail & BIT(rem) : 0;
		return avail & range_mask(rem - e->maxsum[i + 1],
					  rem - e->minsum[i + 1], n);
	}
	case CDOK_OP_MUL:
		if (last)
			return acc >= 1 && acc <= n ? avail & BIT(acc) : 0;
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);

			if (acc % v == 0 && acc / v <= e->maxprod[i + 1] &&
			    acc / v >= e->minprod[i + 1])
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_SUB:
		/* The largest value minus the sum of the others is t. */
		if (last) {
			int64_t v1 = t + acc;          /* v is the largest */
			int64_t v2 = 2 * mx - acc - t; /* mx stays largest */

			if (v1 >= mx && v1 >= 1 && v1 <= n)
				ok |= BIT(v1);
			if (v2 >= 1 && v2 <= mx && v2 <= n)
				ok |= BIT(v2);
			return avail & ok;
		}
		if (t > n)
			return 0;
		/* The others' sum can never exceed n - t. */
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);
			int64_t m = v > mx ? v : mx;

			if (acc + v - m <= n - t)
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_DIV:
		/* The largest value is t times the product of the others. */
		if (last) {
			int64_t v1 = t * acc;  /* v is the largest */

			if (v1 >= mx && v1 >= 1 && v1 <= n)
				ok |= BIT(v1);
			if (mx > 0 && (mx * mx) % (t * acc) == 0) {
				int64_t v2 = mx * mx / (t * acc);

				if (v2 >= 1 && v2 <= mx && v2 <= n)
					ok |= BIT(v2);
			}
			return avail & ok;
		}
		if (t > n)
			return 0;
		/* The others' product can never exceed n / t. */
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);
			int64_t m = v > mx ? v : mx;

			if (acc * v <= (n / t) * m)
				ok |= BIT(v);
		}
		return ok;
	}
	return 0;
}

static void enum_rec(struct enum_ctx *e, int i, int64_t acc, int64_t mx)
{
	dom_t avail;

	if (--e->budget < 0) {
		e->aborted = e->stop = true;
		return;
	}
	avail = e->d[i];
	for (int j = 0; j < e->ngrp[i]; j++)
		avail &= ~e->used[e->grp[i * MAX_GROUPS_PER_CELL + j]];
	avail = enum_filter(e, i, avail, acc, mx);
	for (; avail && !e->stop; avail &= avail - 1) {
		int v = low_value(avail);
		dom_t b = BIT(v);

		e->val[i] = v;
		if (i == e->k - 1) {
			enum_leaf(e);
			continue;
		}
		for (int j = 0; j < e->ngrp[i]; j++)
			e->used[e->grp[i * MAX_GROUPS_PER_CELL + j]] |= b;
		switch (e->op) {
		case CDOK_OP_ADD:
		case CDOK_OP_SUB:
			enum_rec(e, i + 1, acc + v, v > mx ? v : mx);
			break;
		case CDOK_OP_MUL:
			enum_rec(e, i + 1, acc / v, v > mx ? v : mx);
			break;
		case CDOK_OP_DIV:
			enum_rec(e, i + 1, acc * v, v > mx ? v : mx);
			break;
		}
		for (int j = 0; j < e->ngrp[i]; j++)
			e->used[e->grp[i * MAX_GROUPS_PER_CELL + j]] &= ~b;
	}
}

static int64_t sat_mul(int64_t a, int64_t b)
{
	if (a > INT64_MAX / b)
		return INT64_MAX;
	return a * b;
}

/* Cheap, sound narrowing for a cage too large to enumerate: a sum cell
 * lies between the target minus the others' largest and smallest totals;
 * a product cell divides the target. */
static bool cage_bounds(struct solver *s, dom_t *dom, const struct cage_info *c)
{
	int64_t lo = 0, hi = 0;

	if (c->op == CDOK_OP_ADD) {
		for (int i = 0; i < c->ncells; i++) {
			lo += low_value(dom[c->cells[i]]);
			hi += high_value(dom[c->cells[i]]);
		}
		for (int i = 0; i < c->ncells; i++) {
			int cell = c->cells[i];
			dom_t d = dom[cell];
			int64_t olo = lo - low_value(d), ohi = hi - high_value(d);

			if (!narrow(s, dom, cell,
				    d & range_mask(c->target - ohi,
						   c->target - olo, s->n)))
				return false;
		}
	} else if (c->op == CDOK_OP_MUL) {
		for (int i = 0; i < c->ncells; i++) {
			int cell = c->cells[i];
			dom_t ok = 0;

			for (dom_t a = dom[cell]; a; a &= a - 1)
				if (c->target % low_value(a) == 0)
					ok |= a & -a;
			if (!narrow(s, dom, cell, ok))
				return false;
		}
	}
	return true;
}

/* Sum cages whose assignments are too many to enumerate cheaply: keep a
 * value only if the other cells can make up the rest of the target with
 * values from their domains.  This is the enumeration's support test
 * without the rule that cells sharing a line differ, so it is weaker but
 * sound, and costs cells x sums x values instead of one step per
 * assignment.  Full enumeration takes over once the domains shrink. */
static bool sum_supports(struct solver *s, dom_t *dom, const struct cage_info *c)
{
	int k = c->ncells, n = s->n;
	int64_t t = c->target, smax = (int64_t)k * n;
	unsigned char *fwd = s->dp, *bwd = s->dp + (size_t)(k + 1) * (size_t)(smax + 1);
	size_t w = (size_t)smax + 1;

	if (t < k || t > smax)
		return false;
	s->work += (uint64_t)k * w * 2;
	memset(s->dp, 0, 2 * (size_t)(k + 1) * w);
	/* fwd[i][x]: cells 0..i-1 can sum to x; bwd[i][x]: cells i..k-1. */
	fwd[0] = 1;
	for (int i = 0; i < k; i++) {
		dom_t d = dom[c->cells[i]];

		for (int64_t x = 0; x <= smax; x++) {
			if (!fwd[(size_t)i * w + (size_t)x])
				continue;
			for (dom_t a = d; a; a &= a - 1) {
				int64_t y = x + low_value(a);

				if (y <= t)
					fwd[(size_t)(i + 1) * w + (size_t)y] = 1;
			}
		}
	}
	if (!fwd[(size_t)k * w + (size_t)t])
		return false;
	bwd[(size_t)k * w] = 1;
	for (int i = k - 1; i >= 0; i--) {
		dom_t d = dom[c->cells[i]];

		for (int64_t x = 0; x <= smax; x++) {
			if (!bwd[(size_t)(i + 1) * w + (size_t)x])
				continue;
			for (dom_t a = d; a; a &= a - 1) {
				int64_t y = x + low_value(a);

				if (y <= t)
					bwd[(size_t)i * w + (size_t)y] = 1;
			}
		}
	}
	for (int i = 0; i < k; i++) {
		int cell = c->cells[i];
		dom_t keep = 0;

		for (dom_t a = dom[cell]; a; a &= a - 1) {
			int v = low_value(a);

			for (int64_t x = 0; x + v <= t; x++)
				if (fwd[(size_t)i * w + (size_t)x] &&
				    bwd[(size_t)(i + 1) * w +
					(size_t)(t - x - v)]) {
					keep |= a & -a;
					break;
				}
		}
		if (!narrow(s, dom, cell, keep))
			return false;
	}
	return true;
}

/* Narrow the cage's cells to their supported values and remove the
 * values the cage must place in a row or column from the rest of it. */
static bool apply_enumeration(struct solver *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;

	for (int i = 0; i < e->k; i++)
		if (!narrow(s, dom, c->cells[e->pos[i]], e->d[i] & e->sup[i]))
			return false;
	if (!e->track_must)
		return true;
	for (int g = 0; g < c->ngroups; g++) {
		dom_t m = e->must[g] & ~e->fixedv[g];
		int u = c->group_unit[g];
		const int *cells;

		if (u < 0 || !m)
			continue;
		cells = s->unit_cells + (size_t)u * (size_t)s->n;
		for (int i = 0; i < s->n; i++) {
			int cell = cells[i];

			if (s->cage_of[cell] != ci && (dom[cell] & m) &&
			    !narrow(s, dom, cell, dom[cell] & ~m))
				return false;
		}
	}
	return true;
}

/* Bring one cage to consistency with the current domains. */
static bool cage_propagate(struct solver *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;
	int k = c->ncells;
	bool ok;

	if (k > ENUM_MAX_CELLS) {
		s->queued[ci] = true;
		ok = cage_bounds(s, dom, c);
		s->queued[ci] = false;
		return ok;
	}
	if (c->op == CDOK_OP_ADD && s->dp) {
		uint64_t space = 1;

		for (int i = 0; i < k && space <= ENUM_SPACE; i++)
			space *= (uint64_t)popc(dom[c->cells[i]]);
		if (space > ENUM_SPACE) {
			s->queued[ci] = true;
			ok = sum_supports(s, dom, c);
			s->queued[ci] = false;
			return ok;
		}
	}

	/* Enumerate the most constrained cells first: pruning bites
	 * earlier and the last cell's value is usually forced. */
	for (int i = 0; i < k; i++) {
		int j = i;
		int cnt = popc(dom[c->cells[i]]);

		while (j > 0 && popc(dom[c->cells[e->pos[j - 1]]]) > cnt) {
			e->pos[j] = e->pos[j - 1];
			j--;
		}
		e->pos[j] = i;
	}
	e->op = c->op;
	e->target = c->target;
	e->k = k;
	e->ngroups = c->ngroups;
	e->group_unit = c->group_unit;
	e->unsupported = 0;
	for (int g = 0; g < c->ngroups; g++) {
		e->used[g] = 0;
		e->must[g] = s->full;
		e->fixedv[g] = 0;
	}
	for (int i = 0; i < k; i++) {
		int p = e->pos[i];
		dom_t d = dom[c->cells[p]];

		e->d[i] = d;
		e->ngrp[i] = c->ngroups_of[p];
		memcpy(e->grp_store + i * MAX_GROUPS_PER_CELL,
		       c->groups + p * MAX_GROUPS_PER_CELL,
		       MAX_GROUPS_PER_CELL * sizeof(int));
		e->sup[i] = 0;
		e->unsupported += popc(d);
		if (!(d & (d - 1)))
			for (int j = 0; j < e->ngrp[i]; j++)
				e->fixedv[e->grp_store[i * MAX_GROUPS_PER_CELL +
						       j]] |= d;
	}
	e->grp = e->grp_store;
	e->minsum[k] = e->maxsum[k] = 0;
	e->minprod[k] = e->maxprod[k] = 1;
	for (int i = k - 1; i >= 0; i--) {
		int lo = low_value(e->d[i]), hi = high_value(e->d[i]);

		e->minsum[i] = e->minsum[i + 1] + lo;
		e->maxsum[i] = e->maxsum[i + 1] + hi;
		e->minprod[i] = sat_mul(e->minprod[i + 1], lo);
		e->maxprod[i] = sat_mul(e->maxprod[i + 1], hi);
	}
	/* A single-cell cage cannot place a value in a unit for others. */
	e->track_must = k > 1;
	e->budget = ENUM_BUDGET;
	e->stop = e->aborted = false;
	e->found = 0;

	enum_rec(e, 0, c->op == CDOK_OP_MUL ? c->target :
		 c->op == CDOK_OP_DIV ? 1 : 0, 0);
	s->work += (uint64_t)(ENUM_BUDGET - (e->budget > 0 ? e->budget : 0));

	/* The cage is being brought to consistency right now; changes to
	 * its own cells need not queue it again. */
	s->queued[ci] = true;
	if (e->aborted) {
		/* Out of budget: if every candidate already has a support
		 * there is nothing to remove; otherwise fall back to bounds. */
		ok = e->unsupported == 0 || cage_bounds(s, dom, c);
	} else if (!e->found) {
		ok = false;
	} else {
		ok = apply_enumeration(s, dom, ci);
	}
	s->queued[ci] = false;
	return ok;
}

/* Run all reasoning to a fixed point.  Returns false on a contradiction;
 * either way the work lists are empty afterwards. */
static bool propagate(struct solver *s, dom_t *dom)
{
	for (;;) {
		if (!eliminate_fixed(s, dom) || !hidden_singles(s, dom))
			break;
		if (s->nfixed)
			continue;
		if (!s->qcount) {
			/* The cheap reasoning is done: run the matching test
			 * on the lines that changed; if it narrows anything,
			 * go round again. */
			if (!alldiff(s, dom))
				break;
			if (s->nfixed || s->qcount || s->dirty[KIND_ROW] ||
			    s->dirty[KIND_COL] || s->dirty[KIND_BOX])
				continue;
			return true;
		}
		{
			int ci = s->queue[s->qhead];

			s->qhead = (s->qhead + 1) % s->ncages;
			s->qcount--;
			s->queued[ci] = false;
			if (!cage_propagate(s, dom, ci)) {
				s->wcage[ci]++;
				break;
			}
		}
	}
	reset_work(s);
	return false;
}

/* ------------------------------------------------------------------ */
/* Search                                                              */

static dom_t *level(struct solver *s, int depth)
{
	if (depth >= s->nlevels) {
		int want = depth + 8;
		dom_t **l = cdok_realloc(s->levels, (size_t)want * sizeof(*l));

		if (!l)
			return NULL;
		for (int i = s->nlevels; i < want; i++)
			l[i] = NULL;
		s->levels = l;
		s->nlevels = want;
	}
	if (!s->levels[depth])
		s->levels[depth] = cdok_malloc((size_t)s->ncells * sizeof(dom_t));
	return s->levels[depth];
}

static void found_solution(struct solver *s, const dom_t *dom)
{
	for (int i = 0; i < s->ncells; i++)
		s->values[i] = low_value(dom[i]);
	/* Belt and braces: only a grid that the plain checker accepts is
	 * ever reported. */
	if (!cdok_puzzle_is_solution(s->puzzle, s->values))
		return;
	if (s->count == 0 && s->solution_out)
		memcpy(s->solution_out, s->values,
		       (size_t)s->ncells * sizeof(int));
	s->count++;
	if (s->on_solution && s->on_solution(s->user, s->values))
		s->stop = true;
	if (s->limit && s->count >= s->limit)
		s->stop = true;
}

static void search(struct solver *s, int depth)
{
	dom_t *dom = s->levels[depth];
	dom_t *child;
	int best = -1, best_count = 64;
	uint64_t best_weight = 1;
	dom_t cand;

	s->nodes++;
	if (s->max_nodes && s->nodes > s->max_nodes) {
		s->gave_up = s->stop = true;
		return;
	}
	/* Ask the caller every 256 nodes, and sooner when nodes are slow
	 * (a million units of work is a few milliseconds). */
	if (s->on_progress && ((s->nodes & 255) == 0 ||
			       s->work - s->polled_work > 1000000)) {
		s->polled_work = s->work;
		if (s->on_progress(s->progress_user, s->nodes)) {
			s->gave_up = s->stop = true;
			return;
		}
	}
	/* Branch on the undecided cell with the fewest candidates per unit
	 * of failure weight of its cage, row and column (dom/wdeg): where
	 * the search has failed before it is likely to fail again, and
	 * failing early keeps the tree small.  Without this, random larger
	 * puzzles send a plain fewest-candidates search into huge dead
	 * subtrees (a 12 x 12 measured at 246,000 nodes drops to 2,700). */
	for (int i = 0; i < s->ncells; i++) {
		int cnt = popc(dom[i]);
		uint64_t w;

		if (cnt < 2)
			continue;
		w = 1 + (uint64_t)s->wunit[s->cell_units[i * NKINDS]] +
		    s->wunit[s->cell_units[i * NKINDS + 1]] +
		    (s->nkinds > 2 ? s->wunit[s->cell_units[i * NKINDS + 2]]
				   : 0) +
		    (s->cage_of[i] >= 0 ? s->wcage[s->cage_of[i]] : 0);
		if (best < 0 || (uint64_t)cnt * best_weight <
				(uint64_t)best_count * w) {
			best = i;
			best_count = cnt;
			best_weight = w;
		}
	}
	if (best < 0) {
		found_solution(s, dom);
		return;
	}
	child = level(s, depth + 1);
	if (!child) {
		s->nomem = s->stop = true;
		return;
	}
	s->branches++;
	s->branch_score += (uint64_t)(best_count - 1) * (uint64_t)(best_count - 1);
	for (cand = dom[best]; cand && !s->stop; cand &= cand - 1) {
		memcpy(child, dom, (size_t)s->ncells * sizeof(dom_t));
		child[best] = cand & -cand;
		s->fixed[s->nfixed++] = best;
		for (int k = 0; k < s->nkinds; k++)
			s->dirty[k] |= (uint64_t)1 <<
				(s->cell_units[best * NKINDS + k] - k * s->n);
		enqueue_cage(s, s->cage_of[best]);
		if (propagate(s, child))
			search(s, depth + 1);
	}
}

/* ------------------------------------------------------------------ */
/* Set-up                                                              */

static void solver_free(struct solver *s)
{
	for (int i = 0; s->cages && i < s->ncages; i++) {
		free(s->cages[i].group_unit);
		free(s->cages[i].groups);
		free(s->cages[i].ngroups_of);
	}
	free(s->cages);
	free(s->unit_cells);
	free(s->cell_units);
	free(s->wcage);
	free(s->wunit);
	free(s->fixed);
	free(s->queue);
	free(s->queued);
	for (int i = 0; i < s->nlevels; i++)
		free(s->levels[i]);
	free(s->levels);
	free(s->values);
	free(s->dp);
	free(s->e.pos);
	free(s->e.d);
	free(s->e.ngrp);
	free(s->e.grp_store);
	free(s->e.val);
	free(s->e.sup);
	free(s->e.minsum);
	free(s->e.maxsum);
	free(s->e.minprod);
	free(s->e.maxprod);
	free(s->e.used);
	free(s->e.must);
	free(s->e.fixedv);
	free(s->e.gv);
}

/* The cage's local groups: one per grid unit it touches (cells of the
 * cage in one row, column or box must differ) and, for a distinct cage,
 * one for the whole cage.  The enumeration keeps the values used so far
 * per group, and what every assignment puts in a group. */
static bool cage_info_init(struct solver *s, struct cage_info *ci,
			   const struct cdok_cage *c)
{
	int k = c->ncells, cap = k * s->nkinds + 1;

	ci->op = c->op;
	ci->target = c->target;
	ci->ncells = k;
	ci->cells = c->cells;
	ci->ngroups = 0;
	ci->group_unit = cdok_malloc((size_t)cap * sizeof(int));
	ci->groups = cdok_malloc((size_t)k * MAX_GROUPS_PER_CELL * sizeof(int));
	ci->ngroups_of = cdok_malloc((size_t)k * sizeof(int));
	if (!ci->group_unit || !ci->groups || !ci->ngroups_of)
		return false;
	if (c->distinct)
		ci->group_unit[ci->ngroups++] = -1;
	for (int i = 0; i < k; i++) {
		int *g = ci->groups + i * MAX_GROUPS_PER_CELL;

		ci->ngroups_of[i] = 0;
		if (c->distinct)
			g[ci->ngroups_of[i]++] = 0;
		for (int kind = 0; kind < s->nkinds; kind++) {
			int u = s->cell_units[c->cells[i] * NKINDS + kind], j;

			for (j = 0; j < ci->ngroups && ci->group_unit[j] != u; j++)
				;
			if (j == ci->ngroups)
				ci->group_unit[ci->ngroups++] = u;
			g[ci->ngroups_of[i]++] = j;
		}
	}
	return true;
}

/* Rows, columns and (with boxes) boxes as lists of cells. */
static bool units_init(struct solver *s, const cdok_puzzle *p)
{
	int n = s->n;

	s->nkinds = p->box_rows ? 3 : 2;
	s->unit_cells = cdok_malloc((size_t)s->nkinds * (size_t)s->ncells *
			       sizeof(int));
	s->cell_units = cdok_malloc((size_t)s->ncells * NKINDS * sizeof(int));
	if (!s->unit_cells || !s->cell_units)
		return false;
	for (int cell = 0; cell < s->ncells; cell++) {
		int r = cell / n, c = cell % n;
		int u[NKINDS] = {r, n + c, 0};

		if (p->box_rows) {
			int box = r / p->box_rows * (n / p->box_cols) +
				  c / p->box_cols;

			u[KIND_BOX] = 2 * n + box;
		}
		for (int k = 0; k < NKINDS; k++)
			s->cell_units[cell * NKINDS + k] = u[k];
	}
	/* Fill each unit's list in reading order. */
	for (int u = 0; u < s->nkinds * n; u++) {
		int k = 0;

		for (int cell = 0; cell < s->ncells; cell++)
			if (s->cell_units[cell * NKINDS + u / n] == u)
				s->unit_cells[u * n + k++] = cell;
	}
	return true;
}

static bool solver_init(struct solver *s, const cdok_puzzle *p)
{
	int maxk = 1;
	size_t k1, g1;
	struct enum_ctx *e = &s->e;

	memset(s, 0, sizeof(*s));
	s->puzzle = p;
	s->n = p->size;
	s->ncells = p->size * p->size;
	s->full = ((BIT(s->n) << 1) - 1) & ~(dom_t)1;
	s->cage_of = p->cage_of;
	s->ncages = p->ncages;
	s->cages = cdok_calloc((size_t)(p->ncages ? p->ncages : 1),
			  sizeof(*s->cages));
	s->fixed = cdok_malloc((size_t)s->ncells * 2 * sizeof(int));
	s->queue = cdok_malloc((size_t)(p->ncages ? p->ncages : 1) * sizeof(int));
	s->queued = cdok_calloc((size_t)(p->ncages ? p->ncages : 1), sizeof(bool));
	s->values = cdok_malloc((size_t)s->ncells * sizeof(int));
	s->wcage = cdok_calloc((size_t)(p->ncages ? p->ncages : 1), sizeof(uint32_t));
	s->wunit = cdok_calloc((size_t)(NKINDS * s->n), sizeof(uint32_t));
	if (!s->cages || !s->fixed || !s->queue || !s->queued || !s->values ||
	    !s->wcage || !s->wunit || !units_init(s, p))
		return false;
	for (int i = 0; i < p->ncages; i++) {
		if (!cage_info_init(s, &s->cages[i], &p->cages[i]))
			return false;
		if (p->cages[i].ncells > maxk)
			maxk = p->cages[i].ncells;
	}
	if (maxk > ENUM_MAX_CELLS)
		maxk = ENUM_MAX_CELLS;
	/* Two tables of (cells + 1) x (largest sum + 1) bytes. */
	s->dp = cdok_malloc(2 * ((size_t)maxk + 1) * ((size_t)maxk * (size_t)s->n + 1));
	k1 = (size_t)maxk + 1;
	g1 = k1 * NKINDS + 1;
	e->n = s->n;
	e->pos = cdok_malloc(k1 * sizeof(int));
	e->d = cdok_malloc(k1 * sizeof(dom_t));
	e->ngrp = cdok_malloc(k1 * sizeof(int));
	e->grp_store = cdok_malloc(k1 * MAX_GROUPS_PER_CELL * sizeof(int));
	e->val = cdok_malloc(k1 * sizeof(int));
	e->sup = cdok_malloc(k1 * sizeof(dom_t));
	e->minsum = cdok_malloc(k1 * sizeof(int64_t));
	e->maxsum = cdok_malloc(k1 * sizeof(int64_t));
	e->minprod = cdok_malloc(k1 * sizeof(int64_t));
	e->maxprod = cdok_malloc(k1 * sizeof(int64_t));
	e->used = cdok_malloc(g1 * sizeof(dom_t));
	e->must = cdok_malloc(g1 * sizeof(dom_t));
	e->fixedv = cdok_malloc(g1 * sizeof(dom_t));
	e->gv = cdok_malloc(g1 * sizeof(dom_t));
	return e->pos && e->d && e->ngrp && e->grp_store && e->val &&
	       e->sup && e->minsum && e->maxsum && e->minprod &&
	       e->maxprod && e->used && e->must && e->fixedv && e->gv;
}

/* The root of the search: every cell may hold any value except where
 * given; every cage and unit needs a first look. */
static void root_setup(struct solver *s, dom_t *root)
{
	const cdok_puzzle *p = s->puzzle;
	uint64_t all = ((uint64_t)1 << s->n) - 1;

	for (int i = 0; i < s->ncells; i++) {
		root[i] = cdok_has_given(p, i) ? BIT(p->given[i]) : s->full;
		if (cdok_has_given(p, i))
			s->fixed[s->nfixed++] = i;
	}
	for (int i = 0; i < s->ncages; i++)
		enqueue_cage(s, i);
	for (int k = 0; k < s->nkinds; k++)
		s->dirty[k] = s->ad_dirty[k] = all;
}

int cdok_root_domains(const cdok_puzzle *p, uint64_t *domains)
{
	struct solver s;
	dom_t *root;
	int ret = -1;

	if (solver_init(&s, p) && (root = level(&s, 0))) {
		root_setup(&s, root);
		if (propagate(&s, root)) {
			ret = 1;
			for (int i = 0; i < s.ncells; i++) {
				domains[i] = root[i];
				if (popc(root[i]) > 1)
					ret = 0;
			}
		}
	}
	solver_free(&s);
	return ret;
}

void cdok_solve_params_init(cdok_solve_params *params)
{
	memset(params, 0, sizeof(*params));
	params->limit = 2;
}

/* The difficulty score: B * M + E (doc/SOLVER.md), where B sums
 * (k - 1)^2 over every branch point of the complete search (k = the
 * branching cell's candidates), M is the smallest power of ten not below
 * the number of cells and E is the number of cells without a given. */
static uint64_t difficulty(const struct solver *s)
{
	uint64_t m = 1, empty = 0;

	while (m < (uint64_t)s->ncells)
		m *= 10;
	/* A one-cell cage is a given written another way (UCF's '.', a Keen
	 * single-cell clue), so it does not count as an empty cell. */
	for (int i = 0; i < s->ncells; i++) {
		int c = s->cage_of[i];

		if (!cdok_has_given(s->puzzle, i) && (c < 0 || s->cages[c].ncells > 1))
			empty++;
	}
	return s->branch_score * m + empty;
}

cdok_status cdok_solve(const cdok_puzzle *p, const cdok_solve_params *params,
		       int *solution, cdok_result *res, cdok_error *err)
{
	struct solver s;
	cdok_solve_params defaults;
	cdok_status st;
	dom_t *root;
	bool ok;

	memset(res, 0, sizeof(*res));
	st = cdok_puzzle_validate(p, err);
	if (st != CDOK_OK)
		return st;
	if (!params) {
		cdok_solve_params_init(&defaults);
		params = &defaults;
	}
	if (cdok_is_nylimb(p)) {
		st = cdok_solve_nylimb(p, params, solution, res, err);
		res->verdict = cdok_verdict_of(res);
		return st;
	}
	if (!solver_init(&s, p) || !(root = level(&s, 0))) {
		solver_free(&s);
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	s.limit = params->limit;
	s.max_nodes = params->max_nodes;
	s.on_solution = params->on_solution;
	s.user = params->user;
	s.on_progress = params->on_progress;
	s.progress_user = params->progress_user;
	s.solution_out = solution;

	root_setup(&s, root);
	ok = propagate(&s, root);
	if (ok)
		search(&s, 0);
	else
		s.nodes = 1;

	if (s.nomem) {
		solver_free(&s);
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	res->count = s.count;
	res->gave_up = s.gave_up;
	res->complete = !s.stop;
	res->nodes = s.nodes;
	res->branches = s.branches;
	res->difficulty = difficulty(&s);
	res->verdict = cdok_verdict_of(res);
	solver_free(&s);
	return CDOK_OK;
}
