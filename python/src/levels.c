/* levels.c -- levels, grading, explanations, hints, states of play and
 * the mistake finder (include/cdok.h, "Levels"; doc/LEVELS.md), for
 * cdok/_levels.py.
 *
 * Grades and steps cross to Python as plain tuples of numbers (cells as
 * flat indexes, levels and techniques as the library's numbers); the
 * Python layer names them.  Grading, explaining, hinting and the mistake
 * finder may call the solver, so they run without the GIL, on the
 * call's own copies of the values: a Model never changes, so other
 * threads may use it meanwhile.
 */
#include "pycdok.h"

#include <string.h>

/* ---- from Python ---- */

/* The grader's parameters (max_level, max_nodes), -1 and 0 meaning
 * none. */
static int grade_params(PyObject *level, PyObject *nodes,
			cdok_grade_params *par)
{
	cdok_grade_params_init(par);
	if (pycdok_int(level, &par->max_level) < 0)
		return -1;
	par->max_nodes = PyLong_AsUnsignedLongLong(nodes);
	return PyErr_Occurred() ? -1 : 0;
}

/* Pencil marks: n ints, each a set of values as bits (bit v for value
 * v; 0: not noted). */
static int masks(PyObject *seq, int n, uint64_t *out)
{
	PyObject *fast = PySequence_Fast(seq, "pencil marks must be a "
					 "sequence of ints");
	int rc = 0;

	if (!fast)
		return -1;
	if (PySequence_Fast_GET_SIZE(fast) != n) {
		PyErr_Format(PyExc_ValueError, "the pencil marks have %zd "
			     "cells; the grid has %d",
			     PySequence_Fast_GET_SIZE(fast), n);
		rc = -1;
	}
	for (int i = 0; rc == 0 && i < n; i++) {
		out[i] = PyLong_AsUnsignedLongLong(
			PySequence_Fast_GET_ITEM(fast, i));
		if (PyErr_Occurred())
			rc = -1;
	}
	Py_DECREF(fast);
	return rc;
}

/* A state's values (and, when marks is not None, its pencil marks) into
 * new arrays of size*size; the caller frees both with PyMem_Free. */
static int state_arrays(PyObject *values, PyObject *marks, int size,
			int **v, uint64_t **m)
{
	int n = size * size;

	*v = PyMem_Calloc((size_t)n, sizeof(**v));
	*m = NULL;
	if (!*v) {
		PyErr_NoMemory();
		return -1;
	}
	if (pycdok_values(values, n, *v, "the state") < 0)
		return -1;
	if (marks == Py_None)
		return 0;
	*m = PyMem_Calloc((size_t)n, sizeof(**m));
	if (!*m) {
		PyErr_NoMemory();
		return -1;
	}
	return masks(marks, n, *m);
}

/* ---- to Python ---- */

static PyObject *int_tuple(const int *items, int n)
{
	PyObject *t = PyTuple_New(n);

	for (int i = 0; t && i < n; i++) {
		PyObject *x = PyLong_FromLong(items[i]);

		if (!x)
			Py_CLEAR(t);
		else
			PyTuple_SET_ITEM(t, i, x);
	}
	return t;
}

/* ((cell, value), ...) */
static PyObject *candidate_tuple(const cdok_candidate *items, int n)
{
	PyObject *t = PyTuple_New(n);

	for (int i = 0; t && i < n; i++) {
		PyObject *x = Py_BuildValue("(ii)", items[i].cell,
					    items[i].value);

		if (!x)
			Py_CLEAR(t);
		else
			PyTuple_SET_ITEM(t, i, x);
	}
	return t;
}

/* The reasons of a step: (placed, cell, value, kind, rcell, rvalue,
 * unit, unit2, cage, sum, values, text) each (cdok_reason). */
static PyObject *reason_tuple(const cdok_reason *r, int n)
{
	PyObject *t = PyTuple_New(n);

	for (int i = 0; t && i < n; i++) {
		PyObject *x = Py_BuildValue(
			"(iiiiiiiiiiKs)", r[i].placed, r[i].about.cell,
			r[i].about.value, r[i].kind, r[i].cell, r[i].value,
			r[i].unit, r[i].unit2, r[i].cage, r[i].sum,
			(unsigned long long)r[i].values,
			r[i].text ? r[i].text : "");

		if (!x)
			Py_CLEAR(t);
		else
			PyTuple_SET_ITEM(t, i, x);
	}
	return t;
}

