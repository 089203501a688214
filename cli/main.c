/* main.c -- the cdok program: parse the options, find the command in the
 * table, run it with the output set up, and exit with its status.
 *
 * Options and commands are tables (here and in cli.h); --help is built
 * from them, so it lists exactly what the program accepts.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

const struct cli_command cli_commands[] = {
#define CLI_CMD_ROW(fn, name, flags, help) { name, flags, help, cmd_##fn },
	CLI_COMMANDS(CLI_CMD_ROW)
#undef CLI_CMD_ROW
};

const int cli_ncommands = (int)(sizeof(cli_commands) / sizeof(cli_commands[0]));

/* Long-only options get values past any character. */
enum { OPT_LIMIT = 256, OPT_ALL, OPT_BENCHMARK, OPT_TIMEOUT, OPT_MAX_NODES, OPT_SEED,
       OPT_COUNT, OPT_OPS, OPT_MAX_CAGE, OPT_FROM, OPT_TO, OPT_KILLER,
       OPT_BOXES, OPT_PROGRESS, OPT_NO_PROGRESS, OPT_COMPLETIONS,
       OPT_MAN_SECTION, OPT_PER_PAGE, OPT_PAPER, OPT_TITLE,
       OPT_WITH_SOLUTIONS, OPT_DPI, OPT_LEVEL, OPT_STATE, OPT_APPLY, OPT_TIER,
       OPT_PLACE, OPT_ALL_STEPS, OPT_FORCE, OPT_SORT, OPT_ARCHIVE,
       OPT_SUDOKU, OPT_HIDE_OPS, OPT_GIVENS_AS_CAGES };

/* The options.  cmds names the commands an option applies to (NULL:
 * every one); --help shows them before the text, and giving the option
 * to another command is a usage error. */
