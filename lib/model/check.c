/* check.c -- does a complete grid obey every rule of a puzzle?  This is
 * the plain, obviously-correct reading of the rules: the solver's answers
 * are confirmed with it before they are reported, and cdok_check lists
 * every rule a proposed solution breaks, for people to read. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

/* The clue's arithmetic over n values: values[i], or values[cells[i]]
 * when cells is not NULL (a cage's cells in a whole grid). */
static bool clue_holds(cdok_op op, int64_t target, const int *values,
		       const int *cells, int n)
{
#define V(i) ((int64_t)values[cells ? cells[i] : (i)])
	int64_t sum = 0;

	if (n < 1)
		return false;
	for (int i = 0; i < n; i++)
		sum += V(i);
	switch (op) {
	case CDOK_OP_ADD:
		return sum == target;
	case CDOK_OP_SUB:
		/* Some cell minus all the others.  With positive values only
		 * the largest can be the minuend of a non-negative result,
		 * but checking each cell keeps this a literal reading. */
		for (int i = 0; i < n; i++)
			if (2 * V(i) - sum == target)
				return true;
		return false;
	case CDOK_OP_MUL: {
		/* Divide the target down instead of multiplying up, so no
		 * product can overflow. */
		int64_t rest = target;

		for (int i = 0; i < n; i++)
			if (V(i) == 0)  /* Nylimb values include 0 */
				return target == 0;
		for (int i = 0; i < n; i++) {
			if (V(i) < 0 || rest % V(i))
				return false;
			rest /= V(i);
		}
		return rest == 1;
	}
	case CDOK_OP_ANY:
		/* A hidden operator: any of the four (the two-cell rule,
		 * when the puzzle has it, is the callers' to apply through
		 * cdok_clue_ops). */
		return clue_holds(CDOK_OP_ADD, target, values, cells, n) ||
		       clue_holds(CDOK_OP_SUB, target, values, cells, n) ||
		       clue_holds(CDOK_OP_MUL, target, values, cells, n) ||
		       clue_holds(CDOK_OP_DIV, target, values, cells, n);
	case CDOK_OP_DIV:
		/* Some cell divided by the product of all the others,
		 * exactly: v[i] == target * prod(others). */
		for (int i = 0; i < n; i++) {
			int64_t need = V(i);
			bool ok = target > 0 && need % target == 0;

			if (!ok)
				continue;
			need /= target;
			for (int j = 0; j < n && ok; j++) {
				if (j == i)
					continue;
				if (V(j) <= 0 || need % V(j))
					ok = false;
				else
					need /= V(j);
			}
			if (ok && need == 1)
				return true;
		}
		return false;
	}
	return false;
#undef V
}

bool cdki_cage_holds(cdok_op op, int64_t target, const int *v, int n)
{
	return clue_holds(op, target, v, NULL, n);
}

/* The clue of a set of operations over n values (clue_holds' values and
 * cells). */
static bool ops_hold(unsigned ops, int64_t target, const int *values,
		     const int *cells, int n)
{
	for (int i = 0; i < 4; i++)
		if ((ops >> i & 1) &&
		    clue_holds(cdok_ops_nth(i), target, values, cells, n))
			return true;
	return false;
}

bool cdki_ops_hold(unsigned ops, int64_t target, const int *v, int n)
{
	return ops_hold(ops, target, v, NULL, n);
}

/* Decimal digits of a Nylimb value as a set (bit d for digit d), and
 * whether it has two of them.  Values 0..99 only. */
static unsigned digit_set(int v)
{
	return v < 10 ? 1u << v : (1u << (v / 10)) | (1u << (v % 10));
}

bool cdki_nylimb_grid_ok(const int *values, int n)
{
	for (int line = 0; line < 2 * n; line++) {
		unsigned used = 0;
		int longs = 0;

		for (int i = 0; i < n; i++) {
			int v = values[line < n ? line * n + i
					    : i * n + line - n];
			unsigned d;

			if (v < 0 || v > CDOK_NYLIMB_MAX)
				return false;
			d = digit_set(v);
			if ((used & d) || (v >= 10 && v % 11 == 0))
				return false;
			used |= d;
			longs += v >= 10;
		}
		if (longs > 1)
			return false;
	}
	return true;
}

