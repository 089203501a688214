/* engine/nogoods.h -- nogoods (NOGOODS): what a run of the search cut
 * short refuted, kept for the runs after it. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* Cell has just been fixed (to the one value its domain holds): each
 * nogood watching it whose condition there now holds looks for another
 * condition that does not yet, and watches that; one that finds none
 * has every condition holding, so its cell x loses the values r. */
static bool nogood_fixed(struct engine *s, dom_t *dom, int cell)
{
	int v = low_value(dom[cell]), *link = &s->ng_head[cell];

	while (*link >= 0) {
		int gi = *link, j;
		struct nogood *g = &s->ng[gi];
		const int *l = s->ng_lits + 2 * (size_t)g->start;

		if (l[2 * g->watch + 1] != v) {
			link = &g->next;
			continue;
		}
		for (j = 0; j < g->len; j++)
			if (dom[l[2 * j]] != BIT(l[2 * j + 1]))
				break;
		if (j < g->len) {
			/* Conditions are on distinct cells, so j's is
			 * another cell's list. */
			*link = g->next;
			g->watch = j;
			g->next = s->ng_head[l[2 * j]];
			s->ng_head[l[2 * j]] = gi;
			continue;
		}
		if (!narrow(s, dom, g->x, dom[g->x] & ~g->r))
			return false;
		link = &g->next;
	}
	return true;
}

/* Room for one more nogood of len conditions; false when memory or
 * NOGOOD_MAX_LITS runs out (nogoods are only a help). */
static bool nogood_room(struct engine *s, int len)
{
	if (s->nlits + (size_t)len > NOGOOD_MAX_LITS)
		return false;
	if (!s->ng_head) {
		s->ng_head = cdok_malloc((size_t)s->ncells * sizeof(int));
		if (!s->ng_head)
			return false;
		for (int i = 0; i < s->ncells; i++)
			s->ng_head[i] = -1;
	}
	if (s->nng == s->ng_cap) {
		int cap = s->ng_cap * 2 + 64;
		struct nogood *g = cdok_realloc(s->ng, (size_t)cap *
						   sizeof(*g));

		if (!g)
			return false;
		s->ng = g;
		s->ng_cap = cap;
	}
	if (s->nlits + (size_t)len > s->lits_cap) {
		size_t cap = (s->nlits + (size_t)len) * 2 + 256;
		int *l = cdok_realloc(s->ng_lits, 2 * cap * sizeof(int));

		if (!l)
			return false;
		s->ng_lits = l;
		s->lits_cap = cap;
	}
	return true;
}

/* The search is being cut short at depth, no solution found so far: at
 * each depth i above, the values of the decision's cell below the one
 * being tried were each tried in full, and gave no solution.  So no
 * solution has the decisions above i and one of those values: a nogood
 * for each i, which the later runs of the search (search_root) use, so
 * that no subtree is refuted twice.  One whose every condition holds at
 * the root (none at depth 0) narrows the root instead. */
static void record_nogoods(struct engine *s, int depth)
{
	const dom_t *root = s->levels[0];

	for (int i = 0; i < depth; i++) {
		dom_t r = s->path_tried[i];
		int watch = -1;
		struct nogood *g;

		if (!r)
			continue;
		for (int j = 0; j < i && watch < 0; j++)
			if (root[s->path_cell[j]] != BIT(s->path_val[j]))
				watch = j;
		if (watch < 0) {
			if (s->nroot == s->root_cap) {
				int cap = s->root_cap * 2 + 16;
				int *x = cdok_realloc(s->root_x, (size_t)cap *
							 sizeof(int));
				dom_t *rr;

				if (!x)
					return;
				s->root_x = x;
				rr = cdok_realloc(s->root_r, (size_t)cap *
							 sizeof(dom_t));
				if (!rr)
					return;
				s->root_r = rr;
				s->root_cap = cap;
			}
			s->root_x[s->nroot] = s->path_cell[i];
			s->root_r[s->nroot++] = r;
			continue;
		}
		if (!nogood_room(s, i))
			return;
		g = &s->ng[s->nng];
		g->start = (int)s->nlits;
		g->len = i;
		g->x = s->path_cell[i];
		g->r = r;
		g->watch = watch;
		for (int j = 0; j < i; j++) {
			s->ng_lits[2 * s->nlits] = s->path_cell[j];
			s->ng_lits[2 * s->nlits + 1] = s->path_val[j];
			s->nlits++;
		}
		g->next = s->ng_head[s->path_cell[watch]];
		s->ng_head[s->path_cell[watch]] = s->nng++;
	}
}

/* The root's share of the nogoods: false when the root has no solution
 * left. */
static bool root_nogoods(struct engine *s, dom_t *root)
{
	bool ok = true;

	for (int i = 0; i < s->nroot && ok; i++)
		ok = narrow(s, root, s->root_x[i],
			    root[s->root_x[i]] & ~s->root_r[i]);
	s->nroot = 0;
	ok = ok && propagate(s, root);
	reset_work(s);
	return ok;
}

/* ---- the search's hooks (search, search_root; without NOGOODS they
 * are empty: engine.h) ---- */

/* The search path, one decision per cell: false when memory runs out
 * (s->nomem). */
static bool nogoods_path_alloc(struct engine *s)
{
	s->path_cell = cdok_malloc((size_t)s->ncells * sizeof(int));
	s->path_val = cdok_malloc((size_t)s->ncells * sizeof(int));
	s->path_tried = cdok_malloc((size_t)s->ncells * sizeof(dom_t));
	if (!s->path_cell || !s->path_val || !s->path_tried) {
		s->nomem = true;
		return false;
	}
	return true;
}

/* A run cut short at depth: what it refuted, unless it found a
 * solution (which the next run must find again). */
static inline void nogoods_cut(struct engine *s, int depth)
{
	if (!s->count)
		record_nogoods(s, depth);
}

/* The search branches on cell at depth, tries value v there, has tried
 * the values of bit in full. */
static inline void nogoods_branch(struct engine *s, int depth, int cell)
{
	s->path_cell[depth] = cell;
	s->path_tried[depth] = 0;
}

static inline void nogoods_try(struct engine *s, int depth, int v)
{
	s->path_val[depth] = v;
}

static inline void nogoods_tried(struct engine *s, int depth, dom_t bit)
{
	s->path_tried[depth] |= bit;
}
