/* brief.c -- an explanation as a tutor gives it (cdok_explain_brief):
 * only the steps some placement rests on, the routine ones grouped.
 *
 * The grader's full list is the one a program replays; a person reading
 * it drowns in it (a Hard 9 x 9 Keen takes some 170 steps, most of them
 * "values a cage can use" and naked singles).  The brief list keeps
 * every placement and, by the backward pass of depend.c, only the
 * removals some placement needs; then each run of routine steps -- the
 * singles between two pieces of reasoning, the cages' own values at the
 * start -- becomes one step that lists them.  Steps of the puzzle's
 * level, when it is above the first, are marked (sets_level): they are
 * why the puzzle is as hard as it is.
 */
#include <stdio.h>
#include <string.h>

#include "grade/grade.h"

#define BIT(v) ((uint64_t)1 << (v))

/* What a step is, for grouping. */
enum kind { K_OTHER, K_SINGLE, K_CAGE };

static enum kind step_kind(const cdok_step *s)
{
	switch (s->technique) {
	case TECH_NAKED_SINGLE:
	case TECH_HIDDEN_SINGLE:
	case TECH_DIAGONAL_SINGLE:
	case TECH_BOX_SINGLE:
	case TECH_CAGE_LAST:
		return K_SINGLE;
	case TECH_CAGE_VALUES:
	case TECH_CAGE_CELLS:
	case TECH_CAGE_BOUNDS:
	case TECH_CAGE_COMBINATIONS:
		return K_CAGE;
	default:
		return K_OTHER;
	}
}

/* The explanation being built. */
struct brief {
	cdok_step *steps;
	int n, cap;
};

/* "1, 2, 5 and 6", with runs of three or more as "1 to 4" (a range,
 * not a difference). */
static void put_values(uint64_t values, struct strbuf *sb)
{
	int from[64], to[64], items = 0, done = 0;

	for (int v = 1; v < 64; v++) {
		int w = v;

		if (!(values & BIT(v)))
			continue;
		while (w + 1 < 64 && (values & BIT(w + 1)))
			w++;
		if (w - v >= 2) {
			from[items] = v;
			to[items++] = w;
			v = w;
		} else {
			from[items] = to[items] = v;
			items++;
		}
	}
	for (int i = 0; i < items; i++, done++) {
		if (done)
			sb_puts(sb, done == items - 1 ? " and " : ", ");
		if (from[i] == to[i])
			cdki_sb_printf(sb, "%d", from[i]);
		else
			cdki_sb_printf(sb, "%d to %d", from[i], to[i]);
	}
}

static void put_cell(const cdok_puzzle *p, int cell, struct strbuf *sb)
{
	cdki_sb_printf(sb, "r%dc%d", cell / p->size + 1, cell % p->size + 1);
}

/* The place a step's where names, without "Look at " and the stop. */
static void put_place(const cdok_step *s, struct strbuf *sb)
{
	const char *w = s->where ? s->where : "";
	size_t len;

	if (!strncmp(w, "Look at ", 8))
		w += 8;
	len = strlen(w);
	if (len && w[len - 1] == '.')
		len--;
	sb_putn(sb, w, len);
}

/* A step's removals as "8 in r2c5, or 1 or 9 in r7c7" (by cell). */
static void put_removed_in(const cdok_puzzle *p, const cdok_step *s,
			   struct strbuf *sb)
{
	int groups = 0;

	for (int k = 0; k < s->nremoved;) {
		int cell = s->removed[k].cell, end = k;

		while (end < s->nremoved && s->removed[end].cell == cell)
			end++;
		groups++;
		k = end;
	}
	for (int k = 0, g = 0; k < s->nremoved; g++) {
		int cell = s->removed[k].cell, end = k;

		while (end < s->nremoved && s->removed[end].cell == cell)
			end++;
		if (g)
			sb_puts(sb, g == groups - 1 ? ", or " : ", ");
		for (int j = k; j < end; j++)
			cdki_sb_printf(sb, "%s%d", j == k ? "" : j == end - 1 ?
				       " or " : ", ", s->removed[j].value);
		sb_puts(sb, " in ");
		put_cell(p, cell, sb);
		k = end;
	}
}

/* A step's removals grouped by equal sets of values, as "8 and 9 in
 * r1c1 and r1c2, 7 in r2c1" (removed is sorted by cell). */