/* Plain lines and boxes: each holds every value once.  Values are in
 * 1..size by now.  seen[u] holds the values met so far in unit u,
 * numbered as the geometry numbers them (model.h): row r, column n + c,
 * box 2n + b.  The solver confirms every solution here, so a cell's box
 * is not worked out cell by cell: boxes are numbered band by band, so
 * the box of (r, c) is the box of (r, 0) plus the box of (0, c). */
static bool latin_ok(const cdok_puzzle *p, const int *values)
{
	int n = p->size, stack[CDOK_MAX_SIZE];
	bool boxes = p->box_rows > 0;
	uint64_t seen[CDKI_KINDS * CDOK_MAX_SIZE];

	memset(seen, 0, (size_t)cdki_nunits(p) * sizeof(*seen));
	for (int c = 0; boxes && c < n; c++)
		stack[c] = cdki_box_of(p, c);
	for (int r = 0, cell = 0; r < n; r++) {
		uint64_t *box_of_row =
			boxes ? seen + 2 * n + cdki_box_of(p, r * n) : NULL;

		for (int c = 0; c < n; c++, cell++) {
			uint64_t bit;

			CDOK_ASSERT(values[cell] >= 1 && values[cell] <= n);
			bit = (uint64_t)1 << values[cell];
			if ((seen[r] | seen[n + c]) & bit)
				return false;
			seen[r] |= bit;
			seen[n + c] |= bit;
			if (boxes) {
				CDOK_ASSERT(box_of_row + stack[c] ==
					    seen + cdki_unit_of(p, cell,
								CDKI_BOX));
				if (box_of_row[stack[c]] & bit)
					return false;
				box_of_row[stack[c]] |= bit;
			}
		}
	}
	return true;
}

/* The two main diagonals (CDOK_RULE_DIAGONALS): each holds every value
 * once.  Values are in 1..size by now. */
static bool diagonals_ok(const cdok_puzzle *p, const int *values)
{
	int n = p->size;
	uint64_t down = 0, up = 0;

	for (int i = 0; i < n; i++) {
		uint64_t a = (uint64_t)1 << values[cdki_diagonal_cell(n, 3 * n,
								      i)];
		uint64_t b = (uint64_t)1 << values[cdki_diagonal_cell(
			n, 3 * n + 1, i)];

		if ((down & a) || (up & b))
			return false;
		down |= a;
		up |= b;
	}
	return true;
}

/* Nothing here allocates: an answer of 0 always means a broken rule,
 * never memory that ran out (the solver confirms every solution with
 * it). */
int cdok_puzzle_is_solution(const cdok_puzzle *p, const int *values)
{
	int n = p->size;
	bool nylimb = cdok_is_nylimb(p);
	int lo = nylimb ? 0 : 1, hi = nylimb ? CDOK_NYLIMB_MAX : n;

	for (int cell = 0; cell < n * n; cell++)
		if (values[cell] < lo || values[cell] > hi ||
		    (cdok_has_given(p, cell) && p->given[cell] != values[cell]))
			return 0;
	if (nylimb ? !cdki_nylimb_grid_ok(values, n) : !latin_ok(p, values))
		return 0;
	if (cdki_has_diagonals(p) && !diagonals_ok(p, values))
		return 0;
	for (int c = 0; c < p->ncages; c++) {
		const struct cdok_cage *cage = &p->cages[c];
		/* Values are in range (0..99 at most) by now. */
		uint64_t seen[2] = {0, 0};

		for (int i = 0; cage->distinct && i < cage->ncells; i++) {
			int v = values[cage->cells[i]];
			uint64_t bit = (uint64_t)1 << (v % 64);

			if (seen[v / 64] & bit)
				return 0;
			seen[v / 64] |= bit;
		}
		/* (A shown operator the direct way: every solution the
		 * solver reports comes through here.) */
		if (cage->op == CDOK_OP_ANY
		    ? !ops_hold(cdok_clue_ops(cage->op, cage->ncells,
					      p->rules), cage->target, values,
				cage->cells, cage->ncells)
		    : !clue_holds(cage->op, cage->target, values, cage->cells,
				  cage->ncells))
			return 0;
	}
	return 1;
}

