/* killer.c -- Killer Sudoku as JSON, in the schema of github
 * Barium/killer-sudoku-solver (FORMATS.md §5): a 9 x 9 "board" of values
 * (0 = empty) and "cages", each [total, [[x, y], ...]] with x the column
 * and y the row.  A cage's values differ and add up to its total, and
 * the nine 3 x 3 boxes hold 1-9 once each.  cdok also reads and writes
 * what hard Killers need beyond Barium's files: cells in no cage, cages
 * in parts, and "diagonals": true for Killer X.  doc/FORMAT.md §17 is
 * the description.
 *
 * Documents are read through json_stream.c's stream (several per text,
 * arrays of them too), so errors have the same shape as the json
 * format's.  Documents are written by hand rather than through jansson:
 * the layout is fixed (Barium's own files, one cage per line) and holds
 * nothing but integers.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json/json.h"

#define KILLER_N 9
#define KILLER_BOX 3
#define KILLER_CELLS (KILLER_N * KILLER_N)

/* ------------------------------------------------------------------ */
/* Reading                                                             */


/* The board: 9 rows of 9 values 0..9, into givens (row-major). */
static cdok_status read_board(const struct cdok_json_doc *d, const json_t *b,
			      int *givens, cdok_error *err)
{
	char path[48];

	if (!json_is_array(b))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"board\" must be an "
			     "array of %d rows, not %s", KILLER_N,
			     cdki_json_type_name(b));
	if (json_array_size(b) != KILLER_N)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"board\" has %zu rows; "
			     "the schema's board is %d x %d",
			     json_array_size(b), KILLER_N, KILLER_N);
	for (int y = 0; y < KILLER_N; y++) {
		const json_t *row = json_array_get(b, (size_t)y);

		if (!json_is_array(row))
			return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "board[%d] must "
				     "be an array of %d values (0 for an "
				     "empty cell), not %s", y, KILLER_N,
				     cdki_json_type_name(row));
		if (json_array_size(row) != KILLER_N)
			return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "board[%d] has "
				     "%zu values; the schema's board is %d x "
				     "%d", y, json_array_size(row), KILLER_N,
				     KILLER_N);
		for (int x = 0; x < KILLER_N; x++) {
			const json_t *value = json_array_get(row, (size_t)x);
			int64_t v;

			if (!cdki_json_int_in(value, 0, KILLER_N, &v)) {
				snprintf(path, sizeof(path), "board[%d][%d]",
					 y, x);
				return cdki_json_bad_int(d, value, path, 0, KILLER_N,
					       err);
			}
			givens[y * KILLER_N + x] = (int)v;
		}
	}
	return CDOK_OK;
}

/* One cage, [total, [[x, y], ...]], into the puzzle.  owner[cell] is
 * the index of the cage that has the cell, or -1. */
