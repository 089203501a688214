/* solver_nylimb.c -- the exact solver for Nylimb puzzles (doc/RULES.md,
 * "Nylimb mode"): cells hold whole numbers 0..99, and within every row
 * and every column no decimal digit appears twice (counting both digits
 * of a two-digit number) and at most one cell holds a two-digit number.
 *
 * The contract is cdok_solve's (include/cdok.h), and the structure
 * follows solver.c: candidate sets per cell, propagation to a fixed point
 * with work lists, cage enumeration under a budget, dom/wdeg branching,
 * and a final check of every grid by check.c.  Only the sets and the line
 * reasoning differ, because lines here are not "each value once":
 *
 *  - A domain is a 128-bit set (bit v = value v).  11, 22, ..., 99 repeat
 *    their digit by themselves and never enter a domain.
 *
 *  - Every value has a footprint: an 11-bit set holding its digits plus
 *    one extra bit, LONG, for "has two digits".  The line rule is then
 *    exactly "the footprints of a line's cells are pairwise disjoint",
 *    which turns every line rule into set arithmetic on footprints: two
 *    cells clash when their footprints meet.
 *
 *  - Line reasoning (line_pass) works with what each cell is sure to use
 *    (the footprint bits shared by every candidate: a fixed 40 uses 4, 0
 *    and LONG; a cell left with {12, 21} uses 1, 2 and LONG) and removes
 *    from the other cells every candidate that would clash with it.  This
 *    is the naked single of a Latin solver, generalised.  Then it counts
 *    digits: a line of n cells with t two-digit cells (t is 0 or 1) uses
 *    n + t distinct digits.  If the digits still possible in the line are
 *    fewer than n + (the smallest t), the branch is dead; if they are
 *    exactly n, no cell may hold a two-digit number; and when the number
 *    of digits the line uses is known and equals the number still
 *    possible, every possible digit must appear, so a digit with one
 *    possible cell goes there (the hidden single, on digits).
 *
 *  - Cage reasoning is solver.c's: enumerate the assignments of the
 *    cage's cells that meet the clue, keep the footprints of cells that
 *    share a line disjoint, and remove every candidate that appears in
 *    no assignment.  The same enumeration records the footprint bits
 *    that every assignment puts into each line the cage touches (digits,
 *    and LONG when every assignment has a two-digit number there); the
 *    rest of that line cannot use them.  A cage with too many
 *    assignments to enumerate gets cheaper reasoning until its domains
 *    shrink: for a sum, tables of the totals its cells can reach; for a
 *    product, the divisors of the target.
 *
 *  - Search branches on a cell (dom/wdeg), trying its values in
 *    increasing order, exactly as solver.c does, so the node counts and
 *    the difficulty score mean the same in both modes.
 *
 * Nothing is global: all state lives in struct nsolver, made per call.
 */
#include <stdlib.h>
#include <string.h>

#include "solve/solve.h"

typedef unsigned __int128 dom_t;

#define BIT(v) ((dom_t)1 << (v))

/* Largest value; a value's footprint bit LONG marks two digits. */
#define MAXV      CDOK_NYLIMB_MAX
#define LONG_BIT  10
#define NFOOT     11
#define DIGITS    0x3ffu          /* footprint bits of the ten digits */

/* Enumeration work allowed per cage per propagation step.  Domains run
 * to 90 values, so a three-cell cage of large numbers (+100) takes about
 * 90 x 90 steps at the root: the budget lets that through once and
 * still bounds large cages of small numbers. */
#define ENUM_BUDGET 50000

/* Cages larger than this are never enumerated (bounds reasoning only). */
#define ENUM_MAX_CELLS 64

/* A cage is enumerated only when the product of its domain sizes, the
 * largest left out, is at most this: enumeration visits about that many
 * partial assignments (the last cell, the largest, is mostly forced by
 * the clue).  Beyond it a sum cage uses sum_supports and the others
 * cage_bounds, until their domains shrink.  Without this, a four-cell
 * sum of large numbers (90 x 90 x 90 assignments) spent its whole
 * budget at every node and then fell back anyway: on a random 9 x 9
 * puzzle with such cages a node took 400 us; with this, 115 us. */
#define ENUM_SPACE 30000

static inline int popc(dom_t d)
{
	return __builtin_popcountll((uint64_t)d) +
	       __builtin_popcountll((uint64_t)(d >> 64));
}

static inline int low_value(dom_t d)
{
	uint64_t lo = (uint64_t)d;

	return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(d >> 64));
}

static inline int high_value(dom_t d)
{
	uint64_t hi = (uint64_t)(d >> 64);

	return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)d);
}

/* Bits lo..hi, clipped to 0..MAXV. */
static inline dom_t range_mask(int64_t lo, int64_t hi)
{
	if (lo < 0)
		lo = 0;
	if (hi > MAXV)
		hi = MAXV;
	if (lo > hi)
		return 0;
	return ((BIT(hi) << 1) - 1) & ~(BIT(lo) - 1);
}

static inline unsigned footprint_of(int v)
{
	return v < 10 ? 1u << v
		      : 1u << (v / 10) | 1u << (v % 10) | 1u << LONG_BIT;
}

