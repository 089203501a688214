/* json.c -- reading cdok's own JSON: the puzzle document ("format":
 * "cdok-puzzle") that is read like any other format, and the result
 * document ("cdok-result"), read as the puzzle it holds so that a
 * program's output can be fed back in; and the checks on JSON values
 * that the killer format shares.  json_stream.c walks the text's stream
 * of documents, json_write.c writes both documents.  doc/FORMAT.md gives
 * the schema.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json/json.h"

cdok_status cdki_json_doc_fail(const struct cdok_json_doc *d, cdok_error *err,
			       cdok_status st, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return cdki_fail(err, st, d->line, d->column, "%s%s", d->where, msg);
}

const char *cdki_json_type_name(const struct json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
		return "an integer";
	case JSON_REAL:
		return "a real number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	case JSON_NULL:
		return "null";
	}
	return "a value";
}

bool cdki_json_int_in(const json_t *v, int64_t lo, int64_t hi, int64_t *out)
{
	json_int_t x;

	*out = 0;
	if (!json_is_integer(v))
		return false;
	x = json_integer_value(v);
	*out = (int64_t)x;
	return x >= lo && x <= hi;
}

cdok_status cdki_json_bad_int(const struct cdok_json_doc *d, const json_t *v,
			      const char *path, int64_t lo, int64_t hi,
			      cdok_error *err)
{
	if (!json_is_integer(v))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s must "
				"be an integer, not %s", path,
				cdki_json_type_name(v));
	return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "%s is %" PRId64
			", outside %" PRId64 "..%" PRId64, path,
			(int64_t)json_integer_value(v), lo, hi);
}

/* An integer member in lo..hi; path names it in messages. */
static cdok_status get_int(const struct cdok_json_doc *d, const json_t *v,
			   const char *path, int64_t lo, int64_t hi,
			   int64_t *out, cdok_error *err)
{
	return cdki_json_int_in(v, lo, hi, out) ? CDOK_OK :
	       cdki_json_bad_int(d, v, path, lo, hi, err);
}

/* Where an item of a list of cells is, for messages: cells[i] of
 * cages[cage], or givens[i] when cage < 0.  Written out only when a
 * message needs it. */
struct cell_at {
	int cage;
	size_t i;
};

static const char *cell_path(const struct cell_at *at, char *buf, size_t cap)
{
	if (at->cage >= 0)
		snprintf(buf, cap, "cages[%d].cells[%zu]", at->cage, at->i);
	else
		snprintf(buf, cap, "givens[%zu]", at->i);
	return buf;
}

/* Why part k (0 the row, 1 the column, 2 the value) of the cell at is
 * not an integer in lo..hi. */
static cdok_status bad_part(const struct cdok_json_doc *d, const json_t *v,
			    const struct cell_at *at, int k, int64_t lo,
			    int64_t hi, cdok_error *err)
{
	static const char *const parts[] = {"row", "column", "value"};
	char path[64], sub[96];

	snprintf(sub, sizeof(sub), "%s[%d] (the %s)",
		 cell_path(at, path, sizeof(path)), k, parts[k]);
	return cdki_json_bad_int(d, v, sub, lo, hi, err);
}

/* A cell [row, column] (want 2) or [row, column, value] (want 3, value
 * in lo..hi) of an n x n grid. */
static cdok_status get_cell(const struct cdok_json_doc *d, const json_t *v,
			    const struct cell_at *at, int n, int want,
			    int64_t lo, int64_t hi, int *cell, int64_t *value,
			    cdok_error *err)
{
	int64_t r, c;
	char path[64];

	if (!json_is_array(v) || json_array_size(v) != (size_t)want)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX,
				"%s must be %s",
				cell_path(at, path, sizeof(path)),
				want == 2 ? "[row, column]" :
				"[row, column, value]");
	if (!cdki_json_int_in(json_array_get(v, 0), 0, n - 1, &r))
		return bad_part(d, json_array_get(v, 0), at, 0, 0, n - 1, err);
	if (!cdki_json_int_in(json_array_get(v, 1), 0, n - 1, &c))
		return bad_part(d, json_array_get(v, 1), at, 1, 0, n - 1, err);
	*cell = (int)(r * n + c);
	if (want == 3 && !cdki_json_int_in(json_array_get(v, 2), lo, hi,
					   value))
		return bad_part(d, json_array_get(v, 2), at, 2, lo, hi, err);
	return CDOK_OK;
}

