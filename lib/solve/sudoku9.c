/* sudoku9.c -- the solver for plain 9 x 9 Sudoku with 3 x 3 boxes and
 * givens only: the common case, solved on bitboards instead of the
 * general engine (doc/SOLVER.md, "Plain Sudoku").
 *
 * The grid is three bands of three rows; a band's 27 cells fit in one
 * 32-bit word (bit 9 * row + column, rows counted within the band).  Per
 * digit and band a word holds the cells where the digit may still go:
 * 27 words, kept band by band (a band's nine digits side by side, so
 * that taking cells out of every digit of a band is one loop over
 * adjacent words, which the compiler does with vectors where the
 * target has them), plus a word per band of the cells not yet decided.
 * A search node is that state and two words of bookkeeping, 128 bytes,
 * copied when the search guesses.
 *
 * The reasoning, to a fixed point:
 *  - Band triads.  Within a band a digit takes one cell in each of the
 *    three rows and in each of the three boxes, so the row-box pairs
 *    (triads: the three cells a row shares with a box) it uses form a
 *    permutation.  A triad in none of the six permutations that the
 *    digit's cells allow loses the digit: pointing and claiming along
 *    rows at once, in a few word operations.
 *  - Stack triads, the same along columns: within a stack a digit's
 *    three columns go to the three bands one to one (by bit logic on
 *    the digit's columns in the three bands, stacks_update).
 *  - Hidden singles: a row of a band, or a column, left with one cell
 *    for a digit (a box left with one cell is a row with one after the
 *    band triads).
 *  - Naked singles: a cell with one digit, found for a band at once by
 *    counting the digits' words bit-parallel ("at least one", "at least
 *    two", "at least three").
 *  - Triples on triads and mini-columns (a column's three cells in a
 *    band): each holds three digits, so one that only three digits may
 *    take takes them all, and one that three digits must take loses the
 *    rest (band_triples; once the rules above are done).
 * A placed digit leaves its row, box and column; a cell with no digit,
 * or a digit with no place, is a contradiction.  While 40 cells or
 * more are open the search guesses, as tdoku does, on the band or stack
 * whose digits allow the fewest permutations in all: on a digit there
 * with two, each in turn (the digit's triads, or its columns, decided at
 * once); later, or when no digit of that band has two, on a cell with
 * two candidates (else the fewest), each candidate in turn in
 * increasing order (sudoku9_pick.c).  Guessing on permutations only
 * would leave an empty grid's search lost among them (bench/RESULTS.md,
 * issue 38).  It counts solutions up to the caller's limit: it never
 * assumes there is only one.  Nodes, branch points and the search score
 * are counted as the general engine counts them (engine/search.h), for
 * its own search.
 *
 * Portable C: word operations, but for helpers over a band's nine words
 * (band_clear, band_holds, band_count, the stack triads, the triples'
 * sets, the permutation counts) that use SSE2 where the compiler
 * targets it and plain loops elsewhere (the WebAssembly build
 * included); both give the same results.  No state outside the call.
 */
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "solve/solve.h"
#include "solve/sudoku9_grid.h"

/* The triples look at a band with this many open cells or more: on
 * fewer the other rules nearly always suffice, and they cost more than
 * they save (measured 6 to 25 % fewer instructions on hard sets with
 * 17 than with 0, a few more guesses). */
#define TRIPLES_OPEN 17

/* The search guesses on permutations while this many cells or more are
 * open, on cells after: near the end a cell's two candidates decide as
 * much, and looking for the permutations costs more than it saves
 * (measured 17 % fewer instructions on a set of nearly full grids with
 * several solutions, 3 % more on the hardest). */
#define SPLIT_OPEN 40

#include "solve/sudoku9_tables.h"

struct run9 {
	const cdok_solve_params *params;
	uint32_t mine[3][9]; /* band, digit: the digit's givens */
	int *solution_out;
	uint64_t count, nodes, branches, score;
	bool stop, gave_up;
	int values[81];
};

/* Cells leave the nine digits' words of a band (w: cand[band]) at
 * once: returns the digits whose words had some, bit digit.  With SSE2
 * (every x86-64) eight words go in two vector operations and a byte
 * mask gives their bits; elsewhere (the WebAssembly build included)
 * one loop with no branch, which compilers vectorize where they can. */
static inline uint32_t band_clear(uint32_t w[9], uint32_t cells)
{
	uint32_t hit;
#if defined(__SSE2__)
	__m128i c = _mm_set1_epi32((int)cells), zero = _mm_setzero_si128();
	__m128i lo = _mm_loadu_si128((const __m128i *)w);
	__m128i hi = _mm_loadu_si128((const __m128i *)(w + 4));
	__m128i none = _mm_packs_epi32(
		_mm_cmpeq_epi32(_mm_and_si128(lo, c), zero),
		_mm_cmpeq_epi32(_mm_and_si128(hi, c), zero));

	_mm_storeu_si128((__m128i *)w, _mm_andnot_si128(c, lo));
	_mm_storeu_si128((__m128i *)(w + 4), _mm_andnot_si128(c, hi));
	hit = ~(uint32_t)_mm_movemask_epi8(_mm_packs_epi16(none, zero)) & 0xff;
	hit |= (uint32_t)((w[8] & cells) != 0) << 8;
	w[8] &= ~cells;
#else
	static const uint32_t bit_of[9] = {1, 2, 4, 8, 16, 32, 64, 128, 256};

	hit = 0;
	for (int e = 0; e < 9; e++) {
		hit |= (w[e] & cells) != 0 ? bit_of[e] : 0;
		w[e] &= ~cells;
	}
#endif
	return hit;
}

