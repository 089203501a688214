/* engine/bounds.h -- the cheaper cage reasoning: bounds on a cage's
 * total, and the sum tables of sum_supports, for cages too large or
 * too loose to enumerate. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* What the cheap reasoning knows of a cage's total: the sum of its
 * values (+, -) or their product (*, /).  Each cell lies between its
 * lowest and highest value (plain); and m cells of one unit, or of a
 * distinct cage, hold m different values of their domains' union, so
 * at least its m smallest and at most its m largest (by units).  The
 * plain bounds are exact once every cell is decided; the ones by units
 * reach the cages too large to enumerate, where a row of nine cells
 * adds to at least 45 whatever its cells' lowest values say.  A
 * product's upper bound is INT64_MAX when it may be that large or
 * more. */
struct cage_totals {
	int64_t plain_lo, plain_hi, unit_lo, unit_hi;
	int high;             /* the largest value any cell may hold */
	int low;              /* the largest of the cells' lowest values */
};

/* The m smallest (top false) or largest values of u, added or
 * multiplied; false when u has fewer than m values. */
static bool unit_extreme(dom_t u, int m, bool product, bool top,
			 int64_t *out)
{
	int64_t x = product;

	if (popc(u) < m)
		return false;
	for (int i = 0; i < m; i++) {
		int v = top ? high_value(u) : low_value(u);

		u &= ~BIT(v);
		x = product ? sat_mul(x, v) : x + v;
	}
	*out = x;
	return true;
}

/* The bounds by units of one group of cells (a unit's, or the whole
 * distinct cage's), added into t; false when its cells cannot all
 * differ. */
static bool unit_bounds_add(struct cage_totals *t, dom_t u, int m,
			    bool product)
{
	int64_t lo, hi;

	if (!unit_extreme(u, m, product, false, &lo) ||
	    !unit_extreme(u, m, product, true, &hi))
		return false;
	t->unit_lo = product ? sat_mul(t->unit_lo, lo) : t->unit_lo + lo;
	t->unit_hi = product ? sat_mul(t->unit_hi, hi) : t->unit_hi + hi;
	return true;
}

/* Fill t for cage c under dom: the plain bounds, and the best of the
 * bounds by rows, by columns, by boxes and (for a distinct cage) by the
 * cage itself.  False when some unit's cells cannot all differ. */
static bool cage_totals(struct engine *s, const dom_t *dom,
			const struct cage_info *c, bool product,
			struct cage_totals *t)
{
	int64_t one = product;

	t->plain_lo = t->plain_hi = one;
	t->unit_lo = one;
	t->unit_hi = product ? INT64_MAX : INT64_MAX / 2;
	t->high = s->vmin;
	t->low = s->vmin;
	for (int i = 0; i < c->ncells; i++) {
		dom_t d = dom[c->cells[i]];
		int lo = low_value(d), hi = high_value(d);

		t->plain_lo = product ? sat_mul(t->plain_lo, lo)
				      : t->plain_lo + lo;
		t->plain_hi = product ? sat_mul(t->plain_hi, hi)
				      : t->plain_hi + hi;
		if (hi > t->high)
			t->high = hi;
		if (lo > t->low)
			t->low = lo;
	}
	for (int kind = 0; kind <= s->nkinds; kind++) {
		struct cage_totals k = {0, 0, one, one, 0, 0};

		if (kind == s->nkinds) {
			/* The whole cage, when its values all differ. */
			dom_t u = 0;

			if (!c->distinct)
				break;
			for (int i = 0; i < c->ncells; i++)
				u |= dom[c->cells[i]];
			if (!unit_bounds_add(&k, u, c->ncells, product))
				return false;
		} else {
			for (int i = 0; i < c->ncells; i++) {
				int un = s->cell_units[c->cells[i] * NKINDS +
						       kind];

				s->unit_union[un] = 0;
				s->unit_count[un] = 0;
			}
			for (int i = 0; i < c->ncells; i++) {
				int un = s->cell_units[c->cells[i] * NKINDS +
						       kind];

				s->unit_union[un] |= dom[c->cells[i]];
				s->unit_count[un]++;
			}
			/* Each unit once: its count is cleared once added. */
			for (int i = 0; i < c->ncells; i++) {
				int un = s->cell_units[c->cells[i] * NKINDS +
						       kind];

				if (!s->unit_count[un])
					continue;
				if (!unit_bounds_add(&k, s->unit_union[un],
						     s->unit_count[un],
						     product))
					return false;
				s->unit_count[un] = 0;
			}
		}
		if (k.unit_lo > t->unit_lo)
			t->unit_lo = k.unit_lo;
		if (k.unit_hi < t->unit_hi)
			t->unit_hi = k.unit_hi;
	}
	return true;
}

/* a / b rounded up, for b > 0 and a >= 0. */
static inline int64_t div_up(int64_t a, int64_t b)
{
	return a / b + (a % b != 0);
}

