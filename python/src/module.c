/* module.c -- the _cdok module: formats, reading, writing, generating.
 *
 * Functions here take positional arguments only; the Python layer
 * (the package's .py files) gives them names, defaults and documentation.
 */
#include "pycdok.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- state, errors ---- */

static struct PyModuleDef cdok_module;

cdok_module_state *pycdok_state(PyObject *module)
{
	return PyModule_GetState(module);
}

cdok_module_state *pycdok_state_of_type(PyTypeObject *type)
{
	return PyType_GetModuleState(type);
}

static PyObject *error_class(cdok_module_state *st, cdok_status status)
{
	switch (status) {
	case CDOK_ERR_SYNTAX:
		return st->parse_error;
	case CDOK_ERR_INVALID:
		return st->invalid_error;
	case CDOK_ERR_LIMIT:
		return st->limit_error;
	case CDOK_ERR_UNSUPPORTED:
		return st->unsupported_error;
	default:
		return st->error;
	}
}

/* Raise cls(message, line=..., column=...); 0 for a position leaves it
 * out (None). */
static PyObject *raise_at(PyObject *cls, const char *message, int line,
			  int column)
{
	PyObject *args = NULL, *kwargs = NULL, *exc = NULL;

	args = Py_BuildValue("(s)", message);
	kwargs = PyDict_New();
	if (!args || !kwargs)
		goto out;
	if (line > 0) {
		PyObject *l = PyLong_FromLong(line);
		PyObject *c = PyLong_FromLong(column);

		if (!l || !c || PyDict_SetItemString(kwargs, "line", l) < 0 ||
		    PyDict_SetItemString(kwargs, "column", c) < 0) {
			Py_XDECREF(l);
			Py_XDECREF(c);
			goto out;
		}
		Py_DECREF(l);
		Py_DECREF(c);
	}
	exc = PyObject_Call(cls, args, kwargs);
	if (exc)
		PyErr_SetObject(cls, exc);
out:
	Py_XDECREF(args);
	Py_XDECREF(kwargs);
	Py_XDECREF(exc);
	return NULL;
}

PyObject *pycdok_raise(cdok_module_state *st, cdok_status status,
		       const cdok_error *err)
{
	if (status == CDOK_ERR_NOMEM)
		return PyErr_NoMemory();
	if (!err || !err->message[0])
		return raise_at(error_class(st, status),
				cdok_status_name(status), 0, 0);
	return raise_at(error_class(st, status), err->message, err->line,
			err->column);
}

