/* grader.c -- the grader's state, steps and the run that applies
 * techniques easiest first (grade.h, doc/LEVELS.md).
 */
#include <string.h>

#include "grade/grade.h"

const struct grade_tech cdki_grade_techs[TECH_COUNT] = {
#define GRADE_TECH_ROW(id, fn, name, title, keen, solo, weight, text)	\
	{ name, title, { -1, KEEN_##keen, SOLO_##solo }, weight, text },
	GRADE_TECHNIQUES(GRADE_TECH_ROW)
#undef GRADE_TECH_ROW
};

/* cage_clean keeps CAGE_NEVER apart from the scan techniques' bits. */
_Static_assert(SCAN_ALL < CAGE_NEVER, "too many scan techniques");

static const grade_tech_fn tech_fns[TECH_COUNT] = {
#define GRADE_TECH_FN(id, fn, name, title, keen, solo, weight, text) \
	cdki_tech_##fn,
	GRADE_TECHNIQUES(GRADE_TECH_FN)
#undef GRADE_TECH_FN
};

int cdki_grade_order(cdok_scale scale, int max_level, int *order)
{
	int n = 0;

	if (scale != CDOK_SCALE_CALCUDOKU && scale != CDOK_SCALE_KILLER)
		return 0;
	/* By level, and within a level in the order of the list. */
	for (int level = 0; level < SOLO_NLEVELS; level++) {
		if (max_level >= 0 && level > max_level)
			break;
		for (int t = 0; t < TECH_COUNT; t++)
			if (cdki_grade_techs[t].level[scale] == level)
				order[n++] = t;
	}
	return n;
}

int cdki_unit_kind(const struct grader *g, int unit)
{
	return cdki_kind_of(g->n, unit);
}

bool cdki_cells_see(const struct grader *g, int a, int b)
{
	int ca;

	if (a == b)
		return false;
	for (int k = 0; k < g->nkinds; k++)
		if (cell_unit(g, a, k) == cell_unit(g, b, k))
			return true;
	if (cdki_same_diagonal(g->p, a, b))
		return true;
	ca = g->p->cage_of[a];
	return ca >= 0 && ca == g->p->cage_of[b] && g->p->cages[ca].distinct;
}

/* ---- steps ---- */

void cdki_step_begin(struct grader *g, int tech)
{
	struct gstep *s = &g->step;

	for (int i = 0; i < s->nrm; i++)
		s->rm[s->rm_cells[i]] = 0;
	s->nrm = 0;
	s->tech = tech;
	s->value = s->other = 0;
	s->values = 0;
	s->unit = s->unit2 = -1;
	s->cage_kind = SC_NONE;
	s->cage = -1;
	s->sum = s->total = s->used = s->count = 0;
	s->target = -1;
	s->ncells = s->nchain = s->ncombos = 0;
	s->place_cell = s->place_value = -1;
}

bool cdki_step_remove(struct grader *g, int cell, uint64_t rm)
{
	struct gstep *s = &g->step;

	rm &= g->dom[cell] & ~s->rm[cell];
	if (!rm || g->val[cell])
		return false;
	if (!s->rm[cell])
		s->rm_cells[s->nrm++] = cell;
	s->rm[cell] |= rm;
	return true;
}

void cdki_step_place(struct grader *g, int cell, int value)
{
	g->step.place_cell = cell;
	g->step.place_value = value;
}

void cdki_step_cell(struct grader *g, int cell)
{
	struct gstep *s = &g->step;

	for (int i = 0; i < s->ncells; i++)
		if (s->cells[i] == cell)
			return;
	s->cells[s->ncells++] = cell;
}

/* Note that a cell's candidates changed: its units, and whether it has
 * one candidate left. */
static inline void mark_dirty(struct grader *g, int cell)
{
	uint64_t d = g->dom[cell];
	const uint64_t *bits = g->cell_bits + cell * CDKI_KINDS;

	for (int k = 0; k < CDKI_KINDS; k++) {
		g->dirty_subsets[k] |= bits[k];
		g->dirty_cross[k] |= bits[k];
	}
	if (!g->val[cell] && d && !(d & (d - 1)))
		g->single[cell / 64] |= (uint64_t)1 << (cell % 64);
}

/* Value v of unit u has c places left (0 or 1): note it in ones and
 * zeros, and the unit as hot when the unit misses v. */
static void count_note(struct grader *g, int u, int v, int c)
{
	uint64_t b = (uint64_t)1 << v;

	if (c) {
		g->ones[u] |= b;
	} else {
		g->ones[u] &= ~b;
		g->zeros[u] |= b;
	}
	if (!(g->placed[u] & b))
		g->hot[u / g->n] |= (uint64_t)1 << (u % g->n);
}

/* Cell loses the candidates vals: one place fewer for each in each of
 * its units. */
static inline void count_lose(struct grader *g, int cell, uint64_t vals)
{
	const int *cu = g->cell_units + cell * CDKI_KINDS;
	int stride = g->n + 1;
	unsigned char *c0 = g->count + cu[0] * stride;
	unsigned char *c1 = g->count + cu[1] * stride;
	unsigned char *c2 = g->count + cu[2] * stride;

	bool boxes = g->nkinds > 2;

	for (; vals; vals &= vals - 1) {
		int v = __builtin_ctzll(vals);

		if (--c0[v] <= 1)
			count_note(g, cu[0], v, c0[v]);
		if (--c1[v] <= 1)
			count_note(g, cu[1], v, c1[v]);
		if (boxes && --c2[v] <= 1)
			count_note(g, cu[2], v, c2[v]);
	}
}

/* Cell gains the candidate v (a given the pencil marks left out). */
static void count_gain(struct grader *g, int cell, int v)
{
	uint64_t b = (uint64_t)1 << v;

	for (int k = 0; k < g->nkinds; k++) {
		int u = cell_unit(g, cell, k);
		int c = ++g->count[u * (g->n + 1) + v];

		g->zeros[u] &= ~b;
		if (c == 1)
			count_note(g, u, v, 1);
		else
			g->ones[u] &= ~b;
	}
}

/* A cell's candidates become nd (a subset).  The engine's scan of its
 * cage stays true when the values removed take part in no layout of
 * the cage (they are not in the cell's support): the layouts are the
 * same, and so is what they have in common. */
static inline __attribute__((always_inline)) bool
narrow(struct grader *g, int cell, uint64_t nd)
{
	int c = g->p->cage_of[cell];

	if (nd == g->dom[cell])
		return true;
	if (c >= 0 && (g->scan_state[c] != 1 ||
		       ((g->dom[cell] & ~nd) &
			g->support[g->cage_off[c] + g->cage_pos[cell]]))) {
		g->scan_state[c] = -2;
		/* A technique's bit in cage_todo is set exactly when its
		 * bit in cage_clean is not (CAGE_NEVER: never). */
		if (g->cage_clean[c] && g->cage_clean[c] < CAGE_NEVER) {
			g->cage_clean[c] = 0;
			for (int t = 0; t < SCAN_COUNT; t++)
				g->cage_todo[t * g->cage_words + c / 64] |=
					(uint64_t)1 << (c % 64);
		}
	}
	if (g->killer) {
		/* The sum techniques may say more about the cages holding
		 * the cell now; the bounds only when its least or greatest
		 * value went (the sums of those are all they look at, and
		 * they removed nothing from domains holding these ones). */
		uint64_t od = g->dom[cell];
		unsigned char keep = nd && __builtin_ctzll(od) ==
				     __builtin_ctzll(nd) &&
				     __builtin_clzll(od) == __builtin_clzll(nd)
				     ? CLEAN_BOUNDS : 0;

		if (g->kc_of[cell] >= 0)
			g->kc[g->kc_of[cell]].clean &= keep;
		for (int k = 0; k < CDKI_KINDS; k++)
			g->uvc[cell_unit(g, cell, k)].clean &= keep;
	}
	g->fish_dirty |= g->dom[cell] & ~nd;
	count_lose(g, cell, g->dom[cell] & ~nd);
	g->dom[cell] = nd;
	mark_dirty(g, cell);
	if (!nd)
		g->contradiction = true;
	return nd != 0;
}

/* Note which units hold the whole of kcage kc (as its cells change). */
static void kcage_within(const struct grader *g, struct kcage *kc)
{
	for (int kind = 0; kind < CDKI_KINDS; kind++) {
		int u = kc->ncells ? cell_unit(g, kc->cells[0], kind)
				   : -1;

		for (int i = 1; i < kc->ncells && u >= 0; i++)
			if (cell_unit(g, kc->cells[i], kind) != u)
				u = -1;
		kc->within[kind] = u;
	}
	kc->clean = 0;
}

/* The 45 rule must look at the units of cell again. */
static void regions_touch(struct grader *g, int cell)
{
	for (int kind = 0; kind < CDKI_KINDS; kind++)
		g->rdirty[kind] |= (uint64_t)1 <<
			(cell_unit(g, cell, kind) - kind * g->n);
	g->vc_valid = false;
}

/* Take a cell out of its Killer cage once it holds a value. */
static bool kcage_take(struct grader *g, int cell, int value)
{
	int k = g->kc_of[cell];
	struct kcage *kc;
	int j = 0;

	/* Every placed value changes what the 45 rule sees in the cell's
	 * units, whether the cell is in a Killer cage or not, and in the
	 * units of the rest of its cage (whose sum and cells change). */
	regions_touch(g, cell);
	if (k < 0)
		return true;
	kc = &g->kc[k];
	for (int i = 0; i < kc->ncells; i++)
		regions_touch(g, kc->cells[i]);
	g->nkc_single -= kc->ncells == 1;
	for (int i = 0; i < kc->ncells; i++)
		if (kc->cells[i] != cell)
			kc->cells[j++] = kc->cells[i];
	kc->ncells = j;
	g->nkc_single += kc->ncells == 1;
	kc->sum -= value;
	kcage_within(g, kc);
	g->kc_of[cell] = -1;
	return kc->sum > 0 || (kc->sum == 0 && kc->ncells == 0);
}

/* The books of a placement: the cell's value, its units' placed values
 * and the counts of open cells and placements. */
static void take_value(struct grader *g, int cell, int value)
{
	uint64_t b = (uint64_t)1 << value;

	g->val[cell] = value;
	g->fish_dirty |= b;
	for (int k = 0; k < g->nkinds; k++)
		g->placed[cell_unit(g, cell, k)] |= b;
	g->open--;
	g->placements++;
}

/* Under CDOK_RULE_DIAGONALS, the value (bit b) placed in cell leaves
 * the other cells of the cell's diagonals, as place does for its
 * units.  False on a contradiction. */
static bool place_diagonals(struct grader *g, int cell, uint64_t b,
			    bool record)
{
	int d[2], nd = cdki_diagonals_of(g->p, cell, d);

	for (int j = 0; j < nd; j++) {
		const int *u = unit_of(g, d[j]);

		for (int i = 0; i < g->n; i++) {
			if (u[i] == cell || !(g->dom[u[i]] & b))
				continue;
			if (g->val[u[i]]) {
				g->contradiction = true;
				return false;
			}
			if (record)
				cdki_step_remove(g, u[i], b);
			else if (!narrow(g, u[i], g->dom[u[i]] & ~b))
				return false;
		}
	}
	return true;
}

/* Place value in cell, and note its removal from every cell that sees
 * it as part of the step (record: into g->step; else directly). */
static bool place(struct grader *g, int cell, int value, bool record)
{
	uint64_t b = (uint64_t)1 << value;
	int cage = g->p->cage_of[cell];

	if (!(g->dom[cell] & b) || g->val[cell]) {
		g->contradiction = true;
		return false;
	}
	take_value(g, cell, value);
	/* The cell's units changed (narrow notes it when the cell loses
	 * candidates too). */
	if (g->dom[cell] == b)
		mark_dirty(g, cell);
	else
		narrow(g, cell, b);
	for (int k = 0; k < g->nkinds; k++) {
		int unit = cell_unit(g, cell, k);
		const int *u = unit_of(g, unit);
		/* The other cells of the unit that can take the value (the
		 * counts include the cell): the look stops at the last. */
		int left = g->count[unit * (g->n + 1) + value] - 1;

		for (int i = 0; i < g->n && left > 0; i++)
			if (u[i] != cell && (g->dom[u[i]] & b)) {
				left--;
				if (g->val[u[i]]) {
					g->contradiction = true;
					return false;
				}
				if (record)
					cdki_step_remove(g, u[i], b);
				else if (!narrow(g, u[i], g->dom[u[i]] & ~b))
					return false;
			}
	}
	if (!place_diagonals(g, cell, b, record))
		return false;
	if (g->killer && g->kc_of[cell] >= 0) {
		/* As Solo keeps its books: the value leaves the other open
		 * cells of the cell's Killer cage, or of the part of it the
		 * 45 rule split off (the rest of the cage is told by the
		 * units it shares).  A cell the 45 rule places is split off
		 * its cage first, so its value does not leave the cage. */
		if (g->step.tech == TECH_INNIE)
			goto cage_done;
		const struct kcage *kc = &g->kc[g->kc_of[cell]];

		for (int i = 0; i < kc->ncells; i++) {
			int o = kc->cells[i];

			if (o == cell || !(g->dom[o] & b))
				continue;
			if (record)
				cdki_step_remove(g, o, b);
			else if (!narrow(g, o, g->dom[o] & ~b))
				return false;
		}
	} else if (cage >= 0 && g->p->cages[cage].distinct) {
		const struct cdok_cage *cg = &g->p->cages[cage];

		for (int i = 0; i < cg->ncells; i++) {
			int o = cg->cells[i];

			if (o == cell || !(g->dom[o] & b))
				continue;
			if (g->val[o]) {
				g->contradiction = true;
				return false;
			}
			if (record)
				cdki_step_remove(g, o, b);
			else if (!narrow(g, o, g->dom[o] & ~b))
				return false;
		}
	}
cage_done:
	if (g->killer && !kcage_take(g, cell, value)) {
		g->contradiction = true;
		return false;
	}
	return true;
}

bool cdki_step_apply(struct grader *g)
{
	struct gstep *s = &g->step;

	/* A placement's removals are part of the step only when the step
	 * is recorded (they are told); else they are made at once. */
	if (s->place_cell >= 0 &&
	    !place(g, s->place_cell, s->place_value, g->record))
		return false;
	for (int i = 0; i < s->nrm; i++) {
		int cell = s->rm_cells[i];

		if (!narrow(g, cell, g->dom[cell] & ~s->rm[cell]))
			return false;
	}
	return !g->contradiction;
}

/* ---- the engine's cage enumeration ---- */

int cdki_cage_scan(struct grader *g, int cage)
{
	struct cdok_cage_scan out;
	int off = g->cage_off[cage];
	int r;

	if (g->scan_state[cage] != -2)
		return g->scan_state[cage];
	/* (Only a cage the sum techniques take has no engine to ask, and
	 * no technique scans it.) */
	if (!g->engine)
		return -1;
	out.support = g->support + off;
	out.unit = g->scan_unit + 3 * off;
	out.must = g->scan_must + 3 * off;
	r = cdki_latin_scan(g->engine, cage, g->dom, GRADE_SCAN_BUDGET, &out);
	g->scan_ngroups[cage] = out.ngroups;
	if (r < 0)
		g->budget_hit = true;
	g->scan_state[cage] = (signed char)r;
	return r;
}

/* ---- Killer book-keeping (Solo's) ---- */

static bool kcage_add(struct grader *g, int origin, int unit, int part,
		      int sum, const int *cells, int ncells)
{
	struct kcage *kc;

	if (g->nkc == g->kc_cap) {
		int cap = g->kc_cap ? 2 * g->kc_cap : 16;
		struct kcage *k = cdok_realloc(g->kc, (size_t)cap * sizeof(*k));

		if (!k)
			return false;
		g->kc = k;
		g->kc_cap = cap;
	}
	kc = &g->kc[g->nkc];
	kc->cells = cdok_malloc((size_t)(ncells ? ncells : 1) * sizeof(int));
	if (!kc->cells)
		return false;
	memcpy(kc->cells, cells, (size_t)ncells * sizeof(int));
	kc->origin = origin;
	kc->unit = unit;
	kc->part = part;
	kc->sum = sum;
	kc->ncells = ncells;
	g->nkc_single += ncells == 1;
	kcage_within(g, kc);
	for (int i = 0; i < ncells; i++)
		g->kc_of[cells[i]] = g->nkc;
	g->nkc++;
	return true;
}

/* Split kcage k: the cells marked in g->mark go to a new part (inside
 * unit, adding up to sum), the others stay. */
static bool kcage_split(struct grader *g, int k, int unit, int sum)
{
	int *in = g->scratch, nin = 0, j = 0;
	struct kcage *kc = &g->kc[k];

	for (int i = 0; i < kc->ncells; i++)
		regions_touch(g, kc->cells[i]);
	g->nkc_single -= kc->ncells == 1;
	for (int i = 0; i < kc->ncells; i++)
		if (g->mark[kc->cells[i]])
			in[nin++] = kc->cells[i];
		else
			kc->cells[j++] = kc->cells[i];
	kc->ncells = j;
	g->nkc_single += kc->ncells == 1;
	kc->sum -= sum;
	kc->unit = unit;
	kc->part = 2;
	kcage_within(g, kc);
	if (kc->sum <= 0)
		g->contradiction = true;
	return kcage_add(g, kc->origin, unit, 1, sum, in, nin);
}

/* One pass of the 45 rule over every row, column and box whose cells
 * or cages changed since it last looked: the cells left when the placed
 * values and the Killer cages wholly inside a unit are taken away add
 * up to what is left of the unit's total.  Such a remainder lying in
 * one cage splits that cage; any other becomes the unit's vcage (a
 * one-cell one is the innie technique's).  A unit nothing touched
 * keeps what the last look found, which a new look would find again.
 * Returns whether a cage was split. */
static bool regions_pass(struct grader *g, bool *split)
{
	int n = g->n, total = n * (n + 1) / 2;

	*split = false;
	for (int u = 0; u < 3 * n; u++) {
		const int *cells = unit_of(g, u);
		int used = 0, rest = 0, first_k = -2;
		uint64_t bit = (uint64_t)1 << (u % n);
		struct vcage *vc = &g->uvc[u];
		bool one_cage = true;

		if (!(g->rdirty[u / n] & bit))
			continue;
		for (int i = 0; i < n; i++) {
			int c = cells[i], k = g->kc_of[c];
			bool whole;

			if (g->val[c]) {
				used += g->val[c];
				continue;
			}
			whole = k >= 0 && g->kc[k].within[u / n] == u;
			if (whole && g->kc[k].cells[0] == c)
				used += g->kc[k].sum;
			if (whole)
				continue;
			g->scratch[rest++] = c;
			if (first_k == -2)
				first_k = k;
			else if (first_k != k)
				one_cage = false;
		}
		g->uvc_on[u] = false;
		if (rest == 0 || rest == n) {
			g->rdirty[u / n] &= ~bit;
			continue;
		}
		if (total - used <= 0) {
			g->contradiction = true;
			return false;
		}
		if (rest > 1 && one_cage && first_k >= 0) {
			for (int i = 0; i < rest; i++)
				g->mark[g->scratch[i]] = 1;
			if (!kcage_split(g, first_k, u, total - used))
				return false;
			for (int i = 0; i < rest; i++)
				g->mark[g->scratch[i]] = 0;
			/* The split touched this unit again: the next
			 * pass looks at it. */
			*split = true;
			continue;
		}
		g->rdirty[u / n] &= ~bit;
		g->uvc_on[u] = true;
		vc->unit = u;
		vc->sum = total - used;
		vc->used = used;
		vc->ncells = rest;
		vc->clean = 0;
		memcpy(vc->cells, g->scratch, (size_t)rest * sizeof(int));
	}
	return true;
}

bool cdki_killer_regions(struct grader *g)
{
	bool split = true;

	if (g->vc_valid)
		return !g->contradiction;
	/* Splits can make further cages whole inside a unit: again until
	 * nothing splits. */
	while (split)
		if (!regions_pass(g, &split))
			return false;
	g->nvc = 0;
	for (int u = 0; u < 3 * g->n; u++)
		if (g->uvc_on[u])
			g->vc[g->nvc++] = g->uvc[u];
	g->vc_valid = true;
	return !g->contradiction;
}

/* ---- set-up ---- */

/* The units are the model's (cdki_geometry_fill), numbered as the
 * engine numbers them, so that a unit the engine's scan names
 * (scan_unit) is the grader's unit of that number; and per cell, the
 * bit of each of its units within its kind's masks (none for the box
 * slot of a grid without boxes, which repeats the row). */
static void units_init(struct grader *g)
{
	int n = g->n;

	g->nkinds = g->p->box_rows ? 3 : 2;
	cdki_geometry_fill(g->p, g->unit_cells, g->cell_units);
	/* The diagonals (units 3n, 3n + 1) follow, for the techniques
	 * that look at them: place, cdki_tech_diagonal_single. */
	if (cdki_has_diagonals(g->p))
		cdki_geometry_fill_diagonals(g->p, g->unit_cells + 3 * n * n);
	for (int cell = 0; cell < g->ncells; cell++)
		for (int k = 0; k < CDKI_KINDS; k++) {
			int u = cell_unit(g, cell, k);

			g->cell_bits[cell * CDKI_KINDS + k] =
				k < g->nkinds ? (uint64_t)1 << (u - k * n) : 0;
		}
}

static bool killer_init(struct grader *g)
{
	const cdok_puzzle *p = g->p;

	g->kc_of = cdok_malloc((size_t)g->ncells * sizeof(int));
	g->kc_cage = cdok_calloc((size_t)(p->ncages ? p->ncages : 1),
				 sizeof(bool));
	g->vc = cdok_calloc((size_t)3 * (size_t)g->n, sizeof(*g->vc));
	g->uvc = cdok_calloc((size_t)3 * (size_t)g->n, sizeof(*g->uvc));
	g->uvc_on = cdok_calloc((size_t)3 * (size_t)g->n, sizeof(bool));
	g->vc_pool = cdok_malloc((size_t)3 * (size_t)g->ncells * sizeof(int));
	if (!g->kc_of || !g->kc_cage || !g->vc || !g->uvc || !g->uvc_on ||
	    !g->vc_pool)
		return false;
	for (int i = 0; i < g->ncells; i++)
		g->kc_of[i] = -1;
	for (int i = 0; i < 3 * g->n; i++)
		g->uvc[i].cells = g->vc_pool + (size_t)i * (size_t)g->n;
	for (int k = 0; k < CDKI_KINDS; k++)
		g->rdirty[k] = ~(uint64_t)0 >> (64 - g->n);
	for (int c = 0; c < p->ncages; c++) {
		const struct cdok_cage *cg = &p->cages[c];

		if (cg->op != CDOK_OP_ADD || !cg->distinct ||
		    cg->target > INT32_MAX)
			continue;
		g->kc_cage[c] = true;
		if (!kcage_add(g, c, -1, 0, (int)cg->target, cg->cells,
			       cg->ncells))
			return false;
	}
	return true;
}

/* Place the givens, or the state's values (values not NULL): what
 * place() one after the other would leave, but each open cell loses the
 * values that see it in one step.  A value that meets one placed before
 * it in a unit or a distinct cage is a contradiction (as is a Killer
 * cage whose placed values pass its sum).  False when memory runs out. */
static bool place_all(struct grader *g, const int *values)
{
	const cdok_puzzle *p = g->p;
	uint64_t *cage_vals = cdok_calloc((size_t)(p->ncages ? p->ncages : 1),
					  sizeof(uint64_t));

	if (!cage_vals)
		return false;
	for (int i = 0; i < g->ncells && !g->contradiction; i++) {
		int v = values ? values[i] : p->given[i], c = p->cage_of[i];
		uint64_t b;

		if (v <= 0 || v > g->n)
			continue;
		b = (uint64_t)1 << v;
		for (int k = 0; k < g->nkinds; k++)
			if (g->placed[cell_unit(g, i, k)] & b)
				g->contradiction = true;
		if (c >= 0 && p->cages[c].distinct && (cage_vals[c] & b))
			g->contradiction = true;
		if (g->contradiction)
			break;
		if (c >= 0 && p->cages[c].distinct)
			cage_vals[c] |= b;
		take_value(g, i, v);
		/* A value the pencil marks left out is still the value. */
		if (!(g->dom[i] & b))
			count_gain(g, i, v);
		g->dom[i] |= b;
		narrow(g, i, b);
		if (g->killer && !kcage_take(g, i, v))
			g->contradiction = true;
	}
	for (int i = 0; i < g->ncells && !g->contradiction; i++) {
		const int *cu = g->cell_units + i * CDKI_KINDS;
		int c = p->cage_of[i];
		uint64_t seen = g->placed[cu[0]] | g->placed[cu[1]] |
				(g->nkinds > 2 ? g->placed[cu[2]] : 0);

		if (c >= 0 && p->cages[c].distinct)
			seen |= cage_vals[c];
		if (!g->val[i] && (g->dom[i] & seen))
			narrow(g, i, g->dom[i] & ~seen);
	}
	free(cage_vals);
	return true;
}

/* cdok_carve for an array that starts empty: zeroing the whole block
 * would cost more than zeroing these. */
static void *carve_zeroed(char *base, size_t *at, size_t bytes)
{
	void *a = cdok_carve(base, at, bytes);

	if (a)
		memset(a, 0, bytes);
	return a;
}

/* The arrays whose sizes the puzzle fixes, in one block (g->block):
 * laid out once to measure it, then again into it.  cells is the
 * number of cage cells.  False when memory runs out. */
static bool block_init(struct grader *g, size_t cells)
{
	const cdok_puzzle *p = g->p;
	size_t nc = (size_t)g->ncells;
	size_t ncages = (size_t)(p->ncages ? p->ncages : 1);
	/* Rows, columns, boxes and room for the two diagonals. */
	size_t units = (size_t)3 * (size_t)p->size + 2;
	struct gstep *s = &g->step;

	for (int pass = 0; pass < 2; pass++) {
		char *b = g->block;
		size_t at = 0;

		g->dom = cdok_carve(b, &at, nc * sizeof(uint64_t));
		g->cell_bits = cdok_carve(b, &at, CDKI_KINDS * nc *
						sizeof(uint64_t));
		g->unit_cells = cdok_carve(b, &at, units * (size_t)p->size *
						 sizeof(int));
		g->cell_units = cdok_carve(b, &at, CDKI_KINDS * nc *
						 sizeof(int));
		g->val = carve_zeroed(b, &at, nc * sizeof(int));
		g->placed = carve_zeroed(b, &at, units * sizeof(uint64_t));
		g->single = carve_zeroed(b, &at,
					 (nc / 64 + 1) * sizeof(uint64_t));
		g->cage_clean = carve_zeroed(b, &at, ncages);
		g->cage_todo = cdok_carve(b, &at, SCAN_COUNT *
						  (size_t)g->cage_words *
						  sizeof(uint64_t));
		g->cage_off = cdok_carve(b, &at, ncages * sizeof(int));
		g->cage_pos = carve_zeroed(b, &at, nc * sizeof(int));
		g->support = cdok_carve(b, &at, (cells + 1) * sizeof(uint64_t));
		g->scan_ngroups = carve_zeroed(b, &at, ncages * sizeof(int));
		g->scan_unit = cdok_carve(b, &at,
					  (3 * cells + 1) * sizeof(int));
		g->scan_must = cdok_carve(b, &at,
					  (3 * cells + 1) * sizeof(uint64_t));
		g->scan_state = cdok_carve(b, &at, ncages);
		g->queue = cdok_carve(b, &at, nc * sizeof(int));
		g->prev = cdok_carve(b, &at, nc * sizeof(int));
		g->num = cdok_carve(b, &at, nc * sizeof(int));
		g->unit_sets = nc > 128 ? NULL :
			carve_zeroed(b, &at, units * sizeof(*g->unit_sets));
		g->mark = carve_zeroed(b, &at, nc * sizeof(int));
		g->count = cdok_carve(b, &at, units * (size_t)(p->size + 1));
		g->ones = cdok_carve(b, &at, units * sizeof(uint64_t));
		g->zeros = cdok_carve(b, &at, units * sizeof(uint64_t));
		g->scratch = cdok_carve(b, &at, (nc + 1) * sizeof(int));
		s->cells = cdok_carve(b, &at, (nc + 1) * sizeof(int));
		s->chain = cdok_carve(b, &at, (2 * nc + 2) * sizeof(int));
		s->rm = carve_zeroed(b, &at, nc * sizeof(uint64_t));
		s->rm_cells = cdok_carve(b, &at, nc * sizeof(int));
		s->combos = cdok_carve(b, &at, 32 * sizeof(uint64_t));
		if (!pass && !(g->block = cdok_malloc(at)))
			return false;
	}
	return true;
}

/* The cages: where each one's cells lie in the scan's pools, every scan
 * technique with every cage to look at but those the sum techniques
 * take (Killer), and the engine that scans them.  False when memory
 * runs out. */
static bool cages_init(struct grader *g)
{
	const cdok_puzzle *p = g->p;
	int cells = 0;

	for (int c = 0; c < p->ncages; c++) {
		g->cage_off[c] = cells;
		g->scan_state[c] = -2;
		for (int i = 0; i < p->cages[c].ncells; i++)
			g->cage_pos[p->cages[c].cells[i]] = i;
		cells += p->cages[c].ncells;
	}
	for (int t = 0; t < SCAN_COUNT; t++)
		for (int w = 0; w < g->cage_words; w++)
			g->cage_todo[t * g->cage_words + w] =
				64 * (w + 1) <= p->ncages ? ~(uint64_t)0 :
				((uint64_t)1 << (p->ncages % 64)) - 1;
	if (g->killer && !killer_init(g))
		return false;
	/* Solo's sum techniques take the Killer sums, which the cage
	 * techniques leave alone. */
	for (int c = 0; g->killer && c < p->ncages; c++)
		if (g->kc_cage[c]) {
			g->cage_clean[c] = CAGE_NEVER | SCAN_ALL;
			for (int t = 0; t < SCAN_COUNT; t++)
				g->cage_todo[t * g->cage_words + c / 64] &=
					~((uint64_t)1 << (c % 64));
		}
	/* The engine scans cages for the cage techniques; a Killer puzzle
	 * whose cages all go to the sum techniques needs none. */
	for (int c = 0; c < p->ncages && !g->engine; c++)
		if (!(g->killer && g->kc_cage[c]) &&
		    !(g->engine = cdki_latin_open(p)))
			return false;
	return true;
}

/* The candidates (every value, or the pencil marks where noted) and
 * the caches kept from them: the counts of places per unit and value,
 * what every technique has to look at (everything), the box-line maps
 * and the cells with one candidate. */
static void candidates_init(struct grader *g, const uint64_t *candidates)
{
	for (int i = 0; i < g->ncells; i++) {
		uint64_t d = g->full;

		if (candidates && candidates[i] & g->full)
			d = candidates[i] & g->full;
		g->dom[i] = d;
	}
	for (int k = 0; k < CDKI_KINDS; k++)
		g->dirty_subsets[k] = ~(uint64_t)0;
	/* Every value in every cell of every unit, but for the values the
	 * pencil marks leave out. */
	memset(g->count, g->n, (size_t)3 * (size_t)g->n * (size_t)(g->n + 1));
	for (int u = 0; u < 3 * g->n; u++) {
		g->ones[u] = g->n == 1 ? g->full : 0;
		g->zeros[u] = 0;
	}
	for (int k = 0; k < CDKI_KINDS; k++)
		g->hot[k] = g->n == 1 ? 1 : 0;
	for (int i = 0; candidates && i < g->ncells; i++)
		count_lose(g, i, g->full & ~g->dom[i]);
	for (int k = 0; k < CDKI_KINDS; k++)
		g->dirty_cross[k] = 0;
	for (int k = 0; k < 2; k++) {
		g->dirty_pointing[k] = g->dirty_claiming[k] = ~(uint64_t)0;
		memset(g->line_boxes[k], 0, sizeof(g->line_boxes[k]));
		memset(g->box_lines[k], 0, sizeof(g->box_lines[k]));
	}
	for (int i = 0; i < g->ncells && g->nkinds == 3; i++) {
		int r = cell_unit(g, i, CDKI_ROW);
		int c = cell_unit(g, i, CDKI_COL) - g->n;
		int b = cell_unit(g, i, CDKI_BOX) - 2 * g->n;

		g->line_boxes[0][r] |= (uint64_t)1 << b;
		g->line_boxes[1][c] |= (uint64_t)1 << b;
		g->box_lines[0][b] |= (uint64_t)1 << r;
		g->box_lines[1][b] |= (uint64_t)1 << c;
	}
	g->fish_dirty = ~(uint64_t)0;
	for (int i = 0; i < g->ncells; i++) {
		uint64_t d = g->dom[i];

		if (d && !(d & (d - 1)))
			g->single[i / 64] |= (uint64_t)1 << (i % 64);
	}
}

bool cdki_grader_init(struct grader *g, const cdok_puzzle *p, const int *values,
		      const uint64_t *candidates)
{
	size_t cells = 0, ncages = (size_t)(p->ncages ? p->ncages : 1);

	memset(g, 0, sizeof(*g));
	cdki_sb_init(&g->text);
	cdki_sb_init(&g->where);
	cdki_sb_init(&g->what);
	g->p = p;
	g->n = p->size;
	g->ncells = p->size * p->size;
	g->scale = cdok_puzzle_scale(p);
	/* A plain Sudoku (boxes, no cages) is graded as Solo grades one:
	 * without the sum techniques, whose 45 rule would otherwise fill
	 * the last cell of a row at Trivial, where Solo needs Basic. */
	g->killer = g->scale == CDOK_SCALE_KILLER && p->ncages > 0;
	g->full = (((uint64_t)1 << g->n) - 1) << 1;
	if (g->n == 63)
		g->full = ~(uint64_t)1;
	g->open = g->ncells;
	for (int c = 0; c < p->ncages; c++)
		cells += (size_t)p->cages[c].ncells;
	g->cage_words = (int)(ncages + 63) / 64;
	if (!block_init(g, cells))
		return false;
	units_init(g);
	if (!cages_init(g))
		return false;
	cdki_step_begin(g, 0);
	candidates_init(g, candidates);
	if (!place_all(g, values))
		return false;
	GRADER_CHECK(g);
	return true;
}

void cdki_grader_free(struct grader *g)
{
	for (int i = 0; i < g->nkc; i++)
		free(g->kc[i].cells);
	free(g->kc);
	free(g->kc_of);
	free(g->kc_cage);
	free(g->vc);
	free(g->uvc);
	free(g->uvc_on);
	free(g->vc_pool);
	free(g->sets);
	free(g->sets_off);
	cdki_latin_close(g->engine);
	cdki_sb_free(&g->text);
	cdki_sb_free(&g->where);
	cdki_sb_free(&g->what);
	free(g->focus);
	free(g->block);
	memset(g, 0, sizeof(*g));
}

/* ---- the run ---- */

int cdki_grade_step(struct grader *g, const int *order, int norder)
{
	int r = 0;

	if (g->contradiction)
		return CDKI_CONTRADICTION;
	for (int i = 0; i < norder && !r; i++)
		r = tech_fns[order[i]](g);
	if (r < 0 || g->contradiction)
		return CDKI_CONTRADICTION;
	if (r == 0)
		return 0;
	if (g->record) {
		cdki_sb_free(&g->text);
		cdki_sb_init(&g->text);
		cdki_step_text(g, &g->step, &g->text);
		cdki_sb_free(&g->where);
		cdki_sb_init(&g->where);
		cdki_sb_free(&g->what);
		cdki_sb_init(&g->what);
		if (!g->focus)
			g->focus = cdok_malloc((size_t)g->ncells *
					       sizeof(int));
		g->nfocus = 0;
		if (g->focus)
			cdki_step_tiers(g, &g->step, &g->where, &g->what,
					g->focus, &g->nfocus);
		else
			g->where.failed = true;
	}
	if (!cdki_step_apply(g))
		return CDKI_CONTRADICTION;
	GRADER_CHECK(g);
	return 1;
}

int cdki_grade_run(struct grader *g, const int *order, int norder,
		   bool (*on_step)(void *user, struct grader *g), void *user)
{
	while (g->open > 0) {
		int r = cdki_grade_step(g, order, norder);

		if (r <= 0)
			return r;
		if (on_step && !on_step(user, g))
			return GRADE_STOPPED;
	}
	return g->contradiction ? CDKI_CONTRADICTION : 1;
}
