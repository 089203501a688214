/* calpoly.c -- the Cal Poly CPE 101 (Winter 2019) Calcudoku files.
 *
 * A puzzle is the number of cages on the first line, then one line per
 * cage: its sum, its number of cells, then the cells (0 = top left,
 * row-major).  The grid's size follows from the cells covered: 25 cells
 * make a 5 x 5.  Only sums exist, so a one-cell cage is a given in all
 * but name; it is kept as a one-cell cage so the file round-trips.  The
 * answer is N rows of values separated by single spaces.
 *
 * Several puzzles may follow each other in one text (each starts with
 * its cage count); blank lines carry no meaning anywhere.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"

#define MAX_CELLS (CDOK_MAX_SIZE * CDOK_MAX_SIZE)

/* Where a cell number was written, for errors found once the size is
 * known. */
struct cell_ref {
	int cell;
	int line;
	int column;
};

struct cage_line {
	int64_t sum;
	int ncells;
	int first;        /* index into the cell_ref array */
	int line;
};

/* The next number on line l from *i, which must be one (after blanks).
 * what names it for errors. */
static cdok_status line_number(const struct cdki_cursor *c,
			       const struct text_line *l, size_t *i,
			       int64_t max, int64_t *value, int *col,
			       const char *what, cdok_error *err)
{
	size_t j = cdki_text_skip_blanks(c->text, *i, l->end);
	cdok_status st;

	*col = (int)(j - l->start) + 1;
	if (j >= l->end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, c->line, *col,
				 "expected %s", what);
	if (c->text[j] == '-' && j + 1 < l->end &&
	    cdki_text_is_digit(c->text[j + 1]))
		return cdki_fail(err, CDOK_ERR_INVALID, c->line, *col,
				 "%s is negative; a Cal Poly file holds whole "
				 "numbers from 0 up", what);
	if (!cdki_text_is_digit(c->text[j]))
		return cdki_text_bad_char(err, c->line, *col, c->text, j,
					  l->end,
					  "where a number was expected");
	st = cdki_text_number(c->text, &j, l->end, max, value, c->line,
			      l->start, what, err);
	if (st != CDOK_OK)
		return st;
	if (j < l->end && !cdki_text_is_blank(c->text[j]))
		return cdki_text_bad_char(err, c->line, (int)(j - l->start) + 1,
					  c->text, j, l->end,
					  "after a number");
	*i = j;
	return CDOK_OK;
}

static int isqrt(int v)
{
	int r = 0;

	while ((r + 1) * (r + 1) <= v)
		r++;
	return r;
}

/* Read the cage lines after the count; refs gets every cell written. */
static cdok_status read_cages(struct cdki_cursor *c, int ncages,
			      struct cage_line *cages, struct cell_ref *refs,
			      int *total, cdok_error *err)
{
	int nrefs = 0;

	for (int k = 0; k < ncages; k++) {
		struct text_line l;
		size_t i;
		int64_t v;
		int col;
		cdok_status st;

		if (!cdki_cursor_next_line(c, &l)) {
			int line;

			cdki_cursor_end(c, &line, &col);
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "the first line says %d cages, but "
					 "only %d cage line%s follow%s", ncages,
					 k, text_s(k), k == 1 ? "s" : "");
		}
		i = l.start;
		cages[k].line = c->line;
		st = line_number(c, &l, &i, INT64_MAX, &cages[k].sum, &col,
				 "the cage's sum", err);
		if (st != CDOK_OK)
			return st;
		st = line_number(c, &l, &i, MAX_CELLS, &v, &col,
				 "the cage's number of cells", err);
		if (st != CDOK_OK)
			return st;
		if (v == 0)
			return cdki_fail(err, CDOK_ERR_INVALID, c->line, col,
					 "a cage needs at least one cell");
		if (nrefs + v > MAX_CELLS)
			return cdki_fail(err, CDOK_ERR_LIMIT, c->line, col,
					 "the cages cover more than %d cells, "
					 "the largest grid cdok supports "
					 "(%d x %d)", MAX_CELLS, CDOK_MAX_SIZE,
					 CDOK_MAX_SIZE);
		cages[k].ncells = (int)v;
		cages[k].first = nrefs;
		for (int j = 0; j < cages[k].ncells; j++) {
			size_t at = cdki_text_skip_blanks(c->text, i, l.end);

			if (at >= l.end)
				return cdki_fail(err, CDOK_ERR_SYNTAX, c->line,
						 (int)(at - l.start) + 1,
						 "the cage has %d cell%s but "
						 "lists %d", cages[k].ncells,
						 text_s(cages[k].ncells), j);
			st = line_number(c, &l, &i, MAX_CELLS - 1, &v, &col,
					 "a cell number", err);
			if (st != CDOK_OK)
				return st;
			refs[nrefs].cell = (int)v;
			refs[nrefs].line = c->line;
			refs[nrefs].column = col;
			nrefs++;
		}
		i = cdki_text_skip_blanks(c->text, i, l.end);
		if (i < l.end)
			return cdki_fail(err, CDOK_ERR_SYNTAX, c->line,
					 (int)(i - l.start) + 1,
					 "the cage has %d cell%s but lists "
					 "more", cages[k].ncells,
					 text_s(cages[k].ncells));
		cdki_cursor_skip(c, &l);
	}
	*total = nrefs;
	return CDOK_OK;
}

