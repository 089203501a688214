/* sumgen.c -- `cdok-sumgen`: random sum-only Calcudoku puzzles, the hard
 * class of issue 16 that a solver must decide quickly.
 *
 * Each puzzle is a random Latin square (cdok_generate_grid) cut into
 * random connected cages: a cage starts at a random free cell and grows
 * by random free neighbours until it has its drawn size of 4, 5 or 6
 * cells or has no free neighbour left; a cage left with one cell is then
 * merged into a neighbouring cage.  So cages have 2 to 7 cells.  Every
 * cage is a sum (+) of the square's values, and there are no givens.
 * Nothing checks uniqueness: most such puzzles have several solutions,
 * and telling that quickly is the point of the benchmark.
 *
 * Puzzle K of seed S draws from cdok_rng_seed(S, K) alone, so any one
 * puzzle can be made again without the others (--first K --count 1).
 * The figures depend on the library's grid generator: the same seed
 * gives the same puzzles as long as cdok_generate_grid and cdok_rng do
 * not change.  See bench/README.md. */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"

#define MIN_GROW   4   /* cages are drawn with 4..6 cells */
#define MAX_GROW   6
#define MAX_CAGE   7   /* a merged one-cell leftover may make 7 */
#define MAX_SIZE  16   /* this benchmark's grids; far above 12 */

static const char *progname = "cdok-sumgen";

/* The cells of cage k, collected from cage_of[], in reading order. */
static int cage_cells(const int *cage_of, int ncells, int k, int *cells)
{
	int n = 0;

	for (int c = 0; c < ncells; c++)
		if (cage_of[c] == k)
			cells[n++] = c;
	return n;
}

/* The orthogonal neighbours of cell c in an n x n grid; returns how many. */
static int neighbours(int n, int c, int out[4])
{
	int r = c / n, col = c % n, k = 0;

	if (r > 0)
		out[k++] = c - n;
	if (r < n - 1)
		out[k++] = c + n;
	if (col > 0)
		out[k++] = c - 1;
	if (col < n - 1)
		out[k++] = c + 1;
	return k;
}

/* Cut the n x n grid into cages: cage_of[cell] = cage number 0..K-1,
 * numbered in the reading order of their first cells.  Returns K, or 0
 * when a one-cell leftover has no neighbouring cage with room for it
 * (the caller draws again). */
static int partition(int n, cdok_rng *rng, int *cage_of)
{
	int ncells = n * n, ncages = 0;
	int order[MAX_SIZE * MAX_SIZE], size[MAX_SIZE * MAX_SIZE];
	int frontier[MAX_SIZE * MAX_SIZE], renumber[MAX_SIZE * MAX_SIZE];
	bool in_frontier[MAX_SIZE * MAX_SIZE];

	for (int c = 0; c < ncells; c++) {
		cage_of[c] = -1;
		order[c] = c;
	}
	/* Cages start at the free cells in a random order. */
	for (int i = ncells - 1; i > 0; i--) {
		int j = (int)cdok_rng_below(rng, (uint64_t)i + 1), t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < ncells; i++) {
		int start = order[i], k, want, nf = 0;

		if (cage_of[start] >= 0)
			continue;
		k = ncages++;
		want = MIN_GROW +
		       (int)cdok_rng_below(rng, MAX_GROW - MIN_GROW + 1);
		cage_of[start] = k;
		size[k] = 1;
		memset(in_frontier, 0, sizeof in_frontier);
		/* The frontier: free cells next to the cage, each once. */
		for (int c = start;;) {
			int nb[4], m = neighbours(n, c, nb), pick;

			for (int j = 0; j < m; j++)
				if (cage_of[nb[j]] < 0 && !in_frontier[nb[j]]) {
					in_frontier[nb[j]] = true;
					frontier[nf++] = nb[j];
				}
			if (size[k] == want || nf == 0)
				break;
			pick = (int)cdok_rng_below(rng, (uint64_t)nf);
			c = frontier[pick];
			frontier[pick] = frontier[--nf];
			cage_of[c] = k;
			size[k]++;
		}
	}

	/* A one-cell cage is walled in by earlier cages (so two such cages
	 * are never neighbours); it joins one of them at random, among
	 * those that stay within MAX_CAGE cells. */
	for (int c = 0; c < ncells; c++) {
		int k = cage_of[c], nb[4], m = neighbours(n, c, nb), nk = 0;
		int choice[4];

		if (size[k] != 1)
			continue;
		for (int j = 0; j < m; j++) {
			int other = cage_of[nb[j]];
			bool seen = false;

			for (int t = 0; t < nk; t++)
				seen |= choice[t] == other;
			if (!seen && other != k && size[other] < MAX_CAGE)
				choice[nk++] = other;
		}
		if (nk == 0)
			return 0;
		cage_of[c] = choice[cdok_rng_below(rng, (uint64_t)nk)];
		size[cage_of[c]]++;
		size[k] = 0;
	}

	/* Number the cages that are left by their first cells. */
	for (int k = 0; k < ncages; k++)
		renumber[k] = -1;
	ncages = 0;
	for (int c = 0; c < ncells; c++) {
		if (renumber[cage_of[c]] < 0)
			renumber[cage_of[c]] = ncages++;
		cage_of[c] = renumber[cage_of[c]];
	}
	return ncages;
}

