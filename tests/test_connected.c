/* test_connected.c -- a cage's cells must form one region of orthogonal
 * neighbours (cdok_puzzle_validate).  Cages of up to 64 cells are
 * checked by a walk over their own list, larger ones by a walk over the
 * grid (lib/model/puzzle.c): both must give the same answers, at the
 * border between the two too. */
#include <criterion/criterion.h>

#include <string.h>

#include <cdok.h>

/* Whether a puzzle of size n whose one cage is cells[0..k-1] and whose
 * other cells are givens validates.  Validation checks the puzzle's
 * shape, not whether it can be solved, so a target of 1 does. */
static cdok_status shape(int n, const int *cells, int k)
{
	cdok_puzzle *p = cdok_puzzle_new(n);
	cdok_status st;
	cdok_error err;
	static int in[63 * 63];

	cr_assert(p);
	memset(in, 0, sizeof(in));
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 1, cells, k, NULL,
					  NULL), CDOK_OK);
	for (int i = 0; i < k; i++)
		in[cells[i]] = 1;
	for (int c = 0; c < n * n; c++)
		if (!in[c])
			cr_assert_eq(cdok_puzzle_set_given(p, c, 1), CDOK_OK);
	st = cdok_puzzle_validate(p, &err);
	cdok_puzzle_free(p);
	return st;
}

/* The first k cells of an n x n grid in a snake, row by row: one
 * region whatever k. */
static void snake(int n, int k, int *cells)
{
	for (int i = 0; i < k; i++) {
		int r = i / n, c = i % n;

		cells[i] = r * n + (r % 2 ? n - 1 - c : c);
	}
}

Test(connected, small_and_large_cages)
{
	static int cells[63 * 63];

	/* Lines, corners, a diagonal pair. */
	cr_expect_eq(shape(3, (int[]){0, 1, 2}, 3), CDOK_OK);
	cr_expect_eq(shape(3, (int[]){0, 3, 4}, 3), CDOK_OK);
	cr_expect_eq(shape(3, (int[]){0, 4}, 2), CDOK_ERR_INVALID);
	/* The last cell of a row and the first of the next are not
	 * neighbours. */
	cr_expect_eq(shape(3, (int[]){2, 3}, 2), CDOK_ERR_INVALID);
	/* Two pieces, each connected. */
	cr_expect_eq(shape(4, (int[]){0, 1, 14, 15}, 4), CDOK_ERR_INVALID);
	/* A U whose arms meet only through its base, listed in an order
	 * that reaches the base last. */
	cr_expect_eq(shape(3, (int[]){0, 3, 2, 5, 6, 7, 8}, 7), CDOK_OK);

	/* Around 64 cells, on a 9 x 9 grid: connected snakes, and the same
	 * with one cell moved off to the bottom-left corner, which no
	 * snake of up to 71 cells touches (row 7 is walked from the
	 * right). */
	for (int k = 60; k <= 70; k++) {
		snake(9, k, cells);
		cr_expect_eq(shape(9, cells, k), CDOK_OK, "snake of %d", k);
		cells[k / 2] = 72;
		cr_expect_eq(shape(9, cells, k), CDOK_ERR_INVALID,
			     "snake of %d broken at %d", k, k / 2);
	}
	/* The whole of the largest grid; then all of it but its second
	 * row, which cuts the first row off. */
	snake(63, 63 * 63, cells);
	cr_expect_eq(shape(63, cells, 63 * 63), CDOK_OK);
	for (int i = 0; i < 63; i++)
		cells[i] = i;
	for (int i = 63; i < 63 * 62; i++)
		cells[i] = i + 63;
	cr_expect_eq(shape(63, cells, 63 * 62), CDOK_ERR_INVALID);
}

/* A Killer (a grid with boxes) may have a cage in parts, as some
 * setters make them; the same cage on a Calcudoku grid is refused. */
Test(connected, a_killer_cage_may_come_in_parts)
{
	cdok_puzzle *p = cdok_puzzle_new(4);
	cdok_error err;
	int ci;

	cr_assert(p);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 7,
					  (int[]){0, 15}, 2, NULL, &ci),
		     CDOK_OK);
	cr_expect_eq(cdok_puzzle_validate(p, &err), CDOK_ERR_INVALID);
	cr_expect_str_eq(err.message, "cage A is not orthogonally connected");
	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 2), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_cage_distinct(p, ci, 1), CDOK_OK);
	cr_expect_eq(cdok_puzzle_validate(p, &err), CDOK_OK);
	cdok_puzzle_free(p);
}
