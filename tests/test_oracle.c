/* test_oracle.c -- the library's solver against a second, naive one.
 *
 * The oracle is the tests' own reading of RULES.md (ref.h), which shares
 * no code with lib/: it reads the puzzle through the public accessors,
 * counts solutions by a plain search and confirms every grid it counts
 * with a literal check of every rule.  It is slow, but short enough to
 * trust by reading.
 *
 * Random puzzles come from a seeded generator of our own: a random Latin
 * square, cut into random connected cages with targets computed from it,
 * then sometimes spoiled (a target moved, a wrong given, no givens at
 * all) so that unique, ambiguous and unsolvable puzzles all occur.  Each
 * puzzle is solved by both with limit 3 and the answers must agree.
 *
 * Nothing is printed unless a puzzle disagrees; then the puzzle is printed
 * with its seed.  CDOK_ORACLE_COUNT sets how many puzzles to try and
 * CDOK_ORACLE_SEED the base seed, for long runs:
 *
 *	CDOK_ORACLE_COUNT=200000 build/cdok-tests --filter 'oracle/random_puzzles'
 *
 * (about 4 puzzles per millisecond at -O2).
 */
#include <criterion/criterion.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"
#include "ref.h"

#define MAX_N       6            /* the generator's largest grid */
#define MAX_CELLS   (MAX_N * MAX_N)
#define MAX_CAGE    5            /* the generator's largest cage */
#define LIMIT       3            /* counts are compared up to this */

#define DEFAULT_COUNT 10000
#define DEFAULT_SEED  0x5eed0c0d0cull

/* Print at most this many disagreeing puzzles in full; count the rest. */
#define MAX_REPORTS 5

/* ---- a small seeded generator (splitmix64) ---- */

struct rng {
	uint64_t state;
};

static uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* 0..n-1.  The modulo bias is far below anything a test could notice. */
static int rng_below(struct rng *r, int n)
{
	return (int)(rng_next(r) % (uint64_t)n);
}

static bool rng_percent(struct rng *r, int percent)
{
	return rng_below(r, 100) < percent;
}

