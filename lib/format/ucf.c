/* ucf.c -- the UCF 2009 "KenKen Solver" contest format.
 *
 * An input holds many puzzles.  Each is a line "N G", N rows of N
 * letters naming the groups (cages), then G lines "letter target op",
 * where op is one of + - * / or '.' for a group of one cell.  A puzzle
 * with N = 0 ends the input.  The answer to puzzle X is the line
 * "KenKen Puzzle #X:", N rows of N digits and a blank line.
 *
 * Groups of one cell are kept as one-cell cages (op +, the label kept)
 * rather than turned into givens, so that a UCF file read and written
 * again comes back byte for byte; other formats treat such a cage as the
 * given it amounts to.  doc/FORMAT.md has the full description.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"

/* The contest's group letters, in the order they are handed out. */
static const char letters[] =
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
#define NLETTERS 52

/* Largest N and G the contest allows when writing. */
#define UCF_MAX_N 9

static int letter_slot(char c)
{
	if (c >= 'a' && c <= 'z')
		return c - 'a';
	if (c >= 'A' && c <= 'Z')
		return 26 + c - 'A';
	return -1;
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* What the reader learns about one group letter. */
struct group {
	int ncells;
	int first;          /* first cell in reading order */
	int order;          /* rank of first appearance, or -1 */
	int def_line;       /* line of its group line, 0 while none */
	cdok_op op;
	int64_t target;
};

/* Reading state of one puzzle: where each grid row sits in the text,
 * so that errors found after the grid can still point at a cell. */
struct ucf_read {
	struct cdki_cursor c;
	int n;
	bool first;         /* no puzzle of the text read yet */
	int *row_line;      /* per row */
	size_t *row_start;  /* offset of the row's first letter */
	size_t *row_lstart; /* offset where the row's line starts */
	int *slot;          /* per cell: letter slot */
	struct group groups[NLETTERS];
};

static void cell_pos(const struct ucf_read *u, int cell, int *line,
		     int *col)
{
	int y = cell / u->n, x = cell % u->n;

	*line = u->row_line[y];
	*col = (int)(u->row_start[y] - u->row_lstart[y]) + x + 1;
}

/* N or G (named what) at text[*i] on the header line l; where says
 * what was expected for a stray byte there. */
static cdok_status header_number(const struct ucf_read *u,
				 const struct text_line *l, size_t *i,
				 const char *what, const char *where,
				 int64_t *value, cdok_error *err)
{
	if (!cdki_text_is_digit(u->c.text[*i]))
		return cdki_text_stray(u->c.text, *i, l->end, l->start, u->c.line,
				       where, err);
	return cdki_text_number(u->c.text, i, l->end, 1000000, value,
				u->c.line, l->start, what, err);
}

static cdok_status read_header(struct ucf_read *u, int64_t *n, int64_t *g,
			       int *g_col, cdok_error *err)
{
	struct text_line l;
	size_t i;
	cdok_status st;

	cdki_text_line_at(u->c.text, u->c.len, u->c.pos, &l);
	i = cdki_text_skip_blanks(u->c.text, l.start, l.end);
	st = header_number(u, &l, &i, "N", "where a puzzle's first line "
			   "\"N G\" was expected", n, err);
	if (st != CDOK_OK)
		return st;
	if (*n == 0) {
		/* The end marker.  What follows it is not read; but an
		 * input that ends before its first puzzle is a mistake, and
		 * the place to show is the marker. */
		*g = 0;
		if (u->first)
			return cdki_fail(err, CDOK_ERR_SYNTAX, u->c.line,
					 (int)(cdki_text_skip_blanks(
						 u->c.text, l.start, l.end) -
					       l.start) + 1,
					 "N is 0, the mark that ends a contest "
					 "input, before any puzzle: a puzzle "
					 "starts with \"N G\", N >= 1");
		return CDOK_OK;
	}
	if (i < l.end && !cdki_text_is_blank(u->c.text[i]))
		return cdki_text_stray(u->c.text, i, l.end, l.start, u->c.line,
				       "after N", err);
	i = cdki_text_skip_blanks(u->c.text, i, l.end);
	if (i >= l.end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, u->c.line,
				 (int)(i - l.start) + 1,
				 "expected G, the number of groups, after N");
	*g_col = (int)(i - l.start) + 1;
	st = header_number(u, &l, &i, "G", "where G, the number of groups, "
			   "was expected", g, err);
	if (st != CDOK_OK)
		return st;
	i = cdki_text_skip_blanks(u->c.text, i, l.end);
	if (i < l.end)
		return cdki_text_stray(u->c.text, i, l.end, l.start, u->c.line,
				       "after \"N G\"", err);
	if (*n > CDOK_MAX_SIZE)
		return cdki_fail(err, CDOK_ERR_LIMIT, u->c.line,
				 (int)(cdki_text_skip_blanks(u->c.text,
							     l.start, l.end) -
				       l.start) + 1,
				 "N is %" PRId64 "; cdok supports grids up to "
				 "%d x %d", *n, CDOK_MAX_SIZE, CDOK_MAX_SIZE);
	if (*g == 0)
		return cdki_fail(err, CDOK_ERR_INVALID, u->c.line, *g_col,
				 "G is 0, but every cell must be in a group");
	if (*g > NLETTERS)
		return cdki_fail(err, CDOK_ERR_LIMIT, u->c.line, *g_col,
				 "G is %" PRId64 "; UCF names groups with the "
				 "52 letters a-z and A-Z", *g);
	cdki_cursor_skip(&u->c, &l);
	return CDOK_OK;
}

static cdok_status read_grid_rows(struct ucf_read *u, cdok_error *err)
{
	int n = u->n, order = 0;

	for (int y = 0; y < n; y++) {
		struct text_line l;
		size_t i, s, e;
		int x = 0;

		if (u->c.pos >= u->c.len) {
			int line, col;

			cdki_cursor_end(&u->c, &line, &col);
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "the grid ends after %d of its %d "
					 "rows", y, n);
		}
		cdki_text_line_at(u->c.text, u->c.len, u->c.pos, &l);
		/* White space around a row is harmless; inside it, every
		 * byte is a letter. */
		cdki_text_trim(u->c.text, &l, &s, &e);
		if (s == e)
			return cdki_fail(err, CDOK_ERR_SYNTAX, u->c.line, 1,
					 "row %d of the grid is missing (a "
					 "blank line)", y + 1);
		u->row_line[y] = u->c.line;
		u->row_start[y] = s;
		u->row_lstart[y] = l.start;
		for (i = s; i < e; i++, x++) {
			int col = (int)(i - l.start) + 1;
			int k = letter_slot(u->c.text[i]);
			struct group *g;

			if (k < 0)
				return cdki_text_stray(u->c.text, i, l.end, l.start,
						       u->c.line, "in the "
						       "grid (a row is N "
						       "letters naming "
						       "groups)", err);
			if (x == n)
				return cdki_fail(err, CDOK_ERR_SYNTAX,
						 u->c.line, col,
						 "row %d has more than %d "
						 "letters", y + 1, n);
			g = &u->groups[k];
			if (g->ncells++ == 0) {
				g->first = y * n + x;
				g->order = order++;
			}
			u->slot[y * n + x] = k;
		}
		if (x < n)
			return cdki_fail(err, CDOK_ERR_SYNTAX, u->c.line,
					 (int)(e - l.start) + 1,
					 "row %d has %d letter%s, but N is %d",
					 y + 1, x, text_s(x), n);
		cdki_cursor_skip(&u->c, &l);
	}
	return CDOK_OK;
}

