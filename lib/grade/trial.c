/* trial.c -- what a trial step shows (issue 39): for each candidate of
 * the guessed cell other than the solution's value, the contradiction
 * it leads to, as a few links a person can check one at a time
 * ("Suppose r4c2 is 9: then r5c2 is 3 (its only candidate), ..., and
 * r7c7 has no value left; so r4c2 is not 9.").
 *
 * The links are singles and cages, from the candidates of the step's
 * state: the assumed value leaves the cells that see it, then each
 * naked or hidden single is placed in turn, and when there is none, a
 * cage rules out what no way of filling it puts in a cell; until a cell
 * has no value left, a value no place in a unit or a cage no way of
 * being filled.  A backward pass then keeps only the
 * placements the contradiction rests on (those that removed the
 * candidates it lacks, and theirs).  When they stop short, one split
 * (a cell of two candidates), then the grader's techniques, then nested
 * splits (trial_nest.c).  Nothing here changes the grader's state or
 * which step it takes: it only writes words.
 */
#include <string.h>

#include "grade/grade.h"
#include "grade/trial.h"

/* Remove v from cell o, as link k did; false on a contradiction. */
static bool strike(struct trial *t, int o, int v, int k)
{
	if (t->val[o] || !(t->dom[o] & BIT(v)))
		return true;
	t->dom[o] &= ~BIT(v);
	t->by[o * (t->n + 1) + v] = k;
	if (!t->dom[o]) {
		t->dead_cell = o;
		return false;
	}
	return true;
}

/* Place link k's value; false on a contradiction. */
static bool put(struct trial *t, int cell, int v, int kind, int unit)
{
	const struct grader *g = t->g;
	int k = t->nlinks++, cage = g->p->cage_of[cell];

	t->links[k] = (struct link){ cell, v, kind, unit, 0 };
	t->val[cell] = v;
	t->dom[cell] = BIT(v);
	for (int j = 0; j < g->nkinds; j++) {
		const int *u = unit_of(g, cell_unit(g, cell, j));

		for (int i = 0; i < t->n; i++)
			if (u[i] != cell && !strike(t, u[i], v, k))
				return false;
	}
	/* Killer X: the cell's diagonals too (none without the rule). */
	for (int j = 0, d[2], nd = cdki_diagonals_of(g->p, cell, d); j < nd;
	     j++) {
		const int *u = unit_of(g, d[j]);

		for (int i = 0; i < t->n; i++)
			if (u[i] != cell && !strike(t, u[i], v, k))
				return false;
	}
	if (cage >= 0 && g->p->cages[cage].distinct) {
		const struct cdok_cage *c = &g->p->cages[cage];

		for (int i = 0; i < c->ncells; i++)
			if (c->cells[i] != cell && !strike(t, c->cells[i], v, k))
				return false;
	}
	return true;
}

/* Whether cells a and b of a cage must differ. */
static bool must_differ(const struct trial *t, const struct cdok_cage *c,
			int a, int b)
{
	return c->distinct || a / t->n == b / t->n || a % t->n == b % t->n;
}

/* The layouts of cage c from its cell i on under the trial's
 * candidates, each noted in support; whether there is one (budget
 * permitting: t->budget < 0 means it ran out). */
static bool layouts(struct trial *t, const struct cdok_cage *c, int i)
{
	bool any = false;

	if (--t->budget < 0)
		return false;
	if (i == c->ncells) {
		if (!cdki_ops_hold(cdok_clue_ops(c->op, c->ncells,
						 t->g->p->rules), c->target,
				   t->vals, c->ncells))
			return false;
		for (int k = 0; k < c->ncells; k++)
			t->support[k] |= BIT(t->vals[k]);
		return true;
	}
	for (uint64_t a = t->dom[c->cells[i]]; a; a &= a - 1) {
		int v = __builtin_ctzll(a);
		bool ok = true;

		for (int k = 0; k < i && ok; k++)
			ok = t->vals[k] != v ||
			     !must_differ(t, c, c->cells[k], c->cells[i]);
		if (!ok)
			continue;
		t->vals[i] = v;
		any |= layouts(t, c, i + 1);
		if (t->budget < 0)
			return false;
	}
	return any;
}

