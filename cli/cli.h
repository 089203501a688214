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
 * grow with how bad the outcome is. */
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
			     "write a file, out of memory")

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
};

/* One run of the program. */
struct cli {
	struct cli_options opt;
	char **files;        /* FILE arguments after the command */
	int nfiles;
	struct cli_out out;  /* where commands write their results */
};

/* What a command accepts besides the common options. */
#define CLI_CMD_COUNTS 0x1u  /* --limit and --all */

/* The commands.  A row is: C name of the function (cmd_NAME, defined in
 * cli/cmd_*.c), the name typed on the command line, flags, and the text
 * --help shows.  Adding a command is one row here and one file. */
#define CLI_COMMANDS(X)							\
	X(print, "print", 0,						\
	  "Print the puzzle as a spec, a blank line, then its drawing.") \
	X(solve, "solve", CLI_CMD_COUNTS,				\
	  "Solve the puzzle.  If the solution is unique, print it as a " \
	  "spec, a blank line, its drawing, a blank line and \"Solution " \
	  "is unique. Difficulty: N\"; if there are several, print only " \
	  "\"Solution is not unique.\"; if there is none, say so on "	\
	  "standard error.")						\
	X(examine, "examine", CLI_CMD_COUNTS,				\
	  "Like solve, but print only the last line (the grid is not "	\
	  "shown).")

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

#endif /* CDOK_CLI_H */
