/* pictures.c -- --to svg, pdf and png: the picture options, answer keys
 * solved here for --with-solutions, and one file per picture.
 *
 * The formats come from libcdok-render, which the program loads only
 * when one of them is named (cli/render.c), and are told apart by their
 * flags: a picture format (CDOK_FORMAT_PICTURE) in bytes (BINARY) that
 * holds many puzzles (not SINGLE) has pages, one of one puzzle per file
 * (SINGLE) in bytes is an image with pixels.  Pictures of one puzzle
 * per file are kept until the run ends, then written if it succeeded,
 * each file as -o writes one: whole, through a temporary file renamed
 * over it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* What a --to format is, by its flags. */
static bool to_pages(const struct cli *cli)
{
	return cli_to_has(cli, CDOK_FORMAT_PICTURE) &&
	       cli_to_has(cli, CDOK_FORMAT_BINARY) &&
	       !cli_to_has(cli, CDOK_FORMAT_SINGLE);
}

static bool to_image(const struct cli *cli)
{
	return cli_to_has(cli, CDOK_FORMAT_PICTURE) &&
	       cli_to_has(cli, CDOK_FORMAT_BINARY) &&
	       cli_to_has(cli, CDOK_FORMAT_SINGLE);
}

/* The names of the formats with all the flags of want, "pdf" or "svg,
 * png", for messages (which may load libcdok-render to know them). */
static const char *names_with(unsigned want, unsigned not_want, char *buf,
			      size_t cap)
{
	const cdok_formats *all = cli_formats_all();
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; cdok_formats_at(all, i); i++) {
		const cdok_format *f = cdok_formats_at(all, i);
		unsigned flags = cdok_format_flags(f);

		if ((flags & want) != want || (flags & not_want))
			continue;
		len += (size_t)snprintf(buf + len, cap - len, "%s%s",
					len ? ", " : "", cdok_format_name(f));
		if (len >= cap)
			break;
	}
	return buf;
}

/* The place of the number in an -o pattern: "%d" or "%0Nd" (N from 1
 * to 9), once; "%%" stands for "%".  Returns the offset of the '%' and
 * sets *end past the 'd' and *width to N, or returns -1 if the name
 * holds no number, -2 if it is not a pattern (a stray '%', two
 * numbers). */
static int pattern_at(const char *s, size_t *end, int *width)
{
	int at = -1;

	for (size_t i = 0; s[i]; i++) {
		size_t j = i + 1;
		int w = 0;

		if (s[i] != '%')
			continue;
		if (s[j] == '%') {
			i = j;
			continue;
		}
		if (s[j] == '0' && s[j + 1] >= '1' && s[j + 1] <= '9') {
			w = s[j + 1] - '0';
			j += 2;
		}
		if (s[j] != 'd' || at >= 0)
			return -2;
		at = (int)i;
		*end = j + 1;
		*width = w;
		i = j;
	}
	return at;
}

/* The file name of picture number k from the pattern. */
static char *pattern_name(const char *pattern, int k)
{
	size_t end = 0, len = strlen(pattern) + 32, o = 0;
	int width = 0, at = pattern_at(pattern, &end, &width);
	char *name = malloc(len);

	if (!name)
		return NULL;
	for (size_t i = 0; pattern[i]; i++) {
		if ((int)i == at) {
			o += (size_t)snprintf(name + o, len - o, "%0*d", width,
					      k);
			i = end - 1;
		} else {
			if (pattern[i] == '%')
				i++;   /* "%%" */
			name[o++] = pattern[i];
		}
	}
	name[o] = '\0';
	return name;
}

/* A picture option given where it has no meaning: say so, naming the
 * formats it goes with: those with the flags want and none of
 * not_want. */
static bool misplaced(const char *option, unsigned want, unsigned not_want)
{
	char names[64];

	names_with(want, not_want, names, sizeof(names));
	if (names[0])
		cli_msg(NULL, 0, 0, "option %s goes with --to %s (try cdok "
			"--help)", option, names);
	else
		cli_msg(NULL, 0, 0, "option %s goes with a picture format of "
			"libcdok-render, which is not available here (%s)",
			option, cli_render_why());
	return false;
}

