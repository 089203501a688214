/* combos.c -- a cage's combinations for front ends (include/cdok.h,
 * cdok_cage_combinations): the sets of values a cage can hold by its
 * clue and the grid's rules alone, found by the engine's own cage
 * enumeration (cdki_latin_scan) rather than by trying fillings.
 *
 * The scan says, for domains of the caller's, which values each cage
 * cell takes in some layout that fits.  Fixing the cage's cells one by
 * one to each value the scan supports walks exactly the fitting
 * layouts: the last cell's supported values complete one each, with no
 * scan of their own.  Each layout's values, sorted, are a combination;
 * the combinations are kept sorted and once each.
 */
#include <string.h>

#include "solve/solve.h"

/* Steps each scan may take, and scans a search may make, before it
 * stops and says it is incomplete: a large product cage on a large
 * grid can have millions of layouts. */
#define COMBO_SCAN_BUDGET 1000000L
#define COMBO_MAX_SCANS 200000L

struct combos {
	struct cdok_latin *engine;
	int cage, m;              /* the cage and its cell count */
	const int *cells;
	uint64_t *dom;            /* size * size domains */
	uint64_t *support;        /* m per depth */
	int *unit;
	uint64_t *must;
	int *layout;              /* the values fixed so far */
	int *sets;                /* nsets * m, sorted */
	int nsets, cap;
	long scans;
	bool incomplete, nomem;
};

static int compare_sets(const int *a, const int *b, int m)
{
	for (int i = 0; i < m; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* Keep the sorted values of c->layout among the sets, once. */
static void keep(struct combos *c)
{
	int m = c->m, set[64], lo = 0, hi = c->nsets;

	memcpy(set, c->layout, sizeof(int) * (size_t)m);
	/* Insertion sort: a cage has at most 64 cells. */
	for (int i = 1; i < m; i++)
		for (int j = i; j > 0 && set[j - 1] > set[j]; j--) {
			int t = set[j];

			set[j] = set[j - 1];
			set[j - 1] = t;
		}
	while (lo < hi) {
		int mid = (lo + hi) / 2, r = compare_sets(c->sets + mid * m,
							  set, m);

		if (r == 0)
			return;
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (c->nsets == c->cap) {
		int cap = c->cap ? 2 * c->cap : 16;
		int *s = cdok_realloc(c->sets, sizeof(int) * (size_t)cap *
					       (size_t)m);

		if (!s) {
			c->nomem = true;
			return;
		}
		c->sets = s;
		c->cap = cap;
	}
	memmove(c->sets + (lo + 1) * m, c->sets + lo * m,
		sizeof(int) * (size_t)(c->nsets - lo) * (size_t)m);
	memcpy(c->sets + lo * m, set, sizeof(int) * (size_t)m);
	c->nsets++;
}

/* The layouts with cells 0 .. i-1 fixed as c->layout says. */
static void walk(struct combos *c, int i)
{
	struct cdok_cage_scan out;
	int cell = c->cells[i], r;
	uint64_t saved = c->dom[cell], vals;

	if (c->incomplete || c->nomem)
		return;
	if (++c->scans > COMBO_MAX_SCANS) {
		c->incomplete = true;
		return;
	}
	out.support = c->support + (size_t)i * (size_t)c->m;
	out.unit = c->unit;
	out.must = c->must;
	r = cdki_latin_scan(c->engine, c->cage, c->dom, COMBO_SCAN_BUDGET,
			    &out);
	if (r < 0) {
		c->incomplete = true;
		return;
	}
	if (r == 0)
		return;
	vals = out.support[i];
	CDOK_ASSERT((vals & ~saved) == 0);
	for (int v = 1; v < 64 && !c->incomplete && !c->nomem; v++) {
		if (!(vals >> v & 1))
			continue;
		c->layout[i] = v;
		if (i + 1 == c->m) {
			/* v is supported with every other cell fixed: it
			 * completes a fitting layout. */
			keep(c);
			continue;
		}
		c->dom[cell] = (uint64_t)1 << v;
		walk(c, i + 1);
	}
	c->dom[cell] = saved;
}

static cdok_status combos_run(struct combos *c, const cdok_puzzle *p)
{
	int n = p->size, m = c->m;

	c->dom = cdok_calloc((size_t)n * (size_t)n, sizeof(*c->dom));
	c->support = cdok_calloc((size_t)m * (size_t)m, sizeof(*c->support));
	c->unit = cdok_calloc(3 * (size_t)m, sizeof(*c->unit));
	c->must = cdok_calloc(3 * (size_t)m, sizeof(*c->must));
	c->layout = cdok_calloc((size_t)m, sizeof(*c->layout));
	c->engine = cdki_latin_open(p);
	if (!c->dom || !c->support || !c->unit || !c->must || !c->layout ||
	    !c->engine)
		return CDOK_ERR_NOMEM;
	/* Every value of the grid, a given's only its own. */
	for (int cell = 0; cell < n * n; cell++) {
		int g = p->given[cell];

		c->dom[cell] = g != CDOK_NONE ? (uint64_t)1 << g
			     : (((uint64_t)1 << n) - 1) << 1;
	}
	walk(c, 0);
	return c->nomem ? CDOK_ERR_NOMEM : CDOK_OK;
}

cdok_status cdok_cage_combinations(const cdok_puzzle *puzzle, int cage,
				   int **sets, int *nsets, int *complete,
				   cdok_error *err)
{
	struct combos c;
	cdok_status st;

	*sets = NULL;
	*nsets = 0;
	*complete = 0;
	if (!puzzle || cage < 0 || cage >= puzzle->ncages)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "no cage %d",
				 cage);
	if (cdok_is_nylimb(puzzle))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "Nylimb "
				 "cages are not listed by their values");
	if (cdok_puzzle_validate(puzzle, err) != CDOK_OK)
		return err ? err->status : CDOK_ERR_INVALID;
	memset(&c, 0, sizeof(c));
	c.cage = cage;
	c.m = cdok_cage_size(puzzle, cage);
	c.cells = cdok_cage_cells(puzzle, cage);
	if (c.m > 64)
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "a cage of %d cells "
				 "is too large to list", c.m);
	st = combos_run(&c, puzzle);
	cdki_latin_close(c.engine);
	cdok_free(c.dom);
	cdok_free(c.support);
	cdok_free(c.unit);
	cdok_free(c.must);
	cdok_free(c.layout);
	if (st != CDOK_OK) {
		cdok_free(c.sets);
		return cdki_fail(err, st, 0, 0, "out of memory");
	}
	*sets = c.sets;
	*nsets = c.nsets;
	*complete = !c.incomplete;
	return CDOK_OK;
}
