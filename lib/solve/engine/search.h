/* engine/search.h -- the search: depth first with propagation at every
 * node, and search_root's stages, escalation and restarts. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

static void search(struct engine *s, int depth)
{
	dom_t *dom = s->levels[depth];
	dom_t *child, later, first;
	int best, best_count;

	s->nodes++;
#if LAYOUT_TABLES
	/* The tables of the cages the root left open come once the search
	 * has gone on for a while (search_root). */
	if (s->tables_due && s->nodes > TABLES_AFTER_NODES) {
		s->tables_due = false;
		if (!tables_after_root(s, s->levels[0], LAYOUT_MAX,
				       LAYOUT_BUDGET, s->nkinds < 3)) {
			s->nomem = s->stop = true;
			return;
		}
	}
#endif
	if (s->max_nodes && s->nodes > s->max_nodes) {
		s->gave_up = s->stop = true;
		return;
	}
	if (s->cut_at && s->nodes > s->cut_at) {
		s->cut = s->stop = true;
		nogoods_cut(s, depth);
		return;
	}
	/* Ask the caller every 256 nodes, and sooner when nodes are slow
	 * (a million units of work is a few milliseconds). */
	if (s->on_progress && ((s->nodes & 255) == 0 ||
			       s->work - s->polled_work > 1000000)) {
		s->polled_work = s->work;
		if (s->on_progress(s->progress_user, s->nodes)) {
			s->gave_up = s->stop = true;
			return;
		}
	}
	/* Branch where the search has failed before (dom/wdeg): it is
	 * likely to fail there again, and failing early keeps the tree
	 * small.  Without this, random larger puzzles send a plain
	 * fewest-candidates search into huge dead subtrees (a 12 x 12
	 * measured at 246,000 nodes drops to 2,700).  Free lines wait until
	 * everything else is decided; then they are filled at once. */
	best = pick_branch(s, dom, s->deferred != NULL, &best_count);
	if (best < 0 && s->deferred) {
		if (units_complete(s, dom)) {
			found_values(s);
			return;
		}
		best = pick_branch(s, dom, false, &best_count);
	}
	if (best < 0) {
		found_solution(s, dom);
		return;
	}
	child = level(s, depth + 1);
	if (!child) {
		s->nomem = s->stop = true;
		return;
	}
	s->branches++;
	s->branch_score += (uint64_t)(best_count - 1) *
			   (uint64_t)(best_count - 1);
	nogoods_branch(s, depth, best);
	/* Values in increasing order; a restarted run (search_root) starts
	 * from another one, so that it does not walk where the last run
	 * did. */
	later = dom[best];
	first = 0;
	if (s->rotate) {
		uint32_t h = (uint32_t)s->rotate * 2654435761u ^
			     (uint32_t)best * 40503u;

		for (int skip = (int)((h >> 16) % (uint32_t)best_count); skip;
		     skip--) {
			first |= later & -later;
			later &= later - 1;
		}
	}
	for (dom_t cand = later; !s->stop && (cand || first);
	     cand &= cand - 1) {
		size_t mark = s->trail_top;
#ifdef CDOK_DEBUG
		/* The tables made below this node come after these words. */
		size_t nlive = s->nlive;
		uint64_t digest = live_digest(s, nlive);
#endif

		if (!cand) {
			cand = first;
			first = 0;
		}
		nogoods_try(s, depth, low_value(cand));
		memcpy(child, dom, s->level_bytes);
		child[best] = cand & -cand;
		mark_cell(s, best);
		units_changed(s, best, child[best], true);
		s->node_id = ++s->nodes_made;
		if (propagate(s, child))
			search(s, depth + 1);
		else
			/* A value that fails at once: the cell itself is
			 * where the search fails (BRANCH_WEIGHT). */
			s->wcell[best] += BRANCH_WEIGHT;
		tables_undo(s, mark);
		/* The trail put back exactly what the child changed. */
		CDOK_ASSERT(s->trail_top == mark &&
			    live_digest(s, nlive) == digest);
		nogoods_tried(s, depth, cand & -cand);
	}
}

/* When the first stage is cut short: after ESCALATE_NODES nodes, or
 * ESCALATE_LOOSE_NODES in a puzzle with boxes and a cell that is in no
 * cage and not given (HS_KILLERS of ISS: the sums of single units leave
 * such a cell's unit more than DERIVED_BOX_CELLS cells, so the first
 * stage has next to no derived sums, and the wider ones decide). */
static uint64_t escalate_at(const struct engine *s)
{
	if (s->nkinds > 2)
		for (int i = 0; i < s->ncells; i++)
			if (s->cage_of[i] < 0 &&
			    !cdok_has_given(s->puzzle, i))
				return ESCALATE_LOOSE_NODES;
	return ESCALATE_NODES;
}

