/* cli.h -- what the cdok program's files share: exit statuses, options,
 * the command table and the helpers commands are built from.
 *
 * The program is a thin layer over include/cdok.h.  A command is one
 * function, cmd_NAME, in a cmd_*.c file (related commands share one:
 * cmd_solve.c holds solve and examine), plus one row of CLI_COMMANDS
 * below; main.c parses the options, finds the command and runs it.
 */
#ifndef CDOK_CLI_H
#define CDOK_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cdok.h"
#include "io.h"

/* Exit statuses, declared once so that the enum, --help and the README
 * cannot drift apart.  When several inputs are processed the program
 * exits with the most serious status of any of them: the one listed last
 * here (cli_worse).  Codes keep their numbers once given, so a newer,
 * milder outcome gets the next free number and its place in the list:
 * 8 ("a solution exists", --limit 1) ranks just above success, and a
 * run that also met a puzzle without a solution still ends in 1; the
 * answers of hint come next to the ones they resemble (9 and 10 are
 * mild, 11 is a wrong grid like 7). */
#define CLI_EXITS(X)							\
	X(EXIT_DONE,      0, "success: every puzzle was printed or "	\
			     "written, has exactly one solution (solve, " \
			     "examine) or was made (generate), or the "	\
			     "proposed solution is right (check)")	\
	X(EXIT_FOUND,     8, "solve, examine with --limit 1: a solution " \
			     "was found; whether it is the only one was " \
			     "not asked")				\
	X(EXIT_SOLVED,    9, "hint: the state is already solved")	\
	X(EXIT_NOSTEP,   10, "hint: no technique up to --level applies " \
			     "to the state; explain: none applies before " \
			     "the grid is full")			\
	X(EXIT_NOSOL,     1, "the puzzle has no solution")		\
	X(EXIT_AMBIGUOUS, 2, "the puzzle has more than one solution")	\
	X(EXIT_BADINPUT,  3, "bad input: the puzzle text cannot be read " \
			     "(syntax error, invalid puzzle, over a "	\
			     "limit), or the --to format cannot hold a "	\
			     "puzzle")					\
	X(EXIT_USAGE,     4, "usage error: unknown command or option, "	\
			     "bad option value")			\
	X(EXIT_SYSTEM,    5, "I/O or system error: cannot open, read or " \
			     "write a file, out of memory, libcdok-render " \
			     "(the pictures) missing")			\
	X(EXIT_GAVEUP,    6, "gave up: --timeout or --max-nodes was "	\
			     "reached before the answer was known, or "	\
			     "generate or harden found no puzzle within " \
			     "-m, -t or --level")			\
	X(EXIT_WRONG,     7, "check: the proposed solution is wrong "	\
			     "(each problem is listed)")		\
	X(EXIT_CONTRADICTS, 11, "hint: the state cannot be finished: a " \
			     "value breaks a rule or differs from the "	\
			     "puzzle's only solution, or pencil marks "	\
			     "leave out its value")

enum cli_exit {
#define CLI_EXIT_ENUM(name, code, text) CLI_##name = code,
	CLI_EXITS(CLI_EXIT_ENUM)
#undef CLI_EXIT_ENUM
};

/* The more serious of two exit statuses (later in CLI_EXITS). */
int cli_worse(int a, int b);

/* Whether a run that ends with code replaces -o's file (and writes the
 * pictures' files): the answers 0, 1, 2 and 7 to 11, which are kept
 * whatever they say; the failures 3 to 6 leave the file as it was.
 * The -o text of --help says the same. */
bool cli_keeps_output(int code);