static cdok_status read_group_line(struct ucf_read *u, int index, int total,
				   cdok_error *err)
{
	struct text_line l;
	struct group *g;
	size_t i;
	int k, col, tcol;
	char c;
	cdok_status st;

	if (!cdki_cursor_next_line(&u->c, &l)) {
		int line;

		cdki_cursor_end(&u->c, &line, &col);
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
				 "expected %d group lines but found %d",
				 total, index);
	}
	i = cdki_text_skip_blanks(u->c.text, l.start, l.end);
	col = (int)(i - l.start) + 1;
	k = letter_slot(u->c.text[i]);
	if (k < 0)
		return cdki_text_stray(u->c.text, i, l.end, l.start, u->c.line,
				       "where a group line \"letter target "
				       "op\" was expected", err);
	if (i + 1 < l.end && !cdki_text_is_blank(u->c.text[i + 1]))
		return cdki_fail(err, CDOK_ERR_SYNTAX, u->c.line, col,
				 "a group is named by one letter");
	g = &u->groups[k];
	if (g->ncells == 0)
		return cdki_fail(err, CDOK_ERR_INVALID, u->c.line, col,
				 "group line for '%c', a letter the grid does "
				 "not use", u->c.text[i]);
	if (g->def_line)
		return cdki_fail(err, CDOK_ERR_INVALID, u->c.line, col,
				 "second group line for '%c' (the first is on "
				 "line %d)", u->c.text[i], g->def_line);
	g->def_line = u->c.line;

	i = cdki_text_skip_blanks(u->c.text, i + 1, l.end);
	col = (int)(i - l.start) + 1;
	if (i >= l.end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, u->c.line, col,
				 "expected the group's target after its "
				 "letter");
	if (!cdki_text_is_digit(u->c.text[i]))
		return cdki_text_stray(u->c.text, i, l.end, l.start, u->c.line,
				       "where the group's target was "
				       "expected", err);
	tcol = col;
	st = cdki_text_number(u->c.text, &i, l.end, INT64_MAX, &g->target,
			      u->c.line, l.start, "the target", err);
	if (st != CDOK_OK)
		return st;
	if (i < l.end && !cdki_text_is_blank(u->c.text[i]))
		return cdki_text_stray(u->c.text, i, l.end, l.start, u->c.line,
				       "after the target", err);
	i = cdki_text_skip_blanks(u->c.text, i, l.end);
	col = (int)(i - l.start) + 1;
	if (i >= l.end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, u->c.line, col,
				 "expected an operator (+ - * / or .) after "
				 "the target");
	c = u->c.text[i];
	if (c != '+' && c != '-' && c != '*' && c != '/' && c != '.')
		return cdki_text_bad_char(err, u->c.line, col, u->c.text, i,
					  l.end,
					  "where an operator (+ - * / or .) "
					  "was expected");
	if (c == '.' && g->ncells > 1)
		return cdki_fail(err, CDOK_ERR_INVALID, u->c.line, col,
				 "'.' marks a group of one cell, but group "
				 "'%c' has %d cells", letters[k], g->ncells);
	if ((c == '*' || c == '/') && g->target == 0)
		return cdki_fail(err, CDOK_ERR_INVALID, u->c.line, tcol,
				 "a %s target must not be 0",
				 c == '*' ? "product" : "ratio");
	g->op = c == '.' ? CDOK_OP_ADD : (cdok_op)c;
	i = cdki_text_skip_blanks(u->c.text, i + 1, l.end);
	if (i < l.end)
		return cdki_text_stray(u->c.text, i, l.end, l.start, u->c.line,
				       "after the operator", err);
	cdki_cursor_skip(&u->c, &l);
	return CDOK_OK;
}

