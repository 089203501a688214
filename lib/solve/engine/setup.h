/* engine/setup.h -- set-up: freeing, the cages' read-only facts, the
 * units, and the per-cage arrays. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

static void engine_free(struct engine *s)
{
	units_free(s);
	for (int i = 0; i < s->nlevels; i++)
		free(s->levels[i]);
	free(s->levels);
	free(s->deferred);
	free(s->tables);
	free(s->arena);
	free(s->live);
	free(s->trail);
	free(s->rec);
	free(s->derived);
	free(s->derived_cells);
	free(s->extra_start);
	free(s->extra);
	free(s->cblock);
	free(s->dblock);
	free(s->seen);
	free(s->combos);
	free(s->block);
	free(s->own_watch);
#if NOGOODS
	free(s->ng);
	free(s->ng_lits);
	free(s->ng_head);
	free(s->root_x);
	free(s->root_r);
	free(s->path_cell);
	free(s->path_val);
	free(s->path_tried);
#endif
}

/* The cage's local groups: one per unit it touches (cells of the cage in
 * one row, column or box must not clash). */
static void cage_info_init(struct engine *s, struct cage_info *ci,
			   const struct cdok_cage *c)
{
	int k = c->ncells;

	ci->op = c->op;
	ci->ops = cdok_clue_ops(c->op, c->ncells, s->puzzle->rules);
	ci->target = c->target;
	ci->ncells = k;
	ci->cells = c->cells;
	ci->distinct = c->distinct;
	ci->ngroups = 0;
	ci->table = -1;
	ci->combo = 0;
	/* Distinct sum cages get their sets of values at their first
	 * look (combo_propagate; -1: not yet). */
	ci->ncombo = FOOT_IS_VALUE && c->distinct && c->op == CDOK_OP_ADD &&
		     k >= 3 && k <= COMBO_MAX_CELLS ? -1 : 0;
	s->ustamp_now++;
	for (int i = 0; i < k; i++) {
		int *g = ci->groups + i * NKINDS;
		const int *units = s->cell_units + c->cells[i] * NKINDS;
		uint64_t bit = i < 64 ? (uint64_t)1 << i : 0;

		for (int kind = 0; kind < s->nkinds; kind++) {
			int u = units[kind];

			/* The unit's group in this cage, if it has one
			 * yet (ustamp says whether ugroup is this
			 * cage's). */
			if (s->ustamp[u] != s->ustamp_now) {
				s->ustamp[u] = s->ustamp_now;
				s->ugroup[u] = ci->ngroups;
				ci->group_cells[ci->ngroups] = 0;
				ci->group_unit[ci->ngroups++] = u;
			}
			g[kind] = s->ugroup[u];
			ci->group_cells[g[kind]] |= bit;
		}
		/* Boxes, when the puzzle lacks them, point at the row's
		 * group, which makes them harmless repeats. */
		if (s->nkinds < NKINDS)
			g[KIND_BOX] = g[KIND_ROW];
	}
	/* A pair in one row, column or box: different values, which is
	 * what pair_propagate counts on (a derived pair may lie apart). */
	ci->pair = k == 2 && ci->ngroups < 2 * s->nkinds;
}

/* Rows, columns and (with boxes) boxes as lists of cells, and per cell
 * its units: the one numbering of model.h (cdki_geometry_fill).  Without
 * boxes a cell's box slot repeats its row; the engine reads the slots of
 * the kinds the puzzle has only (s->nkinds), and gives a kind the puzzle
 * lacks no bits in the masks (cell_bits), so that no test is needed
 * where the masks are updated. */
static void units_lists_init(struct engine *s, const cdok_puzzle *p)
{
	int n = s->n, cell = 0;

	cdki_geometry_fill(p, s->unit_cells, s->cell_units);
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++, cell++) {
			uint64_t *bits = s->cell_bits + cell * NKINDS;
			int box = s->cell_units[cell * NKINDS + KIND_BOX] - 2 * n;

			CDOK_ASSERT(s->cell_units[cell * NKINDS + KIND_ROW] == r &&
				    s->cell_units[cell * NKINDS + KIND_COL] ==
				    n + c);
			bits[KIND_ROW] = (uint64_t)1 << r;
			bits[KIND_COL] = (uint64_t)1 << c;
			bits[KIND_BOX] = s->nkinds > 2 ? (uint64_t)1 << box : 0;
		}
#ifdef CDOK_DEBUG
	/* Each unit lists the cells whose slot of its kind names it. */
	for (int u = 0; u < s->nunits; u++)
		for (int i = 0; i < n; i++)
			CDOK_ASSERT(s->cell_units[s->unit_cells[u * n + i] *
						  NKINDS + u / n] == u);
#endif
}

