/* tech_units.c -- the techniques about rows, columns and boxes: singles,
 * box-line intersections, subsets, fish, forcing chains, and the guess
 * that ends an Unreasonable puzzle's logic (doc/LEVELS.md).
 *
 * Each finds the first place (units in order, values in increasing
 * order) where it makes progress and describes it in g->step.
 */
#include <string.h>

#include "grade/grade.h"

static inline int popc(uint64_t x)
{
	return cdok_popcount(x);
}

static inline int low(uint64_t x)
{
	return __builtin_ctzll(x);
}

#define BIT(v) ((uint64_t)1 << (v))

/* Values placed in a unit. */
static inline uint64_t unit_placed(const struct grader *g, int unit)
{
	return g->placed[unit];
}

/* ---- singles ---- */

/* A value with one place left in a unit of the units first..last-1
 * (whole kinds): the first such unit in order, its smallest such value;
 * -1 when a value a unit misses has no place left.  Only hot units can
 * have one (g->count). */
static int hidden_single_in(struct grader *g, int tech, int first, int last)
{
	for (int kind = cdki_kind_of(g->n, first);
	     kind < cdki_kind_of(g->n, last); kind++)
	for (uint64_t hot = g->hot[kind]; hot; hot &= hot - 1) {
		int unit = kind * g->n + low(hot);
		uint64_t missing = g->full & ~unit_placed(g, unit);
		const int *u;
		int v;

		if (g->zeros[unit] & missing)
			return CDKI_CONTRADICTION;
		if (!(g->ones[unit] & missing)) {
			g->hot[kind] &= ~(hot & -hot);
			continue;
		}
		/* Its one place is open: a placed cell holds a value the
		 * unit does not miss. */
		v = low(g->ones[unit] & missing);
		u = unit_of(g, unit);
		for (int i = 0; i < g->n; i++)
			if (g->dom[u[i]] & BIT(v)) {
				cdki_step_begin(g, tech);
				cdki_step_place(g, u[i], v);
				cdki_step_cell(g, u[i]);
				g->step.value = v;
				g->step.unit = unit;
				return 1;
			}
	}
	return 0;
}

int cdki_tech_box_single(struct grader *g)
{
	if (g->nkinds < 3)
		return 0;
	return hidden_single_in(g, TECH_BOX_SINGLE, CDKI_BOX * g->n,
				(CDKI_BOX + 1) * g->n);
}

int cdki_tech_hidden_single(struct grader *g)
{
	/* Rows, then columns. */
	return hidden_single_in(g, TECH_HIDDEN_SINGLE, CDKI_ROW * g->n,
				(CDKI_COL + 1) * g->n);
}

/* Killer X, Sudoku X: a value with one place left on a diagonal (units
 * 3n, 3n + 1).  The diagonals keep no counts: they are looked at whole,
 * two units of a puzzle that has them. */
int cdki_tech_diagonal_single(struct grader *g)
{
	int n = g->n;

	if (!cdki_has_diagonals(g->p))
		return 0;
	for (int unit = 3 * n; unit < 3 * n + 2; unit++) {
		const int *u = unit_of(g, unit);
		uint64_t placed = 0, once = 0, more = 0, missing;

		for (int i = 0; i < n; i++) {
			uint64_t d = g->val[u[i]] ? 0 : g->dom[u[i]];

			placed |= g->val[u[i]] ? BIT(g->val[u[i]]) : 0;
			more |= once & d;
			once |= d;
		}
		missing = g->full & ~placed;
		if (missing & ~once)
			return CDKI_CONTRADICTION;
		once &= ~more & missing;
		if (!once)
			continue;
		for (int i = 0; i < n; i++)
			if (!g->val[u[i]] && (g->dom[u[i]] & BIT(low(once)))) {
				cdki_step_begin(g, TECH_DIAGONAL_SINGLE);
				cdki_step_place(g, u[i], low(once));
				cdki_step_cell(g, u[i]);
				g->step.value = low(once);
				g->step.unit = unit;
				return 1;
			}
	}
	return 0;
}

