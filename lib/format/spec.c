/* spec.c -- the cdok puzzle spec: cdok's own text format.
 *
 * A spec is the grid written row by row, one line per row, with one
 * token per cell: a given value (`5`) or a cage label that may carry the
 * cage's clue (`J`, `J+12`) and a given value (`J=5`).  Lines starting
 * with '@' just above the grid are directives for rules the original
 * format has no words for: Killer Sudoku's boxes (`@boxes 3x3`),
 * cages whose values must differ (`@distinct`) and Nylimb mode
 * (`@nylimb`).  doc/FORMAT.md is the
 * full description; this file and spec_*.c are its one implementation.
 *
 * The reader works in four steps: it reads the directives
 * (spec_directives.c), finds the lines of the grid, turns each line into
 * tokens (all syntax errors come from here), and then groups the tokens
 * into cages (spec_cages.c) and checks the cages and what the directives
 * say about the grid.  Only when all of that succeeded is a puzzle
 * built, so the model never sees bad input.  The writer is
 * spec_write.c.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format/spec.h"

/* '?' is a hidden operator: the clue shows its target only. */
static bool is_op(char c)
{
	return c == '+' || c == '-' || c == '*' || c == '/' || c == '?';
}

/* The operator signs cdok's pictures (and Keen) print, in UTF-8: U+00D7
 * multiplication sign, U+00F7 division sign and U+2212 minus sign, so
 * that a clue copied from a picture ("60\u00d7") reads.  Returns the
 * sign's length in bytes and sets *op, or returns 0. */
static size_t sign_at(const char *text, size_t i, size_t end, cdok_op *op)
{
	const unsigned char *s = (const unsigned char *)text + i;
	size_t n = end - i;

	if (n >= 2 && s[0] == 0xc3 && (s[1] == 0x97 || s[1] == 0xb7)) {
		*op = s[1] == 0x97 ? CDOK_OP_MUL : CDOK_OP_DIV;
		return 2;
	}
	if (n >= 3 && s[0] == 0xe2 && s[1] == 0x88 && s[2] == 0x92) {
		*op = CDOK_OP_SUB;
		return 3;
	}
	return 0;
}

/* A comment: a line whose first byte that is not blank is '#'.  It is
 * read as if it were not there, wherever it is. */
static bool is_comment_line(const char *text, size_t start, size_t end)
{
	start = cdki_text_skip_blanks(text, start, end);
	return start < end && text[start] == '#';
}

/* Read the number at text[*pos] (a digit) up to end; a number past
 * 64 bits is reported as what ("target", "given value"). */
static cdok_status read_int(const char *text, size_t *pos, size_t end,
			    int line, int col, const char *what, int64_t *out,
			    cdok_error *err)
{
	if (!cdki_text_digits(text, pos, end, INT64_MAX, out))
		return cdki_fail(err, CDOK_ERR_LIMIT, line, col,
				 "%s does not fit in 64 bits", what);
	return CDOK_OK;
}

/* The line of the text that starts at pos (before its end). */
static struct text_line line_at(const struct cdok_reader *r, size_t pos)
{
	struct text_line l;

	cdki_text_line_at(r->text, r->len, pos, &l);
	return l;
}

/* Could this line be a row of a grid?  Only letters, digits, operators,
 * blanks and '=' before a digit (J=5): a drawing (whose lines are made
 * of '+' and '='), a "Difficulty: N" line or a header cannot. */
static bool is_spec_line(const char *text, size_t start, size_t end)
{
	for (size_t i = start; i < end; i++) {
		char c = text[i];
		cdok_op op;
		size_t sign = sign_at(text, i, end, &op);

		if (sign) {
			i += sign - 1;
			continue;
		}
		if (c == '=' && i + 1 < end && cdki_text_is_digit(text[i + 1]))
			continue;
		/* A lone '.', an empty cell. */
		if (c == '.' &&
		    (i == start || cdki_text_is_blank(text[i - 1])) &&
		    (i + 1 >= end || cdki_text_is_blank(text[i + 1])))
			continue;
		if (!(cdki_text_is_letter(c) || cdki_text_is_digit(c) ||
		      is_op(c) || cdki_text_is_blank(c)))
			return false;
	}
	return true;
}