/* Everything the command line said, after parsing. */
struct cli_options {
	bool utf8;           /* -u: UTF-8 drawings */
	const char *input;   /* -i FILE, or NULL */
	const char *output;  /* -o FILE, or NULL for standard output */
	bool force;          /* --force: -o may be one of the inputs */
	uint64_t limit;      /* --limit N; 0 when not given */
	bool all;            /* --all */
	bool benchmark;      /* --benchmark */
	uint64_t timeout_ns; /* --timeout, in nanoseconds; 0 when not given */
	uint64_t max_nodes;  /* --max-nodes N; 0 when not given */
	/* Generation (gen-grid, harden, generate). */
	int size;            /* -s SIZE, default 6 */
	int iterations;      /* -w N; -1 when not given */
	uint64_t max_diff;   /* -m MAXDIFF; 0 when not given */
	uint64_t target_diff;/* -t TARGETDIFF; 0 when not given */
	bool two_cell;       /* -T */
	bool hide_ops;       /* --hide-ops */
	bool seed_set;       /* --seed given */
	uint64_t seed;       /* --seed S */
	uint64_t count;      /* --count K, default 1 */
	int jobs;            /* -j THREADS, default 1 */
	unsigned ops;        /* --ops SET, CDOK_GEN_* bits */
	bool ops_given;      /* --ops was given */
	int max_cage;        /* --max-cage N, default 5 */
	bool killer;         /* --killer: Killer Sudoku */
	bool sudoku;         /* --sudoku: plain Sudoku */
	int box_rows, box_cols; /* --boxes RxC; 0 when not given */
	bool nylimb;         /* -N: Nylimb mode */
	int progress;        /* --progress 1, --no-progress 0, else -1:
			      * only when standard error is a terminal */
	/* Levels (cli/levels.c). */
	const char *level;   /* --level L as typed; NULL when not given */
	const char *state;   /* --state FILE; NULL when not given */
	bool apply;          /* --apply */
	int tier;            /* --tier 1..3; 0 when not given (3) */
	bool place;          /* --place */
	bool all_steps;      /* --all-steps (explain) */
	bool verbose;        /* -v (explain: score and difficulty) */
	/* Formats. */
	const cdok_format *from; /* --from FORMAT; NULL: told from the text */
	const cdok_format *to;   /* --to FORMAT; NULL: the command's own
				  * output (spec, drawing, summary lines) */
	/* Pictures (libcdok-render, cli/pictures.c). */
	int per_page;        /* --per-page N; 0 when not given */
	const char *paper;   /* --paper NAME, or NULL */
	const char *title;   /* --title TEXT, or NULL */
	bool with_solutions; /* --with-solutions */
	int dpi;             /* --dpi N; 0 when not given */
	bool sort_level;     /* --sort level */
	const char *archive; /* --archive FILE, or NULL */
	bool givens_as_cages; /* --givens-as-cages */
	/* About the program rather than a run. */
	bool help;           /* -h */
	bool version;        /* -V */
	const char *emit;    /* --completions SHELL, --man-section NAME */
};

/* With a format of one picture per file (--to svg, png): the pictures
 * made, kept until the run ends and then written, each to its own file
 * (cli/pictures.c). */
struct cli_pictures {
	char **data;
	size_t *len;
	int *number;         /* the puzzle's number in the stream, from 1 */
	int n, cap;
	int seen;            /* puzzles of the stream so far, written or
			      * skipped */
	const char *pattern; /* -o with a number in it, or NULL */
	/* Pages of worked steps (explain --to pdf): without --per-page,
	 * as many to a page as stay legible with their notes. */
	bool notes_fit;
	/* --sort level: the booklet's puzzles, kept until the run ends
	 * and then put easiest first (cli_pictures_flush). */
	struct cli_kept_puzzle *kept;
	int nkept, kept_cap;
};

/* One run of the program. */
struct cli {
	struct cli_options opt;
	char **files;        /* FILE arguments after the command */
	int nfiles;
	struct cli_out out;  /* where commands write their results */
	/* With --to, the one stream the whole run writes: made on first
	 * use, finished by main() after the command (cli_finish). */
	cdok_writer *writer;
	/* The puzzle cli_each_puzzle hands to its callback: its number in
	 * its input (from 1), whether that input holds several, and how
	 * long reading it took (for JSON timings). */
	int index;
	bool stream;
	double read_seconds;
	/* The run's progress line, for cli_each_puzzle to count puzzles
	 * on (solve, examine), or NULL. */
	struct cli_progress *progress;
	struct cli_pictures pictures;
	/* --archive: every puzzle put, as a spec after a '#' line, kept
	 * until the run ends (cli_archive_finish). */
	char *archive;
	size_t archive_len, archive_cap;
	/* The seed of the puzzle being put ("seed 42"), for its caption
	 * in a booklet: set by the commands that make puzzles around each
	 * cli_put, NULL otherwise (a puzzle read is named by its game ID
	 * when it has a short one). */
	const char *source;
};

/* --archive: keep the puzzle as a spec after a '#' line naming it
 * (what: "puzzle 3 (seed 7)"), for cli_archive_finish to write. */
int cli_archive_put(struct cli *cli, const char *what,
		    const cdok_puzzle *puzzle);

