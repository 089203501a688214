/* test_cli_levels.c -- levels in the cdok program (doc/LEVELS.md) where
 * a golden case cannot say it: hint's statuses along a chain of applied
 * hints, explain's step counts against each other, and generate --level
 * and its default over several seeds.  One run compared with its output
 * is a golden case in tests/cli/levels/.
 */
#include "cli_run.h"

#define KEEN "tests/data/corpus/keen/"

Test(cli_levels, hint_statuses)
{
	char *dir = make_tmpdir();
	char path[512];
	struct run r;

	/* The solution: solved, status 9. */
	CDOK(&r, "hint", "--state", KEEN "keen_6n_01.sol",
	     KEEN "keen_6n_01.keen");
	cr_expect_eq(r.status, 9, "%s", r.err.data);
	expect_str(&r.out, "The puzzle is solved.\n", "stdout");
	run_free(&r);

	/* A wrong value: status 11, the cell said. */
	snprintf(path, sizeof(path), "%s/wrong.txt", dir);
	{
		struct text sol = read_file(KEEN "keen_6n_01.sol");
		char state[128];

		/* The first value, changed; the rest empty. */
		snprintf(state, sizeof(state), "%c . . . . .\n. . . . . .\n"
			 ". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n",
			 sol.data[0] == '1' ? '2' : '1');
		write_file(path, state);
		text_free(&sol);
	}
	CDOK(&r, "hint", "--state", path, KEEN "keen_6n_01.keen");
	cr_expect_eq(r.status, 11, "%s", r.err.data);
	expect_match(r.out.data, "^This state cannot be finished: r1c1 "
		     "holds [0-9], which is not the value", "stdout");
	run_free(&r);

	/* Hints at Easy only, chained, stop short of an Extreme puzzle's
	 * end: status 10. */
	snprintf(path, sizeof(path), "%s/state.txt", dir);
	write_file(path, "");
	for (int k = 0; k < 200; k++) {
		char next[512];

		snprintf(next, sizeof(next), "%s/next.txt", dir);
		CDOK(&r, "hint", "--apply", "--level", "easy", "--state", path,
		     "-o", next, KEEN "keen_6x_01.keen");
		if (r.status != 0)
			break;
		rename(next, path);
		run_free(&r);
	}
	cr_expect_eq(r.status, 10, "%s", r.err.data);
	run_free(&r);
	CDOK(&r, "hint", "--level", "easy", "--state", path,
	     KEEN "keen_6x_01.keen");
	cr_expect_eq(r.status, 10);
	expect_str(&r.out, "No technique up to Easy applies to this state.\n",
		   "stdout");
	run_free(&r);
	remove_tmpdir(dir);
}

/* By default the tutor's steps, counted on the first line; with
 * --all-steps every step, as many as the grade counts. */
Test(cli_levels, explain_brief_and_all_steps)
{
	struct run brief, all;
	int nbrief = 0, nall = 0;

	CDOK(&brief, "explain", KEEN "keen_9h_01.keen");
	CDOK(&all, "explain", "--all-steps", KEEN "keen_9h_01.keen");
	cr_expect_eq(brief.status, 0, "%s", brief.err.data);
	cr_expect_eq(all.status, 0, "%s", all.err.data);
	cr_assert_eq(sscanf(brief.out.data, "Level: Hard, %d steps",
			    &nbrief), 1);
	cr_assert_eq(sscanf(all.out.data, "Level: Hard, %d steps", &nall),
		     1);
	cr_expect_eq(nall, 171);
	cr_expect_leq(3 * nbrief, nall, "%d of %d", nbrief, nall);
	/* As many numbered lines as the count says. */
	{
		char want[32];

		snprintf(want, sizeof(want), "\n%d. ", nbrief);
		cr_expect(strstr(brief.out.data, want), "no step %d", nbrief);
		snprintf(want, sizeof(want), "\n%d. ", nbrief + 1);
		cr_expect(!strstr(brief.out.data, want), "a step %d",
			  nbrief + 1);
	}
	expect_match(brief.out.data, "\n1\\. Cages, then singles: The 15\\+ "
		     "cage at r1c1 takes 6 to 9; ", "the routine start");
	expect_match(brief.out.data, "\\(Hard, sets the level\\): Every way "
		     "of filling ", "a marked step");
	run_free(&brief);
	run_free(&all);
	CDOK(&all, "check", "--all-steps", KEEN "keen_9h_01.keen");
	cr_expect_eq(all.status, 4);
	run_free(&all);
}

Test(cli_levels, generate_level, .timeout = 600)
{
	struct run r;

	CDOK(&r, "-T", "-s", "6", "--seed", "3", "--count", "2", "--level",
	     "hard", "generate");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "Difficulty: 3[0-9]{4} \\(Hard, score [0-9]+\\)"
		     "\n\n.*Difficulty: 3[0-9]{4} \\(Hard, score [0-9]+\\)\n$",
		     "stdout");
	run_free(&r);
	CDOK(&r, "--killer", "--seed", "3", "--level", "i", "generate");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "\\(Intermediate, score [0-9]+\\)\n$",
		     "stdout");
	run_free(&r);
	CDOK(&r, "-s", "3", "--level", "hard", "generate");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, "no Hard puzzles of size 3 x 3: Normal is "
		     "the hardest", "stderr");
	run_free(&r);
	CDOK(&r, "-N", "--level", "easy", "generate");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, "Nylimb puzzles are not graded", "stderr");
	run_free(&r);
	CDOK(&r, "--level", "easy", "-m", "30000", "generate");
	cr_expect_eq(r.status, 4);
	run_free(&r);
}

/* generate without --level: Killer Sudoku and Sudoku up to 9 x 9 are
 * Basic, Solo's default (Trivial at 4 x 4); its help says so (issue
 * 42).  At every level, 17 of 20 Killer 9 x 9s from seed 1 were
 * Unreasonable. */
Test(cli_levels, generate_defaults_to_solos_basic)
{
	struct run r;
	int basic = 0;

	CDOK(&r, "--killer", "--seed", "1", "--count", "5", "generate");
	cr_expect_eq(r.status, 0);
	for (const char *p = r.out.data; (p = strstr(p, "Difficulty: "));
	     p++) {
		cr_expect(!strncmp(strchr(p, '('), "(Basic,", 7),
			  "not Basic: %.40s", p);
		basic++;
	}
	cr_expect_eq(basic, 5);
	run_free(&r);
	CDOK(&r, "--sudoku", "--seed", "2", "generate");
	expect_match(r.out.data, "Difficulty: [0-9]+ \\(Basic, ", "stdout");
	run_free(&r);
	CDOK(&r, "--sudoku", "-s", "4", "--seed", "2", "generate");
	expect_match(r.out.data, "Difficulty: [0-9]+ \\(Trivial, ", "stdout");
	run_free(&r);
	CDOK(&r, "help", "generate");
	expect_match(r.out.data, "Without --level \\(or -m,", "help");
	run_free(&r);
}
