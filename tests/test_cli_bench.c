/* test_cli_bench.c -- solve/examine --benchmark: a time line after each
 * puzzle's answer (the usage errors where a text line cannot go are the
 * golden case tests/cli/errors/benchmark-refused). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "cli_run.h"

Test(cli_bench, examine_prints_a_time_per_puzzle)
{
	struct run r;
	const char *out;
	double us = -1;
	int runs = 0;

	CDOK(&r, "examine", "--benchmark",
	     "tests/data/corpus/killer/barium_expert-1.json",
	     "tests/data/corpus/keen/keen_6h_01.spec");
	cr_assert_eq(r.status, 0, "%s", r.err.data ? r.err.data : "");
	out = r.out.data;
	cr_assert_not_null(out);
	/* One verdict and one time line per input, in that order. */
	for (int i = 0; i < 2; i++) {
		const char *v = strstr(out, "Solution is unique.");
		const char *t = strstr(out, "Time: ");

		cr_assert(v && t && v < t, "input %d: %s", i, r.out.data);
		cr_assert_eq(sscanf(t, "Time: %lf us (median of %d runs)", &us,
				    &runs), 2);
		cr_expect_gt(us, 0);
		cr_expect_geq(runs, 5);
		out = t + 6;
	}
	cr_expect_null(strstr(out, "Time: "));
	run_free(&r);
}
