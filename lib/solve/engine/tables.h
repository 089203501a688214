/* engine/tables.h -- layout tables (LAYOUT_TABLES): a cage's layouts as bit
 * sets (compact tables), their live words and the trail that puts them
 * back on backtracking. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* Where a table lives.  A cage of k cells in g groups, its table of
 * nrec layouts in w = ceil(nrec / 64) words a set, values 0..vmax
 * (nvals = vmax + 1), takes three places (table_build):
 *
 * s->arena, tables one after another, each in three parts:
 *
 *   t->sup                        t->gsup                  t->res
 *   |                             |                        |
 *   v                             v                        v
 *   +--------------+-----+--------------+-----+--------------+-----+
 *   | cell 0       | ... | group 0      | ... | residues     | pad |
 *   | v0|v1|..|vmax|     | v0|v1|..|vmax|     | (k + g) x    |     |
 *   +--------------+-----+--------------+-----+ nvals shorts +-----+
 *     k x nvals sets       g x nvals sets       cells', then groups'
 *
 *   each vN a set of w words: bit n of word n / 64 when layout n gives
 *   cell p (a group: some cell of the group) the value N.  A group of
 *   one cell leaves its sets zero: group_sup reads its cell's.  A
 *   residue is the word where a support was last found (a cell's) or
 *   a layout lacking the value was (a group's): a hint, read first.
 *
 * s->live, one span per table at t->live, t->save words:
 *
 *   +---------+--------+-----+----------+-----------+-----+-------------+
 *   | live    | seen 0 | ... | seen k-1 | cleared 0 | ... | cleared g-1 |
 *   | w words | DOM_WORDS words each: the cells' domains, then the      |
 *   |         | groups' values                                          |
 *   +---------+--------+-----+----------+-----------+-----+-------------+
 *     bit n: layout n still possible; seen p: cell p's domain when the
 *     live words were last brought up to date (table_propagate_w);
 *     cleared g: the values every live layout puts into group g that
 *     have been cleared from the rest of its unit (table_clear_units)
 *
 * s->trail, growing upwards, one entry per table and search node, taken
 * off from the top (tables_undo):
 *
 *   ... +---------------------------+--------------------------+
 *       | the span as it was        | table number             |
 *       | (t->save words)           | | TRAIL_FRESH if fresh   | <- top
 *   ... +---------------------------+--------------------------+
 */

/* The last word of a trail entry: the table's number, and this bit
 * when the table was fresh (see table_propagate_w), which undo puts
 * back with the words. */
#define TRAIL_FRESH ((uint64_t)1 << 63)

/* Keep a table's live words for putting back when the search leaves
 * this node (once per node).  False when memory runs out. */
static bool table_save(struct engine *s, struct layout_table *t, int ti)
{
	size_t need = s->trail_top + 1 + (size_t)t->save;

	if (!s->node_id || t->saved == s->node_id)
		return true;
	if (need > s->trail_cap) {
		size_t cap = need * 2 + 64;
		uint64_t *tr = cdok_realloc(s->trail, cap * sizeof(uint64_t));

		if (!tr) {
			s->nomem = s->stop = true;
			return false;
		}
		s->trail = tr;
		s->trail_cap = cap;
	}
	/* An entry is the old words, then the table's number, so that
	 * entries come off from the top. */
	memcpy(s->trail + s->trail_top, s->live + t->live,
	       (size_t)t->save * sizeof(uint64_t));
	s->trail_top += (size_t)t->save;
	s->trail[s->trail_top++] = (uint64_t)ti |
				   (t->fresh ? TRAIL_FRESH : 0);
	t->saved = s->node_id;
	return true;
}

/* Put back every live word saved since the trail stood at mark. */
static void tables_undo(struct engine *s, size_t mark)
{
	/* Marks only go down the trail as the search returns. */
	CDOK_ASSERT(mark <= s->trail_top);
	while (s->trail_top > mark) {
		uint64_t top = s->trail[--s->trail_top];
		struct layout_table *t = &s->tables[top & ~TRAIL_FRESH];

		/* An entry lies wholly above the mark it is undone to. */
		CDOK_ASSERT((top & ~TRAIL_FRESH) < (uint64_t)s->ntables &&
			    s->trail_top >= mark + (size_t)t->save);

		t->fresh = (top & TRAIL_FRESH) != 0;
		s->trail_top -= (size_t)t->save;
		memcpy(s->live + t->live, s->trail + s->trail_top,
		       (size_t)t->save * sizeof(uint64_t));
		t->saved = 0;
	}
}