static cdok_status read_cage(const struct cdok_json_doc *d, const json_t *c,
			     int index, cdok_puzzle *p, int *cells,
			     cdok_error *err)
{
	char path[48], sub[80];
	const json_t *op, *cl, *label, *distinct;
	const char *ops, *lab = NULL;
	int64_t target;
	size_t ncells;
	cdok_status st;
	int n = p->size;

	snprintf(path, sizeof(path), "cages[%d]", index);
	if (!json_is_object(c))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s must "
				"be an object, not %s", path,
				cdki_json_type_name(c));
	op = json_object_get(c, "op");
	if (!op)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s has no \"op\"",
				path);
	ops = json_string_value(op);
	if (!ops || strlen(ops) != 1 || !strchr("+-*/?", ops[0]))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s.op must be one "
				"of \"+\", \"-\", \"*\", \"/\", \"?\"", path);
	if (!json_object_get(c, "target"))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s has no "
				"\"target\"", path);
	if (!cdki_json_int_in(json_object_get(c, "target"), 0, INT64_MAX,
			      &target)) {
		snprintf(sub, sizeof(sub), "%s.target", path);
		return cdki_json_bad_int(d, json_object_get(c, "target"), sub,
					 0, INT64_MAX, err);
	}
	if (target == 0 && (ops[0] == '*' || ops[0] == '/'))
		return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "%s: a %s target "
				"must not be 0", path, ops[0] == '*' ?
				"product" : "ratio");
	label = json_object_get(c, "label");
	if (label && !json_is_null(label)) {
		lab = json_string_value(label);
		if (!lab)
			return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s.label "
					"must be a string", path);
		if (strlen(lab) > CDOK_LABEL_MAX)
			return cdki_json_doc_fail(d, err, CDOK_ERR_LIMIT, "%s.label is "
					"longer than %d bytes", path,
					CDOK_LABEL_MAX);
		if (!*lab)
			lab = NULL;
	}
	cl = json_object_get(c, "cells");
	if (!json_is_array(cl) || json_array_size(cl) == 0)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s.cells must be a "
				"non-empty array of [row, column]", path);
	ncells = json_array_size(cl);
	if (ncells > (size_t)n * (size_t)n)
		return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "%s has more cells "
				"than the grid", path);
	for (size_t i = 0; i < ncells; i++) {
		struct cell_at at = {index, i};
		int64_t unused;

		st = get_cell(d, json_array_get(cl, i), &at, n, 2, 0, 0,
			      &cells[i], &unused, err);
		if (st != CDOK_OK)
			return st;
		if (p->cage_of[cells[i]] >= 0)
			return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "%s: the "
					"cell [%d, %d] is already in cages[%d]",
					cell_path(&at, sub, sizeof(sub)),
					cells[i] / n, cells[i] % n,
					p->cage_of[cells[i]]);
		for (size_t j = 0; j < i; j++)
			if (cells[j] == cells[i])
				return cdki_json_doc_fail(d, err,
						CDOK_ERR_INVALID,
						"%s: the cell [%d, %d] is "
						"listed twice",
						cell_path(&at, sub,
							  sizeof(sub)),
						cells[i] / n, cells[i] % n);
	}
	distinct = json_object_get(c, "distinct");
	if (distinct && !json_is_boolean(distinct))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s.distinct must be "
				"true or false, not %s", path,
				cdki_json_type_name(distinct));
	st = cdok_puzzle_add_cage(p, (cdok_op)ops[0], target, cells,
				  (int)ncells, lab, NULL);
	if (st != CDOK_OK)
		return cdki_json_doc_fail(d, err, st, "%s",
				st == CDOK_ERR_NOMEM ? "out of memory" :
				"cannot add the cage");
	p->cages[p->ncages - 1].distinct = json_is_true(distinct);
	/* A Killer's cage may come in parts (cdok_puzzle_validate). */
	if (!p->box_rows && !cdki_cage_connected(p, p->ncages - 1))
		return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "%s is not "
				"connected", path);
	return CDOK_OK;
}

/* "boxes": [rows, columns], the shape of a Killer puzzle's boxes. */
static cdok_status get_boxes(const struct cdok_json_doc *d, const json_t *v,
			     int n, int *rows, int *cols, cdok_error *err)
{
	int64_t r, c;
	cdok_status st;

	if (!json_is_array(v) || json_array_size(v) != 2)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"boxes\" must be "
				"[rows, columns], the shape of one box");
	st = get_int(d, json_array_get(v, 0), "boxes[0] (the rows)", 1, n,
		     &r, err);
	if (st == CDOK_OK)
		st = get_int(d, json_array_get(v, 1), "boxes[1] (the columns)",
			     1, n, &c, err);
	if (st != CDOK_OK)
		return st;
	if (r * c != n)
		return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "boxes of %" PRId64
				" x %" PRId64 " do not tile a %d x %d grid: a "
				"box must have %d cells", r, c, n, n, n);
	if (r < 2 || c < 2)
		return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "boxes of %" PRId64
				" x %" PRId64 " are whole rows or columns: a "
				"box needs at least 2 rows and 2 columns", r, c);
	*rows = (int)r;
	*cols = (int)c;
	return CDOK_OK;
}

