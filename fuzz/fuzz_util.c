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

/* ---- errors ---- */

/* Lines in the text, and the length of line `line` (1-based) without
 * its line break: what an error position must fit in. */
static int count_lines(const char *text, size_t len)
{
	int lines = 1;

	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	return lines;
}

static size_t line_length(const char *text, size_t len, int line)
{
	size_t i = 0, start;

	for (int l = 1; l < line && i < len; i++)
		if (text[i] == '\n')
			l++;
	start = i;
	while (i < len && text[i] != '\n')
		i++;
	return i - start;
}

void fuzz_check_error(const char *text, size_t len, cdok_status st,
		      const cdok_error *err)
{
	int lines = count_lines(text, len);

	FUZZ_CHECK(err->status == st, "status %d but err.status %d", st,
		   err->status);
	FUZZ_CHECK(memchr(err->message, '\0', sizeof(err->message)) &&
		   err->message[0] && !strchr(err->message, '\n'),
		   "bad message \"%.255s\"", err->message);
	if (st == CDOK_ERR_NOMEM)
		return;
	/* Bad text is always named by its position; only an input over
	 * the size cap is refused as a whole. */
	FUZZ_CHECK(err->line >= 1 || st == CDOK_ERR_LIMIT,
		   "no line for \"%s\"", err->message);
	FUZZ_CHECK(err->line <= lines + 1 && err->column >= 0,
		   "position %d:%d outside a text of %d lines: %s",
		   err->line, err->column, lines, err->message);
	if (err->line >= 1 && err->line <= lines)
		FUZZ_CHECK((size_t)err->column <=
			   line_length(text, len, err->line) + 1,
			   "column %d past the end of line %d (%zu bytes): %s",
			   err->column, err->line,
			   line_length(text, len, err->line), err->message);
}

/* A problem points inside the grid and the puzzle. */
void fuzz_check_problem(const cdok_problem *pr, const cdok_puzzle *p,
			bool partial)
{
	int n = cdok_puzzle_size(p), ncages = cdok_puzzle_cage_count(p);

	FUZZ_CHECK(pr->kind >= CDOK_PROBLEM_VALUE &&
		   pr->kind <= (partial ? CDOK_PROBLEM_WRONG
					: CDOK_PROBLEM_TWO_DIGIT), "kind %d",
		   pr->kind);
	FUZZ_CHECK(pr->row >= -1 && pr->row < n && pr->column >= -1 &&
		   pr->column < n && (pr->row >= 0 || pr->column >= 0),
		   "kind %d at row %d, column %d of %d", pr->kind, pr->row,
		   pr->column, n);
	if (pr->kind == CDOK_PROBLEM_CAGE ||
	    pr->kind == CDOK_PROBLEM_CAGE_REPEAT)
		FUZZ_CHECK(pr->cage >= 0 && pr->cage < ncages,
			   "cage %d of %d", pr->cage, ncages);
	else
		FUZZ_CHECK(pr->cage == -1, "kind %d names cage %d", pr->kind,
			   pr->cage);
	FUZZ_CHECK(pr->kind != CDOK_PROBLEM_CAGE || pr->got_den >= 0,
		   "got_den %lld", (long long)pr->got_den);
}

/* ---- comparing puzzles ---- */

/* The value a cell is pinned to: its given, or the target of the
 * one-cell cage it forms (whatever the operator, one cell must equal
 * the target).  CDOK_NONE when it has neither; -2 when the two disagree
 * or the target is no value a cell can hold, since then no grid can
 * fill it and any such cell makes the puzzle equally impossible. */
