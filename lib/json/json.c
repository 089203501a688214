/* json.c -- cdok's own JSON: the puzzle document ("format":
 * "cdok-puzzle") that is read and written like any other format, and the
 * result document ("cdok-result") that commands print for programs.
 * This is the only file that knows about jansson.  doc/FORMAT.md gives
 * the schema; its version number is JSON_VERSION below.
 *
 * A text holds any number of documents one after another (white space
 * between them), and any of them may be an array of puzzle documents.
 * A result document is read as the puzzle it holds, so a program's
 * output can be fed back in.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json/json.h"
#include "json/json_levels.h"

/* The schema's versions.  A reader accepts documents of this version or
 * older; a newer one may mean something this code does not know.  The
 * result document is at 2: "difficulty" is only the grade's, and the
 * solver's own number is "search_score" (version 1 put either under
 * "difficulty"). */
#define JSON_VERSION 1
#define RESULT_VERSION 2

#define PUZZLE_FORMAT "cdok-puzzle"
#define RESULT_FORMAT "cdok-result"

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* Reader state between calls: the array being walked through, if the
 * last document was one. */
struct json_state {
	json_t *array;
	size_t next;
	int line;          /* where the array starts, for errors */
	int column;
};

static void json_state_free(void *p)
{
	struct json_state *s = p;

	json_decref(s->array);
	free(s);
}

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
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s must be an "
				"integer, not %s", path,
				cdki_json_type_name(v));
	return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "%s is %" PRId64 ", "
			"outside %" PRId64 "..%" PRId64, path,
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
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s must be %s",
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
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "%s must be an "
				"object, not %s", path, cdki_json_type_name(c));
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
				return cdki_json_doc_fail(d, err, CDOK_ERR_INVALID,
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
		return cdki_json_doc_fail(d, err, st, "%s", st == CDOK_ERR_NOMEM ?
				"out of memory" : "cannot add the cage");
	p->cages[p->ncages - 1].distinct = json_is_true(distinct);
	if (!cdki_cage_connected(p, p->ncages - 1))
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
				      cdok_error *err)
{
	const json_t *v, *cages, *givens, *boxes;
	const char *fmt = NULL;
	int64_t size, version;
	int box_rows = 0, box_cols = 0;
	cdok_puzzle *p;
	int *cells;
	cdok_status st = CDOK_OK;

	if (!json_is_object(o))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "a puzzle must be a "
				"JSON object, not %s", cdki_json_type_name(o));
	v = json_object_get(o, "format");
	if (v) {
		fmt = json_string_value(v);
		if (!fmt || (strcmp(fmt, PUZZLE_FORMAT) &&
			     strcmp(fmt, RESULT_FORMAT)))
			return cdki_json_doc_fail(d, err, CDOK_ERR_UNSUPPORTED,
					"\"format\" must be \"" PUZZLE_FORMAT
					"\" (or \"" RESULT_FORMAT "\")");
	} else if (json_object_get(o, "board")) {
		return cdki_json_doc_fail(d, err, CDOK_ERR_UNSUPPORTED, "this looks "
				"like a Killer Sudoku document (it has "
				"\"board\"), not a cdok puzzle; read it "
				"with the killer format");
	}
	v = json_object_get(o, "version");
	if (v) {
		st = get_int(d, v, "version", 1, INT64_MAX, &version, err);
		if (st != CDOK_OK)
			return st;
		int top = fmt && !strcmp(fmt, RESULT_FORMAT) ?
			  RESULT_VERSION : JSON_VERSION;

		if (version > top)
			return cdki_json_doc_fail(d, err, CDOK_ERR_UNSUPPORTED,
					"version %" PRId64 " is newer than "
					"this cdok reads (%d)", version, top);
	}
	if (fmt && !strcmp(fmt, RESULT_FORMAT)) {
		/* A result document: its puzzle is what is read. */
		v = json_object_get(o, "puzzle");
		if (!json_is_object(v))
			return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "the result "
					"document holds no \"puzzle\" object");
		return read_puzzle_object(d, v, out, err);
	}

	v = json_object_get(o, "size");
	if (!v)
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "the puzzle has no "
				"\"size\"");
	if (json_is_integer(v) && json_integer_value(v) > CDOK_MAX_SIZE)
		return cdki_json_doc_fail(d, err, CDOK_ERR_LIMIT, "size is %" PRId64
				"; cdok supports grids up to %d x %d",
				(int64_t)json_integer_value(v), CDOK_MAX_SIZE,
				CDOK_MAX_SIZE);
	st = get_int(d, v, "size", 1, CDOK_MAX_SIZE, &size, err);
	if (st != CDOK_OK)
		return st;
	cages = json_object_get(o, "cages");
	if (cages && !json_is_array(cages))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"cages\" must be "
				"an array, not %s", cdki_json_type_name(cages));
	givens = json_object_get(o, "givens");
	if (givens && !json_is_array(givens))
		return cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"givens\" must be "
				"an array, not %s",
				cdki_json_type_name(givens));

	boxes = json_object_get(o, "boxes");
	if (boxes) {
		st = get_boxes(d, boxes, (int)size, &box_rows, &box_cols,
			       err);
		if (st != CDOK_OK)
			return st;
	}

	p = cdok_puzzle_new((int)size);
	cells = cdok_malloc((size_t)(size * size) * sizeof(int));
	if (!p || !cells) {
		cdok_puzzle_free(p);
		free(cells);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	cdok_puzzle_set_boxes(p, box_rows, box_cols);
	v = json_object_get(o, "nylimb");
	if (v && !json_is_boolean(v)) {
		st = cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"nylimb\" must be "
			      "true or false, not %s", cdki_json_type_name(v));
		goto fail;
	}
	if (json_is_true(v) &&
	    cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB) != CDOK_OK) {
		st = cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "a Nylimb puzzle "
			      "has at most %d x %d cells and no boxes",
			      CDOK_NYLIMB_MAX_SIZE, CDOK_NYLIMB_MAX_SIZE);
		goto fail;
	}
	v = json_object_get(o, "two_cell");
	if (v && !json_is_boolean(v)) {
		st = cdki_json_doc_fail(d, err, CDOK_ERR_SYNTAX, "\"two_cell\" must "
			      "be true or false, not %s", cdki_json_type_name(v));
		goto fail;
	}
	if (json_is_true(v))
		cdok_puzzle_set_rules(p, p->rules | CDOK_RULE_TWO_CELL);
	for (size_t i = 0; cages && i < json_array_size(cages); i++) {
		st = read_cage(d, json_array_get(cages, i), (int)i, p, cells,
			       err);
		if (st != CDOK_OK)
			goto fail;
	}
	for (size_t i = 0; givens && i < json_array_size(givens); i++) {
		struct cell_at at = {-1, i};
		char path[48];
		int cell;
		int64_t value;

		st = get_cell(d, json_array_get(givens, i), &at, (int)size, 3,
			      cdok_is_nylimb(p) ? 0 : 1,
			      cdok_is_nylimb(p) ? CDOK_NYLIMB_MAX : size,
			      &cell, &value, err);
		if (st != CDOK_OK)
			goto fail;
		if (cdok_has_given(p, cell)) {
			st = cdki_json_doc_fail(d, err, CDOK_ERR_INVALID, "%s: the cell "
				      "[%d, %d] already has a given",
				      cell_path(&at, path, sizeof(path)),
				      cell / (int)size, cell % (int)size);
			goto fail;
		}
		p->given[cell] = (int)value;
	}
	free(cells);
	*out = p;
	return CDOK_OK;
