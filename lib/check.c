/* check.c -- does a complete grid obey every rule of a puzzle?  This is
 * the plain, obviously-correct reading of the rules: the solver's answers
 * are confirmed with it before they are reported. */
#include <stdlib.h>

#include "internal.h"

bool cdok_cage_holds(cdok_op op, int64_t target, const int *v, int n)
{
	int64_t sum = 0, max = 0;

	if (n < 1)
		return false;
	for (int i = 0; i < n; i++) {
		sum += v[i];
		if (v[i] > max)
			max = v[i];
	}
	switch (op) {
	case CDOK_OP_ADD:
		return sum == target;
	case CDOK_OP_SUB:
		/* Some cell minus all the others.  With positive values only
		 * the largest can be the minuend of a non-negative result,
		 * but checking each cell keeps this a literal reading. */
		for (int i = 0; i < n; i++)
			if (2 * (int64_t)v[i] - sum == target)
				return true;
		return false;
	case CDOK_OP_MUL: {
		/* Divide the target down instead of multiplying up, so no
		 * product can overflow. */
		int64_t rest = target;

		for (int i = 0; i < n; i++) {
			if (v[i] <= 0 || rest % v[i])
				return false;
			rest /= v[i];
		}
		return rest == 1;
	}
	case CDOK_OP_DIV:
		/* Some cell divided by the product of all the others,
		 * exactly: v[i] == target * prod(others). */
		for (int i = 0; i < n; i++) {
			int64_t need = v[i];
			bool ok = target > 0 && need % target == 0;

			if (!ok)
				continue;
			need /= target;
			for (int j = 0; j < n && ok; j++) {
				if (j == i)
					continue;
				if (v[j] <= 0 || need % v[j])
					ok = false;
				else
					need /= v[j];
			}
			if (ok && need == 1)
				return true;
		}
		return false;
	}
	return false;
}

int cdok_puzzle_is_solution(const cdok_puzzle *p, const int *values)
{
	int n = p->size;
	uint64_t *rows, *cols;
	int *buf;
	int ok = 1;

	rows = calloc((size_t)n, sizeof(*rows));
	cols = calloc((size_t)n, sizeof(*cols));
	buf = malloc((size_t)n * (size_t)n * sizeof(*buf));
	if (!rows || !cols || !buf) {
		ok = 0;
		goto out;
	}
	for (int cell = 0; cell < n * n && ok; cell++) {
		int v = values[cell];
		uint64_t bit;

		if (v < 1 || v > n) {
			ok = 0;
			break;
		}
		if (p->given[cell] && p->given[cell] != v) {
			ok = 0;
			break;
		}
		bit = (uint64_t)1 << v;
		if ((rows[cell / n] & bit) || (cols[cell % n] & bit))
			ok = 0;
		rows[cell / n] |= bit;
		cols[cell % n] |= bit;
	}
	for (int c = 0; c < p->ncages && ok; c++) {
		const struct cdok_cage *cage = &p->cages[c];

		for (int i = 0; i < cage->ncells; i++)
			buf[i] = values[cage->cells[i]];
		if (!cdok_cage_holds(cage->op, cage->target, buf,
				     cage->ncells))
			ok = 0;
	}
out:
	free(rows);
	free(cols);
	free(buf);
	return ok;
}
