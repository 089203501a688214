/* test_reasons.c -- the reasons of every step (cdok_reason, issue 39):
 * on corpus puzzles, every removal and placement of every step of
 * `explain --all-steps` has at least one reason, every reason is about
 * one of them, and each holds in the state before the step (the cell
 * it names holds the value, the value has no other place, the cage's
 * other cell cannot take what it would need, ...); the brief
 * explanation's steps carry reasons for all theirs too, and replay to
 * the solution.
 *
 * make check takes a sample (every 12th Keen puzzle, every 6th Killer);
 * CDOK_REASONS=all takes the whole corpus (make check-ci).
 */
#include "fmt_helpers.h"

#define BIT(v) ((uint64_t)1 << (v))

/* The state a step starts from. */
struct state {
	const cdok_puzzle *p;
	int n;
	int values[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	uint64_t cand[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
};

static bool in_unit(int n, int unit, int cell)
{
	int r = cell / n, c = cell % n;

	if (unit < n)
		return r == unit;
	if (unit < 2 * n)
		return c == unit - n;
	if (unit == 3 * n)
		return r == c;         /* Killer X's main diagonal */
	if (unit == 3 * n + 1)
		return r + c == n - 1; /* and its anti-diagonal */
	return false; /* boxes: see box_has */
}

static int box_of(const cdok_puzzle *p, int cell)
{
	int n = cdok_puzzle_size(p), br = cdok_puzzle_box_rows(p),
	    bc = cdok_puzzle_box_cols(p);

	if (!br)
		return -1;
	return (cell / n / br) * (n / bc) + (cell % n) / bc;
}

static bool unit_has(const cdok_puzzle *p, int unit, int cell)
{
	int n = cdok_puzzle_size(p);

	if (unit < 2 * n || unit >= 3 * n)
		return in_unit(n, unit, cell);
	return box_of(p, cell) == unit - 2 * n;
}

static bool sees(const cdok_puzzle *p, int a, int b)
{
	int n = cdok_puzzle_size(p), cage = cdok_puzzle_cage_of(p, a);

	if (a / n == b / n || a % n == b % n)
		return true;
	if (box_of(p, a) >= 0 && box_of(p, a) == box_of(p, b))
		return true;
	if ((cdok_puzzle_rules(p) & CDOK_RULE_DIAGONALS) &&
	    ((in_unit(n, 3 * n, a) && in_unit(n, 3 * n, b)) ||
	     (in_unit(n, 3 * n + 1, a) && in_unit(n, 3 * n + 1, b))))
		return true;
	return cage >= 0 && cage == cdok_puzzle_cage_of(p, b) &&
	       cdok_cage_distinct(p, cage);
}

static void state_init(struct state *s, const cdok_puzzle *p)
{
	int n = cdok_puzzle_size(p), ncells = n * n;
	uint64_t full = ((BIT(n) - 1) << 1);

	s->p = p;
	s->n = n;
	for (int c = 0; c < ncells; c++) {
		s->values[c] = cdok_puzzle_given(p, c) > 0 ?
			       cdok_puzzle_given(p, c) : 0;
		s->cand[c] = s->values[c] ? BIT(s->values[c]) : full;
	}
	for (int c = 0; c < ncells; c++)
		for (int o = 0; o < ncells && !s->values[c]; o++)
			if (o != c && s->values[o] && sees(p, c, o))
				s->cand[c] &= ~BIT(s->values[o]);
}

static void state_apply(struct state *s, const cdok_step *st)
{
	for (int k = 0; k < st->nremoved; k++)
		s->cand[st->removed[k].cell] &= ~BIT(st->removed[k].value);
	for (int k = 0; k < st->nplaced; k++) {
		s->values[st->placed[k].cell] = st->placed[k].value;
		s->cand[st->placed[k].cell] = BIT(st->placed[k].value);
	}
}

/* Whether step st places value in cell. */
static bool step_places(const cdok_step *st, int cell, int value)
{
	for (int k = 0; k < st->nplaced; k++)
		if (st->placed[k].cell == cell && st->placed[k].value == value)
			return true;
	return false;
}

/* The line of kind (0 rows, 1 columns) that holds cell. */
static int line_at(int n, int kind, int cell)
{
	return kind ? cell % n : cell / n;
}

/* Whether cells (count of them) can take values from their candidates,
 * cells that share a row or column differing, adding up to sum, with
 * value in cells[fixed]. */
static bool can_make(const struct state *s, const int *cells, int count,
		     int sum, int fixed, int value, int *vals, int i)
{
	if (i == count)
		return sum == 0;
	for (int v = 1; v <= s->n; v++) {
		bool ok = (s->cand[cells[i]] & BIT(v)) &&
			  (i != fixed || v == value) && v <= sum;

		for (int k = 0; k < i && ok; k++)
			ok = vals[k] != v ||
			     (cells[k] / s->n != cells[i] / s->n &&
			      cells[k] % s->n != cells[i] % s->n);
		if (!ok)
			continue;
		vals[i] = v;
		if (can_make(s, cells, count, sum - v, fixed, value, vals,
			     i + 1))
			return true;
	}
	return false;
}

/* A sum of lines (tech_linesum.c): lines unit..unit2 of one kind add up
 * to k n(n+1)/2.  Worked out again here: the cells left are the open
 * cells outside the sum cages wholly inside the lines (innies), or,
 * when about.cell lies outside the lines, the open cells outside of
 * the sum cages those innies lie in (outies).  They add up to r->sum,
 * about.cell is one of them, and no way of filling them from the
 * candidates makes r->sum with about.value in about.cell (or, placed,
 * every other value fails). */
static bool line_sum_holds(const struct state *s, const cdok_reason *r,
			   const char **why)
{
	const cdok_puzzle *p = s->p;
	int n = s->n, kind = r->unit / n, first = r->unit % n,
	    last = r->unit2 % n, rest, cells[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	int ncells = 0, vals[CDOK_MAX_SIZE * CDOK_MAX_SIZE], at = -1;
	bool inside, whole[CDOK_MAX_SIZE * CDOK_MAX_SIZE] = { false };

	*why = "the lines are not rows or columns of one kind in order";
	if (kind > 1 || r->unit2 / n != kind || last < first)
		return false;
	rest = (last - first + 1) * n * (n + 1) / 2;
	for (int c = 0; c < cdok_puzzle_cage_count(p); c++) {
		const int *cc = cdok_cage_cells(p, c);
		bool in = cdok_cage_op(p, c) == CDOK_OP_ADD;

		for (int i = 0; i < cdok_cage_size(p, c) && in; i++)
			in = line_at(n, kind, cc[i]) >= first &&
			     line_at(n, kind, cc[i]) <= last;
		if (!in)
			continue;
		whole[c] = true;
		rest -= (int)cdok_cage_target(p, c);
	}
	for (int cell = 0; cell < n * n; cell++) {
		int line = line_at(n, kind, cell), c;

		if (line < first || line > last)
			continue;
		c = cdok_puzzle_cage_of(p, cell);
		if (c >= 0 && whole[c])
			continue;
		if (s->values[cell])
			rest -= s->values[cell];
		else
			cells[ncells++] = cell;
	}
	inside = line_at(n, kind, r->about.cell) >= first &&
		 line_at(n, kind, r->about.cell) <= last;
	if (!inside) {
		/* Outies: the innies' sum cages, less the innies' rest and
		 * the cages' placed values. */
		bool taken[CDOK_MAX_SIZE * CDOK_MAX_SIZE] = { false };
		int nout = 0, out[CDOK_MAX_SIZE * CDOK_MAX_SIZE];

		*why = "an outie whose innies are not all in sum cages";
		rest = -rest;
		for (int i = 0; i < ncells; i++) {
			int c = cdok_puzzle_cage_of(p, cells[i]);

			if (c < 0 || cdok_cage_op(p, c) != CDOK_OP_ADD)
				return false;
			if (taken[c])
				continue;
			taken[c] = true;
			rest += (int)cdok_cage_target(p, c);
			for (int k = 0; k < cdok_cage_size(p, c); k++) {
				int cell = cdok_cage_cells(p, c)[k],
				    line = line_at(n, kind, cell);

				if (s->values[cell])
					rest -= s->values[cell];
				else if (line < first || line > last)
					out[nout++] = cell;
			}
		}
		memcpy(cells, out, (size_t)nout * sizeof(int));
		ncells = nout;
	}
	*why = "the cells left do not add up to the sum the reason gives";
	if (rest != r->sum)
		return false;
	for (int i = 0; i < ncells; i++)
		if (cells[i] == r->about.cell)
			at = i;
	*why = "the cell is not among the cells the sum leaves";
	if (at < 0)
		return false;
	if (r->placed) {
		*why = "another value could make the sum";
		for (int v = 1; v <= n; v++)
			if (v != r->about.value &&
			    can_make(s, cells, ncells, rest, at, v, vals, 0))
				return false;
		return true;
	}
	*why = "the value removed can make the sum";
	return !can_make(s, cells, ncells, rest, at, r->about.value, vals, 0);
}

/* Whether reason r holds in s, the state before step st; why not in
 * why. */
static bool reason_holds(const struct state *s, const cdok_step *st,
			 const cdok_reason *r, const int *solution,
			 const char **why)
{
	const cdok_puzzle *p = s->p;
	int n = s->n, cell = r->about.cell, v = r->about.value;

	*why = "the candidate is not there before the step";
	if (!(s->cand[cell] & BIT(v)) || s->values[cell])
		return false;
	*why = "a removal of the solution's value, or a wrong placement";
	if (r->placed != (solution[cell] == v))
		return false;
	switch (r->kind) {
	case CDOK_REASON_SEES:
		*why = "the cell named does not hold the value";
		if (s->values[r->cell] != r->value &&
		    !step_places(st, r->cell, r->value))
			return false;
		*why = "the cells do not see each other";
		if (r->value != v || !sees(p, cell, r->cell))
			return false;
		*why = "the unit named holds not both";
		return r->unit < 0 || (unit_has(p, r->unit, cell) &&
				       unit_has(p, r->unit, r->cell));
	case CDOK_REASON_SINGLE:
		*why = "the cell has other candidates";
		return s->cand[cell] == BIT(v);
	case CDOK_REASON_ONLY_PLACE:
		*why = "the value has another place in the unit";
		for (int c = 0; c < n * n; c++)
			if (c != cell && unit_has(p, r->unit, c) &&
			    (s->cand[c] & BIT(v)) && !s->values[c])
				return false;
		return unit_has(p, r->unit, cell);
	case CDOK_REASON_CAGE:
		*why = "the cell is not in the cage";
		if (r->cage >= 0 && cdok_puzzle_cage_of(p, cell) != r->cage)
			return false;
		*why = "the value is among those the cage leaves";
		if (r->values && (r->values & BIT(v)))
			return false;
		*why = "the other cell can take what the value would need";
		return r->value <= 0 || r->cell < 0 ||
		       !(s->cand[r->cell] & BIT(r->value));
	case CDOK_REASON_CONFINED:
		*why = "the removal is outside the line the value is held to";
		if (r->unit2 >= 0 && !unit_has(p, r->unit2, cell))
			return false;
		if (r->unit < 0 || r->unit2 < 0 || r->cage >= 0 ||
		    !strcmp(cdok_technique_name(st->technique), "fish"))
			return true;
		*why = "the value has a place in the unit outside the other";
		for (int c = 0; c < n * n; c++)
			if (unit_has(p, r->unit, c) && !s->values[c] &&
			    (s->cand[c] & BIT(r->value)) &&
			    !unit_has(p, r->unit2, c))
				return false;
		return !unit_has(p, r->unit, cell);
	case CDOK_REASON_SUBSET: {
		uint64_t all = 0;
		bool among = false;

		for (int k = 0; k < st->ncells; k++) {
			all |= s->cand[st->cells[k]];
			among |= st->cells[k] == cell;
		}
		*why = "the subset does not hold";
		if (r->cell == -1)
			return !among && unit_has(p, r->unit, cell) &&
			       (all & ~r->values) == 0 && (r->values & BIT(v)) &&
			       __builtin_popcountll(r->values) == st->ncells;
		for (uint64_t a = r->values; a; a &= a - 1)
			for (int c = 0; c < n * n; c++) {
				bool in_cells = false;

				for (int k = 0; k < st->ncells; k++)
					in_cells |= st->cells[k] == c;
				if (unit_has(p, r->unit, c) && !in_cells &&
				    !s->values[c] &&
				    (s->cand[c] & BIT(__builtin_ctzll(a))))
					return false;
			}
		return among && !(r->values & BIT(v));
	}
	case CDOK_REASON_CHAIN:
		*why = "the cell does not see the chain's start";
		return sees(p, cell, r->cell);
	case CDOK_REASON_SUM:
		if (!strcmp(cdok_technique_name(st->technique), "line-sum"))
			return line_sum_holds(s, r, why);
		return true;   /* checked against the solution above */
	case CDOK_REASON_TRIAL:
		return true;   /* checked against the solution above */
	}
	*why = "a reason of no known kind";
	return false;
}

/* Reasons cover the step's removals and placements exactly: each has
 * at least one, and each reason is about one of them. */
static void check_cover(const cdok_step *st, const cdok_reason *rs,
			int nrs, const char *name, int step)
{
	for (int k = 0; k < st->nremoved + st->nplaced; k++) {
		bool placed = k >= st->nremoved;
		const cdok_candidate *c = placed ? &st->placed[k - st->nremoved]
						 : &st->removed[k];
		bool found = false;

		for (int i = 0; i < nrs && !found; i++)
			found = rs[i].placed == placed &&
				rs[i].about.cell == c->cell &&
				rs[i].about.value == c->value;
		cr_expect(found, "%s step %d: no reason for %s %d at cell %d",
			  name, step + 1, placed ? "placing" : "removing",
			  c->value, c->cell);
	}
	for (int i = 0; i < nrs; i++) {
		bool found = false;

		cr_expect(rs[i].text && rs[i].text[0], "%s step %d: a reason "
			  "without words", name, step + 1);
		for (int k = 0; k < st->nremoved && !found; k++)
			found = !rs[i].placed &&
				st->removed[k].cell == rs[i].about.cell &&
				st->removed[k].value == rs[i].about.value;
		for (int k = 0; k < st->nplaced && !found; k++)
			found = rs[i].placed &&
				st->placed[k].cell == rs[i].about.cell &&
				st->placed[k].value == rs[i].about.value;
		cr_expect(found, "%s step %d: a reason about nothing the step "
			  "does (%s)", name, step + 1, rs[i].text);
	}
}

static int check_loaded(cdok_puzzle *p, const char *rel);

/* Checks the reasons of a corpus file's puzzle; returns how many
 * reasons. */
static int check_puzzle(const char *folder, const char *file,
			const char *fmt)
{
	char rel[256];
	size_t len;
	char *text;
	cdok_puzzle *p;

	snprintf(rel, sizeof(rel), "%s/%s", folder, file);
	text = fmt_corpus_file(rel, &len);
	cr_assert_not_null(text, "%s", rel);
	p = fmt_read_one(fmt, text, len, rel);
	free(text);
	return check_loaded(p, rel);
}

/* Checks the reasons of p's steps (and frees p); returns how many
 * reasons. */
static int check_loaded(cdok_puzzle *p, const char *rel)
{
	cdok_explanation *full = NULL, *brief = NULL;
	static struct state s;
	int solution[CDOK_MAX_SIZE * CDOK_MAX_SIZE], ncells, total = 0;

	ncells = cdok_puzzle_size(p) * cdok_puzzle_size(p);
	cr_assert_eq(cdok_explain(p, NULL, &full, NULL), CDOK_OK, "%s", rel);
	if (full->grading.outcome != CDOK_GRADE_LEVEL) {
		cdok_explanation_free(full);
		cdok_puzzle_free(p);
		return 0;
	}
	cr_assert(full->solved, "%s", rel);
	/* The solution: every placement of the full explanation. */
	state_init(&s, p);
	for (int i = 0; i < full->nsteps; i++)
		state_apply(&s, &full->steps[i]);
	memcpy(solution, s.values, (size_t)ncells * sizeof(int));
	{
		cdok_problem *probs = NULL;
		int nprobs = -1;

		cr_assert_eq(cdok_check(p, solution, &probs, &nprobs, NULL),
			     CDOK_OK, "%s", rel);
		cr_assert_eq(nprobs, 0, "%s: the steps do not solve it", rel);
		cdok_free(probs);
	}
	/* Every step of the full explanation. */
	state_init(&s, p);
	for (int i = 0; i < full->nsteps; i++) {
		const cdok_step *st = &full->steps[i];
		int nrs;
		const cdok_reason *rs = cdok_explanation_reasons(full, i, &nrs);

		check_cover(st, rs, nrs, rel, i);
		total += nrs;
		for (int k = 0; k < nrs; k++) {
			const char *why = "";

			cr_expect(reason_holds(&s, st, &rs[k], solution, &why),
				  "%s step %d (%s): \"%s\" does not hold: %s",
				  rel, i + 1,
				  cdok_technique_name(st->technique),
				  rs[k].text, why);
		}
		state_apply(&s, st);
	}
	/* The brief explanation: reasons for all, and it replays. */
	cr_assert_eq(cdok_explain_brief(p, full, &brief, NULL), CDOK_OK);
	state_init(&s, p);
	for (int i = 0; i < brief->nsteps; i++) {
		int nrs;
		const cdok_reason *rs = cdok_explanation_reasons(brief, i,
								 &nrs);

		check_cover(&brief->steps[i], rs, nrs, rel, i);
		state_apply(&s, &brief->steps[i]);
	}
	cr_expect_arr_eq(s.values, solution, (size_t)ncells * sizeof(int),
			 "%s: the brief explanation does not replay to the "
			 "solution", rel);
	cdok_explanation_free(brief);
	cdok_explanation_free(full);
	cdok_puzzle_free(p);
	return total;
}

static void check_folder(const char *folder, const char *suffix,
			 const char *fmt, int every)
{
	const char *all = getenv("CDOK_REASONS");
	int count = 0, puzzles = 0, reasons = 0;
	char **names = fmt_list(folder, suffix, &count);

	cr_assert(count > 0, "no %s puzzles", folder);
	if (all && !strcmp(all, "all"))
		every = 1;
	for (int i = 0; i < count; i += every) {
		int k = check_puzzle(folder, names[i], fmt);

		puzzles += k > 0;
		reasons += k;
	}
	fmt_free_names(names, count);
	/* Not a vacuous pass: most of them were looked at. */
	cr_expect_geq(2 * puzzles, (count + every - 1) / every,
		      "%s: %d puzzles of %d checked", folder, puzzles, count);
	cr_log_info("%s: %d puzzles, %d reasons", folder, puzzles, reasons);
}

Test(reasons, keen, .timeout = 600)
{
	check_folder("keen", ".keen", "keen", 12);
}

Test(reasons, killer, .timeout = 600)
{
	check_folder("killer", ".solo", "solo", 6);
}

/* The Killer X of the Interactive Sudoku Solver's HS_KILLERS (issue 37):
 * their steps use the diagonals in singles, subsets and box and line,
 * and every reason must hold with the diagonals as units. */
Test(reasons, killer_x, .timeout = 600)
{
	size_t len;
	char *text = fmt_corpus_file("../iss_killers/hs_killers.txt", &len);
	cdok_puzzle **ps = NULL;
	cdok_status st;
	cdok_error err;
	int n, nx = 0, reasons = 0;

	cr_assert_not_null(text);
	n = fmt_read_all("sudocue", text, len, &ps, &st, &err);
	free(text);
	for (int i = 0; i < n; i++) {
		char name[64];

		if (!(cdok_puzzle_rules(ps[i]) & CDOK_RULE_DIAGONALS))
			continue;
		snprintf(name, sizeof(name), "hs_killers #%d", i + 1);
		nx++;
		reasons += check_loaded(ps[i], name);
		ps[i] = NULL;
	}
	fmt_free_puzzles(ps, n);
	cr_expect_eq(nx, 7, "%d Killer X read", nx);
	cr_expect_gt(reasons, 0);
}

/* A hint carries the reasons of its step; --place, of its placement. */
Test(reasons, hints)
{
	size_t len;
	char *text = fmt_corpus_file("keen/keen_6h_01.keen", &len);
	cdok_puzzle *p = fmt_read_one("keen", text, len, "keen_6h_01");
	int values[36] = { 0 }, nrs = 0;
	cdok_hint *h = NULL;
	const cdok_reason *rs;

	free(text);
	cr_assert_eq(cdok_hint_next(p, values, NULL, NULL, &h, NULL),
		     CDOK_OK);
	cr_assert_eq(h->outcome, CDOK_HINT_STEP);
	rs = cdok_hint_reasons(h, &nrs);
	check_cover(&h->step, rs, nrs, "hint", 0);
	cdok_hint_free(h);
	cr_assert_eq(cdok_hint_place(p, values, NULL, &h, NULL), CDOK_OK);
	cr_assert_eq(h->outcome, CDOK_HINT_STEP);
	rs = cdok_hint_reasons(h, &nrs);
	cr_assert_eq(nrs, 1);
	cr_expect(rs[0].placed);
	cr_expect_eq(rs[0].about.cell, h->step.placed[0].cell);
	cr_expect_eq(rs[0].about.value, h->step.placed[0].value);
	cdok_hint_free(h);
	cdok_puzzle_free(p);
}

/* Sums of lines (issue 39, item 8): on Keen puzzles a person solves
 * with a sum of lines where Keen's techniques stall, the explanation
 * uses one, its reasons hold (line_sum_holds works each one out again),
 * the default explanation has no trial step, and the level is still
 * Keen's: Unreasonable, from the explanation as from the grade, with
 * the grade's score. */
Test(reasons, line_sums, .timeout = 600)
{
	char *text, **lines;
	int n = tl_data_lines("tests/data/line_sums.txt", &text, &lines);

	cr_assert_geq(n, 8);
	for (int i = 0; i < n; i++) {
		cdok_puzzle *p = fmt_read_one("keen", lines[i],
					      strlen(lines[i]), lines[i]);
		cdok_explanation *full = NULL, *brief = NULL;
		cdok_grading gr;
		int sums = 0, trials = 0;

		cr_assert_eq(cdok_grade(p, NULL, &gr, NULL), CDOK_OK);
		cr_expect_eq(gr.level, cdok_level_find(CDOK_SCALE_CALCUDOKU,
						       "unreasonable"),
			     "%s: not Unreasonable", lines[i]);
		cr_assert_eq(cdok_explain(p, NULL, &full, NULL), CDOK_OK);
		cr_expect_eq(full->grading.level, gr.level, "%s", lines[i]);
		cr_expect_eq(full->grading.difficulty, gr.difficulty,
			     "%s: the explanation's grading is not the "
			     "grade's", lines[i]);
		cr_assert_eq(cdok_explain_brief(p, full, &brief, NULL),
			     CDOK_OK);
		for (int k = 0; k < full->nsteps; k++)
			sums += !strcmp(cdok_technique_name(
				full->steps[k].technique), "line-sum");
		for (int k = 0; k < brief->nsteps; k++)
			trials += !strcmp(cdok_technique_name(
				brief->steps[k].technique), "guess");
		cr_expect_gt(sums, 0, "%s: no sum of lines", lines[i]);
		cr_expect_eq(trials, 0, "%s: %d trial steps", lines[i],
			     trials);
		cdok_explanation_free(brief);
		cdok_explanation_free(full);
		cr_expect_gt(check_loaded(p, lines[i]), 0);
	}
	free(lines);
	free(text);
}
