/* trial_nest.c -- a trial's nested splits (issue 39): when the singles
 * and cages after a wrong value stop short, and neither one split nor
 * the grader's techniques reach a contradiction, the cases of a split
 * may split again, up to TRIAL_DEPTH levels (trial.c tells the rest).
 * Nothing here changes the grader's state or which step it takes.
 */
#include <string.h>

#include "grade/grade.h"
#include "grade/trial.h"

/* Nested splits (issue 39): when neither one split nor the techniques
 * reach a contradiction, the cases of a split -- a cell's few
 * candidates, or the few places of a value in a unit -- may stop short
 * and split again, up to TRIAL_DEPTH levels: "so r5c5 is 1 or 4. If
 * r5c5 is 1, ...; if it is 4, r6c5 is 2 (...), so 7 in row 6 goes in
 * r6c1 or r6c6: if r6c1 is 7, ...".  Level lvl's state is kept in
 * t->lvl_*[lvl]. */
struct split {
	int cell;      /* a cell's candidates d, or ... */
	int unit, value; /* ... value's places in unit (d: their
			  * positions in it) */
	uint64_t d;
};

static void save_lvl(struct trial *t, int lvl)
{
	size_t nby = (size_t)t->ncells * (size_t)(t->n + 1);

	memcpy(t->lvl_dom[lvl], t->dom, (size_t)t->ncells * sizeof(uint64_t));
	memcpy(t->lvl_val[lvl], t->val, (size_t)t->ncells * sizeof(int));
	memcpy(t->lvl_by[lvl], t->by, nby * sizeof(int));
	t->lvl_nlinks[lvl] = t->nlinks;
}

static void restore_lvl(struct trial *t, int lvl)
{
	size_t nby = (size_t)t->ncells * (size_t)(t->n + 1);

	memcpy(t->dom, t->lvl_dom[lvl], (size_t)t->ncells * sizeof(uint64_t));
	memcpy(t->val, t->lvl_val[lvl], (size_t)t->ncells * sizeof(int));
	memcpy(t->by, t->lvl_by[lvl], nby * sizeof(int));
	t->nlinks = t->lvl_nlinks[lvl];
	t->dead_cell = t->dead_unit = t->dead_cage = -1;
}

/* The cell and value of case a (a bit of sp->d) of a split. */
static void split_at(const struct trial *t, const struct split *sp, int a,
		     int *cell, int *value)
{
	if (sp->cell >= 0) {
		*cell = sp->cell;
		*value = a;
	} else {
		*cell = unit_of(t->g, sp->unit)[a];
		*value = sp->value;
	}
}

/* Case a of the split sp at level lvl: true when it reaches a
 * contradiction by singles and cages; false when they stop short (t
 * then holds where). */
static bool split_put(struct trial *t, int lvl, const struct split *sp,
		      int a)
{
	int cell, value, k = t->lvl_nlinks[lvl];
	bool ok;

	restore_lvl(t, lvl);
	t->work -= 100;
	split_at(t, sp, a, &cell, &value);
	ok = cdki_trial_put(t, cell, value, sp->cell >= 0 ? L_SPLIT : L_USPLIT,
		 sp->unit);
	t->links[k].mask = sp->d;
	return !ok || cdki_trial_propagate(t) < 0;
}

static int split_search(struct trial *t, int lvl, int depth, int ways,
			struct split *best);

/* The cost of case a of sp (links kept, nested cases' summed), 0 when
 * it reaches no contradiction within depth splits. */
static int split_case(struct trial *t, int lvl, const struct split *sp,
		      int a, int depth, int ways)
{
	struct split inner;

	if (split_put(t, lvl, sp, a))
		return cdki_trial_kept(t);
	if (depth <= 1 || lvl + 1 >= TRIAL_DEPTH)
		return 0;
	return split_search(t, lvl + 1, depth - 1, ways, &inner);
}

/* The cost of every case of sp reaching a contradiction, 0 when one
 * does not. */
static int split_cost(struct trial *t, int lvl, const struct split *sp,
		      int depth, int ways)
{
	int cost = 0;

	for (uint64_t a = sp->d; a; a &= a - 1) {
		int kc = split_case(t, lvl, sp, __builtin_ctzll(a), depth,
				    ways);

		if (!kc)
			return 0;
		cost += kc;
	}
	return cost;
}