/* Whether the run's booklet is sorted (--sort level with --to pdf): its
 * puzzles are then kept until the run ends, and put and archived in
 * their new order by cli_pictures_flush. */
bool cli_pictures_sorting(const struct cli *cli);

/* The captions the puzzles of one input carry (provenance.c): the seed
 * of each, from an archive's '#' lines or a result document's "seed",
 * when every puzzle has one; otherwise none. */
struct cli_sources {
	char **caption;      /* "seed 7", one per puzzle in order */
	int n;
};

/* Find them in an input's text of npuzzles puzzles; false when memory
 * ran out (s is then empty). */
bool cli_sources_find(struct cli_sources *s, const char *text, size_t len,
		      uint64_t npuzzles);

/* The caption of puzzle k (from 1), or NULL. */
const char *cli_sources_get(const struct cli_sources *s, int k);

void cli_sources_free(struct cli_sources *s);

/* What a command accepts besides the common options. */
#define CLI_CMD_COUNTS  0x1u  /* --limit and --all */
#define CLI_CMD_BOUNDED 0x2u  /* --timeout and --max-nodes (cli_budget) */
#define CLI_CMD_READS   0x4u  /* reads puzzles: --from */
#define CLI_CMD_TO      0x8u  /* --to, any format that can write */
#define CLI_CMD_TO_GRID 0x10u /* --to, a format that can hold a solution */
#define CLI_CMD_TO_JSON 0x20u /* --to json only (result documents) */
#define CLI_CMD_NEEDS_TO 0x40u /* --to must be given */
#define CLI_CMD_TO_PICTURE 0x80u /* with TO_JSON: svg, png and pdf too */
#define CLI_CMD_TO_PAGES 0x100u /* with TO_JSON: pdf too */

/* The commands.  A row is: C name of the function (cmd_NAME, defined in
 * cli/cmd_*.c), the name typed on the command line, flags, and the text
 * --help shows.  Adding a command is one row here and one file. */
