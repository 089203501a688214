/* tech_diagonals.c -- box and line for Killer X's diagonals (issue 37):
 * a diagonal (unit 3n or 3n + 1) crosses a box in a segment, as a row
 * or a column does.  When a box's value can only go on a diagonal, it
 * leaves the rest of that diagonal (pointing); when a diagonal's value
 * can only go in one box, it leaves the rest of that box (claiming).
 * A diagonal meets a row or a column, or the other diagonal, in one cell
 * only: there the hidden singles already say everything.
 *
 * Only puzzles with CDOK_RULE_DIAGONALS come here, after the rows and
 * columns found nothing (cdki_tech_pointing, cdki_tech_claiming), so
 * the steps of every other puzzle stay as they were.
 */
#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

/* Whether cell lies on diagonal unit d. */
static bool on_diagonal(const struct grader *g, int cell, int d)
{
	int r = cell / g->n, c = cell % g->n;

	return d == 3 * g->n ? r == c : r + c == g->n - 1;
}

/* The values placed in unit (any kind, a diagonal too). */
static uint64_t placed_in(const struct grader *g, int unit)
{
	const int *u = unit_of(g, unit);
	uint64_t placed = 0;

	for (int i = 0; i < g->n; i++)
		placed |= g->val[u[i]] ? BIT(g->val[u[i]]) : 0;
	return placed;
}

/* The step: in unit a, v can only go where a meets unit b (of the
 * cells of a, those in b are in_b): v leaves the rest of b.  Returns 1
 * when that removes something. */
static int confine(struct grader *g, int tech, int a, int b, int v,
		   bool (*in_a)(const struct grader *, int, int))
{
	const int *ua = unit_of(g, a), *ub = unit_of(g, b);
	int i = 0;

	while (i < g->n && (in_a(g, ub[i], a) || g->val[ub[i]] ||
			    !(g->dom[ub[i]] & BIT(v))))
		i++;
	if (i == g->n)
		return 0;
	cdki_step_begin(g, tech);
	for (i = 0; i < g->n; i++)
		if (!in_a(g, ub[i], a))
			cdki_step_remove(g, ub[i], BIT(v));
	if (!g->step.nrm)
		return 0;
	for (i = 0; i < g->n; i++)
		if (!g->val[ua[i]] && (g->dom[ua[i]] & BIT(v)))
			cdki_step_cell(g, ua[i]);
	g->step.value = v;
	g->step.unit = a;
	g->step.unit2 = b;
	return 1;
}

static bool in_box(const struct grader *g, int cell, int box)
{
	return cell_unit(g, cell, CDKI_BOX) == box;
}

static bool in_diagonal(const struct grader *g, int cell, int d)
{
	return on_diagonal(g, cell, d);
}

/* Pointing: in a box, a value whose open places (two or more) all lie
 * on one diagonal.  Boxes in order, then the diagonals, then values. */
static int box_on_diagonal(struct grader *g)
{
	int n = g->n;

	for (int box = CDKI_BOX * n; box < (CDKI_BOX + 1) * n; box++) {
		const int *u = unit_of(g, box);
		uint64_t missing = g->full & ~placed_in(g, box);

		for (int d = 3 * n; d < 3 * n + 2; d++) {
			uint64_t on = 0, twice = 0, off = 0;

			for (int i = 0; i < n; i++) {
				uint64_t dm = g->val[u[i]] ? 0 : g->dom[u[i]];

				if (on_diagonal(g, u[i], d)) {
					twice |= on & dm;
					on |= dm;
				} else {
					off |= dm;
				}
			}
			for (uint64_t m = twice & missing & ~off; m;
			     m &= m - 1) {
				int r = confine(g, TECH_POINTING, box, d,
						__builtin_ctzll(m), in_box);

				if (r)
					return r;
			}
		}
	}
	return 0;
}

/* Claiming: on a diagonal, a value whose open places (two or more) all
 * lie in one box.  Diagonals in order, then values. */
static int diagonal_in_box(struct grader *g)
{
	int n = g->n;

	for (int d = 3 * n; d < 3 * n + 2; d++) {
		const int *u = unit_of(g, d);
		uint64_t missing = g->full & ~placed_in(g, d);

		for (uint64_t m = missing; m; m &= m - 1) {
			int v = __builtin_ctzll(m), box = -1, count = 0, r;
			bool one_box = true;

			for (int i = 0; i < n && one_box; i++) {
				int b = cell_unit(g, u[i], CDKI_BOX);

				if (g->val[u[i]] || !(g->dom[u[i]] & BIT(v)))
					continue;
				one_box = box < 0 || box == b;
				box = b;
				count++;
			}
			if (!one_box || count < 2)
				continue;
			r = confine(g, TECH_CLAIMING, d, box, v, in_diagonal);
			if (r)
				return r;
		}
	}
	return 0;
}

int cdki_diagonal_pointing(struct grader *g)
{
	if (g->nkinds < 3 || !cdki_has_diagonals(g->p))
		return 0;
	return box_on_diagonal(g);
}

int cdki_diagonal_claiming(struct grader *g)
{
	if (g->nkinds < 3 || !cdki_has_diagonals(g->p))
		return 0;
	return diagonal_in_box(g);
}