/* Keep sp when it is cheaper than *best; whether to stop looking (past
 * one level, the first found: the search for the cheapest costs too
 * much). */
static bool split_better(struct trial *t, int lvl, const struct split *sp,
			 int depth, int ways, struct split *best,
			 int *best_cost)
{
	int cost = split_cost(t, lvl, sp, depth, ways);

	if (cost && (!*best_cost || cost < *best_cost)) {
		*best = *sp;
		*best_cost = cost;
	}
	return *best_cost && depth > 1;
}

/* From the state t holds (the singles and cages stopped short): the
 * split of 2 to `ways` cases each of which reaches a contradiction
 * within depth nested splits (*best): the cheapest when depth is 1,
 * else the first found; its cost, 0 when none.  Cells first, then the
 * places of a value in a unit.  t is left holding the same state. */
static int split_search(struct trial *t, int lvl, int depth, int ways,
			struct split *best)
{
	const struct grader *g = t->g;
	int best_cost = 0;
	bool done = false;

	save_lvl(t, lvl);
	for (int c = 0; c < t->ncells && t->work > 0 && !done; c++) {
		struct split sp = { c, -1, 0, t->lvl_dom[lvl][c] };
		int k = cdok_popcount(sp.d);

		if (!t->lvl_val[lvl][c] && k >= 2 && k <= ways)
			done = split_better(t, lvl, &sp, depth, ways, best,
					    &best_cost);
	}
	/* The units, Killer X's diagonals (3n, 3n + 1) last. */
	for (int k = 0; k < g->nkinds * t->n +
	     (cdki_has_diagonals(g->p) ? 2 : 0) && !done; k++) {
		int unit = k < g->nkinds * t->n ? k
			   : 3 * t->n + k - g->nkinds * t->n;
		const int *u = unit_of(g, unit);

		for (int v = 1; v <= t->n && t->work > 0 && !done; v++) {
			struct split sp = { -1, unit, v, 0 };
			bool placed = false;

			for (int i = 0; i < t->n; i++) {
				placed |= t->lvl_val[lvl][u[i]] == v;
				if (!t->lvl_val[lvl][u[i]] &&
				    (t->lvl_dom[lvl][u[i]] & BIT(v)))
					sp.d |= BIT(i);
			}
			if (!placed && cdok_popcount(sp.d) >= 2 &&
			    cdok_popcount(sp.d) <= ways)
				done = split_better(t, lvl, &sp, depth, ways,
						    best, &best_cost);
		}
	}
	restore_lvl(t, lvl);
	return best_cost;
}

/* "r5c5 is 1, 4 or 7", "7 in row 6 goes in r6c1 or r6c6" */
static void say_either(const struct trial *t, const struct split *sp,
		       struct strbuf *sb)
{
	int count = cdok_popcount(sp->d), i = 0;

	if (sp->cell >= 0) {
		cdki_text_cell(t->g, sp->cell, sb);
		sb_puts(sb, " is ");
	} else {
		cdki_sb_printf(sb, "%d in ", sp->value);
		cdki_text_unit(t->g, sp->unit, sb);
		sb_puts(sb, " goes in ");
	}
	for (uint64_t a = sp->d; a; a &= a - 1, i++) {
		int cell, value;

		sb_puts(sb, i == 0 ? "" : i == count - 1 ? " or " : ", ");
		split_at(t, sp, __builtin_ctzll(a), &cell, &value);
		if (sp->cell >= 0)
			cdki_sb_printf(sb, "%d", value);
		else
			cdki_text_cell(t->g, cell, sb);
	}
}

/* The cases of the split sp at level lvl (split_search() has just
 * chosen it from the state t holds), in words: level 0's as sentences
 * ("If r5c5 is 1, ..., and r7c7 has no value left."), level 1's after a
 * colon joined by semicolons, deeper ones in brackets.  ORs into keep
 * the links below the split that the cases rest on. */