#define CLI_COMMANDS(X)							\
	X(print, "print", CLI_CMD_READS | CLI_CMD_TO,			\
	  "Print the puzzle as a spec, a blank line, then its drawing; "	\
	  "with --to, only the puzzle in that format (as convert).")	\
	X(solve, "solve", CLI_CMD_COUNTS | CLI_CMD_BOUNDED |		\
	  CLI_CMD_READS | CLI_CMD_TO_GRID,				\
	  "Solve the puzzle.  If the solution is unique, print it as a " \
	  "spec, a blank line, its drawing, a blank line and \"Solution " \
	  "is unique. Difficulty: N (LEVEL, score S)\", the level a "	\
	  "person needs and a finer score within it (doc/LEVELS.md); if " \
	  "there are several, print only "				\
	  "\"Solution is not unique.\"; if there is none, say so on "	\
	  "standard error.  With --to ucf or calpoly, print only the "	\
	  "answers, exactly as the contest or the course expects them; "	\
	  "with --to spec, ascii or utf8, only the solution in that "	\
	  "form; a puzzle without exactly one solution then gets no "	\
	  "answer and is named on standard error (\"puzzle #K has no "	\
	  "solution\").  With --to json, one result document per "	\
	  "puzzle.")							\
	X(examine, "examine", CLI_CMD_COUNTS | CLI_CMD_BOUNDED |	\
	  CLI_CMD_READS | CLI_CMD_TO_JSON,				\
	  "Like solve, but print only the last line (the grid is not "	\
	  "shown); --to json gives the result documents without it.")	\
	X(gen_grid, "gen-grid", CLI_CMD_TO,				\
	  "Print a random Latin square of size -s as a spec of givens "	\
	  "(with --to, a puzzle of givens in that format).")		\
	X(harden, "harden", CLI_CMD_READS | CLI_CMD_TO,		\
	  "Read a puzzle or a solution grid and make a new puzzle with "	\
	  "its solution (warning on standard error if the input's "	\
	  "solution is not unique); print it as generate does.")	\
	X(generate, "generate", CLI_CMD_TO,				\
	  "Make --count puzzles of size -s, each with exactly one "	\
	  "solution (proven by the solver), and print each as its spec, " \
	  "a blank line, its drawing, a blank line and \"Difficulty: N " \
	  "(LEVEL, score S)\"; "					\
	  "puzzles are separated by a blank line.  With --to, only the "	\
	  "puzzles in that format; --to json gives result documents "	\
	  "with the seed and the difficulty.  Without --level (or -m, "	\
	  "-t, -w), Killer Sudoku and Sudoku up to 9 x 9 are Basic, "	\
	  "Solo's default (Trivial at 4 x 4); Calcudoku and larger "	\
	  "grids come at every level as they are made (9 x 9 Calcudoku "	\
	  "mostly Normal and Hard), so that a seed makes the same "	\
	  "Calcudoku as the Python package and the page, and a large "	\
	  "Killer grid is not made 20 times slower.")			\
	X(convert, "convert", CLI_CMD_READS | CLI_CMD_TO | CLI_CMD_NEEDS_TO, \
	  "Write every puzzle of the inputs in the format --to names (it " \
	  "must be given), as one stream.  A puzzle that format cannot "	\
	  "hold is reported with the reason and its number and left "	\
	  "out (status 3); the others are written.")			\
	X(check, "check", CLI_CMD_READS | CLI_CMD_TO_JSON,		\
	  "check PUZZLE SOLUTION: say whether SOLUTION, a grid of N "	\
	  "rows of N numbers (or a solved spec), solves the first "	\
	  "puzzle of PUZZLE.  Print \"The solution is correct.\", or "	\
	  "\"The solution is wrong (K problems):\" and every broken rule " \
	  "on a line of its own (status 7).  A grid with empty cells ('.' " \
	  "or 0), or a state as hint --apply writes it ('#' lines, " \
	  "pencil marks in braces), is checked for mistakes: values that " \
	  "break a rule or, when the puzzle has one solution, differ from " \
	  "it, and pencil marks that leave out its value; it says how " \
	  "many cells are left.  --to json gives the result document.") \
	X(hint, "hint", CLI_CMD_READS | CLI_CMD_TO_JSON |		\
	  CLI_CMD_TO_PICTURE,						\
	  "hint PUZZLE: the next step a person would take from the state " \
	  "--state gives (the empty grid without it): the technique, its " \
	  "level and one sentence, cells written r3c4 for row 3, column " \
	  "4; --tier 1 says only where to look, --tier 2 what to look "	\
	  "for.  --place gives the next value to write in a grid without " \
	  "pencil marks, and why.  With --apply, the new state instead "	\
	  "(the step as a '#' line first), so hints can be chained; "	\
	  "--level limits the techniques.  --to json gives the step with " \
	  "all three tiers; --to svg, png or pdf draws the state, the "	\
	  "hint's place shaded and its cells more strongly.  Status 9: "	\
	  "solved, 10: no step, 11: the state is wrong, 1 or 2: the "	\
	  "puzzle has no solution or several.")				\
	X(explain, "explain", CLI_CMD_READS | CLI_CMD_TO_JSON |		\
	  CLI_CMD_TO_PAGES,						\
	  "Solve each puzzle as a person would and print the steps, one " \
	  "sentence each, after a line with its level and how many steps " \
	  "are shown: those some placement rests on, each run of singles " \
	  "and of the cages' own values as one step, and the steps that " \
	  "set the level marked; --all-steps shows every step.  --level " \
	  "limits the techniques (status 10 when they do not reach the "	\
	  "end).  With --to json, the steps as data; with --to pdf, a "	\
	  "worked solution to hand out: the grid at each step, its cells " \
	  "shaded, its sentence beneath.")				\
	X(help, "help", 0,						\
	  "help [COMMAND]: print this help, or what COMMAND does, the "	\
	  "options it takes and an example.")

struct cli_command {
	const char *name;
	unsigned flags;
	const char *help;
	/* Returns the exit status. */
	int (*run)(struct cli *cli);
};

#define CLI_CMD_DECLARE(fn, name, flags, help) int cmd_##fn(struct cli *cli);
CLI_COMMANDS(CLI_CMD_DECLARE)
#undef CLI_CMD_DECLARE

/* The table of commands (main.c), in CLI_COMMANDS order. */
extern const struct cli_command cli_commands[];
extern const int cli_ncommands;

/* The command called name, in any case ("Solve" is solve), or NULL. */
const struct cli_command *cli_find_command(const char *name);

/* The command a mistyped name most likely meant ("slove": solve), or
 * NULL when none is close (help.c). */
const struct cli_command *cli_suggest_command(const char *name);

/* Say that name is no command, with the likeliest one when there is
 * one.  Returns CLI_EXIT_USAGE. */
int cli_unknown_command(const char *name);

/* One option of the command line.  The table (main.c) makes getopt's
 * list, --help, the per-command help, the man page's list and the shell
 * completions, so they cannot disagree. */
