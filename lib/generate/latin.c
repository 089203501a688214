/* latin.c -- random Latin squares, the solution grids of generated puzzles.
 *
 * A square made by shuffling the rows, columns and symbols of the cyclic
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
 */
#include <stdlib.h>

#include "generate/generate.h"

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
	return CDOK_OK;
}
