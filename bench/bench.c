/* bench.c -- how long does the solver take to prove a puzzle unique?
 *
 * For every *.spec and *.puz file of each folder given, the puzzle is
 * solved in-process with limit 2 (find a solution and prove there is no
 * second) over and over, and the median of those runs is the puzzle's
 * time.  Medians, not means: a run interrupted by the rest of the machine
 * should not move the figure.  Per folder the program prints the median,
 * 90th percentile and maximum of the puzzles' times, and the throughput.
 *
 * The verdict is checked on the way, so that a fast wrong answer cannot
 * pass for a good figure: a puzzle is expected to be unique unless a
 * NAME.sol2 lies beside it (then "not unique") or its name starts with
 * "nosol" (then "no solution"); a unique one must equal NAME.sol when
 * that file exists.  Any parse error or wrong verdict makes the exit
 * status 1.  A puzzle file may be named instead of a folder, and -N
 * reads every puzzle as a Nylimb puzzle (as `cdok -N` does), which is
 * how the cdok fork's GC7WQR5 is timed.  See bench/README.md.
 */
#include <dirent.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bench.h"
#include "cdok.h"

#define DEFAULT_MIN_RUNS 3
#define DEFAULT_BUDGET   0.020    /* seconds of solving per puzzle */
#define MAX_RUNS         1000000  /* however fast the puzzle */

enum expect {
	EXPECT_NONE,        /* no solution */
	EXPECT_UNIQUE,
	EXPECT_AMBIGUOUS
};

struct options {
	int min_runs;
	double budget;
	bool list;
	bool by_class;
	unsigned rules;     /* rule flags every puzzle is read with (-N) */
};

/* One puzzle's figures. */
struct entry {
	char name[256];     /* file name without its extension */
	char cls[256];      /* the name without its trailing _NN */
	double us;          /* median solve time, microseconds */
	int runs;
	uint64_t nodes;
	uint64_t difficulty;
};

static const char *progname = "cdok-bench";

static void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", progname);
		exit(1);
	}
	return p;
}

static void *xrealloc(void *old, size_t size)
{
	void *p = realloc(old, size ? size : 1);

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", progname);
		exit(1);
	}
	return p;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

static bool file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* The whole file with a NUL after it, or NULL (errno set). */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0, cap = 8192, got;
	char *buf;

	if (!f)
		return NULL;
	buf = xmalloc(cap + 1);
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			buf = xrealloc(buf, cap + 1);
		}
	}
	if (ferror(f)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* A solution file: n lines of n numbers.  False if it is not that. */
static bool read_grid(const char *path, int n, int *grid)
{
	size_t len, count = 0, cells = (size_t)n * (size_t)n;
	char *text = read_file(path, &len), *p, *end;
	bool ok = true;

	if (!text)
		return false;
	for (p = text; *p && ok; p = end) {
		long v = strtol(p, &end, 10);

		if (end == p) {
			/* Only white space may sit between numbers. */
			ok = *p == ' ' || *p == '\t' || *p == '\n' ||
			     *p == '\r';
			end = p + 1;
		} else if (count < cells) {
			grid[count++] = (int)v;
		} else {
			ok = false;
		}
	}
	free(text);
	return ok && count == cells;
}

static int cmp_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median of n values (sorted in place). */
static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_doubles);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---- classes: keen_9u_03 -> keen_9u, cdok16T_02 -> cdok16T ---- */

static void class_of(const char *name, char *cls, size_t size)
{
	const char *us = strrchr(name, '_');
	size_t len = strlen(name);

	if (us && us[1]) {
		const char *p = us + 1;

		while (*p >= '0' && *p <= '9')
			p++;
		if (!*p)
			len = (size_t)(us - name);
	}
	if (len >= size)
		len = size - 1;
	memcpy(cls, name, len);
	cls[len] = '\0';
}

/* Keen's difficulty letters in increasing order, then the 9x9
 * multiplication-only hard set; anything else sorts after them. */
static int difficulty_rank(const char *suffix)
{
	static const char *const order[] = { "e", "n", "h", "x", "u", "hm" };

	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (strcmp(suffix, order[i]) == 0)
			return (int)i;
	return 100;
}

/* Classes sort by grid size (the first number in the name), then by
 * difficulty, so 9x9 comes after 3x3 and "u" after "e". */
