/* digits.c -- the solver engine for Nylimb puzzles (doc/RULES.md,
 * "Nylimb mode"): cells hold whole numbers 0..99 in 128-bit sets, and
 * within every row and every column no decimal digit appears twice
 * (counting both digits of a two-digit number) and at most one cell
 * holds a two-digit number.
 *
 * The engine's body is engine.h (its parts in engine/); this file gives
 * it the digit rule:
 *
 *  - Every value has a footprint: an 11-bit set holding its digits plus
 *    one extra bit, LONG, for "has two digits".  The line rule is then
 *    exactly "the footprints of a line's cells are pairwise disjoint",
 *    so two cells clash when their footprints meet.  11, 22, ..., 99
 *    repeat their digit by themselves and never enter a domain.
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
 * Cage enumeration (engine/enumwalk.h) keeps the footprints of cage
 * cells that share a line disjoint and records the footprint bits every assignment
 * puts into each line (digits, and LONG when every assignment has a
 * two-digit number there); the rest of the line cannot use them.
 */
#include <stdlib.h>

#include "solve/solve.h"

#define DOM_BITS 128
typedef unsigned foot_t;

/* The tuning knobs: engine/knobs.h. */
#define ENGINE_INSTANCE ENGINE_DIGITS

#define ENGINE_KINDS 2
#define ENGINE_NAME(x) cdki_digits_##x

/* Largest value; a value's footprint bit LONG marks two digits. */
#define MAXV      CDOK_NYLIMB_MAX
#define LONG_BIT  10
#define NFOOT     11
#define DIGITS    0x3ffu          /* footprint bits of the ten digits */

/* What line_pass needs to know of a cell's domain (see cell_facts). */
struct cell_cache {
	unsigned __int128 dom; /* the domain these facts are for; 0: none */
	unsigned req, digits;
};

/* Value tables.  with[b]: the values whose footprint has bit b.
 * clash_lo/clash_hi: the values whose footprint meets a set of bits,
 * looked up in two halves (bits 0..5 and 6..10) so the tables stay
 * small. */
struct unit_state {
	unsigned __int128 with[NFOOT];
	unsigned __int128 clash_lo[64], clash_hi[32];
	unsigned foot[MAXV + 1];
	struct cell_cache *cache;
};

#include "solve/engine.h"

static inline foot_t foot_of(const struct engine *s, int v)
{
	return s->u->foot[v];
}

static inline dom_t clash_of(const struct engine *s, foot_t bits)
{
	return s->u->clash_lo[bits & 63] | s->u->clash_hi[bits >> 6];
}

static inline foot_t foot_all(const struct engine *s)
{
	(void)s;
	return DIGITS | 1u << LONG_BIT;
}

static inline unsigned footprint_of(int v)
{
	return v < 10 ? 1u << v
		      : 1u << (v / 10) | 1u << (v % 10) | 1u << LONG_BIT;
}

/* The footprint bits every candidate of d has (what the cell is sure
 * to use in its row and column), and the digits some candidate has. */