PyObject *pycdok_invalid(cdok_module_state *st, const char *fmt, ...)
{
	char message[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	return raise_at(st->invalid_error, message, 0, 0);
}

const cdok_format *pycdok_format(cdok_module_state *st, PyObject *name)
{
	const char *s;
	const cdok_format *f;

	if (!PyUnicode_Check(name)) {
		PyErr_Format(PyExc_TypeError, "a format is named by a str, "
			     "not %.100s", Py_TYPE(name)->tp_name);
		return NULL;
	}
	s = PyUnicode_AsUTF8(name);
	if (!s)
		return NULL;
	f = cdok_formats_find(st->formats, s);
	if (!f) {
		char names[256] = "";
		size_t used = 0;

		for (int i = 0; (f = cdok_formats_at(st->formats, i)); i++) {
			int n = snprintf(names + used, sizeof(names) - used,
					 "%s%s", i ? ", " : "",
					 cdok_format_name(f));

			if (n < 0 || (size_t)n >= sizeof(names) - used)
				break;
			used += (size_t)n;
		}
		PyErr_Format(st->error, "unknown format '%.50s' (the formats "
			     "are %s)", s, names);
		return NULL;
	}
	return f;
}

PyObject *pycdok_output(const cdok_format *format, const char *text,
			size_t len)
{
	if (cdok_format_flags(format) & CDOK_FORMAT_BINARY)
		return PyBytes_FromStringAndSize(text, (Py_ssize_t)len);
	return PyUnicode_DecodeUTF8(text, (Py_ssize_t)len, "strict");
}

/* ---- numbers, grids ---- */

void pycdok_writer_values(const cdok_puzzle *p, int *values)
{
	int n = cdok_puzzle_size(p) * cdok_puzzle_size(p);

	if (cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB)
		return;
	for (int i = 0; i < n; i++)
		if (values[i] == CDOK_NONE)
			values[i] = 0;
}

int pycdok_int(PyObject *obj, int *out)
{
	long x;
	int overflow;

	if (!PyLong_Check(obj)) {
		PyErr_Format(PyExc_TypeError, "expected an int, not %.100s",
			     Py_TYPE(obj)->tp_name);
		return -1;
	}
	x = PyLong_AsLongAndOverflow(obj, &overflow);
	if (overflow || x > INT_MAX || x < INT_MIN) {
		PyErr_SetString(PyExc_OverflowError, "int too large");
		return -1;
	}
	if (x == -1 && PyErr_Occurred())
		return -1;
	*out = (int)x;
	return 0;
}

int pycdok_values(PyObject *seq, int n, int *values, const char *what)
{
	PyObject *fast = PySequence_Fast(seq, "");
	Py_ssize_t len;

	if (!fast) {
		PyErr_Format(PyExc_TypeError, "%s must be a sequence of %d "
			     "values, not %.100s", what, n,
			     Py_TYPE(seq)->tp_name);
		return -1;
	}
	len = PySequence_Fast_GET_SIZE(fast);
	if (len != n) {
		PyErr_Format(PyExc_ValueError, "%s has %zd values; it needs "
			     "%d", what, len, n);
		Py_DECREF(fast);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		PyObject *v = PySequence_Fast_GET_ITEM(fast, i);
		long x;
		int overflow;

		if (v == Py_None) {
			values[i] = CDOK_NONE;
			continue;
		}
		if (!PyLong_Check(v) || PyBool_Check(v)) {
			PyErr_Format(PyExc_TypeError, "%s: value %d must be an "
				     "int or None, not %.100s", what, i,
				     Py_TYPE(v)->tp_name);
			Py_DECREF(fast);
			return -1;
		}
		x = PyLong_AsLongAndOverflow(v, &overflow);
		/* Numbers far outside any grid are out of range all the
		 * same; keep them so, without wrapping. */
		if (overflow || x > 1000000000L || x < -1000000000L)
			x = overflow < 0 || x < 0 ? -1000000000L : 1000000000L;
		values[i] = (int)x;
	}
	Py_DECREF(fast);
	return 0;
}

PyObject *pycdok_grid(const int *values, int size)
{
	PyObject *grid = PyList_New(size);

	for (int r = 0; grid && r < size; r++) {
		PyObject *row = PyList_New(size);

		if (!row) {
			Py_CLEAR(grid);
			break;
		}
		PyList_SET_ITEM(grid, r, row);
		for (int c = 0; c < size; c++) {
			int v = values[r * size + c];
			PyObject *x = v == CDOK_NONE ? Py_None
						     : PyLong_FromLong(v);

			if (!x) {
				Py_CLEAR(grid);
				break;
			}
			if (x == Py_None)
				Py_INCREF(x);
			PyList_SET_ITEM(row, c, x);
		}
	}
	return grid;
}

/* ---- module functions ---- */

static int check_nargs(const char *name, Py_ssize_t nargs, Py_ssize_t want)
{
	if (nargs == want)
		return 0;
	PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)",
		     name, want, nargs);
	return -1;
}

/* version() -> str: the linked library's version. */
static PyObject *m_version(PyObject *module, PyObject *unused)
{
	(void)module;
	(void)unused;
	return PyUnicode_FromString(cdok_version());
}