const struct cli_option cli_options[] = {
	{ 'u', "utf8", NULL, NULL,
	  "Draw with UTF-8 box characters instead of ASCII.", 0 },
	{ 'i', "input", "FILE",
	  "print solve examine harden convert check hint explain",
	  "read a puzzle from FILE, before any FILE arguments.", 0 },
	{ 'o', "output", "FILE", NULL,
	  "Write to FILE instead of standard output (\"-\" means standard "
	  "output).  FILE is replaced only when the run ends with status "
	  "0, 1, 2 or 7 to 11; otherwise it is left as it was.  "
	  "With --to svg or png, one picture per file, FILE may hold the "
	  "puzzle's number as %d, or %0Nd for N digits (page-%03d.png is "
	  "page-001.png, page-002.png, ...; %% is a % sign); it must when "
	  "there are several puzzles.  FILE may not be one of the inputs "
	  "(the same file under any name) without --force, and -o is "
	  "given once.", 0 },
	{ OPT_FORCE, "force", NULL,
	  "print solve examine harden convert check hint explain",
	  "let -o replace a file that is also one of the inputs (its "
	  "puzzles are read whole before it is replaced).", 0 },
	{ OPT_FROM, "from", "FORMAT",
	  "print solve examine harden convert check",
	  "read every input as FORMAT (one of the formats cdok --help "
	  "lists) instead of "
	  "telling each one's format from its text.  For check it applies "
	  "to PUZZLE only.", 0 },
	{ OPT_TO, "to", "FORMAT", NULL,
	  "Write the puzzles, answers or results in FORMAT only, as one "
	  "stream for the whole run: no drawing, no summary line and no "
	  "\"==> NAME <==\" header (what each command writes is under "
	  "Commands).  JSON comes as JSON Lines, one document per line.  "
	  "solve and examine take --limit and --all with --to json only.  "
	  "generate, gen-grid and harden make only puzzles the format can "
	  "hold (for keen, - and / cages of two cells), or say at once why "
	  "they cannot.", 0 },
	{ OPT_LIMIT, "limit", "N", "solve examine",
	  "count the solutions up to N (N >= 1) and end with \"Solutions: "
	  "K\", or \"Solutions: at least K (stopped at --limit N)\" when "
	  "there may be more.  solve shows the grid only when there is "
	  "exactly one.", 0 },
	{ OPT_ALL, "all", NULL, "solve examine",
	  "print every solution (spec, blank line, drawing, blank line), "
	  "then \"Solutions: K\".  With --limit, stop after N.", 0 },
	{ OPT_BENCHMARK, "benchmark", NULL, "solve examine",
	  "after each puzzle's answer, print \"Time: T us (median of R "
	  "runs)\": how long solving it with the uniqueness proof takes "
	  "in-process, the median of at least 5 runs and 0.2 seconds of "
	  "solving.", 0 },
	{ OPT_TIMEOUT, "timeout", "SECONDS", "solve examine generate harden",
	  "give up on a puzzle after working on it for SECONDS seconds (a "
	  "decimal number such as 2.5) and end with status 6.  solve and "
	  "examine print no verdict or count for it and say \"gave up "
	  "after N nodes (S seconds)\" on standard error; generate and "
	  "harden say \"gave up after S seconds\" and make no more "
	  "puzzles (those made already are printed).", 0 },
	{ OPT_MAX_NODES, "max-nodes", "N", "solve examine",
	  "give up likewise after N search nodes.", 0 },
	{ OPT_PROGRESS, "progress", NULL, "solve examine generate",
	  "show how far the run has got (done/total, rate, time left) on "
	  "a line of standard error that rewrites itself, even when it is "
	  "not a terminal.  By default the line is shown only on a "
	  "terminal, and only for more than one puzzle.", 0 },
	{ OPT_NO_PROGRESS, "no-progress", NULL, "solve examine generate",
	  "never show that line.", 0 },
	{ 'N', "nylimb", NULL, NULL,
	  "Nylimb mode (the cdok fork's -N): cells hold 0..99 and no row or "
	  "column repeats a decimal digit or holds two two-digit numbers.  "
	  "Puzzles read are taken as Nylimb puzzles (a spec can say so "
	  "itself with an @nylimb line); generate and gen-grid make them "
	  "(size at most 9).", 0 },
	{ 's', "size", "SIZE", "gen-grid generate",
	  "the grid's size, 1 to 63 (default 6, or 9 with --killer or "
	  "--sudoku).", 0 },
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
	  "take many minutes).  It does not combine with --ops, -T or -N.",
	  0 },
	{ OPT_SUDOKU, "sudoku", NULL, "gen-grid generate",
	  "plain Sudoku: generate makes puzzles of givens with boxes (3 x 3 "
	  "at size 9, 2 x 3 at 6, 2 x 2 at 4, or --boxes) and no cages, "
	  "graded on Solo's levels; gen-grid prints a solved Sudoku grid.  "
	  "The size must be a product of two numbers from 2 up (4, 6, 8, "
	  "9, ...).  generate makes Sudoku above 25 x 25 only with "
	  "--timeout (they can take many minutes).  "
	  "It does not combine with --killer, --ops, -T, -N or "
	  "--max-cage.", 0 },
	{ OPT_BOXES, "boxes", "RxC", "gen-grid harden generate",
	  "with --killer or --sudoku, boxes of R rows and C columns, such as 2x3 for a "
	  "6 x 6 grid; R times C must be the size, and R and C at least "
	  "2.", 0 },
	{ 'T', "two-cell", NULL, "harden generate",
	  "difference and ratio cages have exactly two cells.", 0 },
	{ OPT_HIDE_OPS, "hide-ops", NULL, "generate",
	  "hidden operators: every cage shows its target only, and the "
	  "puzzle has one solution when each cage may be any operation "
	  "(with -T, the puzzle says @two-cell: its hidden cages of three "
	  "or more cells are sums or products).  generate makes them above "
	  "48 x 48 only with --timeout (they can take many minutes).", 0 },
	{ OPT_OPS, "ops", "SET", "harden generate",
	  "the operators to use: all (the default), mul (multiplication "
	  "only, as Keen's \"m\" mode), add (sums only, as the Cal Poly "
	  "puzzles), addsub (sums and differences), or the characters "
	  "themselves, such as \"+*\"; the set must hold + or *.", 0 },
	{ OPT_MAX_CAGE, "max-cage", "N", "harden generate",
	  "the largest cage, in cells (default 5, or 4 above 32 x 32).", 0 },
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
	  "hint and explain use techniques up to it only.", 0 },
	{ OPT_STATE, "state", "FILE", "hint",
	  "the state of play, a grid of N rows of N cells: a value, '.' or "
	  "0 for an empty cell, or pencil marks such as {25} (doc/FORMAT.md, "
	  "States); \"-\" is standard input.  Without it, the puzzle's "
	  "givens.", 0 },
	{ OPT_APPLY, "apply", NULL, "hint",
	  "print the state after the step instead of the step alone (the "
	  "step as a '#' line above the grid), to read back with --state.",
	  0 },
	{ OPT_TIER, "tier", "N", "hint",
	  "how much the hint gives away: 1 where to look (a row, column, "
	  "box, cage or cell, naming no technique), 2 what to look for (the "
	  "technique and its cells), 3 the whole step (the default).  "
	  "--to json gives all three.", 0 },
	{ OPT_PLACE, "place", NULL, "hint",
	  "the next value a person can write in a grid without pencil "
	  "marks, with the reasoning it rests on in short; pencil marks in "
	  "--state are ignored, and with --apply the new state is values "
	  "only.", 0 },
	{ OPT_ALL_STEPS, "all-steps", NULL, "explain",
	  "every step the grader takes, one by one, rather than those some "
	  "placement rests on with the routine ones grouped; the count on "
	  "the first line is then theirs.", 0 },
	{ 'v', "verbose", NULL, "explain",
	  "add the finer score and the difficulty number to the first line "
	  "(\"Level: Hard (score 305, difficulty 30305), 36 steps\").", 0 },
	{ 'w', "iterations", "N", "harden generate",
	  "hardening rounds after the puzzle is made unique, each trying 10 "
	  "random changes and keeping those that raise the difficulty "
	  "(default 0, or 20 with -m or -t).", 0 },
	{ 'm', "max-difficulty", "N", "harden generate",
	  "make no puzzle with a difficulty above N.", 0 },
	{ 't', "target-difficulty", "N", "harden generate",
	  "stop hardening once the difficulty reaches N.", 0 },
	{ OPT_SEED, "seed", "S", "gen-grid harden generate",
	  "the random seed, a whole number; puzzle k (from 0) of a run uses "
	  "seed S+k, so the same options and seed make the same puzzles on "
	  "any machine and any -j.  Without it a seed is drawn and printed "
	  "on standard error.", 0 },
	{ OPT_COUNT, "count", "K", "gen-grid generate",
	  "make K puzzles, or K grids (default 1).", 0 },
	{ 'j', "jobs", "THREADS", "generate",
	  "spread the puzzles over THREADS threads (default 1); the output "
	  "is the same as with -j 1.", 0 },
	{ OPT_PER_PAGE, "per-page", "N",
	  "print solve convert harden generate gen-grid explain",
	  "with --to pdf, up to N puzzles on a page (1 to 24, default 1), "
	  "and twice as many answers (4 to 12); a puzzle whose clues would "
	  "come out smaller than 6 pt gets a page with fewer.  explain's "
	  "worked steps: as many as stay legible with their whole "
	  "sentences (at most 4) without it; N that leaves a step too "
	  "small is refused, saying how many fit.", 0 },
	{ OPT_PAPER, "paper", "NAME",
	  "print solve convert harden generate gen-grid explain",
	  "with --to pdf, the paper: a4 (the default), a5, a3, letter or "
	  "legal.", 0 },
	{ OPT_TITLE, "title", "TEXT",
	  "print solve convert harden generate gen-grid explain",
	  "with --to pdf, a title at the top of every page.", 0 },
	{ OPT_WITH_SOLUTIONS, "with-solutions", NULL,
	  "print convert harden generate gen-grid",
	  "with --to pdf, answer keys at the back, each puzzle solved by "
	  "cdok (one without exactly one solution gets none, with a "
	  "warning and status 1 or 2).", 0 },
	{ OPT_ARCHIVE, "archive", "FILE", "gen-grid harden generate",
	  "with --to (a booklet, a contest file), also write every puzzle "
	  "made as a spec into FILE, each after a '#' line that names it "
	  "and its seed, so that the puzzles can be read, solved or "
	  "printed again (FILE is replaced as -o's is).", 0 },
	{ OPT_SORT, "sort", "KEY", "print solve convert harden generate gen-grid",
	  "with --to pdf, the order of the booklet: level puts the puzzles "
	  "from the easiest to the hardest (by difficulty, doc/LEVELS.md; "
	  "those without a level last), numbered in that order.", 0 },
	{ OPT_GIVENS_AS_CAGES, "givens-as-cages", NULL,
	  "print solve convert harden generate gen-grid hint explain",
	  "with --to svg, png or pdf, draw each given of a Calcudoku (and "
	  "each one-cell cage) as newspapers print KenKen: a cage of its "
	  "own with the value as its corner clue, instead of a bold digit "
	  "in the middle.  Killer Sudoku and Sudoku keep their givens as "
	  "digits.", 0 },
	{ OPT_DPI, "dpi", "N",
	  "print solve convert harden generate gen-grid hint",
	  "with --to png, pixels per inch, 18 to 1200 (default 150).", 0 },
	{ 'h', "help", NULL, NULL,
	  "Print this help and exit; with a command, that command's help "
	  "(as cdok help COMMAND).", CLI_OPTF_GENERAL },
	{ 'V', "version", NULL, NULL, "Print the versions of the program and "
	  "its libraries, and the libraries' ABI, and exit.",
	  CLI_OPTF_GENERAL },
	/* For packaging (mk/install.mk): not in --help. */
	{ OPT_COMPLETIONS, "completions", "SHELL", NULL,
	  "Print the completion script for SHELL (bash or zsh) and exit.",
	  CLI_OPTF_HIDDEN },
	{ OPT_MAN_SECTION, "man-section", "NAME", NULL,
	  "Print a section of cdok(1) (commands, options, formats or exit) "
	  "in scdoc and exit.", CLI_OPTF_HIDDEN },
};