/* A cage that rules something out, as one link: 1, 0 when none does,
 * -1 when a cage has no way left of being filled. */
static int next_cage(struct trial *t)
{
	const struct grader *g = t->g;

	for (int cage = 0; cage < g->p->ncages; cage++) {
		const struct cdok_cage *c = &g->p->cages[cage];
		bool open = false, cut = false, ok;
		int k = t->nlinks;

		if (c->ncells > 2 * CDOK_MAX_SIZE || c->ncells < 2)
			continue;
		for (int i = 0; i < c->ncells; i++) {
			open |= !t->val[c->cells[i]];
			t->support[i] = 0;
		}
		t->budget = TRIAL_CAGE_BUDGET;
		if (!open) {
			/* Filled: its clue must hold. */
			if (layouts(t, c, 0))
				continue;
			t->dead_cage = cage;
			return -1;
		}
		ok = layouts(t, c, 0);
		t->work -= TRIAL_CAGE_BUDGET - t->budget;
		if (!ok) {
			if (t->budget < 0)
				continue;
			t->dead_cage = cage;
			return -1;
		}
		for (int i = 0; i < c->ncells && !cut; i++)
			cut = (t->dom[c->cells[i]] & ~t->support[i]) != 0;
		if (!cut)
			continue;
		t->links[t->nlinks++] = (struct link){ -1, 0, L_CAGE, cage, 0 };
		for (int i = 0; i < c->ncells; i++)
			for (uint64_t a = t->dom[c->cells[i]] & ~t->support[i];
			     a; a &= a - 1)
				strike(t, c->cells[i], __builtin_ctzll(a), k);
		return 1;
	}
	return 0;
}

/* The next single, placed: 1, 0 when there is none, -1 on a
 * contradiction (a value with no place in a unit, too). */
static int next_single(struct trial *t)
{
	const struct grader *g = t->g;
	int nunits = g->nkinds * t->n;
	/* Killer X's diagonals (units 3n, 3n + 1) after the others. */
	int nall = nunits + (cdki_has_diagonals(g->p) ? 2 : 0);

	for (int c = 0; c < t->ncells; c++)
		if (!t->val[c] && cdok_popcount(t->dom[c]) == 1)
			return put(t, c, __builtin_ctzll(t->dom[c]), L_NAKED,
				   -1) ? 1 : -1;
	for (int k = 0; k < nall; k++) {
		int unit = k < nunits ? k : 3 * t->n + (k - nunits);
		const int *u = unit_of(g, unit);

		for (int v = 1; v <= t->n; v++) {
			int places = 0, at = -1;
			bool placed = false;

			for (int i = 0; i < t->n; i++) {
				placed |= t->val[u[i]] == v;
				if (!t->val[u[i]] && (t->dom[u[i]] & BIT(v))) {
					places++;
					at = u[i];
				}
			}
			if (placed || places > 1)
				continue;
			if (!places) {
				t->dead_unit = unit;
				t->dead_value = v;
				return -1;
			}
			return put(t, at, v, L_HIDDEN, unit) ? 1 : -1;
		}
	}
	return next_cage(t);
}

/* Keep the link that removed v from cell (none: it was gone before). */
static void need(struct trial *t, int cell, int v)
{
	int k = t->by[cell * (t->n + 1) + v];

	if (k >= 0)
		t->keep[k] = true;
}

/* Keep the links before link `before` that removed candidates from
 * the cells of cage. */
static void need_cage(struct trial *t, int cage, int before,
		      const uint64_t *start)
{
	const struct cdok_cage *c = &t->g->p->cages[cage];

	for (int i = 0; i < c->ncells; i++)
		for (uint64_t a = start[c->cells[i]]; a; a &= a - 1) {
			int v = __builtin_ctzll(a),
			    k = t->by[c->cells[i] * (t->n + 1) + v];

			if (k >= 0 && k < before)
				t->keep[k] = true;
		}
}

