/* model.h -- the library's inside view of the one puzzle model, and the
 * small services every layer uses: errors, growable strings, memory,
 * cage arithmetic and names.
 *
 * Layers (doc/SOLVER.md, "Where things are"): model/ holds the puzzle and
 * its rules; format/ reads and writes text; solve/ is the search engine;
 * generate/ makes puzzles.  Each layer includes the headers of the layers
 * below it and nothing above.  Everything outside lib/ goes through
 * include/cdok.h.
 */
#ifndef CDOK_MODEL_H
#define CDOK_MODEL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"

/* Longest cage label a reader accepts.  52 single letters cover the
 * original format; labels of a few letters cover any grid we support. */
#define CDOK_LABEL_MAX 15

/* Largest text a reader accepts in one go (bytes).  A 63 x 63 spec with
 * long clues is far below this. */
#define CDOK_TEXT_MAX (64u << 20)

struct cdok_cage {
	cdok_op op;
	int64_t target;
	int ncells;
	int *cells;                      /* reading order */
	char label[CDOK_LABEL_MAX + 1];  /* "" when none */
	bool distinct;                   /* values must all differ */
};

/* Variants arrive as data on the one model plus the reasoning that
 * honours it, not as a new model: Killer boxes are box_rows x box_cols
 * (0 = none) and a cage's distinct flag; rules holds flags such as
 * CDOK_RULE_NYLIMB (values 0..99 under a digit rule, solved by
 * the engine with its digit rule).  A plain Calcudoku has no boxes, no distinct
 * cages and rules == 0.  The box of cell (r, c) is
 * (r / box_rows) * (size / box_cols) + c / box_cols. */
struct cdok_puzzle {
	int size;
	unsigned rules;
	int box_rows, box_cols;  /* 0: no boxes */
	int *given;        /* size*size, CDOK_NONE = none (0 is a Nylimb
			    * value) */
	int *cage_of;      /* size*size, -1 = none */
	struct cdok_cage *cages;
	int ncages;
	int cage_cap;
	/* Every cage's cells, one after the other: a cell is in one cage
	 * at most, so size*size entries always do. */
	int *cells;
	int ncells_used;
	/* cdok_puzzle_validate found nothing wrong since the last change:
	 * set only where the puzzle is made (cdok_reader_next), before
	 * anyone else sees it, and cleared by every change, so that a
	 * puzzle read once is not checked again by each call it goes
	 * through. */
	bool valid;
};

/* Nylimb mode (doc/RULES.md): values 0..99, lines of at most 10 cells. */
#define CDOK_NYLIMB_MAX 99
#define CDOK_NYLIMB_MAX_SIZE 10

static inline bool cdok_is_nylimb(const cdok_puzzle *p)
{
	return (p->rules & CDOK_RULE_NYLIMB) != 0;
}

/* Whether a cell has a given (given[] holds CDOK_NONE where not). */
static inline bool cdok_has_given(const cdok_puzzle *p, int cell)
{
	return p->given[cell] != CDOK_NONE;
}

/* Whether an entry of a caller's value grid is a value rather than "no
 * value": CDOK_NONE always means none, and so does 0 in a plain puzzle
 * (where 0 is never a value). */
static inline bool cdok_is_value(const cdok_puzzle *p, int v)
{
	return cdok_is_nylimb(p) ? v >= 0 : v > 0;
}

/* The orthogonal neighbours of cell in an n x n grid, into out (up to
 * four, in the order up, down, left, right); returns how many. */
static inline int cdki_grid_neighbours(int n, int cell, int out[4])
{
	int r = cell / n, c = cell % n, k = 0;

	if (r > 0)
		out[k++] = cell - n;
	if (r + 1 < n)
		out[k++] = cell + n;
	if (c > 0)
		out[k++] = cell - 1;
	if (c + 1 < n)
		out[k++] = cell + 1;
	return k;
}

/* Whether an n x n grid of values keeps the Nylimb rule: every value in
 * 0..99, and no row or column with a digit twice (11 uses its digit
 * twice) or more than one two-digit number (check.c). */
