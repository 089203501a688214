/* cells.c -- a cell's box and peers for front ends (include/cdok.h,
 * "Front ends ask"): the one geometry of model.h, so that no caller
 * divides boxes out by hand. */
#include "model/model.h"

int cdok_puzzle_box_of(const cdok_puzzle *puzzle, int cell)
{
	if (!puzzle || cell < 0 || cell >= puzzle->size * puzzle->size)
		return -1;
	return cdki_box_of(puzzle, cell);
}

int cdok_puzzle_peers(const cdok_puzzle *puzzle, int cell, int *out)
{
	int n, k = 0;

	if (!puzzle || cell < 0 || cell >= puzzle->size * puzzle->size)
		return -1;
	n = puzzle->size;
	/* Every cell in reading order: the peers come out sorted. */
	for (int other = 0; other < n * n; other++) {
		bool peer = other != cell &&
			    cdki_same_diagonal(puzzle, cell, other);

		for (int kind = 0; kind < cdki_nkinds(puzzle) && !peer &&
		     other != cell; kind++)
			peer = cdki_unit_of(puzzle, cell, kind) ==
			       cdki_unit_of(puzzle, other, kind);
		if (peer)
			out[k++] = other;
	}
	CDOK_ASSERT(k <= 4 * n);
	return k;
}