/* (technique, level, cells, placed, removed, text, where, what, focus,
 * merged, sets_level, reasons) */
static PyObject *step_tuple(const cdok_step *s, const cdok_reason *r,
			    int nr)
{
	return Py_BuildValue("(iiNNNsssNiiN)", s->technique, s->level,
			     int_tuple(s->cells, s->ncells),
			     candidate_tuple(s->placed, s->nplaced),
			     candidate_tuple(s->removed, s->nremoved),
			     s->text ? s->text : "",
			     s->where ? s->where : "",
			     s->what ? s->what : "",
			     int_tuple(s->focus, s->nfocus), s->merged,
			     s->sets_level, reason_tuple(r, nr));
}

/* (outcome, scale, level, score, difficulty, steps, counts,
 *  cage_budget_hit), counts holding one int per technique */
static PyObject *grading_tuple(const cdok_grading *g)
{
	return Py_BuildValue("(iiiiKiNO)", (int)g->outcome, (int)g->scale,
			     g->level, g->score,
			     (unsigned long long)g->difficulty, g->steps,
			     int_tuple(g->counts, cdok_technique_count()),
			     g->cage_budget_hit ? Py_True : Py_False);
}

/* A flat list of masks. */
static PyObject *mask_list(const uint64_t *m, int n)
{
	PyObject *list = PyList_New(n);

	for (int i = 0; list && i < n; i++) {
		PyObject *x = PyLong_FromUnsignedLongLong(m[i]);

		if (!x)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, i, x);
	}
	return list;
}

/* A flat list of values, None for an empty cell. */
static PyObject *value_list(const int *v, int n)
{
	PyObject *list = PyList_New(n);

	for (int i = 0; list && i < n; i++) {
		PyObject *x = v[i] == CDOK_NONE || v[i] == 0
				      ? Py_NewRef(Py_None)
				      : PyLong_FromLong(v[i]);

		if (!x)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, i, x);
	}
	return list;
}

/* ---- module functions ---- */

/* levels(scale) -> [(name, code), ...] */
PyObject *pycdok_levels(PyObject *module, PyObject *arg)
{
	int scale, n;
	PyObject *list;

	(void)module;
	if (pycdok_int(arg, &scale) < 0)
		return NULL;
	n = cdok_level_count((cdok_scale)scale);
	list = PyList_New(n);
	for (int i = 0; list && i < n; i++) {
		char code[2] = {cdok_level_code((cdok_scale)scale, i), 0};
		PyObject *x = Py_BuildValue("(ss)",
					    cdok_level_name((cdok_scale)scale, i),
					    code);

		if (!x)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, i, x);
	}
	return list;
}

/* level_find(scale, word) -> int (-1: no such level) */
PyObject *pycdok_level_find(PyObject *module, PyObject *const *args,
			    Py_ssize_t nargs)
{
	const char *word;
	int scale;

	(void)module;
	if (nargs != 2)
		return PyErr_Format(PyExc_TypeError, "level_find() takes 2 "
				    "arguments");
	if (pycdok_int(args[0], &scale) < 0)
		return NULL;
	word = PyUnicode_Check(args[1]) ? PyUnicode_AsUTF8(args[1]) : NULL;
	if (!word) {
		if (!PyErr_Occurred())
			PyErr_SetString(PyExc_TypeError, "a level is named by "
					"a str");
		return NULL;
	}
	return PyLong_FromLong(cdok_level_find((cdok_scale)scale, word));
}

/* techniques() -> [(name, title, calcudoku level, killer level), ...] */
PyObject *pycdok_techniques(PyObject *module, PyObject *unused)
{
	int n = cdok_technique_count();
	PyObject *list = PyList_New(n);

	(void)module;
	(void)unused;
	for (int t = 0; list && t < n; t++) {
		PyObject *x = Py_BuildValue(
			"(ssii)", cdok_technique_name(t),
			cdok_technique_title(t),
			cdok_technique_level(t, CDOK_SCALE_CALCUDOKU),
			cdok_technique_level(t, CDOK_SCALE_KILLER));

		if (!x)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, t, x);
	}
	return list;
}

static int size_arg(cdok_module_state *st, PyObject *arg, int *size)
{
	if (pycdok_int(arg, size) < 0)
		return -1;
	if (*size < 1 || *size > CDOK_MAX_SIZE) {
		pycdok_invalid(st, "a grid's size is 1..%d, not %d",
			       CDOK_MAX_SIZE, *size);
		return -1;
	}
	return 0;
}

