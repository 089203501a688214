/* tech_cages.c -- the techniques about cages (doc/LEVELS.md).
 *
 * Calcudoku, on Keen's scale, reasons about the layouts of a cage that
 * fit its clue and the candidates, which the engine enumerates
 * (cdki_cage_scan): at Easy the values any layout uses, at Normal the values
 * each cell takes in some layout, at Hard the values every layout puts
 * in a line.  Killer Sudoku, on Solo's scale, reasons as Solo does about
 * sums: a cage's last open cell, the 45 rule, the smallest and largest
 * sums of the other cells, and the combinations of different values
 * that make a cage's sum; other cages (not sums of different values)
 * get the engine's per-cell layouts at the same level.
 */
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

static inline int low(uint64_t x)
{
	return __builtin_ctzll(x);
}

static inline int high(uint64_t x)
{
	return 63 - __builtin_clzll(x);
}

/* The values lo..hi (clipped to 0..63) as a set. */
static inline uint64_t between(int lo, int hi)
{
	if (lo < 0)
		lo = 0;
	if (hi > 63)
		hi = 63;
	if (lo > hi)
		return 0;
	return (~(uint64_t)0 >> (63 - hi)) & (~(uint64_t)0 << lo);
}

/* Whether a cage still has an open cell. */
static bool cage_open(const struct grader *g, int cage)
{
	const struct cdok_cage *c = &g->p->cages[cage];

	for (int i = 0; i < c->ncells; i++)
		if (!g->val[c->cells[i]])
			return true;
	return false;
}

/* The first cage from `from` on that scan technique t (SCAN_*) still
 * has to look at, or -1. */
static int cage_todo(const struct grader *g, int t, int from)
{
	const uint64_t *todo = g->cage_todo + t * g->cage_words;
	int w = from / 64;
	uint64_t bits;

	if (w >= g->cage_words)
		return -1;
	bits = todo[w] & (~(uint64_t)0 << (from % 64));
	while (!bits) {
		if (++w == g->cage_words)
			return -1;
		bits = todo[w];
	}
	return w * 64 + low(bits);
}

/* The scan techniques of bits (SCAN_BIT(t): technique t) find nothing
 * in cage until its scan changes. */
static void cage_done(struct grader *g, int cage, unsigned bits)
{
	g->cage_clean[cage] |= (unsigned char)bits;
	for (int t = 0; t < SCAN_COUNT; t++)
		if (bits & SCAN_BIT(t))
			g->cage_todo[t * g->cage_words + cage / 64] &=
				~BIT(cage % 64);
}

/* Cage scan for scan technique t (SCAN_*): 1 with the scan ready, 0
 * when no layout fits, -1 when there is nothing to look at (the cage is
 * full, the technique found nothing since its last scan, or the scan
 * ran out of budget). */
static inline int cage_look(struct grader *g, int cage, int t)
{
	int r;

	if (g->cage_clean[cage] & SCAN_BIT(t))
		return -1;
	/* A full cage stays full: no technique looks at it again. */
	if (!cage_open(g, cage)) {
		cage_done(g, cage, SCAN_ALL);
		return -1;
	}
	r = cdki_cage_scan(g, cage);
	return r < 0 ? -1 : r;
}

/* Whether some open cell of cage c would lose candidates: those of rm,
 * and (keep not NULL) those outside its own keep[i]. */
static bool cage_loses(const struct grader *g, const struct cdok_cage *c,
		       uint64_t rm, const uint64_t *keep)
{
	for (int i = 0; i < c->ncells; i++) {
		int cell = c->cells[i];

		if (!g->val[cell] &&
		    (g->dom[cell] & (rm | (keep ? ~keep[i] : 0))))
			return true;
	}
	return false;
}

static void cage_cells_focus(struct grader *g, int cage)
{
	const struct cdok_cage *c = &g->p->cages[cage];

	for (int i = 0; i < c->ncells; i++)
		cdki_step_cell(g, c->cells[i]);
	g->step.cage_kind = SC_PUZZLE;
	g->step.cage = cage;
}