bool cdki_nylimb_grid_ok(const int *values, int n);

/* ---- memory ----
 *
 * Every allocation of the library goes through these three, so that a
 * test build (-DCDOK_ALLOC_TEST) can make the k-th one fail: there the
 * test program supplies cdok_test_alloc_fails(), which says whether this
 * call should fail.  The library keeps no state for it.  The symbol is
 * weak: a program of that build that does not define it (the sanitizer
 * build's cdok and test runner, which share its objects with the
 * allocation sweep) never fails an allocation. */
#ifdef CDOK_ALLOC_TEST
__attribute__((weak, visibility("default"))) bool
cdok_test_alloc_fails(void);
#define CDOK_ALLOC_FAILS() \
	(cdok_test_alloc_fails != NULL && cdok_test_alloc_fails())
#else
#define CDOK_ALLOC_FAILS() false
#endif

/* The number of set bits.  Without the POPCNT instruction (not in the
 * x86-64 baseline Debian builds for) __builtin_popcountll is a call into
 * libgcc of about 25 instructions; these few shifts and masks are about
 * half of that, and the solver and grader count bits at every step. */
static inline int cdok_popcount(uint64_t x)
{
#ifdef __POPCNT__
	return __builtin_popcountll(x);
#else
	x -= (x >> 1) & 0x5555555555555555u;
	x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
	return (int)((x * 0x0101010101010101u) >> 56);
#endif
}

static inline void *cdok_malloc(size_t size)
{
	return CDOK_ALLOC_FAILS() ? NULL : malloc(size);
}

static inline void *cdok_calloc(size_t count, size_t size)
{
	return CDOK_ALLOC_FAILS() ? NULL : calloc(count, size);
}

static inline void *cdok_realloc(void *ptr, size_t size)
{
	return CDOK_ALLOC_FAILS() ? NULL : realloc(ptr, size);
}

/* Room for bytes more in a block of arrays being laid out, aligned for
 * any of their types (16 bytes): base plus the offset, and *at moves
 * past it; with base NULL only the size is counted (lay out once to
 * measure, allocate, lay out again to fill). */
static inline void *cdok_carve(char *base, size_t *at, size_t bytes)
{
	size_t start = (*at + 15) & ~(size_t)15;

	*at = start + bytes;
	return base ? base + start : NULL;
}

/* ---- errors ---- */

/* Fill err (if not NULL) and return status.  line/column 0 = no
 * position. */
