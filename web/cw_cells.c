/* cw_cells.c -- what a cell sees and what a cage can hold: the
 * library's geometry and cage combinations as the page's documents
 * (web/cdok_web.h, doc/WEB.md). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok_web.h"

/* Every cell's peers by the grid alone (cdok_puzzle_peers: the cells
 * of its row, column, box and, under the diagonals rule, diagonal; not
 * its cage): "peers", one list a cell in reading order, so that the
 * page works out no geometry itself. */
CW_EXPORT char *cw_peers(const char *puzzle);
CW_EXPORT char *cw_peers(const char *puzzle)
{
	cdok_error err;
	cdok_puzzle *p;
	struct buf b = { 0 };
	int n, *peers;

	if (cwi_read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return cwi_fail_err(&err);
	n = cdok_puzzle_size(p);
	peers = malloc(sizeof(int) * 4 * (size_t)n);
	if (!peers) {
		cdok_puzzle_free(p);
		return cwi_fail_doc("out of memory", 0, 0);
	}
	cwi_put(&b, "{\"ok\":true,\"peers\":[");
	for (int c = 0; c < n * n; c++) {
		cwi_put(&b, c ? "," : "");
		cwi_put_ints(&b, peers, cdok_puzzle_peers(p, c, peers));
	}
	cwi_put(&b, "]}");
	free(peers);
	cdok_puzzle_free(p);
	return cwi_finish(&b);
}

/* The sets of values the cage holding a cell can take by its clue
 * alone (values kept apart in its rows, columns and boxes), as the
 * library lists them (cdok_cage_combinations): "combos", a list of
 * sorted lists in increasing order, and "complete": false when there
 * were too many layouts to list them all.  Not for Nylimb puzzles. */
CW_EXPORT char *cw_combos(const char *puzzle, int cell);
CW_EXPORT char *cw_combos(const char *puzzle, int cell)
{
	cdok_error err;
	cdok_puzzle *p;
	struct buf b = { 0 };
	int cage, m, *sets = NULL, nsets = 0, complete = 0;

	if (cwi_read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return cwi_fail_err(&err);
	if (cell < 0 || cell >= cdok_puzzle_size(p) * cdok_puzzle_size(p) ||
	    cdok_puzzle_cage_of(p, cell) < 0 ||
	    (cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB)) {
		cdok_puzzle_free(p);
		return cwi_fail_doc("this cell is in no cage", 0, 0);
	}
	cage = cdok_puzzle_cage_of(p, cell);
	m = cdok_cage_size(p, cage);
	memset(&err, 0, sizeof(err));
	if (cdok_cage_combinations(p, cage, &sets, &nsets, &complete,
				   &err) != CDOK_OK) {
		cdok_puzzle_free(p);
		return cwi_fail_err(&err);
	}
	cwi_putf(&b, "{\"ok\":true,\"complete\":%s,\"cells\":",
	     complete ? "true" : "false");
	cwi_put_ints(&b, cdok_cage_cells(p, cage), m);
	cwi_put(&b, ",\"combos\":[");
	for (int s = 0; s < nsets; s++) {
		cwi_put(&b, s ? "," : "");
		cwi_put_ints(&b, sets + (size_t)s * (size_t)m, m);
	}
	cwi_put(&b, "]}");
	cdok_free(sets);
	cdok_puzzle_free(p);
	return cwi_finish(&b);
}

/* The most steps cw_cage_marks spends laying out one cage's sets: a
 * first hint stays quick, and a cage past it keeps what its cells'
 * lines leave. */
#define MARK_STEPS 200000L

/* Where a cage's sets can go: each set of the library's is the values
 * of some fitting layout, and any arrangement of it that keeps values
 * apart where the grid says, and givens in place, fits the clue too
 * (a clue is a sum, product, difference or quotient of the values
 * whatever their order). */
struct layouts {
	const cdok_puzzle *p;
	int m;
	const int *cells;
	const int *set;          /* m values, ascending */
	uint64_t apart[64];      /* per cell: the cage cells it must differ from */
	int vals[64];
	long steps;
};

/* Lay the set out from cell k on, the values of the unused bit clear,
 * cell at holding v; true at the first layout that fits (in vals). */
static int lay_out(struct layouts *l, int k, uint64_t used, int at, int v)
{
	int given;

	if (k == l->m)
		return 1;
	if (++l->steps > MARK_STEPS)
		return 0;
	given = cdok_puzzle_given(l->p, l->cells[k]);
	for (int j = 0; j < l->m; j++) {
		int x = l->set[j], clash = 0;

		/* Equal values are one choice: take the first unused. */
		if (used >> j & 1 || (j && l->set[j - 1] == x &&
				      !(used >> (j - 1) & 1)))
			continue;
		if ((k == at && x != v) || (given != CDOK_NONE && x != given))
			continue;
		for (int q = 0; q < k && !clash; q++)
			clash = (l->apart[k] >> q & 1) && l->vals[q] == x;
		if (clash)
			continue;
		l->vals[k] = x;
		if (lay_out(l, k + 1, used | (uint64_t)1 << j, at, v))
			return 1;
	}
	return 0;
}

/* The values each of the cage's cells takes in some fitting layout,
 * into allowed (one set per cage cell); false when the cage has too
 * many layouts to tell (allowed then means nothing). */
static int cage_allowed(const cdok_puzzle *p, int cage, uint64_t *allowed,
			int *peers, int *nomem)
{
	struct layouts l;
	cdok_error err;
	cdok_status st;
	int *sets = NULL, nsets = 0, complete = 0;

	memset(&l, 0, sizeof(l));
	l.p = p;
	l.m = cdok_cage_size(p, cage);
	l.cells = cdok_cage_cells(p, cage);
	memset(&err, 0, sizeof(err));
	st = cdok_cage_combinations(p, cage, &sets, &nsets, &complete, &err);
	if (st != CDOK_OK || !complete) {
		*nomem = st == CDOK_ERR_NOMEM;
		cdok_free(sets);
		return 0;
	}
	for (int i = 0; i < l.m; i++) {
		int np = cdok_puzzle_peers(p, l.cells[i], peers);

		allowed[i] = 0;
		for (int j = 0; j < l.m; j++) {
			int peer = cdok_cage_distinct(p, cage) && j != i;

			for (int k = 0; k < np && !peer; k++)
				peer = peers[k] == l.cells[j];
			l.apart[i] |= (uint64_t)peer << j;
		}
	}
	for (int s = 0; s < nsets && l.steps <= MARK_STEPS; s++) {
		l.set = sets + (size_t)s * (size_t)l.m;
		for (int i = 0; i < l.m; i++)
			for (int j = 0; j < l.m; j++) {
				int v = l.set[j];

				if (allowed[i] >> v & 1 ||
				    !lay_out(&l, 0, 0, i, v))
					continue;
				for (int k = 0; k < l.m; k++)
					allowed[k] |= (uint64_t)1 << l.vals[k];
			}
	}
	cdok_free(sets);
	return l.steps <= MARK_STEPS;
}

/* The pencil marks of a first hint on a grid without them: for every
 * empty cell, the values its cage's clue allows there (every layout of
 * the cage's sets, values kept apart in rows, columns, boxes and a cage
 * whose values differ, with the givens), less the values of the filled
 * cells that see it.  values as cw_hint takes them.  A cage too large
 * to lay out (the library's listing stopped, or MARK_STEPS) or a cell
 * in no cage keeps every value the filled cells leave.  "candidates":
 * size*size sets (bit v for value v), 0 for a filled cell. */
CW_EXPORT char *cw_cage_marks(const char *puzzle, const char *values);
CW_EXPORT char *cw_cage_marks(const char *puzzle, const char *values)
{
	cdok_error err;
	cdok_puzzle *p;
	struct buf b = { 0 };
	uint64_t *out = NULL, allowed[64];
	int n, nn, *v = NULL, *peers = NULL, failed = 0;

	if (cwi_read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return cwi_fail_err(&err);
	n = cdok_puzzle_size(p);
	nn = n * n;
	if (cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB) {
		cdok_puzzle_free(p);
		return cwi_fail_doc("Nylimb cages are not pencilled in", 0, 0);
	}
	v = malloc(sizeof(int) * (size_t)nn);
	out = malloc(sizeof(uint64_t) * (size_t)nn);
	peers = malloc(sizeof(int) * 4 * (size_t)n);
	if (!v || !out || !peers) {
		failed = 1;
		goto done;
	}
	cwi_parse_ints(values, v, nn);
	for (int i = 0; i < nn; i++)
		if (v[i] <= 0)
			v[i] = CDOK_NONE;
	/* What the filled cells leave (the library's view of a player's
	 * grid without marks). */
	cdok_state_candidates(p, v, NULL, out);
	for (int k = 0; k < cdok_puzzle_cage_count(p) && !failed; k++) {
		const int *cells = cdok_cage_cells(p, k);

		if (!cage_allowed(p, k, allowed, peers, &failed))
			continue;
		for (int i = 0; i < cdok_cage_size(p, k); i++)
			out[cells[i]] &= allowed[i];
	}
	if (!failed) {
		cwi_put(&b, "{\"ok\":true,\"candidates\":[");
		for (int i = 0; i < nn; i++)
			cwi_putf(&b, "%s%" PRIu64, i ? "," : "",
			     v[i] == CDOK_NONE ? out[i] : 0);
		cwi_put(&b, "]}");
	}
done:
	free(v);
	free(out);
	free(peers);
	cdok_puzzle_free(p);
	if (failed) {
		free(b.p);
		return cwi_fail_doc("out of memory", 0, 0);
	}
	return cwi_finish(&b);
}
