/* format.h -- what the format modules share: readers and writers with
 * their stream state, the table of formats, text scanning and the edge
 * walk of Tatham's game IDs.  Optional format libraries (lib/json/)
 * build their table rows on the same structures.
 */
#ifndef CDOK_FORMAT_H
#define CDOK_FORMAT_H

#include <string.h>

#include "model/model.h"

/* ---- formats ---- */

struct cdok_reader {
	const struct cdok_format *format;
	const char *text;
	size_t len;
	size_t pos;      /* next byte to read */
	int line;        /* 1-based line of text[pos] */
	size_t line_start; /* offset of the first byte of that line */
	bool finished;
	int index;       /* puzzles read so far */
	unsigned rules;  /* cdok_reader_set_rules: applied to every puzzle */
	/* Notes (blocks of words only) the last call skipped, and the line
	 * of the first: cdok_reader_notes. */
	int notes;
	int note_line;
	/* A format's own state between puzzles (JSON keeps the array it
	 * is walking through), released with free_state. */
	void *state;
	void (*free_state)(void *state);
};

/* The stream state every writer has; formats read and update it. */
struct cdok_writer {
	const struct cdok_format *format;
	unsigned flags;      /* CDOK_WRITER_* */
	int index;           /* puzzles put or skipped so far */
	int puzzles;         /* puzzles written in puzzle form */
	int answers;         /* puzzles written with values */
	int items;           /* pieces of output written (put calls) */
	bool finished;
	/* A format's own state across the stream (the pictures keep their
	 * settings and a booklet's puzzles), released with free_state when
	 * the writer is freed. */
	void *state;
	void (*free_state)(void *state);
};

typedef cdok_status cdok_read_fn(struct cdok_reader *reader,
				 cdok_puzzle **out, cdok_error *err);
typedef cdok_status cdok_write_fn(struct strbuf *sb, const cdok_puzzle *puzzle,
				  const int *values, cdok_error *err);
/* The next puzzle of a stream; w->index is the number of puzzles before
 * it and is advanced by the caller, not by the format. */
typedef cdok_status cdok_put_fn(struct cdok_writer *w, struct strbuf *sb,
				const cdok_puzzle *puzzle, const int *values,
				cdok_error *err);
/* The end of a stream. */
typedef cdok_status cdok_finish_fn(struct cdok_writer *w, struct strbuf *sb,
				   cdok_error *err);
/* How sure the format is that a text is written in it. */
enum cdok_likeness {
	CDOK_UNLIKE = 0,   /* it is not */
	CDOK_FALLBACK,     /* it may be, if nothing else claims it */
	CDOK_LIKELY        /* its opening has this format's shape */
};
typedef enum cdok_likeness cdok_detect_fn(const char *text, size_t len);
/* Narrow generation parameters to puzzles the format can hold, or say
 * why none can be (cdok_format_fit). */
typedef cdok_status cdok_fit_fn(cdok_gen_params *params, cdok_error *err);

/* A row of the format table (format.c).  A format needs read and/or
 * write.  put and finish are for formats with stream state (numbering,
 * a trailer, a surrounding array); without put, a stream is the write
 * of each puzzle, with a blank line between them unless the format has
 * one puzzle a line (CDOK_FORMAT_LINE). */
struct cdok_format {
	const char *name;
	const char *summary;
	/* What it can do beyond reading and writing (CDOK_FORMAT_VALUES,
	 * _LINE, _PICTURE, ...); READ and WRITE follow from read and
	 * write. */
	unsigned flags;
	cdok_read_fn *read;      /* NULL: cannot read */
	cdok_write_fn *write;    /* NULL: cannot write */
	cdok_put_fn *put;        /* NULL: see above */
	cdok_finish_fn *finish;  /* NULL: no trailer */
	cdok_fit_fn *fit;        /* NULL: holds every puzzle made */
	cdok_detect_fn *detect;  /* NULL: never detected */
};

/* The functions of format module m that every text format has, by their
 * names: cdki_<m>_read, _write, _fit and _detect, for a row of a format
 * table. */
#define CDKI_FORMAT_FUNCTIONS(m) \
	.read = cdki_##m##_read, .write = cdki_##m##_write, \
	.fit = cdki_##m##_fit, .detect = cdki_##m##_detect

/* Readers, writers and the rest of each format module (one file each;
 * the function types above say what each does). */
cdok_read_fn cdki_spec_read, cdki_ucf_read, cdki_calpoly_read,
	cdki_keen_read, cdki_solo_read, cdki_sudoku_read, cdki_arrows_read,
	cdki_sudocue_read;