/* Read-only facts about a cage.  Every cell lies in one row and one
 * column of the grid; the cage's cells that share a line form a local
 * group whose footprints must stay disjoint during enumeration.
 * group_line maps a group to its grid line (rows 0..n-1, columns
 * n..2n-1); groups holds each cell's row group and column group. */
struct cage_info {
	cdok_op op;
	int64_t target;
	int ncells;
	const int *cells;
	bool distinct;        /* values must differ (a Killer-style cage) */
	int ngroups;
	int *group_line;
	int *groups;          /* per cell: [2 * i] row group, [2 * i + 1] column */
};

/* Scratch for one cage enumeration, sized for the largest cage. */
struct enum_ctx {
	cdok_op op;
	int64_t target;
	int k;
	int *pos;             /* enumeration order -> cage cell index */
	dom_t *d;             /* domains in enumeration order */
	int *grp;             /* the two groups of the cell at each position */
	int *val;
	dom_t *sup;           /* values seen in some valid assignment */
	int64_t *minsum, *maxsum, *minprod, *maxprod; /* suffix bounds */
	unsigned *used;       /* per group: footprint bits taken so far */
	unsigned *must;       /* per group: in every valid assignment so far */
	unsigned *known;      /* per group: bits the line reasoning has */
	dom_t usedvals;       /* distinct cages: values taken so far */
	bool distinct;
	int ngroups;
	long budget;
	int unsupported;      /* (cell, value) pairs not yet supported */
	bool track_must;
	bool stop, aborted;
	long found;
};

/* What line_pass needs to know of a cell's domain (see cell_facts). */
struct cell_cache {
	dom_t dom;            /* the domain these facts are for; 0: none */
	unsigned req, digits;
};

struct nsolver {
	const cdok_puzzle *puzzle;
	int n, ncells;

	/* Value tables.  with[b]: the values whose footprint has bit b.
	 * clash_lo/clash_hi: the values whose footprint meets a set of
	 * bits, looked up in two halves (bits 0..5 and 6..10) so the
	 * tables stay small. */
	dom_t valid;
	dom_t with[NFOOT];
	dom_t clash_lo[64], clash_hi[32];
	unsigned foot[MAXV + 1];

	struct cage_info *cages;
	int ncages;
	const int *cage_of;
	int *line_cells;      /* line * n + i -> cell; rows, then columns */
	struct cell_cache *cache;

	/* Propagation work lists. */
	uint32_t dirty;       /* lines changed since line_pass (bit = line) */
	int *queue;           /* cages to re-check (ring buffer) */
	bool *queued;
	int qhead, qcount;

	struct enum_ctx e;
	uint64_t *sums;       /* bit tables for sum_supports */

	/* Failure weights for dom/wdeg branching. */
	uint32_t *wcage, *wline;

	/* Search. */
	dom_t **levels;
	int nlevels;
	uint64_t limit, max_nodes;
	uint64_t count, nodes, branches, branch_score;
	uint64_t work, polled_work;
	bool stop, gave_up, nomem;
	int *solution_out;
	int *values;
	cdok_solution_fn on_solution;
	void *user;
	cdok_progress_fn on_progress;
	void *progress_user;
};

/* The values that clash with (share a footprint bit with) bits. */
static inline dom_t clash(const struct nsolver *s, unsigned bits)
{
	return s->clash_lo[bits & 63] | s->clash_hi[bits >> 6];
}

/* The footprint bits every candidate of d has (what the cell is sure
 * to use in its row and column), and the digits some candidate has. */
static void describe(const struct nsolver *s, dom_t d, unsigned *req,
		     unsigned *digits)
{
	unsigned r = 0, p = 0;

	for (int b = 0; b < NFOOT; b++) {
		dom_t in = d & s->with[b];

		if (in == d)
			r |= 1u << b;
		if (in)
			p |= 1u << b;
	}
	*req = r;
	*digits = p & DIGITS;
}

/* describe() for a cell, remembered while the cell's domain stays the
 * same: line passes look at every cell of a line, most of them
 * unchanged since the last look, and this was their largest cost. */
static inline void cell_facts(struct nsolver *s, const dom_t *dom, int cell,
			      unsigned *req, unsigned *digits)
{
	struct cell_cache *c = &s->cache[cell];

	if (c->dom != dom[cell]) {
		c->dom = dom[cell];
		describe(s, c->dom, &c->req, &c->digits);
	}
	*req = c->req;
	*digits = c->digits;
}

/* ------------------------------------------------------------------ */
/* Domain changes                                                      */

static inline void enqueue_cage(struct nsolver *s, int cage)
{
	if (cage < 0 || s->queued[cage])
		return;
	s->queued[cage] = true;
	s->queue[(s->qhead + s->qcount) % s->ncages] = cage;
	s->qcount++;
}

/* Narrow a cell's domain to nd (a subset of the current one); marks its
 * lines and cage for another look.  False on a contradiction. */
static inline bool narrow(struct nsolver *s, dom_t *dom, int cell, dom_t nd)
{
	if (nd == dom[cell])
		return true;
	if (!nd)
		return false;
	dom[cell] = nd;
	s->dirty |= (uint32_t)1 << (cell / s->n) |
		    (uint32_t)1 << (s->n + cell % s->n);
	enqueue_cage(s, s->cage_of[cell]);
	return true;
}

