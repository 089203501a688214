/* reasons.c -- why a step removes and places what it does, as data
 * (cdok_reason, doc/LEVELS.md "Reasons").
 *
 * A recorded step gets one reason for each candidate it removes and
 * each value it places: the technique's own, read from the step and the
 * state before it (cdki_reasons_begin, before the step is applied), and
 * for the copies of a placed value that leave the cells seeing it, the
 * placement (cdki_reasons_end, after).  Each reason has its fact in
 * words; the texts of a step's reasons share one block (pool).
 */
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

void cdki_reasons_free(struct step_reasons *rs)
{
	free(rs->r);
	free(rs->pool);
	memset(rs, 0, sizeof(*rs));
}

/* A new reason about (cell, value), its text to follow in rs->text
 * (offsets until cdki_reasons_end points them into the pool). */
static cdok_reason *add(struct reasons_build *rs, int cell, int value,
			int placed, int kind)
{
	cdok_reason *r;

	if (rs->n == rs->cap) {
		int cap = rs->cap ? 2 * rs->cap : 16;
		cdok_reason *t = cdok_realloc(rs->r, (size_t)cap * sizeof(*t));

		if (!t) {
			rs->text.failed = true;
			return NULL;
		}
		rs->r = t;
		rs->cap = cap;
	}
	r = &rs->r[rs->n++];
	memset(r, 0, sizeof(*r));
	r->about.cell = cell;
	r->about.value = value;
	r->placed = placed;
	r->kind = kind;
	r->cell = -1;
	r->unit = r->unit2 = -1;
	r->cage = -1;
	/* The offset of its text, kept in the pointer until the end. */
	r->text = (const char *)(uintptr_t)rs->text.len;
	return r;
}

static void end_text(struct reasons_build *rs)
{
	sb_putn(&rs->text, "", 1);
}

/* Whether a and b make the clue of a two-cell cage of operation op. */
static bool pair_fits(cdok_op op, int64_t t, int a, int b)
{
	int hi = a > b ? a : b, lo = a > b ? b : a;

	switch (op) {
	case CDOK_OP_ADD:
		return a + b == t;
	case CDOK_OP_SUB:
		return hi - lo == t;
	case CDOK_OP_MUL:
		return (int64_t)a * b == t;
	case CDOK_OP_DIV:
		return lo > 0 && hi % lo == 0 && hi / lo == t;
	case CDOK_OP_ANY:
		return pair_fits(CDOK_OP_ADD, t, a, b) ||
		       pair_fits(CDOK_OP_SUB, t, a, b) ||
		       pair_fits(CDOK_OP_MUL, t, a, b) ||
		       pair_fits(CDOK_OP_DIV, t, a, b);
	}
	return false;
}

/* A placed value in a row or column of cell: its cell, or -1. */
static int placed_near(const struct grader *g, int cell, int value,
		       int *unit)
{
	for (int k = 0; k < g->nkinds; k++) {
		int u = cell_unit(g, cell, k);

		if (!(g->placed[u] & BIT(value)))
			continue;
		for (int i = 0; i < g->n; i++)
			if (g->val[unit_of(g, u)[i]] == value) {
				*unit = u;
				return unit_of(g, u)[i];
			}
	}
	return -1;
}

/* A cage of two open cells, neither placed: why value cannot go in
 * cell, in terms of the other cell ("1 in r1c4 would need 2 in r1c5,
 * and column 5 already has its 2 (r9c5)").  false when the cage is not
 * such a cage. */