cdok_write_fn cdki_spec_write, cdki_ucf_write, cdki_calpoly_write,
	cdki_keen_write, cdki_solo_write, cdki_sudoku_write,
	cdki_arrows_write, cdki_sudocue_write, cdki_draw_ascii,
	cdki_draw_utf8;
cdok_put_fn cdki_ucf_put;
cdok_finish_fn cdki_ucf_finish;
cdok_fit_fn cdki_ucf_fit, cdki_calpoly_fit, cdki_keen_fit, cdki_solo_fit,
	cdki_sudoku_fit, cdki_arrows_fit, cdki_sudocue_fit;
cdok_detect_fn cdki_spec_detect, cdki_ucf_detect, cdki_calpoly_detect,
	cdki_keen_detect, cdki_solo_detect, cdki_sudoku_detect,
	cdki_arrows_detect, cdki_sudocue_detect;

/* The 9 x 9 Killers on one line (arrows.c, sudocue.c): what neither can
 * write (a 9 x 9 with boxes of 3 x 3, sum cages whose values differ, no
 * givens, no solution), and the generator's parameters both hold; what
 * names the format ("a Killer line"). */
cdok_status cdki_killer9_writable(const cdok_puzzle *puzzle, const int *values,
				  const char *what, cdok_error *err);
cdok_status cdki_killer9_fit(cdok_gen_params *params, const char *what,
			     cdok_error *err);

/* ---- text scanning for readers (text.c) ---- */

/* The length of a UTF-8 byte-order mark at the start of text (3), or 0
 * when there is none.  Readers and detection skip it. */
size_t cdki_text_bom(const char *text, size_t len);

/* One line of a text: bytes [start, end) are its content (a CR before
 * the LF belongs to the line break), next is where the following line
 * starts (len at the end of the text). */
struct text_line {
	size_t start;
	size_t end;
	size_t next;
};

/* The line of text that starts at pos.  Inline: every line-based reader
 * calls it once or twice a line. */
static inline void cdki_text_line_at(const char *text, size_t len,
				     size_t pos, struct text_line *l)
{
	const char *nl = pos < len ? memchr(text + pos, '\n', len - pos)
				   : NULL;
	size_t e = nl ? (size_t)(nl - text) : len;

	l->start = pos;
	l->next = nl ? e + 1 : len;
	if (e > pos && text[e - 1] == '\r')
		e--;
	l->end = e;
}

/* Where a grid starts in text (NULL when len is 0): after a byte-order
 * mark and the lines that are blank or whose first byte that is not
 * blank is one of skip ("@" for directives), counted in *line. */
size_t cdki_text_skip_preamble(const char *text, size_t len,
			       const char *skip, int *line);

/* For formats of one game ID per line (keen, solo): skip blank lines
 * from *pos (counting *line) to the next line with text, stored in l.
 * Returns CDOK_OK, CDOK_END after the last ID, or an error when the
 * text holds no ID at all. */
cdok_status cdki_text_next_id_line(const struct cdok_reader *r, size_t *pos,
				   int *line, struct text_line *l,
				   cdok_error *err);
/* One row of a grid: line l (line number line) is row y; ctx is the
 * reader's. */
typedef cdok_status (*text_row_fn)(void *ctx, const char *text,
				   const struct text_line *l, int line, int y,
				   cdok_error *err);
/* The size rows of a size x size grid from pos, the first on line
 * number line, each read by row; after them the grid must end at a
 * blank line or the end of the text.  Fails with the row count when
 * there are fewer or more rows. */
cdok_status cdki_text_grid_rows(const char *text, size_t len, size_t pos,
				int line, int size, text_row_fn row, void *ctx,
				cdok_error *err);
/* "s" unless n is 1: "1 row", "2 rows" in messages. */
static inline const char *text_s(long long n)
{
	return n == 1 ? "" : "s";
}

