/* engine/combos.h -- the sets of values a distinct sum cage can hold
 * (combo_propagate reads them). */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* The sets of k (1..COMBO_MAX_CELLS) different values of lo..hi (lo >=
 * 0) adding up to t, into out (room for max), in increasing order: how
 * many, or -1 when there are more than max.  Depth first over the
 * values in increasing order, each position's range cut to what the
 * positions after it can still complete, the last one worked out. */
static int value_sets(int k, int64_t t, int lo, int hi, dom_t *out, int max)
{
	int cur[COMBO_MAX_CELLS], end[COMBO_MAX_CELLS];
	int rest[COMBO_MAX_CELLS];
	dom_t bits[COMBO_MAX_CELLS];
	int n = 0, i = 0, from = lo;

	if (t < (int64_t)k * lo || t > (int64_t)k * hi)
		return 0;
	rest[0] = (int)t;
	bits[0] = 0;
	for (;;) {
		/* Position i takes a value from `from` on, m follow it. */
		int m = k - 1 - i;

		if (!m) {
			if (rest[i] >= from && rest[i] <= hi) {
				if (n == max)
					return -1;
				out[n++] = bits[i] | BIT(rest[i]);
			}
		} else {
			/* The m after it add up to between m v + m (m + 1)
			 * / 2 and m hi - m (m - 1) / 2. */
			int low = rest[i] - (m * hi - m * (m - 1) / 2);

			cur[i] = low > from ? low : from;
			end[i] = (rest[i] - m * (m + 1) / 2) / (m + 1);
			if (cur[i] <= end[i])
				goto down;
		}
		/* Back to the last position with a value left. */
		do {
			if (--i < 0)
				return n;
		} while (++cur[i] > end[i]);
down:
		rest[i + 1] = rest[i] - cur[i];
		bits[i + 1] = bits[i] | BIT(cur[i]);
		from = cur[i] + 1;
		i++;
	}
}

/* The sets of values of a distinct sum cage of 3 to COMBO_MAX_CELLS
 * cells, made at its first look: whether it has some (at most
 * COMBO_MAX; more are not kept).  Memory running out sets s->nomem. */
static bool cage_combos(struct engine *s, struct cage_info *c)
{
	int n;

	if (c->ncombo >= 0)
		return c->ncombo > 0;
	c->ncombo = 0;
	if (s->ncombos + COMBO_MAX > s->combos_cap) {
		size_t cap = s->combos_cap * 2 + COMBO_MAX;
		dom_t *v = cdok_realloc(s->combos, cap * sizeof(dom_t));

		if (!v) {
			s->nomem = true;
			return false;
		}
		s->combos = v;
		s->combos_cap = cap;
	}
	n = value_sets(c->ncells, c->target, s->vmin, s->vmax,
		       s->combos + s->ncombos, COMBO_MAX);
	if (n <= 0)
		return false;
	c->combo = (int)s->ncombos;
	c->ncombo = n;
	s->ncombos += (size_t)n;
	return true;
}
