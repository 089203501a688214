/* format.c -- the table of formats and the reader/writer entry points.
 *
 * Adding a format means one new module with a read and/or write function
 * and one row in the table below.  Nothing else in the library knows
 * which formats exist.
 */
#include <stdlib.h>
#include <string.h>

#include "format/format.h"

/* The row of a text format whose module m has all of cdki_<m>_read,
 * _write, _fit and _detect (and no stream state). */
#define FORMAT_ROW(m, format_flags, text) \
	{.name = #m, .summary = text, .flags = format_flags, \
	 CDKI_FORMAT_FUNCTIONS(m)}

static const struct cdok_format formats[] = {
	{.name = "spec",
	 .summary = "cdok puzzle spec: one grid row per line, cage labels "
		    "with clues such as J+12, givens as numbers (J=5 inside "
		    "a cage); @boxes, @distinct and @diagonals lines above "
		    "the grid for Killer Sudoku and Killer X",
	 .flags = CDOK_FORMAT_VALUES,
	 .read = cdki_spec_read, .write = cdki_spec_write,
	 .detect = cdki_spec_detect},
	{.name = "ucf",
	 .summary = "UCF 2009 contest: puzzles as \"N G\", rows of group "
		    "letters and \"letter target op\" lines, ending in 0; "
		    "answers as \"KenKen Puzzle #X:\" and rows of digits",
	 .flags = CDOK_FORMAT_VALUES,
	 .put = cdki_ucf_put, .finish = cdki_ucf_finish,
	 CDKI_FORMAT_FUNCTIONS(ucf)},
	FORMAT_ROW(calpoly, CDOK_FORMAT_VALUES,
		   "Cal Poly CPE 101: the cage count, then \"sum count "
		   "cells...\" per cage (sum cages only); answers as rows of "
		   "numbers"),
	FORMAT_ROW(keen, CDOK_FORMAT_LINE,
		   "Simon Tatham's Keen game ID, W:blocks,clues (sizes 3 to "
		   "9), one per line"),
	/* Before solo, whose detection takes "3x3:" for a plain
	 * Sudoku's opening. */
	FORMAT_ROW(sudocue, CDOK_FORMAT_LINE,
		   "SudoCue's Killer Sudoku, 3x3::k: (3x3:d:k: for Killer X) "
		   "then 81 numbers total x 256 + cage, each ended by ':', "
		   "one per line"),
	FORMAT_ROW(solo, CDOK_FORMAT_LINE,
		   "Simon Tatham's Solo game ID of a Killer Sudoku, "
		   "CxRk:givens,cages,totals (grids up to 9 x 9), or of a "
		   "plain one, CxR:givens (boxes of C x R cells), x after "
		   "CxR for the diagonals (Killer X, X Sudoku), one per "
		   "line"),
	FORMAT_ROW(arrows, CDOK_FORMAT_LINE,
		   "the forums' Killer Sudoku on one line: 81 cells, the "
		   "cage total (0-9, A-Z, a-j) on one cell of each cage and "
		   "on the others a mark < > ^ v ` ' , . toward it, 0 for a "
		   "cell in no cage, one per line"),
	FORMAT_ROW(sudoku, CDOK_FORMAT_VALUES | CDOK_FORMAT_LINE,
		   "plain Sudoku on one line: 81 cells in reading order (16 "
		   "for 4 x 4, 36 for 6 x 6), digits for givens and . or 0 "
		   "for empty cells, one puzzle per line"),
	{.name = "ascii",
	 .summary = "drawing with ASCII characters (as cdok print)",
	 .flags = CDOK_FORMAT_VALUES | CDOK_FORMAT_PICTURE,
	 .write = cdki_draw_ascii},
	{.name = "utf8",
	 .summary = "drawing with UTF-8 box characters (as cdok -u print)",
	 .flags = CDOK_FORMAT_VALUES | CDOK_FORMAT_PICTURE,
	 .write = cdki_draw_utf8},
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

unsigned cdok_format_flags(const cdok_format *f)
{
	if (!f)
		return 0;
	return f->flags | (f->read ? CDOK_FORMAT_READ : 0) |
	       (f->write ? CDOK_FORMAT_WRITE : 0);
}

const char *cdok_version(void)
{
	return CDOK_VERSION;
}

/* ---- sets of formats ---- */

struct cdok_formats {
	const struct cdok_format **items;
	int n, cap;
};

cdok_formats *cdok_formats_new(void)
{
	cdok_formats *set = cdok_calloc(1, sizeof(*set));

	if (!set)
		return NULL;
	set->items = cdok_malloc((size_t)NFORMATS * sizeof(*set->items));
	if (!set->items) {
		free(set);
		return NULL;
	}
	for (int i = 0; i < NFORMATS; i++)
		set->items[i] = &formats[i];
	set->n = set->cap = NFORMATS;
	return set;
}

cdok_status cdok_formats_add(cdok_formats *set,
			     const cdok_format *const *list, cdok_error *err)
{
	int add = 0;

	if (!set || !list)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "no format set "
				 "or list");
	for (; list[add]; add++)
		for (int j = 0; j < set->n + add; j++) {
			const char *other = j < set->n ? set->items[j]->name
						       : list[j - set->n]->name;

			if (!strcmp(other, list[add]->name))
				return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
						 "format %s is already in the "
						 "set", other);
		}
	if (set->n + add > set->cap) {
		const struct cdok_format **items =
			cdok_realloc(set->items, (size_t)(set->n + add) *
						 sizeof(*items));

		if (!items)
			return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
					 "out of memory");
		set->items = items;
		set->cap = set->n + add;
	}
	for (int i = 0; i < add; i++)
		set->items[set->n++] = list[i];
	return CDOK_OK;
}