static int pinned_value(const cdok_puzzle *p, int cell)
{
	int given = cdok_puzzle_given(p, cell);
	int k = cdok_puzzle_cage_of(p, cell);
	int64_t t;

	if (k < 0 || cdok_cage_size(p, k) != 1)
		return given;
	t = cdok_cage_target(p, k);
	if (t < 0 || t > 99 || !cdok_puzzle_value_ok(p, (int)t) ||
	    (given != CDOK_NONE && given != t))
		return -2;
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
	if (cdok_puzzle_rules(a) != cdok_puzzle_rules(b)) {
		snprintf(why, sizeof(why), "rules %#x became %#x",
			 cdok_puzzle_rules(a), cdok_puzzle_rules(b));
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

void fuzz_each_puzzle(const char *text, size_t len, int max,
		      fuzz_puzzle_fn fn, void *user)
{
	const cdok_format *f = cdok_formats_detect(fuzz_formats(), text, len);
	cdok_reader *r;

	if (!f)
		return;
	r = cdok_reader_new(f, text, len);
	FUZZ_CHECK(r, "no %s reader", cdok_format_name(f));
	for (int i = 0; i < max; i++) {
		cdok_puzzle *p = NULL;

		if (cdok_reader_next(r, &p, NULL) != CDOK_OK)
			break;
		fn(user, p);
	}
	cdok_reader_free(r);
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

/* ---- rule sets ---- */

/* The squarest box shape that tiles an n x n grid (rows <= columns,
 * both at least 2), or false when there is none. */
static bool box_shape(int n, int *rows, int *cols)
{
	for (int r = 2; r * r <= n; r++)
		if (n % r == 0) {
			*rows = r;
			*cols = n / r;
		}
	return *rows >= 2;
}

static cdok_puzzle *as_plain(const cdok_puzzle *p)
{
	cdok_puzzle *q = cdok_puzzle_clone(p);

	if (!q)
		return NULL;
	/* The rules first: the model keeps the boxes of a Killer X while
	 * its diagonals are units. */
	if (cdok_puzzle_set_rules(q, 0) != CDOK_OK) {
		cdok_puzzle_free(q);
		return NULL;
	}
	cdok_puzzle_set_boxes(q, 0, 0);
	for (int k = 0; k < cdok_puzzle_cage_count(q); k++)
		cdok_puzzle_set_cage_distinct(q, k, 0);
	return q;
}

static cdok_puzzle *as_killer(const cdok_puzzle *p)
{
	int rows = 0, cols = 0;
	cdok_puzzle *q;

	if (!box_shape(cdok_puzzle_size(p), &rows, &cols))
		return NULL;
	q = as_plain(p);
	if (!q)
		return NULL;
	if (cdok_puzzle_set_boxes(q, rows, cols) != CDOK_OK) {
		cdok_puzzle_free(q);
		return NULL;
	}
	for (int k = 0; k < cdok_puzzle_cage_count(q); k++)
		cdok_puzzle_set_cage_distinct(q, k, 1);
	return q;
}

static cdok_puzzle *as_nylimb(const cdok_puzzle *p)
{
	cdok_puzzle *q = as_plain(p);

	if (q && cdok_puzzle_set_rules(q, CDOK_RULE_NYLIMB) != CDOK_OK) {
		cdok_puzzle_free(q);
		return NULL;
	}
	return q;
}

/* Which rule set a puzzle is under: Nylimb, Killer (boxes or a cage
 * whose values must differ) or plain. */
static int rule_set(const cdok_puzzle *p)
{
	if (cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB)
		return 2;
	if (cdok_puzzle_box_rows(p))
		return 1;
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++)
		if (cdok_cage_distinct(p, k) && cdok_cage_size(p, k) > 1)
			return 1;
	return 0;
}

int fuzz_rule_sets(const cdok_puzzle *p, fuzz_rules_fn fn, void *user)
{
	static const char *const names[] = { "plain", "killer", "nylimb" };
	cdok_puzzle *(*const make[])(const cdok_puzzle *) = {
		as_plain, as_killer, as_nylimb
	};
	int own = rule_set(p), runs = 1;

	fn(user, p, names[own]);
	for (int set = 0; set < 3; set++) {
		cdok_puzzle *q;

		if (set == own || !(q = make[set](p)))
			continue;
		fn(user, q, names[set]);
		cdok_puzzle_free(q);
		runs++;
	}
	return runs;
}