static void shuffle(struct rng *r, int *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = rng_below(r, i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* ---- the random puzzle generator ---- */

/* A Latin square with values 1..n.  Half the time an isotope of the
 * cyclic square (rows, columns and symbols shuffled); otherwise filled
 * cell by cell with random choices and backtracking, which also reaches
 * the squares that are no group's table. */
static bool latin_fill(struct rng *r, int n, int *sq, int cell,
		       bool row_has[][MAX_N + 1], bool col_has[][MAX_N + 1])
{
	int vals[MAX_N];

	if (cell == n * n)
		return true;
	for (int i = 0; i < n; i++)
		vals[i] = i + 1;
	shuffle(r, vals, n);
	for (int i = 0; i < n; i++) {
		int v = vals[i], row = cell / n, col = cell % n;

		if (row_has[row][v] || col_has[col][v])
			continue;
		sq[cell] = v;
		row_has[row][v] = col_has[col][v] = true;
		if (latin_fill(r, n, sq, cell + 1, row_has, col_has))
			return true;
		row_has[row][v] = col_has[col][v] = false;
	}
	return false;
}

static void random_latin(struct rng *r, int n, int *sq)
{
	if (rng_percent(r, 50)) {
		int rows[MAX_N], cols[MAX_N], syms[MAX_N];

		for (int i = 0; i < n; i++)
			rows[i] = cols[i] = syms[i] = i;
		shuffle(r, rows, n);
		shuffle(r, cols, n);
		shuffle(r, syms, n);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++)
				sq[i * n + j] = syms[(rows[i] + cols[j]) % n]
						+ 1;
	} else {
		bool row_has[MAX_N][MAX_N + 1] = { { false } };
		bool col_has[MAX_N][MAX_N + 1] = { { false } };

		cr_assert(latin_fill(r, n, sq, 0, row_has, col_has));
	}
}

struct region {
	int ncells;
	int cells[MAX_CAGE];
};

/* Cut the grid into connected regions of 1..MAX_CAGE cells: start at a
 * random free cell and grow by random free neighbours. */
static int random_regions(struct rng *r, int n, struct region *regions)
{
	static const int size_weights[MAX_CAGE] = { 15, 35, 28, 15, 7 };
	int owner[MAX_CELLS], order[MAX_CELLS], nregions = 0;

	for (int i = 0; i < n * n; i++) {
		owner[i] = -1;
		order[i] = i;
	}
	shuffle(r, order, n * n);
	for (int i = 0; i < n * n; i++) {
		struct region *g;
		int want = 1, pick = rng_below(r, 100);

		if (owner[order[i]] >= 0)
			continue;
		for (int k = 0; k < MAX_CAGE; k++) {
			if (pick < size_weights[k]) {
				want = k + 1;
				break;
			}
			pick -= size_weights[k];
		}
		g = &regions[nregions];
		g->ncells = 1;
		g->cells[0] = order[i];
		owner[order[i]] = nregions;
		while (g->ncells < want) {
			int frontier[4 * MAX_CAGE], nf = 0;

			for (int k = 0; k < g->ncells; k++) {
				int cell = g->cells[k], row = cell / n;
				int col = cell % n;

				if (row > 0 && owner[cell - n] < 0)
					frontier[nf++] = cell - n;
				if (row + 1 < n && owner[cell + n] < 0)
					frontier[nf++] = cell + n;
				if (col > 0 && owner[cell - 1] < 0)
					frontier[nf++] = cell - 1;
				if (col + 1 < n && owner[cell + 1] < 0)
					frontier[nf++] = cell + 1;
			}
			if (nf == 0)
				break;
			pick = frontier[rng_below(r, nf)];
			owner[pick] = nregions;
			g->cells[g->ncells++] = pick;
		}
		nregions++;
	}
	return nregions;
}

struct gen_cage {
	cdok_op op;
	int64_t target;
	int ncells;
	int cells[MAX_CAGE];
};

/* The clue of a cage over values v: a random operator whose target is a
 * valid one for the model (difference not negative, ratio a whole
 * number), falling back to sum or product when the drawn one does not
 * fit the values. */
static void random_clue(struct rng *r, struct gen_cage *c, const int *v)
{
	static const cdok_op ops[4] = {
		CDOK_OP_ADD, CDOK_OP_SUB, CDOK_OP_MUL, CDOK_OP_DIV
	};
	int64_t sum = 0, prod = 1, max = 0;
	int k = c->ncells;

	for (int i = 0; i < k; i++) {
		sum += v[i];
		prod *= v[i];
		if (v[i] > max)
			max = v[i];
	}
	c->op = ops[rng_below(r, 4)];
	if (c->op == CDOK_OP_SUB && (k > 4 || 2 * max - sum < 0))
		c->op = rng_percent(r, 50) ? CDOK_OP_ADD : CDOK_OP_MUL;
	if (c->op == CDOK_OP_DIV && (k > 4 || max % (prod / max) != 0))
		c->op = rng_percent(r, 50) ? CDOK_OP_ADD : CDOK_OP_MUL;
	switch (c->op) {
	case CDOK_OP_ADD:
		c->target = sum;
		break;
	case CDOK_OP_SUB:
		c->target = 2 * max - sum;
		break;
	case CDOK_OP_MUL:
		c->target = prod;
		break;
	case CDOK_OP_DIV:
		c->target = max / (prod / max);
		break;
	case CDOK_OP_ANY:       /* not drawn */
		break;
	}
}

/* Move a target so the puzzle probably loses its solution or gains
 * others, keeping it valid for the model (products and ratios
 * positive, nothing negative). */
static void spoil_clue(struct rng *r, struct gen_cage *c, int n)
{
	if (rng_percent(r, 50)) {
		c->target++;
		return;
	}
	switch (c->op) {
	case CDOK_OP_ADD:
		c->target = 1 + rng_below(r, c->ncells * n);
		break;
	case CDOK_OP_SUB:
		c->target = rng_below(r, n);
		break;
	case CDOK_OP_MUL:
		c->target = 1 + rng_below(r, 2 * n * n);
		break;
	case CDOK_OP_DIV:
		c->target = 1 + rng_below(r, n);
		break;
	case CDOK_OP_ANY:       /* not drawn */
		break;
	}
}

struct case_info {
	uint64_t seed;
	bool spoiled;   /* the Latin square may no longer be a solution */
	bool sparse;    /* some whole rows or columns were left free */
	int square[MAX_CELLS];
};

/* Make the puzzle of one seed: everything about it follows from the
 * seed, so a failing puzzle can be made again on its own (the first
 * puzzle of random_puzzles has seed CDOK_ORACLE_SEED itself, so
 * CDOK_ORACLE_SEED=<printed seed> CDOK_ORACLE_COUNT=1 repeats it). */
static cdok_puzzle *generate(uint64_t seed, int size_cap, bool sparse,
			     struct case_info *info)
{
	static const int size_weights[MAX_N] = { 3, 7, 15, 25, 35, 15 };
	struct region regions[MAX_CELLS];
	struct gen_cage cages[MAX_CELLS];
	struct rng r = { seed };
	cdok_puzzle *p;
	int n = MAX_N, nregions, ncages = 0, pick;
	bool no_givens, single_as_cage;

	memset(info, 0, sizeof(*info));
	info->seed = seed;
	pick = rng_below(&r, 100);
	for (int k = 0; k < MAX_N; k++) {
		if (pick < size_weights[k]) {
			n = k + 1;
			break;
		}
		pick -= size_weights[k];
	}
	if (n > size_cap)
		n = size_cap;
	random_latin(&r, n, info->square);
	nregions = random_regions(&r, n, regions);
	p = cdok_puzzle_new(n);
	cr_assert_not_null(p);

	/* Single cells become givens or one-cell cages, or, with all
	 * givens removed, stay free cells that only the Latin rule
	 * constrains. */
	no_givens = rng_percent(&r, 15);
	single_as_cage = rng_percent(&r, 50);
	/* Sparse puzzles: one or two whole rows (or columns) without a
	 * given or a cage, as in a grid that is mostly free. */
	if (sparse) {
		bool rows = rng_percent(&r, 50);
		int lines = 1 + rng_below(&r, 2), freed[2];

		info->sparse = true;
		for (int k = 0; k < lines; k++)
			freed[k] = rng_below(&r, n);
		for (int i = 0; i < nregions; i++)
			for (int j = 0; j < regions[i].ncells; j++) {
				int cell = regions[i].cells[j];
				int line = rows ? cell / n : cell % n;

				for (int k = 0; k < lines; k++)
					if (line == freed[k])
						regions[i].ncells = 0;
			}
	}
	for (int i = 0; i < nregions; i++) {
		const struct region *g = &regions[i];
		struct gen_cage *c;
		int v[MAX_CAGE];

		if (g->ncells == 0)
			continue;

		if (g->ncells == 1 && !single_as_cage &&
		    !rng_percent(&r, 20)) {
			if (!no_givens)
				cr_assert_eq(cdok_puzzle_set_given(p,
					g->cells[0],
					info->square[g->cells[0]]), CDOK_OK);
			continue;
		}
		c = &cages[ncages++];
		c->ncells = g->ncells;
		for (int k = 0; k < g->ncells; k++) {
			c->cells[k] = g->cells[k];
			v[k] = info->square[g->cells[k]];
		}
		random_clue(&r, c, v);
	}

	/* A few correct givens inside cages: redundant, but they take
	 * another path through a solver. */
	if (!no_givens && !sparse && rng_percent(&r, 15)) {
		int cell = rng_below(&r, n * n);

		cdok_puzzle_set_given(p, cell, info->square[cell]);
	}
	/* Spoiled puzzles: moved targets and, more rarely, a wrong
	 * given. */
	if (ncages && rng_percent(&r, 30)) {
		int times = rng_percent(&r, 30) ? 2 : 1;

		for (int t = 0; t < times; t++)
			spoil_clue(&r, &cages[rng_below(&r, ncages)], n);
		info->spoiled = true;
	}
	if (!no_givens && !sparse && rng_percent(&r, 5)) {
		cdok_puzzle_set_given(p, rng_below(&r, n * n),
				      1 + rng_below(&r, n));
		info->spoiled = true;
	}

	for (int i = 0; i < ncages; i++)
		cr_assert_eq(cdok_puzzle_add_cage(p, cages[i].op,
						  cages[i].target,
						  cages[i].cells,
						  cages[i].ncells, NULL, NULL),
			     CDOK_OK);
	cr_assert_eq(cdok_puzzle_validate(p, NULL), CDOK_OK,
		     "generated puzzle %#llx is not valid",
		     (unsigned long long)seed);
	return p;
}

/* ---- reporting a disagreement ---- */

static void print_grid(const char *title, const int *grid, int n)
{
	fprintf(stderr, "%s:\n", title);
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++)
			fprintf(stderr, "%s%d", c ? " " : "  ", grid[r * n + c]);
		fputc('\n', stderr);
	}
}