/* The offset after the block of lines that starts at pos: after its
 * last line before a blank line or the end of the text.  *line counts
 * the lines passed. */
static size_t skip_block(const struct cdok_reader *r, size_t pos, int *line)
{
	while (pos < r->len) {
		struct text_line l = line_at(r, pos);

		if (cdki_text_span_blank(r->text, pos, l.end))
			break;
		pos = l.next;
		(*line)++;
	}
	return pos;
}

/* Whether the block of lines at pos is a note: words only, as a reader
 * writes after a puzzle ("a hard one"), with no clue and no given (no
 * digit anywhere) and nothing else a grid could not hold. */
static bool block_is_note(const struct cdok_reader *r, size_t pos)
{
	while (pos < r->len) {
		struct text_line l = line_at(r, pos);

		if (cdki_text_span_blank(r->text, pos, l.end))
			break;
		if (!is_comment_line(r->text, pos, l.end)) {
			if (!is_spec_line(r->text, pos, l.end))
				return false;
			for (size_t i = pos; i < l.end; i++)
				if (cdki_text_is_digit(r->text[i]))
					return false;
		}
		pos = l.next;
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* Tokens                                                              */

/* Where a token is being read: its line, the end of the token's part of
 * it, and where the line starts (for columns). */
struct token_at {
	const char *text;
	size_t end;
	int line;
	size_t line_start;
};

static int column_of(const struct token_at *a, size_t i)
{
	return (int)(i - a->line_start) + 1;
}

/* A cage label at text[*i] (a letter).  Labels stop being scanned as
 * soon as they are too long, so a huge one costs no more than a short
 * one before it is rejected. */
static cdok_status token_label(const struct token_at *a, size_t *i,
			       struct spec_token *t, bool *has_label,
			       cdok_error *err)
{
	const char *text = a->text;
	size_t j = *i;
	int col = column_of(a, *i);

	while (j < a->end && cdki_text_is_letter(text[j]) &&
	       j - *i <= CDOK_LABEL_MAX)
		j++;
	if (*has_label && j - *i <= CDOK_LABEL_MAX)
		return cdki_fail(err, CDOK_ERR_SYNTAX, a->line, col, "two "
				 "cage labels in one cell: %s and %.*s",
				 t->label, (int)(j - *i), text + *i);
	if (j - *i > CDOK_LABEL_MAX)
		return cdki_fail(err, CDOK_ERR_LIMIT, a->line, col, "label "
				 "is longer than %d letters", CDOK_LABEL_MAX);
	memcpy(t->label, text + *i, j - *i);
	t->label[j - *i] = '\0';
	*has_label = true;
	*i = j;
	return CDOK_OK;
}

/* A target, or a given outside any cage, at text[*i] (a digit). */
static cdok_status token_number(const struct token_at *a, size_t *i,
				struct spec_token *t, cdok_error *err)
{
	int col = column_of(a, *i);
	cdok_status st;

	if (t->has_num)
		return cdki_fail(err, CDOK_ERR_SYNTAX, a->line, col,
				 "two targets in one cell");
	if (!t->has_op)
		t->clue_column = col;
	st = read_int(a->text, i, a->end, a->line, col, "target", &t->num,
		      err);
	if (st == CDOK_OK)
		t->has_num = true;
	return st;
}

/* "=5" at text[*i]: the cell's given, inside its cage. */
static cdok_status token_value(const struct token_at *a, size_t *i,
			       struct spec_token *t, cdok_error *err)
{
	int col = column_of(a, *i);
	cdok_status st;

	if (t->has_value)
		return cdki_fail(err, CDOK_ERR_SYNTAX, a->line, col, "two "
				 "given values in one cell");
	if (*i + 1 >= a->end || !cdki_text_is_digit(a->text[*i + 1]))
		return cdki_fail(err, CDOK_ERR_SYNTAX, a->line, col,
				 "expected a given value after '=', as in "
				 "J=5");
	(*i)++;
	st = read_int(a->text, i, a->end, a->line, col, "given value",
		      &t->value, err);
	if (st != CDOK_OK)
		return st;
	t->has_value = true;
	t->value_column = col;
	return CDOK_OK;
}

/* The operator op, len bytes at text[*i]. */
static cdok_status token_op(const struct token_at *a, size_t *i, cdok_op op,
			    size_t len, struct spec_token *t, cdok_error *err)
{
	int col = column_of(a, *i);

	if (t->has_op)
		return cdki_fail(err, CDOK_ERR_SYNTAX, a->line, col, "two "
				 "operators in one cell ('%c' and '%.*s')",
				 (char)t->op, (int)len, a->text + *i);
	if (!t->has_num)
		t->clue_column = col;
	t->op = op;
	t->has_op = true;
	*i += len;
	return CDOK_OK;
}

/* What a whole token must be: a given alone, or a label with a whole
 * clue or none. */
static cdok_status token_check(struct spec_token *t, bool has_label,
			       cdok_error *err)
{
	int line = t->line;

	if (!has_label) {
		if (t->has_op)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, t->column,
					 "a clue needs a cage label, as in "
					 "J+12");
		if (t->has_value)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, t->column,
					 "a given written with '=' belongs "
					 "to a cage cell, as in J=5; a given "
					 "outside any cage is the number "
					 "alone");
		t->given = true;
		return CDOK_OK;
	}
	if (t->has_op && !t->has_num)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, t->column,
				 "cage %s has an operator but no target",
				 t->label);
	if (t->has_num && !t->has_op)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, t->column,
				 "cage %s has a target but no operator",
				 t->label);
	if (t->has_op && t->num == 0 &&
	    (t->op == CDOK_OP_MUL || t->op == CDOK_OP_DIV))
		return cdki_fail(err, CDOK_ERR_INVALID, line, t->clue_column,
				 "a %s target must not be 0",
				 t->op == CDOK_OP_MUL ? "product" : "ratio");
	return CDOK_OK;
}

