/* model.c -- the Model type: one cdok_puzzle, immutable once made.
 *
 * A Model is made by reading (module.c), by build() from Python data,
 * by killer_build() (killer.c) or by the generator, and every one of
 * them has passed cdok_puzzle_validate, so the solver accepts it.
 */
#include "pycdok.h"

#include <string.h>

PyObject *pycdok_model_new(cdok_module_state *st, cdok_puzzle *puzzle)
{
	ModelObject *m = PyObject_New(ModelObject, st->model_type);

	if (!m) {
		cdok_puzzle_free(puzzle);
		return NULL;
	}
	m->puzzle = puzzle;
	return (PyObject *)m;
}

static void model_dealloc(PyObject *self)
{
	PyTypeObject *type = Py_TYPE(self);

	cdok_puzzle_free(((ModelObject *)self)->puzzle);
	PyObject_Free(self);
	Py_DECREF(type);
}

static const cdok_puzzle *puzzle_of(PyObject *self)
{
	return ((ModelObject *)self)->puzzle;
}

static cdok_module_state *state_of(PyObject *self)
{
	return pycdok_state_of_type(Py_TYPE(self));
}

/* ---- build(size, givens, cages, boxes, rules) ---- */

/* Add one cage (op, target, cells, label, distinct); cells are flat
 * indexes that the Python layer has checked. */
