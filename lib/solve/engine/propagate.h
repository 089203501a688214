/* engine/propagate.h -- propagation to a fixed point: the cage queues,
 * one cage's look (cage_consistency, cage_propagate) and propagate(). */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* Whether puzzle cage ci's next look at the root is a cheap one: a
 * distinct sum cage's sets of values (combo_propagate, when it has
 * them), or the first look of a Calcudoku sum or product cage that
 * would get a table. */
static bool root_cheap(const struct engine *s, int ci)
{
	const struct cage_info *c = &s->cages[ci];

	if (c->ncombo)
		return true;
#if LAYOUT_TABLES
	return table_wanted(s, c, ci) && !s->looked[ci] && ci < s->nreal &&
	       !c->distinct && (c->op == CDOK_OP_ADD || c->op == CDOK_OP_MUL);
#else
	return false;
#endif
}

/* Cage ci's full look is due once everything else is done (Q_FULL). */
static inline void schedule_full(struct engine *s, int ci)
{
	if (!s->full_due[ci]) {
		s->full_due[ci] = true;
		ring_push(&s->q[Q_FULL], ci);
	}
}

/* A distinct sum cage through its sets of values (c->combo): a set fits
 * when it holds the cage's decided values, has a value for every cell
 * and only values some cell can take.  The cells keep the values of the
 * sets that fit.  A value of every set that fits is in the cage: when
 * one cell alone can take it, it goes there; when the cells that can all
 * lie in one unit, it leaves the rest of that unit.  Weaker than the
 * enumeration (which cell takes which value of a set is not asked), at
 * a small part of its cost. */
static bool combo_propagate(struct engine *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	const dom_t *sets = s->combos + c->combo;
	int k = c->ncells;
	dom_t d[COMBO_MAX_CELLS], any = 0, fixed = 0, fit = 0;
	dom_t every = ~(dom_t)0;

	for (int i = 0; i < k; i++) {
		d[i] = dom[c->cells[i]];
		any |= d[i];
		if (!(d[i] & (d[i] - 1))) {
			if (fixed & d[i])
				return false;
			fixed |= d[i];
		}
	}
	for (int j = 0; j < c->ncombo; j++) {
		dom_t set = sets[j];
		int i = 0;

		if ((set & fixed) != fixed || (set & ~any))
			continue;
		while (i < k && (d[i] & set))
			i++;
		if (i < k)
			continue;
		fit |= set;
		every &= set;
	}
	if (!fit)
		return false;
	/* When every cell can take every value of every set that fits,
	 * any order of a set is a layout: the cells' values and what every
	 * layout puts into the cage are all the enumeration would say. */
	{
		bool exact = true;

		for (int i = 0; i < k; i++) {
			exact = exact && (d[i] & fit) == fit;
			if (!narrow(s, dom, c->cells[i], d[i] & fit))
				return false;
		}
		if (!exact)
			schedule_full(s, ci);
	}
	for (dom_t a = every & ~fixed; a; a &= a - 1) {
		dom_t v = a & -a;
		uint64_t in = 0;

		for (int i = 0; i < k; i++)
			if (dom[c->cells[i]] & v)
				in |= (uint64_t)1 << i;
		if (!in)
			return false;
		if (!(in & (in - 1))) {
			if (!narrow(s, dom, c->cells[__builtin_ctzll(in)], v))
				return false;
			continue;
		}
		for (int g = 0; g < c->ngroups; g++) {
			const int *cells;

			if (in & ~c->group_cells[g])
				continue;
			cells = s->unit_cells + (size_t)c->group_unit[g] *
						(size_t)s->n;
			for (int i = 0; i < s->n; i++)
				if (!in_cage(s, ci, cells[i]) &&
				    (dom[cells[i]] & v) &&
				    !narrow(s, dom, cells[i], dom[cells[i]] & ~v))
					return false;
		}
	}
	return true;
}

/* The work of cage_propagate: its table when it has one; cheap
 * reasoning for a cage too large or too loose to enumerate, otherwise
 * the enumeration. */
static bool cage_consistency(struct engine *s, dom_t *dom, int ci, bool full)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;

#if PAIR_CAGES
	if (c->pair)
		return pair_propagate(s, dom, ci);
#endif
	if (FOOT_IS_VALUE && c->ncells <= ENUM_MAX_CELLS) {
		/* Every cell decided: the clue holds or it does not.  (The
		 * unit rule has kept decided cells of a unit apart: it ran
		 * to its end before any cage.) */
		dom_t seen = 0, all = 0;
		int i;

		for (i = 0; i < c->ncells; i++) {
			dom_t d = dom[c->cells[i]];

			if (d & (d - 1))
				break;
			e->val[i] = low_value(d);
			seen |= all & d;
			all |= d;
		}
		if (i == c->ncells)
			return !(c->distinct && seen) &&
			       clue_met(c, e->val, i);
	}
	/* At the root a cage's full reasoning may wait until everything
	 * else is done (Q_FULL), when the domains are narrowest and its
	 * table, if it gets one, smallest.  Meanwhile a distinct sum cage
	 * has its sets of values (combo_propagate) at every look, and a
	 * Calcudoku sum or product cage that would get a table the cheap
	 * reasoning at its first.  The full look always comes before the
	 * root's reasoning ends, which so ends where it would without the
	 * cheap ones (the sets say nothing the full look does not). */
	if (!s->node_id && !full && root_cheap(s, ci)) {
		if (c->ncombo && cage_combos(s, &s->cages[ci]))
			return combo_propagate(s, dom, ci);
		if (s->nomem)
			return false;
		if (!c->ncombo) {
			s->looked[ci] = true;
			schedule_full(s, ci);
			return cage_cheap(s, dom, c);
		}
	}