static bool pair_reason(const struct grader *g, int cage, int cell,
			int value, cdok_reason *r, struct strbuf *sb)
{
	const struct cdok_cage *c = &g->p->cages[cage];
	int other, need = 0, k = 0, last_unit = -1;
	uint64_t want = 0;

	if (c->ncells != 2 || g->val[c->cells[0]] || g->val[c->cells[1]])
		return false;
	other = c->cells[0] == cell ? c->cells[1] : c->cells[0];
	for (int w = 1; w <= g->n; w++)
		if (w != value && pair_fits(c->op, c->target, value, w))
			want |= BIT(w);
	r->cell = other;
	cdki_sb_printf(sb, "%d in ", value);
	cdki_text_cell(g, cell, sb);
	if (!want) {
		sb_puts(sb, " leaves no value for ");
		cdki_text_cell(g, other, sb);
		sb_puts(sb, " that makes ");
		cdki_text_clue(g, cage, sb);
		return true;
	}
	need = cdok_popcount(want);
	if (need == 1)
		r->value = __builtin_ctzll(want);
	sb_puts(sb, " would need ");
	for (uint64_t a = want; a; a &= a - 1, k++) {
		if (k)
			sb_puts(sb, k == need - 1 ? " or " : ", ");
		cdki_sb_printf(sb, "%d", __builtin_ctzll(a));
	}
	sb_puts(sb, " in ");
	cdki_text_cell(g, other, sb);
	k = 0;
	for (uint64_t a = want; a; a &= a - 1, k++) {
		int w = __builtin_ctzll(a), unit = -1,
		    at = placed_near(g, other, w, &unit);

		sb_puts(sb, k == 0 ? ", and " : k == need - 1 ? " and " : ", ");
		if (at >= 0 && unit == last_unit) {
			/* "row 3 already has its 1 (r3c3) and its 5 (r3c2)" */
			cdki_sb_printf(sb, "its %d (", w);
			cdki_text_cell(g, at, sb);
			sb_puts(sb, ")");
		} else if (at >= 0) {
			last_unit = unit;
			cdki_text_unit(g, unit, sb);
			cdki_sb_printf(sb, " already has its %d (", w);
			cdki_text_cell(g, at, sb);
			sb_puts(sb, ")");
		} else {
			last_unit = -1;
			cdki_text_cell(g, other, sb);
			cdki_sb_printf(sb, " cannot be %d", w);
		}
	}
	return true;
}

/* Smallest and largest sums: "1 in r6c2 would leave 10 for r5c2, which
 * can make at most 9".  false when the step's cells are not at hand. */
static bool bounds_reason(const struct grader *g, const struct gstep *s,
			  int cell, int value, struct strbuf *sb)
{
	const int *cells;
	int ncells, lo = 0, hi = 0, k = 0;

	if (s->cage_kind == SC_KCAGE) {
		cells = g->kc[s->cage].cells;
		ncells = g->kc[s->cage].ncells;
	} else if (s->cage_kind == SC_VCAGE) {
		cells = g->vc[s->cage].cells;
		ncells = g->vc[s->cage].ncells;
	} else {
		return false;
	}
	for (int i = 0; i < ncells; i++) {
		uint64_t d = g->dom[cells[i]];

		if (cells[i] == cell || !d)
			continue;
		lo += __builtin_ctzll(d);
		hi += 63 - __builtin_clzll(d);
	}
	if (value + hi >= s->sum && value + lo <= s->sum)
		return false;
	cdki_sb_printf(sb, "%d in ", value);
	cdki_text_cell(g, cell, sb);
	if (value >= s->sum) {
		cdki_sb_printf(sb, " is already %s the %d its cells add up "
			       "to", value == s->sum ? "all of" : "more than",
			       s->sum);
		return true;
	}
	cdki_sb_printf(sb, " would leave %d for ", s->sum - value);
	for (int i = 0; i < ncells; i++) {
		if (cells[i] == cell)
			continue;
		if (k++)
			sb_puts(sb, i == ncells - 1 ||
				(i == ncells - 2 && cells[ncells - 1] == cell)
				? " and " : ", ");
		cdki_text_cell(g, cells[i], sb);
	}
	if (value + hi < s->sum)
		cdki_sb_printf(sb, k == 1 ? ", which can be at most %d" :
			       ", which can make at most %d", hi);
	else
		cdki_sb_printf(sb, k == 1 ? ", which is at least %d" :
			       ", which make at least %d", lo);
	return true;
}