/* The puzzle both as spec text (which cannot hold free cells or
 * one-cell cages, so the writer may refuse) and as a plain list that
 * can always be rebuilt by hand. */
static void print_puzzle(const cdok_puzzle *p, const struct case_info *info)
{
	const cdok_format *spec = test_format("spec");
	int n = cdok_puzzle_size(p);
	char *text = NULL;
	cdok_status st;
	cdok_error err;

	fprintf(stderr, "--- puzzle seed %#llx, size %d%s\n",
		(unsigned long long)info->seed, n,
		info->spoiled ? " (spoiled)" : "");
	st = spec ? cdok_write(spec, p, NULL, &text, NULL, &err)
		  : CDOK_ERR_UNSUPPORTED;
	if (st == CDOK_OK)
		fprintf(stderr, "%s", text);
	else
		fprintf(stderr, "(spec writer: %s)\n", cdok_status_name(st));
	cdok_free(text);
	fprintf(stderr, "givens:");
	for (int cell = 0; cell < n * n; cell++)
		if (cdok_puzzle_given(p, cell) != CDOK_NONE)
			fprintf(stderr, " %d=%d", cell,
				cdok_puzzle_given(p, cell));
	fputc('\n', stderr);
	for (int i = 0; i < cdok_puzzle_cage_count(p); i++) {
		const int *cells = cdok_cage_cells(p, i);

		fprintf(stderr, "cage %d: %c %lld:", i, (char)cdok_cage_op(p, i),
			(long long)cdok_cage_target(p, i));
		for (int k = 0; k < cdok_cage_size(p, i); k++)
			fprintf(stderr, " %d", cells[k]);
		fputc('\n', stderr);
	}
	print_grid("generator's square", info->square, n);
}