/* read_state(data: bytes, size) -> (values, marks), both flat */
PyObject *pycdok_read_state(PyObject *module, PyObject *const *args,
			    Py_ssize_t nargs)
{
	cdok_module_state *st = pycdok_state(module);
	cdok_error err;
	cdok_status status;
	int size, *values = NULL;
	uint64_t *marks = NULL;
	PyObject *out = NULL;

	if (nargs != 2 || !PyBytes_Check(args[0]))
		return PyErr_Format(PyExc_TypeError, "read_state() takes bytes "
				    "and a size");
	if (size_arg(st, args[1], &size) < 0)
		return NULL;
	values = PyMem_Calloc((size_t)(size * size), sizeof(*values));
	marks = PyMem_Calloc((size_t)(size * size), sizeof(*marks));
	if (!values || !marks) {
		PyErr_NoMemory();
		goto done;
	}
	memset(&err, 0, sizeof(err));
	status = cdok_read_state(PyBytes_AS_STRING(args[0]),
				 (size_t)PyBytes_GET_SIZE(args[0]), size,
				 values, marks, &err);
	if (status != CDOK_OK)
		pycdok_raise(st, status, &err);
	else
		out = Py_BuildValue("(NN)", value_list(values, size * size),
				    mask_list(marks, size * size));
done:
	PyMem_Free(values);
	PyMem_Free(marks);
	return out;
}

/* write_state(size, values, marks | None) -> str */
PyObject *pycdok_write_state(PyObject *module, PyObject *const *args,
			     Py_ssize_t nargs)
{
	cdok_module_state *st = pycdok_state(module);
	cdok_error err;
	cdok_status status;
	int size, *values = NULL;
	uint64_t *marks = NULL;
	char *text = NULL;
	size_t len = 0;
	PyObject *out = NULL;

	if (nargs != 3)
		return PyErr_Format(PyExc_TypeError, "write_state() takes 3 "
				    "arguments");
	if (size_arg(st, args[0], &size) < 0)
		return NULL;
	if (state_arrays(args[1], args[2], size, &values, &marks) < 0)
		goto done;
	memset(&err, 0, sizeof(err));
	status = cdok_write_state(size, values, marks, &text, &len, &err);
	if (status != CDOK_OK) {
		pycdok_raise(st, status, &err);
		goto done;
	}
	out = PyUnicode_DecodeUTF8(text, (Py_ssize_t)len, "strict");
	cdok_free(text);
done:
	PyMem_Free(values);
	PyMem_Free(marks);
	return out;
}

/* ---- Model methods ---- */

static const cdok_puzzle *puzzle_of(PyObject *self)
{
	return ((ModelObject *)self)->puzzle;
}

static cdok_module_state *state_of(PyObject *self)
{
	return pycdok_state_of_type(Py_TYPE(self));
}

/* Model.scale: 0 none (Nylimb), 1 Calcudoku, 2 Killer */
PyObject *pycdok_model_scale(PyObject *self, void *closure)
{
	(void)closure;
	return PyLong_FromLong((long)cdok_puzzle_scale(puzzle_of(self)));
}

/* grade(max_level, max_nodes) -> grading tuple */
PyObject *pycdok_model_grade(PyObject *self, PyObject *const *args,
			     Py_ssize_t nargs)
{
	cdok_grade_params par;
	cdok_grading g;
	cdok_error err;
	cdok_status status;

	if (nargs != 2)
		return PyErr_Format(PyExc_TypeError, "grade() takes 2 "
				    "arguments");
	if (grade_params(args[0], args[1], &par) < 0)
		return NULL;
	memset(&err, 0, sizeof(err));
	Py_BEGIN_ALLOW_THREADS
	status = cdok_grade(puzzle_of(self), &par, &g, &err);
	Py_END_ALLOW_THREADS
	if (status != CDOK_OK)
		return pycdok_raise(state_of(self), status, &err);
	return grading_tuple(&g);
}

/* explain(max_level, max_nodes, brief) -> (grading tuple, solved,
 * [step]); brief: the tutor's steps (cdok_explain_brief) */