static void put_removed(const cdok_puzzle *p, const cdok_step *s,
			struct strbuf *sb)
{
	int cells[64], ncell = 0, ngroup = 0, done = 0;
	uint64_t masks[64], groups[64];

	for (int k = 0; k < s->nremoved && ncell < 64; k++) {
		if (!ncell || cells[ncell - 1] != s->removed[k].cell) {
			cells[ncell] = s->removed[k].cell;
			masks[ncell++] = 0;
		}
		masks[ncell - 1] |= BIT(s->removed[k].value);
	}
	for (int i = 0; i < ncell; i++) {
		bool seen = false;

		for (int j = 0; j < ngroup && !seen; j++)
			seen = groups[j] == masks[i];
		if (!seen)
			groups[ngroup++] = masks[i];
	}
	for (int j = 0; j < ngroup; j++) {
		int count = 0, k = 0;

		for (int i = 0; i < ncell; i++)
			count += masks[i] == groups[j];
		if (done++)
			sb_puts(sb, j == ngroup - 1 ? " and " : ", ");
		put_values(groups[j], sb);
		sb_puts(sb, " in ");
		for (int i = 0; i < ncell; i++) {
			if (masks[i] != groups[j])
				continue;
			if (k)
				sb_puts(sb, k == count - 1 ? " and " : ", ");
			put_cell(p, cells[i], sb);
			k++;
		}
	}
}

/* Why a single holds, in a few words. */
static void put_single_reason(const cdok_puzzle *p, const cdok_step *s,
			      struct strbuf *sb)
{
	char name[96];
	int cell = s->placed[0].cell;

	switch (s->technique) {
	case TECH_NAKED_SINGLE:
		sb_puts(sb, "its only candidate");
		break;
	case TECH_CAGE_LAST: {
		/* The cage as the step names it: the part of it the 45 rule
		 * split off, when that is what has one cell left. */
		static const char key[] = "the last open cell of ";
		const char *at = s->text ? strstr(s->text, key) : NULL;

		if (at) {
			size_t len;

			at += sizeof(key) - 1;
			len = strcspn(at, ";,.");
			/* "(r5c3 and r5c4)" lists cells: keep the name. */
			sb_puts(sb, "the last open cell of ");
			sb_putn(sb, at, len);
			break;
		}
		cdki_cage_name(p, p->cage_of[cell], name, sizeof(name));
		cdki_sb_printf(sb, "the last cell of %s", name);
		break;
	}
	default:
		cdki_sb_printf(sb, "the only place for %d in ",
			       s->placed[0].value);
		put_place(s, sb);
		break;
	}
}

/* Room for one more step. */
static cdok_step *brief_add(struct brief *b)
{
	if (b->n == b->cap) {
		int cap = b->cap ? 2 * b->cap : 64;
		cdok_step *s = cdok_realloc(b->steps, (size_t)cap * sizeof(*s));

		if (!s)
			return NULL;
		b->steps = s;
		b->cap = cap;
	}
	memset(&b->steps[b->n], 0, sizeof(cdok_step));
	return &b->steps[b->n++];
}

static bool copy_ints(const int *from, int n, const int **to)
{
	int *a = cdok_malloc((size_t)(n > 0 ? n : 1) * sizeof(int));

	if (!a)
		return false;
	if (n > 0)
		memcpy(a, from, (size_t)n * sizeof(int));
	*to = a;
	return true;
}

static char *copy_str(const char *t)
{
	size_t len = strlen(t ? t : "");
	char *c = cdok_malloc(len + 1);

	if (c)
		memcpy(c, t ? t : "", len + 1);
	return c;
}

/* A step of the full list, as it is. */
static bool copy_step(const cdok_step *from, cdok_step *to)
{
	cdok_candidate *pl = cdok_malloc((size_t)(from->nplaced ?
					  from->nplaced : 1) * sizeof(*pl));
	cdok_candidate *rm = cdok_malloc((size_t)(from->nremoved ?
					  from->nremoved : 1) * sizeof(*rm));

	*to = *from;
	to->cells = to->focus = NULL;
	to->placed = pl;
	to->removed = rm;
	to->text = copy_str(from->text);
	to->where = copy_str(from->where);
	to->what = copy_str(from->what);
	if (pl && from->nplaced)
		memcpy(pl, from->placed, (size_t)from->nplaced * sizeof(*pl));
	if (rm && from->nremoved)
		memcpy(rm, from->removed, (size_t)from->nremoved * sizeof(*rm));
	return pl && rm && to->text && to->where && to->what &&
	       copy_ints(from->cells, from->ncells, &to->cells) &&
	       copy_ints(from->focus, from->nfocus, &to->focus);
}

