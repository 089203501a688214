/* cmd_explain.c -- `cdok explain`: the whole solution as a person would
 * find it, step by step, one sentence each (doc/LEVELS.md); with --to
 * json the steps as data, for an app to replay.  By default only the
 * steps some placement rests on, the routine ones grouped, as a tutor
 * would tell it (cdok_explain_brief); --all-steps gives every step of
 * the grader.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* "puzzle" or "puzzle #K" has no or several solutions: said on stderr,
 * as solve says it. */
static int not_unique(struct cli *cli, const char *name,
		      const cdok_grading *g)
{
	char what[64];

	cli_puzzle_what(cli, what, sizeof(what));
	switch (g->outcome) {
	case CDOK_GRADE_IMPOSSIBLE:
		cli_msg(name, 0, 0, "%s has no solution", what);
		return CLI_EXIT_NOSOL;
	case CDOK_GRADE_AMBIGUOUS:
		cli_msg(name, 0, 0, "%s has more than one solution, so no "
			"reasoning can finish it", what);
		return CLI_EXIT_AMBIGUOUS;
	default:
		cli_msg(name, 0, 0, "gave up on %s: the search for its "
			"solution reached --max-nodes", what);
		return CLI_EXIT_GAVEUP;
	}
}

static int show_text(struct cli *cli, const cdok_puzzle *p,
		     const cdok_explanation *ex, int level)
{
	struct cli_out *out = &cli->out;
	const cdok_grading *g = &ex->grading;
	cdok_scale scale = g->scale;

	/* "Level: Hard, 36 steps": a student needs no more; -v adds the
	 * finer score and the difficulty. */
	if (g->outcome == CDOK_GRADE_LEVEL && cli->opt.verbose)
		out_printf(out, "Level: %s (score %d, difficulty %llu), %d "
			   "step%s\n", cdok_level_name(scale, g->level),
			   g->score, (unsigned long long)g->difficulty,
			   ex->nsteps, ex->nsteps == 1 ? "" : "s");
	else if (g->outcome == CDOK_GRADE_LEVEL)
		out_printf(out, "Level: %s, %d step%s\n",
			   cdok_level_name(scale, g->level), ex->nsteps,
			   ex->nsteps == 1 ? "" : "s");
	else
		out_printf(out, "Level: above %s\n",
			   cdok_level_name(scale, level));
	for (int i = 0; i < ex->nsteps; i++) {
		const cdok_step *s = &ex->steps[i];
		const char *title = cdok_technique_title(s->technique);
		int len = (int)strlen(title);

		/* A group of routine steps is titled by its what. */
		if (s->merged > 1 && s->what && strchr(s->what, ':')) {
			title = s->what;
			len = (int)(strchr(s->what, ':') - s->what);
		}
		out_printf(out, "%d. %.*s", i + 1, len, title);
		if (s->sets_level)
			out_printf(out, " (%s, sets the level)",
				   cdok_level_name(scale, s->level));
		out_printf(out, ": %s\n", s->text);
	}
	if (!ex->solved)
		out_printf(out, "No technique up to %s applies now; the rest "
			   "needs a harder level.\n",
			   cdok_level_name(scale, level));
	(void)p;
	if (out->failed)
		return CLI_EXIT_SYSTEM;
	return ex->solved ? CLI_EXIT_DONE : CLI_EXIT_NOSTEP;
}

/* A step's line as show_text prints it, without its number, into a new
 * string (NULL when memory runs out). */
static char *step_line(const cdok_step *s, cdok_scale scale, int number)
{
	const char *title = cdok_technique_title(s->technique);
	int len = (int)strlen(title), size;
	char mark[64] = "", *t;

	if (s->merged > 1 && s->what && strchr(s->what, ':')) {
		title = s->what;
		len = (int)(strchr(s->what, ':') - s->what);
	}
	if (s->sets_level)
		snprintf(mark, sizeof(mark), " (%s, sets the level)",
			 cdok_level_name(scale, s->level));
	size = snprintf(NULL, 0, "%d. %.*s%s: %s", number, len, title, mark,
			s->text);
	t = size < 0 ? NULL : malloc((size_t)size + 1);
	if (t)
		snprintf(t, (size_t)size + 1, "%d. %.*s%s: %s", number, len,
			 title, mark, s->text);
	return t;
}

/* --to pdf: a worked solution to hand out.  The puzzle, then the grid
 * after each step shown, the step's place shaded and its cells more
 * strongly, its sentence beneath. */
