/* puzzles.c -- the steps every puzzle command shares: take each input in
 * turn, read its puzzles in the format it is written in, and write
 * puzzles back out through the library's formats -- either as the
 * commands' own output or, with --to, as one stream for the whole run.
 */
#include <stdio.h>
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

/* A reader, and the format it reads when that was told from the text
 * rather than named by --from: errors then say what was assumed. */
struct input {
	cdok_reader *reader;
	const cdok_format *guessed;
};

/* Report a reader's error; when the format was guessed, say which it
 * was and how to name another, since the message is in its terms. */
static void report_read_error(const struct input *in, const char *name,
			      const cdok_error *err)
{
	cdok_error e = *err;
	size_t len;

	if (!in->guessed || err->status == CDOK_ERR_NOMEM) {
		cli_report(name, err);
		return;
	}
	if (!e.message[0])
		snprintf(e.message, sizeof(e.message), "%s",
			 cdok_status_name(e.status));
	len = strlen(e.message);
	snprintf(e.message + len, sizeof(e.message) - len, " (read as %s, "
		 "the format told from the text; --from FORMAT names "
		 "another)", cdok_format_name(in->guessed));
	cli_report(name, &e);
}

/* A warning for the notes (words only) the reader passed over after a
 * puzzle, at the line of the first. */
static void report_notes(const struct input *in, const char *name)
{
	int line, k = cdok_reader_notes(in->reader, &line);

	if (k == 1)
		cli_msg(name, line, 0, "warning: skipped a note: this block "
			"after a puzzle holds words only (no clue, no given)");
	else if (k > 1)
		cli_msg(name, line, 0, "warning: skipped %d notes from here "
			"on: blocks after a puzzle that hold words only (no "
			"clue, no given)", k);
}

/* The next puzzle of a reader, checked.  Returns CLI_EXIT_DONE with
 * *puzzle set, CLI_EXIT_DONE with *puzzle NULL at the end, or an exit
 * status after reporting the error. */