/* Make puzzle `index` of `seed`: *out gets the puzzle, values its
 * planted solution (size*size ints). */
static cdok_status make_puzzle(int n, uint64_t seed, uint64_t index,
			       cdok_puzzle **out, int *values)
{
	int cage_of[MAX_SIZE * MAX_SIZE], cells[MAX_SIZE * MAX_SIZE];
	int ncages;
	cdok_puzzle *p;
	cdok_status st;
	cdok_rng rng;

	cdok_rng_seed(&rng, seed, index);
	st = cdok_generate_grid(n, &rng, values);
	if (st != CDOK_OK)
		return st;
	while ((ncages = partition(n, &rng, cage_of)) == 0)
		;
	p = cdok_puzzle_new(n);
	if (!p)
		return CDOK_ERR_NOMEM;
	for (int k = 0; k < ncages; k++) {
		int m = cage_cells(cage_of, n * n, k, cells);
		int64_t sum = 0;

		for (int j = 0; j < m; j++)
			sum += values[cells[j]];
		st = cdok_puzzle_add_cage(p, CDOK_OP_ADD, sum, cells, m, NULL,
					  NULL);
		if (st != CDOK_OK) {
			cdok_puzzle_free(p);
			return st;
		}
	}
	*out = p;
	return CDOK_OK;
}

/* Write text to path, which must not exist yet. */
static bool write_new(const char *path, const char *text)
{
	FILE *f = fopen(path, "wx");

	if (!f) {
		fprintf(stderr, "%s: %s: %s%s\n", progname, path,
			strerror(errno),
			errno == EEXIST ? " (remove it to make it again)" :
					  "");
		return false;
	}
	fputs(text, f);
	if (fclose(f) != 0) {
		fprintf(stderr, "%s: %s: %s\n", progname, path,
			strerror(errno));
		return false;
	}
	return true;
}

