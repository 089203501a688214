/* levels.c -- what the commands share about levels (doc/LEVELS.md):
 * reading --level and grading for the "Difficulty:" line (the
 * generator's score function is the library's, cdok_grade_score).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* The kind of puzzle whose levels a message lists, as the user asked
 * for it: Solo's scale serves plain and Killer Sudoku alike. */
static const char *scale_kind(const struct cli *cli, cdok_scale scale)
{
	if (scale == CDOK_SCALE_CALCUDOKU)
		return "Calcudoku (Keen's scale)";
	if (cli->opt.sudoku)
		return "Sudoku (Solo's scale)";
	if (cli->opt.killer)
		return "Killer Sudoku (Solo's scale)";
	return "Sudoku and Killer Sudoku (Solo's scale)";
}

bool cli_level(const struct cli *cli, const char *name, cdok_scale scale,
	       int *level)
{
	char names[160];
	size_t len = 0;

	*level = -1;
	if (!cli->opt.level)
		return true;
	if (scale == CDOK_SCALE_NONE) {
		cli_msg(name, 0, 0, "--level: Nylimb puzzles are not graded by "
			"technique, so they have no levels");
		return false;
	}
	*level = cdok_level_find(scale, cli->opt.level);
	if (*level >= 0)
		return true;
	names[0] = '\0';
	for (int i = 0; i < cdok_level_count(scale) && len < sizeof(names);
	     i++)
		len += (size_t)snprintf(names + len, sizeof(names) - len,
					"%s%s (%c)", i ? ", " : "",
					cdok_level_name(scale, i),
					cdok_level_code(scale, i));
	cli_msg(name, 0, 0, "bad value '%s' for --level: %s has the levels "
		"%s (try cdok --help)", cli->opt.level,
		scale_kind(cli, scale), names);
	return false;
}

bool cli_grade(const struct cli *cli, const char *name,
	       const cdok_puzzle *puzzle, const int *solution,
	       cdok_grading *grading)
{
	cdok_grade_params params;
	cdok_error err;
	cdok_status st;

	cdok_grade_params_init(&params);
	params.max_nodes = cli->opt.max_nodes;
	params.solution = solution;
	memset(&err, 0, sizeof(err));
	st = cdok_grade(puzzle, &params, grading, &err);
	if (st != CDOK_OK) {
		cli_report(name, &err);
		return false;
	}
	return true;
}

void cli_difficulty(const cdok_grading *g, uint64_t solver_score, char *buf,
		    size_t cap)
{
	if (g->outcome == CDOK_GRADE_LEVEL)
		cdok_difficulty_describe(g->scale, g->difficulty, buf, cap);
	else if (g->outcome == CDOK_GRADE_UNGRADED)
		snprintf(buf, cap, "%llu (Nylimb puzzles are not graded by "
			 "technique; this is the solver's score)",
			 (unsigned long long)solver_score);
	else
		snprintf(buf, cap, "%llu (no level: the grader's search gave "
			 "up)", (unsigned long long)solver_score);
}