bool cli_pictures_check(struct cli *cli)
{
	const struct cli_options *opt = &cli->opt;
	const unsigned pages = CDOK_FORMAT_PICTURE | CDOK_FORMAT_BINARY;
	const unsigned image = pages | CDOK_FORMAT_SINGLE;
	size_t end;
	int width;

	if (!to_pages(cli)) {
		if (opt->per_page)
			return misplaced("--per-page", pages,
					 CDOK_FORMAT_SINGLE);
		if (opt->paper)
			return misplaced("--paper", pages, CDOK_FORMAT_SINGLE);
		if (opt->title)
			return misplaced("--title", pages, CDOK_FORMAT_SINGLE);
		if (opt->with_solutions)
			return misplaced("--with-solutions", pages,
					 CDOK_FORMAT_SINGLE);
		if (opt->sort_level) {
			char names[64];

			/* Every other output is a stream written as the
			 * run goes, in the order of the seeds or of the
			 * input, which is what makes shards join. */
			names_with(pages, CDOK_FORMAT_SINGLE, names,
				   sizeof(names));
			if (!names[0])
				return misplaced("--sort", pages,
						 CDOK_FORMAT_SINGLE);
			cli_msg(NULL, 0, 0, "option --sort orders the pages "
				"of a booklet, which --to %s makes; %s is "
				"written as the run goes, in the order of its "
				"seeds or of its input (try cdok --help)",
				names, opt->to ? "every other output"
					       : "the text output");
			return false;
		}
	}
	if (opt->dpi && !to_image(cli))
		return misplaced("--dpi", image, 0);
	if (opt->givens_as_cages && !cli_is_render_format(opt->to)) {
		cli_msg(NULL, 0, 0, "option --givens-as-cages goes with --to "
			"svg, png or pdf (try cdok --help)");
		return false;
	}
	if (cli_to_has(cli, CDOK_FORMAT_SINGLE) && opt->output &&
	    strcmp(opt->output, "-")) {
		int at = pattern_at(opt->output, &end, &width);

		if (at == -2) {
			cli_msg(NULL, 0, 0, "bad -o pattern '%s': it takes one "
				"%%d or %%0Nd (such as page-%%03d.%s) for the "
				"puzzle's number, and %%%% for a %% sign (try "
				"cdok --help)", opt->output,
				cdok_format_name(opt->to));
			return false;
		}
		if (at >= 0)
			cli->pictures.pattern = opt->output;
	}
	/* Bytes that would garble a terminal. */
	if (cli_to_has(cli, CDOK_FORMAT_BINARY) && !cli->pictures.pattern &&
	    (!opt->output || !strcmp(opt->output, "-")) && isatty(1)) {
		cli_msg(NULL, 0, 0, "--to %s writes binary data: give -o FILE "
			"or send standard output to a file or a program (try "
			"cdok --help)", cdok_format_name(opt->to));
		return false;
	}
	return true;
}

bool cli_pictures_check_count(const struct cli *cli, uint64_t count)
{
	if (count < 2 || cli->pictures.pattern ||
	    !cli_to_has(cli, CDOK_FORMAT_SINGLE) ||
	    !cli_to_has(cli, CDOK_FORMAT_PICTURE))
		return true;
	cli_msg(NULL, 0, 0, "--to %s makes one picture per puzzle, and this "
		"run would make %llu: give -o a file name with a number in "
		"it, such as puzzle-%%03d.%s (try cdok --help)",
		cdok_format_name(cli->opt.to), (unsigned long long)count,
		cdok_format_name(cli->opt.to));
	return false;
}

int cli_pictures_setup(struct cli *cli)
{
	const struct cli_options *opt = &cli->opt;
	const struct cli_render *r;
	cdok_render_params params;
	cdok_error err;
	cdok_status st;

	/* The text drawings (ascii, utf8) are pictures without settings;
	 * a format of libcdok-render means the library is loaded. */
	if (!cli_is_render_format(opt->to))
		return CLI_EXIT_DONE;
	r = cli_render();
	r->params_init(&params);
	memset(&err, 0, sizeof(err));
	if (opt->paper && r->paper(opt->paper, &params.paper_width,
				   &params.paper_height, &err) != CDOK_OK) {
		cli_report(NULL, &err);
		return CLI_EXIT_USAGE;
	}
	if (opt->per_page)
		params.per_page = opt->per_page;
	else if (cli->pictures.notes_fit)
		params.per_page = 0;
	if (opt->dpi)
		params.dpi = opt->dpi;
	params.title = opt->title;
	params.givens_as_cages = opt->givens_as_cages;
	st = r->setup(cli->writer, &params, &err);
	if (st == CDOK_OK)
		return CLI_EXIT_DONE;
	cli_report(NULL, &err);
	return st == CDOK_ERR_NOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_USAGE;
}