/* The enumeration's scratch for cages of up to k1 - 1 cells, in one
 * block (released by freeing e->d), widest members first so each is
 * aligned.  With g = k1 * NKINDS group slots:
 *
 *   +----+-----+--------+--------+---------+---------+
 *   | d  | sup | minsum | maxsum | minprod | maxprod |   k1 each
 *   +----+-----+--------+--------+---------+---------+
 *   +------+------+-------+
 *   | used | must | known |                               g each
 *   +------+------+-------+
 *   +-----+-----+-----+
 *   | pos | val | grp |                                   k1, k1, g ints
 *   +-----+-----+-----+
 */
static size_t enum_bytes(size_t k1)
{
	size_t g = k1 * NKINDS;

	return 2 * k1 * sizeof(dom_t) + 4 * k1 * sizeof(int64_t) +
	       3 * g * sizeof(foot_t) + (2 * k1 + g) * sizeof(int);
}

static void enum_carve(struct enum_ctx *e, size_t k1, char *b)
{
	size_t g = k1 * NKINDS;

	e->d = (dom_t *)(void *)b;
	e->sup = e->d + k1;
	e->minsum = (int64_t *)(void *)(e->sup + k1);
	e->maxsum = e->minsum + k1;
	e->minprod = e->maxsum + k1;
	e->maxprod = e->minprod + k1;
	e->used = (foot_t *)(void *)(e->maxprod + k1);
	e->must = e->used + g;
	e->known = e->must + g;
	e->pos = (int *)(void *)(e->known + g);
	e->val = e->pos + k1;
	e->grp = e->val + k1;
}

/* The model's cage, or the derived one, behind cage i. */
static inline const struct cdok_cage *cage_src(const struct engine *s, int i)
{
	return i < s->nreal ? &s->puzzle->cages[i]
			    : &s->derived[i - s->nreal];
}

/* Point cages from..to-1 at their group arrays, carved from store and
 * bits in turn. */
static void cages_point(struct engine *s, int from, int to, int *store,
			uint64_t *bits)
{
	for (int i = from; i < to; i++) {
		int k = cage_src(s, i)->ncells;

		s->cages[i].group_unit = store;
		s->cages[i].groups = store + (size_t)k * NKINDS;
		s->cages[i].group_cells = bits;
		store += 2 * (size_t)k * NKINDS;
		bits += (size_t)k * NKINDS;
	}
}

/* The per-cage arrays for ncap cages, in one new allocation that keeps
 * what the first s->ncages of them held (their facts, weights, whether
 * a table was tried; queues must be empty).  False when memory runs
 * out. */
static bool cages_alloc(struct engine *s, int ncap)
{
	size_t nc = (size_t)(ncap ? ncap : 1), at = 0, old = (size_t)s->ncages;
	struct cage_info *cages;
	int *q[NQUEUES];
	bool *queued, *full_due, *tried, *looked;
	uint32_t *wcage;
	char *b;

	/* Measured first, then carved: s keeps its arrays until the new
	 * block is there. */
	for (int pass = 0; pass < 2; pass++) {
		b = pass ? cdok_malloc(at) : NULL;
		if (pass && !b)
			return false;
		at = 0;
		cages = cdok_carve(b, &at, nc * sizeof(*cages));
		for (int i = 0; i < NQUEUES; i++)
			q[i] = cdok_carve(b, &at, nc * sizeof(int));
		queued = cdok_carve(b, &at, nc * sizeof(bool));
		full_due = cdok_carve(b, &at, nc * sizeof(bool));
		looked = cdok_carve(b, &at, nc * sizeof(bool));
		tried = cdok_carve(b, &at, nc * sizeof(bool));
		wcage = cdok_carve(b, &at, nc * sizeof(uint32_t));
	}
	/* The facts of each cage are set by cage_info_init (or copied
	 * below); the flags and weights start clear. */
	memset(queued, 0, nc * sizeof(bool));
	memset(full_due, 0, nc * sizeof(bool));
	memset(looked, 0, nc * sizeof(bool));
	memset(tried, 0, nc * sizeof(bool));
	memset(wcage, 0, nc * sizeof(uint32_t));
	if (s->cblock) {
		memcpy(cages, s->cages, old * sizeof(*cages));
		memcpy(tried, s->tried, old * sizeof(bool));
		memcpy(looked, s->looked, old * sizeof(bool));
		memcpy(wcage, s->wcage, old * sizeof(uint32_t));
		free(s->cblock);
	}
	for (int i = 0; i < NQUEUES; i++) {
		s->q[i].v = q[i];
		s->q[i].cap = (int)nc;
	}
	s->queued = queued;
	s->full_due = full_due;
	s->cblock = b;
	s->cages = cages;
	s->tried = tried;
	s->looked = looked;
	s->wcage = wcage;
	return true;
}