static cdok_status read_puzzle_object(const struct cdok_json_doc *d,
				      const json_t *o, cdok_puzzle **out,
				      cdok_error *err);

/* "format" and "version", which a document need not have; *result says
 * whether it is a result document. */
static cdok_status read_header(const struct cdok_json_doc *d,
			       const json_t *o, bool *result, cdok_error *err)
{
	const json_t *v = json_object_get(o, "format");
	const char *fmt = NULL;
	int64_t version;
	cdok_status st;

	if (v) {
		fmt = json_string_value(v);
		if (!fmt || (strcmp(fmt, PUZZLE_FORMAT) &&
			     strcmp(fmt, RESULT_FORMAT)))
			return cdki_json_doc_fail(d, err, CDOK_ERR_UNSUPPORTED,
					"\"format\" must be \"" PUZZLE_FORMAT
					"\" (or \"" RESULT_FORMAT "\")");
	} else if (json_object_get(o, "board")) {
		return cdki_json_doc_fail(d, err, CDOK_ERR_UNSUPPORTED, "this "
				"looks like a Killer Sudoku document (it has "
				"\"board\"), not a cdok puzzle; read it "
				"with the killer format");
	}
	*result = fmt && !strcmp(fmt, RESULT_FORMAT);
	v = json_object_get(o, "version");
	if (v) {
		int top = *result ? RESULT_VERSION : JSON_VERSION;

		st = get_int(d, v, "version", 1, INT64_MAX, &version, err);
		if (st != CDOK_OK)
			return st;
		if (version > top)
			return cdki_json_doc_fail(d, err, CDOK_ERR_UNSUPPORTED,
					"version %" PRId64 " is newer than "
					"this cdok reads (%d)", version, top);
	}
	return CDOK_OK;
}

/* The members a puzzle's model is made from, checked for their types
 * before anything is built. */
struct puzzle_members {
	int64_t size;
	const json_t *cages, *givens;
	int box_rows, box_cols;
};

static cdok_status read_shape(const struct cdok_json_doc *d, const json_t *o,
			      struct puzzle_members *m, cdok_error *err)
{
	const json_t *v = json_object_get(o, "size"), *boxes;
	cdok_status st;

	if (!v)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "the puzzle has no "
				"\"size\"");
	if (json_is_integer(v) && json_integer_value(v) > CDOK_MAX_SIZE)
		return cdki_json_doc_fail(d, err, CDOK_ERR_LIMIT, "size is %"
				PRId64 "; cdok supports grids up to %d x %d",
				(int64_t)json_integer_value(v), CDOK_MAX_SIZE,
				CDOK_MAX_SIZE);
	st = get_int(d, v, "size", 1, CDOK_MAX_SIZE, &m->size, err);
	if (st != CDOK_OK)
		return st;
	m->cages = json_object_get(o, "cages");
	if (m->cages && !json_is_array(m->cages))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"cages\" "
				"must be an array, not %s",
				cdki_json_type_name(m->cages));
	m->givens = json_object_get(o, "givens");
	if (m->givens && !json_is_array(m->givens))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"givens\" must be "
				"an array, not %s",
				cdki_json_type_name(m->givens));
	m->box_rows = m->box_cols = 0;
	boxes = json_object_get(o, "boxes");
	if (boxes)
		return get_boxes(d, boxes, (int)m->size, &m->box_rows,
				 &m->box_cols, err);
	return CDOK_OK;
}