/* --with-solutions: the puzzle's solution into answer when it has
 * exactly one; otherwise say so (the booklet goes without that answer)
 * and return the status that tells it. */
static int solve_answer(const char *name, const char *what,
			const cdok_puzzle *puzzle, int *answer, bool *have)
{
	cdok_result res;
	cdok_error err;

	*have = false;
	memset(&err, 0, sizeof(err));
	if (cdok_solve(puzzle, NULL, answer, &res, &err) != CDOK_OK) {
		cli_report(name, &err);
		return cli_status_exit(err.status);
	}
	if (res.verdict == CDOK_VERDICT_UNIQUE) {
		*have = true;
		return CLI_EXIT_DONE;
	}
	cli_msg(name, 0, 0, "%s has %s; its answer is left out", what,
		res.count ? "more than one solution" : "no solution");
	return res.count ? CLI_EXIT_AMBIGUOUS : CLI_EXIT_NOSOL;
}

/* Keep a picture for its own file. */
static int keep_picture(struct cli *cli, char *data, size_t len, int number)
{
	struct cli_pictures *pics = &cli->pictures;

	if (pics->n == pics->cap) {
		int cap = pics->cap ? 2 * pics->cap : 8;
		char **d = realloc(pics->data, (size_t)cap * sizeof(*d));
		size_t *l = d ? realloc(pics->len, (size_t)cap * sizeof(*l))
			      : NULL;
		int *k = l ? realloc(pics->number, (size_t)cap * sizeof(*k))
			   : NULL;

		if (d)
			pics->data = d;
		if (l)
			pics->len = l;
		if (!k) {
			cdok_free(data);
			cli_msg(NULL, 0, 0, "out of memory");
			return CLI_EXIT_SYSTEM;
		}
		pics->number = k;
		pics->cap = cap;
	}
	pics->data[pics->n] = data;
	pics->len[pics->n] = len;
	pics->number[pics->n++] = number;
	return CLI_EXIT_DONE;
}

/* A puzzle of a booklet kept for --sort level, with what its put
 * needs and the key it is sorted on. */
struct cli_kept_puzzle {
	cdok_puzzle *puzzle;
	int *values;         /* or NULL */
	char *name, *what;
	char *source;        /* cli->source when kept, or NULL */
	uint64_t key;        /* the difficulty; UINT64_MAX: no level */
	int seq;             /* its place in the run, for ties */
};

static int put_now(struct cli *cli, const char *name, const char *what,
		   const cdok_puzzle *puzzle, const int *values,
		   const cdok_render_item *marks, const char *source);

/* Keep a copy of the puzzle for cli_pictures_flush. */
static int keep_for_sort(struct cli *cli, const char *name, const char *what,
			 const cdok_puzzle *puzzle, const int *values)
{
	struct cli_pictures *pics = &cli->pictures;
	size_t cells = (size_t)cdok_puzzle_size(puzzle) *
		       (size_t)cdok_puzzle_size(puzzle);
	struct cli_kept_puzzle *k;
	cdok_grading g;

	if (pics->nkept == pics->kept_cap) {
		int cap = pics->kept_cap ? 2 * pics->kept_cap : 16;
		struct cli_kept_puzzle *more = realloc(pics->kept, (size_t)cap *
						       sizeof(*more));

		if (!more)
			goto nomem;
		pics->kept = more;
		pics->kept_cap = cap;
	}
	k = &pics->kept[pics->nkept];
	memset(k, 0, sizeof(*k));
	k->puzzle = cdok_puzzle_clone(puzzle);
	k->name = strdup(name ? name : "");
	k->what = strdup(what);
	k->source = cli->source ? strdup(cli->source) : NULL;
	if (values && (k->values = malloc(cells * sizeof(int))))
		memcpy(k->values, values, cells * sizeof(int));
	if (!k->puzzle || !k->name || !k->what || (values && !k->values) ||
	    (cli->source && !k->source)) {
		cdok_puzzle_free(k->puzzle);
		free(k->name);
		free(k->what);
		free(k->source);
		free(k->values);
		goto nomem;
	}
	k->key = cdok_grade(puzzle, NULL, &g, NULL) == CDOK_OK &&
		 g.outcome == CDOK_GRADE_LEVEL ? g.difficulty : UINT64_MAX;
	k->seq = pics->nkept++;
	return CLI_EXIT_DONE;
nomem:
	cli_msg(NULL, 0, 0, "out of memory");
	return CLI_EXIT_SYSTEM;
}

