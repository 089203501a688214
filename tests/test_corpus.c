/* test_corpus.c -- solve every spec puzzle of the public corpus and check
 * the verdict against the files that come with it.
 *
 * The corpus (tests/data/corpus/README.md) is data made and verified
 * outside this project: NAME.sol is the one solution of a unique puzzle,
 * NAME.sol2 a second solution of an ambiguous one, nosol_* have none and
 * malformed_* must be rejected by the reader.  Each folder is one test;
 * inside it every puzzle is checked with non-fatal expectations so that a
 * run names every failing puzzle, not just the first.
 *
 * Only files the spec reader can read (.spec, .puz) are used; the other
 * formats of the corpus get their own tests when their readers exist.
 * The corpus is found relative to the working directory ("make test" runs
 * from the top of the tree) unless CDOK_CORPUS names another place.
 */
#include <criterion/criterion.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"

/* How many puzzles each folder holds, counted from the corpus itself.  A
 * folder that silently reads as empty (wrong directory, a failed copy)
 * must fail the test rather than pass it with nothing checked. */
#define KEEN_PUZZLES       213
#define CDOK_PUZZLES       24
#define AMBIGUOUS_PUZZLES  5
#define NOSOL_PUZZLES      5
#define MALFORMED_PUZZLES  18

/* Big enough for every ambiguous puzzle's solution count that we pin. */
#define AMBIGUOUS_LIMIT    10

static const char *corpus_dir(void)
{
	const char *dir = getenv("CDOK_CORPUS");

	return dir && *dir ? dir : "tests/data/corpus";
}

/* ---- file helpers ---- */

struct name_list {
	char **names;
	size_t count;
	size_t cap;
};