/* The solution as N lines of N numbers, as the corpus's .sol files. */
static char *solution_text(int n, const int *values)
{
	char *s = malloc((size_t)n * (size_t)n * 4 + 1), *w = s;

	if (!s)
		return NULL;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			w += sprintf(w, "%d%c", values[r * n + c],
				     c == n - 1 ? '\n' : ' ');
	return s;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s [-s SIZE] [--seed S] [-n COUNT] [--first K] "
		"[-o DIR] [--prefix NAME]\n"
		"Make random sum-only puzzles: a random Latin square, "
		"random connected\ncages of 2 to 7 cells, every clue a sum, "
		"no givens (bench/README.md).\n"
		"  -s, --size SIZE    grid size, 2..%d (default 9)\n"
		"  --seed S           seed (default 1)\n"
		"  -n, --count COUNT  puzzles to make (default 1)\n"
		"  --first K          number of the first puzzle (default 1); "
		"puzzle K of\n"
		"                     seed S is the same in every run\n"
		"  -o, --output DIR   write DIR/NAME_KKK.spec and .sol for "
		"each puzzle\n"
		"                     (existing files are not replaced); "
		"without it, print\n"
		"                     the specs, separated by blank lines\n"
		"  --prefix NAME      file name prefix (default sumSIZE)\n",
		progname, MAX_SIZE);
}

/* A whole number in lo..hi from an option's argument, or -1. */
static long long number(const char *arg, long long lo, long long hi)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(arg, &end, 10);
	if (errno || end == arg || *end || v < lo || v > hi)
		return -1;
	return v;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "size", required_argument, NULL, 's' },
		{ "seed", required_argument, NULL, 'S' },
		{ "count", required_argument, NULL, 'n' },
		{ "first", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "prefix", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long long size = 9, seed = 1, count = 1, first = 1;
	const char *dir = NULL, *prefix = NULL;
	const cdok_format *spec = cdok_format_find("spec");
	char defprefix[32], path[4096];
	int c;

	while ((c = getopt_long(argc, argv, "s:n:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			size = number(optarg, 2, MAX_SIZE);
			break;
		case 'S':
			seed = number(optarg, 0, INT64_MAX);
			break;
		case 'n':
			count = number(optarg, 1, 1000000);
			break;
		case 'f':
			first = number(optarg, 1, INT64_MAX / 2);
			break;
		case 'o':
			dir = optarg;
			break;
		case 'p':
			prefix = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
		if (size < 0 || seed < 0 || count < 0 || first < 0) {
			fprintf(stderr, "%s: '%s': not a number in range "
				"(try --help)\n", progname, optarg);
			return 2;
		}
	}
	if (optind < argc) {
		usage(stderr);
		return 2;
	}
	if (!prefix) {
		snprintf(defprefix, sizeof defprefix, "sum%lld", size);
		prefix = defprefix;
	}

	for (long long i = 0; i < count; i++) {
		int values[MAX_SIZE * MAX_SIZE];
		long long k = first + i;
		cdok_puzzle *p = NULL;
		cdok_error err = { 0 };
		char *text = NULL, *sol;
		bool ok;

		if (make_puzzle((int)size, (uint64_t)seed, (uint64_t)k, &p,
				values) != CDOK_OK) {
			fprintf(stderr, "%s: out of memory\n", progname);
			return 1;
		}
		/* The cut must give a valid puzzle that the planted grid
		 * solves; anything else is a bug here. */
		if (cdok_puzzle_validate(p, &err) != CDOK_OK ||
		    !cdok_puzzle_is_solution(p, values) ||
		    cdok_write(spec, p, NULL, &text, NULL, &err) != CDOK_OK) {
			fprintf(stderr, "%s: puzzle %lld: %s\n", progname, k,
				err.message[0] ? err.message : "not solved "
				"by its grid");
			cdok_puzzle_free(p);
			return 1;
		}
		cdok_puzzle_free(p);
		if (!dir) {
			printf("%s%s", i ? "\n" : "", text);
			cdok_free(text);
			continue;
		}
		snprintf(path, sizeof path, "%s/%s_%03lld.spec", dir, prefix,
			 k);
		ok = write_new(path, text);
		cdok_free(text);
		sol = solution_text((int)size, values);
		snprintf(path, sizeof path, "%s/%s_%03lld.sol", dir, prefix,
			 k);
		if (!ok || !sol || !write_new(path, sol)) {
			free(sol);
			return 1;
		}
		free(sol);
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
