/* place.c -- the words of a placing hint (cdok_hint_place, issue 39):
 * the conclusion first, then only the facts it rests on, in a person's
 * order.
 *
 * The grader's steps from the values to the first placement each come
 * with their reasons (reasons.c), one per candidate removed.  A
 * backward pass over candidates keeps what the placement needs: the
 * candidates its own reason says are gone (the other values of a naked
 * single, the value in the other cells of the unit of a hidden one),
 * the reasons that removed them, the candidates those reasons rest on
 * in turn (the value a cage's other cell would need, the places a box
 * and line intersection reads, the cells of a subset; all the cage's
 * other cells for a reason about a whole cage), and so on back to the
 * values.  Each step kept is then told by the reasons kept, or, when it
 * needed more than two of them, by its sentence without its list of
 * removals.
 */
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

/* Most reasons of one step told one by one. */
#define PLACE_REASONS_TOLD 2

struct place {
	const cdok_puzzle *p;
	int n, ncells;
	int *remover;     /* (cell, value) -> step that removed it, -1 */
	bool *need;       /* (cell, value) the placement rests on */
	int *cells;       /* work space: the cells of a unit or cage */
	const int *values;/* the state: filled cells */
	uint64_t *init;   /* per cell, its candidates in the state */
	const cdok_step *steps;
};

static int cand(const struct place *pl, int cell, int v)
{
	return cell * (pl->n + 1) + v;
}

/* The candidate (cell, v) must be gone: note it. */
static void needs(struct place *pl, int cell, int v)
{
	if (cell >= 0 && cell < pl->ncells && v >= 1 && v <= pl->n)
		pl->need[cand(pl, cell, v)] = true;
}

/* Every candidate of cell but those in keep. */
static void needs_cell(struct place *pl, int cell, uint64_t keep)
{
	for (int v = 1; v <= pl->n; v++)
		if (!(keep & BIT(v)))
			needs(pl, cell, v);
}

/* The cells of a unit (rows, columns, boxes as cdok_reason numbers
 * them) into pl->cells; how many. */
static int unit_cells(struct place *pl, int unit)
{
	int n = pl->n, k = 0, br = pl->p->box_rows, bc = pl->p->box_cols;

	for (int c = 0; c < pl->ncells; c++) {
		int r = c / n, col = c % n;
		bool in = unit < n ? r == unit : unit < 2 * n ?
			  col == unit - n : unit < 3 * n ?
			  br && (r / br) * (n / bc) + col / bc == unit - 2 * n :
			  unit == 3 * n ? r == col : r + col == n - 1;

		if (in)
			pl->cells[k++] = c;
	}
	return k;
}

static bool in_list(const int *cells, int count, int cell)
{
	for (int i = 0; i < count; i++)
		if (cells[i] == cell)
			return true;
	return false;
}

/* Every candidate of a cage's (or unit's) cells other than cell. */
static void needs_around(struct place *pl, int cage, int unit, int cell)
{
	if (cage >= 0) {
		const struct cdok_cage *c = &pl->p->cages[cage];

		for (int i = 0; i < c->ncells; i++)
			if (c->cells[i] != cell)
				needs_cell(pl, c->cells[i], 0);
	} else if (unit >= 0) {
		int k = unit_cells(pl, unit);

		for (int i = 0; i < k; i++)
			if (pl->cells[i] != cell)
				needs_cell(pl, pl->cells[i], 0);
	}
}

/* What the values a two-cell cage's other cell would need. */
static uint64_t pair_wants(const struct place *pl, int cage, int v)
{
	const struct cdok_cage *c = &pl->p->cages[cage];
	unsigned ops = cdok_clue_ops(c->op, c->ncells, pl->p->rules);
	uint64_t want = 0;

	for (int w = 1; w <= pl->n; w++) {
		int pair[2] = { v, w };

		if (w != v && cdki_ops_hold(ops, c->target, pair, 2))
			want |= BIT(w);
	}
	return want;
}

/* Whether (cell, u) is still a candidate when step i starts. */
static bool has(const struct place *pl, int cell, int u, int i)
{
	int k = pl->remover[cand(pl, cell, u)];

	return (pl->init[cell] & BIT(u)) && (k < 0 || k >= i);
}

/* A cage's sum against the smallest or largest candidates of its other
 * open cells (reason r of step i): the candidates beyond those, gone.
 * false when a cell of the cage was placed by an earlier step (the
 * sum then is that of fewer cells: the caller reads them all). */
