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
 * candidates it lacks, and theirs).  Nothing here changes the grader's
 * state or which step it takes: it only writes words.
 */
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

/* Links of a trial: the cell, its value and why (the assumption, its
 * only candidate, the only place in unit). */
enum { L_ASSUME, L_NAKED, L_HIDDEN, L_CAGE, L_SPLIT, L_USPLIT };

struct link {
	int cell, value, kind, unit;  /* L_CAGE: unit is the cage;
				       * L_SPLIT: the cell's other value;
				       * L_USPLIT: the unit of the value's
				       * places */
	uint64_t mask;                /* L_SPLIT: the cell's candidates;
				       * L_USPLIT: the places' positions in
				       * the unit */
};

/* Cells with two candidates a nested trial tries at most. */
#define TRIAL_SPLITS 4096

/* Enumeration nodes one cage may take in a trial. */
#define TRIAL_CAGE_BUDGET 20000L

/* Splits nested in one another at most (a case split inside a case),
 * the candidates a split cell may have, and the cases one candidate's
 * search for nested splits may try. */
#define TRIAL_DEPTH 3
#define TRIAL_WAYS 3
#define TRIAL_WORK 1000000L

struct trial {
	const struct grader *g;
	int n, ncells;
	uint64_t *dom;
	int *val;
	int *by;          /* cell * (n + 1) + v: the link that removed v
			   * from cell, -1 before the trial */
	struct link *links;
	int nlinks, cap;
	bool *keep;
	/* The contradiction: a cell with no value left (cell >= 0), or
	 * value with no place in unit, or a cage no way of filling it
	 * fits. */
	int dead_cell, dead_unit, dead_value, dead_cage;
	/* Cage enumeration: its values so far, and per cell what some
	 * layout puts there. */
	int vals[CDOK_MAX_SIZE * 2];
	uint64_t support[CDOK_MAX_SIZE * 2];
	long budget;
	/* The state at a branch point (branch()). */
	uint64_t *save_dom;
	int *save_val, *save_by, save_nlinks;
	bool *outer_keep;
	/* The states at nested splits, per level (split_search()), what
	 * each level's case rests on, and the cases left to try. */
	uint64_t *lvl_dom[TRIAL_DEPTH];
	int *lvl_val[TRIAL_DEPTH], *lvl_by[TRIAL_DEPTH];
	int lvl_nlinks[TRIAL_DEPTH];
	bool *lvl_keep[TRIAL_DEPTH];
	long work;
	bool lost;        /* a case said found no contradiction */
};

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

	for (int c = 0; c < t->ncells; c++)
		if (!t->val[c] && cdok_popcount(t->dom[c]) == 1)
			return put(t, c, __builtin_ctzll(t->dom[c]), L_NAKED,
				   -1) ? 1 : -1;
	for (int unit = 0; unit < nunits; unit++) {
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
	ok = put(t, cell, value, sp->cell >= 0 ? L_SPLIT : L_USPLIT,
		 sp->unit);
	t->links[k].mask = sp->d;
	return !ok || propagate(t) < 0;
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
		return kept(t);
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
	for (int unit = 0; unit < g->nkinds * t->n && !done; unit++) {
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
			kept(t);
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
			if (say_chain(t, ck, base + 1, t->lvl_nlinks[lvl + 1],
				      sb))
				sb_puts(sb, "so ");
			say_either(t, &inner, sb);
			sb_puts(sb, lvl + 1 == 1 ? ": if " : " (if ");
			sb_puts(sb, more.data ? more.data : "");
			sb_puts(sb, lvl + 1 == 1 ? "" : ")");
		} else {
			if (say_chain(t, ck, base + 1, t->nlinks, sb))
				sb_puts(sb, "and ");
			say_dead(t, sb);
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
static bool nested(struct trial *t, int cell, int v, struct strbuf *sb)
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
			if (say_chain(t, t->outer_keep, 1, t->lvl_nlinks[0],
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

/* Past the singles and cages: the grader's own techniques (all but
 * trial) from the trial's state, as recorded steps.  Returns how many
 * steps led to a contradiction (their sentences, those the
 * contradiction rests on, in sb), or 0 when they reach none. */
struct deep_run {
	cdok_step *steps;
	int nsteps, cap;
	bool nomem;
};

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

static int deeper(const struct trial *t, struct strbuf *sb)
{
	const struct grader *g = t->g;
	struct grader g2;
	struct deep_run run = { NULL, 0, 0, false };
	int order[TECH_COUNT], norder, r, told = 0;
	bool *needed = NULL;

	norder = cdki_grade_order(g->scale, -1, order);
	if (!cdki_grader_init(&g2, g->p, t->val, t->dom)) {
		cdki_grader_free(&g2);
		return 0;
	}
	g2.record = true;
	r = cdki_grade_run(&g2, order, norder, on_deep_step, &run);
	if (r == CDKI_CONTRADICTION && !run.nomem && run.nsteps > 0) {
		needed = cdok_calloc((size_t)run.nsteps, sizeof(bool));
		if (needed) {
			needed[run.nsteps - 1] = true;
			if (!cdki_steps_needed(g->p, run.steps, run.nsteps,
					       needed))
				memset(needed, 1, (size_t)run.nsteps);
			for (int i = 0; i < run.nsteps; i++) {
				if (!needed[i])
					continue;
				sb_puts(sb, told++ ? " " : "");
				sb_puts(sb, run.steps[i].text);
			}
		}
	}
	for (int i = 0; i < run.nsteps; i++)
		cdki_step_free(&run.steps[i]);
	free(run.steps);
	free(needed);
	cdki_grader_free(&g2);
	return told;
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
			} else if (!nested(&t, cell, v, sb)) {
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
