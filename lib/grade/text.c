/* text.c -- the sentence of a step, from its technique's template
 * (techniques.h).
 *
 * A template is plain text with placeholders in braces, filled from the
 * step:
 *   {cell}      its first cell, as r3c4 (row 3, column 4, from 1)
 *   {cells}     its cells ("r1c1, r1c2 and r2c1")
 *   {value}     its value; {other} a chain's other value
 *   {values}    its set of values ("3, 4 and 5"); {them}: "it" or "them"
 *   {unit}, {unit2}   "row 3", "column 4", "box 2 (rows 1-3, columns 4-6)"
 *   {cage}      the cage ("the 12+ cage at r1c1", or the part of one
 *               the 45 rule or placed values leave); {whole_cage} the
 *               cage or the 45 rule's part of it, without its cells;
 *               {adds} "adds" or, after cells, "add"
 *               {uses} "uses" or, after cells, "use"
 *   {last_sum}  a Killer cage's arithmetic for its last cell
 *   {innie}     the whole sentence of the 45 rule, with its sums
 *   {removed}   the candidates removed ("3 and 5 from r1c1, 5 from r2c1")
 *   {removed_in} the same as "3 or 5 in r1c1, or 5 in r2c1"
 *   {them_removed} "it" for one candidate removed, else "them"
 *   {sum}, {total}, {used}, {count}   numbers
 *   {combos}    sets of values that make a sum ("can only be 1+2+9 or
 *               1+3+8", or with what rules each other out)
 *   {chain}     a forcing chain's cells after the first ("r1c4 is 7,
 *               so r2c4 is 3"); {target} the cell it rules on
 *   {trial}     a trial's contradictions, one for each candidate of
 *               {cell} but {value}, then "So {cell} is {value}." (trial.c)
 *   {lines}, {cover}   a fish's lines ("rows 2 and 5"); {fish} its
 *               name ("An X-wing", "A swordfish", ...)
 */
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

static inline int low(uint64_t x)
{
	return __builtin_ctzll(x);
}

void cdki_text_cell(const struct grader *g, int cell, struct strbuf *sb)
{
	cdki_sb_printf(sb, "r%dc%d", cell / g->n + 1, cell % g->n + 1);
}

/* Separator before item i of count in an "a, b and c" list. */
static void list_sep(struct strbuf *sb, int i, int count, const char *last)
{
	if (i == 0)
		return;
	sb_puts(sb, i == count - 1 ? last : ", ");
}

static void text_cells(const struct grader *g, const int *cells, int n,
		       struct strbuf *sb)
{
	for (int i = 0; i < n; i++) {
		list_sep(sb, i, n, " and ");
		cdki_text_cell(g, cells[i], sb);
	}
}

static void text_values(uint64_t values, const char *last, struct strbuf *sb)
{
	int count = cdok_popcount(values), i = 0;

	for (uint64_t a = values; a; a &= a - 1, i++) {
		list_sep(sb, i, count, last);
		cdki_sb_printf(sb, "%d", low(a));
	}
}

/* "row 4", "column 6", "box 5", "the diagonal from top left". */
static void text_unit(const struct grader *g, int unit, struct strbuf *sb)
{
	static const char *const kinds[CDKI_KINDS] = {
		[CDKI_ROW] = "row", [CDKI_COL] = "column", [CDKI_BOX] = "box"
	};

	if (unit >= 3 * g->n) {
		sb_puts(sb, unit == 3 * g->n ? "the diagonal from top left"
			: "the diagonal from top right");
		return;
	}
	cdki_sb_printf(sb, "%s %d", kinds[cdki_kind_of(g->n, unit)],
		       unit % g->n + 1);
}

/* "the 12+ cage at r1c1", a Killer cage "the 22 cage at r7c3" (as
 * every message names a cage: cdki_cage_name). */
static void text_puzzle_cage(const struct grader *g, int cage,
			     struct strbuf *sb)
{
	char name[96];

	cdki_cage_name(g->p, cage, name, sizeof(name));
	sb_puts(sb, name);
}

