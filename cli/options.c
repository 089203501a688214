/* options.c -- the program's options as data: one row per option in
 * cli_options[] says what --help, the man page and the completions show
 * (cli/help.c) and how the option is read -- its kind, its field of
 * struct cli_options, its range, and the rules between it and the
 * others.  cli_parse_options is a loop over the rows plus those rules.
 */
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Long-only options get values past any character. */
enum { OPT_LIMIT = 256, OPT_ALL, OPT_BENCHMARK, OPT_TIMEOUT, OPT_MAX_NODES, OPT_SEED,
       OPT_COUNT, OPT_OPS, OPT_MAX_CAGE, OPT_FROM, OPT_TO, OPT_KILLER,
       OPT_BOXES, OPT_PROGRESS, OPT_NO_PROGRESS, OPT_COMPLETIONS,
       OPT_MAN_SECTION, OPT_PER_PAGE, OPT_PAPER, OPT_TITLE,
       OPT_WITH_SOLUTIONS, OPT_DPI, OPT_LEVEL, OPT_STATE, OPT_APPLY, OPT_TIER,
       OPT_PLACE, OPT_ALL_STEPS, OPT_FORCE, OPT_SORT, OPT_ARCHIVE,
       OPT_SUDOKU, OPT_HIDE_OPS, OPT_GIVENS_AS_CAGES };

/* ---- reading the options' arguments ---- */

/* A whole number from 1 up that fits 64 bits, digits only: strtoull
 * would accept signs, spaces and wrap-around. */
static bool parse_count(const char *s, uint64_t *value)
{
	uint64_t v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	if (v == 0)
		return false;
	*value = v;
	return true;
}

/* A number of seconds above 0, such as "5", "0.25" or "2.": digits and
 * at most one decimal point, as nanoseconds.  Up to a billion seconds
 * (31 years) keeps the count of nanoseconds within 64 bits; digits past
 * the ninth decimal are below the clock's resolution and dropped. */
static bool parse_seconds(const char *s, uint64_t *ns)
{
	uint64_t whole = 0, frac = 0, scale = 100000000;
	int digits = 0, int_digits = 0;

	for (; *s >= '0' && *s <= '9'; s++, digits++, int_digits++) {
		if (int_digits == 10)
			return false;
		whole = whole * 10 + (uint64_t)(*s - '0');
	}
	if (*s == '.') {
		for (s++; *s >= '0' && *s <= '9'; s++, digits++) {
			frac += (uint64_t)(*s - '0') * scale;
			scale /= 10;
		}
	}
	if (*s || !digits || whole > 1000000000)
		return false;
	*ns = whole * 1000000000 + frac;
	return *ns > 0;
}

/* A box shape for --boxes: ROWSxCOLUMNS, each a whole number from 1 to
 * 63, such as "2x3".  Whether it tiles the grid is for the command to
 * say, once the size is known. */
static bool box_shape(const char *s, int *rows, int *cols)
{
	uint64_t r, c;
	const char *x = strchr(s, 'x');
	char head[8];

	if (!x || x == s || (size_t)(x - s) >= sizeof(head))
		return false;
	memcpy(head, s, (size_t)(x - s));
	head[x - s] = '\0';
	if (!parse_count(head, &r) || !parse_count(x + 1, &c) ||
	    r > CDOK_MAX_SIZE || c > CDOK_MAX_SIZE)
		return false;
	*rows = (int)r;
	*cols = (int)c;
	return true;
}

/* The format for --from (reading) or --to, or NULL after saying why
 * not, with the names that would do, from the library's table.
 * *missing is set when the name may be one of libcdok-render's, which
 * could not be loaded. */
static const cdok_format *parse_format(const char *arg, bool reading,
				       bool *missing)
{
	const char *opt = reading ? "--from" : "--to";
	const cdok_format *f = cli_format(arg);
	const cdok_formats *all;
	char names[512];
	size_t len = 0;

	if (f && (reading ? cdok_format_can_read(f)
			  : cdok_format_can_write(f)))
		return f;
	/* Every format that would do, the pictures' too. */
	all = cli_formats_all();
	names[0] = '\0';
	for (int i = 0; cdok_formats_at(all, i); i++) {
		const cdok_format *g = cdok_formats_at(all, i);

		if (reading ? !cdok_format_can_read(g)
			    : !cdok_format_can_write(g))
			continue;
		len += (size_t)snprintf(names + len, sizeof(names) - len,
					"%s%s", len ? ", " : "",
					cdok_format_name(g));
		if (len >= sizeof(names))
			break;
	}
	if (f) {
		cli_msg(NULL, 0, 0, "the %s format can only be %s; %s takes "
			"%s (try cdok --help)", arg,
			reading ? "written" : "read", opt, names);
		return NULL;
	}
	if (!cli_render()) {
		/* Not a name the program knows, but perhaps one of a part of
		 * it that is missing: a system error, as for a file. */
		cli_msg(NULL, 0, 0, "unknown format '%s' for %s: expected %s, "
			"or a picture format of libcdok-render, which is not "
			"available here (%s)", arg, opt, names,
			cli_render_why());
		*missing = true;
		return NULL;
	}
	cli_msg(NULL, 0, 0, "unknown format '%s' for %s: expected %s "
		"(try cdok --help)", arg, opt, names);
	return NULL;
}