/* Check the cells against the size: each in the grid, each in exactly
 * one cage, every cage connected.  owner gets each cell's cage. */
static cdok_status check_cells(int n, int ncages,
			       const struct cage_line *cages,
			       const struct cell_ref *refs, int *owner,
			       cdok_error *err)
{
	int ncells = n * n;
	int *stack;
	unsigned char *seen;
	cdok_status st = CDOK_OK;

	for (int i = 0; i < ncells; i++)
		owner[i] = -1;
	for (int k = 0; k < ncages; k++)
		for (int j = 0; j < cages[k].ncells; j++) {
			const struct cell_ref *r = &refs[cages[k].first + j];

			if (r->cell >= ncells)
				return cdki_fail(err, CDOK_ERR_INVALID,
						 r->line, r->column,
						 "cell %d is outside the "
						 "%d x %d grid (cells 0..%d)",
						 r->cell, n, n, ncells - 1);
			if (owner[r->cell] >= 0)
				return cdki_fail(err, CDOK_ERR_INVALID,
						 r->line, r->column,
						 "cell %d is in two cages "
						 "(lines %d and %d)", r->cell,
						 cages[owner[r->cell]].line,
						 r->line);
			owner[r->cell] = k;
		}

	stack = cdok_malloc((size_t)ncells * sizeof(int));
	seen = cdok_calloc((size_t)ncells, 1);
	if (!stack || !seen) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	for (int k = 0; k < ncages && st == CDOK_OK; k++) {
		const struct cell_ref *first = &refs[cages[k].first];

		if (cdki_region_fill(n, owner, first->cell, stack, seen) ==
		    cages[k].ncells)
			continue;
		for (int j = 0; j < cages[k].ncells; j++)
			if (!seen[first[j].cell]) {
				st = cdki_fail(err, CDOK_ERR_INVALID,
					       first[j].line, first[j].column,
					       "the cage on line %d is not "
					       "connected: cell %d does not "
					       "touch the rest of it",
					       cages[k].line, first[j].cell);
				break;
			}
	}
out:
	free(stack);
	free(seen);
	return st;
}