fail:
	free(cells);
	cdok_puzzle_free(p);
	return st;
}

/* ---- A syntax error, or memory that ran out? ----
 *
 * jansson reports an allocation that fails while it parses as a syntax
 * error, most often with no text at all.  So when it reports one, the
 * text is held against JSON's grammar here, which allocates nothing: a
 * document the grammar accepts failed for want of memory.  The grammar
 * is jansson's (a top-level object or array, no control character in a
 * string, surrogates in pairs); errors jansson gives a code of their
 * own (bad UTF-8, a number too large, a duplicate key, nesting too
 * deep) never come here. */

struct grammar {
	const char *s;
	size_t len, i;
};

static bool g_at(const struct grammar *g, char c)
{
	return g->i < g->len && g->s[g->i] == c;
}

static void g_space(struct grammar *g)
{
	while (g->i < g->len && (g->s[g->i] == ' ' || g->s[g->i] == '\t' ||
				 g->s[g->i] == '\n' || g->s[g->i] == '\r'))
		g->i++;
}

static bool g_digits(struct grammar *g)
{
	size_t start = g->i;

	while (g->i < g->len && cdki_text_is_digit(g->s[g->i]))
		g->i++;
	return g->i > start;
}

static bool g_number(struct grammar *g)
{
	if (g_at(g, '-'))
		g->i++;
	if (g_at(g, '0'))
		g->i++;
	else if (!g_digits(g))
		return false;
	if (g_at(g, '.')) {
		g->i++;
		if (!g_digits(g))
			return false;
	}
	if (g_at(g, 'e') || g_at(g, 'E')) {
		g->i++;
		if (g_at(g, '+') || g_at(g, '-'))
			g->i++;
		if (!g_digits(g))
			return false;
	}
	return true;
}

