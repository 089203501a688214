/* engine/enumwalk.h -- the walk of a cage's enumeration: per cage
 * operation, distinctness and unit kinds one specialised walk over
 * the cells, recording what the layouts support. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* Bits lo..hi, clipped to the values a cell can hold. */
static inline dom_t range_mask(const struct engine *s, int64_t lo,
			       int64_t hi)
{
	if (lo < s->vmin)
		lo = s->vmin;
	if (hi > s->vmax)
		hi = s->vmax;
	if (lo > hi)
		return 0;
	return ((BIT(hi) << 1) - 1) & ~(BIT(lo) - 1);
}

/* a * b for the product bounds, with a ceiling; 0 when either is 0 (a
 * sum or difference cage may hold 0 in Nylimb mode; its product bounds
 * go unused). */
static int64_t sat_mul(int64_t a, int64_t b)
{
	if (a <= 0 || b <= 0)
		return 0;
	if (a > INT64_MAX / b)
		return INT64_MAX;
	return a * b;
}

/* With FOOT_IS_VALUE (the instance's footprint of v is v itself), the
 * values of a distinct cage already keep every group's footprints
 * disjoint, so its enumeration keeps no groups as it goes. */
#define BY_VALUES(distinct) (FOOT_IS_VALUE && (distinct))

/* enum_leaf_values' must, for a cage enumerated BY_VALUES: its groups were not
 * kept, so what each holds is read off the values.  Whether some group
 * still has a must beyond what the unit rule knows. */
static bool must_by_values(struct engine *s)
{
	struct enum_ctx *e = &s->e;
	bool useful = false;

	for (int g = 0; g < e->c.ngroups; g++)
		e->used[g] = 0;
	for (int i = 0; i < e->k; i++)
		for (int j = 0; j < ENGINE_KINDS; j++)
			e->used[e->grp[i * NKINDS + j]] |= foot_of(s, e->val[i]);
	for (int g = 0; g < e->c.ngroups; g++) {
		e->must[g] &= e->used[g];
		if (e->must[g] & ~e->known[g])
			useful = true;
	}
	return useful;
}

/* A valid assignment found: recorded (when a table is being made:
 * false, nothing more to do), else its values are supported. */
static inline __attribute__((always_inline)) bool
leaf_supports(struct engine *s)
{
	struct enum_ctx *e = &s->e;

	/* Locals: stores through char and 64-bit pointers could alias e's
	 * fields, which the compiler would then read again each time. */
	const int k = e->k, *pos = e->pos, *val = e->val;

	e->found++;
	if (e->rec) {
		unsigned char *t;

		if (e->nrec == e->rec_max && !e->rec_also) {
			e->aborted = e->stop = true;
			return false;
		}
		if (e->nrec == e->rec_max) {
			e->rec = NULL;
		} else {
			t = e->rec + (size_t)e->nrec++ * (size_t)k;
			for (int i = 0; i < k; i++)
				t[pos[i]] = (unsigned char)val[i];
		}
		if (!e->rec_also)
			return false;
	}
	{
		dom_t *sup = e->sup;
		int lost = 0;

		for (int i = 0; i < k; i++) {
			dom_t b = BIT(val[i]);

			lost += !(sup[i] & b);
			sup[i] |= b;
		}
		e->unsupported -= lost;
	}
	return true;
}

/* One valid assignment: every value is supported, and the footprints it
 * puts into each group narrow what every assignment must put there.
 * The last cell's value is not in used[] (enum_walk adds a value only
 * before going deeper). */