static void reset_work(struct nsolver *s)
{
	while (s->qcount) {
		s->queued[s->queue[s->qhead]] = false;
		s->qhead = (s->qhead + 1) % s->ncages;
		s->qcount--;
	}
	s->qhead = 0;
	s->dirty = 0;
}

/* ------------------------------------------------------------------ */
/* Lines                                                               */

/* All line reasoning for one row or column (see the top of the file). */
static bool line_pass(struct nsolver *s, dom_t *dom, int line)
{
	int n = s->n;
	const int *cells = s->line_cells + (size_t)line * (size_t)n;
	unsigned req[CDOK_NYLIMB_MAX_SIZE], dig[CDOK_NYLIMB_MAX_SIZE];
	unsigned once = 0, twice = 0, pone = 0, ptwo = 0, hidden;
	int tmin = 0, tmax = 0, possible;
	bool changed = false;

	s->work += (uint64_t)n;
	/* What each cell is sure to use; two cells sure to use the same
	 * digit (or both sure to be two digits long) cannot share a line. */
	for (int i = 0; i < n; i++) {
		cell_facts(s, dom, cells[i], &req[i], &dig[i]);
		twice |= once & req[i];
		once |= req[i];
	}
	if (twice)
		return false;
	for (int i = 0; i < n; i++) {
		unsigned others = once & ~req[i];
		dom_t d = dom[cells[i]];

		if (others && (d & clash(s, others))) {
			if (!narrow(s, dom, cells[i], d & ~clash(s, others)))
				return false;
			cell_facts(s, dom, cells[i], &req[i], &dig[i]);
			changed = true;
		}
	}
	/* A narrowed cell may now be sure of more: the pass runs again
	 * (narrow marked the line), so the counting can wait for it. */
	if (changed)
		return true;

	/* Digit counting.  The line uses n + t digits, t = its two-digit
	 * cells (0 or 1, the disjoint footprints see to that). */
	for (int i = 0; i < n; i++) {
		ptwo |= pone & dig[i];
		pone |= dig[i];
		if (req[i] >> LONG_BIT & 1)
			tmin = 1;
		if (dom[cells[i]] & s->with[LONG_BIT])
			tmax = 1;
	}
	possible = __builtin_popcount(pone);
	if (n + tmin > possible)
		return false;
	if (n == possible && tmax) {
		/* No digit to spare for a second digit anywhere. */
		for (int i = 0; i < n; i++) {
			dom_t d = dom[cells[i]];

			if (!narrow(s, dom, cells[i], d & ~s->with[LONG_BIT]))
				return false;
		}
	}
	/* If n + tmin digits are all the line has, every one of them must
	 * appear (with tmin = 1 the line uses n + 1 digits; with tmin = 0
	 * it had exactly n, and the step above has just ruled out two-digit
	 * numbers).  A digit with a single possible cell is in that cell;
	 * if the removal above left a digit with no cell at all, the
	 * narrowing fails, as it must. */
	if (n + tmin != possible)
		return true;
	hidden = pone & ~ptwo;
	for (int i = 0; hidden && i < n; i++) {
		dom_t d = dom[cells[i]], keep = d;
		unsigned h = dig[i] & hidden;

		if (!h)
			continue;
		for (unsigned b = h; b; b &= b - 1)
			keep &= s->with[__builtin_ctz(b)];
		if (!narrow(s, dom, cells[i], keep))
			return false;
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* Cage enumeration                                                    */

/* a * b for the product bounds, with a ceiling; 0 when either is 0 (a
 * sum or difference cage may hold 0; its product bounds go unused). */
static int64_t sat_mul(int64_t a, int64_t b)
{
	if (a <= 0 || b <= 0)
		return 0;
	if (a > INT64_MAX / b)
		return INT64_MAX;
	return a * b;
}

static void enum_leaf(struct nsolver *s)
{
	struct enum_ctx *e = &s->e;
	bool useful = false;
	int last = e->k - 1;

	e->found++;
	for (int i = 0; i < e->k; i++) {
		dom_t b = BIT(e->val[i]);

		if (!(e->sup[i] & b)) {
			e->sup[i] |= b;
			e->unsupported--;
		}
	}
	if (e->track_must) {
		/* The last cell's value is not in used[] (enum_rec adds a
		 * value only before going deeper). */
		unsigned f = s->foot[e->val[last]];
		int gr = e->grp[2 * last], gc = e->grp[2 * last + 1];

		for (int g = 0; g < e->ngroups; g++) {
			unsigned gv = e->used[g] | (g == gr || g == gc ? f : 0);

			e->must[g] &= gv;
			if (e->must[g] & ~e->known[g])
				useful = true;
		}
		e->track_must = useful;
	}
	if (!e->unsupported && !e->track_must)
		e->stop = true;
}

/* Candidates for position i (not the last) given what is chosen before
 * it.  acc is the running sum (+ and -), the remaining quotient (*) or
 * the running product (/); mx the largest value chosen so far.  The
 * reasoning is solver.c's enum_filter with values 0..MAXV; product and
 * ratio cages never reach here with 0 in a domain (root_setup removes
 * it). */
static dom_t enum_filter(const struct enum_ctx *e, int i, dom_t avail,
			 int64_t acc, int64_t mx)
{
	int64_t t = e->target;
	dom_t ok = 0;

	switch (e->op) {
	case CDOK_OP_ADD: {
		int64_t rem = t - acc;

		return avail & range_mask(rem - e->maxsum[i + 1],
					  rem - e->minsum[i + 1]);
	}
	case CDOK_OP_MUL:
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);

			if (v > 0 && acc % v == 0 &&
			    acc / v <= e->maxprod[i + 1] &&
			    acc / v >= e->minprod[i + 1])
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_SUB:
		/* The largest value minus the sum of the others is t (with
		 * values >= 0 only a largest value can be the minuend), so
		 * the others' sum can never exceed MAXV - t. */
		if (t > MAXV)
			return 0;
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);
			int64_t m = v > mx ? v : mx;

			if (acc + v - m <= MAXV - t)
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_DIV:
		/* The largest value is t times the product of the others,
		 * so that product can never exceed MAXV / t. */
		if (t < 1 || t > MAXV)
			return 0;
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);
			int64_t m = v > mx ? v : mx;

			if (v > 0 && acc * v <= (MAXV / t) * m)
				ok |= BIT(v);
		}
		return ok;
	}
	return 0;
}