/* ---- comparing the two ---- */

struct collector {
	int cells;
	int count;
	int grids[LIMIT][MAX_CELLS];
};

static int collect_solution(void *user, const int *values)
{
	struct collector *c = user;

	if (c->count < LIMIT)
		memcpy(c->grids[c->count], values,
		       (size_t)c->cells * sizeof(int));
	c->count++;
	return 0;
}

/* What is wrong with the library's answer, or NULL if it agrees with
 * the oracle's count `want` (taken with the same limit). */
static const char *judge(const cdok_puzzle *p, uint64_t want,
			 const int *oracle_first, uint64_t limit,
			 cdok_status st,
			 const cdok_result *res, const struct collector *col,
			 const int *first)
{
	size_t bytes = (size_t)col->cells * sizeof(int);
	int have = col->count < (int)limit ? col->count : (int)limit;

	if (st != CDOK_OK)
		return "cdok_solve failed";
	if (res->count != want)
		return "solution counts differ";
	if (res->complete != (want < limit))
		return "complete flag wrong";
	if ((uint64_t)col->count != res->count)
		return "callback count differs from result count";
	if (res->count && memcmp(first, col->grids[0], bytes))
		return "solution buffer is not the first solution reported";
	if (want == 1 && limit > 1 && memcmp(col->grids[0], oracle_first,
					     bytes))
		return "unique solutions differ";
	for (int i = 0; i < have; i++) {
		if (!ref_is_solution(p, col->grids[i]))
			return "library reported a grid that breaks a rule";
		for (int j = 0; j < i; j++)
			if (!memcmp(col->grids[i], col->grids[j], bytes))
				return "library reported one solution twice";
	}
	return NULL;
}

