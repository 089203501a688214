/* ref.c -- the tests' own reading of doc/RULES.md (ref.h).
 *
 * Nothing here comes from lib/: the puzzle is read through the public
 * accessors, the rules are written out again from RULES.md, and the
 * counter is a plain search whose pruning is easy to check by reading.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"

/* ---- the rules ---- */

static bool is_nylimb(const cdok_puzzle *p)
{
	return (cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB) != 0;
}

/* The decimal digits of a value 0..99 as a set, bit d for digit d. */
static unsigned digits_of(int v)
{
	return v < 10 ? 1u << v : (1u << (v / 10)) | (1u << (v % 10));
}

/* A two-digit number whose digits are the same (11, 22, ...) uses its
 * digit twice by itself. */
static bool repeats_digit(int v)
{
	return v >= 10 && v / 10 == v % 10;
}

/* The product of v[0..k-1] except v[skip] (-1: none) into *out; false
 * when it does not fit in 64 bits.  A 0 makes it 0 whatever the rest. */
static bool product(const int *v, int k, int skip, int64_t *out)
{
	int64_t prod = 1;

	for (int i = 0; i < k; i++)
		if (i != skip && v[i] == 0) {
			*out = 0;
			return true;
		}
	for (int i = 0; i < k; i++)
		if (i != skip && __builtin_mul_overflow(prod, (int64_t)v[i],
							&prod))
			return false;
	*out = prod;
	return true;
}

bool ref_cage_holds(cdok_op op, int64_t target, const int *v, int k)
{
	int64_t sum = 0, prod, want;

	for (int i = 0; i < k; i++)
		sum += v[i];
	switch (op) {
	case CDOK_OP_ADD:
		return sum == target;
	case CDOK_OP_SUB:
		/* Some cell minus all the others. */
		for (int i = 0; i < k; i++)
			if (v[i] - (sum - v[i]) == target)
				return true;
		return false;
	case CDOK_OP_MUL:
		/* A product that does not fit is larger than any target. */
		return product(v, k, -1, &prod) && prod == target;
	case CDOK_OP_DIV:
		/* Some cell divided by the product of all the others, with
		 * nothing left over: the cell is target times that
		 * product.  A product of 0 divides nothing.  One too large
		 * for 64 bits exceeds every value, so only 0 / it = 0. */
		for (int i = 0; i < k; i++) {
			if (!product(v, k, i, &prod)) {
				if (v[i] == 0 && target == 0)
					return true;
				continue;
			}
			if (prod == 0)
				continue;
			if (!__builtin_mul_overflow(target, prod, &want) &&
			    want == v[i])
				return true;
		}
		return false;
	case CDOK_OP_ANY:
		/* A hidden operator: whichever of the four makes it. */
		return ref_cage_holds(CDOK_OP_ADD, target, v, k) ||
		       ref_cage_holds(CDOK_OP_SUB, target, v, k) ||
		       ref_cage_holds(CDOK_OP_MUL, target, v, k) ||
		       ref_cage_holds(CDOK_OP_DIV, target, v, k);
	}
	return false;
}

bool ref_clue_holds(const cdok_puzzle *p, cdok_op op, int64_t target,
		    const int *v, int k)
{
	/* Under the two-cell rule a difference or a ratio has two cells,
	 * so a hidden operator over more is a sum or a product. */
	if (op == CDOK_OP_ANY && k > 2 &&
	    (cdok_puzzle_rules(p) & CDOK_RULE_TWO_CELL))
		return ref_cage_holds(CDOK_OP_ADD, target, v, k) ||
		       ref_cage_holds(CDOK_OP_MUL, target, v, k);
	return ref_cage_holds(op, target, v, k);
}

/* The top-left cell of box b (0..n-1, in reading order). */
static int box_corner(int n, int box_rows, int box_cols, int b)
{
	int per_row = n / box_cols;

	return (b / per_row) * box_rows * n + (b % per_row) * box_cols;
}