static int add_cage(cdok_module_state *st, cdok_puzzle *p, Py_ssize_t k,
		    PyObject *cage)
{
	PyObject *op, *target, *cells, *label;
	const char *ops, *labels = NULL;
	long long t;
	int distinct, index, n, *flat;
	cdok_status status;

	if (!PyTuple_Check(cage) || PyTuple_GET_SIZE(cage) != 5) {
		PyErr_SetString(PyExc_TypeError, "build() takes cages as "
				"(op, target, cells, label, distinct)");
		return -1;
	}
	op = PyTuple_GET_ITEM(cage, 0);
	target = PyTuple_GET_ITEM(cage, 1);
	cells = PyTuple_GET_ITEM(cage, 2);
	label = PyTuple_GET_ITEM(cage, 3);
	distinct = PyObject_IsTrue(PyTuple_GET_ITEM(cage, 4));
	ops = PyUnicode_Check(op) ? PyUnicode_AsUTF8(op) : NULL;
	if (!ops || strlen(ops) != 1 || !strchr("+-*/?", ops[0])) {
		PyErr_Clear();
		pycdok_invalid(st, "cage %zd: the operator is one of + - * / ?",
			       k);
		return -1;
	}
	t = PyLong_AsLongLong(target);
	if (t == -1 && PyErr_Occurred())
		return -1;
	if (label != Py_None && !(labels = PyUnicode_AsUTF8(label)))
		return -1;
	if (!PyTuple_Check(cells)) {
		PyErr_SetString(PyExc_TypeError, "build() takes cells as a "
				"tuple");
		return -1;
	}
	n = (int)PyTuple_GET_SIZE(cells);
	flat = PyMem_Calloc((size_t)n + 1, sizeof(*flat));
	if (!flat) {
		PyErr_NoMemory();
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (pycdok_int(PyTuple_GET_ITEM(cells, i), &flat[i]) < 0) {
			PyMem_Free(flat);
			return -1;
		}
	status = cdok_puzzle_add_cage(p, (cdok_op)ops[0], t, flat, n, labels,
				      &index);
	PyMem_Free(flat);
	if (status == CDOK_OK && distinct)
		status = cdok_puzzle_set_cage_distinct(p, index, 1);
	if (status == CDOK_ERR_NOMEM) {
		PyErr_NoMemory();
		return -1;
	}
	if (status != CDOK_OK) {
		pycdok_invalid(st, "cage %zd cannot be added: its cells are "
			       "outside the grid or in another cage", k);
		return -1;
	}
	return 0;
}

static int set_shape(cdok_module_state *st, cdok_puzzle *p, PyObject *boxes,
		     unsigned long rules)
{
	if (cdok_puzzle_set_rules(p, (unsigned)rules) != CDOK_OK) {
		pycdok_invalid(st, "Nylimb rules need a grid of at most 10 x "
			       "10 without boxes");
		return -1;
	}
	if (boxes != Py_None) {
		int r, c;

		if (!PyTuple_Check(boxes) || PyTuple_GET_SIZE(boxes) != 2 ||
		    pycdok_int(PyTuple_GET_ITEM(boxes, 0), &r) < 0 ||
		    pycdok_int(PyTuple_GET_ITEM(boxes, 1), &c) < 0) {
			if (!PyErr_Occurred())
				PyErr_SetString(PyExc_TypeError, "boxes are "
						"(rows, columns)");
			return -1;
		}
		if ((r == 1 || c == 1) && r * c == cdok_puzzle_size(p)) {
			pycdok_invalid(st, "boxes of %d x %d cells are whole "
				       "rows or columns: a box needs at least "
				       "2 rows and 2 columns", r, c);
			return -1;
		}
		if (cdok_puzzle_set_boxes(p, r, c) != CDOK_OK) {
			pycdok_invalid(st, "boxes of %d x %d cells do not tile "
				       "a %d x %d grid (rows times columns "
				       "must make the size)", r, c,
				       cdok_puzzle_size(p),
				       cdok_puzzle_size(p));
			return -1;
		}
	}
	return 0;
}

static int set_givens(cdok_module_state *st, cdok_puzzle *p,
		      PyObject *givens)
{
	int n = cdok_puzzle_size(p) * cdok_puzzle_size(p);
	int *values = PyMem_Calloc((size_t)n, sizeof(*values));
	int rc = 0;

	if (!values) {
		PyErr_NoMemory();
		return -1;
	}
	if (pycdok_values(givens, n, values, "givens") < 0)
		rc = -1;
	for (int i = 0; rc == 0 && i < n; i++) {
		if (values[i] == CDOK_NONE)
			continue;
		if (cdok_puzzle_set_given(p, i, values[i]) != CDOK_OK) {
			pycdok_invalid(st, "the given %d in r%dc%d is not a "
				       "value of this puzzle",
				       values[i], i / cdok_puzzle_size(p) + 1,
				       i % cdok_puzzle_size(p) + 1);
			rc = -1;
		}
	}
	PyMem_Free(values);
	return rc;
}

/* Every cell of a puzzle needs a cage or a given: a cell with neither
 * would be no puzzle any format can write (print(p) and pickle failed
 * on it later).  Raise InvalidError naming such cells (r2c1 is row 2,
 * column 1, as hints write them) and return -1, or return 0. */
static int uncovered(cdok_module_state *st, const cdok_puzzle *p)
{
	int n = cdok_puzzle_size(p), count = 0;
	char cells[160];
	size_t len = 0;

	cells[0] = '\0';
	for (int c = 0; c < n * n; c++) {
		if (cdok_puzzle_cage_of(p, c) >= 0 ||
		    cdok_puzzle_given(p, c) != CDOK_NONE)
			continue;
		if (++count == 1)
			len += (size_t)snprintf(cells, sizeof(cells), "r%dc%d "
						"(row %d, column %d)",
						c / n + 1, c % n + 1,
						c / n + 1, c % n + 1);
		else if (count <= 6 && len < sizeof(cells))
			len += (size_t)snprintf(cells + len,
						sizeof(cells) - len, ", r%dc%d",
						c / n + 1, c % n + 1);
	}
	if (!count)
		return 0;
	pycdok_invalid(st, "%d cell%s ha%s neither a cage nor a given: %s%s; "
		       "every cell of a puzzle needs one", count,
		       count == 1 ? "" : "s", count == 1 ? "s" : "ve", cells,
		       count > 6 ? ", ..." : "");
	return -1;
}

PyObject *pycdok_build(PyObject *module, PyObject *const *args,
		       Py_ssize_t nargs)
{
	cdok_module_state *st = pycdok_state(module);
	cdok_puzzle *p;
	cdok_error err;
	cdok_status status;
	unsigned long rules;
	int size;

	if (nargs != 5)
		return PyErr_Format(PyExc_TypeError, "build() takes 5 "
				    "arguments");
	if (pycdok_int(args[0], &size) < 0)
		return NULL;
	rules = PyLong_AsUnsignedLong(args[4]);
	if (PyErr_Occurred())
		return NULL;
	if (!PyList_Check(args[2]))
		return PyErr_Format(PyExc_TypeError, "build() takes a list of "
				    "cages");
	if (size < 1 || size > CDOK_MAX_SIZE)
		return pycdok_invalid(st, "a puzzle's size is 1..%d, not %d",
				      CDOK_MAX_SIZE, size);
	p = cdok_puzzle_new(size);
	if (!p)
		return PyErr_NoMemory();
	if (set_shape(st, p, args[3], rules) < 0)
		goto fail;
	for (Py_ssize_t k = 0; k < PyList_GET_SIZE(args[2]); k++)
		if (add_cage(st, p, k, PyList_GET_ITEM(args[2], k)) < 0)
			goto fail;
	if (set_givens(st, p, args[1]) < 0)
		goto fail;
	memset(&err, 0, sizeof(err));
	status = cdok_puzzle_validate(p, &err);
	if (status != CDOK_OK) {
		pycdok_raise(st, status, &err);
		goto fail;
	}
	if (uncovered(st, p) < 0)
		goto fail;
	return pycdok_model_new(st, p);
fail:
	cdok_puzzle_free(p);
	return NULL;
}

/* ---- reading a Model ---- */

static PyObject *model_size(PyObject *self, void *closure)
{
	(void)closure;
	return PyLong_FromLong(cdok_puzzle_size(puzzle_of(self)));
}

static PyObject *model_boxes(PyObject *self, void *closure)
{
	const cdok_puzzle *p = puzzle_of(self);

	(void)closure;
	if (!cdok_puzzle_box_rows(p))
		Py_RETURN_NONE;
	return Py_BuildValue("(ii)", cdok_puzzle_box_rows(p),
			     cdok_puzzle_box_cols(p));
}

static PyObject *model_rules(PyObject *self, void *closure)
{
	(void)closure;
	return PyLong_FromUnsignedLong(cdok_puzzle_rules(puzzle_of(self)));
}

/* givens() -> list of size*size ints or None */
static PyObject *model_givens(PyObject *self, PyObject *unused)
{
	const cdok_puzzle *p = puzzle_of(self);
	int n = cdok_puzzle_size(p) * cdok_puzzle_size(p);
	PyObject *list = PyList_New(n);

	(void)unused;
	for (int i = 0; list && i < n; i++) {
		int v = cdok_puzzle_given(p, i);
		PyObject *x = v == CDOK_NONE ? Py_None : PyLong_FromLong(v);

		if (!x) {
			Py_CLEAR(list);
			break;
		}
		if (x == Py_None)
			Py_INCREF(x);
		PyList_SET_ITEM(list, i, x);
	}
	return list;
}

/* box_map() -> list of size*size ints: each cell's box, -1 without
 * boxes (the library's geometry, cdok_puzzle_box_of) */
static PyObject *model_box_map(PyObject *self, PyObject *unused)
{
	const cdok_puzzle *p = puzzle_of(self);
	int n = cdok_puzzle_size(p) * cdok_puzzle_size(p);
	PyObject *list = PyList_New(n);

	(void)unused;
	for (int i = 0; list && i < n; i++) {
		PyObject *x = PyLong_FromLong(cdok_puzzle_box_of(p, i));

		if (!x) {
			Py_CLEAR(list);
			break;
		}
		PyList_SET_ITEM(list, i, x);
	}
	return list;
}

/* cages() -> list of (op, target, cells, label, distinct), cells a tuple
 * of flat indexes in reading order */
static PyObject *model_cages(PyObject *self, PyObject *unused)
{
	const cdok_puzzle *p = puzzle_of(self);
	int n = cdok_puzzle_cage_count(p);
	PyObject *list = PyList_New(n);

	(void)unused;
	for (int k = 0; list && k < n; k++) {
		const int *cells = cdok_cage_cells(p, k);
		int size = cdok_cage_size(p, k);
		PyObject *tuple = PyTuple_New(size), *cage;
		char op[2] = {(char)cdok_cage_op(p, k), 0};
		const char *label = cdok_cage_label(p, k);

		for (int i = 0; tuple && i < size; i++) {
			PyObject *x = PyLong_FromLong(cells[i]);

			if (!x)
				Py_CLEAR(tuple);
			else
				PyTuple_SET_ITEM(tuple, i, x);
		}
		cage = tuple ? Py_BuildValue("(sLNzO)", op,
					     (long long)cdok_cage_target(p, k),
					     tuple, label,
					     cdok_cage_distinct(p, k)
						     ? Py_True
						     : Py_False)
			     : NULL;
		if (!cage)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, k, cage);
	}
	return list;
}