/* Four hex digits after "\u", as a number; -1 if they are not. */
static long g_hex4(struct grammar *g)
{
	long v = 0;

	for (int k = 0; k < 4; k++, g->i++) {
		char c = g->i < g->len ? g->s[g->i] : '\0';

		if (cdki_text_is_digit(c))
			v = v * 16 + (c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = v * 16 + (c - 'A' + 10);
		else
			return -1;
	}
	return v;
}

static bool g_string(struct grammar *g)
{
	if (!g_at(g, '"'))
		return false;
	for (g->i++; g->i < g->len; g->i++) {
		unsigned char c = (unsigned char)g->s[g->i];
		long u;

		if (c == '"') {
			g->i++;
			return true;
		}
		if (c < 0x20)
			return false;
		if (c != '\\')
			continue;
		if (++g->i >= g->len)
			return false;
		if (g->s[g->i] && strchr("\"\\/bfnrt", g->s[g->i]))
			continue;
		if (g->s[g->i] != 'u')
			return false;
		g->i++;
		u = g_hex4(g);
		if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF))
			return false;
		if (u >= 0xD800 && u <= 0xDBFF) {
			if (!g_at(g, '\\') || g->i + 1 >= g->len ||
			    g->s[g->i + 1] != 'u')
				return false;
			g->i += 2;
			u = g_hex4(g);
			if (u < 0xDC00 || u > 0xDFFF)
				return false;
		}
		g->i--;
	}
	return false;
}

static bool g_word(struct grammar *g, const char *w)
{
	size_t n = strlen(w);

	if (g->len - g->i < n || memcmp(g->s + g->i, w, n))
		return false;
	g->i += n;
	return true;
}

/* One value, nested at most depth levels more. */
static bool g_value(struct grammar *g, int depth)
{
	bool object;

	if (g_at(g, '"'))
		return g_string(g);
	if (g_at(g, 't'))
		return g_word(g, "true");
	if (g_at(g, 'f'))
		return g_word(g, "false");
	if (g_at(g, 'n'))
		return g_word(g, "null");
	if (!g_at(g, '{') && !g_at(g, '['))
		return g_number(g);
	if (depth == 0)
		return false;
	object = g_at(g, '{');
	g->i++;
	g_space(g);
	if (g_at(g, object ? '}' : ']')) {
		g->i++;
		return true;
	}
	for (;;) {
		if (object) {
			if (!g_string(g))
				return false;
			g_space(g);
			if (!g_at(g, ':'))
				return false;
			g->i++;
			g_space(g);
		}
		if (!g_value(g, depth - 1))
			return false;
		g_space(g);
		if (g_at(g, object ? '}' : ']')) {
			g->i++;
			return true;
		}
		if (!g_at(g, ','))
			return false;
		g->i++;
		g_space(g);
	}
}

/* Whether text holds one JSON object or array, as jansson would read
 * it with JSON_DISABLE_EOF_CHECK (anything may follow it). */
static bool json_grammar_accepts(const char *text, size_t len)
{
	struct grammar g = { text, len, 0 };

	g_space(&g);
	if (!g_at(&g, '{') && !g_at(&g, '['))
		return false;
	return g_value(&g, JSON_PARSER_MAX_DEPTH);
}

/* Whether jansson's failure to parse text was for want of memory. */
static bool parse_ran_out(const json_error_t *jerr, const char *text,
			  size_t len)
{
	switch (json_error_code(jerr)) {
	case json_error_out_of_memory:
		return true;
	case json_error_unknown:
	case json_error_invalid_syntax:
	case json_error_premature_end_of_input:
	case json_error_end_of_input_expected:
		return json_grammar_accepts(text, len);
	default:
		return false;
	}
}

/* Line and column of byte offset off, counting from the reader's
 * current position. */
static void locate(const struct cdok_reader *r, size_t off, int *line,
		   int *col)
{
	int ln = r->line;
	size_t ls = r->line_start;

	for (size_t i = r->pos; i < off && i < r->len; i++)
		if (r->text[i] == '\n') {
			ln++;
			ls = i + 1;
		}
	*line = ln;
	*col = (int)(off - ls) + 1;
}

/* Move the reader to byte offset off. */
static void advance(struct cdok_reader *r, size_t off)
{
	for (size_t i = r->pos; i < off; i++)
		if (r->text[i] == '\n') {
			r->line++;
			r->line_start = i + 1;
		}
	r->pos = off;
}