/* The cells, focus, placements and removals of the grouped steps
 * (first..last-1 of kept) into out, newly allotted: the cells and
 * focus in reading order, each once (mark: 1 cell, 2 focus; all 0
 * again after).  False when memory runs out (out then holds what was
 * allotted, for cdki_step_free). */
static bool group_gather(const cdok_puzzle *p, const cdok_step *full,
			 const int *kept, int first, int last,
			 cdok_step *out, int *mark)
{
	int ncells = p->size * p->size, nplaced = 0, nremoved = 0;
	int ncell = 0, nfocus = 0, *cells, *focus;
	cdok_candidate *pl, *rm;

	for (int i = first; i < last; i++) {
		nplaced += full[kept[i]].nplaced;
		nremoved += full[kept[i]].nremoved;
	}
	cells = cdok_malloc((size_t)ncells * sizeof(int));
	focus = cdok_malloc((size_t)ncells * sizeof(int));
	pl = cdok_malloc((size_t)(nplaced ? nplaced : 1) * sizeof(*pl));
	rm = cdok_malloc((size_t)(nremoved ? nremoved : 1) * sizeof(*rm));
	out->cells = cells;
	out->focus = focus;
	out->placed = pl;
	out->removed = rm;
	if (!cells || !focus || !pl || !rm)
		return false;
	for (int i = first; i < last; i++) {
		const cdok_step *s = &full[kept[i]];

		if (s->level > out->level)
			out->level = s->level;
		out->sets_level |= s->sets_level;
		for (int k = 0; k < s->ncells; k++)
			mark[s->cells[k]] |= 1;
		for (int k = 0; k < s->nfocus; k++)
			mark[s->focus[k]] |= 2;
		for (int k = 0; k < s->nplaced; k++)
			pl[out->nplaced++] = s->placed[k];
		for (int k = 0; k < s->nremoved; k++)
			rm[out->nremoved++] = s->removed[k];
	}
	for (int c = 0; c < ncells; c++) {
		if (mark[c] & 1)
			cells[ncell++] = c;
		if (mark[c] & 2)
			focus[nfocus++] = c;
		mark[c] = 0;
	}
	out->ncells = ncell;
	out->nfocus = nfocus;
	return true;
}

/* A round: what the cages allow, then the singles that follow.  The
 * title before the colon of what is the round's title (the program
 * prints it as a technique's).  Returns the round's kind: K_CAGE when
 * a cage's step is in it. */
static enum kind group_what(const cdok_step *full, const int *kept,
			    int first, int last, int technique,
			    struct strbuf *what)
{
	int ncage = 0, nsingle = 0;

	for (int i = first; i < last; i++)
		if (step_kind(&full[kept[i]]) == K_SINGLE)
			nsingle++;
		else
			ncage++;
	if (!ncage)
		cdki_sb_printf(what, "Singles: %d cells", nsingle);
	else if (!nsingle && technique == TECH_CAGE_VALUES)
		cdki_sb_printf(what, "Pencil in the values each cage can "
			       "use: %d cages", ncage);
	else if (!nsingle)
		cdki_sb_printf(what, "What the cages allow: %d cages",
			       ncage);
	else
		cdki_sb_printf(what, "Cages, then singles: %d cage "
			       "step%s, %d cell%s", ncage, ncage == 1 ? ""
			       : "s", nsingle, nsingle == 1 ? "" : "s");
	return ncage ? K_CAGE : K_SINGLE;
}

/* One step of a round, in the round's sentence, into text: a single
 * with its reason, or what a cage's step rules out (dom: the
 * candidates after it). */
/* Whether s removes the same values from each of its cells, and from
 * no other cell. */
static bool removes_alike(const cdok_step *s)
{
	uint64_t first = 0;

	for (int i = 0; i < s->ncells; i++) {
		uint64_t m = 0;

		for (int k = 0; k < s->nremoved; k++)
			if (s->removed[k].cell == s->cells[i])
				m |= BIT(s->removed[k].value);
		if (!m || (i && m != first))
			return false;
		first = m;
	}
	for (int k = 0; k < s->nremoved; k++) {
		bool in = false;

		for (int i = 0; i < s->ncells && !in; i++)
			in = s->removed[k].cell == s->cells[i];
		if (!in)
			return false;
	}
	return true;
}