/* The layouts of cage c's table (sup, w words a set, nvals values) that
 * fit dom: the live ones whose every cell value is in its domain, into
 * now. */
static inline __attribute__((always_inline)) void
table_fit(const struct cage_info *c, const uint64_t *sup, int w, int nvals,
	  const dom_t *dom, const uint64_t *live, uint64_t *now)
{
	uint64_t mask[LAYOUT_BIG / 64];

	memcpy(now, live, (size_t)w * sizeof(uint64_t));
	for (int p = 0; p < c->ncells; p++) {
		const uint64_t *row = sup + (size_t)p * (size_t)nvals * (size_t)w;

		memset(mask, 0, (size_t)w * sizeof(uint64_t));
		for (dom_t a = dom[c->cells[p]]; a; a &= a - 1) {
			const uint64_t *b = row + (size_t)low_value(a) * (size_t)w;

			for (int j = 0; j < w; j++)
				mask[j] |= b[j];
		}
		for (int j = 0; j < w; j++)
			now[j] &= mask[j];
	}
}

/* Table t's sets of the layouts giving v to some cell of group g of its
 * cage c, for v = 0..nvals-1: a cell's own sets when the group is one
 * cell, else their union (gsup). */
static inline const uint64_t *group_sup(const struct engine *s,
					const struct cage_info *c,
					const struct layout_table *t, int g)
{
	uint64_t in = c->group_cells[g];
	size_t row = (size_t)(s->vmax + 1) * (size_t)t->words;

	if (!(in & (in - 1)))
		return s->arena + t->sup + (size_t)__builtin_ctzll(in) * row;
	return s->arena + t->gsup + (size_t)g * row;
}

/* Of vals, the values that every layout in live puts into a group of a
 * table's cage (its sets as group_sup gives them, w words a set): v is
 * when no live layout lacks it in all the group's cells. */
static inline __attribute__((always_inline)) dom_t
table_must(const uint64_t *row, int w, const uint64_t *live, dom_t vals,
	   unsigned short *res)
{
	dom_t must = 0;

	if (w == 1) {
		for (dom_t a = vals; a; a &= a - 1)
			if (!(live[0] & ~row[low_value(a)]))
				must |= a & -a;
		return must;
	}
	for (dom_t a = vals; a; a &= a - 1) {
		int v = low_value(a), j = res[v];
		const uint64_t *with = row + (size_t)v * (size_t)w;

		/* Where a live layout lacked v last time, it may still. */
		if (live[j] & ~with[j])
			continue;
		j = 0;
		while (j < w && !(live[j] & ~with[j]))
			j++;
		if (j == w)
			must |= a & -a;
		else
			res[v] = (unsigned short)j;
	}
	return must;
}

/* Whether some layout of live gives v to the cell whose sets are row,
 * looking first where one did last time (res). */
static inline __attribute__((always_inline)) bool
table_supports(const uint64_t *row, int w, const uint64_t *live, int v,
	       unsigned short *res)
{
	const uint64_t *b = row + (size_t)v * (size_t)w;
	int j;

	if (w == 1)
		return (b[0] & live[0]) != 0;
	j = res[v];
	if (b[j] & live[j])
		return true;
	for (j = 0; j < w; j++)
		if (b[j] & live[j]) {
			res[v] = (unsigned short)j;
			return true;
		}
	return false;
}

/* Table t's residues (see struct layout_table): per (cell p, value v)
 * at p * nvals + v, then per (group g, v) at (ncells + g) * nvals + v. */
static inline unsigned short *table_residues(const struct engine *s,
					     const struct layout_table *t)
{
	return (unsigned short *)(void *)(s->arena + t->res);
}

