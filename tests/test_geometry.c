/* test_geometry.c -- the one numbering of a grid's units (lib/model,
 * model.h "geometry"): rows 0..n-1, columns n..2n-1, boxes 2n..3n-1 in
 * reading order, and for a grid without boxes 2n units whose box slot
 * repeats the row.  The checker, the pictures and the generator find a
 * cell's box through it, so a slip here moves a box line or a message.
 * Expected values are written out by hand, not computed by the same
 * arithmetic. */
#include <criterion/criterion.h>

#include <string.h>

#include "model/model.h"

/* A puzzle of size n with boxes of br x bc (0 x 0: none). */
static cdok_puzzle *grid(int n, int br, int bc)
{
	cdok_puzzle *p = cdok_puzzle_new(n);

	cr_assert(p);
	cr_assert_eq(cdok_puzzle_set_boxes(p, br, bc), CDOK_OK);
	return p;
}

/* What every geometry must be, whatever its boxes: each unit lists n
 * different cells in reading order, each cell is in exactly one unit of
 * each kind, and unit_cells and cell_units say the same thing both
 * ways. */
static void expect_consistent(const cdok_puzzle *p,
			      const struct cdki_geometry *g)
{
	int n = p->size;
	int seen[CDKI_KINDS][63 * 63];

	memset(seen, 0, sizeof(seen));
	cr_assert_eq(g->n, n);
	cr_assert_eq(g->ncells, n * n);
	cr_assert_eq(g->nunits, g->nkinds * n);
	cr_assert_eq(g->nunits, cdki_nunits(p));
	for (int u = 0; u < g->nunits; u++) {
		int kind = cdki_kind_of(n, u);

		cr_assert_eq(kind, u / n);
		for (int i = 0; i < n; i++) {
			int cell = g->unit_cells[u * n + i];

			cr_assert(cell >= 0 && cell < n * n);
			if (i > 0)
				cr_assert_gt(cell, g->unit_cells[u * n + i - 1],
					     "unit %d out of reading order", u);
			cr_assert_eq(g->cell_units[cell * CDKI_KINDS + kind], u,
				     "cell %d: unit %d lists it, cell_units "
				     "says %d", cell, u,
				     g->cell_units[cell * CDKI_KINDS + kind]);
			seen[kind][cell]++;
		}
	}
	for (int cell = 0; cell < n * n; cell++)
		for (int k = 0; k < CDKI_KINDS; k++) {
			int u = g->cell_units[cell * CDKI_KINDS + k];

			cr_assert_eq(u, cdki_unit_of(p, cell, k));
			if (k < g->nkinds) {
				cr_assert_eq(seen[k][cell], 1, "cell %d is in %d "
					     "units of kind %d", cell,
					     seen[k][cell], k);
				cr_assert_eq(cdki_kind_of(n, u), k);
			}
		}
}

static void with_geometry(int n, int br, int bc,
			  void (*check)(const cdok_puzzle *,
					const struct cdki_geometry *))
{
	cdok_puzzle *p = grid(n, br, bc);
	struct cdki_geometry g;

	cr_assert_eq(cdki_geometry_init(&g, p), CDOK_OK);
	expect_consistent(p, &g);
	check(p, &g);
	cdki_geometry_free(&g);
	cr_expect_null(g.unit_cells);
	cdki_geometry_free(&g);   /* twice is safe */
	cdok_puzzle_free(p);
}

static void four_by_four(const cdok_puzzle *p, const struct cdki_geometry *g)
{
	/* Boxes of 2 x 2:   0 0 1 1 / 0 0 1 1 / 2 2 3 3 / 2 2 3 3. */
	static const int box[16] = {0, 0, 1, 1, 0, 0, 1, 1,
				    2, 2, 3, 3, 2, 2, 3, 3};
	static const int box3[4] = {10, 11, 14, 15};

	cr_assert_eq(g->nkinds, 3);
	cr_assert_eq(g->nunits, 12);
	for (int cell = 0; cell < 16; cell++) {
		cr_expect_eq(cdki_box_of(p, cell), box[cell], "cell %d", cell);
		cr_expect_eq(g->cell_units[cell * CDKI_KINDS + CDKI_BOX],
			     8 + box[cell]);
	}
	/* Row 2 is unit 2, column 1 is unit 5, box 3 is unit 11. */
	cr_expect_arr_eq(g->unit_cells + 2 * 4, ((int[]){8, 9, 10, 11}),
			 4 * sizeof(int));
	cr_expect_arr_eq(g->unit_cells + 5 * 4, ((int[]){1, 5, 9, 13}),
			 4 * sizeof(int));
	cr_expect_arr_eq(g->unit_cells + 11 * 4, box3, sizeof(box3));
	for (int i = 0; i < 4; i++)
		cr_expect_eq(cdki_box_cell(4, 2, 2, 3, i), box3[i]);
}