/* The values of a line of n cells (a row, a column or a box), given by
 * their positions, follow the line rule: no value twice, or in Nylimb
 * no digit twice and at most one two-digit number. */
static bool line_ok(const int *v, const int *cells, int n, bool nylimb)
{
	int digit_uses[10] = {0}, longs = 0;
	bool seen[CDOK_MAX_SIZE + 1] = {false};

	for (int i = 0; i < n; i++) {
		int x = v[cells[i]];

		if (!nylimb) {
			if (seen[x])
				return false;
			seen[x] = true;
			continue;
		}
		if (x >= 10) {
			longs++;
			digit_uses[x / 10]++;
			digit_uses[x % 10]++;
		} else {
			digit_uses[x]++;
		}
	}
	for (int d = 0; d < 10; d++)
		if (digit_uses[d] > 1)
			return false;
	return longs <= 1;
}

bool ref_is_solution(const cdok_puzzle *p, const int *v)
{
	int n = cdok_puzzle_size(p);
	bool nylimb = is_nylimb(p);
	int lo = nylimb ? 0 : 1, hi = nylimb ? 99 : n;
	int br = cdok_puzzle_box_rows(p), bc = cdok_puzzle_box_cols(p);
	int line[CDOK_MAX_SIZE] = {0}, *vals;
	bool ok = true;

	for (int cell = 0; cell < n * n; cell++) {
		int g = cdok_puzzle_given(p, cell);

		if (v[cell] < lo || v[cell] > hi)
			return false;
		if (g != CDOK_NONE && g != v[cell])
			return false;
	}
	for (int a = 0; a < n; a++) {
		for (int b = 0; b < n; b++)
			line[b] = a * n + b;
		if (!line_ok(v, line, n, nylimb))
			return false;
		for (int b = 0; b < n; b++)
			line[b] = b * n + a;
		if (!line_ok(v, line, n, nylimb))
			return false;
		if (!br)
			continue;
		for (int b = 0; b < n; b++)
			line[b] = box_corner(n, br, bc, a) + (b / bc) * n +
				  b % bc;
		if (!line_ok(v, line, n, false))
			return false;
	}
	/* Killer X: the two main diagonals too (RULES.md).  The counter
	 * below confirms every grid here, so it counts them right. */
	if (cdok_puzzle_rules(p) & CDOK_RULE_DIAGONALS) {
		for (int b = 0; b < n; b++)
			line[b] = b * n + b;
		if (!line_ok(v, line, n, false))
			return false;
		for (int b = 0; b < n; b++)
			line[b] = b * n + n - 1 - b;
		if (!line_ok(v, line, n, false))
			return false;
	}
	vals = malloc(sizeof(int) * (size_t)(n * n));
	if (!vals)
		abort();
	for (int k = 0; ok && k < cdok_puzzle_cage_count(p); k++) {
		const int *cells = cdok_cage_cells(p, k);
		int m = cdok_cage_size(p, k);

		for (int i = 0; i < m; i++) {
			vals[i] = v[cells[i]];
			for (int j = 0; cdok_cage_distinct(p, k) && j < i; j++)
				ok = ok && vals[j] != vals[i];
		}
		ok = ok && ref_clue_holds(p, cdok_cage_op(p, k),
					  cdok_cage_target(p, k), vals, m);
	}
	free(vals);
	return ok;
}

/* ---- value sets ----
 *
 * Values 0..127 in two words: plain values 1..63 and Nylimb's 0..99. */

struct vset {
	uint64_t w[2];
};

static bool vs_has(const struct vset *s, int v)
{
	return (s->w[v >> 6] >> (v & 63)) & 1;
}

static void vs_add(struct vset *s, int v)
{
	s->w[v >> 6] |= (uint64_t)1 << (v & 63);
}

static void vs_del(struct vset *s, int v)
{
	s->w[v >> 6] &= ~((uint64_t)1 << (v & 63));
}

static int vs_count(const struct vset *s)
{
	return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]);
}