static cdok_status next_in_array(struct json_state *s,
				 cdok_json_object_fn fn, cdok_puzzle **out,
				 cdok_error *err)
{
	struct cdok_json_doc d;

	d.line = s->line;
	d.column = s->column;
	snprintf(d.where, sizeof(d.where), "puzzle %zu of the array: ",
		 s->next + 1);
	return fn(&d, json_array_get(s->array, s->next++), out, err);
}

cdok_status cdki_json_read_stream(struct cdok_reader *r,
				  cdok_json_object_fn fn,
				  cdok_json_direct_fn direct, cdok_puzzle **out,
				  cdok_error *err)
{
	struct json_state *s = r->state;
	json_error_t jerr;
	json_t *doc;
	struct cdok_json_doc d;
	size_t i;
	cdok_status st;

	if (s && s->array) {
		if (s->next < json_array_size(s->array))
			return next_in_array(s, fn, out, err);
		json_decref(s->array);
		s->array = NULL;
	}
	for (;;) {
		i = r->pos;
		while (i < r->len && (cdki_text_is_blank(r->text[i]) ||
				      r->text[i] == '\n' || r->text[i] == '\r'))
			i++;
		advance(r, i);
		if (i >= r->len) {
			if (r->index > 0)
				return CDOK_END;
			return cdki_fail(err, CDOK_ERR_SYNTAX, r->line,
					 (int)(i - r->line_start) + 1,
					 r->len == 0 ? "no JSON document "
					 "found: the input is empty" :
					 "no JSON document found: the input "
					 "holds only white space");
		}
		if (direct) {
			size_t used;

			if (direct(r->text + i, r->len - i, &used, out)) {
				advance(r, i + used);
				return CDOK_OK;
			}
		}
		d.line = r->line;
		d.column = (int)(i - r->line_start) + 1;
		d.where[0] = '\0';
		/* jansson leaves the error's code unset when it fails
		 * early: 0 is json_error_unknown. */
		memset(&jerr, 0, sizeof(jerr));
		doc = json_loadb(r->text + i, r->len - i,
				 JSON_DISABLE_EOF_CHECK |
				 JSON_REJECT_DUPLICATES, &jerr);
		if (!doc) {
			int line, col;
			size_t at = i + (jerr.position > 0 ?
					 (size_t)jerr.position - 1 : 0);

			if (parse_ran_out(&jerr, r->text + i, r->len - i))
				return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
						 "out of memory");

			/* jansson reports the position just past the
			 * token it stumbled on. */
			locate(r, at < r->len ? at : r->len, &line, &col);
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "JSON: %s", jerr.text);
		}
		advance(r, i + (size_t)jerr.position);
		if (!json_is_array(doc)) {
			st = fn(&d, doc, out, err);
			json_decref(doc);
			return st;
		}
		if (json_array_size(doc) == 0) {
			/* An empty array is a stream of no puzzles. */
			json_decref(doc);
			continue;
		}
		if (!s) {
			s = cdok_calloc(1, sizeof(*s));
			if (!s) {
				json_decref(doc);
				return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
						 "out of memory");
			}
			r->state = s;
			r->free_state = json_state_free;
		}
		s->array = doc;
		s->next = 0;
		s->line = d.line;
		s->column = d.column;
		return next_in_array(s, fn, out, err);
	}
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

/* ------------------------------------------------------------------ */
/* Building documents                                                  */

/* jansson reports running out of memory as NULL from every
 * constructor; these keep the building code free of checks, and the
 * one flag is looked at when the document is done. */
struct builder {
	bool failed;
};

static json_t *chk(struct builder *b, json_t *v)
{
	if (!v)
		b->failed = true;
	return v;
}

/* json_object_set_new and json_array_append_new take v in every case:
 * when they fail (a NULL object or array among them) they have freed it
 * already, so it must not be freed again here. */
static void set(struct builder *b, json_t *obj, const char *key, json_t *v)
{
	if (json_object_set_new(obj, key, v))
		b->failed = true;
}

static void append(struct builder *b, json_t *arr, json_t *v)
{
	if (json_array_append_new(arr, v))
		b->failed = true;
}

static json_t *pair(struct builder *b, int n, int cell)
{
	json_t *a = chk(b, json_array());

	append(b, a, chk(b, json_integer(cell / n)));
	append(b, a, chk(b, json_integer(cell % n)));
	return a;
}