/* A whole number for an option of range lo .. hi (hi 0: no top): "0"
 * when lo is 0, else digits that make lo or more. */
static bool whole_number(const char *s, uint64_t lo, uint64_t hi,
			 uint64_t *v)
{
	*v = 0;
	if (lo == 0 && !strcmp(s, "0"))
		return true;
	return parse_count(s, v) && *v >= lo && (!hi || *v <= hi);
}

static int bad_number(const char *arg, const char *typed, uint64_t lo,
		      uint64_t hi)
{
	if (hi)
		cli_msg(NULL, 0, 0, "bad value '%s' for %s: expected a whole "
			"number from %llu to %llu (try cdok --help)", arg,
			typed, (unsigned long long)lo, (unsigned long long)hi);
	else
		cli_msg(NULL, 0, 0, "bad value '%s' for %s: expected a whole "
			"number from %llu up (try cdok --help)", arg, typed,
			(unsigned long long)lo);
	return CLI_PARSE_ERROR;
}

/* ---- the options that read their argument themselves
 * (CLI_ARG_CUSTOM) ---- */

static int parse_output(struct cli_options *opt, const char *arg,
			const char *typed)
{
	(void)typed;
	if (opt->output) {
		cli_msg(NULL, 0, 0, "option -o given twice ('%s', then '%s'): "
			"a run writes one output (try cdok --help)",
			opt->output, arg);
		return CLI_PARSE_ERROR;
	}
	opt->output = arg;
	return CLI_PARSE_RUN;
}

/* --from and --to: *slot gets the format named by arg (reading or
 * writing). */
static int parse_format_option(const cdok_format **slot, const char *arg,
			       bool reading)
{
	bool missing = false;

	*slot = parse_format(arg, reading, &missing);
	if (*slot)
		return CLI_PARSE_RUN;
	return missing ? CLI_PARSE_MISSING : CLI_PARSE_ERROR;
}

static int parse_from(struct cli_options *opt, const char *arg,
		      const char *typed)
{
	(void)typed;
	return parse_format_option(&opt->from, arg, true);
}

static int parse_to(struct cli_options *opt, const char *arg,
		    const char *typed)
{
	(void)typed;
	return parse_format_option(&opt->to, arg, false);
}

static int parse_timeout(struct cli_options *opt, const char *arg,
			 const char *typed)
{
	(void)typed;
	if (parse_seconds(arg, &opt->timeout_ns))
		return CLI_PARSE_RUN;
	cli_msg(NULL, 0, 0, "bad value '%s' for --timeout: expected a number "
		"of seconds above 0, such as 5 or 0.5 (try cdok --help)", arg);
	return CLI_PARSE_ERROR;
}

static int parse_boxes(struct cli_options *opt, const char *arg,
		       const char *typed)
{
	(void)typed;
	if (box_shape(arg, &opt->box_rows, &opt->box_cols))
		return CLI_PARSE_RUN;
	cli_msg(NULL, 0, 0, "bad value '%s' for --boxes: expected the shape "
		"of a box as ROWSxCOLUMNS, such as 3x3 or 2x3 (try cdok "
		"--help)", arg);
	return CLI_PARSE_ERROR;
}

/* The operator sets are the library's (cdok_gen_ops_find). */
static int parse_ops(struct cli_options *opt, const char *arg,
		     const char *typed)
{
	(void)typed;
	if (cdok_gen_ops_find(arg, &opt->ops) != CDOK_OK) {
		cli_msg(NULL, 0, 0, "bad value '%s' for --ops: expected all, "
			"mul, add, addsub or characters of \"+-*/\" including "
			"+ or * (try cdok --help)", arg);
		return CLI_PARSE_ERROR;
	}
	opt->ops_given = true;
	return CLI_PARSE_RUN;
}

static int parse_tier(struct cli_options *opt, const char *arg,
		      const char *typed)
{
	(void)typed;
	if (strcmp(arg, "1") && strcmp(arg, "2") && strcmp(arg, "3")) {
		cli_msg(NULL, 0, 0, "bad value '%s' for --tier: expected 1, 2 "
			"or 3 (try cdok --help)", arg);
		return CLI_PARSE_ERROR;
	}
	opt->tier = arg[0] - '0';
	return CLI_PARSE_RUN;
}