static bool vs_same(const struct vset *a, const struct vset *b)
{
	return a->w[0] == b->w[0] && a->w[1] == b->w[1];
}

/* The smallest and the largest value of a set that is not empty. */
static int vs_min(const struct vset *s)
{
	return s->w[0] ? __builtin_ctzll(s->w[0])
		       : 64 + __builtin_ctzll(s->w[1]);
}

static int vs_max(const struct vset *s)
{
	return s->w[1] ? 127 - __builtin_clzll(s->w[1])
		       : 63 - __builtin_clzll(s->w[0]);
}

/* The values of s in increasing order into out; returns how many. */
static int vs_list(const struct vset *s, int *out)
{
	int k = 0;

	for (int w = 0; w < 2; w++)
		for (uint64_t bits = s->w[w]; bits; bits &= bits - 1)
			out[k++] = w * 64 + __builtin_ctzll(bits);
	return k;
}

/* ---- the search ---- */

/* Steps one cage's fillings may take at one node before the cage is
 * left unpruned for that node (which only makes the search slower). */
#define FILL_STEPS 20000

#define EMPTY (-1)

struct search {
	const cdok_puzzle *p;
	int n, ncells, br, bc;
	bool nylimb;
	int *grid;             /* EMPTY or a value */
	int *box_of;           /* the cell's box, -1 without boxes */
	/* Values placed per row, column and box (plain rules), or digits
	 * used and two-digit numbers placed per row and column (Nylimb). */
	struct vset *row, *col, *box;
	unsigned *row_digits, *col_digits;
	int *row_longs, *col_longs;
	struct vset *cand;     /* candidates of the empty cells */
	/* One cage's fillings: its empty cells, their options, the values
	 * each takes in some filling that meets the clue, the filling
	 * being tried, bounds of the sums still to come (for + cages) and
	 * the cage's values in the order of its cells (for the clue). */
	/* The cage being filled, read once through the accessors. */
	cdok_op cage_op;
	int64_t cage_target;
	bool cage_distinct;
	const int *cage_cells;
	int cage_size;
	int *empty;
	int *peers, *peer_start;   /* find_peers */
	struct vset *opts, *support;
	int *vals;
	int64_t *min_rest, *max_rest;
	int *cage_vals;
	int saturated;
	uint64_t steps;
	bool capped;
	struct ref_count *out;
	bool over;
};

static void *alloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size);

	if (!p) {
		fprintf(stderr, "ref.c: out of memory\n");
		abort();
	}
	return p;
}

/* Whether a cell's value and another's can stand together in one row
 * or column: different, and in Nylimb no digit in common and not both
 * two-digit numbers. */
static bool line_compatible(const struct search *s, int a, int b)
{
	if (!s->nylimb)
		return a != b;
	return !(digits_of(a) & digits_of(b)) && !(a >= 10 && b >= 10);
}

static void place(struct search *s, int cell, int v, bool on)
{
	int r = cell / s->n, c = cell % s->n;

	s->grid[cell] = on ? v : EMPTY;
	if (s->nylimb) {
		unsigned d = digits_of(v);
		int two = v >= 10;

		/* Only values whose digits are free are placed, so the
		 * bits can be cleared again as they were set. */
		s->row_digits[r] = on ? s->row_digits[r] | d
				      : s->row_digits[r] & ~d;
		s->col_digits[c] = on ? s->col_digits[c] | d
				      : s->col_digits[c] & ~d;
		s->row_longs[r] += on ? two : -two;
		s->col_longs[c] += on ? two : -two;
		return;
	}
	if (on) {
		vs_add(&s->row[r], v);
		vs_add(&s->col[c], v);
		if (s->box_of[cell] >= 0)
			vs_add(&s->box[s->box_of[cell]], v);
	} else {
		vs_del(&s->row[r], v);
		vs_del(&s->col[c], v);
		if (s->box_of[cell] >= 0)
			vs_del(&s->box[s->box_of[cell]], v);
	}
}