static void text_cage(const struct grader *g, const struct gstep *s,
		      struct strbuf *sb)
{
	switch (s->cage_kind) {
	case SC_NONE:
		break;
	case SC_PUZZLE:
		text_puzzle_cage(g, s->cage, sb);
		break;
	case SC_KCAGE: {
		const struct kcage *kc = &g->kc[s->cage];
		const struct cdok_cage *c = &g->p->cages[kc->origin];

		if (kc->part == 0 && kc->ncells == c->ncells) {
			text_puzzle_cage(g, kc->origin, sb);
			break;
		}
		if (kc->part == 0)
			sb_puts(sb, "the open cells of ");
		else
			sb_puts(sb, "the part of ");
		text_puzzle_cage(g, kc->origin, sb);
		if (kc->part) {
			sb_puts(sb, kc->part == 1 ? " in " : " outside ");
			text_unit(g, kc->unit, sb);
		}
		sb_puts(sb, " (");
		text_cells(g, kc->cells, kc->ncells, sb);
		sb_puts(sb, ")");
		break;
	}
	case SC_VCAGE: {
		const struct vcage *vc = &g->vc[s->cage];

		sb_puts(sb, "the cells of ");
		text_unit(g, vc->unit, sb);
		sb_puts(sb, " outside its placed values and the cages wholly "
			"inside it (");
		text_cells(g, vc->cells, vc->ncells, sb);
		sb_puts(sb, ")");
		break;
	}
	}
}

/* Removals grouped by equal sets of values, in the order recorded:
 * "3 and 5 from r1c1 and r1c2, 5 from r2c1" (in = false) or "3 or 5 in
 * r1c1 or r1c2, or 5 in r2c1" (in = true). */
static void text_removed(const struct grader *g, const struct gstep *s,
			 bool in, struct strbuf *sb)
{
	int groups = 0, done = 0;
	int *first = g->scratch;

	/* The first cell of each group of equal masks. */
	for (int i = 0; i < s->nrm; i++) {
		uint64_t m = s->rm[s->rm_cells[i]];
		bool seen = false;

		for (int j = 0; j < groups && !seen; j++)
			seen = s->rm[first[j]] == m;
		if (!seen)
			first[groups++] = s->rm_cells[i];
	}
	for (int j = 0; j < groups; j++) {
		uint64_t m = s->rm[first[j]];
		int count = 0, k = 0;

		for (int i = 0; i < s->nrm; i++)
			count += s->rm[s->rm_cells[i]] == m;
		if (j)
			sb_puts(sb, j == groups - 1 ? (in ? ", or " : " and ")
					       : ", ");
		text_values(m, in ? " or " : " and ", sb);
		sb_puts(sb, in ? " in " : " from ");
		for (int i = 0; i < s->nrm; i++) {
			if (s->rm[s->rm_cells[i]] != m)
				continue;
			list_sep(sb, k++, count, in ? " or " : " and ");
			cdki_text_cell(g, s->rm_cells[i], sb);
		}
		done++;
	}
	(void)done;
}

/* Sets listed with their reasons at most: past that, only those left. */
#define COMBOS_EXPLAINED 6

/* A set of values as a sum: "1+2+7". */
static void text_sum_set(uint64_t set, struct strbuf *sb)
{
	for (uint64_t a = set; a; a &= a - 1)
		cdki_sb_printf(sb, "%s%d", a == set ? "" : "+", low(a));
}

/* "1+7, 2+6 or 3+5" (the first 32, then how many more). */
static void text_sum_sets(const uint64_t *sets, int n, int total,
			  const char *last, struct strbuf *sb)
{
	for (int i = 0; i < n; i++) {
		list_sep(sb, i, total > n ? n + 1 : n, last);
		text_sum_set(sets[i], sb);
	}
	if (total > n)
		cdki_sb_printf(sb, "%s%d more", last, total - n);
}

/* Every set of k different values of from..n adding up to sum, the first
 * max into sets; how many there are (counted up to max + 1). */
static int sum_sets(int n, int k, int sum, int from, uint64_t set,
		    uint64_t *sets, int count, int max)
{
	if (k == 0) {
		if (sum == 0 && count < max)
			sets[count] = set;
		return sum == 0 ? count + 1 : count;
	}
	for (int v = from; v <= n && v <= sum && count <= max; v++)
		count = sum_sets(n, k - 1, sum - v, v + 1, set | BIT(v), sets,
				 count, max);
	return count;
}

