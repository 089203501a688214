/* json_levels.c -- grades and steps as JSON (json_levels.h).
 *
 *   "grade": {"scale": "calcudoku", "outcome": "level", "level": "hard",
 *             "code": "h", "score": 412, "difficulty": 30412,
 *             "steps": 130, "techniques": {"naked-single": 40, ...}}
 *   step:    {"technique": "hidden-single", "level": "easy",
 *             "cells": [[2, 3]], "placed": [[2, 3, 5]],
 *             "removed": [[2, 7, 5], ...], "text": "...",
 *             "reasons": [{"removed": [2, 7, 5], "kind": "sees",
 *                          "cell": [2, 3], "value": 5, "unit": 2,
 *                          "text": "..."}, ...]}
 *
 * Rows and columns count from 0, as everywhere in cdok's JSON; the text
 * counts from 1, for people.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "json/json_levels.h"

/* Building with one failure flag, as json_write.c does. */
static json_t *chk(bool *failed, json_t *v)
{
	if (!v)
		*failed = true;
	return v;
}

static void set(bool *failed, json_t *o, const char *key, json_t *v)
{
	if (!o || !v || json_object_set_new(o, key, v)) {
		json_decref(v);
		*failed = true;
	}
}

static void append(bool *failed, json_t *a, json_t *v)
{
	if (!a || !v || json_array_append_new(a, v)) {
		json_decref(v);
		*failed = true;
	}
}

static const char *scale_word(cdok_scale scale)
{
	return scale == CDOK_SCALE_CALCUDOKU ? "calcudoku" :
	       scale == CDOK_SCALE_KILLER ? "killer" : "none";
}

static const char *outcome_word(cdok_grade_outcome o)
{
	switch (o) {
	case CDOK_GRADE_LEVEL:
		return "level";
	case CDOK_GRADE_ABOVE:
		return "above";
	case CDOK_GRADE_AMBIGUOUS:
		return "ambiguous";
	case CDOK_GRADE_IMPOSSIBLE:
		return "impossible";
	case CDOK_GRADE_UNGRADED:
		return "ungraded";
	case CDOK_GRADE_GAVE_UP:
		return "gave-up";
	}
	return "unknown";
}

/* A level's name in lower case, as --level takes it. */
static json_t *level_string(cdok_scale scale, int level)
{
	const char *name = cdok_level_name(scale, level);
	char buf[32];
	size_t i;

	if (!name)
		return json_null();
	for (i = 0; name[i] && i + 1 < sizeof(buf); i++)
		buf[i] = (char)tolower((unsigned char)name[i]);
	buf[i] = '\0';
	return json_string(buf);
}

