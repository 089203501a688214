/* spec_directives.c -- the lines starting with '@' above a spec's grid:
 * the rules the original format has no words for (Killer Sudoku's boxes,
 * cages whose values must differ, Killer X diagonals, Nylimb mode, the
 * two-cell rule for -
 * and / cages), read into a struct spec_directives and applied to the
 * puzzle once its grid is built.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/spec.h"

/* A grid has at most this many cages, so no more labels can be worth
 * naming; the limit keeps a hostile line from costing memory. */
#define DLABELS_MAX (CDOK_MAX_SIZE * CDOK_MAX_SIZE)

bool cdki_spec_is_directive(const char *text, size_t start, size_t end)
{
	start = cdki_text_skip_blanks(text, start, end);
	return start < end && text[start] == '@';
}

void cdki_spec_directives_free(struct spec_directives *ds)
{
	free(ds->labels);
	memset(ds, 0, sizeof(*ds));
}

/* One number of a box's shape at text[*i] (a digit), at most the largest
 * grid's size. */
static cdok_status box_number(const char *text, size_t *i, size_t start,
			      size_t end, int line, const char *what,
			      int64_t *value, cdok_error *err)
{
	return cdki_text_number(text, i, end, CDOK_MAX_SIZE, value, line,
				start, what, err);
}

/* "@boxes RxC": the shape from text[i] on. */
static cdok_status read_boxes(const char *text, size_t i, size_t start,
			      size_t end, int line, struct spec_directives *ds,
			      cdok_error *err)
{
	const char *what = "where the shape of a box (rows x columns, as "
			   "in @boxes 3x3) was expected";
	int shape_col;
	int64_t rows, cols;
	cdok_status st;

	i = cdki_text_skip_blanks(text, i, end);
	if (i >= end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 (int)(i - start) + 1, "@boxes needs the "
				 "shape of a box, rows x columns, as in "
				 "@boxes 3x3");
	if (!cdki_text_is_digit(text[i]))
		return cdki_text_stray(text, i, start, line, what, err);
	shape_col = (int)(i - start) + 1;
	st = box_number(text, &i, start, end, line,
			"the number of rows of a box", &rows, err);
	if (st != CDOK_OK)
		return st;
	if (i >= end || text[i] != 'x' || i + 1 >= end ||
	    !cdki_text_is_digit(text[i + 1])) {
		if (i < end && text[i] == 'x')
			i++;
		if (i >= end)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line,
					 (int)(i - start) + 1, "@boxes needs "
					 "rows x columns, as in @boxes 3x3");
		return cdki_text_stray(text, i, start, line, what, err);
	}
	i++;
	st = box_number(text, &i, start, end, line,
			"the number of columns of a box", &cols, err);
	if (st != CDOK_OK)
		return st;
	i = cdki_text_skip_blanks(text, i, end);
	if (i < end)
		return cdki_text_stray(text, i, start, line,
				       "after the shape of a box", err);
	ds->boxes_line = line;
	ds->boxes_column = shape_col;
	ds->box_rows = rows;
	ds->box_cols = cols;
	return CDOK_OK;
}

/* Room for one more label in ds. */
static cdok_status grow_labels(struct spec_directives *ds, int line, int col,
			       cdok_error *err)
{
	int cap = ds->cap ? 2 * ds->cap : 16;
	struct spec_dlabel *more;

	if (ds->nlabels == DLABELS_MAX)
		return cdki_fail(err, CDOK_ERR_LIMIT, line, col, "more than "
				 "%d labels in @distinct; no grid has more "
				 "cages", DLABELS_MAX);
	if (ds->nlabels < ds->cap)
		return CDOK_OK;
	more = cdok_realloc(ds->labels, (size_t)cap * sizeof(*more));
	if (!more)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	ds->labels = more;
	ds->cap = cap;
	return CDOK_OK;
}

/* "@distinct" and the labels after it, from text[i] on; none means
 * every cage. */
static cdok_status read_distinct(const char *text, size_t i, size_t start,
				 size_t end, int line,
				 struct spec_directives *ds, cdok_error *err)
{
	const char *what = "in @distinct (cage labels separated by spaces)";
	bool any = false;