#if LAYOUT_TABLES
	/* At the root, a cage small enough to list cheaply gets its table
	 * at its full look; the others wait for the root's reasoning to
	 * narrow them (tables_after_root). */
	if (!s->node_id && table_wanted(s, c, ci) &&
	    layout_space(s, dom, c) <= LAYOUT_ROOT_MAX) {
		s->tried[ci] = true;
		if (!table_make(s, dom, ci, LAYOUT_ROOT_MAX, LAYOUT_BUDGET) &&
		    s->nomem)
			return false;
	}
#endif
	if (c->table >= 0)
		return table_propagate(s, dom, ci);
	if (ci >= s->nreal && c->ncells > DERIVED_MAX_CELLS)
		return cage_cheap(s, dom, c);
	if (c->ncells > ENUM_MAX_CELLS)
		return cage_cheap(s, dom, c);
	if ((ENUM_SPACE_ALL || c->op == CDOK_OP_ADD) &&
	    enum_space(dom, c) > ENUM_SPACE) {
		if (!cage_cheap(s, dom, c))
			return false;
		if (!ENUM_AFTER_CHEAP || enum_space(dom, c) > ENUM_SPACE)
			return true;
	}
	enumerate(s, dom, ci, ENUM_BUDGET);
	if (e->aborted)
		/* Out of budget: if every candidate already has a support
		 * there is nothing to remove; otherwise the cheap way. */
		return e->unsupported == 0 || cage_cheap(s, dom, c);
	if (!e->found)
		return false;
	return apply_enumeration(s, dom, ci);
}

/* Bring one cage to consistency with the current domains (full: with
 * its full reasoning, see cage_consistency). */
static bool cage_propagate(struct engine *s, dom_t *dom, int ci, bool full)
{
	const struct cage_info *c = &s->cages[ci];
	bool ok;

	/* A product of 0 (the model refuses it, but the engine need not
	 * depend on that) gets no reasoning; the final check decides. */
	/* So does a hidden one of 0 that may be a product where a value
	 * may be 0 (Nylimb): its product walk would miss those.  (The
	 * target first: it is rarely 0.) */
	if (c->target == 0 &&
	    (c->op == CDOK_OP_MUL ||
	     (c->op == CDOK_OP_ANY && s->vmin == 0 && (c->ops & CDOK_OPS_MUL))))
		return true;
	/* The cage is being brought to consistency right now: changes to
	 * its own cells need not queue it again. */
	s->queued[ci] = true;
	ok = cage_consistency(s, dom, ci, full);
	s->queued[ci] = false;
	return ok;
}

/* Run all reasoning to a fixed point: the unit rule's cheap part first,
 * a cage only when that is done, the rule's costly part when no cage is
 * waiting.  Returns false on a contradiction; either way the work lists
 * are empty afterwards. */
static bool propagate(struct engine *s, dom_t *dom)
{
	for (;;) {
		enum step r = units_cheap(s, dom);
		bool full;
		int ci;

		if (r == STEP_FAIL)
			break;
		if (r == STEP_AGAIN)
			continue;
		full = false;
		if (s->q[Q_CHEAP].count) {
			ci = ring_pop(&s->q[Q_CHEAP]);
		} else if (s->q[Q_LIGHT].count) {
			ci = ring_pop(&s->q[Q_LIGHT]);
		} else if (s->q[Q_COSTLY].count) {
			/* The costlier cages once the cheap ones are done:
			 * their domains are narrower by then. */
			ci = ring_pop(&s->q[Q_COSTLY]);
		} else if (s->q[Q_FULL].count) {
			ci = ring_pop(&s->q[Q_FULL]);
			s->full_due[ci] = false;
			full = true;
		} else {
			r = units_full(s, dom);
			if (r == STEP_FAIL)
				break;
			if (r == STEP_AGAIN || s->q[Q_CHEAP].count)
				continue;
			if (!s->q[Q_DERIVED].count) {
				CDOK_ASSERT(queues_idle(s));
				return true;
			}
			/* The sums the units imply, last: they seldom say
			 * what the cages have not. */
			ci = ring_pop(&s->q[Q_DERIVED]);
		}
		if (!full)
			s->queued[ci] = false;
		if (!cage_propagate(s, dom, ci, full)) {
			weigh_cage(s, ci);
			break;
		}
	}
	reset_work(s);
	return false;
}