static int cmp_classes(const char *a, const char *b)
{
	const char *da = strpbrk(a, "0123456789");
	const char *db = strpbrk(b, "0123456789");
	char *ea, *eb;
	long sa, sb;
	int ra, rb;

	if (!da || !db || da - a != db - b || strncmp(a, b, (size_t)(da - a)))
		return strcmp(a, b);
	sa = strtol(da, &ea, 10);
	sb = strtol(db, &eb, 10);
	if (sa != sb)
		return sa < sb ? -1 : 1;
	ra = difficulty_rank(ea);
	rb = difficulty_rank(eb);
	if (ra != rb)
		return ra < rb ? -1 : 1;
	return strcmp(ea, eb);
}

static int cmp_entries_by_class(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = cmp_classes(x->cls, y->cls);

	return c ? c : strcmp(x->name, y->name);
}

/* ---- one puzzle ---- */

static const char *verdict_name(enum expect e)
{
	switch (e) {
	case EXPECT_NONE:
		return "no solution";
	case EXPECT_UNIQUE:
		return "unique";
	case EXPECT_AMBIGUOUS:
		return "not unique";
	}
	return "?";
}

static enum expect verdict_of(const cdok_result *res)
{
	if (res->count == 0 && res->complete)
		return EXPECT_NONE;
	if (res->count == 1 && res->complete)
		return EXPECT_UNIQUE;
	return EXPECT_AMBIGUOUS;
}

/* Load, check and time one puzzle file.  Returns false (after saying
 * why on stderr) if the puzzle cannot be read or is answered wrongly. */
static bool bench_puzzle(const char *dir, const char *file,
			 const struct options *opt, struct entry *e)
{
	char path[4096], side[4096];
	const char *dot = strrchr(file, '.');
	cdok_solve_params params;
	cdok_result res;
	cdok_puzzle *puzzle = NULL;
	cdok_reader *reader;
	cdok_error err;
	cdok_status st;
	enum expect want;
	double *times = NULL, spent = 0;
	size_t len, cap = 0;
	int n, *grid, *sol;
	char *text;
	bool ok = true;

	memset(e, 0, sizeof(*e));
	snprintf(e->name, sizeof(e->name), "%.*s", (int)(dot - file), file);
	class_of(e->name, e->cls, sizeof(e->cls));
	snprintf(path, sizeof(path), "%s/%s", dir, file);

	text = read_file(path, &len);
	if (!text) {
		fprintf(stderr, "%s: %s: cannot read\n", progname, path);
		return false;
	}
	memset(&err, 0, sizeof(err));
	reader = cdok_reader_new(cdok_format_find("spec"), text, len);
	if (reader)
		cdok_reader_set_rules(reader, opt->rules);
	st = reader ? cdok_reader_next(reader, &puzzle, &err) : CDOK_ERR_NOMEM;
	cdok_reader_free(reader);
	free(text);
	if (st != CDOK_OK) {
		if (st == CDOK_END)
			fprintf(stderr, "%s: %s: no puzzle in the file\n",
				progname, path);
		else
			fprintf(stderr, "%s: %s:%d:%d: %s\n", progname, path,
				err.line, err.column, err.message);
		return false;
	}

	snprintf(side, sizeof(side), "%s/%s.sol2", dir, e->name);
	if (file_exists(side))
		want = EXPECT_AMBIGUOUS;
	else if (strncmp(e->name, "nosol", 5) == 0)
		want = EXPECT_NONE;
	else
		want = EXPECT_UNIQUE;

	n = cdok_puzzle_size(puzzle);
	grid = xmalloc((size_t)n * (size_t)n * sizeof(int));
	sol = xmalloc((size_t)n * (size_t)n * sizeof(int));
	cdok_solve_params_init(&params);
	params.limit = 2;

	/* Run until both the minimum count and the time budget are met;
	 * the first run also gives the verdict and the search figures. */
	while (e->runs < opt->min_runs ||
	       (spent < opt->budget && e->runs < MAX_RUNS)) {
		double t0, t1;

		t0 = now();
		st = cdok_solve(puzzle, &params, grid, &res, &err);
		t1 = now();
		if (st != CDOK_OK) {
			fprintf(stderr, "%s: %s: solver failed: %s\n",
				progname, path, err.message);
			ok = false;
			break;
		}
		if ((size_t)e->runs == cap) {
			cap = cap ? 2 * cap : 64;
			times = xrealloc(times, cap * sizeof(*times));
		}
		times[e->runs++] = (t1 - t0) * 1e6;
		spent += t1 - t0;
		if (e->runs == 1) {
			e->nodes = res.nodes;
			e->difficulty = res.search_score;
			if (verdict_of(&res) != want) {
				fprintf(stderr, "%s: %s: expected %s, solver "
					"says %s (count %llu, complete %d)\n",
					progname, path, verdict_name(want),
					verdict_name(verdict_of(&res)),
					(unsigned long long)res.count,
					res.complete);
				ok = false;
			}
			snprintf(side, sizeof(side), "%s/%s.sol", dir,
				 e->name);
			if (ok && want == EXPECT_UNIQUE && file_exists(side) &&
			    (!read_grid(side, n, sol) ||
			     memcmp(sol, grid, (size_t)n * (size_t)n *
				    sizeof(int)))) {
				fprintf(stderr, "%s: %s: solution differs "
					"from %s\n", progname, path, side);
				ok = false;
			}
		}
	}
	if (e->runs)
		e->us = median(times, (size_t)e->runs);
	free(times);
	free(grid);
	free(sol);
	cdok_puzzle_free(puzzle);
	return ok;
}