static void describe(const struct engine *s, dom_t d, unsigned *req,
		     unsigned *digits)
{
	unsigned r = 0, p = 0;

	for (int b = 0; b < NFOOT; b++) {
		dom_t in = d & s->u->with[b];

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
static inline void cell_facts(struct engine *s, const dom_t *dom, int cell,
			      unsigned *req, unsigned *digits)
{
	struct cell_cache *c = &s->u->cache[cell];

	if (c->dom != dom[cell]) {
		c->dom = dom[cell];
		describe(s, c->dom, &c->req, &c->digits);
	}
	*req = c->req;
	*digits = c->digits;
}

static inline foot_t cell_req(struct engine *s, const dom_t *dom, int cell)
{
	unsigned r, digits;

	cell_facts(s, dom, cell, &r, &digits);
	return r;
}

/* The value tables: footprints, the values having each footprint bit,
 * and the clash tables built from them. */
static bool units_init(struct engine *s)
{
	struct unit_state *u = cdok_calloc(1, sizeof(*u));

	s->u = u;
	s->vmin = 0;
	s->vmax = MAXV;
	if (!u)
		return false;
	u->cache = cdok_calloc((size_t)s->ncells, sizeof(*u->cache));
	if (!u->cache)
		return false;
	s->valid = 0;
	for (int v = 0; v <= MAXV; v++) {
		unsigned f = footprint_of(v);

		u->foot[v] = f;
		if (v >= 10 && v % 11 == 0)
			continue;     /* 11, 22, ...: a digit twice */
		s->valid |= BIT(v);
		for (int b = 0; b < NFOOT; b++)
			if (f >> b & 1)
				u->with[b] |= BIT(v);
	}
	for (unsigned bits = 0; bits < 64; bits++)
		for (int b = 0; b < 6; b++)
			if (bits >> b & 1)
				u->clash_lo[bits] |= u->with[b];
	for (unsigned bits = 0; bits < 32; bits++)
		for (int b = 6; b < NFOOT; b++)
			if (bits >> (b - 6) & 1)
				u->clash_hi[bits] |= u->with[b];
	return true;
}

static void units_free(struct engine *s)
{
	if (s->u)
		free(s->u->cache);
	free(s->u);
}

/* Lines are marked by mark_cell; nothing more to note. */
static inline void units_changed(struct engine *s, int cell, dom_t nd,
				 bool guess)
{
	(void)s;
	(void)cell;
	(void)nd;
	(void)guess;
}

static bool units_root(struct engine *s, dom_t *root)
{
	(void)s;
	(void)root;
	return true;
}

static void units_reset(struct engine *s)
{
	(void)s;
}

/* Free lines are left to the search (the digit rule has no theorem
 * that every partial grid of whole lines can be completed). */
static bool units_can_complete(const struct engine *s)
{
	(void)s;
	return false;
}

static bool units_complete(struct engine *s, const dom_t *dom)
{
	(void)s;
	(void)dom;
	return false;
}

/* All line reasoning for one row or column (see the top of the file). */
static bool line_pass(struct engine *s, dom_t *dom, int line)
{
	int n = s->n;
	const int *cells = s->unit_cells + (size_t)line * (size_t)n;
	unsigned req[CDOK_NYLIMB_MAX_SIZE], dig[CDOK_NYLIMB_MAX_SIZE];
	unsigned once = 0, twice = 0, pone = 0, ptwo = 0, hidden;
	dom_t two_digit = s->u->with[LONG_BIT];
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

		if (others && (d & clash_of(s, others))) {
			if (!narrow(s, dom, cells[i],
				    d & ~clash_of(s, others)))
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
		if (dom[cells[i]] & two_digit)
			tmax = 1;
	}
	possible = cdok_popcount(pone);
	if (n + tmin > possible)
		return false;
	if (n == possible && tmax) {
		/* No digit to spare for a second digit anywhere. */
		for (int i = 0; i < n; i++) {
			dom_t d = dom[cells[i]];

			if (!narrow(s, dom, cells[i], d & ~two_digit))
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
			keep &= s->u->with[__builtin_ctz(b)];
		if (!narrow(s, dom, cells[i], keep))
			return false;
	}
	return true;
}

/* One line whose cells changed, rows before columns. */
static enum step units_cheap(struct engine *s, dom_t *dom)
{
	for (int k = 0; k < s->nkinds; k++) {
		if (s->dirty[k]) {
			int line = k * s->n + __builtin_ctzll(s->dirty[k]);

			s->dirty[k] &= s->dirty[k] - 1;
			if (!line_pass(s, dom, line)) {
				weigh_unit(s, line);
				return STEP_FAIL;
			}
			return STEP_AGAIN;
		}
	}
	return STEP_DONE;
}

static enum step units_full(struct engine *s, dom_t *dom)
{
	(void)s;
	(void)dom;
	return STEP_DONE;
}
