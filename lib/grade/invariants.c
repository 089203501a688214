/* invariants.c -- the grader's caches checked against what they are
 * kept from (grade.h, struct grader), in debug builds only.
 *
 * The grader keeps about fifteen caches up to date change by change
 * (narrow, place, the Killer book-keeping) so that no technique scans
 * the grid to find where to look.  Each comment in grade.h states what
 * its cache holds; here each is recomputed from the candidates, the
 * placed values and the puzzle and compared, with CDOK_ASSERT, so that
 * a change that forgets one breaks the sanitizer build (make test-asan)
 * at the step where the cache went wrong, instead of a grade somewhere
 * later.  cdki_grader_check runs where the caches must be current:
 * after set-up and between the steps of a run (GRADER_CHECK).  Without
 * CDOK_DEBUG none of this is compiled.
 *
 * Caches that say only where a technique need not look again (the dirty
 * sets of the subsets, intersections and fish, the combinations' clean
 * bits) would need the technique itself run to be checked; those whose
 * truth can be recomputed cheaply are checked here.
 */
#include "grade/grade.h"

#ifdef CDOK_DEBUG

#define BIT(v) ((uint64_t)1 << (v))

/* Placed cells keep their value as their only candidate, open counts
 * the open cells, and single holds every open cell with one candidate
 * left (it may hold more: naked_single passes those). */
static void check_cells(const struct grader *g)
{
	int open = 0;

	for (int c = 0; c < g->ncells; c++) {
		uint64_t d = g->dom[c];

		CDOK_ASSERT(!(d & ~g->full));
		if (g->val[c]) {
			CDOK_ASSERT(d == BIT(g->val[c]));
			continue;
		}
		open++;
		if (d && !(d & (d - 1)))
			CDOK_ASSERT(g->single[c / 64] & BIT(c % 64));
	}
	CDOK_ASSERT(open == g->open);
}

/* The units are the model's: each cell in the unit of each kind that
 * cell_units names, units in reading order, cell_bits the unit's bit in
 * its kind (none for the box slot of a grid without boxes), and the
 * box-line maps of the intersections. */
static void check_units(const struct grader *g)
{
	int n = g->n;

	for (int u = 0; u < g->nkinds * n; u++)
		for (int i = 0; i < n; i++) {
			int c = unit_of(g, u)[i];

			CDOK_ASSERT(cell_unit(g, c, cdki_kind_of(n, u)) == u);
			CDOK_ASSERT(i == 0 || unit_of(g, u)[i - 1] < c);
		}
	for (int c = 0; c < g->ncells; c++)
		for (int k = 0; k < CDKI_KINDS; k++) {
			int u = cell_unit(g, c, k);
			uint64_t bit = g->cell_bits[c * CDKI_KINDS + k];

			if (k < g->nkinds) {
				CDOK_ASSERT(cdki_kind_of(n, u) == k);
				CDOK_ASSERT(bit == BIT(u - k * n));
			} else {
				CDOK_ASSERT(u == cell_unit(g, c, CDKI_ROW));
				CDOK_ASSERT(bit == 0);
			}
		}
	for (int c = 0; g->nkinds == 3 && c < g->ncells; c++) {
		int r = c / n, col = c % n, b = cdki_box_of(g->p, c);

		CDOK_ASSERT(g->line_boxes[0][r] & BIT(b));
		CDOK_ASSERT(g->line_boxes[1][col] & BIT(b));
		CDOK_ASSERT(g->box_lines[0][b] & BIT(r));
		CDOK_ASSERT(g->box_lines[1][b] & BIT(col));
	}
}

/* Per unit: the values placed, the count of cells that have each value
 * among their candidates, the values with one such cell (ones) and with
 * none (zeros); and a unit that is not hot has no value it misses with
 * fewer than two places. */
static void check_counts(const struct grader *g)
{
	int n = g->n;

	for (int u = 0; u < g->nkinds * n; u++) {
		const int *cells = unit_of(g, u);
		uint64_t placed = 0, ones = 0, zeros = 0;

		for (int i = 0; i < n; i++)
			if (g->val[cells[i]])
				placed |= BIT(g->val[cells[i]]);
		for (int v = 1; v <= n; v++) {
			int count = 0;

			for (int i = 0; i < n; i++)
				count += (g->dom[cells[i]] & BIT(v)) != 0;
			CDOK_ASSERT(g->count[u * (n + 1) + v] == count);
			if (count == 1)
				ones |= BIT(v);
			else if (count == 0)
				zeros |= BIT(v);
		}
		CDOK_ASSERT(g->placed[u] == placed);
		CDOK_ASSERT(g->ones[u] == ones);
		CDOK_ASSERT(g->zeros[u] == zeros);
		if (!(g->hot[cdki_kind_of(n, u)] & BIT(u % n)))
			CDOK_ASSERT(!((ones | zeros) & g->full & ~placed));
	}
}

/* A scan technique's bit in cage_todo is set exactly when its bit in
 * cage_clean is not (CAGE_NEVER: a cage no scan technique takes, with
 * every bit); and a scan that is current (scan_state 1) found layouts
 * only within the candidates: narrow keeps it only while the values
 * removed are outside its support. */