/* The last position: the clue leaves it at most two values (what the
 * sum or product still needs; for - and / the value that is the largest
 * or the one that keeps mx the largest), so they are tested one by one
 * rather than through sets.  Most steps of an enumeration end here. */
static void enum_last(struct nsolver *s, int64_t acc, int64_t mx)
{
	struct enum_ctx *e = &s->e;
	int i = e->k - 1;
	unsigned used = e->used[e->grp[2 * i]] | e->used[e->grp[2 * i + 1]];
	int64_t t = e->target, cand[2];
	int ncand = 0;

	switch (e->op) {
	case CDOK_OP_ADD:
		cand[ncand++] = t - acc;
		break;
	case CDOK_OP_MUL:
		cand[ncand++] = acc;
		break;
	case CDOK_OP_SUB:
		if (t > MAXV)
			break;
		if (t + acc >= mx)               /* v is the largest */
			cand[ncand++] = t + acc;
		if (2 * mx - acc - t <= mx)      /* mx stays the largest */
			cand[ncand++] = 2 * mx - acc - t;
		break;
	case CDOK_OP_DIV:
		if (t < 1 || t > MAXV)
			break;
		if (t * acc >= mx)               /* v is the largest */
			cand[ncand++] = t * acc;
		if (mx > 0 && (mx * mx) % (t * acc) == 0 &&
		    mx * mx / (t * acc) <= mx)   /* mx stays the largest */
			cand[ncand++] = mx * mx / (t * acc);
		break;
	}
	/* Both candidates are mx when mx alone meets the clue. */
	if (ncand == 2 && cand[0] == cand[1])
		ncand = 1;
	for (int j = 0; j < ncand && !e->stop; j++) {
		int64_t v = cand[j];

		if (v < 0 || v > MAXV || !(e->d[i] >> v & 1) ||
		    (s->foot[v] & used) ||
		    (e->distinct && (e->usedvals >> v & 1)))
			continue;
		e->val[i] = (int)v;
		enum_leaf(s);
	}
}

static void enum_rec(struct nsolver *s, int i, int64_t acc, int64_t mx)
{
	struct enum_ctx *e = &s->e;
	int gr = e->grp[2 * i], gc = e->grp[2 * i + 1];
	dom_t avail;

	if (--e->budget < 0) {
		e->aborted = e->stop = true;
		return;
	}
	if (i == e->k - 1) {
		enum_last(s, acc, mx);
		return;
	}
	/* Footprints of cells sharing a line stay disjoint. */
	avail = e->d[i] & ~clash(s, e->used[gr] | e->used[gc]);
	if (e->distinct)
		avail &= ~e->usedvals;
	avail = enum_filter(e, i, avail, acc, mx);
	for (; avail && !e->stop; avail &= avail - 1) {
		int v = low_value(avail);
		unsigned f = s->foot[v];

		e->val[i] = v;
		e->used[gr] |= f;
		e->used[gc] |= f;
		if (e->distinct)
			e->usedvals |= BIT(v);
		switch (e->op) {
		case CDOK_OP_ADD:
		case CDOK_OP_SUB:
			enum_rec(s, i + 1, acc + v, v > mx ? v : mx);
			break;
		case CDOK_OP_MUL:
			enum_rec(s, i + 1, acc / v, v > mx ? v : mx);
			break;
		case CDOK_OP_DIV:
			enum_rec(s, i + 1, acc * v, v > mx ? v : mx);
			break;
		}
		/* Footprints in one group are disjoint, so this undoes
		 * exactly what was added. */
		e->used[gr] &= ~f;
		e->used[gc] &= ~f;
		if (e->distinct)
			e->usedvals &= ~BIT(v);
	}
}

/* Cheap, sound narrowing for a cage too large to enumerate: a sum cell
 * lies between the target minus the others' largest and smallest totals;
 * a product cell divides the target. */