cdok_status cdki_calpoly_read(struct cdok_reader *r, cdok_puzzle **out,
			      cdok_error *err)
{
	struct cdki_cursor c = cdki_cursor_at(r);
	struct text_line l;
	struct cage_line *cages = NULL;
	struct cell_ref *refs = NULL;
	int *owner = NULL, *cells = NULL;
	int64_t count;
	int col, total = 0, n, count_line;
	size_t i;
	cdok_puzzle *p = NULL;
	cdok_status st;

	if (!cdki_cursor_next_line(&c, &l)) {
		if (r->index > 0)
			return CDOK_END;
		return cdki_text_none(r, c.line, 1, "no puzzle found", err);
	}
	count_line = c.line;
	i = l.start;
	st = line_number(&c, &l, &i, MAX_CELLS, &count, &col,
			 "the number of cages", err);
	if (st != CDOK_OK)
		return st;
	i = cdki_text_skip_blanks(c.text, i, l.end);
	if (i < l.end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, c.line,
				 (int)(i - l.start) + 1,
				 "the first line holds only the number of "
				 "cages");
	if (count == 0)
		return cdki_fail(err, CDOK_ERR_INVALID, c.line, col,
				 "the number of cages is 0");
	cdki_cursor_skip(&c, &l);

	cages = cdok_malloc((size_t)count * sizeof(*cages));
	refs = cdok_malloc((size_t)MAX_CELLS * sizeof(*refs));
	if (!cages || !refs) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	st = read_cages(&c, (int)count, cages, refs, &total, err);
	if (st != CDOK_OK)
		goto out;
	n = isqrt(total);
	if (n * n != total) {
		st = cdki_fail(err, CDOK_ERR_INVALID, count_line, 1,
			       "the cages cover %d cells, which is not a "
			       "square number (the grid's size comes from "
			       "the cells covered)", total);
		goto out;
	}
	owner = cdok_malloc((size_t)total * sizeof(int));
	cells = cdok_malloc((size_t)total * sizeof(int));
	p = cdok_puzzle_new(n);
	if (!owner || !cells || !p) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	st = check_cells(n, (int)count, cages, refs, owner, err);
	if (st != CDOK_OK)
		goto out;
	for (int k = 0; k < count; k++) {
		for (int j = 0; j < cages[k].ncells; j++)
			cells[j] = refs[cages[k].first + j].cell;
		st = cdok_puzzle_add_cage(p, CDOK_OP_ADD, cages[k].sum, cells,
					  cages[k].ncells, NULL, NULL);
		if (st != CDOK_OK) {
			st = cdki_fail(err, st, 0, 0, "%s",
				       st == CDOK_ERR_NOMEM ? "out of memory"
				       : "cannot build the puzzle");
			goto out;
		}
	}
	*out = p;
	p = NULL;
	cdki_reader_to(r, &c);
out:
	cdok_puzzle_free(p);
	free(cages);
	free(refs);
	free(owner);
	free(cells);
	return st;
}

enum cdok_likeness cdki_calpoly_detect(const char *text, size_t len)
{
	struct text_line l;
	size_t i, first;
	int numbers = 0, blank;
	bool right_below;

	/* One number alone on the first line, then a line of at least
	 * three numbers (sum, count, a cell); or, right below it, a line
	 * of numbers of any length, which no spec has below a one-number
	 * row (a 1 x 1 grid has one row), so that a short cage line is
	 * reported as one. */
	cdki_text_line_at(text, len, 0, &l);
	first = cdki_text_skip_blanks(text, l.start, l.end);
	if (first >= l.end || !cdki_text_is_digit(text[first]))
		return CDOK_UNLIKE;
	i = cdki_text_skip_digits(text, first, l.end);
	/* No grid has more than 3969 cages: a longer number is no cage
	 * count (a line of 16, 36 or 81 digits is a solved Sudoku). */
	if (!cdki_text_span_blank(text, i, l.end) || i - first > 4 ||
	    !cdki_text_next_filled(text, len, l.next, &l, &blank))
		return CDOK_UNLIKE;
	right_below = blank == 0;
	/* A minus sign before a number (a negative sum, which the reader
	 * refuses as such) still looks like a cage line. */
	for (i = l.start; right_below && i < l.end; i++)
		if (!cdki_text_is_digit(text[i]) &&
		    !cdki_text_is_blank(text[i]) &&
		    !(text[i] == '-' && i + 1 < l.end &&
		      cdki_text_is_digit(text[i + 1])))
			right_below = false;
	if (right_below)
		return CDOK_LIKELY;
	for (i = l.start; i < l.end;) {
		i = cdki_text_skip_blanks(text, i, l.end);
		if (i >= l.end)
			break;
		if (text[i] == '-' && i + 1 < l.end &&
		    cdki_text_is_digit(text[i + 1]))
			i++;
		if (!cdki_text_is_digit(text[i]))
			return CDOK_UNLIKE;
		i = cdki_text_skip_digits(text, i, l.end);
		numbers++;
	}
	return numbers >= 3 ? CDOK_LIKELY : CDOK_UNLIKE;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

static cdok_status write_answer(struct strbuf *sb, const cdok_puzzle *p,
				const int *values, cdok_error *err)
{
	int n = p->size;
	cdok_status st = cdki_check_answer(p, values, err);
	if (st != CDOK_OK)
		return st;
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++)
			cdki_sb_printf(sb, x + 1 < n ? "%d " : "%d\n",
				       values[y * n + x]);
	return CDOK_OK;
}

