/* sudoku9.c -- the solver for plain 9 x 9 Sudoku with 3 x 3 boxes and
 * givens only: the common case, solved on bitboards instead of the
 * general engine (doc/SOLVER.md, "Plain Sudoku").
 *
 * The grid is three bands of three rows; a band's 27 cells fit in one
 * 32-bit word (bit 9 * row + column, rows counted within the band).  Per
 * digit and band a word holds the cells where the digit may still go:
 * 27 words, plus a word per band of the cells not yet decided.  A
 * search node is that state and two words of bookkeeping, 128 bytes,
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
 *    three columns go to the three bands one to one.
 *  - Hidden singles: a row of a band, or a column, left with one cell
 *    for a digit (a box left with one cell is a row with one after the
 *    band triads).
 *  - Naked singles: a cell with one digit, found for a band at once by
 *    counting the digits' words bit-parallel ("at least one", "at least
 *    two", "at least three").
 * A placed digit leaves its row, box and column; a cell with no digit,
 * or a digit with no place, is a contradiction.  The search guesses on
 * a cell with two candidates when there is one (else on one with the
 * fewest), takes each candidate in turn in increasing order, and counts
 * solutions up to the caller's limit: it never assumes there is only
 * one.  Nodes, branch points and the search score are counted as the
 * general engine counts them (engine/search.h), for its own search.
 *
 * Portable C: word operations only, the same code on every target (the
 * WebAssembly build included).  No state outside the call.
 */
#include <string.h>

#include "solve/solve.h"

#define ROW9   0x1ffu     /* a row's nine cells in a band word */
#define COL3   0x40201u   /* a column's three cells in a band word */
#define BOX3   0x1c0e07u  /* the box at the band's left */
#define BAND27 0x7ffffffu /* every cell of a band */
#define TRIAD0 0x1249249u /* the first cell of each triad */

/* The triads a permutation allows.  Index: a 3 x 3 matrix of bits,
 * bit 3 * row + column, whose rows go to its columns one to one (rows
 * of a band to boxes; bands to the columns of a stack).  stack_keep:
 * the bits of the index that some permutation inside the index uses,
 * 0 when there is none.  band_keep: the same, each bit spread to the
 * three cells of its triad in a band word (bit 3 * i to 7 << 3 * i).
 * Made by a few lines of script from the six permutations of three. */
