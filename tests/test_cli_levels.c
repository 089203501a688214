/* test_cli_levels.c -- levels in the cdok program (doc/LEVELS.md): the
 * hint and explain commands with their exit statuses, the level on the
 * difficulty line, generate --level, and check on a partial grid.
 */
#include "cli_run.h"

#define KEEN "tests/data/corpus/keen/"
#define KILLER "tests/data/corpus/killer/"

Test(cli_levels, hint_says_one_step)
{
	struct run r;

	CDOK(&r, "hint", "examples/readme6.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "^[A-Z][a-z ]+ \\(Easy\\): [^\n]*r[1-6]c[1-6]"
		     "[^\n]*\\.\n$", "hint");
	run_free(&r);
}

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

Test(cli_levels, hint_apply_writes_a_state)
{
	struct run r;

	CDOK(&r, "hint", "--apply", KEEN "keen_4e_01.keen");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	/* The step as a '#' line, then four rows of four cells. */
	expect_match(r.out.data, "^# [^\n]+\n([0-9.{}]+( [0-9.{}]+){3}\n){4}$",
		     "stdout");
	run_free(&r);
}

Test(cli_levels, hint_json_is_a_step)
{
	struct run r;

	CDOK(&r, "hint", "--to", "json", "examples/readme6.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "\"command\":\"hint\"", "json");
	expect_match(r.out.data, "\"hint\":\"step\",\"step\":\\{\"technique\":"
		     "\"[a-z-]+\",\"level\":\"easy\",\"cells\":\\[\\[",
		     "json");
	run_free(&r);
}

/* The three tiers: where to look, what to look for, the step. */
Test(cli_levels, hint_tiers)
{
	struct run r;

	CDOK(&r, "hint", "--tier", "1", KEEN "keen_9h_01.keen");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_str(&r.out, "Look at the 15+ cage at r1c1.\n", "tier 1");
	run_free(&r);
	CDOK(&r, "hint", "--tier", "2", KEEN "keen_9h_01.keen");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_str(&r.out, "Values a cage can use, in the 15+ cage at r1c1 "
		   "(Easy).\n", "tier 2");
	run_free(&r);
	CDOK(&r, "hint", "--tier", "3", KEEN "keen_9h_01.keen");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "^Values a cage can use \\(Easy\\): Every "
		     "way of filling the 15\\+ cage at r1c1 uses only 6, 7, 8 "
		     "and 9; remove ", "tier 3");
	run_free(&r);
	CDOK(&r, "hint", "--tier", "4", KEEN "keen_9h_01.keen");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, "--tier: expected 1, 2 or 3", "stderr");
	run_free(&r);
	CDOK(&r, "solve", "--tier", "1", KEEN "keen_9h_01.keen");
	cr_expect_eq(r.status, 4);
	run_free(&r);
	/* JSON carries all three. */
	CDOK(&r, "hint", "--to", "json", KEEN "keen_9h_01.keen");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "\"text\":\"Every way of filling the 15\\+ "
		     "cage at r1c1 [^\"]*\",\"reasons\":\\[\\{\"removed\":"
		     "\\[0,0,1\\],\"kind\":\"cage\",.*\\],"
		     "\"where\":\"Look at the 15\\+ cage at "
		     "r1c1\\.\",\"what\":\"Values a cage can use, in the 15\\+ "
		     "cage at r1c1\",\"focus\":\\[\\[0,0\\],\\[0,1\\]\\]",
		     "json");
	run_free(&r);
}

/* No next step on a puzzle with no solution or several: status 1 or
 * 2 and a sentence, as explain; a Nylimb puzzle read without -N is a
 * puzzle with no solution. */
Test(cli_levels, hint_refuses_puzzles_without_one_solution)
{
	struct run r;

	CDOK(&r, "hint", "tests/data/corpus/ambiguous/amb_6x6.spec");
	cr_expect_eq(r.status, 2);
	expect_str(&r.out, "", "stdout");
	expect_match(r.err.data, "amb_6x6.spec: puzzle has more than one "
		     "solution, so no reasoning can finish it\n$", "stderr");
	run_free(&r);
	CDOK(&r, "hint", "--apply", "tests/data/corpus/ambiguous/amb_6x6.spec");
	cr_expect_eq(r.status, 2);
	expect_str(&r.out, "", "stdout");
	run_free(&r);
	CDOK(&r, "hint", "tests/data/corpus/nylimb/GC7WQR5.puz");
	cr_expect_eq(r.status, 1);
	expect_match(r.err.data, "puzzle has no solution, so there is no "
		     "next step\n$", "stderr");
	run_free(&r);
	CDOK(&r, "explain", "tests/data/corpus/nylimb/GC7WQR5.puz");
	cr_expect_eq(r.status, 1);
	run_free(&r);
	CDOK(&r, "hint", "--to", "json",
	     "tests/data/corpus/ambiguous/amb_6x6.spec");
	cr_expect_eq(r.status, 2);
	expect_match(r.out.data, "\"hint\":\"ambiguous\"", "json");
	run_free(&r);
}

