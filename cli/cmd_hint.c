/* cmd_hint.c -- `cdok hint PUZZLE [--state FILE]`: the next step a person
 * would take, in one sentence (doc/LEVELS.md), or with --tier 1 or 2 only
 * where to look or what to look for; with --place, the next value a
 * person can write in a grid without pencil marks, and why.
 *
 * The state is a grid with '.' for empty cells and optional pencil
 * marks (doc/FORMAT.md, States).  With --apply the output is the state
 * after the step, headed by the step as a '#' line, which --state reads
 * back: hints chain in a pipe until status 9 says the grid is solved.
 * A puzzle with no solution or several has no next step: said on
 * standard error, status 1 or 2, as explain does.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int outcome_exit(cdok_hint_outcome o)
{
	switch (o) {
	case CDOK_HINT_STEP:
		return CLI_EXIT_DONE;
	case CDOK_HINT_SOLVED:
		return CLI_EXIT_SOLVED;
	case CDOK_HINT_STUCK:
		return CLI_EXIT_NOSTEP;
	case CDOK_HINT_CONTRADICTION:
		return CLI_EXIT_CONTRADICTS;
	case CDOK_HINT_IMPOSSIBLE:
		return CLI_EXIT_NOSOL;
	case CDOK_HINT_AMBIGUOUS:
		return CLI_EXIT_AMBIGUOUS;
	}
	return CLI_EXIT_DONE;
}

/* The hint in one line (without a newline), at its tier: 1 where to
 * look, 2 what to look for, 3 the step; a new string (NULL when memory
 * runs out). */
static char *hint_text(const cdok_puzzle *p, const cdok_hint *h, int level,
		       int tier)
{
	cdok_scale scale = cdok_puzzle_scale(p);
	const char *a = "", *b = "", *c = "";
	enum { PLAIN, WHAT, STEP, STUCK, WRONG } fmt = PLAIN;
	int len;
	char *t;

	switch (h->outcome) {
	case CDOK_HINT_STEP:
		if (tier == 1) {
			a = h->step.where;
		} else if (tier == 2) {
			fmt = WHAT;
			a = h->step.what;
			b = cdok_level_name(scale, h->step.level);
		} else {
			fmt = STEP;
			a = cdok_technique_title(h->step.technique);
			b = cdok_level_name(scale, h->step.level);
			c = h->step.text;
		}
		break;
	case CDOK_HINT_SOLVED:
		a = "The puzzle is solved.";
		break;
	case CDOK_HINT_STUCK:
		fmt = STUCK;
		a = cdok_level_name(scale, level >= 0 ? level :
				    cdok_level_count(scale) - 1);
		break;
	case CDOK_HINT_CONTRADICTION:
		fmt = WRONG;
		a = h->step.text;
		break;
	case CDOK_HINT_IMPOSSIBLE:
	case CDOK_HINT_AMBIGUOUS:
		break;
	}
	/* Measured, then written: the same literal format twice. */
	t = NULL;
	for (int pass = 0; pass < 2; pass++) {
		size_t cap = t ? (size_t)len + 1 : 0;

		switch (fmt) {
		case PLAIN:
			len = snprintf(t, cap, "%s", a);
			break;
		case WHAT:
			len = snprintf(t, cap, "%s (%s).", a, b);
			break;
		case STEP:
			len = snprintf(t, cap, "%s (%s): %s", a, b, c);
			break;
		case STUCK:
			len = snprintf(t, cap, "No technique up to %s applies "
				       "to this state.", a);
			break;
		case WRONG:
			len = snprintf(t, cap, "This state cannot be finished: "
				       "%s.", a);
			break;
		}
		if (pass == 0 && (len < 0 || !(t = malloc((size_t)len + 1))))
			return NULL;
	}
	return t;
}

static void hint_line(const cdok_puzzle *p, const cdok_hint *h, int level,
		      int tier, struct cli_out *out)
{
	char *t = hint_text(p, h, level, tier);

	out_puts(out, t ? t : "");
	free(t);
}

/* A puzzle with no solution or several: said on stderr, as explain
 * says it. */
static int not_unique(const char *name, const cdok_hint *h)
{
	if (h->outcome == CDOK_HINT_IMPOSSIBLE)
		cli_msg(name, 0, 0, "puzzle has no solution, so there is no "
			"next step");
	else
		cli_msg(name, 0, 0, "puzzle has more than one solution, so no "
			"reasoning can finish it");
	return outcome_exit(h->outcome);
}

