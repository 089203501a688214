/* geometry.c -- the one numbering of a grid's rows, columns, boxes and
 * diagonals (model.h, "geometry"). */
#include "model/model.h"

void cdki_geometry_fill(const cdok_puzzle *p, int *unit_cells,
			int *cell_units)
{
	int n = p->size, br = p->box_rows, bc = p->box_cols, cell = 0;
	int filled[CDOK_MAX_SIZE];

	/* The solver sets a grid up at every solve: the boxes are counted
	 * along each row rather than divided out per cell. */
	for (int b = 0; br && b < n; b++)
		filled[b] = 0;
	for (int r = 0; r < n; r++) {
		/* The box of the row's first cell; the next one starts bc
		 * columns on. */
		int box = br ? r / br * (n / bc) : -1, next = bc;

		for (int c = 0; c < n; c++, cell++) {
			int *u = cell_units + cell * CDKI_KINDS;

			if (br && c == next) {
				box++;
				next += bc;
			}
			u[CDKI_ROW] = r;
			u[CDKI_COL] = n + c;
			u[CDKI_BOX] = br ? 2 * n + box : r;
			unit_cells[r * n + c] = cell;
			unit_cells[(n + c) * n + r] = cell;
			if (br)
				unit_cells[(2 * n + box) * n + filled[box]++] =
					cell;
			for (int k = 0; k < CDKI_KINDS; k++)
				CDOK_ASSERT(u[k] == cdki_unit_of(p, cell, k));
		}
	}
	/* Every box got its n cells: the shape tiles the grid. */
	for (int b = 0; br && b < n; b++)
		CDOK_ASSERT(filled[b] == n);
}

void cdki_geometry_fill_diagonals(const cdok_puzzle *p, int *diag)
{
	int n = p->size;

	CDOK_ASSERT(cdki_has_diagonals(p) && p->box_rows);
	for (int i = 0; i < n; i++) {
		diag[i] = cdki_diagonal_cell(n, 3 * n, i);
		diag[n + i] = cdki_diagonal_cell(n, 3 * n + 1, i);
	}
}

cdok_status cdki_geometry_init(struct cdki_geometry *g, const cdok_puzzle *p)
{
	int n = p->size;

	g->n = n;
	g->ncells = n * n;
	g->nkinds = cdki_nkinds(p);
	g->nunits = cdki_nunits(p);
	g->nall = cdki_nunits_all(p);
	g->unit_cells = cdok_malloc((size_t)g->nall * (size_t)n *
				    sizeof(int));
	g->cell_units = cdok_malloc((size_t)g->ncells * CDKI_KINDS *
				    sizeof(int));
	if (!g->unit_cells || !g->cell_units) {
		cdki_geometry_free(g);
		return CDOK_ERR_NOMEM;
	}
	cdki_geometry_fill(p, g->unit_cells, g->cell_units);
	if (g->nall > g->nunits)
		cdki_geometry_fill_diagonals(p, g->unit_cells + g->nunits * n);
	return CDOK_OK;
}

void cdki_geometry_free(struct cdki_geometry *g)
{
	free(g->unit_cells);
	free(g->cell_units);
	g->unit_cells = g->cell_units = NULL;
}