/* Every group must be one connected region: a letter used for two
 * regions is a typing mistake the contest rules out. */
static cdok_status check_connected(struct ucf_read *u, int *stack,
				   unsigned char *seen, cdok_error *err)
{
	int n = u->n;

	memset(seen, 0, (size_t)n * (size_t)n);
	for (int k = 0; k < NLETTERS; k++) {
		const struct group *g = &u->groups[k];

		if (!g->ncells || cdki_region_fill(n, u->slot, g->first, stack,
						   seen) == g->ncells)
			continue;
		for (int cell = 0; cell < n * n; cell++) {
			int line, col;

			if (u->slot[cell] != k || seen[cell])
				continue;
			cell_pos(u, cell, &line, &col);
			return cdki_fail(err, CDOK_ERR_INVALID, line, col,
					 "group '%c' is not connected: this "
					 "cell does not touch the rest of the "
					 "group", letters[k]);
		}
	}
	return CDOK_OK;
}

static cdok_status build(struct ucf_read *u, cdok_puzzle **out,
			 cdok_error *err)
{
	int n = u->n, ncells = n * n, byorder[NLETTERS], nk = 0;
	cdok_puzzle *p = cdok_puzzle_new(n);
	int *cells = cdok_malloc((size_t)ncells * sizeof(int));

	if (!p || !cells) {
		cdok_puzzle_free(p);
		free(cells);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	/* Cages in order of first appearance, as the spec reader makes
	 * them, so the same grid read from either gives the same model. */
	for (int k = 0; k < NLETTERS; k++)
		if (u->groups[k].ncells)
			byorder[u->groups[k].order] = k, nk++;
	for (int j = 0; j < nk; j++) {
		int k = byorder[j], m = 0;
		char label[2] = {letters[k], '\0'};
		cdok_status st;

		for (int cell = u->groups[k].first; cell < ncells; cell++)
			if (u->slot[cell] == k)
				cells[m++] = cell;
		st = cdok_puzzle_add_cage(p, u->groups[k].op,
					  u->groups[k].target, cells, m, label,
					  NULL);
		if (st != CDOK_OK) {
			cdok_puzzle_free(p);
			free(cells);
			return cdki_fail(err, st, 0, 0, "%s",
					 st == CDOK_ERR_NOMEM ? "out of memory"
					 : "cannot build the puzzle");
		}
	}
	free(cells);
	*out = p;
	return CDOK_OK;
}

static void ucf_read_free(struct ucf_read *u)
{
	free(u->row_line);
	free(u->row_start);
	free(u->row_lstart);
	free(u->slot);
}

cdok_status cdki_ucf_read(struct cdok_reader *r, cdok_puzzle **out,
			  cdok_error *err)
{
	struct ucf_read u;
	struct text_line l;
	int64_t n, g;
	int g_col = 0, header_line, distinct = 0;
	int *stack = NULL;
	unsigned char *seen = NULL;
	cdok_status st;

	memset(&u, 0, sizeof(u));
	u.c = cdki_cursor_at(r);
	u.first = r->index == 0;
	if (!cdki_cursor_next_line(&u.c, &l)) {
		if (r->index > 0)
			return CDOK_END;
		/* The contest's inputs always end with "0"; a missing
		 * one is forgiven, but an input with no puzzle at all
		 * is more likely a mistake than an empty contest. */
		return cdki_text_none(r, u.c.line, 1, "no puzzle found", err);
	}
	header_line = u.c.line;
	st = read_header(&u, &n, &g, &g_col, err);
	if (st != CDOK_OK)
		return st;
	if (n == 0) {
		r->pos = r->len;
		return CDOK_END;
	}
	u.n = (int)n;
	u.row_line = cdok_malloc((size_t)n * sizeof(int));
	u.row_start = cdok_malloc((size_t)n * sizeof(size_t));
	u.row_lstart = cdok_malloc((size_t)n * sizeof(size_t));
	u.slot = cdok_malloc((size_t)(n * n) * sizeof(int));
	stack = cdok_malloc((size_t)(n * n) * sizeof(int));
	seen = cdok_malloc((size_t)(n * n));
	if (!u.row_line || !u.row_start || !u.row_lstart || !u.slot ||
	    !stack || !seen) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	for (int k = 0; k < NLETTERS; k++)
		u.groups[k].order = -1;
	st = read_grid_rows(&u, err);
	if (st != CDOK_OK)
		goto out;
	for (int k = 0; k < NLETTERS; k++)
		distinct += u.groups[k].ncells > 0;
	if (distinct != g) {
		st = cdki_fail(err, CDOK_ERR_SYNTAX, header_line, g_col,
			       "G is %" PRId64 " but the grid uses %d group "
			       "letters", g, distinct);
		goto out;
	}
	for (int j = 0; j < g; j++) {
		st = read_group_line(&u, j, (int)g, err);
		if (st != CDOK_OK)
			goto out;
	}
	st = check_connected(&u, stack, seen, err);
	if (st != CDOK_OK)
		goto out;
	st = build(&u, out, err);
	if (st != CDOK_OK)
		goto out;
	cdki_reader_to(r, &u.c);
out:
	ucf_read_free(&u);
	free(stack);
	free(seen);
	return st;
}

enum cdok_likeness cdki_ucf_detect(const char *text, size_t len)
{
	struct text_line l;
	size_t i, s, e;
	int tokens = 0, skipped;

	/* "N G", then a row of letters (no blanks between them): nothing
	 * else starts that way.  The counts are for the reader to check,
	 * so that a puzzle with a wrong N or G hears about it in UCF's
	 * terms rather than as a spec. */
	cdki_text_line_at(text, len, 0, &l);
	i = cdki_text_skip_blanks(text, l.start, l.end);
	for (int k = 0; k < 2; k++) {
		if (i >= l.end || !cdki_text_is_digit(text[i]))
			return CDOK_UNLIKE;
		i = cdki_text_skip_digits(text, i, l.end);
		/* N, then blanks; G, then the end of the line. */
		if (k == 0 && (i >= l.end || !cdki_text_is_blank(text[i])))
			return CDOK_UNLIKE;
		i = cdki_text_skip_blanks(text, i, l.end);
	}
	if (i < l.end ||
	    !cdki_text_next_filled(text, len, l.next, &l, &skipped))
		return CDOK_UNLIKE;
	cdki_text_trim(text, &l, &s, &e);
	for (i = s; i < e && cdki_text_is_letter(text[i]); i++)
		;
	if (i == e)
		return CDOK_LIKELY;
	/* A first line of two numbers followed by a line that does not
	 * hold two items like it cannot start a spec (whose rows are as
	 * long as the first): the reader of the format it does look like
	 * explains what is wrong. */
	for (i = s; i < e; tokens++) {
		while (i < e && !cdki_text_is_blank(text[i]))
			i++;
		i = cdki_text_skip_blanks(text, i, e);
	}
	return tokens != 2 ? CDOK_LIKELY : CDOK_UNLIKE;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

/* A group as the writer sees it: a cage, or a given outside any cage
 * (which UCF can only say as a one-cell group). */
struct wgroup {
	int first;        /* lowest cell */
	int cage;         /* -1 for a given */
	int64_t target;
	char op;          /* as written: + - * / . */
	char letter;
};

static int cmp_first(const void *a, const void *b)
{
	const struct wgroup *x = a, *y = b;

	return (x->first > y->first) - (x->first < y->first);
}

/* Keep the cages' own letters when they are exactly the first G
 * contest letters, one per group (so a UCF file comes back as it was);
 * otherwise hand them out in order of first appearance, as the contest
 * files do. */
static void choose_letters(const cdok_puzzle *p, struct wgroup *gs, int ng)
{
	bool used[NLETTERS] = {false};
	bool keep = true;

	for (int j = 0; j < ng && keep; j++) {
		const char *label;
		int k;

		if (gs[j].cage < 0) {
			keep = false;
			break;
		}
		label = p->cages[gs[j].cage].label;
		k = letter_slot(label[0]);
		if (k < 0 || label[1] || k >= ng || used[k])
			keep = false;
		else
			used[k] = true;
	}
	for (int j = 0; j < ng; j++)
		gs[j].letter = keep ? p->cages[gs[j].cage].label[0]
				    : letters[j];
}

static cdok_status write_puzzle(struct strbuf *sb, const cdok_puzzle *p,
				cdok_error *err)
{
	int n = p->size, ng = 0;
	struct wgroup *gs;
	char *grid;
	char name[96];
	cdok_status st;

	if (n > UCF_MAX_N)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is %d x %d, but UCF puzzles have "
				 "N <= %d", n, n, UCF_MAX_N);
	st = cdki_refuse_variant_rules(p, "a UCF puzzle", err);
	if (st != CDOK_OK)
		return st;
	for (int cell = 0; cell < n * n; cell++) {
		int k = p->cage_of[cell];
		int g = cdok_has_given(p, cell) ? p->given[cell] : 0;

		if (k < 0 && !g)
			return cdki_refuse_bare_cell(n, cell, "in UCF every "
						     "cell belongs to a group",
						     err);
		if (k < 0 || !g)
			continue;
		cdki_cage_name(p, k, name, sizeof(name));
		if (p->cages[k].ncells > 1)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the given %d at row %d, column %d is "
					 "inside %s; UCF has no givens", g,
					 cell / n + 1, cell % n + 1, name);
		if (p->cages[k].target != g)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the given %d at row %d, column %d "
					 "contradicts %s; UCF has no givens", g,
					 cell / n + 1, cell % n + 1, name);
	}
	gs = cdok_malloc(((size_t)p->ncages + (size_t)(n * n)) * sizeof(*gs));
	grid = cdok_malloc((size_t)(n * n));
	if (!gs || !grid) {
		free(gs);
		free(grid);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	for (int k = 0; k < p->ncages; k++) {
		const struct cdok_cage *c = &p->cages[k];

		cdki_cage_name(p, k, name, sizeof(name));
		if (c->target < 0 || !cdki_cage_connected(p, k)) {
			free(gs);
			free(grid);
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 c->target < 0 ? "%s has a negative "
					 "target, which UCF cannot write" :
					 "%s is not connected; UCF groups are "
					 "connected", name);
		}
		gs[ng].first = c->cells[0];
		gs[ng].cage = k;
		gs[ng].target = c->target;
		gs[ng].op = c->ncells == 1 ? '.' : (char)c->op;
		ng++;
	}
	for (int cell = 0; cell < n * n; cell++) {
		if (p->cage_of[cell] >= 0)
			continue;
		gs[ng].first = cell;
		gs[ng].cage = -1;
		gs[ng].target = p->given[cell];
		gs[ng].op = '.';
		ng++;
	}
	if (ng > NLETTERS) {
		free(gs);
		free(grid);
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle has %d groups (cages and "
				 "givens), but UCF names at most 52 (a-z, "
				 "A-Z)", ng);
	}
	qsort(gs, (size_t)ng, sizeof(*gs), cmp_first);
	choose_letters(p, gs, ng);
	for (int j = 0; j < ng; j++) {
		if (gs[j].cage < 0) {
			grid[gs[j].first] = gs[j].letter;
			continue;
		}
		for (int i = 0; i < p->cages[gs[j].cage].ncells; i++)
			grid[p->cages[gs[j].cage].cells[i]] = gs[j].letter;
	}
	cdki_sb_printf(sb, "%d %d\n", n, ng);
	for (int y = 0; y < n; y++) {
		sb_putn(sb, grid + y * n, (size_t)n);
		sb_putc(sb, '\n');
	}
	/* Group lines in letter order, as the contest writes them. */
	for (int k = 0; k < NLETTERS; k++)
		for (int j = 0; j < ng; j++)
			if (gs[j].letter == letters[k])
				cdki_sb_printf(sb, "%c %" PRId64 " %c\n",
					       gs[j].letter, gs[j].target,
					       gs[j].op);
	free(gs);
	free(grid);
	return CDOK_OK;
}