/* The state from --state, or the givens. */
static int read_state(struct cli *cli, const cdok_puzzle *p, int *values,
		      uint64_t *candidates)
{
	int n = cdok_puzzle_size(p);
	const char *path = cli->opt.state, *name = path;
	cdok_error err;
	cdok_status st;
	char *text;
	size_t len;

	for (int i = 0; i < n * n; i++) {
		values[i] = cdok_puzzle_given(p, i);
		candidates[i] = 0;
	}
	if (!path)
		return CLI_EXIT_DONE;
	if (!strcmp(path, "-")) {
		path = NULL;
		name = "<stdin>";
	}
	switch (io_read_input(path, name, &text, &len)) {
	case IO_READ_OK:
		break;
	case IO_READ_TOO_BIG:
		return CLI_EXIT_BADINPUT;
	case IO_READ_FAILED:
		return CLI_EXIT_SYSTEM;
	}
	memset(&err, 0, sizeof(err));
	st = cdok_read_state(text, len, n, values, candidates, &err);
	free(text);
	if (st != CDOK_OK) {
		cli_report(name, &err);
		return cli_status_exit(st);
	}
	/* A state that leaves a given blank (an empty file, where play
	 * starts) holds it all the same, and --apply writes it, so that
	 * the state it writes is the whole grid `cdok check` reads. */
	for (int i = 0; i < n * n; i++)
		if ((values[i] == CDOK_NONE || values[i] == 0) &&
		    cdok_puzzle_given(p, i) != CDOK_NONE) {
			values[i] = cdok_puzzle_given(p, i);
			candidates[i] = 0;
		}
	return CLI_EXIT_DONE;
}

/* The state as a picture (--to svg, png, pdf): its values and pencil
 * marks, the hint's place shaded and, at tier 3, its cells more
 * strongly; a pdf has the hint's line under the grid. */
