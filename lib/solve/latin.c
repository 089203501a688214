/* latin.c -- the solver engine for puzzles whose units hold each value
 * once: plain Calcudoku (rows and columns) and Killer Sudoku (rows,
 * columns and boxes), with values 1..63 in 64-bit sets.
 *
 * The engine's body is engine.h (its parts in engine/); this file gives
 * it the Latin unit rule:
 *
 *  1. Naked singles: a cell with one candidate removes it from every
 *     other cell of its units.
 *  2. Hidden singles: a value with one possible place in a unit goes
 *     there; a value with no place means a contradiction.
 *  3. On grids larger than 9 x 9, all-different consistency per unit (a
 *     perfect matching of cells to values), which subsumes naked and
 *     hidden pairs, triples and so on.
 *
 * A value's footprint in a unit is the value itself, so cage enumeration
 * keeps the values of cage cells that share a unit distinct.
 */
#include <stdlib.h>
#include <string.h>

#include "solve/solve.h"

#define DOM_BITS 64
typedef uint64_t foot_t;
/* A value's footprint is the value (foot_of below). */
#define FOOT_IS_VALUE 1

/* The tuning knobs: engine/knobs.h. */
#define ENGINE_INSTANCE ENGINE_LATIN
#define ENGINE_KINDS 3
#define ENGINE_NAME(x) cdki_latin_##x

struct unit_state {
	int *fixed;           /* cells that became single, to eliminate */
	int nfixed;
	uint64_t ad_dirty[3]; /* units changed since the matching */
	/* The matching test's record in this window (ALLDIFF_WINDOW). */
	unsigned ad_runs, ad_hits, ad_wait;
	bool ad_sparse;
	/* With boxes: per column of a box (0..box_cols-1), the positions
	 * (bit i: the box's i-th cell in reading order) in that column;
	 * all, every position. */
	uint64_t box_col[CDOK_MAX_SIZE], box_all;
	/* Killer X (CDOK_RULE_DIAGONALS): the two main diagonals are units
	 * too, outside the kinds (a cell may be on both): their cells, from
	 * the top row down (diag[0] from top left, diag[1] from top right),
	 * and whether one changed since their hidden singles ran. */
	bool diags;
	bool diag_dirty;
	int diag[2][CDOK_MAX_SIZE];
};

#include "solve/engine.h"

static inline foot_t foot_of(const struct engine *s, int v)
{
	(void)s;
	return BIT(v);
}

static inline dom_t clash_of(const struct engine *s, foot_t f)
{
	(void)s;
	return f;
}

/* A cell is sure of its value only when it has one. */
static inline foot_t cell_req(struct engine *s, const dom_t *dom, int cell)
{
	dom_t d = dom[cell];

	(void)s;
	return d & (d - 1) ? 0 : d;
}

static inline foot_t foot_all(const struct engine *s)
{
	return s->valid;
}

static bool units_init(struct engine *s)
{
	s->vmin = 1;
	s->vmax = s->n;
	s->valid = ((BIT(s->n) << 1) - 1) & ~(dom_t)1;
	s->u = cdok_calloc(1, sizeof(*s->u));
	if (!s->u)
		return false;
	s->u->fixed = cdok_malloc((size_t)s->ncells * 2 * sizeof(int));
	if (s->nkinds > 2) {
		int bc = s->puzzle->box_cols;

		s->u->box_all = s->n == 64 ? ~(uint64_t)0
					   : ((uint64_t)1 << s->n) - 1;
		for (int i = 0; i < s->n; i++)
			s->u->box_col[i % bc] |= (uint64_t)1 << i;
	}
	s->u->diags = (s->puzzle->rules & CDOK_RULE_DIAGONALS) != 0;
	for (int i = 0; i < s->n; i++) {
		s->u->diag[0][i] = i * (s->n + 1);
		s->u->diag[1][i] = (i + 1) * (s->n - 1);
	}
	return s->u->fixed != NULL;
}

static void units_free(struct engine *s)
{
	if (s->u)
		free(s->u->fixed);
	free(s->u);
}

/* Which main diagonals cell is on: bit 0 the one from top left, bit 1
 * the one from top right. */
static inline unsigned on_diagonal(const struct engine *s, int cell)
{
	int r = cell / s->n, c = cell % s->n;

	return (unsigned)(r == c) | (unsigned)(r + c == s->n - 1) << 1;
}

/* A cell changed under Killer X: its diagonals' singles are due.  Out
 * of line, so that narrow, which every change goes through, stays as
 * small as without diagonals. */