/* write(format: str, values) -> str | bytes; values a flat grid or
 * None */
static PyObject *model_write(PyObject *self, PyObject *const *args,
			     Py_ssize_t nargs)
{
	cdok_module_state *st = state_of(self);
	const cdok_puzzle *p = puzzle_of(self);
	const cdok_format *f;
	int n = cdok_puzzle_size(p) * cdok_puzzle_size(p), *values = NULL;
	char *text = NULL;
	size_t len = 0;
	cdok_error err;
	cdok_status status;
	PyObject *out;

	if (nargs != 2)
		return PyErr_Format(PyExc_TypeError, "write() takes 2 "
				    "arguments");
	f = pycdok_format(st, args[0]);
	if (!f)
		return NULL;
	if (!(cdok_format_flags(f) & CDOK_FORMAT_WRITE))
		return PyErr_Format(st->unsupported_error, "the %s format is "
				    "read only, never written",
				    cdok_format_name(f));
	if (args[1] != Py_None) {
		values = PyMem_Calloc((size_t)n, sizeof(*values));
		if (!values)
			return PyErr_NoMemory();
		if (pycdok_values(args[1], n, values, "the values") < 0) {
			PyMem_Free(values);
			return NULL;
		}
		pycdok_writer_values(p, values);
	}
	memset(&err, 0, sizeof(err));
	status = cdok_write(f, p, values, &text, &len, &err);
	PyMem_Free(values);
	if (status != CDOK_OK)
		return pycdok_raise(st, status, &err);
	out = pycdok_output(f, text, len);
	cdok_free(text);
	return out;
}