const int cli_noptions = (int)(sizeof(cli_options) / sizeof(cli_options[0]));

#define NOPTIONS (sizeof(cli_options) / sizeof(cli_options[0]))

static int print_version(void)
{
	struct cli_out out;

	if (!out_open(&out, NULL))
		return CLI_EXIT_SYSTEM;
	/* The library is linked into the program (libcdok.a), so its
	 * version is the program's; the ABI is what a program linked to
	 * the shared library needs (libcdok.so.ABI). */
	out_printf(&out, "cdok %s\n", CDOK_VERSION);
	out_printf(&out, "libcdok %s, ABI %s (libcdok.so.%s, "
		   "libcdok-json.so.%s, libcdok-render.so.%s)\n",
		   cdok_version(), cli_abi(), cli_abi(), cli_abi(), cli_abi());
	if (cli_render())
		out_printf(&out, "libcdok-render %s (pictures)\n",
			   cli_render()->version());
	else
		out_printf(&out, "libcdok-render not loaded, no pictures: %s\n",
			   cli_render_why());
	out_puts(&out, "Free software under the ISC licence; there is NO "
		 "WARRANTY.\n");
	return out_close(&out, true) ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}

/* ---- options ---- */

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

/* A box shape for --boxes: ROWSxCOLUMNS, each a whole number from 1 to
 * 63, such as "2x3".  Whether it tiles the grid is for the command to
 * say, once the size is known. */
