/* cli.h -- what the cdok program's files share: exit statuses, options,
 * the command table and the helpers commands are built from.
 *
 * The program is a thin layer over include/cdok.h.  A command is one
 * function in its own file (cmd_*.c) plus one row of CLI_COMMANDS below;
 * main.c parses the options, finds the command and runs it.
 */
#ifndef CDOK_CLI_H
#define CDOK_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "cdok.h"
#include "io.h"

/* Exit statuses, declared once so that the enum, --help and the README
 * cannot drift apart.  When several inputs are processed the program
 * exits with the largest status of any of them, which is why the codes
 * grow with how bad the outcome is.  Giving up (6) came last and keeps
 * the place it was given, so that the older codes kept their numbers:
 * with several inputs it outranks a system error. */
#define CLI_EXITS(X)							\
	X(EXIT_DONE,      0, "success: the puzzle was printed, or it "	\
			     "has exactly one solution")		\
	X(EXIT_NOSOL,     1, "the puzzle has no solution")		\
	X(EXIT_AMBIGUOUS, 2, "the puzzle has more than one solution")	\
	X(EXIT_BADINPUT,  3, "bad input: the puzzle text cannot be read " \
			     "(syntax error, invalid puzzle, over a "	\
			     "limit)")					\
	X(EXIT_USAGE,     4, "usage error: unknown command or option, "	\
			     "bad option value")			\
	X(EXIT_SYSTEM,    5, "I/O or system error: cannot open, read or " \
			     "write a file, out of memory")		\
	X(EXIT_GAVEUP,    6, "gave up: --timeout or --max-nodes was "	\
			     "reached before the answer was known, or "	\
			     "generate found no puzzle within -m")

enum cli_exit {
#define CLI_EXIT_ENUM(name, code, text) CLI_##name = code,
	CLI_EXITS(CLI_EXIT_ENUM)
#undef CLI_EXIT_ENUM
};

/* Everything the command line said, after parsing. */
struct cli_options {
	bool utf8;           /* -u: UTF-8 drawings */
	const char *input;   /* -i FILE, or NULL */
	const char *output;  /* -o FILE, or NULL for standard output */
	uint64_t limit;      /* --limit N; 0 when not given */
	bool all;            /* --all */
	uint64_t timeout_ns; /* --timeout, in nanoseconds; 0 when not given */
	uint64_t max_nodes;  /* --max-nodes N; 0 when not given */
	/* Generation (gen-grid, harden, generate). */
	int size;            /* -s SIZE, default 6 */
	int iterations;      /* -w N; -1 when not given */
	uint64_t max_diff;   /* -m MAXDIFF; 0 when not given */
	uint64_t target_diff;/* -t TARGETDIFF; 0 when not given */
	bool two_cell;       /* -T */
	bool seed_set;       /* --seed given */
	uint64_t seed;       /* --seed S */
	uint64_t count;      /* --count K, default 1 */
	int jobs;            /* -j THREADS, default 1 */
	unsigned ops;        /* --ops SET, CDOK_GEN_* bits */
	int max_cage;        /* --max-cage N, default 5 */
};

/* One run of the program. */
struct cli {
	struct cli_options opt;
	char **files;        /* FILE arguments after the command */
	int nfiles;
	struct cli_out out;  /* where commands write their results */
};

/* What a command accepts besides the common options. */
#define CLI_CMD_COUNTS  0x1u  /* --limit and --all */
#define CLI_CMD_BOUNDED 0x2u  /* --timeout and --max-nodes (cli_budget) */

/* The commands.  A row is: C name of the function (cmd_NAME, defined in
 * cli/cmd_*.c), the name typed on the command line, flags, and the text
 * --help shows.  Adding a command is one row here and one file. */
#define CLI_COMMANDS(X)							\
	X(print, "print", 0,						\
	  "Print the puzzle as a spec, a blank line, then its drawing.") \
	X(solve, "solve", CLI_CMD_COUNTS | CLI_CMD_BOUNDED,		\
	  "Solve the puzzle.  If the solution is unique, print it as a " \
	  "spec, a blank line, its drawing, a blank line and \"Solution " \
	  "is unique. Difficulty: N\"; if there are several, print only " \
	  "\"Solution is not unique.\"; if there is none, say so on "	\
	  "standard error.")						\
	X(examine, "examine", CLI_CMD_COUNTS | CLI_CMD_BOUNDED,	\
	  "Like solve, but print only the last line (the grid is not "	\
	  "shown).")							\
	X(gen_grid, "gen-grid", 0,					\
	  "Print a random Latin square of size -s as a spec of givens.") \
	X(harden, "harden", 0,						\
	  "Read a puzzle or a solution grid and make a new puzzle with "	\
	  "its solution (warning on standard error if the input's "	\
	  "solution is not unique); print it as generate does.")	\
	X(generate, "generate", 0,					\
	  "Make --count puzzles of size -s, each with exactly one "	\
	  "solution (proven by the solver), and print each as its spec, " \
	  "a blank line, its drawing, a blank line and \"Difficulty: N\"; " \
	  "puzzles are separated by a blank line.")

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

/* ---- helpers for commands (cli/puzzles.c) ---- */

/* Called once per input puzzle; name is the input's name for messages.
 * Returns an exit status. */
typedef int (*cli_puzzle_fn)(struct cli *cli, const char *name,
			     const cdok_puzzle *puzzle);

/* Read one puzzle from each input in turn (-i FILE, the FILE arguments,
 * or standard input) and call fn on it.  With several inputs, each one's
 * output is headed "==> NAME <==" and inputs are separated by a blank
 * line.  An input that fails is reported on stderr and the others are
 * still processed.  Returns the largest exit status. */
int cli_each_puzzle(struct cli *cli, cli_puzzle_fn fn);

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

#endif /* CDOK_CLI_H */
