/* compare.c -- cdok against tdoku on the same plain Sudoku, in one
 * process, with tdoku's protocol: every puzzle solved with a limit of 2
 * solutions (proving it unique), the mean time per puzzle of a pass over
 * the set, the guesses per puzzle.  bench/tdoku-compare.sh builds it
 * against a tdoku checkout of the caller's (TDOKU_DIR); no tdoku code is
 * part of cdok.
 *
 * Usage: tdoku-compare [-n PUZZLES] [-r REPEATS] FILE...
 * Each FILE holds one puzzle per line (81 characters, '.' or '0' for an
 * empty cell), read with cdok's "sudoku" format.  Per file it prints the
 * puzzles, both solvers' mean microseconds per puzzle (the fastest of
 * the repeated passes, the two solvers' passes taken in turn so that
 * both see the same machine), guesses per puzzle (tdoku: its guesses;
 * cdok: its branch points) and the ratio cdok / tdoku.  The verdicts are
 * checked: both must count the same solutions, and for a unique puzzle
 * cdok's solution must be tdoku's.  A difference makes the exit status
 * 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cdok.h"

/* tdoku's entry point (its include/tdoku.h), declared here so that
 * this file needs none of its headers. */
size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit,
				uint32_t configuration, char *solution,
				size_t *num_guesses);

struct set {
	int n;
	cdok_puzzle **puzzles;
	char (*lines)[82];
};

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, got;

	if (!f)
		return NULL;
	*len = 0;
	do {
		cap = cap * 2 + 65536;
		buf = realloc(buf, cap);
		if (!buf)
			exit(2);
		got = fread(buf + *len, 1, cap - *len, f);
		*len += got;
	} while (*len == cap);
	fclose(f);
	return buf;
}

/* The first max puzzles of a file; exits on an unreadable one. */
static void load(const char *path, int max, struct set *s)
{
	const cdok_format *fmt = cdok_format_find("sudoku");
	size_t len;
	char *text = slurp(path, &len);
	cdok_reader *rd;
	cdok_error err;
	cdok_puzzle *p;

	if (!text) {
		perror(path);
		exit(2);
	}
	rd = cdok_reader_new(fmt, text, len);
	s->n = 0;
	s->puzzles = calloc((size_t)max, sizeof(*s->puzzles));
	s->lines = calloc((size_t)max, sizeof(*s->lines));
	while (s->n < max) {
		cdok_status st = cdok_reader_next(rd, &p, &err);

		if (st == CDOK_END)
			break;
		if (st != CDOK_OK) {
			fprintf(stderr, "%s:%d:%d: %s\n", path, err.line,
				err.column, err.message);
			exit(2);
		}
		for (int i = 0; i < 81; i++) {
			int v = cdok_puzzle_given(p, i);

			s->lines[s->n][i] = v == CDOK_NONE ? '.'
							   : (char)('0' + v);
		}
		s->lines[s->n][81] = '\0';
		s->puzzles[s->n++] = p;
	}
	cdok_reader_free(rd);
	free(text);
}

/* The verdicts and solutions of both, compared; the guesses of each. */
static int check(const char *path, const struct set *s, double *cdok_g,
		 double *tdoku_g)
{
	int bad = 0;
	uint64_t cg = 0, tg = 0;

	for (int i = 0; i < s->n; i++) {
		cdok_result res;
		int sol[81];
		char tsol[82] = {0};
		size_t guesses = 0, tcount;

		tcount = TdokuSolverDpllTriadSimd(s->lines[i], 2, 0, NULL,
						  &guesses);
		tg += guesses;
		if (cdok_solve(s->puzzles[i], NULL, sol, &res, NULL) !=
		    CDOK_OK) {
			fprintf(stderr, "%s: puzzle %d: cdok_solve failed\n",
				path, i + 1);
			return 1;
		}
		cg += res.branches;
		if (res.count != tcount) {
			fprintf(stderr, "%s: puzzle %d: cdok counts %llu "
				"solutions, tdoku %zu\n", path, i + 1,
				(unsigned long long)res.count, tcount);
			bad = 1;
			continue;
		}
		if (tcount != 1)
			continue;
		TdokuSolverDpllTriadSimd(s->lines[i], 1, 0, tsol, &guesses);
		for (int c = 0; c < 81; c++)
			if (sol[c] != tsol[c] - '0') {
				fprintf(stderr, "%s: puzzle %d: the solutions "
					"differ at cell %d\n", path, i + 1, c);
				bad = 1;
				break;
			}
	}
	*cdok_g = (double)cg / s->n;
	*tdoku_g = (double)tg / s->n;
	return bad;
}

static double pass_cdok(const struct set *s)
{
	double t0 = now_us();
	uint64_t sink = 0;

	for (int i = 0; i < s->n; i++) {
		cdok_result res;

		cdok_solve(s->puzzles[i], NULL, NULL, &res, NULL);
		sink += res.count;
	}
	if (sink == UINT64_MAX)
		puts("");
	return now_us() - t0;
}

static double pass_tdoku(const struct set *s)
{
	double t0 = now_us();
	size_t sink = 0, guesses;

	for (int i = 0; i < s->n; i++)
		sink += TdokuSolverDpllTriadSimd(s->lines[i], 2, 0, NULL,
						 &guesses);
	if (sink == SIZE_MAX)
		puts("");
	return now_us() - t0;
}

int main(int argc, char **argv)
{
	int max = 150, reps = 5, opt, bad = 0;

	while ((opt = getopt(argc, argv, "n:r:")) != -1) {
		if (opt == 'n')
			max = atoi(optarg);
		else if (opt == 'r')
			reps = atoi(optarg);
		else
			return 2;
	}
	if (optind >= argc || max < 1 || reps < 1) {
		fprintf(stderr, "usage: tdoku-compare [-n PUZZLES] "
			"[-r REPEATS] FILE...\n");
		return 2;
	}
	printf("%-36s %5s %10s %10s %7s %9s %9s\n", "set", "n", "tdoku_us",
	       "cdok_us", "ratio", "tdoku_g", "cdok_g");
	for (int f = optind; f < argc; f++) {
		struct set s;
		double tb = 1e300, cb = 1e300, cg, tg;
		const char *name = strrchr(argv[f], '/');

		load(argv[f], max, &s);
		if (!s.n)
			continue;
		bad |= check(argv[f], &s, &cg, &tg);
		for (int r = 0; r < reps; r++) {
			double t = pass_tdoku(&s), c = pass_cdok(&s);

			tb = t < tb ? t : tb;
			cb = c < cb ? c : cb;
		}
		printf("%-36s %5d %10.2f %10.2f %6.2fx %9.2f %9.2f\n",
		       name ? name + 1 : argv[f], s.n, tb / s.n, cb / s.n,
		       cb / tb, tg, cg);
		for (int i = 0; i < s.n; i++)
			cdok_puzzle_free(s.puzzles[i]);
		free(s.puzzles);
		free(s.lines);
	}
	return bad;
}