static bool cage_bounds(struct nsolver *s, dom_t *dom, const struct cage_info *c)
{
	if (c->op == CDOK_OP_ADD) {
		int64_t lo = 0, hi = 0;

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
						   c->target - olo)))
				return false;
		}
	} else if (c->op == CDOK_OP_MUL) {
		for (int i = 0; i < c->ncells; i++) {
			int cell = c->cells[i];
			dom_t ok = 0;

			for (dom_t a = dom[cell]; a; a &= a - 1) {
				int v = low_value(a);

				if (v > 0 && c->target % v == 0)
					ok |= a & -a;
			}
			if (!narrow(s, dom, cell, ok))
				return false;
		}
	}
	return true;
}

/* sum_supports takes sum cages with targets below this (tables of at
 * most 8 words): its cost grows with the square of the target, and a
 * cage needing more is one of dozens of cells, for which the bounds do. */
#define SUM_TABLE_MAX 512

/* Words of a table of the sums 0..t. */
static inline size_t sum_words(int64_t t)
{
	return (size_t)(t / 64) + 1;
}

/* dst |= src << shift, both tables of w words (bits past the last word
 * fall off). */
static void or_shifted(uint64_t *dst, const uint64_t *src, int64_t shift,
		       size_t w)
{
	size_t q = (size_t)(shift / 64);
	unsigned r = (unsigned)(shift % 64);

	for (size_t j = w; j-- > q;) {
		uint64_t x = src[j - q] << r;

		if (r && j > q)
			x |= src[j - q - 1] >> (64 - r);
		dst[j] |= x;
	}
}

static inline bool has_sum(const uint64_t *table, int64_t x)
{
	return table[x / 64] >> (x % 64) & 1;
}

/* Sum cages with too many assignments to enumerate: keep a value only if
 * the other cells can make up the rest of the target from their
 * domains.  The sums each run of cells can reach are bit tables, built
 * by shifting (fwd[i]: cells 0..i-1, bwd[i]: cells i..k-1), so this
 * costs cells x values x (target / 64) word operations.  It ignores the
 * digit rule between the cage's cells, so it removes less than the
 * enumeration, which takes over once the domains shrink. */
static bool sum_supports(struct nsolver *s, dom_t *dom, const struct cage_info *c)
{
	int k = c->ncells;
	int64_t t = c->target;
	size_t w, k1 = (size_t)k + 1;
	uint64_t *fwd, *bwd, *others;

	if (t > (int64_t)k * MAXV)
		return false;
	w = sum_words(t);
	fwd = s->sums;
	bwd = fwd + k1 * w;
	others = bwd + k1 * w;
	memset(fwd, 0, (2 * k1 + 1) * w * sizeof(uint64_t));
	s->work += (uint64_t)k * w * (MAXV + 1 + 64 * w);
	fwd[0] = 1;
	for (int i = 0; i < k; i++)
		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1)
			or_shifted(fwd + (size_t)(i + 1) * w, fwd + (size_t)i * w,
				   low_value(a), w);
	if (!has_sum(fwd + (size_t)k * w, t))
		return false;
	bwd[(size_t)k * w] = 1;
	for (int i = k - 1; i >= 0; i--)
		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1)
			or_shifted(bwd + (size_t)i * w, bwd + (size_t)(i + 1) * w,
				   low_value(a), w);
	for (int i = 0; i < k; i++) {
		const uint64_t *f = fwd + (size_t)i * w;
		dom_t keep = 0;

		/* The sums the other cells can make together. */
		memset(others, 0, w * sizeof(uint64_t));
		for (size_t j = 0; j < w; j++)
			for (uint64_t b = f[j]; b; b &= b - 1)
				or_shifted(others, bwd + (size_t)(i + 1) * w,
					   (int64_t)(j * 64) + __builtin_ctzll(b),
					   w);
		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1) {
			int v = low_value(a);

			if (v <= t && has_sum(others, t - v))
				keep |= a & -a;
		}
		if (!narrow(s, dom, c->cells[i], keep))
			return false;
	}
	return true;
}

/* The reasoning for a cage too large to enumerate. */
static bool cage_cheap(struct nsolver *s, dom_t *dom, const struct cage_info *c)
{
	if (c->op == CDOK_OP_ADD && c->target < SUM_TABLE_MAX)
		return sum_supports(s, dom, c);
	return cage_bounds(s, dom, c);
}

/* The enumeration's rough cost (see ENUM_SPACE), up to a little past
 * the threshold. */
static uint64_t enum_space(const dom_t *dom, const struct cage_info *c)
{
	uint64_t space = 1;
	int big = 0;

	for (int i = 0; i < c->ncells && space <= ENUM_SPACE; i++) {
		int cnt = popc(dom[c->cells[i]]);

		if (cnt > big) {
			space *= (uint64_t)(big ? big : 1);
			big = cnt;
		} else {
			space *= (uint64_t)cnt;
		}
	}
	return space;
}

/* Narrow the cage's cells to their supported values and keep the rest of
 * each line clear of what every assignment puts into it. */
