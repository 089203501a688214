/* test_sumgen.c -- the benchmark's random sum-only puzzles (issue 16):
 * the committed sets bench/sum9 and bench/sum12 are what bench/README.md
 * says they are, and cdok-sumgen makes such puzzles, the same for the
 * same seed, without replacing files. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "cli_run.h"

/* cdok-sumgen is built beside the cdok the tests run (mk/bench.mk). */
static void sumgen_path(char *buf, size_t len)
{
	const char *slash = strrchr(CDOK_BIN, '/');
	int dir = slash ? (int)(slash - CDOK_BIN + 1) : 0;

	snprintf(buf, len, "%.*scdok-sumgen", dir, CDOK_BIN);
}

/* Run cdok-sumgen with arguments (a shell word list); its output. */
static struct text sumgen(const char *args, int *status)
{
	char cmd[8192], bin[4096];
	struct text t = { NULL, 0 };
	char buf[4096];
	size_t n;
	FILE *p;

	sumgen_path(bin, sizeof bin);
	snprintf(cmd, sizeof cmd, "%s %s 2>/dev/null", bin, args);
	p = popen(cmd, "r");
	cr_assert(p, "cannot run %s", cmd);
	text_append(&t, "", 0);
	while ((n = fread(buf, 1, sizeof buf, p)) > 0)
		text_append(&t, buf, n);
	*status = WEXITSTATUS(pclose(p));
	return t;
}

/* Is this a puzzle as the benchmark promises: size n, no givens, every
 * cage a sum of 2..7 connected cells?  (The cages cover the grid, or the
 * spec reader would have refused it.) */
static void expect_sum_puzzle(const cdok_puzzle *p, int n, const char *what)
{
	cdok_error err;

	cr_expect_eq(cdok_puzzle_size(p), n, "%s: size", what);
	cr_expect_eq(cdok_puzzle_validate(p, &err), CDOK_OK, "%s: %s", what,
		     err.message);
	for (int c = 0; c < n * n; c++)
		cr_expect_eq(cdok_puzzle_given(p, c), CDOK_NONE,
			     "%s: a given", what);
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++) {
		cr_expect_eq(cdok_cage_op(p, k), CDOK_OP_ADD, "%s: cage %d",
			     what, k);
		cr_expect(cdok_cage_size(p, k) >= 2 &&
			  cdok_cage_size(p, k) <= 7, "%s: cage %d has %d "
			  "cells", what, k, cdok_cage_size(p, k));
	}
}

/* The puzzles of a text, read with the spec reader; returns how many. */
static int read_all(const char *text, cdok_puzzle **out, int max)
{
	cdok_reader *r = cdok_reader_new(cdok_format_find("spec"), text,
					 strlen(text));
	cdok_error err;
	int n = 0;

	cr_assert(r);
	for (;;) {
		cdok_puzzle *p;
		cdok_status st = cdok_reader_next(r, &p, &err);

		if (st == CDOK_END)
			break;
		cr_assert_eq(st, CDOK_OK, "%d:%d: %s", err.line, err.column,
			     err.message);
		cr_assert(n < max);
		out[n++] = p;
	}
	cdok_reader_free(r);
	return n;
}

/* One committed set: count puzzles of size n, each with its .sol. */
static void check_set(const char *dir, const char *prefix, int n, int count)
{
	for (int i = 1; i <= count + 1; i++) {
		char path[256], what[300];
		struct text spec, sol;
		cdok_puzzle *p;
		int values[12 * 12], k = 0, off = 0, used;

		snprintf(path, sizeof path, "%s/%s_%03d.spec", dir, prefix, i);
		if (i == count + 1) {
			/* And no more than count. */
			cr_expect_neq(access(path, F_OK), 0, "%s exists", path);
			break;
		}
		spec = read_file(path);
		cr_assert_eq(read_all(spec.data, &p, 1), 1, "%s", path);
		snprintf(what, sizeof what, "%s", path);
		expect_sum_puzzle(p, n, what);
		memcpy(path + strlen(path) - 4, "sol", 4);
		sol = read_file(path);
		while (k < n * n && sscanf(sol.data + off, "%d%n", &values[k],
					   &used) == 1) {
			off += used;
			k++;
		}
		cr_expect_eq(k, n * n, "%s: %d values", path, k);
		cr_expect(cdok_puzzle_is_solution(p, values),
			  "%s does not solve its puzzle", path);
		cdok_puzzle_free(p);
		text_free(&spec);
		text_free(&sol);
	}
}

Test(sumgen, committed_sets)
{
	check_set("bench/sum9", "sum9", 9, 200);
	check_set("bench/sum12", "sum12", 12, 50);
}

Test(sumgen, makes_sum_puzzles_from_a_seed)
{
	cdok_puzzle *p[4], *q[1];
	struct text all, again, third;
	int status;

	all = sumgen("-s 9 --seed 7 -n 3", &status);
	cr_assert_eq(status, 0);
	cr_assert_eq(read_all(all.data, p, 4), 3, "%s", all.data);
	for (int i = 0; i < 3; i++)
		expect_sum_puzzle(p[i], 9, "generated");

	/* Same seed, same puzzles; puzzle 3 alone is puzzle 3 of the run. */
	again = sumgen("--size 9 --seed 7 --count 3", &status);
	cr_expect_eq(status, 0);
	cr_expect_str_eq(again.data, all.data);
	third = sumgen("-s 9 --seed 7 --first 3", &status);
	cr_expect_eq(status, 0);
	cr_assert_eq(read_all(third.data, q, 1), 1);
	cr_expect(strstr(all.data, third.data) &&
		  strlen(strstr(all.data, third.data)) == third.len,
		  "puzzle 3 differs:\n%s", third.data);
	for (int i = 0; i < 3; i++)
		cdok_puzzle_free(p[i]);
	cdok_puzzle_free(q[0]);
	text_free(&all);
	text_free(&again);
	text_free(&third);

	all = sumgen("-s 12 --seed 1 -n 1", &status);
	cr_expect_eq(status, 0);
	cr_assert_eq(read_all(all.data, p, 1), 1);
	expect_sum_puzzle(p[0], 12, "12 x 12");
	cdok_puzzle_free(p[0]);
	text_free(&all);

	all = sumgen("-s 1", &status);
	cr_expect_eq(status, 2, "size 1 is refused");
	text_free(&all);
}

Test(sumgen, keeps_existing_files)
{
	char *dir = make_tmpdir(), args[4200], path[4200];
	struct text t;
	int status;

	snprintf(args, sizeof args, "-n 2 -o %s", dir);
	t = sumgen(args, &status);
	cr_expect_eq(status, 0);
	text_free(&t);
	cr_expect_eq(count_entries(dir), 4, "two .spec and two .sol");
	snprintf(path, sizeof path, "%s/sum9_002.spec", dir);
	write_file(path, "mine\n");
	snprintf(args, sizeof args, "-n 2 -o %s", dir);
	t = sumgen(args, &status);
	cr_expect_eq(status, 1, "an existing file is an error");
	text_free(&t);
	t = read_file(path);
	cr_expect_str_eq(t.data, "mine\n");
	text_free(&t);
	remove_tmpdir(dir);
}
