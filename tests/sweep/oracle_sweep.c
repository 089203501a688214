/* oracle_sweep.c -- make check-ci's random comparison: the library's
 * solver against the tests' independent counter (tests/ref.c) on random
 * puzzles of every rule family, 2 x 2 to 10 x 10.
 *
 *	oracle_sweep [-n COUNT] [-s SEED] [-v] [-p]
 *
 * -v names every puzzle and the counter's nodes; -p prints the puzzles
 * (spec text) instead of solving them.
 *
 * Puzzle k (from 0) is made from seed SEED+k alone, so a puzzle that
 * disagrees is made again with -s <its seed> -n 1.  A third of the
 * puzzles are plain Calcudoku (every operator), a third Killer Sudoku
 * (sum cages whose values differ, boxes where the size has a box
 * shape), a third Nylimb (values 0..99 under the digit rule, up to
 * 9 x 9).  Each starts from a solution grid the library draws, is cut
 * into random connected cages of 1 to 5 cells with the targets that
 * grid gives, keeps some single cells as givens, and is then often
 * spoiled (a target moved, givens dropped) so that puzzles with no,
 * one and several solutions all occur.  One puzzle in ten is instead
 * made by cdok_generate, which promises exactly one solution.
 *
 * Both count with a limit of 3.  A finding is any difference: counts,
 * the completeness flag, a reported grid that breaks a rule (ref.c's
 * literal check), two different unique solutions, a generated puzzle
 * without exactly one solution.  The counter has a node budget so that
 * no puzzle can hold the run up; a puzzle it cannot decide within it is
 * counted as undecided (not compared) and the run fails if more than 2 %
 * are.  Nothing here reads a clock: the work is fixed by COUNT.
 *
 * Exit status 0 when there are no findings, 1 otherwise (each finding
 * printed with its seed), 2 for bad usage.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "../ref.h"

#define MAX_N      10
#define MAX_CELLS  (MAX_N * MAX_N)
#define MAX_CAGE   5
#define LIMIT      3
/* The counter's node budget per puzzle: far more than nearly every
 * puzzle here needs, small enough that a bad case costs a second or
 * two.  Its Nylimb nodes cost far more (every cage over 0..99). */
#define REF_BUDGET 1000000u
#define REF_BUDGET_NYLIMB 60000u
#define MAX_FINDINGS_SHOWN 10

enum family { PLAIN, KILLER, NYLIMB, NFAMILIES };

static const char *const family_name[NFAMILIES] = {
	"Calcudoku", "Killer", "Nylimb"
};

struct stats {
	uint64_t puzzles, findings, undecided, generated;
	uint64_t ref_nodes;                    /* the last puzzle's */
	uint64_t by_count[LIMIT + 1];          /* 0, 1, 2, 3+ solutions */
	uint64_t by_family[NFAMILIES];
	uint64_t by_size[MAX_N + 1];
};

static int below(cdok_rng *r, int n)
{
	return (int)cdok_rng_below(r, (uint64_t)n);
}

static bool percent(cdok_rng *r, int p)
{
	return below(r, 100) < p;
}

