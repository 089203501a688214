/* state.c -- states of play (doc/FORMAT.md, "States"): a grid in the
 * layout of the corpus's .sol files, with '.' or 0 for an empty cell and
 * optional pencil marks in braces, as `cdok hint` reads and writes them.
 *
 *     5 . {24} 1
 *     . {123} 4 .
 *
 * Lines starting with '#' or '@' before the grid are skipped (hint
 * --apply starts its output with the step as a '#' line); a text with
 * nothing else is the empty grid.  In a grid of
 * size 9 or less every digit is a cell of its own, so rows may be
 * written without spaces ("5.{24}1") and marks as runs of digits
 * ("{24}"); in larger grids numbers are separated by spaces, and marks
 * by commas or spaces ("{2,11}").
 */
#include <string.h>

#include "format/format.h"

#define BIT(v) ((uint64_t)1 << (v))

/* The number at text[*i] (a digit): one digit in a grid of size 9 or
 * less (small), else the digits up to the next non-digit; what names it
 * in messages. */
static cdok_status read_number(const char *text, size_t *i, size_t e,
			       const struct text_line *l, int line,
			       bool small, const char *what, int64_t *v,
			       cdok_error *err)
{
	if (!small)
		return cdki_text_number(text, i, e, 1000000, v, line,
					l->start, what, err);
	*v = text[(*i)++] - '0';
	return CDOK_OK;
}

/* Pencil marks from text[*pos] == '{' to the closing brace. */
static cdok_status read_marks(const char *text, size_t *pos, size_t e,
			      const struct text_line *l, int line, int size,
			      uint64_t *marks, cdok_error *err)
{
	size_t i = *pos + 1;
	bool small = size <= 9;

	*marks = 0;
	for (;;) {
		int col = (int)(i - l->start) + 1;
		int64_t v;
		cdok_status st;

		while (i < e && (cdki_text_is_blank(text[i]) || text[i] == ','))
			i++;
		if (i >= e)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line,
					 (int)(*pos - l->start) + 1,
					 "pencil marks opened with '{' are not "
					 "closed with '}' on this line");
		if (text[i] == '}')
			break;
		if (!cdki_text_is_digit(text[i]))
			return cdki_text_bad_char(err, line, col, text, i, e,
						  "in pencil marks (values "
						  "between '{' and '}')");
		st = read_number(text, &i, e, l, line, small, "the pencil mark",
				 &v, err);
		if (st != CDOK_OK)
			return st;
		if (v < 1 || v > size)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "the pencil mark %lld is outside 1..%d",
					 (long long)v, size);
		*marks |= BIT(v);
	}
	if (!*marks)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 (int)(*pos - l->start) + 1,
				 "empty pencil marks '{}': a cell with marks "
				 "needs at least one candidate");
	*pos = i + 1;
	return CDOK_OK;
}

static cdok_status read_row(const char *text, const struct text_line *l,
			    int line, int y, int size, int *values,
			    uint64_t *candidates, cdok_error *err)
{
	size_t i = l->start, e = l->end;
	bool small = size <= 9;
	int x = 0;

	for (;;) {
		int col, cell = y * size + x;
		int64_t v = 0;
		uint64_t marks = 0;
		cdok_status st;

		i = cdki_text_skip_blanks(text, i, e);
		if (i >= e)
			break;
		col = (int)(i - l->start) + 1;
		if (x == size)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "row %d has more than %d cells", y + 1,
					 size);
		if (text[i] == '.') {
			i++;
		} else if (text[i] == '{') {
			if (!candidates)
				return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
						 "pencil marks ('{...}') are "
						 "not accepted here");
			st = read_marks(text, &i, e, l, line, size, &marks,
					err);
			if (st != CDOK_OK)
				return st;
		} else if (cdki_text_is_digit(text[i])) {
			st = read_number(text, &i, e, l, line, small,
					 "the value", &v, err);
			if (st != CDOK_OK)
				return st;
			if (!small && i < e && !cdki_text_is_blank(text[i]))
				return cdki_text_stray(text, i, e, l->start, line,
						       "after a value (values "
						       "are separated by "
						       "spaces)", err);
			if (v > size)
				return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
						 "the value %lld is outside "
						 "1..%d", (long long)v, size);
		} else {
			return cdki_text_bad_char(err, line, col, text, i, e,
						  "in a row of the state "
						  "(values, '.' or pencil "
						  "marks in '{}')");
		}
		values[cell] = v ? (int)v : CDOK_NONE;
		if (candidates)
			candidates[cell] = marks;
		x++;
	}
	if (x < size)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 (int)(e - l->start) + 1,
				 "row %d has %d cells, but the grid is %d x %d",
				 y + 1, x, size, size);
	return CDOK_OK;
}

/* What state_row fills. */
struct state_rows {
	int size;
	int *values;
	uint64_t *candidates;
};

static cdok_status state_row(void *ctx, const char *text,
			     const struct text_line *l, int line, int y,
			     cdok_error *err)
{
	struct state_rows *g = ctx;

	return read_row(text, l, line, y, g->size, g->values, g->candidates,
			err);
}

cdok_status cdok_read_state(const char *text, size_t len, int size,
			    int *values, uint64_t *candidates,
			    cdok_error *err)
{
	struct state_rows g = {size, values, candidates};
	size_t pos;
	int line = 1;

	if (size < 1 || size > CDOK_MAX_SIZE || !values || (!text && len))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_read_state needs a size of 1..%d and "
				 "room for the values", CDOK_MAX_SIZE);
	/* A byte-order mark (a state saved by some Windows editors) is no
	 * part of the state, as in every other reader; nor are blank
	 * lines, directives and comments before the grid. */
	pos = cdki_text_skip_preamble(text, len, "@#", &line);
	/* Nothing but comments: the empty grid, where play starts. */
	if (pos >= len) {
		for (int i = 0; i < size * size; i++) {
			values[i] = CDOK_NONE;
			if (candidates)
				candidates[i] = 0;
		}
		return CDOK_OK;
	}
	return cdki_text_grid_rows(text, len, pos, line, size, state_row, &g,
				   err);
}

cdok_status cdok_write_state(int size, const int *values,
			     const uint64_t *candidates, char **out,
			     size_t *len, cdok_error *err)
{
	struct strbuf sb;

	if (!out || !values || size < 1 || size > CDOK_MAX_SIZE)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "cdok_write_state needs a size of 1..%d, "
				 "values and somewhere to put the text",
				 CDOK_MAX_SIZE);
	*out = NULL;
	cdki_sb_init(&sb);
	for (int y = 0; y < size; y++) {
		for (int x = 0; x < size; x++) {
			int cell = y * size + x, v = values[cell];
			uint64_t m = candidates ? candidates[cell] : 0;

			if (x)
				sb_putc(&sb, ' ');
			if (v > 0 && v <= size) {
				cdki_sb_printf(&sb, "%d", v);
				continue;
			}
			m &= size == 63 ? ~(uint64_t)1 : (BIT(size) - 1) << 1;
			if (!m) {
				sb_putc(&sb, '.');
				continue;
			}
			sb_putc(&sb, '{');
			for (uint64_t a = m; a; a &= a - 1)
				cdki_sb_printf(&sb, "%s%d", size > 9 && a != m ?
					       "," : "", __builtin_ctzll(a));
			sb_putc(&sb, '}');
		}
		sb_putc(&sb, '\n');
	}
	if (sb.failed) {
		cdki_sb_free(&sb);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	*out = sb.data;
	if (len)
		*len = sb.len;
	return CDOK_OK;
}
