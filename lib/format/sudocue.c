/* sudocue.c -- SudoCue's Killer Sudoku on one line:
 * "3x3:d:k:" then 81 numbers, each followed by ':', one a cell in
 * reading order.  A number is the cell's cage total times 256 plus the
 * cage's number (0-255): cells with the same number are one cage, which
 * need not be one region.  A total of 0 is a cell in no cage.  The 'd'
 * between the first colons (empty: "3x3::k:") makes the two main
 * diagonals units (Killer X).  The grid is a 9 x 9 with boxes of 3 x 3
 * and no givens.  doc/FORMAT.md §22.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"

#define SC_CELLS 81
/* The largest number a cell holds: total 255, cage 255. */
#define SC_MAX 65535

/* The opening, up to and including "k:", or 0 when the text at s does
 * not start with one; *diagonals says whether it has the 'd'. */
static size_t opening(const char *t, size_t s, size_t e, bool *diagonals)
{
	static const char plain[] = "3x3::k:", x[] = "3x3:d:k:";

	if (e - s >= sizeof(x) - 1 && !memcmp(t + s, x, sizeof(x) - 1)) {
		*diagonals = true;
		return sizeof(x) - 1;
	}
	if (e - s >= sizeof(plain) - 1 &&
	    !memcmp(t + s, plain, sizeof(plain) - 1)) {
		*diagonals = false;
		return sizeof(plain) - 1;
	}
	return 0;
}

/* The 81 numbers from i, each ended by ':' (the last one's ':' may be
 * missing at the end of the line), into nums. */
static cdok_status read_numbers(const struct cdki_id_line *k, size_t i,
				size_t e, int *nums, size_t *at,
				cdok_error *err)
{
	const char *t = k->text;

	for (int c = 0; c < SC_CELLS; c++) {
		int64_t v;
		cdok_status st;

		at[c] = i;
		if (i >= e)
			return cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
					 cdki_id_column(k, i), "a SudoCue "
					 "Killer has 81 cells; this one ends "
					 "after %d", c);
		if (!cdki_text_is_digit(t[i]))
			return cdki_text_stray(t, i, k->start, k->line,
					       "where a cell's number (total "
					       "x 256 + cage) was expected",
					       err);
		st = cdki_text_number(t, &i, e, SC_MAX, &v, k->line, k->start,
				      "a cell's number (total x 256 + cage)",
				      err);
		if (st != CDOK_OK)
			return st;
		nums[c] = (int)v;
		if (i < e && t[i] == ':')
			i++;
		else if (i < e)
			return cdki_text_stray(t, i, k->start, k->line,
					       "after a cell's number (':' "
					       "was expected)", err);
	}
	if (i < e)
		return cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
				 cdki_id_column(k, i), "a SudoCue Killer has "
				 "81 cells; this one has more");
	return CDOK_OK;
}

/* The cages: cells of one cage number together, their totals the
 * same; a cage numbered first where its first cell is. */
static cdok_status build(const struct cdki_id_line *k, const int *nums,
			 const size_t *at, cdok_puzzle *p, cdok_error *err)
{
	int first[256], cells[SC_CELLS];

	for (int id = 0; id < 256; id++)
		first[id] = -1;
	for (int c = 0; c < SC_CELLS; c++) {
		int total = nums[c] / 256, id = nums[c] % 256;

		if (total == 0)
			continue;
		if (first[id] < 0) {
			first[id] = c;
			continue;
		}
		if (nums[first[id]] / 256 != total)
			return cdki_fail(err, CDOK_ERR_INVALID, k->line,
					 cdki_id_column(k, at[c]), "the cell "
					 "at row %d, column %d is in cage %d "
					 "with the total %d, but its first "
					 "cell (row %d, column %d) says %d",
					 c / 9 + 1, c % 9 + 1, id, total,
					 first[id] / 9 + 1, first[id] % 9 + 1,
					 nums[first[id]] / 256);
	}
	for (int c = 0; c < SC_CELLS; c++) {
		int id = nums[c] % 256, m = 0, ci;
		cdok_status st;

		if (nums[c] / 256 == 0 || first[id] != c)
			continue;
		for (int d = c; d < SC_CELLS; d++)
			if (nums[d] / 256 && nums[d] % 256 == id)
				cells[m++] = d;
		if (m > 9)
			return cdki_fail(err, CDOK_ERR_INVALID, k->line,
					 cdki_id_column(k, at[c]), "cage %d "
					 "has %d cells; a Killer cage's values "
					 "differ, so it has at most 9", id, m);
		st = cdok_puzzle_add_cage(p, CDOK_OP_ADD, nums[c] / 256, cells,
					  m, NULL, &ci);
		if (st == CDOK_OK)
			st = cdok_puzzle_set_cage_distinct(p, ci, 1);
		if (st != CDOK_OK)
			return cdki_fail(err, st, k->line,
					 cdki_id_column(k, at[c]), "%s",
					 st == CDOK_ERR_NOMEM ? "out of memory"
					 : "the cage cannot be made");
	}
	return CDOK_OK;
}