static bool bounds_reads(struct place *pl, int i, const cdok_reason *r)
{
	const struct cdok_cage *c = &pl->p->cages[r->cage];
	int v = r->about.value, lo = 0, hi = 0;

	for (int j = 0; j < c->ncells; j++) {
		int o = c->cells[j], mn = 0, mx = 0;

		for (int k = 0; k < i; k++)
			if (pl->steps[k].nplaced &&
			    pl->steps[k].placed[0].cell == o)
				return false;
		if (o == r->about.cell || pl->values[o] > 0)
			continue;
		for (int u = 1; u <= pl->n; u++)
			if (has(pl, o, u, i)) {
				mn = mn ? mn : u;
				mx = u;
			}
		lo += mn;
		hi += mx;
	}
	if (v >= r->sum)
		return true;
	for (int j = 0; j < c->ncells; j++) {
		int o = c->cells[j];

		if (o == r->about.cell || pl->values[o] > 0)
			continue;
		for (int u = 1; u <= pl->n; u++) {
			int mn = 0, mx = 0;

			for (int w = 1; w <= pl->n; w++)
				if (has(pl, o, w, i)) {
					mn = mn ? mn : w;
					mx = w;
				}
			if ((v + hi < r->sum && u > mx) ||
			    (v + hi >= r->sum && v + lo > r->sum && u < mn))
				needs(pl, o, u);
		}
	}
	return true;
}

/* The candidates reason r (of step s, the i-th) rests on, noted as
 * needed. */
static void reads(struct place *pl, int at, const cdok_step *s,
		  const cdok_reason *r)
{
	int cell = r->about.cell, v = r->about.value, k;

	switch (r->kind) {
	case CDOK_REASON_SEES:
		return;
	case CDOK_REASON_SINGLE:
		needs_cell(pl, cell, BIT(v));
		return;
	case CDOK_REASON_ONLY_PLACE:
		k = unit_cells(pl, r->unit);
		for (int i = 0; i < k; i++)
			if (pl->cells[i] != cell)
				needs(pl, pl->cells[i], v);
		return;
	case CDOK_REASON_CAGE:
		if (r->cell >= 0 && r->cage >= 0 &&
		    pl->p->cages[r->cage].ncells == 2) {
			uint64_t want = pair_wants(pl, r->cage, v);

			for (uint64_t a = want; a; a &= a - 1)
				needs(pl, r->cell, __builtin_ctzll(a));
			return;
		}
		needs_around(pl, r->cage, r->unit, cell);
		return;
	case CDOK_REASON_CONFINED:
		if (r->cage >= 0) {
			needs_around(pl, r->cage, -1, -1);
			return;
		}
		if (r->unit >= 0 && r->unit2 >= 0 &&
		    s->technique != TECH_FISH) {
			int inner[CDOK_MAX_SIZE];
			int m = unit_cells(pl, r->unit2);

			memcpy(inner, pl->cells, (size_t)m * sizeof(int));
			k = unit_cells(pl, r->unit);
			for (int i = 0; i < k; i++)
				if (!in_list(inner, m, pl->cells[i]))
					needs(pl, pl->cells[i], r->value);
			return;
		}
		break;
	case CDOK_REASON_SUBSET:
		if (r->cell == -1) {
			for (int i = 0; i < s->ncells; i++)
				needs_cell(pl, s->cells[i], r->values);
			return;
		}
		k = unit_cells(pl, r->unit);
		for (int i = 0; i < k; i++)
			if (!in_list(s->cells, s->ncells, pl->cells[i]))
				for (uint64_t a = r->values; a; a &= a - 1)
					needs(pl, pl->cells[i],
					      __builtin_ctzll(a));
		return;
	case CDOK_REASON_SUM:
		if (!r->placed && r->cage >= 0 && bounds_reads(pl, at, r))
			return;
		needs_around(pl, r->cage, r->unit, cell);
		return;
	default:
		break;
	}
	/* Chains, fish, trials: every candidate of the step's place. */
	for (int i = 0; i < s->nfocus; i++)
		needs_cell(pl, s->focus[i], 0);
	for (int i = 0; i < s->ncells; i++)
		needs_cell(pl, s->cells[i], 0);
}

/* A fact as a sentence: its first letter up (not a cell's "r3c4"), a
 * full stop after. */
static void sentence(const char *t, size_t len, struct strbuf *sb)
{
	size_t at = sb->len;

	sb_putn(sb, t, len);
	if (!sb->failed && sb->len > at && sb->data[at] >= 'a' &&
	    sb->data[at] <= 'z' &&
	    !(sb->data[at] == 'r' && sb->len > at + 1 &&
	      sb->data[at + 1] >= '0' && sb->data[at + 1] <= '9'))
		sb->data[at] = (char)(sb->data[at] - 'a' + 'A');
	sb_puts(sb, ". ");
}

/* A step's sentence without what it removes ("; remove 3 from r1c1"). */
static void short_sentence(const char *t, struct strbuf *sb)
{
	const char *cut = strstr(t, "; remove ");
	const char *so = strstr(t, ", so remove ");
	size_t len = strlen(t);

	if (so && (!cut || so < cut))
		cut = so;
	if (cut)
		len = (size_t)(cut - t);
	else if (len && t[len - 1] == '.')
		len--;
	sentence(t, len, sb);
}

