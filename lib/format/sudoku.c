/* sudoku.c -- the one-line Sudoku that Sudoku programs exchange: the
 * grid's cells in reading order, a digit for a given and '.' or '0' for
 * an empty cell, one puzzle per line ("53..7....6..195....98....6.8..").
 *
 * The length says the shape: 81 characters are a 9 x 9 with boxes of
 * 3 x 3, 36 a 6 x 6 with boxes two rows tall and three columns wide, 16
 * a 4 x 4 with boxes of 2 x 2.  A line may also hold a whole solution,
 * so the format carries values.  Lines starting with '#' are comments,
 * as in many collections of puzzles.  doc/FORMAT.md §20 gives the
 * details.
 */
#include <stdio.h>
#include <string.h>

#include "format/format.h"

/* The shapes a line can have: its length, and the boxes of the grid. */
static const struct shape {
	int size, box_rows, box_cols;
} shapes[] = {{4, 2, 2}, {6, 2, 3}, {9, 3, 3}};

#define NSHAPES ((int)(sizeof(shapes) / sizeof(shapes[0])))

static const struct shape *shape_of_length(size_t len)
{
	for (int i = 0; i < NSHAPES; i++)
		if ((size_t)shapes[i].size * (size_t)shapes[i].size == len)
			return &shapes[i];
	return NULL;
}

static const struct shape *shape_of_puzzle(const cdok_puzzle *p)
{
	for (int i = 0; i < NSHAPES; i++)
		if (shapes[i].size == p->size &&
		    shapes[i].box_rows == p->box_rows &&
		    shapes[i].box_cols == p->box_cols)
			return &shapes[i];
	return NULL;
}

static bool is_cell_char(char c)
{
	return c == '.' || cdki_text_is_digit(c);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* The next line with a puzzle from *pos (blank and comment lines are
 * skipped, counting *line).  CDOK_END after the last one. */
static cdok_status next_puzzle_line(const struct cdok_reader *r, size_t *pos,
				    int *line, struct text_line *l,
				    cdok_error *err)
{
	bool any = false;

	while (*pos < r->len) {
		size_t s, e;

		cdki_text_line_at(r->text, r->len, *pos, l);
		cdki_text_trim(r->text, l, &s, &e);
		if (s < e && r->text[s] != '#')
			return CDOK_OK;
		any = any || s < e;
		*pos = l->next;
		(*line)++;
	}
	if (r->index > 0 || any)
		return CDOK_END;
	return cdki_fail(err, CDOK_ERR_SYNTAX, 0, 0, "no Sudoku found: the "
			 "input is %s", r->len ? "blank" : "empty");
}

cdok_status cdki_sudoku_read(struct cdok_reader *r, cdok_puzzle **out,
			     cdok_error *err)
{
	const struct shape *sh;
	struct text_line l;
	size_t pos = r->pos, s, e;
	int line = r->line;
	cdok_puzzle *p;
	cdok_status st;

	st = next_puzzle_line(r, &pos, &line, &l, err);
	if (st != CDOK_OK)
		return st;
	cdki_text_trim(r->text, &l, &s, &e);
	for (size_t i = s; i < e; i++)
		if (!is_cell_char(r->text[i]))
			return cdki_text_bad_byte(err, line,
						  (int)(i - l.start) + 1,
						  (unsigned char)r->text[i],
						  "in a Sudoku line (digits "
						  "for givens, '.' or 0 for "
						  "empty cells)");
	sh = shape_of_length(e - s);
	if (!sh)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 (int)(s - l.start) + 1, "a Sudoku line has "
				 "16, 36 or 81 cells (4 x 4, 6 x 6 or 9 x 9); "
				 "this one has %zu", e - s);
	for (size_t i = s; i < e; i++)
		if (r->text[i] != '.' && r->text[i] - '0' > sh->size)
			return cdki_fail(err, CDOK_ERR_INVALID, line,
					 (int)(i - l.start) + 1, "given value "
					 "%c is outside 1..%d", r->text[i],
					 sh->size);
	p = cdok_puzzle_new(sh->size);
	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	cdok_puzzle_set_boxes(p, sh->box_rows, sh->box_cols);
	for (size_t i = s; i < e; i++) {
		char c = r->text[i];

		if (c != '.' && c != '0')
			p->given[i - s] = c - '0';
	}
	return cdki_id_line_done(r, &l, line, p, CDOK_OK, out);
}

