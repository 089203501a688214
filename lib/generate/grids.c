/* grids.c -- solution grids for generated puzzles: random Latin squares,
 * Sudoku grids (Latin squares whose boxes hold every value too) and
 * Nylimb digit grids, and the check of a grid a caller brings.
 *
 * Latin squares.  A square made by shuffling the rows, columns and symbols of the cyclic
 * square is quick but always the table of a group, and such squares are
 * full of 2 x 2 sub-squares (intercalates): two cells in each of two rows
 * that can swap values.  Every intercalate that no cage separates is a
 * second solution, so those grids make poor puzzles.  The Jacobson-Matthews
 * Markov chain instead walks between all Latin squares of the size and
 * after about n^3 steps gives a square close to uniformly random, with
 * few intercalates.
 *
 * The chain works on the 0/1 "incidence cube" m[r][c][s] (1 when cell
 * (r, c) holds symbol s), in which every line in every direction sums to
 * one.  A step adds +1/-1 around a small sub-cube; it may leave one entry
 * at -1 (an "improper" square), which the next step repairs.
 *
 * Nylimb digit grids.  A Nylimb grid of size n holds numbers 0..99 so that each row and each
 * column has exactly one two-digit number and no decimal digit twice:
 * each line uses n + 1 different digits (at n = 9, all ten, as the
 * fork's puzzle GC7WQR5 does).
 *
 * Such grids come from Latin squares one size up.  Take a Latin square L
 * of size n + 1 over n + 1 digits and drop its last row and column.  Row
 * r of what is left misses one digit, L[r][n]; column c misses L[n][c].
 * The last column (without the corner) and the last row (without the
 * corner) hold the same digits -- all but the corner's -- so for every
 * row r there is exactly one column c with L[n][c] == L[r][n], and these
 * pairs (r, c) form a permutation.  Putting the missing digit L[r][n]
 * into cell (r, c) as its second digit completes row r and column c at
 * once.  Every Nylimb grid arises this way (split each two-digit number
 * and write the spare digits into a last row and column), so a uniform
 * Latin square gives every grid a fair chance.  The order of the two
 * digits is drawn at random, except that 0 never leads.
 */
#include <stdlib.h>
#include <string.h>

#include "generate/generate.h"

static uint64_t bit(int v)
{
	return (uint64_t)1 << v;
}

/* Values 1..n as a set. */
static uint64_t all_values(int n)
{
	return (((uint64_t)1 << n) - 1) << 1;
}

/* The value of the k-th set bit (from 0) of a set. */
static int nth_value(uint64_t set, int k)
{
	while (k-- > 0)
		set &= set - 1;
	return __builtin_ctzll(set);
}

/* ------------------------------------------------------------------ */
/* Latin squares                                                       */

struct cube {
	int n;
	signed char *m;
};

static inline signed char *at(struct cube *q, int r, int c, int s)
{
	return &q->m[((size_t)r * (size_t)q->n + (size_t)c) * (size_t)q->n +
		     (size_t)s];
}

/* In a line through the cube with one coordinate free, pick the free
 * coordinate of an entry equal to 1; in an improper square there are two
 * such entries on the lines through the -1 entry, and either is taken at
 * random. */
enum axis { AXIS_R, AXIS_C, AXIS_S };

static int pick_one(struct cube *q, enum axis free, int a, int b,
		    cdok_rng *rng)
{
	int found[2] = {-1, -1}, nfound = 0;

	for (int i = 0; i < q->n && nfound < 2; i++) {
		signed char v = free == AXIS_R ? *at(q, i, a, b) :
				free == AXIS_C ? *at(q, a, i, b) :
						 *at(q, a, b, i);

		if (v == 1)
			found[nfound++] = i;
	}
	if (nfound == 2 && (cdok_rng_next(rng) >> 63))
		return found[1];
	return found[0];
}

