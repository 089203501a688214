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

/* The next puzzle of a reader, checked.  Returns CLI_EXIT_DONE with
 * *puzzle set, CLI_EXIT_DONE with *puzzle NULL at the end, or an exit
 * status after reporting the error. */
static int next_puzzle(cdok_reader *reader, const char *name,
		       cdok_puzzle **puzzle)
{
	cdok_error err;
	cdok_status st;

	*puzzle = NULL;
	error_init(&err);
	st = cdok_reader_next(reader, puzzle, &err);
	if (st == CDOK_END)
		return CLI_EXIT_DONE;
	if (st != CDOK_OK) {
		cli_report(name, &err);
		return cli_status_exit(st);
	}
	/* The reader checks what it reads; validating again costs little
	 * and keeps the commands' precondition in one place whatever a
	 * reader does. */
	error_init(&err);
	st = cdok_puzzle_validate(*puzzle, &err);
	if (st != CDOK_OK) {
		cli_report(name, &err);
		cdok_puzzle_free(*puzzle);
		*puzzle = NULL;
		return cli_status_exit(st);
	}
	return CLI_EXIT_DONE;
}

/* Print the header of one puzzle's output when there is more than one:
 * "==> NAME <==" per input as head(1) writes them, "==> NAME #K <=="
 * when an input holds a stream of puzzles. */
static void header(struct cli *cli, bool *first, const char *name, int k,
		   bool stream)
{
	if (!*first)
		out_puts(&cli->out, "\n");
	*first = false;
	if (stream)
		out_printf(&cli->out, "==> %s #%d <==\n", name, k);
	else
		out_printf(&cli->out, "==> %s <==\n", name);
}

/* Run fn on every puzzle of one input.  Returns the largest status. */
static int each_in_input(struct cli *cli, const char *path, const char *name,
			 bool several_inputs, bool *first, cli_puzzle_fn fn)
{
	const cdok_format *spec = cdok_format_find("spec");
	cdok_reader *reader;
	cdok_puzzle *cur = NULL, *next = NULL;
	int worst = CLI_EXIT_DONE, code;
	bool stream;
	char *text;
	size_t len;

	switch (io_read_input(path, name, &text, &len)) {
	case IO_READ_OK:
		break;
	case IO_READ_TOO_BIG:
		if (several_inputs)
			header(cli, first, name, 1, false);
		return CLI_EXIT_BADINPUT;
	case IO_READ_FAILED:
		if (several_inputs)
			header(cli, first, name, 1, false);
		return CLI_EXIT_SYSTEM;
	}
	reader = cdok_reader_new(spec, text, len);
	if (!reader) {
		cli_msg(name, 0, 0, spec ? "out of memory"
					 : "the spec format is not built in");
		free(text);
		return CLI_EXIT_SYSTEM;
	}
	code = next_puzzle(reader, name, &cur);
	if (code == CLI_EXIT_DONE && !cur) {
		cli_msg(name, 0, 0, "no puzzle in the input");
		code = CLI_EXIT_BADINPUT;
	}
	if (code != CLI_EXIT_DONE) {
		if (several_inputs)
			header(cli, first, name, 1, false);
		worst = code;
		goto out;
	}
	/* Read one ahead, to know whether this input is a stream. */
	code = next_puzzle(reader, name, &next);
	stream = next != NULL || code != CLI_EXIT_DONE;
	for (int k = 1; cur; k++) {
		int status;

		if (several_inputs || stream)
			header(cli, first, name, k, stream);
		status = fn(cli, name, cur);
		cdok_puzzle_free(cur);
		if (status > worst)
			worst = status;
		if (cli->out.failed)
			break;
		cur = next;
		next = NULL;
		if (code != CLI_EXIT_DONE) {
			/* The puzzle after cur could not be read: it was
			 * reported; the reader has stopped. */
			if (code > worst)
				worst = code;
		} else if (cur) {
			code = next_puzzle(reader, name, &next);
		}
	}
out:
	cdok_puzzle_free(cur);
	cdok_puzzle_free(next);
	cdok_reader_free(reader);
	free(text);
	return worst;
}

int cli_each_puzzle(struct cli *cli, cli_puzzle_fn fn)
{
	int first_file = cli->opt.input ? 1 : 0;
	int ninputs = first_file + cli->nfiles;
	bool several = ninputs > 1, first = true;
	int worst = CLI_EXIT_DONE;

	if (ninputs == 0)
		ninputs = 1;   /* standard input */
	for (int i = 0; i < ninputs; i++) {
		const char *path, *name;
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
		code = each_in_input(cli, path, name, several, &first, fn);
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