cdok_status cdki_sudocue_read(struct cdok_reader *r, cdok_puzzle **out,
			      cdok_error *err)
{
	struct text_line l;
	struct cdki_id_line k;
	size_t s, e, skip, at[SC_CELLS];
	int nums[SC_CELLS];
	bool diagonals;
	cdok_puzzle *p;
	cdok_status st;

	st = cdki_id_line_read(r, &l, &k, &s, &e, err);
	if (st != CDOK_OK)
		return st;
	skip = opening(r->text, s, e, &diagonals);
	if (!skip)
		return cdki_fail(err, CDOK_ERR_SYNTAX, k.line,
				 cdki_id_column(&k, s), "a SudoCue Killer "
				 "starts with 3x3::k: (or 3x3:d:k: for Killer "
				 "X)");
	st = read_numbers(&k, s + skip, e, nums, at, err);
	if (st != CDOK_OK)
		return st;
	p = cdok_puzzle_new(9);
	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	cdok_puzzle_set_boxes(p, 3, 3);
	if (diagonals)
		cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS);
	st = build(&k, nums, at, p, err);
	return cdki_id_line_done(r, &l, k.line, p, st, out);
}

/* The first line that is not blank starts "3x3::k:" or "3x3:d:k:". */
enum cdok_likeness cdki_sudocue_detect(const char *text, size_t len)
{
	struct text_line l;
	size_t s, e;
	bool diagonals;

	cdki_text_line_at(text, len, 0, &l);
	cdki_text_trim(text, &l, &s, &e);
	return opening(text, s, e, &diagonals) ? CDOK_LIKELY : CDOK_UNLIKE;
}

cdok_status cdki_sudocue_write(struct strbuf *sb, const cdok_puzzle *p,
			       const int *values, cdok_error *err)
{
	char name[96];
	int spare;
	cdok_status st = cdki_killer9_writable(p, values, "a SudoCue Killer",
					       err);

	if (st != CDOK_OK)
		return st;
	for (int k = 0; k < p->ncages; k++)
		if (p->cages[k].target < 1 || p->cages[k].target > 255) {
			cdki_cage_name(p, k, name, sizeof(name));
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s has the total %" PRId64 "; a "
					 "SudoCue Killer's totals are 1 to "
					 "255", name, p->cages[k].target);
		}
	/* Cage k is number k; a cell in no cage gets a number of its own
	 * after them, as SudoCue's files give it (at most 81 in all). */
	spare = p->ncages;
	sb_puts(sb, cdki_has_diagonals(p) ? "3x3:d:k:" : "3x3::k:");
	for (int c = 0; c < SC_CELLS; c++) {
		int k = p->cage_of[c];

		cdki_sb_put_int(sb, k >= 0 ? p->cages[k].target * 256 + k
				: spare++);
		sb_putc(sb, ':');
	}
	sb_putc(sb, '\n');
	return CDOK_OK;
}

cdok_status cdki_sudocue_fit(cdok_gen_params *par, cdok_error *err)
{
	return cdki_killer9_fit(par, "a SudoCue Killer", err);
}