struct cli_option {
	int val;            /* the short option's letter, or a value
			     * past 255 for a long-only one */
	const char *name;   /* the long option, without "--" */
	const char *arg;    /* the argument's name, or NULL for none */
	/* The commands it applies to, separated by spaces, or NULL for
	 * every one.  --help shows them before the text; with another
	 * command the option is a usage error. */
	const char *cmds;
	const char *help;
	unsigned flags;     /* CLI_OPTF_* */
	/* How the option is read (cli/options.c, cli_parse_options): its
	 * kind, the field of struct cli_options it sets (offsetof), and for
	 * numbers the range (hi 0: no top; lo 0 takes "0" too) or for
	 * CLI_ARG_VALUE the value set; CLI_ARG_CUSTOM calls parse. */
	enum cli_arg {
		CLI_ARG_FLAG,   /* a bool field becomes true */
		CLI_ARG_TEXT,   /* a const char * field takes the argument */
		CLI_ARG_INT,    /* an int field: a whole number in range */
		CLI_ARG_U64,    /* a uint64_t field: a whole number in range */
		CLI_ARG_VALUE,  /* an int field becomes lo */
		CLI_ARG_CUSTOM  /* parse reads it */
	} kind;
	size_t field;
	uint64_t lo, hi;
	/* CLI_ARG_CUSTOM: read arg (typed: the option as the user typed
	 * it, for messages) into opt; returns an enum cli_parse (cli/options.c). */
	int (*parse)(struct cli_options *opt, const char *arg,
		     const char *typed);
	/* The cross-option rules (CLI_RULE_*): what the option does not go
	 * with, and where it stands among the options a message could
	 * name (CLI_RULE_RANK). */
	unsigned rules;
};

#define CLI_OPTF_GENERAL 0x1u /* about the program (-h, -V), not a run */
#define CLI_OPTF_HIDDEN  0x2u /* for packaging: in no help or man page */
#define CLI_OPTF_FULL    0x4u /* a bad value's message names it in full,
			       * however it was typed */

#define CLI_RULE_BOXED     0x1u /* only with --killer or --sudoku */
#define CLI_RULE_NO_SUDOKU 0x2u /* not with --sudoku: it has no cages */
#define CLI_RULE_NO_KILLER 0x4u /* not with --killer: its cages are sums */
#define CLI_RULE_NO_BOXES  0x8u /* not with --killer: it has no boxes */
#define CLI_RULE_NO_NYLIMB 0x10u /* not with -N */
/* Of several options that break one rule, the message names the one of
 * the lowest rank. */
#define CLI_RULE_RANK(n)   ((unsigned)(n) << 8)

/* What cli_parse_options found: a run, or something to do instead.
 * CLI_PARSE_MISSING: an option needs libcdok-render, which cannot be
 * loaded. */
enum cli_parse { CLI_PARSE_RUN, CLI_PARSE_HELP, CLI_PARSE_VERSION,
		 CLI_PARSE_ERROR, CLI_PARSE_MISSING, CLI_PARSE_COMPLETIONS,
		 CLI_PARSE_MAN };

/* The most options there may be (the size of the callers' given[]). */
#define CLI_MAX_OPTIONS 64

/* Read the options of argv into opt, each as its row of cli_options
 * says (cli/options.c), marking given[i] for each row i given; then the
 * rules between them.  CLI_PARSE_RUN when a command is to run (argv[optind]
 * on), else what to do instead, after saying why for an error. */
enum cli_parse cli_parse_options(int argc, char **argv,
				    struct cli_options *opt, bool *given);

extern const struct cli_option cli_options[];
extern const int cli_noptions;

/* ---- help, man page and completions (cli/help.c) ---- */

/* --help (cmd NULL), or one command's help (cdok help COMMAND, cdok
 * COMMAND --help), on out (NULL: standard output).  Returns an exit
 * status. */
int cli_print_help(struct cli_out *out, const struct cli_command *cmd);

/* cdok --completions SHELL: the bash or zsh completion script, made
 * from the tables.  Returns an exit status. */
int cli_print_completions(const char *shell);

/* cdok --man-section NAME: the commands, options, formats or exit
 * statuses as scdoc text for doc/cdok.1.scd (mk/man-splice.sh).
 * Returns an exit status. */
int cli_print_man_section(const char *name);

/* ---- helpers for commands (cli/puzzles.c) ---- */

/* Called once per input puzzle; name is the input's name for messages.
 * Returns an exit status. */
