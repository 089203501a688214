/* format.c -- the table of formats and the reader/writer entry points.
 *
 * Adding a format means one new module with a read and/or write function
 * and one row in the table below.  Nothing else in the library knows
 * which formats exist.
 */
#include <stdlib.h>
#include <string.h>

#include "format/format.h"

static const struct cdok_format formats[] = {
	{.name = "spec",
	 .summary = "cdok puzzle spec: one grid row per line, cage labels "
		    "with clues such as J+12, givens as numbers (J=5 inside "
		    "a cage); @boxes and @distinct lines above the grid for "
		    "Killer Sudoku",
	 .read = cdok_spec_read, .write = cdok_spec_write,
	 .detect = cdok_spec_detect},
	{.name = "ucf",
	 .summary = "UCF 2009 contest: puzzles as \"N G\", rows of group "
		    "letters and \"letter target op\" lines, ending in 0; "
		    "answers as \"KenKen Puzzle #X:\" and rows of digits",
	 .read = cdok_ucf_read, .write = cdok_ucf_write,
	 .put = cdok_ucf_put, .finish = cdok_ucf_finish,
	 .detect = cdok_ucf_detect},
	{.name = "calpoly",
	 .summary = "Cal Poly CPE 101: the cage count, then \"sum count "
		    "cells...\" per cage (sum cages only); answers as rows "
		    "of numbers",
	 .read = cdok_calpoly_read, .write = cdok_calpoly_write,
	 .detect = cdok_calpoly_detect},
	{.name = "keen",
	 .summary = "Simon Tatham's Keen game ID, W:blocks,clues (sizes 3 "
		    "to 9), one per line",
	 .read = cdok_keen_read, .write = cdok_keen_write,
	 .put = cdok_keen_put, .detect = cdok_keen_detect},
	{.name = "solo",
	 .summary = "Simon Tatham's Solo game ID of a Killer Sudoku, "
		    "CxRk:givens,cages,totals (boxes of C x R cells, grids "
		    "up to 9 x 9), one per line",
	 .read = cdok_solo_read, .write = cdok_solo_write,
	 .put = cdok_solo_put, .detect = cdok_solo_detect},
	/* Before json: both claim a text that starts with '{', and a
	 * Killer document is told apart by its "board". */
	{.name = "killer",
	 .summary = "Killer Sudoku JSON in the schema of github Barium/"
		    "killer-sudoku-solver: a \"board\" of 9 rows of 9 "
		    "values (0 = empty) and \"cages\", each [total, [[x, y], "
		    "...]]",
	 .read = cdok_killer_read, .write = cdok_killer_write,
	 .put = cdok_killer_put, .finish = cdok_killer_finish,
	 .detect = cdok_killer_detect},
	{.name = "json",
	 .summary = "cdok's JSON puzzle document (\"format\": "
		    "\"cdok-puzzle\"), with the solution when there is one",
	 .read = cdok_json_read, .write = cdok_json_write,
	 .put = cdok_json_put, .finish = cdok_json_finish,
	 .detect = cdok_json_detect},
	{.name = "ascii",
	 .summary = "drawing with ASCII characters (as cdok print)",
	 .write = cdok_draw_ascii},
	{.name = "utf8",
	 .summary = "drawing with UTF-8 box characters (as cdok -u print)",
	 .write = cdok_draw_utf8},
};

#define NFORMATS ((int)(sizeof(formats) / sizeof(formats[0])))

const cdok_format *cdok_format_find(const char *name)
{
	if (!name)
		return NULL;
	for (int i = 0; i < NFORMATS; i++)
		if (!strcmp(formats[i].name, name))
			return &formats[i];
	return NULL;
}

const cdok_format *cdok_format_at(int i)
{
	return i >= 0 && i < NFORMATS ? &formats[i] : NULL;
}

const char *cdok_format_name(const cdok_format *f)
{
	return f->name;
}

const char *cdok_format_summary(const cdok_format *f)
{
	return f->summary;
}

int cdok_format_can_read(const cdok_format *f)
{
	return f && f->read != NULL;
}

int cdok_format_can_write(const cdok_format *f)
{
	return f && f->write != NULL;
}

cdok_reader *cdok_reader_new(const cdok_format *f, const char *text,
			     size_t len)
{
	cdok_reader *r;

	if (!f || !f->read || (!text && len))
		return NULL;
	r = cdok_calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->format = f;
	r->text = text ? text : "";
	r->len = len;
	r->line = 1;
	return r;
}

void cdok_reader_set_rules(cdok_reader *r, unsigned rules)
{
	r->rules = rules;
}

cdok_status cdok_reader_next(cdok_reader *r, cdok_puzzle **out,
			     cdok_error *err)
{
	cdok_status st;

	*out = NULL;
	if (r->finished)
		return CDOK_END;
	if (r->len > CDOK_TEXT_MAX) {
		r->finished = true;
		return cdok_fail(err, CDOK_ERR_LIMIT, 0, 0,
				 "input is larger than %u MiB",
				 CDOK_TEXT_MAX >> 20);
	}
	st = r->format->read(r, out, err);
	if (st == CDOK_OK && (r->rules & ~(*out)->rules) &&
	    cdok_puzzle_set_rules(*out, (*out)->rules | r->rules) != CDOK_OK)
		st = cdok_fail(err, CDOK_ERR_INVALID, 0, 0, "Nylimb mode needs "
			       "a grid of at most %d x %d without boxes; this "
			       "puzzle is %d x %d%s", CDOK_NYLIMB_MAX_SIZE,
			       CDOK_NYLIMB_MAX_SIZE, (*out)->size,
			       (*out)->size, (*out)->box_rows ?
			       " with boxes" : "");
	if (st != CDOK_OK) {
		r->finished = true;
		if (*out) {
			cdok_puzzle_free(*out);
			*out = NULL;
		}
		return st;
	}
	r->index++;
	return CDOK_OK;
}