/* What every live layout of cage ci's table t (w words a set, live)
 * puts into each unit (beyond the cage's decided cells) cannot be
 * anywhere else in it: v is in every live layout when no live layout
 * lacks it in all the group's cells.  keeps: the domains of the cage's
 * k cells (c); res: the table's residues, nvals a row.  False on a
 * contradiction.  (A part of table_propagate_w.) */
static inline __attribute__((always_inline)) bool
table_clear_units(struct engine *s, dom_t *dom, int ci,
		  const struct cage_info *c, const struct layout_table *t,
		  int w, const uint64_t *live, unsigned short *res,
		  const dom_t *keeps, int k, int nvals)
{
	/* The cleared marks, after the seen domains (see the picture). */
	unsigned char *cleared = (unsigned char *)(live + w) +
				 (size_t)k * sizeof(dom_t);

	for (int g = 0; g < c->ngroups; g++) {
		dom_t vals = 0, known = 0, must, done;
		const int *cells;
		uint64_t in = c->group_cells[g];

		/* A group of one cell puts there what the cell holds in
		 * every live layout: a value only when the cell has just
		 * one, which the unit rule takes from the rest already. */
		if (!(in & (in - 1)))
			continue;
		/* The group's values, and those its decided cells hold. */
		for (; in; in &= in - 1) {
			dom_t x = keeps[__builtin_ctzll(in)];

			vals |= x;
			if (!(x & (x - 1)))
				known |= x;
		}
		/* A value cleared from the unit at this look or an earlier
		 * one stays cleared below it (values only go, and the live
		 * layouts only shrink): it is not asked about again. */
		memcpy(&done, cleared + (size_t)g * sizeof(dom_t),
		       sizeof(dom_t));
		must = table_must(group_sup(s, c, t, g), w, live,
				  vals & ~known & ~done,
				  res + (size_t)(k + g) * (size_t)nvals);
		if (!must)
			continue;
		done |= must;
		memcpy(cleared + (size_t)g * sizeof(dom_t), &done,
		       sizeof(dom_t));
		cells = s->unit_cells + (size_t)c->group_unit[g] * (size_t)s->n;
		for (int i = 0; i < s->n; i++) {
			int cell = cells[i];

			if (!in_cage(s, ci, cell) && (dom[cell] & must) &&
			    !narrow(s, dom, cell, dom[cell] & ~must))
				return false;
		}
	}
	return true;
}


/* Keep in each cell of cage c the values some live layout of its table
 * (sets sup, w words a set, residues res) gives it, into keeps and its
 * seen domains; only: the one cell whose domain changed since the last
 * look, or a negative number.  False on a contradiction.  (A part of
 * table_propagate_w.) */
static inline __attribute__((always_inline)) bool
table_keep(struct engine *s, dom_t *dom, const struct cage_info *c,
	   const uint64_t *sup, int w, const uint64_t *live,
	   unsigned short *res, unsigned char *seen, dom_t *keeps, int only)
{
	int nvals = s->vmax + 1, k = c->ncells;

	for (int p = 0; p < k; p++) {
		const uint64_t *row = sup + (size_t)p * (size_t)nvals * (size_t)w;
		int cell = c->cells[p];
		dom_t keep = 0, d = dom[cell];

		/* Every live layout gives each cell a value of its domain
		 * (those that did not went above), and some layout lives:
		 * a decided cell keeps its value.  So does every value of
		 * the one cell that changed when no other did: each had a
		 * live layout, and only those giving the cell a lost value
		 * went. */
		if (p == only || !(d & (d - 1))) {
			memcpy(seen + (size_t)p * sizeof(dom_t), &d,
			       sizeof(dom_t));
			keeps[p] = d;
			continue;
		}
		for (dom_t a = d; a; a &= a - 1)
			if (table_supports(row, w, live, low_value(a),
					   res + (size_t)p * (size_t)nvals))
				keep |= a & -a;
		if (!narrow(s, dom, cell, keep))
			return false;
		memcpy(seen + (size_t)p * sizeof(dom_t), &keep, sizeof(dom_t));
		keeps[p] = keep;
	}
	return true;
}