/* formats() -> list of (name, summary, flags). */
static PyObject *m_formats(PyObject *module, PyObject *unused)
{
	cdok_module_state *st = pycdok_state(module);
	PyObject *list = PyList_New(0);
	const cdok_format *f;

	(void)unused;
	for (int i = 0; list && (f = cdok_formats_at(st->formats, i)); i++) {
		PyObject *item = Py_BuildValue("(ssI)", cdok_format_name(f),
					       cdok_format_summary(f),
					       cdok_format_flags(f));

		if (!item || PyList_Append(list, item) < 0)
			Py_CLEAR(list);
		Py_XDECREF(item);
	}
	return list;
}

/* detect(data: bytes) -> str or None */
static PyObject *m_detect(PyObject *module, PyObject *data)
{
	cdok_module_state *st = pycdok_state(module);
	const cdok_format *f;

	if (!PyBytes_Check(data))
		return PyErr_Format(PyExc_TypeError, "detect() takes bytes");
	f = cdok_formats_detect(st->formats, PyBytes_AS_STRING(data),
				(size_t)PyBytes_GET_SIZE(data));
	if (!f)
		Py_RETURN_NONE;
	return PyUnicode_FromString(cdok_format_name(f));
}

/* The puzzles read so far, to wrap once the GIL is back. */
struct puzzles {
	cdok_puzzle **items;
	size_t n, cap;
};

static void puzzles_free(struct puzzles *ps)
{
	for (size_t i = 0; i < ps->n; i++)
		cdok_puzzle_free(ps->items[i]);
	PyMem_RawFree(ps->items);
}

/* Read every puzzle of the text; the GIL is released while reading (the
 * bytes object is immutable and held by the caller). */
static cdok_status read_all(cdok_reader *reader, struct puzzles *ps,
			    cdok_error *err)
{
	cdok_status status = CDOK_OK;

	for (;;) {
		cdok_puzzle *p = NULL;

		status = cdok_reader_next(reader, &p, err);
		if (status != CDOK_OK)
			break;
		if (ps->n == ps->cap) {
			size_t cap = ps->cap ? 2 * ps->cap : 8;
			cdok_puzzle **items = PyMem_RawRealloc(
				ps->items, cap * sizeof(*items));

			if (!items) {
				cdok_puzzle_free(p);
				return CDOK_ERR_NOMEM;
			}
			ps->items = items;
			ps->cap = cap;
		}
		ps->items[ps->n++] = p;
	}
	return status == CDOK_END ? CDOK_OK : status;
}

/* read(data: bytes, format: str | None, rules: int) -> list[Model] */
static PyObject *m_read(PyObject *module, PyObject *const *args,
			Py_ssize_t nargs)
{
	cdok_module_state *st = pycdok_state(module);
	const cdok_format *f;
	cdok_reader *reader;
	struct puzzles ps = {NULL, 0, 0};
	cdok_error err;
	cdok_status status;
	const char *text;
	size_t len;
	unsigned long rules;
	PyObject *list;

	if (check_nargs("read", nargs, 3) < 0)
		return NULL;
	if (!PyBytes_Check(args[0]))
		return PyErr_Format(PyExc_TypeError, "read() takes bytes");
	text = PyBytes_AS_STRING(args[0]);
	len = (size_t)PyBytes_GET_SIZE(args[0]);
	rules = PyLong_AsUnsignedLong(args[2]);
	if (PyErr_Occurred())
		return NULL;
	if (args[1] != Py_None) {
		f = pycdok_format(st, args[1]);
		if (!f)
			return NULL;
		if (!(cdok_format_flags(f) & CDOK_FORMAT_READ))
			return PyErr_Format(st->unsupported_error,
					    "the %s format is written only, "
					    "never read", cdok_format_name(f));
	} else {
		f = cdok_formats_detect(st->formats, text, len);
		if (!f)
			return raise_at(st->parse_error, "no puzzle found: the "
					"input is empty", 1, 1);
	}
	reader = cdok_reader_new(f, text, len);
	if (!reader)
		return PyErr_NoMemory();
	cdok_reader_set_rules(reader, (unsigned)rules);
	memset(&err, 0, sizeof(err));
	Py_BEGIN_ALLOW_THREADS
	status = read_all(reader, &ps, &err);
	Py_END_ALLOW_THREADS
	cdok_reader_free(reader);
	if (status != CDOK_OK) {
		puzzles_free(&ps);
		return pycdok_raise(st, status, &err);
	}
	list = PyList_New((Py_ssize_t)ps.n);
	for (size_t i = 0; i < ps.n; i++) {
		PyObject *m;

		if (!list) {
			cdok_puzzle_free(ps.items[i]);
			continue;
		}
		m = pycdok_model_new(st, ps.items[i]);
		if (!m)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, (Py_ssize_t)i, m);
	}
	PyMem_RawFree(ps.items);
	return list;
}