/* Why the step's cells (the open cells of a cage) cannot make set, in
 * the state before the step: a unit holding them all has one of its
 * values ("row 1 has its 7 (r1c5)"), or one of them can hold none of
 * its values ("r1c9 cannot be 1, 4 or 5").  false when neither holds. */
static bool why_out(const struct grader *g, const struct gstep *s,
		    uint64_t set, struct strbuf *sb)
{
	for (int k = 0; k < g->nkinds && s->ncells; k++) {
		int unit = cell_unit(g, s->cells[0], k);
		const int *u = unit_of(g, unit);
		bool all = true;

		for (int i = 1; i < s->ncells; i++)
			all = all && cell_unit(g, s->cells[i], k) == unit;
		for (int i = 0; all && i < g->n; i++)
			if (g->val[u[i]] && (set & BIT(g->val[u[i]]))) {
				text_unit(g, unit, sb);
				cdki_sb_printf(sb, " has its %d (", g->val[u[i]]);
				cdki_text_cell(g, u[i], sb);
				sb_putc(sb, ')');
				return true;
			}
	}
	for (int i = 0; i < s->ncells; i++)
		if (!(g->dom[s->cells[i]] & set)) {
			cdki_text_cell(g, s->cells[i], sb);
			sb_puts(sb, " cannot be ");
			text_values(set, " or ", sb);
			return true;
		}
	return false;
}

/* The sets the cage's cells can make: "can only be 1+7, 2+6 or 3+5", or,
 * when the candidates rule some out and there are few, each with what
 * rules it out (issue 39): "is 1+5 or 2+4; 1+5 is out as column 3 has
 * its 5 (r7c3), which leaves 2+4". */
static void text_combos(const struct grader *g, const struct gstep *s,
			struct strbuf *sb)
{
	int shown = s->ncombos < 32 ? s->ncombos : 32;
	uint64_t all[COMBOS_EXPLAINED];
	int nall = sum_sets(g->n, s->count, s->sum, 1, 0, all, 0,
			    COMBOS_EXPLAINED);
	struct strbuf why;
	int out = 0;

	cdki_sb_init(&why);
	for (int i = 0; nall <= COMBOS_EXPLAINED && i < nall; i++) {
		bool left = false;

		for (int j = 0; j < shown && !left; j++)
			left = s->combos[j] == all[i];
		if (left)
			continue;
		sb_puts(&why, out++ ? ", " : "; ");
		text_sum_set(all[i], &why);
		sb_puts(&why, out == 1 ? " is out as " : " as ");
		if (!why_out(g, s, all[i], &why))
			why.failed = true;
	}
	if (nall > COMBOS_EXPLAINED || nall != s->ncombos + out || !out ||
	    why.failed || !why.data) {
		sb_puts(sb, "can only be ");
		text_sum_sets(s->combos, shown, s->ncombos, " or ", sb);
	} else {
		sb_puts(sb, "is ");
		text_sum_sets(all, nall, nall, " or ", sb);
		sb_puts(sb, why.data);
		sb_puts(sb, ", which leaves ");
		text_sum_sets(s->combos, shown, s->ncombos, " and ", sb);
	}
	cdki_sb_free(&why);
}

static void text_chain(const struct grader *g, const struct gstep *s,
		       struct strbuf *sb)
{
	for (int j = 1; j < s->nchain; j++) {
		if (j > 1)
			sb_puts(sb, ", so ");
		cdki_text_cell(g, s->chain[2 * j], sb);
		cdki_sb_printf(sb, " is %d", s->chain[2 * j + 1]);
	}
	if (s->nchain == 1) {
		/* The start cell itself sees the target. */
		cdki_text_cell(g, s->chain[0], sb);
		cdki_sb_printf(sb, " is %d", s->chain[1]);
	}
}

/* Fish lines: chain[from..to-1] are units of one kind. */
static void text_lines(const struct grader *g, const struct gstep *s,
		       int from, int to, struct strbuf *sb)
{
	int kind = cdki_kind_of(g->n, s->chain[from]);

	sb_puts(sb, kind == CDKI_ROW ? "rows " : "columns ");
	for (int i = from; i < to; i++) {
		list_sep(sb, i - from, to - from, " and ");
		cdki_sb_printf(sb, "%d", s->chain[i] % g->n + 1);
	}
}

