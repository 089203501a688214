/* solo.c -- game IDs of Killer and plain Sudoku in Simon
 * Tatham's Solo ("3x3k:givens,cages,totals", "3x3:givens").
 *
 * The parameters name the boxes: CxR is boxes of C rows and R columns
 * (Solo's c and r; its 2x3 has boxes two cells tall and three wide), so
 * the grid is C*R cells square, k makes it a Killer puzzle and x makes
 * the two main diagonals units (X Sudoku, Killer X); without k the ID
 * is a plain Sudoku and holds only its givens.  The
 * givens and the totals are grids written as runs: a letter a..z is
 * that many cells without a number, a number is one cell's number, and
 * '_' separates two numbers.  A cage's total stands on its lowest cell.
 * The cages are described by the walk over the grid's inner edges that
 * Keen uses (keen.c), except that here 'z' stands for 26 edges
 * inside a cage with no border after them and every other letter is
 * followed by a border.  doc/FORMAT.md §18 gives the details.
 *
 * The reader follows Solo's own parser and its checks on a game ID
 * (solo.c, validate_desc), so that an ID means the same puzzle in both
 * programs and every ID cdok writes loads in Solo.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"

/* Solo refuses Killer puzzles of more than nine symbols, and any
 * puzzle of more than 31. */
#define SOLO_KILLER_MAX 9
#define SOLO_PLAIN_MAX 31
#define MAX_CELLS (SOLO_PLAIN_MAX * SOLO_PLAIN_MAX)
/* Large enough to hold any number before it is found out of range. */
#define NUMBER_MAX 1000000

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* A grid of numbers (the givens or the totals) from *pos up to a ','
 * or end, into vals (0 = no number) and, for each cell with a number,
 * the column where it was written into cols.  Numbers are 1..range. */
static cdok_status read_numbers(const struct cdki_id_line *s, size_t *pos,
				size_t end, int area, int64_t range,
				const char *what, int *vals, int *cols,
				cdok_error *err)
{
	size_t i = *pos;
	int count = 0;
	char where[120];

	snprintf(where, sizeof(where), "in the %s (a-z for runs of cells "
		 "without a number, numbers, and _ between two numbers)",
		 what);
	while (i < end && s->text[i] != ',') {
		char ch = s->text[i];
		int col = cdki_id_column(s, i);

		if (ch >= 'a' && ch <= 'z') {
			int run = ch - 'a' + 1;

			if (count + run > area)
				return cdki_fail(err, CDOK_ERR_SYNTAX, s->line,
						 col, "the %s describe more "
						 "than the %d cells of the "
						 "grid", what, area);
			while (run-- > 0)
				vals[count++] = 0;
			i++;
		} else if (ch == '_') {
			i++;
		} else if (ch >= '1' && ch <= '9') {
			int64_t v;
			cdok_status st;

			if (count >= area)
				return cdki_fail(err, CDOK_ERR_SYNTAX, s->line,
						 col, "the %s describe more "
						 "than the %d cells of the "
						 "grid", what, area);
			st = cdki_text_number(s->text, &i, end, NUMBER_MAX, &v,
					      s->line, s->start, "the number",
					      err);
			if (st != CDOK_OK)
				return st;
			if (v > range)
				return cdki_fail(err, CDOK_ERR_INVALID,
						 s->line, col, "%" PRId64 " is "
						 "outside 1..%" PRId64 ", the "
						 "range of the %s", v, range,
						 what);
			cols[count] = col;
			vals[count++] = (int)v;
		} else if (ch == '0') {
			return cdki_fail(err, CDOK_ERR_SYNTAX, s->line, col,
					 "a number in a Solo ID starts with a "
					 "digit 1-9");
		} else {
			return cdki_text_bad_byte(err, s->line, col,
						  (unsigned char)ch, where);
		}
	}
	if (count < area)
		return cdki_fail(err, CDOK_ERR_SYNTAX, s->line,
				 cdki_id_column(s, i), "the %s describe %d of "
				 "the %d cells of the grid", what, count,
				 area);
	/* (count is below area, which is at least 4: no singular) */
	*pos = i;
	return CDOK_OK;
}

/* Solo's walk: as in Solo's parser, 'z' is 26 edges inside a cage and
 * no border; every other character ends with a border. */
