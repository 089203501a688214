/* tech_linesum.c -- sums of lines in Calcudoku (issue 39, doc/LEVELS.md
 * "Sums of lines").
 *
 * Each row and column of an n x n Latin grid holds 1..n once, so k
 * adjacent lines add up to k * n(n+1)/2.  The sum cages wholly inside
 * them and their placed values are known, so the open cells left (the
 * innies) make up the rest; when those cells all lie in sum cages that
 * stick out of the lines, the cells sticking out (the outies) make the
 * cages' totals less that rest.  A few cells with a known sum lose the
 * candidates no way of filling them makes the sum with.
 *
 * Keen's solver has no such step: a puzzle a person solves this way is
 * Unreasonable on Keen's scale.  So the technique is a row of the
 * Unreasonable level, tried just before trial and error, and only when
 * steps are recorded (explanations and hints): a grade never uses it,
 * and the level stays the one Keen gives.
 */
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

/* The most cells a sum may leave, and the ways of filling them one
 * look may try. */
#ifndef LS_CELLS
#define LS_CELLS 5
#endif
#define LS_BUDGET 200000L

/* The ways of filling cells that make target. */
struct ls_walk {
	const struct grader *g;
	const int *cells;
	int ncells, target;
	int vals[LS_CELLS];
	int lo[LS_CELLS + 1], hi[LS_CELLS + 1]; /* bounds of cells i.. */
	uint64_t sup[LS_CELLS];  /* per cell: values in some way */
	long budget;
};

/* Whether two cells share a row or a column (Calcudoku's cages repeat
 * values). */
static bool ls_see(const struct grader *g, int a, int b)
{
	return a / g->n == b / g->n || a % g->n == b % g->n;
}

static void ls_walk(struct ls_walk *w, int i, int sum)
{
	const struct grader *g = w->g;

	if (--w->budget < 0)
		return;
	if (i == w->ncells) {
		if (sum == w->target)
			for (int k = 0; k < w->ncells; k++)
				w->sup[k] |= BIT(w->vals[k]);
		return;
	}
	for (uint64_t a = g->dom[w->cells[i]]; a; a &= a - 1) {
		int v = __builtin_ctzll(a);
		bool ok = true;

		if (sum + v + w->lo[i + 1] > w->target)
			break;
		if (sum + v + w->hi[i + 1] < w->target)
			continue;
		for (int k = 0; k < i && ok; k++)
			ok = w->vals[k] != v || !ls_see(g, w->cells[k],
							w->cells[i]);
		if (!ok)
			continue;
		w->vals[i] = v;
		ls_walk(w, i + 1, sum + v);
	}
}

/* Cells (ncells, 1..LS_CELLS of them, open) add up to target: the step
 * that removes what no way of filling them makes, or places the one
 * cell's value.  1 when there is such a step (g->step begun, with the
 * cells as its first cells), 0 when there is none. */
static int ls_deduce(struct grader *g, const int *cells, int ncells,
		     int target)
{
	struct ls_walk w;
	bool any = false, found = false;

	memset(&w, 0, sizeof(w));
	w.g = g;
	w.cells = cells;
	w.ncells = ncells;
	w.target = target;
	w.budget = LS_BUDGET;
	for (int i = ncells - 1; i >= 0; i--) {
		uint64_t d = g->dom[cells[i]];

		w.lo[i] = w.lo[i + 1] + __builtin_ctzll(d);
		w.hi[i] = w.hi[i + 1] + 63 - __builtin_clzll(d);
	}
	ls_walk(&w, 0, 0);
	if (w.budget < 0)
		return 0;
	for (int i = 0; i < ncells; i++) {
		any = any || w.sup[i];
		found = found || (g->dom[cells[i]] & ~w.sup[i]);
	}
	/* No way at all is a contradiction, which the trial finds and
	 * names; a sum that removes nothing is no step. */
	if (!any || !found)
		return 0;
	cdki_step_begin(g, TECH_LINE_SUM);
	for (int i = 0; i < ncells; i++) {
		cdki_step_cell(g, cells[i]);
		cdki_step_remove(g, cells[i], g->dom[cells[i]] & ~w.sup[i]);
	}
	if (ncells == 1) {
		g->step.nrm = 0;
		g->step.rm[cells[0]] = 0;
		cdki_step_place(g, cells[0], target);
	}
	g->step.count = ncells;
	g->step.sum = target;
	g->step.value = ncells == 1 ? target : 0;
	return 1;
}

/* The line of kind (0 rows, 1 columns) that holds cell. */
static inline int ls_line(const struct grader *g, int kind, int cell)
{
	return kind ? cell % g->n : cell / g->n;
}

/* What lines first..last (of one kind) leave: the open cells outside
 * the sum cages wholly inside them into cells (*ncells, at most
 * g->ncells), and what those add up to; sets *used (the cages' sums
 * and the placed values). */
