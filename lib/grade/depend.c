/* depend.c -- which steps of a list others rest on: the backward pass
 * that keeps an explanation to the steps some placement needs and a
 * placing hint to the reasoning behind its value.
 *
 * A step reads candidates: the cells of the place its hint names
 * (cdok_step.focus), all their values, or only its value for the
 * techniques about one value (hidden singles, box and line, fish).  It
 * rests on the step that last removed each candidate it reads as gone
 * (or filled the cell).  That is more than the step strictly needs --
 * a cage step reads every candidate of the cage -- but never less, so a
 * step left out is one no kept step rests on.
 */
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

/* The values a step reads in its focus cells. */
static uint64_t read_values(const cdok_step *s, uint64_t full)
{
	switch (s->technique) {
	case TECH_HIDDEN_SINGLE:
	case TECH_DIAGONAL_SINGLE:
	case TECH_BOX_SINGLE:
		return s->nplaced ? BIT(s->placed[0].value) : full;
	case TECH_POINTING:
	case TECH_CLAIMING:
	case TECH_FISH:
		return s->nremoved ? BIT(s->removed[0].value) : full;
	default:
		return full;
	}
}

bool cdki_steps_needed(const cdok_puzzle *p, const cdok_step *steps, int nsteps,
		       bool *needed)
{
	int n = p->size, ncells = n * n, nedges = 0, cap = 0;
	uint64_t full = n == 63 ? ~(uint64_t)1 : ((BIT(n) - 1) << 1);
	int *remover = cdok_malloc((size_t)ncells * (size_t)(n + 1) *
				   sizeof(int));
	int *first = cdok_malloc((size_t)(nsteps + 1) * sizeof(int));
	int *seen = cdok_malloc((size_t)(nsteps > 0 ? nsteps : 1) *
				sizeof(int));
	int *edges = NULL;
	bool ok = remover && first && seen;

	for (int i = 0; ok && i < ncells * (n + 1); i++)
		remover[i] = -1;
	for (int j = 0; ok && j < nsteps; j++)
		seen[j] = -1;
	/* Forward: each step's edges to the steps it rests on. */
	for (int j = 0; ok && j < nsteps; j++) {
		const cdok_step *s = &steps[j];
		uint64_t vals = read_values(s, full);

		first[j] = nedges;
		for (int i = 0; i < s->nfocus && ok; i++) {
			int cell = s->focus[i];

			for (uint64_t a = vals; a && ok; a &= a - 1) {
				int r = remover[cell * (n + 1) +
						__builtin_ctzll(a)];

				if (r < 0 || seen[r] == j)
					continue;
				seen[r] = j;
				if (nedges == cap) {
					int nc = cap ? 2 * cap : 256;
					int *e = cdok_realloc(edges, (size_t)nc *
							      sizeof(int));

					if (!e) {
						ok = false;
						break;
					}
					edges = e;
					cap = nc;
				}
				edges[nedges++] = r;
			}
		}
		for (int i = 0; i < s->nremoved; i++) {
			int cell = s->removed[i].cell, v = s->removed[i].value;

			if (cell >= 0 && cell < ncells && v >= 1 && v <= n)
				remover[cell * (n + 1) + v] = j;
		}
		/* A filled cell holds no other value because of the step
		 * that filled it. */
		for (int i = 0; i < s->nplaced; i++) {
			int cell = s->placed[i].cell;

			if (cell < 0 || cell >= ncells)
				continue;
			for (int v = 1; v <= n; v++)
				if (v != s->placed[i].value &&
				    remover[cell * (n + 1) + v] < 0)
					remover[cell * (n + 1) + v] = j;
		}
	}
	if (ok) {
		first[nsteps] = nedges;
		/* Backward: what a needed step rests on is needed. */
		for (int j = nsteps - 1; j >= 0; j--)
			for (int e = first[j]; needed[j] && e < first[j + 1];
			     e++)
				needed[edges[e]] = true;
	}
	free(remover);
	free(first);
	free(seen);
	free(edges);
	return ok;
}