static const struct cdki_edge_walk solo_walk = {
	.what = "cage", .next = "the cage totals",
	.where = "in the cage structure (_ or a-z)",
	.open_run = 26, .repeats = false,
};

/* Solo's parameters: C, optionally xR, then the flags j (jigsaw), x (X
 * diagonals) and k (Killer), each at most meaningful once. */
struct solo_params {
	int64_t c, r;
	bool jigsaw, xtype, killer;
};

static cdok_status read_params(const struct cdki_id_line *s, size_t *pos,
			       size_t end, struct solo_params *sp,
			       cdok_error *err)
{
	size_t i = *pos, start = *pos;
	cdok_status st;

	memset(sp, 0, sizeof(*sp));
	if (i >= end || !cdki_text_is_digit(s->text[i]))
		return cdki_text_bad_byte(err, s->line, cdki_id_column(s, i),
					  (unsigned char)s->text[i],
					  "where a Solo game ID (such as "
					  "3x3k:zzzc,...) was expected");
	st = cdki_text_number(s->text, &i, end, 1000, &sp->c, s->line, s->start,
			      "the number of rows of a box", err);
	if (st != CDOK_OK)
		return st;
	sp->r = sp->c;
	if (i < end && s->text[i] == 'x') {
		if (i + 1 >= end || !cdki_text_is_digit(s->text[i + 1]))
			return cdki_fail(err, CDOK_ERR_SYNTAX, s->line,
					 cdki_id_column(s, i + 1), "expected "
					 "the number of columns of a box "
					 "after 'x', as in 3x3k");
		i++;
		st = cdki_text_number(s->text, &i, end, 1000, &sp->r,
				      s->line, s->start,
				      "the number of columns of a box", err);
		if (st != CDOK_OK)
			return st;
	}
	for (; i < end && s->text[i] != ':' && s->text[i] != '#'; i++) {
		switch (s->text[i]) {
		case 'j':
			sp->jigsaw = true;
			break;
		case 'x':
			sp->xtype = true;
			break;
		case 'k':
			sp->killer = true;
			break;
		default:
			return cdki_text_stray(s->text, i, s->start, s->line,
					       "in the parameters of a Solo "
					       "game ID (CxR, then j, x or k, "
					       "then ':')", err);
		}
	}
	if (i < end && s->text[i] == '#')
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, s->line,
				 cdki_id_column(s, i), "this is a random-seed "
				 "ID, which only Solo itself can expand; cdok "
				 "needs a game ID (CxRk:givens,cages,totals)");
	if (i >= end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, s->line,
				 cdki_id_column(s, i), "expected ':' after the "
				 "parameters of a Solo game ID");
	/* Solo reads a box one cell wide as a jigsaw. */
	if (sp->jigsaw || sp->r == 1)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, s->line,
				 cdki_id_column(s, start), "this is a Jigsaw "
				 "Sudoku, whose boxes are irregular; cdok's "
				 "boxes are rectangles");
	/* x: the diagonals hold every value too (X Sudoku, Killer X);
	 * Solo has it from 4 x 4 up, as cdok's boxes are. */
	if (sp->killer && (sp->c < 2 || sp->r < 2 ||
			   sp->c * sp->r > SOLO_KILLER_MAX))
		return cdki_fail(err, CDOK_ERR_LIMIT, s->line,
				 cdki_id_column(s, start), "Solo's Killer "
				 "puzzles have boxes of C x R cells with C and "
				 "R at least 2 and at most %d cells; this ID "
				 "says %" PRId64 "x%" PRId64, SOLO_KILLER_MAX,
				 sp->c, sp->r);
	if (sp->c < 2 || sp->r < 2 || sp->c * sp->r > SOLO_PLAIN_MAX)
		return cdki_fail(err, CDOK_ERR_LIMIT, s->line,
				 cdki_id_column(s, start), "Solo's puzzles "
				 "have boxes of C x R cells with C and R at "
				 "least 2 and at most %d cells; this ID says %"
				 PRId64 "x%" PRId64, SOLO_PLAIN_MAX, sp->c,
				 sp->r);
	*pos = i + 1;
	return CDOK_OK;
}

/* The puzzle from the cages in parent, the givens and the totals (with
 * the columns they were written at, for errors). */