static __attribute__((noinline, cold)) void
diagonal_changed(struct engine *s, int cell)
{
	if (on_diagonal(s, cell))
		s->u->diag_dirty = true;
}

static inline void units_changed(struct engine *s, int cell, dom_t nd,
				 bool guess)
{
	struct unit_state *u = s->u;

	/* A guess needs its value eliminated, and the singles of its
	 * units looked at (mark_cell did that); the matching waits for
	 * the narrowing the guess causes. */
	if (!guess && s->n > ALLDIFF_MIN_N) {
		const uint64_t *bits = s->cell_bits + cell * NKINDS;

		/* A kind the puzzle lacks has no bits. */
		for (int k = 0; k < NKINDS; k++)
			u->ad_dirty[k] |= bits[k];
	}
	if (__builtin_expect(u->diags, 0))
		diagonal_changed(s, cell);
	if (!(nd & (nd - 1)))
		u->fixed[u->nfixed++] = cell;
}

/* The givens leave their rows, columns and boxes at once, all cells
 * in one pass rather than a given's units at a time (a puzzle of the
 * original cdok has half its cells given); the cells this decides wait
 * for the eliminations as usual.  Every unit and cage is due for a look
 * at the root anyway, so nothing more needs noting. */
static bool units_root(struct engine *s, dom_t *root)
{
	const int *cu = s->cell_units;
	dom_t held[NKINDS * CDOK_MAX_SIZE];
	bool any = false;

	for (int u = 0; u < s->nunits; u++)
		held[u] = 0;
	for (int i = 0; i < s->ncells; i++) {
		dom_t d = root[i];

		if (!cdok_has_given(s->puzzle, i) || !d)
			continue;
		for (int k = 0; k < s->nkinds; k++) {
			if (held[cu[i * NKINDS + k]] & d)
				return false;
			held[cu[i * NKINDS + k]] |= d;
		}
		any = true;
	}
	for (int i = 0; any && i < s->ncells; i++) {
		dom_t d = root[i], seen = 0;

		if (cdok_has_given(s->puzzle, i))
			continue;
		for (int k = 0; k < s->nkinds; k++)
			seen |= held[cu[i * NKINDS + k]];
		if (!(d & seen))
			continue;
		root[i] = d &= ~seen;
		if (!d)
			return false;
		if (!(d & (d - 1)))
			s->u->fixed[s->u->nfixed++] = i;
	}
	for (int k = 0; k < s->nkinds; k++)
		s->u->ad_dirty[k] = s->dirty[k];
	/* The pass above keeps to rows, columns and boxes: a given on a
	 * diagonal leaves it through the fixed cells' eliminations. */
	if (s->u->diags) {
		s->u->diag_dirty = true;
		for (int i = 0; i < s->ncells; i++)
			if (cdok_has_given(s->puzzle, i) && on_diagonal(s, i))
				s->u->fixed[s->u->nfixed++] = i;
	}
	return true;
}

static void units_reset(struct engine *s)
{
	s->u->nfixed = 0;
	s->u->diag_dirty = false;
	for (int k = 0; k < NKINDS; k++)
		s->u->ad_dirty[k] = 0;
}

/* Run fn on every unit marked in masks (clearing the marks as it goes);
 * a failing unit gains failure weight. */
static bool each_dirty_unit(struct engine *s, dom_t *dom, uint64_t *masks,
			    bool (*fn)(struct engine *, dom_t *, int))
{
	for (int k = 0; k < s->nkinds; k++)
		while (masks[k]) {
			int u = k * s->n + __builtin_ctzll(masks[k]);

			masks[k] &= masks[k] - 1;
			if (!fn(s, dom, u)) {
				weigh_unit(s, u);
				return false;
			}
			/* A unit's work may have dirtied earlier kinds. */
			k = -1;
			break;
		}
	return true;
}

/* Remove value v of a fixed cell from peer; false (and failure weight
 * for the unit they share) on a contradiction. */
static inline bool eliminate_at(struct engine *s, dom_t *dom, int peer,
				dom_t v, int unit)
{
	if ((dom[peer] & v) && !narrow(s, dom, peer, dom[peer] & ~v)) {
		weigh_unit(s, unit);
		return false;
	}
	return true;
}

/* A contradiction found on a main diagonal: one more failure for each
 * of its cells (the diagonals have no unit weight of their own). */
static void weigh_diagonal(struct engine *s, int d)
{
	for (int i = 0; i < s->n; i++)
		s->wcell[s->u->diag[d][i]]++;
}

