/* engine/enumerate.h -- enumerating a cage under the domains and
 * narrowing them to what its layouts support. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* The enumeration's rough cost: the product of the domain sizes (the
 * largest left out with ENUM_SPACE_SKIP_LARGEST), computed up to a
 * little past ENUM_SPACE. */
static uint64_t enum_space(const dom_t *dom, const struct cage_info *c)
{
	uint64_t space = 1;
	int big = 0;

	for (int i = 0; i < c->ncells && space <= ENUM_SPACE; i++) {
		int cnt = popc(dom[c->cells[i]]);

		if (ENUM_SPACE_SKIP_LARGEST && cnt > big) {
			space *= (uint64_t)(big ? big : 1);
			big = cnt;
		} else {
			space *= (uint64_t)cnt;
		}
	}
	return space;
}

/* enum_walk's acc at the start for a cage with operation op. */
static inline int64_t acc_start(cdok_op op, int64_t target)
{
	return op == CDOK_OP_MUL ? target : op == CDOK_OP_DIV ? 1 : 0;
}

/* Enumerate the cage's valid assignments under dom into s->e, taking at
 * most budget steps: per position the supported values (sup), and per
 * group what every assignment puts there beyond what the unit rule
 * already has (must & ~known, when track_must stays set).  Positions
 * are the cage's cells, most constrained first (pos).  Nothing is
 * narrowed here. */
static void enumerate(struct engine *s, const dom_t *dom, int ci, long budget)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;
	int k = c->ncells;
	dom_t divides;
	bool empty = false;

	/* The most constrained cells first: pruning bites earlier and the
	 * last cell's value is usually forced. */
	for (int i = 0; i < k; i++) {
		int j = i;
		int cnt = popc(dom[c->cells[i]]);

		while (j > 0 && popc(dom[c->cells[e->pos[j - 1]]]) > cnt) {
			e->pos[j] = e->pos[j - 1];
			j--;
		}
		e->pos[j] = i;
	}
	e->c = *c;
	e->k = k;
	e->usedvals = 0;
	e->unsupported = 0;
	divides = ~(dom_t)0;
	for (int g = 0; g < c->ngroups; g++) {
		e->used[g] = 0;
		e->must[g] = foot_all(s);
		e->known[g] = 0;
	}
	/* A product's cells hold divisors of its target only. */
	if (c->op == CDOK_OP_MUL && c->target > 0 && s->vmin > 0) {
		divides = 0;
		for (int v = s->vmin; v <= s->vmax; v++)
			if (c->target % v == 0)
				divides |= BIT(v);
	}
	for (int i = 0; i < k; i++) {
		int p = e->pos[i];
		int cell = c->cells[p];
		foot_t r = cell_req(s, dom, cell);

		e->d[i] = dom[cell] & divides;
		e->sup[i] = 0;
		e->unsupported += popc(e->d[i]);
		if (!e->d[i])
			empty = true;
		for (int j = 0; j < NKINDS; j++) {
			int g = c->groups[p * NKINDS + j];

			e->grp[i * NKINDS + j] = g;
			/* What the unit rule already takes from the unit. */
			e->known[g] |= r;
		}
	}
	/* A cell left without a divisor supports nothing: the cage has no
	 * assignment, and the walk below needs a value in every cell.  A
	 * single-cell cage places nothing the unit rule would miss. */
	e->track_must = k > 1;
	e->budget = budget;
	e->stop = e->aborted = false;
	e->found = 0;
	if (empty)
		return;
	e->minsum[k] = e->maxsum[k] = 0;
	e->minprod[k] = e->maxprod[k] = 1;
	for (int i = k - 1; i >= 0; i--) {
		int lo = low_value(e->d[i]), hi = high_value(e->d[i]);

		e->minsum[i] = e->minsum[i + 1] + lo;
		e->maxsum[i] = e->maxsum[i + 1] + hi;
		e->minprod[i] = sat_mul(e->minprod[i + 1], lo);
		e->maxprod[i] = sat_mul(e->maxprod[i + 1], hi);
	}
	if (c->op != CDOK_OP_ANY) {
		enum_run(s, acc_start(c->op, c->target));
	} else {
		/* A hidden operator: the layouts of each operation it may
		 * stand for, one walk each, into the same supports and
		 * musts (a layout two operations make is found twice,
		 * which changes neither; a table lists it twice, which is
		 * harmless).  A walk ends with its groups and values as
		 * it found them, unless it stopped the enumeration. */
		for (int i = 0; i < 4 && !e->stop; i++) {
			if (!(c->ops >> i & 1))
				continue;
			e->c.op = cdok_ops_nth(i);
			enum_run(s, acc_start(e->c.op, c->target));
		}
		e->c.op = CDOK_OP_ANY;
	}
	s->work += (uint64_t)(budget - (e->budget > 0 ? e->budget : 0));
}