static int next_checked(const struct input *in, const char *name,
			cdok_puzzle **puzzle)
{
	cdok_error err;
	cdok_status st;

	*puzzle = NULL;
	error_init(&err);
	st = cdok_reader_next(in->reader, puzzle, &err);
	report_notes(in, name);
	if (st == CDOK_END)
		return CLI_EXIT_DONE;
	if (st != CDOK_OK) {
		report_read_error(in, name, &err);
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

/* next_checked, timed: *seconds gets how long it took. */
static int next_puzzle(const struct input *in, const char *name,
		       cdok_puzzle **puzzle, double *seconds)
{
	uint64_t start = cli_now_ns();
	int code = next_checked(in, name, puzzle);

	*seconds = cli_seconds_since(start);
	return code;
}

/* Whether the text holds nothing but white space (after a UTF-8
 * byte-order mark): then no format is in doubt, and an error about it
 * needs no word on the format. */
static bool text_blank(const char *text, size_t len)
{
	size_t i = len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3) ? 3 : 0;

	for (; i < len; i++)
		if (!strchr(" \t\r\n", text[i]) || !text[i])
			return false;
	return true;
}

/* A text with a NUL byte is no puzzle in any format (a program, a
 * picture, a compressed file): said as such, at the first one, rather
 * than as some format's "unexpected byte".  Returns an exit status. */
static int check_text(const char *name, const char *text, size_t len)
{
	const char *nul = memchr(text, '\0', len);
	int line = 1;
	const char *start = text;

	if (!nul)
		return CLI_EXIT_DONE;
	for (const char *p = text; p < nul; p++)
		if (*p == '\n') {
			line++;
			start = p + 1;
		}
	cli_msg(name, line, (int)(nul - start) + 1, "this is not a text file "
		"(it holds a NUL byte here); cdok reads puzzles written as "
		"text");
	return CLI_EXIT_BADINPUT;
}

/* A reader for one input's text: the --from format, or the one the text
 * looks like.  A text that looks like nothing (empty or blank) goes to
 * the spec reader, whose message about it is already the right one.
 * Returns NULL after reporting. */
static bool open_reader(const struct cli *cli, const char *name,
			const char *text, size_t len, struct input *in)
{
	const cdok_format *f = cli->opt.from;

	if (!f)
		f = cdok_formats_detect(cli_formats(), text, len);
	if (!f)
		f = cli_format("spec");
	in->guessed = cli->opt.from || text_blank(text, len) ? NULL : f;
	in->reader = cdok_reader_new(f, text, len);
	if (!in->reader)
		cli_msg(name, 0, 0, f ? "out of memory"
				      : "the spec format is not built in");
	else if (cli->opt.nylimb)
		cdok_reader_set_rules(in->reader, CDOK_RULE_NYLIMB);
	return in->reader != NULL;
}

/* How many puzzles a text holds, read without a word (a progress line's
 * total): up to the first that cannot be read, which counts too. */
static uint64_t count_puzzles(const struct cli *cli, const char *text,
			      size_t len)
{
	const cdok_format *f = cli->opt.from;
	cdok_reader *r;
	cdok_puzzle *p;
	uint64_t n = 0;
	cdok_status st;

	if (!f)
		f = cdok_formats_detect(cli_formats(), text, len);
	r = cdok_reader_new(f ? f : cli_format("spec"), text, len);
	if (!r)
		return 1;
	if (cli->opt.nylimb)
		cdok_reader_set_rules(r, CDOK_RULE_NYLIMB);
	while ((st = cdok_reader_next(r, &p, NULL)) != CDOK_END) {
		n++;
		if (st != CDOK_OK)
			break;
		cdok_puzzle_free(p);
	}
	cdok_reader_free(r);
	return n ? n : 1;
}

/* Print the header of one puzzle's output when there is more than one:
 * "==> NAME <==" per input as head(1) writes them, "==> NAME #K <=="
 * when an input holds a stream of puzzles.  With --to there are none:
 * the output is one text of that format, which a header would break. */
static void header(struct cli *cli, bool *first, const char *name, int k,
		   bool stream)
{
	if (cli->opt.to)
		return;
	if (!*first)
		out_puts(&cli->out, "\n");
	*first = false;
	if (stream)
		out_printf(&cli->out, "==> %s #%d <==\n", name, k);
	else
		out_printf(&cli->out, "==> %s <==\n", name);
}

/* Run fn on every puzzle of one input.  Returns the most serious
 * status. */
static int each_in_input(struct cli *cli, const char *path, const char *name,
			 bool several_inputs, bool *first, cli_puzzle_fn fn)
{
	struct input in;
	struct cli_sources sources = {NULL, 0};
	cdok_puzzle *cur = NULL, *next = NULL;
	double cur_secs = 0, next_secs = 0;
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
	code = check_text(name, text, len);
	if (code != CLI_EXIT_DONE) {
		if (several_inputs)
			header(cli, first, name, 1, false);
		free(text);
		return code;
	}
	if (!open_reader(cli, name, text, len, &in)) {
		free(text);
		return CLI_EXIT_SYSTEM;
	}
	if (cli->progress && cli->progress->on)
		cli_progress_add_total(cli->progress,
				       count_puzzles(cli, text, len));
	/* A booklet's captions: the seeds the input names its puzzles by
	 * (an archive, generate's JSON). */
	if (cli_is_render_format(cli->opt.to) &&
	    !cli_sources_find(&sources, text, len,
			      count_puzzles(cli, text, len))) {
		cli_msg(name, 0, 0, "out of memory");
		worst = CLI_EXIT_SYSTEM;
		goto out;
	}
	code = next_puzzle(&in, name, &cur, &cur_secs);
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
	code = next_puzzle(&in, name, &next, &next_secs);
	stream = next != NULL || code != CLI_EXIT_DONE;
	for (int k = 1; cur; k++) {
		int status;

		if (several_inputs || stream)
			header(cli, first, name, k, stream);
		cli->index = k;
		cli->stream = stream;
		cli->read_seconds = cur_secs;
		cli_progress_output(cli->progress);
		cli->source = cli_sources_get(&sources, k);
		status = fn(cli, name, cur);
		cli->source = NULL;
		cli_progress_step(cli->progress, 1);
		cdok_puzzle_free(cur);
		worst = cli_worse(worst, status);
		if (cli->out.failed)
			break;
		cur = next;
		cur_secs = next_secs;
		next = NULL;
		if (code != CLI_EXIT_DONE) {
			/* The puzzle after cur could not be read: it was
			 * reported; the reader has stopped. */
			worst = cli_worse(worst, code);
		} else if (cur) {
			code = next_puzzle(&in, name, &next, &next_secs);
		}
	}
out:
	cli_sources_free(&sources);
	cdok_puzzle_free(cur);
	cdok_puzzle_free(next);
	cdok_reader_free(in.reader);
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
		worst = cli_worse(worst, code);
		/* Once the output is broken nothing more can be delivered;
		 * the error has been reported. */
		if (cli->out.failed)
			break;
	}
	if (cli->out.failed)
		worst = cli_worse(worst, CLI_EXIT_SYSTEM);
	return worst;
}

