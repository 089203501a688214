/* fuzz_util.c -- the checks the fuzz targets share (fuzz.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void fuzz_fail(const char *file, int line, const char *cond,
	       const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: check failed: %s\n  ", file, line, cond);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* ---- comparing puzzles ---- */

/* A cell's given, 0 when it has none (the fuzz checks are about plain
 * puzzles, where 0 is never a value). */
static int given_or_zero(const cdok_puzzle *p, int cell)
{
	int g = cdok_puzzle_given(p, cell);

	return g == CDOK_NONE ? 0 : g;
}

/* The value a cell is pinned to: its given, or the target of the
 * one-cell cage it forms (whatever the operator, one cell must equal
 * the target).  0 when it has neither; -1 when the two disagree or the
 * target is no value 1..N, since then no grid can fill it and any such
 * cell makes the puzzle equally impossible. */
static int pinned_value(const cdok_puzzle *p, int cell)
{
	int n = cdok_puzzle_size(p);
	int given = given_or_zero(p, cell);
	int k = cdok_puzzle_cage_of(p, cell);
	int64_t t;

	if (k < 0 || cdok_cage_size(p, k) != 1)
		return given;
	t = cdok_cage_target(p, k);
	if (t < 1 || t > n || (given && given != t))
		return -1;
	return (int)t;
}

static bool in_big_cage(const cdok_puzzle *p, int cell)
{
	int k = cdok_puzzle_cage_of(p, cell);

	return k >= 0 && cdok_cage_size(p, k) >= 2;
}

const char *fuzz_puzzle_diff(const cdok_puzzle *a, const cdok_puzzle *b)
{
	static char why[256];
	int n = cdok_puzzle_size(a);

	if (n != cdok_puzzle_size(b)) {
		snprintf(why, sizeof(why), "size %d became %d", n,
			 cdok_puzzle_size(b));
		return why;
	}
	if (cdok_puzzle_box_rows(a) != cdok_puzzle_box_rows(b) ||
	    cdok_puzzle_box_cols(a) != cdok_puzzle_box_cols(b)) {
		snprintf(why, sizeof(why), "boxes %dx%d became %dx%d",
			 cdok_puzzle_box_rows(a), cdok_puzzle_box_cols(a),
			 cdok_puzzle_box_rows(b), cdok_puzzle_box_cols(b));
		return why;
	}
	for (int cell = 0; cell < n * n; cell++) {
		int va = pinned_value(a, cell), vb = pinned_value(b, cell);

		if (va != vb) {
			snprintf(why, sizeof(why), "cell %d: pinned value %d "
				 "became %d", cell, va, vb);
			return why;
		}
		if (in_big_cage(a, cell) != in_big_cage(b, cell)) {
			snprintf(why, sizeof(why), "cell %d: %s a cage of "
				 "two or more cells", cell,
				 in_big_cage(a, cell) ? "left" : "joined");
			return why;
		}
	}
	/* Every cage of two or more cells must reappear over the same
	 * cells with the same clue.  Cages are disjoint, so matching each
	 * through its first cell is a one-to-one correspondence. */
	for (int ka = 0; ka < cdok_puzzle_cage_count(a); ka++) {
		int m = cdok_cage_size(a, ka), kb;
		const int *ca, *cb;

		if (m < 2)
			continue;
		ca = cdok_cage_cells(a, ka);
		kb = cdok_puzzle_cage_of(b, ca[0]);
		cb = cdok_cage_cells(b, kb);
		if (cdok_cage_size(b, kb) != m ||
		    memcmp(ca, cb, (size_t)m * sizeof(*ca))) {
			snprintf(why, sizeof(why), "the cage at cell %d has "
				 "other cells", ca[0]);
			return why;
		}
		if (cdok_cage_op(a, ka) != cdok_cage_op(b, kb) ||
		    cdok_cage_target(a, ka) != cdok_cage_target(b, kb)) {
			snprintf(why, sizeof(why), "the cage at cell %d: "
				 "clue %c%lld became %c%lld", ca[0],
				 (char)cdok_cage_op(a, ka),
				 (long long)cdok_cage_target(a, ka),
				 (char)cdok_cage_op(b, kb),
				 (long long)cdok_cage_target(b, kb));
			return why;
		}
		/* Whether its values must differ (one cell differs from
		 * nothing, so only cages of two or more say anything). */
		if (cdok_cage_distinct(a, ka) != cdok_cage_distinct(b, kb)) {
			snprintf(why, sizeof(why), "the cage at cell %d: "
				 "distinct %d became %d", ca[0],
				 cdok_cage_distinct(a, ka),
				 cdok_cage_distinct(b, kb));
			return why;
		}
	}
	return NULL;
}

