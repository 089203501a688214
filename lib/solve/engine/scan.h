/* engine/scan.h -- the grader's cage scan (solve.h, cdki_latin_scan):
 * the engine's cage reasoning run on domains of the grader's own, one
 * cage at a time.  Latin instance only (it reads layout tables):
 * latin.c includes this after its unit rule.
 *
 * The scan drives the engine only through named functions: enumerate()
 * with enum_list / enum_list_end / enum_spent / enum_aborted /
 * enum_found / enum_supports / enum_must (engine/enumerate.h), and
 * table_make, table_build, rec_room, table_nomem_forgiven, table_sets,
 * table_live, table_residues and the table filters (engine/tables.h),
 * pair_fit (engine/pairs.h).  Of the engine's state it reads only what
 * set-up fixed: the cages' facts (struct cage_info), their tables'
 * shapes (struct layout_table) and the largest value. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif
#if !LAYOUT_TABLES || !PAIR_CAGES || ENGINE_INSTANCE != ENGINE_LATIN
#error "the grader's scan is the Latin instance's, with tables and pairs"
#endif

_Static_assert(CDOK_LATIN_TABLE_BUDGET == LAYOUT_BUDGET,
	       "a table is made within the budget the scan was given");

/* A cage whose enumeration proved costly gets a layout table at its next
 * scan (when it has at most LAYOUT_MAX layouts then): later scans filter
 * the table with the domains instead of enumerating.  The answers are the
 * enumeration's, as long as each domain lies inside the one the table
 * was made under (the grader's only narrow; otherwise the enumeration
 * runs). */
struct cdok_latin {
	struct engine s;
	signed char *tabled;  /* per cage: 0 no table yet, 2 one wanted, 1
			       * table, -1 none */
	dom_t *made;          /* per cell: its domain when its cage's
			       * table was made */
};

struct cdok_latin *cdki_latin_open(const cdok_puzzle *p)
{
	struct cdok_latin *h = cdok_calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	if (!engine_init(&h->s, p) ||
	    !(h->tabled = cdok_calloc((size_t)(p->ncages ? p->ncages : 1),
				      1)) ||
	    !(h->made = cdok_calloc((size_t)p->size * (size_t)p->size,
				    sizeof(dom_t)))) {
		cdki_latin_close(h);
		return NULL;
	}
	return h;
}

void cdki_latin_close(struct cdok_latin *h)
{
	if (!h)
		return;
	engine_free(&h->s);
	free(h->tabled);
	free(h->made);
	free(h);
}

/* cdki_latin_scan from cage ci's table: the layouts that fit dom are
 * those of the table whose every cell value is in its domain. */
static int scan_table(struct engine *s, int ci, const dom_t *dom,
		      struct cdok_cage_scan *out)
{
	const struct cage_info *c = &s->cages[ci];
	const struct layout_table *t = &s->tables[c->table];
	int w = t->words, nvals = s->vmax + 1, k = c->ncells;
	const uint64_t *sup = table_sets(s, t);
	unsigned short *res = table_residues(s, t);
	uint64_t now[LAYOUT_BIG / 64], any = 0;
	dom_t known[3 * LAYOUT_MAX_CELLS];

	table_fit(c, sup, w, nvals, dom, table_live(s, t), now);
	for (int j = 0; j < w; j++)
		any |= now[j];
	for (int g = 0; g < c->ngroups; g++)
		known[g] = 0;
	for (int p = 0; p < k; p++) {
		const uint64_t *row = sup + (size_t)p * (size_t)nvals * (size_t)w;
		int cell = c->cells[p];
		dom_t keep = 0;

		for (dom_t a = any ? dom[cell] : 0; a; a &= a - 1)
			if (table_supports(row, w, now, low_value(a),
					   res + (size_t)p * (size_t)nvals))
				keep |= a & -a;
		out->support[p] = keep;
		for (int j = 0; j < NKINDS; j++)
			known[c->groups[p * NKINDS + j]] |= cell_req(s, dom, cell);
	}
	if (!any)
		return 0;
	/* A single-cell cage places nothing the unit rule would miss. */
	for (int g = 0; g < c->ngroups && k > 1; g++) {
		dom_t vals = 0;

		for (uint64_t in = c->group_cells[g]; in; in &= in - 1)
			vals |= out->support[__builtin_ctzll(in)];
		out->must[g] = table_must(group_sup(s, c, t, g), w, now,
					  vals & ~known[g],
					  res + (size_t)(k + g) * (size_t)nvals);
	}
	return 1;
}

/* A costly scan of cage ci: it wants a table, made now from the layouts
 * the scan listed when it listed them all (listed).  Whether it has
 * one. */
static bool table_from_list(struct cdok_latin *h, int ci, const dom_t *dom,
			    bool listed)
{
	struct engine *s = &h->s;
	const struct cage_info *c = &s->cages[ci];

	h->tabled[ci] = 2;
	if (listed && c->table < 0 && table_build(s, dom, ci)) {
		h->tabled[ci] = 1;
		for (int p = 0; p < c->ncells; p++)
			h->made[c->cells[p]] = dom[c->cells[p]];
		return true;
	}
	table_nomem_forgiven(s);
	return false;
}