/* The values an empty cell may take by its given, row, column and box. */
static struct vset line_candidates(const struct search *s, int cell)
{
	int r = cell / s->n, c = cell % s->n;
	int g = cdok_puzzle_given(s->p, cell);
	struct vset set = {{0, 0}};

	if (s->nylimb) {
		unsigned used = s->row_digits[r] | s->col_digits[c];
		bool longs = s->row_longs[r] || s->col_longs[c];

		for (int v = 0; v <= 99; v++)
			if (!repeats_digit(v) && !(digits_of(v) & used) &&
			    !(v >= 10 && longs))
				vs_add(&set, v);
	} else {
		/* Values 1..n (n <= 63) all sit in the first word. */
		uint64_t used = s->row[r].w[0] | s->col[c].w[0];

		if (s->box_of[cell] >= 0)
			used |= s->box[s->box_of[cell]].w[0];
		set.w[0] = (UINT64_MAX >> (63 - s->n)) & ~(uint64_t)1 & ~used;
	}
	if (g != CDOK_NONE) {
		bool has = g >= 0 && g <= 127 && vs_has(&set, g);

		set.w[0] = set.w[1] = 0;
		if (has)
			vs_add(&set, g);
	}
	return set;
}

/* Whether value v for the cage's j-th empty cell can stand beside the
 * values chosen for the ones before it that share its row, column or
 * box (its peers). */
static bool fits_filling(const struct search *s, int j, int v)
{
	for (int i = s->peer_start[j]; i < s->peer_start[j + 1]; i++) {
		int w = s->vals[s->peers[i]];

		if (s->nylimb ? !line_compatible(s, v, w) : v == w)
			return false;
	}
	return true;
}

/* The peers of each of the nempty empty cells of a cage: the earlier
 * ones in its row or column, or (plain rules) its box. */
static void find_peers(struct search *s, int nempty)
{
	int n = s->n, at = 0;

	for (int j = 0; j < nempty; j++) {
		int a = s->empty[j];

		s->peer_start[j] = at;
		for (int i = 0; i < j; i++) {
			int b = s->empty[i];

			if (a / n == b / n || a % n == b % n ||
			    (s->box_of[a] >= 0 &&
			     s->box_of[a] == s->box_of[b]))
				s->peers[at++] = i;
		}
	}
	s->peer_start[nempty] = at;
}

/* The filling of the cage is complete: check it against the clue and the
 * cage's distinct rule, and record the values it uses.  Returns whether
 * it holds. */
static bool filling_done(struct search *s, int nempty)
{
	int m = s->cage_size;
	struct vset seen = {{0, 0}};

	for (int i = 0, j = 0; i < m; i++) {
		int cell = s->cage_cells[i];
		int v = s->grid[cell] != EMPTY ? s->grid[cell] : s->vals[j++];

		if (s->cage_distinct && vs_has(&seen, v))
			return false;
		vs_add(&seen, v);
		s->cage_vals[i] = v;
	}
	if (!ref_clue_holds(s->p, s->cage_op, s->cage_target, s->cage_vals,
			    m))
		return false;
	for (int i = 0; i < nempty; i++)
		if (!vs_has(&s->support[i], s->vals[i])) {
			vs_add(&s->support[i], s->vals[i]);
			s->saturated += vs_same(&s->support[i], &s->opts[i]);
		}
	return true;
}

/* Whether value v for the cage's j-th empty cell keeps its clue
 * reachable (sum and prod: of the values so far, prod only for a
 * positive product, which none of them is 0 or too large for); *next
 * gets the product with v. */
static bool clue_reachable(const struct search *s, cdok_op op,
			   int64_t target, int j, int v, int64_t sum,
			   int64_t prod, int64_t *next)
{
	*next = prod;
	/* A sum must stay reachable by the cells still empty. */
	if (op == CDOK_OP_ADD)
		return target - sum - v >= s->min_rest[j + 1] &&
		       target - sum - v <= s->max_rest[j + 1];
	/* A positive product is made of values that divide it. */
	if (op == CDOK_OP_MUL && target > 0)
		return v != 0 &&
		       !__builtin_mul_overflow(prod, (int64_t)v, next) &&
		       target % *next == 0;
	return true;
}