/* The reason for removing value from cell by a cage technique. */
static void cage_reason(const struct grader *g, const struct gstep *s,
			struct reasons_build *rs, int cell, int value)
{
	cdok_reason *r = add(rs, cell, value, 0, CDOK_REASON_CAGE);
	int cage = -1;

	if (!r)
		return;
	if (s->cage_kind == SC_PUZZLE)
		cage = s->cage;
	else if (s->cage_kind == SC_KCAGE)
		cage = g->kc[s->cage].origin;
	else if (s->cage_kind == SC_VCAGE)
		r->unit = g->vc[s->cage].unit;
	r->cage = cage;
	if (s->cage_kind != SC_PUZZLE)
		r->sum = s->sum;
	if (s->tech == TECH_CAGE_CELLS && cage >= 0 && g->engine)
		r->values = g->support[g->cage_off[cage] +
				       g->cage_pos[cell]];
	else if (s->tech == TECH_CAGE_VALUES || s->tech == TECH_CAGE_COMBINATIONS)
		r->values = s->values;
	if (s->cage_kind == SC_PUZZLE &&
	    pair_reason(g, cage, cell, value, r, &rs->text)) {
		end_text(rs);
		return;
	}
	if (s->tech == TECH_CAGE_BOUNDS && bounds_reason(g, s, cell, value,
							 &rs->text)) {
		/* The open cells of a whole cage, by their sum. */
		if (s->cage_kind == SC_KCAGE && g->kc[s->cage].part == 0)
			r->kind = CDOK_REASON_SUM;
		end_text(rs);
		return;
	}
	sb_puts(&rs->text, "no way of filling ");
	cdki_text_step_cage(g, s, &rs->text);
	if (s->cage_kind == SC_VCAGE)
		cdki_sb_printf(&rs->text, ", which add up to %d,", s->sum);
	cdki_sb_printf(&rs->text, " puts %d in ", value);
	cdki_text_cell(g, cell, &rs->text);
	end_text(rs);
}

/* The unit among units[0..count-1] that holds cell, or -1. */
static int line_of(const struct grader *g, const int *units, int count,
		   int cell)
{
	for (int i = 0; i < count; i++)
		for (int j = 0; j < g->n; j++)
			if (unit_of(g, units[i])[j] == cell)
				return units[i];
	return -1;
}

/* A sum of lines: its fact, then why value cannot go in cell ("rows 3
 * and 4 add up to 42; ..., so r5c2 + r5c3 = 42 - 35 = 7, and 1 in r5c2
 * would need 6 in r5c3, which it cannot hold"). */
static void line_sum_reason(const struct grader *g, const struct gstep *s,
			    struct reasons_build *rs, int cell, int value,
			    int placed)
{
	cdok_reason *r = add(rs, cell, value, placed, CDOK_REASON_SUM);
	struct strbuf *sb = &rs->text;

	if (!r)
		return;
	r->unit = s->unit;
	r->unit2 = s->unit2;
	r->sum = s->sum;
	cdki_line_sum_fact(g, s, sb);
	if (!placed) {
		sb_puts(sb, ", and ");
		r->cell = cdki_line_sum_why(g, s, cell, value, &r->value, sb);
	}
	end_text(rs);
}

/* The reason for one removal by the step's technique. */
static void removal_reason(const struct grader *g, const struct gstep *s,
			   struct reasons_build *rs, int cell, int value)
{
	struct strbuf *sb = &rs->text;
	cdok_reason *r;