/* Bring a tabled cage to consistency: drop the layouts a cell's domain
 * no longer allows, keep in each cell the values some live layout gives
 * it, and keep the rest of each unit clear of the values every live
 * layout puts there.  The same answers as the enumeration, in word
 * operations. */
static inline __attribute__((always_inline)) bool
table_propagate_w(struct engine *s, dom_t *dom, int ci, int w)
{
	const struct cage_info *c = &s->cages[ci];
	struct layout_table *t = &s->tables[c->table];
	int nvals = s->vmax + 1, k = c->ncells;
	uint64_t *live, any = 0;
	const uint64_t *sup = s->arena + t->sup;
	dom_t keeps[LAYOUT_MAX_CELLS];
	uint64_t now[LAYOUT_BIG / 64], lost = 0, mask[LAYOUT_BIG / 64];
	const uint64_t *from;
	unsigned char *seen;
	unsigned short *res;
	/* The one cell whose domain changed, -1 before any, -2 after a
	 * second. */
	int only = -1;

	live = s->live + t->live;
	seen = (unsigned char *)(live + w);
	res = (unsigned short *)(void *)(s->arena + t->res);
	/* The live layouts give each cell a value of its seen domain, so
	 * those that no longer fit are the ones giving a cell a value its
	 * domain has lost since: only the cells that changed are looked
	 * at, through the fewer of their lost and their kept values.  The
	 * layouts so far are read from live until the first change, then
	 * from now. */
	from = live;
	for (int p = 0; p < k; p++) {
		const uint64_t *row = sup + (size_t)p * (size_t)nvals * (size_t)w;
		dom_t d = dom[c->cells[p]], was, gone, a;

		memcpy(&was, seen + (size_t)p * sizeof(dom_t), sizeof(dom_t));
		gone = was & ~d;
		if (!gone)
			continue;
		only = only == -1 ? p : -2;
		s->work += (uint64_t)w * 8;
		if (popc(gone) <= popc(d)) {
			/* The layouts giving p a lost value go. */
			for (a = gone; a; a &= a - 1) {
				const uint64_t *b = row + (size_t)low_value(a) *
							  (size_t)w;

				for (int j = 0; j < w; j++)
					now[j] = from[j] & ~b[j];
				from = now;
			}
			continue;
		}
		/* Those giving it a kept value stay. */
		if (!d)
			return false;
		{
			const uint64_t *b = row + (size_t)low_value(d) *
						  (size_t)w;

			a = d & (d - 1);
			if (!a) {
				for (int j = 0; j < w; j++)
					now[j] = from[j] & b[j];
				from = now;
				continue;
			}
			{
				const uint64_t *b1 = row +
					(size_t)low_value(a) * (size_t)w;

				for (int j = 0; j < w; j++)
					mask[j] = b[j] | b1[j];
			}
		}
		for (a &= a - 1; a; a &= a - 1) {
			const uint64_t *b = row + (size_t)low_value(a) *
						  (size_t)w;

			for (int j = 0; j < w; j++)
				mask[j] |= b[j];
		}
		for (int j = 0; j < w; j++)
			now[j] = from[j] & mask[j];
		from = now;
	}
	if (from == live) {
		if (!t->fresh)
			return true;
		for (int j = 0; j < w; j++)
			now[j] = live[j];
	}
	for (int j = 0; j < w; j++) {
		any |= now[j];
		lost |= live[j] & ~now[j];
	}
	if (!any)
		return false;
	/* The same layouts as last time: every value still in a domain
	 * has the support it had, and what every layout puts in a unit
	 * has been cleared from it already.  The seen domains stay as
	 * they are (wider than the domains, which is allowed). */
	if (!lost && !t->fresh)
		return true;
	if (!table_save(s, t, c->table))
		return false;
	/* A fresh table's cells all want the look below. */
	if (t->fresh)
		only = -1;
	t->fresh = false;
	for (int j = 0; j < w; j++)
		live[j] = now[j];
	if (!table_keep(s, dom, c, sup, w, live, res, seen, keeps, only))
		return false;
	if (k < 2)
		return true;
	return table_clear_units(s, dom, ci, c, t, w, live, res, keeps, k,
				 nvals);
}