/* ---- round trips ---- */

/* The same check for each writable format: written, the text must read
 * back as the same puzzle. */
static void round_trip(const cdok_puzzle *p, const char *from,
		       const cdok_format *f, bool valid)
{
	const char *name = cdok_format_name(f);
	cdok_puzzle *back = NULL;
	cdok_reader *r;
	cdok_error err;
	cdok_status st;
	const char *why;
	char *text;
	size_t len;

	st = cdok_write(f, p, NULL, &text, &len, NULL);
	if (st != CDOK_OK) {
		FUZZ_CHECK(text == NULL, "%s: a failed write left text",
			   name);
		return;
	}
	FUZZ_CHECK(text && strlen(text) == len, "%s writer: length %zu "
		   "but %zu bytes before the NUL", name, len,
		   text ? strlen(text) : 0);
	if (!valid || !cdok_format_can_read(f)) {
		cdok_free(text);
		return;
	}

	r = cdok_reader_new(f, text, len);
	FUZZ_CHECK(r, "%s: no reader", name);
	memset(&err, 0, sizeof(err));
	st = cdok_reader_next(r, &back, &err);
	FUZZ_CHECK(st == CDOK_OK, "read from %s, written as %s, does not "
		   "read back: %d:%d: %s\n--- text ---\n%.2000s", from, name,
		   err.line, err.column, err.message, text);
	why = fuzz_puzzle_diff(p, back);
	FUZZ_CHECK(!why, "read from %s, written as %s and read back: %s\n"
		   "--- text ---\n%.2000s", from, name, why, text);

	/* The spec writer is deterministic over what its reader keeps
	 * (labels included), so a second write gives the same text. */
	if (!strcmp(name, "spec")) {
		char *again;
		size_t again_len;

		st = cdok_write(f, back, NULL, &again, &again_len, NULL);
		FUZZ_CHECK(st == CDOK_OK && again_len == len &&
			   !memcmp(again, text, len), "spec: writing the "
			   "puzzle read back gives other text:\n--- first "
			   "---\n%.2000s\n--- second ---\n%.2000s", text,
			   st == CDOK_OK ? again : "(failed)");
		cdok_free(again);
	}
	cdok_puzzle_free(back);
	cdok_reader_free(r);
	cdok_free(text);
}

/* Drawings take a grid of values too; any grid that fits will do. */
static void draw_with_values(const cdok_puzzle *p, const cdok_format *f)
{
	int n = cdok_puzzle_size(p);
	int *values = malloc((size_t)n * (size_t)n * sizeof(*values));
	char *text;

	FUZZ_CHECK(values, "out of memory");
	for (int cell = 0; cell < n * n; cell++)
		values[cell] = (cell / n + cell % n) % n + 1;
	if (cdok_write(f, p, values, &text, NULL, NULL) == CDOK_OK)
		cdok_free(text);
	free(values);
}

const cdok_formats *fuzz_formats(void)
{
	static cdok_formats *set;

	if (!set) {
		set = cdok_formats_new();
		FUZZ_CHECK(set && cdok_formats_add(set, cdok_json_formats(),
						   NULL) == CDOK_OK,
			   "out of memory");
	}
	return set;
}

void fuzz_round_trips(const cdok_puzzle *p, const char *from)
{
	/* What a writer makes of a puzzle the model rejects (a cage in
	 * two pieces, say) need not read back: only that it is written
	 * without harm is checked then. */
	bool valid = cdok_puzzle_validate(p, NULL) == CDOK_OK;
	const cdok_format *f;

	for (int i = 0; (f = cdok_formats_at(fuzz_formats(), i)); i++) {
		if (!cdok_format_can_write(f))
			continue;
		round_trip(p, from, f, valid);
		if (!cdok_format_can_read(f))
			draw_with_values(p, f);
	}
}

/* ---- an independent checker ---- */

static bool sum_holds(const int *v, int m, int64_t target)
{
	int64_t sum = 0;

	for (int i = 0; i < m; i++)
		sum += v[i];
	return sum == target;
}

static bool product_holds(const int *v, int m, int64_t target)
{
	int64_t prod = 1;

	if (target < 1)
		return false;
	for (int i = 0; i < m; i++) {
		/* Values are at least 1, so a product past the target
		 * can only grow. */
		if (prod > target / v[i])
			return false;
		prod *= v[i];
	}
	return prod == target;
}