static int by_key(const void *a, const void *b)
{
	const struct cli_kept_puzzle *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

bool cli_pictures_sorting(const struct cli *cli)
{
	return cli->opt.sort_level && to_pages(cli);
}

/* "puzzle 3 (seed 7)" as the booklet's puzzle number: "puzzle 1 (seed
 * 7)" when it comes first; a name without a number is kept. */
static void renumber(const char *what, int number, char *buf, size_t cap)
{
	const char *sp = strchr(what, ' '), *rest;

	if (!sp || sp[1] < '0' || sp[1] > '9') {
		snprintf(buf, cap, "%s", what);
		return;
	}
	for (rest = sp + 1; *rest >= '0' && *rest <= '9'; rest++)
		;
	snprintf(buf, cap, "%.*s %d%s", (int)(sp - what), what, number, rest);
}

int cli_pictures_flush(struct cli *cli)
{
	struct cli_pictures *pics = &cli->pictures;
	int code = CLI_EXIT_DONE;

	if (pics->nkept > 1)
		qsort(pics->kept, (size_t)pics->nkept, sizeof(*pics->kept),
		      by_key);
	for (int i = 0; i < pics->nkept; i++) {
		struct cli_kept_puzzle *k = &pics->kept[i];

		/* The archive follows the booklet: its puzzle N is the
		 * booklet's #N. */
		if (cli->opt.archive && code != CLI_EXIT_SYSTEM) {
			char what[160];

			renumber(k->what, pics->seen + 1, what, sizeof(what));
			code = cli_worse(code, cli_archive_put(cli, what,
							       k->puzzle));
		}
		if (code != CLI_EXIT_SYSTEM)
			code = cli_worse(code, put_now(cli, k->name[0] ?
						       k->name : NULL,
						       k->what, k->puzzle,
						       k->values, NULL,
						       k->source));
		cdok_puzzle_free(k->puzzle);
		free(k->source);
		free(k->values);
		free(k->name);
		free(k->what);
	}
	free(pics->kept);
	pics->kept = NULL;
	pics->nkept = pics->kept_cap = 0;
	return code;
}

int cli_put_picture(struct cli *cli, const char *name, const char *what,
		    const cdok_puzzle *puzzle, const int *values)
{
	/* A booklet in order of difficulty is put when the run ends. */
	if (cli->opt.sort_level && to_pages(cli))
		return keep_for_sort(cli, name, what, puzzle, values);
	return put_now(cli, name, what, puzzle, values, NULL, cli->source);
}

int cli_put_picture_marked(struct cli *cli, const char *name,
			   const char *what, const cdok_puzzle *puzzle,
			   const int *values, const cdok_render_item *marks)
{
	return put_now(cli, name, what, puzzle, values, marks, cli->source);
}

/* The longest game ID a caption is given; the pages leave out one too
 * wide for its grid anyway. */
#define CAPTION_ID_MAX 256

/* A puzzle read (not made here) is named in its caption by its Keen or
 * Solo game ID, when it can be written so and the ID is short enough;
 * otherwise NULL.  Free with cdok_free. */
static char *game_id(const cdok_puzzle *puzzle)
{
	static const char *const names[] = {"keen", "solo"};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const cdok_format *f = cli_format(names[i]);
		char *text = NULL;
		size_t len = 0;
		cdok_error err;

		if (!f || cdok_write(f, puzzle, NULL, &text, &len, &err) !=
			  CDOK_OK)
			continue;
		while (len > 0 && (text[len - 1] == '\n' ||
				   text[len - 1] == '\r' ||
				   text[len - 1] == ' '))
			text[--len] = '\0';
		if (len > 0 && len <= CAPTION_ID_MAX && !memchr(text, '\n', len))
			return text;
		cdok_free(text);
	}
	return NULL;
}