Test(geometry, four_by_four_with_2x2_boxes)
{
	with_geometry(4, 2, 2, four_by_four);
}

static void six_by_six(const cdok_puzzle *p, const struct cdki_geometry *g)
{
	/* Boxes of 2 rows x 3 columns: two to a band, three bands. */
	static const int box[36] = {0, 0, 0, 1, 1, 1,
				    0, 0, 0, 1, 1, 1,
				    2, 2, 2, 3, 3, 3,
				    2, 2, 2, 3, 3, 3,
				    4, 4, 4, 5, 5, 5,
				    4, 4, 4, 5, 5, 5};
	static const int box5[6] = {27, 28, 29, 33, 34, 35};

	for (int cell = 0; cell < 36; cell++)
		cr_expect_eq(cdki_box_of(p, cell), box[cell], "cell %d", cell);
	/* Box 5 is unit 17. */
	cr_expect_arr_eq(g->unit_cells + 17 * 6, box5, sizeof(box5));
	for (int i = 0; i < 6; i++)
		cr_expect_eq(cdki_box_cell(6, 2, 3, 5, i), box5[i]);
	/* r3c4 (cell 15): row unit 2, column unit 6 + 3, box unit 12 + 3. */
	cr_expect_arr_eq(g->cell_units + 15 * CDKI_KINDS,
			 ((int[]){2, 9, 15}), 3 * sizeof(int));
}

Test(geometry, six_by_six_with_2x3_boxes)
{
	with_geometry(6, 2, 3, six_by_six);
}

static void six_by_six_tall(const cdok_puzzle *p,
			    const struct cdki_geometry *g)
{
	/* Boxes of 3 rows x 2 columns: three to a band. */
	(void)g;
	cr_expect_eq(cdki_box_of(p, 0), 0);
	cr_expect_eq(cdki_box_of(p, 2), 1);
	cr_expect_eq(cdki_box_of(p, 5), 2);
	cr_expect_eq(cdki_box_of(p, 2 * 6 + 5), 2);
	cr_expect_eq(cdki_box_of(p, 3 * 6), 3);
	cr_expect_eq(cdki_box_of(p, 35), 5);
}

Test(geometry, six_by_six_with_3x2_boxes)
{
	with_geometry(6, 3, 2, six_by_six_tall);
}

static void nine_by_nine(const cdok_puzzle *p, const struct cdki_geometry *g)
{
	static const int box4[9] = {30, 31, 32, 39, 40, 41, 48, 49, 50};

	cr_assert_eq(g->nunits, 27);
	/* r5c5 (cell 40) is in row 4, column 9 + 4 and box 18 + 4. */
	cr_expect_arr_eq(g->cell_units + 40 * CDKI_KINDS,
			 ((int[]){4, 13, 22}), 3 * sizeof(int));
	cr_expect_arr_eq(g->unit_cells + 22 * 9, box4, sizeof(box4));
	cr_expect_eq(cdki_box_of(p, 80), 8);
	cr_expect_eq(cdki_box_of(p, 8), 2);
	cr_expect_eq(cdki_box_of(p, 72), 6);
	cr_expect_eq(cdki_box_at(9, 3, 3, 26), 2);
}

Test(geometry, nine_by_nine_with_3x3_boxes)
{
	with_geometry(9, 3, 3, nine_by_nine);
}

static void no_boxes(const cdok_puzzle *p, const struct cdki_geometry *g)
{
	int n = p->size;

	cr_assert_eq(g->nkinds, 2);
	cr_assert_eq(g->nunits, 2 * n);
	for (int cell = 0; cell < n * n; cell++) {
		const int *u = g->cell_units + cell * CDKI_KINDS;

		cr_expect_eq(cdki_box_of(p, cell), -1);
		/* The box slot repeats the row. */
		cr_expect_eq(u[CDKI_BOX], u[CDKI_ROW], "cell %d", cell);
		cr_expect_eq(u[CDKI_ROW], cell / n);
		cr_expect_eq(u[CDKI_COL], n + cell % n);
	}
}

Test(geometry, without_boxes)
{
	with_geometry(1, 0, 0, no_boxes);
	with_geometry(5, 0, 0, no_boxes);
	with_geometry(9, 0, 0, no_boxes);
	with_geometry(63, 0, 0, no_boxes);
}

static void any(const cdok_puzzle *p, const struct cdki_geometry *g)
{
	(void)p;
	(void)g;
}