/* table_propagate_w for one-word tables (at most 64 layouts, most of
 * them), with the word loops folded, and for the others. */
static bool table_propagate(struct engine *s, dom_t *dom, int ci)
{
	int w = s->tables[s->cages[ci].table].words;

	return w == 1 ? table_propagate_w(s, dom, ci, 1)
		      : table_propagate_w(s, dom, ci, w);
}

/* Room to record cap layouts (s->rec).  False when memory runs out
 * (s->nomem). */
static bool rec_room(struct engine *s, int cap)
{
	if (cap > s->rec_cap) {
		free(s->rec);
		s->rec = cdok_malloc((size_t)cap * LAYOUT_MAX_CELLS);
		s->rec_cap = s->rec ? cap : 0;
		if (!s->rec) {
			s->nomem = true;
			return false;
		}
	}
	return true;
}

/* A table the caller could do without (the grader's scan) was not made
 * for want of memory: the enumeration still answers, so the engine is
 * not out of memory for it. */
static inline void table_nomem_forgiven(struct engine *s)
{
	s->nomem = false;
}

/* Table t's bit sets (sup: per cell p and value v, the w words of the
 * layouts giving p the value v) and its live words. */
static inline const uint64_t *table_sets(const struct engine *s,
					 const struct layout_table *t)
{
	return s->arena + t->sup;
}

static inline const uint64_t *table_live(const struct engine *s,
					 const struct layout_table *t)
{
	return s->live + t->live;
}

static bool table_build(struct engine *s, const dom_t *dom, int ci);

/* Record the layouts of cage ci under dom, up to cap of them, within
 * budget enumeration steps, and make its table.  False (and no table)
 * when there are more than cap, the enumeration ran out of steps, or
 * memory ran out (s->nomem). */
static bool table_make(struct engine *s, const dom_t *dom, int ci, int cap,
		       long budget)
{
	struct enum_ctx *e = &s->e;

	if (!rec_room(s, cap))
		return false;
	e->rec = s->rec;
	e->rec_max = cap;
	e->nrec = 0;
	enumerate(s, dom, ci, budget);
	e->rec = NULL;
	if (e->aborted)
		return false;
	return table_build(s, dom, ci);
}

/* Cage ci's table from the e->nrec layouts in s->rec, all of them those
 * that fit dom.  False (and no table) when memory runs out (s->nomem). */