static bool apply_enumeration(struct nsolver *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;

	for (int i = 0; i < e->k; i++)
		if (!narrow(s, dom, c->cells[e->pos[i]], e->d[i] & e->sup[i]))
			return false;
	if (!e->track_must)
		return true;
	for (int g = 0; g < c->ngroups; g++) {
		unsigned m = e->must[g] & ~e->known[g];
		const int *cells;
		dom_t out;

		if (!m)
			continue;
		out = clash(s, m);
		cells = s->line_cells + (size_t)c->group_line[g] * (size_t)s->n;
		for (int i = 0; i < s->n; i++) {
			int cell = cells[i];

			if (s->cage_of[cell] != ci && (dom[cell] & out) &&
			    !narrow(s, dom, cell, dom[cell] & ~out))
				return false;
		}
	}
	return true;
}

/* cage_propagate's work: cheap reasoning for a cage too large to
 * enumerate (enumerating at once if that shrinks it enough), otherwise
 * the enumeration. */
static bool cage_consistency(struct nsolver *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;
	int k = c->ncells;

	if (k > ENUM_MAX_CELLS)
		return cage_cheap(s, dom, c);
	if (enum_space(dom, c) > ENUM_SPACE) {
		if (!cage_cheap(s, dom, c))
			return false;
		if (enum_space(dom, c) > ENUM_SPACE)
			return true;
	}

	/* Enumerate the most constrained cells first. */
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
	e->distinct = c->distinct;
	e->usedvals = 0;
	e->unsupported = 0;
	for (int g = 0; g < c->ngroups; g++) {
		e->used[g] = 0;
		e->must[g] = DIGITS | 1u << LONG_BIT;
		e->known[g] = 0;
	}
	for (int i = 0; i < k; i++) {
		int p = e->pos[i];
		dom_t d = dom[c->cells[p]];
		unsigned r, digits;

		cell_facts(s, dom, c->cells[p], &r, &digits);

		e->d[i] = d;
		e->grp[2 * i] = c->groups[2 * p];
		e->grp[2 * i + 1] = c->groups[2 * p + 1];
		e->sup[i] = 0;
		e->unsupported += popc(d);
		/* What the line reasoning already takes from the line. */
		e->known[e->grp[2 * i]] |= r;
		e->known[e->grp[2 * i + 1]] |= r;
	}
	e->minsum[k] = e->maxsum[k] = 0;
	e->minprod[k] = e->maxprod[k] = 1;
	for (int i = k - 1; i >= 0; i--) {
		int lo = low_value(e->d[i]), hi = high_value(e->d[i]);

		e->minsum[i] = e->minsum[i + 1] + lo;
		e->maxsum[i] = e->maxsum[i + 1] + hi;
		e->minprod[i] = sat_mul(e->minprod[i + 1], lo);
		e->maxprod[i] = sat_mul(e->maxprod[i + 1], hi);
	}
	/* A single-cell cage places nothing for the line reasoning to
	 * miss. */
	e->track_must = k > 1;
	e->budget = ENUM_BUDGET;
	e->stop = e->aborted = false;
	e->found = 0;

	enum_rec(s, 0, c->op == CDOK_OP_MUL ? c->target :
		 c->op == CDOK_OP_DIV ? 1 : 0, 0);
	s->work += (uint64_t)(ENUM_BUDGET - (e->budget > 0 ? e->budget : 0));

	if (e->aborted)
		return e->unsupported == 0 || cage_cheap(s, dom, c);
	if (!e->found)
		return false;
	return apply_enumeration(s, dom, ci);
}

/* Bring one cage to consistency with the current domains. */
static bool cage_propagate(struct nsolver *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	bool ok;

	/* A product of 0 (the model refuses it, but the solver need not
	 * depend on that) gets no reasoning; the final check decides. */
	if (c->op == CDOK_OP_MUL && c->target == 0)
		return true;
	/* The cage is being brought to consistency right now: changes to
	 * its own cells need not queue it again. */
	s->queued[ci] = true;
	ok = cage_consistency(s, dom, ci);
	s->queued[ci] = false;
	return ok;
}

/* Run all reasoning to a fixed point: the cheap line passes first, a
 * cage only when no line is waiting.  False on a contradiction; either
 * way the work lists are empty afterwards. */