int cdki_tech_naked_single(struct grader *g)
{
	/* The open cells that were left one candidate, first in reading
	 * order. */
	for (int w = 0; w <= (g->ncells - 1) / 64; w++) {
		while (g->single[w]) {
			int cell = w * 64 + low(g->single[w]);
			uint64_t d = g->dom[cell];

			g->single[w] &= g->single[w] - 1;
			if (g->val[cell] || (d & (d - 1)))
				continue;
			if (!d)
				return CDKI_CONTRADICTION;
			cdki_step_begin(g, TECH_NAKED_SINGLE);
			cdki_step_place(g, cell, low(d));
			cdki_step_cell(g, cell);
			g->step.value = low(d);
			return 1;
		}
	}
	return 0;
}

/* ---- box and line ---- */

/* Bring the intersections' dirty units up to date with the units
 * changed since (g->dirty_cross): a changed row or column makes the
 * boxes crossing it dirty for pointing, a changed box the lines
 * crossing it for claiming. */
static void intersect_dirty(struct grader *g)
{
	for (uint64_t m = g->dirty_cross[0]; m; m &= m - 1)
		g->dirty_pointing[0] |= g->line_boxes[0][__builtin_ctzll(m)];
	for (uint64_t m = g->dirty_cross[1]; m; m &= m - 1)
		g->dirty_pointing[1] |= g->line_boxes[1][__builtin_ctzll(m)];
	for (uint64_t m = g->dirty_cross[2]; m; m &= m - 1) {
		g->dirty_claiming[0] |= g->box_lines[0][__builtin_ctzll(m)];
		g->dirty_claiming[1] |= g->box_lines[1][__builtin_ctzll(m)];
	}
	for (int k = 0; k < CDKI_KINDS; k++)
		g->dirty_cross[k] = 0;
}

/* In unit a, value v can only go where a meets unit b: remove it from
 * the rest of b. */
static int intersect(struct grader *g, int tech, int a_first, int a_last,
		     int b_kind)
{
	/* Per unit of kind b_kind: its segment in the unit looked at, or
	 * -1 (put back after each unit). */
	signed char at[64];

	memset(at, -1, sizeof(at));
	intersect_dirty(g);
	for (int a = a_first; a < a_last; a++) {
		const int *u = unit_of(g, a);
		int a_kind = cdki_kind_of(g->n, a);
		uint64_t missing = g->full & ~unit_placed(g, a);
		/* Units that found nothing and whose cells, and those of the
		 * units crossing them, have not changed since (mark_dirty)
		 * would find nothing again. */
		uint64_t *dirty = tech == TECH_POINTING
				  ? &g->dirty_pointing[b_kind]
				  : &g->dirty_claiming[a_kind];
		uint64_t bit = (uint64_t)1 << (a % g->n);
		/* Where a meets the units of kind b_kind: per segment, the
		 * candidates of its open cells, and those of two or more. */
		int seg[64], nseg = 0;
		uint64_t once[64], twice[64], any = 0, many = 0, found = 0;

		if (!(*dirty & bit))
			continue;
		for (int i = 0; i < g->n; i++) {
			int c = u[i], cb = cell_unit(g, c, b_kind);
			int k = at[cb - b_kind * g->n];

			if (g->val[c])
				continue;
			if (k < 0) {
				k = at[cb - b_kind * g->n] = nseg;
				seg[nseg++] = cb;
				once[k] = twice[k] = 0;
			}
			twice[k] |= once[k] & g->dom[c];
			once[k] |= g->dom[c];
		}
		for (int k = 0; k < nseg; k++) {
			at[seg[k] - b_kind * g->n] = -1;
			many |= any & once[k];
			any |= once[k];
		}
		/* The missing values open in one segment only, in two cells
		 * or more of it. */
		for (int k = 0; k < nseg; k++)
			found |= once[k] & twice[k];
		found &= missing & any & ~many;
		for (uint64_t m = found; m; m &= m - 1) {
			int v = low(m), b, kb = 0;

			while (!(once[kb] & BIT(v)))
				kb++;
			b = seg[kb];
			/* Mostly v has gone from the rest of b already (the
			 * step was taken before): look first. */
			{
				const int *ub = unit_of(g, b);
				int i = 0;

				while (i < g->n &&
				       (cell_unit(g, ub[i], a_kind) == a ||
					g->val[ub[i]] ||
					!(g->dom[ub[i]] & BIT(v))))
					i++;
				if (i == g->n)
					continue;
			}
			cdki_step_begin(g, tech);
			for (int i = 0; i < g->n; i++) {
				int c = unit_of(g, b)[i];

				if (cell_unit(g, c, a_kind) != a)
					cdki_step_remove(g, c, BIT(v));
			}
			if (!g->step.nrm)
				continue;
			for (int i = 0; i < g->n; i++)
				if (!g->val[u[i]] && (g->dom[u[i]] & BIT(v)))
					cdki_step_cell(g, u[i]);
			g->step.value = v;
			g->step.unit = a;
			g->step.unit2 = b;
			return 1;
		}
		*dirty &= ~bit;
	}
	return 0;
}