/* "An X-wing", "A swordfish", ... by the number of base lines. */
static void text_fish(const struct gstep *s, struct strbuf *sb)
{
	static const char *const names[] = {
		"An X-wing", "A swordfish", "A jellyfish",
	};

	if (s->count >= 2 && s->count <= 4)
		sb_puts(sb, names[s->count - 2]);
	else
		cdki_sb_printf(sb, "A fish of %d lines", s->count);
}

/* The cage a last open cell is in: the puzzle's cage, or the part of
 * it the 45 rule split off ("the part of the 22 cage at r7c3 in box
 * 7"). */
static void text_whole_cage(const struct grader *g, const struct gstep *s,
			    struct strbuf *sb)
{
	const struct kcage *kc = &g->kc[s->cage];

	if (kc->part)
		sb_puts(sb, "the part of ");
	text_puzzle_cage(g, kc->origin, sb);
	if (kc->part) {
		sb_puts(sb, kc->part == 1 ? " in " : " outside ");
		text_unit(g, kc->unit, sb);
	}
}

/* Whether {cage} names cells ("the open cells of ...", "the cells of
 * row 3 ..."), which add up, rather than a cage or a part, which adds. */
static bool cage_is_plural(const struct grader *g, const struct gstep *s)
{
	if (s->cage_kind == SC_VCAGE)
		return true;
	if (s->cage_kind == SC_KCAGE) {
		const struct kcage *kc = &g->kc[s->cage];

		return kc->part == 0 &&
		       kc->ncells != g->p->cages[kc->origin].ncells;
	}
	return false;
}

/* The arithmetic of the last open cell of a Killer cage: ", and its
 * other cells hold 2, so it is 8 - 2 = 6" (the cage's sum less what is
 * placed), or ", so it is 6" for a cage of one cell. */
static void text_last_sum(const struct grader *g, const struct gstep *s,
			  struct strbuf *sb)
{
	const struct kcage *kc = &g->kc[s->cage];
	const struct cdok_cage *c = &g->p->cages[kc->origin];
	long long target = (long long)c->target;

	if (kc->part == 0 && c->ncells > 1 && target - kc->sum > 0)
		cdki_sb_printf(sb, "; its other cells hold %lld, so it "
			       "is %lld - %lld = %d", target - kc->sum, target,
			       target - kc->sum, s->value);
	else if (kc->part != 0)
		cdki_sb_printf(sb, ", which adds up to %d, so it is %d",
			       kc->sum, s->value);
	else
		cdki_sb_printf(sb, ", so it is %d", s->value);
}

/* The 45 rule's arithmetic, in full: "Box 7 adds up to 45; the 14 cage
 * at r7c1 and the 15 cage at r8c2 inside it make 29 and its placed
 * values 9, 38 in all, so r7c3, the one cell left, is 45 - 38 = 7."
 * When the parts do not add up to what the rule used (they always
 * should), the sentence says only the total. */
static void text_innie(const struct grader *g, const struct gstep *s,
		       struct strbuf *sb)
{
	const int *cells = unit_of(g, s->unit);
	int kind = cdki_unit_kind(g, s->unit), placed = 0, caged = 0,
	    ncaged = 0;
	bool plural = false;
	size_t at = sb->len;