	switch (s->tech) {
	case TECH_CAGE_VALUES:
	case TECH_CAGE_CELLS:
	case TECH_CAGE_BOUNDS:
	case TECH_CAGE_COMBINATIONS:
		cage_reason(g, s, rs, cell, value);
		return;
	case TECH_LINE_SUM:
		line_sum_reason(g, s, rs, cell, value, 0);
		return;
	case TECH_POINTING:
	case TECH_CLAIMING:
		if (!(r = add(rs, cell, value, 0, CDOK_REASON_CONFINED)))
			return;
		r->unit = s->unit;
		r->unit2 = s->unit2;
		r->value = s->value;
		cdki_sb_printf(sb, "in ");
		cdki_text_unit(g, s->unit, sb);
		cdki_sb_printf(sb, ", %d can only go where it meets ", value);
		cdki_text_unit(g, s->unit2, sb);
		break;
	case TECH_CAGE_LINE:
		if (!(r = add(rs, cell, value, 0, CDOK_REASON_CONFINED)))
			return;
		r->cage = s->cage;
		r->unit2 = s->unit;
		r->value = value;
		sb_puts(sb, "every way of filling ");
		cdki_text_step_cage(g, s, sb);
		cdki_sb_printf(sb, " puts %d in ", value);
		cdki_text_unit(g, s->unit, sb);
		break;
	case TECH_NAKED_SUBSET:
	case TECH_HIDDEN_SUBSET:
		if (!(r = add(rs, cell, value, 0, CDOK_REASON_SUBSET)))
			return;
		r->unit = s->unit;
		r->values = s->values;
		r->cell = s->tech == TECH_HIDDEN_SUBSET ? -2 : -1;
		if (s->tech == TECH_HIDDEN_SUBSET) {
			sb_puts(sb, "in ");
			cdki_text_unit(g, s->unit, sb);
			sb_puts(sb, ", ");
			cdki_text_values(s->values, sb);
			sb_puts(sb, cdok_popcount(s->values) == 1 ? " fits only "
				: " fit only ");
			cdki_text_cells(g, s->cells, s->ncells, sb);
		} else {
			cdki_text_cells(g, s->cells, s->ncells, sb);
			sb_puts(sb, " hold only ");
			cdki_text_values(s->values, sb);
			sb_puts(sb, " between them, in ");
			cdki_text_unit(g, s->unit, sb);
		}
		break;
	case TECH_FISH:
		if (!(r = add(rs, cell, value, 0, CDOK_REASON_CONFINED)))
			return;
		r->value = s->value;
		r->unit = s->chain[0];
		r->unit2 = line_of(g, s->chain + s->count,
				   s->nchain - s->count, cell);
		cdki_sb_printf(sb, "in %d lines, %d has %d places, all in ",
			       s->count, s->value, s->count);
		if (r->unit2 >= 0)
			cdki_text_unit(g, r->unit2, sb);
		sb_puts(sb, " and the other cover lines");
		break;
	case TECH_FORCING_CHAIN:
		if (!(r = add(rs, cell, value, 0, CDOK_REASON_CHAIN)))
			return;
		r->cell = s->chain[0];
		r->value = s->value;
		cdki_sb_printf(sb, "either ");
		cdki_text_cell(g, s->chain[0], sb);
		cdki_sb_printf(sb, " is %d or the chain ends in %d at ",
			       s->value, s->value);
		cdki_text_cell(g, s->chain[2 * (s->nchain - 1)], sb);
		sb_puts(sb, ", and ");
		cdki_text_cell(g, cell, sb);
		sb_puts(sb, " sees both");
		break;
	default:
		/* A technique that removes without a reason of its own. */
		if (!(r = add(rs, cell, value, 0, CDOK_REASON_TRIAL)))
			return;
		cdki_sb_printf(sb, "%d in ", value);
		cdki_text_cell(g, cell, sb);
		sb_puts(sb, " leads to a contradiction");
		break;
	}
	end_text(rs);
}

/* The reason for the step's placement. */
static void place_reason(const struct grader *g, const struct gstep *s,
			 struct reasons_build *rs)
{
	int cell = s->place_cell, v = s->place_value;
	struct strbuf *sb = &rs->text;
	cdok_reason *r;

