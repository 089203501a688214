/* engine/init.h -- set-up, continued: the fixed arrays' layout, cages the
 * unit rule keeps by itself, engine_init and the root's domains. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* Lay the engine's fixed arrays out in block (NULL: only measure);
 * returns the bytes they take. */
static size_t engine_layout(struct engine *s, char *block, size_t k1,
			    size_t sums, size_t groups)
{
	size_t at = 0;
	size_t ncells = (size_t)s->ncells;
	int *group_store;
	uint64_t *group_bits;

	s->wcell = cdok_carve(block, &at, ncells * sizeof(uint32_t));
	s->wunit = cdok_carve(block, &at,
			      (size_t)(NKINDS * s->n) * sizeof(uint32_t));
	s->values = cdok_carve(block, &at, ncells * sizeof(int));
	s->unit_cells = cdok_carve(block, &at,
				   (size_t)s->nkinds * ncells * sizeof(int));
	s->cell_units = cdok_carve(block, &at, ncells * NKINDS * sizeof(int));
	s->cell_bits = cdok_carve(block, &at,
				  ncells * NKINDS * sizeof(uint64_t));
	s->ugroup = cdok_carve(block, &at,
			       (size_t)(NKINDS * s->n) * sizeof(int));
	s->unit_union = cdok_carve(block, &at,
				   (size_t)(NKINDS * s->n) * sizeof(dom_t));
	s->unit_count = cdok_carve(block, &at,
				   (size_t)(NKINDS * s->n) * sizeof(int));
	s->ustamp = cdok_carve(block, &at,
			       (size_t)(NKINDS * s->n) * sizeof(unsigned));
	group_store = cdok_carve(block, &at, 2 * groups * sizeof(int));
	group_bits = cdok_carve(block, &at, groups * sizeof(uint64_t));
	s->sums = sums ? cdok_carve(block, &at, sums * sizeof(uint64_t))
		       : NULL;
	{
		char *e = cdok_carve(block, &at, enum_bytes(k1));

		if (block)
			enum_carve(&s->e, k1, e);
	}
	if (block)
		cages_point(s, 0, s->ncages, group_store, group_bits);
	return at;
}

/* Whether cage c, made of whole units (m of them), holds whatever the
 * grid: every unit holds every value once, so its values are m copies
 * of them.  False with s->nomem set when memory runs out. */
static bool whole_units_hold(struct engine *s, const struct cage_info *c)
{
	int *v = cdok_malloc((size_t)c->ncells * sizeof(int)), i = 0;
	bool holds;

	if (!v) {
		s->nomem = true;
		return false;
	}
	while (i < c->ncells)
		for (dom_t a = s->valid; a && i < c->ncells; a &= a - 1)
			v[i++] = low_value(a);
	holds = clue_met(c, v, c->ncells);
	free(v);
	return holds;
}

/* Cages the unit rule keeps by itself: a cage of two or more cells that
 * are whole rows, whole columns or whole boxes, whose clue their values
 * meet in every filling (a row of a 60 x 60 as a +1830 cage).  It
 * decides nothing, yet its reasoning would run at every change to its
 * cells, and its cells would keep its lines from being free lines: a
 * 60 x 60 of such rows took 30 s to be found not unique.  Its cells are
 * left out of cage_watch.  A whole-unit cage whose clue no filling meets
 * makes the puzzle impossible (whole_fails; cages_possible says so).
 * Only where every unit holds every value: not in Nylimb mode.  False
 * when memory runs out. */
static bool cages_implied(struct engine *s)
{
	int n = s->n;

	if (popc(s->valid) != n)
		return true;
	for (int ci = 0; ci < s->nreal; ci++) {
		const struct cage_info *c = &s->cages[ci];
		int whole = 0, kind;

		if (c->ncells % n || c->ncells < 2)
			continue;
		for (kind = 0; kind < s->nkinds && !whole; kind++) {
			int m = 0;

			for (int g = 0; g < c->ngroups; g++)
				m += c->group_unit[g] / n == kind;
			if (m * n == c->ncells)
				whole = m;
		}
		if (!whole || (c->distinct && whole > 1))
			continue;
		if (!whole_units_hold(s, c)) {
			if (s->nomem)
				return false;
			if (s->whole_fails < 0) {
				s->whole_fails = ci;
				s->whole_units = whole;
				s->whole_kind = kind - 1;
			}
			continue;
		}
		if (!s->own_watch) {
			s->own_watch = cdok_malloc((size_t)s->ncells *
						   sizeof(int));
			if (!s->own_watch)
				return false;
			memcpy(s->own_watch, s->cage_of,
			       (size_t)s->ncells * sizeof(int));
			s->cage_watch = s->own_watch;
		}
		for (int i = 0; i < c->ncells; i++)
			s->own_watch[c->cells[i]] = -1;
	}
	return true;
}