/* Solve one puzzle both ways.  Returns NULL if they agree, else what is
 * wrong (and the puzzle is printed while reports are left). */
static const char *compare(const cdok_puzzle *p, const struct case_info *info,
			   uint64_t limit, int *reports)
{
	struct ref_count oracle;
	int oracle_first[MAX_CELLS];
	struct collector col;
	cdok_solve_params params;
	cdok_result res;
	cdok_error err;
	cdok_status st;
	int first[MAX_CELLS];
	const char *why = NULL;
	uint64_t want;
	int n = cdok_puzzle_size(p);

	memset(&oracle, 0, sizeof(oracle));
	oracle.limit = limit;
	oracle.first = oracle_first;
	ref_count(p, &oracle);
	want = oracle.count;

	memset(&col, 0, sizeof(col));
	col.cells = n * n;
	memset(first, 0, sizeof(first));
	memset(&res, 0, sizeof(res));
	memset(&err, 0, sizeof(err));
	cdok_solve_params_init(&params);
	params.limit = limit;
	params.on_solution = collect_solution;
	params.user = &col;
	st = cdok_solve(p, &params, first, &res, &err);

	/* The oracle is checked too, on what the generator knows: an
	 * unspoiled puzzle has at least the generator's square. */
	if (!info->spoiled && (want == 0 ||
			       !ref_is_solution(p, info->square)))
		why = "oracle rejects the generator's own square";
	else
		why = judge(p, want, oracle_first, limit, st, &res, &col,
			    first);
	if (why && (*reports)++ < MAX_REPORTS) {
		fprintf(stderr, "oracle: %s\n", why);
		print_puzzle(p, info);
		fprintf(stderr, "oracle: count %llu (limit %llu)\n",
			(unsigned long long)want, (unsigned long long)limit);
		if (want)
			print_grid("oracle's first solution", oracle_first, n);
		fprintf(stderr, "library: status %s%s%s, count %llu, "
			"complete %d, callbacks %d\n", cdok_status_name(st),
			st != CDOK_OK ? ": " : "",
			st != CDOK_OK ? err.message : "",
			(unsigned long long)res.count, res.complete,
			col.count);
		for (int i = 0; i < col.count && i < (int)limit; i++)
			print_grid("library's solution", col.grids[i], n);
	}
	return why;
}

static uint64_t env_number(const char *name, uint64_t fallback)
{
	const char *s = getenv(name);
	char *end;
	unsigned long long v;

	if (!s || !*s)
		return fallback;
	v = strtoull(s, &end, 0);
	cr_assert(*end == '\0', "%s=%s is not a number", name, s);
	return v;
}

/* Seeds of consecutive puzzles, spread over the whole 64-bit range. */
static uint64_t case_seed(uint64_t base, uint64_t index)
{
	return base + index * 0x632be59bd9b4e019ull;
}

/* The same puzzle with every cage's operator hidden ('?'), and with
 * two_cell under the two-cell rule (a hidden cage of three or more
 * cells is then a sum or a product, which the square may not meet: the
 * case counts as spoiled). */