	switch (s->tech) {
	case TECH_NAKED_SINGLE:
		if (!(r = add(rs, cell, v, 1, CDOK_REASON_SINGLE)))
			return;
		cdki_text_cell(g, cell, sb);
		cdki_sb_printf(sb, " has no candidate left but %d", v);
		break;
	case TECH_HIDDEN_SINGLE:
	case TECH_BOX_SINGLE:
		if (!(r = add(rs, cell, v, 1, CDOK_REASON_ONLY_PLACE)))
			return;
		r->unit = s->unit;
		cdki_sb_printf(sb, "%d has no other place in ", v);
		cdki_text_unit(g, s->unit, sb);
		break;
	case TECH_CAGE_LAST:
	case TECH_INNIE:
		if (!(r = add(rs, cell, v, 1, CDOK_REASON_SUM)))
			return;
		r->sum = v;
		if (s->cage_kind == SC_KCAGE)
			r->cage = g->kc[s->cage].origin;
		else if (s->cage_kind == SC_VCAGE)
			r->unit = g->vc[s->cage].unit;
		else
			r->unit = s->unit;
		/* The step's sentence is this sum, in full. */
		sb_puts(sb, g->text.data ? g->text.data : "");
		if (sb->len && sb->data[sb->len - 1] == '.')
			sb->len--;
		break;
	case TECH_LINE_SUM:
		line_sum_reason(g, s, rs, cell, v, 1);
		return;
	default:
		if (!(r = add(rs, cell, v, 1, CDOK_REASON_TRIAL)))
			return;
		cdki_sb_printf(sb, "every other candidate of ");
		cdki_text_cell(g, cell, sb);
		sb_puts(sb, " leads to a contradiction");
		break;
	}
	end_text(rs);
}

void cdki_reasons_begin(struct grader *g)
{
	const struct gstep *s = &g->step;
	struct reasons_build *rs = &g->reasons;

	rs->n = 0;
	cdki_sb_free(&rs->text);
	cdki_sb_init(&rs->text);
	for (int i = 0; i < s->nrm; i++) {
		int cell = s->rm_cells[i];

		g->tech_rm[cell] = s->rm[cell];
		for (uint64_t a = s->rm[cell] & g->dom[cell]; a; a &= a - 1)
			removal_reason(g, s, rs, cell, __builtin_ctzll(a));
	}
	if (s->place_cell >= 0)
		place_reason(g, s, rs);
}

/* Which unit cell and at share ("row 4", or a Killer X's diagonal), or
 * -1 for a cage only. */
static int shared_unit(const struct grader *g, int cell, int at)
{
	int dc[2], da[2], nc, na;

	for (int k = 0; k < g->nkinds; k++)
		if (cell_unit(g, cell, k) == cell_unit(g, at, k))
			return cell_unit(g, cell, k);
	nc = cdki_diagonals_of(g->p, cell, dc);
	na = cdki_diagonals_of(g->p, at, da);
	for (int i = 0; i < nc; i++)
		for (int j = 0; j < na; j++)
			if (dc[i] == da[j])
				return dc[i];
	return -1;
}