/* read_grid(data: bytes, size: int) -> list of size*size ints
 * (CDOK_NONE for an empty cell) */
static PyObject *m_read_grid(PyObject *module, PyObject *const *args,
			     Py_ssize_t nargs)
{
	cdok_module_state *st = pycdok_state(module);
	cdok_error err;
	cdok_status status;
	int size, *values;
	PyObject *list = NULL;

	if (check_nargs("read_grid", nargs, 2) < 0)
		return NULL;
	if (!PyBytes_Check(args[0]))
		return PyErr_Format(PyExc_TypeError, "read_grid() takes bytes");
	if (pycdok_int(args[1], &size) < 0)
		return NULL;
	if (size < 1 || size > CDOK_MAX_SIZE)
		return pycdok_invalid(st, "a grid's size is 1..%d, not %d",
				      CDOK_MAX_SIZE, size);
	values = PyMem_Calloc((size_t)(size * size), sizeof(*values));
	if (!values)
		return PyErr_NoMemory();
	memset(&err, 0, sizeof(err));
	status = cdok_read_grid(PyBytes_AS_STRING(args[0]),
				(size_t)PyBytes_GET_SIZE(args[0]), size, values,
				&err);
	if (status != CDOK_OK)
		pycdok_raise(st, status, &err);
	else
		list = pycdok_grid(values, size);
	PyMem_Free(values);
	return list;
}

/* The picture settings of write_all: None, or (per_page, paper, title,
 * dpi, with_solutions, givens_as_cages) with None for a default, given
 * to the writer of a libcdok-render format as the cdok program gives
 * its options (svg takes givens_as_cages only).
 * *answers is set for with_solutions.  Returns 0, or -1 with an
 * exception set. */
static int picture_setup(cdok_module_state *st, cdok_writer *w,
			 const cdok_format *f, PyObject *opts, bool *answers)
{
	cdok_render_params params;
	cdok_error err;
	cdok_status status;
	const char *paper = NULL, *title = NULL;
	int per_page = 0, dpi = 0, with = 0, cages = 0;
	unsigned flags = cdok_format_flags(f);
	/* libcdok-render's: svg is a picture of one puzzle in text. */
	bool render = (flags & CDOK_FORMAT_PICTURE) &&
		      (flags & (CDOK_FORMAT_BINARY | CDOK_FORMAT_SINGLE));
	bool svg = render && !(flags & CDOK_FORMAT_BINARY);

	*answers = false;
	if (opts != Py_None &&
	    !PyArg_ParseTuple(opts, "izzipp;picture options", &per_page,
			      &paper, &title, &dpi, &with, &cages))
		return -1;
	if (!render || (svg && (per_page || paper || title || dpi || with))) {
		if (opts == Py_None)
			return 0;
		PyErr_Format(st->unsupported_error, "picture options go with "
			     "%s, not %s", svg ? "pdf and png (svg takes "
			     "givens_as_cages only)" : "svg, pdf and png",
			     cdok_format_name(f));
		return -1;
	}
	cdok_render_params_init(&params);
	memset(&err, 0, sizeof(err));
	if (paper && cdok_render_paper(paper, &params.paper_width,
				       &params.paper_height, &err) != CDOK_OK) {
		pycdok_raise(st, CDOK_ERR_INVALID, &err);
		return -1;
	}
	if (per_page)
		params.per_page = per_page;
	if (dpi)
		params.dpi = dpi;
	params.title = title;
	params.givens_as_cages = cages;
	status = cdok_render_setup(w, &params, &err);
	if (status != CDOK_OK) {
		pycdok_raise(st, status, &err);
		return -1;
	}
	*answers = with != 0;
	return 0;
}