void cdok_reader_free(cdok_reader *r)
{
	if (!r)
		return;
	if (r->state && r->free_state)
		r->free_state(r->state);
	free(r);
}

const cdok_format *cdok_format_detect(const char *text, size_t len)
{
	const cdok_format *fallback = NULL;
	size_t i = 0;

	if (!text)
		return NULL;
	while (i < len && (text[i] == ' ' || text[i] == '\t' ||
			   text[i] == '\n' || text[i] == '\r'))
		i++;
	if (i == len)
		return NULL;
	/* Each format judges the text from its first line on; the first
	 * one sure of it wins, and a format that merely could be it is
	 * the answer only when no other is sure. */
	for (int k = 0; k < NFORMATS; k++) {
		enum cdok_likeness l;

		if (!formats[k].detect || !formats[k].read)
			continue;
		l = formats[k].detect(text + i, len - i);
		if (l == CDOK_LIKELY)
			return &formats[k];
		if (l == CDOK_FALLBACK && !fallback)
			fallback = &formats[k];
	}
	return fallback;
}

/* Hand the contents of sb to the caller, or report why not. */
static cdok_status sb_deliver(struct strbuf *sb, cdok_status st, char **out,
			      size_t *len, cdok_error *err)
{
	if (st == CDOK_OK && !sb->data)
		sb_putn(sb, "", 0);
	if (st == CDOK_OK && sb->failed)
		st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (st != CDOK_OK) {
		sb_free(sb);
		return st;
	}
	*out = sb->data;
	if (len)
		*len = sb->len;
	return CDOK_OK;
}

cdok_writer *cdok_writer_new(const cdok_format *f, unsigned flags)
{
	cdok_writer *w;

	if (!f || !f->write ||
	    (flags & ~(CDOK_WRITER_COMPACT | CDOK_WRITER_ARRAY)))
		return NULL;
	w = cdok_calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->format = f;
	w->flags = flags;
	return w;
}

/* The next puzzle into sb (which may already hold text). */
static cdok_status writer_put_sb(cdok_writer *w, struct strbuf *sb,
				 const cdok_puzzle *puzzle, const int *values,
				 cdok_error *err)
{
	const struct cdok_format *f = w->format;
	struct strbuf piece;
	cdok_status st;

	if (w->finished)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the stream has been finished");
	if (!puzzle)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0, "no puzzle");
	/* The piece is built apart so that a failure leaves nothing
	 * half-written behind. */
	sb_init(&piece);
	if (f->put) {
		st = f->put(w, &piece, puzzle, values, err);
	} else {
		if (w->items > 0)
			sb_putc(&piece, '\n');
		st = f->write(&piece, puzzle, values, err);
	}
	w->index++;
	if (st == CDOK_OK && !piece.failed) {
		if (values)
			w->answers++;
		else
			w->puzzles++;
		w->items++;
		if (piece.len)
			sb_putn(sb, piece.data, piece.len);
	} else if (st == CDOK_OK) {
		st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	sb_free(&piece);
	return st;
}

static cdok_status writer_finish_sb(cdok_writer *w, struct strbuf *sb,
				    cdok_error *err)
{
	cdok_status st = CDOK_OK;

	if (w->finished)
		return cdok_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the stream has been finished");
	if (w->format->finish)
		st = w->format->finish(w, sb, err);
	w->finished = true;
	return st;
}

cdok_status cdok_writer_put(cdok_writer *w, const cdok_puzzle *puzzle,
			    const int *values, char **out, size_t *len,
			    cdok_error *err)
{
	struct strbuf sb;

	*out = NULL;
	if (len)
		*len = 0;
	sb_init(&sb);
	return sb_deliver(&sb, writer_put_sb(w, &sb, puzzle, values, err),
			  out, len, err);
}

void cdok_writer_skip(cdok_writer *w)
{
	if (w)
		w->index++;
}

cdok_status cdok_writer_finish(cdok_writer *w, char **out, size_t *len,
			       cdok_error *err)
{
	struct strbuf sb;

	*out = NULL;
	if (len)
		*len = 0;
	sb_init(&sb);
	return sb_deliver(&sb, writer_finish_sb(w, &sb, err), out, len, err);
}

void cdok_writer_free(cdok_writer *w)
{
	free(w);
}

cdok_status cdok_write(const cdok_format *f, const cdok_puzzle *puzzle,
		       const int *values, char **out, size_t *len,
		       cdok_error *err)
{
	struct cdok_writer w;
	struct strbuf sb;
	cdok_status st;

	*out = NULL;
	if (len)
		*len = 0;
	if (!f || !f->write)
		return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "format %s cannot be written",
				 f ? f->name : "(none)");
	/* A stream of one puzzle, on the stack. */
	memset(&w, 0, sizeof(w));
	w.format = f;
	sb_init(&sb);
	st = writer_put_sb(&w, &sb, puzzle, values, err);
	if (st == CDOK_OK)
		st = writer_finish_sb(&w, &sb, err);
	return sb_deliver(&sb, st, out, len, err);
}