int cli_read_first(struct cli *cli, const char *path, const char *name,
		   cdok_puzzle **out, double *seconds)
{
	struct input in;
	char *text;
	size_t len;
	int code;

	*out = NULL;
	*seconds = 0;
	switch (io_read_input(path, name, &text, &len)) {
	case IO_READ_OK:
		break;
	case IO_READ_TOO_BIG:
		return CLI_EXIT_BADINPUT;
	case IO_READ_FAILED:
		return CLI_EXIT_SYSTEM;
	}
	code = check_text(name, text, len);
	if (code != CLI_EXIT_DONE) {
		free(text);
		return code;
	}
	if (!open_reader(cli, name, text, len, &in)) {
		free(text);
		return CLI_EXIT_SYSTEM;
	}
	code = next_puzzle(&in, name, out, seconds);
	if (code == CLI_EXIT_DONE && !*out) {
		cli_msg(name, 0, 0, "no puzzle in the input");
		code = CLI_EXIT_BADINPUT;
	}
	cdok_reader_free(in.reader);
	free(text);
	return code;
}

int cli_show(struct cli *cli, const char *name, const char *format,
	     const cdok_puzzle *puzzle, const int *values)
{
	const cdok_format *f = cli_format(format);
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

/* ---- --to ---- */

bool cli_keeps_output(int code)
{
	return code == CLI_EXIT_DONE || code == CLI_EXIT_NOSOL ||
	       code == CLI_EXIT_AMBIGUOUS ||
	       (code >= CLI_EXIT_WRONG && code <= CLI_EXIT_CONTRADICTS);
}

int cli_worse(int a, int b)
{
	static const int order[] = {
#define CLI_EXIT_CODE(name, code, text) code,
		CLI_EXITS(CLI_EXIT_CODE)
#undef CLI_EXIT_CODE
	};
	int ra = -1, rb = -1;

	for (int i = 0; i < (int)(sizeof(order) / sizeof(order[0])); i++) {
		if (order[i] == a)
			ra = i;
		if (order[i] == b)
			rb = i;
	}
	return rb > ra ? b : a;
}

/* The program's set of formats (cli_formats). */
static cdok_formats *formats;

const cdok_formats *cli_formats(void)
{
	if (formats)
		return formats;
	formats = cdok_formats_new();
	/* libcdok-json's formats: killer, json. */
	if (formats &&
	    cdok_formats_add(formats, cdok_json_formats(), NULL) != CDOK_OK) {
		cdok_formats_free(formats);
		formats = NULL;
	}
	return formats;
}

const cdok_formats *cli_formats_all(void)
{
	static bool added;
	const struct cli_render *r;

	if (!cli_formats() || added)
		return formats;
	added = true;
	/* The set may lack them only when memory ran out; the formats are
	 * then unknown, as when the library is missing. */
	r = cli_render();
	if (r)
		cdok_formats_add(formats, r->formats(), NULL);
	return formats;
}

const cdok_format *cli_format(const char *name)
{
	const cdok_format *f = cdok_formats_find(cli_formats(), name);

	return f ? f : cdok_formats_find(cli_formats_all(), name);
}

bool cli_to_has(const struct cli *cli, unsigned flag)
{
	return cli->opt.to && (cdok_format_flags(cli->opt.to) & flag);
}

const char *cli_puzzle_what(const struct cli *cli, char *buf, size_t cap)
{
	if (cli->stream || cli->opt.to)
		snprintf(buf, cap, "puzzle #%d", cli->index);
	else
		snprintf(buf, cap, "puzzle");
	return buf;
}

/* The run's writer, made on first use.  JSON comes as JSON Lines, one
 * document per line, like the result documents: a reader of the output
 * can take it line by line whatever the command. */
static bool have_writer(struct cli *cli)
{
	unsigned flags = cli_to_has(cli, CDOK_FORMAT_RESULTS) ? CDOK_WRITER_COMPACT : 0;

	if (cli->writer)
		return true;
	cli->writer = cdok_writer_new(cli->opt.to, flags);
	if (!cli->writer) {
		cli_msg(NULL, 0, 0, "out of memory");
		return false;
	}
	if (cli_pictures_setup(cli) != CLI_EXIT_DONE) {
		cdok_writer_free(cli->writer);
		cli->writer = NULL;
		return false;
	}
	return true;
}

int cli_put_marked(struct cli *cli, const char *name, const char *what,
		   const cdok_puzzle *puzzle, const int *values,
		   const cdok_render_item *marks)
{
	if (!have_writer(cli))
		return CLI_EXIT_SYSTEM;
	return cli_put_picture_marked(cli, name, what, puzzle, values, marks);
}

int cli_archive_put(struct cli *cli, const char *what,
		    const cdok_puzzle *puzzle)
{
	cdok_error err;
	char *text, head[160];
	size_t len, hlen;
	cdok_status st;

	error_init(&err);
	st = cdok_write(cli_format("spec"), puzzle, NULL, &text, &len, &err);
	if (st != CDOK_OK) {
		cli_msg(cli->opt.archive, 0, 0, "%s cannot be archived: %s",
			what, err.message);
		return cli_status_exit(st);
	}
	hlen = (size_t)snprintf(head, sizeof(head), "%s# %s\n",
				cli->archive_len ? "\n" : "", what);
	if (hlen >= sizeof(head))
		hlen = sizeof(head) - 1;
	if (cli->archive_len + hlen + len + 1 > cli->archive_cap) {
		size_t cap = 2 * (cli->archive_len + hlen + len + 1);
		char *more = realloc(cli->archive, cap);

		if (!more) {
			cdok_free(text);
			cli_msg(NULL, 0, 0, "out of memory");
			return CLI_EXIT_SYSTEM;
		}
		cli->archive = more;
		cli->archive_cap = cap;
	}
	memcpy(cli->archive + cli->archive_len, head, hlen);
	memcpy(cli->archive + cli->archive_len + hlen, text, len);
	cli->archive_len += hlen + len;
	cdok_free(text);
	return CLI_EXIT_DONE;
}

int cli_archive_finish(struct cli *cli, int code)
{
	struct cli_out out;
	bool ok = true;

	if (cli->opt.archive && cli->archive_len &&
	    cli_keeps_output(code)) {
		ok = out_open(&out, cli->opt.archive);
		if (ok) {
			out_write(&out, cli->archive, cli->archive_len);
			ok = out_close(&out, true);
		}
	}
	free(cli->archive);
	cli->archive = NULL;
	cli->archive_len = cli->archive_cap = 0;
	return ok ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}

int cli_put(struct cli *cli, const char *name, const char *what,
	    const cdok_puzzle *puzzle, const int *values)
{
	cdok_error err;
	cdok_status st;
	char *text;
	size_t len;
	bool ok;

	if (!have_writer(cli))
		return CLI_EXIT_SYSTEM;
	/* A booklet sorted by level archives its puzzles when it puts
	 * them, numbered as the booklet numbers them
	 * (cli_pictures_flush). */
	if (cli->opt.archive && !cli_pictures_sorting(cli)) {
		int code = cli_archive_put(cli, what, puzzle);

		if (code != CLI_EXIT_DONE)
			return code;
	}
	/* The text drawings (ascii, utf8) are pictures too, but plain
	 * text of the core library: only libcdok-render's take settings,
	 * answers and levels. */
	if (cli_is_render_format(cli->opt.to))
		return cli_put_picture(cli, name, what, puzzle, values);
	error_init(&err);
	st = cdok_writer_put(cli->writer, puzzle, values, &text, &len, &err);
	if (st != CDOK_OK) {
		/* The writer's messages are about the puzzle, not about a
		 * place in a text: there is no position to give. */
		cli_msg(name, 0, 0, "%s cannot be written as %s: %s", what,
			cdok_format_name(cli->opt.to),
			err.message[0] ? err.message : cdok_status_name(st));
		return cli_status_exit(st);
	}
	ok = out_write(&cli->out, text, len);
	cdok_free(text);
	return ok ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}

void cli_skip(struct cli *cli)
{
	cli->pictures.seen++;
	if (have_writer(cli))
		cdok_writer_skip(cli->writer);
}

int cli_finish(struct cli *cli)
{
	cdok_error err;
	cdok_status st;
	char *text;
	size_t len;
	bool ok;

	if (!cli->writer)
		return CLI_EXIT_DONE;
	error_init(&err);
	st = cdok_writer_finish(cli->writer, &text, &len, &err);
	cdok_writer_free(cli->writer);
	cli->writer = NULL;
	if (st != CDOK_OK) {
		cli_report(NULL, &err);
		return cli_status_exit(st);
	}
	ok = out_write(&cli->out, text, len);
	cdok_free(text);
	return ok ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}

int cli_put_result(struct cli *cli, const char *name,
		   const cdok_puzzle *puzzle, cdok_json_info *info)
{
	return cli_put_result_reasons(cli, name, puzzle, info, NULL, NULL);
}

int cli_put_result_reasons(struct cli *cli, const char *name,
			   const cdok_puzzle *puzzle, cdok_json_info *info,
			   const cdok_reason *const *reasons,
			   const int *nreasons)
{
	cdok_error err;
	cdok_status st;
	char *text;
	size_t len;
	bool ok;

	info->flags |= CDOK_WRITER_COMPACT;
	error_init(&err);
	st = cdok_json_result_reasons(puzzle, info, reasons, nreasons, &text,
				      &len, &err);
	if (st != CDOK_OK) {
		cli_report(name, &err);
		return cli_status_exit(st);
	}
	ok = out_write(&cli->out, text, len);
	cdok_free(text);
	return ok ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}
