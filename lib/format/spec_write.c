/* spec_write.c -- writing a puzzle, or a grid of values, as a spec: the
 * directives its rules need, then the grid with a label on every cage
 * cell and the clue on each cage's first cell.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format/spec.h"

/* Only labels the reader accepts can be written as they are. */
static bool label_writable(const char *s)
{
	size_t n = strlen(s);

	if (n < 1 || n > CDOK_LABEL_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!cdki_text_is_letter(s[i]))
			return false;
	return true;
}

/* Choose every cage's label: its own when it has a writable one that no
 * earlier cage took, otherwise the first label in cdok's label order
 * that no cage uses.  names must hold ncages labels. */
static cdok_status choose_labels(const cdok_puzzle *p,
				 char (*names)[CDOK_LABEL_MAX + 1],
				 cdok_error *err)
{
	struct spec_labels used;
	int next = 0;
	cdok_status st;

	st = cdki_spec_labels_init(&used, (size_t)p->ncages + 1, err);
	if (st != CDOK_OK)
		return st;
	for (int k = 0; k < p->ncages; k++) {
		const char *own = p->cages[k].label;

		names[k][0] = '\0';
		if (p->cages[k].ncells >= 2 && label_writable(own) &&
		    cdki_spec_labels_add(&used, own, k) < 0)
			strcpy(names[k], own);
	}
	/* names[k] is stored only once it holds a label no cage uses. */
	for (int k = 0; k < p->ncages; k++) {
		if (names[k][0] || p->cages[k].ncells < 2)
			continue;
		do
			cdki_label_for_index(next++, names[k]);
		while (cdki_spec_labels_add(&used, names[k], k) >= 0);
	}
	cdki_spec_labels_free(&used);
	return CDOK_OK;
}

/* Write one cell's token. */
static cdok_status write_cell(struct strbuf *sb, const cdok_puzzle *p,
			      const int *values,
			      char (*names)[CDOK_LABEL_MAX + 1], int cell,
			      cdok_error *err)
{
	int n = p->size, k = p->cage_of[cell];
	const struct cdok_cage *c = k >= 0 ? &p->cages[k] : NULL;

	if (values && values[cell] != CDOK_NONE &&
	    (values[cell] != 0 || cdok_is_nylimb(p))) {
		if (values[cell] < 0)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cell at row %d, column %d has the "
					 "negative value %d", cell / n + 1,
					 cell % n + 1, values[cell]);
		cdki_sb_put_int(sb, values[cell]);
		return CDOK_OK;
	}
	if (c && c->ncells >= 2) {
		sb_puts(sb, names[k]);
		if (c->cells[0] == cell) {
			if (c->target < 0)
				return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0,
						 0, "cage %s has the negative "
						 "target %" PRId64 ", which "
						 "the spec format cannot "
						 "express", names[k],
						 c->target);
			sb_putc(sb, (char)c->op);
			cdki_sb_put_int(sb, c->target);
		}
		/* A given inside a cage (Killer puzzles have them). */
		if (cdok_has_given(p, cell)) {
			sb_putc(sb, '=');
			cdki_sb_put_int(sb, p->given[cell]);
		}
		return CDOK_OK;
	}
	if (cdok_has_given(p, cell)) {
		/* A one-cell cage over a given says the given again, or
		 * contradicts it; only the first can be written. */
		if (c && c->target != p->given[cell])
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the given %d at row %d, column %d "
					 "contradicts its one-cell cage (%"
					 PRId64 "); the spec format cannot "
					 "express both", p->given[cell],
					 cell / n + 1, cell % n + 1,
					 c->target);
		cdki_sb_put_int(sb, p->given[cell]);
		return CDOK_OK;
	}
	if (c) {
		/* A one-cell cage fixes its value: that is a given. */
		if (c->target > INT32_MAX ||
		    !cdok_puzzle_value_ok(p, (int)c->target))
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the one-cell cage at row %d, column "
					 "%d has target %" PRId64 ", which is "
					 "not a value %d..%d; the spec format "
					 "cannot express it", cell / n + 1,
					 cell % n + 1, c->target,
					 cdok_is_nylimb(p) ? 0 : 1,
					 cdok_is_nylimb(p) ? CDOK_NYLIMB_MAX
							   : n);
		cdki_sb_put_int(sb, c->target);
		return CDOK_OK;
	}
	/* In no cage and without a value: an empty cell of a plain
	 * Sudoku. */
	sb_putc(sb, '.');
	return CDOK_OK;
}

