/* json_write.c -- writing cdok's own JSON: the puzzle document
 * ("format": "cdok-puzzle") of the json format, and the result document
 * ("cdok-result") that commands print for programs (cdok_json_result).
 * doc/FORMAT.md gives the schema.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json/json.h"
#include "json/json_levels.h"

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
	if (cdki_has_diagonals(p))
		set(b, o, "diagonals", chk(b, json_true()));
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
	case CDOK_PROBLEM_DIAGONAL:
		return "diagonal";
	}
	return "unknown";
}

/* A problem on one line of the grid (a row when row, else a column):
 * the line, what is wrong on it, and the cells across it where. */
static void line_problem(struct builder *b, json_t *o, const cdok_problem *pr,
			 bool row)
{
	json_t *where = chk(b, json_array());

	set(b, o, row ? "row" : "column",
	    chk(b, json_integer(row ? pr->row : pr->column)));
	if (pr->kind == CDOK_PROBLEM_ROW || pr->kind == CDOK_PROBLEM_COLUMN)
		set(b, o, "value", chk(b, json_integer(pr->value)));
	if (pr->kind == CDOK_PROBLEM_DIGIT) {
		set(b, o, "digit", chk(b, json_integer(pr->value)));
		set(b, o, "count", chk(b, json_integer(pr->got)));
	}
	for (int i = 0; i < 64; i++)
		if (pr->where & ((uint64_t)1 << i))
			append(b, where, chk(b, json_integer(i)));
	set(b, o, row ? "columns" : "rows", where);
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
	case CDOK_PROBLEM_COLUMN:
		line_problem(b, o, pr, pr->kind == CDOK_PROBLEM_ROW);
		break;
	case CDOK_PROBLEM_DIGIT:
	case CDOK_PROBLEM_TWO_DIGIT:
		line_problem(b, o, pr, pr->row >= 0);
		break;
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
		/* A box problem comes from a puzzle with boxes, and names
		 * the box's first cell; a stray one without boxes names no
		 * cells. */
		int n = p->size;
		int box = cdki_box_of(p, pr->row * n + pr->column);
		json_t *cells = chk(b, json_array());

		set(b, o, "box", chk(b, json_integer(box)));
		set(b, o, "row", chk(b, json_integer(pr->row)));
		set(b, o, "column", chk(b, json_integer(pr->column)));
		set(b, o, "value", chk(b, json_integer(pr->value)));
		for (int i = 0; box >= 0 && i < n && i < 64; i++)
			if (pr->where & ((uint64_t)1 << i))
				append(b, cells, pair(b, n, cdki_box_cell(n,
						      p->box_rows, p->box_cols,
						      box, i)));
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
	case CDOK_PROBLEM_DIAGONAL: {
		/* "diagonal" 0 runs from the top left, 1 from the top
		 * right (units 3n and 3n + 1); cells as a box's. */
		int n = p->size, u = pr->column == 0 ? 3 * n : 3 * n + 1;
		json_t *cells = chk(b, json_array());

		set(b, o, "diagonal", chk(b, json_integer(u - 3 * n)));
		set(b, o, "row", chk(b, json_integer(pr->row)));
		set(b, o, "column", chk(b, json_integer(pr->column)));
		set(b, o, "value", chk(b, json_integer(pr->value)));
		for (int i = 0; i < n && i < 64; i++)
			if (pr->where & ((uint64_t)1 << i))
				append(b, cells, pair(b, n,
						      cdki_diagonal_cell(n, u,
									 i)));
		set(b, o, "cells", cells);
		break;
	}
	}
	cdok_problem_describe(pr, p, msg, sizeof(msg));
	set(b, o, "message", chk(b, json_string(msg)));
	return o;
}

/* What a result document says first: where it comes from, and the
 * puzzle. */