	for (int i = 0; i < g->n; i++)
		placed += g->val[cells[i]];
	for (int k = 0; k < g->nkc; k++)
		if (g->kc[k].ncells && g->kc[k].within[kind] == s->unit) {
			caged += g->kc[k].sum;
			ncaged++;
		}
	text_unit(g, s->unit, sb);
	if (sb->len > at && !sb->failed)
		sb->data[at] = (char)(sb->data[at] - 'a' + 'A');
	cdki_sb_printf(sb, " adds up to %d; ", s->total);
	if (placed + caged != s->used) {
		cdki_sb_printf(sb, "its placed values and the cages wholly "
			       "inside it make %d, so ", s->used);
	} else {
		int i = 0;

		for (int k = 0; k < g->nkc; k++) {
			const struct kcage *kc = &g->kc[k];

			if (!kc->ncells || kc->within[kind] != s->unit)
				continue;
			list_sep(sb, i++, ncaged, " and ");
			if (kc->part == 0 && kc->ncells ==
			    g->p->cages[kc->origin].ncells) {
				text_puzzle_cage(g, kc->origin, sb);
			} else {
				sb_puts(sb, kc->part == 0 ? "the open cells "
					"of " : "the part of ");
				plural = plural || kc->part == 0;
				text_puzzle_cage(g, kc->origin, sb);
				sb_puts(sb, " (");
				text_cells(g, kc->cells, kc->ncells, sb);
				sb_puts(sb, ")");
			}
		}
		if (ncaged)
			cdki_sb_printf(sb, " inside it make%s %d",
				       ncaged == 1 && !plural ? "s" : "",
				       caged);
		if (ncaged && placed)
			sb_puts(sb, " and ");
		if (placed)
			cdki_sb_printf(sb, "its placed values %d", placed);
		if (ncaged && placed)
			cdki_sb_printf(sb, ", %d in all", s->used);
		sb_puts(sb, ", so ");
	}
	cdki_text_cell(g, s->cells[0], sb);
	cdki_sb_printf(sb, ", the one cell left, is %d - %d = %d.", s->total,
		       s->used, s->value);
}

/* Lines unit..unit2 of one kind: "row 3", "rows 3 and 4", "rows 3 to
 * 5". */
static void text_line_range(const struct grader *g, int unit, int unit2,
			    struct strbuf *sb)
{
	bool rows = cdki_kind_of(g->n, unit) == CDKI_ROW;

	if (unit == unit2) {
		text_unit(g, unit, sb);
		return;
	}
	cdki_sb_printf(sb, "%s %d %s %d", rows ? "rows" : "columns",
		       unit % g->n + 1, unit2 == unit + 1 ? "and" : "to",
		       unit2 % g->n + 1);
}

/* "r5c2 + r5c3" */
static void text_plus(const struct grader *g, const int *cells, int n,
		      struct strbuf *sb)
{
	for (int i = 0; i < n; i++) {
		sb_puts(sb, i ? " + " : "");
		cdki_text_cell(g, cells[i], sb);
	}
}

void cdki_line_sum_fact(const struct grader *g, const struct gstep *s,
			struct strbuf *sb)
{
	const cdok_puzzle *p = g->p;
	bool one = s->unit == s->unit2;
	int caged = 0, ncaged = 0, placed, first = s->unit % g->n,
	    last = s->unit2 % g->n, rows = cdki_kind_of(g->n, s->unit) ==
	    CDKI_ROW;
	const int *x = s->cells;

	for (int c = 0; c < p->ncages; c++) {
		const struct cdok_cage *cg = &p->cages[c];
		bool in = cg->op == CDOK_OP_ADD;

		for (int i = 0; i < cg->ncells && in; i++) {
			int line = rows ? cg->cells[i] / g->n
					: cg->cells[i] % g->n;

			in = line >= first && line <= last;
		}
		if (in) {
			caged += (int)cg->target;
			ncaged++;
		}
	}
	placed = s->used - caged;
	text_line_range(g, s->unit, s->unit2, sb);
	cdki_sb_printf(sb, " add%s up to %d", one ? "s" : "", s->total);
	if (ncaged)
		cdki_sb_printf(sb, "; the %s wholly inside %s make%s %d",
			       ncaged == 1 ? "cage" : "cages",
			       one ? "it" : "them", ncaged == 1 ? "s" : "",
			       caged);
	if (placed && ncaged)
		cdki_sb_printf(sb, " and %s placed values %d",
			       one ? "its" : "their", placed);
	else if (placed)
		cdki_sb_printf(sb, "; %s placed values make %d",
			       one ? "its" : "their", placed);
	if (ncaged && placed)
		cdki_sb_printf(sb, ", %d in all", s->used);
	sb_puts(sb, ", so ");
	if (!s->other) {
		if (s->count == 1) {
			cdki_text_cell(g, x[0], sb);
			cdki_sb_printf(sb, ", the one cell left, is %d - %d = "
				       "%d", s->total, s->used, s->sum);
			return;
		}
		text_plus(g, x, s->count, sb);
		cdki_sb_printf(sb, " = %d - %d = %d", s->total, s->used,
			       s->sum);
		return;
	}
	/* Outies: the innies, then the cages they lie in. */
	{
		int innie = s->total - s->used, ctotal = 0, cplaced = 0;

		sb_puts(sb, "the open cells left in ");
		sb_puts(sb, one ? "it" : "them");
		cdki_sb_printf(sb, " make %d; they lie in ", innie);
		for (int j = 0; j < s->nchain; j++) {
			const struct cdok_cage *cg = &p->cages[s->chain[j]];

			list_sep(sb, j, s->nchain, " and ");
			text_puzzle_cage(g, s->chain[j], sb);
			ctotal += (int)cg->target;
			for (int i = 0; i < cg->ncells; i++)
				cplaced += g->val[cg->cells[i]];
		}
		cdki_sb_printf(sb, ", which add%s up to %d",
			       s->nchain == 1 ? "s" : "", ctotal);
		if (cplaced)
			cdki_sb_printf(sb, " and hold placed values %d", cplaced);
		sb_puts(sb, ", so ");
		if (s->count == 1) {
			cdki_text_cell(g, x[0], sb);
			sb_puts(sb, ", the one cell sticking out, is ");
		} else {
			sb_puts(sb, "the cells sticking out make ");
			text_plus(g, x, s->count, sb);
			sb_puts(sb, " = ");
		}
		cdki_sb_printf(sb, "%d - %d", ctotal, innie);
		if (cplaced)
			cdki_sb_printf(sb, " - %d", cplaced);
		cdki_sb_printf(sb, " = %d", s->sum);
	}
}