/* Read the token starting at *pos (which is not blank) and ending before
 * the next blank or at end. */
static cdok_status read_token(const char *text, size_t *pos, size_t end,
			      int line, size_t line_start,
			      struct spec_token *t, cdok_error *err)
{
	struct token_at a = {text, end, line, line_start};
	size_t i = *pos;
	bool has_label = false;

	memset(t, 0, sizeof(*t));
	t->line = line;
	t->column = column_of(&a, i);
	/* A lone '.': a cell in no cage without a value, as the empty
	 * cells of a plain Sudoku are. */
	if (text[i] == '.' &&
	    (i + 1 >= end || cdki_text_is_blank(text[i + 1]))) {
		t->empty = true;
		*pos = i + 1;
		return CDOK_OK;
	}
	while (i < end && !cdki_text_is_blank(text[i])) {
		char c = text[i];
		cdok_op sign_op;
		size_t sign;
		cdok_status st;

		/* A UTF-8 sign is looked for last: most bytes are letters
		 * and digits. */
		if (cdki_text_is_letter(c))
			st = token_label(&a, &i, t, &has_label, err);
		else if (cdki_text_is_digit(c))
			st = token_number(&a, &i, t, err);
		else if (c == '=')
			st = token_value(&a, &i, t, err);
		else if (is_op(c))
			st = token_op(&a, &i, (cdok_op)c, 1, t, err);
		else if ((sign = sign_at(text, i, end, &sign_op)) != 0)
			st = token_op(&a, &i, sign_op, sign, t, err);
		else
			st = cdki_text_bad_byte(err, line, column_of(&a, i),
						(unsigned char)c, NULL);
		if (st != CDOK_OK)
			return st;
	}
	*pos = i;
	return token_check(t, has_label, err);
}

/* Count the tokens in text[i..end), without reading them: only used to
 * say how many cells a too-long row has. */
static int count_tokens(const char *text, size_t i, size_t end)
{
	int n = 0;

	while (i < end) {
		i = cdki_text_skip_blanks(text, i, end);
		if (i >= end)
			break;
		n++;
		while (i < end && !cdki_text_is_blank(text[i]))
			i++;
	}
	return n;
}

/* Read the tokens of row y (line at start..end) into toks, which has
 * room for cap of them.  On the first row cap is CDOK_MAX_SIZE and the
 * row fixes the size; later rows must have exactly size tokens. */