/* Try every filling of the cage's empty cells j.. (sum and prod as for
 * clue_reachable; chosen: the values chosen so far, which a distinct
 * cage cannot use again). */
static void fill(struct search *s, int j, int nempty, int64_t sum,
		 int64_t prod, struct vset chosen)
{
	cdok_op op = s->cage_op;
	int64_t target = s->cage_target, next;
	bool distinct = s->cage_distinct;

	if (s->capped || s->saturated == nempty)
		return;
	if (++s->steps > FILL_STEPS) {
		s->capped = true;
		return;
	}
	if (j == nempty) {
		filling_done(s, nempty);
		return;
	}
	/* The last cell of a sum has one value left to try. */
	if (op == CDOK_OP_ADD && j == nempty - 1) {
		int64_t v = target - sum;

		if (v >= 0 && v <= 127 && vs_has(&s->opts[j], (int)v) &&
		    !(distinct && vs_has(&chosen, (int)v)) &&
		    fits_filling(s, j, (int)v)) {
			s->vals[j] = (int)v;
			fill(s, j + 1, nempty, target, prod, chosen);
		}
		return;
	}
	for (int w = 0; w < 2; w++)
		for (uint64_t bits = s->opts[j].w[w]; bits && !s->capped;
		     bits &= bits - 1) {
			int v = w * 64 + __builtin_ctzll(bits);
			struct vset more = chosen;

			if ((distinct && vs_has(&chosen, v)) ||
			    !clue_reachable(s, op, target, j, v, sum, prod,
					    &next) ||
			    !fits_filling(s, j, v))
				continue;
			s->vals[j] = v;
			vs_add(&more, v);
			fill(s, j + 1, nempty, sum + v, next, more);
		}
}

/* Narrow the candidates of cage k's empty cells to the values some
 * filling of the cage can use.  Returns false when no filling meets the
 * clue (a dead end). */
static bool cage_candidates(struct search *s, int k)
{
	const int *cells = cdok_cage_cells(s->p, k);
	int m = cdok_cage_size(s->p, k), nempty = 0;
	cdok_op op = cdok_cage_op(s->p, k);
	int64_t target = cdok_cage_target(s->p, k), sum = 0, prod = 1;
	bool zero = false, overflow = false;

	s->cage_op = op;
	s->cage_target = target;
	s->cage_distinct = cdok_cage_distinct(s->p, k);
	s->cage_cells = cells;
	s->cage_size = m;

	for (int i = 0; i < m; i++) {
		int cell = cells[i];

		if (s->grid[cell] == EMPTY) {
			s->empty[nempty] = cell;
			s->opts[nempty] = s->cand[cell];
			s->support[nempty].w[0] = s->support[nempty].w[1] = 0;
			nempty++;
			continue;
		}
		sum += s->grid[cell];
		zero |= s->grid[cell] == 0;
		overflow |= __builtin_mul_overflow(prod,
						   (int64_t)s->grid[cell],
						   &prod);
	}
	if (!nempty)
		return filling_done(s, 0);
	/* A value placed in a distinct cage is gone for its other cells. */
	for (int i = 0; s->cage_distinct && i < m; i++)
		for (int j = 0; j < nempty && s->grid[cells[i]] != EMPTY; j++)
			vs_del(&s->opts[j], s->grid[cells[i]]);
	/* Values are never negative: no sum reaches a negative target, and
	 * a positive product has no 0 in it and divides its target. */
	if (op == CDOK_OP_ADD && target < 0)
		return false;
	if (op == CDOK_OP_MUL && target > 0 &&
	    (zero || overflow || target % prod))
		return false;
	s->min_rest[nempty] = s->max_rest[nempty] = 0;
	for (int i = nempty - 1; i >= 0; i--) {
		if (!vs_count(&s->opts[i]))
			return false;
		s->min_rest[i] = s->min_rest[i + 1] + vs_min(&s->opts[i]);
		s->max_rest[i] = s->max_rest[i + 1] + vs_max(&s->opts[i]);
	}
	s->saturated = 0;
	s->steps = 0;
	s->capped = false;
	find_peers(s, nempty);
	fill(s, 0, nempty, sum, prod, (struct vset){{0, 0}});
	if (s->capped)
		return true;
	for (int i = 0; i < nempty; i++) {
		if (!vs_count(&s->support[i]))
			return false;
		s->cand[s->empty[i]] = s->support[i];
	}
	return true;
}