static bool parse_boxes(const char *s, int *rows, int *cols)
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

/* PARSE_MISSING: an option needs libcdok-render, which cannot be
 * loaded. */
enum parse_result { PARSE_RUN, PARSE_HELP, PARSE_VERSION, PARSE_ERROR,
		    PARSE_MISSING,
		    PARSE_COMPLETIONS, PARSE_MAN };

static enum parse_result parse_options(int argc, char **argv,
				       struct cli_options *opt, bool *given,
				       const char **generate)
{
	static struct option longopts[NOPTIONS + 1];
	/* ":" first, then up to two characters per option. */
	char shortopts[1 + 2 * NOPTIONS + 1];
	size_t ns = 0;
	bool help = false, version = false, ops_given = false;
	char bad[64];
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

		if (o)
			given[o - cli_options] = true;
		switch (c) {
		case 'u':
			opt->utf8 = true;
			break;
		case 'i':
			opt->input = optarg;
			break;
		case 'o':
			if (opt->output) {
				cli_msg(NULL, 0, 0, "option -o given twice "
					"('%s', then '%s'): a run writes one "
					"output (try cdok --help)",
					opt->output, optarg);
				return PARSE_ERROR;
			}
			opt->output = optarg;
			break;
		case OPT_FORCE:
			opt->force = true;
			break;
		case OPT_LIMIT:
			if (!parse_count(optarg, &opt->limit)) {
				cli_msg(NULL, 0, 0, "bad value '%s' for --limit: "
					"expected a whole number from 1 up "
					"(try cdok --help)", optarg);
				return PARSE_ERROR;
			}
			break;
		case OPT_ALL:
			opt->all = true;
			break;
		case OPT_BENCHMARK:
			opt->benchmark = true;
			break;
		case OPT_TIMEOUT:
			if (!parse_seconds(optarg, &opt->timeout_ns)) {
				cli_msg(NULL, 0, 0, "bad value '%s' for "
					"--timeout: expected a number of "
					"seconds above 0, such as 5 or 0.5 "
					"(try cdok --help)", optarg);
				return PARSE_ERROR;
			}
			break;
		case OPT_MAX_NODES:
			if (!parse_count(optarg, &opt->max_nodes)) {
				cli_msg(NULL, 0, 0, "bad value '%s' for "
					"--max-nodes: expected a whole number "
					"from 1 up (try cdok --help)", optarg);
				return PARSE_ERROR;
			}
			break;
		case 's':
		case OPT_MAX_CAGE:
		case 'j': {
			uint64_t v;
			uint64_t top = c == 's' ? CDOK_MAX_SIZE :
				       c == 'j' ? 256 : 4096;

			if (!parse_count(optarg, &v) || v > top) {
				name_option(bad, sizeof(bad), argv, optind, c);
				cli_msg(NULL, 0, 0, "bad value '%s' for %s: "
					"expected a whole number from 1 to "
					"%llu (try cdok --help)", optarg, bad,
					(unsigned long long)top);
				return PARSE_ERROR;
			}
			if (c == 's')
				opt->size = (int)v;
			else if (c == 'j')
				opt->jobs = (int)v;
			else
				opt->max_cage = (int)v;
			break;
		}
		case 'w':
		case 'm':
		case 't':
		case OPT_SEED:
		case OPT_COUNT: {
			uint64_t v = 0;
			bool zero_ok = c != OPT_COUNT;

			if (!(zero_ok && !strcmp(optarg, "0")) &&
			    !parse_count(optarg, &v)) {
				name_option(bad, sizeof(bad), argv, optind, c);
				cli_msg(NULL, 0, 0, "bad value '%s' for %s: "
					"expected a whole number from %d up "
					"(try cdok --help)", optarg, bad,
					zero_ok ? 0 : 1);
				return PARSE_ERROR;
			}
			if (c == 'w') {
				if (v > 1000000) {
					cli_msg(NULL, 0, 0, "bad value '%s' for "
						"-w: at most 1000000 rounds",
						optarg);
					return PARSE_ERROR;
				}
				opt->iterations = (int)v;
			} else if (c == 'm') {
				opt->max_diff = v;
			} else if (c == 't') {
				opt->target_diff = v;
			} else if (c == OPT_SEED) {
				opt->seed = v;
				opt->seed_set = true;
			} else {
				opt->count = v;
			}
			break;
		}
		case 'T':
			opt->two_cell = true;
			break;
		case OPT_HIDE_OPS:
			opt->hide_ops = true;
			break;
		case 'N':
			opt->nylimb = true;
			break;
		case OPT_FROM:
		case OPT_TO: {
			bool missing = false;
			const cdok_format *f = parse_format(optarg,
							    c == OPT_FROM,
							    &missing);

			if (!f)
				return missing ? PARSE_MISSING : PARSE_ERROR;
			if (c == OPT_FROM)
				opt->from = f;
			else
				opt->to = f;
			break;
		}
		case OPT_OPS:
			if (cdok_gen_ops_find(optarg, &opt->ops) != CDOK_OK) {
				cli_msg(NULL, 0, 0, "bad value '%s' for --ops: "
					"expected all, mul, add, addsub or "
					"characters of \"+-*/\" including + or "
					"* (try cdok --help)", optarg);
				return PARSE_ERROR;
			}
			ops_given = true;
			opt->ops_given = true;
			break;
		case OPT_KILLER:
			opt->killer = true;
			break;
		case OPT_SUDOKU:
			opt->sudoku = true;
			break;
		case OPT_LEVEL:
			opt->level = optarg;
			break;
		case OPT_STATE:
			opt->state = optarg;
			break;
		case OPT_APPLY:
			opt->apply = true;
			break;
		case OPT_TIER:
			if (strcmp(optarg, "1") && strcmp(optarg, "2") &&
			    strcmp(optarg, "3")) {
				cli_msg(NULL, 0, 0, "bad value '%s' for --tier: "
					"expected 1, 2 or 3 (try cdok --help)",
					optarg);
				return PARSE_ERROR;
			}
			opt->tier = optarg[0] - '0';
			break;
		case OPT_PLACE:
			opt->place = true;
			break;
		case OPT_ALL_STEPS:
			opt->all_steps = true;
			break;
		case 'v':
			opt->verbose = true;
			break;
		case OPT_BOXES:
			if (!parse_boxes(optarg, &opt->box_rows,
					 &opt->box_cols)) {
				cli_msg(NULL, 0, 0, "bad value '%s' for --boxes: "
					"expected the shape of a box as "
					"ROWSxCOLUMNS, such as 3x3 or 2x3 "
					"(try cdok --help)", optarg);
				return PARSE_ERROR;
			}
			break;
		case OPT_PROGRESS:
		case OPT_NO_PROGRESS:
			opt->progress = c == OPT_PROGRESS ? 1 : 0;
			break;
		case OPT_PER_PAGE:
		case OPT_DPI: {
			uint64_t v, lo = c == OPT_DPI ? 18 : 1,
				 hi = c == OPT_DPI ? 1200 : CDOK_RENDER_MAX_PER_PAGE;

			if (!parse_count(optarg, &v) || v < lo || v > hi) {
				cli_msg(NULL, 0, 0, "bad value '%s' for %s: "
					"expected a whole number from %llu to "
					"%llu (try cdok --help)", optarg,
					c == OPT_DPI ? "--dpi" : "--per-page",
					(unsigned long long)lo,
					(unsigned long long)hi);
				return PARSE_ERROR;
			}
			if (c == OPT_DPI)
				opt->dpi = (int)v;
			else
				opt->per_page = (int)v;
			break;
		}
		case OPT_PAPER: {
			const struct cli_render *r = cli_render();
			double w, h;
			cdok_error err;

			if (!r) {
				cli_msg(NULL, 0, 0, "option --paper goes with "
					"the pages of libcdok-render, which is "
					"not available here (%s)",
					cli_render_why());
				return PARSE_MISSING;
			}
			if (r->paper(optarg, &w, &h, &err) != CDOK_OK) {
				cli_msg(NULL, 0, 0, "bad value for --paper: %s "
					"(try cdok --help)", err.message);
				return PARSE_ERROR;
			}
			opt->paper = optarg;
			break;
		}
		case OPT_TITLE:
			opt->title = optarg;
			break;
		case OPT_ARCHIVE:
			opt->archive = optarg;
			break;
		case OPT_GIVENS_AS_CAGES:
			opt->givens_as_cages = true;
			break;
		case OPT_SORT:
			if (strcmp(optarg, "level")) {
				cli_msg(NULL, 0, 0, "bad value '%s' for --sort: "
					"expected level (try cdok --help)",
					optarg);
				return PARSE_ERROR;
			}
			opt->sort_level = true;
			break;
		case OPT_WITH_SOLUTIONS:
			opt->with_solutions = true;
			break;
		case OPT_COMPLETIONS:
		case OPT_MAN_SECTION:
			*generate = optarg;
			return c == OPT_COMPLETIONS ? PARSE_COMPLETIONS
						    : PARSE_MAN;
		case 'h':
			help = true;
			break;
		case 'V':
			version = true;
			break;
		case ':':
			name_bad_option(bad, sizeof(bad), argv, optind, optopt);
			cli_msg(NULL, 0, 0, "option '%s' needs an argument "
				"(try cdok --help)", bad);
			return PARSE_ERROR;
		default:
			name_bad_option(bad, sizeof(bad), argv,
					optopt ? 0 : optind, optopt);
			cli_msg(NULL, 0, 0, "unknown option '%s' "
				"(try cdok --help)", bad);
			return PARSE_ERROR;
		}
	}
	if (help)
		return PARSE_HELP;
	if (version)
		return PARSE_VERSION;
	if (opt->box_rows && !opt->killer && !opt->sudoku) {
		cli_msg(NULL, 0, 0, "option --boxes goes with --killer or "
			"--sudoku (try cdok --help)");
		return PARSE_ERROR;
	}
	/* A plain Sudoku has givens and no cages: nothing the cage
	 * options say applies to it. */
	if (opt->sudoku && (opt->killer || ops_given || opt->two_cell ||
			    opt->nylimb || opt->max_cage)) {
		cli_msg(NULL, 0, 0, "option %s does not apply to --sudoku: a "
			"plain Sudoku has no cages (try cdok --help)",
			opt->killer ? "--killer" : ops_given ? "--ops" :
			opt->two_cell ? "-T" : opt->nylimb ? "-N" :
			"--max-cage");
		return PARSE_ERROR;
	}
	/* Killer cages are sums whose values differ, so the Calcudoku
	 * generator's operator options have nothing to say about them;
	 * Nylimb's digit rules have no boxes. */
	if (opt->killer && (ops_given || opt->two_cell || opt->nylimb ||
			    opt->hide_ops)) {
		cli_msg(NULL, 0, 0, "option %s does not apply to --killer: %s "
			"(try cdok --help)", ops_given ? "--ops" :
			opt->two_cell ? "-T" : opt->hide_ops ? "--hide-ops" :
			"-N", ops_given || opt->two_cell || opt->hide_ops ?
			"Killer cages are sums" :
			"a Nylimb puzzle has no boxes");
		return PARSE_ERROR;
	}
	if (opt->hide_ops && opt->nylimb) {
		cli_msg(NULL, 0, 0, "option --hide-ops does not apply to -N: "
			"hidden operators are made for plain Calcudoku (try "
			"cdok --help)");
		return PARSE_ERROR;
	}
	return PARSE_RUN;
}