/* Space or tab. */
static inline bool cdki_text_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static inline bool cdki_text_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* A-Z a-z */
static inline bool cdki_text_is_letter(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool cdki_text_span_blank(const char *text, size_t start, size_t end);
/* Skip digits from i, up to end. */
size_t cdki_text_skip_digits(const char *text, size_t i, size_t end);
/* The first line from pos on that is not blank, into l; false when
 * there is none.  *skipped counts the blank lines passed. */
bool cdki_text_next_filled(const char *text, size_t len, size_t pos,
			   struct text_line *l, int *skipped);
/* Skip spaces and tabs from pos, up to end. */
static inline size_t cdki_text_skip_blanks(const char *text, size_t pos,
					   size_t end)
{
	while (pos < end && cdki_text_is_blank(text[pos]))
		pos++;
	return pos;
}
/* Report a byte that has no place in a format: printable characters are
 * quoted, others shown as a number so a terminal is not garbled. */
cdok_status cdki_text_bad_byte(cdok_error *err, int line, int column,
			       unsigned char c, const char *where);
/* cdki_text_bad_byte for the byte at text[i], on line number line that
 * starts at line_start. */
cdok_status cdki_text_stray(const char *text, size_t i, size_t line_start,
			    int line, const char *where, cdok_error *err);
/* Read the digits at text[*pos] up to end into *value and move *pos
 * past them; false, with *pos where it was, as soon as the number would
 * pass max (so a megabyte of digits costs no more than a short number).
 * Readers wrap it with their own message for a number too large. */
static inline bool cdki_text_digits(const char *text, size_t *pos,
				    size_t end, int64_t max, int64_t *value)
{
	size_t i = *pos;
	int64_t v = 0;

	while (i < end && cdki_text_is_digit(text[i])) {
		int d = text[i] - '0';

		if (v > (max - d) / 10)
			return false;
		v = v * 10 + d;
		i++;
	}
	*pos = i;
	*value = v;
	return true;
}
/* The column just past the last byte of a text, on its last line: 1 when
 * the text is empty or ends with a line break.  For errors that say
 * "expected more" at the end of the input. */
int cdki_text_end_column(const char *text, size_t len);
/* Read the decimal number at text[*pos] (a digit) up to end into *value;
 * fails with CDOK_ERR_LIMIT past max.  *pos moves past the digits. */
cdok_status cdki_text_number(const char *text, size_t *pos, size_t end,
			     int64_t max, int64_t *value, int line,
			     size_t line_start, const char *what,
			     cdok_error *err);

/* ---- regions ---- */

/* Flood the region of cell start in an n x n grid: the cells reached
 * from it through neighbours with the same owner[] as start.  Marks them
 * in seen (n * n bytes, the caller's) and returns how many there are;
 * stack is room for n * n cells.  A region that reaches fewer cells than
 * it has is not connected.  Inline: the readers run it once a cage, and
 * a call per cage cost the spec reader 1 % of its instructions. */
static inline int cdki_region_fill(int n, const int *owner, int start,
				   int *stack, unsigned char *seen)
{
	/* owner[start] is read once: seen is bytes, which the compiler
	 * must otherwise assume may change it. */
	int top = 0, reached = 0, own = owner[start];

	stack[top++] = start;
	seen[start] = 1;
	while (top) {
		int cell = stack[--top];
		int nb[4], m = cdki_grid_neighbours(n, cell, nb);

		reached++;
		for (int j = 0; j < m; j++)
			if (!seen[nb[j]] && owner[nb[j]] == own) {
				seen[nb[j]] = 1;
				stack[top++] = nb[j];
			}
	}
	return reached;
}

/* ---- shared by writers ---- */

/* Refuse cell (of an n x n grid), which is in no cage and has no given,
 * for a format where every cell is in a group; why says so ("in Keen
 * every cell is in a cage"). */
cdok_status cdki_refuse_bare_cell(int n, int cell, const char *why,
				  cdok_error *err);
/* An answer of a plain puzzle: 1..n in every cell, or CDOK_ERR_INVALID
 * naming the first cell without. */
cdok_status cdki_check_answer(const cdok_puzzle *puzzle, const int *values,
			      cdok_error *err);
/* For the fit of a format that holds plain Calcudoku only: refuse
 * Killer boxes, Nylimb rules and hidden operators, saying "<holds> a
 * plain Calcudoku: no ..." (holds: "a UCF puzzle is"). */
cdok_status cdki_fit_plain(const cdok_gen_params *params, const char *holds,
			   cdok_error *err);

/* Refuse, with CDOK_ERR_UNSUPPORTED and the reason, a puzzle with rules
 * beyond plain Calcudoku (Nylimb mode, Killer boxes, or a cage of two
 * or more cells whose values must differ) for a format that cannot say
 * so; what names the format ("a
 * Keen game ID").  CDOK_OK for a puzzle without them. */
cdok_status cdki_refuse_variant_rules(const cdok_puzzle *puzzle,
				     const char *what, cdok_error *err);

/* ---- readers that go through a text line by line (text.c) ---- */

/* Where such a reader is: the start of the next line and its number. */
struct cdki_cursor {
	const char *text;
	size_t len;
	size_t pos;
	int line;
};

/* The cursor at the reader's place. */
struct cdki_cursor cdki_cursor_at(const struct cdok_reader *r);
/* Move to the next line that is not blank, into l; false at the end. */
bool cdki_cursor_next_line(struct cdki_cursor *c, struct text_line *l);
/* Past line l, to the next. */
void cdki_cursor_skip(struct cdki_cursor *c, const struct text_line *l);
/* The line and column just past the end of the text, for "expected
 * more" errors (the line is the cursor's). */
void cdki_cursor_end(const struct cdki_cursor *c, int *line, int *col);
/* Move the reader to the cursor, after a puzzle read. */
void cdki_reader_to(struct cdok_reader *r, const struct cdki_cursor *c);
/* The error for a text without any puzzle: what ("no puzzle found"),
 * then whether the input is empty or only white space. */
cdok_status cdki_text_none(const struct cdok_reader *r, int line,
			   int column, const char *what, cdok_error *err);

/* ---- formats of one game ID a line (text.c) ---- */

/* The line of a game ID being read, for columns in messages. */
struct cdki_id_line {
	const char *text;
	size_t start;      /* offset of the line's first byte */
	int line;
};

static inline int cdki_id_column(const struct cdki_id_line *k, size_t i)
{
	return (int)(i - k->start) + 1;
}

/* The content of line l without blanks at either end: [*start, *end). */
void cdki_text_trim(const char *text, const struct text_line *l,
		    size_t *start, size_t *end);
/* The next game ID of the reader (cdki_text_next_id_line): its line in
 * l and k, its text without blanks around it in [*start, *end).
 * CDOK_END after the last one. */
cdok_status cdki_id_line_read(const struct cdok_reader *r,
			      struct text_line *l, struct cdki_id_line *k,
			      size_t *start, size_t *end, cdok_error *err);
/* The end of reading the ID on line l (number line) into p with status
 * st: on success *out is p and the reader moves past the line; on
 * failure p is freed.  Returns st. */
cdok_status cdki_id_line_done(struct cdok_reader *r,
			      const struct text_line *l, int line,
			      cdok_puzzle *p, cdok_status st,
			      cdok_puzzle **out);

/* ---- the edge walk of Keen and Solo IDs (edgewalk.c) ---- */

/* How a format spells its walk over the inner edges of a grid: a
 * character a run, '_' for 0 edges inside a cage and a-z for 1-26, each
 * followed by a border but for the run open_run (Keen's 'y' is 25 edges
 * and no border, Solo's 'z' 26); with repeats, a count may follow a
 * character (Keen's "_3").  what names the structure in messages
 * ("block", "cage"), next what follows its ',' ("the clues"), where what
 * the characters may be (for a stray byte). */
struct cdki_edge_walk {
	const char *what;
	const char *next;
	const char *where;
	int open_run;
	bool repeats;
};

/* Read the walk of a w x w grid from *pos up to its ',' (end: the end of
 * the ID on line k), joining in parent (w * w cells) the cells on either
 * side of the inner edges; *pos moves past the ','. */
cdok_status cdki_edge_walk_read(const struct cdki_id_line *k, size_t *pos,
				size_t end, int w, int *parent,
				const struct cdki_edge_walk *how,
				cdok_error *err);
/* The cells of the class whose root (lowest cell) is root, among the
 * first ncells, into cells; returns how many. */
int cdki_uf_members(int *parent, int root, int ncells, int *cells);
/* Write the walk of a n x n grid whose cells are grouped by group[]: for
 * each run of edges inside a group up to a border, put(sb, run). */
void cdki_edge_walk_write(struct strbuf *sb, int n, const int *group,
			  void (*put)(struct strbuf *sb, int run));

/* The two cells on each side of inner edge e of a w x w grid, in the
 * walk's order. */
void cdki_edge_cells(int w, int e, int *a, int *b);

/* Union-find over cells; each class is named by its lowest cell. */
/* The message for an edge walk that ended after e of a w x w grid's
 * nedges inner edges (plus the one that closes the walk), for the
 * "block" (Keen) or "cage" (Solo) structure, into buf.  Returns buf. */
const char *cdki_edge_walk_short(int w, int e, int nedges, const char *what,
				 char *buf, size_t cap);
int cdki_uf_find(int *parent, int i);
void cdki_uf_unite(int *parent, int a, int b);

#endif /* CDOK_FORMAT_H */