PyObject *pycdok_problems(const cdok_puzzle *p, const cdok_problem *problems,
			  int count)
{
	PyObject *list = PyList_New(count);

	for (int i = 0; list && i < count; i++) {
		const cdok_problem *q = &problems[i];
		char sentence[512];
		PyObject *item;

		cdok_problem_describe(q, p, sentence, sizeof(sentence));
		item = Py_BuildValue("(iiiiiKiLLOs)", (int)q->kind, q->row,
				     q->column, q->value, q->given,
				     (unsigned long long)q->where, q->cage,
				     (long long)q->got, (long long)q->got_den,
				     q->overflow ? Py_True : Py_False,
				     sentence);
		if (!item)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, i, item);
	}
	return list;
}

/* check(values) -> list of problem tuples (empty: values solve it) */
static PyObject *model_check(PyObject *self, PyObject *arg)
{
	cdok_module_state *st = state_of(self);
	const cdok_puzzle *p = puzzle_of(self);
	int n = cdok_puzzle_size(p) * cdok_puzzle_size(p), count = 0;
	int *values = PyMem_Calloc((size_t)n, sizeof(*values));
	cdok_problem *problems = NULL;
	cdok_error err;
	cdok_status status;
	PyObject *list;

	if (!values)
		return PyErr_NoMemory();
	if (pycdok_values(arg, n, values, "the grid") < 0) {
		PyMem_Free(values);
		return NULL;
	}
	memset(&err, 0, sizeof(err));
	status = cdok_check(p, values, &problems, &count, &err);
	PyMem_Free(values);
	if (status != CDOK_OK)
		return pycdok_raise(st, status, &err);
	list = pycdok_problems(p, problems, count);
	cdok_free(problems);
	return list;
}

