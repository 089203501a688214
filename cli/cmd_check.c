/* cmd_check.c -- `cdok check PUZZLE SOLUTION`: is a proposed grid right?
 *
 * The puzzle is the first one of its input, in any format; the grid is
 * N rows of N numbers (cdok_read_grid, which also takes a solved spec).
 * Every rule the grid breaks is listed, not just the first, in the
 * library's words (cdok_problem_describe): a user fixing a grid wants
 * all of it at once.  A wrong grid has its own exit status, 7, so that a
 * script can tell it from a file that could not be read (3 or 5).
 *
 * The grid may also be a state of play as `cdok hint --apply` writes it
 * (cdok_read_state: '.' for empty cells, pencil marks in braces, '#'
 * lines, rows of digits without spaces).  A grid with empty cells is a
 * game in progress, checked by the mistake finder (cdok_check_state),
 * the judgement `cdok hint` makes too: the empty cells are no problem
 * (one with a given holds it), a filled value is one when it breaks a
 * rule or differs from the only solution, and pencil marks are when
 * they leave out the solution's value.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* One problem as its sentence, on a line of its own. */
static bool put_problem(struct cli_out *out, const cdok_problem *problem,
			const cdok_puzzle *puzzle)
{
	char buf[512], *text = buf;
	size_t n = cdok_problem_describe(problem, puzzle, buf, sizeof(buf));
	bool ok;

	/* Labels and 64-bit numbers keep sentences short, but a cut one
	 * would mislead: make room if need be. */
	if (n >= sizeof(buf)) {
		text = malloc(n + 1);
		if (!text)
			return out_printf(out, "%s...\n", buf);
		cdok_problem_describe(problem, puzzle, text, n + 1);
	}
	ok = out_printf(out, "%s\n", text);
	if (text != buf)
		free(text);
	return ok;
}

/* A grid with empty cells: the mistake finder's answer. */
static int report_partial(struct cli *cli, const cdok_puzzle *puzzle,
			  const cdok_problem *problems, int count,
			  int empty, int unique)
{
	struct cli_out *out = &cli->out;

	if (!unique)
		out_puts(out, "The puzzle does not have exactly one solution, "
			 "so the filled values are checked against its rules "
			 "only.\n");
	if (count == 0)
		out_printf(out, "No mistakes so far; %d cell%s still "
			   "empty.\n", empty, empty == 1 ? " is" : "s are");
	else
		out_printf(out, "The grid has %d mistake%s (%d cell%s still "
			   "empty):\n", count, count == 1 ? "" : "s", empty,
			   empty == 1 ? " is" : "s are");
	for (int i = 0; i < count; i++)
		if (!put_problem(out, &problems[i], puzzle))
			break;
	if (out->failed)
		return CLI_EXIT_SYSTEM;
	return count ? CLI_EXIT_WRONG : CLI_EXIT_DONE;
}

static int report_text(struct cli *cli, const cdok_puzzle *puzzle,
		       const cdok_problem *problems, int count)
{
	struct cli_out *out = &cli->out;

	if (count == 0) {
		out_puts(out, "The solution is correct.\n");
	} else {
		out_printf(out, "The solution is wrong (%d problem%s):\n",
			   count, count == 1 ? "" : "s");
		for (int i = 0; i < count; i++)
			if (!put_problem(out, &problems[i], puzzle))
				break;
	}
	if (out->failed)
		return CLI_EXIT_SYSTEM;
	return count ? CLI_EXIT_WRONG : CLI_EXIT_DONE;
}

/* The proposed grid, as N rows of N numbers (cdok_read_grid) or as a
 * state of play (cdok_read_state), with the pencil marks into
 * candidates (zero when there are none).  When neither reads it, the
 * error of the reader that read further is told: it is the one the
 * text was meant for. */
static cdok_status read_proposal(const char *text, size_t len,
				 const cdok_puzzle *puzzle, int *values,
				 uint64_t *candidates, cdok_error *err)
{
	int n = cdok_puzzle_size(puzzle);
	cdok_error serr;
	cdok_status st, sst;

	st = cdok_read_grid(text, len, n, values, err);
	/* A Nylimb grid holds 0 as a value, which a state reads as
	 * empty. */
	if (st == CDOK_OK || st == CDOK_ERR_NOMEM ||
	    (cdok_puzzle_rules(puzzle) & CDOK_RULE_NYLIMB))
		return st;
	memset(&serr, 0, sizeof(serr));
	sst = cdok_read_state(text, len, n, values, candidates, &serr);
	if (sst == CDOK_OK)
		return CDOK_OK;
	if (serr.line > err->line ||
	    (serr.line == err->line && serr.column > err->column)) {
		*err = serr;
		return sst;
	}
	return st;
}

/* "-" is standard input, named <stdin> in messages. */
static void input_name(const char *arg, const char **path, const char **name)
{
	if (!strcmp(arg, "-")) {
		*path = NULL;
		*name = "<stdin>";
	} else {
		*path = arg;
		*name = arg;
	}
}

/* check's two files, -i's first, into args; false after saying why
 * there are not two. */