/* Easy: the values any fitting layout uses, in every cell of the cage. */
int cdki_tech_cage_values(struct grader *g)
{
	for (int cage = cage_todo(g, SCAN_CAGE_VALUES, 0); cage >= 0;
	     cage = cage_todo(g, SCAN_CAGE_VALUES, cage + 1)) {
		const struct cdok_cage *c = &g->p->cages[cage];
		uint64_t any = 0;
		int r;

		r = cage_look(g, cage, SCAN_CAGE_VALUES);
		if (r == 0)
			return CDKI_CONTRADICTION;
		if (r < 0)
			continue;
		for (int i = 0; i < c->ncells; i++)
			any |= g->support[g->cage_off[cage] + i];
		if (!cage_loses(g, c, ~any, NULL)) {
			/* Nothing, and nothing until the scan changes. */
			cage_done(g, cage, SCAN_BIT(SCAN_CAGE_VALUES));
			continue;
		}
		cdki_step_begin(g, TECH_CAGE_VALUES);
		for (int i = 0; i < c->ncells; i++)
			cdki_step_remove(g, c->cells[i], ~any);
		if (!g->step.nrm) {
			/* Nothing, and nothing until the scan changes. */
			cage_done(g, cage, SCAN_BIT(SCAN_CAGE_VALUES));
			continue;
		}
		cage_cells_focus(g, cage);
		g->step.values = any;
		return 1;
	}
	return 0;
}

/* Normal (Keen), Trivial for the cages Solo's sum techniques do not
 * cover: the values each cell takes in some fitting layout. */
int cdki_tech_cage_cells(struct grader *g)
{
	for (int cage = cage_todo(g, SCAN_CAGE_CELLS, 0); cage >= 0;
	     cage = cage_todo(g, SCAN_CAGE_CELLS, cage + 1)) {
		const struct cdok_cage *c = &g->p->cages[cage];
		int r;

		r = cage_look(g, cage, SCAN_CAGE_CELLS);
		if (r == 0)
			return CDKI_CONTRADICTION;
		if (r < 0)
			continue;
		if (!cage_loses(g, c, 0, g->support + g->cage_off[cage])) {
			cage_done(g, cage, SCAN_BIT(SCAN_CAGE_CELLS));
			continue;
		}
		cdki_step_begin(g, TECH_CAGE_CELLS);
		for (int i = 0; i < c->ncells; i++)
			cdki_step_remove(g, c->cells[i],
					 ~g->support[g->cage_off[cage] + i]);
		if (!g->step.nrm) {
			cage_done(g, cage, SCAN_BIT(SCAN_CAGE_CELLS));
			continue;
		}
		cage_cells_focus(g, cage);
		return 1;
	}
	return 0;
}

/* Hard: a value every fitting layout puts in a line leaves the rest of
 * the line. */
int cdki_tech_cage_line(struct grader *g)
{
	for (int cage = cage_todo(g, SCAN_CAGE_LINE, 0); cage >= 0;
	     cage = cage_todo(g, SCAN_CAGE_LINE, cage + 1)) {
		int off = g->cage_off[cage], r;

		r = cage_look(g, cage, SCAN_CAGE_LINE);
		if (r == 0)
			return CDKI_CONTRADICTION;
		if (r < 0)
			continue;
		for (int k = 0; k < g->scan_ngroups[cage]; k++) {
			int unit = g->scan_unit[3 * off + k];
			uint64_t must = g->scan_must[3 * off + k], hit = 0;
			const int *u;

			if (!must || cdki_unit_kind(g, unit) == CDKI_BOX)
				continue;
			u = unit_of(g, unit);
			cdki_step_begin(g, TECH_CAGE_LINE);
			for (int i = 0; i < g->n; i++)
				if (g->p->cage_of[u[i]] != cage &&
				    cdki_step_remove(g, u[i], must))
					hit |= g->step.rm[u[i]];
			if (!g->step.nrm)
				continue;
			cage_cells_focus(g, cage);
			g->step.values = hit;
			g->step.unit = unit;
			return 1;
		}
		/* The other cells of the lines only lose candidates: nothing
		 * until the scan changes. */
		cage_done(g, cage, SCAN_BIT(SCAN_CAGE_LINE));
	}
	return 0;
}

/* ---- Killer ---- */

/* A step of technique tech placing the value v that a one-cell sum
 * leaves cell: 1, or -1 when v cannot go there. */
static int place_sum(struct grader *g, int tech, int cell, int v)
{
	if (v < 1 || v > g->n || !(g->dom[cell] & BIT(v)))
		return CDKI_CONTRADICTION;
	cdki_step_begin(g, tech);
	cdki_step_place(g, cell, v);
	cdki_step_cell(g, cell);
	g->step.value = v;
	return 1;
}

int cdki_tech_cage_last(struct grader *g)
{
	if (!g->killer || !g->nkc_single)
		return 0;
	for (int k = 0; k < g->nkc; k++) {
		const struct kcage *kc = &g->kc[k];

		if (kc->ncells != 1)
			continue;
		if (place_sum(g, TECH_CAGE_LAST, kc->cells[0], kc->sum) < 0)
			return CDKI_CONTRADICTION;
		g->step.cage_kind = SC_KCAGE;
		g->step.cage = k;
		return 1;
	}
	return 0;
}