static cdok_status read_row(const char *text, size_t start, size_t end,
			    int line, int y, int size, struct spec_token *toks,
			    int *count, cdok_error *err)
{
	int cap = y == 0 ? CDOK_MAX_SIZE : size;
	size_t i = start;
	int n = 0;
	cdok_status st;

	for (;;) {
		i = cdki_text_skip_blanks(text, i, end);
		if (i >= end)
			break;
		if (n == cap) {
			int col = (int)(i - start) + 1;

			if (y == 0)
				return cdki_fail(err, CDOK_ERR_LIMIT, line,
						 col, "the first row has more "
						 "than %d cells; cdok supports "
						 "grids up to %d x %d",
						 CDOK_MAX_SIZE, CDOK_MAX_SIZE,
						 CDOK_MAX_SIZE);
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "row %d has %d cells but the first "
					 "row has %d", y + 1,
					 n + count_tokens(text, i, end), size);
			/* (more than the first row's, so at least 2) */
		}
		st = read_token(text, &i, end, line, start, &toks[n], err);
		if (st != CDOK_OK)
			return st;
		n++;
	}
	if (y > 0 && n < size)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 (int)(end - start) + 1,
				 "row %d has %d cell%s but the first row has %d",
				 y + 1, n, text_s(n), size);
	*count = n;
	return CDOK_OK;
}