/* The caption's level word (lower case, as --level takes it) of a
 * puzzle graded to a level, into buf; NULL without one. */
static const char *level_word(const cdok_puzzle *p, char *buf, size_t cap)
{
	cdok_grading g;
	const char *w;
	size_t i;

	if (cdok_grade(p, NULL, &g, NULL) != CDOK_OK ||
	    g.outcome != CDOK_GRADE_LEVEL)
		return NULL;
	w = cdok_level_name(g.scale, g.level);
	for (i = 0; w[i] && i + 1 < cap; i++)
		buf[i] = (char)tolower((unsigned char)w[i]);
	buf[i] = '\0';
	return buf;
}

/* One puzzle of a picture stream, with its caption's level and source
 * (or NULL) and, for answers, its solution when it has exactly one. */
static cdok_status put_picture(cdok_writer *w, const cdok_puzzle *p,
			       const int *values, bool answers,
			       const char *source, char **piece, size_t *n,
			       cdok_error *err)
{
	int size = cdok_puzzle_size(p);
	cdok_render_item item;
	char level[32];
	int *answer = NULL;
	cdok_result res;
	cdok_status status;

	memset(&item, 0, sizeof(item));
	item.level = level_word(p, level, sizeof(level));
	item.source = source;
	if (answers && !values) {
		answer = PyMem_Calloc((size_t)(size * size), sizeof(*answer));
		if (!answer) {
			memset(err, 0, sizeof(*err));
			err->status = CDOK_ERR_NOMEM;
			snprintf(err->message, sizeof(err->message),
				 "out of memory");
			return CDOK_ERR_NOMEM;
		}
		if (cdok_solve(p, NULL, answer, &res, NULL) == CDOK_OK &&
		    res.verdict == CDOK_VERDICT_UNIQUE)
			item.answer = answer;
	}
	status = cdok_render_put(w, p, values, &item, piece, n, err);
	PyMem_Free(answer);
	return status;
}

/* write_all's arguments checked: the format, or NULL with an exception
 * set; *flags the writer's. */
static const cdok_format *write_all_format(cdok_module_state *st,
					   PyObject *const *args,
					   unsigned long *flags)
{
	const cdok_format *f = pycdok_format(st, args[0]);
	PyObject *models = args[1], *values = args[2];

	if (!f)
		return NULL;
	*flags = PyLong_AsUnsignedLong(args[3]);
	if (PyErr_Occurred())
		return NULL;
	if (!PyList_Check(models) ||
	    (values != Py_None && (!PyList_Check(values) ||
				   PyList_GET_SIZE(values) !=
					   PyList_GET_SIZE(models)))) {
		PyErr_Format(PyExc_TypeError, "write_all() takes a list of "
			     "models and None or a list of grids");
		return NULL;
	}
	if (args[5] != Py_None && (!PyList_Check(args[5]) ||
				   PyList_GET_SIZE(args[5]) !=
					   PyList_GET_SIZE(models))) {
		PyErr_Format(PyExc_TypeError, "write_all() takes None or a "
			     "list of sources, one a puzzle");
		return NULL;
	}
	if (!(cdok_format_flags(f) & CDOK_FORMAT_WRITE)) {
		PyErr_Format(st->unsupported_error, "the %s format is read "
			     "only, never written", cdok_format_name(f));
		return NULL;
	}
	/* A picture per file holds one puzzle. */
	if ((cdok_format_flags(f) & CDOK_FORMAT_SINGLE) &&
	    PyList_GET_SIZE(models) > 1) {
		PyErr_Format(st->unsupported_error, "the %s format holds one "
			     "puzzle (one picture per file): write each "
			     "puzzle's own, or a pdf booklet",
			     cdok_format_name(f));
		return NULL;
	}
	return f;
}

