/* text.c -- the small pieces of text scanning that every line-based
 * reader needs: finding lines, skipping blanks, reading numbers with a
 * limit (chars.c names a stray character).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"

size_t cdki_text_bom(const char *text, size_t len)
{
	return len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3) ? 3 : 0;
}

cdok_status cdki_text_grid_rows(const char *text, size_t len, size_t pos,
				int line, int size, text_row_fn row, void *ctx,
				cdok_error *err)
{
	struct text_line l;

	for (int y = 0; y < size; y++, line++) {
		cdok_status st;

		if (pos < len)
			cdki_text_line_at(text, len, pos, &l);
		if (pos >= len || cdki_text_span_blank(text, l.start, l.end))
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, 1,
					 "the grid has %d row%s, but the puzzle "
					 "is %d x %d", y, text_s(y), size, size);
		st = row(ctx, text, &l, line, y, err);
		if (st != CDOK_OK)
			return st;
		pos = l.next;
	}
	/* The grid ends at a blank line or the end of the text; a further
	 * row means the grid does not fit the puzzle. */
	if (pos < len) {
		cdki_text_line_at(text, len, pos, &l);
		if (!cdki_text_span_blank(text, l.start, l.end))
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, 1,
					 "the grid has more than %d rows, but "
					 "the puzzle is %d x %d", size, size,
					 size);
	}
	return CDOK_OK;
}

bool cdki_text_span_blank(const char *text, size_t start, size_t end)
{
	for (size_t i = start; i < end; i++)
		if (!cdki_text_is_blank(text[i]))
			return false;
	return true;
}

cdok_status cdki_text_number(const char *text, size_t *pos, size_t end,
			     int64_t max, int64_t *value, int line,
			     size_t line_start, const char *what,
			     cdok_error *err)
{
	if (!cdki_text_digits(text, pos, end, max, value))
		return cdki_fail(err, CDOK_ERR_LIMIT, line,
				 (int)(*pos - line_start) + 1,
				 "%s is larger than %" PRId64, what, max);
	return CDOK_OK;
}


int cdki_text_end_column(const char *text, size_t len)
{
	size_t ls = len;

	if (len == 0 || text[len - 1] == '\n')
		return 1;
	while (ls > 0 && text[ls - 1] != '\n')
		ls--;
	return (int)(len - ls) + 1;
}

cdok_status cdki_refuse_variant_rules(const cdok_puzzle *p, const char *what,
				     cdok_error *err)
{
	char name[96];

	if (cdok_is_nylimb(p))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is in Nylimb mode (values 0..99, "
				 "digits that differ along each line); %s "
				 "cannot express that", what);
	if (p->box_rows)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle has boxes of %d x %d cells, each "
				 "holding every value once (Killer Sudoku); "
				 "%s cannot express them", p->box_rows,
				 p->box_cols, what);
	for (int k = 0; k < p->ncages; k++) {
		/* A one-cell cage is its target whatever the operator. */
		if (p->cages[k].op != CDOK_OP_ANY || p->cages[k].ncells < 2)
			continue;
		cdki_cage_name(p, k, name, sizeof(name));
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the clue of %s shows its target only (a "
				 "hidden operator); %s has an operator in "
				 "every clue", name, what);
	}
	for (int k = 0; k < p->ncages; k++) {
		/* One cell differs from nothing: that flag changes no
		 * solution, so it need not be said. */
		if (!p->cages[k].distinct || p->cages[k].ncells < 2)
			continue;
		cdki_cage_name(p, k, name, sizeof(name));
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the values of %s must all differ (Killer "
				 "Sudoku); %s cannot express that", name,
				 what);
	}
	return CDOK_OK;
}

cdok_status cdki_text_next_id_line(const struct cdok_reader *r, size_t *pos,
				   int *line, struct text_line *l,
				   cdok_error *err)
{
	for (;;) {
		if (*pos >= r->len) {
			if (r->index > 0)
				return CDOK_END;
			return cdki_text_none(r, *line, 1, "no game ID found",
					      err);
		}
		cdki_text_line_at(r->text, r->len, *pos, l);
		if (!cdki_text_span_blank(r->text, l->start, l->end))
			return CDOK_OK;
		*pos = l->next;
		(*line)++;
	}
}

void cdki_text_trim(const char *text, const struct text_line *l,
		    size_t *start, size_t *end)
{
	size_t s = cdki_text_skip_blanks(text, l->start, l->end), e = l->end;

	while (e > s && cdki_text_is_blank(text[e - 1]))
		e--;
	*start = s;
	*end = e;
}

