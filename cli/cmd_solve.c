/* cmd_solve.c -- `cdok solve` and `cdok examine`: solve each puzzle and
 * say whether its solution is unique.
 *
 * By default the solver counts up to 2 solutions, which is exactly what
 * "is it unique?" needs.  A grid is shown only for a unique solution:
 * picking one of several grids would present a guess as the answer.
 * --limit and --all turn the verdict into a count.  --timeout and
 * --max-nodes bound the search (cli_budget); a search that reaches
 * either gives no verdict at all, since "unique so far" is not unique.
 *
 * With --to the verdict lines give way to the format: an answer per
 * puzzle that has exactly one solution (UCF, Cal Poly, a solved spec or
 * a drawing), the others named on standard error and skipped in the
 * stream, or with --to json a result document for every puzzle.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Solutions kept for a result document (--to json --all). */
struct grids {
	int **v;
	size_t n, cap;
	size_t cells;
};

/* One puzzle being solved, for the solution callback. */
struct solve_run {
	struct cli *cli;
	const char *name;
	const cdok_puzzle *puzzle;
	struct cli_budget *budget;
	int code;   /* why the callback stopped the search, or 0 */
	struct grids kept;
};

static void grids_free(struct grids *g)
{
	for (size_t i = 0; i < g->n; i++)
		free(g->v[i]);
	free(g->v);
	memset(g, 0, sizeof(*g));
}

static bool grids_add(struct grids *g, const int *values)
{
	int *copy;

	if (g->n == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 4;
		int **v = realloc(g->v, cap * sizeof(*v));

		if (!v)
			return false;
		g->v = v;
		g->cap = cap;
	}
	copy = malloc(g->cells * sizeof(*copy));
	if (!copy)
		return false;
	memcpy(copy, values, g->cells * sizeof(*copy));
	g->v[g->n++] = copy;
	return true;
}

/* --all with --to json: keep every solution for the document. */
static int keep_solution(void *user, const int *values)
{
	struct solve_run *run = user;

	if (grids_add(&run->kept, values))
		return 0;
	cli_msg(run->name, 0, 0, "out of memory");
	run->code = CLI_EXIT_SYSTEM;
	return 1;
}

/* --all: show every solution as it is found, each followed by a blank
 * line, like the unique solution of a plain solve. */
static int show_solution(void *user, const int *values)
{
	struct solve_run *run = user;
	struct cli_out *out = &run->cli->out;
	int code;

	/* Each solution goes out whole, even if the --timeout timer ends
	 * the run meanwhile: the timer waits until it is flushed. */
	cli_budget_hold(run->budget, true);
	code = cli_show_grid(run->cli, run->name, run->puzzle, values);
	if (code == CLI_EXIT_DONE && !out_puts(out, "\n"))
		code = CLI_EXIT_SYSTEM;
	if (code == CLI_EXIT_DONE && run->budget->timeout_ns &&
	    !out_flush(out))
		code = CLI_EXIT_SYSTEM;
	cli_budget_hold(run->budget, false);
	if (code != CLI_EXIT_DONE) {
		run->code = code;
		return 1;
	}
	return 0;
}

/* Solution, blank line: what precedes the summary of a unique puzzle. */
static int show_unique(struct solve_run *run, const int *solution)
{
	int code = cli_show_grid(run->cli, run->name, run->puzzle, solution);

	if (code == CLI_EXIT_DONE && !out_puts(&run->cli->out, "\n"))
		code = CLI_EXIT_SYSTEM;
	return code;
}

/* The verdict without --limit or --all: the original's two lines. */
static int report_verdict(struct solve_run *run, const cdok_result *res,
			  const int *solution, bool show)
{
	struct cli_out *out = &run->cli->out;
	cdok_grading grading;
	char diff[160];
	int code;

	if (res->count >= 2) {
		out_puts(out, "Solution is not unique.\n");
		return CLI_EXIT_AMBIGUOUS;
	}
	/* With limit 2 and no callback the search only ends early when it
	 * finds a second solution; anything else is a solver fault that
	 * must not pass for uniqueness. */
	if (!res->complete) {
		cli_msg(run->name, 0, 0,
			"the search stopped before uniqueness was proved");
		return CLI_EXIT_SYSTEM;
	}
	if (show) {
		code = show_unique(run, solution);
		if (code != CLI_EXIT_DONE)
			return code;
	}
	/* The difficulty is the grade's (doc/LEVELS.md): its level and
	 * the score within it. */
	if (!cli_grade(run->cli, run->name, run->puzzle, solution, &grading))
		return CLI_EXIT_SYSTEM;
	cli_difficulty(&grading, res->search_score, diff, sizeof(diff));
	out_printf(out, "Solution is unique. Difficulty: %s\n", diff);
	return CLI_EXIT_DONE;
}

