/* arrows.c -- the Killer Sudoku of the forums on one line of 81
 * characters, one a cell in reading order: the cell that holds its
 * cage's total shows it (0-9, A-Z for 10-35, a-j for 36-45), every other
 * cell of the cage points toward a neighbour one step nearer that cell:
 * < > ^ v for left, right, up and down, and ` ' , . for up-left,
 * up-right, down-left and down-right.  A 0 that nothing points to is a
 * cell in no cage.  The grid is a 9 x 9 with boxes of 3 x 3; the format
 * has no givens and no mark for Killer X.  doc/FORMAT.md §21.
 *
 * Cells joined only through a diagonal mark make a cage that is not
 * orthogonally connected, which a Killer allows (cdok_puzzle_validate).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"

#define ARROWS_N 9
#define ARROWS_CELLS (ARROWS_N * ARROWS_N)
/* The largest total one character holds: 'j'. */
#define ARROWS_MAX_TOTAL 45

/* The step (rows, columns) of a mark, or false for a character that is
 * not one. */
static bool mark_step(char c, int *dr, int *dc)
{
	static const char marks[] = "<>^v`',.";
	static const int steps[8][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0},
					{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
	const char *m = c ? strchr(marks, c) : NULL;

	if (!m)
		return false;
	*dr = steps[m - marks][0];
	*dc = steps[m - marks][1];
	return true;
}

/* The total a character stands for, or -1 when it is none. */
static int total_of(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'j')
		return c - 'a' + 36;
	return -1;
}

static bool is_cell_char(char c)
{
	int dr, dc;

	return total_of(c) >= 0 || mark_step(c, &dr, &dc);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* Where each cell's marks lead: root[cell] the cell holding its total.
 * A mark that leaves the grid, or marks that go round in a circle, or
 * a chain that ends on a 0, are errors at the cell that starts it. */
static cdok_status find_roots(const struct cdki_id_line *k, size_t s,
			      int *root, cdok_error *err)
{
	const char *t = k->text + s;
	/* 0: not reached yet, 1: on the chain being followed, 2: done. */
	unsigned char state[ARROWS_CELLS] = {0};
	int chain[ARROWS_CELLS];

	for (int start = 0; start < ARROWS_CELLS; start++) {
		int len = 0, cell = start, dr, dc, end;

		while (state[cell] == 0 && mark_step(t[cell], &dr, &dc)) {
			int r = cell / ARROWS_N + dr, c = cell % ARROWS_N + dc;

			if (r < 0 || r >= ARROWS_N || c < 0 || c >= ARROWS_N)
				return cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
						 cdki_id_column(k, s +
								(size_t)cell),
						 "the mark '%c' at row %d, "
						 "column %d points outside "
						 "the grid", t[cell],
						 cell / ARROWS_N + 1,
						 cell % ARROWS_N + 1);
			state[cell] = 1;
			chain[len++] = cell;
			cell = r * ARROWS_N + c;
		}
		if (state[cell] == 1)
			return cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
					 cdki_id_column(k, s + (size_t)cell),
					 "the marks from row %d, column %d go "
					 "round in a circle and reach no "
					 "cage total", cell / ARROWS_N + 1,
					 cell % ARROWS_N + 1);
		end = state[cell] == 2 ? root[cell] : cell;
		if (len > 0 && t[end] == '0')
			return cdki_fail(err, CDOK_ERR_INVALID, k->line,
					 cdki_id_column(k, s + (size_t)chain[0]),
					 "the mark at row %d, column %d leads "
					 "to row %d, column %d, which holds 0: "
					 "a cell in no cage, not a cage's "
					 "total", chain[0] / ARROWS_N + 1,
					 chain[0] % ARROWS_N + 1,
					 end / ARROWS_N + 1,
					 end % ARROWS_N + 1);
		for (int i = 0; i < len; i++) {
			state[chain[i]] = 2;
			root[chain[i]] = end;
		}
		state[cell] = 2;
		root[cell] = end;
	}
	return CDOK_OK;
}

/* The cages, one per cell holding a total (in reading order of those
 * cells), each with the cells whose marks lead there. */