PyObject *pycdok_model_explain(PyObject *self, PyObject *const *args,
			       Py_ssize_t nargs)
{
	cdok_grade_params par;
	cdok_explanation *ex = NULL;
	cdok_error err;
	cdok_status status;
	PyObject *steps, *out;
	int brief;

	if (nargs != 3)
		return PyErr_Format(PyExc_TypeError, "explain() takes 3 "
				    "arguments");
	if (grade_params(args[0], args[1], &par) < 0)
		return NULL;
	brief = PyObject_IsTrue(args[2]);
	if (brief < 0)
		return NULL;
	memset(&err, 0, sizeof(err));
	Py_BEGIN_ALLOW_THREADS
	status = cdok_explain(puzzle_of(self), &par, &ex, &err);
	if (status == CDOK_OK && brief &&
	    (ex->grading.outcome == CDOK_GRADE_LEVEL ||
	     ex->grading.outcome == CDOK_GRADE_ABOVE)) {
		cdok_explanation *b = NULL;

		status = cdok_explain_brief(puzzle_of(self), ex, &b, &err);
		cdok_explanation_free(ex);
		ex = b;
	}
	Py_END_ALLOW_THREADS
	if (status != CDOK_OK)
		return pycdok_raise(state_of(self), status, &err);
	steps = PyList_New(ex->nsteps);
	for (int i = 0; steps && i < ex->nsteps; i++) {
		int nr;
		const cdok_reason *r = cdok_explanation_reasons(ex, i, &nr);
		PyObject *s = step_tuple(&ex->steps[i], r, nr);

		if (!s)
			Py_CLEAR(steps);
		else
			PyList_SET_ITEM(steps, i, s);
	}
	out = steps ? Py_BuildValue("(NON)", grading_tuple(&ex->grading),
				    ex->solved ? Py_True : Py_False, steps)
		    : NULL;
	cdok_explanation_free(ex);
	return out;
}

/* hint(values, marks | None, max_level, max_nodes, place)
 *   -> (outcome, step tuple | None, empty); place: cdok_hint_place,
 *   which ignores marks */
PyObject *pycdok_model_hint(PyObject *self, PyObject *const *args,
			    Py_ssize_t nargs)
{
	const cdok_puzzle *p = puzzle_of(self);
	cdok_grade_params par;
	cdok_hint *h = NULL;
	cdok_error err;
	cdok_status status;
	int *values = NULL;
	uint64_t *marks = NULL;
	PyObject *out = NULL;
	int place;

	if (nargs != 5)
		return PyErr_Format(PyExc_TypeError, "hint() takes 5 "
				    "arguments");
	place = PyObject_IsTrue(args[4]);
	if (place < 0)
		return NULL;
	if (grade_params(args[2], args[3], &par) < 0 ||
	    state_arrays(args[0], args[1], cdok_puzzle_size(p), &values,
			 &marks) < 0)
		goto done;
	memset(&err, 0, sizeof(err));
	Py_BEGIN_ALLOW_THREADS
	if (place)
		status = cdok_hint_place(p, values, &par, &h, &err);
	else
		status = cdok_hint_next(p, values, marks, &par, &h, &err);
	Py_END_ALLOW_THREADS
	if (status != CDOK_OK) {
		pycdok_raise(state_of(self), status, &err);
		goto done;
	}
	if (h->outcome != CDOK_HINT_SOLVED && h->outcome != CDOK_HINT_STUCK) {
		int nr;
		const cdok_reason *r = cdok_hint_reasons(h, &nr);

		out = Py_BuildValue("(iNi)", (int)h->outcome,
				    step_tuple(&h->step, r, nr), h->empty);
	}
	else
		out = Py_BuildValue("(iOi)", (int)h->outcome, Py_None,
				    h->empty);
done:
	cdok_hint_free(h);
	PyMem_Free(values);
	PyMem_Free(marks);
	return out;
}