static int show_picture(struct cli *cli, const char *name,
			const cdok_puzzle *p, const cdok_hint *h, int level,
			int tier, const int *values,
			const uint64_t *candidates)
{
	int n = cdok_puzzle_size(p), code;
	unsigned char *shade = calloc((size_t)n * (size_t)n, 1);
	char *line = hint_text(p, h, level, tier);
	cdok_render_item marks;

	memset(&marks, 0, sizeof(marks));
	if (!shade || !line) {
		free(shade);
		free(line);
		cli_msg(name, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	if (h->outcome == CDOK_HINT_STEP ||
	    h->outcome == CDOK_HINT_CONTRADICTION) {
		for (int i = 0; i < h->step.nfocus; i++)
			shade[h->step.focus[i]] = 1;
		/* Tier 1 says where, and no more; tier 2 names the place
		 * and the technique but not the cells (not the cell a
		 * single fills): only the step shows them. */
		for (int i = 0; tier > 2 && i < h->step.ncells; i++)
			shade[h->step.cells[i]] = 2;
	}
	marks.shade = shade;
	marks.candidates = cli->opt.place ? NULL : candidates;
	marks.note = line;
	code = cli_put_marked(cli, name, "the state", p, values, &marks);
	free(line);
	free(shade);
	return code == CLI_EXIT_DONE ? outcome_exit(h->outcome) : code;
}

static int show(struct cli *cli, const char *name, const cdok_puzzle *p,
		const cdok_hint *h, int level, int *values,
		uint64_t *candidates)
{
	struct cli_out *out = &cli->out;
	int tier = cli->opt.tier ? cli->opt.tier : 3;
	char *text;
	cdok_error err;

	if (cli_to_has(cli, CDOK_FORMAT_RESULTS)) {
		cdok_json_info info;
		const cdok_reason *reasons;
		int code, nreasons;

		cdok_json_info_init(&info);
		info.command = "hint";
		info.source = name;
		info.index = 1;
		info.hint = cdok_hint_outcome_name(h->outcome);
		if (h->outcome != CDOK_HINT_SOLVED &&
		    h->outcome != CDOK_HINT_STUCK) {
			info.steps = &h->step;
			info.nsteps = 1;
		}
		reasons = cdok_hint_reasons(h, &nreasons);
		code = cli_put_result_reasons(cli, name, p, &info,
					      info.nsteps ? &reasons : NULL,
					      &nreasons);
		return code == CLI_EXIT_DONE ? outcome_exit(h->outcome) : code;
	}
	if (h->outcome == CDOK_HINT_IMPOSSIBLE ||
	    h->outcome == CDOK_HINT_AMBIGUOUS)
		return not_unique(name, h);
	if (cli->opt.to)
		return show_picture(cli, name, p, h, level, tier, values,
				    candidates);
	if (!cli->opt.apply) {
		hint_line(p, h, level, tier, out);
		out_puts(out, "\n");
		return out->failed ? CLI_EXIT_SYSTEM : outcome_exit(h->outcome);
	}
	out_puts(out, "# ");
	hint_line(p, h, level, tier, out);
	out_puts(out, "\n");
	if (h->outcome == CDOK_HINT_STEP)
		cdok_step_apply(p, &h->step, values, candidates);
	memset(&err, 0, sizeof(err));
	/* A placing hint speaks of values only: its state has no pencil
	 * marks. */
	if (cdok_write_state(cdok_puzzle_size(p), values,
			     cli->opt.place ? NULL : candidates, &text,
			     NULL, &err) != CDOK_OK) {
		cli_msg(name, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	out_puts(out, text);
	cdok_free(text);
	return out->failed ? CLI_EXIT_SYSTEM : outcome_exit(h->outcome);
}

int cmd_hint(struct cli *cli)
{
	const char *arg = cli->opt.input ? cli->opt.input
			  : cli->nfiles ? cli->files[0] : NULL;
	const char *name = arg;
	cdok_puzzle *p = NULL;
	cdok_hint *h = NULL;
	cdok_grade_params params;
	cdok_error err;
	cdok_status st;
	uint64_t *candidates = NULL;
	int *values = NULL, level, code, n;
	double secs;

	if (!arg || cli->nfiles + (cli->opt.input != NULL) != 1) {
		cli_msg(NULL, 0, 0, "hint needs one puzzle: cdok hint PUZZLE "
			"[--state FILE] (try cdok --help)");
		return CLI_EXIT_USAGE;
	}
	if (!strcmp(arg, "-")) {
		arg = NULL;
		name = "<stdin>";
		if (cli->opt.state && !strcmp(cli->opt.state, "-")) {
			cli_msg(NULL, 0, 0, "the puzzle and the state cannot "
				"both come from standard input (try cdok "
				"--help)");
			return CLI_EXIT_USAGE;
		}
	}
	if (cli->opt.apply && cli->opt.to &&
	    !cli_to_has(cli, CDOK_FORMAT_RESULTS)) {
		cli_msg(NULL, 0, 0, "--apply writes the state as text; it does "
			"not combine with --to %s (try cdok help hint)",
			cdok_format_name(cli->opt.to));
		return CLI_EXIT_USAGE;
	}
	code = cli_read_first(cli, arg, name, &p, &secs);
	if (code != CLI_EXIT_DONE)
		return code;
	if (cdok_puzzle_scale(p) == CDOK_SCALE_NONE) {
		cli_msg(name, 0, 0, "Nylimb puzzles are not graded by "
			"technique, so there are no hints for them");
		code = CLI_EXIT_BADINPUT;
		goto out;
	}
	if (!cli_level(cli, name, cdok_puzzle_scale(p), &level)) {
		code = CLI_EXIT_USAGE;
		goto out;
	}
	n = cdok_puzzle_size(p);
	values = malloc((size_t)n * (size_t)n * sizeof(*values));
	candidates = malloc((size_t)n * (size_t)n * sizeof(*candidates));
	if (!values || !candidates) {
		cli_msg(name, 0, 0, "out of memory");
		code = CLI_EXIT_SYSTEM;
		goto out;
	}
	code = read_state(cli, p, values, candidates);
	if (code != CLI_EXIT_DONE)
		goto out;
	cdok_grade_params_init(&params);
	params.max_level = level;
	params.max_nodes = cli->opt.max_nodes;
	memset(&err, 0, sizeof(err));
	if (cli->opt.place)
		st = cdok_hint_place(p, values, &params, &h, &err);
	else
		st = cdok_hint_next(p, values, candidates, &params, &h, &err);
	if (st != CDOK_OK) {
		cli_report(cli->opt.state ? cli->opt.state : name, &err);
		code = cli_status_exit(st);
		goto out;
	}
	code = show(cli, name, p, h, level, values, candidates);
out:
	cdok_hint_free(h);
	free(values);
	free(candidates);
	cdok_puzzle_free(p);
	return code;
}
