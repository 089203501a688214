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

/* A step's line for the worked solution, with the signs its pictures
 * show: "the 256* cage" is "the 256× cage" there, "2/" is "2÷" and "2-"
 * is "2−" (before " cage"), and a product "2*4" is "2×4".  A new
 * string (NULL when memory runs out). */
static char *with_signs(const char *line)
{
	size_t len = strlen(line), o = 0;
	char *t = malloc(3 * len + 1);

	if (!t)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		char c = line[i];
		bool after_digit = i > 0 && line[i - 1] >= '0' &&
				   line[i - 1] <= '9';
		bool cage = !strncmp(line + i + 1, " cage", 5);
		const char *sign = NULL;

		if (after_digit && c == '*' && (cage || (line[i + 1] >= '0' &&
							 line[i + 1] <= '9')))
			sign = "\u00d7";
		else if (after_digit && c == '/' && cage)
			sign = "\u00f7";
		else if (after_digit && c == '-' && cage)
			sign = "\u2212";
		if (sign) {
			memcpy(t + o, sign, strlen(sign));
			o += strlen(sign);
		} else {
			t[o++] = c;
		}
	}
	t[o] = '\0';
	return t;
}

/* What a worked step's picture shows in pencil: cand gets the
 * candidates after the step (as the player's grid has them: marks
 * where earlier steps removed something, else what the filled cells
 * leave), gone the marks the step struck out of the cells still empty
 * after it -- not the copies of the values it placed, which the filled
 * cells rule out plainly.  values and marks are the state before the
 * step, and become the state after it. */
static void step_marks(const cdok_puzzle *p, const cdok_step *s,
		       int *values, uint64_t *marks, uint64_t *cand,
		       uint64_t *gone)
{
	int n = cdok_puzzle_size(p);

	cdok_state_candidates(p, values, marks, gone);
	cdok_step_apply(p, s, values, marks);
	/* First what the filled cells alone leave. */
	cdok_state_candidates(p, values, NULL, cand);
	for (int c = 0; c < n * n; c++) {
		uint64_t out = 0;

		for (int k = 0; k < s->nremoved; k++)
			if (s->removed[k].cell == c &&
			    s->removed[k].value > 0 && s->removed[k].value < 64)
				out |= (uint64_t)1 << s->removed[k].value;
		gone[c] &= out & cand[c];
	}
	cdok_state_candidates(p, values, marks, cand);
	for (int c = 0; c < n * n; c++)
		gone[c] &= ~cand[c];
}

/* --to pdf: a worked solution to hand out.  The puzzle with its level,
 * then the grid after each step shown, numbered as the step: its place
 * shaded and its cells more strongly, the candidates pencilled in and
 * those the step removes struck out in red, its sentence beneath with
 * the signs the pictures show.  Without --per-page the pages hold as
 * many steps as stay legible with their whole sentences. */
static int show_booklet(struct cli *cli, const char *name,
			const cdok_puzzle *p, const cdok_explanation *ex)
{
	size_t n = (size_t)cdok_puzzle_size(p), cells = n * n;
	int code = CLI_EXIT_DONE;
	int *values = malloc(cells * sizeof(int));
	unsigned char *shade = malloc(cells);
	uint64_t *marks = calloc(cells, sizeof(uint64_t));
	uint64_t *cand = malloc(cells * sizeof(uint64_t));
	uint64_t *gone = malloc(cells * sizeof(uint64_t));
	const cdok_grading *g = &ex->grading;
	cdok_render_item item;
	char first[160], what[32];

	if (!values || !shade || !marks || !cand || !gone) {
		cli_msg(name, 0, 0, "out of memory");
		code = CLI_EXIT_SYSTEM;
		goto out;
	}
	for (size_t c = 0; c < cells; c++)
		values[c] = cdok_puzzle_given(p, (int)c);
	memset(&item, 0, sizeof(item));
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
	item.note = first;
	item.number = -1;
	cli->pictures.notes_fit = true;
	code = cli_put_marked(cli, name, "the puzzle", p, values, &item);
	for (int i = 0; i < ex->nsteps && code == CLI_EXIT_DONE; i++) {
		const cdok_step *s = &ex->steps[i];
		char *line = step_line(s, g->scale, i + 1);
		char *signs = line ? with_signs(line) : NULL;

		free(line);
		if (!signs) {
			cli_msg(name, 0, 0, "out of memory");
			code = CLI_EXIT_SYSTEM;
			break;
		}
		memset(shade, 0, cells);
		for (int k = 0; k < s->nfocus; k++)
			shade[s->focus[k]] = 1;
		for (int k = 0; k < s->ncells; k++)
			shade[s->cells[k]] = 2;
		step_marks(p, s, values, marks, cand, gone);
		item.shade = shade;
		item.candidates = cand;
		item.removed = gone;
		item.note = signs;
		item.number = i + 1;
		snprintf(what, sizeof(what), "step %d", i + 1);
		code = cli_put_marked(cli, name, what, p, values, &item);
		free(signs);
	}
	if (code == CLI_EXIT_DONE && !ex->solved)
		code = CLI_EXIT_NOSTEP;
out:
	free(values);
	free(shade);
	free(marks);
	free(cand);
	free(gone);
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