/* The backward pass: the links the contradiction rests on. */
static void rest_on(struct trial *t, const uint64_t *start)
{
	const struct grader *g = t->g;

	memset(t->keep, 0, (size_t)t->nlinks * sizeof(bool));
	t->keep[0] = true;
	if (t->dead_cage >= 0) {
		need_cage(t, t->dead_cage, t->nlinks, start);
	} else if (t->dead_cell >= 0) {
		for (uint64_t a = start[t->dead_cell]; a; a &= a - 1)
			need(t, t->dead_cell, __builtin_ctzll(a));
	} else {
		const int *u = unit_of(g, t->dead_unit);

		for (int i = 0; i < t->n; i++)
			if (start[u[i]] & BIT(t->dead_value))
				need(t, u[i], t->dead_value);
	}
	for (int k = t->nlinks - 1; k > 0; k--) {
		const struct link *l = &t->links[k];

		if (!t->keep[k])
			continue;
		if (l->kind == L_CAGE) {
			need_cage(t, l->unit, k, start);
		} else if (l->kind == L_SPLIT) {
			/* The cell is down to these two (or these few). */
			uint64_t left = l->mask ? l->mask :
					BIT(l->value) | BIT(l->unit);

			for (uint64_t a = start[l->cell] & ~left; a;
			     a &= a - 1)
				need(t, l->cell, __builtin_ctzll(a));
		} else if (l->kind == L_ASSUME) {
			continue;
		} else if (l->kind == L_USPLIT) {
			/* The value's places in the unit are down to
			 * these. */
			const int *u = unit_of(g, l->unit);

			for (int i = 0; i < t->n; i++)
				if (!(l->mask & BIT(i)) &&
				    (start[u[i]] & BIT(l->value)))
					need(t, u[i], l->value);
		} else if (l->kind == L_NAKED) {
			for (uint64_t a = start[l->cell] & ~BIT(l->value); a;
			     a &= a - 1)
				need(t, l->cell, __builtin_ctzll(a));
		} else {
			const int *u = unit_of(g, l->unit);

			for (int i = 0; i < t->n; i++)
				if (u[i] != l->cell &&
				    (start[u[i]] & BIT(l->value)))
					need(t, u[i], l->value);
		}
	}
}

/* Singles and cages until a contradiction (-1) or none applies (0). */
static int propagate(struct trial *t)
{
	int r;

	while ((r = next_single(t)) > 0 && t->nlinks < t->cap - 1)
		;
	return r < 0 ? -1 : 0;
}

/* After a contradiction: the links it rests on, how many. */
static int kept(struct trial *t)
{
	int r = 0;

	rest_on(t, t->g->dom);
	for (int k = 0; k < t->nlinks; k++)
		r += t->keep[k];
	return r;
}

/* Try v in cell from g's state: the links kept, or 0 when singles
 * and cages reach no contradiction (t then holds where they stop). */
static int try_value(struct trial *t, int cell, int v)
{
	const struct grader *g = t->g;

	memcpy(t->dom, g->dom, (size_t)t->ncells * sizeof(uint64_t));
	memcpy(t->val, g->val, (size_t)t->ncells * sizeof(int));
	for (int i = 0; i < t->ncells * (t->n + 1); i++)
		t->by[i] = -1;
	t->nlinks = 0;
	t->dead_cell = t->dead_unit = t->dead_cage = -1;
	if (put(t, cell, v, L_ASSUME, -1) && propagate(t) == 0)
		return 0;
	return kept(t);
}

