/* killer.c -- killer_build: a Model from the data shapes of the Killer
 * Sudoku seed (Barium's solver): board[y][x], 0 for empty, and cages as
 * (total, [(x, y), ...]).
 *
 * Done in C rather than in Python because cdok.killer.solve(board,
 * cages) is called in loops and its whole cost should be the search:
 * this checks the 81 values and every cage in a few microseconds.  The
 * checks are those of the killer format's reader (doc/FORMAT.md §17),
 * with messages that name the Python value by its index: a wrong type
 * raises TypeError, a wrong value cdok.InvalidError (a ValueError).
 */
#include "pycdok.h"

#include <string.h>

#define N 9
#define CELLS (N * N)

/* A list or a tuple (not a str, not a dict): its fast sequence. */
static PyObject *as_list(PyObject *obj)
{
	if (!PyList_Check(obj) && !PyTuple_Check(obj))
		return NULL;
	return PySequence_Fast(obj, "");
}

static int type_error(const char *what, const char *want, PyObject *obj)
{
	PyErr_Format(PyExc_TypeError, "%s must be %s, not %.100s", what, want,
		     Py_TYPE(obj)->tp_name);
	return -1;
}

/* An int (not a bool) within lo..hi into *out: 0, or why not (the
 * message is made only then, by bad_number: naming the value costs
 * more than checking it). */
enum { NUMBER_OK, NOT_AN_INT, OUT_OF_RANGE, PYTHON_ERROR };

static int number(PyObject *obj, long long lo, long long hi, long long *out)
{
	long long x;
	int overflow;

	if (!PyLong_Check(obj) || PyBool_Check(obj))
		return NOT_AN_INT;
	x = PyLong_AsLongLongAndOverflow(obj, &overflow);
	if (x == -1 && PyErr_Occurred())
		return PYTHON_ERROR;
	if (overflow || x < lo || x > hi)
		return OUT_OF_RANGE;
	*out = x;
	return NUMBER_OK;
}

static int bad_number(cdok_module_state *st, int why, PyObject *obj,
		      const char *what, long long lo, long long hi)
{
	PyObject *repr;

	if (why == PYTHON_ERROR)
		return -1;
	if (why == NOT_AN_INT)
		return type_error(what, "an int", obj);
	repr = PyObject_Repr(obj);
	if (!repr)
		return -1;
	pycdok_invalid(st, "%s is %.40s, outside %lld..%lld", what,
		       PyUnicode_AsUTF8(repr), lo, hi);
	Py_DECREF(repr);
	return -1;
}

static int read_board(cdok_module_state *st, PyObject *board, int *givens)
{
	PyObject *rows;
	char what[64];

	if (!PyList_Check(board))
		return type_error("board", "a list of 9 lists of 9 ints",
				  board);
	rows = board;
	if (PyList_GET_SIZE(rows) != N) {
		pycdok_invalid(st, "board has %zd rows; a Killer Sudoku board "
			       "is 9 x 9", PyList_GET_SIZE(rows));
		return -1;
	}
	for (int y = 0; y < N; y++) {
		PyObject *row = PyList_GET_ITEM(rows, y);

		/* A list, because solve() writes the solution into it. */
		if (!PyList_Check(row) || PyList_GET_SIZE(row) != N) {
			snprintf(what, sizeof(what), "board[%d]", y);
			if (!PyList_Check(row))
				return type_error(what, "a list of 9 ints",
						  row);
			pycdok_invalid(st, "%s has %zd values; a Killer Sudoku "
				       "board is 9 x 9", what,
				       PyList_GET_SIZE(row));
			return -1;
		}
		for (int x = 0; x < N; x++) {
			PyObject *item = PyList_GET_ITEM(row, x);
			long long v = 0;
			int why = number(item, 0, 9, &v);

			if (why != NUMBER_OK) {
				snprintf(what, sizeof(what), "board[%d][%d]",
					 y, x);
				return bad_number(st, why, item, what, 0, 9);
			}
			givens[y * N + x] = v ? (int)v : CDOK_NONE;
		}
	}
	return 0;
}

