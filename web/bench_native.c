/* bench_native.c -- the page's library calls timed natively, for
 * bench/web.js: the same exported layer (web/cdok_web.c and the cw_*.c
 * files beside it) on the same work, linked with the native libcdok.a,
 * so that the page's figures have a native figure beside them.
 *
 *   web-bench-native gen SIZE LEVEL KILLER SEED COUNT
 *       median milliseconds of cw_generate over seeds SEED..SEED+COUNT-1
 *   web-bench-native solve FILE REPS
 *       mean milliseconds of cw_solve on the file's text, REPS times (the
 *       page's clock is too coarse for one fast solve, so the page takes
 *       the mean too)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

char *cw_generate(int size, const char *level, const char *ops,
		  int two_cell, int kind, int box_rows, int box_cols,
		  const char *seed_text, int hide_ops);
char *cw_solve(const char *puzzle);
void cw_free(char *doc);

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = malloc((size_t)n + 1);
	if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		text = NULL;
	}
	if (text)
		text[n] = '\0';
	fclose(f);
	return text;
}

int main(int argc, char **argv)
{
	double *t, sum = 0;
	int count, mean = 0;

	if (argc == 7 && !strcmp(argv[1], "gen")) {
		unsigned long long seed = strtoull(argv[5], NULL, 10);

		count = atoi(argv[6]);
		t = calloc((size_t)count, sizeof(*t));
		for (int i = 0; t && i < count; i++) {
			char s[32];
			double t0 = now_ms();
			char *doc;

			snprintf(s, sizeof(s), "%llu", seed + (unsigned)i);
			doc = cw_generate(atoi(argv[2]), argv[3], "", 0,
					  atoi(argv[4]), 0, 0, s, 0);
			t[i] = now_ms() - t0;
			if (!doc || strncmp(doc, "{\"ok\":true", 10)) {
				fprintf(stderr, "gen failed: %s\n", doc);
				return 1;
			}
			cw_free(doc);
		}
	} else if (argc == 4 && !strcmp(argv[1], "solve")) {
		char *text = slurp(argv[2]);

		count = atoi(argv[3]);
		mean = 1;
		t = calloc((size_t)count, sizeof(*t));
		if (!text) {
			fprintf(stderr, "cannot read %s\n", argv[2]);
			return 1;
		}
		for (int i = 0; t && i < count; i++) {
			double t0 = now_ms();

			cw_free(cw_solve(text));
			t[i] = now_ms() - t0;
		}
		free(text);
	} else {
		fprintf(stderr, "usage: web-bench-native gen SIZE LEVEL KILLER "
			"SEED COUNT | solve FILE REPS\n");
		return 2;
	}
	if (!t || count < 1)
		return 1;
	for (int i = 0; i < count; i++)
		sum += t[i];
	printf("%.4f\n", mean ? sum / count : median(t, count));
	free(t);
	return 0;
}