int cdki_tech_pointing(struct grader *g)
{
	int n = g->n;

	if (g->nkinds < 3)
		return 0;
	/* A box with rows, then with columns. */
	for (int kind = CDKI_ROW; kind <= CDKI_COL; kind++) {
		int r = intersect(g, TECH_POINTING, CDKI_BOX * n,
				  (CDKI_BOX + 1) * n, kind);

		if (r)
			return r;
	}
	/* Killer X: a box with the diagonals (tech_diagonals.c). */
	return cdki_diagonal_pointing(g);
}

int cdki_tech_claiming(struct grader *g)
{
	int r;

	if (g->nkinds < 3)
		return 0;
	r = intersect(g, TECH_CLAIMING, CDKI_ROW * g->n,
		      (CDKI_COL + 1) * g->n, CDKI_BOX);
	/* Killer X: a diagonal with the boxes (tech_diagonals.c). */
	return r ? r : cdki_diagonal_claiming(g);
}

/* ---- Hall sets: subsets and fish ---- */

/* A bipartite graph of m left and m right nodes (m <= 63), adj[i] the
 * right neighbours of left node i.  Every left node must get its own
 * right node (a cell its value, a row its column).  A Hall set is a set
 * R of k left nodes whose neighbours are k right nodes N(R): those go to
 * R, so no left node outside R may take one.  Finds the Hall set that
 * removes something and is smallest in either form (R, or the nodes
 * outside it, whose only right nodes are those outside N(R)), of size 2
 * to m - 2.  Returns 1 with *set and *nset filled, 0 when there is none,
 * -1 when no assignment exists at all. */
static bool augment(const uint64_t *adj, int i, int *mate_r, uint64_t *seen)
{
	for (uint64_t a = adj[i] & ~*seen; a; a &= a - 1) {
		int r = low(a);

		*seen |= BIT(r);
		if (mate_r[r] < 0 || augment(adj, mate_r[r], mate_r, seen)) {
			mate_r[r] = i;
			return true;
		}
	}
	return false;
}