/* Remove the value v of a fixed cell from the other cells of the main
 * diagonals it is on (Killer X). */
static bool eliminate_diagonals(struct engine *s, dom_t *dom, int cell,
				dom_t v)
{
	unsigned on = on_diagonal(s, cell);

	for (int d = 0; d < 2; d++) {
		if (!(on >> d & 1))
			continue;
		for (int i = 0; i < s->n; i++) {
			int peer = s->u->diag[d][i];

			if (peer != cell && (dom[peer] & v) &&
			    !narrow(s, dom, peer, dom[peer] & ~v)) {
				weigh_diagonal(s, d);
				return false;
			}
		}
	}
	return true;
}

/* Remove each fixed cell's value from the other cells of its units: its
 * row, its column, then the cells of its box in neither (and under
 * Killer X its diagonals). */
static bool eliminate_fixed(struct engine *s, dom_t *dom)
{
	struct unit_state *u = s->u;
	int n = s->n, br = s->puzzle->box_rows, bc = s->puzzle->box_cols;
#if NOGOODS
	/* Made only between runs of the search (record_nogoods). */
	bool nogoods = s->ng_head != NULL;
#endif

	while (u->nfixed) {
		int cell = u->fixed[--u->nfixed];
		int r = cell / n, c = cell % n;
		dom_t v = dom[cell];

#if NOGOODS
		if (nogoods && !nogood_fixed(s, dom, cell))
			return false;
#endif
		/* The row and the column on each side of the cell. */
		for (int i = r * n; i < cell; i++)
			if (!eliminate_at(s, dom, i, v, r))
				return false;
		for (int i = cell + 1; i < r * n + n; i++)
			if (!eliminate_at(s, dom, i, v, r))
				return false;
		for (int i = c; i < cell; i += n)
			if (!eliminate_at(s, dom, i, v, n + c))
				return false;
		for (int i = cell + n; i < s->ncells; i += n)
			if (!eliminate_at(s, dom, i, v, n + c))
				return false;
		if (u->diags && !eliminate_diagonals(s, dom, cell, v))
			return false;
		if (s->nkinds < 3)
			continue;
		/* The box's cells in neither the row nor the column: its
		 * positions less the cell's row and column of the box. */
		{
			int box = s->cell_units[cell * NKINDS + KIND_BOX];
			const int *bx = s->unit_cells + (size_t)box * (size_t)n;
			uint64_t row = (((uint64_t)1 << bc) - 1) << (r % br * bc);
			uint64_t m = u->box_all & ~row & ~u->box_col[c % bc];

			for (; m; m &= m - 1)
				if (!eliminate_at(s, dom, bx[__builtin_ctzll(m)], v,
						  box))
					return false;
		}
	}
	return true;
}

/* Hidden singles over the n cells of a unit. */
static inline bool cells_singles(struct engine *s, dom_t *dom,
				 const int *cells)
{
	dom_t once = 0, twice = 0, hidden;
	int n = s->n;

	for (int i = 0; i < n; i++) {
		twice |= once & dom[cells[i]];
		once |= dom[cells[i]];
	}
	if (once != s->valid)
		return false;
	hidden = once & ~twice;
	if (!hidden)
		return true;
	for (int i = 0; i < n; i++) {
		dom_t h = dom[cells[i]] & hidden;

		if (h && dom[cells[i]] != h) {
			/* Two values that each have this cell as their only
			 * place cannot both go here. */
			if (h & (h - 1))
				return false;
			if (!narrow(s, dom, cells[i], h))
				return false;
		}
	}
	return true;
}

static bool unit_singles(struct engine *s, dom_t *dom, int unit)
{
	return cells_singles(s, dom,
			     s->unit_cells + (size_t)unit * (size_t)s->n);
}

/* Hidden singles over the main diagonals (Killer X), when one changed. */
static bool diagonal_singles(struct engine *s, dom_t *dom)
{
	s->u->diag_dirty = false;
	for (int d = 0; d < 2; d++)
		if (!cells_singles(s, dom, s->u->diag[d])) {
			weigh_diagonal(s, d);
			return false;
		}
	return true;
}

/* All-different consistency for one unit (Régin's matching argument).
 * The n cells of a unit must take the n values one each: a perfect
 * matching of cells to values.  A value v stays in cell c only if some
 * perfect matching gives v to c.  With one perfect matching M in hand,
 * that holds exactly when c and the cell M gives v to lie on a common
 * cycle of the graph "c -> c' when c could take M's value of c'", i.e.
 * in one strongly connected component. */
