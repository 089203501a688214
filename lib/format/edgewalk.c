/* edgewalk.c -- the cage-border encoding that Tatham's Keen and Solo IDs
 * share: inner edges of a w x w grid are walked in one fixed order, and
 * the cells joined by edges inside cages fall into cages, found with a
 * union-find.  keen.c and solo.c both build on this. */
#include <stdio.h>

#include "format/format.h"

void cdki_edge_cells(int w, int e, int *a, int *b)
{
	/* Edges between horizontal neighbours in reading order first, then
	 * between vertical neighbours column by column. */
	if (e < w * (w - 1)) {
		int y = e / (w - 1), x = e % (w - 1);

		*a = y * w + x;
		*b = y * w + x + 1;
	} else {
		int x = e / (w - 1) - w, y = e % (w - 1);

		*a = y * w + x;
		*b = (y + 1) * w + x;
	}
}

int cdki_uf_find(int *parent, int i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

void cdki_uf_unite(int *parent, int a, int b)
{
	a = cdki_uf_find(parent, a);
	b = cdki_uf_find(parent, b);
	/* The lower cell becomes the root, so each class is named by its
	 * lowest cell, the one its clue belongs to. */
	if (a < b)
		parent[b] = a;
	else if (b < a)
		parent[a] = b;
}

const char *cdki_edge_walk_short(int w, int e, int nedges, const char *what,
				 char *buf, size_t cap)
{
	/* The walk's places are the borders between neighbouring cells,
	 * each inside a cage or not, and one more that ends it (every run
	 * letter but 'y' ends with a border, the last one with that). */
	snprintf(buf, cap, "the %s structure is too short for a %d x %d "
		 "grid: its letters fill %d of %d places (the %d borders "
		 "between neighbouring cells, then one that ends them)", what,
		 w, w, e, nedges + 1, nedges);
	return buf;
}

/* A walk that passes the last border of the grid. */
static cdok_status walk_too_long(const struct cdki_id_line *k, int col, int w,
				 const char *what, cdok_error *err)
{
	return cdki_fail(err, CDOK_ERR_SYNTAX, k->line, col, "the %s "
			 "structure describes more than the %d borders "
			 "between neighbouring cells of a %d x %d grid", what,
			 2 * w * (w - 1), w, w);
}

/* Run edges inside a cage, then a border unless border is false: *e
 * counts the edges walked and parent joins the cells across the inner
 * ones.  col is where the run's character was written. */
static cdok_status walk_step(const struct cdki_id_line *k, int col, int w,
			     int run, bool border, int *e, int *parent,
			     const char *what, cdok_error *err)
{
	int nedges = 2 * w * (w - 1);

	for (int j = 0; j < run; j++) {
		int a, b;

		if (*e >= nedges)
			return walk_too_long(k, col, w, what, err);
		cdki_edge_cells(w, (*e)++, &a, &b);
		cdki_uf_unite(parent, a, b);
	}
	if (border && ++*e > nedges + 1)
		return walk_too_long(k, col, w, what, err);
	return CDOK_OK;
}

/* The end of the walk at text[i]: a ',' must follow, then next, and the
 * walk must have passed every edge. */
static cdok_status walk_end(const struct cdki_id_line *k, size_t i,
			    size_t end, int w, int e, const char *what,
			    const char *next, cdok_error *err)
{
	int nedges = 2 * w * (w - 1);
	char msg[256];

	if (i >= end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
				 cdki_id_column(k, i), "expected ',' and %s "
				 "after the %s structure", next, what);
	if (e != nedges + 1)
		return cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
				 cdki_id_column(k, i), "%s",
				 cdki_edge_walk_short(w, e, nedges, what, msg,
						      sizeof(msg)));
	return CDOK_OK;
}

/* A repeat count beyond the edges of a 9 x 9 cannot be meaningful. */
#define REPEAT_MAX 1000

/* The repeat count after a run's character at text[*i], if any: 1
 * without one. */
static cdok_status read_repeat(const struct cdki_id_line *k, size_t *i,
			       size_t end, int64_t *repeat, cdok_error *err)
{
	size_t at = *i;
	cdok_status st;

	*repeat = 1;
	if (*i >= end || !cdki_text_is_digit(k->text[*i]))
		return CDOK_OK;
	st = cdki_text_number(k->text, i, end, REPEAT_MAX, repeat, k->line,
			      k->start, "a repeat count", err);
	if (st == CDOK_OK && *repeat == 0)
		st = cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
			       cdki_id_column(k, at), "a repeat count must "
			       "be at least 1");
	return st;
}

cdok_status cdki_edge_walk_read(const struct cdki_id_line *k, size_t *pos,
				size_t end, int w, int *parent,
				const struct cdki_edge_walk *how,
				cdok_error *err)
{
	int e = 0;
	size_t i = *pos;
	cdok_status st;

	for (int c = 0; c < w * w; c++)
		parent[c] = c;
	while (i < end && k->text[i] != ',') {
		char ch = k->text[i];
		int col = cdki_id_column(k, i), run;
		int64_t repeat = 1;

		if (ch == '_')
			run = 0;
		else if (ch >= 'a' && ch <= 'z')
			run = ch - 'a' + 1;
		else
			return cdki_text_bad_char(err, k->line, col, k->text,
						  i, end,
						  how->where);
		i++;
		st = how->repeats ? read_repeat(k, &i, end, &repeat, err)
				  : CDOK_OK;
		while (st == CDOK_OK && repeat-- > 0)
			st = walk_step(k, col, w, run, run != how->open_run,
				       &e, parent, how->what, err);
		if (st != CDOK_OK)
			return st;
	}
	st = walk_end(k, i, end, w, e, how->what, how->next, err);
	if (st == CDOK_OK)
		*pos = i + 1;
	return st;
}

int cdki_uf_members(int *parent, int root, int ncells, int *cells)
{
	int m = 0;

	/* No cell below the root is in its class. */
	for (int j = root; j < ncells; j++)
		if (cdki_uf_find(parent, j) == root)
			cells[m++] = j;
	return m;
}

void cdki_edge_walk_write(struct strbuf *sb, int n, const int *group,
			  void (*put)(struct strbuf *sb, int run))
{
	int nedges = 2 * n * (n - 1), run = 0;

	for (int e = 0; e <= nedges; e++) {
		int a, b;

		if (e < nedges) {
			cdki_edge_cells(n, e, &a, &b);
			if (group[a] == group[b]) {
				run++;
				continue;
			}
		}
		put(sb, run);
		run = 0;
	}
}