	for (;;) {
		struct spec_dlabel *l;
		size_t j;
		cdok_status st;

		i = cdki_text_skip_blanks(text, i, end);
		if (i >= end)
			break;
		if (!cdki_text_is_letter(text[i]))
			return cdki_text_stray(text, i, start, line, what, err);
		for (j = i; j < end && cdki_text_is_letter(text[j]) &&
		     j - i <= CDOK_LABEL_MAX; j++)
			;
		if (j - i > CDOK_LABEL_MAX)
			return cdki_fail(err, CDOK_ERR_LIMIT, line,
					 (int)(i - start) + 1, "label is "
					 "longer than %d letters",
					 CDOK_LABEL_MAX);
		if (j < end && !cdki_text_is_blank(text[j]))
			return cdki_text_stray(text, j, start, line, what, err);
		st = grow_labels(ds, line, (int)(i - start) + 1, err);
		if (st != CDOK_OK)
			return st;
		l = &ds->labels[ds->nlabels++];
		memcpy(l->label, text + i, j - i);
		l->label[j - i] = '\0';
		l->line = line;
		l->column = (int)(i - start) + 1;
		any = true;
		i = j;
	}
	if (!any)
		ds->distinct_all = true;
	return CDOK_OK;
}

/* A directive that takes nothing (@nylimb, @two-cell), named name, whose
 * word ends at text[i]; *at_line and *at_col record where it is (the
 * line is 0 while there is none). */
static cdok_status read_flag(const char *text, size_t i, size_t start,
			     size_t end, int line, int col, const char *name,
			     int *at_line, int *at_col, cdok_error *err)
{
	char where[48];

	i = cdki_text_skip_blanks(text, i, end);
	if (i < end) {
		snprintf(where, sizeof(where), "after @%s (it takes nothing)",
			 name);
		return cdki_text_stray(text, i, start, line, where, err);
	}
	if (*at_line)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, col, "a second "
				 "@%s directive (the first is on line %d)",
				 name, *at_line);
	*at_line = line;
	*at_col = col;
	return CDOK_OK;
}

/* Whether the word of len bytes at text[at + 1] is name. */
static bool is_word(const char *text, size_t at, size_t len,
		    const char *name)
{
	return len == strlen(name) && !memcmp(text + at + 1, name, len);
}

cdok_status cdki_spec_read_directive(const char *text, size_t start,
				     size_t end, int line,
				     struct spec_directives *ds,
				     cdok_error *err)
{
	size_t at = cdki_text_skip_blanks(text, start, end), i = at + 1;
	int col = (int)(at - start) + 1;
	size_t len;

	while (i < end && (cdki_text_is_letter(text[i]) || text[i] == '-') &&
	       i - at <= 16)
		i++;
	len = i - at - 1;
	if (len == 0)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, col, "expected "
				 "a directive after '@': @boxes, "
				 "@distinct, @diagonals, @nylimb or "
				 "@two-cell");
	if (is_word(text, at, len, "boxes")) {
		if (i < end && !cdki_text_is_blank(text[i]))
			return cdki_text_stray(text, i, start, line,
					       "after @boxes (a space, then "
					       "the shape of a box)", err);
		if (ds->boxes_line)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "a second @boxes directive (the "
					 "first is on line %d)",
					 ds->boxes_line);
		return read_boxes(text, i, start, end, line, ds, err);
	}
	if (is_word(text, at, len, "distinct")) {
		if (i < end && !cdki_text_is_blank(text[i]))
			return cdki_text_stray(text, i, start, line,
					       "after @distinct (a space, then "
					       "cage labels, or nothing)", err);
		return read_distinct(text, i, start, end, line, ds, err);
	}
	if (is_word(text, at, len, "nylimb"))
		return read_flag(text, i, start, end, line, col, "nylimb",
				 &ds->nylimb_line, &ds->nylimb_column, err);
	if (is_word(text, at, len, "two-cell"))
		return read_flag(text, i, start, end, line, col, "two-cell",
				 &ds->two_cell_line, &ds->two_cell_column,
				 err);
	if (is_word(text, at, len, "diagonals"))
		return read_flag(text, i, start, end, line, col, "diagonals",
				 &ds->diagonals_line, &ds->diagonals_column,
				 err);
	return cdki_fail(err, CDOK_ERR_SYNTAX, line, col, "unknown "
			 "directive @%.*s; cdok knows @boxes, @distinct, "
			 "@diagonals, @nylimb and @two-cell",
			 (int)(len > 16 ? 16 : len), text + at + 1);
}

/* The boxes @boxes names must tile the grid, and be more than whole
 * rows or columns. */