/* ------------------------------------------------------------------ */
/* Listing every broken rule (cdok check)                              */

struct problems {
	cdok_problem *items;
	int n;
	int cap;
	bool failed;
};

static cdok_problem *add_problem(struct problems *ps, cdok_problem_kind kind)
{
	cdok_problem *pr;

	if (ps->failed)
		return NULL;
	if (ps->n == ps->cap) {
		int cap = ps->cap ? ps->cap * 2 : 16;
		cdok_problem *items = cdok_realloc(ps->items,
					      (size_t)cap * sizeof(*items));

		if (!items) {
			ps->failed = true;
			return NULL;
		}
		ps->items = items;
		ps->cap = cap;
	}
	pr = &ps->items[ps->n++];
	memset(pr, 0, sizeof(*pr));
	pr->kind = kind;
	pr->row = pr->column = -1;
	pr->cage = -1;
	pr->got_den = 1;
	return pr;
}

/* Multiply with a ceiling: true if a * b fits in 64 bits. */
static bool mul_fits(int64_t a, int64_t b, int64_t *out)
{
	if (a != 0 && b > INT64_MAX / a)
		return false;
	*out = a * b;
	return true;
}

/* What a cage's (in-range) values give under its operator; returns
 * false if that is the target.  A hidden operator (no one operation to
 * name) reports the sum. */
static bool cage_fails(const cdok_puzzle *p, const struct cdok_cage *c,
		       const int *v, cdok_problem *pr)
{
	int64_t sum = 0, max = 0, prod = 1;
	bool overflow = false;

	if (cdki_ops_hold(cdok_clue_ops(c->op, c->ncells, p->rules),
			  c->target, v, c->ncells))
		return false;
	for (int i = 0; i < c->ncells; i++) {
		sum += v[i];
		if (v[i] > max)
			max = v[i];
	}
	pr->got_den = 1;
	if (c->ncells == 1) {
		pr->got = v[0];
		return true;
	}
	switch (c->op) {
	case CDOK_OP_ADD:
	case CDOK_OP_ANY:
		pr->got = sum;
		break;
	case CDOK_OP_SUB:
		pr->got = 2 * max - sum;
		break;
	case CDOK_OP_MUL:
		for (int i = 0; i < c->ncells && !overflow; i++)
			overflow = !mul_fits(prod, v[i], &prod);
		pr->got = overflow ? INT64_MAX : prod;
		break;
	case CDOK_OP_DIV: {
		bool skipped = false;

		/* The largest value over the product of the others (the
		 * largest taken out once). */
		for (int i = 0; i < c->ncells && !overflow; i++) {
			if (v[i] == max && !skipped) {
				skipped = true;
				continue;
			}
			overflow = !mul_fits(prod, v[i], &prod);
		}
		/* A 0 among the others (Nylimb values include 0) leaves no
		 * ratio at all: got_den 0 says so, and nothing divides by
		 * it. */
		pr->got = max;
		pr->got_den = overflow ? INT64_MAX : prod;
		break;
	}
	}
	pr->overflow = overflow;
	return true;
}

/* A new problem of kind about a unit of kind unit_kind whose cells are
 * cells: a row is named by its row, a column by its column, a box by
 * its first cell.  NULL when memory ran out. */
static cdok_problem *unit_problem(struct problems *ps, cdok_problem_kind kind,
				  int unit_kind, const int *cells, int n)
{
	cdok_problem *pr = add_problem(ps, kind);

	if (pr && unit_kind != CDKI_COL)
		pr->row = cells[0] / n;
	if (pr && unit_kind != CDKI_ROW)
		pr->column = cells[0] % n;
	CDOK_ASSERT(unit_kind != CDKI_DIAG || (pr == NULL || pr->row == 0));
	return pr;
}