Test(cli_levels, hint_refuses_nylimb_and_stray_options)
{
	struct run r;

	CDOK(&r, "-N", "hint", "tests/data/corpus/nylimb/GC7WQR5.puz");
	cr_expect_eq(r.status, 3);
	expect_match(r.err.data, "not graded by technique", "stderr");
	run_free(&r);
	CDOK(&r, "solve", "--level", "hard", "examples/readme6.spec");
	cr_expect_eq(r.status, 4);
	run_free(&r);
	CDOK(&r, "hint", "--level", "trivial", "examples/readme6.spec");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, "Keen's scale", "stderr");
	run_free(&r);
}

/* A level message names the kind asked for: --sudoku's levels are
 * Sudoku's, not "Killer Sudoku" (issue 42). */
Test(cli_levels, bad_level_names_the_kind_asked_for)
{
	struct run r;

	CDOK(&r, "--sudoku", "--level", "hard", "generate");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, "level: Sudoku \\(Solo's scale\\) has the "
		     "levels Trivial \\(t\\), Basic \\(b\\)", "stderr");
	run_free(&r);
	CDOK(&r, "--killer", "--level", "hard", "generate");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, ": Killer Sudoku \\(Solo's scale\\) has the "
		     "levels", "stderr");
	run_free(&r);
	CDOK(&r, "--level", "trivial", "generate");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, ": Calcudoku \\(Keen's scale\\) has the "
		     "levels Easy \\(e\\)", "stderr");
	run_free(&r);
}

Test(cli_levels, explain_lists_the_steps)
{
	struct run r;

	CDOK(&r, "explain", "examples/readme6.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "^Level: Easy, [0-9]+ steps\n1\\. [^\n]+\n"
		     "2\\. ", "stdout");
	run_free(&r);

	/* -v adds the finer score and the difficulty. */
	CDOK(&r, "explain", "-v", "examples/readme6.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "^Level: Easy \\(score [0-9]+, difficulty "
		     "1[0-9]{4}\\), [0-9]+ steps\n1\\. [^\n]+\n2\\. ", "stdout");
	run_free(&r);

	CDOK(&r, "explain", "--level", "normal", KEEN "keen_6x_01.keen");
	cr_expect_eq(r.status, 10, "%s", r.err.data);
	expect_match(r.out.data, "^Level: above Normal\n", "stdout");
	expect_match(r.out.data, "\nNo technique up to Normal applies now; "
		     "the rest needs a harder level\\.\n$", "stdout");
	run_free(&r);

	CDOK(&r, "explain", "tests/data/corpus/ambiguous/amb_6x6.spec");
	cr_expect_eq(r.status, 2);
	run_free(&r);

	CDOK(&r, "explain", "--to", "json", KILLER "killer_kt_01.solo");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "\"grade\":\\{\"scale\":\"killer\","
		     "\"outcome\":\"level\",\"level\":\"trivial\"", "json");
	expect_match(r.out.data, "\"steps\":\\[\\{\"technique\":", "json");
	run_free(&r);
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

Test(cli_levels, difficulty_line_has_the_level)
{
	struct run r;

	CDOK(&r, "examine", KEEN "keen_9h_01.keen", KILLER "killer_ka_01.solo");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "Difficulty: 3[0-9]{4} \\(Hard, score "
		     "[0-9]+\\)\n", "keen");
	expect_match(r.out.data, "Difficulty: 4[0-9]{4} \\(Advanced, score "
		     "[0-9]+\\)\n", "killer");
	run_free(&r);
	CDOK(&r, "-N", "examine", "tests/data/corpus/nylimb/GC7WQR5.puz");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.out.data, "Nylimb puzzles are not graded by technique",
		     "nylimb");
	run_free(&r);
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

Test(cli_levels, check_partial_grid)
{
	char *dir = make_tmpdir();
	char path[512];
	struct run r;

	snprintf(path, sizeof(path), "%s/partial.txt", dir);
	write_file(path, "6 4 5 2 1 3\n. . . . . .\n. . . . . .\n"
		   ". . . . . .\n. . . . . .\n. . . . . 1\n");
	CDOK(&r, "check", "examples/readme6.spec", path);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_str(&r.out, "No mistakes so far; 26 cells are still empty.\n",
		   "stdout");
	run_free(&r);
	write_file(path, "6 4 5 2 1 3\n. . . . . .\n. . . . . .\n"
		   ". . . . . .\n. . . . . .\n. . . . . 2\n");
	CDOK(&r, "check", "examples/readme6.spec", path);
	cr_expect_eq(r.status, 7, "%s", r.err.data);
	expect_str(&r.out, "The grid has 1 mistake (26 cells are still "
		   "empty):\nr6c6 holds 2, which is not the value "
		   "of the puzzle's solution there\n", "stdout");
	run_free(&r);
	remove_tmpdir(dir);
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
