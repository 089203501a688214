/* grid.c -- reading a proposed solution: rows of numbers, as in the
 * corpus's .sol files, a solved spec, or (for small grids) rows of
 * digits like the UCF answers.
 */
#include <string.h>

#include "format/format.h"

/* Larger numbers are not values of any grid; the cap keeps a run of
 * digits from overflowing. */
#define GRID_VALUE_MAX 1000000

/* Read row y (the content of line l) into values[y*size...]. */
static cdok_status read_row(const char *text, const struct text_line *l,
			    int line, int y, int size, int *values,
			    cdok_error *err)
{
	size_t i = l->start, e = l->end;
	int x = 0;

	i = cdki_text_skip_blanks(text, i, e);
	while (e > i && cdki_text_is_blank(text[e - 1]))
		e--;
	/* One run of exactly size digits in a small grid: the contest's
	 * answer rows, "543162". */
	if (size > 1 && size <= 9 && e - i == (size_t)size) {
		size_t j;

		for (j = i; j < e && cdki_text_is_digit(text[j]); j++)
			;
		if (j == e) {
			for (int k = 0; k < size; k++)
				values[y * size + k] = text[i + (size_t)k] -
						       '0';
			return CDOK_OK;
		}
	}
	while (i < e) {
		int col = (int)(i - l->start) + 1;
		int64_t v;
		cdok_status st;

		if (x == size)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "row %d has more than %d values",
					 y + 1, size);
		if (text[i] == '.') {
			v = CDOK_NONE;
			i++;
		} else if (cdki_text_is_digit(text[i])) {
			st = cdki_text_number(text, &i, e, GRID_VALUE_MAX, &v,
					      line, l->start, "the value", err);
			if (st != CDOK_OK)
				return st;
		} else {
			return cdki_text_bad_char(err, line, col, text, i, e,
						  "in a row of the grid "
						  "(numbers separated by "
						  "spaces)");
		}
		if (i < e && !cdki_text_is_blank(text[i]))
			return cdki_text_bad_char(err, line,
						  (int)(i - l->start) + 1,
						  text, i, e,
						  "after a value");
		values[y * size + x++] = (int)v;
		i = cdki_text_skip_blanks(text, i, e);
	}
	if (x < size)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 (int)(e - l->start) + 1,
				 "row %d has %d value%s, but the grid is "
				 "%d x %d", y + 1, x, text_s(x), size, size);
	return CDOK_OK;
}

/* What grid_row fills. */
struct grid_rows {
	int size;
	int *values;
};

static cdok_status grid_row(void *ctx, const char *text,
			    const struct text_line *l, int line, int y,
			    cdok_error *err)
{
	struct grid_rows *g = ctx;

	return read_row(text, l, line, y, g->size, g->values, err);
}

cdok_status cdok_read_grid(const char *text, size_t len, int size,
			   int *values, cdok_error *err)
{
	struct grid_rows g = {size, values};
	size_t pos;
	int line = 1;

	if (size < 1 || size > CDOK_MAX_SIZE || !values || (!text && len))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_read_grid needs a size of 1..%d and "
				 "room for the values", CDOK_MAX_SIZE);
	/* A byte-order mark, blank lines before the grid and a solved
	 * spec's directives (@nylimb) are skipped. */
	pos = cdki_text_skip_preamble(text, len, "@", &line);
	if (pos >= len)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, 1,
				 "no grid found: the input %s", len == 0 ?
				 "is empty" : "holds only white space");
	return cdki_text_grid_rows(text, len, pos, line, size, grid_row, &g,
				   err);
}