/* Whether --to (or its absence) suits the command; says why not. */
static bool to_applies(const struct cli_command *cmd,
		       const struct cli_options *opt)
{
	const cdok_format *to = opt->to;
	bool json = (cdok_format_flags(to) & CDOK_FORMAT_RESULTS) != 0;

	if (!to) {
		if (!(cmd->flags & CLI_CMD_NEEDS_TO))
			return true;
		cli_msg(NULL, 0, 0, "%s needs --to FORMAT, the format to "
			"write (try cdok --help)", cmd->name);
		return false;
	}
	if (!(cmd->flags & (CLI_CMD_TO | CLI_CMD_TO_GRID | CLI_CMD_TO_JSON))) {
		cli_msg(NULL, 0, 0, "option --to does not apply to %s "
			"(try cdok --help)", cmd->name);
		return false;
	}
	if ((cmd->flags & CLI_CMD_TO_JSON) && !json) {
		unsigned f = cdok_format_flags(to);
		bool picture = cli_is_render_format(to);
		bool pages = picture && !(f & CDOK_FORMAT_SINGLE);

		/* hint draws its state (svg, png, pdf), explain a booklet
		 * of its steps (pdf). */
		if (((cmd->flags & CLI_CMD_TO_PICTURE) && picture) ||
		    ((cmd->flags & CLI_CMD_TO_PAGES) && pages))
			return true;
		cli_msg(NULL, 0, 0, "%s writes no puzzle, only results: "
			"--to json is the one format it takes%s (try cdok "
			"--help)", cmd->name,
			(cmd->flags & CLI_CMD_TO_PICTURE) ?
			", or the pictures svg, png and pdf" :
			(cmd->flags & CLI_CMD_TO_PAGES) ?
			", or the booklet pdf" : "");
		return false;
	}
	if ((cmd->flags & CLI_CMD_TO_GRID) &&
	    !(cdok_format_flags(to) & CDOK_FORMAT_VALUES)) {
		cli_msg(NULL, 0, 0, "%s writes solutions, and a %s text "
			"holds none: use convert to write puzzles as %s "
			"(try cdok --help)", cmd->name, cdok_format_name(to),
			cdok_format_name(to));
		return false;
	}
	/* Counts and lists of solutions have a place only in a result
	 * document; the other formats hold one answer per puzzle. */
	if ((opt->limit || opt->all) && !json) {
		cli_msg(NULL, 0, 0, "option %s goes with --to json only "
			"(try cdok --help)", opt->limit ? "--limit" : "--all");
		return false;
	}
	return true;
}