static cdok_status build(const struct cdki_id_line *s, int w, int *parent,
			 const int *givens, const int *totals,
			 const int *total_cols, int cages_col,
			 int totals_col, cdok_puzzle *p, cdok_error *err)
{
	int size[MAX_CELLS] = {0}, total[MAX_CELLS] = {0};
	int total_at[MAX_CELLS], cells[MAX_CELLS];
	int area = w * w;

	for (int c = 0; c < area; c++)
		size[cdki_uf_find(parent, c)]++;
	for (int c = 0; c < area; c++) {
		int root = cdki_uf_find(parent, c);

		if (root != c)
			continue;
		if (size[c] < 2 || size[c] > w)
			return cdki_fail(err, CDOK_ERR_INVALID, s->line,
					 cages_col, "the cage at row %d, "
					 "column %d has %d cell%s; Solo's "
					 "Killer cages have 2 to %d", c / w + 1,
					 c % w + 1, size[c],
					 size[c] == 1 ? "" : "s", w);
	}
	for (int c = 0; c < area; c++) {
		int root = cdki_uf_find(parent, c);

		if (!totals[c])
			continue;
		if (total[root])
			return cdki_fail(err, CDOK_ERR_INVALID, s->line,
					 total_cols[c], "the cage at row %d, "
					 "column %d has two totals, %d (at "
					 "column %d) and %d", root / w + 1,
					 root % w + 1, total[root],
					 total_at[root], totals[c]);
		total[root] = totals[c];
		total_at[root] = total_cols[c];
	}
	for (int c = 0; c < area; c++) {
		int m;

		p->given[c] = givens[c] ? givens[c] : CDOK_NONE;
		if (cdki_uf_find(parent, c) != c)
			continue;
		if (!total[c])
			return cdki_fail(err, CDOK_ERR_INVALID, s->line,
					 totals_col, "the cage at row %d, "
					 "column %d has no total", c / w + 1,
					 c % w + 1);
		m = cdki_uf_members(parent, c, area, cells);
		if (cdok_puzzle_add_cage(p, CDOK_OP_ADD, total[c], cells, m,
					 NULL, NULL) != CDOK_OK)
			return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
					 "out of memory");
		p->cages[p->ncages - 1].distinct = true;
	}
	return CDOK_OK;
}

/* A plain Sudoku: boxes and givens, no cages. */
static cdok_status finish_plain(struct cdok_reader *r,
				const struct text_line *l, int line,
				const struct solo_params *sp,
				const int *givens, cdok_puzzle **out,
				cdok_error *err)
{
	int w = (int)(sp->c * sp->r);
	cdok_puzzle *p = cdok_puzzle_new(w);

	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	cdok_puzzle_set_boxes(p, (int)sp->c, (int)sp->r);
	if (sp->xtype)
		cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS);
	for (int c = 0; c < w * w; c++)
		p->given[c] = givens[c] ? givens[c] : CDOK_NONE;
	return cdki_id_line_done(r, l, line, p, CDOK_OK, out);
}

cdok_status cdki_solo_read(struct cdok_reader *r, cdok_puzzle **out,
			   cdok_error *err)
{
	int parent[MAX_CELLS], givens[MAX_CELLS], totals[MAX_CELLS];
	int given_cols[MAX_CELLS], total_cols[MAX_CELLS];
	struct solo_params sp;
	struct text_line l;
	struct cdki_id_line s;
	size_t i, e;
	int line, w, cages_col, totals_col;
	cdok_puzzle *p;
	cdok_status st;

	/* One ID per line; blank lines between them carry nothing. */
	st = cdki_id_line_read(r, &l, &s, &i, &e, err);
	if (st != CDOK_OK)
		return st;
	line = s.line;

	st = read_params(&s, &i, e, &sp, err);
	if (st != CDOK_OK)
		return st;
	w = (int)(sp.c * sp.r);
	st = read_numbers(&s, &i, e, w * w, w, "givens", givens, given_cols,
			  err);
	if (st != CDOK_OK)
		return st;
	if (!sp.killer) {
		/* A plain Sudoku: its givens are the whole puzzle. */
		if (i < e)
			return cdki_text_stray(r->text, i, s.start, line,
					       "after the givens of a plain "
					       "Sudoku (its ID holds nothing "
					       "else)", err);
		return finish_plain(r, &l, line, &sp, givens, out, err);
	}
	if (i >= e)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 cdki_id_column(&s, i), "expected ',' and the "
				 "cage structure after the givens");
	i++;
	cages_col = cdki_id_column(&s, i);
	st = cdki_edge_walk_read(&s, &i, e, w, parent, &solo_walk, err);
	if (st != CDOK_OK)
		return st;
	totals_col = cdki_id_column(&s, i);
	/* Solo's range for a total: the grid's size times its cells. */
	st = read_numbers(&s, &i, e, w * w, (int64_t)w * w * w, "totals",
			  totals, total_cols, err);
	if (st != CDOK_OK)
		return st;
	if (i < e)
		return cdki_text_bad_byte(err, line, cdki_id_column(&s, i),
					  (unsigned char)r->text[i],
					  "after the cage totals");

	p = cdok_puzzle_new(w);
	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	cdok_puzzle_set_boxes(p, (int)sp.c, (int)sp.r);
	if (sp.xtype)
		cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS);
	st = build(&s, w, parent, givens, totals, total_cols, cages_col,
		   totals_col, p, err);
	return cdki_id_line_done(r, &l, line, p, st, out);
}