static cdok_puzzle *hide_ops(const cdok_puzzle *p, bool two_cell,
			     struct case_info *info)
{
	int n = cdok_puzzle_size(p);
	cdok_puzzle *h = cdok_puzzle_new(n);

	cr_assert_not_null(h);
	for (int cell = 0; cell < n * n; cell++)
		cr_assert_eq(cdok_puzzle_set_given(h, cell,
						   cdok_puzzle_given(p, cell)),
			     CDOK_OK);
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++)
		cr_assert_eq(cdok_puzzle_add_cage(h, CDOK_OP_ANY,
						  cdok_cage_target(p, k),
						  cdok_cage_cells(p, k),
						  cdok_cage_size(p, k), NULL,
						  NULL), CDOK_OK);
	if (two_cell) {
		cr_assert_eq(cdok_puzzle_set_rules(h, CDOK_RULE_TWO_CELL),
			     CDOK_OK);
		info->spoiled = true;
	}
	return h;
}

static void run_random(uint64_t salt, uint64_t count, int size_cap,
		       bool sparse, uint64_t limit)
{
	uint64_t base = env_number("CDOK_ORACLE_SEED", DEFAULT_SEED) ^ salt;
	uint64_t failures = 0;
	const char *first_why = NULL;
	int reports = 0;

	for (uint64_t i = 0; i < count; i++) {
		struct case_info info;
		cdok_puzzle *p = generate(case_seed(base, i), size_cap, sparse,
					  &info);
		const char *why = compare(p, &info, limit, &reports);

		if (why) {
			if (!first_why)
				first_why = why;
			failures++;
		}
		cdok_puzzle_free(p);
	}
	cr_expect_eq(failures, 0, "%llu of %llu random puzzles disagree with "
		     "the oracle (first: %s); see the puzzles printed above",
		     (unsigned long long)failures, (unsigned long long)count,
		     first_why ? first_why : "");
}

/* Hidden operators (issue 33): the random puzzles with every operator
 * hidden, half of them under the two-cell rule.  The checkers must
 * agree on the square and on spoiled copies, and the counts up to
 * LIMIT must agree. */
static void run_hidden(uint64_t salt, uint64_t count)
{
	uint64_t base = env_number("CDOK_ORACLE_SEED", DEFAULT_SEED) ^ salt;
	uint64_t failures = 0, checks = 0;
	const char *first_why = NULL;
	int reports = 0;

	for (uint64_t i = 0; i < count; i++) {
		struct case_info info;
		cdok_puzzle *p = generate(case_seed(base, i), MAX_N, false,
					  &info);
		cdok_puzzle *h = hide_ops(p, i % 2, &info);
		struct rng r = { info.seed ^ 0x3f3f };
		int n = cdok_puzzle_size(h), grid[MAX_CELLS];
		const char *why;

		for (int t = 0; t < 2; t++) {
			memcpy(grid, info.square, sizeof(grid));
			if (t)
				grid[rng_below(&r, n * n)] = 1 + rng_below(&r, n);
			if (!!cdok_puzzle_is_solution(h, grid) !=
			    ref_is_solution(h, grid) && checks++ < MAX_REPORTS) {
				fprintf(stderr, "oracle: checkers disagree on "
					"a hidden-operator puzzle\n");
				print_puzzle(h, &info);
				print_grid("grid", grid, n);
			}
		}
		why = compare(h, &info, LIMIT, &reports);
		if (why) {
			if (!first_why)
				first_why = why;
			failures++;
		}
		cdok_puzzle_free(h);
		cdok_puzzle_free(p);
	}
	cr_expect_eq(checks, 0, "%llu grids judged differently by "
		     "cdok_puzzle_is_solution and the oracle",
		     (unsigned long long)checks);
	cr_expect_eq(failures, 0, "%llu of %llu hidden-operator puzzles "
		     "disagree with the oracle (first: %s)",
		     (unsigned long long)failures, (unsigned long long)count,
		     first_why ? first_why : "");
}

/* ---- the tests ---- */