/* Puzzle i of write_all written into *piece: 0 with the library's
 * *status, 1 when it is skipped (values[i] is None), -1 with a Python
 * exception set.  *grid is the caller's buffer for the values. */
static int write_one(cdok_module_state *st, cdok_writer *w,
		     const cdok_format *f, PyObject *const *args,
		     Py_ssize_t i, bool answers, int **grid, char **piece,
		     size_t *n, cdok_error *err, cdok_status *status)
{
	PyObject *m = PyList_GET_ITEM(args[1], i);
	PyObject *v = args[2] == Py_None ? Py_None
					 : PyList_GET_ITEM(args[2], i);
	const cdok_puzzle *p;

	if (!PyObject_TypeCheck(m, st->model_type)) {
		PyErr_SetString(PyExc_TypeError, "write_all() takes models");
		return -1;
	}
	p = ((ModelObject *)m)->puzzle;
	if (args[2] != Py_None && v == Py_None) {
		cdok_writer_skip(w);
		return 1;
	}
	if (v != Py_None) {
		int size = cdok_puzzle_size(p);

		PyMem_Free(*grid);
		*grid = PyMem_Calloc((size_t)(size * size), sizeof(**grid));
		if (!*grid) {
			PyErr_NoMemory();
			return -1;
		}
		if (pycdok_values(v, size * size, *grid, "the solution") < 0)
			return -1;
		pycdok_writer_values(p, *grid);
	}
	if (cdok_format_flags(f) & CDOK_FORMAT_PICTURE &&
	    cdok_format_flags(f) & CDOK_FORMAT_BINARY) {
		PyObject *s = args[5] == Py_None ? Py_None
						 : PyList_GET_ITEM(args[5], i);
		const char *source = NULL;

		if (s != Py_None && !(source = PyUnicode_AsUTF8(s)))
			return -1;
		*status = put_picture(w, p, v == Py_None ? NULL : *grid,
				      answers, source, piece, n, err);
	} else {
		*status = cdok_writer_put(w, p, v == Py_None ? NULL : *grid,
					  piece, n, err);
	}
	return 0;
}

/* Append n bytes of piece to a growing text; -1 with MemoryError. */
static int append_piece(char **text, size_t *len, size_t *cap,
			const char *piece, size_t n)
{
	if (*len + n + 1 > *cap) {
		size_t ncap = (*len + n + 1) * 2;
		char *t = PyMem_Realloc(*text, ncap);

		if (!t) {
			PyErr_NoMemory();
			return -1;
		}
		*text = t;
		*cap = ncap;
	}
	memcpy(*text + *len, piece, n);
	*len += n;
	return 0;
}

/* write_all(format: str, models: list, values: list | None, flags: int,
 * picture: tuple | None, sources: list | None) -> str | bytes: one
 * stream (cdok_writer) of every puzzle.  values, when given, holds one
 * flat grid or None per puzzle; None skips that puzzle (it keeps its
 * number in the stream).  picture is picture_setup's; sources, when
 * given, holds each puzzle's caption source (str or None) for a pdf. */