cdok_status cdki_id_line_read(const struct cdok_reader *r,
			      struct text_line *l, struct cdki_id_line *k,
			      size_t *start, size_t *end, cdok_error *err)
{
	size_t pos = r->pos;
	int line = r->line;
	cdok_status st = cdki_text_next_id_line(r, &pos, &line, l, err);

	if (st != CDOK_OK)
		return st;
	k->text = r->text;
	k->start = l->start;
	k->line = line;
	cdki_text_trim(r->text, l, start, end);
	return CDOK_OK;
}

cdok_status cdki_id_line_done(struct cdok_reader *r,
			      const struct text_line *l, int line,
			      cdok_puzzle *p, cdok_status st,
			      cdok_puzzle **out)
{
	if (st != CDOK_OK) {
		cdok_puzzle_free(p);
		return st;
	}
	*out = p;
	r->pos = l->next;
	r->line = line + 1;
	r->line_start = l->next;
	return CDOK_OK;
}

struct cdki_cursor cdki_cursor_at(const struct cdok_reader *r)
{
	struct cdki_cursor c = {r->text, r->len, r->pos, r->line};

	return c;
}

bool cdki_cursor_next_line(struct cdki_cursor *c, struct text_line *l)
{
	while (c->pos < c->len) {
		cdki_text_line_at(c->text, c->len, c->pos, l);
		if (!cdki_text_span_blank(c->text, l->start, l->end))
			return true;
		cdki_cursor_skip(c, l);
	}
	return false;
}

void cdki_cursor_skip(struct cdki_cursor *c, const struct text_line *l)
{
	c->pos = l->next;
	c->line++;
}

void cdki_cursor_end(const struct cdki_cursor *c, int *line, int *col)
{
	/* A cursor past the whole text has counted its last line as left
	 * behind; without a final newline the end is on that line. */
	bool unended = c->len > 0 && c->text[c->len - 1] != '\n';

	*line = unended && c->pos >= c->len ? c->line - 1 : c->line;
	*col = cdki_text_end_column(c->text, c->len);
}

void cdki_reader_to(struct cdok_reader *r, const struct cdki_cursor *c)
{
	r->pos = c->pos;
	r->line = c->line;
	r->line_start = c->pos;
}

cdok_status cdki_text_none(const struct cdok_reader *r, int line,
			   int column, const char *what, cdok_error *err)
{
	return cdki_fail(err, CDOK_ERR_SYNTAX, line, column, "%s: the input "
			 "%s", what, r->len == 0 ? "is empty"
			 : "holds only white space");
}

size_t cdki_text_skip_digits(const char *text, size_t i, size_t end)
{
	while (i < end && cdki_text_is_digit(text[i]))
		i++;
	return i;
}

bool cdki_text_next_filled(const char *text, size_t len, size_t pos,
			   struct text_line *l, int *skipped)
{
	*skipped = 0;
	for (; pos < len; pos = l->next, ++*skipped) {
		cdki_text_line_at(text, len, pos, l);
		if (!cdki_text_span_blank(text, l->start, l->end))
			return true;
	}
	return false;
}

cdok_status cdki_check_answer(const cdok_puzzle *p, const int *values,
			      cdok_error *err)
{
	int n = p->size;

	for (int cell = 0; cell < n * n; cell++)
		if (values[cell] < 1 || values[cell] > n)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cell at row %d, column %d has the "
					 "value %d; an answer has 1..%d in "
					 "every cell", cell / n + 1,
					 cell % n + 1, values[cell], n);
	return CDOK_OK;
}

cdok_status cdki_fit_plain(const cdok_gen_params *par, const char *holds,
			   cdok_error *err)
{
	if (par->killer || par->rules || par->hide_ops)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "%s a plain Calcudoku: no %s", holds,
				 par->killer ? "Killer boxes" :
				 par->rules ? "Nylimb rules" :
				 "hidden operators");
	return CDOK_OK;
}

cdok_status cdki_text_stray(const char *text, size_t i, size_t end,
			    size_t line_start, int line, const char *where,
			    cdok_error *err)
{
	return cdki_text_bad_char(err, line, (int)(i - line_start) + 1, text,
				  i, end, where);
}

size_t cdki_text_skip_preamble(const char *text, size_t len,
			       const char *skip, int *line)
{
	size_t pos = text ? cdki_text_bom(text, len) : 0;

	while (pos < len) {
		struct text_line l;
		size_t first;

		cdki_text_line_at(text, len, pos, &l);
		first = cdki_text_skip_blanks(text, l.start, l.end);
		/* (strchr would find a NUL byte: it ends skip.) */
		if (first < l.end &&
		    (!text[first] || !strchr(skip, text[first])))
			break;
		pos = l.next;
		(*line)++;
	}
	return pos;
}

cdok_status cdki_refuse_bare_cell(int n, int cell, const char *why,
				  cdok_error *err)
{
	return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "cell at row %d, "
			 "column %d is in no cage and has no given; %s",
			 cell / n + 1, cell % n + 1, why);
}