/* Rows, columns, boxes and diagonals that hold a value more than once:
 * unit by unit in the geometry's order (rows, then columns, then boxes,
 * then diagonals), then by value; where counts the unit's cells in
 * reading order. */
static void check_units(const cdok_puzzle *p, const struct cdki_geometry *geo,
			const int *values, struct problems *ps)
{
	static const cdok_problem_kind kinds[CDKI_KINDS + 1] = {
		CDOK_PROBLEM_ROW, CDOK_PROBLEM_COLUMN, CDOK_PROBLEM_BOX,
		CDOK_PROBLEM_DIAGONAL
	};
	int n = p->size;

	/* The diagonals (units 3n, 3n + 1) after the boxes. */
	for (int u = 0; u < geo->nall && !ps->failed; u++) {
		const int *cells = geo->unit_cells + u * n;
		int kind = cdki_kind_of(n, u);
		uint64_t where[CDOK_MAX_SIZE + 1] = {0};

		for (int i = 0; i < n; i++) {
			int v = values[cells[i]];

			if (v >= 1 && v <= n)
				where[v] |= (uint64_t)1 << i;
		}
		for (int v = 1; v <= n && !ps->failed; v++)
			if (where[v] & (where[v] - 1)) {
				cdok_problem *pr = unit_problem(ps, kinds[kind],
								kind, cells, n);

				if (pr) {
					pr->value = v;
					pr->where = where[v];
				}
			}
	}
}

/* Values a distinct cage holds more than once, by value; v holds the
 * cage's values in the order of its cells.  Values out of range are
 * reported already, as cells, and are not compared. */
static void check_repeats(const cdok_puzzle *p, int k, const int *v,
			  struct problems *ps)
{
	const struct cdok_cage *c = &p->cages[k];
	int n = p->size, count[CDOK_NYLIMB_MAX + 1] = {0};

	for (int i = 0; i < c->ncells; i++)
		if (cdok_puzzle_value_ok(p, v[i]))
			count[v[i]]++;
	for (int value = 0; value <= CDOK_NYLIMB_MAX; value++) {
		cdok_problem *pr;

		if (count[value] < 2)
			continue;
		pr = add_problem(ps, CDOK_PROBLEM_CAGE_REPEAT);
		if (!pr)
			return;
		pr->cage = k;
		pr->row = c->cells[0] / n;
		pr->column = c->cells[0] % n;
		pr->value = value;
		pr->got = count[value];
		for (int i = 0; i < c->ncells && i < 64; i++)
			if (v[i] == value)
				pr->where |= (uint64_t)1 << i;
	}
}

/* The decimal digits a Nylimb line (its n cells) uses: where[d] has bit
 * i set when the i-th cell uses digit d, times_used[d] counts the uses
 * (11 uses 1 twice).  Returns the positions of two-digit numbers. */
static uint64_t digits_used(const cdok_puzzle *p, const int *values,
			    const int *cells, uint64_t where[10],
			    int times_used[10])
{
	uint64_t longs = 0;

	for (int i = 0; i < p->size; i++) {
		int v = values[cells[i]];

		if (!cdok_puzzle_value_ok(p, v))
			continue;
		if (v >= 10) {
			longs |= (uint64_t)1 << i;
			times_used[v / 10]++;
			where[v / 10] |= (uint64_t)1 << i;
			v %= 10;
		}
		times_used[v]++;
		where[v] |= (uint64_t)1 << i;
	}
	return longs;
}

/* Nylimb rows and columns (a Nylimb puzzle has no boxes): digits used
 * twice, by unit (rows, then columns) then digit, and lines with two
 * two-digit numbers. */
