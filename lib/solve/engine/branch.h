/* engine/branch.h -- the search's levels of domains, the solutions it
 * finds, and the choice of the cell to branch on. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

#ifdef CDOK_DEBUG
/* A digest of the first n live words of the tables: what leaving a
 * search node must put back exactly (search). */
static uint64_t live_digest(const struct engine *s, size_t n)
{
	uint64_t h = 14695981039346656037u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ s->live[i]) * 1099511628211u;
	return h;
}
#endif

static dom_t *level(struct engine *s, int depth)
{
	if (depth >= s->nlevels) {
		int want = depth + 8;
		dom_t **l = cdok_realloc(s->levels, (size_t)want * sizeof(*l));

		if (!l)
			return NULL;
		for (int i = s->nlevels; i < want; i++)
			l[i] = NULL;
		s->levels = l;
		s->nlevels = want;
	}
	if (!s->levels[depth])
		s->levels[depth] = cdok_malloc(s->level_bytes);
	return s->levels[depth];
}

/* Whether the grid in s->values is reported for the first time: a run
 * of search_root that may be cut short remembers what it reports, and
 * the runs after it report none of that again.  (Runs cut short find
 * few solutions: the first two stages stop after ESCALATE_NODES and
 * ESCALATE_BIG_NODES nodes, and a restarted run is never cut once it
 * has found one.) */
static bool seen_before(struct engine *s)
{
	size_t nc = (size_t)s->ncells;

	if (s->nseen) {
		for (size_t i = 0; i < s->nseen; i++) {
			const unsigned char *g = s->seen + i * nc;
			size_t j = 0;

			while (j < nc && g[j] == s->values[j])
				j++;
			if (j == nc)
				return true;
		}
	}
	/* Only a stage that may be cut short has a successor to tell. */
	if (!s->cut_at)
		return false;
	if (s->nseen == s->seen_cap) {
		size_t cap = s->seen_cap * 2 + 4;
		unsigned char *v = cdok_realloc(s->seen, cap * nc);

		if (!v) {
			s->nomem = s->stop = true;
			return true;
		}
		s->seen = v;
		s->seen_cap = cap;
	}
	for (size_t j = 0; j < nc; j++)
		s->seen[s->nseen * nc + j] = (unsigned char)s->values[j];
	s->nseen++;
	return false;
}

/* Report the grid in s->values if the checker accepts it. */
static void report_values(struct engine *s)
{
	/* Belt and braces: only a grid that the plain checker accepts is
	 * ever reported, whatever the reasoning did. */
	if (!cdok_puzzle_is_solution(s->puzzle, s->values))
		return;
	if (seen_before(s))
		return;
	if (s->count == 0 && s->solution_out)
		memcpy(s->solution_out, s->values,
		       (size_t)s->ncells * sizeof(int));
	s->count++;
	/* Restarts (the last stage) only look for a first solution: the
	 * run that finds it goes on to the end. */
	if (s->stage >= 2)
		s->cut_at = 0;
	if (s->on_solution && s->on_solution(s->user, s->values))
		s->stop = true;
	if (s->limit && s->count >= s->limit)
		s->stop = true;
}

/* Swap two rows (or columns) of s->values. */
static void swap_lines(struct engine *s)
{
	int n = s->n;

	for (int i = 0; i < n; i++) {
		int a = s->swap_rows ? s->swap_a * n + i : i * n + s->swap_a;
		int b = s->swap_rows ? s->swap_b * n + i : i * n + s->swap_b;
		int t = s->values[a];

		s->values[a] = s->values[b];
		s->values[b] = t;
	}
}

/* A solution is in s->values: report it, and its twin with two free
 * lines swapped when there is one. */
static void found_values(struct engine *s)
{
	report_values(s);
	/* Two free lines that may trade places: the swapped grid is a
	 * second solution, and the only question asked was whether one
	 * exists (see find_free_lines). */
	if (s->swap_a >= 0 && s->count == 1 && !s->stop) {
		swap_lines(s);
		report_values(s);
		s->stop = true;
	}
}

static void found_solution(struct engine *s, const dom_t *dom)
{
	for (int i = 0; i < s->ncells; i++)
		s->values[i] = low_value(dom[i]);
	found_values(s);
}

/* The branching cell: the undecided cell with the fewest candidates per
 * unit of failure weight of its cage and units (dom/wdeg), skipping
 * deferred cells when skip is set.  -1 when every cell considered is
 * decided. */
static int pick_branch(const struct engine *s, const dom_t *dom, bool skip,
		       int *count)
{
	int best = -1, best_count = 0;
	uint64_t best_weight = 1;

	for (int i = 0; i < s->ncells; i++) {
		int cnt = popc(dom[i]);
		uint64_t w;

		if (cnt < 2 || (skip && s->deferred[i]))
			continue;
		/* 1 + the weights of its units and its cage. */
		w = 1 + (uint64_t)s->wcell[i];
		if (best < 0 || (uint64_t)cnt * best_weight <
				(uint64_t)best_count * w) {
			best = i;
			best_count = cnt;
			best_weight = w;
		}
	}
	*count = best_count;
	return best;
}