static void save(struct trial *t)
{
	size_t nby = (size_t)t->ncells * (size_t)(t->n + 1);

	memcpy(t->save_dom, t->dom, (size_t)t->ncells * sizeof(uint64_t));
	memcpy(t->save_val, t->val, (size_t)t->ncells * sizeof(int));
	memcpy(t->save_by, t->by, nby * sizeof(int));
	t->save_nlinks = t->nlinks;
}

static void restore(struct trial *t)
{
	size_t nby = (size_t)t->ncells * (size_t)(t->n + 1);

	memcpy(t->dom, t->save_dom, (size_t)t->ncells * sizeof(uint64_t));
	memcpy(t->val, t->save_val, (size_t)t->ncells * sizeof(int));
	memcpy(t->by, t->save_by, nby * sizeof(int));
	t->nlinks = t->save_nlinks;
	t->dead_cell = t->dead_unit = t->dead_cage = -1;
}

/* One side of a split at the branch point: cell is a (b the other):
 * the links kept, or 0 when it reaches no contradiction. */
static int side(struct trial *t, int cell, int a, int b)
{
	restore(t);
	if (put(t, cell, a, L_SPLIT, b) && propagate(t) == 0)
		return 0;
	return kept(t);
}

/* "the 7+ cage at r2c3 rules out 5 in r2c4 and 2 in r2c3" */
static void say_cage_link(const struct trial *t, int k, struct strbuf *sb)
{
	const struct grader *g = t->g;
	const struct cdok_cage *c = &g->p->cages[t->links[k].unit];
	char name[96];
	int said = 0;

	cdki_cage_name(g->p, t->links[k].unit, name, sizeof(name));
	sb_puts(sb, name);
	sb_puts(sb, " rules out ");
	for (int i = 0; i < c->ncells; i++) {
		int cell = c->cells[i], m = 0, count = 0;

		for (int v = 1; v <= t->n; v++)
			count += t->by[cell * (t->n + 1) + v] == k;
		/* "5 in r2c4 and 1, 2 or 6 in r2c3" */
		for (int v = 1; v <= t->n; v++)
			if (t->by[cell * (t->n + 1) + v] == k) {
				cdki_sb_printf(sb, "%s%d", said && !m ? " and " :
					       !m ? "" : m == count - 1 ? " or "
					       : ", ", v);
				m++;
			}
		if (!m)
			continue;
		sb_puts(sb, " in ");
		cdki_text_cell(g, cell, sb);
		said++;
	}
}

/* The kept links from..to-1, each followed by ", "; how many. */
static int say_chain(const struct trial *t, const bool *keep, int from,
		     int to, struct strbuf *sb)
{
	const struct grader *g = t->g;
	int told = 0;

	for (int k = from; k < to; k++) {
		const struct link *l = &t->links[k];

		if (!keep[k] || l->kind == L_ASSUME || l->kind == L_SPLIT ||
		    l->kind == L_USPLIT)
			continue;
		if (l->kind == L_CAGE) {
			say_cage_link(t, k, sb);
			sb_puts(sb, ", ");
			told++;
			continue;
		}
		cdki_text_cell(g, l->cell, sb);
		cdki_sb_printf(sb, " is %d (", l->value);
		if (l->kind == L_NAKED) {
			sb_puts(sb, "its only candidate");
		} else {
			cdki_sb_printf(sb, "the only place for %d in ",
				       l->value);
			cdki_text_unit(g, l->unit, sb);
		}
		sb_puts(sb, "), ");
		told++;
	}
	return told;
}

/* The contradiction reached. */
static void say_dead(const struct trial *t, struct strbuf *sb)
{
	const struct grader *g = t->g;

	if (t->dead_cage >= 0) {
		char name[96];

		cdki_cage_name(g->p, t->dead_cage, name, sizeof(name));
		sb_puts(sb, name);
		sb_puts(sb, " has no way left of being filled");
	} else if (t->dead_cell >= 0) {
		cdki_text_cell(g, t->dead_cell, sb);
		sb_puts(sb, " has no value left");
	} else {
		cdki_sb_printf(sb, "%d has no place left in ", t->dead_value);
		cdki_text_unit(g, t->dead_unit, sb);
	}
}