/* Whether cage k appears in the text as a label: some cell of it is
 * not shown as a value instead. */
static bool cage_shown(const cdok_puzzle *p, const int *values, int k)
{
	const struct cdok_cage *c = &p->cages[k];

	for (int i = 0; i < c->ncells; i++)
		if (!values || !cdok_is_value(p, values[c->cells[i]]))
			return true;
	return false;
}

/* The directives the puzzle needs: its boxes, and which of the cages the
 * grid shows must hold distinct values -- all of them in one word when
 * that is so.  A one-cell cage is written as a given, and one value
 * differs from nothing; a cage whose cells all show values (a solution)
 * is not in the text at all, and the reader checks that each label
 * @distinct names is. */
static void write_directives(struct strbuf *sb, const cdok_puzzle *p,
			     const int *values,
			     char (*names)[CDOK_LABEL_MAX + 1])
{
	bool all = true, any = false, listed = false;

	if (cdok_is_nylimb(p))
		sb_puts(sb, "@nylimb\n");
	if (p->rules & CDOK_RULE_TWO_CELL)
		sb_puts(sb, "@two-cell\n");
	if (p->box_rows)
		cdki_sb_printf(sb, "@boxes %dx%d\n", p->box_rows, p->box_cols);
	if (cdki_has_diagonals(p))
		sb_puts(sb, "@diagonals\n");
	for (int k = 0; k < p->ncages; k++) {
		if (p->cages[k].ncells < 2 || !cage_shown(p, values, k))
			continue;
		if (p->cages[k].distinct)
			any = true;
		else
			all = false;
	}
	if (!any)
		return;
	if (all) {
		sb_puts(sb, "@distinct\n");
		return;
	}
	/* In reading order of the cages' first cells, which is the order
	 * the reader gives the cages: so a puzzle read back (from JSON,
	 * say, where cages may come in any order) writes the same line. */
	for (int cell = 0; cell < p->size * p->size; cell++) {
		int k = p->cage_of[cell];

		if (k < 0 || p->cages[k].cells[0] != cell ||
		    p->cages[k].ncells < 2 || !p->cages[k].distinct ||
		    !cage_shown(p, values, k))
			continue;
		sb_puts(sb, listed ? " " : "@distinct ");
		sb_puts(sb, names[k]);
		listed = true;
	}
	sb_putc(sb, '\n');
}

/* Whether every cell shows a value (a solution): then no cage is in the
 * text, and no label need be chosen. */
static bool all_values(const cdok_puzzle *p, const int *values)
{
	if (!values)
		return false;
	for (int cell = 0; cell < p->size * p->size; cell++)
		if (!cdok_is_value(p, values[cell]))
			return false;
	return true;
}

/* A grid of values only (all_values): each row made in a buffer and put
 * whole, a digit at a time for the values below 10. */
static void write_values(struct strbuf *sb, int n, const int *values)
{
	char line[CDOK_MAX_SIZE * 11 + 1];

	for (int y = 0; y < n; y++) {
		char *o = line;

		for (int x = 0; x < n; x++) {
			int v = values[y * n + x];

			if (x)
				*o++ = '\t';
			if (v >= 0 && v < 10)
				*o++ = (char)('0' + v);
			else
				o += cdki_decimal(v, o);
		}
		*o++ = '\n';
		sb_putn(sb, line, (size_t)(o - line));
	}
}

cdok_status cdki_spec_write(struct strbuf *sb, const cdok_puzzle *p,
			    const int *values, cdok_error *err)
{
	char (*names)[CDOK_LABEL_MAX + 1] = NULL;
	int n = p->size;
	cdok_status st = CDOK_OK;

	if (!all_values(p, values)) {
		names = cdok_calloc((size_t)p->ncages + 1, sizeof(*names));
		if (!names)
			return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
					 "out of memory");
		st = choose_labels(p, names, err);
	}
	if (st == CDOK_OK)
		write_directives(sb, p, values, names);
	if (!names) {
		write_values(sb, n, values);
		return CDOK_OK;
	}
	for (int y = 0; y < n && st == CDOK_OK; y++) {
		for (int x = 0; x < n && st == CDOK_OK; x++) {
			if (x)
				sb_putc(sb, '\t');
			st = write_cell(sb, p, values, names, y * n + x, err);
		}
		sb_putc(sb, '\n');
	}
	free(names);
	return st;
}