static void enum_leaf(struct engine *s)
{
	struct enum_ctx *e = &s->e;
	bool useful = false;
	int last = e->k - 1;

	if (!leaf_supports(s))
		return;
	if (e->track_must) {
		foot_t f = foot_of(s, e->val[last]);
		const int *lg = e->grp + last * NKINDS;
		foot_t keep[ENGINE_KINDS];

		/* The last value joins its groups while they are compared
		 * (undone in reverse, as kinds may share a group). */
		for (int j = 0; j < ENGINE_KINDS; j++) {
			keep[j] = e->used[lg[j]];
			e->used[lg[j]] |= f;
		}
		for (int g = 0; g < e->c.ngroups; g++) {
			e->must[g] &= e->used[g];
			if (e->must[g] & ~e->known[g])
				useful = true;
		}
		for (int j = ENGINE_KINDS; j-- > 0;)
			e->used[lg[j]] = keep[j];
		e->track_must = useful;
	}
	/* Nothing more to learn, unless the layouts are being listed. */
	if (!e->unsupported && !e->track_must && !e->rec)
		e->stop = true;
}

/* enum_leaf for a cage enumerated BY_VALUES. */
static void enum_leaf_values(struct engine *s)
{
	struct enum_ctx *e = &s->e;

	if (!leaf_supports(s))
		return;
	if (e->track_must)
		e->track_must = must_by_values(s);
	if (!e->unsupported && !e->track_must && !e->rec)
		e->stop = true;
}

/* Candidates for position i (not the last) given what is chosen before
 * it.  acc is the running sum (+ and -), the remaining quotient (*) or
 * the running product (/); mx the largest value chosen so far. */
static inline __attribute__((always_inline)) dom_t
enum_filter(const struct engine *s, cdok_op op, int i, dom_t avail,
	    int64_t acc, int64_t mx)
{
	const struct enum_ctx *e = &s->e;
	int64_t t = e->c.target, vmax = s->vmax;
	dom_t ok = 0;

	switch (op) {
	case CDOK_OP_ADD: {
		int64_t rem = t - acc;

		return avail & range_mask(s, rem - e->maxsum[i + 1],
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
		 * the others' sum can never exceed vmax - t. */
		if (t > vmax)
			return 0;
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);
			int64_t m = v > mx ? v : mx;

			if (acc + v - m <= vmax - t)
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_DIV:
		/* The largest value is t times the product of the others,
		 * so that product can never exceed vmax / t. */
		if (t < 1 || t > vmax)
			return 0;
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);
			int64_t m = v > mx ? v : mx;

			if (v > 0 && acc * v <= (vmax / t) * m)
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_ANY:
		/* Never walked as such: enumerate walks each of its
		 * operations in turn. */
		break;
	}
	return 0;
}

/* What position i's groups hold so far (kinds: the puzzle's kinds of
 * unit, a constant in each enumeration instance). */
static inline __attribute__((always_inline)) foot_t
enum_used(const struct enum_ctx *e, int i, int kinds)
{
	const int *g = e->grp + i * NKINDS;
	foot_t used = 0;

	for (int j = 0; j < kinds; j++)
		used |= e->used[g[j]];
	return used;
}

/* The last position: the clue leaves it at most two values (what the
 * sum or product still needs; for - and / the value that is the largest
 * or the one that keeps mx the largest), so they are tested one by one
 * rather than through sets.  Most steps of an enumeration end here. */