static void say_links(struct trial *t, struct strbuf *sb)
{
	const struct grader *g = t->g;
	const struct link *first = &t->links[0];

	sb_puts(sb, "Suppose ");
	cdki_text_cell(g, first->cell, sb);
	cdki_sb_printf(sb, " is %d: then ", first->value);
	if (say_chain(t, t->keep, 1, t->nlinks, sb))
		sb_puts(sb, "and ");
	say_dead(t, sb);
	sb_puts(sb, "; so ");
	cdki_text_cell(g, first->cell, sb);
	cdki_sb_printf(sb, " is not %d. ", first->value);
}

/* One side of the split, in words: "if r3c4 is 5, r3c5 is 2 (...), and
 * r3c6 has no value left". */
static void say_side(struct trial *t, int cell, int a, int b,
		     struct strbuf *sb)
{
	side(t, cell, a, b);
	for (int k = 0; k < t->save_nlinks; k++)
		t->outer_keep[k] |= t->keep[k];
	sb_puts(sb, "if ");
	cdki_text_cell(t->g, cell, sb);
	cdki_sb_printf(sb, " is %d, ", a);
	if (say_chain(t, t->keep, t->save_nlinks + 1, t->nlinks, sb))
		sb_puts(sb, "and ");
	say_dead(t, sb);
}

/* Where the singles and cages stop short after v in cell: a cell of
 * two candidates both of which reach a contradiction, told as two
 * cases.  false when no such cell is found. */
static bool branch(struct trial *t, int cell, int v, struct strbuf *sb)
{
	const struct grader *g = t->g;
	int best = -1, best_cost = 0, tried = 0;
	struct strbuf one, two;

	save(t);
	for (int c = 0; c < t->ncells && tried < TRIAL_SPLITS; c++) {
		uint64_t d = t->save_dom[c];
		int a, b, ka, kb;

		if (t->save_val[c] || cdok_popcount(d) != 2)
			continue;
		tried++;
		a = __builtin_ctzll(d);
		b = 63 - __builtin_clzll(d);
		ka = side(t, c, a, b);
		kb = ka ? side(t, c, b, a) : 0;
		if (ka && kb && (best < 0 || ka + kb < best_cost)) {
			best = c;
			best_cost = ka + kb;
		}
	}
	if (best < 0)
		return false;
	memset(t->outer_keep, 0, (size_t)t->save_nlinks * sizeof(bool));
	t->outer_keep[0] = true;
	cdki_sb_init(&one);
	cdki_sb_init(&two);
	{
		int a = __builtin_ctzll(t->save_dom[best]);
		int b = 63 - __builtin_clzll(t->save_dom[best]);

		say_side(t, best, a, b, &one);
		say_side(t, best, b, a, &two);
		sb_puts(sb, "Suppose ");
		cdki_text_cell(g, cell, sb);
		cdki_sb_printf(sb, " is %d: then ", v);
		say_chain(t, t->outer_keep, 1, t->save_nlinks, sb);
		sb_puts(sb, "so ");
		cdki_text_cell(g, best, sb);
		cdki_sb_printf(sb, " is %d or %d. ", a, b);
	}
	/* "If r3c4 is 5, ...; if it is 7, ...". */
	if (one.len)
		one.data[0] = 'I';
	sb_puts(sb, one.data ? one.data : "");
	sb_puts(sb, "; ");
	sb_puts(sb, two.data ? two.data : "");
	sb_puts(sb, ". Either way, ");
	cdki_text_cell(g, cell, sb);
	cdki_sb_printf(sb, " is not %d. ", v);
	if (one.failed || two.failed)
		sb->failed = true;
	cdki_sb_free(&one);
	cdki_sb_free(&two);
	return true;
}

/* Past the singles and cages: the grader's own techniques (all but
 * trial) from the trial's state, as recorded steps.  Returns how many
 * steps led to a contradiction (their sentences, those the
 * contradiction rests on, in sb), or 0 when they reach none. */