static int parse_rounds(struct cli_options *opt, const char *arg,
			const char *typed)
{
	uint64_t v;

	if (!whole_number(arg, 0, 0, &v))
		return bad_number(arg, typed, 0, 0);
	if (v > 1000000) {
		cli_msg(NULL, 0, 0, "bad value '%s' for -w: at most 1000000 "
			"rounds", arg);
		return CLI_PARSE_ERROR;
	}
	opt->iterations = (int)v;
	return CLI_PARSE_RUN;
}

static int parse_seed(struct cli_options *opt, const char *arg,
		      const char *typed)
{
	if (!whole_number(arg, 0, 0, &opt->seed))
		return bad_number(arg, typed, 0, 0);
	opt->seed_set = true;
	return CLI_PARSE_RUN;
}

static int parse_paper(struct cli_options *opt, const char *arg,
		       const char *typed)
{
	const struct cli_render *r = cli_render();
	double w, h;
	cdok_error err;

	(void)typed;
	if (!r) {
		cli_msg(NULL, 0, 0, "option --paper goes with the pages of "
			"libcdok-render, which is not available here (%s)",
			cli_render_why());
		return CLI_PARSE_MISSING;
	}
	if (r->paper(arg, &w, &h, &err) != CDOK_OK) {
		cli_msg(NULL, 0, 0, "bad value for --paper: %s (try cdok "
			"--help)", err.message);
		return CLI_PARSE_ERROR;
	}
	opt->paper = arg;
	return CLI_PARSE_RUN;
}

static int parse_sort(struct cli_options *opt, const char *arg,
		      const char *typed)
{
	(void)typed;
	if (strcmp(arg, "level")) {
		cli_msg(NULL, 0, 0, "bad value '%s' for --sort: expected level "
			"(try cdok --help)", arg);
		return CLI_PARSE_ERROR;
	}
	opt->sort_level = true;
	return CLI_PARSE_RUN;
}

/* --completions and --man-section end the parsing: what they print
 * is all the run does. */
static int parse_completions(struct cli_options *opt, const char *arg,
			     const char *typed)
{
	(void)typed;
	opt->emit = arg;
	return CLI_PARSE_COMPLETIONS;
}

static int parse_man_section(struct cli_options *opt, const char *arg,
			     const char *typed)
{
	(void)typed;
	opt->emit = arg;
	return CLI_PARSE_MAN;
}

/* How a row of the table reads its option (struct cli_option). */
#define FIELD(f) offsetof(struct cli_options, f)
#define FLAG(f) CLI_ARG_FLAG, FIELD(f), 0, 0, NULL
#define TEXT(f) CLI_ARG_TEXT, FIELD(f), 0, 0, NULL
#define INT(f, lo, hi) CLI_ARG_INT, FIELD(f), lo, hi, NULL
#define U64(f, lo) CLI_ARG_U64, FIELD(f), lo, 0, NULL
#define VALUE(f, v) CLI_ARG_VALUE, FIELD(f), v, 0, NULL
#define CUSTOM(fn) CLI_ARG_CUSTOM, 0, 0, 0, fn

/* The options, one row each: what --help, the man page and the
 * completions say (cli/help.c) and how cli_parse_options reads it.  cmds
 * names the commands an option applies to (NULL: every one); --help
 * shows them before the text, and giving the option to another command
 * is a usage error.  Adding an option is a row here, a field of struct
 * cli_options and, for a long-only one, a name in the enum above. */