/* A grid as rows of values. */
/* Rows of values; an empty cell (CDOK_NONE) is null. */
static json_t *grid_rows(struct builder *b, int n, const int *values)
{
	json_t *rows = chk(b, json_array());

	for (int y = 0; y < n; y++) {
		json_t *row = chk(b, json_array());

		for (int x = 0; x < n; x++) {
			int v = values[y * n + x];

			append(b, row, chk(b, v == CDOK_NONE ? json_null()
							     : json_integer(v)));
		}
		append(b, rows, row);
	}
	return rows;
}

static json_t *op_string(struct builder *b, cdok_op op)
{
	char s[2] = {(char)op, '\0'};

	return chk(b, json_string(s));
}

static json_t *puzzle_object(struct builder *b, const cdok_puzzle *p,
			     const int *values)
{
	json_t *o = chk(b, json_object());
	json_t *cages = chk(b, json_array());
	json_t *givens = chk(b, json_array());
	int n = p->size;

	set(b, o, "format", chk(b, json_string(PUZZLE_FORMAT)));
	set(b, o, "version", chk(b, json_integer(JSON_VERSION)));
	set(b, o, "size", chk(b, json_integer(n)));
	if (p->box_rows) {
		json_t *boxes = chk(b, json_array());

		append(b, boxes, chk(b, json_integer(p->box_rows)));
		append(b, boxes, chk(b, json_integer(p->box_cols)));
		set(b, o, "boxes", boxes);
	}
	if (cdok_is_nylimb(p))
		set(b, o, "nylimb", chk(b, json_true()));
	if (p->rules & CDOK_RULE_TWO_CELL)
		set(b, o, "two_cell", chk(b, json_true()));
	for (int k = 0; k < p->ncages; k++) {
		const struct cdok_cage *c = &p->cages[k];
		json_t *co = chk(b, json_object());
		json_t *cells = chk(b, json_array());

		if (c->label[0])
			set(b, co, "label", chk(b, json_string(c->label)));
		set(b, co, "op", op_string(b, c->op));
		set(b, co, "target", chk(b, json_integer(c->target)));
		if (c->distinct)
			set(b, co, "distinct", chk(b, json_true()));
		for (int i = 0; i < c->ncells; i++)
			append(b, cells, pair(b, n, c->cells[i]));
		set(b, co, "cells", cells);
		append(b, cages, co);
	}
	set(b, o, "cages", cages);
	for (int cell = 0; cell < n * n; cell++) {
		json_t *g;

		if (!cdok_has_given(p, cell))
			continue;
		g = pair(b, n, cell);
		append(b, g, chk(b, json_integer(p->given[cell])));
		append(b, givens, g);
	}
	set(b, o, "givens", givens);
	if (values)
		set(b, o, "solution", grid_rows(b, n, values));
	return o;
}

/* ---- Layout ----
 *
 * jansson's indented output puts every number of every [row, column]
 * pair on a line of its own.  The layout here is meant for people:
 * objects that are not inside an array get one member per line; an array
 * of arrays or objects gets one element per line; everything inside an
 * array element stays on one line. */

static int dump_to_strbuf(const char *buf, size_t size, void *data)
{
	struct strbuf *sb = data;

	sb_putn(sb, buf, size);
	return sb->failed ? -1 : 0;
}

/* jansson's json_dumps can lose a key when an allocation fails inside
 * it and still return the text (2.14 does), so the text goes straight
 * into the caller's buffer, whose failures are never lost. */
static void dump_inline(struct builder *b, struct strbuf *sb, const json_t *v,
			size_t flags)
{
	if (json_dump_callback(v, dump_to_strbuf, sb, flags | JSON_ENCODE_ANY))
		b->failed = true;
}

#define INLINE_FLAGS (JSON_INDENT(0) | JSON_REAL_PRECISION(6))

static void dump_pretty(struct builder *b, struct strbuf *sb,
			const json_t *v, int indent)
{
	if (json_is_object(v) && json_object_size(v) > 0) {
		const char *key;
		json_t *member;
		size_t left = json_object_size(v);

		sb_puts(sb, "{\n");
		json_object_foreach((json_t *)v, key, member) {
			json_t *k = json_string(key);

			cdki_sb_repeat(sb, " ", indent + 2);
			if (!k)
				b->failed = true;
			else
				dump_inline(b, sb, k, INLINE_FLAGS);
			json_decref(k);
			sb_puts(sb, ": ");
			dump_pretty(b, sb, member, indent + 2);
			sb_puts(sb, --left ? ",\n" : "\n");
		}
		cdki_sb_repeat(sb, " ", indent);
		sb_putc(sb, '}');
		return;
	}
	if (json_is_array(v) && json_array_size(v) > 0) {
		bool nested = false;
		size_t i;
		json_t *e;

		json_array_foreach(v, i, e)
			if (json_is_array(e) || json_is_object(e))
				nested = true;
		if (nested) {
			sb_puts(sb, "[\n");
			json_array_foreach(v, i, e) {
				cdki_sb_repeat(sb, " ", indent + 2);
				dump_inline(b, sb, e, INLINE_FLAGS);
				sb_puts(sb, i + 1 < json_array_size(v) ?
					",\n" : "\n");
			}
			cdki_sb_repeat(sb, " ", indent);
			sb_putc(sb, ']');
			return;
		}
	}
	dump_inline(b, sb, v, INLINE_FLAGS);
}