static PyObject *m_write_all(PyObject *module, PyObject *const *args,
			     Py_ssize_t nargs)
{
	cdok_module_state *st = pycdok_state(module);
	const cdok_format *f;
	cdok_writer *w = NULL;
	PyObject *result = NULL;
	char *text = NULL;
	size_t len = 0, cap = 0;
	int *grid = NULL;
	unsigned long flags;
	cdok_error err;
	cdok_status status = CDOK_OK;
	bool answers = false;
	Py_ssize_t count;

	if (check_nargs("write_all", nargs, 6) < 0)
		return NULL;
	f = write_all_format(st, args, &flags);
	if (!f)
		return NULL;
	count = PyList_GET_SIZE(args[1]);
	w = cdok_writer_new(f, (unsigned)flags);
	if (!w)
		return PyErr_NoMemory();
	if (picture_setup(st, w, f, args[4], &answers) < 0) {
		cdok_writer_free(w);
		return NULL;
	}
	memset(&err, 0, sizeof(err));
	for (Py_ssize_t i = 0; i <= count; i++) {
		char *piece = NULL;
		size_t n = 0;

		if (i == count) {
			status = cdok_writer_finish(w, &piece, &n, &err);
		} else {
			int r = write_one(st, w, f, args, i, answers, &grid,
					  &piece, &n, &err, &status);

			if (r < 0)
				goto out;
			if (r > 0)
				continue;
		}
		if (status != CDOK_OK) {
			/* In a stream, say which puzzle it was. */
			if (status != CDOK_ERR_NOMEM && i < count &&
			    count > 1) {
				char msg[sizeof(err.message) + 32];

				snprintf(msg, sizeof(msg), "puzzle #%zd: %s",
					 i + 1, err.message);
				raise_at(error_class(st, status), msg, 0, 0);
			} else {
				pycdok_raise(st, status, &err);
			}
			goto out;
		}
		if (append_piece(&text, &len, &cap, piece, n) < 0) {
			cdok_free(piece);
			goto out;
		}
		cdok_free(piece);
	}
	result = pycdok_output(f, text ? text : "", len);
out:
	PyMem_Free(grid);
	PyMem_Free(text);
	cdok_writer_free(w);
	return result;
}

static PyMethodDef module_methods[] = {
	{"ops_find", pycdok_ops_find, METH_O,
	 "ops_find(text: str) -> int (-1: not a set, -2: no + or *)"},
	{"ops_names", pycdok_ops_names, METH_NOARGS,
	 "ops_names() -> list of str"},
	{"version", m_version, METH_NOARGS,
	 "version() -> str: the version of the linked C library"},
	{"formats", m_formats, METH_NOARGS,
	 "formats() -> list of (name, summary, flags)"},
	{"detect", m_detect, METH_O,
	 "detect(data: bytes) -> str | None: the format of a text"},
	{"read", (PyCFunction)(void (*)(void))m_read, METH_FASTCALL,
	 "read(data: bytes, format: str | None, rules: int) -> list[Model]"},
	{"read_grid", (PyCFunction)(void (*)(void))m_read_grid, METH_FASTCALL,
	 "read_grid(data: bytes, size: int) -> list[list[int | None]]"},
	{"write_all", (PyCFunction)(void (*)(void))m_write_all, METH_FASTCALL,
	 "write_all(format, models, values, flags, picture, sources) -> "
	 "str | bytes"},
	{"build", (PyCFunction)(void (*)(void))pycdok_build, METH_FASTCALL,
	 "build(size, givens, cages, boxes, rules) -> Model"},
	{"killer_build", (PyCFunction)(void (*)(void))pycdok_killer_build,
	 METH_FASTCALL,
	 "killer_build(board, cages) -> Model: the seed's data shapes"},
	{"generate", (PyCFunction)(void (*)(void))pycdok_generate, METH_FASTCALL,
	 "generate(size, ops, two_cell, max_cage, iterations, max_score, "
	 "target_score, kind, box_rows, box_cols, rules, seed, level) -> "
	 "(Model, score)"},
	{"levels", pycdok_levels, METH_O,
	 "levels(scale: int) -> list of (name, code)"},
	{"level_find", (PyCFunction)(void (*)(void))pycdok_level_find,
	 METH_FASTCALL, "level_find(scale, word) -> int (-1: none)"},
	{"techniques", pycdok_techniques, METH_NOARGS,
	 "techniques() -> list of (name, title, calcudoku level, killer "
	 "level)"},
	{"read_state", (PyCFunction)(void (*)(void))pycdok_read_state,
	 METH_FASTCALL, "read_state(data: bytes, size) -> (values, marks)"},
	{"write_state", (PyCFunction)(void (*)(void))pycdok_write_state,
	 METH_FASTCALL, "write_state(size, values, marks) -> str"},
	{NULL, NULL, 0, NULL}
};

