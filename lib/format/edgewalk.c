/* edgewalk.c -- the cage-border encoding that Tatham's Keen and Solo IDs
 * share: inner edges of a w x w grid are walked in one fixed order, and
 * the cells joined by edges inside cages fall into cages, found with a
 * union-find.  format_keen.c and format_solo.c both build on this. */
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