int cdki_line_sum_why(const struct grader *g, const struct gstep *s,
		      int cell, int value, int *need_out, struct strbuf *sb)
{
	int other, need;

	*need_out = 0;
	if (s->count != 2) {
		cdki_sb_printf(sb, "no way of filling them with %d in ",
			       value);
		cdki_text_cell(g, cell, sb);
		sb_puts(sb, " makes that");
		return -1;
	}
	other = s->cells[0] == cell ? s->cells[1] : s->cells[0];
	need = s->sum - value;
	cdki_sb_printf(sb, "%d in ", value);
	cdki_text_cell(g, cell, sb);
	if (need < 1 || need > g->n) {
		cdki_sb_printf(sb, " would leave %d for ", need);
		cdki_text_cell(g, other, sb);
		return other;
	}
	*need_out = need;
	cdki_sb_printf(sb, " would need %d in ", need);
	cdki_text_cell(g, other, sb);
	sb_puts(sb, g->dom[other] & BIT(need) ? ", in the same line" :
		", which it cannot hold");
	return other;
}

/* A sum of lines' sentence: its fact, then what it removes. */
static void text_line_sum(const struct grader *g, const struct gstep *s,
			  struct strbuf *sb)
{
	size_t at = sb->len;

	cdki_line_sum_fact(g, s, sb);
	if (sb->len > at && !sb->failed && sb->data[at] >= 'a' &&
	    sb->data[at] <= 'z')
		sb->data[at] = (char)(sb->data[at] - 'a' + 'A');
	if (s->place_cell >= 0) {
		sb_puts(sb, ".");
		return;
	}
	sb_puts(sb, "; remove ");
	text_removed(g, s, false, sb);
	/* Two cells: what each removal would need of the other, when
	 * there are three at most. */
	if (s->count == 2) {
		int nrm = 0, k = 0, need;

		for (int i = 0; i < s->nrm; i++)
			nrm += cdok_popcount(s->rm[s->rm_cells[i]]);
		for (int i = 0; i < s->nrm && nrm <= 3; i++)
			for (uint64_t a = s->rm[s->rm_cells[i]]; a;
			     a &= a - 1) {
				sb_puts(sb, k++ ? "; " : ": ");
				cdki_line_sum_why(g, s, s->rm_cells[i],
						  low(a), &need, sb);
			}
	}
	sb_puts(sb, ".");
}