static cdok_status write_answer(struct strbuf *sb, const cdok_puzzle *p,
				const int *values, int number,
				cdok_error *err)
{
	int n = p->size;
	cdok_status st;

	if (n > UCF_MAX_N)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is %d x %d, but a UCF answer has "
				 "one digit per cell (N <= %d)", n, n,
				 UCF_MAX_N);
	st = cdki_check_answer(p, values, err);
	if (st != CDOK_OK)
		return st;
	cdki_sb_printf(sb, "KenKen Puzzle #%d:\n", number);
	for (int y = 0; y < n; y++) {
		for (int x = 0; x < n; x++)
			sb_putc(sb, (char)('0' + values[y * n + x]));
		sb_putc(sb, '\n');
	}
	sb_putc(sb, '\n');
	return CDOK_OK;
}

cdok_status cdki_ucf_put(struct cdok_writer *w, struct strbuf *sb,
			 const cdok_puzzle *p, const int *values,
			 cdok_error *err)
{
	if (values)
		return write_answer(sb, p, values, w->index + 1, err);
	return write_puzzle(sb, p, err);
}

cdok_status cdki_ucf_finish(struct cdok_writer *w, struct strbuf *sb,
			    cdok_error *err)
{
	(void)err;
	/* An input file ends with a puzzle of size 0. */
	if (w->puzzles > 0)
		sb_puts(sb, "0\n");
	return CDOK_OK;
}

cdok_status cdki_ucf_write(struct strbuf *sb, const cdok_puzzle *p,
			   const int *values, cdok_error *err)
{
	cdok_status st;

	if (values)
		return write_answer(sb, p, values, 1, err);
	st = write_puzzle(sb, p, err);
	if (st == CDOK_OK)
		sb_puts(sb, "0\n");
	return st;
}

/* ------------------------------------------------------------------ */
/* Generating for the contest                                          */

cdok_status cdki_ucf_fit(cdok_gen_params *par, cdok_error *err)
{
	cdok_status st = cdki_fit_plain(par, "a UCF puzzle is", err);

	if (st != CDOK_OK)
		return st;
	if (par->size > UCF_MAX_N)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the size is %d, but UCF puzzles have N <= %d",
				 par->size, UCF_MAX_N);
	return CDOK_OK;
}
