/* test_cli_nylimb.c -- `cdok -N` on every command that reads or makes
 * puzzles, and the @nylimb directive carrying the mode without it.
 */
#include "cli_run.h"

#define NY "tests/data/corpus/nylimb/"

/* The solved rows of GC7WQR5 as the spec writer prints them. */
static const char gc_rows[] =
	"@nylimb\n"
	"6\t1\t40\t8\t7\t5\t2\t9\t3\n"
	"3\t9\t1\t7\t84\t6\t0\t5\t2\n"
	"4\t72\t9\t5\t3\t0\t8\t6\t1\n"
	"0\t4\t2\t1\t9\t3\t6\t8\t75\n"
	"5\t0\t8\t3\t2\t14\t9\t7\t6\n"
	"1\t8\t5\t24\t6\t7\t3\t0\t9\n"
	"2\t3\t7\t6\t0\t9\t51\t4\t8\n"
	"7\t5\t6\t9\t1\t8\t4\t23\t0\n"
	"89\t6\t3\t0\t5\t2\t7\t1\t4\n";

Test(cli_nylimb, solve_gc7wqr5)
{
	struct run r;

	CDOK(&r, "-N", "solve", NY "GC7WQR5.puz");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(r.out.len > sizeof(gc_rows) &&
		  !memcmp(r.out.data, gc_rows, sizeof(gc_rows) - 1),
		  "%s", r.out.data);
	cr_expect(strstr(r.out.data, "Solution is unique. Difficulty: ")
		  != NULL);
	/* Two-digit values are centred in their cells like the others. */
	cr_expect(strstr(r.out.data, "| 40  :  8  |") != NULL, "%s",
		  r.out.data);
	run_free(&r);

	/* Without -N the same text is a plain puzzle, and has no
	 * solution (its clues need values up to 89). */
	CDOK(&r, "solve", NY "GC7WQR5.puz");
	cr_expect_eq(r.status, 1);
	cr_expect(strstr(r.err.data, "no solution") != NULL, "%s",
		  r.err.data);
	run_free(&r);
}

Test(cli_nylimb, fork_sample_stays_plain)
{
	struct run r;
	struct text sol = read_file(NY "sample.sol");
	char *rows = malloc(sol.len + 1);

	/* sample.sol has single spaces; the spec writer uses tabs. */
	for (size_t i = 0; i <= sol.len; i++)
		rows[i] = sol.data[i] == ' ' ? '\t' : sol.data[i];
	CDOK(&r, "solve", NY "sample.puz");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(!strncmp(r.out.data, rows, sol.len), "%s", r.out.data);
	run_free(&r);
	free(rows);
	text_free(&sol);
}

Test(cli_nylimb, directive_travels_and_check)
{
	char *dir = make_tmpdir(), path[256], solved[256];
	struct run r;

	/* print -N writes the directive; the file then needs no -N. */
	snprintf(path, sizeof(path), "%s/gc.spec", dir);
	CDOK(&r, "-N", "--to", "spec", "print", NY "GC7WQR5.puz");
	cr_assert_eq(r.status, 0, "%s", r.err.data);
	cr_expect(!strncmp(r.out.data, "@nylimb\nA*72\t", 13), "%s",
		  r.out.data);
	write_file(path, r.out.data);
	run_free(&r);
	CDOK(&r, "--to", "spec", "solve", path);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_str(&r.out, gc_rows, "solve of the @nylimb file");
	snprintf(solved, sizeof(solved), "%s/gc.sol", dir);
	write_file(solved, r.out.data);
	run_free(&r);

	/* check: the solved spec (directive and all) is right; a grid with
	 * two cells swapped is wrong in the digit rule's own words. */
	CDOK(&r, "check", path, solved);
	cr_expect_eq(r.status, 0, "%s%s", r.out.data, r.err.data);
	run_free(&r);
	CDOK(&r, "-N", "check", NY "GC7WQR5.puz", NY "GC7WQR5.sol");
	cr_expect_eq(r.status, 0, "%s%s", r.out.data, r.err.data);
	run_free(&r);
	write_file(solved, "6 1 8 40 7 5 2 9 3\n3 9 1 7 84 6 0 5 2\n"
		   "4 72 9 5 3 0 8 6 1\n0 4 2 1 9 3 6 8 75\n"
		   "5 0 8 3 2 14 9 7 6\n1 8 5 24 6 7 3 0 9\n"
		   "2 3 7 6 0 9 51 4 8\n7 5 6 9 1 8 4 23 0\n"
		   "89 6 3 0 5 2 7 1 4\n");
	CDOK(&r, "check", path, solved);
	cr_expect_eq(r.status, 7);
	cr_expect(strstr(r.out.data, "column 3 uses the digit 8 twice (rows "
			 "1 and 5)") != NULL, "%s", r.out.data);
	cr_expect(strstr(r.out.data, "column 4 holds 2 two-digit numbers "
			 "(rows 1 and 6)") != NULL, "%s", r.out.data);
	run_free(&r);
	remove_tmpdir(dir);
}