static cdok_status build(const struct cdki_id_line *k, size_t s,
			 const int *root, cdok_puzzle *p, cdok_error *err)
{
	const char *t = k->text + s;
	int cells[ARROWS_CELLS];

	for (int head = 0; head < ARROWS_CELLS; head++) {
		int total = total_of(t[head]), m = 0, ci;
		cdok_status st;

		if (total < 0 || root[head] != head)
			continue;
		for (int c = 0; c < ARROWS_CELLS; c++)
			if (root[c] == head)
				cells[m++] = c;
		/* A 0 alone: a cell in no cage (find_roots refused a 0
		 * that marks lead to). */
		if (total == 0)
			continue;
		st = cdok_puzzle_add_cage(p, CDOK_OP_ADD, total, cells, m, NULL,
					  &ci);
		if (st == CDOK_OK)
			st = cdok_puzzle_set_cage_distinct(p, ci, 1);
		if (st != CDOK_OK)
			return cdki_fail(err, st, k->line,
					 cdki_id_column(k, s + (size_t)head),
					 "%s", st == CDOK_ERR_NOMEM ? "out of "
					 "memory" : "the cage cannot be made");
		if (m > ARROWS_N)
			return cdki_fail(err, CDOK_ERR_INVALID, k->line,
					 cdki_id_column(k, s + (size_t)head),
					 "the cage of the total at row %d, "
					 "column %d has %d cells; a Killer "
					 "cage's values differ, so it has at "
					 "most 9", head / ARROWS_N + 1,
					 head % ARROWS_N + 1, m);
	}
	return CDOK_OK;
}

cdok_status cdki_arrows_read(struct cdok_reader *r, cdok_puzzle **out,
			     cdok_error *err)
{
	struct text_line l;
	struct cdki_id_line k;
	size_t s, e;
	int root[ARROWS_CELLS];
	cdok_puzzle *p;
	cdok_status st;

	st = cdki_id_line_read(r, &l, &k, &s, &e, err);
	if (st != CDOK_OK)
		return st;
	for (size_t i = s; i < e; i++)
		if (!is_cell_char(r->text[i]))
			return cdki_text_bad_byte(err, k.line,
						  cdki_id_column(&k, i),
						  (unsigned char)r->text[i],
						  "in a Killer line (a cage "
						  "total 0-9, A-Z, a-j, or a "
						  "mark < > ^ v ` ' , . "
						  "toward it)");
	if (e - s != ARROWS_CELLS)
		return cdki_fail(err, CDOK_ERR_SYNTAX, k.line,
				 cdki_id_column(&k, e - s < ARROWS_CELLS ? e
						: s + ARROWS_CELLS),
				 "a Killer line has 81 cells (9 x 9); this "
				 "one has %zu", e - s);
	st = find_roots(&k, s, root, err);
	if (st != CDOK_OK)
		return st;
	p = cdok_puzzle_new(ARROWS_N);
	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	cdok_puzzle_set_boxes(p, 3, 3);
	st = build(&k, s, root, p, err);
	return cdki_id_line_done(r, &l, k.line, p, st, out);
}

/* The first line that is not blank has 81 characters, each a total or a
 * mark, and at least one mark (a Sudoku line has none). */
enum cdok_likeness cdki_arrows_detect(const char *text, size_t len)
{
	struct text_line l;
	size_t s, e;
	bool marks = false;

	cdki_text_line_at(text, len, 0, &l);
	cdki_text_trim(text, &l, &s, &e);
	if (e - s != ARROWS_CELLS)
		return CDOK_UNLIKE;
	for (size_t i = s; i < e; i++) {
		int dr, dc;

		if (!is_cell_char(text[i]))
			return CDOK_UNLIKE;
		/* '.' is a mark here but an empty cell of a Sudoku line. */
		marks = marks || (text[i] != '.' &&
				  mark_step(text[i], &dr, &dc));
	}
	return marks ? CDOK_LIKELY : CDOK_UNLIKE;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

/* What a Killer line cannot say, shared with the SudoCue writer: a 9 x 9
 * Killer with boxes of 3 x 3, sum cages whose values differ, no givens
 * and no solution.  what names the format ("a Killer line"). */
cdok_status cdki_killer9_writable(const cdok_puzzle *p, const int *values,
				  const char *what, cdok_error *err)
{
	char name[96];

	if (values)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "%s holds a puzzle, not its solution; write "
				 "the solution in another format", what);
	if (cdok_is_nylimb(p))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is in Nylimb mode, which %s "
				 "cannot say", what);
	if (p->size != 9 || p->box_rows != 3 || p->box_cols != 3)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "%s is a 9 x 9 Killer Sudoku with boxes of "
				 "3 x 3; the puzzle is %d x %d%s", what,
				 p->size, p->size, p->box_rows ? " with other "
				 "boxes" : " without boxes");
	for (int c = 0; c < 81; c++)
		if (cdok_has_given(p, c))
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the cell at row %d, column %d has a "
					 "given; %s has none (write it as "
					 "spec, solo or killer)", c / 9 + 1,
					 c % 9 + 1, what);
	for (int k = 0; k < p->ncages; k++) {
		const struct cdok_cage *cg = &p->cages[k];

		if (cg->op == CDOK_OP_ADD && (cg->distinct || cg->ncells == 1))
			continue;
		cdki_cage_name(p, k, name, sizeof(name));
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "%s is not a Killer cage (a sum of values "
				 "that all differ), the only kind %s has",
				 name, what);
	}
	return CDOK_OK;
}