static int hall_set(int m, const uint64_t *adj, uint64_t *set,
		    uint64_t *nset)
{
	int mate_r[64];
	uint64_t reach[64], all = m == 64 ? ~(uint64_t)0 : BIT(m) - 1;
	int best = m;

	uint64_t taken = 0, left = 0;

	/* A greedy matching first, completed by augmenting paths.  Which
	 * perfect matching comes out does not matter: what i reaches below
	 * is the smallest tight set holding i, whatever the matching. */
	for (int r = 0; r < m; r++)
		mate_r[r] = -1;
	for (int i = 0; i < m; i++) {
		uint64_t a = adj[i] & ~taken;

		if (a) {
			mate_r[low(a)] = i;
			taken |= a & -a;
		} else {
			left |= BIT(i);
		}
	}
	for (; left; left &= left - 1) {
		uint64_t seen = 0;

		if (!augment(adj, low(left), mate_r, &seen))
			return CDKI_CONTRADICTION;
	}
	/* i reaches j when i could take the right node j has. */
	for (int i = 0; i < m; i++) {
		reach[i] = BIT(i);
		for (uint64_t a = adj[i]; a; a &= a - 1)
			reach[i] |= BIT(mate_r[low(a)]);
	}
	/* Mostly every node reaches every other (no Hall set at all): so
	 * when node 0 reaches all and all reach node 0, stop here. */
	{
		uint64_t fwd = reach[0], to0 = 1, grown;

		do {
			grown = fwd;
			for (uint64_t a = fwd; a; a &= a - 1)
				fwd |= reach[low(a)];
		} while (fwd != grown && fwd != all);
		do {
			grown = to0;
			for (int i = 0; i < m; i++)
				if (reach[i] & to0)
					to0 |= BIT(i);
		} while (to0 != grown && to0 != all);
		if (fwd == all && to0 == all)
			return 0;
	}
	for (int k = 0; k < m; k++)
		for (int i = 0; i < m; i++)
			if (reach[i] & BIT(k))
				reach[i] |= reach[k];
	for (int i = 0; i < m; i++) {
		uint64_t r = reach[i], nr = 0;
		int size = popc(r), form = size < m - size ? size : m - size;
		bool useful = false;

		if (size < 2 || size > m - 2 || form >= best)
			continue;
		for (uint64_t a = r; a; a &= a - 1)
			nr |= adj[low(a)];
		for (uint64_t o = all & ~r; o && !useful; o &= o - 1)
			useful = (adj[low(o)] & nr) != 0;
		if (!useful)
			continue;
		best = form;
		*set = r;
		*nset = nr;
	}
	return best < m;
}

/* The values placed on diagonal unit (3n or 3n + 1), which keeps no
 * books of its own (g->placed has the Latin units'). */
static uint64_t diagonal_placed(const struct grader *g, int unit)
{
	const int *u = unit_of(g, unit);
	uint64_t placed = 0;

	for (int i = 0; i < g->n; i++)
		placed |= g->val[u[i]] ? BIT(g->val[u[i]]) : 0;
	return placed;
}

/* Naked and hidden subsets in one unit (a diagonal too). */
static int subset_in(struct grader *g, int unit)
{
	const int *u = unit_of(g, unit);
	int cells[64], values[64], m = 0, nv = 0, vi[64];
	uint64_t adj[64], missing = g->full &
		~(unit >= 3 * g->n ? diagonal_placed(g, unit)
				   : unit_placed(g, unit));
	uint64_t set = 0, nset = 0, outside;
	int r, size;

	for (uint64_t a = missing; a; a &= a - 1) {
		vi[low(a)] = nv;
		values[nv++] = low(a);
	}
	for (int i = 0; i < g->n; i++) {
		int c = u[i];

		if (g->val[c])
			continue;
		adj[m] = 0;
		for (uint64_t a = g->dom[c] & missing; a; a &= a - 1)
			adj[m] |= BIT(vi[low(a)]);
		cells[m++] = c;
	}
	if (m != nv)
		return CDKI_CONTRADICTION;
	if (m < 4)
		return 0;
	r = hall_set(m, adj, &set, &nset);
	if (r <= 0)
		return r;
	size = popc(set);
	outside = (m == 64 ? ~(uint64_t)0 : BIT(m) - 1) & ~set;
	cdki_step_begin(g, size <= m - size ? TECH_NAKED_SUBSET
				       : TECH_HIDDEN_SUBSET);
	g->step.unit = unit;
	for (uint64_t o = outside; o; o &= o - 1) {
		int i = low(o);
		uint64_t rm = 0;

		for (uint64_t a = adj[i] & nset; a; a &= a - 1)
			rm |= BIT(values[low(a)]);
		cdki_step_remove(g, cells[i], rm);
	}
	if (g->step.tech == TECH_NAKED_SUBSET) {
		for (uint64_t a = set; a; a &= a - 1)
			cdki_step_cell(g, cells[low(a)]);
		for (uint64_t a = nset; a; a &= a - 1)
			g->step.values |= BIT(values[low(a)]);
	} else {
		uint64_t all = (nv == 64 ? ~(uint64_t)0 : BIT(nv) - 1);

		for (uint64_t a = outside; a; a &= a - 1)
			cdki_step_cell(g, cells[low(a)]);
		for (uint64_t a = all & ~nset; a; a &= a - 1)
			g->step.values |= BIT(values[low(a)]);
	}
	return 1;
}