json_t *cdki_json_grade_object(const cdok_grading *g)
{
	bool failed = false;
	json_t *o = chk(&failed, json_object());

	set(&failed, o, "scale", chk(&failed, json_string(scale_word(g->scale))));
	set(&failed, o, "outcome",
	    chk(&failed, json_string(outcome_word(g->outcome))));
	if (g->outcome == CDOK_GRADE_LEVEL || g->outcome == CDOK_GRADE_ABOVE) {
		char code[2] = { cdok_level_code(g->scale, g->level), '\0' };

		set(&failed, o, "level",
		    chk(&failed, level_string(g->scale, g->level)));
		set(&failed, o, "code", chk(&failed, code[0] ?
					    json_string(code) : json_null()));
	}
	if (g->outcome == CDOK_GRADE_LEVEL) {
		json_t *t = chk(&failed, json_object());

		set(&failed, o, "score", chk(&failed, json_integer(g->score)));
		set(&failed, o, "difficulty", chk(&failed,
		    json_integer((json_int_t)g->difficulty)));
		set(&failed, o, "steps", chk(&failed, json_integer(g->steps)));
		for (int i = 0; i < cdok_technique_count(); i++)
			if (g->counts[i])
				set(&failed, t, cdok_technique_name(i),
				    chk(&failed, json_integer(g->counts[i])));
		set(&failed, o, "techniques", t);
	}
	if (g->cage_budget_hit)
		set(&failed, o, "cage_budget_hit", chk(&failed, json_true()));
	if (failed) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *cell_array(bool *failed, int n, int cell, int value,
			  bool with_value)
{
	json_t *a = chk(failed, json_array());

	append(failed, a, chk(failed, json_integer(cell / n)));
	append(failed, a, chk(failed, json_integer(cell % n)));
	if (with_value)
		append(failed, a, chk(failed, json_integer(value)));
	return a;
}

static const char *reason_word(int kind)
{
	static const char *const words[] = {
		[CDOK_REASON_SEES] = "sees",
		[CDOK_REASON_SINGLE] = "single",
		[CDOK_REASON_ONLY_PLACE] = "only-place",
		[CDOK_REASON_CAGE] = "cage",
		[CDOK_REASON_SUM] = "sum",
		[CDOK_REASON_CONFINED] = "confined",
		[CDOK_REASON_SUBSET] = "subset",
		[CDOK_REASON_CHAIN] = "chain",
		[CDOK_REASON_TRIAL] = "trial",
	};

	return kind >= 0 && kind <= CDOK_REASON_TRIAL ? words[kind] : "other";
}

/* One reason: {"placed"|"removed": [r, c, v], "kind": ..., what it
 * rests on (cell, value, unit, unit2, cage, sum, values) when set,
 * "text"}.  Units as cdok_step's: rows 0..n-1, then columns, boxes. */
static json_t *reason_object(bool *failed, int n, const cdok_reason *r)
{
	json_t *o = chk(failed, json_object());

	set(failed, o, r->placed ? "placed" : "removed",
	    cell_array(failed, n, r->about.cell, r->about.value, true));
	set(failed, o, "kind", chk(failed, json_string(reason_word(r->kind))));
	if (r->cell >= 0)
		set(failed, o, "cell", cell_array(failed, n, r->cell, 0,
						  false));
	if (r->value > 0)
		set(failed, o, "value", chk(failed, json_integer(r->value)));
	if (r->unit >= 0)
		set(failed, o, "unit", chk(failed, json_integer(r->unit)));
	if (r->unit2 >= 0)
		set(failed, o, "unit2", chk(failed, json_integer(r->unit2)));
	if (r->cage >= 0)
		set(failed, o, "cage", chk(failed, json_integer(r->cage)));
	if (r->sum > 0)
		set(failed, o, "sum", chk(failed, json_integer(r->sum)));
	if (r->values) {
		json_t *a = chk(failed, json_array());

		for (uint64_t b = r->values; b; b &= b - 1)
			append(failed, a, chk(failed, json_integer(
				__builtin_ctzll(b))));
		set(failed, o, "values", a);
	}
	set(failed, o, "text", chk(failed, json_string(r->text ? r->text
								: "")));
	return o;
}

json_t *cdki_json_step_object(const cdok_puzzle *p, const cdok_step *s,
			      const cdok_reason *reasons, int nreasons)
{
	bool failed = false;
	int n = cdok_puzzle_size(p);
	cdok_scale scale = cdok_puzzle_scale(p);
	json_t *o = chk(&failed, json_object());
	json_t *cells = chk(&failed, json_array());
	json_t *placed = chk(&failed, json_array());
	json_t *removed = chk(&failed, json_array());

	set(&failed, o, "technique", chk(&failed, s->technique >= 0 ?
		json_string(cdok_technique_name(s->technique)) :
		json_null()));
	set(&failed, o, "level", chk(&failed, level_string(scale, s->level)));
	for (int i = 0; i < s->ncells; i++)
		append(&failed, cells, cell_array(&failed, n, s->cells[i], 0,
						  false));
	for (int i = 0; i < s->nplaced; i++)
		append(&failed, placed, cell_array(&failed, n,
						   s->placed[i].cell,
						   s->placed[i].value, true));
	for (int i = 0; i < s->nremoved; i++)
		append(&failed, removed, cell_array(&failed, n,
						    s->removed[i].cell,
						    s->removed[i].value, true));
	set(&failed, o, "cells", cells);
	set(&failed, o, "placed", placed);
	set(&failed, o, "removed", removed);
	set(&failed, o, "text", chk(&failed, json_string(s->text ? s->text
								  : "")));
	if (reasons) {
		json_t *a = chk(&failed, json_array());

		for (int i = 0; i < nreasons; i++)
			append(&failed, a, reason_object(&failed, n,
							 &reasons[i]));
		set(&failed, o, "reasons", a);
	}
	/* A brief explanation's groups and marks. */
	if (s->merged > 1)
		set(&failed, o, "merged", chk(&failed,
					      json_integer(s->merged)));
	if (s->sets_level)
		set(&failed, o, "sets_level", chk(&failed, json_true()));
	/* The hint's first two tiers and the cells of its place. */
	if (s->where) {
		json_t *focus = chk(&failed, json_array());

		for (int i = 0; i < s->nfocus; i++)
			append(&failed, focus, cell_array(&failed, n,
							  s->focus[i], 0,
							  false));
		set(&failed, o, "where", chk(&failed,
					     json_string(s->where)));
		set(&failed, o, "what", chk(&failed,
					    json_string(s->what ? s->what
							: "")));
		set(&failed, o, "focus", focus);
	}
	if (failed) {
		json_decref(o);
		return NULL;
	}
	return o;
}