/* A proposed Nylimb grid with 0 in a ratio cage once killed `cdok check`
 * with SIGFPE, in text, with --to json, and with -N on a plain puzzle. */
Test(cli_nylimb, check_zero_in_ratio_cage)
{
	char *dir = make_tmpdir(), puz[256], plain[256], grid[256];
	static const char *const modes[][3] = {
		{"check", NULL, NULL}, {"--to", "json", "check"},
		{"-N", "check", NULL},
	};
	struct run r;

	snprintf(puz, sizeof(puz), "%s/p.spec", dir);
	snprintf(plain, sizeof(plain), "%s/plain.spec", dir);
	snprintf(grid, sizeof(grid), "%s/g.sol", dir);
	write_file(puz, "@nylimb\nA/2\tA\nB+1\tB\n");
	write_file(plain, "A/2\tA\nB+1\tB\n");
	write_file(grid, "3 0\n1 0\n");
	for (int m = 0; m < 3; m++) {
		const char *file = m == 2 ? plain : puz;

		if (m == 0)
			CDOK(&r, "check", file, grid);
		else if (m == 1)
			CDOK(&r, "--to", "json", "check", file, grid);
		else
			CDOK(&r, "-N", "check", file, grid);
		cr_expect_eq(r.status, 7, "%s %s: status %d, %s", modes[m][0],
			     modes[m][1] ? modes[m][1] : "", r.status,
			     r.err.data);
		cr_expect(strstr(r.out.data, m == 1 ? "\"got_den\":0" :
				 "holds 0, so it has no ratio, not 2") != NULL,
			  "%s", r.out.data);
		run_free(&r);
	}
	remove_tmpdir(dir);
}

Test(cli_nylimb, formats)
{
	struct run r;

	CDOK(&r, "-N", "--to", "json", "solve", NY "GC7WQR5.puz");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(strstr(r.out.data, "\"nylimb\":true") != NULL, "%s",
		  r.out.data);
	cr_expect(strstr(r.out.data, "[6,1,40,8,7,5,2,9,3]") != NULL, "%s",
		  r.out.data);
	run_free(&r);
	CDOK(&r, "-N", "--to", "keen", "print", NY "GC7WQR5.puz");
	cr_expect_eq(r.status, 3);
	cr_expect(strstr(r.err.data, "Nylimb mode") != NULL, "%s",
		  r.err.data);
	run_free(&r);
}

Test(cli_nylimb, generate_then_solve)
{
	char *dir = make_tmpdir(), path[256];
	struct run r;

	snprintf(path, sizeof(path), "%s/made.txt", dir);
	CDOK(&r, "-T", "-s", "9", "-N", "--seed", "5", "--count", "2",
	     "generate");
	cr_assert_eq(r.status, 0, "%s", r.err.data);
	cr_expect(!strncmp(r.out.data, "@nylimb\n", 8), "%s", r.out.data);
	write_file(path, r.out.data);
	run_free(&r);
	/* Both puzzles of the stream, with and without -N. */
	CDOK(&r, "-N", "solve", path);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(strstr(r.out.data, "==> ") != NULL);
	run_free(&r);
	CDOK_IN(&r, path, "solve");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	run_free(&r);

	/* harden keeps the mode of its input. */
	CDOK(&r, "--seed", "1", "-w", "2", "harden", path);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(strstr(r.out.data, " #2 <==\n@nylimb\n") != NULL, "%s",
		  r.out.data);
	run_free(&r);

	CDOK(&r, "-N", "-s", "10", "--seed", "1", "generate");
	cr_expect_eq(r.status, 4);
	cr_expect(strstr(r.err.data, "up to 9 x 9") != NULL, "%s",
		  r.err.data);
	run_free(&r);
	CDOK(&r, "-N", "-s", "4", "--seed", "2", "gen-grid");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(!strncmp(r.out.data, "@nylimb\n", 8), "%s", r.out.data);
	run_free(&r);
	remove_tmpdir(dir);
}