const cdok_format *cdok_formats_at(const cdok_formats *set, int i)
{
	return set && i >= 0 && i < set->n ? set->items[i] : NULL;
}

const cdok_format *cdok_formats_find(const cdok_formats *set,
				     const char *name)
{
	for (int i = 0; name && set && i < set->n; i++)
		if (!strcmp(set->items[i]->name, name))
			return set->items[i];
	return NULL;
}

void cdok_formats_free(cdok_formats *set)
{
	if (!set)
		return;
	free(set->items);
	free(set);
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
	/* A byte-order mark is no part of any format: start after it, and
	 * count columns from there. */
	r->pos = r->line_start = cdki_text_bom(r->text, len);
	return r;
}

void cdok_reader_set_rules(cdok_reader *r, unsigned rules)
{
	r->rules = rules;
}

int cdok_reader_notes(const cdok_reader *r, int *first_line)
{
	if (first_line)
		*first_line = r->note_line;
	return r->notes;
}

/* Where the text from pos on has its first byte that is not white
 * space (lines counted on from line, the line of pos): the start of the
 * next puzzle, for messages about the puzzle as a whole. */
static void first_content(const cdok_reader *r, size_t pos, int line,
			  int *at_line, int *at_column)
{
	size_t line_start;

	while (pos < r->len && (cdki_text_is_blank(r->text[pos]) ||
				r->text[pos] == '\r' || r->text[pos] == '\n')) {
		line += r->text[pos] == '\n';
		pos++;
	}
	for (line_start = pos; line_start > 0; line_start--)
		if (r->text[line_start - 1] == '\n')
			break;
	*at_line = line;
	*at_column = (int)(pos - line_start) + 1;
}