static inline __attribute__((always_inline)) void
enum_last(struct engine *s, cdok_op op, bool distinct, int kinds,
	  int64_t acc, int64_t mx)
{
	struct enum_ctx *e = &s->e;
	int64_t t = e->c.target, vmax = s->vmax, cand[2] = {0, 0};
	foot_t used = BY_VALUES(distinct) ? 0 : enum_used(e, e->k - 1, kinds);
	int ncand = 0;

	switch (op) {
	case CDOK_OP_ADD:
		cand[ncand++] = t - acc;
		break;
	case CDOK_OP_MUL:
		cand[ncand++] = acc;
		break;
	case CDOK_OP_SUB:
		if (t > vmax)
			break;
		if (t + acc >= mx)               /* v is the largest */
			cand[ncand++] = t + acc;
		if (2 * mx - acc - t <= mx)      /* mx stays the largest */
			cand[ncand++] = 2 * mx - acc - t;
		break;
	case CDOK_OP_DIV:
		if (t < 1 || t > vmax)
			break;
		if (t * acc >= mx)               /* v is the largest */
			cand[ncand++] = t * acc;
		if (mx > 0 && (mx * mx) % (t * acc) == 0 &&
		    mx * mx / (t * acc) <= mx)   /* mx stays the largest */
			cand[ncand++] = mx * mx / (t * acc);
		break;
	case CDOK_OP_ANY:                /* never walked (enum_filter) */
		break;
	}
	/* Both candidates are mx when mx alone meets the clue. */
	if (ncand == 2 && cand[0] == cand[1])
		ncand = 1;
	for (int j = 0; j < ncand && !e->stop; j++) {
		int64_t v = cand[j];

		if (v < s->vmin || v > s->vmax || !(e->d[e->k - 1] >> v & 1) ||
		    (foot_of(s, (int)v) & used) ||
		    (distinct && (e->usedvals >> v & 1)))
			continue;
		e->val[e->k - 1] = (int)v;
		if (BY_VALUES(distinct))
			enum_leaf_values(s);
		else
			enum_leaf(s);
	}
}

/* The candidates of position i (not the last) given the values before
 * it: its domain, less what clashes in its groups (or, in a distinct
 * cage, the values taken), less what the clue rules out. */
static inline __attribute__((always_inline)) dom_t
enum_avail(const struct engine *s, cdok_op op, bool distinct, int kinds,
	   int i, int64_t acc, int64_t mx)
{
	const struct enum_ctx *e = &s->e;
	dom_t avail = e->d[i];

	if (!BY_VALUES(distinct))
		avail &= ~clash_of(s, enum_used(e, i, kinds));
	if (distinct)
		avail &= ~e->usedvals;
	return enum_filter(s, op, i, avail, acc, mx);
}

/* What position i's value v adds to (on) or takes from (off) the groups
 * it is in and the values taken. */
static inline __attribute__((always_inline)) void
enum_take(struct engine *s, bool distinct, int kinds, int i, int v, bool on)
{
	struct enum_ctx *e = &s->e;
	const int *g = e->grp + i * NKINDS;
	foot_t f = foot_of(s, v), *used = e->used;

	/* Footprints in one group are disjoint, so taking off undoes
	 * exactly what was added. */
	for (int j = 0; j < kinds && !BY_VALUES(distinct); j++)
		used[g[j]] = on ? used[g[j]] | f : used[g[j]] & ~f;
	if (distinct)
		e->usedvals = on ? e->usedvals | BIT(v) : e->usedvals & ~BIT(v);
}

/* The enumeration of a cage with operation op (distinct: its values all
 * differ), made once per pair and number of kinds so that the clue's
 * tests fold: depth first over positions 0..k-2, values in increasing
 * order, with the last position's value(s) worked out from the clue
 * (enum_last).  acc0 is acc at the start (enum_filter).  Steps are
 * counted as a recursive walk would make calls, one to start and one
 * per value tried at positions 0..k-2, and the walk stops when they
 * run out (aborted) or a leaf says so (stop); the groups need no
 * clearing then (enumerate starts them afresh). */