/* Place digit d on cell pos of band b: false when d cannot go there. */
static bool place(struct grid9 *g, int d, int b, int pos)
{
	uint32_t bit = 1u << pos, col;
	int r = pos / 9, c = pos - 9 * r;

	if (!(g->cand[b][d] & bit))
		return false;
	if (!(g->open[b] & bit))
		return true;
	g->open[b] &= ~bit;
	col = COL3 << c;
	g->cand[b][d] &= ~((ROW9 << 9 * r) | (BOX3 << 3 * (c / 3)) | col);
	for (int o = 0; o < 3; o++) {
		g->dirty |= (uint32_t)((g->cand[o][d] & col) != 0)
			    << (9 * o + d);
		g->cand[o][d] &= ~col;
	}
	/* The cell leaves every other digit's word (d's own lost it
	 * above and gets it back): no branches. */
	g->dirty |= band_clear(g->cand[b], bit) << 9 * b;
	g->cand[b][d] |= bit;
	g->dirty |= 1u << (9 * b + d);
	return true;
}

/* The triads of a band word that some permutation of rows to boxes
 * allows, as the word's cells in them; 0 when none does. */
static inline uint32_t band_triads(uint32_t t)
{
	uint32_t y = (t | t >> 1 | t >> 2) & TRIAD0;

	/* The first cells of the triads, bits 3 * i, to bits i. */
	y |= y >> 2 | y >> 4;
	return t & band_keep[(y & 7) | (y >> 6 & 070) | (y >> 12 & 0700)];
}

/* Per word (9 * band + digit), the marks of g->stacks it sets when it
 * changes: its digit's stack triads, its band's triples. */
#define MARK3(b) 1u | 1u << (16 + (b)), 2u | 1u << (16 + (b)), \
	4u | 1u << (16 + (b)), 8u | 1u << (16 + (b)), \
	16u | 1u << (16 + (b)), 32u | 1u << (16 + (b)), \
	64u | 1u << (16 + (b)), 128u | 1u << (16 + (b)), \
	256u | 1u << (16 + (b))
static const uint32_t stack_mark[27] = {MARK3(0), MARK3(1), MARK3(2)};
#undef MARK3

/* Band b of digit d: its triads, then its rows left with one open cell,
 * placed at once; false on a contradiction. */
static bool band_update(struct grid9 *g, int d, int b)
{
	uint32_t t = band_triads(g->cand[b][d]), solved, cols, m, z, hit;

	if (!t)
		return false;
	g->cand[b][d] = t;
	g->stacks |= stack_mark[9 * b + d];
	/* The rows left with one cell, the three at once: after the
	 * triads every row has a cell, so subtracting one from each row's
	 * nine bits (COL3: each row's first cell) borrows nothing from
	 * the next row, and m is x & (x - 1) row by row, empty for a row
	 * with one cell.  Bit 9 * row of z: that row of m or-ed. */
	m = t & (t - COL3);
	z = m | m >> 1;
	z |= z >> 2;
	z |= z >> 4;
	z |= m >> 8;
	solved = t & ((COL3 & ~z) * ROW9) & g->open[b];
	if (!solved)
		return true;
	/* Rows with one cell each, and after the triads each in a box of
	 * its own, so in a column of its own: no two clash.  The rows and
	 * boxes of the band have them already; the cells leave the other
	 * digits, the columns the other bands. */
	g->open[b] &= ~solved;
	/* Without branches: which words change is data, and mispredicted
	 * branches here cost more than the operations. */
	g->dirty |= band_clear(g->cand[b], solved) << 9 * b;
	cols = fold(solved) * COL3;
	/* The digit's three words with one shift by d (its own band's is
	 * t again). */
	hit = (uint32_t)((g->cand[0][d] & cols) != 0) |
	      (uint32_t)((g->cand[1][d] & cols) != 0) << 9 |
	      (uint32_t)((g->cand[2][d] & cols) != 0) << 18;
	g->cand[0][d] &= ~cols;
	g->cand[1][d] &= ~cols;
	g->cand[2][d] &= ~cols;
	g->cand[b][d] = t;
	g->dirty = (g->dirty | hit << d) & ~(1u << (9 * b + d));
	return true;
}

/* Stack triads: within a stack a digit's three columns go to the three
 * bands one to one, so a column's cells in a band that no such
 * permutation allows lose the digit.  Worked on the digit's columns in
 * the three bands side by side, f (bit 9 * band + column): a band-column
 * pair survives when the other two bands take the stack's other two
 * columns one way or the other.  rot_b1 (rot_b2) gives each band the
 * bits of the band one (two) below, rot_c1 (rot_c2) each column those
 * of the column one (two) to the right within its stack. */