static PyGetSetDef model_getset[] = {
	{"size", model_size, NULL, "the grid's size N (N x N cells)", NULL},
	{"boxes", model_boxes, NULL, "(rows, columns) of the boxes, or None",
	 NULL},
	{"rules", model_rules, NULL, "the rule flags (1: Nylimb)", NULL},
	{"scale", pycdok_model_scale, NULL, "the scale it is graded on (0 "
	 "none, 1 Calcudoku, 2 Killer)", NULL},
	{NULL, NULL, NULL, NULL, NULL}
};

static PyMethodDef model_methods[] = {
	{"givens", model_givens, METH_NOARGS,
	 "givens() -> list of size*size int | None"},
	{"cages", model_cages, METH_NOARGS,
	 "cages() -> list of (op, target, cells, label, distinct)"},
	{"box_map", model_box_map, METH_NOARGS,
	 "box_map() -> list of size*size int (each cell's box, -1: none)"},
	{"write", (PyCFunction)(void (*)(void))model_write, METH_FASTCALL,
	 "write(format, values) -> str | bytes"},
	{"check", model_check, METH_O,
	 "check(values) -> list of problem tuples"},
	{"solve", (PyCFunction)(void (*)(void))pycdok_model_solve,
	 METH_FASTCALL,
	 "solve(limit, keep, max_nodes, timeout, progress) -> (verdict, "
	 "count, complete, gave_up, nodes, branches, search_score, "
	 "solutions)"},
	{"grade", (PyCFunction)(void (*)(void))pycdok_model_grade,
	 METH_FASTCALL, "grade(max_level, max_nodes) -> grading tuple"},
	{"explain", (PyCFunction)(void (*)(void))pycdok_model_explain,
	 METH_FASTCALL,
	 "explain(max_level, max_nodes, brief) -> (grading, solved, steps)"},
	{"hint", (PyCFunction)(void (*)(void))pycdok_model_hint,
	 METH_FASTCALL,
	 "hint(values, marks, max_level, max_nodes, place) -> (outcome, "
	 "step, empty)"},
	{"apply", (PyCFunction)(void (*)(void))pycdok_model_apply,
	 METH_FASTCALL,
	 "apply(placed, removed, values, marks) -> (values, marks)"},
	{"check_partial",
	 (PyCFunction)(void (*)(void))pycdok_model_check_partial,
	 METH_FASTCALL,
	 "check_partial(values, marks, max_nodes) -> (problem tuples, unique)"},
	{NULL, NULL, 0, NULL}
};

static PyType_Slot model_slots[] = {
	{Py_tp_dealloc, (void *)model_dealloc},
	{Py_tp_getset, model_getset},
	{Py_tp_methods, model_methods},
	{Py_tp_doc, (void *)"One puzzle of libcdok (immutable).  Made by the "
			    "cdok package; see cdok.Puzzle."},
	{0, NULL}
};

PyType_Spec pycdok_model_spec = {
	.name = "cdok._cdok.Model",
	.basicsize = sizeof(ModelObject),
	.flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION |
		 Py_TPFLAGS_IMMUTABLETYPE,
	.slots = model_slots,
};