/* The cell each cell of cage k points to, into to[]: the cage's first
 * cell holds the total, and the others are reached from it step by
 * step, through a side where one leads on and through a corner only
 * where none does.  False when some cell cannot be reached at all (a
 * cage in parts that do not even touch at a corner). */
static bool point_cage(const cdok_puzzle *p, int k, int *to)
{
	const struct cdok_cage *cg = &p->cages[k];
	bool reached[81] = {false}, grew = true;
	int left = cg->ncells - 1;

	reached[cg->cells[0]] = true;
	to[cg->cells[0]] = cg->cells[0];
	while (left > 0 && grew) {
		grew = false;
		/* Sides first, then corners, one cell at a time, so that
		 * a corner is used only where no side leads on. */
		for (int corner = 0; corner < 2 && !grew; corner++)
			for (int i = 0; i < cg->ncells && !grew; i++) {
				int c = cg->cells[i], r = c / 9, col = c % 9;

				if (reached[c])
					continue;
				for (int dr = -1; dr <= 1 && !grew; dr++)
					for (int dc = -1; dc <= 1; dc++) {
						int rr = r + dr, cc = col + dc;

						if ((dr && dc) != corner ||
						    (!dr && !dc) || rr < 0 ||
						    rr > 8 || cc < 0 ||
						    cc > 8 ||
						    !reached[rr * 9 + cc] ||
						    p->cage_of[rr * 9 + cc] !=
						    k)
							continue;
						to[c] = rr * 9 + cc;
						reached[c] = grew = true;
						left--;
						break;
					}
			}
	}
	return left == 0;
}

/* The mark from cell to its neighbour next. */
static char mark_toward(int cell, int next)
{
	int dr = next / 9 - cell / 9, dc = next % 9 - cell % 9;
	static const char marks[3][3] = {{'`', '^', '\''},
					 {'<', '?', '>'},
					 {',', 'v', '.'}};

	return marks[dr + 1][dc + 1];
}

cdok_status cdki_arrows_write(struct strbuf *sb, const cdok_puzzle *p,
			      const int *values, cdok_error *err)
{
	static const char digits[] =
		"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij";
	char line[81 + 1];
	int to[81];
	char name[96];
	cdok_status st = cdki_killer9_writable(p, values, "a Killer line",
					       err);

	if (st != CDOK_OK)
		return st;
	if (cdki_has_diagonals(p))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is a Killer X (its diagonals "
				 "hold every value too), which a Killer line "
				 "has no mark for (write it as sudocue or "
				 "spec)");
	for (int c = 0; c < 81; c++)
		line[c] = '0';
	for (int k = 0; k < p->ncages; k++) {
		const struct cdok_cage *cg = &p->cages[k];

		cdki_cage_name(p, k, name, sizeof(name));
		if (cg->target < 1 || cg->target > ARROWS_MAX_TOTAL)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s has the total %" PRId64 "; a "
					 "Killer line's totals are 1 to 45",
					 name, cg->target);
		if (!point_cage(p, k, to))
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s is in parts that do not touch; a "
					 "Killer line's marks join each cell "
					 "to a neighbour (write it as sudocue "
					 "or spec)", name);
		line[cg->cells[0]] = digits[cg->target];
		for (int i = 1; i < cg->ncells; i++)
			line[cg->cells[i]] = mark_toward(cg->cells[i],
							 to[cg->cells[i]]);
	}
	line[81] = '\n';
	sb_putn(sb, line, sizeof(line));
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Generating for the line                                             */

/* For the Killer line and SudoCue's: a 9 x 9 Killer with boxes of 3 x
 * 3.  what names the format. */
cdok_status cdki_killer9_fit(cdok_gen_params *par, const char *what,
			     cdok_error *err)
{
	if (!par->killer || par->sudoku)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "%s holds a Killer Sudoku (--killer)", what);
	if (par->size != 9 || (par->box_rows && par->box_rows != 3) ||
	    (par->box_cols && par->box_cols != 3))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "%s is a 9 x 9 Killer with boxes of 3 x 3; "
				 "the size asked is %d", what, par->size);
	par->box_rows = par->box_cols = 3;
	return CDOK_OK;
}

cdok_status cdki_arrows_fit(cdok_gen_params *par, cdok_error *err)
{
	return cdki_killer9_fit(par, "a Killer line", err);
}