static bool augment(const dom_t *d, int cell, int *cell_of_value,
		    int *value_of_cell, dom_t *seen)
{
	for (dom_t a = d[cell] & ~*seen; a; a &= a - 1) {
		int v = low_value(a);

		*seen |= a & -a;
		if (cell_of_value[v] < 0 ||
		    augment(d, cell_of_value[v], cell_of_value, value_of_cell,
			    seen)) {
			cell_of_value[v] = cell;
			value_of_cell[cell] = v;
			return true;
		}
	}
	return false;
}

/* Whether the matching test should run now (see ALLDIFF_WINDOW). */
static bool matching_due(struct unit_state *u)
{
	if (u->ad_wait) {
		u->ad_wait--;
		return false;
	}
	return true;
}

/* Record a run of the test: hit when it removed a value or failed. */
static void matching_done(struct unit_state *u, bool hit)
{
	u->ad_runs++;
	u->ad_hits += hit;
	if (u->ad_runs == ALLDIFF_WINDOW) {
		u->ad_sparse = u->ad_hits * ALLDIFF_MIN_RATE < u->ad_runs;
		u->ad_runs = u->ad_hits = 0;
	}
	if (u->ad_sparse)
		u->ad_wait = ALLDIFF_SPARSE - 1;
}

static bool unit_alldiff(struct engine *s, dom_t *dom, int unit)
{
	const int *cells = s->unit_cells + (size_t)unit * (size_t)s->n;
	int n = s->n, m = 0, open = 0, atmost = 0;
	dom_t d[CDOK_MAX_SIZE], loose = 0, decided = 0;
	int at[CDOK_MAX_SIZE], value_of_cell[CDOK_MAX_SIZE];
	int cell_of_value[CDOK_MAX_SIZE + 1], small[CDOK_MAX_SIZE + 1];
	uint64_t reach[CDOK_MAX_SIZE];
	bool tight = false, hit = false, ok = true;

	/* With at most two open cells the singles have already said all
	 * there is: such cells can only hold the unit's missing values,
	 * and a matching cannot narrow two cells that share two values. */
	for (int i = 0; i < n; i++)
		if (dom[cells[i]] & (dom[cells[i]] - 1)) {
			loose |= dom[cells[i]];
			open++;
		}
	if (open < 3)
		return true;
	/* Only the open cells take part, and decided cells whose value an
	 * open cell still has (decided by the matching of another unit in
	 * this same pass).  Any other decided cell's value is gone from
	 * the rest of the unit: it is a matching of its own, which fails
	 * only if another decided cell has the same value. */
	memset(small, 0, (size_t)(n + 1) * sizeof(small[0]));
	for (int i = 0; i < n; i++) {
		dom_t x = dom[cells[i]];

		if ((x & (x - 1)) || (x & loose)) {
			at[m] = cells[i];
			d[m++] = x;
			small[popc(x)]++;
		} else if (x & decided) {
			return false;
		} else {
			decided |= x;
		}
	}
	/* Pruning needs a proper subset of k cells whose candidates
	 * together are only k values, so k cells with at most k
	 * candidates each.  When no k < m has that many the matching
	 * cannot remove anything (the cells' candidates are then exactly
	 * the unit's missing values, as the singles saw to), and large,
	 * loose units are spared the whole test. */
	for (int k = 1; k < m && !tight; k++) {
		atmost += small[k];
		tight = atmost >= k;
	}
	if (!tight || !matching_due(s->u))
		return true;
	s->work += (uint64_t)m * (uint64_t)m;
	for (int v = 0; v <= n; v++)
		cell_of_value[v] = -1;
	for (int i = 0; i < m; i++)
		value_of_cell[i] = -1;
	/* Greedy start, then augmenting paths for the rest. */
	for (int i = 0; i < m; i++)
		for (dom_t a = d[i]; a; a &= a - 1)
			if (cell_of_value[low_value(a)] < 0) {
				cell_of_value[low_value(a)] = i;
				value_of_cell[i] = low_value(a);
				break;
			}
	for (int i = 0; i < m; i++) {
		dom_t seen = 0;

		if (value_of_cell[i] < 0 &&
		    !augment(d, i, cell_of_value, value_of_cell, &seen)) {
			matching_done(s->u, true);
			return false;
		}
	}
	for (int i = 0; i < m; i++) {
		reach[i] = 0;
		for (dom_t a = d[i]; a; a &= a - 1)
			reach[i] |= (uint64_t)1 << cell_of_value[low_value(a)];
	}
	/* Transitive closure, bit-parallel (Warshall). */
	for (int k = 0; k < m; k++)
		for (int i = 0; i < m; i++)
			if (reach[i] >> k & 1)
				reach[i] |= reach[k];
	for (int i = 0; i < m; i++) {
		dom_t keep = 0;

		for (dom_t a = d[i]; a; a &= a - 1) {
			int j = cell_of_value[low_value(a)];

			if (j == i ||
			    ((reach[i] >> j & 1) && (reach[j] >> i & 1)))
				keep |= a & -a;
		}
		if (keep != d[i]) {
			hit = true;
			ok = narrow(s, dom, at[i], keep);
			if (!ok)
				break;
		}
	}
	matching_done(s->u, hit);
	return ok;
}