/* Whether the cells of a cage form one orthogonally connected region. */
static int connected(const int *cells, int n)
{
	int seen[CELLS], queue[CELLS], in_cage[CELLS];
	int head = 0, tail = 0, reached = 0;

	memset(in_cage, 0, sizeof(in_cage));
	memset(seen, 0, sizeof(seen));
	for (int i = 0; i < n; i++)
		in_cage[cells[i]] = 1;
	queue[tail++] = cells[0];
	seen[cells[0]] = 1;
	while (head < tail) {
		int c = queue[head++], r = c / N, col = c % N;
		int next[4] = {r > 0 ? c - N : -1, r < N - 1 ? c + N : -1,
			       col > 0 ? c - 1 : -1, col < N - 1 ? c + 1 : -1};

		reached++;
		for (int k = 0; k < 4; k++) {
			int to = next[k];

			if (to >= 0 && in_cage[to] && !seen[to]) {
				seen[to] = 1;
				queue[tail++] = to;
			}
		}
	}
	return reached == n;
}

/* One cell (x, y) of cages[k][1][i] into *cell. */
static int read_cell(cdok_module_state *st, PyObject *obj, Py_ssize_t k,
		     Py_ssize_t i, int *cell)
{
	PyObject *xy = as_list(obj);
	char what[96];
	long long xy_value[2] = {0, 0};
	int rc = -1;

	if (!xy || PySequence_Fast_GET_SIZE(xy) != 2) {
		snprintf(what, sizeof(what), "cages[%zd][1][%zd]", k, i);
		if (!xy)
			return type_error(what, "a pair (x, y)", obj);
		pycdok_invalid(st, "%s has %zd items; a cell is (x, y), the "
			       "column and the row", what,
			       PySequence_Fast_GET_SIZE(xy));
		goto out;
	}
	for (int j = 0; j < 2; j++) {
		PyObject *item = PySequence_Fast_GET_ITEM(xy, j);
		int why = number(item, 0, 8, &xy_value[j]);

		if (why != NUMBER_OK) {
			snprintf(what, sizeof(what), "cages[%zd][1][%zd][%d] "
				 "(%s)", k, i, j,
				 j ? "y, the row" : "x, the column");
			bad_number(st, why, item, what, 0, 8);
			goto out;
		}
	}
	*cell = (int)(xy_value[1] * N + xy_value[0]);
	rc = 0;
out:
	Py_XDECREF(xy);
	return rc;
}