/* "nylimb", "two_cell" and "diagonals", true or false. */
static cdok_status read_rules(const struct cdok_json_doc *d, const json_t *o,
			      cdok_puzzle *p, cdok_error *err)
{
	const json_t *v = json_object_get(o, "nylimb");

	if (v && !json_is_boolean(v))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX,
				"\"nylimb\" must be true or false, not %s",
				cdki_json_type_name(v));
	if (json_is_true(v) &&
	    cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB) != CDOK_OK)
		return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID,
				"a Nylimb puzzle has at most %d x %d cells "
				"and no boxes", CDOK_NYLIMB_MAX_SIZE,
				CDOK_NYLIMB_MAX_SIZE);
	v = json_object_get(o, "two_cell");
	if (v && !json_is_boolean(v))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX,
				"\"two_cell\" must be true or false, not %s",
				cdki_json_type_name(v));
	if (json_is_true(v))
		cdok_puzzle_set_rules(p, p->rules | CDOK_RULE_TWO_CELL);
	v = json_object_get(o, "diagonals");
	if (v && !json_is_boolean(v))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX,
				"\"diagonals\" must be true or false, not %s",
				cdki_json_type_name(v));
	if (json_is_true(v) &&
	    cdok_puzzle_set_rules(p, p->rules | CDOK_RULE_DIAGONALS) !=
	    CDOK_OK)
		return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID,
				"\"diagonals\" needs \"boxes\": the "
				"diagonals are a Sudoku's rule (Killer X)");
	return CDOK_OK;
}

/* "givens": [row, column, value] each, a cell at most once. */
static cdok_status read_givens(const struct cdok_json_doc *d,
			       const json_t *givens, cdok_puzzle *p,
			       cdok_error *err)
{
	int n = p->size;

	for (size_t i = 0; givens && i < json_array_size(givens); i++) {
		struct cell_at at = {-1, i};
		char path[48];
		int cell;
		int64_t value;
		cdok_status st;

		st = get_cell(d, json_array_get(givens, i), &at, n, 3,
			      cdok_is_nylimb(p) ? 0 : 1,
			      cdok_is_nylimb(p) ? CDOK_NYLIMB_MAX : n,
			      &cell, &value, err);
		if (st != CDOK_OK)
			return st;
		if (cdok_has_given(p, cell))
			return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID,
					"%s: the cell [%d, %d] already has "
					"a given",
					cell_path(&at, path, sizeof(path)),
					cell / n, cell % n);
		p->given[cell] = (int)value;
	}
	return CDOK_OK;
}

/* The puzzle of checked members: rules, cages, givens. */
static cdok_status build_puzzle(const struct cdok_json_doc *d,
				const json_t *o,
				const struct puzzle_members *m,
				cdok_puzzle **out, cdok_error *err)
{
	cdok_puzzle *p = cdok_puzzle_new((int)m->size);
	int *cells = cdok_malloc((size_t)(m->size * m->size) * sizeof(int));
	cdok_status st;

	if (!p || !cells) {
		cdok_puzzle_free(p);
		free(cells);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	cdok_puzzle_set_boxes(p, m->box_rows, m->box_cols);
	st = read_rules(d, o, p, err);
	for (size_t i = 0; st == CDOK_OK && m->cages &&
	     i < json_array_size(m->cages); i++)
		st = read_cage(d, json_array_get(m->cages, i), (int)i, p,
			       cells, err);
	if (st == CDOK_OK)
		st = read_givens(d, m->givens, p, err);
	free(cells);
	if (st != CDOK_OK) {
		cdok_puzzle_free(p);
		return st;
	}
	*out = p;
	return CDOK_OK;
}

static cdok_status read_puzzle_object(const struct cdok_json_doc *d,
				      const json_t *o, cdok_puzzle **out,
				      cdok_error *err)
{
	struct puzzle_members m = {0};
	bool result = false;
	cdok_status st;

	if (!json_is_object(o))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "a puzzle must be a "
				"JSON object, not %s", cdki_json_type_name(o));
	st = read_header(d, o, &result, err);
	if (st != CDOK_OK)
		return st;
	if (result) {
		/* A result document: its puzzle is what is read. */
		const json_t *v = json_object_get(o, "puzzle");

		if (!json_is_object(v))
			return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "the result "
					"document holds no \"puzzle\" object");
		return read_puzzle_object(d, v, out, err);
	}
	st = read_shape(d, o, &m, err);
	if (st != CDOK_OK)
		return st;
	return build_puzzle(d, o, &m, out, err);
}

/* jansson's json_t and the struct json_t the shared declarations in
 * format.h use are one type, so the reader fits cdok_json_object_fn
 * as it is. */
cdok_status cdki_json_read(struct cdok_reader *r, cdok_puzzle **out,
			   cdok_error *err)
{
	return cdki_json_read_stream(r, read_puzzle_object, NULL, out, err);
}

enum cdok_likeness cdki_json_detect(const char *text, size_t len)
{
	return len > 0 && (text[0] == '{' || text[0] == '[') ?
	       CDOK_LIKELY : CDOK_UNLIKE;
}