/* ---- module life ---- */

/* The formats this build holds: the core's, libcdok-json's and
 * libcdok-render's (built into the extension from lib/json/ and
 * lib/render/). */
static cdok_formats *make_formats(void)
{
	cdok_formats *set = cdok_formats_new();

	if (set && (cdok_formats_add(set, cdok_json_formats(), NULL) !=
		    CDOK_OK ||
		    cdok_formats_add(set, cdok_render_formats(), NULL) !=
		    CDOK_OK)) {
		cdok_formats_free(set);
		return NULL;
	}
	return set;
}

static int get_error(PyObject *errors, const char *name, PyObject **out)
{
	*out = PyObject_GetAttrString(errors, name);
	return *out ? 0 : -1;
}

static int module_exec(PyObject *module)
{
	cdok_module_state *st = pycdok_state(module);
	PyObject *errors;
	int bad;

	st->formats = make_formats();
	if (!st->formats) {
		PyErr_NoMemory();
		return -1;
	}
	st->model_type = (PyTypeObject *)PyType_FromModuleAndSpec(
		module, &pycdok_model_spec, NULL);
	if (!st->model_type)
		return -1;
	if (PyModule_AddType(module, st->model_type) < 0)
		return -1;
	errors = PyImport_ImportModule("cdok._errors");
	if (!errors)
		return -1;
	bad = get_error(errors, "Error", &st->error) < 0 ||
	      get_error(errors, "ParseError", &st->parse_error) < 0 ||
	      get_error(errors, "InvalidError", &st->invalid_error) < 0 ||
	      get_error(errors, "LimitError", &st->limit_error) < 0 ||
	      get_error(errors, "UnsupportedError", &st->unsupported_error) < 0;
	Py_DECREF(errors);
	if (bad)
		return -1;
	return PyModule_AddIntConstant(module, "NONE", CDOK_NONE);
}

static int module_traverse(PyObject *module, visitproc visit, void *arg)
{
	cdok_module_state *st = pycdok_state(module);

	Py_VISIT(st->model_type);
	Py_VISIT(st->error);
	Py_VISIT(st->parse_error);
	Py_VISIT(st->invalid_error);
	Py_VISIT(st->limit_error);
	Py_VISIT(st->unsupported_error);
	return 0;
}

static int module_clear(PyObject *module)
{
	cdok_module_state *st = pycdok_state(module);

	Py_CLEAR(st->model_type);
	Py_CLEAR(st->error);
	Py_CLEAR(st->parse_error);
	Py_CLEAR(st->invalid_error);
	Py_CLEAR(st->limit_error);
	Py_CLEAR(st->unsupported_error);
	return 0;
}

static void module_free(void *module)
{
	cdok_module_state *st = pycdok_state(module);

	module_clear(module);
	cdok_formats_free(st->formats);
	st->formats = NULL;
}

static PyModuleDef_Slot module_slots[] = {
	{Py_mod_exec, (void *)module_exec},
	{0, NULL}
};

static struct PyModuleDef cdok_module = {
	PyModuleDef_HEAD_INIT,
	.m_name = "cdok._cdok",
	.m_doc = "The C layer of the cdok package: libcdok's puzzle model, "
		 "formats, solver,\ngenerator and grader.  Use the cdok package, "
		 "not this module.",
	.m_size = sizeof(cdok_module_state),
	.m_methods = module_methods,
	.m_slots = module_slots,
	.m_traverse = module_traverse,
	.m_clear = module_clear,
	.m_free = module_free,
};

PyMODINIT_FUNC PyInit__cdok(void);

PyMODINIT_FUNC PyInit__cdok(void)
{
	return PyModuleDef_Init(&cdok_module);
}