static void group_part(const cdok_puzzle *p, const cdok_step *s,
		       const uint64_t *dom, struct strbuf *text)
{
	uint64_t values = 0;
	bool same = s->ncells == s->nfocus;

	if (step_kind(s) == K_SINGLE) {
		put_cell(p, s->placed[0].cell, text);
		cdki_sb_printf(text, " is %d (", s->placed[0].value);
		put_single_reason(p, s, text);
		sb_puts(text, ")");
		return;
	}
	if (s->technique == TECH_CAGE_CELLS) {
		/* "no way of filling the 4/ cage at r1c5 puts 8 in r2c5" */
		sb_puts(text, "no way of filling ");
		put_place(s, text);
		sb_puts(text, " puts ");
		put_removed_in(p, s, text);
		return;
	}
	for (int k = 0; dom && k < s->ncells; k++)
		values |= dom[s->cells[k]];
	for (int k = 0; same && k < s->ncells; k++)
		same = s->cells[k] == s->focus[k];
	if (!same)
		sb_puts(text, "the rest of ");
	put_place(s, text);
	if (!same) {
		sb_puts(text, " (");
		for (int k = 0; k < s->ncells; k++) {
			if (k)
				sb_puts(text, k == s->ncells - 1 ? " and "
								  : ", ");
			put_cell(p, s->cells[k], text);
		}
		sb_puts(text, ")");
	}
	if (s->technique == TECH_CAGE_VALUES && dom) {
		sb_puts(text, " takes ");
		put_values(values & ~(uint64_t)1, text);
	} else if (s->ncells > 1 && removes_alike(s)) {
		/* The cells are named just before, or are the whole cage:
		 * "... (r7c7, r7c9 and r8c7) rules out 8 and 9 in each",
		 * "the 19 cage at r3c4 rules out 1 in each of its cells". */
		uint64_t rm = 0;

		for (int k = 0; k < s->nremoved; k++)
			rm |= BIT(s->removed[k].value);
		sb_puts(text, " rules out ");
		put_values(rm, text);
		sb_puts(text, same ? " in each of its cells" : " in each");
	} else {
		sb_puts(text, " rules out ");
		put_removed(p, s, text);
	}
}

bool cdki_brief_clause(const cdok_puzzle *p, const cdok_step *s,
			struct strbuf *sb)
{
	enum kind k = step_kind(s);

	if ((k == K_SINGLE && s->nplaced == 1) ||
	    (k == K_CAGE && s->nplaced == 0 && s->nremoved > 0)) {
		group_part(p, s, NULL, sb);
		return true;
	}
	return false;
}

/* Whether a step of a round is told as "X rules out ...". */
static bool rules_out(const cdok_step *s)
{
	return step_kind(s) == K_CAGE && s->technique != TECH_CAGE_CELLS &&
	       s->technique != TECH_CAGE_VALUES;
}

/* Whether two such steps are told of the same place and cells. */
static bool same_part(const cdok_step *a, const cdok_step *b)
{
	if (!rules_out(a) || !rules_out(b) || a->ncells != b->ncells ||
	    !a->where || !b->where || strcmp(a->where, b->where))
		return false;
	for (int k = 0; k < a->ncells; k++)
		if (a->cells[k] != b->cells[k])
			return false;
	return true;
}

static int cmp_candidate(const void *x, const void *y)
{
	const cdok_candidate *a = x, *b = y;

	if (a->cell != b->cell)
		return (a->cell > b->cell) - (a->cell < b->cell);
	return (a->value > b->value) - (a->value < b->value);
}

/* Part i of a round, told once for all the round's steps of the same
 * place and cells up to it (issue 39: "the 21 cage at r4c6 rules out 1
 * to 3 in ..." rather than the cage twice); the later place keeps the
 * order sound, as what the earlier removed needs nothing after it. */