static int put_now(struct cli *cli, const char *name, const char *what,
		   const cdok_puzzle *puzzle, const int *values,
		   const cdok_render_item *marks, const char *source)
{
	size_t n = (size_t)cdok_puzzle_size(puzzle);
	int number = ++cli->pictures.seen, code = CLI_EXIT_DONE;
	cdok_render_item item;
	cdok_grading grading;
	char level[32];
	char *id = NULL;
	int *answer = NULL;
	cdok_error err;
	cdok_status st;
	char *text;
	size_t len;
	bool ok;

	memset(&item, 0, sizeof(item));
	if (marks) {
		item.candidates = marks->candidates;
		item.removed = marks->removed;
		item.shade = marks->shade;
		item.note = marks->note;
		item.number = marks->number;
	}
	/* The caption's seed, or for a puzzle read its game ID: only the
	 * pages show it. */
	if (to_pages(cli))
		item.source = source ? source : (id = game_id(puzzle));
	/* The caption names the puzzle's level (doc/LEVELS.md), as
	 * --level takes it; a puzzle without one (not unique, Nylimb) has
	 * none. */
	if (cdok_grade(puzzle, NULL, &grading, NULL) == CDOK_OK &&
	    grading.outcome == CDOK_GRADE_LEVEL) {
		const char *word = cdok_level_name(grading.scale,
						   grading.level);
		size_t i;

		for (i = 0; word[i] && i + 1 < sizeof(level); i++)
			level[i] = (char)tolower((unsigned char)word[i]);
		level[i] = '\0';
		item.level = level;
	}
	if (cli->opt.with_solutions && !values) {
		bool have;

		answer = malloc(n * n * sizeof(*answer));
		if (!answer) {
			cli_msg(name, 0, 0, "out of memory");
			cdok_free(id);
			return CLI_EXIT_SYSTEM;
		}
		code = solve_answer(name, what, puzzle, answer, &have);
		if (code == CLI_EXIT_SYSTEM) {
			cdok_free(id);
			free(answer);
			return code;
		}
		item.answer = have ? answer : NULL;
	}
	memset(&err, 0, sizeof(err));
	st = cli_render()->put(cli->writer, puzzle, values, &item, &text,
			       &len, &err);
	free(answer);
	cdok_free(id);
	if (st != CDOK_OK) {
		cli_msg(name, 0, 0, "%s cannot be written as %s: %s", what,
			cdok_format_name(cli->opt.to),
			err.message[0] ? err.message : cdok_status_name(st));
		return cli_worse(code, cli_status_exit(st));
	}
	if (item.small_type > 0)
		cli_msg(name, 0, 0, "%s (%d x %d) is drawn small to fit the "
			"page: clues of %.1f pt, under the %.0f pt minimum "
			"(try a larger --paper)", what, (int)n, (int)n,
			item.small_type, CDOK_RENDER_MIN_TYPE);
	if (cli_to_has(cli, CDOK_FORMAT_SINGLE))
		return cli_worse(code, keep_picture(cli, text, len, number));
	ok = out_write(&cli->out, text, len);
	cdok_free(text);
	return cli_worse(code, ok ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM);
}

/* Whether the output of a run ending with code is kept (as main()
 * decides for -o). */
static bool kept(int code)
{
	return cli_keeps_output(code);
}

/* Each picture to the file its number names. */
static int write_files(struct cli *cli)
{
	struct cli_pictures *pics = &cli->pictures;

	for (int i = 0; i < pics->n; i++) {
		char *path = pattern_name(pics->pattern, pics->number[i]);
		struct cli_out out;
		bool ok;

		if (!path) {
			cli_msg(NULL, 0, 0, "out of memory");
			return CLI_EXIT_SYSTEM;
		}
		ok = out_open(&out, path);
		if (ok) {
			out_write(&out, pics->data[i], pics->len[i]);
			ok = out_close(&out, true);
		}
		free(path);
		if (!ok)
			return CLI_EXIT_SYSTEM;
	}
	return CLI_EXIT_DONE;
}

int cli_pictures_finish(struct cli *cli, int code)
{
	struct cli_pictures *pics = &cli->pictures;

	if (kept(code) && pics->n > 1 && !pics->pattern) {
		cli_msg(NULL, 0, 0, "--to %s makes one picture per puzzle, "
			"and this run made %d: give -o a file name with a "
			"number in it, such as puzzle-%%03d.%s (try cdok "
			"--help)", cdok_format_name(cli->opt.to), pics->n,
			cdok_format_name(cli->opt.to));
		code = CLI_EXIT_USAGE;
	} else if (kept(code) && pics->pattern) {
		code = cli_worse(code, write_files(cli));
	} else if (kept(code) && pics->n == 1) {
		if (!out_write(&cli->out, pics->data[0], pics->len[0]))
			code = cli_worse(code, CLI_EXIT_SYSTEM);
	}
	for (int i = 0; i < pics->n; i++)
		cdok_free(pics->data[i]);
	free(pics->data);
	free(pics->len);
	free(pics->number);
	memset(pics, 0, sizeof(*pics));
	return code;
}