/* The total's range that the clue allows, given t; false when it is
 * empty.  -: the largest value minus the others is the target, so the
 * sum is twice the largest less the target; /: the largest over the
 * others' product, so the product is the largest squared over the
 * target. */
static bool total_range(const struct cage_info *c, const struct cage_totals *t,
			int64_t *lo, int64_t *hi)
{
	int64_t x = c->target;

	*lo = *hi = x;          /* + and *: the target itself */
	switch (c->op) {
	case CDOK_OP_ADD:
	case CDOK_OP_MUL:
		break;
	case CDOK_OP_SUB:
		*lo = 2 * (int64_t)t->low - x;
		*hi = 2 * (int64_t)t->high - x;
		break;
	case CDOK_OP_DIV:
		*lo = div_up((int64_t)t->low * t->low, x);
		*hi = (int64_t)t->high * t->high / x;
		break;
	case CDOK_OP_ANY:               /* not asked (cage_total_bounds) */
		*lo = INT64_MIN;
		*hi = INT64_MAX;
		break;
	}
	if (t->plain_lo > *lo)
		*lo = t->plain_lo;
	if (t->unit_lo > *lo)
		*lo = t->unit_lo;
	if (t->plain_hi < *hi)
		*hi = t->plain_hi;
	if (t->unit_hi < *hi)
		*hi = t->unit_hi;
	return *lo <= *hi;
}

/* Narrow a large cage's cells by its total (total_range): each value
 * lies between that range less what the others can add (their sum), or
 * over what they can multiply (their product).  A ratio of a positive
 * target has no 0 (Nylimb values include it); cage_bounds has taken
 * 0 out of a product already. */
static bool cage_total_bounds(struct engine *s, dom_t *dom,
			      const struct cage_info *c)
{
	bool product = c->op == CDOK_OP_MUL || c->op == CDOK_OP_DIV;
	struct cage_totals t;
	int64_t lo, hi;

	/* A hidden operator's total may be a sum or a product: no bound
	 * on either, so no reasoning here (the final check decides). */
	if (c->target < (product ? 1 : 0) || c->op == CDOK_OP_ANY)
		return true;
	if (c->op == CDOK_OP_DIV)
		for (int i = 0; i < c->ncells; i++)
			if (!narrow(s, dom, c->cells[i],
				    dom[c->cells[i]] & ~BIT(0)))
				return false;
	if (!cage_totals(s, dom, c, product, &t))
		return false;
	if (!total_range(c, &t, &lo, &hi))
		return false;
	for (int i = 0; i < c->ncells; i++) {
		int cell = c->cells[i];
		dom_t d = dom[cell];
		int64_t vlo = low_value(d), vhi = high_value(d);
		int64_t olo, ohi, from, to;

		if (!product) {
			olo = t.plain_lo - vlo;
			if (t.unit_lo - vhi > olo)
				olo = t.unit_lo - vhi;
			ohi = t.plain_hi - vhi;
			if (t.unit_hi - vlo < ohi)
				ohi = t.unit_hi - vlo;
			from = lo - ohi;
			to = hi - olo;
		} else {
			/* The others' product: a saturated bound above
			 * says nothing. */
			olo = t.plain_lo / vlo;
			if (div_up(t.unit_lo, vhi) > olo)
				olo = div_up(t.unit_lo, vhi);
			ohi = t.plain_hi == INT64_MAX ? INT64_MAX
						       : t.plain_hi / vhi;
			if (t.unit_hi != INT64_MAX && t.unit_hi / vlo < ohi)
				ohi = t.unit_hi / vlo;
			from = ohi == INT64_MAX ? s->vmin : div_up(lo, ohi);
			to = olo < 1 ? s->vmax : hi / olo;
		}
		if (!narrow(s, dom, cell, d & range_mask(s, from, to)))
			return false;
	}
	return true;
}

/* The cheap reasoning for a cage too large or too loose to enumerate:
 * a product's values divide its target; and a cage too large to
 * enumerate at all, or a sum whose target is past its tables, is
 * narrowed by its total.  A smaller cage has its enumeration or its
 * table, which do that and more: the totals at a product cage's first
 * look at the root (root_cheap) would cost more than they remove
 * (keen_9e_05's solve: 113.3 k instructions, 120.5 k with them). */
