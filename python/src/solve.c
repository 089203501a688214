/* solve.c -- Model.solve: the search, without the GIL.
 *
 * The search runs with the GIL released, so other Python threads go on
 * (and may search other puzzles, or the same one: a Model never
 * changes).  Everything the search touches is on this call's stack: the
 * solutions kept, the deadline, the progress callable.  The library
 * calls back every few hundred nodes; that is where a timeout is
 * checked, where a Python progress callable is called (with the GIL
 * taken for the call) and, a few times a second, where Ctrl-C is
 * noticed.
 */
#include "pycdok.h"

#include <string.h>
#include <time.h>

/* How often (ns) a search without a progress callable looks at pending
 * signals: often enough for Ctrl-C to feel immediate, rarely enough
 * that taking the GIL costs nothing measurable. */
#define SIGNAL_CHECK_NS 50000000ull

struct solve_call {
	int cells;              /* size * size */
	Py_ssize_t keep;        /* solutions to keep; -1: all */
	int *kept;              /* kept solutions, cells values each */
	Py_ssize_t nkept, cap;
	int nomem;
	uint64_t deadline;      /* monotonic ns; 0: none */
	uint64_t next_signal_check;
	PyObject *progress;     /* callable or NULL */
	int py_error;           /* a Python exception is pending */
	int timed_out;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Called without the GIL: keep a copy (PyMem_Raw* needs no GIL). */
static int on_solution(void *user, const int *values)
{
	struct solve_call *c = user;

	if (c->keep >= 0 && c->nkept >= c->keep)
		return 0;
	if (c->nkept == c->cap) {
		Py_ssize_t cap = c->cap ? 2 * c->cap : 4;
		int *kept = PyMem_RawRealloc(c->kept, (size_t)cap *
						      (size_t)c->cells *
						      sizeof(*kept));

		if (!kept) {
			c->nomem = 1;
			return 1;
		}
		c->kept = kept;
		c->cap = cap;
	}
	memcpy(c->kept + c->nkept * c->cells, values,
	       (size_t)c->cells * sizeof(*values));
	c->nkept++;
	return 0;
}

/* With the GIL: run pending signal handlers and the progress callable.
 * Non-zero stops the search. */
static int python_progress(struct solve_call *c, uint64_t nodes)
{
	PyGILState_STATE gil = PyGILState_Ensure();
	int stop = 0;

	if (PyErr_CheckSignals() < 0) {
		stop = c->py_error = 1;
	} else if (c->progress) {
		PyObject *n = PyLong_FromUnsignedLongLong(nodes);
		PyObject *r = n ? PyObject_CallOneArg(c->progress, n) : NULL;

		Py_XDECREF(n);
		if (!r)
			stop = c->py_error = 1;
		else
			stop = PyObject_IsTrue(r);
		if (stop < 0)
			stop = c->py_error = 1;
		Py_XDECREF(r);
	}
	PyGILState_Release(gil);
	return stop;
}

/* Called without the GIL every few hundred nodes. */
static int on_progress(void *user, uint64_t nodes)
{
	struct solve_call *c = user;
	uint64_t now = now_ns();

	if (c->deadline && now >= c->deadline) {
		c->timed_out = 1;
		return 1;
	}
	if (c->progress || now >= c->next_signal_check) {
		c->next_signal_check = now + SIGNAL_CHECK_NS;
		return python_progress(c, nodes);
	}
	return 0;
}

static PyObject *solutions_list(const struct solve_call *c, int size)
{
	PyObject *list = PyList_New(c->nkept);

	for (Py_ssize_t i = 0; list && i < c->nkept; i++) {
		PyObject *grid = pycdok_grid(c->kept + i * c->cells, size);

		if (!grid)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, i, grid);
	}
	return list;
}

static int parse_args(PyObject *const *args, Py_ssize_t nargs,
		      cdok_solve_params *par, struct solve_call *c)
{
	double timeout;

	if (nargs != 5) {
		PyErr_SetString(PyExc_TypeError, "solve() takes 5 arguments");
		return -1;
	}
	par->limit = PyLong_AsUnsignedLongLong(args[0]);
	c->keep = PyLong_AsSsize_t(args[1]);
	par->max_nodes = PyLong_AsUnsignedLongLong(args[2]);
	timeout = PyFloat_AsDouble(args[3]);
	if (PyErr_Occurred())
		return -1;
	if (args[4] != Py_None) {
		if (!PyCallable_Check(args[4])) {
			PyErr_SetString(PyExc_TypeError, "progress must be "
					"callable");
			return -1;
		}
		c->progress = args[4];
	}
	c->next_signal_check = now_ns() + SIGNAL_CHECK_NS;
	if (timeout > 0) {
		/* Beyond a year is the same as no deadline. */
		if (timeout > 3.2e7)
			timeout = 3.2e7;
		c->deadline = now_ns() + (uint64_t)(timeout * 1e9);
	}
	par->on_solution = on_solution;
	par->user = c;
	par->on_progress = on_progress;
	par->progress_user = c;
	return 0;
}

PyObject *pycdok_model_solve(PyObject *self, PyObject *const *args,
			     Py_ssize_t nargs)
{
	const cdok_puzzle *p = ((ModelObject *)self)->puzzle;
	int size = cdok_puzzle_size(p);
	struct solve_call c;
	cdok_solve_params par;
	cdok_result res;
	cdok_error err;
	cdok_status status;
	PyObject *solutions, *out = NULL;

	memset(&c, 0, sizeof(c));
	c.cells = size * size;
	cdok_solve_params_init(&par);
	if (parse_args(args, nargs, &par, &c) < 0)
		return NULL;
	memset(&err, 0, sizeof(err));
	memset(&res, 0, sizeof(res));
	Py_BEGIN_ALLOW_THREADS
	status = cdok_solve(p, &par, NULL, &res, &err);
	Py_END_ALLOW_THREADS
	if (c.py_error)
		goto out;
	if (c.nomem || status == CDOK_ERR_NOMEM) {
		PyErr_NoMemory();
		goto out;
	}
	if (status != CDOK_OK) {
		pycdok_raise(pycdok_state_of_type(Py_TYPE(self)), status, &err);
		goto out;
	}
	solutions = solutions_list(&c, size);
	if (solutions)
		out = Py_BuildValue("(iKOOKKKNO)", (int)res.verdict,
				    (unsigned long long)res.count,
				    res.complete ? Py_True : Py_False,
				    res.gave_up ? Py_True : Py_False,
				    (unsigned long long)res.nodes,
				    (unsigned long long)res.branches,
				    (unsigned long long)res.search_score,
				    solutions,
				    c.timed_out ? Py_True : Py_False);
out:
	PyMem_RawFree(c.kept);
	return out;
}