static bool on_deep_step(void *user, struct grader *g)
{
	struct deep_run *r = user;

	if (r->nsteps == r->cap) {
		int cap = r->cap ? 2 * r->cap : 16;
		cdok_step *s = cdok_realloc(r->steps, (size_t)cap * sizeof(*s));

		if (!s) {
			r->nomem = true;
			return false;
		}
		r->steps = s;
		r->cap = cap;
	}
	if (!cdki_step_export(g, &r->steps[r->nsteps])) {
		r->nomem = true;
		return false;
	}
	r->nsteps++;
	return true;
}

/* The grader's techniques from val and dom, recorded in run; the
 * state where they stop in stop_val and stop_dom when given.  The
 * grader's result (CDKI_CONTRADICTION when they reach one). */
int cdki_trial_run(const struct grader *g, const int *val,
			  const uint64_t *dom, struct deep_run *run,
			  int *stop_val, uint64_t *stop_dom)
{
	struct grader g2;
	int order[TECH_COUNT], norder, r;

	norder = cdki_grade_order(g->scale, -1, order);
	if (!cdki_grader_init(&g2, g->p, val, dom)) {
		cdki_grader_free(&g2);
		run->nomem = true;
		return 0;
	}
	g2.record = true;
	r = cdki_grade_run(&g2, order, norder, on_deep_step, run);
	if (stop_val)
		memcpy(stop_val, g2.val, (size_t)g->ncells * sizeof(int));
	if (stop_dom)
		memcpy(stop_dom, g2.dom, (size_t)g->ncells * sizeof(uint64_t));
	cdki_grader_free(&g2);
	return r;
}

void cdki_trial_run_free(struct deep_run *run)
{
	for (int i = 0; i < run->nsteps; i++)
		cdki_step_free(&run->steps[i]);
	free(run->steps);
	run->steps = NULL;
	run->nsteps = run->cap = 0;
	run->nomem = false;
}

/* The steps of steps[from..to-1] marked in needed, each after a
 * space but the first: the last in its own sentence (the
 * contradiction), and before it each routine one (a single, a cage's
 * removals) only as its conclusion, in runs of clauses ("Then r6c9 is
 * 9 (its only candidate), the 5- cage at r6c8 rules out 8 in r6c8.");
 * how many. */
int cdki_trial_say_steps(const cdok_puzzle *p, const cdok_step *steps,
		      const bool *needed, int from, int to, struct strbuf *sb)
{
	int told = 0, last = -1;
	bool open = false;
	struct strbuf clause;

	for (int i = from; i < to; i++)
		if (needed[i])
			last = i;
	cdki_sb_init(&clause);
	for (int i = from; i < to; i++) {
		if (!needed[i])
			continue;
		clause.len = 0;
		if (i != last && cdki_brief_clause(p, &steps[i], &clause) &&
		    !clause.failed && clause.len) {
			sb_puts(sb, open ? ", " : told ? " Then " : "Then ");
			sb_putn(sb, clause.data, clause.len);
			open = true;
			told++;
			continue;
		}
		if (open)
			sb_puts(sb, ".");
		open = false;
		sb_puts(sb, told++ ? " " : "");
		sb_puts(sb, steps[i].text);
	}
	if (open)
		sb_puts(sb, ".");
	cdki_sb_free(&clause);
	return told;
}

static int deeper(const struct trial *t, struct strbuf *sb)
{
	struct deep_run run = { NULL, 0, 0, false };
	int r, told = 0;
	bool *needed = NULL;

	r = cdki_trial_run(t->g, t->val, t->dom, &run, NULL, NULL);
	if (r == CDKI_CONTRADICTION && !run.nomem && run.nsteps > 0) {
		needed = cdok_calloc((size_t)run.nsteps, sizeof(bool));
		if (needed) {
			needed[run.nsteps - 1] = true;
			if (!cdki_steps_needed(t->g->p, run.steps, run.nsteps,
					       needed))
				memset(needed, 1, (size_t)run.nsteps);
			told = cdki_trial_say_steps(t->g->p, run.steps, needed, 0, run.nsteps,
					  sb);
		}
	}
	cdki_trial_run_free(&run);
	free(needed);
	return told;
}

