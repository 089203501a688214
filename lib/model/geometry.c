/* geometry.c -- the one numbering of a grid's rows, columns and boxes
 * (model.h, "geometry"). */
#include "model/model.h"

void cdki_geometry_fill(const cdok_puzzle *p, int *unit_cells,
			int *cell_units)
{
	int n = p->size;
	int filled[CDOK_MAX_SIZE];

	memset(filled, 0, sizeof(filled));
	for (int cell = 0; cell < n * n; cell++) {
		int r = cell / n, c = cell % n, box = cdki_box_of(p, cell);
		int *u = cell_units + cell * CDKI_KINDS;

		u[CDKI_ROW] = r;
		u[CDKI_COL] = n + c;
		u[CDKI_BOX] = box < 0 ? r : 2 * n + box;
		unit_cells[r * n + c] = cell;
		unit_cells[(n + c) * n + r] = cell;
		if (box >= 0)
			unit_cells[(2 * n + box) * n + filled[box]++] = cell;
		for (int k = 0; k < CDKI_KINDS; k++)
			CDOK_ASSERT(u[k] == cdki_unit_of(p, cell, k));
	}
	/* Every box got its n cells: the shape tiles the grid. */
	for (int b = 0; p->box_rows && b < n; b++)
		CDOK_ASSERT(filled[b] == n);
}

cdok_status cdki_geometry_init(struct cdki_geometry *g, const cdok_puzzle *p)
{
	int n = p->size;

	g->n = n;
	g->ncells = n * n;
	g->nkinds = cdki_nkinds(p);
	g->nunits = cdki_nunits(p);
	g->unit_cells = cdok_malloc((size_t)g->nunits * (size_t)n *
				    sizeof(int));
	g->cell_units = cdok_malloc((size_t)g->ncells * CDKI_KINDS *
				    sizeof(int));
	if (!g->unit_cells || !g->cell_units) {
		cdki_geometry_free(g);
		return CDOK_ERR_NOMEM;
	}
	cdki_geometry_fill(p, g->unit_cells, g->cell_units);
	return CDOK_OK;
}

void cdki_geometry_free(struct cdki_geometry *g)
{
	free(g->unit_cells);
	free(g->cell_units);
	g->unit_cells = g->cell_units = NULL;
}