#define ROT_B1(x) (((x) >> 9 | (x) << 18) & BAND27)
#define ROT_B2(x) (((x) >> 18 | (x) << 9) & BAND27)
#define ROT_C1(x) (((x) >> 1 & 0x36db6dbu) | ((x) << 2 & 0x4924924u))
#define ROT_C2(x) (((x) >> 2 & 0x1249249u) | ((x) << 1 & 0x6db6db6u))

/* Digit d's stack triads, then its columns left with one cell (that
 * only one band has, in one of its rows): its words after the triads
 * stored, the words changed marked, those cells at open cells in
 * c[band][d]; non-zero when a stack allows no permutation. */
#if !defined(__SSE2__)
static inline uint32_t stack_digit(struct grid9 *g, int d, uint32_t c[3][9])
{
	uint32_t f = fold(g->cand[0][d]) | fold(g->cand[1][d]) << 9 |
		     fold(g->cand[2][d]) << 18;
	uint32_t c1 = ROT_C1(f), c2 = ROT_C2(f), u;

	f &= (ROT_B1(c1) & ROT_B2(c2)) | (ROT_B1(c2) & ROT_B2(c1));
	u = f & ~(ROT_B1(f) | ROT_B2(f));
	for (int b = 0; b < 3; b++) {
		uint32_t t = g->cand[b][d] & (f >> 9 * b & ROW9) * COL3;
		uint32_t r0 = t & ROW9, r1 = t >> 9 & ROW9, r2 = t >> 18;

		g->dirty |= (uint32_t)(t != g->cand[b][d]) << (9 * b + d);
		g->cand[b][d] = t;
		c[b][d] = t & (u >> 9 * b & (r0 ^ r1 ^ r2) & ~(r0 & r1 & r2) &
			       ROW9) * COL3 & g->open[b];
	}
	return (uint32_t)((f & BOX3) == 0) | (uint32_t)((f & BOX3 << 3) == 0) |
	       (uint32_t)((f & BOX3 << 6) == 0);
}
#else
/* The bits of the band below (one) or two below, as ROT_B1, ROT_B2. */
static inline __m128i v_rot_b(__m128i x, int two)
{
	__m128i r = two ? _mm_or_si128(_mm_srli_epi32(x, 18),
				       _mm_slli_epi32(x, 9))
			: _mm_or_si128(_mm_srli_epi32(x, 9),
				       _mm_slli_epi32(x, 18));

	return _mm_and_si128(r, _mm_set1_epi32((int)BAND27));
}

/* A band's nine-bit lanes x (bit 9 * row + column: columns) spread to
 * the columns' cells, and the columns of band b in side-by-side folds. */
static inline __m128i v_cols(__m128i x)
{
	return _mm_or_si128(_mm_or_si128(x, _mm_slli_epi32(x, 9)),
			    _mm_slli_epi32(x, 18));
}

static inline __m128i v_band(__m128i f, int b)
{
	return _mm_and_si128(b == 0 ? f : b == 1 ? _mm_srli_epi32(f, 9)
						 : _mm_srli_epi32(f, 18),
			     _mm_set1_epi32((int)ROW9));
}

/* stack_digit for digits d0 to d0 + 3 at once, or for d0 alone (n 1,
 * the other lanes empty); *bad and *any gather the contradictions and
 * the cells found (lanes non-zero). */