/* ---- summaries ---- */

static void print_header(void)
{
	printf("%-16s %7s %11s %11s %11s %11s\n", "folder", "puzzles",
	       "median_us", "p90_us", "max_us", "puzzles/s");
}

/* One summary line over n entries: median, 90th percentile (nearest
 * rank) and maximum of the puzzles' median times, and throughput. */
static void print_summary(const char *label, const struct entry *e, size_t n)
{
	double *v, total = 0, p50, p90, max;

	if (n == 0) {
		printf("%-16s %7d %11s %11s %11s %11s\n", label, 0, "-", "-",
		       "-", "-");
		return;
	}
	v = xmalloc(n * sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		v[i] = e[i].us;
		total += e[i].us;
	}
	p50 = median(v, n);
	p90 = v[(9 * n + 9) / 10 - 1];
	max = v[n - 1];
	printf("%-16s %7zu %11.1f %11.1f %11.1f %11.1f\n", label, n, p50, p90,
	       max, total > 0 ? (double)n / (total * 1e-6) : 0.0);
	free(v);
}

static void print_classes(struct entry *e, size_t n)
{
	size_t start = 0;

	qsort(e, n, sizeof(*e), cmp_entries_by_class);
	while (start < n) {
		size_t end = start + 1;
		char label[260];

		while (end < n && strcmp(e[end].cls, e[start].cls) == 0)
			end++;
		snprintf(label, sizeof(label), "  %s", e[start].cls);
		print_summary(label, e + start, end - start);
		start = end;
	}
}

/* Benchmark one folder (or one puzzle file), appending its entries to
 * *all.  Returns false if anything in it failed. */
static bool bench_dir(const char *path, const struct options *opt,
		      struct entry **all, size_t *nall, size_t *capall)
{
	char **names = NULL, *dirbuf = NULL;
	size_t nnames = 0, cap = 0, first = *nall;
	const char *label, *dir = path;
	struct dirent *de;
	struct stat st;
	bool ok = true;
	DIR *d;

	if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		/* One file: its folder holds the .sol beside it. */
		const char *slash = strrchr(path, '/');

		size_t len = slash ? (size_t)(slash - path) : 1;

