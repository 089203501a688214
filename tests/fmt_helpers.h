/* fmt_helpers.h -- what the format tests share: reading corpus files,
 * reading every puzzle of a text, and comparing two puzzles as models.
 *
 * Everything is static inline so that each test file takes what it uses
 * without unused-function warnings.
 */
#ifndef CDOK_TESTS_FMT_HELPERS_H
#define CDOK_TESTS_FMT_HELPERS_H

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"
#include "testlib.h"

static inline const char *fmt_corpus(void)
{
	const char *dir = getenv("CDOK_CORPUS");

	return dir && *dir ? dir : "tests/data/corpus";
}

/* The whole file, NUL-terminated (the NUL is not counted in *len). */
static inline char *fmt_slurp(const char *path, size_t *len)
{
	return tl_read(path, len);
}

/* A corpus file by its path inside the corpus. */
static inline char *fmt_corpus_file(const char *rel, size_t *len)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", fmt_corpus(), rel);
	return fmt_slurp(path, len);
}

static inline bool fmt_exists(const char *rel)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", fmt_corpus(), rel);
	f = fopen(path, "rb");
	if (f)
		fclose(f);
	return f != NULL;
}

/* The names in a corpus folder ending in suffix, sorted; *count gets
 * how many.  Free with fmt_free_names. */
static inline char **fmt_list(const char *folder, const char *suffix,
			      int *count)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", fmt_corpus(), folder);
	return tl_list(path, suffix, count);
}

static inline void fmt_free_names(char **names, int count)
{
	tl_free_names(names, count);
}

/* Read every puzzle of text in format fmt.  Returns how many were read
 * (the array in *out, which the caller frees with fmt_free_puzzles);
 * *status gets CDOK_END when the text was read to its end, or the
 * error that stopped the reader. */
static inline int fmt_read_all(const char *fmt, const char *text, size_t len,
			       cdok_puzzle ***out, cdok_status *status,
			       cdok_error *err)
{
	cdok_reader *r = cdok_reader_new(test_format(fmt), text, len);
	cdok_puzzle **ps = NULL, *p;
	int n = 0;
	cdok_status st;

	cr_assert_not_null(r, "no reader for %s", fmt);
	memset(err, 0, sizeof(*err));
	while ((st = cdok_reader_next(r, &p, err)) == CDOK_OK) {
		ps = realloc(ps, (size_t)(n + 1) * sizeof(*ps));
		cr_assert_not_null(ps);
		ps[n++] = p;
	}
	cdok_reader_free(r);
	*out = ps;
	*status = st;
	return n;
}

static inline void fmt_free_puzzles(cdok_puzzle **ps, int n)
{
	for (int i = 0; i < n; i++)
		cdok_puzzle_free(ps[i]);
	free(ps);
}

/* The one puzzle a text must hold (asserts it reads). */
static inline cdok_puzzle *fmt_read_one(const char *fmt, const char *text,
					size_t len, const char *what)
{
	cdok_reader *r = cdok_reader_new(test_format(fmt), text, len);
	cdok_puzzle *p = NULL;
	cdok_error err;
	cdok_status st;

	cr_assert_not_null(r);
	memset(&err, 0, sizeof(err));
	st = cdok_reader_next(r, &p, &err);
	cdok_reader_free(r);
	cr_assert_eq(st, CDOK_OK, "%s: reading as %s failed: %d:%d: %s",
		     what, fmt, err.line, err.column, err.message);
	return p;
}

/* Write one puzzle; asserts success. */
static inline char *fmt_write(const char *fmt, const cdok_puzzle *p,
			      const int *values, size_t *len)
{
	char *out = NULL;
	cdok_error err;
	cdok_status st;

	memset(&err, 0, sizeof(err));
	st = cdok_write(test_format(fmt), p, values, &out, len, &err);
	cr_assert_eq(st, CDOK_OK, "writing %s failed: %s", fmt, err.message);
	return out;
}

/* The value a cell is fixed to: its given, or the target of the
 * one-cell cage it is in (the same thing said another way); CDOK_NONE
 * if neither. */
