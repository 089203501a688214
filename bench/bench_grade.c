/* bench_grade.c -- `cdok-bench --grade`: how long grading takes
 * (cdok_grade, doc/LEVELS.md), in-process, per grid size.
 *
 *     cdok-bench --grade [-r REPEAT] [--list] DIR|FILE...
 *
 * Every .keen, .solo and .spec file of each DIR (or each FILE) is read
 * (its format told from its text) and graded at least REPEAT times
 * (default 5) and for at least 20 ms; a puzzle's time is the median of
 * its runs.  One line per grid size: puzzles, median, 90th percentile
 * and largest of the per-puzzle times in microseconds; with --list one
 * line per puzzle with its level.  The bar of issue 12 is a median under
 * 2000 us at 9 x 9.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cdok.h"

struct graded {
	int size;
	double us;
};

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static bool wanted(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot && (!strcmp(dot, ".keen") || !strcmp(dot, ".solo") ||
		       !strcmp(dot, ".spec"));
}

/* Grade the first puzzle of path; false when it cannot be read. */
static bool grade_file(const char *path, int repeat, bool list,
		       struct graded *out)
{
	FILE *f = fopen(path, "rb");
	char *text;
	size_t len;
	cdok_reader *r;
	cdok_puzzle *p = NULL;
	cdok_grading g;
	double runs[4096], spent = 0;
	int n = 0;

	if (!f)
		return false;
	text = malloc(1 << 20);
	len = text ? fread(text, 1, (1 << 20) - 1, f) : 0;
	fclose(f);
	if (!text)
		return false;
	r = cdok_reader_new(cdok_format_detect(text, len), text, len);
	if (!r || cdok_reader_next(r, &p, NULL) != CDOK_OK) {
		cdok_reader_free(r);
		free(text);
		return false;
	}
	while (n < 4096 && (n < repeat || spent < 20000)) {
		double t0 = now_us();

		cdok_grade(p, NULL, &g, NULL);
		runs[n] = now_us() - t0;
		spent += runs[n++];
	}
	qsort(runs, (size_t)n, sizeof(runs[0]), cmp_double);
	out->size = cdok_puzzle_size(p);
	out->us = runs[n / 2];
	if (list)
		printf("%-40s %3d %-13s %5d %9.1f\n", path, out->size,
		       g.outcome == CDOK_GRADE_LEVEL ?
		       cdok_level_name(g.scale, g.level) : "-", g.score,
		       out->us);
	cdok_puzzle_free(p);
	cdok_reader_free(r);
	free(text);
	return true;
}

static int cmp_graded(const void *a, const void *b)
{
	const struct graded *x = a, *y = b;

	if (x->size != y->size)
		return x->size - y->size;
	return (x->us > y->us) - (x->us < y->us);
}

int bench_grade(int argc, char **argv)
{
	struct graded *all = NULL;
	size_t n = 0, cap = 0;
	int repeat = 5, status = 0;
	bool list = false;

	for (int i = 0; i < argc; i++) {
		DIR *d;
		struct dirent *e;
		char path[4096];

		if (!strcmp(argv[i], "-r") && i + 1 < argc) {
			repeat = atoi(argv[++i]);
			continue;
		}
		if (!strcmp(argv[i], "--list")) {
			list = true;
			continue;
		}
		d = opendir(argv[i]);
		for (;;) {
			bool ok;

			if (d) {
				e = readdir(d);
				if (!e)
					break;
				if (!wanted(e->d_name))
					continue;
				snprintf(path, sizeof(path), "%s/%s", argv[i],
					 e->d_name);
			} else {
				snprintf(path, sizeof(path), "%s", argv[i]);
			}
			if (n == cap) {
				cap = cap ? 2 * cap : 256;
				all = realloc(all, cap * sizeof(*all));
				if (!all)
					return 1;
			}
			ok = grade_file(path, repeat, list, &all[n]);
			if (ok)
				n++;
			else
				fprintf(stderr, "cdok-bench: %s: cannot read "
					"a puzzle\n", path), status = 1;
			if (!d)
				break;
		}
		if (d)
			closedir(d);
	}
	qsort(all, n, sizeof(*all), cmp_graded);
	printf("%4s %8s %10s %10s %10s\n", "size", "puzzles", "median_us",
	       "p90_us", "max_us");
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && all[j].size == all[i].size)
			j++;
		printf("%4d %8zu %10.1f %10.1f %10.1f\n", all[i].size, j - i,
		       all[i + (j - i) / 2].us,
		       all[i + ((j - i) * 9 + 9) / 10 - 1].us, all[j - 1].us);
		i = j;
	}
	free(all);
	return status;
}