static void placeholder(const struct grader *g, const struct gstep *s,
			const char *name, size_t len, struct strbuf *sb)
{
#define IS(word) (len == sizeof(word) - 1 && !memcmp(name, word, len))
	if (IS("cell"))
		cdki_text_cell(g, s->ncells ? s->cells[0] : 0, sb);
	else if (IS("cells"))
		text_cells(g, s->cells, s->ncells, sb);
	else if (IS("value"))
		cdki_sb_printf(sb, "%d", s->value);
	else if (IS("other"))
		cdki_sb_printf(sb, "%d", s->other);
	else if (IS("values"))
		text_values(s->values, " and ", sb);
	else if (IS("them"))
		sb_puts(sb, s->values & (s->values - 1) ? "them" : "it");
	else if (IS("unit"))
		text_unit(g, s->unit, sb);
	else if (IS("unit2"))
		text_unit(g, s->unit2, sb);
	else if (IS("cage"))
		text_cage(g, s, sb);
	else if (IS("removed"))
		text_removed(g, s, false, sb);
	else if (IS("removed_in"))
		text_removed(g, s, true, sb);
	else if (IS("them_removed"))
		sb_puts(sb, s->nrm == 1 && !(s->rm[s->rm_cells[0]] &
					      (s->rm[s->rm_cells[0]] - 1))
			    ? "it" : "them");
	else if (IS("fish"))
		text_fish(s, sb);
	else if (IS("whole_cage"))
		text_whole_cage(g, s, sb);
	else if (IS("adds"))
		sb_puts(sb, cage_is_plural(g, s) ? "add" : "adds");
	else if (IS("uses"))
		sb_puts(sb, cage_is_plural(g, s) ? "use" : "uses");
	else if (IS("last_sum"))
		text_last_sum(g, s, sb);
	else if (IS("innie"))
		text_innie(g, s, sb);
	else if (IS("sum"))
		cdki_sb_printf(sb, "%d", s->sum);
	else if (IS("total"))
		cdki_sb_printf(sb, "%d", s->total);
	else if (IS("used"))
		cdki_sb_printf(sb, "%d", s->used);
	else if (IS("count"))
		cdki_sb_printf(sb, "%d", s->count);
	else if (IS("combos"))
		text_combos(g, s, sb);
	else if (IS("chain"))
		text_chain(g, s, sb);
	else if (IS("target"))
		cdki_text_cell(g, s->target, sb);
	else if (IS("line_sum"))
		text_line_sum(g, s, sb);
	else if (IS("trial"))
		cdki_trial_text(g, s, sb);
	else if (IS("lines"))
		text_lines(g, s, 0, s->count, sb);
	else if (IS("cover"))
		text_lines(g, s, s->count, s->nchain, sb);
	else
		cdki_sb_printf(sb, "{%.*s}", (int)len, name);
#undef IS
}

void cdki_step_text(const struct grader *g, const struct gstep *s,
		    struct strbuf *sb)
{
	const char *t = cdki_grade_techs[s->tech].text;
	bool start = true;

	while (*t) {
		const char *close;

		if (*t != '{' || !(close = strchr(t, '}'))) {
			sb_putc(sb, *t++);
			start = false;
			continue;
		}
		/* A sentence that starts with a placeholder starts with a
		 * capital letter ("The 12+ cage", "R3c4" stays as is). */
		if (start) {
			size_t at = sb->len;

			placeholder(g, s, t + 1, (size_t)(close - t - 1), sb);
			if (!sb->failed && sb->len > at &&
			    sb->data[at] >= 'a' && sb->data[at] <= 'z' &&
			    sb->data[at] != 'r')
				sb->data[at] = (char)(sb->data[at] - 'a' + 'A');
		} else {
			placeholder(g, s, t + 1, (size_t)(close - t - 1), sb);
		}
		start = false;
		t = close + 1;
	}
}

/* ---- the first two tiers of a hint ---- */

/* The unit's cells, reading order, into focus. */
static int unit_focus(const struct grader *g, int unit, int *focus)
{
	const int *cells = unit_of(g, unit);

	for (int i = 0; i < g->n; i++)
		focus[i] = cells[i];
	return g->n;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}


/* The place a step is about, as a phrase that follows "Look at", with
 * its cells into focus (*nfocus of them); *is_cell when the place is a
 * cell of the step itself. */