/* The b-th cell of unit a of a kind: 0 rows, 1 columns, 2 boxes. */
static int unit_cell(const struct search *s, int kind, int a, int b)
{
	int n = s->n;

	return kind == 0 ? a * n + b : kind == 1 ? b * n + a :
	       box_corner(n, s->br, s->bc, a) + (b / s->bc) * n + b % s->bc;
}

/* Plain rules: each row, column and box holds every value exactly once.
 * Finds a value with the fewest places left in some unit.  Returns
 * false when a value has no place left (a dead end); else its places
 * go to cells, how many to *count (a count over n when every value of
 * every unit is placed) and the value to *value. */
static bool fewest_places(const struct search *s, int *cells, int *count,
			  int *value)
{
	int n = s->n, best = n + 1, best_kind = 0, best_unit = 0;

	for (int kind = 0; kind < (s->br ? 3 : 2); kind++)
		for (int a = 0; a < n; a++) {
			const struct vset *have = kind == 0 ? &s->row[a] :
						  kind == 1 ? &s->col[a] :
						  &s->box[a];
			int places[CDOK_MAX_SIZE + 1] = {0};

			for (int b = 0; b < n; b++) {
				int cell = unit_cell(s, kind, a, b);

				if (s->grid[cell] != EMPTY)
					continue;
				for (int v = 1; v <= n; v++)
					places[v] += vs_has(&s->cand[cell], v);
			}
			for (int v = 1; v <= n; v++) {
				if (vs_has(have, v))
					continue;
				if (!places[v])
					return false;
				if (places[v] < best) {
					best = places[v];
					best_kind = kind;
					best_unit = a;
					*value = v;
				}
			}
		}
	*count = best;
	if (best > n)
		return true;
	for (int b = 0, k = 0; b < n; b++) {
		int cell = unit_cell(s, best_kind, best_unit, b);

		if (s->grid[cell] == EMPTY && vs_has(&s->cand[cell], *value))
			cells[k++] = cell;
	}
	return true;
}

/* Count on from a leaf: confirm the grid and count it. */
static void leaf(struct search *s)
{
	struct ref_count *out = s->out;

	if (!ref_is_solution(s->p, s->grid))
		return;
	if (!out->count && out->first)
		memcpy(out->first, s->grid, sizeof(int) * (size_t)s->ncells);
	out->count++;
}

static void search(struct search *s)
{
	struct ref_count *out = s->out;
	int best = -1, best_count = 1 << 30, values[128], nv;
	int places[CDOK_MAX_SIZE], nplaces = 1 << 30, value = 0;
	struct vset choice;

	if (out->budget && out->nodes >= out->budget) {
		s->over = true;
		return;
	}
	out->nodes++;
	for (int cell = 0; cell < s->ncells; cell++)
		if (s->grid[cell] == EMPTY)
			s->cand[cell] = line_candidates(s, cell);
	for (int k = 0; k < cdok_puzzle_cage_count(s->p); k++)
		if (!cage_candidates(s, k))
			return;
	if (!s->nylimb && !fewest_places(s, places, &nplaces, &value))
		return;
	for (int cell = 0; cell < s->ncells; cell++) {
		int c;

		if (s->grid[cell] != EMPTY)
			continue;
		c = vs_count(&s->cand[cell]);
		if (c < best_count) {
			best = cell;
			best_count = c;
		}
	}
	if (best < 0) {
		leaf(s);
		return;
	}
	/* A value with one place left in a unit must go there (a hidden
	 * single): that is the one choice to try. */
	if (nplaces == 1 && best_count > 1) {
		for (int i = 0; i < nplaces; i++) {
			if (s->over || (out->limit && out->count >= out->limit))
				return;
			place(s, places[i], value, true);
			search(s);
			place(s, places[i], value, false);
		}
		return;
	}
	choice = s->cand[best];
	nv = vs_list(&choice, values);
	for (int i = 0; i < nv; i++) {
		if (s->over || (out->limit && out->count >= out->limit))
			return;
		place(s, best, values[i], true);
		search(s);
		place(s, best, values[i], false);
	}
}