int cdki_tech_naked_subset(struct grader *g)
{
	int n = g->n;

	/* Boxes first on Solo's scale, as Solo looks at them. */
	for (int k = 0; k < g->nkinds; k++) {
		int kind = g->nkinds == 3 ? (k + 2) % 3 : k;

		for (int unit = kind * n; unit < (kind + 1) * n; unit++) {
			uint64_t bit = (uint64_t)1 << (unit - kind * n);
			int r;

			if (!(g->dirty_subsets[kind] & bit))
				continue;
			r = subset_in(g, unit);
			if (r)
				return r;
			g->dirty_subsets[kind] &= ~bit;
		}
	}
	/* Killer X: the diagonals after every other unit (they keep no
	 * dirty bits; two units cost little to look at). */
	for (int unit = 3 * n; cdki_has_diagonals(g->p) && unit < 3 * n + 2;
	     unit++) {
		int r = subset_in(g, unit);

		if (r)
			return r;
	}
	return 0;
}

/* Found with the naked ones: both forms come from one Hall set. */
int cdki_tech_hidden_subset(struct grader *g)
{
	(void)g;
	return 0;
}

int cdki_tech_fish(struct grader *g)
{
	int n = g->n;

	for (int v = 1; v <= n; v++) {
		int rows[64], cols[64], m = 0, nc = 0;
		uint64_t adj[64], rowdone = 0, coldone = 0, set = 0, nset = 0;
		uint64_t outside;
		int r;

		/* Nothing about v changed since it gave nothing. */
		if (!(g->fish_dirty & BIT(v)))
			continue;
		for (int line = 0; line < n; line++) {
			if (unit_placed(g, line) & BIT(v))
				rowdone |= BIT(line);
			if (unit_placed(g, n + line) & BIT(v))
				coldone |= BIT(line);
		}
		for (int c = 0; c < n; c++)
			if (!(coldone & BIT(c)))
				cols[nc++] = c;
		for (int row = 0; row < n; row++) {
			if (rowdone & BIT(row))
				continue;
			adj[m] = 0;
			for (int j = 0; j < nc; j++) {
				int cell = row * n + cols[j];

				if (!g->val[cell] && (g->dom[cell] & BIT(v)))
					adj[m] |= BIT(j);
			}
			rows[m++] = row;
		}
		if (m != nc)
			return CDKI_CONTRADICTION;
		if (m < 4) {
			g->fish_dirty &= ~BIT(v);
			continue;
		}
		r = hall_set(m, adj, &set, &nset);
		if (r < 0)
			return CDKI_CONTRADICTION;
		if (!r) {
			g->fish_dirty &= ~BIT(v);
			continue;
		}
		outside = (m == 64 ? ~(uint64_t)0 : BIT(m) - 1) & ~set;
		cdki_step_begin(g, TECH_FISH);
		g->step.value = v;
		for (uint64_t o = outside; o; o &= o - 1)
			for (uint64_t a = adj[low(o)] & nset; a; a &= a - 1)
				cdki_step_remove(g, rows[low(o)] * n +
						 cols[low(a)], BIT(v));
		/* The chain holds the base lines, then the cover lines, as
		 * unit numbers: rows (and columns) in the smaller form. */
		if (popc(set) <= m - popc(set)) {
			for (uint64_t a = set; a; a &= a - 1)
				g->step.chain[g->step.nchain++] = rows[low(a)];
			g->step.count = g->step.nchain;
			for (uint64_t a = nset; a; a &= a - 1)
				g->step.chain[g->step.nchain++] =
					n + cols[low(a)];
		} else {
			uint64_t allc = BIT(m) - 1;

			for (uint64_t a = allc & ~nset; a; a &= a - 1)
				g->step.chain[g->step.nchain++] =
					n + cols[low(a)];
			g->step.count = g->step.nchain;
			for (uint64_t a = outside; a; a &= a - 1)
				g->step.chain[g->step.nchain++] = rows[low(a)];
		}
		for (int i = 0; i < g->step.count; i++) {
			int line = g->step.chain[i];

			for (int j = 0; j < n; j++) {
				int cell = unit_of(g, line)[j];

				if (!g->val[cell] && (g->dom[cell] & BIT(v)))
					cdki_step_cell(g, cell);
			}
		}
		return 1;
	}
	return 0;
}