/* Every box shape cdok_puzzle_set_boxes takes, up to the largest
 * grid: consistent both ways. */
Test(geometry, every_box_shape)
{
	int shapes = 0;

	for (int n = 4; n <= 63; n++)
		for (int br = 2; br <= n / 2; br++)
			if (n % br == 0 && n / br >= 2) {
				with_geometry(n, br, n / br, any);
				shapes++;
			}
	cr_expect_gt(shapes, 50);
}

/* Killer X (CDOK_RULE_DIAGONALS): units 3n and 3n + 1 are the two main
 * diagonals, outside the Latin units and cell_units; a cell asks which
 * it is on.  Written out for 4 x 4 and checked whole for 9 x 9. */
Test(geometry, diagonals_follow_the_boxes)
{
	cdok_puzzle *p = grid(4, 2, 2);
	struct cdki_geometry g;
	int out[2];

	cr_assert_eq(cdki_nunits_all(p), 12);
	cr_assert_eq(cdki_diagonals_of(p, 0, out), 0);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS), CDOK_OK);
	cr_assert_eq(cdki_nunits(p), 12);
	cr_assert_eq(cdki_nunits_all(p), 14);
	cr_assert_eq(cdki_geometry_init(&g, p), CDOK_OK);
	expect_consistent(p, &g);
	cr_assert_eq(g.nall, 14);
	cr_expect_arr_eq(g.unit_cells + 12 * 4, ((int[]){0, 5, 10, 15}),
			 4 * sizeof(int));
	cr_expect_arr_eq(g.unit_cells + 13 * 4, ((int[]){3, 6, 9, 12}),
			 4 * sizeof(int));
	cr_expect_eq(cdki_kind_of(4, 12), CDKI_DIAG);
	cr_expect_eq(cdki_kind_of(4, 13), CDKI_DIAG);
	cr_assert_eq(cdki_diagonals_of(p, 5, out), 1);
	cr_expect_eq(out[0], 12);
	cr_assert_eq(cdki_diagonals_of(p, 9, out), 1);
	cr_expect_eq(out[0], 13);
	cr_expect_eq(cdki_diagonals_of(p, 1, out), 0);
	cdki_geometry_free(&g);
	cdok_puzzle_free(p);

	/* 9 x 9: the centre is on both; every other cell on at most one,
	 * and 17 cells on some diagonal. */
	p = grid(9, 3, 3);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS), CDOK_OK);
	cr_assert_eq(cdki_geometry_init(&g, p), CDOK_OK);
	expect_consistent(p, &g);
	cr_assert_eq(cdki_diagonals_of(p, 40, out), 2);
	cr_expect(out[0] == 27 && out[1] == 28);
	{
		int on = 0;

		for (int cell = 0; cell < 81; cell++)
			on += cdki_diagonals_of(p, cell, out) > 0;
		cr_expect_eq(on, 17);
	}
	cr_expect_eq(g.unit_cells[28 * 9 + 0], 8);
	cr_expect_eq(g.unit_cells[28 * 9 + 8], 72);
	cdki_geometry_free(&g);
	cdok_puzzle_free(p);
}

/* The diagonals need boxes: refused on a Calcudoku, and the boxes stay
 * while the flag does. */
Test(geometry, diagonals_need_boxes)
{
	cdok_puzzle *p = grid(4, 0, 0);

	cr_expect_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS),
		     CDOK_ERR_INVALID);
	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 2), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS), CDOK_OK);
	cr_expect_eq(cdok_puzzle_set_boxes(p, 0, 0), CDOK_ERR_INVALID);
	cr_expect_eq(cdok_puzzle_box_rows(p), 2);
	cr_expect_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS |
					      CDOK_RULE_NYLIMB),
		     CDOK_ERR_INVALID);
	cr_expect_eq(cdok_puzzle_rules(p), CDOK_RULE_DIAGONALS);
	cdok_puzzle_free(p);
}

/* cdki_same_diagonal: cells on one diagonal unit, only under the rule. */
Test(geometry, same_diagonal)
{
	cdok_puzzle *p = grid(9, 3, 3);

	cr_expect(!cdki_same_diagonal(p, 0, 80));
	cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS), CDOK_OK);
	cr_expect(cdki_same_diagonal(p, 0, 80));
	cr_expect(cdki_same_diagonal(p, 8, 72));
	cr_expect(cdki_same_diagonal(p, 40, 8));
	cr_expect(!cdki_same_diagonal(p, 0, 8));
	cr_expect(!cdki_same_diagonal(p, 1, 9));
	cdok_puzzle_free(p);
}