static void result_head(struct builder *b, json_t *o, const cdok_puzzle *p,
			const cdok_json_info *in)
{
	set(b, o, "format", chk(b, json_string(RESULT_FORMAT)));
	set(b, o, "version", chk(b, json_integer(RESULT_VERSION)));
	if (in->command)
		set(b, o, "command", chk(b, json_string(in->command)));
	if (in->source)
		set(b, o, "source", chk(b, json_string(in->source)));
	if (in->index > 0)
		set(b, o, "index", chk(b, json_integer(in->index)));
	if (in->has_seed) {
		char seed[24];

		/* As a string: a 64-bit seed does not fit JSON numbers
		 * as most programs read them. */
		snprintf(seed, sizeof(seed), "%" PRIu64, in->seed);
		set(b, o, "seed", chk(b, json_string(seed)));
	}
	if (!in->omit_puzzle)
		set(b, o, "puzzle", puzzle_object(b, p, NULL));
}

/* The solver's verdict and its counts. */
static void result_verdict(struct builder *b, json_t *o,
			   const cdok_json_info *in)
{
	const cdok_result *r = in->result;
	const char *v = cdok_verdict_name(cdki_verdict_of(r));

	set(b, o, "verdict", chk(b, json_string(v)));
	set(b, o, "count", chk(b, json_integer((json_int_t)r->count)));
	set(b, o, "complete", chk(b, json_boolean(r->complete)));
	set(b, o, "nodes", chk(b, json_integer((json_int_t)r->nodes)));
	set(b, o, "branches", chk(b, json_integer((json_int_t)r->branches)));
	if (!strcmp(v, "unique") && in->grading &&
	    in->grading->outcome == CDOK_GRADE_LEVEL)
		set(b, o, "difficulty", chk(b, json_integer(
			(json_int_t)in->grading->difficulty)));
	if (!strcmp(v, "unique"))
		set(b, o, "search_score", chk(b, json_integer(
			(json_int_t)r->search_score)));
	if (r->reason[0])
		set(b, o, "reason", chk(b, json_string(r->reason)));
}

/* The grade, and the hint with its step or the steps of a solution. */
static void result_steps(struct builder *b, json_t *o, const cdok_puzzle *p,
			 const cdok_json_info *in)
{
	if (in->grading)
		set(b, o, "grade", chk(b, cdki_json_grade_object(in->grading)));
	if (in->hint) {
		set(b, o, "hint", chk(b, json_string(in->hint)));
		if (in->steps && in->nsteps > 0)
			set(b, o, "step", chk(b, cdki_json_step_object(
						      p, &in->steps[0])));
	} else if (in->steps) {
		json_t *steps = chk(b, json_array());

		for (int i = 0; i < in->nsteps; i++)
			append(b, steps, chk(b, cdki_json_step_object(
						     p, &in->steps[i])));
		set(b, o, "steps", steps);
	}
}

/* The solutions, and the check of a candidate grid. */
static void result_grids(struct builder *b, json_t *o, const cdok_puzzle *p,
			 const cdok_json_info *in)
{
	if (in->solutions) {
		json_t *sols = chk(b, json_array());

		for (size_t i = 0; i < in->nsolutions; i++)
			append(b, sols, grid_rows(b, p->size,
						  in->solutions[i]));
		set(b, o, "solutions", sols);
	}
	if (in->candidate) {
		json_t *c = chk(b, json_object());
		json_t *probs = chk(b, json_array());

		set(b, c, "correct", chk(b, json_boolean(in->nproblems == 0)));
		set(b, c, "grid", grid_rows(b, p->size, in->candidate));
		for (int i = 0; i < in->nproblems; i++)
			append(b, probs, problem_object(b, p,
							&in->problems[i]));
		set(b, c, "problems", probs);
		set(b, o, "check", c);
	}
}

/* The named timings, in seconds. */
static void result_timings(struct builder *b, json_t *o,
			   const cdok_json_info *in)
{
	json_t *t = chk(b, json_object());

	for (size_t i = 0; i < in->ntimings; i++) {
		double sec = in->timings[i].seconds;

		/* JSON has no NaN or infinity. */
		set(b, t, in->timings[i].name ? in->timings[i].name : "",
		    chk(b, isfinite(sec) ? json_real(sec) : json_null()));
	}
	set(b, o, "timings", t);
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
	result_head(&b, o, p, in);
	if (in->result)
		result_verdict(&b, o, in);
	result_steps(&b, o, p, in);
	result_grids(&b, o, p, in);
	if (in->timings)
		result_timings(&b, o, in);
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