static inline void stack_four(struct grid9 *g, int d0, int n,
			      uint32_t c[3][9], __m128i *bad, __m128i *any)
{
	const __m128i row9 = _mm_set1_epi32((int)ROW9);
	const __m128i zero = _mm_setzero_si128();
	__m128i t[3], f = zero, c1, c2, u;

	for (int b = 0; b < 3; b++) {
		__m128i x;

		t[b] = n == 1 ? _mm_cvtsi32_si128((int)g->cand[b][d0])
			      : _mm_loadu_si128((const __m128i *)(g->cand[b] + d0));
		x = _mm_and_si128(_mm_or_si128(_mm_or_si128(t[b],
			_mm_srli_epi32(t[b], 9)), _mm_srli_epi32(t[b], 18)), row9);
		f = _mm_or_si128(f, b == 0 ? x : b == 1 ? _mm_slli_epi32(x, 9)
						      : _mm_slli_epi32(x, 18));
	}
	c1 = _mm_or_si128(
		_mm_and_si128(_mm_srli_epi32(f, 1), _mm_set1_epi32(0x36db6db)),
		_mm_and_si128(_mm_slli_epi32(f, 2), _mm_set1_epi32(0x4924924)));
	c2 = _mm_or_si128(
		_mm_and_si128(_mm_srli_epi32(f, 2), _mm_set1_epi32(0x1249249)),
		_mm_and_si128(_mm_slli_epi32(f, 1), _mm_set1_epi32(0x6db6db6)));
	f = _mm_and_si128(f, _mm_or_si128(
		_mm_and_si128(v_rot_b(c1, 0), v_rot_b(c2, 1)),
		_mm_and_si128(v_rot_b(c2, 0), v_rot_b(c1, 1))));
	u = _mm_andnot_si128(_mm_or_si128(v_rot_b(f, 0), v_rot_b(f, 1)), f);
	for (int k = 0; k < 3; k++)
		*bad = _mm_or_si128(*bad, _mm_and_si128(_mm_cmpeq_epi32(
			_mm_and_si128(f, _mm_set1_epi32((int)(BOX3 << 3 * k))),
			zero), n == 1 ? _mm_cvtsi32_si128(-1)
				      : _mm_set1_epi32(-1)));
	for (int b = 0; b < 3; b++) {
		__m128i x = _mm_and_si128(t[b], v_cols(v_band(f, b)));
		__m128i r0 = _mm_and_si128(x, row9);
		__m128i r1 = _mm_and_si128(_mm_srli_epi32(x, 9), row9);
		__m128i r2 = _mm_srli_epi32(x, 18);
		__m128i one = _mm_andnot_si128(
			_mm_and_si128(_mm_and_si128(r0, r1), r2),
			_mm_xor_si128(_mm_xor_si128(r0, r1), r2));
		__m128i cells = _mm_and_si128(_mm_and_si128(x,
			v_cols(_mm_and_si128(v_band(u, b), one))),
			_mm_set1_epi32((int)g->open[b]));
		int same = _mm_movemask_ps(_mm_castsi128_ps(
			_mm_cmpeq_epi32(x, t[b])));

		g->dirty |= (uint32_t)(~same & (n == 1 ? 1 : 15)) << (9 * b + d0);
		if (n == 1) {
			g->cand[b][d0] = (uint32_t)_mm_cvtsi128_si32(x);
			c[b][d0] = (uint32_t)_mm_cvtsi128_si32(cells);
		} else {
			_mm_storeu_si128((__m128i *)(g->cand[b] + d0), x);
			_mm_storeu_si128((__m128i *)(c[b] + d0), cells);
		}
		*any = _mm_or_si128(*any, cells);
	}
}
#endif

/* The stack triads and column singles of the nine digits at once
 * (whichever changed: the others find nothing new); false on a
 * contradiction. */
static bool stacks_update(struct grid9 *g, uint32_t marked)
{
	uint32_t c[3][9], bad, any;

#if defined(__SSE2__)
	__m128i vbad = _mm_setzero_si128(), vany = _mm_setzero_si128();

	/* Only the groups with a digit marked; the others have nothing
	 * new, and c is read for the groups done only. */
	marked = (marked & 0x0f ? 0x0f : 0) | (marked & 0xf0 ? 0xf0 : 0) |
		 (marked & 0x100);
	if (marked & 0x0f)
		stack_four(g, 0, 4, c, &vbad, &vany);
	if (marked & 0xf0)
		stack_four(g, 4, 4, c, &vbad, &vany);
	if (marked & 0x100)
		stack_four(g, 8, 1, c, &vbad, &vany);
	bad = (uint32_t)_mm_movemask_epi8(vbad);
	any = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi32(vany,
		_mm_setzero_si128())) != 0xffff;
#else
	bad = any = 0;
	marked = 0x1ff;
	for (int d = 0; d < 9; d++) {
		bad |= stack_digit(g, d, c);
		any |= c[0][d] | c[1][d] | c[2][d];
	}
#endif
	if (bad)
		return false;
	if (!any)
		return true;
	/* A digit's cells are in different columns; a cell two digits
	 * need fails the second place(). */
	for (uint32_t m = marked; m; m &= m - 1) {
		int d = ctz32(m);

		for (int b = 0; b < 3; b++)
			for (uint32_t x = c[b][d]; x; x &= x - 1)
				if (!place(g, d, b, ctz32(x)))
					return false;
	}
	return true;
}

/* The digits whose words in w (a band's nine) hold some of cells, bit
 * digit; with SSE2 without a loop or a branch. */
static inline uint32_t band_holds(const uint32_t w[9], uint32_t cells)
{
#if defined(__SSE2__)
	__m128i c = _mm_set1_epi32((int)cells), zero = _mm_setzero_si128();
	__m128i none = _mm_packs_epi32(
		_mm_cmpeq_epi32(_mm_and_si128(
			_mm_loadu_si128((const __m128i *)w), c), zero),
		_mm_cmpeq_epi32(_mm_and_si128(
			_mm_loadu_si128((const __m128i *)(w + 4)), c), zero));

	return (~(uint32_t)_mm_movemask_epi8(_mm_packs_epi16(none, zero)) &
		0xff) | (uint32_t)((w[8] & cells) != 0) << 8;
#else
	uint32_t hit = 0;

	for (int e = 0; e < 9; e++)
		hit |= (uint32_t)((w[e] & cells) != 0) << e;
	return hit;
#endif
}

/* The cells of a band that at least one digit may take (returned) and
 * that at least two may (*two), over the band's nine words w. */
