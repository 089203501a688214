/* puzzles.c -- the steps every puzzle command shares: take each input in
 * turn, read it as a spec into a puzzle, and write puzzles back out
 * through the library's formats.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_status_exit(cdok_status status)
{
	return status == CDOK_ERR_NOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_BADINPUT;
}

void cli_report(const char *name, const cdok_error *err)
{
	/* The library always fills the message, but a status name is a
	 * better fallback than an empty line. */
	const char *msg = err->message[0] ? err->message
					  : cdok_status_name(err->status);

	cli_msg(name, err->line, err->column, "%s", msg);
}

static void error_init(cdok_error *err)
{
	memset(err, 0, sizeof(*err));
}

/* Read and check the one puzzle an input holds.  path NULL means
 * standard input.  Text after the puzzle's ending blank line is not
 * read, as in the original. */
static int read_puzzle(const char *path, const char *name,
		       cdok_puzzle **puzzle)
{
	const cdok_format *spec = cdok_format_find("spec");
	cdok_reader *reader;
	cdok_error err;
	cdok_status st;
	char *text;
	size_t len;
	int code = CLI_EXIT_DONE;

	*puzzle = NULL;
	switch (io_read_input(path, name, &text, &len)) {
	case IO_READ_OK:
		break;
	case IO_READ_TOO_BIG:
		return CLI_EXIT_BADINPUT;
	case IO_READ_FAILED:
		return CLI_EXIT_SYSTEM;
	}

	reader = cdok_reader_new(spec, text, len);
	if (!reader) {
		cli_msg(name, 0, 0, spec ? "out of memory"
					 : "the spec format is not built in");
		free(text);
		return CLI_EXIT_SYSTEM;
	}
	error_init(&err);
	st = cdok_reader_next(reader, puzzle, &err);
	if (st == CDOK_END) {
		cli_msg(name, 0, 0, "no puzzle in the input");
		code = CLI_EXIT_BADINPUT;
	} else if (st != CDOK_OK) {
		cli_report(name, &err);
		code = cli_status_exit(st);
	} else {
		/* The reader checks what it reads; validating again costs
		 * little and keeps the commands' precondition in one
		 * place whatever a reader does. */
		error_init(&err);
		st = cdok_puzzle_validate(*puzzle, &err);
		if (st != CDOK_OK) {
			cli_report(name, &err);
			code = cli_status_exit(st);
		}
	}
	if (code != CLI_EXIT_DONE) {
		cdok_puzzle_free(*puzzle);
		*puzzle = NULL;
	}
	cdok_reader_free(reader);
	free(text);
	return code;
}

int cli_each_puzzle(struct cli *cli, cli_puzzle_fn fn)
{
	int first_file = cli->opt.input ? 1 : 0;
	int ninputs = first_file + cli->nfiles;
	bool headers = ninputs > 1;
	int worst = CLI_EXIT_DONE;

	if (ninputs == 0)
		ninputs = 1;   /* standard input */
	for (int i = 0; i < ninputs; i++) {
		const char *path, *name;
		cdok_puzzle *puzzle;
		int code;

		if (i < first_file)
			path = cli->opt.input;
		else if (cli->nfiles)
			path = cli->files[i - first_file];
		else
			path = "-";
		if (!strcmp(path, "-")) {
			path = NULL;
			name = "<stdin>";
		} else {
			name = path;
		}

		/* Headers as head(1) writes them, so the output of several
		 * inputs can be told apart and split again. */
		if (headers) {
			if (i > 0)
				out_puts(&cli->out, "\n");
			out_printf(&cli->out, "==> %s <==\n", name);
		}

		code = read_puzzle(path, name, &puzzle);
		if (code == CLI_EXIT_DONE) {
			code = fn(cli, name, puzzle);
			cdok_puzzle_free(puzzle);
		}
		if (code > worst)
			worst = code;
		/* Once the output is broken nothing more can be delivered;
		 * the error has been reported. */
		if (cli->out.failed)
			break;
	}
	if (cli->out.failed && worst < CLI_EXIT_SYSTEM)
		worst = CLI_EXIT_SYSTEM;
	return worst;
}

int cli_show(struct cli *cli, const char *name, const char *format,
	     const cdok_puzzle *puzzle, const int *values)
{
	const cdok_format *f = cdok_format_find(format);
	cdok_error err;
	cdok_status st;
	char *text;
	size_t len;
	bool ok;

	if (!f) {
		cli_msg(NULL, 0, 0, "the %s format is not built in", format);
		return CLI_EXIT_SYSTEM;
	}
	error_init(&err);
	st = cdok_write(f, puzzle, values, &text, &len, &err);
	if (st != CDOK_OK) {
		cli_report(name, &err);
		return cli_status_exit(st);
	}
	ok = out_write(&cli->out, text, len);
	cdok_free(text);
	return ok ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}

int cli_show_grid(struct cli *cli, const char *name,
		  const cdok_puzzle *puzzle, const int *values)
{
	int code;

	code = cli_show(cli, name, "spec", puzzle, values);
	if (code != CLI_EXIT_DONE)
		return code;
	if (!out_puts(&cli->out, "\n"))
		return CLI_EXIT_SYSTEM;
	return cli_show(cli, name, cli->opt.utf8 ? "utf8" : "ascii",
			puzzle, values);
}