const struct cli_option cli_options[] = {
	{ 'u', "utf8", NULL, NULL,
	  "Draw with UTF-8 box characters instead of ASCII.", 0,
	  FLAG(utf8), 0 },
	{ 'i', "input", "FILE",
	  "print solve examine harden convert check hint explain",
	  "read a puzzle from FILE, before any FILE arguments.", 0,
	  TEXT(input), 0 },
	{ 'o', "output", "FILE", NULL,
	  "Write to FILE instead of standard output (\"-\" means standard "
	  "output).  FILE is replaced only when the run ends with status "
	  "0, 1, 2 or 7 to 11; otherwise it is left as it was.  "
	  "With --to svg or png, one picture per file, FILE may hold the "
	  "puzzle's number as %d, or %0Nd for N digits (page-%03d.png is "
	  "page-001.png, page-002.png, ...; %% is a % sign); it must when "
	  "there are several puzzles.  FILE may not be one of the inputs "
	  "(the same file under any name) without --force, and -o is "
	  "given once.", 0,
	  CUSTOM(parse_output), 0 },
	{ OPT_FORCE, "force", NULL,
	  "print solve examine harden convert check hint explain",
	  "let -o replace a file that is also one of the inputs (its "
	  "puzzles are read whole before it is replaced).", 0,
	  FLAG(force), 0 },
	{ OPT_FROM, "from", "FORMAT",
	  "print solve examine harden convert check",
	  "read every input as FORMAT (one of the formats cdok --help "
	  "lists) instead of "
	  "telling each one's format from its text.  For check it applies "
	  "to PUZZLE only.", 0,
	  CUSTOM(parse_from), 0 },
	{ OPT_TO, "to", "FORMAT", NULL,
	  "Write the puzzles, answers or results in FORMAT only, as one "
	  "stream for the whole run: no drawing, no summary line and no "
	  "\"==> NAME <==\" header (what each command writes is under "
	  "Commands).  JSON comes as JSON Lines, one document per line.  "
	  "solve and examine take --limit and --all with --to json only.  "
	  "generate, gen-grid and harden make only puzzles the format can "
	  "hold (for keen, - and / cages of two cells), or say at once why "
	  "they cannot.", 0,
	  CUSTOM(parse_to), 0 },
	{ OPT_LIMIT, "limit", "N", "solve examine",
	  "count the solutions up to N (N >= 1) and end with \"Solutions: "
	  "K\", or \"Solutions: at least K (stopped at --limit N)\" when "
	  "there may be more.  solve shows the grid only when there is "
	  "exactly one.", CLI_OPTF_FULL,
	  U64(limit, 1), 0 },
	{ OPT_ALL, "all", NULL, "solve examine",
	  "print every solution (spec, blank line, drawing, blank line), "
	  "then \"Solutions: K\".  With --limit, stop after N.", 0,
	  FLAG(all), 0 },
	{ OPT_BENCHMARK, "benchmark", NULL, "solve examine",
	  "after each puzzle's answer, print \"Time: T us (median of R "
	  "runs)\": how long solving it with the uniqueness proof takes "
	  "in-process, the median of at least 5 runs and 0.2 seconds of "
	  "solving.", 0,
	  FLAG(benchmark), 0 },
	{ OPT_TIMEOUT, "timeout", "SECONDS", "solve examine generate harden",
	  "give up on a puzzle after working on it for SECONDS seconds (a "
	  "decimal number such as 2.5) and end with status 6.  solve and "
	  "examine print no verdict or count for it and say \"gave up "
	  "after N nodes (S seconds)\" on standard error; generate and "
	  "harden say \"gave up after S seconds\" and make no more "
	  "puzzles (those made already are printed).", 0,
	  CUSTOM(parse_timeout), 0 },
	{ OPT_MAX_NODES, "max-nodes", "N", "solve examine",
	  "give up likewise after N search nodes.", CLI_OPTF_FULL,
	  U64(max_nodes, 1), 0 },
	{ OPT_PROGRESS, "progress", NULL, "solve examine generate",
	  "show how far the run has got (done/total, rate, time left) on "
	  "a line of standard error that rewrites itself, even when it is "
	  "not a terminal.  By default the line is shown only on a "
	  "terminal, and only for more than one puzzle.", 0,
	  VALUE(progress, 1), 0 },
	{ OPT_NO_PROGRESS, "no-progress", NULL, "solve examine generate",
	  "never show that line.", 0,
	  VALUE(progress, 0), 0 },
	{ 'N', "nylimb", NULL, NULL,
	  "Nylimb mode (the cdok fork's -N): cells hold 0..99 and no row or "
	  "column repeats a decimal digit or holds two two-digit numbers.  "
	  "Puzzles read are taken as Nylimb puzzles (a spec can say so "
	  "itself with an @nylimb line); generate and gen-grid make them "
	  "(size at most 9).", 0,
	  FLAG(nylimb),
	  CLI_RULE_NO_SUDOKU | CLI_RULE_NO_BOXES | CLI_RULE_RANK(5) },
	{ 's', "size", "SIZE", "gen-grid generate",
	  "the grid's size, 1 to 63 (default 6, or 9 with --killer or "
	  "--sudoku).", 0,
	  INT(size, 1, CDOK_MAX_SIZE), 0 },
	{ OPT_KILLER, "killer", NULL, "gen-grid harden generate",
	  "Killer Sudoku.  generate and harden make puzzles with boxes (3 x "
	  "3 at size 9, otherwise the squarest shape that tiles the size, "
	  "or --boxes), sum cages of 2 to --max-cage cells whose values all "
	  "differ, and no givens (--level may give some values, inside "
	  "cages, where the cages alone cannot make the level); gen-grid "
	  "prints a solved Sudoku grid.  "
	  "harden does so by itself for an input that has boxes and cages "
	  "(a plain Sudoku stays plain without --killer).  generate "
	  "makes Killer grids above 25 x 25 only with --timeout (they can "
	  "take many minutes).  It does not combine with --ops, -T or -N.", 0,
	  FLAG(killer),
	  CLI_RULE_NO_SUDOKU | CLI_RULE_RANK(1) },
	{ OPT_SUDOKU, "sudoku", NULL, "gen-grid generate",
	  "plain Sudoku: generate makes puzzles of givens with boxes (3 x 3 "
	  "at size 9, 2 x 3 at 6, 2 x 2 at 4, or --boxes) and no cages, "
	  "graded on Solo's levels; gen-grid prints a solved Sudoku grid.  "
	  "The size must be a product of two numbers from 2 up (4, 6, 8, "
	  "9, ...).  generate makes Sudoku above 25 x 25 only with "
	  "--timeout (they can take many minutes).  "
	  "It does not combine with --killer, --ops, -T, -N or "
	  "--max-cage.", 0,
	  FLAG(sudoku), 0 },
	{ OPT_BOXES, "boxes", "RxC", "gen-grid harden generate",
	  "with --killer or --sudoku, boxes of R rows and C columns, such as 2x3 for a "
	  "6 x 6 grid; R times C must be the size, and R and C at least "
	  "2.", 0,
	  CUSTOM(parse_boxes), CLI_RULE_BOXED },
	{ 'T', "two-cell", NULL, "harden generate",
	  "difference and ratio cages have exactly two cells.", 0,
	  FLAG(two_cell),
	  CLI_RULE_NO_SUDOKU | CLI_RULE_NO_KILLER | CLI_RULE_RANK(3) },
	{ OPT_HIDE_OPS, "hide-ops", NULL, "generate",
	  "hidden operators: every cage shows its target only, and the "
	  "puzzle has one solution when each cage may be any operation "
	  "(with -T, the puzzle says @two-cell: its hidden cages of three "
	  "or more cells are sums or products).  generate makes them above "
	  "48 x 48 only with --timeout (they can take many minutes).", 0,
	  FLAG(hide_ops),
	  CLI_RULE_NO_KILLER | CLI_RULE_NO_NYLIMB | CLI_RULE_RANK(4) },
	{ OPT_OPS, "ops", "SET", "harden generate",
	  "the operators to use: all (the default), mul (multiplication "
	  "only, as Keen's \"m\" mode), add (sums only, as the Cal Poly "
	  "puzzles), addsub (sums and differences), or the characters "
	  "themselves, such as \"+*\"; the set must hold + or *.", 0,
	  CUSTOM(parse_ops),
	  CLI_RULE_NO_SUDOKU | CLI_RULE_NO_KILLER | CLI_RULE_RANK(2) },
	{ OPT_MAX_CAGE, "max-cage", "N", "harden generate",
	  "the largest cage, in cells (default 5, or 4 above 32 x 32).", 0,
	  INT(max_cage, 1, 4096),
	  CLI_RULE_NO_SUDOKU | CLI_RULE_RANK(6) },
	{ OPT_LEVEL, "level", "L", "harden generate hint explain",
	  "the level (doc/LEVELS.md): Keen's easy, normal, hard, extreme, "
	  "unreasonable (codes e n h x u) for Calcudoku, Solo's trivial, "
	  "basic, intermediate, advanced, extreme, unreasonable (t b i a e "
	  "u) for Killer Sudoku.  generate and harden make puzzles of that "
	  "level exactly (sizes 1 and 2 have only the first level, 3 x 3 "
	  "Calcudoku the first two, Killer 4 x 4 the first; Killer puzzles "
	  "may then get a few givens inside cages); Calcudoku grids above "
	  "28 x 28 (Easy, Normal) or 32 x 32 (the others) only with "
	  "--timeout (a level can take minutes there).  Without it, "
	  "generate makes Killer Sudoku and Sudoku up to 9 x 9 Basic, "
	  "other puzzles at every level (see cdok help generate).  "
	  "hint and explain use techniques up to it only.", 0,
	  TEXT(level), 0 },
	{ OPT_STATE, "state", "FILE", "hint",
	  "the state of play, a grid of N rows of N cells: a value, '.' or "
	  "0 for an empty cell, or pencil marks such as {25} (doc/FORMAT.md, "
	  "States); \"-\" is standard input.  Without it, the puzzle's "
	  "givens.", 0,
	  TEXT(state), 0 },
	{ OPT_APPLY, "apply", NULL, "hint",
	  "print the state after the step instead of the step alone (the "
	  "step as a '#' line above the grid), to read back with --state.", 0,
	  FLAG(apply), 0 },
	{ OPT_TIER, "tier", "N", "hint",
	  "how much the hint gives away: 1 where to look (a row, column, "
	  "box, cage or cell, naming no technique), 2 what to look for (the "
	  "technique and its cells), 3 the whole step (the default).  "
	  "--to json gives all three.", 0,
	  CUSTOM(parse_tier), 0 },
	{ OPT_PLACE, "place", NULL, "hint",
	  "the next value a person can write in a grid without pencil "
	  "marks, with the reasoning it rests on in short; pencil marks in "
	  "--state are ignored, and with --apply the new state is values "
	  "only.", 0,
	  FLAG(place), 0 },
	{ OPT_ALL_STEPS, "all-steps", NULL, "explain",
	  "every step the grader takes, one by one, rather than those some "
	  "placement rests on with the routine ones grouped; the count on "
	  "the first line is then theirs.", 0,
	  FLAG(all_steps), 0 },
	{ 'v', "verbose", NULL, "explain",
	  "add the finer score and the difficulty number to the first line "
	  "(\"Level: Hard (score 305, difficulty 30305), 36 steps\").", 0,
	  FLAG(verbose), 0 },
	{ 'w', "iterations", "N", "harden generate",
	  "hardening rounds after the puzzle is made unique, each trying 10 "
	  "random changes and keeping those that raise the difficulty "
	  "(default 0, or 20 with -m or -t).", 0,
	  CUSTOM(parse_rounds), 0 },
	{ 'm', "max-difficulty", "N", "harden generate",
	  "make no puzzle with a difficulty above N.", 0,
	  U64(max_diff, 0), 0 },
	{ 't', "target-difficulty", "N", "harden generate",
	  "stop hardening once the difficulty reaches N.", 0,
	  U64(target_diff, 0), 0 },
	{ OPT_SEED, "seed", "S", "gen-grid harden generate",
	  "the random seed, a whole number; puzzle k (from 0) of a run uses "
	  "seed S+k, so the same options and seed make the same puzzles on "
	  "any machine and any -j.  Without it a seed is drawn and printed "
	  "on standard error.", 0,
	  CUSTOM(parse_seed), 0 },
	{ OPT_COUNT, "count", "K", "gen-grid generate",
	  "make K puzzles, or K grids (default 1).", 0,
	  U64(count, 1), 0 },
	{ 'j', "jobs", "THREADS", "generate",
	  "spread the puzzles over THREADS threads (default 1); the output "
	  "is the same as with -j 1.", 0,
	  INT(jobs, 1, 256), 0 },
	{ OPT_PER_PAGE, "per-page", "N",
	  "print solve convert harden generate gen-grid explain",
	  "with --to pdf, up to N puzzles on a page (1 to 24, default 1), "
	  "and twice as many answers (4 to 12); a puzzle whose clues would "
	  "come out smaller than 6 pt gets a page with fewer.  explain's "
	  "worked steps: as many as stay legible with their whole "
	  "sentences (at most 4) without it; N that leaves a step too "
	  "small is refused, saying how many fit.", CLI_OPTF_FULL,
	  INT(per_page, 1, CDOK_RENDER_MAX_PER_PAGE), 0 },
	{ OPT_PAPER, "paper", "NAME",
	  "print solve convert harden generate gen-grid explain",
	  "with --to pdf, the paper: a4 (the default), a5, a3, letter or "
	  "legal.", 0,
	  CUSTOM(parse_paper), 0 },
	{ OPT_TITLE, "title", "TEXT",
	  "print solve convert harden generate gen-grid explain",
	  "with --to pdf, a title at the top of every page.", 0,
	  TEXT(title), 0 },
	{ OPT_WITH_SOLUTIONS, "with-solutions", NULL,
	  "print convert harden generate gen-grid",
	  "with --to pdf, answer keys at the back, each puzzle solved by "
	  "cdok (one without exactly one solution gets none, with a "
	  "warning and status 1 or 2).", 0,
	  FLAG(with_solutions), 0 },
	{ OPT_ARCHIVE, "archive", "FILE", "gen-grid harden generate",
	  "with --to (a booklet, a contest file), also write every puzzle "
	  "made as a spec into FILE, each after a '#' line that names it "
	  "and its seed, so that the puzzles can be read, solved or "
	  "printed again (FILE is replaced as -o's is).", 0,
	  TEXT(archive), 0 },
	{ OPT_SORT, "sort", "KEY", "print solve convert harden generate gen-grid",
	  "with --to pdf, the order of the booklet: level puts the puzzles "
	  "from the easiest to the hardest (by difficulty, doc/LEVELS.md; "
	  "those without a level last), numbered in that order.", 0,
	  CUSTOM(parse_sort), 0 },
	{ OPT_GIVENS_AS_CAGES, "givens-as-cages", NULL,
	  "print solve convert harden generate gen-grid hint explain",
	  "with --to svg, png or pdf, draw each given of a Calcudoku (and "
	  "each one-cell cage) as newspapers print KenKen: a cage of its "
	  "own with the value as its corner clue, instead of a bold digit "
	  "in the middle.  Killer Sudoku and Sudoku keep their givens as "
	  "digits.", 0,
	  FLAG(givens_as_cages), 0 },
	{ OPT_DPI, "dpi", "N",
	  "print solve convert harden generate gen-grid hint",
	  "with --to png, pixels per inch, 18 to 1200 (default 150).", CLI_OPTF_FULL,
	  INT(dpi, 18, 1200), 0 },
	{ 'h', "help", NULL, NULL,
	  "Print this help and exit; with a command, that command's help "
	  "(as cdok help COMMAND).", CLI_OPTF_GENERAL,
	  FLAG(help), 0 },
	{ 'V', "version", NULL, NULL, "Print the versions of the program and "
	  "its libraries, and the libraries' ABI, and exit.", CLI_OPTF_GENERAL,
	  FLAG(version), 0 },
	/* For packaging (mk/install.mk): not in --help. */
	{ OPT_COMPLETIONS, "completions", "SHELL", NULL,
	  "Print the completion script for SHELL (bash or zsh) and exit.",
	  CLI_OPTF_HIDDEN,
	  CUSTOM(parse_completions), 0 },
	{ OPT_MAN_SECTION, "man-section", "NAME", NULL,
	  "Print a section of cdok(1) (commands, options, formats or exit) "
	  "in scdoc and exit.", CLI_OPTF_HIDDEN,
	  CUSTOM(parse_man_section), 0 },
};

