/* pycdok.h -- shared by the files of cdok's CPython extension (_cdok).
 *
 * The extension is a thin layer over the public C API (include/cdok.h):
 * it converts Python data to the library's arrays and back, turns
 * statuses into the exceptions of cdok/_errors.py, and releases the GIL
 * around searches.  The Pythonic API (the .py files of
 * python/cdok) is built on it.
 *
 * It keeps no global mutable state: what a module needs (its set of
 * formats, its types, the exception classes) lives in the module's
 * state, made once when the module is loaded and never changed; what a
 * call needs lives on that call's stack.
 */
#ifndef PYCDOK_H
#define PYCDOK_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "cdok.h"

/* The module's state (PEP 489): read-only once the module is made. */
typedef struct cdok_module_state {
	/* Every format the extension was built with: the core's, and the
	 * lists of the optional parts compiled in (python/setup.py). */
	cdok_formats *formats;
	PyTypeObject *model_type;
	/* cdok._errors: the base class and one class per status. */
	PyObject *error;
	PyObject *parse_error;
	PyObject *invalid_error;
	PyObject *limit_error;
	PyObject *unsupported_error;
} cdok_module_state;

/* A puzzle of the library, owned by the Python object.  Immutable: no
 * method changes it, so threads may search it at once without the GIL. */
typedef struct {
	PyObject_HEAD
	cdok_puzzle *puzzle;
} ModelObject;

/* model.c */
extern PyType_Spec pycdok_model_spec;
/* A new Model owning puzzle (freed on failure); NULL with an exception
 * set on failure. */
PyObject *pycdok_model_new(cdok_module_state *st, cdok_puzzle *puzzle);
PyObject *pycdok_build(PyObject *module, PyObject *const *args,
		       Py_ssize_t nargs);
/* The problems cdok_check (or cdok_check_partial) found, as tuples
 * (kind, row, column, value, given, where, cage, got, got_den, overflow,
 * sentence). */
PyObject *pycdok_problems(const cdok_puzzle *p, const cdok_problem *problems,
			  int count);

/* solve.c */
PyObject *pycdok_model_solve(PyObject *self, PyObject *const *args,
			     Py_ssize_t nargs);

/* generate.c: generating, operator sets */
PyObject *pycdok_generate(PyObject *module, PyObject *const *args,
			  Py_ssize_t nargs);
PyObject *pycdok_ops_find(PyObject *module, PyObject *arg);
PyObject *pycdok_ops_names(PyObject *module, PyObject *unused);

/* levels.c: levels, grading, hints, states (cdok/_levels.py) */
PyObject *pycdok_levels(PyObject *module, PyObject *arg);
PyObject *pycdok_level_find(PyObject *module, PyObject *const *args,
			    Py_ssize_t nargs);
PyObject *pycdok_techniques(PyObject *module, PyObject *unused);
PyObject *pycdok_read_state(PyObject *module, PyObject *const *args,
			    Py_ssize_t nargs);
PyObject *pycdok_write_state(PyObject *module, PyObject *const *args,
			     Py_ssize_t nargs);
PyObject *pycdok_model_scale(PyObject *self, void *closure);
PyObject *pycdok_model_grade(PyObject *self, PyObject *const *args,
			     Py_ssize_t nargs);
PyObject *pycdok_model_explain(PyObject *self, PyObject *const *args,
			       Py_ssize_t nargs);
PyObject *pycdok_model_hint(PyObject *self, PyObject *const *args,
			    Py_ssize_t nargs);
PyObject *pycdok_model_apply(PyObject *self, PyObject *const *args,
			     Py_ssize_t nargs);
PyObject *pycdok_model_check_partial(PyObject *self, PyObject *const *args,
				     Py_ssize_t nargs);

/* killer.c */
PyObject *pycdok_killer_build(PyObject *module, PyObject *const *args,
			      Py_ssize_t nargs);

/* module.c */
cdok_module_state *pycdok_state(PyObject *module);
cdok_module_state *pycdok_state_of_type(PyTypeObject *type);
/* Raise the exception for a failed call (err filled by the library);
 * returns NULL so that callers can write return pycdok_raise(...). */
PyObject *pycdok_raise(cdok_module_state *st, cdok_status status,
		       const cdok_error *err);
/* Raise cdok.InvalidError (a ValueError) with a formatted message. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
PyObject *pycdok_invalid(cdok_module_state *st, const char *fmt, ...);
/* The format of the module's set with this name, or NULL with
 * cdok.Error raised (naming the formats there are). */
const cdok_format *pycdok_format(cdok_module_state *st, PyObject *name);
/* Text or bytes for the library's output of a format: bytes for binary
 * formats, str otherwise. */
PyObject *pycdok_output(const cdok_format *format, const char *text,
			size_t len);

/* An int that fits a C int, into *out; -1 with an exception set if obj
 * is not one. */
int pycdok_int(PyObject *obj, int *out);
/* A flat grid of n values from a sequence of ints or None (None: no
 * value, CDOK_NONE).  -1 with TypeError/ValueError set if it is not one;
 * what names the argument in messages. */
int pycdok_values(PyObject *seq, int n, int *values, const char *what);
/* Values for a writer: "no value" is 0 in a plain puzzle (every writer
 * takes it so, and some refuse CDOK_NONE), CDOK_NONE in a Nylimb one
 * (where 0 is a value). */
void pycdok_writer_values(const cdok_puzzle *p, int *values);
/* A list of size lists of size ints. */
PyObject *pycdok_grid(const int *values, int size);

#endif /* PYCDOK_H */