static const uint32_t band_keep[512] = {
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x01c71c0u, 0x01c71c0u, 0x01c71c0u, 0x01c71c0u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x01c71c0u, 0x01c71c0u, 0x01c71c0u, 0x01c71c0u,
	0x0000000u, 0x0000000u, 0x01f8038u, 0x01f8038u, 0x0000000u, 0x0000000u,
	0x01f8038u, 0x01f8038u, 0x0000000u, 0x0000000u, 0x01f8038u, 0x01f8038u,
	0x0000000u, 0x0000000u, 0x01f8038u, 0x01f8038u, 0x0000000u, 0x0000000u,
	0x01f8038u, 0x01f8038u, 0x01c71c0u, 0x01c71c0u, 0x01ff1f8u, 0x01ff1f8u,
	0x0000000u, 0x0000000u, 0x01f8038u, 0x01f8038u, 0x01c71c0u, 0x01c71c0u,
	0x01ff1f8u, 0x01ff1f8u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0e00fc0u, 0x0e00fc0u, 0x0e00fc0u, 0x0e00fc0u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0e00fc0u, 0x0e00fc0u, 0x0e00fc0u, 0x0e00fc0u, 0x0000000u, 0x0e38007u,
	0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u,
	0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u, 0x0e00fc0u, 0x0e38fc7u,
	0x0e00fc0u, 0x0e38fc7u, 0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u,
	0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u,
	0x0000000u, 0x0e38007u, 0x0e00fc0u, 0x0e38fc7u, 0x0e00fc0u, 0x0e38fc7u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0e00fc0u, 0x0e00fc0u, 0x0e00fc0u, 0x0e00fc0u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x01c71c0u, 0x01c71c0u, 0x01c71c0u, 0x01c71c0u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0fc7fc0u, 0x0fc7fc0u,
	0x0fc7fc0u, 0x0fc7fc0u, 0x0000000u, 0x0e38007u, 0x01f8038u, 0x0ff803fu,
	0x0000000u, 0x0e38007u, 0x01f8038u, 0x0ff803fu, 0x0000000u, 0x0e38007u,
	0x01f8038u, 0x0ff803fu, 0x0e00fc0u, 0x0e38fc7u, 0x0ff8ff8u, 0x0ff8fffu,
	0x0000000u, 0x0e38007u, 0x01f8038u, 0x0ff803fu, 0x01c71c0u, 0x0fff1c7u,
	0x01ff1f8u, 0x0fff1ffu, 0x0000000u, 0x0e38007u, 0x01f8038u, 0x0ff803fu,
	0x0fc7fc0u, 0x0ffffc7u, 0x0fffff8u, 0x0ffffffu, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x7000e38u, 0x7000e38u, 0x0000000u, 0x0000000u,
	0x7000e38u, 0x7000e38u, 0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u,
	0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u,
	0x7000e38u, 0x7007e3fu, 0x0000000u, 0x7007007u, 0x7000e38u, 0x7007e3fu,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x7000e38u, 0x7000e38u,
	0x0000000u, 0x0000000u, 0x7000e38u, 0x7000e38u, 0x0000000u, 0x7007007u,
	0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u,
	0x0000000u, 0x7007007u, 0x7000e38u, 0x7007e3fu, 0x0000000u, 0x7007007u,
	0x7000e38u, 0x7007e3fu, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x7000e38u, 0x7000e38u, 0x0000000u, 0x0000000u, 0x7000e38u, 0x7000e38u,
	0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u, 0x01c71c0u, 0x71c71c7u,
	0x01c71c0u, 0x71c71c7u, 0x0000000u, 0x7007007u, 0x7000e38u, 0x7007e3fu,
	0x01c71c0u, 0x71c71c7u, 0x71c7ff8u, 0x71c7fffu, 0x0000000u, 0x0000000u,
	0x01f8038u, 0x01f8038u, 0x0000000u, 0x0000000u, 0x01f8038u, 0x01f8038u,
	0x0000000u, 0x0000000u, 0x71f8e38u, 0x71f8e38u, 0x0000000u, 0x0000000u,
	0x71f8e38u, 0x71f8e38u, 0x0000000u, 0x7007007u, 0x01f8038u, 0x71ff03fu,
	0x01c71c0u, 0x71c71c7u, 0x01ff1f8u, 0x71ff1ffu, 0x0000000u, 0x7007007u,
	0x71f8e38u, 0x71ffe3fu, 0x01c71c0u, 0x71c71c7u, 0x71ffff8u, 0x71fffffu,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x7000e38u, 0x7000e38u,
	0x0e00fc0u, 0x0e00fc0u, 0x7e00ff8u, 0x7e00ff8u, 0x0000000u, 0x7007007u,
	0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u,
	0x0000000u, 0x7007007u, 0x7000e38u, 0x7007e3fu, 0x0e00fc0u, 0x7e07fc7u,
	0x7e00ff8u, 0x7e07fffu, 0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u,
	0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u, 0x0000000u, 0x0e38007u,
	0x7000e38u, 0x7e38e3fu, 0x0e00fc0u, 0x0e38fc7u, 0x7e00ff8u, 0x7e38fffu,
	0x0000000u, 0x7e3f007u, 0x0000000u, 0x7e3f007u, 0x0000000u, 0x7e3f007u,
	0x0000000u, 0x7e3f007u, 0x0000000u, 0x7e3f007u, 0x7000e38u, 0x7e3fe3fu,
	0x0e00fc0u, 0x7e3ffc7u, 0x7e00ff8u, 0x7e3ffffu, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u, 0x0000000u,
	0x0000000u, 0x0000000u, 0x7000e38u, 0x7000e38u, 0x0e00fc0u, 0x0e00fc0u,
	0x7e00ff8u, 0x7e00ff8u, 0x0000000u, 0x7007007u, 0x0000000u, 0x7007007u,
	0x01c71c0u, 0x71c71c7u, 0x01c71c0u, 0x71c71c7u, 0x0000000u, 0x7007007u,
	0x7000e38u, 0x7007e3fu, 0x0fc7fc0u, 0x7fc7fc7u, 0x7fc7ff8u, 0x7fc7fffu,
	0x0000000u, 0x0e38007u, 0x01f8038u, 0x0ff803fu, 0x0000000u, 0x0e38007u,
	0x01f8038u, 0x0ff803fu, 0x0000000u, 0x0e38007u, 0x71f8e38u, 0x7ff8e3fu,
	0x0e00fc0u, 0x0e38fc7u, 0x7ff8ff8u, 0x7ff8fffu, 0x0000000u, 0x7e3f007u,
	0x01f8038u, 0x7fff03fu, 0x01c71c0u, 0x7fff1c7u, 0x01ff1f8u, 0x7fff1ffu,
	0x0000000u, 0x7e3f007u, 0x71f8e38u, 0x7fffe3fu, 0x0fc7fc0u, 0x7ffffc7u,
	0x7fffff8u, 0x7ffffffu,
};
static const uint16_t stack_keep[512] = {
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x054, 0x054, 0x054, 0x054, 0x000, 0x000,
	0x000, 0x000, 0x054, 0x054, 0x054, 0x054, 0x000, 0x000, 0x062, 0x062,
	0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062, 0x000, 0x000,
	0x062, 0x062, 0x000, 0x000, 0x062, 0x062, 0x054, 0x054, 0x076, 0x076,
	0x000, 0x000, 0x062, 0x062, 0x054, 0x054, 0x076, 0x076, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x08c, 0x08c, 0x08c, 0x08c, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x08c, 0x08c, 0x08c, 0x08c,
	0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1,
	0x000, 0x0a1, 0x08c, 0x0ad, 0x08c, 0x0ad, 0x000, 0x0a1, 0x000, 0x0a1,
	0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x08c, 0x0ad,
	0x08c, 0x0ad, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x08c, 0x08c, 0x08c, 0x08c, 0x000, 0x000,
	0x000, 0x000, 0x054, 0x054, 0x054, 0x054, 0x000, 0x000, 0x000, 0x000,
	0x0dc, 0x0dc, 0x0dc, 0x0dc, 0x000, 0x0a1, 0x062, 0x0e3, 0x000, 0x0a1,
	0x062, 0x0e3, 0x000, 0x0a1, 0x062, 0x0e3, 0x08c, 0x0ad, 0x0ee, 0x0ef,
	0x000, 0x0a1, 0x062, 0x0e3, 0x054, 0x0f5, 0x076, 0x0f7, 0x000, 0x0a1,
	0x062, 0x0e3, 0x0dc, 0x0fd, 0x0fe, 0x0ff, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10a, 0x10a, 0x000, 0x000,
	0x10a, 0x10a, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111,
	0x000, 0x111, 0x10a, 0x11b, 0x000, 0x111, 0x10a, 0x11b, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10a, 0x10a,
	0x000, 0x000, 0x10a, 0x10a, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111,
	0x000, 0x111, 0x000, 0x111, 0x10a, 0x11b, 0x000, 0x111, 0x10a, 0x11b,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x10a, 0x10a, 0x000, 0x000, 0x10a, 0x10a, 0x000, 0x111, 0x000, 0x111,
	0x054, 0x155, 0x054, 0x155, 0x000, 0x111, 0x10a, 0x11b, 0x054, 0x155,
	0x15e, 0x15f, 0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062,
	0x000, 0x000, 0x16a, 0x16a, 0x000, 0x000, 0x16a, 0x16a, 0x000, 0x111,
	0x062, 0x173, 0x054, 0x155, 0x076, 0x177, 0x000, 0x111, 0x16a, 0x17b,
	0x054, 0x155, 0x17e, 0x17f, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x10a, 0x10a, 0x08c, 0x08c, 0x18e, 0x18e,
	0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111,
	0x10a, 0x11b, 0x08c, 0x19d, 0x18e, 0x19f, 0x000, 0x0a1, 0x000, 0x0a1,
	0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x10a, 0x1ab, 0x08c, 0x0ad,
	0x18e, 0x1af, 0x000, 0x1b1, 0x000, 0x1b1, 0x000, 0x1b1, 0x000, 0x1b1,
	0x000, 0x1b1, 0x10a, 0x1bb, 0x08c, 0x1bd, 0x18e, 0x1bf, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10a, 0x10a,
	0x08c, 0x08c, 0x18e, 0x18e, 0x000, 0x111, 0x000, 0x111, 0x054, 0x155,
	0x054, 0x155, 0x000, 0x111, 0x10a, 0x11b, 0x0dc, 0x1dd, 0x1de, 0x1df,
	0x000, 0x0a1, 0x062, 0x0e3, 0x000, 0x0a1, 0x062, 0x0e3, 0x000, 0x0a1,
	0x16a, 0x1eb, 0x08c, 0x0ad, 0x1ee, 0x1ef, 0x000, 0x1b1, 0x062, 0x1f3,
	0x054, 0x1f5, 0x076, 0x1f7, 0x000, 0x1b1, 0x16a, 0x1fb, 0x0dc, 0x1fd,
	0x1fe, 0x1ff,
};