static bool group_merged_part(const cdok_puzzle *p, const cdok_step *full,
			      const int *kept, int first, int i,
			      const uint64_t *dom, struct strbuf *text)
{
	const cdok_step *s = &full[kept[i]];
	cdok_step m = *s;
	cdok_candidate *rm;
	int count = 0;

	for (int j = first; j <= i; j++)
		if (j == i || same_part(&full[kept[j]], s))
			count += full[kept[j]].nremoved;
	if (count == s->nremoved) {
		group_part(p, s, dom, text);
		return true;
	}
	rm = cdok_malloc((size_t)count * sizeof(*rm));
	if (!rm)
		return false;
	m.nremoved = 0;
	for (int j = first; j <= i; j++)
		if (j == i || same_part(&full[kept[j]], s))
			for (int k = 0; k < full[kept[j]].nremoved; k++)
				rm[m.nremoved++] = full[kept[j]].removed[k];
	qsort(rm, (size_t)m.nremoved, sizeof(*rm), cmp_candidate);
	m.removed = rm;
	group_part(p, &m, dom, text);
	free(rm);
	return true;
}

/* Steps first..last-1 of the kept list (indices into full, kept[]) --
 * a round: what the cages allow, then the singles -- as one step: their
 * cells, focus, values and removals together, and a sentence that lists
 * them.  The candidates after full step i are after[i * ncells ...];
 * mark (ncells entries) is all zero between uses. */
static bool group_step(const cdok_puzzle *p, const cdok_step *full,
		       const int *kept, int first, int last,
		       const uint64_t *after, cdok_step *out, int *mark)
{
	int ncells = p->size * p->size;
	enum kind kind;
	struct strbuf text, what;
	int *show, nshow = 0;

	memset(out, 0, sizeof(*out));
	out->technique = full[kept[first]].technique;
	out->level = -1;
	out->merged = last - first;
	if (!group_gather(p, full, kept, first, last, out, mark))
		return false;
	cdki_sb_init(&text);
	cdki_sb_init(&what);
	kind = group_what(full, kept, first, last, out->technique, &what);
	/* The parts told: a cage's removals where it last speaks. */
	show = cdok_malloc((size_t)(last - first) * sizeof(int));
	if (!show) {
		cdki_sb_free(&text);
		cdki_sb_free(&what);
		return false;
	}
	for (int i = first; i < last; i++) {
		bool later = false;

		for (int j = i + 1; j < last && !later; j++)
			later = same_part(&full[kept[i]], &full[kept[j]]);
		if (!later)
			show[nshow++] = i;
	}
	for (int t = 0; t < nshow; t++) {
		int i = show[t];
		bool single = step_kind(&full[kept[i]]) == K_SINGLE;
		bool next_single = t + 1 < nshow &&
				   step_kind(&full[kept[show[t + 1]]]) ==
				   K_SINGLE;

		if (!group_merged_part(p, full, kept, first, i,
				       after + (size_t)kept[i] *
				       (size_t)ncells, &text))
			text.failed = true;
		/* Separators: "; " between the cages' steps, ", " and
		 * " and " between singles, "; so " from one to the
		 * other. */
		if (t + 1 == nshow)
			break;
		if (!single && next_single)
			sb_puts(&text, "; so ");
		else if (single)
			sb_puts(&text, t + 2 == nshow ? " and " : ", ");
		else
			sb_puts(&text, "; ");
	}
	free(show);
	sb_puts(&text, ".");
	/* The first letter of a sentence. */
	if (!text.failed && text.len && text.data[0] >= 'a' &&
	    text.data[0] <= 'z' && text.data[0] != 'r')
		text.data[0] = (char)(text.data[0] - 'a' + 'A');
	out->text = text.data;
	out->what = what.data;
	out->where = copy_str(kind == K_SINGLE ? "Look at the cells with one "
			      "value left." : "Look at the cages.");
	if (text.failed || what.failed)
		return false;
	return out->where != NULL;
}

/* The candidates after each step of the full list (from the givens),
 * into after (nsteps * ncells sets). */
static void replay(const cdok_puzzle *p, const cdok_step *steps, int nsteps,
		   uint64_t *after)
{
	int n = p->size, ncells = n * n;
	uint64_t full = n == 63 ? ~(uint64_t)1 : ((BIT(n) - 1) << 1);
	uint64_t *dom = after;

	/* Before the first step: every value but those the givens that
	 * see the cell hold. */
	uint64_t *start = cdok_malloc((size_t)ncells * sizeof(uint64_t));

	if (!start)
		return;
	for (int c = 0; c < ncells; c++) {
		start[c] = full;
		if (p->given[c] > 0) {
			start[c] = BIT(p->given[c]);
			continue;
		}
		for (int i = 0; i < ncells; i++) {
			int v = p->given[i];

			if (v > 0 && v <= n && cdki_puzzle_cells_see(p, c, i))
				start[c] &= ~BIT(v);
		}
	}
	for (int j = 0; j < nsteps; j++) {
		const cdok_step *s = &steps[j];

		dom = after + (size_t)j * (size_t)ncells;
		memcpy(dom, j ? dom - ncells : start,
		       (size_t)ncells * sizeof(uint64_t));
		for (int k = 0; k < s->nremoved; k++)
			dom[s->removed[k].cell] &= ~BIT(s->removed[k].value);
		for (int k = 0; k < s->nplaced; k++)
			dom[s->placed[k].cell] = BIT(s->placed[k].value);
	}
	free(start);
}