static inline uint32_t band_count(const uint32_t w[9], uint32_t *two)
{
#if defined(__SSE2__)
	__m128i lo = _mm_loadu_si128((const __m128i *)w);
	__m128i hi = _mm_loadu_si128((const __m128i *)(w + 4));
	__m128i one4 = _mm_or_si128(lo, hi), two4 = _mm_and_si128(lo, hi);
	__m128i o, t;
	uint32_t one;

	/* Four lanes folded to two, then to one. */
	o = _mm_shuffle_epi32(one4, 0x4e);
	t = _mm_shuffle_epi32(two4, 0x4e);
	two4 = _mm_or_si128(_mm_or_si128(two4, t), _mm_and_si128(one4, o));
	one4 = _mm_or_si128(one4, o);
	o = _mm_shuffle_epi32(one4, 0xb1);
	t = _mm_shuffle_epi32(two4, 0xb1);
	two4 = _mm_or_si128(_mm_or_si128(two4, t), _mm_and_si128(one4, o));
	one4 = _mm_or_si128(one4, o);
	one = (uint32_t)_mm_cvtsi128_si32(one4);
	*two = (uint32_t)_mm_cvtsi128_si32(two4) | (one & w[8]);
	return one | w[8];
#else
	uint32_t one = 0, t = 0;

	for (int d = 0; d < 9; d++) {
		t |= one & w[d];
		one |= w[d];
	}
	*two = t;
	return one;
#endif
}

/* Naked singles of every band; *found says whether there were any. */
static bool naked_singles(struct grid9 *g, bool *found)
{
	*found = false;
	for (int b = 0; b < 3; b++) {
		uint32_t two, one = band_count(g->cand[b], &two), single;

		if (g->open[b] & ~one)
			return false;
		single = g->open[b] & ~two;
		while (single) {
			int pos = ctz32(single);
			uint32_t ds = band_holds(g->cand[b], 1u << pos);

			/* One digit, or none when a placement before took
			 * the cell's last one. */
			if (!ds || !place(g, ctz32(ds), b, pos))
				return false;
			*found = true;
			single &= single - 1;
		}
	}
	return true;
}

/* The word t of a digit with the cells of the matrix triads outside
 * the permutations that use each of the triads in must (a row-box
 * pair the digit has to take): the rest of the triad's row and box. */
static inline uint32_t take_triads(uint32_t t, uint32_t y, uint32_t must)
{
	for (; must; must &= must - 1) {
		int i = ctz32(must), r = i / 3, k = i - 3 * r;

		y &= ~((7u << 3 * r | 0111u << k) & ~(1u << i));
	}
	return t & triad_cells(y);
}

#if defined(__SSE2__)
/* The sets of band_triples for digits 0-7 of a band (t: its words),
 * eight digits at once in 16-bit lanes, into w[0] to w[7]. */
static inline void triples_words(const uint32_t t[9], uint64_t w[9])
{
	const __m128i pairs = _mm_set1_epi16(0xdb), ends = _mm_set1_epi16(0x49);
	__m128i v[2], f[2];

	v[0] = band_matrices(t);
	for (int h = 0; h < 2; h++) {
		__m128i x = _mm_loadu_si128((const __m128i *)(t + 4 * h));

		f[h] = _mm_and_si128(_mm_or_si128(_mm_or_si128(x,
			_mm_srli_epi32(x, 9)), _mm_srli_epi32(x, 18)),
			_mm_set1_epi32((int)ROW9));
	}
	v[1] = _mm_packs_epi32(f[0], f[1]);
	/* Each set's bits alone in their group of three (see below). */
	for (int k = 0; k < 2; k++) {
		__m128i m = _mm_or_si128(
			_mm_and_si128(_mm_and_si128(v[k], _mm_srli_epi16(v[k], 1)),
				      pairs),
			_mm_and_si128(_mm_and_si128(v[k], _mm_srli_epi16(v[k], 2)),
				      ends));

		m = _mm_and_si128(_mm_or_si128(m, _mm_srli_epi16(m, 1)), ends);
		f[k] = _mm_andnot_si128(_mm_or_si128(_mm_or_si128(m,
			_mm_slli_epi16(m, 1)), _mm_slli_epi16(m, 2)), v[k]);
	}
	/* Digit by digit: triads, mini-columns, and the same alone. */
	{
		__m128i lo = _mm_unpacklo_epi16(v[0], v[1]);
		__m128i hi = _mm_unpackhi_epi16(v[0], v[1]);
		__m128i flo = _mm_unpacklo_epi16(f[0], f[1]);
		__m128i fhi = _mm_unpackhi_epi16(f[0], f[1]);

		_mm_storeu_si128((__m128i *)w, _mm_unpacklo_epi32(lo, flo));
		_mm_storeu_si128((__m128i *)(w + 2), _mm_unpackhi_epi32(lo, flo));
		_mm_storeu_si128((__m128i *)(w + 4), _mm_unpacklo_epi32(hi, fhi));
		_mm_storeu_si128((__m128i *)(w + 6), _mm_unpackhi_epi32(hi, fhi));
	}
}
#endif

/* A band's triads and mini-columns (a column's three cells in the
 * band) each hold three digits.  One with only three digits that may
 * go there takes all three (they leave the rest of its row or column
 * and box); one that three digits must take (each has no other place
 * in its row and box) loses every other digit.  False on a
 * contradiction: fewer than three digits left for one, or more than
 * three that must take it.
 *
 * Per digit one 64-bit word holds four 9-bit sets in 16-bit lanes: the
 * triads it may take (lane 0), its mini-columns (lane 1), the triads
 * and mini-columns it must take (lanes 2 and 3: alone in their row of
 * the triad matrix, or in their box); the four are counted over the
 * digits at once. */