/* Whole rows of a Latin square can always be added to a Latin
 * rectangle (each row is a perfect matching of columns to the values
 * they still miss, which exists because that bipartite graph is
 * regular: Hall's marriage theorem), so free rows -- or free columns --
 * are filled line by line without search.  Boxes break the argument. */
static bool units_can_complete(const struct engine *s)
{
	return s->nkinds == 2 && !s->u->diags;
}

static bool units_complete(struct engine *s, const dom_t *dom)
{
	int n = s->n;
	dom_t used[CDOK_MAX_SIZE], d[CDOK_MAX_SIZE];
	int value_of_cell[CDOK_MAX_SIZE], cell_of_value[CDOK_MAX_SIZE + 1];

	/* used[j]: the values line j of the other orientation (a column,
	 * when filling rows) already has. */
	for (int j = 0; j < n; j++)
		used[j] = 0;
	for (int i = 0; i < s->ncells; i++) {
		int line = s->free_rows ? i / n : i % n;
		int across = s->free_rows ? i % n : i / n;

		if (s->free_line[line])
			continue;
		if (dom[i] & (dom[i] - 1))
			return false;
		s->values[i] = low_value(dom[i]);
		used[across] |= dom[i];
	}
	for (int line = 0; line < n; line++) {
		if (!s->free_line[line])
			continue;
		s->work += (uint64_t)n * (uint64_t)n;
		for (int v = 0; v <= n; v++)
			cell_of_value[v] = -1;
		for (int j = 0; j < n; j++) {
			dom_t seen = 0;

			d[j] = s->valid & ~used[j];
			value_of_cell[j] = -1;
			if (!augment(d, j, cell_of_value, value_of_cell, &seen))
				return false;
		}
		for (int j = 0; j < n; j++) {
			int cell = s->free_rows ? line * n + j : j * n + line;

			s->values[cell] = value_of_cell[j];
			used[j] |= BIT(value_of_cell[j]);
		}
	}
	return true;
}

/* Naked singles at once; hidden singles once no cheap look at a cage is
 * waiting (Q_CHEAP, Q_LIGHT: engine/propagate.h), so that a unit is
 * looked at once for many changes to it rather than once per change (a
 * cage's reasoning changes several of its cells), and before the costly
 * looks, which the singles make cheaper. */
static enum step units_cheap(struct engine *s, dom_t *dom)
{
	if (!eliminate_fixed(s, dom))
		return STEP_FAIL;
	if (!s->q[Q_CHEAP].count && !s->q[Q_LIGHT].count &&
	    (!each_dirty_unit(s, dom, s->dirty, unit_singles) ||
	     (s->u->diag_dirty && !diagonal_singles(s, dom))))
		return STEP_FAIL;
	return s->u->nfixed ? STEP_AGAIN : STEP_DONE;
}

/* The matching test on the units that changed, on larger grids. */
static enum step units_full(struct engine *s, dom_t *dom)
{
	if (s->n <= ALLDIFF_MIN_N) {
		for (int k = 0; k < NKINDS; k++)
			s->u->ad_dirty[k] = 0;
		return STEP_DONE;
	}
	if (!each_dirty_unit(s, dom, s->u->ad_dirty, unit_alldiff))
		return STEP_FAIL;
	if (s->u->nfixed || s->dirty[KIND_ROW] || s->dirty[KIND_COL] ||
	    s->dirty[KIND_BOX] || s->u->diag_dirty)
		return STEP_AGAIN;
	return STEP_DONE;
}

/* The grader's cage scan (cdki_latin_scan), which needs the tables. */
#include "solve/engine/scan.h"