static void step_place_phrase(const struct grader *g, const struct gstep *s,
			      struct strbuf *sb, int *focus, int *nfocus,
			      bool *is_cell)
{
	int k = 0;

	*is_cell = false;
	switch (s->tech) {
	case TECH_NAKED_SINGLE:
	case TECH_GUESS:
		cdki_text_cell(g, s->cells[0], sb);
		focus[k++] = s->cells[0];
		*is_cell = true;
		break;
	case TECH_LINE_SUM:
		/* The lines, and the cells sticking out of them. */
		text_line_range(g, s->unit, s->unit2, sb);
		for (int u = s->unit; u <= s->unit2; u++)
			k += unit_focus(g, u, focus + k);
		for (int i = 0; s->other && i < s->count; i++)
			focus[k++] = s->cells[i];
		break;
	case TECH_FISH:
		cdki_sb_printf(sb, "where %d can go in ", s->value);
		text_lines(g, s, 0, s->count, sb);
		for (int i = 0; i < s->count; i++)
			k += unit_focus(g, s->chain[i], focus + k);
		break;
	case TECH_FORCING_CHAIN:
		sb_puts(sb, "the cells with two candidates around ");
		cdki_text_cell(g, s->chain[0], sb);
		for (int i = 0; i < s->ncells; i++)
			focus[k++] = s->cells[i];
		break;
	default:
		if (s->cage_kind == SC_PUZZLE || s->cage_kind == SC_KCAGE) {
			int origin = s->cage_kind == SC_PUZZLE ? s->cage
				     : g->kc[s->cage].origin;
			const struct cdok_cage *c = &g->p->cages[origin];

			text_puzzle_cage(g, origin, sb);
			for (int i = 0; i < c->ncells; i++)
				focus[k++] = c->cells[i];
		} else if (s->cage_kind == SC_VCAGE) {
			int unit = g->vc[s->cage].unit;

			text_unit(g, unit, sb);
			k = unit_focus(g, unit, focus);
		} else if (s->unit >= 0) {
			text_unit(g, s->unit, sb);
			k = unit_focus(g, s->unit, focus);
		} else {
			text_cells(g, s->cells, s->ncells, sb);
			for (int i = 0; i < s->ncells; i++)
				focus[k++] = s->cells[i];
		}
		break;
	}
	qsort(focus, (size_t)k, sizeof(int), cmp_int);
	/* Fish lines may cross: each cell once. */
	if (k > 1) {
		int m = 1;

		for (int i = 1; i < k; i++)
			if (focus[i] != focus[m - 1])
				focus[m++] = focus[i];
		k = m;
	}
	*nfocus = k;
}

void cdki_step_tiers(const struct grader *g, const struct gstep *s,
		     struct strbuf *where, struct strbuf *what, int *focus,
		     int *nfocus)
{
	struct strbuf place;
	bool is_cell;

	cdki_sb_init(&place);
	step_place_phrase(g, s, &place, focus, nfocus, &is_cell);
	if (place.failed) {
		where->failed = what->failed = true;
		cdki_sb_free(&place);
		return;
	}
	cdki_sb_printf(where, "Look at %s.", place.data);
	/* The technique and the place, never the answer: the cell a
	 * single fills or the cells a step clears are the step's own
	 * (issue 39), unless the place is that cell. */
	sb_puts(what, cdki_grade_techs[s->tech].title);
	sb_puts(what, is_cell ? ": " : ", in ");
	sb_puts(what, place.data);
	cdki_sb_free(&place);
}

/* For the reasons (reasons.c), which speak of the same things. */
void cdki_text_unit(const struct grader *g, int unit, struct strbuf *sb)
{
	text_unit(g, unit, sb);
}

void cdki_text_cells(const struct grader *g, const int *cells, int n,
		     struct strbuf *sb)
{
	text_cells(g, cells, n, sb);
}

void cdki_text_values(uint64_t values, struct strbuf *sb)
{
	text_values(values, " and ", sb);
}

void cdki_text_step_cage(const struct grader *g, const struct gstep *s,
			 struct strbuf *sb)
{
	text_cage(g, s, sb);
}

/* A cage's clue as printed: "4/", "12+", "11" for a hidden operator or
 * a Killer cage. */
void cdki_text_clue(const struct grader *g, int cage, struct strbuf *sb)
{
	const struct cdok_cage *c = &g->p->cages[cage];

	cdki_sb_printf(sb, "%lld", (long long)c->target);
	if (c->op != CDOK_OP_ANY && !c->distinct && c->ncells > 1)
		cdki_sb_printf(sb, "%c", c->op == CDOK_OP_MUL ? '*' :
			       (char)c->op);
}
