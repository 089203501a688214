/* regions.c -- the partition of a solution grid into regions, the cages
 * of the puzzle being made, and the walks every kind of puzzle needs on
 * it: cells of a region, connected pieces, growth by random neighbours.
 */
#include <stdlib.h>
#include <string.h>

#include "generate/generate.h"

bool cdki_regions_init(struct regions *rg, int n, const int *grid)
{
	size_t nc = (size_t)n * (size_t)n;

	rg->n = n;
	rg->ncells = (int)nc;
	rg->grid = grid;
	rg->of = cdok_malloc(nc * sizeof(int));
	rg->slot = cdok_calloc(nc, sizeof(struct slot));
	return rg->of && rg->slot;
}

void cdki_regions_free(struct regions *rg)
{
	free(rg->of);
	free(rg->slot);
	rg->of = NULL;
	rg->slot = NULL;
}

void cdki_regions_copy(struct regions *dst, const struct regions *src)
{
	memcpy(dst->of, src->of, (size_t)src->ncells * sizeof(int));
	memcpy(dst->slot, src->slot, (size_t)src->ncells * sizeof(struct slot));
}

int cdki_regions_cells(const struct regions *rg, int r, int *out)
{
	int k = 0;

	for (int i = 0; i < rg->ncells; i++)
		if (rg->of[i] == r)
			out[k++] = i;
	return k;
}

int cdki_regions_free_slot(const struct regions *rg)
{
	for (int r = 0; r < rg->ncells; r++)
		if (!rg->slot[r].size)
			return r;
	/* There are as many slots as cells, and a region in use holds a
	 * cell, so some slot is always free. */
	CDOK_ASSERT(!"no free slot");
	return -1;
}

static inline uint64_t value_bit(int v)
{
	return v >= 0 && v < 64 ? (uint64_t)1 << v : 0;
}

void cdki_regions_move(struct regions *rg, int cell, int r)
{
	int from = rg->of[cell];
	uint64_t b = value_bit(rg->grid[cell]);

	CDOK_ASSERT(r >= 0 && r < rg->ncells);
	/* The slot a cell leaves counts it. */
	CDOK_ASSERT(from < 0 || rg->slot[from].size > 0);
	if (from >= 0) {
		rg->slot[from].size--;
		rg->slot[from].vals &= ~b;
	}
	rg->of[cell] = r;
	rg->slot[r].size++;
	rg->slot[r].vals |= b;
}

bool cdki_regions_recount(struct regions *rg)
{
	bool ok = true;

	for (int r = 0; r < rg->ncells; r++) {
		rg->slot[r].size = 0;
		rg->slot[r].vals = 0;
	}
	for (int i = 0; i < rg->ncells; i++) {
		struct slot *s = &rg->slot[rg->of[i]];
		uint64_t b = value_bit(rg->grid[i]);

		if (s->vals & b)
			ok = false;
		s->vals |= b;
		if (++s->size > rg->max_cage)
			ok = false;
	}
	return ok;
}

int cdki_regions_singles(const struct regions *rg)
{
	int k = 0;

	for (int r = 0; r < rg->ncells; r++)
		if (rg->slot[r].size == 1)
			k++;
	return k;
}

int cdki_regions_neighbours(const struct regions *rg, int cell, int *out)
{
	return cdki_grid_neighbours(rg->n, cell, out);
}

int cdki_regions_walk(const struct regions *rg, int start, bool same_region,
		      int *mark, int *queue)
{
	int head = 0, tail = 0;

	queue[tail++] = start;
	mark[start] = 0;
	while (head < tail) {
		int cell = queue[head++], nb[4];
		int m = cdki_regions_neighbours(rg, cell, nb);

		for (int j = 0; j < m; j++)
			if (mark[nb[j]] &&
			    (!same_region || rg->of[nb[j]] == rg->of[cell])) {
				mark[nb[j]] = 0;
				queue[tail++] = nb[j];
			}
	}
	return tail;
}

/* How many of a cell's neighbours are in no region yet. */
static int free_degree(const struct regions *rg, int cell)
{
	int nb[4], m = cdki_regions_neighbours(rg, cell, nb), k = 0;

	for (int j = 0; j < m; j++)
		k += rg->of[nb[j]] < 0;
	return k;
}

/* Keep, of the k cells in list, those with the fewest free neighbours;
 * returns how many. */
static int fewest_free(const struct regions *rg, int *list, int k)
{
	int best = 5, kept = 0;

	for (int i = 0; i < k; i++) {
		int d = free_degree(rg, list[i]);

		if (d < best) {
			best = d;
			kept = 0;
		}
		if (d == best)
			list[kept++] = list[i];
	}
	return kept;
}

int cdki_regions_grow(struct regions *rg, cdok_rng *rng, int r, int from,
		      int size, int want, struct scratch *sc,
		      bool (*fits)(const struct regions *, int cell, int r),
		      bool fewest)
{
	while (size < want) {
		int nfree = 0, nb[4];

		for (int m = 0; m < size; m++) {
			int cnt = cdki_regions_neighbours(rg, sc->cells[m], nb);

			for (int j = 0; j < cnt; j++)
				if (rg->of[nb[j]] == from &&
				    (!fits || fits(rg, nb[j], r)))
					sc->list[nfree++] = nb[j];
		}
		if (!nfree)
			break;
		if (fewest)
			nfree = fewest_free(rg, sc->list, nfree);
		sc->cells[size] = sc->list[cdok_rng_below(rng,
							   (uint64_t)nfree)];
		cdki_regions_move(rg, sc->cells[size], r);
		size++;
	}
	return size;
}

void cdki_regions_cut(struct regions *rg, cdok_rng *rng, struct scratch *sc,
		      const int *w, int lo, int top,
		      bool (*fits)(const struct regions *, int cell, int r),
		      bool fewest)
{
	int *order = sc->queue;

	for (int i = 0; i < rg->ncells; i++) {
		rg->of[i] = -1;
		rg->slot[i].size = 0;
		rg->slot[i].vals = 0;
		order[i] = i;
	}
	cdki_regions_shuffle(rng, order, rg->ncells);
	for (int i = 0; i < rg->ncells; i++) {
		int start = order[i], want, r;

		if (rg->of[start] >= 0)
			continue;
		want = cdki_regions_draw_size(rng, w, lo, top);
		r = cdki_regions_free_slot(rg);
		cdki_regions_move(rg, start, r);
		sc->cells[0] = start;
		cdki_regions_grow(rg, rng, r, -1, 1, want, sc, fits, fewest);
	}
}

int cdki_regions_draw_size(cdok_rng *rng, const int *w, int lo, int top)
{
	int total = 0, x;

	if (top > 6)
		top = 6;
	for (int s = lo; s <= top; s++)
		total += w[s];
	x = (int)cdok_rng_below(rng, (uint64_t)total);
	for (int s = lo; s <= top; s++) {
		if (x < w[s])
			return s;
		x -= w[s];
	}
	return lo;
}

void cdki_regions_shuffle(cdok_rng *rng, int *a, int k)
{
	for (int i = k - 1; i > 0; i--) {
		int j = (int)cdok_rng_below(rng, (uint64_t)i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}