typedef int (*cli_puzzle_fn)(struct cli *cli, const char *name,
			     const cdok_puzzle *puzzle);

/* Read every puzzle of each input in turn (-i FILE, the FILE arguments,
 * or standard input), in the format --from names or else the one
 * cdok_format_detect tells from the input's text (spec when it cannot
 * tell), and call fn on each, with cli->index, cli->stream and
 * cli->read_seconds set.  Without --to, when there are several inputs
 * or puzzles, each one's output is headed "==> NAME <==" (or "==> NAME
 * #K <==") and they are separated by a blank line; with --to the output
 * is one stream of that format and has no headers.  An input that fails
 * is reported on stderr and the others are still processed.  Returns
 * the most serious exit status (cli_worse). */
int cli_each_puzzle(struct cli *cli, cli_puzzle_fn fn);

/* Read the first puzzle of one input (path NULL: standard input), as
 * cli_each_puzzle reads it, into *out; *seconds gets how long reading it
 * took.  Returns an exit status (errors reported). */
int cli_read_first(struct cli *cli, const char *path, const char *name,
		   cdok_puzzle **out, double *seconds);

/* Write the puzzle in the named format (values as in cdok_write) to the
 * output.  Returns an exit status. */
int cli_show(struct cli *cli, const char *name, const char *format,
	     const cdok_puzzle *puzzle, const int *values);

/* The spec, a blank line, then the drawing the options ask for: what
 * print shows, and what solve shows for a solution. */
int cli_show_grid(struct cli *cli, const char *name,
		  const cdok_puzzle *puzzle, const int *values);

/* The exit status that a library failure calls for: running out of
 * memory is a system error, anything else means the input was bad. */
int cli_status_exit(cdok_status status);

/* Report a library error about an input on stderr, with its position
 * when it has one. */
void cli_report(const char *name, const cdok_error *err);

/* ---- --to: the run's one output stream (cli/puzzles.c) ---- */

/* The formats the program has at hand: the core library's and
 * libcdok-json's, and libcdok-render's once it is loaded (cli/render.c).
 * Made on first use (before any thread starts); NULL only when memory
 * ran out, which the first caller reports. */
const cdok_formats *cli_formats(void);

/* Every format the program can have: cli_formats() after loading
 * libcdok-render, if it can be (for lists of formats: help, completions,
 * messages naming the formats that would do). */
const cdok_formats *cli_formats_all(void);

/* The format called name, or NULL.  A name the core and libcdok-json do
 * not know loads libcdok-render to look there too. */
const cdok_format *cli_format(const char *name);

/* Whether --to was given and its format has the CDOK_FORMAT_* flag. */
bool cli_to_has(const struct cli *cli, unsigned flag);

/* Write the next puzzle of the stream in the --to format (values as in
 * cdok_writer_put).  A puzzle the format cannot hold is reported as
 * "cdok: NAME: WHAT cannot be written as FORMAT: reason" (what is, say,
 * "puzzle #3") and gives the status of the library's failure; the
 * stream goes on.  Returns an exit status. */
int cli_put(struct cli *cli, const char *name, const char *what,
	    const cdok_puzzle *puzzle, const int *values);

/* Count a puzzle of the stream that gets no text, so that UCF's answer
 * numbers stay those of the input. */
void cli_skip(struct cli *cli);

/* End the stream, if one was started (UCF's "0" line).  main() calls it
 * once the command is done.  Returns an exit status. */
int cli_finish(struct cli *cli);

/* ---- libcdok-render, loaded on demand (cli/render.c) ---- */

/* The calls of libcdok-render the program makes (include/cdok.h,
 * "Pictures"), found in the shared library. */
struct cli_render {
	const char *(*version)(void);
	const cdok_format *const *(*formats)(void);
	void (*params_init)(cdok_render_params *params);
	cdok_status (*paper)(const char *name, double *width, double *height,
			     cdok_error *err);
	cdok_status (*setup)(cdok_writer *writer,
			     const cdok_render_params *params,
			     cdok_error *err);
	cdok_status (*put)(cdok_writer *writer, const cdok_puzzle *puzzle,
			   const int *values, cdok_render_item *item,
			   char **out, size_t *len, cdok_error *err);
};

/* The shared libraries' ABI number (libcdok.so.ABI), for --version. */
const char *cli_abi(void);

/* libcdok-render's calls, loading the library on the first call; NULL
 * when it cannot be loaded (cli_render_why says why). */