/* Narrow the cage's cells to their supported values and keep the rest of
 * each unit clear of what every assignment puts into it. */
static bool apply_enumeration(struct engine *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;

	for (int i = 0; i < e->k; i++)
		if (!narrow(s, dom, c->cells[e->pos[i]], e->d[i] & e->sup[i]))
			return false;
	if (!e->track_must)
		return true;
	for (int g = 0; g < c->ngroups; g++) {
		foot_t m = e->must[g] & ~e->known[g];
		const int *cells;
		dom_t out;

		if (!m)
			continue;
		out = clash_of(s, m);
		cells = s->unit_cells + (size_t)c->group_unit[g] * (size_t)s->n;
		for (int i = 0; i < s->n; i++) {
			int cell = cells[i];

			if (!in_cage(s, ci, cell) && (dom[cell] & out) &&
			    !narrow(s, dom, cell, dom[cell] & ~out))
				return false;
		}
	}
	return true;
}

/* ---- what the grader's scan (engine/scan.h) asks of an enumeration ----
 * The scan runs enumerate() on domains of its own and reads the answer
 * through these, so it needs to know nothing of struct enum_ctx. */

/* Have the next enumerate() list its layouts into s->rec (room for
 * LAYOUT_MAX: rec_room) in the cage's cell order, as a table is made
 * from.  Without also, more than LAYOUT_MAX layouts abort the
 * enumeration; with also, it goes on finding supports and the listing
 * stops. */
static inline void enum_list(struct engine *s, bool also)
{
	s->e.rec = s->rec;
	s->e.rec_max = LAYOUT_MAX;
	s->e.nrec = 0;
	s->e.rec_also = also;
}

/* End what enum_list began: whether the last enumerate() listed every
 * layout (neither overflowing the listing nor running out of steps). */
static inline bool enum_list_end(struct engine *s)
{
	bool all = s->e.rec && !s->e.aborted;

	s->e.rec = NULL;
	s->e.rec_also = false;
	return all;
}

/* Of the last enumerate() under budget steps: the steps it took (more
 * than budget when it ran out), whether it stopped before the answer was
 * known, and whether any layout fitted. */
static inline long enum_spent(const struct engine *s, long budget)
{
	return budget - s->e.budget;
}

static inline bool enum_aborted(const struct engine *s)
{
	return s->e.aborted;
}

static inline bool enum_found(const struct engine *s)
{
	return s->e.found != 0;
}

/* The last enumerate()'s supports, per cage cell in the cage's order,
 * into support. */
static inline void enum_supports(const struct engine *s, dom_t *support)
{
	const struct enum_ctx *e = &s->e;

	for (int i = 0; i < e->k; i++)
		support[e->pos[i]] = e->sup[i];
}

/* What every layout the last enumerate() found puts into the cage's
 * group g beyond what the unit rule has there already (0 when not
 * tracked: a single cell). */
static inline dom_t enum_must(const struct engine *s, int g)
{
	const struct enum_ctx *e = &s->e;

	return e->track_must ? e->must[g] & ~e->known[g] : 0;
}
