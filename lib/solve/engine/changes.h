/* engine/changes.h -- domain changes: narrowing a cell, waking the cages
 * and units it is in, failure weights. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

static bool root_cheap(const struct engine *s, int ci);

static inline void enqueue_cage(struct engine *s, int cage)
{
	if (cage < 0 || s->queued[cage])
		return;
	CDOK_ASSERT(cage < s->ncages);
	s->queued[cage] = true;
	/* Below the root one queue of the puzzle's cages: the order in
	 * which contradictions are found decides the failure weights, and
	 * with them the search (the random 12 x 12s of bench/hard took ten
	 * times as long with the two queues there too).  At the root a
	 * cage whose next look is the cheap one (root_cheap) is cheap. */
	if (cage >= s->nreal)
		ring_push(&s->q[Q_DERIVED], cage);
	else if (s->node_id || s->cages[cage].pair ||
		 s->cages[cage].table >= 0)
		ring_push(&s->q[Q_CHEAP], cage);
	else if (root_cheap(s, cage))
		ring_push(&s->q[Q_LIGHT], cage);
	else
		ring_push(&s->q[Q_COSTLY], cage);
}

/* A contradiction found by unit u: one more failure for it and for
 * each of its cells. */
static inline void weigh_unit(struct engine *s, int u)
{
	const int *cells = s->unit_cells + (size_t)u * (size_t)s->n;

	s->wunit[u]++;
	for (int i = 0; i < s->n; i++)
		s->wcell[cells[i]]++;
}

/* The same for cage ci (a derived cage weighs on no cell). */
static inline void weigh_cage(struct engine *s, int ci)
{
	s->wcage[ci]++;
	if (ci < s->nreal)
		for (int i = 0; i < s->cages[ci].ncells; i++)
			s->wcell[s->cages[ci].cells[i]]++;
}

/* Mark a changed cell's units and cages for another look. */
static inline void mark_cell(struct engine *s, int cell)
{
	const uint64_t *bits = s->cell_bits + cell * NKINDS;

	/* A kind the puzzle lacks has no bits: no test needed. */
	for (int k = 0; k < NKINDS; k++)
		s->dirty[k] |= bits[k];
	enqueue_cage(s, s->cage_watch[cell]);
	if (DERIVED_SUMS && s->extra_start)
		for (int j = s->extra_start[cell]; j < s->extra_start[cell + 1];
		     j++)
			enqueue_cage(s, s->extra[j]);
}

/* Narrow a cell's domain to nd (a subset of the current one).  Records
 * the follow-up work; returns false on a contradiction. */
static inline bool narrow(struct engine *s, dom_t *dom, int cell, dom_t nd)
{
	/* Values only ever go: the search's levels and the tables' seen
	 * domains rely on it. */
	CDOK_ASSERT(!(nd & ~dom[cell]));
	if (nd == dom[cell])
		return true;
	if (!nd)
		return false;
	dom[cell] = nd;
	mark_cell(s, cell);
	units_changed(s, cell, nd, false);
	return true;
}

#ifdef CDOK_DEBUG
/* Whether no cage waits for a look: every queue empty, and the marks
 * that keep a cage in one queue at most (queued, full_due) all clear. */
static bool queues_idle(const struct engine *s)
{
	for (int i = 0; i < NQUEUES; i++)
		if (s->q[i].count)
			return false;
	for (int ci = 0; ci < s->ncages; ci++)
		if (s->queued[ci] || s->full_due[ci])
			return false;
	return true;
}
#endif

static void reset_work(struct engine *s)
{
	for (int i = 0; i < NQUEUES; i++) {
		struct cage_ring *r = &s->q[i];

		while (r->count) {
			int ci = ring_pop(r);

			if (i == Q_FULL)
				s->full_due[ci] = false;
			else
				s->queued[ci] = false;
		}
		r->head = 0;
	}
	for (int k = 0; k < NKINDS; k++)
		s->dirty[k] = 0;
	units_reset(s);
	CDOK_ASSERT(queues_idle(s));
}

/* Whether cage ci is one the unit rule keeps by itself (cages_implied),
 * which no reasoning looks at. */
static inline bool cage_implied(const struct engine *s, int ci)
{
	return s->own_watch && ci < s->nreal &&
	       s->own_watch[s->cages[ci].cells[0]] != ci;
}

/* Whether cell belongs to cage ci (a derived cage's cells are in the
 * puzzle's cages too, so cage_of does not say). */
static inline bool in_cage(const struct engine *s, int ci, int cell)
{
	const struct cage_info *c = &s->cages[ci];

	if (ci < s->nreal)
		return s->cage_of[cell] == ci;
	for (int i = 0; i < c->ncells; i++)
		if (c->cells[i] == cell)
			return true;
	return false;
}

/* Whether n values (all of them decided) meet cage c's clue: under
 * any of its operations when it is hidden. */
static inline bool clue_met(const struct cage_info *c, const int *v, int n)
{
	if (c->op == CDOK_OP_ANY)
		return cdki_ops_hold(c->ops, c->target, v, n);
	return cdki_cage_holds(c->op, c->target, v, n);
}