cdok_status cdok_reader_next(cdok_reader *r, cdok_puzzle **out,
			     cdok_error *err)
{
	size_t start = r->pos;
	int start_line = r->line, line, column;
	cdok_status st;

	*out = NULL;
	r->notes = 0;
	r->note_line = 0;
	if (r->finished)
		return CDOK_END;
	if (r->len > CDOK_TEXT_MAX) {
		r->finished = true;
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0,
				 "input is larger than %u MiB",
				 CDOK_TEXT_MAX >> 20);
	}
	st = r->format->read(r, out, err);
	if (st == CDOK_OK && (r->rules & ~(*out)->rules) &&
	    cdok_puzzle_set_rules(*out, (*out)->rules | r->rules) != CDOK_OK) {
		/* The whole puzzle is at fault: point at its start. */
		first_content(r, start, start_line, &line, &column);
		st = cdki_fail(err, CDOK_ERR_INVALID, line, column, "Nylimb "
			       "mode needs "
			       "a grid of at most %d x %d without boxes; this "
			       "puzzle is %d x %d%s", CDOK_NYLIMB_MAX_SIZE,
			       CDOK_NYLIMB_MAX_SIZE, (*out)->size,
			       (*out)->size, (*out)->box_rows ?
			       " with boxes" : "");
	}
	if (st != CDOK_OK) {
		r->finished = true;
		if (*out) {
			cdok_puzzle_free(*out);
			*out = NULL;
		}
		return st;
	}
	/* Checked here once, where the puzzle is made: the calls it goes
	 * through then find it checked.  (An error is theirs to report.) */
	{
		cdok_error scratch;

		if (cdok_puzzle_validate(*out, &scratch) == CDOK_OK)
			(*out)->valid = true;
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

/* Detection over a list of n formats. */
static const cdok_format *detect_in(const struct cdok_format *const *list,
				    int n, const char *text, size_t len)
{
	const cdok_format *fallback = NULL;
	size_t i = 0;

	if (!text)
		return NULL;
	i = cdki_text_bom(text, len);
	while (i < len && (text[i] == ' ' || text[i] == '\t' ||
			   text[i] == '\n' || text[i] == '\r'))
		i++;
	if (i == len)
		return NULL;
	/* Each format judges the text from its first line on; the first
	 * one sure of it wins, and a format that merely could be it is
	 * the answer only when no other is sure. */
	for (int k = 0; k < n; k++) {
		enum cdok_likeness l;

		if (!list[k]->detect || !list[k]->read)
			continue;
		l = list[k]->detect(text + i, len - i);
		if (l == CDOK_LIKELY)
			return list[k];
		if (l == CDOK_FALLBACK && !fallback)
			fallback = list[k];
	}
	return fallback;
}

const cdok_format *cdok_format_detect(const char *text, size_t len)
{
	const struct cdok_format *list[NFORMATS];

	for (int i = 0; i < NFORMATS; i++)
		list[i] = &formats[i];
	return detect_in(list, NFORMATS, text, len);
}

const cdok_format *cdok_formats_detect(const cdok_formats *set,
				       const char *text, size_t len)
{
	return set ? detect_in(set->items, set->n, text, len) : NULL;
}

cdok_status cdok_format_fit(const cdok_format *f, cdok_gen_params *params,
			    cdok_error *err)
{
	if (!f || !params)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "no format or parameters");
	if (!f->write)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "format %s cannot be written", f->name);
	return f->fit ? f->fit(params, err) : CDOK_OK;
}

/* Hand the contents of sb to the caller, or report why not. */
static cdok_status sb_deliver(struct strbuf *sb, cdok_status st, char **out,
			      size_t *len, cdok_error *err)
{
	if (st == CDOK_OK && !sb->data)
		sb_putn(sb, "", 0);
	if (st == CDOK_OK && sb->failed)
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (st != CDOK_OK) {
		cdki_sb_free(sb);
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
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "the stream has been finished");
	if (!puzzle)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "no puzzle");
	/* The piece is built apart so that a failure leaves nothing
	 * half-written behind. */
	cdki_sb_init(&piece);
	if (f->put) {
		st = f->put(w, &piece, puzzle, values, err);
	} else {
		/* One puzzle a line (game IDs) needs nothing between
		 * them; other texts are kept apart by a blank line. */
		if (w->items > 0 && !(f->flags & CDOK_FORMAT_LINE))
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
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	cdki_sb_free(&piece);
	return st;
}

static cdok_status writer_finish_sb(cdok_writer *w, struct strbuf *sb,
				    cdok_error *err)
{
	cdok_status st = CDOK_OK;

	if (w->finished)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
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
	cdki_sb_init(&sb);
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
	cdki_sb_init(&sb);
	return sb_deliver(&sb, writer_finish_sb(w, &sb, err), out, len, err);
}

/* Release a format's stream state, if it has any. */
static void writer_drop_state(struct cdok_writer *w)
{
	if (w->state && w->free_state)
		w->free_state(w->state);
	w->state = NULL;
}

void cdok_writer_free(cdok_writer *w)
{
	if (!w)
		return;
	writer_drop_state(w);
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
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "format %s cannot be written",
				 f ? f->name : "(none)");
	/* A stream of one puzzle, on the stack. */
	memset(&w, 0, sizeof(w));
	w.format = f;
	cdki_sb_init(&sb);
	st = writer_put_sb(&w, &sb, puzzle, values, err);
	if (st == CDOK_OK)
		st = writer_finish_sb(&w, &sb, err);
	writer_drop_state(&w);
	return sb_deliver(&sb, st, out, len, err);
}