static bool cage_bounds(struct engine *s, dom_t *dom,
			const struct cage_info *c)
{
	if (c->op == CDOK_OP_MUL) {
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
	if (c->ncells <= ENUM_MAX_CELLS && c->op != CDOK_OP_ADD)
		return true;
	return cage_total_bounds(s, dom, c);
}

/* Words of a bit table of the sums 0..t. */
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

/* Whether sum_supports can take the cage (its tables are sized for
 * this). */
static inline bool sum_table_fits(const struct cage_info *c)
{
	return c->op == CDOK_OP_ADD && c->ncells <= ENUM_MAX_CELLS &&
	       c->target <= SUM_TABLE_MAX;
}

/* dst |= src >> shift, both tables of w words. */
static void or_shifted_down(uint64_t *dst, const uint64_t *src,
			    int64_t shift, size_t w)
{
	size_t q = (size_t)(shift / 64);
	unsigned r = (unsigned)(shift % 64);

	for (size_t j = 0; j + q < w; j++) {
		uint64_t x = src[j + q] >> r;

		if (r && j + q + 1 < w)
			x |= src[j + q + 1] << (64 - r);
		dst[j] |= x;
	}
}

/* Whether (a << shift) and b, tables of w words, have a bit in common. */
static bool meet_shifted(const uint64_t *a, int64_t shift, const uint64_t *b,
			 size_t w)
{
	size_t q = (size_t)(shift / 64);
	unsigned r = (unsigned)(shift % 64);

	for (size_t j = q; j < w; j++) {
		uint64_t x = a[j - q] << r;

		if (r && j > q)
			x |= a[j - q - 1] >> (64 - r);
		if (x & b[j])
			return true;
	}
	return false;
}

/* Sum cages with too many assignments to enumerate: keep a value only if
 * the other cells can make up the rest of the target from their
 * domains.  Two runs of bit tables, built by shifting: fwd[i], the sums
 * cells 0..i-1 can reach; need[i], the sums of cells 0..i-1 that cells
 * i..k-1 can complete to the target.  Value v of cell i stays when some
 * x in fwd[i] has x + v in need[i + 1].  That costs cells x values x
 * (target / 64) word operations.  It ignores the rule that cells
 * sharing a unit differ, so it removes less than the enumeration, which
 * takes over once the domains shrink. */
static bool sum_supports(struct engine *s, dom_t *dom,
			 const struct cage_info *c)
{
	int k = c->ncells;
	int64_t t = c->target;
	size_t w, k1 = (size_t)k + 1;
	uint64_t *fwd, *need;

	if (t < 0 || t > (int64_t)k * s->vmax)
		return false;
	w = sum_words(t);
	s->work += (uint64_t)k * w * ((uint64_t)s->vmax + 1) * 2;
	if (w == 1) {
		/* Sums up to 63: one word a table, on the stack.  A value
		 * above the target (Nylimb's go up to 99) takes part in no
		 * sum, and would shift a word too far. */
		uint64_t f1[ENUM_MAX_CELLS + 1], n1[ENUM_MAX_CELLS + 1];
		dom_t upto = ((BIT(t) << 1) - 1);

		f1[0] = 1;
		for (int i = 0; i < k; i++) {
			uint64_t x = 0;

			for (dom_t a = dom[c->cells[i]] & upto; a; a &= a - 1)
				x |= f1[i] << low_value(a);
			f1[i + 1] = x;
		}
		if (!(f1[k] >> t & 1))
			return false;
		n1[k] = (uint64_t)1 << t;
		for (int i = k - 1; i > 0; i--) {
			uint64_t x = 0;

			for (dom_t a = dom[c->cells[i]] & upto; a; a &= a - 1)
				x |= n1[i + 1] >> low_value(a);
			n1[i] = x;
		}
		for (int i = 0; i < k; i++) {
			dom_t keep = 0;

			for (dom_t a = dom[c->cells[i]] & upto; a; a &= a - 1)
				if ((f1[i] << low_value(a)) & n1[i + 1])
					keep |= a & -a;
			if (!narrow(s, dom, c->cells[i], keep))
				return false;
		}
		return true;
	}
	fwd = s->sums;
	need = fwd + k1 * w;
	memset(fwd, 0, 2 * k1 * w * sizeof(uint64_t));
	fwd[0] = 1;
	for (int i = 0; i < k; i++)
		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1)
			or_shifted(fwd + (size_t)(i + 1) * w,
				   fwd + (size_t)i * w, low_value(a), w);
	if (!has_sum(fwd + (size_t)k * w, t))
		return false;
	need[(size_t)k * w + (size_t)(t / 64)] = (uint64_t)1 << (t % 64);
	for (int i = k - 1; i > 0; i--)
		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1)
			or_shifted_down(need + (size_t)i * w,
					need + (size_t)(i + 1) * w,
					low_value(a), w);
	for (int i = 0; i < k; i++) {
		dom_t keep = 0;

		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1)
			if (meet_shifted(fwd + (size_t)i * w, low_value(a),
					 need + (size_t)(i + 1) * w, w))
				keep |= a & -a;
		if (!narrow(s, dom, c->cells[i], keep))
			return false;
	}
	return true;
}

/* The reasoning for a cage too large or too loose to enumerate. */
static bool cage_cheap(struct engine *s, dom_t *dom,
		       const struct cage_info *c)
{
	if (sum_table_fits(c))
		return sum_supports(s, dom, c);
	return cage_bounds(s, dom, c);
}