static int ls_innies(struct grader *g, int kind, int first, int last,
		     int *cells, int *ncells, int *used)
{
	const cdok_puzzle *p = g->p;
	int k = last - first + 1, total = k * g->n * (g->n + 1) / 2;

	*used = 0;
	*ncells = 0;
	for (int c = 0; c < p->ncages; c++) {
		const struct cdok_cage *cg = &p->cages[c];
		bool in = cg->op == CDOK_OP_ADD && cg->target <= INT32_MAX;

		for (int i = 0; i < cg->ncells && in; i++) {
			int line = ls_line(g, kind, cg->cells[i]);

			in = line >= first && line <= last;
		}
		/* mark: 1 for a cell of a sum cage wholly inside. */
		for (int i = 0; i < cg->ncells && in; i++)
			g->mark[cg->cells[i]] = 1;
		if (in)
			*used += (int)cg->target;
	}
	for (int line = first; line <= last; line++)
		for (int i = 0; i < g->n; i++) {
			int cell = kind ? i * g->n + line : line * g->n + i;

			if (g->mark[cell])
				g->mark[cell] = 0;
			else if (g->val[cell])
				*used += g->val[cell];
			else
				cells[(*ncells)++] = cell;
		}
	return total - *used;
}

/* The outies of lines first..last whose innies (ncells, summing to
 * sum) all lie in sum cages sticking out of them: those cages into
 * g->step.chain (g->step.nchain), their open cells outside into out
 * (*nout); returns what those add up to, or -1 when there are no such
 * cages or too many cells. */
static int ls_outies(struct grader *g, int kind, int first, int last,
		     const int *innies, int ninnies, int sum, int *out,
		     int *nout, int *cages, int *ncages)
{
	const cdok_puzzle *p = g->p;
	/* The cages add up to their totals; their innies make sum, and
	 * their placed values theirs: the cells outside make the rest. */
	int total = -sum;

	*nout = *ncages = 0;
	for (int i = 0; i < ninnies; i++) {
		int c = p->cage_of[innies[i]];
		bool seen = false;

		if (c < 0 || p->cages[c].op != CDOK_OP_ADD ||
		    p->cages[c].target > INT32_MAX / 2)
			return -1;
		for (int j = 0; j < *ncages && !seen; j++)
			seen = cages[j] == c;
		if (seen)
			continue;
		cages[(*ncages)++] = c;
		total += (int)p->cages[c].target;
	}
	for (int j = 0; j < *ncages; j++) {
		const struct cdok_cage *cg = &p->cages[cages[j]];

		for (int i = 0; i < cg->ncells; i++) {
			int cell = cg->cells[i],
			    line = ls_line(g, kind, cell);

			if (g->val[cell]) {
				total -= g->val[cell];
			} else if (line < first || line > last) {
				if (*nout == LS_CELLS)
					return -1;
				out[(*nout)++] = cell;
			}
		}
	}
	return *nout ? total : -1;
}

/* A step from lines first..last of kind whose sum leaves want cells
 * (innies, or else outies), or 0. */
static int ls_lines(struct grader *g, int kind, int first, int last,
		    int want)
{
	int *innies = g->scratch, out[LS_CELLS], cages[LS_CELLS * 2];
	int ninnies, nout, ncages = 0, used, sum, osum;

	sum = ls_innies(g, kind, first, last, innies, &ninnies, &used);
	if (!ninnies)
		return 0;
	if (ninnies == want && ls_deduce(g, innies, ninnies, sum) > 0) {
		g->step.other = 0;
		goto found;
	}
	/* Each innie's cage sticks out: at most one per innie, and no
	 * more than LS_CELLS cells outside. */
	if (ninnies > 2 * LS_CELLS)
		return 0;
	osum = ls_outies(g, kind, first, last, innies, ninnies, sum, out,
			 &nout, cages, &ncages);
	if (osum < 0 || nout != want || ls_deduce(g, out, nout, osum) <= 0)
		return 0;
	g->step.other = 1;
	for (int j = 0; j < ncages; j++)
		g->step.chain[j] = cages[j];
	g->step.nchain = ncages;
found:
	g->step.unit = first + kind * g->n;
	g->step.unit2 = last + kind * g->n;
	g->step.total = (last - first + 1) * g->n * (g->n + 1) / 2;
	g->step.used = used;
	/* The cells the sum reads: the lines' and the outies'. */
	for (int line = first; line <= last; line++)
		for (int i = 0; i < g->n; i++)
			cdki_step_cell(g, kind ? i * g->n + line
					       : line * g->n + i);
	return 1;
}

int cdki_tech_line_sum(struct grader *g)
{
	if (!g->record || g->scale != CDOK_SCALE_CALCUDOKU)
		return 0;
	/* The fewest cells to fill first, then the fewest lines (one
	 * line, then two together, ...): the easiest sum to see. */
	for (int want = 1; want <= LS_CELLS; want++)
		for (int k = 1; k < g->n; k++)
			for (int kind = 0; kind < 2; kind++)
				for (int first = 0; first + k <= g->n; first++)
					if (ls_lines(g, kind, first,
						     first + k - 1, want))
						return 1;
	return 0;
}
