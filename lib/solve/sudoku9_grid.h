/* sudoku9_grid.h -- the state and word helpers that the plain 9 x 9
 * Sudoku solver's files share (sudoku9.c: the reasoning and the
 * search; sudoku9_pick.c: where the search guesses).  See sudoku9.c for
 * the layout.  Internal to lib/solve. */
#ifndef CDOK_SOLVE_SUDOKU9_GRID_H
#define CDOK_SOLVE_SUDOKU9_GRID_H

#include <stdbool.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define ROW9   0x1ffu     /* a row's nine cells in a band word */
#define COL3   0x40201u   /* a column's three cells in a band word */
#define BOX3   0x1c0e07u  /* the box at the band's left */
#define BAND27 0x7ffffffu /* every cell of a band */
#define TRIAD0 0x1249249u /* the first cell of each triad */

struct grid9 {
	uint32_t cand[3][9]; /* band, digit: the cells it may take */
	uint32_t open[3];    /* per band, the cells not yet decided */
	uint32_t dirty;      /* bit 9 * band + digit: words changed since
			      * their band triads */
	uint32_t stacks;     /* bit digit: words changed since the digit's
			      * stack triads; bit 16 + band: since the
			      * band's triples (band_triples) */
};

/* A guess on a digit's permutation in a band (rows to boxes) or in a
 * stack (bands to columns): the two the digit has left there. */
struct split {
	int d, band, stack; /* stack < 0: a band's split */
	uint32_t perm[2];
};

static inline int ctz32(uint32_t x)
{
	return __builtin_ctz(x);
}

/* Bits set in x, without the library call __builtin_popcount becomes
 * on a plain x86-64. */
static inline int popc32(uint32_t x)
{
	x -= x >> 1 & 0x55555555u;
	x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (int)(x * 0x01010101u >> 24);
}

/* A band's columns: bit c when the word has a cell in column c. */
static inline uint32_t fold(uint32_t t)
{
	return (t | t >> 9 | t >> 18) & ROW9;
}

/* The triads of a band word as a 3 x 3 matrix of bits, bit 3 * row +
 * box: which row-box pairs hold a cell of the word. */
static inline uint32_t triad_index(uint32_t t)
{
	uint32_t y = (t | t >> 1 | t >> 2) & TRIAD0;

	y |= y >> 2 | y >> 4;
	return (y & 7) | (y >> 6 & 070) | (y >> 12 & 0700);
}

/* The cells of the triads a matrix (bit 3 * row + box) names. */
static inline uint32_t triad_cells(uint32_t m)
{
	uint32_t r0 = m & 7, r1 = m >> 3 & 7, r2 = m >> 6 & 7;

	r0 = (r0 & 1) | (r0 & 2) << 2 | (r0 & 4) << 4;
	r1 = (r1 & 1) | (r1 & 2) << 2 | (r1 & 4) << 4;
	r2 = (r2 & 1) | (r2 & 2) << 2 | (r2 & 4) << 4;
	return (r0 | r1 << 9 | r2 << 18) * 7u;
}

#if defined(__SSE2__)
/* The triad matrices (triad_index) of a band's digits 0-7 (w: the
 * band's nine words), one in each 16-bit lane. */
static inline __m128i band_matrices(const uint32_t w[9])
{
	const __m128i triad0 = _mm_set1_epi32((int)TRIAD0);
	__m128i y[2];

	for (int h = 0; h < 2; h++) {
		__m128i t = _mm_loadu_si128((const __m128i *)(w + 4 * h)), v;

		v = _mm_and_si128(_mm_or_si128(_mm_or_si128(t,
			_mm_srli_epi32(t, 1)), _mm_srli_epi32(t, 2)), triad0);
		v = _mm_or_si128(v, _mm_or_si128(_mm_srli_epi32(v, 2),
						 _mm_srli_epi32(v, 4)));
		y[h] = _mm_or_si128(_mm_or_si128(
			_mm_and_si128(v, _mm_set1_epi32(7)),
			_mm_and_si128(_mm_srli_epi32(v, 6), _mm_set1_epi32(070))),
			_mm_and_si128(_mm_srli_epi32(v, 12),
				      _mm_set1_epi32(0700)));
	}
	return _mm_packs_epi32(y[0], y[1]);
}
#endif

/* sudoku9_pick.c: the band or stack with the fewest permutations and a
 * digit with two there (false when none), the split's permutation
 * taken, and the cell to guess on (its band and place, its digits
 * returned). */
bool cdki_sudoku9_pick_split(const struct grid9 *g, struct split *sp);
void cdki_sudoku9_take_perm(struct grid9 *g, const struct split *sp,
			    uint32_t perm);
uint32_t cdki_sudoku9_pick(const struct grid9 *g, int *band, int *pos);

#endif
