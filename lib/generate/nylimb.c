/* nylimb.c -- solution grids for Nylimb puzzles (doc/RULES.md, "Nylimb mode").
 *
 * A Nylimb grid of size n holds numbers 0..99 so that each row and each
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

#include "generate/generate.h"

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
	return CDOK_OK;
}