static bool check_args(const struct cli *cli, const char *args[2])
{
	int nargs = 0;

	if (cli->opt.input)
		args[nargs++] = cli->opt.input;
	for (int i = 0; i < cli->nfiles && nargs <= 2; i++) {
		if (nargs == 2) {
			nargs++;
			break;
		}
		args[nargs++] = cli->files[i];
	}
	if (nargs != 2) {
		cli_msg(NULL, 0, 0, "check needs two files, the puzzle and the "
			"proposed solution: cdok check PUZZLE SOLUTION (try "
			"cdok --help)");
		return false;
	}
	if (!strcmp(args[0], "-") && !strcmp(args[1], "-")) {
		cli_msg(NULL, 0, 0, "the puzzle and the solution cannot both "
			"come from standard input (try cdok --help)");
		return false;
	}
	return true;
}

/* The empty cells of a proposal (n * n values): how many, and in
 * *marked whether any has pencil marks.  A blank given holds its given,
 * as in `cdok hint`. */
static int count_empty(const cdok_puzzle *puzzle, size_t n, int *values,
		       const uint64_t *candidates, bool *marked)
{
	int empty = 0;

	*marked = false;
	for (size_t i = 0; i < n * n; i++) {
		bool blank = values[i] == CDOK_NONE ||
			     (values[i] == 0 && !(cdok_puzzle_rules(puzzle) &
						  CDOK_RULE_NYLIMB));

		if (blank && cdok_puzzle_given(puzzle, (int)i) != CDOK_NONE) {
			values[i] = cdok_puzzle_given(puzzle, (int)i);
			blank = false;
		}
		empty += blank;
		*marked |= blank && candidates[i];
	}
	return empty;
}

/* --to json: the check's result document; its exit status. */
static int put_check(struct cli *cli, const char *name,
		     const cdok_puzzle *puzzle, const int *values,
		     const cdok_problem *problems, int count,
		     double read_secs, double check_secs)
{
	cdok_json_timing timings[2] = {
		{ "read", read_secs }, { "check", check_secs },
	};
	cdok_json_info info;
	int code;

	cdok_json_info_init(&info);
	info.command = "check";
	info.source = name;
	info.index = 1;
	info.candidate = values;
	info.problems = problems;
	info.nproblems = count;
	info.timings = timings;
	info.ntimings = 2;
	code = cli_put_result(cli, name, puzzle, &info);
	if (code == CLI_EXIT_DONE && count)
		code = CLI_EXIT_WRONG;
	return code;
}

int cmd_check(struct cli *cli)
{
	const char *args[2], *puzzle_path, *puzzle_name, *grid_path,
		   *grid_name;
	cdok_puzzle *puzzle = NULL;
	cdok_problem *problems = NULL;
	int count = 0, code, *values = NULL, empty, unique = 0;
	uint64_t *candidates = NULL;
	bool marked = false;
	double read_secs, check_secs;
	cdok_error err;
	cdok_status st;
	uint64_t start;
	char *text = NULL;
	size_t len, n;

	if (!check_args(cli, args))
		return CLI_EXIT_USAGE;
	input_name(args[0], &puzzle_path, &puzzle_name);
	input_name(args[1], &grid_path, &grid_name);

	code = cli_read_first(cli, puzzle_path, puzzle_name, &puzzle,
			      &read_secs);
	if (code != CLI_EXIT_DONE)
		goto out;
	switch (io_read_input(grid_path, grid_name, &text, &len)) {
	case IO_READ_OK:
		break;
	case IO_READ_TOO_BIG:
		code = CLI_EXIT_BADINPUT;
		goto out;
	case IO_READ_FAILED:
		code = CLI_EXIT_SYSTEM;
		goto out;
	}
	n = (size_t)cdok_puzzle_size(puzzle);
	values = calloc(n * n, sizeof(*values));
	candidates = calloc(n * n, sizeof(*candidates));
	if (!values || !candidates) {
		cli_msg(NULL, 0, 0, "out of memory");
		code = CLI_EXIT_SYSTEM;
		goto out;
	}
	memset(&err, 0, sizeof(err));
	start = cli_now_ns();
	st = read_proposal(text, len, puzzle, values, candidates, &err);
	if (st != CDOK_OK) {
		cli_report(grid_name, &err);
		code = cli_status_exit(st);
		goto out;
	}
	empty = count_empty(puzzle, n, values, candidates, &marked);
	memset(&err, 0, sizeof(err));
	/* A grid with empty cells is a game in progress: the mistake
	 * finder leaves the empty cells alone and compares the others
	 * with the solution. */
	if (empty) {
		cdok_grade_params params;

		cdok_grade_params_init(&params);
		params.max_nodes = cli->opt.max_nodes;
		st = cdok_check_state(puzzle, values, marked ? candidates :
				      NULL, &params, &problems, &count,
				      &unique, &err);
	} else {
		st = cdok_check(puzzle, values, &problems, &count, &err);
	}
	check_secs = cli_seconds_since(start);
	if (st != CDOK_OK) {
		cli_report(grid_name, &err);
		code = cli_status_exit(st);
		goto out;
	}

	if (cli->opt.to)
		code = put_check(cli, puzzle_name, puzzle, values, problems,
				 count, read_secs, check_secs);
	else if (empty)
		code = report_partial(cli, puzzle, problems, count, empty,
				      unique);
	else
		code = report_text(cli, puzzle, problems, count);
out:
	cdok_free(problems);
	free(values);
	free(candidates);
	free(text);
	cdok_puzzle_free(puzzle);
	return code;
}