static void shuffle(cdok_rng *r, int *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = below(r, i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* Random connected regions of 1..MAX_CAGE cells covering the grid; the
 * region of each cell into owner, their number returned.  With
 * distinct, a region takes no value of grid twice (Killer cages). */
static int cut_regions(cdok_rng *r, int n, int min_cells, const int *grid,
		       bool distinct, int *owner)
{
	int order[MAX_CELLS], count = 0;

	for (int i = 0; i < n * n; i++) {
		owner[i] = -1;
		order[i] = i;
	}
	shuffle(r, order, n * n);
	for (int i = 0; i < n * n; i++) {
		int want = min_cells + below(r, MAX_CAGE - min_cells + 1);
		int got = 1, cells[MAX_CAGE];

		if (owner[order[i]] >= 0)
			continue;
		cells[0] = order[i];
		owner[order[i]] = count;
		while (got < want) {
			int frontier[4 * MAX_CAGE], nf = 0;

			for (int k = 0; k < got; k++) {
				int c = cells[k], y = c / n, x = c % n;
				int next[4], nn = 0;

				if (y > 0)
					next[nn++] = c - n;
				if (y + 1 < n)
					next[nn++] = c + n;
				if (x > 0)
					next[nn++] = c - 1;
				if (x + 1 < n)
					next[nn++] = c + 1;
				for (int j = 0; j < nn; j++) {
					bool ok = owner[next[j]] < 0;

					for (int m = 0; ok && distinct &&
					     m < got; m++)
						ok = grid[cells[m]] !=
						     grid[next[j]];
					if (ok)
						frontier[nf++] = next[j];
				}
			}
			if (!nf)
				break;
			cells[got] = frontier[below(r, nf)];
			owner[cells[got++]] = count;
		}
		count++;
	}
	return count;
}

/* A clue the values meet, of an operator drawn from ops (a string of
 * "+-*x/"): - and / only where the model allows their target (not
 * negative, a whole ratio with no zero). */
static void clue_for(cdok_rng *r, const char *ops, const int *v, int k,
		     cdok_op *op, int64_t *target)
{
	int64_t sum = 0, prod = 1, max = -1;
	bool zero = false;

	for (int i = 0; i < k; i++) {
		sum += v[i];
		prod *= v[i];
		zero |= v[i] == 0;
		if (v[i] > max)
			max = v[i];
	}
	switch (ops[below(r, (int)strlen(ops))]) {
	case '-':
		if (k <= 4 && 2 * max - sum >= 0) {
			*op = CDOK_OP_SUB;
			*target = 2 * max - sum;
			return;
		}
		break;
	case '/':
		if (k <= 4 && !zero && max % (prod / max) == 0) {
			*op = CDOK_OP_DIV;
			*target = max / (prod / max);
			return;
		}
		break;
	case '*':
		if (prod > 0) {
			*op = CDOK_OP_MUL;
			*target = prod;
			return;
		}
		break;
	}
	*op = CDOK_OP_ADD;
	*target = sum;
}

/* Move a target so that the grid may no longer solve the puzzle, or
 * others may too, keeping it one the model accepts. */
static int64_t spoiled(cdok_rng *r, cdok_op op, int64_t target, int k, int n)
{
	if (percent(r, 50))
		return target + 1 + below(r, 2);
	switch (op) {
	case CDOK_OP_ADD:
		return 1 + below(r, k * n);
	case CDOK_OP_SUB:
		return below(r, n);
	case CDOK_OP_MUL:
		return 1 + below(r, 2 * n * n);
	default:
		return 1 + below(r, n);
	}
}

static int box_rows_of(int n)
{
	int rows = 0;

	for (int b = 2; b * b <= n; b++)
		if (n % b == 0)
			rows = b;
	return rows;
}

/* The random puzzle of one seed; its grid into grid, *spoilt says
 * whether the grid may no longer solve it.  NULL on a library failure
 * (reported). */
static cdok_puzzle *random_puzzle(uint64_t seed, enum family *fam,
				  int *grid, bool *spoilt)
{
	cdok_rng r;
	cdok_puzzle *p;
	int n, owner[MAX_CELLS], nreg, brows = 0, given_pct;
	bool killer;
	const char *ops;

	cdok_rng_seed(&r, seed, 1);
	*fam = (enum family)below(&r, NFAMILIES);
	n = 2 + below(&r, *fam == NYLIMB ? 8 : 9);
	killer = *fam == KILLER;
	*spoilt = false;
	if (killer && (brows = box_rows_of(n)) && percent(&r, 85)) {
		if (cdok_generate_sudoku(n, brows, n / brows, &r, grid))
			return NULL;
	} else if (*fam == NYLIMB) {
		brows = 0;
		if (cdok_generate_nylimb_grid(n, &r, grid))
			return NULL;
	} else {
		brows = 0;
		if (cdok_generate_grid(n, &r, grid))
			return NULL;
	}
	p = cdok_puzzle_new(n);
	if (!p)
		return NULL;
	if (*fam == NYLIMB)
		cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB);
	if (brows)
		cdok_puzzle_set_boxes(p, brows, n / brows);
	ops = killer ? "+" : percent(&r, 30) ? "+" : percent(&r, 30) ? "+*"
								   : "+-*/";
	/* Larger grids keep more givens so that the counter, which only
	 * prunes, stays quick on them. */
	given_pct = *fam == NYLIMB ? (n <= 3 ? 0 : (n - 3) * 6)
				   : n <= 6 ? 0 : (n - 6) * 6;
	nreg = cut_regions(&r, n, killer ? 2 : 1, grid, killer, owner);
	for (int g = 0; g < nreg; g++) {
		int cells[MAX_CAGE], v[MAX_CAGE], k = 0, index;
		cdok_op op;
		int64_t target;

		for (int c = 0; c < n * n; c++)
			if (owner[c] == g) {
				cells[k] = c;
				v[k++] = grid[c];
			}
		if ((k == 1 && percent(&r, 70)) || percent(&r, given_pct)) {
			for (int i = 0; i < k; i++)
				if (k == 1 || percent(&r, 50))
					cdok_puzzle_set_given(p, cells[i],
							      v[i]);
			if (k == 1)
				continue;
		}
		clue_for(&r, ops, v, k, &op, &target);
		if (percent(&r, 4)) {
			target = spoiled(&r, op, target, k, n);
			*spoilt = true;
		}
		if (cdok_puzzle_add_cage(p, op, target, cells, k, NULL,
					 &index)) {
			cdok_puzzle_free(p);
			return NULL;
		}
		if (killer && k > 1)
			cdok_puzzle_set_cage_distinct(p, index, 1);
	}
	/* Now and then a wrong given, or every given dropped. */
	if (percent(&r, 4)) {
		int c = below(&r, n * n);

		cdok_puzzle_set_given(p, c, *fam == NYLIMB ? below(&r, 100)
							   : 1 + below(&r, n));
		*spoilt = true;
	} else if (n <= 6 && percent(&r, 10)) {
		for (int c = 0; c < n * n; c++)
			cdok_puzzle_set_given(p, c, CDOK_NONE);
	}
	return p;
}

/* One puzzle by the library's generator (sizes 3..7, plain or
 * Killer): the counter must find exactly one solution. */
static cdok_puzzle *generated_puzzle(uint64_t seed, enum family *fam,
				     int *grid)
{
	cdok_gen_params par;
	cdok_gen_result res;
	cdok_puzzle *p = NULL;
	cdok_rng r;
	cdok_error err;

	cdok_rng_seed(&r, seed, 2);
	cdok_gen_params_init(&par);
	*fam = percent(&r, 50) ? KILLER : PLAIN;
	if (*fam == KILLER)
		par.size = percent(&r, 50) ? 4 : 6;
	else
		par.size = 3 + below(&r, 5);
	par.killer = *fam == KILLER;
	memset(&res, 0, sizeof(res));
	res.solution = grid;
	if (cdok_generate(&par, NULL, &r, &p, &res, &err) != CDOK_OK)
		return NULL;
	return p;
}

struct collector {
	int cells, count;
	int grids[LIMIT][MAX_CELLS];
};

static int collect(void *user, const int *values)
{
	struct collector *c = user;

	if (c->count < LIMIT)
		memcpy(c->grids[c->count], values,
		       (size_t)c->cells * sizeof(int));
	c->count++;
	return 0;
}

/* What is wrong with the library's answer, or NULL. */
static const char *compare(const cdok_puzzle *p, bool generated,
			   struct stats *st)
{
	int n = cdok_puzzle_size(p), first[MAX_CELLS];
	size_t bytes = (size_t)(n * n) * sizeof(int);
	struct ref_count ref;
	struct collector col;
	cdok_solve_params params;
	cdok_result res;
	int have;

	memset(&ref, 0, sizeof(ref));
	ref.limit = LIMIT;
	ref.budget = cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB ? REF_BUDGET_NYLIMB
							     : REF_BUDGET;
	ref.first = first;
	ref_count(p, &ref);

	memset(&col, 0, sizeof(col));
	col.cells = n * n;
	cdok_solve_params_init(&params);
	params.limit = LIMIT;
	params.on_solution = collect;
	params.user = &col;
	if (cdok_solve(p, &params, NULL, &res, NULL) != CDOK_OK)
		return "cdok_solve failed";
	st->ref_nodes = ref.nodes;
	have = col.count < LIMIT ? col.count : LIMIT;
	if ((uint64_t)col.count != res.count)
		return "the callback saw another number of solutions than "
		       "the result counts";
	for (int i = 0; i < have; i++) {
		if (!ref_is_solution(p, col.grids[i]))
			return "the library reported a grid that breaks a "
			       "rule";
		for (int j = 0; j < i; j++)
			if (!memcmp(col.grids[i], col.grids[j], bytes))
				return "the library reported one solution "
				       "twice";
	}
	if (res.gave_up)
		return "the library gave up without a node limit";
	if (ref.gave_up) {
		st->undecided++;
		/* What the counter did find, the library must too. */
		return res.count < ref.count ? "the library found fewer "
		       "solutions than the counter had before its budget ran "
		       "out" : NULL;
	}
	st->by_count[ref.count < LIMIT ? ref.count : LIMIT]++;
	if (res.count != ref.count)
		return "solution counts differ";
	if (res.complete != (ref.count < LIMIT))
		return "the completeness flag is wrong";
	if (ref.count == 1 && memcmp(col.grids[0], first, bytes))
		return "the two unique solutions differ";
	if (generated && ref.count != 1)
		return "cdok_generate made a puzzle without exactly one "
		       "solution";
	return NULL;
}

static void show(uint64_t seed, const cdok_puzzle *p, const char *what)
{
	const cdok_format *spec = cdok_format_find("spec");
	char *text = NULL;

	printf("finding: seed %llu (%d x %d): %s\n", (unsigned long long)seed,
	       cdok_puzzle_size(p), cdok_puzzle_size(p), what);
	if (spec && cdok_write(spec, p, NULL, &text, NULL, NULL) == CDOK_OK)
		printf("%s", text);
	cdok_free(text);
}

int main(int argc, char **argv)
{
	uint64_t count = 2400, seed = 1;
	bool verbose = false, print_only = false;
	struct stats st;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			count = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "-s") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "-v"))
			verbose = true;
		else if (!strcmp(argv[i], "-p"))
			print_only = true;
		else {
			fprintf(stderr, "usage: oracle_sweep [-n COUNT] "
				"[-s SEED] [-v] [-p]\n");
			return 2;
		}
	}
	memset(&st, 0, sizeof(st));
	for (uint64_t k = 0; k < count; k++) {
		uint64_t s = seed + k;
		int grid[MAX_CELLS];
		enum family fam;
		bool spoilt = false, generated = s % 10 == 0;
		cdok_error err;
		cdok_puzzle *p;
		const char *what;

		p = generated ? generated_puzzle(s, &fam, grid)
			      : random_puzzle(s, &fam, grid, &spoilt);
		if (!p) {
			printf("finding: seed %llu: the library could not "
			       "make the puzzle\n", (unsigned long long)s);
			st.findings++;
			continue;
		}
		if (print_only) {
			show(s, p, spoilt ? "(spoilt)" : "(not spoilt)");
			cdok_puzzle_free(p);
			continue;
		}
		st.puzzles++;
		st.generated += generated;
		st.by_family[fam]++;
		st.by_size[cdok_puzzle_size(p)]++;
		what = cdok_puzzle_validate(p, &err) != CDOK_OK
			? err.message : compare(p, generated, &st);
		/* An unspoilt puzzle has its grid as a solution. */
		if (!what && !spoilt && !ref_is_solution(p, grid))
			what = "the grid the puzzle was cut from does not "
			       "solve it (the sweep's own bug, or ref.c's)";
		if (what) {
			if (st.findings < MAX_FINDINGS_SHOWN)
				show(s, p, what);
			st.findings++;
		} else if (verbose) {
			printf("seed %llu: %s %d x %d agrees (%llu nodes of "
			       "the counter)\n", (unsigned long long)s,
			       family_name[fam], cdok_puzzle_size(p),
			       cdok_puzzle_size(p),
			       (unsigned long long)st.ref_nodes);
		}
		cdok_puzzle_free(p);
	}

	printf("oracle sweep: %llu puzzles (seeds %llu..%llu; %llu "
	       "Calcudoku, %llu Killer, %llu Nylimb; %llu made by "
	       "cdok_generate)\n", (unsigned long long)st.puzzles,
	       (unsigned long long)seed,
	       (unsigned long long)(seed + count - 1),
	       (unsigned long long)st.by_family[PLAIN],
	       (unsigned long long)st.by_family[KILLER],
	       (unsigned long long)st.by_family[NYLIMB],
	       (unsigned long long)st.generated);
	printf("  by size:");
	for (int n = 2; n <= MAX_N; n++)
		printf(" %d:%llu", n, (unsigned long long)st.by_size[n]);
	printf("\n  solutions: none %llu, one %llu, two %llu, three or "
	       "more %llu; undecided by the counter %llu\n",
	       (unsigned long long)st.by_count[0],
	       (unsigned long long)st.by_count[1],
	       (unsigned long long)st.by_count[2],
	       (unsigned long long)st.by_count[3],
	       (unsigned long long)st.undecided);
	if (st.undecided * 50 > st.puzzles) {
		printf("finding: more than 2 %% of the puzzles were undecided "
		       "by the counter: the sweep compares too little\n");
		st.findings++;
	}
	printf("  findings: %llu\n", (unsigned long long)st.findings);
	return st.findings ? 1 : 0;
}