static bool engine_init(struct engine *s, const cdok_puzzle *p)
{
	int maxk = 1;
	size_t sums = 0, groups = 0, bytes;

	memset(s, 0, sizeof(*s));
	s->puzzle = p;
	s->n = p->size;
	s->ncells = p->size * p->size;
	s->cage_of = s->cage_watch = p->cage_of;
	s->whole_fails = -1;
	s->ncages = s->nreal = p->ncages;
	s->swap_a = -1;
	s->level_bytes = (size_t)s->ncells * sizeof(dom_t);
	s->nkinds = p->box_rows ? 3 : 2;
	s->nunits = cdki_nunits(p);
	if (DERIVED_SUMS) {
		/* Room for the derived sums the search may add, the wide
		 * ones of search_root too. */
		maxk = DERIVED_WIDE_CELLS;
		sums = (2 * (size_t)DERIVED_WIDE_CELLS + 3) *
		       sum_words((int64_t)DERIVED_WIDE_CELLS * s->n);
	}
	for (int i = 0; i < s->ncages; i++) {
		const struct cdok_cage *c = cage_src(s, i);

		if (c->ncells > maxk)
			maxk = c->ncells;
		groups += (size_t)c->ncells * NKINDS;
		/* sum_supports' tables: 2 (k + 1) + 1 rows of the sums up
		 * to the target. */
		if (c->op == CDOK_OP_ADD && c->ncells <= ENUM_MAX_CELLS &&
		    c->target >= 0 && c->target <= SUM_TABLE_MAX) {
			size_t need = (2 * (size_t)c->ncells + 3) *
				      sum_words(c->target);

			if (need > sums)
				sums = need;
		}
	}
	if (maxk > ENUM_MAX_CELLS)
		maxk = ENUM_MAX_CELLS;
	bytes = engine_layout(s, NULL, (size_t)maxk + 1, sums, groups);
	s->block = cdok_malloc(bytes);
	if (!s->block || !cages_alloc(s, s->ncages))
		return false;
	engine_layout(s, s->block, (size_t)maxk + 1, sums, groups);
	/* The rest of the block is filled before it is read. */
	memset(s->wunit, 0, (size_t)(NKINDS * s->n) * sizeof(uint32_t));
	memset(s->wcell, 0, (size_t)s->ncells * sizeof(uint32_t));
	memset(s->ustamp, 0, (size_t)(NKINDS * s->n) * sizeof(unsigned));
	units_lists_init(s, p);
	if (!units_init(s))
		return false;
	for (int i = 0; i < s->ncages; i++)
		cage_info_init(s, &s->cages[i], cage_src(s, i));
	return cages_implied(s);
}

/* The root of the search: every valid value, givens fixed, no 0 in a
 * product or ratio cage (a product with a 0 is 0 and targets are
 * positive; a 0 can be neither the dividend nor a divisor of a positive
 * ratio); every cage and unit needs a first look.  False if a cell has
 * nothing left at all (a given no cell can hold, or a 0 in a product
 * cage). */
static bool root_setup(struct engine *s, dom_t **rootp)
{
	const cdok_puzzle *p = s->puzzle;
	dom_t *root = level(s, 0);
	bool ok = true;

	*rootp = NULL;
	if (!root)
		return false;

	for (int i = 0; i < s->ncells; i++) {
		int c = s->cage_of[i];

		root[i] = s->valid;
		if (cdok_has_given(p, i))
			root[i] &= p->given[i] >= 0 && p->given[i] < DOM_BITS
				   ? BIT(p->given[i]) : 0;
		if (c >= 0 && s->cages[c].target > 0 &&
		    (s->cages[c].op == CDOK_OP_MUL ||
		     s->cages[c].op == CDOK_OP_DIV))
			root[i] &= ~BIT(0);
		if (!root[i])
			ok = false;
	}
	*rootp = root;
	for (int i = 0; i < s->ncages; i++)
		if (!cage_implied(s, i))
			enqueue_cage(s, i);
	for (int k = 0; k < s->nkinds; k++)
		s->dirty[k] = s->n == 64 ? ~(uint64_t)0
					 : ((uint64_t)1 << s->n) - 1;
	return units_root(s, root) && ok;
}