/* The search from the root, in at most three stages.  Most puzzles need
 * few nodes, and for them the sums the units imply are looked for
 * sparingly (single lines and boxes, at most DERIVED_MAX_CELLS cells).
 * A search still going after ESCALATE_NODES nodes is cut short, and
 * starts again from the root with the sums of up to DERIVED_WIDE_LINES
 * neighbouring lines and DERIVED_WIDE_CELLS cells: on random sum-only
 * grids they are what keeps the tree small (a 9 x 9 that took minutes
 * takes milliseconds), and their cost is paid only where it pays.  One
 * still going after ESCALATE_BIG_NODES starts again with layout tables
 * of up to LAYOUT_BIG layouts for the cages too loose for one so far
 * (cages of 5 to 7 cells whose enumeration ran out of steps and fell
 * back on bounds): worth their making only in a long search.  That last
 * stage is cut short and started again after RESTART_FIRST nodes, then
 * after RESTART_GROW percent as many as the run before, until it finds
 * a solution, keeping the failure weights: the search of a random
 * sum-only grid is heavy-tailed, a run that went wrong near the root
 * can take a hundred times the nodes of one that did not, and each new
 * run starts with better weights.  What a run cut short had refuted
 * is kept as nogoods (record_nogoods), so no later run refutes it
 * again. */
static void search_root(struct engine *s, dom_t *root)
{
	s->stage = 0;
	s->cut_at = DERIVED_SUMS ? escalate_at(s) : LAYOUT_TABLES ?
		    ESCALATE_BIG_NODES : 0;
	if (!nogoods_path_alloc(s))
		return;
#if LAYOUT_TABLES
	/* The tables hold the layouts the root's reasoning left: fewer than
	 * at the start, and valid in the whole search below.  With boxes
	 * the derived cages wait for the next stage: 27 units give many,
	 * their tables are the largest (sums of five cells, a few hundred
	 * layouts each), and on a Killer puzzle whose search takes a few
	 * nodes they were up to a third of the solve (killer_ku_04: 1.06 M
	 * instructions with them, 0.84 M without).  Without boxes they
	 * stay: on the random sum-only 12 x 12s of bench/sum12, whose
	 * searches are long, leaving them out cost 14 % (24.0 s in all
	 * against 21.1 s).  When the root's reasoning has left most values
	 * in place (three quarters of all, on average: a random sum-only
	 * grid keeps nearly all) the search will be long and the tables
	 * come at once; otherwise once it passes TABLES_AFTER_NODES nodes
	 * (Keen's and Solo's puzzles keep at most two thirds, and search a
	 * few nodes: on the Extreme and Unreasonable 9 x 9s the tables were
	 * a quarter of the solve). */
	{
		uint64_t left = 0;

		for (int i = 0; i < s->ncells; i++)
			left += (uint64_t)popc(root[i]);
		if (4 * left > 3 * (uint64_t)s->ncells * (uint64_t)s->n) {
			if (!tables_after_root(s, root, LAYOUT_MAX,
					       LAYOUT_BUDGET, s->nkinds < 3))
				return;
		} else {
			s->tables_due = true;
		}
	}
#endif
	search(s, 0);
	while (s->cut) {
		s->cut = s->stop = false;
		s->stage++;
		s->node_id = 0;
		s->tables_due = false;
		if (!root_nogoods(s, root))
			return;
		/* With the wider sums the failure weights start again too:
		 * what failed under the weaker reasoning misleads the
		 * stronger (on the random sum-only 9 x 9s, keeping them left
		 * a tail of 1.6 s against 0.17 s).  The larger tables keep
		 * them: they still point at the right places (on the random
		 * sum-only 12 x 12s of bench/sum12, 55 s in all against 74 s
		 * when they start again). */
		if (s->stage == 1) {
			memset(s->wcage, 0,
			       (size_t)s->ncages * sizeof(uint32_t));
			memset(s->wunit, 0,
			       (size_t)s->nunits * sizeof(uint32_t));
			memset(s->wcell, 0,
			       (size_t)s->ncells * sizeof(uint32_t));
		}
		if (s->stage == 1 && DERIVED_SUMS) {
			/* Wider derived sums, and the tables of the cages
			 * they narrowed. */
			s->cut_at = LAYOUT_TABLES ? ESCALATE_BIG_NODES : 0;
			if (!derive_sums(s, DERIVED_WIDE_CELLS,
					 DERIVED_WIDE_LINES)) {
				s->nomem = true;
				return;
			}
			if (!propagate(s, root) ||
			    !tables_after_root(s, root, LAYOUT_MAX, LAYOUT_BUDGET,
					       true))
				return;
		} else if (s->stage == 2) {
			/* Tables for the cages with too many layouts so
			 * far: a search this long pays for them.  Then the
			 * restarts. */
			s->restart_len = RESTART_FIRST;
			s->cut_at = RESTART_FIRST ? s->nodes + RESTART_FIRST : 0;
			if (!tables_after_root(s, root, LAYOUT_BIG,
					       LAYOUT_BIG_BUDGET, true))
				return;
		} else {
			/* Another run, longer than the last. */
			s->rotate = ROTATE_VALUES ? s->rotate + 1 : 0;
			s->restart_len = s->restart_len * RESTART_GROW / 100;
			s->cut_at = s->nodes + s->restart_len;
		}
		search(s, 0);
	}
}