const int cli_noptions = (int)(sizeof(cli_options) / sizeof(cli_options[0]));

_Static_assert(sizeof(cli_options) / sizeof(cli_options[0]) <=
	       CLI_MAX_OPTIONS, "CLI_MAX_OPTIONS holds every option");

#define NOPTIONS (sizeof(cli_options) / sizeof(cli_options[0]))

/* ---- options ---- */

/* The table row of an option, by getopt's value for it. */
static const struct cli_option *option_by_val(int val)
{
	for (size_t i = 0; i < NOPTIONS; i++)
		if (cli_options[i].val == val)
			return &cli_options[i];
	return NULL;
}

/* The option the user typed, for a message about its value (optarg, as
 * getopt just returned it): the long form when a long option was used,
 * else "-x".  Its value was the argument just before argv[at] (optind),
 * either inside it ("--count=0", "-s0") or on its own ("--count 0"),
 * with the option itself one argument before. */
static void name_option(char *buf, size_t cap, char **argv, int at, int val)
{
	const struct cli_option *o = option_by_val(val);
	const char *arg = at > 0 ? argv[at - 1] : NULL;

	if (arg && optarg == arg && at > 1)
		arg = argv[at - 2];
	if (arg && !strncmp(arg, "--", 2))
		snprintf(buf, cap, "%.*s", (int)strcspn(arg, "="), arg);
	else if (val < 256)
		snprintf(buf, cap, "-%c", val);
	else
		snprintf(buf, cap, "--%s", o ? o->name : "?");
}