static void check_digits(const cdok_puzzle *p, const struct cdki_geometry *geo,
			 const int *values, struct problems *ps)
{
	int n = p->size;

	for (int u = 0; u < geo->nunits && !ps->failed; u++) {
		const int *cells = geo->unit_cells + u * n;
		int kind = cdki_kind_of(n, u);
		uint64_t where[10] = {0}, longs;
		int times_used[10] = {0};
		cdok_problem *pr;

		longs = digits_used(p, values, cells, where, times_used);
		for (int d = 0; d < 10 && !ps->failed; d++) {
			if (times_used[d] < 2)
				continue;
			pr = unit_problem(ps, CDOK_PROBLEM_DIGIT, kind, cells, n);
			if (pr) {
				pr->value = d;
				pr->where = where[d];
				pr->got = times_used[d];
			}
		}
		if (longs & (longs - 1)) {
			pr = unit_problem(ps, CDOK_PROBLEM_TWO_DIGIT, kind,
					  cells, n);
			if (pr)
				pr->where = longs;
		}
	}
}

/* Cells whose value is out of range, then givens changed, in reading
 * order. */
static void check_cells(const cdok_puzzle *p, const int *values,
			struct problems *ps)
{
	int n = p->size;
	cdok_problem *pr;

	for (int cell = 0; cell < n * n; cell++)
		if (!cdok_puzzle_value_ok(p, values[cell])) {
			pr = add_problem(ps, CDOK_PROBLEM_VALUE);
			if (!pr)
				return;
			pr->row = cell / n;
			pr->column = cell % n;
			pr->value = values[cell];
		}
	for (int cell = 0; cell < n * n; cell++) {
		int g = p->given[cell], v = values[cell];

		if (g == CDOK_NONE || v == g || !cdok_puzzle_value_ok(p, v))
			continue;
		pr = add_problem(ps, CDOK_PROBLEM_GIVEN);
		if (!pr)
			return;
		pr->row = cell / n;
		pr->column = cell % n;
		pr->value = v;
		pr->given = g;
	}
}

/* Cages whose clue fails, and values a distinct cage repeats, cage by
 * cage; buf has room for the largest cage's values.  A cage with a value
 * out of range is not judged (the value is reported already). */
static void check_cages(const cdok_puzzle *p, const int *values, int *buf,
			struct problems *ps)
{
	int n = p->size;

	for (int k = 0; k < p->ncages && !ps->failed; k++) {
		const struct cdok_cage *c = &p->cages[k];
		cdok_problem tmp, *pr;
		bool judged = true;

		for (int i = 0; i < c->ncells; i++) {
			buf[i] = values[c->cells[i]];
			if (!cdok_puzzle_value_ok(p, buf[i]))
				judged = false;
		}
		memset(&tmp, 0, sizeof(tmp));
		if (judged && cage_fails(p, c, buf, &tmp)) {
			pr = add_problem(ps, CDOK_PROBLEM_CAGE);
			if (!pr)
				return;
			pr->cage = k;
			pr->row = c->cells[0] / n;
			pr->column = c->cells[0] % n;
			pr->got = tmp.got;
			pr->got_den = tmp.got_den;
			pr->overflow = tmp.overflow;
		}
		if (c->distinct)
			check_repeats(p, k, buf, ps);
	}
}