const struct cli_render *cli_render(void);

/* Why libcdok-render could not be loaded, for messages: the dynamic
 * linker's words or a release that is not the program's. */
const char *cli_render_why(void);

/* Whether f is one of libcdok-render's formats (the program has loaded
 * it and took f from its list). */
bool cli_is_render_format(const cdok_format *f);

/* ---- pictures (cli/pictures.c) ---- */

/* Whether the picture options suit the --to format and the output (-o,
 * a terminal); says why not.  (Which commands take them is the options
 * table's business.)  Call before the output is opened: with one
 * picture per file and -o holding a number pattern, the pattern is
 * taken and the output is standard output, unused. */
bool cli_pictures_check(struct cli *cli);

/* For a command that will make count puzzles (generate, gen-grid):
 * with one picture per file, several need an -o pattern with a number;
 * says so before any work if it is missing. */
bool cli_pictures_check_count(const struct cli *cli, uint64_t count);

/* With --sort level, put the booklet's puzzles kept so far into the
 * writer, easiest first (by difficulty; those without a level last, in
 * their order).  Call before the writer is finished.  Returns an exit
 * status. */
int cli_pictures_flush(struct cli *cli);

/* --archive: write the specs kept to its file if the run's code keeps
 * -o's file too, and free them.  Returns an exit status. */
int cli_archive_finish(struct cli *cli, int code);

/* Give the run's writer the picture settings of the options; a writer
 * of a text format takes none.  Returns an exit status. */
int cli_pictures_setup(struct cli *cli);

/* cli_put for a picture format: the puzzle's answer (solved here) with
 * --with-solutions, a warning when its clues come out too small, and
 * the picture kept for its own file with one picture per file. */
int cli_put_picture(struct cli *cli, const char *name, const char *what,
		    const cdok_puzzle *puzzle, const int *values);

/* The same with the pencil marks, shading and note of marks (or NULL):
 * a state of play, as hint and explain draw it. */
int cli_put_picture_marked(struct cli *cli, const char *name,
			   const char *what, const cdok_puzzle *puzzle,
			   const int *values, const cdok_render_item *marks);

/* cli_put_picture_marked with the run's writer opened first (hint and
 * explain, which write no puzzle through cli_put).  Returns an exit
 * status. */
int cli_put_marked(struct cli *cli, const char *name, const char *what,
		   const cdok_puzzle *puzzle, const int *values,
		   const cdok_render_item *marks);

/* Write the pictures kept, when code (the run's status so far) is one
 * whose output is kept: to the output if there is one picture, else
 * each to the file the -o pattern names.  Returns the run's status. */
int cli_pictures_finish(struct cli *cli, int code);

/* Write the result document of one puzzle (cdok_json_result) as one
 * line: with --to json, results are JSON Lines.  puzzle may be NULL as
 * cdok_json_result allows.  Returns an exit status. */
int cli_put_result(struct cli *cli, const char *name,
		   const cdok_puzzle *puzzle, cdok_json_info *info);
/* The same with the reasons of each step of info (cdok_reason):
 * reasons[i], nreasons[i] of them, for info->steps[i]. */
int cli_put_result_reasons(struct cli *cli, const char *name,
			   const cdok_puzzle *puzzle, cdok_json_info *info,
			   const cdok_reason *const *reasons,
			   const int *nreasons);

/* The puzzle's name in messages: "puzzle #K" when its input holds
 * several or --to is given, so that the puzzle can be found; else
 * "puzzle".  Into buf. */
const char *cli_puzzle_what(const struct cli *cli, char *buf, size_t cap);

/* ---- progress on long work (cli/progress.c) ---- */

/* A line on standard error that says how far a run has got: "generate:
 * 37/100 puzzles, 4.2/s, 0:15 left".  It is drawn only when asked
 * (--progress) or when standard error is a terminal and --no-progress
 * was not given, and only for more than one item; it rewrites itself
 * (carriage return) at most ten times a second, and is erased when the
 * work ends.  Anything else written to the terminal meanwhile must hide
 * it first (cli_progress_hide); cli_msg does.  Any long job (generate,
 * solve, booklets) uses it the same way:
 *
 *     struct cli_progress p;
 *     cli_progress_start(&p, cli, "generate", "puzzles", total);
 *     for (...) { ...; cli_progress_output(&p); print;
 *                  cli_progress_step(&p, 1); }
 *     cli_progress_end(&p);
 *
 * Only the thread that owns it may use it. */