static void say_split(struct trial *t, int lvl, const struct split *sp,
		      int depth, int ways, struct strbuf *sb, bool *keep)
{
	bool *ck = t->lvl_keep[lvl];
	int base = t->lvl_nlinks[lvl], i = 0;

	for (uint64_t a = sp->d; a; a &= a - 1, i++) {
		struct split inner = { -1, -1, 0, 0 };
		struct strbuf more;
		int cell, value;

		split_at(t, sp, __builtin_ctzll(a), &cell, &value);
		cdki_sb_init(&more);
		if (split_put(t, lvl, sp, __builtin_ctzll(a))) {
			cdki_trial_kept(t);
			memcpy(ck, t->keep, (size_t)t->nlinks * sizeof(bool));
		} else {
			memset(ck, 0, (size_t)t->cap * sizeof(bool));
			if (lvl + 1 < TRIAL_DEPTH && depth > 1 &&
			    split_search(t, lvl + 1, depth - 1, ways, &inner))
				say_split(t, lvl + 1, &inner, depth - 1, ways,
					  &more, ck);
			else
				t->lost = true;
		}
		if (lvl == 0)
			sb_puts(sb, i ? " If " : "If ");
		else
			sb_puts(sb, i ? "; if " : "");
		if (lvl == 0 || i == 0 || sp->cell < 0) {
			cdki_text_cell(t->g, cell, sb);
			cdki_sb_printf(sb, " is %d, ", value);
		} else {
			cdki_sb_printf(sb, "it is %d, ", value);
		}
		if (inner.d) {
			if (cdki_trial_say_chain(t, ck, base + 1, t->lvl_nlinks[lvl + 1],
				      sb))
				sb_puts(sb, "so ");
			say_either(t, &inner, sb);
			sb_puts(sb, lvl + 1 == 1 ? ": if " : " (if ");
			sb_puts(sb, more.data ? more.data : "");
			sb_puts(sb, lvl + 1 == 1 ? "" : ")");
		} else {
			if (cdki_trial_say_chain(t, ck, base + 1, t->nlinks, sb))
				sb_puts(sb, "and ");
			cdki_trial_say_dead(t, sb);
		}
		if (lvl == 0)
			sb_puts(sb, ".");
		if (more.failed)
			sb->failed = true;
		cdki_sb_free(&more);
		for (int k = 0; k < base; k++)
			keep[k] |= ck[k];
	}
}

/* Past one split and the techniques: nested splits from where the
 * singles and cages stopped after v in cell (t holds that state), the
 * shallowest found.  false when none is found within the work. */
bool cdki_trial_nested(struct trial *t, int cell, int v, struct strbuf *sb)
{
	const struct grader *g = t->g;

	t->work = TRIAL_WORK;
	for (int depth = 2; depth <= TRIAL_DEPTH; depth++) {
		for (int ways = 2; ways <= TRIAL_WAYS; ways++) {
			struct strbuf cases, head;
			struct split best;

			if (!split_search(t, 0, depth, ways, &best))
				continue;
			memset(t->outer_keep, 0, (size_t)t->cap * sizeof(bool));
			t->outer_keep[0] = true;
			cdki_sb_init(&cases);
			/* Saying searches again, the same way: the same
			 * work. */
			t->work = TRIAL_WORK;
			t->lost = false;
			say_split(t, 0, &best, depth, ways, &cases,
				  t->outer_keep);
			if (t->lost) {
				cdki_sb_free(&cases);
				restore_lvl(t, 0);
				return false;
			}
			sb_puts(sb, "Suppose ");
			cdki_text_cell(g, cell, sb);
			cdki_sb_printf(sb, " is %d: ", v);
			cdki_sb_init(&head);
			if (cdki_trial_say_chain(t, t->outer_keep, 1, t->lvl_nlinks[0],
				      &head) && head.data) {
				sb_puts(sb, "then ");
				sb_puts(sb, head.data);
				sb_puts(sb, "so ");
			}
			if (head.failed)
				sb->failed = true;
			cdki_sb_free(&head);
			say_either(t, &best, sb);
			sb_puts(sb, ". ");
			sb_puts(sb, cases.data ? cases.data : "");
			sb_puts(sb, " Either way, ");
			cdki_text_cell(g, cell, sb);
			cdki_sb_printf(sb, " is not %d. ", v);
			if (cases.failed)
				sb->failed = true;
			cdki_sb_free(&cases);
			restore_lvl(t, 0);
			return true;
		}
	}
	return false;
}