cdok_status cdok_generate_grid(int n, cdok_rng *rng, int *values)
{
	struct cube q;
	long steps, done = 0;
	bool proper = true;
	int ir = 0, ic = 0, is = 0;

	if (n < 1 || n > CDOK_MAX_SIZE)
		return CDOK_ERR_INVALID;
	q.n = n;
	q.m = cdok_calloc((size_t)n * (size_t)n * (size_t)n, 1);
	if (!q.m)
		return CDOK_ERR_NOMEM;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			*at(&q, r, c, (r + c) % n) = 1;

	steps = (long)n * n * n;
	if (steps < 64)
		steps = 64;
	while (n > 1 && (done < steps || !proper)) {
		int r, c, s, r1, c1, s1;

		if (proper) {
			r = (int)cdok_rng_below(rng, (uint64_t)n);
			c = (int)cdok_rng_below(rng, (uint64_t)n);
			do
				s = (int)cdok_rng_below(rng, (uint64_t)n);
			while (*at(&q, r, c, s) != 0);
		} else {
			r = ir;
			c = ic;
			s = is;
		}
		r1 = pick_one(&q, AXIS_R, c, s, rng);
		c1 = pick_one(&q, AXIS_C, r, s, rng);
		s1 = pick_one(&q, AXIS_S, r, c, rng);

		++*at(&q, r, c, s);
		++*at(&q, r, c1, s1);
		++*at(&q, r1, c, s1);
		++*at(&q, r1, c1, s);
		--*at(&q, r, c, s1);
		--*at(&q, r, c1, s);
		--*at(&q, r1, c, s);
		--*at(&q, r1, c1, s1);

		proper = *at(&q, r1, c1, s1) >= 0;
		if (!proper) {
			ir = r1;
			ic = c1;
			is = s1;
		}
		done++;
	}
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			for (int s = 0; s < n; s++)
				if (*at(&q, r, c, s) == 1)
					values[r * n + c] = s + 1;
	free(q.m);
	/* The chain ends on a proper square: every line of the cube sums
	 * to one, so each cell got one symbol and the grid is Latin. */
	CDOK_ASSERT(cdki_grid_is_latin(values, n, 0, 0));
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Nylimb digit grids                                                  */

cdok_status cdok_generate_nylimb_grid(int n, cdok_rng *rng, int *values)
{
	int m = n + 1, digits[10];
	int *sq;
	cdok_status st;

	if (n < 1 || n > 9)
		return CDOK_ERR_INVALID;
	sq = cdok_malloc((size_t)m * (size_t)m * sizeof(int));
	if (!sq)
		return CDOK_ERR_NOMEM;
	st = cdok_generate_grid(m, rng, sq);
	if (st != CDOK_OK) {
		free(sq);
		return st;
	}
	/* Which n + 1 of the ten digits, in random order (a partial
	 * Fisher-Yates shuffle); symbols 1..m of the square map to them. */
	for (int d = 0; d < 10; d++)
		digits[d] = d;
	for (int d = 0; d < m; d++) {
		int j = d + (int)cdok_rng_below(rng, (uint64_t)(10 - d));
		int t = digits[d];

		digits[d] = digits[j];
		digits[j] = t;
	}
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			values[r * n + c] = digits[sq[r * m + c] - 1];
	for (int r = 0; r < n; r++) {
		int spare = sq[r * m + n];
		int c = 0, a, b;

		while (sq[n * m + c] != spare)
			c++;
		a = values[r * n + c];
		b = digits[spare - 1];
		if (a == 0 || (b != 0 && cdok_rng_below(rng, 2)))
			values[r * n + c] = 10 * b + a;
		else
			values[r * n + c] = 10 * a + b;
	}
	free(sq);
	/* Each row and column got its missing digit (the argument at the
	 * top of this file). */
	CDOK_ASSERT(cdki_nylimb_grid_ok(values, n));
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Sudoku grids                                                        */

struct fill {
	int n, ncells;
	int *values;          /* the grid being filled, 0 = empty */
	uint64_t *row, *col, *box;  /* values used per unit */
	int *box_of;          /* cell -> box */
	int *cell_at;         /* search depth -> the cell filled there */
	uint64_t *untried;    /* search depth -> values not tried yet */
};

static void fill_place(struct fill *f, int cell, int v)
{
	f->values[cell] = v;
	f->row[cell / f->n] |= bit(v);
	f->col[cell % f->n] |= bit(v);
	f->box[f->box_of[cell]] |= bit(v);
}

static void fill_clear(struct fill *f, int cell)
{
	uint64_t b = bit(f->values[cell]);

	f->values[cell] = 0;
	f->row[cell / f->n] &= ~b;
	f->col[cell % f->n] &= ~b;
	f->box[f->box_of[cell]] &= ~b;
}

/* The empty cell with the fewest candidates, its candidates in *cand;
 * -1 when the grid is full. */
static int fill_pick(const struct fill *f, uint64_t *cand)
{
	int best = -1, best_count = 64;
	uint64_t all = all_values(f->n);

	for (int cell = 0; cell < f->ncells; cell++) {
		uint64_t c;
		int k;

		if (f->values[cell])
			continue;
		c = all & ~(f->row[cell / f->n] | f->col[cell % f->n] |
			    f->box[f->box_of[cell]]);
		k = cdok_popcount(c);
		if (k < best_count) {
			best = cell;
			best_count = k;
			*cand = c;
			if (k <= 1)
				break;
		}
	}
	return best;
}

/* One randomised backtracking fill from an empty grid, trying values in
 * random order.  Returns false when it used up its node budget (the
 * caller starts again with fresh randomness: a fill that went wrong
 * early can take very long to back out of). */
static bool fill_once(struct fill *f, cdok_rng *rng, long budget)
{
	int depth = 0;
	long nodes = 0;

	memset(f->values, 0, (size_t)f->ncells * sizeof(int));
	memset(f->row, 0, (size_t)f->n * sizeof(uint64_t));
	memset(f->col, 0, (size_t)f->n * sizeof(uint64_t));
	memset(f->box, 0, (size_t)f->n * sizeof(uint64_t));
	for (;;) {
		uint64_t cand = 0;
		int cell = fill_pick(f, &cand), v;

		if (cell < 0)
			return true;
		f->cell_at[depth] = cell;
		f->untried[depth] = cand;
		while (!f->untried[depth]) {
			if (depth == 0)
				return false;   /* no grid: cannot happen */
			depth--;
			fill_clear(f, f->cell_at[depth]);
		}
		v = nth_value(f->untried[depth],
			      (int)cdok_rng_below(rng, (uint64_t)
				cdok_popcount(f->untried[depth])));
		f->untried[depth] &= ~bit(v);
		fill_place(f, f->cell_at[depth], v);
		depth++;
		if (++nodes > budget)
			return false;
	}
}

/* A random permutation of 0..k-1 into a. */
static void permutation(cdok_rng *rng, int *a, int k)
{
	for (int i = 0; i < k; i++)
		a[i] = i;
	cdki_regions_shuffle(rng, a, k);
}

/* The fallback for grids too large for backtracking to fill quickly: a
 * pattern grid (row r shifted by box_cols * (r % box_rows) + r /
 * box_rows) with its symbols, the rows of each band, the bands, the
 * columns of each stack and the stacks permuted at random.  Each of
 * those keeps rows, columns and boxes whole, so the result is a Sudoku,
 * if a less varied one. */
static cdok_status pattern_grid(int n, int box_rows, int box_cols,
				cdok_rng *rng, int *values)
{
	int *sym = cdok_malloc((size_t)n * sizeof(int));
	int *rows = cdok_malloc((size_t)n * sizeof(int));
	int *cols = cdok_malloc((size_t)n * sizeof(int));
	int *tmp = cdok_malloc((size_t)n * sizeof(int));
	int bands = n / box_rows, stacks = n / box_cols;

	if (!sym || !rows || !cols || !tmp) {
		free(sym);
		free(rows);
		free(cols);
		free(tmp);
		return CDOK_ERR_NOMEM;
	}
	permutation(rng, sym, n);
	/* rows[i]: the pattern row shown as row i. */
	permutation(rng, tmp, bands);
	for (int b = 0; b < bands; b++) {
		permutation(rng, rows + b * box_rows, box_rows);
		for (int i = 0; i < box_rows; i++)
			rows[b * box_rows + i] += tmp[b] * box_rows;
	}
	permutation(rng, tmp, stacks);
	for (int s = 0; s < stacks; s++) {
		permutation(rng, cols + s * box_cols, box_cols);
		for (int i = 0; i < box_cols; i++)
			cols[s * box_cols + i] += tmp[s] * box_cols;
	}
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int pr = rows[r], pc = cols[c];

			values[r * n + c] = sym[(box_cols * (pr % box_rows) +
						 pr / box_rows + pc) % n] + 1;
		}
	free(sym);
	free(rows);
	free(cols);
	free(tmp);
	return CDOK_OK;
}

cdok_status cdok_generate_sudoku(int n, int box_rows, int box_cols,
				 cdok_rng *rng, int *values)
{
	struct fill f;
	size_t nc = (size_t)n * (size_t)n;
	cdok_status st = CDOK_ERR_NOMEM;
	long budget;

	if (n < 1 || n > CDOK_MAX_SIZE || box_rows < 1 || box_cols < 1 ||
	    box_rows * box_cols != n)
		return CDOK_ERR_INVALID;
	memset(&f, 0, sizeof(f));
	f.n = n;
	f.ncells = (int)nc;
	f.values = values;
	f.row = cdok_calloc((size_t)n, sizeof(uint64_t));
	f.col = cdok_calloc((size_t)n, sizeof(uint64_t));
	f.box = cdok_calloc((size_t)n, sizeof(uint64_t));
	f.box_of = cdok_malloc(nc * sizeof(int));
	f.cell_at = cdok_malloc(nc * sizeof(int));
	f.untried = cdok_malloc(nc * sizeof(uint64_t));
	if (!f.row || !f.col || !f.box || !f.box_of || !f.cell_at ||
	    !f.untried)
		goto out;
	for (int cell = 0; cell < f.ncells; cell++)
		f.box_of[cell] = cdki_box_at(n, box_rows, box_cols, cell);
	/* Up to 25 x 25, fills rarely need to back up far, and a budget
	 * that doubles on each restart ends an unlucky streak.  Larger
	 * grids can wander for a very long time (each step also costs more
	 * there), so after one try they take the pattern grid instead. */
	budget = 4L * f.ncells + 100;
	st = CDOK_ERR_LIMIT;
	for (int attempt = 0; attempt < (n <= 25 ? 4 : 1) && st != CDOK_OK;
	     attempt++) {
		if (fill_once(&f, rng, budget))
			st = CDOK_OK;
		budget *= 2;
	}
	if (st != CDOK_OK)
		st = pattern_grid(n, box_rows, box_cols, rng, values);
	CDOK_ASSERT(st != CDOK_OK ||
		    cdki_grid_is_latin(values, n, box_rows, box_cols));
out:
	free(f.row);
	free(f.col);
	free(f.box);
	free(f.box_of);
	free(f.cell_at);
	free(f.untried);
	return st;
}

/* ------------------------------------------------------------------ */
/* Checking a caller's grid                                            */

bool cdki_grid_is_latin(const int *v, int n, int box_rows, int box_cols)
{
	for (int u = 0; u < n; u++) {
		uint64_t row = 0, col = 0, box = 0;

		for (int j = 0; j < n; j++) {
			int a = v[u * n + j], b = v[j * n + u];

			if (a < 1 || a > n || b < 1 || b > n)
				return false;
			row |= bit(a);
			col |= bit(b);
			if (box_rows) {
				int c = v[cdki_box_cell(n, box_rows, box_cols,
							u, j)];

				if (c < 1 || c > n)
					return false;
				box |= bit(c);
			}
		}
		if (row != all_values(n) || col != row ||
		    (box_rows && box != row))
			return false;
	}
	return true;
}