struct cli_progress {
	bool on;              /* drawing at all */
	bool shown;           /* a line is on the screen now */
	const char *what;     /* "generate" */
	const char *unit;     /* "puzzles" */
	uint64_t done, total;
	uint64_t start_ns, drawn_ns;
	struct cli_out *out;  /* flushed before each drawing */
};

void cli_progress_start(struct cli_progress *p, struct cli *cli,
			const char *what, const char *unit, uint64_t total);

/* Count n more items done, and redraw if it is time.  p may be NULL. */
void cli_progress_step(struct cli_progress *p, uint64_t n);

/* Add n items to the total (work found on the way, such as the puzzles
 * of the next input). */
void cli_progress_add_total(struct cli_progress *p, uint64_t n);

/* Erase the line, if shown, before something else is written to
 * standard error; the next step draws it again.  p may be NULL. */
void cli_progress_hide(struct cli_progress *p);

/* The same before results are written, when they go to the terminal
 * the line is on.  p may be NULL. */
void cli_progress_output(struct cli_progress *p);

/* Erase the line for good. */
void cli_progress_end(struct cli_progress *p);

/* The run's progress line while one is active, for cli_msg to hide;
 * NULL otherwise. */
extern struct cli_progress *cli_progress_active;

/* ---- levels (cli/levels.c) ---- */

/* The level --level names on a scale, into *level (-1 when --level was
 * not given).  False, after saying why (name: the input, or NULL), when
 * the word names no level of that scale. */
bool cli_level(const struct cli *cli, const char *name, cdok_scale scale,
	       int *level);

/* Grade a puzzle (whose uniqueness is known) for the difficulty line;
 * solution: its only solution, when the run found it (NULL: the
 * grader finds it if it must).  False, after reporting, when the
 * library fails. */
bool cli_grade(const struct cli *cli, const char *name,
	       const cdok_puzzle *puzzle, const int *solution,
	       cdok_grading *grading);

/* What follows "Difficulty: " for a graded puzzle: "30412 (Hard, score
 * 412)"; for one not graded, the solver's score and why. */
void cli_difficulty(const cdok_grading *grading, uint64_t solver_score,
		    char *buf, size_t cap);

/* ---- bounded work (cli/budget.c) ---- */

/* The work one puzzle may take, from --timeout and --max-nodes.  A
 * command starts a budget for each puzzle, passes it to every solver
 * call it makes for that puzzle, and stops it when done: the time runs
 * from the start, and the nodes of all the calls add up.  When a call
 * gives up (result.gave_up) or cli_budget_params finds nothing left,
 * the command reports it with cli_budget_gave_up.
 *
 * With --timeout, a timer also ends the program (exit status 6, the
 * same message) if a search overruns the deadline by a second without
 * giving up, so only one budget may run at a time. */
struct cli_budget {
	uint64_t max_nodes;   /* 0: no node limit */
	uint64_t timeout_ns;  /* 0: no time limit */
	uint64_t start_ns;    /* monotonic clock at the start */
	uint64_t nodes;       /* search nodes spent so far */
	const char *name;     /* the input, for the message */
};

/* Start the budget for the input called name (flushing the output, so
 * that nothing printed before is lost if the timer ends the run). */
void cli_budget_start(struct cli_budget *b, struct cli *cli,
		      const char *name);

/* Stop the timer.  Call it once the work is done, before printing. */
void cli_budget_stop(struct cli_budget *b);

/* Set params' node limit and progress callback to what is left of the
 * budget (params' other fields are untouched).  Returns false, setting
 * nothing, if the budget is already spent. */
bool cli_budget_params(struct cli_budget *b, cdok_solve_params *params);

/* While held, the timer waits: for output that must go out whole, such
 * as a solution printed during the search. */
void cli_budget_hold(struct cli_budget *b, bool hold);

/* Count a finished solver call's nodes against the budget. */
void cli_budget_spent(struct cli_budget *b, const cdok_result *res);

/* Print "cdok: NAME: gave up after N nodes (S seconds)" on stderr.
 * Returns CLI_EXIT_GAVEUP. */
int cli_budget_gave_up(const struct cli_budget *b);

/* The monotonic clock, in nanoseconds: for budgets and JSON timings. */
uint64_t cli_now_ns(void);

/* Seconds from start_ns (a cli_now_ns reading) to now. */
double cli_seconds_since(uint64_t start_ns);

#endif /* CDOK_CLI_H */