/* ---- forcing chains ---- */

/* Cells that see each other for a chain: the same row or column, on
 * Solo's scale the same box, in a Killer X the same diagonal. */
static bool chain_sees(const struct grader *g, int a, int b)
{
	for (int k = 0; k < g->nkinds; k++)
		if (cell_unit(g, a, k) == cell_unit(g, b, k))
			return true;
	return cdki_same_diagonal(g->p, a, b);
}

/* The step of a chain from start (v when it is not) that reached x,
 * whose peer y therefore cannot be v. */
static int chain_found(struct grader *g, int start, int v, int x, int y)
{
	const int *prev = g->prev, *num = g->num;

	cdki_step_begin(g, TECH_FORCING_CHAIN);
	cdki_step_remove(g, y, BIT(v));
	g->step.value = v;
	g->step.other = num[start];
	g->step.target = y;
	/* The chain from the start to x, with the value each cell takes
	 * when start is not v. */
	for (int c = x; c >= 0; c = prev[c])
		g->step.nchain++;
	for (int c = x, j = g->step.nchain; c >= 0; c = prev[c]) {
		j--;
		g->step.chain[2 * j] = c;
		g->step.chain[2 * j + 1] = num[c];
	}
	for (int j = 0; j < g->step.nchain; j++)
		cdki_step_cell(g, g->step.chain[2 * j]);
	cdki_step_cell(g, y);
	return 1;
}

/* From a cell with two candidates: if it is not v it is the other one,
 * w; then every cell that sees it cannot be w, and a cell among those
 * with two candidates is its other one, and so on.  A cell reached as v
 * that sees a cell which also sees the start cell: that cell cannot be
 * v, whichever way the start cell goes. */
static int chain_from(struct grader *g, int start, int v)
{
	int *queue = g->queue, *prev = g->prev, *num = g->num;
	int head = 0, tail = 0;
	uint64_t d = g->dom[start];

	for (int i = 0; i < g->ncells; i++)
		num[i] = 0;
	queue[tail++] = start;
	prev[start] = -1;
	num[start] = low(d & ~BIT(v));
	while (head < tail) {
		int x = queue[head++], cur = num[x];

		for (int k = 0; k < g->nkinds; k++) {
			const int *u = unit_of(g, cell_unit(g, x, k));

			for (int i = 0; i < g->n; i++) {
				int y = u[i];
				uint64_t dy = g->dom[y];

				if (y == x || num[y] || g->val[y] ||
				    !(dy & BIT(cur)))
					continue;
				if (popc(dy) == 2) {
					queue[tail++] = y;
					prev[y] = x;
					num[y] = low(dy & ~BIT(cur));
				}
				if (cur == v && chain_sees(g, y, start))
					return chain_found(g, start, v, x, y);
			}
		}
	}
	return 0;
}