static inline __attribute__((always_inline)) void
enum_walk(struct engine *s, cdok_op op, bool distinct, int kinds,
	  int64_t acc0)
{
	struct enum_ctx *e = &s->e;
	const int last = e->k - 1;
	dom_t cand[ENUM_MAX_CELLS];
	int64_t acc[ENUM_MAX_CELLS], mx[ENUM_MAX_CELLS];
	int i = 0;

	if (--e->budget < 0) {
		e->aborted = e->stop = true;
		return;
	}
	if (last == 0) {
		enum_last(s, op, distinct, kinds, acc0, 0);
		return;
	}
	acc[0] = acc0;
	mx[0] = 0;
	cand[0] = enum_avail(s, op, distinct, kinds, 0, acc0, 0);
	for (;;) {
		int64_t na, nm;
		int v;

		if (!cand[i]) {
			if (!i)
				return;
			i--;
			enum_take(s, distinct, kinds, i, e->val[i], false);
			continue;
		}
		v = low_value(cand[i]);
		cand[i] &= cand[i] - 1;
		if (--e->budget < 0) {
			e->aborted = e->stop = true;
			return;
		}
		e->val[i] = v;
		enum_take(s, distinct, kinds, i, v, true);
		switch (op) {
		case CDOK_OP_ADD:
		case CDOK_OP_SUB:
			na = acc[i] + v;
			break;
		case CDOK_OP_MUL:
			na = acc[i] / v;
			break;
		default:
			na = acc[i] * v;
			break;
		}
		nm = v > mx[i] ? v : mx[i];
		if (i + 1 == last) {
			enum_last(s, op, distinct, kinds, na, nm);
			if (e->stop)
				return;
			enum_take(s, distinct, kinds, i, v, false);
			continue;
		}
		i++;
		acc[i] = na;
		mx[i] = nm;
		cand[i] = enum_avail(s, op, distinct, kinds, i, na, nm);
	}
}

#define ENUM_WALK_OF(name, op, distinct, kinds)				\
	static void name(struct engine *s, int64_t acc0)		\
	{								\
		enum_walk(s, op, distinct, kinds, acc0);		\
	}
/* Per operation, distinctness and kinds of unit (2: rows and columns,
 * 3: boxes too; the engine's third kind, when it has one, is otherwise
 * a group of its own that no cell shares). */
#define ENUM_WALKS_OF(kinds, sfx)					\
	ENUM_WALK_OF(enum_add##sfx, CDOK_OP_ADD, false, kinds)		\
	ENUM_WALK_OF(enum_add_d##sfx, CDOK_OP_ADD, true, kinds)		\
	ENUM_WALK_OF(enum_sub##sfx, CDOK_OP_SUB, false, kinds)		\
	ENUM_WALK_OF(enum_sub_d##sfx, CDOK_OP_SUB, true, kinds)		\
	ENUM_WALK_OF(enum_mul##sfx, CDOK_OP_MUL, false, kinds)		\
	ENUM_WALK_OF(enum_mul_d##sfx, CDOK_OP_MUL, true, kinds)		\
	ENUM_WALK_OF(enum_div##sfx, CDOK_OP_DIV, false, kinds)		\
	ENUM_WALK_OF(enum_div_d##sfx, CDOK_OP_DIV, true, kinds)
ENUM_WALKS_OF(2, 2)
#if ENGINE_KINDS > 2
ENUM_WALKS_OF(3, 3)
#endif
#undef ENUM_WALKS_OF
#undef ENUM_WALK_OF

/* The instances for one number of kinds. */
#define ENUM_DISPATCH(sfx)						\
	switch (e->c.op) {						\
	case CDOK_OP_ADD:						\
		(d ? enum_add_d##sfx : enum_add##sfx)(s, acc0);		\
		break;							\
	case CDOK_OP_SUB:						\
		(d ? enum_sub_d##sfx : enum_sub##sfx)(s, acc0);		\
		break;							\
	case CDOK_OP_MUL:						\
		(d ? enum_mul_d##sfx : enum_mul##sfx)(s, acc0);		\
		break;							\
	case CDOK_OP_DIV:						\
		(d ? enum_div_d##sfx : enum_div##sfx)(s, acc0);		\
		break;							\
	case CDOK_OP_ANY:						\
		break;							\
	}

/* Enumerate the cage set up in s->e through the instance for its
 * operation and the puzzle's kinds of unit. */
static void enum_run(struct engine *s, int64_t acc0)
{
	const struct enum_ctx *e = &s->e;
	bool d = e->c.distinct;

#if ENGINE_KINDS > 2
	if (s->nkinds > 2) {
		ENUM_DISPATCH(3)
		return;
	}
#endif
	ENUM_DISPATCH(2)
}
#undef ENUM_DISPATCH