/* Givens lie in 1..size, or in 0..99 in Nylimb mode. */
static cdok_status check_givens(const struct spec_token *toks, int n,
				int size, bool nylimb, cdok_error *err)
{
	int lo = nylimb ? 0 : 1, hi = nylimb ? CDOK_NYLIMB_MAX : size;

	for (int x = 0; x < n; x++) {
		const struct spec_token *t = &toks[x];

		if (t->given && (t->num < lo || t->num > hi))
			return cdki_fail(err, CDOK_ERR_INVALID, t->line,
					 t->column, "given value %" PRId64
					 " is outside %d..%d%s", t->num, lo, hi,
					 nylimb ? " (Nylimb mode)" : "");
		if (t->has_value && (t->value < lo || t->value > hi))
			return cdki_fail(err, CDOK_ERR_INVALID, t->line,
					 t->value_column, "given value %"
					 PRId64 " is outside %d..%d%s",
					 t->value, lo, hi,
					 nylimb ? " (Nylimb mode)" : "");
	}
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Finding the grid                                                    */

/* Where the reader is in the text while it reads one puzzle. */
struct spec_read {
	struct cdok_reader *r;
	size_t pos;            /* start of the next line */
	int line;              /* its number */
	bool comments;         /* comments were passed before the grid */
	struct spec_directives ds;
	struct spec_token *toks;  /* size x size, once the size is known */
	int rows, size;
};

/* Pass blank lines and comments. */
static void skip_blank_lines(struct spec_read *s)
{
	const struct cdok_reader *r = s->r;

	while (s->pos < r->len) {
		struct text_line l = line_at(r, s->pos);

		if (is_comment_line(r->text, s->pos, l.end))
			s->comments = true;
		else if (!cdki_text_span_blank(r->text, s->pos, l.end))
			break;
		/* The last line, without a line break, adds no line. */
		if (r->text[l.next - 1] != '\n') {
			s->pos = r->len;
			break;
		}
		s->pos = l.next;
		s->line++;
	}
}

/* Move to the block of lines where the grid starts, or to the end of
 * the text.  Blank lines before the grid are skipped, so that a spec
 * pasted after an empty line still reads.  (The original stops at such
 * a line and then finds no grid.)  After the first puzzle, blocks of
 * lines that cannot start a grid -- a drawing, "Difficulty: N",
 * "Solution is unique. ...", a "==> NAME <==" header -- are skipped
 * too: that is how a stream of puzzles, such as the output of generate
 * --count, reads back (doc/FORMAT.md, "Streams"). */
static void skip_to_grid(struct spec_read *s)
{
	struct cdok_reader *r = s->r;

	for (;;) {
		struct text_line l;

		skip_blank_lines(s);
		if (s->pos >= r->len || r->index == 0)
			return;
		l = line_at(r, s->pos);
		if (cdki_spec_is_directive(r->text, s->pos, l.end))
			return;
		if (is_spec_line(r->text, s->pos, l.end)) {
			/* A note after a puzzle (words only) is passed
			 * over as the original passes over everything
			 * there, but the caller hears of it: it could be a
			 * grid that lost its clues. */
			if (!block_is_note(r, s->pos))
				return;
			if (!r->notes++)
				r->note_line = s->line;
		}
		/* Not a grid: skip to the blank line that ends the block. */
		s->pos = skip_block(r, s->pos, &s->line);
	}
}

/* The directives: the lines starting with '@' at the top of the block.
 * The grid follows them directly. */
static cdok_status read_directives(struct spec_read *s, cdok_error *err)
{
	const struct cdok_reader *r = s->r;
	int ndirectives = 0;

	while (s->pos < r->len) {
		struct text_line l = line_at(r, s->pos);
		cdok_status st;

		if (!is_comment_line(r->text, s->pos, l.end)) {
			if (!cdki_spec_is_directive(r->text, s->pos, l.end))
				break;
			st = cdki_spec_read_directive(r->text, s->pos, l.end,
						      s->line, &s->ds, err);
			if (st != CDOK_OK)
				return st;
			ndirectives++;
		}
		s->pos = l.next;
		s->line++;
	}
	if (ndirectives && (s->pos >= r->len ||
			    cdki_text_span_blank(r->text, s->pos,
						 line_at(r, s->pos).end)))
		return cdki_fail(err, CDOK_ERR_SYNTAX, s->line, 1, "no grid "
				 "after the directives: the grid's first row "
				 "must follow them directly");
	return CDOK_OK;
}

/* Count the grid's rows first, so that a grid that is not square can be
 * reported as such with both of its dimensions. */
static cdok_status count_rows(struct spec_read *s, cdok_error *err)
{
	const struct cdok_reader *r = s->r;
	size_t pos = s->pos;

	s->rows = 0;
	for (int at = s->line; pos < r->len; at++) {
		struct text_line l = line_at(r, pos);

		if (cdki_text_span_blank(r->text, pos, l.end))
			break;
		if (cdki_spec_is_directive(r->text, pos, l.end))
			return cdki_fail(err, CDOK_ERR_SYNTAX, at,
					 (int)(cdki_text_skip_blanks(r->text,
							pos, l.end) - pos) + 1,
					 "a directive must come before the "
					 "grid's first row");
		if (!is_comment_line(r->text, pos, l.end))
			s->rows++;
		pos = l.next;
	}
	return CDOK_OK;
}

/* The first row fixes the size, and with it the room for the tokens. */
static cdok_status first_row_read(struct spec_read *s,
				  const struct spec_token *first, int n,
				  cdok_error *err)
{
	s->size = n;
	s->toks = cdok_malloc((size_t)n * (size_t)n * sizeof(*s->toks));
	if (!s->toks)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	memcpy(s->toks, first, (size_t)n * sizeof(*s->toks));
	return CDOK_OK;
}

/* Row y, after any comments before it; its line ends the reading when
 * it makes the grid longer than wide. */
static cdok_status grid_row(struct spec_read *s, int y, cdok_error *err)
{
	struct spec_token first_row[CDOK_MAX_SIZE];
	const struct cdok_reader *r = s->r;
	struct spec_token *row;
	struct text_line l = line_at(r, s->pos);
	int n = 0;
	cdok_status st;

	/* Comments between the rows are passed over. */
	while (is_comment_line(r->text, s->pos, l.end)) {
		s->pos = l.next;
		s->line++;
		l = line_at(r, s->pos);
	}
	row = y == 0 ? first_row : s->toks + (size_t)y * (size_t)s->size;
	st = read_row(r->text, s->pos, l.end, s->line, y, s->size, row, &n,
		      err);
	if (st == CDOK_OK && y == 0) {
		st = first_row_read(s, first_row, n, err);
		row = s->toks;
	}
	if (st == CDOK_OK)
		st = check_givens(row, n, s->size, s->ds.nylimb_line ||
				  (r->rules & CDOK_RULE_NYLIMB), err);
	if (st != CDOK_OK)
		return st;
	s->pos = l.next;
	if (y + 1 == s->size && s->rows > s->size)
		return cdki_fail(err, CDOK_ERR_SYNTAX, s->line + 1, 1,
				 "the grid has %d rows of %d cell%s; it must "
				 "be square", s->rows, s->size,
				 text_s(s->size));
	return CDOK_OK;
}

/* The rows of the grid, then the comments after the last row (which
 * belong to the block); the grid must be as tall as wide. */
static cdok_status read_grid(struct spec_read *s, cdok_error *err)
{
	const struct cdok_reader *r = s->r;
	int col = 1;

	for (int y = 0; y < s->rows; y++, s->line++) {
		cdok_status st = grid_row(s, y, err);

		if (st != CDOK_OK)
			return st;
	}
	while (s->pos < r->len &&
	       is_comment_line(r->text, s->pos, line_at(r, s->pos).end)) {
		s->pos = line_at(r, s->pos).next;
		s->line++;
	}
	if (s->rows >= s->size)
		return CDOK_OK;
	/* Point just past the last row: at the blank line that ended the
	 * grid, or at the end of the text. */
	if (s->pos >= r->len && r->len > 0 && r->text[r->len - 1] != '\n') {
		col = cdki_text_end_column(r->text, r->len);
		s->line--;
	}
	return cdki_fail(err, CDOK_ERR_SYNTAX, s->line, col, "the grid has "
			 "%d row%s of %d cells; it must be square", s->rows,
			 text_s(s->rows), s->size);
}

/* The puzzle of the grid read: its cages, then the directives' rules. */
static cdok_status make_puzzle(struct spec_read *s, cdok_puzzle **out,
			       cdok_error *err)
{
	struct spec_cages cs;
	cdok_status st;

	/* A Killer's cage may come in parts (doc/FORMAT.md, "Directives"). */
	st = cdki_spec_find_cages(s->toks, s->size, s->ds.boxes_line != 0, &cs,
				  err);
	if (st != CDOK_OK)
		return st;
	st = cdki_spec_build(s->toks, s->size, &cs, out, err);
	cdki_spec_cages_free(&cs);
	if (st != CDOK_OK)
		return st;
	st = cdki_spec_apply_directives(&s->ds, *out, err);
	if (st != CDOK_OK) {
		cdok_puzzle_free(*out);
		*out = NULL;
	}
	return st;
}

/* After the grid is found: directives, rows, cages. */
static cdok_status read_puzzle(struct spec_read *s, cdok_puzzle **out,
			       cdok_error *err)
{
	cdok_status st = read_directives(s, err);

	if (st == CDOK_OK)
		st = count_rows(s, err);
	if (st == CDOK_OK)
		st = read_grid(s, err);
	if (st == CDOK_OK)
		st = make_puzzle(s, out, err);
	return st;
}

cdok_status cdki_spec_read(struct cdok_reader *r, cdok_puzzle **out,
			   cdok_error *err)
{
	struct spec_read s;
	cdok_status st;

	memset(&s, 0, sizeof(s));
	s.r = r;
	s.pos = r->pos;
	s.line = r->line;
	skip_to_grid(&s);
	if (s.pos >= r->len && r->index > 0) {
		r->pos = s.pos;
		r->line = s.line;
		return CDOK_END;
	}
	if (s.pos >= r->len)
		return cdki_fail(err, CDOK_ERR_SYNTAX, s.line, 1,
				 r->pos >= r->len ?
				 "no grid found: the input is empty" :
				 s.comments ? "no grid found: the input holds "
				 "only comments and white space" :
				 "no grid found: the input holds only white "
				 "space");
	st = read_puzzle(&s, out, err);
	free(s.toks);
	cdki_spec_directives_free(&s.ds);
	if (st != CDOK_OK)
		return st;
	/* The next call goes on after the blank line that ended the grid,
	 * skipping what is not a grid (the original ignores everything
	 * there; cdok generate prints a drawing after the spec). */
	r->pos = s.pos;
	r->line = s.line;
	r->line_start = s.pos;
	return CDOK_OK;
}

enum cdok_likeness cdki_spec_detect(const char *text, size_t len)
{
	/* The native format is the answer for anything the others do not
	 * claim: its reader then says precisely what is wrong, if
	 * anything. */
	(void)text;
	return len > 0 ? CDOK_FALLBACK : CDOK_UNLIKE;
}
