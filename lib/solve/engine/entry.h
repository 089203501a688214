/* engine/entry.h -- the instance's entry points: the checks before a
 * search, free lines, the difficulty score, ENGINE_NAME(solve) and
 * ENGINE_NAME(root_candidates). */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* Whether t has a prime factor above vmax (so no product of values up to
 * vmax makes it). */
static bool factor_beyond(int64_t t, int vmax)
{
	for (int64_t d = 2; d <= vmax && t > 1; d++)
		while (t % d == 0)
			t /= d;
	return t > 1;
}

/* A cage no filling can meet, whatever the rest of the grid holds: too
 * many cells for values that must differ, or a target out of reach.
 * Says why in s->reason and returns false; true when nothing is seen.
 * The search would prove the same, but for large cages only after
 * exponentially many nodes. */
static bool cages_possible(struct engine *s)
{
	int nvals = popc(s->valid);

	for (int ci = 0; ci < s->nreal; ci++) {
		const struct cage_info *c = &s->cages[ci];
		int k = c->ncells;
		int64_t t = c->target, lo = 0, hi = 0;
		char name[96];
		const char *why = NULL;

		if (c->distinct && k > nvals) {
			cdki_cage_name(s->puzzle, ci, name, sizeof(name));
			snprintf(s->reason, sizeof(s->reason), "%s has %d cells "
				 "whose values must all differ, but there are "
				 "only %d values", name, k, nvals);
			return false;
		}
		if (k == 1) {
			/* One cell holds its target, whatever the operator. */
			if (t < s->vmin || t > s->vmax ||
			    !(s->valid >> t & 1))
				why = "values";
		} else if (c->op == CDOK_OP_ADD) {
			/* The smallest and largest sums: k values, all
			 * different in a distinct cage. */
			dom_t small = s->valid, large = s->valid;

			for (int i = 0; i < k; i++) {
				int a = low_value(small), b = high_value(large);

				lo += a;
				hi += b;
				if (c->distinct) {
					small &= small - 1;
					large &= ~BIT(b);
				}
			}
			if (t < lo || t > hi)
				why = c->distinct ? "different values" : "values";
		} else if (c->op == CDOK_OP_MUL && t > 0 &&
			   factor_beyond(t, s->vmax)) {
			why = "values (it has a prime factor too large)";
		} else if ((c->op == CDOK_OP_SUB && t > s->vmax - s->vmin) ||
			   (c->op == CDOK_OP_DIV && t > s->vmax)) {
			why = "values";
		}
		if (why) {
			cdki_cage_name(s->puzzle, ci, name, sizeof(name));
			snprintf(s->reason, sizeof(s->reason), "no %d %s of "
				 "%d..%d meet the clue of %s", k, why, s->vmin,
				 s->vmax, name);
			return false;
		}
	}
	if (s->whole_fails >= 0) {
		static const char *const kinds[] = {"row", "column", "box"};
		char name[96], times[32] = "once";

		cdki_cage_name(s->puzzle, s->whole_fails, name, sizeof(name));

		if (s->whole_units > 1)
			snprintf(times, sizeof(times), "%d times",
				 s->whole_units);
		snprintf(s->reason, sizeof(s->reason), "%s covers %d whole "
			 "%s%s, so its values are every value %s in any "
			 "filling, and they do not meet its clue", name,
			 s->whole_units, kinds[s->whole_kind],
			 s->whole_units == 1 ? "" :
			 s->whole_kind == 2 ? "es" : "s", times);
		return false;
	}
	return true;
}

/* Free lines: rows (or columns) none of whose cells is in a cage or
 * given.  Two free lines may trade places in any solution (with boxes,
 * when they lie in the same band or stack): the swapped grid keeps every
 * rule and differs, since no two lines of a solution are the same.  So a
 * puzzle with one solution has two, and when the caller only asks
 * whether there is more than one (limit 2) the search looks for one
 * solution and the swap gives the second.  And when the unit rule can
 * fill free lines by itself (units_can_complete), the search decides the
 * other cells first and has the free lines filled without searching
 * them -- the whole cost of a large, mostly empty grid -- as long as one
 * or two solutions are all that is asked.  Such puzzles are sparse
 * ones: cages over part of a large grid. */
static bool find_free_lines(struct engine *s)
{
	const cdok_puzzle *p = s->puzzle;
	int n = s->n, best_free = 0;

	/* Swapping two lines moves the main diagonals' values (Killer X). */
	if (s->limit < 1 || s->limit > 2 || (p->rules & CDOK_RULE_DIAGONALS))
		return true;
	for (int rows = 1; rows >= 0; rows--) {
		int band = rows ? p->box_rows : p->box_cols;
		int nfree = 0, lines[CDOK_MAX_SIZE];
		bool is_free[CDOK_MAX_SIZE];

		for (int a = 0; a < n; a++) {
			is_free[a] = true;
			for (int i = 0; i < n && is_free[a]; i++) {
				int cell = rows ? a * n + i : i * n + a;

				is_free[a] = s->cage_watch[cell] < 0 &&
					     !cdok_has_given(p, cell);
			}
			if (is_free[a])
				lines[nfree++] = a;
		}
		for (int i = 0; i < nfree && s->limit == 2 && s->swap_a < 0;
		     i++)
			for (int j = i + 1; j < nfree && s->swap_a < 0; j++)
				if (!band ||
				    lines[i] / band == lines[j] / band) {
					s->swap_a = lines[i];
					s->swap_b = lines[j];
					s->swap_rows = rows;
				}
		if (nfree > best_free) {
			best_free = nfree;
			s->free_rows = rows;
			memcpy(s->free_line, is_free, sizeof(is_free));
		}
	}
	if (!best_free || !units_can_complete(s))
		return true;
	s->deferred = cdok_malloc((size_t)s->ncells * sizeof(bool));
	if (!s->deferred)
		return false;
	for (int i = 0; i < s->ncells; i++)
		s->deferred[i] = s->free_line[s->free_rows ? i / n : i % n];
	return true;
}