static bool propagate(struct nsolver *s, dom_t *dom)
{
	for (;;) {
		if (s->dirty) {
			int line = __builtin_ctz(s->dirty);

			s->dirty &= s->dirty - 1;
			if (!line_pass(s, dom, line)) {
				s->wline[line]++;
				break;
			}
			continue;
		}
		if (!s->qcount)
			return true;
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

static dom_t *level(struct nsolver *s, int depth)
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

static void found_solution(struct nsolver *s, const dom_t *dom)
{
	for (int i = 0; i < s->ncells; i++)
		s->values[i] = low_value(dom[i]);
	/* Only a grid that check.c accepts is ever reported. */
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

static void search(struct nsolver *s, int depth)
{
	dom_t *dom = s->levels[depth];
	dom_t *child;
	int best = -1, best_count = 0, n = s->n;
	uint64_t best_weight = 1;

	s->nodes++;
	if (s->max_nodes && s->nodes > s->max_nodes) {
		s->gave_up = s->stop = true;
		return;
	}
	/* Ask the caller every 256 nodes, and sooner when nodes are slow. */
	if (s->on_progress && ((s->nodes & 255) == 0 ||
			       s->work - s->polled_work > 1000000)) {
		s->polled_work = s->work;
		if (s->on_progress(s->progress_user, s->nodes)) {
			s->gave_up = s->stop = true;
			return;
		}
	}
	/* dom/wdeg, as in solver.c: the fewest candidates per unit of
	 * failure weight of the cell's row, column and cage. */
	for (int i = 0; i < s->ncells; i++) {
		int cnt = popc(dom[i]);
		uint64_t w;

		if (cnt < 2)
			continue;
		w = 1 + (uint64_t)s->wline[i / n] + s->wline[n + i % n] +
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
	for (dom_t cand = dom[best]; cand && !s->stop; cand &= cand - 1) {
		memcpy(child, dom, (size_t)s->ncells * sizeof(dom_t));
		child[best] = cand & -cand;
		s->dirty |= (uint32_t)1 << (best / n) |
			    (uint32_t)1 << (n + best % n);
		enqueue_cage(s, s->cage_of[best]);
		if (propagate(s, child))
			search(s, depth + 1);
	}
}

/* ------------------------------------------------------------------ */
/* Set-up                                                              */

static void solver_free(struct nsolver *s)
{
	for (int i = 0; s->cages && i < s->ncages; i++) {
		free(s->cages[i].group_line);
		free(s->cages[i].groups);
	}
	free(s->cages);
	free(s->line_cells);
	free(s->cache);
	free(s->sums);
	free(s->wcage);
	free(s->wline);
	free(s->queue);
	free(s->queued);
	for (int i = 0; i < s->nlevels; i++)
		free(s->levels[i]);
	free(s->levels);
	free(s->values);
	free(s->e.pos);
	free(s->e.d);
	free(s->e.grp);
	free(s->e.val);
	free(s->e.sup);
	free(s->e.minsum);
	free(s->e.maxsum);
	free(s->e.minprod);
	free(s->e.maxprod);
	free(s->e.used);
	free(s->e.must);
	free(s->e.known);
}

/* The value tables: footprints, the values having each footprint bit,
 * and the clash tables built from them. */
static void tables_init(struct nsolver *s)
{
	for (int v = 0; v <= MAXV; v++) {
		unsigned f = footprint_of(v);

		s->foot[v] = f;
		if (v >= 10 && v % 11 == 0)
			continue;     /* 11, 22, ...: a digit twice */
		s->valid |= BIT(v);
		for (int b = 0; b < NFOOT; b++)
			if (f >> b & 1)
				s->with[b] |= BIT(v);
	}
	for (unsigned bits = 0; bits < 64; bits++) {
		s->clash_lo[bits] = 0;
		for (int b = 0; b < 6; b++)
			if (bits >> b & 1)
				s->clash_lo[bits] |= s->with[b];
	}
	for (unsigned bits = 0; bits < 32; bits++) {
		s->clash_hi[bits] = 0;
		for (int b = 6; b < NFOOT; b++)
			if (bits >> (b - 6) & 1)
				s->clash_hi[bits] |= s->with[b];
	}
}

/* The cage's groups: one per grid line it touches. */
static bool cage_info_init(struct nsolver *s, struct cage_info *ci,
			   const struct cdok_cage *c)
{
	int k = c->ncells, n = s->n;

	ci->op = c->op;
	ci->target = c->target;
	ci->ncells = k;
	ci->cells = c->cells;
	ci->distinct = c->distinct;
	ci->ngroups = 0;
	ci->group_line = cdok_malloc((size_t)(2 * k) * sizeof(int));
	ci->groups = cdok_malloc((size_t)(2 * k) * sizeof(int));
	if (!ci->group_line || !ci->groups)
		return false;
	for (int i = 0; i < k; i++) {
		int lines[2] = {c->cells[i] / n, n + c->cells[i] % n};

		for (int kind = 0; kind < 2; kind++) {
			int j;

			for (j = 0; j < ci->ngroups &&
				    ci->group_line[j] != lines[kind]; j++)
				;
			if (j == ci->ngroups)
				ci->group_line[ci->ngroups++] = lines[kind];
			ci->groups[2 * i + kind] = j;
		}
	}
	return true;
}

static bool solver_init(struct nsolver *s, const cdok_puzzle *p)
{
	int maxk = 1, n = p->size;
	size_t k1, g1, sums = 0;
	struct enum_ctx *e = &s->e;
	size_t nc = (size_t)(p->ncages ? p->ncages : 1);

	memset(s, 0, sizeof(*s));
	s->puzzle = p;
	s->n = n;
	s->ncells = n * n;
	s->cage_of = p->cage_of;
	s->ncages = p->ncages;
	tables_init(s);
	s->cages = cdok_calloc(nc, sizeof(*s->cages));
	s->queue = cdok_malloc(nc * sizeof(int));
	s->queued = cdok_calloc(nc, sizeof(bool));
	s->wcage = cdok_calloc(nc, sizeof(uint32_t));
	s->wline = cdok_calloc((size_t)(2 * n), sizeof(uint32_t));
	s->values = cdok_malloc((size_t)s->ncells * sizeof(int));
	s->line_cells = cdok_malloc((size_t)(2 * n) * (size_t)n * sizeof(int));
	s->cache = cdok_calloc((size_t)s->ncells, sizeof(*s->cache));
	if (!s->cages || !s->queue || !s->queued || !s->wcage || !s->wline ||
	    !s->values || !s->line_cells || !s->cache)
		return false;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			s->line_cells[r * n + c] = r * n + c;
			s->line_cells[(n + c) * n + r] = r * n + c;
		}
	for (int i = 0; i < p->ncages; i++) {
		const struct cdok_cage *c = &p->cages[i];

		if (!cage_info_init(s, &s->cages[i], c))
			return false;
		if (c->ncells > maxk)
			maxk = c->ncells;
		/* sum_supports' tables: 2 (k + 1) + 1 rows of the sums up
		 * to the target. */
		if (c->op == CDOK_OP_ADD && c->target < SUM_TABLE_MAX) {
			size_t need = (2 * (size_t)c->ncells + 3) *
				      sum_words(c->target);

			if (need > sums)
				sums = need;
		}
	}
	if (sums && !(s->sums = cdok_malloc(sums * sizeof(uint64_t))))
		return false;
	if (maxk > ENUM_MAX_CELLS)
		maxk = ENUM_MAX_CELLS;
	k1 = (size_t)maxk + 1;
	g1 = 2 * k1;
	e->pos = cdok_malloc(k1 * sizeof(int));
	e->d = cdok_malloc(k1 * sizeof(dom_t));
	e->grp = cdok_malloc(2 * k1 * sizeof(int));
	e->val = cdok_malloc(k1 * sizeof(int));
	e->sup = cdok_malloc(k1 * sizeof(dom_t));
	e->minsum = cdok_malloc(k1 * sizeof(int64_t));
	e->maxsum = cdok_malloc(k1 * sizeof(int64_t));
	e->minprod = cdok_malloc(k1 * sizeof(int64_t));
	e->maxprod = cdok_malloc(k1 * sizeof(int64_t));
	e->used = cdok_malloc(g1 * sizeof(unsigned));
	e->must = cdok_malloc(g1 * sizeof(unsigned));
	e->known = cdok_malloc(g1 * sizeof(unsigned));
	return e->pos && e->d && e->grp && e->val && e->sup && e->minsum &&
	       e->maxsum && e->minprod && e->maxprod && e->used && e->must &&
	       e->known;
}

/* The root: every valid value, givens fixed, no 0 in a product or ratio
 * cage (a product with a 0 is 0 and targets are positive; a 0 can be
 * neither the dividend nor a divisor of a positive ratio); every line
 * and cage needs a first look.  False if a cell has nothing left at all
 * (a given such as 11, or 0 in a product cage). */
static bool root_setup(struct nsolver *s, dom_t *root)
{
	const cdok_puzzle *p = s->puzzle;
	bool ok = true;

	for (int i = 0; i < s->ncells; i++) {
		int c = s->cage_of[i];

		root[i] = s->valid;
		if (cdok_has_given(p, i))
			root[i] &= BIT(p->given[i]);
		if (c >= 0 && s->cages[c].target > 0 &&
		    (s->cages[c].op == CDOK_OP_MUL ||
		     s->cages[c].op == CDOK_OP_DIV))
			root[i] &= ~BIT(0);
		if (!root[i])
			ok = false;
	}
	for (int i = 0; i < s->ncages; i++)
		enqueue_cage(s, i);
	s->dirty = (uint32_t)((1ul << (2 * s->n)) - 1);
	return ok;
}

/* The difficulty score, exactly as solver.c's difficulty(): B * M + E
 * (doc/SOLVER.md). */
static uint64_t difficulty(const struct nsolver *s)
{
	uint64_t m = 1, empty = 0;

	while (m < (uint64_t)s->ncells)
		m *= 10;
	for (int i = 0; i < s->ncells; i++) {
		int c = s->cage_of[i];

		if (!cdok_has_given(s->puzzle, i) && (c < 0 || s->cages[c].ncells > 1))
			empty++;
	}
	return s->branch_score * m + empty;
}

cdok_status cdok_solve_nylimb(const cdok_puzzle *p,
			      const cdok_solve_params *params, int *solution,
			      cdok_result *res, cdok_error *err)
{
	struct nsolver *s;
	dom_t *root;
	bool ok;

	memset(res, 0, sizeof(*res));
	/* The solver's state is a few kilobytes of tables: on the heap,
	 * not the caller's stack. */
	s = cdok_malloc(sizeof(*s));
	if (!s)
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (!solver_init(s, p) || !(root = level(s, 0))) {
		solver_free(s);
		free(s);
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	s->limit = params->limit;
	s->max_nodes = params->max_nodes;
	s->on_solution = params->on_solution;
	s->user = params->user;
	s->on_progress = params->on_progress;
	s->progress_user = params->progress_user;
	s->solution_out = solution;

	ok = root_setup(s, root) && propagate(s, root);
	reset_work(s);
	if (ok)
		search(s, 0);
	else
		s->nodes = 1;

	if (s->nomem) {
		solver_free(s);
		free(s);
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	res->count = s->count;
	res->gave_up = s->gave_up;
	res->complete = !s->stop;
	res->nodes = s->nodes;
	res->branches = s->branches;
	res->difficulty = difficulty(s);
	solver_free(s);
	free(s);
	return CDOK_OK;
}