/* Placements or removals ((cell, value), ...) into a new array. */
static int candidates_arg(PyObject *seq, cdok_candidate **out, int *n)
{
	PyObject *fast = PySequence_Fast(seq, "a step's placements and "
					 "removals are sequences of (cell, "
					 "value)");
	Py_ssize_t len;
	int rc = 0;

	*out = NULL;
	*n = 0;
	if (!fast)
		return -1;
	len = PySequence_Fast_GET_SIZE(fast);
	*out = PyMem_Calloc((size_t)len + 1, sizeof(**out));
	if (!*out) {
		Py_DECREF(fast);
		PyErr_NoMemory();
		return -1;
	}
	for (Py_ssize_t i = 0; rc == 0 && i < len; i++) {
		PyObject *pair = PySequence_Fast_GET_ITEM(fast, i);

		if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
			PyErr_SetString(PyExc_TypeError, "a step's placements "
					"and removals are (cell, value) "
					"tuples");
			rc = -1;
		} else if (pycdok_int(PyTuple_GET_ITEM(pair, 0),
				      &(*out)[i].cell) < 0 ||
			   pycdok_int(PyTuple_GET_ITEM(pair, 1),
				      &(*out)[i].value) < 0) {
			rc = -1;
		}
	}
	*n = (int)len;
	Py_DECREF(fast);
	return rc;
}

/* apply(placed, removed, values, marks | None) -> (values, marks | None):
 * cdok_step_apply on copies */
PyObject *pycdok_model_apply(PyObject *self, PyObject *const *args,
			     Py_ssize_t nargs)
{
	const cdok_puzzle *p = puzzle_of(self);
	int n = cdok_puzzle_size(p) * cdok_puzzle_size(p);
	cdok_candidate *placed = NULL, *removed = NULL;
	cdok_step step;
	int *values = NULL;
	uint64_t *marks = NULL;
	PyObject *out = NULL;

	if (nargs != 4)
		return PyErr_Format(PyExc_TypeError, "apply() takes 4 "
				    "arguments");
	memset(&step, 0, sizeof(step));
	if (candidates_arg(args[0], &placed, &step.nplaced) < 0 ||
	    candidates_arg(args[1], &removed, &step.nremoved) < 0 ||
	    state_arrays(args[2], args[3], cdok_puzzle_size(p), &values,
			 &marks) < 0)
		goto done;
	step.technique = -1;
	step.level = -1;
	step.placed = placed;
	step.removed = removed;
	cdok_step_apply(p, &step, values, marks);
	if (marks)
		out = Py_BuildValue("(NN)", value_list(values, n),
				    mask_list(marks, n));
	else
		out = Py_BuildValue("(NO)", value_list(values, n), Py_None);
done:
	PyMem_Free(placed);
	PyMem_Free(removed);
	PyMem_Free(values);
	PyMem_Free(marks);
	return out;
}

/* check_partial(values, marks | None, max_nodes) -> (problem tuples,
 * unique): the mistake finder on a state (cdok_check_state), the
 * judgement `cdok check` and hints make */
PyObject *pycdok_model_check_partial(PyObject *self, PyObject *const *args,
				     Py_ssize_t nargs)
{
	const cdok_puzzle *p = puzzle_of(self);
	int n = cdok_puzzle_size(p) * cdok_puzzle_size(p);
	cdok_grade_params par;
	cdok_problem *problems = NULL;
	cdok_error err;
	cdok_status status;
	int *values, count = 0, unique = 0;
	uint64_t *marks = NULL;
	PyObject *list;

	if (nargs != 3)
		return PyErr_Format(PyExc_TypeError, "check_partial() takes 3 "
				    "arguments");
	cdok_grade_params_init(&par);
	par.max_nodes = PyLong_AsUnsignedLongLong(args[2]);
	if (PyErr_Occurred())
		return NULL;
	values = PyMem_Calloc((size_t)n, sizeof(*values));
	if (!values)
		return PyErr_NoMemory();
	if (pycdok_values(args[0], n, values, "the grid") < 0) {
		PyMem_Free(values);
		return NULL;
	}
	if (args[1] != Py_None) {
		marks = PyMem_Calloc((size_t)n, sizeof(*marks));
		if (!marks)
			PyErr_NoMemory();
		if (!marks || masks(args[1], n, marks) < 0) {
			PyMem_Free(values);
			PyMem_Free(marks);
			return NULL;
		}
	}
	memset(&err, 0, sizeof(err));
	Py_BEGIN_ALLOW_THREADS
	status = cdok_check_state(p, values, marks, &par, &problems, &count,
				  &unique, &err);
	Py_END_ALLOW_THREADS
	PyMem_Free(values);
	PyMem_Free(marks);
	if (status != CDOK_OK)
		return pycdok_raise(state_of(self), status, &err);
	list = pycdok_problems(p, problems, count);
	cdok_free(problems);
	if (!list)
		return NULL;
	return Py_BuildValue("(NO)", list, unique ? Py_True : Py_False);
}
