/* region.c -- the flood fill with which readers check that a cage (a
 * group, a block) is one connected region of the grid.
 */
#include "format/format.h"

int cdki_region_fill(int n, const int *owner, int start, int *stack,
		     unsigned char *seen)
{
	/* owner[start] is read once: seen is bytes, which the compiler
	 * must otherwise assume may change it. */
	int top = 0, reached = 0, own = owner[start];

	stack[top++] = start;
	seen[start] = 1;
	while (top) {
		int cell = stack[--top];
		int nb[4], m = cdki_grid_neighbours(n, cell, nb);

		reached++;
		for (int j = 0; j < m; j++)
			if (!seen[nb[j]] && owner[nb[j]] == own) {
				seen[nb[j]] = 1;
				stack[top++] = nb[j];
			}
	}
	return reached;
}