static cdok_status read_cage(const struct cdok_json_doc *d, const json_t *c,
			     int index, cdok_puzzle *p, int *owner,
			     cdok_error *err)
{
	int cells[KILLER_CELLS];
	char path[80];
	const json_t *list;
	int64_t total;
	size_t ncells;
	cdok_status st;

	if (!json_is_array(c) || json_array_size(c) != 2)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "cages[%d] must be "
			     "[total, [[x, y], ...]]", index);
	if (!cdki_json_int_in(json_array_get(c, 0), 1, INT64_MAX, &total)) {
		snprintf(path, sizeof(path), "cages[%d][0] (the total)",
			 index);
		return cdki_json_bad_int(d, json_array_get(c, 0), path, 1, INT64_MAX,
			       err);
	}
	list = json_array_get(c, 1);
	if (!json_is_array(list) || json_array_size(list) == 0)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "cages[%d][1] (the "
			     "cells) must be a non-empty array of [x, y]",
			     index);
	ncells = json_array_size(list);
	if (ncells > KILLER_CELLS)
		return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "cages[%d] has %zu "
			     "cells, more than the grid's %d", index, ncells,
			     KILLER_CELLS);
	for (size_t i = 0; i < ncells; i++) {
		const json_t *xy = json_array_get(list, i);
		int64_t x, y;
		int cell;

		if (!json_is_array(xy) || json_array_size(xy) != 2)
			return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX,
				     "cages[%d][1][%zu] must be [x, y] "
				     "(column, row)", index, i);
		if (!cdki_json_int_in(json_array_get(xy, 0), 0, KILLER_N - 1, &x)) {
			snprintf(path, sizeof(path), "cages[%d][1][%zu][0] "
				 "(x, the column)", index, i);
			return cdki_json_bad_int(d, json_array_get(xy, 0), path, 0,
				       KILLER_N - 1, err);
		}
		if (!cdki_json_int_in(json_array_get(xy, 1), 0, KILLER_N - 1, &y)) {
			snprintf(path, sizeof(path), "cages[%d][1][%zu][1] "
				 "(y, the row)", index, i);
			return cdki_json_bad_int(d, json_array_get(xy, 1), path, 0,
				       KILLER_N - 1, err);
		}
		cell = (int)(y * KILLER_N + x);
		if (owner[cell] == index)
			return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID,
				     "cages[%d][1][%zu]: the cell [%d, %d] is "
				     "listed twice", index, i, (int)x, (int)y);
		if (owner[cell] >= 0)
			return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID,
				     "cages[%d][1][%zu]: the cell [%d, %d] is "
				     "already in cages[%d]", index, i, (int)x,
				     (int)y, owner[cell]);
		owner[cell] = index;
		cells[i] = cell;
	}
	st = cdok_puzzle_add_cage(p, CDOK_OP_ADD, total, cells, (int)ncells,
				  NULL, NULL);
	if (st != CDOK_OK)
		return cdki_json_doc_fail(d, err, st, "%s",
			     st == CDOK_ERR_NOMEM ? "out of memory" :
			     "cannot add the cage");
	/* A cage may come in parts, as some setters make them. */
	p->cages[p->ncages - 1].distinct = true;
	return CDOK_OK;
}

/* "diagonals": true makes a Killer X (both main diagonals hold 1-9
 * once); false or no member, a plain Killer. */
static cdok_status read_diagonals(const struct cdok_json_doc *d,
				  const json_t *o, cdok_puzzle *p,
				  cdok_error *err)
{
	const json_t *v = json_object_get(o, "diagonals");

	if (v && !json_is_boolean(v))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX,
				"\"diagonals\" must be true or false, not %s",
				cdki_json_type_name(v));
	if (json_is_true(v))
		cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS);
	return CDOK_OK;
}

static cdok_status killer_object(const struct cdok_json_doc *d,
				 const json_t *o, cdok_puzzle **out,
				 cdok_error *err)
{
	int givens[KILLER_CELLS], owner[KILLER_CELLS];
	const json_t *board, *cages;
	cdok_puzzle *p;
	cdok_status st;

	if (!json_is_object(o))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "a Killer Sudoku must "
			     "be a JSON object, not %s",
			     cdki_json_type_name(o));
	if (json_object_get(o, "format"))
		return cdki_json_doc_fail(d, err, CDOK_ERR_UNSUPPORTED, "this is a cdok "
			     "JSON document (it has \"format\"), not a Killer "
			     "Sudoku one; read it with the json format");
	board = json_object_get(o, "board");
	if (!board)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "the document has no "
			     "\"board\"");
	st = read_board(d, board, givens, err);
	if (st != CDOK_OK)
		return st;
	cages = json_object_get(o, "cages");
	if (!cages)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "the document has no "
			     "\"cages\"");
	if (!json_is_array(cages))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"cages\" must be an "
			     "array, not %s", cdki_json_type_name(cages));

	p = cdok_puzzle_new(KILLER_N);
	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	cdok_puzzle_set_boxes(p, KILLER_BOX, KILLER_BOX);
	for (int cell = 0; cell < KILLER_CELLS; cell++) {
		owner[cell] = -1;
		p->given[cell] = givens[cell] ? givens[cell] : CDOK_NONE;
	}
	for (size_t i = 0; i < json_array_size(cages); i++) {
		/* The text is at most 64 MiB, so i fits an int. */
		st = read_cage(d, json_array_get(cages, i), (int)i, p, owner,
			       err);
		if (st != CDOK_OK)
			goto fail;
	}
	/* A cell in no cage is allowed (hard Killers have them). */
	st = read_diagonals(d, o, p, err);
	if (st != CDOK_OK)
		goto fail;
	*out = p;
	return CDOK_OK;