/* Digits, then xR or flag letters (at least one of them, which sets it
 * apart from a Keen ID), then ':' or a random seed's '#'. */
enum cdok_likeness cdki_solo_detect(const char *text, size_t len)
{
	size_t i = 0, mark;

	while (i < len && cdki_text_is_digit(text[i]))
		i++;
	if (i == 0)
		return CDOK_UNLIKE;
	mark = i;
	if (i + 1 < len && text[i] == 'x' && cdki_text_is_digit(text[i + 1]))
		for (i++; i < len && cdki_text_is_digit(text[i]); i++)
			;
	while (i < len && (text[i] == 'j' || text[i] == 'x' ||
			   text[i] == 'k'))
		i++;
	if (i == mark || i >= len || (text[i] != ':' && text[i] != '#'))
		return CDOK_UNLIKE;
	return CDOK_LIKELY;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

/* Solo's boxes: at least 2 x 2, and at most max cells; lacking says
 * what the puzzle lacks when it has none, kind what Solo calls the
 * puzzles the limit is for. */
static cdok_status check_boxes(const cdok_puzzle *p, int max,
			       const char *lacking, const char *kind,
			       cdok_error *err)
{
	int n = p->size, br = p->box_rows, bc = p->box_cols;

	if (!br)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle has %s; a Solo game ID is a "
				 "Sudoku, with boxes", lacking);
	if (br < 2 || bc < 2 || n > max)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is %d x %d with boxes of %d x %d; "
				 "Solo's %s have boxes of at least 2 x 2 and "
				 "at most %d cells", n, n, br, bc, kind, max);
	return CDOK_OK;
}

static cdok_status check_writable(const cdok_puzzle *p, cdok_error *err)
{
	int n = p->size;
	char name[96];
	cdok_status st;

	st = check_boxes(p, SOLO_KILLER_MAX, "no boxes", "Killer puzzles",
			 err);
	if (st != CDOK_OK)
		return st;
	for (int k = 0; k < p->ncages; k++) {
		const struct cdok_cage *c = &p->cages[k];

		cdki_cage_name(p, k, name, sizeof(name));
		if (c->ncells < 2 || c->ncells > n)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s has %d cell%s; Solo's Killer "
					 "cages have 2 to %d", name,
					 c->ncells, c->ncells == 1 ? "" : "s",
					 n);
		if (c->op != CDOK_OP_ADD || !c->distinct)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s is not a Killer cage (a sum of "
					 "values that all differ), the only "
					 "kind Solo has", name);
		if (c->target < 1 || c->target > (int64_t)n * n * n)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s has the total %" PRId64 "; Solo's "
					 "totals are 1 to %d", name, c->target,
					 n * n * n);
		if (!cdki_cage_connected(p, k))
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s is not connected; a Solo cage is "
					 "one region", name);
	}
	for (int cell = 0; cell < n * n; cell++)
		if (p->cage_of[cell] < 0)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "cell at row %d, column %d is in no "
					 "cage; in a Solo Killer puzzle every "
					 "cell is in a cage of 2 or more",
					 cell / n + 1, cell % n + 1);
	return CDOK_OK;
}

/* A grid of numbers as Solo writes it: a letter for each run of up to
 * 26 cells without a number, the numbers, and '_' between two numbers
 * that follow each other directly. */
