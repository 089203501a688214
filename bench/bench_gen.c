/* bench_gen.c -- `cdok-bench --generate`: time the generator, one thread,
 * per size and mode, and check that every puzzle it returns is unique.
 * `--generate --killer` times Killer Sudoku generation instead.
 *
 * Each configuration makes its puzzles from seeds 1, 2, 3, ... so runs
 * are repeatable; the times are wall-clock per puzzle (grid, cages,
 * uniqueness proof), in milliseconds. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cdok.h"

struct config {
	const char *mode;
	int size;
	int count;
	unsigned ops;
	int two_cell;
	int killer;      /* Killer Sudoku (default boxes) */
};

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Make cfg->count puzzles; print one line; false if any failed or was
 * not unique. */
static bool run(const struct config *cfg, int scale)
{
	int count = cfg->count * scale;
	double *ms = malloc(sizeof(double) * (size_t)count), total = 0;
	bool ok = true;

	if (!ms)
		return false;
	for (int i = 0; i < count; i++) {
		cdok_gen_params par;
		cdok_puzzle *p = NULL;
		cdok_result r;
		cdok_rng rng;
		double t0;

		cdok_gen_params_init(&par);
		par.size = cfg->size;
		par.ops = cfg->ops;
		par.two_cell = cfg->two_cell;
		par.killer = cfg->killer;
		cdok_rng_seed(&rng, (uint64_t)i + 1, 0);
		t0 = now_ms();
		if (cdok_generate(&par, NULL, &rng, &p, NULL, NULL) != CDOK_OK) {
			fprintf(stderr, "generate failed: size %d seed %d\n",
				cfg->size, i + 1);
			ok = false;
			ms[i] = 0;
			continue;
		}
		ms[i] = now_ms() - t0;
		total += ms[i];
		/* Not timed: the independent re-check of uniqueness. */
		if (cdok_solve(p, NULL, NULL, &r, NULL) != CDOK_OK ||
		    r.count != 1 || !r.complete) {
			fprintf(stderr, "NOT UNIQUE: size %d seed %d\n",
				cfg->size, i + 1);
			ok = false;
		}
		cdok_puzzle_free(p);
	}
	qsort(ms, (size_t)count, sizeof(double), cmp_double);
	printf("%-8s %5d %8d %11.2f %11.2f %11.2f %11.2f %12.1f\n",
	       cfg->mode, cfg->size, count, ms[count / 2], total / count,
	       ms[(count * 9) / 10], ms[count - 1],
	       total > 0 ? count * 1e3 / total : 0);
	fflush(stdout);
	free(ms);
	return ok;
}

int bench_generate(int argc, char **argv)
{
	static const struct config configs[] = {
		{"default", 4, 50, CDOK_GEN_ALL_OPS, 0, 0},
		{"default", 6, 50, CDOK_GEN_ALL_OPS, 0, 0},
		{"default", 9, 50, CDOK_GEN_ALL_OPS, 0, 0},
		{"default", 12, 20, CDOK_GEN_ALL_OPS, 0, 0},
		{"default", 16, 20, CDOK_GEN_ALL_OPS, 0, 0},
		{"default", 24, 4, CDOK_GEN_ALL_OPS, 0, 0},
		{"default", 32, 2, CDOK_GEN_ALL_OPS, 0, 0},
		{"-T", 4, 50, CDOK_GEN_ALL_OPS, 1, 0},
		{"-T", 6, 50, CDOK_GEN_ALL_OPS, 1, 0},
		{"-T", 9, 50, CDOK_GEN_ALL_OPS, 1, 0},
		{"-T", 12, 20, CDOK_GEN_ALL_OPS, 1, 0},
		{"-T", 16, 20, CDOK_GEN_ALL_OPS, 1, 0},
		{"-T", 24, 4, CDOK_GEN_ALL_OPS, 1, 0},
		{"-T", 32, 2, CDOK_GEN_ALL_OPS, 1, 0},
		{"mul", 9, 50, CDOK_GEN_MUL, 0, 0},
	};
	/* Killer Sudoku: boxes 2x2, 2x3, 2x4, 3x3, 3x4, 4x4; 9 x 9 is the
	 * size that matters, so it gets the most seeds. */
	static const struct config killer_configs[] = {
		{"killer", 4, 100, 0, 0, 1},
		{"killer", 6, 100, 0, 0, 1},
		{"killer", 8, 50, 0, 0, 1},
		{"killer", 9, 200, 0, 0, 1},
		{"killer", 12, 10, 0, 0, 1},
		{"killer", 16, 4, 0, 0, 1},
	};
	const struct config *list = configs;
	size_t nlist = sizeof(configs) / sizeof(configs[0]);
	int scale = 1, max_size = 64;
	bool ok = true;

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--scale") && i + 1 < argc)
			scale = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--max-size") && i + 1 < argc)
			max_size = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--killer")) {
			list = killer_configs;
			nlist = sizeof(killer_configs) /
				sizeof(killer_configs[0]);
		}
	}
	if (scale < 1)
		scale = 1;
	printf("%-8s %5s %8s %11s %11s %11s %11s %12s\n", "mode", "size",
	       "puzzles", "median_ms", "mean_ms", "p90_ms", "max_ms",
	       "puzzles/s");
	for (size_t i = 0; i < nlist; i++)
		if (list[i].size <= max_size && !run(&list[i], scale))
			ok = false;
	return ok ? 0 : 1;
}