/* The first line that is not blank or a comment is a line of 16, 36 or
 * 81 digits and dots.  (A grid row of a spec has blanks between its
 * cells; no other format's first line is digits and dots alone.) */
enum cdok_likeness cdki_sudoku_detect(const char *text, size_t len)
{
	size_t pos = 0;

	while (pos < len) {
		struct text_line l;
		size_t s, e;

		cdki_text_line_at(text, len, pos, &l);
		cdki_text_trim(text, &l, &s, &e);
		pos = l.next;
		if (s == e || text[s] == '#')
			continue;
		if (!shape_of_length(e - s))
			return CDOK_UNLIKE;
		for (size_t i = s; i < e; i++)
			if (!is_cell_char(text[i]))
				return CDOK_UNLIKE;
		return CDOK_LIKELY;
	}
	return CDOK_UNLIKE;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

static cdok_status check_writable(const cdok_puzzle *p, cdok_error *err)
{
	if (p->ncages > 0)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle has cages; a Sudoku line holds "
				 "only givens (write a Killer Sudoku as solo, "
				 "killer or spec)");
	if (cdok_is_nylimb(p))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is in Nylimb mode, which a "
				 "Sudoku line cannot say");
	if (cdki_has_diagonals(p))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle's diagonals hold every value "
				 "too (Sudoku X), which a Sudoku line cannot "
				 "say (write it as solo or spec)");
	if (!shape_of_puzzle(p)) {
		if (!p->box_rows)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the puzzle has no boxes; a Sudoku "
					 "line is a Sudoku, with boxes");
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is %d x %d with boxes of %d x "
				 "%d; a Sudoku line is a 4 x 4 (boxes 2 x 2), "
				 "6 x 6 (2 x 3) or 9 x 9 (3 x 3)", p->size,
				 p->size, p->box_rows, p->box_cols);
	}
	return CDOK_OK;
}

cdok_status cdki_sudoku_write(struct strbuf *sb, const cdok_puzzle *p,
			      const int *values, cdok_error *err)
{
	char row[9 * 9 + 1];
	int n = p->size;
	cdok_status st = check_writable(p, err);

	if (st != CDOK_OK)
		return st;
	for (int c = 0; c < n * n; c++) {
		int v = values && cdok_is_value(p, values[c]) ? values[c]
			: cdok_has_given(p, c) ? p->given[c] : 0;

		if (v < 0 || v > n)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cell at row %d, column %d has the "
					 "value %d, outside 1..%d", c / n + 1,
					 c % n + 1, v, n);
		row[c] = v ? (char)('0' + v) : '.';
	}
	row[n * n] = '\n';
	sb_putn(sb, row, (size_t)n * (size_t)n + 1);
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Generating for the line                                             */

cdok_status cdki_sudoku_fit(cdok_gen_params *par, cdok_error *err)
{
	if (!par->sudoku)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "a Sudoku line holds a plain Sudoku "
				 "(--sudoku), with givens and no cages");
	for (int i = 0; i < NSHAPES; i++)
		if (shapes[i].size == par->size &&
		    ((!par->box_rows && !par->box_cols) ||
		     (shapes[i].box_rows == par->box_rows &&
		      shapes[i].box_cols == par->box_cols))) {
			par->box_rows = shapes[i].box_rows;
			par->box_cols = shapes[i].box_cols;
			return CDOK_OK;
		}
	if (par->box_rows || par->box_cols)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "a Sudoku line is a 4 x 4 (boxes 2 x 2), 6 x "
				 "6 (2 x 3) or 9 x 9 (3 x 3); the puzzles "
				 "asked for are %d x %d with boxes of %d x %d",
				 par->size, par->size, par->box_rows,
				 par->box_cols);
	return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
			 "a Sudoku line is a 4 x 4 (boxes 2 x 2), 6 x 6 (2 x "
			 "3) or 9 x 9 (3 x 3); the size asked is %d",
			 par->size);
}