/* Whether cage ci can be scanned from its table under dom. */
static bool scan_tabled(struct cdok_latin *h, int ci, const dom_t *dom)
{
	struct engine *s = &h->s;
	const struct cage_info *c = &s->cages[ci];

	if (c->ncells < 2 || c->ncells > LAYOUT_MAX_CELLS ||
	    (c->op == CDOK_OP_MUL && c->target == 0) || ci >= s->nreal)
		return false;
	/* A table is made once an enumeration of the cage proved costly
	 * (scan_costly); a cheap one is cheaper than making the table. */
	if (h->tabled[ci] == 2) {
		h->tabled[ci] = -1;
		if (c->table < 0 &&
		    table_make(s, dom, ci, LAYOUT_MAX, LAYOUT_BUDGET)) {
			h->tabled[ci] = 1;
			for (int p = 0; p < c->ncells; p++)
				h->made[c->cells[p]] = dom[c->cells[p]];
		}
		/* Out of memory for the table: the enumeration still
		 * answers. */
		table_nomem_forgiven(s);
	}
	if (h->tabled[ci] != 1)
		return false;
	for (int p = 0; p < c->ncells; p++)
		if (dom[c->cells[p]] & ~h->made[c->cells[p]])
			return false;
	return true;
}

/* cdki_latin_scan of a two-cell cage whose cells share a unit: what
 * pair_propagate works from, in a few word operations.  Each cell's
 * support is the values with a partner in the other cell; what every
 * layout puts into the unit they share is what pair_scan says, and into
 * a unit holding one of the cells, that cell's value when it has only
 * one supported value. */
static int scan_pair(struct engine *s, int ci, const dom_t *dom,
		     struct cdok_cage_scan *out)
{
	const struct cage_info *c = &s->cages[ci];
	int a = c->cells[0], b = c->cells[1];
	dom_t ka = 0, kb = 0, must = ~(dom_t)0;

	pair_fit(s, c->op, c->target, dom[a], dom[b], &ka, &kb, &must);
	out->support[0] = ka;
	out->support[1] = kb;
	if (!ka)
		return 0;
	must &= ka | kb;
	for (int g = 0; g < c->ngroups; g++) {
		uint64_t in = c->group_cells[g];
		dom_t m, known = 0;

		if (in & 1)
			known |= cell_req(s, dom, a);
		if (in & 2)
			known |= cell_req(s, dom, b);
		if (in == 3) {
			m = must;
		} else {
			dom_t one = in & 1 ? ka : kb;

			m = one & (one - 1) ? 0 : one;
		}
		out->must[g] = m & ~known;
	}
	return 1;
}

int cdki_latin_scan(struct cdok_latin *h, int cage, const uint64_t *dom,
		    long budget, struct cdok_cage_scan *out)
{
	struct engine *s = &h->s;
	const struct cage_info *c = &s->cages[cage];
	bool table_ok, listed;

	out->ngroups = c->ngroups;
	for (int g = 0; g < c->ngroups; g++) {
		out->unit[g] = c->group_unit[g];
		out->must[g] = 0;
	}
	if (c->ncells > ENUM_MAX_CELLS)
		return -1;
	/* (With a smaller budget a pair is enumerated like any cage: the
	 * tests compare the two.) */
	if (c->pair && budget >= CDOK_LATIN_TABLE_BUDGET &&
	    !(c->op == CDOK_OP_MUL && c->target == 0))
		return scan_pair(s, cage, dom, out);
	if (budget >= CDOK_LATIN_TABLE_BUDGET && scan_tabled(h, cage, dom))
		return scan_table(s, cage, dom, out);
	table_ok = !h->tabled[cage] && budget >= CDOK_LATIN_TABLE_BUDGET &&
		   c->ncells >= 2 && c->ncells <= LAYOUT_MAX_CELLS &&
		   !(c->op == CDOK_OP_MUL && c->target == 0) &&
		   rec_room(s, LAYOUT_MAX);
	/* A large cage that may get a table has its layouts listed first,
	 * which costs less than an enumeration that also works out what
	 * each one supports and puts into the units: a costly listing is
	 * made the table, and the scan reads it; after a cheap one the
	 * enumeration below gives the answer. */
	if (table_ok && c->ncells >= LIST_FIRST_CELLS) {
		enum_list(s, false);
		enumerate(s, dom, cage, budget);
		listed = enum_list_end(s);
		if (enum_spent(s, budget) > budget)
			return -1;
		/* Listed in full (not stopped at LAYOUT_MAX): the table of
		 * the layouts under dom. */
		if (enum_spent(s, budget) > LIST_COSTLY &&
		    table_from_list(h, cage, dom, listed))
			return scan_table(s, cage, dom, out);
	} else if (table_ok) {
		/* A smaller one has them listed while it is enumerated: a
		 * costly enumeration makes the table at once. */
		enum_list(s, true);
	}
	table_nomem_forgiven(s);
	enumerate(s, dom, cage, budget);
	listed = enum_list_end(s);
	if (!h->tabled[cage] && enum_spent(s, budget) > SCAN_COSTLY)
		table_from_list(h, cage, dom, listed);
	if (enum_aborted(s))
		return -1;
	enum_supports(s, out->support);
	if (!enum_found(s))
		return 0;
	for (int g = 0; g < c->ngroups; g++)
		out->must[g] = enum_must(s, g);
	return 1;
}
