/* generate.c -- the _cdok module's generation: generate() as the cdok
 * program generates, and the operator sets by name, all by the
 * library's settings (include/cdok.h, "Front ends ask").
 */
#include "pycdok.h"

#include <string.h>

/* generate(size, ops, two_cell, max_cage, iterations, max_score,
 *          target_score, kind, box_rows, box_cols, rules, seed, level)
 *   -> (Model, score)
 *
 * kind is 0 for Calcudoku, 1 for Killer Sudoku, 2 for plain Sudoku.
 *
 * level and iterations are -1 when the caller names none.  As the cdok
 * program generates, by the library's settings (cdok_gen_set_level):
 * with a level (>= 0) the library makes a puzzle of exactly that level;
 * with neither, its default level for the kind and size
 * (cdok_gen_default_level); otherwise the difficulty that max_score and
 * target_score bound is the grade's (the solver's for Nylimb puzzles,
 * which have no levels). */
PyObject *pycdok_generate(PyObject *module, PyObject *const *args,
			  Py_ssize_t nargs)
{
	cdok_module_state *st = pycdok_state(module);
	cdok_gen_params par;
	cdok_puzzle *p = NULL;
	cdok_rng rng;
	cdok_error err;
	cdok_status status;
	cdok_gen_result gen = {0, {0}, NULL};
	uint64_t seed;
	PyObject *model;
	int kind, level, rounds;

	if (nargs != 13)
		return PyErr_Format(PyExc_TypeError, "generate() takes 13 "
				    "arguments (%zd given)", nargs);
	cdok_gen_params_init(&par);
	if (pycdok_int(args[0], &par.size) < 0 ||
	    pycdok_int(args[3], &par.max_cage) < 0 ||
	    pycdok_int(args[4], &rounds) < 0 ||
	    pycdok_int(args[8], &par.box_rows) < 0 ||
	    pycdok_int(args[9], &par.box_cols) < 0 ||
	    pycdok_int(args[7], &kind) < 0 ||
	    pycdok_int(args[12], &level) < 0)
		return NULL;
	par.ops = (unsigned)PyLong_AsUnsignedLong(args[1]);
	par.two_cell = PyObject_IsTrue(args[2]);
	par.max_score = PyLong_AsUnsignedLongLong(args[5]);
	par.target_score = PyLong_AsUnsignedLongLong(args[6]);
	par.killer = kind == 1;
	par.sudoku = kind == 2;
	par.rules = (unsigned)PyLong_AsUnsignedLong(args[10]);
	seed = PyLong_AsUnsignedLongLong(args[11]);
	if (PyErr_Occurred())
		return NULL;
	memset(&err, 0, sizeof(err));
	if (level < 0 && rounds < 0)
		level = cdok_gen_default_level(&par);
	status = cdok_gen_set_level(&par, level, rounds, &err);
	if (status != CDOK_OK)
		return pycdok_raise(st, status, &err);
	cdok_rng_seed(&rng, seed, 0);
	Py_BEGIN_ALLOW_THREADS
	status = cdok_generate(&par, NULL, &rng, &p, &gen, &err);
	Py_END_ALLOW_THREADS
	if (status != CDOK_OK)
		return pycdok_raise(st, status, &err);
	model = pycdok_model_new(st, p);
	if (!model)
		return NULL;
	return Py_BuildValue("(NK)", model, (unsigned long long)gen.score);
}

/* ops_find(text) -> int: the operator set text names (bits CDOK_GEN_*),
 * -1 when it is neither a name nor operator characters, -2 when the
 * characters hold neither + nor * (cdok_gen_ops_find). */
PyObject *pycdok_ops_find(PyObject *module, PyObject *arg)
{
	Py_ssize_t n;
	const char *text;
	unsigned ops = 0;
	cdok_status status;

	(void)module;
	text = PyUnicode_AsUTF8AndSize(arg, &n);
	if (!text)
		return NULL;
	if ((size_t)n != strlen(text))
		return PyLong_FromLong(-1);
	status = cdok_gen_ops_find(text, &ops);
	return PyLong_FromLong(status == CDOK_OK ? (long)ops :
			       status == CDOK_ERR_INVALID ? -2 : -1);
}

/* ops_names() -> list of the names ops_find takes. */
PyObject *pycdok_ops_names(PyObject *module, PyObject *unused)
{
	PyObject *list = PyList_New(0);

	(void)module;
	(void)unused;
	for (int i = 0; list && cdok_gen_ops_name(i); i++) {
		PyObject *name = PyUnicode_FromString(cdok_gen_ops_name(i));

		if (!name || PyList_Append(list, name) < 0) {
			Py_XDECREF(name);
			Py_CLEAR(list);
			break;
		}
		Py_DECREF(name);
	}
	return list;
}