int cdki_tech_innie(struct grader *g)
{
	if (!g->killer)
		return 0;
	if (!cdki_killer_regions(g))
		return CDKI_CONTRADICTION;
	for (int i = 0; i < g->nvc; i++) {
		const struct vcage *vc = &g->vc[i];

		if (vc->ncells != 1)
			continue;
		if (place_sum(g, TECH_INNIE, vc->cells[0], vc->sum) < 0)
			return CDKI_CONTRADICTION;
		g->step.unit = vc->unit;
		g->step.total = g->n * (g->n + 1) / 2;
		g->step.used = vc->used;
		return 1;
	}
	return 0;
}

/* The cells and sum of the i-th cage the sum techniques look at: the
 * Killer cages first, then the 45 rule's. */
static bool sum_cage(struct grader *g, int i, const int **cells, int *ncells,
		     int *sum)
{
	if (i < g->nkc) {
		*cells = g->kc[i].cells;
		*ncells = g->kc[i].ncells;
		*sum = g->kc[i].sum;
		return true;
	}
	i -= g->nkc;
	*cells = g->vc[i].cells;
	*ncells = g->vc[i].ncells;
	*sum = g->vc[i].sum;
	return true;
}

/* The i-th cage's clean bits (as for sum_cage). */
static unsigned char *sum_clean(struct grader *g, int i)
{
	return i < g->nkc ? &g->kc[i].clean
			  : &g->uvc[g->vc[i - g->nkc].unit].clean;
}

/* The first sum cage from i on (numbered as for sum_cage) without the
 * clean bit, or nkc + nvc: most are clean, and this is the loop that
 * passes them. */
static int next_unclean(const struct grader *g, int i, unsigned char bit)
{
	int nkc = g->nkc, end = g->nkc + g->nvc;

	for (; i < nkc; i++)
		if (!(g->kc[i].clean & bit))
			return i;
	for (; i < end; i++)
		if (!(g->uvc[g->vc[i - nkc].unit].clean & bit))
			return i;
	return end;
}

static void sum_cage_focus(struct grader *g, int i, const int *cells,
			   int ncells, int sum)
{
	for (int j = 0; j < ncells; j++)
		cdki_step_cell(g, cells[j]);
	g->step.cage_kind = i < g->nkc ? SC_KCAGE : SC_VCAGE;
	g->step.cage = i < g->nkc ? i : i - g->nkc;
	g->step.sum = sum;
	g->step.count = ncells;
}

int cdki_tech_cage_bounds(struct grader *g)
{
	if (!g->killer)
		return 0;
	if (!cdki_killer_regions(g))
		return CDKI_CONTRADICTION;
	/* One step for all cages: a cage that removes nothing leaves it
	 * as cdki_step_begin made it. */
	cdki_step_begin(g, TECH_CAGE_BOUNDS);
	/* Cages clean for it: nothing changed since they gave nothing. */
	for (int i = next_unclean(g, 0, CLEAN_BOUNDS); i < g->nkc + g->nvc;
	     i = next_unclean(g, i + 1, CLEAN_BOUNDS)) {
		const int *cells;
		int ncells, sum, lo = 0, hi = 0;
		unsigned char *clean = sum_clean(g, i);

		sum_cage(g, i, &cells, &ncells, &sum);
		if (ncells < 2)
			continue;
		for (int j = 0; j < ncells; j++) {
			lo += low(g->dom[cells[j]]);
			hi += high(g->dom[cells[j]]);
		}
		for (int j = 0; j < ncells; j++) {
			uint64_t d = g->dom[cells[j]];
			int olo = lo - low(d), ohi = hi - high(d);

			/* Keep the values v with sum - ohi <= v <= sum - olo. */
			uint64_t rm = d & ~between(sum - ohi, sum - olo);

			if (rm)
				cdki_step_remove(g, cells[j], rm);
		}
		if (!g->step.nrm) {
			*clean |= CLEAN_BOUNDS;
			continue;
		}
		sum_cage_focus(g, i, cells, ncells, sum);
		return 1;
	}
	return 0;
}

/* Every set of k different values of 1..n adding up to sum, and whether
 * each cell has one of its values: the union of those that fit. */
static void combos(struct grader *g, int n, int k, int sum, int from,
		   uint64_t set, const int *cells, int ncells,
		   uint64_t *any)
{
	struct gstep *s = &g->step;

	if (k == 0) {
		if (sum != 0)
			return;
		for (int j = 0; j < ncells; j++)
			if (!(g->dom[cells[j]] & set))
				return;
		*any |= set;
		if (s->ncombos < 32)
			s->combos[s->ncombos] = set;
		s->ncombos++;
		return;
	}
	/* k values from..n add up to at least k * from + k(k-1)/2 and
	 * at most k * n - k(k-1)/2: outside that, no set is found. */
	if (sum < k * from + k * (k - 1) / 2 ||
	    sum > k * n - k * (k - 1) / 2)
		return;
	for (int v = from; v <= n && v <= sum; v++)
		combos(g, n, k - 1, sum - v, v + 1, set | BIT(v), cells,
		       ncells, any);
}