static void brief_free_steps(struct brief *b)
{
	for (int i = 0; i < b->n; i++)
		cdki_step_free(&b->steps[i]);
	free(b->steps);
}

cdok_status cdki_grade_brief(const cdok_puzzle *p, const cdok_explanation *full,
			     const struct step_reasons *full_rs,
			     cdok_step **steps, struct step_reasons **rs,
			     int *nsteps, cdok_error *err)
{
	int nfull = full->nsteps, ncells = p->size * p->size, nkept = 0;
	int level = full->grading.level;
	bool *needed = cdok_calloc((size_t)(nfull ? nfull : 1), sizeof(bool));
	int *kept = cdok_malloc((size_t)(nfull ? nfull : 1) * sizeof(int));
	int *mark = cdok_calloc((size_t)ncells, sizeof(int));
	uint64_t *after = cdok_malloc((size_t)(nfull ? nfull : 1) *
				      (size_t)ncells * sizeof(uint64_t));
	cdok_step *marked = cdok_calloc((size_t)(nfull ? nfull : 1),
					sizeof(cdok_step));
	struct brief b = { NULL, 0, 0 };
	/* The reasons of each step made: those of the steps it stands
	 * for. */
	struct step_reasons *brs = cdok_calloc((size_t)(nfull ? nfull : 1),
					       sizeof(*brs));
	bool ok = needed && kept && mark && after && marked && brs;

	*steps = NULL;
	*rs = NULL;
	*nsteps = 0;
	if (ok) {
		for (int j = 0; j < nfull; j++) {
			needed[j] = full->steps[j].nplaced > 0;
			marked[j] = full->steps[j];
			/* The level is set by its own techniques, when
			 * there is a level above the first to set. */
			marked[j].sets_level = level > 0 &&
				full->grading.outcome == CDOK_GRADE_LEVEL &&
				full->steps[j].level == level &&
				full->steps[j].technique != TECH_LINE_SUM;
		}
		ok = cdki_steps_needed(p, full->steps, nfull, needed);
	}
	if (ok)
		replay(p, full->steps, nfull, after);
	for (int j = 0; ok && j < nfull; j++)
		if (needed[j])
			kept[nkept++] = j;
	/* A round of routine steps -- what the cages allow, then the
	 * singles it leads to -- becomes one step; any other step, and a
	 * step of the level's own techniques, stays as it is. */
	for (int i = 0; ok && i < nkept;) {
		const cdok_step *s = &marked[kept[i]];
		bool seen_single = false;
		int end = i;
		cdok_step *out;

		while (end < nkept && step_kind(&marked[kept[end]]) != K_OTHER &&
		       !marked[kept[end]].sets_level) {
			bool single = step_kind(&marked[kept[end]]) == K_SINGLE;

			if (!single && seen_single)
				break;
			seen_single = seen_single || single;
			end++;
		}
		if (end == i)
			end = i + 1;
		out = brief_add(&b);
		if (!out)
			ok = false;
		else if (end - i == 1)
			ok = copy_step(s, out);
		else
			ok = group_step(p, marked, kept, i, end, after, out,
					mark);
		for (int k = i; ok && full_rs && k < end; k++)
			ok = cdki_reasons_append(&brs[b.n - 1],
						 &full_rs[kept[k]]);
		i = end;
	}
	free(needed);
	free(kept);
	free(mark);
	free(after);
	free(marked);
	if (!ok) {
		for (int i = 0; brs && i < b.n; i++)
			cdki_reasons_free(&brs[i]);
		free(brs);
		brief_free_steps(&b);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	*rs = brs;
	*steps = b.steps;
	*nsteps = b.n;
	return CDOK_OK;
}