static inline int64_t fmt_fixed(const cdok_puzzle *p, int cell)
{
	int k = cdok_puzzle_cage_of(p, cell);

	if (cdok_puzzle_given(p, cell) != CDOK_NONE)
		return cdok_puzzle_given(p, cell);
	if (k >= 0 && cdok_cage_size(p, k) == 1)
		return cdok_cage_target(p, k);
	return CDOK_NONE;
}

/* Two puzzles are the same puzzle: same size and boxes, same fixed
 * cells (givens and one-cell cages alike), and the same cages of two or
 * more cells (cells, operator, target, whether their values must
 * differ), whatever their order and labels.  Returns false (after
 * saying why through cr_log) if not. */
static inline bool fmt_same_model(const cdok_puzzle *a, const cdok_puzzle *b,
				  const char *what)
{
	int n = cdok_puzzle_size(a), multi_a = 0, multi_b = 0;

	if (cdok_puzzle_size(b) != n) {
		cr_log_error("%s: size %d vs %d", what, n,
			     cdok_puzzle_size(b));
		return false;
	}
	if (cdok_puzzle_box_rows(a) != cdok_puzzle_box_rows(b) ||
	    cdok_puzzle_box_cols(a) != cdok_puzzle_box_cols(b)) {
		cr_log_error("%s: boxes %dx%d vs %dx%d", what,
			     cdok_puzzle_box_rows(a), cdok_puzzle_box_cols(a),
			     cdok_puzzle_box_rows(b), cdok_puzzle_box_cols(b));
		return false;
	}
	if (cdok_puzzle_rules(a) != cdok_puzzle_rules(b)) {
		cr_log_error("%s: rules %#x vs %#x", what,
			     cdok_puzzle_rules(a), cdok_puzzle_rules(b));
		return false;
	}
	for (int cell = 0; cell < n * n; cell++) {
		int ka = cdok_puzzle_cage_of(a, cell);
		int kb = cdok_puzzle_cage_of(b, cell);
		bool ma = ka >= 0 && cdok_cage_size(a, ka) > 1;
		bool mb = kb >= 0 && cdok_cage_size(b, kb) > 1;

		if (fmt_fixed(a, cell) != fmt_fixed(b, cell)) {
			cr_log_error("%s: cell %d fixed to %lld vs %lld", what,
				     cell, (long long)fmt_fixed(a, cell),
				     (long long)fmt_fixed(b, cell));
			return false;
		}
		if (ma != mb) {
			cr_log_error("%s: cell %d in a cage in one only", what,
				     cell);
			return false;
		}
		if (!ma)
			continue;
		if (cdok_cage_cells(a, ka)[0] != cell)
			continue;
		/* Compare the cage starting here with b's. */
		multi_a++;
		if (cdok_cage_cells(b, kb)[0] != cell ||
		    cdok_cage_size(a, ka) != cdok_cage_size(b, kb) ||
		    memcmp(cdok_cage_cells(a, ka), cdok_cage_cells(b, kb),
			   (size_t)cdok_cage_size(a, ka) * sizeof(int)) ||
		    cdok_cage_op(a, ka) != cdok_cage_op(b, kb) ||
		    cdok_cage_target(a, ka) != cdok_cage_target(b, kb) ||
		    cdok_cage_distinct(a, ka) != cdok_cage_distinct(b, kb)) {
			cr_log_error("%s: the cage at cell %d differs", what,
				     cell);
			return false;
		}
	}
	for (int k = 0; k < cdok_puzzle_cage_count(b); k++)
		multi_b += cdok_cage_size(b, k) > 1;
	if (multi_a != multi_b) {
		cr_log_error("%s: %d vs %d cages", what, multi_a, multi_b);
		return false;
	}
	return true;
}

/* Solve, expecting exactly one solution, into values. */
static inline void fmt_solve_unique(const cdok_puzzle *p, int *values,
				    const char *what)
{
	cdok_result res;
	cdok_error err;
	cdok_status st = cdok_solve(p, NULL, values, &res, &err);

	cr_assert_eq(st, CDOK_OK, "%s: solve failed: %s", what, err.message);
	cr_assert_eq(res.count, 1, "%s: %llu solutions", what,
		     (unsigned long long)res.count);
	cr_assert(res.complete, "%s: search incomplete", what);
}

#endif /* CDOK_TESTS_FMT_HELPERS_H */