/* chain_from on a grid of at most 128 cells, with sets of cells as
 * bits: the cells of each unit (g->unit_sets) and the open cells that
 * have value v (has[v], made when first needed: made has bit v).  A
 * unit's cells are in increasing order (units_init), so the cells are
 * met in the same order and the first step found is the same. */
typedef unsigned __int128 cellset;

static inline int cellset_low(cellset c)
{
	uint64_t lo = (uint64_t)c;

	return lo ? __builtin_ctzll(lo)
		  : 64 + __builtin_ctzll((uint64_t)(c >> 64));
}

static cellset cells_with(const struct grader *g, int v, cellset *has,
			  uint64_t *made)
{
	if (!(*made & BIT(v))) {
		cellset c = 0;

		for (int cell = 0; cell < g->ncells; cell++)
			if (!g->val[cell] && (g->dom[cell] & BIT(v)))
				c |= (cellset)1 << cell;
		has[v] = c;
		*made |= BIT(v);
	}
	return has[v];
}

static int chain_from_small(struct grader *g, int start, int v,
			    cellset *has, uint64_t *made)
{
	int *queue = g->queue, *prev = g->prev, *num = g->num;
	int head = 0, tail = 0;
	cellset seen = (cellset)1 << start;

	queue[tail++] = start;
	prev[start] = -1;
	num[start] = low(g->dom[start] & ~BIT(v));
	while (head < tail) {
		int x = queue[head++], cur = num[x];
		cellset with = cells_with(g, cur, has, made) & ~seen &
			       ~((cellset)1 << x);

		for (int k = 0; k < g->nkinds; k++) {
			cellset c = g->unit_sets[cell_unit(g, x, k)] &
				    with & ~seen;

			for (; c; c &= c - 1) {
				int y = cellset_low(c);
				uint64_t dy = g->dom[y];

				if (popc(dy) == 2) {
					queue[tail++] = y;
					prev[y] = x;
					num[y] = low(dy & ~BIT(cur));
					seen |= (cellset)1 << y;
				}
				if (cur == v && chain_sees(g, y, start))
					return chain_found(g, start, v, x, y);
			}
		}
	}
	return 0;
}

int cdki_tech_forcing_chain(struct grader *g)
{
	cellset has[64];
	uint64_t made = 0;

	/* Unit 0 has cells: all 0 means not filled yet. */
	if (g->unit_sets && !g->unit_sets[0])
		for (int c = 0; c < g->ncells; c++)
			for (int k = 0; k < g->nkinds; k++)
				g->unit_sets[cell_unit(g, c, k)] |=
					(cellset)1 << c;

	for (int cell = 0; cell < g->ncells; cell++) {
		uint64_t d = g->dom[cell];

		if (g->val[cell] || popc(d) != 2)
			continue;
		for (uint64_t a = d; a; a &= a - 1) {
			int r = g->unit_sets
				? chain_from_small(g, cell, low(a), has, &made)
				: chain_from(g, cell, low(a));

			if (r)
				return r;
		}
	}
	return 0;
}

/* ---- guessing ---- */

int cdki_tech_guess(struct grader *g)
{
	int best = -1;

	if (!g->solution)
		return 0;
	for (int cell = 0; cell < g->ncells; cell++)
		if (!g->val[cell] &&
		    (best < 0 || popc(g->dom[cell]) < popc(g->dom[best])))
			best = cell;
	if (best < 0 || !(g->dom[best] & BIT(g->solution[best])))
		return best < 0 ? 0 : CDKI_CONTRADICTION;
	cdki_step_begin(g, TECH_GUESS);
	cdki_step_place(g, best, g->solution[best]);
	cdki_step_cell(g, best);
	g->step.value = g->solution[best];
	g->step.values = g->dom[best];
	return 1;
}