static bool difference_holds(const int *v, int m, int64_t target)
{
	int64_t sum = 0;

	for (int i = 0; i < m; i++)
		sum += v[i];
	for (int i = 0; i < m; i++)
		if (v[i] - (sum - v[i]) == target)
			return true;
	return false;
}

static bool ratio_holds(const int *v, int m, int64_t target)
{
	if (target < 1)
		return false;
	for (int i = 0; i < m; i++) {
		int64_t others = 1;
		bool fits = true;

		for (int j = 0; j < m && fits; j++) {
			if (j == i)
				continue;
			others *= v[j];
			fits = others <= v[i];
		}
		if (fits && others <= v[i] / target &&
		    others * target == v[i])
			return true;
	}
	return false;
}

int fuzz_is_solution(const cdok_puzzle *p, const int *values)
{
	int n = cdok_puzzle_size(p);
	int *v;
	bool ok = true;

	for (int cell = 0; cell < n * n; cell++) {
		int given = given_or_zero(p, cell);

		if (values[cell] < 1 || values[cell] > n ||
		    (given && values[cell] != given))
			return 0;
	}
	for (int i = 0; i < n; i++) {
		uint64_t row = 0, col = 0;

		for (int j = 0; j < n; j++) {
			uint64_t r = UINT64_C(1) << values[i * n + j];
			uint64_t c = UINT64_C(1) << values[j * n + i];

			if ((row & r) || (col & c))
				return 0;
			row |= r;
			col |= c;
		}
	}

	/* Killer boxes: box_rows x box_cols, each holding every value
	 * once. */
	if (cdok_puzzle_box_rows(p)) {
		int br = cdok_puzzle_box_rows(p), bc = cdok_puzzle_box_cols(p);

		for (int top = 0; top < n; top += br)
			for (int left = 0; left < n; left += bc) {
				uint64_t seen = 0;

				for (int y = top; y < top + br; y++)
					for (int x = left; x < left + bc; x++) {
						uint64_t bit = UINT64_C(1) <<
							values[y * n + x];

						if (seen & bit)
							return 0;
						seen |= bit;
					}
			}
	}

	v = malloc((size_t)n * (size_t)n * sizeof(*v));
	FUZZ_CHECK(v, "out of memory");
	for (int k = 0; ok && k < cdok_puzzle_cage_count(p); k++) {
		const int *cells = cdok_cage_cells(p, k);
		int m = cdok_cage_size(p, k);
		int64_t t = cdok_cage_target(p, k);
		uint64_t seen = 0;

		for (int i = 0; i < m; i++) {
			uint64_t bit = UINT64_C(1) << values[cells[i]];

			v[i] = values[cells[i]];
			if (cdok_cage_distinct(p, k) && (seen & bit))
				ok = false;
			seen |= bit;
		}
		if (!ok)
			break;
		switch (cdok_cage_op(p, k)) {
		case CDOK_OP_ADD:
			ok = sum_holds(v, m, t);
			break;
		case CDOK_OP_SUB:
			ok = difference_holds(v, m, t);
			break;
		case CDOK_OP_MUL:
			ok = product_holds(v, m, t);
			break;
		case CDOK_OP_DIV:
			ok = ratio_holds(v, m, t);
			break;
		default:
			ok = false;
		}
	}
	free(v);
	return ok;
}

/* ---- brute force for tiny grids ---- */

struct brute {
	const cdok_puzzle *p;
	int n;
	int grid[16];
	uint64_t count, limit;
};

static void brute_fill(struct brute *b, int cell)
{
	int n = b->n;

	if (b->limit && b->count >= b->limit)
		return;
	if (cell == n * n) {
		b->count += fuzz_is_solution(b->p, b->grid);
		return;
	}
	for (int v = 1; v <= n; v++) {
		int y = cell / n, x = cell % n;
		int given = given_or_zero(b->p, cell);
		bool clash = given && given != v;

		for (int i = 0; i < x && !clash; i++)
			clash = b->grid[y * n + i] == v;
		for (int i = 0; i < y && !clash; i++)
			clash = b->grid[i * n + x] == v;
		if (clash)
			continue;
		b->grid[cell] = v;
		brute_fill(b, cell + 1);
	}
}

uint64_t fuzz_brute_count(const cdok_puzzle *p, uint64_t limit)
{
	struct brute b;

	memset(&b, 0, sizeof(b));
	b.p = p;
	b.n = cdok_puzzle_size(p);
	b.limit = limit;
	FUZZ_CHECK(b.n >= 1 && b.n <= 4, "brute force of size %d", b.n);
	brute_fill(&b, 0);
	return b.count;
}