/* Append doc to sb (no final newline) and release it. */
static cdok_status emit(struct builder *b, struct strbuf *sb, json_t *doc,
			unsigned flags, cdok_error *err)
{
	if (!b->failed) {
		if (flags & CDOK_WRITER_COMPACT)
			dump_inline(b, sb, doc, JSON_COMPACT |
				    JSON_REAL_PRECISION(6));
		else
			dump_pretty(b, sb, doc, 0);
	}
	json_decref(doc);
	if (b->failed || sb->failed)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	return CDOK_OK;
}

static cdok_status check_values(const cdok_puzzle *p, const int *values,
				cdok_error *err)
{
	int n = p->size;

	for (int cell = 0; values && cell < n * n; cell++)
		if (values[cell] < 0 && values[cell] != CDOK_NONE)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cell at row %d, column %d has the "
					 "negative value %d", cell / n + 1,
					 cell % n + 1, values[cell]);
	return CDOK_OK;
}

cdok_status cdki_json_put(struct cdok_writer *w, struct strbuf *sb,
			  const cdok_puzzle *p, const int *values,
			  cdok_error *err)
{
	struct builder b = {false};
	cdok_status st = check_values(p, values, err);

	if (st != CDOK_OK)
		return st;
	if (w->flags & CDOK_WRITER_ARRAY)
		sb_puts(sb, w->items == 0 ? "[\n" : ",\n");
	st = emit(&b, sb, puzzle_object(&b, p, values), w->flags, err);
	if (st == CDOK_OK && !(w->flags & CDOK_WRITER_ARRAY))
		sb_putc(sb, '\n');
	return st;
}

cdok_status cdki_json_finish(struct cdok_writer *w, struct strbuf *sb,
			     cdok_error *err)
{
	(void)err;
	if (w->flags & CDOK_WRITER_ARRAY)
		sb_puts(sb, w->items == 0 ? "[]\n" : "\n]\n");
	return CDOK_OK;
}

cdok_status cdki_json_write(struct strbuf *sb, const cdok_puzzle *p,
			    const int *values, cdok_error *err)
{
	struct builder b = {false};
	cdok_status st = check_values(p, values, err);

	if (st != CDOK_OK)
		return st;
	st = emit(&b, sb, puzzle_object(&b, p, values), 0, err);
	if (st == CDOK_OK)
		sb_putc(sb, '\n');
	return st;
}

/* ------------------------------------------------------------------ */
/* Result documents                                                    */

void cdok_json_info_init(cdok_json_info *info)
{
	memset(info, 0, sizeof(*info));
}

static const char *problem_kind(cdok_problem_kind k)
{
	switch (k) {
	case CDOK_PROBLEM_VALUE:
		return "value";
	case CDOK_PROBLEM_GIVEN:
		return "given";
	case CDOK_PROBLEM_ROW:
		return "row";
	case CDOK_PROBLEM_COLUMN:
		return "column";
	case CDOK_PROBLEM_CAGE:
		return "cage";
	case CDOK_PROBLEM_BOX:
		return "box";
	case CDOK_PROBLEM_CAGE_REPEAT:
		return "cage-repeat";
	case CDOK_PROBLEM_DIGIT:
		return "digit";
	case CDOK_PROBLEM_TWO_DIGIT:
		return "two-digit";
	case CDOK_PROBLEM_WRONG:
		return "wrong";
	}
	return "unknown";
}