static int show_booklet(struct cli *cli, const char *name,
			const cdok_puzzle *p, const cdok_explanation *ex)
{
	int n = cdok_puzzle_size(p), code = CLI_EXIT_DONE;
	int *values = malloc((size_t)n * (size_t)n * sizeof(int));
	unsigned char *shade = malloc((size_t)n * (size_t)n);
	const cdok_grading *g = &ex->grading;
	cdok_render_item marks;
	char first[160], what[32];

	if (!values || !shade) {
		free(values);
		free(shade);
		cli_msg(name, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	for (int c = 0; c < n * n; c++)
		values[c] = cdok_puzzle_given(p, c);
	memset(&marks, 0, sizeof(marks));
	if (g->outcome == CDOK_GRADE_LEVEL && cli->opt.verbose)
		snprintf(first, sizeof(first), "Level: %s (score %d, "
			 "difficulty %llu), %d step%s.",
			 cdok_level_name(g->scale, g->level), g->score,
			 (unsigned long long)g->difficulty, ex->nsteps,
			 ex->nsteps == 1 ? "" : "s");
	else if (g->outcome == CDOK_GRADE_LEVEL)
		snprintf(first, sizeof(first), "Level: %s, %d step%s.",
			 cdok_level_name(g->scale, g->level), ex->nsteps,
			 ex->nsteps == 1 ? "" : "s");
	else
		snprintf(first, sizeof(first), "Level: above %s.",
			 cdok_level_name(g->scale, g->level - 1));
	marks.note = first;
	code = cli_put_marked(cli, name, "the puzzle", p, values, &marks);
	for (int i = 0; i < ex->nsteps && code == CLI_EXIT_DONE; i++) {
		const cdok_step *s = &ex->steps[i];
		char *line = step_line(s, g->scale, i + 1);

		if (!line) {
			cli_msg(name, 0, 0, "out of memory");
			code = CLI_EXIT_SYSTEM;
			break;
		}
		memset(shade, 0, (size_t)n * (size_t)n);
		for (int k = 0; k < s->nfocus; k++)
			shade[s->focus[k]] = 1;
		for (int k = 0; k < s->ncells; k++)
			shade[s->cells[k]] = 2;
		cdok_step_apply(p, s, values, NULL);
		marks.shade = shade;
		marks.note = line;
		snprintf(what, sizeof(what), "step %d", i + 1);
		code = cli_put_marked(cli, name, what, p, values, &marks);
		free(line);
	}
	free(values);
	free(shade);
	if (code == CLI_EXIT_DONE && !ex->solved)
		code = CLI_EXIT_NOSTEP;
	return code;
}

/* The JSON of the steps, each with its reasons. */
static int put_with_reasons(struct cli *cli, const char *name,
			    const cdok_puzzle *p, const cdok_explanation *ex,
			    cdok_json_info *info)
{
	size_t n = ex->nsteps > 0 ? (size_t)ex->nsteps : 1;
	const cdok_reason **reasons = malloc(n * sizeof(*reasons));
	int *nreasons = malloc(n * sizeof(int)), code;

	if (!reasons || !nreasons) {
		free(reasons);
		free(nreasons);
		cli_msg(name, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	for (int i = 0; i < ex->nsteps; i++)
		reasons[i] = cdok_explanation_reasons(ex, i, &nreasons[i]);
	code = cli_put_result_reasons(cli, name, p, info, reasons, nreasons);
	free(reasons);
	free(nreasons);
	return code;
}

static int explain_one(struct cli *cli, const char *name,
		       const cdok_puzzle *p)
{
	cdok_grade_params params;
	cdok_explanation *ex = NULL;
	cdok_error err;
	cdok_status st;
	int level, code;

	if (cdok_puzzle_scale(p) == CDOK_SCALE_NONE) {
		cli_msg(name, 0, 0, "Nylimb puzzles are not graded by "
			"technique, so there is no explanation for them");
		return CLI_EXIT_BADINPUT;
	}
	if (!cli_level(cli, name, cdok_puzzle_scale(p), &level))
		return CLI_EXIT_USAGE;
	cdok_grade_params_init(&params);
	params.max_level = level;
	params.max_nodes = cli->opt.max_nodes;
	memset(&err, 0, sizeof(err));
	st = cdok_explain(p, &params, &ex, &err);
	/* By default the steps a tutor would give; --all-steps: every
	 * one. */
	if (st == CDOK_OK && !cli->opt.all_steps &&
	    (ex->grading.outcome == CDOK_GRADE_LEVEL ||
	     ex->grading.outcome == CDOK_GRADE_ABOVE)) {
		cdok_explanation *brief = NULL;

		st = cdok_explain_brief(p, ex, &brief, &err);
		cdok_explanation_free(ex);
		ex = brief;
	}
	if (st != CDOK_OK) {
		cli_report(name, &err);
		return cli_status_exit(st);
	}
	if (ex->grading.outcome != CDOK_GRADE_LEVEL &&
	    ex->grading.outcome != CDOK_GRADE_ABOVE) {
		code = not_unique(cli, name, &ex->grading);
	} else if (cli->opt.to && !cli_to_has(cli, CDOK_FORMAT_RESULTS)) {
		code = show_booklet(cli, name, p, ex);
	} else if (cli_to_has(cli, CDOK_FORMAT_RESULTS)) {
		cdok_json_info info;

		cdok_json_info_init(&info);
		info.command = "explain";
		info.source = name;
		info.index = cli->index;
		info.grading = &ex->grading;
		info.steps = ex->steps;
		info.nsteps = ex->nsteps;
		code = put_with_reasons(cli, name, p, ex, &info);
		if (code == CLI_EXIT_DONE && !ex->solved)
			code = CLI_EXIT_NOSTEP;
	} else {
		code = show_text(cli, p, ex, level >= 0 ? level
				 : cdok_level_count(ex->grading.scale) - 1);
	}
	cdok_explanation_free(ex);
	return code;
}

int cmd_explain(struct cli *cli)
{
	return cli_each_puzzle(cli, explain_one);
}