/* Whether an option's cmds list names the command. */
static bool option_applies(const struct cli_option *o,
			   const struct cli_command *cmd)
{
	size_t n = strlen(cmd->name);

	for (const char *w = o->cmds; w && *w; w += strcspn(w, " "),
	     w += strspn(w, " "))
		if (strcspn(w, " ") == n && !strncmp(w, cmd->name, n))
			return true;
	return !o->cmds;
}

/* Whether the file at path (NULL: standard input) is the regular file
 * out names: the same device and inode, whatever the names. */
static bool same_file(const char *path, const struct stat *out)
{
	struct stat st;

	if (path ? stat(path, &st) != 0 : fstat(STDIN_FILENO, &st) != 0)
		return false;
	return S_ISREG(st.st_mode) && st.st_dev == out->st_dev &&
	       st.st_ino == out->st_ino;
}

/* -o FILE must not be one of the run's inputs (-i, a FILE argument,
 * --state, or standard input redirected from it) unless --force says
 * so: the run would replace the puzzles it reads with its answers.
 * Only an existing regular file can be one; a device such as /dev/null
 * may be both. */
static bool output_not_input(const struct cli *cli,
			     const struct cli_command *cmd, const char *path,
			     const char *option)
{
	const struct cli_options *opt = &cli->opt;
	const char *found = NULL;
	bool stdin_read = (cmd->flags & CLI_CMD_READS) && !opt->input &&
			  !cli->nfiles;
	struct stat out;

	if (opt->force || !path || !strcmp(path, "-") ||
	    (path == opt->output && cli->pictures.pattern) ||
	    stat(path, &out) != 0 || !S_ISREG(out.st_mode))
		return true;
	if (opt->input && same_file(opt->input, &out))
		found = opt->input;
	for (int i = 0; !found && i < cli->nfiles; i++) {
		if (!strcmp(cli->files[i], "-"))
			stdin_read = true;
		else if (same_file(cli->files[i], &out))
			found = cli->files[i];
	}
	if (!found && opt->state) {
		if (!strcmp(opt->state, "-"))
			stdin_read = true;
		else if (same_file(opt->state, &out))
			found = opt->state;
	}
	if (!found && stdin_read && same_file(NULL, &out))
		found = "standard input";
	if (!found)
		return true;
	cli_msg(NULL, 0, 0, "%s %s would replace an input (%s is the same "
		"file) with the output: write elsewhere, or give --force to "
		"replace it", option, path, found);
	return false;
}