/* The option of a missing argument or an unknown option, as typed. */
static void name_bad_option(char *buf, size_t cap, char **argv, int at,
			    int letter)
{
	const char *arg = at > 0 ? argv[at - 1] : NULL;

	if (arg && !strncmp(arg, "--", 2))
		snprintf(buf, cap, "%.*s", (int)strcspn(arg, "="), arg);
	else
		snprintf(buf, cap, "-%c", letter);
}

/* Read one option's argument (NULL for none) into opt, as its row
 * says. */
static int parse_one(const struct cli_option *o, struct cli_options *opt,
		     const char *arg, const char *typed)
{
	char *field = (char *)opt + o->field;
	uint64_t v;

	switch (o->kind) {
	case CLI_ARG_FLAG:
		*(bool *)(void *)field = true;
		return CLI_PARSE_RUN;
	case CLI_ARG_TEXT:
		*(const char **)(void *)field = arg;
		return CLI_PARSE_RUN;
	case CLI_ARG_VALUE:
		*(int *)(void *)field = (int)o->lo;
		return CLI_PARSE_RUN;
	case CLI_ARG_INT:
	case CLI_ARG_U64:
		if (!whole_number(arg, o->lo, o->hi, &v))
			return bad_number(arg, typed, o->lo, o->hi);
		if (o->kind == CLI_ARG_INT)
			*(int *)(void *)field = (int)v;
		else
			*(uint64_t *)(void *)field = v;
		return CLI_PARSE_RUN;
	case CLI_ARG_CUSTOM:
		return o->parse(opt, arg, typed);
	}
	return CLI_PARSE_ERROR;
}

