/* test_hidden.c -- hidden operators (issue 33) on held-out Keen 9 x 9s.
 *
 * tests/data/hidden/keen9.txt holds Keen game IDs made by Debian's
 * sgt-keen (`sgt-keen --generate 40 9dL` for each level), used nowhere
 * else, each with the number of solutions (up to 3) that the tests'
 * independent counter, ref.c, finds once every operator is hidden:
 * with any operation per cage, and under the two-cell rule.  The
 * library's solver must count every one of them the same; the counter
 * itself is run again on the lines marked "ref".  make check takes a
 * fixed sample of the lines; CI all of them (CDOK_HIDDEN_REF=all, the
 * counter about a second a puzzle):
 *
 *	CDOK_HIDDEN_REF=all build/cdok-tests -j2 --filter 'hidden/keen9_*'
 */
#include <criterion/criterion.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"
#include "ref.h"
#include "testlib.h"

#define DATA "tests/data/hidden/keen9.txt"
#define LIMIT 3

/* One line of the data: the counts, whether ref.c runs on it by
 * default, and the ID. */
struct line {
	unsigned long long any, two;
	bool ref;
	char id[1024];
};

/* The next line of data at *text (comments and blank lines skipped);
 * false at the end. */
static bool next_line(char **text, struct line *l)
{
	for (;;) {
		char *s = *text, *nl, mark[8] = "";
		int used = 0;

		if (!*s)
			return false;
		nl = strchr(s, '\n');
		*text = nl ? nl + 1 : s + strlen(s);
		if (*s == '#' || *s == '\n')
			continue;
		cr_assert_geq(sscanf(s, "%llu %llu %7s %n", &l->any, &l->two,
				     mark, &used), 3, "bad line: %.40s", s);
		l->ref = !strcmp(mark, "ref");
		if (l->ref)
			s += used;
		else
			s = strstr(s, mark);
		snprintf(l->id, sizeof(l->id), "%.*s",
			 (int)(nl ? nl - s : (long)strlen(s)), s);
		return true;
	}
}

/* The puzzle of a Keen ID with every operator hidden, under the two-cell
 * rule when two is set. */
static cdok_puzzle *hidden(const char *id, bool two)
{
	cdok_reader *r = cdok_reader_new(test_format("keen"), id, strlen(id));
	cdok_puzzle *p = NULL, *h;
	cdok_error err;
	int n;

	cr_assert_not_null(r);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK, "%s: %s", id,
		     err.message);
	n = cdok_puzzle_size(p);
	h = cdok_puzzle_new(n);
	cr_assert_not_null(h);
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++)
		cr_assert_eq(cdok_puzzle_add_cage(h, CDOK_OP_ANY,
						  cdok_cage_target(p, k),
						  cdok_cage_cells(p, k),
						  cdok_cage_size(p, k), NULL,
						  NULL), CDOK_OK);
	if (two)
		cr_assert_eq(cdok_puzzle_set_rules(h, CDOK_RULE_TWO_CELL),
			     CDOK_OK);
	cdok_puzzle_free(p);
	cdok_reader_free(r);
	return h;
}

static int on_solution(void *user, const int *values)
{
	const cdok_puzzle *p = user;

	cr_expect(ref_is_solution(p, values), "a reported grid breaks a rule");
	return 0;
}

/* The library's count up to LIMIT, every grid it reports checked. */
static unsigned long long library_count(const cdok_puzzle *p)
{
	cdok_solve_params params;
	cdok_result res;

	cdok_solve_params_init(&params);
	params.limit = LIMIT;
	params.on_solution = on_solution;
	params.user = (void *)p;
	cr_assert_eq(cdok_solve(p, &params, NULL, &res, NULL), CDOK_OK);
	return res.count;
}

/* Every line: the library counts as the file says, both ways; with
 * check_ref, ref.c instead, on the lines it is asked to run on.  The
 * full run (CDOK_HIDDEN_REF=all, CI) takes every line; make check takes
 * the lines marked "ref", those with several solutions and every
 * SHARDS'th.  ref.c is slow: CI runs it in SHARDS tests, side by side,
 * shard k on the lines whose index is k modulo SHARDS. */
#define SHARDS 4
static void run(bool check_ref, int shard)
{
	const char *env = getenv("CDOK_HIDDEN_REF");
	bool all = env && !strcmp(env, "all");
	char *text = tl_read(DATA, NULL), *at = text;
	struct line l;
	int lines = 0, several = 0, marked = 0;

	cr_assert_not_null(text, "%s is missing", DATA);
	while (next_line(&at, &l)) {
		bool take = all || l.ref ||
			    (!check_ref && (l.any > 1 || lines % SHARDS == 0));

		if (check_ref && lines % SHARDS != shard)
			take = false;
		for (int two = 0; take && two < 2; two++) {
			cdok_puzzle *h = hidden(l.id, two);
			unsigned long long want = two ? l.two : l.any;

			if (!check_ref)
				cr_expect_eq(library_count(h), want,
					     "%s (two-cell %d): the library "
					     "does not count %llu", l.id, two,
					     want);
			else
				cr_expect_eq(ref_count_solutions(h, LIMIT),
					     want, "%s (two-cell %d): ref.c "
					     "does not count %llu", l.id, two,
					     want);
			cdok_puzzle_free(h);
		}
		lines++;
		several += l.any > 1;
		marked += l.ref;
	}
	/* The set holds both kinds: unique and several solutions, and
	 * ref.c runs on some of them in make check. */
	cr_expect_geq(lines, 100);
	cr_expect_geq(several, 3);
	cr_expect_geq(marked, 4);
	free(text);
}

Test(hidden, keen9_library_counts, .timeout = 1200)
{
	run(false, 0);
}

Test(hidden, keen9_reference_counts_0, .timeout = 7200) { run(true, 0); }
Test(hidden, keen9_reference_counts_1, .timeout = 7200) { run(true, 1); }
Test(hidden, keen9_reference_counts_2, .timeout = 7200) { run(true, 2); }
Test(hidden, keen9_reference_counts_3, .timeout = 7200) { run(true, 3); }
