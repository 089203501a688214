/* edgewalk.c -- the cage-border encoding that Tatham's Keen and Solo IDs
 * share: inner edges of a w x w grid are walked in one fixed order, and
 * the cells joined by edges inside cages fall into cages, found with a
 * union-find.  format_keen.c and format_solo.c both build on this. */
#include "format/format.h"

void cdok_edge_cells(int w, int e, int *a, int *b)
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

int cdok_uf_find(int *parent, int i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

void cdok_uf_unite(int *parent, int a, int b)
{
	a = cdok_uf_find(parent, a);
	b = cdok_uf_find(parent, b);
	/* The lower cell becomes the root, so each class is named by its
	 * lowest cell, the one its clue belongs to. */
	if (a < b)
		parent[b] = a;
	else if (b < a)
		parent[a] = b;
}