fail:
	cdok_puzzle_free(p);
	return st;
}

cdok_status cdki_killer_read(struct cdok_reader *r, cdok_puzzle **out,
			     cdok_error *err)
{
	return cdki_json_read_stream(r, killer_object, cdki_killer_direct, out,
				     err);
}

/* A Killer document is an object with "board" and "cages" and no
 * "format" (which cdok's own documents have); an array is judged by
 * its first element.  The first document is scanned, not parsed, to
 * see that (scan.c): a text that is not well-formed JSON is left to the
 * json format, whose reader reports the syntax error just as this one
 * would. */
enum cdok_likeness cdki_killer_detect(const char *text, size_t len)
{
	int keys;

	if (len == 0 || (text[0] != '{' && text[0] != '['))
		return CDOK_UNLIKE;
	keys = cdki_json_scan_keys(text, len);
	if (keys < 0)
		return CDOK_UNLIKE;
	return (keys & CDOK_JSON_HAS_BOARD) && (keys & CDOK_JSON_HAS_CAGES) &&
	       !(keys & CDOK_JSON_HAS_FORMAT) ? CDOK_LIKELY : CDOK_UNLIKE;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

/* Why p cannot be a Killer document, or CDOK_OK. */
static cdok_status check_writable(const cdok_puzzle *p, const int *values,
				  cdok_error *err)
{
	int n = p->size;
	char name[96];

	if (n != KILLER_N)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is %d x %d, but the Killer "
				 "Sudoku JSON schema is 9 x 9", n, n);
	if (p->box_rows != KILLER_BOX || p->box_cols != KILLER_BOX) {
		if (!p->box_rows)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the puzzle has no boxes, but a "
					 "Killer Sudoku in this schema has "
					 "3 x 3 boxes");
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle's boxes are %d x %d, but a Killer "
				 "Sudoku in this schema has 3 x 3 boxes",
				 p->box_rows, p->box_cols);
	}
	for (int k = 0; k < p->ncages; k++) {
		const struct cdok_cage *c = &p->cages[k];
		static const char *const kinds[] = {
			"difference", "product", "ratio",
			"hidden-operator"};

		cdki_cage_name(p, k, name, sizeof(name));
		if (c->ncells > 1 && c->op != CDOK_OP_ADD)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s is a %s cage; Killer cages are "
					 "sums", name,
					 kinds[c->op == CDOK_OP_SUB ? 0 :
					       c->op == CDOK_OP_MUL ? 1 :
					       c->op == CDOK_OP_DIV ? 2 : 3]);
		if (c->ncells > 1 && !c->distinct)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the values of %s may repeat, but a "
					 "Killer cage's values all differ",
					 name);
		if (c->target < 1)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s has the total %" PRId64 "; the "
					 "schema's totals are at least 1",
					 name, c->target);
	}
	for (int cell = 0; cell < n * n; cell++) {
		if (values && (values[cell] < 0 || values[cell] > n))
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cell at row %d, column %d has the "
					 "value %d; the board holds 0..%d",
					 cell / n + 1, cell % n + 1,
					 values[cell], n);
	}
	return CDOK_OK;
}

/* The document, indented as Barium's files are (one board row and one
 * cage per line) or, compact, on one line as jansson's JSON_COMPACT
 * writes it.  A given outside any cage becomes a one-cell cage, which
 * is how the schema says it (the board keeps 0 there, so that such a
 * cage read and written again stays as it was). */
