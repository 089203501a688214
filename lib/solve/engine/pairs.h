/* engine/pairs.h -- two-cell cages (PAIR_CAGES): their own propagator,
 * a few word operations per look. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* The partners of x in a two-cell cage: the values y with x op y (in
 * either order) meeting the clue, y != x (the two cells are neighbours,
 * so they share a row or a column). */
static inline dom_t pair_partners(const struct engine *s, cdok_op op,
				  int64_t t, int x)
{
	dom_t y = 0;

	switch (op) {
	case CDOK_OP_ADD:
		if (t >= (int64_t)x + s->vmin && t <= (int64_t)x + s->vmax)
			y = BIT(t - x);
		break;
	case CDOK_OP_SUB:
		/* t can be any 64-bit target: compare without overflow. */
		if (t >= 0 && t <= x - s->vmin)
			y |= BIT(x - t);
		if (t >= 0 && t <= s->vmax - x)
			y |= BIT(x + t);
		break;
	case CDOK_OP_MUL:
		if (x > 0 && t % x == 0 && t / x <= s->vmax && t / x >= s->vmin)
			y = BIT(t / x);
		break;
	case CDOK_OP_DIV:
		if (t >= 1 && x > 0) {
			if (t <= s->vmax / x)
				y |= BIT((int64_t)x * t);
			if (x % t == 0 && x / t >= s->vmin)
				y |= BIT(x / t);
		}
		break;
	case CDOK_OP_ANY:               /* pair_partners_any */
		break;
	}
	return y & ~BIT(x);
}

/* The partners of x in a two-cell cage with a hidden operator:
 * whichever operation makes the target (a pair may be any). */
static dom_t pair_partners_any(const struct engine *s, int64_t t, int x)
{
	return pair_partners(s, CDOK_OP_ADD, t, x) |
	       pair_partners(s, CDOK_OP_SUB, t, x) |
	       pair_partners(s, CDOK_OP_MUL, t, x) |
	       pair_partners(s, CDOK_OP_DIV, t, x);
}

/* A two-cell cage: each value keeps a partner in the other cell, and
 * what every fitting pair puts into the unit (or units) the two cells
 * share leaves the rest of it.  Exactly what the enumeration finds, in
 * a handful of word operations. */
static inline __attribute__((always_inline)) void
pair_scan(const struct engine *s, cdok_op op, int64_t t, dom_t da, dom_t db,
	  dom_t *ka, dom_t *kb, dom_t *must)
{
	for (dom_t x = da; x; x &= x - 1) {
		int v = low_value(x);
		dom_t y = (op == CDOK_OP_ANY ? pair_partners_any(s, t, v)
					     : pair_partners(s, op, t, v)) &
			  db;

		if (!y)
			continue;
		*ka |= x & -x;
		*kb |= y;
		/* Every pair from v is {v, y}: what they share. */
		*must &= (x & -x) | (y & (y - 1) ? 0 : y);
	}
}

/* Bit v of d moved to t - v, for every v (bits below 0 fall off). */
static inline dom_t mirror(dom_t d, int64_t t)
{
	d = ((d >> 1) & 0x5555555555555555u) | ((d & 0x5555555555555555u) << 1);
	d = ((d >> 2) & 0x3333333333333333u) | ((d & 0x3333333333333333u) << 2);
	d = ((d >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((d & 0x0f0f0f0f0f0f0f0fu) << 4);
	d = __builtin_bswap64(d);
	/* Bit v is at 63 - v now. */
	if (t < 0 || t > 126)
		return 0;
	return t <= 63 ? d >> (63 - t) : d << (t - 63);
}

/* pair_scan's answer for a sum or a difference, from whole value sets:
 * the partners of a's values are their mirror images about t (a sum;
 * the value t / 2 has itself only, which a cell sharing a unit may not
 * be) or their shifts by t either way (a difference; t > 0).  What every
 * pair puts in the shared unit is worked out from a's kept values when
 * they are few: a sum's pairs share no value once a has three or more
 * values, a difference's once a has four or more (a value's partners
 * lie t below and t above it). */
static inline __attribute__((always_inline)) void
pair_fast(const struct engine *s, cdok_op op, int64_t t, dom_t da, dom_t db,
	  dom_t *ka, dom_t *kb, dom_t *must)
{
	if (op == CDOK_OP_ADD) {
		dom_t self = t >= 0 && t % 2 == 0 && t / 2 <= s->vmax
			     ? BIT(t / 2) : 0;

		*ka = da & mirror(db, t) & ~self;
		*kb = db & mirror(da, t) & ~self;
	} else if (t > 0 && t < DOM_BITS) {
		*ka = da & (db << t | db >> t);
		*kb = db & (da << t | da >> t);
	} else {
		*ka = *kb = 0;
	}
	if (popc(*ka) <= (op == CDOK_OP_ADD ? 2 : 3)) {
		dom_t x = 0, y = 0;

		pair_scan(s, op, t, *ka, *kb, &x, &y, must);
	} else {
		*must = 0;
	}
}

/* pair_scan for any operation: a sum or a difference in a few word
 * operations (pair_fast), the others a loop over the values, one per
 * operation, each with its clue test inlined. */
static inline __attribute__((always_inline)) void
pair_fit(const struct engine *s, cdok_op op, int64_t t, dom_t da, dom_t db,
	 dom_t *ka, dom_t *kb, dom_t *must)
{
	switch (op) {
	case CDOK_OP_ADD:
		pair_fast(s, CDOK_OP_ADD, t, da, db, ka, kb, must);
		break;
	case CDOK_OP_SUB:
		pair_fast(s, CDOK_OP_SUB, t, da, db, ka, kb, must);
		break;
	case CDOK_OP_MUL:
		pair_scan(s, CDOK_OP_MUL, t, da, db, ka, kb, must);
		break;
	case CDOK_OP_DIV:
		pair_scan(s, CDOK_OP_DIV, t, da, db, ka, kb, must);
		break;
	case CDOK_OP_ANY:
		pair_scan(s, CDOK_OP_ANY, t, da, db, ka, kb, must);
		break;
	}
}

static bool pair_propagate(struct engine *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	int a = c->cells[0], b = c->cells[1];
	dom_t da = dom[a], db = dom[b], ka = 0, kb = 0, must = ~(dom_t)0;

	pair_fit(s, c->op, c->target, da, db, &ka, &kb, &must);
	if (!narrow(s, dom, a, ka) || !narrow(s, dom, b, kb))
		return false;
	must &= ka | kb;
	/* Values the unit rule has already: the cells' own singles. */
	if (!(ka & (ka - 1)))
		must &= ~ka;
	if (!(kb & (kb - 1)))
		must &= ~kb;
	if (!must)
		return true;
	for (int kind = 0; kind < s->nkinds; kind++) {
		int u = s->cell_units[a * NKINDS + kind];
		const int *cells;

		if (u != s->cell_units[b * NKINDS + kind])
			continue;
		cells = s->unit_cells + (size_t)u * (size_t)s->n;
		for (int i = 0; i < s->n; i++) {
			int cell = cells[i];

			if (cell != a && cell != b && (dom[cell] & must) &&
			    !narrow(s, dom, cell, dom[cell] & ~must))
				return false;
		}
	}
	return true;
}