static bool band_triples(struct grid9 *g, int b)
{
	const uint64_t pairs = 0x00db00dbull, ends = 0x00490049ull;
	uint64_t w[9], one = 0, two = 0, three = 0, four = 0, must, all;
	uint32_t todo = 0;

#if defined(__SSE2__)
	triples_words(g->cand[b], w);
	for (int d = 8; d < 9; d++) {
#else
	for (int d = 0; d < 9; d++) {
#endif
		uint32_t t = g->cand[b][d];
		uint64_t v = triad_index(t) | (uint64_t)fold(t) << 16, m;

		/* Groups of three with two bits or more: a pair of
		 * neighbours, or the group's ends. */
		m = (v & v >> 1 & pairs) | (v & v >> 2 & ends);
		v |= (v & ~(((m | m >> 1) & ends) * 7)) << 32;
		w[d] = v;
	}
	for (int d = 0; d < 9; d++) {
		four |= three & w[d];
		three |= two & w[d];
		two |= one & w[d];
		one |= w[d];
	}
	/* Every triad and mini-column with three digits at least; none
	 * with four that must take it. */
	if ((three & 0x01ff01ffull) != 0x01ff01ffull ||
	    (four & 0x01ff01ff00000000ull))
		return false;
	/* Lanes 0, 1: exactly three may; lanes 2, 3: three must. */
	must = three & ~(four & 0x01ff01ffull);
	if (!must)
		return true;
	/* The digits the rules change: those with a triad or mini-column
	 * in must that they do not have to take themselves (most have
	 * none), found without branches. */
	all = (must | must >> 32) & 0x01ff01ffull;
	for (int d = 0; d < 9; d++)
		todo |= (uint32_t)((all & w[d] & ~(w[d] >> 32)) != 0) << d;
	for (; todo; todo &= todo - 1) {
		int d = ctz32(todo);
		uint32_t t = g->cand[b][d], n = t, y = (uint32_t)w[d] & 0x1ff;
		uint32_t c = (uint32_t)(w[d] >> 16) & 0x1ff;
		uint32_t f = (uint32_t)(w[d] >> 32) & 0x1ff;
		uint32_t h = (uint32_t)(w[d] >> 48), m;

		m = (uint32_t)must & y & ~f;
		if (m)
			n = take_triads(n, y, m);
		n &= ~triad_cells((uint32_t)(must >> 32) & 0x1ff & ~f);
		n &= ~(((uint32_t)(must >> 48) & ~h) * COL3);
		m = (uint32_t)(must >> 16) & c & ~h;
		if (m) {
			/* Column m of the band: the digit's other columns of
			 * the box go, and the column's cells in the other
			 * bands. */
			uint32_t boxes = (m | m >> 1 | m >> 2) & 0111;

			n &= ~(((boxes * 7) & ~m) * COL3);
			for (int o = 0; o < 3; o++)
				if (o != b && (g->cand[o][d] & m * COL3)) {
					g->cand[o][d] &= ~(m * COL3);
					g->dirty |= 1u << (9 * o + d);
				}
		}
		if (n != t) {
			g->cand[b][d] = n;
			g->dirty |= 1u << (9 * b + d);
		}
	}
	return true;
}

/* Reasoning to a fixed point; false on a contradiction. */
static bool propagate(struct grid9 *g)
{
	bool found;
	bool triples = false;

	for (;;) {
		while (g->dirty) {
			int i = ctz32(g->dirty), b = i / 9;

			g->dirty &= g->dirty - 1;
			if (!band_update(g, i - 9 * b, b))
				return false;
		}
		if (!naked_singles(g, &found))
			return false;
		if (found)
			continue;
		if (g->stacks & 0x1ff) {
			uint32_t marked = g->stacks & 0x1ff;

			g->stacks &= ~0x1ffu;
			if (!stacks_update(g, marked))
				return false;
			/* Every change marks a word: none, nothing new for
			 * the singles either. */
			if (g->dirty)
				continue;
		}
		/* The triples once per call: again to a fixed point
		 * measured 3 % more work for a few guesses fewer. */
		if (triples)
			return true;
		triples = true;
		for (int b = 0; b < 3; b++)
			if (g->stacks >> (16 + b) & 1) {
				g->stacks &= ~(1u << (16 + b));
				if (popc32(g->open[b]) < TRIPLES_OPEN)
					continue;
				if (!band_triples(g, b))
					return false;
			}
		if (!g->dirty)
			return true;
	}
}

/* Whether a grid with no open cell keeps the rules: per digit one
 * cell in each row, in each box and in each column, and every cell
 * covered by one digit. */
static bool grid_ok(const struct grid9 *g)
{
	uint32_t all[3] = {0, 0, 0}, bad = 0;

	/* Without branches: a solved grid nearly always keeps them. */
	for (int d = 0; d < 9; d++) {
		uint32_t cols = 0;

		for (int b = 0; b < 3; b++) {
			uint32_t t = g->cand[b][d], f = fold(t);
			uint32_t r0 = t & ROW9, r1 = t >> 9 & ROW9, r2 = t >> 18;

			/* One cell in each row; three cells in three rows are
			 * one in each box when each box has one, in new
			 * columns. */
			bad |= (r0 & (r0 - 1)) | (r1 & (r1 - 1)) |
			       (r2 & (r2 - 1)) | (cols & f);
			bad |= (uint32_t)(r0 == 0) | (uint32_t)(r1 == 0) |
			       (uint32_t)(r2 == 0) | (uint32_t)((f & 7) == 0) |
			       (uint32_t)((f & 070) == 0) |
			       (uint32_t)((f & 0700) == 0);
			cols |= f;
			all[b] |= t;
		}
	}
	/* 81 cells for the 81 placed digits: none twice. */
	return !bad && (all[0] & all[1] & all[2]) == BAND27;
}

/* A solved grid: checked, its values, reported. */
static void found(struct run9 *x, const struct grid9 *g)
{
	const cdok_solve_params *par = x->params;
	uint32_t bad = 0;

	/* Belt and braces, as the general engine does: only a grid that
	 * keeps every rule, givens included (each in its digit's word),
	 * is reported. */
	if (!grid_ok(g))
		return;
	for (int b = 0; b < 3; b++)
		for (int d = 0; d < 9; d++)
			bad |= x->mine[b][d] & ~g->cand[b][d];
	if (bad)
		return;
	/* The values only when someone reads them.  Three cells per word
	 * (grid_ok). */
	if ((x->count == 0 && x->solution_out) || par->on_solution)
		for (int d = 0; d < 9; d++)
			for (int b = 0; b < 3; b++) {
				uint32_t m = g->cand[b][d];

				for (int k = 0; k < 3; k++, m &= m - 1)
					x->values[27 * b + ctz32(m)] = d + 1;
			}
	if (x->count == 0 && x->solution_out)
		memcpy(x->solution_out, x->values, sizeof(x->values));
	x->count++;
	if (par->on_solution && par->on_solution(par->user, x->values))
		x->stop = true;
	if (par->limit && x->count >= par->limit)
		x->stop = true;
}

/* The open cells of the grid: popc32 of the three words at once (a
 * nibble counts at most 12, a byte 24). */
static inline int open_cells(const struct grid9 *g)
{
	uint32_t n = 0;

	for (int b = 0; b < 3; b++) {
		uint32_t x = g->open[b];

		x -= x >> 1 & 0x55555555u;
		n += (x & 0x33333333u) + (x >> 2 & 0x33333333u);
	}
	n = (n & 0x0f0f0f0fu) + (n >> 4 & 0x0f0f0f0fu);
	return (int)(n * 0x01010101u >> 24);
}

/* The search below a node whose reasoning is done (g propagated). */
static void search(struct run9 *x, struct grid9 *g)
{
	const cdok_solve_params *par = x->params;
	uint32_t digits;
	int b = 0, pos = 0, k;

	x->nodes++;
	if (par->max_nodes && x->nodes > par->max_nodes) {
		x->gave_up = x->stop = true;
		return;
	}
	if (par->on_progress && (x->nodes & 255) == 0 &&
	    par->on_progress(par->progress_user, x->nodes)) {
		x->gave_up = x->stop = true;
		return;
	}
	if (!(g->open[0] | g->open[1] | g->open[2])) {
		found(x, g);
		return;
	}
	{
		struct split sp;

		if (open_cells(g) >= SPLIT_OPEN &&
		    cdki_sudoku9_pick_split(g, &sp)) {
			x->branches++;
			x->score += 1;
			struct grid9 child = *g;

			cdki_sudoku9_take_perm(&child, &sp, sp.perm[0]);
			if (propagate(&child))
				search(x, &child);
			/* The second permutation takes the node's own state. */
			if (x->stop)
				return;
			cdki_sudoku9_take_perm(g, &sp, sp.perm[1]);
			if (propagate(g))
				search(x, g);
			return;
		}
	}
	digits = cdki_sudoku9_pick(g, &b, &pos);
	k = popc32(digits);
	x->branches++;
	x->score += (uint64_t)(k - 1) * (uint64_t)(k - 1);
	while (digits && !x->stop) {
		int d = ctz32(digits);

		digits &= digits - 1;
		if (digits) {
			struct grid9 child = *g;

			if (place(&child, d, b, pos) && propagate(&child))
				search(x, &child);
		} else if (place(g, d, b, pos) && propagate(g)) {
			/* The last candidate takes the node's own state. */
			search(x, g);
		}
	}
}

/* The givens' words (mine: band, digit) and the open cells.  With SSE2
 * the 81 values packed to bytes, and a band's 27 bytes compared with
 * each digit in two vectors (cells 0-15 and 11-26); elsewhere a loop
 * over the cells, without branches either (an empty cell adds nothing
 * to digit 0's word). */
static void givens_words(struct grid9 *g, const int *given,
			 uint32_t mine[3][9])
{
#if defined(__SSE2__)
	uint8_t v8[96];

	for (int i = 0; i < 5; i++) {
		const __m128i *q = (const __m128i *)(given + 16 * i);

		_mm_storeu_si128((__m128i *)(v8 + 16 * i), _mm_packs_epi16(
			_mm_packs_epi32(_mm_loadu_si128(q),
					_mm_loadu_si128(q + 1)),
			_mm_packs_epi32(_mm_loadu_si128(q + 2),
					_mm_loadu_si128(q + 3))));
	}
	v8[80] = (uint8_t)(given[80] == CDOK_NONE ? 0xff : given[80]);
	for (int b = 0; b < 3; b++) {
		__m128i lo = _mm_loadu_si128((const __m128i *)(v8 + 27 * b));
		__m128i hi = _mm_loadu_si128((const __m128i *)(v8 + 27 * b + 11));
		__m128i none = _mm_set1_epi8(-1);

		g->open[b] = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, none)) |
			     (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, none)) << 11;
		for (int d = 0; d < 9; d++) {
			__m128i v = _mm_set1_epi8((char)(d + 1));

			mine[b][d] = (uint32_t)_mm_movemask_epi8(
					_mm_cmpeq_epi8(lo, v)) |
				     (uint32_t)_mm_movemask_epi8(
					_mm_cmpeq_epi8(hi, v)) << 11;
		}
	}