bool cdki_reasons_end(struct grader *g)
{
	const struct gstep *s = &g->step;
	struct reasons_build *rs = &g->reasons;

	for (int i = 0; i < s->nrm; i++) {
		int cell = s->rm_cells[i];
		uint64_t extra = s->rm[cell] & ~g->tech_rm[cell];

		g->tech_rm[cell] = 0;
		for (uint64_t a = extra; a; a &= a - 1) {
			int v = __builtin_ctzll(a), at = s->place_cell;
			cdok_reason *r = add(rs, cell, v, 0, CDOK_REASON_SEES);

			if (!r)
				continue;
			r->cell = at;
			r->value = v;
			r->unit = shared_unit(g, cell, at);
			if (r->unit < 0)
				r->cage = g->p->cage_of[at];
			/* "row 6 has its 2 (r6c1)" */
			if (r->unit >= 0) {
				cdki_text_unit(g, r->unit, &rs->text);
			} else {
				char name[96];

				cdki_cage_name(g->p, r->cage, name,
					       sizeof(name));
				sb_puts(&rs->text, name);
			}
			cdki_sb_printf(&rs->text, " has its %d (", v);
			cdki_text_cell(g, at, &rs->text);
			sb_puts(&rs->text, ")");
			end_text(rs);
		}
	}
	return !rs->text.failed;
}

void cdki_reasons_step(struct grader *g)
{
	if (!g->tech_rm)
		g->tech_rm = cdok_calloc((size_t)g->ncells, sizeof(uint64_t));
	if (!g->tech_rm) {
		g->reasons.text.failed = true;
		return;
	}
	cdki_reasons_begin(g);
	cdki_reasons_tell(g);
	cdki_reasons_hidden(g);
}

void cdki_reasons_drop(struct grader *g)
{
	free(g->reasons.r);
	cdki_sb_free(&g->reasons.text);
	free(g->tech_rm);
}

/* Point each reason's text into pool (their offsets until now). */
static void point_texts(cdok_reason *r, int n, const char *pool)
{
	for (int i = 0; i < n; i++)
		r[i].text = pool + (uintptr_t)r[i].text;
}

bool cdki_reasons_take(struct grader *g, struct step_reasons *out)
{
	struct reasons_build *rs = &g->reasons;

	memset(out, 0, sizeof(*out));
	if (rs->text.failed)
		return false;
	out->r = cdok_malloc((size_t)(rs->n ? rs->n : 1) * sizeof(*out->r));
	out->pool = cdok_malloc(rs->text.len ? rs->text.len : 1);
	if (!out->r || !out->pool) {
		cdki_reasons_free(out);
		return false;
	}
	memcpy(out->r, rs->r, (size_t)rs->n * sizeof(*out->r));
	if (rs->text.len)
		memcpy(out->pool, rs->text.data, rs->text.len);
	out->n = rs->n;
	point_texts(out->r, out->n, out->pool);
	return true;
}

bool cdki_reasons_append(struct step_reasons *dst,
			 const struct step_reasons *src)
{
	size_t dlen = 0, slen = 0;
	cdok_reason *r;
	char *pool;

	for (int i = 0; i < dst->n; i++)
		dlen += strlen(dst->r[i].text) + 1;
	for (int i = 0; i < src->n; i++)
		slen += strlen(src->r[i].text) + 1;
	r = cdok_malloc((size_t)(dst->n + src->n + 1) * sizeof(*r));
	pool = cdok_malloc(dlen + slen + 1);
	if (!r || !pool) {
		free(r);
		free(pool);
		return false;
	}
	dlen = 0;
	for (int i = 0; i < dst->n + src->n; i++) {
		const cdok_reason *from = i < dst->n ? &dst->r[i]
						     : &src->r[i - dst->n];
		size_t len = strlen(from->text) + 1;

		r[i] = *from;
		memcpy(pool + dlen, from->text, len);
		r[i].text = pool + dlen;
		dlen += len;
	}
	free(dst->r);
	free(dst->pool);
	dst->n += src->n;
	dst->r = r;
	dst->pool = pool;
	return true;
}

/* Whether reason r says more than its step's sentence: the value a
 * two-cell cage's other cell would need, or a sum's arithmetic. */
static bool telling(const cdok_reason *r, const char *text)
{
	return !r->placed && (strstr(text, " would need ") ||
			      strstr(text, " would leave ") ||
			      strstr(text, " leaves no value "));
}