/* The difficulty score: B * M + E (doc/SOLVER.md), where B sums
 * (k - 1)^2 over every branch point of the complete search (k = the
 * branching cell's candidates), M is the smallest power of ten not below
 * the number of cells and E is the number of cells without a given. */
static uint64_t difficulty(const struct engine *s)
{
	uint64_t m = 1, empty = 0;

	while (m < (uint64_t)s->ncells)
		m *= 10;
	/* A one-cell cage is a given written another way (UCF's '.', a Keen
	 * single-cell clue), so it does not count as an empty cell. */
	for (int i = 0; i < s->ncells; i++) {
		int c = s->cage_of[i];

		if (!cdok_has_given(s->puzzle, i) &&
		    (c < 0 || s->cages[c].ncells > 1))
			empty++;
	}
	return s->branch_score * m + empty;
}

/* Whether every cell is decided. */
static bool solved(const struct engine *s, const dom_t *dom)
{
	for (int i = 0; i < s->ncells; i++)
		if (dom[i] & (dom[i] - 1))
			return false;
	return true;
}

/* cdok_solve for this instance: p is valid, params not NULL. */
cdok_status ENGINE_NAME(solve)(const cdok_puzzle *p,
			       const cdok_solve_params *params,
			       int *solution, cdok_result *res,
			       cdok_error *err)
{
	struct engine *s;
	dom_t *root;
	bool ok;

	memset(res, 0, sizeof(*res));
	/* The state holds tables of a few kilobytes: on the heap, not the
	 * caller's stack. */
	s = cdok_malloc(sizeof(*s));
	if (!s)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (!engine_init(s, p)) {
		engine_free(s);
		free(s);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	s->limit = params->limit;
	s->max_nodes = params->max_nodes;
	s->on_solution = params->on_solution;
	s->user = params->user;
	s->on_progress = params->on_progress;
	s->progress_user = params->progress_user;
	s->solution_out = solution;
	if (!find_free_lines(s)) {
		engine_free(s);
		free(s);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}

	ok = root_setup(s, &root) && cages_possible(s);
	if (!root) {
		engine_free(s);
		free(s);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	ok = ok && propagate(s, root);
	reset_work(s);
	/* The sums the units imply join when the cages and units alone have
	 * not solved the puzzle: easy puzzles need not pay for them.  With
	 * boxes, those of up to DERIVED_BOX_CELLS cells: on Solo's Killer
	 * puzzles the sums of five cells cost more than the nodes they
	 * save (a search that goes on gets them at the next stage). */
	if (ok && DERIVED_SUMS && !solved(s, root) && !s->nomem) {
		if (!derive_sums(s, s->nkinds > 2 ? DERIVED_BOX_CELLS
						  : DERIVED_MAX_CELLS,
				 DERIVED_MAX_LINES))
			s->nomem = true;
		else
			ok = propagate(s, root);
		reset_work(s);
	}
	/* The tables hold the layouts the root's reasoning left: fewer than
	 * at the start, and valid in the whole search below.  A puzzle that
	 * reasoning alone solves needs none. */
	if (s->nomem) {
		/* Out of memory already: no search (reported below). */
	} else if (ok && !solved(s, root)) {
		search_root(s, root);
	} else if (!ok) {
		s->nodes = 1;
	} else {
		search(s, 0);
	}

	if (s->nomem) {
		engine_free(s);
		free(s);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	res->count = s->count;
	res->gave_up = s->gave_up;
	res->complete = !s->stop;
	res->nodes = s->nodes;
	res->branches = s->branches;
	res->difficulty = difficulty(s);
	memcpy(res->reason, s->reason, sizeof(res->reason));
	engine_free(s);
	free(s);
	return CDOK_OK;
}

/* cdki_root_candidates for this instance. */
int ENGINE_NAME(root_candidates)(const cdok_puzzle *p, int *counts)
{
	struct engine *s = cdok_malloc(sizeof(*s));
	dom_t *root = NULL;
	int ret = CDKI_CONTRADICTION;

	if (!s)
		return CDKI_NOMEM;
	if (engine_init(s, p)) {
		if (root_setup(s, &root) && propagate(s, root)) {
			ret = 1;
			for (int i = 0; i < s->ncells; i++) {
				counts[i] = popc(root[i]);
				if (counts[i] > 1)
					ret = 0;
			}
		}
		reset_work(s);
	}
	if (!root || s->nomem)
		ret = CDKI_NOMEM;
	engine_free(s);
	free(s);
	return ret;
}