/* Past the nested splits: a cell of two candidates, in the state
 * where the singles and cages after v in cell stopped (t holds it),
 * each of whose values lets the grader's techniques reach a
 * contradiction ("so r5c5 is 1 or 4. If r5c5 is 1: ... If it is 4:
 * ...").  At most TRIAL_DEEP_TRIES runs of the techniques; false when
 * none is found. */
static bool split_deeper(struct trial *t, int cell, int v, struct strbuf *sb)
{
	const struct grader *g = t->g;
	int tries = TRIAL_DEEP_TRIES;

	for (int c = 0; c < t->ncells && tries > 0; c++) {
		uint64_t d = t->dom[c];
		struct strbuf side[2];
		bool ok = true;
		int k = 0;

		if (t->val[c] || cdok_popcount(d) != 2)
			continue;
		for (uint64_t a = d; a; a &= a - 1, k++) {
			cdki_sb_init(&side[k]);
			if (!ok)
				continue;
			t->dom[c] = a & -a;
			t->val[c] = __builtin_ctzll(a);
			tries--;
			ok = deeper(t, &side[k]) > 0 && !side[k].failed;
			t->dom[c] = d;
			t->val[c] = 0;
		}
		if (ok) {
			sb_puts(sb, "Suppose ");
			cdki_text_cell(g, cell, sb);
			cdki_sb_printf(sb, " is %d; then, after the singles and "
				       "cages that follow, ", v);
			cdki_text_cell(g, c, sb);
			cdki_sb_printf(sb, " is %d or %d.", __builtin_ctzll(d),
				       63 - __builtin_clzll(d));
			for (k = 0; k < 2; k++) {
				sb_puts(sb, " If ");
				cdki_text_cell(g, c, sb);
				cdki_sb_printf(sb, " is %d: ", k ?
					       63 - __builtin_clzll(d) :
					       __builtin_ctzll(d));
				sb_puts(sb, side[k].data);
			}
			sb_puts(sb, " Either way, ");
			cdki_text_cell(g, cell, sb);
			cdki_sb_printf(sb, " is not %d. ", v);
		}
		cdki_sb_free(&side[0]);
		cdki_sb_free(&side[1]);
		if (ok)
			return true;
	}
	return false;
}

void cdki_trial_text(const struct grader *g, const struct gstep *s,
		     struct strbuf *sb)
{
	int cell = s->cells[0], n = g->n, ncells = g->ncells;
	struct trial t;
	uint64_t others = g->dom[cell] & ~BIT(s->value), unproved = 0;
	bool bad;