/* The exit status a finished search calls for, as the verdict and
 * count lines give it. */
static int result_exit(const cdok_result *res)
{
	switch (res->verdict) {
	case CDOK_VERDICT_UNIQUE:
		return CLI_EXIT_DONE;
	case CDOK_VERDICT_NONE:
		return CLI_EXIT_NOSOL;
	case CDOK_VERDICT_MULTIPLE:
		return CLI_EXIT_AMBIGUOUS;
	case CDOK_VERDICT_FOUND:
		return CLI_EXIT_FOUND;
	case CDOK_VERDICT_UNKNOWN:
		break;
	}
	return CLI_EXIT_GAVEUP;
}

/* The count with --limit or --all. */
static int report_count(struct solve_run *run, const cdok_result *res,
			const int *solution, bool show)
{
	const struct cli_options *opt = &run->cli->opt;
	struct cli_out *out = &run->cli->out;
	int code;

	if (show && !opt->all && res->count == 1 && res->complete) {
		code = show_unique(run, solution);
		if (code != CLI_EXIT_DONE)
			return code;
	}
	if (res->complete)
		out_printf(out, "Solutions: %" PRIu64 "\n", res->count);
	else if (opt->limit)
		out_printf(out, "Solutions: at least %" PRIu64
			   " (stopped at --limit %" PRIu64 ")\n",
			   res->count, opt->limit);
	else
		out_printf(out, "Solutions: at least %" PRIu64
			   " (search stopped)\n", res->count);

	/* A count of one that stopped at the limit (--limit 1) found a
	 * solution without asking whether it is the only one: not the
	 * status of a unique puzzle. */
	return result_exit(res);
}

/* --to json: the result document.  Solutions are listed as the text
 * output shows them: every one with --all, else the unique one (solve
 * only).  The "gave up" line still goes to stderr, as without --to. */
static int report_json(struct solve_run *run, const cdok_result *res,
		       const int *solution, bool show, double solve_secs)
{
	struct cli *cli = run->cli;
	const int *one[1] = { solution };
	cdok_json_timing timings[2] = {
		{ "read", cli->read_seconds }, { "solve", solve_secs },
	};
	cdok_json_info info;
	cdok_grading grading;
	int code;

	cdok_json_info_init(&info);
	if (res->verdict == CDOK_VERDICT_UNIQUE) {
		if (!cli_grade(cli, run->name, run->puzzle, solution,
			       &grading))
			return CLI_EXIT_SYSTEM;
		info.grading = &grading;
	}
	info.command = show ? "solve" : "examine";
	info.source = run->name;
	info.index = cli->index;
	info.result = res;
	if (cli->opt.all) {
		info.solutions = (const int *const *)run->kept.v;
		info.nsolutions = run->kept.n;
	} else if (show && res->count == 1 && res->complete) {
		info.solutions = one;
		info.nsolutions = 1;
	}
	info.timings = timings;
	info.ntimings = 2;
	code = cli_put_result(cli, run->name, run->puzzle, &info);
	if (code != CLI_EXIT_DONE)
		return code;
	/* A budget that ended the search is status 6, as without --to:
	 * what the document holds (a verdict of "multiple" after two of a
	 * count asked for) is true, but the answer asked for is not
	 * known. */
	if (res->gave_up)
		return cli_budget_gave_up(run->budget);
	return result_exit(res);
}

/* --to another format: the answer when there is exactly one solution;
 * otherwise the puzzle's place in the stream is skipped (UCF's numbers
 * stay the input's) and it is named on stderr. */