static json_t *problem_object(struct builder *b, const cdok_puzzle *p,
			      const cdok_problem *pr)
{
	json_t *o = chk(b, json_object());
	char msg[256];

	set(b, o, "kind", chk(b, json_string(problem_kind(pr->kind))));
	switch (pr->kind) {
	case CDOK_PROBLEM_VALUE:
	case CDOK_PROBLEM_GIVEN:
	case CDOK_PROBLEM_WRONG:
		set(b, o, "row", chk(b, json_integer(pr->row)));
		set(b, o, "column", chk(b, json_integer(pr->column)));
		if (pr->kind == CDOK_PROBLEM_GIVEN)
			set(b, o, "given", chk(b, json_integer(pr->given)));
		set(b, o, "value", chk(b, json_integer(pr->value)));
		break;
	case CDOK_PROBLEM_ROW:
	case CDOK_PROBLEM_COLUMN: {
		json_t *where = chk(b, json_array());
		bool row = pr->kind == CDOK_PROBLEM_ROW;

		set(b, o, row ? "row" : "column",
		    chk(b, json_integer(row ? pr->row : pr->column)));
		set(b, o, "value", chk(b, json_integer(pr->value)));
		for (int i = 0; i < 64; i++)
			if (pr->where & ((uint64_t)1 << i))
				append(b, where, chk(b, json_integer(i)));
		set(b, o, row ? "columns" : "rows", where);
		break;
	}
	case CDOK_PROBLEM_DIGIT:
	case CDOK_PROBLEM_TWO_DIGIT: {
		json_t *where = chk(b, json_array());
		bool row = pr->row >= 0;

		set(b, o, row ? "row" : "column",
		    chk(b, json_integer(row ? pr->row : pr->column)));
		if (pr->kind == CDOK_PROBLEM_DIGIT) {
			set(b, o, "digit", chk(b, json_integer(pr->value)));
			set(b, o, "count", chk(b, json_integer(pr->got)));
		}
		for (int i = 0; i < 64; i++)
			if (pr->where & ((uint64_t)1 << i))
				append(b, where, chk(b, json_integer(i)));
		set(b, o, row ? "columns" : "rows", where);
		break;
	}
	case CDOK_PROBLEM_CAGE: {
		const struct cdok_cage *c = &p->cages[pr->cage];

		set(b, o, "cage", chk(b, json_integer(pr->cage)));
		if (c->label[0])
			set(b, o, "label", chk(b, json_string(c->label)));
		set(b, o, "row", chk(b, json_integer(pr->row)));
		set(b, o, "column", chk(b, json_integer(pr->column)));
		set(b, o, "op", op_string(b, c->op));
		set(b, o, "target", chk(b, json_integer(c->target)));
		set(b, o, "got", chk(b, json_integer(pr->got)));
		if (pr->got_den != 1)
			set(b, o, "got_den", chk(b, json_integer(pr->got_den)));
		if (pr->overflow)
			set(b, o, "overflow", chk(b, json_true()));
		break;
	}
	case CDOK_PROBLEM_BOX: {
		/* A box problem comes from a puzzle with boxes; the 1s
		 * only keep a stray one from dividing by zero. */
		int n = p->size, br = p->box_rows ? p->box_rows : 1;
		int bc = p->box_cols ? p->box_cols : 1;
		int box = pr->row / br * (n / bc) + pr->column / bc;
		json_t *cells = chk(b, json_array());

		set(b, o, "box", chk(b, json_integer(box)));
		set(b, o, "row", chk(b, json_integer(pr->row)));
		set(b, o, "column", chk(b, json_integer(pr->column)));
		set(b, o, "value", chk(b, json_integer(pr->value)));
		for (int i = 0; i < n && i < 64; i++)
			if (pr->where & ((uint64_t)1 << i))
				append(b, cells, pair(b, n, (pr->row + i / bc) *
						      n + pr->column + i % bc));
		set(b, o, "cells", cells);
		break;
	}
	case CDOK_PROBLEM_CAGE_REPEAT: {
		const struct cdok_cage *c = &p->cages[pr->cage];
		json_t *cells = chk(b, json_array());

		set(b, o, "cage", chk(b, json_integer(pr->cage)));
		if (c->label[0])
			set(b, o, "label", chk(b, json_string(c->label)));
		set(b, o, "row", chk(b, json_integer(pr->row)));
		set(b, o, "column", chk(b, json_integer(pr->column)));
		set(b, o, "value", chk(b, json_integer(pr->value)));
		set(b, o, "count", chk(b, json_integer(pr->got)));
		for (int i = 0; i < c->ncells && i < 64; i++)
			if (pr->where & ((uint64_t)1 << i))
				append(b, cells, pair(b, p->size, c->cells[i]));
		set(b, o, "cells", cells);
		break;
	}
	}
	cdok_problem_describe(pr, p, msg, sizeof(msg));
	set(b, o, "message", chk(b, json_string(msg)));
	return o;
}