	memset(&t, 0, sizeof(t));
	t.g = g;
	t.n = n;
	t.ncells = ncells;
	/* Each link places a cell or removes a candidate. */
	t.cap = ncells * (n + 1) + 2;
	t.dom = cdok_malloc((size_t)ncells * sizeof(uint64_t));
	t.val = cdok_malloc((size_t)ncells * sizeof(int));
	t.by = cdok_malloc((size_t)ncells * (size_t)(n + 1) * sizeof(int));
	t.links = cdok_malloc((size_t)t.cap * sizeof(struct link));
	t.keep = cdok_malloc((size_t)t.cap * sizeof(bool));
	t.outer_keep = cdok_malloc((size_t)t.cap * sizeof(bool));
	t.save_dom = cdok_malloc((size_t)ncells * sizeof(uint64_t));
	t.save_val = cdok_malloc((size_t)ncells * sizeof(int));
	t.save_by = cdok_malloc((size_t)ncells * (size_t)(n + 1) *
				sizeof(int));
	bad = !t.dom || !t.val || !t.by || !t.links || !t.keep ||
	      !t.outer_keep || !t.save_dom || !t.save_val || !t.save_by;
	for (int l = 0; l < TRIAL_DEPTH; l++) {
		t.lvl_dom[l] = cdok_malloc((size_t)ncells * sizeof(uint64_t));
		t.lvl_val[l] = cdok_malloc((size_t)ncells * sizeof(int));
		t.lvl_by[l] = cdok_malloc((size_t)ncells * (size_t)(n + 1) *
					  sizeof(int));
		t.lvl_keep[l] = cdok_malloc((size_t)t.cap * sizeof(bool));
		bad |= !t.lvl_dom[l] || !t.lvl_val[l] || !t.lvl_by[l] ||
		       !t.lvl_keep[l];
	}
	if (bad) {
		sb->failed = true;
		goto out;
	}
	for (uint64_t a = others; a; a &= a - 1) {
		int v = __builtin_ctzll(a);

		if (try_value(&t, cell, v)) {
			say_links(&t, sb);
			continue;
		}
		if (branch(&t, cell, v, sb))
			continue;
		/* branch() leaves where the singles and cages stopped. */
		restore(&t);
		/* The singles and cages stop short: the techniques go on
		 * from where they stopped. */
		{
			struct strbuf more;

			cdki_sb_init(&more);
			if (deeper(&t, &more) > 0 && !more.failed) {
				sb_puts(sb, "Suppose ");
				cdki_text_cell(g, cell, sb);
				cdki_sb_printf(sb, " is %d; then: ", v);
				sb_puts(sb, more.data);
				sb_puts(sb, " That leaves no way to finish, so ");
				cdki_text_cell(g, cell, sb);
				cdki_sb_printf(sb, " is not %d. ", v);
			} else if (!cdki_trial_nested(&t, cell, v, sb) &&
				   !split_deeper(&t, cell, v, sb) &&
				   !cdki_trial_stalled(&t, cell, v, sb)) {
				unproved |= BIT(v);
			}
			cdki_sb_free(&more);
		}
	}
	if (unproved) {
		int count = cdok_popcount(unproved), i = 0;

		sb_puts(sb, "Suppose ");
		cdki_text_cell(g, cell, sb);
		sb_puts(sb, " is ");
		for (uint64_t a = unproved; a; a &= a - 1, i++)
			cdki_sb_printf(sb, "%s%d", i == 0 ? "" : i == count - 1
				       ? " or " : ", ", __builtin_ctzll(a));
		sb_puts(sb, ": the singles and cages that follow reach no "
			"contradiction, but the puzzle then has no solution "
			"(a search shows it). ");
	}
	sb_puts(sb, "So ");
	cdki_text_cell(g, cell, sb);
	cdki_sb_printf(sb, " is %d.", s->value);
out:
	free(t.dom);
	free(t.val);
	free(t.by);
	free(t.links);
	free(t.keep);
	free(t.outer_keep);
	free(t.save_dom);
	free(t.save_val);
	free(t.save_by);
	for (int l = 0; l < TRIAL_DEPTH; l++) {
		free(t.lvl_dom[l]);
		free(t.lvl_val[l]);
		free(t.lvl_by[l]);
		free(t.lvl_keep[l]);
	}
}

/* For trial_nest.c, the nested splits. */
bool cdki_trial_put(struct trial *t, int cell, int v, int kind, int unit)
{
	return put(t, cell, v, kind, unit);
}

int cdki_trial_propagate(struct trial *t)
{
	return propagate(t);
}

int cdki_trial_kept(struct trial *t)
{
	return kept(t);
}

int cdki_trial_say_chain(const struct trial *t, const bool *keep, int from,
			 int to, struct strbuf *sb)
{
	return say_chain(t, keep, from, to, sb);
}

void cdki_trial_say_dead(const struct trial *t, struct strbuf *sb)
{
	say_dead(t, sb);
}