static void check_cages(const struct grader *g)
{
	const cdok_puzzle *p = g->p;

	for (int c = 0; c < p->ncages; c++) {
		unsigned char clean = g->cage_clean[c];
		const struct cdok_cage *cg = &p->cages[c];

		if (clean & CAGE_NEVER)
			CDOK_ASSERT((clean & SCAN_ALL) == SCAN_ALL);
		for (int t = 0; t < SCAN_COUNT; t++) {
			bool todo = g->cage_todo[t * g->cage_words + c / 64] &
				    BIT(c % 64);

			CDOK_ASSERT(todo == !(clean & SCAN_BIT(t)));
		}
		if (g->scan_state[c] != 1)
			continue;
		for (int i = 0; i < cg->ncells; i++)
			CDOK_ASSERT(!(g->support[g->cage_off[c] + i] &
				      ~g->dom[cg->cells[i]]));
	}
}

/* Which units hold every cell of a Killer cage, as kcage_within finds
 * them. */
static void check_within(const struct grader *g, const struct kcage *kc)
{
	for (int kind = 0; kind < CDKI_KINDS; kind++) {
		int u = kc->ncells ? cell_unit(g, kc->cells[0], kind) : -1;

		for (int i = 1; i < kc->ncells && u >= 0; i++)
			if (cell_unit(g, kc->cells[i], kind) != u)
				u = -1;
		CDOK_ASSERT(kc->within[kind] == u);
	}
}

/* What the smallest and largest candidates of its other cells leave a
 * cell of a sum cage (cdki_tech_cage_bounds): a cage clean for the
 * bounds loses nothing to them. */
static void check_bounds(const struct grader *g, const int *cells,
			 int ncells, int sum)
{
	int lo = 0, hi = 0;

	if (ncells < 2)
		return;
	for (int j = 0; j < ncells; j++) {
		lo += __builtin_ctzll(g->dom[cells[j]]);
		hi += 63 - __builtin_clzll(g->dom[cells[j]]);
	}
	for (int j = 0; j < ncells; j++) {
		uint64_t d = g->dom[cells[j]];
		int olo = lo - __builtin_ctzll(d);
		int ohi = hi - (63 - __builtin_clzll(d));

		for (uint64_t a = d; a; a &= a - 1) {
			int v = __builtin_ctzll(a);

			CDOK_ASSERT(v >= sum - ohi && v <= sum - olo);
		}
	}
}

/* Solo's book-keeping: each open cell of a Killer cage is in it (kc_of),
 * its cells are open and in reading order, within and nkc_single are
 * current, the bounds find nothing in a cage clean for them, and while
 * the 45 rule's cages are valid they are the units' (uvc) in unit
 * order. */
static void check_killer(const struct grader *g)
{
	int singles = 0, in_cages = 0, nvc = 0;

	for (int k = 0; k < g->nkc; k++) {
		const struct kcage *kc = &g->kc[k];

		singles += kc->ncells == 1;
		in_cages += kc->ncells;
		for (int i = 0; i < kc->ncells; i++) {
			CDOK_ASSERT(!g->val[kc->cells[i]]);
			CDOK_ASSERT(g->kc_of[kc->cells[i]] == k);
			CDOK_ASSERT(i == 0 || kc->cells[i - 1] < kc->cells[i]);
		}
		check_within(g, kc);
		if (kc->clean & CLEAN_BOUNDS)
			check_bounds(g, kc->cells, kc->ncells, kc->sum);
	}
	for (int c = 0; c < g->ncells; c++)
		in_cages -= g->kc_of[c] >= 0;
	CDOK_ASSERT(in_cages == 0);
	CDOK_ASSERT(singles == g->nkc_single);
	if (!g->vc_valid)
		return;
	for (int u = 0; u < 3 * g->n; u++) {
		if (!g->uvc_on[u])
			continue;
		CDOK_ASSERT(nvc < g->nvc);
		CDOK_ASSERT(g->vc[nvc].unit == u && g->uvc[u].unit == u);
		CDOK_ASSERT(g->vc[nvc].sum == g->uvc[u].sum);
		CDOK_ASSERT(g->vc[nvc].ncells == g->uvc[u].ncells);
		if (g->uvc[u].clean & CLEAN_BOUNDS)
			check_bounds(g, g->uvc[u].cells, g->uvc[u].ncells,
				     g->uvc[u].sum);
		nvc++;
	}
	CDOK_ASSERT(nvc == g->nvc);
}

void cdki_grader_check(const struct grader *g)
{
	/* After a contradiction the caches stop where it was found.  The
	 * counts cost n^3 a check, at every step: grids up to 16 x 16
	 * (every corpus class but the largest) keep the sanitizer tests
	 * fast. */
	if (g->contradiction || g->n > 16)
		return;
	check_cells(g);
	check_units(g);
	check_counts(g);
	check_cages(g);
	if (g->killer)
		check_killer(g);
	/* Work space that is all zero between uses. */
	for (int c = 0; c < g->ncells; c++)
		CDOK_ASSERT(g->mark[c] == 0);
}

#endif /* CDOK_DEBUG */