cdok_status cdok_check(const cdok_puzzle *p, const int *values,
		       cdok_problem **problems, int *count, cdok_error *err)
{
	struct problems ps = {NULL, 0, 0, false};
	struct cdki_geometry geo;
	int n, *buf;

	if (problems)
		*problems = NULL;
	if (count)
		*count = 0;
	if (!p || !values || !problems || !count)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_check needs a puzzle, values and "
				 "somewhere to put the problems");
	n = p->size;
	buf = cdok_malloc((size_t)n * (size_t)n * sizeof(*buf));
	if (!buf)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (cdki_geometry_init(&geo, p) != CDOK_OK) {
		free(buf);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	/* The order of the list: cells, lines and boxes, cages. */
	check_cells(p, values, &ps);
	if (cdok_is_nylimb(p))
		check_digits(p, &geo, values, &ps);
	else
		check_units(p, &geo, values, &ps);
	check_cages(p, values, buf, &ps);
	cdki_geometry_free(&geo);
	free(buf);
	if (ps.failed) {
		free(ps.items);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	*problems = ps.items;
	*count = ps.n;
	return CDOK_OK;
}

/* "twice", "three times", "4 times" */
static const char *times(int k, char *buf, size_t len)
{
	if (k == 2)
		return "twice";
	if (k == 3)
		return "three times";
	snprintf(buf, len, "%d times", k);
	return buf;
}

/* "2 and 6", "1, 2 and 6" (1-based) */
static void list_positions(uint64_t where, char *buf, size_t len)
{
	int total = 0, done = 0;
	size_t at = 0;

	for (int i = 0; i < 64; i++)
		total += (where >> i) & 1;
	buf[0] = '\0';
	for (int i = 0; i < 64 && at < len; i++) {
		if (!((where >> i) & 1))
			continue;
		done++;
		at += (size_t)snprintf(buf + at, len - at, "%s%d",
				       done == 1 ? "" : done == total ?
				       " and " : ", ", i + 1);
	}
}

static int popcount64(uint64_t x)
{
	int k = 0;

	for (; x; x &= x - 1)
		k++;
	return k;
}

/* "r1c7 and r2c8", or "r1c7, r2c8 and r3c9": the cells of where, bit i
 * standing for cells[i] (cells are named as everywhere, doc/LEVELS.md).
 * more is how many cells hold the value beyond those where can show
 * (cages of over 64 cells). */
static void list_cells(uint64_t where, const int *cells, int n, int more,
		       char *buf, size_t len)
{
	int total = popcount64(where), done = 0;
	size_t at = 0;

	buf[0] = '\0';
	for (int i = 0; i < 64 && at < len; i++) {
		if (!((where >> i) & 1))
			continue;
		done++;
		at += (size_t)snprintf(buf + at, len - at, "%sr%dc%d",
				       done == 1 ? "" : done < total ||
				       more ? ", " : " and ",
				       cells[i] / n + 1, cells[i] % n + 1);
	}
	if (more && at < len)
		snprintf(buf + at, len - at, " and %d more", more);
}

/* The pieces of cdok_problem_describe, one a kind of problem: each
 * writes the message into buf as snprintf does and returns what snprintf
 * returned.  r and c are the problem's row and column counted from 1.
 * p may be NULL (then the message names what the problem alone says). */

static int describe_value(const cdok_problem *pr, const cdok_puzzle *p,
			  int r, int c, char *buf, size_t len)
{
	if (pr->value == CDOK_NONE ||
	    (pr->value == 0 && !(p && cdok_is_nylimb(p))))
		return snprintf(buf, len, "r%dc%d is empty", r, c);
	if (p && cdok_is_nylimb(p))
		return snprintf(buf, len, "r%dc%d holds %d, which is "
				"outside 0..%d", r, c,
				pr->value, CDOK_NYLIMB_MAX);
	return snprintf(buf, len, "r%dc%d holds %d, which is "
			"outside 1..%d", r, c,
			pr->value, p ? p->size : 0);
}

/* DIGIT and TWO_DIGIT: a Nylimb row or column. */
static int describe_digits(const cdok_problem *pr, int r, int c, char *buf,
			   size_t len)
{
	char list[256], tb[24];
	bool row = pr->row >= 0;
	int k = popcount64(pr->where);

	list_positions(pr->where, list, sizeof(list));
	if (pr->kind == CDOK_PROBLEM_DIGIT)
		return snprintf(buf, len, "%s %d uses the digit %d %s "
				"(%s %s)", row ? "row" : "column",
				row ? r : c, pr->value,
				times(pr->got > 1 ? (int)pr->got : 2, tb,
				      sizeof(tb)),
				k > 1 ? (row ? "columns" : "rows")
				      : (row ? "column" : "row"), list);
	return snprintf(buf, len, "%s %d holds %d two-digit "
			"numbers (%s %s), at most one is allowed",
			row ? "row" : "column", row ? r : c, k,
			row ? "columns" : "rows", list);
}

/* ROW and COLUMN. */
static int describe_line(const cdok_problem *pr, int r, int c, char *buf,
			 size_t len)
{
	char list[256], tb[24];
	bool row = pr->kind == CDOK_PROBLEM_ROW;

	list_positions(pr->where, list, sizeof(list));
	return snprintf(buf, len, "%s %d has %d %s (%s %s)",
			row ? "row" : "column", row ? r : c, pr->value,
			times(popcount64(pr->where), tb, sizeof(tb)),
			row ? "columns" : "rows", list);
}

/* What the values of a cage of two cells or more (cg, named name) give
 * under its operator, against its target t. */
static int describe_arithmetic(const cdok_problem *pr,
			       const struct cdok_cage *cg, const char *name,
			       char *buf, size_t len)
{
	int64_t t = cg->target;

	switch (cg->op) {
	case CDOK_OP_ADD: {
		/* The gap in unsigned arithmetic: a puzzle built through the
		 * API may have any target, even INT64_MIN, and the signed
		 * difference would overflow. */
		uint64_t gap = pr->got > t ? (uint64_t)pr->got - (uint64_t)t :
					     (uint64_t)t - (uint64_t)pr->got;

		return snprintf(buf, len, "%s adds up to %" PRId64 ", %"
				PRIu64 " %s than %" PRId64, name, pr->got,
				gap, pr->got > t ? "more" : "less", t);
	}
	case CDOK_OP_SUB:
		if (cg->ncells == 2)
			return snprintf(buf, len, "%s: the difference is %"
					PRId64 ", not %" PRId64, name,
					pr->got, t);
		return snprintf(buf, len, "%s: the largest value minus the "
				"others gives %" PRId64 ", not %" PRId64,
				name, pr->got, t);
	case CDOK_OP_MUL:
		if (pr->overflow)
			return snprintf(buf, len, "%s multiplies to more than %"
					PRId64 ", not %" PRId64, name,
					INT64_MAX, t);
		return snprintf(buf, len, "%s multiplies to %" PRId64 ", not %"
				PRId64, name, pr->got, t);
	case CDOK_OP_DIV:
		if (pr->overflow)
			return snprintf(buf, len, "%s: the ratio is smaller "
					"than 1, not %" PRId64, name, t);
		if (pr->got_den == 0)
			return snprintf(buf, len, "%s holds 0, so it has no "
					"ratio, not %" PRId64, name, t);
		if (pr->got % pr->got_den == 0)
			return snprintf(buf, len, "%s: the ratio is %" PRId64
					", not %" PRId64, name,
					pr->got / pr->got_den, t);
		return snprintf(buf, len, "%s: the ratio is %" PRId64 "/%"
				PRId64 ", not %" PRId64, name, pr->got,
				pr->got_den, t);
	case CDOK_OP_ANY:
		return snprintf(buf, len, "%s: no operation makes %" PRId64
				" of its values (they add up to %" PRId64 ")",
				name, t, pr->got);
	}
	return snprintf(buf, len, "%s does not meet its clue", name);
}

/* CAGE: a cage's values do not meet its clue. */
static int describe_cage(const cdok_problem *pr, const cdok_puzzle *p,
			 char *buf, size_t len)
{
	const struct cdok_cage *cg;
	char name[96];

	if (!p || pr->cage < 0 || pr->cage >= p->ncages)
		return snprintf(buf, len, "a cage's arithmetic fails");
	cg = &p->cages[pr->cage];
	cdki_cage_name(p, pr->cage, name, sizeof(name));
	if (cg->ncells == 1)
		return snprintf(buf, len, "%s holds %" PRId64 ", not %" PRId64,
				name, pr->got, cg->target);
	return describe_arithmetic(pr, cg, name, buf, len);
}

/* BOX: the box whose first (top-left) cell the problem names. */
static int describe_box(const cdok_problem *pr, const cdok_puzzle *p,
			char *buf, size_t len)
{
	int n, b, count = popcount64(pr->where), cells[CDOK_MAX_SIZE];
	char clist[1600], tb[24];

	if (!p || !p->box_rows || pr->row < 0 || pr->row >= p->size ||
	    pr->column < 0 || pr->column >= p->size)
		return snprintf(buf, len, "a box holds %d more than once",
				pr->value);
	n = p->size;
	b = cdki_box_of(p, pr->row * n + pr->column);
	for (int i = 0; i < n; i++)
		cells[i] = cdki_box_cell(n, p->box_rows, p->box_cols, b, i);
	list_cells(pr->where, cells, n, 0, clist, sizeof(clist));
	return snprintf(buf, len, "box %d has %d %s (%s)", b + 1, pr->value,
			times(count > 1 ? count : 2, tb, sizeof(tb)), clist);
}

/* DIAGONAL: the diagonal whose first cell (row 0) the problem names. */
static int describe_diagonal(const cdok_problem *pr, const cdok_puzzle *p,
			     char *buf, size_t len)
{
	int n, u, count = popcount64(pr->where), cells[CDOK_MAX_SIZE];
	char clist[1600], tb[24];

	if (!p || pr->row != 0 || (pr->column != 0 &&
				   pr->column != p->size - 1))
		return snprintf(buf, len, "a diagonal holds %d more than once",
				pr->value);
	n = p->size;
	u = pr->column == 0 ? 3 * n : 3 * n + 1;
	for (int i = 0; i < n; i++)
		cells[i] = cdki_diagonal_cell(n, u, i);
	list_cells(pr->where, cells, n, 0, clist, sizeof(clist));
	return snprintf(buf, len, "the diagonal from %s has %d %s (%s)",
			u == 3 * n ? "top left" : "top right", pr->value,
			times(count > 1 ? count : 2, tb, sizeof(tb)), clist);
}

/* CAGE_REPEAT: a value twice in a cage whose values must differ. */
static int describe_cage_repeat(const cdok_problem *pr, const cdok_puzzle *p,
				char *buf, size_t len)
{
	const struct cdok_cage *cg;
	char name[96], clist[1600], tb[24];
	int shown = popcount64(pr->where);
	int count = pr->got > shown ? (int)pr->got : shown;

	if (!p || pr->cage < 0 || pr->cage >= p->ncages)
		return snprintf(buf, len, "a cage holds %d more than once",
				pr->value);
	cg = &p->cages[pr->cage];
	cdki_cage_name(p, pr->cage, name, sizeof(name));
	list_cells(pr->where, cg->cells, p->size, count - shown, clist,
		   sizeof(clist));
	return snprintf(buf, len, "%s has %d %s (%s), but its values must "
			"all differ", name, pr->value,
			times(count > 1 ? count : 2, tb, sizeof(tb)), clist);
}

size_t cdok_problem_describe(const cdok_problem *pr, const cdok_puzzle *p,
			     char *buf, size_t len)
{
	int r = pr->row + 1, c = pr->column + 1, w;

	switch (pr->kind) {
	case CDOK_PROBLEM_VALUE:
		w = describe_value(pr, p, r, c, buf, len);
		break;
	case CDOK_PROBLEM_DIGIT:
	case CDOK_PROBLEM_TWO_DIGIT:
		w = describe_digits(pr, r, c, buf, len);
		break;
	case CDOK_PROBLEM_GIVEN:
		w = snprintf(buf, len, "the given %d in r%dc%d was "
			     "changed to %d", pr->given, r, c, pr->value);
		break;
	case CDOK_PROBLEM_WRONG:
		w = snprintf(buf, len, "r%dc%d holds %d, which is "
			     "not the value of the puzzle's solution there",
			     r, c, pr->value);
		break;
	case CDOK_PROBLEM_ROW:
	case CDOK_PROBLEM_COLUMN:
		w = describe_line(pr, r, c, buf, len);
		break;
	case CDOK_PROBLEM_CAGE:
		w = describe_cage(pr, p, buf, len);
		break;
	case CDOK_PROBLEM_BOX:
		w = describe_box(pr, p, buf, len);
		break;
	case CDOK_PROBLEM_CAGE_REPEAT:
		w = describe_cage_repeat(pr, p, buf, len);
		break;
	case CDOK_PROBLEM_DIAGONAL:
		w = describe_diagonal(pr, p, buf, len);
		break;
	default:
		w = snprintf(buf, len, "unknown problem");
		break;
	}
	return w < 0 ? 0 : (size_t)w;
}