bool cdki_place_text(const cdok_puzzle *p, const int *values,
		     const cdok_step *steps, const struct step_reasons *rs,
		     int nsteps, const char *filled, struct strbuf *sb,
		     int *hardest)
{
	struct place pl = { p, p->size, p->size * p->size, NULL, NULL, NULL,
			    values, NULL, steps };
	size_t ncand = (size_t)pl.ncells * (size_t)(pl.n + 1);
	const cdok_step *last = &steps[nsteps - 1];
	bool *used = cdok_calloc((size_t)nsteps, sizeof(bool));
	bool ok;

	pl.remover = cdok_malloc(ncand * sizeof(int));
	pl.need = cdok_calloc(ncand, sizeof(bool));
	pl.cells = cdok_malloc((size_t)pl.ncells * sizeof(int));
	pl.init = cdok_malloc((size_t)pl.ncells * sizeof(uint64_t));
	ok = used && pl.remover && pl.need && pl.cells && pl.init;
	/* The candidates of the state: what the filled cells leave. */
	for (int c = 0; ok && c < pl.ncells; c++) {
		pl.init[c] = values[c] > 0 ? BIT(values[c])
			     : ((BIT(pl.n) - 1) << 1);
		for (int o = 0; o < pl.ncells && values[c] <= 0; o++)
			if (values[o] > 0 && cdki_puzzle_cells_see(p, c, o))
				pl.init[c] &= ~BIT(values[o]);
	}
	for (size_t i = 0; ok && i < ncand; i++)
		pl.remover[i] = -1;
	for (int i = 0; ok && i < nsteps; i++)
		for (int k = 0; k < steps[i].nremoved; k++) {
			int c = cand(&pl, steps[i].removed[k].cell,
				     steps[i].removed[k].value);

			if (pl.remover[c] < 0)
				pl.remover[c] = i;
		}
	/* Back from the placement: the reasons about needed candidates,
	 * and what they read. */
	for (int k = 0; ok && k < rs[nsteps - 1].n; k++)
		if (rs[nsteps - 1].r[k].placed)
			reads(&pl, nsteps - 1, last, &rs[nsteps - 1].r[k]);
	for (int i = nsteps - 2; ok && i >= 0; i--)
		for (int k = 0; k < rs[i].n; k++) {
			const cdok_reason *r = &rs[i].r[k];
			int c = cand(&pl, r->about.cell, r->about.value);

			if (r->placed || !pl.need[c] || pl.remover[c] != i)
				continue;
			/* A copy of a value placed earlier: that placement,
			 * and what it rests on, once. */
			if (r->kind == CDOK_REASON_SEES && !used[i])
				for (int j = 0; j < rs[i].n; j++)
					if (rs[i].r[j].placed)
						reads(&pl, i, &steps[i],
						      &rs[i].r[j]);
			used[i] = true;
			if (r->kind != CDOK_REASON_SEES)
				reads(&pl, i, &steps[i], r);
		}
	/* The conclusion, then the facts in the order they were found. */
	if (ok) {
		cdki_sb_printf(sb, "r%dc%d is %d. ",
			       last->placed[0].cell / pl.n + 1,
			       last->placed[0].cell % pl.n + 1,
			       last->placed[0].value);
	}
	for (int i = 0; ok && i < nsteps - 1; i++) {
		int told = 0;

		if (!used[i])
			continue;
		for (int k = 0; k < rs[i].n; k++) {
			const cdok_reason *r = &rs[i].r[k];

			told += !r->placed &&
				pl.need[cand(&pl, r->about.cell,
					     r->about.value)] &&
				pl.remover[cand(&pl, r->about.cell,
						r->about.value)] == i;
		}
		if (told > PLACE_REASONS_TOLD || steps[i].nplaced) {
			short_sentence(steps[i].text, sb);
			continue;
		}
		for (int k = 0; k < rs[i].n; k++) {
			const cdok_reason *r = &rs[i].r[k];
			int c = cand(&pl, r->about.cell, r->about.value);

			if (!r->placed && pl.need[c] && pl.remover[c] == i)
				sentence(r->text, strlen(r->text), sb);
		}
	}
	if (ok) {
		sb_puts(sb, filled);
		sb_puts(sb, last->text);
		/* No space after the last full stop. */
	}
	/* The hardest step kept: the label. */
	*hardest = nsteps - 1;
	for (int i = 0; ok && i < nsteps - 1; i++)
		if (used[i] && steps[i].level > steps[*hardest].level)
			*hardest = i;
	free(used);
	free(pl.remover);
	free(pl.need);
	free(pl.cells);
	free(pl.init);
	return ok && !sb->failed;
}