		dirbuf = xmalloc(len + 1);
		memcpy(dirbuf, slash ? path : ".", len);
		dirbuf[len] = '\0';
		dir = dirbuf;
		names = xmalloc(sizeof(*names));
		names[0] = xmalloc(strlen(path) + 1);
		strcpy(names[0], slash ? slash + 1 : path);
		nnames = 1;
		goto have_names;
	}
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "%s: %s: cannot open folder\n", progname, dir);
		return false;
	}
	while ((de = readdir(d)) != NULL) {
		if (!has_suffix(de->d_name, ".spec") &&
		    !has_suffix(de->d_name, ".puz"))
			continue;
		if (nnames == cap) {
			cap = cap ? 2 * cap : 64;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[nnames] = xmalloc(strlen(de->d_name) + 1);
		strcpy(names[nnames++], de->d_name);
	}
	closedir(d);
	if (nnames == 0) {
		fprintf(stderr, "%s: %s: no .spec or .puz puzzles\n", progname,
			dir);
		free(names);
		return false;
	}
	/* readdir's order is the file system's: sort for stable output. */
	qsort(names, nnames, sizeof(*names), cmp_strings);
have_names:

	for (size_t i = 0; i < nnames; i++) {
		struct entry e;

		if (!bench_puzzle(dir, names[i], opt, &e))
			ok = false;
		else {
			if (*nall == *capall) {
				*capall = *capall ? 2 * *capall : 256;
				*all = xrealloc(*all, *capall * sizeof(**all));
			}
			(*all)[(*nall)++] = e;
		}
		free(names[i]);
	}
	free(names);
	free(dirbuf);

	label = strrchr(path, '/');
	label = label && label[1] ? label + 1 : path;
	print_summary(label, *all + first, *nall - first);
	if (opt->by_class)
		print_classes(*all + first, *nall - first);
	if (opt->list)
		for (size_t i = first; i < *nall; i++)
			printf("    %-20s %11.1f us %8llu nodes  difficulty "
			       "%llu\n", (*all)[i].name, (*all)[i].us,
			       (unsigned long long)(*all)[i].nodes,
			       (unsigned long long)(*all)[i].difficulty);
	fflush(stdout);
	return ok;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s [-r REPEAT] [-t SECONDS] [-N] [--by-class] [--list] "
		"DIR|FILE...\n"
		"Solve every *.spec and *.puz puzzle of each DIR (or the "
		"puzzle FILE) with\nlimit 2 and report per folder the median, "
		"90th percentile and maximum time\n(microseconds) and the "
		"throughput.\n"
		"  -r REPEAT    solve each puzzle at least REPEAT times "
		"(default %d)\n"
		"  -t SECONDS   and until SECONDS were spent on it "
		"(default %g; 0: exactly REPEAT)\n"
		"  -N, --nylimb read every puzzle as a Nylimb puzzle (as "
		"cdok -N)\n"
		"  --by-class   one line per class (name without its _NN)\n"
		"  --list       one line per puzzle: time, nodes, "
		"difficulty\n"
		"\n"
		"%s --generate [--scale K] [--max-size N]: time the "
		"generator instead; %s --grade [-r REPEAT] [--list] "
		"DIR|FILE...: time the grader\n",
		progname, DEFAULT_MIN_RUNS, DEFAULT_BUDGET, progname,
		progname);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "by-class", no_argument, NULL, 'c' },
		{ "list", no_argument, NULL, 'l' },
		{ "nylimb", no_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct options opt = { DEFAULT_MIN_RUNS, DEFAULT_BUDGET, false, false,
			       0 };
	struct entry *all = NULL;
	size_t nall = 0, capall = 0;
	bool ok = true;
	char *end;
	int c;

	if (argc > 1 && !strcmp(argv[1], "--generate"))
		return bench_generate(argc - 2, argv + 2);
	if (argc > 1 && !strcmp(argv[1], "--grade"))
		return bench_grade(argc - 2, argv + 2);

	while ((c = getopt_long(argc, argv, "r:t:Nh", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			opt.min_runs = (int)strtol(optarg, &end, 10);
			if (*end || opt.min_runs < 1 ||
			    opt.min_runs > MAX_RUNS) {
				fprintf(stderr, "%s: -r: a count from 1 to %d"
					" expected\n", progname, MAX_RUNS);
				return 2;
			}
			break;
		case 't':
			opt.budget = strtod(optarg, &end);
			if (*end || !(opt.budget >= 0)) {
				fprintf(stderr, "%s: -t: seconds expected\n",
					progname);
				return 2;
			}
			break;
		case 'c':
			opt.by_class = true;
			break;
		case 'l':
			opt.list = true;
			break;
		case 'N':
			opt.rules = CDOK_RULE_NYLIMB;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}

	print_header();
	for (int i = optind; i < argc; i++)
		if (!bench_dir(argv[i], &opt, &all, &nall, &capall))
			ok = false;
	print_summary("total", all, nall);
	free(all);
	if (!ok)
		fprintf(stderr, "%s: some puzzles failed (see above)\n",
			progname);
	return ok ? 0 : 1;
}