/* An option as messages name it: "-T", or "--ops" for a long-only
 * one. */
static const char *option_word(const struct cli_option *o, char *buf,
			       size_t cap)
{
	if (o->val < 256)
		snprintf(buf, cap, "-%c", o->val);
	else
		snprintf(buf, cap, "--%s", o->name);
	return buf;
}

/* The cross-option rules (CLI_RULE_* of the rows): an option that has
 * nothing to say to a kind of puzzle another option asks for.  Of the
 * options that break a rule, the message names the one of the lowest
 * rank; the rules are checked in this order. */
static const struct {
	int with;             /* the option of the kind */
	unsigned rule;        /* the rows' bit */
	const char *why;
} clashes[] = {
	{ OPT_SUDOKU, CLI_RULE_NO_SUDOKU, "a plain Sudoku has no cages" },
	{ OPT_KILLER, CLI_RULE_NO_KILLER, "Killer cages are sums" },
	{ OPT_KILLER, CLI_RULE_NO_BOXES, "a Nylimb puzzle has no boxes" },
	{ 'N', CLI_RULE_NO_NYLIMB, "hidden operators are made for plain "
	  "Calcudoku" },
};

#define NCLASHES (sizeof(clashes) / sizeof(clashes[0]))

static int index_of(int val)
{
	return (int)(option_by_val(val) - cli_options);
}

