/* engine/derived.h -- sums the units imply (DERIVED_SUMS): cages the
 * engine adds, made from units whose sum is known. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* A sum being collected: its cells and target. */
struct derived_sum {
	int ncells, max;
	int cells[DERIVED_WIDE_CELLS];
	int64_t target;
	bool ok;
};

static void derived_add(struct derived_sum *d, int cell)
{
	if (d->ncells < d->max)
		d->cells[d->ncells] = cell;
	d->ncells++;
}

/* What derive_sums gathers: the sums kept, their cells. */
struct derived_list {
	struct cdok_cage *sums;
	int *start;           /* per sum: where its cells begin in cells */
	int *cells;
	int n, cap, ncells, cells_cap;
};

static inline bool same_cells(const int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/* Keep a derived sum unless it is too large, says nothing (a sum of
 * every value of a unit) or is kept already. */
static bool derived_keep(struct engine *s, struct derived_list *l,
			 struct derived_sum *d)
{
	if (!d->ok || d->ncells < 1 || d->ncells > d->max ||
	    d->target < d->ncells || d->target > (int64_t)d->ncells * s->n)
		return true;
	/* At most DERIVED_WIDE_CELLS cells: an insertion sort. */
	for (int i = 1; i < d->ncells; i++) {
		int x = d->cells[i], j = i;

		for (; j > 0 && d->cells[j - 1] > x; j--)
			d->cells[j] = d->cells[j - 1];
		d->cells[j] = x;
	}
	for (int i = 0; i < l->n; i++)
		if (l->sums[i].ncells == d->ncells &&
		    l->sums[i].target == d->target &&
		    same_cells(l->cells + l->start[i], d->cells, d->ncells))
			return true;
	if (l->n == l->cap) {
		int cap = l->cap * 2 + 16;
		struct cdok_cage *v = cdok_realloc(l->sums,
						   (size_t)cap * sizeof(*v));
		int *st;

		if (!v)
			return false;
		l->sums = v;
		st = cdok_realloc(l->start, (size_t)cap * sizeof(int));
		if (!st)
			return false;
		l->start = st;
		l->cap = cap;
	}
	if (l->ncells + d->ncells > l->cells_cap) {
		int cap = l->cells_cap * 2 + 64;
		int *v = cdok_realloc(l->cells, (size_t)cap * sizeof(int));

		if (!v)
			return false;
		l->cells = v;
		l->cells_cap = cap;
	}
	memcpy(l->cells + l->ncells, d->cells, (size_t)d->ncells * sizeof(int));
	memset(&l->sums[l->n], 0, sizeof(l->sums[0]));
	l->sums[l->n].op = CDOK_OP_ADD;
	l->sums[l->n].target = d->target;
	l->sums[l->n].ncells = d->ncells;
	l->start[l->n] = l->ncells;
	l->ncells += d->ncells;
	l->n++;
	return true;
}

/* Whether a cell is in region (kind, a, len): rows or columns a..a+len-1
 * (kind 0, 1), or box a (kind 2). */
static inline bool region_has(const struct engine *s, int kind, int a,
			      int len, int cell)
{
	int n = s->n, line = kind == 0 ? cell / n : cell % n;

	if (kind == 2)
		return s->cell_units[cell * NKINDS + KIND_BOX] == 2 * n + a;
	return line >= a && line < a + len;
}

/* The sums a region of whole units implies.  Its cells hold every value
 * as often as it has units, so they add up to len * n(n + 1) / 2.  The
 * cages wholly inside it whose totals are known (sums, one-cell cages,
 * givens) leave the rest of its cells to make up the difference (the
 * "innies"); and when every cage that reaches into it is a sum, their
 * cells outside it make up what those cages exceed it by (the
 * "outies").  stamp marks the cages seen (by region number r). */
static bool derive_region(struct engine *s, struct derived_list *l,
			  int kind, int a, int len, int *stamp, int r,
			  int max_cells)
{
	const cdok_puzzle *p = s->puzzle;
	int n = s->n;
	int64_t total = (int64_t)len * n * (n + 1) / 2, known = 0, out = 0;
	struct derived_sum inn = {0, max_cells, {0}, 0, true};
	struct derived_sum outs = {0, max_cells, {0}, 0, true};

	for (int i = 0; i < len * n; i++) {
		/* The region's cells: along its lines, or the box. */
		int cell = kind == 0 ? (a + i / n) * n + i % n :
			   kind == 1 ? (i % n) * n + a + i / n :
			   s->unit_cells[(2 * n + a) * n + i];
		int ci = s->cage_of[cell];
		const struct cdok_cage *c;
		int inside = 0;
		bool sum;

		if (ci < 0) {
			if (cdok_has_given(p, cell)) {
				known += p->given[cell];
				out += p->given[cell];
			} else {
				derived_add(&inn, cell);
				outs.ok = false;
			}
			continue;
		}
		if (stamp[ci] == r)
			continue;
		stamp[ci] = r;
		c = &p->cages[ci];
		sum = c->op == CDOK_OP_ADD || c->ncells == 1;
		for (int j = 0; j < c->ncells; j++)
			inside += region_has(s, kind, a, len, c->cells[j]);
		if (sum)
			out += c->target;
		else
			outs.ok = false;
		if (inside == c->ncells && sum) {
			known += c->target;
			continue;
		}
		for (int j = 0; j < c->ncells; j++) {
			if (region_has(s, kind, a, len, c->cells[j]))
				derived_add(&inn, c->cells[j]);
			else
				derived_add(&outs, c->cells[j]);
		}
	}
	inn.target = total - known;
	outs.target = out - total;
	return derived_keep(s, l, &inn) && derived_keep(s, l, &outs);
}

/* The derived sums of the puzzle, added after its cages (cages nreal
 * and up, in the second queue, all queued), with per cell the derived
 * sums it is in.  Run once, at the root, when the reasoning without
 * them has not solved the puzzle.  False when memory runs out. */
static bool derive_sums(struct engine *s, int max_cells, int max_lines)
{
	struct derived_list l = {NULL, NULL, NULL, 0, 0, 0, 0};
	int n = s->n, r = 0, nd, *stamp, *fill, *store;
	uint64_t *bits;
	size_t groups = 0;
	bool ok = true;

	stamp = cdok_malloc((size_t)(s->nreal ? s->nreal : 1) * sizeof(int));
	if (!stamp)
		return false;
	for (int i = 0; i < s->nreal; i++)
		stamp[i] = -1;
	for (int kind = 0; kind < 2 && ok; kind++)
		for (int len = 1; len <= max_lines && len < n && ok; len++)
			for (int a = 0; a + len <= n && ok; a++)
				ok = derive_region(s, &l, kind, a, len, stamp,
						   r++, max_cells);
	for (int b = 0; s->nkinds > 2 && b < n && ok; b++)
		ok = derive_region(s, &l, 2, b, 1, stamp, r++, max_cells);
	free(stamp);
	/* Called again (search_root): the new list replaces the old. */
	free(s->derived);
	free(s->derived_cells);
	free(s->extra_start);
	free(s->extra);
	free(s->dblock);
	s->derived = NULL;
	s->derived_cells = NULL;
	s->extra_start = s->extra = NULL;
	s->dblock = NULL;
	s->ncages = s->nreal;
	nd = l.n;
	if (!ok || !nd) {
		free(l.sums);
		free(l.start);
		free(l.cells);
		return ok;
	}
	for (int i = 0; i < nd; i++) {
		l.sums[i].cells = l.cells + l.start[i];
		groups += (size_t)l.sums[i].ncells * NKINDS;
	}
	free(l.start);
	s->derived = l.sums;
	s->derived_cells = l.cells;
	s->extra_start = cdok_calloc((size_t)s->ncells + 1, sizeof(int));
	s->extra = cdok_malloc((size_t)l.ncells * sizeof(int));
	fill = cdok_malloc((size_t)s->ncells * sizeof(int));
	s->dblock = cdok_malloc(groups * (2 * sizeof(int) + sizeof(uint64_t)));
	if (!s->extra_start || !s->extra || !fill || !s->dblock ||
	    !cages_alloc(s, s->nreal + nd)) {
		free(fill);
		return false;
	}
	for (int i = 0; i < nd; i++)
		for (int j = 0; j < l.sums[i].ncells; j++)
			s->extra_start[l.sums[i].cells[j] + 1]++;
	for (int cell = 0; cell < s->ncells; cell++)
		s->extra_start[cell + 1] += s->extra_start[cell];
	memcpy(fill, s->extra_start, (size_t)s->ncells * sizeof(int));
	for (int i = 0; i < nd; i++)
		for (int j = 0; j < l.sums[i].ncells; j++)
			s->extra[fill[l.sums[i].cells[j]]++] = s->nreal + i;
	free(fill);
	s->ncages = s->nreal + nd;
	bits = s->dblock;
	store = (int *)(void *)(bits + groups);
	cages_point(s, s->nreal, s->ncages, store, bits);
	for (int i = s->nreal; i < s->ncages; i++) {
		struct cage_info *c = &s->cages[i];

		cage_info_init(s, c, cage_src(s, i));
		/* A sum whose cells all lie in one unit holds different
		 * values: enumerated by values, and through its sets of
		 * values at the root. */
		for (int g = 0; g < c->ngroups && !c->distinct; g++)
			if (c->ncells <= 64 &&
			    c->group_cells[g] == (~(uint64_t)0 >> (64 - c->ncells)))
				c->distinct = true;
		if (c->distinct && FOOT_IS_VALUE && c->ncells >= 3 &&
		    c->ncells <= COMBO_MAX_CELLS)
			c->ncombo = -1;
		enqueue_cage(s, i);
	}
	return true;
}