/* One line per group, a cage or a given outside any cage, in order of
 * each group's lowest cell: the order of the course's files. */
cdok_status cdki_calpoly_write(struct strbuf *sb, const cdok_puzzle *p,
			       const int *values, cdok_error *err)
{
	int n = p->size, ngroups = 0;
	char name[96];
	cdok_status st;

	if (values)
		return write_answer(sb, p, values, err);
	/* All sums, but a Killer puzzle's boxes and cages of distinct
	 * values would be lost. */
	st = cdki_refuse_variant_rules(p, "the calpoly format", err);
	if (st != CDOK_OK)
		return st;
	for (int cell = 0; cell < n * n; cell++) {
		int k = p->cage_of[cell];
		int g = cdok_has_given(p, cell) ? p->given[cell] : 0;

		if (k < 0) {
			if (!g)
				return cdki_refuse_bare_cell(n, cell, "in the "
							     "calpoly format "
							     "every cell is in "
							     "a cage", err);
			ngroups++;
			continue;
		}
		cdki_cage_name(p, k, name, sizeof(name));
		if (p->cages[k].cells[0] == cell) {
			const struct cdok_cage *c = &p->cages[k];
			static const char *const kinds[] = {
				"difference", "product", "ratio"};

			ngroups++;
			if (c->ncells > 1 && c->op != CDOK_OP_ADD)
				return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0,
						 0, "%s is a %s cage; the "
						 "calpoly format has sum cages "
						 "only", name,
						 kinds[c->op == CDOK_OP_SUB ? 0
						       : c->op == CDOK_OP_MUL ?
						       1 : 2]);
			if (c->target < 0)
				return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0,
						 0, "%s has a negative target, "
						 "which the calpoly format "
						 "cannot write", name);
		}
		if (g && (p->cages[k].ncells > 1 || p->cages[k].target != g))
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the given %d at row %d, column %d is "
					 "inside %s; the calpoly format has no "
					 "givens, only one-cell sums", g,
					 cell / n + 1, cell % n + 1, name);
	}
	cdki_sb_printf(sb, "%d\n", ngroups);
	for (int cell = 0; cell < n * n; cell++) {
		int k = p->cage_of[cell];
		const struct cdok_cage *c;

		if (k < 0) {
			cdki_sb_printf(sb, "%d 1 %d\n", p->given[cell], cell);
			continue;
		}
		c = &p->cages[k];
		if (c->cells[0] != cell)
			continue;
		cdki_sb_printf(sb, "%" PRId64 " %d", c->target, c->ncells);
		for (int i = 0; i < c->ncells; i++)
			cdki_sb_printf(sb, " %d", c->cells[i]);
		sb_putc(sb, '\n');
	}
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Generating for the course                                           */

cdok_status cdki_calpoly_fit(cdok_gen_params *par, cdok_error *err)
{
	cdok_status st = cdki_fit_plain(par, "the calpoly format holds", err);

	if (st != CDOK_OK)
		return st;
	if (!(par->ops & CDOK_GEN_ADD))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the calpoly format has sum cages only, and "
				 "the operators asked for have no +");
	par->ops = CDOK_GEN_ADD;
	return CDOK_OK;
}