cdok_status cdok_json_result(const cdok_puzzle *p, const cdok_json_info *in,
			     char **out, size_t *len, cdok_error *err)
{
	struct builder b = {false};
	struct strbuf sb;
	json_t *o;
	cdok_status st;

	*out = NULL;
	if (len)
		*len = 0;
	if (!in)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "no information "
				 "to write");
	if (!p && (!in->omit_puzzle || in->nsolutions || in->candidate ||
		   in->nproblems))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "a result with "
				 "a puzzle, solutions or a check needs the "
				 "puzzle");
	o = chk(&b, json_object());
	set(&b, o, "format", chk(&b, json_string(RESULT_FORMAT)));
	set(&b, o, "version", chk(&b, json_integer(RESULT_VERSION)));
	if (in->command)
		set(&b, o, "command", chk(&b, json_string(in->command)));
	if (in->source)
		set(&b, o, "source", chk(&b, json_string(in->source)));
	if (in->index > 0)
		set(&b, o, "index", chk(&b, json_integer(in->index)));
	if (in->has_seed) {
		char seed[24];

		/* As a string: a 64-bit seed does not fit JSON numbers
		 * as most programs read them. */
		snprintf(seed, sizeof(seed), "%" PRIu64, in->seed);
		set(&b, o, "seed", chk(&b, json_string(seed)));
	}
	if (!in->omit_puzzle)
		set(&b, o, "puzzle", puzzle_object(&b, p, NULL));
	if (in->result) {
		const cdok_result *r = in->result;
		const char *v = cdok_verdict_name(cdki_verdict_of(r));

		set(&b, o, "verdict", chk(&b, json_string(v)));
		set(&b, o, "count", chk(&b, json_integer((json_int_t)
							  r->count)));
		set(&b, o, "complete", chk(&b, json_boolean(r->complete)));
		set(&b, o, "nodes", chk(&b, json_integer((json_int_t)
							  r->nodes)));
		set(&b, o, "branches", chk(&b, json_integer((json_int_t)
							     r->branches)));
		if (!strcmp(v, "unique") && in->grading &&
		    in->grading->outcome == CDOK_GRADE_LEVEL)
			set(&b, o, "difficulty", chk(&b, json_integer(
				(json_int_t)in->grading->difficulty)));
		if (!strcmp(v, "unique"))
			set(&b, o, "search_score", chk(&b, json_integer(
				(json_int_t)r->search_score)));
		if (r->reason[0])
			set(&b, o, "reason", chk(&b, json_string(r->reason)));
	}
	if (in->grading)
		set(&b, o, "grade", chk(&b, cdki_json_grade_object(
						in->grading)));
	if (in->hint) {
		set(&b, o, "hint", chk(&b, json_string(in->hint)));
		if (in->steps && in->nsteps > 0)
			set(&b, o, "step", chk(&b, cdki_json_step_object(
						       p, &in->steps[0])));
	} else if (in->steps) {
		json_t *steps = chk(&b, json_array());

		for (int i = 0; i < in->nsteps; i++)
			append(&b, steps, chk(&b, cdki_json_step_object(
						      p, &in->steps[i])));
		set(&b, o, "steps", steps);
	}
	if (in->solutions) {
		json_t *sols = chk(&b, json_array());

		for (size_t i = 0; i < in->nsolutions; i++)
			append(&b, sols, grid_rows(&b, p->size,
						   in->solutions[i]));
		set(&b, o, "solutions", sols);
	}
	if (in->candidate) {
		json_t *c = chk(&b, json_object());
		json_t *probs = chk(&b, json_array());

		set(&b, c, "correct", chk(&b, json_boolean(in->nproblems ==
							    0)));
		set(&b, c, "grid", grid_rows(&b, p->size, in->candidate));
		for (int i = 0; i < in->nproblems; i++)
			append(&b, probs, problem_object(&b, p,
							 &in->problems[i]));
		set(&b, c, "problems", probs);
		set(&b, o, "check", c);
	}
	if (in->timings) {
		json_t *t = chk(&b, json_object());

		for (size_t i = 0; i < in->ntimings; i++) {
			double sec = in->timings[i].seconds;

			/* JSON has no NaN or infinity. */
			set(&b, t, in->timings[i].name ? in->timings[i].name
			    : "", chk(&b, isfinite(sec) ? json_real(sec) :
				      json_null()));
		}
		set(&b, o, "timings", t);
	}
	cdki_sb_init(&sb);
	st = emit(&b, &sb, o, in->flags, err);
	if (st == CDOK_OK)
		sb_putc(&sb, '\n');
	if (st == CDOK_OK && sb.failed)
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (st != CDOK_OK) {
		cdki_sb_free(&sb);
		return st;
	}
	*out = sb.data;
	if (len)
		*len = sb.len;
	return CDOK_OK;
}