static void put_numbers(struct strbuf *sb, const int *vals, int area)
{
	int run = 0;
	bool any = false;

	for (int i = 0; i <= area; i++) {
		int v = i < area ? vals[i] : -1;

		if (v == 0) {
			run++;
			continue;
		}
		if (run) {
			while (run > 0) {
				int take = run > 26 ? 26 : run;

				sb_putc(sb, (char)('a' + take - 1));
				run -= take;
			}
		} else if (any && v > 0) {
			sb_putc(sb, '_');
		}
		if (v > 0)
			cdki_sb_printf(sb, "%d", v);
		any = true;
	}
}

/* The cage structure: runs of edges inside cages, each ended by a
 * border.  Solo's parser reads 'z' as 26 inside edges with no border
 * after them, so longer runs start with 'z's.  (Solo's own writer
 * counts 25 for its 'z', which its parser misreads; that takes a run of
 * 26 or more, which only cages filling whole rows or columns make.) */
static void put_run(struct strbuf *sb, int run)
{
	for (; run >= 26; run -= 26)
		sb_putc(sb, 'z');
	sb_putc(sb, run ? (char)('a' + run - 1) : '_');
}

/* A puzzle with boxes and no cages is a plain Sudoku: "CxR:givens". */
static cdok_status write_plain(struct strbuf *sb, const cdok_puzzle *p,
			       cdok_error *err)
{
	int givens[MAX_CELLS];
	int n = p->size;
	cdok_status st;

	st = check_boxes(p, SOLO_PLAIN_MAX, "neither boxes nor cages",
			 "Sudoku", err);
	if (st != CDOK_OK)
		return st;
	if (cdok_is_nylimb(p))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is in Nylimb mode, which a Solo "
				 "game ID cannot say");
	for (int c = 0; c < n * n; c++)
		givens[c] = cdok_has_given(p, c) ? p->given[c] : 0;
	cdki_sb_printf(sb, "%dx%d%s:", p->box_rows, p->box_cols,
		       cdki_has_diagonals(p) ? "x" : "");
	put_numbers(sb, givens, n * n);
	sb_putc(sb, '\n');
	return CDOK_OK;
}

cdok_status cdki_solo_write(struct strbuf *sb, const cdok_puzzle *p,
			    const int *values, cdok_error *err)
{
	int totals[MAX_CELLS] = {0}, givens[MAX_CELLS];
	int n = p->size;
	cdok_status st;

	if (values)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "a Solo game ID holds a puzzle, not its "
				 "solution; write the solution in another "
				 "format");
	if (p->ncages == 0)
		return write_plain(sb, p, err);
	st = check_writable(p, err);
	if (st != CDOK_OK)
		return st;
	for (int k = 0; k < p->ncages; k++)
		totals[p->cages[k].cells[0]] = (int)p->cages[k].target;
	/* Solo's parameters: x (the diagonals) before k, as Solo writes
	 * them. */
	cdki_sb_printf(sb, "%dx%d%sk:", p->box_rows, p->box_cols,
		       cdki_has_diagonals(p) ? "x" : "");
	for (int c = 0; c < n * n; c++)
		givens[c] = cdok_has_given(p, c) ? p->given[c] : 0;
	put_numbers(sb, givens, n * n);
	sb_putc(sb, ',');
	cdki_edge_walk_write(sb, n, p->cage_of, put_run);
	sb_putc(sb, ',');
	put_numbers(sb, totals, n * n);
	sb_putc(sb, '\n');
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Generating for Solo                                                 */

cdok_status cdki_solo_fit(cdok_gen_params *par, cdok_error *err)
{
	if (par->sudoku) {
		if (par->size > SOLO_PLAIN_MAX)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the size is %d, but Solo's Sudoku "
					 "have at most %d cells a side",
					 par->size, SOLO_PLAIN_MAX);
		return CDOK_OK;
	}
	if (!par->killer)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "a Solo game ID is a Sudoku, plain (--sudoku) "
				 "or Killer (with sum cages whose values "
				 "differ)");
	if (par->size > SOLO_KILLER_MAX)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the size is %d, but Solo's Killer puzzles "
				 "have at most %d cells a side", par->size,
				 SOLO_KILLER_MAX);
	return CDOK_OK;
}