void cdki_reasons_tell(struct grader *g)
{
	const struct gstep *s = &g->step;
	struct reasons_build *rs = &g->reasons;
	struct strbuf *sb = &g->text;
	int told = 0;

	if (s->tech != TECH_CAGE_CELLS && s->tech != TECH_CAGE_VALUES &&
	    s->tech != TECH_CAGE_BOUNDS)
		return;
	if (rs->n > 3 || rs->text.failed || sb->failed || !sb->len)
		return;
	for (int i = 0; i < rs->n; i++)
		if (!telling(&rs->r[i], rs->text.data +
			     (uintptr_t)rs->r[i].text))
			return;
	/* "..., so remove it: 1 in r1c4 would need 2 in r1c5, and column 5
	 * already has its 2 (r9c5)." */
	if (sb->data[sb->len - 1] == '.')
		sb->len--;
	for (int i = 0; i < rs->n; i++) {
		sb_puts(sb, told++ ? "; " : ": ");
		sb_puts(sb, rs->text.data + (uintptr_t)rs->r[i].text);
	}
	sb_puts(sb, ".");
}

/* A hidden operator's cage of two cells: which operation each way of
 * filling it left uses ("11 is 5+6: an addition"), after the step's
 * removals; 0 pairs listed when there are more than four. */
static int hidden_pairs(const struct grader *g, const struct gstep *s,
			int cage, struct strbuf *sb)
{
	static const char *const names[4] = {
		"an addition", "a difference", "a product", "a ratio"
	};
	static const char signs[4] = { '+', '-', '*', '/' };
	const struct cdok_cage *c = &g->p->cages[cage];
	int a0 = c->cells[0], a1 = c->cells[1], count = 0;
	uint64_t d0 = g->dom[a0] & ~s->rm[a0], d1 = g->dom[a1] & ~s->rm[a1];

	for (int pass = 0; pass < 2; pass++)
		for (int a = 1; a <= g->n; a++)
			for (int b = a + 1; b <= g->n; b++) {
				bool fits = ((d0 & BIT(a)) && (d1 & BIT(b))) ||
					    ((d0 & BIT(b)) && (d1 & BIT(a)));
				int k = 0;

				if (!fits || !pair_fits(CDOK_OP_ANY, c->target,
							a, b))
					continue;
				if (pass == 0) {
					if (++count > 4)
						return 0;
					continue;
				}
				sb_puts(sb, sb->len && sb->data[sb->len - 1] !=
					'(' ? "; " : "");
				for (int op = 0; op < 4; op++) {
					cdok_op o = cdok_ops_nth(op);
					bool swap = op == 1 || op == 3;

					if (!pair_fits(o, c->target, a, b))
						continue;
					cdki_sb_printf(sb, "%s%lld is %d%c%d: %s",
						       k++ ? ", or " : "",
						       (long long)c->target,
						       swap ? b : a, signs[op],
						       swap ? a : b, names[op]);
				}
			}
	return count;
}

/* A hidden operator's cage of three to eight cells: the sets of values
 * its ways of filling left make by addition and by multiplication, four
 * at most of each (a set in increasing order, its values repeated as
 * the layout repeats them). */
#define HIDDEN_SETS 4
#define HIDDEN_CELLS 8
#define HIDDEN_BUDGET 20000L

struct hidden_sets {
	const struct grader *g;
	const struct gstep *s;
	const struct cdok_cage *c;
	int vals[HIDDEN_CELLS];
	int sets[2][HIDDEN_SETS + 1][HIDDEN_CELLS];
	int nsets[2];
	long budget;
	bool other;   /* a layout fits by - or /, or too many sets */
};