static int report_answer(struct solve_run *run, const cdok_result *res,
			 const int *solution)
{
	struct cli *cli = run->cli;
	char what[64];

	cli_puzzle_what(cli, what, sizeof(what));
	if (res->count == 1 && res->complete)
		return cli_put(cli, run->name, what, run->puzzle, solution);
	cli_skip(cli);
	if (res->gave_up)
		return cli_budget_gave_up(run->budget);
	if (res->count == 0) {
		cli_msg(run->name, 0, 0, "%s has no solution%s%s", what,
			res->reason[0] ? ": " : "", res->reason);
		return CLI_EXIT_NOSOL;
	}
	if (res->count >= 2) {
		cli_msg(run->name, 0, 0, "%s has more than one solution",
			what);
		return CLI_EXIT_AMBIGUOUS;
	}
	/* As in report_verdict: only a fault stops a search at limit 2
	 * after one solution. */
	cli_msg(run->name, 0, 0,
		"the search stopped before uniqueness was proved");
	return CLI_EXIT_SYSTEM;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* --benchmark: time the solve with its uniqueness proof (limit 2, no
 * callbacks, no output) in-process, at least 5 runs and 0.2 s of
 * solving (at most 10,000 runs), and print the median. */
static int benchmark(struct cli *cli, const cdok_puzzle *puzzle)
{
	enum { MIN_RUNS = 5, MAX_RUNS = 10000 };
	static uint64_t ns[MAX_RUNS];
	uint64_t total = 0;
	int runs = 0;

	while (runs < MAX_RUNS &&
	       (runs < MIN_RUNS || total < 200000000ull)) {
		cdok_result res;
		uint64_t t0 = cli_now_ns();

		if (cdok_solve(puzzle, NULL, NULL, &res, NULL) != CDOK_OK)
			return CLI_EXIT_SYSTEM;
		ns[runs] = cli_now_ns() - t0;
		total += ns[runs++];
	}
	qsort(ns, (size_t)runs, sizeof(ns[0]), cmp_u64);
	out_printf(&cli->out, "Time: %.1f us (median of %d runs)\n",
		   (double)ns[runs / 2] / 1000.0, runs);
	return CLI_EXIT_DONE;
}

static int solve_one(struct cli *cli, const char *name,
		     const cdok_puzzle *puzzle, bool show)
{
	bool counting = cli->opt.limit || cli->opt.all;
	struct cli_budget budget;
	struct solve_run run = { cli, name, puzzle, &budget, 0, { 0 } };
	size_t size = (size_t)cdok_puzzle_size(puzzle);
	bool json = cli_to_has(cli, CDOK_FORMAT_RESULTS);
	cdok_solve_params params;
	cdok_result result;
	cdok_error err;
	cdok_status st;
	uint64_t start;
	int *solution;
	int code;
	char what[64];

	solution = calloc(size * size, sizeof(*solution));
	if (!solution) {
		cli_msg(name, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	cdok_solve_params_init(&params);
	if (counting) {
		/* --all alone means no limit: 0 tells the solver so. */
		params.limit = cli->opt.limit;
		if (cli->opt.all) {
			params.on_solution = json ? keep_solution
						  : show_solution;
			params.user = &run;
		}
	}
	run.kept.cells = size * size;
	/* The budget starts after reading: it bounds the search.  A new
	 * budget always has something left, so params is always set. */
	cli_budget_start(&budget, cli, name);
	cli_budget_params(&budget, &params);
	memset(&err, 0, sizeof(err));
	start = cli_now_ns();
	st = cdok_solve(puzzle, &params, solution, &result, &err);
	cli_budget_stop(&budget);
	if (st == CDOK_OK)
		cli_budget_spent(&budget, &result);
	if (st != CDOK_OK) {
		cli_report(name, &err);
		code = cli_status_exit(st);
	} else if (run.code) {
		code = run.code;
	} else if (json) {
		code = report_json(&run, &result, solution, show,
				   cli_seconds_since(start));
	} else if (cli->opt.to) {
		code = report_answer(&run, &result, solution);
	} else if (result.gave_up) {
		/* Neither a count nor a verdict is known.  What --all
		 * printed stays: those solutions are real. */
		code = cli_budget_gave_up(&budget);
	} else if (result.count == 0) {
		if (counting)
			out_puts(&cli->out, "Solutions: 0\n");
		cli_msg(name, 0, 0, "%s has no solution%s%s",
			cli_puzzle_what(cli, what, sizeof(what)),
			result.reason[0] ? ": " : "", result.reason);
		code = CLI_EXIT_NOSOL;
	} else if (counting) {
		code = report_count(&run, &result, solution, show);
	} else {
		code = report_verdict(&run, &result, solution, show);
	}
	/* Timing comes after the answer, and only for a search that ran
	 * to its end: a puzzle that gave up has no time worth repeating. */
	if (cli->opt.benchmark && st == CDOK_OK && !result.gave_up &&
	    code != CLI_EXIT_SYSTEM) {
		int b = benchmark(cli, puzzle);

		code = cli_worse(code, b);
	}
	free(solution);
	grids_free(&run.kept);
	return code;
}

static int solve_and_show(struct cli *cli, const char *name,
			  const cdok_puzzle *puzzle)
{
	return solve_one(cli, name, puzzle, true);
}

static int solve_quietly(struct cli *cli, const char *name,
			 const cdok_puzzle *puzzle)
{
	return solve_one(cli, name, puzzle, false);
}

/* Every puzzle of the inputs, with a progress line when there are many
 * (cli_each_puzzle counts them as it reads each input). */
static int solve_all(struct cli *cli, const char *what, cli_puzzle_fn fn)
{
	struct cli_progress progress;
	int code;

	cli_progress_start(&progress, cli, what, "puzzles", 0);
	cli->progress = &progress;
	code = cli_each_puzzle(cli, fn);
	cli->progress = NULL;
	cli_progress_end(&progress);
	return code;
}

int cmd_solve(struct cli *cli)
{
	return solve_all(cli, "solve", solve_and_show);
}

int cmd_examine(struct cli *cli)
{
	return solve_all(cli, "examine", solve_quietly);
}