static bool has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in corpus folder `folder` that start with prefix and end
 * with suffix, sorted so that runs and their messages are repeatable
 * (readdir's order depends on the file system). */
static void names_load(struct name_list *list, const char *folder,
		       const char *prefix, const char *suffix)
{
	char path[1024];
	struct dirent *de;
	DIR *dir;

	memset(list, 0, sizeof(*list));
	snprintf(path, sizeof(path), "%s/%s", corpus_dir(), folder);
	dir = opendir(path);
	cr_assert_not_null(dir, "cannot open corpus folder %s", path);
	while ((de = readdir(dir)) != NULL) {
		if (strncmp(de->d_name, prefix, strlen(prefix)) != 0 ||
		    !has_suffix(de->d_name, suffix))
			continue;
		if (list->count == list->cap) {
			list->cap = list->cap ? 2 * list->cap : 64;
			list->names = realloc(list->names,
					      list->cap * sizeof(char *));
			cr_assert_not_null(list->names);
		}
		list->names[list->count] = strdup(de->d_name);
		cr_assert_not_null(list->names[list->count]);
		list->count++;
	}
	closedir(dir);
	if (list->count)
		qsort(list->names, list->count, sizeof(char *), cmp_names);
}

static void names_free(struct name_list *list)
{
	for (size_t i = 0; i < list->count; i++)
		free(list->names[i]);
	free(list->names);
}

/* The whole file, NUL-terminated (the NUL is not counted in *len), or
 * NULL if it cannot be read. */
static char *read_text(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (cap - n < 4096) {
			char *grown;

			cap = cap ? 2 * cap : 8192;
			grown = realloc(buf, cap + 1);
			if (!grown) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = grown;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* The first puzzle of a spec file.  A file that cannot be opened is
 * reported as a failure of the test, not of the reader. */
static cdok_status load_puzzle(const char *path, cdok_puzzle **out,
			       cdok_error *err)
{
	const cdok_format *spec = test_format("spec");
	cdok_reader *reader;
	cdok_status st;
	size_t len;
	char *text;

	*out = NULL;
	memset(err, 0, sizeof(*err));
	cr_assert_not_null(spec, "no spec format");
	text = read_text(path, &len);
	cr_assert_not_null(text, "cannot read %s", path);
	reader = cdok_reader_new(spec, text, len);
	cr_assert_not_null(reader, "cdok_reader_new failed for %s", path);
	st = cdok_reader_next(reader, out, err);
	cdok_reader_free(reader);
	free(text);
	return st;
}

/* Read a solution file (n lines of n numbers) into grid.  Returns false
 * if the file is missing or does not hold exactly n*n numbers on n
 * lines. */
static bool read_grid(const char *path, int n, int *grid)
{
	size_t len;
	char *text = read_text(path, &len);
	char *p, *end;
	int count = 0, lines = 0;
	bool ok = true;

	if (!text)
		return false;
	p = text;
	while (*p && ok) {
		if (*p == '\n') {
			lines++;
			p++;
		} else if (*p == ' ' || *p == '\t' || *p == '\r') {
			p++;
		} else {
			long v = strtol(p, &end, 10);

			if (end == p || count >= n * n)
				ok = false;
			else
				grid[count++] = (int)v;
			p = end;
		}
	}
	/* Tolerate a last line without its newline. */
	if (len && text[len - 1] != '\n')
		lines++;
	free(text);
	return ok && count == n * n && lines == n;
}

static bool same_grid(const int *a, const int *b, int n)
{
	return memcmp(a, b, (size_t)n * (size_t)n * sizeof(int)) == 0;
}

/* The file name without its extension: "keen_3e_01.spec" -> "keen_3e_01". */
static void base_name(char *buf, size_t size, const char *name)
{
	const char *dot = strrchr(name, '.');
	size_t len = dot ? (size_t)(dot - name) : strlen(name);

	if (len >= size)
		len = size - 1;
	memcpy(buf, name, len);
	buf[len] = '\0';
}

/* ---- collecting solutions ---- */

struct collector {
	int cells;       /* values per solution */
	int cap;         /* solutions that fit in grids */
	int count;       /* callbacks seen, may exceed cap */
	int *grids;
};

static int collect_solution(void *user, const int *values)
{
	struct collector *c = user;

	if (c->count < c->cap)
		memcpy(c->grids + (size_t)c->count * (size_t)c->cells, values,
		       (size_t)c->cells * sizeof(int));
	c->count++;
	return 0;
}

static bool collected(const struct collector *c, const int *grid)
{
	int have = c->count < c->cap ? c->count : c->cap;

	for (int i = 0; i < have; i++)
		if (memcmp(c->grids + (size_t)i * (size_t)c->cells, grid,
			   (size_t)c->cells * sizeof(int)) == 0)
			return true;
	return false;
}

/* ---- the checks, one puzzle at a time ---- */

/* A puzzle with exactly one solution, given in solname. */
static void check_unique(const char *folder, const char *file,
			 const char *solname)
{
	char path[1024], solpath[1024];
	cdok_solve_params params;
	cdok_result result;
	cdok_puzzle *puzzle;
	cdok_error err;
	cdok_status st;
	int n, *expect, *got;

	snprintf(path, sizeof(path), "%s/%s/%s", corpus_dir(), folder, file);
	snprintf(solpath, sizeof(solpath), "%s/%s/%s", corpus_dir(), folder,
		 solname);
	st = load_puzzle(path, &puzzle, &err);
	cr_expect_eq(st, CDOK_OK, "%s: not read: %s: %s", file,
		     cdok_status_name(st), err.message);
	if (st != CDOK_OK) {
		cdok_puzzle_free(puzzle);
		return;
	}
	n = cdok_puzzle_size(puzzle);
	expect = calloc((size_t)n * (size_t)n, sizeof(int));
	got = calloc((size_t)n * (size_t)n, sizeof(int));
	cr_assert(expect && got);
	cr_expect(read_grid(solpath, n, expect), "%s: bad solution file %s",
		  file, solname);
	cr_expect(cdok_puzzle_is_solution(puzzle, expect),
		  "%s: %s is not accepted by cdok_puzzle_is_solution", file,
		  solname);

	cdok_solve_params_init(&params);
	params.limit = 2;
	st = cdok_solve(puzzle, &params, got, &result, &err);
	cr_expect_eq(st, CDOK_OK, "%s: solver failed: %s: %s", file,
		     cdok_status_name(st), err.message);
	if (st == CDOK_OK) {
		cr_expect(result.count == 1 && result.complete,
			  "%s: expected unique (count 1, complete), got "
			  "count %llu, complete %d", file,
			  (unsigned long long)result.count, result.complete);
		if (result.count >= 1) {
			cr_expect(same_grid(got, expect, n),
				  "%s: solution differs from %s", file,
				  solname);
			cr_expect(cdok_puzzle_is_solution(puzzle, got),
				  "%s: solver's grid breaks a rule", file);
		}
	}
	free(expect);
	free(got);
	cdok_puzzle_free(puzzle);
}

/* Every .spec puzzle of a folder whose puzzles are all unique. */
static void check_unique_folder(const char *folder, size_t expect_count)
{
	struct name_list list;

	names_load(&list, folder, "", ".spec");
	for (size_t i = 0; i < list.count; i++) {
		char base[512], sol[600];

		base_name(base, sizeof(base), list.names[i]);
		snprintf(sol, sizeof(sol), "%s.sol", base);
		check_unique(folder, list.names[i], sol);
	}
	cr_expect_eq(list.count, expect_count,
		     "%s/: expected %zu .spec puzzles, found %zu", folder,
		     expect_count, list.count);
	names_free(&list);
}

/* How many solutions each ambiguous puzzle has; at_least means that the
 * count is only known to be at least that (the puzzle has more than we
 * care to enumerate). */
static const struct {
	const char *name;
	uint64_t count;
	bool at_least;
} ambiguous_counts[] = {
	{ "amb_6x6", 2, false },
	{ "amb_9x9", 2, false },
	{ "amb_sum_4x4", 2, false },
	{ "cdok9D_amb_02", 2, false },
	{ "cdok6T_amb_02", 3, true },
};

static void check_ambiguous(const char *file)
{
	char path[1024], solpath[1024], base[512];
	struct collector col = { 0 };
	cdok_solve_params params;
	cdok_result result;
	cdok_puzzle *puzzle;
	cdok_error err;
	cdok_status st;
	int n, cells, *sol1, *sol2;
	uint64_t want = 0;
	bool at_least = false, known = false;

	base_name(base, sizeof(base), file);
	for (size_t i = 0; i < sizeof(ambiguous_counts) /
			       sizeof(ambiguous_counts[0]); i++)
		if (strcmp(ambiguous_counts[i].name, base) == 0) {
			want = ambiguous_counts[i].count;
			at_least = ambiguous_counts[i].at_least;
			known = true;
		}
	cr_expect(known, "%s: no expected count in the test's table", file);

	snprintf(path, sizeof(path), "%s/ambiguous/%s", corpus_dir(), file);
	st = load_puzzle(path, &puzzle, &err);
	cr_expect_eq(st, CDOK_OK, "%s: not read: %s: %s", file,
		     cdok_status_name(st), err.message);
	if (st != CDOK_OK) {
		cdok_puzzle_free(puzzle);
		return;
	}
	n = cdok_puzzle_size(puzzle);
	cells = n * n;
	sol1 = calloc((size_t)cells, sizeof(int));
	sol2 = calloc((size_t)cells, sizeof(int));
	col.cells = cells;
	col.cap = AMBIGUOUS_LIMIT;
	col.grids = calloc((size_t)cells * AMBIGUOUS_LIMIT, sizeof(int));
	cr_assert(sol1 && sol2 && col.grids);

	snprintf(solpath, sizeof(solpath), "%s/ambiguous/%s.sol",
		 corpus_dir(), base);
	cr_expect(read_grid(solpath, n, sol1), "%s: bad %s.sol", file, base);
	snprintf(solpath, sizeof(solpath), "%s/ambiguous/%s.sol2",
		 corpus_dir(), base);
	cr_expect(read_grid(solpath, n, sol2), "%s: bad %s.sol2", file, base);
	cr_expect(cdok_puzzle_is_solution(puzzle, sol1),
		  "%s: .sol not accepted by cdok_puzzle_is_solution", file);
	cr_expect(cdok_puzzle_is_solution(puzzle, sol2),
		  "%s: .sol2 not accepted by cdok_puzzle_is_solution", file);

	/* "Is it unique?" must stop at the second solution. */
	cdok_solve_params_init(&params);
	params.limit = 2;
	st = cdok_solve(puzzle, &params, NULL, &result, &err);
	cr_expect_eq(st, CDOK_OK, "%s: solver failed: %s: %s", file,
		     cdok_status_name(st), err.message);
	cr_expect(st != CDOK_OK || (result.count == 2 && !result.complete),
		  "%s: limit 2: expected count 2, complete 0; got count %llu,"
		  " complete %d", file, (unsigned long long)result.count,
		  result.complete);

	/* With room for more, the exact count, and the solutions
	 * themselves: each one valid, no repeats, both known ones among
	 * them. */
	params.limit = AMBIGUOUS_LIMIT;
	params.on_solution = collect_solution;
	params.user = &col;
	st = cdok_solve(puzzle, &params, NULL, &result, &err);
	cr_expect_eq(st, CDOK_OK, "%s: solver failed: %s: %s", file,
		     cdok_status_name(st), err.message);
	if (st == CDOK_OK) {
		int have;

		if (at_least)
			cr_expect(result.count >= want,
				  "%s: limit %d: expected at least %llu "
				  "solutions, got %llu", file, AMBIGUOUS_LIMIT,
				  (unsigned long long)want,
				  (unsigned long long)result.count);
		else
			cr_expect(result.count == want && result.complete,
				  "%s: limit %d: expected exactly %llu "
				  "solutions (complete), got %llu, "
				  "complete %d", file, AMBIGUOUS_LIMIT,
				  (unsigned long long)want,
				  (unsigned long long)result.count,
				  result.complete);
		cr_expect_eq((uint64_t)col.count, result.count,
			     "%s: %d callbacks for %llu solutions", file,
			     col.count, (unsigned long long)result.count);
		have = col.count < col.cap ? col.count : col.cap;
		for (int i = 0; i < have; i++) {
			const int *g = col.grids + (size_t)i * (size_t)cells;

			cr_expect(cdok_puzzle_is_solution(puzzle, g),
				  "%s: reported solution %d breaks a rule",
				  file, i + 1);
			for (int j = 0; j < i; j++)
				cr_expect(!same_grid(g, col.grids +
						     (size_t)j * (size_t)cells,
						     n),
					  "%s: solutions %d and %d are the "
					  "same grid", file, j + 1, i + 1);
		}
		/* Only a complete enumeration must contain both known
		 * grids; a cut-off one may have found others first. */
		if (result.complete) {
			cr_expect(collected(&col, sol1),
				  "%s: .sol not among the solutions", file);
			cr_expect(collected(&col, sol2),
				  "%s: .sol2 not among the solutions", file);
		}
	}
	free(col.grids);
	free(sol1);
	free(sol2);
	cdok_puzzle_free(puzzle);
}

static void check_nosol(const char *file)
{
	char path[1024];
	cdok_solve_params params;
	cdok_result result;
	cdok_puzzle *puzzle;
	cdok_error err;
	cdok_status st;

	snprintf(path, sizeof(path), "%s/invalid/%s", corpus_dir(), file);
	st = load_puzzle(path, &puzzle, &err);
	cr_expect_eq(st, CDOK_OK, "%s: not read: %s: %s", file,
		     cdok_status_name(st), err.message);
	if (st != CDOK_OK) {
		cdok_puzzle_free(puzzle);
		return;
	}
	cdok_solve_params_init(&params);
	params.limit = 2;
	st = cdok_solve(puzzle, &params, NULL, &result, &err);
	cr_expect_eq(st, CDOK_OK, "%s: solver failed: %s: %s", file,
		     cdok_status_name(st), err.message);
	cr_expect(st != CDOK_OK || (result.count == 0 && result.complete),
		  "%s: expected no solution (count 0, complete), got count "
		  "%llu, complete %d", file, (unsigned long long)result.count,
		  result.complete);
	cdok_puzzle_free(puzzle);
}

static void check_malformed(const char *file)
{
	char path[1024];
	cdok_puzzle *puzzle;
	cdok_error err;
	cdok_status st;

	snprintf(path, sizeof(path), "%s/invalid/%s", corpus_dir(), file);
	st = load_puzzle(path, &puzzle, &err);
	cr_expect(st != CDOK_OK && st != CDOK_END,
		  "%s: expected a read error, got %s", file,
		  cdok_status_name(st));
	if (st != CDOK_OK && st != CDOK_END)
		cr_expect(err.message[0] != '\0',
			  "%s: rejected (%s) without a message", file,
			  cdok_status_name(st));
	cdok_puzzle_free(puzzle);
}

/* ---- the tests ---- */

Test(corpus, keen)
{
	check_unique_folder("keen", KEEN_PUZZLES);
}

Test(corpus, cdok)
{
	check_unique_folder("cdok", CDOK_PUZZLES);
}

Test(corpus, nylimb_sample)
{
	/* Only the ordinary puzzle: GC7WQR5 needs Nylimb mode. */
	check_unique("nylimb", "sample.puz", "sample.sol");
}

Test(corpus, ambiguous)
{
	struct name_list list;

	names_load(&list, "ambiguous", "", ".spec");
	for (size_t i = 0; i < list.count; i++)
		check_ambiguous(list.names[i]);
	cr_expect_eq(list.count, (size_t)AMBIGUOUS_PUZZLES,
		     "ambiguous/: expected %d .spec puzzles, found %zu",
		     AMBIGUOUS_PUZZLES, list.count);
	names_free(&list);
}

Test(corpus, no_solution)
{
	struct name_list list;

	names_load(&list, "invalid", "nosol_", ".spec");
	for (size_t i = 0; i < list.count; i++)
		check_nosol(list.names[i]);
	cr_expect_eq(list.count, (size_t)NOSOL_PUZZLES,
		     "invalid/: expected %d nosol_*.spec puzzles, found %zu",
		     NOSOL_PUZZLES, list.count);
	names_free(&list);
}

Test(corpus, malformed)
{
	struct name_list list;

	names_load(&list, "invalid", "malformed_", ".spec");
	for (size_t i = 0; i < list.count; i++)
		check_malformed(list.names[i]);
	cr_expect_eq(list.count, (size_t)MALFORMED_PUZZLES,
		     "invalid/: expected %d malformed_*.spec files, found %zu",
		     MALFORMED_PUZZLES, list.count);
	names_free(&list);
}