static bool options_agree(const bool *given)
{
	char a[64], b[64];

	for (size_t i = 0; i < NOPTIONS; i++)
		if (given[i] && (cli_options[i].rules & CLI_RULE_BOXED) &&
		    !given[index_of(OPT_KILLER)] &&
		    !given[index_of(OPT_SUDOKU)]) {
			cli_msg(NULL, 0, 0, "option --%s goes with --killer or "
				"--sudoku (try cdok --help)",
				cli_options[i].name);
			return false;
		}
	for (size_t c = 0; c < NCLASHES; c++) {
		const struct cli_option *best = NULL;
		const char *why = NULL;

		/* The rules of one kind together, as one message. */
		if (!given[index_of(clashes[c].with)] ||
		    (c > 0 && clashes[c - 1].with == clashes[c].with))
			continue;
		for (size_t d = c; d < NCLASHES &&
		     clashes[d].with == clashes[c].with; d++)
			for (size_t i = 0; i < NOPTIONS; i++)
				if (given[i] &&
				    (cli_options[i].rules & clashes[d].rule) &&
				    (!best || cli_options[i].rules >> 8 <
					      best->rules >> 8)) {
					best = &cli_options[i];
					why = clashes[d].why;
				}
		if (best) {
			cli_msg(NULL, 0, 0, "option %s does not apply to %s: %s "
				"(try cdok --help)",
				option_word(best, a, sizeof(a)),
				option_word(option_by_val(clashes[c].with), b,
					    sizeof(b)), why);
			return false;
		}
	}
	return true;
}

/* Read the options into opt, each as its row of cli_options says, and
 * mark those given; then the rules between them. */
enum cli_parse cli_parse_options(int argc, char **argv,
				    struct cli_options *opt, bool *given)
{
	static struct option longopts[NOPTIONS + 1];
	/* ":" first, then up to two characters per option. */
	char shortopts[1 + 2 * NOPTIONS + 1];
	size_t ns = 0;
	char typed[64];
	int c;

	shortopts[ns++] = ':';
	for (size_t i = 0; i < NOPTIONS; i++) {
		const struct cli_option *o = &cli_options[i];

		longopts[i].name = o->name;
		longopts[i].has_arg = o->arg ? required_argument : no_argument;
		longopts[i].flag = NULL;
		longopts[i].val = o->val;
		if (o->val < 256) {
			shortopts[ns++] = (char)o->val;
			if (o->arg)
				shortopts[ns++] = ':';
		}
	}
	shortopts[ns] = '\0';

	/* getopt's own messages would name the program by its path;
	 * ours say "cdok:" like every other message. */
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		const struct cli_option *o = option_by_val(c);
		int r;

		if (c == ':') {
			name_bad_option(typed, sizeof(typed), argv, optind,
					optopt);
			cli_msg(NULL, 0, 0, "option '%s' needs an argument "
				"(try cdok --help)", typed);
			return CLI_PARSE_ERROR;
		}
		if (!o) {
			name_bad_option(typed, sizeof(typed), argv,
					optopt ? 0 : optind, optopt);
			cli_msg(NULL, 0, 0, "unknown option '%s' "
				"(try cdok --help)", typed);
			return CLI_PARSE_ERROR;
		}
		given[o - cli_options] = true;
		if (o->flags & CLI_OPTF_FULL)
			snprintf(typed, sizeof(typed), "--%s", o->name);
		else if (o->arg)
			name_option(typed, sizeof(typed), argv, optind, c);
		r = parse_one(o, opt, o->arg ? optarg : NULL, typed);
		if (r != CLI_PARSE_RUN)
			return (enum cli_parse)r;
	}
	if (opt->help)
		return CLI_PARSE_HELP;
	if (opt->version)
		return CLI_PARSE_VERSION;
	return options_agree(given) ? CLI_PARSE_RUN : CLI_PARSE_ERROR;
}