static void put_document(struct strbuf *sb, const cdok_puzzle *p,
			 const int *values, bool compact)
{
	const char *open = compact ? "{\"board\":[" : "{\n  \"board\": [\n";
	const char *row_sep = compact ? "," : ",\n";
	const char *row_in = compact ? "" : "    ";
	const char *sep = compact ? "," : ", ";
	int n = p->size, first = 1;

	sb_puts(sb, open);
	for (int y = 0; y < n; y++) {
		cdki_sb_printf(sb, "%s%s[", y ? row_sep : "", row_in);
		for (int x = 0; x < n; x++) {
			int cell = y * n + x;
			int v = cdok_has_given(p, cell) ? p->given[cell] : 0;

			if (values && values[cell])
				v = values[cell];
			else if (p->cage_of[cell] < 0)
				v = 0;
			cdki_sb_printf(sb, "%s%d", x ? sep : "", v);
		}
		sb_putc(sb, ']');
	}
	sb_puts(sb, compact ? "],\"cages\":[" : "\n  ],\n  \"cages\": [\n");
	/* Cages in order of their first cell, cells in reading order. */
	for (int cell = 0; cell < n * n; cell++) {
		int k = p->cage_of[cell];
		const struct cdok_cage *c = k >= 0 ? &p->cages[k] : NULL;

		/* A cell in no cage and without a given is in no list. */
		if ((c && c->cells[0] != cell) ||
		    (!c && !cdok_has_given(p, cell)))
			continue;
		cdki_sb_printf(sb, "%s%s[%" PRId64 "%s[", first ? "" : row_sep,
			       row_in, c ? c->target : (int64_t)p->given[cell],
			       sep);
		first = 0;
		for (int i = 0; i < (c ? c->ncells : 1); i++) {
			int at = c ? c->cells[i] : cell;

			cdki_sb_printf(sb, "%s[%d%s%d]", i ? sep : "", at % n,
				       sep, at / n);
		}
		sb_puts(sb, "]]");
	}
	sb_puts(sb, compact ? "]" : "\n  ]");
	if (cdki_has_diagonals(p))
		sb_puts(sb, compact ? ",\"diagonals\":true" :
			",\n  \"diagonals\": true");
	sb_puts(sb, compact ? "}" : "\n}");
}

cdok_status cdki_killer_put(struct cdok_writer *w, struct strbuf *sb,
			    const cdok_puzzle *p, const int *values,
			    cdok_error *err)
{
	cdok_status st = check_writable(p, values, err);

	if (st != CDOK_OK)
		return st;
	/* The stream's shape is the json format's (doc/FORMAT.md §10). */
	if (w->flags & CDOK_WRITER_ARRAY)
		sb_puts(sb, w->items == 0 ? "[\n" : ",\n");
	put_document(sb, p, values, w->flags & CDOK_WRITER_COMPACT);
	if (!(w->flags & CDOK_WRITER_ARRAY))
		sb_putc(sb, '\n');
	return CDOK_OK;
}

cdok_status cdki_killer_write(struct strbuf *sb, const cdok_puzzle *p,
			      const int *values, cdok_error *err)
{
	cdok_status st = check_writable(p, values, err);

	if (st != CDOK_OK)
		return st;
	put_document(sb, p, values, false);
	sb_putc(sb, '\n');
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Generating for the schema                                           */

cdok_status cdki_killer_fit(cdok_gen_params *par, cdok_error *err)
{
	if (!par->killer)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "a Killer Sudoku JSON document holds a Killer "
				 "Sudoku, with boxes and sum cages whose values "
				 "differ");
	if (par->size != KILLER_N)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the size is %d, but the Killer Sudoku JSON "
				 "schema is %d x %d", par->size, KILLER_N,
				 KILLER_N);
	if (par->box_rows && (par->box_rows != KILLER_BOX ||
			      par->box_cols != KILLER_BOX))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "boxes of %d x %d, but the Killer Sudoku JSON "
				 "schema has boxes of %d x %d", par->box_rows,
				 par->box_cols, KILLER_BOX, KILLER_BOX);
	return CDOK_OK;
}