static bool table_build(struct engine *s, const dom_t *dom, int ci)
{
	struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;
	struct layout_table *t;
	int nvals = s->vmax + 1;
	size_t words, need, span, res_words;
	uint64_t *arena;

	if (s->ntables == s->tables_cap) {
		int grow = s->tables_cap * 2 + 16;
		struct layout_table *tv = cdok_realloc(s->tables, (size_t)grow *
							 sizeof(*tv));

		if (!tv) {
			s->nomem = true;
			return false;
		}
		s->tables = tv;
		s->tables_cap = grow;
	}
	words = (size_t)(e->nrec + 63) / 64;
	if (!words)
		words = 1;
	/* The sets of the cells, of the groups, then the residues. */
	res_words = (((size_t)c->ncells + (size_t)c->ngroups) *
		     (size_t)nvals * sizeof(unsigned short) + 7) / 8;
	need = ((size_t)c->ncells + (size_t)c->ngroups) * (size_t)nvals *
	       words + res_words;
	arena = cdok_realloc(s->arena, (s->arena_words + need) *
				       sizeof(uint64_t));
	if (!arena) {
		s->nomem = true;
		return false;
	}
	s->arena = arena;
	span = words + ((size_t)c->ncells + (size_t)c->ngroups) * DOM_WORDS;
	if (s->nlive + span > s->live_cap) {
		size_t cap2 = (s->nlive + span) * 2 + 16;
		uint64_t *live = cdok_realloc(s->live, cap2 * sizeof(uint64_t));

		if (!live) {
			s->nomem = true;
			return false;
		}
		s->live = live;
		s->live_cap = cap2;
	}
	t = &s->tables[s->ntables];
	t->res = s->arena_words + need - res_words;
	t->words = (int)words;
	t->save = (int)span;
	t->live = s->nlive;
	t->sup = s->arena_words;
	t->saved = 0;
	t->fresh = true;
	memset(arena + s->arena_words, 0, need * sizeof(uint64_t));
	memset(s->live + t->live, 0, span * sizeof(uint64_t));
	/* Every layout fits the domains it was listed under. */
	for (int p = 0; p < c->ncells; p++)
		memcpy((unsigned char *)(s->live + t->live + words) +
		       (size_t)p * sizeof(dom_t), &dom[c->cells[p]],
		       sizeof(dom_t));
	{
		/* Locals, which the stores cannot alias. */
		uint64_t *sup = arena + t->sup, *live = s->live + t->live;
		const unsigned char *lay = s->rec;
		size_t k = (size_t)c->ncells, row = (size_t)nvals * words;

		for (int n = 0; n < e->nrec; n++, lay += k) {
			uint64_t bit = (uint64_t)1 << (n % 64);
			size_t at = (size_t)n / 64;

			live[at] |= bit;
			for (size_t p = 0; p < k; p++)
				sup[p * row + lay[p] * words + at] |= bit;
		}
	}
	t->gsup = t->sup + (size_t)c->ncells * (size_t)nvals * words;
	for (int g = 0; g < c->ngroups; g++) {
		uint64_t *dst = arena + t->gsup + (size_t)g * (size_t)nvals *
				words;

		/* A one-cell group uses its cell's sets (group_sup). */
		if (!(c->group_cells[g] & (c->group_cells[g] - 1)))
			continue;
		for (uint64_t in = c->group_cells[g]; in; in &= in - 1) {
			const uint64_t *src = arena + t->sup +
				(size_t)__builtin_ctzll(in) * (size_t)nvals *
				words;

			for (size_t j = 0; j < (size_t)nvals * words; j++)
				dst[j] |= src[j];
		}
	}
	s->arena_words += need;
	s->nlive += span;
	c->table = s->ntables++;
	return true;
}

/* The number of ways to fill the cage's cells from their domains, the
 * last left out (the clue fixes it), up to a little past
 * LAYOUT_ROOT_MAX. */
static uint64_t layout_space(const struct engine *s, const dom_t *dom,
			     const struct cage_info *c)
{
	uint64_t space = 1;
	dom_t divides = ~(dom_t)0;

	/* A product's cells can only hold divisors of its target. */
	if (c->op == CDOK_OP_MUL && c->target > 0) {
		divides = 0;
		for (int v = s->vmin > 1 ? s->vmin : 1; v <= s->vmax; v++)
			if (c->target % v == 0)
				divides |= BIT(v);
	}
	for (int i = 0; i + 1 < c->ncells && space <= LAYOUT_ROOT_MAX; i++)
		space *= (uint64_t)popc(dom[c->cells[i]] & divides);
	return space;
}

/* Whether a cage should try for a table: cages of 3..LAYOUT_MAX_CELLS
 * cells (two-cell cages have their own way), once while the root's
 * reasoning runs and once more after it (tables_after_root). */
static bool table_wanted(const struct engine *s, const struct cage_info *c,
			 int ci)
{
	return c->table < 0 && c->ncells >= 3 &&
	       c->ncells <= LAYOUT_MAX_CELLS && !s->tried[ci] &&
	       !(c->op == CDOK_OP_MUL && c->target == 0);
}

/* After the root's reasoning: tables for the cages still open that did
 * not get one while it ran (now that their domains are smaller), of up
 * to cap layouts found within budget steps; for the derived cages too
 * when derived is set. */
static bool tables_after_root(struct engine *s, const dom_t *root, int cap,
			      long budget, bool derived)
{
	for (int ci = 0; ci < s->ncages; ci++) {
		struct cage_info *c = &s->cages[ci];
		bool open = false;

		for (int i = 0; i < c->ncells && !open; i++)
			open = popc(root[c->cells[i]]) > 1;
		s->tried[ci] = false;
		if (open && table_wanted(s, c, ci) && !cage_implied(s, ci) &&
		    (derived || ci < s->nreal))
			table_make(s, root, ci, cap, budget);
		if (s->nomem)
			return false;
	}
	return true;
}