/* cages[k] into the puzzle; owner[] records which cage holds a cell. */
static int read_cage(cdok_module_state *st, cdok_puzzle *p, PyObject *obj,
		     Py_ssize_t k, int *owner)
{
	PyObject *cage = as_list(obj), *cells = NULL;
	char what[64];
	int flat[CELLS], n, index, why, rc = -1;
	long long total = 0;
	cdok_status status;

	if (!cage || PySequence_Fast_GET_SIZE(cage) != 2) {
		snprintf(what, sizeof(what), "cages[%zd]", k);
		if (!cage)
			return type_error(what, "a pair (total, [(x, y), ...])",
					  obj);
		pycdok_invalid(st, "%s has %zd items; a cage is (total, [(x, "
			       "y), ...])", what,
			       PySequence_Fast_GET_SIZE(cage));
		goto out;
	}
	why = number(PySequence_Fast_GET_ITEM(cage, 0), 1, INT64_MAX, &total);
	if (why != NUMBER_OK) {
		snprintf(what, sizeof(what), "cages[%zd][0] (the total)", k);
		bad_number(st, why, PySequence_Fast_GET_ITEM(cage, 0), what, 1,
			   INT64_MAX);
		goto out;
	}
	cells = as_list(PySequence_Fast_GET_ITEM(cage, 1));
	n = cells ? (int)PySequence_Fast_GET_SIZE(cells) : 0;
	if (!cells || n < 1 || n > CELLS) {
		snprintf(what, sizeof(what), "cages[%zd][1] (the cells)", k);
		if (!cells)
			type_error(what, "a list of (x, y)",
				   PySequence_Fast_GET_ITEM(cage, 1));
		else
			pycdok_invalid(st, "%s has %d cells; a cage has 1 to "
				       "81", what, n);
		goto out;
	}
	for (int i = 0; i < n; i++) {
		if (read_cell(st, PySequence_Fast_GET_ITEM(cells, i), k, i,
			      &flat[i]) < 0)
			goto out;
		if (owner[flat[i]] >= 0) {
			int c = flat[i];

			if (owner[c] == k)
				pycdok_invalid(st, "cages[%zd][1][%d]: the "
					       "cell (%d, %d) (r%dc%d) is "
					       "listed twice", k, i, c % N,
					       c / N, c / N + 1, c % N + 1);
			else
				pycdok_invalid(st, "cages[%zd][1][%d]: the "
					       "cell (%d, %d) (r%dc%d) is "
					       "already in cages[%d]", k, i,
					       c % N, c / N, c / N + 1,
					       c % N + 1, owner[c]);
			goto out;
		}
		owner[flat[i]] = (int)k;
	}
	if (!connected(flat, n)) {
		pycdok_invalid(st, "cages[%zd] is not connected: a cage's "
			       "cells form one region of orthogonal "
			       "neighbours", k);
		goto out;
	}
	status = cdok_puzzle_add_cage(p, CDOK_OP_ADD, total, flat, n, NULL,
				      &index);
	if (status == CDOK_OK)
		status = cdok_puzzle_set_cage_distinct(p, index, 1);
	if (status != CDOK_OK) {
		pycdok_raise(st, status, NULL);
		goto out;
	}
	rc = 0;
out:
	Py_XDECREF(cells);
	Py_XDECREF(cage);
	return rc;
}

static int read_cages(cdok_module_state *st, cdok_puzzle *p, PyObject *obj)
{
	PyObject *cages = as_list(obj);
	int owner[CELLS], rc = -1;

	if (!cages)
		return type_error("cages", "a list of (total, [(x, y), ...])",
				  obj);
	for (int c = 0; c < CELLS; c++)
		owner[c] = -1;
	for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(cages); k++)
		if (read_cage(st, p, PySequence_Fast_GET_ITEM(cages, k), k,
			      owner) < 0)
			goto out;
	for (int c = 0; c < CELLS; c++)
		if (owner[c] < 0) {
			pycdok_invalid(st, "the cell (%d, %d) (r%dc%d) is in "
				       "no cage; in a Killer Sudoku every cell "
				       "is in exactly one", c % N, c / N,
				       c / N + 1, c % N + 1);
			goto out;
		}
	rc = 0;
out:
	Py_DECREF(cages);
	return rc;
}

PyObject *pycdok_killer_build(PyObject *module, PyObject *const *args,
			      Py_ssize_t nargs)
{
	cdok_module_state *st = pycdok_state(module);
	int givens[CELLS];
	cdok_puzzle *p;

	if (nargs != 2)
		return PyErr_Format(PyExc_TypeError, "killer_build() takes 2 "
				    "arguments");
	if (read_board(st, args[0], givens) < 0)
		return NULL;
	p = cdok_puzzle_new(N);
	if (!p)
		return PyErr_NoMemory();
	if (cdok_puzzle_set_boxes(p, 3, 3) != CDOK_OK ||
	    read_cages(st, p, args[1]) < 0)
		goto fail;
	for (int c = 0; c < CELLS; c++)
		if (givens[c] != CDOK_NONE &&
		    cdok_puzzle_set_given(p, c, givens[c]) != CDOK_OK) {
			pycdok_raise(st, CDOK_ERR_INVALID, NULL);
			goto fail;
		}
	return pycdok_model_new(st, p);
fail:
	if (!PyErr_Occurred())
		PyErr_NoMemory();
	cdok_puzzle_free(p);
	return NULL;
}