/* --archive: with --to, a file of its own (not -o's). */
static bool archive_applies(const struct cli_options *opt)
{
	struct stat a, o;

	if (!opt->archive)
		return true;
	if (!opt->to || !strcmp(cdok_format_name(opt->to), "spec")) {
		cli_msg(NULL, 0, 0, "option --archive goes with --to (a format "
			"other than spec): without it the puzzles are written "
			"as specs already (try cdok --help)");
		return false;
	}
	if (opt->output && (!strcmp(opt->output, opt->archive) ||
			    (stat(opt->output, &o) == 0 &&
			     stat(opt->archive, &a) == 0 &&
			     o.st_dev == a.st_dev && o.st_ino == a.st_ino))) {
		cli_msg(NULL, 0, 0, "--archive %s is -o's file: the archive "
			"needs a file of its own", opt->archive);
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	struct cli cli;
	const struct cli_command *cmd;
	const char *generate = NULL;
	bool given[NOPTIONS] = { false };
	int code;

	memset(&cli, 0, sizeof(cli));
	if (!cli_formats()) {
		cli_msg(NULL, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	cli.opt.size = 0;   /* not given: see below */
	cli.opt.iterations = -1;
	cli.opt.count = 1;
	cli.opt.jobs = 1;
	cli.opt.ops = CDOK_GEN_ALL_OPS;
	cli.opt.max_cage = 0;   /* the library's default for the size */
	cli.opt.progress = -1;
	switch (parse_options(argc, argv, &cli.opt, given, &generate)) {
	case PARSE_RUN:
		break;
	case PARSE_HELP:
		/* cdok COMMAND --help: that command's help. */
		if (optind < argc) {
			cmd = cli_find_command(argv[optind]);
			if (!cmd)
				return cli_unknown_command(argv[optind]);
			return cli_print_help(NULL, cmd);
		}
		return cli_print_help(NULL, NULL);
	case PARSE_VERSION:
		return print_version();
	case PARSE_COMPLETIONS:
		return cli_print_completions(generate);
	case PARSE_MAN:
		return cli_print_man_section(generate);
	case PARSE_ERROR:
		return CLI_EXIT_USAGE;
	case PARSE_MISSING:
		return CLI_EXIT_SYSTEM;
	}
	/* The default size depends on the kind of puzzle. */
	if (!cli.opt.size)
		cli.opt.size = cli.opt.killer || cli.opt.sudoku ? 9 : 6;

	if (optind >= argc) {
		cli_msg(NULL, 0, 0, "no command given (try cdok --help)");
		return CLI_EXIT_USAGE;
	}
	/* Commands match in any case, as in the original ("Solve"). */
	cmd = cli_find_command(argv[optind]);
	if (!cmd)
		return cli_unknown_command(argv[optind]);
	/* generate and gen-grid make puzzles from nothing: an input given
	 * to them is a mistake, most likely for harden. */
	if (!(cmd->flags & CLI_CMD_READS) && cmd->run != cmd_help &&
	    (cli.opt.input || optind + 1 < argc)) {
		cli_msg(NULL, 0, 0, "%s reads no input (did you mean harden?)",
			cmd->name);
		return CLI_EXIT_USAGE;
	}
	if (!(cmd->flags & CLI_CMD_COUNTS) && (cli.opt.limit || cli.opt.all)) {
		cli_msg(NULL, 0, 0, "option %s does not apply to %s "
			"(try cdok --help)",
			cli.opt.limit ? "--limit" : "--all", cmd->name);
		return CLI_EXIT_USAGE;
	}
	if (!(cmd->flags & CLI_CMD_BOUNDED) && cli.opt.max_nodes) {
		cli_msg(NULL, 0, 0, "option --max-nodes does not apply to %s "
			"(try cdok help %s)", cmd->name, cmd->name);
		return CLI_EXIT_USAGE;
	}
	/* --benchmark adds a text line per puzzle, so it goes with the
	 * text answers of solve and examine only. */
	if (cli.opt.benchmark &&
	    (!(cmd->flags & CLI_CMD_COUNTS) || cli.opt.to)) {
		cli_msg(NULL, 0, 0, "option --benchmark %s (try cdok --help)",
			cli.opt.to ? "prints text and cannot be used with --to"
				   : "applies to solve and examine only");
		return CLI_EXIT_USAGE;
	}
	if (cli.opt.killer && cmd->run != cmd_generate &&
	    cmd->run != cmd_gen_grid && cmd->run != cmd_harden) {
		cli_msg(NULL, 0, 0, "option --killer does not apply to %s "
			"(try cdok --help)", cmd->name);
		return CLI_EXIT_USAGE;
	}
	if (!(cmd->flags & CLI_CMD_READS) && cli.opt.from) {
		cli_msg(NULL, 0, 0, "option --from does not apply to %s: it "
			"reads no puzzle (try cdok --help)", cmd->name);
		return CLI_EXIT_USAGE;
	}
	if (!to_applies(cmd, &cli.opt))
		return CLI_EXIT_USAGE;
	/* Every other option that has nothing to say to the command: an
	 * option the command would ignore is a mistake to point out, not
	 * to pass over. */
	for (size_t i = 0; i < NOPTIONS; i++)
		if (given[i] && !option_applies(&cli_options[i], cmd)) {
			cli_msg(NULL, 0, 0, "option --%s does not apply to %s "
				"(try cdok help %s)", cli_options[i].name,
				cmd->name, cmd->name);
			return CLI_EXIT_USAGE;
		}
	if (!cli_pictures_check(&cli))
		return CLI_EXIT_USAGE;
	cli.files = argv + optind + 1;
	cli.nfiles = argc - optind - 1;
	/* A run that makes several pictures of one puzzle per file needs
	 * a name for each: said before the work, not after it. */
	if ((cmd->run == cmd_generate || cmd->run == cmd_gen_grid) &&
	    !cli_pictures_check_count(&cli, cli.opt.count))
		return CLI_EXIT_USAGE;
	if (!output_not_input(&cli, cmd, cli.opt.output, "-o") ||
	    !output_not_input(&cli, cmd, cli.opt.archive, "--archive") ||
	    !archive_applies(&cli.opt))
		return CLI_EXIT_USAGE;

	/* Usage is settled before the output is opened, so a mistyped
	 * command never touches the -o file.  An -o pattern names the
	 * pictures' files, written at the end. */
	if (!out_open(&cli.out, cli.pictures.pattern ? NULL : cli.opt.output))
		return CLI_EXIT_SYSTEM;
	code = cmd->run(&cli);
	/* A stream --to started is closed whatever the command, so that
	 * what was written is a whole text of its format. */
	if (cli.writer) {
		int end;

		code = cli_worse(code, cli_pictures_flush(&cli));
		end = cli_finish(&cli);
		code = cli_worse(code, end);
	}
	code = cli_pictures_finish(&cli, code);
	/* "No solution", "several" and "wrong" are answers, and the
	 * output that says so is kept; the other failures are not.  An
	 * answer that could not be delivered is a system error. */
	code = cli_worse(code, cli_archive_finish(&cli, code));
	if (!out_close(&cli.out, cli_keeps_output(code)))
		code = cli_worse(code, CLI_EXIT_SYSTEM);
	return code;
}