Test(oracle, hidden_operators)
{
	run_hidden(0x3f, env_number("CDOK_ORACLE_COUNT", DEFAULT_COUNT) / 2);
}

/* The library's checker against the oracle's, on the generator's
 * squares and on copies with two cells swapped or one value changed:
 * both readings of the rules must agree on every grid.  This needs no
 * solver. */
Test(oracle, checker_agrees)
{
	uint64_t base = env_number("CDOK_ORACLE_SEED", DEFAULT_SEED) ^ 0xc4ec;
	uint64_t count = env_number("CDOK_ORACLE_COUNT", DEFAULT_COUNT);
	uint64_t failures = 0;

	for (uint64_t i = 0; i < count; i++) {
		struct case_info info;
		cdok_puzzle *p = generate(case_seed(base, i), MAX_N, false, &info);
		struct rng r = { info.seed ^ 0x5a5a };
		int n = cdok_puzzle_size(p), grid[MAX_CELLS];

		for (int t = 0; t < 4; t++) {
			memcpy(grid, info.square, sizeof(grid));
			if (t == 1 || t == 3) {
				int a = rng_below(&r, n * n);
				int b = rng_below(&r, n * n), v = grid[a];

				grid[a] = grid[b];
				grid[b] = v;
			}
			if (t >= 2)
				grid[rng_below(&r, n * n)] = 1 + rng_below(&r, n);
			if (!!cdok_puzzle_is_solution(p, grid) !=
			    ref_is_solution(p, grid)) {
				if (failures++ < MAX_REPORTS) {
					fprintf(stderr, "oracle: checkers "
						"disagree (library says %d)\n",
						cdok_puzzle_is_solution(p,
									grid));
					print_puzzle(p, &info);
					print_grid("grid", grid, n);
				}
			}
		}
		cdok_puzzle_free(p);
	}
	cr_expect_eq(failures, 0, "%llu grids judged differently by "
		     "cdok_puzzle_is_solution and the oracle",
		     (unsigned long long)failures);
}

/* Every Latin square of order 3 and 4 (no cages, no givens) and a
 * bounded count of order 5: the same numbers from both. */
Test(oracle, empty_grids, .timeout = 1200)
{
	for (int n = 1; n <= 5; n++) {
		cdok_puzzle *p = cdok_puzzle_new(n);
		cdok_solve_params params;
		cdok_result res;
		cdok_status st;
		uint64_t limit = n <= 4 ? 0 : 1000, want;

		cr_assert_not_null(p);
		want = ref_count_solutions(p, limit);
		cdok_solve_params_init(&params);
		params.limit = limit;
		st = cdok_solve(p, &params, NULL, &res, NULL);
		cr_expect_eq(st, CDOK_OK, "empty %d x %d: solver failed", n, n);
		cr_expect(res.count == want && res.complete == (limit == 0),
			  "empty %d x %d: expected %llu solutions, got %llu "
			  "(complete %d)", n, n, (unsigned long long)want,
			  (unsigned long long)res.count, res.complete);
		cdok_puzzle_free(p);
	}
}

/* The main comparison: grids of 1..5 with a few of 6. */
Test(oracle, random_puzzles)
{
	run_random(0, env_number("CDOK_ORACLE_COUNT", DEFAULT_COUNT), MAX_N,
		   false, LIMIT);
}

/* Puzzles with whole free rows or columns, asked the questions the
 * solver answers differently for them: is there a solution (limit 1),
 * is it unique (limit 2).  Two free lines make a second solution by
 * trading places, and free lines are filled without search. */
Test(oracle, sparse_puzzles, .timeout = 600)
{
	uint64_t count = env_number("CDOK_ORACLE_COUNT", DEFAULT_COUNT) / 4;

	run_random(0x5a, count, MAX_N - 1, true, 2);
	run_random(0x5b, count, MAX_N - 1, true, 1);
	run_random(0x5c, count, MAX_N - 1, true, LIMIT);
}