#else
	memset(mine, 0, sizeof(uint32_t[3][9]));
	for (int b = 0; b < 3; b++) {
		uint32_t taken = 0;

		for (int k = 0; k < 27; k++) {
			int v = given[27 * b + k];
			uint32_t has = v != CDOK_NONE;

			mine[b][(v - 1) & -(int)has] |= has << k;
			taken |= has << k;
		}
		g->open[b] = BAND27 & ~taken;
	}
#endif
}

/* The state the givens leave, every word to be looked at: what
 * place() on each given in turn leaves, built a digit at a time; the
 * givens' own words in mine.  False when two givens of a digit share a
 * row, a box or a column. */
static bool givens(struct grid9 *g, const int *given, uint32_t mine[3][9])
{
	uint32_t f[3][9], cols[9], clash = 0;

	givens_words(g, given, mine);
	/* The loops below run over a band's nine digits side by side,
	 * without branches, which the compiler does with vectors. */
	for (int b = 0; b < 3; b++)
		for (int d = 0; d < 9; d++) {
			uint32_t t = mine[b][d], r0 = t & ROW9;
			uint32_t r1 = t >> 9 & ROW9, r2 = t >> 18;
			uint32_t x0 = t & BOX3, x1 = t & BOX3 << 3;
			uint32_t x2 = t & BOX3 << 6;

			f[b][d] = r0 | r1 | r2;
			/* Two in a column of the band, a row, or a box. */
			clash |= (r0 & r1) | (r0 & r2) | (r1 & r2) |
				 (r0 & (r0 - 1)) | (r1 & (r1 - 1)) |
				 (r2 & (r2 - 1)) | (x0 & (x0 - 1)) |
				 (x1 & (x1 - 1)) | (x2 & (x2 - 1));
		}
	for (int d = 0; d < 9; d++) {
		uint32_t c = f[0][d] | f[1][d] | f[2][d];

		clash |= (f[0][d] & f[1][d]) | (f[0][d] & f[2][d]) |
			 (f[1][d] & f[2][d]);
		cols[d] = c | c << 9 | c << 18;
	}
	for (int b = 0; b < 3; b++)
		for (int d = 0; d < 9; d++) {
			uint32_t t = mine[b][d], seen = cols[d];

			for (int k = 0; k < 3; k++) {
				seen |= -(uint32_t)((t & ROW9 << 9 * k) != 0) &
					ROW9 << 9 * k;
				seen |= -(uint32_t)((t & BOX3 << 3 * k) != 0) &
					BOX3 << 3 * k;
			}
			g->cand[b][d] = (g->open[b] & ~seen) | t;
		}
	g->dirty = BAND27;
	g->stacks = 0x701ff;
	return !clash;
}

bool cdki_sudoku9_fits(const cdok_puzzle *p)
{
	return p->size == 9 && p->box_rows == 3 && p->box_cols == 3 &&
	       p->ncages == 0 && p->rules == 0;
}

cdok_status cdki_sudoku9_solve(const cdok_puzzle *p,
			       const cdok_solve_params *params, int *solution,
			       cdok_result *res, cdok_error *err)
{
	struct run9 x;
	struct grid9 g;
	bool ok;
	int empty;

	(void)err;
	memset(res, 0, sizeof(*res));
	memset(&x, 0, sizeof(x));
	x.params = params;
	x.solution_out = solution;
	ok = givens(&g, p->given, x.mine);
	empty = open_cells(&g);
	if (ok && propagate(&g))
		search(&x, &g);
	else
		x.nodes = 1;
	res->count = x.count;
	res->gave_up = x.gave_up;
	res->complete = !x.stop;
	res->nodes = x.nodes;
	res->branches = x.branches;
	/* The search score (doc/SOLVER.md): B * 100 + the empty cells. */
	res->search_score = x.score * 100 + (uint64_t)empty;
	return CDOK_OK;
}