static void hidden_note(struct hidden_sets *h, int which)
{
	int n = h->c->ncells, sorted[HIDDEN_CELLS];

	memcpy(sorted, h->vals, (size_t)n * sizeof(int));
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
			int x = sorted[j];

			sorted[j] = sorted[j - 1];
			sorted[j - 1] = x;
		}
	for (int k = 0; k < h->nsets[which]; k++)
		if (!memcmp(h->sets[which][k], sorted,
			    (size_t)n * sizeof(int)))
			return;
	if (h->nsets[which] == HIDDEN_SETS) {
		h->other = true;
		return;
	}
	memcpy(h->sets[which][h->nsets[which]++], sorted,
	       (size_t)n * sizeof(int));
}

static void hidden_walk(struct hidden_sets *h, int i)
{
	const struct grader *g = h->g;
	const struct cdok_cage *c = h->c;

	if (h->other || --h->budget < 0)
		return;
	if (i == c->ncells) {
		for (int op = 0; op < 4; op++) {
			if (!cdki_ops_hold(1u << op, c->target, h->vals,
					   c->ncells))
				continue;
			if (op == 0 || op == 2)
				hidden_note(h, op / 2);
			else
				h->other = true;
		}
		return;
	}
	for (uint64_t a = g->dom[c->cells[i]] & ~h->s->rm[c->cells[i]]; a;
	     a &= a - 1) {
		int v = __builtin_ctzll(a);
		bool ok = true;

		for (int k = 0; k < i && ok; k++)
			ok = h->vals[k] != v ||
			     !cdki_puzzle_cells_see(g->p, c->cells[k],
						    c->cells[i]);
		if (!ok)
			continue;
		h->vals[i] = v;
		hidden_walk(h, i + 1);
	}
}

/* "6 is 1+2+3: an addition, or 1*2*3 or 1*1*6: a product"; false when
 * there is no such short list. */
static bool hidden_sets(const struct grader *g, const struct gstep *s,
			int cage, struct strbuf *sb)
{
	static const char *const names[2] = { "an addition", "a product" };
	struct hidden_sets h;
	int told = 0;

	memset(&h, 0, sizeof(h));
	h.g = g;
	h.s = s;
	h.c = &g->p->cages[cage];
	h.budget = HIDDEN_BUDGET;
	if (h.c->ncells < 3 || h.c->ncells > HIDDEN_CELLS)
		return false;
	hidden_walk(&h, 0);
	if (h.other || h.budget < 0 || !(h.nsets[0] + h.nsets[1]))
		return false;
	cdki_sb_printf(sb, "%lld is ", (long long)h.c->target);
	for (int w = 0; w < 2; w++) {
		if (!h.nsets[w])
			continue;
		sb_puts(sb, told++ ? ", or " : "");
		for (int k = 0; k < h.nsets[w]; k++) {
			sb_puts(sb, k == 0 ? "" : " or ");
			for (int i = 0; i < h.c->ncells; i++)
				cdki_sb_printf(sb, "%s%d", i ? w ? "*" : "+"
					       : "", h.sets[w][k][i]);
		}
		cdki_sb_printf(sb, ": %s", names[w]);
	}
	return true;
}

void cdki_reasons_hidden(struct grader *g)
{
	const struct gstep *s = &g->step;
	struct strbuf *sb = &g->text;
	size_t at;

	if ((s->tech != TECH_CAGE_VALUES && s->tech != TECH_CAGE_CELLS) ||
	    s->cage_kind != SC_PUZZLE || sb->failed || !sb->len)
		return;
	if (g->p->cages[s->cage].op != CDOK_OP_ANY ||
	    (g->p->cages[s->cage].ncells == 2 &&
	     cdok_clue_ops(CDOK_OP_ANY, 2, g->p->rules) != CDOK_OPS_ALL))
		return;
	if (sb->data[sb->len - 1] == '.')
		sb->len--;
	at = sb->len;
	sb_puts(sb, " (");
	if (g->p->cages[s->cage].ncells == 2 ?
	    !hidden_pairs(g, s, s->cage, sb) :
	    !hidden_sets(g, s, s->cage, sb))
		sb->len = at;
	else
		sb_puts(sb, ")");
	sb_puts(sb, ".");
}