static cdok_status apply_boxes(const struct spec_directives *ds,
			       cdok_puzzle *p, cdok_error *err)
{
	int n = p->size;

	if (ds->box_rows < 1 || ds->box_cols < 1 ||
	    ds->box_rows * ds->box_cols != n)
		return cdki_fail(err, CDOK_ERR_INVALID, ds->boxes_line,
				 ds->boxes_column, "boxes of %" PRId64 "x%"
				 PRId64 " do not tile the %d x %d grid: a box "
				 "must have %d cells", ds->box_rows,
				 ds->box_cols, n, n, n);
	if (ds->box_rows < 2 || ds->box_cols < 2)
		return cdki_fail(err, CDOK_ERR_INVALID, ds->boxes_line,
				 ds->boxes_column, "boxes of %" PRId64 "x%"
				 PRId64 " are whole rows or columns: a box "
				 "needs at least 2 rows and 2 columns",
				 ds->box_rows, ds->box_cols);
	cdok_puzzle_set_boxes(p, (int)ds->box_rows, (int)ds->box_cols);
	return CDOK_OK;
}

/* The cages @distinct names by label must be in the grid. */
static cdok_status apply_distinct_labels(const struct spec_directives *ds,
					 cdok_puzzle *p, cdok_error *err)
{
	struct spec_labels labels;
	cdok_status st;

	st = cdki_spec_labels_init(&labels, (size_t)p->ncages, err);
	if (st != CDOK_OK)
		return st;
	for (int k = 0; k < p->ncages; k++)
		cdki_spec_labels_add(&labels, p->cages[k].label, k);
	for (int i = 0; i < ds->nlabels && st == CDOK_OK; i++) {
		const struct spec_dlabel *l = &ds->labels[i];
		int k = cdki_spec_labels_find(&labels, l->label);

		if (k < 0)
			st = cdki_fail(err, CDOK_ERR_INVALID, l->line,
				       l->column, "@distinct names cage %s, "
				       "but the grid has no cage %s",
				       l->label, l->label);
		else
			p->cages[k].distinct = true;
	}
	cdki_spec_labels_free(&labels);
	return st;
}

cdok_status cdki_spec_apply_directives(const struct spec_directives *ds,
				       cdok_puzzle *p, cdok_error *err)
{
	if (ds->nylimb_line && ds->boxes_line)
		return cdki_fail(err, CDOK_ERR_INVALID, ds->boxes_line,
				 ds->boxes_column, "@boxes and @nylimb do not "
				 "go together: Nylimb lines hold digits, not "
				 "every value once");
	if (ds->boxes_line) {
		cdok_status st = apply_boxes(ds, p, err);

		if (st != CDOK_OK)
			return st;
	}
	/* Killer X and Sudoku X: the diagonals are units of a grid with
	 * boxes. */
	if (ds->diagonals_line &&
	    cdok_puzzle_set_rules(p, p->rules | CDOK_RULE_DIAGONALS) !=
	    CDOK_OK)
		return cdki_fail(err, CDOK_ERR_INVALID, ds->diagonals_line,
				 ds->diagonals_column, "@diagonals needs "
				 "@boxes: the diagonals are a Sudoku's rule "
				 "(Killer X, Sudoku X)");
	if (ds->nylimb_line &&
	    cdok_puzzle_set_rules(p, p->rules | CDOK_RULE_NYLIMB) != CDOK_OK)
		return cdki_fail(err, CDOK_ERR_INVALID, ds->nylimb_line,
				 ds->nylimb_column, "Nylimb mode needs a grid "
				 "of at most %d x %d; this one is %d x %d",
				 CDOK_NYLIMB_MAX_SIZE, CDOK_NYLIMB_MAX_SIZE,
				 p->size, p->size);
	if (ds->two_cell_line) {
		cdok_error why;

		p->rules |= CDOK_RULE_TWO_CELL;
		/* A shown - or / cage of three or more cells breaks the
		 * rule the directive states. */
		if (cdok_puzzle_validate(p, &why) != CDOK_OK)
			return cdki_fail(err, CDOK_ERR_INVALID,
					 ds->two_cell_line,
					 ds->two_cell_column, "@two-cell: %s",
					 why.message);
	}
	if (ds->distinct_all)
		for (int k = 0; k < p->ncages; k++)
			p->cages[k].distinct = true;
	if (!ds->nlabels)
		return CDOK_OK;
	return apply_distinct_labels(ds, p, err);
}