struct grid9 {
	uint32_t cand[9][3]; /* digit, band: the cells it may take */
	uint32_t open[3];    /* per band, the cells not yet decided */
	uint32_t dirty;      /* bit 3 * digit + band: words changed since
			      * their band triads */
	uint32_t stacks;     /* digits whose words changed since their
			      * stack triads */
};

struct run9 {
	const cdok_solve_params *params;
	const int *given;
	int *solution_out;
	uint64_t count, nodes, branches, score;
	bool stop, gave_up;
	int values[81];
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

/* Place digit d on cell pos of band b: false when d cannot go there. */
static bool place(struct grid9 *g, int d, int b, int pos)
{
	uint32_t bit = 1u << pos, col;
	int r = pos / 9, c = pos - 9 * r;

	if (!(g->cand[d][b] & bit))
		return false;
	if (!(g->open[b] & bit))
		return true;
	g->open[b] &= ~bit;
	col = COL3 << c;
	g->cand[d][b] &= ~((ROW9 << 9 * r) | (BOX3 << 3 * (c / 3)) | col);
	for (int o = 0; o < 3; o++) {
		g->dirty |= (uint32_t)((g->cand[d][o] & col) != 0)
			    << (3 * d + o);
		g->cand[d][o] &= ~col;
	}
	/* The cell leaves every other digit's word (d's own lost it
	 * above and gets it back): no branches. */
	for (int e = 0; e < 9; e++) {
		g->dirty |= (g->cand[e][b] >> pos & 1u) << (3 * e + b);
		g->cand[e][b] &= ~bit;
	}
	g->cand[d][b] |= bit;
	g->dirty |= 1u << (3 * d + b);
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

/* A band's columns: bit c when the word has a cell in column c. */
static inline uint32_t fold(uint32_t t)
{
	return (t | t >> 9 | t >> 18) & ROW9;
}

/* Band b of digit d: its triads, then its rows left with one open cell,
 * placed at once; false on a contradiction. */
static bool band_update(struct grid9 *g, int d, int b)
{
	uint32_t t = band_triads(g->cand[d][b]), solved = 0, cols;

	if (!t)
		return false;
	g->cand[d][b] = t;
	g->stacks |= 1u << d;
	if (!(t & g->open[b]))
		return true;
	for (int r = 0; r < 27; r += 9) {
		uint32_t x = t >> r & ROW9;

		if (!(x & (x - 1)))
			solved |= x << r;
	}
	solved &= g->open[b];
	if (!solved)
		return true;
	/* Rows with one cell each, and after the triads each in a box of
	 * its own, so in a column of its own: no two clash.  The rows and
	 * boxes of the band have them already; the cells leave the other
	 * digits, the columns the other bands. */
	g->open[b] &= ~solved;
	/* Without branches: which words change is data, and mispredicted
	 * branches here cost more than the operations. */
	for (int e = 0; e < 9; e++) {
		g->dirty |= (uint32_t)((g->cand[e][b] & solved) != 0)
			    << (3 * e + b);
		g->cand[e][b] &= ~solved;
	}
	cols = fold(solved) * COL3;
	for (int o = 0; o < 3; o++) {
		g->dirty |= (uint32_t)((g->cand[d][o] & cols) != 0)
			    << (3 * d + o);
		g->cand[d][o] &= ~cols;
	}
	g->cand[d][b] = t;
	g->dirty &= ~(1u << (3 * d + b));
	return true;
}

/* Digit d's stack triads -- within a stack the digit's three columns
 * go to the three bands one to one, and a column's cells in a band that
 * no such permutation allows lose it -- then its columns left with one
 * cell; false on a contradiction. */
static bool stack_update(struct grid9 *g, int d)
{
	uint32_t t[3], f[3], k[3] = {0, 0, 0};

	for (int b = 0; b < 3; b++) {
		t[b] = g->cand[d][b];
		f[b] = fold(t[b]);
	}
	for (int s = 0; s < 9; s += 3) {
		uint32_t m = stack_keep[(f[0] >> s & 7) | (f[1] >> s & 7) << 3 |
					(f[2] >> s & 7) << 6];

		if (!m)
			return false;
		k[0] |= (m & 7) << s;
		k[1] |= (m >> 3 & 7) << s;
		k[2] |= (m >> 6) << s;
	}
	for (int b = 0; b < 3; b++) {
		uint32_t n = t[b] & k[b] * COL3;

		f[b] &= k[b];
		if (n != t[b]) {
			g->cand[d][b] = t[b] = n;
			g->dirty |= 1u << (3 * d + b);
		}
	}
	for (int b = 0; b < 3; b++) {
		uint32_t cols = f[b] & ~(f[b == 0 ? 1 : 0] | f[b == 2 ? 1 : 2]);
		uint32_t r0 = t[b] & ROW9, r1 = t[b] >> 9 & ROW9;
		uint32_t r2 = t[b] >> 18, cells;

		if (!cols || !(t[b] & g->open[b]))
			continue;
		/* Columns only this band has, in one of its rows. */
		cols &= (r0 ^ r1 ^ r2) & ~(r0 & r1 & r2);
		for (cells = t[b] & cols * COL3 & g->open[b]; cells;
		     cells &= cells - 1)
			if (!place(g, d, b, ctz32(cells)))
				return false;
	}
	return true;
}

/* The digit a cell of band b may hold when it has one, -1 for none. */
static inline int digit_at(const struct grid9 *g, int b, uint32_t bit)
{
	for (int d = 0; d < 9; d++)
		if (g->cand[d][b] & bit)
			return d;
	return -1;
}

/* Naked singles of every band; *found says whether there were any. */
static bool naked_singles(struct grid9 *g, bool *found)
{
	*found = false;
	for (int b = 0; b < 3; b++) {
		uint32_t one = 0, two = 0, single;

		for (int d = 0; d < 9; d++) {
			two |= one & g->cand[d][b];
			one |= g->cand[d][b];
		}
		if (g->open[b] & ~one)
			return false;
		single = g->open[b] & ~two;
		while (single) {
			int pos = ctz32(single), d = digit_at(g, b, 1u << pos);

			if (d < 0 || !place(g, d, b, pos))
				return false;
			*found = true;
			single &= single - 1;
		}
	}
	return true;
}

/* Reasoning to a fixed point; false on a contradiction. */
static bool propagate(struct grid9 *g)
{
	bool found;

	for (;;) {
		while (g->dirty) {
			int i = ctz32(g->dirty), d = i / 3;

			g->dirty &= g->dirty - 1;
			if (!band_update(g, d, i - 3 * d))
				return false;
		}
		if (!naked_singles(g, &found))
			return false;
		if (found)
			continue;
		if (!g->stacks)
			return true;
		while (g->stacks) {
			int d = ctz32(g->stacks);

			g->stacks &= g->stacks - 1;
			if (!stack_update(g, d))
				return false;
		}
	}
}

/* The cell to guess on: one with two candidates when there is one --
 * the first of the band that has the most (measured: 9 to 21 % fewer
 * instructions on hard sets than the first of the grid) -- else one
 * with the fewest.  Its band in *band, its digits returned. */
static uint32_t pick(const struct grid9 *g, int *band, int *pos)
{
	int best = 10, most = 0;
	uint32_t best_digits = 0;

	for (int b = 0; b < 3; b++) {
		uint32_t one = 0, two = 0, three = 0;
		int n;

		for (int d = 0; d < 9; d++) {
			uint32_t c = g->cand[d][b] & g->open[b];

			three |= two & c;
			two |= one & c;
			one |= c;
		}
		n = popc32(two & ~three);
		if (n > most) {
			most = n;
			*band = b;
			*pos = ctz32(two & ~three);
			best = 2;
		}
	}
	if (best > 2)
		for (int b = 0; b < 3; b++)
			for (uint32_t o = g->open[b]; o; o &= o - 1) {
				int n = 0;

				for (int d = 0; d < 9; d++)
					n += (g->cand[d][b] >> ctz32(o)) & 1;
				if (n < best) {
					best = n;
					*band = b;
					*pos = ctz32(o);
				}
			}
	for (int d = 0; d < 9; d++)
		if (g->cand[d][*band] >> *pos & 1)
			best_digits |= 1u << d;
	return best_digits;
}

/* Whether a grid with no open cell keeps the rules: per digit one
 * cell in each row, in each box and in each column, and every cell
 * covered by one digit. */
static bool grid_ok(const struct grid9 *g)
{
	uint32_t all[3] = {0, 0, 0};

	for (int d = 0; d < 9; d++) {
		uint32_t cols = 0;

		for (int b = 0; b < 3; b++) {
			uint32_t t = g->cand[d][b], f = fold(t);

			for (int r = 0; r < 27; r += 9) {
				uint32_t x = t >> r & ROW9;

				if (!x || (x & (x - 1)))
					return false;
			}
			/* Three cells in three rows: one in each box when each
			 * box has one, in new columns. */
			if (!(f & 7) || !(f & 070) || !(f & 0700) || (cols & f))
				return false;
			cols |= f;
			all[b] |= t;
		}
	}
	/* 81 cells for the 81 placed digits: none twice. */
	return (all[0] & all[1] & all[2]) == BAND27;
}

/* A solved grid: checked, its values, reported. */
static void found(struct run9 *x, const struct grid9 *g)
{
	const cdok_solve_params *par = x->params;

	/* Belt and braces, as the general engine does: only a grid that
	 * keeps every rule, givens included, is reported. */
	if (!grid_ok(g))
		return;
	for (int d = 0; d < 9; d++)
		for (int b = 0; b < 3; b++)
			for (uint32_t m = g->cand[d][b]; m; m &= m - 1)
				x->values[27 * b + ctz32(m)] = d + 1;
	for (int i = 0; i < 81; i++)
		if (x->given[i] != CDOK_NONE && x->given[i] != x->values[i])
			return;
	if (x->count == 0 && x->solution_out)
		memcpy(x->solution_out, x->values, sizeof(x->values));
	x->count++;
	if (par->on_solution && par->on_solution(par->user, x->values))
		x->stop = true;
	if (par->limit && x->count >= par->limit)
		x->stop = true;
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
	digits = pick(g, &b, &pos);
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
	bool ok = true;
	int empty = 0;

	(void)err;
	memset(res, 0, sizeof(*res));
	memset(&x, 0, sizeof(x));
	x.params = params;
	x.given = p->given;
	x.solution_out = solution;
	for (int d = 0; d < 9; d++)
		for (int b = 0; b < 3; b++)
			g.cand[d][b] = BAND27;
	for (int b = 0; b < 3; b++)
		g.open[b] = BAND27;
	g.dirty = BAND27;
	g.stacks = 0x1ff;
	for (int i = 0; i < 81; i++) {
		int v = p->given[i];

		if (v == CDOK_NONE)
			empty++;
		else if (ok)
			ok = place(&g, v - 1, i / 27, i % 27);
	}
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