/* Grids up to this size get the table of value sets. */
#define SETS_MAX_N 16

/* Every set of k different values from..n, in increasing order of its
 * values read as a word (the enumeration's order), counted (fill
 * false) or written at sets_off (fill true, which it advances). */
static void sets_walk(struct grader *g, int k, int kk, int sum, int from,
		      uint64_t set, bool fill)
{
	if (k == 0) {
		int *at = &g->sets_off[kk * (g->nsums + 1) + sum];

		if (fill)
			g->sets[(*at)++] = set;
		else
			(*at)++;
		return;
	}
	for (int v = from; v <= g->n; v++)
		sets_walk(g, k - 1, kk, sum + v, v + 1, set | BIT(v), fill);
}

/* Make the table of value sets (struct grader, sets); false when the
 * grid is too large for it or memory runs out. */
static bool sets_make(struct grader *g)
{
	int n = g->n, slots, total = 0;

	if (g->sets)
		return true;
	if (n > SETS_MAX_N)
		return false;
	g->nsums = 4 * n;
	slots = 5 * (g->nsums + 1) + 1;
	g->sets_off = cdok_calloc((size_t)slots, sizeof(int));
	if (!g->sets_off)
		return false;
	for (int k = 2; k <= 4; k++)
		sets_walk(g, k, k, 0, 1, 0, false);
	/* Counts to offsets; each slot then starts where its list goes. */
	for (int i = 0; i < slots; i++) {
		int c = g->sets_off[i];

		g->sets_off[i] = total;
		total += c;
	}
	g->sets = cdok_malloc((size_t)(total ? total : 1) * sizeof(uint64_t));
	if (!g->sets) {
		free(g->sets_off);
		g->sets_off = NULL;
		return false;
	}
	for (int k = 2; k <= 4; k++)
		sets_walk(g, k, k, 0, 1, 0, true);
	/* Filling moved each offset to where the next list starts. */
	for (int i = slots - 1; i > 0; i--)
		g->sets_off[i] = g->sets_off[i - 1];
	g->sets_off[0] = 0;
	return true;
}

/* What combos finds, from the table. */
static void combos_listed(struct grader *g, int k, int sum,
			  const int *cells, int ncells, uint64_t *any)
{
	struct gstep *s = &g->step;
	int at, end;

	if (sum < 0 || sum > g->nsums)
		return;
	at = g->sets_off[k * (g->nsums + 1) + sum];
	end = g->sets_off[k * (g->nsums + 1) + sum + 1];
	for (; at < end; at++) {
		uint64_t set = g->sets[at];
		int j = 0;

		while (j < ncells && (g->dom[cells[j]] & set))
			j++;
		if (j < ncells)
			continue;
		*any |= set;
		if (s->ncombos < 32)
			s->combos[s->ncombos] = set;
		s->ncombos++;
	}
}

int cdki_tech_cage_combinations(struct grader *g)
{
	bool listed;

	if (!g->killer)
		return 0;
	if (!cdki_killer_regions(g))
		return CDKI_CONTRADICTION;
	listed = sets_make(g);
	/* Cages clean for it: nothing changed since they gave nothing. */
	for (int i = next_unclean(g, 0, CLEAN_COMBOS); i < g->nkc + g->nvc;
	     i = next_unclean(g, i + 1, CLEAN_COMBOS)) {
		const int *cells;
		int ncells, sum;
		uint64_t any = 0;
		unsigned char *clean = sum_clean(g, i);

		sum_cage(g, i, &cells, &ncells, &sum);
		/* Solo looks at cages of 2 to 4 open cells. */
		if (ncells < 2 || ncells > 4)
			continue;
		cdki_step_begin(g, TECH_CAGE_COMBINATIONS);
		if (listed)
			combos_listed(g, ncells, sum, cells, ncells, &any);
		else
			combos(g, g->n, ncells, sum, 1, 0, cells, ncells,
			       &any);
		if (!any)
			return CDKI_CONTRADICTION;
		for (int j = 0; j < ncells; j++)
			cdki_step_remove(g, cells[j], ~any);
		if (!g->step.nrm) {
			*clean |= CLEAN_COMBOS;
			continue;
		}
		sum_cage_focus(g, i, cells, ncells, sum);
		g->step.values = any;
		return 1;
	}
	return 0;
}