cdok_status cdki_fail(cdok_error *err, cdok_status status, int line,
		      int column, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The verdict of a result whose count, complete and gave_up are set:
 * the one place that turns those into an outcome (util.c). */
cdok_verdict cdki_verdict_of(const cdok_result *result);

/* ---- growable strings for writers ---- */

struct strbuf {
	char *data;
	size_t len;
	size_t cap;
	bool failed;   /* an allocation failed; contents are unusable */
};

void cdki_sb_init(struct strbuf *sb);
void cdki_sb_free(struct strbuf *sb);
/* sb_putn when the buffer must grow first. */
void cdki_sb_putn_grow(struct strbuf *sb, const char *s, size_t n);

/* Writers put many short pieces (a character, a line of a drawing):
 * while they fit, that is a copy without a call. */
static inline void sb_putn(struct strbuf *sb, const char *s, size_t n)
{
	if (sb->len + n < sb->cap) {
		memcpy(sb->data + sb->len, s, n);
		sb->len += n;
		sb->data[sb->len] = '\0';
	} else {
		cdki_sb_putn_grow(sb, s, n);
	}
}

static inline void sb_putc(struct strbuf *sb, char c)
{
	sb_putn(sb, &c, 1);
}

static inline void sb_puts(struct strbuf *sb, const char *s)
{
	sb_putn(sb, s, strlen(s));
}

void cdki_sb_repeat(struct strbuf *sb, const char *s, int count);
/* v in decimal: into buf (at least 20 bytes, not terminated), returning
 * its length; or onto sb.  Writers put thousands of numbers, for which
 * printf's generality costs more than the rest of the writing. */
int cdki_decimal(int64_t v, char *buf);
void cdki_sb_put_int(struct strbuf *sb, int64_t v);
/* Make room for n more bytes at once, so that a writer that knows its
 * size grows the buffer once (a failure shows as sb->failed). */
void cdki_sb_reserve(struct strbuf *sb, size_t n);
void cdki_sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- names of things, for messages ---- */

/* "the 12+ cage at r1c1" (Killer: "the 22 cage at r7c3"): how messages
 * name a cage, by the clue printed in it and its first cell, so that a
 * user finds it on any drawing whatever the format (doc/LEVELS.md). */
void cdki_cage_name(const cdok_puzzle *puzzle, int cage, char *buf,
		    size_t len);

/* True if the cage's cells are orthogonally connected. */
bool cdki_cage_connected(const cdok_puzzle *puzzle, int cage);

/* ---- labels ---- */

/* The index-th label in cdok's label order: A..Z, a..z (the original's
 * 52), then AA..zz and so on.  Writers use it for cages that have no
 * label of their own (and must skip labels other cages already use).
 * buf must hold CDOK_LABEL_MAX + 1 bytes. */
void cdki_label_for_index(int index, char *buf);

/* ---- cage arithmetic ---- */

/* True if the n values (all of them filled) meet the cage's clue.  The
 * one definition of the arithmetic rules (doc/RULES.md): the checker uses
 * it, and the solver uses it to confirm every solution it reports. */
bool cdki_cage_holds(cdok_op op, int64_t target, const int *values, int n);

/* The operations a clue may stand for, as a set of bits: its own
 * operator, or for a hidden one (CDOK_OP_ANY) all four -- only + and *
 * when the puzzle's rules (CDOK_RULE_TWO_CELL) keep - and / to two
 * cells and the cage has more. */
enum { CDOK_OPS_ADD = 1, CDOK_OPS_SUB = 2, CDOK_OPS_MUL = 4, CDOK_OPS_DIV = 8,
       CDOK_OPS_ALL = 15 };
static inline unsigned cdok_clue_ops(cdok_op op, int ncells, unsigned rules)
{
	switch (op) {
	case CDOK_OP_ADD:
		return CDOK_OPS_ADD;
	case CDOK_OP_SUB:
		return CDOK_OPS_SUB;
	case CDOK_OP_MUL:
		return CDOK_OPS_MUL;
	case CDOK_OP_DIV:
		return CDOK_OPS_DIV;
	case CDOK_OP_ANY:
		break;
	}
	if ((rules & CDOK_RULE_TWO_CELL) && ncells > 2)
		return CDOK_OPS_ADD | CDOK_OPS_MUL;
	return CDOK_OPS_ALL;
}

/* The operator of bit i (0..3) of such a set: + - * /. */
static inline cdok_op cdok_ops_nth(int i)
{
	static const cdok_op ops[4] = {CDOK_OP_ADD, CDOK_OP_SUB, CDOK_OP_MUL,
				       CDOK_OP_DIV};

	return ops[i];
}

/* cdki_cage_holds for a set of operations: some one of them holds. */
bool cdki_ops_hold(unsigned ops, int64_t target, const int *values, int n);

/* ---- names ----
 *
 * Every name the library's archives export begins with cdok_ when
 * include/cdok.h declares it and with cdki_ ("cdok internal") when it
 * does not, so that a program linking libcdok.a keeps all its own names
 * (tests/test_names.c checks this with nm).  Static names are free. */

/* ---- invariants ----
 *
 * CDOK_ASSERT(x) states what the code relies on.  It is live where
 * CDOK_DEBUG is defined (the sanitizer builds: make test-asan, the fuzz
 * and allocation builds), where a broken invariant stops the program at
 * once; elsewhere it compiles to nothing and x is not evaluated, so it
 * may be as costly as the check needs. */
#ifdef CDOK_DEBUG
#include <stdio.h>
#define CDOK_ASSERT(x)							\
	((x) ? (void)0							\
	     : (fprintf(stderr, "%s:%d: %s: invariant broken: %s\n",	\
			__FILE__, __LINE__, __func__, #x), abort()))
#else
#define CDOK_ASSERT(x) ((void)0)
#endif

/* ---- internal results ----
 *
 * An internal call that can succeed, meet a contradiction (the puzzle or
 * state admits no value somewhere) or run out of memory returns a count
 * (>= 0) or one of these: the one convention for such calls in lib/. */
enum cdki_rc { CDKI_CONTRADICTION = -1, CDKI_NOMEM = -2 };

/* ---- geometry ----
 *
 * The one numbering of a grid's units, used by the solver, the grader,
 * the checker, the drawings, the pictures and the generator.  In an
 * n x n grid unit u of kind u / n is
 *   rows     0 .. n-1      (row r is unit r)
 *   columns  n .. 2n-1     (column c is unit n + c)
 *   boxes    2n .. 3n-1    (box b is unit 2n + b; only with boxes)
 * Boxes are numbered in reading order: the box of (r, c) is
 * (r / box_rows) * (n / box_cols) + c / box_cols.  A grid without boxes
 * has 2n units, and the box entry of each cell in cell_units repeats
 * its row's unit, so that "do cells a and b share a unit of kind k"
 * stays true exactly when they share one, whatever the grid.  Each
 * unit's cells are listed in reading order.
 *
 * Under CDOK_RULE_DIAGONALS (a grid with boxes: Killer X, Sudoku X) two
 * more units follow the boxes, of kind CDKI_DIAG:
 *   diagonals 3n           the cells r = c (top left to bottom right)
 *             3n + 1       the cells r + c = n - 1 (top right to bottom
 *                          left)
 * They are outside the Latin units: cdki_nunits, cell_units and
 * cdki_geometry_fill stay as above for every puzzle, so that code that
 * knows nothing of them works as before (and misses them).  Code that
 * honours them asks cdki_nunits_all for the count with them,
 * cdki_diagonals_of for a cell's, and cdki_geometry_fill_diagonals for
 * their cells (cdki_geometry_init fills all). */
enum { CDKI_ROW, CDKI_COL, CDKI_BOX, CDKI_KINDS };
/* The kind of the two diagonal units: past the Latin kinds, with no
 * slot in cell_units. */
enum { CDKI_DIAG = CDKI_KINDS };

/* The box of cell in an n x n grid tiled by boxes of br rows and bc
 * columns (br, bc > 0): for code that holds a box shape but no puzzle
 * (the generator's grids). */
static inline int cdki_box_at(int n, int br, int bc, int cell)
{
	return cell / n / br * (n / bc) + cell % n / bc;
}

/* The i-th cell (0 .. n-1, reading order) of box b in such a grid. */
static inline int cdki_box_cell(int n, int br, int bc, int b, int i)
{
	return (b / (n / bc) * br + i / bc) * n + b % (n / bc) * bc + i % bc;
}

/* The box of cell, 0 .. n-1, or -1 when the puzzle has no boxes. */
static inline int cdki_box_of(const cdok_puzzle *p, int cell)
{
	if (!p->box_rows)
		return -1;
	return cdki_box_at(p->size, p->box_rows, p->box_cols, cell);
}

/* The kind (CDKI_ROW, CDKI_COL, CDKI_BOX, CDKI_DIAG) of unit u in an
 * n x n grid (n >= 2 for the diagonals, which a grid with boxes has). */
static inline int cdki_kind_of(int n, int u)
{
	return u / n;
}

/* The kinds of unit p has: 3 with boxes, 2 without (rows, columns). */
static inline int cdki_nkinds(const cdok_puzzle *p)
{
	return p->box_rows ? CDKI_KINDS : 2;
}

/* The unit of kind k that holds cell: the one rule behind cell_units
 * below, for code that needs a cell's units without the tables (the box
 * kind repeats the row's unit when p has no boxes). */
static inline int cdki_unit_of(const cdok_puzzle *p, int cell, int kind)
{
	int n = p->size, b;

	if (kind == CDKI_ROW)
		return cell / n;
	if (kind == CDKI_COL)
		return n + cell % n;
	b = cdki_box_of(p, cell);
	return b < 0 ? cell / n : 2 * n + b;
}

/* Whether p's two main diagonals are units (CDOK_RULE_DIAGONALS). */
static inline bool cdki_has_diagonals(const cdok_puzzle *p)
{
	return (p->rules & CDOK_RULE_DIAGONALS) != 0;
}

/* The diagonal units (3n, 3n + 1) that hold cell, into out: returns how
 * many (0, 1, or 2 for the centre of an odd grid), always 0 when p's
 * diagonals are not units. */
static inline int cdki_diagonals_of(const cdok_puzzle *p, int cell,
				    int out[2])
{
	int n = p->size, r = cell / n, c = cell % n, k = 0;

	if (!cdki_has_diagonals(p))
		return 0;
	if (r == c)
		out[k++] = 3 * n;
	if (r + c == n - 1)
		out[k++] = 3 * n + 1;
	return k;
}

/* Whether cells a and b lie on one diagonal unit of p (always false
 * when p's diagonals are not units). */
static inline bool cdki_same_diagonal(const cdok_puzzle *p, int a, int b)
{
	int n = p->size, ra = a / n, ca = a % n, rb = b / n, cb = b % n;

	return cdki_has_diagonals(p) &&
	       ((ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1));
}

/* The i-th cell (row i) of diagonal unit u (3n or 3n + 1) of an n x n
 * grid. */
static inline int cdki_diagonal_cell(int n, int u, int i)
{
	return u == 3 * n ? i * n + i : i * n + (n - 1 - i);
}

struct cdki_geometry {
	int n;           /* the grid is n x n */
	int ncells;      /* n * n */
	int nkinds;      /* 2 without boxes, 3 with */
	int nunits;      /* nkinds * n: the Latin units */
	int nall;        /* nunits, + 2 with the diagonals (cdki_nunits_all) */
	int *unit_cells; /* unit * n + i -> cell (nall * n entries) */
	int *cell_units; /* cell * CDKI_KINDS + kind -> unit (ncells *
			  * CDKI_KINDS entries) */
};

/* The number of Latin units of p: 3n with boxes, 2n without. */
static inline int cdki_nunits(const cdok_puzzle *p)
{
	return cdki_nkinds(p) * p->size;
}

/* The number of units of p with the diagonals: cdki_nunits(p), + 2
 * under CDOK_RULE_DIAGONALS. */
static inline int cdki_nunits_all(const cdok_puzzle *p)
{
	return cdki_nunits(p) + (cdki_has_diagonals(p) ? 2 : 0);
}

/* Fill unit_cells (cdki_nunits(p) * n entries) and cell_units (n * n *
 * CDKI_KINDS entries), both the caller's, as described above: the Latin
 * units only, whatever p's rules. */
void cdki_geometry_fill(const cdok_puzzle *p, int *unit_cells,
			int *cell_units);

/* Fill the cells of the diagonal units, 2n entries from diag (a table
 * of cdki_nunits_all(p) units passes unit_cells + 3n * n): unit 3n's
 * cells, then 3n + 1's, each in reading order.  Only for a p with
 * diagonals. */
void cdki_geometry_fill_diagonals(const cdok_puzzle *p, int *diag);

/* g's fields for p, with its two arrays allocated and filled, the
 * diagonals too when p has them: CDOK_OK or CDOK_ERR_NOMEM (g is then
 * empty; cdki_geometry_free is safe). */
cdok_status cdki_geometry_init(struct cdki_geometry *g, const cdok_puzzle *p);
void cdki_geometry_free(struct cdki_geometry *g);

/* ---- model helpers ---- */

/* Grow the cage array so one more cage fits. */
cdok_status cdki_puzzle_reserve_cage(cdok_puzzle *puzzle);

#endif /* CDOK_MODEL_H */