void ref_count(const cdok_puzzle *p, struct ref_count *out)
{
	struct search s;
	int n = cdok_puzzle_size(p), biggest = 1;
	size_t cells = (size_t)n * (size_t)n;

	memset(&s, 0, sizeof(s));
	s.p = p;
	s.n = n;
	s.ncells = (int)cells;
	s.nylimb = is_nylimb(p);
	s.br = cdok_puzzle_box_rows(p);
	s.bc = cdok_puzzle_box_cols(p);
	s.out = out;
	out->count = out->nodes = 0;
	out->complete = out->gave_up = false;

	for (int k = 0; k < cdok_puzzle_cage_count(p); k++)
		if (cdok_cage_size(p, k) > biggest)
			biggest = cdok_cage_size(p, k);
	s.grid = alloc(cells, sizeof(int));
	s.box_of = alloc(cells, sizeof(int));
	s.row = alloc((size_t)n, sizeof(struct vset));
	s.col = alloc((size_t)n, sizeof(struct vset));
	s.box = alloc((size_t)n, sizeof(struct vset));
	s.row_digits = alloc((size_t)n, sizeof(unsigned));
	s.col_digits = alloc((size_t)n, sizeof(unsigned));
	s.row_longs = alloc((size_t)n, sizeof(int));
	s.col_longs = alloc((size_t)n, sizeof(int));
	s.cand = alloc(cells, sizeof(struct vset));
	s.empty = alloc((size_t)biggest, sizeof(int));
	/* A cell has at most 3 n peers: its row, its column, its box. */
	s.peers = alloc((size_t)biggest * 3 * (size_t)n, sizeof(int));
	s.peer_start = alloc((size_t)biggest + 1, sizeof(int));
	s.opts = alloc((size_t)biggest, sizeof(struct vset));
	s.support = alloc((size_t)biggest, sizeof(struct vset));
	s.vals = alloc((size_t)biggest, sizeof(int));
	s.min_rest = alloc((size_t)biggest + 1, sizeof(int64_t));
	s.max_rest = alloc((size_t)biggest + 1, sizeof(int64_t));
	s.cage_vals = alloc((size_t)biggest, sizeof(int));
	for (size_t cell = 0; cell < cells; cell++) {
		int r = (int)cell / n, c = (int)cell % n;

		s.grid[cell] = EMPTY;
		s.box_of[cell] = s.br ? (r / s.br) * (n / s.bc) + c / s.bc
				      : -1;
	}

	search(&s);
	out->gave_up = s.over;
	out->complete = !s.over && !(out->limit && out->count >= out->limit);

	free(s.grid);
	free(s.box_of);
	free(s.row);
	free(s.col);
	free(s.box);
	free(s.row_digits);
	free(s.col_digits);
	free(s.row_longs);
	free(s.col_longs);
	free(s.cand);
	free(s.empty);
	free(s.peers);
	free(s.peer_start);
	free(s.opts);
	free(s.support);
	free(s.vals);
	free(s.min_rest);
	free(s.max_rest);
	free(s.cage_vals);
}

uint64_t ref_count_solutions(const cdok_puzzle *p, uint64_t limit)
{
	struct ref_count c;

	memset(&c, 0, sizeof(c));
	c.limit = limit;
	ref_count(p, &c);
	return c.count;
}
